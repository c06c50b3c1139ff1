//! `sudokit canon`: the canonical (minlex) form of each puzzle or grid read, so equivalent puzzles
//! print the same. Reads input exactly like `solve` (through the bulk pipeline) and writes in the
//! input's layout unless `-o` says otherwise; see [`sudokit::canon`] for the convention.

use clap::Args;
use sudokit::batch::Job;
use sudokit::canon::canonical_under;

use super::{
    csv_columns, grid_text, grid_value, header_of, marker_record, mode_of, puzzle_fields, record,
    unreadable_record,
};
use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::record::Columns;
use crate::report::{Kind, Outcome, Status};

/// The CSV columns of `canon`.
const COLUMNS: Columns = &["index", "status", "puzzle", "canonical"];

/// `sudokit canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The canonical form of one puzzle.
pub fn canon(args: &CanonArgs, job: &Job) -> Outcome {
    let mode = mode_of(job, args.output.format(), None);
    let columns = csv_columns(job, COLUMNS);
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return unreadable_record(args.output.echo, mode, columns, job, e),
    };
    let base =
        Outcome { multiline: mode.multiline(), header: header_of(mode, columns), ..Default::default() };
    match canonical_under(p.board(), p.grid()) {
        Ok(c) => {
            let fields = puzzle_fields(job, "ok").set("canonical", grid_value(&c, job));
            let out = record(mode, columns, fields, || {
                let mut text = Vec::new();
                grid_text(&c, mode.layout(), job, &mut text);
                if args.output.echo {
                    super::echoed(job, mode.layout(), text)
                } else {
                    text
                }
            });
            Outcome { out, ..base }
        }
        Err(e) => Outcome {
            out: marker_record(mode, columns, job, "unsupported"),
            messages: vec![format!("{}: {e}", job.position)],
            status: Status::Failed,
            kind: Kind::Unsupported,
            ..base
        },
    }
}
