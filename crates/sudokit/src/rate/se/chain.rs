//! Sudoku Explainer's chaining: bidirectional cycles and forcing chains over X-links (one digit),
//! Y-links (one cell) or both; Nishio, cell and region forcing chains; dynamic chains, in which
//! every "off" taken so far is removed from the grid while the implications spread, so that later
//! links may rely on earlier ones.
//!
//! An implication is a *potential*: a candidate assumed on or off. Each potential records the
//! potentials that caused it (its parents), so a step's complexity is the number of distinct
//! potentials among the ancestors of its conclusions, and its difficulty is the technique's base
//! value plus [`length_bonus`] of that count. Sudoku Explainer spreads implications breadth
//! first, and which potential is recorded first decides the chain (and its length): the queues
//! below follow its order exactly.
//!
//! Inside nested dynamic chains, "Forcing Chains & Cycles" runs whole each time a chain stalls, on
//! grids that differ little: what each assumption's search found is kept with the cells and
//! houses it read ([`SourceMemo`]) and taken again, unsearched, on a later grid that agrees there.
//! Where the rule found nothing on the grid the enclosing chain started from, forcing chains are
//! looked for only from potentials that can reach a strong link that grid lacks
//! ([`reach`](super::reach)), and cycles only from candidates with a strong link, through which
//! they must close.
//!
//! Few static searches find anything, so those that conclude from reachability alone first run
//! on bit sets, without recording potentials: a forcing chain is built only where its source
//! implies its own conjugate, and not looked for at all from inside an earlier search's closure
//! that lacks the conjugate; cell and region forcing chains are built only for cells and regions
//! whose candidates imply something in common. Dynamic forcing chains nested in others (level 4
//! and up) are run the same way: every assumption is first spread on bit sets
//! ([`spread`](super::spread)), and only the chains of the steps found there are built.

use super::board::{
    cand, cell_of, digit_of, digits, first, two, Bits, Board, Positions, CELL_HOUSES, CELL_INDEX, HOUSES,
    IN_BLOCK, PEERS,
};

/// A step's removals `(cell, mask)` and placement `(cell, digit)`.
type Conclusion = (Vec<(u8, u16)>, Option<(u8, u8)>);

use std::borrow::Cow;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use super::advanced::{self, Context};
use super::hint::Hint;
use super::reach::{gained_reach, Reach};
use super::spread::{Plan, Spreader};
use crate::solve::CancelFlag;

const NONE: u32 = u32::MAX;

/// Sudoku Explainer's length bonus: +0.1 each time `complexity - 2` passes 4, 6, 8, 12, 16, 24,
/// 32, 48, … (the bound grows by ×3/2 and ×4/3 in turn). Summed as doubles, as it does.
pub(crate) fn length_bonus(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

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
    /// For an "off" found by a nested chain: that chain's entry in [`Chainer::nested`], else
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

/// The links of one grid, looked up by the static searches ([`Chainer::cycles`],
/// [`Chainer::forcing`]) for every potential they spread instead of being worked out again.
struct Links {
    /// Per candidate: the other candidate of its cell when the cell has two, else [`NO_CAND`].
    cell: [u16; 729],
    /// Per candidate: the digit's other place in its block, row and column when the house has two
    /// places; [`NO_CAND`] where not, and where an earlier house gave the same place.
    house: [[u16; 3]; 729],
    /// Per candidate: which of `cell` (bit 0) and `house` (bits 1 to 3) hold a candidate.
    strong: [u8; 729],
    /// Per candidate, once asked for: where its weak links ([`Chainer::on_to_off`] with Y-links)
    /// start in `weak`, how many are in its cell (they come first) and how many there are.
    weak_at: [(u32, u8, u8); 729],
    weak: Vec<(u16, u8)>,
    scratch: Vec<(u16, u8)>,
    /// Per candidate and kind of links (X, Y, both; see [`kind`]), once asked for: where in
    /// `reads` is what a static search reads of the grid when it spreads the candidate's "on".
    reads_at: [[u32; 3]; 729],
    reads: Vec<Reads>,
    /// The candidates with an entry in `cell`, `house` or `strong` (some more than once), and
    /// those with one in `weak_at` (and so perhaps in `reads_at`): what to clear for the next
    /// grid.
    strong_cands: Vec<u16>,
    weak_cands: Vec<u16>,
}

/// The index of a kind of links: X only, Y only, both.
fn kind(y: bool, x: bool) -> usize {
    usize::from(y) + usize::from(y && x)
}

const NO_CAND: u16 = u16::MAX;

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

/// The bits of [`Links::strong`] that links of the kind use: the cell with Y-links (`y`), the
/// houses with X-links (`x`).
fn strong_kinds(y: bool, x: bool) -> u8 {
    u8::from(y) | if x { 0b1110 } else { 0 }
}

impl Links {
    /// The links of a grid, in `spare`'s memory if given.
    fn new(spare: Option<Box<Links>>, cands: &[u16; 81], pos: &Positions) -> Box<Links> {
        let mut s = match spare {
            Some(mut s) => {
                // Only the entries the last grid set: nested searches meet thousands of grids a
                // step, and clearing the whole tables (21 KB) for each was 1.5% of a rating's
                // instructions.
                for &c in &s.strong_cands {
                    let c = usize::from(c);
                    s.cell[c] = NO_CAND;
                    s.house[c] = [NO_CAND; 3];
                    s.strong[c] = 0;
                }
                s.strong_cands.clear();
                s.weak.clear();
                for &c in &s.weak_cands {
                    let c = usize::from(c);
                    s.weak_at[c] = (u32::MAX, 0, 0);
                    s.reads_at[c] = [u32::MAX; 3];
                }
                s.weak_cands.clear();
                s.reads.clear();
                s
            }
            None => Box::new(Links {
                cell: [NO_CAND; 729],
                house: [[NO_CAND; 3]; 729],
                strong: [0; 729],
                weak_at: [(u32::MAX, 0, 0); 729],
                weak: Vec::with_capacity(2048),
                scratch: Vec::new(),
                reads_at: [[u32::MAX; 3]; 729],
                reads: Vec::with_capacity(512),
                strong_cands: Vec::with_capacity(256),
                weak_cands: Vec::with_capacity(256),
            }),
        };
        for (cell, &m) in cands.iter().enumerate() {
            if !two(m) {
                continue;
            }
            let a = first(m);
            let b = first(m & !(1 << a));
            let (ca, cb) = (cand(cell, a), cand(cell, b));
            s.cell[ca as usize] = cb;
            s.cell[cb as usize] = ca;
            s.strong[ca as usize] = 1;
            s.strong[cb as usize] = 1;
            s.strong_cands.extend([ca, cb]);
        }
        // Houses in their order (blocks, rows, columns), which is each cell's order of its houses.
        for (house, cells) in HOUSES.iter().enumerate() {
            for d in 1..=9u8 {
                let places = pos[house][d as usize];
                if !two(places) {
                    continue;
                }
                let i = places.trailing_zeros() as usize;
                let j = (places & !(1 << i)).trailing_zeros() as usize;
                let (a, b) = (cells[i] as usize, cells[j] as usize);
                for (at, other) in [(a, cand(b, d)), (b, cand(a, d))] {
                    let c = cand(at, d) as usize;
                    let k = house / 9;
                    if !s.house[c][..k].contains(&other) {
                        s.house[c][k] = other;
                        s.strong[c] |= 2 << k;
                        s.strong_cands.push(c as u16);
                    }
                }
            }
        }
        s
    }

    /// Where the weak links of `c` are in `weak` (those in its cell only with `y`).
    fn weak_range(&mut self, cands: &[u16; 81], pos: &Positions, c: u16, y: bool) -> std::ops::Range<usize> {
        let (mut start, mut in_cell, mut len) = self.weak_at[c as usize];
        if start == u32::MAX {
            Chainer::on_to_off(cands, pos, c, true, &mut self.scratch);
            start = self.weak.len() as u32;
            in_cell = self.scratch.iter().filter(|&&(_, cause)| cause == 1).count() as u8;
            len = self.scratch.len() as u8;
            self.weak.extend_from_slice(&self.scratch);
            self.weak_at[c as usize] = (start, in_cell, len);
            self.weak_cands.push(c);
        }
        let from = if y { start } else { start + u32::from(in_cell) };
        from as usize..(start + u32::from(len)) as usize
    }

    /// What spreading "`c` is on" reads of the grid, with Y-links (`y`) and X-links (`x`): the
    /// candidate's own cell and houses, and what the links of each "off" it gives read (the
    /// reads of [`Chainer::read`] for `c` with X-links and for its weak links, all of them: a
    /// search that skips an "off" it has met has read its links before).
    fn reads(&mut self, cands: &[u16; 81], pos: &Positions, c: u16, y: bool, x: bool) -> &Reads {
        let kind = kind(y, x);
        let mut at = self.reads_at[c as usize][kind];
        if at == u32::MAX {
            let mut r = Reads::default();
            r.note(c, y, true);
            for i in self.weak_range(cands, pos, c, y) {
                r.note(self.weak[i].0, y, x);
            }
            at = self.reads.len() as u32;
            self.reads.push(r);
            self.reads_at[c as usize][kind] = at;
        }
        &self.reads[at as usize]
    }
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

/// Which of Sudoku Explainer's chaining rules runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Multi {
    /// Nishio forcing chains (7.5): X-links only, dynamic, contradictions only.
    Nishio,
    /// Static cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains: contradictions, double implications, cells and regions, at a
    /// nesting level: 0 plain (8.5); 1 (9.0, "Dynamic Forcing Chains (+)") when the implications
    /// may also go through intersections, hidden and naked pairs and X-Wings; 2 to 5 (9.5, 10.0,
    /// 10.5, 11.0) when they may also go through whole chains (see [`nested_rules`]).
    Dynamic(u8),
}

/// The highest nesting level Sudoku Explainer has.
pub(crate) const MAX_LEVEL: u8 = 5;

/// Sudoku Explainer's names of the dynamic chains by nesting level (its `getNestedSuffix`):
/// contradiction, double, cell, region.
pub(crate) const DYNAMIC_NAMES: [[&str; 4]; 6] = [
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    ],
];

/// The base difficulty of dynamic chains at a nesting level (Sudoku Explainer's
/// `Chaining.getDifficulty`): 8.5, 9.0, then 9.5 + 0.5 per level above 2.
pub(crate) fn dynamic_base(level: u8) -> f64 {
    if level >= 2 {
        9.5 + 0.5 * f64::from(level - 2)
    } else {
        8.5 + 0.5 * f64::from(level)
    }
}

/// A chaining rule used inside a nested dynamic chain (Sudoku Explainer's `otherRules`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Nested {
    /// "Forcing Chains & Cycles".
    Chains,
    /// Cell and region forcing chains, static or dynamic.
    Multi(Multi),
}

