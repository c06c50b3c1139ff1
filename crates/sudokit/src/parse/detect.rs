//! Layout detection from the first line of an input that is not blank or a comment.

use super::line::is_library_line;
use super::symbols::{symbol_value, Symbols};
use super::text::{is_art_separator, tokens, trim_start};
use super::Layout;
use crate::grid::{Shape, MAX_SIDE, MIN_SIDE};

pub(super) fn is_square_side(cells: usize) -> Option<usize> {
    let n = (MIN_SIDE..=MAX_SIDE).find(|n| n * n >= cells)?;
    (n * n == cells && Shape::for_side(n).is_ok()).then_some(n)
}

/// Detects the layout from the first line that is not blank or a comment.
pub fn detect(line: &[u8], shape: Option<Shape>) -> Layout {
    let trimmed = trim_start(line);
    if super::array::is_array_literal(trimmed) {
        return Layout::Array;
    }
    // Its `+`s mark placed cells, not grid art.
    if is_library_line(trimmed) {
        return Layout::Line;
    }
    // No other layout has brackets or braces, so one near the start marks JSON even when the very
    // first byte is damaged (a stray byte, a byte-order mark) and the record is reported as broken JSON
    // instead of the whole input being read in the wrong layout.
    if trimmed.iter().take(8).any(|b| *b == b'[' || *b == b'{') {
        return Layout::Json;
    }
    if trimmed.iter().any(|b| *b == b'|' || *b == b'+') || is_art_border(trimmed) {
        return Layout::Art;
    }
    let toks = tokens(trimmed, b"");
    let first_len = toks.first().map_or(0, |t| t.1.len());
    match shape {
        Some(s) => {
            if first_len == s.cells() || toks.len() == s.cells() {
                Layout::Line
            } else if toks.len() == 1 && first_len == s.side() {
                Layout::Compact
            } else if first_len > s.side() {
                Layout::Line
            } else {
                Layout::Grid
            }
        }
        None => {
            if toks.len() == 1 && is_compact_row(toks[0].1) {
                Layout::Compact
            } else if first_len >= 16 || (toks.len() >= 36 && is_square_side(toks.len()).is_some()) {
                Layout::Line
            } else if Shape::for_side(if toks.len() == 1 { first_len } else { toks.len() }).is_err() {
                // No board has rows this long, so this is no grid row: a broken one-line puzzle,
                // reported alone, where a grid reading would swallow the lines after it.
                Layout::Line
            } else if toks.len() == 1 {
                Layout::Compact
            } else {
                Layout::Grid
            }
        }
    }
}

/// Whether a first line without `|` or `+` is the top border of grid art: a rule
/// ([`is_art_separator`]) that no board's cells could be (blanks are `-`, `*` and `.` too), and
/// either longer than any row or between two equal corners. Simple Sudoku's `.ss` files start with
/// `*-----------*`, HoDoKu's formatted grids with `.-------.-------.-------.`; a line of dashes
/// alone above a list of puzzles stays a line of the line layout (reported, and the puzzles read).
fn is_art_border(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    let cornered = line.len() > 2 && line[0] == line[line.len() - 1] && b"*.".contains(&line[0]);
    is_art_separator(line)
        && (line.len() > MAX_SIDE || cornered)
        && (is_boxed_rule(line) || !could_be_blank_cells(line))
}

/// Whether a line is a rule of boxes, equal runs of `-` between equal corners: HoDoKu's
/// `.-------.-------.-------.` is 25 blanks long, as long as a row of a 25×25 board, but no
/// row of blanks has this shape.
fn is_boxed_rule(line: &[u8]) -> bool {
    let Some((&corner, inner)) = line.split_first() else {
        return false;
    };
    let Some(inner) = inner.strip_suffix(&[corner]) else {
        return false;
    };
    let runs: Vec<&[u8]> = inner.split(|&b| b == corner).collect();
    runs.len() >= 2
        && runs.iter().all(|r| r.len() >= 2 && r.len() == runs[0].len() && r.iter().all(|&b| b == b'-'))
}

/// Whether a line of blank symbols could be cells: a row of the compact or grid layout, or a
/// one-line puzzle, of some board (81 dashes are an empty 9×9 puzzle).
fn could_be_blank_cells(line: &[u8]) -> bool {
    let toks = tokens(line, b"");
    let blank =
        |t: &(usize, &[u8])| t.1.iter().all(|&b| symbol_value(b, MAX_SIDE, Symbols::Standard) == Some(0));
    let cells = match toks.as_slice() {
        [(_, one)] => one.len(),
        many if many.iter().all(|t| t.1.len() == 1) => many.len(),
        _ => return false,
    };
    toks.iter().all(blank) && (Shape::for_side(cells).is_ok() || is_square_side(cells).is_some())
}

/// Whether a lone token of 16 to 32 symbols is a row of a big board in the compact layout rather
/// than a one-line puzzle: any supported side but 16 can only be a row (no board has 18, 20, … or
/// 25 cells), and 16 symbols are a 4×4 puzzle unless one of them is above 4.
pub(super) fn is_compact_row(t: &[u8]) -> bool {
    let n = t.len();
    if !(16..=MAX_SIDE).contains(&n) || Shape::for_side(n).is_err() {
        return false;
    }
    n != 16 || t.iter().any(|&b| symbol_value(b, MAX_SIDE, Symbols::Standard).is_some_and(|v| v > 4))
}
