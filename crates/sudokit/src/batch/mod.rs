//! Many puzzles at once, on every core, with the answers in input order (feature `rayon`).
//!
//! Two ways in:
//! - **a slice**: [`solve_all`], [`count_all`] and [`check_all`] take `&[Puzzle]`, and
//!   [`solve_rows`], [`count_rows`] and [`check_rows`] take raw 9×9 rows (`&[[u8; 81]]`, `0` for a
//!   blank); each returns one result per puzzle, in input order. They run on the current rayon pool
//!   (the global one, or the pool of a surrounding [`rayon::ThreadPool::install`]).
//! - **a stream**: [`stream()`] reads [`Source`]s in chunks of records on a thread of its own, processes
//!   the chunks on a given pool, and hands every result to a [`Sink`] in input order. Memory stays
//!   bounded by a few chunks per worker whatever the input size, and reading, processing and
//!   delivering overlap. Puzzles one to a line reach the workers unparsed (a
//!   [`LineBatch`](crate::LineBatch)) and are parsed there, on every core.
//!
//! Both stop early when their [`CancelToken`] is set: it is checked before each puzzle and each chunk,
//! never inside a search (bound one search with a timeout instead).
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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod slice;
mod stream;
#[cfg(test)]
mod tests;

pub use slice::{
    check_all, check_rows, count_all, count_rows, solve_all, solve_rows, BatchError, BatchOptions,
};
pub use stream::{stream, InputError, Job, Sink, Source, StreamError, StreamOptions};

/// A flag that asks a batch to stop: puzzles and chunks not started yet are skipped.
///
/// Clones share the flag, so one clone can be handed to the batch and another kept to cancel it (from a
/// signal handler, another thread, or the sink itself).
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// A token over an existing flag (`true` means cancelled), e.g. one a signal handler sets.
    pub fn from_flag(flag: Arc<AtomicBool>) -> CancelToken {
        CancelToken(flag)
    }

    /// Asks every batch holding this token (or a clone) to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called. One relaxed load: cheap enough to ask per puzzle.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A rayon pool of `threads` workers (`None`: one per core, as rayon's global pool has).
///
/// # Errors
/// When the operating system refuses to start the threads.
pub fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    rayon::ThreadPoolBuilder::new().num_threads(threads).build()
}
