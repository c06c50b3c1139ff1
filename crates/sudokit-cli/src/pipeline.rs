//! The bulk pipeline: stream puzzles in, solve them on every core, write results out in input order.
//!
//! A reader thread cuts the input into chunks of records and sends them through a bounded channel; the
//! main thread hands each chunk to a rayon worker and writes the finished chunks in input order. Memory
//! therefore stays bounded by a few chunks per worker whatever the input size, and reading, solving and
//! writing overlap. Puzzles one to a line (the bulk case) reach the workers unparsed: the reader only
//! splits lines, and parsing runs on every core with the solving. Every input record gives exactly one
//! output record (a marker when it failed), so output lines up with input.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudokit::{
    Batch, Board, Layout, LineBatch, ParseError, ParseOptions, Position, Puzzle, PuzzleReader, Record, Shape,
    Variants,
};

use crate::args::RunArgs;
use crate::report::{Kind, Reporter, Status};

/// Records per chunk: large enough to amortise the hand-over between threads, small enough to keep
/// memory and latency low.
const CHUNK: usize = 1024;
/// Chunks the reader may run ahead of the solvers.
const AHEAD: usize = 4;

/// One puzzle to process.
#[derive(Debug)]
pub struct Job {
    /// Where it came from.
    pub position: Position,
    /// The layout it was written in.
    pub layout: Layout,
    /// The puzzle, or why it could not be read or set up.
    pub puzzle: Result<Puzzle, ParseError>,
}

/// What processing one job produced.
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

enum Item {
    /// A puzzle the reader parsed and set up.
    Job(Job),
    /// Puzzles in the line layout, parsed and set up by the workers.
    Lines(LineBatch),
    /// A file that could not be opened or read, or that held no puzzle.
    InputError(String),
    /// The start of a new input, for message prefixes.
    Input(Arc<str>),
}

/// How to read the inputs: the layout settings and the variant rules of plain-layout puzzles.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Layout, shape and symbols.
    pub parse: ParseOptions,
    /// Rules for puzzles that do not bring their own (JSON puzzle objects do).
    pub variants: Variants,
}

impl From<ParseOptions> for ReadOptions {
    fn from(parse: ParseOptions) -> Self {
        ReadOptions { parse, variants: Variants::default() }
    }
}

/// Builds the rules for grids of a shape that did not bring their own; the default gives the classic
/// rules.
pub type BoardFor = dyn Fn(Shape) -> Result<Arc<Board>, String> + Send + Sync;

/// The classic rules, looked up once per shape.
pub fn classic_boards() -> Box<BoardFor> {
    let cache: std::sync::Mutex<Vec<(Shape, Arc<Board>)>> = std::sync::Mutex::new(Vec::new());
    Box::new(move |shape| {
        let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, b)) = c.iter().find(|(s, _)| *s == shape) {
            return Ok(Arc::clone(b));
        }
        let b = Board::classic_shared(shape);
        c.push((shape, Arc::clone(&b)));
        Ok(b)
    })
}

/// Sets up the puzzle of a record: under the rules it brought, else those `board` gives for its shape.
fn job(rec: Record, board: impl FnOnce(Shape) -> Result<Arc<Board>, String>) -> Job {
    let position = rec.position;
    let own = rec.board;
    let puzzle = rec.puzzle.and_then(|g| {
        let board = match own {
            Some(b) => b,
            None => board(g.shape()).map_err(|m| ParseError {
                position,
                kind: sudokit::ParseErrorKind::Grid(sudokit::GridError::Unsupported { what: m }),
            })?,
        };
        Puzzle::new(board, g).map_err(|e| ParseError { position, kind: e.into() })
    });
    Job { position, layout: rec.layout, puzzle }
}

/// Runs `process` over every puzzle of `files` (stdin when empty or `-`), writing to stdout.
pub fn run(
    files: &[PathBuf],
    opts: impl Into<ReadOptions>,
    run: &RunArgs,
    board_for: Box<BoardFor>,
    process: impl Fn(&Job) -> Outcome + Sync,
) -> anyhow::Result<Reporter> {
    let threads = run
        .threads
        .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |t| t as usize);
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("starting worker threads")?;
    let files: Vec<PathBuf> = if files.is_empty() { vec![PathBuf::from("-")] } else { files.to_vec() };
    let opts = opts.into();
    let board_for: Arc<BoardFor> = Arc::from(board_for);
    let (tx, rx) = sync_channel::<Vec<Item>>(AHEAD);
    let reader = {
        let board_for = Arc::clone(&board_for);
        std::thread::spawn(move || read_all(&files, opts, &*board_for, |chunk| tx.send(chunk).is_ok()))
    };
    let mut reporter = Reporter::new();
    let result = write_all(rx, &pool, &process, &*board_for, run, &mut reporter);
    // Dropping the receiver (on a broken pipe) makes the reader stop at its next send.
    let joined = reader.join();
    result?;
    if joined.is_err() {
        // A reader that died (a bug, never bad input) ends the channel like a finished input would:
        // say so, or the records it never read would be lost without a word.
        reporter.input_error("input", "internal error: the reader stopped early; the output is incomplete");
    }
    Ok(reporter)
}

fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        Ok(Box::new(File::open(path)?))
    }
}

fn read_all(
    files: &[PathBuf],
    opts: ReadOptions,
    board_for: &BoardFor,
    mut send: impl FnMut(Vec<Item>) -> bool,
) {
    let mut chunk = Vec::new();
    // Records in `chunk`: a line batch is one item but many records.
    let mut records = 0usize;
    for path in files {
        let name: Arc<str> =
            if path.as_os_str() == "-" { "<stdin>".into() } else { path.display().to_string().into() };
        chunk.push(Item::Input(Arc::clone(&name)));
        let input = match open(path) {
            Ok(i) => i,
            Err(e) => {
                chunk.push(Item::InputError(format!("cannot open: {e}")));
                continue;
            }
        };
        let mut found = 0usize;
        let mut reader = PuzzleReader::new(BufReader::with_capacity(1 << 16, input), opts.parse)
            .with_variants(opts.variants);
        loop {
            let n = match reader.next_batch(CHUNK - records) {
                Ok(None) => break,
                Ok(Some(Batch::Records(recs))) => {
                    let n = recs.len();
                    chunk.extend(recs.into_iter().map(|rec| Item::Job(job(rec, board_for))));
                    n
                }
                Ok(Some(Batch::Lines(lines))) => {
                    let n = lines.len();
                    chunk.push(Item::Lines(lines));
                    n
                }
                Err(e) => {
                    chunk.push(Item::InputError(format!("read error after {found} puzzles: {e}")));
                    break;
                }
            };
            found += n;
            records += n;
            if records >= CHUNK {
                records = 0;
                if !send(std::mem::take(&mut chunk)) {
                    return;
                }
            }
        }
        if found == 0 {
            chunk
                .push(Item::InputError("no puzzle found (the input is empty or holds only comments)".into()));
        }
    }
    if !chunk.is_empty() {
        send(chunk);
    }
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

fn write_all(
    rx: Receiver<Vec<Item>>,
    pool: &rayon::ThreadPool,
    process: &(impl Fn(&Job) -> Outcome + Sync),
    board_for: &BoardFor,
    run: &RunArgs,
    reporter: &mut Reporter,
) -> anyhow::Result<()> {
    let stdout = io::stdout();
    let mut w = Writer {
        out: io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        pb: progress_bar(run),
        wrote_any: false,
        input: "<stdin>".into(),
    };
    let start = Instant::now();
    // Chunks are solved as pool tasks while the main thread writes the chunks already done, so no worker
    // waits for the output or for the slowest puzzle of a chunk; a chunk is itself split among idle
    // workers, so a short file of hard puzzles still uses every core. Results come back out of order
    // and are written in order; at most `in_flight` chunks are alive, which bounds memory.
    let in_flight = 2 * pool.current_num_threads() + 2;
    let (done_tx, done_rx) = channel::<(u64, Vec<Item>, Solved)>();
    let mut pending: BTreeMap<u64, (Vec<Item>, Solved)> = BTreeMap::new();
    let (mut sent, mut written) = (0u64, 0u64);
    pool.in_place_scope(|scope| -> anyhow::Result<()> {
        let mut chunks = rx.into_iter();
        loop {
            while sent - written < in_flight as u64 {
                let Some(chunk) = chunks.next() else { break };
                let done_tx = done_tx.clone();
                let seq = sent;
                scope.spawn(move |_| {
                    // Caught so that the main thread, waiting for this chunk, always hears back.
                    let outcomes = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        solve_chunk(&chunk, process, board_for)
                    }));
                    // The receiver only goes away when writing failed; the result is then unwanted.
                    let _ = done_tx.send((seq, chunk, outcomes.map_err(|_| ())));
                });
                sent += 1;
            }
            if sent == written {
                return Ok(());
            }
            // Every spawned chunk sends exactly once and `done_tx` lives here, so this never ends early.
            let Ok((seq, chunk, outcomes)) = done_rx.recv() else { return Ok(()) };
            pending.insert(seq, (chunk, outcomes));
            while let Some((chunk, outcomes)) = pending.remove(&written) {
                let outcomes = outcomes.map_err(|()| {
                    anyhow::anyhow!(
                        "internal error: a worker stopped while solving; the output is incomplete"
                    )
                })?;
                w.chunk(&chunk, outcomes, reporter)?;
                written += 1;
            }
        }
    })?;
    flush(&mut w.out)?;
    w.pb.finish_and_clear();
    reporter.stats.seconds = start.elapsed().as_secs_f64();
    Ok(())
}

