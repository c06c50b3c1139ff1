//! `sudokit explain`, `sudokit hint` and `sudokit candidates`: the human-style step solver
//! (`sudokit::human`) on every puzzle of the inputs, or, with `--pencil`, on pencil-mark grids (the
//! 729-character line form, one per line, or boxed candidate grids separated by blank lines).

use std::path::PathBuf;
use std::sync::LazyLock;
use std::time::Instant;

use clap::{Args, ValueEnum};
use sudokit::batch::Job;
use sudokit::format::marks_grid_in;
use sudokit::human::{HumanError, PencilMarks, Solver, SolverOptions, State, Step, Technique, Techniques};
use sudokit::rate::{self, se, se_path, Unrated};
use sudokit::{Board, Puzzle, Shape, Symbols};

use super::{failed, puzzle_fields, unread_name, unreadable};
use crate::args::{InputArgs, RunArgs};
use crate::record::{extended, Columns, Fields, Machine};
use crate::report::{Kind, Outcome, Reporter, Status};

/// Output of the human-solving commands.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HumanFormat {
    /// Readable text, one step per line.
    #[default]
    Text,
    /// One JSON object per puzzle, on one line: `index`, `status` and `puzzle` first, as every
    /// command's records.
    Json,
    /// CSV, for `explain --summary`: a header, then one row per puzzle: `index`, `status`,
    /// `puzzle` (`pencil` with `--pencil`), `solved`, `step_count`, `score`, `level` (with
    /// `--scale se`: `er`, `ep`, `ed`, `hardest`), then the steps of each technique, one column per
    /// technique by name; with `--pencil`, where the first record may carry rules (a JSON record,
    /// or such a CSV), `box`, `variants`, `regions` and `cages` last, each record's own.
    Csv,
}

/// Flags the three human-solving commands share.
#[derive(Args, Debug)]
pub struct HumanArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Output: `text`, `json`, or `csv` for `explain --summary` [default: text].
    #[arg(long = "output", short = 'o', value_enum, default_value_t = HumanFormat::Text)]
    pub format: HumanFormat,
    /// Use only these techniques (names, library codes, short names or families such as "Nice
    /// Loop" or "Unique Rectangle", comma-separated) [default: HoDoKu's default set, brute force
    /// last].
    #[arg(long, value_delimiter = ',', value_name = "TECHNIQUE")]
    pub techniques: Vec<Techniques>,
    /// Never use these techniques (comma-separated, families too); `--exclude bf` stops where logic
    /// ends instead of guessing.
    #[arg(long, value_delimiter = ',', value_name = "TECHNIQUE")]
    pub exclude: Vec<Techniques>,
    /// Apply every step of the technique found at once before easier techniques are tried again.
    #[arg(long)]
    pub all_at_once: bool,
    /// Read pencil-mark grids (729-character lines, or boxed candidate grids, each ended by a blank
    /// line or the border under it) instead of puzzles, or the JSON records of these commands, one
    /// per line (their `pencil`, else the `candidates` of `candidates -o json`), or their CSV (a
    /// row under a header with a `pencil` column), or lines of HoDoKu's library format (its grid as
    /// copied: givens, placed cells, deleted candidates). A record's own rules (`variants`,
    /// `regions`, `cages`, `box`) apply to its marks, else `--variant`. A boxed grid's digits are
    /// in `--symbols` (without it, a 16×16 grid with a `0` in its cells and no `G` is hex).
    #[arg(long)]
    pub pencil: bool,
}

impl HumanArgs {
    /// Refuses `-o csv`, which only `explain --summary` writes.
    pub fn refuse_csv(&self, command: &str) -> anyhow::Result<()> {
        if self.format == HumanFormat::Csv {
            anyhow::bail!("{command}: -o csv is for explain --summary only; use -o json");
        }
        Ok(())
    }

    /// The solver's options; `all_steps` for `hint --all`, whose default set is HoDoKu's list of
    /// all steps.
    fn options(&self, all_steps: bool) -> SolverOptions {
        let base = if self.techniques.is_empty() {
            if all_steps {
                SolverOptions::all_steps()
            } else {
                SolverOptions::default()
            }
        } else {
            SolverOptions::only(&self.only())
        };
        SolverOptions { all_at_once: self.all_at_once, ..base.exclude(&self.excluded()) }
    }

    /// The techniques `--techniques` names, a family's members in its place.
    pub fn only(&self) -> Vec<Technique> {
        Techniques::all_of(&self.techniques)
    }

