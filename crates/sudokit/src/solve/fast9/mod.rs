//! The fast 9×9 engine: band bitboards, propagation to a fixpoint, depth-first guessing.
//!
//! Most callers want [`Puzzle`](crate::solve::Puzzle) or the [`Fast9Engine`](crate::solve::Fast9Engine),
//! which take a [`Grid`](crate::Grid) and a [`Board`](crate::Board) and pick this engine for
//! classic boards. This module is the engine's raw interface, for hot loops over many classic
//! puzzles (benchmarks, generators, batch checks):
//!
//! - [`first`]: the first solution, if any (the first-solution mode);
//! - [`count`]: the number of solutions, up to a limit (the count-only mode: no grid is built);
//! - [`search`](fn@search): every solution, up to a limit, handed to a closure that may stop the search.
//!
//! # Input and output
//!
//! A puzzle is a `[u8; 81]` in row-major order (row 0 from column 0 to 8, then row 1, …): `0` is
//! a blank and `1..=9` a given. Any byte above 9 is refused with a [`GivensError`] before the
//! search starts; no input makes these functions panic. Givens that clash (the same digit twice
//! in a row, column or box) are not an error: such a puzzle has 0 solutions. Solutions come out in
//! the same layout, with digits `1..=9` in every cell, always in the same order for the same
//! puzzle. Each function also returns [`Stats`]: the solutions found and the guesses made.
//!
//! The functions do not allocate, keep no state between calls and may run on many threads at
//! once; the only shared value is the CPU feature detection, made once per process.
//!
//! ```
//! use sudokit::solve::fast9;
//!
//! let grid: sudokit::Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let givens: [u8; 81] = grid.values().try_into()?;
//! assert_eq!(fast9::count(&givens, 2)?.solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//!
//! The state keeps, for every digit and each of the three horizontal bands of 27 cells, one
//! `u32` of the cells of that band where the digit may still go (`cand[digit * 3 + band]`; the
//! layout is drawn at the top of `state.rs`). The files are `tables.rs` (the compile-time
//! tables), `state.rs` (the state, propagation, the portable hot steps), `kernel.rs` (the hot
//! steps per instruction set), `search.rs` (the modes and the depth-first search) and `x86.rs`
//! (the AVX2 kernels, the only `unsafe` code). The variants that were measured and not kept,
//! with their figures, are in `docs/fast9-design.md` at the root of the repository.
//!
//! # Propagation
//!
//! One *band update* of `cand[d*3+b]` does, with three table look-ups and some bit arithmetic:
//! - reduces each row to the 3 boxes it can still use; a 3×3 row×box incidence matrix results.
//!   The digit must occupy one cell per row and per box of the band, i.e. a permutation of that
//!   matrix; minirows in no permutation are removed. This is every locked-candidates (pointing
//!   and claiming) move between rows and boxes in one look-up, and finds an empty row or box.
//! - a box of the band whose candidates lie in one column fixes the digit in that column for
//!   this band: that column is cleared in the two other bands (pointing along columns; it is
//!   also how a placed digit leaves its column).
//! - a row with a single candidate cell is a placement (hidden single in the row, and through
//!   the permutation step in the box): the other digits are removed from that cell.
//!
//! Band updates run until no band changes; then naked singles are found with a bit-sliced count
//! of candidates per cell (all 27 cells of a band at once), placed, and the loop repeats. The
//! same count yields the empty cells (contradiction) and the bivalue cells for branching, and
//! four digit planes alongside it (plane `k`: cells with a candidate digit that has bit `k`)
//! spell each single's digit, so placing it needs no search over the digits.
//!
//! When that fixpoint still needs a guess, a *stack pass* applies the column-wise twin of the
//! permutation rule (in each stack a digit takes one column per band and one band per column;
//! bit arithmetic on the three stacks at once rather than a table look-up per stack), and
//! propagation resumes from the digit-bands it narrowed, if any. It runs before the first guess
//! and, below it, only while many cells are open: on nearly solved grids it rarely pays for
//! itself.
//!
//! The design follows the band-wise bitboard idea published for JCZSolve (storing each digit's
//! candidates band by band and updating them with look-up tables); the code and tables here are
//! written from that description.
//!
//! # Vector kernels
//!
//! On x86-64 CPUs with AVX2, BMI1, BMI2 and POPCNT (detected once per process), the search runs
//! on the kernels of `x86.rs`; elsewhere, and in tests that ask for it, on the portable scalar
//! code. The state layout is the same for both, and so are the results, guess counts included.
//! - The digit-bands to update are taken from a 27-bit mask instead of a test per digit-band:
//!   four 256-bit compares of `cand` against `seen` (the last load overlaps the third, so no
//!   padding) and their movemasks give it, and each round updates its set bits by index. The
//!   first round uses the mask the caller knows instead (a guess touches one digit-band), which
//!   spares a vector load right after the scalar stores of the guess: such a load cannot be
//!   forwarded from them and waits until they drain.
//! - The row×box reduction of a band update is one `pext` where it is fast (not on AMD before
//!   Zen 3, which keeps the table look-ups).
//! - The naked-single count runs for the three bands at once, one band per 128-bit lane.
//! - The set-up of the givens compares each band's 27 bytes against every digit at once, then
//!   derives the candidates and the clash test of all 27 digit-bands eight per vector.
//! - The stack pass, too, runs on all 27 digit-bands at once. Where a lane needs the words of
//!   its digit's two other bands, it reads them from a copy at shifted offsets.
//! - A fresh puzzle starts with *dense rounds*: the band update of all 27 digit-bands at once,
//!   eight per vector, each from the state before the round (the permutation rule as bit
//!   arithmetic, the per-band placements gathered across lanes). Single updates are cheaper
//!   when few digit-bands have news, as below the root; right after the set-up all 27 do. The
//!   rules are the same, so propagation reaches the same fixpoint.
//!
//! # Branching
//!
//! Depth first on a copy of the state. A bivalue cell is preferred, and among the bivalue cells
//! the one with the most unsolved peers (in its row, column and box): either digit placed there
//! then removes candidates from the most cells, so propagation goes furthest. That needs 40–45%
//! fewer guesses on the hard sets than taking the first bivalue cell, as JCZSolve does (87.4
//! against 142.5 per puzzle on forum_hardest_1905_11+, 154 against 274 on forum_hardest_1106).
//! With few cells open (under 25) the choice matters little and scoring every bivalue cell
//! costs more than it saves, so the first one is taken. Without a bivalue cell, the unsolved
//! cell with the fewest candidates among a few looked at.
//! Each alternative tried on a copy counts as one guess; the last alternative of a cell is
//! forced and is not counted (tdoku's convention).

