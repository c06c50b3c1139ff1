//! The streaming engine: read records in chunks, process them on every core, deliver in input order.
//!
//! A reader thread cuts the inputs into chunks of [`StreamOptions::chunk`] records and sends them
//! through a channel bounded to [`StreamOptions::read_ahead`] chunks. The calling thread hands each
//! chunk to a pool worker and delivers the finished chunks to the [`Sink`] in input order. At most
//! `2 × workers + 2` chunks are being processed at once, so memory stays bounded whatever the input
//! size. Puzzles one to a line (the bulk case) reach the workers unparsed: the reader only splits
//! lines, and parsing runs on every core with the processing. Every record gives exactly one result,
//! readable or not, so results line up with the input.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufReader, Read};
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::Arc;

use rayon::prelude::*;

use crate::parse::{
    Batch, Expected, Layout, LineBatch, Notation, ParseError, ParseOptions, Position, PuzzleReader, Record,
};
use crate::rules::{Board, Variants};
use crate::solve::{CancelFlag, Puzzle};

/// One puzzle of a stream, set up under its rules.
#[derive(Debug)]
pub struct Job {
    /// Where it came from.
    pub position: Position,
    /// The layout it was written in.
    pub layout: Layout,
    /// The puzzle, or why it could not be read or set up.
    pub puzzle: Result<Puzzle, ParseError>,
    /// The answer the input gives beside the puzzle, if any.
    pub expected: Expected,
    /// How the record wrote its cells.
    pub notation: Notation,
    /// The record's own text where its puzzle could not be read ([`Record::text`]), so that it can
    /// be written back as it came.
    pub text: Option<String>,
    /// The name of the source it came from, where the stream names them
    /// ([`StreamOptions::name_inputs`]): with several sources, `position` alone does not tell
    /// their records apart.
    pub input: Option<Arc<str>>,
}

impl Job {
    /// Sets up the puzzle of a record: under the rules it brought, else the classic rules of its shape.
    pub fn from_record(rec: Record) -> Job {
        Job::with_board(rec, None, None)
    }

    /// [`Job::from_record`], with `classic` as the classic rules when the caller already has them,
    /// from the source named `input`.
    fn with_board(rec: Record, classic: Option<&Arc<Board>>, input: Option<&Arc<str>>) -> Job {
        let position = rec.position;
        let own = rec.board;
        let puzzle = rec.puzzle.and_then(|g| {
            let board = match (own, classic) {
                (Some(b), _) => b,
                (None, Some(b)) => Arc::clone(b),
                (None, None) => return Ok(Puzzle::classic(g)),
            };
            Puzzle::new(board, g).map_err(|e| ParseError { position, kind: e.into() })
        });
        let text = rec.text;
        let input = input.map(Arc::clone);
        Job {
            position,
            layout: rec.layout,
            puzzle,
            expected: rec.expected,
            notation: rec.notation,
            text,
            input,
        }
    }
}

/// Opens a source when the stream reaches it.
type Opener = Box<dyn FnOnce() -> io::Result<Box<dyn Read + Send>> + Send>;

/// One input of a stream: a name for messages, and how to open it. Sources are opened one after the
/// other, when the stream reaches them, so a long list of files holds one open at a time.
pub struct Source {
    name: Arc<str>,
    open: Opener,
}

impl Source {
    /// A source opened by `open` when the stream reaches it (a file, a socket).
    pub fn new<R: Read + Send + 'static>(
        name: impl Into<Arc<str>>,
        open: impl FnOnce() -> io::Result<R> + Send + 'static,
    ) -> Source {
        Source { name: name.into(), open: Box::new(move || Ok(Box::new(open()?) as Box<dyn Read + Send>)) }
    }

    /// A source over a reader that is already open (standard input, bytes in memory).
    pub fn reader(name: impl Into<Arc<str>>, reader: impl Read + Send + 'static) -> Source {
        Source::new(name, move || Ok(reader))
    }

    /// The name given for messages.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Why a source, or its rest, could not be read. The stream goes on with the next source.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The source could not be opened.
    #[error("cannot open: {0}")]
    Open(io::Error),
    /// Reading stopped with an error after `after` puzzles (which were delivered).
    #[error("{}", crate::parse::rows::read_error_message(*.after, .error))]
    Read {
        /// Puzzles read from the source before the error.
        after: usize,
        /// The error.
        error: io::Error,
    },
    /// The source held no puzzle at all.
    #[error("no puzzle found (the input is empty or holds only comments)")]
    Empty,
}

