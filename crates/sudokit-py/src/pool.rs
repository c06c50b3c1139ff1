//! The worker pools of the extension's calls: kept between calls, and started again in a forked
//! child, never rayon's global pool.

use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;
use rayon::{ThreadPool, ThreadPoolBuildError};

/// Runs `f` on a pool of `threads` workers (`None`: as many as rayon's global pool would have).
///
/// Never on rayon's global pool: a child forked from a process that started it (the default start
/// of `multiprocessing` on Linux) has none of its threads, and that pool cannot be started again,
/// so every call there would wait for ever. These pools are started again in a forked child
/// (`idle_pool`).
///
/// Pools are kept between calls: starting the threads costs tens of microseconds a call, as much as
/// solving a few dozen puzzles. A pool serves one call at a time, so concurrent calls still run side
/// by side, each on a pool of its own.
pub fn on_pool<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
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
    let answer = pool.install(f);
    keep_pool(pool);
    Ok(answer)
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
