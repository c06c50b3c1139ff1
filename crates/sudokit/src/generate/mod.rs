//! Generating complete grids and puzzles with a unique solution, on every box shape.
//!
//! Everything random takes the random number generator as an argument (`R: Rng + ?Sized`); the library
//! never draws entropy itself. For bulk runs, [`rng_for`] derives the generator of item `index` from a
//! seed (ChaCha8, one stream per index), so item `i` is the same whatever the thread count or the order
//! items are made in.
//!
//! - Complete grids: [`Generator::grid`]; see "Distribution of grids" below.
//! - Puzzles: [`Generator::puzzle`] fills a grid, then removes givens (one symmetry orbit at a time, in
//!   a random order) while the solution stays unique. With [`GenerateOptions::minimal`] (the default)
//!   every orbit is tried, so no given (no orbit of givens, under a symmetry) can be removed without
//!   losing uniqueness. Clue targets, the [`Difficulty`] class and a [`RatingTarget`] (HoDoKu level,
//!   Sudoku Explainer ER, techniques in the solution path; [`Generator::with_rating`]) are met by
//!   retrying with fresh grids, up to [`GenerateOptions::attempts`].
//! - Minimal puzzles from a given one: [`minimize`] removes its givens one at a time, in reading
//!   order or a seeded random one, while the solution stays unique.
//! - Puzzles on a fixed pattern of givens: [`Generator::with_pattern`]; nothing is dug, the search
//!   is over the digits on the pattern's cells (the `pattern` module).
//! - Variants (X, hyper, jigsaw with a random region map, killer with random cages):
//!   [`VariantGenerator`], in the `variant` module; the region maps and cages are drawn by [`jigsaw`]
//!   and [`killer`]. Techniques required or excluded in the solution path under the puzzle's own
//!   rules: [`VariantGenerator::with_rating`].
//!
//! # Bounded checks
//!
//! Every uniqueness check while digging has a node budget on the boards of the general engine (all
//! but the classic 9×9), so generation finishes on every size: on 25×25 a few removals late in the
//! digging open search trees that take minutes to settle. A removal whose check runs out of budget is
//! kept as a given. The puzzle is still proven unique, but it is then *minimal as far as checked*:
//! [`Generated::unproven`] counts those givens (orbits), and `sudokit generate --stats` reports them.
//! [`is_minimal`] checks without a budget.
//!
//! # Distribution of grids
//!
//! A randomised backtracking fill followed by a uniformly random symmetry of the rules (transposition,
//! band, row, stack and column permutations, relabelling). Inside each equivalence class every grid is
//! then equally likely and the digit at each cell is exactly uniform. The weight of each class comes
//! from the fill and is *not* uniform: on 4×4 the smaller of the two classes gets 25% of the draws
//! instead of 33%. Checked by chi-square tests in `generate/tests.rs`: the digit at each of the 81
//! cells over 100,000 grids (ignored by default; a 10,000-grid version always runs), and the frequency
//! of each of the 288 4×4 grids within its class.
//!
//! ```
//! use sudokit::generate::{rng_for, GenerateOptions, Generator, Symmetry};
//! use sudokit::{Puzzle, Shape};
//!
//! let mut options = GenerateOptions::default();
//! options.symmetry = Symmetry::Rotate180;
//! let generator = Generator::new(Shape::CLASSIC, options)?;
//! let made = generator.puzzle(&mut rng_for(42, 0))?;
//! assert_eq!(Puzzle::classic(made.puzzle.clone()).count_up_to(2).to_string(), "1");
//! assert!(Symmetry::Rotate180.holds(&made.puzzle));
//! assert!(made.solution.extends(&made.puzzle));
//! // The same seed and index give the same puzzle.
//! assert_eq!(generator.puzzle(&mut rng_for(42, 0))?.puzzle, made.puzzle);
//! # Ok::<(), sudokit::generate::GenerateError>(())
//! ```

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::{Grid, Shape};
// The orthogonal neighbours of a cell: what connects the cells of a jigsaw region or a killer cage.
use crate::rules::{neighbours, Board};
use crate::solve::{engine_for, CancelFlag, Interrupt, Puzzle, Verdict};

mod difficulty;
mod dig;
mod fill;
pub mod jigsaw;
pub mod killer;
mod minimize;
mod pattern;
mod rating;
mod singles;
mod symmetry;
#[cfg(test)]
mod tests;
mod variant;

