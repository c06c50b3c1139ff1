//! Forcing chains and forcing nets: the last resort before brute force.
//!
//! A *premise* is a candidate assumed true or false. A **forcing chain** follows only direct
//! implications (the strong and weak links of [`chains::graph`](super::chains::graph), group nodes
//! included); a **forcing net** also applies the naked and hidden singles the premise leads to,
//! round after round up to a bound, then adds what each of its implications implies on its own,
//! through singles and through group nodes (as HoDoKu's nets do, see [`NET_ROUNDS`] and
//! [`group_links`]), so its implications may depend on several earlier ones.
//! Definitions as on HoDoKu's forcing chain page (hodoku.sourceforge.net/en/tech_chains.php) and
//! SudokuWiki's "Cell Forcing Chains", "Unit Forcing Chains" and "Digit Forcing Chains" pages:
//!
//! - **Contradiction**: a premise leads to a contradiction (a candidate both true and false, a cell
//!   without candidates, a digit with no place in a house, one digit twice in a house), so it is
//!   wrong: a candidate assumed true is eliminated, one assumed false is placed.
//! - **Verity**: every candidate of a cell, every place of a digit in a house, or both values of one
//!   candidate lead to the same conclusion, which therefore holds.
//!
//! The step shows one chain per branch. A net's branch is shown as its premise and conclusion only
//! (a net is a tree, not a chain). On a killer board a net also follows the cages' sums (see
//! [`propagate`]), as a killer player does: without them most of its last steps would be guesses.

use std::ops::ControlFlow;

use super::chains::chain_of;
use super::chains::graph::{Bfs, Graph};
use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Chain, LinkKind, Node, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit};

/// The deepest chain followed, in links.
const MAX_LEN: u16 = 40;

/// How many rounds of singles a net follows from its premise, as HoDoKu's nets do: its tabling
/// solver looks four passes of naked and hidden singles ahead by default, then expands each
/// premise's table with the tables of what it implies ([`expand`]). A net followed to the end
/// instead finds steps where HoDoKu finds none and falls back on brute force, which changes the rest
/// of the path and the score (10,000 a brute-force step). On the development ratings of
/// `../shared/datasets/ratings`, HoDoKu's score is matched within ±5% on 80.3% of the puzzles with
/// nets followed to the end, 83.7% with four rounds, and 87.1% with four rounds and the tables
/// expanded; only puzzles whose paths reach nets change. With the other techniques as they are
/// now: 92.6%, then 96.7% once the expansion took in group nodes ([`group_links`]) and verities
/// the branches that turn out false ([`propagate`]), as HoDoKu's tables do.
const NET_ROUNDS: usize = 4;

/// Reports the forcing chain or net steps of kind `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    use Technique as T;
    let steps = match technique {
        T::ForcingChainContradiction => return contradictions(state, sink),
        T::ForcingChainVerity => chains(state, technique),
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
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] & 1 << (i % 64) != 0
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
    contradictions: Vec<Contradiction>,
}

/// A premise that leads to a contradiction: the step without its chains, which are built only for
/// the steps reported (most states have hundreds of such premises, and the solver takes one).
struct Contradiction {
    step: Step,
    /// The premise's literal in the graph, and the ends of the chains that show the contradiction.
    start: u32,
    ends: Vec<u32>,
    /// The chains' length in nodes.
    nodes: usize,
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
    let mut tally = Tally::new(state, &graph);
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
            // A candidate reached both true and false: the verities leave such a branch out. One
            // that only empties a cell or a house still adds its conclusions there, which hold as
            // those of any impossible branch do.
            let clash = bfs.order.iter().any(|&l| l % 2 == 1 && bfs.dist[(l - 1) as usize] != u16::MAX);
            if let Some(ends) = contradiction(state, &graph, &bfs, &mut tally) {
                let mut step = Step::new(technique, state.shape());
                if on {
                    step.eliminations.push(Candidate::new(cell, digit));
                } else {
                    step.placements.push(Candidate::new(cell, digit));
                }
                let nodes = ends.iter().map(|&l| usize::from(bfs.dist[l as usize]) + 1).sum();
                out.push(Contradiction { step, start, ends, nodes });
            }
            outcomes.insert((cell, digit, on), Outcome { lits, contradiction: clash });
        }
    }
    ChainOutcomes { outcomes, contradictions: out }
}

