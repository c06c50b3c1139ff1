//! The JSON layouts: LeetCode-style boards (an array of rows of strings or numbers), arrays of boards,
//! and JSON puzzle objects, read record by record without ever swallowing the rest of the input.

use std::io::{self, BufRead};
use std::sync::Arc;

use super::error::{ParseError, ParseErrorKind, Position};
use super::puzzle_object::VariantPuzzle;
use super::symbols::{show_byte, symbol_value, Symbols};
use super::text::trim_eol;
use super::{Layout, PuzzleReader, Record, MAX_LINE};
use crate::grid::{Grid, GridError, Shape};

impl<R: BufRead> PuzzleReader<R> {
    pub(super) fn json_record(&mut self) -> io::Result<()> {
        let mut text: Vec<u8> = Vec::new();
        let mut depth = 0usize;
        let mut in_str = false;
        let mut escaped = false;
        let mut start: Option<usize> = None;
        // The 0-based column of the value's opening bracket: serde counts columns from there on its first line.
        let mut start_col = 0usize;
        let mut cut_line = None;
        while let Some((no, cut)) = self.next_line()? {
            if cut {
                cut_line.get_or_insert(no);
            }
            let line = trim_eol(&self.buf).to_vec();
            let mut rest_from = None;
            for (i, &b) in line.iter().enumerate() {
                if start.is_none() {
                    match b {
                        b'[' | b'{' => {
                            start = Some(no);
                            start_col = i;
                            depth = 1;
                            text.push(b);
                        }
                        b',' | b' ' | b'\t' | b'\r' => {}
                        b'#' if i == 0 => break,
                        _ => {
                            let p = self.position(no);
                            let e = Self::error(
                                p,
                                Some(i + 1),
                                ParseErrorKind::Json(format!(
                                    "expected a JSON board, found {}",
                                    show_byte(&line, i)
                                )),
                            );
                            self.push(p, Layout::Json, Err(e));
                            return Ok(());
                        }
                    }
                    continue;
                }
                text.push(b);
                if in_str {
                    match (escaped, b) {
                        (true, _) => escaped = false,
                        (false, b'\\') => escaped = true,
                        (false, b'"') => in_str = false,
                        _ => {}
                    }
                    continue;
                }
                match b {
                    b'"' => in_str = true,
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            rest_from = Some(i + 1);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if let Some(r) = rest_from {
                // Keep what follows the value on its line for the next record.
                // Blank out what was read so that columns of the next value stay those of the line.
                let mut rest = line.clone();
                rest[..r].fill(b' ');
                if rest.iter().any(|b| !b.is_ascii_whitespace() && *b != b',') {
                    self.pending = Some((rest, no, false));
                }
                break;
            }
            if start.is_some() {
                text.push(b'\n');
            }
        }
        let Some(first) = start else { return Ok(()) };
        let p = self.position(first);
        if let Some(no) = cut_line {
            let e = Self::error(p, None, ParseErrorKind::LineTooLong { limit: MAX_LINE }).with_line(no);
            self.push(p, Layout::Json, Err(e));
            return Ok(());
        }
        if depth != 0 {
            let e = Self::error(
                p,
                None,
                ParseErrorKind::Json("the JSON value is not closed before the end of the input".into()),
            );
            self.push(p, Layout::Json, Err(e));
            return Ok(());
        }
        match serde_json::from_slice::<serde_json::Value>(&text) {
            Err(e) => {
                let (line, column) = json_error_at(&text, e.line(), e.column(), start_col);
                let err = ParseError {
                    position: Position { puzzle: p.puzzle, line: first + line - 1, column: Some(column) },
                    kind: ParseErrorKind::Json(strip_serde_position(&e.to_string())),
                };
                self.push(p, Layout::Json, Err(err));
            }
            Ok(value) => {
                let boards = match &value {
                    serde_json::Value::Array(rows)
                        if rows.first().is_some_and(|r| {
                            r.is_object()
                                || r.as_array().is_some_and(|r| r.first().is_some_and(|c| c.is_array()))
                        }) =>
                    {
                        rows.iter().collect::<Vec<_>>()
                    }
                    _ => vec![&value],
                };
                for (k, b) in boards.into_iter().enumerate() {
                    let p = if k == 0 { p } else { self.position(first) };
                    if b.is_object() {
                        // A puzzle object brings its own rules; the reader's shape and variants do not apply.
                        let record = match VariantPuzzle::from_json(b, self.opts.symbols) {
                            Ok(v) => Record {
                                position: p,
                                layout: Layout::Json,
                                puzzle: Ok(v.grid),
                                board: Some(Arc::new(v.board)),
                            },
                            Err(e) => Record {
                                position: p,
                                layout: Layout::Json,
                                puzzle: Err(Self::error(p, None, e.into())),
                                board: None,
                            },
                        };
                        self.out.push_back(record);
                        continue;
                    }
                    let r = json_board(b, self.shape, self.opts.symbols)
                        .map_err(|kind| Self::error(p, None, kind));
                    self.push(p, Layout::Json, r);
                }
            }
        }
        Ok(())
    }
}

/// Parses a LeetCode-style board (for the `givens` of a JSON puzzle object).
pub(crate) fn json_rows(
    v: &serde_json::Value,
    shape: Option<Shape>,
    symbols: Symbols,
) -> Result<Grid, ParseErrorKind> {
    json_board(v, shape, symbols)
}

pub(super) fn json_board(
    v: &serde_json::Value,
    shape: Option<Shape>,
    symbols: Symbols,
) -> Result<Grid, ParseErrorKind> {
    let err = |m: String| ParseErrorKind::Json(m);
    let rows = v.as_array().ok_or_else(|| err("a board must be an array of rows".into()))?;
    let n = shape.map_or(rows.len(), Shape::side);
    if rows.len() != n {
        return Err(err(format!("the board has {} rows, expected {n}", rows.len())));
    }
    let shape = match shape {
        Some(s) => s,
        None => Shape::for_side(n).map_err(ParseErrorKind::Grid)?,
    };
    let mut values = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().ok_or_else(|| err(format!("row {} is not an array", r + 1)))?;
        if cells.len() != n {
            return Err(ParseErrorKind::RowWidth { row: r + 1, found: cells.len(), expected: n });
        }
        for (c, cell) in cells.iter().enumerate() {
            let bad = || {
                err(format!(
                    "row {}, cell {}: {cell} is not a digit of a {n}×{n} board or a blank",
                    r + 1,
                    c + 1
                ))
            };
            let v = match cell {
                serde_json::Value::String(s) if s.len() == 1 => symbol_value(s.as_bytes()[0], n, symbols),
                serde_json::Value::String(s) if s.is_empty() => Some(0),
                serde_json::Value::String(s) => s.parse::<usize>().ok().filter(|&v| v <= n).map(|v| v as u8),
                serde_json::Value::Number(x) => x.as_u64().filter(|&v| v as usize <= n).map(|v| v as u8),
                serde_json::Value::Null => Some(0),
                _ => None,
            };
            values.push(v.ok_or_else(bad)?);
        }
    }
    Grid::from_values(shape, &values).map_err(|e: GridError| e.into())
}

/// Turns serde's position inside `text` (a value that began at 0-based column `start_col` of its first
/// line) into a 1-based line of `text` and a 1-based column of the input line. serde reports an error it
/// finds on reading a line break as column 0 of the next line; that is the end of the line before.
pub(super) fn json_error_at(text: &[u8], line: usize, column: usize, start_col: usize) -> (usize, usize) {
    let (line, column) = if column == 0 && line > 1 {
        let prev = text.split(|&b| b == b'\n').nth(line - 2).map_or(0, <[u8]>::len);
        (line - 1, prev.max(1))
    } else {
        (line.max(1), column.max(1))
    };
    (line, if line == 1 { column + start_col } else { column })
}

pub(super) fn strip_serde_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}
