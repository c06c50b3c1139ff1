//! Removing givens from a complete grid while the solution stays unique.
//!
//! Orbits of cells (see [`super::Symmetry::orbits`]) are tried in a random order; an orbit stays
//! removed when the puzzle still has exactly one solution (a count up to 2). One pass is enough for
//! minimality: removing givens only adds solutions, so an orbit whose removal broke uniqueness at
//! its turn breaks it again in every later, smaller puzzle.
//!
//! On boards of 12×12 and more the early checks are cheap but many, so a first phase removes
//! batches of orbits at once, halving the batch after every failure; the orbits of a failed batch
//! go back to the one-by-one pass, which keeps the minimality argument intact.
//!
//! # Bounded checks
//!
//! On the general engine's boards (everything but the classic 9×9) each check has a node budget
//! ([`check_budget`]): late in the digging a few removals on 25×25 boards open search trees that take
//! minutes to settle, and without a bound one of them can stall a run. A removal whose check runs out
//! of budget is undone, as if it had broken uniqueness, and counted ([`Dug::unproven`]). The puzzle
//! is still unique (only proven removals stay), but it is *minimal as far as checked*: an unproven
//! given might be removable. The classic 9×9 board has no budget; its checks are short.

use rand::seq::SliceRandom;
use rand::Rng;

use super::RATING_CHECKS;
use crate::grid::Cell;
use crate::grid::Grid;
use crate::rules::Board;
use crate::solve::{admitted, count_within, CancelFlag, Engine, Fast9Engine, Interrupt, Limits};

/// Boards from this side on start with the batch phase.
const BATCH_FROM_SIDE: usize = 12;

/// The node budget of one uniqueness check on boards up to 16×16: every check of the 16×16
/// puzzles measured settles within it.
const SMALL_BOARD_NODES: u64 = 4096;

/// Search nodes per cell that one check may take on boards above 16×16 (625 on 25×25, a few
/// milliseconds). Measured on 25×25: doubling it changed neither the number of checks that run out
/// (about 260 of some 300 late checks) nor the clues, only the time; their trees are far bigger.
const NODES_PER_CELL: u64 = 1;

/// The node budget of one uniqueness check while digging on `board`: `None` (no budget) on the
/// classic 9×9 board, whose fast engine settles every check quickly, [`SMALL_BOARD_NODES`] up to
/// 16×16 and [`NODES_PER_CELL`] per cell above.
pub(crate) fn check_budget(board: &Board) -> Option<u64> {
    let shape = board.shape();
    if Fast9Engine.supports(board) {
        None
    } else if shape.side() <= 16 {
        Some(SMALL_BOARD_NODES)
    } else {
        Some(NODES_PER_CELL * shape.cells() as u64)
    }
}

/// What one uniqueness check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// Exactly one solution.
    Unique,
    /// None or several.
    NotUnique,
    /// The node budget ran out first.
    Unknown,
    /// The cancel flag was set: the whole dig stops.
    Cancelled,
}

/// A dug puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Dug {
    /// The puzzle; it has exactly one solution.
    pub puzzle: Grid,
    /// Removals (orbits of givens) kept because their check ran out of budget.
    pub unproven: usize,
}

/// Removes givens from `solution`.
pub(crate) struct Digger<'a> {
    pub board: &'a Board,
    pub engine: &'static dyn Engine,
    /// The node budget of each check (`None`: unbounded).
    pub budget: Option<u64>,
    /// Stops the dig when set.
    pub cancel: Option<CancelFlag>,
}

