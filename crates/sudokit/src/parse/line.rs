//! The line layout: one puzzle per line, `side²` cells, or whitespace-separated numbers for big
//! boards; what follows the cells after whitespace (a rating, a comment) is ignored.

use super::detect::is_square_side;
use super::error::{ParseError, ParseErrorKind, Position};
use super::symbols::{bad_char, symbol_value, Located, Symbols, NOT_A_SYMBOL, SYMBOLS};
use super::text::tokens;
use super::Expected;
use crate::grid::{Grid, Shape, MAX_SIDE};

/// Parses one one-line puzzle. `shape` forces the size; otherwise it comes from the length.
pub fn parse_line(line: &[u8], shape: Option<Shape>) -> Result<Grid, ParseError> {
    parse_line_inner(line, shape, Symbols::Standard, false)
        .map_err(|(column, kind)| ParseError { position: Position { puzzle: 1, line: 1, column }, kind })
}

/// Parses the cells of one puzzle as in the line layout (for the `givens` of a JSON puzzle object).
pub(crate) fn parse_cells(
    text: &[u8],
    shape: Option<Shape>,
    symbols: Symbols,
) -> Result<Grid, ParseErrorKind> {
    parse_line_inner(text, shape, symbols, false).map_err(|(_, kind)| kind)
}

pub(super) fn parse_line_inner(
    line: &[u8],
    shape: Option<Shape>,
    symbols: Symbols,
    cut: bool,
) -> Result<Grid, Located> {
    // Only a line that failed is searched for binary data: the bulk path pays nothing.
    parse_line_body(line, shape, symbols, cut).map_err(|e| match binary_at(line) {
        Some(i) => (Some(i + 1), ParseErrorKind::NotText { byte: line[i] }),
        None => e,
    })
}

fn parse_line_body(line: &[u8], shape: Option<Shape>, symbols: Symbols, cut: bool) -> Result<Grid, Located> {
    let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
    let end = line[start..].iter().position(u8::is_ascii_whitespace).map_or(line.len(), |e| start + e);
    let cells = &line[start..end];
    // Big boards may come as whitespace-separated numbers on one line.
    // Only a short first token can start a line of numbers; splitting every line would cost the bulk path.
    let toks = if cells.len() <= 2 { tokens(line, b"") } else { Vec::new() };
    if toks.len() >= 16 {
        let n = match shape {
            Some(s) => s.side(),
            None => {
                is_square_side(toks.len()).ok_or((None, ParseErrorKind::UnknownSize { found: toks.len() }))?
            }
        };
        if toks.len() != n * n {
            return Err((
                None,
                ParseErrorKind::WrongLength { found: toks.len(), more_than: false, expected: n * n, side: n },
            ));
        }
        let shape = match shape {
            Some(s) => s,
            None => Shape::for_side(n).map_err(|e| (None, e.into()))?,
        };
        let values = toks
            .iter()
            .map(|&(col, t)| token_value(line, col, t, n, symbols))
            .collect::<Result<Vec<u8>, Located>>()?;
        return Grid::from_values(shape, &values).map_err(|e| (None, e.into()));
    }
    // One table pass and a branch-free maximum: the bulk path reads millions of these lines, and a
    // per-character test with an early exit costs it more than the rest of the parse.
    let table = &SYMBOLS[symbols as usize];
    let values: Vec<u8> = cells.iter().map(|&b| table[b as usize]).collect();
    let highest = values.iter().fold(0u8, |m, &v| m.max(v));
    if highest == NOT_A_SYMBOL || highest as usize > MAX_SIDE {
        // Report a bad character before a bad length: it is the more precise message. It is the first
        // character that is no symbol of the board being read (the one the length names, else 9×9),
        // in that board's alphabet.
        let side = shape.map(Shape::side).or_else(|| is_square_side(cells.len())).unwrap_or(9);
        let i = cells.iter().position(|&b| symbol_value(b, side, symbols).is_none()).unwrap_or(0);
        return Err(bad_char(line, start + i, side, symbols));
    }
    if cut && end == line.len() {
        let expected = shape.unwrap_or(Shape::CLASSIC);
        return Err((
            None,
            ParseErrorKind::WrongLength {
                found: cells.len(),
                more_than: true,
                expected: expected.cells(),
                side: expected.side(),
            },
        ));
    }
    let shape = match shape {
        Some(s) => s,
        None => match is_square_side(cells.len()) {
            Some(n) => Shape::for_side(n).map_err(|e| (None, e.into()))?,
            None => Shape::CLASSIC,
        },
    };
    if cells.len() != shape.cells() {
        return Err((
            None,
            ParseErrorKind::WrongLength {
                found: cells.len(),
                more_than: false,
                expected: shape.cells(),
                side: shape.side(),
            },
        ));
    }
    if highest as usize > shape.side() {
        let i = values.iter().position(|&v| v as usize > shape.side()).unwrap_or(0);
        return Err(bad_char(line, start + i, shape.side(), symbols));
    }
    Ok(Grid::from_checked_values(shape, values))
}