/// The contradiction a premise's chains (in `bfs`, run from it) lead to, as the ends of the chains
/// that show it; `None` if they lead to none. HoDoKu checks its tables for these kinds, in this
/// order, and keeps the first of the shortest (by nodes, as it measures chains):
///
/// 1. the premise's own opposite;
/// 2. a candidate both true and false (by digit, the first cell only);
/// 3. two digits true in one cell (by pair of digits, the first cell only);
/// 4. one digit true twice in a house (rows first, then columns and boxes; by digit, then house);
/// 5. a cell left without candidates (by cell);
/// 6. a digit left without a place in a house (as in 4), where HoDoKu's test can see it
///    ([`hodoku_sees_emptied`]).
///
/// The last two are not a candidate reached both ways, so a search for that alone misses them.
/// The counts are taken from the literals the premise reaches, not from the whole grid: this runs
/// for every premise of every state where forcing chains are searched.
fn contradiction(state: &State, graph: &Graph<'_>, bfs: &Bfs, tally: &mut Tally) -> Option<Vec<u32>> {
    let side = state.side();
    let reached = |l: u32| bfs.dist[l as usize] != u16::MAX;
    let nodes = |ends: &[u32]| ends.iter().map(|&l| usize::from(bfs.dist[l as usize]) + 1).sum::<usize>();
    tally.clear();
    let mut ons = std::mem::take(&mut tally.ons);
    for &l in &bfs.order {
        let Some((cell, keys)) = tally.node_keys(l / 2) else { continue };
        let on = l % 2 == 1;
        tally.count_cell(cell.index(), on);
        for k in keys {
            tally.count_house(tally.keys[k] as usize, on);
        }
        if on {
            let node = &graph.nodes[(l / 2) as usize];
            ons.push((cell, node.digit, l));
        }
    }
    // (length, kind, order within the kind) of the best so far, and its ends.
    type Rank = (usize, u8, [usize; 3]);
    let mut best: Option<(Rank, Vec<u32>)> = None;
    let mut offer = |kind: u8, order: [usize; 3], ends: Vec<u32>| {
        let key = (nodes(&ends), kind, order);
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, ends));
        }
    };
    let start = *bfs.order.first()?;
    if reached(start ^ 1) {
        offer(1, [0; 3], vec![start ^ 1]);
    }
    // Kinds 2 and 3 take only the first cell of a digit or pair of digits.
    let mut first_both = std::mem::take(&mut tally.first_both);
    first_both.clear();
    first_both.resize(side, None);
    for &(cell, digit, l) in &ons {
        if reached(l ^ 1) && first_both[digit.index()].is_none_or(|(c, _)| cell < c) {
            first_both[digit.index()] = Some((cell, l));
        }
    }
    for (d, first) in first_both.iter().enumerate() {
        if let Some((_, l)) = *first {
            offer(2, [d, 0, 0], vec![l ^ 1, l]);
        }
    }
    let mut first_two: Vec<((usize, usize), Cell, [u32; 2])> = Vec::new();
    for (i, &(cell, d1, l1)) in ons.iter().enumerate() {
        if Tally::split(tally.cell[cell.index()]).0 < 2 {
            continue;
        }
        for &(other, d2, l2) in &ons[i + 1..] {
            if other != cell {
                continue;
            }
            let (pair, ends) = if d1 < d2 {
                ((d1.index(), d2.index()), [l1, l2])
            } else {
                ((d2.index(), d1.index()), [l2, l1])
            };
            match first_two.iter_mut().find(|(p, _, _)| *p == pair) {
                Some(entry) if cell < entry.1 => *entry = (pair, cell, ends),
                Some(_) => {}
                None => first_two.push((pair, cell, ends)),
            }
        }
    }
    for (pair, _, ends) in first_two {
        offer(3, [pair.0, pair.1, 0], ends.to_vec());
    }
    let family =
        |h: usize| tally.families.iter().position(|f| f.contains(&h)).unwrap_or(tally.families.len());
    for &k in &tally.houses {
        let (on, off) = Tally::split(tally.house[k]);
        let (twice, emptied) = (on > 1, off == tally.places[k]);
        if !twice && !emptied {
            continue;
        }
        let (h, d) = (k / side, k % side);
        let digit = Digit::from_index_checked(d, state.shape())?;
        let order = [family(h), d, h];
        if twice {
            let set = &state.houses()[h].set;
            let ends = ons
                .iter()
                .filter(|&&(c, dd, _)| dd == digit && set.contains(c))
                .map(|&(_, _, l)| l)
                .collect();
            offer(4, order, ends);
        }
        if emptied {
            let places = state.house_digit_cells(h, digit);
            let ends = places.iter().filter_map(|c| graph.cand_node(c, digit)).map(|n| 2 * n).collect();
            offer(6, order, ends);
        }
    }
    for &i in &tally.cells {
        let cell = Cell::from_index(i);
        let cands = state.candidates(cell);
        let (on, off) = Tally::split(tally.cell[i]);
        if on == 0 && usize::from(off) == cands.len() {
            let ends = cands.iter().filter_map(|d| graph.cand_node(cell, d)).map(|n| 2 * n).collect();
            offer(5, [i, 0, 0], ends);
        }
    }
    tally.ons = ons;
    tally.first_both = first_both;
    best.map(|(_, ends)| ends)
}

