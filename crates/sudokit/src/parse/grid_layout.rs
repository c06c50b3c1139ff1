//! The grid layouts: `side` lines of cells separated by spaces (the textbook layout), without
//! separators (compact), or with `|`, `-`, `+` decoration (art); jigsaw region maps end each row,
//! or the regions are drawn with walls (see [`super::walls`]).

use std::io::{self, BufRead};

use super::error::{ParseError, ParseErrorKind, Position};
use super::line::token_value;
use super::symbols::{bad_char, symbol_value, Located, Symbols};
use super::text::{is_art_separator, is_blank_or_comment, split_last_token, token_layout, tokens, trim_eol};
use super::walls::{drawn_board, split_at_border, Drawing};
use super::{Layout, PuzzleReader, MAX_LINE};
use crate::grid::{Grid, GridError, RegionProblem, Shape, MAX_SIDE};

impl<R: BufRead> PuzzleReader<R> {
    pub(super) fn grid_record(&mut self, layout: Layout) -> io::Result<()> {
        let art = layout == Layout::Art;
        let mut pos: Option<Position> = None;
        let mut values: Vec<u8> = Vec::new();
        let mut side = self.shape.map(Shape::side);
        let mut rows = 0usize;
        let mut err: Option<ParseError> = None;
        let jigsaw = self.variants.jigsaw;
        let mut regions: Vec<u8> = Vec::new();
        // A jigsaw board drawn with walls brings its regions in its drawing.
        let mut drawing = Drawing::default();
        // The cell text of each row, kept while a 16×16 board's symbols may still need deciding.
        let mut texts: Vec<Vec<u8>> = Vec::new();
        let keep_texts = !jigsaw && self.detect_symbols && self.opts.symbols == Symbols::Standard;
        // The record's lines as given, for a record that turns out unreadable.
        let mut own: Vec<u8> = Vec::new();
        // Grid art draws its boxes: the cells between two `|` of its first row, and the rows above
        // its first rule.
        let (mut box_cols, mut box_rows) = (None, None);
        // Where a grid of art ends, so that a grid short of a row (or with one too many) is one bad
        // record and the records after it are read from their own lines, not each from the next
        // one's rows: the rows since the last rule and the bands of boxes they close; whether a
        // border came over the first row and a rule under a row (such a grid ends at the border
        // under its last row: a drawing with no rule under a row may have none under its last);
        // and whether the last line was a rule (two running are a border under a grid and one
        // over the next).
        let (mut segment, mut bands) = (0usize, 0usize);
        let (mut framed, mut ruled, mut after_rule) = (false, false, false);
        let mut last_row = 0;
        while let Some((no, cut)) = self.next_line()? {
            if side.is_none() && pos.is_none() {
                let border = if art { drawing.right_border() } else { None };
                match self.side_of_rows_ahead(art, jigsaw && !drawing.walled(), border)? {
                    Ahead::Unknown => {}
                    Ahead::Side(n) => side = Some(n),
                    Ahead::Stray(n, why) => {
                        self.stray_line(no, layout, why);
                        side = Some(n);
                        continue;
                    }
                }
            }
            let line = trim_eol(&self.buf);
            if line.iter().all(u8::is_ascii_whitespace) {
                if pos.is_some() {
                    break;
                }
                continue;
            }
            if line.first() == Some(&b'#') {
                continue;
            }
            if art && is_art_separator(line) {
                if after_rule && rows > 0 {
                    self.pending.push_front((std::mem::take(&mut self.buf), no, cut));
                    break;
                }
                (framed, after_rule) = (framed || rows == 0, true);
                if rows > 0 && box_rows.is_none() {
                    box_rows = Some(rows);
                }
                drawing.separator(line);
                if segment == 0 {
                    continue;
                }
                ruled = true;
                if framed && side.is_some_and(|n| rows >= n) {
                    break;
                }
                if let Some((n, h)) = band_height(side, box_cols, box_rows, &drawing) {
                    if segment % h != 0 && err.is_none() {
                        let kind = ParseErrorKind::BandRows { band: bands + 1, found: segment, expected: h };
                        err = Some(Self::error(pos.unwrap_or_default(), None, kind).with_line(no));
                    }
                    // Rows that are no whole bands count as the nearest number of them (one at least).
                    bands += ((segment + h / 2) / h).max(1);
                    if bands * h >= n {
                        break;
                    }
                }
                segment = 0;
                continue;
            }
            after_rule = false;
            let p = *pos.get_or_insert_with(|| {
                self.puzzles += 1;
                Position { puzzle: self.puzzles, line: no, column: None }
            });
            rows += 1;
            last_row = no;
            own.extend_from_slice(line.trim_ascii());
            own.push(b'\n');
            if art && rows == 1 {
                // A drawing's rows may end with their part of a region map, after the border.
                if let Ok(cells) = grid_row(drawing.split_row(line).0, art, side, self.opts.symbols) {
                    drawing.first_row(cells.len());
                }
                box_cols = box_width(line, self.opts.symbols);
            }
            if drawing.walled() {
                drawing.row(line);
            }
            let line = if drawing.walled() {
                drawing.split_row(line).0
            } else if jigsaw {
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
                            if keep_texts {
                                texts.push(line.to_vec());
                            }
                        }
                        Err((col, kind)) => err = Some(Self::error(p, col, kind).with_line(no)),
                    }
                }
            }
            segment += 1;
            if let (Some(n), None) = (side.filter(|&n| rows > n), &err) {
                err = Some(Self::error(p, None, ParseErrorKind::ExtraRows { expected: n }).with_line(no));
            }
            // A grid drawn between borders and rules ends at the border under it, else after
            // its last band, ruled or not.
            let ends = match (side, band_height(side, box_cols, box_rows, &drawing)) {
                _ if framed && ruled => false,
                (_, Some((n, h))) => bands * h + segment >= n && segment % h == 0,
                (Some(n), None) => rows >= n,
                (None, None) => false,
            };
            // Between borders alone, a row past the board's with a rule under it is a row too many
            // of this grid, not the first of one drawn without borders after it.
            if ends && !(framed && !ruled && self.row_then_rule_ahead()?) {
                break;
            }
        }
        let Some(p) = pos else { return Ok(()) };
        // Grid art ends each grid at its rules and borders, so only the plain layouts run on.
        let run_first = match self.grid_run {
            Some((line, first)) if !art && line + 1 == p.line => Some(first),
            _ => None,
        };
        self.grid_run = Some((last_row, run_first.unwrap_or(p.puzzle)));
        let result = match (err, side) {
            (Some(e), _) => Err(e),
            (None, Some(n)) if rows < n => {
                let kind = match run_first {
                    Some(first) => ParseErrorKind::TruncatedRun { found: rows, expected: n, first },
                    None => ParseErrorKind::Truncated { found: rows, expected: n },
                };
                Err(Self::error(p, None, kind))
            }
            (None, Some(n)) => {
                // The boxes the art draws, where no `--box` says otherwise: a 6×6 board with boxes
                // of three rows reads back as it was printed.
                let drawn = match (box_rows, box_cols) {
                    (Some(r), Some(c)) if art && !drawing.walled() => Shape::new(r, c).ok(),
                    _ => None,
                };
                let shape = match (self.shape, drawn) {
                    (Some(s), _) if s.side() == n => Ok(s),
                    (_, Some(d)) if d.side() == n => Ok(d),
                    _ => Shape::for_side(n),
                };
                let grid = shape
                    .and_then(|s| Grid::from_values(s, &values))
                    .map_err(|e| Self::error(p, None, ParseErrorKind::Grid(e)));
                match grid {
                    Ok(g) if n == 16 && keep_texts && self.symbols_undecided(&texts.concat()) => {
                        self.hex_or_standard(g, &texts, art).map_err(|kind| Self::error(p, None, kind))
                    }
                    other => other,
                }
            }
            (None, None) => return Ok(()),
        };
        let bad = |reason: RegionProblem| Self::error(p, None, GridError::BadRegions { reason }.into());
        let result = match result {
            Ok(g) if drawing.walled() && jigsaw => match drawing.regions(g.shape()) {
                Ok(Some(map)) => {
                    regions = map;
                    Ok(g)
                }
                Ok(None) => Err(bad(RegionProblem::Missing)),
                Err(reason) => Err(bad(reason)),
            },
            // Without the jigsaw rules asked for, walls other than the boxes' make a jigsaw board
            // all the same: read as classic, its givens would play by the wrong rules.
            Ok(g) if drawing.walled() => match drawing.own_regions(g.shape()) {
                None => Ok(g),
                Some(Err(reason)) => Err(bad(reason)),
                Some(Ok(map)) => match drawn_board(g.shape(), &map, self.variants) {
                    Ok(board) => {
                        self.push_own(p, layout, g, board);
                        return Ok(());
                    }
                    Err(e) => Err(Self::error(p, None, ParseErrorKind::Grid(e))),
                },
            },
            other => other,
        };
        self.push_with(p, layout, result, jigsaw.then_some(&regions[..]));
        self.keep_text(&own);
        Ok(())
    }
}

