//! The candidate state the techniques work on: the value or the candidates of every cell, and the
//! houses of the board (rows, columns, boxes or jigsaw regions, diagonals, windows, and the hyper
//! windows' hidden windows, which no rule names but every solution fills) with, for every house and
//! digit, the positions where the digit can still go.
//!
//! ```text
//!   values[cell]          the placed digit, if any (givens and placed cells)
//!   cands[cell]           the candidates of an unsolved cell (empty once solved)
//!   digit_cells[d]        every unsolved cell that has d as a candidate
//!   pos[house * side + d] bit i set: the house's i-th cell has d as a candidate
//!   placed[house]         the digits already placed in the house
//! ```
//!
//! Every change goes through [`State::place`] and [`State::eliminate`], which keep the tables in step,
//! so a technique can ask "where can 5 go in box 3" in one load.

use std::sync::Arc;

use super::error::HumanError;
use crate::grid::{Candidates, Cell, CellSet, Digit, DigitSet, Grid, Shape};
use crate::rules::{Board, HouseKind};

/// One house of the board as the techniques see it.
#[derive(Clone, Debug)]
pub struct HouseInfo {
    /// Which house it is (row, column, box, region, diagonal, window).
    pub kind: HouseKind,
    /// Its cells, in reading order.
    pub cells: Vec<Cell>,
    /// The same cells as a set.
    pub set: CellSet,
}

impl HouseInfo {
    /// Whether the house is a row or a column.
    pub fn kind_is_line(&self) -> bool {
        matches!(self.kind, HouseKind::Row(_) | HouseKind::Col(_))
    }
    /// Whether `other` is a house of the same family (both rows, both columns, …).
    pub fn kind_matches(&self, other: &HouseKind) -> bool {
        std::mem::discriminant(&self.kind) == std::mem::discriminant(other)
    }
}

/// The board's houses and peers in the form the techniques use; built once per state and shared by
/// its clones.
#[derive(Debug)]
struct Geo {
    shape: Shape,
    houses: Vec<HouseInfo>,
    /// For each cell, its houses (indices into `houses`) and its position in each.
    cell_houses: Vec<Vec<(u16, u8)>>,
    peers: Vec<CellSet>,
    /// How many of the houses are rows, columns, boxes/regions: rows are `0..n`, columns `n..2n`,
    /// blocks `2n..3n` when the board has them all.
    lines_and_blocks: bool,
}

impl Geo {
    fn new(board: &Board) -> Geo {
        let shape = board.shape();
        let mut houses: Vec<HouseInfo> = Vec::new();
        // The hyper windows' hidden windows come after the rules' houses: every technique may use
        // them (every digit is once in each in every solution), and players of windoku do.
        let hidden = board.hidden_windows();
        for h in board.houses().iter().chain(&hidden) {
            let set: CellSet = h.cells.iter().copied().collect();
            // A variant may list one set of cells twice (a diagonal of a tiny board that is also a
            // box, say): one copy is enough for every technique.
            if houses.iter().any(|o| o.set == set) {
                continue;
            }
            let mut cells = h.cells.clone();
            cells.sort_unstable();
            houses.push(HouseInfo { kind: h.kind, cells, set });
        }
        let mut cell_houses = vec![Vec::new(); shape.cells()];
        for (i, h) in houses.iter().enumerate() {
            for (p, &c) in h.cells.iter().enumerate() {
                cell_houses[c.index()].push((i as u16, p as u8));
            }
        }
        // With hidden windows, the board's geometry keeps the peers they add (built once per board).
        let peers: Vec<CellSet> = if hidden.is_empty() {
            Cell::all(shape).map(|c| board.peer_set(c)).collect()
        } else {
            let g = board.geometry();
            let cells = |c: Cell| g.peers(board, c.index()).iter().map(|&p| Cell::from_index(usize::from(p)));
            Cell::all(shape).map(|c| cells(c).collect()).collect()
        };
        let n = shape.side();
        let lines_and_blocks = houses.len() >= 3 * n
            && (0..n).all(|i| {
                houses[i].kind == HouseKind::Row(i as u8)
                    && houses[n + i].kind == HouseKind::Col(i as u8)
                    && matches!(houses[2 * n + i].kind, HouseKind::Box(_) | HouseKind::Region(_))
            });
        Geo { shape, houses, cell_houses, peers, lines_and_blocks }
    }
}

