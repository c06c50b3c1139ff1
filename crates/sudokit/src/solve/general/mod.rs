//! The general search engine: any board shape, any set of houses, and killer cages — so every variant.
//!
//! ```text
//!   state (one per search depth)        tables (built once per search from the Board)
//!   cand: [u32; side²]                  peers        cell -> cells that must differ (houses + cages)
//!          bit d-1 set = digit d        houses       house h -> its `side` cells
//!          still possible               cell_houses  cell -> bitmask of the houses it is in
//!                                       cages        cage -> cells and sum; cell -> its cage
//!                                       segments     house∩house pieces of rows, columns, boxes and
//!                                                    regions; house -> its pieces (a view)
//!                                       overlaps     other pairs of houses sharing two or more cells
//!   transient (empty between nodes)
//!   queue         cells that became single and have not yet been removed from their peers
//!   dirty houses  bitmasks (u128) of houses with a changed cell since the last hidden-single scan,
//!                 locked-candidates pass and pairs scan of each
//!   dirty cages   cages with a changed cell since their last sum check
//! ```
//!
//! A cell is *placed* when its mask has one bit. Masks only shrink, so a mask becomes a singleton at
//! exactly one moment, and that moment pushes the cell on the queue, which removes the digit from
//! every peer; no separate "placed" flag is needed.
//!
//! Propagation runs to a fixed point before any guess, cheapest step first: naked singles (the
//! queue), cage sums (each unplaced cage cell keeps only digits of some set of different digits that
//! completes the sum with the cage's current candidates), hidden singles, then on boards from 9×9 on
//! locked candidates and naked and hidden pairs; each step runs only when the ones before it have
//! nothing left, and each looks only at the houses and cages that changed since it last looked
//! (scanning every house after every placement costs most of the time on 16×16 and 25×25 boards).
//! Marking a house dirty is one OR of the cell's precomputed house mask: a board has at most
//! 3 × 32 + 2 + 16 distinct houses, so one `u128` holds them all (identical houses, e.g. diagonals
//! added twice, are merged when the tables are built). The stronger steps pay for themselves on big
//! boards by cutting the guesses (on the 25×25 set, locked candidates by three to five times and pairs
//! by four more).
//!
//! Locked candidates work on *segments*: rows, columns, boxes and jigsaw regions each partition the
//! board, so the intersections of two such families partition every house of both (a box into its
//! row pieces, a row into its box pieces). One OR per segment serves both houses it joins: a digit in
//! one segment of a house is locked there and leaves the rest of the segment's other house. Pairs of
//! houses that overlap otherwise (diagonals, windows) are checked pair by pair.
//!
//! Branching picks the unplaced cell with the fewest candidates; when that is more than two, a digit
//! with exactly two places in some house gives a two-way branch instead, which is what makes big
//! boards fast. Every branch is binary — "this cell is `d`" on a copy of the state, then "this cell is
//! not `d`" in place — so the last alternative never copies. States for each depth come from a pool,
//! so the search only allocates while it first goes deeper than before.
//!
//! What happens to a solution is a [`Sink`] chosen at compile time: counting builds no [`Grid`] at all
//! (the empty 6×6 board's 28,200,960 solutions are counted in seconds), visiting builds one per solution.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::{Limits, SearchOutcome};
use crate::grid::{Cell, Grid, Shape};
use crate::rules::{Board, HouseKind};

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 256;
/// Steps one cage's sum check may take enumerating digit sets. Past it the check keeps every
/// candidate (still sound; the exact check runs again once fewer cells are open). Only huge cages
/// on big boards get near it.
const CAGE_BUDGET: u32 = 4096;
/// The smallest side on which propagation also looks for locked candidates. Measured on the 25×25
/// set: three to five times fewer guesses, under half the time. On 4×4 to 8×8 boards a guess is
/// cheaper than the pass. From 9 on, so the 9×9 variants (checked against brute force) exercise it.
const LOCKED_FROM_SIDE: usize = 9;
/// The smallest side on which propagation also looks for naked and hidden pairs. Measured on the
/// 25×25 set: four times fewer guesses, under half the time; on 16×16, twice fewer guesses. From 9
/// on, like locked candidates, so the 9×9 variants exercise it.
const PAIRS_FROM_SIDE: usize = 9;
/// Marks a cell outside every cage.
const NO_CAGE: u16 = u16::MAX;

/// The board's rules, flattened for the hot loop.
struct Tables {
    shape: Shape,
    side: usize,
    full: u32,
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// House `h` is `houses[h * side..(h + 1) * side]`.
    houses: Vec<u16>,
    house_count: usize,
    /// One bit for each house that can be marked dirty (the first 128).
    all_houses: u128,
    /// For each cell, the houses it is in, one bit per house (houses past 128 are never marked dirty:
    /// hidden singles there are only an optimisation, and the board types cannot build so many).
    cell_houses: Vec<u128>,
    cages: Vec<CageRule>,
    cell_cage: Vec<u16>,
    /// Segments of line∩box style intersections, for locked candidates (empty on small boards).
    segs: Segments,
    /// Pairs of overlapping houses the segments do not cover (diagonals, windows), for locked
    /// candidates (empty on small boards).
    overlaps: Vec<Overlap>,
    /// The houses with a segment view or an overlap: those a locked-candidates pass looks at.
    locked_mask: u128,
    /// The houses with a segment view.
    seg_mask: u128,
    /// Every house when the pairs pass is on, else none.
    pairs_mask: u128,
    /// The houses in some overlap.
    overlap_mask: u128,
}

