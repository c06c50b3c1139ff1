//! Solve, count, check, rate (puzzles or pencil marks), count the techniques of solution paths, find
//! backdoors, minimize and put in canonical form over a slice of puzzles or of raw 9×9 rows, in
//! parallel, answers in input order: the calls that bindings make with a whole array at once.
//!
//! Raw rows skip what a [`Puzzle`] costs where they can: solve, count and check go straight to the fast
//! engine's `[u8; 81]` interface (what `sudokit bench` times), building grids only for the answers
//! they return, and the ratings share one classic board per batch instead of looking it up for every
//! row.

use std::ops::ControlFlow;
use std::sync::Arc;
#[cfg(has_clock)]
use std::time::Duration;

use rayon::prelude::*;

use crate::canon::{canonical, canonical_under, CanonError};
use crate::generate::{minimize, rng_for, Minimized, Symmetry};
use crate::grid::{Candidates, Cell, DigitSet, Grid, GridError, Shape};
use crate::human::{self, HumanError, Path, SolverOptions, State};
use crate::rate::backdoor::{backdoors, Backdoors};
use crate::rate::se::{RateError, SeOptions};
use crate::rate::{
    rate_pencil_on_with, rate_puzzle_with, se_path_with, se_technique_columns, technique_columns, Ratings,
    Scales, Unrated,
};
use crate::rules::Board;
use crate::solve::fast9::{self, GivensError};
use crate::solve::{
    CancelFlag, Count, Fast9Engine, Interrupt, Limits, Puzzle, SearchOutcome, TwoSolutions, Verdict,
};

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
/// For work of microseconds an item (solving, counting, checking): rayon hands the threads runs of
/// items, as it splits the slice.
fn map_all<I: Sync, T: Send>(
    items: &[I],
    opts: &BatchOptions,
    one: impl Fn(&I) -> Result<T, BatchError> + Sync,
) -> Vec<Result<T, BatchError>> {
    map_in_runs(items, opts, usize::MAX, |_, item| one(item))
}

/// [`map_all`] for work of milliseconds to seconds an item (ratings, solution paths, backdoors):
/// each item is a task of its own. In runs, a thread could be left alone with a run of slow items
/// at the end while the others had nothing to take: `explain_batch` on top1465 took a fifth to a
/// quarter longer on two threads than `sudokit explain`, which hands out single puzzles.
fn map_each<I: Sync, T: Send>(
    items: &[I],
    opts: &BatchOptions,
    one: impl Fn(&I) -> Result<T, BatchError> + Sync,
) -> Vec<Result<T, BatchError>> {
    map_in_runs(items, opts, 1, |_, item| one(item))
}

/// [`map_each`] with each item's index in the input, for answers that depend on it (a random stream
/// per item).
fn map_each_indexed<I: Sync, T: Send>(
    items: &[I],
    opts: &BatchOptions,
    one: impl Fn(usize, &I) -> Result<T, BatchError> + Sync,
) -> Vec<Result<T, BatchError>> {
    map_in_runs(items, opts, 1, one)
}

