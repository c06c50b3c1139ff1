//! The fast 9×9 engine against the `sudoku` crate as a ratio, measured in alternation: each
//! round times a pass of ours and then a pass of theirs over the same sample, for the same
//! wall time each, and the ratio of the two is one observation. Drifts of the machine (clock,
//! neighbours) hit both sides of a round alike, so the median ratio over the rounds is steadier
//! than two separate criterion groups; `solve9` keeps the absolute figures.
//!
//! `cargo bench -p sudokit --bench versus -- [ROUNDS] [SECONDS] [GROUP,…]` (defaults: 7 rounds,
//! 0.2 s a side). Prints, per dataset and mode, the median ratio (their time ÷ ours, so above 1
//! means sudokit is faster) and the range over the rounds.

use std::hint::black_box;
use std::time::Instant;
use sudokit::solve::fast9;

mod common;

use common::{sample, SETS};

/// Seconds per pass of `f`, running whole passes for at least `secs`.
fn seconds_per_pass(f: &mut dyn FnMut() -> u64, secs: f64) -> f64 {
    let start = Instant::now();
    let mut passes = 0u32;
    while passes == 0 || start.elapsed().as_secs_f64() < secs {
        black_box(f());
        passes += 1;
    }
    start.elapsed().as_secs_f64() / f64::from(passes)
}

fn main() {
    // Cargo passes `--bench`; the numbers and the group list are ours.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let rounds: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(7).max(1);
    let secs: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0.2);
    let only: Vec<&str> = args.get(2).map(|a| a.split(',').collect()).unwrap_or_default();
    for (name, file, n) in SETS {
        if !only.is_empty() && !only.contains(&name) {
            continue;
        }
        let Some(ours) = sample(file, n) else {
            eprintln!("note: dataset {file} is absent, {name} skipped");
            continue;
        };
        let theirs: Vec<sudoku::Sudoku> =
            ours.iter().map(|g| sudoku::Sudoku::from_bytes(*g).expect("dataset puzzles are valid")).collect();
        let mut line = format!("{name:<13}");
        for mode in ["unique", "first"] {
            let mut ratios: Vec<f64> = (0..rounds)
                .map(|_| {
                    let (a, b) = if mode == "unique" {
                        (
                            seconds_per_pass(
                                &mut || {
                                    ours.iter()
                                        .map(|g| fast9::count(black_box(g), 2).map_or(0, |r| r.solutions))
                                        .sum()
                                },
                                secs,
                            ),
                            seconds_per_pass(
                                &mut || {
                                    theirs.iter().map(|s| black_box(*s).solutions_count_up_to(2) as u64).sum()
                                },
                                secs,
                            ),
                        )
                    } else {
                        (
                            seconds_per_pass(
                                &mut || {
                                    ours.iter()
                                        .filter(|g| fast9::first(black_box(g)).is_ok_and(|r| r.0.is_some()))
                                        .count() as u64
                                },
                                secs,
                            ),
                            seconds_per_pass(
                                &mut || {
                                    theirs.iter().filter(|s| black_box(**s).some_solution().is_some()).count()
                                        as u64
                                },
                                secs,
                            ),
                        )
                    };
                    b / a
                })
                .collect();
            ratios.sort_by(f64::total_cmp);
            line += &format!(
                "  {mode} {:.3} ({:.2}–{:.2})",
                ratios[ratios.len() / 2],
                ratios[0],
                ratios[ratios.len() - 1]
            );
        }
        println!("{line}");
    }
}
