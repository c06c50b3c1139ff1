//! Sets of cells: one bit per cell, for every board up to [`MAX_SIDE`]` × `[`MAX_SIDE`] (1024 cells).
//!
//! ```text
//! words[0]   words[1]          words[15]
//! bit 0..63  bit 0..63   …     bit 0..63
//! cell 0..63 cell 64..127      cell 960..1023
//! ```
//!
//! Cell `i` is bit `i % 64` of word `i / 64`, so iteration in word order is iteration in cell order.
//! The set is a plain 128-byte value: it is `Copy` and needs no allocation.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

use super::cell::MAX_CELLS;
use super::{Cell, Shape};

const WORDS: usize = MAX_CELLS / 64;

/// A set of cells, e.g. the peers of a cell or the cells of an orbit.
///
/// ```
/// use sudokit::{Cell, CellSet, Shape};
/// let s = Shape::CLASSIC;
/// let c = |i| Cell::new_checked(i, s).expect("on the board");
/// let set: CellSet = [c(80), c(0), c(40)].into_iter().collect();
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.iter().map(|c| c.name(s)).collect::<Vec<_>>(), ["r1c1", "r5c5", "r9c9"]);
/// assert_eq!(CellSet::all(s).difference(set).len(), 78);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet { words: [0; WORDS] };

    /// The empty set.
    pub fn new() -> CellSet {
        CellSet::EMPTY
    }
    /// Every cell of a board.
    pub fn all(shape: Shape) -> CellSet {
        let mut set = CellSet::EMPTY;
        let n = shape.cells();
        for (w, word) in set.words.iter_mut().enumerate() {
            let lo = w * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
        }
        set
    }
    /// The cells `0..128` of the set as one integer (bit `i` for cell `i`): the whole set on boards
    /// of up to 128 cells, where searches that copy and combine many sets run on it far faster.
    pub(crate) fn low128(&self) -> u128 {
        u128::from(self.words[0]) | u128::from(self.words[1]) << 64
    }
    /// The set of the cells `0..128` whose bits are set in `bits` (the inverse of `low128`).
    pub(crate) fn from_low128(bits: u128) -> CellSet {
        let mut set = CellSet::EMPTY;
        set.words[0] = bits as u64;
        set.words[1] = (bits >> 64) as u64;
        set
    }
    /// The set holding only `cell`.
    pub fn single(cell: Cell) -> CellSet {
        let mut set = CellSet::EMPTY;
        set.insert(cell);
        set
    }
    /// Adds a cell; returns whether it was new.
    pub fn insert(&mut self, cell: Cell) -> bool {
        let (w, b) = split(cell);
        let new = self.words[w] & b == 0;
        self.words[w] |= b;
        new
    }
    /// Removes a cell; returns whether it was there.
    pub fn remove(&mut self, cell: Cell) -> bool {
        let (w, b) = split(cell);
        let had = self.words[w] & b != 0;
        self.words[w] &= !b;
        had
    }
    /// Whether the set holds `cell`.
    pub fn contains(&self, cell: Cell) -> bool {
        let (w, b) = split(cell);
        self.words[w] & b != 0
    }
    /// The number of cells.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// The first cell in cell order.
    pub fn first(&self) -> Option<Cell> {
        self.iter().next()
    }
    /// The cells, in cell order (row by row).
    pub fn iter(&self) -> CellSetIter {
        CellSetIter { words: self.words, word: 0 }
    }
    /// The cells in either set.
    pub fn union(&self, other: CellSet) -> CellSet {
        self.zip(other, |a, b| a | b)
    }
    /// The cells in both sets.
    pub fn intersection(&self, other: CellSet) -> CellSet {
        self.zip(other, |a, b| a & b)
    }
    /// The cells of `self` that are not in `other`.
    pub fn difference(&self, other: CellSet) -> CellSet {
        self.zip(other, |a, b| a & !b)
    }
    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }
    /// The `rXcY` names of the cells, e.g. `{r1c1,r5c5}`.
    pub fn names(&self, shape: Shape) -> String {
        let names: Vec<String> = self.iter().map(|c| c.name(shape)).collect();
        format!("{{{}}}", names.join(","))
    }

    fn zip(&self, other: CellSet, op: impl Fn(u64, u64) -> u64) -> CellSet {
        let mut out = CellSet::EMPTY;
        for (o, (a, b)) in out.words.iter_mut().zip(self.words.iter().zip(&other.words)) {
            *o = op(*a, *b);
        }
        out
    }
}

