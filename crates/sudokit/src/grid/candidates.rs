//! Pencil marks: the candidate digits of every cell, on any board shape, and their two text forms.
//!
//! - The **line form** has one character per candidate `rXcYdZ`, cell by cell and digit by digit within
//!   a cell: the digit's symbol where it is a candidate, `.` (or `0` on input) where it is not. A 9×9
//!   board takes 729 characters, as HoDoKu and Sudoku Explainer exchange them; a board of side `n`
//!   takes `n³`.
//! - The **boxed form** is the candidate grid HoDoKu and Sudoku Explainer print: one line per row, each
//!   cell's candidates run together and padded to its column's width, `|` between boxes, and
//!   `+---` lines around and between bands. The reader takes any spacing and ignores decoration
//!   (`.`, `:`, `'`, `-`, `+`, `*`, `|`), and finds the boxes' width from the `|` of the first row.
//!   It is written and read in any [`Symbols`] convention (a 16×16 puzzle given in hex has its
//!   marks drawn in hex); the line form, where a place tells the digit and `0` is an absence,
//!   always in the standard symbols.
//!
//! Candidates know nothing of the rules: [`Candidates::from_grid`] only places the givens. The rules
//! layer (`Board::candidates`) also removes each given from its peers.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use super::{Cell, Digit, DigitSet, Grid, GridError, Shape, Symbols, MAX_SIDE};

/// The candidate digits of every cell of a board.
///
/// ```
/// use sudokit::{Candidates, Cell, Digit, Shape};
/// let s = Shape::CLASSIC;
/// let mut c = Candidates::new(s);
/// let (r1c1, five) = (Cell::new_checked(0, s).expect("cell"), Digit::new_checked(5, s).expect("digit"));
/// c.eliminate(r1c1, five);
/// assert_eq!(c.get(r1c1).to_string(), "{1,2,3,4,6,7,8,9}");
/// assert_eq!(&c.to_line_form()[..9], "1234.6789");
/// let back: Candidates = c.to_string().parse()?;
/// assert_eq!(back, c);
/// # Ok::<(), sudokit::CandidatesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidates {
    shape: Shape,
    /// One set per cell, row-major.
    cells: Box<[DigitSet]>,
}

impl Candidates {
    /// Every digit open in every cell.
    pub fn new(shape: Shape) -> Candidates {
        Candidates { shape, cells: vec![DigitSet::all(shape); shape.cells()].into_boxed_slice() }
    }
    /// The givens of `grid` placed (each the only candidate of its cell), every digit open elsewhere.
    /// Peers keep their candidates: that needs the rules (`Board::candidates`).
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut c = Candidates::new(grid.shape());
        for (cell, digit) in grid.iter() {
            if let Some(d) = digit {
                c.place(cell, d);
            }
        }
        c
    }
    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The candidates of a cell.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.cells[cell.index()]
    }
    /// Replaces the candidates of a cell (digits above the side are dropped).
    pub fn set(&mut self, cell: Cell, digits: DigitSet) {
        self.cells[cell.index()] = digits.intersection(DigitSet::all(self.shape));
    }
    /// Makes `digit` the only candidate of `cell`.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.set(cell, DigitSet::single(digit));
    }
    /// Removes `digit` from the candidates of `cell`; returns whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        self.cells[cell.index()].remove(digit)
    }
    /// The cells with their candidates, in cell order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, DigitSet)> + '_ {
        self.cells.iter().enumerate().map(|(i, &d)| (Cell::from_index(i), d))
    }
    /// The grid of the cells that have exactly one candidate (the others blank).
    pub fn singles(&self) -> Grid {
        let values = self.cells.iter().map(|d| d.only().map_or(0, Digit::get)).collect();
        Grid::from_checked_values(self.shape, values)
    }

    /// The line form: `side³` characters, the digit's symbol for each candidate and `.` for each
    /// digit that is not one (729 characters on 9×9).
    pub fn to_line_form(&self) -> String {
        let n = self.shape.side();
        let mut out = String::with_capacity(n * self.shape.cells());
        for set in self.cells.iter() {
            for i in 0..n {
                let d = Digit::from_index(i);
                out.push(if set.contains(d) { d.symbol() } else { '.' });
            }
        }
        out
    }

    /// Reads the line form, on the board of default shape ([`Shape::for_side`]) for its length
    /// (`side³` characters; surrounding whitespace is ignored). A place holds its digit's symbol or
    /// `.`/`0`.
    pub fn from_line_form(text: &str) -> Result<Candidates, CandidatesError> {
        read_line_form(text, None)
    }

    /// Reads the line form of a board of the given shape (for rectangular boxes that are not the
    /// default for their side, e.g. 3×2).
    pub fn from_line_form_in(text: &str, shape: Shape) -> Result<Candidates, CandidatesError> {
        read_line_form(text, Some(shape))
    }

    /// Reads the boxed form (the candidate grid `Display` prints, or HoDoKu's and Sudoku Explainer's).
    /// [`FromStr`] reads either form.
    pub fn from_boxed(text: &str) -> Result<Candidates, CandidatesError> {
        read_boxed(text, Symbols::Standard)
    }
}

