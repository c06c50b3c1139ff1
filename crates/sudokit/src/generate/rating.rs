//! Generation by rating: puzzles of a HoDoKu level, a Sudoku Explainer ER range, or with (or
//! without) given techniques in their solution path.
//!
//! A [`RatingTarget`] is set on a [`Generator`] with [`Generator::with_rating`]. Every candidate
//! puzzle is rated and kept only when it meets every part of the target; the checks run cheapest
//! first (the human solver's path for the level and the techniques, then Sudoku Explainer's rater
//! for ER), and each is computed once per candidate.
//!
//! - **level**: [`crate::rate::hodoku`]'s level of the human solver's default path.
//! - **ER**: [`crate::rate::se`]'s ER, between the bounds inclusive.
//! - **require** / **exclude**: the technique appears (or does not) in the human solver's default
//!   path, the path `sudokit explain` prints and the HoDoKu level is computed on. These work on
//!   every board and variant the step solver does, [`VariantGenerator::with_rating`] included (a
//!   killer puzzle that needs Innies; `exclude` Brute Force: no guessing). **require one of**: some
//!   technique of a [`Family`] appears (any type of Unique Rectangle, any Nice Loop or AIC).
//!
//! A candidate the raters cannot reach is skipped, never labelled with a guess: a default path that
//! falls back on Brute Force (unless Brute Force is itself required) has no faithful HoDoKu level
//! or technique list, and a puzzle Sudoku Explainer's rater reports as beyond its reach (nested
//! forcing chains) or out of budget has no exact ER. The level and ER are defined on the classic
//! 9×9 board only, as both scales are.
//!
//! ```
//! use sudokit::generate::{rng_for, GenerateOptions, Generator, RatingTarget};
//! use sudokit::rate::{hodoku, se};
//! use sudokit::Shape;
//!
//! let mut target = RatingTarget::default();
//! target.er = Some("2.0..4.0".parse()?);
//! let generator = Generator::new(Shape::CLASSIC, GenerateOptions::default())?.with_rating(target)?;
//! let made = generator.puzzle(&mut rng_for(5, 0))?;
//! let er = se::rate(&made.puzzle)?.er_tenths;
//! assert!((20..=40).contains(&er));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::grid::{Grid, Shape};
use crate::human::{solve, Family, SolverOptions, State, Technique};
use crate::rate::hodoku::{self, Level};
use crate::rate::se;
use crate::rules::Board;
use crate::solve::CancelFlag;

use super::{Difficulty, GenerateError, Generator, VariantGenerator, MIN_CLASSIC_CLUES, TRIAL_AND_ERROR};

/// The highest ER Sudoku Explainer's scale gives, in tenths: ranges are checked against it.
const ER_MAX_TENTHS: u16 = 120;

/// An inclusive range of Sudoku Explainer ER values, in tenths, written `MIN..MAX` (`7.0..8.5`),
/// `MIN..` or `..MAX`; one number is that exact ER.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErRange {
    /// The lowest ER accepted, in tenths (`70` = 7.0).
    pub min_tenths: u16,
    /// The highest ER accepted, in tenths.
    pub max_tenths: u16,
}

impl ErRange {
    /// Whether `tenths` is in the range.
    pub fn contains(self, tenths: u16) -> bool {
        (self.min_tenths..=self.max_tenths).contains(&tenths)
    }
}

impl fmt::Display for ErRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = |x: u16| format!("{}.{}", x / 10, x % 10);
        write!(f, "{}..{}", t(self.min_tenths), t(self.max_tenths))
    }
}

