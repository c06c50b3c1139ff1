//! The `sudokit` command-line tool: argument parsing, streaming input and output, and reporting.
//! All Sudoku logic lives in the `sudokit` library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod args;
mod bench;
mod canon;
mod generate;
mod pipeline;
mod report;
mod solve;

const AFTER_HELP: &str = "\
Exit status:
  0  every puzzle was read and answered (for `check`: every puzzle is unique)
  1  some puzzle has no solution, breaks the rules or timed out (for `check`: is not unique)
  2  some input could not be read (bad records, missing files, I/O errors) or the arguments are wrong

A puzzle that fails keeps its place in the output with a marker record (`!no solution`, `!invalid`,
`!unreadable`, `!timeout`; `null` in JSON), and a message naming the puzzle number, line and column
goes to stderr.";

/// A Sudoku toolkit: solve, count and check puzzles in every common layout.
#[derive(Parser, Debug)]
#[command(name = "sudokit", version, about, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle and print its solution (or every solution with --all).
    #[command(after_help = AFTER_HELP)]
    Solve(solve::SolveArgs),
    /// Print the number of solutions of each puzzle (with `N+` when the limit stopped the count).
    #[command(after_help = AFTER_HELP)]
    Count(solve::CountArgs),
    /// Print a verdict for each puzzle: unique, multiple, no solution or invalid.
    #[command(after_help = AFTER_HELP)]
    Check(solve::CheckArgs),
    /// Measure solving throughput on puzzle files (tdoku-style: verified outside the timed part).
    Bench(bench::BenchArgs),
    /// Generate random complete grids or puzzles with a unique solution.
    Generate(generate::GenerateArgs),
    /// Print the canonical (minlex) form of each puzzle: equivalent puzzles print the same.
    #[command(after_help = AFTER_HELP)]
    Canon(canon::CanonArgs),
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) if e.is::<pipeline::BrokenPipe>() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudokit: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    let (reporter, stats) = match &cli.command {
        Command::Bench(a) => return Ok(ExitCode::from(bench::run(a)? as u8)),
        Command::Generate(a) => return generate::run(a),
        Command::Canon(a) => bulk(&a.input, &a.run, a.input.parse_options()?.into(), |j| canon::canon(a, j))?,
        Command::Solve(a) => bulk(&a.input, &a.run, a.input.read_options()?, |j| solve::solve(a, j))?,
        Command::Count(a) => bulk(&a.input, &a.run, a.input.read_options()?, |j| solve::count(a, j))?,
        Command::Check(a) => bulk(&a.input, &a.run, a.input.read_options()?, |j| solve::check(a, j))?,
    };
    if stats {
        eprintln!("{}", reporter.summary());
    }
    Ok(ExitCode::from(reporter.status as u8))
}

/// Streams every puzzle of the command's inputs through `process`; returns the reporter and whether
/// `--stats` was asked for.
fn bulk(
    input: &args::InputArgs,
    run: &args::RunArgs,
    read: pipeline::ReadOptions,
    process: impl Fn(&pipeline::Job) -> pipeline::Outcome + Sync,
) -> anyhow::Result<(report::Reporter, bool)> {
    let reporter = pipeline::run(&input.files, read, run, pipeline::classic_boards(), process)?;
    Ok((reporter, run.stats))
}
