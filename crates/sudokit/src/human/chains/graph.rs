//! The implication graph the chain techniques search.
//!
//! A *node* is one candidate or, for grouped chains, a *group*: the cells of one digit in the
//! intersection of two houses (a line and a box, say), true when the digit is in one of them. Each
//! node has two *literals*, "on" (true) and "off" (false); literal `2 * node + 1` is "on".
//!
//! ```text
//!   on(n)  -> off(m)   weak link: n and m cannot both be true (same digit and every cell of m
//!                      sees every cell of n, or two digits of one cell)
//!   off(n) -> on(m)    strong link: one of n and m is true (the digit's only places in a house
//!                      are n's and m's cells, or the only two digits of a cell)
//! ```
//!
//! A breadth-first search from one literal finds the shortest implication path to every other
//! literal; an alternating chain is such a path read node by node.
//!
//! Of several paths as short, the search keeps the one through the literal reached first, so the
//! order of each literal's links decides the chain kept. They are listed in the order of HoDoKu's
//! tables (as its tabling solver fills them, published in its source), whose breadth-first
//! expansion keeps the same chains: a candidate's "on" turns off the other digits of its cell, then
//! its digit's other places in its row, column and box, then the groups it sees; its "off" turns on
//! the other digit of a two-digit cell, then the one other place in its row, column or box, then a
//! group. Groups come row by row, then column by column, each by digit and box. Which chain is kept
//! decides whether a loop is a lasso, and so whether HoDoKu reports it.

use std::hash::Hash;
use std::rc::Rc;

use rustc_hash::FxHashMap as HashMap;

use crate::grid::{Cell, CellSet, Digit, DigitSet};
use crate::human::als::Als;
use crate::human::bits::{Bits, Tables};
use crate::human::state::State;
use crate::rules::HouseKind;

/// Which links a chain technique may use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LinkRules {
    /// Only this digit's candidates are nodes (X-Chains).
    pub digit: Option<Digit>,
    /// Only candidates of cells with two candidates are nodes (XY-Chains).
    pub bivalue_cells_only: bool,
    /// Strong links inside houses.
    pub house_strong: bool,
    /// Links between the digits of one cell (strong in a cell with two candidates, weak otherwise).
    pub cell_links: bool,
    /// Group nodes.
    pub groups: bool,
    /// Almost locked sets as nodes (see [`Builder::links`]).
    pub als: bool,
}

/// A node: one digit in a set of cells.
#[derive(Clone, Debug)]
pub(crate) struct GNode {
    pub digit: Digit,
    pub cells: CellSet,
    /// The first cell; the only one for a candidate node.
    pub first: Cell,
    /// Not a plain candidate: a group, or a digit of an almost locked set.
    pub is_group: bool,
    /// For a digit of an almost locked set: the set's index in [`Links::als`].
    pub als: Option<u32>,
}

const NONE: u32 = u32::MAX;

/// The nodes and the literal-to-literal implications of one candidate state, shared (see
/// [`Graph::shared`]) by the searches that ask for the same links on the same state.
pub(crate) struct Links {
    pub nodes: Vec<GNode>,
    /// The almost locked sets whose digits are nodes.
    pub als: Vec<Als>,
    cand: Vec<u32>,
    side: usize,
    /// The literals literal `l` implies are `adj[adj_start[l]..adj_start[l + 1]]`, in the order
    /// they were found: one array, which the breadth-first searches walk far faster than a list
    /// per literal.
    adj: Vec<u32>,
    adj_start: Vec<u32>,
    /// Per node: its cell's index for a candidate node, `u16::MAX` for a group or set node (the
    /// breadth-first search reads this small table, not the nodes, on every link it follows).
    pub lone_cell: Vec<u16>,
}

/// The implication graph of a state: its [`Links`] and the state they were built from.
pub(crate) struct Graph<'a> {
    pub state: &'a State,
    links: Rc<Links>,
}

impl std::ops::Deref for Graph<'_> {
    type Target = Links;
    fn deref(&self) -> &Links {
        &self.links
    }
}

