//! `sudokit bench`: load puzzle files, then print one tdoku-style throughput line per file.

use std::io::BufReader;
use std::time::Duration;
use sudokit::batch::MAX_THREADS;

use anyhow::Context;
use clap::Args;
use sudokit::bench::{BenchConfig, BenchMode, Clock};
use sudokit::{Puzzle, PuzzleReader};

use crate::args::{values, InputArgs};
use crate::input;
use crate::report::Status;

/// `sudokit bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// `unique` checks for a second solution (count up to 2); `first` stops at the first; `explain`
    /// times the human-style step path, `rate` HoDoKu's rating and `se` Sudoku Explainer's.
    #[arg(long, value_parser = values::<BenchMode>(MODES), default_value_t = BenchMode::Unique)]
    pub mode: BenchMode,
    /// Time whole passes until this many seconds have passed (at least one pass).
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    pub seconds: f64,
    /// Threads solving in parallel (one by default, so that figures compare with single-threaded peers);
    /// with `--mode se`, the threads each puzzle's rating is spread over, one puzzle at a time.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: u16,
    /// Seed of the puzzle shuffle.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time each thread by its own CPU time instead of the wall clock: time the machine spends on
    /// other work does not count, so runs on a busy machine are far steadier. With `--mode se` and
    /// more than one thread, the CPU time of all the threads.
    #[arg(long)]
    pub cpu_time: bool,
}

/// `--mode`: each [`BenchMode`] by name, with its help line.
pub const MODES: &[(&str, &str)] = &[
    ("first", "First solution only"),
    ("unique", "Uniqueness-checking solve"),
    ("explain", "The human-style step path of `explain`, with the time per puzzle (median, p99, max)"),
    ("rate", "HoDoKu's score and level (9×9), with the time per puzzle (median, p99, max)"),
    (
        "se",
        "Sudoku Explainer's ER/EP/ED (9×9), one puzzle at a time over the -j threads, with the time per puzzle \
         (median, p99, max)",
    ),
];

/// Runs the benchmark on each file in turn.
pub fn run(args: &BenchArgs) -> anyhow::Result<Status> {
    let opts = args.input.read_options()?;
    if !(args.seconds >= 0.0 && args.seconds.is_finite()) {
        anyhow::bail!("--seconds must be a non-negative number");
    }
    let config = BenchConfig {
        mode: args.mode,
        min_time: Duration::from_secs_f64(args.seconds),
        threads: args.threads as usize,
        seed: args.seed,
        clock: if args.cpu_time { Clock::ThreadCpu } else { Clock::Wall },
    };
    let mut status = Status::Ok;
    for path in &input::paths(&args.input.files) {
        let name = path.display().to_string();
        let reader = input::open(path).with_context(|| format!("cannot open {name}"))?;
        let (mut puzzles, mut positions) = (Vec::new(), Vec::new());
        for rec in PuzzleReader::new(BufReader::new(reader), opts.parse).with_variants(opts.variants) {
            let rec = rec.with_context(|| format!("reading {name}"))?;
            // Rules read with the puzzle (JSON objects, --variant) come first, as in `solve`.
            let board = rec.board;
            match rec.puzzle.map(|g| match board {
                Some(b) => Puzzle::new(b, g).map_err(|e| e.to_string()),
                None => Ok(Puzzle::classic(g)),
            }) {
                Ok(Ok(p)) => {
                    puzzles.push(p);
                    positions.push(rec.position);
                }
                Ok(Err(e)) => {
                    crate::output::message(format_args!("sudokit: {name}: {e} (left out of the benchmark)"));
                    status = Status::Unreadable;
                }
                Err(e) => {
                    crate::output::message(format_args!("sudokit: {name}: {e} (left out of the benchmark)"));
                    status = Status::Unreadable;
                }
            }
        }
        let report = sudokit::bench::run(&puzzles, &config).map_err(|e| {
            // The error counts the puzzles benchmarked; the file's own numbers and lines say
            // which it is where unreadable records were left out.
            match e.index().and_then(|i| Some((positions.get(i)?, i))) {
                Some((at, i)) => {
                    let message = e.to_string();
                    let why = message.strip_prefix(&format!("puzzle {}: ", i + 1)).unwrap_or(&message);
                    anyhow::anyhow!("benchmarking {name}: {at}: {why}")
                }
                None => anyhow::Error::new(e).context(format!("benchmarking {name}")),
            }
        })?;
        crate::output::line(format_args!("file={name} {report}"))?;
    }
    Ok(status)
}
