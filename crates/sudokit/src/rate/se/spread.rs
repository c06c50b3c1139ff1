//! Dynamic chains of nesting level 0 as bit sets: which of a grid's dynamic forcing chain searches
//! can find anything, worked out without recording potentials.
//!
//! A dynamic chain from an assumption spreads its implications, removing every "off" from the grid
//! as it goes, until nothing new follows or a potential meets its own conjugate. Its links are
//! those of the singles: an "on" turns off the rest of its cell and its digit in its houses; an
//! "off" turns on the last candidate of a cell, or the digit's last place in a house, that had at
//! least two when the chain began. These rules only ever add potentials as more are turned off,
//! so whatever order they are applied in, they reach the same potentials, and a contradiction if
//! any order does. Sudoku Explainer's breadth-first order decides only the parents recorded, that
//! is the chain found and its length, not whether one is found.
//!
//! Without the rules nested at higher levels, a dynamic forcing chain search finds a step exactly
//! where one of these sets says so:
//! - a contradiction from an assumption;
//! - a potential implied by both a candidate's "on" and its "off" (double chains, for cells of
//!   three candidates or more);
//! - a potential implied by every candidate of a cell, or by every place of a digit in a house.
//!
//! Inside nested dynamic chains (level 4 and up) this search runs on thousands of grids a step, and
//! on most of them it finds nothing: [`Plan`] tells which of its chains to build. A set that
//! stopped at a contradiction is partial, as the chain is; spread in the chain's order, it is the
//! chain's set, so the cell and region chains it takes part in are built only where the sets
//! share a potential, as elsewhere.

use super::board::{
    cand, cell_of, digit_of, digits, two, Bits, Board, Positions, CELL_HOUSES, CELL_INDEX, HOUSES, IN_BLOCK,
};

/// What an assumption implies through dynamic links.
#[derive(Clone, Default)]
pub(crate) struct Spread {
    /// Candidates turned on.
    pub on: Bits,
    /// Candidates turned off.
    pub off: Bits,
    /// The spreading met a potential's conjugate (and stopped there).
    pub absurd: bool,
    /// Potentials reached, and the one that met its conjugate if any: the chain's potentials,
    /// charged to the work budget for a chain not built.
    pub size: u32,
}

/// Scratch memory for [`spread`](Spreader::spread) and [`Plan::new`], kept between uses: the
/// plans run thousands of times a step.
#[derive(Default)]
pub(crate) struct Spreader {
    /// The "on"s and "off"s reached, in the order they are taken up.
    on_queue: Vec<u16>,
    off_queue: Vec<u16>,
    /// Per candidate, where its "on" spread is in `ons` (meaningful only where `ons` says so).
    at: Vec<u16>,
    ons: Vec<(u16, Spread)>,
}