/// The graph while it is built: the links of each literal in a list of their own, and each node's
/// cells and each digit's candidates as sets of the form `B` (a `u128` on boards of up to 128
/// cells, where the set operations of the build cost a few instructions instead of a loop).
struct Builder<'a, B> {
    state: &'a State,
    tables: Rc<Tables<B>>,
    nodes: Vec<GNode>,
    bits: Vec<B>,
    digit_bits: Vec<B>,
    als: Vec<Als>,
    cand: Vec<u32>,
    edges: Vec<Vec<u32>>,
}

impl<'a> Graph<'a> {
    /// Builds the graph of `state` under `rules` (see [`links`]).
    pub fn new(state: &'a State, rules: LinkRules) -> Graph<'a> {
        Graph { state, links: Rc::new(links(state, rules)) }
    }

    /// The graph of the nice-loop searches (and of the forcing chains, which use the grouped one),
    /// built once per state and search kind: the solver asks for the loops, their grouped form and
    /// the forcing chains in turn on the same state, and building the graph is a large part of each.
    pub fn shared(state: &'a State, grouped: bool, als: bool) -> Graph<'a> {
        use crate::human::memo::{memo, search};
        let grouped_links =
            || memo(state, search::GROUPED_LOOP_GRAPH, || links(state, super::loop_rules(true, false)));
        let links = match (grouped, als) {
            // The plain graph is the grouped one without its group nodes, and a state searched for
            // plain loops is mostly searched for grouped ones next: one build serves both.
            (false, _) => memo(state, search::LOOP_GRAPH, || grouped_links().without_groups()),
            (true, false) => grouped_links(),
            (true, true) => {
                memo(state, search::ALS_LOOP_GRAPH, || links(state, super::loop_rules(true, true)))
            }
        };
        Graph { state, links }
    }
}

/// Builds the graph of `state` under `rules` (see [`Builder::links`]).
fn links(state: &State, rules: LinkRules) -> Links {
    if crate::human::bits::fits_u128(state) {
        Builder::<u128>::links(state, rules)
    } else {
        Builder::<CellSet>::links(state, rules)
    }
}

impl<'a, B: Bits + Hash + Eq> Builder<'a, B> {
    /// Builds the graph of `state` under `rules`.
    ///
    /// With `rules.als`, every digit `x` of every almost locked set `A` of two or more cells is a
    /// node "`x` is in `A`": a candidate `x` seeing all of `A`'s `x` cells rules it out, and `A`
    /// without `x` is locked, so each other digit `y` is in `A` and leaves every cell seeing all of
    /// `A`'s `y` cells:
    ///
    /// ```text
    ///   on(c, x) -> off(A, x) -> on(A, y) -> off(c', y)
    /// ```
    ///
    /// A group or another set (disjoint from `A`) whose `x` cells all see all of `A`'s is weakly
    /// linked to `A`'s `x` like a single candidate, and `off(A, x)` also sets the last candidate of
    /// a cell that loses all its others to `A`'s locked digits (HoDoKu's forced exit).
    fn links(state: &'a State, rules: LinkRules) -> Links {
        let shape = state.shape();
        let side = state.side();
        let tables = Tables::<B>::of(state);
        let digit_bits: Vec<B> =
            state.all_digits().iter().map(|d| B::from_set(&state.digit_cells(d))).collect();
        let mut nodes = Vec::new();
        let mut bits = Vec::new();
        let mut cand = vec![NONE; shape.cells() * side];
        for cell in state.unsolved_cells() {
            let cands = state.candidates(cell);
            if rules.bivalue_cells_only && cands.len() != 2 {
                continue;
            }
            for digit in cands {
                if rules.digit.is_some_and(|d| d != digit) {
                    continue;
                }
                cand[cell.index() * side + digit.index()] = nodes.len() as u32;
                bits.push(B::EMPTY.with(cell));
                nodes.push(GNode {
                    digit,
                    cells: CellSet::single(cell),
                    first: cell,
                    is_group: false,
                    als: None,
                });
            }
        }
        let mut group_ids: HashMap<(Digit, B), u32> = HashMap::default();
        let mut groups_of: Vec<Vec<u32>> = vec![Vec::new(); side];
        if rules.groups {
            let houses = &tables.houses;
            let info = state.houses();
            let is_box = |h: usize| matches!(info[h].kind, HouseKind::Box(_) | HouseKind::Region(_));
            // HoDoKu's order first (each row, then each column: by digit, by box), which decides
            // the chains its tables keep and so the ones a breadth-first search must keep to agree;
            // then the groups of other pairs of houses (variant houses).
            let line_box = (0..houses.len()).filter(|&a| info[a].kind_is_line()).flat_map(|a| {
                state.all_digits().iter().flat_map(move |d| {
                    (0..houses.len()).filter(move |&b| is_box(b)).map(move |b| (a, b, Some(d)))
                })
            });
            let others = (0..houses.len()).flat_map(|a| (a + 1..houses.len()).map(move |b| (a, b, None)));
            for (a, b, only) in line_box.chain(others) {
                let common = houses[a] & houses[b];
                if common.count() < 2 {
                    continue;
                }
                for digit in only.map_or(state.all_digits(), DigitSet::single) {
                    if rules.digit.is_some_and(|d| d != digit) {
                        continue;
                    }
                    let cells = common & digit_bits[digit.index()];
                    if cells.count() < 2 || group_ids.contains_key(&(digit, cells)) {
                        continue;
                    }
                    let Some(first) = cells.first_cell() else { continue };
                    let id = nodes.len() as u32;
                    group_ids.insert((digit, cells), id);
                    groups_of[digit.index()].push(id);
                    bits.push(cells);
                    nodes.push(GNode { digit, cells: cells.to_set(), first, is_group: true, als: None });
                }
            }
        }
        let mut als_list = Vec::new();
        if rules.als {
            for a in crate::human::als::collect(state) {
                if a.cells.len() < 2 {
                    continue;
                }
                let index = als_list.len() as u32;
                for digit in a.digits {
                    let cells = a.digit_cells[digit.index()];
                    let Some(first) = cells.first() else { continue };
                    bits.push(B::from_set(&cells));
                    nodes.push(GNode { digit, cells, first, is_group: true, als: Some(index) });
                }
                als_list.push(a);
            }
        }
        let lone_cell =
            nodes.iter().map(|n| if n.is_group { u16::MAX } else { n.first.index() as u16 }).collect();
        let mut graph =
            Builder { state, tables, nodes, bits, digit_bits, als: als_list, cand, edges: Vec::new() };
        graph.edges = (0..graph.nodes.len() * 2).map(|_| Vec::new()).collect();
        for n in 0..graph.nodes.len() {
            if graph.nodes[n].als.is_some() {
                continue;
            }
            let on = graph.on_edges(n, &groups_of, rules);
            let off = graph.off_edges(n, &group_ids, rules);
            graph.edges[2 * n + 1] = on;
            graph.edges[2 * n] = off;
        }
        graph.als_edges();
        let mut adj = Vec::with_capacity(graph.edges.iter().map(Vec::len).sum());
        let mut adj_start = Vec::with_capacity(graph.edges.len() + 1);
        adj_start.push(0);
        for list in &graph.edges {
            adj.extend_from_slice(list);
            adj_start.push(adj.len() as u32);
        }
        Links {
            nodes: graph.nodes,
            als: graph.als,
            cand: graph.cand,
            side: state.side(),
            adj,
            adj_start,
            lone_cell,
        }
    }
}

impl Graph<'_> {
    /// Per literal, the literals that imply it, in the same layout as the forward links: the
    /// literals implying `l` are `.0[.1[l]...1[l + 1]]`.
    pub fn reverse_links(&self) -> (Vec<u32>, Vec<u32>) {
        let lits = self.adj_start.len() - 1;
        let mut start = vec![0u32; lits + 1];
        for &m in &self.adj {
            start[m as usize + 1] += 1;
        }
        for l in 0..lits {
            start[l + 1] += start[l];
        }
        let mut fill = start.clone();
        let mut rev = vec![0u32; self.adj.len()];
        for l in 0..lits {
            for &m in self.implied(l as u32) {
                rev[fill[m as usize] as usize] = l as u32;
                fill[m as usize] += 1;
            }
        }
        (rev, start)
    }
}

impl Links {
    /// The literals literal `lit` implies.
    fn implied(&self, lit: u32) -> &[u32] {
        let l = lit as usize;
        &self.adj[self.adj_start[l] as usize..self.adj_start[l + 1] as usize]
    }

