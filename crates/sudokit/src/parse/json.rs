//! The JSON layouts: LeetCode-style boards (an array of rows of strings or numbers), arrays of boards,
//! and JSON puzzle objects, read record by record without ever swallowing the rest of the input.

use std::io::{self, BufRead};
use std::sync::Arc;

use super::error::{JsonProblem, ParseError, ParseErrorKind, Position};
use super::puzzle_object::{VariantPuzzle, RULE_FIELDS};
use super::symbols::{show_byte, symbol_value, Symbols};
use super::text::{read_piece, skip_rest_of_line};
use super::{Expected, Layout, Notation, PuzzleReader, Record, MAX_LINE};
use crate::grid::{Grid, GridError, Shape};
use crate::rules::Board;

/// The most bytes one JSON record may take; a longer one is reported and skipped.
pub const MAX_RECORD: usize = 1 << 22;

/// What the records of a top-level JSON array are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArrayOf {
    /// LeetCode boards: `[[[…], …], [[…], …]]`.
    Boards,
    /// Puzzle objects: `[{…}, {…}]`.
    Objects,
}

/// The JSON scanner's place in the input, kept between records.
///
/// JSON is read byte by byte from pieces of at most [`MAX_LINE`] bytes of the current line, so that a
/// line of any length (an array of a million boards as one line) streams through in bounded memory,
/// and every byte keeps its line and column for error messages.
#[derive(Debug, Default)]
pub(super) struct JsonCursor {
    /// The piece of the current line being read.
    piece: Vec<u8>,
    /// The next byte's index in `piece`.
    at: usize,
    /// The current line's 1-based number.
    line: usize,
    /// The 0-based column of `piece[0]` in its line.
    col0: usize,
    /// Whether the line goes on past `piece`.
    more: bool,
    /// Whether the input has ended.
    eof: bool,
    /// Inside a top-level array whose elements are the records.
    pub(super) array: Option<ArrayOf>,
    /// Top-level arrays of boards met so far.
    pub(super) arrays: u32,
}

/// Why a JSON record broke off.
struct Broken {
    kind: JsonProblem,
    line: usize,
    /// 1-based column.
    column: usize,
    message: String,
}

/// Whether a line (from its start) looks like the start of a record: `{`, `[[`, `[{`, or a lone `[`
/// that opens a pretty-printed board. Rows inside a board (`["5", …`) do not.
fn starts_record(line: &[u8]) -> Option<usize> {
    let first = line.iter().position(|b| !b.is_ascii_whitespace())?;
    match line[first] {
        b'{' => Some(first),
        b'[' => {
            let next = line[first + 1..].iter().find(|b| !b.is_ascii_whitespace());
            matches!(next, None | Some(b'[' | b'{')).then_some(first)
        }
        _ => None,
    }
}

/// Whether the cursor stands at the first byte of a line that starts a record.
fn starts_record_at(c: &JsonCursor) -> bool {
    c.col0 == 0 && starts_record(&c.piece) == Some(c.at)
}

