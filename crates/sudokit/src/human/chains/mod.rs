//! Chains: Remote Pair, X-Chain, XY-Chain, and Nice Loops / AIC (discontinuous and continuous,
//! with and without group nodes).
//!
//! All of them are alternating chains of strong and weak links (see [`graph`]); they differ in the
//! links they may use and in how the chain ends. Definitions as on HoDoKu's chain pages
//! (hodoku.sourceforge.net/en/tech_chains.php) and SudokuWiki's "X-Chains", "XY-Chains", "Remote
//! Pairs", "Alternating Inference Chains" and "Grouped X-Cycles" pages:
//!
//! - **X-Chain**: one digit, strong links in houses. Starts and ends with a strong link, so one end
//!   is true: a cell seeing both ends loses the digit.
//! - **XY-Chain**: bivalue cells, strong links inside the cells, weak links between them; both ends
//!   have the same digit, which cells seeing both ends lose.
//! - **Remote Pair**: an XY-Chain of at least four cells all holding the same two digits; two cells
//!   an odd number of links apart hold different digits, so a cell seeing both loses both digits.
//! - **AIC**: any links; one end is true. Same digit at both ends: cells seeing both lose it
//!   (reported when that removes two or more candidates, one is a Discontinuous Nice Loop); two
//!   digits in cells that see each other: each end cell loses the other end's digit.
//! - **Discontinuous Nice Loop**: a chain from a candidate back to its own cell that proves the
//!   candidate true or false.
//! - **Continuous Nice Loop**: a closed loop; every weak link in it holds exactly one true end, so
//!   cells seeing both ends of a weak link lose that digit, and a cell entered and left by strong
//!   links loses its other digits.
//!
//! The grouped forms are the same with group nodes (cells of one digit in a line-box
//! intersection) and are reported only when their chain uses a group.
//!
//! Search: a breadth-first search from every literal, so each pair of ends is joined by a shortest
//! chain. The links are followed in the order HoDoKu's tables list them (see [`graph`]), so that
//! of several chains as short the search keeps the one HoDoKu's tabling search keeps; a loop or an
//! AIC whose kept chain is a lasso is passed over, as HoDoKu passes it over, even where another
//! chain would do. Each elimination set is kept once, with its shortest chain, and steps come out
//! in HoDoKu's order: most eliminations first, then the smallest index sum of the eliminations,
//! then the shortest chain. Remote Pairs are searched as HoDoKu searches them, every chain of the
//! pair's cells depth first (see [`remote_pairs`]): a longer chain may eliminate more.

pub(crate) mod graph;

use rustc_hash::FxHashSet as HashSet;
use std::ops::ControlFlow;

use self::graph::{Bfs, Graph, LinkRules};
use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Chain, LinkKind, Node, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit, DigitSet};

/// The longest chain searched, in links: longer chains are hard to follow and never needed in
/// practice (HoDoKu's tables stop at a similar depth).
const MAX_LEN: u16 = 40;

/// Reports the chain steps of kind `technique`.
pub(crate) fn find(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    use Technique as T;
    let steps = match technique {
        T::XChain => x_chains(state),
        T::XyChain | T::RemotePair => xy_chains(state, technique),
        T::ContinuousNiceLoop
        | T::DiscontinuousNiceLoop
        | T::Aic
        | T::GroupedContinuousNiceLoop
        | T::GroupedDiscontinuousNiceLoop
        | T::GroupedAic => return nice_loops(state, technique, options, sink),
        _ => return ControlFlow::Continue(()),
    };
    super::order::emit_sorted(steps, sink)
}

/// The chain a literal path describes: its nodes, and a strong link wherever the path goes from
/// "off" to "on".
pub(crate) fn chain_of(graph: &Graph<'_>, path: &[u32]) -> Chain {
    let mut chain = Chain::default();
    for (i, &lit) in path.iter().enumerate() {
        let node = &graph.nodes[(lit / 2) as usize];
        chain.nodes.push(Node { cells: node.cells.iter().collect(), digits: DigitSet::single(node.digit) });
        if i > 0 {
            chain.links.push(if lit % 2 == 1 { LinkKind::Strong } else { LinkKind::Weak });
        }
    }
    chain
}

