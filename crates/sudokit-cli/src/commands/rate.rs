//! `sudokit rate`: each puzzle's difficulty on both community scales, Sudoku Explainer's ER/EP/ED
//! and HoDoKu's score and level, with the hardest technique.

use clap::Args;
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::rate::hodoku::{HodokuRating, Level};
use sudokit::rate::se::SeRating;
use sudokit::rate::{rate_or_outline, Ratings, Unrated};
use sudokit::OutputFormat;

use super::{echo_in, header_of, marker_record, puzzle_fields, record, unreadable_record, Mode, Tally};
use crate::args::{values, InputArgs, Output, RunArgs};
use crate::record::Columns;
use crate::report::{Kind, Outcome, Status};

/// The CSV columns of `rate` (JSON records carry `index` and `status` before them).
const COLUMNS: Columns = &["puzzle", "er", "ep", "ed", "hodoku_score", "hodoku_level", "hardest_technique"];

/// The values of `rate -o`.
pub const RATE_FORMATS: &[(&str, &str)] = &[
    ("line", "One line per puzzle: ER/EP/ED, HoDoKu score, HoDoKu level, hardest technique"),
    (
        "json",
        "JSON Lines: index, status, puzzle, er, ep, ed, hodoku_score, hodoku_level, hardest_technique, step_count",
    ),
    ("csv", "CSV with the header puzzle,er,ep,ed,hodoku_score,hodoku_level,hardest_technique"),
];

/// `sudokit rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format [default: line].
    #[arg(long, short = 'o', value_name = "FORMAT", value_parser = values::<Output>(RATE_FORMATS))]
    pub output_format: Option<Output>,
    /// Print each input puzzle, on one line, before its rating (JSON and CSV records always carry
    /// the puzzle).
    #[arg(long)]
    pub echo: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The ER buckets of `--stats` (in tenths, inclusive upper bounds), as the rating datasets use them.
const ER_BUCKETS: [(&str, u16); 7] = [
    ("1.0-2.5", 25),
    ("2.6-4.0", 40),
    ("4.1-6.5", 65),
    ("6.6-7.9", 79),
    ("8.0-8.9", 89),
    ("9.0-9.9", 99),
    (">=10.0", u16::MAX),
];

/// The rating distribution `--stats` prints.
#[derive(Debug, Default)]
pub struct Distribution {
    er: [u64; ER_BUCKETS.len()],
    er_unrated: u64,
    levels: [u64; Level::ALL.len()],
    level_unrated: u64,
}

impl Distribution {
    fn add(&mut self, se: Option<&SeRating>, hodoku: Option<&HodokuRating>) {
        match se {
            Some(r) => {
                let i = ER_BUCKETS
                    .iter()
                    .position(|&(_, max)| r.er_tenths <= max)
                    .unwrap_or(ER_BUCKETS.len() - 1);
                self.er[i] += 1;
            }
            None => self.er_unrated += 1,
        }
        match hodoku {
            Some(r) => self.levels[r.level as usize] += 1,
            None => self.level_unrated += 1,
        }
    }

    /// Two lines: puzzles per ER bucket, and per HoDoKu level.
    pub fn summary(&self) -> String {
        let mut er: Vec<String> =
            ER_BUCKETS.iter().zip(self.er).map(|((name, _), n)| format!("{name}={n}")).collect();
        er.push(format!("unrated={}", self.er_unrated));
        let mut levels: Vec<String> =
            Level::ALL.iter().zip(self.levels).map(|(l, n)| format!("{}={n}", l.name())).collect();
        levels.push(format!("unrated={}", self.level_unrated));
        format!("er: {}\nhodoku_level: {}", er.join(" "), levels.join(" "))
    }
}

/// The record mode of `-o` (line by default).
fn mode(args: &RateArgs) -> Mode {
    match args.output_format {
        Some(Output::Machine(m)) => Mode::Machine(m),
        _ => Mode::Text(OutputFormat::Line),
    }
}

fn tenths(t: u16) -> Value {
    Value::from(f64::from(t) / 10.0)
}

