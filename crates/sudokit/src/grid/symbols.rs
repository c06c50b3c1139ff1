//! How digits are written: the symbol conventions of [`Symbols`], one character a digit, shared
//! by the readers and writers of grids, of candidate grids and of step texts.

use std::fmt;

use super::digit::symbol_of;

/// How cell symbols map to digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Symbols {
    /// `1`–`9`, then `A`, `B`, … (either case) for 10, 11, …; `0` is a blank.
    #[default]
    Standard,
    /// Hexadecimal for 16×16: `0`–`9`, `A`–`F` stand for the digits 1–16; only `.`, `_`, `-`, `*` are blanks.
    Hex,
    /// Letters for every digit: `A`–`Y` (either case) stand for 1–25, as 25×25 collections write them;
    /// `0` is a blank too.
    Letters,
}

impl Symbols {
    /// Every symbol convention, in the order the CLI lists them.
    pub const ALL: [Symbols; 3] = [Symbols::Standard, Symbols::Hex, Symbols::Letters];

    /// The name the CLI uses: `standard`, `hex`, `letters`.
    pub fn name(self) -> &'static str {
        match self {
            Symbols::Standard => "standard",
            Symbols::Hex => "hex",
            Symbols::Letters => "letters",
        }
    }

    /// The symbol of digit `value` (1-based) in this convention: `?` where it has none (hex past
    /// 16, letters past 26).
    ///
    /// ```
    /// use sudokit::Symbols;
    /// assert_eq!(Symbols::Standard.symbol(12), 'C');
    /// assert_eq!(Symbols::Hex.symbol(12), 'B');
    /// assert_eq!(Symbols::Letters.symbol(12), 'L');
    /// ```
    pub fn symbol(self, value: u8) -> char {
        match (value, self) {
            (1..=10, Symbols::Hex) => (b'0' + value - 1) as char,
            (11..=16, Symbols::Hex) => (b'A' + value - 11) as char,
            (1..=26, Symbols::Letters) => (b'A' + value - 1) as char,
            (_, Symbols::Hex | Symbols::Letters) => '?',
            _ => symbol_of(value),
        }
    }

    /// How a text (a step, a message) writes digit `value`: as its number in the standard symbols
    /// (`12` on 16×16, as the forums write digits beside row and column numbers), else as its
    /// symbol, as the puzzle's grids are written (`B` in hex, `L` in letters).
    ///
    /// ```
    /// use sudokit::Symbols;
    /// assert_eq!(Symbols::Standard.digit_text(12), "12");
    /// assert_eq!(Symbols::Hex.digit_text(12), "B");
    /// ```
    pub fn digit_text(self, value: u8) -> String {
        match self {
            Symbols::Standard => value.to_string(),
            _ => self.symbol(value).to_string(),
        }
    }

    /// The digit a character stands for in this convention (either case), or `None` for a blank
    /// or any other character.
    ///
    /// ```
    /// use sudokit::Symbols;
    /// assert_eq!(Symbols::Hex.digit_of('0'), Some(1));
    /// assert_eq!(Symbols::Standard.digit_of('0'), None);
    /// assert_eq!(Symbols::Letters.digit_of('c'), Some(3));
    /// ```
    pub fn digit_of(self, ch: char) -> Option<u8> {
        let b = u8::try_from(ch).ok()?;
        let v = symbol_of_byte(b, self);
        (v != 0 && v != NOT_A_SYMBOL).then_some(v)
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Marks a byte that is no cell symbol in [`symbol_of_byte`].
pub(crate) const NOT_A_SYMBOL: u8 = u8::MAX;

/// The value of byte `b` as a cell symbol: `0` for a blank, [`NOT_A_SYMBOL`] for any other byte
/// that stands for no digit (a value past the board's side is the reader's to refuse).
pub(crate) const fn symbol_of_byte(b: u8, symbols: Symbols) -> u8 {
    match (symbols, b) {
        (_, b'.' | b'_' | b'-' | b'*') => 0,
        (Symbols::Standard, b'0'..=b'9') => b - b'0',
        (Symbols::Standard, b'A'..=b'Z') => b - b'A' + 10,
        (Symbols::Standard, b'a'..=b'z') => b - b'a' + 10,
        (Symbols::Hex, b'0'..=b'9') => b - b'0' + 1,
        (Symbols::Hex, b'A'..=b'F') => b - b'A' + 11,
        (Symbols::Hex, b'a'..=b'f') => b - b'a' + 11,
        (Symbols::Letters, b'0') => 0,
        (Symbols::Letters, b'A'..=b'Z') => b - b'A' + 1,
        (Symbols::Letters, b'a'..=b'z') => b - b'a' + 1,
        _ => NOT_A_SYMBOL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_reads_back_as_its_digit() {
        for (symbols, side) in [(Symbols::Standard, 35), (Symbols::Hex, 16), (Symbols::Letters, 26)] {
            for v in 1..=side {
                let ch = symbols.symbol(v);
                assert_eq!(symbols.digit_of(ch), Some(v), "{symbols} {v} {ch:?}");
                assert_eq!(symbols.digit_of(ch.to_ascii_lowercase()), Some(v), "{symbols} {v}");
            }
            assert_eq!(symbols.symbol(side + 1), '?', "{symbols}");
            assert_eq!(symbols.digit_of('.'), None);
        }
    }
}
