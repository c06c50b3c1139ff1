//! The state of the fast engine and its bit layout.
//!
//! The grid is cut into three horizontal bands of 27 cells. For every digit and band one `u32`
//! holds the cells of that band where the digit may still go, one bit per cell:
//!
//! ```text
//!   band b covers rows 3b..3b+3              bit of cell (row r, column c) inside its band
//!                                            = (r mod 3) * 9 + c
//!          c0 c1 c2   c3 c4 c5   c6 c7 c8
//!   r0  [  0  1  2 |  3  4  5 |  6  7  8 ]   <- minirows (3 bits) are the row ∩ box cells
//!   r1  [  9 10 11 | 12 13 14 | 15 16 17 ]
//!   r2  [ 18 19 20 | 21 22 23 | 24 25 26 ]   bits 27..31 are always zero
//!         box 3b     box 3b+1   box 3b+2
//!
//!   State (228 bytes, copied whole at every guess)
//!   +--------------------------------------------+
//!   | cand[27]: u32   index = digit * 3 + band   |  candidates of one digit in one band
//!   | seen[27]: u32   value of cand[] when it    |  a band whose cand differs from seen has
//!   |                 was last propagated        |  news to spread; equal means nothing to do
//!   | unsolved[3]: u32  per band, cells not yet  |  placed cells keep exactly their digit's
//!   |                 known to be placed         |  bit in cand[]
//!   +--------------------------------------------+
//! ```
//!
//! Propagation ([`State::propagate_with`]) and the portable versions of the hot steps live here;
//! the vector versions are in `x86.rs`, on the same layout.

use super::kernel::Kernel;
use super::tables::{
    columns, row_singles, shrink, stack_matchings, ALL, COLUMN_KEEP, COLUMN_WORDS, PERMUTE, PLACE_KEEP, ROW,
};

/// Per digit and band (index `digit * 3 + band`, digits from 0), the cells that hold that digit
/// as a given. Anything but 1..=9 is a blank.
#[inline(always)]
pub(super) fn given_masks(givens: &[u8; 81]) -> [u32; 27] {
    // One pass without data-dependent branches: slot 0 collects the blanks and anything out
    // of range.
    let mut g = [0u32; 30];
    for b in 0..3 {
        for p in 0..27 {
            let v = givens[b * 27 + p] as usize;
            let v = if v > 9 { 0 } else { v };
            g[v * 3 + b] |= 1 << p;
        }
    }
    let mut m = [0u32; 27];
    m.copy_from_slice(&g[3..]);
    m
}

/// The board state, as drawn above; copied whole for each guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    pub(super) cand: [u32; 27],
    pub(super) seen: [u32; 27],
    pub(super) unsolved: [u32; 3],
}

/// What the candidate count of every cell says, per band (see [`State::naked`]).
pub(super) struct Naked {
    /// Some cell has no candidate left.
    pub(super) empty: bool,
    /// The cells with exactly two candidates.
    pub(super) pairs: [u32; 3],
    /// The unsolved cells with exactly one candidate: naked singles to place.
    pub(super) singles: [u32; 3],
    /// Digit planes: plane `k` (index `k * 4 + band`) holds the cells where some digit with
    /// bit `k` set (digits counted from 0) is a candidate, so for a cell with one candidate the
    /// planes spell its digit. Lane 3 of each plane is padding.
    pub(super) planes: [u32; 16],
}

/// What propagation ended with.
pub(super) enum Outcome {
    Contradiction,
    Solved,
    /// Needs a guess; carries the bivalue cells per band.
    Open([u32; 3]),
}

impl State {
    /// The state of a puzzle from [`given_masks`]; `None` when givens conflict.
    #[inline(always)]
    pub(super) fn from_givens(g: &[u32; 27]) -> Option<State> {
        // Every digit-band is set up at once from the masks of the givens: cheaper than placing
        // the givens one by one, which matters on easy puzzles.
        let mut taken = [0u32; 3];
        for d in 0..9 {
            for b in 0..3 {
                taken[b] |= g[d * 3 + b];
            }
        }
        let mut s = State { cand: [0; 27], seen: [0; 27], unsolved: [0; 3] };
        for b in 0..3 {
            s.unsolved[b] = ALL & !taken[b];
        }
        for d in 0..9 {
            let m = [g[d * 3], g[d * 3 + 1], g[d * 3 + 2]];
            let cols = m.map(columns);
            let all_cols = cols[0] | cols[1] | cols[2];
            let col_cells = all_cols * 0o001_001_001;
            let (mut rows_seen, mut boxes_seen, mut givens_seen) = (0, 0, 0);
            for b in 0..3 {
                let x = m[b];
                let rows = ((x & ROW != 0) as u32 * ROW)
                    | ((x & (ROW << 9) != 0) as u32 * (ROW << 9))
                    | ((x & (ROW << 18) != 0) as u32 * (ROW << 18));
                let bx = cols[b];
                let boxes = ((bx & 0o7 != 0) as u32 * 0o007_007_007)
                    | ((bx & 0o70 != 0) as u32 * 0o070_070_070)
                    | ((bx & 0o700 != 0) as u32 * 0o700_700_700);
                rows_seen += (rows / ROW).count_ones();
                boxes_seen += (boxes & 0o111).count_ones();
                givens_seen += x.count_ones();
                s.cand[d * 3 + b] = (ALL & !(rows | boxes | col_cells) & !taken[b]) | x;
            }
            // Conflict-free exactly when the givens of a digit use as many rows, boxes and columns
            // as there are givens.
            if rows_seen != givens_seen || boxes_seen != givens_seen || all_cols.count_ones() != givens_seen {
                return None;
            }
        }
        Some(s)
    }

