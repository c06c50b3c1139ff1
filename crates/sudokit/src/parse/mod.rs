//! Reading puzzles in the layouts people use, one record at a time.
//!
//! Layouts (auto-detected from the first puzzle of an input, or forced):
//! - **line**: one puzzle per line, `side²` cells (`81` for 9×9), blanks `.`, `0`, `_`, `-` or `*`;
//!   whatever follows the cells after whitespace (a rating, a comment) is ignored. For big boards the
//!   cells may also be whitespace-separated numbers (`0` blank).
//! - **grid**: `side` lines of `side` cells separated by spaces (the textbook layout, `0` for blank).
//! - **compact**: `side` lines of `side` characters without separators.
//! - **art**: grid art with `|`, `-`, `+` separators, as common tools print it.
//! - **json**: a LeetCode-style board, an array of `side` arrays of `"1"`…`"9"` / `"."` strings
//!   (numbers and `0` are accepted too), or an array of such boards; or a puzzle object of the
//!   JSON puzzle format ([`VariantPuzzle`]) that carries its own rules (size, boxes, regions, cages).
//!
//! Variant rules for the plain layouts come from [`PuzzleReader::with_variants`]; with jigsaw, each
//! puzzle's region map follows its givens as one more whitespace-separated token (line layout:
//! `givens regions`), or ends each row (grid layouts: `8 0 0 … 0 AAABBBCCC`). Records that come with
//! rules carry them in [`Record::board`].
//!
//! In every layout `#` starts a comment line and blank lines are skipped (in the grid layouts a
//! blank line also ends a grid early, which is reported as a truncated grid).
//!
//! The reader never reads more than [`MAX_LINE`] bytes of one line into memory, never panics on any
//! input, and yields one [`Record`] per puzzle it finds, readable or not, so that a bad record is
//! reported with its position and the rest of the input is still read.

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

use crate::grid::{Grid, GridError, RegionProblem, Shape, MAX_SIDE, MIN_SIDE};
use crate::rules::{Board, Variants};

mod error;
mod puzzle_object;

pub use error::{JsonProblem, ParseError, ParseErrorKind, Position};
pub use puzzle_object::{parse_cell_name, region_map, PuzzleObjectError, VariantPuzzle};

/// The most bytes of one line the reader keeps; the rest of a longer line is skipped.
pub const MAX_LINE: usize = 1 << 16;

/// A layout of puzzles in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Layout {
    /// One puzzle per line.
    Line,
    /// One row per line, cells separated by spaces (the textbook layout).
    Grid,
    /// One row per line, cells not separated.
    Compact,
    /// Grid art with `|`, `-` and `+` separators.
    Art,
    /// LeetCode-style JSON boards.
    Json,
}

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

/// Reader settings. Anything left `None` is detected from the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Force a layout instead of detecting it.
    pub layout: Option<Layout>,
    /// Force a board shape instead of inferring it from the first puzzle.
    pub shape: Option<Shape>,
    /// The symbol convention.
    pub symbols: Symbols,
}

/// One puzzle found in the input, readable or not.
#[derive(Clone, Debug)]
pub struct Record {
    /// The puzzle number and first line of the record.
    pub position: Position,
    /// The layout it was read in.
    pub layout: Layout,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Grid, ParseError>,
    /// The rules the record brought with it (a JSON puzzle object, a jigsaw region map, or the
    /// reader's [`Variants`]); `None` means the classic rules of the grid's shape.
    pub board: Option<Arc<Board>>,
}

