//! HoDoKu's library format: one test case or example per line,
//! `:<technique>:<digits>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>`.
//!
//! The givens are 81 cells (`.` or `0` empty, a `+` before a digit marks a placed cell rather than a
//! given); the deleted candidates, eliminations and placements are `<digit><row><col>` triples
//! separated by spaces. The technique is a library code with an optional variant (`-1`, `-2`, …) or
//! `-x` for a case where the technique must find nothing. HoDoKu's example pages and its regression
//! library (reglib) use this format.
//!
//! ```
//! use sudokit::human::{LibraryCase, Technique};
//! let case: LibraryCase = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:".parse()?;
//! assert_eq!(case.technique, Technique::NakedSingle);
//! assert_eq!(case.placements[0].cell.name(sudokit::Shape::CLASSIC), "r2c9");
//! # Ok::<(), sudokit::human::LibraryError>(())
//! ```

use std::str::FromStr;

use super::error::HumanError;
use super::state::State;
use super::step::Candidate;
use super::technique::Technique;
use crate::grid::{Candidates, Cell, Digit, Grid, Shape};
use crate::rules::Board;

/// One line of a HoDoKu library file.
#[derive(Clone, Debug)]
pub struct LibraryCase {
    /// The code as written, e.g. `0603` or `03111`.
    pub code: String,
    /// The technique the code names.
    pub technique: Technique,
    /// The numeric variant after the dash (`-1`, `-2`: HoDoKu's option sets), if any.
    pub variant: Option<u8>,
    /// A fail case (`-x`): the technique must not find the listed step.
    pub fail_case: bool,
    /// The digits field (the digits the pattern uses, or the digit placed or eliminated).
    pub digits: Vec<Digit>,
    /// The candidate state: givens, placed cells, then the deleted candidates removed.
    pub state: State,
    /// The expected eliminations.
    pub eliminations: Vec<Candidate>,
    /// The expected placements.
    pub placements: Vec<Candidate>,
    /// The extra field (for chains, their length), as written.
    pub extra: String,
}

/// A library line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LibraryError {
    /// Fewer than seven `:`-separated fields.
    #[error("expected `:code:digits:givens:deleted:eliminations:placements:extra`, found {0} fields")]
    Fields(usize),
    /// A code that names no technique.
    #[error("unknown technique code {0:?}")]
    Code(String),
    /// A givens field that is not 81 cells.
    #[error("the givens field has {0} cells, expected 81")]
    Givens(usize),
    /// A candidate triple that is not `<digit><row><col>` with each in 1..=9.
    #[error("bad candidate {0:?} (expected digit, row and column, e.g. 537)")]
    Candidate(String),
    /// The givens contradict each other or the deleted candidates leave a contradiction.
    #[error(transparent)]
    State(#[from] HumanError),
}

fn candidate(token: &str) -> Result<Candidate, LibraryError> {
    let s = Shape::CLASSIC;
    let bad = || LibraryError::Candidate(token.to_string());
    let b = token.as_bytes();
    if b.len() != 3 || !b.iter().all(|c| (b'1'..=b'9').contains(c)) {
        return Err(bad());
    }
    let digit = Digit::new_checked(b[0] - b'0', s).ok_or_else(bad)?;
    let cell = Cell::new_checked((b[1] - b'1') as usize * 9 + (b[2] - b'1') as usize, s).ok_or_else(bad)?;
    Ok(Candidate::new(cell, digit))
}

fn candidates(field: &str) -> Result<Vec<Candidate>, LibraryError> {
    field.split_whitespace().map(candidate).collect()
}

