//! Forcing chains and forcing nets: the last resort before brute force.
//!
//! A *premise* is a candidate assumed true or false. A **forcing chain** follows only direct
//! implications (the strong and weak links of [`chains::graph`](super::chains::graph), group nodes
//! included); a **forcing net** also applies every naked and hidden single the premise leads to, so
//! its implications may depend on several earlier ones. Definitions as on HoDoKu's forcing chain
//! page (hodoku.sourceforge.net/en/tech_chains.php) and SudokuWiki's "Cell Forcing Chains",
//! "Unit Forcing Chains" and "Digit Forcing Chains" pages:
//!
//! - **Contradiction**: a premise leads to a contradiction (a candidate both true and false, a cell
//!   without candidates, a digit with no place in a house, one digit twice in a house), so it is
//!   wrong: a candidate assumed true is eliminated, one assumed false is placed.
//! - **Verity**: every candidate of a cell, every place of a digit in a house, or both values of one
//!   candidate lead to the same conclusion, which therefore holds.
//!
//! The step shows one chain per branch. A net's branch is shown as its premise and conclusion only
//! (a net is a tree, not a chain).

use std::ops::ControlFlow;

use super::chains::chain_of;
use super::chains::graph::{Bfs, Graph};
use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Chain, LinkKind, Node, Step};
use super::technique::Technique;
use crate::grid::{Cell, Digit};

/// The deepest chain followed, in links.
const MAX_LEN: u16 = 40;

/// Reports the forcing chain or net steps of kind `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    use Technique as T;
    let steps = match technique {
        T::ForcingChainContradiction | T::ForcingChainVerity => chains(state, technique),
        T::ForcingNetContradiction | T::ForcingNetVerity => nets(state, technique),
        _ => return ControlFlow::Continue(()),
    };
    super::order::emit_sorted(steps, sink)
}

/// A set of literals of candidate nodes: bit `2 * (cell * side + digit) + on`.
#[derive(Clone, PartialEq, Eq)]
struct Lits(Vec<u64>);

impl Lits {
    fn new(bits: usize) -> Lits {
        Lits(vec![0; bits.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn and(&mut self, other: &Lits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
    /// The literals, ascending. Most words are empty or nearly so: each set bit is found
    /// directly, not by testing all 64.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + b
                })
            })
        })
    }
}

/// What one premise leads to: the literals it implies, or a contradiction.
struct Outcome {
    lits: Lits,
    contradiction: bool,
}

fn lit_index(state: &State, cell: Cell, digit: Digit, on: bool) -> usize {
    2 * (cell.index() * state.side() + digit.index()) + on as usize
}

fn lit_of(state: &State, i: usize) -> (Cell, Digit, bool) {
    let on = i % 2 == 1;
    let k = i / 2;
    let side = state.side();
    let cell = Cell::new_checked(k / side, state.shape()).expect("literal of a cell on the board");
    let digit = Digit::from_index_checked(k % side, state.shape()).expect("literal of a digit of the board");
    (cell, digit, on)
}

/// Every unsolved candidate of the state.
fn premises(state: &State) -> Vec<(Cell, Digit)> {
    state.unsolved_cells().flat_map(|c| state.candidates(c).iter().map(move |d| (c, d))).collect()
}

/// The results of a literal that holds: a placement or an elimination, if it changes anything.
fn result_of(state: &State, i: usize, step: &mut Step) -> bool {
    let (cell, digit, on) = lit_of(state, i);
    if !state.has(cell, digit) {
        return false;
    }
    if on {
        step.placements.push(Candidate::new(cell, digit));
    } else {
        step.eliminations.push(Candidate::new(cell, digit));
    }
    true
}

/// A premise and a conclusion as a two-node chain (used for nets).
fn branch(premise: (Cell, Digit, bool), conclusion: (Cell, Digit, bool)) -> Chain {
    Chain {
        nodes: vec![Node::candidate(premise.0, premise.1), Node::candidate(conclusion.0, conclusion.1)],
        links: vec![if conclusion.2 { LinkKind::Strong } else { LinkKind::Weak }],
    }
}

// ---------------------------------------------------------------------------------------------
// Chains: direct implications only.