/// The chaining rules a dynamic chain of nesting `level` may use once intersections, pairs and
/// X-Wings find nothing, in order (Sudoku Explainer's `getAdvancedPotentials`): forcing chains
/// (level 2), multiple forcing chains (3), dynamic forcing chains (4), and from 5 on dynamic
/// forcing chains again, then dynamic chains of level `level - 3`.
fn nested_rules(level: u8) -> &'static [Nested] {
    match level {
        0 | 1 => &[],
        2 => &[Nested::Chains],
        3 => &[Nested::Chains, Nested::Multi(Multi::Multiple)],
        4 => &[Nested::Multi(Multi::Dynamic(0))],
        _ => &[Nested::Multi(Multi::Dynamic(0)), Nested::Multi(Multi::Dynamic(2))],
    }
}

/// A step found by a chaining rule nested in another chain.
pub(crate) struct NestedStep {
    /// The candidates it removes.
    removals: Vec<u16>,
    /// The enclosing chain's "off"s it relies on (Sudoku Explainer's `getRuleParents`).
    parents: Vec<u16>,
    /// Its complexity, its own nested chains included.
    complexity: u32,
    /// Tells the same chain apart from others (Sudoku Explainer's `FullChain`): a hash of the
    /// potentials above each of its conclusions, breadth first.
    signature: u64,
}

/// A chaining step with the keys Sudoku Explainer sorts its chaining steps by.
struct Found {
    difficulty: f64,
    complexity: u32,
    sort_key: u8,
    hint: Hint,
}

/// Keeps the first of the easiest steps, as a stable sort by (difficulty, complexity, kind) would;
/// or, for a rule nested in another chain, every step with what it relies on.
enum Best<'c> {
    First(Option<Found>),
    /// Every step, for "Get all hints".
    Every(Vec<Found>),
    All {
        /// The enclosing chain's grid before its assumption, and as the assumption left it.
        init: &'c [u16; 81],
        cur: &'c [u16; 81],
        found: Vec<SharedStep>,
        /// Per set of removals (sorted), the sort keys of the first of the easiest steps offered
        /// with it, when steps that could not come first for their removals are dropped as
        /// offered (not where a memo keeps each assumption's steps for later grids).
        easiest: Option<HashMap<Vec<u16>, (f64, u32, u8)>>,
        /// Where `easiest` is kept: the steps offered, whose chains are followed once the search
        /// is over ([`Best::settle`]).
        pending: Vec<Pending>,
    },
}

/// A step offered where only the first of the easiest for its removals is kept: about half of
/// those offered are not by the end of the search, so what it relies on is worked out only then.
struct Pending {
    found: Found,
    removals: Vec<u16>,
    targets: Vec<u32>,
    /// The cause of its assumption, and whether it is a cycle (see [`Best::offer`]).
    how: (u8, bool),
}

impl Default for Best<'_> {
    fn default() -> Self {
        Best::First(None)
    }
}

