//! The subcommands, one file each, and what `solve`, `count`, `check` and `canon` share: the
//! marker records and outcomes of puzzles that fail.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sudokit::batch::Job;
use sudokit::{Conflict, Limits, OutputFormat, ParseError, Position, Puzzle};

use crate::args::ReadOptions;
use crate::args::{InputArgs, RunArgs};
use crate::bulk;
use crate::report::{Kind, Outcome, Status};

mod bench;
mod canon;
mod check;
mod count;
mod generate;
mod human;
mod solve;

const AFTER_HELP: &str = "\
Exit status:
  0  every puzzle was read and answered (for `check`: every puzzle is unique)
  1  some puzzle has no solution, breaks the rules or timed out (for `check`: is not unique)
  2  some input could not be read (bad records, missing files, I/O errors) or the arguments are wrong
  130  interrupted by Ctrl-C (the records finished before it were written, in order)

A puzzle that fails keeps its place in the output with a marker record (`!no solution`, `!invalid`,
`!unreadable`, `!timeout`; `null` in JSON), and a message naming the puzzle number, line and column
goes to stderr.";

/// A Sudoku toolkit: solve, count and check puzzles in every common layout.
#[derive(Parser, Debug)]
#[command(name = "sudokit", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle and print its solution (or every solution with --all).
    #[command(after_help = AFTER_HELP)]
    Solve(solve::SolveArgs),
    /// Print the number of solutions of each puzzle (with `N+` when the limit stopped the count).
    #[command(after_help = AFTER_HELP)]
    Count(count::CountArgs),
    /// Print a verdict for each puzzle: unique, multiple, no solution or invalid.
    #[command(after_help = AFTER_HELP)]
    Check(check::CheckArgs),
    /// Measure solving throughput on puzzle files (tdoku-style: verified outside the timed part).
    Bench(bench::BenchArgs),
    /// Generate random complete grids or puzzles with a unique solution.
    Generate(generate::GenerateArgs),
    /// Explain each puzzle step by step, as a human would solve it (HoDoKu's techniques and order).
    #[command(after_help = AFTER_HELP)]
    Explain(human::ExplainArgs),
    /// Print the next step of each puzzle: where to look, which technique, or the whole step.
    #[command(after_help = AFTER_HELP)]
    Hint(human::HintArgs),
    /// Print the candidate grid of each puzzle after singles (or after the chosen techniques).
    #[command(after_help = AFTER_HELP)]
    Candidates(human::CandidatesArgs),
    /// Print the canonical (minlex) form of each puzzle: equivalent puzzles print the same.
    #[command(after_help = AFTER_HELP)]
    Canon(canon::CanonArgs),
}

/// Runs the command line's subcommand.
pub fn run(cli: &Cli) -> anyhow::Result<ExitCode> {
    let (reporter, stats) = match &cli.command {
        Command::Bench(a) => return Ok(ExitCode::from(bench::run(a)? as u8)),
        Command::Generate(a) => return generate::run(a),
        Command::Canon(a) => {
            run_bulk(&a.input, &a.run, a.input.parse_options()?.into(), |j| canon::canon(a, j))?
        }
        // Every solution streams out as it is found, one puzzle after the other, in bounded memory.
        Command::Solve(a) if a.all => (
            bulk::run_streaming(&a.input.files, a.input.read_options()?, &a.run, |j, w| {
                solve::solve_streaming(a, j, w)
            })?,
            a.run.stats,
        ),
        Command::Solve(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| solve::solve(a, j))?,
        Command::Explain(a) => run_human(human::Mode::Explain(a), &a.human)?,
        Command::Hint(a) => run_human(human::Mode::Hint(a), &a.human)?,
        Command::Candidates(a) => run_human(human::Mode::Candidates(a), &a.human)?,
        Command::Count(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| count::count(a, j))?,
        Command::Check(a) => run_bulk(&a.input, &a.run, a.input.read_options()?, |j| check::check(a, j))?,
    };
    if stats {
        crate::output::message(reporter.summary());
    }
    Ok(ExitCode::from(reporter.status as u8))
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

/// Runs a human-solving command over its inputs: pencil-mark grids one by one, puzzles in bulk.
fn run_human(
    mode: human::Mode<'_>,
    args: &human::HumanArgs,
) -> anyhow::Result<(crate::report::Reporter, bool)> {
    if args.pencil {
        return Ok((human::run_pencil(mode, &args.input.files)?, args.run.stats));
    }
    run_bulk(&args.input, &args.run, args.input.read_options()?, |j| human::process(mode, j))
}

/// The output layout of a record: the forced one, else the one it was read in.
fn format_of(job: &Job, forced: Option<OutputFormat>) -> OutputFormat {
    forced.unwrap_or_else(|| OutputFormat::for_layout(job.layout))
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

fn conflicts_text(c: &[Conflict]) -> String {
    c.iter().map(Conflict::to_string).collect::<Vec<_>>().join("; ")
}

/// The message for givens that break the rules, if they do. Conflicting givens have no solution, so
/// callers look for conflicts only after a search found none: the common case pays nothing.
fn broken_rules(p: &Puzzle, at: Position) -> Option<String> {
    let conflicts = p.conflicts();
    (!conflicts.is_empty()).then(|| format!("{at}: givens break the rules: {}", conflicts_text(&conflicts)))
}

/// The outcome of a record that could not be read, with `out` as its output record.
fn unreadable(e: &ParseError, out: Vec<u8>) -> Outcome {
    Outcome {
        out,
        messages: vec![e.to_string()],
        status: Status::Unreadable,
        kind: Kind::Unreadable,
        ..Default::default()
    }
}

/// The outcome of a puzzle that failed (status 1), with `out` as its output record.
fn failed(kind: Kind, out: Vec<u8>, message: String) -> Outcome {
    Outcome { out, messages: vec![message], status: Status::Failed, kind, ..Default::default() }
}

#[cfg(test)]
pub use bench::MODES;
#[cfg(test)]
pub use generate::{DIFFICULTIES, SYMMETRIES};