/// The boxed form: a candidate grid with `|` between boxes and `+---` lines between bands, each
/// cell padded to its column's width; a cell without candidates shows `-`. No newline at the end.
/// The digits are written in the standard symbols; [`Candidates::to_boxed_in`] writes others.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_boxed_in(Symbols::Standard))
    }
}

impl Candidates {
    /// The boxed form (as `Display` writes it) with the digits written in `symbols`, so that the
    /// marks of a puzzle given in hex or in letters are written in its alphabet.
    ///
    /// ```
    /// use sudokit::{Candidates, Symbols};
    /// let marks = Candidates::from_line_form(&"123456789ABCDEFG".repeat(256))?;
    /// let hex = marks.to_boxed_in(Symbols::Hex);
    /// assert!(hex.lines().nth(1).is_some_and(|row| row.starts_with("| 0123456789ABCDEF ")));
    /// assert_eq!(Candidates::from_boxed_in(&hex, Symbols::Hex)?, marks);
    /// # Ok::<(), sudokit::CandidatesError>(())
    /// ```
    pub fn to_boxed_in(&self, symbols: Symbols) -> String {
        let s = self.shape;
        let (n, br, bc) = (s.side(), s.box_rows(), s.box_cols());
        let texts: Vec<String> = self.cells.iter().map(|d| d.symbols_in(symbols)).collect();
        let widths: Vec<usize> =
            (0..n).map(|c| (0..n).map(|r| texts[r * n + c].len()).max().unwrap_or(1)).collect();
        let mut rule = String::from("+");
        for stack in widths.chunks(bc) {
            let inner = stack.iter().sum::<usize>() + stack.len() + 1;
            rule.push_str(&"-".repeat(inner));
            rule.push('+');
        }
        let mut out = String::new();
        for r in 0..n {
            if r % br == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            out.push('|');
            for c in 0..n {
                let _ = write!(out, " {:<w$}", texts[r * n + c], w = widths[c]);
                if c % bc == bc - 1 {
                    out.push_str(" |");
                }
            }
            out.push('\n');
        }
        out.push_str(&rule);
        out
    }

    /// Whether `text` is meant as the line form: one word without a `|` (else it is the boxed
    /// form), as [`FromStr`] tells them apart.
    pub fn is_line_form(text: &str) -> bool {
        let t = text.trim();
        !t.is_empty() && !t.contains(char::is_whitespace) && !t.contains('|')
    }

    /// Reads the boxed form written in `symbols` (see [`Candidates::to_boxed_in`]); with
    /// [`Symbols::Standard`] this is [`Candidates::from_boxed`].
    pub fn from_boxed_in(text: &str, symbols: Symbols) -> Result<Candidates, CandidatesError> {
        read_boxed(text, symbols)
    }
}

