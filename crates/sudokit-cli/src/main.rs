//! The `sudokit` command-line tool: argument parsing, streaming input and output, and reporting.
//! All Sudoku logic lives in the `sudokit` library.

use std::process::ExitCode;

use clap::Parser;

mod args;
mod bulk;
mod commands;
mod input;
mod interrupt;
mod output;
mod pencil;
mod record;
mod report;

/// The step solver and the raters allocate many small, short-lived vectors; see Cargo.toml.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    interrupt::install();
    let code = match run() {
        Ok(_) if interrupt::interrupted() => {
            output::message("sudokit: interrupted; the records finished before it were written");
            ExitCode::from(interrupt::STATUS)
        }
        Ok(code) => code,
        Err(e) if e.is::<output::BrokenPipe>() => ExitCode::SUCCESS,
        Err(e) => {
            output::message(format_args!("sudokit: {e:#}"));
            ExitCode::from(2)
        }
    };
    if output::messages_lost() {
        ExitCode::from(2)
    } else {
        code
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let cli = match commands::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    commands::run(&cli)
}

/// Prints `--help`, `--version` or a usage error as clap would, but through the checked writers, so
/// that a full disk or a closed output is an error (status 2) and never a panic.
fn usage(e: &clap::Error) -> anyhow::Result<ExitCode> {
    use clap::error::ErrorKind;
    use std::io::IsTerminal;
    let to_stdout = matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion);
    // Colours only on a terminal, as clap itself prints them.
    let terminal = if to_stdout { std::io::stdout().is_terminal() } else { std::io::stderr().is_terminal() };
    let styled = e.render();
    let text = if terminal { styled.ansi().to_string() } else { styled.to_string() };
    if to_stdout {
        output::write(&mut std::io::stdout().lock(), text.as_bytes())?;
        output::flush(&mut std::io::stdout().lock())?;
        return Ok(ExitCode::SUCCESS);
    }
    output::message(text.trim_end());
    Ok(ExitCode::from(2))
}
