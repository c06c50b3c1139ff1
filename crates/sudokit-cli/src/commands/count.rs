//! `sudokit count`: the number of solutions of each puzzle, up to a limit.

use clap::Args;
use sudokit::batch::{count_split, Job};

use super::{broken_rules, failed, long_limits, unreadable};
use crate::args::{InputArgs, RunArgs};
use crate::report::{Kind, Outcome};

/// Default `--limit` of `count`.
pub const COUNT_LIMIT: u64 = 1_000_000;

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

/// Counts one puzzle's solutions for `sudokit count`.
pub fn count(args: &CountArgs, job: &Job) -> Outcome {
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return unreadable(e, b"!unreadable\n".to_vec()),
    };
    let at = job.position;
    // A count with many solutions is split over every worker of the pool.
    let o = count_split(p, &long_limits(args.limit, &args.run));
    let text = format!("{}{}\n", o.solutions, if o.complete { "" } else { "+" });
    if o.timed_out() {
        // A marker, not `N+`: a count cut short by time is no count stopped at the limit.
        return failed(
            Kind::TimedOut,
            b"!timeout\n".to_vec(),
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