impl Spreader {
    /// Spreads candidate `k` assumed on (`on`) or off over the grid `cands` (positions `pos`),
    /// through the links within cells and within houses.
    ///
    /// The potentials are taken up in the dynamic chain's order (every "on" waiting before the
    /// next "off", each in the order reached) and their links listed in the chain's order, so
    /// that a spread that meets a contradiction stops where the chain does, with the same
    /// potentials: what a chain that stopped there takes part in can be told from the sets too.
    pub(crate) fn spread(&mut self, cands: &[u16; 81], pos: &Positions, k: u16, on: bool) -> Spread {
        let mut cands = *cands;
        let mut pos = *pos;
        let mut s = Spread { size: 1, ..Spread::default() };
        let (ons, offs) = (&mut self.on_queue, &mut self.off_queue);
        ons.clear();
        offs.clear();
        if on {
            s.on.set(k);
            ons.push(k);
        } else {
            s.off.set(k);
            offs.push(k);
        }
        let (mut i_on, mut i_off) = (0, 0);
        loop {
            if let Some(&c) = ons.get(i_on) {
                i_on += 1;
                let (cell, d) = (cell_of(c), digit_of(c));
                let mut turn_off = |q: u16| {
                    if s.on.has(q) {
                        return false;
                    }
                    if !s.off.has(q) {
                        s.off.set(q);
                        s.size += 1;
                        offs.push(q);
                    }
                    true
                };
                for v in digits(cands[cell] & !(1 << d)) {
                    if !turn_off(cand(cell, v)) {
                        s.absurd = true;
                        s.size += 1;
                        return s;
                    }
                }
                for h in 0..3 {
                    let house = usize::from(CELL_HOUSES[cell][h]);
                    // The row and column leave out the block's cells, taken with the block.
                    let mut rest =
                        pos[house][usize::from(d)] & !(1 << CELL_INDEX[cell][h]) & !IN_BLOCK[cell][h];
                    while rest != 0 {
                        let i = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if !turn_off(cand(usize::from(HOUSES[house][i]), d)) {
                            s.absurd = true;
                            s.size += 1;
                            return s;
                        }
                    }
                }
            } else if let Some(&c) = offs.get(i_off) {
                i_off += 1;
                let (cell, d) = (cell_of(c), digit_of(c));
                // The rules look at the grid with `c` still in it, as Sudoku Explainer's do: two
                // left means one once `c` goes.
                let mut implied = [0u16; 4];
                let mut n = 0;
                let m = cands[cell];
                if two(m) {
                    implied[0] = cand(cell, other(m, d));
                    n = 1;
                }
                for h in 0..3 {
                    let house = usize::from(CELL_HOUSES[cell][h]);
                    let places = pos[house][usize::from(d)];
                    if two(places) {
                        let i = (places & !(1 << CELL_INDEX[cell][h])).trailing_zeros() as usize;
                        let q = cand(usize::from(HOUSES[house][i]), d);
                        if !implied[..n].contains(&q) {
                            implied[n] = q;
                            n += 1;
                        }
                    }
                }
                cands[cell] &= !(1 << d);
                for h in 0..3 {
                    pos[usize::from(CELL_HOUSES[cell][h])][usize::from(d)] &= !(1 << CELL_INDEX[cell][h]);
                }
                for &q in &implied[..n] {
                    if s.off.has(q) {
                        s.absurd = true;
                        s.size += 1;
                        return s;
                    }
                    if !s.on.has(q) {
                        s.on.set(q);
                        s.size += 1;
                        ons.push(q);
                    }
                }
            } else {
                return s;
            }
        }
    }

    /// Where the "on" spread of `k` is in `ons`, spread once per plan.
    fn on_index(&mut self, board: &Board, pos: &Positions, k: u16) -> usize {
        let i = usize::from(self.at[k as usize]);
        if i < self.ons.len() && self.ons[i].0 == k {
            return i;
        }
        let s = self.spread(&board.cands, pos, k, true);
        self.at[k as usize] = self.ons.len() as u16;
        self.ons.push((k, s));
        self.ons.len() - 1
    }

    /// Whether the "on"s of `ks` imply something in common (as far as each went, where one met
    /// a contradiction, as its chain does).
    fn concludes(&mut self, board: &Board, pos: &Positions, ks: &[u16]) -> bool {
        let mut at = [0usize; 9];
        for (a, &k) in at.iter_mut().zip(ks) {
            *a = self.on_index(board, pos, k);
        }
        let at = &at[..ks.len()];
        let first = &self.ons[at[0]].1;
        let (mut on, mut off) = (first.on.clone(), first.off.clone());
        for &i in &at[1..] {
            on = on.and(&self.ons[i].1.on);
            off = off.and(&self.ons[i].1.off);
        }
        !on.is_empty() || !off.is_empty()
    }
}

/// The digit of a two-digit mask other than `d`.
fn other(mask: u16, d: u8) -> u8 {
    (mask & !(1 << d)).trailing_zeros() as u8
}

