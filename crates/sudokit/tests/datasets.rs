//! The dataset suite: every puzzle of every shared dataset (`../shared/datasets`, see its README),
//! solved by every engine and by the `sudoku` crate as an outside reference. Each first solution is
//! checked against the rules and the givens, every count up to 2 must agree, and each file's verdicts
//! must be what the dataset promises (unique, except Serg's benchmark where every puzzle has several).
//! tdoku's test file checks exact counts of 0, 1 and many solutions the same way.
//!
//! The default run gives every puzzle to the fast 9×9 engine and the reference, and every 200th to
//! every engine; the full run (`#[ignore]`d, about half a minute per engine in an optimised build)
//! gives every puzzle to every engine: `scripts/differential.sh`. Without the datasets the tests print
//! a note and pass, unless `SUDOKIT_REQUIRE_DATASETS=1` (CI sets it), which makes them fail.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudokit::testing::datasets_dir;
use sudokit::{engine_for, engines, Board, Engine, Grid, Limits, Shape};

/// Every this many puzzles of a file is solved by every engine in the default test run.
const SAMPLE_EVERY: usize = 200;

/// Column names of the timing report: the engines, then the reference.
fn solver_names() -> Vec<&'static str> {
    engines().iter().map(|e| e.name()).chain(["sudoku crate"]).collect()
}

