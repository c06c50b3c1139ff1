//! The array layout: Java and C array literals as people paste them from tutorials, one row per line
//! (`{8,0,0,0,0,0,0,0,0},`) or all on one line (`int grid[9][9] = {{8,0,…},{…}};`), with numbers
//! (`0` blank) or character literals (`'5'`, `'.'`).
//!
//! Whatever precedes an `=` on a line (a declaration) is skipped; braces, commas and semicolons
//! separate cells. A puzzle is complete once it has `side²` cells: the side is the forced shape,
//! else it comes from the first line of cells (a row of 4 to 32 cells, or a whole board of 36, 64,
//! 81, … cells; 16 cells are a 4×4 board only when none is above 4).

use std::io::{self, BufRead};

use super::error::{ParseError, ParseErrorKind, Position};
use super::symbols::{bad_char, symbol_value, Located};
use super::text::{is_blank_or_comment, trim_eol};
use super::{Layout, PuzzleReader};
use crate::grid::{Grid, Shape, MAX_SIDE};

/// Whether a line opens a Java or C array literal: a declaration ending in `= {` or `= new int[][] {`,
/// or braces whose first cell is a number or a character literal. JSON never looks like this: its
/// objects open with `{"`.
pub(super) fn is_array_literal(line: &[u8]) -> bool {
    let t = super::text::trim_start(line);
    let end = t.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |e| e + 1);
    let t = &t[..end];
    if t.contains(&b'=') && t.last() == Some(&b'{') {
        return true;
    }
    let after_eq = t.iter().position(|&b| b == b'=').map_or(t, |i| &t[i + 1..]);
    let body = super::text::trim_start(after_eq);
    let body = body.strip_prefix(b"new").map_or(body, |rest| {
        let brace = rest.iter().position(|&b| b == b'{').unwrap_or(rest.len());
        &rest[brace..]
    });
    if body.first() != Some(&b'{') {
        return false;
    }
    let inner = body.iter().position(|b| !(*b == b'{' || b.is_ascii_whitespace())).map(|i| body[i]);
    matches!(inner, Some(b'0'..=b'9' | b'\''))
}

/// The cells of one line: `(0-based column, value)` or the first bad one.
fn cells(line: &[u8], side: usize, symbols: super::Symbols) -> Result<Vec<(usize, u8)>, Located> {
    let from = line.iter().position(|&b| b == b'=').map_or(0, |i| i + 1);
    let mut out = Vec::new();
    let mut i = from;
    while i < line.len() {
        let b = line[i];
        match b {
            b'{' | b'}' | b',' | b';' | b' ' | b'\t' | b'\r' => i += 1,
            b'/' if line.get(i + 1) == Some(&b'/') => break,
            b'\'' | b'"' if line.get(i + 2) == Some(&b) => {
                let v = symbol_value(line[i + 1], side, symbols)
                    .ok_or_else(|| bad_char(line, i + 1, side, symbols))?;
                out.push((i, v));
                i += 3;
            }
            b'0'..=b'9' => {
                let end = line[i..].iter().position(|c| !c.is_ascii_digit()).map_or(line.len(), |e| i + e);
                let v: usize =
                    line[i..end].iter().fold(0, |acc, &d| (acc * 10 + usize::from(d - b'0')).min(1000));
                if v > side {
                    return Err((
                        Some(i + 1),
                        ParseErrorKind::BadChar {
                            found: format!("'{}'", String::from_utf8_lossy(&line[i..end])),
                            alphabet: super::symbols::numbers(side),
                        },
                    ));
                }
                out.push((i, v as u8));
                i = end;
            }
            _ => return Err(bad_char(line, i, side, symbols)),
        }
    }
    Ok(out)
}