/// Streams [`Record`]s out of any buffered reader.
///
/// ```
/// use sudokit::parse::{PuzzleReader, ParseOptions, Layout};
/// let text = "0 0 3\n"; // a truncated grid
/// let input = format!("{}\n", "1".repeat(80));
/// let records: Vec<_> = PuzzleReader::new(input.as_bytes(), ParseOptions::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 1);
/// assert_eq!(records[0].layout, Layout::Line);
/// assert!(records[0].puzzle.is_err());
/// # let _ = text;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    opts: ParseOptions,
    layout: Option<Layout>,
    shape: Option<Shape>,
    line_no: usize,
    puzzles: usize,
    buf: Vec<u8>,
    /// A line read ahead (during detection) and not yet handled: its bytes, number and whether it was cut.
    pending: Option<(Vec<u8>, usize, bool)>,
    out: VecDeque<Record>,
    done: bool,
    variants: Variants,
    /// The variant boards without region maps, built once per shape.
    boards: Vec<Arc<Board>>,
    /// A read error met while a batch was being filled, reported by the next call.
    error: Option<io::Error>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input`.
    pub fn new(input: R, opts: ParseOptions) -> Self {
        PuzzleReader {
            input,
            opts,
            layout: opts.layout,
            shape: opts.shape,
            line_no: 0,
            puzzles: 0,
            buf: Vec::new(),
            pending: None,
            out: VecDeque::new(),
            done: false,
            variants: Variants::default(),
            boards: Vec::new(),
            error: None,
        }
    }

    /// Plays plain-layout puzzles under these variant rules (JSON puzzle objects keep their own).
    /// With [`Variants::jigsaw`], every puzzle must come with its region map.
    pub fn with_variants(mut self, variants: Variants) -> Self {
        self.variants = variants;
        self
    }

    /// The layout in use, once detected.
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// Reads the next line into `self.buf` (or takes the pending one): `(line number, cut)`, `None` at the end.
    fn next_line(&mut self) -> io::Result<Option<(usize, bool)>> {
        if let Some((bytes, no, cut)) = self.pending.take() {
            self.buf = bytes;
            return Ok(Some((no, cut)));
        }
        self.buf.clear();
        match read_line_capped(&mut self.input, &mut self.buf, 0, MAX_LINE)? {
            None => Ok(None),
            Some(cut) => {
                self.line_no += 1;
                Ok(Some((self.line_no, cut)))
            }
        }
    }

    fn position(&mut self, line: usize) -> Position {
        self.puzzles += 1;
        Position { puzzle: self.puzzles, line, column: None }
    }

    fn error(position: Position, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { position: Position { column, ..position }, kind }
    }

    fn push(&mut self, position: Position, layout: Layout, puzzle: Result<Grid, ParseError>) {
        self.push_with(position, layout, puzzle, None);
    }

    /// Queues a record; `regions` is the region map read beside a plain-layout puzzle, if any.
    fn push_with(
        &mut self,
        position: Position,
        layout: Layout,
        puzzle: Result<Grid, ParseError>,
        regions: Option<&[u8]>,
    ) {
        let mut board = None;
        let puzzle = puzzle.and_then(|g| {
            self.shape.get_or_insert(g.shape());
            board = self.rules(g.shape(), regions).map_err(|kind| Self::error(position, None, kind))?;
            Ok(g)
        });
        self.out.push_back(Record { position, layout, puzzle, board });
    }

    /// The variant rules for a plain-layout puzzle, `None` for the classic rules.
    fn rules(&mut self, shape: Shape, regions: Option<&[u8]>) -> Result<Option<Arc<Board>>, ParseErrorKind> {
        if let Some(r) = regions {
            let map = region_map(shape, r)?;
            return Ok(Some(Arc::new(self.variants.board(shape, Some(&map))?)));
        }
        if self.variants.is_classic() {
            return Ok(None);
        }
        if let Some(b) = self.boards.iter().find(|b| b.shape() == shape) {
            return Ok(Some(Arc::clone(b)));
        }
        let b = Arc::new(self.variants.board(shape, None)?);
        self.boards.push(Arc::clone(&b));
        Ok(Some(b))
    }

    /// Reads up to `max` records (at least one unless the input is over).
    ///
    /// Once the input is known to hold one classic puzzle per line, with the board size set by its
    /// first puzzle, the records come back unparsed as a [`LineBatch`], so that the caller can parse
    /// them on other threads; until then, and for every other layout, they come back parsed. Either
    /// way the records are the ones [`Iterator::next`] would give, in the same order.
    ///
    /// ```
    /// use sudokit::parse::{Batch, ParseOptions, PuzzleReader};
    /// let input = format!("{0}\n# a comment\n{0}\n{0}\n", ".".repeat(81));
    /// let mut reader = PuzzleReader::new(input.as_bytes(), ParseOptions::default());
    /// let mut puzzles = 0;
    /// while let Some(batch) = reader.next_batch(1000)? {
    ///     puzzles += match batch {
    ///         Batch::Records(records) => records.len(),
    ///         Batch::Lines(lines) => lines.records().filter(|r| r.puzzle.is_ok()).count(),
    ///     };
    /// }
    /// assert_eq!(puzzles, 3);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_batch(&mut self, max: usize) -> io::Result<Option<Batch>> {
        if let Some(e) = self.error.take() {
            self.done = true;
            return Err(e);
        }
        let max = max.max(1);
        let shape = match self.shape {
            Some(shape) if self.lines_are_plain() => shape,
            _ => return self.next_records(max),
        };
        let mut batch = LineBatch {
            text: Vec::with_capacity(max * 84),
            lines: Vec::with_capacity(max),
            shape,
            symbols: self.opts.symbols,
        };
        while batch.lines.len() < max && !self.done {
            let start = batch.text.len();
            match read_line_capped(&mut self.input, &mut batch.text, start, MAX_LINE) {
                Ok(None) => self.done = true,
                Ok(Some(cut)) => {
                    self.line_no += 1;
                    let end = start + trim_eol(&batch.text[start..]).len();
                    if is_blank_or_comment(&batch.text[start..end]) {
                        batch.text.truncate(start);
                        continue;
                    }
                    batch.text.truncate(end);
                    let position = self.position(self.line_no);
                    batch.lines.push(PendingLine { start, end, position, cut });
                }
                Err(e) if batch.lines.is_empty() => {
                    self.done = true;
                    return Err(e);
                }
                Err(e) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
        Ok((!batch.lines.is_empty()).then_some(Batch::Lines(batch)))
    }

    /// [`Self::next_batch`] until the rest of the input can be read as a [`LineBatch`].
    fn next_records(&mut self, max: usize) -> io::Result<Option<Batch>> {
        let mut records = Vec::new();
        while records.len() < max && !self.lines_are_plain() {
            match self.next() {
                None => break,
                Some(Ok(r)) => records.push(r),
                Some(Err(e)) if records.is_empty() => return Err(e),
                Some(Err(e)) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
        Ok((!records.is_empty()).then_some(Batch::Records(records)))
    }

    /// Whether the rest of the input can be split into lines and parsed later: one puzzle per line
    /// under the classic rules, with the board size already fixed, and nothing read ahead or queued.
    fn lines_are_plain(&self) -> bool {
        self.layout == Some(Layout::Line)
            && self.shape.is_some()
            && self.variants.is_classic()
            && self.pending.is_none()
            && self.out.is_empty()
    }

    /// Reads until at least one record is queued or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            self.done = true;
            return Err(e);
        }
        while self.out.is_empty() && !self.done {
            let Some((no, cut)) = self.next_line()? else {
                self.done = true;
                break;
            };
            let line = trim_eol(&self.buf);
            if is_blank_or_comment(line) {
                continue;
            }
            let layout = match self.layout {
                Some(l) => l,
                None => {
                    // A jigsaw region map beside the givens must not make the layout look different.
                    let givens = if self.variants.jigsaw { split_last_token(line).0 } else { line };
                    let l = detect(if givens.is_empty() { line } else { givens }, self.shape);
                    self.layout = Some(l);
                    l
                }
            };
            match layout {
                Layout::Line => self.line_record(no, cut),
                Layout::Json => {
                    self.pending = Some((std::mem::take(&mut self.buf), no, cut));
                    self.json_record()?;
                }
                Layout::Grid | Layout::Compact | Layout::Art => {
                    self.pending = Some((std::mem::take(&mut self.buf), no, cut));
                    self.grid_record(layout)?;
                }
            }
        }
        Ok(())
    }

    fn line_record(&mut self, no: usize, cut: bool) {
        let pos = self.position(no);
        let buf = std::mem::take(&mut self.buf);
        let line = trim_eol(&buf);
        if self.variants.jigsaw {
            // `givens regions [comment]`: the givens are the first token, the map the second.
            let toks = tokens(line, b"");
            let givens_end = toks.first().map_or(0, |&(s, t)| s + t.len());
            let result = match toks.get(1) {
                _ if cut => Err(Self::error(pos, None, ParseErrorKind::LineTooLong { limit: MAX_LINE })),
                None => Err(Self::error(
                    pos,
                    None,
                    GridError::BadRegions { reason: RegionProblem::MissingAfterGivens }.into(),
                )),
                Some(_) => parse_line_inner(&line[..givens_end], self.shape, self.opts.symbols, false)
                    .map_err(|(col, kind)| Self::error(pos, col, kind)),
            };
            let regions = toks.get(1).map(|t| t.1);
            self.push_with(pos, Layout::Line, result, regions);
        } else {
            let result = parse_line_inner(line, self.shape, self.opts.symbols, cut)
                .map_err(|(col, kind)| Self::error(pos, col, kind));
            self.push(pos, Layout::Line, result);
        }
        self.buf = buf;
    }

    fn grid_record(&mut self, layout: Layout) -> io::Result<()> {
        let art = layout == Layout::Art;
        let mut pos: Option<Position> = None;
        let mut values: Vec<u8> = Vec::new();
        let mut side = self.shape.map(Shape::side);
        let mut rows = 0usize;
        let mut err: Option<ParseError> = None;
        let jigsaw = self.variants.jigsaw;
        let mut regions: Vec<u8> = Vec::new();
        while let Some((no, cut)) = self.next_line()? {
            let line = trim_eol(&self.buf);
            if line.iter().all(u8::is_ascii_whitespace) {
                if pos.is_some() {
                    break;
                }
                continue;
            }
            if line.first() == Some(&b'#') || (art && is_art_separator(line)) {
                continue;
            }
            let p = *pos.get_or_insert_with(|| {
                self.puzzles += 1;
                Position { puzzle: self.puzzles, line: no, column: None }
            });
            rows += 1;
            let line = if jigsaw {
                let (cells, map) = split_last_token(line);
                regions.extend_from_slice(map);
                if cells.is_empty() {
                    line
                } else {
                    cells
                }
            } else {
                line
            };
            if err.is_none() {
                if cut {
                    err = Some(
                        Self::error(p, None, ParseErrorKind::LineTooLong { limit: MAX_LINE }).with_line(no),
                    );
                } else {
                    match grid_row(line, art, side, self.opts.symbols) {
                        Ok(cells) if side.is_none() && cells.len() > MAX_SIDE => {
                            // No board is this wide, so the row count is unknown: the record runs to the next
                            // blank line (or the end), as it would for any grid whose rows cannot be read.
                            let e = GridError::UnsupportedSide { side: cells.len() };
                            err = Some(Self::error(p, None, ParseErrorKind::Grid(e)).with_line(no));
                        }
                        Ok(cells) => {
                            let n = *side.get_or_insert(cells.len());
                            if cells.len() != n {
                                err = Some(
                                    Self::error(
                                        p,
                                        None,
                                        ParseErrorKind::RowWidth {
                                            row: rows,
                                            found: cells.len(),
                                            expected: n,
                                        },
                                    )
                                    .with_line(no),
                                );
                            }
                            values.extend(cells);
                        }
                        Err((col, kind)) => err = Some(Self::error(p, col, kind).with_line(no)),
                    }
                }
            }
            if side.is_some_and(|n| rows >= n) {
                break;
            }
        }
        let Some(p) = pos else { return Ok(()) };
        let result = match (err, side) {
            (Some(e), _) => Err(e),
            (None, Some(n)) if rows < n => {
                Err(Self::error(p, None, ParseErrorKind::Truncated { found: rows, expected: n }))
            }
            (None, Some(n)) => {
                let shape = match self.shape {
                    Some(s) if s.side() == n => Ok(s),
                    _ => Shape::for_side(n),
                };
                shape
                    .and_then(|s| Grid::from_values(s, &values))
                    .map_err(|e| Self::error(p, None, ParseErrorKind::Grid(e)))
            }
            (None, None) => return Ok(()),
        };
        self.push_with(p, layout, result, jigsaw.then_some(&regions[..]));
        Ok(())
    }

    fn json_record(&mut self) -> io::Result<()> {
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
                                ParseErrorKind::Json {
                                    kind: JsonProblem::NotJson,
                                    message: format!("expected a JSON board, found {}", show_byte(&line, i)),
                                },
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
                ParseErrorKind::Json {
                    kind: JsonProblem::Unclosed,
                    message: "the JSON value is not closed before the end of the input".into(),
                },
            );
            self.push(p, Layout::Json, Err(e));
            return Ok(());
        }
        match serde_json::from_slice::<serde_json::Value>(&text) {
            Err(e) => {
                let (line, column) = json_error_at(&text, e.line(), e.column(), start_col);
                let err = ParseError {
                    position: Position { puzzle: p.puzzle, line: first + line - 1, column: Some(column) },
                    kind: ParseErrorKind::Json {
                        kind: JsonProblem::Syntax,
                        message: strip_serde_position(&e.to_string()),
                    },
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

/// A slice of [`PuzzleReader::next_batch`]'s input in the line layout, split into records but not
/// yet parsed; [`LineBatch::record`] parses one, independently of the others.
#[derive(Debug)]
pub struct LineBatch {
    text: Vec<u8>,
    lines: Vec<PendingLine>,
    shape: Shape,
    symbols: Symbols,
}

#[derive(Debug)]
struct PendingLine {
    start: usize,
    end: usize,
    position: Position,
    cut: bool,
}

impl LineBatch {
    /// How many records the batch holds.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the batch holds no record.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The board size every readable record of the batch has (set by the input's first puzzle).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Parses record `i` (`i < len()`), exactly as the reader would have.
    ///
    /// # Panics
    /// If `i` is out of range.
    pub fn record(&self, i: usize) -> Record {
        let l = &self.lines[i];
        let puzzle = parse_line_inner(&self.text[l.start..l.end], Some(self.shape), self.symbols, l.cut)
            .map_err(|(column, kind)| ParseError { position: Position { column, ..l.position }, kind });
        Record { position: l.position, layout: Layout::Line, puzzle, board: None }
    }

    /// Every record, parsed in order.
    pub fn records(&self) -> impl ExactSizeIterator<Item = Record> + '_ {
        (0..self.len()).map(|i| self.record(i))
    }
}

/// What [`PuzzleReader::next_batch`] read.
#[derive(Debug)]
pub enum Batch {
    /// Records already parsed.
    Records(Vec<Record>),
    /// Line-layout records still to be parsed.
    Lines(LineBatch),
}

impl ParseError {
    fn with_line(mut self, line: usize) -> Self {
        self.position.line = line;
        self
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<Record>;
    fn next(&mut self) -> Option<Self::Item> {
        if let Err(e) = self.fill() {
            self.done = true;
            return Some(Err(e));
        }
        self.out.pop_front().map(Ok)
    }
}

/// Reads one line (without keeping more than `cap` bytes of it) into `buf`.
/// Returns `None` at the end of input, else whether the line was cut.
/// The line starts at `buf[start]`: earlier bytes do not count against the cap.
fn read_line_capped<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    start: usize,
    cap: usize,
) -> io::Result<Option<bool>> {
    let mut any = false;
    let mut cut = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = cap.saturating_sub(buf.len() - start);
        if room < take {
            cut = true;
        }
        buf.extend_from_slice(&chunk[..take.min(room)]);
        r.consume(take);
        if end {
            return Ok(Some(cut));
        }
    }
}

fn trim_eol(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && (line[end - 1] == b'\n' || line[end - 1] == b'\r') {
        end -= 1;
    }
    &line[..end]
}

fn is_blank_or_comment(line: &[u8]) -> bool {
    match line.iter().position(|b| !b.is_ascii_whitespace()) {
        None => true,
        Some(i) => line[i] == b'#',
    }
}

fn is_art_separator(line: &[u8]) -> bool {
    line.iter().all(|b| b" \t-=+|*".contains(b)) && line.iter().any(|b| b"-=+".contains(b))
}

fn tokens<'a>(line: &'a [u8], extra_sep: &[u8]) -> Vec<(usize, &'a [u8])> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in line.iter().enumerate() {
        let sep = b.is_ascii_whitespace() || extra_sep.contains(&b);
        match (sep, start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

/// Splits a line before its last whitespace-separated token: `(the rest, trimmed; the token)`.
fn split_last_token(line: &[u8]) -> (&[u8], &[u8]) {
    let end = line.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |e| e + 1);
    let start = line[..end].iter().rposition(u8::is_ascii_whitespace).map_or(0, |s| s + 1);
    let rest = &line[..start];
    let rest_end = rest.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |e| e + 1);
    (&rest[..rest_end], &line[start..end])
}

