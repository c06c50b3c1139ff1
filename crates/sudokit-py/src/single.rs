//! One puzzle at a time: `solve`, `count`, `check`, `minimize`, `solutions` and `canon`, answering
//! as the command line's commands of the same names do. The GIL is released while the library searches.

use std::ops::ControlFlow;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use pyo3::prelude::*;
use sudokit::canon::canonical_under;
use sudokit::format::minimality;
use sudokit::generate::{minimize as reduce, rng_for};
use sudokit::{Board, CancelFlag, Grid, OutputFormat, Position, SearchOutcome, Symbols};

use crate::args::{
    minimize_symmetry, output_format, puzzle_function, search_limits, ReadOptions, Whole, ALL_LIMIT,
    COUNT_LIMIT,
};
use crate::errors::{bad_option, invalid_puzzle, no_solution, not_unique, timed_out, warn};
use crate::input::read_puzzle_in;
use crate::output::render;
use crate::pool::{interruptible, receive};

puzzle_function! {
    /// The first solution of a puzzle, in the layout `format` (`line` unless asked).
    ///
    /// `puzzle` is a string in any layout `sudokit solve` reads (one line, textbook grid, compact, grid
    /// art, LeetCode JSON, a JSON puzzle object with its own rules), a list of rows (of cells, or
    /// strings of one character a cell) or a flat list of cells (`0`, `"."`, `None` or NaN for a
    /// blank), or a numpy array (integers, or whole floats with NaN for a blank). Like `sudokit
    /// solve`, it checks that the solution is unique and warns with `MultipleSolutionsWarning` when it
    /// is not; `first=True` skips that check (faster).
    ///
    /// Raises `ParseError` (unreadable puzzle), `InvalidPuzzleError` (givens break the rules),
    /// `NoSolutionError`, or `TimedOutError` (the `timeout` in seconds ran out first; the engine of
    /// classic 9×9 puzzles looks at it between solutions only, and takes about a millisecond at most).
    ///
    /// ```python
    /// >>> sudokit.solve("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")[:9]
    /// '812753649'
    /// ```
    signature = (*, first=false, format="line", timeout=None);
    pub fn solve(py, puzzle, keywords; first: bool, format: &str, timeout: Option<f64>) -> PyResult<String> {
        let args = keywords.options()?;
        let format = output_format(format)?;
        let limits = search_limits(Some(if first { 1 } else { 2 }), timeout)?;
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let search = |limits| {
            let mut found = None;
            let o = p.for_each_solution(limits, |g| {
                if found.is_none() {
                    found = Some(g.clone());
                }
                ControlFlow::Continue(())
            });
            (found, o)
        };
        let (found, o) = interruptible(py, &limits, search, |(_, o)| o.timed_out())?;
        let Some(solution) = found else {
            return Err(failure(py, &p, at, &o, symbols));
        };
        if o.solutions > 1 {
            warn(py, "MultipleSolutionsWarning", &format!("{at}: more than one solution; returned the first"))?;
        }
        Ok(render(p.board(), &solution, format, symbols))
    }
}

/// Whether a verdict is that of a search cut short.
fn stopped(verdict: &sudokit::Verdict) -> bool {
    matches!(verdict, sudokit::Verdict::TimedOut { .. })
}

/// Why a search found no solution: the timeout, givens that break the rules, or none exists.
fn failure(py: Python<'_>, p: &sudokit::Puzzle, at: Position, o: &SearchOutcome, symbols: Symbols) -> PyErr {
    if o.timed_out() {
        return timed_out(py, at, o.solutions);
    }
    let conflicts = p.conflicts();
    if conflicts.is_empty() {
        no_solution(py, at, p.why_no_solution(), symbols)
    } else {
        invalid_puzzle(py, at, &conflicts, symbols)
    }
}

