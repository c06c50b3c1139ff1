//! Solve, count, check and rate over a slice of puzzles or of raw 9×9 rows, in parallel, answers in input
//! order: the calls that bindings make with a whole array at once.

use std::ops::ControlFlow;
#[cfg(has_clock)]
use std::time::Duration;

use rayon::prelude::*;

use crate::grid::{Grid, GridError, Shape};
use crate::rate::{rate_puzzle, Ratings, Unrated};
use crate::solve::{CancelFlag, Count, Interrupt, Limits, Puzzle, SearchOutcome, Verdict};

/// Settings shared by the slice operations.
#[derive(Clone, Debug, Default)]
pub struct BatchOptions {
    /// Time allowed for each puzzle, counted from the start of its search [default: no limit]. Only
    /// where the platform has a clock.
    #[cfg(has_clock)]
    pub timeout: Option<Duration>,
    /// Search nodes allowed for each puzzle [default: no limit]: a bound that works on every platform.
    pub nodes: Option<u64>,
    /// Set it to stop: puzzles not finished yet answer [`BatchError::Cancelled`].
    pub cancel: CancelFlag,
}

impl BatchOptions {
    /// The limits of one search for up to `solutions` solutions (`None`: all), started now.
    fn limits(&self, solutions: Option<u64>) -> Limits {
        let l = solutions.map_or_else(Limits::all, Limits::up_to).with_cancel(self.cancel.clone());
        let l = match self.nodes {
            Some(n) => l.with_nodes(n),
            None => l,
        };
        #[cfg(has_clock)]
        let l = l.with_timeout(self.timeout);
        l
    }
}

/// Why one puzzle of a batch has no answer. The other puzzles are not affected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// The row is no valid 9×9 grid (a value above 9).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The time or node budget of [`BatchOptions`] ran out before the answer was known.
    #[error("timed out")]
    TimedOut,
    /// [`BatchOptions::cancel`] was set before the answer was known.
    #[error("cancelled")]
    Cancelled,
}

/// What interrupted a search, as a batch error; `Ok` when nothing did.
fn interrupted(o: &SearchOutcome) -> Result<(), BatchError> {
    match o.interrupted {
        None => Ok(()),
        Some(Interrupt::Cancelled) => Err(BatchError::Cancelled),
        Some(_) => Err(BatchError::TimedOut),
    }
}

/// Runs `one` over every item on the current rayon pool, in input order, honouring the options.
fn map_all<I: Sync, T: Send>(
    items: &[I],
    opts: &BatchOptions,
    one: impl Fn(&I) -> Result<T, BatchError> + Sync,
) -> Vec<Result<T, BatchError>> {
    items
        .par_iter()
        .map(|item| {
            if opts.cancel.is_cancelled() {
                return Err(BatchError::Cancelled);
            }
            one(item)
        })
        .collect()
}

/// The first solution of `p` (`None` when it has none).
fn solve_one(p: &Puzzle, opts: &BatchOptions) -> Result<Option<Grid>, BatchError> {
    let mut first = None;
    let o = p.for_each_solution(opts.limits(Some(1)), |g| {
        first = Some(g.clone());
        ControlFlow::Break(())
    });
    if first.is_none() {
        interrupted(&o)?;
    }
    Ok(first)
}

/// The solutions of `p` up to `limit` (`None`: all).
fn count_one(p: &Puzzle, limit: Option<u64>, opts: &BatchOptions) -> Result<Count, BatchError> {
    let o = p.count(opts.limits(limit));
    interrupted(&o)?;
    Ok(Count { solutions: o.solutions, complete: o.complete })
}

/// The verdict on `p`.
fn check_one(p: &Puzzle, opts: &BatchOptions) -> Result<Verdict, BatchError> {
    let (verdict, o) = p.check_within(opts.limits(None));
    if !matches!(verdict, Verdict::Multiple { .. }) {
        interrupted(&o)?;
    }
    Ok(verdict)
}

/// A classic puzzle from a row of 81 values, `0` for a blank.
fn row_puzzle(row: &[u8; 81]) -> Result<Puzzle, BatchError> {
    Ok(Puzzle::classic(Grid::from_values(Shape::CLASSIC, row)?))
}

