//! The solver that [`Difficulty::Singles`](super::Difficulty::Singles) is checked with: naked singles
//! and hidden singles, and nothing else. The engines propagate more (locked candidates, pairs,
//! band logic), so "solved without a guess" by an engine is a wider class than "solved by singles".

use crate::grid::{Cell, Digit, DigitSet, Grid};
use crate::rules::Board;

/// Whether naked and hidden singles alone fill `puzzle` under `board`'s rules.
pub(crate) fn solved_by_singles(board: &Board, puzzle: &Grid) -> bool {
    let shape = puzzle.shape();
    let mut grid = puzzle.clone();
    let mut cand = board.candidates(puzzle);
    let place = |grid: &mut Grid, cand: &mut crate::grid::Candidates, cell: Cell, d: Digit| {
        grid.set(cell, Some(d));
        cand.set(cell, DigitSet::single(d));
        for &p in board.peers(cell) {
            cand.eliminate(Cell::from_index(p as usize), d);
        }
    };
    loop {
        let mut progress = false;
        // Naked singles: a blank cell with one candidate left.
        for i in 0..shape.cells() {
            let cell = Cell::from_index(i);
            if grid.get(cell).is_some() {
                continue;
            }
            let set = cand.get(cell);
            match set.only() {
                Some(d) => {
                    place(&mut grid, &mut cand, cell, d);
                    progress = true;
                }
                None if set.is_empty() => return false,
                None => {}
            }
        }
        // Hidden singles: a digit with one place left in a house.
        for house in board.houses() {
            for d in (1..=shape.side()).map(|v| Digit::from_index(v - 1)) {
                if house.cells.iter().any(|&c| grid.get(c) == Some(d)) {
                    continue;
                }
                let mut places =
                    house.cells.iter().filter(|&&c| grid.get(c).is_none() && cand.get(c).contains(d));
                match (places.next(), places.next()) {
                    (Some(&c), None) => {
                        place(&mut grid, &mut cand, c, d);
                        progress = true;
                    }
                    (None, _) => return false,
                    _ => {}
                }
            }
        }
        if grid.is_full() {
            return true;
        }
        if !progress {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    fn classic(text: &str) -> bool {
        let g: Grid = text.parse().expect("a puzzle");
        solved_by_singles(&Board::classic(Shape::CLASSIC), &g)
    }

    #[test]
    fn singles_solve_an_easy_puzzle_and_not_a_hard_one() {
        // A newspaper-easy puzzle (naked and hidden singles suffice).
        assert!(classic("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
        // Arto Inkala's "hardest": singles stall at once.
        assert!(!classic(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
        ));
    }
}
