//! The full human-style path (uniqueness check, then every step in HoDoKu's default order, brute
//! force as the labelled last resort) and the HoDoKu rating that runs it (`rate::hodoku::rate`),
//! on samples of top1465 (50 puzzles) and forum_hardest_1106 (25), per puzzle. The peer for ratios
//! inside criterion is the fast engine's uniqueness check on the same puzzles in the same run;
//! hodoku-py is measured against `sudokit bench --mode explain|rate` by
//! `scripts/peers/hodoku-py-bench.sh`.
//!
//! Before the criterion groups, one pass over each sample prints the median, p99 and worst time per
//! puzzle of the step path to stderr.
//!
//! A third group explains generated 9×9 killer puzzles (12, seeded), whose cage techniques and
//! forcing nets search the cages' sums over and over; its in-run peer is the variant engine's
//! uniqueness check on the same boards.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};
use sudokit::human::{solve, SolverOptions, State};
use sudokit::rate::hodoku;
use sudokit::solve::fast9;
use sudokit::{Grid, Shape};

mod common;

use common::{sample, SETS};

/// The dataset groups and their sample sizes.
const SAMPLES: [(&str, usize); 2] = [("top1465", 50), ("hardest_1106", 25)];

fn explain(g: &Grid) -> usize {
    let state = State::classic(g).expect("dataset puzzles are valid");
    solve(state, SolverOptions::default()).map_or(0, |p| p.steps.len())
}

fn report(name: &str, grids: &[Grid]) {
    let mut times: Vec<f64> = grids
        .iter()
        .map(|g| {
            let t = Instant::now();
            black_box(explain(g));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "{name}: {} puzzles, step path per puzzle: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

/// A group of `puzzles` puzzles an iteration, with few samples: a path takes milliseconds.
fn group_of<'a>(c: &'a mut Criterion, name: &str, puzzles: usize) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(puzzles as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(10));
    g
}

fn bench(c: &mut Criterion) {
    for (group, n) in SAMPLES {
        let Some(&(_, file, _)) = SETS.iter().find(|s| s.0 == group) else { continue };
        let Some(puzzles) = sample(file, n) else {
            eprintln!("note: dataset {file} is absent, benchmark skipped");
            continue;
        };
        let grids: Vec<Grid> = puzzles
            .iter()
            .map(|p| Grid::from_values(Shape::CLASSIC, p).expect("dataset puzzles are valid"))
            .collect();
        report(group, &grids);
        let mut g = group_of(c, &format!("human_{group}"), grids.len());
        g.bench_function("sudokit/explain", |b| {
            b.iter(|| grids.iter().map(|g| explain(black_box(g))).sum::<usize>())
        });
        g.bench_function("sudokit/rate_hodoku", |b| {
            b.iter(|| grids.iter().map(|g| hodoku::rate(black_box(g)).map_or(0, |r| r.score)).sum::<u32>())
        });
        g.bench_function("sudokit/unique", |b| {
            b.iter(|| {
                puzzles.iter().map(|g| fast9::count(black_box(g), 2).map_or(0, |r| r.solutions)).sum::<u64>()
            })
        });
        g.finish();
    }
}

/// Explains generated killer puzzles: the cage searches of Cage Combination and the nets.
fn bench_killer(c: &mut Criterion) {
    use rand::SeedableRng;
    use std::sync::Arc;
    use sudokit::generate::{GenerateOptions, VariantGenerator, VariantSpec};
    use sudokit::{Board, Puzzle};
    let spec: VariantSpec = "killer".parse().expect("spec");
    let generator =
        VariantGenerator::new(Shape::CLASSIC, spec, GenerateOptions::default()).expect("generator");
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let made: Vec<(Arc<Board>, Grid)> = (0..12)
        .map(|_| generator.puzzle(&mut rng).expect("a killer puzzle"))
        .map(|m| (m.board, m.generated.puzzle))
        .collect();
    let path = |(board, grid): &(Arc<Board>, Grid)| {
        let state = State::new(board.clone(), grid).expect("a generated puzzle is valid");
        solve(state, SolverOptions::default()).map_or(0, |p| p.steps.len())
    };
    let mut g = group_of(c, "human_killer", made.len());
    g.bench_function("sudokit/explain", |b| {
        b.iter(|| made.iter().map(|m| path(black_box(m))).sum::<usize>())
    });
    g.bench_function("sudokit/unique", |b| {
        b.iter(|| {
            made.iter()
                .map(|(board, grid)| {
                    Puzzle::new(board.clone(), black_box(grid).clone())
                        .map_or(0, |p| p.count_up_to(2).solutions)
                })
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench, bench_killer);
criterion_main!(benches);
