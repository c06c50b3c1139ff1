//! Checks shared by the fuzz targets: what must hold for any input, beyond "does not panic".
//!
//! Kept in a library (not in each target) so that a crash found by one target can be replayed by
//! hand against the same checks, and so that every target states its invariants in one place.

use std::ops::ControlFlow;
use std::sync::Arc;

use sudokit::format::{write_grid, OutputFormat};
use sudokit::{engines, Board, Grid, Layout, Limits, ParseOptions, Puzzle, PuzzleReader, Shape, Verdict};

/// Records read from one input at most; a fuzz input of a few kilobytes never holds more, and the
/// cap keeps a pathological input from turning into a slow one.
const MAX_RECORDS: usize = 10_000;

/// Solutions counted when comparing engines: enough to tell 0, 1 and "several" apart, and to see
/// the two engines stop at the same place.
const COUNT_LIMIT: u64 = 3;

/// Reads every record of `data` with `opts` and checks the reader's promises:
/// puzzle numbers run 1, 2, 3, …; every position lies inside the input; every grid read prints and
/// reads back to itself in its own layout. Returns the grids read.
pub fn check_reader(data: &[u8], opts: ParseOptions) -> Vec<Grid> {
    // A position may name the line after the last line end (an unterminated last line). Lines end
    // at `\n`, `\r\n` or a lone `\r`.
    let breaks = data
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && data.get(i + 1) != Some(&b'\n')));
    let lines = breaks.count() + 1;
    let mut grids = Vec::new();
    for (k, rec) in PuzzleReader::new(data, opts).take(MAX_RECORDS).enumerate() {
        // Reading from a byte slice cannot fail.
        let rec = rec.expect("reading from memory never fails");
        let pos = match &rec.puzzle {
            Ok(_) => rec.position,
            Err(e) => e.position,
        };
        assert_eq!(rec.position.puzzle, k + 1, "puzzle numbers must run without gaps");
        assert_eq!(pos.puzzle, rec.position.puzzle, "an error names its own record");
        assert!((1..=lines).contains(&pos.line), "line {} outside an input of {lines} lines", pos.line);
        // Known and reported: a JSON error found at a line break comes out at column 0
        // (`crates/sudokit/tests/fuzz_regressions.rs`, ignored until parse.rs is fixed). Tolerated here
        // so the fuzzer can look past it; drop the exception with the fix.
        let known_json_column_0 = rec.layout == Layout::Json && pos.column == Some(0);
        assert!(pos.column.is_none_or(|c| c >= 1) || known_json_column_0, "columns are 1-based");
        if let Ok(g) = rec.puzzle {
            if let Some(forced) = opts.shape {
                assert_eq!(g.shape(), forced, "a forced shape is kept");
            }
            assert_eq!(g.values().len(), g.shape().cells());
            assert!(g.values().iter().all(|&v| (v as usize) <= g.shape().side()));
            check_round_trip(&g, rec.layout);
            grids.push(g);
        }
    }
    grids
}

/// Prints `grid` in the layout it was read in and reads it back with that layout and its shape forced.
pub fn check_round_trip(grid: &Grid, layout: Layout) {
    let format = OutputFormat::for_layout(layout);
    let mut text = Vec::new();
    write_grid(grid, format, &mut text);
    // CSV and array literals are read but written as lines: read the output back as what it is.
    let opts =
        ParseOptions { layout: Some(format.layout()), shape: Some(grid.shape()), ..ParseOptions::default() };
    let back: Vec<_> = PuzzleReader::new(&text[..], opts).collect();
    assert_eq!(
        back.len(),
        1,
        "{layout:?} output reads back as one record:\n{}",
        String::from_utf8_lossy(&text)
    );
    let rec = back.into_iter().next().expect("one record").expect("reading from memory never fails");
    assert_eq!(
        rec.puzzle.as_ref().ok(),
        Some(grid),
        "{layout:?} round trip:\n{}",
        String::from_utf8_lossy(&text)
    );
}

/// Solves `grid` under the classic rules with every engine; see [`check_on`].
pub fn check_solve(grid: &Grid) {
    check_on(&Arc::new(Board::classic(grid.shape())), grid);
}

