//! Writing to standard output: a closed pipe ends the run quietly, any other write error ends it with
//! status 2.

use std::io::{self, Write};

/// A broken pipe means the reader has all it wants: stop quietly.
#[derive(Debug)]
pub struct BrokenPipe;

impl std::fmt::Display for BrokenPipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("broken pipe")
    }
}
impl std::error::Error for BrokenPipe {}

fn io_error(e: io::Error) -> anyhow::Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        anyhow::Error::new(BrokenPipe)
    } else {
        anyhow::Error::new(e).context("writing the output")
    }
}

/// Writes to the output; a broken pipe becomes [`BrokenPipe`], any other error a message for exit status 2.
pub fn write(out: &mut impl Write, bytes: &[u8]) -> anyhow::Result<()> {
    out.write_all(bytes).map_err(io_error)
}

/// Flushes the output, with the same error handling as [`write()`].
pub fn flush(out: &mut impl Write) -> anyhow::Result<()> {
    out.flush().map_err(io_error)
}
