//! The implications of an assumption, spread breadth first as Sudoku Explainer's `doChaining`
//! spreads them: in a dynamic chain every "off" is removed from the grid as they go (a static
//! cell or region chain reads the grid as it is), and inside a chain of nesting level 1 and up,
//! what the advanced rules and then the nested chaining rules ([`nested_steps`]) remove is added
//! once the implications stall.

use std::collections::HashMap;
use std::sync::Arc;

use crate::rate::se::advanced::{self, Context};
use crate::rate::se::board::{
    cand, cell_of, digit_of, digits, first, two, Bits, Board, Positions, CELL_HOUSES, CELL_INDEX, HOUSES,
};

use super::best::{Best, SharedStep};
use super::cycles::cycles_and_chains_into;
use super::levels::{nested_rules, Multi, Nested};
use super::links::on_to_off;
use super::memo::{NestedCache, SourceMemo};
use super::multiple::multiple_chains_into;
use super::{pruning, Budget, Chainer, Outcome, NONE};

impl Chainer<'_> {
    /// What an "off" potential turns on: the cell's last candidate (with Y-links), the digit's
    /// last place in the block, row or column. `save` is the grid before the chain: the offs that
    /// emptied the cell or house since are extra parents (dynamic chains). Writes `(candidate,
    /// parents start, parents count, cause)` to `out`, parents to `parent_buf`.
    fn off_to_on(
        &mut self,
        cands: &[u16; 81],
        pos_now: &Positions,
        save: Option<&[u16; 81]>,
        p: u32,
        y: bool,
        out: &mut Vec<(u16, u32, u32, u8)>,
    ) {
        out.clear();
        self.buf.parent_buf.clear();
        let c = self.buf.nodes[p as usize].cand;
        let (cell, d) = (cell_of(c), digit_of(c));
        if y && two(cands[cell]) {
            let mut other = first(cands[cell]);
            if other == d {
                other = first(cands[cell] & !(1 << other));
            }
            let start = self.buf.parent_buf.len() as u32;
            self.buf.parent_buf.push(p);
            if let Some(save) = save {
                for v in digits(save[cell] & !cands[cell]) {
                    let n = self.buf.off_idx[cand(cell, v) as usize];
                    if n != NONE {
                        self.buf.parent_buf.push(n);
                    }
                }
            }
            out.push((cand(cell, other), start, self.buf.parent_buf.len() as u32 - start, 1));
        }
        // Block, row, column.
        for &house in &CELL_HOUSES[cell] {
            let house = house as usize;
            let pos = pos_now[house][d as usize];
            if !two(pos) {
                continue;
            }
            let mut i = pos.trailing_zeros() as usize;
            if HOUSES[house][i] as usize == cell {
                i = (pos & !(1 << i)).trailing_zeros() as usize;
            }
            let k = cand(HOUSES[house][i] as usize, d);
            if out.iter().any(|&(o, _, _, _)| o == k) {
                continue;
            }
            let start = self.buf.parent_buf.len() as u32;
            self.buf.parent_buf.push(p);
            let mut gone = if save.is_some() { self.base_pos[house][d as usize] & !pos } else { 0 };
            while gone != 0 {
                let j = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                let n = self.buf.off_idx[cand(HOUSES[house][j] as usize, d) as usize];
                if n != NONE {
                    self.buf.parent_buf.push(n);
                }
            }
            out.push((k, start, self.buf.parent_buf.len() as u32 - start, 2 + house as u8));
        }
    }

    /// Spreads the implications of the initial potentials until nothing new follows or a
    /// contradiction appears (Sudoku Explainer's `doChaining`: "on"s first, one at a time).
    pub(super) fn chain(&mut self, init: u32, y: bool, dynamic: bool) -> Box<Outcome> {
        let mut cands = self.board.cands;
        let save = self.board.cands;
        let mut pos = self.base_pos;
        let mut on_idx = std::mem::take(&mut self.buf.on_idx);
        // The memory of an outcome no longer needed, if any.
        let mut out = self.buf.spare_outcomes.pop().unwrap_or_default();
        let mut on = std::mem::take(&mut out.on);
        let mut off = std::mem::take(&mut out.off);
        on.clear();
        off.clear();
        let n0 = self.buf.nodes[init as usize];
        if n0.on {
            on_idx[n0.cand as usize] = init;
            on.push(init);
        } else {
            self.buf.off_idx[n0.cand as usize] = init;
            off.push(init);
        }
        let (mut i_on, mut i_off) = (0, 0);
        let mut absurd = None;
        let mut offs = std::mem::take(&mut self.buf.scratch_offs);
        let mut ons = std::mem::take(&mut self.buf.scratch_ons);
        'spread: loop {
            if i_on < on.len() {
                let p = on[i_on];
                i_on += 1;
                on_to_off(&cands, &pos, self.buf.nodes[p as usize].cand, y, &mut offs);
                for &(k, cause) in &offs {
                    if on_idx[k as usize] != NONE {
                        let o = self.push_caused(k, false, p, cause);
                        absurd = Some((on_idx[k as usize], o));
                        break 'spread;
                    } else if self.buf.off_idx[k as usize] == NONE {
                        let o = self.push_caused(k, false, p, cause);
                        self.buf.off_idx[k as usize] = o;
                        off.push(o);
                    }
                }
            } else if i_off < off.len() {
                let p = off[i_off];
                i_off += 1;
                let save_ref = if dynamic { Some(&save) } else { None };
                self.off_to_on(&cands, &pos, save_ref, p, y, &mut ons);
                if dynamic {
                    let c = self.buf.nodes[p as usize].cand;
                    let (cell, d) = (cell_of(c), digit_of(c));
                    cands[cell] &= !(1 << d);
                    for k in 0..3 {
                        pos[CELL_HOUSES[cell][k] as usize][d as usize] &= !(1 << CELL_INDEX[cell][k]);
                    }
                }
                for &(k, start, len, cause) in &ons {
                    if self.buf.off_idx[k as usize] != NONE {
                        let o = self.push_buffered(k, true, start, len, cause);
                        absurd = Some((o, self.buf.off_idx[k as usize]));
                        break 'spread;
                    } else if on_idx[k as usize] == NONE {
                        let o = self.push_buffered(k, true, start, len, cause);
                        on_idx[k as usize] = o;
                        on.push(o);
                    }
                }
            } else if self.level > 0 && self.advance(&cands, &pos, &save, &mut off) {
                continue;
            } else {
                break;
            }
        }
        let mut on_bits = Bits::default();
        let mut off_bits = Bits::default();
        for &n in &on {
            on_bits.set(self.buf.nodes[n as usize].cand);
        }
        for &n in &off {
            off_bits.set(self.buf.nodes[n as usize].cand);
        }
        // In candidate order straight from the sets, the index telling each candidate's node.
        let mut on_sorted = std::mem::take(&mut out.on_sorted);
        on_sorted.clear();
        on_sorted.extend(on_bits.iter().map(|c| (c, on_idx[c as usize])));
        let mut off_sorted = std::mem::take(&mut out.off_sorted);
        off_sorted.clear();
        off_sorted.extend(off_bits.iter().map(|c| (c, self.buf.off_idx[c as usize])));
        for &n in &on {
            on_idx[self.buf.nodes[n as usize].cand as usize] = NONE;
        }
        for &n in &off {
            self.buf.off_idx[self.buf.nodes[n as usize].cand as usize] = NONE;
        }
        self.buf.on_idx = on_idx;
        self.buf.scratch_offs = offs;
        self.buf.scratch_ons = ons;
        *out = Outcome { on, off, on_bits, off_bits, on_sorted, off_sorted, absurd };
        out
    }

    /// When the implications stop spreading in a nested chain: adds what the first
    /// [`advanced`] rule removes on the grid as the chain left it, each removal with the chain's
    /// "off"s it relies on as parents. Removals already "off" are skipped, as Sudoku Explainer
    /// skips them; whether anything was added.
    fn advance(&mut self, cands: &[u16; 81], pos: &Positions, save: &[u16; 81], off: &mut Vec<u32>) -> bool {
        let mut found = std::mem::take(&mut self.buf.found);
        let ctx = self.ctx.get_or_insert_with(|| Context::new(self.board));
        advanced::advanced(ctx, cands, pos, save, &self.base_pos, &mut found);
        let mut added = false;
        for &(k, start, len) in &found.removals {
            added |= self.add_advanced(k, &found.parents[start as usize..(start + len) as usize], NONE, off);
        }
        let basic_found = !found.removals.is_empty();
        self.buf.found = found;
        if basic_found {
            return added;
        }
        let board = self.board;
        for &rule in nested_rules(self.level) {
            let key = (rule, *cands);
            let known = match self.shared {
                Some(shared) => shared.get(&key),
                None => self.nested_cache.steps.get(&key).map(|(steps, cost)| (Arc::clone(steps), *cost)),
            };
            let steps = match known {
                Some((steps, cost)) => {
                    // Charged as if found again, so that the work counted does not depend on
                    // which search met the grid first (nor on how a search is split).
                    self.budget.spent += cost;
                    steps
                }
                None => {
                    let earlier = match self.shared {
                        Some(shared) => shared.earlier.get(&key),
                        None => self.nested_cache.earlier.get(&key),
                    }
                    .filter(|_| pruning())
                    .map(|(steps, _)| Arc::clone(steps));
                    let cache = &mut self.nested_cache;
                    let (steps, cost) = match earlier {
                        Some(steps) => (steps, 0),
                        None => {
                            let before = self.budget.spent;
                            let steps = nested_steps(
                                &board.values,
                                cands,
                                save,
                                rule,
                                self.budget,
                                &mut cache.chains,
                                self.barren,
                            );
                            (Arc::new(steps), self.budget.spent - before)
                        }
                    };
                    match self.shared {
                        // Two parts may find the same steps at once: they charge the same work.
                        Some(shared) => shared.insert(key, (Arc::clone(&steps), cost)),
                        None => {
                            cache.steps.insert(key, (Arc::clone(&steps), cost));
                        }
                    }
                    steps
                }
            };
            let mut any = false;
            for step in steps.iter() {
                let step = &step.1;
                if !step.parents.iter().any(|&c| save[cell_of(c)] & 1 << digit_of(c) != 0) {
                    // It holds without the enclosing chain (parents found for an earlier board
                    // may be candidates this one has lost).
                    continue;
                }
                any = true;
                let id = self.buf.nested.len() as u32;
                self.buf.nested.push((step.complexity, step.signature));
                for &k in &step.removals {
                    added |= self.add_advanced(k, &step.parents, id, off);
                }
            }
            if any || self.budget.exhausted() {
                break;
            }
        }
        added
    }

    /// Adds "`k` is off" found by a rule inside the chain, unless already there; `parents` are the
    /// chain's "off"s the rule relied on, `nested` the rule's entry in
    /// [`Buffers::nested`](super::Buffers::nested).
    fn add_advanced(&mut self, k: u16, parents: &[u16], nested: u32, off: &mut Vec<u32>) -> bool {
        if self.buf.off_idx[k as usize] != NONE {
            return false;
        }
        // Every parent is a candidate the chain turned off, so it has a node.
        let start = self.buf.parents.len();
        let off_idx = &self.buf.off_idx;
        self.buf.parents.extend(parents.iter().map(|&c| off_idx[c as usize]).filter(|&n| n != NONE));
        let o = self.push_node(k, false, start, 0);
        self.buf.nodes[o as usize].nested = nested;
        self.buf.off_idx[k as usize] = o;
        off.push(o);
        true
    }
}