/// Where a stream delivers, in input order: the start of each source, its read errors, and one result
/// per record.
pub trait Sink<T> {
    /// What stops the stream when a method fails (a write error, a closed pipe).
    type Error;

    /// A new source starts; the records that follow come from it.
    fn input(&mut self, name: &Arc<str>) -> Result<(), Self::Error> {
        let _ = name;
        Ok(())
    }

    /// The current source could not be opened or read to its end, or held no puzzle.
    fn input_error(&mut self, error: InputError) -> Result<(), Self::Error>;

    /// The result of one record: the bytes `process` wrote and what it returned.
    fn record(&mut self, bytes: &[u8], result: T) -> Result<(), Self::Error>;

    /// Every record of a chunk has been delivered (a good moment to report progress).
    fn chunk_done(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// Why a stream stopped before its end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError<E> {
    /// A method of the sink failed.
    #[error("{0}")]
    Sink(E),
    /// Processing a chunk panicked (a bug, never bad input); the records from that chunk on are lost.
    #[error("a worker stopped while processing; the output is incomplete")]
    WorkerPanicked,
    /// The reader thread panicked (a bug, never bad input). Everything it read was delivered.
    #[error("the reader stopped early; the output is incomplete")]
    ReaderPanicked,
    /// [`StreamOptions::cancel`] was set. The records delivered are a prefix of the input.
    #[error("cancelled")]
    Cancelled,
}

/// How a stream reads its sources.
#[derive(Clone, Debug)]
pub struct StreamOptions {
    /// Layout, shape and symbols of the sources.
    pub parse: ParseOptions,
    /// Rules for plain-layout puzzles (JSON puzzle objects bring their own).
    pub variants: Variants,
    /// Records per chunk [default: 1024]: large enough to amortise the hand-over between threads,
    /// small enough to keep memory and latency low.
    pub chunk: usize,
    /// Chunks the reader may run ahead of the workers [default: 4].
    pub read_ahead: usize,
    /// Set it to stop: no chunk is read, processed or delivered after it is seen, and a record
    /// still being processed when it is set is not delivered (the work may watch the flag too, and
    /// stop part way).
    pub cancel: CancelFlag,
    /// The puzzle column of CSV inputs (see [`PuzzleReader::with_column`]) [default: the usual names].
    pub column: Option<Arc<str>>,
    /// Tell hex symbols from standard ones (see [`PuzzleReader::detect_symbols`]) [default: no].
    pub detect_symbols: bool,
    /// Mark every record as one whose input may carry rules (see [`PuzzleReader::mark_rules`])
    /// [default: no].
    pub mark_rules: bool,
    /// Give every job the name of its source ([`Job::input`]) [default: no].
    pub name_inputs: bool,
}

impl Default for StreamOptions {
    fn default() -> Self {
        StreamOptions {
            parse: ParseOptions::default(),
            variants: Variants::default(),
            chunk: 1024,
            read_ahead: 4,
            cancel: CancelFlag::default(),
            column: None,
            detect_symbols: false,
            mark_rules: false,
            name_inputs: false,
        }
    }
}

/// One element of a chunk, in input order.
enum Item {
    /// A puzzle the reader parsed and set up.
    Job(Job),
    /// Puzzles in the line layout, parsed and set up by the workers, with their source's name where
    /// the stream names them.
    Lines(LineBatch, Option<Arc<str>>),
    /// The current source could not be opened or read, or held no puzzle.
    InputError(InputError),
    /// The start of a new source.
    Input(Arc<str>),
}

/// Reads `sources` in order, processes each record with `process` on `pool`, and delivers to `sink` in
/// input order.
///
/// `process` appends the record's output to the buffer it is given (or leaves it empty) and returns
/// whatever else the sink needs; the buffers of a chunk are gathered into one on the worker, so the
/// sink receives a slice of it and the delivering thread frees no per-record memory.
///
/// Call it from outside `pool` (the calling thread waits for the workers and delivers).
///
/// ```
/// use std::sync::Arc;
/// use sudokit::batch::{stream, InputError, Sink, Source, StreamOptions};
///
/// struct Answers(Vec<String>);
/// impl Sink<bool> for Answers {
///     type Error = std::convert::Infallible;
///     fn input_error(&mut self, e: InputError) -> Result<(), Self::Error> {
///         self.0.push(e.to_string());
///         Ok(())
///     }
///     fn record(&mut self, bytes: &[u8], unique: bool) -> Result<(), Self::Error> {
///         self.0.push(format!("{} {unique}", String::from_utf8_lossy(bytes)));
///         Ok(())
///     }
/// }
///
/// let text = "1.34341221434321\n1.3.............\nnot a puzzle\n";
/// let pool = sudokit::batch::thread_pool(Some(2))?;
/// let mut sink = Answers(Vec::new());
/// let sources = vec![Source::reader("text", text.as_bytes())];
/// stream(&pool, sources, &StreamOptions::default(), |job, out| {
///     let Ok(p) = &job.puzzle else { return false };
///     out.extend_from_slice(p.count_up_to(100).to_string().as_bytes());
///     p.count_up_to(2).solutions == 1
/// }, &mut sink)
/// .expect("no error");
/// assert_eq!(sink.0, ["1 true", "24 false", " false"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`StreamError::Sink`] when a method of the sink fails (the stream stops at once), and the other
/// variants when the stream was cancelled or a thread panicked.
pub fn stream<T, S>(
    pool: &rayon::ThreadPool,
    sources: Vec<Source>,
    options: &StreamOptions,
    process: impl Fn(&Job, &mut Vec<u8>) -> T + Sync,
    sink: &mut S,
) -> Result<(), StreamError<S::Error>>
where
    T: Send,
    S: Sink<T>,
{
    let (tx, rx) = sync_channel::<Vec<Item>>(options.read_ahead.max(1));
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || read_all(sources, options, |chunk| tx.send(chunk).is_ok()));
        // `deliver_all` owns the receiver: when it returns early, the reader stops at its next send.
        let delivered = deliver_all(rx, pool, options, &process, sink);
        let joined = reader.join();
        delivered?;
        joined.map_err(|_| StreamError::ReaderPanicked)
    })
}

