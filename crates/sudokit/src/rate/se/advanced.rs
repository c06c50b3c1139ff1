//! The sub-rules a nested dynamic chain may use (Sudoku Explainer's "Dynamic Forcing Chains (+)",
//! level 1): whenever the implications of an assumption stop spreading, intersections, hidden
//! pairs, naked pairs and X-Wings are looked for on the grid as the assumption has left it, and
//! what the first of these rules to find anything removes is taken as further "off" potentials.
//!
//! A removal only counts when the rule relies on the assumption: its *parents* are the candidates
//! the chain has already turned off that the rule needs gone (Sudoku Explainer's
//! `getRuleParents`). A rule instance with no such parent holds on the grid without the chain and
//! is skipped. The rules are scanned in Sudoku Explainer's own order (that of its `Locking`,
//! `HiddenSet`, `NakedSet` and `Fisherman` classes), because the order the new potentials join the
//! chain decides which parents later potentials record, and so the chain's complexity. Within one
//! rule instance the removals are taken in house order (Sudoku Explainer keeps them in a hash map
//! keyed by object identity, so its own order there is not reproducible).

use super::basic::{crosses, locking_pairs, BLOCK_COL_ROW};
use super::board::{bits, cand, digits, two, Board, CELL_HOUSES, CELL_INDEX, HOUSES};

use super::board::Positions;

/// What does not change while one step's chains are searched: the board's filled cells, and the
/// candidates before any assumption (the chains' common starting point).
pub(crate) struct Context {
    /// Empty cells per house (the chains place no digit, so this stays the board's).
    empty: [u32; 27],
    /// Placed digits per digit.
    occurrences: [u32; 10],
    /// Intersections in Sudoku Explainer's order: (base, cover, positions of the base inside the
    /// cover, positions of the cover outside the base).
    crossings: Vec<(usize, usize, u16, u16)>,
}

impl Context {
    pub(crate) fn new(board: &Board) -> Context {
        let mut empty = [0u32; 27];
        for (h, e) in empty.iter_mut().enumerate() {
            *e = board.empty_count(h);
        }
        let mut occurrences = [0u32; 10];
        for (d, o) in occurrences.iter_mut().enumerate().skip(1) {
            *o = board.occurrences(d as u8);
        }
        let crossings = locking_pairs()
            .map(|(h1, h2)| {
                let mut inside = 0u16;
                let mut outside = 0u16;
                for (i, c) in HOUSES[h1].iter().enumerate() {
                    if HOUSES[h2].contains(c) {
                        inside |= 1 << i;
                    }
                }
                for (i, c) in HOUSES[h2].iter().enumerate() {
                    if !HOUSES[h1].contains(c) {
                        outside |= 1 << i;
                    }
                }
                (h1, h2, inside, outside)
            })
            .collect();
        debug_assert!(locking_pairs().all(|(a, b)| crosses(a, b)));
        Context { empty, occurrences, crossings }
    }
}

/// The removals found, each with its parents: candidates (`cell * 9 + digit - 1`) the chain has
/// turned off.
#[derive(Default)]
pub(crate) struct Found {
    /// `(candidate removed, parents start, parents count)`.
    pub removals: Vec<(u16, u32, u32)>,
    /// The parents of all removals, back to back.
    pub parents: Vec<u16>,
}

impl Found {
    fn clear(&mut self) {
        self.removals.clear();
        self.parents.clear();
    }

    /// Records a rule instance: nothing when it has no parent (it does not need the chain).
    fn add(&mut self, removals: impl Iterator<Item = u16>, parents_start: usize) {
        let len = self.parents.len() - parents_start;
        if len == 0 {
            return;
        }
        for k in removals {
            self.removals.push((k, parents_start as u32, len as u32));
        }
    }
}

/// Fills `out` with the removals of the first rule, in Sudoku Explainer's order (intersections,
/// hidden pairs, naked pairs, X-Wings), that finds any on `cands` relying on candidates removed
/// since `save` (`pos` and `save_pos` are their positions).
pub(crate) fn advanced(
    ctx: &Context,
    cands: &[u16; 81],
    pos: &Positions,
    save: &[u16; 81],
    save_pos: &Positions,
    out: &mut Found,
) {
    out.clear();
    // A rule instance counts only with a parent, something gone since `save` where the instance
    // looks; so only houses whose digits' places, or whose cells, changed are scanned.
    let mut lost_digits = [0u16; 27];
    for (h, lost) in lost_digits.iter_mut().enumerate() {
        for d in 1..=9 {
            if pos[h][d] != save_pos[h][d] {
                *lost |= 1 << d;
            }
        }
    }
    let mut lost_cells = [0u16; 27];
    for (cell, (&now, &before)) in cands.iter().zip(save).enumerate() {
        if now != before {
            for k in 0..3 {
                lost_cells[usize::from(CELL_HOUSES[cell][k])] |= 1 << CELL_INDEX[cell][k];
            }
        }
    }
    intersections(ctx, pos, save_pos, &lost_digits, out);
    if !out.removals.is_empty() {
        return;
    }
    hidden_pairs(ctx, cands, pos, save, &lost_digits, out);
    if !out.removals.is_empty() {
        return;
    }
    naked_pairs(ctx, cands, save, &lost_cells, out);
    if !out.removals.is_empty() {
        return;
    }
    x_wings(ctx, pos, save_pos, &lost_digits, out);
}

