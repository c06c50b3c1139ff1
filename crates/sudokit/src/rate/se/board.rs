//! The rater's own 9×9 state: values and candidate masks, with the house tables in Sudoku
//! Explainer's orders (its search order decides which step is taken when several are equally easy,
//! and so the rest of the path).
//!
//! Houses are numbered `0..9` blocks, `9..18` rows, `18..27` columns. A house lists its cells by
//! index: blocks in reading order, rows left to right, columns top to bottom. Candidate masks use
//! bits `1..=9` for the digits.

/// Values and candidates of a 9×9 grid in the middle of a solution path.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    /// `0` for an empty cell.
    pub values: [u8; 81],
    /// Bits `1..=9`; empty for a filled cell.
    pub cands: [u16; 81],
}

pub(crate) const ALL: u16 = 0b11_1111_1110;

/// The cells of each house.
pub(crate) const HOUSES: [[u8; 9]; 27] = houses();

/// Per cell: its block, row and column house, in Sudoku Explainer's region-type order.
pub(crate) const CELL_HOUSES: [[u8; 3]; 81] = cell_houses();

/// Per cell: its position (`0..9`) inside its block, row and column.
pub(crate) const CELL_INDEX: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = [((i / 9 % 3) * 3 + i % 3) as u8, (i % 9) as u8, (i / 9) as u8];
        i += 1;
    }
    t
};

/// Per cell: for its block, row and column, the positions in that house of the cells that are also
/// in the cell's block (for the block itself, none), so that a walk over the three houses can skip
/// the cells it has met.
pub(crate) const IN_BLOCK: [[u16; 3]; 81] = {
    let mut t = [[0u16; 3]; 81];
    let mut i = 0;
    while i < 81 {
        // The row's positions, and the column's, of the three columns and rows the block spans.
        let (r, c) = (i / 9, i % 9);
        t[i] = [0, 0b111 << (c / 3 * 3), 0b111 << (r / 3 * 3)];
        i += 1;
    }
    t
};

/// Per cell: the other cells of its block, then of its row, then of its column, each once.
pub(crate) const PEERS: [[u8; 20]; 81] = peers();

const fn houses() -> [[u8; 9]; 27] {
    let mut h = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            h[i][j] = (((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3) as u8;
            h[9 + i][j] = (i * 9 + j) as u8;
            h[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    h
}

const fn cell_houses() -> [[u8; 3]; 81] {
    let mut c = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, col) = (i / 9, i % 9);
        c[i] = [((r / 3) * 3 + col / 3) as u8, (9 + r) as u8, (18 + col) as u8];
        i += 1;
    }
    c
}

const fn peers() -> [[u8; 20]; 81] {
    let h = houses();
    let ch = cell_houses();
    let mut p = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut n = 0;
        let mut t = 0;
        while t < 3 {
            let house = ch[cell][t] as usize;
            let mut j = 0;
            while j < 9 {
                let other = h[house][j];
                let mut seen = other as usize == cell;
                let mut k = 0;
                while k < n {
                    if p[cell][k] == other {
                        seen = true;
                    }
                    k += 1;
                }
                if !seen {
                    p[cell][n] = other;
                    n += 1;
                }
                j += 1;
            }
            t += 1;
        }
        cell += 1;
    }
    p
}

/// Whether two cells share a house.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || CELL_HOUSES[a][0] == CELL_HOUSES[b][0])
}

#[cfg(test)]
impl Board {
    /// One step of a path of grids, for tests: `digit` placed in `cell` when `solve` and it is a
    /// candidate there, else taken from the cell's candidates unless it is the last.
    pub(crate) fn path_step(&mut self, cell: usize, digit: u8, solve: bool) {
        if solve && self.cands[cell] & 1 << digit != 0 {
            self.values[cell] = digit;
            self.cands[cell] = 0;
        } else if (self.cands[cell] & !(1 << digit)).count_ones() >= 1 {
            self.cands[cell] &= !(1 << digit);
        }
    }
}

impl Board {
    /// The board for givens `values` (0 = empty), candidates from the givens alone.
    pub(crate) fn new(values: [u8; 81]) -> Board {
        let mut cands = [0u16; 81];
        for cell in 0..81 {
            if values[cell] == 0 {
                let mut mask = ALL;
                for &p in &PEERS[cell] {
                    mask &= !(1 << values[p as usize]);
                }
                cands[cell] = mask;
            }
        }
        Board { values, cands }
    }

