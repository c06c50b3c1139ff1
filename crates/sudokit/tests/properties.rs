//! Property tests: layouts round-trip, solutions obey the rules and keep the givens, counts agree
//! with verdicts and between engines, and removing a given never loses solutions.
//!
//! The strategies come from `sudokit::testing` (the `proptest` feature, switched on for this crate's
//! tests by its dev-dependency on itself). Case counts are kept low for the properties that search,
//! so the default test run stays quick; `PROPTEST_CASES=10000 cargo test --test properties` digs deeper.

use std::ops::ControlFlow;

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use sudokit::format::{write_grid, OutputFormat};
use sudokit::testing::{self, PuzzleCase};
use sudokit::{
    engines, Board, Candidates, Cell, Grid, Layout, Limits, ParseOptions, Puzzle, PuzzleReader, Shape,
    Variants, Verdict,
};

/// Where failing cases are kept (relative to the crate, where cargo runs its tests), to be committed.
const REGRESSIONS: &str = "proptest-regressions/properties.txt";

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(REGRESSIONS))),
        ..Config::default()
    }
}

/// Every output format with the input layout that reads it.
const FORMATS: [(OutputFormat, Layout); 5] = [
    (OutputFormat::Line, Layout::Line),
    (OutputFormat::Grid, Layout::Grid),
    (OutputFormat::Compact, Layout::Compact),
    (OutputFormat::Pretty, Layout::Art),
    (OutputFormat::Json, Layout::Json),
];

/// Solutions counted when comparing counts: far above 2 so "several" is compared exactly, low enough
/// that a nearly empty board stops at once.
const COUNT_LIMIT: u64 = 40;

/// Prints `grids` in `format` the way the CLI does (multi-line records separated by a blank line).
fn print_all(grids: &[Grid], format: OutputFormat) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, g) in grids.iter().enumerate() {
        if i > 0 && format.is_multiline() {
            out.push(b'\n');
        }
        write_grid(g, format, &mut out);
    }
    out
}

/// One to three grids of one shape (a stream holds one shape: the reader keeps the first it sees).
fn several_grids(shape: impl Strategy<Value = Shape>) -> impl Strategy<Value = Vec<Grid>> {
    shape.prop_flat_map(|s| proptest::collection::vec(testing::grid(s), 1..4))
}

/// Reads every record, failing on any unreadable one.
fn read_all(text: &[u8], opts: ParseOptions) -> Result<Vec<(Layout, Grid)>, String> {
    PuzzleReader::new(text, opts)
        .map(|r| {
            let r = r.map_err(|e| e.to_string())?;
            r.puzzle.map(|g| (r.layout, g)).map_err(|e| e.to_string())
        })
        .collect()
}

/// A grid whose cells are each given with a probability from 0 to 1/2, with any digit: the givens may
/// break the rules or leave no solution, which blanked solutions never do.
fn random_givens(shape: Shape) -> impl Strategy<Value = Grid> {
    (0.0..=0.5f64)
        .prop_flat_map(move |p| {
            proptest::collection::vec(proptest::option::weighted(p, 1..=shape.side() as u8), shape.cells())
        })
        .prop_map(move |cells| {
            let values: Vec<u8> = cells.into_iter().map(|v| v.unwrap_or(0)).collect();
            Grid::from_values(shape, &values).expect("digits of the board")
        })
}

/// Puzzles of every small shape, and 9×9 ones (where both engines run) half the time.
fn small_puzzle() -> impl Strategy<Value = PuzzleCase> {
    prop_oneof![testing::any_puzzle(9), testing::puzzle(Shape::CLASSIC)]
}

/// Counts with every engine that supports the board: `(engine, solutions, complete)`.
fn counts(board: &Board, grid: &Grid, limit: u64) -> Vec<(&'static str, u64, bool)> {
    engines()
        .iter()
        .filter(|e| e.supports(board))
        .map(|e| {
            let o = e.count(board, grid, &Limits::up_to(limit)).expect("the engine supports the board");
            (e.name(), o.solutions, o.complete)
        })
        .collect()
}

