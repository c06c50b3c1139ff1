//! Boards: the rules a grid must obey, as a list of houses.
//!
//! A house is a set of `side` cells that must hold every digit exactly once: rows, columns, boxes,
//! and for variants jigsaw regions, the two diagonals (X) or the extra windows (hyper). Every
//! engine and checker reads the rules from here, so a variant is only a different list of houses
//! (plus cages for killer puzzles), never a different solver.
//!
//! Killer cages are not houses: a cage has fewer than `side` cells, which must all differ (so cage
//! mates are peers) and add up to the cage's sum (which the general engine propagates).
//!
//! The tables the engines search with (houses per cell, intersections, cages by index) are derived
//! from the houses once per board, on first use, and kept in the board: see [`Board::geometry`].

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use super::geometry::Geometry;
use super::variant::{CageProblem, VariantError};
use crate::grid::{Candidates, Cell, CellSet, Digit, Grid, Shape, Symbols};
use crate::grid::{GridError, RegionProblem};

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
    /// A hidden window of the hyper variant: cells that no rule names but that hold every digit
    /// once in every solution, as the windows force ([`Board::hidden_windows`]).
    HiddenWindow(u8),
    /// A killer cage (not a full house: its digits only have to differ).
    Cage(u16),
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
            HouseKind::HiddenWindow(i) => write!(f, "hidden window {}", i + 1),
            HouseKind::Cage(i) => write!(f, "cage {}", i + 1),
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

/// A killer cage: cells whose digits all differ and add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The required total of the cage's digits.
    pub sum: u32,
    /// Its cells, in the order given.
    pub cells: Vec<Cell>,
}

impl Cage {
    /// The smallest and largest sums of `cells` different digits from `1..=side`.
    pub fn sum_range(cells: usize, side: usize) -> (u32, u32) {
        let (k, n) = (cells as u32, side as u32);
        (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
    }
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

/// `5 twice in row 1 (r1c1 and r1c7)`.
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Symbols::Standard))
    }
}

impl Conflict {
    /// The conflict as `Display` writes it, the digit written in `symbols` as a puzzle given in
    /// them has it (`F twice in row 1 (r1c1 and r1c2)` in hex; see [`Symbols::digit_text`]).
    pub fn text_in(&self, symbols: Symbols) -> String {
        format!(
            "{} twice in {} ({} and {})",
            symbols.digit_text(self.digit.get()),
            self.house,
            self.cells[0].name(self.shape),
            self.cells[1].name(self.shape)
        )
    }

    /// Conflicts as a list: each one's [`Conflict::text_in`], joined by `; `.
    ///
    /// ```
    /// use sudokit::{Conflict, Puzzle, Symbols};
    /// let p = Puzzle::classic("11..............".parse()?);
    /// let text = Conflict::list_in(&p.conflicts(), Symbols::Standard);
    /// assert_eq!(text, "1 twice in row 1 (r1c1 and r1c2); 1 twice in box 1 (r1c1 and r1c2)");
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn list_in(conflicts: &[Conflict], symbols: Symbols) -> String {
        let names: Vec<String> = conflicts.iter().map(|c| c.text_in(symbols)).collect();
        names.join("; ")
    }

    /// What every message about conflicting givens says: `givens break the rules: `, then the
    /// conflicts ([`Conflict::list_in`]).
    ///
    /// ```
    /// use sudokit::{Conflict, Puzzle, Symbols};
    /// let p = Puzzle::classic("11..............".parse()?);
    /// let text = Conflict::broken_rules_in(&p.conflicts(), Symbols::Standard);
    /// assert_eq!(
    ///     text,
    ///     "givens break the rules: 1 twice in row 1 (r1c1 and r1c2); 1 twice in box 1 (r1c1 and r1c2)"
    /// );
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn broken_rules_in(conflicts: &[Conflict], symbols: Symbols) -> String {
        format!("givens break the rules: {}", Conflict::list_in(conflicts, symbols))
    }
}

