//! `generate` and `generate_batch`: grids and unique puzzles, reproducible from a seed.
//!
//! Item `i` of a run seeded with `seed` comes from its own random stream (the library's
//! `rng_for(seed, i)`), exactly as line `i + 1` of `sudokit generate puzzle --seed SEED` does. So
//! `generate(seed=s, index=i)`, row `i - start` of `generate_batch(n, seed=s, start=start)` and the
//! command line agree, whatever the number of threads or machines that made them: a dataset can be cut
//! into shards by index and made anywhere.

use std::hash::{BuildHasher, Hasher};
use std::str::FromStr;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;
use sudokit::generate::{rng_for, Clues, Difficulty, GenerateError, GenerateOptions, Generator, Symmetry};
use sudokit::Grid;

use crate::args::{output_format, shape_of};
use crate::batch::{on_pool, status, Status};
use crate::errors::{bad_option, generate_error, warn};
use crate::input::render;

/// What to make: the generator and its settings, from the keyword arguments.
struct Making {
    generator: Generator,
    /// Complete grids instead of puzzles.
    grids: bool,
    /// The clue target, for messages (`exactly 24 clues`), empty without one.
    target: String,
}

#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
fn making(
    size: Option<usize>,
    box_shape: Option<&Bound<'_, PyAny>>,
    symmetry: &str,
    clues: Option<usize>,
    max_clues: Option<usize>,
    minimal: bool,
    difficulty: Option<&str>,
    attempts: u32,
    grid: bool,
) -> PyResult<Making> {
    let shape = shape_of(size, box_shape)?.unwrap_or(sudokit::Shape::CLASSIC);
    let mut o = GenerateOptions::default();
    o.symmetry = Symmetry::from_str(symmetry).map_err(bad_option)?;
    o.clues = match (clues, max_clues) {
        (Some(_), Some(_)) => return Err(bad_option("give clues or max_clues, not both")),
        (Some(n), None) => Clues::Exactly(n),
        (None, Some(n)) => Clues::AtMost(n),
        (None, None) => Clues::Any,
    };
    if !minimal && o.clues == Clues::Any {
        return Err(bad_option("minimal=False needs clues or max_clues (a target to stop at)"));
    }
    o.minimal = minimal;
    o.difficulty = difficulty.map(Difficulty::from_str).transpose().map_err(bad_option)?;
    o.attempts = attempts;
    let target = match o.clues {
        Clues::Exactly(n) => format!("exactly {n} clues"),
        Clues::AtMost(n) => format!("at most {n} clues"),
        _ => String::new(),
    };
    let generator = Generator::new(shape, o).map_err(bad_option)?;
    Ok(Making { generator, grids: grid, target })
}

/// The seed of a run: the one given, else a fresh one (from the standard library's per-process random
/// hasher keys, as the command line does).
fn seed_of(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| std::collections::hash_map::RandomState::new().build_hasher().finish())
}

/// One generated item: a puzzle and its solution (a complete grid is both).
struct Item {
    puzzle: Grid,
    solution: Grid,
    /// Whether the clue target was met (always, without one).
    target_met: bool,
    /// Grids tried.
    attempts: u32,
}

/// Item `index` of the run `seed`: a complete grid or a puzzle.
fn make(m: &Making, seed: u64, index: u64) -> Result<Item, GenerateError> {
    let mut rng = rng_for(seed, index);
    if m.grids {
        let g = m.generator.grid(&mut rng);
        return Ok(Item { puzzle: g.clone(), solution: g, target_met: true, attempts: 1 });
    }
    let made = m.generator.puzzle(&mut rng)?;
    Ok(Item {
        target_met: made.target_met,
        attempts: made.attempts,
        puzzle: made.puzzle,
        solution: made.solution,
    })
}

