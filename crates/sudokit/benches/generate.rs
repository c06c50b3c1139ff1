//! Generator throughput on one thread: complete grids, minimal 9×9 puzzles (without and with
//! symmetry), rated puzzles, a 16×16 minimal puzzle, puzzles on a fixed pattern of givens,
//! complete grids minimized, and canonical forms. One iteration makes one item
//! (a batch of items for the fast cases), so criterion's element throughput is items per second.
//!
//! Each iteration uses the next index of a fixed seed, so runs are reproducible and items differ.
//! The all-cores figure is measured through the CLI:
//! `sudokit generate puzzle --count 2000 --threads 2 --stats`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use sudokit::canon::canonical;
use sudokit::generate::{minimize, rng_for, Difficulty, GenerateOptions, Generator, Pattern, Symmetry};
use sudokit::{Limits, Puzzle, Shape};

const SEED: u64 = 2024;

fn generator(shape: Shape, symmetry: Symmetry, difficulty: Option<Difficulty>) -> Generator {
    let mut o = GenerateOptions::default();
    o.symmetry = symmetry;
    o.difficulty = difficulty;
    Generator::new(shape, o).expect("valid options")
}

/// Runs `make(index)` for consecutive indices, `batch` per iteration.
fn items(c: &mut Criterion, group: &str, name: &str, batch: u64, mut make: impl FnMut(u64)) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(batch));
    g.measurement_time(Duration::from_secs(5));
    let mut next = 0u64;
    g.bench_function(name, |b| {
        b.iter(|| {
            for _ in 0..batch {
                make(next);
                next += 1;
            }
        })
    });
    g.finish();
}

fn grids(c: &mut Criterion) {
    for side in [9, 16, 25] {
        let gen = generator(Shape::for_side(side).expect("shape"), Symmetry::None, None);
        items(c, "generate_grid", &format!("{side}x{side}"), 100, |i| {
            black_box(gen.grid(&mut rng_for(SEED, i)));
        });
    }
}

fn puzzles(c: &mut Criterion) {
    for (name, symmetry, difficulty) in [
        ("minimal", Symmetry::None, None),
        ("minimal_rotate180", Symmetry::Rotate180, None),
        ("minimal_singles", Symmetry::None, Some(Difficulty::Singles)),
        ("minimal_guess", Symmetry::None, Some(Difficulty::Guess)),
    ] {
        let gen = generator(Shape::CLASSIC, symmetry, difficulty);
        items(c, "generate_puzzle_9x9", name, 20, |i| {
            black_box(gen.puzzle(&mut rng_for(SEED, i)).expect("found"));
        });
    }
}

fn big_puzzles(c: &mut Criterion) {
    let gen = generator(Shape::for_side(16).expect("16"), Symmetry::None, None);
    let mut g = c.benchmark_group("generate_puzzle_16x16");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(20));
    let mut next = 0u64;
    g.bench_function("minimal", |b| {
        b.iter(|| {
            next += 1;
            black_box(gen.puzzle(&mut rng_for(SEED, next)).expect("found"))
        })
    });
    g.finish();
}

/// Puzzles on the pattern of a generated minimal puzzle (a fresh one each time: the search is over
/// the digits; its number of givens names the benchmark). Minimality is not asked for.
fn pattern_puzzles(c: &mut Criterion) {
    let made = generator(Shape::CLASSIC, Symmetry::None, None).puzzle(&mut rng_for(SEED, 0)).expect("found");
    let pattern = Pattern::of_givens(&made.puzzle);
    let mut o = GenerateOptions::default();
    o.minimal = false;
    let gen =
        Generator::new(Shape::CLASSIC, o).and_then(|g| g.with_pattern(pattern)).expect("a usable pattern");
    items(c, "generate_pattern", &format!("{}_givens", made.puzzle.givens()), 5, |i| {
        black_box(gen.puzzle(&mut rng_for(SEED, i)).expect("found"));
    });
}

/// Complete grids reduced to minimal puzzles in a random order (81 counts each, one per given), the
/// work of `sudokit minimize` on a grid; beside `generate_puzzle_9x9/minimal`, which digs a fresh
/// grid the same way.
fn minimized(c: &mut Criterion) {
    let gen = generator(Shape::CLASSIC, Symmetry::None, None);
    let grids: Vec<Puzzle> = (0..20).map(|i| Puzzle::classic(gen.grid(&mut rng_for(SEED, i)))).collect();
    let mut next = 0u64;
    items(c, "minimize_9x9", "complete_grid", 20, |_| {
        let grid = &grids[next as usize % grids.len()];
        black_box(
            minimize(grid, Symmetry::None, Some(&mut rng_for(SEED, next)), Limits::all()).expect("unique"),
        );
        next += 1;
    });
}

fn canon(c: &mut Criterion) {
    let gen = generator(Shape::CLASSIC, Symmetry::None, None);
    let puzzles: Vec<_> = (0..200).map(|i| gen.puzzle(&mut rng_for(SEED, i)).expect("found")).collect();
    let mut g = c.benchmark_group("canon_9x9");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.bench_function("puzzle", |b| {
        b.iter_batched(
            || (),
            |()| puzzles.iter().for_each(|p| drop(black_box(canonical(&p.puzzle)))),
            BatchSize::SmallInput,
        )
    });
    g.bench_function("grid", |b| {
        b.iter(|| puzzles.iter().for_each(|p| drop(black_box(canonical(&p.solution)))))
    });
    g.finish();
}

criterion_group!(benches, grids, puzzles, big_puzzles, pattern_puzzles, minimized, canon);
criterion_main!(benches);