/// A jigsaw region map of `shape`: the boxes, then random trades between neighbouring regions (a
/// cell of A on B's border goes to B, a cell of B on A's border to A), each kept where both regions
/// stay in one piece, or, in about half the maps, kept whatever (regions in several pieces).
fn jigsaw_map(shape: Shape) -> impl Strategy<Value = Vec<u8>> {
    let n = shape.side();
    let trades = proptest::collection::vec((0..n * n, 0..4usize, 0..n * n), 0..60);
    (trades, any::<bool>()).prop_map(move |(trades, pieces)| {
        let mut map: Vec<u8> = Cell::all(shape).map(|c| shape.box_of(c) as u8).collect();
        let near = |i: usize| {
            let (r, c) = (i / n, i % n);
            [
                (r > 0).then(|| i - n),
                (r + 1 < n).then(|| i + n),
                (c > 0).then(|| i - 1),
                (c + 1 < n).then(|| i + 1),
            ]
        };
        for (a, side, pick) in trades {
            let Some(next) = near(a)[side] else { continue };
            let (from, to) = (map[a], map[next]);
            if from == to {
                continue;
            }
            // The first cell of `to` on `from`'s border from cell `pick` on, in reading order.
            let border = |i: &usize| map[*i] == to && near(*i).into_iter().flatten().any(|j| map[j] == from);
            let Some(b) = (0..n * n).cycle().skip(pick).take(n * n).find(border) else { continue };
            map[a] = to;
            map[b] = from;
            let whole = in_one_piece(&map, n, from) && in_one_piece(&map, n, to);
            if !(whole || pieces) {
                map[a] = from;
                map[b] = to;
            }
        }
        map
    })
}

