//! `sudokit canon`: the canonical (minlex) form of each puzzle or grid read, so equivalent puzzles
//! print the same line. Reads input exactly like `solve` (through the bulk pipeline); see
//! [`sudokit::canon`] for the convention.

use clap::Args;
use sudokit::batch::Job;
use sudokit::canon::canonical;
use sudokit::format::write_grid;
use sudokit::OutputFormat;

use super::marker;
use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::report::{Kind, Outcome, Status};

/// `sudokit canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output layout [default: line].
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The canonical form of one puzzle.
pub fn canon(args: &CanonArgs, job: &Job) -> Outcome {
    let format = args.output.format().unwrap_or(OutputFormat::Line);
    let multiline = format.is_multiline();
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            return Outcome {
                out: marker(format, "unreadable"),
                multiline,
                messages: vec![e.to_string()],
                status: Status::Unreadable,
                kind: Kind::Unreadable,
                ..Default::default()
            }
        }
    };
    match canonical(p.grid()) {
        Ok(c) => {
            let mut out = Vec::new();
            write_grid(&c, format, &mut out);
            Outcome { out, multiline, ..Default::default() }
        }
        Err(e) => Outcome {
            out: marker(format, "unsupported"),
            multiline,
            messages: vec![format!("{}: {e}", job.position)],
            status: Status::Failed,
            kind: Kind::Invalid,
            ..Default::default()
        },
    }
}
