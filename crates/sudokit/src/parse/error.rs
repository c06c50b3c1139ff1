//! Errors of unreadable input: where (puzzle number, line, column) and what.

use std::fmt;

use super::puzzle_object::PuzzleObjectError;
use crate::grid::{GridError, Shape};

/// Where in the input a problem is: 1-based puzzle number, line and (when known) column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    /// The puzzle's number in its input, from 1, counting unreadable records too.
    pub puzzle: usize,
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column (in bytes), when the problem is at one character.
    pub column: Option<usize>,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}, line {}", self.puzzle, self.line)?;
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        Ok(())
    }
}

/// A record of the input that is not a readable puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {kind}")]
pub struct ParseError {
    /// Where the problem is.
    pub position: Position,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

/// What is wrong with an unreadable record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a digit of this board nor a blank.
    #[error("invalid {} {found} (digits are {alphabet})", noun(found))]
    BadChar {
        /// The character, quoted, or its byte value when it is not printable UTF-8.
        found: String,
        /// The digits and blanks this board accepts, e.g. `1-9; blanks are '.', '0', '_', '-' or '*'`.
        alphabet: String,
    },
    /// A one-line puzzle of the wrong length.
    #[error("{}{found} cells on the line, a {side}×{side} puzzle has {expected}", if *.more_than { "more than " } else { "" })]
    WrongLength {
        /// Cells found; with `more_than`, the cells read before the line became too long to read whole.
        found: usize,
        /// Whether the line holds more than `found` cells.
        more_than: bool,
        /// Cells needed.
        expected: usize,
        /// The side.
        side: usize,
    },
    /// A cell count that is no supported board.
    #[error("{found} cells is no supported board size (16, 36, 64, 81, 100, 144, 256, 625 …)")]
    UnknownSize {
        /// Cells found.
        found: usize,
    },
    /// A puzzle of another board than the records before it, where they are read into rows of one
    /// board ([`read_rows`](super::read_rows)).
    #[error("a {found} puzzle among {expected} ones (rows of an array hold one board)")]
    OtherBoard {
        /// The puzzle's board.
        found: Shape,
        /// The board of the rows before it.
        expected: Shape,
    },
    /// A puzzle under variant rules, where records are read into rows of plain grids
    /// ([`read_rows`](super::read_rows)).
    #[error("a puzzle under variant rules ({rules}); rows of an array hold plain grids")]
    VariantRules {
        /// The rules, described.
        rules: String,
    },
    /// A grid row of the wrong width.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowWidth {
        /// The 1-based row within the grid.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells needed.
        expected: usize,
    },
    /// A grid that ended early.
    #[error("the grid ends after {found} {}, expected {expected}", if *.found == 1 { "row" } else { "rows" })]
    Truncated {
        /// Rows read.
        found: usize,
        /// Rows needed.
        expected: usize,
    },
    /// A grid that ended early at the end of a run of grids drawn one under another without blank
    /// lines between them (the textbook and compact layouts): the row missing may be one of an
    /// earlier grid of the run, every grid after it read a row late.
    #[error(
        "the grid ends after {found} {}, expected {expected}; it and the grids from puzzle {first} on \
         follow one another without blank lines, so a row missing from any of them moves the grids \
         after it by a row (a blank line between grids keeps each to its own rows)",
        if *.found == 1 { "row" } else { "rows" }
    )]
    TruncatedRun {
        /// Rows read.
        found: usize,
        /// Rows needed.
        expected: usize,
        /// The puzzle number of the run's first grid.
        first: usize,
    },
    /// Rows of grid art between two rules that are no whole bands of boxes: a row is missing
    /// there, or one too many.
    #[error("{}", band_rows(*.band, *.found, *.expected))]
    BandRows {
        /// The 1-based band (row of boxes) the rows start in.
        band: usize,
        /// Rows between the rules.
        found: usize,
        /// Rows of a band.
        expected: usize,
    },
    /// Grid art with more rows than its board above the border under it.
    #[error("more than {expected} rows before the border under the grid")]
    ExtraRows {
        /// Rows of the board.
        expected: usize,
    },
    /// A line longer than the reader keeps.
    #[error("the line is longer than {limit} bytes")]
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A JSON record that is not a board.
    #[error("{message}")]
    Json {
        /// What kind of problem.
        kind: JsonProblem,
        /// The message, for people.
        message: String,
    },
    /// A shape or grid problem found while reading.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The count of a `puzzle:count[:solution]` line is no number.
    #[error("expected a number of solutions after ':', found {found}")]
    BadCount {
        /// What was found, quoted.
        found: String,
    },
    /// A line of HoDoKu's library format that ends before its cells (the fourth field).
    #[error("a line of HoDoKu's library format has its cells after `:code:digits:`, and this one ends before them")]
    LibraryFields,
    /// The solution given beside a puzzle (after `:`, in a solution column) does not read.
    #[error("the solution given with the puzzle: {0}")]
    BadSolution(Box<ParseErrorKind>),
    /// A 16×16 puzzle that reads two ways: standard symbols (`0` a blank, `G` 16) and hex (`0` the
    /// digit 1, `F` 16), both without a conflict.
    #[error(
        "the symbols read two ways: as standard symbols '0' is a blank and 'F' is 15, as hex '0' is 1 and \
         'F' is 16; both give a valid puzzle, so say which with --symbols standard or --symbols hex"
    )]
    AmbiguousSymbols,
    /// A marker record of sudokit's own output (`!timeout`, `!no solution`, …), written in place of
    /// an answer: it holds no puzzle, and keeps its place as a record of its own.
    #[error("`{marker}` is a marker record, written in place of an answer: it holds no puzzle")]
    Marker {
        /// The marker as written.
        marker: String,
    },
    /// A byte that no text has (NUL): a binary file.
    #[error("byte 0x{byte:02X} is no text: the input looks like binary data, not puzzles")]
    NotText {
        /// The first such byte.
        byte: u8,
    },
    /// A CSV row without the puzzle column, or a header without a puzzle column.
    #[error("{message}")]
    Csv {
        /// The message, for people.
        message: String,
    },
}

