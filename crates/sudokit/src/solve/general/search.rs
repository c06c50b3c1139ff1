//! The node loop: propagation to a fixed point, then a binary branch on a copy of the state, with
//! the states of every depth taken from a pool; and the sinks that decide what a solution becomes.

use std::ops::ControlFlow;

use super::propagate::Passes;
use crate::grid::{Grid, Shape};
use crate::rules::{Board, Geometry, NO_CAGE};
use crate::solve::{Limits, SearchOutcome};

/// The smallest side on which branching prefers the two-candidate cell whose digits are rarest on
/// the board. Measured on the generated sets (uniqueness checks): on 25×25, a ninth of the guesses
/// (2,988,924 to 315,763), the median four times and the worst puzzle 37 times faster; on 16×16, 42%
/// of the guesses. Smaller boards keep the first such cell in reading order, so their search trees
/// (and the 6×6 count's speed) stay as they were.
///
/// From the same side on, the contradictions found so far lead first: each house gains a point
/// whenever propagation finds the state impossible inside it, and among the cells with the fewest
/// candidates the one whose houses have the most points comes first (the rarest digits break ties).
/// Measured on the generated sets (uniqueness checks): on 25×25, guesses 139,377 to 50,447, the
/// median 0.78 and the worst puzzle 0.30 of their time (none over 200 ms, from six); on 16×16, 74% of
/// the guesses and 0.92 of the median time. Weighing by contradictions *instead of* rarity (the
/// rarity over the points) left 63,022 guesses, points per house and digit 63,769, and points that
/// grow with each contradiction (recent ones weigh more) no fewer than plain counts.
pub(super) const BY_FREQUENCY_FROM_SIDE: usize = 16;

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// What the search does with each solution; a type parameter, so the count-only mode compiles to
/// code that never builds a grid.
pub(super) trait Sink {
    fn solution(&mut self, shape: Shape, cand: &[u32]) -> ControlFlow<()>;
}

/// Counts only.
pub(super) struct Counter;

impl Sink for Counter {
    #[inline]
    fn solution(&mut self, _shape: Shape, _cand: &[u32]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Builds each solution and hands it to a callback.
pub(super) struct Visitor<'v> {
    pub(super) visit: &'v mut dyn FnMut(&Grid) -> ControlFlow<()>,
}

impl Sink for Visitor<'_> {
    fn solution(&mut self, shape: Shape, cand: &[u32]) -> ControlFlow<()> {
        let values: Vec<u8> = cand.iter().map(|m| m.trailing_zeros() as u8 + 1).collect();
        let grid = Grid::from_values(shape, &values).expect("a solved state holds digits of the board");
        (self.visit)(&grid)
    }
}

pub(super) struct Search<'t, S> {
    pub(super) board: &'t Board,
    /// The board's tables, shared by every search on it.
    pub(super) g: &'t Geometry,
    /// The houses each of the stronger propagation steps looks at.
    pub(super) passes: Passes,
    sink: S,
    pub(super) queue: Vec<u16>,
    pub(super) dirty_houses: u128,
    /// Houses changed since the last locked-candidates pass (always 0 when the pass is off).
    pub(super) locked_dirty: u128,
    pub(super) pairs_dirty: u128,
    /// Scratch for the segment ORs of one locked-candidates pass, on boards that do not keep them in
    /// the state ([`Passes::kept_segments`]).
    pub(super) seg_or: Vec<u32>,
    /// The segments (bit `s % 64` of word `s / 64`) with a changed cell since their OR in the state
    /// was last taken; only when the state keeps the ORs.
    pub(super) seg_stale: Vec<u64>,
    pub(super) dirty_cages: Vec<u16>,
    pub(super) cage_dirty: Vec<bool>,
    pool: Vec<Vec<u32>>,
    /// How many contradictions each house has shown so far in this search (empty below
    /// [`BY_FREQUENCY_FROM_SIDE`], where branching does not read them). Kept across backtracking: a
    /// house that was hard to satisfy in one branch tends to be hard in the next.
    weight: Vec<u32>,
    /// The solution limit (`u64::MAX` for none).
    cap: u64,
    /// Whether a budget, cancel flag or deadline is set, so that the node loop looks at them.
    interruptible: bool,
    limits: &'t Limits,
    out: SearchOutcome,
    nodes: u64,
}