/// Whether the cells of `region` in `map` (side `n`) are connected through shared sides.
fn in_one_piece(map: &[u8], n: usize, region: u8) -> bool {
    let cells: Vec<usize> = (0..map.len()).filter(|&i| map[i] == region).collect();
    let mut seen = vec![false; map.len()];
    let mut stack = vec![cells[0]];
    seen[cells[0]] = true;
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        let (r, c) = (i / n, i % n);
        let near = [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ];
        for j in near.into_iter().flatten() {
            if map[j] == region && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached == cells.len()
}

/// Whether two region maps make the same regions, whatever they are named.
fn same_regions(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && (0..a.len()).all(|i| (0..a.len()).all(|j| (a[i] == a[j]) == (b[i] == b[j])))
}

proptest! {
    #![proptest_config(config(256))]

    /// Each layout prints a grid (of any shape up to 16×16, rules broken or not) so that the reader gets it
    /// back, with the layout forced.
    #[test]
    fn every_layout_round_trips_when_forced(grids in several_grids(testing::shape(16))) {
        let shape = grids[0].shape();
        for (format, layout) in FORMATS {
            let text = print_all(&grids, format);
            let opts = ParseOptions { layout: Some(layout), shape: Some(shape), ..ParseOptions::default() };
            let back = read_all(&text, opts);
            let expected: Vec<(Layout, Grid)> = grids.iter().map(|g| (layout, g.clone())).collect();
            prop_assert_eq!(back, Ok(expected), "{:?}:\n{}", format, String::from_utf8_lossy(&text));
        }
    }

    /// A jigsaw board drawn with walls (`pretty`) reads back as the same grid under the same
    /// regions: with the jigsaw rules asked for, and without them (the walls bring the rules).
    #[test]
    fn jigsaw_drawings_round_trip(
        (map, grid) in testing::default_shape(12).prop_flat_map(|s| (jigsaw_map(s), testing::grid(s)))
    ) {
        let board = Board::jigsaw(grid.shape(), &map).expect("a valid map");
        let mut text = Vec::new();
        sudokit::format::write_board_grid(&board, &grid, OutputFormat::Pretty, sudokit::Notation::default(), &mut text);
        for jigsaw in [true, false] {
            let mut variants = Variants::default();
            variants.jigsaw = jigsaw;
            let mut reader = PuzzleReader::new(&text[..], ParseOptions::default()).with_variants(variants);
            let record = reader.next().expect("one record").expect("no I/O error");
            prop_assert_eq!(record.puzzle.as_ref().ok(), Some(&grid), "{}", String::from_utf8_lossy(&text));
            let read = record.board.as_deref().and_then(sudokit::format::region_symbols);
            // Regions that are the boxes read as the classic rules without `--variant jigsaw`.
            let boxes: Vec<u8> = Cell::all(grid.shape()).map(|c| grid.shape().box_of(c) as u8).collect();
            if !jigsaw && same_regions(&map, &boxes) {
                prop_assert!(read.is_none());
            } else {
                prop_assert!(read.as_deref().is_some_and(|r| same_regions(r, &map)), "{}", String::from_utf8_lossy(&text));
            }
            prop_assert!(reader.next().is_none());
        }
    }

    /// A jigsaw's candidate grid, drawn with its walls, reads back as the same marks.
    #[test]
    fn jigsaw_candidate_grids_round_trip(
        (marks, map) in testing::candidates(12).prop_flat_map(|c| { let s = c.shape(); (Just(c), jigsaw_map(s)) })
    ) {
        let board = Board::jigsaw(marks.shape(), &map).expect("a valid map");
        let drawn = sudokit::format::marks_grid(&board, &marks);
        let back: Candidates = drawn.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{drawn}")))?;
        let sets = |c: &Candidates| c.iter().map(|(_, d)| d).collect::<Vec<_>>();
        prop_assert_eq!(sets(&back), sets(&marks), "{}", drawn);
    }

    /// Each layout also round-trips with nothing forced: the reader detects the layout and the shape
    /// (for the box shapes it infers; 3×2 boxes, say, read back as 2×3 unless forced).
    #[test]
    fn every_layout_round_trips_when_detected(grids in several_grids(testing::default_shape(16))) {
        for (format, layout) in FORMATS {
            let text = print_all(&grids, format);
            let back = read_all(&text, ParseOptions::default());
            let expected: Vec<(Layout, Grid)> = grids.iter().map(|g| (layout, g.clone())).collect();
            prop_assert_eq!(back, Ok(expected), "{:?}:\n{}", format, String::from_utf8_lossy(&text));
        }
    }

    /// The one-line form of `Display` reads back through `FromStr`.
    #[test]
    fn display_and_from_str_round_trip(g in testing::default_shape(25).prop_flat_map(testing::grid)) {
        let back: Grid = g.to_string().parse().map_err(|e: sudokit::ParseError| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, g);
    }
}

proptest! {
    // These properties search; tens of cases keep the default run short.
    #![proptest_config(config(48))]

    /// Every solution any engine returns is full, obeys every house and keeps every given; a puzzle
    /// made from a solution always has one, and `check` never calls it invalid or unsolvable.
    #[test]
    fn solutions_obey_the_rules_and_keep_the_givens(case in small_puzzle()) {
        let board = Board::classic(case.puzzle.shape());
        prop_assert!(board.is_solution(&case.puzzle, &case.solution), "the generator made a bad case");
        for e in engines().iter().filter(|e| e.supports(&board)) {
            let (first, _) = e.first(&board, &case.puzzle).expect("the engine supports the board");
            let first = first.ok_or_else(|| TestCaseError::fail(format!("{}: no solution", e.name())))?;
            prop_assert!(board.is_solution(&case.puzzle, &first), "{}: {} does not solve {}", e.name(), first, case.puzzle);
            let mut all = Vec::new();
            e.search(&board, &case.puzzle, &Limits::up_to(COUNT_LIMIT), &mut |s| {
                all.push(s.clone());
                ControlFlow::Continue(())
            }).expect("the engine supports the board");
            prop_assert!(all.iter().all(|s| board.is_solution(&case.puzzle, s)), "{}: a bad solution", e.name());
            let distinct: std::collections::HashSet<&Grid> = all.iter().collect();
            prop_assert_eq!(distinct.len(), all.len(), "{}: a solution came twice", e.name());
        }
        match Puzzle::classic(case.puzzle.clone()).check() {
            Verdict::Unique(s) => prop_assert_eq!(s, case.solution),
            Verdict::Multiple { first, second } => {
                prop_assert!(board.is_solution(&case.puzzle, &first) && board.is_solution(&case.puzzle, &second));
                prop_assert_ne!(first, second);
            }
            other => prop_assert!(false, "a blanked solution was judged {}", other.name()),
        }
    }

    /// `count_up_to(2)` and `check` tell the same story, on blanked solutions and on random givens
    /// (which often break the rules or have no solution); and an argument that there is no
    /// solution (`why_no_solution`) is only ever made where `check` finds none.
    #[test]
    fn count_up_to_two_agrees_with_check(
        grid in prop_oneof![
            small_puzzle().prop_map(|c| c.puzzle),
            testing::shape(9).prop_flat_map(random_givens),
            random_givens(Shape::CLASSIC),
        ]
    ) {
        let puzzle = Puzzle::classic(grid.clone());
        let count = puzzle.count_up_to(2);
        let verdict = puzzle.check();
        if verdict != Verdict::NoSolution {
            prop_assert_eq!(puzzle.why_no_solution(), None, "{} is {}", grid, verdict.name());
        }
        match verdict {
            // Givens that break the rules have no solution: the engines see the clash at once.
            Verdict::Invalid(c) => {
                prop_assert!(!c.is_empty());
                prop_assert_eq!((count.solutions, count.complete), (0, true));
            }
            Verdict::NoSolution => prop_assert_eq!((count.solutions, count.complete), (0, true)),
            Verdict::Unique(s) => {
                prop_assert!(puzzle.board().is_solution(&grid, &s));
                prop_assert_eq!((count.solutions, count.complete), (1, true));
            }
            Verdict::Multiple { .. } => prop_assert_eq!((count.solutions, count.complete), (2, false)),
            other => prop_assert!(false, "unexpected verdict {}", other.name()),
        }
    }

    /// Removing a given never lowers the number of solutions (counted up to a limit, so "at least as
    /// many" means `min(count, limit)`), for every engine.
    #[test]
    fn removing_a_given_never_loses_solutions(
        grid in prop_oneof![small_puzzle().prop_map(|c| c.puzzle), random_givens(Shape::CLASSIC)],
        pick in any::<prop::sample::Index>(),
    ) {
        let givens: Vec<Cell> = grid.iter().filter(|(_, d)| d.is_some()).map(|(c, _)| c).collect();
        prop_assume!(!givens.is_empty());
        let mut looser = grid.clone();
        looser.set(givens[pick.index(givens.len())], None);
        let board = Board::classic(grid.shape());
        for ((name, before, _), (_, after, _)) in counts(&board, &grid, COUNT_LIMIT).into_iter().zip(counts(&board, &looser, COUNT_LIMIT)) {
            prop_assert!(after >= before, "{}: {} solutions before, {} after removing a given", name, before, after);
        }
    }

    /// The fast 9×9 engine and the general engine agree on first-solution validity and on exact
    /// counts up to a limit, for puzzles with few or many solutions and for unsolvable ones.
    #[test]
    fn fast_and_general_engines_agree(
        grid in prop_oneof![
            testing::puzzle(Shape::CLASSIC).prop_map(|c| c.puzzle),
            testing::puzzle_with_blanks(Shape::CLASSIC, 0.6..=0.8).prop_map(|c| c.puzzle),
            random_givens(Shape::CLASSIC),
        ]
    ) {
        let board = Board::classic(Shape::CLASSIC);
        let all = engines();
        prop_assert!(all.iter().all(|e| e.supports(&board)), "every engine runs 9×9");
        let c = counts(&board, &grid, COUNT_LIMIT);
        prop_assert!(c.windows(2).all(|w| (w[0].1, w[0].2) == (w[1].1, w[1].2)), "counts differ on {}: {:?}", grid, c);
        for e in all {
            let (first, o) = e.first(&board, &grid).expect("the engine supports the board");
            prop_assert_eq!(first.is_some(), c[0].1 > 0, "{}: first solution and count disagree on {}", e.name(), grid);
            if let Some(s) = first {
                prop_assert!(board.is_solution(&grid, &s), "{}: {} does not solve {}", e.name(), s, grid);
            } else {
                prop_assert!(o.complete, "{}: gave up without a solution on {}", e.name(), grid);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// The killer techniques never remove a digit of a grid that keeps every cage: cages drawn on a
    /// solution (with any givens of it, so the puzzle may have many solutions), the steps of Cage
    /// Combination, Innies, Outies and Cage Interaction applied one after another, each checked
    /// against that solution.
    #[test]
    fn killer_steps_keep_a_solution_of_the_cages(
        case in prop_oneof![
            testing::puzzle_with_blanks(Shape::CLASSIC, 0.7..=1.0),
            testing::puzzle_with_blanks(Shape::new(2, 3).expect("6×6"), 0.6..=1.0),
            testing::puzzle_with_blanks(Shape::new(2, 2).expect("4×4"), 0.5..=1.0),
        ],
        seed in any::<u64>(),
    ) {
        use sudokit::human::{apply, find_all, FindOptions, State, Technique};
        let cages = sudokit::generate::killer::random_cages(&case.solution, &mut sudokit::generate::rng_for(seed, 0));
        let board = Board::classic(case.puzzle.shape()).with_cages(cages).expect("cages of a solution");
        let mut state = State::new(std::sync::Arc::new(board), &case.puzzle).expect("givens of a solution");
        let killer: Vec<Technique> = Technique::ALL.iter().copied().filter(|t| t.is_killer()).collect();
        prop_assert_eq!(killer.len(), 4);
        let options = FindOptions::default();
        for _ in 0..200 {
            let steps: Vec<_> = killer.iter().flat_map(|&t| find_all(&state, t, &options)).collect();
            let Some(first) = steps.first().cloned() else { break };
            for step in &steps {
                for p in &step.placements {
                    prop_assert_eq!(case.solution.get(p.cell), Some(p.digit), "{} on {}", step, case.solution);
                }
                for e in &step.eliminations {
                    prop_assert_ne!(case.solution.get(e.cell), Some(e.digit), "{} on {}", step, case.solution);
                }
            }
            apply(&mut state, &first);
        }
    }
}
