//! Generating variant grids and puzzles: X (both diagonals), hyper (windows), jigsaw (a random region
//! map per puzzle) and killer (a random cage partition per puzzle), alone or together.
//!
//! A [`VariantGenerator`] makes each item on its own board:
//!
//! 1. **Rules.** X and hyper add houses to the boxes; jigsaw draws a new region map for every item
//!    ([`super::jigsaw`]).
//! 2. **Grid.** A randomised backtracking fill under those houses ([`super::fill`]). A jigsaw map
//!    whose fill finds no grid within its node budget (twice) is dropped for a fresh map, so every
//!    map comes with a grid that satisfies it.
//! 3. **Cages** (killer). A random partition of the grid into connected cages of different digits,
//!    each with the sum of its digits ([`super::killer`]).
//! 4. **Givens.** Removed from the complete grid as for classic puzzles (orbit by orbit under a
//!    symmetry, in a random order, while the variant solver still finds exactly one solution), so the
//!    puzzle is unique and, by default, minimal. Killer puzzles first try no givens at all: when the
//!    cages alone fix the grid (most 9×9 puzzles), the puzzle has none; otherwise it keeps the fewest
//!    givens the digging leaves. A clue target (`Clues::Exactly(0)`) asks for cages-only puzzles.
//!
//! Every uniqueness check runs on the general engine with a node budget (see "Bounded checks" in
//! [the module docs](super); a larger one on boards up to 9×9, where every check settles), so a
//! puzzle is always unique and [`Generated::unproven`] counts the givens kept because a check ran out
//! of budget.
//!
//! Difficulty classes are measured on classic puzzles only, so a variant generator refuses
//! [`GenerateOptions::difficulty`]. A symmetry constrains the pattern of givens; killer puzzles refuse
//! it, because their clues are the cages, which have no symmetric layout.
//!
//! ```
//! use sudokit::generate::{rng_for, GenerateOptions, VariantGenerator, VariantSpec};
//! use sudokit::{Puzzle, Shape, Variants};
//!
//! let mut spec = VariantSpec::default();
//! spec.variants.jigsaw = true;
//! let generator = VariantGenerator::new(Shape::CLASSIC, spec, GenerateOptions::default())?;
//! let made = generator.puzzle(&mut rng_for(7, 0))?;
//! let puzzle = Puzzle::new(made.board.clone(), made.generated.puzzle.clone()).expect("same shape");
//! assert_eq!(puzzle.count_up_to(2).to_string(), "1");
//! assert!(made.generated.solution.extends(&made.generated.puzzle));
//! // The same seed and index give the same region map and puzzle.
//! assert_eq!(generator.puzzle(&mut rng_for(7, 0))?, made);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use rand::Rng;

use super::dig::{Check, Digger, Dug};
use super::{fill, jigsaw, killer, GenerateError, GenerateOptions, Generated, Generator, Nearest, Symmetry};
use crate::grid::{Grid, GridError, Shape};
use crate::rules::{Board, Variants};
use crate::solve::{engine_for, CancelFlag};

/// The node budget of one uniqueness check on variant boards up to 9×9. The digging's budget for
/// small boards (4096) left a check unsettled now and then on 9×9 variant boards (of the tests' 24
/// puzzles under eight rule sets, one X + jigsaw puzzle kept a given unproven); with this one every
/// check the tests and the bench make settles, and a check that needs it all takes milliseconds.
const SMALL_VARIANT_NODES: u64 = 1 << 18;

/// Fills of one jigsaw map before it is dropped for a fresh one.
const FILLS_PER_MAP: u32 = 2;

/// The rules of generated puzzles: the variant houses of [`Variants`], and killer cages.
///
/// ```
/// use sudokit::generate::VariantSpec;
/// let spec: VariantSpec = "x,killer".parse()?;
/// assert!(spec.variants.diagonals && spec.killer);
/// assert_eq!(spec.to_string(), "x+killer");
/// # Ok::<(), sudokit::generate::VariantSetupError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct VariantSpec {
    /// Diagonals, windows, jigsaw regions.
    pub variants: Variants,
    /// Killer cages, with sums, drawn on each solution grid.
    pub killer: bool,
}

impl VariantSpec {
    /// Whether these are the plain classic rules.
    pub fn is_classic(self) -> bool {
        self == VariantSpec::default()
    }

