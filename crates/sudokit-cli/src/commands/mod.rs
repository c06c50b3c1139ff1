//! The subcommands, one file each, and what `solve`, `count`, `check`, `canon` and `minimize`
//! share: the marker records and outcomes of puzzles that fail.

use std::process::ExitCode;
use std::sync::Mutex;

use clap::{Parser, Subcommand};
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::format::{write_board_grid, write_grid_in};
use sudokit::{
    Conflict, Grid, GridError, Layout, Limits, OutputFormat, ParseError, ParseErrorKind, Puzzle, Symbols,
};

use crate::args::{InputArgs, Output, ReadOptions, RunArgs};
use crate::bulk;
use crate::record::{extended, Columns, Fields, Machine};
use crate::report::{Kind, Outcome, Status};

mod backdoor;
mod bench;
mod canon;
mod check;
mod count;
mod gen_rating;
mod generate;
mod generate_variant;
mod human;
mod minimize;
mod rate;
mod solve;

/// The exit status table and the output markers, after every command's help.
fn after_help() -> String {
    format!(
        "{}\n\n{}",
        crate::report::EXIT_STATUS,
        "\
A puzzle without an answer keeps its place in the output with a marker record: `!no solution`,
`!invalid` (givens that break the rules), `!unreadable`, `!timeout`, `!unsupported` (a board or
rules the command does not cover: `canon` on variant rules or a board it has no canonical form for,
the ratings off classic 9×9), `!not found` (`generate`); `null` in a JSON board; its status in JSON
and CSV records. A message naming the puzzle number, line and column goes to stderr."
    )
}

/// A Sudoku toolkit: solve, count and check puzzles in every common layout.
#[derive(Parser, Debug)]
#[command(name = "sudokit", version, about, after_help = after_help())]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle and print its solution (or every solution with --all).
    #[command(after_help = after_help())]
    Solve(solve::SolveArgs),
    /// Print the number of solutions of each puzzle (with `N+` when the limit stopped the count).
    #[command(after_help = after_help())]
    Count(count::CountArgs),
    /// Print a verdict for each puzzle: unique, multiple, no solution or invalid.
    #[command(after_help = after_help())]
    Check(check::CheckArgs),
    /// Measure solving throughput on puzzle files (tdoku-style: verified outside the timed part).
    Bench(bench::BenchArgs),
    /// Generate random complete grids or puzzles with a unique solution.
    #[command(after_help = after_help())]
    Generate(generate::GenerateArgs),
    /// Explain each puzzle step by step, as a human would solve it (HoDoKu's techniques and order,
    /// or Sudoku Explainer's with `--scale se`).
    #[command(after_help = after_help())]
    Explain(human::ExplainArgs),
    /// Print the next step of each puzzle (HoDoKu's, or Sudoku Explainer's with `--scale se`): where
    /// to look, which technique, or the whole step.
    #[command(after_help = after_help())]
    Hint(human::HintArgs),
    /// Print the candidate grid of each puzzle after singles (or after the chosen techniques).
    #[command(after_help = after_help())]
    Candidates(human::CandidatesArgs),
    /// Rate each puzzle: Sudoku Explainer's ER/EP/ED, HoDoKu's score and level, the hardest technique.
    // `--timeout` is refused with a message (below), so its help does not offer it.
    #[command(after_help = after_help(), mut_arg("timeout", |a| a.hide(true)))]
    Rate(rate::RateArgs),
    /// Print each puzzle's backdoor size (the fewest cells to give before singles solve the rest)
    /// and every backdoor of that size.
    #[command(after_help = after_help(), mut_arg("timeout", |a| a.hide(true)))]
    Backdoor(backdoor::BackdoorArgs),
    /// Reduce each puzzle to a minimal one with the same solution: its givens are removed one at a
    /// time while the solution stays unique, until none can go.
    #[command(after_help = after_help())]
    Minimize(minimize::MinimizeArgs),
    /// Print the canonical (minlex) form of each puzzle: equivalent puzzles print the same.
    #[command(after_help = after_help())]
    Canon(canon::CanonArgs),
}

