//! `sudokit solve`: one solution of each puzzle (or all of them with `--all`), in the input's layout.

use std::io::Write;
use std::ops::ControlFlow;

use clap::Args;
use sudokit::batch::Job;
use sudokit::format::write_grid;

use super::{broken_rules, failed, format_of, limits, long_limits, marker, unreadable};
use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::output::write;
use crate::report::{Kind, Outcome};

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

/// Solves one puzzle for `sudokit solve`, its record in the outcome.
pub fn solve(args: &SolveArgs, job: &Job) -> Outcome {
    // Room for one solution in any layout (a symbol, a separator and a little framing per cell), so
    // the bulk path does not grow the buffer cell by cell.
    let cells = job.puzzle.as_ref().map_or(0, |p| p.grid().shape().cells());
    let mut out = Vec::with_capacity(4 * cells);
    let mut o = solve_into(args, job, &mut |bytes| {
        out.extend_from_slice(bytes);
        ControlFlow::Continue(())
    });
    // A marker (after any solutions found before a timeout) ends the record.
    out.append(&mut o.out);
    o.out = out;
    o
}

/// Solves one puzzle for `sudokit solve --all`, writing each solution to `w` as it is found, so
/// that memory stays bounded however many there are and a reader sees them at once.
pub fn solve_streaming(args: &SolveArgs, job: &Job, w: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut failed = None;
    let o = solve_into(args, job, &mut |bytes| match write(w, bytes) {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(o),
    }
}

/// Solves one puzzle, handing each solution's bytes to `emit` (which may stop the search); the
/// outcome's `out` is the marker that ends the record, if any.
fn solve_into(args: &SolveArgs, job: &Job, emit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> Outcome {
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
    let limits = if args.all { long_limits(limit, &args.run) } else { limits(limit, &args.run) };
    let mut text = Vec::with_capacity(4 * p.grid().shape().cells());
    let mut printed = 0u64;
    let o = p.for_each_solution(limits, |g| {
        if printed == 0 || args.all {
            text.clear();
            if printed > 0 && format.is_multiline() {
                text.push(b'\n');
            }
            write_grid(g, format, &mut text);
            printed += 1;
            return emit(&text);
        }
        ControlFlow::Continue(())
    });
    let mut result = Outcome { multiline, guesses: o.guesses, ..Default::default() };
    if o.timed_out() && (o.solutions == 0 || args.all) {
        let msg = format!("{at}: timed out after {} solutions", o.solutions);
        return Outcome {
            out: marker(format, "timeout"),
            multiline,
            ..failed(Kind::TimedOut, Vec::new(), msg)
        };
    }
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
