//! The general engine against brute force on small boards and variants, and its stronger steps
//! against singles alone.

use std::ops::ControlFlow;

use super::propagate::Passes;
use super::search::{first_fewest, rarest_pair, run_with, Counter};
use super::{count, search};
use crate::grid::{Cell, Grid, Shape};
use crate::parse::region_map;
use crate::rules::{Board, Cage};
use crate::solve::Limits;
use crate::testing::brute_force_count;

fn count_all(board: &Board, grid: &Grid) -> u64 {
    let o = count(board, grid, &Limits::all());
    assert!(o.complete);
    o.solutions
}

/// A small deterministic generator, so the tests need no RNG crate state.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Puzzles made by blanking cells of a solution found by the engine.
fn random_puzzles(board: &Board, seed: u64, count: usize, blanks: usize) -> Vec<Grid> {
    let shape = board.shape();
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    for _ in 0..count * 50 {
        if out.len() == count {
            break;
        }
        // A few random givens steer the engine to different solutions.
        let mut start = Grid::empty(shape);
        for _ in 0..3 {
            let c = Cell::from_index(rng.next(shape.cells()));
            start.set(c, Some(crate::Digit::from_index(rng.next(shape.side()))));
        }
        let mut solution = None;
        search(board, &start, &Limits::up_to(1), &mut |g| {
            solution = Some(g.clone());
            ControlFlow::Break(())
        });
        let Some(mut g) = solution else { continue };
        for _ in 0..blanks {
            g.set(Cell::from_index(rng.next(shape.cells())), None);
        }
        out.push(g);
    }
    assert_eq!(out.len(), count, "too few random starts have a solution");
    out
}

#[test]
fn empty_4x4_has_288_solutions() {
    let s = Shape::for_side(4).expect("4");
    assert_eq!(count_all(&Board::classic(s), &Grid::empty(s)), 288);
}

