//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5): a digit is removed from one
//! of two or three cells when every combination using it is impossible, because two of the cells
//! that see each other would share the digit, or because a cell seeing all of them (an
//! "excluder", holding two to `degree` candidates) would be left empty.

use std::ops::ControlFlow;

use super::board::{combinations, digits, sees, Board, PEERS};
use super::hint::{first_step, Hint, Pattern, Steps};

/// An aligned exclusion search along a solution path, which remembers the candidates of the last
/// grid on which it found nothing.
///
/// What a pair or triplet of cells gives depends on few candidates: the cells' own; whether each
/// of their peers is solved, holds one candidate, two to `degree` (an excluder) or more, which
/// decides the cells that take part, their excluders and the order they are met in; and the
/// candidates of the excluders that see them all. A later grid of the same path (its candidates
/// among those) can only give something new in a combination that one of its changes reaches;
/// the others are passed over, and the first step found is the one a whole search would find
/// first.
#[derive(Clone, Debug)]
pub(crate) struct Barren {
    degree: usize,
    grid: Option<[u16; 81]>,
}

impl Barren {
    /// A search over `degree` (2 or 3) cells that has found nothing yet.
    pub(crate) fn new(degree: usize) -> Barren {
        Barren { degree, grid: None }
    }

    /// Aligned exclusion over the search's number of cells, in Sudoku Explainer's order; only
    /// the combinations that the changes since the last grid on which it found nothing reach are
    /// searched.
    pub(crate) fn search(&mut self, b: &Board) -> Option<Hint> {
        let since = self.grid.as_ref().filter(|then| b.within(then));
        let changes = since.map(|then| Changes::between(then, b, self.degree));
        let hint = first_step(|s| search(b, self.degree, changes.as_ref(), s));
        if hint.is_none() {
            self.grid = Some(b.cands);
        }
        hint
    }

    /// Every aligned exclusion over `degree` cells on `b`, in Sudoku Explainer's order.
    pub(crate) fn every(b: &Board, degree: usize) -> Vec<Hint> {
        let mut all = Vec::new();
        let _ = search(b, degree, None, &mut all);
        all
    }
}

/// The changes between two grids of a path, as they reach the combinations of cells (see
/// [`Barren`]).
#[derive(Debug)]
struct Changes {
    /// A combination holding one of these cells is searched again: the cells that changed, and
    /// the peers of those that changed kind (solved, single, excluder, more).
    cells: u128,
    /// Per excluder that changed but stayed one: itself and its peers. A combination of cells
    /// inside one of these is searched again.
    excluders: Vec<u128>,
}

impl Changes {
    fn between(then: &[u16; 81], now: &Board, degree: usize) -> Changes {
        let kind = |m: u16| match m.count_ones() as usize {
            n @ 0..=1 => n,
            n if n <= degree => 2,
            _ => 3,
        };
        let mut changes = Changes { cells: 0, excluders: Vec::new() };
        for c in 0..81 {
            let (old, new) = (then[c], now.cands[c]);
            if old == new {
                continue;
            }
            changes.cells |= 1 << c;
            if kind(old) != kind(new) {
                changes.cells |= NEAR[c];
            } else if kind(new) == 2 {
                changes.excluders.push(NEAR[c]);
            }
        }
        changes
    }

    /// Whether the changes reach the pair `c0`, `c1` as a whole.
    fn reach_pair(&self, c0: usize, c1: usize) -> bool {
        let pair = 1u128 << c0 | 1 << c1;
        self.cells & pair != 0 || self.excluders.iter().any(|&near| near & pair == pair)
    }

    /// The third cells to search with `c0` and `c1` as a mask: all when the pair itself is
    /// reached.
    fn open(&self, c0: usize, c1: usize) -> u128 {
        let pair = 1u128 << c0 | 1 << c1;
        if self.cells & pair != 0 {
            return u128::MAX;
        }
        self.excluders.iter().filter(|&&near| near & pair == pair).fold(self.cells, |m, &near| m | near)
    }
}

/// Per cell: the cell and its peers, as a cell mask.
const NEAR: [u128; 81] = {
    let mut near = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        near[c] = 1 << c;
        let mut i = 0;
        while i < 20 {
            near[c] |= 1 << PEERS[c][i];
            i += 1;
        }
        c += 1;
    }
    near
};

