//! Why a puzzle has no solution, told the way a player would see it: the singles (cells forced
//! by their peers, digits with one place left in a house) that follow from the givens lead to a
//! dead end — a cell with no candidate left, a digit with no place left in a house, or a full
//! killer cage with the wrong total — or else every candidate of one cell, or every place of one
//! digit in a house, does.
//!
//! The search that gives [`Verdict::NoSolution`](super::Verdict::NoSolution) proves the verdict
//! but shows nothing a person can follow; this is the short argument behind most such puzzles
//! (a mistyped given, a wrong entry). Some puzzles need a deeper search than one trial to fail,
//! and for those there is no short argument: [`why_no_solution`] says so with `None`.

use std::fmt::{self, Write as _};

use crate::grid::{Cell, Digit, DigitSet, Grid, Shape, Symbols};
use crate::rules::{Board, HouseKind};

/// Where a line of reasoning runs out of room.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeadEnd {
    /// An empty cell with no candidate left: every digit is in a house or cage it shares.
    Cell(Cell),
    /// A digit with no place left in a house.
    Digit {
        /// The digit.
        digit: Digit,
        /// The house it cannot go in.
        house: HouseKind,
    },
    /// A killer cage whose cells are all filled, adding up to `total` where the cage asks `sum`.
    Cage {
        /// The cage's 0-based index in the board's cages.
        index: usize,
        /// What its digits add up to.
        total: u32,
        /// Its required sum.
        sum: u32,
    },
}

/// Singles followed from a grid, in the order they were found, up to a dead end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// The cells the singles filled, each with its digit, before the dead end showed.
    pub singles: Vec<(Cell, Digit)>,
    /// What ran out.
    pub dead_end: DeadEnd,
    /// The board's shape, so that cells print by name.
    pub shape: Shape,
}

/// A short argument that a puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoSolution {
    /// The singles that follow from the givens lead to a dead end.
    Singles(Contradiction),
    /// The singles from the givens stop short of one, but one of a few placements must hold (a
    /// cell's candidates, or a digit's places in a house), and each leads by singles to a dead end.
    EveryCase {
        /// The singles from the givens, before the alternatives: they left the alternatives as
        /// few as they are (a cell's other candidates gone, a digit's other places).
        singles: Vec<(Cell, Digit)>,
        /// The alternatives tried.
        of: Alternatives,
        /// Each placement, as it stood after the singles from the givens, with where it leads.
        cases: Vec<(Cell, Digit, Contradiction)>,
        /// The board's shape, so that cells print by name.
        shape: Shape,
    },
}

/// Placements of which one must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Alternatives {
    /// The candidates of an empty cell.
    Cell(Cell),
    /// The places of a digit in a house.
    Digit {
        /// The digit.
        digit: Digit,
        /// The house.
        house: HouseKind,
    },
}

/// How many singles a message names in full; a longer run is shortened to its start and end.
const NAMED_SINGLES: usize = 6;

/// Writes `after the singles r1c2=3 r4c5=6, ` (a long run shortened to its start and end), nothing
/// for none; the digits in `symbols` (see [`Symbols::digit_text`]).
fn write_singles(out: &mut String, singles: &[(Cell, Digit)], shape: Shape, symbols: Symbols) {
    let name = |&(c, d): &(Cell, Digit)| format!("{}={}", c.name(shape), symbols.digit_text(d.get()));
    let n = singles.len();
    if n > NAMED_SINGLES {
        let start: Vec<String> = singles[..NAMED_SINGLES - 1].iter().map(name).collect();
        let _ = write!(out, "after {n} singles ({} … {}), ", start.join(" "), name(&singles[n - 1]));
    } else if n > 0 {
        let all: Vec<String> = singles.iter().map(name).collect();
        let _ = write!(out, "after the single{} {}, ", if n == 1 { "" } else { "s" }, all.join(" "));
    }
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Symbols::Standard))
    }
}

