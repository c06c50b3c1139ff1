//! Pencil-mark text in every form the step solver's users hand it: a JSON record of the command
//! line's human-solving commands, a line of HoDoKu's library format, or a candidate grid (the
//! 729-character line form or a boxed grid). The command line's `--pencil` and Python's
//! `pencil=True` read a record's text through [`read_marks`], so both name the same place in the same
//! words when it does not read.

use std::sync::Arc;

use super::library::LibraryCase;
use crate::grid::{Candidates, CandidatesError, Digit, Shape};
use crate::parse::{
    drawn_board, drawn_regions, pencil_record, Position, Symbols, VariantPuzzle, RULE_FIELDS,
};
use crate::rules::{Board, Variants};

/// Pencil-mark text that does not read: where (the record's position, with the line and column
/// where reading stopped, as far as known) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {message}")]
pub struct MarksError {
    /// The puzzle number, line and column of the fault.
    pub position: Position,
    /// What is wrong, in words.
    pub message: String,
}

/// The pencil marks of one record's `text`, which starts at `at` (its puzzle number and first
/// line): a JSON record's `pencil`, else its `candidates`; a library line's state (its givens,
/// placed cells and the candidates left after the deleted ones); else the candidate grid.
///
/// ```
/// use sudokit::human::read_marks;
/// use sudokit::Position;
/// let at = Position { puzzle: 3, line: 7, column: None };
/// let marks = read_marks(&"123456789".repeat(81), at)?;
/// assert_eq!(marks.shape().side(), 9);
/// let e = read_marks(":0000:x:123:::", at).expect_err("three cells");
/// assert!(e.to_string().starts_with("puzzle 3, line 7: not a line of HoDoKu's library format"));
/// # Ok::<(), sudokit::human::MarksError>(())
/// ```
///
/// # Errors
/// [`MarksError`]: the text is none of these forms, or one that does not read.
pub fn read_marks(text: &str, at: Position) -> Result<Candidates, MarksError> {
    read_marks_in(text, at, None).map(|(marks, _)| marks)
}

/// [`read_marks`] with a candidate grid's digits written in `symbols`, or told as the puzzle
/// readers tell them (`None`: a 16×16 grid with a `0` in its cells and no `G` is in hex); and the
/// symbols read. The line form and JSON records are in the standard symbols whatever `symbols`
/// says, as a place in the line form tells its digit and `0` is an absence there.
fn read_marks_in(
    text: &str,
    at: Position,
    symbols: Option<Symbols>,
) -> Result<(Candidates, Symbols), MarksError> {
    let error = |position, message| MarksError { position, message };
    let standard = |marks| (marks, Symbols::Standard);
    if text.trim_start().starts_with('{') {
        return pencil_record(text.trim())
            .map(|(_, marks)| standard(marks))
            .map_err(|e| error(Position { column: e.column(), ..at }, e.to_string()));
    }
    if LibraryCase::is_library_line(text) {
        return text
            .trim()
            .parse::<LibraryCase>()
            .map(|case| standard(case.marks()))
            .map_err(|e| error(at, format!("not a line of HoDoKu's library format: {e}")));
    }
    let read = |symbols| match symbols {
        Symbols::Standard => text.parse(),
        _ => Candidates::from_boxed_in(text, symbols),
    };
    let (grid, symbols) = match symbols {
        _ if Candidates::is_line_form(text) => (text.parse(), Symbols::Standard),
        Some(given) => (read(given), given),
        // Every digit is somewhere in the marks of a whole grid: `G` in the standard symbols,
        // `0` in hex (where the standard reader would take it for a cell without candidates). The
        // `0` must be among the cells read, not in a region map beside them.
        None if text.contains('0') && !text.contains(['G', 'g']) => match read(Symbols::Hex) {
            Ok(marks)
                if marks.shape().side() == 16 && marks.iter().any(|(_, d)| d.contains(Digit::new(1))) =>
            {
                (Ok(marks), Symbols::Hex)
            }
            _ => (text.parse(), Symbols::Standard),
        },
        None => (text.parse(), Symbols::Standard),
    };
    grid.map(|marks| (marks, symbols)).map_err(|e: CandidatesError| {
        let position = Position { line: at.line + e.line.saturating_sub(1), column: Some(e.column), ..at };
        error(position, format!("not a pencil-mark grid: {}", e.kind))
    })
}