/// Aligned exclusion over `degree` (2 or 3) cells, in Sudoku Explainer's search order; with
/// `changes`, only the combinations they reach (see [`Barren`]).
fn search(b: &Board, degree: usize, changes: Option<&Changes>, out: &mut dyn Steps) -> ControlFlow<()> {
    let mut candidates: Vec<usize> = Vec::new();
    // Per cell: its excluders as a cell mask, and in Sudoku Explainer's house-cell order.
    let mut excluder_mask = [0u128; 81];
    let mut excluders = [[0u8; 20]; 81];
    let mut excluder_count = [0usize; 81];
    for cell in 0..81 {
        let card = b.cands[cell].count_ones() as usize;
        if card < 2 {
            continue;
        }
        let mut single = false;
        let mut n = 0;
        for &o in &PEERS[cell] {
            let card = b.cands[o as usize].count_ones() as usize;
            if card == 1 {
                single = true;
            } else if (2..=degree).contains(&card) {
                excluders[cell][n] = o;
                n += 1;
            }
        }
        if !single && n > 0 {
            candidates.push(cell);
            excluder_mask[cell] = excluders[cell][..n].iter().fold(0, |m, &c| m | 1u128 << c);
            excluder_count[cell] = n;
        }
    }
    if candidates.len() < degree {
        return ControlFlow::Continue(());
    }
    let candidate_mask = candidates.iter().fold(0u128, |m, &c| m | 1 << c);
    let mut tails: Vec<usize> = Vec::new();
    for pair in combinations(2, candidates.len() as u32) {
        let i0 = pair.trailing_zeros() as usize;
        let i1 = (pair & !(1 << i0)).trailing_zeros() as usize;
        let (c0, c1) = (candidates[i0], candidates[i1]);
        let pair_common = excluder_mask[c0] & excluder_mask[c1];
        if degree == 2 {
            if pair_common.count_ones() >= 2 && changes.is_none_or(|ch| ch.reach_pair(c0, c1)) {
                if let Some(h) = exclude(b, &[c0, c1], pair_common) {
                    out.offer(h)?;
                }
            }
            continue;
        }
        if pair_common.count_ones() < 2 {
            continue;
        }
        let open = changes.map_or(u128::MAX, |ch| ch.open(c0, c1));
        let area = (excluder_mask[c0] | excluder_mask[c1]) & candidate_mask & !(1u128 << c0) & !(1u128 << c1);
        if area & open == 0 {
            continue;
        }
        tails.clear();
        let listed = |c: usize| &excluders[c][..excluder_count[c]];
        let mut left = area & open;
        for &e in listed(c0).iter().chain(listed(c1)) {
            if left == 0 {
                break;
            }
            let e = usize::from(e);
            if left & (1 << e) != 0 {
                left &= !(1 << e);
                tails.push(e);
            }
        }
        for &t in &tails {
            let common = pair_common & excluder_mask[t];
            if common.count_ones() >= 2 {
                if let Some(h) = exclude(b, &[c0, c1, t], common) {
                    out.offer(h)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn exclude(b: &Board, cells: &[usize], common: u128) -> Option<Hint> {
    // Only an excluder whose candidates all lie among the cells' can ever be emptied. Without one,
    // nothing is excluded: cells that all see each other share a house, and a Hall violation
    // among two or three of them would be a naked pair there, which is tried before.
    let union = cells.iter().fold(0u16, |a, &c| a | b.cands[c]);
    // An excluder of two candidates forbids them together: `apart[x]` holds the digits `x` may
    // not go with. One of three forbids all three together, which only aligned triplets reach;
    // one of more (never an excluder in the search) is never emptied.
    let mut apart = [0u16; 10];
    let mut triples = [0u16; 20];
    let mut n_triples = 0;
    let mut any = false;
    let mut rest = common;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let m = b.cands[c];
        if m & !union != 0 {
            continue;
        }
        any = true;
        if m.count_ones() == 2 {
            let x = m.trailing_zeros() as usize;
            let y = (m & !(1 << x)).trailing_zeros() as usize;
            apart[x] |= 1 << y;
            apart[y] |= 1 << x;
        } else if m.count_ones() == 3 && n_triples < triples.len() {
            triples[n_triples] = m;
            n_triples += 1;
        }
    }
    if !any {
        return None;
    }
    let triples = &triples[..n_triples];
    let m = [b.cands[cells[0]], b.cands[cells[1]], cells.get(2).map_or(0, |&c| b.cands[c])];
    let see = |i: usize, j: usize| cells.len() > j && sees(cells[i], cells[j]);
    let (see01, see02, see12) = (see(0, 1), see(0, 2), see(1, 2));
    // Each digit of the first two cells in turn, the third cell's digits that complete the
    // combination all at once.
    let mut allowed = [0u16; 3];
    for d0 in digits(m[0]) {
        let mut second = m[1] & !apart[usize::from(d0)];
        if see01 {
            second &= !(1 << d0);
        }
        for d1 in digits(second) {
            if cells.len() == 2 {
                allowed[0] |= 1 << d0;
                allowed[1] |= 1 << d1;
                continue;
            }
            let mut third = m[2] & !apart[usize::from(d0)] & !apart[usize::from(d1)];
            if see02 {
                third &= !(1 << d0);
            }
            if see12 {
                third &= !(1 << d1);
            }
            let used = (1u16 << d0) | (1 << d1);
            if d0 != d1 {
                for &t in triples {
                    if t & used == used {
                        third &= !(t & !used);
                    }
                }
            }
            if third != 0 {
                allowed[0] |= 1 << d0;
                allowed[1] |= 1 << d1;
                allowed[2] |= third;
            }
        }
    }
    let removals: Vec<(u8, u16)> = cells
        .iter()
        .enumerate()
        .filter(|&(i, &c)| b.cands[c] & !allowed[i] != 0)
        .map(|(i, &c)| (c as u8, b.cands[c] & !allowed[i]))
        .collect();
    if removals.is_empty() {
        return None;
    }
    let (difficulty, name) =
        if cells.len() == 2 { (6.2, "Aligned Pair Exclusion") } else { (7.5, "Aligned Triplet Exclusion") };
    Some(Hint::removal(difficulty, name, removals).on(Pattern::of(0, cells.iter().map(|&c| c as u8))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of the cells' digits, checked one by one: a digit stays when some
    /// combination using it leaves no two cells that see each other with the same digit and
    /// empties no excluder.
    fn exclude_by_brute_force(b: &Board, cells: &[usize], common: u128) -> Vec<(u8, u16)> {
        let excluders: Vec<u16> = (0..81).filter(|&c| common & 1 << c != 0).map(|c| b.cands[c]).collect();
        let options: Vec<Vec<u8>> = cells.iter().map(|&c| digits(b.cands[c]).collect()).collect();
        let mut allowed = vec![0u16; cells.len()];
        let mut combo = vec![0usize; cells.len()];
        loop {
            let ds: Vec<u8> = combo.iter().zip(&options).map(|(&i, o)| o[i]).collect();
            let clash =
                (0..ds.len()).any(|i| (i + 1..ds.len()).any(|j| ds[i] == ds[j] && sees(cells[i], cells[j])));
            let used = ds.iter().fold(0u16, |m, &d| m | 1 << d);
            if !clash && !excluders.iter().any(|&e| e & !used == 0) {
                for (a, &d) in allowed.iter_mut().zip(&ds) {
                    *a |= 1 << d;
                }
            }
            // The next combination, the last cell's digit turning fastest.
            let mut i = cells.len();
            loop {
                if i == 0 {
                    return cells
                        .iter()
                        .zip(&allowed)
                        .filter(|&(&c, &a)| b.cands[c] & !a != 0)
                        .map(|(&c, &a)| (c as u8, b.cands[c] & !a))
                        .collect();
                }
                i -= 1;
                combo[i] += 1;
                if combo[i] < options[i].len() {
                    break;
                }
                combo[i] = 0;
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The combinations worked out a digit pair at a time remove what checking each
        /// combination removes, for pairs and triplets of cells anywhere on the board, with
        /// excluders of two and three candidates (and others, which can never be emptied).
        #[test]
        fn exclusion_matches_every_combination_checked(
            cells in proptest::sample::subsequence((0..81usize).collect::<Vec<_>>(), 2..=3),
            cands in proptest::collection::vec(0u16..32, 81),
            excluders in proptest::collection::vec(0..81usize, 1..12),
        ) {
            // Two to five candidates among the digits 1 to 5, so that excluders often lie within
            // the aligned cells' candidates and combinations often clash.
            let cands: [u16; 81] = std::array::from_fn(|c| {
                let m = cands[c] << 1;
                if m.count_ones() < 2 { m | 0b110 } else { m }
            });
            let b = Board { values: [0; 81], cands };
            let common = excluders.iter().filter(|c| !cells.contains(c)).fold(0u128, |m, &c| m | 1 << c);
            // Without an excluder within the cells' candidates, the search leaves the cells to
            // the naked sets tried before (see `exclude`), whatever the combinations say.
            let union = cells.iter().fold(0u16, |a, &c| a | b.cands[c]);
            let within = (0..81).any(|c| common & 1 << c != 0 && b.cands[c] & !union == 0);
            let expected = if within { exclude_by_brute_force(&b, &cells, common) } else { Vec::new() };
            let found = exclude(&b, &cells, common).map(|h| h.removals).unwrap_or_default();
            let ex: Vec<(usize, u16)> = (0..81).filter(|&c| common & 1 << c != 0).map(|c| (c, b.cands[c])).collect();
            let cs: Vec<(usize, u16)> = cells.iter().map(|&c| (c, b.cands[c])).collect();
            proptest::prop_assert_eq!(found, expected, "cells {:?} excluders {:?}", cs, ex);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Along a path of grids, each with candidates among the last one's, the search that only
        /// looks where the grid changed since it last found nothing finds, at every grid, the
        /// step a whole search finds. The candidates start at three to six of the digits 1 to 6
        /// and lose one at a time, or a cell is solved, so excluders come and go and a step is
        /// found now and then.
        #[test]
        fn a_search_along_a_path_finds_what_a_whole_search_finds(
            degree in 2usize..=3,
            start in proptest::collection::vec(0u16..64, 81),
            changes in proptest::collection::vec((0..81usize, 1u8..=6, 0u8..8), 1..60),
        ) {
            let cands: [u16; 81] = std::array::from_fn(|c| {
                let m = (start[c] << 1) & 0b111_1110;
                if m.count_ones() < 3 { m | 0b1110 } else { m }
            });
            let mut b = Board { values: [0; 81], cands };
            let mut path = Barren::new(degree);
            for (step, &(cell, digit, solve)) in changes.iter().enumerate() {
                b.path_step(cell, digit, solve == 0);
                let whole = first_step(|s| search(&b, degree, None, s));
                proptest::prop_assert_eq!(path.search(&b), whole, "step {}", step);
            }
        }
    }
}
