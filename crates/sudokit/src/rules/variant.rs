//! Variant rules: X (both diagonals), hyper (windoku windows) and jigsaw regions on top of the
//! classic houses, and the errors of rules that cannot be built.
//!
//! Every variant is extra houses or cages on a [`Board`], so one engine solves them all. The plain
//! layouts carry only givens; the rules then come from [`Variants`] (the CLI's
//! `--variant x,hyper,jigsaw`). The JSON puzzle object, which carries its rules with it, is read by
//! the `parse` layer (its `puzzle_object` module).

use std::fmt;

use super::board::Board;
use crate::grid::{Cell, GridError, RegionProblem, Shape};

/// Which variant houses to add to the classic rules of a plain-layout puzzle.
///
/// ```
/// use sudokit::{Shape, Variants};
/// let mut v = Variants::default();
/// v.diagonals = true;
/// v.windows = true;
/// let board = v.board(Shape::CLASSIC, None)?;
/// assert_eq!(board.houses().len(), 27 + 2 + 4);
/// # Ok::<(), sudokit::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Variants {
    /// X sudoku: both main diagonals are houses too.
    pub diagonals: bool,
    /// Hyper (windoku): the extra windows of [`Board::with_windows`] are houses too.
    pub windows: bool,
    /// Jigsaw: every puzzle comes with a region map that replaces the boxes.
    pub jigsaw: bool,
}

impl Variants {
    /// Whether these are the plain classic rules.
    pub fn is_classic(self) -> bool {
        self == Variants::default()
    }

    /// The rules for `shape`: jigsaw regions (0-based region per cell, see `parse::region_map`) or the boxes,
    /// plus the diagonals and windows asked for.
    pub fn board(self, shape: Shape, regions: Option<&[u8]>) -> Result<Board, GridError> {
        let board = match regions {
            Some(r) => Board::jigsaw(shape, r)?,
            None if self.jigsaw => return Err(GridError::BadRegions { reason: RegionProblem::Missing }),
            None => Board::classic(shape),
        };
        let board = if self.diagonals { board.with_diagonals() } else { board };
        if self.windows {
            board.with_windows()
        } else {
            Ok(board)
        }
    }
}

impl fmt::Display for Variants {
    /// The names as the CLI and the JSON format spell them, e.g. `x+hyper`, or `classic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = [(self.diagonals, "x"), (self.windows, "hyper"), (self.jigsaw, "jigsaw")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
        f.write_str(if names.is_empty() { "classic".into() } else { names.join("+") }.as_str())
    }
}

/// A set of rules that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A shape, region map or window problem.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A killer cage that cannot be satisfied or does not fit the board (cages numbered from 1).
    #[error("cage {cage}: {reason}")]
    BadCage {
        /// The 1-based cage number.
        cage: usize,
        /// What is wrong.
        reason: CageProblem,
    },
}

/// What is wrong with a killer cage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CageProblem {
    /// No cells, or more than the side.
    #[error("it has {count} cells; a cage holds 1 to {max} cells")]
    CellCount {
        /// Cells given.
        count: usize,
        /// The most a cage may hold: the side.
        max: usize,
    },
    /// A cell beyond the board.
    #[error("a cell is off the board")]
    OffBoard {
        /// The cell.
        cell: Cell,
    },
    /// A cell listed twice in the cage.
    #[error("{} is listed twice", .cell.name(*.shape))]
    CellTwice {
        /// The cell.
        cell: Cell,
        /// The board shape, so the cell prints by name.
        shape: Shape,
    },
    /// A cell already in an earlier cage.
    #[error("{} is already in another cage", .cell.name(*.shape))]
    CellInTwoCages {
        /// The cell.
        cell: Cell,
        /// The board shape, so the cell prints by name.
        shape: Shape,
    },
    /// A sum that no set of that many different digits makes.
    #[error("a sum of {sum} is impossible for {} from 1 to {side} (possible: {min} to {max})", digits_of(*.cells))]
    ImpossibleSum {
        /// The cage's sum.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The board side (the largest digit).
        side: usize,
        /// The smallest possible sum.
        min: u32,
        /// The largest possible sum.
        max: u32,
    },
    /// A cell name that names no cell of the board (in the JSON puzzle format).
    #[error("{name:?} is not a cell of a {shape} board (cells are named r1c1 …)")]
    UnknownCell {
        /// The name given.
        name: String,
        /// The board shape.
        shape: Shape,
    },
}

/// "one digit" or "N different digits", for the cage messages.
fn digits_of(cells: usize) -> String {
    if cells == 1 {
        "one digit".to_string()
    } else {
        format!("{cells} different digits")
    }
}
