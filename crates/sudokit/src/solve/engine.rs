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
    fn cells(puzzle: &Grid) -> [u8; 81] {
        let mut a = [0u8; 81];
        a.copy_from_slice(puzzle.values());
        a
    }

    /// The visiting search of an admitted puzzle, on the engine's own solution arrays.
    ///
    /// The fast engine looks at the budget, the cancel flag and the clock between solutions only: a
    /// 9×9 search never runs long between two solutions or to its end. Each solution counts as one
    /// node of the budget, a lower bound on the nodes searched.
    fn visit_all(
        puzzle: &Grid,
        limits: &Limits,
        visit: &mut dyn FnMut(&[u8; 81]) -> ControlFlow<()>,
    ) -> SearchOutcome {
        if limits.max_solutions() == Some(0) {
            return SearchOutcome::default();
        }
        let mut interrupted = None;
        let mut visited = 0u64;
        let check = limits.can_interrupt();
        let r = fast9::search_trusted(&Self::cells(puzzle), limits.solution_cap(), |s| {
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
        Ok(Self::visit_all(puzzle, limits, &mut |s| {
            // The fast engine returns digits 1-9 only: no second check on the hot path.
            visit(&Grid::from_checked_values(Shape::CLASSIC, s.to_vec()))
        }))
    }
    fn first(&self, board: &Board, puzzle: &Grid) -> Result<(Option<Grid>, SearchOutcome), EngineError> {
        admit(self, board, puzzle)?;
        let (s, r) = fast9::first_trusted(&Self::cells(puzzle));
        let g = s.map(|s| Grid::from_checked_values(Shape::CLASSIC, s.to_vec()));
        Ok((g, outcome9(r, 1, None)))
    }
    fn count(&self, board: &Board, puzzle: &Grid, limits: &Limits) -> Result<SearchOutcome, EngineError> {
        admit(self, board, puzzle)?;
        if limits.can_interrupt() || limits.max_solutions() == Some(0) {
            // Only the visiting search looks at the limits between solutions; no grid is built.
            return Ok(Self::visit_all(puzzle, limits, &mut |_| ControlFlow::Continue(())));
        }
        Ok(outcome9(
            fast9::count_trusted(&Self::cells(puzzle), limits.solution_cap()),
            limits.solution_cap(),
            None,
        ))
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
