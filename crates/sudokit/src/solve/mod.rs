//! One interface over every search engine, and the solving API built on it.
//!
//! [`Engine`] is what tests and benchmarks loop over: the fast 9×9 engine and the general engine
//! answer the same questions. [`Puzzle`] pairs a grid with its rules and picks the fastest engine that
//! supports them; its methods are the everyday API (`check`, `first_solution`, `count_up_to`,
//! `for_each_solution`).

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use crate::grid::{Grid, GridError, Shape};
use crate::rules::{Board, Conflict};

pub(crate) mod fast9;
mod general;

/// Bounds on one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions (at least 1; `u64::MAX` for no limit).
    pub solutions: u64,
    /// Stop at this instant, reporting [`SearchOutcome::timed_out`].
    pub deadline: Option<Instant>,
}

impl Limits {
    /// Stop after `n` solutions (0 means no limit), no deadline.
    pub fn solutions(n: u64) -> Limits {
        Limits { solutions: if n == 0 { u64::MAX } else { n }, deadline: None }
    }
}

/// What one search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Solutions found.
    pub solutions: u64,
    /// Guesses made: digits tried at branching cells.
    pub guesses: u64,
    /// Whether the search space was exhausted, so `solutions` is the exact count.
    pub complete: bool,
    /// Whether the deadline stopped the search.
    pub timed_out: bool,
}

/// A search engine. All engines give the same answers; they differ in speed and in the boards they support.
pub trait Engine: Send + Sync + fmt::Debug {
    /// A short name for reports and benchmarks.
    fn name(&self) -> &'static str;
    /// Whether this engine can search puzzles on `board`.
    fn supports(&self, board: &Board) -> bool;
    /// Searches `puzzle` under the rules of `board`, calling `visit` with each solution until the
    /// limit, the deadline, or `visit` returning `Break`. The puzzle must have the board's shape.
    fn search(
        &self,
        board: &Board,
        puzzle: &Grid,
        limits: &Limits,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> SearchOutcome;
    /// The first solution in the engine's order, if any (the first-solution mode).
    fn first(&self, board: &Board, puzzle: &Grid) -> (Option<Grid>, SearchOutcome) {
        let mut first = None;
        let o = self.search(board, puzzle, &Limits::solutions(1), &mut |g| {
            first = Some(g.clone());
            ControlFlow::Break(())
        });
        (first, o)
    }
    /// Counts solutions up to the limit without building them.
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> SearchOutcome {
        self.search(board, puzzle, limits, &mut |_| ControlFlow::Continue(()))
    }
}

/// The general engine: any shape, any houses.
#[derive(Clone, Copy, Debug, Default)]
pub struct GeneralEngine;

impl Engine for GeneralEngine {
    fn name(&self) -> &'static str {
        "general"
    }
    fn supports(&self, _board: &Board) -> bool {
        true
    }
    fn search(
        &self,
        board: &Board,
        puzzle: &Grid,
        limits: &Limits,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> SearchOutcome {
        general::search(board, puzzle, limits, visit)
    }
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> SearchOutcome {
        general::count(board, puzzle, limits)
    }
}

/// The fast engine for classic 9×9 boards.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast9Engine;

impl Fast9Engine {
    fn cells(puzzle: &Grid) -> [u8; 81] {
        let mut a = [0u8; 81];
        a.copy_from_slice(puzzle.values());
        a
    }
}

impl Engine for Fast9Engine {
    fn name(&self) -> &'static str {
        "fast9"
    }
    fn supports(&self, board: &Board) -> bool {
        board.is_classic() && board.shape() == Shape::CLASSIC
    }
    fn search(
        &self,
        _board: &Board,
        puzzle: &Grid,
        limits: &Limits,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> SearchOutcome {
        let mut timed_out = false;
        let r = fast9::search(&Self::cells(puzzle), limits.solutions, |s| {
            // The fast engine returns digits 1-9 only: no second check on the hot path.
            let g = Grid::from_checked_values(Shape::CLASSIC, s.to_vec());
            visit(&g)?;
            if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                timed_out = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        outcome9(r, limits, timed_out)
    }
    fn first(&self, _board: &Board, puzzle: &Grid) -> (Option<Grid>, SearchOutcome) {
        let (s, r) = fast9::first(&Self::cells(puzzle));
        let g = s.map(|s| Grid::from_checked_values(Shape::CLASSIC, s.to_vec()));
        (g, outcome9(r, &Limits::solutions(1), false))
    }
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> SearchOutcome {
        if limits.deadline.is_some() {
            // Only the visiting search looks at the clock (between solutions); a 9×9 search never runs
            // long between two solutions or to its end, so that is where a deadline can bite.
            return self.search(board, puzzle, limits, &mut |_| ControlFlow::Continue(()));
        }
        outcome9(fast9::count(&Self::cells(puzzle), limits.solutions), limits, false)
    }
}

fn outcome9(r: fast9::Search9, limits: &Limits, timed_out: bool) -> SearchOutcome {
    // The fast engine stops only at the limit; below it the search ran to the end.
    SearchOutcome {
        solutions: r.solutions,
        guesses: r.guesses,
        complete: r.solutions < limits.solutions && !timed_out,
        timed_out,
    }
}

/// Every engine, fastest first: tests and benchmarks loop over this.
pub fn engines() -> [&'static dyn Engine; 2] {
    [&Fast9Engine, &GeneralEngine]
}

/// The fastest engine that supports `board`.
pub fn engine_for(board: &Board) -> &'static dyn Engine {
    if Fast9Engine.supports(board) {
        &Fast9Engine
    } else {
        &GeneralEngine
    }
}

/// A count of solutions that may have stopped at a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether that is every solution (`false` when a limit or deadline stopped the count).
    pub complete: bool,
}

/// Prints the count, with a `+` when it stopped at a limit (e.g. `1000+`).
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.solutions, if self.complete { "" } else { "+" })
    }
}

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
}

