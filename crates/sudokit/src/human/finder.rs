//! The finder interface: one entry point that, given a state, a technique and options, reports the
//! steps of that technique to a sink, and the registry that sends each technique to its family's
//! module.
//!
//! Every family module exposes `find(state, technique, options, sink)`. The sink returns
//! [`ControlFlow::Break`] to stop the search (the solver wants only the first step; the regression
//! tests want all of them). A family that is asked for a technique it does not know reports nothing.

use rustc_hash::FxHashSet as HashSet;
use std::ops::ControlFlow;

use super::state::State;
use super::step::Step;
use super::technique::Technique;
use super::{
    als, chains, coloring, fish, forcing, intersections, killer, single_digit, singles, subsets, sue_de_coq,
    templates, uniqueness, wings,
};

/// Options of the finders; the defaults are HoDoKu's defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FindOptions {
    /// The puzzle is known to have exactly one solution: uniqueness techniques may be used.
    pub unique: bool,
    /// Uniqueness techniques may use rectangles with corners where a candidate was already
    /// eliminated (HoDoKu's "allow missing candidates"; on by default, as in HoDoKu).
    pub allow_missing_candidates: bool,
    /// Empty rectangles with only two candidates in the box are allowed (off by default).
    pub allow_two_candidate_ers: bool,
    /// Fish finders also report "siamese" fish and the single-digit finders dual steps (combined
    /// patterns that share their base); off by default.
    pub allow_duals_and_siamese: bool,
    /// Almost locked sets of ALS techniques may overlap (off by default).
    pub allow_als_overlap: bool,
    /// Grouped nice loops and AICs may use almost locked sets as nodes (HoDoKu's "allow ALS in
    /// tabling chains"; off by default).
    pub allow_als_in_chains: bool,
    /// ALS-XY-Chains link each set only to sets found after it (in the order sets are collected:
    /// house by house, rows first, cells in reading order), as HoDoKu's step solver searches them;
    /// off by default, when chains are searched both ways (HoDoKu's search for all steps). The
    /// step solver turns it on.
    pub als_chains_forward_only: bool,
    /// The most almost locked sets an ALS-XY-Chain links: 6 by default, as HoDoKu searches. Two
    /// cases of HoDoKu's regression library need seven (HoDoKu 2.2 misses them).
    pub als_chain_max_sets: usize,
    /// Nice loops are closed only through the one chain the search keeps per pair of ends (the
    /// chain HoDoKu's tables keep). Off by default: after those loops come the continuous loops
    /// through the other chains as short (up to 64 per pair of ends), since HoDoKu's tables may
    /// hold another chain where their expansion rewrites one (a case of its regression library).
    /// The step solver turns it on: it takes the first step, which the extra loops never
    /// precede, and the extra search would cost time on every state where loops find nothing.
    pub shortest_loops_only: bool,
}

impl Default for FindOptions {
    fn default() -> FindOptions {
        FindOptions {
            unique: true,
            allow_missing_candidates: true,
            allow_two_candidate_ers: false,
            allow_duals_and_siamese: false,
            allow_als_overlap: false,
            allow_als_in_chains: false,
            als_chains_forward_only: false,
            als_chain_max_sets: 6,
            shortest_loops_only: false,
        }
    }
}

/// Where a finder sends each step it finds.
pub type Sink<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

