//! The general search engine: any board shape and any set of houses (so every variant built from houses).
//!
//! State is one `u32` candidate mask per cell. A cell is *placed* when its mask has one bit; the
//! invariant that makes a separate "placed" flag unnecessary is that a mask becomes a singleton at
//! exactly one moment (masks only shrink), and that moment pushes the cell on the propagation queue,
//! which removes the digit from every peer.
//!
//! Propagation runs naked singles (through the queue) and hidden singles (one pass over every house
//! computing "seen once" and "seen twice" masks) to a fixed point before any guess. Branching takes the
//! unplaced cell with the fewest candidates, trying digits in increasing order; the last alternative
//! reuses the parent's state instead of copying it. States for each depth come from a pool, so the
//! search allocates only while it first goes deeper than before.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::board::Board;
use crate::engine::{Limits, SearchOutcome};
use crate::grid::Grid;

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

struct Search<'a, 'v> {
    peers: Vec<&'a [u16]>,
    houses: Vec<Vec<u16>>,
    full: u32,
    queue: Vec<u16>,
    pool: Vec<Vec<u32>>,
    limits: Limits,
    out: SearchOutcome,
    nodes: u64,
    shape: crate::grid::Shape,
    visit: &'v mut dyn FnMut(&Grid) -> ControlFlow<()>,
}

/// Runs the general search; see [`crate::Engine::search`].
pub(crate) fn search(
    board: &Board,
    puzzle: &Grid,
    limits: &Limits,
    visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> SearchOutcome {
    let shape = board.shape();
    let n = shape.side();
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut s = Search {
        peers: (0..shape.cells()).map(|i| board.peers(crate::Cell::from_index(i))).collect(),
        houses: board.houses().iter().map(|h| h.cells.iter().map(|c| c.index() as u16).collect()).collect(),
        full,
        queue: Vec::with_capacity(shape.cells()),
        pool: Vec::new(),
        limits: *limits,
        out: SearchOutcome::default(),
        nodes: 0,
        shape,
        visit,
    };
    let mut cand = vec![full; shape.cells()];
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 {
            cand[i] = 1 << (v - 1);
            s.queue.push(i as u16);
        }
    }
    // Only a full search that was not cut short proves the count.
    s.out.complete = s.run(0, &mut cand).is_continue();
    s.out
}

impl Search<'_, '_> {
    fn run(&mut self, depth: usize, cand: &mut Vec<u32>) -> ControlFlow<()> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) {
            if let Some(d) = self.limits.deadline {
                if Instant::now() >= d {
                    self.out.timed_out = true;
                    return ControlFlow::Break(());
                }
            }
        }
        if !self.propagate(cand) {
            return ControlFlow::Continue(());
        }
        let Some(cell) = self.pick(cand) else {
            return self.found(cand);
        };
        let mut mask = cand[cell];
        while mask != 0 {
            let bit = mask & mask.wrapping_neg();
            mask &= !bit;
            self.out.guesses += 1;
            if mask == 0 {
                cand[cell] = bit;
                self.queue.push(cell as u16);
                return self.run(depth, cand);
            }
            if self.pool.len() <= depth {
                self.pool.push(Vec::new());
            }
            let mut child = std::mem::take(&mut self.pool[depth]);
            child.clear();
            child.extend_from_slice(cand);
            child[cell] = bit;
            self.queue.push(cell as u16);
            let r = self.run(depth + 1, &mut child);
            self.pool[depth] = child;
            r?;
        }
        ControlFlow::Continue(())
    }

    fn found(&mut self, cand: &[u32]) -> ControlFlow<()> {
        self.out.solutions += 1;
        let values: Vec<u8> = cand.iter().map(|m| m.trailing_zeros() as u8 + 1).collect();
        let grid = Grid::from_values(self.shape, &values).expect("a solved state holds digits of the board");
        (self.visit)(&grid)?;
        if self.out.solutions >= self.limits.solutions {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// The unplaced cell with the fewest candidates, `None` when every cell is placed.
    fn pick(&self, cand: &[u32]) -> Option<usize> {
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
        best
    }

    /// Naked and hidden singles to a fixed point; `false` on a contradiction.
    fn propagate(&mut self, cand: &mut [u32]) -> bool {
        loop {
            while let Some(c) = self.queue.pop() {
                let bit = cand[c as usize];
                for &p in self.peers[c as usize] {
                    let m = cand[p as usize];
                    if m & bit != 0 {
                        let m = m & !bit;
                        cand[p as usize] = m;
                        if m == 0 {
                            self.queue.clear();
                            return false;
                        }
                        if m & (m - 1) == 0 {
                            self.queue.push(p);
                        }
                    }
                }
            }
            let mut placed_any = false;
            for h in &self.houses {
                let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
                for &c in h {
                    let m = cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                if once != self.full {
                    return false;
                }
                let hidden = once & !twice & !fixed;
                if hidden != 0 {
                    for &c in h {
                        let m = cand[c as usize] & hidden;
                        if m != 0 {
                            if m & (m - 1) != 0 {
                                // One cell is the only place for two digits.
                                self.queue.clear();
                                return false;
                            }
                            cand[c as usize] = m;
                            self.queue.push(c);
                            placed_any = true;
                        }
                    }
                }
            }
            if !placed_any {
                return true;
            }
        }
    }
}
