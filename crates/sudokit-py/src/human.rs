//! The human-style step solver and the ratings, one puzzle at a time: `explain`, `hint`,
//! `candidates`, `rate` and `se_path`, answering as `sudokit explain`, `hint`, `candidates`, `rate`
//! and `explain --scale se` do (their `-o json` records, less the fields every record starts with,
//! are what `to_dict()` gives). The GIL is released while the library works.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use serde_json::{json, Value};
use sudokit::format::marks_grid_in;
use sudokit::human::{read_pencil, HumanError, PencilMarks, Solver, SolverOptions, State, Technique};
use sudokit::rate::{
    rate_or_outline_with, rate_pencil_on_with, rating_line, Outline, Ratings, Scales, Unrated,
};
use sudokit::{Board, CancelFlag, Conflict, Position, Symbols};

use crate::args::{
    puzzle_function, solver_options, techniques_of, techniques_over, Names, ReadOptions, Whole,
};
use crate::errors::{
    bad_option, human_error, invalid_puzzle, no_solution, parse_error_at, parse_error_message,
    timed_out_message, unrated_error,
};
use crate::input::read_puzzle_in;
use crate::output::to_python;
use crate::pickle::{reduce, Reduced};
use crate::pool::on_pool;

/// One step of the human solver: what a technique found and what it proves.
///
/// `technique` is the technique's name (`"X-Wing"`), `code` its library code (`"0300"`; `None` for
/// brute force), `text` the step in HoDoKu's notation (`"Naked Single: r3c4=7"`), `placements` and
/// `eliminations` the results as `(row, column, digit)` tuples (1-based). `to_dict()` gives the step
/// as `sudokit explain -o json` writes it, pattern included (cells, houses, fins, chains, sets).
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    /// The technique's name.
    #[pyo3(get)]
    pub technique: String,
    /// The technique's library code (`None` for brute force).
    #[pyo3(get)]
    pub code: Option<String>,
    /// The step in HoDoKu's notation.
    #[pyo3(get)]
    pub text: String,
    /// Cells solved: `(row, column, digit)`, 1-based.
    #[pyo3(get)]
    pub placements: Vec<(usize, usize, u8)>,
    /// Candidates removed: `(row, column, digit)`, 1-based.
    #[pyo3(get)]
    pub eliminations: Vec<(usize, usize, u8)>,
    /// The step as the command line's JSON.
    json: Value,
}

impl Step {
    /// The step, its text in `symbols` (the puzzle's), as the command line writes it.
    fn from_library(step: &sudokit::human::Step, symbols: Symbols) -> Step {
        let shape = step.shape;
        let text = step.text_in(symbols);
        let mut json = json!(step);
        json["text"] = text.clone().into();
        let tuples = |cs: &[sudokit::human::Candidate]| {
            cs.iter().map(|c| (c.cell.row(shape) + 1, c.cell.col(shape) + 1, c.digit.get())).collect()
        };
        Step {
            technique: step.technique.name().to_string(),
            code: step.technique.code().map(str::to_string),
            text,
            placements: tuples(&step.placements),
            eliminations: tuples(&step.eliminations),
            json,
        }
    }
}

#[pymethods]
impl Step {
    /// The step as `sudokit explain -o json` writes it: `technique`, `code`, `text`, the pattern
    /// (`digits`, `cells`, `houses`, `base`, `cover`, `fins`, `endo_fins`, `chains`, `sets`, and
    /// `total` for killer techniques) and the results (`placements`, `eliminations`:
    /// `{"cell": "r3c4", "digit": 7}`).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.json)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        reduce(py, "Step", self)
    }

    fn __repr__(&self) -> String {
        format!("Step({:?})", self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Step>().is_ok_and(|o| o.get().json == self.json)
    }
}

/// The steps that solve a puzzle, simplest technique first: a sequence of [`Step`]s (`len`,
/// indexing, iteration), whether they solve it, and the pencil marks where they end.
#[pyclass(module = "sudokit", frozen, eq, sequence)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Explanation {
    steps: Vec<Step>,
    /// Whether the steps solve the puzzle (`False`: no allowed technique applies any more).
    #[pyo3(get)]
    pub solved: bool,
    /// The pencil marks after the last step, in the 729-character line form.
    #[pyo3(get)]
    pub candidates: String,
    /// With `grids=True`: the pencil marks before each step (line form).
    #[pyo3(get)]
    pub grids: Option<Vec<String>>,
    /// The techniques counted, as `sudokit explain --summary -o json` lists them.
    summary: Value,
}

#[pymethods]
impl Explanation {
    /// The steps, in order.
    #[getter]
    fn steps(&self) -> Vec<Step> {
        self.steps.clone()
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    /// A step by its index (negative from the end), or a list of the steps of a slice.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        step_item(py, &self.steps, key)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        iterate(py, &self.steps)
    }

    fn __reversed__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        iterate(py, &self.steps.iter().rev().cloned().collect::<Vec<_>>())
    }

    fn __contains__(&self, py: Python<'_>, step: &Bound<'_, PyAny>) -> PyResult<bool> {
        step_list(py, &self.steps)?.contains(step)
    }

    /// The index of the first step equal to `step` (within `start` to `stop`), as `list.index`.
    #[pyo3(signature = (step, start=0, stop=isize::MAX))]
    fn index(&self, py: Python<'_>, step: &Bound<'_, PyAny>, start: isize, stop: isize) -> PyResult<usize> {
        step_list(py, &self.steps)?.call_method1("index", (step, start, stop))?.extract()
    }

    /// How many steps are equal to `step`.
    fn count(&self, py: Python<'_>, step: &Bound<'_, PyAny>) -> PyResult<usize> {
        step_list(py, &self.steps)?.call_method1("count", (step,))?.extract()
    }

    /// How many steps use each technique, easiest first, as `sudokit explain --summary -o json`
    /// lists them: `[{"technique", "count", "score", "level"}]`, with HoDoKu's base score of one
    /// such step and the technique's level.
    fn summary(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.summary)
    }

    /// The explanation as `sudokit explain -o json` writes it after `index`, `status` and `puzzle`:
    /// `{"solved": …, "steps": […]}`, with `"grids"` when asked for.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mut v =
            json!({ "solved": self.solved, "steps": self.steps.iter().map(|s| &s.json).collect::<Vec<_>>() });
        if let Some(g) = &self.grids {
            v["grids"] = json!(g);
        }
        to_python(py, &v)
    }

    /// The text `sudokit explain` prints: one numbered step per line, then how it ended.
    fn __str__(&self) -> String {
        let mut text: String =
            self.steps.iter().enumerate().map(|(i, s)| format!("{}. {}\n", i + 1, s.text)).collect();
        if self.solved {
            text.push_str(&format!("solved in {} steps", self.steps.len()));
        } else {
            text.push_str(&format!(
                "stuck after {} steps: no allowed technique applies (pencil marks: {})",
                self.steps.len(),
                self.candidates
            ));
        }
        text
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        reduce(py, "Explanation", self)
    }

    fn __repr__(&self) -> String {
        format!(
            "Explanation({} steps, solved={})",
            self.steps.len(),
            if self.solved { "True" } else { "False" }
        )
    }
}

