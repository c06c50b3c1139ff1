//! The solutions of a candidate state, for the checks before solving and the brute-force step.
//!
//! A plain puzzle goes to the fast engines (through [`Puzzle`]). A pencil-mark state may forbid
//! digits its givens allow, so its solutions are those of its grid that agree with every cell's
//! candidates: when the grid has one solution that check is enough; otherwise a small search over
//! the candidates themselves (naked and hidden singles, then the cell with the fewest candidates)
//! counts them.

use super::error::HumanError;
use super::state::State;
use crate::grid::{Cell, Grid};
use crate::solve::{Puzzle, Verdict};

/// How many solutions a state has, up to two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Solutions {
    None,
    One(Grid),
    Several,
}

/// The solutions of `state`, up to two.
pub(crate) fn solutions(state: &State) -> Result<Solutions, HumanError> {
    let grid = state.grid();
    let puzzle = Puzzle::new(state.board().clone(), grid).map_err(|_| HumanError::NoSolution)?;
    match puzzle.check() {
        Verdict::Invalid(c) => Err(c.into_iter().next().map_or(HumanError::NoSolution, HumanError::Conflict)),
        Verdict::NoSolution => Ok(Solutions::None),
        Verdict::Unique(solution) => {
            Ok(if agrees(state, &solution) { Solutions::One(solution) } else { Solutions::None })
        }
        // Candidates no narrower than the givens allow: the grid's solutions are the state's.
        Verdict::Multiple { .. } if !narrowed(state, puzzle.grid()) => Ok(Solutions::Several),
        Verdict::Multiple { .. } => {
            let mut found = Vec::new();
            search(state.clone(), &mut found);
            Ok(match found.len() {
                0 => Solutions::None,
                1 => Solutions::One(found.remove(0)),
                _ => Solutions::Several,
            })
        }
        Verdict::TimedOut { .. } => Err(HumanError::Undecided),
    }
}

/// Whether some unsolved cell of `state` lacks a candidate that the givens of `grid` allow (a
/// pencil-mark state with removals of its own).
fn narrowed(state: &State, grid: &Grid) -> bool {
    let allowed = state.board().candidates(grid);
    state.unsolved_cells().any(|c| state.candidates(c) != allowed.get(c))
}

/// Whether every unsolved cell of `state` has its solution digit as a candidate.
fn agrees(state: &State, solution: &Grid) -> bool {
    state.unsolved_cells().all(|c| solution.get(c).is_some_and(|d| state.has(c, d)))
}

/// Depth-first search over the candidates; stops at two solutions.
fn search(mut state: State, found: &mut Vec<Grid>) {
    if !propagate(&mut state) {
        return;
    }
    if state.is_solved() {
        found.push(state.grid());
        return;
    }
    let Some(cell) = state.unsolved_cells().min_by_key(|&c| state.candidates(c).len()) else { return };
    for d in state.candidates(cell) {
        let mut next = state.clone();
        next.place(cell, d);
        search(next, found);
        if found.len() >= 2 {
            return;
        }
    }
}

/// Places naked and hidden singles until none is left; false on a contradiction.
fn propagate(state: &mut State) -> bool {
    loop {
        let mut progress = false;
        let unsolved: Vec<Cell> = state.unsolved_cells().collect();
        for cell in unsolved {
            if state.value(cell).is_some() {
                continue;
            }
            match state.candidates(cell).len() {
                0 => return false,
                1 => {
                    let d = state.candidates(cell).first().expect("one candidate");
                    state.place(cell, d);
                    progress = true;
                }
                _ => {}
            }
        }
        for h in 0..state.houses().len() {
            for d in state.all_digits().difference(state.placed_in(h)) {
                let pos = state.positions(h, d);
                match pos.count_ones() {
                    0 => return false,
                    1 => {
                        let cell = state.houses()[h].cells[pos.trailing_zeros() as usize];
                        state.place(cell, d);
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        if !progress {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn pencil_marks_can_make_a_loose_grid_unique_or_impossible() {
        let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("grid");
        let state = State::classic(&grid).expect("consistent");
        let Solutions::One(solution) = solutions(&state).expect("decided") else { panic!("unique") };
        let r1c2 = Cell::new_checked(1, Shape::CLASSIC).expect("cell");
        let right = solution.get(r1c2).expect("full");
        let mut wrong = state.clone();
        wrong.eliminate(r1c2, right);
        assert_eq!(solutions(&wrong), Ok(Solutions::None));
        // Blank two givens: several solutions; the pencil marks of the original pin it down again.
        let mut loose_grid = grid.clone();
        loose_grid.set(Cell::new_checked(0, Shape::CLASSIC).expect("cell"), None);
        loose_grid.set(Cell::new_checked(11, Shape::CLASSIC).expect("cell"), None);
        let loose = State::classic(&loose_grid).expect("consistent");
        assert_eq!(solutions(&loose), Ok(Solutions::Several));
        let mut pinned = loose.clone();
        for c in [0, 11] {
            let cell = Cell::new_checked(c, Shape::CLASSIC).expect("cell");
            for d in pinned.candidates(cell) {
                if Some(d) != solution.get(cell) {
                    pinned.eliminate(cell, d);
                }
            }
        }
        assert_eq!(solutions(&pinned), Ok(Solutions::One(solution)));
    }
}
