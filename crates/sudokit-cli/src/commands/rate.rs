//! `sudokit rate`: each puzzle's difficulty on both community scales, Sudoku Explainer's ER/EP/ED
//! and HoDoKu's score and level (or on one alone, `--scale`), with the hardest technique.

use clap::Args;
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::rate::hodoku::{HodokuRating, Level};
use sudokit::rate::se::SeRating;
use sudokit::rate::{
    rate_or_outline_with, rate_pencil_on_with, rating_line, Outline, Ratings, Scales, Unrated,
};
use sudokit::rules::Variants;
use sudokit::{OutputFormat, Puzzle, Symbols};

use super::{echo_in, header_of, puzzle_fields, record, status_marker, unreadable_record, Mode, Tally};
use crate::args::{values, InputArgs, Output, RunArgs};
use crate::record::{extended, Columns, Fields, Machine};
use crate::report::{Kind, Outcome, Status};

/// The CSV columns of `rate` (JSON records carry `index` and `status` before them).
const COLUMNS: Columns = &["puzzle", "er", "ep", "ed", "hodoku_score", "hodoku_level", "hardest_technique"];

/// [`COLUMNS`] for an input whose records may carry rules ([`sudokit::Notation::rules`]): the rule
/// columns last, so that the header still starts as the ratings' own.
static RULES_COLUMNS: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| [COLUMNS, &sudokit::parse::RULE_FIELDS[..]].concat());

/// The CSV columns of `rate --pencil`: the pencil marks (their line form) in place of the puzzle.
const PENCIL_COLUMNS: Columns =
    &["pencil", "er", "ep", "ed", "hodoku_score", "hodoku_level", "hardest_technique"];

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
    /// Read pencil-mark grids instead of puzzles (a Sukaku, or a grid part way through: 729-character
    /// lines, boxed candidate grids, the JSON records of `candidates -o json`, the CSV of `rate
    /// --pencil -o csv`, or lines of HoDoKu's library format) and rate the rest of the solution from their
    /// candidates as they are: a cell of one candidate whose digit a peer still has is a naked single
    /// to place. Records name the input `pencil` (its line form) in place of `puzzle`; where the
    /// first record may carry rules (a JSON record, or such a CSV), CSV rows end with each record's
    /// `box`, `variants`, `regions` and `cages`.
    #[arg(long, conflicts_with_all = ["input_format", "size", "box_shape", "symbols", "variant", "column"])]
    pub pencil: bool,
    /// The scales to rate on. One alone takes a part of the time (each solves the puzzle its own
    /// way); the other's fields stay empty (`null` in JSON), and the hardest technique and step
    /// count are those of the scale's own path.
    #[arg(long, value_name = "SCALE", default_value = "both", value_parser = values::<Scales>(SCALES))]
    pub scale: Scales,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The values of `rate --scale`, in the order of [`Scales::ALL`].
pub const SCALES: &[(&str, &str)] = &[
    ("both", "Sudoku Explainer's ER/EP/ED and HoDoKu's score and level"),
    ("se", "Sudoku Explainer's ER/EP/ED alone (ER/EP/ED TECHNIQUE as text), as serate rates"),
    (
        "hodoku",
        "HoDoKu's score and level alone (SCORE LEVEL TECHNIQUE as text), the technique by HoDoKu's name",
    ),
];

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

    /// A line for each scale of `scales`: puzzles per ER bucket, and per HoDoKu level.
    pub fn summary(&self, scales: Scales) -> String {
        let mut er: Vec<String> =
            ER_BUCKETS.iter().zip(self.er).map(|((name, _), n)| format!("{name}={n}")).collect();
        er.push(format!("unrated={}", self.er_unrated));
        let mut levels: Vec<String> =
            Level::ALL.iter().zip(self.levels).map(|(l, n)| format!("{}={n}", l.name())).collect();
        levels.push(format!("unrated={}", self.level_unrated));
        let mut lines = Vec::new();
        if scales.has_se() {
            lines.push(format!("er: {}", er.join(" ")));
        }
        if scales.has_hodoku() {
            lines.push(format!("hodoku_level: {}", levels.join(" ")));
        }
        lines.join("\n")
    }
}

/// The record mode of `-o` (line by default).
fn mode(args: &RateArgs) -> Mode {
    match args.output_format {
        Some(Output::Machine(m)) => Mode::Machine(m),
        _ => Mode::Text(OutputFormat::Line),
    }
}

