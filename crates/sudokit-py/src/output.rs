//! Answers as Python values: grids in the command line's output layouts, and JSON records as the
//! Python objects `json.loads` makes of them (so that `to_dict()` gives what `-o json` writes).

use pyo3::prelude::*;
use serde_json::Value;
use sudokit::format::{write_board_grid, write_grid_in};
use sudokit::{Board, Grid, Notation, OutputFormat, Symbols};

/// `grid` of `board` written in `format` and `symbols` (those the puzzle was read with, as the
/// command line answers), without the final newline. `pretty` draws a jigsaw's regions with walls,
/// as the command line does, which read back as that jigsaw; the other layouts write the cells
/// alone (the caller knows the rules it gave).
pub fn render(board: &Board, grid: &Grid, format: OutputFormat, symbols: Symbols) -> String {
    let mut out = Vec::new();
    let notation = Notation { symbols, ..Notation::default() };
    if format == OutputFormat::Pretty {
        write_board_grid(board, grid, format, notation, &mut out);
    } else {
        write_grid_in(grid, format, notation, &mut out);
    }
    if out.ends_with(b"\n") {
        out.pop();
    }
    // Every symbol set is ASCII.
    String::from_utf8_lossy(&out).into_owned()
}

/// JSON text as the Python object `json.loads` makes of it.
pub fn json_loads(py: Python<'_>, text: String) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A JSON value as the Python object `json.loads` makes of it.
pub fn to_python(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    json_loads(py, v.to_string())
}
