//! Writing to standard output: a closed pipe ends the run quietly, any other write error ends it with
//! status 2.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a message could not be written to standard error (a full disk, a closed descriptor):
/// the run then ends with status 2, since what it had to say was lost.
static MESSAGE_LOST: AtomicBool = AtomicBool::new(false);

/// Writes one line to standard error. A failure cannot be reported there, so it is remembered for the
/// exit status ([`messages_lost`]) instead of panicking as `eprintln!` does. A broken pipe is not
/// one: as on standard output, the reader has all it wants (`sudokit solve … 2>&1 | head -1`).
pub fn message(text: impl std::fmt::Display) {
    if let Err(e) = writeln!(io::stderr().lock(), "{text}") {
        if e.kind() != io::ErrorKind::BrokenPipe {
            MESSAGE_LOST.store(true, Ordering::Relaxed);
        }
    }
}

/// Whether some message to standard error was lost.
pub fn messages_lost() -> bool {
    MESSAGE_LOST.load(Ordering::Relaxed)
}

/// Writes one line to standard output, with the error handling of [`write()`].
pub fn line(text: impl std::fmt::Display) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush()).map_err(io_error)
}

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
pub fn write(out: &mut (impl Write + ?Sized), bytes: &[u8]) -> anyhow::Result<()> {
    out.write_all(bytes).map_err(io_error)
}

/// Flushes the output, with the same error handling as [`write()`].
pub fn flush(out: &mut impl Write) -> anyhow::Result<()> {
    out.flush().map_err(io_error)
}
