//! Random killer cages for a complete grid.
//!
//! # Method
//!
//! The cells are visited in a random order; each cell not yet in a cage starts one, with a target
//! size drawn from [`CAGE_SIZES`] (2 to 5 cells, mostly 2 to 4, as published killers have them). The
//! cage grows by a random orthogonal neighbour that is in no cage yet and whose digit in the grid is
//! not in the cage yet, until it reaches its size or no such neighbour is left. A cage left with one
//! cell is then merged into a random neighbouring cage that lacks its digit, when there is one (a
//! one-cell cage is a given in disguise): a few cages grow to 6 or 7 cells that way, and a cell
//! with no such neighbour (rare) stays a cage of its own. Every cage is orthogonally connected,
//! holds different digits, and its sum is the sum of its digits in the grid, so the grid satisfies
//! the cages.
//!
//! Whether the cages (with the givens left by digging) fix the grid is checked by the solver: see
//! [`super::VariantGenerator`].

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use super::neighbours;
use crate::grid::{Cell, Grid};
use crate::rules::Cage;

/// Cage sizes and their weights: `(cells, weight)`.
pub const CAGE_SIZES: [(usize, u32); 4] = [(2, 30), (3, 35), (4, 25), (5, 10)];

/// A random cage partition of the complete grid `solution`: every cell in exactly one connected cage of
/// different digits, with the cage's sum. Cages list their cells in reading order, and cages come in
/// the order of their first cell.
///
/// ```
/// use sudokit::generate::{killer::random_cages, rng_for, GenerateOptions, Generator};
/// use sudokit::Shape;
///
/// let grid = Generator::new(Shape::CLASSIC, GenerateOptions::default())?.grid(&mut rng_for(3, 0));
/// let cages = random_cages(&grid, &mut rng_for(3, 1));
/// assert_eq!(cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
/// let total: u32 = cages.iter().map(|c| c.sum).sum();
/// assert_eq!(total, 9 * 45, "the cage sums add up to the grid's digits");
/// # Ok::<(), sudokit::generate::GenerateError>(())
/// ```
///
/// # Panics
///
/// When `solution` is not complete (an internal caller always passes a complete grid).
pub fn random_cages<R: Rng + ?Sized>(solution: &Grid, rng: &mut R) -> Vec<Cage> {
    let shape = solution.shape();
    let n = shape.side();
    let cells = shape.cells();
    let values = solution.values();
    assert!(values.iter().all(|&v| v != 0), "cages are drawn on a complete grid");
    let bit = |i: usize| 1u32 << (values[i] - 1);
    let total: u32 = CAGE_SIZES.iter().map(|s| s.1).sum();
    let mut owner: Vec<Option<usize>> = vec![None; cells];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut frontier: Vec<usize> = Vec::new();
    for &start in &order {
        if owner[start].is_some() {
            continue;
        }
        let mut pick = rng.random_range(0..total);
        let target = CAGE_SIZES
            .iter()
            .find(|&&(_, w)| {
                let hit = pick < w;
                pick = pick.saturating_sub(w);
                hit
            })
            .map_or(2, |s| s.0)
            .min(n);
        let k = cages.len();
        let mut cage = vec![start];
        let mut digits = bit(start);
        owner[start] = Some(k);
        while cage.len() < target {
            frontier.clear();
            for &c in &cage {
                frontier.extend(neighbours(c, n).filter(|&d| owner[d].is_none() && digits & bit(d) == 0));
            }
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&next) = frontier.choose(rng) else { break };
            owner[next] = Some(k);
            digits |= bit(next);
            cage.push(next);
        }
        cages.push(cage);
    }
    // One-cell cages join a neighbouring cage without their digit, if any.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let cell = cages[k][0];
        let mut hosts: Vec<usize> = neighbours(cell, n)
            .filter_map(|d| owner[d])
            .filter(|&h| h != k && cages[h].len() < n && cages[h].iter().all(|&c| values[c] != values[cell]))
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        if let Some(&h) = hosts.choose(rng) {
            cages[k].clear();
            cages[h].push(cell);
            owner[cell] = Some(h);
        }
    }
    let mut out: Vec<Cage> = cages
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|mut c| {
            c.sort_unstable();
            Cage {
                sum: c.iter().map(|&i| u32::from(values[i])).sum(),
                cells: c.into_iter().map(Cell::from_index).collect(),
            }
        })
        .collect();
    out.sort_by_key(|c| c.cells[0].index());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{fill, rng_for};
    use crate::grid::Shape;
    use crate::rules::Board;

    /// Whether the cells of `cage` are orthogonally connected.
    fn connected(cage: &Cage, n: usize) -> bool {
        let idx: Vec<usize> = cage.cells.iter().map(|c| c.index()).collect();
        let mut seen = vec![idx[0]];
        let mut stack = vec![idx[0]];
        while let Some(i) = stack.pop() {
            for j in neighbours(i, n) {
                if idx.contains(&j) && !seen.contains(&j) {
                    seen.push(j);
                    stack.push(j);
                }
            }
        }
        seen.len() == idx.len()
    }

    #[test]
    fn cages_partition_the_grid_with_true_sums_and_different_digits() {
        for side in [4, 6, 9, 16] {
            let shape = Shape::for_side(side).expect("a side with boxes");
            for i in 0..10 {
                let grid = fill::random_grid(shape, &mut rng_for(11, i));
                let cages = random_cages(&grid, &mut rng_for(12, i));
                let mut seen = vec![0; shape.cells()];
                for cage in &cages {
                    let digits: Vec<u8> = cage.cells.iter().map(|&c| grid.values()[c.index()]).collect();
                    let mut distinct = digits.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert_eq!(distinct.len(), digits.len(), "{side}: a cage repeats a digit");
                    assert_eq!(cage.sum, digits.iter().map(|&d| u32::from(d)).sum::<u32>());
                    assert!(connected(cage, side), "{side}: cage {:?} is not connected", cage.cells);
                    assert!(cage.cells.len() <= side);
                    cage.cells.iter().for_each(|c| seen[c.index()] += 1);
                }
                assert!(seen.iter().all(|&k| k == 1), "{side}: every cell in exactly one cage");
                // The board accepts the cages, and the grid obeys them.
                let board = Board::classic(shape).with_cages(cages).expect("valid cages");
                let p = crate::solve::Puzzle::new(std::sync::Arc::new(board), grid).expect("same shape");
                assert!(p.conflicts().is_empty());
                assert_eq!(p.count_up_to(2).to_string(), "1");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn any_seed_gives_cages_the_grid_satisfies(seed: u64, side in proptest::sample::select(vec![4usize, 6, 9, 12])) {
            let shape = Shape::for_side(side).expect("a side with boxes");
            let grid = fill::random_grid(shape, &mut rng_for(seed, 0));
            let cages = random_cages(&grid, &mut rng_for(seed, 1));
            let board = Board::classic(shape).with_cages(cages).expect("valid cages");
            let p = crate::solve::Puzzle::new(std::sync::Arc::new(board), grid).expect("same shape");
            proptest::prop_assert!(p.conflicts().is_empty());
            proptest::prop_assert_eq!(p.count_up_to(2).to_string(), "1");
        }
    }

    #[test]
    fn few_one_cell_cages() {
        let (mut singles, mut cages) = (0, 0);
        for i in 0..50 {
            let grid = fill::random_grid(Shape::CLASSIC, &mut rng_for(13, i));
            let c = random_cages(&grid, &mut rng_for(14, i));
            cages += c.len();
            singles += c.iter().filter(|c| c.cells.len() == 1).count();
        }
        assert!(singles * 50 < cages, "{singles} one-cell cages of {cages}");
    }
}
