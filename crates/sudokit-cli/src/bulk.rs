//! Bulk runs of `solve`, `count`, `check` and `canon`: the library's streaming engine
//! ([`sudokit::batch::stream`]) with this tool's output side.
//!
//! The engine reads the inputs in chunks, processes them on every core and delivers the results in
//! input order; here they are written to a locked, buffered stdout, their messages go to stderr with
//! the `sudokit: INPUT:` prefix, a progress bar counts them on a terminal, and the [`Reporter`] keeps
//! the exit status and the `--stats` counters. Every input record gives exactly one output record (a
//! marker when it failed), so output lines up with input.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudokit::batch::{self, InputError, Job, Sink, Source, StreamError, StreamOptions};

use crate::args::{thread_pool, ReadOptions, RunArgs};
use crate::input;
use crate::output::{flush, write};
use crate::record::{csv_header, Columns};
use crate::report::{Outcome, Reporter};

/// Runs `process` over every puzzle of `files` (stdin when empty or `-`), writing to stdout.
pub fn run(
    files: &[PathBuf],
    read: ReadOptions,
    run: &RunArgs,
    process: impl Fn(&Job) -> Outcome + Sync,
) -> anyhow::Result<Reporter> {
    let pool = thread_pool(run.threads)?;
    let (sources, options) = sources(files, read);
    let stdout = io::stdout();
    let mut w = Writer::new(stdout.lock(), run);
    let start = Instant::now();
    // The output record moves into the engine's buffer as it is: the worker gathers a chunk's records.
    let processed = batch::stream(
        &pool,
        sources,
        &options,
        |job, out| {
            let mut o = process(job);
            *out = std::mem::take(&mut o.out);
            o
        },
        &mut w,
    );
    finish(processed, w, start)
}

/// Runs `process` over every puzzle of `files` one after the other on this thread, with stdout in
/// hand: for output that must go out as it is made (every solution of a puzzle), in bounded memory.
/// `process` writes its record's bytes itself; before, `prepare` gives the record's CSV columns (for
/// the header before the first row) and whether a blank line separates it from the record before.
pub fn run_streaming(
    files: &[PathBuf],
    read: ReadOptions,
    run: &RunArgs,
    prepare: impl Fn(&Job) -> (Option<Columns>, bool),
    mut process: impl FnMut(&Job, &mut dyn Write) -> anyhow::Result<Outcome>,
) -> anyhow::Result<Reporter> {
    let (sources, options) = sources(files, read);
    let stdout = io::stdout();
    let mut w = Writer::new(stdout.lock(), run);
    let start = Instant::now();
    let processed = batch::for_each_record(
        sources,
        &options,
        |job, w: &mut Writer<_>| {
            let (columns, separate) = prepare(job);
            w.header(columns)?;
            if separate && w.wrote_any {
                write(&mut w.out, b"\n")?;
            }
            let mut o = process(job, &mut w.out)?;
            // The record's solutions are out; a marker that ends it comes back in `o.out`.
            write(&mut w.out, &std::mem::take(&mut o.out))?;
            w.wrote_any = true;
            o.multiline = false;
            Ok(o)
        },
        &mut w,
    );
    finish(processed, w, start)
}

/// The sources of a run's inputs (stdin for none or `-`) and how to read them.
fn sources(files: &[PathBuf], read: ReadOptions) -> (Vec<Source>, StreamOptions) {
    let paths = input::paths(files);
    let several = paths.len() > 1;
    let mark_rules = several && paths.iter().any(|p| may_carry_rules(p, &read));
    let sources =
        paths.into_iter().map(|path| Source::new(input::name(&path), move || input::open(&path))).collect();
    let cancel = crate::interrupt::flag().clone();
    (
        sources,
        StreamOptions {
            parse: read.parse,
            variants: read.variants,
            cancel,
            column: read.column,
            detect_symbols: read.detect_symbols,
            mark_rules,
            // Each input's records are numbered from 1: with several, a record names its input.
            name_inputs: several,
            ..StreamOptions::default()
        },
    )
}

/// Whether the input at `path` may carry rules ([`sudokit::Notation::rules`]), as its first record
/// tells (its layout is known from the first bytes): then every input of the run is read as one
/// that may, so that a CSV output has one set of columns for all of them.
///
/// Only regular files are looked at: reading a pipe or standard input ahead would take its records
/// from the run, or wait for them before the inputs listed earlier are answered. Such an input may
/// carry rules as far as the run knows: its rows and every other input's get the rule columns (empty
/// for the classic rules), so that they always line up with the one header.
fn may_carry_rules(path: &std::path::Path, read: &ReadOptions) -> bool {
    use std::io::Read;
    if input::is_stdin(path) || !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return true;
    }
    let Ok(file) = input::open(path) else { return false };
    // Enough for the first record of any layout but a huge JSON document, which needs only its
    // first bytes to be known as JSON.
    let head = io::BufReader::new(file.take(1 << 16));
    sudokit::PuzzleReader::new(head, read.parse)
        .with_variants(read.variants)
        .with_column(read.column.clone())
        .next()
        .and_then(Result::ok)
        .is_some_and(|r| r.notation.rules)
}

