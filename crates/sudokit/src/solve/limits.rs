//! Bounds on a search and what a search found: how many solutions to look for, a node budget, a
//! cancel flag and (where the platform has a clock) a deadline.
//!
//! No field uses a magic value: "no limit" is `None`. The node budget and the cancel flag work on
//! every target; the wall-clock deadline exists only where `std::time::Instant::now` works (not on
//! `wasm32-unknown-unknown`, where a page bounds long searches with the node budget instead).

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
#[cfg(has_clock)]
use std::time::{Duration, Instant};

/// A flag that stops every search holding a clone of it, from any thread.
///
/// ```
/// use sudokit::solve::CancelFlag;
/// let flag = CancelFlag::new();
/// let for_worker = flag.clone();
/// flag.cancel();
/// assert!(for_worker.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag that is not set.
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }
    /// Asks every search holding this flag to stop as soon as it next looks.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Whether [`CancelFlag::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Bounds on one search: built with [`Limits::all`] or [`Limits::up_to`], then narrowed with the
/// `with_*` methods.
///
/// ```
/// use sudokit::Limits;
/// let l = Limits::up_to(2).with_nodes(10_000);
/// assert_eq!(l.max_solutions(), Some(2));
/// assert_eq!(l.max_nodes(), Some(10_000));
/// assert_eq!(Limits::all().max_solutions(), None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    solutions: Option<u64>,
    nodes: Option<u64>,
    cancel: Option<CancelFlag>,
    #[cfg(has_clock)]
    deadline: Option<Instant>,
}

impl Limits {
    /// Every solution, no budget, no deadline.
    pub fn all() -> Limits {
        Limits::default()
    }
    /// At most `n` solutions (`up_to(0)` looks for none and reports an incomplete search).
    pub fn up_to(n: u64) -> Limits {
        Limits { solutions: Some(n), ..Limits::default() }
    }
    /// The same limits looking for at most `n` solutions.
    pub(crate) fn with_solutions(mut self, n: u64) -> Limits {
        self.solutions = Some(n);
        self
    }
    /// Also stop after about `nodes` search nodes (propagation rounds and guesses); the engines
    /// look at the budget every few nodes, so the search may run a little past it.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }
    /// Also stop when `flag` is cancelled.
    pub fn with_cancel(mut self, flag: CancelFlag) -> Limits {
        self.cancel = Some(flag);
        self
    }
    /// Also stop at `deadline` (only where the platform has a clock).
    #[cfg(has_clock)]
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Limits {
        self.deadline = deadline;
        self
    }
    /// Also stop `timeout` from now (only where the platform has a clock).
    #[cfg(has_clock)]
    pub fn with_timeout(self, timeout: Option<Duration>) -> Limits {
        self.with_deadline(timeout.map(|t| Instant::now() + t))
    }

    /// The most solutions to look for (`None`: all).
    pub fn max_solutions(&self) -> Option<u64> {
        self.solutions
    }
    /// The node budget (`None`: no budget).
    pub fn max_nodes(&self) -> Option<u64> {
        self.nodes
    }
    /// The deadline, if any.
    #[cfg(has_clock)]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
    /// The solution limit as a number for the engines' loops (`u64::MAX` for none).
    pub(crate) fn solution_cap(&self) -> u64 {
        self.solutions.unwrap_or(u64::MAX)
    }
    /// Whether anything besides the solution limit can stop the search.
    pub(crate) fn can_interrupt(&self) -> bool {
        #[cfg(has_clock)]
        let clock = self.deadline.is_some();
        #[cfg(not(has_clock))]
        let clock = false;
        self.nodes.is_some() || self.cancel.is_some() || clock
    }
    /// Why the search must stop now, after `nodes` nodes, if it must.
    pub(crate) fn interrupt(&self, nodes: u64) -> Option<Interrupt> {
        if self.nodes.is_some_and(|n| nodes >= n) {
            return Some(Interrupt::NodeBudget);
        }
        if self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            return Some(Interrupt::Cancelled);
        }
        #[cfg(has_clock)]
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Interrupt::Deadline);
        }
        None
    }
}

/// What cut a search short before it could settle its question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Interrupt {
    /// The deadline passed.
    Deadline,
    /// The node budget ran out.
    NodeBudget,
    /// The cancel flag was set.
    Cancelled,
}

impl fmt::Display for Interrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Interrupt::Deadline => "deadline passed",
            Interrupt::NodeBudget => "node budget spent",
            Interrupt::Cancelled => "cancelled",
        })
    }
}

/// What one search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Solutions found.
    pub solutions: u64,
    /// Guesses made: digits tried at branching cells.
    pub guesses: u64,
    /// Whether the search space was exhausted, so `solutions` is the exact count.
    pub complete: bool,
    /// What stopped the search early, if a deadline, budget or cancel flag did (a solution limit or
    /// the visitor stopping it is not an interruption).
    pub interrupted: Option<Interrupt>,
}

impl SearchOutcome {
    /// Whether a deadline, node budget or cancel flag cut the search short.
    pub fn timed_out(&self) -> bool {
        self.interrupted.is_some()
    }
}

/// A count of solutions that may have stopped at a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether that is every solution (`false` when a limit or deadline stopped the count).
    pub complete: bool,
}

/// Prints the count, with a `+` when it stopped at a limit (e.g. `1000+`).
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.solutions, if self.complete { "" } else { "+" })
    }
}
