//! The grid of values: a puzzle with blanks, or a solution.

use std::fmt;

use super::digit::symbol_of;
use super::{Cell, Digit, GridError, Shape};

/// A board's cells with their values: a puzzle (with blanks) or a solution.
///
/// ```
/// use sudokit::Grid;
/// let g: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// assert_eq!(g.givens(), 21);
/// assert_eq!(g.to_string().len(), 81);
/// # Ok::<(), sudokit::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// Row-major; 0 is a blank, `1..=side` a digit.
    cells: Box<[u8]>,
}

impl Grid {
    /// An empty board.
    pub fn empty(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.cells()].into_boxed_slice() }
    }

    /// A grid from row-major values, 0 for blank.
    pub fn from_values(shape: Shape, values: &[u8]) -> Result<Grid, GridError> {
        if values.len() != shape.cells() {
            return Err(GridError::WrongCellCount { found: values.len(), expected: shape.cells() });
        }
        if let Some(i) = values.iter().position(|&v| v as usize > shape.side()) {
            return Err(GridError::ValueOutOfRange {
                cell: Cell::from_index(i),
                shape,
                value: values[i] as usize,
            });
        }
        Ok(Grid { shape, cells: values.into() })
    }

    /// A grid from values the caller has already checked (`shape.cells()` of them, each `0..=side`);
    /// saves the bulk reader a second pass and a copy.
    pub(crate) fn from_checked_values(shape: Shape, values: Vec<u8>) -> Grid {
        debug_assert!(values.len() == shape.cells() && values.iter().all(|&v| v as usize <= shape.side()));
        Grid { shape, cells: values.into_boxed_slice() }
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The values, row-major, 0 for blank.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }
    /// The digit in a cell, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::from_value(self.cells[cell.index()])
    }
    /// Puts a digit into a cell, or clears it.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }
    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
    /// The cells, as [`Cell`] values, with their digits (`None` for blanks).
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Option<Digit>)> + '_ {
        self.cells.iter().enumerate().map(|(i, &v)| (Cell::from_index(i), Digit::from_value(v)))
    }
    /// Whether `self` keeps every given of `puzzle` (same shape, same digits wherever the puzzle has one).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.cells.iter().zip(puzzle.cells.iter()).all(|(&s, &p)| p == 0 || s == p)
    }
    /// The cells where two grids of the same shape differ.
    pub fn diff(&self, other: &Grid) -> Vec<Cell> {
        self.cells
            .iter()
            .zip(other.cells.iter())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| Cell::from_index(i))
            .collect()
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

/// The one-line form: one symbol per cell, `.` for blanks.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self.cells.iter().map(|&v| if v == 0 { '.' } else { symbol_of(v) }).collect();
        f.write_str(&s)
    }
}