/// Locked candidates at the granularity of intersections. Rows, columns, boxes and jigsaw regions
/// each partition the board (a *family*); for two families, every cell lies in one house of each,
/// so the nonempty intersections (*segments*) partition every house of either family. A digit that,
/// within a house, lies in a single segment is locked there and leaves the rest of the segment's
/// other house. Each segment's OR is computed once per pass and shared by the two houses it joins,
/// where checking pairs of houses would OR every cell of both houses for every pair.
#[derive(Default)]
struct Segments {
    /// Segment `s` is `cells[start[s] as usize..start[s + 1] as usize]`.
    start: Vec<u32>,
    cells: Vec<u16>,
    /// For each segment, the views of its two houses.
    seg_views: Vec<[u32; 2]>,
    views: Vec<View>,
    /// View `v`'s segments are `view_segs[views[v].first as usize..views[v + 1].first as usize]`.
    view_segs: Vec<u32>,
}

/// One house seen through one other family: the segments that partition it.
struct View {
    house: u32,
    first: u32,
}

impl Segments {
    fn seg_cells(&self, s: usize) -> &[u16] {
        &self.cells[self.start[s] as usize..self.start[s + 1] as usize]
    }
    /// The segments of view `v`; the last entry of `views` is a sentinel.
    fn view_segs(&self, v: usize) -> &[u32] {
        &self.view_segs[self.views[v].first as usize..self.views[v + 1].first as usize]
    }
    fn len(&self) -> usize {
        self.seg_views.len()
    }

    /// The segments for every two families of `families` (lists of house indices, each partitioning
    /// the board) whose intersections are not all single cells (rows and columns meet in one cell:
    /// a digit locked to one cell is a hidden single, found anyway).
    fn new(cells: usize, families: &[Vec<usize>], distinct: &[Vec<u16>]) -> Segments {
        let mut out = Segments::default();
        let owner = |family: &Vec<usize>| {
            let mut o = vec![0usize; cells];
            for &h in family {
                for &c in &distinct[h] {
                    o[c as usize] = h;
                }
            }
            o
        };
        let mut first = Vec::new();
        for (i, fa) in families.iter().enumerate() {
            for fb in &families[i + 1..] {
                let (oa, ob) = (owner(fa), owner(fb));
                // Segments in order of first cell, each with its cells in reading order.
                let mut keys: Vec<(usize, usize)> = Vec::new();
                let mut members: Vec<Vec<u16>> = Vec::new();
                let mut index: HashMap<(usize, usize), usize> = HashMap::new();
                for c in 0..cells {
                    let key = (oa[c], ob[c]);
                    let k = *index.entry(key).or_insert_with(|| {
                        keys.push(key);
                        members.push(Vec::new());
                        keys.len() - 1
                    });
                    members[k].push(c as u16);
                }
                if members.iter().all(|m| m.len() < 2) {
                    continue;
                }
                let base_seg = out.seg_views.len();
                let base_view = first.len();
                // Views: every house of the first family, then every house of the second.
                let houses: Vec<usize> = fa.iter().chain(fb.iter()).copied().collect();
                for (k, &h) in houses.iter().enumerate() {
                    let side = usize::from(k >= fa.len());
                    first.push(out.view_segs.len() as u32);
                    out.views.push(View { house: h as u32, first: 0 });
                    for (j, key) in keys.iter().enumerate() {
                        if (if side == 0 { key.0 } else { key.1 }) == h {
                            out.view_segs.push((base_seg + j) as u32);
                        }
                    }
                }
                for (key, m) in keys.iter().zip(&members) {
                    out.start.push(out.cells.len() as u32);
                    out.cells.extend_from_slice(m);
                    let va =
                        fa.iter().position(|&h| h == key.0).expect("every cell is in a house of each family");
                    let vb =
                        fb.iter().position(|&h| h == key.1).expect("every cell is in a house of each family");
                    out.seg_views.push([(base_view + va) as u32, (base_view + fa.len() + vb) as u32]);
                }
            }
        }
        out.start.push(out.cells.len() as u32);
        for (v, f) in out.views.iter_mut().zip(&first) {
            v.first = *f;
        }
        out.views.push(View { house: u32::MAX, first: out.view_segs.len() as u32 });
        out
    }
}

/// Two houses that share cells: the shared cells and the rest of each.
struct Overlap {
    a: u32,
    b: u32,
    both: Vec<u16>,
    a_only: Vec<u16>,
    b_only: Vec<u16>,
}

struct CageRule {
    cells: Vec<u16>,
    sum: u32,
}

