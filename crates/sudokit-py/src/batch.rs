//! numpy arrays of puzzles on every core: `solve_batch`, `count_batch`, `check_batch` and
//! `rate_batch`, one status code per row.
//!
//! A batch is a C-contiguous `uint8` array of shape `(N, cells)` (`(N, 81)` for 9×9, `0` for a blank)
//! or `(N, side, side)`. The rows are copied out of the array (a few bytes each, nothing next to a
//! search) before the GIL is released, so Python threads may go on using the array while the batch
//! runs. Classic 9×9 rows go through the library's raw-row batch calls (`solve_rows`, …); other
//! boards and variants through its puzzle batch calls (`solve_all`, …). Either way the answers keep
//! the input order, and a bad row answers a status code in its place: the other rows are not lost.

use numpy::{
    PyArray1, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::batch::{
    check_all, check_rows, count_all, count_rows, rate_rows, solve_all, solve_rows, BatchError, BatchOptions,
};
use sudokit::rate::Unrated;
use sudokit::{Count, Grid, Puzzle, Shape, Verdict};

use crate::args::{batch_options, solution_cap, ReadOptions, COUNT_LIMIT};
use crate::errors::bad_option;
use crate::input::with_rules;

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
    /// `rate_batch`: one scale rated the puzzle, the other could not (its values are missing).
    Partial = 9,
}

/// The status codes by their Python names.
pub const STATUS_CODES: [(&str, u8); 10] = [
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
];

/// HoDoKu's levels by their codes in `rate_batch`'s level array (`sudokit.LEVELS`).
pub const LEVELS: [&str; 5] = ["easy", "medium", "hard", "unfair", "extreme"];

/// The code of a status.
pub fn status(s: Status) -> u8 {
    s as u8
}

/// Runs `f` on a pool of `threads` workers, or on rayon's global pool (one worker per core).
pub fn on_pool<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    match threads {
        None => Ok(f()),
        Some(0) => Err(PyValueError::new_err("threads must be at least 1 (None: every core)")),
        Some(n) => {
            let pool = sudokit::batch::thread_pool(Some(n))
                .map_err(|e| PyValueError::new_err(format!("cannot start {n} worker threads: {e}")))?;
            Ok(pool.install(f))
        }
    }
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

/// Checks and copies a batch: a C-contiguous `uint8` array `(N, cells)` or `(N, side, side)`, N ≥ 1.
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
    if dims[0] == 0 {
        return Err(bad_option(format!("an empty batch (shape {dims:?}): give at least one puzzle")));
    }
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

/// One row's answer, in input order.
type Answers<T> = Vec<Result<T, BatchError>>;