impl<R: BufRead> PuzzleReader<R> {
    /// The next byte of the JSON input, not consumed; `None` at the end of the input.
    fn json_peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            let c = &mut self.json;
            if c.at < c.piece.len() {
                return Ok(Some(c.piece[c.at]));
            }
            if c.eof {
                return Ok(None);
            }
            if c.more {
                c.col0 += c.piece.len();
                c.piece.clear();
                c.at = 0;
                match read_piece(&mut self.input, &mut c.piece, MAX_LINE)? {
                    None => c.eof = true,
                    Some(complete) => c.more = !complete,
                }
                continue;
            }
            let next = match self.pending.pop_front() {
                Some(p) => Some(p),
                None => {
                    let mut bytes = Vec::new();
                    match read_piece(&mut self.input, &mut bytes, MAX_LINE)? {
                        None => None,
                        Some(complete) => {
                            self.line_no += 1;
                            Some((bytes, self.line_no, !complete))
                        }
                    }
                }
            };
            let c = &mut self.json;
            match next {
                None => c.eof = true,
                Some((bytes, no, more)) => {
                    c.piece = bytes;
                    c.at = 0;
                    c.line = no;
                    c.col0 = 0;
                    c.more = more;
                }
            }
        }
    }

    fn json_bump(&mut self) {
        self.json.at += 1;
    }

    /// The 0-based column of the next byte.
    fn json_col(&self) -> usize {
        self.json.col0 + self.json.at
    }

    /// Drops the rest of the current line.
    fn json_skip_line(&mut self) -> io::Result<()> {
        let c = &mut self.json;
        c.at = c.piece.len();
        if c.more {
            skip_rest_of_line(&mut self.input)?;
            self.json.more = false;
        }
        Ok(())
    }

    /// Reads the next JSON record (or the input's end), queueing exactly one record per value found,
    /// readable or not. A damaged value never takes the records after it along: see [`Self::json_resync`].
    pub(super) fn json_record(&mut self) -> io::Result<()> {
        loop {
            let Some(b) = self.json_peek()? else { return Ok(()) };
            match b {
                b' ' | b'\t' | b'\r' | b'\n' | b',' => self.json_bump(),
                b'#' if self.json_col() == 0 => self.json_skip_line()?,
                b']' if self.json.array.is_some() => {
                    self.json.array = None;
                    self.json_bump();
                }
                b'[' | b'{' => return self.json_value(),
                _ => {
                    let line = self.json.line;
                    let p = self.position(line);
                    let found = show_byte(&self.json.piece, self.json.at);
                    let e = Self::error(
                        p,
                        Some(self.json_col() + 1),
                        ParseErrorKind::Json {
                            kind: JsonProblem::NotJson,
                            message: format!("expected a JSON board, found {found}"),
                        },
                    );
                    self.push(p, Layout::Json, Err(e));
                    // What is left of the line, as far as it has been read.
                    let rest = &self.json.piece[self.json.at..];
                    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                    let own = rest[..end].to_vec();
                    self.keep_text(&own);
                    return self.json_resync(line, line);
                }
            }
        }
    }

    /// Scans one value from its opening bracket to its closing one and queues its record. At the top
    /// level, an array whose first element is a board or a puzzle object is a container: its elements
    /// become the records one by one, so that an array of any size is read in bounded memory.
    fn json_value(&mut self) -> io::Result<()> {
        let top = self.json.array.is_none();
        let mut start = (self.json.line, self.json_col());
        let mut text: Vec<u8> = Vec::new();
        let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
        // A value just ended inside a container: only a separator or a closing bracket may follow.
        let mut expect_sep = false;
        // Where the top value's first element began (offset in `text`, line, column), while it is
        // not yet known whether the top value is a container of records.
        let mut first_child: Option<(usize, usize, usize)> = None;
        // Only a top-level array can be a container of records.
        let mut decided = !top || self.json_peek()? != Some(b'[');
        // Something closed on the value's first line: records are written one to a line, so a later
        // line that starts a record means this value was never closed (pretty-printed values open
        // on their first line and close on later ones).
        let mut one_line_style = false;
        let broken = loop {
            let Some(b) = self.json_peek()? else {
                break Broken {
                    kind: JsonProblem::Unclosed,
                    line: start.0,
                    column: 0,
                    message: "the JSON value is not closed before the end of the input".into(),
                };
            };
            let (line, col) = (self.json.line, self.json_col());
            if text.len() >= MAX_RECORD {
                break Broken {
                    kind: JsonProblem::TooLong,
                    line,
                    column: col + 1,
                    message: format!("a JSON record is longer than {MAX_RECORD} bytes"),
                };
            }
            if in_str {
                if b == b'\n' {
                    break Broken {
                        kind: JsonProblem::Unclosed,
                        line,
                        column: col + 1,
                        message: "a string is not closed before the end of its line".into(),
                    };
                }
                text.push(b);
                self.json_bump();
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => {
                        in_str = false;
                        expect_sep = depth >= 1;
                    }
                    _ => {}
                }
                continue;
            }
            let separates = matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b':' | b']' | b'}');
            if matches!(b, b'[' | b'{')
                && (expect_sep || one_line_style)
                && line > start.0
                && starts_record_at(&self.json)
            {
                // The value never closed and the next record begins: report the value where it began.
                break Broken {
                    kind: JsonProblem::Unclosed,
                    line,
                    column: 0,
                    message: format!("the JSON value is not closed before the record on line {line}"),
                };
            }
            if expect_sep && !separates {
                break Broken {
                    kind: JsonProblem::Syntax,
                    line,
                    column: col + 1,
                    message: format!(
                        "expected ',' or a closing bracket, found {}",
                        show_byte(&self.json.piece, self.json.at)
                    ),
                };
            }
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => {}
                b'"' => in_str = true,
                b'[' | b'{' => {
                    depth += 1;
                    if !decided && depth == 2 {
                        first_child = Some((text.len(), line, col));
                        if b == b'{' && self.json_object_key_ahead() {
                            // An array of puzzle objects: the records are its elements.
                            text.clear();
                            depth = 1;
                            self.json.array = Some(ArrayOf::Objects);
                            start = (line, col);
                            decided = true;
                        }
                    } else if !decided && depth == 3 {
                        // An array of boards: the records are its elements.
                        if let Some((at, l, c)) = first_child {
                            text.drain(..at);
                            start = (l, c);
                        }
                        depth = 2;
                        self.json.array = Some(ArrayOf::Boards);
                        self.json.arrays += 1;
                        decided = true;
                    }
                }
                b']' | b'}' => {
                    depth = depth.saturating_sub(1);
                    one_line_style |= line == start.0;
                    if !decided && depth == 1 {
                        // The first element held no container: the top value is one board.
                        decided = true;
                    }
                    expect_sep = depth >= 1;
                }
                b',' | b':' => expect_sep = false,
                _ => {}
            }
            text.push(b);
            self.json_bump();
            if depth == 0 {
                return self.json_parse(&text, start);
            }
        };
        let p = self.position(start.0);
        let column = (broken.column > 0).then_some(broken.column);
        let report_line = if column.is_some() { broken.line } else { start.0 };
        let e = Self::error(p, column, ParseErrorKind::Json { kind: broken.kind, message: broken.message })
            .with_line(report_line);
        self.push_broken(p, e, &text);
        self.json_resync(start.0, broken.line)
    }

    /// After a damaged record that began on line `from` and broke off on line `at`: go on where the next
    /// record can start, so that one damaged record gives one error and the records after it are read.
    ///
    /// - The break is on a later line that itself looks like the start of a record (`[[…`, `{…`): the
    ///   damaged record is the lines before it, and reading goes on from that line.
    /// - Inside a top-level array on one line: reading goes on at the next element (`], [[` or `}, {`).
    /// - Otherwise the rest of the line is dropped, and if the record spanned lines, so is every line up
    ///   to the next that looks like the start of a record.
    fn json_resync(&mut self, from: usize, at: usize) -> io::Result<()> {
        let c = &mut self.json;
        if c.eof && c.at >= c.piece.len() {
            return Ok(());
        }
        if at > from && c.col0 == 0 {
            if let Some(first) = starts_record(&c.piece) {
                c.at = first;
                return Ok(());
            }
        }
        if self.json_next_element() {
            return Ok(());
        }
        self.json_skip_line()?;
        if at > from {
            // A pretty-printed record: drop its remaining lines up to the next record's start.
            loop {
                let Some(_) = self.json_peek()? else { return Ok(()) };
                let c = &mut self.json;
                if c.col0 == 0 && c.at == 0 && starts_record(&c.piece).is_none() && self.json.array.is_none()
                {
                    self.json_skip_line()?;
                    continue;
                }
                return Ok(());
            }
        }
        Ok(())
    }

    /// Queues a record whose JSON text (kept as its text) is broken. One that opens with `{` was
    /// meant as a puzzle object, so its output record is an object too, in line with the others.
    fn push_broken(&mut self, p: Position, e: ParseError, text: &[u8]) {
        self.push(p, Layout::Json, Err(e));
        if text.trim_ascii_start().starts_with(b"{") {
            if let Some(r) = self.out.back_mut() {
                r.notation.object = true;
            }
        }
        self.keep_text(text);
    }

    /// Parses one record's text (begun at `start`: line, 0-based column) and queues it.
    fn json_parse(&mut self, text: &[u8], start: (usize, usize)) -> io::Result<()> {
        let (first, start_col) = start;
        let p = self.position(first);
        let value = match serde_json::from_slice::<serde_json::Value>(text) {
            Ok(v) => v,
            Err(e) => {
                let (line, column) = json_error_at(text, e.line(), e.column(), start_col);
                let err = ParseError {
                    position: Position { puzzle: p.puzzle, line: first + line - 1, column: Some(column) },
                    kind: ParseErrorKind::Json {
                        kind: JsonProblem::Syntax,
                        message: strip_serde_position(&e.to_string()),
                    },
                };
                self.push_broken(p, err, text);
                return self.json_rest_of_failed_line();
            }
        };
        let ok = if value.is_object() {
            // A puzzle object brings its own rules; one that names none takes the reader's (a box
            // shape for its size, variants), as a CSV row with empty rule columns does.
            let own_rules = RULE_FIELDS.iter().any(|f| value.get(f).is_some());
            let read = VariantPuzzle::from_json(&value, self.opts.symbols).map_err(ParseErrorKind::from);
            let read = match read {
                Ok(v) if !own_rules && self.options_give_rules() => self.under_readers_rules(v),
                other => other,
            };
            let record = match read {
                Ok(v) => Record {
                    position: p,
                    layout: Layout::Json,
                    puzzle: Ok(v.grid),
                    board: Some(Arc::new(v.board)),
                    expected: v.expected,
                    notation: v.notation,
                    text: None,
                },
                Err(e) => Record {
                    position: p,
                    layout: Layout::Json,
                    puzzle: Err(Self::error(p, None, e)),
                    board: None,
                    expected: Expected::default(),
                    notation: Notation {
                        symbols: self.opts.symbols,
                        object: true,
                        rules: true,
                        ..Notation::default()
                    },
                    text: None,
                },
            };
            let ok = record.puzzle.is_ok();
            self.out.push_back(record);
            ok
        } else {
            let r =
                json_board(&value, self.shape, self.opts.symbols).map_err(|kind| Self::error(p, None, kind));
            let ok = r.is_ok();
            self.push(p, Layout::Json, r);
            if let Some(rec) = self.out.back_mut() {
                rec.notation.numbers = board_has_numbers(&value);
                rec.notation.board = true;
            }
            ok
        };
        if ok {
            Ok(())
        } else {
            // A puzzle object writes back its puzzle, as a CSV row does; a board, its text.
            match value.get("puzzle").or_else(|| value.get("givens")).and_then(serde_json::Value::as_str) {
                Some(puzzle) => self.keep_text(puzzle.as_bytes()),
                None => self.keep_text(text),
            }
            self.json_rest_of_failed_line()
        }
    }

    /// A top-level value that is no puzzle (a lone row of a damaged board, say) takes the rest of its
    /// line with it, so that one line never gives several records.
    ///
    /// Another record that follows on the line (`[[…`, `{…`) is still read.
    fn json_rest_of_failed_line(&mut self) -> io::Result<()> {
        if self.json.array.is_some() {
            if self.json_next_element() {
                return Ok(());
            }
        } else {
            let rest = &self.json.piece[self.json.at..];
            let from = rest.iter().position(|b| !b.is_ascii_whitespace() && *b != b',');
            if from.is_some_and(|k| starts_record(&rest[k..]) == Some(0)) {
                return Ok(());
            }
        }
        self.json_skip_line()
    }

    /// Inside a top-level array on its line: moves to the next element (`], [[` for boards, `}, {` for
    /// puzzle objects), if the line has one.
    fn json_next_element(&mut self) -> bool {
        let c = &mut self.json;
        let Some(kind) = c.array else { return false };
        let open = if kind == ArrayOf::Boards { b'[' } else { b'{' };
        let rest = &c.piece[c.at..];
        let first_after =
            |from: usize| rest[from..].iter().position(|b| !b.is_ascii_whitespace()).map(|k| from + k);
        let next = rest.iter().enumerate().filter(|(_, &b)| b == b',').find_map(|(i, _)| {
            let j = first_after(i + 1)?;
            let opens = rest[j] == open
                && (kind == ArrayOf::Objects || first_after(j + 1).is_some_and(|k| rest[k] == b'['));
            opens.then_some(j)
        });
        match next {
            Some(j) => {
                c.at += j;
                true
            }
            None => false,
        }
    }

    /// A puzzle object without rules of its own under the reader's: its box shape where the
    /// reader's is for the same size, its variants.
    fn under_readers_rules(&mut self, mut v: VariantPuzzle) -> Result<VariantPuzzle, ParseErrorKind> {
        let shape = v.grid.shape();
        if let Some(s) = self.opts.shape.filter(|s| s.side() == shape.side() && *s != shape) {
            v.grid = Grid::from_values(s, v.grid.values())?;
            if let Some(solution) = &mut v.expected.solution {
                *solution = Grid::from_values(s, solution.values())?;
            }
        }
        let shape = v.grid.shape();
        v.board = match self.rules(shape, None)? {
            Some(board) => Arc::unwrap_or_clone(board),
            None => Board::classic(shape),
        };
        v.notation.rules = true;
        Ok(v)
    }

    /// Whether the bytes after the `{` at hand open a puzzle object (its first key is a field of the
    /// JSON puzzle format), so that a damaged board (a row opened with `{`) is not taken for an array
    /// of puzzle objects.
    fn json_object_key_ahead(&self) -> bool {
        let rest = &self.json.piece[self.json.at + 1..];
        let Some(q) = rest.iter().position(|b| !b.is_ascii_whitespace()) else { return true };
        if rest[q] == b'}' {
            return true;
        }
        let key = rest[q..].strip_prefix(b"\"").and_then(|k| k.split(|&b| b == b'"').next());
        key.is_some_and(super::puzzle_object::is_object_key)
    }
}