puzzle_function! {
    /// The number of solutions of a puzzle, counting stops at `limit` (default 1,000,000, as `sudokit
    /// count`; `None` counts them all, which on a nearly empty board takes forever). A result equal to
    /// `limit` therefore means "at least `limit`".
    ///
    /// `puzzle` is read as by `solve`. Raises `ParseError`, `InvalidPuzzleError` (givens break the rules:
    /// no solution because of the givens themselves) or `TimedOutError`.
    ///
    /// ```python
    /// >>> sudokit.count("8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..")
    /// 295
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(puzzle, limit=1000000, *, timeout=None, size=None, box=None, symbols=None, variant=None, regions=None, layout=None)")]
    signature = (limit=Some(Whole(COUNT_LIMIT)), *, timeout=None);
    pub fn count(py, puzzle, keywords; limit: Option<Whole<u64>>, timeout: Option<f64>) -> PyResult<u64> {
        let limit = limit.map(Whole::get);
        let args = keywords.options()?;
        let limits = search_limits(limit, timeout)?;
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let o = interruptible(py, &limits, |l| p.count(l), SearchOutcome::timed_out)?;
        if o.timed_out() || (o.solutions == 0 && !p.conflicts().is_empty()) {
            return Err(failure(py, &p, at, &o, symbols));
        }
        Ok(o.solutions)
    }
}

/// The truth about a puzzle, as `sudokit check` prints it.
///
/// `kind` is `"unique"`, `"multiple"`, `"no solution"`, `"invalid"` (givens break the rules) or
/// `"timed out"`. `solution` is the solution (unique) or the first of two (multiple), `second` the
/// other one; `differ` names the cells where the two differ (`"r1c2"`); `conflicts` names the givens
/// that break the rules; `why` says why there is no solution, where a short argument shows it.
/// `str(verdict)` is what `sudokit check` prints (for `multiple`, its line and the two solutions
/// below it, indented).
#[pyclass(module = "sudokit", frozen, eq, get_all)]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    /// `"unique"`, `"multiple"`, `"no solution"`, `"invalid"` or `"timed out"`.
    pub kind: String,
    /// The solution (unique), the first solution (multiple), or one found before a timeout.
    pub solution: Option<String>,
    /// A second solution (multiple).
    pub second: Option<String>,
    /// The cells where the two solutions differ (multiple), e.g. `["r1c2", "r1c3"]`.
    pub differ: Vec<String>,
    /// Each pair of equal givens in a house (invalid), e.g. `"5 twice in row 1 (r1c1 and r1c7)"`.
    pub conflicts: Vec<String>,
    /// With `check(minimal=True)` on a unique puzzle: the givens that can each go, alone, with the
    /// solution staying unique (`[]` for a minimal puzzle); else `None`.
    pub redundant: Option<Vec<String>>,
    /// For `no solution`, why, where a short argument shows it: the singles that follow from the
    /// givens, or every case of one cell or digit, run into a dead end, e.g.
    /// `"r1c9 has no candidate left"`; else `None`.
    // Verdicts pickled before the field existed have none.
    #[serde(default)]
    pub why: Option<String>,
}

#[pymethods]
impl Verdict {
    /// Whether the puzzle has exactly one solution.
    #[getter]
    fn is_unique(&self) -> bool {
        self.kind == "unique"
    }

    /// Whether the puzzle is minimal (with `check(minimal=True)` on a unique puzzle; else `None`).
    #[getter]
    fn is_minimal(&self) -> Option<bool> {
        self.redundant.as_ref().map(Vec::is_empty)
    }