/// Every step of a chaining rule nested in another chain, run on `cands` (the grid as the
/// enclosing chain left it; `init` is that chain's grid before its assumption, `barren` whether
/// "Forcing Chains & Cycles" found nothing there), in Sudoku Explainer's order.
pub(super) fn nested_steps(
    values: &[u8; 81],
    cands: &[u16; 81],
    init: &[u16; 81],
    rule: Nested,
    budget: &mut Budget,
    memo: &mut SourceMemo,
    barren: bool,
) -> Vec<SharedStep> {
    let board = Board { values: *values, cands: *cands };
    let easiest = matches!(rule, Nested::Multi(_)).then(HashMap::new);
    let mut best = Best::All { init, cur: cands, found: Vec::new(), easiest, pending: Vec::new() };
    match rule {
        Nested::Chains => {
            // Counted by the grid's candidates, not by the potentials created: the memo spares
            // some assumptions' searches, and searches inside their closures then run, so the
            // potentials would depend on what the memo holds, that is on the grids met before
            // (and on how a search is split, see `multiple_chains_split`). The search is
            // bounded by the grid, and runs whole.
            let mut unbounded = Budget::new(u64::MAX);
            cycles_and_chains_into(&board, &mut unbounded, &mut best, Some(memo), barren);
            budget.spent += cands.iter().map(|m| u64::from(m.count_ones())).sum::<u64>();
        }
        Nested::Multi(mode) => {
            // Dynamic chains that nest forcing chains in turn: one static search here spares
            // many in them.
            let barren = matches!(mode, Multi::Dynamic(level) if nested_rules(level).contains(&Nested::Chains))
                && {
                    let mut first = Best::default();
                    cycles_and_chains_into(&board, budget, &mut first, None, false);
                    first.into_hint().is_none() && !budget.exhausted()
                };
            let mut cache = NestedCache::with_memo(std::mem::take(memo));
            multiple_chains_into(&board, mode, budget, &mut best, &mut cache, barren);
            *memo = cache.chains;
        }
    }
    best.into_steps()
}