    /// The techniques `--exclude` names, a family's members in its place.
    pub fn excluded(&self) -> Vec<Technique> {
        Techniques::all_of(&self.exclude)
    }
}

/// Whose solution path `explain` shows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scale {
    /// HoDoKu's techniques and order.
    #[default]
    Hodoku,
    /// Sudoku Explainer's techniques and order, each step with its difficulty (classic 9×9 puzzles
    /// with one solution); `explain` ends with ER/EP/ED.
    Se,
}

/// `sudokit explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub human: HumanArgs,
    /// Print the candidate grid before each step.
    #[arg(long)]
    pub grids: bool,
    /// Instead of the steps, how many steps use each technique, easiest first (`40 x Naked Single
    /// (4 each)` with HoDoKu's base score; `26 x Hidden Single (1.2)` with `--scale se`), then
    /// how the path ended, with HoDoKu's score and level where it solves a classic 9×9 puzzle.
    /// `-o csv` gives one row per puzzle with a column per technique.
    #[arg(long, conflicts_with = "grids")]
    pub summary: bool,
    /// Whose path: `hodoku`, or `se` for Sudoku Explainer's, the steps that make up ER/EP/ED (from
    /// a pencil-mark grid, the rest of the path and its rating from there) [default: hodoku].
    #[arg(long, value_enum, default_value_t = Scale::Hodoku)]
    pub scale: Scale,
}

impl ExplainArgs {
    /// The flags that only HoDoKu's path takes, refused with `--scale se`, and CSV without
    /// `--summary`.
    pub fn check_scale(&self) -> anyhow::Result<()> {
        refuse_for_se("explain", self.scale, &self.human, &[("--grids", self.grids)])?;
        if self.human.format == HumanFormat::Csv && !self.summary {
            anyhow::bail!(
                "explain: -o csv needs --summary (one column per technique); use -o json for the steps"
            );
        }
        Ok(())
    }
}

/// Refuses, with `--scale se`, the flags of HoDoKu's solver that `command` has (`others`, and the
/// technique and time flags every human-solving command has).
fn refuse_for_se(command: &str, scale: Scale, h: &HumanArgs, others: &[(&str, bool)]) -> anyhow::Result<()> {
    let hodoku_only = [
        ("--techniques", !h.techniques.is_empty()),
        ("--exclude", !h.exclude.is_empty()),
        ("--all-at-once", h.all_at_once),
        // As for `rate`: the path runs to the end or to its own work budget.
        ("--timeout", h.run.timeout.is_some()),
    ];
    let given: Vec<&str> =
        hodoku_only.iter().chain(others).filter(|(_, on)| *on).map(|(name, _)| *name).collect();
    if scale == Scale::Se && !given.is_empty() {
        anyhow::bail!(
            "{command} --scale se does not take {} (Sudoku Explainer's path has its own techniques, \
             and stops at its own work budget)",
            given.join(", ")
        );
    }
    Ok(())
}

/// How much `hint` tells.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    /// Where to look: the houses or cells of the next step.
    Nudge,
    /// Which technique applies.
    Technique,
    /// The whole step.
    #[default]
    Step,
}

/// `sudokit hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub human: HumanArgs,
    /// How much to tell [default: step].
    #[arg(long, value_enum, default_value_t = Level::Step)]
    pub level: Level,
    /// Whose next step: `hodoku`, or `se` for Sudoku Explainer's, with its difficulty (classic
    /// 9×9 grids with one solution) [default: hodoku].
    #[arg(long, value_enum, default_value_t = Scale::Hodoku)]
    pub scale: Scale,
    /// Every step the allowed techniques find now, as HoDoKu's "All Steps" lists them: one line
    /// each, technique by technique in the solver's order, then how many (in JSON, `steps`);
    /// blank lines between puzzles. Without `--techniques`, HoDoKu's default set with Death
    /// Blossom, without forcing chains and nets. With `--scale se`, what Sudoku Explainer's "Get
    /// all hints" lists: its techniques before the chains, else its first group of chains that
    /// has any.
    #[arg(long, conflicts_with = "level")]
    pub all: bool,
}

impl HintArgs {
    /// The flags that only HoDoKu's solver takes, refused with `--scale se`, and CSV.
    pub fn check_scale(&self) -> anyhow::Result<()> {
        refuse_for_se("hint", self.scale, &self.human, &[])?;
        self.human.refuse_csv("hint")
    }
}

/// `sudokit candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub human: HumanArgs,
}