/// A grid in the middle of being solved: values, candidates and the per-house tables.
///
/// ```
/// use sudokit::human::State;
/// use sudokit::{Cell, Grid, Shape};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let state = State::classic(&grid)?;
/// let r1c2 = Cell::new_checked(1, Shape::CLASSIC).expect("on the board");
/// assert_eq!(state.candidates(r1c2).to_string(), "{1,2,4,6}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct State {
    board: Arc<Board>,
    geo: Arc<Geo>,
    values: Vec<Option<Digit>>,
    given: CellSet,
    /// The pencil marks a state from pencil marks began with: the puzzle itself, which a second
    /// solution must keep to as a puzzle's keeps to its givens (none for a puzzle).
    marks: Option<Arc<[DigitSet]>>,
    cands: Vec<DigitSet>,
    digit_cells: Vec<CellSet>,
    pos: Vec<u32>,
    placed: Vec<DigitSet>,
    unsolved: usize,
}

impl State {
    /// An empty state (every digit open everywhere) on `board`.
    fn open(board: Arc<Board>) -> State {
        let geo = Arc::new(Geo::new(&board));
        let shape = board.shape();
        let n = shape.side();
        let all = DigitSet::all(shape);
        let full_house = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        State {
            values: vec![None; shape.cells()],
            given: CellSet::new(),
            marks: None,
            cands: vec![all; shape.cells()],
            digit_cells: vec![CellSet::all(shape); n],
            pos: vec![full_house; geo.houses.len() * n],
            placed: vec![DigitSet::new(); geo.houses.len()],
            unsolved: shape.cells(),
            board,
            geo,
        }
    }

    /// The state of a puzzle: its clues are givens, every other cell has the digits no peer holds.
    ///
    /// # Errors
    /// [`HumanError::ShapeMismatch`] or [`HumanError::Conflict`] (two equal givens in a house).
    pub fn new(board: Arc<Board>, grid: &Grid) -> Result<State, HumanError> {
        if grid.shape() != board.shape() {
            return Err(HumanError::ShapeMismatch { board: board.shape(), grid: grid.shape() });
        }
        if let Some(conflict) = board.conflicts(grid).into_iter().next() {
            return Err(HumanError::Conflict(conflict));
        }
        let mut state = State::open(board);
        for (cell, digit) in grid.iter() {
            if let Some(d) = digit {
                state.place(cell, d);
                state.given.insert(cell);
            }
        }
        Ok(state)
    }

    /// [`State::new`] on the classic rules of the grid's shape.
    ///
    /// # Errors
    /// As [`State::new`].
    pub fn classic(grid: &Grid) -> Result<State, HumanError> {
        State::new(Board::classic_shared(grid.shape()), grid)
    }

    /// The state a pencil-mark grid describes. A cell with one candidate whose digit no peer still
    /// has counts as solved (a pencil-mark grid cannot tell givens from placed cells; both are taken
    /// as givens); any other cell is unsolved with exactly the candidates given (a peer's value is
    /// removed from them).
    ///
    /// # Errors
    /// [`HumanError::ShapeMismatch`], or the contradiction found: a cell without candidates, two
    /// peers whose only candidate is the same digit, a digit with no place left in a house.
    pub fn from_candidates(board: Arc<Board>, marks: &Candidates) -> Result<State, HumanError> {
        let shape = board.shape();
        if marks.shape() != shape {
            return Err(HumanError::ShapeMismatch { board: shape, grid: marks.shape() });
        }
        for (cell, set) in marks.iter() {
            if set.is_empty() {
                return Err(HumanError::NoCandidates { cell: cell.name(shape) });
            }
            if let Some(d) = set.only() {
                if let Some(peer) = board.peer_cells(cell).find(|&p| marks.get(p).only() == Some(d)) {
                    return Err(HumanError::TwinSingles {
                        digit: d,
                        first: cell.name(shape),
                        second: peer.name(shape),
                    });
                }
            }
        }
        let mut state = State::open(board);
        let solved: Vec<(Cell, Digit)> = marks
            .iter()
            .filter_map(|(cell, set)| set.only().map(|d| (cell, d)))
            .filter(|&(cell, d)| !state.geo.peers[cell.index()].iter().any(|p| marks.get(p).contains(d)))
            .collect();
        for (cell, set) in marks.iter() {
            for d in DigitSet::all(shape).difference(set) {
                state.eliminate(cell, d);
            }
        }
        for (cell, d) in solved {
            state.place(cell, d);
            state.given.insert(cell);
        }
        state.marks = Some(marks.iter().map(|(_, set)| set).collect());
        state.check()?;
        Ok(state)
    }

    /// [`State::from_candidates`] on the classic rules of the grid's shape.
    ///
    /// # Errors
    /// As [`State::from_candidates`].
    pub fn classic_candidates(marks: &Candidates) -> Result<State, HumanError> {
        State::from_candidates(Board::classic_shared(marks.shape()), marks)
    }

