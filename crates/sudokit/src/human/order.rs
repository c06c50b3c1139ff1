//! The order in which a finder reports its steps: HoDoKu's. Each deduction (set of placements and
//! eliminations) once, with its shortest chain; steps that place digits first, most placements
//! first (HoDoKu's order for forcing chains and nets); then most eliminations first, then the
//! smallest index sum (HoDoKu's tie-break: of the placements' cells, or weighted, of the
//! eliminations; forcing chains and nets that eliminate compare their eliminations one by one
//! instead, as HoDoKu's tabling solver does), then the shortest chains (by their nodes, as HoDoKu
//! counts).
//! The step solver takes the first step a finder reports, so this order decides which of several
//! steps a path shows.
//!
//! HoDoKu searches some techniques under one entry of its step list and takes the best step of
//! all of them by this same order: Continuous and Discontinuous Nice Loops and AICs (its "Nice
//! Loop/AIC" entry), their grouped forms, and the Contradiction and Verity forms of Forcing Chains
//! and of Forcing Nets. [`umbrella`] names these groups; the solver compares the first step of each
//! member with [`best`]. Simple Colors (trap and wrap) and Multi Colors (types 1 and 2) are groups
//! too, but there HoDoKu takes the first step its search meets (see
//! `coloring::first_in_search_order`).

use rustc_hash::FxHashMap as HashMap;
use std::ops::ControlFlow;

use super::finder::Sink;
use super::step::{Candidate, Chain, Step};
use super::technique::Technique;
use crate::grid::{Cell, Digit};