    fn __str__(&self) -> String {
        match (self.kind.as_str(), &self.redundant) {
            ("multiple", _) => {
                // The two solutions below, each line indented, as `sudokit check` prints them.
                let mut text = format!("multiple: solutions differ at {}", self.differ.join(" "));
                for line in [&self.solution, &self.second].into_iter().flatten().flat_map(|s| s.lines()) {
                    text.push_str("\n  ");
                    text.push_str(line);
                }
                text
            }
            ("invalid", _) => format!("invalid: {}", self.conflicts.join("; ")),
            ("no solution", _) => match &self.why {
                Some(why) => format!("no solution: {why}"),
                None => "no solution".to_string(),
            },
            (other, Some(redundant)) => format!("{other}, {}", minimality(redundant)),
            (other, None) => other.to_string(),
        }
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<crate::pickle::Reduced> {
        crate::pickle::reduce(py, "Verdict", self)
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("{:?}", self.kind)];
        if let Some(s) = &self.solution {
            parts.push(format!("solution={s:?}"));
        }
        if let Some(s) = &self.second {
            parts.push(format!("second={s:?}"));
        }
        if !self.conflicts.is_empty() {
            parts.push(format!("conflicts={:?}", self.conflicts));
        }
        if let Some(r) = &self.redundant {
            parts.push(format!("redundant={r:?}"));
        }
        if let Some(w) = &self.why {
            parts.push(format!("why={w:?}"));
        }
        format!("Verdict({})", parts.join(", "))
    }
}

impl Verdict {
    /// The Python verdict of a library verdict on `p`, solutions written in `format` and `symbols`.
    pub fn from_library(
        p: &sudokit::Puzzle,
        v: &sudokit::Verdict,
        format: OutputFormat,
        symbols: Symbols,
    ) -> Verdict {
        let show = |g: &Grid| render(p.board(), g, format, symbols);
        let mut out = Verdict {
            kind: v.name().to_string(),
            solution: None,
            second: None,
            differ: Vec::new(),
            conflicts: Vec::new(),
            redundant: None,
            why: None,
        };
        match v {
            sudokit::Verdict::Invalid(c) => out.conflicts = c.iter().map(|c| c.text_in(symbols)).collect(),
            sudokit::Verdict::Unique(g) => out.solution = Some(show(g)),
            sudokit::Verdict::Multiple { first, second } => {
                out.solution = Some(show(first));
                out.second = Some(show(second));
                out.differ = first.diff(second).iter().map(|c| c.name(first.shape())).collect();
            }
            sudokit::Verdict::TimedOut { found, .. } => out.solution = found.as_ref().map(show),
            sudokit::Verdict::NoSolution => out.why = p.why_no_solution().map(|w| w.text_in(symbols)),
            _ => {}
        }
        out
    }
}

puzzle_function! {
    /// A verdict on a puzzle: unique, multiple (with two solutions and the cells where they differ), no
    /// solution, invalid (naming the conflicting givens), or timed out (`timeout` in seconds). Never raises
    /// for a puzzle that can be read; `ParseError` for one that cannot.
    ///
    /// `minimal=True` also asks, of a unique puzzle, which givens can each go alone with the
    /// solution staying unique: `redundant` lists them (`[]`: the puzzle is minimal, `is_minimal`),
    /// and `str(verdict)` reads `unique, minimal` or `unique, not minimal: r1c2 can go`.
    ///
    /// ```python
    /// >>> v = sudokit.check("8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..")
    /// >>> v.kind, v.is_unique
    /// ('multiple', False)
    /// >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    /// >>> str(sudokit.check(p, minimal=True))
    /// 'unique, minimal'
    /// ```
    signature = (*, format="line", timeout=None, minimal=false);
    pub fn check(py, puzzle, keywords; format: &str, timeout: Option<f64>, minimal: bool) -> PyResult<Verdict> {
        let args = keywords.options()?;
        let format = output_format(format)?;
        let limits = search_limits(None, timeout)?;
        let (p, _, symbols) = read_puzzle_in(puzzle, &args)?;
        let (verdict, _) = interruptible(py, &limits, |l| p.check_within(l), |(v, _)| stopped(v))?;
        if !(minimal && matches!(verdict, sudokit::Verdict::Unique(_))) {
            return Ok(Verdict::from_library(&p, &verdict, format, symbols));
        }
        // One count per given: a timeout here gives the verdict "timed out", as the command line's.
        match interruptible(py, &limits, |l| p.redundant_givens(l), |r| r.as_ref().is_err_and(stopped))? {
            Ok(cells) => {
                let shape = p.grid().shape();
                let mut out = Verdict::from_library(&p, &verdict, format, symbols);
                out.redundant = Some(cells.iter().map(|c| c.name(shape)).collect());
                Ok(out)
            }
            Err(other) => Ok(Verdict::from_library(&p, &other, format, symbols)),
        }
    }
}

