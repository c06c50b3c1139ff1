//! numpy arrays of puzzles on every core: `solve_batch`, `count_batch`, `check_batch`,
//! `minimize_batch`, `rate_batch`, `backdoor_batch`, `explain_batch` and `canon_batch`, one status
//! code per row.
//!
//! A batch is a C-contiguous `uint8` array of shape `(N, cells)` (`(N, 81)` for 9×9, `0` for a blank)
//! or `(N, side, side)`. The rows are copied out of the array (a few bytes each, nothing next to a
//! search) before the GIL is released, so Python threads may go on using the array while the batch
//! runs. Classic 9×9 rows go through the library's raw-row batch calls (`solve_rows_into`, which
//! writes each solution straight into the answer array, `check_rows`, …); other boards and variants
//! through its puzzle batch calls (`solve_all`, …). Either way the answers keep the input order, and
//! a bad row answers a status code in its place: the other rows are not lost. `rate_batch(...,
//! pencil=True)` reads pencil-mark grids instead, `(N, 81, 9)` candidates per row.

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::batch::{
    backdoor_all, backdoor_rows, canon_all, canon_rows, check_all, check_rows, count_all, count_rows,
    minimize_all, minimize_rows, rate_pencil_rows, rate_rows, se_technique_counts_all,
    se_technique_counts_rows, solve_all, solve_rows_into, technique_counts_all, technique_counts_rows,
    BatchError, BatchOptions, TechniqueCounts,
};
use sudokit::canon::canonical;
use sudokit::human::{HumanError, Technique};
use sudokit::rate::Unrated;
use sudokit::{Grid, Puzzle, Shape, Verdict};

use crate::args::{
    batch_options, minimize_symmetry, solution_cap, solver_options, Names, ReadOptions, Whole, COUNT_LIMIT,
};
use crate::errors::bad_option;
use crate::input::with_rules;
use crate::pool::on_pool;

/// What happened to one row of a batch. The numbers are part of the Python API (`sudokit.OK`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Status {
    /// Answered: solved, unique, counted in full, generated.
    Ok = 0,
    /// The givens obey the rules, but there is no solution.
    NoSolution = 1,
    /// Givens that break the rules (two equal digits in a house).
    Invalid = 2,
    /// More than one solution (`check_batch`; the row holds the first).
    Multiple = 3,
    /// A value out of range for the board (above 9 on 9×9), or a cell the rules refuse.
    BadValue = 4,
    /// The `timeout` or `nodes` budget ran out first.
    TimedOut = 5,
    /// `count_batch` stopped at `limit`: there are at least that many solutions.
    AtLimit = 6,
    /// `generate_batch`: no attempt reached the difficulty asked for.
    NotFound = 7,
    /// `generate_batch`: the clue target was missed; the row is the closest puzzle found.
    TargetMissed = 8,
    /// `rate_batch`: one scale rated the puzzle, the other could not (its values are missing);
    /// `explain_batch`: the techniques allowed ran out (the counts so far).
    Partial = 9,
    /// `read_batch`: the record could not be read (the row is zeros).
    Unreadable = 10,
}

/// The status codes by their Python names.
pub const STATUS_CODES: [(&str, u8); 11] = [
    ("OK", Status::Ok as u8),
    ("NO_SOLUTION", Status::NoSolution as u8),
    ("INVALID", Status::Invalid as u8),
    ("MULTIPLE", Status::Multiple as u8),
    ("BAD_VALUE", Status::BadValue as u8),
    ("TIMED_OUT", Status::TimedOut as u8),
    ("AT_LIMIT", Status::AtLimit as u8),
    ("NOT_FOUND", Status::NotFound as u8),
    ("TARGET_MISSED", Status::TargetMissed as u8),
    ("PARTIAL", Status::Partial as u8),
    ("UNREADABLE", Status::Unreadable as u8),
];

/// HoDoKu's levels by their codes in `rate_batch`'s level array (`sudokit.LEVELS`).
pub const LEVELS: [&str; 5] = ["easy", "medium", "hard", "unfair", "extreme"];

/// The code of a status.
pub fn status(s: Status) -> u8 {
    s as u8
}

/// The rows of a batch, copied out of the array.
struct Rows {
    /// The array's dimensions, for the answer's.
    dims: Vec<usize>,
    /// The board of every row.
    shape: Shape,
    /// The values, row after row.
    values: Vec<u8>,
}

impl Rows {
    fn len(&self) -> usize {
        self.values.len() / self.shape.cells()
    }
}

/// Checks and copies a batch: a C-contiguous `uint8` array `(N, cells)` or `(N, side, side)`; N may
/// be 0 (a filter that kept nothing), and then every answer is empty too.
fn rows_of(obj: &Bound<'_, PyAny>, args: &ReadOptions) -> PyResult<Rows> {
    let py = obj.py();
    let type_name = || obj.get_type().name().map_or_else(|_| "this".to_string(), |n| n.to_string());
    let array = obj.cast::<PyUntypedArray>().map_err(|_| {
        bad_option(format!("puzzles must be a numpy array of uint8 of shape (N, 81), not {}", type_name()))
    })?;
    let dtype = array.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        return Err(bad_option(format!(
            "puzzles must have dtype uint8 (0 for a blank), not {}; convert with arr.astype(numpy.uint8)",
            dtype.str().map_or_else(|_| "this".to_string(), |s| s.to_string())
        )));
    }
    let dims = array.shape().to_vec();
    let cells = match dims.as_slice() {
        [_, cells] => *cells,
        [_, rows, cols] if rows == cols => rows * cols,
        _ => {
            return Err(bad_option(format!(
                "puzzles must be a 2-D array (N, 81) or a 3-D array (N, 9, 9), not of shape {dims:?}"
            )))
        }
    };
    let shape = match args.parse.shape {
        Some(s) => s,
        None => Shape::for_side(cells.isqrt()).map_err(bad_option)?,
    };
    if shape.cells() != cells {
        return Err(bad_option(format!(
            "rows of {cells} cells are no board of {}; a 9×9 batch has shape (N, 81)",
            if args.parse.shape.is_some() { shape.to_string() } else { "any size".into() }
        )));
    }
    if !array.is_c_contiguous() {
        return Err(bad_option(
            "puzzles must be C-contiguous (a slice or transpose is not); use numpy.ascontiguousarray(arr)",
        ));
    }
    let typed = obj.cast::<PyArrayDyn<u8>>()?.readonly();
    let values = typed.as_slice().map_err(|e| bad_option(format!("puzzles cannot be read: {e}")))?.to_vec();
    Ok(Rows { dims, shape, values })
}

