//! Pencil marks from a JSON record: one line of `sudokit explain`, `hint` or `candidates` with `-o
//! json`, so that those records go on as pencil-mark input, as every other command's record reads
//! back as its puzzle.
//!
//! A record names its marks by `pencil` (the marks it was read from, with `--pencil`), or by
//! `candidates` (the marks `candidates` gives). `pencil` comes first, so a record reads back as its
//! input rather than its output.

use crate::grid::{Candidates, CandidatesError};

/// Why a JSON record gave no pencil marks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PencilRecordError {
    /// The text is not JSON.
    #[error("not a JSON record: {message}")]
    Json {
        /// The 1-based column, in characters of the line, where reading stopped.
        column: usize,
        /// The JSON reader's own words.
        message: String,
    },
    /// The record has neither field, or neither as a string (a puzzle's record has neither).
    #[error("a JSON record without pencil marks (no `pencil` or `candidates` string)")]
    NoMarks,
    /// The field's text is not a pencil-mark grid.
    #[error("the record's `{field}` is not a pencil-mark grid: {} (at its character {})", .error.kind, .error.column)]
    Marks {
        /// `pencil` or `candidates`.
        field: &'static str,
        /// What is wrong with its text.
        error: CandidatesError,
    },
}

impl PencilRecordError {
    /// The column of the record's line where reading stopped, where the JSON itself is at fault
    /// (for the position a message starts with, as [`Position`](super::Position) writes it).
    pub fn column(&self) -> Option<usize> {
        match self {
            PencilRecordError::Json { column, .. } => Some(*column),
            _ => None,
        }
    }
}

/// The pencil marks of a JSON record, with the name of the field they came from.
///
/// ```
/// use sudokit::parse::pencil_record;
/// let line = format!(r#"{{"index":1,"status":"ok","candidates":"{}"}}"#, "123456789".repeat(81));
/// let (field, marks) = pencil_record(&line)?;
/// assert_eq!((field, marks.shape().side()), ("candidates", 9));
/// assert!(pencil_record(r#"{"index":2,"status":"unreadable","pencil":null}"#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PencilRecordError`]: not JSON, no marks, or marks that do not read.
pub fn pencil_record(text: &str) -> Result<(&'static str, Candidates), PencilRecordError> {
    let v: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| PencilRecordError::Json { column: e.column(), message: e.to_string() })?;
    let (field, marks) = ["pencil", "candidates"]
        .into_iter()
        .find_map(|field| Some((field, v.get(field)?.as_str()?)))
        .ok_or(PencilRecordError::NoMarks)?;
    let marks = marks.parse().map_err(|error| PencilRecordError::Marks { field, error })?;
    Ok((field, marks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pencil_comes_before_candidates() {
        let full = "123456789".repeat(81);
        let mut fewer = full.clone();
        fewer.replace_range(0..1, ".");
        let line = format!(r#"{{"candidates":"{full}","pencil":"{fewer}"}}"#);
        let (field, marks) = pencil_record(&line).expect("marks");
        assert_eq!((field, marks.to_line_form()), ("pencil", fewer));
    }

    #[test]
    fn every_failure_is_named() {
        let bad = pencil_record("{bad").expect_err("not JSON");
        assert!(matches!(bad, PencilRecordError::Json { column: 2, .. }), "{bad}");
        assert_eq!(bad.column(), Some(2));
        assert_eq!(pencil_record(r#"{"pencil":7}"#), Err(PencilRecordError::NoMarks));
        let err = pencil_record(r#"{"pencil":"123"}"#).expect_err("too short");
        assert!(matches!(err, PencilRecordError::Marks { field: "pencil", .. }), "{err}");
        assert!(
            err.to_string().starts_with("the record's `pencil` is not a pencil-mark grid: 3 characters"),
            "{err}"
        );
    }
}
