//! The worker pools of the extension's calls: kept between calls, and started again in a forked
//! child, never rayon's global pool. A call waiting for its workers still answers Ctrl-C.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::{PyResult, Python};
use rayon::{ThreadPool, ThreadPoolBuildError};
use sudokit::CancelFlag;

/// How often a call waiting for its workers looks for a signal (Ctrl-C): often enough that an
/// interrupt feels immediate, seldom enough that taking the GIL to look costs nothing.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `f` on a pool of `threads` workers (`None`: as many as rayon's global pool would have),
/// with the GIL released.
///
/// Meanwhile the calling thread looks for signals every 50 ms: where a handler raises
/// (Ctrl-C's `KeyboardInterrupt`), `cancel` is set, the call waits for `f` to stop and raises the
/// handler's exception. `f` stops soon only where it watches `cancel`.
///
/// Never on rayon's global pool: a child forked from a process that started it (the default start
/// of `multiprocessing` on Linux) has none of its threads, and that pool cannot be started again,
/// so every call there would wait for ever. These pools are started again in a forked child
/// (`idle_pool`).
///
/// Pools are kept between calls: starting the threads costs tens of microseconds a call, as much as
/// solving a few dozen puzzles. A pool serves one call at a time, so concurrent calls still run side
/// by side, each on a pool of its own.
pub fn on_pool<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    cancel: &CancelFlag,
    f: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1 (None: every core)"));
    }
    if let Some(n) = threads.filter(|&n| n > sudokit::batch::MAX_THREADS) {
        return Err(PyValueError::new_err(format!(
            "threads={n}: at most {} (None: every core)",
            sudokit::batch::MAX_THREADS
        )));
    }
    let n = threads.unwrap_or_else(default_threads);
    let pool =
        idle_pool(n).map_err(|e| PyValueError::new_err(format!("cannot start {n} worker threads: {e}")))?;
    let answer = py.detach(|| {
        pool.in_place_scope(|scope| {
            let (tx, rx) = mpsc::sync_channel(1);
            scope.spawn(move |_| {
                // The receiver is gone only once the call has raised: the answer is not wanted.
                let _ = tx.send(f());
            });
            wait_for(&rx, cancel)
        })
    });
    keep_pool(pool);
    answer
}

/// The answer `rx` brings, or the exception a signal handler raised while waiting for it (then
/// `cancel` is set, for the work to stop).
fn wait_for<T>(rx: &mpsc::Receiver<T>, cancel: &CancelFlag) -> PyResult<T> {
    match receive(rx) {
        Ok(Some(answer)) => Ok(answer),
        // The work panicked: the pool's scope raises that panic once this returns.
        Ok(None) => Err(PyRuntimeError::new_err("a worker thread failed")),
        Err(e) => {
            cancel.cancel();
            Err(e)
        }
    }
}

/// The next value `rx` brings (`None` once its sender is gone), looking for signals every
/// 50 ms meanwhile: the exception a handler raised (Ctrl-C's `KeyboardInterrupt`) ends
/// the wait. Called with the GIL released.
pub fn receive<T>(rx: &mpsc::Receiver<T>) -> PyResult<Option<T>> {
    loop {
        match rx.recv_timeout(SIGNAL_POLL) {
            Ok(answer) => return Ok(Some(answer)),
            Err(RecvTimeoutError::Timeout) => Python::attach(|py| py.check_signals())?,
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
        }
    }
}

/// Runs a search first on the calling thread, with the GIL released, for at most `SOLO`; one that
/// stopped there runs again on a worker of its own while the calling thread answers Ctrl-C (see
/// [`on_pool`]).
///
/// Most single-puzzle calls take microseconds, less than handing them to another thread would;
/// only the long ones, which pay at most `SOLO` again, can be interrupted. `search` gets its
/// limits: `limits` bounded by `SOLO`, then `limits` with a cancel flag; `stopped` tells whether
/// its answer was cut short by a limit. `limits`' own deadline counts from before the first run.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    limits: &sudokit::Limits,
    search: impl Fn(sudokit::Limits) -> T + Sync,
    stopped: impl Fn(&T) -> bool,
) -> PyResult<T> {
    const SOLO: Duration = Duration::from_millis(25);
    let solo_end = Instant::now() + SOLO;
    let own = limits.deadline();
    let solo = limits.clone().with_deadline(Some(own.map_or(solo_end, |d| d.min(solo_end))));
    let first = py.detach(|| search(solo));
    let past_own = own.is_some_and(|d| Instant::now() >= d);
    if !stopped(&first) || past_own || Instant::now() < solo_end {
        // Done, out of its own time, or stopped by another limit before the solo time ran out.
        return Ok(first);
    }
    let cancel = CancelFlag::new();
    let full = limits.clone().with_cancel(cancel.clone());
    on_pool(py, Some(1), &cancel, || search(full))
}

/// The workers of `threads=None`: `RAYON_NUM_THREADS` where set, as rayon's global pool reads it
/// (a cluster job sets it to its share of the cores), else one per core.
fn default_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Idle pools, with the process that started their threads.
static POOLS: Mutex<(u32, Vec<ThreadPool>)> = Mutex::new((0, Vec::new()));
/// The most idle pools kept.
const IDLE_POOLS: usize = 4;

/// An idle pool of `n` workers, or a new one.
fn idle_pool(n: usize) -> Result<ThreadPool, ThreadPoolBuildError> {
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    let (pid, idle) = &mut *pools;
    if *pid != std::process::id() {
        // A forked child has none of its parent's threads: the parent's pools would never answer.
        // Their threads are not there to stop either, so the pools are forgotten rather than dropped.
        std::mem::take(idle).into_iter().for_each(std::mem::forget);
        *pid = std::process::id();
    }
    match idle.iter().position(|p| p.current_num_threads() == n) {
        Some(i) => Ok(idle.swap_remove(i)),
        None => sudokit::batch::thread_pool(Some(n)),
    }
}

/// Keeps `pool` for a later call, unless enough are kept already.
fn keep_pool(pool: ThreadPool) {
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    let (pid, idle) = &mut *pools;
    if *pid == std::process::id() && idle.len() < IDLE_POOLS {
        idle.push(pool);
    }
}
