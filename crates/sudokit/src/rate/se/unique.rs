//! Uniqueness techniques: unique rectangles and loops, and the bivalue universal grave (BUG).

use super::board::Board;
use super::hint::Hint;

/// Unique rectangles and loops, types 1 to 4.
pub(crate) fn unique_loops(_b: &Board) -> Option<Hint> {
    None
}

/// BUG types 1 to 4.
pub(crate) fn bug(_b: &Board) -> Option<Hint> {
    None
}