impl Tables {
    fn new(board: &Board) -> Tables {
        let shape = board.shape();
        let side = shape.side();
        let cells = shape.cells();
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for i in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(board.peers(Cell::from_index(i)));
        }
        peer_start.push(peers.len() as u32);
        let mut distinct: Vec<Vec<u16>> = Vec::new();
        let mut seen: HashMap<Vec<u16>, usize> = HashMap::new();
        // The families that partition the board, by kind, as indices into `distinct`.
        let mut families: Vec<(std::mem::Discriminant<HouseKind>, Vec<usize>)> = Vec::new();
        for h in board.houses() {
            let mut cells: Vec<u16> = h.cells.iter().map(|c| c.index() as u16).collect();
            cells.sort_unstable();
            let index = *seen.entry(cells.clone()).or_insert_with(|| {
                distinct.push(cells);
                distinct.len() - 1
            });
            if matches!(
                h.kind,
                HouseKind::Row(_) | HouseKind::Col(_) | HouseKind::Box(_) | HouseKind::Region(_)
            ) {
                let kind = std::mem::discriminant(&h.kind);
                match families.iter_mut().find(|f| f.0 == kind) {
                    Some(f) => f.1.push(index),
                    None => families.push((kind, vec![index])),
                }
            }
        }
        let mut cell_houses = vec![0u128; cells];
        for (h, house) in distinct.iter().enumerate().take(128) {
            for &c in house {
                cell_houses[c as usize] |= 1 << h;
            }
        }
        let houses: Vec<u16> = distinct.concat();
        let limit = distinct.len().min(128);
        let all_houses = if limit == 128 { u128::MAX } else { (1u128 << limit) - 1 };
        // Only families that really partition the board (as the board types build them) and whose
        // houses can be marked dirty take part in segments.
        let families: Vec<Vec<usize>> = families
            .into_iter()
            .map(|f| f.1)
            .filter(|f| {
                let mut seen = vec![false; cells];
                f.iter().all(|&h| h < limit)
                    && f.iter()
                        .flat_map(|&h| &distinct[h])
                        .all(|&c| !std::mem::replace(&mut seen[c as usize], true))
                    && seen.iter().all(|&x| x)
            })
            .collect();
        let mut in_family = 0u128;
        for &h in families.iter().flatten() {
            in_family |= 1 << h;
        }
        let mut overlaps = Vec::new();
        let mut segs = Segments::default();
        if side >= LOCKED_FROM_SIDE {
            segs = Segments::new(cells, &families, &distinct);
            let mut shared = vec![0usize; limit];
            for a in 0..limit {
                shared.fill(0);
                for &c in &distinct[a] {
                    let mut bits = cell_houses[c as usize] >> a >> 1;
                    while bits != 0 {
                        shared[a + 1 + bits.trailing_zeros() as usize] += 1;
                        bits &= bits - 1;
                    }
                }
                for b in a + 1..limit {
                    // Two family houses share a segment: handled there.
                    if shared[b] < 2 || (in_family >> a & in_family >> b & 1) == 1 {
                        continue;
                    }
                    let (ha, hb) = (&distinct[a], &distinct[b]);
                    let both: Vec<u16> = ha.iter().copied().filter(|c| hb.contains(c)).collect();
                    overlaps.push(Overlap {
                        a: a as u32,
                        b: b as u32,
                        a_only: ha.iter().copied().filter(|c| !both.contains(c)).collect(),
                        b_only: hb.iter().copied().filter(|c| !both.contains(c)).collect(),
                        both,
                    });
                }
            }
        }
        let overlap_mask = overlaps.iter().fold(0u128, |m, o| m | 1 << o.a | 1 << o.b);
        let seg_mask = segs.views.iter().filter(|v| v.house != u32::MAX).fold(0u128, |m, v| m | 1 << v.house);
        let mut cell_cage = vec![NO_CAGE; cells];
        let cages = board
            .cages()
            .iter()
            .enumerate()
            .map(|(k, c)| {
                for cell in &c.cells {
                    cell_cage[cell.index()] = k as u16;
                }
                CageRule { cells: c.cells.iter().map(|c| c.index() as u16).collect(), sum: c.sum }
            })
            .collect();
        Tables {
            shape,
            side,
            full: if side == 32 { u32::MAX } else { (1u32 << side) - 1 },
            peer_start,
            peers,
            house_count: distinct.len(),
            all_houses,
            houses,
            cell_houses,
            cages,
            cell_cage,
            segs,
            overlaps,
            locked_mask: seg_mask | overlap_mask,
            seg_mask,
            overlap_mask,
            pairs_mask: if side >= PAIRS_FROM_SIDE { all_houses } else { 0 },
        }
    }

    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }
    fn house(&self, h: usize) -> &[u16] {
        &self.houses[h * self.side..(h + 1) * self.side]
    }
}

/// What the search does with each solution; a type parameter, so the count-only mode compiles to
/// code that never builds a grid.
trait Sink {
    fn solution(&mut self, shape: Shape, cand: &[u32]) -> ControlFlow<()>;
}

/// Counts only.
struct Counter;

impl Sink for Counter {
    #[inline]
    fn solution(&mut self, _shape: Shape, _cand: &[u32]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Builds each solution and hands it to a callback.
struct Visitor<'v> {
    visit: &'v mut dyn FnMut(&Grid) -> ControlFlow<()>,
}

impl Sink for Visitor<'_> {
    fn solution(&mut self, shape: Shape, cand: &[u32]) -> ControlFlow<()> {
        let values: Vec<u8> = cand.iter().map(|m| m.trailing_zeros() as u8 + 1).collect();
        let grid = Grid::from_values(shape, &values).expect("a solved state holds digits of the board");
        (self.visit)(&grid)
    }
}

struct Search<'t, S> {
    t: &'t Tables,
    sink: S,
    queue: Vec<u16>,
    dirty_houses: u128,
    /// Houses changed since the last locked-candidates pass (always 0 when the pass is off).
    locked_dirty: u128,
    pairs_dirty: u128,
    /// Scratch for the segment ORs of one locked-candidates pass.
    seg_or: Vec<u32>,
    dirty_cages: Vec<u16>,
    cage_dirty: Vec<bool>,
    pool: Vec<Vec<u32>>,
    /// The solution limit (`u64::MAX` for none).
    cap: u64,
    /// Whether a budget, cancel flag or deadline is set, so that the node loop looks at them.
    interruptible: bool,
    limits: &'t Limits,
    out: SearchOutcome,
    nodes: u64,
}