#[test]
fn no_4x4_puzzle_with_three_givens_is_unique() {
    let s = Shape::for_side(4).expect("4");
    let board = Board::classic(s);
    let mut checked = 0;
    for a in 0..16 {
        for b in a + 1..16 {
            for c in b + 1..16 {
                for digits in 0..64u32 {
                    let mut g = Grid::empty(s);
                    for (k, cell) in [a, b, c].into_iter().enumerate() {
                        let d = (digits >> (2 * k)) & 3;
                        g.set(Cell::from_index(cell), Some(crate::Digit::from_index(d as usize)));
                    }
                    let o = count(&board, &g, &Limits::up_to(2));
                    assert_ne!(o.solutions, 1, "{g} is unique");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 560 * 64);
}

#[test]
fn counts_match_brute_force_on_small_boards_and_variants() {
    let s4 = Shape::for_side(4).expect("4");
    let s6 = Shape::new(2, 3).expect("2x3");
    let s6t = Shape::new(3, 2).expect("3x2");
    let jig6 = region_map(s6, b"AAABBBACCBBDACCCBDAECDDDEEFFFDEEEFFF").expect("regions");
    let boards = [
        Board::classic(s4),
        Board::classic(s4).with_diagonals(),
        Board::classic(s6),
        Board::classic(s6t),
        Board::classic(s6).with_diagonals(),
        Board::jigsaw(s6, &jig6).expect("jigsaw"),
        Board::classic(Shape::CLASSIC).with_windows().expect("hyper"),
        Board::classic(Shape::CLASSIC).with_diagonals(),
    ];
    for (k, board) in boards.iter().enumerate() {
        let blanks = if board.shape().side() == 9 { 45 } else { board.shape().cells() * 2 / 3 };
        for g in random_puzzles(board, 7 + k as u64, 6, blanks) {
            let expected = brute_force_count(board, &g, 5000);
            let o = count(board, &g, &Limits::up_to(5000));
            assert_eq!(o.solutions, expected, "board {k}: {g}");
            // The steps that only big boards turn on, here on small ones against brute force.
            let every = Passes::every_step(board.geometry());
            let o = run_with(board, every, &g, &[], &Limits::up_to(5000), Counter);
            assert_eq!(o.solutions, expected, "board {k}, every step: {g}");
            let mut seen = 0;
            search(board, &g, &Limits::up_to(5000), &mut |sol| {
                assert!(board.is_solution(&g, sol), "board {k}: {sol} does not solve {g}");
                seen += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(seen, expected);
        }
    }
}

/// The hidden windows the engine adds on hyper boards (see `Board::implied_houses`) hold in every
/// solution: on boards too big for the brute-force test above, counts with many solutions agree.
#[test]
fn hyper_counts_match_brute_force_on_big_boards() {
    for (k, side) in [16usize, 25].into_iter().enumerate() {
        let board = Board::classic(Shape::for_side(side).expect("square")).with_windows().expect("hyper");
        for mut g in random_puzzles(&board, 70 + k as u64, 3, side) {
            // Every place of digits 1 to 3 blank: the six ways to relabel them are solutions, and
            // there may be more.
            for c in 0..g.shape().cells() {
                if g.values()[c] <= 3 {
                    g.set(Cell::from_index(c), None);
                }
            }
            let expected = brute_force_count(&board, &g, 2000);
            assert!(expected >= 6, "{g} has several solutions, so the count tests the engine");
            assert_eq!(count(&board, &g, &Limits::up_to(2000)).solutions, expected, "{g}");
        }
    }
}

#[test]
fn killer_cages_match_brute_force() {
    let s6 = Shape::new(2, 3).expect("2x3");
    let base = Board::classic(s6);
    let mut rng = Lcg(99);
    for round in 0..8 {
        let solution = &random_puzzles(&base, 1000 + round, 1, 0)[0];
        // Dominoes across the board, each a cage with the solution's sum; a few cells stay caged alone.
        let mut cages = Vec::new();
        for r in 0..6 {
            for c in (0..6).step_by(2) {
                let cells = if rng.next(3) == 0 {
                    vec![Cell::at(r, c, s6)]
                } else {
                    vec![Cell::at(r, c, s6), Cell::at(r, c + 1, s6)]
                };
                let sum = cells.iter().map(|x| solution.values()[x.index()] as u32).sum();
                cages.push(Cage { sum, cells });
            }
        }
        let board = Board::classic(s6).with_cages(cages).expect("valid cages");
        let mut puzzle = Grid::empty(s6);
        for _ in 0..2 {
            let c = Cell::from_index(rng.next(36));
            puzzle.set(c, solution.get(c));
        }
        let expected = brute_force_count(&board, &puzzle, 100_000);
        assert!(expected >= 1);
        assert_eq!(count(&board, &puzzle, &Limits::up_to(100_000)).solutions, expected, "round {round}");
        let every = Passes::every_step(board.geometry());
        let o = run_with(&board, every, &puzzle, &[], &Limits::up_to(100_000), Counter);
        assert_eq!(o.solutions, expected, "round {round}, every step");
    }
}

#[test]
fn impossible_cage_sum_leaves_no_solution() {
    let s4 = Shape::for_side(4).expect("4");
    // 1 + 2 in a row cage while the row's other cage needs 1 + 2 as well: no solution.
    let board = Board::classic(s4)
        .with_cages([
            Cage { sum: 3, cells: vec![Cell::at(0, 0, s4), Cell::at(0, 1, s4)] },
            Cage { sum: 3, cells: vec![Cell::at(0, 2, s4), Cell::at(0, 3, s4)] },
        ])
        .expect("each cage alone is fine");
    assert_eq!(count_all(&board, &Grid::empty(s4)), 0);
    assert_eq!(brute_force_count(&board, &Grid::empty(s4), 10), 0);
}

#[test]
fn locked_candidates_pairs_and_subsets_change_no_count() {
    let s9 = Shape::CLASSIC;
    // Boxes with a few cells swapped between boxes: regions that meet rows and columns in segments
    // of one to four cells. Each swapped pair holds one digit in a classic solution, so that
    // solution still fits and the board has solutions.
    let solution = &random_puzzles(&Board::classic(s9), 3, 1, 0)[0];
    let mut regions: Vec<u8> = (0..81).map(|i| s9.box_of(Cell::from_index(i)) as u8).collect();
    let mut swaps = 0;
    for a in 0..81 {
        for b in a + 1..81 {
            let same = solution.values()[a] == solution.values()[b];
            if swaps < 5
                && same
                && regions[a] == s9.box_of(Cell::from_index(a)) as u8
                && regions[a] + 1 == regions[b]
            {
                regions.swap(a, b);
                swaps += 1;
            }
        }
    }
    assert_eq!(swaps, 5);
    let jig9 = Board::jigsaw(s9, &regions).expect("a valid region map");
    let boards = [
        (Board::classic(s9), 50),
        (Board::classic(s9).with_diagonals(), 50),
        (Board::classic(s9).with_windows().expect("hyper"), 50),
        (jig9, 50),
        (Board::classic(Shape::for_side(12).expect("12")), 80),
        (Board::classic(Shape::new(4, 3).expect("4x3")), 80),
        (Board::classic(Shape::for_side(16).expect("16")), 140),
    ];
    for (k, (board, blanks)) in boards.iter().enumerate() {
        let full = Passes::for_board(board.geometry());
        assert!(full.segments != 0, "board {k} has segments");
        for g in random_puzzles(board, 40 + k as u64, 8, *blanks) {
            let limits = Limits::up_to(100);
            let a = run_with(board, full, &g, &[], &limits, Counter);
            let b = run_with(board, Passes::SINGLES_ONLY, &g, &[], &limits, Counter);
            let every = run_with(board, Passes::every_step(board.geometry()), &g, &[], &limits, Counter);
            assert!(a.complete && b.complete && every.complete);
            assert_eq!(a.solutions, b.solutions, "board {k}: {g}");
            assert_eq!(every.solutions, b.solutions, "board {k}, every step: {g}");
        }
    }
}

#[test]
fn counting_and_visiting_agree() {
    let s6 = Shape::new(2, 3).expect("2x3");
    let mut g = Grid::empty(s6);
    g.set(Cell::from_index(0), Some(crate::Digit::new(1)));
    g.set(Cell::from_index(7), Some(crate::Digit::new(4)));
    g.set(Cell::from_index(14), Some(crate::Digit::new(2)));
    g.set(Cell::from_index(35), Some(crate::Digit::new(6)));
    let board = Board::classic(s6);
    let counted = count_all(&board, &g);
    let mut visited = 0u64;
    let o = search(&board, &g, &Limits::all(), &mut |_| {
        visited += 1;
        ControlFlow::Continue(())
    });
    assert!(o.complete);
    assert_eq!(counted, visited);
    assert_eq!(counted, brute_force_count(&board, &g, u64::MAX));
}

#[test]
fn branching_from_16x16_takes_the_cell_in_the_most_contradicted_houses_then_with_the_rarest_digits() {
    // Open digits: 1 in cells 0, 3, 4; 2 in 0, 4; 3 in 1, 3; 4 in 1 only (cell 2 is placed).
    let cand = [0b0011, 0b1100, 0b0001, 0b0101, 0b0011];
    // Cells 0 and 1 in house 0, cells 2 to 4 in house 1.
    let houses = [0b01, 0b01, 0b10, 0b10, 0b10];
    assert_eq!(rarest_pair(&cand, &houses, &[0, 0]), Some((1, 2)));
    // Contradictions seen in house 1 lead there first (cells 3 and 4, as rare as each other).
    assert_eq!(rarest_pair(&cand, &houses, &[0, 1]), Some((3, 2)));
    assert_eq!(first_fewest(&cand), Some((0, 2)));
    // A cell with fewer candidates wins whatever its digits.
    let cand = [0b0111, 0b1110, 0b0011];
    assert_eq!(rarest_pair(&cand, &[0b01, 0b01, 0b10], &[5, 0]), Some((2, 2)));
    assert_eq!(rarest_pair(&[0b1, 0b10], &[0b01, 0b01], &[0]), None);
    assert_eq!(first_fewest(&[0b1, 0b10]), None);
}

#[test]
fn counts_on_16x16_match_brute_force() {
    let board = Board::classic(Shape::for_side(16).expect("16"));
    for g in random_puzzles(&board, 1916, 4, 90) {
        let expected = brute_force_count(&board, &g, 500);
        assert_eq!(count(&board, &g, &Limits::up_to(500)).solutions, expected, "{g}");
        let mut seen = 0;
        search(&board, &g, &Limits::up_to(500), &mut |sol| {
            assert!(board.is_solution(&g, sol), "{sol} does not solve {g}");
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(seen, expected);
    }
}
