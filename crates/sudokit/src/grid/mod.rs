//! The grid types every part of sudokit shares: board shapes, digits, cells, sets of digits and of
//! cells, the grid of values and the grid of candidates.
//!
//! Indices are 0-based inside the library; everything a user sees (row and column numbers, digits)
//! is 1-based, converted by named methods and printed that way by `Display`.

mod candidates;
mod cell;
mod cell_set;
mod digit;
mod digit_set;
mod error;
mod shape;
mod symbols;
mod values;

pub use candidates::{Candidates, CandidatesError, CandidatesErrorKind};
pub use cell::{BoxIndex, Cell, Col, Row};
pub use cell_set::{CellSet, CellSetIter};
pub(crate) use digit::symbol_of;
pub use digit::Digit;
pub use digit_set::{DigitSet, DigitSetIter};
pub use error::{GridError, RegionProblem};
pub use shape::{Shape, MAX_SIDE, MIN_SIDE};
pub use symbols::Symbols;
pub(crate) use symbols::{symbol_of_byte, NOT_A_SYMBOL};
pub use values::Grid;
