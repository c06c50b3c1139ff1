//! What can go wrong before or while solving like a human: a candidate state that contradicts
//! itself, a puzzle without exactly one solution, a step that does not fit the state.

use crate::grid::{Digit, Shape, Symbols};
use crate::rules::{Conflict, HouseKind};

/// Why a candidate state or a puzzle cannot be solved step by step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HumanError {
    /// The grid or candidate grid is for another board shape than the rules.
    #[error("the grid is {grid} but the rules are for {board}")]
    ShapeMismatch {
        /// The shape of the rules.
        board: Shape,
        /// The shape of the grid.
        grid: Shape,
    },
    /// Two solved cells of one house hold the same digit.
    #[error("the grid contradicts itself: {0}")]
    Conflict(Conflict),
    /// An unsolved cell without any candidate.
    #[error("the pencil marks contradict themselves: {cell} has no candidate left")]
    NoCandidates {
        /// The cell, e.g. `r3c4`.
        cell: String,
    },
    /// A digit that is neither placed in a house nor a candidate anywhere in it.
    #[error("the pencil marks contradict themselves: {digit} has no place left in {house}")]
    DigitHasNoPlace {
        /// The digit.
        digit: Digit,
        /// The house.
        house: HouseKind,
    },
    /// A solved cell whose digit is still a candidate of a peer is fine, but a pencil-mark cell whose
    /// only candidate is also the only candidate of a peer cannot be.
    #[error("the pencil marks contradict themselves: {first} and {second} can only be {digit}")]
    TwinSingles {
        /// The digit.
        digit: Digit,
        /// One cell.
        first: String,
        /// The other, a peer.
        second: String,
    },
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// The uniqueness check was stopped by a limit before it could tell.
    #[error("the solution count could not be settled within the search limits")]
    Undecided,
    /// A step names a placement or elimination that does not fit the state (a cell already solved,
    /// a digit that is no candidate).
    #[error("the step does not fit the grid: {0}")]
    StepMismatch(String),
}

impl HumanError {
    /// The message as `Display` writes it, a digit it names written in `symbols`, as a puzzle or
    /// pencil marks given in them write it (`the pencil marks contradict themselves: F has no place
    /// left in row 3` in hex; see [`Symbols::digit_text`]).
    ///
    /// ```
    /// use sudokit::human::HumanError;
    /// use sudokit::{Digit, HouseKind, Shape, Symbols};
    /// let digit = Digit::new_checked(16, Shape::for_side(16)?).expect("a digit of 16x16");
    /// let e = HumanError::DigitHasNoPlace { digit, house: HouseKind::Row(2) };
    /// assert!(e.to_string().ends_with("themselves: 16 has no place left in row 3"));
    /// assert!(e.text_in(Symbols::Hex).ends_with("themselves: F has no place left in row 3"));
    /// # Ok::<(), sudokit::GridError>(())
    /// ```
    pub fn text_in(&self, symbols: Symbols) -> String {
        let contradict = "the pencil marks contradict themselves";
        let digit = |d: &Digit| symbols.digit_text(d.get());
        match self {
            HumanError::Conflict(c) => format!("the grid contradicts itself: {}", c.text_in(symbols)),
            HumanError::DigitHasNoPlace { digit: d, house } => {
                format!("{contradict}: {} has no place left in {house}", digit(d))
            }
            HumanError::TwinSingles { digit: d, first, second } => {
                format!("{contradict}: {first} and {second} can only be {}", digit(d))
            }
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    /// `text_in` writes the messages of `Display` anew for the variants that name a digit: in the
    /// standard symbols they must stay the same words.
    #[test]
    fn the_messages_in_the_standard_symbols_are_those_of_display() {
        let shape = Shape::CLASSIC;
        let (digit, cell) = (Digit::new(5), Cell::from_index);
        let errors = [
            HumanError::Conflict(Conflict {
                digit,
                house: HouseKind::Row(0),
                cells: [cell(0), cell(6)],
                shape,
            }),
            HumanError::DigitHasNoPlace { digit, house: HouseKind::Col(3) },
            HumanError::TwinSingles { digit, first: "r1c1".into(), second: "r1c2".into() },
            HumanError::NoCandidates { cell: "r3c4".into() },
        ];
        for e in errors {
            assert_eq!(e.text_in(Symbols::Standard), e.to_string());
            // No cell or house named here has a 5: only the digit changes, to its letter.
            assert_eq!(e.text_in(Symbols::Letters), e.to_string().replace('5', "E"), "{e}");
        }
    }
}