/// Whether a JSON board writes its cells as numbers (the first cell decides).
pub(super) fn board_has_numbers(v: &serde_json::Value) -> bool {
    let first = v.as_array().and_then(|rows| rows.first()).and_then(|r| r.as_array()).and_then(|r| r.first());
    matches!(first, Some(serde_json::Value::Number(_)))
}

/// Reads a LeetCode-style board held as a JSON value: an array of `side` rows, each an array of
/// `side` cells, a cell being a one-character symbol (`"5"`, `"."`), a number (`0` for a blank), a
/// number as a string, `""` or `null` (blanks). The shape is `shape`, else the squarest box for the
/// number of rows. What the `givens` of a JSON puzzle object and bindings that hold boards as nested
/// lists use.
///
/// ```
/// use sudokit::parse::board_from_json;
/// use sudokit::Symbols;
/// let rows: Vec<Vec<serde_json::Value>> =
///     (0..4).map(|r| (0..4).map(|c| if r == c { "1".into() } else { 0.into() }).collect()).collect();
/// let grid = board_from_json(&serde_json::json!(rows), None, Symbols::Standard)?;
/// assert_eq!(grid.to_string(), "1....1....1....1");
/// # Ok::<(), sudokit::ParseErrorKind>(())
/// ```
///
/// # Errors
/// A value that is not a board, a row of the wrong width, a cell that is no digit of the board.
pub fn board_from_json(
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
    let err = |message: String| ParseErrorKind::Json { kind: JsonProblem::NotABoard, message };
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::parse::{parse_all, ParseOptions};
    use crate::testing;

    /// A LeetCode board of `grid` on one line, as Python's `json.dumps` writes it.
    fn board(grid: &crate::Grid) -> String {
        let side = grid.shape().side();
        let rows: Vec<String> = grid
            .values()
            .chunks(side)
            .map(|r| {
                let cells: Vec<String> =
                    r.iter().map(|&v| if v == 0 { "\".\"".into() } else { format!("\"{v}\"") }).collect();
                format!("[{}]", cells.join(", "))
            })
            .collect();
        format!("[{}]", rows.join(", "))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Random damage to some lines of a file of one board per line: still one record per line, in
        /// order, and every intact line read as its board.
        #[test]
        fn damaged_json_lines_keep_records_aligned(
            cases in proptest::collection::vec(testing::puzzle(crate::Shape::CLASSIC), 4..12),
            damage in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<u8>()), 1..6),
        ) {
            let mut lines: Vec<Vec<u8>> = cases.iter().map(|c| board(&c.puzzle).into_bytes()).collect();
            let mut damaged = vec![false; lines.len()];
            for (line, at, byte) in damage {
                let i = line.index(lines.len());
                let j = at.index(lines[i].len());
                // A line break (`\n`, or `\r` alone) would make two lines of one, and a `#` at the
                // start of a line makes it a comment; any other byte, printable or not, may land
                // anywhere.
                let byte = if byte == b'\n' || byte == b'\r' || (byte == b'#' && j == 0) { b'x' } else { byte };
                damaged[i] |= lines[i][j] != byte;
                lines[i][j] = byte;
            }
            let text: Vec<u8> = lines.join(&b'\n');
            let text = String::from_utf8_lossy(&text).into_owned();
            let records = parse_all(&text, ParseOptions::default()).expect("a string reads");
            prop_assert_eq!(records.len(), lines.len(), "{}", text);
            for (k, r) in records.iter().enumerate() {
                prop_assert_eq!(r.position.line, k + 1);
                if !damaged[k] {
                    prop_assert_eq!(r.puzzle.as_ref().ok(), Some(&cases[k].puzzle), "line {}: {:?}\n{}", k + 1, r.puzzle, text);
                }
            }
        }
    }

    /// Issue #22: a board whose last `]` is missing is one error; the boards after it are all read.
    #[test]
    fn unclosed_board_is_one_record() {
        let p = testing::base_solution(crate::Shape::CLASSIC);
        let good = board(&p);
        let bad = &good[..good.len() - 1];
        let text = format!("{good}\n{good}\n{good}\n{bad}\n{good}\n{good}\n");
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 6);
        assert!(r[3].puzzle.is_err());
        assert_eq!(r[3].position.line, 4);
        assert!(r.iter().enumerate().all(|(i, r)| i == 3 || r.puzzle.is_ok()));
    }

    /// A puzzle object that names no rules takes the reader's box shape and variants, as a CSV row
    /// with empty rule columns does; one that names its own (even none: `"variants": []`) keeps them.
    #[test]
    fn objects_without_rules_take_the_readers() {
        use crate::rules::{Board, Variants};
        use crate::Shape;
        let six = ".1....2..4.....65.4.....56......6.2.";
        let text = format!(
            "{{\"puzzle\": \"{six}\", \"solution\": \"615342251436342651423165564213136524\"}}\n\
             {{\"puzzle\": \"{six}\", \"box\": \"2x3\"}}\n{{\"puzzle\": \"{six}\", \"variants\": []}}\n"
        );
        let tall = Shape::new(3, 2).expect("3x2 boxes");
        let x = Variants { diagonals: true, ..Variants::default() };
        let reader = |variants: Variants| {
            let opts = ParseOptions { shape: Some(tall), ..ParseOptions::default() };
            let r: Vec<super::Record> = super::PuzzleReader::new(text.as_bytes(), opts)
                .with_variants(variants)
                .collect::<std::io::Result<_>>()
                .expect("reads");
            r.iter().map(|r| r.board.as_deref().cloned().expect("an object's board")).collect::<Vec<Board>>()
        };
        let wide = Shape::new(2, 3).expect("2x3 boxes");
        assert_eq!(
            reader(Variants::default()),
            [Board::classic(tall), Board::classic(wide), Board::classic(wide)]
        );
        let boards = reader(x);
        assert_eq!(boards[0], x.board(tall, None).expect("X on 6×6"));
        assert_eq!(boards[1..], [Board::classic(wide), Board::classic(wide)]);
        // The solution is read under the same boxes.
        let opts = ParseOptions { shape: Some(tall), ..ParseOptions::default() };
        let first = super::PuzzleReader::new(text.as_bytes(), opts).next().expect("a record").expect("reads");
        assert_eq!(first.expected.solution.map(|g| g.shape()), Some(tall));
    }

    /// An array of boards on one line longer than a line's cap is read element by element.
    #[test]
    fn one_line_array_longer_than_the_line_cap() {
        let p = testing::base_solution(crate::Shape::CLASSIC);
        let n = 2 * super::MAX_LINE / board(&p).len() + 3;
        let text = format!("[{}]\n", vec![board(&p); n].join(", "));
        assert!(text.len() > super::MAX_LINE);
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), n);
        assert!(r.iter().all(|r| r.puzzle.as_ref().ok() == Some(&p)));
        assert_eq!(r[n - 1].position.puzzle, n);
    }
}
