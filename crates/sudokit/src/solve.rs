//! The general search engine: any board shape, any set of houses, and killer cages — so every variant.
//!
//! ```text
//!   state (one per search depth)        tables (built once per search from the Board)
//!   cand: [u32; side²]                  peers        cell -> cells that must differ (houses + cages)
//!          bit d-1 set = digit d        houses       house h -> its `side` cells
//!          still possible               cell_houses  cell -> bitmask of the houses it is in
//!                                       cages        cage -> cells and sum; cell -> its cage
//!   transient (empty between nodes)
//!   queue         cells that became single and have not yet been removed from their peers
//!   dirty houses  bitmask (u128) of houses with a changed cell since their last hidden-single scan
//!   dirty cages   cages with a changed cell since their last sum check
//! ```
//!
//! A cell is *placed* when its mask has one bit. Masks only shrink, so a mask becomes a singleton at
//! exactly one moment, and that moment pushes the cell on the queue, which removes the digit from
//! every peer; no separate "placed" flag is needed.
//!
//! Propagation runs to a fixed point before any guess: naked singles (the queue), cage sums (each
//! unplaced cage cell keeps only digits of some set of different digits that completes the sum with
//! the cage's current candidates), and hidden singles, scanning only the houses and cages that changed
//! since they were last looked at (scanning every house after every placement costs most of the time
//! on 16×16 and 25×25 boards). Marking a house dirty is one OR of the cell's precomputed house mask:
//! a board has at most 3 × 32 + 2 + 16 distinct houses, so one `u128` holds them all (identical
//! houses, e.g. diagonals added twice, are merged when the tables are built).
//!
//! Branching picks the unplaced cell with the fewest candidates; when that is more than two, a digit
//! with exactly two places in some house gives a two-way branch instead, which is what makes big
//! boards fast. Every branch is binary — "this cell is `d`" on a copy of the state, then "this cell is
//! not `d`" in place — so the last alternative never copies. States for each depth come from a pool,
//! so the search only allocates while it first goes deeper than before.
//!
//! What happens to a solution is a [`Sink`] chosen at compile time: counting builds no [`Grid`] at all
//! (the empty 6×6 board's 28,200,960 solutions are counted in seconds), visiting builds one per solution.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::board::Board;
use crate::engine::{Limits, SearchOutcome};
use crate::grid::{Cell, Grid, Shape};

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
    /// For each cell, the houses it is in, one bit per house (houses past 128 are never marked dirty:
    /// hidden singles there are only an optimisation, and the board types cannot build so many).
    cell_houses: Vec<u128>,
    cages: Vec<CageRule>,
    cell_cage: Vec<u16>,
    /// Pairs of houses sharing two or more cells, for locked candidates (empty on small boards).
    overlaps: Vec<Overlap>,
    /// Every house when the locked-candidates pass is on, else none.
    locked_mask: u128,
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
        for h in board.houses() {
            let mut cells: Vec<u16> = h.cells.iter().map(|c| c.index() as u16).collect();
            cells.sort_unstable();
            if !distinct.contains(&cells) {
                distinct.push(cells);
            }
        }
        let mut cell_houses = vec![0u128; cells];
        for (h, house) in distinct.iter().enumerate().take(128) {
            for &c in house {
                cell_houses[c as usize] |= 1 << h;
            }
        }
        let houses: Vec<u16> = distinct.concat();
        let mut overlaps = Vec::new();
        if side >= LOCKED_FROM_SIDE {
            let limit = distinct.len().min(128);
            for a in 0..limit {
                for b in a + 1..limit {
                    let (ha, hb) = (&distinct[a], &distinct[b]);
                    let both: Vec<u16> = ha.iter().copied().filter(|c| hb.contains(c)).collect();
                    if both.len() >= 2 {
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
        }
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
            houses,
            cell_houses,
            cages,
            cell_cage,
            locked_mask: if overlaps.is_empty() { 0 } else { u128::MAX },
            overlaps,
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
    dirty_cages: Vec<u16>,
    cage_dirty: Vec<bool>,
    pool: Vec<Vec<u32>>,
    limits: Limits,
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
    let t = Tables::new(board);
    let mut s = Search {
        t: &t,
        sink,
        queue: Vec::with_capacity(t.shape.cells()),
        // Every house and cage starts dirty: even an empty board has cage sums to apply.
        dirty_houses: if t.house_count >= 128 { u128::MAX } else { (1u128 << t.house_count) - 1 },
        locked_dirty: t.locked_mask,
        dirty_cages: (0..t.cages.len() as u16).collect(),
        cage_dirty: vec![true; t.cages.len()],
        pool: Vec::new(),
        limits: *limits,
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
            if self.nodes.is_multiple_of(CLOCK_EVERY)
                && self.limits.deadline.is_some_and(|d| Instant::now() >= d)
            {
                self.out.timed_out = true;
                return ControlFlow::Break(());
            }
            if !self.propagate(cand) {
                return ControlFlow::Continue(());
            }
            let Some((cell, bit)) = self.choose(cand) else {
                self.out.solutions += 1;
                self.sink.solution(self.t.shape, cand)?;
                if self.out.solutions >= self.limits.solutions {
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
                    return true;
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

    /// Locked candidates (pointing and claiming) for every pair of overlapping houses with a changed
    /// house: a digit whose places in one house all lie in the overlap cannot be in the rest of the
    /// other. `false` on a contradiction.
    fn locked_candidates(&mut self, cand: &mut [u32]) -> bool {
        let t = self.t;
        let dirty = std::mem::take(&mut self.locked_dirty);
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
                self.locked_dirty |= dirty;
                return true;
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
    use crate::board::Cage;
    use crate::engine::Limits;
    use crate::variant::region_map;

    fn count_all(board: &Board, grid: &Grid) -> u64 {
        let o = count(board, grid, &Limits::solutions(0));
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
            search(board, &start, &Limits::solutions(1), &mut |g| {
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
                        let o = count(&board, &g, &Limits::solutions(2));
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
                let o = count(board, &g, &Limits::solutions(5000));
                assert_eq!(o.solutions, expected, "board {k}: {g}");
                let mut seen = 0;
                search(board, &g, &Limits::solutions(5000), &mut |sol| {
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
            assert_eq!(
                count(&board, &puzzle, &Limits::solutions(100_000)).solutions,
                expected,
                "round {round}"
            );
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
        let o = search(&board, &g, &Limits::solutions(0), &mut |_| {
            visited += 1;
            ControlFlow::Continue(())
        });
        assert!(o.complete);
        assert_eq!(counted, visited);
        assert_eq!(counted, naive_count(&board, &g, u64::MAX));
    }
}