/// The signature of a family's finder.
pub(crate) type FindFn = fn(&State, Technique, &FindOptions, Sink<'_>) -> ControlFlow<()>;

/// The family finder of a technique, or `None` when the technique is not implemented.
fn finder(technique: Technique) -> Option<FindFn> {
    use Technique as T;
    Some(match technique {
        T::FullHouse | T::NakedSingle | T::HiddenSingle => singles::find,
        T::LockedCandidates1 | T::LockedCandidates2 => intersections::find,
        T::LockedPair
        | T::LockedTriple
        | T::NakedPair
        | T::NakedTriple
        | T::NakedQuadruple
        | T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuadruple => subsets::find,
        T::XWing
        | T::Swordfish
        | T::Jellyfish
        | T::Squirmbag
        | T::Whale
        | T::Leviathan
        | T::FinnedXWing
        | T::FinnedSwordfish
        | T::FinnedJellyfish
        | T::FinnedSquirmbag
        | T::FinnedWhale
        | T::FinnedLeviathan
        | T::SashimiXWing
        | T::SashimiSwordfish
        | T::SashimiJellyfish
        | T::SashimiSquirmbag
        | T::SashimiWhale
        | T::SashimiLeviathan
        | T::FrankenXWing
        | T::FrankenSwordfish
        | T::FrankenJellyfish
        | T::FrankenSquirmbag
        | T::FrankenWhale
        | T::FrankenLeviathan
        | T::FinnedFrankenXWing
        | T::FinnedFrankenSwordfish
        | T::FinnedFrankenJellyfish
        | T::FinnedFrankenSquirmbag
        | T::FinnedFrankenWhale
        | T::FinnedFrankenLeviathan
        | T::MutantXWing
        | T::MutantSwordfish
        | T::MutantJellyfish
        | T::MutantSquirmbag
        | T::MutantWhale
        | T::MutantLeviathan
        | T::FinnedMutantXWing
        | T::FinnedMutantSwordfish
        | T::FinnedMutantJellyfish
        | T::FinnedMutantSquirmbag
        | T::FinnedMutantWhale
        | T::FinnedMutantLeviathan => fish::find,
        T::Uniqueness1
        | T::Uniqueness2
        | T::Uniqueness3
        | T::Uniqueness4
        | T::Uniqueness5
        | T::Uniqueness6
        | T::HiddenRectangle
        | T::AvoidableRectangle1
        | T::AvoidableRectangle2
        | T::BugPlus1 => uniqueness::find,
        T::XyWing | T::XyzWing | T::WxyzWing | T::WWing => wings::find,
        T::Skyscraper
        | T::TwoStringKite
        | T::DualTwoStringKite
        | T::TurbotFish
        | T::EmptyRectangle
        | T::DualEmptyRectangle => single_digit::find,
        T::SueDeCoq => sue_de_coq::find,
        T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2 => coloring::find,
        T::RemotePair
        | T::XChain
        | T::XyChain
        | T::ContinuousNiceLoop
        | T::DiscontinuousNiceLoop
        | T::Aic
        | T::GroupedContinuousNiceLoop
        | T::GroupedDiscontinuousNiceLoop
        | T::GroupedAic => chains::find,
        T::AlsXz | T::AlsXyWing | T::AlsXyChain | T::DeathBlossom => als::find,
        T::ForcingChainContradiction
        | T::ForcingChainVerity
        | T::ForcingNetContradiction
        | T::ForcingNetVerity => forcing::find,
        T::TemplateSet | T::TemplateDelete => templates::find,
        T::CageCombination | T::Innies | T::Outies | T::CageInteraction => killer::find,
        T::BruteForce => return None,
        _ => return None,
    })
}

/// Whether a finder exists for `technique` (brute force is the solver's own and counts as one).
pub fn is_implemented(technique: Technique) -> bool {
    technique == Technique::BruteForce || finder(technique).is_some()
}

/// Every step of `technique` in `state` that proves something, each deduction once, in the order
/// found. Empty when the technique is not implemented (see [`is_implemented`]) or brute force.
pub fn find_all(state: &State, technique: Technique, options: &FindOptions) -> Vec<Step> {
    let mut out = Vec::new();
    let mut seen = HashSet::default();
    let _ = search(state, technique, options, &mut |step| {
        if seen.insert((step.placements.clone(), step.eliminations.clone())) {
            out.push(step);
        }
        ControlFlow::Continue(())
    });
    out
}

/// The first step of `technique` in `state` that proves something.
pub fn find_first(state: &State, technique: Technique, options: &FindOptions) -> Option<Step> {
    let mut found = None;
    let _ = search(state, technique, options, &mut |step| {
        found = Some(step);
        ControlFlow::Break(())
    });
    found
}

/// Runs the finder of `technique`, passing on only productive, normalized steps of that technique;
/// uniqueness techniques run only when `options.unique` says the puzzle has one solution, and
/// never under killer cages: swapping two digits of a rectangle changes the total of a cage that
/// holds one corner, so the rectangle is no deadly pattern, and the BUG argument (the other
/// candidate of every cell is a second solution) needs houses holding every digit.
pub fn search(state: &State, technique: Technique, options: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    let Some(find) = finder(technique) else { return ControlFlow::Continue(()) };
    if technique.needs_uniqueness() && (!options.unique || !state.board().cages().is_empty()) {
        return ControlFlow::Continue(());
    }
    find(state, technique, options, &mut |mut step| {
        if step.technique != technique || !step.is_productive() {
            return ControlFlow::Continue(());
        }
        step.normalize();
        sink(step)
    })
}
