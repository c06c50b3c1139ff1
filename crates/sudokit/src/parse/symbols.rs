//! Cell symbols: which characters stand for which digits (the conventions of [`Symbols`]), with
//! byte tables for the bulk path and error messages that name the alphabet.

use std::str::FromStr;

use super::error::{ParseErrorKind, UnknownName};
use crate::grid::symbol_of_byte;
pub use crate::grid::Symbols;
pub(super) use crate::grid::NOT_A_SYMBOL;

impl FromStr for Symbols {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Symbols, UnknownName> {
        UnknownName::find("symbol convention", s, &Symbols::ALL, Symbols::name)
    }
}

pub(super) type Located = (Option<usize>, ParseErrorKind);

pub(super) const fn symbol_table(symbols: Symbols) -> [u8; 256] {
    let mut t = [NOT_A_SYMBOL; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = symbol_of_byte(i as u8, symbols);
        i += 1;
    }
    t
}

/// Byte → value tables, one per convention (in the order of `Symbols`' variants): the line layout reads
/// millions of cells, and a table look-up is cheaper than matching each byte.
pub(super) static SYMBOLS: [[u8; 256]; 3] =
    [symbol_table(Symbols::Standard), symbol_table(Symbols::Hex), symbol_table(Symbols::Letters)];

/// The value of one cell symbol: `Some(0)` for a blank, `Some(d)` for a digit, `None` if not a symbol.
pub(super) fn symbol_value(b: u8, side: usize, symbols: Symbols) -> Option<u8> {
    let v = SYMBOLS[symbols as usize][b as usize];
    (v != NOT_A_SYMBOL && v as usize <= side).then_some(v)
}

/// The blanks of every convention but hex, where `0` is the first digit.
const BLANKS_AND_ZERO: &str = "'.', '0', '_', '-' or '*'";

/// The digits and blanks a board of `side` accepts, for an error message: `1-9; blanks are …`.
pub(super) fn alphabet(side: usize, symbols: Symbols) -> String {
    let digits = match symbols {
        Symbols::Hex => format!("0-{:X}", side.clamp(1, 16) - 1),
        Symbols::Letters => format!("A-{}", (b'A' + side.min(26) as u8 - 1) as char),
        Symbols::Standard if side <= 9 => format!("1-{side}"),
        // 25×25 collections mostly write A-Y, which the standard symbols read only in part.
        Symbols::Standard if side == 25 => "1-9, A-P, or A-Y in the letters symbols".to_string(),
        Symbols::Standard => format!("1-9, A-{}", crate::grid::symbol_of(side as u8)),
    };
    let blanks = if symbols == Symbols::Hex { "'.', '_', '-' or '*'" } else { BLANKS_AND_ZERO };
    format!("{digits}; blanks are {blanks}")
}

/// [`alphabet`] for cells written as numbers (`12`, in a textbook grid or an array): `0` is blank.
pub(super) fn numbers(side: usize) -> String {
    format!("1-{side}; blanks are {BLANKS_AND_ZERO}")
}

/// Describes the character at `i` for an error message, even when it is not valid UTF-8.
pub(super) fn show_byte(line: &[u8], i: usize) -> String {
    let tail = &line[i..line.len().min(i + 4)];
    let valid = match std::str::from_utf8(tail) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or(""),
    };
    match valid.chars().next() {
        Some(c) if is_invisible(c) => format!("U+{:04X} (an invisible character)", u32::from(c)),
        Some(c) if !c.is_control() => format!("'{c}'"),
        Some(c) => format!("{:?}", c),
        None => format!("byte 0x{:02X} (not UTF-8 text)", line[i]),
    }
}

/// Characters that print as nothing: a message names them by code point.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
}

pub(super) fn bad_char(line: &[u8], i: usize, side: usize, symbols: Symbols) -> Located {
    (Some(i + 1), ParseErrorKind::BadChar { found: show_byte(line, i), alphabet: alphabet(side, symbols) })
}