/// Sends `steps` to `sink` in the order given, each normalized: for the finders whose first step in
/// search order is the one HoDoKu's step solver takes (ALS-XZ, ALS-XY-Wing, Sue de Coq).
pub(crate) fn emit_as_found(steps: Vec<Step>, sink: Sink<'_>) -> ControlFlow<()> {
    for mut step in steps {
        step.normalize();
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// Sends `steps` to `sink` once per elimination set, in HoDoKu's order (see the [module docs](self)).
pub(crate) fn emit_sorted(steps: Vec<Step>, sink: Sink<'_>) -> ControlFlow<()> {
    let mut best: HashMap<(Vec<Candidate>, Vec<Candidate>), (usize, Step)> = HashMap::default();
    for (i, mut step) in steps.into_iter().enumerate() {
        step.normalize();
        let key = (step.placements.clone(), step.eliminations.clone());
        match best.get(&key) {
            Some((_, old)) if chain_len(old) <= chain_len(&step) => {}
            _ => {
                best.insert(key, (i, step));
            }
        }
    }
    let mut steps: Vec<(usize, Step)> = best.into_values().collect();
    steps.sort_by_cached_key(|(i, s)| (key(s), *i));
    for (_, step) in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// As [`emit_sorted`], for steps whose chains are costly to build and whose results are all
/// different (none is a repeat to drop): each comes without its chains, with their length in
/// nodes, and `chains(i)` builds the chains of the `i`th step, only for the steps sent.
pub(crate) fn emit_sorted_lazily(
    steps: Vec<(Step, usize)>,
    chains: &mut dyn FnMut(usize) -> Vec<Chain>,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let mut order: Vec<_> = steps
        .iter()
        .enumerate()
        .map(|(i, (step, nodes))| {
            let (placing, placements, eliminations, tie, _) = key(step);
            ((placing, placements, eliminations, tie, *nodes), i)
        })
        .collect();
    order.sort_unstable();
    let mut steps: Vec<Option<Step>> = steps.into_iter().map(|(step, _)| Some(step)).collect();
    for (_, i) in order {
        let Some(mut step) = steps[i].take() else { continue };
        step.pattern.chains = chains(i);
        step.normalize();
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// HoDoKu's preference between two steps, smallest first.
fn key(s: &Step) -> (bool, std::cmp::Reverse<usize>, std::cmp::Reverse<usize>, TieBreak, usize) {
    (
        s.placements.is_empty(),
        std::cmp::Reverse(s.placements.len()),
        std::cmp::Reverse(s.eliminations.len()),
        tie_break(s),
        chain_len(s),
    )
}

/// HoDoKu's tie-break between steps placing or eliminating as many candidates (see [`key`]).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum TieBreak {
    /// The index sum of [`index_sum`].
    Sum(usize),
    /// Forcing chains and nets that eliminate, which HoDoKu's tabling solver sorts otherwise: their
    /// eliminations in its order (by digit, then cell), compared one by one by cell, then digit.
    Eliminations(Vec<(Cell, Digit)>),
}

fn tie_break(s: &Step) -> TieBreak {
    // The forcing chains and the forcing nets (their groups in `umbrella`).
    let tabling = matches!(umbrella(s.technique), Some(2 | 3));
    if !tabling || !s.placements.is_empty() {
        return TieBreak::Sum(index_sum(s));
    }
    let mut elims: Vec<(Digit, Cell)> = s.eliminations.iter().map(|c| (c.digit, c.cell)).collect();
    elims.sort_unstable();
    TieBreak::Eliminations(elims.into_iter().map(|(d, c)| (c, d)).collect())
}

/// The group of techniques HoDoKu searches under one entry of its step list, if `t` is in one
/// (see the [module docs](self)); the members are adjacent in the default order.
pub(crate) fn umbrella(t: Technique) -> Option<u8> {
    use Technique as T;
    match t {
        T::ContinuousNiceLoop | T::DiscontinuousNiceLoop | T::Aic => Some(0),
        T::GroupedContinuousNiceLoop | T::GroupedDiscontinuousNiceLoop | T::GroupedAic => Some(1),
        T::ForcingChainContradiction | T::ForcingChainVerity => Some(2),
        T::ForcingNetContradiction | T::ForcingNetVerity => Some(3),
        T::SimpleColorsTrap | T::SimpleColorsWrap => Some(4),
        T::MultiColors1 | T::MultiColors2 => Some(5),
        _ => None,
    }
}

/// Whether HoDoKu takes the first step it meets in group `g` (the coloring families) rather than
/// the best of the group by [`best`].
pub(crate) fn takes_first_found(g: u8) -> bool {
    g >= 4
}

/// The step HoDoKu prefers among `steps`, the first steps of the members of one group (the first
/// of equals). Between steps of different techniques that place digits, HoDoKu's comparison of
/// forcing chains and nets never gets to the chains' length: two such steps placing as many digits
/// with the same index sum stay in the order found, so a contradiction that places a digit comes
/// before a verity placing the same one, however long its chains. Steps that eliminate compare
/// their chains.
pub(crate) fn best(steps: Vec<Step>) -> Option<Step> {
    steps
        .into_iter()
        .enumerate()
        .min_by_key(|(i, s)| {
            let (placing, placements, eliminations, tie, len) = key(s);
            (placing, placements, eliminations, tie, if s.placements.is_empty() { len } else { 0 }, *i)
        })
        .map(|(_, s)| s)
}

/// A step's chain length as HoDoKu measures it: the nodes of all its chains (so a step shown by
/// more chains counts one more per chain than its links).
fn chain_len(step: &Step) -> usize {
    step.pattern.chains.iter().map(|c| c.links.len() + 1).sum()
}

/// HoDoKu's tie-break between steps with as many placements or eliminations: the sum of the
/// placements' cell indices, or a weighted sum of the eliminated candidates, in cell order.
fn index_sum(step: &Step) -> usize {
    if !step.placements.is_empty() {
        return step.placements.iter().map(|c| c.cell.index()).sum();
    }
    let mut elims = step.eliminations.clone();
    elims.sort_unstable_by_key(|c| (c.cell, c.digit));
    elims.iter().enumerate().map(|(i, c)| c.cell.index() * (1 + 80 * i) + c.digit.get() as usize).sum()
}