/// Which chains a dynamic forcing chain search (level 0, links within cells and houses) on a
/// board has to build: those of every step it would find, and no others.
pub(crate) struct Plan {
    /// Candidates whose "on" chain is needed.
    pub on: Bits,
    /// Candidates whose "off" chain is needed.
    pub off: Bits,
    /// Cells whose cell forcing chains can conclude something.
    pub cells: u128,
    /// Per house, the digits whose region forcing chains can conclude something.
    pub regions: [u16; 27],
    /// Potentials the chains left out would have reached: charged to the work budget in their
    /// stead, so that leaving them out saves time, not budget.
    pub skipped: u64,
}

impl Plan {
    /// The plan for `board`, whose positions are `pos`.
    pub(crate) fn new(board: &Board, pos: &Positions, sp: &mut Spreader) -> Plan {
        let mut plan =
            Plan { on: Bits::default(), off: Bits::default(), cells: 0, regions: [0; 27], skipped: 0 };
        sp.ons.clear();
        sp.at.resize(729, 0);
        let mut ks = [0u16; 9];
        for cell in 0..81 {
            let m = board.cands[cell];
            if board.values[cell] != 0 || m.count_ones() < 2 {
                continue;
            }
            for v in digits(m) {
                let k = cand(cell, v);
                let on = sp.on_index(board, pos, k);
                if sp.ons[on].1.absurd {
                    plan.on.set(k);
                }
                if two(m) {
                    // "Off" turns the other candidate on, which turns this one off: the same
                    // potentials as the other's "on". Double chains need three candidates.
                    let o = sp.on_index(board, pos, cand(cell, other(m, v)));
                    let o = &sp.ons[o].1;
                    if o.absurd {
                        plan.off.set(k);
                    } else {
                        plan.skipped += u64::from(o.size);
                    }
                } else if CELL_HOUSES[cell].iter().all(|&h| !two(pos[usize::from(h)][usize::from(v)])) {
                    // The "off" leaves no cell or house one place: it implies nothing more, and
                    // the "on" never turns the candidate off. Most "off"s on these grids are so.
                    plan.skipped += 1;
                } else {
                    // A contradiction from the "off", and double chains: what both imply (as far
                    // as each went, where one met a contradiction).
                    let off = sp.spread(&board.cands, pos, k, false);
                    let on = &sp.ons[on].1;
                    let double = on.on.meets(&off.on) || on.off.meets(&off.off);
                    if double {
                        plan.on.set(k);
                    }
                    if double || off.absurd {
                        plan.off.set(k);
                    } else {
                        plan.skipped += u64::from(off.size);
                    }
                }
                // Region forcing chains, from the digit's first place in each house.
                for h in 0..3 {
                    let house = usize::from(CELL_HOUSES[cell][h]);
                    let places = pos[house][usize::from(v)];
                    if places.count_ones() < 2 || places.trailing_zeros() != u32::from(CELL_INDEX[cell][h]) {
                        continue;
                    }
                    let mut n = 0;
                    for (i, &c) in HOUSES[house].iter().enumerate() {
                        if places & 1 << i != 0 {
                            ks[n] = cand(usize::from(c), v);
                            n += 1;
                        }
                    }
                    if sp.concludes(board, pos, &ks[..n]) {
                        plan.regions[house] |= 1 << v;
                        for &k in &ks[..n] {
                            plan.on.set(k);
                        }
                    }
                }
            }
            let mut n = 0;
            for v in digits(m) {
                ks[n] = cand(cell, v);
                n += 1;
            }
            if sp.concludes(board, pos, &ks[..n]) {
                plan.cells |= 1 << cell;
                for &k in &ks[..n] {
                    plan.on.set(k);
                }
            }
        }
        plan.skipped +=
            sp.ons.iter().filter(|(k, _)| !plan.on.has(*k)).map(|(_, s)| u64::from(s.size)).sum::<u64>();
        plan
    }
}
