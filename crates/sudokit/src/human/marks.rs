//! Pencil-mark text in every form the step solver's users hand it: a JSON record of the command
//! line's human-solving commands, a line of HoDoKu's library format, or a candidate grid (the
//! 729-character line form or a boxed grid). The command line's `--pencil` and Python's
//! `pencil=True` read a record's text through [`read_marks`], so both name the same place in the same
//! words when it does not read.

use super::library::LibraryCase;
use crate::grid::{Candidates, CandidatesError};
use crate::parse::{pencil_record, Position};

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
    let error = |position, message| MarksError { position, message };
    if text.trim_start().starts_with('{') {
        return pencil_record(text.trim())
            .map(|(_, marks)| marks)
            .map_err(|e| error(Position { column: e.column(), ..at }, e.to_string()));
    }
    if LibraryCase::is_library_line(text) {
        return text
            .trim()
            .parse::<LibraryCase>()
            .map(|case| case.marks())
            .map_err(|e| error(at, format!("not a line of HoDoKu's library format: {e}")));
    }
    text.parse().map_err(|e: CandidatesError| {
        let position = Position { line: at.line + e.line.saturating_sub(1), column: Some(e.column), ..at };
        error(position, format!("not a pencil-mark grid: {}", e.kind))
    })
}