/// Pointing and claiming (`Locking`): parents are the base's places of the digit outside the
/// cover that are gone.
fn intersections(ctx: &Context, pos: &Positions, save_pos: &Positions, lost: &[u16; 27], out: &mut Found) {
    for &(h1, h2, inside, outside) in &ctx.crossings {
        // The parents are places of the digit in the base that are gone.
        for d in digits(lost[h1]) {
            let p = pos[h1][d as usize];
            if p & p.wrapping_sub(1) == 0 || p & !inside != 0 {
                continue;
            }
            let gone = pos[h2][d as usize] & outside;
            if gone == 0 {
                continue;
            }
            let start = out.parents.len();
            let lost = save_pos[h1][d as usize] & !p & !inside;
            out.parents.extend(bits(lost).map(|i| cand(HOUSES[h1][i] as usize, d)));
            out.add(bits(gone).map(|i| cand(HOUSES[h2][i] as usize, d)), start);
        }
    }
}

/// Hidden pairs (`HiddenSet(2)`): parents are the pair's digits, once candidates elsewhere in the
/// house, that are gone.
fn hidden_pairs(
    ctx: &Context,
    cands: &[u16; 81],
    pos: &Positions,
    save: &[u16; 81],
    lost: &[u16; 27],
    out: &mut Found,
) {
    for &h in &BLOCK_COL_ROW {
        if ctx.empty[h] <= 4 || lost[h] == 0 {
            continue;
        }
        // Only digits with two places can make a pair; the parents are places of the pair's
        // digits that are gone.
        let twos = (1..=9).filter(|&d| two(pos[h][d])).fold(0u16, |m, d| m | 1 << (d - 1));
        for (d1, d2) in pairs_in(twos, lost[h] >> 1) {
            let (d1, d2) = (d1 + 1, d2 + 1);
            let values = (1 << d1) | (1 << d2);
            let Some(common) = same_pair(pos[h][d1 as usize], pos[h][d2 as usize]) else {
                continue;
            };
            let start = out.parents.len();
            for i in bits(!common & 0x1ff) {
                let cell = HOUSES[h][i] as usize;
                out.parents.extend(digits(save[cell] & values).map(|v| cand(cell, v)));
            }
            let removals = bits(common).flat_map(|i| {
                let cell = HOUSES[h][i] as usize;
                digits(cands[cell] & !values).map(move |v| cand(cell, v))
            });
            out.add(removals, start);
        }
    }
}

/// Naked pairs (`NakedSet(2)`): parents are the two cells' other candidates that are gone.
fn naked_pairs(ctx: &Context, cands: &[u16; 81], save: &[u16; 81], lost: &[u16; 27], out: &mut Found) {
    for &h in &BLOCK_COL_ROW {
        if ctx.empty[h] < 4 || lost[h] == 0 {
            continue;
        }
        // Only cells with two candidates can make a pair; the parents are the pair's cells'
        // candidates that are gone.
        let twos = (0..9).filter(|&i| two(cands[HOUSES[h][i] as usize])).fold(0u16, |m, i| m | 1 << i);
        for (i1, i2) in pairs_in(twos, lost[h]) {
            let combo = (1u16 << i1) | (1 << i2);
            let (c1, c2) = (HOUSES[h][i1 as usize] as usize, HOUSES[h][i2 as usize] as usize);
            let Some(common) = same_pair(cands[c1], cands[c2]) else { continue };
            let start = out.parents.len();
            for c in [c1, c2] {
                out.parents.extend(digits(save[c] & !common).map(|v| cand(c, v)));
            }
            let removals = (0..9).filter(|&i| combo & (1 << i) == 0).flat_map(|i| {
                let cell = HOUSES[h][i] as usize;
                digits(cands[cell] & common).map(move |v| cand(cell, v))
            });
            out.add(removals, start);
        }
    }
}

/// X-Wings (`Fisherman(2)`), columns as base first: parents are the base lines' places of the
/// digit outside the cover lines that are gone.
fn x_wings(ctx: &Context, pos: &Positions, save_pos: &Positions, lost: &[u16; 27], out: &mut Found) {
    for (base, cover) in [(18usize, 9usize), (9, 18)] {
        for &(l1, l2) in &PAIRS {
            let combo = (1u16 << l1) | (1 << l2);
            // The parents are places of the digit in the base lines that are gone.
            for d in digits(lost[base + l1 as usize] | lost[base + l2 as usize]) {
                if ctx.occurrences[d as usize] + 4 > 9 {
                    continue;
                }
                let (b1, b2) = (base + l1 as usize, base + l2 as usize);
                let Some(common) = same_pair(pos[b1][d as usize], pos[b2][d as usize]) else {
                    continue;
                };
                let start = out.parents.len();
                for b in [b1, b2] {
                    let lost = save_pos[b][d as usize] & !pos[b][d as usize] & !common;
                    out.parents.extend(bits(lost).map(|i| cand(HOUSES[b][i] as usize, d)));
                }
                let removals = bits(common).flat_map(|j| {
                    let line = cover + j;
                    bits(pos[line][d as usize] & !combo).map(move |i| cand(HOUSES[line][i] as usize, d))
                });
                out.add(removals, start);
            }
        }
    }
}