/// Checks and copies a batch of 9×9 pencil-mark grids: a C-contiguous `bool` or `uint8` array of
/// shape `(N, 81, 9)`, `(N, 9, 9, 9)` or `(N, 729)` (N may be 0), any value but `0` for an open
/// candidate.
fn marks_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let py = obj.py();
    const SHAPES: &str = "(N, 81, 9), (N, 9, 9, 9) or (N, 729)";
    let type_name = || obj.get_type().name().map_or_else(|_| "this".to_string(), |n| n.to_string());
    let array = obj.cast::<PyUntypedArray>().map_err(|_| {
        bad_option(format!(
            "pencil marks must be a numpy array of bool of shape (N, 81, 9), not {}",
            type_name()
        ))
    })?;
    let dtype = array.dtype();
    let boolean = dtype.is_equiv_to(&numpy::dtype::<bool>(py));
    if !boolean && !dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        return Err(bad_option(format!(
            "pencil marks must have dtype bool or uint8 (nonzero for an open candidate), not {}; \
             convert with arr != 0",
            dtype.str().map_or_else(|_| "this".to_string(), |s| s.to_string())
        )));
    }
    let dims = array.shape();
    if !matches!(dims, [_, 81, 9] | [_, 9, 9, 9] | [_, 729]) {
        return Err(bad_option(format!("pencil marks must have shape {SHAPES} (9×9 only), not {dims:?}")));
    }
    if !array.is_c_contiguous() {
        return Err(bad_option(
            "pencil marks must be C-contiguous (a slice or transpose is not); use numpy.ascontiguousarray(arr)",
        ));
    }
    let unreadable = |e: numpy::AsSliceError| bad_option(format!("pencil marks cannot be read: {e}"));
    if boolean {
        let typed = obj.cast::<PyArrayDyn<bool>>()?.readonly();
        Ok(typed.as_slice().map_err(unreadable)?.iter().map(|&open| u8::from(open)).collect())
    } else {
        let typed = obj.cast::<PyArrayDyn<u8>>()?.readonly();
        Ok(typed.as_slice().map_err(unreadable)?.to_vec())
    }
}

/// One row's answer, in input order.
type Answers<T> = Vec<Result<T, BatchError>>;

/// The keyword arguments that `solve_batch`, `check_batch` and `count_batch` share, as Python gave them.
#[derive(Default)]
struct Keywords<'a, 'py> {
    timeout: Option<f64>,
    nodes: Option<Whole<u64>>,
    threads: Option<Whole<usize>>,
    size: Option<Whole<usize>>,
    r#box: Option<&'a Bound<'py, PyAny>>,
    variant: Option<&'a Bound<'py, PyAny>>,
    regions: Option<String>,
}

