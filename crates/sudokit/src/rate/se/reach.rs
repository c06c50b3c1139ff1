//! Which potentials of a grid can lead to a strong link the grid has gained.
//!
//! Inside a nested dynamic chain, "Forcing Chains & Cycles" runs on the grid the chain left, `cur`:
//! the chain's starting grid `init` less the candidates the chain turned off. Taking candidates away
//! removes weak links and adds no new ones; it can only add strong links (a cell down to two
//! candidates, a digit down to two places in a house). When that rule found nothing on `init`
//! itself, a forcing chain found on `cur` must use one of the strong links `init` lacks: a chain
//! on old links alone would also be found on `init`. The forcing search reaches everything its
//! links reach, and its conclusion holds there with at least the same removals. So a forcing chain
//! can come only from a potential that can reach, along `cur`'s links, the start of a gained strong
//! link (its "off" end). [`gained_reach`] finds those potentials, walking the links backwards from
//! the gained links: one pass over the grid instead of a search from every candidate.
//!
//! Cycles are not covered: the cycle search skips potentials already above the one it spreads, so
//! what it finds on a grid is not a subset of what it finds on a grid with more candidates.

use super::board::{
    cand, cell_of, digit_of, digits, positions, two, Bits, Positions, CELL_HOUSES, CELL_INDEX, HOUSES,
};

/// The potentials of `cur` that can reach a strong link `init` lacks.
pub(crate) struct Reach {
    /// Candidates whose "on" can.
    pub on: Bits,
    /// Candidates whose "off" can.
    pub off: Bits,
}

