//! The CSV layout: a header line, then one puzzle per row.
//!
//! The puzzle is the column named by [`PuzzleReader::with_column`], else the first of `puzzle`,
//! `quizzes` (Kaggle's sudoku sets), `quiz`, `givens` or `grid` (any case, so qqwing's `Puzzle`
//! too). A `solution` or `solutions` column (Kaggle, qqwing `--solution`) and a `count` or
//! `solution count` column (qqwing `--count-solutions`, sudokit's own `count -o csv`) give the
//! expected answer. The cells of a column are read as in the line layout. Quoted fields (RFC 4180)
//! are understood; other columns are ignored.
//!
//! The rule columns `box`, `variants`, `regions` and `cages` (sudokit's own CSV of puzzles under
//! variant rules) hold the fields of the [JSON puzzle format](super::puzzle_object) of the same
//! names: `variants` a JSON array (`["x","jigsaw"]`) or names separated by spaces or semicolons,
//! `cages` a JSON array of cages. A row that fills any of them is read under those rules alone, as a
//! JSON puzzle object is; a row that leaves them empty, under the reader's
//! ([`PuzzleReader::with_variants`]).

use std::sync::Arc;

use serde_json::Value;

use super::error::ParseErrorKind;
#[cfg(test)]
use super::error::Position;
use super::json::strip_serde_position;
use super::line::parse_line_inner;
use super::puzzle_object::{box_shape, VariantPuzzle, RULE_FIELDS};
use super::symbols::Located;
use super::{Expected, Layout, PuzzleReader};
use crate::grid::Shape;
use crate::rules::Board;

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
    /// The rule columns, of the names of [`RULE_FIELDS`] in that order.
    rules: [Option<usize>; 4],
}

