//! Answers as Python values: grids in the command line's output layouts, and JSON records as the
//! Python objects `json.loads` makes of them (so that `to_dict()` gives what `-o json` writes).

use pyo3::prelude::*;
use serde_json::Value;
use sudokit::format::to_string;
use sudokit::{Grid, OutputFormat};

/// `grid` written in `format`, without the final newline.
pub fn render(grid: &Grid, format: OutputFormat) -> String {
    let mut text = to_string(grid, format);
    if text.ends_with('\n') {
        text.pop();
    }
    text
}

/// JSON text as the Python object `json.loads` makes of it.
pub fn json_loads(py: Python<'_>, text: String) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A JSON value as the Python object `json.loads` makes of it.
pub fn to_python(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    json_loads(py, v.to_string())
}
