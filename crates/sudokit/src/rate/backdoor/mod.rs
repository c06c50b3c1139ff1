//! Backdoors: the fewest cells that, given their solution's digits, let naked and hidden singles
//! solve the puzzle alone. The forum's lists of the hardest puzzles give this *backdoor size* beside
//! Sudoku Explainer's ER/EP/ED: 0 for a puzzle singles solve; most of the hardest known need 2, a
//! few 3 (odd constructions, not hard otherwise, need more). How many backdoors of that size there
//! are tells a setter which clues, added, would make the puzzle easy.
//!
//! Sizes are tried from 1 up, and a set's cells are taken in cell order, each only if the singles
//! of the cells before it leave it empty: a set with a cell those singles fill ends where the
//! smaller set without it ends, which did not solve the puzzle (a smaller size was tried first), so
//! every backdoor of the smallest size is still found.

mod singles;

use crate::grid::{Cell, Digit, Grid, Shape, Symbols};
use crate::solve::Puzzle;

use super::puzzle::unique_solution;
use super::Unrated;
use singles::{End, Geometry, Singles};

/// The backdoors of a puzzle, by [`backdoors`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backdoors {
    /// The backdoor size: the fewest cells to give; `None` when more than `max_size` are needed.
    pub size: Option<usize>,
    /// Every backdoor of that size (none for size 0 or `None`), each its cells in cell order with
    /// their digits, the backdoors in the order of their cells.
    pub sets: Vec<Vec<(Cell, Digit)>>,
    /// The largest size looked for.
    pub max_size: usize,
}

impl Backdoors {
    /// Each backdoor's cells with their digits in forum notation, `r1c3=2` (`shape` is the
    /// puzzle's); digits past 9 as numbers, `r1c1=12`, as steps write them.
    pub fn names(&self, shape: Shape) -> Vec<Vec<String>> {
        self.names_in(shape, Symbols::Standard)
    }
    /// [`Backdoors::names`] with the digits in `symbols`, as the puzzle was written (`r1c1=B` in
    /// hex), as `sudokit backdoor` prints them.
    pub fn names_in(&self, shape: Shape, symbols: Symbols) -> Vec<Vec<String>> {
        let name = |(c, d): &(Cell, Digit)| format!("{}={}", c.name(shape), symbols.digit_text(d.get()));
        self.sets.iter().map(|set| set.iter().map(name).collect()).collect()
    }
}

/// The backdoor size of `puzzle` and every backdoor of that size, looking no further than
/// `max_size` cells. Any board and rules: the singles are those of the board's houses (cages
/// take part only as peers).
///
/// ```
/// use sudokit::rate::backdoor::backdoors;
/// use sudokit::Puzzle;
///
/// let p = Puzzle::classic("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?);
/// let b = backdoors(&p, 3)?;
/// assert_eq!(b.size, Some(2));
/// assert!(!b.sets.is_empty() && b.sets.iter().all(|set| set.len() == 2));
/// assert_eq!(b.names(p.grid().shape())[0], ["r1c3=2", "r5c2=6"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Unrated`] when the puzzle has not exactly one solution (backdoors give the solution's digits).
pub fn backdoors(puzzle: &Puzzle, max_size: usize) -> Result<Backdoors, Unrated> {
    let solution = unique_solution(puzzle)?;
    let geo = Geometry::new(puzzle.board());
    let mut start = Singles::new(&geo, puzzle.grid()).ok_or(Unrated::Undecided)?;
    let mut found = Backdoors { size: None, sets: Vec::new(), max_size };
    match start.run(&geo) {
        End::Solved => {
            found.size = Some(0);
            return Ok(found);
        }
        // Singles never break a puzzle with a solution.
        End::Broken => return Err(Unrated::Undecided),
        End::Stuck => {}
    }
    let search = Search { geo: &geo, solution: &solution };
    for size in 1..=max_size {
        let mut chosen = Vec::with_capacity(size);
        search.sets(&start, 0, size, &mut chosen, &mut found.sets);
        if !found.sets.is_empty() {
            found.size = Some(size);
            break;
        }
    }
    Ok(found)
}

struct Search<'a> {
    geo: &'a Geometry,
    solution: &'a Grid,
}

