//! The full human-style path (uniqueness check, then every step in HoDoKu's default order, brute
//! force as the labelled last resort) on a sample of top1465, per puzzle. The peer for ratios is the
//! fast engine's uniqueness check on the same puzzles in the same run.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudokit::human::{solve, SolverOptions, State};
use sudokit::solve::fast9;
use sudokit::{Grid, Shape};

mod common;

use common::{sample, SETS};

fn bench(c: &mut Criterion) {
    let Some(&(_, file, _)) = SETS.iter().find(|s| s.0 == "top1465") else { return };
    let Some(puzzles) = sample(file, 50) else {
        eprintln!("note: dataset {file} is absent, benchmark skipped");
        return;
    };
    let grids: Vec<Grid> = puzzles
        .iter()
        .map(|p| Grid::from_values(Shape::CLASSIC, p).expect("dataset puzzles are valid"))
        .collect();
    let mut group = c.benchmark_group("top1465");
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("sudokit/explain", |b| {
        b.iter(|| {
            grids
                .iter()
                .map(|g| {
                    let state = State::classic(black_box(g)).expect("valid");
                    solve(state, SolverOptions::default()).map_or(0, |p| p.steps.len())
                })
                .sum::<usize>()
        })
    });
    group.bench_function("sudokit/unique", |b| {
        b.iter(|| {
            puzzles.iter().map(|g| fast9::count(black_box(g), 2).map_or(0, |r| r.solutions)).sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