fn chain_step(state: &State, technique: Technique, chain: Chain, elims: Vec<Candidate>) -> Step {
    let mut step = Step::new(technique, state.shape());
    for node in &chain.nodes {
        step.pattern.digits |= node.digits;
    }
    step.pattern.chains.push(chain);
    step.eliminations = elims;
    step
}

/// The candidates of `digit` in the cells that see every cell of `a` and of `b`.
fn seen_by_both(state: &State, digit: Digit, a: CellSet, b: CellSet) -> Vec<Candidate> {
    let common = state.common_peers(a.iter().chain(b.iter())) & state.digit_cells(digit);
    common.iter().map(|c| Candidate::new(c, digit)).collect()
}

fn x_chains(state: &State) -> Vec<Step> {
    // The chains of one digit are a function of its candidates alone: a digit that gave nothing is
    // skipped until its candidates change (see `memo::per_digit`).
    use super::memo::per_digit;
    let mut out = Vec::new();
    for digit in state.all_digits() {
        if per_digit::known_empty(state, Technique::XChain, 0, digit) {
            continue;
        }
        let before = out.len();
        let rules = LinkRules {
            digit: Some(digit),
            bivalue_cells_only: false,
            house_strong: true,
            cell_links: false,
            groups: false,
            als: false,
        };
        let graph = Graph::new(state, rules);
        let mut bfs = Bfs::new(&graph);
        for n in 0..graph.nodes.len() as u32 {
            bfs.run(&graph, 2 * n, MAX_LEN);
            let start = &graph.nodes[n as usize];
            for &lit in &bfs.order {
                let end = &graph.nodes[(lit / 2) as usize];
                // Only chains whose start has the lower index: each chain once, in one direction.
                if lit % 2 == 0 || bfs.dist[lit as usize] < 3 || end.first <= start.first {
                    continue;
                }
                let elims = seen_by_both(state, digit, start.cells, end.cells);
                if elims.is_empty() {
                    continue;
                }
                if let Some(path) = bfs.path(lit) {
                    out.push(chain_step(state, Technique::XChain, chain_of(&graph, &path), elims));
                }
            }
        }
        if out.len() == before {
            per_digit::remember_empty(state, Technique::XChain, 0, digit);
        }
    }
    out
}

fn xy_chains(state: &State, technique: Technique) -> Vec<Step> {
    if technique == Technique::RemotePair {
        let mut pairs: Vec<DigitSet> =
            state.unsolved_cells().map(|c| state.candidates(c)).filter(|d| d.len() == 2).collect();
        pairs.sort_unstable_by_key(|p| p.bits());
        pairs.dedup();
        return pairs.into_iter().flat_map(|p| remote_pairs(state, p)).collect();
    }
    xy_chains_in(state, technique)
}

/// The most cells of a Remote Pair: HoDoKu's chains stop at 20 links, two per cell.
const REMOTE_PAIR_CELLS: usize = 10;

/// The most chains the Remote Pair search of one pair of digits extends. A classic board never
/// comes near it (two cells of a pair per house at most, so three links a cell); variant boards,
/// whose cells have more houses, might, and the search stops there rather than take seconds.
const REMOTE_PAIR_WORK: usize = 200_000;

