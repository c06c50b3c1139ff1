//! Minimizing a puzzle: removing its givens one at a time while the solution stays unique, until
//! none can go, in reading order or in a seeded random order (different seeds may keep different
//! givens, as setters reducing a puzzle by hand find), one by one or by symmetric groups.

use rand::seq::SliceRandom;

use super::{SeededRng, Symmetry};
use crate::grid::{Cell, Grid};
use crate::solve::{Limits, Puzzle, Verdict};

/// A minimal puzzle made from another by removing givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimized {
    /// The minimal puzzle: the givens kept, with the same unique solution.
    pub puzzle: Grid,
    /// The givens removed, in cell order.
    pub removed: Vec<Cell>,
}

/// `puzzle` reduced to a minimal puzzle with the same solution: its givens are tried one at a
/// time, in reading order, or in a random order drawn from `shuffle`, and each goes when the
/// solution stays unique without it (see [`Puzzle::minimized`]). A minimal puzzle comes back as
/// it is.
///
/// Under a `symmetry` other than [`Symmetry::None`], the givens of each orbit (a cell and its
/// images) are tried together, in the order of their first cells or shuffled: a puzzle with that
/// symmetry keeps it, and comes out minimal under it ([`is_minimal_under`](super::is_minimal_under)),
/// though a single given may then still go. A puzzle without it need not gain it; its orbits'
/// givens go together all the same. [`Symmetry::Random`] is taken as none.
///
/// ```
/// use sudokit::generate::{minimize, rng_for, Symmetry};
/// use sudokit::{Limits, Puzzle};
///
/// // A minimal puzzle with its first row's first three cells given from its solution.
/// let grid: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let solution = grid.first_solution().expect("one solution");
/// let mut more = grid.clone();
/// for (cell, digit) in solution.iter().take(3) {
///     more.set(cell, digit);
/// }
/// let puzzle = Puzzle::classic(more);
/// let reading = minimize(&puzzle, Symmetry::None, None, Limits::all()).expect("unique");
/// assert_eq!(Puzzle::classic(reading.puzzle.clone()).redundant_givens(Limits::all()), Ok(vec![]));
/// assert_eq!(reading.puzzle.givens() + reading.removed.len(), puzzle.grid().givens());
/// // Another order may keep other givens; the solution is the same.
/// let shuffled =
///     minimize(&puzzle, Symmetry::None, Some(&mut rng_for(7, 0)), Limits::all()).expect("unique");
/// assert_eq!(shuffled.puzzle.first_solution(), Some(solution));
/// # Ok::<(), sudokit::Error>(())
/// ```
///
/// # Errors
/// The verdict of a puzzle without exactly one solution, or [`Verdict::TimedOut`] when `limits`
/// stopped a count before it could tell.
pub fn minimize(
    puzzle: &Puzzle,
    symmetry: Symmetry,
    shuffle: Option<&mut SeededRng>,
    limits: Limits,
) -> Result<Minimized, Verdict> {
    let grid = puzzle.grid();
    // `Random` names no one symmetry: single givens, as `is_minimal_under` takes it.
    let symmetry = if symmetry == Symmetry::Random { Symmetry::None } else { symmetry };
    let mut groups: Vec<Vec<Cell>> = symmetry.orbits(grid.shape());
    groups.retain(|g| g.iter().any(|&c| grid.get(c).is_some()));
    if let Some(rng) = shuffle {
        groups.shuffle(rng);
    }
    let reduced = puzzle.minimized_in_groups(groups.iter().map(Vec::as_slice), limits)?;
    let removed = grid.diff(&reduced);
    Ok(Minimized { puzzle: reduced, removed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{is_minimal, rng_for};
    use crate::solve::{CancelFlag, Interrupt};

    const SEVENTEEN: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_solution_minimizes_to_a_minimal_puzzle_of_its_own() {
        let solution =
            Puzzle::classic(SEVENTEEN.parse().expect("a puzzle")).first_solution().expect("unique");
        let full = Puzzle::classic(solution.clone());
        let mut seen = std::collections::HashSet::new();
        for seed in 0..4 {
            let m =
                minimize(&full, Symmetry::None, Some(&mut rng_for(seed, 0)), Limits::all()).expect("unique");
            assert!(is_minimal(&m.puzzle), "seed {seed}: {}", m.puzzle);
            assert!(solution.extends(&m.puzzle));
            assert_eq!(m.puzzle.first_solution(), Some(solution.clone()));
            assert_eq!(m.removed, solution.diff(&m.puzzle));
            assert_eq!(m.removed.len() + m.puzzle.givens(), 81);
            seen.insert(m.puzzle.to_string());
        }
        assert!(seen.len() > 1, "four seeds gave one puzzle");
        // The same seed, the same puzzle; reading order needs none.
        let again = minimize(&full, Symmetry::None, Some(&mut rng_for(0, 0)), Limits::all()).expect("unique");
        assert!(seen.contains(&again.puzzle.to_string()));
        let reading = minimize(&full, Symmetry::None, None, Limits::all()).expect("unique");
        assert!(is_minimal(&reading.puzzle));
    }

    #[test]
    fn a_symmetric_puzzle_stays_symmetric() {
        use crate::generate::is_minimal_under;
        let solution =
            Puzzle::classic(SEVENTEEN.parse().expect("a puzzle")).first_solution().expect("unique");
        let full = Puzzle::classic(solution.clone());
        for symmetry in Symmetry::SYMMETRIC {
            for seed in [None, Some(1)] {
                let mut rng = seed.map(|s| rng_for(s, 0));
                let m = minimize(&full, symmetry, rng.as_mut(), Limits::all()).expect("unique");
                assert!(symmetry.holds(&m.puzzle), "{symmetry}: {}", m.puzzle);
                assert!(is_minimal_under(&m.puzzle, symmetry), "{symmetry}: {}", m.puzzle);
                assert_eq!(m.puzzle.first_solution(), Some(solution.clone()));
                // Minimal under the symmetry is no more than that: minimizing again without it
                // keeps what it keeps and never adds a given.
                let again = minimize(&Puzzle::classic(m.puzzle.clone()), Symmetry::None, None, Limits::all());
                assert!(again.is_ok_and(|a| m.puzzle.extends(&a.puzzle)));
            }
        }
        // Random is taken as none.
        let random = minimize(&full, Symmetry::Random, None, Limits::all());
        assert_eq!(random, minimize(&full, Symmetry::None, None, Limits::all()));
    }

    #[test]
    fn only_the_listed_givens_are_tried() {
        let solution =
            Puzzle::classic(SEVENTEEN.parse().expect("a puzzle")).first_solution().expect("unique");
        let full = Puzzle::classic(solution.clone());
        // The first row is not listed: its nine givens stay.
        let order: Vec<Cell> = (9..81).map(Cell::from_index).collect();
        let kept = full.minimized(&order, Limits::all()).expect("unique");
        assert!((0..9).all(|i| kept.get(Cell::from_index(i)).is_some()), "{kept}");
        assert_eq!(kept.first_solution(), Some(solution));
        // Empty cells, repeated cells and cells off the board are skipped.
        let seventeen = Puzzle::classic(SEVENTEEN.parse().expect("a puzzle"));
        let odd: Vec<Cell> = [1, 1, 0, 500].into_iter().map(Cell::from_index).collect();
        assert_eq!(seventeen.minimized(&odd, Limits::all()), Ok(seventeen.grid().clone()));
    }

    #[test]
    fn puzzles_without_one_solution_are_not_minimized() {
        let loose = Puzzle::classic(SEVENTEEN.replacen('4', ".", 1).parse().expect("a puzzle"));
        assert!(matches!(
            minimize(&loose, Symmetry::None, None, Limits::all()),
            Err(Verdict::Multiple { .. })
        ));
        let clash = Puzzle::classic(SEVENTEEN.replacen('.', "4", 1).parse().expect("a puzzle"));
        assert!(matches!(minimize(&clash, Symmetry::None, None, Limits::all()), Err(Verdict::Invalid(_))));
        let cancel = CancelFlag::new();
        cancel.cancel();
        let seventeen = Puzzle::classic(SEVENTEEN.parse().expect("a puzzle"));
        let stopped = minimize(&seventeen, Symmetry::None, None, Limits::all().with_cancel(cancel));
        assert!(matches!(stopped, Err(Verdict::TimedOut { by: Interrupt::Cancelled, .. })), "{stopped:?}");
    }
}
