//! `sudokit solve`, `count` and `check`: the per-puzzle work of each command.
//!
//! Each command turns one [`Job`] into one [`Outcome`]: one output record (or a marker record when the
//! puzzle failed, so output stays aligned with input) plus messages for stderr.

use std::ops::ControlFlow;

use clap::Args;
use sudokit::format::write_grid;
use sudokit::{Conflict, Limits, OutputFormat, ParseError, Puzzle, Verdict};

use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::pipeline::{Job, Outcome};
use crate::report::{Kind, Status};

/// Default `--limit` of `count`.
pub const COUNT_LIMIT: u64 = 1_000_000;
/// Default `--limit` of `solve --all`.
pub const ALL_LIMIT: u64 = 10_000;

/// `sudokit solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Print every solution of each puzzle (up to --limit), not just one.
    #[arg(long)]
    pub all: bool,
    /// With --all: stop after N solutions per puzzle; 0 means no limit [default: 10000].
    #[arg(long, value_name = "N", requires = "all")]
    pub limit: Option<u64>,
    /// Stop at the first solution without checking uniqueness (faster; --stats then counts no "multiple").
    #[arg(long, conflicts_with = "all")]
    pub first: bool,
}

/// `sudokit count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Stop counting at N solutions and print `N+`; 0 means no limit [default: 1000000].
    #[arg(long, value_name = "N", default_value_t = COUNT_LIMIT)]
    pub limit: u64,
}

/// `sudokit check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Layout of the two solutions shown for a puzzle with several [default: line].
    #[command(flatten)]
    pub output: OutputArgs,
}

fn format_of(job: &Job, forced: Option<OutputFormat>) -> OutputFormat {
    forced.unwrap_or_else(|| OutputFormat::for_layout(job.layout))
}

/// The search limits of `--limit N` (where 0 means no limit) and `--timeout`.
fn limits(solutions: u64, run: &RunArgs) -> Limits {
    let l = if solutions == 0 { Limits::all() } else { Limits::up_to(solutions) };
    l.with_timeout(run.timeout)
}

/// A marker record in place of a solution: `!reason` (or `null` in JSON), so output stays aligned with input.
pub(crate) fn marker(format: OutputFormat, reason: &str) -> Vec<u8> {
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
fn broken_rules(p: &Puzzle, at: sudokit::Position) -> Option<String> {
    let conflicts = p.conflicts();
    (!conflicts.is_empty()).then(|| format!("{at}: givens break the rules: {}", conflicts_text(&conflicts)))
}

fn unreadable(e: &ParseError, out: Vec<u8>) -> Outcome {
    Outcome {
        out,
        messages: vec![e.to_string()],
        status: Status::Unreadable,
        kind: Kind::Unreadable,
        ..Default::default()
    }
}

fn failed(kind: Kind, out: Vec<u8>, message: String) -> Outcome {
    Outcome { out, messages: vec![message], status: Status::Failed, kind, ..Default::default() }
}

/// Solves one puzzle for `sudokit solve`.
pub fn solve(args: &SolveArgs, job: &Job) -> Outcome {
    let format = format_of(job, args.output.format());
    let multiline = format.is_multiline() || args.all;
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return Outcome { multiline, ..unreadable(e, marker(format, "unreadable")) },
    };
    let at = job.position;
    let limit = if args.all {
        args.limit.unwrap_or(ALL_LIMIT)
    } else if args.first {
        1
    } else {
        2
    };
    let limits = limits(limit, &args.run);
    // Room for one solution in any layout (a symbol, a separator and a little framing per cell), so
    // the bulk path does not grow the buffer cell by cell.
    let mut out = Vec::with_capacity(4 * p.grid().shape().cells());
    let mut printed = 0u64;
    let o = p.for_each_solution(limits, |g| {
        if printed == 0 || args.all {
            if printed > 0 && format.is_multiline() {
                out.push(b'\n');
            }
            write_grid(g, format, &mut out);
            printed += 1;
        }
        ControlFlow::Continue(())
    });
    let mut result = Outcome { multiline, guesses: o.guesses, ..Default::default() };
    if o.timed_out() && (o.solutions == 0 || args.all) {
        let msg = format!("{at}: timed out after {} solutions", o.solutions);
        out.extend(marker(format, "timeout"));
        return Outcome { out, multiline, ..failed(Kind::TimedOut, Vec::new(), msg) };
    }
    result.out = out;
    match o.solutions {
        0 => {
            if let Some(msg) = broken_rules(p, at) {
                return Outcome { multiline, ..failed(Kind::Invalid, marker(format, "invalid"), msg) };
            }
            return Outcome {
                multiline,
                ..failed(Kind::NoSolution, marker(format, "no solution"), format!("{at}: no solution"))
            };
        }
        1 => result.kind = Kind::Solved,
        _ => {
            result.kind = Kind::Multiple;
            if !args.all {
                result.messages.push(format!("{at}: more than one solution; printed the first"));
            }
        }
    }
    if args.all && !o.complete {
        result.messages.push(format!("{at}: stopped after {} solutions (--limit; 0 lifts it)", o.solutions));
    }
    result
}