    /// The positions (`0..9` within the house) where `digit` is still a candidate.
    pub(crate) fn positions(&self, house: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (i, &c) in HOUSES[house].iter().enumerate() {
            if self.cands[c as usize] & (1 << digit) != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Every house's positions of every digit (`[house][digit]`).
    pub(crate) fn all_positions(&self) -> Positions {
        positions(&self.cands)
    }

    /// Whether every candidate of this grid is one of `then`'s, as along a path from `then`.
    pub(crate) fn within(&self, then: &[u16; 81]) -> bool {
        self.cands.iter().zip(then).all(|(&now, &then)| now & !then == 0)
    }

    /// Empty cells of a house.
    pub(crate) fn empty_count(&self, house: usize) -> u32 {
        HOUSES[house].iter().filter(|&&c| self.values[c as usize] == 0).count() as u32
    }

    /// How many times `digit` is placed.
    pub(crate) fn occurrences(&self, digit: u8) -> u32 {
        self.values.iter().filter(|&&v| v == digit).count() as u32
    }

    /// Places `digit` and removes it from the peers.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for &p in &PEERS[cell] {
            self.cands[p as usize] &= !(1 << digit);
        }
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
}

/// Every house's positions of every digit (`[house][digit]`), as bit masks over the house's cells.
pub(crate) type Positions = [[u16; 10]; 27];

/// The positions of every digit in every house of a grid of candidates.
pub(crate) fn positions(cands: &[u16; 81]) -> Positions {
    let mut pos = [[0u16; 10]; 27];
    for (cell, &m) in cands.iter().enumerate() {
        for d in digits(m) {
            for k in 0..3 {
                pos[CELL_HOUSES[cell][k] as usize][d as usize] |= 1 << CELL_INDEX[cell][k];
            }
        }
    }
    pos
}

/// A candidate's index: `cell * 9 + digit - 1`.
pub(crate) fn cand(cell: usize, digit: u8) -> u16 {
    (cell * 9 + digit as usize - 1) as u16
}

/// The cell of a candidate index.
pub(crate) fn cell_of(c: u16) -> usize {
    c as usize / 9
}

/// The digit of a candidate index.
pub(crate) fn digit_of(c: u16) -> u8 {
    (c % 9) as u8 + 1
}

/// A set of candidates (729 bits).
#[derive(Clone, Default)]
pub(crate) struct Bits([u64; 12]);

impl Bits {
    /// Adds `c`.
    pub(crate) fn set(&mut self, c: u16) {
        self.0[c as usize / 64] |= 1 << (c % 64);
    }
    /// Whether `c` is in the set.
    pub(crate) fn has(&self, c: u16) -> bool {
        self.0[c as usize / 64] & (1 << (c % 64)) != 0
    }
    /// Whether the set is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// Whether the sets have a candidate in common.
    pub(crate) fn meets(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    /// Adds every candidate of `other`.
    pub(crate) fn add(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// How many candidates it holds.
    pub(crate) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The candidates in both sets.
    pub(crate) fn and(mut self, other: &Bits) -> Bits {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
        self
    }
    /// The candidates in the set, ascending.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    (w as u32 * 64 + b) as u16
                })
            })
        })
    }
}

/// Whether a mask has exactly two members (without a population count, which the baseline x86-64
/// target lacks as an instruction).
pub(crate) fn two(mask: u16) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The lowest digit of a mask.
pub(crate) fn first(mask: u16) -> u8 {
    mask.trailing_zeros() as u8
}

/// The digits of a mask, ascending.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    // Walks the set bits: the chain searches call this for every potential they spread.
    let mut rest = mask & ALL;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            d
        })
    })
}

/// The set bits of a 9-bit mask (places in a house), ascending.
pub(crate) fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut rest = mask & 0x1ff;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

/// All `k`-subsets of `0..n` (`n` < 128) as bit masks, in increasing numeric order (the order
/// Sudoku Explainer enumerates its combinations in: Gosper's next-combination step).
pub(crate) fn combinations(k: u32, n: u32) -> impl Iterator<Item = u128> {
    let start: Option<u128> = if k > n { None } else { Some((1u128 << k) - 1) };
    std::iter::successors(start, move |&v| {
        if v == 0 {
            return None;
        }
        let smallest = v & v.wrapping_neg();
        let ripple = v + smallest;
        // `smallest` is a power of two: a shift instead of a (slow, 128-bit) division.
        let ones = ((v ^ ripple) >> 2) >> smallest.trailing_zeros();
        let next = ripple | ones;
        (next >> n == 0).then_some(next)
    })
}