impl Search<'_> {
    /// Adds to `out` every set of `left` more cells from `from` on, not filled in `state`, that with
    /// `chosen` lets singles solve the puzzle.
    fn sets(
        &self,
        state: &Singles,
        from: usize,
        left: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<(Cell, Digit)>>,
    ) {
        let values = self.solution.values();
        for cell in from..values.len() {
            if state.is_filled(cell) {
                continue;
            }
            let mut next = state.clone();
            next.place(self.geo, cell, values[cell]);
            let end = next.run(self.geo);
            chosen.push(cell);
            if left == 1 {
                if end == End::Solved {
                    out.push(
                        chosen
                            .iter()
                            .map(|&c| (Cell::from_index(c), Digit::from_index(values[c] as usize - 1)))
                            .collect(),
                    );
                }
            } else if end == End::Stuck {
                self.sets(&next, cell + 1, left - 1, chosen, out);
            }
            chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;
    use crate::solve::Verdict;
    use std::sync::Arc;

    fn classic(text: &str) -> Puzzle {
        Puzzle::classic(text.parse::<Grid>().expect("a puzzle"))
    }

    /// Whether singles solve `puzzle` with `set` given: the check of a backdoor by definition.
    fn opens(puzzle: &Puzzle, set: &[(Cell, Digit)]) -> bool {
        let mut grid = puzzle.grid().clone();
        for &(c, d) in set {
            grid.set(c, Some(d));
        }
        let geo = Geometry::new(puzzle.board());
        Singles::new(&geo, &grid).is_some_and(|mut s| s.run(&geo) == End::Solved)
    }

    #[test]
    fn every_backdoor_opens_the_puzzle_and_no_smaller_set_does() {
        let p = classic("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
        let b = backdoors(&p, 3).expect("unique");
        assert_eq!(b.size, Some(2));
        let solution = match p.check() {
            Verdict::Unique(s) => s,
            other => panic!("{other:?}"),
        };
        for set in &b.sets {
            assert!(opens(&p, set), "{set:?}");
            assert!(set.iter().all(|&(c, d)| p.grid().get(c).is_none() && solution.get(c) == Some(d)));
            assert!(set.windows(2).all(|w| w[0].0 < w[1].0));
        }
        // No single cell opens it, and the pairs found are all the pairs that do.
        let empty: Vec<Cell> = Cell::all(Shape::CLASSIC).filter(|&c| p.grid().get(c).is_none()).collect();
        let given = |c: Cell| (c, solution.get(c).expect("full"));
        assert!(empty.iter().all(|&c| !opens(&p, &[given(c)])));
        let mut pairs = Vec::new();
        for (i, &a) in empty.iter().enumerate() {
            for &c in &empty[i + 1..] {
                if opens(&p, &[given(a), given(c)]) {
                    pairs.push(vec![given(a), given(c)]);
                }
            }
        }
        assert_eq!(b.sets, pairs);
    }

    #[test]
    fn sizes_zero_and_beyond_the_limit() {
        let easy =
            classic("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
        assert_eq!(
            backdoors(&easy, 3).expect("unique"),
            Backdoors { size: Some(0), sets: vec![], max_size: 3 }
        );
        let hard =
            classic("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
        assert_eq!(backdoors(&hard, 1).expect("unique"), Backdoors { size: None, sets: vec![], max_size: 1 });
    }

    #[test]
    fn puzzles_without_one_solution_have_no_backdoors() {
        let open = classic(&".".repeat(81));
        assert_eq!(backdoors(&open, 3), Err(Unrated::Multiple));
        let clash = classic(&format!("11{}", ".".repeat(79)));
        assert!(matches!(backdoors(&clash, 3), Err(Unrated::Invalid(_))));
    }

    #[test]
    fn other_boards_and_rules() {
        // 6×6, and X rules, where the diagonals are houses for the hidden singles too.
        let six = Puzzle::classic("1..3....6........45..6....3.4......5".parse::<Grid>().expect("6×6"));
        let board = Arc::new(Board::classic(Shape::CLASSIC).with_diagonals());
        let grid: Grid = "7.8..2.6....8..4...1.......................3......15...51..............637..9..45"
            .parse()
            .expect("9×9");
        let x = Puzzle::new(board, grid).expect("a board");
        for p in [six, x] {
            let b = backdoors(&p, 3).expect("unique");
            let size = b.size.expect("at most 3");
            assert!(!b.sets.is_empty() || size == 0);
            assert!(b.sets.iter().all(|set| set.len() == size && opens(&p, set)));
        }
    }
}
