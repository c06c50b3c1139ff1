//! Rates every puzzle of a file with `rate::se` and reports the time each one takes: one line per
//! puzzle (number, puzzle, ER/EP/ED and the hardest technique or the error, milliseconds) on
//! stdout, then the median, p99 and worst time on stderr.
//!
//! ```text
//! cargo run --release -p sudokit --example se_times -- ../shared/datasets/puzzles6_forum_hardest_1106.txt
//! ```
//!
//! With `--path` after the file, each puzzle's steps follow its line (name, difficulty, what it
//! removes or places), for comparing paths with Sudoku Explainer's step by step.
//!
//! The first field of each line is the puzzle (anything after whitespace is ignored); blank lines
//! are skipped. A line that does not parse is reported and counted, and the run goes on.

use std::io::{BufRead, BufReader, Write};
use std::process::ExitCode;
use std::time::Instant;

use sudokit::rate::se;
use sudokit::Grid;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: se_times FILE");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let show_path = std::env::args().nth(2).is_some_and(|a| a == "--path");
    let mut out = std::io::stdout().lock();
    let mut times = Vec::new();
    let (mut rated, mut failed) = (0usize, 0usize);
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{path} line {}: {e}", i + 1);
                failed += 1;
                continue;
            }
        };
        let Some(text) = line.split_whitespace().next() else { continue };
        let grid: Grid = match text.parse() {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{path} line {}: {e}", i + 1);
                failed += 1;
                continue;
            }
        };
        let start = Instant::now();
        let result = se::rate(&grid);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        let verdict = match result {
            Ok(r) => {
                rated += 1;
                format!("{:.1}/{:.1}/{:.1}\t{}", r.er(), r.ep(), r.ed(), r.hardest)
            }
            Err(e) => format!("error\t{e}"),
        };
        if writeln!(out, "{}\t{text}\t{verdict}\t{ms:.1}", i + 1).is_err() {
            return ExitCode::FAILURE;
        }
        if show_path {
            let steps = match se::path(&grid, se::SeOptions::default()) {
                Ok(steps) => steps,
                Err(e) => {
                    let _ = writeln!(out, "  path: {e}");
                    continue;
                }
            };
            for s in steps {
                let what = match s.placement {
                    Some((cell, d)) => format!("r{}c{}={d}", cell / 9 + 1, cell % 9 + 1),
                    None => s
                        .removals
                        .iter()
                        .map(|(c, d)| format!("r{}c{}<>{d}", c / 9 + 1, c % 9 + 1))
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                let _ = writeln!(out, "  {:.2}\t{}\t{what}", s.difficulty, s.name);
            }
        }
    }
    if times.is_empty() {
        eprintln!("{path}: no puzzle");
        return ExitCode::FAILURE;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "{} puzzles, {rated} rated; per puzzle median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