/// [`read_marks`] with the rules the marks are played under: a JSON record's own rule fields
/// (`box`, `variants`, `regions`, `cages`, as a JSON puzzle object writes them, so that the records
/// of the human-solving commands under variant rules read back); else, for a candidate grid that
/// draws a jigsaw's walls (as [`crate::format::marks_grid`] does), those regions with `variants`'
/// other rules; else `variants` on the marks' board (a region map or cages come only so).
///
/// ```
/// use sudokit::human::read_marks_under;
/// use sudokit::{Position, Variants};
/// let at = Position { puzzle: 1, line: 1, column: None };
/// let marks = "123456789".repeat(81);
/// let mut x = Variants::default();
/// x.diagonals = true;
/// let (_, board) = read_marks_under(&marks, at, x)?;
/// assert_eq!(board.houses().len(), 27 + 2, "the two diagonals");
/// let record = format!(r#"{{"pencil":"{marks}","variants":["hyper"]}}"#);
/// let (_, board) = read_marks_under(&record, at, x)?;
/// assert_eq!(board.houses().len(), 27 + 4, "the record's own rules win: four windows");
/// # Ok::<(), sudokit::human::MarksError>(())
/// ```
///
/// # Errors
/// As [`read_marks`]; also rules that do not read, or do not fit the marks' board, and walls that
/// enclose a region of the wrong size.
pub fn read_marks_under(
    text: &str,
    at: Position,
    variants: Variants,
) -> Result<(Candidates, Arc<Board>), MarksError> {
    read_marks_with(text, at, variants, None)
}

/// [`read_marks_under`] with the boxes asked for (`--box`): marks of `boxes`' side are on boxes of
/// that shape (the line form has no boxes of its own, and a boxed grid's drawn ones give way, as a
/// puzzle's do), unless a JSON record names its own `box`; marks of another side keep theirs. A
/// 16×16 candidate grid in hex is told as the puzzle readers tell one (see [`read_pencil`]).
///
/// ```
/// use sudokit::human::read_marks_with;
/// use sudokit::{Position, Shape, Variants};
/// let at = Position { puzzle: 1, line: 1, column: None };
/// let marks = "123456".repeat(36);
/// let three_by_two = Shape::new(3, 2)?;
/// let (read, board) = read_marks_with(&marks, at, Variants::default(), Some(three_by_two))?;
/// assert_eq!((read.shape(), board.shape()), (three_by_two, three_by_two));
/// let (read, _) = read_marks_with(&marks, at, Variants::default(), None)?;
/// assert_eq!(read.shape(), Shape::new(2, 3)?, "the squarest boxes");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`read_marks_under`].
pub fn read_marks_with(
    text: &str,
    at: Position,
    variants: Variants,
    boxes: Option<Shape>,
) -> Result<(Candidates, Arc<Board>), MarksError> {
    read_pencil(text, at, variants, boxes, None).map(|read| (read.marks, read.board))
}

/// Pencil marks as read by [`read_pencil`]: the marks, the rules they are played under, and the
/// symbols their digits were written in (answers about them are written in the same).
#[derive(Clone, Debug)]
pub struct PencilMarks {
    /// The candidates of every cell.
    pub marks: Candidates,
    /// The rules.
    pub board: Arc<Board>,
    /// The symbols of a candidate grid's digits; the standard ones for the other forms.
    pub symbols: Symbols,
}

