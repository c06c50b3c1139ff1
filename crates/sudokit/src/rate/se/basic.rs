//! Sudoku Explainer's techniques up to Jellyfish and XYZ-Wing: singles, the "direct" forms of
//! intersections and hidden sets (which end in a placement), intersections, naked and hidden
//! sets, fish and the two wings. Each function returns the first step in Sudoku Explainer's own
//! search order.

use std::ops::ControlFlow;

use super::board::{bits, combinations, first, sees, Board, CELL_HOUSES, HOUSES, PEERS};
use super::hint::{Hint, Pattern, Steps};

/// Every house, as a mask of house numbers: a whole search.
pub(crate) const ALL_HOUSES: u32 = (1 << 27) - 1;

/// The houses (as a mask of house numbers) holding a cell whose candidates differ between an
/// earlier grid of a path, `then`, and `now`.
///
/// Hidden and naked sets are a function of one house's candidates, and intersections of the two
/// houses they join (their direct forms also of the houses of the base's kind that cross the
/// cover): where those are as they were on a grid where the search found nothing, they still give
/// nothing, and the search passes them over. It meets the others in the same order, so the first
/// step it finds is the one a whole search finds.
pub(crate) fn changed_houses(then: &[u16; 81], now: &Board) -> u32 {
    (0..81).filter(|&c| then[c] != now.cands[c]).flat_map(|c| CELL_HOUSES[c]).fold(0, |m, h| m | 1 << h)
}

/// The houses a search must look at on `now`, given the candidates of the last grid of the path on
/// which it found nothing (if any): the changed ones, or all.
pub(crate) fn houses_since(now: &Board, then: Option<&[u16; 81]>) -> u32 {
    then.map_or(ALL_HOUSES, |t| changed_houses(t, now))
}

/// Blocks, then columns, then rows: the order of most of Sudoku Explainer's house scans.
pub(crate) const BLOCK_COL_ROW: [usize; 27] = {
    let mut o = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        o[i] = i;
        o[9 + i] = 18 + i;
        o[18 + i] = 9 + i;
        i += 1;
    }
    o
};

