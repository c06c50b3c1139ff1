//! Which single comes next: HoDoKu's singles queues.
//!
//! When a grid has several singles, HoDoKu does not take them in cell order. Its grid keeps two
//! queues: a cell joins the naked-single queue when its candidates drop to one, and a (cell, digit)
//! joins the hidden-single queue when a house's places for the digit drop to one (the first cell of
//! the house that still has it). Candidates disappear in a fixed order: setting a cell removes its
//! digit from the peers in cell order and then counts its own candidates out of its houses (row,
//! column, box); a step removes its eliminations in the order it lists them. The givens are set one
//! by one in cell order when the puzzle is read. HoDoKu then takes the first Full House found
//! walking the naked-single queue, else the queue's first naked single, else the first hidden
//! single. Which single is taken changes which singles follow, whether a hidden single (14 points)
//! or a naked single (4) is needed, and so the score; following the queues makes the paths and the
//! scores comparable with HoDoKu's.
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
        for e in &step.eliminations {
            self.del_candidate(state, e.cell, e.digit);
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