/// The 81 values of a 9×9 solution.
fn row_of(g: &Grid) -> [u8; 81] {
    let mut row = [0u8; 81];
    row.copy_from_slice(g.values());
    row
}

/// The first solution of each puzzle (`None` for a puzzle without one), in input order. Uniqueness is
/// not checked: see [`check_all`] for that.
pub fn solve_all(puzzles: &[Puzzle], opts: &BatchOptions) -> Vec<Result<Option<Grid>, BatchError>> {
    map_all(puzzles, opts, |p| solve_one(p, opts))
}

/// The number of solutions of each puzzle, stopping at `limit` (`None` for all of them: mind that a
/// nearly empty board has billions), in input order.
pub fn count_all(
    puzzles: &[Puzzle],
    limit: Option<u64>,
    opts: &BatchOptions,
) -> Vec<Result<Count, BatchError>> {
    map_all(puzzles, opts, |p| count_one(p, limit, opts))
}

/// The verdict on each puzzle (invalid, no solution, unique or multiple), in input order.
pub fn check_all(puzzles: &[Puzzle], opts: &BatchOptions) -> Vec<Result<Verdict, BatchError>> {
    map_all(puzzles, opts, |p| check_one(p, opts))
}

/// [`solve_all`] over classic 9×9 rows of 81 values (`0` for a blank, row by row), answering rows of
/// 81 values. A row with a value above 9 answers [`BatchError::Grid`] in its place.
///
/// ```
/// use sudokit::batch::{solve_rows, BatchOptions};
/// let mut row = [0u8; 81];
/// row[0] = 5;
/// let solved = solve_rows(&[row, [10; 81]], &BatchOptions::default());
/// assert_eq!(solved[0].as_ref().map(|s| s.map(|s| s[0])), Ok(Some(5)));
/// assert!(solved[1].is_err());
/// ```
pub fn solve_rows(rows: &[[u8; 81]], opts: &BatchOptions) -> Vec<Result<Option<[u8; 81]>, BatchError>> {
    map_all(rows, opts, |row| Ok(solve_one(&row_puzzle(row)?, opts)?.as_ref().map(row_of)))
}

/// [`count_all`] over classic 9×9 rows of 81 values (`0` for a blank).
pub fn count_rows(
    rows: &[[u8; 81]],
    limit: Option<u64>,
    opts: &BatchOptions,
) -> Vec<Result<Count, BatchError>> {
    map_all(rows, opts, |row| count_one(&row_puzzle(row)?, limit, opts))
}

/// [`check_all`] over classic 9×9 rows of 81 values (`0` for a blank).
pub fn check_rows(rows: &[[u8; 81]], opts: &BatchOptions) -> Vec<Result<Verdict, BatchError>> {
    map_all(rows, opts, |row| check_one(&row_puzzle(row)?, opts))
}

/// One puzzle's ratings, or why it was not rated (see [`rate_puzzle`]).
pub type Rated = Result<Ratings, Unrated>;

/// The ratings of each puzzle on both scales ([`rate_puzzle`]), in input order. The ratings have no
/// time or node limit of their own (Sudoku Explainer's rater has its own work budget), so only
/// [`BatchOptions::cancel`] applies, checked before each puzzle.
pub fn rate_all(puzzles: &[Puzzle], opts: &BatchOptions) -> Vec<Result<Rated, BatchError>> {
    map_all(puzzles, opts, |p| Ok(rate_puzzle(p)))
}

/// [`rate_all`] over classic 9×9 rows of 81 values (`0` for a blank).
///
/// ```
/// use sudokit::batch::{rate_rows, BatchOptions};
/// use sudokit::rate::Unrated;
/// let rated = rate_rows(&[[0; 81], [10; 81]], &BatchOptions::default());
/// assert_eq!(rated[0].as_ref().map(|r| r.as_ref().err()), Ok(Some(&Unrated::Multiple)));
/// assert!(rated[1].is_err());
/// ```
pub fn rate_rows(rows: &[[u8; 81]], opts: &BatchOptions) -> Vec<Result<Rated, BatchError>> {
    map_all(rows, opts, |row| Ok(rate_puzzle(&row_puzzle(row)?)))
}