pub(super) fn tenths(t: u16) -> Value {
    Value::from(f64::from(t) / 10.0)
}

/// Rates one puzzle for `sudokit rate`, counting it in `dist`.
pub fn rate(args: &RateArgs, job: &Job, dist: &Tally<Distribution>) -> Outcome {
    let mode = mode(args);
    let columns = if job.notation.rules { RULES_COLUMNS.as_slice() } else { COLUMNS };
    let columns = extended(columns, false, job.input.is_some());
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => {
            dist.add(|d| d.add(None, None));
            return unreadable_record(args.echo, mode, columns, job, e);
        }
    };
    let rec = Rec {
        mode,
        scales: args.scale,
        columns,
        head: &|status| puzzle_fields(job, status),
        // The puzzle on the line before the rating, so that a rated file reads as serate's output does.
        echo: &|out| echo_in(args.echo, job, mode, out),
        at: job.position.to_string(),
        puzzle: Some((p, job.notation.symbols)),
    };
    rec.outcome(rate_or_outline_with(p, rec.scales, crate::interrupt::se_options()), dist)
}

/// Rates one pencil-mark grid for `sudokit rate --pencil` (the record `pencil`, in `input` of
/// several): the rest of the solution from its candidates as they are.
pub fn rate_pencil(
    args: &RateArgs,
    pencil: &crate::pencil::Record,
    input: Option<&str>,
    dist: &Tally<Distribution>,
) -> Outcome {
    let (text, at) = (pencil.text.as_str(), pencil.at);
    let mode = mode(args);
    // The rule columns where the run's records may carry rules, so that the CSV reads back under
    // them (last, as for puzzles, so that the header still starts as the ratings' own).
    let columns = extended(PENCIL_COLUMNS, pencil.rules, input.is_some());
    let head =
        |pencil: &str, status: &str| Fields::new(at.puzzle, status).with_input(input).set("pencil", pencil);
    // `--pencil` takes no `--variant`: a JSON record's own rules, if any.
    // Nor `--box`: both scales rate classic 9×9 marks only.
    let (marks, board) = match pencil.marks_under(Variants::default(), None, None) {
        Ok(read) => (read.marks, read.board),
        Err(message) => {
            dist.add(|d| d.add(None, None));
            let out = record(mode, columns, head(text.trim(), "unreadable"), || {
                status_marker(mode.layout(), "unreadable")
            });
            return Outcome {
                out,
                messages: vec![message],
                status: Status::Unreadable,
                kind: Kind::Unreadable,
                header: header_of(mode, columns),
                ..Default::default()
            };
        }
    };
    let line = marks.to_line_form();
    // The rules go with the marks, so that the record reads back under them: in JSON always, in
    // CSV where the columns have them.
    let with_rules = match mode {
        Mode::Machine(Machine::Json) => true,
        Mode::Machine(Machine::Csv) => pencil.rules,
        _ => false,
    };
    let rec = Rec {
        mode,
        scales: args.scale,
        columns,
        head: &|status| {
            if with_rules {
                head(&line, status).with_rules_of(&board)
            } else {
                head(&line, status)
            }
        },
        echo: &|out| match mode {
            Mode::Text(_) if args.echo => [format!("{line} ").into_bytes(), out].concat(),
            _ => out,
        },
        at: at.to_string(),
        puzzle: None,
    };
    rec.outcome(
        rate_pencil_on_with(
            std::sync::Arc::clone(&board),
            &marks,
            rec.scales,
            crate::interrupt::se_options(),
        ),
        dist,
    )
}

/// How one input's rating record is written: its mode, scales and CSV columns, its first fields
/// (number, status and input) for a status, what goes before it in text (`--echo`), and its
/// position for messages.
struct Rec<'a> {
    mode: Mode,
    scales: Scales,
    columns: Columns,
    head: &'a dyn Fn(&str) -> Fields,
    echo: &'a dyn Fn(Vec<u8>) -> Vec<u8>,
    at: String,
    /// The puzzle rated, whose messages say why it has no solution where it has none (pencil
    /// marks have none: the solver's own words say where they contradict themselves), and the
    /// symbols its digits were written in, for those messages.
    puzzle: Option<(&'a Puzzle, Symbols)>,
}