/// Counts of the literals one premise reaches, per cell and per house and digit, kept between
/// premises and cleared by what was touched.
struct Tally {
    /// Per graph node: its first cell, the range of its keys in `keys`, whether it is a group.
    nodes: Vec<(Cell, u32, u32, bool)>,
    /// The (house, digit) keys (house index times the side, plus the digit's) of candidate nodes.
    keys: Vec<u32>,
    /// Per cell, and per house and digit: the literals reached true, times `ON`, plus those
    /// reached false (one word, so that a zero says the key is untouched).
    cell: Vec<u32>,
    house: Vec<u32>,
    cells: Vec<usize>,
    houses: Vec<usize>,
    /// Per house and digit, the digit's places in the house; `u16::MAX` where HoDoKu's test for a
    /// house left without the digit cannot succeed (see [`hodoku_sees_emptied`]).
    places: Vec<u16>,
    /// The literals reached true, as (cell, digit, literal).
    ons: Vec<(Cell, Digit, u32)>,
    /// Per digit, the first cell reached both true and false.
    first_both: Vec<Option<(Cell, u32)>>,
    /// The house indices of the rows, the columns and the boxes (HoDoKu's order), if the board has
    /// them.
    families: Vec<std::ops::Range<usize>>,
}

impl Tally {
    fn new(state: &State, graph: &Graph<'_>) -> Tally {
        let (cells, keys) = (state.shape().cells(), state.houses().len() * state.side());
        // Per candidate node, its cell and the range of its (house, digit) keys in `keys`.
        let (mut nodes, mut flat) = (Vec::with_capacity(graph.nodes.len()), Vec::new());
        for node in &graph.nodes {
            let start = flat.len() as u32;
            if !node.is_group {
                let houses = state.cell_houses(node.first);
                flat.extend(
                    houses
                        .iter()
                        .map(|&(h, _)| u32::from(h) * state.side() as u32 + node.digit.index() as u32),
                );
            }
            nodes.push((node.first, start, flat.len() as u32, node.is_group));
        }
        Tally {
            nodes,
            keys: flat,
            cell: vec![0; cells],
            house: vec![0; keys],
            cells: Vec::new(),
            houses: Vec::new(),
            ons: Vec::new(),
            first_both: Vec::new(),
            places: (0..keys)
                .map(|k| {
                    let Some(d) = Digit::from_index_checked(k % state.side(), state.shape()) else {
                        return 0;
                    };
                    let house = k / state.side();
                    if hodoku_sees_emptied(state, house, d) {
                        state.house_digit_cells(house, d).len() as u16
                    } else {
                        u16::MAX
                    }
                })
                .collect(),
            families: state.lines_and_blocks().map(|f| f.to_vec()).unwrap_or_default(),
        }
    }
    const ON: u32 = 1 << 16;
    /// The counts of literals reached true and false in a count word.
    fn split(count: u32) -> (u32, u16) {
        (count / Tally::ON, (count % Tally::ON) as u16)
    }
    /// A candidate node's cell and the range of its keys; `None` for a group node.
    fn node_keys(&self, node: u32) -> Option<(Cell, std::ops::Range<usize>)> {
        let (cell, start, end, group) = self.nodes[node as usize];
        (!group).then_some((cell, start as usize..end as usize))
    }
    fn clear(&mut self) {
        for &i in &self.cells {
            self.cell[i] = 0;
        }
        for &k in &self.houses {
            self.house[k] = 0;
        }
        self.cells.clear();
        self.houses.clear();
        self.ons.clear();
    }
    fn count_cell(&mut self, i: usize, on: bool) {
        if self.cell[i] == 0 {
            self.cells.push(i);
        }
        self.cell[i] += if on { Tally::ON } else { 1 };
    }
    /// `k` is a house's index times the side, plus the digit's.
    fn count_house(&mut self, k: usize, on: bool) {
        if self.house[k] == 0 {
            self.houses.push(k);
        }
        self.house[k] += if on { Tally::ON } else { 1 };
    }
}

