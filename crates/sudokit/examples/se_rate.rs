//! Rates every puzzle of a file (one 81-character puzzle per line) on the Sudoku Explainer scale
//! and prints `puzzle ER/EP/ED technique microseconds`, then the time distribution:
//! `cargo run --release -p sudokit --example se_rate [--features rayon] -- <file> [count] [--wall]`.
//!
//! The time is the rating thread's CPU time, one thread rating (on a shared machine the wall
//! clock mostly measures the other processes). With `--wall`, the wall-clock time of ratings
//! whose deepest searches are split over every thread of the pool (`SeOptions::threads`; with the
//! `rayon` feature, `RAYON_NUM_THREADS` threads).

use std::process::ExitCode;

use sudokit::rate::se;

fn main() -> ExitCode {
    let (flags, mut args): (Vec<String>, Vec<String>) = std::env::args().skip(1).partition(|a| a == "--wall");
    let wall = !flags.is_empty();
    let mut args = args.drain(..);
    let Some(path) = args.next() else {
        eprintln!("usage: se_rate <file> [count] [--wall]");
        return ExitCode::FAILURE;
    };
    let options = se::SeOptions { threads: if wall { 0 } else { 1 }, ..se::SeOptions::default() };
    let count: usize = args.next().and_then(|c| c.parse().ok()).unwrap_or(usize::MAX);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut times = Vec::new();
    let mut failed = false;
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).take(count).enumerate() {
        let puzzle = line.split_whitespace().next().unwrap_or_default();
        let grid: sudokit::Grid = match puzzle.parse() {
            Ok(g) => g,
            Err(e) => {
                eprintln!("error: {path}: puzzle {}: {e}", n + 1);
                failed = true;
                continue;
            }
        };
        let (cpu, clock) = (cpu_time::ThreadTime::now(), std::time::Instant::now());
        let rating = se::rate_with(&grid, options.clone());
        let micros = if wall { clock.elapsed() } else { cpu.elapsed() }.as_micros();
        times.push(micros);
        match rating {
            Ok(r) => println!("{puzzle} {:.1}/{:.1}/{:.1} {} {micros}", r.er(), r.ep(), r.ed(), r.hardest),
            Err(e) => println!("{puzzle} error: {e} {micros}"),
        }
    }
    times.sort_unstable();
    if !times.is_empty() {
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        let mean = times.iter().sum::<u128>() / times.len() as u128;
        eprintln!(
            "{} puzzles: {} time mean {mean} us, median {} us, p99 {} us, max {} us",
            times.len(),
            if wall { "wall" } else { "CPU" },
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