/// A `#[pyfunction]` over a batch of puzzles, written with its own arguments only: the macro adds the
/// keywords `solve_batch`, `check_batch` and `count_batch` share, after `*` and with the same
/// defaults (`timeout=None, nodes=None, threads=None, size=None, box=None, variant=None,
/// regions=None`), and hands them to the body as [`Keywords`] under the name given after the array's.
/// The signature given ends with the `*` that makes the shared ones keyword-only.
macro_rules! batch_function {
    (
        $(#[$attr:meta])*
        signature = ($($sig:tt)*);
        pub fn $name:ident<$py_life:lifetime>(
            $py:ident, $puzzles:ident, $keywords:ident $(; $($param:ident: $ty:ty),* $(,)?)?
        ) -> $ret:ty $body:block
    ) => {
        // After `pyfunction`, which reads them: the docs, and a `#[pyo3(...)]` such as a
        // `text_signature`.
        #[pyfunction]
        $(#[$attr])*
        #[pyo3(signature = ($puzzles, $($sig)*, timeout=None, nodes=None, threads=None, size=None, r#box=None, variant=None, regions=None))]
        #[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
        pub fn $name<$py_life>(
            $py: Python<$py_life>,
            $puzzles: &Bound<$py_life, PyAny>,
            $($($param: $ty,)*)?
            timeout: Option<f64>,
            nodes: Option<Whole<u64>>,
            threads: Option<Whole<usize>>,
            size: Option<Whole<usize>>,
            r#box: Option<&Bound<$py_life, PyAny>>,
            variant: Option<&Bound<$py_life, PyAny>>,
            regions: Option<String>,
        ) -> $ret {
            let $keywords = Keywords { timeout, nodes, threads, size, r#box, variant, regions };
            $body
        }
    };
}

/// A batch read and checked: the rows, how to read them, the budget per puzzle and the pool's size.
struct Batch {
    rows: Rows,
    args: ReadOptions,
    opts: BatchOptions,
    threads: Option<usize>,
}

impl Batch {
    /// Reads the keyword arguments, then the array.
    fn read(puzzles: &Bound<'_, PyAny>, kw: Keywords<'_, '_>) -> PyResult<Batch> {
        let args = ReadOptions::for_batch(kw.size.map(Whole::get), kw.r#box, kw.variant, kw.regions)?;
        let rows = rows_of(puzzles, &args)?;
        // Rules that fit no board of these rows (a region map of the wrong size, say) would make
        // every row BAD_VALUE without a word: they are refused as the one-puzzle functions refuse them.
        with_rules(Grid::empty(rows.shape), &args)
            .map_err(|e| bad_option(format!("the batch's rules: {e}")))?;
        let opts = batch_options(kw.timeout, kw.nodes.map(Whole::get))?;
        Ok(Batch { rows, args, opts, threads: kw.threads.map(Whole::get) })
    }

    /// Whether the rows are classic 9×9 puzzles under classic rules.
    fn is_classic(&self) -> bool {
        self.rows.shape == Shape::CLASSIC && self.args.variants.is_classic() && self.args.regions.is_none()
    }

    /// Cells per row.
    fn cells(&self) -> usize {
        self.rows.shape.cells()
    }

    /// Runs the batch with the GIL released, then writes each row's answer: `width` values per row
    /// and a status code.
    ///
    /// Classic 9×9 rows go through `rows_fn` (the library's raw-row calls), which may write answers
    /// into their rows of the output itself; other boards and variants are made into puzzles for
    /// `all_fn`, and a row that is no puzzle of the board answers [`BatchError::Grid`]. `write` then
    /// gets each answer in input order with its row of the output, fills the row and names the status.
    fn run<T: Send, E: Copy + Default + Send>(
        &self,
        py: Python<'_>,
        width: usize,
        rows_fn: impl FnOnce(&[[u8; 81]], &mut [E]) -> Answers<T> + Send,
        all_fn: impl FnOnce(&[Puzzle]) -> Answers<T> + Send,
        mut write: impl FnMut(usize, Result<T, BatchError>, &mut [E]) -> Status,
    ) -> PyResult<(Vec<E>, Vec<u8>)> {
        let mut out = vec![E::default(); self.rows.len() * width];
        let answers = on_pool(py, self.threads, &self.opts.cancel, || {
            if self.is_classic() {
                rows_fn(self.rows.values.as_chunks::<81>().0, &mut out)
            } else {
                self.run_puzzles(all_fn)
            }
        })?;
        let codes = answers
            .into_iter()
            .zip(out.chunks_exact_mut(width))
            .enumerate()
            .map(|(i, (answer, row))| status(write(i, answer, row)))
            .collect();
        Ok((out, codes))
    }

    /// Runs `all_fn` on the rows that are puzzles of the board; the others answer their error in place.
    fn run_puzzles<T>(&self, all_fn: impl FnOnce(&[Puzzle]) -> Answers<T>) -> Answers<T> {
        let mut puzzles = Vec::with_capacity(self.rows.len());
        let mut errors: Vec<Option<BatchError>> = Vec::with_capacity(self.rows.len());
        for row in self.rows.values.chunks_exact(self.cells()) {
            match self.puzzle(row) {
                Ok(p) => {
                    puzzles.push(p);
                    errors.push(None);
                }
                Err(e) => errors.push(Some(e)),
            }
        }
        let mut answers = all_fn(&puzzles).into_iter();
        errors
            .into_iter()
            .map(|e| match e {
                Some(e) => Err(e),
                None => answers.next().unwrap_or(Err(BatchError::Cancelled)),
            })
            .collect()
    }

    /// The puzzle of one row, under the batch's rules.
    fn puzzle(&self, row: &[u8]) -> Result<Puzzle, BatchError> {
        let grid = Grid::from_values(self.rows.shape, row)?;
        Ok(with_rules(grid, &self.args)?)
    }

    /// Whether row `i` breaks the rules (two equal givens in a house), for rows without a solution.
    fn breaks_rules(&self, i: usize) -> bool {
        let cells = self.cells();
        self.puzzle(&self.rows.values[i * cells..(i + 1) * cells]).is_ok_and(|p| !p.conflicts().is_empty())
    }

    /// Solutions in the input's dimensions, and the status codes.
    fn solved<'py>(&self, py: Python<'py>, solutions: Vec<u8>, codes: Vec<u8>) -> PyResult<Solved<'py>> {
        Ok((
            PyArray1::from_vec(py, solutions).reshape(self.rows.dims.clone())?,
            PyArray1::from_vec(py, codes),
        ))
    }
}

/// The status of a row that has no answer.
fn error_status(e: &BatchError) -> Status {
    match e {
        BatchError::Grid(_) => Status::BadValue,
        _ => Status::TimedOut,
    }
}

/// Solutions in the input's dimensions, and the status codes.
type Solved<'py> = (Bound<'py, PyArrayDyn<u8>>, Bound<'py, PyArray1<u8>>);

/// A first solution: written into its row already (raw 9×9 rows), or a grid to copy there.
enum Solution {
    InPlace,
    Grid(Grid),
}

batch_function! {
    /// The first solution of every puzzle of a batch, on every core, without checking uniqueness (see
    /// `check_batch` for that).
    ///
    /// `puzzles` is a C-contiguous `uint8` numpy array of shape `(N, 81)` (`0` for a blank; `(N, 9, 9)`
    /// works too, and other boards by their cells: `(N, 16)` is 4×4, `box="2x3"` picks the boxes). Returns
    /// `(solutions, status)`: an array of the input's shape and an `(N,)` `uint8` array with `OK`,
    /// `NO_SOLUTION`, `INVALID` (givens break the rules), `BAD_VALUE` (a value out of range) or
    /// `TIMED_OUT` (`timeout` seconds or `nodes` search nodes per puzzle ran out) per row; rows without a
    /// solution are zeros. The answers keep the input order. Classic 9×9 rows never time out: their
    /// engine looks at the limits between solutions only, and a first solution ends the search (the
    /// hardest known puzzles take about a millisecond). The GIL is released while the batch runs, on
    /// `threads` workers (default: every core). `variant` (`"x"`, `"hyper"`, `"jigsaw"` with one
    /// `regions` map) applies to every row.
    ///
    /// Raises `ValueError` for an array of the wrong type, dtype or shape, or a non-contiguous one.
    ///
    /// ```python
    /// >>> import numpy as np
    /// >>> grid = np.zeros((2, 81), dtype=np.uint8); grid[1, :2] = 5
    /// >>> solutions, status = sudokit.solve_batch(grid)
    /// >>> status.tolist() == [sudokit.OK, sudokit.INVALID]
    /// True
    /// ```
    signature = (*);
    pub fn solve_batch<'py>(py, puzzles, keywords) -> PyResult<Solved<'py>> {
        let batch = Batch::read(puzzles, keywords)?;
        let opts = &batch.opts;
        let (solutions, codes) = batch.run(
            py,
            batch.cells(),
            |raw, out| {
                let found = solve_rows_into(raw, out.as_chunks_mut::<81>().0, opts);
                found.into_iter().map(|r| r.map(|found| found.then_some(Solution::InPlace))).collect()
            },
            |all| solve_all(all, opts).into_iter().map(|r| r.map(|s| s.map(Solution::Grid))).collect(),
            |i, answer, row| match answer {
                Ok(Some(Solution::InPlace)) => Status::Ok,
                Ok(Some(Solution::Grid(g))) => {
                    row.copy_from_slice(g.values());
                    Status::Ok
                }
                Ok(None) if batch.breaks_rules(i) => Status::Invalid,
                Ok(None) => Status::NoSolution,
                Err(e) => error_status(&e),
            },
        )?;
        batch.solved(py, solutions, codes)
    }
}

batch_function! {
    /// A verdict on every puzzle of a batch, on every core: `(solutions, status)` with status `OK`
    /// (unique; the row holds the solution), `MULTIPLE` (the row holds one of the solutions),
    /// `NO_SOLUTION`, `INVALID`, `BAD_VALUE` or `TIMED_OUT`. Arguments and errors as for `solve_batch`.
    ///
    /// ```python
    /// >>> import numpy as np
    /// >>> solutions, status = sudokit.check_batch(np.zeros((1, 81), dtype=np.uint8))
    /// >>> int(status[0]) == sudokit.MULTIPLE
    /// True
    /// ```
    signature = (*);
    pub fn check_batch<'py>(py, puzzles, keywords) -> PyResult<Solved<'py>> {
        let batch = Batch::read(puzzles, keywords)?;
        let opts = &batch.opts;
        let (solutions, codes) = batch.run(
            py,
            batch.cells(),
            |raw, _| check_rows(raw, opts),
            |all| check_all(all, opts),
            |_, answer, row| match answer {
                Ok(Verdict::Unique(g)) => {
                    row.copy_from_slice(g.values());
                    Status::Ok
                }
                Ok(Verdict::Multiple { first, .. }) => {
                    row.copy_from_slice(first.values());
                    Status::Multiple
                }
                Ok(other) => unsolved_status(&other),
                Err(e) => error_status(&e),
            },
        )?;
        batch.solved(py, solutions, codes)
    }
}

/// The status of a verdict other than unique: `MULTIPLE`, `NO_SOLUTION`, `INVALID`, or `TIMED_OUT`.
fn unsolved_status(v: &Verdict) -> Status {
    match v {
        Verdict::Multiple { .. } => Status::Multiple,
        Verdict::NoSolution => Status::NoSolution,
        Verdict::Invalid(_) => Status::Invalid,
        _ => Status::TimedOut,
    }
}

batch_function! {
    /// Every puzzle of a batch reduced to a minimal one with the same solution, on every core, as
    /// `sudokit minimize` does: givens removed one at a time while the solution stays unique.
    /// Returns `(minimal, status)`: the minimal puzzles in the input's dimensions, and `OK`,
    /// `MULTIPLE`, `NO_SOLUTION`, `INVALID`, `BAD_VALUE` or `TIMED_OUT` (those rows are zeros).
    /// The givens are tried in reading order, or with `seed` in a random order, row `i` as
    /// `minimize(row, symmetry=symmetry, seed=seed, index=i)` tries them, whatever `threads` is;
    /// with a `symmetry`, each symmetric group of givens goes together. A row equal to its answer
    /// was minimal already. `timeout` covers a row's whole reduction, `nodes` each of its counts
    /// (one per given). Arguments and errors as for `solve_batch`.
    ///
    /// ```python
    /// >>> import numpy as np
    /// >>> grid = sudokit.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    /// >>> rows = np.array([[int(c) for c in grid]], dtype=np.uint8)
    /// >>> minimal, status = sudokit.minimize_batch(rows, seed=1)
    /// >>> int(status[0]) == sudokit.OK, int((minimal[0] > 0).sum()) < 30
    /// (True, True)
    /// ```
    signature = (*, symmetry="none", seed=None);
    pub fn minimize_batch<'py>(
        py, puzzles, keywords; symmetry: &str, seed: Option<Whole<u64>>
    ) -> PyResult<Solved<'py>> {
        let seed = seed.map(Whole::get);
        let symmetry = minimize_symmetry(symmetry)?;
        let batch = Batch::read(puzzles, keywords)?;
        let opts = &batch.opts;
        let (minimal, codes) = batch.run(
            py,
            batch.cells(),
            |rows, _| minimize_rows(rows, symmetry, seed, opts),
            |all| minimize_all(all, symmetry, seed, opts),
            |_, answer, row| match answer {
                Ok(Ok(m)) => {
                    row.copy_from_slice(m.puzzle.values());
                    Status::Ok
                }
                Ok(Err(v)) => unsolved_status(&v),
                Err(e) => error_status(&e),
            },
        )?;
        batch.solved(py, minimal, codes)
    }
}

