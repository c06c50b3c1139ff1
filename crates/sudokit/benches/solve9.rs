//! Throughput of the fast 9×9 engine against the `sudoku` crate (a JCZSolve port) on the
//! benchmark datasets: uniqueness check (count up to 2) and first solution, same puzzles, same
//! run. One iteration is one pass over a fixed sample of each dataset, so the reported element
//! throughput is puzzles per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudokit::solve::fast9;

mod common;

use common::{sample, SETS};

fn bench(c: &mut Criterion) {
    for (name, file, n) in SETS {
        let Some(puzzles) = sample(file, n) else {
            eprintln!("note: dataset {file} is absent, group {name} skipped");
            continue;
        };
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|g| sudoku::Sudoku::from_bytes(*g).expect("dataset puzzles are valid"))
            .collect();
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("sudokit/unique", |b| {
            b.iter(|| {
                puzzles.iter().map(|g| fast9::count(black_box(g), 2).map_or(0, |r| r.solutions)).sum::<u64>()
            })
        });
        group.bench_function("sudoku/unique", |b| {
            b.iter(|| theirs.iter().map(|s| black_box(*s).solutions_count_up_to(2)).sum::<usize>())
        });
        group.bench_function("sudokit/first", |b| {
            b.iter(|| {
                puzzles.iter().filter(|g| fast9::first(black_box(g)).is_ok_and(|r| r.0.is_some())).count()
            })
        });
        group.bench_function("sudoku/first", |b| {
            b.iter(|| theirs.iter().filter(|s| black_box(**s).some_solution().is_some()).count())
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