/// Runs the general search, building a grid for every solution; see [`crate::Engine::search`].
pub(crate) fn search(
    board: &Board,
    puzzle: &Grid,
    limits: &Limits,
    visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> SearchOutcome {
    run(board, puzzle, limits, Visitor { visit })
}

/// Counts solutions within `limits` without building any; see [`crate::Engine::count`].
pub(crate) fn count(board: &Board, puzzle: &Grid, limits: &Limits) -> SearchOutcome {
    run(board, puzzle, limits, Counter)
}

fn run<S: Sink>(board: &Board, puzzle: &Grid, limits: &Limits, sink: S) -> SearchOutcome {
    run_with(&Tables::new(board), puzzle, limits, sink)
}

fn run_with<'t, S: Sink>(t: &'t Tables, puzzle: &Grid, limits: &'t Limits, sink: S) -> SearchOutcome {
    if limits.max_solutions() == Some(0) {
        return SearchOutcome::default();
    }
    let mut s = Search {
        t,
        sink,
        queue: Vec::with_capacity(t.shape.cells()),
        // Every house and cage starts dirty: even an empty board has cage sums to apply.
        dirty_houses: t.all_houses,
        locked_dirty: t.locked_mask,
        pairs_dirty: t.pairs_mask,
        seg_or: vec![0; t.segs.len()],
        dirty_cages: (0..t.cages.len() as u16).collect(),
        cage_dirty: vec![true; t.cages.len()],
        pool: Vec::new(),
        cap: limits.solution_cap(),
        interruptible: limits.can_interrupt(),
        limits,
        out: SearchOutcome::default(),
        nodes: 0,
    };
    let mut cand = vec![t.full; t.shape.cells()];
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 {
            cand[i] = 1 << (v - 1);
            s.queue.push(i as u16);
        }
    }
    // Only a full search that was not cut short proves the count.
    s.out.complete = s.node(0, &mut cand).is_continue();
    s.out
}