/// Runs one search on `board` with the steps `passes` turns on, giving each solution to `sink`. Each
/// cell of `keep` starts with only the digits of its mask (and the givens' own digit, if a given).
pub(super) fn run_with<'t, S: Sink>(
    board: &'t Board,
    passes: Passes,
    puzzle: &Grid,
    keep: &[(usize, u32)],
    limits: &'t Limits,
    sink: S,
) -> SearchOutcome {
    if limits.max_solutions() == Some(0) {
        return SearchOutcome::default();
    }
    let g = board.geometry();
    let mut s = Search {
        board,
        g,
        passes,
        sink,
        queue: Vec::with_capacity(board.shape().cells()),
        // Every house and cage starts dirty: even an empty board has cage sums to apply.
        dirty_houses: g.all_houses,
        locked_dirty: passes.locked,
        pairs_dirty: passes.pairs,
        seg_or: vec![0; if passes.segments != 0 && !passes.kept_segments { g.segs.len() } else { 0 }],
        // The state's ORs start unknown.
        seg_stale: if passes.kept_segments { stale_all(g.segs.len()) } else { Vec::new() },
        dirty_cages: (0..g.cages.len() as u16).collect(),
        cage_dirty: vec![true; g.cages.len()],
        pool: Vec::new(),
        weight: if g.side >= BY_FREQUENCY_FROM_SIDE { vec![0; g.house_count] } else { Vec::new() },
        cap: limits.solution_cap(),
        interruptible: limits.can_interrupt(),
        limits,
        out: SearchOutcome::default(),
        nodes: 0,
    };
    let cells = board.shape().cells();
    // The state: the cells' candidates, then, when kept, the ORs of the segments' open cells.
    let mut cand = vec![g.full; cells + if passes.kept_segments { g.segs.len() } else { 0 }];
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 {
            cand[i] = 1 << (v - 1);
            s.queue.push(i as u16);
        }
    }
    for &(c, m) in keep {
        let was = cand[c];
        let kept = was & m;
        if kept == 0 {
            s.out.complete = true;
            return s.out;
        }
        cand[c] = kept;
        // Every house starts dirty; only a new single needs the queue.
        if kept != was && kept & (kept - 1) == 0 {
            s.queue.push(c as u16);
        }
    }
    // Only a full search that was not cut short proves the count.
    s.out.complete = s.node(0, &mut cand).is_continue();
    s.out
}

impl<S: Sink> Search<'_, S> {
    fn node(&mut self, depth: usize, state: &mut [u32]) -> ControlFlow<()> {
        let cells = self.board.shape().cells();
        loop {
            self.nodes += 1;
            if self.interruptible && self.nodes.is_multiple_of(CLOCK_EVERY) {
                self.out.interrupted = self.limits.interrupt(self.nodes);
                if self.out.interrupted.is_some() {
                    return ControlFlow::Break(());
                }
            }
            let (cand, seg_or) = state.split_at_mut(cells);
            if !self.propagate(cand, seg_or) {
                return ControlFlow::Continue(());
            }
            debug_assert!(
                self.seg_stale.iter().all(|&w| w == 0),
                "a fixed point leaves every kept OR current"
            );
            let Some((cell, bit)) = self.choose(cand) else {
                self.out.solutions += 1;
                self.sink.solution(self.board.shape(), cand)?;
                if self.out.solutions >= self.cap {
                    return ControlFlow::Break(());
                }
                return ControlFlow::Continue(());
            };
            self.out.guesses += 1;
            if self.pool.len() <= depth {
                self.pool.push(Vec::with_capacity(state.len()));
            }
            let mut child = std::mem::take(&mut self.pool[depth]);
            child.clear();
            child.extend_from_slice(state);
            child[cell] = bit;
            self.changed(cell);
            self.queue.push(cell as u16);
            let r = self.node(depth + 1, &mut child);
            self.pool[depth] = child;
            r?;
            // The other branch, in place: the digit is not in this cell (which keeps at least one other).
            // The child's contradiction or solution left no segment stale, and this state's ORs are
            // as they were at its fixed point.
            let m = state[cell] & !bit;
            state[cell] = m;
            self.changed(cell);
            if m & (m - 1) == 0 {
                self.queue.push(cell as u16);
            }
        }
    }

    /// Notes that a cell's candidates shrank: its houses and cage need another look.
    #[inline]
    pub(super) fn changed(&mut self, cell: usize) {
        self.dirty_houses |= self.g.cell_houses[cell];
        self.locked_dirty |= self.g.cell_houses[cell] & self.passes.locked;
        self.pairs_dirty |= self.g.cell_houses[cell] & self.passes.pairs;
        if self.passes.kept_segments {
            for &s in self.g.segs.cell_segs(cell) {
                self.seg_stale[s as usize / 64] |= 1 << (s % 64);
            }
        }
        let k = self.g.cell_cage[cell];
        if k != NO_CAGE && !self.cage_dirty[k as usize] {
            self.cage_dirty[k as usize] = true;
            self.dirty_cages.push(k);
        }
    }

    /// Keeps only the `keep` candidates of cell `c`; `false` if none is left. A cell left with one
    /// candidate is queued, so that its digit leaves its peers.
    #[inline]
    pub(super) fn narrow(&mut self, cand: &mut [u32], c: u16, keep: u32) -> bool {
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

    /// Notes a contradiction inside `houses` for branching (nothing on boards that do not weigh
    /// houses). The singles and the subsets filter report theirs; counting the rarer ones of locked
    /// candidates too changed the 25×25 guesses by under 1%.
    #[inline]
    pub(super) fn blame(&mut self, mut houses: u128) {
        if self.weight.is_empty() {
            return;
        }
        while houses != 0 {
            self.weight[houses.trailing_zeros() as usize] += 1;
            houses &= houses - 1;
        }
    }

    /// Clears the transient state after a contradiction; always `false`.
    pub(super) fn fail(&mut self) -> bool {
        self.queue.clear();
        self.dirty_houses = 0;
        self.locked_dirty = 0;
        self.pairs_dirty = 0;
        self.seg_stale.fill(0);
        for k in self.dirty_cages.drain(..) {
            self.cage_dirty[k as usize] = false;
        }
        false
    }

    /// The cell and digit to branch on, `None` when every cell is placed.
    ///
    /// Among cells with two candidates: on boards from [`BY_FREQUENCY_FROM_SIDE`] on, the one whose
    /// houses have shown the most contradictions, then the one whose two digits are left in the
    /// fewest open cells of the board (the first in reading order on a tie), else the first in
    /// reading order. Scoring them instead by how many unplaced peers share a digit (the most
    /// constraining first) cut the guesses on fresh 16×16 puzzles to a third, but made single
    /// puzzles of the 25×25 set up to ten times slower, so it is not used.
    fn choose(&self, cand: &[u32]) -> Option<(usize, u32)> {
        let (cell, count) = if self.g.side >= BY_FREQUENCY_FROM_SIDE {
            rarest_pair(cand, &self.g.cell_houses, &self.weight)?
        } else {
            first_fewest(cand)?
        };
        if count > 2 {
            if let Some(pair) = self.two_places(cand) {
                return Some(pair);
            }
        }
        let m = cand[cell];
        Some((cell, m & m.wrapping_neg()))
    }

    /// A digit with exactly two places in some house, as its first place: a two-way branch.
    fn two_places(&self, cand: &[u32]) -> Option<(usize, u32)> {
        let g = self.g;
        for h in 0..g.house_count {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &c in g.house(h) {
                let m = cand[c as usize];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let pairs = twice & !thrice;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                let cell = g.house(h).iter().find(|&&c| cand[c as usize] & bit != 0)?;
                return Some((*cell as usize, bit));
            }
        }
        None
    }
}