/// Why an ER range or a rating target is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RatingTargetError {
    /// A bound that is not a number from 0 to 12 with at most one decimal.
    #[error("bad ER range {text:?}: {bound:?} is not an ER from 0.0 to 12.0 with at most one decimal (write MIN..MAX, e.g. 7.0..8.5)")]
    BadEr {
        /// The range as given.
        text: String,
        /// The bound that failed.
        bound: String,
    },
    /// The lower bound is above the upper one.
    #[error("empty ER range {text:?}: MIN {min} is above MAX {max}")]
    EmptyEr {
        /// The range as given.
        text: String,
        /// The lower bound.
        min: String,
        /// The upper bound.
        max: String,
    },
    /// A level or ER target needs the classic 9×9 board: both scales are defined on it alone.
    #[error("the level and ER targets are for classic 9×9 puzzles only, not {board}")]
    NotClassic {
        /// The board, as [`Board::describe`] gives it.
        board: String,
    },
    /// A technique the human solver does not use in its default path, so it can never appear.
    #[error("{technique} is not in the human solver's default path, so no puzzle can require it")]
    NotInPath {
        /// The technique.
        technique: Technique,
    },
    /// A killer technique on puzzles without cages.
    #[error("{technique} works on killer cages, which puzzles without cages do not have")]
    KillerOnly {
        /// The technique.
        technique: Technique,
    },
    /// The same technique is required and excluded.
    #[error("{technique} is both required and excluded")]
    Contradiction {
        /// The technique.
        technique: Technique,
    },
    /// Brute Force required: a path that guesses is never a generated puzzle's.
    #[error("{technique} never appears: a path that guesses is always skipped")]
    Guess {
        /// The technique.
        technique: Technique,
    },
    /// A required technique above the level asked for: a puzzle whose path takes it is at least
    /// of the technique's level.
    #[error("{technique} is a {technique_level}-level technique, so no puzzle that needs it is {level}")]
    AboveLevel {
        /// The technique.
        technique: Technique,
        /// Its HoDoKu level.
        technique_level: Level,
        /// The level asked for.
        level: Level,
    },
    /// No technique of a family required can appear in a path that meets the rest of the target.
    #[error("no technique of {family} can appear in the path: each is {why}")]
    FamilyOutOfReach {
        /// The family's name.
        family: String,
        /// Why, in a few words: `excluded`, `above level hard`, … joined.
        why: String,
    },
    /// An ER range wholly below 1.0, the easiest step's difficulty.
    #[error("no puzzle rates below ER 1.0, the easiest step (a full house)")]
    BelowScale,
    /// A target the difficulty class also asked for rules out (`--difficulty singles --level hard`,
    /// say).
    #[error("no {difficulty} puzzle {clash}")]
    DifficultyClash {
        /// The difficulty class.
        difficulty: Difficulty,
        /// What none of its puzzles does, and why.
        clash: String,
    },
}

impl FromStr for ErRange {
    type Err = RatingTargetError;
    fn from_str(s: &str) -> Result<ErRange, RatingTargetError> {
        let text = s.trim();
        let bound = |b: &str, default: u16| -> Result<u16, RatingTargetError> {
            let b = b.trim();
            if b.is_empty() {
                return Ok(default);
            }
            let bad = || RatingTargetError::BadEr { text: text.to_string(), bound: b.to_string() };
            let (int, frac) = b.split_once('.').unwrap_or((b, "0"));
            let digits = |x: &str| !x.is_empty() && x.bytes().all(|c| c.is_ascii_digit());
            if !digits(int) || !digits(frac) || frac.len() > 1 || int.len() > 2 {
                return Err(bad());
            }
            let tenths =
                int.parse::<u16>().map_err(|_| bad())? * 10 + frac.parse::<u16>().map_err(|_| bad())?;
            if tenths > ER_MAX_TENTHS {
                return Err(bad());
            }
            Ok(tenths)
        };
        let range = match text.split_once("..") {
            Some((lo, hi)) if !(lo.trim().is_empty() && hi.trim().is_empty()) => {
                ErRange { min_tenths: bound(lo, 0)?, max_tenths: bound(hi, ER_MAX_TENTHS)? }
            }
            Some(_) => return Err(RatingTargetError::BadEr { text: text.to_string(), bound: String::new() }),
            None => {
                let exact = bound(text, 0)?;
                if text.is_empty() {
                    return Err(RatingTargetError::BadEr { text: String::new(), bound: String::new() });
                }
                ErRange { min_tenths: exact, max_tenths: exact }
            }
        };
        if range.min_tenths > range.max_tenths {
            let t = |x: u16| format!("{}.{}", x / 10, x % 10);
            return Err(RatingTargetError::EmptyEr {
                text: text.to_string(),
                min: t(range.min_tenths),
                max: t(range.max_tenths),
            });
        }
        Ok(range)
    }
}