/// The side of a grid drawn as art, and the rows of its bands of boxes, where the drawing shows
/// them: the boxes' width its first row draws between `|`s, else the rows above its first rule.
/// None for a drawing with walls, whose rules stand between any two rows.
fn band_height(
    side: Option<usize>,
    box_cols: Option<usize>,
    box_rows: Option<usize>,
    drawing: &Drawing,
) -> Option<(usize, usize)> {
    let n = side?;
    let h = match box_cols {
        Some(c) if c < n && n % c == 0 => n / c,
        _ => box_rows.filter(|&r| r < n && n % r == 0)?,
    };
    (!drawing.walled()).then_some((n, h))
}

/// What the rows after the first row of a grid record say of it ([`PuzzleReader::side_of_rows_ahead`]).
enum Ahead {
    /// Nothing: the first row's width is the side, or another row sets it.
    Unknown,
    /// The side, which the first row does not have.
    Side(usize),
    /// The side, and why the first line is no row of it.
    Stray(usize, Located),
}

/// The cells of a grid row: before its region map where `map` says each row ends with one (the
/// whole line where it holds one token only), else before the right border of a drawing at column
/// `border`, where the line has one.
fn row_cells(line: &[u8], map: bool, border: Option<usize>) -> &[u8] {
    let cells = if map { split_last_token(line).0 } else { split_at_border(line, border).0 };
    if cells.is_empty() {
        line
    } else {
        cells
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// What the rows after the first row of a grid record (the line in `self.buf`) say of it:
    /// where the two after it agree on a width the first does not have, that width is the board's
    /// side. A first row cut short (or run on) would otherwise make the board that wide, and every
    /// record after it would be read from the wrong rows; a line with symbols that no row of that
    /// side holds (a title) is no row of the grid at all. The lines read ahead are queued to be
    /// read again; `map`: each row ends with a jigsaw region map; `border`: the column of the right
    /// border a drawing's top line sets, after which its rows may hold a region map.
    fn side_of_rows_ahead(&mut self, art: bool, map: bool, border: Option<usize>) -> io::Result<Ahead> {
        let symbols = self.opts.symbols;
        let is_row = |line: &[u8]| !(is_blank_or_comment(line) || (art && is_art_separator(line)));
        let width =
            |line: &[u8]| grid_row(row_cells(line, map, border), art, None, symbols).ok().map(|c| c.len());
        // How a line is cut into tokens: a row with a bad character is cut as the rows around it.
        let layout =
            |line: &[u8]| token_layout(&tokens(row_cells(line, map, border), if art { b"|+" } else { b"" }));
        let first = trim_eol(&self.buf);
        if !is_row(first) {
            return Ok(Ahead::Unknown);
        }
        let (first_width, first_layout, first) =
            (width(first), layout(first), row_cells(first, map, border).to_vec());
        let ahead = self.peek_lines(2, is_row, true)?;
        let (side, rows_layout) = match &ahead[..] {
            [(a, false), (b, false)] => match (width(a), width(b)) {
                (Some(w), Some(v)) if w == v && w <= MAX_SIDE => (w, layout(a)),
                _ => return Ok(Ahead::Unknown),
            },
            _ => return Ok(Ahead::Unknown),
        };
        if first_width == Some(side) {
            return Ok(Ahead::Unknown);
        }
        Ok(match grid_row(&first, art, Some(side), symbols) {
            Ok(_) if first_width.is_some() => Ahead::Side(side),
            // A row with a bad character, cut as the rows after it: its own error names it, and
            // the grid is as wide as they are.
            _ if first_width.is_none() && first_layout == rows_layout => Ahead::Side(side),
            Ok(found) => Ahead::Stray(
                side,
                (None, ParseErrorKind::RowWidth { row: 1, found: found.len(), expected: side }),
            ),
            Err(why) => Ahead::Stray(side, why),
        })
    }

    /// Whether the next two lines of grid art (read ahead, as far as a blank line) are a row and a
    /// rule under it.
    fn row_then_rule_ahead(&mut self) -> io::Result<bool> {
        let ahead = self.peek_lines(2, |l| !is_blank_or_comment(l), true)?;
        Ok(matches!(&ahead[..], [(row, _), (rule, _)] if !is_art_separator(row) && is_art_separator(rule)))
    }

    /// Reports the line in `self.buf`, no row of the grids below it for the reason `why`, as a
    /// record of its own.
    fn stray_line(&mut self, no: usize, layout: Layout, (column, kind): Located) {
        let p = self.position(no);
        let text = trim_eol(&self.buf).trim_ascii().to_vec();
        self.push(p, layout, Err(Self::error(p, column, kind)));
        self.keep_text(&text);
    }

    /// The first 16×16 grid whose symbols are undecided, read both ways: the standard reading `standard`
    /// or the hex one, as [`PuzzleReader::choose_symbols`] settles it.
    fn hex_or_standard(
        &mut self,
        standard: Grid,
        texts: &[Vec<u8>],
        art: bool,
    ) -> Result<Grid, ParseErrorKind> {
        let mut values = Vec::with_capacity(256);
        for text in texts {
            match grid_row(text, art, Some(16), Symbols::Hex) {
                Ok(cells) => values.extend(cells),
                Err(_) => break,
            }
        }
        let hex = Grid::from_values(standard.shape(), &values).ok();
        self.choose_symbols(Some(standard.clone()), hex.clone())?;
        Ok(match (self.opts.symbols, hex) {
            (Symbols::Hex, Some(h)) => h,
            _ => standard,
        })
    }
}

/// The width of the boxes a row of grid art draws: the cells between each two `|`, where there are
/// two or more groups and all hold as many.
fn box_width(line: &[u8], symbols: Symbols) -> Option<usize> {
    let groups: Vec<usize> = line
        .split(|&b| b == b'|')
        .filter(|g| !g.iter().all(u8::is_ascii_whitespace))
        .map(|g| grid_row(g, false, None, symbols).map(|cells| cells.len()).ok())
        .collect::<Option<_>>()?;
    let first = *groups.first()?;
    (groups.len() >= 2 && groups.iter().all(|&g| g == first)).then_some(first)
}

/// The cells of one row of a grid layout.
pub(super) fn grid_row(
    line: &[u8],
    art: bool,
    side: Option<usize>,
    symbols: Symbols,
) -> Result<Vec<u8>, Located> {
    let toks = tokens(line, if art { b"|+" } else { b"" });
    let max = side.unwrap_or(MAX_SIDE);
    // A bad character is named in the alphabet of the board being read: the known side, else the
    // side this row's length gives, else 9×9.
    let named = side.unwrap_or_else(|| {
        let cells = if toks.len() > 1 { toks.len() } else { toks.first().map_or(0, |t| t.1.len()) };
        if Shape::for_side(cells).is_ok() {
            cells
        } else {
            9
        }
    });
    grid_row_cells(line, &toks, max, side, symbols).map_err(|e| match line.iter().position(|&b| b == 0) {
        Some(i) => (Some(i + 1), ParseErrorKind::NotText { byte: 0 }),
        None => match e {
            (Some(col), ParseErrorKind::BadChar { found, .. }) => (
                Some(col),
                ParseErrorKind::BadChar { found, alphabet: super::symbols::alphabet(named.max(1), symbols) },
            ),
            other => other,
        },
    })
}

fn grid_row_cells(
    line: &[u8],
    toks: &[(usize, &[u8])],
    max: usize,
    side: Option<usize>,
    symbols: Symbols,
) -> Result<Vec<u8>, Located> {
    let per_token = toks.len() > 1
        && (toks.iter().all(|t| t.1.len() == 1)
            || side == Some(toks.len())
            || (side.is_none() && toks.iter().all(|t| t.1.iter().all(u8::is_ascii_digit))));
    if per_token {
        toks.iter().map(|&(col, t)| token_value(line, col, t, max, symbols)).collect()
    } else {
        let mut out = Vec::new();
        for &(col, t) in toks {
            for (i, &b) in t.iter().enumerate() {
                out.push(symbol_value(b, max, symbols).ok_or_else(|| bad_char(line, col + i, max, symbols))?);
            }
        }
        Ok(out)
    }
}
