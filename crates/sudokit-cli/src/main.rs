//! The `sudokit` command-line tool: argument parsing, streaming input and output, and reporting.
//! All Sudoku logic lives in the `sudokit` library.

use std::process::ExitCode;

use clap::Parser;

mod args;
mod bulk;
mod commands;
mod input;
mod output;
mod report;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) if e.is::<output::BrokenPipe>() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudokit: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    commands::run(&commands::Cli::parse())
}