/// Item `index` of a sequence of steps, counted from the end when negative, as Python indexes.
fn step_at<T: Clone>(steps: &[T], index: isize) -> PyResult<T> {
    let n = steps.len() as isize;
    let i = if index < 0 { index + n } else { index };
    if !(0..n).contains(&i) {
        return Err(pyo3::exceptions::PyIndexError::new_err("step index out of range"));
    }
    Ok(steps[i as usize].clone())
}

/// `steps[key]`: a step by its index (negative from the end), or a list of the steps of a slice.
fn step_item<'py, T>(py: Python<'py>, steps: &[T], key: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>>
where
    T: Clone + IntoPyObject<'py>,
{
    if let Ok(index) = key.extract::<isize>() {
        return pyo3::IntoPyObjectExt::into_py_any(step_at(steps, index)?, py);
    }
    Ok(step_list(py, steps)?.as_any().get_item(key)?.unbind())
}

/// The steps as a Python list, for what a list does that a sequence of steps does too: slices,
/// `index`, `count`, `in`.
fn step_list<'py, T>(py: Python<'py>, steps: &[T]) -> PyResult<Bound<'py, pyo3::types::PyList>>
where
    T: Clone + IntoPyObject<'py>,
{
    pyo3::types::PyList::new(py, steps.to_vec())
}

/// An iterator over a sequence of steps.
fn iterate<'py, T>(py: Python<'py>, steps: &[T]) -> PyResult<Py<PyAny>>
where
    T: Clone + IntoPyObject<'py>,
{
    Ok(step_list(py, steps)?.as_any().try_iter()?.into_any().unbind())
}

/// The candidate state of `obj`: a puzzle read as `solve` reads it, or, with `pencil`, a pencil-mark
/// grid (the 729-character line form, a boxed candidate grid, or a JSON record of the human-solving
/// commands) as `--pencil` reads it; with its rules, which a state that breaks them cannot give, and
/// a puzzle's clashing givens.
fn state_of(obj: &Bound<'_, PyAny>, pencil: bool, args: &ReadOptions) -> PyResult<Start> {
    if !pencil {
        let (p, at, symbols) = read_puzzle_in(obj, args)?;
        let rules = p.shared_board();
        let state = State::new(rules.clone(), p.grid());
        return Ok(Start { state, rules, at, conflicts: p.conflicts(), puzzle: Some(p), symbols });
    }
    let (read, at) = marks_of(obj, args)?;
    let state = State::from_candidates(read.board.clone(), &read.marks);
    Ok(Start { state, rules: read.board, at, conflicts: Vec::new(), puzzle: None, symbols: read.symbols })
}

/// What the step solver starts from: the state of an input, or why there is none; its rules; the
/// position that names it; and the clashes of a puzzle's givens, every one, where the state names
/// its first only.
struct Start {
    state: Result<State, HumanError>,
    rules: Arc<Board>,
    at: Position,
    conflicts: Vec<Conflict>,
    /// The puzzle read, if it was one (not pencil marks): why it has no solution, where it has none.
    puzzle: Option<sudokit::Puzzle>,
    /// The symbols its digits were written in: the answers' are written in the same.
    symbols: Symbols,
}

impl Start {
    /// The step solver, or the exception of why it cannot start: givens that break the rules named
    /// clash by clash, as `solve` and the command line name them.
    fn solver(self, py: Python<'_>, options: SolverOptions) -> PyResult<Solver> {
        if !self.conflicts.is_empty() {
            return Err(invalid_puzzle(py, self.at, &self.conflicts, self.symbols));
        }
        let (at, puzzle, symbols) = (self.at, self.puzzle, self.symbols);
        py.detach(|| self.state.and_then(|s| Solver::new(s, options))).map_err(|e| match (&e, &puzzle) {
            (HumanError::NoSolution, Some(p)) => no_solution(py, at, p.why_no_solution(), symbols),
            _ => human_error(py, at, &e, symbols),
        })
    }
}

/// The pencil marks `obj` gives (`pencil=True`): a pencil-mark grid as a string, a JSON record of
/// the command line that carries one, or a line of HoDoKu's library format; with the rules they are
/// played under (a record's own, else `variant=` on `box=`'s boxes, see [`read_marks_with`]) and
/// the position that names it in messages.
fn marks_of(obj: &Bound<'_, PyAny>, args: &ReadOptions) -> PyResult<(PencilMarks, Position)> {
    let py = obj.py();
    if args.regions.is_some() {
        return Err(bad_option(
            "regions= does not go with pencil=True: a JSON record gives its map in its own `regions`",
        ));
    }
    let text = if let Ok(s) = obj.cast::<PyString>() {
        s.extract::<String>()?
    } else if let Ok(b) = obj.cast::<PyBytes>() {
        String::from_utf8(b.as_bytes().to_vec())
            .map_err(|e| parse_error_message(py, format!("puzzle 1, line 1: not UTF-8: {e}")))?
    } else {
        return Err(bad_option("pencil=True reads a pencil-mark grid given as a string"));
    };
    let first_line = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1;
    let at = Position { puzzle: 1, line: first_line, column: None };
    let symbols = (!args.detect_symbols).then_some(args.parse.symbols);
    let read = read_pencil(&text, at, args.variants, args.parse.shape, symbols).map_err(|e| {
        let p = e.position;
        parse_error_at(py, e.to_string(), (p.puzzle, p.line, p.column))
    })?;
    Ok((read, at))
}

