//! `generate` and `generate_batch`: grids and unique puzzles, reproducible from a seed.
//!
//! Item `i` of a run seeded with `seed` comes from its own random stream (the library's
//! `rng_for(seed, i)`), exactly as line `i + 1` of `sudokit generate puzzle --seed SEED` does. So
//! `generate(seed=s, index=i)`, row `i - start` of `generate_batch(n, seed=s, start=start)` and the
//! command line agree, whatever the number of threads or machines that made them: a dataset can be cut
//! into shards by index and made anywhere.
//!
//! `variant=` hands the making to the library's variant generator (X, hyper, jigsaw, killer) and
//! writes each item as `sudokit generate puzzle --variant … -o line` does: the givens (X, hyper),
//! `GIVENS REGIONS` (jigsaw) or the JSON puzzle object with its cages (killer, as a `dict`).

use std::hash::{BuildHasher, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;
use sudokit::format::{region_symbols, rules_fields};
use sudokit::generate::{
    rng_for, Clues, Difficulty, ErRange, GenerateError, GenerateOptions, Generated, Generator, Pattern,
    RatingTarget, Symmetry, VariantGenerator, VariantSpec,
};
use sudokit::human::Techniques;
use sudokit::rate::hodoku::Level;
use sudokit::{Board, CancelFlag, Grid, OutputFormat};

use crate::args::{named_techniques, output_format, shape_of, techniques_of, Names, Whole};
use crate::batch::{status, Status};
use crate::errors::{bad_option, generate_error, warn};
use crate::output::{json_loads, render};
use crate::pool::on_pool;

/// The generator of the rules asked for.
enum Maker {
    Classic(Generator),
    Variant(VariantGenerator),
}

impl Maker {
    fn shape(&self) -> sudokit::Shape {
        match self {
            Maker::Classic(g) => g.shape(),
            Maker::Variant(g) => g.shape(),
        }
    }
}

/// What to make: the generator and its settings, from the keyword arguments.
struct Making {
    generator: Maker,
    /// Complete grids instead of puzzles.
    grids: bool,
    /// The clue target, for messages (`exactly 24 clues`), empty without one.
    target: String,
}

/// The generation keywords `generate` and `generate_batch` share, as Python passed them.
#[derive(Clone, Copy)]
struct GenerateKeywords<'a, 'py> {
    size: Option<usize>,
    box_shape: Option<&'a Bound<'py, PyAny>>,
    symmetry: &'a str,
    clues: Option<usize>,
    max_clues: Option<usize>,
    minimal: Option<bool>,
    difficulty: Option<&'a str>,
    attempts: u32,
    grid: bool,
    pattern: Option<&'a str>,
    variant: Option<&'a Bound<'py, PyAny>>,
    level: Option<&'a str>,
    er: Option<&'a str>,
    require: Option<&'a Bound<'py, PyAny>>,
    exclude: Option<&'a Bound<'py, PyAny>>,
}

/// A `#[pyfunction]` that makes items, written with its own arguments only: the macro adds the
/// generation keywords both such functions take, with the same defaults, and hands them to the body
/// as a [`GenerateKeywords`] under the name given first. The function's own arguments come in two
/// groups, before the shared keywords and after them (before the last, `variant`), as they stand in
/// the Python signature.
macro_rules! generate_function {
    (
        $(#[$attr:meta])*
        signature = ($($before:tt)*) + ($($after:tt)*);
        pub fn $name:ident<$py_life:lifetime>(
            $py:ident, $keywords:ident;
            $($param:ident: $ty:ty),*;
            $($param_after:ident: $ty_after:ty),* $(,)?
        ) -> $ret:ty $body:block
    ) => {
        // After `pyfunction`, which reads them: the docs, and a `#[pyo3(...)]` such as a
        // `text_signature`.
        #[pyfunction]
        $(#[$attr])*
        #[pyo3(signature = ($($before)*, size=None, r#box=None, symmetry="none", clues=None, max_clues=None, minimal=None, difficulty=None, attempts=Whole(sudokit::generate::DEFAULT_ATTEMPTS), grid=false, pattern=None, $($after)*, variant=None, level=None, er=None, require=None, exclude=None))]
        #[allow(clippy::too_many_arguments, reason = "keyword arguments of a Python function")]
        pub fn $name<$py_life>(
            $py: Python<$py_life>,
            $($param: $ty,)*
            size: Option<Whole<usize>>,
            r#box: Option<&Bound<$py_life, PyAny>>,
            symmetry: &str,
            clues: Option<Whole<usize>>,
            max_clues: Option<Whole<usize>>,
            minimal: Option<bool>,
            difficulty: Option<&str>,
            attempts: Whole<u32>,
            grid: bool,
            pattern: Option<&str>,
            $($param_after: $ty_after,)*
            variant: Option<&Bound<$py_life, PyAny>>,
            level: Option<&str>,
            er: Option<&str>,
            require: Option<&Bound<$py_life, PyAny>>,
            exclude: Option<&Bound<$py_life, PyAny>>,
        ) -> $ret {
            let $keywords = GenerateKeywords {
                size: size.map(Whole::get),
                box_shape: r#box,
                symmetry,
                clues: clues.map(Whole::get),
                max_clues: max_clues.map(Whole::get),
                minimal,
                difficulty,
                attempts: attempts.get(),
                grid,
                pattern,
                variant,
                level,
                er,
                require,
                exclude,
            };
            $body
        }
    };
}

/// What to make, from the keywords, checked as the command line checks its flags.
fn making(k: GenerateKeywords<'_, '_>) -> PyResult<Making> {
    if k.grid {
        // As `sudokit generate grid` refuses them: what shapes a puzzle means nothing for a grid.
        let given = [
            ("symmetry", k.symmetry != "none"),
            ("clues", k.clues.is_some()),
            ("max_clues", k.max_clues.is_some()),
            ("minimal", k.minimal.is_some()),
            ("difficulty", k.difficulty.is_some()),
            ("level", k.level.is_some()),
            ("er", k.er.is_some()),
            ("require", k.require.is_some()),
            ("exclude", k.exclude.is_some()),
        ];
        let named: Vec<&str> = given.iter().filter(|(_, set)| *set).map(|(name, _)| *name).collect();
        if !named.is_empty() {
            return Err(bad_option(format!(
                "{} shape puzzles: not with grid=True, which makes complete grids",
                named.join(", ")
            )));
        }
    }
    let explicit = shape_of(k.size, k.box_shape)?;
    // A pattern brings its board, unless size or box name one.
    let pattern = k
        .pattern
        .map(|text| Pattern::parse(text, explicit).map_err(|e| bad_option(format!("pattern: {e}"))))
        .transpose()?;
    let shape = pattern.as_ref().map(Pattern::shape).or(explicit).unwrap_or(sudokit::Shape::CLASSIC);
    let mut o = GenerateOptions::default();
    o.symmetry = Symmetry::from_str(k.symmetry).map_err(bad_option)?;
    o.clues = match (k.clues, k.max_clues) {
        (Some(_), Some(_)) => return Err(bad_option("give clues or max_clues, not both")),
        (Some(n), None) => Clues::Exactly(n),
        (None, Some(n)) => Clues::AtMost(n),
        (None, None) => Clues::Any,
    };
    if k.minimal == Some(false) && o.clues == Clues::Any && pattern.is_none() {
        return Err(bad_option("minimal=False needs clues or max_clues (a target to stop at)"));
    }
    // Nothing is dug on a pattern: minimality is a filter, asked for by name only.
    o.minimal = k.minimal.unwrap_or(pattern.is_none());
    o.difficulty = k.difficulty.map(Difficulty::from_str).transpose().map_err(bad_option)?;
    o.attempts = k.attempts;
    let target = match o.clues {
        Clues::Exactly(n) => format!("exactly {n} clues"),
        Clues::AtMost(n) => format!("at most {n} clues"),
        _ => String::new(),
    };
    let spec = spec_of(k.variant)?;
    if pattern.is_some() && (k.grid || !spec.is_classic()) {
        return Err(bad_option(
            "pattern places the givens of classic puzzles: not with grid=True or variant",
        ));
    }
    let rating = rating_target(k)?;
    let generator = if spec.is_classic() {
        let generator =
            Generator::new(shape, o).map_err(bad_option)?.with_rating(rating).map_err(bad_option)?;
        Maker::Classic(match pattern {
            Some(p) => generator.with_pattern(p).map_err(|e| bad_option(format!("pattern: {e}")))?,
            None => generator,
        })
    } else {
        if spec.killer && k.grid {
            return Err(bad_option(
                "variant killer makes puzzles: a complete grid has nothing left to solve; use grid=False",
            ));
        }
        Maker::Variant(
            VariantGenerator::new(shape, spec, o)
                .map_err(bad_option)?
                .with_rating(rating)
                .map_err(bad_option)?,
        )
    };
    Ok(Making { generator, grids: k.grid, target })
}

/// The rating target of `level`, `er`, `require` and `exclude` (techniques as `explain`'s
/// `techniques=` takes them), checked by the library against the board when set on the generator.
fn rating_target(k: GenerateKeywords<'_, '_>) -> PyResult<RatingTarget> {
    let mut target = RatingTarget::default();
    target.level = k.level.map(Level::from_str).transpose().map_err(|e| bad_option(format!("level: {e}")))?;
    target.er = k.er.map(ErRange::from_str).transpose().map_err(bad_option)?;
    let names = |b: Option<&Bound<'_, PyAny>>| b.map(|b| b.extract::<Names>()).transpose();
    for required in named_techniques(names(k.require)?)? {
        match required {
            Techniques::One(t) => target.require.push(t),
            Techniques::Family(f) => target.require_one_of.push(f),
        }
    }
    target.exclude = techniques_of(names(k.exclude)?)?;
    Ok(target)
}

/// The rules named by `variant`: `None`, `"x,jigsaw"` or a sequence of names (`x`, `hyper`,
/// `jigsaw`, `killer`), read by the library.
fn spec_of(variant: Option<&Bound<'_, PyAny>>) -> PyResult<VariantSpec> {
    let Some(variant) = variant.filter(|v| !v.is_none()) else {
        return Ok(VariantSpec::default());
    };
    let names = match variant.extract::<String>() {
        Ok(s) => s,
        Err(_) => variant
            .extract::<Vec<String>>()
            .map_err(|_| bad_option("variant is a string such as 'x,jigsaw' or a list of names"))?
            .join(","),
    };
    VariantSpec::from_str(&names).map_err(bad_option)
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
    /// The item's own rules, for variant items (with their region map and cages).
    board: Option<Arc<Board>>,
}

impl Item {
    /// A complete grid: the puzzle and its solution at once.
    fn complete(grid: Grid, board: Option<Arc<Board>>) -> Item {
        Item { puzzle: grid.clone(), solution: grid, target_met: true, attempts: 1, board }
    }

    /// A puzzle the generator made.
    fn puzzle(made: Generated, board: Option<Arc<Board>>) -> Item {
        Item {
            target_met: made.target_met,
            attempts: made.attempts,
            puzzle: made.puzzle,
            solution: made.solution,
            board,
        }
    }
}

/// Item `index` of the run `seed`: a complete grid or a puzzle.
fn make(m: &Making, seed: u64, index: u64, cancel: &CancelFlag) -> Result<Item, GenerateError> {
    // A grid takes milliseconds: looking before it is enough.
    if cancel.is_cancelled() {
        return Err(GenerateError::Cancelled);
    }
    let mut rng = rng_for(seed, index);
    Ok(match (&m.generator, m.grids) {
        (Maker::Classic(g), true) => Item::complete(g.grid(&mut rng), None),
        (Maker::Classic(g), false) => Item::puzzle(g.puzzle_until(&mut rng, cancel)?, None),
        (Maker::Variant(g), true) => {
            let g = g.grid(&mut rng);
            Item::complete(g.grid, Some(g.board))
        }
        (Maker::Variant(g), false) => {
            let made = g.puzzle_until(&mut rng, cancel)?;
            Item::puzzle(made.generated, Some(made.board))
        }
    })
}

/// Refuses layouts a variant item cannot be written in so that it reads back, as the command line
/// does: killer cages go in the line layout only, a jigsaw map in the line layout or drawn with
/// walls (`pretty`).
fn check_format(m: &Making, format: OutputFormat) -> PyResult<()> {
    let Maker::Variant(g) = &m.generator else { return Ok(()) };
    let spec = g.spec();
    if spec.killer && format != OutputFormat::Line {
        return Err(bad_option(format!(
            "variant {spec}: the puzzle is written only with format='line' (a JSON puzzle object with its cages)"
        )));
    }
    if spec.variants.jigsaw && !matches!(format, OutputFormat::Line | OutputFormat::Pretty) {
        return Err(bad_option(format!(
            "variant {spec}: the puzzle is written only with format='line' (GIVENS REGIONS) or 'pretty' \
             (its regions drawn with walls)"
        )));
    }
    Ok(())
}

/// An item as `sudokit generate … -o <format>` writes it: text, or for killer a `dict` (the JSON
/// puzzle object, its fields in the format's order).
fn item_object(py: Python<'_>, made: &Item, format: OutputFormat) -> PyResult<Py<PyAny>> {
    let Some(board) = made.board.as_deref().filter(|b| !b.cages().is_empty()) else {
        let board = made.board.clone().unwrap_or_else(|| sudokit::Board::classic_shared(made.puzzle.shape()));
        let mut text = render(&board, &made.puzzle, format, sudokit::Symbols::Standard);
        // A drawing shows its regions; a line carries its map after the givens.
        if let Some(map) = region_symbols(&board).filter(|_| format != OutputFormat::Pretty) {
            text.push(' ');
            text.push_str(&String::from_utf8_lossy(&map));
        }
        return Ok(text.into_pyobject(py)?.into_any().unbind());
    };
    let mut fields = vec![("puzzle", serde_json::Value::from(made.puzzle.to_string()))];
    fields.extend(rules_fields(board));
    let body: Vec<String> =
        fields.iter().map(|(name, value)| format!("{}:{value}", serde_json::Value::from(*name))).collect();
    json_loads(py, format!("{{{}}}", body.join(",")))
}

generate_function! {
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
    /// `pattern` puts the givens on its cells and nowhere else, as `--pattern`: the cells row by row,
    /// `.`, `0`, `_` or `-` for an empty cell and any other character for a given (so a puzzle string
    /// gives its own pattern), on one line or several. Its board is the one with as many cells unless
    /// `size` or `box` say otherwise; it takes no `symmetry` or clue target; `minimal=True` keeps only
    /// minimal puzzles. A pattern no puzzle can have (two empty rows in a band, fewer than 17 givens on
    /// 9×9) is a `ValueError`; one the attempts do not crack, a `GenerateError`.
    ///
    /// `variant` (`"x"`, `"hyper"`, `"jigsaw"`, `"killer"`, combined as `"x,jigsaw"` or a list) makes
    /// the item under those rules, as `sudokit generate puzzle --variant …`: X on boards up to 16×16, hyper
    /// on 9×9, jigsaw and killer up to 12×12 (other boards, a difficulty, and a symmetry with killer are
    /// a `ValueError` with the library's message). X and hyper puzzles are written as classic ones (read
    /// them back with the same `variant=`); a jigsaw puzzle is `"GIVENS REGIONS"` (its own region map;
    /// read back with `variant="jigsaw"`), or with `format="pretty"` a drawing of its regions' walls
    /// (read back as that jigsaw); a killer puzzle is a `dict`, the JSON
    /// puzzle object with its `cages` (`json.dumps` it to read it back).
    ///
    /// By rating, as `--level`, `--er`, `--require` and `--exclude`: `level` (HoDoKu's `easy` …
    /// `extreme`) and `er` (Sudoku Explainer's range, `"7.0..8.5"`) on classic 9×9 puzzles;
    /// `require` and `exclude` (technique names as `explain`'s `techniques=`: `"x-wing,bf2"` or a
    /// list) on every board and variant, with the path `explain` gives under the puzzle's rules
    /// (`variant="killer", require="innies", exclude="bf"`: killer puzzles that need the rule of 45
    /// and no guess); a family in `require` (`"Unique Rectangle"`) asks for any of its techniques. A target the board cannot have is a `ValueError`; one no attempt meets, a
    /// `GenerateError`.
    ///
    /// ```python
    /// >>> p = sudokit.generate(seed=42, symmetry="rotate180")
    /// >>> sudokit.check(p).is_unique
    /// True
    /// >>> j = sudokit.generate(seed=42, variant="jigsaw")
    /// >>> sudokit.count(j, variant="jigsaw")
    /// 1
    /// >>> q = sudokit.generate(seed=1, pattern=p)
    /// >>> [c == "." for c in q] == [c == "." for c in p]
    /// True
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(*, seed=None, index=0, size=None, box=None, symmetry=\"none\", clues=None, max_clues=None, minimal=None, difficulty=None, attempts=1000, grid=False, pattern=None, format=\"line\", variant=None, level=None, er=None, require=None, exclude=None)")]
    signature = (*, seed=None, index=Whole(0)) + (format="line");
    pub fn generate<'py>(
        py, keywords; seed: Option<Whole<u64>>, index: Whole<u64>; format: &str
    ) -> PyResult<Py<PyAny>> {
        let (seed, index) = (seed.map(Whole::get), index.get());
        let m = making(keywords)?;
        let format = output_format(format)?;
        check_format(&m, format)?;
        let seed = seed_of(seed);
        let noun = if keywords.grid { "grid" } else { "puzzle" };
        // A rating asked for may split Sudoku Explainer's searches over threads: on a pool of ours.
        let cancel = CancelFlag::new();
        let made = on_pool(py, None, &cancel, || make(&m, seed, index, &cancel))?.map_err(|e| generate_error(py, noun, index, &e))?;
        if !made.target_met {
            warn(py, "ClueTargetWarning", &missed(noun, index, &m.target, &made))?;
        }
        item_object(py, &made, format)
    }
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

/// What `generate_batch` returns: puzzles (an array, or with `variant` a list of the items), solutions
/// and status codes.
type Made<'py> = (Bound<'py, PyAny>, Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<u8>>);

generate_function! {
    /// `n` grids or puzzles on every core: items `start` to `start + n - 1` of the run `seed`, as numpy
    /// arrays `(puzzles, solutions, status)`: two `(n, cells)` `uint8` arrays (`0` for a blank, 81 cells
    /// on 9×9) and an `(n,)` `uint8` array of status codes: `OK`, `NOT_FOUND` (no attempt reached the
    /// difficulty; the row is zeros) or `TARGET_MISSED` (the closest puzzle to the clue target).
    ///
    /// Row `i` is `generate(seed=seed, index=start + i)` with the same options, whatever `threads` is,
    /// so shards made on different workers (`start = shard * n`) put together give the same dataset as one
    /// run. Options as for `generate`; `threads` workers (default: every core). The GIL is released.
    ///
    /// With `variant`, `puzzles` is a list of the `n` items as `generate(variant=…)` gives them (strings,
    /// or dicts for killer; `None` where the status is `NOT_FOUND`), as the region maps and cages do not
    /// fit an array; the solutions stay an array.
    ///
    /// ```python
    /// >>> puzzles, solutions, status = sudokit.generate_batch(4, seed=7)
    /// >>> puzzles.shape, bool((status == sudokit.OK).all())
    /// ((4, 81), True)
    /// >>> items, _, _ = sudokit.generate_batch(2, seed=7, variant="x")
    /// >>> items[0] == sudokit.generate(seed=7, variant="x")
    /// True
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(n, seed=None, *, start=0, size=None, box=None, symmetry=\"none\", clues=None, max_clues=None, minimal=None, difficulty=None, attempts=1000, grid=False, pattern=None, threads=None, variant=None, level=None, er=None, require=None, exclude=None)")]
    signature = (n, seed=None, *, start=Whole(0)) + (threads=None);
    pub fn generate_batch<'py>(
        py,
        keywords;
        n: Whole<usize>,
        seed: Option<Whole<u64>>,
        start: Whole<u64>;
        threads: Option<Whole<usize>>,
    ) -> PyResult<Made<'py>> {
        let (n, seed, start, threads) = (n.get(), seed.map(Whole::get), start.get(), threads.map(Whole::get));
        if n == 0 {
            return Err(bad_option("an empty batch: n must be at least 1"));
        }
        let m = making(keywords)?;
        let seed = seed_of(seed);
        let cells = m.generator.shape().cells();
        let end = start.checked_add(n as u64).ok_or_else(|| bad_option("start + n is past the last index"))?;
        // The memory the batch needs is taken before any puzzle is made: a batch too big for it
        // raises `MemoryError` at once, rather than aborting the interpreter later.
        let too_big = || {
            let message = format!("a batch of {n} puzzles needs more memory than there is");
            pyo3::exceptions::PyMemoryError::new_err(message)
        };
        let zeroed = |len: Option<usize>| -> PyResult<Vec<u8>> {
            let len = len.ok_or_else(too_big)?;
            let mut v = Vec::new();
            v.try_reserve_exact(len).map_err(|_| too_big())?;
            v.resize(len, 0);
            Ok(v)
        };
        let mut puzzles = zeroed(n.checked_mul(cells))?;
        let mut solutions = zeroed(n.checked_mul(cells))?;
        let mut codes = zeroed(Some(n))?;
        let mut results: Vec<Result<Item, GenerateError>> = Vec::new();
        results.try_reserve_exact(n).map_err(|_| too_big())?;
        let cancel = CancelFlag::new();
        on_pool(py, threads, &cancel, || {
            results.par_extend((start..end).into_par_iter().map(|i| make(&m, seed, i, &cancel)));
        })?;
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
        let puzzles = match m.generator {
            Maker::Classic(_) => PyArray1::from_vec(py, puzzles).reshape([n, cells])?.into_any(),
            Maker::Variant(_) => {
                let items = results
                    .iter()
                    .map(|r| match r {
                        Ok(made) => item_object(py, made, OutputFormat::Line),
                        Err(_) => Ok(py.None()),
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any()
            }
        };
        Ok((puzzles, PyArray1::from_vec(py, solutions).reshape([n, cells])?, PyArray1::from_vec(py, codes)))
    }
}