/// Full houses (1.0), then hidden singles in blocks (1.2), columns and rows (1.5).
pub(crate) fn hidden_single(b: &Board, out: &mut dyn Steps) -> ControlFlow<()> {
    for alone_only in [true, false] {
        for &house in &BLOCK_COL_ROW {
            let alone = b.empty_count(house) == 1;
            for d in 1..=9 {
                let pos = b.positions(house, d);
                if pos.count_ones() == 1 && alone == alone_only {
                    let cell = HOUSES[house][pos.trailing_zeros() as usize] as usize;
                    let difficulty = if alone {
                        1.0
                    } else if house < 9 {
                        1.2
                    } else {
                        1.5
                    };
                    out.offer(Hint::placement(difficulty, "Hidden Single", cell, d))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// A cell with one candidate left (2.3).
pub(crate) fn naked_single(b: &Board, out: &mut dyn Steps) -> ControlFlow<()> {
    for c in (0..81).filter(|&c| b.cands[c].count_ones() == 1) {
        out.offer(Hint::placement(2.3, "Naked Single", c, first(b.cands[c])))?;
    }
    ControlFlow::Continue(())
}

/// The house pairs Sudoku Explainer checks for intersections, in its order: (base, cover).
pub(crate) fn locking_pairs() -> impl Iterator<Item = (usize, usize)> {
    let block_col = (0..9).flat_map(|b| (0..9).map(move |c| (b, 18 + c)));
    let block_row = (0..9).flat_map(|b| (0..9).map(move |r| (b, 9 + r)));
    let col_block = (0..9).flat_map(|c| (0..9).map(move |b| (18 + c, b)));
    let row_block = (0..9).flat_map(|r| (0..9).map(move |b| (9 + r, b)));
    block_col.chain(block_row).chain(col_block).chain(row_block).filter(|&(a, b)| crosses(a, b))
}

/// Whether two houses share a cell.
pub(crate) fn crosses(a: usize, b: usize) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    match (lo / 9, hi / 9) {
        (0, 1) => lo / 3 == (hi - 9) / 3,
        (0, 2) => lo % 3 == (hi - 18) / 3,
        (1, 2) => true,
        _ => lo == hi,
    }
}

/// Per pair of houses, the places (indices) of the first that lie in the second.
const INSIDE: [[u16; 27]; 27] = {
    let mut cells = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            cells[h] |= 1 << HOUSES[h][i];
            i += 1;
        }
        h += 1;
    }
    let mut inside = [[0u16; 27]; 27];
    let mut h1 = 0;
    while h1 < 27 {
        let mut h2 = 0;
        while h2 < 27 {
            let mut i = 0;
            while i < 9 {
                if cells[h2] & 1 << HOUSES[h1][i] != 0 {
                    inside[h1][h2] |= 1 << i;
                }
                i += 1;
            }
            h2 += 1;
        }
        h1 += 1;
    }
    inside
};

/// Pointing and claiming: in `direct` mode only when the removal leaves a hidden single in another
/// house of the base's kind (Direct Pointing 1.7, Direct Claiming 1.9), else 2.6 / 2.8.
/// Only the pairs of houses that `houses` (a mask of house numbers) reaches are searched (see
/// [`changed_houses`]).
pub(crate) fn locking(b: &Board, direct: bool, houses: u32, out: &mut dyn Steps) -> ControlFlow<()> {
    // Every pair of houses looks at each digit's places in both: read off one table, and compared
    // as places within each house.
    let pos = b.all_positions();
    for (h1, h2) in locking_pairs() {
        let reach = 1 << h1 | 1 << h2 | if direct { CROSSING[h2] & 0x1ff << (9 * (h1 / 9)) } else { 0 };
        if houses & reach == 0 {
            continue;
        }
        for d in 1..=9u8 {
            let places = pos[h1][d as usize];
            if places.count_ones() <= 1 || places & !INSIDE[h1][h2] != 0 {
                continue;
            }
            if !direct {
                let mut outside = pos[h2][d as usize] & !INSIDE[h2][h1];
                if outside != 0 {
                    let mut removals = Vec::new();
                    while outside != 0 {
                        removals.push((HOUSES[h2][outside.trailing_zeros() as usize], 1 << d));
                        outside &= outside - 1;
                    }
                    let (diff, name) = if h1 < 9 { (2.6, "Pointing") } else { (2.8, "Claiming") };
                    let pattern = Pattern::of(1 << d, cells_at(h1, places));
                    out.offer(Hint::removal(diff, name, removals).on(pattern))?;
                }
                continue;
            }
            // Another house of the base's kind crossing the cover, left with one place.
            let kind = h1 / 9;
            for (h3, by_digit) in pos.iter().enumerate().skip(kind * 9).take(9) {
                if h3 == h1 || !crosses(h3, h2) {
                    continue;
                }
                let places3 = by_digit[d as usize];
                if places3.count_ones() <= 1 {
                    continue;
                }
                let remain = places3 & !INSIDE[h3][h2];
                if remain.count_ones() == 1 {
                    let (diff, name) =
                        if h1 < 9 { (1.7, "Direct Pointing") } else { (1.9, "Direct Claiming") };
                    // Sudoku Explainer applies only the placement; the removals stay for later.
                    let cell = HOUSES[h3][remain.trailing_zeros() as usize];
                    let pattern = Pattern::of(1 << d, cells_at(h1, places));
                    out.offer(Hint::placement(diff, name, usize::from(cell), d).on(pattern))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cells of `house` at the places (indices) `places`.
fn cells_at(house: usize, places: u16) -> impl Iterator<Item = u8> {
    bits(places).map(move |i| HOUSES[house][i])
}

/// Per house, the houses crossing it, as a mask of house numbers.
const CROSSING: [u32; 27] = {
    let mut out = [0u32; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            if a != b && INSIDE[a][b] != 0 {
                out[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// Union of the masks when every mask has at least two members and the union has `degree`.
pub(crate) fn common_tuple(masks: &[u16], degree: u32) -> Option<u16> {
    let mut union = 0;
    for &m in masks {
        if m.count_ones() <= 1 {
            return None;
        }
        union |= m;
    }
    (union.count_ones() == degree).then_some(union)
}

/// Hidden pairs, triplets and quads; in `direct` mode only those that leave a hidden single in
/// the house (Direct Hidden Pair 2.0, Direct Hidden Triplet 2.5). Only the houses in `houses` (a
/// mask of house numbers) are searched (see [`changed_houses`]).
pub(crate) fn hidden_set(
    b: &Board,
    degree: u32,
    direct: bool,
    houses: u32,
    out: &mut dyn Steps,
) -> ControlFlow<()> {
    let all = b.all_positions();
    for &house in &BLOCK_COL_ROW {
        if houses & 1 << house == 0 {
            continue;
        }
        let empty = b.empty_count(house);
        if !(empty > degree * 2 || (direct && empty > degree)) {
            continue;
        }
        let pos = &all[house];
        // Only digits with two to `degree` places can be in the set: combinations with others are
        // passed over (in the same order, so the first set found stays the same).
        let eligible = (1..=9)
            .filter(|&d| (2..=degree).contains(&pos[d].count_ones()))
            .fold(0u128, |m, d| m | 1 << (d - 1));
        if eligible.count_ones() < degree {
            continue;
        }
        for combo in combinations(degree, 9) {
            if combo & !eligible != 0 {
                continue;
            }
            let mut masks = [0u16; 4];
            let mut n = 0;
            for i in 0..9 {
                if combo & (1 << i) != 0 {
                    masks[n] = pos[i + 1];
                    n += 1;
                }
            }
            let Some(common) = common_tuple(&masks[..n], degree) else { continue };
            let value_set = (combo as u16) << 1;
            let mut removals = Vec::new();
            for (i, &cell) in HOUSES[house].iter().enumerate() {
                if common & (1 << i) != 0 {
                    let extra = b.cands[cell as usize] & !value_set;
                    if extra != 0 {
                        removals.push((cell, extra));
                    }
                }
            }
            if direct {
                for v in 1..=9u8 {
                    if value_set & (1 << v) != 0 {
                        continue;
                    }
                    let p = pos[v as usize];
                    if p.count_ones() > 1 && (p & !common).count_ones() == 1 {
                        let cell = HOUSES[house][(p & !common).trailing_zeros() as usize];
                        let (diff, name) = match degree {
                            2 => (2.0, "Direct Hidden Pair"),
                            3 => (2.5, "Direct Hidden Triplet"),
                            _ => (4.3, "Direct Hidden Quad"),
                        };
                        // Only the placement is applied, as in Sudoku Explainer.
                        let pattern = Pattern::of(value_set, cells_at(house, common));
                        out.offer(Hint::placement(diff, name, cell as usize, v).on(pattern))?;
                    }
                }
            } else if !removals.is_empty() {
                let (diff, name) = match degree {
                    2 => (3.4, "Hidden Pair"),
                    3 => (4.0, "Hidden Triplet"),
                    _ => (5.4, "Hidden Quad"),
                };
                let pattern = Pattern::of(value_set, cells_at(house, common));
                out.offer(Hint::removal(diff, name, removals).on(pattern))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked pairs (3.0), triplets (3.6) and quads (5.0), in the houses of `houses` (a mask of house
/// numbers; see [`changed_houses`]).
pub(crate) fn naked_set(b: &Board, degree: u32, houses: u32, out: &mut dyn Steps) -> ControlFlow<()> {
    for &house in &BLOCK_COL_ROW {
        if houses & 1 << house == 0 || b.empty_count(house) < degree * 2 {
            continue;
        }
        // Only cells with two to `degree` candidates can be in the set (see `hidden_set`).
        let eligible = (0..9)
            .filter(|&i| (2..=degree).contains(&b.cands[HOUSES[house][i] as usize].count_ones()))
            .fold(0u128, |m, i| m | 1 << i);
        if eligible.count_ones() < degree {
            continue;
        }
        for combo in combinations(degree, 9) {
            if combo & !eligible != 0 {
                continue;
            }
            let mut masks = [0u16; 4];
            let mut n = 0;
            for (i, &c) in HOUSES[house].iter().enumerate() {
                if combo & (1 << i) != 0 {
                    masks[n] = b.cands[c as usize];
                    n += 1;
                }
            }
            let Some(common) = common_tuple(&masks[..n], degree) else { continue };
            let removals: Vec<(u8, u16)> = (0..9)
                .filter(|i| combo & (1 << i) == 0)
                .map(|i| HOUSES[house][i])
                .filter(|&c| b.cands[c as usize] & common != 0)
                .map(|c| (c, b.cands[c as usize] & common))
                .collect();
            if !removals.is_empty() {
                let (diff, name) = match degree {
                    2 => (3.0, "Naked Pair"),
                    3 => (3.6, "Naked Triplet"),
                    _ => (5.0, "Naked Quad"),
                };
                let pattern = Pattern::of(common, cells_at(house, combo as u16));
                out.offer(Hint::removal(diff, name, removals).on(pattern))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2): columns as base first, then rows.
pub(crate) fn fish(b: &Board, degree: u32, out: &mut dyn Steps) -> ControlFlow<()> {
    let occurrences: Vec<u32> = (0..=9).map(|d| if d == 0 { 0 } else { b.occurrences(d) }).collect();
    // Each combination of lines reads every digit's places in them: read off one table.
    let pos = b.all_positions();
    for (base, cover) in [(18usize, 9usize), (9, 18)] {
        // Per digit, the base lines with two to `degree` places: only they can make the fish (see
        // `hidden_set`).
        let eligible: [u128; 10] = std::array::from_fn(|d| {
            (0..9)
                .filter(|&l| (2..=degree).contains(&pos[base + l][d].count_ones()))
                .fold(0, |m, l| m | 1 << l)
        });
        for combo in combinations(degree, 9) {
            for d in 1..=9u8 {
                if occurrences[d as usize] + degree * 2 > 9 || combo & !eligible[d as usize] != 0 {
                    continue;
                }
                let mut masks = [0u16; 4];
                let mut n = 0;
                for l in 0..9 {
                    if combo & (1 << l) != 0 {
                        masks[n] = pos[base + l][d as usize];
                        n += 1;
                    }
                }
                let Some(common) = common_tuple(&masks[..n], degree) else { continue };
                let mut removals = Vec::new();
                for j in 0..9 {
                    if common & (1 << j) == 0 {
                        continue;
                    }
                    let places = pos[cover + j][d as usize] & !(combo as u16);
                    for (i, &cell) in HOUSES[cover + j].iter().enumerate() {
                        if places & (1 << i) != 0 {
                            removals.push((cell, 1 << d));
                        }
                    }
                }
                if !removals.is_empty() {
                    let (diff, name) = match degree {
                        2 => (3.2, "X-Wing"),
                        3 => (3.8, "Swordfish"),
                        _ => (5.2, "Jellyfish"),
                    };
                    let lines = (0..9).filter(|l| combo & 1 << l != 0);
                    let cells = lines.flat_map(|l| cells_at(base + l, pos[base + l][d as usize]));
                    out.offer(Hint::removal(diff, name, removals).on(Pattern::of(1 << d, cells)))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-Wing (4.2) or XYZ-Wing (4.4).
pub(crate) fn xy_wing(b: &Board, xyz: bool, out: &mut dyn Steps) -> ControlFlow<()> {
    let target = if xyz { 3 } else { 2 };
    for (xy, peers) in PEERS.iter().enumerate() {
        let xyv = b.cands[xy];
        if xyv.count_ones() != target {
            continue;
        }
        for &xz in peers {
            let xzv = b.cands[xz as usize];
            if xzv.count_ones() != 2 || (xyv & !xzv).count_ones() != 1 {
                continue;
            }
            for &yz in peers {
                let yzv = b.cands[yz as usize];
                if yzv.count_ones() != 2 {
                    continue;
                }
                let union = xyv | xzv | yzv;
                let inter = xyv & xzv & yzv;
                let ok = union.count_ones() == 3 && inter.count_ones() == if xyz { 1 } else { 0 };
                if !ok {
                    continue;
                }
                let z = first(xzv & yzv);
                let (xz, yz) = (xz as usize, yz as usize);
                let removals: Vec<(u8, u16)> = PEERS[xz]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| sees(c, yz) && (!xyz || sees(c, xy)))
                    .filter(|&c| c != xy && c != xz && c != yz && b.cands[c] & (1 << z) != 0)
                    .map(|c| (c as u8, 1 << z))
                    .collect();
                if !removals.is_empty() {
                    let (diff, name) = if xyz { (4.4, "XYZ-Wing") } else { (4.2, "XY-Wing") };
                    let pattern = Pattern::of(union, [xy as u8, xz as u8, yz as u8]);
                    out.offer(Hint::removal(diff, name, removals).on(pattern))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::board::ALL;
    use super::super::hint::first_step;
    use super::*;

    /// A search given the candidates of the last grid where it found nothing, if any.
    type Since = fn(&Board, Option<&[u16; 81]>) -> Option<Hint>;

    /// The searches that look only where the grid changed, as `next_step` runs them.
    const SINCE: [Since; 11] = [
        |b, t| first_step(|s| locking(b, true, houses_since(b, t), s)),
        |b, t| first_step(|s| locking(b, false, houses_since(b, t), s)),
        |b, t| first_step(|s| hidden_set(b, 2, true, houses_since(b, t), s)),
        |b, t| first_step(|s| hidden_set(b, 3, true, houses_since(b, t), s)),
        |b, t| first_step(|s| hidden_set(b, 2, false, houses_since(b, t), s)),
        |b, t| first_step(|s| hidden_set(b, 3, false, houses_since(b, t), s)),
        |b, t| first_step(|s| hidden_set(b, 4, false, houses_since(b, t), s)),
        |b, t| first_step(|s| naked_set(b, 2, houses_since(b, t), s)),
        |b, t| first_step(|s| naked_set(b, 3, houses_since(b, t), s)),
        |b, t| first_step(|s| naked_set(b, 4, houses_since(b, t), s)),
        |b, _| first_step(|s| hidden_single(b, s)),
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Along a path of grids, each with candidates among the last one's, a search of only the
        /// houses that changed since it last found nothing finds, at every grid, the step a whole
        /// search finds. The cells start with most digits and lose one at a time, or are solved,
        /// so that sets and intersections come and go.
        #[test]
        fn a_search_of_the_changed_houses_finds_what_a_whole_search_finds(
            start in proptest::collection::vec(0u16..512, 81),
            changes in proptest::collection::vec((0..81usize, 1u8..=9, 0u8..10), 1..200),
        ) {
            // Five to nine candidates: a random set of digits, filled up with the first ones.
            let cands: [u16; 81] = std::array::from_fn(|c| {
                let mut m = (start[c] << 1) & ALL;
                let mut d = 1;
                while m.count_ones() < 5 {
                    m |= 1 << d;
                    d += 1;
                }
                m
            });
            let mut b = Board { values: [0; 81], cands };
            let mut last: [Option<[u16; 81]>; 11] = [None; 11];
            let mut found = 0;
            for (step, &(cell, digit, solve)) in changes.iter().enumerate() {
                b.path_step(cell, digit, solve == 0);
                for (i, search) in SINCE.iter().enumerate() {
                    let whole = search(&b, None);
                    let since = search(&b, last[i].as_ref());
                    proptest::prop_assert_eq!(&since, &whole, "search {} step {}", i, step);
                    if whole.is_none() {
                        last[i] = Some(b.cands);
                    } else {
                        found += 1;
                    }
                }
            }
            // Not a path on which nothing is ever found.
            proptest::prop_assert!(found > 0 || changes.len() < 100);
        }
    }
}
