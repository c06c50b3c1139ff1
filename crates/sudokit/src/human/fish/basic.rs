//! The cover search of basic fish, on line masks.
//!
//! For one digit and one choice of base lines, everything a basic fish needs is a mask over the
//! other family of lines:
//!
//! ```text
//!   base_pos[b]   bit c: base line b has the digit in cover line c (its c-th cell)
//!   cover         bit c: cover line c is in the cover set
//!   fins          the base candidates in the lines left out of the cover
//!   pool          the digit's cells in the touched lines outside every base line: the
//!                 possible targets
//! ```
//!
//! Rows are houses `0..n` and columns `n..2n` with their cells in reading order, so the `c`-th cell
//! of a row is in column `c` and the `c`-th cell of a column in row `c`: a base line's position
//! mask is directly a set of cover lines.
//!
//! The covers are the `size`-subsets of the lines the base touches, visited in lexicographic order
//! (include a line before leaving it out), which is the order the steps are reported in. Leaving a
//! line out turns its base candidates into fins; a finned fish eliminates only where every fin is
//! seen, so once the cells that see all fins hold no possible target, no cover below that branch can
//! eliminate anything and the branch is cut. Measured on top1465 this removes most of the leaves of
//! the finned Jellyfish search, which is what the step solver spends most of its fish time on.

use std::ops::ControlFlow;

use super::Kind;
use crate::grid::Digit;
use crate::human::bits::{Bits, Tables};
use crate::human::state::State;
use crate::human::step::{Candidate, Step};
use crate::human::technique::Technique;

/// The largest base the mask search takes (the largest fish is a Leviathan, size 7).
pub(super) const MAX_SIZE: usize = 8;

/// One digit and one set of base lines, ready for the cover search, on sets of the form `B`.
pub(super) struct Base<'a, B> {
    state: &'a State,
    tables: &'a Tables<B>,
    digit: Digit,
    base: &'a [usize],
    cover_start: usize,
    base_pos: [u32; MAX_SIZE],
    base_set: B,
    /// The lines the base touches, ascending.
    touched: [u8; 32],
    touched_len: usize,
    /// Per touched line (by its place in `touched`): the base candidates in it, which leaving
    /// the line out of the cover makes fins, and the cells that see all of them.
    line_fins: [B; 32],
    line_peers: [B; 32],
    /// Every possible target: the digit's cells in the touched lines, outside the base.
    pool: B,
}

/// One cover set with its fins.
pub(super) struct Leaf<B> {
    cover: u32,
    fins: B,
    /// The cells that see every fin (meaningless without fins).
    fin_peers: B,
}