/// Reads either form: one word of `side³` characters is the line form, anything else the boxed form.
impl FromStr for Candidates {
    type Err = CandidatesError;
    fn from_str(s: &str) -> Result<Candidates, CandidatesError> {
        if Candidates::is_line_form(s) {
            read_line_form(s, None)
        } else {
            read_boxed(s, Symbols::Standard)
        }
    }
}

/// A candidate text that cannot be read: where (1-based line and column, in characters) and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct CandidatesError {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: CandidatesErrorKind,
}

/// What is wrong with a candidate text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CandidatesErrorKind {
    /// A character that is no digit of the board and no blank or decoration.
    #[error(
        "invalid character {found:?} (digits on this board run from {} to {})",
        symbols.symbol(1),
        symbols.symbol(*side as u8)
    )]
    BadChar {
        /// The character.
        found: char,
        /// The board side.
        side: usize,
        /// The symbols the digits were read in.
        symbols: Symbols,
    },
    /// A digit in the line form at the place of another digit.
    #[error("{found:?} at the place of digit {expected} (each place holds its own digit, '.' or '0')")]
    MisplacedDigit {
        /// The character found.
        found: char,
        /// The digit of that place.
        expected: Digit,
    },
    /// A line form whose length is not `side³` for a supported side.
    #[error("{found} characters is no candidate line (it needs side³: 64, 216, 512, 729, …)")]
    WrongLength {
        /// Characters found.
        found: usize,
    },
    /// A row of the boxed form with the wrong number of cells.
    #[error("{found} cells in the row, expected {expected}")]
    RowWidth {
        /// Cells found.
        found: usize,
        /// Cells needed.
        expected: usize,
    },
    /// A boxed form with the wrong number of rows.
    #[error("{found} rows of cells, a {expected}×{expected} board has {expected}")]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows needed (the side).
        expected: usize,
    },
    /// A text without any cell.
    #[error("no cells found")]
    Empty,
    /// A side or box shape that is not supported.
    #[error(transparent)]
    Shape(#[from] GridError),
}

fn error(line: usize, column: usize, kind: CandidatesErrorKind) -> CandidatesError {
    CandidatesError { line, column, kind }
}

/// The value of a digit symbol: `1`–`9`, then `A`/`a` = 10 and on; `None` for anything else.
fn symbol_value(ch: char) -> Option<usize> {
    match ch {
        '1'..='9' => Some(ch as usize - '0' as usize),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 10),
        'a'..='z' => Some(ch as usize - 'a' as usize + 10),
        _ => None,
    }
}

fn read_line_form(text: &str, shape: Option<Shape>) -> Result<Candidates, CandidatesError> {
    // Positions count from the first character of the line, leading whitespace included.
    let lead = text.len() - text.trim_start().len();
    let (line, col0) = (
        text[..lead].matches('\n').count() + 1,
        text[..lead].rsplit('\n').next().map_or(0, |s| s.chars().count()),
    );
    let body = text.trim();
    let len = body.chars().count();
    let shape = match shape {
        Some(s) if s.side().pow(3) == len => s,
        Some(_) => return Err(error(line, col0 + 1, CandidatesErrorKind::WrongLength { found: len })),
        None => {
            let side = (1..=MAX_SIDE).find(|n| n.pow(3) >= len).filter(|n| n.pow(3) == len);
            let side = side.ok_or(error(line, col0 + 1, CandidatesErrorKind::WrongLength { found: len }))?;
            Shape::for_side(side).map_err(|e| error(line, col0 + 1, e.into()))?
        }
    };
    let n = shape.side();
    let mut sets = vec![DigitSet::EMPTY; shape.cells()];
    for (i, ch) in body.chars().enumerate() {
        let at = |kind| error(line, col0 + i + 1, kind);
        let digit = Digit::from_index(i % n);
        match ch {
            '.' | '0' => {}
            _ => match symbol_value(ch) {
                Some(v) if v == digit.get() as usize => {
                    sets[i / n].insert(digit);
                }
                Some(v) if v <= n => {
                    return Err(at(CandidatesErrorKind::MisplacedDigit { found: ch, expected: digit }))
                }
                _ => {
                    return Err(at(CandidatesErrorKind::BadChar {
                        found: ch,
                        side: n,
                        symbols: Symbols::Standard,
                    }))
                }
            },
        }
    }
    Ok(Candidates { shape, cells: sets.into_boxed_slice() })
}