    /// The graph without its group nodes: what the same rules give with `groups` off. Candidate
    /// nodes come first and keep their numbers, and a candidate's links to groups are the only ones
    /// that go, the others keeping their order.
    fn without_groups(&self) -> Links {
        let nodes = self.nodes.iter().position(|n| n.is_group).unwrap_or(self.nodes.len());
        debug_assert!(self.als.is_empty() && self.nodes[nodes..].iter().all(|n| n.is_group));
        let lits = 2 * nodes as u32;
        let mut adj = Vec::with_capacity(self.adj_start[lits as usize] as usize);
        let mut adj_start = Vec::with_capacity(lits as usize + 1);
        adj_start.push(0);
        for l in 0..lits {
            adj.extend(self.implied(l).iter().filter(|&&m| m < lits));
            adj_start.push(adj.len() as u32);
        }
        Links {
            nodes: self.nodes[..nodes].to_vec(),
            als: Vec::new(),
            cand: self.cand.clone(),
            side: self.side,
            adj,
            adj_start,
            lone_cell: self.lone_cell[..nodes].to_vec(),
        }
    }

    /// The node of a candidate, if it is one.
    pub fn cand_node(&self, cell: Cell, digit: Digit) -> Option<u32> {
        node_at(&self.cand, self.side, cell, digit)
    }
}

/// The node of candidate (`cell`, `digit`) in a node table `cand` of a board of side `side`.
fn node_at(cand: &[u32], side: usize, cell: Cell, digit: Digit) -> Option<u32> {
    let id = cand[cell.index() * side + digit.index()];
    (id != NONE).then_some(id)
}

impl<B: Bits + Hash + Eq> Builder<'_, B> {
    /// The links of the almost locked set nodes (see [`Builder::links`]).
    fn als_edges(&mut self) {
        let first_als = self.nodes.iter().position(|n| n.als.is_some()).unwrap_or(self.nodes.len());
        for n in first_als..self.nodes.len() {
            let (digit, cells, Some(index)) = (self.nodes[n].digit, self.nodes[n].cells, self.nodes[n].als)
            else {
                continue;
            };
            let a = &self.als[index as usize];
            // Entry: a candidate of the digit outside the set that sees all its cells with the digit.
            let entries = a.buddies[digit.index()] & self.state.digit_cells(digit);
            for c in entries {
                if let Some(m) = self.cand_node(c, digit) {
                    self.edges[2 * m as usize + 1].push(2 * n as u32);
                }
            }
            // Lock: the set without this digit holds each of its others.
            let mut siblings: Vec<u32> = (first_als..self.nodes.len())
                .filter(|&m| m != n && self.nodes[m].als == Some(index))
                .map(|m| 2 * m as u32 + 1)
                .collect();
            siblings.extend(self.forced_exits(a, digit));
            self.edges[2 * n] = siblings;
            // Exit: the digit leaves every cell outside the set that sees all its cells with it,
            // and so every group and every other set whose cells with it are all such cells (as
            // HoDoKu links sets and groups; the links go both ways, being weak).
            let mut exits: Vec<u32> =
                entries.iter().filter_map(|c| self.cand_node(c, digit)).map(|m| 2 * m).collect();
            for m in 0..self.nodes.len() {
                let other = &self.nodes[m];
                if m == n || other.digit != digit || !other.is_group || !other.cells.is_subset(&entries) {
                    continue;
                }
                match other.als {
                    None => self.edges[2 * m + 1].push(2 * n as u32),
                    Some(b) if (self.als[b as usize].cells & a.cells).is_empty() => {}
                    Some(_) => continue,
                }
                exits.push(2 * m as u32);
            }
            let _ = cells;
            self.edges[2 * n + 1] = exits;
        }
    }

