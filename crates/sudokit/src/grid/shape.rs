//! Board shapes: the side and the box dimensions, and the supported range of sides.

use std::fmt;

use super::{Cell, GridError};

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

    /// Whether the boxes are those [`Shape::for_side`] gives the side, so that the side alone
    /// names the shape.
    ///
    /// ```
    /// use sudokit::Shape;
    /// assert!(Shape::new(2, 3)?.is_default_for_side());
    /// assert!(!Shape::new(3, 2)?.is_default_for_side());
    /// # Ok::<(), sudokit::GridError>(())
    /// ```
    pub fn is_default_for_side(self) -> bool {
        Shape::for_side(self.side()).ok() == Some(self)
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
}