/// The `*.txt` puzzle files of the datasets folder, by name.
fn puzzle_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the datasets folder is readable")
        .map(|e| e.expect("a readable folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// What one engine said about one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Uniqueness {
    None,
    Unique,
    Several,
}

/// Totals for one file.
#[derive(Debug, Default)]
struct Tally {
    puzzles: usize,
    unique: usize,
    several: usize,
    none: usize,
    /// Time spent per engine, in the order of `engines()`, then the reference.
    time: Vec<Duration>,
}

/// Solves one puzzle with the `sudoku` crate (a JCZSolve port, AGPL, used only here as a reference).
fn reference(puzzle: &Grid) -> Result<(Option<Grid>, u64), String> {
    let s = sudoku::Sudoku::from_bytes_slice(puzzle.values())
        .map_err(|e| format!("the reference refuses it: {e:?}"))?;
    let first = s.some_solution().map(|sol| Grid::from_values(Shape::CLASSIC, &sol.to_bytes())).transpose();
    let first = first.map_err(|e| format!("the reference's solution is no grid: {e}"))?;
    Ok((first, s.solutions_count_up_to(2) as u64))
}

/// Solves one puzzle with every engine given (the fastest only, or all) and the reference; returns the
/// shared verdict, or a description of what went wrong.
fn judge(board: &Board, puzzle: &Grid, all: bool, time: &mut [Duration]) -> Result<Uniqueness, String> {
    let mut verdicts = Vec::new();
    let fastest = engine_for(board);
    let n = engines().len();
    let solvers = engines().iter().enumerate().filter(|(_, e)| all || std::ptr::eq(**e, fastest));
    let results = solvers.map(|(k, e)| (k, e.name(), Some(*e))).chain([(n, "sudoku crate", None)]);
    for (k, name, engine) in results {
        let start = Instant::now();
        let (first, count) = match engine {
            Some(e) => solve(e, board, puzzle),
            None => reference(puzzle)?,
        };
        time[k] += start.elapsed();
        if let Some(s) = &first {
            if !board.is_solution(puzzle, s) {
                return Err(format!("{name}: {s} does not solve it"));
            }
        }
        let v = match (first.is_some(), count) {
            (false, 0) => Uniqueness::None,
            (true, 1) => Uniqueness::Unique,
            (true, 2) => Uniqueness::Several,
            (found, n) => return Err(format!("{name}: first solution {found}, but count {n}")),
        };
        verdicts.push((name, v));
    }
    if verdicts.windows(2).any(|w| w[0].1 != w[1].1) {
        return Err(format!("solvers disagree: {verdicts:?}"));
    }
    Ok(verdicts[0].1)
}

/// One engine's first solution and count up to 2.
fn solve(e: &dyn Engine, board: &Board, puzzle: &Grid) -> (Option<Grid>, u64) {
    let (first, _) = e.first(board, puzzle).expect("the engine supports the board");
    let count = e.count(board, puzzle, &Limits::up_to(2)).expect("the engine supports the board");
    (first, count.solutions)
}

/// Checks every puzzle of `file` on all cores, by every engine when its index is a multiple of `step`
/// and by the fastest engine and the reference otherwise; returns the totals and the failures
/// (`line: puzzle: what went wrong`).
fn run_file(file: &Path, step: usize) -> (Tally, Vec<String>) {
    let text = std::fs::read_to_string(file).expect("a dataset file is UTF-8 text");
    let lines: Vec<(usize, &str)> = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).collect();
    let board = Board::classic(Shape::CLASSIC);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = lines.len().div_ceil(threads).max(1);
    let results: Vec<(Tally, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(per)
            .map(|part| {
                let board = &board;
                scope.spawn(move || {
                    let mut t = Tally { time: vec![Duration::ZERO; engines().len() + 1], ..Tally::default() };
                    let mut failures = Vec::new();
                    for &(i, line) in part {
                        t.puzzles += 1;
                        let grid: Grid = match line.trim().parse() {
                            Ok(g) => g,
                            Err(e) => {
                                failures.push(format!("line {}: {line}: unreadable: {e}", i + 1));
                                continue;
                            }
                        };
                        match judge(board, &grid, i % step == 0, &mut t.time) {
                            Ok(Uniqueness::None) => t.none += 1,
                            Ok(Uniqueness::Unique) => t.unique += 1,
                            Ok(Uniqueness::Several) => t.several += 1,
                            Err(e) => failures.push(format!("line {}: {line}: {e}", i + 1)),
                        }
                    }
                    (t, failures)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a worker thread does not panic")).collect()
    });
    let mut total = Tally { time: vec![Duration::ZERO; engines().len() + 1], ..Tally::default() };
    let mut failures = Vec::new();
    for (t, f) in results {
        total.puzzles += t.puzzles;
        total.unique += t.unique;
        total.several += t.several;
        total.none += t.none;
        for (a, b) in total.time.iter_mut().zip(&t.time) {
            *a += *b;
        }
        failures.extend(f);
    }
    (total, failures)
}

/// Runs every dataset file, sampled every `step` puzzles, and fails with a list of every problem.
fn differential(step: usize) {
    let Some(dir) = datasets_dir() else { return };
    let files = puzzle_files(&dir);
    assert!(!files.is_empty(), "no *.txt dataset in {}", dir.display());
    let mut problems = Vec::new();
    for file in &files {
        let name = file.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let start = Instant::now();
        let (t, failures) = run_file(file, step);
        let engine_times: Vec<String> =
            solver_names().iter().zip(&t.time).map(|(e, d)| format!("{e} {:.2}s", d.as_secs_f64())).collect();
        println!(
            "{name}: {} puzzles: {} unique, {} several, {} none; {:.2}s wall ({})",
            t.puzzles,
            t.unique,
            t.several,
            t.none,
            start.elapsed().as_secs_f64(),
            engine_times.join(", ")
        );
        // The README of the datasets: Serg's benchmark has several solutions per puzzle, the rest one.
        let several_expected = name.contains("serg");
        let as_promised = if several_expected { t.several } else { t.unique };
        if as_promised + failures.len() != t.puzzles {
            problems.push(format!(
                "{name}: expected every puzzle to be {}, got {} unique, {} several, {} none",
                if several_expected { "several" } else { "unique" },
                t.unique,
                t.several,
                t.none
            ));
        }
        problems.extend(failures.into_iter().map(|f| format!("{name} {f}")));
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// Every puzzle of every dataset by the fastest engine and the reference, every 200th by every engine.
#[test]
fn datasets_sample_agree_across_engines() {
    differential(SAMPLE_EVERY);
}

/// Every puzzle of every dataset, by every engine and the reference (about 110,000 puzzles).
#[test]
#[ignore = "the full datasets take a while; run with --ignored (scripts/differential.sh)"]
fn datasets_full_agree_across_engines() {
    differential(1);
}

/// tdoku's solver test file: exact counts for 0, 1 and many solutions, by every engine and the reference.
#[test]
fn peer_test_counts_are_exact_for_every_engine() {
    let Some(dir) = datasets_dir() else { return };
    let path = dir.join("peer-tests/tdoku_test_puzzles.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let board = Board::classic(Shape::CLASSIC);
    let mut checked = 0;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut parts = line.trim().split(':');
        let puzzle: Grid = parts.next().unwrap_or_default().parse().expect("a peer-test puzzle parses");
        let expected: u64 = parts.next().and_then(|c| c.parse().ok()).expect("a peer-test count");
        let solution: Option<Grid> = parts.next().map(|s| s.parse().expect("a peer-test solution parses"));
        for e in engines() {
            let o = e
                .count(&board, &puzzle, &Limits::up_to(expected + 1))
                .expect("the engine supports the board");
            assert_eq!((o.solutions, o.complete), (expected, true), "{}: line {}: {line}", e.name(), i + 1);
            let (first, _) = e.first(&board, &puzzle).expect("the engine supports the board");
            assert_eq!(first.is_some(), expected > 0, "{}: line {}", e.name(), i + 1);
            if let (Some(f), Some(s)) = (&first, &solution) {
                assert_eq!(f, s, "{}: line {}", e.name(), i + 1);
            }
            if let Some(f) = &first {
                assert!(board.is_solution(&puzzle, f), "{}: line {}", e.name(), i + 1);
            }
        }
        if let Ok(s) = sudoku::Sudoku::from_bytes_slice(puzzle.values()) {
            let limit = usize::try_from(expected + 1).expect("a small count");
            assert_eq!(s.solutions_count_up_to(limit) as u64, expected, "sudoku crate: line {}", i + 1);
        } else {
            // The reference refuses givens that clash; those puzzles have no solution.
            assert_eq!(expected, 0, "sudoku crate refuses line {}", i + 1);
        }
        checked += 1;
    }
    assert_eq!(checked, 43, "tdoku's test file has 43 puzzles");
}
