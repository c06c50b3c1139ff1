//! A dynamic forcing chain search of nesting level 2 and up split over threads: each part builds
//! the chains of a run of cells, then one thread finds the steps over all of them, as the search
//! on one thread finds them.

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};

use crate::rate::se::board::{cand, digits, Board};
use crate::rate::se::hint::Hint;

use super::best::Best;
use super::levels::Multi;
use super::memo::{NestedCache, SharedSteps, SourceMemo};
use super::multiple::{multiple_chains, search_multiple_with};
use super::{Budget, Buffers, Chainer, Node, Outcome, NONE};

/// [`multiple_chains`] with the chains of dynamic forcing chains of level 2 and up built in up to
/// `parts` parts at once, on rayon's pool (those of level 0 build only the chains their
/// [`Plan`](crate::rate::se::spread::Plan) asks for, where the parts would build them all; those
/// of level 1 are short, and setting up and joining the parts took longer than building them on
/// one thread); the steps are then offered in the order of a whole search. The step found, and the
/// work counted, are the same whatever the number of parts: every part builds whole chains, a
/// nested search's result is charged again where a cache gives it (see [`Chainer::advance`]),
/// nested "Forcing Chains & Cycles" count what does not depend on their memo (see
/// [`nested_steps`](super::dynamic::nested_steps)), and the caller takes no step from a search
/// that ran out of budget.
pub(crate) fn multiple_chains_split(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    cache: &mut NestedCache,
    barren: bool,
    parts: usize,
) -> Option<Hint> {
    let (level, parts) = match mode {
        Multi::Dynamic(level @ 2..) if parts > 1 => (level, parts),
        _ => return multiple_chains(board, mode, budget, cache, barren),
    };
    let groups = split_cells(board, parts);
    let mut memos = std::mem::take(&mut cache.part_memos);
    memos.resize_with(groups.len().max(memos.len()), SourceMemo::default);
    let shared = SharedSteps { steps: Mutex::new(std::mem::take(&mut cache.steps)), earlier: &cache.earlier };
    // Each part starts on a run of consecutive cells (their chains meet alike grids, which the
    // part's memo then spares), and once done takes cells from the ends of the others: what a
    // cell's chains cost varies widely from cell to cell, so runs fixed beforehand would leave a
    // thread idle at the end.
    let runs: Vec<Mutex<VecDeque<usize>>> = groups.into_iter().map(|g| Mutex::new(g.into())).collect();
    let run = |(part, memo): (usize, SourceMemo)| {
        let mut next_cell = || take_cell(&runs, part);
        build_part(board, level, barren, &shared, memo, &mut next_cell, budget.clone())
    };
    let work = (0..runs.len()).zip(memos.drain(..runs.len()));
    #[cfg(feature = "rayon")]
    let built: Vec<Part> = {
        use rayon::prelude::*;
        work.collect::<Vec<_>>().into_par_iter().map(run).collect()
    };
    #[cfg(not(feature = "rayon"))]
    let built: Vec<Part> = work.map(run).collect();
    cache.steps = shared.steps.into_inner().unwrap_or_else(PoisonError::into_inner);
    let mut ch = Chainer::new(board, budget);
    ch.barren = barren;
    ch.level = level;
    let mut on_memo: Vec<Option<Box<Outcome>>> = (0..729).map(|_| None).collect();
    let mut off_memo: Vec<Option<Box<Outcome>>> = (0..729).map(|_| None).collect();
    let mut returned = Vec::with_capacity(built.len());
    for part in built {
        ch.budget.spent += part.spent;
        let offset = ch.adopt(&part.buf);
        for (k, mut on, mut off) in part.outcomes {
            on.shift(offset);
            off.shift(offset);
            on_memo[k as usize] = Some(on);
            off_memo[k as usize] = Some(off);
        }
        returned.push(part.memo);
    }
    memos.splice(0..0, returned);
    cache.part_memos = memos;
    if ch.budget.exhausted() {
        return None;
    }
    // Every chain the steps need is built: no nested search runs from here on.
    let mut best = Best::default();
    search_multiple_with(&mut ch, mode, &mut best, &mut on_memo, &mut off_memo);
    ch.buf.spare(on_memo.into_iter().chain(off_memo).flatten());
    best.into_hint()
}

