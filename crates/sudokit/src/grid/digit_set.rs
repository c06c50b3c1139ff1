//! Sets of digits: one bit per digit in a `u32`, for every board up to [`MAX_SIDE`] digits.
//!
//! Bit `i` stands for the digit with 0-based index `i` (digit `i + 1`). The type keeps digit masks
//! apart from every other mask (cells, houses), so that they cannot be mixed up.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

use super::{Digit, Shape, Symbols, MAX_SIDE};

/// A set of digits, e.g. the candidates of one cell.
///
/// `Display` prints `{1,5,9}`; the alternate form (`{:#}`) prints the digits' symbols run together,
/// `159` (as the candidate grids do), and `-` for the empty set.
///
/// ```
/// use sudokit::{Digit, DigitSet};
/// let d = |v: u8| Digit::try_from(v).expect("a digit");
/// let set: DigitSet = [d(9), d(1), d(5)].into_iter().collect();
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.first(), Some(d(1)));
/// assert_eq!(set.to_string(), "{1,5,9}");
/// assert_eq!(format!("{set:#}"), "159");
/// assert_eq!(set.difference(DigitSet::single(d(5))).to_string(), "{1,9}");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigitSet(u32);

// Every digit must fit in the mask.
const _: () = assert!(MAX_SIDE <= u32::BITS as usize);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The empty set.
    pub fn new() -> DigitSet {
        DigitSet::EMPTY
    }
    /// Every digit of a board: `1..=side`.
    pub fn all(shape: Shape) -> DigitSet {
        DigitSet(low_bits(shape.side()))
    }
    /// The set holding only `digit`.
    pub fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.index())
    }
    /// The set whose bit `i` stands for the digit with 0-based index `i`.
    pub fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }
    /// The bits: bit `i` for the digit with 0-based index `i`.
    pub fn bits(self) -> u32 {
        self.0
    }
    /// Adds a digit; returns whether it was new.
    pub fn insert(&mut self, digit: Digit) -> bool {
        let new = !self.contains(digit);
        self.0 |= 1 << digit.index();
        new
    }
    /// Removes a digit; returns whether it was there.
    pub fn remove(&mut self, digit: Digit) -> bool {
        let had = self.contains(digit);
        self.0 &= !(1 << digit.index());
        had
    }
    /// Whether the set holds `digit`.
    pub fn contains(self, digit: Digit) -> bool {
        self.0 >> digit.index() & 1 == 1
    }
    /// The number of digits.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The smallest digit.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }
    /// The digit, when the set holds exactly one.
    pub fn only(self) -> Option<Digit> {
        if self.len() == 1 {
            self.first()
        } else {
            None
        }
    }
    /// The digits, smallest first.
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
    /// The digits in either set.
    pub fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }
    /// The digits in both sets.
    pub fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }
    /// The digits of `self` that are not in `other`.
    pub fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }
    /// Whether every digit of `self` is in `other`.
    pub fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }
}

/// The lowest `n` bits set, for `n` up to 32.
fn low_bits(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The digits of a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub struct DigitSetIter(u32);

impl Iterator for DigitSetIter {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Digit::from_index(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for DigitSetIter {
    fn next_back(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = 31 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << i);
        Some(Digit::from_index(i))
    }
}

impl ExactSizeIterator for DigitSetIter {}
impl std::iter::FusedIterator for DigitSetIter {}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;
    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Digit> for DigitSet {
    fn extend<I: IntoIterator<Item = Digit>>(&mut self, iter: I) {
        for d in iter {
            self.insert(d);
        }
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        self.union(rhs)
    }
}
impl BitOrAssign for DigitSet {
    fn bitor_assign(&mut self, rhs: DigitSet) {
        *self = self.union(rhs);
    }
}
impl BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        self.intersection(rhs)
    }
}
impl BitAndAssign for DigitSet {
    fn bitand_assign(&mut self, rhs: DigitSet) {
        *self = self.intersection(rhs);
    }
}
impl Sub for DigitSet {
    type Output = DigitSet;
    fn sub(self, rhs: DigitSet) -> DigitSet {
        self.difference(rhs)
    }
}
impl SubAssign for DigitSet {
    fn sub_assign(&mut self, rhs: DigitSet) {
        *self = self.difference(rhs);
    }
}

impl DigitSet {
    /// The digits' symbols in `symbols` run together, `-` for the empty set: a cell of a boxed
    /// candidate grid (and `{:#}` in the standard symbols).
    pub(crate) fn symbols_in(self, symbols: Symbols) -> String {
        if self.is_empty() {
            return "-".to_string();
        }
        self.iter().map(|d| symbols.symbol(d.get())).collect()
    }
}

/// `{1,5,9}`; with `{:#}` the symbols run together, `159`, and `-` for the empty set.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.pad(&self.symbols_in(Symbols::Standard));
        }
        let items: Vec<String> = self.iter().map(|d| d.to_string()).collect();
        write!(f, "{{{}}}", items.join(","))
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(values: &[u8]) -> DigitSet {
        values.iter().map(|&v| Digit::new(v)).collect()
    }

    #[test]
    fn operations() {
        let mut s = DigitSet::new();
        assert!(s.is_empty() && s.first().is_none());
        assert!(s.insert(Digit::new(5)));
        assert!(!s.insert(Digit::new(5)));
        assert!(s.insert(Digit::new(32)));
        assert_eq!(s.len(), 2);
        assert!(s.contains(Digit::new(32)) && !s.contains(Digit::new(1)));
        assert!(s.remove(Digit::new(5)) && !s.remove(Digit::new(5)));
        assert_eq!(s.only(), Some(Digit::new(32)));
        let (a, b) = (set(&[1, 2, 3]), set(&[2, 3, 4]));
        assert_eq!(a.union(b), set(&[1, 2, 3, 4]));
        assert_eq!(a | b, a.union(b));
        assert_eq!(a.intersection(b), set(&[2, 3]));
        assert_eq!(a & b, a.intersection(b));
        assert_eq!(a.difference(b), set(&[1]));
        assert_eq!(a - b, a.difference(b));
        assert!(set(&[2]).is_subset(a) && !b.is_subset(a));
        assert_eq!(DigitSet::all(Shape::CLASSIC).len(), 9);
        assert_eq!(DigitSet::all(Shape::for_side(32).expect("32")).len(), 32);
        assert_eq!(a.iter().rev().map(Digit::get).collect::<Vec<_>>(), vec![3, 2, 1]);
        assert_eq!(a.iter().len(), 3);
    }

    #[test]
    fn display() {
        assert_eq!(set(&[9, 1, 5]).to_string(), "{1,5,9}");
        assert_eq!(DigitSet::EMPTY.to_string(), "{}");
        assert_eq!(format!("{:#}", set(&[1, 10, 16])), "1AG");
        assert_eq!(format!("{:#}", DigitSet::EMPTY), "-");
        assert_eq!(format!("{:<4}|", set(&[1, 2]).to_string()), "{1,2}|");
        assert_eq!(format!("{:#4}|", set(&[1, 2])), "12  |");
        assert_eq!(format!("{:?}", set(&[3])), "DigitSet{3}");
    }
}