fn is_square_side(cells: usize) -> Option<usize> {
    let n = (MIN_SIDE..=MAX_SIDE).find(|n| n * n >= cells)?;
    (n * n == cells && Shape::for_side(n).is_ok()).then_some(n)
}

/// Detects the layout from the first line that is not blank or a comment.
pub fn detect(line: &[u8], shape: Option<Shape>) -> Layout {
    let trimmed = trim_start(line);
    if trimmed.first().is_some_and(|b| *b == b'[' || *b == b'{') {
        return Layout::Json;
    }
    if trimmed.iter().any(|b| *b == b'|' || *b == b'+')
        || (is_art_separator(trimmed) && trimmed.len() > MAX_SIDE)
    {
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

/// Whether a lone token of 16 to 32 symbols is a row of a big board in the compact layout rather
/// than a one-line puzzle: any supported side but 16 can only be a row (no board has 18, 20, … or
/// 25 cells), and 16 symbols are a 4×4 puzzle unless one of them is above 4.
fn is_compact_row(t: &[u8]) -> bool {
    let n = t.len();
    if !(16..=MAX_SIDE).contains(&n) || Shape::for_side(n).is_err() {
        return false;
    }
    n != 16 || t.iter().any(|&b| symbol_value(b, MAX_SIDE, Symbols::Standard).is_some_and(|v| v > 4))
}

fn trim_start(line: &[u8]) -> &[u8] {
    let i = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
    &line[i..]
}

type Located = (Option<usize>, ParseErrorKind);

/// Marks a byte that is no cell symbol in [`SYMBOLS`].
const NOT_A_SYMBOL: u8 = u8::MAX;

const fn symbol_of_byte(b: u8, symbols: Symbols) -> u8 {
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

const fn symbol_table(symbols: Symbols) -> [u8; 256] {
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
static SYMBOLS: [[u8; 256]; 3] =
    [symbol_table(Symbols::Standard), symbol_table(Symbols::Hex), symbol_table(Symbols::Letters)];

/// The value of one cell symbol: `Some(0)` for a blank, `Some(d)` for a digit, `None` if not a symbol.
fn symbol_value(b: u8, side: usize, symbols: Symbols) -> Option<u8> {
    let v = SYMBOLS[symbols as usize][b as usize];
    (v != NOT_A_SYMBOL && v as usize <= side).then_some(v)
}

fn alphabet(side: usize, symbols: Symbols) -> String {
    match symbols {
        Symbols::Hex => "0-F".into(),
        Symbols::Letters => format!("A-{}", (b'A' + side.min(26) as u8 - 1) as char),
        Symbols::Standard if side <= 9 => format!("1-{side}"),
        Symbols::Standard => format!("1-9, A-{}", crate::grid::symbol_of(side as u8)),
    }
}

/// Describes the character at `i` for an error message, even when it is not valid UTF-8.
fn show_byte(line: &[u8], i: usize) -> String {
    let tail = &line[i..line.len().min(i + 4)];
    let valid = match std::str::from_utf8(tail) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or(""),
    };
    match valid.chars().next() {
        Some(c) if !c.is_control() => format!("'{c}'"),
        Some(c) => format!("{:?}", c),
        None => format!("byte 0x{:02X} (not UTF-8 text)", line[i]),
    }
}

fn bad_char(line: &[u8], i: usize, side: usize, symbols: Symbols) -> Located {
    (Some(i + 1), ParseErrorKind::BadChar { found: show_byte(line, i), alphabet: alphabet(side, symbols) })
}

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

/// Parses a LeetCode-style board (for the `givens` of a JSON puzzle object).
pub(crate) fn json_rows(
    v: &serde_json::Value,
    shape: Option<Shape>,
    symbols: Symbols,
) -> Result<Grid, ParseErrorKind> {
    json_board(v, shape, symbols)
}

fn parse_line_inner(line: &[u8], shape: Option<Shape>, symbols: Symbols, cut: bool) -> Result<Grid, Located> {
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
        // Report a bad character before a bad length: it is the more precise message.
        let side = shape.map_or(9, Shape::side);
        let i = cells.iter().position(|&b| symbol_value(b, MAX_SIDE, symbols).is_none()).unwrap_or(0);
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

/// The value of a whitespace-separated token: a number (`0` blank) or one symbol.
fn token_value(line: &[u8], col: usize, t: &[u8], side: usize, symbols: Symbols) -> Result<u8, Located> {
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
                alphabet: format!("0-{side}"),
            },
        ));
    }
    Ok(v as u8)
}

