//! Which chaining steps a search keeps: the first of the easiest ([`Best::First`]), every step
//! (Sudoku Explainer's "Get all hints"), or, for a rule nested in a chain, every step with the
//! enclosing chain's "off"s it relies on ([`NestedStep`]).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::rate::se::board::{cand, digits};
use crate::rate::se::hint::Hint;

use super::{pruning, Chainer, NONE};

/// A step found by a chaining rule nested in another chain.
pub(crate) struct NestedStep {
    /// The candidates it removes.
    pub(super) removals: Vec<u16>,
    /// The enclosing chain's "off"s it relies on (Sudoku Explainer's `getRuleParents`).
    pub(super) parents: Vec<u16>,
    /// Its complexity, its own nested chains included.
    pub(super) complexity: u32,
    /// Tells the same chain apart from others (Sudoku Explainer's `FullChain`): a hash of the
    /// potentials above each of its conclusions, breadth first.
    pub(super) signature: u64,
}

/// A chaining step with the keys Sudoku Explainer sorts its chaining steps by.
pub(super) struct Found {
    pub(super) difficulty: f64,
    pub(super) complexity: u32,
    pub(super) sort_key: u8,
    pub(super) hint: Hint,
}

/// Keeps the first of the easiest steps, as a stable sort by (difficulty, complexity, kind) would;
/// or, for a rule nested in another chain, every step with what it relies on.
pub(super) enum Best<'c> {
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
pub(super) struct Pending {
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
    pub(super) fn offer(&mut self, ch: &Chainer<'_>, f: Found, targets: &[u32], src_cause: u8, cycle: bool) {
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
                    *best = Some(Found { hint: ch.with_chains(f.hint, targets), ..f });
                }
            }
            Best::Every(all) => all.push(Found { hint: ch.with_chains(f.hint, targets), ..f }),
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
    pub(super) fn settle(&mut self, ch: &Chainer<'_>) {
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
    pub(super) fn could_take(&self, difficulty: f64, complexity: u32, sort_key: u8) -> bool {
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

    pub(super) fn into_hint(self) -> Option<Hint> {
        match self {
            Best::First(best) => best.map(|f| f.hint),
            Best::Every(_) | Best::All { .. } => None,
        }
    }

    /// Every step offered, in Sudoku Explainer's order: a stable sort by (difficulty,
    /// complexity, kind).
    pub(super) fn into_every(self) -> Vec<Hint> {
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
    pub(super) fn into_steps(self) -> Vec<SharedStep> {
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
/// [`SourceSteps`](super::memo::SourceSteps)).
pub(super) type SharedStep = Arc<(Found, NestedStep)>;