impl CsvColumns {
    /// Whether the header has a rule column.
    pub(super) fn has_rules(&self) -> bool {
        self.rules.iter().any(Option::is_some)
    }
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
pub(super) fn name(text: &[u8]) -> String {
    String::from_utf8_lossy(text).trim().to_ascii_lowercase()
}

/// The columns of a header line, if `line` is one: it has a comma, and a puzzle column (the one asked
/// for, or one of the usual names), or it is that column's name alone (a file of one column). With
/// `column` asked for and a header that lacks it, the header is still taken (so that every row
/// reports the missing column) when it has another known name.
pub(super) fn header(line: &[u8], column: Option<&str>) -> Option<CsvColumns> {
    let names: Vec<String> = fields(line).iter().map(|(_, t)| name(t)).collect();
    if let [lone] = names.as_slice() {
        let named = match column {
            Some(c) => *lone == c.trim().to_ascii_lowercase(),
            None => PUZZLE_COLUMNS.contains(&lone.as_str()),
        };
        if !named {
            return None;
        }
    }
    let find = |candidates: &[&str]| candidates.iter().find_map(|c| names.iter().position(|n| n == c));
    let usual = find(&PUZZLE_COLUMNS);
    let pencil = find(&super::pencil_record::PENCIL_COLUMNS).filter(|_| names.len() > 1);
    let puzzle = match column {
        Some(c) => match names.iter().position(|n| *n == c.trim().to_ascii_lowercase()) {
            Some(i) => Ok(i),
            None if usual.is_some() || find(&SOLUTION_COLUMNS).is_some() => {
                Err(format!("the CSV header has no column {c:?} (columns: {})", names.join(", ")))
            }
            None => return None,
        },
        // A CSV of pencil marks (`rate --pencil -o csv`) holds no puzzles: every row says so.
        None => match (usual, pencil) {
            (Some(i), _) => Ok(i),
            (None, Some(i)) => Err(format!(
                "a CSV of pencil marks (its column {:?}), not of puzzles: \
                 read it as pencil marks (--pencil)",
                names[i]
            )),
            (None, None) => return None,
        },
    };
    Some(CsvColumns {
        puzzle,
        solution: find(&SOLUTION_COLUMNS),
        count: find(&COUNT_COLUMNS),
        complete: names.iter().position(|n| n == "complete"),
        rules: RULE_FIELDS.map(|c| names.iter().position(|n| n == c)),
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
            rules: [None; 4],
        });
        let result = self.csv_row(line, &cols);
        let (puzzle, expected) = match result {
            Ok((g, e, Some(board))) => {
                self.push_own(pos, Layout::Csv, g, board);
                (None, e)
            }
            Ok((g, e, None)) => (Some(Ok(g)), e),
            Err((col, kind)) => (Some(Err(Self::error(pos, col, kind))), Expected::default()),
        };
        if let Some(puzzle) = puzzle {
            self.push(pos, Layout::Csv, puzzle);
        }
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

    /// The puzzle of a row, the answer it gives, and the rules its rule fields give, if any.
    fn csv_row(
        &self,
        line: &[u8],
        cols: &CsvColumns,
    ) -> Result<(crate::Grid, Expected, Option<Board>), Located> {
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
        let filled = |i: Option<usize>| {
            i.and_then(|i| row.get(i)).filter(|(_, t)| !t.iter().all(u8::is_ascii_whitespace))
        };
        let rules = cols.rules.map(filled);
        let shape = match rules[0] {
            Some((at, t)) => {
                Some(box_shape(&String::from_utf8_lossy(t)).map_err(|e| rule_error(*at, "box", e))?)
            }
            None => self.shape,
        };
        let grid = parse_line_inner(text, shape, self.opts.symbols, false).map_err(|e| shift(e, *at))?;
        let board = match rules {
            [None, None, None, None] => None,
            [_, variants, regions, cages] => Some(rules_board(grid.shape(), variants, regions, cages)?),
        };
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
        Ok((grid, Expected { count, solution }, board))
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

/// A field's problem, at the field's column (1-based).
fn rule_error(at: usize, name: &str, e: impl std::fmt::Display) -> Located {
    // serde's "at line 1 column 4" counts within the field: the error's own column says where.
    (
        Some(at + 1),
        ParseErrorKind::Csv { message: format!("{name}: {}", strip_serde_position(&e.to_string())) },
    )
}

/// The board the rule fields of a row give (`(column, text)` of each, where filled), on the shape
/// of its puzzle: read as the JSON puzzle object with those fields would be.
fn rules_board(
    shape: Shape,
    variants: Option<&(usize, Vec<u8>)>,
    regions: Option<&(usize, Vec<u8>)>,
    cages: Option<&(usize, Vec<u8>)>,
) -> Result<Board, Located> {
    let mut object = rule_object(variants, regions, cages)?;
    object.insert("box".into(), Value::from(format!("{}x{}", shape.box_rows(), shape.box_cols())));
    // The givens are read from the puzzle column; the object gives the rules alone.
    VariantPuzzle::from_json(&Value::Object(object), super::Symbols::Standard)
        .map(|v| v.board)
        .map_err(|e| (None, ParseErrorKind::Csv { message: format!("the row's rules: {e}") }))
}

/// The fields of the JSON puzzle format that a row's `variants`, `regions` and `cages` columns
/// (`(column, text)` of each, where filled) give.
pub(super) fn rule_object(
    variants: Option<&(usize, Vec<u8>)>,
    regions: Option<&(usize, Vec<u8>)>,
    cages: Option<&(usize, Vec<u8>)>,
) -> Result<serde_json::Map<String, Value>, Located> {
    let mut object = serde_json::Map::new();
    if let Some((at, text)) = variants {
        let names: Vec<String> = if text.trim_ascii_start().starts_with(b"[") {
            serde_json::from_slice(text).map_err(|e| rule_error(*at, "variants", e))?
        } else {
            String::from_utf8_lossy(text)
                .split([' ', ';', '|'])
                .filter(|n| !n.is_empty())
                .map(String::from)
                .collect()
        };
        object.insert("variants".into(), Value::from(names));
    }
    if let Some((_, text)) = regions {
        object.insert("regions".into(), Value::from(String::from_utf8_lossy(text).into_owned()));
    }
    if let Some((at, text)) = cages {
        let cages: Value = serde_json::from_slice(text).map_err(|e| rule_error(*at, "cages", e))?;
        object.insert("cages".into(), cages);
    }
    Ok(object)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_all, ParseOptions, Record};

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
    fn a_file_of_one_column_has_its_name_alone_as_header() {
        for (header, layout, column) in
            [("quizzes", None, None), ("\"Puzzle\"", Some(Layout::Csv), None), ("mine", None, Some("MINE"))]
        {
            let text = format!("{header}\r\n{P}\r\n{P}\r\n");
            let opts = ParseOptions { layout, ..ParseOptions::default() };
            let reader = PuzzleReader::new(text.as_bytes(), opts).with_column(column.map(Arc::from));
            let r: Vec<Record> = reader.collect::<std::io::Result<_>>().expect("reads");
            let seen: Vec<_> = r.iter().map(|r| (r.layout, r.position.line, r.puzzle.is_ok())).collect();
            assert_eq!(seen, [(Layout::Csv, 2, true), (Layout::Csv, 3, true)], "{header}");
        }
        // Another word is no header: a bad line of the list.
        let r = parse_all(&format!("sudoku\n{P}\n"), ParseOptions::default()).expect("reads");
        assert_eq!(
            r.iter().map(|r| (r.layout, r.puzzle.is_ok())).collect::<Vec<_>>(),
            [(Layout::Line, false), (Layout::Line, true)]
        );
    }

    #[test]
    fn a_csv_of_pencil_marks_is_named_a_row_each() {
        let marks = "123456789".repeat(81);
        let text = format!("pencil,er,file\n{marks},1.2,a.txt\n{marks},1.2,b.txt\n");
        let r = parse_all(&text, ParseOptions::default()).expect("reads");
        assert_eq!(r.len(), 2);
        let said = "a CSV of pencil marks (its column \"pencil\"), not of puzzles: read it as pencil marks";
        for (i, rec) in r.iter().enumerate() {
            let e = rec.puzzle.as_ref().expect_err("no puzzle");
            assert_eq!(e.position.line, i + 2);
            assert!(e.to_string().ends_with(&format!("{said} (--pencil)")), "{e}");
        }
        // Where a puzzle column is named too, it is read.
        let r = parse_all(&format!("puzzle,pencil\n{P},{marks}\n"), ParseOptions::default()).expect("reads");
        assert_eq!(r[0].puzzle.as_ref().map(ToString::to_string), Ok(P.to_string()));
    }

    /// The CSV row sudokit writes for `board` (its rule fields as [`crate::format::rules_fields`] gives
    /// them, each cell quoted), with the header naming every rule column.
    fn rule_row(board: &Board, puzzle: &str) -> String {
        let rules = crate::format::rules_fields(board);
        let mut text = String::from("index,status,puzzle,box,variants,regions,cages,solution\n1,ok,");
        text.push_str(puzzle);
        for column in RULE_FIELDS {
            text.push(',');
            if let Some((_, v)) = rules.iter().find(|(n, _)| *n == column) {
                let cell = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                text.push_str(&format!("\"{}\"", cell.replace('"', "\"\"")));
            }
        }
        text.push_str(",\n");
        text
    }

    #[test]
    fn rule_columns_read_back_as_the_same_board() {
        use crate::grid::Cell;
        use crate::rules::{Cage, Variants};
        let s = Shape::new(3, 2).expect("6x6 with boxes of 3 rows");
        let rows: Vec<u8> = (0..36).map(|i| (i / 6) as u8).collect();
        let jigsaw = Board::jigsaw(s, &rows).expect("rows as regions");
        let cage = Cage { sum: 3, cells: vec![Cell::at(0, 0, s), Cell::at(1, 0, s)] };
        let killer = Board::classic(Shape::CLASSIC).with_cages([cage.clone()]);
        let boards = [
            Board::classic(s),
            Board::classic(Shape::CLASSIC).with_diagonals(),
            jigsaw.clone().with_diagonals().with_cages([cage]).expect("a valid cage"),
            jigsaw,
            killer.expect("a valid cage"),
            Variants { windows: true, ..Variants::default() }.board(Shape::CLASSIC, None).expect("hyper"),
        ];
        for board in boards {
            let puzzle = ".".repeat(board.shape().cells());
            let text = rule_row(&board, &puzzle);
            let r = parse_all(&text, ParseOptions::default()).expect("reads");
            assert_eq!(r.len(), 1, "{text}");
            assert_eq!(r[0].board.as_deref(), Some(&board), "{text}");
            assert_eq!(r[0].puzzle.as_ref().map(crate::Grid::shape).ok(), Some(board.shape()), "{text}");
            assert!(r[0].notation.rules, "{text}");
        }
    }

    #[test]
    fn rows_without_rule_fields_take_the_readers_rules() {
        let text = format!("puzzle,variants,regions\n{P},,\n{P},x,\n{P},x;hyper,\n");
        let r: Vec<Record> = PuzzleReader::new(text.as_bytes(), ParseOptions::default())
            .with_variants(crate::rules::Variants { windows: true, ..Default::default() })
            .collect::<Result<_, _>>()
            .expect("reads");
        let x = Board::classic(Shape::CLASSIC).with_diagonals();
        let hyper = crate::rules::Variants { windows: true, ..Default::default() };
        assert_eq!(r[0].board.as_deref(), Some(&hyper.board(Shape::CLASSIC, None).expect("hyper")));
        assert_eq!(r[1].board.as_deref(), Some(&x), "a row's own rules, not the reader's");
        let both = crate::rules::Variants { diagonals: true, windows: true, ..Default::default() };
        assert_eq!(r[2].board.as_deref(), Some(&both.board(Shape::CLASSIC, None).expect("x and hyper")));
        assert!(r.iter().all(|r| r.notation.rules));
    }

    #[test]
    fn bad_rule_fields_name_their_column() {
        let text = format!(
            "puzzle,variants,cages,box\n{P},sandwich,,\n{P},\"[\"\"x\"\"\",,\n{P},,[{{,\n{P},,,4x4\n{P},jigsaw,,\n{P},x,,\n"
        );
        let r = parse_all(&text, ParseOptions::default()).expect("reads");
        assert_eq!(r.len(), 6, "one record per row");
        let e = |i: usize| r[i].puzzle.as_ref().expect_err("a bad rule").to_string();
        assert!(e(0).contains("unknown variant \"sandwich\""), "{}", e(0));
        assert!(e(1).contains("variants:"), "{}", e(1));
        let cages = r[2].puzzle.as_ref().expect_err("bad cages");
        assert!(cages.to_string().contains("cages:"), "{cages}");
        assert_eq!(
            cages.position.column,
            Some(81 + 1 + 1 + 1),
            "the cages field's column: after the puzzle and two commas"
        );
        assert!(e(3).contains("16"), "a 4x4 box is a 16x16 board, not this puzzle's: {}", e(3));
        assert!(e(4).contains("region map"), "{}", e(4));
        assert_eq!(r[5].board.as_deref(), Some(&Board::classic(Shape::CLASSIC).with_diagonals()));
    }

    #[test]
    fn rules_mark_every_record_of_an_input() {
        let plain = parse_all(&format!("{P}\n"), ParseOptions::default()).expect("reads");
        assert!(!plain[0].notation.rules);
        let csv = parse_all(&format!("puzzle\n{P}\n"), ParseOptions::default()).expect("reads");
        assert!(!csv[0].notation.rules, "a CSV without rule columns");
        let x = PuzzleReader::new(format!("{P}\n").as_bytes(), ParseOptions::default())
            .with_variants(crate::rules::Variants { diagonals: true, ..Default::default() })
            .collect::<Result<Vec<_>, _>>()
            .expect("reads");
        assert!(x[0].notation.rules, "variant rules given to the reader");
        let s = Shape::new(3, 2).expect("a shape");
        let boxes = parse_all(
            &format!("{}\n{}\n", ".".repeat(36), ".".repeat(36)),
            ParseOptions { shape: Some(s), ..ParseOptions::default() },
        )
        .expect("reads");
        assert!(boxes.iter().all(|r| r.notation.rules), "boxes other than the squarest");
        let json = parse_all(&format!("{{\"puzzle\":\"{P}\"}}\n[[\".\"]]\n"), ParseOptions::default())
            .expect("reads");
        assert!(json.iter().all(|r| r.notation.rules), "JSON objects, and boards beside them");
    }

    #[test]
    fn a_reader_told_to_marks_every_record() {
        let text = format!("{P}\n{P}\n{P}\n{P}\n");
        let marked = || PuzzleReader::new(text.as_bytes(), ParseOptions::default()).mark_rules(true);
        let records = marked().collect::<Result<Vec<_>, _>>().expect("reads");
        assert!(records.iter().all(|r| r.notation.rules));
        // The fast path of plain lines, parsed later, marks them too.
        let mut reader = marked();
        let (mut lines, mut seen) = (0, Vec::new());
        while let Some(batch) = reader.next_batch(2).expect("reads") {
            match batch {
                super::super::Batch::Records(r) => seen.extend(r),
                super::super::Batch::Lines(l) => {
                    lines += l.len();
                    seen.extend(l.records());
                }
            }
        }
        assert!(lines > 0, "the test must reach the fast path");
        assert_eq!(seen.len(), 4);
        assert!(seen.iter().all(|r| r.notation.rules));
    }

    #[test]
    fn errors_point_into_the_column() {
        let text = format!("index,puzzle\n1,{}\n", P.replacen('3', "x", 1));
        let r = parse_all(&text, ParseOptions::default()).expect("reads");
        let e = r[0].puzzle.as_ref().expect_err("bad char");
        assert_eq!(e.position, Position { puzzle: 1, line: 2, column: Some(5) });
    }
}
