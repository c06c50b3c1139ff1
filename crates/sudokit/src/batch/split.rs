//! One count on every core: the search tree of a puzzle with many solutions is split at its first
//! branching levels, and the parts are counted in parallel.
//!
//! Splitting fixes the open cell with the fewest candidates (judged from the givens alone) to each
//! of its candidates in turn, level after level, until there are enough parts to keep every worker
//! busy. The solutions of the parts are those of the puzzle, each in exactly one part (they differ
//! at a fixed cell), so the sum is the exact count. A candidate that breaks the rules only gives a
//! part with no solution.
//!
//! Most puzzles are settled faster than they could be split: a first, sequential count with a small
//! node budget answers them, and only a count that runs out of that budget is split.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::grid::{Cell, Digit, Grid};
use crate::rules::Board;
use crate::solve::{Interrupt, Limits, Puzzle, SearchOutcome};

/// Parts per worker thread: enough that parts of very different sizes even out.
const PARTS_PER_THREAD: usize = 16;
/// How many levels the split goes down at most.
const MAX_LEVELS: usize = 8;
/// The node budget of the first, sequential count, in cells of the board for 2²⁰ (about 13,000 nodes
/// on 9×9, 1,700 on 25×25): a few milliseconds at most.
const PROBE_CELL_NODES: u64 = 1 << 20;

/// Counts the solutions of `puzzle` within `limits`, like [`Puzzle::count`], on every worker of the
/// current rayon pool when the count is big enough to pay for it.
///
/// The count (and whether it is complete) is exactly what [`Puzzle::count`] gives; the guesses are
/// the sum over the parts. With a solution limit, the parts stop once the limit is reached, and the
/// result is the limit with `complete: false`, as for a sequential count. A node budget applies to
/// the whole count and keeps it sequential. A deadline or cancel flag stops every part.
///
/// ```
/// use sudokit::batch::count_split;
/// use sudokit::{Grid, Limits, Puzzle, Shape};
///
/// let empty = Puzzle::classic(Grid::empty(Shape::for_side(4)?));
/// assert_eq!(count_split(&empty, &Limits::all()).solutions, 288);
/// # Ok::<(), sudokit::Error>(())
/// ```
pub fn count_split(puzzle: &Puzzle, limits: &Limits) -> SearchOutcome {
    let threads = rayon::current_num_threads();
    if threads < 2 || limits.max_nodes().is_some() || limits.max_solutions() == Some(0) {
        return puzzle.count(limits.clone());
    }
    let board = puzzle.board();
    let probe_nodes = (PROBE_CELL_NODES / board.shape().cells() as u64).max(1);
    let probe = puzzle.count(limits.clone().with_nodes(probe_nodes));
    if probe.interrupted != Some(Interrupt::NodeBudget) {
        return probe;
    }
    let parts = split(board, puzzle.grid(), threads * PARTS_PER_THREAD);
    let cap = limits.solution_cap();
    let found = AtomicU64::new(0);
    let guesses = AtomicU64::new(0);
    let stopped: Mutex<Option<Interrupt>> = Mutex::new(None);
    let board_arc = puzzle.shared_board();
    parts.par_iter().for_each(|part| {
        let so_far = found.load(Ordering::Relaxed);
        if so_far >= cap || stopped.lock().map(|s| s.is_some()).unwrap_or(true) {
            return;
        }
        let part = Puzzle::new(board_arc.clone(), part.clone()).expect("a part has the puzzle's shape");
        let mut l = limits.clone();
        if limits.max_solutions().is_some() {
            l = l.with_solutions(cap - so_far);
        }
        let o = part.count(l);
        found.fetch_add(o.solutions, Ordering::Relaxed);
        guesses.fetch_add(o.guesses, Ordering::Relaxed);
        if let Some(by) = o.interrupted {
            if let Ok(mut s) = stopped.lock() {
                s.get_or_insert(by);
            }
        }
    });
    let interrupted = stopped.into_inner().unwrap_or(Some(Interrupt::Cancelled));
    let total = found.into_inner();
    SearchOutcome {
        solutions: total.min(cap),
        guesses: guesses.into_inner(),
        complete: total < cap && interrupted.is_none(),
        interrupted,
    }
}

/// Parts of `grid` whose solutions are exactly its solutions, each in one part: at least `want` of
/// them when the board has the open cells for it.
fn split(board: &Board, grid: &Grid, want: usize) -> Vec<Grid> {
    let mut parts = vec![grid.clone()];
    for _ in 0..MAX_LEVELS {
        if parts.len() >= want {
            break;
        }
        let mut next = Vec::with_capacity(parts.len() * 4);
        let mut grew = false;
        for part in parts {
            match branch(board, &part) {
                Branch::Full => next.push(part),
                Branch::Dead => {}
                Branch::Cell(cell, digits) => {
                    grew = true;
                    for d in digits {
                        let mut g = part.clone();
                        g.set(cell, Some(d));
                        next.push(g);
                    }
                }
            }
        }
        parts = next;
        if !grew {
            break;
        }
    }
    parts
}

enum Branch {
    /// Every cell holds a digit.
    Full,
    /// An open cell has no candidate left: no solution.
    Dead,
    /// The open cell with the fewest candidates, and those candidates.
    Cell(Cell, Vec<Digit>),
}

/// The open cell to split on: the fewest digits not taken by a peer's given, first in reading order.
fn branch(board: &Board, grid: &Grid) -> Branch {
    let n = board.shape().side();
    let values = grid.values();
    let mut best: Option<(usize, u32)> = None;
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            continue;
        }
        let taken = board.peers(Cell::from_index(i)).iter().fold(0u32, |acc, &p| match values[p as usize] {
            0 => acc,
            d => acc | 1 << (d - 1),
        });
        let free = !taken & if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((i, free));
            if free == 0 {
                return Branch::Dead;
            }
        }
    }
    match best {
        None => Branch::Full,
        Some((i, free)) => {
            let digits = (0..n).filter(|d| free >> d & 1 == 1).map(Digit::from_index).collect();
            Branch::Cell(Cell::from_index(i), digits)
        }
    }
}
