//! [`PuzzleReader`]: streams [`Record`]s out of any buffered reader, one per puzzle found, readable
//! or not, with the position of every problem.

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

use super::csv::{header, CsvColumns};
use super::detect::{detect, is_square_side};
use super::error::{ParseError, ParseErrorKind, Position};
use super::json::{ArrayOf, JsonCursor};
use super::line::{parse_line_expected, parse_line_inner};
use super::puzzle_object::region_map;
use super::text::{
    is_blank_or_comment, read_line_capped, read_piece, skip_rest_of_line, split_last_token, token_layout,
    tokens, trim_eol,
};
use super::{Expected, Layout, Notation, ParseOptions, Record, MAX_LINE};
use crate::grid::{Grid, GridError, RegionProblem, Shape};
use crate::rules::{Board, Variants};

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
    pub(super) input: R,
    pub(super) opts: ParseOptions,
    pub(super) layout: Option<Layout>,
    pub(super) shape: Option<Shape>,
    pub(super) line_no: usize,
    pub(super) puzzles: usize,
    pub(super) buf: Vec<u8>,
    /// Lines read ahead (during detection) and not yet handled, in order: their bytes, numbers and
    /// whether they were cut.
    pub(super) pending: VecDeque<(Vec<u8>, usize, bool)>,
    pub(super) out: VecDeque<Record>,
    pub(super) done: bool,
    pub(super) variants: Variants,
    /// The variant boards without region maps, built once per shape.
    pub(super) boards: Vec<Arc<Board>>,
    /// A read error met while a batch was being filled, reported by the next call.
    pub(super) error: Option<io::Error>,
    /// Where the JSON layout's scanner is.
    pub(super) json: JsonCursor,
    /// The CSV column asked for ([`PuzzleReader::with_column`]).
    pub(super) column: Option<Arc<str>>,
    /// The columns of a CSV input, once its header is read.
    pub(super) csv: Option<CsvColumns>,
    /// Whether hex symbols are still to be told from standard ones ([`PuzzleReader::detect_symbols`]).
    pub(super) detect_symbols: bool,
    /// Whether every record is marked as carrying rules ([`PuzzleReader::mark_rules`]).
    pub(super) mark_rules: bool,
    /// Whether the first puzzle was looked at for a region map beside its givens (see
    /// [`PuzzleReader::region_map_follows`]).
    pub(super) jigsaw_looked: bool,
    /// The line of the last row of the grid read last, and the puzzle number of the first grid of
    /// the run it belongs to (grids drawn one under another without a blank line between): a grid
    /// short of rows at the end of a run may have lost its row to an earlier one.
    pub(super) grid_run: Option<(usize, usize)>,
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
            pending: VecDeque::new(),
            out: VecDeque::new(),
            done: false,
            variants: Variants::default(),
            boards: Vec::new(),
            error: None,
            json: JsonCursor::default(),
            column: None,
            csv: None,
            detect_symbols: false,
            mark_rules: false,
            jigsaw_looked: false,
            grid_run: None,
        }
    }

    /// Plays plain-layout puzzles under these variant rules (JSON puzzle objects keep their own).
    /// With [`Variants::jigsaw`], every puzzle must come with its region map; without it, an input
    /// whose first puzzle comes with one is read as jigsaw all the same.
    pub fn with_variants(mut self, variants: Variants) -> Self {
        self.variants = variants;
        self
    }

    /// Tells hex symbols from standard ones on 16×16 boards (when the options say
    /// [`Symbols::Standard`](super::Symbols::Standard)): a puzzle in the line or a grid layout with a `0` and no
    /// `G` is read both ways; when only one reading has no conflicting givens, the input is read that
    /// way from then on (and its answers written that way); when both have none, the puzzle is an
    /// [`AmbiguousSymbols`](super::ParseErrorKind::AmbiguousSymbols) error naming both readings.
    pub fn detect_symbols(mut self, on: bool) -> Self {
        self.detect_symbols = on;
        self
    }

    /// Marks every record as one whose input may carry rules ([`Notation::rules`]), whatever the
    /// input's layout: for a run over several inputs, one of which may, so that its answers all
    /// get the same fields (CSV columns).
    pub fn mark_rules(mut self, on: bool) -> Self {
        self.mark_rules = on;
        self
    }

    /// Decides between standard and hex symbols on the cells of a 16×16 line, if it must be decided.
    fn decide_symbols(&mut self, line: &[u8]) -> Result<(), ParseErrorKind> {
        let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
        let cells = &line[start..];
        let end = cells.iter().position(|&b| b.is_ascii_whitespace() || b == b':').unwrap_or(cells.len());
        let cells = &cells[..end];
        if cells.len() != 256 || self.shape.is_some_and(|s| s.side() != 16) || !self.symbols_undecided(cells)
        {
            return Ok(());
        }
        let shape = crate::grid::Shape::for_side(16).map_err(ParseErrorKind::Grid)?;
        let read = |symbols| parse_line_inner(cells, Some(shape), symbols, false).ok();
        self.choose_symbols(read(super::Symbols::Standard), read(super::Symbols::Hex))
    }

    /// Whether the text of a 16×16 puzzle leaves standard and hex symbols to be told apart: only while
    /// detection is on and no puzzle has decided it, and only with a `0` and no `G` (`G` is no hex
    /// digit; without `0` the standard reading is the only natural one, and it is kept from then on).
    pub(super) fn symbols_undecided(&mut self, text: &[u8]) -> bool {
        if !self.detect_symbols || self.opts.symbols != super::Symbols::Standard {
            return false;
        }
        if text.iter().any(|b| b.eq_ignore_ascii_case(&b'g')) || !text.contains(&b'0') {
            self.detect_symbols = false;
            return false;
        }
        true
    }

    /// Settles the symbols of the rest of the input from the two readings of a 16×16 puzzle (`None`
    /// where a reading fails): hex when only the hex reading has no conflicting givens, an
    /// [`AmbiguousSymbols`](super::ParseErrorKind::AmbiguousSymbols) error when both have none, else
    /// standard.
    pub(super) fn choose_symbols(
        &mut self,
        standard: Option<Grid>,
        hex: Option<Grid>,
    ) -> Result<(), ParseErrorKind> {
        self.detect_symbols = false;
        let valid =
            |g: &Option<Grid>| g.as_ref().is_some_and(|g| Board::classic(g.shape()).conflicts(g).is_empty());
        match (valid(&standard), valid(&hex)) {
            (true, true) => Err(ParseErrorKind::AmbiguousSymbols),
            (false, true) => {
                self.opts.symbols = super::Symbols::Hex;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The layout in use, once detected.
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// Reads the next line into `self.buf` (or takes the pending one): `(line number, cut)`, `None` at the end.
    ///
    /// Before the layout is known the rest of a cut line stays in the input, so that the JSON layout
    /// can read on past [`MAX_LINE`]; the other layouts drop it once detected.
    pub(super) fn next_line(&mut self) -> io::Result<Option<(usize, bool)>> {
        if let Some((bytes, no, cut)) = self.pending.pop_front() {
            self.buf = bytes;
            return Ok(Some((no, cut)));
        }
        self.buf.clear();
        if self.layout.is_none() {
            return Ok(read_piece(&mut self.input, &mut self.buf, MAX_LINE)?.map(|complete| {
                self.line_no += 1;
                (self.line_no, !complete)
            }));
        }
        match read_line_capped(&mut self.input, &mut self.buf, 0, MAX_LINE)? {
            None => Ok(None),
            Some(cut) => {
                self.line_no += 1;
                Ok(Some((self.line_no, cut)))
            }
        }
    }

    pub(super) fn position(&mut self, line: usize) -> Position {
        self.puzzles += 1;
        Position { puzzle: self.puzzles, line, column: None }
    }

    pub(super) fn error(position: Position, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { position: Position { column, ..position }, kind }
    }

    pub(super) fn push(&mut self, position: Position, layout: Layout, puzzle: Result<Grid, ParseError>) {
        self.push_with(position, layout, puzzle, None);
    }

    /// Queues a record; `regions` is the region map read beside a plain-layout puzzle, if any.
    pub(super) fn push_with(
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
        let array =
            (layout == Layout::Json && self.json.array == Some(ArrayOf::Boards)).then_some(self.json.arrays);
        let rules = self.options_give_rules()
            || layout == Layout::Json
            || (layout == Layout::Csv && self.csv.as_ref().is_some_and(CsvColumns::has_rules));
        let notation = Notation { symbols: self.opts.symbols, array, rules, ..Notation::default() };
        self.out.push_back(Record {
            position,
            layout,
            puzzle,
            board,
            expected: Expected::default(),
            notation,
            text: None,
        });
    }

    /// Queues a readable record that brought rules of its own (a CSV row with rule fields): the
    /// reader's variants do not apply to it.
    pub(super) fn push_own(&mut self, position: Position, layout: Layout, grid: Grid, board: Board) {
        self.shape.get_or_insert(grid.shape());
        let notation = Notation { symbols: self.opts.symbols, rules: true, ..Notation::default() };
        self.out.push_back(Record {
            position,
            layout,
            puzzle: Ok(grid),
            board: Some(Arc::new(board)),
            expected: Expected::default(),
            notation,
            text: None,
        });
    }

    /// Keeps `text`, the record's own, with the record just queued if it could not be read (see
    /// [`Record::text`]).
    pub(super) fn keep_text(&mut self, text: &[u8]) {
        if let Some(r) = self.out.back_mut().filter(|r| r.puzzle.is_err() && r.text.is_none()) {
            r.text = Some(unread_text(text));
        }
    }

    /// Whether the options give plain-layout puzzles rules other than the classic ones with the
    /// squarest boxes (see [`Notation::rules`]).
    pub(super) fn options_give_rules(&self) -> bool {
        self.mark_rules
            || !self.variants.is_classic()
            || self.opts.shape.is_some_and(|s| !s.is_default_for_side())
    }

    /// The variant rules for a plain-layout puzzle, `None` for the classic rules.
    pub(super) fn rules(
        &mut self,
        shape: Shape,
        regions: Option<&[u8]>,
    ) -> Result<Option<Arc<Board>>, ParseErrorKind> {
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

    /// Whether the input's first puzzle, whose first line is `first`, carries a jigsaw region map the
    /// way sudokit writes one: a one-line puzzle followed by a map as long (`GIVENS REGIONS`), or
    /// rows each ending with their row of the map (the grid and compact layouts). The map must
    /// name `side` regions of `side` cells each, and repeat a symbol in some row or column, which
    /// tells it from a solution written in the same place (and from a grid set beside the first);
    /// a map broken further on counts when its first row is one in letters
    /// ([`map_row_in_letters`]). The rows after the first are read ahead and queued again.
    ///
    /// Then the whole input is read under the jigsaw rules, as with
    /// [`Variants::jigsaw`]: answers written from it carry its maps and read back the same way.
    fn region_map_follows(&mut self, first: &[u8]) -> io::Result<bool> {
        let (forced, shape) = (self.layout, self.shape);
        let layout = forced.unwrap_or_else(|| detect(first, shape));
        if !matches!(layout, Layout::Line | Layout::Grid | Layout::Compact) {
            return Ok(false);
        }
        let shape_of = |n: usize| match shape {
            Some(s) => (s.side() == n).then_some(s),
            None => Shape::for_side(n).ok(),
        };
        let is_map = |shape: Option<Shape>, map: &[u8]| {
            shape.is_some_and(|s| region_map(s, map).is_ok_and(|m| !is_latin_square(s.side(), &m)))
        };
        // `GIVENS REGIONS [comment]`.
        if matches!(forced, None | Some(Layout::Line)) {
            if let [(_, givens), (_, map), ..] = tokens(first, b"")[..] {
                let shape = is_square_side(map.len()).and_then(shape_of);
                if givens.len() == map.len() && is_map(shape, map) {
                    return Ok(true);
                }
                let side = is_square_side(givens.len()).and_then(shape_of).map(Shape::side);
                if side.is_some_and(|n| map.len() >= n && map_row_in_letters(&map[..n])) {
                    return Ok(true);
                }
            }
        }
        if forced == Some(Layout::Line) {
            return Ok(false);
        }
        // A row of cells (one token each, or one token of them) and its row of the map.
        let (cells, row_map) = split_last_token(first);
        let n = match tokens(cells, b"")[..] {
            [] => return Ok(false),
            [(_, row)] => row.len(),
            ref many => many.len(),
        };
        if row_map.len() != n || shape_of(n).is_none() {
            return Ok(false);
        }
        if map_row_in_letters(row_map) {
            return Ok(true);
        }
        let is_row = |line: &[u8]| !(is_blank_or_comment(line) || is_section_header(line));
        let rest = self.peek_lines(n - 1, is_row, true)?;
        let mut map = row_map.to_vec();
        for (row, cut) in &rest {
            let (_, row_map) = split_last_token(row);
            if *cut || row_map.len() != n {
                return Ok(false);
            }
            map.extend_from_slice(row_map);
        }
        Ok(rest.len() == n - 1 && is_map(shape_of(n), &map))
    }

    /// Reads until at least one record is queued or the input ends.
    pub(super) fn fill(&mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            self.done = true;
            return Err(e);
        }
        while self.out.is_empty() && !self.done {
            if self.layout == Some(Layout::Json) && self.pending.is_empty() {
                // The JSON scanner reads on from where it stopped, which may be inside a line.
                self.json_record()?;
                self.done = self.out.is_empty();
                continue;
            }
            let Some((no, cut)) = self.next_line()? else {
                self.done = true;
                break;
            };
            if no == 1 && self.buf.starts_with(BOM) {
                // A byte-order mark is no part of the text.
                self.buf.drain(..BOM.len());
            }
            let line = trim_eol(&self.buf);
            if is_blank_or_comment(line) || is_section_header(line) {
                if cut && self.layout.is_none() {
                    skip_rest_of_line(&mut self.input)?;
                }
                continue;
            }
            if let Some(kind) = marker_record(line) {
                // Read as a row or a puzzle, a first marker would set the layout (`!timeout` as a
                // row of 8 cells, taking the next line with it).
                let text = line.trim_ascii().to_vec();
                let pos = self.position(no);
                self.push(pos, self.layout.unwrap_or(Layout::Line), Err(Self::error(pos, None, kind)));
                self.keep_text(&text);
                continue;
            }
            if self.layout.is_none() || (self.layout == Some(Layout::Csv) && self.csv.is_none()) {
                if let Some(cols) = header(line, self.column.as_deref()) {
                    self.layout = Some(Layout::Csv);
                    self.csv = Some(cols);
                    if cut {
                        skip_rest_of_line(&mut self.input)?;
                    }
                    continue;
                }
            }
            if !self.jigsaw_looked {
                self.jigsaw_looked = true;
                if !self.variants.jigsaw && !cut {
                    let first = line.to_vec();
                    self.variants.jigsaw = self.region_map_follows(&first)?;
                }
            }
            let line = trim_eol(&self.buf);
            let layout = match self.layout {
                Some(l) => l,
                None => {
                    // A jigsaw region map beside the givens must not make the layout look different.
                    let givens = givens_of(line, self.variants.jigsaw);
                    let l = detect(if givens.is_empty() { line } else { givens }, self.shape);
                    self.layout = Some(l);
                    if cut && l != Layout::Json {
                        skip_rest_of_line(&mut self.input)?;
                    }
                    let l = if cut { l } else { self.layout_given_lines_ahead(l)? };
                    self.layout = Some(l);
                    l
                }
            };
            match layout {
                Layout::Line => self.line_record(no, cut),
                Layout::Csv => self.csv_record(no),
                Layout::Array => {
                    self.pending.push_front((std::mem::take(&mut self.buf), no, cut));
                    self.array_record()?;
                }
                Layout::Json => {
                    self.pending.push_front((std::mem::take(&mut self.buf), no, cut));
                    self.json_record()?;
                }
                Layout::Grid | Layout::Compact | Layout::Art => {
                    self.pending.push_front((std::mem::take(&mut self.buf), no, cut));
                    self.grid_record(layout)?;
                }
            }
        }
        Ok(())
    }

    /// The layout of an input whose first line (in `self.buf`) reads as `detected`, given the
    /// lines after it. A short first line (a title, a puzzle cut short) above one-line puzzles
    /// would, read as a row, swallow the puzzles after it; above grids, a title or a first row cut
    /// to a length no board has would make every row after it a broken one-line puzzle.
    fn layout_given_lines_ahead(&mut self, detected: Layout) -> io::Result<Layout> {
        let jigsaw = self.variants.jigsaw;
        let width = |line: &[u8]| token_layout(&tokens(givens_of(line, jigsaw), b""));
        let first = trim_eol(&self.buf);
        let first_width = width(first);
        let short = first_width.0 < 16 && first_width.1 < 16;
        let wanted = match detected {
            Layout::Grid | Layout::Compact => 1,
            Layout::Line if short => 2,
            _ => return Ok(detected),
        };
        let is_content = |line: &[u8]| !(is_blank_or_comment(line) || is_section_header(line));
        let ahead = self.peek_lines(wanted, is_content, false)?;
        let layout_of = |line: &[u8]| detect(givens_of(line, jigsaw), self.shape);
        Ok(match (detected, &ahead[..]) {
            (Layout::Grid | Layout::Compact, [(next, false)]) => {
                // At least a 4×4 puzzle's 16 cells, in one token or one to a cell; a line as wide
                // as the first is a row like it (a 16×16 row of small digits reads as a 4×4 puzzle).
                let (count, len) = width(next);
                let long = count >= 16 || len >= 16;
                if long && (count, len) != first_width && layout_of(next) == Layout::Line {
                    Layout::Line
                } else {
                    detected
                }
            }
            (Layout::Line, [(a, false), (b, false)]) => {
                let rows = layout_of(a);
                let alike = width(a) == width(b) && rows == layout_of(b);
                if alike && width(a) != first_width && matches!(rows, Layout::Grid | Layout::Compact) {
                    rows
                } else {
                    detected
                }
            }
            _ => detected,
        })
    }

    /// The next `n` lines `wanted` takes (trimmed, each with whether it was cut), read ahead; with
    /// `to_blank`, no further than the next blank line. Every line read is queued to be read
    /// again, in order, and the line in `self.buf` stays.
    pub(super) fn peek_lines(
        &mut self,
        n: usize,
        wanted: impl Fn(&[u8]) -> bool,
        to_blank: bool,
    ) -> io::Result<Vec<(Vec<u8>, bool)>> {
        let current = std::mem::take(&mut self.buf);
        let mut read = Vec::new();
        let mut found = Vec::new();
        while found.len() < n {
            let Some((no, cut)) = self.next_line()? else { break };
            let line = trim_eol(&self.buf);
            let blank = line.iter().all(u8::is_ascii_whitespace);
            if wanted(line) {
                found.push((line.to_vec(), cut));
            }
            read.push((std::mem::take(&mut self.buf), no, cut));
            if blank && to_blank {
                break;
            }
        }
        for line in read.into_iter().rev() {
            self.pending.push_front(line);
        }
        self.buf = current;
        Ok(found)
    }

    pub(super) fn line_record(&mut self, no: usize, cut: bool) {
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
            self.keep_text(line);
        } else if let Err(kind) = self.decide_symbols(line) {
            let e = Self::error(pos, None, kind);
            self.push(pos, Layout::Line, Err(e));
            self.keep_text(line);
        } else {
            let (result, expected) = match parse_line_expected(line, self.shape, self.opts.symbols, cut) {
                Ok((g, e)) => (Ok(g), e),
                Err((col, kind)) => (Err(Self::error(pos, col, kind)), Expected::default()),
            };
            self.push(pos, Layout::Line, result);
            if let Some(r) = self.out.back_mut() {
                r.expected = expected;
            }
            self.keep_text(line);
        }
        self.buf = buf;
    }
}

/// The error of `line` as a marker record, if it is one: `!` and a status word as sudokit's text
/// outputs write them in place of an answer (`!timeout`, `!no solution`, `!not found`, …).
pub(super) fn marker_record(line: &[u8]) -> Option<ParseErrorKind> {
    const MARKERS: &[&[u8]] = &[
        b"no solution",
        b"multiple",
        b"invalid",
        b"unreadable",
        b"timeout",
        b"unsupported",
        b"not found",
        b"mismatch",
        b"partial",
    ];
    let t = line.trim_ascii();
    let word = t.strip_prefix(b"!")?;
    let marker = String::from_utf8_lossy(t).into_owned();
    MARKERS.contains(&word).then_some(ParseErrorKind::Marker { marker })
}

/// Whether `row`, the first row of what follows a first puzzle's givens, is a region map's row
/// even if the map is broken further on: letters and digits with at least one letter, repeating
/// a symbol. A solution or a second grid written there is digits (or, on 16×16, repeats nothing
/// in a row). Reading such an input as jigsaw makes a broken map one bad record; read as classic,
/// every puzzle after it would be solved under the wrong rules.
fn map_row_in_letters(row: &[u8]) -> bool {
    let repeats = row.iter().enumerate().any(|(i, b)| row[..i].contains(b));
    repeats && row.iter().all(u8::is_ascii_alphanumeric) && row.iter().any(u8::is_ascii_alphabetic)
}

/// Whether no row and no column of `map` (a symbol per cell of a board of side `n`) repeats a
/// symbol, as in a solution grid; a jigsaw's regions never look so, since then each region would
/// have one cell in every row and every column, none touching another side by side.
fn is_latin_square(n: usize, map: &[u8]) -> bool {
    fn distinct(cells: impl Iterator<Item = u8>) -> bool {
        let mut seen = 0u64;
        for r in cells {
            let bit = 1u64 << r;
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        true
    }
    (0..n).all(|i| {
        distinct(map[i * n..(i + 1) * n].iter().copied()) && distinct((0..n).map(|r| map[r * n + i]))
    })
}

/// A line's givens: before the region map, for a jigsaw.
fn givens_of(line: &[u8], jigsaw: bool) -> &[u8] {
    if jigsaw {
        split_last_token(line).0
    } else {
        line
    }
}

/// A record's text as [`Record::text`] keeps it: outer white space trimmed, bytes that are not
/// UTF-8 replaced.
pub(super) fn unread_text(text: &[u8]) -> String {
    String::from_utf8_lossy(text.trim_ascii()).into_owned()
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether a line is a section header such as `[Puzzle]` (SadMan's `.sdk` files), skipped like a
/// comment. A JSON board never looks like one: its first bracket is followed by a bracket, a quote, a
/// number or a space.
pub(super) fn is_section_header(line: &[u8]) -> bool {
    let t = super::text::trim_start(line);
    let end = t.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |e| e + 1);
    let t = &t[..end];
    t.len() >= 3
        && t[0] == b'['
        && t[end - 1] == b']'
        && t[1].is_ascii_alphabetic()
        && t[1..end - 1].iter().all(|b| b.is_ascii_alphanumeric() || *b == b' ')
}

impl ParseError {
    pub(super) fn with_line(mut self, line: usize) -> Self {
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