impl Contradiction {
    /// The contradiction as `Display` writes it, its digits in `symbols` as a puzzle given in them
    /// has them (see [`Symbols::digit_text`]).
    pub fn text_in(&self, symbols: Symbols) -> String {
        let mut out = String::new();
        write_singles(&mut out, &self.singles, self.shape, symbols);
        let _ = match &self.dead_end {
            DeadEnd::Cell(c) => write!(out, "{} has no candidate left", c.name(self.shape)),
            DeadEnd::Digit { digit, house } => {
                write!(out, "{} has no place left in {house}", symbols.digit_text(digit.get()))
            }
            DeadEnd::Cage { index, total, sum } => {
                write!(out, "cage {} adds up to {total}, not {sum}", index + 1)
            }
        };
        out
    }
}

impl fmt::Display for NoSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Symbols::Standard))
    }
}

impl NoSolution {
    /// Why, as `Display` writes it, the digits in `symbols` as a puzzle given in them has them:
    /// `after the single r1c5=B, r1c9 has no candidate left` in hex (see [`Symbols::digit_text`]).
    pub fn text_in(&self, symbols: Symbols) -> String {
        let digit = |d: &Digit| symbols.digit_text(d.get());
        match self {
            NoSolution::Singles(c) => c.text_in(symbols),
            NoSolution::EveryCase { singles, of, cases, shape } => {
                let mut out = String::new();
                write_singles(&mut out, singles, *shape, symbols);
                let _ = match of {
                    Alternatives::Cell(cell) => write!(out, "every candidate of {} fails", cell.name(*shape)),
                    Alternatives::Digit { digit: d, house } => {
                        write!(out, "every place of {} in {house} fails", digit(d))
                    }
                };
                for (i, (cell, d, c)) in cases.iter().enumerate() {
                    let mark = if i == 0 { ":" } else { ";" };
                    let _ = write!(out, "{mark} {}={}: {}", cell.name(*shape), digit(d), c.text_in(symbols));
                }
                out
            }
        }
    }
}

