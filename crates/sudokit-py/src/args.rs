//! The keyword arguments the functions share, each concept read and checked in one place, as the
//! command line checks its flags: how to read puzzles (board, rules, layout: [`ReadOptions`]), output
//! layouts, solution limits, timeouts, batch budgets and the human solver's techniques.

use std::str::FromStr;
use std::time::Duration;

use pyo3::prelude::*;
use sudokit::batch::BatchOptions;
use sudokit::human::{SolverOptions, Technique, Techniques};
use sudokit::{Layout, Limits, OutputFormat, ParseOptions, Shape, Symbols, Variants};

use crate::errors::bad_option;

/// The default `limit` of `count` and `count_batch`, as `sudokit count --limit`.
pub const COUNT_LIMIT: u64 = 1_000_000;
/// The default `limit` of `solutions`, as `sudokit solve --all --limit`.
pub const ALL_LIMIT: u64 = 10_000;

/// How to read puzzles: the keyword arguments shared by the one-puzzle functions.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Layout, shape and symbols.
    pub parse: ParseOptions,
    /// Variant rules for puzzles that do not bring their own.
    pub variants: Variants,
    /// A jigsaw region map for a list or array puzzle (a text puzzle carries its own).
    pub regions: Option<String>,
    /// Whether hex symbols are told from standard ones on 16×16 boards (`symbols=None`), as the
    /// command line does without `--symbols`.
    pub detect_symbols: bool,
}

impl ReadOptions {
    /// Reads and checks the keyword arguments, as the command line checks its flags.
    pub fn new(
        size: Option<usize>,
        box_shape: Option<&Bound<'_, PyAny>>,
        symbols: Option<&str>,
        variant: Option<&Bound<'_, PyAny>>,
        layout: Option<&str>,
        regions: Option<String>,
    ) -> PyResult<ReadOptions> {
        let shape = shape_of(size, box_shape)?;
        let detect_symbols = symbols.is_none();
        let symbols = symbols.map_or(Ok(Symbols::Standard), Symbols::from_str).map_err(bad_option)?;
        let layout = layout.map(Layout::from_str).transpose().map_err(bad_option)?;
        if symbols == Symbols::Hex && shape.is_some_and(|s| s.side() != 16) {
            return Err(bad_option("symbols='hex' is for 16×16 boards only"));
        }
        if symbols == Symbols::Letters && shape.is_some_and(|s| s.side() > 26) {
            return Err(bad_option("symbols='letters' has only 26 letters, too few for this board"));
        }
        let variants = variants_of(variant)?;
        if let Some(shape) = shape {
            let mut probe = variants;
            probe.jigsaw = false;
            probe
                .board(shape, None)
                .map_err(|e| bad_option(format!("variant {variants} on a {shape} board: {e}")))?;
        }
        Ok(ReadOptions { parse: ParseOptions { layout, shape, symbols }, variants, regions, detect_symbols })
    }

    /// The board keywords of the batch functions: board and rules (no text, so no layout or
    /// symbols), one jigsaw region map for every row.
    pub fn for_batch(
        size: Option<usize>,
        box_shape: Option<&Bound<'_, PyAny>>,
        variant: Option<&Bound<'_, PyAny>>,
        regions: Option<String>,
    ) -> PyResult<ReadOptions> {
        let args = ReadOptions::new(size, box_shape, Some("standard"), variant, None, regions)?;
        if args.variants.jigsaw && args.regions.is_none() {
            return Err(bad_option("variant jigsaw needs regions= (one region map for every row)"));
        }
        Ok(args)
    }
}

/// The reading keywords of a one-puzzle function as Python passed them (`size`, `box`, `symbols`,
/// `variant`, `regions`, `layout`), checked by [`ReadKeywords::options`] where the function chooses.
#[derive(Debug)]
pub struct ReadKeywords<'a, 'py> {
    /// `size=`: the board's side.
    pub size: Option<usize>,
    /// `box=`: the box shape, `"2x3"` or `(2, 3)`.
    pub box_shape: Option<&'a Bound<'py, PyAny>>,
    /// `symbols=`: `"standard"`, `"hex"`, `"letters"`, …; `None` tells hex from standard.
    pub symbols: Option<&'a str>,
    /// `variant=`: variant rules by name.
    pub variant: Option<&'a Bound<'py, PyAny>>,
    /// `regions=`: a jigsaw region map for a list or array puzzle.
    pub regions: Option<String>,
    /// `layout=`: the text layout, when not detected.
    pub layout: Option<&'a str>,
}

impl ReadKeywords<'_, '_> {
    /// The keywords read and checked, as the command line checks its flags.
    pub fn options(self) -> PyResult<ReadOptions> {
        ReadOptions::new(self.size, self.box_shape, self.symbols, self.variant, self.layout, self.regions)
    }
}

