//! One interface over every search engine: tests and benchmarks loop over [`engines`], and
//! [`engine_for`] picks the fastest engine that supports a board.

use std::fmt;
use std::ops::ControlFlow;

use super::limits::{Interrupt, Limits, SearchOutcome};
use super::{fast9, general};
use crate::grid::{Grid, Shape};
use crate::rules::Board;

/// Why an engine refused a search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine cannot search boards with these rules (e.g. the fast 9×9 engine and an X board).
    #[error("the {engine} engine does not support {board}")]
    UnsupportedBoard {
        /// The engine's name.
        engine: &'static str,
        /// The board, described.
        board: String,
    },
    /// The grid's shape is not the board's.
    #[error("a {grid} grid on a {board} board")]
    ShapeMismatch {
        /// The grid's shape.
        grid: Shape,
        /// The board's shape.
        board: Shape,
    },
}

/// A search engine. All engines give the same answers; they differ in speed and in the boards they
/// support. Every method refuses, with an [`EngineError`], a board the engine does not
/// [support](Engine::supports) or a grid of another shape than the board's.
pub trait Engine: Send + Sync + fmt::Debug {
    /// A short name for reports and benchmarks.
    fn name(&self) -> &'static str;
    /// Whether this engine can search puzzles on `board`.
    fn supports(&self, board: &Board) -> bool;
    /// Searches `puzzle` under the rules of `board`, calling `visit` with each solution until the
    /// limits stop it or `visit` returns `Break`.
    fn search(
        &self,
        board: &Board,
        puzzle: &Grid,
        limits: &Limits,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<SearchOutcome, EngineError>;
    /// The first solution in the engine's order, if any (the first-solution mode).
    fn first(&self, board: &Board, puzzle: &Grid) -> Result<(Option<Grid>, SearchOutcome), EngineError> {
        let mut first = None;
        let o = self.search(board, puzzle, &Limits::up_to(1), &mut |g| {
            first = Some(g.clone());
            ControlFlow::Break(())
        })?;
        Ok((first, o))
    }
    /// Counts solutions within the limits without building them.
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> Result<SearchOutcome, EngineError> {
        self.search(board, puzzle, limits, &mut |_| ControlFlow::Continue(()))
    }
}

/// Refuses what `engine` cannot search; the engines call it first.
fn admit(engine: &dyn Engine, board: &Board, puzzle: &Grid) -> Result<(), EngineError> {
    if board.shape() != puzzle.shape() {
        return Err(EngineError::ShapeMismatch { grid: puzzle.shape(), board: board.shape() });
    }
    if !engine.supports(board) {
        return Err(EngineError::UnsupportedBoard { engine: engine.name(), board: board.describe() });
    }
    Ok(())
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
    ) -> Result<SearchOutcome, EngineError> {
        admit(self, board, puzzle)?;
        Ok(general::search(board, puzzle, limits, visit))
    }
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> Result<SearchOutcome, EngineError> {
        admit(self, board, puzzle)?;
        Ok(general::count(board, puzzle, limits))
    }
}

/// The fast engine for classic 9×9 boards.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast9Engine;

impl Fast9Engine {
    /// The givens of a classic 9×9 grid, row-major, `0` for a blank: the engine's own input.
    pub(crate) fn cells(puzzle: &Grid) -> [u8; 81] {
        let mut a = [0u8; 81];
        a.copy_from_slice(puzzle.values());
        a
    }

    /// The grid of a solution the engine found (digits 1-9 only: no second check on the hot path).
    pub(crate) fn grid(solution: &[u8; 81]) -> Grid {
        Grid::from_checked_values(Shape::CLASSIC, solution.to_vec())
    }

    /// The visiting search of admitted givens (every value 0..=9), on the engine's own solution
    /// arrays: [`Engine::search`] without building a grid per solution.
    ///
    /// The fast engine looks at the budget, the cancel flag and the clock between solutions only: a
    /// 9×9 search never runs long between two solutions or to its end. Each solution counts as one
    /// node of the budget, a lower bound on the nodes searched.
    pub(crate) fn search_cells(
        cells: &[u8; 81],
        limits: &Limits,
        visit: &mut dyn FnMut(&[u8; 81]) -> ControlFlow<()>,
    ) -> SearchOutcome {
        if limits.max_solutions() == Some(0) {
            return SearchOutcome::default();
        }
        let mut interrupted = None;
        let mut visited = 0u64;
        let check = limits.can_interrupt();
        let r = fast9::search_trusted(cells, limits.solution_cap(), |s| {
            visit(s)?;
            visited += 1;
            if check {
                interrupted = limits.interrupt(visited);
                if interrupted.is_some() {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        outcome9(r, limits.solution_cap(), interrupted)
    }

    /// [`Engine::first`] on admitted givens, the solution on the stack.
    pub(crate) fn first_cells(cells: &[u8; 81]) -> (Option<[u8; 81]>, SearchOutcome) {
        let (s, r) = fast9::first_trusted(cells);
        (s, outcome9(r, 1, None))
    }

    /// [`Engine::count`] on admitted givens.
    pub(crate) fn count_cells(cells: &[u8; 81], limits: &Limits) -> SearchOutcome {
        if limits.can_interrupt() || limits.max_solutions() == Some(0) {
            // Only the visiting search looks at the limits between solutions.
            return Self::search_cells(cells, limits, &mut |_| ControlFlow::Continue(()));
        }
        outcome9(fast9::count_trusted(cells, limits.solution_cap()), limits.solution_cap(), None)
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
        board: &Board,
        puzzle: &Grid,
        limits: &Limits,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<SearchOutcome, EngineError> {
        admit(self, board, puzzle)?;
        Ok(Self::search_cells(&Self::cells(puzzle), limits, &mut |s| visit(&Self::grid(s))))
    }
    fn first(&self, board: &Board, puzzle: &Grid) -> Result<(Option<Grid>, SearchOutcome), EngineError> {
        admit(self, board, puzzle)?;
        let (s, o) = Self::first_cells(&Self::cells(puzzle));
        Ok((s.as_ref().map(Self::grid), o))
    }
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> Result<SearchOutcome, EngineError> {
        admit(self, board, puzzle)?;
        Ok(Self::count_cells(&Self::cells(puzzle), limits))
    }
}

fn outcome9(r: fast9::Stats, cap: u64, interrupted: Option<Interrupt>) -> SearchOutcome {
    // The fast engine stops only at the limit or an interruption; otherwise the search ran to the end.
    SearchOutcome {
        solutions: r.solutions,
        guesses: r.guesses,
        complete: r.solutions < cap && interrupted.is_none(),
        interrupted,
    }
}

/// Every engine, fastest first: tests and benchmarks loop over this. The list may grow.
pub fn engines() -> &'static [&'static dyn Engine] {
    &[&Fast9Engine, &GeneralEngine]
}

/// The fastest engine that supports `board`.
pub fn engine_for(board: &Board) -> &'static dyn Engine {
    if Fast9Engine.supports(board) {
        &Fast9Engine
    } else {
        &GeneralEngine
    }
}
