//! Sudoku Explainer's chaining: bidirectional cycles and forcing chains over X-links (one digit),
//! Y-links (one cell) or both; Nishio, cell and region forcing chains; dynamic chains, in which
//! every "off" taken so far is removed from the grid while the implications spread, so that later
//! links may rely on earlier ones.
//!
//! An implication is a *potential*: a candidate assumed on or off. Each potential records the
//! potentials that caused it (its parents), so a step's complexity is the number of distinct
//! potentials among the ancestors of its conclusions, and its difficulty is the technique's base
//! value plus [`length_bonus`](levels::length_bonus) of that count. Sudoku Explainer spreads
//! implications breadth first, and which potential is recorded first decides the chain (and its
//! length): the queues below follow its order exactly.
//!
//! Inside nested dynamic chains, "Forcing Chains & Cycles" runs whole each time a chain stalls, on
//! grids that differ little: what each assumption's search found is kept with the cells and houses
//! it read ([`SourceMemo`](memo::SourceMemo)) and taken again, unsearched, on a later grid that
//! agrees there. Where the rule found nothing on the grid the enclosing chain started from,
//! forcing chains are looked for only from potentials that can reach a strong link that grid lacks
//! ([`reach`](super::reach)), and cycles only from candidates with a strong link, through which
//! they must close.
//!
//! Few static searches find anything, so those that conclude from reachability alone first run on
//! bit sets, without recording potentials: a forcing chain is built only where its source implies
//! its own conjugate, and not looked for at all from inside an earlier search's closure that lacks
//! the conjugate; cell and region forcing chains are built only for cells and regions whose
//! candidates imply something in common. Dynamic forcing chains nested in others (level 4 and up)
//! are run the same way: every assumption is first spread on bit sets ([`spread`](super::spread)),
//! and only the chains of the steps found there are built.
//!
//! The searches are [`cycles`] ("Forcing Chains & Cycles") and [`multiple`] (Nishio, cell, region
//! and dynamic forcing chains), the latter split over threads by [`split`]. They build their
//! chains with the [`Chainer`] here ([`dynamic`] spreads an assumption's implications), over the
//! [`links`] of the grid, and keep their steps in [`best`] and what nested searches found in
//! [`memo`]; [`levels`] holds Sudoku Explainer's nesting levels.

mod best;
mod cycles;
mod dynamic;
mod levels;
mod links;
mod memo;
mod multiple;
mod split;
#[cfg(test)]
mod tests;

pub(crate) use cycles::{cycles_and_chains, cycles_and_chains_every};
#[cfg(test)]
pub(crate) use levels::{dynamic_base, length_bonus};
pub(crate) use levels::{Multi, DYNAMIC_NAMES, MAX_LEVEL};
pub(crate) use memo::NestedCache;
pub(crate) use multiple::multiple_chains_every;
pub(crate) use split::multiple_chains_split;

use crate::rate::se::advanced::{self, Context};
use crate::rate::se::board::{cand, cell_of, digit_of, digits, Bits, Board, Positions, HOUSES};
use crate::rate::se::hint::{Hint, Pattern};
use crate::rate::se::spread::Spreader;
use crate::solve::CancelFlag;

use cycles::Closure;
use links::{Links, Reads};
use memo::SharedSteps;
use multiple::Implications;

/// A step's removals `(cell, mask)` and placement `(cell, digit)`.
type Conclusion = (Vec<(u8, u16)>, Option<(u8, u8)>);

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    /// `cell * 9 + digit - 1`.
    cand: u16,
    on: bool,
    parent_start: u32,
    parent_len: u32,
    /// Why an "on" holds: 0 none (an assumption), 1 the cell's last candidate, `2 + house` the
    /// digit's last place in that house (Sudoku Explainer's `Potential.Cause`).
    cause: u8,
    /// For an "off" found by a nested chain: that chain's entry in [`Buffers::nested`], else
    /// [`NONE`].
    nested: u32,
}

/// A potential's index among the 1,458: its candidate's, twice, plus one for an "on".
fn potential_key(cand: u16, on: bool) -> usize {
    cand as usize * 2 + usize::from(on)
}

impl Node {
    fn key(&self) -> usize {
        potential_key(self.cand, self.on)
    }
}

