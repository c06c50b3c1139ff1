//! The error type that gathers every concern's errors, for callers that do not care which part
//! failed. Each concern keeps its own enum beside its code ([`GridError`] in `grid`, [`ParseError`] in
//! `parse`, [`VariantError`] in `rules`, …); this module only joins them, so nothing inside the library
//! depends on it.

pub use crate::canon::CanonError;
pub use crate::generate::{GenerateError, UnknownSymmetry};
pub use crate::grid::{CandidatesError, CandidatesErrorKind, GridError, RegionProblem};
pub use crate::parse::{JsonProblem, ParseError, ParseErrorKind, Position, PuzzleObjectError, UnknownName};
pub use crate::rules::{CageProblem, VariantError};
pub use crate::solve::fast9::GivensError;
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
    /// Givens the fast 9×9 engine's raw API refuses.
    #[error(transparent)]
    Givens(#[from] GivensError),
    /// An engine refused a search.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A candidate grid could not be read.
    #[error(transparent)]
    Candidates(#[from] CandidatesError),
    /// A generator could not be set up or found no puzzle.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A name that is not a symmetry.
    #[error(transparent)]
    Symmetry(#[from] UnknownSymmetry),
    /// A canonical form or transformation could not be computed.
    #[error(transparent)]
    Canon(#[from] CanonError),
    /// Reading the input failed.
    #[error("read error: {0}")]
    Io(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Candidates, Grid, Shape};

    /// `?` carries every concern's error into [`Error`], with the concern's message.
    #[test]
    fn question_mark_works_across_concerns() {
        fn grid() -> Result<Grid, Error> {
            Ok(Grid::from_values(Shape::CLASSIC, &[0; 80])?)
        }
        fn shape() -> Result<Shape, Error> {
            Ok(Shape::for_side(7)?)
        }
        fn parse() -> Result<Grid, Error> {
            Ok("123".parse::<Grid>()?)
        }
        fn candidates() -> Result<Candidates, Error> {
            Ok(Candidates::from_line_form("12")?)
        }
        fn generate() -> Result<crate::generate::Difficulty, Error> {
            Ok("impossible".parse()?)
        }
        fn symmetry() -> Result<crate::generate::Symmetry, Error> {
            Ok("spiral".parse()?)
        }
        fn canon() -> Result<Grid, Error> {
            Ok(crate::canon::canonical(&Grid::empty(Shape::for_side(16)?))?)
        }
        fn variant() -> Result<crate::rules::Board, Error> {
            let cage = crate::rules::Cage { sum: 50, cells: vec![crate::grid::Cell::from_index(0)] };
            Ok(crate::rules::Board::classic(Shape::CLASSIC).with_cages([cage])?)
        }
        assert!(matches!(grid(), Err(Error::Grid(GridError::WrongCellCount { found: 80, expected: 81 }))));
        assert!(matches!(shape(), Err(Error::Grid(GridError::NoBoxShape { side: 7 }))));
        assert!(matches!(parse(), Err(Error::Parse(_))));
        assert!(matches!(candidates(), Err(Error::Candidates(_))));
        assert!(matches!(generate(), Err(Error::Generate(GenerateError::UnknownDifficulty { .. }))));
        assert!(matches!(symmetry(), Err(Error::Symmetry(_))));
        assert!(matches!(canon(), Err(Error::Canon(CanonError::Unsupported { .. }))));
        let e = variant().expect_err("a one-cell cage cannot make 50");
        assert!(matches!(
            e,
            Error::Variant(VariantError::BadCage {
                cage: 1,
                reason: CageProblem::ImpossibleSum { sum: 50, .. }
            })
        ));
        assert_eq!(
            e.to_string(),
            "cage 1: a sum of 50 is impossible for one digit from 1 to 9 (possible: 1 to 9)"
        );
    }
}