puzzle_function! {
    /// The puzzle reduced to a minimal one with the same solution, as `sudokit minimize` prints
    /// it: its givens are removed one at a time, while the solution stays unique, until none can
    /// go. They are tried in reading order, or with `seed` in a random order drawn from it and
    /// `index` (that of puzzle `index + 1` of `sudokit minimize --seed`); other seeds may give
    /// other minimal puzzles. A minimal puzzle comes back as it is. With a `symmetry` (`rotate180`,
    /// `rotate90`, `mirror`, `flip` or `diagonal`), the givens of each symmetric group go together:
    /// a puzzle with that symmetry keeps it.
    ///
    /// `puzzle` is read as by `solve`. Raises `ParseError`, `InvalidPuzzleError`,
    /// `NoSolutionError`, `MultipleSolutionsError` (only a unique puzzle has a minimal form) or
    /// `TimedOutError` (the `timeout` in seconds ran out first).
    ///
    /// ```python
    /// >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    /// >>> sudokit.minimize(p)
    /// '.3..........1.5....98....6.....6...34..8.3..17...2.....6....28.....19..5....8..79'
    /// >>> str(sudokit.check(sudokit.minimize(p, seed=3), minimal=True))
    /// 'unique, minimal'
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(puzzle, *, symmetry=\"none\", seed=None, index=0, format=\"line\", timeout=None, size=None, box=None, symbols=None, variant=None, regions=None, layout=None)")]
    signature = (*, symmetry="none", seed=None, index=Whole(0), format="line", timeout=None);
    pub fn minimize(
        py,
        puzzle,
        keywords;
        symmetry: &str,
        seed: Option<Whole<u64>>,
        index: Whole<u64>,
        format: &str,
        timeout: Option<f64>,
    ) -> PyResult<String> {
        let (seed, index) = (seed.map(Whole::get), index.get());
        let args = keywords.options()?;
        let format = output_format(format)?;
        let limits = search_limits(None, timeout)?;
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let symmetry = minimize_symmetry(symmetry)?;
        let rng = seed.map(|s| rng_for(s, index));
        // Each run draws the same order from its own copy of the stream.
        let search = |l| reduce(&p, symmetry, rng.clone().as_mut(), l);
        match interruptible(py, &limits, search, |r| r.as_ref().is_err_and(stopped))? {
            Ok(m) => Ok(render(p.board(), &m.puzzle, format, symbols)),
            Err(sudokit::Verdict::NoSolution) => Err(no_solution(py, at, p.why_no_solution(), symbols)),
            Err(verdict) => Err(not_unique(py, at, &verdict, symbols)),
        }
    }
}

/// The solutions of a puzzle, found on a thread of their own and handed out one at a time.
///
/// Stopping early (a `break`, or dropping the iterator) stops the search; at most a few solutions are
/// found ahead of the reader, so memory stays bounded however many there are.
#[pyclass(module = "sudokit")]
#[derive(Debug)]
pub struct Solutions {
    /// Solutions as the search finds them; closed when it ends.
    found: Mutex<Option<Receiver<Grid>>>,
    /// Stops the search when the iterator is dropped.
    cancel: CancelFlag,
    /// The search thread, joined once the channel is closed.
    worker: Option<JoinHandle<SearchOutcome>>,
    /// The puzzle's rules, for the layouts that draw them.
    board: Arc<Board>,
    format: OutputFormat,
    symbols: Symbols,
    at: Position,
}