/// Runs the command line's subcommand.
pub fn run(cli: &Cli) -> anyhow::Result<ExitCode> {
    let (reporter, stats) = match &cli.command {
        Command::Bench(a) => return Ok(ExitCode::from(bench::run(a)?.code())),
        Command::Generate(a) => return generate::run(a),
        Command::Canon(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| canon::canon(a, j))?,
        Command::Minimize(a) => {
            run_bulk(&a.input, &a.run, a.input.read_options()?, |j| minimize::minimize(a, j))?
        }
        // Every solution streams out as it is found, one puzzle after the other, in bounded memory.
        Command::Solve(a) if a.all => (
            bulk::run_streaming(
                &a.input.files,
                a.input.read_options()?,
                &a.run,
                |j| solve::prepare_all(a, j),
                |j, w| solve::solve_all(a, j, w),
            )?,
            a.run.stats,
        ),
        Command::Solve(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| solve::solve(a, j))?,
        Command::Explain(a) => {
            a.check_scale()?;
            run_human(human::Mode::Explain(a), &a.human)?
        }
        Command::Hint(a) => {
            a.check_scale()?;
            run_human(human::Mode::Hint(a), &a.human)?
        }
        Command::Candidates(a) => {
            a.human.refuse_csv("candidates")?;
            run_human(human::Mode::Candidates(a), &a.human)?
        }
        Command::Rate(a) => {
            if a.run.timeout.is_some() {
                // The ratings run to the end or to their own work budget; a time limit would be a lie.
                anyhow::bail!("rate: --timeout is not supported (the ratings stop at their own work budget)");
            }
            let stats = a.run.stats;
            if a.pencil {
                let run = |tally: &Tally<_>| {
                    crate::pencil::run(&a.input.files, a.run.threads, |r, input| {
                        rate::rate_pencil(a, r, input, tally)
                    })
                };
                tallied(stats, run, |d: &rate::Distribution| d.summary(a.scale))?
            } else {
                let read = a.input.read_options()?;
                let run =
                    |tally: &Tally<_>| bulk::run(&a.input.files, read, &a.run, |j| rate::rate(a, j, tally));
                tallied(stats, run, |d: &rate::Distribution| d.summary(a.scale))?
            }
        }
        Command::Count(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| count::count(a, j))?,
        Command::Backdoor(a) => {
            if a.run.timeout.is_some() {
                anyhow::bail!("backdoor: --timeout is not supported (--max-size bounds the search)");
            }
            let read = a.input.read_options()?;
            let run = |tally: &Tally<_>| {
                bulk::run(&a.input.files, read, &a.run, |j| backdoor::backdoor(a, j, tally))
            };
            tallied(a.run.stats, run, |sizes| sizes.summary(a.max_size))?
        }
        Command::Check(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| check::check(a, j))?,
    };
    if stats {
        crate::output::message(reporter.summary());
    }
    Ok(ExitCode::from(reporter.status.code()))
}

/// Streams every puzzle of the command's inputs through `process`; returns the reporter and whether
/// `--stats` was asked for.
fn run_bulk(
    input: &InputArgs,
    run: &RunArgs,
    read: ReadOptions,
    process: impl Fn(&Job) -> Outcome + Sync,
) -> anyhow::Result<(crate::report::Reporter, bool)> {
    let reporter = bulk::run(&input.files, read, run, process)?;
    Ok((reporter, run.stats))
}

/// What the records of a run add up to, from every worker, for `--stats` (a distribution of ratings,
/// of backdoor sizes).
pub(crate) struct Tally<T>(Mutex<T>);