// Digit and band indices are arithmetic on the layout (d * 3 + b), not iteration over items.
#![allow(clippy::needless_range_loop)]

use std::ops::ControlFlow;

mod kernel;
mod search;
mod state;
mod tables;
#[cfg(target_arch = "x86_64")]
mod x86;

pub(crate) use search::{count_trusted, first_trusted, search_trusted};

/// What one search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Stats {
    /// Solutions found (never more than the limit passed in).
    pub solutions: u64,
    /// Guesses made: each alternative tried at a branching cell but the last, which is forced
    /// (tdoku's convention). 0 when propagation alone solved the puzzle or proved it has no
    /// solution.
    pub guesses: u64,
}

/// Why the engine refused a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GivensError {
    /// A cell holds a byte above 9: neither a blank (0) nor a digit (1 to 9).
    #[error("cell {cell} (row {row}, column {col}) holds {byte}: a cell holds 0 (blank) or a digit 1 to 9", row = cell / 9, col = cell % 9)]
    OutOfRange {
        /// The cell, row-major from 0.
        cell: usize,
        /// The byte found there.
        byte: u8,
    },
}

/// `Ok` when every byte of `givens` is 0..=9; else the first cell that is not.
pub(crate) fn check(givens: &[u8; 81]) -> Result<(), GivensError> {
    // The common case without a branch per cell: the largest byte.
    if givens.iter().fold(0, |m, &v| m.max(v)) <= 9 {
        return Ok(());
    }
    let cell = givens.iter().position(|&v| v > 9).unwrap_or_default();
    Err(GivensError::OutOfRange { cell, byte: givens[cell] })
}