/// Rates one puzzle for `sudokit rate`, counting it in `dist`.
pub fn rate(args: &RateArgs, job: &Job, dist: &Tally<Distribution>) -> Outcome {
    let mode = mode(args);
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            dist.add(|d| d.add(None, None));
            return unreadable_record(mode, COLUMNS, job, e);
        }
    };
    // The puzzle on the line before the rating, so that a rated file reads as serate's output does.
    let echo = |out: Vec<u8>| echo_in(args.echo, job, mode, out);
    let at = job.position;
    let ratings = match rate_or_outline(p) {
        (Ok(r), _) => r,
        (Err(why), path) => {
            dist.add(|d| d.add(None, None));
            let kind = unrated_kind(&why);
            let mut messages = vec![format!("{at}: {}", why.message())];
            let out = match path {
                // Neither scale covers the board; the human solver's path still has a length and a
                // hardest technique.
                Some(Ok(o)) => {
                    let hardest = o.hardest.map(|t| t.name().to_string());
                    let values = Values { se: None, hodoku: None, hardest, steps: Some(o.steps) };
                    values.record(mode, job, why.status())
                }
                other => {
                    if let Some(Err(e)) = other {
                        messages.push(format!("{at}: {}", e.outline_message()));
                    }
                    marker_record(mode, COLUMNS, job, why.status())
                }
            };
            return Outcome {
                out: echo(out),
                messages,
                status: if kind == Kind::Multiple { Status::Multiple } else { Status::Failed },
                kind,
                header: header_of(mode, COLUMNS),
                ..Default::default()
            };
        }
    };
    let messages: Vec<String> = ratings.problems().iter().map(|m| format!("{at}: {m}")).collect();
    let Ratings { se, hodoku } = ratings;
    dist.add(|d| d.add(se.as_ref().ok(), hodoku.as_ref().ok()));
    let complete = se.is_ok() && hodoku.is_ok();
    let se = se.ok();
    let values = Values {
        hardest: se.as_ref().map(|r| r.hardest.clone()),
        steps: se.as_ref().map(|r| r.steps),
        se,
        hodoku: hodoku.ok(),
    };
    let out = echo(values.record(mode, job, if complete { "ok" } else { "partial" }));
    let (status, kind) = if complete { (Status::Ok, Kind::Solved) } else { (Status::Failed, Kind::TimedOut) };
    Outcome { out, messages, status, kind, header: header_of(mode, COLUMNS), ..Default::default() }
}

/// What a record of `rate` reports, each `None` where it could not be worked out.
struct Values {
    se: Option<SeRating>,
    hodoku: Option<HodokuRating>,
    /// The hardest technique and the step count: of Sudoku Explainer's path on classic 9×9
    /// puzzles, of the human solver's on other boards.
    hardest: Option<String>,
    steps: Option<usize>,
}

impl Values {
    /// The record with `status`: in text, `ER/EP/ED SCORE LEVEL TECHNIQUE` with `?` for what is
    /// missing (the caller echoes the puzzle before it).
    fn record(&self, mode: Mode, job: &Job, status: &str) -> Vec<u8> {
        let mut fields = puzzle_fields(job, status);
        if let Some(r) = &self.se {
            fields = fields
                .set("er", tenths(r.er_tenths))
                .set("ep", tenths(r.ep_tenths))
                .set("ed", tenths(r.ed_tenths));
        } else {
            fields = fields.set("er", Value::Null).set("ep", Value::Null).set("ed", Value::Null);
        }
        fields = match &self.hodoku {
            Some(r) => fields.set("hodoku_score", r.score).set("hodoku_level", r.level.name()),
            None => fields.set("hodoku_score", Value::Null).set("hodoku_level", Value::Null),
        };
        fields = fields
            .set("hardest_technique", self.hardest.clone().map_or(Value::Null, Value::from))
            .set("step_count", self.steps.map_or(Value::Null, Value::from));
        record(mode, COLUMNS, fields, || {
            let se_text = self.se.as_ref().map_or_else(
                || "?/?/?".to_string(),
                |r| format!("{:.1}/{:.1}/{:.1}", r.er(), r.ep(), r.ed()),
            );
            let hodoku_text = self
                .hodoku
                .as_ref()
                .map_or_else(|| "? ?".to_string(), |r| format!("{} {}", r.score, r.level));
            format!("{se_text} {hodoku_text} {}\n", self.hardest.as_deref().unwrap_or("?")).into_bytes()
        })
    }
}

/// How a puzzle the ratings refuse counts in `--stats`.
pub(super) fn unrated_kind(why: &Unrated) -> Kind {
    match why {
        Unrated::Unsupported { .. } => Kind::Unsupported,
        Unrated::Multiple => Kind::Multiple,
        Unrated::NoSolution => Kind::NoSolution,
        Unrated::Undecided => Kind::TimedOut,
        // Givens that break the rules.
        _ => Kind::Invalid,
    }
}
