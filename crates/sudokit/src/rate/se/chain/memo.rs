//! What nested searches found, kept for the grids and boards met later: the steps of each rule
//! on each grid for one board ([`NestedCache`]), what each assumption of "Forcing Chains &
//! Cycles" found with what it read ([`SourceMemo`]), and the steps the parts of a search split
//! over threads share ([`SharedSteps`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::rate::se::reach::Reach;

use super::best::SharedStep;
use super::levels::{Multi, Nested};
use super::links::Reads;

/// The steps a nested rule found on a grid, and the work it took (charged again when taken from
/// the cache within one board), by rule and grid.
type StepsByGrid = HashMap<(Nested, [u16; 81]), (Arc<Vec<SharedStep>>, u64)>;

/// What the rules nested in dynamic chains found.
#[derive(Default)]
pub(crate) struct NestedCache {
    /// The steps per rule and grid met, for one board: valid as long as the board the chains
    /// start from stays the same (the steps' parents depend on it), so shared by every nesting
    /// level tried for one step of the path.
    pub(super) steps: StepsByGrid,
    /// The steps of the rules [`reusable`] names found for the last board of the path that
    /// nested them, kept for the boards after it. What these rules find on a grid depends on its
    /// candidates alone (what the board tells them only spares searches that find nothing), and a
    /// board of the path has no candidate the boards before it lack: on the same grid they find
    /// the same steps. Only the steps' parents (the enclosing chain's "off"s they rely on, among
    /// the board's candidates the grid lacks) depend on the board: for a later board they are the
    /// same less the candidates it has lost. Such a parent is never "off" in a chain, and a step
    /// whose parents are all gone holds without the enclosing chain.
    pub(super) earlier: StepsByGrid,
    /// What "Forcing Chains & Cycles" found from each assumption on the grids met so far, valid
    /// for any board (see [`SourceSteps`]), so kept for the whole path.
    pub(crate) chains: SourceMemo,
    /// The same, for each part of the searches split over threads
    /// ([`multiple_chains_split`](super::multiple_chains_split)).
    pub(super) part_memos: Vec<SourceMemo>,
}

impl NestedCache {
    /// An empty cache around what earlier steps' nested searches found.
    pub(crate) fn with_memo(chains: SourceMemo) -> NestedCache {
        NestedCache { steps: HashMap::default(), earlier: HashMap::default(), chains, part_memos: Vec::new() }
    }

    /// The cache for the next board of the path: the steps that stay valid there, and the memo.
    /// With `pooled` (the searches are split over rayon's pool), the steps no longer valid are
    /// freed there.
    pub(crate) fn for_next_board(mut self, pooled: bool) -> NestedCache {
        if !self.steps.is_empty() {
            self.steps.retain(|(rule, _), _| reusable(*rule));
            let dropped = std::mem::replace(&mut self.earlier, std::mem::take(&mut self.steps));
            drop_aside(dropped, pooled);
        }
        self
    }
}

/// Frees `steps` on a thread kept for that where the rating uses rayon's pool (`pooled`), else
/// here: a rating on one thread starts no other. The steps the nested rules found for a board are
/// many small allocations: freeing those of the slowest forum_hardest_1106 puzzle took 45 ms of
/// the 0.36 s its rating spends on one thread while the other waits, between the searches split
/// over both. Not on the pool itself: where every thread of the pool rates puzzles (`sudokit rate
/// -j N`), none is ever idle to run such a task, and the steps of every board waited to be freed
/// until the whole batch was done (hundreds of megabytes on forum_hardest_1106).
fn drop_aside(steps: StepsByGrid, pooled: bool) {
    #[cfg(feature = "rayon")]
    if pooled {
        if let Some(freer) = freer() {
            // Should the thread be gone, the failed send hands the steps back in its error, and
            // they are freed here with it.
            let _ = freer.send(steps);
            return;
        }
    }
    #[cfg(not(feature = "rayon"))]
    let _ = pooled;
    drop(steps);
}

/// The thread that frees what [`drop_aside`] hands it, started when first needed in this process;
/// `None` if it could not be started. A child forked from a process that started it (Python's
/// `multiprocessing`) has none of its threads: there it is started again, or the steps sent
/// would never be freed.
#[cfg(feature = "rayon")]
fn freer() -> Option<std::sync::mpsc::Sender<StepsByGrid>> {
    static FREER: std::sync::Mutex<Option<(u32, std::sync::mpsc::Sender<StepsByGrid>)>> =
        std::sync::Mutex::new(None);
    let mut freer = FREER.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let pid = std::process::id();
    if let Some((started, tx)) = &*freer {
        if *started == pid {
            return Some(tx.clone());
        }
        // The parent's channel: forgotten, as its other end is not in this process to drop it.
        std::mem::forget(freer.take());
    }
    let (tx, rx) = std::sync::mpsc::channel::<StepsByGrid>();
    let thread = std::thread::Builder::new().name("sudokit-se-free".into()).spawn(move || {
        for steps in rx {
            drop(steps);
        }
    });
    thread.ok()?;
    *freer = Some((pid, tx.clone()));
    Some(tx)
}