/// The step solver on the state of `obj`, or the exception of why it cannot start; and the symbols
/// of its digits, for the answers.
fn solver_for(
    obj: &Bound<'_, PyAny>,
    pencil: bool,
    args: &ReadOptions,
    options: SolverOptions,
) -> PyResult<(Solver, Symbols)> {
    let start = state_of(obj, pencil, args)?;
    let symbols = start.symbols;
    Ok((start.solver(obj.py(), options)?, symbols))
}

puzzle_function! {
    /// The steps that solve a puzzle like a human, simplest technique first, as `sudokit explain`.
    ///
    /// `puzzle` is read as by `solve` (any layout, a list of rows, a numpy array; `size`, `box`,
    /// `symbols`, `variant`, `regions`, `layout` as there), or with `pencil=True` as a pencil-mark grid
    /// (the 729-character line form, a boxed candidate grid, or one of the command line's `-o json`
    /// records: its `pencil`, else its `candidates`), as `sudokit explain --pencil` reads it.
    /// `techniques` (names, library codes, short names or families such as `"Nice Loop"`: a list, or
    /// one string with commas, as `"bf,xy"`) replaces HoDoKu's default set, brute force last; `exclude` removes techniques from
    /// it (`exclude=["bf"]` or `exclude="bf"` stops where logic ends instead of guessing);
    /// `all_at_once` applies every step of the technique found before easier ones are tried again;
    /// `grids=True` keeps the pencil marks before each step.
    ///
    /// Returns an `Explanation`: a sequence of `Step`s with `solved` and `candidates`;
    /// `explanation.to_dict()` is the record of `sudokit explain -o json` after its `index`, `status`
    /// and `puzzle`, `str(explanation)` its text.
    /// Raises `ParseError` (unreadable puzzle), `InvalidPuzzleError` (givens break the rules, or pencil
    /// marks contradict themselves), `NoSolutionError`, `MultipleSolutionsError` (the step solver needs
    /// exactly one solution), `ValueError` (an unknown technique).
    ///
    /// ```python
    /// >>> steps = sudokit.explain("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    /// >>> steps.solved, steps[0].technique
    /// (True, 'Naked Single')
    /// ```
    signature = (*, techniques=None, exclude=None, all_at_once=false, grids=false, pencil=false);
    pub fn explain(
        py,
        puzzle,
        keywords;
        techniques: Option<Names>,
        exclude: Option<Names>,
        all_at_once: bool,
        grids: bool,
        pencil: bool,
    ) -> PyResult<Explanation> {
        let args = keywords.options()?;
        let options = solver_options(techniques, exclude, all_at_once)?;
        let (mut solver, symbols) = solver_for(puzzle, pencil, &args, options)?;
        Ok(py.detach(move || {
            let mut steps = Vec::new();
            let mut boards = Vec::new();
            loop {
                let before = grids.then(|| solver.state().to_candidates().to_line_form());
                let Some(step) = solver.next() else { break };
                boards.extend(before);
                steps.push(step);
            }
            Explanation {
                summary: json!(sudokit::rate::technique_counts(&steps)),
                steps: steps.iter().map(|s| Step::from_library(s, symbols)).collect(),
                solved: solver.is_solved(),
                candidates: solver.state().to_candidates().to_line_form(),
                grids: grids.then_some(boards),
            }
        }))
    }
}

puzzle_function! {
    /// The next step of the human solver, told at a level of detail, as `sudokit hint`.
    ///
    /// `level` is `"nudge"` (where to look, a cell or a house: `hint.text` is `"Look at r5c6"` or
    /// `"Look at b3"`), `"technique"` (which technique applies: `"Try X-Wing"`) or `"step"` (the
    /// whole step, also in `hint.step`). Returns `None` when the puzzle is already solved, or when
    /// none of the allowed techniques applies (`explain` then says where it is stuck).
    /// `hint.to_dict()` is the record of `sudokit hint -o json`. Other arguments and the exceptions
    /// as for `explain`.
    ///
    /// `scale="se"` gives the next step of Sudoku Explainer's path instead, as `sudokit hint --scale
    /// se`: the step with its difficulty (`"Pointing (2.6): 7 in r2c9,r3c9 => r4c9<>7"`;
    /// `hint.step` is an `SeStep`), the technique with its difficulty (`"Try Pointing (2.6)"`, also
    /// in `hint.difficulty`), or where to look (the house of a hidden single, else the cells of the
    /// step's pattern, or of a chain's results). It takes no
    /// `techniques` or `exclude`, works on pencil marks too, and raises `ValueError` for a board that
    /// is not classic 9x9 and `TimedOutError` where Sudoku Explainer's work budget runs out first.
    ///
    /// ```python
    /// >>> sudokit.hint("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", level="technique").text
    /// 'Try Naked Single'
    /// >>> sudokit.hint("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", scale="se").text
    /// 'Hidden Single (1.2): r2c2=6'
    /// ```
    signature = (level="step", *, techniques=None, exclude=None, pencil=false, scale="hodoku");
    pub fn hint(
        py,
        puzzle,
        keywords;
        level: &str,
        techniques: Option<Names>,
        exclude: Option<Names>,
        pencil: bool,
        scale: &str,
    ) -> PyResult<Option<Hint>> {
        if !["nudge", "technique", "step"].contains(&level) {
            return Err(bad_option(format!("level={level:?}: expected 'nudge', 'technique' or 'step'")));
        }
        let args = keywords.options()?;
        // Spelled in any case, as `rate`'s scale is.
        match scale.to_ascii_lowercase().as_str() {
            "hodoku" => {}
            "se" => return se_hint(puzzle, level, techniques.is_some() || exclude.is_some(), pencil, &args),
            other => return Err(bad_option(format!("scale={other:?}: expected 'hodoku' or 'se'"))),
        }
        let options = solver_options(techniques, exclude, false)?;
        let (solver, symbols) = solver_for(puzzle, pencil, &args, options)?;
        let Some(step) = py.detach(|| solver.peek()) else {
            return Ok(None);
        };
        let text = match level {
            "nudge" => step.nudge(),
            "technique" => format!("Try {}", step.technique),
            _ => step.text_in(symbols),
        };
        Ok(Some(Hint {
            level: level.to_string(),
            text,
            technique: (level != "nudge").then(|| step.technique.name().to_string()),
            difficulty: None,
            step: (level == "step").then(|| HintStep::Hodoku(Step::from_library(&step, symbols))),
        }))
    }
}