/// Solutions found ahead of the reader.
const AHEAD: usize = 64;

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        let next = {
            let mut found = self.found.lock().map_err(|_| bad_option("the solution iterator broke"))?;
            // The receiver moves to the waiting code while the GIL is released, then back.
            let Some(rx) = found.take() else {
                return Ok(None);
            };
            let (rx, next) = py.detach(move || {
                let next = receive(&rx);
                (rx, next)
            });
            *found = Some(rx);
            // Ctrl-C while waiting raises here; the iterator stays usable.
            next?
        };
        if let Some(g) = next {
            return Ok(Some(render(&self.board, &g, self.format, self.symbols)));
        }
        // The search ended: say so if it was cut short by the timeout.
        if let Some(worker) = self.worker.take() {
            if let Ok(o) = py.detach(|| worker.join()) {
                if o.timed_out() {
                    return Err(timed_out(py, self.at, o.solutions));
                }
            }
        }
        Ok(None)
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

puzzle_function! {
    /// An iterator over the solutions of a puzzle, up to `limit` (default 10,000, as `sudokit solve
    /// --all`; `None` for all of them), each in the layout `format`.
    ///
    /// The search runs on a thread of its own without the GIL, a few solutions ahead of the loop; leaving
    /// the loop early stops it. Raises `ParseError` or `InvalidPuzzleError` at once; a puzzle without
    /// solutions gives an empty iterator; `TimedOutError` ends the loop when `timeout` ran out.
    ///
    /// ```python
    /// >>> len(list(sudokit.solutions("8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..")))
    /// 295
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(puzzle, limit=10000, *, format=\"line\", timeout=None, size=None, box=None, symbols=None, variant=None, regions=None, layout=None)")]
    signature = (limit=Some(Whole(ALL_LIMIT)), *, format="line", timeout=None);
    pub fn solutions(
        py,
        puzzle,
        keywords;
        limit: Option<Whole<u64>>,
        format: &str,
        timeout: Option<f64>,
    ) -> PyResult<Solutions> {
        let limit = limit.map(Whole::get);
        let args = keywords.options()?;
        let format = output_format(format)?;
        let cancel = CancelFlag::new();
        let limits = search_limits(limit, timeout)?.with_cancel(cancel.clone());
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let conflicts = p.conflicts();
        if !conflicts.is_empty() {
            return Err(invalid_puzzle(py, at, &conflicts, symbols));
        }
        let board = p.shared_board();
        let (tx, rx) = sync_channel::<Grid>(AHEAD);
        let worker = std::thread::Builder::new()
            .name("sudokit-solutions".into())
            .spawn(move || {
                p.for_each_solution(limits, |g| match tx.send(g.clone()) {
                    Ok(()) => ControlFlow::Continue(()),
                    // The iterator is gone: nobody wants more.
                    Err(_) => ControlFlow::Break(()),
                })
            })
            .map_err(|e| bad_option(format!("cannot start the search thread: {e}")))?;
        Ok(Solutions { found: Mutex::new(Some(rx)), cancel, worker: Some(worker), board, format, symbols, at })
    }
}

/// The canonical (minlex) form of a puzzle or grid, as `sudokit canon` prints it: equivalent puzzles
/// (under the symmetries of the rules and relabelling) have the same form. Sides up to 9.
///
/// ```python
/// >>> sudokit.canon("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")[:20]
/// '........1.....2.3...'
/// ```
#[pyfunction]
#[pyo3(signature = (puzzle, *, format="line", size=None, r#box=None, symbols=None, layout=None))]
pub fn canon(
    puzzle: &Bound<'_, PyAny>,
    format: &str,
    size: Option<Whole<usize>>,
    r#box: Option<&Bound<'_, PyAny>>,
    symbols: Option<&str>,
    layout: Option<&str>,
) -> PyResult<String> {
    let args = ReadOptions::new(size.map(Whole::get), r#box, symbols, None, layout, None)?;
    let format = output_format(format)?;
    let (p, _, symbols) = read_puzzle_in(puzzle, &args)?;
    let c = canonical_under(p.board(), p.grid()).map_err(bad_option)?;
    Ok(render(p.board(), &c, format, symbols))
}