/// What to do with each puzzle.
#[derive(Clone, Copy)]
pub enum Mode<'a> {
    Explain(&'a ExplainArgs),
    Hint(&'a HintArgs),
    Candidates(&'a CandidatesArgs),
}

impl Mode<'_> {
    /// Whether its records span lines, and are separated by a blank line: text, except single
    /// hints.
    fn multiline(&self) -> bool {
        self.args().format == HumanFormat::Text && !matches!(self, Mode::Hint(HintArgs { all: false, .. }))
    }

    fn args(&self) -> &HumanArgs {
        match self {
            Mode::Explain(a) => &a.human,
            Mode::Hint(a) => &a.human,
            Mode::Candidates(a) => &a.human,
        }
    }
}

/// One puzzle of a bulk run.
pub fn process(mode: Mode<'_>, job: &Job) -> Outcome {
    let csv = csv_columns(mode, false).map(|columns| super::csv_columns(job, columns));
    Outcome { header: csv, ..process_puzzle(mode, job, csv) }
}

/// The CSV columns of `explain --summary -o csv` where `mode` writes them, the input's column
/// named `pencil` for pencil marks, else `puzzle`: the path's ending and rating, then one column
/// per technique, in the order of [`Technique::ALL`] (Sudoku Explainer's path: of
/// [`se::technique_names`]), as Python's `explain_batch` has its columns.
fn csv_columns(mode: Mode<'_>, pencil: bool) -> Option<Columns> {
    fn columns(input: &'static str, se: bool) -> Vec<&'static str> {
        let mut c = vec!["index", "status", input, "solved", "step_count"];
        if se {
            c.extend(["er", "ep", "ed", "hardest"]);
            c.extend(se::technique_names());
        } else {
            c.extend(["score", "level"]);
            c.extend(Technique::ALL.iter().map(|t| t.name()));
        }
        c
    }
    static PUZZLE: LazyLock<Vec<&'static str>> = LazyLock::new(|| columns("puzzle", false));
    static PENCIL: LazyLock<Vec<&'static str>> = LazyLock::new(|| columns("pencil", false));
    static SE_PUZZLE: LazyLock<Vec<&'static str>> = LazyLock::new(|| columns("puzzle", true));
    static SE_PENCIL: LazyLock<Vec<&'static str>> = LazyLock::new(|| columns("pencil", true));
    if mode.args().format != HumanFormat::Csv {
        return None;
    }
    let se = matches!(mode, Mode::Explain(ExplainArgs { scale: Scale::Se, .. }));
    Some(match (se, pencil) {
        (false, false) => PUZZLE.as_slice(),
        (false, true) => PENCIL.as_slice(),
        (true, false) => SE_PUZZLE.as_slice(),
        (true, true) => SE_PENCIL.as_slice(),
    })
}

/// [`process`] but for the CSV header.
fn process_puzzle(mode: Mode<'_>, job: &Job, csv: Option<Columns>) -> Outcome {
    let json = mode.args().format == HumanFormat::Json;
    // Text records have no fields: the puzzle is not formatted for them.
    let head = if json || csv.is_some() { puzzle_fields(job, "ok") } else { Fields::default() };
    let rec = Rec { json, csv, head, symbols: job.notation.symbols };
    let p = match &job.puzzle {
        Ok(p) => p,
        // Separated from the records around it like them.
        Err(e) => {
            return Outcome { multiline: mode.multiline(), ..unreadable(e, rec.marker(unread_name(e))) }
        }
    };
    if let Mode::Explain(a @ ExplainArgs { scale: Scale::Se, .. }) = mode {
        return se_explain(p, &rec, &job.position.to_string(), a.summary);
    }
    if let Some(refused) = se_unsupported(mode, p.board(), &rec, &job.position.to_string()) {
        return refused;
    }
    // Givens that break the rules are named as every command names them, each clash, before the
    // state would name its first one.
    if let Some(message) = super::broken_rules(p, job) {
        return Outcome {
            multiline: mode.multiline(),
            ..failed(Kind::Invalid, rec.marker("invalid"), message)
        };
    }
    let state = State::new(p.shared_board(), p.grid());
    // Why there is no solution, where a short argument shows it, as `check` says it.
    run_state(mode, state, &rec, job.position.to_string(), &|| super::why_suffix(p, job.notation.symbols))
}

/// How one input's record is written: text, or a JSON object that starts as every command's `-o
/// json` record does (the input's number, its status, then the puzzle with a variant's rules, or
/// the pencil marks) and goes on with the command's own fields, or a CSV row of the same first
/// fields (`explain --summary -o csv`). So a JSON or CSV reader tells a puzzle that fails from one
/// that does not, and the record reads back as its puzzle.
struct Rec {
    json: bool,
    /// The CSV columns, when the record is a CSV row (`explain --summary -o csv`).
    csv: Option<Columns>,
    /// The record's first fields (in JSON and CSV), its status `ok` until told otherwise.
    head: Fields,
    /// The symbols the input wrote its digits in: the answers' candidate grids and steps are
    /// written in the same (hex in, hex out).
    symbols: Symbols,
}

impl Rec {
    /// Whether the record is text (neither JSON nor CSV), whose multi-line records a blank line
    /// separates.
    fn is_text(&self) -> bool {
        !self.json && self.csv.is_none()
    }

    /// The record of an input without an answer: in JSON and CSV its first fields with this
    /// `status` (in CSV the other columns empty); in text the status's marker, as every command's
    /// (`!no solution`).
    fn marker(&self, status: &str) -> Vec<u8> {
        if let Some(columns) = self.csv {
            self.head.clone().set("status", status).to_bytes(Machine::Csv, columns)
        } else if self.json {
            self.object(status, serde_json::Value::Null)
        } else {
            super::status_marker(sudokit::OutputFormat::Line, status)
        }
    }

    /// A JSON record: the first fields with `status`, then the fields of `body` (an object; none
    /// for anything else).
    fn object(&self, status: &str, body: serde_json::Value) -> Vec<u8> {
        let own = match body {
            serde_json::Value::Object(own) => own,
            _ => serde_json::Map::new(),
        };
        self.head.clone().set("status", status).to_json_with(&own)
    }

    /// The JSON form of a step, its text in the input's symbols.
    fn step_json(&self, step: &Step) -> serde_json::Value {
        self.in_symbols(serde_json::json!(step), |symbols| step.text_in(symbols))
    }

    /// The JSON form of a step of Sudoku Explainer's, its text in the input's symbols.
    fn se_step_json(&self, step: &se::SeStep) -> serde_json::Value {
        self.in_symbols(serde_json::json!(step), |symbols| step.text_in(symbols))
    }

    /// A step's JSON form `v` with its `text` as `text` writes it in the input's symbols.
    fn in_symbols(
        &self,
        mut v: serde_json::Value,
        text: impl FnOnce(Symbols) -> String,
    ) -> serde_json::Value {
        if self.symbols != Symbols::Standard {
            v["text"] = text(self.symbols).into();
        }
        v
    }

    /// The JSON form of steps, as [`Rec::step_json`] writes each.
    fn steps_json(&self, steps: &[Step]) -> serde_json::Value {
        steps.iter().map(|s| self.step_json(s)).collect()
    }

    /// `text` as it is, or `body` as the JSON record of an answer.
    fn answer(&self, text: impl FnOnce() -> String, body: impl FnOnce() -> serde_json::Value) -> Vec<u8> {
        if self.json {
            self.object("ok", body())
        } else {
            text().into_bytes()
        }
    }
}

/// `--scale se` on a board Sudoku Explainer does not cover: refused before the puzzle is checked,
/// as by `rate`.
fn se_unsupported(mode: Mode<'_>, rules: &Board, rec: &Rec, at: &str) -> Option<Outcome> {
    let se = match mode {
        Mode::Hint(a) => a.scale == Scale::Se,
        Mode::Explain(a) => a.scale == Scale::Se,
        Mode::Candidates(_) => false,
    };
    let why = Unrated::of_rules(rules).filter(|_| se)?;
    Some(failed(Kind::Unsupported, rec.marker(why.status()), format!("{at}: {}", why.message())))
}

/// Runs the command on one state, `at` naming the record in messages; `why_none` is what ends the
/// message of a state with no solution (`: ` and why, or nothing).
fn run_state(
    mode: Mode<'_>,
    state: Result<State, HumanError>,
    rec: &Rec,
    at: String,
    why_none: &dyn Fn() -> String,
) -> Outcome {
    let args = mode.args();
    // `--timeout` counts from the start of the record, the uniqueness check included.
    let deadline = args.run.timeout.map(|t| Instant::now() + t);
    let multiline = mode.multiline();
    let fail = |e: &HumanError| {
        let because = if matches!(e, HumanError::NoSolution) { why_none() } else { String::new() };
        let (kind, reason) = match e {
            HumanError::NoSolution => (Kind::NoSolution, "no_solution"),
            HumanError::MultipleSolutions => (Kind::Ambiguous, "multiple"),
            HumanError::Conflict(_) => (Kind::Invalid, "invalid"),
            HumanError::Undecided => (Kind::TimedOut, "timeout"),
            _ => (Kind::Invalid, "invalid"),
        };
        let message = format!("{at}: {}{because}", e.text_in(rec.symbols));
        Outcome { multiline, ..failed(kind, rec.marker(reason), message) }
    };
    let state = match state {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let mut options = args.options(matches!(mode, Mode::Hint(HintArgs { all: true, .. })));
    if matches!(mode, Mode::Candidates(_)) && args.techniques.is_empty() {
        // By default the candidate grid is the one after singles.
        options =
            SolverOptions::only(&[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle])
                .exclude(&args.excluded());
    }
    let solver = match Solver::new(state, options) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let mut solver = Timed { solver, deadline, steps: 0, timed_out: false };
    let out = match mode {
        Mode::Explain(a) if a.scale == Scale::Se => {
            return se_explain_state(solver.solver.state(), rec, &at, a.summary)
        }
        Mode::Explain(a) if a.summary => explain_summary(&mut solver, rec),
        Mode::Explain(a) => explain(&mut solver, a.grids, rec),
        Mode::Hint(a) if a.scale == Scale::Se && a.all => {
            return se_all_hints(solver.solver.state(), rec, &at, multiline)
        }
        Mode::Hint(a) if a.scale == Scale::Se => return se_hint(solver.solver.state(), a.level, rec, &at),
        Mode::Hint(a) if a.all => all_hints(&solver.solver, rec),
        Mode::Hint(a) => hint(&solver.solver, a.level, rec),
        Mode::Candidates(_) => {
            while solver.next().is_some() {}
            let solver = &solver.solver;
            let marks = solver.state().to_candidates();
            rec.answer(
                || format!("{}\n", marks_grid_in(solver.state().board(), &marks, rec.symbols)),
                || serde_json::json!({ "candidates": marks.to_line_form(), "solved": solver.is_solved() }),
            )
        }
    };
    if solver.timed_out {
        let message = format!("{at}: timed out after {} steps", solver.steps);
        return Outcome { multiline, ..failed(Kind::TimedOut, rec.marker("timeout"), message) };
    }
    Outcome { out, multiline, ..Default::default() }
}

/// A solver that stops at a deadline (`--timeout`), between steps: a step under way is finished.
struct Timed {
    solver: Solver,
    deadline: Option<Instant>,
    /// The steps taken.
    steps: usize,
    /// Whether the deadline stopped it.
    timed_out: bool,
}

impl Timed {
    /// The next step, as [`Solver::next`], or `None` once the deadline has passed.
    fn next(&mut self) -> Option<sudokit::human::Step> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
            return None;
        }
        let step = self.solver.next();
        self.steps += usize::from(step.is_some());
        step
    }
}

fn explain(timed: &mut Timed, grids: bool, rec: &Rec) -> Vec<u8> {
    let json = rec.json;
    let mut text = String::new();
    let mut steps = Vec::new();
    let mut boards = Vec::new();
    loop {
        let before = grids.then(|| timed.solver.state().to_candidates());
        let Some(step) = timed.next() else { break };
        let solver = &timed.solver;
        if json {
            if let Some(b) = before {
                boards.push(b.to_line_form());
            }
            steps.push(step);
        } else {
            if let Some(b) = before {
                text.push_str(&marks_grid_in(solver.state().board(), &b, rec.symbols));
                text.push('\n');
            }
            text.push_str(&format!("{}. {}\n", steps.len() + 1, step.text_in(rec.symbols)));
            steps.push(step);
        }
    }
    let solver = &timed.solver;
    let solved = solver.is_solved();
    if json {
        let mut v = serde_json::json!({ "solved": solved, "steps": rec.steps_json(&steps) });
        if grids {
            v["grids"] = serde_json::json!(boards);
        }
        return rec.object("ok", v);
    }
    if solved {
        text.push_str(&format!("solved in {} steps\n", steps.len()));
    } else {
        text.push_str(&stuck_line(solver, steps.len()));
        text.push('\n');
    }
    text.into_bytes()
}

/// `explain --scale se` on one puzzle: Sudoku Explainer's path (or, with `summary`, its techniques
/// counted), and its ER/EP/ED.
fn se_explain(p: &Puzzle, rec: &Rec, at: &str, summary: bool) -> Outcome {
    match se_path(p) {
        Ok(path) => se_path_outcome(&path, rec, at, summary),
        Err(why) => {
            let kind = super::rate::unrated_kind(&why);
            let out = rec.marker(why.status());
            let message = format!("{at}: {}", why.message_for(p, rec.symbols));
            Outcome { multiline: rec.is_text(), ..failed(kind, out, message) }
        }
    }
}

/// `explain --scale se --pencil` on a state whose one solution the solver has checked: the rest of
/// Sudoku Explainer's path from there.
fn se_explain_state(state: &State, rec: &Rec, at: &str, summary: bool) -> Outcome {
    match se::explain_state(state, crate::interrupt::se_options()) {
        Ok(path) => se_path_outcome(&path, rec, at, summary),
        Err(why) => Outcome { multiline: rec.is_text(), ..se_refused(&why, rec, format!("{at}: {why}")) },
    }
}

/// The record of a Sudoku Explainer path, and its message where it stops short.
fn se_path_outcome(path: &se::SePath, rec: &Rec, at: &str, summary: bool) -> Outcome {
    // A path its budget stopped keeps the steps it took, under the status of a stop.
    let status = if path.stopped.is_some() { "timeout" } else { "ok" };
    let out = match (rec.csv, rec.json, summary) {
        (Some(columns), _, _) => se_summary_row(path, rec, status, columns),
        (None, true, false) => {
            let mut v = serde_json::json!(path);
            v["steps"] = path.steps.iter().map(|s| rec.se_step_json(s)).collect();
            rec.object(status, v)
        }
        (None, false, false) => format!("{}\n", path.text_in(rec.symbols)).into_bytes(),
        (None, true, true) => {
            let mut v = serde_json::json!(path);
            if let Some(o) = v.as_object_mut() {
                o.remove("steps");
                o.insert("step_count".into(), path.steps.len().into());
                o.insert("summary".into(), serde_json::json!(rate::se_counts(&path.steps)));
            }
            rec.object(status, v)
        }
        (None, false, true) => counted_text(&rate::se_counts(&path.steps), &path.ending()).into_bytes(),
    };
    let outcome = match &path.stopped {
        // Not rated: counted and reported as `rate` does a puzzle its budget stopped.
        Some(why) => failed(Kind::TimedOut, Vec::new(), format!("{at}: {}", why.report())),
        None => Outcome::default(),
    };
    Outcome { out, multiline: rec.is_text(), ..outcome }
}

/// The CSV row of `explain --scale se --summary -o csv`: how the path ended, its rating where it
/// solves the puzzle, and the steps of each of Sudoku Explainer's techniques.
fn se_summary_row(path: &se::SePath, rec: &Rec, status: &str, columns: Columns) -> Vec<u8> {
    use super::rate::tenths;
    let mut f = rec.head.clone().set("status", status);
    f = f.set("solved", path.stopped.is_none()).set("step_count", path.steps.len());
    if let Some(r) = path.rating() {
        f = f.set("er", tenths(r.er_tenths)).set("ep", tenths(r.ep_tenths));
        f = f.set("ed", tenths(r.ed_tenths)).set("hardest", r.hardest);
    }
    for (name, n) in se::technique_names().iter().copied().zip(rate::se_technique_columns(&path.steps)) {
        f = f.set(name, n);
    }
    f.to_bytes(Machine::Csv, columns)
}

/// `explain --summary` (HoDoKu's path): its techniques counted, then how it ended, with HoDoKu's
/// score and level where it solves a classic 9×9 puzzle (the scale `rate` gives).
fn explain_summary(timed: &mut Timed, rec: &Rec) -> Vec<u8> {
    let steps: Vec<_> = std::iter::from_fn(|| timed.next()).collect();
    let solver = &timed.solver;
    let counts = rate::technique_counts(&steps);
    let solved = solver.is_solved();
    let rated = solved && Unrated::of_rules(solver.state().board()).is_none();
    let rating = rated.then(|| rate::hodoku::rate_steps(&steps));
    if let Some(columns) = rec.csv {
        let mut f = rec.head.clone().set("solved", solved).set("step_count", steps.len());
        if let Some(r) = &rating {
            f = f.set("score", r.score).set("level", r.level.name());
        }
        for (t, n) in Technique::ALL.iter().zip(rate::technique_columns(&steps)) {
            f = f.set(t.name(), n);
        }
        return f.to_bytes(Machine::Csv, columns);
    }
    if rec.json {
        let mut v = serde_json::json!({ "solved": solved, "step_count": steps.len(), "summary": counts });
        if let Some(r) = &rating {
            v["score"] = r.score.into();
            v["level"] = r.level.name().into();
        }
        return rec.object("ok", v);
    }
    let ending = match &rating {
        Some(r) => format!("solved in {} steps: score {} ({})", steps.len(), r.score, r.level),
        None if solved => format!("solved in {} steps", steps.len()),
        None => stuck_line(solver, steps.len()),
    };
    counted_text(&counts, &ending).into_bytes()
}

/// The lines of a summary: one per count, then `ending`.
fn counted_text<T: std::fmt::Display>(counts: &[T], ending: &str) -> String {
    let mut text: String = counts.iter().map(|c| format!("{c}\n")).collect();
    text.push_str(ending);
    text.push('\n');
    text
}

/// The last line of a path that the allowed techniques leave unsolved.
fn stuck_line(solver: &Solver, steps: usize) -> String {
    format!(
        "stuck after {steps} steps: no allowed technique applies (pencil marks: {})",
        solver.state().to_candidates().to_line_form()
    )
}

fn hint(solver: &Solver, level: Level, rec: &Rec) -> Vec<u8> {
    let Some(step) = solver.peek() else {
        return no_hint(solver.state(), rec);
    };
    let text = match level {
        Level::Nudge => step.nudge(),
        Level::Technique => format!("Try {}", step.technique),
        Level::Step => step.text_in(rec.symbols),
    };
    hint_record(level, text, rec, |v| {
        if level == Level::Step {
            v["step"] = rec.step_json(&step);
        } else if level == Level::Technique {
            v["technique"] = serde_json::json!(step.technique.name());
        }
    })
}

/// `hint --all`: every step the allowed techniques find now, or the record of a state without one.
fn all_hints(solver: &Solver, rec: &Rec) -> Vec<u8> {
    let steps = solver.all_steps();
    if steps.is_empty() {
        return no_hint(solver.state(), rec);
    }
    let texts: Vec<String> = steps.iter().map(|s| s.text_in(rec.symbols)).collect();
    steps_record(&texts, rec, || rec.steps_json(&steps))
}

/// `hint --all --scale se`: every step Sudoku Explainer's "Get all hints" lists now.
fn se_all_hints(state: &State, rec: &Rec, at: &str, multiline: bool) -> Outcome {
    let out = match se::all_hints(state, crate::interrupt::se_options()) {
        Ok(steps) if steps.is_empty() => no_hint(state, rec),
        Ok(steps) => {
            let texts: Vec<String> = steps.iter().map(|s| s.text_in(rec.symbols)).collect();
            steps_record(&texts, rec, || steps.iter().map(|s| rec.se_step_json(s)).collect())
        }
        Err(why) => {
            let message = format!("{at}: no Sudoku Explainer hint: {}", why.hint_report());
            return Outcome { multiline, ..se_refused(&why, rec, message) };
        }
    };
    Outcome { out, multiline, ..Default::default() }
}

/// The record of a list of steps: one line each, then how many; in JSON, `steps`.
fn steps_record<T: std::fmt::Display>(
    steps: &[T],
    rec: &Rec,
    json: impl FnOnce() -> serde_json::Value,
) -> Vec<u8> {
    let text = || {
        let mut text: String = steps.iter().map(|s| format!("{s}\n")).collect();
        let n = steps.len();
        text.push_str(&format!("{n} step{}\n", if n == 1 { "" } else { "s" }));
        text
    };
    rec.answer(text, || serde_json::json!({ "steps": json() }))
}

/// A hint's record: its text, or the JSON object of its `level` and `hint`, with what `more` adds
/// for the level (the step, or the technique).
fn hint_record(level: Level, text: String, rec: &Rec, more: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    if !rec.json {
        return format!("{text}\n").into_bytes();
    }
    let mut v = serde_json::json!({ "level": format!("{level:?}").to_lowercase(), "hint": text });
    more(&mut v);
    rec.object("ok", v)
}

/// The record of a state without a next step: solved, or stuck where no allowed technique applies.
fn no_hint(state: &State, rec: &Rec) -> Vec<u8> {
    let solved = state.is_solved();
    let text = || {
        if solved {
            "solved\n".into()
        } else {
            let marks = state.to_candidates().to_line_form();
            format!("stuck: no allowed technique applies (pencil marks: {marks})\n")
        }
    };
    rec.answer(text, || serde_json::json!({ "hint": null, "solved": solved }))
}

/// The marker record of a state Sudoku Explainer's rater gives nothing for, with `message`.
fn se_refused(why: &se::RateError, rec: &Rec, message: String) -> Outcome {
    let (kind, reason) = match why {
        se::RateError::NotClassic { .. } | se::RateError::VariantRules => (Kind::Unsupported, "unsupported"),
        se::RateError::Multiple => (Kind::Ambiguous, "multiple"),
        se::RateError::Invalid(_) => (Kind::Invalid, "invalid"),
        // Its work budget ran out, or not even the deepest chains apply.
        _ => (Kind::TimedOut, "timeout"),
    };
    failed(kind, rec.marker(reason), message)
}

/// `hint --scale se` on a state whose one solution the solver has checked: the next step of
/// Sudoku Explainer's path, told at `level`.
fn se_hint(state: &State, level: Level, rec: &Rec, at: &str) -> Outcome {
    let multiline = false;
    let found = match se::hint(state, crate::interrupt::se_options()) {
        Ok(found) => found,
        Err(why) => {
            let message = format!("{at}: no Sudoku Explainer hint: {}", why.hint_report());
            return se_refused(&why, rec, message);
        }
    };
    let Some(h) = found else {
        return Outcome { out: no_hint(state, rec), multiline, ..Default::default() };
    };
    let text = match level {
        Level::Nudge => h.nudge(),
        Level::Technique => h.technique(),
        Level::Step => h.step.text_in(rec.symbols),
    };
    let out = hint_record(level, text, rec, |v| {
        if level == Level::Step {
            v["step"] = rec.se_step_json(&h.step);
        } else if level == Level::Technique {
            v["technique"] = serde_json::json!(h.step.name);
            v["difficulty"] = serde_json::json!(f64::from(h.step.difficulty_tenths()) / 10.0);
        }
    });
    Outcome { out, multiline, ..Default::default() }
}

/// `--pencil`: runs the command on every pencil-mark grid of the inputs, one record per grid.
pub fn run_pencil(mode: Mode<'_>, files: &[PathBuf]) -> anyhow::Result<Reporter> {
    // `--box` sets the boxes of the marks of its side, as it does for puzzles.
    let boxes = mode.args().input.shape()?;
    crate::pencil::run(files, mode.args().run.threads, |r, input| pencil_record(mode, r, input, boxes))
}

/// A pencil-mark record, and which input it is in (in a run over several).
fn pencil_record(
    mode: Mode<'_>,
    r: &crate::pencil::Record,
    input: Option<&str>,
    boxes: Option<Shape>,
) -> Outcome {
    // The rule columns where the run's records may carry rules ([`crate::pencil::Record::rules`]).
    let csv = csv_columns(mode, true).map(|columns| extended(columns, r.rules, input.is_some()));
    Outcome { header: csv, ..pencil_outcome(mode, r, input, csv, boxes) }
}

/// [`pencil_record`] but for the CSV header.
fn pencil_outcome(
    mode: Mode<'_>,
    r: &crate::pencil::Record,
    input: Option<&str>,
    csv: Option<Columns>,
    boxes: Option<Shape>,
) -> Outcome {
    let (text, at) = (r.text.as_str(), r.at);
    let json = mode.args().format == HumanFormat::Json;
    let fields = json || csv.is_some();
    // In JSON and CSV the record names its input by the pencil marks (their line form), as others
    // by the puzzle; an unreadable record by its text as it came.
    let rec = |pencil: String| Rec {
        json,
        csv,
        head: if fields {
            Fields::new(at.puzzle, "ok").with_input(input).set("pencil", pencil)
        } else {
            Fields::default()
        },
        symbols: Symbols::Standard,
    };
    let unreadable = |msg: String| Outcome {
        out: rec(text.trim().to_owned()).marker("unreadable"),
        messages: vec![msg],
        status: Status::Unreadable,
        kind: Kind::Unreadable,
        // As the records around it: a single hint's marker is one line among one-line records.
        multiline: mode.multiline(),
        ..Default::default()
    };
    let read = r.marks_under(mode.args().input.variants(), boxes, mode.args().input.symbols);
    let PencilMarks { marks, board, symbols } = match read {
        Ok(read) => read,
        Err(msg) => return unreadable(msg),
    };
    let mut rec = Rec { symbols, ..rec(marks.to_line_form()) };
    if json || (r.rules && csv.is_some()) {
        // The rules go with the marks, so that the record reads back under them (in CSV, where
        // its columns have them).
        rec.head = std::mem::take(&mut rec.head).with_rules_of(&board);
    }
    if let Some(refused) = se_unsupported(mode, &board, &rec, &at.to_string()) {
        return Outcome { multiline: mode.multiline(), ..refused };
    }
    // Pencil marks without a solution: the solver's own words say where.
    run_state(mode, State::from_candidates(board, &marks), &rec, at.to_string(), &String::new)
}