/// The rules of a board: its shape and the houses every solution must satisfy.
///
/// ```
/// use sudokit::{Board, Shape};
/// let board = Board::classic(Shape::CLASSIC);
/// assert_eq!(board.houses().len(), 27);
/// let r1c1 = sudokit::Cell::new_checked(0, Shape::CLASSIC).expect("on the board");
/// assert_eq!(board.peer_cells(r1c1).len(), 20);
/// assert!(!board.peer_set(r1c1).contains(sudokit::Cell::new_checked(80, Shape::CLASSIC).expect("r9c9")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    houses: Vec<House>,
    /// Killer cages, in the order given.
    cages: Vec<Cage>,
    /// For every cell, the other cells that may not share its digit, sorted: cell `i`'s are
    /// `peers[peer_start[i]..peer_start[i + 1]]`.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    classic: bool,
    /// The engines' tables, built from the fields above on first use.
    geometry: GeometryCache,
}

/// A board's [`Geometry`], built on first use and shared by the board's clones. It is derived from
/// the board's other fields, so it takes no part in comparisons: two boards with the same rules are
/// equal whether or not either has built it.
#[derive(Clone, Default)]
struct GeometryCache(OnceLock<Arc<Geometry>>);

impl PartialEq for GeometryCache {
    fn eq(&self, _: &GeometryCache) -> bool {
        true
    }
}

impl Eq for GeometryCache {}

impl fmt::Debug for GeometryCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GeometryCache").finish_non_exhaustive()
    }
}

