//! Messages on stderr, the exit status, and the `--stats` summary.
//!
//! Exit status contract (also in `--help` and the README):
//! - 0: every puzzle was read and handled (for `check`: every puzzle is unique);
//! - 1: some puzzle has no solution, breaks the rules, timed out (for `check`: is not unique);
//! - 2: some input could not be read (unreadable records, missing files, I/O errors).
//!
//! The highest applicable status wins.

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
}

/// How one record went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Handled.
    #[default]
    Ok = 0,
    /// Read, but the answer is a failure (no solution, invalid, timed out, not unique for check).
    Failed = 1,
    /// Not readable.
    Unreadable = 2,
}

/// What a record turned out to be, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// Solved with exactly one solution (or solved when uniqueness was not asked).
    #[default]
    Solved,
    /// Solved, with more than one solution.
    Multiple,
    /// No solution.
    NoSolution,
    /// Givens that break the rules.
    Invalid,
    /// Not readable.
    Unreadable,
    /// Stopped by `--timeout`.
    TimedOut,
}

/// Counters for `--stats`.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub puzzles: u64,
    pub solved: u64,
    pub multiple: u64,
    pub no_solution: u64,
    pub invalid: u64,
    pub unreadable: u64,
    pub timed_out: u64,
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
            Kind::NoSolution => s.no_solution += 1,
            Kind::Invalid => s.invalid += 1,
            Kind::Unreadable => s.unreadable += 1,
            Kind::TimedOut => s.timed_out += 1,
        }
    }

    /// The `--stats` line.
    pub fn summary(&self) -> String {
        let s = &self.stats;
        let rate = if s.seconds > 0.0 { s.puzzles as f64 / s.seconds } else { 0.0 };
        format!(
            "puzzles={} solved={} no_solution={} invalid={} multiple={} unreadable={} timed_out={} seconds={:.3} puzzles_per_sec={:.0}",
            s.puzzles, s.solved, s.no_solution, s.invalid, s.multiple, s.unreadable, s.timed_out, s.seconds, rate
        )
    }
}
