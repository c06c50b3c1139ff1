//! Templates: Template Set and Template Delete. A template of a digit is one way to place the digit
//! once in every house, consistent with the cells where it is placed and the cells where it is still
//! a candidate. Template Set places the digit in the cells every template of it uses; Template
//! Delete removes the digit from the cells no template of it uses.
//!
//! As HoDoKu describes the technique, templates are also checked against the other digits: a cell
//! that every template of another digit uses cannot hold this digit, so templates through it are
//! dropped. The filter is repeated until nothing changes, since dropping templates can make more
//! cells certain for a digit.
//!
//! Sources: HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_misc.php, "Templates") and
//! SudokuWiki's "Pattern Overlay Method", the same idea.
//!
//! The search places a digit row by row, keeping the cells that the placed ones see as a mask. It
//! is a small exhaustive search (at most 46,656 templates per digit on a classic 9×9 board), so it
//! runs on boards of up to 81 cells, where a board fits one `u128`; larger boards have far too many
//! templates and get no template steps.
//!
//! ```text
//!   bit i of a mask: cell i (row * side + col) of the board
//!   peers[i]         the cells cell i sees (any house or cage)
//!   rows[r]          the cells of row r where the digit is placed or a candidate
//! ```

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::technique::Technique;
use crate::grid::Cell;

/// Boards with more cells have no template steps (a mask is one `u128`).
const MAX_CELLS: usize = 128;

/// A set of cells as a bit mask.
type Mask = u128;

/// The templates of every digit, after the filter by the other digits.
struct Templates {
    /// Per digit index: the cells every remaining template uses.
    always: Vec<Mask>,
    /// Per digit index: the cells some remaining template uses.
    some: Vec<Mask>,
}

/// Reports Template Set or Template Delete steps, one per digit, in digit order.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    let set = match technique {
        Technique::TemplateSet => true,
        Technique::TemplateDelete => false,
        _ => return ControlFlow::Continue(()),
    };
    let Some(templates) = templates(state) else { return ControlFlow::Continue(()) };
    let shape = state.shape();
    for digit in state.all_digits().iter() {
        let candidates = mask_of(state.digit_cells(digit).iter());
        let cells = if set {
            templates.always[digit.index()] & candidates
        } else {
            candidates & !templates.some[digit.index()]
        };
        if cells == 0 {
            continue;
        }
        let mut step = Step::new(technique, shape);
        step.pattern.digits.insert(digit);
        let results = cells_of(cells).map(|c| Candidate::new(c, digit)).collect();
        if set {
            step.placements = results;
        } else {
            step.eliminations = results;
        }
        sink(step)?;
    }
    ControlFlow::Continue(())
}

fn mask_of(cells: impl Iterator<Item = Cell>) -> Mask {
    cells.fold(0, |m, c| m | 1 << c.index())
}

fn cells_of(mut mask: Mask) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Cell::from_index(i)
        })
    })
}

