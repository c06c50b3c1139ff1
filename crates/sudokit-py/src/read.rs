//! Puzzle files into numpy arrays: `read_batch`, the batch functions' way in from the files people
//! have (one puzzle a line, Kaggle's and qqwing's CSV, tdoku's `puzzle:count:solution`, JSON Lines,
//! grids), read by the library's reader ([`sudokit::parse::read_rows`]) as `sudokit solve` reads
//! them.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::PathBuf;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use sudokit::parse::{decompressed, read_rows, Rows};
use sudokit::{CancelFlag, PuzzleReader, Shape};

use crate::args::{ReadOptions, Whole};
use crate::batch::{status, Status};
use crate::errors::{bad_option, parse_error, warn};
use crate::pool::on_pool;

/// What to do about records that cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnError {
    /// One `sudokit.errors.UnreadableWarning` naming them.
    Warn,
    /// `sudokit.ParseError` for the first.
    Raise,
    /// Nothing but their status.
    Ignore,
}

/// How many messages the warning quotes; the rest are counted.
const QUOTED: usize = 5;

/// The puzzles of a file (a path, `str` or `os.PathLike`; or an open file, read to its end, text or
/// binary) or of `bytes` holding such a file's text, gzip-compressed or not,
/// in any layout `sudokit solve` reads, as numpy arrays: `(puzzles, status)`, an `(N, cells)`
/// `uint8` array (`0` for a blank; 81 cells on 9×9) and an `(N,)` `uint8` array of status codes,
/// `OK` or `UNREADABLE`. Row `i` is record `i + 1` of the input, so the arrays line up with it; an
/// unreadable record's row is zeros. The rows go to `solve_batch` and the other batch functions as
/// they are (mask them with `status == sudokit.OK`).
///
/// Every record must be a plain grid of one board, as an array's rows are: a record of another size
/// than the first, or a JSON puzzle object under variant rules, is `UNREADABLE` too, with a message
/// saying so. With `solutions=True`, `(puzzles, solutions, status)`: the solutions the input gives
/// beside its puzzles (a CSV `solution` or `solutions` column as Kaggle's, tdoku's
/// `puzzle:count:solution`, a JSON object's `solution`), zeros where it gives none.
///
/// `layout`, `size`, `box` and `symbols` as for one puzzle (the command line's `--input-format`,
/// `--size`, `--box`, `--symbols`); `column` names the puzzle column of a CSV input (`--column`).
/// `errors` says what to do about unreadable records: `"warn"` (one `sudokit.errors.UnreadableWarning`
/// with their count and the first messages, with the command line's positions), `"raise"` (a
/// `sudokit.ParseError` for the first) or `"ignore"`. The GIL is released while the input is read.
///
/// Raises `OSError` (`FileNotFoundError`, …) when the file cannot be opened or read, and
/// `ValueError` for a bad option.
///
/// ```python
/// >>> text = b"1.34341221434321\n12x4\n..3434..2143432.:1:1234341221434321\n"
/// >>> puzzles, solutions, status = sudokit.read_batch(text, solutions=True, errors="ignore")
/// >>> puzzles.shape, status.tolist() == [sudokit.OK, sudokit.UNREADABLE, sudokit.OK]
/// ((3, 16), True)
/// >>> solutions[2, :4].tolist()
/// [1, 2, 3, 4]
/// ```
#[pyfunction]
#[pyo3(signature = (source, *, layout=None, size=None, r#box=None, symbols=None, column=None, solutions=false, errors="warn"))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn read_batch<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    layout: Option<&str>,
    size: Option<Whole<usize>>,
    r#box: Option<&Bound<'py, PyAny>>,
    symbols: Option<&str>,
    column: Option<String>,
    solutions: bool,
    errors: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    let on_error = match errors {
        "warn" => OnError::Warn,
        "raise" => OnError::Raise,
        "ignore" => OnError::Ignore,
        other => return Err(bad_option(format!("errors='{other}': expected 'warn', 'raise' or 'ignore'"))),
    };
    let args = ReadOptions::new(size.map(Whole::get), r#box, symbols, None, layout, None)?;
    // On a worker, so that Ctrl-C (which sets `cancel`) ends a long read: see `Watched`.
    let cancel = CancelFlag::new();
    let rows = if let Some(text) = text_of(source)? {
        on_pool(py, Some(1), &cancel, || {
            rows_of(Watched { inner: &text[..], cancel: &cancel }, &args, column)
        })??
    } else {
        let path: PathBuf = source.extract().map_err(|_| {
            bad_option(format!(
                "source is a path (str or os.PathLike), an open file or bytes of a file's text, not {}",
                source.get_type().name().map_or_else(|_| "this".to_string(), |n| n.to_string())
            ))
        })?;
        on_pool(py, Some(1), &cancel, || {
            File::open(&path).and_then(|f| rows_of(Watched { inner: f, cancel: &cancel }, &args, column))
        })?
        .map_err(|e| os_error(&e, &path))?
    };
    report(py, &rows, on_error)?;
    // Without a readable record nor a size, the rows are 9×9 ones, the common board.
    let cells = rows.shape.unwrap_or(Shape::CLASSIC).cells();
    let n = rows.len();
    let grid = |mut values: Vec<u8>| {
        values.resize(n * cells, 0);
        PyArray1::from_vec(py, values).reshape([n, cells])
    };
    let mut codes = vec![status(Status::Ok); n];
    for &(row, _) in &rows.errors {
        codes[row] = status(Status::Unreadable);
    }
    let mut arrays = vec![grid(rows.puzzles)?.into_any()];
    if solutions {
        arrays.push(grid(rows.solutions)?.into_any());
    }
    arrays.push(PyArray1::from_vec(py, codes).into_any());
    PyTuple::new(py, arrays)
}

