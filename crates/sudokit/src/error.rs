//! The error type that gathers every concern's errors, for callers that do not care which part
//! failed. Each concern keeps its own enum beside its code ([`GridError`] in `grid`, [`ParseError`] in
//! `parse`, [`VariantError`] in `rules`, …); this module only joins them, so nothing inside the library
//! depends on it.

pub use crate::grid::GridError;
pub use crate::parse::{ParseError, ParseErrorKind, Position, PuzzleObjectError, UnknownName};
pub use crate::rules::VariantError;
pub use crate::solve::EngineError;

/// Anything the library can report, for callers that do not care which part failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Input could not be read as a puzzle.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A shape, region map or grid does not fit together.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A set of rules that cannot be built.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A JSON puzzle object that does not describe a puzzle.
    #[error(transparent)]
    PuzzleObject(#[from] PuzzleObjectError),
    /// An engine refused a search.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// Reading the input failed.
    #[error("read error: {0}")]
    Io(#[from] std::io::Error),
}