/// Runs `one` over every item, each thread taking runs of at most `longest` items.
fn map_in_runs<I: Sync, T: Send>(
    items: &[I],
    opts: &BatchOptions,
    longest: usize,
    one: impl Fn(usize, &I) -> Result<T, BatchError> + Sync,
) -> Vec<Result<T, BatchError>> {
    items
        .par_iter()
        .with_max_len(longest)
        .enumerate()
        .map(|(i, item)| {
            if opts.cancel.is_cancelled() {
                return Err(BatchError::Cancelled);
            }
            one(i, item)
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
    counted(&p.count(opts.limits(limit)))
}

/// The count a search settled, or what interrupted it.
fn counted(o: &SearchOutcome) -> Result<Count, BatchError> {
    interrupted(o)?;
    Ok(Count { solutions: o.solutions, complete: o.complete })
}

/// The verdict on `p`.
fn check_one(p: &Puzzle, opts: &BatchOptions) -> Result<Verdict, BatchError> {
    let (verdict, o) = p.check_within(opts.limits(None));
    settled(verdict, &o)
}

/// A check's verdict, or what interrupted it: two solutions settle it however the search ended.
fn settled(verdict: Verdict, o: &SearchOutcome) -> Result<Verdict, BatchError> {
    if !matches!(verdict, Verdict::Multiple { .. }) {
        interrupted(o)?;
    }
    Ok(verdict)
}

/// The classic 9×9 board, looked up once per batch: the rows of a batch share it.
fn classic9() -> Arc<Board> {
    Board::classic_shared(Shape::CLASSIC)
}

/// A classic puzzle on `board` from a row of 81 values, `0` for a blank.
fn row_puzzle(board: &Arc<Board>, row: &[u8; 81]) -> Result<Puzzle, BatchError> {
    Ok(Puzzle::new(Arc::clone(board), Grid::from_values(Shape::CLASSIC, row)?)?)
}

/// [`count_one`] on a classic 9×9 row, straight from the fast engine (no grid or puzzle is built):
/// the engine [`Puzzle::count`] picks for the row's puzzle, within the same limits.
fn count_row(row: &[u8; 81], limit: Option<u64>, opts: &BatchOptions) -> Result<Count, BatchError> {
    fast9::check(row).map_err(row_error)?;
    counted(&Fast9Engine::count_cells(row, &opts.limits(limit)))
}

/// [`check_one`] on a classic 9×9 row, straight from the fast engine: grids are built for the
/// solutions the verdict holds only.
///
/// The verdict is [`Puzzle::check_within`]'s. That looks for clashing givens before searching;
/// here the search comes first, as clashing givens have no solution, and the fast engine looks at
/// its limits only after a solution: so a row without solutions is never cut short, and only then
/// is its grid built to name the clashes.
fn check_row(board: &Board, row: &[u8; 81], opts: &BatchOptions) -> Result<Verdict, BatchError> {
    fast9::check(row).map_err(row_error)?;
    let mut found = TwoSolutions::default();
    let o = Fast9Engine::search_cells(row, &opts.limits(None).with_solutions(2), &mut |s| {
        found.keep(Fast9Engine::grid(s))
    });
    let verdict = match found.verdict(&o) {
        Verdict::NoSolution => {
            let conflicts = board.conflicts(&Grid::from_checked_values(Shape::CLASSIC, row.to_vec()));
            if conflicts.is_empty() {
                Verdict::NoSolution
            } else {
                Verdict::Invalid(conflicts)
            }
        }
        v => v,
    };
    settled(verdict, &o)
}

/// The first solution of a classic 9×9 row, straight from the fast engine (no grid is built).
///
/// The answer is [`solve_one`]'s on the row's puzzle: the same engine, the same first solution. A
/// budget or deadline never cuts it short, as the fast engine looks at them only after a solution,
/// which ends a first-solution search anyway; the cancel flag is checked before each row.
fn solve_row(row: &[u8; 81]) -> Result<Option<[u8; 81]>, BatchError> {
    match fast9::first(row) {
        Ok((solution, _)) => Ok(solution),
        Err(e) => Err(row_error(e)),
    }
}

/// The engine's refusal of a row, as the error the row's grid gives ([`Grid::from_values`]), so that
/// every row call names a bad value alike.
fn row_error(e: GivensError) -> BatchError {
    match e {
        GivensError::OutOfRange { cell, byte } => BatchError::Grid(GridError::ValueOutOfRange {
            cell: Cell::from_index(cell),
            shape: Shape::CLASSIC,
            value: usize::from(byte),
        }),
    }
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
    map_all(rows, opts, solve_row)
}

/// [`solve_rows`] writing each solution into its place in `solutions` (rows without one are left as
/// they are): no answer is built or copied per row. Each result tells whether the row has a solution.
///
/// ```
/// use sudokit::batch::{solve_rows_into, BatchError, BatchOptions};
/// let mut row = [0u8; 81];
/// row[0] = 5;
/// let mut solutions = [[0u8; 81]; 2];
/// let found = solve_rows_into(&[row, [10; 81]], &mut solutions, &BatchOptions::default());
/// assert_eq!(found[0], Ok(true));
/// assert_eq!(solutions[0][0], 5);
/// assert!(matches!(found[1], Err(BatchError::Grid(_))));
/// ```
///
/// # Panics
/// When `solutions` and `rows` differ in length.
pub fn solve_rows_into(
    rows: &[[u8; 81]],
    solutions: &mut [[u8; 81]],
    opts: &BatchOptions,
) -> Vec<Result<bool, BatchError>> {
    assert_eq!(rows.len(), solutions.len(), "one row of solutions per row of puzzles");
    rows.par_iter()
        .zip(solutions.par_iter_mut())
        .map(|(row, out)| {
            if opts.cancel.is_cancelled() {
                return Err(BatchError::Cancelled);
            }
            Ok(solve_row(row)?.map(|s| *out = s).is_some())
        })
        .collect()
}

/// [`count_all`] over classic 9×9 rows of 81 values (`0` for a blank).
pub fn count_rows(
    rows: &[[u8; 81]],
    limit: Option<u64>,
    opts: &BatchOptions,
) -> Vec<Result<Count, BatchError>> {
    map_all(rows, opts, |row| count_row(row, limit, opts))
}

/// [`check_all`] over classic 9×9 rows of 81 values (`0` for a blank).
pub fn check_rows(rows: &[[u8; 81]], opts: &BatchOptions) -> Vec<Result<Verdict, BatchError>> {
    let board = classic9();
    map_all(rows, opts, |row| check_row(&board, row, opts))
}

/// One puzzle's ratings, or why it was not rated (see [`rate_puzzle`](crate::rate::rate_puzzle)).
pub type Rated = Result<Ratings, Unrated>;

/// The ratings of each puzzle on `scales` ([`rate_puzzle`](crate::rate::rate_puzzle)), in input
/// order. The ratings have no time or node limit of their own (Sudoku Explainer's rater has its
/// own work budget), so only [`BatchOptions::cancel`] applies, checked before each puzzle and
/// inside the Sudoku Explainer rating (a rating it stops is [`BatchError::Cancelled`]).
pub fn rate_all(puzzles: &[Puzzle], scales: Scales, opts: &BatchOptions) -> Vec<Result<Rated, BatchError>> {
    map_each(puzzles, opts, |p| unless_cancelled(rate_puzzle_with(p, scales, se_options(opts))))
}

/// The Sudoku Explainer options of a batch's ratings: stopped by its cancel flag.
fn se_options(opts: &BatchOptions) -> SeOptions {
    SeOptions::default().with_cancel(opts.cancel.clone())
}

/// A rating, unless the batch's cancel flag stopped it part way.
fn unless_cancelled(rated: Rated) -> Result<Rated, BatchError> {
    match &rated {
        Ok(Ratings { se: Some(Err(RateError::Interrupted { .. })), .. }) => Err(BatchError::Cancelled),
        _ => Ok(rated),
    }
}

/// [`rate_all`] over classic 9×9 rows of 81 values (`0` for a blank).
///
/// ```
/// use sudokit::batch::{rate_rows, BatchOptions};
/// use sudokit::rate::{Scales, Unrated};
/// let rated = rate_rows(&[[0; 81], [10; 81]], Scales::Both, &BatchOptions::default());
/// assert_eq!(rated[0].as_ref().map(|r| r.as_ref().err()), Ok(Some(&Unrated::Multiple)));
/// assert!(rated[1].is_err());
/// ```
pub fn rate_rows(rows: &[[u8; 81]], scales: Scales, opts: &BatchOptions) -> Vec<Result<Rated, BatchError>> {
    let board = classic9();
    map_each(rows, opts, |row| {
        unless_cancelled(rate_puzzle_with(&row_puzzle(&board, row)?, scales, se_options(opts)))
    })
}

/// The ratings of classic 9×9 pencil-mark grids ([`rate_pencil`](crate::rate::rate_pencil): a
/// Sukaku, or a player's grid rated from its candidates as they are), in input order. A row holds
/// the 729 candidates cell by cell, digits 1 to 9 within a cell (`row[cell * 9 + digit - 1]`), any
/// value but `0` for a candidate that is open: the layout of a numpy array of shape `(N, 81, 9)`.
/// Only [`BatchOptions::cancel`] applies, as for [`rate_rows`].
///
/// ```
/// use sudokit::batch::{rate_pencil_rows, BatchOptions};
/// use sudokit::rate::{Scales, Unrated};
/// let open = [1; 729];
/// let mut empty_cell = open;
/// empty_cell[..9].fill(0);
/// let rated = rate_pencil_rows(&[open, empty_cell], Scales::Both, &BatchOptions::default());
/// assert_eq!(rated[0].as_ref().map(|r| r.as_ref().err()), Ok(Some(&Unrated::Multiple)));
/// let why = rated[1].as_ref().ok().and_then(|r| r.as_ref().err()).ok_or("rated")?;
/// assert_eq!(why.status(), "invalid");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_pencil_rows(
    rows: &[[u8; 729]],
    scales: Scales,
    opts: &BatchOptions,
) -> Vec<Result<Rated, BatchError>> {
    map_each(rows, opts, |row| {
        let marks = row_marks(row);
        unless_cancelled(
            rate_pencil_on_with(Board::classic_shared(marks.shape()), &marks, scales, se_options(opts)).0,
        )
    })
}

/// The candidates of one row of [`rate_pencil_rows`].
fn row_marks(row: &[u8; 729]) -> Candidates {
    let mut marks = Candidates::new(Shape::CLASSIC);
    for (index, cell) in row.as_chunks::<9>().0.iter().enumerate() {
        let bits = cell.iter().rev().fold(0, |bits, &open| bits << 1 | u32::from(open != 0));
        if let Some(at) = Cell::new_checked(index, Shape::CLASSIC) {
            marks.set(at, DigitSet::from_bits(bits));
        }
    }
    marks
}

/// How often each technique comes up along one puzzle's path with the human solver, or along
/// Sudoku Explainer's: what `sudokit explain --summary` lists, as a row of counts (features for a
/// model of difficulty, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TechniqueCounts {
    /// `counts[i]`: the steps of [`Technique::ALL`](crate::human::Technique::ALL)`[i]`, as
    /// [`technique_columns`] counts them; on Sudoku Explainer's scale those of
    /// [`se::technique_names`](crate::rate::se::technique_names)`()[i]`.
    pub counts: Vec<u32>,
    /// Whether the path solves the puzzle; `false` when the techniques allowed ran out (without
    /// brute force, which ends the default order, they can), or Sudoku Explainer's work budget.
    pub solved: bool,
}