/// Reads every record of `sources` in order on this thread and hands each to `process` together with
/// the sink, then to [`Sink::record`] with no bytes: for work whose output must go out as it is made
/// (every solution of a puzzle, in bounded memory), which the parallel [`stream`] would hold until the
/// record's turn. Sources, read errors and the cancel flag are handled as by [`stream`].
pub fn for_each_record<T, S: Sink<T>>(
    sources: Vec<Source>,
    options: &StreamOptions,
    mut process: impl FnMut(&Job, &mut S) -> Result<T, S::Error>,
    sink: &mut S,
) -> Result<(), StreamError<S::Error>> {
    let mut failed = None;
    let mut one = |job: &Job, sink: &mut S| -> Result<(), S::Error> {
        let t = process(job, sink)?;
        sink.record(&[], t)
    };
    // One record per chunk, delivered as soon as it is read.
    let single = StreamOptions { chunk: 1, ..options.clone() };
    read_all(sources, &single, |chunk| {
        let step = || -> Result<(), S::Error> {
            for item in chunk {
                match item {
                    Item::Input(name) => sink.input(&name)?,
                    Item::InputError(e) => sink.input_error(e)?,
                    Item::Job(job) => one(&job, sink)?,
                    Item::Lines(lines, input) => {
                        let board = Board::classic_shared(lines.shape());
                        for rec in lines.records() {
                            one(&Job::with_board(rec, Some(&board), input.as_ref()), sink)?;
                        }
                    }
                }
            }
            sink.chunk_done()
        };
        match step() {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    });
    match failed {
        Some(e) => Err(StreamError::Sink(e)),
        None if options.cancel.is_cancelled() => Err(StreamError::Cancelled),
        None => Ok(()),
    }
}

/// The reader thread: sends chunks of about `options.chunk` records until the sources end, the
/// receiver is gone (`send` returns `false`) or the stream is cancelled.
fn read_all(sources: Vec<Source>, options: &StreamOptions, mut send: impl FnMut(Vec<Item>) -> bool) {
    let max = options.chunk.max(1);
    let mut chunk = Vec::new();
    // Records in `chunk`: a line batch is one item but many records.
    let mut records = 0usize;
    for source in sources {
        chunk.push(Item::Input(Arc::clone(&source.name)));
        let name = options.name_inputs.then(|| Arc::clone(&source.name));
        let input = match (source.open)() {
            Ok(i) => i,
            Err(e) => {
                chunk.push(Item::InputError(InputError::Open(e)));
                continue;
            }
        };
        let mut found = 0usize;
        let mut failed = false;
        let mut reader = PuzzleReader::new(BufReader::with_capacity(1 << 16, input), options.parse)
            .with_variants(options.variants)
            .with_column(options.column.clone())
            .detect_symbols(options.detect_symbols)
            .mark_rules(options.mark_rules);
        loop {
            if options.cancel.is_cancelled() {
                return;
            }
            let n = match reader.next_batch(max - records) {
                Ok(None) => break,
                Ok(Some(Batch::Records(recs))) => {
                    let n = recs.len();
                    chunk.extend(
                        recs.into_iter().map(|rec| Item::Job(Job::with_board(rec, None, name.as_ref()))),
                    );
                    n
                }
                Ok(Some(Batch::Lines(lines))) => {
                    let n = lines.len();
                    chunk.push(Item::Lines(lines, name.clone()));
                    n
                }
                Err(error) => {
                    chunk.push(Item::InputError(InputError::Read { after: found, error }));
                    failed = true;
                    break;
                }
            };
            found += n;
            records += n;
            if records >= max {
                records = 0;
                if !send(std::mem::take(&mut chunk)) {
                    return;
                }
            }
        }
        // A read error already said why nothing was found.
        if found == 0 && !failed {
            chunk.push(Item::InputError(InputError::Empty));
        }
    }
    if !chunk.is_empty() {
        send(chunk);
    }
}

/// What the workers made of a chunk, in record order; `None` when processing it panicked.
type Processed<T> = Option<Done<T>>;

/// The results of a chunk's records, in order. The records' output bytes are gathered into one
/// buffer by the worker, so that the delivering thread frees no per-record memory.
struct Done<T> {
    /// The output bytes, one record after the other.
    out: Vec<u8>,
    /// Per record: where its bytes end in `out`, and what `process` returned.
    records: Vec<(usize, T)>,
    /// Whether records were skipped because the stream was cancelled.
    cancelled: bool,
}

/// The calling thread: spawns chunks on the pool and delivers them in order.
fn deliver_all<T: Send, S: Sink<T>>(
    rx: Receiver<Vec<Item>>,
    pool: &rayon::ThreadPool,
    options: &StreamOptions,
    process: &(impl Fn(&Job, &mut Vec<u8>) -> T + Sync),
    sink: &mut S,
) -> Result<(), StreamError<S::Error>> {
    // Chunks are processed as pool tasks while this thread delivers the chunks already done, so no
    // worker waits for the sink or for the slowest puzzle of a chunk; a chunk is itself split among
    // idle workers, so a short input of hard puzzles still uses every core. Results come back out of
    // order and are delivered in order; at most `in_flight` chunks are alive, which bounds memory.
    let in_flight = 2 * pool.current_num_threads() as u64 + 2;
    let cancel = &options.cancel;
    let (done_tx, done_rx) = channel::<(u64, Vec<Item>, Processed<T>)>();
    let mut pending: BTreeMap<u64, (Vec<Item>, Processed<T>)> = BTreeMap::new();
    let (mut sent, mut delivered) = (0u64, 0u64);
    pool.in_place_scope(|scope| {
        let mut chunks = rx.into_iter();
        loop {
            while sent - delivered < in_flight && !cancel.is_cancelled() {
                let Some(chunk) = chunks.next() else { break };
                let done_tx = done_tx.clone();
                let seq = sent;
                scope.spawn(move |_| {
                    // Caught so that the delivering thread, waiting for this chunk, always hears back.
                    let done = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        process_chunk(&chunk, options.chunk, cancel, process)
                    }));
                    // The receiver only goes away when delivering failed; the result is then unwanted.
                    let _ = done_tx.send((seq, chunk, done.ok()));
                });
                sent += 1;
            }
            let cancelled = cancel.is_cancelled();
            if sent == delivered {
                return if cancelled { Err(StreamError::Cancelled) } else { Ok(()) };
            }
            // Every spawned chunk sends exactly once and `done_tx` lives here, so this never ends early.
            // Once cancelled, nothing new is spawned and the chunks in flight come back quickly (their
            // records check the flag), so the records finished before the flag are all delivered.
            let Ok((seq, chunk, done)) = done_rx.recv() else { return Ok(()) };
            pending.insert(seq, (chunk, done));
            while let Some((chunk, done)) = pending.remove(&delivered) {
                let done = done.ok_or(StreamError::WorkerPanicked)?;
                // A chunk cut short by the flag delivers the records it finished, and is the last.
                let cut = done.cancelled;
                deliver(chunk, done, sink).map_err(StreamError::Sink)?;
                if cut {
                    return Err(StreamError::Cancelled);
                }
                delivered += 1;
            }
        }
    })
}