/// Runs a batch: classic 9×9 rows through `rows_fn`, anything else as puzzles through `all_fn`; rows
/// that are no puzzle of the board answer [`BatchError::Grid`] in their place.
fn run<T: Send>(
    rows: &Rows,
    args: &ReadOptions,
    rows_fn: impl FnOnce(&[[u8; 81]]) -> Answers<T>,
    all_fn: impl FnOnce(&[Puzzle]) -> Answers<T>,
) -> Answers<T> {
    let cells = rows.shape.cells();
    if rows.shape == Shape::CLASSIC && args.variants.is_classic() && args.regions.is_none() {
        let (raw, _) = rows.values.as_chunks::<81>();
        return rows_fn(raw);
    }
    let mut puzzles = Vec::with_capacity(rows.len());
    let mut errors: Vec<Option<BatchError>> = Vec::with_capacity(rows.len());
    for row in rows.values.chunks_exact(cells) {
        let made = Grid::from_values(rows.shape, row)
            .map_err(BatchError::from)
            .and_then(|g| with_rules(g, args).map_err(BatchError::from));
        match made {
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

/// The status of a row that has no answer.
fn error_status(e: &BatchError) -> Status {
    match e {
        BatchError::Grid(_) => Status::BadValue,
        _ => Status::TimedOut,
    }
}

/// Whether row `i` breaks the rules (two equal givens in a house), for rows without a solution.
fn breaks_rules(rows: &Rows, args: &ReadOptions, i: usize) -> bool {
    let cells = rows.shape.cells();
    Grid::from_values(rows.shape, &rows.values[i * cells..(i + 1) * cells])
        .ok()
        .and_then(|g| with_rules(g, args).ok())
        .is_some_and(|p| !p.conflicts().is_empty())
}

/// Solutions in the input's dimensions, and the status codes.
type Solved<'py> = (Bound<'py, PyArrayDyn<u8>>, Bound<'py, PyArray1<u8>>);

fn solved<'py>(py: Python<'py>, rows: &Rows, solutions: Vec<u8>, codes: Vec<u8>) -> PyResult<Solved<'py>> {
    Ok((PyArray1::from_vec(py, solutions).reshape(rows.dims.clone())?, PyArray1::from_vec(py, codes)))
}

/// The first solution of every puzzle of a batch, on every core, without checking uniqueness (see
/// `check_batch` for that).
///
/// `puzzles` is a C-contiguous `uint8` numpy array of shape `(N, 81)` (`0` for a blank; `(N, 9, 9)`
/// works too, and other boards by their cells: `(N, 16)` is 4×4, `box="2x3"` picks the boxes). Returns
/// `(solutions, status)`: an array of the input's shape and an `(N,)` `uint8` array with `OK`,
/// `NO_SOLUTION`, `INVALID` (givens break the rules), `BAD_VALUE` (a value out of range) or
/// `TIMED_OUT` (`timeout` seconds or `nodes` search nodes per puzzle ran out) per row; rows without a
/// solution are zeros. The answers keep the input order. The GIL is released while the batch runs, on
/// `threads` workers (default: every core). `variant` (`"x"`, `"hyper"`, `"jigsaw"` with one
/// `regions` map) applies to every row.
///
/// Raises `ValueError` for an array of the wrong type, dtype or shape, an empty or non-contiguous one.
///
/// ```python
/// >>> import numpy as np
/// >>> grid = np.zeros((2, 81), dtype=np.uint8); grid[1, :2] = 5
/// >>> solutions, status = sudokit.solve_batch(grid)
/// >>> status.tolist() == [sudokit.OK, sudokit.INVALID]
/// True
/// ```
#[pyfunction]
#[pyo3(signature = (puzzles, *, timeout=None, nodes=None, threads=None, size=None, r#box=None, variant=None, regions=None))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn solve_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    timeout: Option<f64>,
    nodes: Option<u64>,
    threads: Option<usize>,
    size: Option<usize>,
    r#box: Option<&Bound<'py, PyAny>>,
    variant: Option<&Bound<'py, PyAny>>,
    regions: Option<String>,
) -> PyResult<Solved<'py>> {
    let args = ReadOptions::for_batch(size, r#box, variant, regions)?;
    let rows = rows_of(puzzles, &args)?;
    let opts = batch_options(timeout, nodes)?;
    let cells = rows.shape.cells();
    let answers: Answers<Option<Vec<u8>>> = py.detach(|| {
        on_pool(threads, || {
            run(
                &rows,
                &args,
                |raw| solve_rows(raw, &opts).into_iter().map(|r| r.map(|s| s.map(|s| s.to_vec()))).collect(),
                |all| {
                    solve_all(all, &opts)
                        .into_iter()
                        .map(|r| r.map(|s| s.map(|g| g.values().to_vec())))
                        .collect()
                },
            )
        })
    })?;
    let mut solutions = vec![0u8; rows.values.len()];
    let mut codes = vec![0u8; rows.len()];
    for (i, answer) in answers.iter().enumerate() {
        codes[i] = status(match answer {
            Ok(Some(s)) => {
                solutions[i * cells..(i + 1) * cells].copy_from_slice(s);
                Status::Ok
            }
            Ok(None) if breaks_rules(&rows, &args, i) => Status::Invalid,
            Ok(None) => Status::NoSolution,
            Err(e) => error_status(e),
        });
    }
    solved(py, &rows, solutions, codes)
}

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
#[pyfunction]
#[pyo3(signature = (puzzles, *, timeout=None, nodes=None, threads=None, size=None, r#box=None, variant=None, regions=None))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn check_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    timeout: Option<f64>,
    nodes: Option<u64>,
    threads: Option<usize>,
    size: Option<usize>,
    r#box: Option<&Bound<'py, PyAny>>,
    variant: Option<&Bound<'py, PyAny>>,
    regions: Option<String>,
) -> PyResult<Solved<'py>> {
    let args = ReadOptions::for_batch(size, r#box, variant, regions)?;
    let rows = rows_of(puzzles, &args)?;
    let opts = batch_options(timeout, nodes)?;
    let cells = rows.shape.cells();
    let answers: Answers<Verdict> = py.detach(|| {
        on_pool(threads, || run(&rows, &args, |raw| check_rows(raw, &opts), |all| check_all(all, &opts)))
    })?;
    let mut solutions = vec![0u8; rows.values.len()];
    let mut codes = vec![0u8; rows.len()];
    for (i, answer) in answers.iter().enumerate() {
        let mut keep = |g: &Grid| solutions[i * cells..(i + 1) * cells].copy_from_slice(g.values());
        codes[i] = status(match answer {
            Ok(Verdict::Unique(g)) => {
                keep(g);
                Status::Ok
            }
            Ok(Verdict::Multiple { first, .. }) => {
                keep(first);
                Status::Multiple
            }
            Ok(Verdict::NoSolution) => Status::NoSolution,
            Ok(Verdict::Invalid(_)) => Status::Invalid,
            Ok(_) => Status::TimedOut,
            Err(e) => error_status(e),
        });
    }
    solved(py, &rows, solutions, codes)
}