impl<'a> Digger<'a> {
    /// A digger for `board` with the board's engine and [`check_budget`].
    pub fn new(board: &'a Board, engine: &'static dyn Engine) -> Digger<'a> {
        Digger { board, engine, budget: check_budget(board), cancel: None }
    }

    /// The guesses of the count that rates a dug puzzle ([`super::Generated::guesses`]), bounded too,
    /// by many checks' worth of nodes; `None` when the cancel flag stopped it.
    pub fn guesses(&self, puzzle: &Grid) -> Option<u64> {
        let limits = self.limits(2, self.budget.map(|n| n * RATING_CHECKS));
        let rated = admitted(self.engine.count(self.board, puzzle, &limits));
        (rated.interrupted != Some(Interrupt::Cancelled)).then_some(rated.guesses)
    }

    /// The limits of one check: `solutions`, the cancel flag and `nodes` (`None`: unbounded).
    pub fn limits(&self, solutions: u64, nodes: Option<u64>) -> Limits {
        let mut limits = Limits::up_to(solutions);
        if let Some(n) = nodes {
            limits = limits.with_nodes(n);
        }
        if let Some(flag) = &self.cancel {
            limits = limits.with_cancel(flag.clone());
        }
        limits
    }

    /// Whether the cancel flag is set. The searches look at it only every few hundred nodes, and on
    /// big boards a check can need fewer than that, so every check looks at it first.
    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
    }

    /// Whether `grid` has exactly one solution, within the budget.
    pub fn check(&self, grid: &Grid) -> Check {
        if self.cancelled() {
            return Check::Cancelled;
        }
        let o = admitted(self.engine.count(self.board, grid, &self.limits(2, self.budget)));
        match (o.solutions, o.interrupted) {
            (2.., _) => Check::NotUnique,
            (_, Some(Interrupt::Cancelled)) => Check::Cancelled,
            (_, Some(_)) => Check::Unknown,
            (1, None) => Check::Unique,
            _ => Check::NotUnique,
        }
    }

    /// Whether `grid` still has exactly one solution, `solution`, now that the cells of `removed` are
    /// blank, given that it had before. Any other solution differs from `solution` in a removed cell,
    /// so on the general engine this looks for a solution that does, one removed cell at a time (the
    /// first `i` cells as in `solution`, cell `i` not): each search is a small part of a full count.
    /// The classic 9×9 board counts up to two on the fast engine instead.
    fn check_removal(&self, grid: &Grid, solution: &Grid, removed: &[u16]) -> Check {
        if self.budget.is_none() || self.cancelled() {
            return self.check(grid);
        }
        let digit = |c: u16| {
            let d = solution.get(Cell::from_index(c as usize)).expect("the solution is complete");
            1u32 << d.index()
        };
        let mut keep: Vec<(usize, u32)> = Vec::with_capacity(removed.len());
        let mut nodes_left = self.budget;
        for &c in removed {
            keep.push((c as usize, !digit(c)));
            let limits = self.limits(1, nodes_left.map(|n| n.max(1)));
            let o = count_within(self.board, grid, &keep, &limits);
            match (o.solutions, o.interrupted) {
                (1.., _) => return Check::NotUnique,
                (_, Some(Interrupt::Cancelled)) => return Check::Cancelled,
                (_, Some(_)) => return Check::Unknown,
                _ => {}
            }
            // The budget is for the whole check; a search reports no node count, so charge its guesses.
            nodes_left = nodes_left.map(|n| n.saturating_sub(o.guesses));
            if let Some(last) = keep.last_mut() {
                last.1 = digit(c);
            }
        }
        Check::Unique
    }

    /// A puzzle with the unique solution `solution`, made by removing orbits in a random order. Stops
    /// removing before the givens would drop below `floor` (0: remove all it can, giving a puzzle minimal
    /// for these orbits, as far as checked). `None` when the cancel flag stopped it.
    pub fn dig<R: Rng + ?Sized>(
        &self,
        solution: &Grid,
        orbits: &[Vec<u16>],
        floor: usize,
        rng: &mut R,
    ) -> Option<Dug> {
        let mut unproven = 0;
        let mut puzzle = solution.clone();
        let mut givens = puzzle.values().len();
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        order.shuffle(rng);

        let mut single: Vec<usize> = Vec::with_capacity(order.len());
        let mut rest = &order[..];
        if puzzle.shape().side() >= BATCH_FROM_SIDE {
            let mut batch = (order.len() / 8).max(2);
            while batch >= 2 && rest.len() >= batch {
                let (now, later) = rest.split_at(batch);
                rest = later;
                let size: usize = now.iter().map(|&o| orbits[o].len()).sum();
                if givens < floor + size {
                    single.extend_from_slice(now);
                    continue;
                }
                now.iter().for_each(|&o| clear(&mut puzzle, &orbits[o]));
                // A batch out of budget goes back to the one-by-one pass like a failed one.
                let check = self.check(&puzzle);
                if check == Check::Cancelled {
                    return None;
                }
                if check == Check::Unique {
                    givens -= size;
                } else {
                    now.iter().for_each(|&o| restore(&mut puzzle, solution, &orbits[o]));
                    single.extend_from_slice(now);
                    batch /= 2;
                }
            }
        }
        // Failed batches went in first, so the list keeps the shuffled order.
        single.extend_from_slice(rest);

        for o in single {
            let orbit = &orbits[o];
            if givens < floor + orbit.len() {
                continue;
            }
            clear(&mut puzzle, orbit);
            match self.check_removal(&puzzle, solution, orbit) {
                Check::Unique => givens -= orbit.len(),
                Check::Cancelled => return None,
                check => {
                    unproven += usize::from(check == Check::Unknown);
                    restore(&mut puzzle, solution, orbit);
                }
            }
        }
        Some(Dug { puzzle, unproven })
    }
}

fn clear(puzzle: &mut Grid, orbit: &[u16]) {
    for &c in orbit {
        puzzle.set(crate::Cell::from_index(c as usize), None);
    }
}

fn restore(puzzle: &mut Grid, solution: &Grid, orbit: &[u16]) {
    for &c in orbit {
        let cell = crate::Cell::from_index(c as usize);
        puzzle.set(cell, solution.get(cell));
    }
}