/// What the rating of a generated puzzle must be; the default asks for nothing. Set it on a
/// generator with [`Generator::with_rating`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RatingTarget {
    /// The HoDoKu level ([`crate::rate::hodoku`]) [default: any].
    pub level: Option<Level>,
    /// The Sudoku Explainer ER range ([`crate::rate::se`]) [default: any].
    pub er: Option<ErRange>,
    /// Techniques that must each appear in the human solver's default path [default: none].
    pub require: Vec<Technique>,
    /// Techniques that must not appear in it [default: none].
    pub exclude: Vec<Technique>,
    /// Families of which some technique must appear in it, one at least of each [default: none].
    pub require_one_of: Vec<&'static Family>,
}

/// What rating one candidate gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rated {
    /// It meets the target.
    Meets,
    /// It does not.
    Misses,
    /// A rater could not reach it: skipped, whatever its rating would be.
    Unreachable,
}

impl RatingTarget {
    /// Whether the target asks for nothing.
    pub fn is_empty(&self) -> bool {
        self.level.is_none()
            && self.er.is_none()
            && self.require.is_empty()
            && self.exclude.is_empty()
            && self.require_one_of.is_empty()
    }

    /// Checks that puzzles on `board` can meet the target at all.
    ///
    /// # Errors
    /// [`RatingTargetError::NotClassic`] for a level or ER off the classic 9×9 board;
    /// [`RatingTargetError::KillerOnly`] for a required killer technique on a board without cages;
    /// [`RatingTargetError::NotInPath`] for a required technique the default path never uses;
    /// [`RatingTargetError::Contradiction`] for a technique both required and excluded;
    /// [`RatingTargetError::Guess`] for Brute Force required; [`RatingTargetError::AboveLevel`] for
    /// a required technique above the level; [`RatingTargetError::FamilyOutOfReach`] for a family
    /// none of whose techniques can appear; [`RatingTargetError::BelowScale`] for an ER range below
    /// 1.0.
    pub fn validate(&self, board: &Board) -> Result<(), RatingTargetError> {
        let classic = board.shape() == Shape::CLASSIC && board.is_classic();
        self.validate_for(classic, !board.cages().is_empty(), || board.describe())
    }

    /// [`RatingTarget::validate`] for puzzles whose rules are `classic` 9×9 or not, with `cages` or
    /// not, `describe` naming them for a message.
    pub(crate) fn validate_for(
        &self,
        classic: bool,
        cages: bool,
        describe: impl FnOnce() -> String,
    ) -> Result<(), RatingTargetError> {
        if self.is_empty() {
            return Ok(());
        }
        if (self.level.is_some() || self.er.is_some()) && !classic {
            return Err(RatingTargetError::NotClassic { board: describe() });
        }
        if let Some(&technique) = self.require.iter().find(|t| t.is_killer() && !cages) {
            return Err(RatingTargetError::KillerOnly { technique });
        }
        let order = SolverOptions::default().order;
        if let Some(&technique) = self.require.iter().find(|t| !order.contains(t)) {
            return Err(RatingTargetError::NotInPath { technique });
        }
        if let Some(&technique) = self.require.iter().find(|t| self.exclude.contains(t)) {
            return Err(RatingTargetError::Contradiction { technique });
        }
        if let Some(&technique) = self.require.iter().find(|&&t| t == Technique::BruteForce) {
            return Err(RatingTargetError::Guess { technique });
        }
        if let Some(level) = self.level {
            let above = self.require.iter().map(|&t| (t, hodoku::level_of(t))).find(|&(_, l)| l > level);
            if let Some((technique, technique_level)) = above {
                return Err(RatingTargetError::AboveLevel { technique, technique_level, level });
            }
        }
        for family in &self.require_one_of {
            let mut why: Vec<String> = Vec::new();
            for &t in family.members() {
                let Some(reason) = self.out_of_reach(t, cages, &order) else {
                    why.clear();
                    break;
                };
                if !why.contains(&reason) {
                    why.push(reason);
                }
            }
            if let Some((last, rest)) = why.split_last() {
                let why =
                    if rest.is_empty() { last.clone() } else { format!("{} or {last}", rest.join(", ")) };
                return Err(RatingTargetError::FamilyOutOfReach { family: family.name().to_string(), why });
            }
        }
        if self.er.is_some_and(|er| er.max_tenths < 10) {
            return Err(RatingTargetError::BelowScale);
        }
        Ok(())
    }