/// The cells of one row of a grid layout.
fn grid_row(line: &[u8], art: bool, side: Option<usize>, symbols: Symbols) -> Result<Vec<u8>, Located> {
    let toks = tokens(line, if art { b"|+" } else { b"" });
    let max = side.unwrap_or(MAX_SIDE);
    let per_token = toks.len() > 1
        && (toks.iter().all(|t| t.1.len() == 1)
            || side == Some(toks.len())
            || (side.is_none() && toks.iter().all(|t| t.1.iter().all(u8::is_ascii_digit))));
    if per_token {
        toks.iter().map(|&(col, t)| token_value(line, col, t, max, symbols)).collect()
    } else {
        let mut out = Vec::new();
        for &(col, t) in &toks {
            for (i, &b) in t.iter().enumerate() {
                out.push(symbol_value(b, max, symbols).ok_or_else(|| bad_char(line, col + i, max, symbols))?);
            }
        }
        Ok(out)
    }
}

fn json_board(v: &serde_json::Value, shape: Option<Shape>, symbols: Symbols) -> Result<Grid, ParseErrorKind> {
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
fn json_error_at(text: &[u8], line: usize, column: usize, start_col: usize) -> (usize, usize) {
    let (line, column) = if column == 0 && line > 1 {
        let prev = text.split(|&b| b == b'\n').nth(line - 2).map_or(0, <[u8]>::len);
        (line - 1, prev.max(1))
    } else {
        (line.max(1), column.max(1))
    };
    (line, if line == 1 { column + start_col } else { column })
}

fn strip_serde_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

/// Reads every record of a string; a convenience for tests and small inputs. Unreadable records are
/// records with an error; a failure of the reader itself (which a string never causes) ends the read
/// and is returned.
pub fn parse_all(text: &str, opts: ParseOptions) -> io::Result<Vec<Record>> {
    PuzzleReader::new(text.as_bytes(), opts).collect()
}

/// Parses the one-line form (size from the length: 16, 36, 64, 81, … cells).
impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        parse_line(s.trim().as_bytes(), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn one(text: &str) -> Record {
        let mut r = parse_all(text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 1, "{r:?}");
        r.remove(0)
    }

    #[test]
    fn line_layout_with_comment_and_rating() {
        let text = format!("# header\n\n{P} 3.4 rating\n{}\n", P.replace('.', "0"));
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].layout, Layout::Line);
        assert_eq!(r[0].position.line, 3);
        assert_eq!(r[1].position.puzzle, 2);
        assert_eq!(r[0].puzzle.as_ref().expect("ok"), r[1].puzzle.as_ref().expect("ok"));
    }

    #[test]
    fn textbook_grids_with_and_without_blank_lines() {
        let rows: Vec<String> = P
            .as_bytes()
            .chunks(9)
            .map(|c| {
                c.iter()
                    .map(|&b| if b == b'.' { "0".into() } else { (b as char).to_string() })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let g = rows.join("\n");
        let r = parse_all(&format!("{g}\n{g}\n\n{g}\n"), ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 3);
        assert!(r.iter().all(|r| r.layout == Layout::Grid));
        assert_eq!(r[1].position.line, 10);
        assert_eq!(r[2].position.line, 20);
        assert_eq!(r[2].puzzle.as_ref().expect("ok").to_string(), P);
    }

    #[test]
    fn compact_and_art() {
        let compact: Vec<&str> = (0..9).map(|i| &P[i * 9..i * 9 + 9]).collect();
        let r = one(&compact.join("\n"));
        assert_eq!(r.layout, Layout::Compact);
        assert_eq!(r.puzzle.expect("ok").to_string(), P);
        let mut art = String::from("+-------+-------+-------+\n");
        for (i, row) in compact.iter().enumerate() {
            let b = row.as_bytes();
            let cell = |k: usize| (b[k] as char).to_string();
            let part = |s: usize| (s..s + 3).map(cell).collect::<Vec<_>>().join(" ");
            art.push_str(&format!("| {} | {} | {} |\n", part(0), part(3), part(6)));
            if i % 3 == 2 {
                art.push_str("+-------+-------+-------+\n");
            }
        }
        let r = one(&art);
        assert_eq!(r.layout, Layout::Art);
        assert_eq!(r.puzzle.expect("ok").to_string(), P);
    }

    #[test]
    fn json_board() {
        let text = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
        let r = one(text);
        assert_eq!(r.layout, Layout::Json);
        assert_eq!(
            r.puzzle.expect("ok").to_string(),
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        );
    }

    #[test]
    fn errors_carry_positions() {
        let text = format!("{P}\n{}\n{}x\n{}\n", &P[..80], &P[..80], P.replacen('8', "q", 1));
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 4);
        assert!(r[0].puzzle.is_ok());
        let e1 = r[1].puzzle.as_ref().expect_err("short");
        assert_eq!(e1.to_string(), "puzzle 2, line 2: 80 cells on the line, a 9×9 puzzle has 81");
        let e2 = r[2].puzzle.as_ref().expect_err("bad char");
        assert_eq!(e2.position, Position { puzzle: 3, line: 3, column: Some(81) });
        let e3 = r[3].puzzle.as_ref().expect_err("bad char");
        assert_eq!(e3.position.column, Some(1));
        assert!(e3.to_string().contains("invalid character 'q'"), "{e3}");
    }

    #[test]
    fn truncated_grid_then_good_grid() {
        let row = "1 2 3 4 5 6 7 8 9";
        let seven = [row; 7].join("\n");
        let r = parse_all(&format!("{seven}\n\n"), ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].puzzle.as_ref().expect_err("truncated").kind,
            ParseErrorKind::Truncated { found: 7, expected: 9 }
        );
    }

    #[test]
    fn binary_garbage_is_an_error_not_a_panic() {
        let bytes: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
        let recs: Vec<_> = PuzzleReader::new(&bytes[..], ParseOptions::default()).collect();
        assert!(!recs.is_empty());
        assert!(recs.iter().all(|r| r.as_ref().map_or(true, |r| r.puzzle.is_err())));
    }

    #[test]
    fn long_line_is_capped() {
        let line = "1".repeat(10 * 1024 * 1024);
        let r = one(&line);
        let e = r.puzzle.expect_err("too long");
        assert!(e.to_string().contains("more than 65536 cells"), "{e}");
    }

    #[test]
    fn big_boards_as_numbers_and_letters() {
        let line16: String =
            "1234567890ABCDEFG".chars().cycle().take(256).collect::<String>().replace('0', ".");
        let r = one(&line16);
        assert_eq!(r.puzzle.expect("16x16").shape().side(), 16);
        let nums: Vec<String> = (0..256).map(|i| ((i % 17) as u8).to_string()).collect();
        let r = one(&nums.join(" "));
        assert_eq!(r.layout, Layout::Line);
        assert_eq!(r.puzzle.expect("16x16 numbers").values()[16], 16);
    }
}

