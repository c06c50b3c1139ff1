//! Solving: the [`Engine`] trait and its two engines, [`Limits`] on a search and what it found, and
//! the everyday API on [`Puzzle`] (`check`, `first_solution`, `count_up_to`, `for_each_solution`).
//!
//! - `general/`: the general engine, for every shape and every set of houses and cages.
//! - `fast9/`: the fast engine for classic 9×9 boards.

mod engine;
pub(crate) mod fast9;
mod general;
mod limits;
mod puzzle;

pub use engine::{engine_for, engines, Engine, EngineError, Fast9Engine, GeneralEngine};
pub use limits::{CancelFlag, Count, Interrupt, Limits, SearchOutcome};
pub(crate) use puzzle::admitted;
pub use puzzle::{Puzzle, Verdict};