    /// The candidates set true when almost locked set `a` loses `digit` (HoDoKu's "forced exit"):
    /// its other digits are then locked in it and leave every cell that sees all the set's cells
    /// holding them, and a cell of three or more candidates left with one keeps that one. (A cell of
    /// two is reached through its own strong link.)
    fn forced_exits(&self, a: &Als, digit: Digit) -> Vec<u32> {
        let mut reach = CellSet::new();
        for y in a.digits - DigitSet::single(digit) {
            reach |= a.buddies[y.index()];
        }
        let mut out = Vec::new();
        for c in reach {
            let cands = self.state.candidates(c);
            if cands.len() <= 2 {
                continue;
            }
            let lost: DigitSet = (a.digits - DigitSet::single(digit))
                .iter()
                .filter(|y| a.buddies[y.index()].contains(c))
                .collect();
            let left = cands - lost;
            if left.len() == 1 {
                if let Some(m) = left.first().and_then(|r| self.cand_node(c, r)) {
                    out.push(2 * m + 1);
                }
            }
        }
        out
    }

    /// The node of a candidate, if it is one.
    fn cand_node(&self, cell: Cell, digit: Digit) -> Option<u32> {
        node_at(&self.cand, self.state.side(), cell, digit)
    }

    /// What follows from node `n` being true: the nodes weakly linked to it are false. In
    /// HoDoKu's order (its tables' fill order), which decides which of several chains as short a
    /// breadth-first search keeps: for a candidate, the other digits of its cell, then its digit's
    /// other places house by house (row, column, box, then other houses and cages), then groups.
    fn on_edges(&self, n: usize, groups_of: &[Vec<u32>], rules: LinkRules) -> Vec<u32> {
        let node = &self.nodes[n];
        let d = node.digit;
        let common = self.tables.common_peers(self.bits[n]) & self.digit_bits[d.index()];
        let mut out = Vec::new();
        if rules.cell_links && !node.is_group {
            for other in self.state.candidates(node.first) {
                if other != d {
                    if let Some(m) = self.cand_node(node.first, other) {
                        out.push(2 * m);
                    }
                }
            }
        }
        let mut rest = common;
        if !node.is_group {
            for &(h, _) in self.state.cell_houses(node.first) {
                let mut places = self.tables.houses[h as usize] & rest;
                rest = rest.minus(places);
                while let Some(c) = places.first_cell() {
                    if let Some(m) = self.cand_node(c, d) {
                        out.push(2 * m);
                    }
                    places = places.without(c);
                }
            }
        }
        while let Some(c) = rest.first_cell() {
            if let Some(m) = self.cand_node(c, d) {
                out.push(2 * m);
            }
            rest = rest.without(c);
        }
        for &g in &groups_of[d.index()] {
            if g as usize != n && self.bits[g as usize].minus(common).none() {
                out.push(2 * g);
            }
        }
        out
    }