/// A cell of the boxed form as read: its line, column and text.
struct Token {
    line: usize,
    column: usize,
    text: String,
}

fn read_boxed(text: &str, symbols: Symbols) -> Result<Candidates, CandidatesError> {
    let mut rows: Vec<(usize, Vec<Token>)> = Vec::new();
    // Cells before the first inner `|` of the first row: the boxes' width.
    let mut box_cols: Option<usize> = None;
    let mut last_line = 1;
    // A jigsaw drawn with walls may write each row's part of its region map after the right
    // border (where a region is in two pieces): a row's marks end at the top border's last `+`.
    let border = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .filter(|l| l.trim_start().starts_with('+'))
        .and_then(|top| top.chars().enumerate().filter(|&(_, c)| c == '+').map(|(i, _)| i).last());
    for (l, line) in text.lines().enumerate() {
        last_line = l + 1;
        let end = border.filter(|&b| line.chars().nth(b) == Some('|')).map_or(usize::MAX, |b| b + 1);
        // A rule line (`+-----+`) or a blank line holds no cell; a row whose cells are all empty
        // (printed `-`) still has lone `-` tokens.
        let lone_blank =
            line.split(|c: char| c.is_whitespace() || matches!(c, '|' | ':' | '\'')).any(|t| t == "-");
        if !line.chars().any(|c| c.is_ascii_alphanumeric()) && !lone_blank {
            continue;
        }
        let mut tokens: Vec<Token> = Vec::new();
        let mut current: Option<Token> = None;
        for (c, ch) in line.chars().enumerate().take(end) {
            if ch.is_whitespace() || matches!(ch, '|' | ':' | '\'') {
                tokens.extend(current.take());
                if ch == '|' && rows.is_empty() && box_cols.is_none() && !tokens.is_empty() {
                    box_cols = Some(tokens.len());
                }
                continue;
            }
            current
                .get_or_insert_with(|| Token { line: l + 1, column: c + 1, text: String::new() })
                .text
                .push(ch);
        }
        tokens.extend(current.take());
        rows.push((l + 1, tokens));
    }
    let Some((first_line, first)) = rows.first() else {
        return Err(error(last_line, 1, CandidatesErrorKind::Empty));
    };
    let n = first.len();
    // A `|` that is no box boundary (a jigsaw's wall, say) leaves the squarest boxes.
    let shape = match box_cols {
        Some(bc) if bc < n && n % bc == 0 => Shape::new(n / bc, bc).or_else(|_| Shape::for_side(n)),
        _ => Shape::for_side(n),
    }
    .map_err(|e| error(*first_line, 1, e.into()))?;
    if rows.len() != n {
        let line = rows.get(n).map_or(last_line, |r| r.0);
        return Err(error(line, 1, CandidatesErrorKind::RowCount { found: rows.len(), expected: n }));
    }
    let mut sets = Vec::with_capacity(shape.cells());
    for (line, tokens) in &rows {
        if tokens.len() != n {
            return Err(error(*line, 1, CandidatesErrorKind::RowWidth { found: tokens.len(), expected: n }));
        }
        for t in tokens {
            sets.push(read_cell(t, n, symbols)?);
        }
    }
    Ok(Candidates { shape, cells: sets.into_boxed_slice() })
}