/// Ends a run: flushes, clears the progress bar and turns a stream's failure into the run's.
fn finish<W: Write>(
    processed: Result<(), StreamError<anyhow::Error>>,
    mut w: Writer<W>,
    start: Instant,
) -> anyhow::Result<Reporter> {
    let reader_stopped = match processed {
        Ok(()) => false,
        Err(StreamError::ReaderPanicked) => true,
        Err(StreamError::Sink(e)) => return Err(e),
        Err(StreamError::WorkerPanicked) => {
            anyhow::bail!("internal error: a worker stopped while solving; the output is incomplete")
        }
        // Ctrl-C: what was delivered is written below, and `main` says so.
        Err(StreamError::Cancelled) => false,
        Err(e) => anyhow::bail!("internal error: {e}"),
    };
    w.close_array()?;
    flush(&mut w.out)?;
    w.pb.finish_and_clear();
    let mut reporter = w.reporter;
    reporter.stats.seconds = start.elapsed().as_secs_f64();
    if reader_stopped {
        // A reader that died (a bug, never bad input) ends the input like a finished one would: say
        // so, or the records it never read would be lost without a word.
        reporter.input_error("input", "internal error: the reader stopped early; the output is incomplete");
    }
    Ok(reporter)
}

fn progress_bar(run: &RunArgs) -> ProgressBar {
    if run.no_progress || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{spinner} {human_pos} puzzles, {per_sec}, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb
}

/// The ordered output side of a bulk run: records to stdout, messages to stderr, counts to the reporter.
struct Writer<W: Write> {
    out: W,
    /// Whether a CSV header was written.
    wrote_header: bool,
    /// The input's array of boards whose answers are being written as one array, if any.
    open_array: Option<u32>,
    pb: ProgressBar,
    wrote_any: bool,
    /// The input being delivered, for message prefixes.
    input: Arc<str>,
    reporter: Reporter,
}

impl<W: Write> Writer<W> {
    fn new(out: W, run: &RunArgs) -> Writer<io::BufWriter<W>> {
        Writer {
            out: io::BufWriter::with_capacity(1 << 16, out),
            wrote_header: false,
            open_array: None,
            pb: progress_bar(run),
            wrote_any: false,
            input: "<stdin>".into(),
            reporter: Reporter::new(),
        }
    }
}

impl<W: Write> Writer<W> {
    /// Ends the array of boards being written, if any.
    fn close_array(&mut self) -> anyhow::Result<()> {
        if self.open_array.take().is_some() {
            write(&mut self.out, b"]\n")?;
        }
        Ok(())
    }

    /// Writes a record that is an element of the input's array of boards `array`: the elements of one
    /// array go out as one array, on one line, as they came in.
    fn array_element(&mut self, array: u32, out: &[u8]) -> anyhow::Result<()> {
        if self.open_array == Some(array) {
            write(&mut self.out, b",")?;
        } else {
            self.close_array()?;
            write(&mut self.out, b"[")?;
            self.open_array = Some(array);
        }
        write(&mut self.out, out.strip_suffix(b"\n").unwrap_or(out))
    }

    /// Writes the CSV header before the first CSV record.
    fn header(&mut self, columns: Option<Columns>) -> anyhow::Result<()> {
        if let Some(columns) = columns.filter(|_| !self.wrote_header) {
            write(&mut self.out, csv_header(columns).as_bytes())?;
            self.wrote_header = true;
        }
        Ok(())
    }
}

impl<W: Write> Sink<Outcome> for Writer<W> {
    type Error = anyhow::Error;

    fn input(&mut self, name: &Arc<str>) -> anyhow::Result<()> {
        self.close_array()?;
        self.input = Arc::clone(name);
        Ok(())
    }

    fn input_error(&mut self, error: InputError) -> anyhow::Result<()> {
        self.reporter.input_error(&self.input, &error.to_string());
        Ok(())
    }

    fn record(&mut self, out: &[u8], o: Outcome) -> anyhow::Result<()> {
        self.header(o.header)?;
        match o.array {
            Some(array) => self.array_element(array, out)?,
            None => {
                self.close_array()?;
                if o.multiline && self.wrote_any {
                    write(&mut self.out, b"\n")?;
                }
                if !out.is_empty() {
                    write(&mut self.out, out)?;
                }
            }
        }
        self.wrote_any |= !out.is_empty();
        if !o.messages.is_empty() {
            // Keep stdout and stderr in step when both go to one terminal or file.
            flush(&mut self.out)?;
            let (input, reporter) = (&self.input, &self.reporter);
            self.pb.suspend(|| reporter.messages(input, &o.messages));
        }
        self.reporter.record(&o);
        Ok(())
    }

    fn chunk_done(&mut self) -> anyhow::Result<()> {
        self.pb.set_position(self.reporter.stats.puzzles);
        Ok(())
    }
}