    /// The largest side generated with these rules, the smallest of each rule's: X 16, hyper 16,
    /// jigsaw 12, killer 12 (classic rules: 32, see [`Generator`]).
    ///
    /// Measured (`cargo bench -p sudokit --bench variants`): beyond these, a puzzle takes from several seconds to
    /// minutes, or most of its givens stay unproven (16×16 jigsaw and killer, 25×25 hyper: about 170
    /// of its 190 givens, 11 seconds a puzzle on two threads).
    pub fn max_side(self) -> usize {
        let v = self.variants;
        [(v.diagonals, 16), (v.windows, 16), (v.jigsaw, 12), (self.killer, 12)]
            .iter()
            .filter(|(on, _)| *on)
            .map(|&(_, max)| max)
            .min()
            .unwrap_or(crate::grid::MAX_SIDE)
    }
}

impl fmt::Display for VariantSpec {
    /// The names joined by `+` (`x+hyper`, `jigsaw+killer`), or `classic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.variants.is_classic(), self.killer) {
            (true, true) => f.write_str("killer"),
            (false, true) => write!(f, "{}+killer", self.variants),
            (_, false) => write!(f, "{}", self.variants),
        }
    }
}

impl std::str::FromStr for VariantSpec {
    type Err = VariantSetupError;
    /// Names separated by `,` or `+`: `x`, `hyper`, `jigsaw`, `killer` (and `classic` for none).
    fn from_str(s: &str) -> Result<VariantSpec, VariantSetupError> {
        let mut spec = VariantSpec::default();
        for name in s.split([',', '+']).map(str::trim).filter(|n| !n.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "x" => spec.variants.diagonals = true,
                "hyper" => spec.variants.windows = true,
                "jigsaw" => spec.variants.jigsaw = true,
                "killer" => spec.killer = true,
                "classic" => {}
                _ => return Err(VariantSetupError::UnknownVariant { name: name.to_string() }),
            }
        }
        Ok(spec)
    }
}

/// Why a variant generator cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantSetupError {
    /// Options that no generator accepts (see [`Generator::new`]).
    #[error(transparent)]
    Options(#[from] GenerateError),
    /// The rules do not exist on the board (hyper windows need square boxes and a side of 9 or more).
    #[error("{spec} puzzles on a {shape} board: {problem}")]
    Rules {
        /// The rules asked for.
        spec: VariantSpec,
        /// The board.
        shape: Shape,
        /// Why they do not exist there.
        problem: GridError,
    },
    /// Hyper rules on a board without windows.
    #[error("hyper windows need square boxes and a side of 9 or more; a {shape} board has none")]
    NoWindows {
        /// The board.
        shape: Shape,
    },
    /// A board above [`VariantSpec::max_side`].
    #[error(
        "{spec} puzzles are generated on boards up to {max}×{max}, not {shape} (bigger boards take too \
         long to fill or to prove unique)"
    )]
    TooBig {
        /// The rules asked for.
        spec: VariantSpec,
        /// The board.
        shape: Shape,
        /// The largest side.
        max: usize,
    },
    /// A difficulty class, which is measured on classic puzzles only.
    #[error("difficulty classes are defined for classic puzzles only, not {spec} puzzles")]
    Difficulty {
        /// The rules asked for.
        spec: VariantSpec,
    },
    /// A symmetry with killer cages.
    #[error(
        "killer puzzles take no symmetry: their clues are cages, which are not laid out symmetrically, \
         and most have no givens"
    )]
    KillerSymmetry,
    /// A name that is not a variant.
    #[error("unknown variant `{name}` (expected x, hyper, jigsaw or killer)")]
    UnknownVariant {
        /// The name given.
        name: String,
    },
}

/// A complete grid and the board it was made for (with its region map and cages).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantGrid {
    /// The rules of this grid: for jigsaw its own region map, for killer its own cages.
    pub board: Arc<Board>,
    /// The grid; it satisfies `board`.
    pub grid: Grid,
}

/// A generated variant puzzle and its board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantGenerated {
    /// The rules of this puzzle: for jigsaw its own region map, for killer its own cages.
    pub board: Arc<Board>,
    /// The puzzle, its solution under `board`, and what is known about it.
    pub generated: Generated,
}

/// Makes variant grids and puzzles of one shape with fixed rules and options; cheap to share between
/// threads. See the module docs for the method.
#[derive(Clone, Debug)]
pub struct VariantGenerator {
    spec: VariantSpec,
    /// The options and the symmetry orbits, shared with the classic generator.
    pub(super) classic: Generator,
    /// The board without cages, when it is the same for every item (not jigsaw).
    fixed: Option<Arc<Board>>,
}