#[cfg(test)]
thread_local! {
    /// Off in tests that compare the ratings with every search run, as the pruning proofs claim.
    pub(crate) static PRUNING: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether searches that cannot find anything are left out (always, but in the tests that turn it
/// off to compare).
fn pruning() -> bool {
    #[cfg(test)]
    return PRUNING.with(std::cell::Cell::get);
    #[cfg(not(test))]
    true
}

/// The potentials reached from an assumption, in the order they were first reached.
#[derive(Default)]
struct Outcome {
    on: Vec<u32>,
    off: Vec<u32>,
    on_bits: Bits,
    off_bits: Bits,
    /// `(cand, node)` sorted, for lookups.
    on_sorted: Vec<(u16, u32)>,
    off_sorted: Vec<(u16, u32)>,
    /// The `(on, off)` pair of a contradiction, if the assumption led to one.
    absurd: Option<(u32, u32)>,
}

impl Outcome {
    fn find(&self, c: u16, on: bool) -> Option<u32> {
        let list = if on { &self.on_sorted } else { &self.off_sorted };
        list.binary_search_by_key(&c, |&(k, _)| k).ok().map(|i| list[i].1)
    }
}

/// Work spent on chaining (potentials created), checked against the caller's budget; and the
/// caller's cancel flag, which ends the work as an exhausted budget does, at the same checks.
#[derive(Clone)]
pub(crate) struct Budget {
    pub spent: u64,
    pub limit: u64,
    pub cancel: Option<CancelFlag>,
}

impl Budget {
    /// Nothing spent of `limit`, and no cancel flag.
    pub(crate) fn new(limit: u64) -> Budget {
        Budget { spent: 0, limit, cancel: None }
    }

    pub(crate) fn exhausted(&self) -> bool {
        self.spent > self.limit || self.cancelled()
    }

    /// Whether the caller's flag ended the work.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
    }
}

struct Chainer<'a> {
    board: &'a Board,
    budget: &'a mut Budget,
    /// The potentials and scratch memory, from the thread's pool.
    buf: Buffers,
    /// The board's positions of each digit in each house.
    base_pos: Positions,
    /// Sudoku Explainer's nesting level: 0, or 1 when the dynamic chains also use the
    /// [`advanced`] rules.
    level: u8,
    /// What the [`advanced`] rules need of the board (set with a level above 0).
    ctx: Option<Context>,
    /// The steps of each nested rule on each grid met so far. Many assumptions leave the same
    /// grid behind (both candidates of a bivalue cell, a candidate "on" and the other places of
    /// its digit "off"), and the steps depend on nothing else while one step is searched (the
    /// grid before the assumptions is always this chainer's board). The levels tried one after
    /// the other for a step of the path share it: a level reaches the grids the level below met.
    nested_cache: NestedCache,
    /// For a part of a search split over threads ([`multiple_chains_split`]): the nested steps
    /// found on this board by every part, used instead of `nested_cache`'s.
    shared: Option<&'a SharedSteps<'a>>,
    /// What the running search of [`cycles_and_chains_into`](cycles::cycles_and_chains_into) has
    /// looked at.
    reads: Reads,
    /// The board's links, for the static searches.
    links: Option<Box<Links>>,
    /// "Forcing Chains & Cycles" found nothing on the board: forcing chains nested in this
    /// chainer's chains need a strong link the board lacks (see [`reach`](super::reach)).
    barren: bool,
    /// The search's chains are static, each potential with one parent: a step it keeps to show
    /// ([`Best::offer`](best::Best::offer) into [`Best::First`](best::Best::First) or
    /// [`Best::Every`](best::Best::Every)) carries its chains; a nested one's steps never do.
    show_chains: bool,
}