/// The open cells of `board` in at most `parts` runs of consecutive cells, with about as many
/// candidates each.
fn split_cells(board: &Board, parts: usize) -> Vec<Vec<usize>> {
    let open: Vec<usize> =
        (0..81).filter(|&c| board.values[c] == 0 && board.cands[c].count_ones() >= 2).collect();
    let total: usize = open.iter().map(|&c| board.cands[c].count_ones() as usize).sum();
    let parts = parts.clamp(1, open.len().max(1));
    let mut groups: Vec<Vec<usize>> = vec![Vec::new()];
    let mut seen = 0;
    for &cell in &open {
        let filled = groups.len() * total;
        if seen * parts >= filled && groups.len() < parts {
            groups.push(Vec::new());
        }
        groups.last_mut().expect("one group at least").push(cell);
        seen += board.cands[cell].count_ones() as usize;
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// The next cell for `part` of a split search: the first left of its own run, or else the last
/// left of another's.
fn take_cell(runs: &[Mutex<VecDeque<usize>>], part: usize) -> Option<usize> {
    let lock = |i: usize| runs[i].lock().unwrap_or_else(PoisonError::into_inner);
    // One run locked at a time: the guard of the part's own run goes at the end of this
    // statement, before another run is locked (two parts holding their own runs while each
    // waits for the other's would deadlock).
    let own = lock(part).pop_front();
    own.or_else(|| (1..runs.len()).find_map(|d| lock((part + d) % runs.len()).pop_back()))
}

/// What one part of [`multiple_chains_split`] built.
struct Part {
    /// The potentials of its chains, numbered from 0.
    buf: Buffers,
    /// Per candidate: what its "on" and its "off" imply.
    outcomes: Vec<(u16, Box<Outcome>, Box<Outcome>)>,
    /// Its memo of "Forcing Chains & Cycles", kept for the same part of later searches.
    memo: SourceMemo,
    spent: u64,
}

/// Builds the dynamic chains (nesting `level`) from both assumptions of every candidate of
/// the cells `next_cell` gives, reading `shared` for the grids met before, with a copy of the
/// search's `budget` (its work reported back in [`Part::spent`]).
fn build_part(
    board: &Board,
    level: u8,
    barren: bool,
    shared: &SharedSteps<'_>,
    memo: SourceMemo,
    next_cell: &mut dyn FnMut() -> Option<usize>,
    mut budget: Budget,
) -> Part {
    let start = budget.spent;
    let mut ch = Chainer::new(board, &mut budget);
    ch.barren = barren;
    ch.level = level;
    ch.shared = Some(shared);
    ch.nested_cache.chains = memo;
    let mut outcomes = Vec::new();
    'cells: while let Some(cell) = next_cell() {
        for v in digits(board.cands[cell]) {
            let k = cand(cell, v);
            let src = ch.push(k, true, &[]);
            let on = ch.chain(src, true, true);
            let src = ch.push(k, false, &[]);
            let off = ch.chain(src, true, true);
            outcomes.push((k, on, off));
            if ch.budget.exhausted() {
                break 'cells;
            }
        }
    }
    let cache = std::mem::take(&mut ch.nested_cache);
    let buf = Buffers {
        nodes: std::mem::take(&mut ch.buf.nodes),
        parents: std::mem::take(&mut ch.buf.parents),
        counts: std::mem::take(&mut ch.buf.counts),
        nested: std::mem::take(&mut ch.buf.nested),
        ..Buffers::default()
    };
    drop(ch);
    Part { buf, outcomes, memo: cache.chains, spent: budget.spent - start }
}

impl Outcome {
    /// Renumbers the potentials by `offset`, for a chainer that took them over.
    fn shift(&mut self, offset: u32) {
        for n in self.on.iter_mut().chain(self.off.iter_mut()) {
            *n += offset;
        }
        for (_, n) in self.on_sorted.iter_mut().chain(self.off_sorted.iter_mut()) {
            *n += offset;
        }
        if let Some((a, b)) = &mut self.absurd {
            *a += offset;
            *b += offset;
        }
    }
}

impl Chainer<'_> {
    /// Takes over the potentials of `other` (built by another chainer on the same board):
    /// appended to this chainer's, their numbers shifted by the offset returned.
    fn adopt(&mut self, other: &Buffers) -> u32 {
        let offset = self.buf.nodes.len() as u32;
        let parent_offset = self.buf.parents.len() as u32;
        let nested_offset = self.buf.nested.len() as u32;
        self.buf.nodes.extend(other.nodes.iter().map(|n| Node {
            parent_start: n.parent_start + parent_offset,
            nested: if n.nested == NONE { NONE } else { n.nested + nested_offset },
            ..*n
        }));
        self.buf.parents.extend(other.parents.iter().map(|&p| p + offset));
        self.buf.counts.extend_from_slice(&other.counts);
        self.buf.nested.extend_from_slice(&other.nested);
        offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_done_with_its_run_takes_the_far_ends_of_the_others() {
        let runs: Vec<Mutex<VecDeque<usize>>> =
            [vec![1, 2], vec![3, 4, 5], vec![6, 7, 8]].into_iter().map(|r| Mutex::new(r.into())).collect();
        let first: Vec<_> = std::iter::from_fn(|| take_cell(&runs, 0)).take(5).collect();
        assert_eq!(first, [1, 2, 5, 4, 3]);
        assert_eq!(take_cell(&runs, 1), Some(8));
        assert_eq!(take_cell(&runs, 2), Some(6));
        assert_eq!(take_cell(&runs, 2), Some(7));
        assert_eq!(take_cell(&runs, 0), None);
    }

    #[test]
    fn a_part_waiting_for_another_run_holds_no_lock_of_its_own() {
        let runs: Vec<Mutex<VecDeque<usize>>> =
            [vec![], vec![1, 2]].into_iter().map(|r| Mutex::new(r.into())).collect();
        let other = runs[1].lock().expect("not poisoned");
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| take_cell(&runs, 0));
            // Give part 0 time to find its run empty and wait for run 1. Had it kept its own run
            // locked, a part 1 waiting in turn for run 0 would never wake up. (It locks its run
            // for a moment on the way: a few tries tell that moment from a lock kept.)
            std::thread::sleep(std::time::Duration::from_millis(50));
            let own_run_free = (0..100).any(|_| {
                let free = runs[0].try_lock().is_ok();
                if !free {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                free
            });
            drop(other);
            assert_eq!(waiting.join().expect("no panic"), Some(2));
            assert!(own_run_free, "part 0 kept its run locked while waiting");
        });
    }
}