impl FromStr for LibraryCase {
    type Err = LibraryError;
    fn from_str(line: &str) -> Result<LibraryCase, LibraryError> {
        let fields: Vec<&str> = line.trim_end().split(':').collect();
        if fields.len() < 7 {
            return Err(LibraryError::Fields(fields.len()));
        }
        let full = fields[1];
        let (code, suffix) = full.split_once('-').unwrap_or((full, ""));
        let technique = Technique::from_code(code).ok_or_else(|| LibraryError::Code(full.to_string()))?;
        let fail_case = suffix == "x";
        let variant = suffix.parse().ok();
        let digits = fields[2]
            .chars()
            .filter_map(|c| c.to_digit(10))
            .filter_map(|d| Digit::new_checked(d as u8, Shape::CLASSIC))
            .collect();
        let mut values = Vec::with_capacity(81);
        let mut placed = Vec::new();
        let mut plus = false;
        for c in fields[3].chars() {
            match c {
                '+' => plus = true,
                '.' | '0' => values.push(0),
                '1'..='9' => {
                    if plus {
                        placed.push(values.len());
                    }
                    values.push(c as u8 - b'0');
                    plus = false;
                }
                _ => {}
            }
        }
        if values.len() != 81 {
            return Err(LibraryError::Givens(values.len()));
        }
        let s = Shape::CLASSIC;
        let mut givens = values.clone();
        for &i in &placed {
            givens[i] = 0;
        }
        let grid = Grid::from_values(s, &givens).map_err(|_| LibraryError::Givens(values.len()))?;
        let mut state = State::new(Board::classic_shared(s), &grid)?;
        for &i in &placed {
            let cell = Cell::new_checked(i, s).ok_or(LibraryError::Givens(values.len()))?;
            let digit = Digit::new_checked(values[i], s).ok_or(LibraryError::Givens(values.len()))?;
            if state.value(cell).is_none() {
                state.place(cell, digit);
            }
        }
        for c in candidates(fields[4])? {
            state.eliminate(c.cell, c.digit);
        }
        Ok(LibraryCase {
            code: code.to_string(),
            technique,
            variant,
            fail_case,
            digits,
            state,
            eliminations: candidates(fields[5])?,
            placements: candidates(fields[6])?,
            extra: fields.get(7).map_or(String::new(), |s| s.to_string()),
        })
    }
}

impl LibraryCase {
    /// Whether `line` is written in the library format: a `:`, then a technique code, as HoDoKu's
    /// "copy library format" (`:0000:x:` where it names no step) and its libraries begin each line.
    /// The rules inside HoDoKu's pencil-mark grids begin with `:-` instead. The puzzle readers take
    /// such a line's givens as its puzzle; [`LibraryCase::marks`] is its state.
    ///
    /// ```
    /// use sudokit::human::LibraryCase;
    /// assert!(LibraryCase::is_library_line(":0000:x:1.......2::::"));
    /// assert!(!LibraryCase::is_library_line(":-------+-------:"));
    /// ```
    pub fn is_library_line(line: &str) -> bool {
        crate::parse::is_library_line(line.trim_start().as_bytes())
    }

    /// The pencil marks of [`LibraryCase::state`]: the givens and placed cells as single digits,
    /// and each open cell's candidates less the deleted ones, as the other pencil-mark inputs give
    /// them.
    pub fn marks(&self) -> Candidates {
        self.state.to_candidates()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copied_state_gives_its_marks() {
        // HoDoKu's copy of a state with no step: `:0000:x:`, a placed cell (`+`), the deleted
        // candidates (4 from r1c3, 3 from r1c4), and empty step fields.
        let givens = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let state = |deleted: &str| format!(":0000:x:{}+1{}:{deleted}::", &givens[..1], &givens[2..]);
        let line = state("413 314");
        assert!(LibraryCase::is_library_line(&format!("  {line}")));
        let marks = line.parse::<LibraryCase>().expect("reads").marks();
        let kept = state("").parse::<LibraryCase>().expect("reads").marks();
        let digits =
            |m: &Candidates, i: usize| m.get(Cell::from_index(i)).iter().map(Digit::get).collect::<Vec<_>>();
        // The given, and the placed cell, as single digits.
        assert_eq!((digits(&marks, 0), digits(&marks, 1)), (vec![8], vec![1]));
        for i in 2..81 {
            let mut want = digits(&kept, i);
            match i {
                2 => want.retain(|&d| d != 4),
                3 => want.retain(|&d| d != 3),
                _ => {}
            }
            assert_eq!(digits(&marks, i), want, "cell {i}");
        }
        assert!(digits(&kept, 2).contains(&4) && digits(&kept, 3).contains(&3));
    }
}
