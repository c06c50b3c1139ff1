//! `sudokit minimize`: each puzzle reduced to a minimal one with the same solution, by removing
//! givens one at a time while the solution stays unique (see [`sudokit::generate::minimize`]).

use clap::Args;
use serde_json::Value;
use sudokit::batch::Job;
use sudokit::format::rules_fields;
use sudokit::generate::{minimize as reduce, rng_for, Symmetry};
use sudokit::{Conflict, OutputFormat, Verdict};

use super::generate::SYMMETRIES;
use super::{csv_columns, grid_text, grid_value, header_of, limits, marker_record, mode_of, puzzle_fields};
use super::{echo_in, record, unreadable_record, why_suffix};
use crate::args::{values, InputArgs, OutputArgs, RunArgs};
use crate::record::{json_object, Columns};
use crate::report::{Kind, Outcome, Status};

/// The CSV columns of `minimize`.
const COLUMNS: Columns = &["index", "status", "puzzle", "minimal", "givens", "removed"];

/// `sudokit minimize`.
#[derive(Args, Debug)]
pub struct MinimizeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Try the givens in a random order drawn from this seed (each puzzle from its own stream, by
    /// its number, so the output is the same on any thread count) instead of reading order.
    /// Different seeds may give different minimal puzzles.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Remove the givens of each symmetric group (a cell and its images) together: a puzzle with
    /// this symmetry keeps it, and comes out minimal under it (a single given may still go).
    /// `random`, the list's last, is left out: it names no one symmetry to keep.
    #[arg(long, value_name = "SYMMETRY", value_parser = values::<Symmetry>(&SYMMETRIES[..6]), default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,
}

/// Minimizes one puzzle for `sudokit minimize`.
pub fn minimize(args: &MinimizeArgs, job: &Job) -> Outcome {
    let mode = mode_of(job, args.output.format(), None);
    let columns = csv_columns(job, COLUMNS);
    let p = match &job.puzzle {
        Ok(p) => p,
        Err(e) => return unreadable_record(args.output.echo, mode, columns, job, e),
    };
    let at = job.position;
    let base =
        Outcome { multiline: mode.multiline(), header: header_of(mode, columns), ..Default::default() };
    // Puzzle numbers start at 1, streams at 0: the first puzzle's order is that of `rng_for(seed, 0)`.
    let mut rng = args.seed.map(|seed| rng_for(seed, at.puzzle.saturating_sub(1) as u64));
    let m = match reduce(p, args.symmetry, rng.as_mut(), limits(0, &args.run)) {
        Ok(m) => m,
        Err(verdict) => {
            let (status, kind, code, why) = match &verdict {
                Verdict::Multiple { .. } => {
                    ("multiple", Kind::Ambiguous, Status::Multiple, "more than one solution".to_string())
                }
                Verdict::NoSolution => (
                    "no_solution",
                    Kind::NoSolution,
                    Status::Failed,
                    format!("no solution{}", why_suffix(p, job.notation.symbols)),
                ),
                Verdict::Invalid(c) => (
                    "invalid",
                    Kind::Invalid,
                    Status::Failed,
                    Conflict::broken_rules_in(c, job.notation.symbols),
                ),
                _ => ("timeout", Kind::TimedOut, Status::Failed, "timed out".into()),
            };
            return Outcome {
                out: marker_record(mode, columns, job, status),
                messages: vec![format!("{at}: not minimized: {why}")],
                status: code,
                kind,
                ..base
            };
        }
    };
    let shape = p.grid().shape();
    let names: Vec<String> = m.removed.iter().map(|c| c.name(shape)).collect();
    let removed = match mode {
        super::Mode::Machine(crate::record::Machine::Json) => Value::from(names),
        _ => Value::from(names.join(" ")),
    };
    let fields = puzzle_fields(job, "ok")
        .set("minimal", grid_value(&m.puzzle, job))
        .set("givens", m.puzzle.givens())
        .set("removed", removed);
    // A killer puzzle's givens alone would read back as another puzzle: on a line it is written as
    // a JSON puzzle object with its cages (as `generate` writes one); the grid layouts, which have
    // no place for cages, say so.
    let killer = !p.board().cages().is_empty();
    let out = record(mode, columns, fields, || {
        let mut text = Vec::new();
        match mode.layout() {
            OutputFormat::Line if killer => {
                let mut fields = vec![("puzzle", grid_value(&m.puzzle, job))];
                fields.extend(rules_fields(p.board()));
                json_object(fields.iter().map(|(n, v)| (*n, v)), &mut text);
            }
            layout => grid_text(&m.puzzle, layout, job, &mut text),
        }
        echo_in(args.output.echo, job, mode, text)
    });
    let mut messages = Vec::new();
    if killer && matches!(mode, super::Mode::Text(f) if f != OutputFormat::Line) {
        messages.push(format!(
            "{at}: note: the cages are not written in this layout; -o line, json or csv keep them"
        ));
    }
    // Orbits went whole all the same; the setter asked for a symmetry the puzzle did not have.
    if !args.symmetry.holds(&m.puzzle) {
        messages.push(format!(
            "{at}: note: the givens are not {}-symmetric, and neither is the answer",
            args.symmetry
        ));
    }
    Outcome { out, messages, ..base }
}