impl Verdict {
    /// The verdict's name as the CLI prints it: `invalid`, `no solution`, `unique` or `multiple`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Invalid(_) => "invalid",
            Verdict::NoSolution => "no solution",
            Verdict::Unique(_) => "unique",
            Verdict::Multiple { .. } => "multiple",
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
            return Err(GridError::Unsupported {
                what: format!("a {} grid on a {} board", grid.shape(), board.shape()),
            });
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
        self.engine().first(&self.board, &self.grid).0
    }

    /// Counts solutions, stopping at `limit` (0 for no limit).
    pub fn count_up_to(&self, limit: u64) -> Count {
        let o = self.count(Limits::solutions(limit));
        Count { solutions: o.solutions, complete: o.complete }
    }

    /// Counts solutions within `limits`, without building them.
    pub fn count(&self, limits: Limits) -> SearchOutcome {
        self.engine().count(&self.board, &self.grid, &limits)
    }

    /// Calls `visit` with every solution, in a fixed order, within `limits`.
    pub fn for_each_solution(
        &self,
        limits: Limits,
        mut visit: impl FnMut(&Grid) -> ControlFlow<()>,
    ) -> SearchOutcome {
        self.engine().search(&self.board, &self.grid, &limits, &mut visit)
    }

    /// Up to `limit` solutions (0 for all: mind that an empty board has billions).
    pub fn solutions(&self, limit: u64) -> Vec<Grid> {
        let mut out = Vec::new();
        self.for_each_solution(Limits::solutions(limit), |g| {
            out.push(g.clone());
            ControlFlow::Continue(())
        });
        out
    }

    /// Invalid, no solution, unique or multiple.
    pub fn check(&self) -> Verdict {
        self.check_within(None).0
    }

    /// [`Puzzle::check`] with a deadline: also returns the search outcome (`timed_out` means the verdict is
    /// only what was found in time: `NoSolution` or `Unique` may then be wrong and should not be reported).
    pub fn check_within(&self, deadline: Option<Instant>) -> (Verdict, SearchOutcome) {
        let conflicts = self.conflicts();
        if !conflicts.is_empty() {
            return (Verdict::Invalid(conflicts), SearchOutcome { complete: true, ..Default::default() });
        }
        let mut found: Vec<Grid> = Vec::with_capacity(2);
        let o = self.for_each_solution(Limits { solutions: 2, deadline }, |g| {
            found.push(g.clone());
            ControlFlow::Continue(())
        });
        let mut it = found.into_iter();
        let v = match (it.next(), it.next()) {
            (None, _) => Verdict::NoSolution,
            (Some(g), None) => Verdict::Unique(g),
            (Some(first), Some(second)) => Verdict::Multiple { first, second },
        };
        (v, o)
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
    /// Counts solutions under the classic rules, stopping at `limit` (0 for no limit).
    pub fn count_up_to(&self, limit: u64) -> Count {
        Puzzle::classic(self.clone()).count_up_to(limit)
    }
}