/// Counts one puzzle's solutions for `sudokit count`.
pub fn count(args: &CountArgs, job: &Job) -> Outcome {
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return unreadable(e, b"!unreadable\n".to_vec()),
    };
    let at = job.position;
    let o = p.count(limits(args.limit, &args.run));
    let text = format!("{}{}\n", o.solutions, if o.complete { "" } else { "+" });
    if o.timed_out() {
        return failed(
            Kind::TimedOut,
            text.into_bytes(),
            format!("{at}: timed out after {} solutions", o.solutions),
        );
    }
    let kind = match o.solutions {
        0 => match broken_rules(p, at) {
            Some(msg) => return failed(Kind::Invalid, text.into_bytes(), msg),
            None => Kind::NoSolution,
        },
        1 => Kind::Solved,
        _ => Kind::Multiple,
    };
    Outcome { out: text.into_bytes(), kind, guesses: o.guesses, ..Default::default() }
}

/// Judges one puzzle for `sudokit check`.
pub fn check(args: &CheckArgs, job: &Job) -> Outcome {
    let p: &Puzzle = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return unreadable(e, b"unreadable\n".to_vec()),
    };
    let (verdict, o) = p.check_within(limits(0, &args.run));
    let at = job.position;
    if o.timed_out() {
        return failed(Kind::TimedOut, b"timeout\n".to_vec(), format!("{at}: timed out"));
    }
    let mut out = Vec::new();
    let (kind, status) = match &verdict {
        Verdict::Unique(_) => {
            out.extend_from_slice(b"unique\n");
            (Kind::Solved, Status::Ok)
        }
        Verdict::NoSolution => {
            out.extend_from_slice(b"no solution\n");
            (Kind::NoSolution, Status::Failed)
        }
        Verdict::Invalid(c) => {
            out.extend(format!("invalid: {}\n", conflicts_text(c)).into_bytes());
            (Kind::Invalid, Status::Failed)
        }
        Verdict::Multiple { first, second } => {
            let cells: Vec<String> = first.diff(second).iter().map(|c| c.name(first.shape())).collect();
            out.extend(format!("multiple: solutions differ at {}\n", cells.join(" ")).into_bytes());
            let format = args.output.format().unwrap_or(OutputFormat::Line);
            for g in [first, second] {
                let mut text = Vec::new();
                write_grid(g, format, &mut text);
                for line in text.split_inclusive(|&b| b == b'\n') {
                    out.extend_from_slice(b"  ");
                    out.extend_from_slice(line);
                }
            }
            (Kind::Multiple, Status::Failed)
        }
        _ => {
            out.extend(format!("{}\n", verdict.name()).into_bytes());
            (Kind::Solved, Status::Failed)
        }
    };
    Outcome { out, kind, status, guesses: o.guesses, ..Default::default() }
}
