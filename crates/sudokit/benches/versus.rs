//! The fast 9×9 engine against the `sudoku` crate as a ratio, measured in alternation: each
//! round times a pass of ours and then a pass of theirs over the same sample, for the same
//! wall time each, and the ratio of the two is one observation. Drifts of the machine (clock,
//! neighbours) hit both sides of a round alike, so the median ratio over the rounds is steadier
//! than two separate criterion groups; `solve9` keeps the absolute figures.
//!
//! `cargo bench -p sudokit --bench versus -- [--whole] [ROUNDS] [SECONDS] [GROUP,…]` (defaults:
//! 7 rounds, 0.2 s a side). Prints, per dataset and mode (unique: count up to 2; first: the first
//! solution), the median ratio (their time ÷ ours, so above 1 means sudokit is faster) and the
//! range over the rounds.
//!
//! By default a pass is the strided sample of each dataset that `solve9` uses (see `SETS` in
//! `common/mod.rs`), so that a run stays short. The sample can flatter a ratio: the 17-clue sample
//! of 2,000 puzzles gives a higher ratio than the whole file of 49,158. With `--whole` (or with
//! the environment variable `VERSUS_WHOLE=1`) a pass is every puzzle of the dataset file instead,
//! after one untimed pass a side; each side still runs whole passes for at least `SECONDS`, so a
//! round takes at least one pass a side. `-- --whole 3 1` takes about two minutes on
//! an idle machine.

use std::hint::black_box;
use std::time::Instant;
use sudokit::solve::fast9;

mod common;

use common::{sample, SETS};

/// One pass over a dataset by one side, returning a checksum.
type Pass<'a> = Box<dyn FnMut() -> u64 + 'a>;

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
    // Cargo passes `--bench`; `--whole`, the numbers and the group list are ours.
    let whole = std::env::args().any(|a| a == "--whole")
        || std::env::var_os("VERSUS_WHOLE").is_some_and(|v| v == "1");
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let rounds: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(7).max(1);
    let secs: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0.2);
    let only: Vec<&str> = args.get(2).map(|a| a.split(',').collect()).unwrap_or_default();
    for (name, file, n) in SETS {
        if !only.is_empty() && !only.contains(&name) {
            continue;
        }
        let Some(ours) = sample(file, if whole { usize::MAX } else { n }) else {
            eprintln!("note: dataset {file} is absent, {name} skipped");
            continue;
        };
        let theirs: Vec<sudoku::Sudoku> =
            ours.iter().map(|g| sudoku::Sudoku::from_bytes(*g).expect("dataset puzzles are valid")).collect();
        let mut line = if whole { format!("{name:<13} {:>6}", ours.len()) } else { format!("{name:<13}") };
        for mode in ["unique", "first"] {
            let (mut ours_pass, mut theirs_pass): (Pass<'_>, Pass<'_>) = if mode == "unique" {
                (
                    Box::new(|| {
                        ours.iter().map(|g| fast9::count(black_box(g), 2).map_or(0, |r| r.solutions)).sum()
                    }),
                    Box::new(|| theirs.iter().map(|s| black_box(*s).solutions_count_up_to(2) as u64).sum()),
                )
            } else {
                (
                    Box::new(|| {
                        ours.iter()
                            .filter(|g| fast9::first(black_box(g)).is_ok_and(|r| r.0.is_some()))
                            .count() as u64
                    }),
                    Box::new(|| {
                        theirs.iter().filter(|s| black_box(**s).some_solution().is_some()).count() as u64
                    }),
                )
            };
            if whole {
                // A whole file is few passes, so the first (cold caches, page faults) is not timed.
                black_box(ours_pass());
                black_box(theirs_pass());
            }
            let mut ratios: Vec<f64> = (0..rounds)
                .map(|_| {
                    let a = seconds_per_pass(&mut *ours_pass, secs);
                    let b = seconds_per_pass(&mut *theirs_pass, secs);
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
