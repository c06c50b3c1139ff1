//! `sudokit solve`: one solution of each puzzle (or all of them with `--all`), in the input's layout
//! or as JSON Lines / CSV records.

use std::io::Write;
use std::ops::ControlFlow;

use clap::Args;
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::format::rules_fields;
use sudokit::OutputFormat;

use super::{
    array_of, broken_rules, csv_columns, echo_in, expected_fields, grid_text, grid_value, head_fields,
    header_of, limits, long_limits, marker, mismatch, mode_of, no_solution_message, puzzle_fields,
    puzzle_value, record, unread_name, unreadable, unreadable_record, Mode,
};
use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::output::write;
use crate::record::{csv_text, csv_value, json_value, Columns, Machine, FILE};
use crate::report::{Kind, Outcome, Status};

/// Default `--limit` of `solve --all`.
pub const ALL_LIMIT: u64 = 10_000;

/// The CSV columns of `solve`.
const COLUMNS: Columns = &["index", "status", "puzzle", "solution"];
/// The CSV columns of `solve --all`: the solutions of a puzzle are one field, separated by spaces; the
/// count and status come last, as they are known once the solutions are out.
const ALL_COLUMNS: Columns = &["index", "puzzle", "all_solutions", "count", "complete", "status"];

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
    /// Stop at the first solution without checking uniqueness (faster; a puzzle with several
    /// solutions then exits 0).
    #[arg(long, conflicts_with = "all")]
    pub first: bool,
}

/// Solves one puzzle for `sudokit solve`, its record in the outcome.
pub fn solve(args: &SolveArgs, job: &Job) -> Outcome {
    let mode = mode_of(job, args.output.format(), None);
    let columns = csv_columns(job, COLUMNS);
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            return unreadable_record(args.output.echo, mode, columns, job, e);
        }
    };
    let at = job.position;
    let mut first = None;
    let o = p.for_each_solution(limits(if args.first { 1 } else { 2 }, &args.run), |g| {
        if first.is_none() {
            first = Some(g.clone());
        }
        ControlFlow::Continue(())
    });
    let base = Outcome {
        multiline: mode.multiline(),
        header: header_of(mode, columns),
        array: array_of(job, mode),
        guesses: o.guesses,
        ..Default::default()
    };
    let fields = |status: &str| expected_fields(puzzle_fields(job, status), job);
    let Some(solution) = first else {
        let (kind, status, reason, message) = if o.timed_out() {
            (Kind::TimedOut, "timeout", "timeout", format!("{at}: timed out"))
        } else if let Some(msg) = broken_rules(p, job) {
            (Kind::Invalid, "invalid", "invalid", msg)
        } else {
            (Kind::NoSolution, "no_solution", "no solution", no_solution_message(p, job))
        };
        let out = record(mode, columns, fields(status), || {
            echo_in(args.output.echo, job, mode, marker(mode.layout(), reason))
        });
        return Outcome { out, messages: vec![message], status: Status::Failed, kind, ..base };
    };
    let count = (!args.first).then_some((o.solutions, o.complete));
    let (kind, status, name, message) = match mismatch(job, Some(&solution), count) {
        Some(m) => (Kind::Mismatch, Status::Mismatch, "mismatch", Some(format!("{at}: {m}"))),
        None if o.solutions > 1 => (
            Kind::Multiple,
            Status::Multiple,
            "multiple",
            Some(format!("{at}: more than one solution; printed the first")),
        ),
        None => (Kind::Solved, Status::Ok, "ok", None),
    };
    let out = record(mode, columns, fields(name).set("solution", grid_value(&solution, job)), || {
        let mut text = Vec::new();
        grid_text(&solution, mode.layout(), job, &mut text);
        echo_in(args.output.echo, job, mode, text)
    });
    Outcome { out, kind, status, messages: message.into_iter().collect(), ..base }
}

/// The CSV columns of a `solve --all` record and whether a blank line separates it from the one
/// before (in text, where one puzzle's solutions take several lines).
pub fn prepare_all(args: &SolveArgs, job: &Job) -> (Option<Columns>, bool) {
    let mode = mode_of(job, args.output.format(), None);
    let all_columns = csv_columns(job, ALL_COLUMNS);
    (header_of(mode, all_columns), matches!(mode, Mode::Text(_)))
}