puzzle_function! {
    /// Every step the allowed techniques find in the puzzle as it stands, as HoDoKu's "All Steps"
    /// lists them for a player to choose from, and as `sudokit hint --all`: technique by technique
    /// in the solver's order, each technique's steps in the order found, each deduction once per
    /// technique. Without `techniques`, HoDoKu's default set with Death Blossom, without forcing
    /// chains and nets (which prove nearly anything) and brute force (no deduction).
    ///
    /// Returns a list of `Step`s, empty when the puzzle is solved or nothing applies. `puzzle`,
    /// `techniques`, `exclude`, `pencil` and the exceptions as for `explain`.
    ///
    /// `scale="se"` lists what Sudoku Explainer's "Get all hints" does instead, as `sudokit hint
    /// --all --scale se`, as `SeStep`s: every step of its techniques before the chains, in its
    /// order; where they have none, every step of its first group of chains, or of the first level
    /// of nested chains that has any. Arguments and exceptions as for `hint(scale="se")`.
    ///
    /// ```python
    /// >>> steps = sudokit.all_steps("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    /// >>> steps[0].text
    /// 'Naked Single: r5c6=4'
    /// >>> se = sudokit.all_steps("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", scale="se")
    /// >>> str(se[0]), se[0].difficulty
    /// ('Hidden Single (1.2): r2c2=6', 1.2)
    /// ```
    signature = (*, techniques=None, exclude=None, pencil=false, scale="hodoku");
    pub fn all_steps(
        py,
        puzzle,
        keywords;
        techniques: Option<Names>,
        exclude: Option<Names>,
        pencil: bool,
        scale: &str,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let args = keywords.options()?;
        // Spelled in any case, as `rate`'s scale is.
        match scale.to_ascii_lowercase().as_str() {
            "hodoku" => {}
            "se" => {
                refuse_hodoku_flags(techniques.is_some() || exclude.is_some())?;
                return se_all_steps(puzzle, pencil, &args);
            }
            other => return Err(bad_option(format!("scale={other:?}: expected 'hodoku' or 'se'"))),
        }
        let options = techniques_over(SolverOptions::all_steps(), techniques, exclude)?;
        let (solver, symbols) = solver_for(puzzle, pencil, &args, options)?;
        let steps = py.detach(|| solver.all_steps());
        steps.iter().map(|s| Ok(Py::new(py, Step::from_library(s, symbols))?.into_any())).collect()
    }
}

/// Sudoku Explainer's options for a call: stopped by the call's `cancel` (Ctrl-C, see `on_pool`),
/// as its deepest chains take seconds.
fn se_options(cancel: &CancelFlag) -> sudokit::rate::se::SeOptions {
    sudokit::rate::se::SeOptions::default().with_cancel(cancel.clone())
}

/// `all_steps(scale="se")`: every step Sudoku Explainer's "Get all hints" lists.
fn se_all_steps(obj: &Bound<'_, PyAny>, pencil: bool, args: &ReadOptions) -> PyResult<Vec<Py<PyAny>>> {
    let py = obj.py();
    let (solver, at, symbols) = se_solver(obj, pencil, args)?;
    let cancel = CancelFlag::new();
    let steps =
        on_pool(py, None, &cancel, || sudokit::rate::se::all_hints(solver.state(), se_options(&cancel)))?
            .map_err(|why| no_se_hint(py, &at, &why))?;
    steps.iter().map(|s| Ok(Py::new(py, SeStep::from_library(s, symbols))?.into_any())).collect()
}

/// `techniques` or `exclude` given with `scale="se"`: refused.
fn refuse_hodoku_flags(given: bool) -> PyResult<()> {
    if given {
        return Err(bad_option(
            "scale='se' takes no techniques or exclude: Sudoku Explainer's path has its own",
        ));
    }
    Ok(())
}

/// The exception for a puzzle not rated for `why`: for no solution, with why where a short
/// argument shows it, as `check` says it.
fn unrated(
    py: Python<'_>,
    at: Position,
    why: &sudokit::rate::Unrated,
    p: &sudokit::Puzzle,
    symbols: Symbols,
) -> PyErr {
    match why {
        sudokit::rate::Unrated::NoSolution => no_solution(py, at, p.why_no_solution(), symbols),
        _ => unrated_error(py, at, why, symbols),
    }
}

/// Why Sudoku Explainer gives no hint, as the exception to raise: `TimedOutError` where its work
/// budget ran out or nothing applies, else `ValueError`.
fn no_se_hint(py: Python<'_>, at: &impl std::fmt::Display, why: &sudokit::rate::se::RateError) -> PyErr {
    use sudokit::rate::se::RateError;
    let message = format!("{at}: no Sudoku Explainer hint: {}", why.hint_report());
    match why {
        RateError::BudgetExhausted { .. } | RateError::BeyondReach { .. } => timed_out_message(py, message),
        _ => bad_option(message),
    }
}

/// The step solver on the state of `obj`, for Sudoku Explainer's rater: a board it does not cover
/// is refused before the state and its solutions are checked, as by `se_path`.
fn se_solver(
    obj: &Bound<'_, PyAny>,
    pencil: bool,
    args: &ReadOptions,
) -> PyResult<(Solver, Position, Symbols)> {
    let py = obj.py();
    let start = state_of(obj, pencil, args)?;
    let (at, symbols) = (start.at, start.symbols);
    if let Some(why) = sudokit::rate::Unrated::of_rules(&start.rules) {
        return Err(unrated_error(py, at, &why, symbols));
    }
    Ok((start.solver(py, SolverOptions::default())?, at, symbols))
}

/// `hint(scale="se")`: the next step of Sudoku Explainer's path from the state of `obj`.
fn se_hint(
    obj: &Bound<'_, PyAny>,
    level: &str,
    hodoku_flags: bool,
    pencil: bool,
    args: &ReadOptions,
) -> PyResult<Option<Hint>> {
    use sudokit::rate::se;
    let py = obj.py();
    refuse_hodoku_flags(hodoku_flags)?;
    let (solver, at, symbols) = se_solver(obj, pencil, args)?;
    // Sudoku Explainer's chains split their searches over threads: on a pool of ours (see `on_pool`).
    let cancel = CancelFlag::new();
    let found = on_pool(py, None, &cancel, || se::hint(solver.state(), se_options(&cancel)))?;
    let hint = match found {
        Ok(Some(h)) => h,
        Ok(None) => return Ok(None),
        Err(why) => return Err(no_se_hint(py, &at, &why)),
    };
    let step = SeStep::from_library(&hint.step, symbols);
    let text = match level {
        "nudge" => hint.nudge(),
        "technique" => hint.technique(),
        _ => step.text.clone(),
    };
    Ok(Some(Hint {
        level: level.to_string(),
        text,
        technique: (level != "nudge").then(|| step.technique.clone()),
        difficulty: (level != "nudge").then_some(step.difficulty),
        step: (level == "step").then_some(HintStep::Se(step)),
    }))
}