/// A stale-segment set holding every one of `segs` segments.
fn stale_all(segs: usize) -> Vec<u64> {
    let mut words = vec![0u64; segs.div_ceil(64)];
    for s in 0..segs {
        words[s / 64] |= 1 << (s % 64);
    }
    words
}

/// The first open cell with the fewest candidates, in reading order, and that count; `None` when
/// every cell is placed.
pub(super) fn first_fewest(cand: &[u32]) -> Option<(usize, u32)> {
    let mut best = None;
    let mut best_count = u32::MAX;
    for (i, &m) in cand.iter().enumerate() {
        let k = m.count_ones();
        if k > 1 && k < best_count {
            best = Some((i, k));
            best_count = k;
            if k == 2 {
                break;
            }
        }
    }
    best
}

/// The open cell with the fewest candidates, and that count; among those, the one whose houses
/// (`cell_houses`) have the largest sum of `weight`, then the one whose digits are left in the fewest
/// open cells of the board (summed over its digits), the first on a tie. A rare digit has few places
/// left, so either branch on it settles more of the board. `None` when every cell is placed.
///
/// The digit tally costs a pass over every open cell, so it is taken only when the weights leave a
/// tie: once the search has met contradictions they mostly settle the choice alone.
pub(super) fn rarest_pair(cand: &[u32], cell_houses: &[u128], weight: &[u32]) -> Option<(usize, u32)> {
    let mut count = u32::MAX;
    for &m in cand {
        let k = m.count_ones();
        if k > 1 && k < count {
            count = k;
            if k == 2 {
                break;
            }
        }
    }
    if count == u32::MAX {
        return None;
    }
    let house_weight = |i: usize| {
        let mut w = 0;
        let mut houses = cell_houses[i];
        while houses != 0 {
            w += weight[houses.trailing_zeros() as usize];
            houses &= houses - 1;
        }
        w
    };
    let (mut best, mut best_weight, mut ties) = (usize::MAX, 0u32, 0u32);
    for (i, &m) in cand.iter().enumerate() {
        if m.count_ones() != count {
            continue;
        }
        let w = house_weight(i);
        if best == usize::MAX || w > best_weight {
            (best, best_weight, ties) = (i, w, 1);
        } else if w == best_weight {
            ties += 1;
        }
    }
    if ties > 1 {
        let mut freq = [0u32; 32];
        for &m in cand {
            if m & (m - 1) != 0 {
                let mut rest = m;
                while rest != 0 {
                    freq[rest.trailing_zeros() as usize] += 1;
                    rest &= rest - 1;
                }
            }
        }
        let mut best_freq = u32::MAX;
        for (i, &m) in cand.iter().enumerate().skip(best) {
            if m.count_ones() != count || house_weight(i) != best_weight {
                continue;
            }
            let mut f = 0;
            let mut rest = m;
            while rest != 0 {
                f += freq[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            if f < best_freq {
                (best, best_freq) = (i, f);
            }
        }
    }
    Some((best, count))
}
