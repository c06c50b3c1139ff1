//! Puzzles read into flat rows of cell values, as array users take them (numpy batches): one row per
//! record, in input order, an unreadable record kept as a row of zeros beside its message, so that
//! row `i` is always record `i + 1`.

use std::io::{self, BufRead};

use super::{ParseError, ParseErrorKind, PuzzleReader};
use crate::grid::{Grid, Shape};

/// The records of an input as rows of cell values ([`read_rows`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rows {
    /// The board of every row: the first readable puzzle's, else the one the reader was told;
    /// `None` when neither is known (no puzzle could be read).
    pub shape: Option<Shape>,
    /// The givens, row after row, `shape.cells()` values each (`0` for a blank); zeros for an
    /// unreadable record. Empty when `shape` is `None`.
    pub puzzles: Vec<u8>,
    /// The solutions the input gives beside its puzzles (a CSV `solution` column, tdoku's
    /// `puzzle:count:solution`, a JSON object's `solution`), laid out as `puzzles`, zeros where it
    /// gives none; empty where it gives none at all, so that a file of puzzles alone takes no
    /// room for them.
    pub solutions: Vec<u8>,
    /// Whether each record gave a solution.
    pub solved: Vec<bool>,
    /// The unreadable records, by row (from 0), each with why, as the command line reports it.
    pub errors: Vec<(usize, ParseError)>,
}

impl Rows {
    /// How many records were read, readable or not.
    pub fn len(&self) -> usize {
        self.solved.len()
    }

    /// Whether the input held no record.
    pub fn is_empty(&self) -> bool {
        self.solved.is_empty()
    }
}

/// Reads every record of `reader` into [`Rows`]: the records must share one board and be plain
/// grids (the classic rules of their board), as the rows of an array are. A record that cannot be
/// read, one of another board than the first ([`ParseErrorKind::OtherBoard`]) and one under variant
/// rules ([`ParseErrorKind::VariantRules`]) get a row of zeros and an entry in [`Rows::errors`];
/// the records after them are read on.
///
/// ```
/// use sudokit::parse::{read_rows, ParseOptions, PuzzleReader};
///
/// let text = "1.34341221434321\n12x4\n..3434..2143432.:1:1234341221434321\n";
/// let rows = read_rows(PuzzleReader::new(text.as_bytes(), ParseOptions::default()))?;
/// assert_eq!(rows.len(), 3);
/// assert_eq!(&rows.puzzles[..4], [1, 0, 3, 4]);
/// assert_eq!(&rows.puzzles[16..32], [0; 16]);
/// assert_eq!(rows.errors[0].0, 1);
/// assert_eq!(rows.errors[0].1.position.line, 2);
/// assert_eq!(&rows.solutions[32..36], [1, 2, 3, 4]);
/// assert_eq!(rows.solved, [false, false, true]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// A read error of the input, saying after how many puzzles it came (the rows read before it are
/// lost with it, as the reader stops).
pub fn read_rows<R: BufRead>(reader: PuzzleReader<R>) -> io::Result<Rows> {
    let mut rows = Rows { shape: reader.opts.shape, ..Rows::default() };
    for record in reader {
        let record = record.map_err(|e| io::Error::new(e.kind(), read_error_message(rows.len(), &e)))?;
        let row = rows.len();
        let read = record.puzzle.and_then(|grid| {
            let shape = *rows.shape.get_or_insert(grid.shape());
            if grid.shape() != shape {
                let kind = ParseErrorKind::OtherBoard { found: grid.shape(), expected: shape };
                return Err(ParseError { position: record.position, kind });
            }
            match &record.board {
                Some(board) if !board.is_classic() => {
                    let kind = ParseErrorKind::VariantRules { rules: board.describe() };
                    Err(ParseError { position: record.position, kind })
                }
                _ => Ok(grid),
            }
        });
        let solution = read.as_ref().ok().and(record.expected.solution);
        rows.solved.push(solution.is_some());
        match read {
            Ok(grid) => push_grid(&mut rows, Some(&grid), solution.as_ref()),
            Err(e) => {
                rows.errors.push((row, e));
                push_grid(&mut rows, None, None);
            }
        }
    }
    if !rows.solutions.is_empty() {
        rows.solutions.resize(rows.puzzles.len(), 0);
    }
    Ok(rows)
}

/// How a read error that stopped an input after `after` puzzles is said, here and by the command
/// line (`batch::InputError::Read`): how far the input was read, then the error.
pub(crate) fn read_error_message(after: usize, error: &io::Error) -> String {
    match after {
        1 => format!("read error after 1 puzzle: {error}"),
        n => format!("read error after {n} puzzles: {error}"),
    }
}