/// A `#[pyfunction]` of one puzzle, written with its own arguments only: the macro adds the reading
/// keywords every such function takes, last and with the same defaults (`size=None, box=None,
/// symbols=None, variant=None, regions=None, layout=None`), and hands them to the body as a
/// [`ReadKeywords`] under the name given after the puzzle's.
///
/// ```ignore
/// puzzle_function! {
///     /// The Python docstring.
///     signature = (*, timeout=None);
///     pub fn name(py, puzzle, keywords; timeout: Option<f64>) -> PyResult<u64> { … }
/// }
/// ```
macro_rules! puzzle_function {
    (
        $(#[$attr:meta])*
        signature = ($($sig:tt)*);
        pub fn $name:ident(
            $py:ident, $puzzle:ident, $keywords:ident $(; $($param:ident: $ty:ty),* $(,)?)?
        ) -> $ret:ty $body:block
    ) => {
        // After `pyfunction`, which reads them: the docs, and a `#[pyo3(...)]` such as a
        // `text_signature`.
        #[pyfunction]
        $(#[$attr])*
        #[pyo3(signature = ($puzzle, $($sig)*, size=None, r#box=None, symbols=None, variant=None, regions=None, layout=None))]
        #[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
        pub fn $name(
            $py: Python<'_>,
            $puzzle: &Bound<'_, PyAny>,
            $($($param: $ty,)*)?
            size: Option<$crate::args::Whole<usize>>,
            r#box: Option<&Bound<'_, PyAny>>,
            symbols: Option<&str>,
            variant: Option<&Bound<'_, PyAny>>,
            regions: Option<String>,
            layout: Option<&str>,
        ) -> $ret {
            let size = size.map($crate::args::Whole::get);
            let $keywords =
                $crate::args::ReadKeywords { size, box_shape: r#box, symbols, variant, regions, layout };
            $body
        }
    };
}
pub(crate) use puzzle_function;

/// The board shape from `size` and `box` (`"2x3"` or `(2, 3)`), checked against each other.
pub fn shape_of(size: Option<usize>, box_shape: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Shape>> {
    let Some(b) = box_shape.filter(|b| !b.is_none()) else {
        return size.map(|n| Shape::for_side(n).map_err(bad_option)).transpose();
    };
    let (rows, cols): (usize, usize) = if let Ok(text) = b.extract::<String>() {
        let parts = text
            .split_once(['x', 'X', '×'])
            .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
        parts.ok_or_else(|| bad_option(format!("box={text:?}: expected ROWSxCOLS, e.g. '2x3'")))?
    } else {
        b.extract().map_err(|_| bad_option("box is a string such as '2x3' or a pair such as (2, 3)"))?
    };
    if let Some(n) = size {
        if rows.checked_mul(cols) != Some(n) {
            return Err(bad_option(sudokit::GridError::BoxDoesNotTile {
                side: n,
                box_rows: rows,
                box_cols: cols,
            }));
        }
    }
    Shape::new(rows, cols).map(Some).map_err(bad_option)
}

/// A whole number from 0 as Python gives it (`limit`, `seed`, `threads`, `size`, …): a negative or
/// too large `int` raises `ValueError` that says so, as Python's own functions do for a bad count,
/// where PyO3's conversion to an unsigned type would raise `OverflowError` ("can't convert negative
/// int to unsigned"). Python 3.11 and later add the argument's name as a note.
#[derive(Clone, Copy, Debug)]
pub struct Whole<T>(pub T);

impl<T> Whole<T> {
    /// The number.
    pub fn get(self) -> T {
        self.0
    }
}

impl<'a, 'py, T: TryFrom<u64>> FromPyObject<'a, 'py> for Whole<T> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole<T>> {
        let shown = obj.to_owned();
        let too_large = || bad_option(format!("{shown} is too large"));
        match obj.extract::<u64>() {
            Ok(n) => T::try_from(n).map(Whole).map_err(|_| too_large()),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) => {
                if obj.lt(0).unwrap_or(false) {
                    Err(bad_option(format!("{shown} is negative: expected a whole number from 0")))
                } else {
                    Err(too_large())
                }
            }
            // Not an int: PyO3's TypeError, which names the argument.
            Err(e) => Err(e),
        }
    }
}

/// Technique names as Python gives them (`techniques=`, `exclude=`): one string of names separated
/// by commas (`"bf,xy"`, as the command line's `--techniques` takes them) or a sequence of strings.
#[derive(Debug)]
pub struct Names(Vec<String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Names {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Names> {
        if let Ok(text) = obj.extract::<String>() {
            return Ok(Names(
                text.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from).collect(),
            ));
        }
        obj.extract::<Vec<String>>().map(Names).map_err(|_| {
            let kind = obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
            pyo3::exceptions::PyTypeError::new_err(format!(
                "technique names are a string such as 'bf,xy' or a list of strings, not {kind}"
            ))
        })
    }
}

/// The variant rules named by `variant`: `None`, `"x,hyper"` or a sequence of names.
fn variants_of(variant: Option<&Bound<'_, PyAny>>) -> PyResult<Variants> {
    let mut v = Variants::default();
    let Some(variant) = variant.filter(|v| !v.is_none()) else {
        return Ok(v);
    };
    let names: Vec<String> = match variant.extract::<String>() {
        Ok(text) => text.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect(),
        Err(_) => variant
            .extract()
            .map_err(|_| bad_option("variant is a string such as 'x,hyper' or a list of names"))?,
    };
    for name in names {
        match name.as_str() {
            "x" => v.diagonals = true,
            "hyper" => v.windows = true,
            "jigsaw" => v.jigsaw = true,
            other => {
                return Err(bad_option(format!("unknown variant `{other}` (expected x, hyper, jigsaw)")))
            }
        }
    }
    Ok(v)
}

/// The output layout named `format` (`line`, `grid`, `compact`, `pretty` or `json`).
pub fn output_format(format: &str) -> PyResult<OutputFormat> {
    OutputFormat::from_str(format).map_err(bad_option)
}

/// `timeout=` in seconds as a duration; a positive, finite number.
pub fn timeout_of(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    seconds
        .map(|s| {
            if !(s > 0.0 && s.is_finite()) {
                return Err(bad_option("timeout must be a positive number of seconds"));
            }
            Duration::try_from_secs_f64(s)
                .map_err(|_| bad_option(format!("timeout={s:e} is too long: at most about 1.8e19 seconds")))
        })
        .transpose()
}

/// `limit=`: a number of solutions of at least 1, or `None` for no limit.
pub fn solution_cap(limit: Option<u64>) -> PyResult<Option<u64>> {
    match limit {
        Some(0) => Err(bad_option("limit must be at least 1 (None: no limit)")),
        other => Ok(other),
    }
}

/// The limits of one search: up to `limit` solutions (`None`: all of them) within `timeout` seconds.
pub fn search_limits(limit: Option<u64>, timeout: Option<f64>) -> PyResult<Limits> {
    let limits = solution_cap(limit)?.map_or_else(Limits::all, Limits::up_to);
    Ok(limits.with_timeout(timeout_of(timeout)?))
}

/// The batch options of `timeout` (seconds per puzzle) and `nodes` (search nodes per puzzle).
pub fn batch_options(timeout: Option<f64>, nodes: Option<u64>) -> PyResult<BatchOptions> {
    Ok(BatchOptions { timeout: timeout_of(timeout)?, nodes, ..BatchOptions::default() })
}

/// Techniques by their names, library codes or short names, a family's members in its place
/// (`None`: none).
pub fn techniques_of(names: Option<Names>) -> PyResult<Vec<Technique>> {
    Ok(Techniques::all_of(&named_techniques(names)?))
}

/// What each name given for techniques names: a technique or a family (`None`: none).
pub fn named_techniques(names: Option<Names>) -> PyResult<Vec<Techniques>> {
    names
        .map(|n| n.0)
        .unwrap_or_default()
        .iter()
        .map(|n| Techniques::from_str(n).map_err(bad_option))
        .collect()
}

/// The human solver's techniques, as `--techniques`, `--exclude` and `--all-at-once` choose them:
/// `only` replaces HoDoKu's default set, `exclude` removes from it.
pub fn solver_options(
    only: Option<Names>,
    exclude: Option<Names>,
    all_at_once: bool,
) -> PyResult<SolverOptions> {
    Ok(SolverOptions { all_at_once, ..techniques_over(SolverOptions::default(), only, exclude)? })
}

/// `default`'s techniques, or `only` in their place, without `exclude`.
pub fn techniques_over(
    default: SolverOptions,
    only: Option<Names>,
    exclude: Option<Names>,
) -> PyResult<SolverOptions> {
    let base = match only {
        None => default,
        // An empty list would otherwise read as "not given", and quietly run every technique.
        Some(names) if names.0.is_empty() => {
            return Err(bad_option(
                "techniques=[] allows no technique: give some, or None for the default set",
            ))
        }
        names => SolverOptions::only(&techniques_of(names)?),
    };
    Ok(base.exclude(&techniques_of(exclude)?))
}

/// The `symmetry` of `minimize` and `minimize_batch`: a concrete one, or `none` (`random` names
/// no one symmetry to keep).
pub fn minimize_symmetry(name: &str) -> PyResult<sudokit::generate::Symmetry> {
    use sudokit::generate::Symmetry;
    // `random`, the generator's last, names no one symmetry to keep: left out of the list too.
    let keepable = || {
        let names: Vec<String> =
            Symmetry::ALL.iter().filter(|&&s| s != Symmetry::Random).map(ToString::to_string).collect();
        names.join(", ")
    };
    match Symmetry::from_str(name) {
        Ok(Symmetry::Random) => Err(bad_option(format!(
            "symmetry='random' names no symmetry to keep: name one of {}",
            keepable()
        ))),
        Ok(s) => Ok(s),
        Err(_) => Err(bad_option(format!("unknown symmetry `{name}` (expected {})", keepable()))),
    }
}