impl<'a, B: Bits> Base<'a, B> {
    /// The search for base lines `base` (houses of one line family, `size ≤ MAX_SIZE`) whose
    /// positions of `digit` together touch the lines `union` of the family starting at
    /// `cover_start`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        state: &'a State,
        tables: &'a Tables<B>,
        digit: Digit,
        digit_cells: B,
        base: &'a [usize],
        union: u32,
        cover_start: usize,
    ) -> Base<'a, B> {
        debug_assert!(base.len() <= MAX_SIZE);
        let mut base_pos = [0u32; MAX_SIZE];
        let mut base_set = B::EMPTY;
        for (i, &h) in base.iter().enumerate() {
            base_pos[i] = state.positions(h, digit);
            base_set |= tables.houses[h];
        }
        let mut touched = [0u8; 32];
        let mut touched_len = 0;
        let mut pool = B::EMPTY;
        let mut rest = union;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            touched[touched_len] = c as u8;
            touched_len += 1;
            pool |= tables.houses[cover_start + c];
        }
        pool = (pool & digit_cells).minus(base_set);
        let houses = state.houses();
        let mut line_fins = [B::EMPTY; 32];
        let mut line_peers = [B::EMPTY; 32];
        for j in 0..touched_len {
            let c = touched[j] as usize;
            for (b, &h) in base.iter().enumerate() {
                if base_pos[b] >> c & 1 == 1 {
                    let cell = houses[h].cells[c];
                    let peers = tables.peers[cell.index()];
                    line_peers[j] = if line_fins[j].none() { peers } else { line_peers[j] & peers };
                    line_fins[j] = line_fins[j].with(cell);
                }
            }
        }
        Base {
            state,
            tables,
            digit,
            base,
            cover_start,
            base_pos,
            base_set,
            touched,
            touched_len,
            line_fins,
            line_peers,
            pool,
        }
    }

    /// Calls `visit` with every cover set of `size` touched lines, in lexicographic order; with
    /// `fins_allowed` false only the cover without fins (the touched lines themselves).
    pub(super) fn covers(
        &self,
        size: usize,
        fins_allowed: bool,
        visit: &mut dyn FnMut(&Leaf<B>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !fins_allowed && self.touched_len != size {
            return ControlFlow::Continue(());
        }
        self.dfs(0, size, 0, B::EMPTY, B::EMPTY, visit)
    }

    fn dfs(
        &self,
        j: usize,
        left: usize,
        cover: u32,
        fins: B,
        fin_peers: B,
        visit: &mut dyn FnMut(&Leaf<B>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left == 0 {
            let (mut fins, mut fin_peers) = (fins, fin_peers);
            for k in j..self.touched_len {
                self.add_fins(k, &mut fins, &mut fin_peers);
            }
            return visit(&Leaf { cover, fins, fin_peers });
        }
        if self.touched_len - j < left {
            return ControlFlow::Continue(());
        }
        let c = self.touched[j] as usize;
        self.dfs(j + 1, left - 1, cover | 1 << c, fins, fin_peers, visit)?;
        let (mut fins, mut fin_peers) = (fins, fin_peers);
        self.add_fins(j, &mut fins, &mut fin_peers);
        if (fin_peers & self.pool).none() {
            // No cell sees every fin and could lose the digit: nothing below eliminates.
            return ControlFlow::Continue(());
        }
        self.dfs(j + 1, left, cover, fins, fin_peers, visit)
    }

    /// Makes the base candidates in the `j`-th touched line fins (a touched line holds some).
    fn add_fins(&self, j: usize, fins: &mut B, fin_peers: &mut B) {
        *fin_peers = if fins.none() { self.line_peers[j] } else { *fin_peers & self.line_peers[j] };
        *fins |= self.line_fins[j];
    }

    /// The kind of fish `leaf` is: basic without fins, sashimi when a base line keeps at most one
    /// candidate once its fins are gone, finned otherwise.
    pub(super) fn kind_of(&self, leaf: &Leaf<B>) -> Kind {
        if leaf.fins.none() {
            Kind::Basic
        } else if self.base_pos[..self.base.len()].iter().any(|p| (p & leaf.cover).count_ones() <= 1) {
            Kind::Sashimi
        } else {
            Kind::Finned
        }
    }

    /// The candidates the fish of `leaf` eliminates.
    pub(super) fn targets(&self, leaf: &Leaf<B>) -> B {
        let mut cover_set = B::EMPTY;
        let mut rest = leaf.cover;
        while rest != 0 {
            cover_set |= self.tables.houses[self.cover_start + rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let targets = cover_set & self.pool;
        if leaf.fins.none() {
            targets
        } else {
            targets & leaf.fin_peers
        }
    }

    /// The fish of `leaf`, if it is of kind `kind` and eliminates something.
    pub(super) fn step(&self, technique: Technique, kind: Kind, leaf: &Leaf<B>) -> Option<Step> {
        if self.kind_of(leaf) != kind {
            return None;
        }
        let targets = self.targets(leaf);
        if targets.none() {
            return None;
        }
        debug_assert!((targets & self.base_set).none());
        let houses = self.state.houses();
        let digit = self.digit;
        let mut step = Step::new(technique, self.state.shape());
        step.pattern.digits.insert(digit);
        step.pattern.base = self.base.iter().map(|&h| houses[h].kind).collect();
        let mut rest = leaf.cover;
        while rest != 0 {
            step.pattern.cover.push(houses[self.cover_start + rest.trailing_zeros() as usize].kind);
            rest &= rest - 1;
        }
        step.pattern.fins = leaf.fins.to_set().iter().map(|c| Candidate::new(c, digit)).collect();
        step.eliminations = targets.to_set().iter().map(|c| Candidate::new(c, digit)).collect();
        Some(step)
    }
}
