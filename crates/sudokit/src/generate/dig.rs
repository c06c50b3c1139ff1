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

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::Grid;
use crate::rules::Board;
use crate::solve::{admitted, Engine, Limits};

/// Boards from this side on start with the batch phase.
const BATCH_FROM_SIDE: usize = 12;

/// Removes givens from `solution`.
pub(crate) struct Digger<'a> {
    pub board: &'a Board,
    pub engine: &'static dyn Engine,
}

impl Digger<'_> {
    /// Whether `grid` has exactly one solution.
    pub fn unique(&self, grid: &Grid) -> bool {
        admitted(self.engine.count(self.board, grid, &Limits::up_to(2))).solutions == 1
    }

    /// A puzzle with the unique solution `solution`, made by removing orbits in a random order. Stops
    /// removing before the givens would drop below `floor` (0: remove all it can, giving a puzzle minimal
    /// for these orbits).
    pub fn dig<R: Rng + ?Sized>(
        &self,
        solution: &Grid,
        orbits: &[Vec<u16>],
        floor: usize,
        rng: &mut R,
    ) -> Grid {
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
                if self.unique(&puzzle) {
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
            if self.unique(&puzzle) {
                givens -= orbit.len();
            } else {
                restore(&mut puzzle, solution, orbit);
            }
        }
        puzzle
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
