//! Many puzzles at once, on every core, with the answers in input order (feature `rayon`).
//!
//! Two ways in:
//! - **a slice**: [`solve_all`], [`count_all`], [`check_all`], [`rate_all`],
//!   [`technique_counts_all`], [`se_technique_counts_all`], [`backdoor_all`], [`minimize_all`] and
//!   [`canon_all`] take `&[Puzzle]`, and [`solve_rows`], [`count_rows`], [`check_rows`],
//!   [`rate_rows`], [`technique_counts_rows`], [`se_technique_counts_rows`], [`backdoor_rows`],
//!   [`minimize_rows`] and [`canon_rows`] take raw 9×9 rows (`&[[u8; 81]]`, `0` for a blank);
//!   [`rate_pencil_rows`] takes pencil-mark grids (`&[[u8; 729]]`). Each returns one result per
//!   puzzle, in input order. [`solve_rows_into`] writes the solutions into the caller's rows
//!   instead. They run on the current rayon pool (the global one, or the pool of a surrounding
//!   [`rayon::ThreadPool::install`]).
//! - **a stream**: [`stream()`] reads [`Source`]s in chunks of records on a thread of its own, processes
//!   the chunks on a given pool, and hands every result to a [`Sink`] in input order. Memory stays
//!   bounded by a few chunks per worker whatever the input size, and reading, processing and
//!   delivering overlap. Puzzles one to a line reach the workers unparsed (a
//!   [`LineBatch`](crate::LineBatch)) and are parsed there, on every core.
//!
//! - **one big count**: [`count_split`] counts one puzzle with many solutions on every worker, by
//!   splitting its search tree at the first branching levels.
//!
//! Both stop early when their [`CancelFlag`](crate::CancelFlag) is set: the slice operations check it
//! before each puzzle and pass it to every search, so a search under way stops too; the stream checks
//! it before each puzzle and each chunk (its `process` can pass the flag to its searches).
//!
//! ```
//! use sudokit::batch::{check_all, BatchOptions};
//! use sudokit::{Puzzle, Verdict};
//!
//! let puzzles: Vec<Puzzle> = ["1.34341221434321", "1.3.............", "11.............."]
//!     .iter()
//!     .map(|s| Ok(Puzzle::classic(s.parse()?)))
//!     .collect::<Result<_, sudokit::Error>>()?;
//! let verdicts = check_all(&puzzles, &BatchOptions::default());
//! assert!(matches!(verdicts[0], Ok(Verdict::Unique(_))));
//! assert!(matches!(verdicts[1], Ok(Verdict::Multiple { .. })));
//! assert!(matches!(verdicts[2], Ok(Verdict::Invalid(_))));
//! # Ok::<(), sudokit::Error>(())
//! ```

mod slice;
mod split;
mod stream;
#[cfg(test)]
mod tests;

pub use slice::{
    backdoor_all, backdoor_rows, canon_all, canon_rows, check_all, check_rows, count_all, count_rows,
    minimize_all, minimize_rows, rate_all, rate_pencil_rows, rate_rows, se_technique_counts_all,
    se_technique_counts_rows, solve_all, solve_rows, solve_rows_into, technique_counts_all,
    technique_counts_rows, BatchError, BatchOptions, Counted, Rated, Reduced, SeCounted, TechniqueCounts,
};
pub use split::count_split;
pub use stream::{for_each_record, stream, InputError, Job, Sink, Source, StreamError, StreamOptions};

/// The most worker threads a caller may ask for. Rayon's idle workers look for work before they
/// sleep, so tens of thousands of them (a slip of the keyboard) keep every core busy looking, and
/// one puzzle took longer than 20 s with 60,000. The command line and the Python package refuse
/// more; `None` (one per core) is never refused.
pub const MAX_THREADS: usize = 1024;

/// A rayon pool of `threads` workers (`None`: one per core, as rayon's global pool has).
///
/// # Errors
/// When the operating system refuses to start the threads.
pub fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    rayon::ThreadPoolBuilder::new().num_threads(threads).build()
}
