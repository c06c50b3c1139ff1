//! Ctrl-C (SIGINT): the first one asks the run to stop, so that the records finished so far are
//! written, in order, before it ends with status 130; a second one ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use sudokit::CancelFlag;

/// The exit status of a run ended by Ctrl-C (128 + SIGINT, as shells report it).
pub const STATUS: u8 = 130;

static FLAG: OnceLock<CancelFlag> = OnceLock::new();

/// Flags of their own that Ctrl-C sets as well (see [`also_cancel`]).
static ALSO: Mutex<Vec<CancelFlag>> = Mutex::new(Vec::new());

/// The flag Ctrl-C sets; searches and streams that hold a clone stop when it is set.
pub fn flag() -> &'static CancelFlag {
    FLAG.get_or_init(CancelFlag::new)
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    FLAG.get().is_some_and(CancelFlag::is_cancelled)
}

/// Has Ctrl-C set `flag` too: for work that also stops for another reason (a `--timeout`), and so
/// holds a flag of its own. Set at once when Ctrl-C came already.
pub fn also_cancel(flag: &CancelFlag) {
    ALSO.lock().unwrap_or_else(PoisonError::into_inner).push(flag.clone());
    if interrupted() {
        flag.cancel();
    }
}

/// Sudoku Explainer rating options that Ctrl-C stops part way: its chains can take seconds.
pub fn se_options() -> sudokit::rate::se::SeOptions {
    sudokit::rate::se::SeOptions::default().with_cancel(flag().clone())
}

/// Installs the handler. Without it (the platform refused) Ctrl-C ends the process as usual.
pub fn install() {
    static SECOND: AtomicBool = AtomicBool::new(false);
    let flag = flag().clone();
    let _ = ctrlc::set_handler(move || {
        if SECOND.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(STATUS));
        }
        flag.cancel();
        // The handler runs on a thread of its own, not in the signal's context: it may lock.
        for also in ALSO.lock().unwrap_or_else(PoisonError::into_inner).iter() {
            also.cancel();
        }
    });
}