/// The templates of every digit, or `None` when the board is too large or some digit has no
/// template left (the state contradicts itself, and nothing may be concluded from it).
fn templates(state: &State) -> Option<Templates> {
    let shape = state.shape();
    let side = state.side();
    if shape.cells() > MAX_CELLS {
        return None;
    }
    let peers: Vec<Mask> = Cell::all(shape).map(|c| mask_of(state.peers(c).iter())).collect();
    let houses: Vec<Mask> = state.houses().iter().map(|h| mask_of(h.cells.iter().copied())).collect();
    let mut all: Vec<Vec<Mask>> = Vec::with_capacity(side);
    for digit in state.all_digits().iter() {
        let placed = mask_of(Cell::all(shape).filter(|&c| state.value(c) == Some(digit)));
        let allowed = placed | mask_of(state.digit_cells(digit).iter());
        let rows: Vec<Mask> = (0..side).map(|r| allowed & row_mask(r, side)).collect();
        let mut found = Vec::new();
        let search = Search { rows: &rows, peers: &peers, houses: &houses, placed };
        search.run(0, 0, 0, &mut found);
        if found.is_empty() {
            return None;
        }
        all.push(found);
    }
    let and_of = |ts: &[Mask]| ts.iter().fold(Mask::MAX, |a, &t| a & t);
    let mut always: Vec<Mask> = all.iter().map(|ts| and_of(ts)).collect();
    // Drop templates through cells another digit always uses, until nothing changes.
    loop {
        let mut changed = false;
        for d in 0..side {
            let taken = (0..side).filter(|&e| e != d).fold(0, |m, e| m | always[e]);
            let before = all[d].len();
            all[d].retain(|&t| t & taken == 0);
            if all[d].is_empty() {
                return None;
            }
            if all[d].len() != before {
                always[d] = and_of(&all[d]);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let some = all.iter().map(|ts| ts.iter().fold(0, |a, &t| a | t)).collect();
    Some(Templates { always, some })
}

fn row_mask(row: usize, side: usize) -> Mask {
    (((1 as Mask) << side) - 1) << (row * side)
}

/// The row-by-row search for one digit's templates.
struct Search<'a> {
    rows: &'a [Mask],
    peers: &'a [Mask],
    houses: &'a [Mask],
    placed: Mask,
}

impl Search<'_> {
    /// Extends `chosen` (one cell in each row before `row`, none seeing another; `blocked` is what
    /// they see) by a cell in each remaining row.
    fn run(&self, row: usize, chosen: Mask, blocked: Mask, out: &mut Vec<Mask>) {
        let Some(&cells) = self.rows.get(row) else {
            // Rows and columns are filled by construction; boxes, regions and diagonals need a
            // check, as the digit could miss a house no cell of it sees.
            if chosen & self.placed == self.placed && self.houses.iter().all(|&h| h & chosen != 0) {
                out.push(chosen);
            }
            return;
        };
        let mut free = cells & !blocked;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            free &= free - 1;
            self.run(row + 1, chosen | 1 << i, blocked | self.peers[i], out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::human::find_all;
    use crate::Puzzle;

    /// The pattern overlay method counts 46,656 templates per digit on an empty classic board
    /// (SudokuWiki, "Pattern Overlay Method").
    #[test]
    fn empty_classic_board_has_46656_templates_per_digit() {
        let grid: Grid = ".".repeat(81).parse().expect("empty grid");
        let state = State::classic(&grid).expect("empty state");
        let side = state.side();
        let peers: Vec<Mask> = Cell::all(state.shape()).map(|c| mask_of(state.peers(c).iter())).collect();
        let houses: Vec<Mask> = state.houses().iter().map(|h| mask_of(h.cells.iter().copied())).collect();
        let rows: Vec<Mask> = (0..side).map(|r| row_mask(r, side)).collect();
        let mut found = Vec::new();
        Search { rows: &rows, peers: &peers, houses: &houses, placed: 0 }.run(0, 0, 0, &mut found);
        assert_eq!(found.len(), 46_656);
        assert!(find_all(&state, Technique::TemplateDelete, &FindOptions::default()).is_empty());
    }

    /// The example puzzle of Wikipedia's "Sudoku" article: from its givens, templates place and
    /// remove digits (a hidden single is a Template Set), every one in agreement with the solution.
    #[test]
    fn wikipedia_example_steps_agree_with_the_solution() {
        let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .expect("puzzle");
        let solution = Puzzle::classic(grid.clone()).first_solution().expect("solvable");
        let state = State::classic(&grid).expect("state");
        let mut results = 0;
        for technique in [Technique::TemplateSet, Technique::TemplateDelete] {
            for step in find_all(&state, technique, &FindOptions::default()) {
                assert_eq!(step.pattern.digits.len(), 1, "{step}");
                let digit = step.pattern.digits.iter().next().map(|d| d.to_string()).unwrap_or_default();
                assert!(step.to_string().starts_with(&format!("{technique}: {digit} => ")), "{step}");
                for p in &step.placements {
                    assert_eq!(solution.get(p.cell), Some(p.digit), "{step}");
                    results += 1;
                }
                for e in &step.eliminations {
                    assert_ne!(solution.get(e.cell), Some(e.digit), "{step}");
                    assert!(state.has(e.cell, e.digit), "{step}");
                    results += 1;
                }
            }
        }
        assert!(results > 0, "templates prove nothing on the puzzle");
    }

    /// Boards beyond 81 cells get no template steps rather than an endless search.
    #[test]
    fn large_boards_are_refused() {
        let grid: Grid = ".".repeat(256).parse().expect("empty 16x16 grid");
        let state = State::classic(&grid).expect("state");
        assert!(templates(&state).is_none());
        assert!(find_all(&state, Technique::TemplateSet, &FindOptions::default()).is_empty());
    }
}
