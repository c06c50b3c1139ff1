//! Times one uniqueness check (count up to two solutions) per puzzle of each file, by the thread's
//! CPU time, and prints per file the median, p99 and worst time and the guesses made:
//! `cargo run --release -p sudokit --example unique_times -- <file>... [--rounds N]`.
//!
//! With several rounds each puzzle keeps its fastest time, which filters out the moments another
//! process took the core. Lines starting with `#` are comments (the benchmark sets' headers).

use std::process::ExitCode;

use sudokit::{engine_for, Board, Grid, Limits};

fn main() -> ExitCode {
    let mut files = Vec::new();
    let mut rounds = 1usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--rounds" {
            rounds = args.next().and_then(|r| r.parse().ok()).unwrap_or(1).max(1);
        } else {
            files.push(a);
        }
    }
    if files.is_empty() {
        eprintln!("usage: unique_times <file>... [--rounds N]");
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    for path in &files {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {path}: {e}");
                failed = true;
                continue;
            }
        };
        let mut puzzles = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.parse::<Grid>() {
                Ok(g) => puzzles.push(g),
                Err(e) => {
                    eprintln!("error: {path}: line {}: {e}", n + 1);
                    failed = true;
                }
            }
        }
        let Some(first) = puzzles.first() else { continue };
        let board = Board::classic(first.shape());
        let engine = engine_for(&board);
        let mut best = vec![u128::MAX; puzzles.len()];
        let mut guesses = vec![0u64; puzzles.len()];
        for _ in 0..rounds {
            for (i, p) in puzzles.iter().enumerate() {
                let start = cpu_time::ThreadTime::now();
                let outcome = engine.count(&board, p, &Limits::up_to(2));
                let micros = start.elapsed().as_micros();
                match outcome {
                    Ok(o) => {
                        if o.solutions != 1 {
                            eprintln!("error: {path}: puzzle {}: {} solutions", i + 1, o.solutions);
                            failed = true;
                        }
                        guesses[i] = o.guesses;
                    }
                    Err(e) => {
                        eprintln!("error: {path}: puzzle {}: {e}", i + 1);
                        failed = true;
                    }
                }
                best[i] = best[i].min(micros);
            }
        }
        let total_guesses: u64 = guesses.iter().sum();
        let mut times = best.clone();
        times.sort_unstable();
        guesses.sort_unstable();
        let at = |v: &[u128], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        let over = times.iter().filter(|&&t| t > 200_000).count();
        println!(
            "{path}: {} puzzles, CPU ms median {:.2} p99 {:.2} max {:.2} mean {:.2}, over 200 ms {over}; guesses median {} max {} total {total_guesses}",
            times.len(),
            at(&times, 0.5) as f64 / 1e3,
            at(&times, 0.99) as f64 / 1e3,
            at(&times, 1.0) as f64 / 1e3,
            times.iter().sum::<u128>() as f64 / times.len() as f64 / 1e3,
            guesses[guesses.len() / 2],
            guesses[guesses.len() - 1],
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
