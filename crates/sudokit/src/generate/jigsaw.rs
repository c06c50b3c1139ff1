//! Random jigsaw region maps: `side` orthogonally connected regions of `side` cells each.
//!
//! # Method
//!
//! The map starts as the classic boxes and is reshaped by random *swaps* that keep every region's
//! size and connectivity:
//!
//! 1. draw a cell `a` (region `A`) and one of its orthogonal neighbours `b` in another region `B`;
//! 2. move `a` into `B`, and move back into `A` a cell `c` of `B` that touches what is left of `A`
//!    (`c` may be `b` itself), drawn uniformly among such cells;
//! 3. keep the swap when both regions are still connected, else undo it.
//!
//! Sizes never change, and connectivity is checked on the two regions a swap touches, so every map
//! along the way is a valid jigsaw layout. [`SWAPS_PER_CELL`] kept swaps per cell mix the layout far
//! from the boxes (on 9×9, 243 swaps; the tests check that no box survives in most maps).
//!
//! Not every layout admits a complete grid. The caller ([`super::VariantGenerator`]) fills each new
//! map with a node-bounded randomised fill and draws a fresh map when the fill finds
//! no grid; a map is only ever used with a grid that satisfies it, so no map without a solution
//! reaches a puzzle.

use rand::Rng;

use super::neighbours;
use crate::grid::{Cell, Shape};
use crate::rules::region_connected;

/// Kept swaps per cell when reshaping the boxes into a jigsaw map.
pub const SWAPS_PER_CELL: usize = 3;

/// Swap attempts per cell before the reshaping stops (most attempts are kept; this only bounds a run
/// of rejected ones).
const TRIES_PER_CELL: usize = 100;

/// A random jigsaw region map of `shape`: the 0-based region of each cell, row-major, with `side`
/// orthogonally connected regions of `side` cells each. See the module docs for the method; the map
/// may admit no complete grid, which the caller checks by filling it.
///
/// ```
/// use sudokit::generate::{jigsaw::{random_regions, regions_connected}, rng_for};
/// use sudokit::{Board, Shape};
///
/// let map = random_regions(Shape::CLASSIC, &mut rng_for(1, 0));
/// assert!(regions_connected(Shape::CLASSIC, &map));
/// assert!(Board::jigsaw(Shape::CLASSIC, &map).is_ok(), "nine regions of nine cells");
/// assert_eq!(map, random_regions(Shape::CLASSIC, &mut rng_for(1, 0)), "the same stream, the same map");
/// ```
pub fn random_regions<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Vec<u8> {
    let n = shape.side();
    let cells = shape.cells();
    let mut map: Vec<u8> = (0..cells).map(|i| shape.box_of(Cell::from_index(i)) as u8).collect();
    let (mut kept, mut tries) = (0, 0);
    let mut candidates: Vec<usize> = Vec::with_capacity(n);
    while kept < SWAPS_PER_CELL * cells && tries < TRIES_PER_CELL * cells {
        tries += 1;
        let a = rng.random_range(0..cells);
        let ra = map[a];
        let others: Vec<usize> = neighbours(a, n).filter(|&b| map[b] != ra).collect();
        if others.is_empty() {
            continue;
        }
        let rb = map[others[rng.random_range(0..others.len())]];
        map[a] = rb;
        candidates.clear();
        candidates
            .extend((0..cells).filter(|&c| c != a && map[c] == rb && neighbours(c, n).any(|d| map[d] == ra)));
        if candidates.is_empty() {
            map[a] = ra;
            continue;
        }
        let c = candidates[rng.random_range(0..candidates.len())];
        map[c] = ra;
        if region_connected(&map, n, ra) && region_connected(&map, n, rb) {
            kept += 1;
        } else {
            map[c] = rb;
            map[a] = ra;
        }
    }
    map
}

/// Whether every region of `map` (0-based region per cell, row-major, on `shape`) is orthogonally
/// connected. Region sizes are not checked here; [`crate::Board::jigsaw`] checks them.
pub fn regions_connected(shape: Shape, map: &[u8]) -> bool {
    let n = shape.side();
    map.len() == shape.cells() && (0..n as u8).all(|r| region_connected(map, n, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_for;
    use crate::rules::Board;

    #[test]
    fn maps_are_connected_full_sized_and_far_from_the_boxes() {
        for side in [4, 6, 9, 12, 16] {
            let shape = Shape::for_side(side).expect("a side with boxes");
            let mut boxes_kept = 0;
            for i in 0..10 {
                let map = random_regions(shape, &mut rng_for(7, i));
                assert!(regions_connected(shape, &map), "{side}: map {i} has a broken region");
                assert!(Board::jigsaw(shape, &map).is_ok(), "{side}: map {i} has a region of the wrong size");
                let boxes: Vec<u8> =
                    (0..shape.cells()).map(|c| shape.box_of(Cell::from_index(c)) as u8).collect();
                // A region that is still exactly a box (same cells as some box).
                boxes_kept += (0..side as u8)
                    .filter(|&r| {
                        let cells: Vec<usize> = (0..map.len()).filter(|&c| map[c] == r).collect();
                        cells.iter().all(|&c| boxes[c] == boxes[cells[0]])
                    })
                    .count();
            }
            assert!(boxes_kept <= side, "{side}: {boxes_kept} regions in 10 maps are still boxes");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn any_seed_gives_a_valid_map(seed: u64, side in proptest::sample::select(vec![4usize, 6, 8, 9, 10, 12])) {
            let shape = Shape::for_side(side).expect("a side with boxes");
            let map = random_regions(shape, &mut rng_for(seed, 0));
            proptest::prop_assert!(regions_connected(shape, &map));
            proptest::prop_assert!(Board::jigsaw(shape, &map).is_ok());
        }
    }

    #[test]
    fn a_broken_region_is_seen() {
        let s = Shape::for_side(4).expect("4");
        assert!(regions_connected(s, &[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        // Region 0 is split in two: r1c1-r1c2 and r2c3-r2c4.
        assert!(!regions_connected(s, &[0, 0, 1, 1, 1, 1, 0, 0, 2, 2, 3, 3, 2, 2, 3, 3]));
        assert!(!regions_connected(s, &[0; 3]));
    }
}