/// One cell of the boxed form: its candidates' symbols, or `-`/`.`/`0` for none (`0` only where
/// it is no digit's symbol); `*` and `+` marks are ignored.
fn read_cell(t: &Token, side: usize, symbols: Symbols) -> Result<DigitSet, CandidatesError> {
    let mut set = DigitSet::EMPTY;
    for (k, ch) in t.text.chars().enumerate() {
        match symbols.digit_of(ch).map(usize::from) {
            Some(v) if v <= side => {
                set.insert(Digit::from_index(v - 1));
            }
            None if matches!(ch, '*' | '+' | '-' | '.' | '0') => {}
            _ => {
                let kind = CandidatesErrorKind::BadChar { found: ch, side, symbols };
                return Err(error(t.line, t.column + k, kind));
            }
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Found by the `candidates` fuzz target: a row whose cells have no candidate left prints as
    /// `-`s only, and was read back as a rule line.
    #[test]
    fn a_row_of_empty_cells_reads_back() {
        let text = "1234123410341234123410341234123412341234120000000000000000000000";
        let c = Candidates::from_line_form(text).expect("a 4×4 line form");
        assert_eq!(c.to_string().parse::<Candidates>().as_ref(), Ok(&c), "\n{c}");
    }

    fn classic_sample() -> Candidates {
        let g: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("grid");
        let mut c = Candidates::from_grid(&g);
        // A few eliminations by hand, so the columns have different widths.
        c.eliminate(Cell::from_index(1), Digit::new(8));
        c.eliminate(Cell::from_index(1), Digit::new(9));
        c.set(Cell::from_index(2), DigitSet::EMPTY);
        c
    }

    #[test]
    fn from_grid_places_givens_only() {
        let c = classic_sample();
        assert_eq!(c.get(Cell::from_index(0)).to_string(), "{8}");
        assert_eq!(c.get(Cell::from_index(3)).len(), 9);
        assert_eq!(c.singles().givens(), 21);
    }

    #[test]
    fn line_form() {
        let c = classic_sample();
        let line = c.to_line_form();
        assert_eq!(line.len(), 729);
        assert_eq!(&line[..27], ".......8.1234567...........");
        assert_eq!(Candidates::from_line_form(&line), Ok(c.clone()));
        assert_eq!(Candidates::from_line_form(&line.replace('.', "0")), Ok(c.clone()));
        assert_eq!(line.parse::<Candidates>(), Ok(c));
        let e = Candidates::from_line_form(&format!("  9{}", &line[1..])).expect_err("a 9 at the place of 1");
        assert_eq!(
            e.to_string(),
            "line 1, column 3: '9' at the place of digit 1 (each place holds its own digit, '.' or '0')"
        );
        let e = Candidates::from_line_form(&line[1..]).expect_err("728 characters");
        assert_eq!(e.kind, CandidatesErrorKind::WrongLength { found: 728 });
        let e = Candidates::from_line_form(&format!("x{}", &line[1..])).expect_err("x");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(matches!(e.kind, CandidatesErrorKind::BadChar { found: 'x', side: 9, .. }));
        let e = Candidates::from_line_form(&"1".repeat(343)).expect_err("side 7");
        assert!(matches!(e.kind, CandidatesErrorKind::Shape(GridError::NoBoxShape { side: 7 })));
    }

    #[test]
    fn boxed_form() {
        let c = classic_sample();
        let text = c.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines[0].starts_with("+--") && lines[4].starts_with("+--") && lines[12].ends_with('+'));
        assert!(lines[1].starts_with("| 8         1234567   -         | 123456789 "), "{}", lines[1]);
        assert_eq!(
            lines.iter().map(|l| l.chars().count()).collect::<std::collections::HashSet<_>>().len(),
            1
        );
        assert_eq!(Candidates::from_boxed(&text), Ok(c.clone()));
        assert_eq!(text.parse::<Candidates>(), Ok(c));
    }

    #[test]
    fn boxed_form_in_other_programs_decoration() {
        // HoDoKu's corners and middle rules, a marked candidate, tabs and uneven spacing.
        let mut text = String::from(".-------.-------.\n");
        for (r, row) in ["1 2 | 3 4", "3 4 | 1 2", "2 1 | 4 3", "4 3 | 2 *1"].iter().enumerate() {
            text.push_str(&format!("|\t{row}  |\n"));
            if r == 1 {
                text.push_str(":-------+-------:\n");
            }
        }
        text.push_str("'-------'-------'\n");
        let c = Candidates::from_boxed(&text).expect("reads");
        assert_eq!(c.shape(), Shape::for_side(4).expect("4"));
        assert_eq!(c.singles().to_string(), "1234341221434321");
        let bad = text.replace("4 3 | 2", "4 3 | 5");
        let e = Candidates::from_boxed(&bad).expect_err("5 on 4×4");
        assert_eq!(
            e.to_string(),
            "line 6, column 9: invalid character '5' (digits on this board run from 1 to 4)"
        );
        let short = text.replace("3 4 | 1 2", "3 4 | 1");
        let e = Candidates::from_boxed(&short).expect_err("three cells");
        assert_eq!((e.line, e.kind), (3, CandidatesErrorKind::RowWidth { found: 3, expected: 4 }));
        let e = Candidates::from_boxed("+---+\n").expect_err("nothing");
        assert_eq!(e.kind, CandidatesErrorKind::Empty);
    }

    #[test]
    fn rectangular_boxes_read_back_from_the_boxed_form() {
        let s = Shape::new(3, 2).expect("3x2");
        let mut c = Candidates::new(s);
        c.place(Cell::from_index(7), Digit::new(6));
        assert_eq!(Candidates::from_boxed(&c.to_string()), Ok(c.clone()));
        assert_eq!(Candidates::from_line_form_in(&c.to_line_form(), s), Ok(c));
    }

    #[test]
    fn the_boxed_form_is_written_and_read_in_the_symbols_asked_for() {
        let mut c = Candidates::new(Shape::for_side(16).expect("16"));
        c.place(Cell::from_index(0), Digit::new(1));
        c.set(Cell::from_index(1), [10, 16].into_iter().map(Digit::new).collect());
        let first =
            |drawn: &str| drawn.lines().nth(1).map(|row| row.split_whitespace().take(3).collect::<String>());
        let hex = c.to_boxed_in(Symbols::Hex);
        assert_eq!(first(&hex).as_deref(), Some("|09F"));
        assert_eq!(Candidates::from_boxed_in(&hex, Symbols::Hex), Ok(c.clone()));
        let letters = c.to_boxed_in(Symbols::Letters);
        assert_eq!(first(&letters).as_deref(), Some("|AJP"));
        assert_eq!(c.to_boxed_in(Symbols::Standard), c.to_string());
        let e = Candidates::from_boxed_in(&c.to_string(), Symbols::Hex).expect_err("G is no hex digit");
        assert_eq!(
            e.to_string(),
            "line 2, column 21: invalid character 'G' (digits on this board run from 0 to F)"
        );
    }

    proptest! {
        #[test]
        fn both_forms_round_trip(c in crate::testing::candidates(16)) {
            prop_assert_eq!(Candidates::from_boxed(&c.to_string()), Ok(c.clone()));
            for symbols in Symbols::ALL {
                let drawn = c.to_boxed_in(symbols);
                prop_assert_eq!(Candidates::from_boxed_in(&drawn, symbols), Ok(c.clone()), "{}", symbols);
            }
            prop_assert_eq!(Candidates::from_line_form_in(&c.to_line_form(), c.shape()), Ok(c.clone()));
            if Shape::for_side(c.shape().side()) == Ok(c.shape()) {
                prop_assert_eq!(c.to_line_form().parse::<Candidates>(), Ok(c.clone()));
            }
        }
    }
}