/// Counts and status codes.
type Counted<'py> = (Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<u8>>);

batch_function! {
    /// The number of solutions of every puzzle of a batch, on every core, each count stopping at `limit`
    /// (default 1,000,000, as `sudokit count`; `None`: no limit). Returns `(counts, status)`: an `(N,)`
    /// `uint64` array and an `(N,)` `uint8` array with `OK` (the exact count, 0 included), `AT_LIMIT` (at
    /// least `limit`), `INVALID` (givens break the rules; count 0), `BAD_VALUE` or `TIMED_OUT`. Arguments
    /// and errors as for `solve_batch`.
    ///
    /// ```python
    /// >>> import numpy as np
    /// >>> counts, status = sudokit.count_batch(np.zeros((1, 16), dtype=np.uint8))
    /// >>> int(counts[0])
    /// 288
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(puzzles, limit=1000000, *, timeout=None, nodes=None, threads=None, size=None, box=None, variant=None, regions=None)")]
    signature = (limit=Some(Whole(COUNT_LIMIT)), *);
    pub fn count_batch<'py>(py, puzzles, keywords; limit: Option<Whole<u64>>) -> PyResult<Counted<'py>> {
        let limit = solution_cap(limit.map(Whole::get))?;
        let batch = Batch::read(puzzles, keywords)?;
        let opts = &batch.opts;
        let (counts, codes) = batch.run(
            py,
            1,
            |raw, _| count_rows(raw, limit, opts),
            |all| count_all(all, limit, opts),
            |i, answer, count: &mut [u64]| match answer {
                Ok(c) => {
                    count[0] = c.solutions;
                    if !c.complete {
                        Status::AtLimit
                    } else if c.solutions == 0 && batch.breaks_rules(i) {
                        Status::Invalid
                    } else {
                        Status::Ok
                    }
                }
                Err(e) => error_status(&e),
            },
        )?;
        Ok((PyArray1::from_vec(py, counts), PyArray1::from_vec(py, codes)))
    }
}

