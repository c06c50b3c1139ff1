//! Boards: the rules a grid must obey, as a list of houses.
//!
//! A house is a set of `side` cells that must hold every digit exactly once: rows, columns, boxes,
//! and for variants jigsaw regions, the two diagonals (X) or the extra windows (hyper). Every
//! engine and checker reads the rules from here, so a variant is only a different list of houses
//! (plus cages for killer puzzles), never a different solver.

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::GridError;
use crate::grid::{Cell, Digit, Grid, Shape};

/// What kind of house a [`House`] is, with its 0-based index among houses of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HouseKind {
    /// A row.
    Row(u8),
    /// A column.
    Col(u8),
    /// A box of the classic layout.
    Box(u8),
    /// A jigsaw region (replacing the boxes).
    Region(u8),
    /// The main diagonal (0, top-left to bottom-right) or the anti-diagonal (1).
    Diagonal(u8),
    /// An extra window of the hyper (windoku) variant.
    Window(u8),
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HouseKind::Row(i) => write!(f, "row {}", i + 1),
            HouseKind::Col(i) => write!(f, "column {}", i + 1),
            HouseKind::Box(i) => write!(f, "box {}", i + 1),
            HouseKind::Region(i) => write!(f, "region {}", i + 1),
            HouseKind::Diagonal(0) => f.write_str("main diagonal"),
            HouseKind::Diagonal(_) => f.write_str("anti-diagonal"),
            HouseKind::Window(i) => write!(f, "window {}", i + 1),
        }
    }
}

/// A set of `side` cells that holds each digit exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// Which house this is.
    pub kind: HouseKind,
    /// Its cells, in reading order.
    pub cells: Vec<Cell>,
}

/// Two equal givens in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The house holding it twice.
    pub house: HouseKind,
    /// The two cells, first in reading order first.
    pub cells: [Cell; 2],
    /// The board shape, so the cells print by name.
    pub shape: Shape,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} twice in {} ({} and {})",
            self.digit,
            self.house,
            self.cells[0].name(self.shape),
            self.cells[1].name(self.shape)
        )
    }
}

/// The rules of a board: its shape and the houses every solution must satisfy.
///
/// ```
/// use sudokit::{Board, Shape};
/// let board = Board::classic(Shape::CLASSIC);
/// assert_eq!(board.houses().len(), 27);
/// assert_eq!(board.peers(sudokit::Cell::from_index(0)).len(), 20);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    houses: Vec<House>,
    /// For every cell, the other cells that may not share its digit, sorted.
    peers: Vec<Vec<u16>>,
    classic: bool,
}

impl Board {
    /// The classic rules for a shape: rows, columns and boxes.
    pub fn classic(shape: Shape) -> Board {
        let mut houses = lines(shape);
        houses.extend(boxes(shape));
        Board::from_houses(shape, houses, true)
    }

    /// The classic rules for a shape, built once and shared; cheap to call per puzzle.
    pub fn classic_shared(shape: Shape) -> Arc<Board> {
        static CACHE: OnceLock<Mutex<Vec<Arc<Board>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        // A poisoned lock only means another thread panicked while pushing; the list is still valid.
        let mut boards = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(b) = boards.iter().find(|b| b.shape == shape) {
            return Arc::clone(b);
        }
        let b = Arc::new(Board::classic(shape));
        boards.push(Arc::clone(&b));
        b
    }