/// The potentials and scratch memory of a [`Chainer`], kept per thread once it is done: nested
/// chains start thousands of searches a step, each of which would otherwise allocate them afresh.
#[derive(Default)]
struct Buffers {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// Per node, once computed (0 = not yet): its ancestor count ([`Chainer::ancestors`]), and
    /// one more than the complexity of the chains nested above it alone
    /// ([`Chainer::nested_alone`]).
    counts: Vec<[u32; 2]>,
    /// Scratch for [`Chainer::walk`] and [`Chainer::nested_sum`].
    walk: Walk,
    /// Scratch: node of each candidate reached on / off in the running [`Chainer::chain`]; all
    /// [`NONE`] between searches.
    on_idx: Vec<u32>,
    off_idx: Vec<u32>,
    /// Scratch: what [`on_to_off`](links::on_to_off) and [`Chainer::off_to_on`] return in
    /// [`Chainer::chain`].
    scratch_offs: Vec<(u16, u8)>,
    scratch_ons: Vec<(u16, u32, u32, u8)>,
    /// Scratch: the queues of [`Chainer::cycles`] and [`Chainer::forcing`].
    scratch_queues: [Vec<u32>; 3],
    /// The potentials the latest [`Chainer::forcing`] implied, "on" and "off".
    closure: (Bits, Bits),
    /// Scratch: the parents of the potentials [`Chainer::off_to_on`] returns.
    parent_buf: Vec<u32>,
    /// Scratch: what the [`advanced`] rules found.
    found: advanced::Found,
    /// The chains nested in this one's potentials: (complexity, signature).
    nested: Vec<(u32, u64)>,
    /// Memory for the bit-set dynamic chains of [`Plan::new`](crate::rate::se::spread::Plan::new).
    spreader: Spreader,
    /// Memory for the closures of [`Chainer::forcing_unless_closed`] and the implications of
    /// static multiple chains, which grow anew for every grid otherwise.
    closures: Vec<Closure>,
    implications: Implications,
    /// Memory for [`Chainer::links`], from an earlier search.
    spare_links: Option<Box<Links>>,
    /// Memory of outcomes no longer needed, for [`Chainer::chain`].
    #[allow(clippy::vec_box, reason = "the boxes move between here and the memos of outcomes")]
    spare_outcomes: Vec<Box<Outcome>>,
}

/// Scratch memory of the walks over a potential's ancestors ([`Chainer::walk`]).
#[derive(Default)]
struct Walk {
    /// The breadth-first queue: each potential's parents, as a range of [`Buffers::parents`].
    parents: Vec<(u32, u32)>,
    /// The nested chains met ([`Buffers::nested`] entries).
    nested: Vec<u32>,
    /// The signatures of the nested chains counted so far.
    signatures: Vec<u64>,
}

/// The most outcomes [`Buffers::spare`] keeps: as many as one search holds at once, an "on" and an
/// "off" per candidate.
pub(crate) const SPARE_OUTCOMES: usize = 2 * 729;

impl Buffers {
    /// Keeps `outcomes` for later searches, up to [`SPARE_OUTCOMES`]. The outcomes of a split
    /// search are built on other threads and handed back to the calling thread, whose own
    /// searches may never take them up: kept without a bound, they would pile up there search
    /// after search.
    fn spare(&mut self, outcomes: impl IntoIterator<Item = Box<Outcome>>) {
        let room = SPARE_OUTCOMES.saturating_sub(self.spare_outcomes.len());
        self.spare_outcomes.extend(outcomes.into_iter().take(room));
    }

    fn take() -> Buffers {
        let mut b = POOL.with(|pool| pool.borrow_mut().pop()).unwrap_or_else(|| Buffers {
            nodes: Vec::with_capacity(4096),
            parents: Vec::with_capacity(8192),
            counts: Vec::with_capacity(4096),
            on_idx: vec![NONE; 729],
            off_idx: vec![NONE; 729],
            ..Buffers::default()
        });
        b.nodes.clear();
        b.parents.clear();
        b.counts.clear();
        b.nested.clear();
        b
    }
}

thread_local! {
    /// Buffers of finished [`Chainer`]s (as many as were ever nested at once).
    static POOL: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The most spare outcomes any buffer of this thread's pool holds.
#[cfg(test)]
pub(crate) fn most_spare_outcomes() -> usize {
    POOL.with(|pool| pool.borrow().iter().map(|b| b.spare_outcomes.len()).max().unwrap_or(0))
}

impl Drop for Chainer<'_> {
    fn drop(&mut self) {
        let mut b = std::mem::take(&mut self.buf);
        if let Some(links) = self.links.take() {
            b.spare_links = Some(links);
        }
        // Buffers still lent out (a search unwound midway) are not kept; marks left are cleared.
        if b.on_idx.len() != 729 || b.off_idx.len() != 729 {
            return;
        }
        if b.on_idx.iter().chain(&b.off_idx).any(|&i| i != NONE) {
            b.on_idx.fill(NONE);
            b.off_idx.fill(NONE);
        }
        POOL.with(|pool| pool.borrow_mut().push(b));
    }
}

