//! Which single comes next: HoDoKu's singles queues.
//!
//! When a grid has several singles, HoDoKu does not take them in cell order. Its grid keeps two
//! queues: a cell joins the naked-single queue when its candidates drop to one, and a (cell, digit)
//! joins the hidden-single queue when a house's places for the digit drop to one (the first cell of
//! the house that still has it). Candidates disappear in a fixed order: setting a cell removes its
//! digit from the peers in cell order and then counts its own candidates out of its houses (row,
//! column, box); a step removes its eliminations in the order HoDoKu's finder lists them (see
//! `deletion_order`). The givens are set one by one in cell order when the puzzle is read. HoDoKu
//! then takes the first Full House found walking the naked-single queue, else the queue's first
//! naked single, else the first hidden single. Which single is taken changes which singles follow,
//! whether a hidden single (14 points) or a naked single (4) is needed, and so the score; following
//! the queues makes the paths and the scores comparable with HoDoKu's.
//!
//! The queues are replayed here from the steps the solver applies (HoDoKu's design as its public
//! source describes it; the code is the project's own). Nothing here decides whether a single is
//! valid: the solver checks each proposal against its state and falls back on the finders.

use super::state::State;
use super::step::Step;
use super::technique::Technique;
use crate::grid::{Cell, Digit, DigitSet};

/// The replayed candidate grid and the two queues (entries stay until their cell is set; a set
/// cell's entries are skipped, as HoDoKu skips them).
#[derive(Clone, Debug)]
pub(crate) struct SinglesQueue {
    cands: Vec<DigitSet>,
    solved: Vec<bool>,
    /// For every house and digit: the unsolved cells of the house that have the digit.
    free: Vec<Vec<u16>>,
    naked: Vec<(Cell, Digit)>,
    hidden: Vec<(Cell, Digit)>,
}

impl SinglesQueue {
    /// The queues HoDoKu has after reading `state`: every set cell placed in cell order on an
    /// empty grid, then the candidates `state` lacks removed in cell and digit order.
    pub(crate) fn new(state: &State) -> SinglesQueue {
        let shape = state.shape();
        let all = state.all_digits();
        let cells = shape.cells();
        let side = state.side();
        let mut q = SinglesQueue {
            cands: vec![all; cells],
            solved: vec![false; cells],
            free: state.houses().iter().map(|h| vec![h.cells.len() as u16; side]).collect(),
            naked: Vec::new(),
            hidden: Vec::new(),
        };
        let all_cells: Vec<Cell> = state.houses().iter().flat_map(|h| h.cells.iter().copied()).collect();
        let mut order: Vec<Cell> = all_cells;
        order.sort_unstable();
        order.dedup();
        for &cell in &order {
            if let Some(d) = state.value(cell) {
                q.set_cell(state, cell, d);
            }
        }
        for &cell in &order {
            if state.value(cell).is_some() {
                continue;
            }
            for d in q.cands[cell.index()].difference(state.candidates(cell)) {
                q.del_candidate(state, cell, d);
            }
        }
        q
    }

    /// Replays a step the solver applies to `state` (the state before the step).
    pub(crate) fn apply(&mut self, state: &State, step: &Step) {
        for p in &step.placements {
            if !self.solved[p.cell.index()] {
                self.set_cell(state, p.cell, p.digit);
            }
        }
        for (cell, digit) in deletion_order(state, step) {
            self.del_candidate(state, cell, digit);
        }
        if self.naked.len() > 4 * self.cands.len() {
            let solved = &self.solved;
            self.naked.retain(|(c, _)| !solved[c.index()]);
            self.hidden.retain(|(c, _)| !solved[c.index()]);
        }
    }

    /// The single HoDoKu takes next for `technique` (a Full House, Naked Single or Hidden Single),
    /// if its queue holds one that is still open in `state`.
    pub(crate) fn next(&self, state: &State, technique: Technique) -> Option<(Cell, Digit)> {
        let open = |&&(c, d): &&(Cell, Digit)| state.value(c).is_none() && state.has(c, d);
        match technique {
            Technique::FullHouse => self.naked.iter().filter(open).find(|(c, _)| {
                state.cell_houses(*c).iter().any(|&(h, _)| {
                    state.houses()[h as usize].cells.iter().all(|&o| o == *c || state.value(o).is_some())
                })
            }),
            Technique::NakedSingle => {
                self.naked.iter().find(open).filter(|(c, _)| state.candidates(*c).len() == 1)
            }
            Technique::HiddenSingle => self.hidden.iter().find(open).filter(|(c, d)| {
                state.cell_houses(*c).iter().any(|&(h, _)| state.house_digit_cells(h as usize, *d).len() == 1)
            }),
            _ => None,
        }
        .copied()
    }

