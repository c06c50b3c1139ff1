//! Unit tests: each technique on a hand-built candidate pattern following its published
//! definition, the length bonus table, and whole puzzles whose ratings serate 1.2.1.3 gave.

use super::board::{Board, ALL};
use super::chain::length_bonus;
use super::hint::{first_step, Hint};
use super::{aligned, basic, unique, RateError, SeOptions};
use crate::grid::Grid;

/// `r`, `c` 1-based, as in the published examples.
fn cell(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

fn mask(digits: &[u8]) -> u16 {
    digits.iter().map(|&d| 1u16 << d).sum()
}

/// An empty board where every cell holds every candidate.
fn open_board() -> Board {
    Board { values: [0; 81], cands: [ALL; 81] }
}

/// Removes `digit` from every cell of `cells`.
fn remove(b: &mut Board, digit: u8, cells: impl IntoIterator<Item = usize>) {
    for c in cells {
        b.cands[c] &= !(1 << digit);
    }
}

fn removes(hint: &Hint, r: usize, c: usize, digit: u8) -> bool {
    hint.removals.iter().any(|&(x, m)| x as usize == cell(r, c) && m & (1 << digit) != 0)
}

#[test]
fn hidden_single_in_a_block_is_1_2_and_in_a_line_1_5() {
    // Sudoku Explainer, HiddenSingleHint: a value with one place left in a house.
    let mut b = open_board();
    remove(&mut b, 4, (0..81).filter(|&c| c / 27 == 0 && c % 9 < 3 && c != cell(2, 2)));
    let h = first_step(|s| basic::hidden_single(&b, s)).expect("the 4 of block 1");
    assert_eq!((h.name, h.difficulty, h.place), ("Hidden Single", 1.2, Some((cell(2, 2) as u8, 4))));

    let mut b = open_board();
    remove(&mut b, 6, (1..=9).filter(|&c| c != 5).map(|c| cell(7, c)));
    let h = first_step(|s| basic::hidden_single(&b, s)).expect("the 6 of row 7");
    assert_eq!((h.difficulty, h.place), (1.5, Some((cell(7, 5) as u8, 6))));
}

#[test]
fn naked_single_is_2_3() {
    let mut b = open_board();
    b.cands[cell(5, 5)] = mask(&[8]);
    let h = first_step(|s| basic::naked_single(&b, s)).expect("r5c5 = 8");
    assert_eq!((h.name, h.difficulty, h.place), ("Naked Single", 2.3, Some((cell(5, 5) as u8, 8))));
}

#[test]
fn pointing_removes_the_digit_from_the_rest_of_the_line() {
    // Digit 7 of block 1 lies in row 1 only: it leaves the rest of row 1 (Pointing, 2.6).
    let mut b = open_board();
    remove(&mut b, 7, [cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
    let h = first_step(|s| basic::locking(&b, false, basic::ALL_HOUSES, s)).expect("a pointing 7");
    assert_eq!((h.name, h.difficulty), ("Pointing", 2.6));
    assert!((4..=9).all(|c| removes(&h, 1, c, 7)));
    assert_eq!(h.removals.len(), 6);
}

#[test]
fn direct_pointing_only_places_the_hidden_single() {
    // As above, and block 2 has its 7 only in rows 1 and 2 at r1c4 and r2c5: removing the 7s of
    // row 1 outside block 1 leaves r2c5. Sudoku Explainer applies the placement alone.
    let mut b = open_board();
    remove(&mut b, 7, [cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
    remove(&mut b, 7, [cell(1, 5), cell(1, 6), cell(2, 4), cell(2, 6), cell(3, 4), cell(3, 5), cell(3, 6)]);
    let h = first_step(|s| basic::locking(&b, true, basic::ALL_HOUSES, s)).expect("a direct pointing");
    assert_eq!((h.name, h.difficulty), ("Direct Pointing", 1.7));
    assert_eq!(h.place, Some((cell(2, 5) as u8, 7)));
    assert!(h.removals.is_empty());
}

#[test]
fn naked_pair_clears_its_house() {
    let mut b = open_board();
    b.cands[cell(5, 1)] = mask(&[1, 2]);
    b.cands[cell(5, 9)] = mask(&[1, 2]);
    let h = first_step(|s| basic::naked_set(&b, 2, basic::ALL_HOUSES, s)).expect("a naked pair in row 5");
    assert_eq!((h.name, h.difficulty), ("Naked Pair", 3.0));
    assert!((2..=8).all(|c| removes(&h, 5, c, 1) && removes(&h, 5, c, 2)));
}

#[test]
fn hidden_pair_clears_its_cells() {
    let mut b = open_board();
    for d in [3, 4] {
        remove(&mut b, d, (1..=9).filter(|&c| c != 2 && c != 8).map(|c| cell(1, c)));
    }
    let h = first_step(|s| basic::hidden_set(&b, 2, false, basic::ALL_HOUSES, s))
        .expect("a hidden pair in row 1");
    assert_eq!((h.name, h.difficulty), ("Hidden Pair", 3.4));
    assert_eq!(
        h.removals,
        vec![(cell(1, 2) as u8, ALL & !mask(&[3, 4])), (cell(1, 8) as u8, ALL & !mask(&[3, 4]))]
    );
}

#[test]
fn x_wing_on_columns() {
    // Digit 5 only in rows 1 and 4 of columns 1 and 7: it leaves the rest of rows 1 and 4.
    let mut b = open_board();
    remove(&mut b, 5, (1..=9).filter(|&r| r != 1 && r != 4).flat_map(|r| [cell(r, 1), cell(r, 7)]));
    let h = first_step(|s| basic::fish(&b, 2, s)).expect("an X-Wing");
    assert_eq!((h.name, h.difficulty), ("X-Wing", 3.2));
    assert!(removes(&h, 1, 2, 5) && removes(&h, 4, 9, 5) && !removes(&h, 1, 7, 5));
    assert_eq!(h.removals.len(), 14);
}

#[test]
fn xy_wing_and_xyz_wing() {
    // Pivot r1c1 {1,2}, wings r1c5 {1,3} and r4c1 {2,3}: r4c5 cannot be 3.
    let mut b = open_board();
    b.cands[cell(1, 1)] = mask(&[1, 2]);
    b.cands[cell(1, 5)] = mask(&[1, 3]);
    b.cands[cell(4, 1)] = mask(&[2, 3]);
    let h = first_step(|s| basic::xy_wing(&b, false, s)).expect("an XY-Wing");
    assert_eq!(
        (h.name, h.difficulty, h.removals.clone()),
        ("XY-Wing", 4.2, vec![(cell(4, 5) as u8, 1 << 3)])
    );

    // Pivot r1c1 {1,2,3}, wings r1c2 {1,3} and r2c1 {2,3}: the cells seeing all three lose 3.
    let mut b = open_board();
    b.cands[cell(1, 1)] = mask(&[1, 2, 3]);
    b.cands[cell(1, 2)] = mask(&[1, 3]);
    b.cands[cell(2, 1)] = mask(&[2, 3]);
    let h = first_step(|s| basic::xy_wing(&b, true, s)).expect("an XYZ-Wing");
    assert_eq!((h.name, h.difficulty), ("XYZ-Wing", 4.4));
    assert!(removes(&h, 1, 3, 3) && removes(&h, 2, 2, 3) && !removes(&h, 1, 4, 3));
}

#[test]
fn unique_rectangle_type_1() {
    // r1c1, r1c4, r3c1 hold {1,2}, r3c4 {1,2,5}: r3c4 cannot be 1 or 2 (else two solutions).
    let mut b = open_board();
    remove(&mut b, 2, 0..81);
    for c in [cell(1, 1), cell(1, 4), cell(3, 1)] {
        b.cands[c] = mask(&[1, 2]);
    }
    b.cands[cell(3, 4)] = mask(&[1, 2, 5]);
    let h = first_step(|s| unique::unique_loops(&b, s)).expect("a unique rectangle");
    assert_eq!((h.name, h.difficulty), ("Unique Rectangle type 1", 4.5));
    assert_eq!(h.removals, vec![(cell(3, 4) as u8, mask(&[1, 2]))]);
}

#[test]
fn aligned_pair_exclusion() {
    // Sudoku Explainer, AlignedPairExclusionHint: r1c5 {1,2} and r1c6 {1,3} see both r1c1 {1,2}
    // and r1c2 (all digits). Whichever of 1 and 2 r1c2 takes, r1c1 takes the other and r1c5 is
    // left empty: r1c2 cannot be 1 or 2. The pair (r1c1, r1c2) is the first in Sudoku
    // Explainer's order.
    let mut b = open_board();
    b.cands[cell(1, 1)] = mask(&[1, 2]);
    b.cands[cell(1, 9)] = mask(&[1, 3]);
    b.cands[cell(1, 5)] = mask(&[1, 2]);
    b.cands[cell(1, 6)] = mask(&[1, 3]);
    let h = aligned::Barren::new(2).search(&b).expect("an aligned pair exclusion");
    assert_eq!((h.name, h.difficulty), ("Aligned Pair Exclusion", 6.2));
    assert_eq!(h.removals, vec![(cell(1, 2) as u8, mask(&[1, 2]))]);
}

#[test]
fn length_bonus_follows_sudoku_explainers_steps() {
    // +0.1 each time complexity - 2 passes 4, 6, 8, 12, 16, 24, 32, 48.
    let tenths = |n: u32| (length_bonus(n) * 10.0).round() as u32;
    let expected = [(6, 0), (7, 1), (8, 1), (9, 2), (10, 2), (11, 3), (14, 3), (15, 4), (18, 4), (19, 5)];
    for (complexity, bonus) in expected {
        assert_eq!(tenths(complexity), bonus, "complexity {complexity}");
    }
    assert_eq!(tenths(26), 5);
    assert_eq!(tenths(27), 6);
    assert_eq!(tenths(34), 6);
    assert_eq!(tenths(35), 7);
}

/// Puzzles made by `sudokit generate puzzle --seed 4242 --difficulty guess` and `--seed 4243
/// --difficulty no-guess`, rated by serate 1.2.1.3 (GitHub `1to9only/SudokuExplainer` at
/// `729c00e`) as ER/EP/ED, with the name of the first hardest step.
const SERATE: &[(&str, &str, &str)] = &[
    (
        ".79.....2..8.195..............16..7..57..2...9....7......5.48..2.....9..63..9.1..",
        "1.5/1.2/1.2",
        "Hidden Single",
    ),
    (
        ".61..8.9484.2....1.......2.6...29..8.1........7..5...3....7.......68.25.......1..",
        "2.0/1.2/1.2",
        "Direct Hidden Pair",
    ),
    (
        "..126...99..4....26.4..5..14.....8.5..............7.3..5...6....8.15......7..8...",
        "2.3/1.2/1.2",
        "Naked Single",
    ),
    (
        "..9.........4.7..2.1..9..3....38....5.6.....7..2..9...9...4.3...2..5.1....31...4.",
        "2.6/1.2/1.2",
        "Pointing",
    ),
    (
        ".6.........4.719..5......4.1....5......8.6..1.8..4.3....53..4.78...........2..6.3",
        "2.8/1.2/1.2",
        "Claiming",
    ),
    (
        "...3.....3....2.5..6.....91..6...74..5....9......29.3..7...86.....791..........2.",
        "3.0/1.2/1.2",
        "Naked Pair",
    ),
    (
        ".4.6.........13.2.3.59.....6..1.9.......87.62......79.....3..7..9...645.82.......",
        "3.2/1.2/1.2",
        "X-Wing",
    ),
    (
        ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..",
        "4.2/1.2/1.2",
        "XY-Wing",
    ),
    (
        "7..26....3....9.....6..35..4.1....2.......13..9...8...68.4........72.3......85.7.",
        "4.4/1.2/1.2",
        "XYZ-Wing",
    ),
    (
        ".6..9..53......8.....6......1....6....8..3.9.4..2...8.69.8......7.4.52....3...1..",
        "4.5/1.2/1.2",
        "Unique Rectangle type 1",
    ),
    (
        ".89.........2.7...4.7..6.5.........39.6...4..1...5...92.4.1....6....2.3...5....8.",
        "5.6/1.2/1.2",
        "BUG type 1",
    ),
    (
        "..8.....9...3..2...9.6.17....5..4..8.....9.5.47....96.........7.51..7.4.....2....",
        "6.6/1.2/1.2",
        "Turbot Fish",
    ),
    (
        ".5..86.1..6..1.52...9.....4....6....4.....2.....4...79.36..7.....8.........2..7.8",
        "6.9/1.2/1.2",
        "Bidirectional Y-Cycle",
    ),
    (
        "1..7...5.96..3.......9..4...7852.1........3...1........9..1.56.7.4.........3...8.",
        "7.2/1.2/1.2",
        "Bidirectional Cycle",
    ),
    (
        "..8..71.47..5......5..18...2.......3....4.76.4..9.3..2...8..6..6...524...8..64...",
        "7.3/1.2/1.2",
        "Forcing Chain",
    ),
    (
        "....4.5.......218.2..5....9......69.67..5.......6.8...54..2...778.....6.36.7....5",
        "8.5/1.2/1.2",
        "Region Forcing Chains",
    ),
    (
        "7..1.....56...3.81....6..7..3.2.14...........8.1.5.....8...6....5..1...34..9..2..",
        "8.8/2.3/2.3",
        "Dynamic Cell Forcing Chains",
    ),
];

#[test]
fn ratings_match_serate() {
    for &(puzzle, expected, technique) in SERATE {
        let grid: Grid = puzzle.parse().expect("a test puzzle parses");
        let r = super::rate(&grid).expect("a unique puzzle is rated");
        let got = format!("{:.1}/{:.1}/{:.1}", r.er(), r.ep(), r.ed());
        assert_eq!((got.as_str(), r.hardest.as_str()), (expected, technique), "{puzzle}");
    }
}

#[test]
fn not_unique_and_invalid_puzzles_are_refused() {
    let grid: Grid = format!("{}{}", "123456789", ".".repeat(72)).parse().expect("parses");
    assert_eq!(super::rate(&grid), Err(RateError::Multiple));
    let grid: Grid = format!("{}{}", "11", ".".repeat(79)).parse().expect("parses");
    assert!(matches!(super::rate(&grid), Err(RateError::Invalid(_))));
}

#[test]
fn the_budget_bounds_work() {
    // Arto Inkala's 2012 puzzle (the README's example): Sudoku Explainer needs nested chains.
    let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
        .parse()
        .expect("parses");
    let tiny = SeOptions { budget: 1_000, ..SeOptions::default() };
    assert!(matches!(super::rate_with(&grid, tiny), Err(RateError::BudgetExhausted { .. })));
}

#[test]
fn nested_levels_have_sudoku_explainers_values_and_names() {
    use super::chain::{dynamic_base, DYNAMIC_NAMES};
    let bases: Vec<f64> = (0..=5).map(dynamic_base).collect();
    assert_eq!(bases, vec![8.5, 9.0, 9.5, 10.0, 10.5, 11.0]);
    assert_eq!(DYNAMIC_NAMES[1][0], "Dynamic Contradiction Forcing Chains (+)");
    assert_eq!(DYNAMIC_NAMES[3][3], "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)");
    assert_eq!(
        DYNAMIC_NAMES[5][2],
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
    );
}

#[test]
fn path_ends_solved_and_every_step_is_true() {
    let (puzzle, _, _) = SERATE[14];
    let grid: Grid = puzzle.parse().expect("parses");
    let solution = crate::solve::Puzzle::classic(grid.clone()).first_solution().expect("solvable");
    let path = super::path(&grid, SeOptions::default()).expect("rated");
    let mut placed = 0;
    for step in &path {
        if let Some((c, d)) = step.placement {
            assert_eq!(solution.values()[c], d, "{} places a wrong digit", step.name);
            placed += 1;
        }
        for &(c, d) in &step.removals {
            assert_ne!(solution.values()[c], d, "{} removes the solution's digit", step.name);
        }
    }
    assert_eq!(placed + grid.givens(), 81);
}

/// The puzzles on lines `ns` (from 1) of forum_hardest_1106, or `None` without the datasets.
fn forum_hardest_lines(ns: &[usize]) -> Option<Vec<(usize, Grid)>> {
    let dir = crate::testing::datasets_dir()?;
    let path = dir.join("puzzles6_forum_hardest_1106.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text.lines().collect();
    let grid = |n: usize| -> Grid {
        let puzzle = lines[n - 1].split_whitespace().next().unwrap_or_default();
        puzzle.parse().unwrap_or_else(|e| panic!("line {n}: {e}"))
    };
    Some(ns.iter().map(|&n| (n, grid(n))).collect())
}

#[test]
fn the_searches_left_out_change_no_step() {
    // Puzzles of forum_hardest_1106 (by line) whose hardest steps nest forcing chains (327, 369,
    // 89), multiple forcing chains (62, 276) and dynamic forcing chains (195): every step of the
    // path is the same when the chain searches that provably find nothing are run as well.
    let Some(puzzles) = forum_hardest_lines(&[327, 369, 89, 62, 276, 195]) else { return };
    for (n, grid) in puzzles {
        // The switch is the thread's: the chains are all built on it.
        let options = SeOptions { threads: 1, ..SeOptions::default() };
        let pruned = super::path(&grid, options.clone()).expect("rated");
        assert!(pruned.iter().any(|s| s.difficulty >= 9.5), "line {n} needs nested forcing chains");
        super::chain::PRUNING.with(|p| p.set(false));
        let full = super::path(&grid, options);
        super::chain::PRUNING.with(|p| p.set(true));
        assert_eq!(pruned, full.expect("rated"), "line {n}");
    }
}

#[test]
fn split_searches_take_the_same_path_for_the_same_work() {
    // Puzzles of forum_hardest_1106 (by line) whose hardest steps nest forcing chains (327),
    // multiple forcing chains (62) and dynamic forcing chains (195): the chains built in parts
    // give the same steps, and count the same work, as built in one; with one potential less
    // of budget, every split runs out of it after the same steps.
    let Some(puzzles) = forum_hardest_lines(&[327, 62, 195]) else { return };
    for (n, grid) in puzzles {
        let board = super::classic_board(&grid).expect("a classic puzzle");
        // The path, why it stopped short if it did, and the work it counted.
        let run = |threads, limit| {
            let mut budget = super::chain::Budget::new(limit);
            let parts = SeOptions { threads, ..SeOptions::default() }.parts();
            let (path, stopped) = super::solve_path_within(board.clone(), parts, &mut budget);
            (stopped.map_or(Ok(path), Err), budget.spent)
        };
        let (whole, spent) = run(1, SeOptions::default().budget);
        let whole = whole.expect("rated");
        assert!(whole.iter().any(|s| s.difficulty >= 9.5), "line {n} needs nested forcing chains");
        for threads in [2, 3] {
            let (split, split_spent) = run(threads, SeOptions::default().budget);
            assert_eq!(split.as_ref(), Ok(&whole), "line {n}, {threads} parts");
            assert_eq!(split_spent, spent, "line {n}, {threads} parts");
        }
        if n == 195 {
            let short: Vec<_> = [1, 2, 3].map(|threads| run(threads, spent - 1).0).into();
            assert!(matches!(short[0], Err(RateError::BudgetExhausted { .. })), "line {n}: {:?}", short[0]);
            assert!(short.iter().all(|r| *r == short[0]), "line {n}: {short:?}");
            assert_eq!(run(3, spent).0.as_ref(), Ok(&whole), "line {n}, just enough budget");
        }
    }
}

#[test]
fn split_searches_find_the_step_of_a_whole_search() {
    // The first boards of forum_hardest_1106, searched at levels 2 and 3 (the levels below are
    // never split): the chains built in parts give the step, and count the work, of a whole
    // search.
    let lines: Vec<usize> = (1..=12).collect();
    let Some(puzzles) = forum_hardest_lines(&lines) else { return };
    let mut found = 0;
    for (n, grid) in puzzles {
        let board = super::classic_board(&grid).expect("a classic puzzle");
        for level in [2, 3] {
            let search = |parts| {
                let mut budget = super::chain::Budget::new(u64::MAX);
                let mut cache = super::chain::NestedCache::default();
                let mode = super::chain::Multi::Dynamic(level);
                let hint =
                    super::chain::multiple_chains_split(&board, mode, &mut budget, &mut cache, false, parts);
                (hint, budget.spent)
            };
            let whole = search(1);
            found += usize::from(whole.0.is_some());
            for parts in [2, 3, 5] {
                assert_eq!(search(parts), whole, "line {n}, level {level}, {parts} parts");
            }
        }
    }
    // 23 of the 24 searches find one.
    assert!(found >= 22, "{found} of the searches found a step");
}

#[test]
fn split_searches_leave_the_calling_thread_a_bounded_spare() {
    // The outcomes a split search built on other threads come back to the calling thread, which
    // keeps some for its own searches: search after search, no more than one search needs.
    let Some(puzzles) = forum_hardest_lines(&[1, 2, 3, 4]) else { return };
    let mut handed_back = 0;
    for (_, grid) in puzzles {
        let board = super::classic_board(&grid).expect("a classic puzzle");
        for level in [2, 3] {
            let mut budget = super::chain::Budget::new(u64::MAX);
            let mut cache = super::chain::NestedCache::default();
            let mode = super::chain::Multi::Dynamic(level);
            super::chain::multiple_chains_split(&board, mode, &mut budget, &mut cache, false, 2);
            handed_back +=
                2 * board.cands.iter().map(|c| c.count_ones() as usize).filter(|&n| n >= 2).sum::<usize>();
        }
    }
    assert!(handed_back > 2 * super::chain::SPARE_OUTCOMES, "{handed_back} outcomes handed back");
    let kept = super::chain::most_spare_outcomes();
    assert!(kept <= super::chain::SPARE_OUTCOMES, "{kept} outcomes kept");
}

#[test]
fn explain_keeps_the_steps_of_a_path_cut_short() {
    // forum_hardest_1106 #1: nested forcing chains of level 2, 142 steps.
    let Some(puzzles) = forum_hardest_lines(&[1]) else { return };
    let (_, grid) = &puzzles[0];
    let whole = super::explain(grid, SeOptions::default()).expect("a classic puzzle");
    assert_eq!(whole.stopped, None);
    assert_eq!(whole.rating(), Some(super::rate(grid).expect("rated")));
    assert_eq!(super::path(grid, SeOptions::default()).as_ref(), Ok(&whole.steps));

    let options = SeOptions { budget: 10_000, ..SeOptions::default() };
    let short = super::explain(grid, options.clone()).expect("a classic puzzle");
    let Some(RateError::BudgetExhausted { steps, er_so_far_tenths }) = short.stopped.clone() else {
        panic!("stopped by the budget: {:?}", short.stopped);
    };
    assert!(steps > 0 && steps < whole.steps.len(), "{steps} steps");
    assert_eq!(short.steps[..], whole.steps[..steps]);
    let reached = short.steps.iter().map(super::SeStep::difficulty_tenths).max();
    assert_eq!(Some(er_so_far_tenths), reached);
    assert_eq!(short.rating(), None);
    assert_eq!(super::path(grid, options), Err(short.stopped.clone().expect("stopped")));
    let report = short.stopped.as_ref().map(RateError::report).expect("stopped");
    let at_least = format!(
        "no Sudoku Explainer rating (ER at least {}.{}): ",
        er_so_far_tenths / 10,
        er_so_far_tenths % 10
    );
    assert!(report.starts_with(&at_least), "{report}");
    // The text and JSON forms say where it stopped, and how the whole path ends.
    let text = short.to_string();
    assert_eq!(text.lines().count(), steps + 1);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[steps - 1], format!("{steps}. {}", short.steps[steps - 1]));
    assert_eq!(lines[steps], format!("stopped after {steps} steps: {report}"));
    let json = serde_json::to_value(&short).expect("serializes");
    assert_eq!((&json["solved"], &json["er"], &json["hardest"]), (&false.into(), &().into(), &().into()));
    assert_eq!(json["stopped"], report.as_str());
    assert_eq!(json["steps"].as_array().map(Vec::len), Some(steps));
    let hardest = "Dynamic Region Forcing Chains (+ Forcing Chains)";
    let end = format!("solved in 142 steps: ER 10.3, EP 1.2, ED 1.2 (hardest: {hardest})");
    assert_eq!(whole.to_string().lines().last(), Some(end.as_str()));
    let json = serde_json::to_value(&whole).expect("serializes");
    assert_eq!(
        (json["solved"].as_bool(), json["er"].as_f64(), json["ep"].as_f64()),
        (Some(true), Some(10.3), Some(1.2))
    );
    assert_eq!(json["stopped"], serde_json::Value::Null);
    // A grid solved already: rated 0.0, and no hardest step to name.
    let solved: Grid = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
        .parse()
        .expect("grid");
    let done = super::explain(&solved, SeOptions::default()).expect("a classic grid");
    assert_eq!(done.to_string(), "solved in 0 steps: ER 0.0, EP 0.0, ED 0.0");
}

#[test]
fn steps_read_in_forum_notation_and_in_json() {
    let single = super::SeStep {
        name: "Naked Single",
        difficulty: 2.3,
        placement: Some((40, 9)),
        ..Default::default()
    };
    assert_eq!(single.to_string(), "Naked Single (2.3): r5c5=9");
    // Difficulties summed from a base and a length bonus print as serate rounds them.
    let chain = super::SeStep {
        name: "Dynamic Region Forcing Chains",
        difficulty: 8.5 + 0.1 + 0.1 + 0.1,
        removals: vec![(0, 1), (80, 9)],
        ..Default::default()
    };
    assert_eq!(chain.to_string(), "Dynamic Region Forcing Chains (8.8): r1c1<>1, r9c9<>9");
    let pair = super::SeStep {
        name: "Naked Pair",
        difficulty: 3.0,
        removals: vec![(2, 4)],
        pattern_digits: vec![4, 8],
        pattern_cells: vec![15, 24],
        ..Default::default()
    };
    assert_eq!(pair.to_string(), "Naked Pair (3.0): 4/8 in r2c7,r3c7 => r1c3<>4");
    let json = serde_json::to_value(&pair).expect("serializes");
    assert_eq!(
        (&json["digits"], &json["cells"]),
        (&serde_json::json!([4, 8]), &serde_json::json!(["r2c7", "r3c7"]))
    );
    assert_eq!(
        serde_json::to_value(&chain).expect("serializes"),
        serde_json::json!({
            "technique": "Dynamic Region Forcing Chains",
            "difficulty": 8.8,
            "text": "Dynamic Region Forcing Chains (8.8): r1c1<>1, r9c9<>9",
            "digits": [],
            "cells": [],
            "chains": [],
            "placements": [],
            "eliminations": [{"cell": "r1c1", "digit": 1}, {"cell": "r9c9", "digit": 9}],
        })
    );
    // A static chain prints in Eureka notation in place of its pattern: r1c2=6 leads to r1c2<>6.
    let six = |cell: usize, on: bool| (super::board::cand(cell, 6), on);
    let potentials =
        [six(1, true), six(11, false), six(47, true), six(49, false), six(4, true), six(1, false)];
    let turbot = super::SeStep {
        name: "Turbot Fish",
        difficulty: 6.6,
        removals: vec![(1, 6)],
        pattern_digits: vec![6],
        pattern_cells: vec![1, 4, 11, 47, 49],
        chains: super::chain_of(&potentials).into_iter().collect(),
        ..Default::default()
    };
    assert_eq!(
        turbot.to_string(),
        "Turbot Fish (6.6): (6)r1c2-(6)r2c3=(6)r6c3-(6)r6c5=(6)r1c5-(6)r1c2 => r1c2<>6"
    );
    let json = serde_json::to_value(&turbot).expect("serializes");
    let node = |cell: &str| serde_json::json!({"cells": [cell], "digits": [6]});
    assert_eq!(
        json["chains"],
        serde_json::json!([{
            "nodes": [node("r1c2"), node("r2c3"), node("r6c3"), node("r6c5"), node("r1c5"), node("r1c2")],
            "links": ["weak", "strong", "weak", "strong", "weak"],
        }])
    );
    assert_eq!(super::chain_of(&[]), None);
}

#[test]
fn technique_names_are_listed_once_each_with_every_nesting_level() {
    let names = super::technique_names();
    let unique: std::collections::HashSet<_> = names.iter().collect();
    assert_eq!(unique.len(), names.len());
    for level in super::chain::DYNAMIC_NAMES {
        assert!(level.iter().all(|n| names.contains(n)), "{level:?}");
    }
    // The loops and BUGs, whose names are made from their type.
    for kind in 1..=4 {
        for family in ["Unique Rectangle", "Unique Loop", "BUG"] {
            assert!(names.contains(&format!("{family} type {kind}").as_str()), "{family} {kind}");
        }
    }
}