pub use difficulty::{Difficulty, TRIAL_AND_ERROR};
pub use minimize::{minimize, Minimized};
pub use pattern::{Obstacle, Pattern, PatternError};
pub use rating::{ErRange, RatingTarget, RatingTargetError, Tally};
pub use symmetry::{Symmetry, UnknownSymmetry};
pub use variant::{VariantGenerated, VariantGenerator, VariantGrid, VariantSetupError, VariantSpec};

/// Default [`GenerateOptions::attempts`].
pub const DEFAULT_ATTEMPTS: u32 = 1000;

/// The node budget of the count that gives [`Generated::guesses`], in uniqueness checks' budgets.
const RATING_CHECKS: u64 = 16;

/// The candidate nearest the clue target over a generator's attempts so far, with its distance.
struct Nearest<T>(Option<(usize, T)>);

impl<T> Nearest<T> {
    /// Offers a candidate `distance` clues off the target: gives it back when it is on target, else
    /// keeps it if it is the nearest yet (the first of equals).
    fn offer(&mut self, distance: usize, made: T) -> Option<T> {
        if distance == 0 {
            return Some(made);
        }
        if self.0.as_ref().is_none_or(|(d, _)| distance < *d) {
            self.0 = Some((distance, made));
        }
        None
    }
}

/// The seedable generator bulk runs use: ChaCha8, the same stream on every platform.
pub type SeededRng = ChaCha8Rng;

/// The random number generator of item `index` in a run seeded with `seed`: ChaCha8 seeded from `seed`,
/// on stream `index`. The same on every platform and independent of threads.
pub fn rng_for(seed: u64, index: u64) -> SeededRng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// How many givens a puzzle should have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Clues {
    /// As many as the removal leaves.
    #[default]
    Any,
    /// Exactly this many.
    Exactly(usize),
    /// At most this many.
    AtMost(usize),
}

impl Clues {
    /// How far `givens` is from the target (0 when met).
    fn distance(self, givens: usize) -> usize {
        match self {
            Clues::Any => 0,
            Clues::Exactly(n) => givens.abs_diff(n),
            Clues::AtMost(n) => givens.saturating_sub(n),
        }
    }
}

/// What to generate. Build with `GenerateOptions::default()` and set fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// The symmetry of the pattern of givens [default: none].
    pub symmetry: Symmetry,
    /// Remove givens until none (no symmetry orbit) can go without losing uniqueness [default: true];
    /// beyond 9×9 this is minimal as far as checked (see [`Generated::unproven`]). With `false` and a
    /// clue target, removal stops at the target.
    pub minimal: bool,
    /// The number of givens wanted; best effort [default: any].
    pub clues: Clues,
    /// The difficulty wanted [default: any].
    pub difficulty: Option<Difficulty>,
    /// Grids tried per puzzle before giving up on a clue target or difficulty, at least 1 [default: 1000].
    pub attempts: u32,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            symmetry: Symmetry::None,
            minimal: true,
            clues: Clues::Any,
            difficulty: None,
            attempts: DEFAULT_ATTEMPTS,
        }
    }
}

impl GenerateOptions {
    /// The givens a dig keeps at least: a non-minimal puzzle stops at its clue target, a minimal one
    /// digs as far as uniqueness allows.
    fn dig_floor(&self) -> usize {
        match self.clues {
            Clues::Exactly(n) | Clues::AtMost(n) if !self.minimal => n,
            _ => 0,
        }
    }
}

/// The fewest givens of a classic 9×9 puzzle with one solution (McGuire, Tugemann and Civario's
/// exhaustive search, 2012).
pub const MIN_CLASSIC_CLUES: usize = 17;

