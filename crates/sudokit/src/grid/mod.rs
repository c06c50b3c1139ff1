//! The grid types every part of sudokit shares: board shapes, digits, cells and the grid of values.
//!
//! Indices are 0-based inside the library; everything a user sees (row and column numbers, digits)
//! is 1-based, converted by named methods and printed that way by `Display`.

use std::fmt;
use std::num::NonZeroU8;

mod error;

pub use error::GridError;

/// The largest supported side. Candidate sets are `u32` bitmasks, one bit per digit.
pub const MAX_SIDE: usize = 32;
/// The smallest supported side (a 4×4 board with 2×2 boxes).
pub const MIN_SIDE: usize = 4;

/// The geometry of a classic board: its side and the shape of its boxes.
///
/// A side of `box_rows × box_cols` cells, for example 9 = 3×3, 6 = 2×3 (two rows, three columns per box)
/// or 16 = 4×4. Both box dimensions are at least 2.
///
/// ```
/// use sudokit::Shape;
/// let s = Shape::for_side(6).unwrap();
/// assert_eq!((s.box_rows(), s.box_cols()), (2, 3));
/// assert_eq!(Shape::CLASSIC.cells(), 81);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    side: u8,
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9×9 board with 3×3 boxes.
    pub const CLASSIC: Shape = Shape { side: 9, box_rows: 3, box_cols: 3 };

    /// A board whose boxes have `box_rows` rows and `box_cols` columns.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, GridError> {
        // User input reaches here (`--box`, JSON): a product that overflows is just another bad shape.
        let side = box_rows.saturating_mul(box_cols);
        if box_rows < 2 || box_cols < 2 || !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(GridError::BadBoxShape { box_rows, box_cols });
        }
        Ok(Shape { side: side as u8, box_rows: box_rows as u8, box_cols: box_cols as u8 })
    }

    /// The default shape for a side: the squarest box, with no more rows than columns
    /// (4 → 2×2, 6 → 2×3, 8 → 2×4, 9 → 3×3, 10 → 2×5, 12 → 3×4, 16 → 4×4, 25 → 5×5).
    pub fn for_side(side: usize) -> Result<Shape, GridError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(GridError::UnsupportedSide { side });
        }
        let best = (2..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side.is_multiple_of(*r))
            .last()
            .ok_or(GridError::NoBoxShape { side })?;
        Shape::new(best, side / best).map_err(|_| GridError::NoBoxShape { side })
    }

    /// The side: the number of rows, of columns, and of digits.
    pub fn side(self) -> usize {
        self.side as usize
    }
    /// Rows in one box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }
    /// Columns in one box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }
    /// Cells on the board: `side²`.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }
    /// The 0-based box index of a cell, counting boxes row by row.
    pub fn box_of(self, cell: Cell) -> usize {
        let (r, c) = (cell.row(self), cell.col(self));
        let boxes_per_row = self.side() / self.box_cols();
        (r / self.box_rows()) * boxes_per_row + c / self.box_cols()
    }
    /// Whether this is the classic 9×9 board.
    pub fn is_classic(self) -> bool {
        self == Shape::CLASSIC
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{} (boxes {}x{})", self.side, self.side, self.box_rows, self.box_cols)
    }
}

/// A digit `1..=side`, never zero.
///
/// Inside the library digits are mostly used 0-based ([`Digit::index`]); users see them 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// A digit from its 1-based value, checked against the board's side.
    pub fn new_checked(value: u8, shape: Shape) -> Option<Digit> {
        if (value as usize) <= shape.side() {
            NonZeroU8::new(value).map(Digit)
        } else {
            None
        }
    }
    /// A digit from its 1-based value; for values the library made itself.
    ///
    /// # Panics
    /// If `value` is 0 or above [`MAX_SIDE`].
    pub fn new(value: u8) -> Digit {
        assert!(value as usize <= MAX_SIDE, "digit {value} out of range");
        Digit(NonZeroU8::new(value).expect("digit is never 0"))
    }
    /// A digit from its 0-based index.
    pub fn from_index(index: usize) -> Digit {
        Digit::new(index as u8 + 1)
    }
    /// The 1-based value the user sees.
    pub fn get(self) -> u8 {
        self.0.get()
    }
    /// The 0-based index, for tables and bitmasks.
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
    /// The symbol that stands for this digit: `1`–`9`, then `A`, `B`, … for 10, 11, ….
    pub fn symbol(self) -> char {
        symbol_of(self.get())
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// The symbol of a 1-based value (`1`–`9`, then letters from `A`).
/// Values beyond `Z` (35) have no symbol and print as `?`; no board in range needs them.
pub(crate) fn symbol_of(value: u8) -> char {
    match value {
        1..=9 => (b'0' + value) as char,
        10..=35 => (b'A' + value - 10) as char,
        _ => '?',
    }
}

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
                cell: Cell::from_index(i).name(shape),
                value: values[i] as usize,
                side: shape.side(),
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
        NonZeroU8::new(self.cells[cell.index()]).map(Digit)
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
        self.cells.iter().enumerate().map(|(i, &v)| (Cell::from_index(i), NonZeroU8::new(v).map(Digit)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_box_shapes() {
        let shapes: Vec<(usize, usize, usize)> = [4, 6, 8, 9, 10, 12, 16, 25]
            .iter()
            .map(|&n| {
                let s = Shape::for_side(n).expect("supported");
                (n, s.box_rows(), s.box_cols())
            })
            .collect();
        assert_eq!(
            shapes,
            vec![(4, 2, 2), (6, 2, 3), (8, 2, 4), (9, 3, 3), (10, 2, 5), (12, 3, 4), (16, 4, 4), (25, 5, 5)]
        );
        assert!(Shape::for_side(7).is_err());
        assert!(Shape::for_side(3).is_err());
        assert!(Shape::for_side(33).is_err());
        assert!(Shape::new(1, 9).is_err());
        assert!(Shape::new(5, usize::MAX / 4).is_err(), "an overflowing product is rejected");
        assert!(Shape::new(3, 6_148_914_691_236_517_211).is_err());
    }

    #[test]
    fn boxes_of_rectangular_shape() {
        let s = Shape::new(2, 3).expect("2x3");
        // Boxes are 2 rows by 3 columns: two boxes across, three down.
        assert_eq!(s.box_of(Cell::at(0, 2, s)), 0);
        assert_eq!(s.box_of(Cell::at(0, 3, s)), 1);
        assert_eq!(s.box_of(Cell::at(2, 0, s)), 2);
        assert_eq!(s.box_of(Cell::at(5, 5, s)), 5);
    }

    #[test]
    fn digits_and_symbols() {
        assert_eq!(Digit::new(9).symbol(), '9');
        assert_eq!(Digit::new(10).symbol(), 'A');
        assert_eq!(Digit::new(16).symbol(), 'G');
        assert_eq!(Digit::new_checked(10, Shape::CLASSIC), None);
        assert_eq!(Digit::new_checked(0, Shape::CLASSIC), None);
        assert_eq!(Digit::from_index(0).get(), 1);
        assert_eq!(Cell::at(3, 0, Shape::CLASSIC).name(Shape::CLASSIC), "r4c1");
    }
}