/// Whether a nested rule's steps on a grid carry over to later boards ([`NestedCache::earlier`]):
/// "Forcing Chains & Cycles", and the static and dynamic cell and region forcing chains without
/// rules nested in them in turn (those read the values placed, and nest a board of their own).
fn reusable(rule: Nested) -> bool {
    matches!(rule, Nested::Chains | Nested::Multi(Multi::Multiple | Multi::Dynamic(0)))
}

/// What one assumption of "Forcing Chains & Cycles" gave, nested in a chain that left `grid` from
/// `init`: the same steps, in the same order, for any pair of grids that agree with these two
/// wherever the search looked. The search reads nothing else of `grid`, and the steps' parents
/// ([`Chainer::rule_parents`](super::Chainer::rule_parents)) compare the two grids only in cells
/// and houses the search read.
pub(super) struct SourceSteps {
    pub(super) grid: Arc<[u16; 81]>,
    pub(super) init: Arc<[u16; 81]>,
    pub(super) reads: Reads,
    pub(super) found: Vec<SharedStep>,
    /// Found on grids that agree with `init` where the search looked: kept first, beside the
    /// latest [`VERSIONS`] others.
    pub(super) pinned: bool,
    /// The forcing searches left out ([`SKIP_ON`], [`SKIP_OFF`]) because the assumption could
    /// reach no strong link `init` lacks: taken again only where that still holds.
    pub(super) skipped: u8,
}

/// [`SourceSteps::skipped`]: the forcing chains from the assumption "on", from its "off".
pub(super) const SKIP_ON: u8 = 1;
pub(super) const SKIP_OFF: u8 = 2;

/// The forcing searches from candidate `k` that can find nothing, given what reaches a gained
/// strong link.
pub(super) fn skips(gained: &Reach, k: u16) -> u8 {
    (if gained.on.has(k) { 0 } else { SKIP_ON }) | (if gained.off.has(k) { 0 } else { SKIP_OFF })
}

/// How many [`SourceSteps`] are kept per assumption: the grids of the enclosing chains come and go
/// (each chain starts again from the board); keeping 4 or 8 was slower than 1 or 2.
pub(super) const VERSIONS: usize = 2;

/// What each assumption of "Forcing Chains & Cycles" found in nested chains.
#[derive(Default)]
pub(crate) struct SourceMemo {
    /// The [`SourceSteps`] kept of each assumption, by kind of links (X, Y, both) and candidate;
    /// empty until first used.
    pub(super) steps: Vec<Vec<SourceSteps>>,
    /// The latest board the enclosing chains started from, shared so that each board's
    /// difference from the grids met is worked out once per search.
    pub(super) board: Option<Arc<[u16; 81]>>,
}

/// The nested steps the parts of a split search share: those of the board's grids met so far,
/// and those carried over from the board before.
pub(super) struct SharedSteps<'c> {
    pub(super) steps: Mutex<StepsByGrid>,
    pub(super) earlier: &'c StepsByGrid,
}

impl SharedSteps<'_> {
    pub(super) fn get(&self, key: &(Nested, [u16; 81])) -> Option<(Arc<Vec<SharedStep>>, u64)> {
        let steps = self.steps.lock().unwrap_or_else(PoisonError::into_inner);
        steps.get(key).map(|(found, cost)| (Arc::clone(found), *cost))
    }

    pub(super) fn insert(&self, key: (Nested, [u16; 81]), found: (Arc<Vec<SharedStep>>, u64)) {
        let mut steps = self.steps.lock().unwrap_or_else(PoisonError::into_inner);
        steps.entry(key).or_insert(found);
    }
}

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;

    #[test]
    fn steps_set_aside_are_freed_while_every_thread_of_the_pool_is_busy() {
        let found: Arc<Vec<SharedStep>> = Arc::new(Vec::new());
        let freed = Arc::downgrade(&found);
        let mut steps = StepsByGrid::default();
        steps.insert((Nested::Chains, [0; 81]), (found, 0));
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool");
        // The pool's one thread hands the steps over, then stays busy until they are freed (as
        // when every thread rates puzzles): a task it left itself would never run. The wait
        // is bounded, so that a failure shows as a failed assertion rather than a hang.
        let gone = pool.install(|| {
            drop_aside(steps, true);
            let start = std::time::Instant::now();
            while freed.strong_count() > 0 && start.elapsed() < std::time::Duration::from_secs(60) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            freed.strong_count() == 0
        });
        assert!(gone, "the steps set aside were not freed");
    }
}