/// Solves `grid` under the rules of `board` with every engine that supports them and checks the
/// answers against each other: every solution is a solution (`Board::is_solution`: houses, cages and
/// givens), "no solution" is confirmed by every other engine, all engines count the same up to a small
/// limit, and `Puzzle::check` tells the same story.
///
/// Only boards up to 9×9 are searched: on a nearly empty 16×16 board a count takes long enough to
/// stall the fuzzer without testing anything new.
pub fn check_on(board: &Arc<Board>, grid: &Grid) {
    let rules: &Board = board;
    if grid.shape().side() > 9 || rules.shape() != grid.shape() {
        return;
    }
    let conflicts = rules.conflicts(grid);
    let counts: Vec<(u64, bool)> = engines()
        .iter()
        .filter(|e| e.supports(rules))
        .map(|e| {
            let (first, o) = e.first(rules, grid).expect("the engine supports the board");
            match &first {
                Some(s) => assert!(rules.is_solution(grid, s), "{}: {s} does not solve {grid}", e.name()),
                None => assert!(o.complete, "{}: no first solution without a complete search", e.name()),
            }
            let mut seen = Vec::new();
            let o = e
                .search(rules, grid, &Limits::up_to(COUNT_LIMIT), &mut |s| {
                    assert!(rules.is_solution(grid, s), "{}: {s} does not solve {grid}", e.name());
                    seen.push(s.clone());
                    ControlFlow::Continue(())
                })
                .expect("the engine supports the board");
            assert_eq!(o.solutions, seen.len() as u64, "{}: reported and visited solutions differ", e.name());
            let mut distinct = seen.clone();
            distinct.sort_by(|a, b| a.values().cmp(b.values()));
            distinct.dedup();
            assert_eq!(distinct.len(), seen.len(), "{}: a solution was visited twice", e.name());
            assert_eq!(first.is_some(), o.solutions > 0, "{}: first solution and count disagree", e.name());
            let c = e.count(rules, grid, &Limits::up_to(COUNT_LIMIT)).expect("the engine supports the board");
            assert_eq!(
                (c.solutions, c.complete),
                (o.solutions, o.complete),
                "{}: count and search differ",
                e.name()
            );
            if !conflicts.is_empty() {
                assert_eq!(o.solutions, 0, "{}: givens that break the rules have no solution", e.name());
            }
            (o.solutions, o.complete)
        })
        .collect();
    assert!(!counts.is_empty(), "the general engine supports every board");
    assert!(counts.windows(2).all(|w| w[0] == w[1]), "engines disagree on {grid}: {counts:?}");
    let puzzle = Puzzle::new(Arc::clone(board), grid.clone()).expect("the shapes match");
    let verdict = puzzle.check();
    let (n, _) = counts[0];
    match verdict {
        Verdict::Invalid(c) => assert_eq!(c, conflicts),
        Verdict::NoSolution => assert_eq!((n, conflicts.len()), (0, 0)),
        Verdict::Unique(s) => {
            assert!(rules.is_solution(grid, &s));
            assert_eq!(n, 1);
        }
        Verdict::Multiple { first, second } => {
            assert!(rules.is_solution(grid, &first) && rules.is_solution(grid, &second));
            assert_ne!(first, second);
            assert!(n >= 2);
        }
        other => panic!("unexpected verdict {}", other.name()),
    }
}

/// Options chosen by the first byte of a fuzz input, so one target covers every forced layout, the
/// auto-detection, both symbol sets and forced shapes. Returns the options and the rest of the input.
pub fn options_from(data: &[u8]) -> (ParseOptions, &[u8]) {
    let Some((&sel, rest)) = data.split_first() else { return (ParseOptions::default(), data) };
    let layout = match sel % 8 {
        0 => None,
        1 => Some(Layout::Line),
        2 => Some(Layout::Grid),
        3 => Some(Layout::Compact),
        4 => Some(Layout::Art),
        5 => Some(Layout::Csv),
        6 => Some(Layout::Array),
        _ => Some(Layout::Json),
    };
    let shape = match (sel / 6) % 6 {
        0 | 1 => None,
        2 => Some(Shape::CLASSIC),
        3 => Shape::for_side(4).ok(),
        4 => Shape::new(2, 3).ok(),
        _ => Shape::for_side(16).ok(),
    };
    let symbols = if sel >= 128 && shape.is_none_or(|s| s.side() == 16) {
        sudokit::Symbols::Hex
    } else {
        sudokit::Symbols::Standard
    };
    (ParseOptions { layout, shape, symbols }, rest)
}