/// The Remote Pairs of the cells holding exactly `pair`, as HoDoKu's chain search finds them: every
/// simple chain of such cells (depth first, cells in reading order), taken at every even number of
/// cells from four on whose ends have a common peer holding a digit of the pair. A chain eliminates
/// from the common peers of every two of its cells an odd number of links apart, three or more (of
/// four cells, its ends; so one step may eliminate where two shortest chains would).
fn remote_pairs(state: &State, pair: DigitSet) -> Vec<Step> {
    let cells: Vec<Cell> = state.unsolved_cells().filter(|&c| state.candidates(c) == pair).collect();
    let mut out = Vec::new();
    let (Some(a), Some(b)) = (pair.iter().next(), pair.iter().nth(1)) else { return out };
    if cells.len() < 4 {
        return out;
    }
    let links: Vec<Vec<usize>> = (0..cells.len())
        .map(|i| (0..cells.len()).filter(|&j| j != i && state.sees(cells[i], cells[j])).collect())
        .collect();
    let losing = |x: Cell, y: Cell, out: &mut Vec<Candidate>| {
        for d in pair {
            out.extend(seen_by_both(state, d, CellSet::single(x), CellSet::single(y)));
        }
    };
    let mut path = Vec::with_capacity(REMOTE_PAIR_CELLS);
    // Depth first: each frame is a cell of the path and the next of its links to try.
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut work = 0;
    for start in 0..cells.len() {
        path.clear();
        path.push(start);
        stack.clear();
        stack.push((start, 0));
        while let Some(&mut (here, ref mut next)) = stack.last_mut() {
            let Some(&to) = links[here].get(*next) else {
                stack.pop();
                path.pop();
                continue;
            };
            *next += 1;
            if path.contains(&to) {
                continue;
            }
            work += 1;
            if work > REMOTE_PAIR_WORK {
                return out;
            }
            path.push(to);
            stack.push((to, 0));
            let n = path.len();
            if n >= 4 && n % 2 == 0 {
                let (first, last) = (cells[path[0]], cells[to]);
                let ends = (*state.peers(first) & *state.peers(last))
                    .iter()
                    .any(|c| !(state.candidates(c) & pair).is_empty());
                if ends {
                    // Of four cells, only the ends are three links apart.
                    let mut elims = Vec::new();
                    for i in 0..n {
                        for j in (i + 3..n).step_by(2) {
                            losing(cells[path[i]], cells[path[j]], &mut elims);
                        }
                    }
                    elims.sort_unstable();
                    elims.dedup();
                    if !elims.is_empty() {
                        out.push(chain_step(
                            state,
                            Technique::RemotePair,
                            pair_chain(&cells, &path, a, b),
                            elims,
                        ));
                    }
                }
            }
            if n == REMOTE_PAIR_CELLS {
                stack.pop();
                path.pop();
            }
        }
    }
    out
}

/// The chain of a Remote Pair through `path` (indices into `cells`): digit `a` of the first cell,
/// then each cell's other digit, weakly linked to the same digit of the next cell.
fn pair_chain(cells: &[Cell], path: &[usize], a: Digit, b: Digit) -> Chain {
    let mut chain = Chain { nodes: Vec::new(), links: Vec::new() };
    let mut digit = a;
    for (k, &i) in path.iter().enumerate() {
        if k > 0 {
            chain.links.push(LinkKind::Weak);
        }
        let other = if digit == a { b } else { a };
        chain.nodes.push(Node::candidate(cells[i], digit));
        chain.links.push(LinkKind::Strong);
        chain.nodes.push(Node::candidate(cells[i], other));
        digit = other;
    }
    chain
}

fn xy_chains_in(state: &State, technique: Technique) -> Vec<Step> {
    let rules = LinkRules {
        digit: None,
        bivalue_cells_only: true,
        house_strong: false,
        cell_links: true,
        groups: false,
        als: false,
    };
    let graph = Graph::new(state, rules);
    let mut bfs = Bfs::new(&graph);
    let mut out = Vec::new();
    for n in 0..graph.nodes.len() as u32 {
        bfs.run(&graph, 2 * n, MAX_LEN);
        let start = &graph.nodes[n as usize];
        for &lit in &bfs.order {
            let end = &graph.nodes[(lit / 2) as usize];
            // A chain over at least three cells (two cells seeing each other are a naked pair).
            if lit % 2 == 0
                || end.digit != start.digit
                || end.first <= start.first
                || bfs.dist[lit as usize] < 5
            {
                continue;
            }
            let Some(path) = bfs.path(lit) else { continue };
            let elims = seen_by_both(state, start.digit, start.cells, end.cells);
            if !elims.is_empty() {
                out.push(chain_step(state, technique, chain_of(&graph, &path), elims));
            }
        }
    }
    out
}

