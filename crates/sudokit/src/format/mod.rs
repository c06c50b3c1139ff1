//! Writing grids in each layout. Every writer appends to a byte buffer so bulk output costs no
//! allocation per grid; each output round-trips through [`crate::parse`]. The variant rules of a
//! board (jigsaw region maps, the rule fields of the JSON puzzle object) are written by the `rules`
//! module: [`region_symbols`], [`rules_fields`], [`write_board_grid`].

use std::fmt;
use std::str::FromStr;

use crate::grid::{symbol_of, Grid};
use crate::parse::{Layout, Notation, Symbols, UnknownName};

mod rules;

pub use rules::{
    marks_grid, marks_grid_in, region_symbols, rules_fields, variant_names, write_board_grid, REGION_SYMBOLS,
};

/// An output layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OutputFormat {
    /// One line of `side²` symbols, `.` for blanks.
    Line,
    /// `side` lines of digits separated by single spaces, `0` for blanks (the textbook layout).
    Grid,
    /// `side` lines of symbols without separators.
    Compact,
    /// Grid art with box borders.
    Pretty,
    /// A LeetCode-style JSON board of strings, `"."` for blanks, on one line.
    Json,
}

impl OutputFormat {
    /// Every output layout, in the order the CLI lists them.
    pub const ALL: [OutputFormat; 5] = [
        OutputFormat::Line,
        OutputFormat::Grid,
        OutputFormat::Compact,
        OutputFormat::Pretty,
        OutputFormat::Json,
    ];