/// The status of a row that `rate_batch` or `backdoor_batch` could not answer.
fn unrated_status(why: &Unrated) -> Status {
    match why {
        Unrated::Multiple => Status::Multiple,
        Unrated::NoSolution => Status::NoSolution,
        Unrated::Invalid(_) | Unrated::Contradiction(_) => Status::Invalid,
        Unrated::Unsupported { .. } => Status::BadValue,
        _ => Status::TimedOut,
    }
}

/// Backdoor sizes, backdoor counts and status codes.
type Doors<'py> = (Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<i32>>, Bound<'py, PyArray1<u8>>);

/// The backdoor size of every puzzle of a batch, on every core, as `sudokit backdoor` finds it: the
/// fewest cells that, given their solution's digits, let naked and hidden singles solve the rest.
///
/// `puzzles` as for `solve_batch`, with its `threads`, `size`, `box`, `variant` and `regions`.
/// Returns three `(N,)` arrays, in input order: `size` (`int8`: the backdoor size, `-1` where none
/// of up to `max_size` cells was found or the row has no backdoors), `count` (`int32`: how many
/// backdoors of that size there are; `0` for size 0 and where none was found) and `status`
/// (`uint8`): `OK`, `AT_LIMIT` (more than `max_size` cells are needed), `MULTIPLE`, `NO_SOLUTION`,
/// `INVALID` or `BAD_VALUE`. `sudokit.backdoors()` lists the backdoors of one puzzle. The GIL is
/// released while the batch runs.
///
/// ```python
/// >>> import numpy as np
/// >>> rows = np.array([[int(c) if c != "." else 0 for c in
/// ...     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."]], dtype=np.uint8)
/// >>> size, count, status = sudokit.backdoor_batch(rows)
/// >>> int(size[0]), int(count[0]), int(status[0]) == sudokit.OK
/// (2, 7, True)
/// ```
#[pyfunction]
// The defaults as Python shows them (PyO3 writes `...` for any not a literal).
#[pyo3(
    text_signature = "(puzzles, *, max_size=3, threads=None, size=None, box=None, variant=None, regions=None)"
)]
#[pyo3(signature = (puzzles, *, max_size=Whole(3), threads=None, size=None, r#box=None, variant=None, regions=None))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn backdoor_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    max_size: Whole<usize>,
    threads: Option<Whole<usize>>,
    size: Option<Whole<usize>>,
    r#box: Option<&Bound<'py, PyAny>>,
    variant: Option<&Bound<'py, PyAny>>,
    regions: Option<String>,
) -> PyResult<Doors<'py>> {
    let max_size = max_size.get();
    let keywords = Keywords { threads, size, r#box, variant, regions, ..Keywords::default() };
    let batch = Batch::read(puzzles, keywords)?;
    let opts = &batch.opts;
    let (found, codes) = batch.run(
        py,
        2,
        |rows, _| backdoor_rows(rows, max_size, opts),
        |all| backdoor_all(all, max_size, opts),
        |_, answer, out: &mut [i32]| {
            out.copy_from_slice(&[-1, 0]);
            match answer {
                Ok(Ok(b)) => {
                    out[1] = i32::try_from(b.sets.len()).unwrap_or(i32::MAX);
                    match b.size {
                        Some(s) => {
                            out[0] = i32::try_from(s).unwrap_or(i32::MAX);
                            Status::Ok
                        }
                        None => Status::AtLimit,
                    }
                }
                Ok(Err(why)) => unrated_status(&why),
                Err(e) => error_status(&e),
            }
        },
    )?;
    let sizes: Vec<i8> = found.iter().step_by(2).map(|&s| i8::try_from(s).unwrap_or(i8::MAX)).collect();
    let counts: Vec<i32> = found.iter().skip(1).step_by(2).copied().collect();
    Ok((PyArray1::from_vec(py, sizes), PyArray1::from_vec(py, counts), PyArray1::from_vec(py, codes)))
}