/// Appends a row of `puzzle` (zeros without one), and of `solution` where there is one; the rows
/// of records before the board was known, or before the first solution, get their zeros then.
fn push_grid(rows: &mut Rows, puzzle: Option<&Grid>, solution: Option<&Grid>) {
    let Some(cells) = rows.shape.map(Shape::cells) else { return };
    let start = (rows.len() - 1) * cells;
    rows.puzzles.resize(start, 0);
    match puzzle {
        Some(p) => rows.puzzles.extend_from_slice(p.values()),
        None => rows.puzzles.resize(start + cells, 0),
    }
    if let Some(s) = solution {
        rows.solutions.resize(start, 0);
        rows.solutions.extend_from_slice(s.values());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{Layout, ParseOptions};

    const P: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    const S: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    fn rows(text: &str, opts: ParseOptions) -> Rows {
        read_rows(PuzzleReader::new(text.as_bytes(), opts)).expect("a string reads")
    }

    fn values(line: &str) -> Vec<u8> {
        line.parse::<Grid>().expect("a puzzle").values().to_vec()
    }

    #[test]
    fn one_row_per_record_in_order_with_zeros_for_the_unreadable() {
        let r = rows(&format!("x\n{P}\n{}x\n# note\n{P}\n", &P[..80]), ParseOptions::default());
        assert_eq!((r.len(), r.shape), (4, Some(Shape::CLASSIC)));
        assert_eq!(r.puzzles.len(), 4 * 81);
        assert_eq!(r.puzzles[..81], [0; 81], "a bad record before the board was known");
        assert_eq!(r.puzzles[81..162], values(P));
        assert_eq!(r.puzzles[162..243], [0; 81]);
        assert_eq!(r.puzzles[243..], values(P));
        assert!(r.solutions.is_empty(), "no solution given, no room taken");
        let bad: Vec<(usize, usize)> = r.errors.iter().map(|(row, e)| (*row, e.position.line)).collect();
        assert_eq!(bad, [(0, 1), (2, 3)]);
    }

    #[test]
    fn solutions_beside_the_puzzles() {
        let csv = format!("quizzes,solutions\n{},{S}\n{}\n", P.replace('.', "0"), P.replace('.', "0"));
        let r = rows(&csv, ParseOptions::default());
        assert_eq!(r.solved, [true, false]);
        assert_eq!(r.solutions.len(), r.puzzles.len());
        assert_eq!(r.solutions[..81], values(S));
        assert_eq!(r.solutions[81..], [0; 81]);
        assert!(r.errors.is_empty());
    }

    #[test]
    fn other_boards_and_variant_rules_are_refused_in_their_row() {
        let mini = "1.34341221434321";
        let x = format!("{{\"puzzle\": \"{P}\", \"variants\": [\"x\"]}}");
        let plain = format!("{{\"puzzle\": \"{P}\"}}");
        let r =
            rows(&format!("{plain}\n{{\"puzzle\": \"{mini}\"}}\n{x}\n{plain}\n"), ParseOptions::default());
        assert_eq!(r.len(), 4);
        let kinds: Vec<String> = r.errors.iter().map(|(row, e)| format!("{row} {e}")).collect();
        assert_eq!(kinds.len(), 2, "{kinds:?}");
        assert!(kinds[0].starts_with("1 puzzle 2, line 2: a 4×4"), "{kinds:?}");
        assert!(kinds[1].starts_with("2 puzzle 3, line 3: a puzzle under variant rules"), "{kinds:?}");
        assert_eq!(r.puzzles[3 * 81..], values(P));
    }

    #[test]
    fn a_read_error_says_after_how_many_puzzles() {
        struct Broken;
        impl io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk"))
            }
        }
        for (n, after) in [(1, "1 puzzle"), (2, "2 puzzles")] {
            let text = format!("{P}\n").repeat(n);
            let input = io::BufReader::new(io::Read::chain(text.as_bytes(), Broken));
            let e = read_rows(PuzzleReader::new(input, ParseOptions::default())).expect_err("broken");
            assert_eq!(e.to_string(), format!("read error after {after}: disk"));
        }
    }

    #[test]
    fn nothing_readable_leaves_the_board_unknown_unless_told() {
        let r = rows("x\ny\n", ParseOptions::default());
        assert_eq!((r.len(), r.shape, r.puzzles.len()), (2, None, 0));
        let told =
            ParseOptions { shape: Some(Shape::CLASSIC), layout: Some(Layout::Line), ..Default::default() };
        let r = rows("x\ny\n", told);
        assert_eq!((r.len(), r.puzzles.len()), (2, 2 * 81));
        assert!(rows("", ParseOptions::default()).is_empty());
    }
}