impl VariantGenerator {
    /// A generator of `spec` puzzles on `shape`, refusing rules the board does not have, boards above
    /// [`VariantSpec::max_side`], a difficulty, and a symmetry with killer cages.
    pub fn new(
        shape: Shape,
        spec: VariantSpec,
        options: GenerateOptions,
    ) -> Result<VariantGenerator, VariantSetupError> {
        let classic = if spec.is_classic() {
            Generator::new(shape, options)
        } else {
            Generator::for_any_rules(shape, options)
        }?;
        if spec.variants.windows && (shape.box_rows() != shape.box_cols() || shape.side() < 9) {
            return Err(VariantSetupError::NoWindows { shape });
        }
        let max = spec.max_side();
        if shape.side() > max && !spec.is_classic() {
            return Err(VariantSetupError::TooBig { spec, shape, max });
        }
        if options.difficulty.is_some() && !spec.is_classic() {
            return Err(VariantSetupError::Difficulty { spec });
        }
        if spec.killer && options.symmetry != Symmetry::None {
            return Err(VariantSetupError::KillerSymmetry);
        }
        // The region map comes with each item; every other rule is checked on the shape now.
        let mut probe = spec.variants;
        probe.jigsaw = false;
        let houses =
            probe.board(shape, None).map_err(|problem| VariantSetupError::Rules { spec, shape, problem })?;
        let fixed = (!spec.variants.jigsaw).then(|| Arc::new(houses));
        Ok(VariantGenerator { spec, classic, fixed })
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.classic.shape()
    }

    /// The rules.
    pub fn spec(&self) -> VariantSpec {
        self.spec
    }

    /// The options.
    pub fn options(&self) -> &GenerateOptions {
        self.classic.options()
    }

    /// A random complete grid with its board: for jigsaw a fresh region map, for killer fresh cages.
    pub fn grid<R: Rng + ?Sized>(&self, rng: &mut R) -> VariantGrid {
        self.grid_until(rng, None).expect("without a cancel flag the fill runs to the end")
    }

    /// [`VariantGenerator::grid`], or `None` once `cancel` is set.
    fn grid_until<R: Rng + ?Sized>(&self, rng: &mut R, cancel: Option<&CancelFlag>) -> Option<VariantGrid> {
        let shape = self.shape();
        let (board, grid) = loop {
            if cancel.is_some_and(CancelFlag::is_cancelled) {
                return None;
            }
            let board = match &self.fixed {
                Some(b) => Arc::clone(b),
                None => {
                    let map = jigsaw::random_regions(shape, rng);
                    let board =
                        self.spec.variants.board(shape, Some(&map)).expect("the shape was checked in `new`");
                    Arc::new(board)
                }
            };
            let tries = if self.fixed.is_some() { 1 } else { FILLS_PER_MAP };
            if let Some(grid) = (0..tries).find_map(|_| fill::fill_board(&board, rng)) {
                break (board, grid);
            }
        };
        if !self.spec.killer {
            return Some(VariantGrid { board, grid });
        }
        let cages = killer::random_cages(&grid, rng);
        let board = (*board).clone().with_cages(cages).expect("cages drawn on the grid are valid");
        Some(VariantGrid { board: Arc::new(board), grid })
    }

    /// A puzzle with exactly one solution under its own board, meeting the options as far as the
    /// attempts allow (a clue target is best effort, see [`Generated::target_met`]).
    pub fn puzzle<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<VariantGenerated, GenerateError> {
        self.make(rng, None)
    }

