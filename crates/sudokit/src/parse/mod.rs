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
//!   [JSON puzzle format](puzzle_object) that carries its own rules (size, boxes, regions, cages).
//! - **csv**: a header line naming the columns, then one puzzle per row (Kaggle's `quizzes,solutions`,
//!   qqwing's `--csv`, sudokit's own `-o csv`); see [`PuzzleReader::with_column`].
//! - **array**: Java and C array literals as pasted from tutorials (`{8,0,0,…},` rows, or
//!   `int grid[9][9] = {{…}};`), numbers or character literals.
//!
//! Beside the puzzle, an input may give the answer: tdoku's test format `puzzle:count[:solution]`
//! in the line layout, a solution or count column in CSV, `solution` and `count` in a JSON puzzle
//! object. It comes with the record as [`Record::expected`].
//!
//! A UTF-8 byte-order mark, CRLF and old Mac (`\r`) line ends and tabs are read as a text editor
//! shows them. With the `gzip` feature, `decompressed` reads gzip-compressed input as its text.
//! Lines like `[Puzzle]` (the section headers of SadMan's `.sdk` files) are skipped like comments,
//! so the `.sdk`, `.sdm` and `.ss` files of Simple Sudoku and HoDoKu read as the compact, line and
//! art layouts.
//!
//! Variant rules for the plain layouts come from [`PuzzleReader::with_variants`]; with jigsaw, each
//! puzzle's region map follows its givens as one more whitespace-separated token (line layout:
//! `givens regions`), or ends each row (grid layouts: `8 0 0 … 0 AAABBBCCC`). Without jigsaw asked
//! for, an input whose first puzzle comes with a region map so is read as jigsaw all the same (a map
//! names `side` regions of `side` cells and repeats a symbol in some row or column, which no
//! solution written there does). Records that come with rules carry them in [`Record::board`].
//!
//! In every layout `#` starts a comment line and blank lines are skipped (in the grid layouts a
//! blank line also ends a grid early, which is reported as a truncated grid).
//!
//! The reader never reads more than [`MAX_LINE`] bytes of one line into memory, never panics on any
//! input, and yields one [`Record`] per puzzle it finds, readable or not, so that a bad record is
//! reported with its position and the rest of the input is still read.

use std::io;
use std::sync::Arc;

use crate::grid::{Grid, Shape};
use crate::rules::Board;

mod array;
mod batch;
#[cfg(feature = "gzip")]
mod compressed;
mod csv;
mod detect;
mod error;
mod grid_layout;
mod json;
mod line;
mod pencil_record;
pub mod puzzle_object;
mod reader;
pub(crate) mod rows;
mod symbols;
mod text;
mod walls;

pub use batch::{Batch, LineBatch};
#[cfg(feature = "gzip")]
pub use compressed::decompressed;
pub use detect::detect;
pub use error::{JsonProblem, ParseError, ParseErrorKind, Position, UnknownName};
pub use json::{board_from_json, MAX_RECORD};
pub use line::parse_line;
pub(crate) use line::{is_library_line, parse_cells};
pub use pencil_record::{pencil_record, PencilCsv, PencilRecordError};
pub use puzzle_object::{parse_cell_name, region_map, PuzzleObjectError, VariantPuzzle, RULE_FIELDS};
pub use reader::PuzzleReader;
pub use rows::{read_rows, Rows};
pub use symbols::Symbols;
pub use text::{is_art_separator, TextLines};
pub(crate) use walls::{drawn_board, drawn_regions};

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
    /// Grid art with `|`, `-` and `+` separators (Simple Sudoku's `*---*` corners and HoDoKu's
    /// `.`, `:` and `'` among them).
    Art,
    /// LeetCode-style JSON boards.
    Json,
    /// CSV with a header line, one puzzle per row.
    Csv,
    /// Java or C array literals (`{8,0,0,…},`).
    Array,
}

impl Layout {
    /// Every layout, in the order the CLI lists them.
    pub const ALL: [Layout; 7] =
        [Layout::Line, Layout::Grid, Layout::Compact, Layout::Art, Layout::Json, Layout::Csv, Layout::Array];

    /// The name the CLI uses: `line`, `grid`, `compact`, `art`, `json`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Line => "line",
            Layout::Grid => "grid",
            Layout::Compact => "compact",
            Layout::Art => "art",
            Layout::Json => "json",
            Layout::Csv => "csv",
            Layout::Array => "array",
        }
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Layout {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Layout, UnknownName> {
        UnknownName::find("layout", s, &Layout::ALL, Layout::name)
    }
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
    /// reader's [`Variants`](crate::rules::Variants)); `None` means the classic rules of the grid's shape.
    pub board: Option<Arc<Board>>,
    /// The answer the input gives beside the puzzle, if any.
    pub expected: Expected,
    /// How the record wrote its cells, so that answers can be written the same way.
    pub notation: Notation,
    /// The record's own text, kept only where it could not be read, so that it can be written back
    /// as it came: a line layout's line, a CSV row's puzzle field (the row, without one), a grid's
    /// or an array's lines, a JSON puzzle object's puzzle (as a CSV row's), any other JSON value as
    /// far as it was read; outer white space trimmed, bytes that are not UTF-8 replaced. `None` for
    /// a readable record.
    pub text: Option<String>,
}

