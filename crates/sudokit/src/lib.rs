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
//! The library is layered; each layer is a folder and depends only on the ones before it:
//!
//! | layer | what it holds |
//! |---|---|
//! | [`grid`] | shapes, digits, cells, the grid of values |
//! | [`rules`] | boards: houses, cages, peers; the X, hyper and jigsaw variants |
//! | [`parse`] and [`format`](mod@format) | layouts in and out, the JSON puzzle object; gzip-compressed input (feature `gzip`) |
//! | [`solve`] | the [`Engine`] trait, limits, outcomes, verdicts, [`Puzzle`]; the general and the fast 9×9 engine |
//! | [`canon`] | minlex forms |
//! | [`human`] | human-style solving: candidate states, techniques, steps, the step solver |
//! | [`rate`] | difficulty ratings: [`rate::se`], Sudoku Explainer's ER/EP/ED; [`rate::hodoku`], HoDoKu's score and level |
//! | [`generate`] | grids and puzzles |
//! | `batch` (feature `rayon`) | many puzzles on every core, answers in input order: slices and streams |
//! | [`bench`](mod@bench) | the throughput benchmark |
//!
//! [`error`] gathers every layer's error in one [`Error`] for callers that do not care which part failed.
#![deny(missing_docs)]

#[cfg(feature = "rayon")]
pub mod batch;
#[cfg(has_clock)]
pub mod bench;
pub mod canon;
pub mod error;
pub mod format;
pub mod generate;
pub mod grid;
pub mod human;
pub mod parse;
pub mod rate;
pub mod rules;
pub mod solve;
#[cfg(feature = "proptest")]
pub mod testing;

pub use error::Error;
pub use format::OutputFormat;
pub use grid::{
    BoxIndex, Candidates, CandidatesError, CandidatesErrorKind, Cell, CellSet, Col, Digit, DigitSet, Grid,
    GridError, RegionProblem, Row, Shape, MAX_SIDE, MIN_SIDE,
};
pub use parse::{
    Batch, Expected, JsonProblem, Layout, LineBatch, Notation, ParseError, ParseErrorKind, ParseOptions,
    Position, PuzzleObjectError, PuzzleReader, Record, Symbols, UnknownName, VariantPuzzle,
};
pub use rules::{Board, Cage, CageProblem, Conflict, House, HouseKind, VariantError, Variants};
pub use solve::why_no_solution;
pub use solve::{
    engine_for, engines, CancelFlag, Count, Engine, EngineError, Fast9Engine, GeneralEngine, Interrupt,
    Limits, NoSolution, Puzzle, SearchOutcome, Verdict,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