/// Whether HoDoKu's tables can show `house` left without a place for `d`. HoDoKu compares the
/// premise's "off"s with the cells where `d` is still allowed, that is unsolved and seeing no `d`
/// placed, not with its candidates: where an earlier step removed `d` from such a cell, the test
/// never succeeds: a premise that only empties such a house is no contradiction to HoDoKu, and
/// one that also breaks a rule otherwise is shown by those other chains, whose length decides
/// between the contradiction and a verity with the same result.
/// Followed on the boards whose paths follow HoDoKu's ([`State::hodoku_sized`]) with HoDoKu's
/// houses; elsewhere every emptied house counts.
fn hodoku_sees_emptied(state: &State, house: usize, d: Digit) -> bool {
    if !state.hodoku_sized() || state.lines_and_blocks().is_none() || state.houses().len() != 3 * state.side()
    {
        return true;
    }
    let allowed = state.houses()[house].cells.iter().filter(|&&c| {
        state.value(c).is_none()
            && state.cell_houses(c).iter().all(|&(h, _)| !state.placed_in(h.into()).contains(d))
    });
    allowed.count() == state.house_digit_cells(house, d).len()
}

/// Reports the forcing chain contradictions in HoDoKu's order, building the chains of those sent.
fn contradictions(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    let shared = super::memo::memo(state, super::memo::search::FORCING_CHAINS, || chain_outcomes(state));
    let graph = Graph::shared(state, GROUPED, false);
    let mut bfs = Bfs::new(&graph);
    let steps = shared.contradictions.iter().map(|c| (c.step.clone(), c.nodes)).collect();
    super::order::emit_sorted_lazily(
        steps,
        &mut |i| {
            let c = &shared.contradictions[i];
            bfs.run(&graph, c.start, MAX_LEN);
            c.ends.iter().filter_map(|&end| bfs.path(end)).map(|path| chain_of(&graph, &path)).collect()
        },
        sink,
    )
}