impl Rec<'_> {
    /// The outcome of the ratings (or why there are none, with the outline of the path where the
    /// board is what neither scale covers), counted in `dist`.
    fn outcome(
        &self,
        rated: (Result<Ratings, Unrated>, Option<Result<Outline, Unrated>>),
        dist: &Tally<Distribution>,
    ) -> Outcome {
        let (mode, at) = (self.mode, &self.at);
        let ratings = match rated {
            (Ok(r), _) => r,
            (Err(why), path) => {
                let reason =
                    self.puzzle.map_or_else(|| why.message(), |(p, symbols)| why.message_for(p, symbols));
                let mut messages = vec![format!("{at}: {reason}")];
                let out = match path {
                    // Neither scale covers the board; the human solver's path still has a length
                    // and a hardest technique.
                    Some(Ok(o)) => {
                        let hardest = o.hardest.map(|t| t.name().to_string());
                        let values = Values {
                            scales: self.scales,
                            se: None,
                            hodoku: None,
                            hardest,
                            steps: Some(o.steps),
                        };
                        Some(values.record(mode, self.columns, (self.head)(why.status())))
                    }
                    other => {
                        if let Some(Err(e)) = other {
                            messages.push(format!("{at}: {}", e.outline_message()));
                        }
                        None
                    }
                };
                return self.unrated(&why, out, messages, dist);
            }
        };
        let messages: Vec<String> = ratings.problems().iter().map(|m| format!("{at}: {m}")).collect();
        dist.add(|d| d.add(ratings.se_rating(), ratings.hodoku_rating()));
        let complete = ratings.is_complete();
        let (hardest, steps) = ratings.hardest_and_steps().unzip();
        let Ratings { se, hodoku } = ratings;
        let values = Values {
            scales: self.scales,
            se: se.and_then(Result::ok),
            hodoku: hodoku.and_then(Result::ok),
            hardest,
            steps,
        };
        let head = (self.head)(if complete { "ok" } else { "partial" });
        let out = (self.echo)(values.record(mode, self.columns, head));
        let (status, kind) =
            if complete { (Status::Ok, Kind::Solved) } else { (Status::Failed, Kind::TimedOut) };
        Outcome { out, messages, status, kind, header: header_of(mode, self.columns), ..Default::default() }
    }

    /// The outcome of an input not rated for `why`: `out`, else the marker of its status, with
    /// `messages`, counted in `dist`.
    fn unrated(
        &self,
        why: &Unrated,
        out: Option<Vec<u8>>,
        messages: Vec<String>,
        dist: &Tally<Distribution>,
    ) -> Outcome {
        dist.add(|d| d.add(None, None));
        let (mode, status) = (self.mode, why.status());
        let out = out.unwrap_or_else(|| {
            record(mode, self.columns, (self.head)(status), || status_marker(mode.layout(), status))
        });
        let kind = unrated_kind(why);
        Outcome {
            out: (self.echo)(out),
            messages,
            status: kind.unanswered_status(),
            kind,
            header: header_of(mode, self.columns),
            ..Default::default()
        }
    }
}

/// What a record of `rate` reports on `scales`, each `None` where it could not be worked out or
/// was not asked for.
struct Values {
    scales: Scales,
    se: Option<SeRating>,
    hodoku: Option<HodokuRating>,
    /// The hardest technique and the step count: of Sudoku Explainer's path on classic 9×9
    /// puzzles (of HoDoKu's with `--scale hodoku`), of the human solver's on other boards.
    hardest: Option<String>,
    steps: Option<usize>,
}

impl Values {
    /// The record after its first fields `head`: in text, `ER/EP/ED SCORE LEVEL TECHNIQUE` (the
    /// scale not asked for left out) with `?` for what is missing (the caller echoes the input
    /// before it).
    fn record(&self, mode: Mode, columns: Columns, head: Fields) -> Vec<u8> {
        let mut fields = head;
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
        record(mode, columns, fields, || {
            let line =
                rating_line(self.scales, self.se.as_ref(), self.hodoku.as_ref(), self.hardest.as_deref());
            format!("{line}\n").into_bytes()
        })
    }
}

/// How a puzzle the ratings refuse counts in `--stats`.
pub(super) fn unrated_kind(why: &Unrated) -> Kind {
    match why {
        Unrated::Unsupported { .. } => Kind::Unsupported,
        Unrated::Multiple => Kind::Ambiguous,
        Unrated::NoSolution => Kind::NoSolution,
        Unrated::Undecided => Kind::TimedOut,
        // Givens that break the rules.
        _ => Kind::Invalid,
    }
}