impl TechniqueCounts {
    /// The counts of a path's steps.
    fn of(path: &Path) -> TechniqueCounts {
        TechniqueCounts { counts: technique_columns(&path.steps), solved: path.is_solved() }
    }
}

/// One puzzle's technique counts, or why the human solver takes no path through it (several
/// solutions, none, givens that break the rules).
pub type Counted = Result<TechniqueCounts, HumanError>;

/// Each puzzle's path with the human solver ([`human::solve`] with `options`), counted by technique
/// ([`TechniqueCounts`]), in input order, on any board and rules the solver takes. Only
/// [`BatchOptions::cancel`] applies, checked before each puzzle.
pub fn technique_counts_all(
    puzzles: &[Puzzle],
    options: &SolverOptions,
    opts: &BatchOptions,
) -> Vec<Result<Counted, BatchError>> {
    map_each(puzzles, opts, |p| Ok(technique_counts(p, options)))
}

/// [`technique_counts_all`] over classic 9×9 rows of 81 values (`0` for a blank).
///
/// ```
/// use sudokit::batch::{technique_counts_rows, BatchOptions};
/// use sudokit::human::{HumanError, SolverOptions, Technique};
/// let easy: Vec<u8> = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .bytes()
///     .map(|b| if b == b'.' { 0 } else { b - b'0' })
///     .collect();
/// let row: [u8; 81] = easy.try_into().expect("81 cells");
/// let counted = technique_counts_rows(&[row, [0; 81]], &SolverOptions::default(), &BatchOptions::default());
/// let easy = counted[0].clone()?.map_err(|e| e.to_string())?;
/// let at = |t| Technique::ALL.iter().position(|&x| x == t).expect("a technique");
/// assert!(easy.solved);
/// // As `sudokit explain --summary` lists them: 28 naked singles, 21 full houses.
/// assert_eq!((easy.counts[at(Technique::NakedSingle)], easy.counts[at(Technique::FullHouse)]), (28, 21));
/// assert_eq!(easy.counts.iter().sum::<u32>(), 49);
/// assert_eq!(counted[1], Ok(Err(HumanError::MultipleSolutions)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn technique_counts_rows(
    rows: &[[u8; 81]],
    options: &SolverOptions,
    opts: &BatchOptions,
) -> Vec<Result<Counted, BatchError>> {
    let board = classic9();
    map_each(rows, opts, |row| Ok(technique_counts(&row_puzzle(&board, row)?, options)))
}