/// The canonical (minlex) form of every puzzle of a batch, on every core, as `sudokit canon` and
/// `canon` give it: equivalent puzzles (the same up to the symmetries of the rules and a relabelling
/// of the digits) get equal rows, so `np.unique(forms[status == sudokit.OK], axis=0)` keeps one
/// puzzle of each class.
///
/// `puzzles` as for `solve_batch`, with its `threads`, `size` and `box`: classic rules on sides up
/// to 9 (4×4, 6×6, 8×8, 9×9); a larger board raises `ValueError`. Returns `(forms, status)` in input
/// order: the forms in the input's dimensions, and `OK` or `BAD_VALUE` (a value out of range; the
/// row is zeros). Givens that break the rules get a form too, as with `sudokit canon`. The GIL is
/// released while the batch runs.
///
/// ```python
/// >>> import numpy as np
/// >>> rows = np.array([[1, 0, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
/// ...                  [4, 0, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2, 1, 2, 3, 4]], dtype=np.uint8)
/// >>> forms, status = sudokit.canon_batch(rows)
/// >>> "".join(str(v) if v else "." for v in forms[0]), bool((forms[0] == forms[1]).all())
/// ('.123234114323214', True)
/// ```
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, size=None, r#box=None))]
pub fn canon_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<Whole<usize>>,
    size: Option<Whole<usize>>,
    r#box: Option<&Bound<'py, PyAny>>,
) -> PyResult<Solved<'py>> {
    let keywords = Keywords { threads, size, r#box, ..Keywords::default() };
    let batch = Batch::read(puzzles, keywords)?;
    // Every row has the batch's board: one that has no canonical form is refused whole.
    if let Err(e) = canonical(&Grid::empty(batch.rows.shape)) {
        return Err(PyValueError::new_err(e.to_string()));
    }
    let opts = &batch.opts;
    let (forms, codes) = batch.run(
        py,
        batch.cells(),
        |rows, _| canon_rows(rows, opts).into_iter().map(|r| r.map(|f| f.map(Form::Row))).collect(),
        |all| canon_all(all, opts).into_iter().map(|r| r.map(|f| f.map(Form::Grid))).collect(),
        |_, answer, row| match answer {
            Ok(Ok(Form::Row(f))) => {
                row.copy_from_slice(&f);
                Status::Ok
            }
            Ok(Ok(Form::Grid(g))) => {
                row.copy_from_slice(g.values());
                Status::Ok
            }
            // Not reached: the board was checked above, and the batch has no variant rules.
            Ok(Err(_)) => Status::BadValue,
            Err(e) => error_status(&e),
        },
    )?;
    batch.solved(py, forms, codes)
}

/// A canonical form: a raw 9×9 row, or the grid of another board.
enum Form {
    Row([u8; 81]),
    Grid(Grid),
}

/// Technique counts and status codes.
type Counts<'py> = (Bound<'py, PyArray2<i32>>, Bound<'py, PyArray1<u8>>);