/// [`read_marks_with`] with a candidate grid's digits in `symbols` (`--symbols`), or with
/// `None` told as the puzzle readers tell them: a 16×16 grid with a `0` in its cells and no `G` is
/// in hex (every digit is somewhere in the marks of a whole grid). The line form and JSON records are
/// in the standard symbols whatever `symbols` says: a place in the line form tells its digit, and
/// `0` is an absence there.
///
/// ```
/// use sudokit::human::read_pencil;
/// use sudokit::{format::marks_grid_in, Candidates, Board, Position, Shape, Symbols, Variants};
/// let at = Position { puzzle: 1, line: 1, column: None };
/// let marks = Candidates::from_line_form(&"123456789ABCDEFG".repeat(256))?;
/// let drawn = marks_grid_in(&Board::classic(Shape::for_side(16)?), &marks, Symbols::Hex);
/// let read = read_pencil(&drawn, at, Variants::default(), None, None)?;
/// assert_eq!((read.marks, read.symbols), (marks, Symbols::Hex));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`read_marks_under`].
pub fn read_pencil(
    text: &str,
    at: Position,
    variants: Variants,
    boxes: Option<Shape>,
    symbols: Option<Symbols>,
) -> Result<PencilMarks, MarksError> {
    let (mut marks, symbols) = read_marks_in(text, at, symbols)?;
    if let Some(s) = boxes.filter(|s| s.side() == marks.shape().side() && *s != marks.shape()) {
        marks = on_boxes(&marks, s);
    }
    let error = |message: String| MarksError { position: at, message };
    let shape = marks.shape();
    let own = if text.trim_start().starts_with('{') { record_rules(text.trim()) } else { None };
    let board = match own {
        Some(mut object) => {
            object
                .entry("box")
                .or_insert_with(|| format!("{}x{}", shape.box_rows(), shape.box_cols()).into());
            let board = VariantPuzzle::from_json(&serde_json::Value::Object(object), Symbols::Standard)
                .map_err(|e| error(format!("the record's rules: {e}")))?
                .board;
            if board.shape().side() != shape.side() {
                return Err(error(format!(
                    "the record's rules are for a {} board, its pencil marks for a {} one",
                    board.shape(),
                    shape
                )));
            }
            if board.shape() != shape {
                // The marks were read with the squarest boxes; the record's `box` says otherwise
                // (3x2 for 2x3, say): the same cells on its board.
                marks = on_boxes(&marks, board.shape());
            }
            board
        }
        // A candidate grid with a jigsaw's walls drawn brings its regions, as a grid does.
        None => match drawn_regions(text, shape) {
            Some(Ok(map)) => {
                drawn_board(shape, &map, variants).map_err(|e| error(format!("the variant rules: {e}")))?
            }
            Some(Err(problem)) => return Err(error(format!("bad region map: {problem}"))),
            None if variants.is_classic() => {
                return Ok(PencilMarks { marks, board: Board::classic_shared(shape), symbols })
            }
            None => variants.board(shape, None).map_err(|e| error(format!("the variant rules: {e}")))?,
        },
    };
    Ok(PencilMarks { marks, board: Arc::new(board), symbols })
}

/// `marks` on a board of the same side with boxes of `shape`: the same cells, the same candidates.
fn on_boxes(marks: &Candidates, shape: Shape) -> Candidates {
    let mut boxed = Candidates::new(shape);
    marks.iter().for_each(|(cell, digits)| boxed.set(cell, digits));
    boxed
}