    /// Why `t` cannot be the technique of a family required that appears, in a few words; `None`
    /// if it can. `order` is the default path's.
    fn out_of_reach(&self, t: Technique, cages: bool, order: &[Technique]) -> Option<String> {
        if !order.contains(&t) {
            Some("off the default path".to_string())
        } else if t.is_killer() && !cages {
            Some("for killer cages only".to_string())
        } else if self.exclude.contains(&t) {
            Some("excluded".to_string())
        } else if t == Technique::BruteForce {
            Some("a guess".to_string())
        } else {
            self.level.filter(|&l| hodoku::level_of(t) > l).map(|l| format!("above level {l}"))
        }
    }

    /// Checks the target against the difficulty class asked for with it, if any: a part of it no
    /// puzzle of the class can meet is [`RatingTargetError::DifficultyClash`].
    pub(crate) fn validate_with(&self, difficulty: Option<Difficulty>) -> Result<(), RatingTargetError> {
        let Some(difficulty) = difficulty.filter(|_| !self.is_empty()) else {
            return Ok(());
        };
        let clash = |clash: String| Err(RatingTargetError::DifficultyClash { difficulty, clash });
        let trial = |t: &&Technique| TRIAL_AND_ERROR.contains(t);
        match difficulty {
            Difficulty::Singles => {
                let singles = [Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle];
                if let Some(t) = self.require.iter().find(|t| !singles.contains(t)) {
                    return clash(format!("needs {t}: singles alone solve it"));
                }
                if let Some(f) =
                    self.require_one_of.iter().find(|f| !f.members().iter().any(|t| singles.contains(t)))
                {
                    return clash(format!("needs a technique of {}: singles alone solve it", f.name()));
                }
                // A 9×9 puzzle with one solution has at least 17 givens, so its path is at most 64
                // singles, none scoring more than a hidden single.
                let singles_at_most = (Shape::CLASSIC.cells() - MIN_CLASSIC_CLUES) as u32;
                let most =
                    Level::Easy.raised_by(singles_at_most * hodoku::base_score(Technique::HiddenSingle));
                if let Some(level) = self.level.filter(|&l| l > most) {
                    return clash(format!("is HoDoKu level {level}: a path of singles is {most} at most"));
                }
                // Sudoku Explainer takes the easiest step first, and a single (2.3 at most) is
                // always there to take.
                if let Some(er) = self.er.filter(|er| er.min_tenths > 23) {
                    return clash(format!("rates ER {er}: singles rate 2.3 at most"));
                }
            }
            Difficulty::NoGuess => {
                if let Some(t) = self.require.iter().find(trial) {
                    return clash(format!("needs {t}, a trial-and-error technique"));
                }
                if let Some(f) = self.require_one_of.iter().find(|f| f.members().iter().all(|t| trial(&t))) {
                    return clash(format!("needs a technique of {}, all trial and error", f.name()));
                }
                if self.level == Some(Level::Easy) {
                    return clash("is HoDoKu level easy: it needs a technique beyond singles".to_string());
                }
            }
            Difficulty::Guess => {
                if let Some(level) = self.level.filter(|&l| l < Level::Extreme) {
                    return clash(format!("is HoDoKu level {level}: trial and error is extreme"));
                }
                let order = SolverOptions::default().order;
                if order.iter().filter(trial).all(|t| self.exclude.contains(t)) {
                    return clash("avoids every trial-and-error technique".to_string());
                }
            }
        }
        Ok(())
    }

