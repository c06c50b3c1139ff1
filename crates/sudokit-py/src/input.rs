//! Puzzles from Python values, read as `sudokit solve` reads them: strings in every layout the
//! command line reads (through the library's [`PuzzleReader`]), nested lists such as LeetCode boards
//! and numpy arrays (through the library's JSON board reader), with the command line's `--size`,
//! `--box`, `--symbols`, `--variant` and `--input-format` as keyword arguments.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyFloat, PyInt, PyList, PyMemoryView, PyString, PyTuple};
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::parse::{board_from_json, region_map};
use sudokit::{Grid, GridError, ParseError, ParseErrorKind, Position, Puzzle, PuzzleReader, Shape, Symbols};

use crate::args::ReadOptions;
use crate::errors::{bad_option, parse_error, parse_error_at, parse_error_message};

/// The position of a puzzle given as a list or an array: the first and only puzzle, on line 1.
pub const LIST_POSITION: Position = Position { puzzle: 1, line: 1, column: None };

/// The one puzzle that `obj` holds, and where it was read (for messages).
pub fn read_puzzle(obj: &Bound<'_, PyAny>, args: &ReadOptions) -> PyResult<(Puzzle, Position)> {
    read_puzzle_in(obj, args).map(|(p, at, _)| (p, at))
}

/// [`read_puzzle`], with the symbols the puzzle was read in, for answers in the same.
pub fn read_puzzle_in(obj: &Bound<'_, PyAny>, args: &ReadOptions) -> PyResult<(Puzzle, Position, Symbols)> {
    let py = obj.py();
    if let Ok(text) = obj.cast::<PyString>() {
        // Lossy, so that a lone surrogate is an invalid character at its place, not an encoding
        // error without one.
        return from_text(py, text.to_string_lossy().as_bytes(), args);
    }
    // Bytes are read as a file is, so text that is not UTF-8 gets the command line's messages.
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        return from_text(py, bytes.as_bytes(), args);
    }
    // As are the other bytes-like objects: their items are the text's bytes, not cells.
    if let Ok(bytes) = obj.cast::<PyByteArray>() {
        return from_text(py, &bytes.to_vec(), args);
    }
    if obj.is_instance_of::<PyMemoryView>() {
        let bytes = obj.call_method0("tobytes")?;
        return from_text(py, bytes.cast::<PyBytes>()?.as_bytes(), args);
    }
    // numpy arrays (and anything array-like) become lists of rows or of cells; a 0-d array of a
    // string, that string.
    let obj = if obj.hasattr("tolist")? { obj.call_method0("tolist")? } else { obj.clone() };
    if let Ok(text) = obj.cast::<PyString>() {
        return from_text(py, text.to_string_lossy().as_bytes(), args);
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return from_cells(py, &obj, args).map(|(p, at)| (p, at, args.parse.symbols));
    }
    Err(parse_error_message(
        py,
        format!(
            "a puzzle is a string (or bytes), a list of rows or cells, or a numpy array, not {}",
            obj.get_type().name().map_or_else(|_| "this".to_string(), |n| n.to_string())
        ),
    ))
}

/// A puzzle from text in any layout, and the symbols it was read in.
fn from_text(py: Python<'_>, text: &[u8], args: &ReadOptions) -> PyResult<(Puzzle, Position, Symbols)> {
    if args.regions.is_some() {
        return Err(bad_option(
            "regions= is for lists and arrays; a puzzle in text carries its region map after its givens",
        ));
    }
    let reader =
        PuzzleReader::new(text, args.parse).with_variants(args.variants).detect_symbols(args.detect_symbols);
    let mut found = None;
    for rec in reader {
        let rec = rec.map_err(|e| PyValueError::new_err(e.to_string()))?;
        if found.is_some() {
            // Said of a record, which may be no puzzle at all (a stray line of text).
            let at = rec.position;
            return Err(parse_error_at(
                py,
                format!(
                    "{at}: a second record starts here, and a one-puzzle function takes one puzzle: pass \
                     one, or use the batch functions for many"
                ),
                (at.puzzle, at.line, at.column),
            ));
        }
        found = Some(Job::from_record(rec));
    }
    let job = found.ok_or_else(|| {
        parse_error_message(py, "no puzzle found (the input is empty or holds only comments)".into())
    })?;
    let (position, symbols) = (job.position, job.notation.symbols);
    job.puzzle.map(|p| (p, position, symbols)).map_err(|e| parse_error(py, &e))
}