/// One puzzle's technique counts.
fn technique_counts(p: &Puzzle, options: &SolverOptions) -> Counted {
    let state = State::new(p.shared_board(), p.grid())?;
    Ok(TechniqueCounts::of(&human::solve(state, options.clone())?))
}

/// One puzzle's counts of Sudoku Explainer's techniques along the path its rating follows, or why
/// it has no such path (not classic 9×9, not exactly one solution).
pub type SeCounted = Result<TechniqueCounts, Unrated>;

/// Each classic 9×9 puzzle's path by Sudoku Explainer's rules ([`se_path_with`]) counted by
/// technique, the columns of [`se::technique_names`](crate::rate::se::technique_names), in input
/// order. A path its work budget cuts short gives the counts so far, not solved. Only
/// [`BatchOptions::cancel`] applies, checked before each puzzle and inside its chains.
pub fn se_technique_counts_all(
    puzzles: &[Puzzle],
    opts: &BatchOptions,
) -> Vec<Result<SeCounted, BatchError>> {
    map_each(puzzles, opts, |p| se_technique_counts(p, opts))
}

/// [`se_technique_counts_all`] over classic 9×9 rows of 81 values (`0` for a blank).
///
/// ```
/// use sudokit::batch::{se_technique_counts_rows, BatchOptions};
/// use sudokit::rate::{se, Unrated};
/// let xy: Vec<u8> = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."
///     .bytes()
///     .map(|b| if b == b'.' { 0 } else { b - b'0' })
///     .collect();
/// let row: [u8; 81] = xy.try_into().expect("81 cells");
/// let counted = se_technique_counts_rows(&[row, [0; 81]], &BatchOptions::default());
/// let xy = counted[0].clone()?.map_err(|e| e.to_string())?;
/// let at = |name| se::technique_names().iter().position(|&n| n == name).expect("a name");
/// assert!(xy.solved);
/// assert_eq!((xy.counts[at("XY-Wing")], xy.counts.iter().sum::<u32>()), (3, 65));
/// assert_eq!(counted[1], Ok(Err(Unrated::Multiple)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn se_technique_counts_rows(
    rows: &[[u8; 81]],
    opts: &BatchOptions,
) -> Vec<Result<SeCounted, BatchError>> {
    let board = classic9();
    map_each(rows, opts, |row| se_technique_counts(&row_puzzle(&board, row)?, opts))
}