/// How often each technique comes up along every puzzle's path with the human solver, on every
/// core: the counts `sudokit explain --summary` lists, one row of features per puzzle.
///
/// `puzzles` as for `solve_batch`, with its `threads`, `size`, `box`, `variant` and `regions` (any
/// board and rules the solver takes); `techniques`, `exclude` and `all_at_once` as for `explain`.
/// Returns `(counts, status)` in input order: `counts` (`int32`, shape `(N, len(sudokit.TECHNIQUES))`:
/// `counts[n, t]` the steps of technique `sudokit.TECHNIQUES[t]` along row `n`'s path; zeros where
/// there is none) and `status` (`uint8`): `OK` (the path solves the puzzle), `PARTIAL` (the
/// techniques allowed ran out: the counts so far), `MULTIPLE`, `NO_SOLUTION`, `INVALID` or
/// `BAD_VALUE`. The GIL is released while the batch runs.
///
/// `scale="se"` counts the steps of Sudoku Explainer's path instead, the one its rating follows
/// (`sudokit explain --scale se`): columns `sudokit.SE_TECHNIQUES`, Sudoku Explainer's names
/// (the nested forcing chains one column per level), classic 9×9 rows only; `PARTIAL` where its
/// work budget cuts the path short (the counts so far). With it, `techniques`, `exclude` and
/// `all_at_once` raise `ValueError`, as the command line refuses them with `--scale se`.
///
/// ```python
/// >>> import numpy as np
/// >>> rows = np.array([[int(c) if c != "." else 0 for c in
/// ...     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."]], dtype=np.uint8)
/// >>> counts, status = sudokit.explain_batch(rows)
/// >>> {t: int(n) for t, n in zip(sudokit.TECHNIQUES, counts[0]) if n}
/// {'Full House': 21, 'Naked Single': 28}
/// >>> int(status[0]) == sudokit.OK
/// True
/// >>> counts, status = sudokit.explain_batch(rows, scale="se")
/// >>> {t: int(n) for t, n in zip(sudokit.SE_TECHNIQUES, counts[0]) if n}
/// {'Hidden Single': 49}
/// ```
#[pyfunction]
#[pyo3(signature = (
    puzzles, *, techniques=None, exclude=None, all_at_once=false, threads=None, size=None, r#box=None,
    variant=None, regions=None, scale="hodoku"
))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn explain_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    techniques: Option<Names>,
    exclude: Option<Names>,
    all_at_once: bool,
    threads: Option<Whole<usize>>,
    size: Option<Whole<usize>>,
    r#box: Option<&Bound<'py, PyAny>>,
    variant: Option<&Bound<'py, PyAny>>,
    regions: Option<String>,
    scale: &str,
) -> PyResult<Counts<'py>> {
    // Spelled in any case, as `rate`'s scale is.
    let se = match scale.to_ascii_lowercase().as_str() {
        "hodoku" => false,
        "se" => true,
        other => return Err(bad_option(format!("scale={other:?}: expected 'hodoku' or 'se'"))),
    };
    if se && (techniques.is_some() || exclude.is_some() || all_at_once) {
        return Err(bad_option("scale='se' takes none of techniques, exclude and all_at_once"));
    }
    let options = solver_options(techniques, exclude, all_at_once)?;
    let keywords = Keywords { threads, size, r#box, variant, regions, ..Keywords::default() };
    let batch = Batch::read(puzzles, keywords)?;
    if se {
        return se_explain_batch(py, &batch);
    }
    let opts = &batch.opts;
    let width = Technique::ALL.len();
    let (counts, codes) = batch.run(
        py,
        width,
        |rows, _| technique_counts_rows(rows, &options, opts),
        |all| technique_counts_all(all, &options, opts),
        |_, answer, out: &mut [i32]| match answer {
            Ok(Ok(c)) => write_counts(&c, out),
            Ok(Err(e)) => match e {
                HumanError::MultipleSolutions => Status::Multiple,
                HumanError::NoSolution => Status::NoSolution,
                HumanError::Undecided => Status::TimedOut,
                _ => Status::Invalid,
            },
            Err(e) => error_status(&e),
        },
    )?;
    let n = codes.len();
    Ok((PyArray1::from_vec(py, counts).reshape([n, width])?, PyArray1::from_vec(py, codes)))
}

/// `explain_batch(..., scale="se")`: the counts of Sudoku Explainer's techniques along each row's
/// path, classic 9×9 rows only.
fn se_explain_batch<'py>(py: Python<'py>, batch: &Batch) -> PyResult<Counts<'py>> {
    if !batch.is_classic() {
        return Err(bad_option("scale='se' counts classic 9×9 puzzles only"));
    }
    let opts = &batch.opts;
    let width = sudokit::rate::se::technique_names().len();
    let (counts, codes) = batch.run(
        py,
        width,
        |rows, _| se_technique_counts_rows(rows, opts),
        |all| se_technique_counts_all(all, opts),
        |_, answer, out: &mut [i32]| match answer {
            Ok(Ok(c)) => write_counts(&c, out),
            Ok(Err(why)) => unrated_status(&why),
            Err(e) => error_status(&e),
        },
    )?;
    let n = codes.len();
    Ok((PyArray1::from_vec(py, counts).reshape([n, width])?, PyArray1::from_vec(py, codes)))
}

/// Writes a row of counts; `OK` where the path solves the puzzle, else `PARTIAL`.
fn write_counts(c: &TechniqueCounts, out: &mut [i32]) -> Status {
    for (o, &n) in out.iter_mut().zip(&c.counts) {
        *o = i32::try_from(n).unwrap_or(i32::MAX);
    }
    if c.solved {
        Status::Ok
    } else {
        Status::Partial
    }
}

/// The names of Sudoku Explainer's techniques, in the order of `explain_batch(scale="se")`'s
/// columns (`sudokit.SE_TECHNIQUES`).
pub fn se_technique_names() -> Vec<&'static str> {
    sudokit::rate::se::technique_names().to_vec()
}

/// The names of the human solver's techniques, in the order of `explain_batch`'s columns
/// (`sudokit.TECHNIQUES`).
pub fn technique_names() -> Vec<&'static str> {
    Technique::ALL.iter().map(|t| t.name()).collect()
}