/// Solves one puzzle for `sudokit solve --all`, writing each solution to `w` as it is found, so that
/// memory stays bounded however many there are and a reader sees them at once. A JSON or CSV record
/// opens before the search and closes after it. The outcome's `out` is what ends the record.
pub fn solve_all(args: &SolveArgs, job: &Job, w: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mode = mode_of(job, args.output.format(), None);
    let all_columns = csv_columns(job, ALL_COLUMNS);
    let at = job.position;
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            // No solutions: an empty list in JSON, an empty cell in CSV (as a puzzle without any).
            let none = match mode {
                Mode::Machine(Machine::Csv) => Value::Null,
                _ => Value::Array(Vec::new()),
            };
            let fields = head_fields(job, unread_name(e))
                .set("puzzle", puzzle_value(job))
                .set("all_solutions", none)
                .set("count", 0)
                .set("complete", false);
            let out = record(mode, all_columns, fields, || {
                echo_in(args.output.echo, job, mode, marker(mode.layout(), unread_name(e)))
            });
            return Ok(unreadable(e, out));
        }
    };
    let mut head = Vec::new();
    match mode {
        Mode::Machine(Machine::Json) => {
            head.extend(format!("{{\"index\":{},", at.puzzle).into_bytes());
            if let Some(name) = &job.input {
                json_value(&Value::from(FILE), &mut head);
                head.push(b':');
                json_value(&Value::from(&**name), &mut head);
                head.push(b',');
            }
            head.extend_from_slice(b"\"puzzle\":");
            json_value(&puzzle_value(job), &mut head);
            for (name, value) in rules_fields(p.board()) {
                head.push(b',');
                json_value(&Value::from(name), &mut head);
                head.push(b':');
                json_value(&value, &mut head);
            }
            head.extend_from_slice(b",\"all_solutions\":[");
        }
        Mode::Machine(Machine::Csv) => {
            head.extend(format!("{},", at.puzzle).into_bytes());
            csv_value(&puzzle_value(job), &mut head);
            if job.notation.rules {
                let rules = rules_fields(p.board());
                for column in sudokit::parse::RULE_FIELDS {
                    head.push(b',');
                    if let Some((_, value)) = rules.iter().find(|(name, _)| *name == column) {
                        csv_value(value, &mut head);
                    }
                }
            }
            head.push(b',');
        }
        Mode::Text(f) if args.output.echo => {
            grid_text(p.grid(), f, job, &mut head);
            if f.is_multiline() {
                head.push(b'\n');
            }
        }
        Mode::Text(_) => {}
    }
    write(w, &head)?;
    let limit = args.limit.unwrap_or(ALL_LIMIT);
    let mut text = Vec::new();
    let mut printed = 0u64;
    let mut failed = None;
    let o = p.for_each_solution(long_limits(limit, &args.run), |g| {
        text.clear();
        match mode {
            Mode::Text(f) => {
                if printed > 0 && f.is_multiline() {
                    text.push(b'\n');
                }
                grid_text(g, f, job, &mut text);
            }
            Mode::Machine(Machine::Json) => {
                if printed > 0 {
                    text.push(b',');
                }
                json_value(&grid_value(g, job), &mut text);
            }
            Mode::Machine(Machine::Csv) => {
                if printed > 0 {
                    text.push(b' ');
                }
                grid_text(g, OutputFormat::Line, job, &mut text);
                text.pop();
            }
        }
        printed += 1;
        match write(w, &text) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let mut result = Outcome { guesses: o.guesses, ..Default::default() };
    let (name, reason) = if o.timed_out() {
        result.kind = Kind::TimedOut;
        result.status = Status::Failed;
        result.messages.push(super::timed_out_after(at, o.solutions));
        ("timeout", Some("timeout"))
    } else if o.solutions == 0 {
        result.status = Status::Failed;
        match broken_rules(p, job) {
            Some(msg) => {
                result.kind = Kind::Invalid;
                result.messages.push(msg);
                ("invalid", Some("invalid"))
            }
            None => {
                result.kind = Kind::NoSolution;
                result.messages.push(no_solution_message(p, job));
                ("no_solution", Some("no solution"))
            }
        }
    } else if let Some(m) = mismatch(job, None, Some((o.solutions, o.complete))) {
        result.kind = Kind::Mismatch;
        result.status = Status::Mismatch;
        result.messages.push(format!("{at}: {m}"));
        ("mismatch", None)
    } else {
        // Every solution is what --all asks for: several are an answer, not a failure.
        result.kind = if o.solutions > 1 { Kind::Multiple } else { Kind::Solved };
        ("ok", None)
    };
    if !o.complete && !o.timed_out() {
        result.messages.push(format!("{at}: stopped after {} solutions (--limit; 0 lifts it)", o.solutions));
    }
    result.out = match mode {
        Mode::Machine(Machine::Json) => format!(
            "],\"count\":{},\"complete\":{},\"status\":\"{name}\"}}\n",
            o.solutions,
            o.complete && !o.timed_out()
        )
        .into_bytes(),
        Mode::Machine(Machine::Csv) => {
            let mut tail = format!(",{},{},{name}", o.solutions, o.complete && !o.timed_out()).into_bytes();
            if let Some(input) = &job.input {
                tail.push(b',');
                csv_text(input, &mut tail);
            }
            tail.push(b'\n');
            tail
        }
        Mode::Text(f) => reason.map(|r| marker(f, r)).unwrap_or_default(),
    };
    Ok(result)
}
