//! The everyday solving API: a [`Puzzle`] pairs a grid with its rules and answers `check`,
//! `first_solution`, `count_up_to` and `for_each_solution` with the fastest engine for its board.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::engine::EngineError;
use super::engine::{engine_for, Engine};
use super::limits::{Count, Interrupt, Limits, SearchOutcome};
use crate::grid::{Cell, Grid, GridError};
use crate::rules::{Board, Conflict};

/// The truth about a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// Givens that break the rules, each pair named.
    Invalid(Vec<Conflict>),
    /// The givens obey the rules but no solution exists.
    NoSolution,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; two of them.
    Multiple {
        /// The first solution found.
        first: Grid,
        /// A second, different one.
        second: Grid,
    },
    /// A deadline, node budget or cancel flag stopped the search before it could tell: it found
    /// `found` (no solution or one), and the truth may be anything.
    TimedOut {
        /// The solution found before the stop, if any.
        found: Option<Grid>,
        /// What stopped the search.
        by: Interrupt,
    },
}

impl Verdict {
    /// The verdict's name as the CLI prints it: `invalid`, `no solution`, `unique` or `multiple`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Invalid(_) => "invalid",
            Verdict::NoSolution => "no solution",
            Verdict::Unique(_) => "unique",
            Verdict::Multiple { .. } => "multiple",
            Verdict::TimedOut { .. } => "timed out",
        }
    }
}

/// A grid together with the rules it is played under.
///
/// ```
/// use sudokit::{Grid, Puzzle, Verdict};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let puzzle = Puzzle::classic(grid);
/// match puzzle.check() {
///     Verdict::Unique(solution) => assert!(solution.to_string().starts_with("812753649")),
///     other => panic!("expected a unique solution, got {}", other.name()),
/// }
/// // Replace the 5 in row 4 by an 8: the puzzle now has 295 solutions.
/// let mut text = puzzle.grid().to_string();
/// text.replace_range(28..29, "8");
/// let loose = Puzzle::classic(text.parse()?);
/// assert_eq!(loose.count_up_to(1000).to_string(), "295");
/// # Ok::<(), sudokit::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Puzzle {
    board: Arc<Board>,
    grid: Grid,
}