    /// [`VariantGenerator::puzzle`] that stops with [`GenerateError::Cancelled`] soon after `cancel` is
    /// set; until then it makes exactly the puzzle [`VariantGenerator::puzzle`] makes from the same
    /// random stream.
    pub fn puzzle_until<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        cancel: &CancelFlag,
    ) -> Result<VariantGenerated, GenerateError> {
        self.make(rng, Some(cancel.clone()))
    }

    fn make<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        cancel: Option<CancelFlag>,
    ) -> Result<VariantGenerated, GenerateError> {
        let o = self.options();
        let floor = o.dig_floor();
        let mut nearest = Nearest(None);
        for attempt in 1..=o.attempts {
            let Some(VariantGrid { board, grid: solution }) = self.grid_until(rng, cancel.as_ref()) else {
                return Err(GenerateError::Cancelled);
            };
            let engine = engine_for(&board);
            let mut digger = Digger::new(&board, engine);
            digger.cancel = cancel.clone();
            if board.shape().side() <= 9 {
                digger.budget = digger.budget.map(|_| SMALL_VARIANT_NODES);
            }
            let symmetry = o.symmetry.resolve(rng);
            let dug = if self.spec.killer && floor == 0 {
                // The cages alone often fix the grid: then no given is needed, and none is minimal.
                let empty = Grid::empty(solution.shape());
                match digger.check(&empty) {
                    Check::Unique => Some(Dug { puzzle: empty, unproven: 0 }),
                    Check::Cancelled => None,
                    _ => digger.dig(&solution, self.classic.orbits_of(symmetry), floor, rng),
                }
            } else {
                digger.dig(&solution, self.classic.orbits_of(symmetry), floor, rng)
            };
            let Some(Dug { puzzle, unproven }) = dug else { return Err(GenerateError::Cancelled) };
            let Some(guesses) = digger.guesses(&puzzle) else { return Err(GenerateError::Cancelled) };
            if !self.rated(&board, &puzzle, cancel.as_ref()) {
                continue;
            }
            let distance = o.clues.distance(puzzle.givens());
            let made = VariantGenerated {
                board,
                generated: Generated {
                    puzzle,
                    solution,
                    symmetry,
                    guesses,
                    attempts: attempt,
                    target_met: true,
                    unproven,
                },
            };
            if let Some(made) = nearest.offer(distance, made) {
                return Ok(made);
            }
        }
        let Some((_, mut made)) = nearest.0 else {
            return Err(self.missed().expect("without a rating target every attempt gives a candidate"));
        };
        made.generated.target_met = false;
        made.generated.attempts = o.attempts;
        Ok(made)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::region_symbols;
    use crate::generate::{jigsaw::regions_connected, rng_for, Clues};
    use crate::parse::region_map;
    use crate::solve::Puzzle;

    fn generator(side: usize, spec: &str, options: GenerateOptions) -> VariantGenerator {
        let shape = Shape::for_side(side).expect("a side with boxes");
        VariantGenerator::new(shape, spec.parse().expect("variant names"), options).expect("supported")
    }

    /// Checks everything a generated puzzle promises, with an unbounded count on the general engine.
    fn assert_sound(made: &VariantGenerated, what: &str) {
        let g = &made.generated;
        let puzzle = Puzzle::new(Arc::clone(&made.board), g.puzzle.clone()).expect("same shape");
        assert_eq!(puzzle.count_up_to(2).to_string(), "1", "{what}: not unique");
        assert_eq!(puzzle.first_solution().as_ref(), Some(&g.solution), "{what}: another solution");
        assert!(g.solution.is_full() && g.solution.extends(&g.puzzle), "{what}");
        let full = Puzzle::new(Arc::clone(&made.board), g.solution.clone()).expect("same shape");
        assert!(full.conflicts().is_empty(), "{what}: the solution breaks a house");
        if let Some(map) = region_symbols(&made.board) {
            let shape = made.board.shape();
            let map = region_map(shape, &map).expect("the board's own map reads");
            assert!(regions_connected(shape, &map), "{what}: a region is not connected");
        }
        for cage in made.board.cages() {
            let digits: Vec<u8> = cage.cells.iter().map(|c| g.solution.values()[c.index()]).collect();
            assert_eq!(cage.sum, digits.iter().map(|&d| u32::from(d)).sum::<u32>(), "{what}: cage sum");
            let mut distinct = digits.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), digits.len(), "{what}: a cage repeats a digit");
        }
    }

    #[test]
    fn every_variant_is_unique_under_its_own_board_on_9x9() {
        for spec in ["x", "hyper", "jigsaw", "killer", "x,hyper", "x,jigsaw", "jigsaw,killer", "x,killer"] {
            let g = generator(9, spec, GenerateOptions::default());
            for i in 0..3 {
                let made = g.puzzle(&mut rng_for(20, i)).expect("a puzzle");
                assert_sound(&made, &format!("{spec} {i}"));
                assert_eq!(made.generated.unproven, 0, "{spec}: 9×9 checks settle within budget");
                let names = crate::format::variant_names(&made.board).join(",");
                assert_eq!(names, spec, "the board has exactly the rules asked for");
            }
        }
    }

    #[test]
    fn minimal_as_checked_on_9x9() {
        for spec in ["x", "hyper", "jigsaw", "killer"] {
            let made =
                generator(9, spec, GenerateOptions::default()).puzzle(&mut rng_for(21, 0)).expect("a puzzle");
            let p = &made.generated.puzzle;
            for (cell, d) in p.iter() {
                if d.is_none() {
                    continue;
                }
                let mut less = p.clone();
                less.set(cell, None);
                let count = Puzzle::new(Arc::clone(&made.board), less).expect("same shape").count_up_to(2);
                assert_eq!(count.to_string(), "2+", "{spec}: {} could go", cell.name(p.shape()));
            }
        }
    }

    #[test]
    fn other_boards_up_to_the_largest_measured() {
        for (spec, sides) in [("x", &[4, 6, 8][..]), ("jigsaw", &[4, 6, 8]), ("killer", &[4, 6, 8])] {
            for &side in sides {
                let made = generator(side, spec, GenerateOptions::default()).puzzle(&mut rng_for(22, 0));
                assert_sound(&made.expect("a puzzle"), &format!("{spec} {side}×{side}"));
            }
        }
        let big = generator(12, "jigsaw", GenerateOptions::default()).grid(&mut rng_for(22, 1));
        let map = region_map(big.board.shape(), &region_symbols(&big.board).expect("a map")).expect("reads");
        assert!(regions_connected(big.board.shape(), &map));
        assert!(Puzzle::new(Arc::clone(&big.board), big.grid).expect("same shape").conflicts().is_empty());
    }

    #[test]
    fn seeded_whatever_the_order() {
        let g = generator(9, "jigsaw,killer", GenerateOptions::default());
        let first: Vec<VariantGenerated> =
            (0..3).map(|i| g.puzzle(&mut rng_for(23, i)).expect("made")).collect();
        let backwards: Vec<VariantGenerated> =
            (0..3).rev().map(|i| g.puzzle(&mut rng_for(23, i)).expect("made")).collect();
        assert!(first.iter().eq(backwards.iter().rev()));
        assert_ne!(first[0].board, first[1].board, "each puzzle has its own map and cages");
    }

    #[test]
    fn symmetry_and_clue_targets() {
        let o = GenerateOptions { symmetry: Symmetry::Rotate180, ..Default::default() };
        let made = generator(9, "jigsaw", o).puzzle(&mut rng_for(24, 0)).expect("a puzzle");
        assert!(Symmetry::Rotate180.holds(&made.generated.puzzle));
        assert_sound(&made, "symmetric jigsaw");
        // Cages-only killer puzzles: a target of no givens, met by retrying.
        let o = GenerateOptions { clues: Clues::Exactly(0), ..Default::default() };
        let made = generator(6, "killer", o).puzzle(&mut rng_for(24, 1)).expect("a puzzle");
        assert!(made.generated.target_met && made.generated.clues() == 0);
        assert_sound(&made, "cages-only killer");
        // Not minimal: removal stops at the target.
        let mut o = GenerateOptions::default();
        (o.clues, o.minimal) = (Clues::AtMost(40), false);
        let made = generator(9, "x", o).puzzle(&mut rng_for(24, 2)).expect("a puzzle");
        assert_eq!(made.generated.clues(), 40);
        assert_sound(&made, "x with 40 clues");
    }

    #[test]
    fn unsupported_requests_are_refused_by_name() {
        let new = |side: usize, spec: &str, o: GenerateOptions| {
            let shape = Shape::for_side(side).expect("a side with boxes");
            VariantGenerator::new(shape, spec.parse().expect("names"), o).expect_err("refused").to_string()
        };
        let d = GenerateOptions::default();
        assert!(new(6, "hyper", d).contains("hyper windows need square boxes and a side of 9 or more"));
        assert!(new(25, "hyper", d).contains("hyper puzzles are generated on boards up to 16×16, not 25×25"));
        assert!(new(16, "jigsaw", d).contains("up to 12×12"));
        assert!(new(25, "x", d).contains("up to 16×16"));
        assert!(new(16, "x,killer", d).contains("x+killer puzzles are generated on boards up to 12×12"));
        let mut o = d;
        o.difficulty = Some(crate::generate::Difficulty::Guess);
        assert!(
            new(9, "x", o).contains("difficulty classes are defined for classic puzzles only, not x puzzles")
        );
        let mut o = d;
        o.symmetry = Symmetry::Mirror;
        assert!(new(9, "killer", o).contains("killer puzzles take no symmetry"));
        o.attempts = 0;
        assert!(new(9, "x", o).contains("at least 1"));
        let bad = "x,sandwich".parse::<VariantSpec>().expect_err("unknown");
        assert_eq!(bad.to_string(), "unknown variant `sandwich` (expected x, hyper, jigsaw or killer)");
    }

    #[test]
    fn a_cancelled_run_stops() {
        let flag = CancelFlag::new();
        flag.cancel();
        let r = generator(9, "jigsaw", GenerateOptions::default()).puzzle_until(&mut rng_for(25, 0), &flag);
        assert_eq!(r, Err(GenerateError::Cancelled));
    }
}
