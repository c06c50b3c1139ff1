//! Pencil marks from a JSON record: one line of `sudokit explain`, `hint` or `candidates` with `-o
//! json`, so that those records go on as pencil-mark input, as every other command's record reads
//! back as its puzzle.
//!
//! A record names its marks by `pencil` (the marks it was read from, with `--pencil`), or by
//! `candidates` (the marks `candidates` gives). `pencil` comes first, so a record reads back as its
//! input rather than its output.
//!
//! A CSV of pencil marks (`rate --pencil -o csv`, `explain --summary --pencil -o csv`) reads back
//! too, through [`PencilCsv`]: its header names the columns, and each row is a record.

use serde_json::Value;

use super::csv::{fields, name, rule_object};
use super::puzzle_object::RULE_FIELDS;
use crate::grid::{Candidates, CandidatesError};

/// The names of a column of pencil marks, in order of preference (compared without case).
pub(super) const PENCIL_COLUMNS: [&str; 2] = ["pencil", "candidates"];

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
    /// A CSV row without the marks its header names, or with rule columns that do not read.
    #[error("{message}")]
    Csv {
        /// What is wrong, and where.
        message: String,
    },
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

/// The columns of a CSV of pencil marks: the marks are its `pencil` column, else its
/// `candidates` column (any case); the rule columns `box`, `variants`, `regions` and `cages` give
/// a row's rules as they do in a CSV of puzzles. Other columns (the ratings, the step counts) are
/// left aside.
///
/// ```
/// use sudokit::parse::PencilCsv;
/// let marks = "123456789".repeat(81);
/// let csv = PencilCsv::header("pencil,er,ep,ed").expect("a header");
/// assert_eq!(csv.record(&format!("{marks},1.2,1.2,1.2"))?, marks);
/// // A row under rules of its own is a JSON record of its marks and those rules.
/// let csv = PencilCsv::header("index,status,pencil,variants").expect("a header");
/// let record = csv.record(&format!("1,ok,{marks},x"))?;
/// assert_eq!(record, format!(r#"{{"pencil":"{marks}","variants":["x"]}}"#));
/// assert!(PencilCsv::header("puzzle,er").is_none(), "no pencil marks");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PencilCsv {
    /// The column of the marks.
    marks: usize,
    /// The rule columns, of the names of [`RULE_FIELDS`] in that order.
    rules: [Option<usize>; 4],
}

impl PencilCsv {
    /// The columns of `line` if it is the header of a CSV of pencil marks: two columns or more,
    /// one of them `pencil` or `candidates`.
    pub fn header(line: &str) -> Option<PencilCsv> {
        let names: Vec<String> = fields(line.as_bytes()).iter().map(|(_, t)| name(t)).collect();
        if names.len() < 2 {
            return None;
        }
        let marks = PENCIL_COLUMNS.iter().find_map(|c| names.iter().position(|n| n == c))?;
        Some(PencilCsv { marks, rules: RULE_FIELDS.map(|c| names.iter().position(|n| n == c)) })
    }

    /// Whether the header names any rule column (`box`, `variants`, `regions`, `cages`): its rows
    /// may carry rules of their own.
    ///
    /// ```
    /// use sudokit::parse::PencilCsv;
    /// assert!(PencilCsv::header("pencil,er,variants").is_some_and(|c| c.carries_rules()));
    /// assert!(PencilCsv::header("pencil,er").is_some_and(|c| !c.carries_rules()));
    /// ```
    pub fn carries_rules(&self) -> bool {
        self.rules.iter().any(Option::is_some)
    }

    /// The record a row holds, as the pencil-mark readers take it: its marks, or where it fills
    /// a rule column, a JSON record of its marks and those rules.
    ///
    /// # Errors
    /// [`PencilRecordError::Csv`]: a row too short to hold the marks, or rule columns that do not
    /// read (a `cages` that is no JSON, say).
    pub fn record(&self, row: &str) -> Result<String, PencilRecordError> {
        let row = fields(row.as_bytes());
        let Some((_, marks)) = row.get(self.marks) else {
            let message =
                format!("the row has {} fields, the pencil marks are field {}", row.len(), self.marks + 1);
            return Err(PencilRecordError::Csv { message });
        };
        let marks = String::from_utf8_lossy(marks).trim().to_owned();
        let filled = |i: Option<usize>| {
            i.and_then(|i| row.get(i)).filter(|(_, t)| !t.iter().all(u8::is_ascii_whitespace))
        };
        let [shape, variants, regions, cages] = self.rules.map(filled);
        if [shape, variants, regions, cages].iter().all(Option::is_none) {
            return Ok(marks);
        }
        let mut object = serde_json::Map::new();
        object.insert("pencil".into(), Value::from(marks));
        if let Some((_, text)) = shape {
            object.insert("box".into(), Value::from(String::from_utf8_lossy(text).trim()));
        }
        let rules = rule_object(variants, regions, cages).map_err(|(column, kind)| {
            let at = column.map_or(String::new(), |c| format!(" (at character {c} of the row)"));
            PencilRecordError::Csv { message: format!("{kind}{at}") }
        })?;
        object.extend(rules);
        Ok(Value::Object(object).to_string())
    }
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
    fn a_csv_row_is_its_marks_or_a_json_record_with_its_rules() {
        let marks = "123456789".repeat(81);
        assert_eq!(PencilCsv::header("pencil"), None, "one column alone is no header");
        assert_eq!(PencilCsv::header("puzzle,er"), None);
        let csv = PencilCsv::header("Candidates,\"box\",variants,regions,cages").expect("a header");
        assert_eq!(csv.record(&format!("{marks},,,,")), Ok(marks.clone()), "empty rule columns");
        // The rules read as the JSON record's, which the readers of marks take.
        let row = format!(
            "{marks},3x3,\"x;hyper\",,\"[{{\"\"sum\"\":3,\"\"cells\"\":[\"\"r1c1\"\",\"\"r1c2\"\"]}}]\""
        );
        let record: serde_json::Value =
            serde_json::from_str(&csv.record(&row).expect("a record")).expect("JSON");
        let want = serde_json::json!({
            "pencil": marks,
            "box": "3x3",
            "variants": ["x", "hyper"],
            "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}],
        });
        assert_eq!(record, want);
        assert_eq!(
            pencil_record(&record.to_string()).map(|(f, m)| (f, m.to_line_form())),
            Ok(("pencil", marks.clone()))
        );
        // What cannot be read is named, with where.
        let short = PencilCsv::header("index,pencil").and_then(|c| c.record("1").err()).expect("no marks");
        assert_eq!(short.to_string(), "the row has 1 fields, the pencil marks are field 2");
        let cages = csv.record(&format!("{marks},,,,[oops")).expect_err("no JSON");
        assert!(
            matches!(&cages, PencilRecordError::Csv { message } if message.starts_with("cages: ")),
            "{cages}"
        );
        assert!(
            cages.to_string().ends_with(&format!("(at character {} of the row)", marks.len() + 5)),
            "{cages}"
        );
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