/// Why a generator could not be set up or a puzzle could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The clue target is more than the board has cells.
    #[error("{clues} clues do not fit on a board of {cells} cells")]
    TooManyClues {
        /// The target.
        clues: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A clue target below [`MIN_CLASSIC_CLUES`] on the classic 9×9 board, which no puzzle with
    /// one solution meets.
    #[error("{clues} clues: no classic 9×9 puzzle with one solution has fewer than 17")]
    TooFewClues {
        /// The target.
        clues: usize,
    },
    /// Zero attempts leave nothing to try.
    #[error("the number of attempts must be at least 1")]
    NoAttempts,
    /// No attempt gave a puzzle of the difficulty asked for.
    #[error("no {difficulty} puzzle found in {attempts} attempts")]
    DifficultyNotFound {
        /// The difficulty asked for.
        difficulty: Difficulty,
        /// Attempts made.
        attempts: u32,
    },
    /// The cancel flag of [`Generator::puzzle_until`] was set before the puzzle was finished.
    #[error("cancelled before the puzzle was finished")]
    Cancelled,
    /// No attempt gave a puzzle that meets the rating target.
    #[error("no puzzle meeting the target ({target}) found in {attempts} attempts")]
    TargetNotFound {
        /// The target, in words (see [`RatingTarget`]'s `Display`).
        target: String,
        /// Attempts made.
        attempts: u32,
    },
    /// A rating target that cannot be met on this board.
    #[error(transparent)]
    Rating(#[from] RatingTargetError),
    /// A pattern that cannot be used ([`Generator::with_pattern`]).
    #[error(transparent)]
    Pattern(#[from] PatternError),
    /// No attempt found a puzzle on the pattern with one solution (and minimal, if asked).
    #[error("no {}puzzle with one solution found on the pattern in {attempts} attempts", if *.minimal { "minimal " } else { "" })]
    PatternNotFound {
        /// Whether minimal puzzles were asked for.
        minimal: bool,
        /// Attempts made.
        attempts: u32,
    },
    /// A name that is not a difficulty.
    #[error("unknown difficulty `{name}` (expected singles, no-guess or guess)")]
    UnknownDifficulty {
        /// The name given.
        name: String,
    },
}

/// A generated puzzle and what is known about it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle; it has exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The symmetry of its givens (concrete, never `Random`).
    pub symmetry: Symmetry,
    /// Guesses the board's engine (the fast engine on 9×9) made proving the solution unique (counting up
    /// to 2 solutions); 0 means propagation alone solved it. Beyond 9×9 that count has a node budget
    /// too (16 digging checks' worth); when it runs out this is the guesses made so far, a lower bound.
    pub guesses: u64,
    /// Grids tried to make it.
    pub attempts: u32,
    /// Whether the clue target was met (always true without one); when false this is the closest puzzle found.
    pub target_met: bool,
    /// Removals (givens, or orbits of givens under a symmetry) that were kept because their uniqueness
    /// check ran out of its node budget. Always 0 on the classic 9×9 board. When it is not 0 the
    /// puzzle is still unique, but minimal only *as far as checked*: one of these givens might be
    /// removable. See "Bounded checks" in the module docs.
    pub unproven: usize,
}

impl Generated {
    /// The number of givens.
    pub fn clues(&self) -> usize {
        self.puzzle.givens()
    }
}

/// Makes grids and puzzles of one shape with fixed options; cheap to share between threads.
#[derive(Clone, Debug)]
pub struct Generator {
    shape: Shape,
    board: Arc<Board>,
    options: GenerateOptions,
    /// The orbits of each concrete symmetry, computed once.
    orbits: Vec<(Symmetry, Vec<Vec<u16>>)>,
    /// The rating target of [`Generator::with_rating`].
    rating: Option<Arc<RatingTarget>>,
    /// Counts the candidates tried ([`Generator::with_tally`]).
    tally: Option<Tally>,
    /// Where the givens go ([`Generator::with_pattern`]).
    pattern: Option<Arc<Pattern>>,
}

impl Generator {
    /// A generator for `shape` under its classic rules.
    ///
    /// # Errors
    /// [`GenerateError::NoAttempts`] for zero attempts; [`GenerateError::TooManyClues`] for a clue
    /// target above the board's cells, [`GenerateError::TooFewClues`] for one below 17 on 9×9.
    pub fn new(shape: Shape, options: GenerateOptions) -> Result<Generator, GenerateError> {
        if let Clues::Exactly(clues) | Clues::AtMost(clues) = options.clues {
            if shape == Shape::CLASSIC && clues < MIN_CLASSIC_CLUES {
                return Err(GenerateError::TooFewClues { clues });
            }
        }
        Generator::for_any_rules(shape, options)
    }

    /// [`Generator::new`] without the bound that holds under the classic rules only: variant rules
    /// (X, killer cages, …) let a puzzle have fewer than 17 clues.
    pub(super) fn for_any_rules(shape: Shape, options: GenerateOptions) -> Result<Generator, GenerateError> {
        if options.attempts == 0 {
            return Err(GenerateError::NoAttempts);
        }
        if let Clues::Exactly(n) | Clues::AtMost(n) = options.clues {
            if n > shape.cells() {
                return Err(GenerateError::TooManyClues { clues: n, cells: shape.cells() });
            }
        }
        let orbits = std::iter::once(Symmetry::None)
            .chain(Symmetry::SYMMETRIC)
            .map(|s| (s, s.orbit_indices(shape)))
            .collect();
        Ok(Generator {
            shape,
            board: Board::classic_shared(shape),
            options,
            orbits,
            rating: None,
            tally: None,
            pattern: None,
        })
    }

    /// This generator putting the givens of its puzzles on `pattern`'s cells, and only there.
    ///
    /// Nothing is dug, so the options' `symmetry` and `clues` must be left at their defaults (the
    /// pattern has its own; [`Generated::symmetry`] reports it), and `minimal` keeps only puzzles
    /// from which no given can go; set it to `false` for any puzzle with one solution. An attempt
    /// is one search of the pattern's digits from a fresh grid (see the `pattern` module), followed
    /// by the difficulty and rating filters. Patterns with an [`Obstacle`] are refused.
    ///
    /// ```
    /// use sudokit::generate::{rng_for, GenerateOptions, Generator, Pattern};
    /// use sudokit::{Puzzle, Shape};
    ///
    /// let pattern: Pattern = "x...x...x\n.x..x..x.\n..x.x.x..\n...xxx...\nxxxx.xxxx\n\
    ///                         ...xxx...\n..x.x.x..\n.x..x..x.\nx...x...x".parse()?;
    /// let mut options = GenerateOptions::default();
    /// options.minimal = false;
    /// let generator = Generator::new(Shape::CLASSIC, options)?.with_pattern(pattern.clone())?;
    /// let made = generator.puzzle(&mut rng_for(5, 0))?;
    /// assert_eq!(Pattern::of_givens(&made.puzzle), pattern);
    /// assert_eq!(Puzzle::classic(made.puzzle).count_up_to(2).to_string(), "1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_pattern(mut self, pattern: Pattern) -> Result<Generator, GenerateError> {
        let o = &self.options;
        if pattern.shape() != self.shape {
            let (side, expected) = (self.shape.side(), self.shape.cells());
            return Err(PatternError::OtherBoard { side, expected, found: pattern.shape().cells() }.into());
        }
        if o.symmetry != Symmetry::None {
            return Err(PatternError::Conflict("symmetry (it has its own)").into());
        }
        if o.clues != Clues::Any {
            return Err(PatternError::Conflict("clue target (it has its own number of givens)").into());
        }
        if let Some(obstacle) = pattern.obstacle() {
            return Err(PatternError::Obstacle(obstacle).into());
        }
        self.pattern = Some(Arc::new(pattern));
        Ok(self)
    }

    /// The pattern of [`Generator::with_pattern`], if any.
    pub fn pattern(&self) -> Option<&Pattern> {
        self.pattern.as_deref()
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The options.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// A random complete grid; see the module docs for its distribution.
    pub fn grid<R: Rng + ?Sized>(&self, rng: &mut R) -> Grid {
        fill::random_grid(self.shape, rng)
    }

    /// A puzzle with exactly one solution, meeting the options as far as the attempts allow: the clue
    /// target is best effort (see [`Generated::target_met`]); a difficulty no attempt reached is an error.
    pub fn puzzle<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Generated, GenerateError> {
        self.make(rng, None)
    }

    /// [`Generator::puzzle`] that stops with [`GenerateError::Cancelled`] soon after `cancel` is set
    /// (from another thread, or a timer): how a caller puts a time limit on generation. Until then it
    /// makes exactly the puzzle [`Generator::puzzle`] makes from the same random stream.
    pub fn puzzle_until<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        cancel: &CancelFlag,
    ) -> Result<Generated, GenerateError> {
        self.make(rng, Some(cancel.clone()))
    }

    fn make<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        cancel: Option<CancelFlag>,
    ) -> Result<Generated, GenerateError> {
        let o = &self.options;
        let engine = engine_for(&self.board);
        let mut digger = dig::Digger::new(&self.board, engine);
        digger.cancel = cancel;
        if let Some(pattern) = &self.pattern {
            return self.make_on(pattern, &digger, rng);
        }
        let floor = o.dig_floor();
        let mut nearest = Nearest(None);
        for attempt in 1..=o.attempts {
            let solution = self.grid(rng);
            let symmetry = o.symmetry.resolve(rng);
            let Some(dig::Dug { puzzle, unproven }) =
                digger.dig(&solution, self.orbits_of(symmetry), floor, rng)
            else {
                return Err(GenerateError::Cancelled);
            };
            let Some(guesses) = digger.guesses(&puzzle) else { return Err(GenerateError::Cancelled) };
            self.count_candidate();
            if !self.wanted(&puzzle, digger.cancel.as_ref()) {
                continue;
            }
            let distance = o.clues.distance(puzzle.givens());
            let made = Generated {
                puzzle,
                solution,
                symmetry,
                guesses,
                attempts: attempt,
                target_met: true,
                unproven,
            };
            if let Some(made) = nearest.offer(distance, made) {
                return Ok(made);
            }
        }
        match nearest.0 {
            Some((_, made)) => Ok(Generated { target_met: false, attempts: o.attempts, ..made }),
            None => Err(self
                .missed()
                .expect("without a filter every attempt gives a candidate, and the first is kept")),
        }
    }

    /// [`Generator::make`] on a pattern: each attempt searches the pattern's digits, then filters.
    fn make_on<R: Rng + ?Sized>(
        &self,
        pattern: &Pattern,
        digger: &dig::Digger<'_>,
        rng: &mut R,
    ) -> Result<Generated, GenerateError> {
        let o = &self.options;
        let search = pattern::Search { digger, pattern };
        let mut on_pattern = false;
        for attempt in 1..=o.attempts {
            let Some(found) = search.attempt(rng).map_err(|()| GenerateError::Cancelled)? else { continue };
            if o.minimal {
                // Within the digger's budget and cancel flag: a given whose check runs out counts
                // as one that might go, so the puzzle is skipped rather than called minimal.
                let limits = digger.limits(2, digger.budget);
                match Puzzle::new(Arc::clone(&self.board), found.puzzle.clone())
                    .map(|p| p.redundant_givens(limits))
                {
                    Ok(Ok(redundant)) if redundant.is_empty() => {}
                    Ok(Err(Verdict::TimedOut { by: Interrupt::Cancelled, .. })) => {
                        return Err(GenerateError::Cancelled)
                    }
                    _ => continue,
                }
            }
            on_pattern = true;
            let Some(guesses) = digger.guesses(&found.puzzle) else { return Err(GenerateError::Cancelled) };
            self.count_candidate();
            if !self.wanted(&found.puzzle, digger.cancel.as_ref()) {
                continue;
            }
            return Ok(Generated {
                puzzle: found.puzzle,
                solution: found.solution,
                symmetry: pattern.symmetry(),
                guesses,
                attempts: attempt,
                target_met: true,
                unproven: 0,
            });
        }
        let missed = GenerateError::PatternNotFound { minimal: o.minimal, attempts: o.attempts };
        Err(if on_pattern { self.missed().unwrap_or(missed) } else { missed })
    }

    /// The error of a generator whose attempts gave no candidate that met its difficulty and rating
    /// target; `None` without either.
    fn missed(&self) -> Option<GenerateError> {
        let attempts = self.options.attempts;
        match (self.options.difficulty, &self.rating) {
            (difficulty, Some(target)) => {
                let target = match difficulty {
                    Some(d) => format!("{d} difficulty, {target}"),
                    None => target.to_string(),
                };
                Some(GenerateError::TargetNotFound { target, attempts })
            }
            (Some(difficulty), None) => Some(GenerateError::DifficultyNotFound { difficulty, attempts }),
            (None, None) => None,
        }
    }

    fn orbits_of(&self, symmetry: Symmetry) -> &[Vec<u16>] {
        self.orbits
            .iter()
            .find(|(s, _)| *s == symmetry)
            .map(|(_, o)| o.as_slice())
            .expect("every concrete symmetry has its orbits")
    }
}