fn chains(state: &State, technique: Technique) -> Vec<Step> {
    let shared = super::memo::memo(state, super::memo::search::FORCING_CHAINS, || chain_outcomes(state));
    let mut out = Vec::new();
    if technique == Technique::ForcingChainVerity {
        let graph = Graph::shared(state, GROUPED, false);
        let mut bfs = Bfs::new(&graph);
        verities(state, &shared.outcomes, technique, false, &mut out, &mut |premise, conclusion| {
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

/// Cell, house and candidate verities: a literal implied by every branch. With `false_branches`,
/// a branch that leads to a contradiction takes part with what it implies (as HoDoKu's nets,
/// whose tables go on past one); else a group with such a branch gives nothing.
fn verities(
    state: &State,
    outcomes: &rustc_hash::FxHashMap<Premise, Outcome>,
    technique: Technique,
    false_branches: bool,
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
        // A branch that contradicts itself is impossible. Without `false_branches` the group is
        // skipped (the contradiction techniques report the branch); with it the branch's
        // literals join the intersection, which the true branch's then bound.
        let live: Vec<&Premise> = group
            .iter()
            .filter(|p| outcomes.get(p).is_some_and(|o| false_branches || !o.contradiction))
            .collect();
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

/// Applies `premise` to a copy of `state` and then every naked and hidden single, round after
/// round, until none is left or `max_rounds` rounds are done; returns the literals that changed
/// (placements on, eliminations off) and whether they break a rule. A premise that leaves its
/// cell one candidate places it at once, as HoDoKu's tables do. On a killer board each round first
/// removes what the cages' sums rule out (a cage that can no longer add up is a contradiction), so
/// that a net follows the cages as a killer player does.
///
/// With a bound on the rounds (HoDoKu's nets), a contradiction does not end the rounds: HoDoKu
/// fills a premise's table whatever it meets, and a verity takes in the tables of premises that
/// turn out false too. The singles that can no longer be placed are left out. Without a bound the
/// first contradiction ends it.
fn propagate(state: &State, premise: Premise, max_rounds: usize) -> Outcome {
    let bits = 2 * state.shape().cells() * state.side();
    let mut lits = Lits::new(bits);
    let mut s = state.clone();
    let (cell, digit, on) = premise;
    let mut queue: Vec<(Cell, Digit)> = Vec::new();
    if on {
        queue.push((cell, digit));
    } else {
        s.eliminate(cell, digit);
        if let Some(only) = s.candidates(cell).only() {
            queue.push((cell, only));
        }
    }
    let bounded = max_rounds != usize::MAX;
    let mut contradiction = false;
    // Notes a contradiction; whether to stop there.
    let mut contradicts = || {
        contradiction = true;
        !bounded
    };
    // The cages' options as the techniques before the nets left them, which have used their sums.
    let mut cages = (!state.board().cages().is_empty()).then(|| super::killer::cage_options(state));
    let mut rounds = 0;
    loop {
        while let Some((c, d)) = queue.pop() {
            match s.value(c) {
                Some(v) if v == d => {}
                None if s.has(c, d) => s.place(c, d),
                // The cell holds another digit, or has lost this one.
                _ if contradicts() => return Outcome { lits, contradiction: true },
                _ => {}
            }
        }
        if s.check().is_err() && contradicts() {
            return Outcome { lits, contradiction: true };
        }
        if rounds == max_rounds {
            break;
        }
        rounds += 1;
        // Killer cages: what their sums leave, before this round's singles are looked for.
        if let Some(seen) = cages.as_mut() {
            match super::killer::sum_eliminations(&s, seen) {
                Some(gone) => {
                    for (c, d) in gone {
                        s.eliminate(c, d);
                    }
                }
                None if contradicts() => return Outcome { lits, contradiction: true },
                None => {}
            }
            if s.check().is_err() && contradicts() {
                return Outcome { lits, contradiction: true };
            }
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
    Outcome { lits, contradiction }
}

/// What each premise of a forcing net implies on `state`.
fn net_outcomes(state: &State) -> rustc_hash::FxHashMap<Premise, Outcome> {
    // HoDoKu's nets where its path is followed; on larger boards the tables would grow with the
    // square of the candidates, so the singles are followed to the end instead.
    let hodoku = state.hodoku_sized();
    let rounds = if hodoku { NET_ROUNDS } else { usize::MAX };
    let mut outcomes = rustc_hash::FxHashMap::default();
    for (cell, digit) in premises(state) {
        for on in [true, false] {
            outcomes.insert((cell, digit, on), propagate(state, (cell, digit, on), rounds));
        }
    }
    if hodoku {
        expand(state, &mut outcomes);
    }
    outcomes
}

fn nets(state: &State, technique: Technique) -> Vec<Step> {
    let premises = premises(state);
    // The verity search runs on the grid where the contradiction search found nothing: both read
    // the same implications, computed once.
    let outcomes = super::memo::memo(state, super::memo::search::FORCING_NETS, || net_outcomes(state));
    let outcomes = &*outcomes;
    let mut out = Vec::new();
    if technique == Technique::ForcingNetContradiction {
        for &(cell, digit) in &premises {
            for on in [true, false] {
                if !outcomes.get(&(cell, digit, on)).is_some_and(|o| o.contradiction) {
                    continue;
                }
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
        }
    }
    if technique == Technique::ForcingNetVerity {
        let bounded = state.hodoku_sized();
        verities(state, outcomes, technique, bounded, &mut out, &mut |p, c| Some(branch(p, c)));
    }
    out
}

/// HoDoKu's table expansion: a premise also implies whatever each literal it implies implies on
/// its own (from the grid, through [`NET_ROUNDS`] rounds of singles, and through the group nodes
/// of [`group_links`]), and so on; it leads to a contradiction when one of those does, or when the
/// literals together break a rule. Each implication holds where the premise does, so every step
/// found stays sound.
fn expand(state: &State, outcomes: &mut rustc_hash::FxHashMap<Premise, Outcome>) {
    let bits = 2 * state.shape().cells() * state.side();
    let links = group_links(state);
    // What each literal implies on its own, and whether it contradicts itself.
    let mut direct: Vec<Option<(Lits, bool)>> = vec![None; bits];
    for (&(cell, digit, on), o) in outcomes.iter() {
        direct[lit_index(state, cell, digit, on)] = Some((o.lits.clone(), o.contradiction));
    }
    let groups = rule_groups(state);
    let mut stack = Vec::new();
    // Every table is expanded, a false premise's too: a verity takes them all in, as HoDoKu's do.
    for o in outcomes.values_mut() {
        // Each literal is stacked once, when it joins the premise's set, so the set marks what
        // is stacked (the premise's own table adds nothing to it).
        stack.clear();
        stack.extend(o.lits.iter());
        // The group nodes reached, by their literals less `bits`: they take part in the
        // expansion, never in a step or a contradiction (as HoDoKu checks candidates only).
        let mut grouped = Lits::new(links.len().saturating_sub(bits));
        let mut grew = false;
        while let Some(q) = stack.pop() {
            if let Some(Some((lits, contradiction))) = direct.get(q) {
                o.contradiction |= *contradiction;
                for r in lits.iter() {
                    if !o.lits.has(r) {
                        o.lits.insert(r);
                        stack.push(r);
                        grew = true;
                    }
                }
            }
            for &r in links.get(q).map_or(&[][..], Vec::as_slice) {
                let (set, i) = if r < bits { (&mut o.lits, r) } else { (&mut grouped, r - bits) };
                if !set.has(i) {
                    set.insert(i);
                    stack.push(r);
                    grew |= r < bits;
                }
            }
        }
        // The premise's own literals were checked on its grid: only added ones can break a rule.
        if grew && !o.contradiction && breaks_a_rule(&groups, &o.lits) {
            o.contradiction = true;
        }
    }
}

/// The links of HoDoKu's group nodes, as its tables for forcing nets have them: per literal (the
/// candidates' first, as [`lit_index`] numbers them; then node `g`'s `bits + 2 * g + on`), the
/// literals it implies through them. A group node is a digit's two or three candidates where a
/// line crosses a block (HoDoKu's rows, then columns, each block in turn), true when one of them
/// is. True, it turns off the digit in every other cell of the houses that hold it all, and the
/// group nodes there that do not overlap it; such a cell true turns it off. False, it turns on the
/// digit's one other place in such a house (or the one other group node that holds the rest of
/// the house); that place false turns it on. The links are the grid's, as HoDoKu draws them
/// before the tables are expanded. Empty on boards without lines and blocks.
fn group_links(state: &State) -> Vec<Vec<usize>> {
    let nodes = group_nodes(state);
    if nodes.is_empty() {
        return Vec::new();
    }
    let houses = state.houses();
    let bits = 2 * state.shape().cells() * state.side();
    let mut links = vec![Vec::new(); bits + 2 * nodes.len()];
    let lit = |cell: Cell, digit: Digit, on: bool| lit_index(state, cell, digit, on);
    for (g, &(digit, cells)) in nodes.iter().enumerate() {
        let (off, on) = (bits + 2 * g, bits + 2 * g + 1);
        for home in (0..houses.len()).filter(|&h| cells.is_subset(&houses[h].set)) {
            let rest = state.house_digit_cells(home, digit) - cells;
            for c in rest.iter() {
                links[on].push(lit(c, digit, false));
                links[lit(c, digit, true)].push(off);
            }
            if let (1, Some(only)) = (rest.len(), rest.first()) {
                links[off].push(lit(only, digit, true));
                links[lit(only, digit, false)].push(on);
            }
            for (h, &(other_digit, other)) in nodes.iter().enumerate() {
                if h == g || other_digit != digit || !(other & cells).is_empty() || !other.is_subset(&rest) {
                    continue;
                }
                links[on].push(bits + 2 * h);
                if other == rest {
                    links[off].push(bits + 2 * h + 1);
                }
            }
        }
    }
    for list in &mut links {
        list.sort_unstable();
        list.dedup();
    }
    links
}

/// HoDoKu's group nodes of `state`, in its order (rows, then columns; each digit; each block): a
/// digit and its two or three places where the line crosses the block. None on boards without
/// lines and blocks.
fn group_nodes(state: &State) -> Vec<(Digit, CellSet)> {
    let Some([rows, columns, blocks]) = state.lines_and_blocks() else { return Vec::new() };
    let mut nodes = Vec::new();
    for line in rows.chain(columns) {
        for digit in state.all_digits() {
            let places = state.house_digit_cells(line, digit);
            for block in blocks.clone() {
                let cells = places & state.houses()[block].set;
                if cells.len() >= 2 {
                    nodes.push((digit, cells));
                }
            }
        }
    }
    nodes
}

/// The candidates that must hold exactly one digit placed, as their "off" literals: those of
/// each unsolved cell, and each digit's places in each house where it is not placed yet.
fn rule_groups(state: &State) -> Vec<Vec<usize>> {
    let off = |c: Cell, d: Digit| lit_index(state, c, d, false);
    let mut groups: Vec<Vec<usize>> =
        state.unsolved_cells().map(|c| state.candidates(c).iter().map(|d| off(c, d)).collect()).collect();
    for h in 0..state.houses().len() {
        for d in state.all_digits() - state.placed_in(h) {
            groups.push(state.house_digit_cells(h, d).iter().map(|c| off(c, d)).collect());
        }
    }
    groups
}

/// Whether literals that hold together break a rule: a candidate both on and off, two candidates
/// of a group on, or every candidate of a group off (see [`rule_groups`]).
fn breaks_a_rule(groups: &[Vec<usize>], lits: &Lits) -> bool {
    // A candidate's "off" literal is an even bit and its "on" literal the bit after it.
    const OFFS: u64 = 0x5555_5555_5555_5555;
    if lits.0.iter().any(|&w| w & (w >> 1) & OFFS != 0) {
        return true;
    }
    groups
        .iter()
        .any(|g| g.iter().filter(|&&off| lits.has(off + 1)).count() > 1 || g.iter().all(|&off| lits.has(off)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::human::brute::{solutions, Solutions};

    #[test]
    fn nets_on_killer_boards_follow_the_cages_sums() {
        // A 4×4 board whose first two cells are a cage of 3: 1+2.
        let shape = crate::grid::Shape::new(2, 2).expect("4×4");
        let (r1c1, r1c2) = (Cell::from_index(0), Cell::from_index(1));
        let cage = crate::rules::Cage { sum: 3, cells: vec![r1c1, r1c2] };
        let killer = crate::rules::Board::classic(shape).with_cages([cage]).expect("a cage");
        let grid = Grid::empty(shape);
        let s = State::new(std::sync::Arc::new(killer), &grid).expect("a state");
        let digit = |d: usize| Digit::from_index(d - 1);
        // 3 in r1c1 leaves the cage no way to add up.
        assert!(propagate(&s, (r1c1, digit(3), true), NET_ROUNDS).contradiction);
        // 1 in r1c1 leaves r1c2 only 2, which the net places.
        let one = propagate(&s, (r1c1, digit(1), true), NET_ROUNDS);
        assert!(!one.contradiction && one.lits.has(lit_index(&s, r1c2, digit(2), true)));
        // Without the cage, neither follows.
        let plain = State::new(crate::rules::Board::classic_shared(shape), &grid).expect("a state");
        assert!(!propagate(&plain, (r1c1, digit(3), true), NET_ROUNDS).contradiction);
        let one = propagate(&plain, (r1c1, digit(1), true), NET_ROUNDS);
        assert!(!one.lits.has(lit_index(&plain, r1c2, digit(2), true)));
    }

    /// The opening grid of the README's XY-Wing puzzle.
    fn opening() -> State {
        let grid: Grid = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."
            .parse()
            .expect("grid");
        State::classic(&grid).expect("valid")
    }

    /// Every premise the expanded tables call contradictory is false in the solution, and every
    /// literal a non-contradictory premise implies holds wherever the premise does: on the opening
    /// grid of a puzzle, where the tables are largest and most premises are undecided.
    #[test]
    fn expanded_tables_are_sound() {
        let state = opening();
        let Ok(Solutions::One(solution)) = solutions(&state) else { panic!("one solution") };
        let holds = |c: Cell, d: Digit, on: bool| (solution.get(c) == Some(d)) == on;
        let mut outcomes = rustc_hash::FxHashMap::default();
        for (cell, digit) in premises(&state) {
            for on in [true, false] {
                outcomes.insert((cell, digit, on), propagate(&state, (cell, digit, on), NET_ROUNDS));
            }
        }
        let before: usize = outcomes.values().map(|o| o.lits.iter().count()).sum();
        expand(&state, &mut outcomes);
        let after: usize = outcomes.values().map(|o| o.lits.iter().count()).sum();
        assert!(after > before, "the expansion adds implications ({before} → {after})");
        let mut contradictions = 0;
        for (&(cell, digit, on), o) in &outcomes {
            if o.contradiction {
                contradictions += 1;
                assert!(!holds(cell, digit, on), "cell {} digit {} {on} is true", cell.index(), digit.get());
            } else if holds(cell, digit, on) {
                for i in o.lits.iter() {
                    let (c, d, lit_on) = lit_of(&state, i);
                    assert!(holds(c, d, lit_on), "a true premise implies a false literal");
                }
            }
        }
        assert!(contradictions > 0);
    }

    /// Every link of the group nodes holds in the solution: a literal true there implies only true
    /// ones (a group node is true where one of its cells holds its digit). And the links are
    /// there: a node true turns off its digit in the rest of its line and block.
    #[test]
    fn group_links_are_sound() {
        let state = opening();
        let Ok(Solutions::One(solution)) = solutions(&state) else { panic!("one solution") };
        let links = group_links(&state);
        let bits = 2 * state.shape().cells() * state.side();
        assert!(links.len() > bits, "the opening grid has group nodes");
        // The nodes in the links' order, to tell each node's truth.
        let nodes = group_nodes(&state);
        assert_eq!(links.len(), bits + 2 * nodes.len());
        let truth = |i: usize| -> bool {
            if i < bits {
                let (c, d, on) = lit_of(&state, i);
                (solution.get(c) == Some(d)) == on
            } else {
                let (digit, cells) = nodes[(i - bits) / 2];
                cells.iter().any(|c| solution.get(c) == Some(digit)) == ((i - bits) % 2 == 1)
            }
        };
        let mut checked = 0;
        for (i, implied) in links.iter().enumerate().filter(|&(i, _)| truth(i)) {
            for &j in implied {
                assert!(truth(j), "literal {i} holds, {j} it implies does not");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} links checked");
        let (digit, cells) = nodes[0];
        let on = &links[bits + 1];
        let mut seen = 0;
        let rest = state.cell_houses(cells.first().expect("a cell")).iter().map(|&(h, _)| usize::from(h));
        for house in rest.filter(|&h| cells.is_subset(&state.houses()[h].set)) {
            for c in (state.house_digit_cells(house, digit) - cells).iter() {
                assert!(on.contains(&lit_index(&state, c, digit, false)), "{} off", c.name(state.shape()));
                seen += 1;
            }
        }
        assert!(seen > 0, "the first node has other places in its houses");
    }

    #[test]
    fn literals_that_break_a_rule_are_told() {
        let state = opening();
        let groups = rule_groups(&state);
        let bits = 2 * state.shape().cells() * state.side();
        let r1c1 = Cell::new_checked(0, state.shape()).expect("a cell");
        let digits: Vec<Digit> = state.candidates(r1c1).iter().collect();
        let lit = |d: Digit, on: bool| lit_index(&state, r1c1, d, on);
        let with = |ls: &[usize]| {
            let mut l = Lits::new(bits);
            for &i in ls {
                l.insert(i);
            }
            breaks_a_rule(&groups, &l)
        };
        assert!(!with(&[lit(digits[0], true), lit(digits[1], false)]));
        assert!(with(&[lit(digits[0], true), lit(digits[0], false)]), "on and off");
        assert!(with(&[lit(digits[0], true), lit(digits[1], true)]), "two digits in a cell");
        let all_off: Vec<usize> = digits.iter().map(|&d| lit(d, false)).collect();
        assert!(with(&all_off), "a cell left without candidates");
    }
}
