//! Propagation to a fixed point: naked singles (the queue), cage sums, hidden singles, then on
//! boards from 9×9 on locked candidates and naked and hidden pairs (from 16×16 on, subsets of every
//! size), each over the houses that changed since it last looked.

use super::matching;
use super::search::{Search, Sink};
use crate::rules::Geometry;

/// The smallest side on which propagation also looks for locked candidates. Measured on the 25×25
/// set: three to five times fewer guesses, under half the time. On 4×4 to 8×8 boards a guess is
/// cheaper than the pass. From 9 on, so the 9×9 variants (checked against brute force) exercise it.
const LOCKED_FROM_SIDE: usize = 9;
/// The smallest side on which propagation also looks for naked and hidden pairs. Measured on the
/// 25×25 set: four times fewer guesses, under half the time; on 16×16, twice fewer guesses. From 9
/// on, like locked candidates, so the 9×9 variants exercise it.
const PAIRS_FROM_SIDE: usize = 9;
/// The smallest side on which the pairs pass becomes the full one-to-one filter of each house
/// (naked and hidden subsets of every size, [`matching::filter`]). Measured on the generated sets
/// (uniqueness checks): on 25×25, 44% of the guesses and two thirds of the median time, the worst
/// puzzle 0.64 of its time; on 16×16, 70% of the guesses and 0.85 of the median time. Smaller
/// boards keep the pairs pass, so the 9×9 variants' searches stay as they were. The same filter on
/// each digit's rows against its columns (fish of every size) cut the 25×25 guesses by only 3% and
/// made the set 1.5 times slower, so it is not used.
const SUBSETS_FROM_SIDE: usize = 16;
/// The smallest side on which the state keeps the segment ORs of the locked-candidates pass, so that a
/// pass takes again only those of segments with a changed cell (instead of all of them: 250 on 25×25,
/// where the pass took a quarter of the time). Smaller boards take all of them per pass, as before.
const KEPT_SEGMENTS_FROM_SIDE: usize = 16;

/// The houses each of the steps after hidden singles looks at (none: the step is off). The board's
/// geometry has the tables for every step; which steps pay depends on the board size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Passes {
    /// The houses a locked-candidates pass looks at: those with a segment view or an overlap.
    pub(super) locked: u128,
    /// The houses with a segment view.
    pub(super) segments: u128,
    /// The houses in some overlap.
    pub(super) overlaps: u128,
    /// The houses the pairs pass looks at.
    pub(super) pairs: u128,
    /// Whether the pairs pass is the full one-to-one filter of the house (subsets of every size).
    pub(super) subsets: bool,
    /// Whether the state keeps the segment ORs between passes (only with a segment pass).
    pub(super) kept_segments: bool,
}

impl Passes {
    /// The steps that pay on a board of this geometry: locked candidates and pairs from 9×9 on,
    /// subsets of every size from 16×16 on.
    pub(super) fn for_board(g: &Geometry) -> Passes {
        let locked = g.side >= LOCKED_FROM_SIDE;
        let segments = if locked { g.seg_mask } else { 0 };
        let overlaps = if locked { g.overlap_mask } else { 0 };
        let pairs = if g.side >= PAIRS_FROM_SIDE { g.all_houses } else { 0 };
        let subsets = g.side >= SUBSETS_FROM_SIDE;
        let kept_segments = segments != 0 && g.side >= KEPT_SEGMENTS_FROM_SIDE;
        Passes { locked: segments | overlaps, segments, overlaps, pairs, subsets, kept_segments }
    }

    /// Every step on, whatever the board size: the small boards the tests check against brute
    /// force then exercise the steps that only pay on big ones.
    #[cfg(test)]
    pub(super) fn every_step(g: &Geometry) -> Passes {
        Passes {
            locked: g.seg_mask | g.overlap_mask,
            segments: g.seg_mask,
            overlaps: g.overlap_mask,
            pairs: g.all_houses,
            subsets: true,
            kept_segments: g.seg_mask != 0,
        }
    }

    /// Naked and hidden singles and cage sums only.
    #[cfg(test)]
    pub(super) const SINGLES_ONLY: Passes =
        Passes { locked: 0, segments: 0, overlaps: 0, pairs: 0, subsets: false, kept_segments: false };
}