/// Whether `puzzle` has exactly one solution under the classic rules and loses that when any one given
/// is removed.
pub fn is_minimal(puzzle: &Grid) -> bool {
    is_minimal_under(puzzle, Symmetry::None)
}

/// Whether `puzzle` has exactly one solution under the classic rules and loses that when any orbit of
/// givens under `symmetry` is removed (with [`Symmetry::None`]: any one given). `Random` checks single
/// givens.
pub fn is_minimal_under(puzzle: &Grid, symmetry: Symmetry) -> bool {
    let board = Board::classic_shared(puzzle.shape());
    // An exact answer: no node budget.
    let digger = dig::Digger { board: &board, engine: engine_for(&board), budget: None, cancel: None };
    let unique = |g: &Grid| digger.check(g) == dig::Check::Unique;
    if !unique(puzzle) {
        return false;
    }
    let symmetry = if symmetry == Symmetry::Random { Symmetry::None } else { symmetry };
    let mut g = puzzle.clone();
    for cells in symmetry.orbits(puzzle.shape()) {
        if cells.iter().all(|&c| puzzle.get(c).is_none()) {
            continue;
        }
        cells.iter().for_each(|&c| g.set(c, None));
        let unique = unique(&g);
        cells.iter().for_each(|&c| g.set(c, puzzle.get(c)));
        if unique {
            return false;
        }
    }
    true
}