/// The answer an input gives beside a puzzle: a solution column of a CSV file, the `count` and
/// `solution` of tdoku's `puzzle:count[:solution]` lines, or the `count` and `solution` fields of a
/// JSON puzzle object. Commands compare their answer with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The number of solutions the input gives.
    pub count: Option<u64>,
    /// The solution the input gives.
    pub solution: Option<Grid>,
}

impl Expected {
    /// Whether the input gives no answer.
    pub fn is_empty(&self) -> bool {
        self.count.is_none() && self.solution.is_none()
    }
}

/// How a record wrote its cells: the symbol convention and, for JSON boards, whether cells were
/// numbers. Answers written in the same notation read back the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notation {
    /// The symbol convention the cells were read with.
    pub symbols: Symbols,
    /// Whether a JSON board wrote its cells as numbers (`[[5,3,0,…]]`) rather than strings.
    pub numbers: bool,
    /// Whether the cells came as a JSON board (an array of rows), alone or in a puzzle object.
    pub board: bool,
    /// Whether the record was a JSON puzzle object (answers are then written as objects too).
    pub object: bool,
    /// The top-level JSON array of boards the record was an element of (numbered from 1 in its
    /// input), so that answers can be written as one array too.
    pub array: Option<u32>,
    /// Whether the records of its input may have rules other than the classic ones with the
    /// squarest boxes: the reader was given variant rules or another box shape, or the layout
    /// carries rules of its own (JSON, CSV with rule columns). Every record of such an input is
    /// marked, whatever its own rules, so that writers that need one set of fields for a whole
    /// output (CSV columns) can give each record the same ones.
    pub rules: bool,
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
    fn a_bad_character_is_told_the_digits_and_blanks_of_its_symbols() {
        let message = |text: &str, symbols| {
            let mut records =
                parse_all(text, ParseOptions { symbols, ..ParseOptions::default() }).expect("reads");
            records.remove(0).puzzle.expect_err("a bad character").kind.to_string()
        };
        let bad = format!("x{}", &P[1..]);
        assert_eq!(
            message(&bad, Symbols::Standard),
            "invalid character 'x' (digits are 1-9; blanks are '.', '0', '_', '-' or '*')"
        );
        // In hex, `0` is the first digit, not a blank.
        assert_eq!(
            message(&bad, Symbols::Hex),
            "invalid character 'x' (digits are 0-8; blanks are '.', '_', '-' or '*')"
        );
        let bad16 = format!("x{}", ".".repeat(255));
        assert_eq!(
            message(&bad16, Symbols::Hex),
            "invalid character 'x' (digits are 0-F; blanks are '.', '_', '-' or '*')"
        );
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        // Old Mac files end lines with `\r` alone: each line is a record of its own, as with `\n`.
        let compact: Vec<&str> = (0..9).map(|i| &P[i * 9..i * 9 + 9]).collect();
        let bad = P.replacen('.', "x", 1);
        for (text, layout) in [
            (format!("# list\r{P}\r\r{bad}\r{P}"), Layout::Line),
            (format!("{}\r\r{}\r", compact.join("\r"), compact.join("\r")), Layout::Compact),
        ] {
            let unix = text.replace('\r', "\n");
            let records = parse_all(&text, ParseOptions::default()).expect("a string reads");
            let expected = parse_all(&unix, ParseOptions::default()).expect("a string reads");
            assert!(records.len() >= 2, "{records:?}");
            assert_eq!(records.len(), expected.len());
            for (r, e) in records.iter().zip(&expected) {
                assert_eq!(r.layout, layout);
                assert_eq!(r.position, e.position);
                assert_eq!(r.puzzle.as_ref().ok(), e.puzzle.as_ref().ok());
                assert_eq!(r.puzzle.is_err(), e.puzzle.is_err());
            }
        }
    }

    #[test]
    fn crlf_split_between_reads_is_one_line_end() {
        // A reader that hands out one byte at a time splits every `\r\n`: the `\n` read alone
        // must not make an empty line, nor a lone `\r` wait for one.
        let text = format!("{P}\r\n{P}\r{P}\n");
        let reader = io::BufReader::with_capacity(1, text.as_bytes());
        let records: Vec<Record> =
            PuzzleReader::new(reader, ParseOptions::default()).collect::<Result<_, _>>().expect("reads");
        let lines: Vec<usize> = records.iter().map(|r| r.position.line).collect();
        assert_eq!(lines, [1, 2, 3]);
        assert!(records.iter().all(|r| r.puzzle.as_ref().is_ok_and(|g| g.to_string() == P)));
    }

    /// `P` drawn by `row(cells of a box row)` per row, between the borders `top`, `middle` and
    /// `bottom`.
    fn drawn(top: &str, middle: &str, bottom: &str, row: impl Fn(&[String]) -> String) -> String {
        drawn_of(P, top, middle, bottom, row)
    }

    /// [`drawn`] for the 9×9 puzzle `puzzle` (its line form).
    fn drawn_of(
        puzzle: &str,
        top: &str,
        middle: &str,
        bottom: &str,
        row: impl Fn(&[String]) -> String,
    ) -> String {
        let mut art = format!("{top}\n");
        for (i, chunk) in puzzle.as_bytes().chunks(9).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|&b| (b as char).to_string()).collect();
            art.push_str(&format!("{}\n", row(&cells)));
            if i % 3 == 2 && i < 8 {
                art.push_str(&format!("{middle}\n"));
            }
        }
        art.push_str(&format!("{bottom}\n"));
        art
    }

    #[test]
    fn simple_sudoku_and_hodoku_grid_art_are_detected() {
        // Simple Sudoku's `.ss` layout, and HoDoKu's formatted givens, two puzzles each, the second
        // with CRLF line ends.
        let ss = drawn("*-----------*", "|---+---+---|", "*-----------*", |c| {
            format!("|{}|{}|{}|", c[..3].concat(), c[3..6].concat(), c[6..].concat())
        });
        // HoDoKu's borders, `dashes` to a box, around cells `gap` apart.
        let hodoku_art = |dashes: usize, gap: &str| {
            let rule = "-".repeat(dashes);
            drawn(
                &format!(".{rule}.{rule}.{rule}."),
                &format!(":{rule}+{rule}+{rule}:"),
                &format!("'{rule}'{rule}'{rule}'"),
                |c| format!("| {} | {} | {} |", c[..3].join(gap), c[3..6].join(gap), c[6..].join(gap)),
            )
        };
        // Its pencil-mark grid's borders around one symbol per cell, and its grid of givens alone,
        // whose top border is 25 blanks long, the length of a row of a 25×25 board.
        let (hodoku, givens) = (hodoku_art(9, "  "), hodoku_art(7, " "));
        for art in [ss, hodoku, givens] {
            let text = format!("{art}{}", art.replace('\n', "\r\n"));
            let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
            assert_eq!(r.len(), 2, "{text}");
            for (i, record) in r.iter().enumerate() {
                assert_eq!(record.layout, Layout::Art);
                assert_eq!(record.position.puzzle, i + 1);
                assert_eq!(record.puzzle.as_ref().expect("reads").to_string(), P);
            }
            assert_eq!(r[1].position.line, 15);
        }
    }

    /// The drawing `art` with its row `row` (from 1) left out (`copies` 0) or written twice (2).
    fn edited(art: &str, row: usize, copies: usize) -> String {
        let mut seen = 0;
        let mut out = String::new();
        for l in art.lines() {
            let cells = !text::is_art_separator(l.as_bytes());
            seen += usize::from(cells);
            let n = if cells && seen == row { copies } else { 1 };
            out.push_str(&format!("{l}\n").repeat(n));
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Puzzles drawn one under another without blank lines, as sudokit's `pretty` output or
        /// HoDoKu's grids, one drawing a row short or over: that one is a bad record, and every
        /// other reads as drawn, with its own number.
        #[test]
        fn one_drawing_a_row_short_or_over_spoils_one_record(
            cases in proptest::collection::vec(crate::testing::puzzle(crate::Shape::CLASSIC), 1..5),
            damaged in 0usize..5,
            row in 1usize..=9,
            doubled in proptest::prelude::any::<bool>(),
            hodoku in proptest::prelude::any::<bool>(),
        ) {
            let damaged = damaged % cases.len();
            let box_row = |c: &[String]| {
                format!("| {} | {} | {} |", c[..3].join(" "), c[3..6].join(" "), c[6..].join(" "))
            };
            // HoDoKu's borders, or sudokit's own.
            let (top, middle, bottom) = if hodoku {
                (".-------.-------.-------.", ":-------+-------+-------:", "'-------'-------'-------'")
            } else {
                ("+-------+-------+-------+", "+-------+-------+-------+", "+-------+-------+-------+")
            };
            let mut text = String::new();
            for (i, c) in cases.iter().enumerate() {
                let art = drawn_of(&c.puzzle.to_string(), top, middle, bottom, box_row);
                let copies = if doubled { 2 } else { 0 };
                text.push_str(&if i == damaged { edited(&art, row, copies) } else { art });
            }
            let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
            proptest::prop_assert_eq!(r.len(), cases.len(), "{}", text);
            for (i, (record, c)) in r.iter().zip(&cases).enumerate() {
                proptest::prop_assert_eq!(record.position.puzzle, i + 1);
                if i == damaged {
                    proptest::prop_assert!(record.puzzle.is_err(), "{}", text);
                } else {
                    proptest::prop_assert_eq!(record.puzzle.as_ref().ok(), Some(&c.puzzle), "{}", text);
                }
            }
        }
    }

    #[test]
    fn drawn_grids_a_row_short_or_over_end_at_their_rules() {
        let boxed = drawn(
            "+-------+-------+-------+",
            "+-------+-------+-------+",
            "+-------+-------+-------+",
            |c| format!("| {} | {} | {} |", c[..3].join(" "), c[3..6].join(" "), c[6..].join(" ")),
        );
        // Rows without `|` between two borders: the bands are not drawn.
        let framed = format!(
            "+---\n{}+---\n",
            P.as_bytes().chunks(9).map(|r| format!("{}\n", String::from_utf8_lossy(r))).collect::<String>()
        );
        // The inner rules alone.
        let inner: String = boxed.lines().skip(1).take(11).map(|l| format!("{l}\n")).collect();
        use ParseErrorKind::{BandRows, ExtraRows, Truncated};
        let cases = [
            (&boxed, 5, 0, BandRows { band: 2, found: 2, expected: 3 }, 8),
            (&boxed, 2, 0, BandRows { band: 1, found: 2, expected: 3 }, 4),
            (&boxed, 9, 0, BandRows { band: 3, found: 2, expected: 3 }, 12),
            (&boxed, 5, 2, BandRows { band: 2, found: 4, expected: 3 }, 10),
            (&boxed, 1, 2, BandRows { band: 1, found: 4, expected: 3 }, 6),
            (&boxed, 9, 2, ExtraRows { expected: 9 }, 13),
            // Between borders alone, a border followed by another ends the short grid.
            (&framed, 4, 0, Truncated { found: 8, expected: 9 }, 2),
            // A row past the board's with a border under it is this grid's.
            (&framed, 4, 2, ExtraRows { expected: 9 }, 11),
            // Without borders, the rule under the grid's last band ends it.
            (&inner, 5, 0, BandRows { band: 2, found: 2, expected: 3 }, 7),
            (&inner, 5, 2, BandRows { band: 2, found: 4, expected: 3 }, 9),
        ];
        for (art, row, copies, kind, line) in cases {
            // Drawn one under another, no blank line between.
            let text = format!("{}{art}{art}", edited(art, row, copies));
            let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
            assert_eq!(r.len(), 3, "row {row} ×{copies}: {text}");
            let e = r[0].puzzle.as_ref().expect_err("a row short or over");
            assert_eq!((&e.kind, e.position.line), (&kind, line), "row {row} ×{copies}: {text}");
            // The grids after it are read from their own lines.
            let lines = art.lines().count();
            let first =
                (if copies == 0 { lines - 1 } else { lines + 1 }) + 1 + usize::from(art.starts_with('+'));
            for (i, record) in r.iter().enumerate().skip(1) {
                let at = Position { puzzle: i + 1, line: first + (i - 1) * lines, column: None };
                assert_eq!(record.position, at, "row {row} ×{copies}: {text}");
                assert_eq!(record.puzzle.as_ref().expect("reads").to_string(), P, "row {row} ×{copies}");
            }
        }
        // A border over a drawing with no rule under any row does not make it wait for one under
        // its last: grids drawn under one border only read each in turn.
        let rows: String = boxed.lines().filter(|l| !l.starts_with('+')).map(|l| format!("{l}\n")).collect();
        let text = format!("+-------+-------+-------+\n{rows}{rows}");
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 2, "{text}");
        assert!(r.iter().all(|r| r.puzzle.as_ref().is_ok_and(|g| g.to_string() == P)), "{text}");
        let message = |kind: ParseErrorKind| kind.to_string();
        assert_eq!(
            message(BandRows { band: 2, found: 2, expected: 3 }),
            "band 2 ends after 2 rows, expected 3: a row is missing"
        );
        assert_eq!(
            message(BandRows { band: 2, found: 4, expected: 3 }),
            "4 rows from band 2 to this rule, and bands have 3: a row is missing or one too many"
        );
        assert_eq!(message(ExtraRows { expected: 9 }), "more than 9 rows before the border under the grid");
    }

    #[test]
    fn a_short_first_line_above_line_puzzles_is_one_bad_record() {
        // A first puzzle cut to a row's length (9, or 16 that could be a 16×16 row) and a title as
        // long as a 4×4 row: each is one unreadable record, and every puzzle after it reads, in
        // order, with its own number and line.
        for first in [&P[..9], &P[..16], "hard"] {
            let text = format!("{first}\n\n# two puzzles\n{P}\n{P}\n");
            let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
            let seen: Vec<_> =
                r.iter().map(|r| (r.layout, r.position.puzzle, r.position.line, r.puzzle.is_ok())).collect();
            assert_eq!(
                seen,
                [(Layout::Line, 1, 1, false), (Layout::Line, 2, 4, true), (Layout::Line, 3, 5, true)],
                "{first}"
            );
        }
        // With the size given too.
        let opts = ParseOptions { shape: Some(Shape::CLASSIC), ..ParseOptions::default() };
        let r = parse_all(&format!("{}\n{P}\n", &P[..9]), opts).expect("a string reads");
        assert_eq!(r.iter().map(|r| r.puzzle.is_ok()).collect::<Vec<_>>(), [false, true]);
        // Rows of the compact layout stay rows.
        let rows: Vec<&str> = (0..9).map(|i| &P[i * 9..i * 9 + 9]).collect();
        let r = one(&rows.join("\n"));
        assert_eq!((r.layout, r.puzzle.expect("reads").to_string()), (Layout::Compact, P.to_string()));
        // So do a 16×16 board's, where the second alone would read as a 4×4 puzzle.
        let big = format!("123456789ABCDEFG\n{}", format!("{}\n", ".".repeat(16)).repeat(15));
        let r = parse_all(&big, ParseOptions::default()).expect("a string reads");
        assert_eq!(
            r.iter().map(|r| (r.layout, r.puzzle.is_ok())).collect::<Vec<_>>(),
            [(Layout::Compact, true)]
        );
    }

    #[test]
    fn a_first_row_of_the_wrong_width_is_one_bad_record() {
        // The first grid's first row cut short, or run on: the rows after it give the side, so
        // the record is one bad record and the grids after it read from their own rows, with or
        // without blank lines between them, in the compact, spaced and art layouts and with a
        // jigsaw map beside each row.
        let rows: Vec<String> = P.as_bytes().chunks(9).map(|c| String::from_utf8_lossy(c).into()).collect();
        let spaced: Vec<String> =
            rows.iter().map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ")).collect();
        for (grid, sep) in [(&rows, ""), (&rows, "\n"), (&spaced, "")] {
            for first in [grid[0][..grid[0].len() - 2].to_string(), format!("{} 1", grid[0])] {
                let mut bad = grid.clone();
                bad[0] = first.clone();
                let record = |g: &[String]| format!("{}\n{sep}", g.join("\n"));
                let text = format!("{}{}{}", record(&bad), record(grid), record(grid));
                let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
                let seen: Vec<_> = r.iter().map(|r| (r.position.puzzle, r.puzzle.is_ok())).collect();
                assert_eq!(seen, [(1, false), (2, true), (3, true)], "{first:?} {sep:?}");
                let e = r[0].puzzle.as_ref().expect_err("cut short");
                assert!(e.to_string().contains("row 1 has"), "{e}");
                assert!(e.to_string().ends_with("expected 9"), "{e}");
            }
        }
        // A title above grids holds symbols no row of theirs has: a record of its own, on its
        // line, and the grids read whole.
        for title in ["abc", "Hard ones", "Grids from the forum:"] {
            let text = format!("{title}\n{}\n{}\n", rows.join("\n"), spaced.join("\n"));
            let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
            let seen: Vec<_> =
                r.iter().map(|r| (r.position.puzzle, r.position.line, r.puzzle.is_ok())).collect();
            assert_eq!(seen, [(1, 1, false), (2, 2, true), (3, 11, true)], "{title}");
            assert_eq!(r[0].text.as_deref(), Some(title));
        }
        // A first row with a bad character is still the first row, cut as the others are.
        let mut typo = rows.clone();
        typo[0].replace_range(2..3, "?");
        let r = parse_all(&format!("{}\n{}\n", typo.join("\n"), rows.join("\n")), ParseOptions::default())
            .expect("a string reads");
        assert_eq!(r.iter().map(|r| r.puzzle.is_ok()).collect::<Vec<_>>(), [false, true]);
        assert_eq!(r[0].puzzle.as_ref().expect_err("typo").position.column, Some(3));
        // A grid whose second row alone is of another width keeps the first row's.
        let mut bad = rows.clone();
        bad[1].truncate(8);
        let r = parse_all(&format!("{}\n{}\n", bad.join("\n"), rows.join("\n")), ParseOptions::default())
            .expect("a string reads");
        assert_eq!(r.iter().map(|r| r.puzzle.is_ok()).collect::<Vec<_>>(), [false, true]);
        // Art and a jigsaw map column.
        let mut art: Vec<String> =
            rows.iter().map(|r| format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..])).collect();
        art[0].pop();
        art.insert(6, "---+---+---".into());
        art.insert(3, "---+---+---".into());
        let r = one(&art.join("\n"));
        assert!(r.puzzle.expect_err("cut").to_string().contains("row 1 has 8 cells, expected 9"));
        let map: Vec<String> = (0..9)
            .map(|i| format!("{} {}", rows[i], char::from(b'A' + i as u8).to_string().repeat(9)))
            .collect();
        let mut cut = map.clone();
        cut[0] = format!("{} AAAAAAAAA", &rows[0][..8]);
        let opts = ParseOptions::default();
        let jigsaw = crate::rules::Variants { jigsaw: true, ..crate::rules::Variants::default() };
        let text = format!("{}\n{}\n", cut.join("\n"), map.join("\n"));
        let r: Vec<_> = PuzzleReader::new(text.as_bytes(), opts)
            .with_variants(jigsaw)
            .collect::<Result<_, _>>()
            .expect("reads");
        assert_eq!(r.iter().map(|r| r.puzzle.is_ok()).collect::<Vec<_>>(), [false, true]);
    }

    #[test]
    fn dashes_that_could_be_cells_are_no_grid_art() {
        // 81 blanks: the empty puzzle, on one line.
        let r = one(&"-".repeat(81));
        assert_eq!(r.layout, Layout::Line);
        assert_eq!(r.puzzle.expect("empty").givens(), 0);
        // A row of blanks in the compact and grid layouts.
        let mut rows: Vec<String> =
            P.as_bytes().chunks(9).map(|c| String::from_utf8_lossy(c).into()).collect();
        rows[0] = "-".repeat(9);
        let r = one(&rows.join("\n"));
        assert_eq!((r.layout, &r.puzzle.expect("reads").to_string()[..9]), (Layout::Compact, "........."));
        rows[0] = ["-"; 9].join(" ");
        let spaced: Vec<String> =
            rows.iter().map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ")).collect();
        let r = one(&spaced.join("\n"));
        assert_eq!(r.layout, Layout::Grid);
        // A rule of dashes above a list of puzzles is a bad line of that list, not grid art.
        let r = parse_all(&format!("-------------\n{P}\n"), ParseOptions::default()).expect("reads");
        assert_eq!(
            r.iter().map(|r| (r.layout, r.puzzle.is_ok())).collect::<Vec<_>>(),
            [(Layout::Line, false), (Layout::Line, true)]
        );
    }

    #[test]
    fn hodoku_library_lines_give_their_givens() {
        // A copied grid: `+` before the cells placed since, then deleted candidates and no step.
        let placed: String =
            P.chars().enumerate().map(|(i, c)| if i == 1 { "+1".into() } else { c.to_string() }).collect();
        let text = format!(":0000:x:{placed}:413 314::\n:0100:1:{P}:::\n");
        let r = parse_all(&text, ParseOptions::default()).expect("reads");
        assert_eq!(r.len(), 2);
        for record in &r {
            assert_eq!(record.layout, Layout::Line);
            assert_eq!(record.puzzle.as_ref().expect("reads").to_string(), P);
        }
        // A bad cell is named where it is on the line; a line that ends early says so.
        let bad = format!(":0000:x:{}x{}:::", &placed[..10], &placed[11..]);
        let e = one(&bad).puzzle.expect_err("x");
        assert_eq!(e.position.column, Some(19));
        assert_eq!(&bad[18..19], "x");
        let e = one(":0000:x").puzzle.expect_err("no cells");
        assert_eq!(e.kind, ParseErrorKind::LibraryFields);
        // A line cut short inside its cells says so; cut after them, it is the puzzle.
        let e = one(&format!(":0000:x:{}", "1".repeat(MAX_LINE + 10))).puzzle.expect_err("cut");
        assert!(matches!(e.kind, ParseErrorKind::WrongLength { more_than: true, .. }), "{e}");
        let r = one(&format!(":0000:x:{P}:{}", "1".repeat(MAX_LINE + 10)));
        assert_eq!(r.puzzle.expect("reads").to_string(), P);
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

    /// The kept text of each record: `None` where it was read, else what it was given as.
    fn texts(text: &str, opts: ParseOptions) -> Vec<Option<String>> {
        let records = parse_all(text, opts).expect("a string reads");
        for r in &records {
            assert_eq!(r.text.is_some(), r.puzzle.is_err(), "{r:?}");
        }
        records.into_iter().map(|r| r.text).collect()
    }

    #[test]
    fn unreadable_records_keep_their_text() {
        let some = |t: &str| Some(t.to_owned());
        // Lines: the whole line, comment and all; the fast batch path is compared with this one by
        // its own tests.
        let bad = format!("{}x", &P[..80]);
        let text = format!("{P}\n  {bad} # note\t\n{}\n", &P[..80]);
        assert_eq!(
            texts(&text, ParseOptions::default()),
            [None, some(&format!("{bad} # note")), some(&P[..80])]
        );
        // Invalid UTF-8 is replaced, not dropped.
        let r = parse_all(&String::from_utf8_lossy(b"12\xff3"), ParseOptions::default()).expect("reads");
        assert_eq!(r[0].text.as_deref(), Some("12\u{fffd}3"));
        // CSV: the puzzle field, or the row where it has none.
        let text = format!("id,puzzle\n1,{P}\n2,\"{bad}\"\n3\n");
        assert_eq!(texts(&text, ParseOptions::default()), [None, some(&bad), some("3")]);
        // A grid: its rows, one per line.
        let rows: Vec<&str> = (0..9).map(|r| &P[9 * r..9 * r + 9]).collect();
        let mut broken = rows.clone();
        broken[4] = "12345678x";
        let text = format!("{}\n\n{}\n", rows.join("\n"), broken.join("\n"));
        let opts = ParseOptions { layout: Some(Layout::Compact), ..ParseOptions::default() };
        assert_eq!(texts(&text, opts), [None, some(&broken.join("\n"))]);
        // An array: its lines.
        let array = "{1,2,3,4},\n{3,4,1,x},\n{2,1,4,3},\n{4,3,2,1}";
        let opts = ParseOptions { layout: Some(Layout::Array), ..ParseOptions::default() };
        assert_eq!(texts(array, opts), [some(array)]);
        // JSON: the value as far as it was read, or the rest of a line that is no JSON.
        let board = |cell: &str| format!("[[{cell},2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]");
        let (good, bad_cell, unclosed) = (board("1"), board("\"q\""), "[[1,2,3,4],[3,4");
        let text = format!("{good}\n{bad_cell}\nnot json\n{unclosed}\n{good}\n");
        assert_eq!(
            texts(&text, ParseOptions::default()),
            [None, some(&bad_cell), some("not json"), some(unclosed), None]
        );
        // A puzzle object: its puzzle, where it has one as text.
        let objects = "{\"puzzle\": \"12x\", \"variants\": [\"x\"]}\n{\"givens\": 12}\n";
        assert_eq!(texts(objects, ParseOptions::default()), [some("12x"), some("{\"givens\": 12}")]);
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
        let r = parse_all(&format!("{row}\n\n{seven}\n"), ParseOptions::default()).expect("a string reads");
        let e = r[0].puzzle.as_ref().expect_err("one row");
        assert!(e.to_string().ends_with("the grid ends after 1 row, expected 9"), "{e}");
    }

    /// Grids one under another without blank lines are read nine rows at a time: a row missing
    /// from one shows only at the end, where the last grid comes up short, and the message says
    /// the run may be shifted.
    #[test]
    fn short_grid_at_the_end_of_a_run_names_the_run() {
        let spaced = |r: &[u8]| r.iter().map(|&c| char::from(c).to_string()).collect::<Vec<_>>().join(" ");
        let grid: Vec<String> = P.as_bytes().chunks(9).map(spaced).collect();
        let short = [&grid[..2], &grid[3..]].concat();
        let text = format!(
            "{}\n\n{}\n{}\n{}\n",
            grid.join("\n"),
            grid.join("\n"),
            short.join("\n"),
            grid.join("\n")
        );
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        assert_eq!(r.len(), 4);
        assert!(r[0].puzzle.is_ok() && r[1].puzzle.is_ok());
        let e = r[3].puzzle.as_ref().expect_err("short");
        assert_eq!(e.kind, ParseErrorKind::TruncatedRun { found: 8, expected: 9, first: 2 });
        assert!(e.to_string().contains("from puzzle 2 on follow one another without blank lines"), "{e}");
        // After a blank line, a short grid is only short.
        let text = format!("{}\n\n{}\n", grid.join("\n"), short.join("\n"));
        let r = parse_all(&text, ParseOptions::default()).expect("a string reads");
        let e = r[1].puzzle.as_ref().expect_err("short");
        assert_eq!(e.kind, ParseErrorKind::Truncated { found: 8, expected: 9 });
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

    /// sudokit's own marker records read back one record each, in place, whatever the layout,
    /// and do not set the layout when they come first.
    #[test]
    fn marker_records_keep_their_places() {
        let all = |text: &str| parse_all(text, ParseOptions::default()).expect("a string reads");
        let grid: String = (0..9).map(|i| format!("{}\n", &P[9 * i..9 * i + 9])).collect();
        let line = format!("!timeout\n!not found\n{P}\n!invalid\n{P}\n");
        let compact = format!("!timeout\n\n{grid}\n!no solution\n\n{grid}");
        for (text, layout, ok) in [
            (line, Layout::Line, &[false, false, true, false, true][..]),
            (compact, Layout::Compact, &[false, true, false, true]),
        ] {
            let r = all(&text);
            assert_eq!(r.iter().map(|r| r.puzzle.is_ok()).collect::<Vec<_>>(), ok, "{text}");
            assert!(r.iter().filter(|r| r.puzzle.is_ok()).all(|r| r.layout == layout));
            let e = r[0].puzzle.as_ref().expect_err("a marker").to_string();
            assert!(e.ends_with(
                "`!timeout` is a marker record, written in place of an answer: it holds no puzzle"
            ));
        }
        // Not a marker: other text after `!`.
        let r = all(&format!("!timeouts\n{P}\n"));
        assert!(!r[0].puzzle.as_ref().expect_err("bad").to_string().contains("marker"));
    }

    #[test]
    fn a_number_too_big_and_a_letter_of_another_convention_are_named() {
        let mut cells = vec!["0"; 256];
        cells[2] = "17";
        let e = one(&cells.join(" ")).puzzle.expect_err("17 on 16×16").to_string();
        assert!(e.contains("column 5: invalid number '17' (digits are 1-16;"), "{e}");
        // A 25×25 puzzle in letters: the message names the convention that reads it.
        let letters = format!("ABCDEFGHIJKLMNOPQRSTUVWXY{}", ".".repeat(600));
        let e = one(&letters).puzzle.expect_err("Q in the standard symbols").to_string();
        assert!(
            e.contains("invalid character 'Q' (digits are 1-9, A-P, or A-Y in the letters symbols;"),
            "{e}"
        );
    }

    #[test]
    fn a_region_map_beside_the_first_puzzle_makes_the_input_jigsaw() {
        // A generated jigsaw puzzle and its map, as `generate puzzle --variant jigsaw` writes them.
        let givens = "...4..1..6.9...........19...4..6.....3.....8....2...........8........5.....5..4..";
        let map = "DDDBCCCCCDDDBBBCCCADBBEBECFADDBEEEFFAAHBHEFFFAAHHHEFFIGAAHEEIFIGAHHHGIIIGGGGGGIII";
        let regions = |r: &Record| {
            let board = r.board.as_ref().expect("a jigsaw board");
            board.houses().iter().filter(|h| matches!(h.kind, crate::rules::HouseKind::Region(_))).count()
        };
        let all = |text: &str| parse_all(text, ParseOptions::default()).expect("a string reads");
        let line = all(&format!("# jigsaw\n{givens} {map} from the forum\n{givens} {map}\n"));
        assert_eq!(line.len(), 2);
        for r in &line {
            assert_eq!((r.layout, regions(r), r.notation.rules), (Layout::Line, 9, true));
        }
        let grid = line[0].puzzle.as_ref().expect("reads").clone();
        // Rows each ended by their row of the map, compact or one token a cell.
        let rows = |spaced: bool| -> String {
            let row = |i: usize| {
                let cells = &givens[9 * i..9 * i + 9];
                let cells = if spaced {
                    cells.chars().map(String::from).collect::<Vec<_>>().join(" ")
                } else {
                    cells.into()
                };
                format!("{cells} {}\n", &map[9 * i..9 * i + 9])
            };
            (0..9).map(row).collect()
        };
        for (spaced, layout) in [(false, Layout::Compact), (true, Layout::Grid)] {
            let text = format!("{}\n{}", rows(spaced), rows(spaced));
            let r = all(&text);
            assert_eq!(r.len(), 2, "{layout:?}");
            for r in &r {
                assert_eq!((r.layout, regions(r)), (layout, 9));
                assert_eq!(r.puzzle.as_ref().expect("reads"), &grid);
            }
        }
        // Once the input is jigsaw, a puzzle without its map is a bad record of its own.
        let r = all(&format!("{givens} {map}\n{givens}\n{givens} {map}\n"));
        assert_eq!(r.iter().map(|r| r.puzzle.is_ok()).collect::<Vec<_>>(), [true, false, true]);
        let e = r[1].puzzle.as_ref().expect_err("no map").to_string();
        assert!(e.contains("region map"), "{e}");
        // A map whose regions are not all in one piece is still a map.
        let mut broken = map.as_bytes().to_vec();
        broken.swap(0, 80);
        let broken = String::from_utf8(broken).expect("ASCII");
        assert_eq!(regions(&all(&format!("{givens} {broken}\n"))[0]), 9);
        // Not a map: a solution after the givens (no row or column repeats a digit), a second
        // grid beside the first: classic, as before.
        let solution = all("1.3.4.2.3.1.2.4. 1234341221434321\n");
        assert!(solution[0].board.is_none() && solution[0].puzzle.is_ok());
        // A map broken further on (a region too big, a symbol lost) is still the first puzzle's
        // map: that puzzle is a bad record, and the rest are read under the jigsaw rules, not
        // solved as classic puzzles.
        let mut small = map.as_bytes().to_vec();
        small[80] = b'A';
        let small = String::from_utf8(small).expect("ASCII");
        let short = &map[..80];
        for bad in [small.as_str(), short] {
            let r = all(&format!("{givens} {bad}\n{givens} {map}\n"));
            let e = r[0].puzzle.as_ref().expect_err("a broken map").to_string();
            assert!(e.contains("bad region map"), "{e}");
            assert_eq!(regions(&r[1]), 9);
        }
        let mut text = rows(true);
        text = text.replacen(&map[18..27], &map[18..26], 1);
        let r = all(&format!("{text}\n{}", rows(true)));
        assert_eq!(r.len(), 2);
        let e = r[0].puzzle.as_ref().expect_err("a broken map").to_string();
        assert!(e.contains("bad region map"), "{e}");
        assert_eq!((r[1].layout, regions(&r[1])), (Layout::Grid, 9));
        assert_eq!(r[1].puzzle.as_ref().expect("reads"), &grid);
        let beside: String =
            (0..9).map(|i| format!("{} {}\n", &P[9 * i..9 * i + 9], &P[9 * i..9 * i + 9])).collect();
        assert!(all(&beside).iter().all(|r| r.board.is_none()));
        // `--variant jigsaw` asked for keeps its own reading.
        let jigsaw = crate::rules::Variants { jigsaw: true, ..crate::rules::Variants::default() };
        let text = format!("{givens} {map}\n");
        let r: Vec<_> = PuzzleReader::new(text.as_bytes(), ParseOptions::default())
            .with_variants(jigsaw)
            .collect::<Result<_, _>>()
            .expect("reads");
        assert_eq!(regions(&r[0]), 9);
    }
}
