//! Solve, count and check over a slice of puzzles or of raw 9×9 rows, in parallel, answers in input
//! order: the calls that bindings make with a whole array at once.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::CancelToken;
use crate::{Count, Grid, GridError, Limits, Puzzle, Shape, Verdict};

/// Settings shared by the slice operations.
#[derive(Clone, Debug, Default)]
pub struct BatchOptions {
    /// Time allowed for each puzzle, counted from the start of its search [default: no limit].
    pub timeout: Option<Duration>,
    /// Set it to stop: puzzles not started yet answer [`BatchError::Cancelled`].
    pub cancel: CancelToken,
}

/// Why one puzzle of a batch has no answer. The other puzzles are not affected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// The row is no valid 9×9 grid (a value above 9).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// [`BatchOptions::timeout`] ran out before the answer was known.
    #[error("timed out")]
    TimedOut,
    /// [`BatchOptions::cancel`] was set before the puzzle was started.
    #[error("cancelled")]
    Cancelled,
}

/// Runs `one` over every item on the current rayon pool, in input order, honouring the options.
fn map_all<I: Sync, T: Send>(
    items: &[I],
    opts: &BatchOptions,
    one: impl Fn(&I, Option<Instant>) -> Result<T, BatchError> + Sync,
) -> Vec<Result<T, BatchError>> {
    items
        .par_iter()
        .map(|item| {
            if opts.cancel.is_cancelled() {
                return Err(BatchError::Cancelled);
            }
            one(item, opts.timeout.map(|t| Instant::now() + t))
        })
        .collect()
}

/// The first solution of `p` (`None` when it has none), within `deadline`.
fn solve_one(p: &Puzzle, deadline: Option<Instant>) -> Result<Option<Grid>, BatchError> {
    let mut first = None;
    let o = p.for_each_solution(Limits { deadline, ..Limits::solutions(1) }, |g| {
        first = Some(g.clone());
        ControlFlow::Break(())
    });
    if first.is_none() && o.timed_out {
        return Err(BatchError::TimedOut);
    }
    Ok(first)
}

/// The solutions of `p` up to `limit` (0 for no limit), within `deadline`.
fn count_one(p: &Puzzle, limit: u64, deadline: Option<Instant>) -> Result<Count, BatchError> {
    let o = p.count(Limits { deadline, ..Limits::solutions(limit) });
    if o.timed_out {
        return Err(BatchError::TimedOut);
    }
    Ok(Count { solutions: o.solutions, complete: o.complete })
}

/// The verdict on `p`, within `deadline`.
fn check_one(p: &Puzzle, deadline: Option<Instant>) -> Result<Verdict, BatchError> {
    let (verdict, o) = p.check_within(deadline);
    if o.timed_out {
        return Err(BatchError::TimedOut);
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
    map_all(puzzles, opts, solve_one)
}

/// The number of solutions of each puzzle, stopping at `limit` (0 for no limit; mind that a nearly
/// empty board has billions), in input order.
pub fn count_all(puzzles: &[Puzzle], limit: u64, opts: &BatchOptions) -> Vec<Result<Count, BatchError>> {
    map_all(puzzles, opts, |p, deadline| count_one(p, limit, deadline))
}

/// The verdict on each puzzle (invalid, no solution, unique or multiple), in input order.
pub fn check_all(puzzles: &[Puzzle], opts: &BatchOptions) -> Vec<Result<Verdict, BatchError>> {
    map_all(puzzles, opts, check_one)
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
    map_all(rows, opts, |row, deadline| Ok(solve_one(&row_puzzle(row)?, deadline)?.as_ref().map(row_of)))
}

/// [`count_all`] over classic 9×9 rows of 81 values (`0` for a blank).
pub fn count_rows(rows: &[[u8; 81]], limit: u64, opts: &BatchOptions) -> Vec<Result<Count, BatchError>> {
    map_all(rows, opts, |row, deadline| count_one(&row_puzzle(row)?, limit, deadline))
}

/// [`check_all`] over classic 9×9 rows of 81 values (`0` for a blank).
pub fn check_rows(rows: &[[u8; 81]], opts: &BatchOptions) -> Vec<Result<Verdict, BatchError>> {
    map_all(rows, opts, |row, deadline| check_one(&row_puzzle(row)?, deadline))
}