impl<T> Tally<T> {
    /// Counts one record.
    fn add(&self, count: impl FnOnce(&mut T)) {
        // A poisoned lock only means another worker panicked; the counts are still whole numbers.
        count(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

/// A run with a [`Tally`] each record adds to; with `--stats` (`stats`), its `summary` is printed
/// before the run's.
fn tallied<T: Default + Send>(
    stats: bool,
    run: impl FnOnce(&Tally<T>) -> anyhow::Result<crate::report::Reporter>,
    summary: impl FnOnce(&T) -> String,
) -> anyhow::Result<(crate::report::Reporter, bool)> {
    let tally = Tally(Mutex::new(T::default()));
    let reporter = run(&tally)?;
    if stats {
        crate::output::message(summary(&tally.0.into_inner().unwrap_or_else(|e| e.into_inner())));
    }
    Ok((reporter, stats))
}

/// Runs a human-solving command over its inputs: pencil-mark grids or puzzles, on every thread.
fn run_human(
    mode: human::Mode<'_>,
    args: &human::HumanArgs,
) -> anyhow::Result<(crate::report::Reporter, bool)> {
    for t in args.only().into_iter().filter(|&t| !sudokit::human::is_implemented(t)) {
        crate::output::message(format_args!("sudokit: note: {t} has no finder yet; it is left out"));
    }
    if args.pencil {
        return Ok((human::run_pencil(mode, &args.input.files)?, args.run.stats));
    }
    run_bulk(&args.input, &args.run, args.input.read_options()?, |j| human::process(mode, j))
}

/// How a command writes one record: grids in a layout, or a machine-readable record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Grids (or a command's text) in this layout.
    Text(OutputFormat),
    /// JSON Lines or CSV.
    Machine(Machine),
}

impl Mode {
    /// The mode of a command whose answer is one line of text (`count`, `backdoor`), or the
    /// machine-readable record `-o` asks for.
    fn of_record(output: &crate::args::RecordArgs) -> Mode {
        output.machine().map_or(Mode::Text(OutputFormat::Line), Mode::Machine)
    }

    /// Whether records span several lines (and are separated by a blank line).
    fn multiline(self) -> bool {
        matches!(self, Mode::Text(f) if f.is_multiline())
    }

    /// The layout of grids in text, [`OutputFormat::Line`] in records.
    fn layout(self) -> OutputFormat {
        match self {
            Mode::Text(f) => f,
            Mode::Machine(_) => OutputFormat::Line,
        }
    }
}

/// The mode of a record: the forced output, else the input's layout (CSV records for CSV input), or
/// `default` when the command has its own.
fn mode_of(job: &Job, forced: Option<Output>, default: Option<OutputFormat>) -> Mode {
    match forced {
        Some(Output::Machine(m)) => Mode::Machine(m),
        Some(Output::Layout(f)) => Mode::Text(f),
        None if job.layout == Layout::Csv => Mode::Machine(Machine::Csv),
        None if job.notation.object => Mode::Machine(Machine::Json),
        None => Mode::Text(default.unwrap_or_else(|| OutputFormat::for_layout(job.layout))),
    }
}

/// A grid as its input wrote it: a JSON board for a board (numbers if its cells were numbers), else
/// the line form, in the input's symbols.
fn grid_value(g: &Grid, job: &Job) -> Value {
    let format = if job.notation.board { OutputFormat::Json } else { OutputFormat::Line };
    let mut text = Vec::new();
    write_grid_in(g, format, job.notation, &mut text);
    let text = String::from_utf8_lossy(&text).trim_end().to_string();
    if format == OutputFormat::Json {
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    } else {
        Value::String(text)
    }
}

/// A grid in text output, in the input's notation; under jigsaw rules with the puzzle's region map
/// where the layout carries one, so that it reads back with `--variant jigsaw`.
fn grid_text(g: &Grid, format: OutputFormat, job: &Job, out: &mut Vec<u8>) {
    match &job.puzzle {
        Ok(p) => write_board_grid(p.board(), g, format, job.notation, out),
        Err(_) => write_grid_in(g, format, job.notation, out),
    }
}

/// The input puzzle of a record as a field: where it could not be read, its text as it came
/// (`null` without one).
fn puzzle_value(job: &Job) -> Value {
    match (&job.puzzle, &job.text) {
        (Ok(p), _) => grid_value(p.grid(), job),
        (Err(_), Some(text)) => Value::from(text.as_str()),
        (Err(_), None) => Value::Null,
    }
}

/// A record's first fields: its number, its status and its puzzle, with the rules of a variant board
/// (`variants`, `regions`, `cages`, `box`) so that the record reads back under the same rules.
fn puzzle_fields(job: &Job, status: &str) -> Fields {
    let f = head_fields(job, status).set("puzzle", puzzle_value(job));
    match &job.puzzle {
        Ok(p) => f.with_rules_of(p.board()),
        Err(_) => f,
    }
}

/// A record's number, the input it came from in a run over several ([`Job::input`]), and its
/// status.
fn head_fields(job: &Job, status: &str) -> Fields {
    Fields::new(job.position.puzzle, status).with_input(job.input.as_deref())
}

/// The CSV columns of a record: the command's `columns`, with the rule columns where its input may
/// carry rules ([`Notation::rules`](sudokit::Notation::rules)), as every record of that input does,
/// and the input's name last in a run over several.
fn csv_columns(job: &Job, columns: Columns) -> Columns {
    extended(columns, job.notation.rules, job.input.is_some())
}

/// A record in `mode`: `fields` in JSON and CSV, else `text`; with the command's CSV columns.
fn record(mode: Mode, columns: Columns, fields: Fields, text: impl FnOnce() -> Vec<u8>) -> Vec<u8> {
    match mode {
        Mode::Machine(m) => fields.to_bytes(m, columns),
        Mode::Text(_) => text(),
    }
}

/// The record of a puzzle without an answer: its status in JSON and CSV, the marker of that status in
/// text (see [`status_marker`]).
fn marker_record(mode: Mode, columns: Columns, job: &Job, status: &str) -> Vec<u8> {
    let fields = puzzle_fields(job, status);
    record(mode, columns, fields, || status_marker(mode.layout(), status))
}

/// The text marker of a record's status, spelt with spaces (`no_solution` is `!no solution`; `null`
/// in a JSON board).
fn status_marker(format: OutputFormat, status: &str) -> Vec<u8> {
    marker(format, &status.replace('_', " "))
}

/// The answer the input gives, as JSON/CSV fields beside the command's own.
fn expected_fields(mut f: Fields, job: &Job) -> Fields {
    if let Some(c) = job.expected.count {
        f = f.set("expected_count", c);
    }
    if let Some(s) = &job.expected.solution {
        f = f.set("expected_solution", grid_value(s, job));
    }
    f
}

/// Echo: the input puzzle before `answer` (text ending with a newline) in `format`: on the same line
/// for one-line layouts, beside it for the grid layouts.
fn echoed(job: &Job, format: OutputFormat, answer: Vec<u8>) -> Vec<u8> {
    let mut left = Vec::new();
    match (&job.puzzle, &job.text) {
        (Ok(p), _) => grid_text(p.grid(), format, job, &mut left),
        // An unreadable record's text as it came, so that the echo shows what could not be read;
        // on one line in the one-line layouts, so that the record stays one line.
        (Err(_), Some(text)) => {
            let lines: Vec<&str> = text.lines().collect();
            left.extend(lines.join(if format.is_multiline() { "\n" } else { " " }).into_bytes());
            left.push(b'\n');
        }
        (Err(_), None) => return answer,
    }
    if !format.is_multiline() {
        left.pop();
        left.push(b' ');
        left.extend(answer);
        return left;
    }
    let mut out = Vec::new();
    let (l, r): (Vec<&[u8]>, Vec<&[u8]>) =
        (left.split(|&c| c == b'\n').collect(), answer.split(|&c| c == b'\n').collect());
    let width = l.iter().map(|x| x.len()).max().unwrap_or(0);
    for i in 0..l.len().max(r.len()) {
        let (a, b) = (l.get(i).copied().unwrap_or(b""), r.get(i).copied().unwrap_or(b""));
        if a.is_empty() && b.is_empty() {
            continue;
        }
        out.extend_from_slice(a);
        if !b.is_empty() {
            out.extend(std::iter::repeat_n(b' ', width - a.len() + 4));
            out.extend_from_slice(b);
        }
        out.push(b'\n');
    }
    out
}

/// `answer` with the input puzzle before it when `on` (`--echo`) and the record is text; records
/// carry the puzzle already.
fn echo_in(on: bool, job: &Job, mode: Mode, answer: Vec<u8>) -> Vec<u8> {
    match mode {
        Mode::Text(f) if on => echoed(job, f, answer),
        _ => answer,
    }
}

/// The search limits of `--limit N` (where 0 means no limit) and `--timeout`.
fn limits(solutions: u64, run: &RunArgs) -> Limits {
    let l = if solutions == 0 { Limits::all() } else { Limits::up_to(solutions) };
    l.with_timeout(run.timeout)
}

/// [`limits`] that Ctrl-C also stops, for searches that may run for ages (counting, every solution).
fn long_limits(solutions: u64, run: &RunArgs) -> Limits {
    limits(solutions, run).with_cancel(crate::interrupt::flag().clone())
}

/// A marker record in place of a solution: `!reason` (or `null` in JSON), so output stays aligned with input.
fn marker(format: OutputFormat, reason: &str) -> Vec<u8> {
    if format == OutputFormat::Json {
        b"null\n".to_vec()
    } else {
        format!("!{reason}\n").into_bytes()
    }
}

/// The message for givens that break the rules, if they do. Conflicting givens have no solution, so
/// the solving commands look for conflicts only after a search found none: the common case pays
/// nothing. The human-solving commands look first, at a cost of microseconds next to a path's
/// milliseconds, since their solver would name only its first clash.
fn broken_rules(p: &Puzzle, job: &Job) -> Option<String> {
    let conflicts = p.conflicts();
    (!conflicts.is_empty())
        .then(|| format!("{}: {}", job.position, Conflict::broken_rules_in(&conflicts, job.notation.symbols)))
}

/// The message for a puzzle with no solution, with why (see [`why_suffix`]).
fn no_solution_message(p: &Puzzle, job: &Job) -> String {
    format!("{}: no solution{}", job.position, why_suffix(p, job.notation.symbols))
}

/// `: ` and the short argument that shows why a puzzle has no solution, where there is one (see
/// [`Puzzle::why_no_solution`]), its digits in `symbols` (the input's), for the end of a message
/// saying so; empty where only the search shows it. Callers look for it only once a search found
/// no solution.
fn why_suffix(p: &Puzzle, symbols: Symbols) -> String {
    p.why_no_solution().map(|why| format!(": {}", why.text_in(symbols))).unwrap_or_default()
}

/// What a record that could not be read is: a puzzle read whole under rules its board cannot
/// have (hyper windows on a 4×4 or 6×6 board) is not supported, a failure of that puzzle (exit
/// status 1) as other rules not supported are; anything else is unreadable.
fn unread_kind(e: &ParseError) -> Kind {
    match e.kind {
        ParseErrorKind::Grid(GridError::NoWindows { .. }) => Kind::Unsupported,
        _ => Kind::Unreadable,
    }
}

/// The status name of a record that could not be read ([`unread_kind`]).
fn unread_name(e: &ParseError) -> &'static str {
    match unread_kind(e) {
        Kind::Unsupported => "unsupported",
        _ => "unreadable",
    }
}

/// The outcome of a record that could not be read, with `out` as its output record.
fn unreadable(e: &ParseError, out: Vec<u8>) -> Outcome {
    let kind = unread_kind(e);
    let status = if kind == Kind::Unreadable { Status::Unreadable } else { kind.unanswered_status() };
    Outcome { out, messages: vec![e.to_string()], status, kind, ..Default::default() }
}

/// The outcome of a puzzle that failed: its marker record and the message for stderr.
fn failed(kind: Kind, out: Vec<u8>, message: String) -> Outcome {
    Outcome { out, messages: vec![message], status: kind.unanswered_status(), kind, ..Default::default() }
}

/// The outcome of an unreadable record in `mode`; in text with `echo` (`--echo`), the record's text
/// before its marker.
fn unreadable_record(echo: bool, mode: Mode, columns: Columns, job: &Job, e: &ParseError) -> Outcome {
    let out = echo_in(echo, job, mode, marker_record(mode, columns, job, unread_name(e)));
    Outcome {
        multiline: mode.multiline(),
        header: header_of(mode, columns),
        array: array_of(job, mode),
        ..unreadable(e, out)
    }
}

/// The input's array of boards a record belongs to, when its answer is a JSON board too.
fn array_of(job: &Job, mode: Mode) -> Option<u32> {
    job.notation.array.filter(|_| mode == Mode::Text(OutputFormat::Json))
}

/// The CSV header of a record in `mode`, if it is a CSV record.
fn header_of(mode: Mode, columns: Columns) -> Option<Columns> {
    (mode == Mode::Machine(Machine::Csv)).then_some(columns)
}

/// The cells where two grids of one shape differ, by name, separated by spaces (`r1c1 r1c2`).
fn differing_cells(a: &Grid, b: &Grid) -> String {
    a.diff(b).iter().map(|c| c.name(a.shape())).collect::<Vec<_>>().join(" ")
}

/// How the answer compares with the one the input gives: what differs, where it does (a message
/// adds the record's position; a record's `detail` is this alone).
fn mismatch(job: &Job, solution: Option<&Grid>, count: Option<(u64, bool)>) -> Option<String> {
    if let (Some(want), Some(got)) = (&job.expected.solution, solution) {
        // A puzzle with several solutions may give another of them than the one found: that is
        // no disagreement. Looked at only where the two differ.
        let another = || job.puzzle.as_ref().is_ok_and(|p| p.board().is_solution(p.grid(), want));
        if want != got && !another() {
            return Some(format!(
                "the solution differs from the one given, at {}",
                differing_cells(want, got)
            ));
        }
    }
    if let (Some(want), Some((got, complete))) = (job.expected.count, count) {
        if (complete && got != want) || (!complete && want < got) {
            let noun = if complete && got == 1 { "solution" } else { "solutions" };
            let got = if complete { got.to_string() } else { format!("{got}+") };
            return Some(format!("{got} {noun}, the input says {want}"));
        }
    }
    None
}

#[cfg(test)]
pub use bench::MODES;
#[cfg(test)]
pub use gen_rating::LEVELS;
#[cfg(test)]
pub use generate::{DIFFICULTIES, SYMMETRIES};
#[cfg(test)]
pub use rate::SCALES;

/// The message of a search for solutions that ran out of time after finding `solutions`.
fn timed_out_after(at: impl std::fmt::Display, solutions: impl Into<u64>) -> String {
    match solutions.into() {
        1 => format!("{at}: timed out after 1 solution"),
        n => format!("{at}: timed out after {n} solutions"),
    }
}
