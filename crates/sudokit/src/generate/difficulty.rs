//! The difficulty classes of [`Difficulty`], judged by the human step solver ([`crate::human`]).
//!
//! The classes follow what a player means by them:
//!
//! - **singles**: naked and hidden singles (and full houses) alone solve the puzzle;
//! - **no-guess**: the human solver solves it with pattern techniques (intersections, subsets,
//!   fish, wings, uniqueness, colouring, chains and loops, ALS), no trial and error, and it needs
//!   more than singles;
//! - **guess**: even those run out: the human solver needs trial and error, one of
//!   [`TRIAL_AND_ERROR`] (forcing chains and nets, which assume a candidate and follow the
//!   consequences, kraken fish, templates, brute force).
//!
//! Every unique puzzle is in exactly one class. Singles are confluent (placing a single never
//! hides another), so "singles alone solve it" does not depend on the order of the steps; the human
//! solver tries every pattern technique before any trial-and-error one, so "the pattern techniques
//! solve it" is the same as "its default path has no trial-and-error step".

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::grid::Grid;
use crate::human::{solve, SolverOptions, State, Technique};
use crate::rate::hodoku::{level_of, Level};
use crate::rules::Board;

use super::{singles, GenerateError};

/// The techniques of trial and error: a puzzle whose human solution needs one of them is
/// [`Difficulty::Guess`]. They come last in the solving order.
pub const TRIAL_AND_ERROR: &[Technique] = &[
    Technique::KrakenFish1,
    Technique::KrakenFish2,
    Technique::ForcingChainContradiction,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
    Technique::TemplateSet,
    Technique::TemplateDelete,
    Technique::BruteForce,
];

/// How hard a generated puzzle may be for a human solver ([`crate::human`]).
///
/// - `Singles`: full houses, naked and hidden singles alone solve it.
/// - `NoGuess`: the human solver's pattern techniques (everything but [`TRIAL_AND_ERROR`]) solve
///   it, and it needs more than singles.
/// - `Guess`: the pattern techniques get stuck; solving it takes trial and error (forcing chains
///   or nets, kraken fish, templates or brute force).
///
/// More classes may come; match with a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Difficulty {
    /// Full houses, naked and hidden singles alone solve it.
    Singles,
    /// The human solver solves it without trial and error, and needs more than singles.
    NoGuess,
    /// The human solver needs trial and error (a technique of [`TRIAL_AND_ERROR`]).
    Guess,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Singles, Difficulty::NoGuess, Difficulty::Guess];

    /// The name the CLI uses: `singles`, `no-guess`, `guess`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Singles => "singles",
            Difficulty::NoGuess => "no-guess",
            Difficulty::Guess => "guess",
        }
    }

    /// The class of `puzzle` under `board`'s rules; `None` when it does not have exactly one
    /// solution (or its givens break the rules).
    ///
    /// ```
    /// use sudokit::generate::Difficulty;
    /// use sudokit::rules::Board;
    /// use sudokit::{Grid, Shape};
    /// let board = Board::classic_shared(Shape::CLASSIC);
    /// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
    /// assert_eq!(Difficulty::of(&board, &easy), Some(Difficulty::Singles));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(board: &Arc<Board>, puzzle: &Grid) -> Option<Difficulty> {
        if singles::solved_by_singles(board, puzzle) {
            return Some(Difficulty::Singles);
        }
        match solved_without_trial_and_error(board, puzzle)? {
            true => Some(Difficulty::NoGuess),
            false => Some(Difficulty::Guess),
        }
    }

    /// Whether `puzzle` (with a unique solution under `board`) has this difficulty: the same
    /// answer as [`Difficulty::of`], with no more work than the class needs.
    pub fn accepts(self, board: &Arc<Board>, puzzle: &Grid) -> bool {
        let singles = singles::solved_by_singles(board, puzzle);
        match self {
            Difficulty::Singles => singles,
            // The singles check is cheap and settles most puzzles before the human solver runs.
            Difficulty::NoGuess => !singles && solved_without_trial_and_error(board, puzzle) == Some(true),
            // Most candidates yield to the basic techniques, which settle them several times faster
            // than the full set; a puzzle is only called Guess after the full set fails.
            Difficulty::Guess => {
                !singles
                    && solved_with(board, puzzle, basic_order()) == Some(false)
                    && solved_without_trial_and_error(board, puzzle) == Some(false)
            }
        }
    }
}

/// Whether the human solver without trial and error solves `puzzle`; `None` when it has no
/// unique solution.
fn solved_without_trial_and_error(board: &Arc<Board>, puzzle: &Grid) -> Option<bool> {
    solved_with(board, puzzle, SolverOptions::default().exclude(TRIAL_AND_ERROR))
}

/// The default order cut to HoDoKu's easy, medium and hard techniques (no chains, ALS or exotic
/// fish): cheap to run, and a puzzle they solve needs no trial and error.
fn basic_order() -> SolverOptions {
    let mut options = SolverOptions::default();
    options.order.retain(|&t| level_of(t) <= Level::Hard);
    options
}

/// Whether the human solver with `options` solves `puzzle`; `None` when it has no unique solution.
fn solved_with(board: &Arc<Board>, puzzle: &Grid, options: SolverOptions) -> Option<bool> {
    let state = State::new(board.clone(), puzzle).ok()?;
    Some(solve(state, options).ok()?.is_solved())
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = GenerateError;
    fn from_str(s: &str) -> Result<Difficulty, GenerateError> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| GenerateError::UnknownDifficulty { name: s.to_string() })
    }
}