impl Puzzle {
    /// A puzzle under the given rules; the grid must have the board's shape.
    pub fn new(board: Arc<Board>, grid: Grid) -> Result<Puzzle, GridError> {
        if board.shape() != grid.shape() {
            return Err(GridError::ShapeMismatch { grid: grid.shape(), board: board.shape() });
        }
        Ok(Puzzle { board, grid })
    }
    /// A puzzle under the classic rules of its shape.
    pub fn classic(grid: Grid) -> Puzzle {
        Puzzle { board: Board::classic_shared(grid.shape()), grid }
    }
    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    /// The rules.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The rules, shared (for the parts of a split count, and the human solver's states), rather
    /// than copied for each.
    pub fn shared_board(&self) -> Arc<Board> {
        Arc::clone(&self.board)
    }
    /// The engine that will search this puzzle.
    pub fn engine(&self) -> &'static dyn Engine {
        engine_for(&self.board)
    }
    /// Pairs of equal givens in a house.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.board.conflicts(&self.grid)
    }

    /// The first solution, if any.
    pub fn first_solution(&self) -> Option<Grid> {
        admitted(self.engine().first(&self.board, &self.grid)).0
    }

    /// Counts solutions, stopping at `limit`.
    pub fn count_up_to(&self, limit: u64) -> Count {
        let o = self.count(Limits::up_to(limit));
        Count { solutions: o.solutions, complete: o.complete }
    }

    /// Counts solutions within `limits`, without building them.
    pub fn count(&self, limits: Limits) -> SearchOutcome {
        admitted(self.engine().count(&self.board, &self.grid, &limits))
    }

    /// Calls `visit` with every solution, in a fixed order, within `limits`.
    pub fn for_each_solution(
        &self,
        limits: Limits,
        mut visit: impl FnMut(&Grid) -> ControlFlow<()>,
    ) -> SearchOutcome {
        admitted(self.engine().search(&self.board, &self.grid, &limits, &mut visit))
    }

    /// Up to `limit` solutions.
    pub fn solutions(&self, limit: u64) -> Vec<Grid> {
        let mut out = Vec::new();
        self.for_each_solution(Limits::up_to(limit), |g| {
            out.push(g.clone());
            ControlFlow::Continue(())
        });
        out
    }

    /// The short argument behind [`Verdict::NoSolution`], where there is one: see
    /// [`why_no_solution`](super::why_no_solution).
    pub fn why_no_solution(&self) -> Option<super::NoSolution> {
        super::why_no_solution(&self.board, &self.grid)
    }

    /// Invalid, no solution, unique or multiple.
    pub fn check(&self) -> Verdict {
        self.check_within(Limits::all()).0
    }

    /// [`Puzzle::check`] within a budget, cancel flag or deadline (the solution limit of `limits` is
    /// ignored: a check looks for two). Also returns the search outcome. When the search was cut short
    /// before two solutions turned up, the verdict is [`Verdict::TimedOut`], never a guess.
    pub fn check_within(&self, limits: Limits) -> (Verdict, SearchOutcome) {
        let conflicts = self.conflicts();
        if !conflicts.is_empty() {
            return (Verdict::Invalid(conflicts), SearchOutcome { complete: true, ..Default::default() });
        }
        let mut found = TwoSolutions::default();
        let o = self.for_each_solution(limits.with_solutions(2), |g| found.keep(g.clone()));
        (found.verdict(&o), o)
    }

    /// The givens that can each be removed, alone, with the puzzle keeping its one solution, in
    /// cell order: none for a minimal puzzle. Removing them all at once may lose uniqueness;
    /// removing them one at a time, each while it still can go, leaves a minimal puzzle.
    ///
    /// Each removal is one count up to two solutions within `limits` (a deadline or cancel flag
    /// bounds them all, a node budget each). `Err` holds the verdict of a puzzle without exactly
    /// one solution, or [`Verdict::TimedOut`] when `limits` stopped a count before it could tell.
    ///
    /// ```
    /// use sudokit::{Cell, Limits, Puzzle};
    ///
    /// let minimal: sudokit::Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// assert_eq!(Puzzle::classic(minimal.clone()).redundant_givens(Limits::all()), Ok(vec![]));
    /// // Add r1c2's digit from the solution: the puzzle stays unique, and the new given can go.
    /// let mut more = minimal.clone();
    /// let solution = minimal.first_solution().expect("one solution");
    /// let r1c2 = Cell::new_checked(1, more.shape()).expect("a cell of the board");
    /// more.set(r1c2, solution.get(r1c2));
    /// let redundant = Puzzle::classic(more).redundant_givens(Limits::all()).expect("unique");
    /// assert!(redundant.contains(&r1c2));
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn redundant_givens(&self, limits: Limits) -> Result<Vec<Cell>, Verdict> {
        let (solution, counting) = self.unique_for_removals(limits)?;
        let mut grid = self.grid.clone();
        let mut redundant = Vec::new();
        for (cell, digit) in self.grid.iter() {
            if digit.is_none() {
                continue;
            }
            grid.set(cell, None);
            let goes = self.stays_unique(&grid, &counting, &solution);
            grid.set(cell, digit);
            if goes? {
                redundant.push(cell);
            }
        }
        Ok(redundant)
    }

    /// This puzzle with givens removed one at a time, in the order of `order`, each while the
    /// solution stays unique; givens `order` leaves out are kept, and its other cells are skipped.
    /// With every given in `order`, the result is minimal: a given that cannot go when tried
    /// cannot go from the smaller puzzle after either, which has all the solutions it had.
    /// Different orders may give different minimal puzzles, with different numbers of givens.
    ///
    /// Each removal is one count up to two solutions within `limits`, as for
    /// [`redundant_givens`](Puzzle::redundant_givens), with the same errors.
    ///
    /// ```
    /// use sudokit::{Limits, Puzzle};
    ///
    /// let minimal = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let grid: sudokit::Grid = minimal.parse()?;
    /// let solution = grid.first_solution().expect("one solution");
    /// // The solution itself minimized in reading order: a minimal puzzle with the same solution.
    /// let full = Puzzle::classic(solution.clone());
    /// let order: Vec<_> = solution.iter().map(|(cell, _)| cell).collect();
    /// let reduced = full.minimized(&order, Limits::all()).expect("unique");
    /// assert_eq!(reduced.first_solution(), Some(solution));
    /// assert_eq!(Puzzle::classic(reduced).redundant_givens(Limits::all()), Ok(vec![]));
    /// // A minimal puzzle stays as it is.
    /// assert_eq!(Puzzle::classic(grid.clone()).minimized(&order, Limits::all()), Ok(grid));
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn minimized(&self, order: &[Cell], limits: Limits) -> Result<Grid, Verdict> {
        self.minimized_in_groups(order.iter().map(std::slice::from_ref), limits)
    }

    /// [`minimized`](Puzzle::minimized) with the givens of each group removed together, or not at
    /// all: with a symmetry's orbits as the groups, a symmetric puzzle stays symmetric. A group's
    /// empty cells, and cells off the board, are skipped.
    ///
    /// ```
    /// use sudokit::generate::Symmetry;
    /// use sudokit::{Limits, Puzzle, Shape};
    ///
    /// let full: sudokit::Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let full = full.first_solution().expect("one solution");
    /// // Each cell with its image under a half turn: the puzzle keeps that symmetry.
    /// let pairs = Symmetry::Rotate180.orbits(Shape::CLASSIC);
    /// let reduced = Puzzle::classic(full.clone())
    ///     .minimized_in_groups(pairs.iter().map(Vec::as_slice), Limits::all())
    ///     .expect("unique");
    /// assert!(Symmetry::Rotate180.holds(&reduced));
    /// assert_eq!(reduced.first_solution(), Some(full));
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn minimized_in_groups<'a>(
        &self,
        groups: impl IntoIterator<Item = &'a [Cell]>,
        limits: Limits,
    ) -> Result<Grid, Verdict> {
        let (solution, counting) = self.unique_for_removals(limits)?;
        let mut grid = self.grid.clone();
        let cells = grid.values().len();
        let mut taken: Vec<(Cell, crate::grid::Digit)> = Vec::new();
        for group in groups {
            taken.clear();
            for &cell in group.iter().filter(|c| c.index() < cells) {
                if let Some(digit) = grid.get(cell) {
                    taken.push((cell, digit));
                    grid.set(cell, None);
                }
            }
            if !taken.is_empty() && !self.stays_unique(&grid, &counting, &solution)? {
                taken.iter().for_each(|&(cell, digit)| grid.set(cell, Some(digit)));
            }
        }
        Ok(grid)
    }

    /// The solution of a puzzle about to lose givens, and the limits of one count after a removal;
    /// `Err` with the verdict when the puzzle has not exactly one solution.
    fn unique_for_removals(&self, limits: Limits) -> Result<(Grid, Limits), Verdict> {
        let (verdict, _) = self.check_within(limits.clone());
        match verdict {
            Verdict::Unique(solution) => Ok((solution, limits.with_solutions(2))),
            other => Err(other),
        }
    }

    /// Whether `grid`, this puzzle with givens removed, still has one solution (it has the
    /// puzzle's `solution` at least); [`Verdict::TimedOut`] when the count was stopped first.
    fn stays_unique(&self, grid: &Grid, counting: &Limits, solution: &Grid) -> Result<bool, Verdict> {
        let o = admitted(self.engine().count(&self.board, grid, counting));
        match (o.solutions, o.interrupted) {
            (2.., _) => Ok(false),
            (_, Some(by)) => Err(Verdict::TimedOut { found: Some(solution.clone()), by }),
            _ => Ok(true),
        }
    }
}