impl<'a> Chainer<'a> {
    fn new(board: &'a Board, budget: &'a mut Budget) -> Chainer<'a> {
        Chainer {
            board,
            budget,
            buf: Buffers::take(),
            base_pos: board.all_positions(),
            level: 0,
            ctx: None,
            nested_cache: NestedCache::default(),
            shared: None,
            reads: Reads::default(),
            links: None,
            barren: false,
            show_chains: false,
        }
    }

    /// The board's links for a static search: those the last one handed back to
    /// [`Chainer::links`], else built afresh (in the memory an earlier chainer left, if any).
    fn take_links(&mut self) -> Box<Links> {
        match self.links.take() {
            Some(links) => links,
            None => Links::new(self.buf.spare_links.take(), &self.board.cands, &self.base_pos),
        }
    }

    fn push(&mut self, c: u16, on: bool, parents: &[u32]) -> u32 {
        let start = self.buf.parents.len();
        self.buf.parents.extend_from_slice(parents);
        self.push_node(c, on, start, 0)
    }

    /// Like [`Chainer::push`], with one parent and a cause.
    fn push_caused(&mut self, c: u16, on: bool, parent: u32, cause: u8) -> u32 {
        let start = self.buf.parents.len();
        self.buf.parents.push(parent);
        self.push_node(c, on, start, cause)
    }

    /// Like [`Chainer::push`] with parents taken from `parent_buf[start..start + len]`.
    fn push_buffered(&mut self, c: u16, on: bool, start: u32, len: u32, cause: u8) -> u32 {
        let first = self.buf.parents.len();
        let (s, e) = (start as usize, (start + len) as usize);
        self.buf.parents.extend_from_slice(&self.buf.parent_buf[s..e]);
        self.push_node(c, on, first, cause)
    }

    /// Records a potential whose parents are those added to [`Buffers::parents`] from `start` on.
    fn push_node(&mut self, c: u16, on: bool, start: usize, cause: u8) -> u32 {
        let id = self.buf.nodes.len() as u32;
        let len = self.buf.parents.len() - start;
        self.buf.nodes.push(Node {
            cand: c,
            on,
            parent_start: start as u32,
            parent_len: len as u32,
            cause,
            nested: NONE,
        });
        self.buf.counts.push([0; 2]);
        self.budget.spent += 1;
        id
    }

    /// Where the potentials stand now, for [`Chainer::rewind`].
    fn mark(&self) -> (usize, usize) {
        (self.buf.nodes.len(), self.buf.parents.len())
    }

    /// Forgets the potentials created since `mark` (none of them may be referred to any more).
    fn rewind(&mut self, mark: (usize, usize)) {
        self.buf.nodes.truncate(mark.0);
        self.buf.counts.truncate(mark.0);
        self.buf.parents.truncate(mark.1);
    }

    fn parents_of(&self, n: u32) -> &[u32] {
        let node = self.buf.nodes[n as usize];
        &self.buf.parents[node.parent_start as usize..(node.parent_start + node.parent_len) as usize]
    }

    fn key(&self, n: u32) -> usize {
        self.buf.nodes[n as usize].key()
    }

    /// The potentials `(candidate, on)` of the chain from its assumption to `n`, following first
    /// parents: the whole chain where each potential has one parent (static chains).
    fn chain_to(&self, n: u32) -> Vec<(u16, bool)> {
        let mut chain = Vec::new();
        let mut p = Some(n);
        while let Some(q) = p {
            let node = self.buf.nodes[q as usize];
            chain.push((node.cand, node.on));
            p = self.parents_of(q).first().copied();
        }
        chain.reverse();
        chain
    }

    /// `hint` with the chains from its assumptions to `targets` ([`Chainer::chain_to`]), where
    /// the search shows them; a hint without a pattern (a cycle's, a forcing chain's) takes their
    /// candidates as its pattern.
    fn with_chains(&self, hint: Hint, targets: &[u32]) -> Hint {
        if !self.show_chains {
            return hint;
        }
        let chains: Vec<Vec<(u16, bool)>> = targets.iter().map(|&t| self.chain_to(t)).collect();
        let pattern = if hint.pattern == Pattern::default() {
            let cands: Vec<u16> = chains.iter().flatten().map(|&(k, _)| k).collect();
            Pattern::of_candidates(&cands)
        } else {
            hint.pattern
        };
        Hint { pattern, chains, ..hint }
    }

    /// Distinct potentials among `n` and its ancestors (breadth first, the first copy of a
    /// potential met being the one followed).
    fn ancestors(&mut self, n: u32) -> u32 {
        if self.buf.counts[n as usize][0] == 0 {
            self.count(n);
        }
        self.buf.counts[n as usize][0]
    }

    /// Fills `n`'s entry of [`Buffers::counts`] from one walk over its ancestors: the chains
    /// nested above it are read off the same potentials. Walking them again for
    /// [`Chainer::nested_alone`] took longer than the count: 28% of the time of the thread that
    /// combines the chains of the slowest forum_hardest_1106 puzzle, against 21%.
    fn count(&mut self, n: u32) {
        let mut walk = std::mem::take(&mut self.buf.walk);
        // Nothing to read where nothing is nested (the searches inside nested chains, which
        // count ancestors most often): `nested_alone` answers 0 there without a walk.
        let nested = !self.buf.nested.is_empty();
        walk.nested.clear();
        self.buf.counts[n as usize][0] = self.walk(n, &mut walk, nested);
        if nested {
            walk.signatures.clear();
            self.buf.counts[n as usize][1] = self.nested_sum(&mut walk) + 1;
        }
        self.buf.walk = walk;
    }

    /// Counts the distinct potentials among `target` and its ancestors, breadth first as
    /// [`Chainer::chain_of`] lists them, and with `nested` appends to `walk.nested` the entries in
    /// [`Buffers::nested`] of those a nested chain found, in the order met. A node is read where a
    /// parent link leads to it, and what the walk needs of it later is kept from that read: it is
    /// not read again when taken from the queue, nor for its nested chain. The walks run for most
    /// potentials of a search, over nodes spread through memory.
    fn walk(&self, target: u32, walk: &mut Walk, nested: bool) -> u32 {
        let mut seen = [0u64; 23];
        let node = self.buf.nodes[target as usize];
        let k = node.key();
        seen[k / 64] |= 1 << (k % 64);
        let queue = &mut walk.parents;
        queue.clear();
        queue.push((node.parent_start, node.parent_len));
        if nested && node.nested != NONE {
            walk.nested.push(node.nested);
        }
        let mut i = 0;
        while let Some(&(start, len)) = queue.get(i) {
            i += 1;
            for &q in &self.buf.parents[start as usize..(start + len) as usize] {
                let node = self.buf.nodes[q as usize];
                let k = node.key();
                if seen[k / 64] & (1 << (k % 64)) == 0 {
                    seen[k / 64] |= 1 << (k % 64);
                    queue.push((node.parent_start, node.parent_len));
                    if nested && node.nested != NONE {
                        walk.nested.push(node.nested);
                    }
                }
            }
        }
        queue.len() as u32
    }

    /// Appends to `out` the potentials above `target` (itself included), breadth first, each
    /// potential once (the first copy met being the one followed; Sudoku Explainer's `getChain`).
    fn chain_of(&self, target: u32, out: &mut Vec<u32>) {
        // Marking a potential when it is first queued keeps the order, and the copy followed, of
        // marking it when it is first taken from the queue.
        let mut seen = [0u64; 23];
        let k = self.key(target);
        seen[k / 64] |= 1 << (k % 64);
        let mut i = out.len();
        out.push(target);
        while i < out.len() {
            let p = out[i];
            i += 1;
            for &q in self.parents_of(p) {
                let k = self.key(q);
                if seen[k / 64] & (1 << (k % 64)) == 0 {
                    seen[k / 64] |= 1 << (k % 64);
                    out.push(q);
                }
            }
        }
    }

    /// [`Chainer::nested_complexity`] of `n` alone: no more than that of any targets `n` is
    /// among.
    fn nested_alone(&mut self, n: u32) -> u32 {
        if self.buf.nested.is_empty() {
            return 0;
        }
        if self.buf.counts[n as usize][1] == 0 {
            self.count(n);
        }
        self.buf.counts[n as usize][1] - 1
    }

    /// The complexities of the distinct chains nested among the ancestors of `targets`
    /// (Sudoku Explainer's `getNestedComplexity`).
    fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        if self.buf.nested.is_empty() {
            return 0;
        }
        let mut walk = std::mem::take(&mut self.buf.walk);
        walk.signatures.clear();
        let mut total = 0;
        for &t in targets {
            walk.nested.clear();
            self.walk(t, &mut walk, true);
            total += self.nested_sum(&mut walk);
        }
        self.buf.walk = walk;
        total
    }

    /// The complexities of the nested chains `walk.nested` lists whose signatures are not yet in
    /// `walk.signatures`, each once; adds their signatures.
    fn nested_sum(&self, walk: &mut Walk) -> u32 {
        let mut total = 0;
        for &n in &walk.nested {
            let (complexity, signature) = self.buf.nested[n as usize];
            if !walk.signatures.contains(&signature) {
                walk.signatures.push(signature);
                total += complexity;
            }
        }
        total
    }

    /// A cycle's potentials from its start to `dst` along first parents: read with "on" and
    /// "off" swapped, the cycle the other way round (Sudoku Explainer's `getReversedCycle`).
    fn reversed_path(&self, dst: u32) -> Vec<u32> {
        let mut path = vec![dst];
        let mut p = dst;
        while let Some(&q) = self.parents_of(p).first() {
            path.push(q);
            p = q;
        }
        path.reverse();
        path
    }

    /// A hash of the potentials above each target (`chains`, as [`Best::offer`](best::Best::offer)
    /// lists them), in order, then of the `reversed` cycle (see
    /// [`NestedStep::signature`](best::NestedStep::signature)).
    fn signature(&self, chains: &[u32], reversed: &[u32]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |k: usize| h = (h ^ k as u64).wrapping_mul(0x0100_0000_01b3);
        for &p in chains {
            mix(if p == NONE { 0xffff } else { self.key(p) });
        }
        let mut seen = Bits::default();
        for &p in reversed {
            let c = self.buf.nodes[p as usize].cand;
            let flipped = !self.buf.nodes[p as usize].on;
            let k = potential_key(c, flipped);
            if flipped {
                mix(k);
            } else if !seen.has(c) {
                seen.set(c);
                mix(k);
            }
        }
        h
    }

    /// The candidates, present in `init` and gone in `cur`, that the "on"s in `chains` (as
    /// [`Best::offer`](best::Best::offer) lists them) need gone: the cell's other candidates for a
    /// cell's last candidate, the digit's other places for a house's last place (Sudoku
    /// Explainer's `collectRuleParents`). An assumption counts with `src_cause`.
    fn rule_parents(
        &self,
        chains: &[u32],
        reversed: &[u32],
        src_cause: u8,
        init: &[u16; 81],
        cur: &[u16; 81],
    ) -> Vec<u16> {
        let mut out = Vec::new();
        let mut have = Bits::default();
        let mut add = |k: u16, out: &mut Vec<u16>| {
            if !have.has(k) {
                have.set(k);
                out.push(k);
            }
        };
        // The reversed cycle's "on"s are the cycle's "off"s, with their causes.
        let flipped = reversed.iter().filter(|&&p| !self.buf.nodes[p as usize].on).map(|&p| (p, true));
        let all = chains.iter().filter(|&&p| p != NONE).map(|&p| (p, false)).chain(flipped);
        {
            for (p, flipped) in all {
                let node = self.buf.nodes[p as usize];
                let cause =
                    if node.cause == 0 && self.parents_of(p).is_empty() { src_cause } else { node.cause };
                if (!node.on && !flipped) || cause == 0 {
                    continue;
                }
                let (cell, d) = (cell_of(node.cand), digit_of(node.cand));
                if cause == 1 {
                    for v in digits(init[cell] & !cur[cell]) {
                        add(cand(cell, v), &mut out);
                    }
                } else {
                    for &c in &HOUSES[usize::from(cause - 2)] {
                        let c = c as usize;
                        if init[c] & !cur[c] & (1 << d) != 0 {
                            add(cand(c, d), &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the potential `key` is on the first-parent path above `child`.
    fn is_parent(&self, child: u32, key: usize) -> bool {
        let mut p = child;
        loop {
            let parents = self.parents_of(p);
            if parents.is_empty() {
                return false;
            }
            p = parents[0];
            if self.key(p) == key {
                return true;
            }
        }
    }

    /// The removals (and placement) of a conclusion "`c` is on/off".
    fn conclusion(&self, c: u16, on: bool) -> Conclusion {
        let (cell, d) = (cell_of(c), digit_of(c));
        if on {
            let rest = self.board.cands[cell] & !(1 << d);
            let removals = if rest == 0 { Vec::new() } else { vec![(cell as u8, rest)] };
            (removals, Some((cell as u8, d)))
        } else {
            (vec![(cell as u8, 1 << d)], None)
        }
    }
}
