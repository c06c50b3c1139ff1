//! Errors of shapes, grids and rule sets that make no sense.

/// A shape, grid or rule set that makes no sense.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// The side is outside `4..=32`.
    #[error("a side of {side} is not supported (sides 4 to 32 with boxes of at least 2×2)")]
    UnsupportedSide {
        /// The side asked for.
        side: usize,
    },
    /// The side is prime, so there is no box shape.
    #[error("a side of {side} has no box shape (it needs two factors of at least 2, e.g. 6 = 2x3)")]
    NoBoxShape {
        /// The side asked for.
        side: usize,
    },
    /// The box dimensions give no supported board.
    #[error("boxes of {box_rows}x{box_cols} do not make a supported board (both at least 2, side 4 to 32)")]
    BadBoxShape {
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// A box shape does not tile a board of this side.
    #[error("boxes of {box_rows}x{box_cols} do not tile a {side}×{side} board")]
    BoxDoesNotTile {
        /// The board side.
        side: usize,
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// The wrong number of cells for the shape.
    #[error("{found} cells given, the board has {expected}")]
    WrongCellCount {
        /// Cells given.
        found: usize,
        /// Cells on the board.
        expected: usize,
    },
    /// A value above the side.
    #[error("{cell} holds {value}, but digits on this board run from 1 to {side}")]
    ValueOutOfRange {
        /// The cell, by name.
        cell: String,
        /// The value found.
        value: usize,
        /// The board side.
        side: usize,
    },
    /// A value that is no digit of any supported board.
    #[error("{value} is not a digit (digits run from 1 to {max})")]
    BadDigit {
        /// The value given.
        value: usize,
        /// The largest digit of any board.
        max: usize,
    },
    /// A jigsaw region map that does not give `side` regions of `side` cells.
    #[error("bad region map: {reason}")]
    BadRegions {
        /// What is wrong.
        reason: String,
    },
    /// A combination the library does not handle.
    #[error("not supported: {what}")]
    Unsupported {
        /// What was asked for.
        what: String,
    },
}