#[cfg(test)]
mod batch_tests {
    use super::*;
    use proptest::prelude::*;

    /// Reads `text` batch by batch, parsing line batches on the spot, as records with any read error.
    fn by_batches(text: &[u8], opts: ParseOptions, max: usize) -> Vec<String> {
        let mut reader = PuzzleReader::new(text, opts);
        let mut out = Vec::new();
        loop {
            match reader.next_batch(max) {
                Ok(None) => return out,
                Ok(Some(Batch::Records(r))) => out.extend(r.iter().map(|r| format!("{r:?}"))),
                Ok(Some(Batch::Lines(l))) => out.extend(l.records().map(|r| format!("{r:?}"))),
                Err(e) => {
                    out.push(format!("error {e}"));
                    return out;
                }
            }
        }
    }

    fn one_by_one(text: &[u8], opts: ParseOptions) -> Vec<String> {
        let mut out = Vec::new();
        for r in PuzzleReader::new(text, opts) {
            match r {
                Ok(r) => out.push(format!("{r:?}")),
                Err(e) => {
                    out.push(format!("error {e}"));
                    break;
                }
            }
        }
        out
    }

    /// Lines people feed the bulk path, good and bad.
    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => proptest::string::string_regex("[1-9.0]{81}").expect("valid regex"),
            1 => proptest::string::string_regex("[1-4.]{16}").expect("valid regex"),
            1 => proptest::string::string_regex("[1-9.x ]{0,90}").expect("valid regex"),
            1 => Just("# comment".to_string()),
            1 => Just(String::new()),
            1 => Just(format!("{} 4.5 rating", ".".repeat(81))),
            1 => Just("1".repeat(MAX_LINE + 10)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn batches_give_the_records_one_by_one_reading_gives(
            lines in proptest::collection::vec(line(), 0..12),
            max in 1usize..5,
            crlf in any::<bool>(),
        ) {
            let text = lines.join(if crlf { "\r\n" } else { "\n" });
            for opts in [
                ParseOptions::default(),
                ParseOptions { layout: Some(Layout::Line), ..Default::default() },
                ParseOptions { layout: Some(Layout::Line), shape: Some(Shape::CLASSIC), ..Default::default() },
            ] {
                prop_assert_eq!(by_batches(text.as_bytes(), opts, max), one_by_one(text.as_bytes(), opts));
            }
        }
    }