/// The step of a hint: HoDoKu's or Sudoku Explainer's.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
enum HintStep {
    Hodoku(Step),
    Se(SeStep),
}

/// A hint: how much it tells (`level`), its `text`, and, from the `"technique"` level on, the
/// technique's name (and, on Sudoku Explainer's scale, its `difficulty`); at the `"step"` level the
/// whole `Step` (an `SeStep` on Sudoku Explainer's scale).
#[pyclass(module = "sudokit", frozen, eq)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Hint {
    /// `"nudge"`, `"technique"` or `"step"`.
    #[pyo3(get)]
    pub level: String,
    /// The hint as `sudokit hint` prints it.
    #[pyo3(get)]
    pub text: String,
    /// The technique's name (levels `"technique"` and `"step"`).
    #[pyo3(get)]
    pub technique: Option<String>,
    /// Sudoku Explainer's difficulty of the step (`scale="se"`, levels `"technique"` and `"step"`).
    #[pyo3(get)]
    pub difficulty: Option<f64>,
    /// The step (level `"step"`).
    step: Option<HintStep>,
}

#[pymethods]
impl Hint {
    /// The hint as `sudokit hint -o json` writes it after `index`, `status` and `puzzle`: `level` and
    /// `hint`, with `technique` (level technique) or `step` (level step).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mut v = json!({ "level": self.level, "hint": self.text });
        match (&self.step, &self.technique) {
            (Some(HintStep::Hodoku(s)), _) => v["step"] = s.json.clone(),
            (Some(HintStep::Se(s)), _) => v["step"] = s.json.clone(),
            (None, Some(t)) => {
                v["technique"] = json!(t);
                if let Some(d) = self.difficulty {
                    v["difficulty"] = json!(d);
                }
            }
            _ => {}
        }
        to_python(py, &v)
    }

    /// The whole step at level `"step"`: a `Step`, or an `SeStep` on Sudoku Explainer's scale.
    #[getter]
    fn step(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        Ok(match &self.step {
            None => None,
            Some(HintStep::Hodoku(s)) => Some(Py::new(py, s.clone())?.into_any()),
            Some(HintStep::Se(s)) => Some(Py::new(py, s.clone())?.into_any()),
        })
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        reduce(py, "Hint", self)
    }

    fn __repr__(&self) -> String {
        format!("Hint(level={:?}, text={:?})", self.level, self.text)
    }
}

puzzle_function! {
    /// The pencil marks of a puzzle after the simple techniques, as `sudokit candidates`: by default
    /// after the singles (Full House, Naked Single, Hidden Single) have been applied as far as they go;
    /// `techniques` and `exclude` choose others (`techniques=["fh"]` and `exclude=["fh"]`: the marks of
    /// the givens alone). `format` is `"grid"` (the boxed candidate grid `sudokit candidates` prints,
    /// a jigsaw's regions drawn with walls) or
    /// `"line"` (the 729-character line form: nine characters per cell, a digit or `.`). Arguments and
    /// exceptions as for `explain`.
    ///
    /// ```python
    /// >>> sudokit.candidates("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", format="line")[:9]
    /// '...4.....'
    /// ```
    signature = (*, format="grid", techniques=None, exclude=None, pencil=false);
    pub fn candidates(
        py,
        puzzle,
        keywords;
        format: &str,
        techniques: Option<Names>,
        exclude: Option<Names>,
        pencil: bool,
    ) -> PyResult<String> {
        let line = match format {
            "line" => true,
            "grid" => false,
            other => return Err(bad_option(format!("format={other:?}: expected 'grid' or 'line'"))),
        };
        let args = keywords.options()?;
        let options = if techniques.is_some() {
            solver_options(techniques, exclude, false)?
        } else {
            // By default the candidate grid is the one after singles, as `sudokit candidates` gives it.
            SolverOptions::only(&[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle])
                .exclude(&techniques_of(exclude)?)
        };
        let (mut solver, symbols) = solver_for(puzzle, pencil, &args, options)?;
        Ok(py.detach(move || {
            solver.by_ref().for_each(drop);
            let marks = solver.state().to_candidates();
            let board = solver.state().board();
            let mut text = if line { marks.to_line_form() } else { marks_grid_in(board, &marks, symbols) };
            while text.ends_with('\n') {
                text.pop();
            }
            text
        }))
    }
}

/// A puzzle's difficulty on both community scales (or on the one of `scale`), as `sudokit rate`
/// gives it.
///
/// `status` is that of the `sudokit rate -o json` record: `"ok"` (every scale asked for),
/// `"partial"` (one scale could not rate it; the other's values are there), or why it was not rated
/// at all: `"multiple"`, `"no_solution"`, `"invalid"`, `"unsupported"` (not classic 9×9),
/// `"timeout"`. `er`, `ep`, `ed` are Sudoku Explainer's ratings, `score` and `level` HoDoKu's
/// (`"easy"` to `"extreme"`), `hardest` Sudoku Explainer's name of the hardest step and `step_count`
/// the length of its path (HoDoKu's with `scale="hodoku"`); each `None` when not rated or not asked
/// for. On boards neither scale covers (other sizes, variant rules: status `"unsupported"`),
/// `hardest` and `step_count` are those of the human solver's path (HoDoKu's techniques, as
/// `explain`) where the puzzle has exactly one solution. `messages` are the lines `sudokit rate`
/// writes to stderr for this puzzle.
#[pyclass(module = "sudokit", frozen, eq)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// `"ok"`, `"partial"`, `"multiple"`, `"no_solution"`, `"invalid"`, `"unsupported"` or `"timeout"`.
    #[pyo3(get)]
    pub status: String,
    /// Sudoku Explainer's ER: the hardest step.
    #[pyo3(get)]
    pub er: Option<f64>,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    #[pyo3(get)]
    pub ep: Option<f64>,
    /// Sudoku Explainer's ED: the first step.
    #[pyo3(get)]
    pub ed: Option<f64>,
    /// HoDoKu's score.
    #[pyo3(get)]
    pub score: Option<u32>,
    /// HoDoKu's level.
    #[pyo3(get)]
    pub level: Option<String>,
    /// Sudoku Explainer's name of the hardest step (with `scale="hodoku"`, HoDoKu's; on other
    /// boards, the human solver's).
    #[pyo3(get)]
    pub hardest: Option<String>,
    /// The steps of Sudoku Explainer's path (with `scale="hodoku"`, of HoDoKu's; on other boards, of
    /// the human solver's).
    #[pyo3(get)]
    pub step_count: Option<usize>,
    /// Why a scale is missing, as the command line says it.
    #[pyo3(get)]
    pub messages: Vec<String>,
    /// The scales asked for: `"both"`, `"se"` or `"hodoku"`.
    #[pyo3(get)]
    pub scale: String,
    /// The line `sudokit rate --scale SCALE` prints for the values (`str()`, where there are any).
    line: String,
}