/// A puzzle from a list of rows (a LeetCode board) or a flat list of cells.
fn from_cells(py: Python<'_>, obj: &Bound<'_, PyAny>, args: &ReadOptions) -> PyResult<(Puzzle, Position)> {
    let fail = |kind: ParseErrorKind| parse_error(py, &ParseError { position: LIST_POSITION, kind });
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    let nested = items.first().is_some_and(|f| f.is_instance_of::<PyList>() || f.is_instance_of::<PyTuple>());
    // Rows as strings (`["53..7....", …]`): a cell per character. A list of one-character strings
    // whose first is longer is a flat list of cells with a bad first cell, which the reader names.
    let one_char =
        |item: &Bound<'_, PyAny>| item.cast::<PyString>().is_ok_and(|s| s.len().is_ok_and(|n| n == 1));
    let row_strings =
        items.first().and_then(|f| f.cast::<PyString>().ok()).is_some_and(|f| f.len().is_ok_and(|n| n > 1))
            && items.iter().filter(|item| one_char(item)).count() * 2 < items.len();
    if nested {
        // Rows that are each a whole puzzle (a batch's `(N, 81)` array): not one board.
        let lens: Vec<usize> = items.iter().filter_map(|row| row.len().ok()).collect();
        let side = lens.first().map_or(0, |&l| l.isqrt());
        let whole = side > 1 && Shape::for_side(side).is_ok() && items.len() != side * side;
        if whole && lens.len() == items.len() && lens.iter().all(|&l| l == side * side) {
            let n = items.len();
            return Err(parse_error_message(
                py,
                format!(
                    "{LIST_POSITION}: {n} rows of {} cells are {n} puzzles, not one board: pass one \
                     (puzzles[0]), or use the batch functions for many",
                    side * side
                ),
            ));
        }
    }
    let rows: Vec<Value> = if row_strings {
        items
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let text: String = row.extract().map_err(|_| {
                    parse_error_message(
                        py,
                        format!("{LIST_POSITION}: row {} is not a string like the first", r + 1),
                    )
                })?;
                Ok(Value::Array(text.chars().map(|c| Value::String(c.to_string())).collect()))
            })
            .collect::<PyResult<_>>()?
    } else if nested {
        items
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let cells: Vec<Bound<'_, PyAny>> = row
                    .try_iter()
                    .map_err(|_| {
                        parse_error_message(py, format!("{LIST_POSITION}: row {} is not a list", r + 1))
                    })?
                    .collect::<PyResult<_>>()?;
                cells
                    .iter()
                    .enumerate()
                    .map(|(c, cell)| cell_value(py, cell, r, c))
                    .collect::<PyResult<Vec<_>>>()
                    .map(Value::Array)
            })
            .collect::<PyResult<_>>()?
    } else {
        let cells = items.len();
        let side = args.parse.shape.map_or_else(|| cells.isqrt(), Shape::side);
        if side == 0 || side * side != cells {
            return Err(fail(ParseErrorKind::UnknownSize { found: cells }));
        }
        items
            .chunks(side)
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, cell)| cell_value(py, cell, r, c))
                    .collect::<PyResult<Vec<_>>>()
                    .map(Value::Array)
            })
            .collect::<PyResult<_>>()?
    };
    let grid = board_from_json(&Value::Array(rows), args.parse.shape, args.parse.symbols).map_err(fail)?;
    let puzzle = with_rules(grid, args).map_err(|e| fail(ParseErrorKind::Grid(e)))?;
    Ok((puzzle, LIST_POSITION))
}

/// One cell of a list as the JSON value the board reader takes.
fn cell_value(py: Python<'_>, cell: &Bound<'_, PyAny>, r: usize, c: usize) -> PyResult<Value> {
    if cell.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(s) = cell.cast::<PyString>() {
        return Ok(Value::String(s.extract::<String>()?));
    }
    if !cell.is_instance_of::<PyBool>() && cell.is_instance_of::<PyInt>() {
        // Out of the i64 range is out of every board's range too: the reader names it.
        return Ok(cell.extract::<i64>().map_or_else(|_| Value::String(cell.to_string()), Value::from));
    }
    // A float (Python's or numpy's, as a float array or a pandas column with gaps gives them): NaN
    // is a blank, a whole number its value; anything else goes to the reader, which names it.
    // numpy's float64 is a Python float; its float16 and float32 (`list(array)` of such an array)
    // are not, and are read by their `__float__`.
    let type_name = cell.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    let float = match cell.cast::<PyFloat>() {
        Ok(f) => Some(f.value()),
        Err(_) if type_name.starts_with("float") => cell.extract::<f64>().ok(),
        Err(_) => None,
    };
    if let Some(v) = float {
        if v.is_nan() {
            return Ok(Value::Null);
        }
        if v.fract() == 0.0 && v.abs() < 1e15 {
            return Ok(Value::from(v as i64));
        }
        return Ok(serde_json::Number::from_f64(v).map_or(Value::String(cell.to_string()), Value::Number));
    }
    // A numpy integer (a list made with `list(array)`): an integer by Python's `__index__`; numpy's
    // bool is refused below, as Python's is.
    let numpy_bool = type_name.starts_with("bool");
    if !numpy_bool && cell.hasattr("__index__")? {
        if let Ok(v) = cell.extract::<i64>() {
            return Ok(Value::from(v));
        }
    }
    Err(parse_error_message(
        py,
        format!(
            "{LIST_POSITION}: row {}, cell {}: a cell is an int, a whole float (NaN for a blank) or a one-character string, not {}",
            r + 1,
            c + 1,
            cell.get_type().name().map_or_else(|_| "this".to_string(), |n| n.to_string())
        ),
    ))
}

/// `grid` under the rules of `args`: the variants, with the jigsaw region map of `regions=`.
pub fn with_rules(grid: Grid, args: &ReadOptions) -> Result<Puzzle, GridError> {
    if args.variants.is_classic() && args.regions.is_none() {
        return Ok(Puzzle::classic(grid));
    }
    let shape = grid.shape();
    let map = match &args.regions {
        Some(r) => Some(region_map(shape, r.trim().as_bytes())?),
        None => None,
    };
    let mut variants = args.variants;
    variants.jigsaw |= map.is_some();
    let board = variants.board(shape, map.as_deref())?;
    Puzzle::new(Arc::new(board), grid)
}