/// One grid or puzzle with a unique solution, as `sudokit generate grid|puzzle` makes it.
///
/// `seed` and `index` pick the item: item `index` of the run `seed` is line `index + 1` of
/// `sudokit generate puzzle --seed SEED` with the same options, and row `index` of
/// `generate_batch(n, seed=SEED)`. Without a seed, a fresh one is drawn.
///
/// Options as on the command line: `size` (4 to 32) or `box` (`"2x3"`), `symmetry` (`none`,
/// `rotate180`, `rotate90`, `mirror`, `flip`, `diagonal`, `random`), `clues` or `max_clues` (best
/// effort: the closest puzzle found comes with a `ClueTargetWarning`), `minimal` (no given can be removed
/// without losing uniqueness; `False` stops at the clue target), `difficulty` (`singles`, `no-guess`,
/// `guess`; `GenerateError` when no attempt reached it), `attempts` (grids tried per puzzle),
/// `grid=True` for a complete grid instead of a puzzle. The result is in the layout `format`.
///
/// ```python
/// >>> p = sudokit.generate(seed=42, symmetry="rotate180")
/// >>> sudokit.check(p).is_unique
/// True
/// ```
#[pyfunction]
#[pyo3(signature = (*, seed=None, index=0, size=None, r#box=None, symmetry="none", clues=None, max_clues=None, minimal=true, difficulty=None, attempts=sudokit::generate::DEFAULT_ATTEMPTS, grid=false, format="line"))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn generate(
    py: Python<'_>,
    seed: Option<u64>,
    index: u64,
    size: Option<usize>,
    r#box: Option<&Bound<'_, PyAny>>,
    symmetry: &str,
    clues: Option<usize>,
    max_clues: Option<usize>,
    minimal: bool,
    difficulty: Option<&str>,
    attempts: u32,
    grid: bool,
    format: &str,
) -> PyResult<String> {
    let m = making(size, r#box, symmetry, clues, max_clues, minimal, difficulty, attempts, grid)?;
    let format = output_format(format)?;
    let seed = seed_of(seed);
    let noun = if grid { "grid" } else { "puzzle" };
    let made = py.detach(|| make(&m, seed, index)).map_err(|e| generate_error(py, noun, index, &e))?;
    if !made.target_met {
        warn(py, "ClueTargetWarning", &missed(noun, index, &m.target, &made))?;
    }
    Ok(render(&made.puzzle, format))
}

/// The command line's message for a clue target that was not met.
fn missed(noun: &str, index: u64, target: &str, made: &Item) -> String {
    format!(
        "{noun} {}: no puzzle with {target} in {} attempts; returned the closest, with {} clues",
        index + 1,
        made.attempts,
        made.puzzle.givens()
    )
}

/// The arrays `generate_batch` returns: puzzles, solutions and status codes.
type Made<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<u8>>);

/// `n` grids or puzzles on every core: items `start` to `start + n - 1` of the run `seed`, as numpy
/// arrays `(puzzles, solutions, status)`: two `(n, cells)` `uint8` arrays (`0` for a blank, 81 cells
/// on 9×9) and an `(n,)` `uint8` array of status codes: `OK`, `NOT_FOUND` (no attempt reached the
/// difficulty; the row is zeros) or `TARGET_MISSED` (the closest puzzle to the clue target).
///
/// Row `i` is `generate(seed=seed, index=start + i)` with the same options, whatever `threads` is,
/// so shards made on different workers (`start = shard * n`) put together give the same dataset as one
/// run. Options as for `generate`; `threads` workers (default: every core). The GIL is released.
///
/// ```python
/// >>> puzzles, solutions, status = sudokit.generate_batch(4, seed=7)
/// >>> puzzles.shape, bool((status == sudokit.OK).all())
/// ((4, 81), True)
/// ```
#[pyfunction]
#[pyo3(signature = (n, seed=None, *, start=0, size=None, r#box=None, symmetry="none", clues=None, max_clues=None, minimal=true, difficulty=None, attempts=sudokit::generate::DEFAULT_ATTEMPTS, grid=false, threads=None))]
#[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
pub fn generate_batch<'py>(
    py: Python<'py>,
    n: usize,
    seed: Option<u64>,
    start: u64,
    size: Option<usize>,
    r#box: Option<&Bound<'py, PyAny>>,
    symmetry: &str,
    clues: Option<usize>,
    max_clues: Option<usize>,
    minimal: bool,
    difficulty: Option<&str>,
    attempts: u32,
    grid: bool,
    threads: Option<usize>,
) -> PyResult<Made<'py>> {
    if n == 0 {
        return Err(bad_option("an empty batch: n must be at least 1"));
    }
    let m = making(size, r#box, symmetry, clues, max_clues, minimal, difficulty, attempts, grid)?;
    let seed = seed_of(seed);
    let cells = m.generator.shape().cells();
    let end = start.checked_add(n as u64).ok_or_else(|| bad_option("start + n is past the last index"))?;
    let results: Vec<Result<Item, GenerateError>> =
        py.detach(|| on_pool(threads, || (start..end).into_par_iter().map(|i| make(&m, seed, i)).collect()))?;
    let mut puzzles = vec![0u8; n * cells];
    let mut solutions = vec![0u8; n * cells];
    let mut codes = vec![0u8; n];
    for (i, r) in results.iter().enumerate() {
        let row = i * cells..(i + 1) * cells;
        codes[i] = status(match r {
            Ok(made) => {
                puzzles[row.clone()].copy_from_slice(made.puzzle.values());
                solutions[row].copy_from_slice(made.solution.values());
                if made.target_met {
                    Status::Ok
                } else {
                    Status::TargetMissed
                }
            }
            Err(_) => Status::NotFound,
        });
    }
    Ok((
        PyArray1::from_vec(py, puzzles).reshape([n, cells])?,
        PyArray1::from_vec(py, solutions).reshape([n, cells])?,
        PyArray1::from_vec(py, codes),
    ))
}
