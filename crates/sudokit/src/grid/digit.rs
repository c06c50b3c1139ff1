//! Digits: `1..=side`, 0-based inside, 1-based for users, with their symbols.

use std::fmt;
use std::num::NonZeroU8;

use super::{GridError, Shape, MAX_SIDE};

/// A digit `1..=side`, never zero.
///
/// Inside the library digits are mostly used 0-based ([`Digit::index`]); users see them 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// A digit from its 1-based value, checked against the board's side.
    pub fn new_checked(value: u8, shape: Shape) -> Option<Digit> {
        if (value as usize) <= shape.side() {
            NonZeroU8::new(value).map(Digit)
        } else {
            None
        }
    }
    /// A digit from its 1-based value; for values the library made itself.
    ///
    /// # Panics
    /// If `value` is 0 or above [`MAX_SIDE`].
    pub(crate) fn new(value: u8) -> Digit {
        assert!(value as usize <= MAX_SIDE, "digit {value} out of range");
        Digit(NonZeroU8::new(value).expect("digit is never 0"))
    }
    /// A digit from its 0-based index, checked against the board's side.
    pub fn from_index_checked(index: usize, shape: Shape) -> Option<Digit> {
        (index < shape.side()).then(|| Digit::from_index(index))
    }
    /// A digit from its 0-based index; for indices the library made itself.
    pub(crate) fn from_index(index: usize) -> Digit {
        Digit::new(index as u8 + 1)
    }
    /// The digit of a stored value, `None` for 0 (a blank); the value must be in range.
    pub(crate) fn from_value(value: u8) -> Option<Digit> {
        debug_assert!(value as usize <= MAX_SIDE, "digit {value} out of range");
        NonZeroU8::new(value).map(Digit)
    }
    /// The 1-based value the user sees.
    pub fn get(self) -> u8 {
        self.0.get()
    }
    /// The 0-based index, for tables and bitmasks.
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
    /// The symbol that stands for this digit: `1`–`9`, then `A`, `B`, … for 10, 11, ….
    pub fn symbol(self) -> char {
        symbol_of(self.get())
    }
}

/// A digit of some supported board: `1..=MAX_SIDE`. Use [`Digit::new_checked`] to check it against
/// one board's side.
impl TryFrom<u8> for Digit {
    type Error = GridError;
    fn try_from(value: u8) -> Result<Digit, GridError> {
        if (1..=MAX_SIDE).contains(&(value as usize)) {
            Ok(Digit::new(value))
        } else {
            Err(GridError::BadDigit { value: value as usize, max: MAX_SIDE })
        }
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// The symbol of a 1-based value (`1`–`9`, then letters from `A`).
/// Values beyond `Z` (35) have no symbol and print as `?`; no board in range needs them.
pub(crate) fn symbol_of(value: u8) -> char {
    match value {
        1..=9 => (b'0' + value) as char,
        10..=35 => (b'A' + value - 10) as char,
        _ => '?',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_symbols() {
        assert_eq!(Digit::new(9).symbol(), '9');
        assert_eq!(Digit::new(10).symbol(), 'A');
        assert_eq!(Digit::new(16).symbol(), 'G');
        assert_eq!(Digit::new_checked(10, Shape::CLASSIC), None);
        assert_eq!(Digit::new_checked(0, Shape::CLASSIC), None);
        assert_eq!(Digit::from_index(0).get(), 1);
        assert_eq!(Digit::from_index_checked(8, Shape::CLASSIC), Some(Digit::new(9)));
        assert_eq!(Digit::from_index_checked(9, Shape::CLASSIC), None);
        assert_eq!(Digit::try_from(32), Ok(Digit::new(32)));
        assert_eq!(Digit::try_from(0), Err(GridError::BadDigit { value: 0, max: MAX_SIDE }));
        assert_eq!(
            Digit::try_from(33).map_err(|e| e.to_string()),
            Err("33 is not a digit (digits run from 1 to 32)".into())
        );
    }
}