/// The rule fields a JSON record fills (not `null`, not empty), as an object; `None` when it fills
/// none.
fn record_rules(text: &str) -> Option<serde_json::Map<String, serde_json::Value>> {
    let serde_json::Value::Object(fields) = serde_json::from_str(text).ok()? else { return None };
    let own: serde_json::Map<_, _> = fields
        .into_iter()
        .filter(|(k, v)| {
            RULE_FIELDS.contains(&k.as_str())
                && !v.is_null()
                && v.as_str().is_none_or(|s| !s.is_empty())
                && v.as_array().is_none_or(|a| !a.is_empty())
        })
        .collect();
    (!own.is_empty()).then_some(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: Position = Position { puzzle: 2, line: 5, column: None };

    fn open() -> String {
        "123456789".repeat(81)
    }

    #[test]
    fn a_grid_of_hex_marks_is_told_as_hex_puzzles_are() {
        use crate::format::marks_grid_in;
        let sixteen = Shape::for_side(16).expect("16");
        let mut marks = Candidates::from_line_form(&"123456789ABCDEFG".repeat(256)).expect("open");
        marks.place(
            crate::Cell::new_checked(0, sixteen).expect("r1c1"),
            crate::Digit::new_checked(1, sixteen).expect("1"),
        );
        let board = Board::classic(sixteen);
        let read =
            |text: &str, symbols| read_pencil(text, AT, Variants::default(), None, symbols).expect("reads");
        for symbols in Symbols::ALL {
            let drawn = marks_grid_in(&board, &marks, symbols);
            // Hex is told; letters are read as such when asked for, as for puzzles.
            let told = if symbols == Symbols::Letters { Some(symbols) } else { None };
            let got = read(&drawn, told);
            assert_eq!((&got.marks, got.symbols), (&marks, symbols), "{symbols}");
        }
        // Standard symbols asked for: the hex grid's `0` is a cell left without candidates.
        let hex = marks_grid_in(&board, &marks, Symbols::Hex);
        assert_ne!(read(&hex, Some(Symbols::Standard)).marks, marks);
        // The line form and 9×9 grids with `0` for an empty cell stay standard.
        let line = read(&marks.to_line_form(), Some(Symbols::Hex));
        assert_eq!((&line.marks, line.symbols), (&marks, Symbols::Standard));
        // A `0` beside the grid, not in it, tells nothing: marks without the digit 16 (so no `G`)
        // with a `0` after the right border of a row stay standard.
        let mut without = marks.clone();
        for (cell, digits) in marks.iter() {
            without.set(cell, digits.iter().filter(|d| d.get() != 16).collect());
        }
        let mut lines: Vec<String> = without.to_string().lines().map(String::from).collect();
        lines[1].push_str(" 0");
        let got = read(&lines.join("\n"), None);
        assert_eq!((&got.marks, got.symbols), (&without, Symbols::Standard));
        let nine =
            Candidates::from_line_form(&open()).expect("open").to_string().replacen("123456789", "0", 1);
        let got = read(&nine, None);
        assert_eq!((got.marks.shape().side(), got.symbols), (9, Symbols::Standard));
    }

    #[test]
    fn plain_marks_take_the_variants_given() {
        let (_, board) = read_marks_under(&open(), AT, Variants::default()).expect("reads");
        assert!(board.is_classic());
        let hyper = Variants { windows: true, ..Variants::default() };
        let (_, board) = read_marks_under(&open(), AT, hyper).expect("reads");
        assert_eq!(board.houses().len(), 31);
        let jigsaw = Variants { jigsaw: true, ..Variants::default() };
        let e = read_marks_under(&open(), AT, jigsaw).expect_err("no map");
        assert_eq!(e.position, AT);
        assert!(e.message.starts_with("the variant rules: "), "{e}");
    }

    #[test]
    fn a_records_rules_are_read_or_named() {
        let map = "AAABBBCCC".repeat(3) + &"DDDEEEFFF".repeat(3) + &"GGGHHHIII".repeat(3);
        let jigsaw = format!(r#"{{"pencil":"{}","variants":["jigsaw"],"regions":"{map}"}}"#, open());
        let (_, board) = read_marks_under(&jigsaw, AT, Variants::default()).expect("reads");
        assert!(!board.is_classic());
        // Empty or null fields are no rules: the flag's apply.
        let empty = format!(r#"{{"pencil":"{}","variants":[],"regions":null,"cages":""}}"#, open());
        let (_, board) = read_marks_under(&empty, AT, Variants::default()).expect("reads");
        assert!(board.is_classic());
        let bad = format!(r#"{{"pencil":"{}","variants":["jigsaw"],"regions":"AB"}}"#, open());
        let e = read_marks_under(&bad, AT, Variants::default()).expect_err("a short map");
        assert!(e.message.starts_with("the record's rules: "), "{e}");
        let other = format!(r#"{{"pencil":"{}","box":"2x2"}}"#, open());
        let e = read_marks_under(&other, AT, Variants::default()).expect_err("a 4x4 box");
        assert!(e.message.contains("board, its pencil marks for a"), "{e}");
        // Boxes other than the squarest: the marks on the record's board.
        let six = "123456".repeat(36);
        let tall = format!(r#"{{"pencil":"{six}","box":"3x2"}}"#);
        let (marks, board) = read_marks_under(&tall, AT, Variants::default()).expect("reads");
        assert_eq!((marks.shape(), board.shape()), (board.shape(), crate::Shape::new(3, 2).expect("3x2")));
        assert_eq!(marks.to_line_form(), six);
    }
}