/// One puzzle's counts of Sudoku Explainer's techniques.
fn se_technique_counts(p: &Puzzle, opts: &BatchOptions) -> Result<SeCounted, BatchError> {
    let path = match se_path_with(p, se_options(opts)) {
        Ok(path) => path,
        Err(why) => return Ok(Err(why)),
    };
    if matches!(path.stopped, Some(RateError::Interrupted { .. })) {
        return Err(BatchError::Cancelled);
    }
    Ok(Ok(TechniqueCounts { counts: se_technique_columns(&path.steps), solved: path.stopped.is_none() }))
}

/// Each puzzle's backdoors of up to `max_size` cells ([`backdoors`]), or why it has none, in input
/// order; only [`BatchOptions::cancel`] applies, checked before each puzzle.
pub fn backdoor_all(
    puzzles: &[Puzzle],
    max_size: usize,
    opts: &BatchOptions,
) -> Vec<Result<Result<Backdoors, Unrated>, BatchError>> {
    map_each(puzzles, opts, |p| Ok(backdoors(p, max_size)))
}

/// [`backdoor_all`] over classic 9×9 rows of 81 values (`0` for a blank).
///
/// ```
/// use sudokit::batch::{backdoor_rows, BatchOptions};
/// let easy: Vec<u8> = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .bytes()
///     .map(|b| if b == b'.' { 0 } else { b - b'0' })
///     .collect();
/// let row: [u8; 81] = easy.try_into().expect("81 cells");
/// let found = backdoor_rows(&[row, [0; 81]], 3, &BatchOptions::default());
/// assert_eq!(found[0].as_ref().map(|b| b.as_ref().map(|b| b.size)), Ok(Ok(Some(0))));
/// assert!(found[1].as_ref().is_ok_and(|b| b.is_err()));
/// ```
pub fn backdoor_rows(
    rows: &[[u8; 81]],
    max_size: usize,
    opts: &BatchOptions,
) -> Vec<Result<Result<Backdoors, Unrated>, BatchError>> {
    let board = classic9();
    map_each(rows, opts, |row| Ok(backdoors(&row_puzzle(&board, row)?, max_size)))
}

/// Each puzzle's canonical (minlex) form ([`canonical_under`]: the classic rules, sides up to 9), or
/// why it has none, in input order. Equivalent puzzles get equal forms, so a collection's distinct
/// puzzles are its distinct forms. Only [`BatchOptions::cancel`] applies, checked before each puzzle.
pub fn canon_all(
    puzzles: &[Puzzle],
    opts: &BatchOptions,
) -> Vec<Result<Result<Grid, CanonError>, BatchError>> {
    map_all(puzzles, opts, |p| Ok(canonical_under(p.board(), p.grid())))
}