/// One record of a chunk to process.
enum Unit<'a> {
    Job(&'a Job),
    Line(&'a LineBatch, usize, &'a Arc<Board>, Option<&'a Arc<str>>),
}

fn process_chunk<T: Send>(
    chunk: &[Item],
    size: usize,
    cancel: &CancelFlag,
    process: &(impl Fn(&Job, &mut Vec<u8>) -> T + Sync),
) -> Done<T> {
    // Every record of a line batch has the batch's shape and the classic rules: they are looked up
    // once. Other items get `None`, which no unit refers to.
    let boards: Vec<Option<Arc<Board>>> = chunk
        .iter()
        .map(|it| match it {
            Item::Lines(l, _) => Some(Board::classic_shared(l.shape())),
            _ => None,
        })
        .collect();
    // One unit per record, so that idle workers split even a chunk that is a single line batch.
    let mut units = Vec::with_capacity(size);
    for (it, board) in chunk.iter().zip(&boards) {
        match (it, board) {
            (Item::Job(j), _) => units.push(Unit::Job(j)),
            (Item::Lines(l, input), Some(board)) => {
                units.extend((0..l.len()).map(|i| Unit::Line(l, i, board, input.as_ref())));
            }
            _ => {}
        }
    }
    let results: Vec<Option<(Vec<u8>, T)>> = units
        .par_iter()
        .map(|u| {
            if cancel.is_cancelled() {
                return None;
            }
            let mut out = Vec::new();
            let t = match *u {
                Unit::Job(j) => process(j, &mut out),
                Unit::Line(l, i, board, input) => {
                    process(&Job::with_board(l.record(i), Some(board), input), &mut out)
                }
            };
            // A record the flag may have cut short (a rating watches it) is not finished: it goes
            // with the records skipped.
            (!cancel.is_cancelled()).then_some((out, t))
        })
        .collect();
    let mut done = Done {
        out: Vec::with_capacity(results.iter().flatten().map(|(o, _)| o.len()).sum()),
        records: Vec::with_capacity(results.len()),
        cancelled: false,
    };
    // Records run in parallel, so a cancelled chunk keeps the results before its first skipped record:
    // what is delivered stays a prefix of the input.
    for r in results {
        match r {
            Some((out, t)) => {
                done.out.extend_from_slice(&out);
                done.records.push((done.out.len(), t));
            }
            None => {
                done.cancelled = true;
                break;
            }
        }
    }
    done
}

/// Delivers one processed chunk to the sink, in order.
fn deliver<T, S: Sink<T>>(chunk: Vec<Item>, done: Done<T>, sink: &mut S) -> Result<(), S::Error> {
    let cut = done.cancelled;
    let mut records = done.records.into_iter();
    let mut start = 0;
    for item in chunk {
        if cut && records.len() == 0 {
            // Cancelled: nothing past the last finished record, not even a later source's name.
            return Ok(());
        }
        let n = match item {
            Item::Input(name) => {
                sink.input(&name)?;
                0
            }
            Item::InputError(e) => {
                sink.input_error(e)?;
                0
            }
            Item::Job(_) => 1,
            Item::Lines(l, _) => l.len(),
        };
        // `process_chunk` gives one result per record, in order.
        for (end, t) in records.by_ref().take(n) {
            sink.record(&done.out[start..end], t)?;
            start = end;
        }
    }
    sink.chunk_done()
}
