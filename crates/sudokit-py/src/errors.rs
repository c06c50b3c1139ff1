//! Library errors as the Python exceptions and warnings of `sudokit.errors`, with the command line's
//! messages (`puzzle N, line L, column C: …`).
//!
//! The classes are written in Python (`python/sudokit/errors.py`) so that they can derive from two
//! built-in exceptions at once (`ParseError` is also a `ValueError`); this module looks them up when
//! it raises one.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use sudokit::{Conflict, ParseError, Position, Symbols};

/// An instance of `sudokit.errors.<class>` built from `args`, as an error to raise.
fn error_of<'py>(py: Python<'py>, class: &str, args: Bound<'py, PyTuple>) -> PyErr {
    let made = py.import("sudokit.errors").and_then(|m| m.getattr(class)).and_then(|cls| cls.call1(args));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// The exception of `sudokit.errors` a class name and its arguments make, or the error of making
/// them.
fn error_from<'py>(py: Python<'py>, made: PyResult<(&str, Bound<'py, PyAny>)>) -> PyErr {
    match made {
        Ok((class, args)) => match args.cast_into::<PyTuple>() {
            Ok(args) => error_of(py, class, args),
            Err(e) => e.into(),
        },
        Err(e) => e,
    }
}

/// The parts of a position as Python values: puzzle, line and column (`None` when unknown).
fn position_args(at: Position) -> (usize, usize, Option<usize>) {
    (at.puzzle, at.line, at.column)
}

/// `sudokit.ParseError` for an unreadable puzzle: the message and its position.
pub fn parse_error(py: Python<'_>, e: &ParseError) -> PyErr {
    let (puzzle, line, column) = position_args(e.position);
    match (e.to_string(), puzzle, line, column).into_pyobject(py) {
        Ok(args) => error_of(py, "ParseError", args),
        Err(e) => e,
    }
}

/// `sudokit.ParseError` for input that is no puzzle at all (nothing found, a wrong type).
pub fn parse_error_message(py: Python<'_>, message: String) -> PyErr {
    match (message, None::<usize>, None::<usize>, None::<usize>).into_pyobject(py) {
        Ok(args) => error_of(py, "ParseError", args),
        Err(e) => e,
    }
}

/// `sudokit.InvalidPuzzleError`: givens that break the rules, each conflict named, its digit in
/// `symbols` (the puzzle's).
pub fn invalid_puzzle(py: Python<'_>, at: Position, conflicts: &[Conflict], symbols: Symbols) -> PyErr {
    let names: Vec<String> = conflicts.iter().map(|c| c.text_in(symbols)).collect();
    let message = format!("{at}: {}", Conflict::broken_rules_in(conflicts, symbols));
    match (message, names).into_pyobject(py) {
        Ok(args) => error_of(py, "InvalidPuzzleError", args),
        Err(e) => e,
    }
}

/// `sudokit.NoSolutionError`, with why where a short argument shows it (its digits in `symbols`,
/// the puzzle's).
pub fn no_solution(
    py: Python<'_>,
    at: Position,
    why: Option<sudokit::NoSolution>,
    symbols: Symbols,
) -> PyErr {
    let message = match why {
        Some(why) => format!("{at}: no solution: {}", why.text_in(symbols)),
        None => format!("{at}: no solution"),
    };
    match (message,).into_pyobject(py) {
        Ok(args) => error_of(py, "NoSolutionError", args),
        Err(e) => e,
    }
}

/// `sudokit.TimedOutError`: the timeout stopped the search after `found` solutions.
pub fn timed_out(py: Python<'_>, at: Position, found: u64) -> PyErr {
    match (format!("{at}: timed out after {found} solutions"),).into_pyobject(py) {
        Ok(args) => error_of(py, "TimedOutError", args),
        Err(e) => e,
    }
}

/// `sudokit.TimedOutError` with a message of its own.
pub fn timed_out_message(py: Python<'_>, message: String) -> PyErr {
    match (message,).into_pyobject(py) {
        Ok(args) => error_of(py, "TimedOutError", args),
        Err(e) => e,
    }
}

