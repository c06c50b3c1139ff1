//! The Rust side of the `sudokit` Python package (`sudokit._sudokit`): a thin layer over the
//! `sudokit` library. Every answer comes from the library; this crate only converts between Python
//! objects and library types, releases the GIL around searches, and turns library errors into the
//! Python exceptions of `sudokit.errors` with the command line's messages.
//!
//! - [`input`]: puzzles from strings in any layout, nested lists and numpy arrays; sizes and variants.
//! - [`output`]: grids in the output layouts, JSON records as Python objects.
//! - [`single`]: one puzzle at a time: `solve`, `count`, `check` (a [`single::Verdict`]), `minimize`, `solutions`
//!   (an iterator), `canon`.
//! - [`human`]: the human-style step solver and the ratings: `explain` (an [`human::Explanation`] of
//!   [`human::Step`]s), `hint`, `candidates`, `rate` (a [`human::Rating`]), `se_path` (an
//!   [`human::SePath`] of [`human::SeStep`]s).
//! - [`generate`]: `generate` and `generate_batch`, reproducible from a seed and an item index.
//! - [`batch`]: numpy arrays of puzzles on every core (`solve_batch`, `count_batch`, `check_batch`,
//!   `minimize_batch`, `rate_batch`, `backdoor_batch`, `explain_batch`), one status code per row.
//! - [`read`]: `read_batch`, puzzle files in any layout into numpy arrays for the batch functions.
//! - [`args`]: the keyword arguments the functions share, each read and checked in one place.
//! - [`errors`]: the exceptions and warnings.
//!
//! New library features join the same way: a function in the module of its kind, registered in
//! the module function `_sudokit`, with its stub in `python/sudokit/_sudokit.pyi`.

use pyo3::prelude::*;

pub mod args;
pub mod batch;
pub mod errors;
pub mod generate;
pub mod human;
pub mod input;
pub mod output;
pub mod pickle;
pub mod pool;
pub mod read;
pub mod single;

/// Rebuilds a pickled result (see [`pickle`]): `kind` is its class's name.
#[pyfunction]
fn _restore(py: Python<'_>, kind: &str, state: &str) -> PyResult<Py<PyAny>> {
    use pickle::restore;
    Ok(match kind {
        "Verdict" => Py::new(py, restore::<single::Verdict>(kind, state)?)?.into_any(),
        "Step" => Py::new(py, restore::<human::Step>(kind, state)?)?.into_any(),
        "Explanation" => Py::new(py, restore::<human::Explanation>(kind, state)?)?.into_any(),
        "Hint" => Py::new(py, restore::<human::Hint>(kind, state)?)?.into_any(),
        "Rating" => Py::new(py, restore::<human::Rating>(kind, state)?)?.into_any(),
        "SeStep" => Py::new(py, restore::<human::SeStep>(kind, state)?)?.into_any(),
        "SePath" => Py::new(py, restore::<human::SePath>(kind, state)?)?.into_any(),
        other => return Err(pyo3::exceptions::PyValueError::new_err(format!("no result class {other:?}"))),
    })
}

/// The native module `sudokit._sudokit`; the `sudokit` package re-exports it.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(single::solve, m)?)?;
    m.add_function(wrap_pyfunction!(single::count, m)?)?;
    m.add_function(wrap_pyfunction!(single::check, m)?)?;
    m.add_function(wrap_pyfunction!(single::minimize, m)?)?;
    m.add_function(wrap_pyfunction!(single::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(single::canon, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::count_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::check_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::minimize_batch, m)?)?;
    m.add_function(wrap_pyfunction!(human::explain, m)?)?;
    m.add_function(wrap_pyfunction!(human::hint, m)?)?;
    m.add_function(wrap_pyfunction!(human::all_steps, m)?)?;
    m.add_function(wrap_pyfunction!(human::candidates, m)?)?;
    m.add_function(wrap_pyfunction!(human::rate, m)?)?;
    m.add_function(wrap_pyfunction!(human::backdoors, m)?)?;
    m.add_function(wrap_pyfunction!(human::se_path, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::backdoor_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::explain_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::canon_batch, m)?)?;
    m.add_function(wrap_pyfunction!(read::read_batch, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add_class::<single::Verdict>()?;
    m.add_class::<human::Step>()?;
    m.add_class::<human::Explanation>()?;
    m.add_class::<human::Hint>()?;
    m.add_class::<human::Rating>()?;
    m.add_class::<human::SeStep>()?;
    m.add_class::<human::SePath>()?;
    m.add_class::<single::Solutions>()?;
    for (name, code) in batch::STATUS_CODES {
        m.add(name, code)?;
    }
    // Tuples, as the stubs say: a list could be changed by one importer for every other.
    m.add("LEVELS", pyo3::types::PyTuple::new(m.py(), batch::LEVELS)?)?;
    m.add("TECHNIQUES", pyo3::types::PyTuple::new(m.py(), batch::technique_names())?)?;
    m.add("SE_TECHNIQUES", pyo3::types::PyTuple::new(m.py(), batch::se_technique_names())?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