    /// What follows from node `n` being false: the nodes strongly linked to it are true. In
    /// HoDoKu's order, as for [`Builder::on_edges`]: the other digit of a two-digit cell, the
    /// digit's one other place house by house, then groups (by their order of creation); for a
    /// group, the one other place in its box, then in its line, then the one other group in its
    /// line, then in its box.
    fn off_edges(&self, n: usize, group_ids: &HashMap<(Digit, B), u32>, rules: LinkRules) -> Vec<u32> {
        let node = &self.nodes[n];
        let d = node.digit;
        let cells = self.bits[n];
        let mut out = Vec::new();
        if rules.cell_links && !node.is_group {
            let cands = self.state.candidates(node.first);
            if cands.len() == 2 {
                for other in cands {
                    if other != d {
                        if let Some(m) = self.cand_node(node.first, other) {
                            out.push(2 * m + 1);
                        }
                    }
                }
            }
        }
        let mut groups = Vec::new();
        if rules.house_strong {
            let mut houses: Vec<u16> = self.state.cell_houses(node.first).iter().map(|&(h, _)| h).collect();
            if node.is_group {
                // The box before the line.
                houses.sort_by_key(|&h| self.state.houses()[h as usize].kind_is_line());
            }
            for h in houses {
                let house = self.tables.houses[h as usize];
                if !cells.minus(house).none() {
                    continue;
                }
                let rest = (house & self.digit_bits[d.index()]).minus(cells);
                match rest.count() {
                    0 => {}
                    1 => {
                        if let Some(m) = rest.first_cell().and_then(|c| self.cand_node(c, d)) {
                            out.push(2 * m + 1);
                        }
                    }
                    _ => groups.extend(group_ids.get(&(d, rest)).map(|&m| 2 * m + 1)),
                }
            }
        }
        if node.is_group {
            // HoDoKu links a group to the one other group of its line, then of its box.
            groups.reverse();
        } else {
            groups.sort_unstable();
        }
        out.extend(groups);
        let mut seen = Vec::with_capacity(out.len());
        out.retain(|&m| {
            let new = !seen.contains(&m);
            seen.push(m);
            new
        });
        out
    }
}