#[pymethods]
impl Rating {
    /// Whether every scale asked for rated the puzzle.
    #[getter]
    fn is_rated(&self) -> bool {
        self.status == "ok"
    }

    /// The rating as a `sudokit rate -o json` record without its `index` and `puzzle`: `status`,
    /// `er`, `ep`, `ed`, `hodoku_score`, `hodoku_level`, `hardest_technique`, `step_count`; only
    /// `status` for a puzzle that was not rated (and, on another board, nothing measured either).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if !self.has_values() {
            return to_python(py, &json!({ "status": self.status }));
        }
        let v = json!({
            "status": self.status, "er": self.er, "ep": self.ep, "ed": self.ed,
            "hodoku_score": self.score, "hodoku_level": self.level, "hardest_technique": self.hardest,
            "step_count": self.step_count,
        });
        to_python(py, &v)
    }

    /// The line `sudokit rate --scale SCALE` prints: `ER/EP/ED score level hardest`, the scale not
    /// asked for left out.
    fn __str__(&self) -> String {
        if !self.has_values() {
            // The marker `sudokit rate` prints: `!no solution` for `no_solution`.
            return format!("!{}", self.status.replace('_', " "));
        }
        self.line.clone()
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        reduce(py, "Rating", self)
    }

    fn __repr__(&self) -> String {
        format!("Rating({:?}, {:?})", self.status, self.__str__())
    }
}

impl Rating {
    /// Whether the record has values, as `sudokit rate`'s: a rating, or on another board the
    /// human solver's path.
    fn has_values(&self) -> bool {
        matches!(self.status.as_str(), "ok" | "partial") || self.step_count.is_some()
    }
}

/// The scales of `scale=` (`"both"`, `"se"` or `"hodoku"`), or `ValueError`.
pub fn scales_of(scale: &str) -> PyResult<Scales> {
    scale.parse().map_err(|e| bad_option(format!("scale={scale:?}: {e}")))
}

/// A rating value in tenths as the number the command line writes.
fn tenths(t: u16) -> f64 {
    f64::from(t) / 10.0
}

/// The rating of one puzzle as the command line reports it, `at` naming it in messages.
/// `path` is the human solver's path in brief where neither scale covers the board (see
/// [`sudokit::rate::rate_or_outline`]). `puzzle` is the puzzle rated, whose message says why it
/// has no solution where it has none (pencil marks have none: the solver's words say where).
pub fn rating_of(
    rated: &Result<Ratings, Unrated>,
    path: Option<&Result<Outline, Unrated>>,
    at: Position,
    scales: Scales,
    puzzle: Option<(&sudokit::Puzzle, Symbols)>,
) -> Rating {
    let mut r = Rating {
        status: String::new(),
        er: None,
        ep: None,
        ed: None,
        score: None,
        level: None,
        hardest: None,
        step_count: None,
        messages: Vec::new(),
        scale: scales.name().to_string(),
        line: String::new(),
    };
    let ratings = match rated {
        Ok(ratings) => ratings,
        Err(why) => {
            r.status = why.status().to_string();
            r.messages.push(format!(
                "{at}: {}",
                puzzle.map_or_else(|| why.message(), |(p, s)| why.message_for(p, s))
            ));
            match path {
                Some(Ok(o)) => {
                    (r.hardest, r.step_count) = (o.hardest.map(|t| t.name().to_string()), Some(o.steps));
                    r.line = rating_line(scales, None, None, r.hardest.as_deref());
                }
                Some(Err(e)) => r.messages.push(format!("{at}: {}", e.outline_message())),
                None => {}
            }
            return r;
        }
    };
    if let Some(s) = ratings.se_rating() {
        (r.er, r.ep, r.ed) =
            (Some(tenths(s.er_tenths)), Some(tenths(s.ep_tenths)), Some(tenths(s.ed_tenths)));
    }
    if let Some(h) = ratings.hodoku_rating() {
        (r.score, r.level) = (Some(h.score), Some(h.level.name().to_string()));
    }
    (r.hardest, r.step_count) = ratings.hardest_and_steps().unzip();
    r.line = rating_line(scales, ratings.se_rating(), ratings.hodoku_rating(), r.hardest.as_deref());
    r.messages = ratings.problems().iter().map(|m| format!("{at}: {m}")).collect();
    r.status = if ratings.is_complete() { "ok" } else { "partial" }.to_string();
    r
}

