//! Errors of shapes, grids and rule sets that make no sense.

use super::{Cell, Shape};

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
    #[error("{} holds {value}, but digits on this board run from 1 to {}", .cell.name(*.shape), .shape.side())]
    ValueOutOfRange {
        /// The cell.
        cell: Cell,
        /// The board shape (the cell's name and the side come from it).
        shape: Shape,
        /// The value found.
        value: usize,
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
        reason: RegionProblem,
    },
    /// Hyper windows on a board where they do not fit (they need square boxes and a side of at least 9).
    #[error("not supported: hyper windows on a {shape} board")]
    NoWindows {
        /// The board shape.
        shape: Shape,
    },
    /// A grid of one shape under the rules of another.
    #[error("not supported: a {grid} grid on a {board} board")]
    ShapeMismatch {
        /// The grid's shape.
        grid: Shape,
        /// The board's shape.
        board: Shape,
    },
    /// A combination a caller does not handle, in its own words (the library reports its own cases with
    /// the variants above).
    #[error("not supported: {what}")]
    Unsupported {
        /// What was asked for.
        what: String,
    },
}

/// What is wrong with a jigsaw region map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegionProblem {
    /// A map (as region numbers) of the wrong length.
    #[error("the region map has {found} cells, expected {expected}")]
    MapLength {
        /// Cells in the map.
        found: usize,
        /// Cells on the board.
        expected: usize,
    },
    /// A map (as region symbols) of the wrong length.
    #[error("it has {found} cells, a {side}×{side} board has {}", .side * .side)]
    SymbolCount {
        /// Symbols in the map.
        found: usize,
        /// The board side.
        side: usize,
    },
    /// A region number beyond the number of regions.
    #[error("{} is in region {region}, but there are only {} regions", .cell.name(*.shape), .shape.side())]
    RegionOutOfRange {
        /// The cell.
        cell: Cell,
        /// The board shape.
        shape: Shape,
        /// The 1-based region number found.
        region: usize,
    },
    /// A region (by number) with the wrong number of cells.
    #[error("region {region} has {found} cells, every region needs {side}")]
    RegionSize {
        /// The 1-based region number.
        region: usize,
        /// Its cells.
        found: usize,
        /// Cells every region needs: the side.
        side: usize,
    },
    /// A byte that cannot name a region.
    #[error("{} has no region symbol (found byte 0x{byte:02X})", .cell.name(*.shape))]
    NoSymbol {
        /// The cell.
        cell: Cell,
        /// The board shape.
        shape: Shape,
        /// The byte found.
        byte: u8,
    },
    /// One region symbol more than the board has regions.
    #[error("'{symbol}' at {} starts region {}, but a {side}×{side} board has {side} regions", .cell.name(*.shape), .shape.side() + 1, side = .shape.side())]
    TooManyRegions {
        /// The symbol.
        symbol: char,
        /// The cell where it first appears.
        cell: Cell,
        /// The board shape.
        shape: Shape,
    },
    /// A region (by symbol) with the wrong number of cells.
    #[error("region '{symbol}' has {found} cells, every region needs {side}")]
    SymbolRegionSize {
        /// The region's symbol.
        symbol: char,
        /// Its cells.
        found: usize,
        /// Cells every region needs: the side.
        side: usize,
    },
    /// Fewer regions than the side.
    #[error("it has {found} regions, a {side}×{side} board needs {side}")]
    TooFewRegions {
        /// Regions found.
        found: usize,
        /// Regions needed: the side.
        side: usize,
    },
    /// A jigsaw puzzle given without its map.
    #[error("a jigsaw puzzle needs a region map")]
    Missing,
    /// A jigsaw record whose givens are not followed by a map.
    #[error("no region map after the givens")]
    MissingAfterGivens,
    /// A jigsaw board drawn with walls where a region walled in has the wrong number of cells.
    #[error("the region walled in with {} has {found} cells, every region needs {}", .cell.name(*.shape), .shape.side())]
    WalledSize {
        /// The region's first cell in reading order.
        cell: Cell,
        /// The board shape.
        shape: Shape,
        /// Its cells.
        found: usize,
    },
    /// A jigsaw board drawn with walls whose row has a region map after its border of the wrong
    /// length (or none, where other rows have one).
    #[error("row {row} has {found} region symbols after its border, a row has {side}")]
    RowMap {
        /// The 1-based row.
        row: usize,
        /// Symbols found.
        found: usize,
        /// Symbols needed: the side.
        side: usize,
    },
    /// A jigsaw board drawn with walls and a region map where a wall stands between two cells of
    /// one region of the map, or none between two regions.
    #[error("the walls at {} disagree with the region map after the rows", .cell.name(*.shape))]
    WallsDisagree {
        /// The cell whose wall on the left or above disagrees.
        cell: Cell,
        /// The board shape.
        shape: Shape,
    },
    /// A jigsaw board drawn with walls that lacks the wall line between two rows.
    #[error("no wall line between rows {row} and {}", .row + 1)]
    MissingWallLine {
        /// The 1-based row above the missing line.
        row: usize,
    },
}
