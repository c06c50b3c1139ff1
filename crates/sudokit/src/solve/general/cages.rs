//! Killer cage sums: each open cell of a cage keeps only the digits of some set of different digits
//! that completes the sum.

use super::search::{Search, Sink};

/// Steps one cage's sum check may take enumerating digit sets. Past it the check keeps every
/// candidate (still sound; the exact check runs again once fewer cells are open). Only huge cages
/// on big boards get near it.
const CAGE_BUDGET: u32 = 4096;

impl<S: Sink> Search<'_, S> {
    /// Keeps in each open cell of cage `k` only digits of some set of different digits that completes
    /// the sum and that every open cell can take part in; `false` if no such set exists.
    pub(super) fn cage(&mut self, k: usize, cand: &mut [u32]) -> bool {
        let cage = &self.g.cages[k];
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