/// The message of [`ParseErrorKind::BandRows`].
fn band_rows(band: usize, found: usize, expected: usize) -> String {
    if found < expected {
        let rows = if found == 1 { "row" } else { "rows" };
        format!("band {band} ends after {found} {rows}, expected {expected}: a row is missing")
    } else {
        format!(
            "{found} rows from band {band} to this rule, and bands have {expected}: \
             a row is missing or one too many"
        )
    }
}

impl From<PuzzleObjectError> for ParseErrorKind {
    fn from(e: PuzzleObjectError) -> ParseErrorKind {
        match e {
            PuzzleObjectError::Rules(crate::rules::VariantError::Grid(g)) => ParseErrorKind::Grid(g),
            PuzzleObjectError::Givens(k) => k,
            other => ParseErrorKind::Json { kind: JsonProblem::PuzzleObject, message: other.to_string() },
        }
    }
}

/// What kind of problem a JSON record has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JsonProblem {
    /// Not JSON at all: the record does not start with `[` or `{`.
    NotJson,
    /// JSON that does not parse (the message is the JSON reader's).
    Syntax,
    /// A value still open at the end of the input.
    Unclosed,
    /// JSON, but not a board (an array of rows of digits).
    NotABoard,
    /// A puzzle object that does not describe a puzzle (see [`PuzzleObjectError`]).
    PuzzleObject,
    /// A record longer than the reader keeps ([`MAX_RECORD`](super::MAX_RECORD) bytes).
    TooLong,
}

/// A name that is none of an option's values: what the `FromStr` impls of the option enums
/// ([`Layout`](crate::Layout), [`Symbols`](crate::Symbols), [`OutputFormat`](crate::OutputFormat),
/// `BenchMode`) return.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{name}` (expected {expected})")]
pub struct UnknownName {
    /// The option, e.g. `layout`.
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names that exist, comma-separated.
    pub expected: String,
}

impl UnknownName {
    /// The value of `all` whose `name_of` is `name`, or the error listing them all.
    pub(crate) fn find<T: Copy>(
        what: &'static str,
        name: &str,
        all: &[T],
        name_of: impl Fn(T) -> &'static str,
    ) -> Result<T, UnknownName> {
        all.iter().copied().find(|&v| name_of(v) == name).ok_or_else(|| UnknownName {
            what,
            name: name.to_string(),
            expected: all.iter().map(|&v| name_of(v)).collect::<Vec<_>>().join(", "),
        })
    }
}

/// What a bad cell of [`ParseErrorKind::BadChar`] is called: a number (`'17'` on a 16×16 board
/// written in numbers) or a character.
fn noun(found: &str) -> &'static str {
    let inner = found.trim_matches('\'');
    if inner.len() > 1 && inner.bytes().all(|b| b.is_ascii_digit()) {
        "number"
    } else {
        "character"
    }
}

#[cfg(test)]
mod name_tests {
    #[cfg(has_clock)]
    use crate::bench::BenchMode;
    use crate::generate::{Difficulty, Symmetry};
    use crate::{Layout, OutputFormat, Symbols, UnknownName};

    /// Every value's name parses back to it, and shows as it.
    fn round_trip<T>(all: &[T])
    where
        T: Copy + PartialEq + std::fmt::Debug + std::fmt::Display + std::str::FromStr,
        T::Err: std::fmt::Debug,
    {
        for &v in all {
            assert_eq!(v.to_string().parse::<T>().expect("a name parses"), v);
        }
    }

    #[test]
    fn option_names_round_trip() {
        round_trip(&Layout::ALL);
        round_trip(&Symbols::ALL);
        round_trip(&OutputFormat::ALL);
        #[cfg(has_clock)]
        round_trip(&BenchMode::ALL);
        round_trip(&Symmetry::ALL);
        round_trip(&Difficulty::ALL);
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let e = "hexa".parse::<Symbols>().expect_err("not a name");
        assert_eq!(e.to_string(), "unknown symbol convention `hexa` (expected standard, hex, letters)");
        assert_eq!(
            e,
            UnknownName {
                what: "symbol convention",
                name: "hexa".into(),
                expected: "standard, hex, letters".into()
            }
        );
    }
}
