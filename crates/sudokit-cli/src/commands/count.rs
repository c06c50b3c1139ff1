//! `sudokit count`: the number of solutions of each puzzle, up to a limit.

use clap::Args;
use sudokit::batch::{count_split, Job};
use sudokit::Puzzle;

use super::{
    broken_rules, csv_columns, differing_cells, echo_in, expected_fields, header_of, long_limits,
    marker_record, mismatch, puzzle_fields, record, unreadable_record, Mode,
};
use crate::args::{InputArgs, RecordArgs, RunArgs};
use crate::record::Columns;
use crate::report::{Kind, Outcome, Status};

/// Default `--limit` of `count`.
pub const COUNT_LIMIT: u64 = 1_000_000;

/// The CSV columns of `count`.
const COLUMNS: Columns = &["index", "status", "puzzle", "count", "complete"];

/// `sudokit count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: RecordArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Stop counting at N solutions and print `N+`; 0 means no limit.
    #[arg(long, value_name = "N", default_value_t = COUNT_LIMIT)]
    pub limit: u64,
}

/// Counts one puzzle's solutions for `sudokit count`. A count the input gives (tdoku's
/// `puzzle:count`, a count column) is compared: the text record says `(as given)` or
/// `(given: N)`, and a difference is a mismatch. So is a solution the input gives (tdoku's
/// `puzzle:count:solution`, a `solution` column) that does not solve the puzzle.
pub fn count(args: &CountArgs, job: &Job) -> Outcome {
    let mode = Mode::of_record(&args.output);
    let columns = csv_columns(job, COLUMNS);
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return unreadable_record(args.output.echo, mode, columns, job, e),
    };
    let at = job.position;
    let echo = |out: Vec<u8>| echo_in(args.output.echo, job, mode, out);
    let base = Outcome { header: header_of(mode, columns), ..Default::default() };
    // A count with many solutions is split over every worker of the pool.
    let o = count_split(p, &long_limits(args.limit, &args.run));
    if o.timed_out() {
        // A marker, not `N+`: a count cut short by time is no count stopped at the limit.
        return Outcome {
            out: echo(marker_record(mode, columns, job, "timeout")),
            messages: vec![super::timed_out_after(at, o.solutions)],
            status: Status::Failed,
            kind: Kind::TimedOut,
            ..base
        };
    }
    if o.solutions == 0 {
        if let Some(msg) = broken_rules(p, job) {
            return Outcome {
                out: echo(marker_record(mode, columns, job, "invalid")),
                messages: vec![msg],
                status: Status::Failed,
                kind: Kind::Invalid,
                ..base
            };
        }
    }
    let count_differs = mismatch(job, None, Some((o.solutions, o.complete)));
    let differs = count_differs.clone().or_else(|| wrong_solution_given(job, p, o.solutions));
    let (kind, status, name) = match (&differs, o.solutions) {
        (Some(_), _) => (Kind::Mismatch, Status::Mismatch, "mismatch"),
        (None, 0) => (Kind::NoSolution, Status::Ok, "ok"),
        (None, 1) => (Kind::Solved, Status::Ok, "ok"),
        (None, _) => (Kind::Multiple, Status::Ok, "ok"),
    };
    let fields = puzzle_fields(job, name).set("count", o.solutions).set("complete", o.complete);
    let out = record(mode, columns, expected_fields(fields, job), || {
        let mut text = format!("{}{}", o.solutions, if o.complete { "" } else { "+" });
        match job.expected.count {
            Some(_) if count_differs.is_none() => text.push_str(" (as given)"),
            Some(want) => text.push_str(&format!(" (given: {want})")),
            None => {}
        }
        if count_differs.is_none() && differs.is_some() {
            text.push_str(" (the solution given is wrong)");
        }
        text.push('\n');
        echo(text.into_bytes())
    });
    Outcome {
        out,
        kind,
        status,
        guesses: o.guesses,
        messages: differs.map(|m| format!("{at}: {m}")).into_iter().collect(),
        ..base
    }
}

/// Where the input gives a grid that does not solve the puzzle (`solutions` of them counted), why:
/// with the cells where it differs from one of the puzzle's solutions. A puzzle with several
/// solutions may give any of them.
fn wrong_solution_given(job: &Job, p: &Puzzle, solutions: u64) -> Option<String> {
    let given = job.expected.solution.as_ref()?;
    if p.board().is_solution(p.grid(), given) {
        return None;
    }
    let found = if solutions == 0 { None } else { p.first_solution() };
    Some(match found {
        Some(found) => format!(
            "the solution given does not solve the puzzle (it differs from a solution at {})",
            differing_cells(given, &found)
        ),
        None => "the input gives a solution, the puzzle has none".to_string(),
    })
}