/// The solutions a check keeps: the first two (it searches for no more).
#[derive(Default)]
pub(crate) struct TwoSolutions {
    first: Option<Grid>,
    second: Option<Grid>,
}

impl TwoSolutions {
    /// Keeps a solution the search found; the search goes on (its limit of two stops it).
    pub(crate) fn keep(&mut self, g: Grid) -> ControlFlow<()> {
        if self.first.is_none() {
            self.first = Some(g);
        } else {
            self.second = Some(g);
        }
        ControlFlow::Continue(())
    }

    /// The verdict on a puzzle without clashing givens whose search ended with outcome `o`.
    pub(crate) fn verdict(self, o: &SearchOutcome) -> Verdict {
        match (self.first, self.second, o.interrupted) {
            (Some(first), Some(second), _) => Verdict::Multiple { first, second },
            (found, _, Some(by)) => Verdict::TimedOut { found, by },
            (Some(g), _, None) => Verdict::Unique(g),
            (None, _, None) => Verdict::NoSolution,
        }
    }
}

impl Grid {
    /// Checks this grid under the classic rules of its shape; see [`Puzzle::check`].
    pub fn check(&self) -> Verdict {
        Puzzle::classic(self.clone()).check()
    }
    /// The first solution under the classic rules, if any.
    pub fn first_solution(&self) -> Option<Grid> {
        Puzzle::classic(self.clone()).first_solution()
    }
    /// Counts solutions under the classic rules, stopping at `limit`.
    pub fn count_up_to(&self, limit: u64) -> Count {
        Puzzle::classic(self.clone()).count_up_to(limit)
    }
}