impl Board {
    /// The classic rules for a shape: rows, columns and boxes.
    pub fn classic(shape: Shape) -> Board {
        let mut houses = lines(shape);
        houses.extend(boxes(shape));
        Board::from_houses(shape, houses, Vec::new(), true)
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
            let reason = RegionProblem::MapLength { found: regions.len(), expected: shape.cells() };
            return Err(GridError::BadRegions { reason });
        }
        let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); n];
        for (i, &r) in regions.iter().enumerate() {
            let list = cells.get_mut(r as usize).ok_or_else(|| GridError::BadRegions {
                reason: RegionProblem::RegionOutOfRange {
                    cell: Cell::from_index(i),
                    shape,
                    region: r as usize + 1,
                },
            })?;
            list.push(Cell::from_index(i));
        }
        if let Some((r, c)) = cells.iter().enumerate().find(|(_, c)| c.len() != n) {
            let reason = RegionProblem::RegionSize { region: r + 1, found: c.len(), side: n };
            return Err(GridError::BadRegions { reason });
        }
        let mut houses = lines(shape);
        houses.extend(
            cells.into_iter().enumerate().map(|(i, cells)| House { kind: HouseKind::Region(i as u8), cells }),
        );
        Ok(Board::from_houses(shape, houses, Vec::new(), false))
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
        Board::from_houses(s, self.houses, self.cages, false)
    }

    /// These rules plus the hyper (windoku) windows: boxes offset by one cell from each edge and
    /// separated by one line of cells. Only for square boxes whose windows fit (9×9 gives four 3×3 windows).
    pub fn with_windows(mut self) -> Result<Board, GridError> {
        let s = self.shape;
        let (n, b) = (s.side(), s.box_rows());
        if s.box_rows() != s.box_cols() || n < 9 {
            return Err(GridError::NoWindows { shape: s });
        }
        let starts = window_starts(b);
        let mut w = 0u8;
        for &r0 in &starts {
            for &c0 in &starts {
                let cells = (0..b * b).map(|k| Cell::at(r0 + k / b, c0 + k % b, s)).collect();
                self.houses.push(House { kind: HouseKind::Window(w), cells });
                w += 1;
            }
        }
        Ok(Board::from_houses(s, self.houses, self.cages, false))
    }

    /// Sets of `side` cells that hold every digit once in every solution although no rule names
    /// them, as cell indices in reading order: the hyper windows' *hidden windows*. Solvers may
    /// treat them as houses; they change no solution, only how soon a search sees a dead end
    /// (an empty 16×16 hyper board is filled at once with them, and not in minutes without).
    ///
    /// On a board of `b × b` boxes the windows span `b − 1` bands of `b` rows, one row apart, and
    /// leave `b` rows outside every window (the first, the last and one between each two
    /// windows); the same for columns. A window band's rows hold each digit `b` times; its `b − 1`
    /// windows hold it once each, so the band's cells outside the windows (in the gap columns)
    /// hold it exactly once: a hidden window of `b × b` cells. So do the gap rows' cells in each
    /// window stack's columns, and then, by the same count over the gap rows, the cells where gap
    /// rows meet gap columns: `2b − 1` hidden windows (five on 9×9).
    pub(crate) fn implied_houses(&self) -> Vec<Vec<u16>> {
        if !self.houses.iter().any(|h| matches!(h.kind, HouseKind::Window(_))) {
            return Vec::new();
        }
        let (n, b) = (self.shape.side(), self.shape.box_rows());
        let bands: Vec<Vec<usize>> = window_starts(b).into_iter().map(|st| (st..st + b).collect()).collect();
        let gaps: Vec<usize> = (0..b).map(|k| k * (b + 1)).collect();
        let cells = |rows: &[usize], cols: &[usize]| -> Vec<u16> {
            rows.iter().flat_map(|&r| cols.iter().map(move |&c| (r * n + c) as u16)).collect()
        };
        let mut out: Vec<Vec<u16>> =
            bands.iter().flat_map(|band| [cells(band, &gaps), cells(&gaps, band)]).collect();
        out.push(cells(&gaps, &gaps));
        out
    }

    /// The hyper windows' hidden windows as houses (none on other boards), numbered as
    /// `implied_houses` lists them: on 9×9, `hidden window 1` is rows 2–4 at columns 1, 5 and 9,
    /// `2` its transpose (rows 1, 5, 9 at columns 2–4), `3` and `4` the same for rows and columns
    /// 6–8, and `5` the nine cells where rows and columns 1, 5 and 9 meet. No rule names them, but
    /// every solution holds every digit once in each (the counting argument is in the
    /// crate-internal `implied_houses`: a band of window rows holds each digit once per row, once
    /// per window, so once in its cells outside the windows), so a solver may reason with them as
    /// with any house: windoku players do.
    ///
    /// ```
    /// use sudokit::{Board, HouseKind, Shape};
    /// let hyper = Board::classic(Shape::CLASSIC).with_windows()?;
    /// let hidden = hyper.hidden_windows();
    /// assert_eq!(hidden.len(), 5);
    /// assert_eq!(hidden[4].kind, HouseKind::HiddenWindow(4));
    /// let names: Vec<String> = hidden[4].cells.iter().map(|c| c.name(Shape::CLASSIC)).collect();
    /// assert_eq!(names, ["r1c1", "r1c5", "r1c9", "r5c1", "r5c5", "r5c9", "r9c1", "r9c5", "r9c9"]);
    /// assert!(Board::classic(Shape::CLASSIC).hidden_windows().is_empty());
    /// # Ok::<(), sudokit::GridError>(())
    /// ```
    pub fn hidden_windows(&self) -> Vec<House> {
        self.implied_houses()
            .into_iter()
            .enumerate()
            .map(|(k, cells)| House {
                kind: HouseKind::HiddenWindow(k as u8),
                cells: cells.into_iter().map(|c| Cell::from_index(usize::from(c))).collect(),
            })
            .collect()
    }

    /// These rules plus killer cages (added to any already there).
    ///
    /// Each cage needs 1 to `side` cells on the board, no cell twice, no cell in two cages, and a sum
    /// that that many different digits can make (2 cells on 9×9: 3 to 17). The errors name the cage
    /// by its 1-based number among all cages.
    pub fn with_cages(mut self, cages: impl IntoIterator<Item = Cage>) -> Result<Board, VariantError> {
        let s = self.shape;
        let mut owner: Vec<Option<usize>> = vec![None; s.cells()];
        for c in &self.cages {
            for &cell in &c.cells {
                owner[cell.index()] = Some(0);
            }
        }
        let first = self.cages.len();
        for (k, cage) in cages.into_iter().enumerate() {
            let number = first + k + 1;
            let bad = |reason: CageProblem| VariantError::BadCage { cage: number, reason };
            let count = cage.cells.len();
            if count == 0 || count > s.side() {
                return Err(bad(CageProblem::CellCount { count, max: s.side() }));
            }
            for &cell in &cage.cells {
                let slot = owner.get_mut(cell.index()).ok_or_else(|| bad(CageProblem::OffBoard { cell }))?;
                match slot {
                    Some(other) if *other == number => {
                        return Err(bad(CageProblem::CellTwice { cell, shape: s }));
                    }
                    Some(_) => return Err(bad(CageProblem::CellInTwoCages { cell, shape: s })),
                    None => *slot = Some(number),
                }
            }
            let (lo, hi) = Cage::sum_range(count, s.side());
            if cage.sum < lo || cage.sum > hi {
                let (sum, side) = (cage.sum, s.side());
                return Err(bad(CageProblem::ImpossibleSum { sum, cells: count, side, min: lo, max: hi }));
            }
            self.cages.push(cage);
        }
        Ok(Board::from_houses(s, self.houses, self.cages, false))
    }

    fn from_houses(shape: Shape, houses: Vec<House>, cages: Vec<Cage>, classic: bool) -> Board {
        let mut lists: Vec<Vec<u16>> = vec![Vec::new(); shape.cells()];
        let groups = houses.iter().map(|h| &h.cells).chain(cages.iter().map(|c| &c.cells));
        for cells in groups {
            for &a in cells {
                lists[a.index()].extend(cells.iter().filter(|&&b| b != a).map(|b| b.index() as u16));
            }
        }
        let mut peer_start = Vec::with_capacity(shape.cells() + 1);
        let mut peers = Vec::new();
        for mut p in lists {
            p.sort_unstable();
            p.dedup();
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(&p);
        }
        peer_start.push(peers.len() as u32);
        Board { shape, houses, cages, peer_start, peers, classic, geometry: GeometryCache::default() }
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The houses, rows first, then columns, then boxes or regions, then variant houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }
    /// The killer cages, in the order given.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }
    /// The cells that may not hold the same digit as `cell`, as sorted 0-based indices: the engines'
    /// fast form (users get [`Board::peer_cells`] and [`Board::peer_set`]).
    pub(crate) fn peers(&self, cell: Cell) -> &[u16] {
        let i = cell.index();
        &self.peers[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }

    /// The engines' tables for this board: built on the first call (a few microseconds to a few
    /// milliseconds, by size), then shared by every later call and every clone of the board.
    pub(crate) fn geometry(&self) -> &Geometry {
        self.geometry.0.get_or_init(|| Arc::new(Geometry::new(self)))
    }

    /// The cells that may not hold the same digit as `cell` (they share a house or a cage), in cell order.
    pub fn peer_cells(&self, cell: Cell) -> impl ExactSizeIterator<Item = Cell> + '_ {
        self.peers(cell).iter().map(|&p| Cell::from_index(p as usize))
    }
    /// The cells that may not hold the same digit as `cell`, as a set.
    pub fn peer_set(&self, cell: Cell) -> CellSet {
        self.peer_cells(cell).collect()
    }
    /// The pencil marks of a grid under these rules: each given placed and removed from its peers'
    /// candidates, every other digit open.
    ///
    /// ```
    /// use sudokit::{Board, Cell, Grid, Shape};
    /// let g: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// let c = Board::classic(Shape::CLASSIC).candidates(&g);
    /// assert_eq!(c.get(Cell::new_checked(1, Shape::CLASSIC).expect("r1c2")).to_string(), "{1,2,4,6}");
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn candidates(&self, grid: &Grid) -> Candidates {
        let mut c = Candidates::from_grid(grid);
        for (cell, digit) in grid.iter() {
            if let Some(d) = digit {
                for &p in self.peers(cell) {
                    c.eliminate(Cell::from_index(p as usize), d);
                }
            }
        }
        c
    }

    /// A short description for messages, e.g. `classic 9×9 (boxes 3x3)` or
    /// `9×9 (boxes 3x3) with 29 houses and 0 cages`.
    pub fn describe(&self) -> String {
        if self.classic {
            format!("classic {}", self.shape)
        } else {
            format!("{} with {} houses and {} cages", self.shape, self.houses.len(), self.cages.len())
        }
    }

    /// Whether these are the plain rules (rows, columns, boxes) of the shape.
    pub fn is_classic(&self) -> bool {
        self.classic
    }

    /// Every pair of equal givens that share a house or a cage, houses first.
    pub fn conflicts(&self, grid: &Grid) -> Vec<Conflict> {
        let mut out = Vec::new();
        let houses = self.houses.iter().map(|h| (h.kind, &h.cells));
        let cages = self.cages.iter().enumerate().map(|(i, c)| (HouseKind::Cage(i as u16), &c.cells));
        for (kind, cells) in houses.chain(cages) {
            let mut seen: [Option<Cell>; crate::grid::MAX_SIDE + 1] = [None; crate::grid::MAX_SIDE + 1];
            for &c in cells {
                if let Some(d) = grid.get(c) {
                    match seen[d.get() as usize] {
                        Some(first) => {
                            out.push(Conflict { digit: d, house: kind, cells: [first, c], shape: self.shape })
                        }
                        None => seen[d.get() as usize] = Some(c),
                    }
                }
            }
        }
        out
    }

    /// Whether `solution` is full, obeys every house and cage and keeps every given of `puzzle`.
    pub fn is_solution(&self, puzzle: &Grid, solution: &Grid) -> bool {
        solution.shape() == self.shape
            && solution.is_full()
            && solution.extends(puzzle)
            && self.conflicts(solution).is_empty()
            && self.cages.iter().all(|c| {
                c.cells.iter().map(|&cell| solution.values()[cell.index()] as u32).sum::<u32>() == c.sum
            })
    }
}