    /// One band update of `cand[I]` (see the module docs). Returns false on a contradiction.
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> bool {
        let b = I % 3;
        let d = I / 3;
        let x = self.cand[I];
        let s = shrink(x);
        let y = x & PERMUTE[s];
        if y == 0 {
            return false;
        }
        self.cand[I] = y;
        self.seen[I] = y;
        let cols = columns(y);
        let keep = COLUMN_KEEP[cols as usize];
        self.cand[d * 3 + (b + 1) % 3] &= keep;
        self.cand[d * 3 + (b + 2) % 3] &= keep;
        let placed = row_singles(y);
        // Branch-free: re-clearing already placed cells is cheaper than a mispredicted test.
        let clear = !placed;
        self.unsolved[b] &= clear;
        let mut e = 0;
        while e < 9 {
            if e != d {
                self.cand[e * 3 + b] &= clear;
            }
            e += 1;
        }
        true
    }

    /// Band updates until nothing changes.
    #[inline(always)]
    pub(super) fn update_all(&mut self) -> bool {
        macro_rules! sweep {
            ($self:ident, $changed:ident, $($i:literal)*) => {
                $(
                    if $self.cand[$i] != $self.seen[$i] {
                        $changed = true;
                        if !$self.update::<$i>() {
                            return false;
                        }
                    }
                )*
            };
        }
        loop {
            let mut changed = false;
            sweep!(self, changed, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return true;
            }
        }
    }

    /// Bit-sliced counts of the candidates of every cell (at least one, two, three), all 27
    /// cells of a band at once, and the digit planes, summed up as a [`Naked`].
    #[inline(always)]
    pub(super) fn naked(&self) -> Naked {
        let mut n = Naked { empty: false, pairs: [0; 3], singles: [0; 3], planes: [0; 16] };
        for b in 0..3 {
            let (mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[d * 3 + b];
                c3 |= c2 & x;
                c2 |= c1 & x;
                c1 |= x;
                for k in 0..4 {
                    if d >> k & 1 != 0 {
                        n.planes[k * 4 + b] |= x;
                    }
                }
            }
            n.empty |= c1 != ALL;
            n.pairs[b] = c2 & !c3;
            n.singles[b] = c1 & !c2 & self.unsolved[b];
        }
        n
    }

    /// Places digit `d` at bit `bit` of band `b`; the rest follows from the next update.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[d * 3 + b] &= PLACE_KEEP[bit.trailing_zeros() as usize];
    }

    /// Propagates to a fixpoint of band updates and naked singles; with `strong`, the stack
    /// pass runs once when that fixpoint is reached, and propagation resumes if it found
    /// anything.
    #[inline(always)]
    pub(super) fn propagate_with<K: Kernel>(
        &mut self,
        k: K,
        mut news: u32,
        mut then: u32,
        mut strong: bool,
    ) -> Outcome {
        loop {
            if !k.update_all(self, news, then) {
                return Outcome::Contradiction;
            }
            if self.unsolved == [0; 3] {
                return Outcome::Solved;
            }
            let n = k.naked(self);
            if n.empty {
                return Outcome::Contradiction;
            }
            news = 0;
            then = 0;
            for b in 0..3 {
                let mut singles = n.singles[b];
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    singles &= singles - 1;
                    // The cell's only digit, read off the planes instead of searched for.
                    let d = (0..4).fold(0, |d, k| d | (n.planes[k * 4 + b] >> p & 1) << k) as usize;
                    let i = d * 3 + b;
                    if self.cand[i] >> p & 1 == 0 {
                        // An earlier single of this band took this cell's last digit.
                        return Outcome::Contradiction;
                    }
                    self.place(d, b, 1 << p);
                    news |= 1 << i;
                    then |= COLUMN_WORDS[i];
                }
            }
            then &= !news;
            if news == 0 {
                if !strong {
                    return Outcome::Open(n.pairs);
                }
                strong = false;
                match k.stack_pass(self) {
                    None => return Outcome::Contradiction,
                    Some(0) => return Outcome::Open(n.pairs),
                    // Only the digit-bands the pass narrowed have news.
                    Some(changed) => news = changed,
                }
            }
        }
    }

    /// The column-wise twin of the band rule: in each stack a digit takes one column per band
    /// and one band per column, so band×column entries on no permutation are removed. Finds
    /// claiming along columns and hidden singles in columns. Returns the digit-bands it
    /// narrowed (bit `digit * 3 + band`).
    pub(super) fn stack_pass(&mut self) -> Option<u32> {
        let mut changed = 0u32;
        let mut stuck = 0u32;
        for d in 0..9 {
            let x = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2]];
            let keep = stack_matchings(x.map(columns));
            // Without a permutation every entry goes, so band 0 keeps nothing in that stack.
            stuck |= (keep[0] | keep[0] >> 1 | keep[0] >> 2) & 0o111 ^ 0o111;
            for b in 0..3 {
                let y = x[b] & (keep[b] * 0o001_001_001);
                changed |= ((y != x[b]) as u32) << (d * 3 + b);
                self.cand[d * 3 + b] = y;
            }
        }
        if stuck != 0 {
            return None;
        }
        Some(changed)
    }

    /// The solved grid, row-major digits 1..=9 (only called once every cell is placed).
    pub(super) fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[d * 3 + b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    g[b * 27 + p] = d as u8 + 1;
                }
            }
        }
        g
    }
}