/// Forcing chains follow the links of the grouped nice loops: both the strong and weak links in
/// houses and cells, with group nodes, without almost locked sets. So the two share one graph per
/// state ([`Graph::shared`]).
const GROUPED: bool = true;

/// What every premise of a state implies, and the contradictions among them: the search both
/// forcing chain techniques start from, run once per state (the solver asks for both in turn).
struct ChainOutcomes {
    outcomes: rustc_hash::FxHashMap<Premise, Outcome>,
    contradictions: Vec<Step>,
}

fn chain_outcomes(state: &State) -> ChainOutcomes {
    let technique = Technique::ForcingChainContradiction;
    let graph = Graph::shared(state, GROUPED, false);
    let mut bfs = Bfs::new(&graph);
    let bits = 2 * state.shape().cells() * state.side();
    let to_lit = |lit: u32| -> Option<usize> {
        let node = &graph.nodes[(lit / 2) as usize];
        (!node.is_group).then(|| lit_index(state, node.first, node.digit, lit % 2 == 1))
    };
    let mut outcomes: rustc_hash::FxHashMap<(Cell, Digit, bool), Outcome> = rustc_hash::FxHashMap::default();
    let mut out = Vec::new();
    for (cell, digit) in premises(state) {
        let Some(node) = graph.cand_node(cell, digit) else { continue };
        for on in [true, false] {
            let start = 2 * node + on as u32;
            bfs.run(&graph, start, MAX_LEN);
            let mut lits = Lits::new(bits);
            for &l in &bfs.order {
                if let Some(i) = to_lit(l) {
                    lits.insert(i);
                }
            }
            // A candidate reached both true and false.
            let clash =
                bfs.order.iter().find(|&&l| l % 2 == 1 && bfs.dist[(l - 1) as usize] != u16::MAX).copied();
            if let Some(l) = clash {
                let mut step = Step::new(technique, state.shape());
                if on {
                    step.eliminations.push(Candidate::new(cell, digit));
                } else {
                    step.placements.push(Candidate::new(cell, digit));
                }
                for end in [l, l - 1] {
                    if let Some(path) = bfs.path(end) {
                        step.pattern.chains.push(chain_of(&graph, &path));
                    }
                }
                out.push(step);
            }
            outcomes.insert((cell, digit, on), Outcome { lits, contradiction: clash.is_some() });
        }
    }
    ChainOutcomes { outcomes, contradictions: out }
}

fn chains(state: &State, technique: Technique) -> Vec<Step> {
    let shared = super::memo::memo(state, super::memo::search::FORCING_CHAINS, || chain_outcomes(state));
    if technique == Technique::ForcingChainContradiction {
        return shared.contradictions.clone();
    }
    let mut out = Vec::new();
    if technique == Technique::ForcingChainVerity {
        let graph = Graph::shared(state, GROUPED, false);
        let mut bfs = Bfs::new(&graph);
        verities(state, &shared.outcomes, technique, &mut out, &mut |premise, conclusion| {
            let node = graph.cand_node(premise.0, premise.1)?;
            bfs.run(&graph, 2 * node + premise.2 as u32, MAX_LEN);
            let end = graph.cand_node(conclusion.0, conclusion.1)?;
            let path = bfs.path(2 * end + conclusion.2 as u32)?;
            Some(chain_of(&graph, &path))
        });
    }
    out
}

type Premise = (Cell, Digit, bool);