/// Counts and status codes.
type Counted<'py> = (Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<u8>>);

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
#[pyfunction]
#[pyo3(signature = (puzzles, limit=Some(COUNT_LIMIT), *, timeout=None, nodes=None, threads=None, size=None, r#box=None, variant=None, regions=None))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn count_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: Option<u64>,
    timeout: Option<f64>,
    nodes: Option<u64>,
    threads: Option<usize>,
    size: Option<usize>,
    r#box: Option<&Bound<'py, PyAny>>,
    variant: Option<&Bound<'py, PyAny>>,
    regions: Option<String>,
) -> PyResult<Counted<'py>> {
    let limit = solution_cap(limit)?;
    let args = ReadOptions::for_batch(size, r#box, variant, regions)?;
    let rows = rows_of(puzzles, &args)?;
    let opts = batch_options(timeout, nodes)?;
    let answers: Answers<Count> = py.detach(|| {
        on_pool(threads, || {
            run(&rows, &args, |raw| count_rows(raw, limit, &opts), |all| count_all(all, limit, &opts))
        })
    })?;
    let mut counts = vec![0u64; rows.len()];
    let mut codes = vec![0u8; rows.len()];
    for (i, answer) in answers.iter().enumerate() {
        codes[i] = status(match answer {
            Ok(c) => {
                counts[i] = c.solutions;
                if !c.complete {
                    Status::AtLimit
                } else if c.solutions == 0 && breaks_rules(&rows, &args, i) {
                    Status::Invalid
                } else {
                    Status::Ok
                }
            }
            Err(e) => error_status(e),
        });
    }
    Ok((PyArray1::from_vec(py, counts), PyArray1::from_vec(py, codes)))
}

/// The arrays `rate_batch` returns: ER, EP, ED, HoDoKu score, HoDoKu level code, status.
type RatedArrays<'py> = (
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u8>>,
);

/// The difficulty of every puzzle of a 9×9 batch on both scales, on every core, as `sudokit rate`
/// rates each one.
///
/// `puzzles` is a C-contiguous `uint8` array of shape `(N, 81)` or `(N, 9, 9)` (`0` for a blank);
/// the ratings are for classic 9×9 Sudoku only. Returns six `(N,)` arrays, in input order:
/// `er`, `ep`, `ed` (`float32`, Sudoku Explainer; `nan` when not rated), `score` (`int32`, HoDoKu;
/// `-1` when not rated), `level` (`int8`, HoDoKu's level as an index into `sudokit.LEVELS`:
/// 0 easy to 4 extreme; `-1` when not rated) and `status` (`uint8`): `OK` (both scales), `PARTIAL`
/// (one scale could not rate it, e.g. Sudoku Explainer's nested forcing chains: its values are
/// missing), `MULTIPLE`, `NO_SOLUTION`, `INVALID` (givens break the rules) or `BAD_VALUE` (a value
/// above 9). The GIL is released while the batch runs on `threads` workers (default: every core).
///
/// Raises `ValueError` for an array of the wrong type, dtype or shape, an empty or non-contiguous one.
///
/// ```python
/// >>> import numpy as np
/// >>> er, ep, ed, score, level, status = sudokit.rate_batch(np.zeros((1, 81), dtype=np.uint8))
/// >>> int(status[0]) == sudokit.MULTIPLE, int(level[0])
/// (True, -1)
/// ```
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
pub fn rate_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<RatedArrays<'py>> {
    let args = ReadOptions::for_batch(Some(9), None, None, None)?;
    let rows = rows_of(puzzles, &args)?;
    let opts = BatchOptions::default();
    let answers = py.detach(|| {
        on_pool(threads, || {
            let (raw, _) = rows.values.as_chunks::<81>();
            rate_rows(raw, &opts)
        })
    })?;
    let n = rows.len();
    let (mut er, mut ep, mut ed) = (vec![f32::NAN; n], vec![f32::NAN; n], vec![f32::NAN; n]);
    let mut score = vec![-1i32; n];
    let mut level = vec![-1i8; n];
    let mut codes = vec![0u8; n];
    for (i, answer) in answers.iter().enumerate() {
        codes[i] = status(match answer {
            Ok(Ok(r)) => {
                if let Ok(s) = &r.se {
                    (er[i], ep[i], ed[i]) = (s.er(), s.ep(), s.ed());
                }
                if let Ok(h) = &r.hodoku {
                    score[i] = i32::try_from(h.score).unwrap_or(i32::MAX);
                    level[i] = LEVELS.iter().position(|&l| l == h.level.name()).map_or(-1, |l| l as i8);
                }
                if r.is_complete() {
                    Status::Ok
                } else {
                    Status::Partial
                }
            }
            Ok(Err(Unrated::Multiple)) => Status::Multiple,
            Ok(Err(Unrated::NoSolution)) => Status::NoSolution,
            Ok(Err(Unrated::Invalid(_))) => Status::Invalid,
            Ok(Err(Unrated::Unsupported { .. })) => Status::BadValue,
            Ok(Err(_)) => Status::TimedOut,
            Err(e) => error_status(e),
        });
    }
    Ok((
        PyArray1::from_vec(py, er),
        PyArray1::from_vec(py, ep),
        PyArray1::from_vec(py, ed),
        PyArray1::from_vec(py, score),
        PyArray1::from_vec(py, level),
        PyArray1::from_vec(py, codes),
    ))
}
