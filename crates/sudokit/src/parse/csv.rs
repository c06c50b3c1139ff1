//! The CSV layout: a header line, then one puzzle per row.
//!
//! The puzzle is the column named by [`PuzzleReader::with_column`], else the first of `puzzle`,
//! `quizzes` (Kaggle's sudoku sets), `quiz`, `givens` or `grid` (any case, so qqwing's `Puzzle`
//! too). A `solution` or `solutions` column (Kaggle, qqwing `--solution`) and a `count` or
//! `solution count` column (qqwing `--count-solutions`, sudokit's own `count -o csv`) give the
//! expected answer. The cells of a column are read as in the line layout. Quoted fields (RFC 4180)
//! are understood; other columns are ignored.

use std::sync::Arc;

use super::error::ParseErrorKind;
#[cfg(test)]
use super::error::Position;
use super::line::parse_line_inner;
use super::symbols::Located;
use super::{Expected, Layout, PuzzleReader};

/// Names of the puzzle column, in order of preference (compared without case).
const PUZZLE_COLUMNS: [&str; 5] = ["puzzle", "quizzes", "quiz", "givens", "grid"];
/// Names of a solution column.
const SOLUTION_COLUMNS: [&str; 2] = ["solution", "solutions"];
/// Names of a solution-count column.
const COUNT_COLUMNS: [&str; 2] = ["count", "solution count"];

/// The columns of a CSV input, found in its header.
#[derive(Clone, Debug)]
pub(super) struct CsvColumns {
    /// The puzzle column, or why there is none.
    puzzle: Result<usize, String>,
    solution: Option<usize>,
    count: Option<usize>,
    /// A `complete` column (sudokit's `count -o csv`): a count marked `false` was cut short.
    complete: Option<usize>,
}

/// Splits one CSV line into fields: `(0-based column of the field's text, its text)`. Quotes are
/// removed and doubled quotes undone.
pub(super) fn fields(line: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let mut text = Vec::new();
        let start;
        if line.get(i) == Some(&b'"') {
            start = i + 1;
            i += 1;
            while i < line.len() {
                match (line[i], line.get(i + 1)) {
                    (b'"', Some(b'"')) => {
                        text.push(b'"');
                        i += 2;
                    }
                    (b'"', _) => {
                        i += 1;
                        break;
                    }
                    (b, _) => {
                        text.push(b);
                        i += 1;
                    }
                }
            }
            // Anything between the closing quote and the comma is kept, as lenient readers do.
            while i < line.len() && line[i] != b',' {
                text.push(line[i]);
                i += 1;
            }
        } else {
            start = i;
            while i < line.len() && line[i] != b',' {
                text.push(line[i]);
                i += 1;
            }
        }
        out.push((start, text));
        if i >= line.len() {
            return out;
        }
        i += 1;
    }
}

/// A column's name as compared: trimmed, without case.
fn name(text: &[u8]) -> String {
    String::from_utf8_lossy(text).trim().to_ascii_lowercase()
}

/// The columns of a header line, if `line` is one: it has a comma, and a puzzle column (the one asked
/// for, or one of the usual names). With `column` asked for and a header that lacks it, the header
/// is still taken (so that every row reports the missing column) when it has another known name.
pub(super) fn header(line: &[u8], column: Option<&str>) -> Option<CsvColumns> {
    if !line.contains(&b',') {
        return None;
    }
    let names: Vec<String> = fields(line).iter().map(|(_, t)| name(t)).collect();
    let find = |candidates: &[&str]| candidates.iter().find_map(|c| names.iter().position(|n| n == c));
    let usual = find(&PUZZLE_COLUMNS);
    let puzzle = match column {
        Some(c) => match names.iter().position(|n| *n == c.trim().to_ascii_lowercase()) {
            Some(i) => Ok(i),
            None if usual.is_some() || find(&SOLUTION_COLUMNS).is_some() => {
                Err(format!("the CSV header has no column {c:?} (columns: {})", names.join(", ")))
            }
            None => return None,
        },
        None => Ok(usual?),
    };
    Some(CsvColumns {
        puzzle,
        solution: find(&SOLUTION_COLUMNS),
        count: find(&COUNT_COLUMNS),
        complete: names.iter().position(|n| n == "complete"),
    })
}

impl<R: std::io::BufRead> PuzzleReader<R> {
    /// Reads the puzzle of a CSV row, with the answer the row gives.
    pub(super) fn csv_record(&mut self, no: usize) {
        let pos = self.position(no);
        let buf = std::mem::take(&mut self.buf);
        let line = super::text::trim_eol(&buf);
        let cols = self.csv.clone().unwrap_or_else(|| CsvColumns {
            puzzle: Err("no CSV header naming a puzzle column before this row".into()),
            solution: None,
            count: None,
            complete: None,
        });
        let result = self.csv_row(line, &cols);
        let (puzzle, expected) = match result {
            Ok((g, e)) => (Ok(g), e),
            Err((col, kind)) => (Err(Self::error(pos, col, kind)), Expected::default()),
        };
        self.push(pos, Layout::Csv, puzzle);
        if let Some(r) = self.out.back_mut() {
            r.expected = expected;
        }
        // A CSV record writes back its puzzle field; a row without one, the whole row.
        if self.out.back().is_some_and(|r| r.puzzle.is_err()) {
            let row = fields(line);
            let own = cols.puzzle.as_ref().ok().and_then(|&i| row.get(i)).map_or(line, |(_, t)| t.as_slice());
            self.keep_text(own);
        }
        self.buf = buf;
    }