    /// Rates `puzzle` (with exactly one solution under `board`, the classic rules of its shape if
    /// `None`) against the target. A Sudoku Explainer rating stops part way once `cancel` is set
    /// (then the target is not met).
    pub(crate) fn rate(
        &self,
        board: Option<&Arc<Board>>,
        puzzle: &Grid,
        cancel: Option<&CancelFlag>,
    ) -> Rated {
        let state = || match board {
            Some(b) => State::new(Arc::clone(b), puzzle),
            None => State::classic(puzzle),
        };
        if let Some(level) = self.level.filter(|&l| l < Level::Extreme) {
            // The default path picks the first technique in its order that applies; cut to the
            // techniques of `level` and below, the order picks the same steps as long as the path
            // keeps to them. So when the cut order does not solve the puzzle, the default path uses
            // a harder technique and the level is above `level`. The cut order is much cheaper.
            let mut cut = SolverOptions::default();
            cut.order.retain(|&t| hodoku::level_of(t) <= level);
            let Ok(state) = state() else { return Rated::Unreachable };
            match solve(state, cut) {
                Ok(path) if path.is_solved() => {}
                Ok(_) => return Rated::Misses,
                Err(_) => return Rated::Unreachable,
            }
        }
        if self.level.is_some()
            || !self.require.is_empty()
            || !self.exclude.is_empty()
            || !self.require_one_of.is_empty()
        {
            let Ok(state) = state() else { return Rated::Unreachable };
            let Ok(path) = solve(state, SolverOptions::default()) else { return Rated::Unreachable };
            let used = |t: Technique| path.steps.iter().any(|s| s.technique == t);
            if !path.is_solved()
                || (used(Technique::BruteForce) && !self.require.contains(&Technique::BruteForce))
            {
                return Rated::Unreachable;
            }
            if !self.require.iter().all(|&t| used(t))
                || self.exclude.iter().any(|&t| used(t))
                || !self.require_one_of.iter().all(|f| f.members().iter().any(|&t| used(t)))
            {
                return Rated::Misses;
            }
            if let Some(level) = self.level {
                if hodoku::rate_steps(&path.steps).level != level {
                    return Rated::Misses;
                }
            }
        }
        if let Some(range) = self.er {
            let options = se::SeOptions { cancel: cancel.cloned(), ..se::SeOptions::default() };
            return match se::rate_with(puzzle, options) {
                Ok(r) if range.contains(r.er_tenths) => Rated::Meets,
                Ok(_) => Rated::Misses,
                // Out of reach: the ER is at least what the steps so far reached, so a range that
                // ends below that is missed for sure; otherwise the ER is unknown.
                Err(se::RateError::BeyondReach { er_so_far_tenths, .. })
                | Err(se::RateError::BudgetExhausted { er_so_far_tenths, .. })
                    if er_so_far_tenths > range.max_tenths =>
                {
                    Rated::Misses
                }
                Err(_) => Rated::Unreachable,
            };
        }
        Rated::Meets
    }
}

impl fmt::Display for RatingTarget {
    /// The target in words, e.g. `HoDoKu level hard, ER 4.0..6.0, with X-Wing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(level) = self.level {
            parts.push(format!("HoDoKu level {level}"));
        }
        if let Some(er) = self.er {
            parts.push(format!("ER {er}"));
        }
        for t in &self.require {
            parts.push(format!("with {t}"));
        }
        for f in &self.require_one_of {
            parts.push(format!("with a technique of {}", f.name()));
        }
        for t in &self.exclude {
            parts.push(format!("without {t}"));
        }
        if parts.is_empty() {
            parts.push("any rating".to_string());
        }
        f.write_str(&parts.join(", "))
    }
}

/// A count of the candidate puzzles a generator has tried (every attempt, in every thread): how a
/// caller watches a search for a rare target. Clones share the count.
#[derive(Clone, Debug, Default)]
pub struct Tally(Arc<AtomicU64>);