/// The first row (and column) of each band of hyper windows on a board of `b × b` boxes: `b − 1`
/// bands of `b` lines, one line from the edges and from each other.
fn window_starts(b: usize) -> Vec<usize> {
    (0..b.saturating_sub(1)).map(|k| 1 + k * (b + 1)).collect()
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
        assert_eq!(c[0].text_in(Symbols::Standard), text[0]);
        assert_eq!(c[0].text_in(Symbols::Letters), "E twice in row 1 (r1c1 and r1c7)");
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

    #[test]
    fn hyper_windows_imply_hidden_windows() {
        assert!(Board::classic(Shape::CLASSIC).implied_houses().is_empty());
        assert!(Board::classic(Shape::CLASSIC).with_diagonals().implied_houses().is_empty());
        // Hyper solutions made by the generator, checked against the board's own rules first.
        let grids = [
            "326198457581274963947563182169385274438927615275641839813452796792836541654719328",
            "FB84A9G123E5D7C67E1CF268GD4AB59359A37DECBF16G428G6D24B3597C81EFAEGB856421A97CD3F\
             DC5FG8976B3E4A121436BAFEDG2C89759A27DC1385F4E6GB6FE59G7B4C8231AD38CG1E26A97DFB54\
             B17934ADFE5G628C2D4AC58F316B7GE947FE83DG52B9AC61839B27CAE6D15F4GC5G16FB974A328DE\
             A26DE154C8GF93B7",
        ];
        for (text, hidden) in grids.into_iter().zip([5, 7]) {
            let grid: Grid = text.parse().expect("a grid");
            let board = Board::classic(grid.shape()).with_windows().expect("windows");
            assert!(board.is_solution(&Grid::empty(grid.shape()), &grid), "{text}");
            let implied = board.implied_houses();
            assert_eq!(implied.len(), hidden);
            let side = grid.shape().side();
            let mut covered = vec![0; grid.shape().cells()];
            for house in &implied {
                let mut digits: Vec<u8> = house.iter().map(|&c| grid.values()[c as usize]).collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=side as u8).collect::<Vec<_>>(), "{house:?} of {text}");
                for &c in house {
                    covered[c as usize] += 1;
                }
            }
            // The hidden windows share out the cells outside every window.
            let mut in_window = vec![false; grid.shape().cells()];
            for h in board.houses().iter().filter(|h| matches!(h.kind, HouseKind::Window(_))) {
                for c in &h.cells {
                    in_window[c.index()] = true;
                }
            }
            for (c, &k) in covered.iter().enumerate() {
                assert_eq!(k, usize::from(!in_window[c]), "cell {c}");
            }
        }
        // The 9×9 hidden windows: rows 2-4 and 6-8 (0-based 1-3, 5-7) at columns 1, 5, 9, the same
        // transposed, and the nine cells where rows and columns 1, 5 and 9 meet.
        let nine = Board::classic(Shape::CLASSIC).with_windows().expect("windows").implied_houses();
        assert_eq!(nine[0], [9, 13, 17, 18, 22, 26, 27, 31, 35]);
        assert_eq!(nine[4], [0, 4, 8, 36, 40, 44, 72, 76, 80]);
    }
}
