//! The general engine on every board but the classic 9×9: counting all 28,200,960 solutions of the
//! empty 6×6 board (2×3 boxes) in count-only mode, and uniqueness-checking solves (count up to 2) of
//! the 16×16 and 25×25 sets in `tests/data/boards/` (each file's header says how its puzzles were
//! made): the older 20-puzzle sets, and the unbiased `generated-*` sets (100 16×16 and 50 25×25
//! puzzles straight from the generator with fixed seeds, not filtered by speed). Every engine that supports a board is benchmarked in the same group, so results compare.
//!
//! Before the criterion groups run, one untimed-by-criterion pass over each big set prints the
//! median and worst time per puzzle to stderr (the numbers quoted for these sets), and the guesses made.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudokit::{engines, Board, Grid, Limits, Shape};

/// The benchmark puzzle sets: group name and file under `tests/data/boards/`.
const SETS: [(&str, &str); 4] = [
    ("unique_16x16", "16x16.txt"),
    ("unique_25x25", "25x25.txt"),
    ("unique_generated_16x16", "generated-16x16.txt"),
    ("unique_generated_25x25", "generated-25x25.txt"),
];

fn load(file: &str) -> Vec<Grid> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/boards")).join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().parse().unwrap_or_else(|e| panic!("{file}: {e}")))
        .collect()
}

/// Times one uniqueness check per puzzle and prints the median and worst, with the guesses made.
fn report(name: &str, board: &Board, puzzles: &[Grid]) {
    for engine in engines().iter().filter(|e| e.supports(board)) {
        let mut runs: Vec<(f64, u64)> = puzzles
            .iter()
            .map(|p| {
                let t = Instant::now();
                let o = engine.count(board, p, &Limits::up_to(2)).expect("the engine supports the board");
                let elapsed = t.elapsed().as_secs_f64() * 1e3;
                assert_eq!(o.solutions, 1, "{name}: {p} is not unique");
                (elapsed, o.guesses)
            })
            .collect();
        let mut guesses: Vec<u64> = runs.iter().map(|r| r.1).collect();
        guesses.sort_unstable();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        eprintln!(
            "{name} [{}]: {} puzzles, median {:.2} ms, worst {:.2} ms per puzzle; guesses median {}, worst {}, total {}",
            engine.name(),
            runs.len(),
            runs[runs.len() / 2].0,
            runs[runs.len() - 1].0,
            guesses[guesses.len() / 2],
            guesses[guesses.len() - 1],
            guesses.iter().sum::<u64>()
        );
    }
}

fn big_boards(c: &mut Criterion) {
    for (group, file) in SETS {
        let puzzles = load(file);
        let board = Board::classic(puzzles[0].shape());
        report(group, &board, &puzzles);
        let mut g = c.benchmark_group(group);
        g.sample_size(10).measurement_time(Duration::from_secs(20));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        for engine in engines().iter().filter(|e| e.supports(&board)) {
            g.bench_function(engine.name(), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        black_box(
                            engine
                                .count(&board, p, &Limits::up_to(2))
                                .expect("the engine supports the board"),
                        );
                    }
                })
            });
        }
        g.finish();
    }
}

fn count_empty_6x6(c: &mut Criterion) {
    let shape = Shape::new(2, 3).expect("2x3 boxes make a 6×6 board");
    let board = Board::classic(shape);
    let empty = Grid::empty(shape);
    let mut g = c.benchmark_group("count_empty_6x6");
    g.sample_size(10).measurement_time(Duration::from_secs(60));
    for engine in engines().iter().filter(|e| e.supports(&board)) {
        g.bench_function(engine.name(), |b| {
            b.iter(|| {
                let o = engine
                    .count(&board, black_box(&empty), &Limits::all())
                    .expect("the engine supports the board");
                assert_eq!(o.solutions, 28_200_960);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, big_boards, count_empty_6x6);
criterion_main!(benches);