/// Breadth-first search state, reused from start literal to start literal.
pub(crate) struct Bfs {
    /// Links from the start to each literal, `u16::MAX` when not reached.
    pub dist: Vec<u16>,
    /// The literal each literal was reached from.
    pub parent: Vec<u32>,
    /// The literals reached, in order of distance (the start first).
    pub order: Vec<u32>,
    /// Literals reached in the avoided cell (see [`Bfs::run_avoiding`]), not expanded; or in the
    /// cell of [`Bfs::run_to_cell`].
    pub ends: Vec<u32>,
}

/// How [`Bfs::search`] treats the nodes of its cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// Passes through them, and stops once all of their literals are reached.
    AtEnds,
    /// Passes through them, and goes on.
    Never,
    /// Never passes through them (nor through a group holding the cell), and stops once all of
    /// their literals are reached.
    Avoid,
}

/// Whether the literals `path` make a proper chain: no node twice, but the start's node may end it
/// (closing a loop).
pub(crate) fn is_proper(path: &[u32]) -> bool {
    let Some(&start) = path.first() else { return true };
    let mut nodes: Vec<u32> = path[1..].iter().map(|l| l / 2).collect();
    nodes.sort_unstable();
    let len = nodes.len();
    nodes.dedup();
    let inner = if path.len() > 2 { &path[1..path.len() - 1] } else { &[] };
    let inner_repeat = inner.iter().any(|&l| l / 2 == start / 2);
    nodes.len() == len && !inner_repeat
}

impl Bfs {
    pub fn new(graph: &Graph<'_>) -> Bfs {
        let n = graph.nodes.len() * 2;
        Bfs { dist: vec![u16::MAX; n], parent: vec![NONE; n], order: Vec::with_capacity(n), ends: Vec::new() }
    }

    /// Searches from literal `start`, at most `max_len` links deep.
    pub fn run(&mut self, graph: &Graph<'_>, start: u32, max_len: u16) {
        self.run_avoiding(graph, start, max_len, None);
    }

    /// As [`Bfs::run`], and in `ends` the literals of the nodes of `cell` reached, in the order
    /// reached. The search stops once all of them are (those reached later cannot change their
    /// chains): `order` may not be complete.
    pub fn run_to_cell(&mut self, graph: &Graph<'_>, start: u32, max_len: u16, cell: Cell) {
        self.search(graph, start, max_len, Some(cell), Cut::AtEnds);
    }

    /// [`Bfs::run`] and [`Bfs::run_to_cell`] at once: `order` is complete, and `ends` as that
    /// search leaves it.
    pub fn run_noting_cell(&mut self, graph: &Graph<'_>, start: u32, max_len: u16, cell: Cell) {
        self.search(graph, start, max_len, Some(cell), Cut::Never);
    }

    /// As [`Bfs::run`]; with `home`, the search never passes through that cell: a node in it is
    /// only reached as an end (a loop coming home), never from the start directly, and a group
    /// holding it is not entered. The search then stops once every literal of the cell's nodes is
    /// an end (a later link could reach none of them first): `ends` is complete, `order` may not be.
    pub fn run_avoiding(&mut self, graph: &Graph<'_>, start: u32, max_len: u16, home: Option<Cell>) {
        self.search(graph, start, max_len, home, Cut::Avoid);
    }

