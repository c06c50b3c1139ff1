//! Random complete grids: a randomised backtracking fill, then a random symmetry of the rules.
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

use rand::seq::SliceRandom;
use rand::Rng;

use crate::canon::Transform;
use crate::grid::{Grid, Shape};

/// Search nodes per cell before a fill starts over.
const NODES_PER_CELL: u64 = 50;

/// Writes the digits (0-based) of `mask` into `digits` in a random order: both fills try a cell's
/// candidates this way, and the same draws keep seeded output the same.
pub(super) fn shuffled_digits<R: Rng + ?Sized>(mask: u32, digits: &mut [u8; 32], rng: &mut R) {
    let mut k = 0;
    let mut m = mask;
    while m != 0 {
        digits[k] = m.trailing_zeros() as u8;
        m &= m - 1;
        k += 1;
    }
    digits[..k].shuffle(rng);
}

/// A random complete grid of `shape` under its classic rules.
pub(crate) fn random_grid<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    let filled = fill(shape, rng);
    Transform::random(shape, rng).apply(&filled).expect("the transform is made for this shape")
}

/// The backtracking fill, before the random transform.
pub(crate) fn fill<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    let n = shape.side();
    let mut f = Filler {
        n,
        full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        box_of: (0..n * n).map(|i| shape.box_of(crate::Cell::from_index(i)) as u8).collect(),
        cells: vec![0; n * n],
        nodes: 0,
        budget: NODES_PER_CELL * (n * n) as u64,
    };
    loop {
        if f.go(rng) == Some(true) {
            return Grid::from_values(shape, &f.cells).expect("the fill places digits of the board");
        }
        f.restart();
    }
}

struct Filler {
    n: usize,
    full: u32,
    /// Digits used in each row, column and box, one bit per digit.
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    box_of: Vec<u8>,
    /// Row-major values, 0 while empty.
    cells: Vec<u8>,
    nodes: u64,
    budget: u64,
}

impl Filler {
    fn restart(&mut self) {
        self.rows.fill(0);
        self.cols.fill(0);
        self.boxes.fill(0);
        self.cells.fill(0);
        self.nodes = 0;
    }

    fn free(&self, i: usize) -> u32 {
        let (r, c, b) = (i / self.n, i % self.n, self.box_of[i] as usize);
        self.full & !(self.rows[r] | self.cols[c] | self.boxes[b])
    }

    fn set(&mut self, i: usize, bit: u32) {
        let (r, c, b) = (i / self.n, i % self.n, self.box_of[i] as usize);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
    }

    /// `Some(true)` when the grid is full, `Some(false)` on a dead end, `None` when over budget.
    fn go<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.cells.len() {
            if self.cells[i] != 0 {
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
        let Some((cell, mask)) = best else { return Some(true) };
        let (mut digits, k) = ([0u8; 32], mask.count_ones() as usize);
        shuffled_digits(mask, &mut digits, rng);
        for &d in &digits[..k] {
            let bit = 1u32 << d;
            self.set(cell, bit);
            self.cells[cell] = d + 1;
            let r = self.go(rng);
            if r != Some(false) {
                return r;
            }
            self.set(cell, bit);
            self.cells[cell] = 0;
        }
        Some(false)
    }
}