/// The result of an engine call that cannot be refused: on a [`Puzzle`] ([`Puzzle::new`] checked the
/// shape) with the engine [`engine_for`] picked for its board.
pub(crate) fn admitted<T>(r: Result<T, EngineError>) -> T {
    r.expect("a Puzzle's grid has its board's shape, and engine_for picks an engine that supports the board")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::CancelFlag;

    /// Seventeen givens, unique: minimal, as every 17-given puzzle is.
    const SEVENTEEN: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn puzzle(text: &str) -> Puzzle {
        Puzzle::classic(text.parse().expect("a puzzle"))
    }

    #[test]
    fn redundant_givens_one_at_a_time() {
        let minimal = puzzle(SEVENTEEN);
        assert_eq!(minimal.redundant_givens(Limits::all()), Ok(vec![]));
        // A full grid: any one cell can go.
        let solution = minimal.first_solution().expect("one solution");
        assert_eq!(puzzle(&solution.to_string()).redundant_givens(Limits::all()).map(|r| r.len()), Ok(81));
        // Two more givens from the solution: each can go (one at a time), and none of the 17 can.
        let mut more = minimal.grid().clone();
        let added: Vec<Cell> = [1, 2].into_iter().map(Cell::from_index).collect();
        for &c in &added {
            more.set(c, solution.get(c));
        }
        let redundant = Puzzle::classic(more.clone()).redundant_givens(Limits::all()).expect("unique");
        for c in &redundant {
            let mut less = more.clone();
            less.set(*c, None);
            assert_eq!(less.count_up_to(2).to_string(), "1", "{c:?} can go");
        }
        assert!(added.iter().all(|c| redundant.contains(c)), "{redundant:?}");
        for (c, d) in more.iter().filter(|(c, d)| d.is_some() && !redundant.contains(c)) {
            let mut less = more.clone();
            less.set(c, None);
            assert_eq!(less.count_up_to(2).to_string(), "2+", "{c:?} ({d:?}) cannot go");
        }
    }

    #[test]
    fn redundant_givens_of_puzzles_without_one_solution() {
        let loose = puzzle(&SEVENTEEN.replacen('4', ".", 1));
        assert!(matches!(loose.redundant_givens(Limits::all()), Err(Verdict::Multiple { .. })));
        let clash = puzzle(&SEVENTEEN.replacen(".", "4", 1));
        assert!(matches!(clash.redundant_givens(Limits::all()), Err(Verdict::Invalid(_))));
        let cancel = CancelFlag::new();
        cancel.cancel();
        let stopped = puzzle(SEVENTEEN).redundant_givens(Limits::all().with_cancel(cancel));
        assert!(matches!(stopped, Err(Verdict::TimedOut { by: Interrupt::Cancelled, .. })), "{stopped:?}");
    }
}