    /// The searches of [`Bfs::run_to_cell`], [`Bfs::run_noting_cell`] and [`Bfs::run_avoiding`].
    fn search(&mut self, graph: &Graph<'_>, start: u32, max_len: u16, cell: Option<Cell>, cut: Cut) {
        let avoid = cut == Cut::Avoid;
        let possible_ends = cell.filter(|_| cut != Cut::Never).map_or(usize::MAX, |cell| {
            let (mut nodes, mut start_inside) = (0, false);
            for n in graph.state.candidates(cell).iter().filter_map(|d| graph.cand_node(cell, d)) {
                nodes += 1;
                start_inside |= n == start / 2;
            }
            2 * nodes - usize::from(start_inside)
        });
        for &l in self.order.iter().chain(&self.ends) {
            self.dist[l as usize] = u16::MAX;
        }
        self.order.clear();
        self.ends.clear();
        self.dist[start as usize] = 0;
        self.parent[start as usize] = NONE;
        self.order.push(start);
        let mut i = 0;
        while i < self.order.len() {
            let lit = self.order[i];
            i += 1;
            let next = self.dist[lit as usize] + 1;
            if next > max_len {
                continue;
            }
            for &m in graph.implied(lit) {
                if self.dist[m as usize] != u16::MAX {
                    continue;
                }
                let Some(cell) = cell else {
                    self.dist[m as usize] = next;
                    self.parent[m as usize] = lit;
                    self.order.push(m);
                    continue;
                };
                let lone = graph.lone_cell[(m / 2) as usize];
                let inside = if lone == u16::MAX {
                    graph.nodes[(m / 2) as usize].cells.contains(cell)
                } else {
                    usize::from(lone) == cell.index()
                };
                if avoid && inside && (lit == start || lone == u16::MAX) {
                    continue;
                }
                self.dist[m as usize] = next;
                self.parent[m as usize] = lit;
                if !avoid || !inside {
                    self.order.push(m);
                }
                if inside && lone != u16::MAX {
                    // Reached, and a loop ends here (not expanded where the cell is avoided).
                    self.ends.push(m);
                    if self.ends.len() == possible_ends {
                        return;
                    }
                }
            }
        }
    }

    /// The literals from the start to `end`, or `None` when a node repeats (the path would not be a
    /// proper chain); only the end may be the start's node, closing a loop.
    pub fn path(&self, end: u32) -> Option<Vec<u32>> {
        let path = self.implications(end);
        is_proper(&path).then_some(path)
    }

    /// Up to `limit` shortest chains from the start of the last [`Bfs::run_avoiding`] (with the same
    /// `home`) to `end`, each a proper chain as [`Bfs::path`] requires; `reverse` is
    /// [`Graph::reverse_links`]. The breadth-first search keeps one chain per literal; a
    /// continuous loop's eliminations depend on which chain closes it, so its alternatives of the
    /// same length are worth a look.
    pub fn shortest_paths(
        &self,
        graph: &Graph<'_>,
        reverse: &(Vec<u32>, Vec<u32>),
        end: u32,
        home: Option<Cell>,
        limit: usize,
    ) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let Some(&start) = self.order.first() else { return out };
        if self.dist[end as usize] == u16::MAX {
            return out;
        }
        let mut back = vec![end];
        self.paths_back(graph, reverse, start, home, &mut back, limit, &mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn paths_back(
        &self,
        graph: &Graph<'_>,
        reverse: &(Vec<u32>, Vec<u32>),
        start: u32,
        home: Option<Cell>,
        back: &mut Vec<u32>,
        limit: usize,
        out: &mut Vec<Vec<u32>>,
    ) {
        let Some(&lit) = back.last() else { return };
        let d = self.dist[lit as usize];
        if d == 0 {
            if lit == start {
                out.push(back.iter().rev().copied().collect());
            }
            return;
        }
        let (rev, rev_start) = reverse;
        for &q in &rev[rev_start[lit as usize] as usize..rev_start[lit as usize + 1] as usize] {
            if out.len() >= limit {
                return;
            }
            if self.dist[q as usize] != d - 1 {
                continue;
            }
            if q != start {
                // Only literals the search expanded: none in the home cell, no repeated node, and
                // not the start's node inside the chain.
                let in_home =
                    home.is_some_and(|h| usize::from(graph.lone_cell[(q / 2) as usize]) == h.index());
                if in_home || q / 2 == start / 2 || back.iter().any(|&b| b / 2 == q / 2) {
                    continue;
                }
            }
            back.push(q);
            self.paths_back(graph, reverse, start, home, back, limit, out);
            back.pop();
        }
    }

    /// The literals from the start to `end`, each implied by the one before. A node may appear
    /// twice (true, then false): the implications still hold, the path is just not a simple chain.
    pub fn implications(&self, end: u32) -> Vec<u32> {
        let mut path = vec![end];
        let mut l = end;
        while self.parent[l as usize] != NONE {
            l = self.parent[l as usize];
            path.push(l);
        }
        path.reverse();
        path
    }
}