impl<S: Sink> Search<'_, S> {
    fn node(&mut self, depth: usize, cand: &mut [u32]) -> ControlFlow<()> {
        loop {
            self.nodes += 1;
            if self.interruptible && self.nodes.is_multiple_of(CLOCK_EVERY) {
                self.out.interrupted = self.limits.interrupt(self.nodes);
                if self.out.interrupted.is_some() {
                    return ControlFlow::Break(());
                }
            }
            if !self.propagate(cand) {
                return ControlFlow::Continue(());
            }
            let Some((cell, bit)) = self.choose(cand) else {
                self.out.solutions += 1;
                self.sink.solution(self.t.shape, cand)?;
                if self.out.solutions >= self.cap {
                    return ControlFlow::Break(());
                }
                return ControlFlow::Continue(());
            };
            self.out.guesses += 1;
            if self.pool.len() <= depth {
                self.pool.push(Vec::with_capacity(cand.len()));
            }
            let mut child = std::mem::take(&mut self.pool[depth]);
            child.clear();
            child.extend_from_slice(cand);
            child[cell] = bit;
            self.changed(cell);
            self.queue.push(cell as u16);
            let r = self.node(depth + 1, &mut child);
            self.pool[depth] = child;
            r?;
            // The other branch, in place: the digit is not in this cell (which keeps at least one other).
            let m = cand[cell] & !bit;
            cand[cell] = m;
            self.changed(cell);
            if m & (m - 1) == 0 {
                self.queue.push(cell as u16);
            }
        }
    }

    /// Notes that a cell's candidates shrank: its houses and cage need another look.
    #[inline]
    fn changed(&mut self, cell: usize) {
        self.dirty_houses |= self.t.cell_houses[cell];
        self.locked_dirty |= self.t.cell_houses[cell] & self.t.locked_mask;
        self.pairs_dirty |= self.t.cell_houses[cell] & self.t.pairs_mask;
        let k = self.t.cell_cage[cell];
        if k != NO_CAGE && !self.cage_dirty[k as usize] {
            self.cage_dirty[k as usize] = true;
            self.dirty_cages.push(k);
        }
    }

    /// Keeps only the `keep` candidates of cell `c`; `false` if none is left. A cell left with one
    /// candidate is queued, so that its digit leaves its peers.
    #[inline]
    fn narrow(&mut self, cand: &mut [u32], c: u16, keep: u32) -> bool {
        let m = cand[c as usize];
        let kept = m & keep;
        if kept != m {
            if kept == 0 {
                return false;
            }
            cand[c as usize] = kept;
            self.changed(c as usize);
            if kept & (kept - 1) == 0 {
                self.queue.push(c);
            }
        }
        true
    }

    /// Clears the transient state after a contradiction; always `false`.
    fn fail(&mut self) -> bool {
        self.queue.clear();
        self.dirty_houses = 0;
        self.locked_dirty = 0;
        self.pairs_dirty = 0;
        for k in self.dirty_cages.drain(..) {
            self.cage_dirty[k as usize] = false;
        }
        false
    }

    /// Naked singles, cage sums and hidden singles to a fixed point; `false` on a contradiction.
    fn propagate(&mut self, cand: &mut [u32]) -> bool {
        let t = self.t;
        loop {
            while let Some(c) = self.queue.pop() {
                let bit = cand[c as usize];
                for &p in t.peers(c as usize) {
                    if !self.narrow(cand, p, !bit) {
                        return self.fail();
                    }
                }
            }
            if let Some(k) = self.dirty_cages.pop() {
                self.cage_dirty[k as usize] = false;
                if !self.cage(k as usize, cand) {
                    return self.fail();
                }
                continue;
            }
            if self.dirty_houses == 0 {
                if self.locked_dirty == 0 {
                    if self.pairs_dirty == 0 {
                        return true;
                    }
                    let h = self.pairs_dirty.trailing_zeros() as usize;
                    self.pairs_dirty &= self.pairs_dirty - 1;
                    if !self.pairs(h, cand) {
                        return self.fail();
                    }
                    continue;
                }
                if !self.locked_candidates(cand) {
                    return self.fail();
                }
                continue;
            }
            let h = self.dirty_houses.trailing_zeros() as usize;
            self.dirty_houses &= self.dirty_houses - 1;
            if !self.hidden_singles(h, cand) {
                return self.fail();
            }
        }
    }

    /// Locked candidates (pointing and claiming) around every changed house: a digit whose places in
    /// one house all lie in its intersection with another cannot be in the rest of the other.
    /// Segments first, then the overlaps they do not cover. `false` on a contradiction.
    fn locked_candidates(&mut self, cand: &mut [u32]) -> bool {
        let t = self.t;
        let dirty = std::mem::take(&mut self.locked_dirty);
        if dirty & t.seg_mask != 0 {
            let mut seg_or = std::mem::take(&mut self.seg_or);
            let ok = self.locked_segments(cand, dirty, &mut seg_or);
            self.seg_or = seg_or;
            if !ok {
                return false;
            }
        }
        if !self.queue.is_empty() {
            // The overlap pass reads cells one pair at a time and skips placed cells, so it must
            // not start before every placement has left its peers.
            self.locked_dirty |= dirty & t.overlap_mask;
            return true;
        }
        for pair in &t.overlaps {
            if (dirty >> pair.a | dirty >> pair.b) & 1 == 0 {
                continue;
            }
            // Placed cells are left out: their digits are gone from every peer already, and counting
            // them would make every placed digit look locked and send the pass over cells for nothing.
            let or = |cells: &[u16]| {
                cells.iter().fold(0u32, |acc, &c| {
                    let m = cand[c as usize];
                    acc | if m & (m - 1) == 0 { 0 } else { m }
                })
            };
            let inside = or(&pair.both);
            let (a_out, b_out) = (or(&pair.a_only), or(&pair.b_only));
            for (cells, gone) in [(&pair.b_only, inside & !a_out), (&pair.a_only, inside & !b_out)] {
                if gone == 0 {
                    continue;
                }
                for &c in cells.iter() {
                    if !self.narrow(cand, c, !gone) {
                        return false;
                    }
                }
            }
            if !self.queue.is_empty() {
                // A new placement is not yet removed from its peers, and the ORs above skip placed
                // cells: finish the singles first, then come back to every pair still to look at.
                self.locked_dirty |= dirty & t.overlap_mask;
                return true;
            }
        }
        true
    }

    /// The segment half of [`Self::locked_candidates`] for the views of `dirty` houses.
    ///
    /// Every segment OR is taken before anything is removed, while every placement has already left
    /// its peers (the queue is empty): each conclusion then holds for that state, and so for every
    /// smaller one, and a whole pass needs no look at the queue. Placed cells are left out of the ORs:
    /// their digits are gone from their peers, and counting them would make every placed digit look
    /// locked and send the pass over cells for nothing.
    fn locked_segments(&mut self, cand: &mut [u32], dirty: u128, seg_or: &mut [u32]) -> bool {
        let segs = &self.t.segs;
        for (s, or) in seg_or.iter_mut().enumerate() {
            *or = segs.seg_cells(s).iter().fold(0u32, |acc, &c| {
                let m = cand[c as usize];
                acc | if m & (m - 1) == 0 { 0 } else { m }
            });
        }
        // The last view is the sentinel that ends the list of the one before.
        for (v, view) in segs.views.iter().enumerate().take(segs.views.len().saturating_sub(1)) {
            if (dirty >> view.house) & 1 == 0 {
                continue;
            }
            let list = segs.view_segs(v);
            let (mut once, mut twice) = (0u32, 0u32);
            for &s in list {
                let m = seg_or[s as usize];
                twice |= once & m;
                once |= m;
            }
            let only = once & !twice;
            if only == 0 {
                continue;
            }
            for &s in list {
                let locked = seg_or[s as usize] & only;
                if locked == 0 {
                    continue;
                }
                let [va, vb] = segs.seg_views[s as usize];
                let other = if va as usize == v { vb } else { va };
                for &u in segs.view_segs(other as usize) {
                    if u == s || seg_or[u as usize] & locked == 0 {
                        continue;
                    }
                    for &c in segs.seg_cells(u as usize) {
                        if !self.narrow(cand, c, !locked) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Naked and hidden pairs in house `h`: two cells with the same two candidates take those two
    /// digits from the rest of the house; two digits with the same two places leave those places no
    /// other digit. `false` on a contradiction.
    ///
    /// Both read every cell, placed or not, so they hold for any state whose masks still contain the
    /// solutions, queue or no queue.
    fn pairs(&mut self, h: usize, cand: &mut [u32]) -> bool {
        let house = self.t.house(h);
        // Naked: each two-candidate mask seen so far; a repeat is a pair.
        let mut seen = [0u32; 32];
        let mut n_seen = 0;
        for &c in house {
            let m = cand[c as usize];
            if m.count_ones() != 2 {
                continue;
            }
            if !seen[..n_seen].contains(&m) {
                seen[n_seen] = m;
                n_seen += 1;
                continue;
            }
            for &o in house {
                let q = cand[o as usize];
                if q != m && q & m != 0 && !self.narrow(cand, o, !m) {
                    return false;
                }
            }
        }
        // Hidden: the digits with exactly two places, and for each the places as bits of house positions.
        let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
        for &c in house {
            let m = cand[c as usize];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        let two = twice & !thrice;
        if two.count_ones() < 2 {
            return true;
        }
        let mut places = [0u32; 32];
        for (k, &c) in house.iter().enumerate() {
            let mut m = cand[c as usize] & two;
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << k;
                m &= m - 1;
            }
        }
        let mut rest = two;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut later = rest;
            while later != 0 {
                let e = later.trailing_zeros() as usize;
                later &= later - 1;
                if places[d] != places[e] {
                    continue;
                }
                let mut p = places[d];
                while p != 0 {
                    let k = p.trailing_zeros() as usize;
                    p &= p - 1;
                    if !self.narrow(cand, house[k], 1 << d | 1 << e) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Places every digit that has one place left in house `h`; `false` if a digit has none.
    fn hidden_singles(&mut self, h: usize, cand: &mut [u32]) -> bool {
        let t = self.t;
        let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
        for &c in t.house(h) {
            let m = cand[c as usize];
            twice |= once & m;
            once |= m;
            if m & (m - 1) == 0 {
                fixed |= m;
            }
        }
        if once != t.full {
            return false;
        }
        let hidden = once & !twice & !fixed;
        if hidden != 0 {
            for &c in t.house(h) {
                let m = cand[c as usize] & hidden;
                if m != 0 {
                    if m & (m - 1) != 0 {
                        // One cell is the only place for two digits.
                        return false;
                    }
                    cand[c as usize] = m;
                    self.changed(c as usize);
                    self.queue.push(c);
                }
            }
        }
        true
    }

    /// Keeps in each open cell of cage `k` only digits of some set of different digits that completes
    /// the sum and that every open cell can take part in; `false` if no such set exists.
    fn cage(&mut self, k: usize, cand: &mut [u32]) -> bool {
        let t = self.t;
        let cage = &t.cages[k];
        let (mut placed_sum, mut used, mut union) = (0u32, 0u32, 0u32);
        let mut open: [u16; 32] = [0; 32];
        let mut n_open = 0usize;
        for &c in &cage.cells {
            let m = cand[c as usize];
            if m & (m - 1) == 0 {
                placed_sum += m.trailing_zeros() + 1;
                used |= m;
            } else {
                union |= m;
                open[n_open] = c;
                n_open += 1;
            }
        }
        if placed_sum > cage.sum {
            return false;
        }
        let open = &open[..n_open];
        if open.is_empty() {
            return placed_sum == cage.sum;
        }
        let union = union & !used;
        let mut digits: [u32; 32] = [0; 32];
        let mut n_digits = 0usize;
        let mut rest = union;
        while rest != 0 {
            digits[n_digits] = rest.trailing_zeros() + 1;
            n_digits += 1;
            rest &= rest - 1;
        }
        let mut e =
            SumSets { digits: &digits[..n_digits], open, cand, allowed: 0, steps: 0, everything: union };
        e.walk(0, open.len(), cage.sum - placed_sum, 0);
        let allowed = if e.steps > CAGE_BUDGET { union } else { e.allowed };
        if allowed == 0 {
            return false;
        }
        for &c in open {
            if !self.narrow(cand, c, allowed) {
                return false;
            }
        }
        true
    }

    /// The cell and digit to branch on, `None` when every cell is placed.
    ///
    /// Among cells with two candidates, the first in reading order. Scoring them by how many unplaced
    /// peers share a digit (the most constraining first) cut the guesses on fresh 16×16 puzzles to a
    /// third, but made single puzzles of the 25×25 set up to ten times slower, so it is not used.
    fn choose(&self, cand: &[u32]) -> Option<(usize, u32)> {
        let mut best = None;
        let mut best_count = u32::MAX;
        for (i, &m) in cand.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 && k < best_count {
                best = Some(i);
                best_count = k;
                if k == 2 {
                    break;
                }
            }
        }
        let cell = best?;
        if best_count > 2 {
            if let Some(pair) = self.two_places(cand) {
                return Some(pair);
            }
        }
        let m = cand[cell];
        Some((cell, m & m.wrapping_neg()))
    }

    /// A digit with exactly two places in some house, as its first place: a two-way branch.
    fn two_places(&self, cand: &[u32]) -> Option<(usize, u32)> {
        let t = self.t;
        for h in 0..t.house_count {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &c in t.house(h) {
                let m = cand[c as usize];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let pairs = twice & !thrice;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                let cell = t.house(h).iter().find(|&&c| cand[c as usize] & bit != 0)?;
                return Some((*cell as usize, bit));
            }
        }
        None
    }
}

/// Enumerates the sets of different digits that complete a cage's sum, collecting their union.
struct SumSets<'a> {
    /// The candidate digits (1-based), ascending.
    digits: &'a [u32],
    open: &'a [u16],
    cand: &'a [u32],
    allowed: u32,
    steps: u32,
    /// Every candidate: once `allowed` reaches it, nothing more can be learnt.
    everything: u32,
}

impl SumSets<'_> {
    /// Chooses `need` more digits from `digits[i..]` adding up to `rest`; `chosen` is the set so far.
    fn walk(&mut self, i: usize, need: usize, rest: u32, chosen: u32) {
        self.steps += 1;
        if self.steps > CAGE_BUDGET || self.allowed == self.everything {
            return;
        }
        if need == 0 {
            // Each open cell must be able to take one digit of the set.
            if rest == 0 && self.open.iter().all(|&c| self.cand[c as usize] & chosen != 0) {
                self.allowed |= chosen;
            }
            return;
        }
        let left = &self.digits[i..];
        if left.len() < need {
            return;
        }
        let low: u32 = left[..need].iter().sum();
        let high: u32 = left[left.len() - need..].iter().sum();
        if rest < low || rest > high {
            return;
        }
        let d = left[0];
        if d <= rest {
            self.walk(i + 1, need - 1, rest - d, chosen | 1 << (d - 1));
        }
        self.walk(i + 1, need, rest, chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::region_map;
    use crate::rules::Cage;
    use crate::solve::Limits;

    fn count_all(board: &Board, grid: &Grid) -> u64 {
        let o = count(board, grid, &Limits::all());
        assert!(o.complete);
        o.solutions
    }

    /// Counts solutions by plain backtracking in reading order, checking every rule by brute force:
    /// the reference the engine is checked against.
    fn naive_count(board: &Board, grid: &Grid, limit: u64) -> u64 {
        fn ok(board: &Board, v: &[u8], cell: usize) -> bool {
            let d = v[cell];
            if board.peers(Cell::from_index(cell)).iter().any(|&p| v[p as usize] == d) {
                return false;
            }
            board.cages().iter().filter(|c| c.cells.iter().any(|x| x.index() == cell)).all(|c| {
                let vals: Vec<u32> = c.cells.iter().map(|x| v[x.index()] as u32).collect();
                let s: u32 = vals.iter().sum();
                if vals.contains(&0) {
                    s < c.sum
                } else {
                    s == c.sum
                }
            })
        }
        fn go(board: &Board, v: &mut Vec<u8>, given: &[bool], cell: usize, found: &mut u64, limit: u64) {
            if *found >= limit {
                return;
            }
            if cell == v.len() {
                *found += 1;
                return;
            }
            if given[cell] {
                if ok(board, v, cell) {
                    go(board, v, given, cell + 1, found, limit);
                }
                return;
            }
            for d in 1..=board.shape().side() as u8 {
                v[cell] = d;
                if ok(board, v, cell) {
                    go(board, v, given, cell + 1, found, limit);
                }
            }
            v[cell] = 0;
        }
        let given: Vec<bool> = grid.values().iter().map(|&x| x != 0).collect();
        let mut v = grid.values().to_vec();
        let mut found = 0;
        go(board, &mut v, &given, 0, &mut found, limit);
        found
    }

    /// A small deterministic generator, so the tests need no RNG crate state.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// Puzzles made by blanking cells of a solution found by the engine.
    fn random_puzzles(board: &Board, seed: u64, count: usize, blanks: usize) -> Vec<Grid> {
        let shape = board.shape();
        let mut rng = Lcg(seed);
        let mut out = Vec::new();
        for _ in 0..count * 50 {
            if out.len() == count {
                break;
            }
            // A few random givens steer the engine to different solutions.
            let mut start = Grid::empty(shape);
            for _ in 0..3 {
                let c = Cell::from_index(rng.next(shape.cells()));
                start.set(c, Some(crate::Digit::from_index(rng.next(shape.side()))));
            }
            let mut solution = None;
            search(board, &start, &Limits::up_to(1), &mut |g| {
                solution = Some(g.clone());
                ControlFlow::Break(())
            });
            let Some(mut g) = solution else { continue };
            for _ in 0..blanks {
                g.set(Cell::from_index(rng.next(shape.cells())), None);
            }
            out.push(g);
        }
        assert_eq!(out.len(), count, "too few random starts have a solution");
        out
    }

    #[test]
    fn empty_4x4_has_288_solutions() {
        let s = Shape::for_side(4).expect("4");
        assert_eq!(count_all(&Board::classic(s), &Grid::empty(s)), 288);
    }

    #[test]
    fn no_4x4_puzzle_with_three_givens_is_unique() {
        let s = Shape::for_side(4).expect("4");
        let board = Board::classic(s);
        let mut checked = 0;
        for a in 0..16 {
            for b in a + 1..16 {
                for c in b + 1..16 {
                    for digits in 0..64u32 {
                        let mut g = Grid::empty(s);
                        for (k, cell) in [a, b, c].into_iter().enumerate() {
                            let d = (digits >> (2 * k)) & 3;
                            g.set(Cell::from_index(cell), Some(crate::Digit::from_index(d as usize)));
                        }
                        let o = count(&board, &g, &Limits::up_to(2));
                        assert_ne!(o.solutions, 1, "{g} is unique");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 560 * 64);
    }

    #[test]
    fn counts_match_brute_force_on_small_boards_and_variants() {
        let s4 = Shape::for_side(4).expect("4");
        let s6 = Shape::new(2, 3).expect("2x3");
        let s6t = Shape::new(3, 2).expect("3x2");
        let jig6 = region_map(s6, b"AAABBBACCBBDACCCBDAECDDDEEFFFDEEEFFF").expect("regions");
        let boards = [
            Board::classic(s4),
            Board::classic(s4).with_diagonals(),
            Board::classic(s6),
            Board::classic(s6t),
            Board::classic(s6).with_diagonals(),
            Board::jigsaw(s6, &jig6).expect("jigsaw"),
            Board::classic(Shape::CLASSIC).with_windows().expect("hyper"),
            Board::classic(Shape::CLASSIC).with_diagonals(),
        ];
        for (k, board) in boards.iter().enumerate() {
            let blanks = if board.shape().side() == 9 { 45 } else { board.shape().cells() * 2 / 3 };
            for g in random_puzzles(board, 7 + k as u64, 6, blanks) {
                let expected = naive_count(board, &g, 5000);
                let o = count(board, &g, &Limits::up_to(5000));
                assert_eq!(o.solutions, expected, "board {k}: {g}");
                let mut seen = 0;
                search(board, &g, &Limits::up_to(5000), &mut |sol| {
                    assert!(board.is_solution(&g, sol), "board {k}: {sol} does not solve {g}");
                    seen += 1;
                    ControlFlow::Continue(())
                });
                assert_eq!(seen, expected);
            }
        }
    }

    #[test]
    fn killer_cages_match_brute_force() {
        let s6 = Shape::new(2, 3).expect("2x3");
        let base = Board::classic(s6);
        let mut rng = Lcg(99);
        for round in 0..8 {
            let solution = &random_puzzles(&base, 1000 + round, 1, 0)[0];
            // Dominoes across the board, each a cage with the solution's sum; a few cells stay caged alone.
            let mut cages = Vec::new();
            for r in 0..6 {
                for c in (0..6).step_by(2) {
                    let cells = if rng.next(3) == 0 {
                        vec![Cell::at(r, c, s6)]
                    } else {
                        vec![Cell::at(r, c, s6), Cell::at(r, c + 1, s6)]
                    };
                    let sum = cells.iter().map(|x| solution.values()[x.index()] as u32).sum();
                    cages.push(Cage { sum, cells });
                }
            }
            let board = Board::classic(s6).with_cages(cages).expect("valid cages");
            let mut puzzle = Grid::empty(s6);
            for _ in 0..2 {
                let c = Cell::from_index(rng.next(36));
                puzzle.set(c, solution.get(c));
            }
            let expected = naive_count(&board, &puzzle, 100_000);
            assert!(expected >= 1);
            assert_eq!(count(&board, &puzzle, &Limits::up_to(100_000)).solutions, expected, "round {round}");
        }
    }

    #[test]
    fn impossible_cage_sum_leaves_no_solution() {
        let s4 = Shape::for_side(4).expect("4");
        // 1 + 2 in a row cage while the row's other cage needs 1 + 2 as well: no solution.
        let board = Board::classic(s4)
            .with_cages([
                Cage { sum: 3, cells: vec![Cell::at(0, 0, s4), Cell::at(0, 1, s4)] },
                Cage { sum: 3, cells: vec![Cell::at(0, 2, s4), Cell::at(0, 3, s4)] },
            ])
            .expect("each cage alone is fine");
        assert_eq!(count_all(&board, &Grid::empty(s4)), 0);
        assert_eq!(naive_count(&board, &Grid::empty(s4), 10), 0);
    }

    /// The same tables with naked and hidden singles and cage sums only: no segments, overlaps or pairs.
    fn singles_only(board: &Board) -> Tables {
        Tables {
            segs: Segments::default(),
            overlaps: Vec::new(),
            locked_mask: 0,
            seg_mask: 0,
            overlap_mask: 0,
            pairs_mask: 0,
            ..Tables::new(board)
        }
    }

    #[test]
    fn locked_candidates_and_pairs_change_no_count() {
        let s9 = Shape::CLASSIC;
        // Boxes with a few cells swapped between boxes: regions that meet rows and columns in segments
        // of one to four cells. Each swapped pair holds one digit in a classic solution, so that
        // solution still fits and the board has solutions.
        let solution = &random_puzzles(&Board::classic(s9), 3, 1, 0)[0];
        let mut regions: Vec<u8> = (0..81).map(|i| s9.box_of(Cell::from_index(i)) as u8).collect();
        let mut swaps = 0;
        for a in 0..81 {
            for b in a + 1..81 {
                let same = solution.values()[a] == solution.values()[b];
                if swaps < 5
                    && same
                    && regions[a] == s9.box_of(Cell::from_index(a)) as u8
                    && regions[a] + 1 == regions[b]
                {
                    regions.swap(a, b);
                    swaps += 1;
                }
            }
        }
        assert_eq!(swaps, 5);
        let jig9 = Board::jigsaw(s9, &regions).expect("a valid region map");
        let boards = [
            (Board::classic(s9), 50),
            (Board::classic(s9).with_diagonals(), 50),
            (Board::classic(s9).with_windows().expect("hyper"), 50),
            (jig9, 50),
            (Board::classic(Shape::for_side(12).expect("12")), 80),
            (Board::classic(Shape::new(4, 3).expect("4x3")), 80),
            (Board::classic(Shape::for_side(16).expect("16")), 140),
        ];
        for (k, (board, blanks)) in boards.iter().enumerate() {
            let plain = singles_only(board);
            let full = Tables::new(board);
            assert!(full.seg_mask != 0, "board {k} has segments");
            for g in random_puzzles(board, 40 + k as u64, 8, *blanks) {
                let limits = Limits::up_to(100);
                let a = run_with(&full, &g, &limits, Counter);
                let b = run_with(&plain, &g, &limits, Counter);
                assert!(a.complete && b.complete);
                assert_eq!(a.solutions, b.solutions, "board {k}: {g}");
            }
        }
    }

    #[test]
    fn counting_and_visiting_agree() {
        let s6 = Shape::new(2, 3).expect("2x3");
        let mut g = Grid::empty(s6);
        g.set(Cell::from_index(0), Some(crate::Digit::new(1)));
        g.set(Cell::from_index(7), Some(crate::Digit::new(4)));
        g.set(Cell::from_index(14), Some(crate::Digit::new(2)));
        g.set(Cell::from_index(35), Some(crate::Digit::new(6)));
        let board = Board::classic(s6);
        let counted = count_all(&board, &g);
        let mut visited = 0u64;
        let o = search(&board, &g, &Limits::all(), &mut |_| {
            visited += 1;
            ControlFlow::Continue(())
        });
        assert!(o.complete);
        assert_eq!(counted, visited);
        assert_eq!(counted, naive_count(&board, &g, u64::MAX));
    }
}
