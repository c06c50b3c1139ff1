//! # sudokit
//!
//! A Sudoku toolkit: read puzzles in every common layout, solve, count and enumerate solutions,
//! check uniqueness and conflicting givens, on classic 9×9 boards (with a dedicated fast engine) and on
//! every box shape from 4×4 to 32×32 (with a general engine).
//!
//! ```
//! use sudokit::{Grid, Puzzle, Verdict};
//!
//! let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let puzzle = Puzzle::classic(grid);
//! if let Verdict::Unique(solution) = puzzle.check() {
//!     assert_eq!(&solution.to_string()[..9], "812753649");
//! }
//! assert_eq!(puzzle.count_up_to(2).to_string(), "1");
//! # Ok::<(), sudokit::Error>(())
//! ```
//!
//! Modules: [`grid`] (shapes, digits, cells, grids), [`board`] (rules as houses and cages), [`variant`]
//! (X, hyper, jigsaw, killer and the JSON puzzle object), [`parse`] and [`format`](mod@format) (layouts in
//! and out), [`engine`] (the engines and the solving API), [`generate`] (grids and puzzles), [`canon`]
//! (minlex forms) and [`bench`](mod@bench) (the throughput benchmark). With the `rayon` feature,
//! `batch` solves, counts and checks many puzzles on every core, in input order.
#![deny(missing_docs)]

#[cfg(feature = "rayon")]
pub mod batch;
pub mod bench;
pub mod board;
pub mod canon;
pub mod engine;
pub mod error;
pub mod format;
pub mod generate;
pub mod grid;
pub mod parse;
mod solve;
pub(crate) mod solve9;
#[cfg(feature = "proptest")]
pub mod testing;
pub mod variant;

pub use board::{Board, Cage, Conflict, House, HouseKind};
pub use engine::{
    engine_for, engines, Count, Engine, Fast9Engine, GeneralEngine, Limits, Puzzle, SearchOutcome, Verdict,
};
pub use error::{Error, GridError, ParseError, ParseErrorKind, Position, UnknownName};
pub use format::OutputFormat;
pub use grid::{Cell, Digit, Grid, Shape, MAX_SIDE, MIN_SIDE};
pub use parse::{Batch, Layout, LineBatch, ParseOptions, PuzzleReader, Record, Symbols};
pub use variant::{VariantError, VariantPuzzle, Variants};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