/// The first solution of `givens`, if it has one (the first-solution mode).
///
/// `givens` is row-major, `0` for a blank and `1..=9` for a given (see the [module](self) docs).
/// Returns `None` with the [`Stats`] when the puzzle has no solution (clashing givens included);
/// the solution found is the first in the engine's order, not a proof of uniqueness (use
/// [`count`] with a limit of 2 for that).
///
/// # Errors
///
/// [`GivensError::OutOfRange`] when a byte is above 9.
///
/// # Example
///
/// ```
/// use sudokit::solve::fast9;
///
/// let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// let mut givens = [0u8; 81];
/// for (cell, ch) in givens.iter_mut().zip(line.bytes()) {
///     *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
/// }
/// let (solution, stats) = fast9::first(&givens)?;
/// assert_eq!(solution.map(|s| s[..9].to_vec()), Some(vec![8, 1, 2, 7, 5, 3, 6, 4, 9]));
/// assert_eq!(stats.solutions, 1);
///
/// givens[0] = 10;
/// assert!(fast9::first(&givens).is_err());
/// # Ok::<(), fast9::GivensError>(())
/// ```
pub fn first(givens: &[u8; 81]) -> Result<(Option<[u8; 81]>, Stats), GivensError> {
    check(givens)?;
    Ok(first_trusted(givens))
}

/// Counts the solutions of `givens`, stopping at `limit` (the count-only mode: no grid is built).
///
/// `givens` is as for [`first`]. `solutions` in the returned [`Stats`] is the exact count when it
/// is below `limit`, and `limit` when there are at least that many. A limit of 2 checks
/// uniqueness; a limit of 0 searches nothing and returns zero stats.
///
/// # Errors
///
/// [`GivensError::OutOfRange`] when a byte is above 9.
///
/// # Example
///
/// ```
/// use sudokit::solve::fast9;
///
/// // The empty grid has far more than 1,000 solutions.
/// assert_eq!(fast9::count(&[0; 81], 1000)?.solutions, 1000);
/// // Two 5s in the first row: no solution.
/// let mut clash = [0u8; 81];
/// clash[0] = 5;
/// clash[8] = 5;
/// assert_eq!(fast9::count(&clash, 2)?.solutions, 0);
/// # Ok::<(), fast9::GivensError>(())
/// ```
pub fn count(givens: &[u8; 81], limit: u64) -> Result<Stats, GivensError> {
    check(givens)?;
    if limit == 0 {
        return Ok(Stats::default());
    }
    Ok(count_trusted(givens, limit))
}

/// Searches `givens` for up to `limit` solutions and calls `visit` with each one (row-major,
/// digits `1..=9`), in the engine's order; `visit` returning [`ControlFlow::Break`] stops the
/// search. The returned [`Stats`] count the solutions visited.
///
/// `givens` is as for [`first`]. A limit of 0 searches nothing and returns zero stats.
///
/// # Errors
///
/// [`GivensError::OutOfRange`] when a byte is above 9; `visit` is then never called.
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
/// use sudokit::solve::fast9;
///
/// // Solutions of the empty grid, stopping at the third.
/// let mut seen = 0;
/// let stats = fast9::search(&[0; 81], 100, |solution| {
///     seen += 1;
///     assert!(solution.iter().all(|d| (1..=9).contains(d)));
///     if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert_eq!((seen, stats.solutions), (3, 3));
/// # Ok::<(), fast9::GivensError>(())
/// ```
pub fn search(
    givens: &[u8; 81],
    limit: u64,
    visit: impl FnMut(&[u8; 81]) -> ControlFlow<()>,
) -> Result<Stats, GivensError> {
    check(givens)?;
    if limit == 0 {
        return Ok(Stats::default());
    }
    Ok(search_trusted(givens, limit, visit))
}

#[cfg(test)]
mod tests;