/// `sudokit.GenerateError` for item `index` (0-based) of a run: `generate N: message`, as the CLI says.
pub fn generate_error(py: Python<'_>, what: &str, index: u64, e: &sudokit::generate::GenerateError) -> PyErr {
    match (format!("{what} {}: {e}", index + 1),).into_pyobject(py) {
        Ok(args) => error_of(py, "GenerateError", args),
        Err(e) => e,
    }
}

/// Issues `sudokit.<class>` (a warning class) with `message`.
pub fn warn(py: Python<'_>, class: &str, message: &str) -> PyResult<()> {
    let category = py.import("sudokit.errors")?.getattr(class)?;
    let message = std::ffi::CString::new(message).map_err(|e| PyValueError::new_err(e.to_string()))?;
    PyErr::warn(py, &category, &message, 1)
}

/// A bad option value (an unknown name, a number out of range) as a `ValueError`.
pub fn bad_option(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// `sudokit.ParseError` with `message` at a position given as (puzzle, line, column).
pub fn parse_error_at(py: Python<'_>, message: String, at: (usize, usize, Option<usize>)) -> PyErr {
    match (message, at.0, at.1, at.2).into_pyobject(py) {
        Ok(args) => error_of(py, "ParseError", args),
        Err(e) => e,
    }
}

/// Why a puzzle that needs exactly one solution has not: `MultipleSolutionsError`,
/// `NoSolutionError`, `InvalidPuzzleError` or `TimedOutError`, by its verdict (digits in
/// `symbols`, the puzzle's).
pub fn not_unique(py: Python<'_>, at: Position, verdict: &sudokit::Verdict, symbols: Symbols) -> PyErr {
    use sudokit::Verdict;
    match verdict {
        Verdict::NoSolution => no_solution(py, at, None, symbols),
        Verdict::Invalid(c) => invalid_puzzle(py, at, c, symbols),
        Verdict::Multiple { .. } => {
            let made = (format!("{at}: more than one solution"),).into_pyobject(py);
            error_from(py, made.map(|a| ("MultipleSolutionsError", a.into_any())))
        }
        _ => timed_out_message(py, format!("{at}: timed out")),
    }
}

/// Why the step solver cannot start on a puzzle, as the exception `sudokit explain` would report
/// (digits in `symbols`, the puzzle's).
pub fn human_error(py: Python<'_>, at: Position, e: &sudokit::human::HumanError, symbols: Symbols) -> PyErr {
    use sudokit::human::HumanError;
    let message = format!("{at}: {}", e.text_in(symbols));
    let made = match e {
        HumanError::NoSolution => return no_solution(py, at, None, symbols),
        HumanError::MultipleSolutions => {
            (message,).into_pyobject(py).map(|a| ("MultipleSolutionsError", a.into_any()))
        }
        HumanError::Undecided => (message,).into_pyobject(py).map(|a| ("TimedOutError", a.into_any())),
        HumanError::Conflict(c) => {
            let named = vec![c.text_in(symbols)];
            (message, named).into_pyobject(py).map(|a| ("InvalidPuzzleError", a.into_any()))
        }
        _ => (message, Vec::<String>::new()).into_pyobject(py).map(|a| ("InvalidPuzzleError", a.into_any())),
    };
    error_from(py, made)
}

/// Why a puzzle gets no rating, as the exception `se_path` raises: the exceptions of the step
/// solver's same reasons, and `ValueError` for a board the ratings do not cover (digits in
/// `symbols`, the puzzle's).
pub fn unrated_error(py: Python<'_>, at: Position, why: &sudokit::rate::Unrated, symbols: Symbols) -> PyErr {
    use sudokit::rate::Unrated;
    let message = format!("{at}: {}", why.message());
    let made = match why {
        Unrated::NoSolution => return no_solution(py, at, None, symbols),
        Unrated::Invalid(c) => return invalid_puzzle(py, at, c, symbols),
        Unrated::Multiple => (message,).into_pyobject(py).map(|a| ("MultipleSolutionsError", a.into_any())),
        Unrated::Undecided => (message,).into_pyobject(py).map(|a| ("TimedOutError", a.into_any())),
        _ => return bad_option(message),
    };
    error_from(py, made)
}