    /// The name the CLI uses: `line`, `grid`, `compact`, `pretty`, `json`.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Line => "line",
            OutputFormat::Grid => "grid",
            OutputFormat::Compact => "compact",
            OutputFormat::Pretty => "pretty",
            OutputFormat::Json => "json",
        }
    }

    /// The output that keeps an input layout.
    pub fn for_layout(layout: Layout) -> OutputFormat {
        match layout {
            Layout::Line => OutputFormat::Line,
            Layout::Grid => OutputFormat::Grid,
            Layout::Compact => OutputFormat::Compact,
            Layout::Art => OutputFormat::Pretty,
            Layout::Json => OutputFormat::Json,
            Layout::Csv | Layout::Array => OutputFormat::Line,
        }
    }
    /// The input layout that reads this output back (the inverse of [`OutputFormat::for_layout`] on
    /// the layouts sudokit writes).
    pub fn layout(self) -> Layout {
        match self {
            OutputFormat::Line => Layout::Line,
            OutputFormat::Grid => Layout::Grid,
            OutputFormat::Compact => Layout::Compact,
            OutputFormat::Pretty => Layout::Art,
            OutputFormat::Json => Layout::Json,
        }
    }

    /// Whether a record spans several lines (and records are then separated by a blank line).
    pub fn is_multiline(self) -> bool {
        matches!(self, OutputFormat::Grid | OutputFormat::Compact | OutputFormat::Pretty)
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OutputFormat {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<OutputFormat, UnknownName> {
        UnknownName::find("output format", s, &OutputFormat::ALL, OutputFormat::name)
    }
}

fn cell_symbol(v: u8) -> u8 {
    if v == 0 {
        b'.'
    } else {
        symbol_of(v) as u8
    }
}

/// The symbol of value `v` (`0` blank) in a symbol convention: `.` for a blank.
fn cell_symbol_in(v: u8, symbols: Symbols) -> u8 {
    if v == 0 {
        b'.'
    } else {
        symbols.symbol(v) as u8
    }
}

/// Appends `grid` in `format`, written in `notation` (the symbols of the input, and numbers for a JSON
/// board whose cells were numbers), so that an answer reads back the way its puzzle did. With the
/// standard notation this is [`write_grid`].
///
/// ```
/// use sudokit::{format::{write_grid_in, OutputFormat}, Grid, Notation};
/// let g: Grid = "1.34341221434321".parse()?;
/// let mut out = Vec::new();
/// let notation = Notation { numbers: true, board: true, ..Notation::default() };
/// write_grid_in(&g, OutputFormat::Json, notation, &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "[[1,0,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]\n");
/// # Ok::<(), sudokit::Error>(())
/// ```
pub fn write_grid_in(grid: &Grid, format: OutputFormat, notation: Notation, out: &mut Vec<u8>) {
    if notation.symbols == Symbols::Standard && !(notation.numbers && format == OutputFormat::Json) {
        return write_grid(grid, format, out);
    }
    let n = grid.shape().side();
    let v = grid.values();
    match format {
        OutputFormat::Json => write_json_board(grid, notation, out),
        OutputFormat::Grid => {
            // Numbers would not read back in a non-standard convention (`0` is a digit in hex):
            // symbols, one per cell.
            for row in v.chunks(n) {
                let cells: Vec<u8> = row.iter().map(|&x| cell_symbol_in(x, notation.symbols)).collect();
                for (i, c) in cells.iter().enumerate() {
                    if i > 0 {
                        out.push(b' ');
                    }
                    out.push(*c);
                }
                out.push(b'\n');
            }
        }
        _ => {
            let mut standard = Vec::new();
            write_grid(grid, format, &mut standard);
            // Every other layout writes one symbol per cell, in cell order, and decorations that are
            // no symbols: translate the symbols in place.
            let mut cells = v.iter();
            for b in standard {
                let is_cell = b == b'.' || b.is_ascii_alphanumeric();
                match if is_cell { cells.next() } else { None } {
                    Some(&x) => out.push(cell_symbol_in(x, notation.symbols)),
                    None => out.push(b),
                }
            }
        }
    }
}

/// Appends `grid` in `format` to `out`, ending with a newline.
///
/// ```
/// use sudokit::{format::{write_grid, OutputFormat}, Grid};
/// let g: Grid = "1.34341221434321".parse()?;
/// let mut out = Vec::new();
/// write_grid(&g, OutputFormat::Grid, &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "1 0 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
/// # Ok::<(), sudokit::Error>(())
/// ```
pub fn write_grid(grid: &Grid, format: OutputFormat, out: &mut Vec<u8>) {
    let shape = grid.shape();
    let n = shape.side();
    let v = grid.values();
    match format {
        OutputFormat::Line => {
            out.extend(v.iter().map(|&x| cell_symbol(x)));
            out.push(b'\n');
        }
        OutputFormat::Compact => {
            for row in v.chunks(n) {
                out.extend(row.iter().map(|&x| cell_symbol(x)));
                out.push(b'\n');
            }
        }
        OutputFormat::Grid => {
            for row in v.chunks(n) {
                for (i, &x) in row.iter().enumerate() {
                    if i > 0 {
                        out.push(b' ');
                    }
                    if x >= 10 {
                        out.push(b'0' + x / 10);
                    }
                    out.push(b'0' + x % 10);
                }
                out.push(b'\n');
            }
        }
        OutputFormat::Pretty => {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            let mut border = Vec::new();
            for _ in 0..n / bc {
                border.push(b'+');
                border.extend(std::iter::repeat_n(b'-', 2 * bc + 1));
            }
            border.extend_from_slice(b"+\n");
            for (r, row) in v.chunks(n).enumerate() {
                if r % br == 0 {
                    out.extend_from_slice(&border);
                }
                for (c, &x) in row.iter().enumerate() {
                    if c % bc == 0 {
                        out.extend_from_slice(b"| ");
                    }
                    out.push(cell_symbol(x));
                    out.push(b' ');
                }
                out.extend_from_slice(b"|\n");
            }
            out.extend_from_slice(&border);
        }
        OutputFormat::Json => write_json_board(grid, Notation::default(), out),
    }
}

/// Appends `grid` as a JSON board on one line: an array of rows, each cell a string of one symbol of
/// `notation.symbols` (`"."` blank), or a number (`0` blank) when `notation.numbers`.
fn write_json_board(grid: &Grid, notation: Notation, out: &mut Vec<u8>) {
    out.push(b'[');
    for (r, row) in grid.values().chunks(grid.shape().side()).enumerate() {
        if r > 0 {
            out.push(b',');
        }
        out.push(b'[');
        for (c, &x) in row.iter().enumerate() {
            if c > 0 {
                out.push(b',');
            }
            if notation.numbers {
                out.extend(x.to_string().into_bytes());
            } else {
                out.extend_from_slice(&[b'"', cell_symbol_in(x, notation.symbols), b'"']);
            }
        }
        out.push(b']');
    }
    out.extend_from_slice(b"]\n");
}

/// Whether a unique puzzle is minimal, in words, from the names of the givens that can each go
/// alone ([`crate::Puzzle::redundant_givens`], [`crate::Cell::name`]): `minimal`, `not minimal:
/// r1c2 can go`, or `not minimal: r1c2 r5c5 can each go`. The wording `sudokit check --minimal`
/// prints after `unique, `.
///
/// ```
/// use sudokit::format::minimality;
///
/// assert_eq!(minimality(&["r1c2", "r5c5"]), "not minimal: r1c2 r5c5 can each go");
/// assert_eq!(minimality::<&str>(&[]), "minimal");
/// ```
pub fn minimality<S: AsRef<str>>(redundant: &[S]) -> String {
    let names: Vec<&str> = redundant.iter().map(AsRef::as_ref).collect();
    match names.as_slice() {
        [] => "minimal".to_string(),
        [one] => format!("not minimal: {one} can go"),
        _ => format!("not minimal: {} can each go", names.join(" ")),
    }
}

/// `grid` in `format` as a string (ending with a newline).
pub fn to_string(grid: &Grid, format: OutputFormat) -> String {
    let mut out = Vec::new();
    write_grid(grid, format, &mut out);
    String::from_utf8(out).expect("writers emit ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_all, ParseOptions};

    const S: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    #[test]
    fn every_format_round_trips() {
        let g: Grid = S.parse().expect("grid");
        let mut p: Grid = S.parse().expect("grid");
        p.set(crate::Cell::from_index(3), None);
        for grid in [&g, &p] {
            for f in [
                OutputFormat::Line,
                OutputFormat::Grid,
                OutputFormat::Compact,
                OutputFormat::Pretty,
                OutputFormat::Json,
            ] {
                let text = to_string(grid, f);
                let back = parse_all(&text, ParseOptions::default()).expect("a string reads");
                assert_eq!(back.len(), 1, "{f:?}\n{text}");
                assert_eq!(back[0].puzzle.as_ref().expect("parses"), grid, "{f:?}\n{text}");
                assert_eq!(OutputFormat::for_layout(back[0].layout), f, "{text}");
            }
        }
    }

    /// Answers written in the input's notation read back in it, in every layout.
    #[test]
    fn every_notation_round_trips() {
        for (side, symbols) in [(9, Symbols::Standard), (16, Symbols::Hex), (25, Symbols::Letters)] {
            let shape = crate::Shape::for_side(side).expect("a board");
            let mut g = crate::testing::base_solution(shape);
            for i in (0..shape.cells()).step_by(3) {
                g.set(crate::Cell::from_index(i), None);
            }
            for f in OutputFormat::ALL {
                for numbers in [false, true] {
                    let notation =
                        Notation { symbols, numbers, board: f == OutputFormat::Json, ..Notation::default() };
                    let mut text = Vec::new();
                    write_grid_in(&g, f, notation, &mut text);
                    let text = String::from_utf8(text).expect("ASCII");
                    let opts = ParseOptions { symbols, ..ParseOptions::default() };
                    let back = parse_all(&text, opts).expect("a string reads");
                    assert_eq!(back.len(), 1, "{f:?} {symbols:?}\n{text}");
                    assert_eq!(back[0].puzzle.as_ref().ok(), Some(&g), "{f:?} {symbols:?}\n{text}");
                }
            }
        }
    }

    #[test]
    fn pretty_rectangular_boxes() {
        let g: Grid = "123456456123231564564231312645645312".parse().expect("6x6");
        let text = to_string(&g, OutputFormat::Pretty);
        assert_eq!(text.lines().next(), Some("+-------+-------+"));
        assert_eq!(text.lines().nth(1), Some("| 1 2 3 | 4 5 6 |"));
        assert_eq!(text.lines().count(), 6 + 4);
    }

    /// A drawing's boxes say its shape: every shape reads back as itself, with no `--box`.
    #[test]
    fn pretty_boxes_read_back_as_drawn() {
        for (rows, cols) in [(2, 3), (3, 2), (3, 4), (4, 3), (2, 4), (4, 2), (2, 5), (5, 2), (3, 3), (4, 4)] {
            let shape = crate::Shape::new(rows, cols).expect("a shape");
            let mut grid = crate::testing::base_solution(shape);
            grid.set(crate::Cell::from_index(1), None);
            let text = to_string(&grid, OutputFormat::Pretty);
            let back = parse_all(&text, ParseOptions::default()).expect("a string reads");
            assert_eq!(back.len(), 1, "{text}");
            assert_eq!(back[0].puzzle.as_ref().expect("parses"), &grid, "{text}");
            assert_eq!(back[0].puzzle.as_ref().map(Grid::shape).ok(), Some(shape), "{text}");
        }
    }
}
