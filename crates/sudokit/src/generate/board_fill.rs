//! Random complete grids under any rules: the variant boards (X, hyper, jigsaw) whose houses the
//! classic fill of [`super::fill`] does not know.
//!
//! The same randomised backtracking as the classic fill, read off the board's houses: the empty cell
//! with the fewest candidates first (first in reading order on ties), its candidates in a random
//! order, backtracking on a dead end, and a node budget after which the caller starts over. A digit
//! with a single place left in a house (a hidden single) is placed first, and a digit with no place
//! left is a dead end: without that look at the houses, fills of 16×16 hyper and 12×12 jigsaw boards
//! run out of budget nearly every time. A random
//! relabelling of the digits follows, which every variant's rules allow, so the digit at each cell is
//! uniform. The random symmetries of the classic fill (band and stack permutations, transposition) are
//! not applied: most of them move diagonals, windows and regions. Killer cages are drawn after the fill
//! (see [`super::killer`]), so the boards filled here have houses only.

use rand::seq::SliceRandom;
use rand::Rng;

use super::fill::shuffled_digits;
use crate::grid::Grid;
use crate::rules::Board;

/// Search nodes per cell before a fill gives up (the caller starts over or tries other rules).
pub(crate) const NODES_PER_CELL: u64 = 50;

/// A random complete grid under the houses of `board` (its cages are ignored), or `None` when the
/// search used up `NODES_PER_CELL` nodes per cell without finding one (the rules may have no grid at
/// all, as some jigsaw region maps have none).
pub(crate) fn fill_board<R: Rng + ?Sized>(board: &Board, rng: &mut R) -> Option<Grid> {
    let shape = board.shape();
    let n = shape.side();
    let cells = shape.cells();
    let mut houses_of: Vec<Vec<u16>> = vec![Vec::new(); cells];
    let house_cells: Vec<Vec<u16>> =
        board.houses().iter().map(|h| h.cells.iter().map(|c| c.index() as u16).collect()).collect();
    for (h, house) in board.houses().iter().enumerate() {
        for c in &house.cells {
            houses_of[c.index()].push(h as u16);
        }
    }
    let mut f = Filler {
        full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
        used: vec![0; board.houses().len()],
        houses_of,
        house_cells,
        values: vec![0; cells],
        nodes: 0,
        budget: NODES_PER_CELL * cells as u64,
    };
    if f.go(rng) != Some(true) {
        return None;
    }
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    relabel.shuffle(rng);
    let values: Vec<u8> = f.values.iter().map(|&v| relabel[v as usize - 1]).collect();
    Some(Grid::from_values(shape, &values).expect("the fill places digits of the board"))
}

struct Filler {
    full: u32,
    /// Digits used in each house, one bit per digit.
    used: Vec<u32>,
    /// The houses of each cell, as indices into `used`.
    houses_of: Vec<Vec<u16>>,
    /// The cells of each house.
    house_cells: Vec<Vec<u16>>,
    /// Row-major values, 0 while empty.
    values: Vec<u8>,
    nodes: u64,
    budget: u64,
}

impl Filler {
    fn free(&self, i: usize) -> u32 {
        self.full & !self.houses_of[i].iter().fold(0, |m, &h| m | self.used[h as usize])
    }

    fn toggle(&mut self, i: usize, bit: u32) {
        for &h in &self.houses_of[i] {
            self.used[h as usize] ^= bit;
        }
    }

    /// A digit with one place left in some house, as (cell, bit); `Err` when a digit a house still
    /// needs has no place left.
    fn hidden_single(&self) -> Result<Option<(usize, u32)>, ()> {
        for (h, cells) in self.house_cells.iter().enumerate() {
            let need = self.full & !self.used[h];
            if need == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in cells {
                if self.values[c as usize] == 0 {
                    let m = self.free(c as usize);
                    twice |= once & m;
                    once |= m;
                }
            }
            if need & !once != 0 {
                return Err(());
            }
            let single = need & once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let cell = cells
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.values[c] == 0 && self.free(c) & bit != 0)
                    .expect("the digit has one place in the house");
                return Ok(Some((cell, bit)));
            }
        }
        Ok(None)
    }

    /// `Some(true)` when the grid is full, `Some(false)` on a dead end, `None` when over budget.
    fn go<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.values.len() {
            if self.values[i] != 0 {
                continue;
            }
            let m = self.free(i);
            if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                best = Some((i, m));
                if m.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((mut cell, mut mask)) = best else { return Some(true) };
        if mask == 0 {
            return Some(false);
        }
        if mask.count_ones() > 1 {
            match self.hidden_single() {
                Err(()) => return Some(false),
                Ok(Some((c, bit))) => (cell, mask) = (c, bit),
                Ok(None) => {}
            }
        }
        let (mut digits, k) = ([0u8; 32], mask.count_ones() as usize);
        shuffled_digits(mask, &mut digits, rng);
        for &d in &digits[..k] {
            let bit = 1u32 << d;
            self.toggle(cell, bit);
            self.values[cell] = d + 1;
            let r = self.go(rng);
            if r != Some(false) {
                return r;
            }
            self.toggle(cell, bit);
            self.values[cell] = 0;
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_for;
    use crate::grid::Shape;
    use crate::solve::Puzzle;
    use std::sync::Arc;

    #[test]
    fn fills_obey_every_house_of_x_and_hyper_boards() {
        let board = Arc::new(Board::classic(Shape::CLASSIC).with_diagonals().with_windows().expect("9x9"));
        for i in 0..20 {
            // A fill may run out of budget; the generator starts over, and so does this test.
            let mut rng = rng_for(5, i);
            let g = (0..20).find_map(|_| fill_board(&board, &mut rng)).expect("X+hyper 9x9 fills");
            assert!(g.is_full());
            let p = Puzzle::new(Arc::clone(&board), g).expect("same shape");
            assert!(p.conflicts().is_empty(), "fill {i} breaks a house");
        }
    }
}