/// Parses one line of the line layout with what may follow the cells: tdoku's test format
/// `puzzle:count[:solution]` gives the number of solutions and maybe the solution. Columns in errors
/// are 1-based columns of `line`.
pub(super) fn parse_line_expected(
    line: &[u8],
    shape: Option<Shape>,
    symbols: Symbols,
    cut: bool,
) -> Result<(Grid, Expected), Located> {
    let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
    if is_library_line(&line[start..]) {
        return library_givens(line, start, shape, symbols, cut).map(|g| (g, Expected::default()));
    }
    let end = line[start..].iter().position(u8::is_ascii_whitespace).map_or(line.len(), |e| start + e);
    let Some(colon) = line[start..end].iter().position(|&b| b == b':').map(|i| start + i) else {
        return parse_line_inner(line, shape, symbols, cut).map(|g| (g, Expected::default()));
    };
    let grid = parse_line_inner(&line[..colon], shape, symbols, false)?;
    let rest = &line[colon + 1..end];
    let (count_text, solution) = match rest.iter().position(|&b| b == b':') {
        Some(i) => (&rest[..i], Some((colon + 1 + i + 1, &rest[i + 1..]))),
        None => (rest, None),
    };
    let count =
        std::str::from_utf8(count_text).ok().and_then(|t| t.parse::<u64>().ok()).ok_or_else(|| {
            (
                Some(colon + 2),
                ParseErrorKind::BadCount { found: format!("{:?}", String::from_utf8_lossy(count_text)) },
            )
        })?;
    let solution = match solution {
        Some((at, text)) if !text.is_empty() => Some(
            parse_line_inner(text, Some(grid.shape()), symbols, false)
                .map_err(|(col, kind)| (col.map(|c| c + at), ParseErrorKind::BadSolution(Box::new(kind))))?,
        ),
        _ => None,
    };
    Ok((grid, Expected { count: Some(count), solution }))
}

/// Whether a line (from its first non-blank byte) is in HoDoKu's library format: a `:`, then a
/// technique code (`:0000:x:` where HoDoKu copies a grid with no step). The rules of HoDoKu's
/// pencil-mark grids begin with `:-` instead.
pub(crate) fn is_library_line(line: &[u8]) -> bool {
    line.first() == Some(&b':') && line.get(1).is_some_and(u8::is_ascii_digit)
}

/// The puzzle of a library line (its cells field, the fourth): its givens, the cells placed
/// (`+` before the digit) left open, as the puzzle HoDoKu was given. The state with the placed
/// cells and the deleted candidates is what `--pencil` reads. A line `cut` short matters only where
/// it ends inside the cells.
fn library_givens(
    line: &[u8],
    start: usize,
    shape: Option<Shape>,
    symbols: Symbols,
    cut: bool,
) -> Result<Grid, Located> {
    // After the third `:` (`:code:digits:`).
    let colons = line[start..].iter().enumerate().filter(|&(_, &b)| b == b':');
    let Some(from) = colons.map(|(i, _)| start + i + 1).nth(2) else {
        return Err((None, ParseErrorKind::LibraryFields));
    };
    let end = line[from..].iter().position(|&b| b == b':');
    let len = end.unwrap_or(line.len() - from);
    // Each cell with the column of its symbol in `line`.
    let (mut cells, mut columns) = (Vec::with_capacity(81), Vec::with_capacity(81));
    let mut placed = false;
    for (i, &b) in line[from..from + len].iter().enumerate() {
        if b == b'+' {
            placed = true;
            continue;
        }
        cells.push(if placed && b.is_ascii_digit() { b'.' } else { b });
        columns.push(from + i);
        placed = false;
    }
    parse_line_inner(&cells, shape, symbols, cut && end.is_none())
        .map_err(|(col, kind)| (col.and_then(|c| columns.get(c.checked_sub(1)?)).map(|&c| c + 1), kind))
}

/// Where a NUL byte is, if anywhere: no text has one, so the line is binary data, and its message
/// says so rather than naming an alphabet.
fn binary_at(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == 0)
}

/// The value of a whitespace-separated token: a number (`0` blank) or one symbol.
pub(super) fn token_value(
    line: &[u8],
    col: usize,
    t: &[u8],
    side: usize,
    symbols: Symbols,
) -> Result<u8, Located> {
    if t.len() == 1 {
        return symbol_value(t[0], side, symbols).ok_or_else(|| bad_char(line, col, side, symbols));
    }
    if let Some(i) = t.iter().position(|b| !b.is_ascii_digit()) {
        return Err(bad_char(line, col + i, side, symbols));
    }
    let v: usize = t.iter().fold(0usize, |acc, &b| (acc * 10 + (b - b'0') as usize).min(1000));
    if v > side {
        return Err((
            Some(col + 1),
            ParseErrorKind::BadChar {
                found: format!("'{}'", String::from_utf8_lossy(t)),
                alphabet: super::symbols::numbers(side),
            },
        ));
    }
    Ok(v as u8)
}
