//! Cells: 0-based positions on the board, row by row, named `rXcY` for users.

use super::Shape;

/// A cell: its 0-based position on the board, row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell at 0-based `row` and `col`.
    ///
    /// # Panics
    /// If the position is off the board.
    pub fn at(row: usize, col: usize, shape: Shape) -> Cell {
        assert!(row < shape.side() && col < shape.side(), "cell ({row}, {col}) off the board");
        Cell((row * shape.side() + col) as u16)
    }
    /// The cell with 0-based `index` (`row * side + col`).
    pub fn from_index(index: usize) -> Cell {
        Cell(index as u16)
    }
    /// The 0-based index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The 0-based row.
    pub fn row(self, shape: Shape) -> usize {
        self.index() / shape.side()
    }
    /// The 0-based column.
    pub fn col(self, shape: Shape) -> usize {
        self.index() % shape.side()
    }
    /// The 1-based `rXcY` name people use, e.g. `r4c1`.
    pub fn name(self, shape: Shape) -> String {
        format!("r{}c{}", self.row(shape) + 1, self.col(shape) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Cell::at(3, 0, Shape::CLASSIC).name(Shape::CLASSIC), "r4c1");
    }
}