/// The word and the bit of a cell.
fn split(cell: Cell) -> (usize, u64) {
    (cell.index() / 64, 1u64 << (cell.index() % 64))
}

/// The cells of a [`CellSet`], in cell order.
#[derive(Clone, Debug)]
pub struct CellSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        while self.word < WORDS {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Cell::from_index(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(WORDS)..].iter().map(|w| w.count_ones() as usize).sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}
impl std::iter::FusedIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl IntoIterator for &CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Cell> for CellSet {
    fn extend<I: IntoIterator<Item = Cell>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, rhs: CellSet) -> CellSet {
        self.union(rhs)
    }
}
impl BitOrAssign for CellSet {
    fn bitor_assign(&mut self, rhs: CellSet) {
        *self = self.union(rhs);
    }
}
impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, rhs: CellSet) -> CellSet {
        self.intersection(rhs)
    }
}
impl BitAndAssign for CellSet {
    fn bitand_assign(&mut self, rhs: CellSet) {
        *self = self.intersection(rhs);
    }
}
impl Sub for CellSet {
    type Output = CellSet;
    fn sub(self, rhs: CellSet) -> CellSet {
        self.difference(rhs)
    }
}
impl SubAssign for CellSet {
    fn sub_assign(&mut self, rhs: CellSet) {
        *self = self.difference(rhs);
    }
}

/// The 0-based cell indices, e.g. `CellSet{0, 40, 80}` (a set does not know its board; see
/// [`CellSet::names`] for `rXcY` names).
impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items: Vec<String> = self.iter().map(|c| c.index().to_string()).collect();
        write!(f, "CellSet{{{}}}", items.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(indices: &[usize]) -> CellSet {
        indices.iter().map(|&i| Cell::from_index(i)).collect()
    }

    #[test]
    fn operations() {
        let mut s = CellSet::new();
        assert!(s.is_empty() && s.first().is_none());
        assert!(s.insert(Cell::from_index(1023)));
        assert!(!s.insert(Cell::from_index(1023)));
        assert!(s.insert(Cell::from_index(64)));
        assert_eq!(s.len(), 2);
        assert_eq!(s.first(), Some(Cell::from_index(64)));
        assert!(s.contains(Cell::from_index(64)) && !s.contains(Cell::from_index(63)));
        assert!(s.remove(Cell::from_index(64)) && !s.remove(Cell::from_index(64)));
        let (a, b) = (set(&[0, 63, 64, 500]), set(&[63, 64, 1000]));
        assert_eq!(a.union(b), set(&[0, 63, 64, 500, 1000]));
        assert_eq!(a | b, a.union(b));
        assert_eq!(a.intersection(b), set(&[63, 64]));
        assert_eq!(a & b, a.intersection(b));
        assert_eq!(a.difference(b), set(&[0, 500]));
        assert_eq!(a - b, a.difference(b));
        assert!(set(&[63]).is_subset(&a) && !b.is_subset(&a));
        assert_eq!(a.iter().map(Cell::index).collect::<Vec<_>>(), vec![0, 63, 64, 500]);
        assert_eq!(a.iter().len(), 4);
        assert_eq!(format!("{a:?}"), "CellSet{0, 63, 64, 500}");
        assert_eq!(set(&[0, 80]).names(Shape::CLASSIC), "{r1c1,r9c9}");
    }

    #[test]
    fn all_cells_of_each_shape() {
        for n in [4, 8, 9, 16, 25, 32] {
            let shape = Shape::for_side(n).expect("shape");
            let all = CellSet::all(shape);
            assert_eq!(all.len(), n * n);
            assert!(all.iter().map(Cell::index).eq(0..n * n));
        }
    }
}