fn nice_loops(state: &State, technique: Technique, options: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    use Technique as T;
    let grouped =
        matches!(technique, T::GroupedContinuousNiceLoop | T::GroupedDiscontinuousNiceLoop | T::GroupedAic);
    let als = grouped && options.allow_als_in_chains;
    // The three kinds come from one search, shared by the solver's three calls on one state.
    use super::memo::search;
    let (key, alt_key) = match (grouped, als) {
        (false, _) => (search::LOOPS, search::LOOPS_ALTERNATIVES),
        (true, false) => (search::GROUPED_LOOPS, search::GROUPED_LOOPS_ALTERNATIVES),
        (true, true) => (search::ALS_LOOPS, search::ALS_LOOPS_ALTERNATIVES),
    };
    let all = super::memo::memo(state, key, || nice_loops_all(state, grouped, als));
    let mut main: Vec<Step> = all.steps.iter().filter(|s| s.technique == technique).cloned().collect();
    let continuous = matches!(technique, T::ContinuousNiceLoop | T::GroupedContinuousNiceLoop);
    if options.shortest_loops_only || !continuous || all.continuous.is_empty() {
        return super::order::emit_sorted(main, sink);
    }
    for step in &mut main {
        step.normalize();
    }
    let found: HashSet<Vec<Candidate>> = main.iter().map(|s| s.eliminations.clone()).collect();
    super::order::emit_sorted(main, sink)?;
    // Only when the loops kept are used up: the other continuous loops of the same lengths, as
    // HoDoKu's tables may close a loop through another chain than the one kept here (its
    // expansion of a table can rewrite a chain it holds).
    let alternatives =
        super::memo::memo(state, alt_key, || alternative_loops(state, grouped, als, &all.continuous));
    let extra: Vec<Step> = alternatives
        .iter()
        .filter(|s| s.technique == technique && !found.contains(&s.eliminations))
        .cloned()
        .collect();
    super::order::emit_sorted(extra, sink)
}

/// What one nice-loop search finds.
struct Loops {
    /// The steps, each with the shortest chain found for its pair of ends.
    steps: Vec<Step>,
    /// The premises (literals) from which a continuous loop closed, proving something or not.
    continuous: Vec<u32>,
}

/// The links the nice-loop searches use.
fn loop_rules(grouped: bool, als: bool) -> LinkRules {
    LinkRules {
        digit: None,
        bivalue_cells_only: false,
        house_strong: true,
        cell_links: true,
        groups: grouped,
        als,
    }
}

/// How long a loop's chain may be searched for alternatives: at most this many chains per pair of
/// ends (the number of equally short chains can grow fast).
const ALTERNATIVES: usize = 64;

/// The continuous loops closing from each of `premises` through every chain (up to
/// [`ALTERNATIVES`]) as short as the one the search keeps.
fn alternative_loops(state: &State, grouped: bool, als: bool, premises: &[u32]) -> Vec<Step> {
    let cnl = if grouped { Technique::GroupedContinuousNiceLoop } else { Technique::ContinuousNiceLoop };
    let graph = Graph::shared(state, grouped, als);
    let reverse = graph.reverse_links();
    let mut bfs = Bfs::new(&graph);
    let mut out = Vec::new();
    for &premise in premises {
        let s = &graph.nodes[(premise / 2) as usize];
        let (cell, on) = (s.first, premise % 2 == 1);
        bfs.run_avoiding(&graph, premise, MAX_LEN, Some(cell));
        for lit in bfs.ends.clone() {
            let m = &graph.nodes[(lit / 2) as usize];
            let reached_on = lit % 2 == 1;
            if m.is_group || m.first != cell || bfs.dist[lit as usize] < 3 {
                continue;
            }
            if !closes_continuous(state, cell, on, m.digit == s.digit, reached_on) {
                continue;
            }
            for path in bfs.shortest_paths(&graph, &reverse, lit, Some(cell), ALTERNATIVES) {
                if grouped != chain_has_group(&graph, &path) || is_lasso(&graph, &path, false) {
                    continue;
                }
                if let Some(step) = continuous_step(state, &graph, &path, cnl) {
                    out.push(step);
                }
            }
        }
    }
    out
}