impl<S: Sink> Search<'_, S> {
    /// Naked singles, cage sums and hidden singles to a fixed point; `false` on a contradiction.
    ///
    /// `seg_or` holds the state's segment ORs when it keeps them, else it is empty.
    pub(super) fn propagate(&mut self, cand: &mut [u32], seg_or: &mut [u32]) -> bool {
        let (board, g) = (self.board, self.g);
        loop {
            while let Some(c) = self.queue.pop() {
                let bit = cand[c as usize];
                for &p in g.peers(board, c as usize) {
                    if !self.narrow(cand, p, !bit) {
                        self.blame(g.cell_houses[p as usize] & g.cell_houses[c as usize]);
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
                    let ok = if self.passes.subsets { self.subsets(h, cand) } else { self.pairs(h, cand) };
                    if !ok {
                        self.blame(1 << h);
                        return self.fail();
                    }
                    continue;
                }
                if !self.locked_candidates(cand, seg_or) {
                    return self.fail();
                }
                continue;
            }
            let h = self.dirty_houses.trailing_zeros() as usize;
            self.dirty_houses &= self.dirty_houses - 1;
            if !self.hidden_singles(h, cand) {
                self.blame(1 << h);
                return self.fail();
            }
        }
    }

    /// Locked candidates (pointing and claiming) around every changed house: a digit whose places in
    /// one house all lie in its intersection with another cannot be in the rest of the other.
    /// Segments first, then the overlaps they do not cover. `false` on a contradiction.
    fn locked_candidates(&mut self, cand: &mut [u32], seg_or: &mut [u32]) -> bool {
        let (g, passes) = (self.g, self.passes);
        let dirty = std::mem::take(&mut self.locked_dirty);
        if dirty & passes.segments != 0 {
            let ok = if passes.kept_segments {
                self.refresh_segments(cand, seg_or);
                self.locked_segments(cand, dirty, seg_or)
            } else {
                let mut scratch = std::mem::take(&mut self.seg_or);
                for (s, or) in scratch.iter_mut().enumerate() {
                    *or = open_or(cand, g.segs.seg_cells(s));
                }
                let ok = self.locked_segments(cand, dirty, &scratch);
                self.seg_or = scratch;
                ok
            };
            if !ok {
                return false;
            }
        }
        if !self.queue.is_empty() {
            // The overlap pass reads cells one pair at a time and skips placed cells, so it must
            // not start before every placement has left its peers.
            self.locked_dirty |= dirty & passes.overlaps;
            return true;
        }
        for pair in &g.overlaps {
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
                self.locked_dirty |= dirty & passes.overlaps;
                return true;
            }
        }
        true
    }

    /// Takes again the kept ORs of the segments with a changed cell.
    fn refresh_segments(&mut self, cand: &[u32], seg_or: &mut [u32]) {
        let segs = &self.g.segs;
        for (w, word) in self.seg_stale.iter_mut().enumerate() {
            let mut rest = std::mem::take(word);
            while rest != 0 {
                let s = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                seg_or[s] = open_or(cand, segs.seg_cells(s));
            }
        }
    }

    /// The segment half of [`Self::locked_candidates`] for the views of `dirty` houses, from the
    /// segment ORs of the current state.
    ///
    /// Every segment OR is taken before anything is removed, while every placement has already left
    /// its peers (the queue is empty): each conclusion then holds for that state, and so for every
    /// smaller one, and a whole pass needs no look at the queue.
    fn locked_segments(&mut self, cand: &mut [u32], dirty: u128, seg_or: &[u32]) -> bool {
        let segs = &self.g.segs;
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
        let house = self.g.house(h);
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

    /// The one-to-one filter of house `h` ([`matching::filter`]): its open cells keep only the digits
    /// some assignment of the house's missing digits gives them. `false` on a contradiction.
    ///
    /// Runs with an empty queue, when every placed digit has left its peers; a house where one has
    /// not is left for later.
    fn subsets(&mut self, h: usize, cand: &mut [u32]) -> bool {
        let house = self.g.house(h);
        let mut cells = [0u16; 32];
        let mut adj = [0u32; 32];
        let (mut n, mut fixed, mut open) = (0, 0u32, 0u32);
        for &c in house {
            let m = cand[c as usize];
            if m & (m - 1) == 0 {
                fixed |= m;
            } else {
                cells[n] = c;
                adj[n] = m;
                open |= m;
                n += 1;
            }
        }
        if n < 3 || open & fixed != 0 {
            return true;
        }
        let missing = self.g.full & !fixed;
        if open != missing || missing.count_ones() as usize != n {
            // A digit with no place, or one placed twice.
            return false;
        }
        let before = adj;
        if !matching::filter(&mut adj[..n], missing) {
            return false;
        }
        for k in 0..n {
            if adj[k] != before[k] && !self.narrow(cand, cells[k], adj[k]) {
                return false;
            }
        }
        true
    }

    /// Places every digit that has one place left in house `h`; `false` if a digit has none.
    fn hidden_singles(&mut self, h: usize, cand: &mut [u32]) -> bool {
        let g = self.g;
        let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
        for &c in g.house(h) {
            let m = cand[c as usize];
            twice |= once & m;
            once |= m;
            if m & (m - 1) == 0 {
                fixed |= m;
            }
        }
        if once != g.full {
            return false;
        }
        let hidden = once & !twice & !fixed;
        if hidden != 0 {
            for &c in g.house(h) {
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
}

/// The OR of the candidates of the open cells among `cells`. Placed cells are left out: their digits
/// are gone from their peers, and counting them would make every placed digit look locked and send
/// the locked-candidates pass over cells for nothing.
#[inline]
fn open_or(cand: &[u32], cells: &[u16]) -> u32 {
    cells.iter().fold(0u32, |acc, &c| {
        let m = cand[c as usize];
        acc | if m & (m - 1) == 0 { 0 } else { m }
    })
}