impl Best<'_> {
    /// Offers a step concluded at `targets`; `src_cause` is the cause of its assumption (a cell
    /// or a house for cell and region chains, else 0). A cycle (`cycle`) is offered with its one
    /// target, the way back to its start; its reversed copy counts as a second target.
    fn offer(&mut self, ch: &Chainer<'_>, f: Found, targets: &[u32], src_cause: u8, cycle: bool) {
        if f.hint.removals.is_empty() {
            return;
        }
        match self {
            Best::First(best) => {
                let better = match best {
                    None => true,
                    Some(b) => {
                        (f.difficulty, f.complexity, f.sort_key) < (b.difficulty, b.complexity, b.sort_key)
                    }
                };
                if better {
                    *best = Some(f);
                }
            }
            Best::Every(all) => all.push(f),
            Best::All { init, cur, found, easiest, pending } => {
                let removals: Vec<u16> = f
                    .hint
                    .removals
                    .iter()
                    .flat_map(|&(c, m)| digits(m).map(move |d| cand(c as usize, d)))
                    .collect();
                let Some(easiest) = easiest else {
                    found.push(Self::nested_step(ch, f, removals, targets, (src_cause, cycle), (init, cur)));
                    return;
                };
                // A step sorted after an earlier one with the same removals is dropped by
                // `into_steps`: what it relies on need not be worked out.
                let mut sorted = removals.clone();
                sorted.sort_unstable();
                let keys = (f.difficulty, f.complexity, f.sort_key);
                match easiest.get_mut(&sorted) {
                    Some(best) if Self::sorts_before(*best, keys) => return,
                    Some(best) => *best = keys,
                    None => {
                        easiest.insert(sorted, keys);
                    }
                }
                pending.push(Pending {
                    found: f,
                    removals,
                    targets: targets.to_vec(),
                    how: (src_cause, cycle),
                });
            }
        }
    }

    /// The steps kept for later ([`Pending`]) that are still the first of the easiest for their
    /// removals, with what they rely on, in the order offered: as [`Best::into_steps`] would
    /// have kept them. The chainer's potentials are those of the search that offered them.
    fn settle(&mut self, ch: &Chainer<'_>) {
        let Best::All { init, cur, found, easiest: Some(easiest), pending } = self else { return };
        for p in pending.drain(..) {
            let mut sorted = p.removals.clone();
            sorted.sort_unstable();
            // A later step with the same removals was kept only where it came first, so one
            // step per set of removals has the keys recorded last.
            let keys = (p.found.difficulty, p.found.complexity, p.found.sort_key);
            if easiest.get(&sorted) == Some(&keys) {
                found.push(Self::nested_step(ch, p.found, p.removals, &p.targets, p.how, (init, cur)));
            }
        }
    }

    /// A step of a nested rule with what it relies on: the enclosing chain's "off"s among the
    /// potentials above its targets (`init` and `cur`: that chain's grid before its assumption,
    /// and as the assumption left it), and its signature.
    fn nested_step(
        ch: &Chainer<'_>,
        f: Found,
        removals: Vec<u16>,
        targets: &[u32],
        (src_cause, cycle): (u8, bool),
        (init, cur): (&[u16; 81], &[u16; 81]),
    ) -> SharedStep {
        let reversed = if cycle { ch.reversed_path(targets[0]) } else { Vec::new() };
        // The potentials above each target, back to back, each list closed by `NONE`.
        let mut chains = Vec::with_capacity(64 * targets.len());
        for &t in targets {
            ch.chain_of(t, &mut chains);
            chains.push(NONE);
        }
        let step = NestedStep {
            removals,
            parents: ch.rule_parents(&chains, &reversed, src_cause, init, cur),
            complexity: f.complexity,
            signature: ch.signature(&chains, &reversed),
        };
        Arc::new((f, step))
    }

    /// Whether a step with these sort keys could be kept: every step is where all are kept,
    /// else only one that comes before the best so far (or every step, where the tests run
    /// every search). The keys only grow as a step's nested chains are counted, so a step ruled
    /// out on the potentials above its targets stays out.
    fn could_take(&self, difficulty: f64, complexity: u32, sort_key: u8) -> bool {
        match self {
            Best::First(Some(b)) if pruning() => {
                (difficulty, complexity, sort_key) < (b.difficulty, b.complexity, b.sort_key)
            }
            _ => true,
        }
    }

    /// Whether a step with sort keys `a`, offered before one with `b`, comes first in
    /// [`Best::into_steps`]'s stable sort.
    fn sorts_before(a: (f64, u32, u8), b: (f64, u32, u8)) -> bool {
        a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)).is_le()
    }

    fn into_hint(self) -> Option<Hint> {
        match self {
            Best::First(best) => best.map(|f| f.hint),
            Best::Every(_) | Best::All { .. } => None,
        }
    }

    /// Every step offered, in Sudoku Explainer's order: a stable sort by (difficulty,
    /// complexity, kind).
    fn into_every(self) -> Vec<Hint> {
        let Best::Every(mut all) = self else { return Vec::new() };
        all.sort_by(|a, b| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        all.into_iter().map(|f| f.hint).collect()
    }

    /// The steps in Sudoku Explainer's order: a stable sort by (difficulty, complexity, kind), and
    /// steps that remove the same candidates as an earlier one dropped. Of those, only the steps
    /// that rely on the enclosing chain are kept: the others are of no use to it.
    fn into_steps(self) -> Vec<SharedStep> {
        let Best::All { mut found, pending, .. } = self else { return Vec::new() };
        debug_assert!(pending.is_empty(), "steps offered and not settled");
        found.sort_by(|a, b| {
            let (a, b) = (&a.0, &b.0);
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        let mut seen: HashSet<Cow<'_, [u16]>> = HashSet::with_capacity(found.len());
        let mut steps = Vec::new();
        for item in &found {
            let removals = &item.1.removals;
            let key = if removals.is_sorted() {
                Cow::Borrowed(removals.as_slice())
            } else {
                let mut key = removals.clone();
                key.sort_unstable();
                Cow::Owned(key)
            };
            if seen.insert(key) && !item.1.parents.is_empty() {
                steps.push(Arc::clone(item));
            }
        }
        steps
    }
}

/// A step of a nested rule with its sort keys, shared by the searches that found it (see
/// [`SourceSteps`]).
type SharedStep = Arc<(Found, NestedStep)>;

/// The steps a nested rule found on a grid, and the work it took (charged again when taken from
/// the cache within one board), by rule and grid.
type StepsByGrid = HashMap<(Nested, [u16; 81]), (Arc<Vec<SharedStep>>, u64)>;

/// What the rules nested in dynamic chains found.
#[derive(Default)]
pub(crate) struct NestedCache {
    /// The steps per rule and grid met, for one board: valid as long as the board the chains
    /// start from stays the same (the steps' parents depend on it), so shared by every nesting
    /// level tried for one step of the path.
    steps: StepsByGrid,
    /// The steps of the rules [`reusable`] names found for the last board of the path that
    /// nested them, kept for the boards after it. What these rules find on a grid depends on its
    /// candidates alone (what the board tells them only spares searches that find nothing), and a
    /// board of the path has no candidate the boards before it lack: on the same grid they find
    /// the same steps. Only the steps' parents (the enclosing chain's "off"s they rely on, among
    /// the board's candidates the grid lacks) depend on the board: for a later board they are the
    /// same less the candidates it has lost. Such a parent is never "off" in a chain, and a step
    /// whose parents are all gone holds without the enclosing chain.
    earlier: StepsByGrid,
    /// What "Forcing Chains & Cycles" found from each assumption on the grids met so far, valid
    /// for any board (see [`SourceSteps`]), so kept for the whole path.
    pub(crate) chains: SourceMemo,
    /// The same, for each part of the searches split over threads ([`multiple_chains_split`]).
    part_memos: Vec<SourceMemo>,
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

/// Each cell's houses as a set of house indices.
const CELL_HOUSE_MASK: [u32; 81] = {
    let mut masks = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let [a, b, c] = CELL_HOUSES[cell];
        masks[cell] = (1 << a) | (1 << b) | (1 << c);
        cell += 1;
    }
    masks
};

/// What a chain search from one assumption looked at on the grid: the cells whose candidates it
/// read, and per digit the houses whose places of that digit it read. Read the other way, the
/// same sets tell where two grids differ.
#[derive(Clone, Copy, Default)]
struct Reads {
    cells: u128,
    houses: [u32; 10],
}

impl Reads {
    fn cell(&mut self, cell: usize) {
        self.cells |= 1 << cell;
    }

    fn houses_of(&mut self, cell: usize, d: u8) {
        self.houses[d as usize] |= CELL_HOUSE_MASK[cell];
    }

    /// What the links of candidate `c` read of the grid: its cell's candidates with Y-links
    /// (`y`), its digit's places in its houses with X-links (`x`).
    fn note(&mut self, c: u16, y: bool, x: bool) {
        let (cell, d) = (cell_of(c), digit_of(c));
        if y {
            self.cell(cell);
        }
        if x {
            self.houses_of(cell, d);
        }
    }

    fn add(&mut self, other: &Reads) {
        self.cells |= other.cells;
        for (a, b) in self.houses.iter_mut().zip(&other.houses) {
            *a |= b;
        }
    }

    /// Where the grids `a` and `b` differ.
    fn diff(a: &[u16; 81], b: &[u16; 81]) -> Reads {
        let mut r = Reads::default();
        for cell in 0..81 {
            let changed = a[cell] ^ b[cell];
            if changed != 0 {
                r.cell(cell);
                for d in digits(changed) {
                    r.houses_of(cell, d);
                }
            }
        }
        r
    }

    fn meets(&self, other: &Reads) -> bool {
        self.cells & other.cells != 0 || self.houses.iter().zip(&other.houses).any(|(a, b)| a & b != 0)
    }
}

/// What one assumption of "Forcing Chains & Cycles" gave, nested in a chain that left `grid`
/// from `init`: the same steps, in the same order, for any pair of grids that agree with these
/// two wherever the search looked. The search reads nothing else of `grid`, and the steps'
/// parents ([`Chainer::rule_parents`]) compare the two grids only in cells and houses the search
/// read.
struct SourceSteps {
    grid: Arc<[u16; 81]>,
    init: Arc<[u16; 81]>,
    reads: Reads,
    found: Vec<SharedStep>,
    /// Found on grids that agree with `init` where the search looked: kept first, beside the
    /// latest [`VERSIONS`] others.
    pinned: bool,
    /// The forcing searches left out ([`SKIP_ON`], [`SKIP_OFF`]) because the assumption could
    /// reach no strong link `init` lacks: taken again only where that still holds.
    skipped: u8,
}

/// [`SourceSteps::skipped`]: the forcing chains from the assumption "on", from its "off".
const SKIP_ON: u8 = 1;
const SKIP_OFF: u8 = 2;

/// The forcing searches from candidate `k` that can find nothing, given what reaches a gained
/// strong link.
fn skips(gained: &Reach, k: u16) -> u8 {
    (if gained.on.has(k) { 0 } else { SKIP_ON }) | (if gained.off.has(k) { 0 } else { SKIP_OFF })
}

/// How many [`SourceSteps`] are kept per assumption: the grids of the enclosing chains come and go
/// (each chain starts again from the board); keeping 4 or 8 was slower than 1 or 2.
const VERSIONS: usize = 2;

/// What each assumption of "Forcing Chains & Cycles" found in nested chains.
#[derive(Default)]
pub(crate) struct SourceMemo {
    /// The [`SourceSteps`] kept of each assumption, by kind of links (X, Y, both) and candidate;
    /// empty until first used.
    steps: Vec<Vec<SourceSteps>>,
    /// The latest board the enclosing chains started from, shared so that each board's
    /// difference from the grids met is worked out once per search.
    board: Option<Arc<[u16; 81]>>,
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
    /// What the running search of [`cycles_and_chains_into`] has looked at.
    reads: Reads,
    /// The board's links, for the static searches.
    links: Option<Box<Links>>,
    /// "Forcing Chains & Cycles" found nothing on the board: forcing chains nested in this
    /// chainer's chains need a strong link the board lacks (see [`reach`](super::reach)).
    barren: bool,
}

/// Every potential a static forcing search implied from its source, and what it read of the grid
/// ([`Chainer::forcing_unless_closed`]).
struct Closure {
    on: Bits,
    off: Bits,
    reads: Reads,
}

impl Closure {
    fn has(&self, c: u16, on: bool) -> bool {
        if on {
            self.on.has(c)
        } else {
            self.off.has(c)
        }
    }
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
    /// Scratch: what [`Chainer::on_to_off`] and [`Chainer::off_to_on`] return in [`Chainer::chain`].
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
    /// Memory for the bit-set dynamic chains of [`Plan::new`].
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

    /// A hash of the potentials above each target (`chains`, as [`Best::offer`] lists them), in
    /// order, then of the `reversed` cycle (see [`NestedStep::signature`]).
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
    /// [`Best::offer`] lists them) need gone: the cell's other candidates for a cell's last
    /// candidate, the digit's other places for a house's last place (Sudoku Explainer's
    /// `collectRuleParents`). An assumption counts with `src_cause`.
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

    /// What an "on" potential turns off: the cell's other candidates (with Y-links), then the
    /// digit elsewhere in its block, row and column; each with its cause (as [`Node::cause`]).
    fn on_to_off(cands: &[u16; 81], pos: &Positions, c: u16, y: bool, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let (cell, d) = (cell_of(c), digit_of(c));
        if y {
            for v in digits(cands[cell]) {
                if v != d {
                    out.push((cand(cell, v), 1));
                }
            }
        }
        for k in 0..3 {
            let house = CELL_HOUSES[cell][k] as usize;
            // The row and column skip the block's cells, already taken with the block.
            let mut rest = pos[house][d as usize] & !(1 << CELL_INDEX[cell][k]) & !IN_BLOCK[cell][k];
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                out.push((cand(HOUSES[house][i] as usize, d), 2 + house as u8));
            }
        }
    }

    /// What an "off" potential turns on: the cell's last candidate (with Y-links), the digit's
    /// last place in the block, row or column. `save` is the grid before the chain: the offs that
    /// emptied the cell or house since are extra parents (dynamic chains).
    /// Writes `(candidate, parents start, parents count, cause)` to `out`, parents to `parent_buf`.
    fn off_to_on(
        &mut self,
        cands: &[u16; 81],
        pos_now: &Positions,
        save: Option<&[u16; 81]>,
        p: u32,
        y: bool,
        out: &mut Vec<(u16, u32, u32, u8)>,
    ) {
        out.clear();
        self.buf.parent_buf.clear();
        let c = self.buf.nodes[p as usize].cand;
        let (cell, d) = (cell_of(c), digit_of(c));
        if y && two(cands[cell]) {
            let mut other = first(cands[cell]);
            if other == d {
                other = first(cands[cell] & !(1 << other));
            }
            let start = self.buf.parent_buf.len() as u32;
            self.buf.parent_buf.push(p);
            if let Some(save) = save {
                for v in digits(save[cell] & !cands[cell]) {
                    let n = self.buf.off_idx[cand(cell, v) as usize];
                    if n != NONE {
                        self.buf.parent_buf.push(n);
                    }
                }
            }
            out.push((cand(cell, other), start, self.buf.parent_buf.len() as u32 - start, 1));
        }
        // Block, row, column.
        for &house in &CELL_HOUSES[cell] {
            let house = house as usize;
            let pos = pos_now[house][d as usize];
            if !two(pos) {
                continue;
            }
            let mut i = pos.trailing_zeros() as usize;
            if HOUSES[house][i] as usize == cell {
                i = (pos & !(1 << i)).trailing_zeros() as usize;
            }
            let k = cand(HOUSES[house][i] as usize, d);
            if out.iter().any(|&(o, _, _, _)| o == k) {
                continue;
            }
            let start = self.buf.parent_buf.len() as u32;
            self.buf.parent_buf.push(p);
            let mut gone = if save.is_some() { self.base_pos[house][d as usize] & !pos } else { 0 };
            while gone != 0 {
                let j = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                let n = self.buf.off_idx[cand(HOUSES[house][j] as usize, d) as usize];
                if n != NONE {
                    self.buf.parent_buf.push(n);
                }
            }
            out.push((k, start, self.buf.parent_buf.len() as u32 - start, 2 + house as u8));
        }
    }

    /// Spreads the implications of the initial potentials until nothing new follows or a
    /// contradiction appears (Sudoku Explainer's `doChaining`: "on"s first, one at a time).
    fn chain(&mut self, init: u32, y: bool, dynamic: bool) -> Box<Outcome> {
        let mut cands = self.board.cands;
        let save = self.board.cands;
        let mut pos = self.base_pos;
        let mut on_idx = std::mem::take(&mut self.buf.on_idx);
        // The memory of an outcome no longer needed, if any.
        let mut out = self.buf.spare_outcomes.pop().unwrap_or_default();
        let mut on = std::mem::take(&mut out.on);
        let mut off = std::mem::take(&mut out.off);
        on.clear();
        off.clear();
        let n0 = self.buf.nodes[init as usize];
        if n0.on {
            on_idx[n0.cand as usize] = init;
            on.push(init);
        } else {
            self.buf.off_idx[n0.cand as usize] = init;
            off.push(init);
        }
        let (mut i_on, mut i_off) = (0, 0);
        let mut absurd = None;
        let mut offs = std::mem::take(&mut self.buf.scratch_offs);
        let mut ons = std::mem::take(&mut self.buf.scratch_ons);
        'spread: loop {
            if i_on < on.len() {
                let p = on[i_on];
                i_on += 1;
                Self::on_to_off(&cands, &pos, self.buf.nodes[p as usize].cand, y, &mut offs);
                for &(k, cause) in &offs {
                    if on_idx[k as usize] != NONE {
                        let o = self.push_caused(k, false, p, cause);
                        absurd = Some((on_idx[k as usize], o));
                        break 'spread;
                    } else if self.buf.off_idx[k as usize] == NONE {
                        let o = self.push_caused(k, false, p, cause);
                        self.buf.off_idx[k as usize] = o;
                        off.push(o);
                    }
                }
            } else if i_off < off.len() {
                let p = off[i_off];
                i_off += 1;
                let save_ref = if dynamic { Some(&save) } else { None };
                self.off_to_on(&cands, &pos, save_ref, p, y, &mut ons);
                if dynamic {
                    let c = self.buf.nodes[p as usize].cand;
                    let (cell, d) = (cell_of(c), digit_of(c));
                    cands[cell] &= !(1 << d);
                    for k in 0..3 {
                        pos[CELL_HOUSES[cell][k] as usize][d as usize] &= !(1 << CELL_INDEX[cell][k]);
                    }
                }
                for &(k, start, len, cause) in &ons {
                    if self.buf.off_idx[k as usize] != NONE {
                        let o = self.push_buffered(k, true, start, len, cause);
                        absurd = Some((o, self.buf.off_idx[k as usize]));
                        break 'spread;
                    } else if on_idx[k as usize] == NONE {
                        let o = self.push_buffered(k, true, start, len, cause);
                        on_idx[k as usize] = o;
                        on.push(o);
                    }
                }
            } else if self.level > 0 && self.advance(&cands, &pos, &save, &mut off) {
                continue;
            } else {
                break;
            }
        }
        let mut on_bits = Bits::default();
        let mut off_bits = Bits::default();
        for &n in &on {
            on_bits.set(self.buf.nodes[n as usize].cand);
        }
        for &n in &off {
            off_bits.set(self.buf.nodes[n as usize].cand);
        }
        // In candidate order straight from the sets, the index telling each candidate's node.
        let mut on_sorted = std::mem::take(&mut out.on_sorted);
        on_sorted.clear();
        on_sorted.extend(on_bits.iter().map(|c| (c, on_idx[c as usize])));
        let mut off_sorted = std::mem::take(&mut out.off_sorted);
        off_sorted.clear();
        off_sorted.extend(off_bits.iter().map(|c| (c, self.buf.off_idx[c as usize])));
        for &n in &on {
            on_idx[self.buf.nodes[n as usize].cand as usize] = NONE;
        }
        for &n in &off {
            self.buf.off_idx[self.buf.nodes[n as usize].cand as usize] = NONE;
        }
        self.buf.on_idx = on_idx;
        self.buf.scratch_offs = offs;
        self.buf.scratch_ons = ons;
        *out = Outcome { on, off, on_bits, off_bits, on_sorted, off_sorted, absurd };
        out
    }

    /// When the implications stop spreading in a nested chain: adds what the first
    /// [`advanced`] rule removes on the grid as the chain left it, each removal with the chain's
    /// "off"s it relies on as parents. Removals already "off" are skipped, as Sudoku Explainer
    /// skips them; whether anything was added.
    fn advance(&mut self, cands: &[u16; 81], pos: &Positions, save: &[u16; 81], off: &mut Vec<u32>) -> bool {
        let mut found = std::mem::take(&mut self.buf.found);
        let ctx = self.ctx.get_or_insert_with(|| Context::new(self.board));
        advanced::advanced(ctx, cands, pos, save, &self.base_pos, &mut found);
        let mut added = false;
        for &(k, start, len) in &found.removals {
            added |= self.add_advanced(k, &found.parents[start as usize..(start + len) as usize], NONE, off);
        }
        let basic_found = !found.removals.is_empty();
        self.buf.found = found;
        if basic_found {
            return added;
        }
        let board = self.board;
        for &rule in nested_rules(self.level) {
            let key = (rule, *cands);
            let known = match self.shared {
                Some(shared) => shared.get(&key),
                None => self.nested_cache.steps.get(&key).map(|(steps, cost)| (Arc::clone(steps), *cost)),
            };
            let steps = match known {
                Some((steps, cost)) => {
                    // Charged as if found again, so that the work counted does not depend on
                    // which search met the grid first (nor on how a search is split).
                    self.budget.spent += cost;
                    steps
                }
                None => {
                    let earlier = match self.shared {
                        Some(shared) => shared.earlier.get(&key),
                        None => self.nested_cache.earlier.get(&key),
                    }
                    .filter(|_| pruning())
                    .map(|(steps, _)| Arc::clone(steps));
                    let cache = &mut self.nested_cache;
                    let (steps, cost) = match earlier {
                        Some(steps) => (steps, 0),
                        None => {
                            let before = self.budget.spent;
                            let steps = nested_steps(
                                &board.values,
                                cands,
                                save,
                                rule,
                                self.budget,
                                &mut cache.chains,
                                self.barren,
                            );
                            (Arc::new(steps), self.budget.spent - before)
                        }
                    };
                    match self.shared {
                        // Two parts may find the same steps at once: they charge the same work.
                        Some(shared) => shared.insert(key, (Arc::clone(&steps), cost)),
                        None => {
                            cache.steps.insert(key, (Arc::clone(&steps), cost));
                        }
                    }
                    steps
                }
            };
            let mut any = false;
            for step in steps.iter() {
                let step = &step.1;
                if !step.parents.iter().any(|&c| save[cell_of(c)] & 1 << digit_of(c) != 0) {
                    // It holds without the enclosing chain (parents found for an earlier board
                    // may be candidates this one has lost).
                    continue;
                }
                any = true;
                let id = self.buf.nested.len() as u32;
                self.buf.nested.push((step.complexity, step.signature));
                for &k in &step.removals {
                    added |= self.add_advanced(k, &step.parents, id, off);
                }
            }
            if any || self.budget.exhausted() {
                break;
            }
        }
        added
    }

    /// Adds "`k` is off" found by a rule inside the chain, unless already there; `parents` are
    /// the chain's "off"s the rule relied on, `nested` the rule's entry in [`Chainer::nested`].
    fn add_advanced(&mut self, k: u16, parents: &[u16], nested: u32, off: &mut Vec<u32>) -> bool {
        if self.buf.off_idx[k as usize] != NONE {
            return false;
        }
        // Every parent is a candidate the chain turned off, so it has a node.
        let start = self.buf.parents.len();
        let off_idx = &self.buf.off_idx;
        self.buf.parents.extend(parents.iter().map(|&c| off_idx[c as usize]).filter(|&n| n != NONE));
        let o = self.push_node(k, false, start, 0);
        self.buf.nodes[o as usize].nested = nested;
        self.buf.off_idx[k as usize] = o;
        off.push(o);
        true
    }

    /// Notes what the links of candidate `c` read of the board: its cell's candidates with Y-links
    /// (`y`), its digit's places in its houses with X-links (`x`).
    fn read<const TRACK: bool>(&mut self, c: u16, y: bool, x: bool) {
        if TRACK {
            self.reads.note(c, y, x);
        }
    }

    /// Notes what spreading "`c` is on" reads (see [`Links::reads`]).
    fn read_spread<const TRACK: bool>(&mut self, links: &mut Links, c: u16, y: bool, x: bool) {
        if TRACK {
            self.reads.add(links.reads(&self.board.cands, &self.base_pos, c, y, x));
        }
    }

    /// Whether "`k` is off" turns on, on the board, only candidates already in `to_on` other than
    /// `source` (the links of [`Chainer::static_ons`]).
    fn dead_end(links: &Links, k: u16, y: bool, x: bool, to_on: &Bits, source: u16) -> bool {
        let mut strong = links.strong[k as usize] & strong_kinds(y, x);
        if strong == 0 {
            return true;
        }
        let live = |t: u16| t == source || !to_on.has(t);
        if strong & 1 != 0 && live(links.cell[k as usize]) {
            return false;
        }
        strong >>= 1;
        while strong != 0 {
            if live(links.house[k as usize][strong.trailing_zeros() as usize]) {
                return false;
            }
            strong &= strong - 1;
        }
        true
    }

    /// What an "off" potential turns on in a static search: the cell's last candidate (with
    /// Y-links), the digit's last place in the block, row or column (with X-links); as
    /// [`Chainer::off_to_on`] writes them, each with `p` as its one parent.
    fn static_ons(&mut self, links: &Links, p: u32, y: bool, x: bool, out: &mut Vec<(u16, u32, u32, u8)>) {
        out.clear();
        self.buf.parent_buf.clear();
        self.buf.parent_buf.push(p);
        let c = self.buf.nodes[p as usize].cand as usize;
        if y && links.cell[c] != NO_CAND {
            out.push((links.cell[c], 0, 1, 1));
        }
        if x {
            let cell = cell_of(c as u16);
            for (k, &t) in links.house[c].iter().enumerate() {
                if t != NO_CAND {
                    out.push((t, 0, 1, 2 + CELL_HOUSES[cell][k]));
                }
            }
        }
    }

    /// Cycles through the "on" potential `source` (Sudoku Explainer's `doCycles`, layer by layer).
    fn cycles<const TRACK: bool>(&mut self, source: u32, y: bool, x: bool) -> Vec<u32> {
        let cands = &self.board.cands;
        let mut links = match self.links.take() {
            Some(links) => links,
            None => Links::new(self.buf.spare_links.take(), cands, &self.base_pos),
        };
        let src_key = self.key(source);
        let src_cand = self.buf.nodes[source as usize].cand;
        if links.strong[src_cand as usize] & strong_kinds(y, x) == 0 && pruning() {
            // A cycle closes through a strong link of its start, and this has none.
            self.read::<TRACK>(src_cand, y, x);
            self.links = Some(links);
            return Vec::new();
        }
        let mut to_on = Bits::default();
        to_on.set(src_cand);
        let [mut pending_on, mut pending_off, mut layer] = std::mem::take(&mut self.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        // The layer being read; the next one fills `pending_on` or `pending_off`.
        layer.clear();
        pending_on.push(source);
        let mut found = Vec::new();
        let mut length = 0;
        let mut ons = std::mem::take(&mut self.buf.scratch_ons);
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            std::mem::swap(&mut layer, &mut pending_on);
            for &p in &layer {
                let c = self.buf.nodes[p as usize].cand;
                self.read_spread::<TRACK>(&mut links, c, y, x);
                for i in links.weak_range(cands, &self.base_pos, c, y) {
                    let (k, cause) = links.weak[i];
                    if Self::dead_end(&links, k, y, x, &to_on, src_cand) {
                        // It would turn on nothing new and close no cycle: only its cost counts.
                        self.budget.spent += 1;
                    } else if !self.is_parent(p, k as usize * 2) {
                        let o = self.push_caused(k, false, p, cause);
                        pending_off.push(o);
                    }
                }
            }
            layer.clear();
            length += 1;
            std::mem::swap(&mut layer, &mut pending_off);
            for &p in &layer {
                // Read as one of the links of the "on" before.
                self.static_ons(&links, p, y, x, &mut ons);
                for &(k, start, len, cause) in &ons {
                    let is_source = k as usize * 2 + 1 == src_key;
                    if length >= 4 && is_source {
                        let o = self.push_buffered(k, true, start, len, cause);
                        found.push(o);
                    }
                    if !to_on.has(k) {
                        let o = self.push_buffered(k, true, start, len, cause);
                        pending_on.push(o);
                        to_on.set(k);
                    }
                }
            }
            layer.clear();
            if self.budget.exhausted() {
                break;
            }
        }
        self.buf.scratch_queues = [pending_on, pending_off, layer];
        self.buf.scratch_ons = ons;
        self.links = Some(links);
        found
    }

    /// Forcing chains from `source` back to its own conjugate (Sudoku Explainer's
    /// `doForcingChains`).
    fn forcing<const TRACK: bool>(&mut self, source: u32, y: bool) -> Vec<u32> {
        let cands = &self.board.cands;
        let mut links = match self.links.take() {
            Some(links) => links,
            None => Links::new(self.buf.spare_links.take(), cands, &self.base_pos),
        };
        let src = self.buf.nodes[source as usize];
        let conj_key = potential_key(src.cand, !src.on);
        let mut to_on = Bits::default();
        let mut to_off = Bits::default();
        let [mut pending_on, mut pending_off, layer] = std::mem::take(&mut self.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        if src.on {
            to_on.set(src.cand);
            pending_on.push(source);
        } else {
            to_off.set(src.cand);
            pending_off.push(source);
        }
        let mut chains: Vec<u32> = Vec::new();
        let mut ons = std::mem::take(&mut self.buf.scratch_ons);
        let (mut i_on, mut i_off) = (0, 0);
        while i_on < pending_on.len() || i_off < pending_off.len() {
            while i_on < pending_on.len() {
                let p = pending_on[i_on];
                i_on += 1;
                let c = self.buf.nodes[p as usize].cand;
                self.read_spread::<TRACK>(&mut links, c, y, true);
                for i in links.weak_range(cands, &self.base_pos, c, y) {
                    let (k, cause) = links.weak[i];
                    let key = k as usize * 2;
                    let mut node = NONE;
                    if key == conj_key && !chains.iter().any(|&c| self.key(c) == key) {
                        node = self.push_caused(k, false, p, cause);
                        chains.push(node);
                    }
                    if to_off.has(k) {
                        continue;
                    }
                    if Self::dead_end(&links, k, y, true, &to_on, src.cand) {
                        // It would turn on nothing new, nor the conjugate: only its cost counts.
                        to_off.set(k);
                        if node == NONE {
                            self.budget.spent += 1;
                        }
                    } else {
                        // Sudoku Explainer also asks whether the "off" is above `p`; every "off"
                        // above it is in `to_off` already.
                        if node == NONE {
                            node = self.push_caused(k, false, p, cause);
                        }
                        pending_off.push(node);
                        to_off.set(k);
                    }
                }
            }
            while i_off < pending_off.len() {
                let p = pending_off[i_off];
                i_off += 1;
                if p == source {
                    // The others were read as links of an "on" before.
                    self.read::<TRACK>(self.buf.nodes[p as usize].cand, y, true);
                }
                self.static_ons(&links, p, y, true, &mut ons);
                for &(k, start, len, cause) in &ons {
                    let key = k as usize * 2 + 1;
                    let mut node = NONE;
                    if key == conj_key && !chains.iter().any(|&c| self.key(c) == key) {
                        node = self.push_buffered(k, true, start, len, cause);
                        chains.push(node);
                    }
                    if !to_on.has(k) {
                        if node == NONE {
                            node = self.push_buffered(k, true, start, len, cause);
                        }
                        pending_on.push(node);
                        to_on.set(k);
                    }
                }
            }
        }
        self.buf.scratch_queues = [pending_on, pending_off, layer];
        self.buf.scratch_ons = ons;
        self.links = Some(links);
        self.buf.closure = (to_on, to_off);
        chains
    }

    /// Whether [`Chainer::forcing`] from `source` finds a chain, found by the same search without
    /// creating its potentials ([`Chainer::implied`]): few searches find one, and only those are
    /// run again in full. Where it finds none, it charges the potentials the full search would
    /// have created, has read what that would have read and leaves its closure in
    /// [`Buffers::closure`].
    fn forcing_finds<const TRACK: bool>(&mut self, source: u32, y: bool) -> bool {
        let src = self.buf.nodes[source as usize];
        match self.implied::<TRACK>(src.cand, src.on, y, true) {
            None => true,
            Some((on, off, created)) => {
                self.budget.spent += created;
                self.buf.closure = (on, off);
                false
            }
        }
    }

    /// Every potential that "`c` is on" (or off) implies through the grid's static links (X-links,
    /// and Y-links with `y`): the "on"s and the "off"s, with how many potentials a search that
    /// created them would have created besides its start. With `stop_at_conjugate`, `None` as soon
    /// as the conjugate "`c` is off" (or on) is implied.
    fn implied<const TRACK: bool>(
        &mut self,
        c: u16,
        on: bool,
        y: bool,
        stop_at_conjugate: bool,
    ) -> Option<(Bits, Bits, u64)> {
        let cands = &self.board.cands;
        let mut links = match self.links.take() {
            Some(links) => links,
            None => Links::new(self.buf.spare_links.take(), cands, &self.base_pos),
        };
        let mut to_on = Bits::default();
        let mut to_off = Bits::default();
        // Candidates here, not potentials.
        let [mut pending_on, mut pending_off, layer] = std::mem::take(&mut self.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        if on {
            to_on.set(c);
            pending_on.push(u32::from(c));
        } else {
            to_off.set(c);
            pending_off.push(u32::from(c));
            self.read::<TRACK>(c, y, true);
        }
        let mut created = 0;
        let mut conjugate = false;
        let (mut i_on, mut i_off) = (0, 0);
        'search: while i_on < pending_on.len() || i_off < pending_off.len() {
            while i_on < pending_on.len() {
                let p = pending_on[i_on] as u16;
                i_on += 1;
                self.read_spread::<TRACK>(&mut links, p, y, true);
                for i in links.weak_range(cands, &self.base_pos, p, y) {
                    let k = links.weak[i].0;
                    if stop_at_conjugate && on && k == c {
                        conjugate = true;
                        break 'search;
                    }
                    if to_off.has(k) {
                        continue;
                    }
                    to_off.set(k);
                    created += 1;
                    if !Self::dead_end(&links, k, y, true, &to_on, c) {
                        pending_off.push(u32::from(k));
                    }
                }
            }
            while i_off < pending_off.len() {
                let p = pending_off[i_off] as usize;
                i_off += 1;
                let cell = if y { links.cell[p] } else { NO_CAND };
                for k in std::iter::once(cell).chain(links.house[p]).filter(|&k| k != NO_CAND) {
                    if stop_at_conjugate && !on && k == c {
                        conjugate = true;
                        break 'search;
                    }
                    if !to_on.has(k) {
                        to_on.set(k);
                        created += 1;
                        pending_on.push(u32::from(k));
                    }
                }
            }
        }
        self.buf.scratch_queues = [pending_on, pending_off, layer];
        self.links = Some(links);
        (!conjugate).then_some((to_on, to_off, created))
    }

    /// [`Chainer::forcing`] from `source`, unless one of the `closures` met on this grid with the
    /// same links shows that it finds nothing: a search from a potential inside a closure reaches
    /// nothing outside it, so not the source's conjugate if that is outside. Most searches find
    /// nothing, and many start inside an earlier search's closure. The closure's reads stand for
    /// what the search would have read, a subset of them.
    fn forcing_unless_closed(
        &mut self,
        source: u32,
        y: bool,
        track: bool,
        closures: &mut Vec<Closure>,
    ) -> Vec<u32> {
        let src = self.buf.nodes[source as usize];
        if pruning() {
            if let Some(c) = closures.iter().find(|c| c.has(src.cand, src.on) && !c.has(src.cand, !src.on)) {
                self.reads.add(&c.reads);
                return Vec::new();
            }
        }
        let outer = std::mem::take(&mut self.reads);
        let finds = if track {
            self.forcing_finds::<true>(source, y)
        } else {
            self.forcing_finds::<false>(source, y)
        };
        let chains = match (finds, track) {
            (false, _) => Vec::new(),
            (true, true) => self.forcing::<true>(source, y),
            (true, false) => self.forcing::<false>(source, y),
        };
        let (on, off) = std::mem::take(&mut self.buf.closure);
        closures.push(Closure { on, off, reads: self.reads });
        self.reads.add(&outer);
        chains
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

/// Sudoku Explainer's "Forcing Chains & Cycles" rule: X-cycles and forcing X-chains, then
/// Y-cycles, then cycles and forcing chains with both kinds of links; the easiest step.
pub(crate) fn cycles_and_chains(board: &Board, budget: &mut Budget) -> Option<Hint> {
    let mut best = Best::default();
    cycles_and_chains_into(board, budget, &mut best, None, false);
    best.into_hint()
}

/// Every step of "Forcing Chains & Cycles", in Sudoku Explainer's order.
pub(crate) fn cycles_and_chains_every(board: &Board, budget: &mut Budget) -> Vec<Hint> {
    let mut every = Best::Every(Vec::new());
    cycles_and_chains_into(board, budget, &mut every, None, false);
    every.into_every()
}

/// Every step of a chaining rule nested in another chain, run on `cands` (the grid as the
/// enclosing chain left it; `init` is that chain's grid before its assumption, `barren` whether
/// "Forcing Chains & Cycles" found nothing there), in Sudoku Explainer's order.
fn nested_steps(
    values: &[u8; 81],
    cands: &[u16; 81],
    init: &[u16; 81],
    rule: Nested,
    budget: &mut Budget,
    memo: &mut SourceMemo,
    barren: bool,
) -> Vec<SharedStep> {
    let board = Board { values: *values, cands: *cands };
    let easiest = matches!(rule, Nested::Multi(_)).then(HashMap::new);
    let mut best = Best::All { init, cur: cands, found: Vec::new(), easiest, pending: Vec::new() };
    match rule {
        Nested::Chains => {
            // Counted by the grid's candidates, not by the potentials created: the memo spares
            // some assumptions' searches, and searches inside their closures then run, so the
            // potentials would depend on what the memo holds, that is on the grids met before
            // (and on how a search is split, see `multiple_chains_split`). The search is
            // bounded by the grid, and runs whole.
            let mut unbounded = Budget::new(u64::MAX);
            cycles_and_chains_into(&board, &mut unbounded, &mut best, Some(memo), barren);
            budget.spent += cands.iter().map(|m| u64::from(m.count_ones())).sum::<u64>();
        }
        Nested::Multi(mode) => {
            // Dynamic chains that nest forcing chains in turn: one static search here spares
            // many in them.
            let barren = matches!(mode, Multi::Dynamic(level) if nested_rules(level).contains(&Nested::Chains))
                && {
                    let mut first = Best::default();
                    cycles_and_chains_into(&board, budget, &mut first, None, false);
                    first.into_hint().is_none() && !budget.exhausted()
                };
            let mut cache = NestedCache::with_memo(std::mem::take(memo));
            multiple_chains_into(&board, mode, budget, &mut best, &mut cache, barren);
            *memo = cache.chains;
        }
    }
    best.into_steps()
}

/// `memo`, for a rule nested in a chain (`best` is [`Best::All`]), holds what each assumption
/// gave on earlier grids: an assumption whose search looked nowhere the grids differ gives the
/// same steps again, and only the others are searched. With `barren` (the rule found nothing on
/// the enclosing chain's grid before its assumption), forcing chains are looked for only from
/// potentials that can reach a strong link that grid lacks ([`reach`](super::reach)).
fn cycles_and_chains_into(
    board: &Board,
    budget: &mut Budget,
    best: &mut Best<'_>,
    mut memo: Option<&mut SourceMemo>,
    barren: bool,
) {
    let mut ch = Chainer::new(board, budget);
    if let Some(memo) = memo.as_deref_mut() {
        if memo.steps.is_empty() {
            memo.steps.resize_with(3 * 729, Vec::new);
        }
    }
    let grid = Arc::new(board.cands);
    let init = match (&*best, memo.as_deref_mut()) {
        (Best::All { init, .. }, Some(memo)) => match &memo.board {
            Some(last) if **last == **init => Arc::clone(last),
            _ => {
                let rc = Arc::new(**init);
                memo.board = Some(Arc::clone(&rc));
                rc
            }
        },
        (Best::All { init, .. }, None) => Arc::new(**init),
        (Best::First(_) | Best::Every(_), _) => Arc::clone(&grid),
    };
    // Where the current grids differ from each earlier grid met, by the grid's address. A reused
    // result takes the current grids' addresses, so the lists stay short.
    let mut diffs: Vec<(Arc<[u16; 81]>, Reads)> = Vec::new();
    let mut init_diffs: Vec<(Arc<[u16; 81]>, Reads)> = Vec::new();
    let diff = |diffs: &mut Vec<(Arc<[u16; 81]>, Reads)>, old: &Arc<[u16; 81]>, new: &[u16; 81]| match diffs
        .iter()
        .find(|(g, _)| Arc::ptr_eq(g, old))
    {
        Some(&(_, d)) => d,
        None => {
            let d = Reads::diff(old, new);
            diffs.push((Arc::clone(old), d));
            d
        }
    };
    let barren = barren && memo.is_some() && pruning();
    let pos = ch.base_pos;
    for (kind, (y, x)) in [(false, true), (true, false), (true, true)].into_iter().enumerate() {
        // Worked out on first use, for forcing chains (X-links) only.
        let mut gained: Option<Reach> = None;
        let mut closures = std::mem::take(&mut ch.buf.closures);
        closures.clear();
        let mut skips_from = |k: u16| {
            let reach = gained.get_or_insert_with(|| gained_reach(&board.cands, &pos, &init, y, x));
            skips(reach, k)
        };
        for cell in 0..81 {
            let card = board.cands[cell].count_ones();
            if board.values[cell] != 0 || card <= 1 {
                continue;
            }
            if card > 2 && !x {
                continue;
            }
            for v in digits(board.cands[cell]) {
                let k = cand(cell, v);
                let slot = kind * 729 + k as usize;
                if let (Some(memo), Best::All { found, .. }) = (memo.as_deref_mut(), &mut *best) {
                    let versions = &mut memo.steps[slot];
                    let mut hit = None;
                    for (i, s) in versions.iter().enumerate() {
                        if !s.reads.meets(&diff(&mut diffs, &s.grid, &grid))
                            && !s.reads.meets(&diff(&mut init_diffs, &s.init, &init))
                            && (s.skipped == 0 || barren && skips_from(k) & s.skipped == s.skipped)
                        {
                            hit = Some(i);
                            break;
                        }
                    }
                    if let Some(i) = hit {
                        let s = &mut versions[i];
                        found.extend(s.found.iter().cloned());
                        if !s.pinned {
                            s.grid = Arc::clone(&grid);
                            s.init = Arc::clone(&init);
                        }
                        continue;
                    }
                }
                let offered = match best {
                    Best::All { found, .. } => found.len(),
                    Best::First(_) | Best::Every(_) => 0,
                };
                ch.reads = Reads::default();
                ch.reads.cell(cell);
                // Every step from this assumption is complete once offered: its potentials can go.
                let mark = ch.mark();
                let src = ch.push(k, true, &[]);
                // Only a nested search keeps what it read.
                let track = memo.is_some();
                let found = if track { ch.cycles::<true>(src, y, x) } else { ch.cycles::<false>(src, y, x) };
                let mut chains = Vec::new();
                let skipped = if x && barren { skips_from(k) } else { 0 };
                if x && skipped & SKIP_ON == 0 {
                    chains.extend(ch.forcing_unless_closed(src, y, track, &mut closures));
                }
                if x && skipped & SKIP_OFF == 0 {
                    let src_off = ch.push(k, false, &[]);
                    chains.extend(ch.forcing_unless_closed(src_off, y, track, &mut closures));
                }
                let sort_key = if x && y {
                    4
                } else if y {
                    3
                } else {
                    2
                };
                for dst in found {
                    let f = cycle_hint(&mut ch, dst, x, y, sort_key);
                    best.offer(&ch, f, &[dst], 0, true);
                }
                for target in chains {
                    let complexity = ch.ancestors(target);
                    let node = ch.buf.nodes[target as usize];
                    let (removals, place) = ch.conclusion(node.cand, node.on);
                    let base = if x && y { 7.0 } else { 6.6 };
                    let name = if x && y {
                        "Forcing Chain"
                    } else if y {
                        "Forcing Y-Chain"
                    } else if complexity == 6 {
                        "Turbot Fish"
                    } else {
                        "Forcing X-Chain"
                    };
                    let difficulty = base + length_bonus(complexity);
                    let f = Found {
                        difficulty,
                        complexity,
                        sort_key,
                        hint: Hint { difficulty, name, removals, place },
                    };
                    best.offer(&ch, f, &[target], 0, false);
                }
                ch.rewind(mark);
                if ch.budget.exhausted() {
                    return;
                }
                if let (Some(memo), Best::All { found, .. }) = (memo.as_deref_mut(), &*best) {
                    let versions = &mut memo.steps[slot];
                    // Found where the enclosing chain changed nothing: the same holds on the board
                    // itself, for every chain from it.
                    let pinned = !ch.reads.meets(&diff(&mut diffs, &init, &grid));
                    let step = SourceSteps {
                        grid: Arc::clone(if pinned { &init } else { &grid }),
                        init: Arc::clone(&init),
                        reads: ch.reads,
                        found: found[offered..].to_vec(),
                        pinned,
                        skipped,
                    };
                    if pinned {
                        versions.retain(|s| !s.pinned);
                        versions.insert(0, step);
                    } else {
                        let at = usize::from(versions.first().is_some_and(|s| s.pinned));
                        if versions.len() - at >= VERSIONS {
                            versions.pop();
                        }
                        versions.insert(at, step);
                    }
                }
            }
        }
        ch.buf.closures = closures;
    }
}

fn cycle_hint(ch: &mut Chainer<'_>, dst: u32, x: bool, y: bool, sort_key: u8) -> Found {
    let mut cells = [false; 81];
    let mut cell_count = 0;
    let mut p = dst;
    while !ch.parents_of(p).is_empty() {
        let c = cell_of(ch.buf.nodes[p as usize].cand);
        if !cells[c] {
            cells[c] = true;
            cell_count += 1;
        }
        p = ch.parents_of(p)[0];
    }
    let mut forw = Bits::default();
    let mut back = Bits::default();
    let mut p = dst;
    while !ch.parents_of(p).is_empty() {
        let node = ch.buf.nodes[p as usize];
        let (cell, d) = (cell_of(node.cand), digit_of(node.cand));
        ch.reads.houses_of(cell, d);
        for &o in &PEERS[cell] {
            let o = o as usize;
            if !cells[o] && ch.board.cands[o] & (1 << d) != 0 {
                if node.on {
                    forw.set(cand(o, d));
                } else {
                    back.set(cand(o, d));
                }
            }
        }
        p = ch.parents_of(p)[0];
    }
    let mut removals: Vec<(u8, u16)> = Vec::new();
    for c in forw.and(&back).iter() {
        let (cell, d) = (cell_of(c) as u8, digit_of(c));
        match removals.last_mut() {
            Some((last, mask)) if *last == cell => *mask |= 1 << d,
            _ => removals.push((cell, 1 << d)),
        }
    }
    let complexity = ch.ancestors(dst);
    let name = if x && y {
        "Bidirectional Cycle"
    } else if y {
        "Bidirectional Y-Cycle"
    } else if cell_count == 4 {
        "Generalized X-Wing"
    } else {
        "Bidirectional X-Cycle"
    };
    let difficulty = if x && y { 7.0 } else { 6.5 } + length_bonus(complexity);
    Found { difficulty, complexity, sort_key, hint: Hint { difficulty, name, removals, place: None } }
}

/// Nishio, multiple (cell and region) and dynamic forcing chains; the easiest step.
/// `cache` holds the nested rules' steps met on this board so far (see [`NestedCache`]);
/// `barren` tells that [`cycles_and_chains`] found nothing on it.
pub(crate) fn multiple_chains(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    cache: &mut NestedCache,
    barren: bool,
) -> Option<Hint> {
    let mut best = Best::default();
    multiple_chains_into(board, mode, budget, &mut best, cache, barren);
    best.into_hint()
}

/// Every step of Nishio, multiple or dynamic forcing chains (`mode`), in Sudoku Explainer's
/// order; `cache` and `barren` as for [`multiple_chains`].
pub(crate) fn multiple_chains_every(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    cache: &mut NestedCache,
    barren: bool,
) -> Vec<Hint> {
    let mut every = Best::Every(Vec::new());
    multiple_chains_into(board, mode, budget, &mut every, cache, barren);
    every.into_every()
}

/// [`multiple_chains`] with the chains of dynamic forcing chains of level 2 and up built in up to
/// `parts` parts at once, on rayon's pool (those of level 0 build only the chains their [`Plan`]
/// asks for, where the parts would build them all; those of level 1 are short, and setting up
/// and joining the parts took longer than building them on one thread); the steps are then
/// offered in the order of a whole search. The step found, and the work counted, are the same
/// whatever the number of parts: every part builds whole chains, a nested search's result is
/// charged again where a cache gives it (see [`Chainer::advance`]), nested "Forcing Chains &
/// Cycles" count what does not depend on their memo (see [`nested_steps`]), and the caller takes
/// no step from a search that ran out of budget.
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

/// The nested steps the parts of a split search share: those of the board's grids met so far,
/// and those carried over from the board before.
struct SharedSteps<'c> {
    steps: Mutex<StepsByGrid>,
    earlier: &'c StepsByGrid,
}

impl SharedSteps<'_> {
    fn get(&self, key: &(Nested, [u16; 81])) -> Option<(Arc<Vec<SharedStep>>, u64)> {
        let steps = self.steps.lock().unwrap_or_else(PoisonError::into_inner);
        steps.get(key).map(|(found, cost)| (Arc::clone(found), *cost))
    }

    fn insert(&self, key: (Nested, [u16; 81]), found: (Arc<Vec<SharedStep>>, u64)) {
        let mut steps = self.steps.lock().unwrap_or_else(PoisonError::into_inner);
        steps.entry(key).or_insert(found);
    }
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

fn multiple_chains_into(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    best: &mut Best<'_>,
    cache: &mut NestedCache,
    barren: bool,
) {
    let mut ch = Chainer::new(board, budget);
    ch.barren = barren;
    ch.nested_cache = std::mem::take(cache);
    search_multiple(&mut ch, mode, best);
    best.settle(&ch);
    *cache = std::mem::take(&mut ch.nested_cache);
}

fn search_multiple(ch: &mut Chainer<'_>, mode: Multi, best: &mut Best<'_>) {
    let mut memo: Vec<Option<Box<Outcome>>> = (0..729).map(|_| None).collect();
    search_multiple_with(ch, mode, best, &mut memo, &mut []);
    ch.buf.spare(memo.into_iter().flatten());
}

/// [`search_multiple`] with `memo` to keep what each assumption "on" implies, and `offs` what
/// each "off" implies where already known (empty, or one entry per candidate).
fn search_multiple_with(
    ch: &mut Chainer<'_>,
    mode: Multi,
    best: &mut Best<'_>,
    memo: &mut [Option<Box<Outcome>>],
    offs: &mut [Option<Box<Outcome>>],
) {
    let board = ch.board;
    let dynamic = mode != Multi::Multiple;
    let nishio = mode == Multi::Nishio;
    let y = !nishio;
    let base = match mode {
        Multi::Nishio => 7.5,
        Multi::Multiple => 8.0,
        Multi::Dynamic(level) => dynamic_base(level),
    };
    let [contradiction_name, double_name, cell_name, region_name] = match mode {
        Multi::Nishio => ["Nishio Forcing Chains", "Nishio Forcing Chains", "", ""],
        Multi::Multiple => [
            "Contradiction Forcing Chains",
            "Double Forcing Chains",
            "Cell Forcing Chains",
            "Region Forcing Chains",
        ],
        Multi::Dynamic(level) => DYNAMIC_NAMES[usize::from(level.min(MAX_LEVEL))],
    };
    ch.level = match mode {
        Multi::Dynamic(level) => level,
        _ => 0,
    };
    // Static chains: the cells and regions whose candidates imply nothing in common are passed
    // over without building their chains (most of them, inside dynamic chains).
    let filter = mode == Multi::Multiple && pruning();
    let mut implications = std::mem::take(&mut ch.buf.implications);
    implications.clear();
    // Dynamic chains without nested rules: only the chains of the steps the bit sets show are
    // built. Inside dynamic chains of level 4 and up, this search runs on every grid they leave.
    let plan = (mode == Multi::Dynamic(0) && pruning()).then(|| {
        let plan = Plan::new(board, &ch.base_pos, &mut ch.buf.spreader);
        ch.budget.spent += plan.skipped;
        plan
    });
    let wanted = |set: fn(&Plan) -> &Bits, k: u16| plan.as_ref().is_none_or(|p| set(p).has(k));
    for (cell, houses) in CELL_HOUSES.iter().enumerate() {
        let card = board.cands[cell].count_ones();
        if board.values[cell] != 0 || !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        let (mut ks, mut n) = ([0u16; 9], 0);
        for v in digits(board.cands[cell]) {
            ks[n] = cand(cell, v);
            n += 1;
        }
        let ks = &ks[..n];
        for &k in ks {
            let v = digit_of(k);
            let (want_on, want_off) = (wanted(|p| &p.on, k), wanted(|p| &p.off, k));
            if !filter && want_on {
                ensure(ch, memo, k, y, dynamic);
            }
            // Static chains conclude from the "on"s alone: the "off" is spread for contradictions and
            // double implications, which only dynamic chains look for.
            if dynamic && want_on {
                let on_res = memo[k as usize].as_deref().expect("computed above");
                if let Some((a, b)) = on_res.absurd {
                    let kind = (base, 7, contradiction_name, 0);
                    offer_concluded(ch, best, &[a, b], kind, (k, false));
                }
            }
            // The plan wants both or neither where double chains are possible.
            if dynamic && want_off {
                let off_res = match offs.get_mut(k as usize).and_then(Option::take) {
                    Some(known) => known,
                    None => {
                        let src_off = ch.push(k, false, &[]);
                        ch.chain(src_off, y, dynamic)
                    }
                };
                if let Some((a, b)) = off_res.absurd {
                    offer_concluded(ch, best, &[a, b], (base, 7, contradiction_name, 0), (k, true));
                }
                if card >= 3 && !nishio && want_on {
                    let on_res = memo[k as usize].as_deref().expect("computed above");
                    for on in [true, false] {
                        for &n in if on { &on_res.on } else { &on_res.off } {
                            let c = ch.buf.nodes[n as usize].cand;
                            if let Some(m) = off_res.find(c, on) {
                                offer_concluded(ch, best, &[n, m], (base, 1, double_name, 0), (c, on));
                            }
                        }
                    }
                }
                ch.buf.spare(Some(off_res));
            }
            if !nishio {
                // Region forcing chains, from the first place of the digit in each house.
                for &house in houses {
                    let house = house as usize;
                    let pos = board.positions(house, v);
                    if pos.count_ones() < 2
                        || HOUSES[house][pos.trailing_zeros() as usize] as usize != cell
                        || plan.as_ref().is_some_and(|p| p.regions[house] & 1 << v == 0)
                    {
                        continue;
                    }
                    let (mut others, mut m) = ([0u16; 9], 0);
                    for i in (0..9).filter(|i| pos & (1 << i) != 0) {
                        others[m] = cand(HOUSES[house][i] as usize, v);
                        m += 1;
                    }
                    let others = &others[..m];
                    if filter && !implications.share(ch, others) {
                        continue;
                    }
                    for &o in others {
                        ensure(ch, memo, o, y, dynamic);
                    }
                    offer_common(ch, best, memo, others, (base, 6, region_name, 2 + house as u8));
                }
            }
            if ch.budget.exhausted() {
                return;
            }
        }
        if !nishio && plan.as_ref().is_none_or(|p| p.cells & 1 << cell != 0) {
            // Cell forcing chains: what every candidate of the cell implies.
            if filter {
                if !implications.share(ch, ks) {
                    continue;
                }
                for &k in ks {
                    ensure(ch, memo, k, y, dynamic);
                }
            }
            offer_common(ch, best, memo, ks, (base, 5, cell_name, 1));
        }
    }
    ch.buf.implications = implications;
}

/// Offers the cell or region forcing chain steps of `ks` (a cell's candidates, or a digit's
/// places in a house), whose "on" chains are in `memo`: one for each potential they all imply,
/// in the order the first chain reached them. `kind` is as for [`offer_concluded`].
fn offer_common(
    ch: &mut Chainer<'_>,
    best: &mut Best<'_>,
    memo: &[Option<Box<Outcome>>],
    ks: &[u16],
    kind: (f64, u8, &'static str, u8),
) {
    let outs: [&Outcome; 9] =
        std::array::from_fn(|i| memo[ks[i.min(ks.len() - 1)] as usize].as_deref().expect("computed above"));
    let outs = &outs[..ks.len()];
    for on in [true, false] {
        let list = if on { &outs[0].on } else { &outs[0].off };
        for &n in list {
            let c = ch.buf.nodes[n as usize].cand;
            if !outs.iter().all(|o| if on { o.on_bits.has(c) } else { o.off_bits.has(c) }) {
                continue;
            }
            let mut targets = [0u32; 9];
            for (t, o) in targets.iter_mut().zip(outs) {
                *t = o.find(c, on).expect("in every outcome");
            }
            offer_concluded(ch, best, &targets[..outs.len()], kind, (c, on));
        }
    }
}

/// Offers the step of a forcing chain search whose chains conclude potential `conclusion` at
/// `targets`; `kind` is the technique's base difficulty, sort key, name and the cause of its
/// assumptions (see [`Best::offer`]). Its complexity is the potentials above the targets plus
/// the chains nested among them. Where only the first of the easiest steps is kept, the nested
/// chains and the removals are worked out only for a step that could come before the best so
/// far, as told by two lower bounds: the potentials alone, then with the chains nested above the
/// target that has the most (which rules out nearly all).
fn offer_concluded(
    ch: &mut Chainer<'_>,
    best: &mut Best<'_>,
    targets: &[u32],
    kind: (f64, u8, &'static str, u8),
    conclusion: (u16, bool),
) {
    let (base, sort_key, name, src_cause) = kind;
    let flat: u32 = targets.iter().map(|&t| ch.ancestors(t)).sum();
    if !best.could_take(base + length_bonus(flat), flat, sort_key) {
        return;
    }
    if let Best::First(Some(_)) = best {
        // A target's own nested chains, worked out once per potential, rule most of the rest
        // out.
        let lone = flat + targets.iter().map(|&t| ch.nested_alone(t)).max().unwrap_or(0);
        if !best.could_take(base + length_bonus(lone), lone, sort_key) {
            return;
        }
    }
    let complexity = flat + ch.nested_complexity(targets);
    let difficulty = base + length_bonus(complexity);
    if !best.could_take(difficulty, complexity, sort_key) {
        return;
    }
    let (removals, place) = ch.conclusion(conclusion.0, conclusion.1);
    let f = Found { difficulty, complexity, sort_key, hint: Hint { difficulty, name, removals, place } };
    best.offer(ch, f, targets, src_cause, false);
}

/// What each candidate "on" implies through the grid's static links ([`Chainer::implied`]),
/// worked out once asked for: a static chain from the candidate implies no more, so candidates
/// whose sets share nothing have no cell or region forcing chain.
#[derive(Default)]
struct Implications {
    /// Per candidate, where its sets are in `sets`, or [`NONE`]; empty until first asked, as
    /// the searches that never ask (dynamic chains) run thousands of times a step.
    at: Vec<u32>,
    sets: Vec<(Bits, Bits)>,
}

impl Implications {
    /// Forgets the sets, keeping the memory.
    fn clear(&mut self) {
        if !self.sets.is_empty() {
            self.at.fill(NONE);
            self.sets.clear();
        }
    }

    /// Whether the "on"s of `ks` imply some potential in common.
    fn share(&mut self, ch: &mut Chainer<'_>, ks: &[u16]) -> bool {
        if self.at.is_empty() {
            self.at = vec![NONE; 729];
        }
        let mut on = Bits::default();
        let mut off = Bits::default();
        for (i, &k) in ks.iter().enumerate() {
            if self.at[k as usize] == NONE {
                let (on, off) = self.implied(ch, k);
                // What the search of `Chainer::implied` creates, `k` itself included.
                ch.budget.spent += u64::from(on.count() + off.count());
                self.at[k as usize] = self.sets.len() as u32;
                self.sets.push((on, off));
            }
            let (k_on, k_off) = &self.sets[self.at[k as usize] as usize];
            if i == 0 {
                (on, off) = (k_on.clone(), k_off.clone());
            } else {
                on = on.and(k_on);
                off = off.and(k_off);
            }
        }
        !on.is_empty() || !off.is_empty()
    }

    /// What "`k` is on" implies through the static X- and Y-links (the sets of
    /// [`Chainer::implied`]), taking in whole the sets already worked out of the "on"s it meets:
    /// whatever such an "on" implies, `k` implies too.
    ///
    /// A function of its own, not an option of [`Chainer::implied`]: folded in there, with the
    /// forcing searches' loop it shares, a rating took 3% more instructions.
    fn implied(&self, ch: &mut Chainer<'_>, k: u16) -> (Bits, Bits) {
        let cands = &ch.board.cands;
        let mut links = match ch.links.take() {
            Some(links) => links,
            None => Links::new(ch.buf.spare_links.take(), cands, &ch.base_pos),
        };
        let (mut to_on, mut to_off) = (Bits::default(), Bits::default());
        let [mut pending_on, mut pending_off, layer] = std::mem::take(&mut ch.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        to_on.set(k);
        pending_on.push(u32::from(k));
        let (mut i_on, mut i_off) = (0, 0);
        while i_on < pending_on.len() || i_off < pending_off.len() {
            while i_on < pending_on.len() {
                let p = pending_on[i_on] as u16;
                i_on += 1;
                if let Some((on, off)) = self.at.get(p as usize).and_then(|&i| self.sets.get(i as usize)) {
                    // Its implications are all there: the "off"s among them need no spreading.
                    to_on.add(on);
                    to_off.add(off);
                    continue;
                }
                for i in links.weak_range(cands, &ch.base_pos, p, true) {
                    let q = links.weak[i].0;
                    if to_off.has(q) {
                        continue;
                    }
                    to_off.set(q);
                    if !Chainer::dead_end(&links, q, true, true, &to_on, k) {
                        pending_off.push(u32::from(q));
                    }
                }
            }
            while i_off < pending_off.len() {
                let p = pending_off[i_off] as usize;
                i_off += 1;
                for q in std::iter::once(links.cell[p]).chain(links.house[p]).filter(|&q| q != NO_CAND) {
                    if !to_on.has(q) {
                        to_on.set(q);
                        pending_on.push(u32::from(q));
                    }
                }
            }
        }
        ch.buf.scratch_queues = [pending_on, pending_off, layer];
        ch.links = Some(links);
        (to_on, to_off)
    }
}

/// Computes (once per step) what assuming candidate `k` on implies.
fn ensure(ch: &mut Chainer<'_>, memo: &mut [Option<Box<Outcome>>], k: u16, y: bool, dynamic: bool) {
    if memo[k as usize].is_none() {
        let src = ch.push(k, true, &[]);
        memo[k as usize] = Some(ch.chain(src, y, dynamic));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::se::board::{positions, ALL};

    #[cfg(feature = "rayon")]
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

    /// A grid of about one candidate in three, each a digit present in two neighbouring bits of
    /// `bits` (any 9-bit numbers, one a cell).
    fn sparse(bits: &[u16]) -> [u16; 81] {
        std::array::from_fn(|i| (bits[i] & bits[i] >> 1 & ALL >> 1) << 1)
    }

    /// About 2.3 candidates a cell from `bits`, at random or around a solution (`with_solution`,
    /// as the grids of a puzzle are): dynamic chains meet contradictions, and double, cell and
    /// region chains all occur.
    fn puzzle_like(bits: &[u16], with_solution: bool) -> [u16; 81] {
        let solution = |i: usize| 1 << ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1);
        let extra = sparse(bits);
        std::array::from_fn(|i| if with_solution { extra[i] | solution(i) } else { extra[i] })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// The search without potentials agrees with the full one on whether a forcing chain is
        /// found and on everything implied; and a search skipped inside an earlier closure is one
        /// that finds nothing.
        #[test]
        fn forcing_without_potentials_agrees_with_the_full_search(
            cands in proptest::collection::vec(0u16..512, 81),
            y: bool,
        ) {
            // Sparse grids (about 1 candidate in 3), where some chains close and others do not.
            let cands = sparse(&cands);
            let board = Board { values: [0; 81], cands };
            let mut budget = Budget::new(u64::MAX);
            let mut ch = Chainer::new(&board, &mut budget);
            let mut closures = Vec::new();
            for c in (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0) {
                for on in [true, false] {
                    let src = ch.push(c, on, &[]);
                    let full = ch.forcing::<false>(src, y);
                    let (full_on, full_off) = std::mem::take(&mut ch.buf.closure);
                    let finds = ch.forcing_finds::<false>(src, y);
                    proptest::prop_assert_eq!(finds, !full.is_empty(), "{} {}", c, on);
                    if !finds {
                        let (on_set, off_set) = std::mem::take(&mut ch.buf.closure);
                        proptest::prop_assert!(on_set.iter().eq(full_on.iter()));
                        proptest::prop_assert!(off_set.iter().eq(full_off.iter()));
                    }
                    let chains = ch.forcing_unless_closed(src, y, false, &mut closures);
                    proptest::prop_assert_eq!(chains.len(), full.len());
                }
            }
        }

        /// What a candidate implies through static links, taking in whole what the "on"s it
        /// meets were found to imply, is what the search of every potential finds, at the same
        /// work, in whatever order the candidates are asked for.
        #[test]
        fn implications_taken_whole_are_those_searched(
            cands in proptest::collection::vec(0u16..512, 81),
            reversed: bool,
        ) {
            let cands = sparse(&cands);
            let board = Board { values: [0; 81], cands };
            let mut budget = Budget::new(u64::MAX);
            let mut ch = Chainer::new(&board, &mut budget);
            let mut ks: Vec<u16> =
                (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0).collect();
            if reversed {
                ks.reverse();
            }
            let mut implications = Implications::default();
            for &k in &ks {
                let (on, off, created) =
                    ch.implied::<false>(k, true, true, false).expect("no conjugate looked for");
                let before = ch.budget.spent;
                let shares = implications.share(&mut ch, &[k]);
                proptest::prop_assert!(shares == (!on.is_empty() || !off.is_empty()));
                proptest::prop_assert_eq!(ch.budget.spent - before, created + 1);
                let (whole_on, whole_off) = &implications.sets[implications.at[k as usize] as usize];
                proptest::prop_assert!(whole_on.iter().eq(on.iter()), "{}", k);
                proptest::prop_assert!(whole_off.iter().eq(off.iter()), "{}", k);
            }
        }

        /// Links built in the memory of another grid's, after that grid's weak links and reads
        /// were asked for, are those built afresh.
        #[test]
        fn links_in_spare_memory_are_built_afresh(
            first in proptest::collection::vec(0u16..512, 81),
            second in proptest::collection::vec(0u16..512, 81),
        ) {
            let (first, second) = (sparse(&first), sparse(&second));
            let (first_pos, second_pos) = (positions(&first), positions(&second));
            let mut spare = Links::new(None, &first, &first_pos);
            for c in (0..729u16).filter(|&c| first[cell_of(c)] & 1 << digit_of(c) != 0) {
                for (y, x) in [(true, true), (true, false), (false, true)] {
                    spare.reads(&first, &first_pos, c, y, x);
                }
            }
            let reused = Links::new(Some(spare), &second, &second_pos);
            let fresh = Links::new(None, &second, &second_pos);
            proptest::prop_assert!(reused.cell == fresh.cell && reused.house == fresh.house);
            proptest::prop_assert!(reused.strong == fresh.strong);
            proptest::prop_assert!(reused.weak_at == fresh.weak_at && reused.reads_at == fresh.reads_at);
            proptest::prop_assert!(reused.weak.is_empty() && reused.reads.is_empty());
        }

        /// The bit-set spreads agree with the dynamic chains on whether a contradiction is met,
        /// and on everything implied where none is; and a dynamic forcing chain search that builds
        /// only the chains its plan asks for finds the same steps, in the same order, as the
        /// whole search.
        #[test]
        fn dynamic_spreads_agree_with_the_chains(
            cands in proptest::collection::vec(0u16..512, 81),
            with_solution: bool,
        ) {
            let cands = puzzle_like(&cands, with_solution);
            let board = Board { values: [0; 81], cands };
            let pos = board.all_positions();
            let mut budget = Budget::new(u64::MAX);
            let mut ch = Chainer::new(&board, &mut budget);
            let mut spreader = Spreader::default();
            for c in (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0) {
                for on in [true, false] {
                    let src = ch.push(c, on, &[]);
                    let chain = ch.chain(src, true, true);
                    let spread = spreader.spread(&cands, &pos, c, on);
                    proptest::prop_assert_eq!(spread.absurd, chain.absurd.is_some(), "{} {}", c, on);
                    // Where a contradiction is met, as far as the chain went.
                    proptest::prop_assert!(spread.on.iter().eq(chain.on_bits.iter()));
                    proptest::prop_assert!(spread.off.iter().eq(chain.off_bits.iter()));
                    // The chain's potentials, and the one that met its conjugate.
                    let size = chain.on.len() + chain.off.len() + usize::from(spread.absurd);
                    proptest::prop_assert_eq!(spread.size as usize, size);
                }
            }
            drop(ch);
            let init = [ALL; 81];
            let steps = |pruning: bool| {
                PRUNING.with(|p| p.set(pruning));
                let mut budget = Budget::new(u64::MAX);
                let (found, pending) = (Vec::new(), Vec::new());
                let mut best = Best::All { init: &init, cur: &cands, found, easiest: None, pending };
                let mut cache = NestedCache::default();
                multiple_chains_into(&board, Multi::Dynamic(0), &mut budget, &mut best, &mut cache, false);
                PRUNING.with(|p| p.set(true));
                let Best::All { found, .. } = best else { unreachable!("built as Best::All") };
                let steps = found.iter().map(|f| {
                    let (f, step) = &**f;
                    format!(
                        "{} {} {} {:?} {:?} {:?} {}",
                        f.difficulty, f.complexity, f.sort_key, f.hint.removals, f.hint.place, step.parents,
                        step.signature
                    )
                });
                // The chains left out are charged as if built.
                std::iter::once(format!("work {}", budget.spent)).chain(steps).collect::<Vec<_>>()
            };
            proptest::prop_assert_eq!(steps(true), steps(false));
        }

        /// A walk counts the potentials `chain_of` lists above a potential, and meets the chains
        /// nested among them in the same order, in chains that nest forcing chains (level 2).
        #[test]
        fn walks_count_what_chain_of_lists(
            cands in proptest::collection::vec(0u16..512, 81),
            with_solution: bool,
        ) {
            let cands = puzzle_like(&cands, with_solution);
            let board = Board { values: [0; 81], cands };
            let mut budget = Budget::new(u64::MAX);
            let mut ch = Chainer::new(&board, &mut budget);
            ch.level = 2;
            for c in (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0).step_by(3) {
                for on in [true, false] {
                    let src = ch.push(c, on, &[]);
                    ch.chain(src, true, true);
                }
            }
            let (mut walk, mut listed) = (Walk::default(), Vec::new());
            for n in 0..ch.buf.nodes.len() as u32 {
                listed.clear();
                ch.chain_of(n, &mut listed);
                walk.nested.clear();
                proptest::prop_assert_eq!(ch.walk(n, &mut walk, true) as usize, listed.len());
                let nested = listed.iter().map(|&p| ch.buf.nodes[p as usize].nested).filter(|&i| i != NONE);
                proptest::prop_assert!(walk.nested.iter().copied().eq(nested));
            }
        }
    }
}
