//! Pickling of the result objects (`Rating`, `Verdict`, `Explanation`, …), so that they cross
//! process boundaries: `multiprocessing.Pool.map(sudokit.rate, puzzles)` sends each result back
//! to the parent pickled, and `copy.copy` goes the same way.
//!
//! A result pickles as a call of the module's `_restore(kind, state)`, its fields as JSON in
//! `state`: the classes have no constructor of their own to call, and JSON keeps a float's exact
//! value.

use pyo3::prelude::*;
use serde::Serialize;

/// What `__reduce__` returns: the function that rebuilds a result, and its arguments.
pub type Reduced = (Py<PyAny>, (&'static str, String));

/// The `__reduce__` of a result of class `kind`.
pub fn reduce<T: Serialize>(py: Python<'_>, kind: &'static str, value: &T) -> PyResult<Reduced> {
    let state = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("cannot pickle {kind}: {e}")))?;
    let restore = py.import("sudokit._sudokit")?.getattr("_restore")?.unbind();
    Ok((restore, (kind, state)))
}

/// The result of class `kind` that `state` describes.
pub fn restore<'de, T: serde::Deserialize<'de>>(kind: &str, state: &'de str) -> PyResult<T> {
    serde_json::from_str(state).map_err(|e| {
        pyo3::exceptions::PyValueError::new_err(format!("not the state of a pickled {kind}: {e}"))
    })
}