/// The side a first line of `n` cells gives, if any.
fn side_of(n: usize, values: &[(usize, u8)]) -> Option<usize> {
    let square = (4..=MAX_SIDE).find(|s| s * s == n).filter(|&s| Shape::for_side(s).is_ok());
    match n {
        16 if values.iter().all(|&(_, v)| v <= 4) => Some(4),
        _ if Shape::for_side(n).is_ok() => Some(n),
        _ => square,
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads one puzzle of the array layout (see the [module docs](self)).
    pub(super) fn array_record(&mut self) -> io::Result<()> {
        let mut pos: Option<Position> = None;
        let mut values: Vec<u8> = Vec::new();
        let mut side = self.shape.map(Shape::side);
        let mut err: Option<ParseError> = None;
        // The record's lines as given, for a record that turns out unreadable.
        let mut own: Vec<u8> = Vec::new();
        while let Some((no, _cut)) = self.next_line()? {
            let line = trim_eol(&self.buf).to_vec();
            if is_blank_or_comment(&line) || line.starts_with(b"//") {
                if pos.is_some() && line.iter().all(u8::is_ascii_whitespace) {
                    break;
                }
                continue;
            }
            let parse_side = side.unwrap_or(MAX_SIDE);
            let found = cells(&line, parse_side, self.opts.symbols);
            if pos.is_some() || found.as_ref().map_or(true, |r| !r.is_empty()) {
                own.extend_from_slice(line.trim_ascii());
                own.push(b'\n');
            }
            let row = match found {
                Ok(r) => r,
                Err((col, kind)) => {
                    let p = *pos.get_or_insert_with(|| {
                        self.puzzles += 1;
                        Position { puzzle: self.puzzles, line: no, column: None }
                    });
                    err.get_or_insert(ParseError { position: Position { line: no, column: col, ..p }, kind });
                    // The bad line still counts its cells, so that the puzzle ends where it should and
                    // the puzzles after it are read.
                    let from = line.iter().position(|&b| b == b'=').map_or(0, |i| i + 1);
                    let n =
                        line[from..].split(|b| b"{},; \t\r".contains(b)).filter(|t| !t.is_empty()).count();
                    values.extend(std::iter::repeat_n(0, n));
                    if side.is_some_and(|s| values.len() >= s * s) {
                        break;
                    }
                    continue;
                }
            };
            if row.is_empty() {
                if pos.is_some() && line.contains(&b';') {
                    break;
                }
                continue;
            }
            let p = *pos.get_or_insert_with(|| {
                self.puzzles += 1;
                Position { puzzle: self.puzzles, line: no, column: None }
            });
            if side.is_none() {
                side = side_of(row.len(), &row);
                if side.is_none() {
                    err.get_or_insert(ParseError {
                        position: Position { line: no, ..p },
                        kind: ParseErrorKind::UnknownSize { found: row.len() },
                    });
                    // Without a size the puzzle's end is unknown: it ends with this line.
                    break;
                }
            }
            values.extend(row.iter().map(|&(_, v)| v));
            if side.is_some_and(|s| values.len() >= s * s) {
                break;
            }
        }
        let Some(p) = pos else { return Ok(()) };
        let result = match (err, side) {
            (Some(e), _) => Err(e),
            (None, None) => return Ok(()),
            (None, Some(n)) => {
                let shape = match self.shape {
                    Some(s) if s.side() == n => Ok(s),
                    _ => Shape::for_side(n),
                };
                match shape {
                    Err(e) => Err(Self::error(p, None, e.into())),
                    Ok(s) if values.len() != s.cells() => Err(Self::error(
                        p,
                        None,
                        ParseErrorKind::WrongLength {
                            found: values.len(),
                            more_than: false,
                            expected: s.cells(),
                            side: n,
                        },
                    )),
                    Ok(s) => Grid::from_values(s, &values).map_err(|e| Self::error(p, None, e.into())),
                }
            }
        };
        self.push(p, Layout::Array, result);
        self.keep_text(&own);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::{parse_all, Layout, ParseOptions};

    const P: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn rows(open: &str, close: &str, quote: bool) -> Vec<String> {
        P.as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> = r
                    .iter()
                    .map(|&b| match (quote, b) {
                        (true, c) => format!("'{}'", c as char),
                        (false, b'.') => "0".into(),
                        (false, c) => (c as char).to_string(),
                    })
                    .collect();
                format!("{open}{}{close}", cells.join(","))
            })
            .collect()
    }

    #[test]
    fn java_c_and_pasted_rows() {
        let java = format!("int[][] board = {{\n{}\n}};\n", rows("    {", "},", false).join("\n"));
        let c = format!("int grid[9][9] = {{{}}};\n", rows("{", "}", false).join(","));
        let pasted = rows("{", "},", false).join("\n");
        let chars = format!("char[][] board = {{{}}};", rows("{", "}", true).join(", "));
        for text in [java, c, pasted.clone(), format!("{pasted}\n\n{pasted}\n"), chars] {
            let r = parse_all(&text, ParseOptions::default()).expect("reads");
            assert!(!r.is_empty(), "{text}");
            for rec in &r {
                assert_eq!(rec.layout, Layout::Array, "{text}");
                assert_eq!(rec.puzzle.as_ref().map(ToString::to_string).as_deref(), Ok(P), "{text}");
            }
        }
        let two = parse_all(&format!("{pasted}\n{pasted}\n"), ParseOptions::default()).expect("reads");
        assert_eq!(two.len(), 2);
        assert_eq!(two[1].position.line, 10);
    }

    #[test]
    fn a_bad_cell_is_one_error_with_its_column() {
        let mut r = rows("{", "},", false);
        r[1] = r[1].replacen('3', "x", 1);
        let text = format!("{}\n{}\n", r.join("\n"), rows("{", "},", false).join("\n"));
        let recs = parse_all(&text, ParseOptions::default()).expect("reads");
        let e = recs[0].puzzle.as_ref().expect_err("bad cell");
        assert_eq!((e.position.line, e.position.column), (2, Some(6)), "{e}");
        assert!(recs.iter().skip(1).all(|r| r.puzzle.is_ok()), "{recs:?}");
    }
}