    #[test]
    fn line_input_comes_in_unparsed_batches_after_the_first_puzzle() {
        let text = format!("{0}\n{0}\n\n{0}\n", ".".repeat(81));
        let mut reader = PuzzleReader::new(text.as_bytes(), ParseOptions::default());
        assert!(matches!(reader.next_batch(10), Ok(Some(Batch::Records(r))) if r.len() == 1));
        match reader.next_batch(10) {
            Ok(Some(Batch::Lines(l))) => {
                assert_eq!(l.len(), 2);
                assert_eq!(l.record(1).position, Position { puzzle: 3, line: 4, column: None });
            }
            other => panic!("expected a line batch, got {other:?}"),
        }
        assert!(matches!(reader.next_batch(10), Ok(None)));
    }

    /// A reader that fails after its first bytes.
    struct Failing(Vec<u8>);
    impl io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_comes_after_the_records_read_before_it() {
        let text = format!("{0}\n{0}\n{0}\n", ".".repeat(81)).into_bytes();
        let mut reader =
            PuzzleReader::new(io::BufReader::with_capacity(16, Failing(text)), ParseOptions::default());
        let mut seen = 0;
        let err = loop {
            match reader.next_batch(10) {
                Ok(Some(Batch::Records(r))) => seen += r.len(),
                Ok(Some(Batch::Lines(l))) => seen += l.len(),
                Ok(None) => panic!("the error was lost"),
                Err(e) => break e,
            }
        };
        assert_eq!(seen, 3);
        assert_eq!(err.to_string(), "disk on fire");
        assert!(matches!(reader.next_batch(10), Ok(None)));
    }
}