puzzle_function! {
    /// A puzzle's difficulty on Sudoku Explainer's scale (ER/EP/ED) and HoDoKu's (score and level),
    /// with the hardest technique, as `sudokit rate`.
    ///
    /// `puzzle` is read as by `solve`. Only a classic 9×9 puzzle with exactly one solution is rated.
    /// Like `check`, `rate` does not raise for a puzzle it can read: a puzzle it does not rate comes
    /// back with the status `sudokit rate -o json` gives it (`"multiple"`, `"no_solution"`, `"invalid"`,
    /// `"unsupported"`) and no values, and a puzzle only one scale can rate with `"partial"`; check
    /// `rating.status` (or `rating.is_rated`). Raises `ParseError` for a puzzle it cannot read.
    ///
    /// With `pencil=True`, `puzzle` is a pencil-mark grid (a Sukaku, or a grid part way through), read
    /// as by `explain(pencil=True)`, and the rest of its solution is rated from its candidates as they
    /// are, as `sudokit rate --pencil`: a cell of one candidate whose digit a peer still has is a
    /// naked single to place. Marks that contradict themselves give `"invalid"`.
    ///
    /// `scale="se"` or `scale="hodoku"` rates on that scale alone, as `sudokit rate --scale`: in a
    /// part of the time (each scale solves the puzzle its own way), the other scale's values `None`,
    /// and `hardest` and `step_count` of the scale's own path. Raises `ValueError` for another scale.
    ///
    /// ```python
    /// >>> r = sudokit.rate("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    /// >>> r.status, r.level
    /// ('ok', 'easy')
    /// >>> str(sudokit.rate(".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..", scale="hodoku"))
    /// '1302 hard XY-Wing'
    /// >>> sudokit.rate("." * 81).status
    /// 'multiple'
    /// >>> sudokit.rate("123456789" * 81, pencil=True).status
    /// 'multiple'
    /// ```
    signature = (*, pencil=false, scale="both");
    pub fn rate(py, puzzle, keywords; pencil: bool, scale: &str) -> PyResult<Rating> {
        let args = keywords.options()?;
        let scales = scales_of(scale)?;
        if pencil {
            let (read, at) = marks_of(puzzle, &args)?;
            let cancel = CancelFlag::new();
            let rate = || rate_pencil_on_with(read.board, &read.marks, scales, se_options(&cancel));
            let (rated, path) = on_pool(py, None, &cancel, rate)?;
            return Ok(rating_of(&rated, path.as_ref(), at, scales, None));
        }
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let cancel = CancelFlag::new();
        let (rated, path) = on_pool(py, None, &cancel, || rate_or_outline_with(&p, scales, se_options(&cancel)))?;
        Ok(rating_of(&rated, path.as_ref(), at, scales, Some((&p, symbols))))
    }
}

/// What `backdoors` returns: the size, and each backdoor's `(row, column, digit)` tuples.
type Backdoors = (Option<usize>, Vec<Vec<(usize, usize, u8)>>);

puzzle_function! {
    /// The backdoor size of a puzzle and every backdoor of that size, as `sudokit backdoor`: the
    /// fewest cells that, given their solution's digits, let naked and hidden singles solve the rest.
    /// `(size, backdoors)`: `size` is `0` when singles alone solve the puzzle and `None` when more
    /// than `max_size` cells are needed; each backdoor is a list of `(row, column, digit)` tuples
    /// (1-based), in cell order. Any board and rules.
    ///
    /// Raises `ParseError`, `InvalidPuzzleError`, `NoSolutionError` or `MultipleSolutionsError` for a
    /// puzzle without exactly one solution (a backdoor gives the solution's digits).
    ///
    /// ```python
    /// >>> size, doors = sudokit.backdoors("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
    /// >>> size, len(doors), doors[0]
    /// (2, 7, [(1, 3, 2), (5, 2, 6)])
    /// ```
    // The defaults as Python shows them (PyO3 writes `...` for any not a literal).
    #[pyo3(text_signature = "(puzzle, *, max_size=3, size=None, box=None, symbols=None, variant=None, regions=None, layout=None)")]
    signature = (*, max_size=Whole(3));
    pub fn backdoors(py, puzzle, keywords; max_size: Whole<usize>) -> PyResult<Backdoors> {
        let max_size = max_size.get();
        let args = keywords.options()?;
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let found = py
            .detach(|| sudokit::rate::backdoor::backdoors(&p, max_size))
            .map_err(|why| unrated(py, at, &why, &p, symbols))?;
        let shape = p.grid().shape();
        let tuple = |&(c, d): &(sudokit::Cell, sudokit::Digit)| (c.row(shape) + 1, c.col(shape) + 1, d.get());
        Ok((found.size, found.sets.iter().map(|set| set.iter().map(tuple).collect()).collect()))
    }
}

/// One step of Sudoku Explainer's path: `technique` (Sudoku Explainer's name), `difficulty` (as
/// `serate` rounds it), `text` (`"Pointing (2.6): 7 in r2c9,r3c9 => r4c9<>7"`), `placements` and
/// `eliminations` as `(row, column, digit)` tuples (1-based). `to_dict()` gives the step as `sudokit
/// explain --scale se -o json` writes it.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SeStep {
    /// Sudoku Explainer's name of the technique.
    #[pyo3(get)]
    pub technique: String,
    /// The difficulty, rounded as `serate` prints it.
    #[pyo3(get)]
    pub difficulty: f64,
    /// The step: technique, difficulty and result in forum notation.
    #[pyo3(get)]
    pub text: String,
    /// Cells solved: `(row, column, digit)`, 1-based.
    #[pyo3(get)]
    pub placements: Vec<(usize, usize, u8)>,
    /// Candidates removed: `(row, column, digit)`, 1-based.
    #[pyo3(get)]
    pub eliminations: Vec<(usize, usize, u8)>,
    /// The step as the command line's JSON.
    json: Value,
}

impl SeStep {
    /// The step, its text in `symbols` (the puzzle's), as the command line writes it.
    fn from_library(step: &sudokit::rate::se::SeStep, symbols: Symbols) -> SeStep {
        let tuple = |&(c, d): &(usize, u8)| (c / 9 + 1, c % 9 + 1, d);
        let text = step.text_in(symbols);
        let mut json = json!(step);
        json["text"] = text.clone().into();
        SeStep {
            technique: step.name.to_string(),
            difficulty: f64::from(step.difficulty_tenths()) / 10.0,
            text,
            placements: step.placement.iter().map(tuple).collect(),
            eliminations: step.removals.iter().map(tuple).collect(),
            json,
        }
    }
}

#[pymethods]
impl SeStep {
    /// The step as `sudokit explain --scale se -o json` writes it: `technique`, `difficulty`,
    /// `text`, the pattern's `digits` and `cells`, `chains` (a static chaining step's: `{"nodes":
    /// [{"cells", "digits"}], "links": ["weak", "strong", …]}`), `placements` and
    /// `eliminations` (`{"cell": "r4c9", "digit": 7}`).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.json)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        reduce(py, "SeStep", self)
    }

    fn __repr__(&self) -> String {
        format!("SeStep({:?})", self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<SeStep>().is_ok_and(|o| o.get().json == self.json)
    }
}