    fn csv_row(&self, line: &[u8], cols: &CsvColumns) -> Result<(crate::Grid, Expected), Located> {
        let row = fields(line);
        let puzzle = cols.puzzle.clone().map_err(|message| (None, ParseErrorKind::Csv { message }))?;
        let Some((at, text)) = row.get(puzzle) else {
            return Err((
                None,
                ParseErrorKind::Csv {
                    message: format!("the row has {} fields, the puzzle is field {}", row.len(), puzzle + 1),
                },
            ));
        };
        let shift = |(col, kind): Located, at: usize| (col.map(|c| c + at), kind);
        let grid = parse_line_inner(text, self.shape, self.opts.symbols, false).map_err(|e| shift(e, *at))?;
        let solution = match cols.solution.and_then(|i| row.get(i)) {
            Some((at, t)) if !t.iter().all(u8::is_ascii_whitespace) => {
                Some(parse_line_inner(t, Some(grid.shape()), self.opts.symbols, false).map_err(
                    |(col, kind)| (col.map(|c| c + at), ParseErrorKind::BadSolution(Box::new(kind))),
                )?)
            }
            _ => None,
        };
        let cut_short = cols.complete.and_then(|i| row.get(i)).is_some_and(|(_, t)| name(t) == "false");
        let count = match cols.count.and_then(|i| row.get(i)) {
            Some((at, t)) if !cut_short && !t.iter().all(u8::is_ascii_whitespace) => {
                Some(name(t).parse::<u64>().map_err(|_| {
                    (
                        Some(at + 1),
                        ParseErrorKind::BadCount { found: format!("{:?}", String::from_utf8_lossy(t)) },
                    )
                })?)
            }
            _ => None,
        };
        Ok((grid, Expected { count, solution }))
    }

    /// Reads CSV input with `column` as the puzzle column (compared without case). Without one, the
    /// puzzle column is the first of `puzzle`, `quizzes` (Kaggle), `quiz`, `givens` or `grid` (so
    /// qqwing's `Puzzle` too). A `solution`/`solutions` column and a `count`/`solution count` column
    /// give the expected answer ([`Record::expected`](super::Record::expected)).
    pub fn with_column(mut self, column: Option<Arc<str>>) -> Self {
        self.column = column;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_all, ParseOptions};

    const P: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const S: &str = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// sudokit's own CSV (a quoted field among them) reads back: every puzzle, with its solution
        /// as the expected one, in order.
        #[test]
        fn own_csv_reads_back(
            cases in proptest::collection::vec(crate::testing::puzzle(crate::Shape::CLASSIC), 1..6),
        ) {
            let mut text = String::from("index,status,puzzle,solution,detail\n");
            for (i, c) in cases.iter().enumerate() {
                text.push_str(&format!("{},ok,{},{},\"a, \"\"b\"\"\"\n", i + 1, c.puzzle, c.solution));
            }
            let r = parse_all(&text, ParseOptions::default()).expect("reads");
            proptest::prop_assert_eq!(r.len(), cases.len());
            for (rec, c) in r.iter().zip(&cases) {
                proptest::prop_assert_eq!(rec.puzzle.as_ref().ok(), Some(&c.puzzle));
                proptest::prop_assert_eq!(rec.expected.solution.as_ref(), Some(&c.solution));
            }
        }
    }

    #[test]
    fn fields_with_quotes() {
        let f = fields(b"a,\"b,\"\"c\"\"\",,d");
        let texts: Vec<&[u8]> = f.iter().map(|(_, t)| t.as_slice()).collect();
        assert_eq!(texts, [&b"a"[..], b"b,\"c\"", b"", b"d"]);
        assert_eq!(f[1].0, 3);
    }

    #[test]
    fn kaggle_and_qqwing_headers() {
        let kaggle = format!("quizzes,solutions\n{},{S}\n", P.replace('.', "0"));
        let r = parse_all(&kaggle, ParseOptions::default()).expect("reads");
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].layout, Layout::Csv);
        assert_eq!(r[0].puzzle.as_ref().expect("reads").to_string(), P);
        assert_eq!(r[0].expected.solution.as_ref().map(|g| g.to_string()).as_deref(), Some(S));
        let qqwing = format!("Puzzle,\n{P},\n");
        let r = parse_all(&qqwing, ParseOptions::default()).expect("reads");
        assert_eq!(r[0].puzzle.as_ref().expect("reads").to_string(), P);
        assert_eq!(r[0].expected, Expected::default());
    }

    #[test]
    fn errors_point_into_the_column() {
        let text = format!("index,puzzle\n1,{}\n", P.replacen('3', "x", 1));
        let r = parse_all(&text, ParseOptions::default()).expect("reads");
        let e = r[0].puzzle.as_ref().expect_err("bad char");
        assert_eq!(e.position, Position { puzzle: 1, line: 2, column: Some(5) });
    }
}
