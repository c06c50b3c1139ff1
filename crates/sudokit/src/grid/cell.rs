//! Cells and the lines and boxes they lie in: 0-based positions on the board, row by row, named
//! `rXcY` (1-based) for users.
//!
//! [`Row`], [`Col`] and [`BoxIndex`] are 0-based indices of their own types, so that a row number
//! cannot be passed where a column is expected; `Display` prints them 1-based, as people count.

use std::fmt;

use super::{Shape, MAX_SIDE};

/// The most cells any supported board has: `MAX_SIDE²`.
pub(crate) const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

macro_rules! line_index {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u8);

        impl $name {
            #[doc = concat!("The ", $what, " with 0-based `index`, if the board has it.")]
            pub fn new_checked(index: usize, shape: Shape) -> Option<$name> {
                (index < shape.side()).then_some($name(index as u8))
            }
            #[doc = concat!("The ", $what, " with 1-based `number` (as people count), if the board has it.")]
            pub fn from_number(number: usize, shape: Shape) -> Option<$name> {
                number.checked_sub(1).and_then(|i| $name::new_checked(i, shape))
            }
            #[doc = concat!("Every ", $what, " of the board, in order.")]
            pub fn all(shape: Shape) -> impl Iterator<Item = $name> {
                (0..shape.side()).map(|i| $name(i as u8))
            }
            /// The 0-based index.
            pub fn index(self) -> usize {
                self.0 as usize
            }
            /// The 1-based number people use.
            pub fn number(self) -> usize {
                self.index() + 1
            }
        }

        /// The 1-based number.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.number())
            }
        }
    };
}

line_index!(
    /// A row: 0-based inside, 1-based in `Display` and [`Row::number`].
    Row,
    "row"
);
line_index!(
    /// A column: 0-based inside, 1-based in `Display` and [`Col::number`].
    Col,
    "column"
);
line_index!(
    /// A box of the classic layout, counting boxes row by row: 0-based inside, 1-based in `Display`
    /// and [`BoxIndex::number`].
    BoxIndex,
    "box"
);

/// A cell: its 0-based position on the board, row by row (`row * side + col`).
///
/// A cell does not know its board; the methods that need the side take the [`Shape`]. Boards go up
/// to [`MAX_SIDE`]` × `[`MAX_SIDE`] cells.
///
/// ```
/// use sudokit::{Cell, Shape};
/// let s = Shape::CLASSIC;
/// let c = Cell::new_checked(27, s).expect("on the board");
/// assert_eq!(c.name(s), "r4c1");
/// assert_eq!(c.row_of(s).to_string(), "4");
/// assert_eq!(Cell::new_checked(81, s), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell with 0-based `index` (`row * side + col`), if it is on the board.
    pub fn new_checked(index: usize, shape: Shape) -> Option<Cell> {
        (index < shape.cells()).then_some(Cell(index as u16))
    }
    /// The cell in `row` and `col`, if both are on the board.
    pub fn from_row_col(row: Row, col: Col, shape: Shape) -> Option<Cell> {
        let n = shape.side();
        (row.index() < n && col.index() < n).then(|| Cell((row.index() * n + col.index()) as u16))
    }
    /// Every cell of the board, in order.
    pub fn all(shape: Shape) -> impl Iterator<Item = Cell> {
        (0..shape.cells()).map(|i| Cell(i as u16))
    }
    /// The cell at 0-based `row` and `col`, which the library has checked.
    ///
    /// # Panics
    /// If the position is off the board.
    pub(crate) fn at(row: usize, col: usize, shape: Shape) -> Cell {
        assert!(row < shape.side() && col < shape.side(), "cell ({row}, {col}) off the board");
        Cell((row * shape.side() + col) as u16)
    }
    /// The cell with 0-based `index`, which the library has checked against its board.
    pub(crate) fn from_index(index: usize) -> Cell {
        debug_assert!(index < MAX_CELLS, "cell index {index} beyond every board");
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
    /// The row, typed.
    pub fn row_of(self, shape: Shape) -> Row {
        Row(self.row(shape) as u8)
    }
    /// The column, typed.
    pub fn col_of(self, shape: Shape) -> Col {
        Col(self.col(shape) as u8)
    }
    /// The box of the classic layout, typed.
    pub fn box_of(self, shape: Shape) -> BoxIndex {
        BoxIndex(shape.box_of(self) as u8)
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
        let s = Shape::CLASSIC;
        assert_eq!(Cell::at(3, 0, s).name(s), "r4c1");
        assert_eq!(Cell::new_checked(80, s), Some(Cell::at(8, 8, s)));
        assert_eq!(Cell::new_checked(81, s), None);
        assert_eq!(Cell::new_checked(70_000, s), None, "no silent truncation to u16");
        let (r, c) = (Row::from_number(4, s).expect("row 4"), Col::new_checked(0, s).expect("column 1"));
        assert_eq!(Cell::from_row_col(r, c, s), Some(Cell::at(3, 0, s)));
        assert_eq!((r.to_string(), c.to_string()), ("4".to_string(), "1".to_string()));
        assert_eq!(Row::from_number(0, s), None);
        assert_eq!(Col::new_checked(9, s), None);
        let six = Shape::new(2, 3).expect("2x3");
        assert_eq!(Cell::from_row_col(Row::new_checked(8, s).expect("row 9"), c, six), None);
        assert_eq!(Cell::at(5, 5, six).box_of(six).number(), 6);
        assert_eq!(Cell::all(six).count(), 36);
    }
}
