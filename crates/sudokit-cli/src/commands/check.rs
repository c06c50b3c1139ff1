//! `sudokit check`: a verdict on each puzzle (unique, multiple, no solution or invalid).

use clap::Args;
use sudokit::batch::Job;
use sudokit::format::write_grid;
use sudokit::{OutputFormat, Puzzle, Verdict};

use super::{conflicts_text, failed, limits, unreadable};
use crate::args::{InputArgs, OutputArgs, RunArgs};
use crate::report::{Kind, Outcome, Status};

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