/// Sudoku Explainer's solution path of a puzzle, the steps behind ER/EP/ED: a sequence of
/// [`SeStep`]s, with `solved`, the rating (`er`, `ep`, `ed`, `hardest`; `None` where the path stops
/// short) and `stopped` (why it stopped short, as the command line says it; `None` when solved).
#[pyclass(module = "sudokit", frozen, eq, sequence)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SePath {
    steps: Vec<SeStep>,
    /// Whether the path solves the puzzle (`False`: the work budget stopped it).
    #[pyo3(get)]
    pub solved: bool,
    /// ER: the hardest step.
    #[pyo3(get)]
    pub er: Option<f64>,
    /// EP: the hardest step up to the first placement.
    #[pyo3(get)]
    pub ep: Option<f64>,
    /// ED: the first step.
    #[pyo3(get)]
    pub ed: Option<f64>,
    /// Sudoku Explainer's name of the hardest step.
    #[pyo3(get)]
    pub hardest: Option<String>,
    /// Why the path stops short of the solution.
    #[pyo3(get)]
    pub stopped: Option<String>,
    /// The command line's text and JSON.
    text: String,
    json: Value,
    /// The techniques counted, as `sudokit explain --scale se --summary -o json` lists them.
    summary: Value,
}

#[pymethods]
impl SePath {
    /// The steps, in order.
    #[getter]
    fn steps(&self) -> Vec<SeStep> {
        self.steps.clone()
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    /// A step by its index (negative from the end), or a list of the steps of a slice.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        step_item(py, &self.steps, key)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        iterate(py, &self.steps)
    }

    fn __reversed__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        iterate(py, &self.steps.iter().rev().cloned().collect::<Vec<_>>())
    }

    fn __contains__(&self, py: Python<'_>, step: &Bound<'_, PyAny>) -> PyResult<bool> {
        step_list(py, &self.steps)?.contains(step)
    }

    /// The index of the first step equal to `step` (within `start` to `stop`), as `list.index`.
    #[pyo3(signature = (step, start=0, stop=isize::MAX))]
    fn index(&self, py: Python<'_>, step: &Bound<'_, PyAny>, start: isize, stop: isize) -> PyResult<usize> {
        step_list(py, &self.steps)?.call_method1("index", (step, start, stop))?.extract()
    }

    /// How many steps are equal to `step`.
    fn count(&self, py: Python<'_>, step: &Bound<'_, PyAny>) -> PyResult<usize> {
        step_list(py, &self.steps)?.call_method1("count", (step,))?.extract()
    }

    /// How many steps use each technique at each difficulty, easiest first, as `sudokit explain
    /// --scale se --summary -o json` lists them: `[{"technique", "difficulty", "count"}]`.
    fn summary(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.summary)
    }

    /// The path as `sudokit explain --scale se -o json` writes it after `index`, `status` and
    /// `puzzle`: `solved`, `er`, `ep`, `ed`, `hardest`, `stopped` and `steps`.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.json)
    }

    /// The text `sudokit explain --scale se` prints: one numbered step per line, then how it ended.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    /// Pickling and copying (see [`crate::pickle`]).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        reduce(py, "SePath", self)
    }

    fn __repr__(&self) -> String {
        let end = match (&self.er, &self.hardest) {
            (Some(er), Some(hardest)) => format!("ER {er:.1}, {hardest}"),
            _ => "stopped".to_string(),
        };
        format!("SePath({} steps, {end})", self.steps.len())
    }
}

puzzle_function! {
    /// Sudoku Explainer's solution path of a puzzle, step by step: the steps behind the ER/EP/ED of
    /// `rate`, as `sudokit explain --scale se`.
    ///
    /// `puzzle` is read as by `solve`. Returns an `SePath`: a sequence of `SeStep`s (`technique`,
    /// `difficulty`, `text`, `placements`, `eliminations`) with `solved`, `er`, `ep`, `ed`, `hardest`
    /// and `stopped`; `path.to_dict()` is the record of `sudokit explain --scale se -o json` after its
    /// `index`, `status` and `puzzle`, `str(path)` its text. A path that Sudoku Explainer's work
    /// budget cuts short comes back with the steps taken, `solved` false and `stopped` saying why.
    /// Raises `ParseError` (unreadable puzzle), `InvalidPuzzleError`, `NoSolutionError`,
    /// `MultipleSolutionsError` (the rating needs exactly one solution), `ValueError` (not a classic
    /// 9x9 puzzle).
    ///
    /// ```python
    /// >>> xy = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."
    /// >>> path = sudokit.se_path(xy)
    /// >>> path.er, path.hardest, str(path[0])
    /// (4.2, 'XY-Wing', 'Hidden Single (1.2): r2c7=2')
    /// ```
    signature = (*, pencil=false);
    pub fn se_path(py, puzzle, keywords; pencil: bool) -> PyResult<SePath> {
        let args = keywords.options()?;
        if pencil {
            let (solver, at, symbols) = se_solver(puzzle, true, &args)?;
            let cancel = CancelFlag::new();
            let path =
                on_pool(py, None, &cancel, || sudokit::rate::se::explain_state(solver.state(), se_options(&cancel)))?;
            let path = path.map_err(|why| bad_option(format!("{at}: {why}")))?;
            return Ok(SePath::from_library(&path, symbols));
        }
        let (p, at, symbols) = read_puzzle_in(puzzle, &args)?;
        let cancel = CancelFlag::new();
        let path = on_pool(py, None, &cancel, || sudokit::rate::se_path_with(&p, se_options(&cancel)))?
            .map_err(|why| unrated(py, at, &why, &p, symbols))?;
        Ok(SePath::from_library(&path, symbols))
    }
}

impl SePath {
    /// The path, its steps' texts in `symbols` (the puzzle's), as the command line writes them.
    fn from_library(path: &sudokit::rate::se::SePath, symbols: Symbols) -> SePath {
        let rating = path.rating();
        let steps: Vec<SeStep> = path.steps.iter().map(|s| SeStep::from_library(s, symbols)).collect();
        let mut json = json!(path);
        json["steps"] = steps.iter().map(|s| s.json.clone()).collect();
        SePath {
            steps,
            solved: rating.is_some(),
            er: rating.as_ref().map(|r| tenths(r.er_tenths)),
            ep: rating.as_ref().map(|r| tenths(r.ep_tenths)),
            ed: rating.as_ref().map(|r| tenths(r.ed_tenths)),
            hardest: rating.map(|r| r.hardest),
            stopped: path.stopped.as_ref().map(sudokit::rate::se::RateError::report),
            text: path.text_in(symbols),
            json,
            summary: json!(sudokit::rate::se_counts(&path.steps)),
        }
    }
}
