//! Solving: the [`Engine`] trait and its two engines, [`Limits`] on a search and what it found, and
//! the everyday API on [`Puzzle`] (`check`, `first_solution`, `count_up_to`, `for_each_solution`),
//! and [`why_no_solution`]: the short argument a person can follow behind a puzzle with none.
//!
//! - `general/`: the general engine, for every shape and every set of houses and cages.
//! - [`fast9`]: the fast engine for classic 9×9 boards, behind [`Fast9Engine`]; its raw interface
//!   ([`fast9::first`], [`fast9::count`], [`fast9::search`](fn@fast9::search) on `[u8; 81]`) is public for hot loops
//!   over many classic puzzles.

mod engine;
pub mod fast9;
mod general;
mod limits;
mod puzzle;
mod why;

pub use engine::{engine_for, engines, Engine, EngineError, Fast9Engine, GeneralEngine};
pub(crate) use general::count_within;
pub use limits::{CancelFlag, Count, Interrupt, Limits, SearchOutcome};
pub(crate) use puzzle::admitted;
#[cfg(feature = "rayon")]
pub(crate) use puzzle::TwoSolutions;
pub use puzzle::{Puzzle, Verdict};
pub use why::{why_no_solution, Alternatives, Contradiction, DeadEnd, NoSolution};
