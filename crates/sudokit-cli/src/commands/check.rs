//! `sudokit check`: a verdict on each puzzle (unique, multiple, no solution or invalid).

use clap::Args;
use sudokit::batch::Job;
use sudokit::format::minimality;
use sudokit::{Conflict, OutputFormat, Puzzle, Verdict};

use super::{
    csv_columns, differing_cells, expected_fields, grid_text, grid_value, header_of, limits, marker_record,
    mismatch, mode_of, puzzle_fields, record, unreadable_record,
};
use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::record::Columns;
use crate::report::{Kind, Outcome, Status};

/// The CSV columns of `check`.
const COLUMNS: Columns = &["index", "status", "puzzle", "solution", "detail"];

/// `sudokit check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Layout of the two solutions shown for a puzzle with several (line by default), or `json` / `csv`
    /// for records.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Also say whether each unique puzzle is minimal, naming the givens that can each go, alone,
    /// with the solution staying unique: `unique, minimal` or `unique, not minimal: r1c2 r5c5 can
    /// each go` (CSV: in `detail`; JSON: also `minimal` and `redundant`).
    #[arg(long)]
    pub minimal: bool,
}

/// Judges one puzzle for `sudokit check`.
pub fn check(args: &CheckArgs, job: &Job) -> Outcome {
    let mode = mode_of(job, args.output.format(), Some(OutputFormat::Line));
    let columns = csv_columns(job, COLUMNS);
    let p: &Puzzle = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            let mut o = unreadable_record(false, mode, columns, job, e);
            if matches!(mode, super::Mode::Text(_)) {
                o.out = format!("{}\n", super::unread_name(e)).into_bytes();
                if args.output.echo {
                    o.out = super::echoed(job, OutputFormat::Line, o.out);
                }
            }
            o.multiline = false;
            return o;
        }
    };
    let (verdict, o) = p.check_within(limits(0, &args.run));
    let at = job.position;
    let base = Outcome { header: header_of(mode, columns), guesses: o.guesses, ..Default::default() };
    let timed_out = |base: Outcome| {
        let out = record(mode, columns, puzzle_fields(job, "timeout"), || b"timeout\n".to_vec());
        let messages = vec![format!("{at}: timed out")];
        Outcome { out, messages, status: Status::Failed, kind: Kind::TimedOut, ..base }
    };
    if o.timed_out() {
        return timed_out(base);
    }
    let fields = |status: &str| expected_fields(puzzle_fields(job, status), job);
    let (solution, count) = match &verdict {
        Verdict::Unique(g) => (Some(g), Some((1, true))),
        Verdict::NoSolution | Verdict::Invalid(_) => (None, Some((0, true))),
        Verdict::Multiple { .. } => (None, Some((2, false))),
        _ => (None, None),
    };
    if let Some(m) = mismatch(job, solution, count) {
        let mut f = fields("mismatch").set("detail", m.clone());
        if let Some(g) = solution {
            f = f.set("solution", grid_value(g, job));
        }
        let out = record(mode, columns, f, || format!("mismatch: {}\n", m).into_bytes());
        return Outcome {
            out,
            messages: vec![format!("{at}: {m}")],
            status: Status::Mismatch,
            kind: Kind::Mismatch,
            ..base
        };
    }
    // The givens that can go, for --minimal: a second look at a unique puzzle, one count per given.
    let redundant = match (&verdict, args.minimal) {
        (Verdict::Unique(_), true) => match p.redundant_givens(limits(0, &args.run)) {
            Ok(cells) => Some(cells),
            Err(_) => return timed_out(base),
        },
        _ => None,
    };
    let (out, kind, status) = match &verdict {
        Verdict::Unique(g) => {
            let mut f = fields("ok").set("solution", grid_value(g, job));
            let mut text = "unique".to_string();
            if let Some(cells) = &redundant {
                let names: Vec<String> = cells.iter().map(|c| c.name(p.grid().shape())).collect();
                let detail = minimality(&names);
                text = format!("{text}, {detail}");
                f = f.set("detail", detail).set("minimal", names.is_empty()).set("redundant", names);
            }
            (record(mode, columns, f, || format!("{text}\n").into_bytes()), Kind::Solved, Status::Ok)
        }
        Verdict::NoSolution => {
            // Why, where a short argument shows it: the singles from the givens, or every case of
            // one cell or digit, ending at a dead end.
            let (f, text) = match p.why_no_solution() {
                Some(why) => {
                    let why = why.text_in(job.notation.symbols);
                    (fields("no_solution").set("detail", why.clone()), format!("no solution: {why}\n"))
                }
                None => (fields("no_solution"), "no solution\n".to_string()),
            };
            (record(mode, columns, f, || text.into_bytes()), Kind::NoSolution, Status::Failed)
        }
        Verdict::Invalid(c) => {
            let detail = Conflict::list_in(c, job.notation.symbols);
            let out = record(mode, columns, fields("invalid").set("detail", detail.clone()), || {
                format!("invalid: {detail}\n").into_bytes()
            });
            (out, Kind::Invalid, Status::Failed)
        }
        Verdict::Multiple { first, second } => {
            let detail = format!("solutions differ at {}", differing_cells(first, second));
            let f = fields("multiple").set("detail", detail.clone());
            let out = record(mode, columns, f, || {
                let mut out = format!("multiple: {detail}\n").into_bytes();
                for g in [first, second] {
                    let mut text = Vec::new();
                    grid_text(g, mode.layout(), job, &mut text);
                    for line in text.split_inclusive(|&b| b == b'\n') {
                        out.extend_from_slice(b"  ");
                        out.extend_from_slice(line);
                    }
                }
                out
            });
            (out, Kind::Multiple, Status::Multiple)
        }
        _ => (marker_record(mode, columns, job, verdict.name()), Kind::Solved, Status::Failed),
    };
    let out = match mode {
        super::Mode::Text(_) if args.output.echo => super::echoed(job, OutputFormat::Line, out),
        _ => out,
    };
    Outcome { out, kind, status, ..base }
}