/// Whether a chain from premise `on` (true or false) of a candidate of `cell` back to the same
/// cell, ending on the same digit or not, closes a continuous loop.
fn closes_continuous(state: &State, cell: Cell, on: bool, same: bool, reached_on: bool) -> bool {
    match (on, same, reached_on) {
        (true, false, false) => state.candidates(cell).len() == 2,
        (false, false, true) => true,
        _ => false,
    }
}

/// The continuous loop a simple chain `path` closes (see [`closes_continuous`]), if it proves
/// something.
fn continuous_step(state: &State, graph: &Graph<'_>, path: &[u32], cnl: Technique) -> Option<Step> {
    let (&first, &last) = (path.first()?, path.last()?);
    let s = &graph.nodes[(first / 2) as usize];
    let mut chain = chain_of(graph, path);
    let closing = if last % 2 == 1 { LinkKind::Weak } else { LinkKind::Strong };
    chain.links.push(closing);
    chain.nodes.push(Node::candidate(s.first, s.digit));
    let mut elims = continuous_eliminations(state, &chain);
    elims.extend(locked_als_eliminations(state, graph, path));
    (!elims.is_empty()).then(|| chain_step(state, cnl, chain, elims))
}

/// Every continuous and discontinuous nice loop and every AIC, grouped (using group nodes, and
/// almost locked sets with `als`) or not.
///
/// As HoDoKu's tabling search: from every premise, one chain to each literal (the first a
/// breadth-first search over the links in HoDoKu's order reaches, see [`graph`]), taken if it is
/// no lasso and thrown away if it is, even where another chain as short is not. Loops from every
/// premise "on", then every "off", then AICs from every "off", as HoDoKu looks at its tables.
fn nice_loops_all(state: &State, grouped: bool, als: bool) -> Loops {
    use Technique as T;
    let (cnl, dnl, aic) = if grouped {
        (T::GroupedContinuousNiceLoop, T::GroupedDiscontinuousNiceLoop, T::GroupedAic)
    } else {
        (T::ContinuousNiceLoop, T::DiscontinuousNiceLoop, T::Aic)
    };
    let graph = Graph::shared(state, grouped, als);
    let mut bfs = Bfs::new(&graph);
    let mut out = Vec::new();
    let mut continuous = Vec::new();
    let starts: Vec<u32> =
        (0..graph.nodes.len() as u32).filter(|&n| !graph.nodes[n as usize].is_group).collect();
    // The AICs, kept apart to come after the loops; their search from a premise "off" is the
    // loops' search from it, carried on.
    let mut aics = Vec::new();
    for on in [true, false] {
        for &start in &starts {
            let s = &graph.nodes[start as usize];
            let cell = s.first;
            let premise = 2 * start + on as u32;
            if on {
                bfs.run_to_cell(&graph, premise, MAX_LEN, cell);
            } else {
                bfs.run_noting_cell(&graph, premise, MAX_LEN, cell);
            }
            let kinds: &[(bool, &[u32])] =
                if on { &[(false, &bfs.ends)] } else { &[(false, &bfs.ends), (true, &bfs.order[1..])] };
            for (want_aic, lit) in kinds.iter().flat_map(|&(a, list)| list.iter().map(move |&l| (a, l))) {
                let m = &graph.nodes[(lit / 2) as usize];
                let reached_on = lit % 2 == 1;
                if m.is_group || bfs.dist[lit as usize] < 3 {
                    continue;
                }
                if want_aic {
                    if !reached_on || m.first == cell {
                        continue;
                    }
                    let elims = if m.digit == s.digit {
                        let e = seen_by_both(state, s.digit, s.cells, m.cells);
                        if e.len() < 2 {
                            continue;
                        }
                        e
                    } else {
                        if !state.sees(cell, m.first)
                            || !state.has(cell, m.digit)
                            || !state.has(m.first, s.digit)
                        {
                            continue;
                        }
                        vec![Candidate::new(cell, m.digit), Candidate::new(m.first, s.digit)]
                    };
                    let path = bfs.implications(lit);
                    if is_lasso(&graph, &path, true) || grouped != chain_has_group(&graph, &path) {
                        continue;
                    }
                    aics.push(chain_step(state, aic, chain_of(&graph, &path), elims));
                    continue;
                }
                // HoDoKu's loop leaves its start cell with its first link and comes home from
                // another cell.
                let path = bfs.implications(lit);
                let in_cell = |l: u32| graph.lone_cell[(l / 2) as usize] == cell.index() as u16;
                if in_cell(path[1]) || in_cell(path[path.len() - 2]) || is_lasso(&graph, &path, false) {
                    continue;
                }
                // A discontinuous loop only needs its implications; a continuous one must be a
                // simple loop for every weak link in it to hold exactly one true end.
                let simple = graph::is_proper(&path);
                let same = m.digit == s.digit;
                let (kind, elims) = match (on, same, reached_on) {
                    (true, true, false) => (Loop::Discontinuous, vec![Candidate::new(cell, s.digit)]),
                    (false, true, true) => (
                        Loop::Discontinuous,
                        (state.candidates(cell) - DigitSet::single(s.digit))
                            .iter()
                            .map(|d| Candidate::new(cell, d))
                            .collect(),
                    ),
                    (true, false, true) => (Loop::Discontinuous, vec![Candidate::new(cell, s.digit)]),
                    (false, false, false) => (Loop::Discontinuous, vec![Candidate::new(cell, m.digit)]),
                    _ if closes_continuous(state, cell, on, same, reached_on) => {
                        if continuous.last() != Some(&premise) {
                            continuous.push(premise);
                        }
                        (Loop::Continuous, Vec::new())
                    }
                    _ => continue,
                };
                if grouped != chain_has_group(&graph, &path) {
                    continue;
                }
                match kind {
                    Loop::Discontinuous => {
                        let mut chain = chain_of(&graph, &path);
                        if !same {
                            // Close the loop through the start cell.
                            let closing = if reached_on { LinkKind::Weak } else { LinkKind::Strong };
                            chain.links.push(closing);
                            chain.nodes.push(Node::candidate(cell, s.digit));
                        }
                        if !elims.is_empty() {
                            out.push(chain_step(state, dnl, chain, elims));
                        }
                    }
                    Loop::Continuous if simple => out.extend(continuous_step(state, &graph, &path, cnl)),
                    Loop::Continuous => {}
                }
            }
        }
    }
    out.extend(aics);
    Loops { steps: out, continuous }
}