/// The text `source` holds: `bytes`, or what an open file (anything with `read()`, as `gzip.open`
/// gives) reads to its end, as bytes or as `str`; `None` for a path.
fn text_of(source: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u8>>> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(Some(bytes.as_bytes().to_vec()));
    }
    if !source.hasattr("read")? {
        return Ok(None);
    }
    let read = source.call_method0("read")?;
    if let Ok(bytes) = read.cast::<PyBytes>() {
        return Ok(Some(bytes.as_bytes().to_vec()));
    }
    match read.extract::<String>() {
        Ok(text) => Ok(Some(text.into_bytes())),
        Err(_) => Err(bad_option("source.read() gave neither bytes nor str")),
    }
}

/// The rows of one input, decompressed if it is gzip.
fn rows_of<R: Read + Send>(input: R, args: &ReadOptions, column: Option<String>) -> std::io::Result<Rows> {
    let text = BufReader::new(decompressed(input)?);
    read_rows(
        PuzzleReader::new(text, args.parse)
            .with_column(column.map(Into::into))
            .detect_symbols(args.detect_symbols),
    )
}

/// A reader that fails once `cancel` is set: a file (a pipe, a FIFO) can be endless or huge, and
/// the read then ends at Ctrl-C, whose exception the call raises (the error is not seen).
struct Watched<'c, R> {
    inner: R,
    cancel: &'c CancelFlag,
}

impl<R: Read> Read for Watched<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.cancel.is_cancelled() {
            // Not `ErrorKind::Interrupted`, which readers retry.
            return Err(std::io::Error::other("interrupted"));
        }
        self.inner.read(buf)
    }
}

/// Tells of the unreadable records as `on_error` asks.
fn report(py: Python<'_>, rows: &Rows, on_error: OnError) -> PyResult<()> {
    let Some((_, first)) = rows.errors.first() else { return Ok(()) };
    match on_error {
        OnError::Ignore => Ok(()),
        OnError::Raise => Err(parse_error(py, first)),
        OnError::Warn => {
            let quoted: Vec<String> = rows.errors.iter().take(QUOTED).map(|(_, e)| e.to_string()).collect();
            let more = rows.errors.len().saturating_sub(QUOTED);
            let rest = if more > 0 { format!("; and {more} more") } else { String::new() };
            let message = format!(
                "{} of {} records could not be read (status UNREADABLE, rows of zeros): {}{rest}",
                rows.errors.len(),
                rows.len(),
                quoted.join("; ")
            );
            warn(py, "UnreadableWarning", &message)
        }
    }
}

/// `e`, met reading the file at `path`, as Python's `open` raises it: the `OSError` subclass of its
/// errno (`FileNotFoundError`, `PermissionError`, `IsADirectoryError`…) with `filename` set.
fn os_error(e: &std::io::Error, path: &std::path::Path) -> PyErr {
    match e.raw_os_error() {
        // `OSError(errno, strerror, filename)` picks the subclass of the errno. The system's words
        // (`No such file or directory`), without Rust's ` (os error 2)`: Python shows the errno.
        Some(errno) => {
            let text = e.to_string();
            let strerror = text.strip_suffix(&format!(" (os error {errno})")).unwrap_or(&text).to_string();
            pyo3::exceptions::PyOSError::new_err((errno, strerror, path.as_os_str().to_os_string()))
        }
        None => pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())),
    }
}
