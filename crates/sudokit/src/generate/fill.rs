//! Random complete grids: a randomised backtracking fill, then a random symmetry of the rules.
//! Classic boards are filled by [`random_grid`], the variant boards (X, hyper, jigsaw) by
//! [`fill_board`]; both run the same search, over the rows, columns and boxes of a classic board
//! (`Lines`, the faster) or over any board's houses (`AnyHouses`).
//!
//! The fill places digits cell by cell, always in the empty cell with the fewest candidates (first
//! in reading order on ties), trying its candidates in a random order and backtracking on a dead end.
//! Such a fill is not uniform over all grids: a branch is chosen with equal probability among the
//! candidates that lead to some solution, whatever the number of solutions behind each. Two steps
//! reduce the bias:
//!
//! - the filled grid goes through a uniformly random [`Transform`] (transposition, band, row, stack
//!   and column permutations, relabelling), so within each equivalence class every grid is equally
//!   likely, and the digit at every cell is exactly uniform.
//!
//! What remains is the weight the fill gives each equivalence class. On 4×4, where all 288 grids can
//! be listed, the tests measure it: the class of 96 grids is drawn 25% of the time instead of the
//! uniform 33% (within each class the draws are uniform). On 9×9 the class weights are not known to be
//! uniform either; the per-cell digit counts cannot show it (they are uniform by construction). An
//! exactly uniform sampler would need completion counts per band class and is left for later.
//!
//! On big boards a fill can wander into a dead region; after a budget of nodes it starts over (with
//! the same random stream, so results stay reproducible).
//!
//! # Variant boards
//!
//! On variant boards the search also looks at the houses: a digit with a single place left in a
//! house (a hidden single) is placed first, and a digit with no place left is a dead end. Without
//! that, fills of 12×12 jigsaw boards run out of budget nearly every time. The houses include those
//! the rules imply (the hyper windows' hidden windows, [`Board::implied_houses`]): without them no
//! 16×16 hyper fill finished within its budget, with them one takes milliseconds. (The
//! classic fill does without, which keeps seeded classic output what it has always been.) A random
//! relabelling of the digits follows, which every variant's rules allow, so the digit at each cell is
//! uniform. The random symmetries of the classic fill (band and stack permutations, transposition)
//! are not applied: most of them move diagonals, windows and regions. Killer cages are drawn after
//! the fill (see [`super::killer`]), so the boards filled here have houses only; a variant fill that
//! runs out of budget returns nothing, as some jigsaw region maps have no grid at all.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::canon::Transform;
use crate::grid::{Grid, Shape};
use crate::rules::Board;

/// Search nodes per cell before a fill starts over (or, on a variant board, gives up).
const NODES_PER_CELL: u64 = 50;

/// A random complete grid of `shape` under its classic rules.
pub(crate) fn random_grid<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    let filled = fill(shape, rng);
    Transform::random(shape, rng).apply(&filled).expect("the transform is made for this shape")
}

/// The classic backtracking fill, before the random transform.
pub(crate) fn fill<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    let n = shape.side();
    let lines = Lines {
        n,
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        box_of: (0..n * n).map(|i| shape.box_of(crate::Cell::from_index(i)) as u8).collect(),
    };
    let mut f = Filler::new(shape, lines);
    loop {
        if f.go(rng) == Some(true) {
            return Grid::from_values(shape, &f.values).expect("the fill places digits of the board");
        }
        f.restart();
    }
}

/// A random complete grid under the houses of `board` (its cages are ignored), or `None` when the
/// search used up `NODES_PER_CELL` nodes per cell without finding one (the rules may have no grid at
/// all, as some jigsaw region maps have none).
pub(crate) fn fill_board<R: Rng + ?Sized>(board: &Board, rng: &mut R) -> Option<Grid> {
    let shape = board.shape();
    let mut house_cells: Vec<Vec<u16>> =
        board.houses().iter().map(|h| h.cells.iter().map(|c| c.index() as u16).collect()).collect();
    house_cells.extend(board.implied_houses());
    let mut houses_of: Vec<Vec<u16>> = vec![Vec::new(); shape.cells()];
    for (h, cells) in house_cells.iter().enumerate() {
        for &c in cells {
            houses_of[c as usize].push(h as u16);
        }
    }
    let houses = AnyHouses { used: vec![0; house_cells.len()], houses_of, house_cells };
    let mut f = Filler::new(shape, houses);
    if f.go(rng) != Some(true) {
        return None;
    }
    let mut relabel: Vec<u8> = (1..=shape.side() as u8).collect();
    relabel.shuffle(rng);
    let values: Vec<u8> = f.values.iter().map(|&v| relabel[v as usize - 1]).collect();
    Some(Grid::from_values(shape, &values).expect("the fill places digits of the board"))
}

