//! Sudoku Explainer-compatible rating (`rate::se::rate`) on samples of the shared datasets: top1465
//! (every 15th puzzle, 98), the 17-clue set (every 500th) and forum_hardest_1106 (every 50th, 8;
//! these need nested forcing chains; a puzzle that ran out of the work budget would be timed to
//! that verdict). One iteration rates the whole sample; criterion's element throughput is puzzles
//! per second.
//!
//! `backdoor_*`: the backdoor search (`rate::backdoor`, up to three cells, its singles solver run
//! once for every set of cells it tries) on the forum_hardest_1106 sample and top1465's.
//!
//! Before the criterion groups, one pass over each sample prints the median, p99 and worst time per
//! puzzle to stderr (the numbers quoted in the notes), with how many puzzles got a rating.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudokit::rate::se;
use sudokit::Grid;

/// Group name, file under the shared datasets, and the sampling step.
const SETS: [(&str, &str, usize); 3] = [
    ("rate_se_top1465", "puzzles3_magictour_top1465.txt", 15),
    ("rate_se_17clue", "puzzles2_17_clue.txt", 500),
    ("rate_se_forum_hardest_1106", "puzzles6_forum_hardest_1106.txt", 50),
];

fn load(file: &str, step: usize) -> Vec<Grid> {
    let Some(dir) = sudokit::testing::datasets_dir() else { return Vec::new() };
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .step_by(step)
        .map(|l| {
            l.split_whitespace().next().unwrap_or_default().parse().unwrap_or_else(|e| panic!("{file}: {e}"))
        })
        .collect()
}

fn report(name: &str, puzzles: &[Grid]) {
    let mut times: Vec<f64> = Vec::new();
    let mut rated = 0;
    for p in puzzles {
        let t = Instant::now();
        let r = se::rate(p);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        rated += usize::from(r.is_ok());
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "{name}: {} puzzles, {rated} rated; per puzzle median {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {:.2} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0),
        times.iter().sum::<f64>() / times.len() as f64
    );
}

fn rate(c: &mut Criterion) {
    for (name, file, step) in SETS {
        let puzzles = load(file, step);
        if puzzles.is_empty() {
            continue;
        }
        report(name, &puzzles);
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10);
        g.measurement_time(Duration::from_secs(20));
        g.bench_function("sudokit", |b| {
            b.iter(|| {
                for p in &puzzles {
                    let _ = black_box(se::rate(black_box(p)));
                }
            })
        });
        g.finish();
    }
}

fn backdoor(c: &mut Criterion) {
    for (name, file, step) in [
        ("backdoor_top1465", "puzzles3_magictour_top1465.txt", 15),
        ("backdoor_forum_hardest_1106", "puzzles6_forum_hardest_1106.txt", 50),
    ] {
        let puzzles: Vec<sudokit::Puzzle> =
            load(file, step).into_iter().map(sudokit::Puzzle::classic).collect();
        if puzzles.is_empty() {
            continue;
        }
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10);
        g.bench_function("sudokit", |b| {
            b.iter(|| {
                for p in &puzzles {
                    let _ = black_box(sudokit::rate::backdoor::backdoors(black_box(p), 3));
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, rate, backdoor);
criterion_main!(benches);