/// The potentials of `cur` (positions `pos`) that can reach, along its Y-links (`y`, within a
/// cell) and X-links (`x`, within a house), the "off" end of a strong link it has and `init` lacks.
pub(crate) fn gained_reach(cur: &[u16; 81], pos: &Positions, init: &[u16; 81], y: bool, x: bool) -> Reach {
    let mut reach = Reach { on: Bits::default(), off: Bits::default() };
    // Potentials still to walk back from: candidates, with ON for an "on".
    const ON: u16 = 1 << 15;
    let mut stack: Vec<u16> = Vec::with_capacity(256);
    let reach_off = |c: u16, reach: &mut Reach, stack: &mut Vec<u16>| {
        if !reach.off.has(c) {
            reach.off.set(c);
            stack.push(c);
        }
    };
    if y {
        for (cell, &m) in cur.iter().enumerate() {
            if two(m) && !two(init[cell]) {
                for d in digits(m) {
                    reach_off(cand(cell, d), &mut reach, &mut stack);
                }
            }
        }
    }
    if x {
        let init_pos = positions(init);
        for (house, cells) in HOUSES.iter().enumerate() {
            for d in 1..=9u8 {
                let places = pos[house][usize::from(d)];
                if two(places) && !two(init_pos[house][usize::from(d)]) {
                    for (i, &cell) in cells.iter().enumerate() {
                        if places & (1 << i) != 0 {
                            reach_off(cand(usize::from(cell), d), &mut reach, &mut stack);
                        }
                    }
                }
            }
        }
    }
    while let Some(p) = stack.pop() {
        let c = p & !ON;
        let (cell, d) = (cell_of(c), digit_of(c));
        if p & ON == 0 {
            // "c off" follows from the "on" of every candidate weakly linked to it.
            let mut reach_on = |a: u16| {
                if !reach.on.has(a) {
                    reach.on.set(a);
                    stack.push(a | ON);
                }
            };
            if y {
                for e in digits(cur[cell] & !(1 << d)) {
                    reach_on(cand(cell, e));
                }
            }
            if x {
                for k in 0..3 {
                    let house = CELL_HOUSES[cell][k] as usize;
                    let others = pos[house][usize::from(d)] & !(1 << CELL_INDEX[cell][k]);
                    for (i, &other) in HOUSES[house].iter().enumerate() {
                        if others & (1 << i) != 0 {
                            reach_on(cand(usize::from(other), d));
                        }
                    }
                }
            }
        } else {
            // "c on" follows from the "off" of its strong partners.
            if y && two(cur[cell]) {
                let e = cur[cell] & !(1 << d);
                reach_off(cand(cell, e.trailing_zeros() as u8), &mut reach, &mut stack);
            }
            if x {
                for k in 0..3 {
                    let house = CELL_HOUSES[cell][k] as usize;
                    let places = pos[house][usize::from(d)];
                    if two(places) {
                        let i = (places & !(1 << CELL_INDEX[cell][k])).trailing_zeros() as usize;
                        reach_off(cand(usize::from(HOUSES[house][i]), d), &mut reach, &mut stack);
                    }
                }
            }
        }
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::se::board::ALL;

    /// A grid of full cells but for `open`, which hold the given candidates.
    fn grid(open: &[(usize, u16)]) -> [u16; 81] {
        let mut g = [0u16; 81];
        for &(cell, m) in open {
            g[cell] = m;
        }
        g
    }

    fn mask(ds: &[u8]) -> u16 {
        ds.iter().fold(0, |m, &d| m | 1 << d)
    }

    #[test]
    fn a_cell_down_to_two_candidates_is_reached_through_weak_links() {
        // r1c1 goes from {1,2,3} to {1,2}; r1c5 holds 1 and 4 all along, r9c9 7 and 8.
        let init = grid(&[(0, mask(&[1, 2, 3])), (4, mask(&[1, 4])), (80, mask(&[7, 8]))]);
        let cur = grid(&[(0, mask(&[1, 2])), (4, mask(&[1, 4])), (80, mask(&[7, 8]))]);
        let r = gained_reach(&cur, &positions(&cur), &init, true, true);
        // The gained link's "off" ends, and for instance "r1c5=4 on", which turns r1c5=1 off,
        // which turns r1c1=1 on (the row's other place of 1), which turns r1c1=2 off.
        let near = [cand(0, 1), cand(0, 2), cand(4, 1), cand(4, 4)];
        assert_eq!(r.off.iter().collect::<Vec<_>>(), near);
        assert_eq!(r.on.iter().collect::<Vec<_>>(), near);
        // r9c9 shares no house with them: its links lead nowhere near.
        assert!(!r.on.has(cand(80, 7)) && !r.off.has(cand(80, 8)));
        // With X-links only, the cell's new link is not one of them, and the row's 1s were
        // already in two places: nothing is gained.
        let r = gained_reach(&cur, &positions(&cur), &init, false, true);
        assert_eq!(r.on.iter().count() + r.off.iter().count(), 0);
    }

    #[test]
    fn a_digit_down_to_two_places_is_gained_with_x_links() {
        // Digit 5 in row 1: places c1, c2, c3 at first, then c1 and c3.
        let init = grid(&[(0, mask(&[5, 6])), (1, mask(&[5, 7])), (2, mask(&[5, 8]))]);
        let cur = grid(&[(0, mask(&[5, 6])), (1, mask(&[7])), (2, mask(&[5, 8]))]);
        let r = gained_reach(&cur, &positions(&cur), &init, false, true);
        assert!(r.off.has(cand(0, 5)) && r.off.has(cand(2, 5)));
        // Without Y-links nothing leads into them: c1 and c3 only see each other for 5.
        assert!(r.on.has(cand(0, 5)) && r.on.has(cand(2, 5)));
        assert!(!r.off.has(cand(0, 6)) && !r.on.has(cand(0, 6)));
        let r = gained_reach(&cur, &positions(&cur), &init, true, false);
        assert_eq!(r.off.iter().count(), 0, "the cells kept their candidates");
    }

    /// Whether `from` reaches the "off" end of a gained strong link, searched forwards along the
    /// links the way the chains spread, one potential at a time.
    fn reaches(cur: &[u16; 81], init: &[u16; 81], y: bool, x: bool, from: (u16, bool)) -> bool {
        let (pos, init_pos) = (positions(cur), positions(init));
        let gained = |c: u16| {
            let (cell, d) = (cell_of(c), digit_of(c));
            y && two(cur[cell]) && !two(init[cell])
                || x && CELL_HOUSES[cell].iter().any(|&h| {
                    let h = usize::from(h);
                    two(pos[h][usize::from(d)]) && !two(init_pos[h][usize::from(d)])
                })
        };
        let mut seen = std::collections::HashSet::from([from]);
        let mut todo = vec![from];
        while let Some((c, on)) = todo.pop() {
            if !on && gained(c) {
                return true;
            }
            let (cell, d) = (cell_of(c), digit_of(c));
            for other in 0..81 {
                for e in digits(cur[other]) {
                    let same_cell = other == cell && e != d;
                    let houses = CELL_HOUSES[cell].iter().filter(|h| CELL_HOUSES[other].contains(h));
                    let mut shared = houses.map(|&h| usize::from(h));
                    let next = if on {
                        // Weak links: what "c on" turns off.
                        y && same_cell || x && e == d && other != cell && shared.next().is_some()
                    } else {
                        // Strong links: what "c off" turns on.
                        y && same_cell && two(cur[cell])
                            || x && e == d && other != cell && shared.any(|h| two(pos[h][usize::from(d)]))
                    };
                    if next && seen.insert((cand(other, e), !on)) {
                        todo.push((cand(other, e), !on));
                    }
                }
            }
        }
        false
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        #[test]
        fn the_backward_walk_finds_what_a_forward_search_reaches(
            init in proptest::collection::vec(0u16..512, 81),
            kept in proptest::collection::vec(0u16..512, 81),
            links in 0usize..3,
        ) {
            // Sparse grids (about 1 candidate in 3, 1 in 8 of them gone), where the links are few
            // enough for some potentials to reach nothing.
            let init: [u16; 81] = std::array::from_fn(|i| (init[i] & init[i] >> 1 & ALL >> 1) << 1);
            let cur: [u16; 81] = std::array::from_fn(|i| init[i] & !((kept[i] & kept[i] >> 3 & kept[i] >> 6) << 1 & ALL));
            let (y, x) = [(false, true), (true, false), (true, true)][links];
            let r = gained_reach(&cur, &positions(&cur), &init, y, x);
            for (cell, &m) in cur.iter().enumerate() {
                for d in digits(m) {
                    let c = cand(cell, d);
                    proptest::prop_assert_eq!(r.on.has(c), reaches(&cur, &init, y, x, (c, true)), "on {}", c);
                    proptest::prop_assert_eq!(r.off.has(c), reaches(&cur, &init, y, x, (c, false)), "off {}", c);
                }
            }
        }
    }

    #[test]
    fn nothing_is_reached_on_the_grid_itself() {
        let g = [ALL; 81];
        let r = gained_reach(&g, &positions(&g), &g, true, true);
        assert_eq!(r.on.iter().count() + r.off.iter().count(), 0);
    }
}