    /// Finds a contradiction a human would see at once: an unsolved cell without candidates, a digit
    /// with no place in a house.
    ///
    /// # Errors
    /// The first contradiction found.
    pub fn check(&self) -> Result<(), HumanError> {
        let shape = self.shape();
        for cell in Cell::all(shape) {
            if self.values[cell.index()].is_none() && self.cands[cell.index()].is_empty() {
                return Err(HumanError::NoCandidates { cell: cell.name(shape) });
            }
        }
        for (h, house) in self.geo.houses.iter().enumerate() {
            for d in DigitSet::all(shape).difference(self.placed[h]) {
                if self.positions(h, d) == 0 {
                    return Err(HumanError::DigitHasNoPlace { digit: d, house: house.kind });
                }
            }
        }
        Ok(())
    }

    /// The rules.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.geo.shape
    }
    /// The board side: cells per house, digits per cell.
    pub fn side(&self) -> usize {
        self.geo.shape.side()
    }
    /// Whether the board is one HoDoKu solves (up to 9×9), so that the last resorts (forcing nets,
    /// brute force) work as HoDoKu's do and the path, and its score, follow HoDoKu's. On larger
    /// boards there is no such path to follow, and they work as is fastest there.
    pub(crate) fn hodoku_sized(&self) -> bool {
        self.side() <= 9
    }
    /// Every digit of the board.
    pub fn all_digits(&self) -> DigitSet {
        DigitSet::all(self.shape())
    }
    /// The digit of a solved cell.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }
    /// Whether the cell was a given (rather than placed while solving).
    pub fn is_given(&self, cell: Cell) -> bool {
        self.given.contains(cell)
    }
    /// The digits a solution may hold in `cell`, whatever the logic so far has shown: a given's
    /// own digit; for a state from pencil marks, the cell's marks as read; else every digit.
    /// Arguments from uniqueness swap digits only within these: a second solution keeps to the
    /// puzzle, and the marks of a pencil-mark grid are its puzzle.
    pub fn allowed(&self, cell: Cell) -> DigitSet {
        match (self.given.contains(cell), self.values[cell.index()], &self.marks) {
            (true, Some(d), _) => DigitSet::single(d),
            (_, _, Some(marks)) => marks[cell.index()],
            _ => DigitSet::all(self.board.shape()),
        }
    }
    /// The candidates of a cell (empty once it is solved).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }
    /// Whether `digit` is a candidate of `cell`.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell.index()].contains(digit)
    }
    /// The unsolved cells that have `digit` as a candidate.
    pub fn digit_cells(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()]
    }
    /// The houses, deduplicated, rows first, then columns, then boxes or regions, then variant houses
    /// (the hidden windows last).
    pub fn houses(&self) -> &[HouseInfo] {
        &self.geo.houses
    }
    /// The houses of a cell with the cell's position in each.
    pub fn cell_houses(&self, cell: Cell) -> &[(u16, u8)] {
        &self.geo.cell_houses[cell.index()]
    }
    /// The cells that see `cell` (share a house or a cage with it).
    pub fn peers(&self, cell: Cell) -> &CellSet {
        &self.geo.peers[cell.index()]
    }
    /// Whether two different cells see each other.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.geo.peers[a.index()].contains(b)
    }
    /// The cells every cell of `cells` sees (the empty set for no cells).
    pub fn common_peers(&self, cells: impl IntoIterator<Item = Cell>) -> CellSet {
        let mut it = cells.into_iter();
        let Some(first) = it.next() else { return CellSet::new() };
        it.fold(self.geo.peers[first.index()], |acc, c| acc & self.geo.peers[c.index()])
    }
    /// The positions of `digit` in house `house`: bit `i` for the house's `i`-th cell.
    pub fn positions(&self, house: usize, digit: Digit) -> u32 {
        self.pos[house * self.side() + digit.index()]
    }
    /// The cells of house `house` that have `digit` as a candidate.
    pub fn house_digit_cells(&self, house: usize, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()] & self.geo.houses[house].set
    }
    /// The digits already placed in house `house`.
    pub fn placed_in(&self, house: usize) -> DigitSet {
        self.placed[house]
    }
    /// The house indices of the rows (`0..n`), the columns and the boxes or regions, when the board
    /// has all three families in the usual order (every board sudokit builds does).
    pub fn lines_and_blocks(&self) -> Option<[std::ops::Range<usize>; 3]> {
        let n = self.side();
        self.geo.lines_and_blocks.then(|| [0..n, n..2 * n, 2 * n..3 * n])
    }
    /// How many cells are still unsolved.
    pub fn unsolved(&self) -> usize {
        self.unsolved
    }
    /// Whether every cell is solved.
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }
    /// The unsolved cells.
    pub fn unsolved_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all(self.shape()).filter(|c| self.values[c.index()].is_none())
    }

    /// Places `digit` in `cell` and removes it from the candidates of every peer. The cell itself
    /// keeps no candidates.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        if self.values[cell.index()].is_some() {
            return;
        }
        for d in self.cands[cell.index()] {
            self.eliminate(cell, d);
        }
        self.values[cell.index()] = Some(digit);
        self.unsolved -= 1;
        for &(h, _) in &self.geo.cell_houses[cell.index()] {
            self.placed[h as usize].insert(digit);
        }
        let peers = self.geo.peers[cell.index()] & self.digit_cells[digit.index()];
        for p in peers {
            self.eliminate(p, digit);
        }
    }

    /// Removes `digit` from the candidates of `cell`; returns whether it was one.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        if !self.cands[cell.index()].remove(digit) {
            return false;
        }
        self.digit_cells[digit.index()].remove(cell);
        let n = self.side();
        for &(h, p) in &self.geo.cell_houses[cell.index()] {
            self.pos[h as usize * n + digit.index()] &= !(1u32 << p);
        }
        true
    }

    /// The grid of solved cells.
    pub fn grid(&self) -> Grid {
        let values: Vec<u8> = self.values.iter().map(|v| v.map_or(0, Digit::get)).collect();
        Grid::from_values(self.shape(), &values).expect("values come from digits of this shape")
    }

    /// The givens alone.
    pub fn givens(&self) -> Grid {
        let values: Vec<u8> = Cell::all(self.shape())
            .map(|c| if self.given.contains(c) { self.values[c.index()].map_or(0, Digit::get) } else { 0 })
            .collect();
        Grid::from_values(self.shape(), &values).expect("values come from digits of this shape")
    }

    /// The pencil marks: a solved cell shows its digit as its only candidate.
    pub fn to_candidates(&self) -> Candidates {
        let mut c = Candidates::new(self.shape());
        for cell in Cell::all(self.shape()) {
            match self.values[cell.index()] {
                Some(d) => c.place(cell, d),
                None => c.set(cell, self.cands[cell.index()]),
            }
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn tables_agree_with_candidates() {
        let grid: Grid = PUZZLE.parse().expect("valid");
        let state = State::classic(&grid).expect("valid");
        for (h, house) in state.houses().iter().enumerate() {
            for d in state.all_digits() {
                let from_cells = house
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| state.has(c, d))
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                assert_eq!(state.positions(h, d), from_cells);
            }
        }
        assert_eq!(state.unsolved(), 81 - 21);
        assert!(state.lines_and_blocks().is_some());
        let back = State::classic_candidates(&state.to_candidates()).expect("consistent");
        assert_eq!(back.grid(), state.grid());
        assert_eq!(back.to_candidates(), state.to_candidates());
    }

    #[test]
    fn contradictory_pencil_marks_are_named() {
        let grid: Grid = PUZZLE.parse().expect("valid");
        let state = State::classic(&grid).expect("valid");
        let mut marks = state.to_candidates();
        let r1c2 = Cell::new_checked(1, Shape::CLASSIC).expect("cell");
        marks.set(r1c2, DigitSet::new());
        let err = State::classic_candidates(&marks).expect_err("empty cell");
        assert_eq!(err.to_string(), "the pencil marks contradict themselves: r1c2 has no candidate left");
        let mut marks = state.to_candidates();
        for c in [1, 2] {
            let cell = Cell::new_checked(c, Shape::CLASSIC).expect("cell");
            marks.set(cell, DigitSet::single(Digit::new_checked(1, Shape::CLASSIC).expect("digit")));
        }
        let err = State::classic_candidates(&marks).expect_err("twins");
        assert!(err.to_string().contains("r1c2 and r1c3 can only be 1"), "{err}");
        let mut marks = state.to_candidates();
        let four = Digit::new_checked(4, Shape::CLASSIC).expect("digit");
        for c in 0..9 {
            marks.eliminate(Cell::new_checked(c, Shape::CLASSIC).expect("cell"), four);
        }
        let err = State::classic_candidates(&marks).expect_err("no place");
        assert!(err.to_string().contains("4 has no place left in row 1"), "{err}");
    }

    #[test]
    fn conflicting_givens_are_an_error() {
        let grid: Grid = format!("88{}", &PUZZLE[2..]).parse().expect("parses");
        assert!(matches!(State::classic(&grid), Err(HumanError::Conflict(_))));
    }
}