/// The difficulty of every puzzle of a 9×9 batch on both scales (or the one of `scale`), on every
/// core, as `sudokit rate` rates each one.
///
/// `puzzles` is a C-contiguous `uint8` array of shape `(N, 81)` or `(N, 9, 9)` (`0` for a blank);
/// the ratings are for classic 9×9 Sudoku only. Returns six `(N,)` arrays, in input order:
/// `er`, `ep`, `ed` (`float32`, Sudoku Explainer; `nan` when not rated), `score` (`int32`, HoDoKu;
/// `-1` when not rated), `level` (`int8`, HoDoKu's level as an index into `sudokit.LEVELS`:
/// 0 easy to 4 extreme; `-1` when not rated, which as a Python index would name the last level:
/// mask it first) and `status` (`uint8`): `OK` (every scale asked for),
/// `PARTIAL` (one scale could not rate it, e.g. Sudoku Explainer's nested forcing chains: its
/// values are missing), `MULTIPLE`, `NO_SOLUTION`, `INVALID` (givens break the rules) or
/// `BAD_VALUE` (a value above 9). The GIL is released while the batch runs on `threads` workers
/// (default: every core).
///
/// With `details=True` two more arrays follow, for the rows Sudoku Explainer rated (as `rate()`'s
/// `hardest` and `step_count`): `hardest` (`object`, the name of the hardest step's technique;
/// `None` when not rated) and `steps` (`int32`, the length of Sudoku Explainer's path; `-1` when not
/// rated). They are asked for by name, so that the six-way unpacking stays as it is.
///
/// `scale="se"` or `scale="hodoku"` rates on that scale alone, as `rate(scale=...)` and `sudokit
/// rate --scale`, in a part of the time: the other scale's arrays are all `nan` or `-1`, and with
/// `scale="hodoku"`, `hardest` and `steps` are those of HoDoKu's path. Another scale is a
/// `ValueError`.
///
/// With `pencil=True`, each row is a pencil-mark grid (a Sukaku, or a player's grid) rated from its
/// candidates as they are, as `rate(marks, pencil=True)` and `sudokit rate --pencil` rate it: a
/// C-contiguous `bool` or `uint8` array of shape `(N, 81, 9)` (`marks[n, cell, digit - 1]`),
/// `(N, 9, 9, 9)` or `(N, 729)`, any value but `0` for an open candidate. A cell with one candidate
/// that no peer has counts as given; marks that contradict themselves (a cell without candidates,
/// two peers left with the same single digit, a digit without a place in a house) are `INVALID`.
///
/// Raises `ValueError` for an array of the wrong type, dtype or shape, or a non-contiguous one.
///
/// ```python
/// >>> import numpy as np
/// >>> er, ep, ed, score, level, status = sudokit.rate_batch(np.zeros((1, 81), dtype=np.uint8))
/// >>> int(status[0]) == sudokit.MULTIPLE, int(level[0])
/// (True, -1)
/// >>> *_, hardest, steps = sudokit.rate_batch(np.zeros((1, 81), dtype=np.uint8), details=True)
/// >>> hardest[0], int(steps[0])
/// (None, -1)
/// >>> marks = np.ones((2, 81, 9), dtype=bool)
/// >>> marks[1, 80] = False  # r9c9 has no candidate left
/// >>> *_, status = sudokit.rate_batch(marks, pencil=True)
/// >>> [int(s) for s in status] == [sudokit.MULTIPLE, sudokit.INVALID]
/// True
/// ```
#[pyfunction]
#[pyo3(signature = (puzzles, *, pencil=false, threads=None, details=false, scale="both"))]
pub fn rate_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    pencil: bool,
    threads: Option<Whole<usize>>,
    details: bool,
    scale: &str,
) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
    let opts = BatchOptions::default();
    let scales = crate::human::scales_of(scale)?;
    let threads = threads.map(Whole::get);
    let answers = if pencil {
        let marks = marks_of(puzzles)?;
        on_pool(py, threads, &opts.cancel, || rate_pencil_rows(marks.as_chunks::<729>().0, scales, &opts))?
    } else {
        let batch = Batch::read(
            puzzles,
            Keywords { size: Some(Whole(9)), threads: threads.map(Whole), ..Keywords::default() },
        )?;
        on_pool(py, threads, &opts.cancel, || {
            rate_rows(batch.rows.values.as_chunks::<81>().0, scales, &opts)
        })?
    };
    let n = answers.len();
    let (mut er, mut ep, mut ed) = (vec![f32::NAN; n], vec![f32::NAN; n], vec![f32::NAN; n]);
    let mut score = vec![-1i32; n];
    let mut level = vec![-1i8; n];
    let mut codes = vec![0u8; n];
    let mut hardest: Vec<Py<PyAny>> = if details { (0..n).map(|_| py.None()).collect() } else { Vec::new() };
    let mut steps = vec![-1i32; if details { n } else { 0 }];
    for (i, answer) in answers.iter().enumerate() {
        codes[i] = status(match answer {
            Ok(Ok(r)) => {
                if let Some(s) = r.se_rating() {
                    (er[i], ep[i], ed[i]) = (s.er(), s.ep(), s.ed());
                }
                if let (true, Some((name, count))) = (details, r.hardest_and_steps()) {
                    hardest[i] = pyo3::types::PyString::new(py, &name).into_any().unbind();
                    steps[i] = i32::try_from(count).unwrap_or(i32::MAX);
                }
                if let Some(h) = r.hodoku_rating() {
                    score[i] = i32::try_from(h.score).unwrap_or(i32::MAX);
                    level[i] = LEVELS.iter().position(|&l| l == h.level.name()).map_or(-1, |l| l as i8);
                }
                if r.is_complete() {
                    Status::Ok
                } else {
                    Status::Partial
                }
            }
            Ok(Err(why)) => unrated_status(why),
            Err(e) => error_status(e),
        });
    }
    let mut arrays = vec![
        PyArray1::from_vec(py, er).into_any(),
        PyArray1::from_vec(py, ep).into_any(),
        PyArray1::from_vec(py, ed).into_any(),
        PyArray1::from_vec(py, score).into_any(),
        PyArray1::from_vec(py, level).into_any(),
        PyArray1::from_vec(py, codes).into_any(),
    ];
    if details {
        arrays.push(PyArray1::from_vec(py, hardest).into_any());
        arrays.push(PyArray1::from_vec(py, steps).into_any());
    }
    pyo3::types::PyTuple::new(py, arrays)
}
