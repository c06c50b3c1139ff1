//! Messages on stderr, the exit status, and the `--stats` summary.
//!
//! Exit status contract (also in `--help`, [`EXIT_STATUS`], and the README): see [`Status`]. When
//! several apply, the most severe wins: 2, then 4, then 1, then 3.

use std::fmt::Write as _;

/// What processing one puzzle produced.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The output record, ending with a newline.
    pub out: Vec<u8>,
    /// Whether the record spans lines, so that records are separated by a blank line.
    pub multiline: bool,
    /// Messages for stderr (without the `sudokit: file:` prefix).
    pub messages: Vec<String>,
    /// How it went, for the exit status.
    pub status: Status,
    /// What it was, for `--stats`.
    pub kind: Kind,
    /// Guesses the engine made, for `--stats`.
    pub guesses: u64,
    /// The CSV columns, when the record is a CSV row: the header is written before the first one.
    pub header: Option<crate::record::Columns>,
    /// The input's array of boards the record is an element of, when it is written as a JSON board:
    /// the records of one array are written as one array.
    pub array: Option<u32>,
}

/// How one record went. The variants are in order of severity (the run's status is the most
/// severe of its records'); [`Status::code`] is the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// The asked-for answer.
    #[default]
    Ok,
    /// More than one solution (`solve` printed the first; `check` says `multiple`).
    Multiple,
    /// No answer: no solution, givens that break the rules, timed out, not supported.
    Failed,
    /// An answer that disagrees with the one the input gives (a solution column, an expected count).
    Mismatch,
    /// Not readable.
    Unreadable,
}

impl Status {
    /// The exit status of a run whose most severe record went this way.
    pub fn code(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Failed => 1,
            Status::Unreadable => 2,
            Status::Multiple => 3,
            Status::Mismatch => 4,
        }
    }
}

/// The exit status table, as `--help` and the README print it.
pub const EXIT_STATUS: &str = "\
Exit status:
  0    every puzzle got the asked-for answer
  1    some puzzle has no solution, breaks the rules, timed out or is not supported
       (`generate`: no puzzle of the asked difficulty or rating was found)
  2    some input could not be read (unreadable records, missing files, I/O errors) or the
       arguments are wrong
  3    some puzzle has more than one solution (`solve` prints the first, `check` says so)
  4    some answer disagrees with the one the input gives (a solution column, an expected count)
  130  interrupted by Ctrl-C (the records finished before it were written, in order)
When several apply, the most severe wins: 2, then 4, then 1, then 3.";

/// What a record turned out to be, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// Solved with exactly one solution (or solved when uniqueness was not asked).
    #[default]
    Solved,
    /// Solved, with more than one solution.
    Multiple,
    /// More than one solution, and so no answer: the ratings, explanations, hints, backdoors and
    /// minimal forms need exactly one. Counted under `multiple` only, not `solved`.
    Ambiguous,
    /// No solution.
    NoSolution,
    /// Givens that break the rules.
    Invalid,
    /// A board or rules the command does not cover (the ratings off classic 9×9, `canon` on
    /// variant rules).
    Unsupported,
    /// Not readable.
    Unreadable,
    /// Stopped by `--timeout`.
    TimedOut,
    /// Solved, but the answer disagrees with the one the input gives.
    Mismatch,
}

impl Kind {
    /// The exit status of a record left unanswered as this kind: 3 for several solutions, as the
    /// table says, 1 for the rest.
    pub fn unanswered_status(self) -> Status {
        if self == Kind::Ambiguous {
            Status::Multiple
        } else {
            Status::Failed
        }
    }
}

/// Counters for `--stats`.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub puzzles: u64,
    pub solved: u64,
    pub multiple: u64,
    pub no_solution: u64,
    pub invalid: u64,
    pub unsupported: u64,
    pub unreadable: u64,
    pub timed_out: u64,
    pub mismatched: u64,
    pub guesses: u64,
    pub seconds: f64,
}

/// Collects the exit status and statistics, and prints messages.
#[derive(Debug, Default)]
pub struct Reporter {
    pub status: Status,
    pub stats: Stats,
}

impl Reporter {
    pub fn new() -> Self {
        Self::default()
    }

    /// A file that could not be opened or read.
    pub fn input_error(&mut self, input: &str, msg: &str) {
        crate::output::message(format_args!("sudokit: {input}: {msg}"));
        self.status = self.status.max(Status::Unreadable);
    }

    /// Messages about one record.
    pub fn messages(&self, input: &str, msgs: &[String]) {
        if msgs.is_empty() {
            return;
        }
        let mut text = String::new();
        for m in msgs {
            let _ = writeln!(text, "sudokit: {input}: {m}");
        }
        crate::output::message(text.trim_end());
    }

    /// Counts one record.
    pub fn record(&mut self, o: &Outcome) {
        self.status = self.status.max(o.status);
        let s = &mut self.stats;
        s.puzzles += 1;
        s.guesses += o.guesses;
        match o.kind {
            Kind::Solved => s.solved += 1,
            Kind::Multiple => {
                s.solved += 1;
                s.multiple += 1
            }
            Kind::Ambiguous => s.multiple += 1,
            Kind::NoSolution => s.no_solution += 1,
            Kind::Invalid => s.invalid += 1,
            Kind::Unsupported => s.unsupported += 1,
            Kind::Unreadable => s.unreadable += 1,
            Kind::TimedOut => s.timed_out += 1,
            Kind::Mismatch => {
                s.solved += 1;
                s.mismatched += 1
            }
        }
    }

    /// The `--stats` line.
    pub fn summary(&self) -> String {
        let s = &self.stats;
        let rate = if s.seconds > 0.0 { s.puzzles as f64 / s.seconds } else { 0.0 };
        format!(
            "puzzles={} solved={} no_solution={} invalid={} unsupported={} multiple={} unreadable={} timed_out={} mismatched={} seconds={:.3} puzzles_per_sec={:.0}",
            s.puzzles,
            s.solved,
            s.no_solution,
            s.invalid,
            s.unsupported,
            s.multiple,
            s.unreadable,
            s.timed_out,
            s.mismatched,
            s.seconds,
            rate
        )
    }
}