enum Loop {
    Discontinuous,
    Continuous,
}

/// Whether a loop's or an AIC's chain (`aic`) comes back to a cell it has left: a lasso, which
/// HoDoKu does not take. Walking the chain from its start, a node may share the cell of the node
/// just before it (a link within a cell), but not a cell the chain has left; a loop may come home
/// to its start cell, an AIC may not. As HoDoKu's test, it looks up a node's first cell only, while
/// a group leaves all its cells.
///
/// A chain through an almost locked set is never taken for a lasso: HoDoKu's tables hold longer
/// chains through such sets that this search does not build, and where the shortest chain is a
/// lasso, HoDoKu's own often is not (reglib cases of Grouped Discontinuous Nice Loops and Grouped
/// AICs with sets in their chains). HoDoKu's default leaves sets out of chains.
fn is_lasso(graph: &Graph<'_>, path: &[u32], aic: bool) -> bool {
    let Some(&start) = path.first() else { return false };
    if path.iter().any(|&l| graph.nodes[(l / 2) as usize].als.is_some()) {
        return false;
    }
    let home = graph.nodes[(start / 2) as usize].first;
    let mut left = CellSet::EMPTY;
    let mut before: Option<&graph::GNode> = None;
    for &lit in path {
        let node = &graph.nodes[(lit / 2) as usize];
        if left.contains(node.first) {
            return true;
        }
        if let Some(b) = before.filter(|b| aic || b.first != home) {
            left |= b.cells;
        }
        before = Some(node);
    }
    false
}