impl Tally {
    /// A count at zero.
    pub fn new() -> Tally {
        Tally::default()
    }
    /// The candidates tried so far.
    pub fn candidates(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
    pub(crate) fn add(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

impl Generator {
    /// This generator with a rating target: every puzzle it makes meets `target` (or, when no
    /// attempt does, [`GenerateError::TargetNotFound`]). An empty target removes the filter.
    ///
    /// # Errors
    /// [`GenerateError::Rating`] when the target cannot be met on this board (see
    /// [`RatingTarget::validate`]) or by a puzzle of the difficulty class of the options
    /// ([`RatingTargetError::DifficultyClash`]).
    pub fn with_rating(mut self, target: RatingTarget) -> Result<Generator, GenerateError> {
        target.validate(&self.board)?;
        target.validate_with(self.options.difficulty)?;
        self.rating = (!target.is_empty()).then(|| Arc::new(target));
        Ok(self)
    }

    /// This generator counting every candidate it tries in `tally`.
    pub fn with_tally(mut self, tally: Tally) -> Generator {
        self.tally = Some(tally);
        self
    }

    /// The rating target, if any.
    pub fn rating(&self) -> Option<&RatingTarget> {
        self.rating.as_deref()
    }

    /// Counts a candidate in the tally, if there is one.
    pub(super) fn count_candidate(&self) {
        if let Some(t) = &self.tally {
            t.add();
        }
    }

    /// Whether a candidate meets the rating target (always, without one); `cancel` as for
    /// [`RatingTarget::rate`].
    pub(super) fn rated(&self, puzzle: &Grid, cancel: Option<&CancelFlag>) -> bool {
        self.rating.as_ref().is_none_or(|target| target.rate(None, puzzle, cancel) == Rated::Meets)
    }

    /// Whether a candidate has the difficulty class and meets the rating target asked for.
    pub(super) fn wanted(&self, puzzle: &Grid, cancel: Option<&CancelFlag>) -> bool {
        self.options.difficulty.is_none_or(|d| d.accepts(&self.board, puzzle)) && self.rated(puzzle, cancel)
    }
}

impl VariantGenerator {
    /// This generator with a rating target: techniques required and excluded in each puzzle's
    /// human-solving path (a level or ER is for classic 9×9 puzzles only). Every puzzle it makes meets
    /// `target`, or, when no attempt does, [`GenerateError::TargetNotFound`].
    ///
    /// ```
    /// use sudokit::generate::{rng_for, GenerateOptions, RatingTarget, VariantGenerator};
    /// use sudokit::human::{solve, SolverOptions, State, Technique};
    /// use sudokit::Shape;
    ///
    /// // Killer puzzles that need the rule of 45, and no guess.
    /// let mut target = RatingTarget::default();
    /// target.require = vec![Technique::Innies];
    /// target.exclude = vec![Technique::BruteForce];
    /// let generator = VariantGenerator::new(Shape::CLASSIC, "killer".parse()?, GenerateOptions::default())?
    ///     .with_rating(target)?;
    /// let made = generator.puzzle(&mut rng_for(3, 0))?;
    /// let state = State::new(made.board, &made.generated.puzzle)?;
    /// let path = solve(state, SolverOptions::default())?;
    /// assert!(path.steps.iter().any(|s| s.technique == Technique::Innies));
    /// assert!(path.steps.iter().all(|s| s.technique != Technique::BruteForce));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::Rating`] when the target cannot be met under these rules (see
    /// [`RatingTarget::validate`]) or by a puzzle of the difficulty class of the options
    /// ([`RatingTargetError::DifficultyClash`]).
    pub fn with_rating(mut self, target: RatingTarget) -> Result<VariantGenerator, GenerateError> {
        let spec = self.spec();
        let shape = self.shape();
        target.validate_for(spec.is_classic() && shape == Shape::CLASSIC, spec.killer, || {
            format!("{spec} puzzles")
        })?;
        target.validate_with(self.classic.options.difficulty)?;
        self.classic.rating = (!target.is_empty()).then(|| Arc::new(target));
        Ok(self)
    }

    /// This generator counting every candidate it tries in `tally`.
    pub fn with_tally(mut self, tally: Tally) -> VariantGenerator {
        self.classic.tally = Some(tally);
        self
    }

    /// The rating target, if any.
    pub fn rating(&self) -> Option<&RatingTarget> {
        self.classic.rating()
    }

    /// Whether a candidate on `board` meets the rating target (always, without one), counting it.
    pub(super) fn rated(&self, board: &Arc<Board>, puzzle: &Grid, cancel: Option<&CancelFlag>) -> bool {
        self.classic.count_candidate();
        let target = self.classic.rating.as_ref();
        target.is_none_or(|t| t.rate(Some(board), puzzle, cancel) == Rated::Meets)
    }

    /// The error of a generator whose attempts gave no candidate that met its rating target.
    pub(super) fn missed(&self) -> Option<GenerateError> {
        self.classic.missed()
    }
}

#[cfg(test)]
mod tests;