/// A chunk's outcomes, or `Err` when solving it panicked (a bug, never bad input).
type Solved = Result<Done, ()>;

/// The outcomes of a chunk's records, in order. Their output records are gathered into one buffer by
/// the worker, so that the writer copies one block and frees no per-record memory.
struct Done {
    /// The output records, one after the other.
    out: Vec<u8>,
    /// Per record: where its output ends in `out`, and the rest of its outcome (with `out` empty).
    records: Vec<(usize, Outcome)>,
}

/// One record of a chunk to process.
enum Unit<'a> {
    Job(&'a Job),
    Line(&'a LineBatch, usize, &'a Result<Arc<Board>, String>),
}

fn solve_chunk(chunk: &[Item], process: &(impl Fn(&Job) -> Outcome + Sync), board_for: &BoardFor) -> Done {
    // Every record of a line batch has the batch's shape: its rules are looked up once. Other items
    // get a placeholder that no unit refers to.
    let boards: Vec<Result<Arc<Board>, String>> = chunk
        .iter()
        .map(|it| match it {
            Item::Lines(l) => board_for(l.shape()),
            _ => Err(String::new()),
        })
        .collect();
    // One unit per record, so that idle workers split even a chunk that is a single line batch.
    let mut units = Vec::with_capacity(CHUNK);
    for (it, board) in chunk.iter().zip(&boards) {
        match it {
            Item::Job(j) => units.push(Unit::Job(j)),
            Item::Lines(l) => units.extend((0..l.len()).map(|i| Unit::Line(l, i, board))),
            Item::Input(_) | Item::InputError(_) => {}
        }
    }
    let outcomes: Vec<Outcome> = units
        .par_iter()
        .map(|u| match *u {
            Unit::Job(j) => process(j),
            Unit::Line(l, i, board) => process(&job(l.record(i), |_| board.clone())),
        })
        .collect();
    let mut out = Vec::with_capacity(outcomes.iter().map(|o| o.out.len()).sum());
    let records = outcomes
        .into_iter()
        .map(|mut o| {
            out.extend_from_slice(&o.out);
            o.out = Vec::new();
            (out.len(), o)
        })
        .collect();
    Done { out, records }
}

/// The ordered output side of [`write_all`].
struct Writer<W: Write> {
    out: W,
    pb: ProgressBar,
    wrote_any: bool,
    input: Arc<str>,
}

impl<W: Write> Writer<W> {
    fn chunk(&mut self, chunk: &[Item], done: Done, reporter: &mut Reporter) -> anyhow::Result<()> {
        let mut records = done.records.iter();
        let mut start = 0;
        for item in chunk {
            let n = match item {
                Item::Input(name) => {
                    self.input = Arc::clone(name);
                    0
                }
                Item::InputError(msg) => {
                    reporter.input_error(&self.input, msg);
                    0
                }
                Item::Job(_) => 1,
                Item::Lines(l) => l.len(),
            };
            // `solve_chunk` gives one outcome per record, in order.
            for (end, o) in records.by_ref().take(n) {
                self.record(&done.out[start..*end], o, reporter)?;
                start = *end;
            }
        }
        self.pb.set_position(reporter.stats.puzzles);
        Ok(())
    }

    fn record(&mut self, out: &[u8], o: &Outcome, reporter: &mut Reporter) -> anyhow::Result<()> {
        if o.multiline && self.wrote_any {
            write(&mut self.out, b"\n")?;
        }
        if !out.is_empty() {
            write(&mut self.out, out)?;
            self.wrote_any = true;
        }
        if !o.messages.is_empty() {
            // Keep stdout and stderr in step when both go to one terminal or file.
            flush(&mut self.out)?;
            let input = &self.input;
            self.pb.suspend(|| reporter.messages(input, &o.messages));
        }
        reporter.record(o);
        Ok(())
    }
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
pub(crate) fn write(out: &mut impl Write, bytes: &[u8]) -> anyhow::Result<()> {
    out.write_all(bytes).map_err(io_error)
}

/// Flushes the output, with the same error handling as [`write()`].
pub(crate) fn flush(out: &mut impl Write) -> anyhow::Result<()> {
    out.flush().map_err(io_error)
}