fn chain_has_group(graph: &Graph<'_>, path: &[u32]) -> bool {
    path.iter().any(|&l| graph.nodes[(l / 2) as usize].is_group)
}

/// In a continuous loop every weak link has exactly one true end: cells seeing both ends of a weak
/// link between cells lose its digit, and a cell whose two nodes are weakly linked holds one of
/// them and loses its other digits.
fn continuous_eliminations(state: &State, chain: &Chain) -> Vec<Candidate> {
    // As HoDoKu does, the loop's own cells are left alone.
    let loop_cells: CellSet = chain.nodes.iter().flat_map(|n| n.cells.iter().copied()).collect();
    let mut elims = Vec::new();
    for (i, link) in chain.links.iter().enumerate() {
        if *link != LinkKind::Weak {
            continue;
        }
        let (a, b) = (&chain.nodes[i], &chain.nodes[i + 1]);
        let (Some(da), Some(db)) = (a.digits.first(), b.digits.first()) else { continue };
        if da == db {
            let ca: CellSet = a.cells.iter().copied().collect();
            let cb: CellSet = b.cells.iter().copied().collect();
            elims
                .extend(seen_by_both(state, da, ca, cb).into_iter().filter(|c| !loop_cells.contains(c.cell)));
        } else if a.cells.len() == 1 && a.cells == b.cells {
            let cell = a.cells[0];
            for d in state.candidates(cell) - a.digits - b.digits {
                elims.push(Candidate::new(cell, d));
            }
        }
    }
    elims
}

/// In a continuous loop an almost locked set entered by digit `x` and left by digit `y` loses
/// exactly one of them (whichever way the loop runs), so it is locked on all its other digits:
/// each such digit leaves every cell that sees all the set's cells holding it (HoDoKu's rule for
/// almost locked sets in continuous nice loops).
///
/// A set left by a forced exit into a cell `c` (see `Graph::forced_exits`) instead either holds
/// `x` while `c` holds one of its other digits `E` (each missing from the set), or lacks `x` while
/// `c` holds its last digit: the set's digits other than `x` and those of `E` are locked in it, and
/// each digit of `E` is in the set or in `c`, so it leaves the cells seeing both.
fn locked_als_eliminations(state: &State, graph: &Graph<'_>, path: &[u32]) -> Vec<Candidate> {
    let mut elims = Vec::new();
    for pair in path.windows(2) {
        let (entry, exit) = (&graph.nodes[(pair[0] / 2) as usize], &graph.nodes[(pair[1] / 2) as usize]);
        let Some(a) = entry.als else { continue };
        let set = &graph.als[a as usize];
        let locked = match exit.als {
            Some(b) if b == a && entry.digit != exit.digit => {
                set.digits - DigitSet::single(entry.digit) - DigitSet::single(exit.digit)
            }
            None if pair[0] % 2 == 0 && pair[1] % 2 == 1 && !set.cells.contains(exit.first) => {
                let others = state.candidates(exit.first) - DigitSet::single(exit.digit);
                for e in others & set.digits {
                    let cells = set.buddies[e.index()] & *state.peers(exit.first) & state.digit_cells(e);
                    elims.extend(cells.iter().map(|c| Candidate::new(c, e)));
                }
                set.digits - DigitSet::single(entry.digit) - others
            }
            _ => continue,
        };
        for z in locked {
            let cells = set.buddies[z.index()] & state.digit_cells(z);
            elims.extend(cells.iter().map(|c| Candidate::new(c, z)));
        }
    }
    elims
}

#[cfg(test)]
pub(crate) mod tests;