/// The pairs of `0..9` in the order Sudoku Explainer enumerates them (increasing as bit masks:
/// by the higher member, then the lower), written out so that the scans at every stall of a chain
/// need no combination generator.
const PAIRS: [(u8, u8); 36] = {
    let mut t = [(0u8, 0u8); 36];
    let mut n = 0;
    let mut hi = 1;
    while hi < 9 {
        let mut lo = 0;
        while lo < hi {
            t[n] = (lo, hi);
            n += 1;
            lo += 1;
        }
        hi += 1;
    }
    t
};

/// The pairs of members of `set` (a 9-bit mask) with at least one member in `lost`, in [`PAIRS`]
/// order.
fn pairs_in(set: u16, lost: u16) -> impl Iterator<Item = (u8, u8)> {
    bits(set).flat_map(move |hi| {
        let lows = set & ((1 << hi) - 1);
        let lows = if lost & (1 << hi) != 0 { lows } else { lows & lost };
        bits(lows).map(move |lo| (lo as u8, hi as u8))
    })
}

/// The set of two that two masks make, when they make one: Sudoku Explainer's test (each mask has
/// at least two members, the union exactly two) holds exactly when both are the same mask of two.
fn same_pair(a: u16, b: u16) -> Option<u16> {
    (a == b && two(a)).then_some(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::se::board::ALL;

    fn cell(r: usize, c: usize) -> usize {
        (r - 1) * 9 + (c - 1)
    }

    #[test]
    fn a_pointing_made_by_the_chain_relies_on_what_the_chain_removed() {
        // Every cell open; a chain has removed 5 from rows 2 and 3 of block 1, so the 5 of
        // block 1 points along row 1.
        let board = Board { values: [0; 81], cands: [ALL; 81] };
        let save = board.cands;
        let mut cur = board.cands;
        let gone: Vec<usize> = (2..=3).flat_map(|r| (1..=3).map(move |c| cell(r, c))).collect();
        for &c in &gone {
            cur[c] &= !(1 << 5);
        }
        let now = Board { values: board.values, cands: cur };
        let ctx = Context::new(&board);
        let mut out = Found::default();
        advanced(&ctx, &cur, &now.all_positions(), &save, &board.all_positions(), &mut out);
        let removed: Vec<u16> = out.removals.iter().map(|r| r.0).collect();
        let expected: Vec<u16> = (4..=9).map(|c| cand(cell(1, c), 5)).collect();
        assert_eq!(removed, expected);
        for &(_, start, len) in &out.removals {
            let mut parents = out.parents[start as usize..(start + len) as usize].to_vec();
            parents.sort_unstable();
            let mut want: Vec<u16> = gone.iter().map(|&c| cand(c, 5)).collect();
            want.sort_unstable();
            assert_eq!(parents, want);
        }
    }

    #[test]
    fn the_pairs_come_in_the_combination_order() {
        let from_generator: Vec<(u8, u8)> = crate::rate::se::board::combinations(2, 9)
            .map(|m| (m.trailing_zeros() as u8, (127 - m.leading_zeros()) as u8))
            .collect();
        assert_eq!(from_generator, PAIRS.to_vec());
    }

    #[test]
    fn pairs_in_a_set_come_in_pair_order() {
        for set in (0..512u16).step_by(7) {
            for lost in [0, 1, 0b1010, 0x1ff, set, !set & 0x1ff] {
                let want: Vec<(u8, u8)> = PAIRS
                    .iter()
                    .copied()
                    .filter(|&(a, b)| {
                        let m = (1 << a) | (1 << b);
                        m & set == m && m & lost != 0
                    })
                    .collect();
                assert_eq!(pairs_in(set, lost).collect::<Vec<_>>(), want, "{set:b} {lost:b}");
            }
        }
    }

    #[test]
    fn same_pair_is_the_set_of_two_test() {
        for a in 0..1024u16 {
            for b in [a, a | 1, 0b110, 0b1100, a ^ 0b10] {
                let want = crate::rate::se::basic::common_tuple(&[a, b], 2);
                assert_eq!(same_pair(a, b), want, "{a:b} {b:b}");
            }
        }
    }

    #[test]
    fn a_rule_that_holds_without_the_chain_is_not_used() {
        // Nothing removed: every intersection, pair and X-Wing on the grid would hold anyway.
        let mut board = Board { values: [0; 81], cands: [ALL; 81] };
        for c in [cell(1, 1), cell(1, 2)] {
            board.cands[c] = (1 << 1) | (1 << 2);
        }
        let ctx = Context::new(&board);
        let mut out = Found::default();
        let pos = board.all_positions();
        advanced(&ctx, &board.cands, &pos, &board.cands, &pos, &mut out);
        assert!(out.removals.is_empty());
    }
}
