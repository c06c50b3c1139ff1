//! `sudokit backdoor`: each puzzle's backdoor size (the fewest cells to give before naked and
//! hidden singles solve the rest) and every backdoor of that size.

use clap::Args;
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::rate::backdoor::backdoors;
use sudokit::rate::Unrated;

use super::rate::unrated_kind;
use super::{
    csv_columns, echo_in, header_of, marker_record, puzzle_fields, record, unreadable_record, why_suffix,
    Mode, Tally,
};
use crate::args::{InputArgs, RecordArgs, RunArgs};
use crate::record::{Columns, Machine};
use crate::report::{Kind, Outcome, Status};

/// The CSV columns of `backdoor`.
const COLUMNS: Columns = &["index", "status", "puzzle", "backdoor_size", "backdoor_count", "backdoors"];

/// `sudokit backdoor`.
#[derive(Args, Debug)]
pub struct BackdoorArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: RecordArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Look for backdoors of at most N cells: beyond, the size is reported as `>N`. Each more cell
    /// multiplies the work by about the number of empty cells; 3 covers the hardest known puzzles.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub max_size: usize,
}

/// The size distribution `--stats` prints: puzzles per backdoor size, beyond `--max-size`, and
/// without backdoors (unreadable, or not exactly one solution).
#[derive(Debug, Default)]
pub struct Sizes {
    by_size: Vec<u64>,
    beyond: u64,
    none: u64,
}

impl Sizes {
    fn add(&mut self, size: Option<Option<usize>>) {
        match size {
            Some(Some(s)) => {
                if self.by_size.len() <= s {
                    self.by_size.resize(s + 1, 0);
                }
                self.by_size[s] += 1;
            }
            Some(None) => self.beyond += 1,
            None => self.none += 1,
        }
    }

    /// One line: `backdoor_size: 0=12 1=80 2=7 >3=0 none=1`.
    pub fn summary(&self, max_size: usize) -> String {
        let mut parts: Vec<String> =
            (0..=max_size).map(|s| format!("{s}={}", self.by_size.get(s).copied().unwrap_or(0))).collect();
        parts.push(format!(">{max_size}={}", self.beyond));
        parts.push(format!("none={}", self.none));
        format!("backdoor_size: {}", parts.join(" "))
    }
}

/// Finds one puzzle's backdoors for `sudokit backdoor`, counting its size in `sizes`.
pub fn backdoor(args: &BackdoorArgs, job: &Job, sizes: &Tally<Sizes>) -> Outcome {
    let mode = Mode::of_record(&args.output);
    let columns = csv_columns(job, COLUMNS);
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            sizes.add(|s| s.add(None));
            return unreadable_record(args.output.echo, mode, columns, job, e);
        }
    };
    let echo = |out: Vec<u8>| echo_in(args.output.echo, job, mode, out);
    let base = Outcome { header: header_of(mode, columns), ..Default::default() };
    let b = match backdoors(p, args.max_size) {
        Ok(b) => b,
        Err(why) => {
            sizes.add(|s| s.add(None));
            let kind = unrated_kind(&why);
            // Why there is no solution, where a short argument shows it, as `check` says it.
            let because =
                if why == Unrated::NoSolution { why_suffix(p, job.notation.symbols) } else { String::new() };
            return Outcome {
                out: echo(marker_record(mode, columns, job, why.status())),
                messages: vec![format!(
                    "{}: no backdoors: {}{because}",
                    job.position,
                    why.text_in(job.notation.symbols)
                )],
                status: kind.unanswered_status(),
                kind,
                ..base
            };
        }
    };
    sizes.add(|s| s.add(Some(b.size)));
    let names = b.names_in(p.grid().shape(), job.notation.symbols);
    // In text and CSV, a backdoor's cells are joined by commas and backdoors by spaces.
    let sets: Vec<String> = names.iter().map(|set| set.join(",")).collect();
    let listed = match mode {
        Mode::Machine(Machine::Json) => Value::from(names),
        _ => Value::from(sets.join(" ")),
    };
    let fields = puzzle_fields(job, "ok")
        .set("backdoor_size", b.size.map_or(Value::Null, Value::from))
        .set("backdoor_count", b.sets.len())
        .set("backdoors", listed)
        .set("max_size", b.max_size);
    let out = record(mode, columns, fields, || {
        let text = match b.size {
            None => format!(">{}", b.max_size),
            Some(0) => "0".to_string(),
            Some(size) => format!("{size} {} {}", sets.len(), sets.join(" ")),
        };
        echo(format!("{text}\n").into_bytes())
    });
    Outcome { out, kind: Kind::Solved, status: Status::Ok, ..base }
}