/// Cell, house and candidate verities: a literal implied by every branch.
fn verities(
    state: &State,
    outcomes: &rustc_hash::FxHashMap<Premise, Outcome>,
    technique: Technique,
    out: &mut Vec<Step>,
    explain: &mut dyn FnMut(Premise, Premise) -> Option<Chain>,
) {
    let mut groups: Vec<Vec<Premise>> = Vec::new();
    for cell in state.unsolved_cells() {
        groups.push(state.candidates(cell).iter().map(|d| (cell, d, true)).collect());
        for d in state.candidates(cell) {
            groups.push(vec![(cell, d, true), (cell, d, false)]);
        }
    }
    for h in 0..state.houses().len() {
        for d in state.all_digits() - state.placed_in(h) {
            let cells = state.house_digit_cells(h, d);
            if cells.len() >= 2 {
                groups.push(cells.iter().map(|c| (c, d, true)).collect());
            }
        }
    }
    for group in groups {
        // A branch that contradicts itself is impossible and proves nothing about the others'
        // common conclusions by itself; it is skipped (the contradiction techniques report it).
        let live: Vec<&Premise> =
            group.iter().filter(|p| outcomes.get(p).is_some_and(|o| !o.contradiction)).collect();
        if live.len() != group.len() {
            continue;
        }
        let Some(first) = live.first().and_then(|p| outcomes.get(p)) else { continue };
        let mut common = first.lits.clone();
        for p in &live[1..] {
            if let Some(o) = outcomes.get(p) {
                common.and(&o.lits);
            }
        }
        for i in common.iter() {
            let mut step = Step::new(technique, state.shape());
            if !result_of(state, i, &mut step) {
                continue;
            }
            let conclusion = lit_of(state, i);
            for &&p in &live {
                if let Some(chain) = explain(p, conclusion) {
                    step.pattern.chains.push(chain);
                }
            }
            out.push(step);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Nets: implications with singles.

/// Applies `premise` to a copy of `state` and then every naked and hidden single until none is
/// left; returns the literals that changed (placements on, eliminations off) or a contradiction.
fn propagate(state: &State, premise: Premise) -> Outcome {
    let bits = 2 * state.shape().cells() * state.side();
    let mut lits = Lits::new(bits);
    let mut s = state.clone();
    let (cell, digit, on) = premise;
    let mut queue: Vec<(Cell, Digit)> = Vec::new();
    if on {
        queue.push((cell, digit));
    } else {
        s.eliminate(cell, digit);
    }
    let mut guard = 0usize;
    loop {
        while let Some((c, d)) = queue.pop() {
            if s.value(c).is_some() {
                if s.value(c) != Some(d) {
                    return Outcome { lits, contradiction: true };
                }
                continue;
            }
            if !s.has(c, d) {
                return Outcome { lits, contradiction: true };
            }
            s.place(c, d);
        }
        guard += 1;
        if guard > state.shape().cells() + 1 {
            break;
        }
        if s.check().is_err() {
            return Outcome { lits, contradiction: true };
        }
        // Naked and hidden singles of the new state.
        for c in s.unsolved_cells() {
            if let Some(d) = s.candidates(c).only() {
                queue.push((c, d));
            }
        }
        for (h, house) in s.houses().iter().enumerate() {
            for d in s.all_digits() - s.placed_in(h) {
                let pos = s.positions(h, d);
                if pos.count_ones() == 1 {
                    queue.push((house.cells[pos.trailing_zeros() as usize], d));
                }
            }
        }
        if queue.is_empty() {
            break;
        }
        // Two singles placing one digit twice in a house show up when the second is placed.
        queue.sort_unstable();
        queue.dedup();
    }
    for c in state.unsolved_cells() {
        for d in state.candidates(c) {
            if s.value(c) == Some(d) {
                lits.insert(lit_index(state, c, d, true));
            } else if !s.has(c, d) {
                lits.insert(lit_index(state, c, d, false));
            }
        }
    }
    Outcome { lits, contradiction: false }
}

fn nets(state: &State, technique: Technique) -> Vec<Step> {
    let mut outcomes = rustc_hash::FxHashMap::default();
    let mut out = Vec::new();
    for (cell, digit) in premises(state) {
        for on in [true, false] {
            let o = propagate(state, (cell, digit, on));
            if o.contradiction && technique == Technique::ForcingNetContradiction {
                let mut step = Step::new(technique, state.shape());
                if on {
                    step.eliminations.push(Candidate::new(cell, digit));
                } else {
                    step.placements.push(Candidate::new(cell, digit));
                }
                step.pattern
                    .chains
                    .push(Chain { nodes: vec![Node::candidate(cell, digit)], links: Vec::new() });
                out.push(step);
            }
            outcomes.insert((cell, digit, on), o);
        }
    }
    if technique == Technique::ForcingNetVerity {
        verities(state, &outcomes, technique, &mut out, &mut |p, c| Some(branch(p, c)));
    }
    out
}