/// The digits the houses of a board hold while the fill runs.
trait Houses {
    /// Whether [`Houses::forced`] looks at the houses at all.
    const LOOKS: bool;
    /// The digits already in some house of cell `i`, one bit per digit.
    fn used(&self, i: usize) -> u32;
    /// Adds the digit `bit` to the houses of cell `i`, or takes it away when they have it.
    fn toggle(&mut self, i: usize, bit: u32);
    /// Empties every house.
    fn clear(&mut self);
    /// What the houses force next, given the values so far and the mask of every digit; a store
    /// that does not look (the classic fill) forces nothing.
    fn forced(&self, _full: u32, _values: &[u8]) -> Forced {
        Forced::Nothing
    }
}

/// What the houses force before the search branches.
enum Forced {
    Nothing,
    /// A digit (`bit`) with one place left in some house: `cell`.
    Single {
        cell: usize,
        bit: u32,
    },
    /// A digit a house still needs has no place left.
    DeadEnd,
}

/// The rows, columns and boxes of a classic board, read directly: the classic fill's hot loop. It
/// places no hidden singles, which keeps seeded classic output what it has always been.
struct Lines {
    n: usize,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    box_of: Vec<u8>,
}

impl Houses for Lines {
    const LOOKS: bool = false;

    fn used(&self, i: usize) -> u32 {
        let (r, c, b) = (i / self.n, i % self.n, self.box_of[i] as usize);
        self.rows[r] | self.cols[c] | self.boxes[b]
    }

    fn toggle(&mut self, i: usize, bit: u32) {
        let (r, c, b) = (i / self.n, i % self.n, self.box_of[i] as usize);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
    }

    fn clear(&mut self) {
        self.rows.fill(0);
        self.cols.fill(0);
        self.boxes.fill(0);
    }
}

/// The houses of any board (diagonals, windows, jigsaw regions), with hidden singles.
struct AnyHouses {
    /// Digits used in each house, one bit per digit.
    used: Vec<u32>,
    /// The houses of each cell, as indices into `used`.
    houses_of: Vec<Vec<u16>>,
    /// The cells of each house.
    house_cells: Vec<Vec<u16>>,
}

impl Houses for AnyHouses {
    const LOOKS: bool = true;

    fn used(&self, i: usize) -> u32 {
        self.houses_of[i].iter().fold(0, |m, &h| m | self.used[h as usize])
    }

    fn toggle(&mut self, i: usize, bit: u32) {
        for &h in &self.houses_of[i] {
            self.used[h as usize] ^= bit;
        }
    }

    fn clear(&mut self) {
        self.used.fill(0);
    }

    fn forced(&self, full: u32, values: &[u8]) -> Forced {
        let free = |c: usize| full & !self.used(c);
        for (h, cells) in self.house_cells.iter().enumerate() {
            let need = full & !self.used[h];
            if need == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in cells {
                if values[c as usize] == 0 {
                    let m = free(c as usize);
                    twice |= once & m;
                    once |= m;
                }
            }
            if need & !once != 0 {
                return Forced::DeadEnd;
            }
            let single = need & once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let cell = cells
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| values[c] == 0 && free(c) & bit != 0)
                    .expect("the digit has one place in the house");
                return Forced::Single { cell, bit };
            }
        }
        Forced::Nothing
    }
}

/// The randomised backtracking search over a store of houses.
struct Filler<H> {
    houses: H,
    full: u32,
    /// Row-major values, 0 while empty.
    values: Vec<u8>,
    nodes: u64,
    budget: u64,
}

impl<H: Houses> Filler<H> {
    fn new(shape: Shape, houses: H) -> Filler<H> {
        let n = shape.side();
        Filler {
            houses,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            values: vec![0; shape.cells()],
            nodes: 0,
            budget: NODES_PER_CELL * shape.cells() as u64,
        }
    }

    fn restart(&mut self) {
        self.houses.clear();
        self.values.fill(0);
        self.nodes = 0;
    }

    fn free(&self, i: usize) -> u32 {
        self.full & !self.houses.used(i)
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
        // A cell without candidates (`mask == 0`) is a dead end: the loop below tries nothing.
        if H::LOOKS && mask.count_ones() > 1 {
            match self.houses.forced(self.full, &self.values) {
                Forced::DeadEnd => return Some(false),
                Forced::Single { cell: c, bit } => (cell, mask) = (c, bit),
                Forced::Nothing => {}
            }
        }
        let (mut digits, k) = ([0u8; 32], mask.count_ones() as usize);
        shuffled_digits(mask, &mut digits, rng);
        for &d in &digits[..k] {
            let bit = 1u32 << d;
            self.houses.toggle(cell, bit);
            self.values[cell] = d + 1;
            let r = self.go(rng);
            if r != Some(false) {
                return r;
            }
            self.houses.toggle(cell, bit);
            self.values[cell] = 0;
        }
        Some(false)
    }
}

/// Writes the digits (0-based) of `mask` into `digits` in a random order.
fn shuffled_digits<R: Rng + ?Sized>(mask: u32, digits: &mut [u8; 32], rng: &mut R) {
    let mut k = 0;
    let mut m = mask;
    while m != 0 {
        digits[k] = m.trailing_zeros() as u8;
        m &= m - 1;
        k += 1;
    }
    digits[..k].shuffle(rng);
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