    /// Rules with jigsaw regions in place of boxes: `regions[cell]` is the 0-based region of each cell,
    /// row-major, and every region must have exactly `side` cells.
    pub fn jigsaw(shape: Shape, regions: &[u8]) -> Result<Board, GridError> {
        let n = shape.side();
        if regions.len() != shape.cells() {
            return Err(GridError::BadRegions {
                reason: format!("the region map has {} cells, expected {}", regions.len(), shape.cells()),
            });
        }
        let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); n];
        for (i, &r) in regions.iter().enumerate() {
            let list = cells.get_mut(r as usize).ok_or_else(|| GridError::BadRegions {
                reason: format!(
                    "{} is in region {}, but there are only {n} regions",
                    Cell::from_index(i).name(shape),
                    r as usize + 1
                ),
            })?;
            list.push(Cell::from_index(i));
        }
        if let Some((r, c)) = cells.iter().enumerate().find(|(_, c)| c.len() != n) {
            return Err(GridError::BadRegions {
                reason: format!("region {} has {} cells, every region needs {n}", r + 1, c.len()),
            });
        }
        let mut houses = lines(shape);
        houses.extend(
            cells.into_iter().enumerate().map(|(i, cells)| House { kind: HouseKind::Region(i as u8), cells }),
        );
        Ok(Board::from_houses(shape, houses, false))
    }

    /// These rules plus both main diagonals (the X variant).
    pub fn with_diagonals(mut self) -> Board {
        let n = self.shape.side();
        let s = self.shape;
        self.houses
            .push(House { kind: HouseKind::Diagonal(0), cells: (0..n).map(|i| Cell::at(i, i, s)).collect() });
        self.houses.push(House {
            kind: HouseKind::Diagonal(1),
            cells: (0..n).map(|i| Cell::at(i, n - 1 - i, s)).collect(),
        });
        Board::from_houses(s, self.houses, false)
    }

    /// These rules plus the hyper (windoku) windows: boxes offset by one cell from each edge and
    /// separated by one line of cells. Only for square boxes whose windows fit (9×9 gives four 3×3 windows).
    pub fn with_windows(mut self) -> Result<Board, GridError> {
        let s = self.shape;
        let (n, b) = (s.side(), s.box_rows());
        if s.box_rows() != s.box_cols() || n < 9 {
            return Err(GridError::Unsupported { what: format!("hyper windows on a {s} board") });
        }
        let starts: Vec<usize> = (0..).map(|k| 1 + k * (b + 1)).take_while(|&st| st + b < n).collect();
        let mut w = 0u8;
        for &r0 in &starts {
            for &c0 in &starts {
                let cells = (0..b * b).map(|k| Cell::at(r0 + k / b, c0 + k % b, s)).collect();
                self.houses.push(House { kind: HouseKind::Window(w), cells });
                w += 1;
            }
        }
        Ok(Board::from_houses(s, self.houses, false))
    }

    fn from_houses(shape: Shape, houses: Vec<House>, classic: bool) -> Board {
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); shape.cells()];
        for h in &houses {
            for &a in &h.cells {
                peers[a.index()].extend(h.cells.iter().filter(|&&b| b != a).map(|b| b.index() as u16));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        Board { shape, houses, peers, classic }
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The houses, rows first, then columns, then boxes or regions, then variant houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }
    /// The cells that may not hold the same digit as `cell`, as 0-based indices.
    pub fn peers(&self, cell: Cell) -> &[u16] {
        &self.peers[cell.index()]
    }
    /// Whether these are the plain rules (rows, columns, boxes) of the shape.
    pub fn is_classic(&self) -> bool {
        self.classic
    }

    /// Every pair of equal givens that share a house, in house order.
    pub fn conflicts(&self, grid: &Grid) -> Vec<Conflict> {
        let mut out = Vec::new();
        for h in &self.houses {
            let mut seen: [Option<Cell>; crate::grid::MAX_SIDE + 1] = [None; crate::grid::MAX_SIDE + 1];
            for &c in &h.cells {
                if let Some(d) = grid.get(c) {
                    match seen[d.get() as usize] {
                        Some(first) => out.push(Conflict {
                            digit: d,
                            house: h.kind,
                            cells: [first, c],
                            shape: self.shape,
                        }),
                        None => seen[d.get() as usize] = Some(c),
                    }
                }
            }
        }
        out
    }

    /// Whether `solution` is full, obeys every house and keeps every given of `puzzle`.
    pub fn is_solution(&self, puzzle: &Grid, solution: &Grid) -> bool {
        solution.shape() == self.shape
            && solution.is_full()
            && solution.extends(puzzle)
            && self.conflicts(solution).is_empty()
    }
}

fn lines(shape: Shape) -> Vec<House> {
    let n = shape.side();
    let rows = (0..n).map(|r| House {
        kind: HouseKind::Row(r as u8),
        cells: (0..n).map(|c| Cell::at(r, c, shape)).collect(),
    });
    let cols = (0..n).map(|c| House {
        kind: HouseKind::Col(c as u8),
        cells: (0..n).map(|r| Cell::at(r, c, shape)).collect(),
    });
    rows.chain(cols).collect()
}

fn boxes(shape: Shape) -> Vec<House> {
    let mut boxes: Vec<House> =
        (0..shape.side()).map(|b| House { kind: HouseKind::Box(b as u8), cells: Vec::new() }).collect();
    for i in 0..shape.cells() {
        let c = Cell::from_index(i);
        boxes[shape.box_of(c)].cells.push(c);
    }
    boxes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_peers_and_houses() {
        for n in [4, 6, 9, 12, 16, 25] {
            let s = Shape::for_side(n).expect("shape");
            let b = Board::classic(s);
            assert_eq!(b.houses().len(), 3 * n);
            assert!(b.houses().iter().all(|h| h.cells.len() == n));
            let expected_peers = 3 * n - 1 - s.box_rows() - s.box_cols();
            assert!((0..s.cells()).all(|i| b.peers(Cell::from_index(i)).len() == expected_peers));
        }
    }

    #[test]
    fn conflicts_name_cells_and_houses() {
        let mut text = vec![b'.'; 81];
        for i in [0, 6, 72] {
            text[i] = b'5';
        }
        let g: Grid = String::from_utf8(text).expect("ascii").parse().expect("parses");
        let c = Board::classic(Shape::CLASSIC).conflicts(&g);
        let text: Vec<String> = c.iter().map(|c| c.to_string()).collect();
        assert_eq!(text, vec!["5 twice in row 1 (r1c1 and r1c7)", "5 twice in column 1 (r1c1 and r9c1)"]);
    }

    #[test]
    fn variant_houses() {
        let x = Board::classic(Shape::CLASSIC).with_diagonals();
        assert_eq!(x.houses().len(), 29);
        assert_eq!(x.peers(Cell::from_index(0)).len(), 20 + 6);
        let h = Board::classic(Shape::CLASSIC).with_windows().expect("9x9 windows");
        assert_eq!(h.houses().len(), 31);
        assert!(Board::classic(Shape::for_side(6).expect("6")).with_windows().is_err());
        let bad = vec![0u8; 81];
        assert!(Board::jigsaw(Shape::CLASSIC, &bad).is_err());
    }
}