impl NoSolution {
    /// The cells the argument ends at: the empty cell, the house's cells, or the cage's, of each
    /// dead end (for a page to highlight).
    pub fn cells(&self, board: &Board) -> Vec<Cell> {
        let ends: Vec<&Contradiction> = match self {
            NoSolution::Singles(c) => vec![c],
            NoSolution::EveryCase { cases, .. } => cases.iter().map(|(_, _, c)| c).collect(),
        };
        let mut out: Vec<Cell> = Vec::new();
        for c in ends {
            match &c.dead_end {
                DeadEnd::Cell(cell) => out.push(*cell),
                DeadEnd::Digit { house, .. } => {
                    if let Some(h) = board.houses().iter().find(|h| h.kind == *house) {
                        out.extend(&h.cells);
                    }
                }
                DeadEnd::Cage { index, .. } => {
                    if let Some(cage) = board.cages().get(*index) {
                        out.extend(&cage.cells);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Work allowed for the trials, in cells looked at: enough to try every cell and every digit of
/// every house of a 9×9 grid, a bound on the time a 32×32 grid may take.
const TRIAL_WORK: usize = 20_000_000;

/// A short argument that `grid` has no solution under `board`'s rules, if there is one: the
/// singles from the givens lead to a dead end, or, failing that, every candidate of one cell or
/// every place of one digit in a house does (the smallest such set tried first). `None` when
/// neither shows it — a puzzle that needs a deeper search to fail, or one with a solution; the
/// verdict itself comes from [`Puzzle::check`](super::Puzzle::check). Givens that break the rules
/// are [`Verdict::Invalid`](super::Verdict::Invalid) and not looked at here.
///
/// ```
/// use sudokit::{why_no_solution, Board, Grid, Shape};
/// // Row 1 holds 1–8 and r2c9 is 9: r1c9 has nothing left.
/// let grid: Grid = format!("12345678.........9{}", ".".repeat(63)).parse()?;
/// let why = why_no_solution(&Board::classic(Shape::CLASSIC), &grid).expect("a dead end");
/// assert_eq!(why.to_string(), "r1c9 has no candidate left");
/// # Ok::<(), sudokit::Error>(())
/// ```
pub fn why_no_solution(board: &Board, grid: &Grid) -> Option<NoSolution> {
    if board.shape() != grid.shape() || !board.conflicts(grid).is_empty() {
        return None;
    }
    let mut state = State::new(board, grid);
    let mut work = 0;
    let singles = match state.follow(board, &mut work) {
        Ok(singles) => singles,
        Err(c) => return Some(NoSolution::Singles(c)),
    };
    // The smallest sets of alternatives first: a pair is the likeliest to fail both ways.
    let mut sets: Vec<(Alternatives, Vec<Placement>)> = Vec::new();
    for i in (0..state.values.len()).filter(|&i| state.values[i] == 0) {
        sets.push((
            Alternatives::Cell(Cell::from_index(i)),
            digits(state.cands[i]).map(|d| (i, d)).collect(),
        ));
    }
    for house in board.houses() {
        for d in digits(DigitSet::all(state.shape).bits()) {
            if house.cells.iter().any(|c| state.values[c.index()] == d as u8 + 1) {
                continue;
            }
            let places = house.cells.iter().filter(|c| state.cands[c.index()] & (1 << d) != 0);
            let cases = places.map(|c| (c.index(), d)).collect();
            sets.push((Alternatives::Digit { digit: Digit::from_index(d), house: house.kind }, cases));
        }
    }
    sets.sort_by_key(|(_, cases)| cases.len());
    // A placement is in one cell's set and in a set of each of its houses: each is followed once.
    let side = state.shape.side();
    let mut followed: Vec<Option<Option<Contradiction>>> = vec![None; state.values.len() * side];
    'sets: for (of, alternatives) in sets {
        let mut cases = Vec::new();
        for (i, d) in alternatives {
            let outcome = match &followed[i * side + d] {
                Some(outcome) => outcome.clone(),
                None => {
                    if work > TRIAL_WORK {
                        return None;
                    }
                    let mut trial = state.clone();
                    trial.place(board, i, d);
                    let outcome = trial.follow(board, &mut work).err();
                    followed[i * side + d] = Some(outcome.clone());
                    outcome
                }
            };
            match outcome {
                None => continue 'sets,
                Some(c) => cases.push((Cell::from_index(i), Digit::from_index(d), c)),
            }
        }
        return Some(NoSolution::EveryCase { singles, of, cases, shape: board.shape() });
    }
    None
}

/// A cell's index and a 0-based digit.
type Placement = (usize, usize);

/// The digits of a candidate mask, as 0-based indices.
fn digits(mask: u32) -> impl Iterator<Item = usize> {
    DigitSet::from_bits(mask).iter().map(Digit::index)
}

/// A grid part way through following singles: values (0 for empty) and candidate masks.
#[derive(Clone)]
struct State {
    shape: Shape,
    values: Vec<u8>,
    cands: Vec<u32>,
}

impl State {
    fn new(board: &Board, grid: &Grid) -> State {
        let all = DigitSet::all(grid.shape()).bits();
        let values = grid.values().to_vec();
        let mut cands: Vec<u32> = values.iter().map(|&v| if v == 0 { all } else { 1 << (v - 1) }).collect();
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                for &p in board.peers(Cell::from_index(i)) {
                    cands[p as usize] &= !(1 << (v - 1));
                }
            }
        }
        State { shape: grid.shape(), values, cands }
    }

    fn place(&mut self, board: &Board, i: usize, d: usize) {
        self.values[i] = d as u8 + 1;
        self.cands[i] = 1 << d;
        for &p in board.peers(Cell::from_index(i)) {
            self.cands[p as usize] &= !(1 << d);
        }
    }

    /// Follows singles (a cell with one candidate first, else a digit with one place in a house)
    /// until a dead end (`Err`) or none is left (`Ok`, with the singles placed). `work` counts
    /// the cells looked at.
    fn follow(&mut self, board: &Board, work: &mut usize) -> Result<Vec<(Cell, Digit)>, Contradiction> {
        let mut singles = Vec::new();
        loop {
            *work += self.values.len() * 3;
            let dead_end = |dead_end: DeadEnd, singles: Vec<(Cell, Digit)>| Contradiction {
                singles,
                dead_end,
                shape: self.shape,
            };
            if let Some(i) = (0..self.values.len()).find(|&i| self.values[i] == 0 && self.cands[i] == 0) {
                return Err(dead_end(DeadEnd::Cell(Cell::from_index(i)), singles));
            }
            // Per house, the digits with a place (placed or a candidate), and those with two or more.
            let mut hidden = None;
            for house in board.houses() {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for c in &house.cells {
                    let m = self.cands[c.index()];
                    twice |= once & m;
                    once |= m;
                    placed |= if self.values[c.index()] == 0 { 0 } else { m };
                }
                let all = DigitSet::all(self.shape).bits();
                if once != all {
                    let d = (all & !once).trailing_zeros() as usize;
                    return Err(dead_end(
                        DeadEnd::Digit { digit: Digit::from_index(d), house: house.kind },
                        singles,
                    ));
                }
                let lone = once & !twice & !placed;
                if hidden.is_none() && lone != 0 {
                    let d = lone.trailing_zeros() as usize;
                    if let Some(c) = house.cells.iter().find(|c| self.cands[c.index()] & (1 << d) != 0) {
                        hidden = Some((c.index(), d));
                    }
                }
            }
            for (index, cage) in board.cages().iter().enumerate() {
                if cage.cells.iter().all(|c| self.values[c.index()] != 0) {
                    let total: u32 = cage.cells.iter().map(|c| u32::from(self.values[c.index()])).sum();
                    if total != cage.sum {
                        return Err(dead_end(DeadEnd::Cage { index, total, sum: cage.sum }, singles));
                    }
                }
            }
            let naked = (0..self.values.len())
                .find(|&i| self.values[i] == 0 && self.cands[i].count_ones() == 1)
                .map(|i| (i, self.cands[i].trailing_zeros() as usize));
            let Some((i, d)) = naked.or(hidden) else {
                return Ok(singles);
            };
            self.place(board, i, d);
            singles.push((Cell::from_index(i), Digit::from_index(d)));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::grid::Candidates;
    use crate::rules::Cage;
    use crate::solve::{Puzzle, Verdict};

    fn classic(text: &str) -> (Board, Grid) {
        (Board::classic(Shape::CLASSIC), text.parse().expect("a 9×9 grid"))
    }

    /// Replays `c` from `cands`, each single checked to be one (the cell's last candidate, or the
    /// digit's last place in a house), and checks its dead end: written apart from the search
    /// above, so that an argument it makes up or gets wrong fails here.
    fn replays(board: &Board, mut cands: Candidates, mut filled: Vec<bool>, c: &Contradiction) {
        let place = |cands: &mut Candidates, filled: &mut Vec<bool>, cell: Cell, d: Digit| {
            cands.place(cell, d);
            filled[cell.index()] = true;
            for p in board.peer_cells(cell) {
                cands.eliminate(p, d);
            }
        };
        for &(cell, d) in &c.singles {
            assert!(!filled[cell.index()], "{c}: {} is filled already", cell.name(board.shape()));
            let naked = cands.get(cell).only() == Some(d);
            let hidden = board.houses().iter().any(|h| {
                h.cells.contains(&cell)
                    && h.cells.iter().filter(|&&o| cands.get(o).contains(d)).count() == 1
                    && cands.get(cell).contains(d)
            });
            assert!(naked || hidden, "{c}: {}={d} is no single", cell.name(board.shape()));
            place(&mut cands, &mut filled, cell, d);
        }
        match &c.dead_end {
            DeadEnd::Cell(cell) => assert!(cands.get(*cell).is_empty(), "{c}"),
            DeadEnd::Digit { digit, house } => {
                let h = board.houses().iter().find(|h| h.kind == *house).expect("a house of the board");
                assert!(h.cells.iter().all(|&o| !cands.get(o).contains(*digit)), "{c}");
            }
            DeadEnd::Cage { index, total, sum } => {
                let cage = &board.cages()[*index];
                assert!(cage.cells.iter().all(|&o| filled[o.index()]), "{c}");
                let got: u32 =
                    cage.cells.iter().map(|&o| cands.get(o).only().map_or(0, |d| u32::from(d.get()))).sum();
                assert_eq!((got, cage.sum), (*total, *sum), "{c}");
                assert_ne!(total, sum, "{c}");
            }
        }
    }

    /// Checks `why` against the puzzle independently: its singles and dead ends hold, and a trial
    /// covers every candidate its cell has after the singles from the givens.
    fn holds(board: &Board, grid: &Grid, why: &NoSolution) {
        let cands = board.candidates(grid);
        let filled: Vec<bool> = grid.values().iter().map(|&v| v != 0).collect();
        match why {
            NoSolution::Singles(c) => replays(board, cands, filled, c),
            NoSolution::EveryCase { of, cases, .. } => {
                // The singles from the givens are the search's own; each case is replayed after them.
                let mut state = State::new(board, grid);
                let mut work = 0;
                let before = state.follow(board, &mut work).expect("no dead end before the trials");
                let NoSolution::EveryCase { singles, .. } = why else { unreachable!() };
                assert_eq!(singles, &before, "{why}");
                let mut after = Candidates::new(board.shape());
                for (i, &m) in state.cands.iter().enumerate() {
                    after.set(Cell::from_index(i), DigitSet::from_bits(m));
                }
                let filled: Vec<bool> = state.values.iter().map(|&v| v != 0).collect();
                // The cases are every way the alternatives can hold.
                let mut every: Vec<(Cell, Digit)> = match of {
                    Alternatives::Cell(cell) => after.get(*cell).iter().map(|d| (*cell, d)).collect(),
                    Alternatives::Digit { digit, house } => {
                        let h =
                            board.houses().iter().find(|h| h.kind == *house).expect("a house of the board");
                        h.cells
                            .iter()
                            .filter(|&&c| after.get(c).contains(*digit))
                            .map(|&c| (c, *digit))
                            .collect()
                    }
                };
                let mut tried: Vec<(Cell, Digit)> = cases.iter().map(|(c, d, _)| (*c, *d)).collect();
                every.sort_unstable();
                tried.sort_unstable();
                assert_eq!(tried, every, "{why}");
                for (cell, d, c) in cases {
                    assert!(!filled[cell.index()], "{why}");
                    let (mut cands, mut filled) = (after.clone(), filled.clone());
                    cands.place(*cell, *d);
                    filled[cell.index()] = true;
                    for p in board.peer_cells(*cell) {
                        cands.eliminate(p, *d);
                    }
                    replays(board, cands, filled, c);
                }
            }
        }
    }

    #[test]
    fn a_cell_with_nothing_left_is_named() {
        let (board, grid) = classic(&format!("12345678.........9{}", ".".repeat(63)));
        let why = why_no_solution(&board, &grid).expect("a dead end");
        assert_eq!(why.to_string(), "r1c9 has no candidate left");
        assert_eq!(why.cells(&board), vec![Cell::from_index(8)]);
        holds(&board, &grid, &why);
    }

    #[test]
    fn a_digit_with_no_place_in_a_house_is_named() {
        // 9 is in columns 8 and 9 below: neither open cell of row 1 takes it.
        let mut text = format!("1234567..{}", ".".repeat(72)).into_bytes();
        text[3 * 9 + 7] = b'9';
        text[6 * 9 + 8] = b'9';
        let (board, grid) = classic(std::str::from_utf8(&text).expect("ASCII"));
        let why = why_no_solution(&board, &grid).expect("a dead end");
        assert_eq!(why.to_string(), "9 has no place left in row 1");
        assert_eq!(why.cells(&board).len(), 9);
        holds(&board, &grid, &why);
    }

    #[test]
    fn a_full_cage_with_the_wrong_total_is_named() {
        let shape = Shape::new(2, 2).expect("4×4");
        let cells = vec![Cell::from_index(0), Cell::from_index(1)];
        let board = Board::classic(shape).with_cages([Cage { sum: 5, cells }]).expect("a cage");
        let grid: Grid = "12..............".parse().expect("4×4");
        let puzzle = Puzzle::new(Arc::new(board.clone()), grid.clone()).expect("same shape");
        assert_eq!(puzzle.check(), Verdict::NoSolution);
        let why = puzzle.why_no_solution().expect("a dead end");
        assert_eq!(why.to_string(), "cage 1 adds up to 3, not 5");
        holds(&board, &grid, &why);
    }

    #[test]
    fn a_puzzle_with_a_solution_or_conflicts_has_no_argument() {
        let (board, grid) =
            classic("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
        assert_eq!(why_no_solution(&board, &grid), None);
        let (board, grid) = classic(&format!("11{}", ".".repeat(79)));
        assert_eq!(why_no_solution(&board, &grid), None);
    }

    #[test]
    fn every_candidate_of_a_cell_or_every_place_of_a_digit_can_fail() {
        let board = Board::classic(Shape::CLASSIC);
        let cases = [
            (
                "8.6........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
                "after the singles r3c9=6 r2c1=9, every candidate of r5c9 fails: r5c9=1: after 9 singles",
            ),
            (
                "8..3.......36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
                "after the singles r3c9=3 r4c5=3, every place of 7 in column 4 fails: r7c4=7: after 19 singles",
            ),
        ];
        for (text, start) in cases {
            let grid: Grid = text.parse().expect("a 9×9 grid");
            assert_eq!(Puzzle::classic(grid.clone()).check(), Verdict::NoSolution);
            let why = why_no_solution(&board, &grid).expect("an argument");
            assert!(why.to_string().starts_with(start), "{why}");
            assert_eq!(why.text_in(Symbols::Standard), why.to_string());
            // In letters (`A` is 1) only the digits change: rows, columns and counts keep numbers.
            let lettered =
                start.replace("=6", "=F").replace("=9", "=I").replace("=1", "=A").replace("=3", "=C");
            let lettered = lettered.replace("of 7", "of G").replace("=7", "=G");
            assert!(
                why.text_in(Symbols::Letters).starts_with(&lettered),
                "{}",
                why.text_in(Symbols::Letters)
            );
            holds(&board, &grid, &why);
        }
    }

    /// Every change of one given of a few puzzles, and every added given of a hard one, that leaves
    /// no solution: each argument given holds step by step, and none is given where there is a
    /// solution. A changed given nearly always has one (by singles); an added one, to a puzzle whose
    /// solution takes long chains, mostly needs a deeper search.
    #[test]
    fn every_argument_over_changed_givens_holds() {
        let puzzles = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        let board = Board::classic(Shape::CLASSIC);
        // Counts of (changed, added) puzzles: argued by singles, by cases, not argued.
        let (mut singles, mut cases, mut none) = ([0; 2], [0; 2], [0; 2]);
        for (n, text) in puzzles.iter().enumerate() {
            let grid: Grid = text.parse().expect("a 9×9 grid");
            for (cell, given) in grid.iter() {
                let added = usize::from(given.is_none());
                if added == 1 && n > 0 {
                    continue;
                }
                for d in DigitSet::all(Shape::CLASSIC).iter() {
                    if given == Some(d) {
                        continue;
                    }
                    let mut changed = grid.clone();
                    changed.set(cell, Some(d));
                    let verdict = Puzzle::classic(changed.clone()).check();
                    let why = why_no_solution(&board, &changed);
                    if verdict != Verdict::NoSolution {
                        assert_eq!(why, None, "{changed} is {}", verdict.name());
                        continue;
                    }
                    match &why {
                        Some(NoSolution::Singles(_)) => singles[added] += 1,
                        Some(_) => cases[added] += 1,
                        None => none[added] += 1,
                    }
                    if let Some(why) = why {
                        holds(&board, &changed, &why);
                    }
                }
            }
        }
        assert!(singles[0] > 100 && none[0] * 10 < singles[0], "changed: {singles:?} {cases:?} {none:?}");
        assert!(cases[1] > 10 && none[1] > 0, "added: {singles:?} {cases:?} {none:?}");
    }
}