/// [`canon_all`] over classic 9×9 rows of 81 values (`0` for a blank), answering rows of 81 values.
/// A row with a value above 9 answers [`BatchError::Grid`] in its place.
///
/// ```
/// use sudokit::batch::{canon_rows, BatchOptions};
/// let row = |s: &str| -> [u8; 81] {
///     let v: Vec<u8> = s.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
///     v.try_into().expect("81 cells")
/// };
/// let easy = row("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
/// // The same puzzle turned a quarter and with its digits relabelled.
/// let mut turned = [0; 81];
/// for (i, &v) in easy.iter().enumerate() {
///     turned[(i % 9) * 9 + 8 - i / 9] = if v == 0 { 0 } else { v % 9 + 1 };
/// }
/// let forms = canon_rows(&[easy, turned], &BatchOptions::default());
/// assert_eq!(forms[0], forms[1]);
/// assert!(forms[0].as_ref().is_ok_and(|f| f.is_ok()));
/// ```
pub fn canon_rows(
    rows: &[[u8; 81]],
    opts: &BatchOptions,
) -> Vec<Result<Result<[u8; 81], CanonError>, BatchError>> {
    map_all(rows, opts, |row| {
        let grid = Grid::from_values(Shape::CLASSIC, row)?;
        Ok(canonical(&grid).map(|c| {
            let mut out = [0; 81];
            out.copy_from_slice(c.values());
            out
        }))
    })
}

/// One puzzle minimized, or the verdict of a puzzle without exactly one solution (never
/// [`Verdict::Unique`] nor [`Verdict::TimedOut`], which is a [`BatchError`] here).
pub type Reduced = Result<Minimized, Verdict>;

/// Each puzzle reduced to a minimal one with the same solution ([`minimize`], under `symmetry`), in
/// input order. The givens are tried in reading order, or with `seed` in a random order from [`rng_for`]`(seed, i)`
/// for puzzle `i` (from 0), so the answers are the same on any number of threads. The time limit
/// covers a puzzle's whole reduction, the node budget each of its counts (one per given).
pub fn minimize_all(
    puzzles: &[Puzzle],
    symmetry: Symmetry,
    seed: Option<u64>,
    opts: &BatchOptions,
) -> Vec<Result<Reduced, BatchError>> {
    map_each_indexed(puzzles, opts, |i, p| minimize_one(p, symmetry, seed, i, opts))
}

/// [`minimize_all`] over classic 9×9 rows of 81 values (`0` for a blank).
///
/// ```
/// use sudokit::batch::{minimize_rows, BatchOptions};
/// use sudokit::generate::Symmetry;
/// let grid: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let solution = grid.first_solution().expect("one solution");
/// let row: [u8; 81] = solution.values().try_into().expect("81 cells");
/// let reduced = minimize_rows(&[row, [0; 81]], Symmetry::None, Some(7), &BatchOptions::default());
/// let minimal = reduced[0].as_ref().ok().and_then(|r| r.as_ref().ok()).expect("a minimal puzzle");
/// assert_eq!(minimal.puzzle.givens() + minimal.removed.len(), 81);
/// assert!(matches!(reduced[1], Ok(Err(sudokit::Verdict::Multiple { .. }))));
/// # Ok::<(), sudokit::Error>(())
/// ```
pub fn minimize_rows(
    rows: &[[u8; 81]],
    symmetry: Symmetry,
    seed: Option<u64>,
    opts: &BatchOptions,
) -> Vec<Result<Reduced, BatchError>> {
    let board = classic9();
    map_each_indexed(rows, opts, |i, row| minimize_one(&row_puzzle(&board, row)?, symmetry, seed, i, opts))
}

/// One puzzle of [`minimize_all`], the `i`-th.
fn minimize_one(
    p: &Puzzle,
    symmetry: Symmetry,
    seed: Option<u64>,
    i: usize,
    opts: &BatchOptions,
) -> Result<Reduced, BatchError> {
    let mut rng = seed.map(|s| rng_for(s, i as u64));
    match minimize(p, symmetry, rng.as_mut(), opts.limits(None)) {
        Err(Verdict::TimedOut { by: Interrupt::Cancelled, .. }) => Err(BatchError::Cancelled),
        Err(Verdict::TimedOut { .. }) => Err(BatchError::TimedOut),
        reduced => Ok(reduced),
    }
}