    /// HoDoKu's "set cell": the peers lose the digit (in cell order), then the cell's own
    /// candidates leave its houses.
    fn set_cell(&mut self, state: &State, cell: Cell, digit: Digit) {
        let own = std::mem::take(&mut self.cands[cell.index()]);
        self.solved[cell.index()] = true;
        for peer in state.peers(cell).iter() {
            self.del_candidate(state, peer, digit);
        }
        for d in own.iter() {
            for &(h, _) in state.cell_houses(cell) {
                let free = &mut self.free[h as usize][d.index()];
                *free = free.saturating_sub(1);
                if *free == 1 && d != digit {
                    self.add_hidden(state, h as usize, d);
                }
            }
        }
    }

    /// HoDoKu's "delete candidate": a cell left with one candidate joins the naked queue, a house
    /// left with one place for the digit joins the hidden queue.
    fn del_candidate(&mut self, state: &State, cell: Cell, digit: Digit) {
        if self.solved[cell.index()] || !self.cands[cell.index()].remove(digit) {
            return;
        }
        if let Some(only) = self.cands[cell.index()].only() {
            self.naked.push((cell, only));
        }
        for &(h, _) in state.cell_houses(cell) {
            let free = &mut self.free[h as usize][digit.index()];
            *free = free.saturating_sub(1);
            if *free == 1 {
                self.add_hidden(state, h as usize, digit);
            }
        }
    }

    fn add_hidden(&mut self, state: &State, house: usize, digit: Digit) {
        let found = state.houses()[house]
            .cells
            .iter()
            .find(|&&c| !self.solved[c.index()] && self.cands[c.index()].contains(digit));
        if let Some(&cell) = found {
            self.hidden.push((cell, digit));
        }
    }
}

/// The order in which HoDoKu removes a step's candidates, which decides the order singles join the
/// queues: cell by cell in reading order (the order it walks a house), each cell's digits rising;
/// a naked or locked subset clears its row or column first, then its box, as it walks the houses
/// its cells share in that order.
fn deletion_order(state: &State, step: &Step) -> Vec<(Cell, Digit)> {
    use Technique as T;
    let shape = state.shape();
    let cells = &step.pattern.cells;
    let subset = matches!(
        step.technique,
        T::LockedPair | T::LockedTriple | T::NakedPair | T::NakedTriple | T::NakedQuadruple
    );
    let shared = |at: fn(Cell, crate::grid::Shape) -> usize| {
        cells.first().map(|&c| at(c, shape)).filter(|&line| cells.iter().all(|&o| at(o, shape) == line))
    };
    let (row, col) = if subset { (shared(Cell::row), shared(Cell::col)) } else { (None, None) };
    let in_line = |c: Cell| row == Some(c.row(shape)) || col == Some(c.col(shape));
    let mut order: Vec<(bool, Cell, Digit)> =
        step.eliminations.iter().map(|e| (!in_line(e.cell), e.cell, e.digit)).collect();
    order.sort_unstable();
    order.into_iter().map(|(_, c, d)| (c, d)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::human::step::Candidate;

    fn names(order: &[(Cell, Digit)]) -> Vec<String> {
        order.iter().map(|(c, d)| format!("{}<>{d}", c.name(Shape::CLASSIC))).collect()
    }

    #[test]
    fn a_subset_clears_its_line_before_its_box_and_other_steps_go_in_reading_order() {
        let s = Shape::CLASSIC;
        let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .expect("a valid puzzle");
        let state = State::classic(&grid).expect("a consistent puzzle");
        let removal = |r: usize, c: usize, d: u8| Candidate::new(Cell::at(r - 1, c - 1, s), Digit::new(d));
        // A pair in r2c7 and r3c7 (column 7, box 3), its removals listed digit by digit.
        let mut pair = Step::new(Technique::LockedPair, s);
        pair.pattern.cells = vec![Cell::at(1, 6, s), Cell::at(2, 6, s)];
        pair.eliminations = vec![
            removal(1, 9, 4),
            removal(2, 9, 4),
            removal(9, 7, 4),
            removal(1, 8, 8),
            removal(3, 8, 8),
            removal(8, 7, 8),
        ];
        assert_eq!(
            names(&deletion_order(&state, &pair)),
            ["r8c7<>8", "r9c7<>4", "r1c8<>8", "r1c9<>4", "r2c9<>4", "r3c8<>8"]
        );
        // Any other step: reading order, each cell's digits rising.
        let mut pointing = Step::new(Technique::LockedCandidates1, s);
        pointing.pattern.cells = pair.pattern.cells.clone();
        pointing.eliminations = vec![removal(9, 7, 4), removal(1, 9, 8), removal(1, 9, 4)];
        assert_eq!(names(&deletion_order(&state, &pointing)), ["r1c9<>4", "r1c9<>8", "r9c7<>4"]);
    }
}
