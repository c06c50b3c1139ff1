//! HoDoKu-compatible rating: the score and the level HoDoKu 2.2 gives a puzzle.
//!
//! The puzzle is solved with the human solver's default path ([`crate::human::solve`] with
//! [`SolverOptions::default`]: HoDoKu's techniques in HoDoKu's default order). The **score** is the
//! sum of the base scores of the steps; the **level** is the highest level among the steps'
//! techniques, raised one level at a time while the score exceeds that level's maximum score
//! (Easy 800, Medium 1000, Hard 1600, Unfair 1800), as HoDoKu's `SudokuSolver` does after solving.
//!
//! ```
//! use sudokit::rate::hodoku::{self, Level};
//! // Singles only: 4 per Full House or Naked Single, 14 per Hidden Single.
//! let grid: sudokit::Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let rating = hodoku::rate(&grid)?;
//! assert_eq!(rating.level, Level::Easy);
//! assert_eq!(rating.level.name(), "easy");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Scores and levels
//!
//! HoDoKu 2.2's default configuration: the `StepConfig` table of `Options.java` (base score and
//! level per solution type; GitHub `zh3305/HoDoKu`, `src/sudoku/Options.java`) and the types that
//! share one entry (`SolutionType.getStepConfig`). The values are read from there; the code here is
//! the project's own.
//!
//! | technique | score | level |
//! |---|---:|---|
//! | Full House, Naked Single | 4 | easy |
//! | Hidden Single | 14 | easy |
//! | Locked Pair / Locked Triple | 40 / 60 | medium |
//! | Locked Candidates Type 1 and 2 | 50 | medium |
//! | Naked Pair / Naked Triple | 60 / 80 | medium |
//! | Hidden Pair / Hidden Triple | 70 / 100 | medium |
//! | Naked Quadruple / Hidden Quadruple | 120 / 150 | hard |
//! | X-Wing / Swordfish / Jellyfish | 140 / 150 / 160 | hard |
//! | Squirmbag, Whale, Leviathan | 470 | unfair |
//! | Remote Pair | 110 | hard |
//! | BUG+1, Uniqueness Tests 1–6, Hidden Rectangle, Avoidable Rectangle 1 and 2 | 100 | hard |
//! | Skyscraper | 130 | hard |
//! | 2-String Kite (and Dual) | 150 | hard |
//! | Turbot Fish, Empty Rectangle (and Dual) | 120 | hard |
//! | W-Wing / XY-Wing / XYZ-Wing | 150 / 160 / 180 | hard |
//! | Finned / Sashimi X-Wing | 130 / 150 | hard |
//! | Finned / Sashimi Swordfish | 200 / 240 | unfair |
//! | Finned / Sashimi Jellyfish | 250 / 260 | unfair |
//! | Finned and Sashimi Squirmbag, Whale, Leviathan | 470 | unfair |
//! | Sue de Coq | 250 | unfair |
//! | Simple Colors (Trap, Wrap) / Multi Colors (1, 2) | 150 / 200 | hard |
//! | X-Chain, XY-Chain | 260 | unfair |
//! | Nice Loops and AIC (continuous, discontinuous, AIC) | 280 | unfair |
//! | Grouped Nice Loops and Grouped AIC | 300 | unfair |
//! | ALS-XZ / ALS-XY-Wing / ALS Chain / Death Blossom | 300 / 320 / 340 / 360 | unfair |
//! | Franken X-Wing / Swordfish / Jellyfish | 300 / 350 / 370 | unfair |
//! | Franken Squirmbag, Whale, Leviathan | 470 | extreme |
//! | Finned Franken X-Wing / Swordfish / Jellyfish | 390 / 410 / 430 | unfair |
//! | Finned Franken Squirmbag, Whale, Leviathan | 470 | extreme |
//! | Mutant X-Wing, Swordfish, Jellyfish | 450 | extreme |
//! | Mutant Squirmbag, Whale, Leviathan; every Finned Mutant fish | 470 | extreme |
//! | Kraken Fish (types 1, 2) / Forcing Chain (Contradiction, Verity) | 500 | extreme |
//! | Forcing Net (Contradiction, Verity) | 700 | extreme |
//! | Template Set, Template Delete, Brute Force | 10000 | extreme |
//!
//! WXYZ-Wing is not a HoDoKu type (and is off in the default path); it is scored here as the
//! Almost Locked Set XZ-Rule it is a case of: 300, unfair.
//!
//! Where no technique applies, the path falls back on Brute Force as HoDoKu's does: the middle one
//! of the unsolved cells (in row-major order) gets its solution digit. Forcing nets look four
//! rounds of singles ahead and then combine what their implications imply, as HoDoKu's do by
//! default, so that they fail where HoDoKu's fail: each Brute Force step is 10000 of the score, and
//! most of a forum-hardest puzzle's.

use std::fmt;
use std::str::FromStr;

use crate::grid::{Grid, Shape};
use crate::human::{solve, HumanError, SolverOptions, State, Step, Technique};

/// HoDoKu's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections and pairs or triples.
    Medium,
    /// Basic fish, quads, wings, single-digit patterns, uniqueness, colouring.
    Hard,
    /// Finned fish, chains and loops, ALS.
    Unfair,
    /// Forcing chains and nets, exotic fish, brute force.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme];

    /// The name in lower case, e.g. `unfair`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The highest score a puzzle of this level may have before it is rated one level up
    /// (HoDoKu's `DifficultyLevel` defaults); `None` for extreme.
    pub fn max_score(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }

    /// The next level up (extreme stays extreme).
    fn up(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// The level of a path whose hardest step is of this level and whose steps score `score`:
    /// raised one level at a time while the score is above the level's maximum.
    ///
    /// ```
    /// use sudokit::rate::hodoku::Level;
    /// assert_eq!(Level::Easy.raised_by(800), Level::Easy);
    /// // 58 hidden singles (14 each) are more than an easy puzzle scores.
    /// assert_eq!(Level::Easy.raised_by(58 * 14), Level::Medium);
    /// assert_eq!(Level::Easy.raised_by(1700), Level::Unfair);
    /// ```
    pub fn raised_by(self, score: u32) -> Level {
        let mut level = self;
        while level.max_score().is_some_and(|max| score > max) {
            level = level.up();
        }
        level
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is none of `easy`, `medium`, `hard`, `unfair`, `extreme`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?} (use easy, medium, hard, unfair or extreme)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let key = s.trim().to_lowercase();
        Level::ALL.into_iter().find(|l| l.name() == key).ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// HoDoKu's base score and level of one technique (see the [module docs](self)).
pub fn step_config(t: Technique) -> (u32, Level) {
    use Level::*;
    use Technique::*;
    match t {
        FullHouse | NakedSingle => (4, Easy),
        HiddenSingle => (14, Easy),
        LockedPair => (40, Medium),
        LockedTriple => (60, Medium),
        LockedCandidates1 | LockedCandidates2 => (50, Medium),
        NakedPair => (60, Medium),
        NakedTriple => (80, Medium),
        HiddenPair => (70, Medium),
        HiddenTriple => (100, Medium),
        NakedQuadruple => (120, Hard),
        HiddenQuadruple => (150, Hard),
        XWing => (140, Hard),
        Swordfish => (150, Hard),
        Jellyfish => (160, Hard),
        Squirmbag | Whale | Leviathan => (470, Unfair),
        RemotePair => (110, Hard),
        BugPlus1 => (100, Hard),
        Skyscraper => (130, Hard),
        TwoStringKite | DualTwoStringKite => (150, Hard),
        TurbotFish | EmptyRectangle | DualEmptyRectangle => (120, Hard),
        WWing => (150, Hard),
        XyWing => (160, Hard),
        XyzWing => (180, Hard),
        Uniqueness1 | Uniqueness2 | Uniqueness3 | Uniqueness4 | Uniqueness5 | Uniqueness6 => (100, Hard),
        HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 => (100, Hard),
        FinnedXWing => (130, Hard),
        SashimiXWing => (150, Hard),
        FinnedSwordfish => (200, Unfair),
        SashimiSwordfish => (240, Unfair),
        FinnedJellyfish => (250, Unfair),
        SashimiJellyfish => (260, Unfair),
        FinnedSquirmbag | SashimiSquirmbag | FinnedWhale | SashimiWhale | FinnedLeviathan
        | SashimiLeviathan => (470, Unfair),
        SueDeCoq => (250, Unfair),
        SimpleColorsTrap | SimpleColorsWrap => (150, Hard),
        MultiColors1 | MultiColors2 => (200, Hard),
        XChain | XyChain => (260, Unfair),
        ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => (280, Unfair),
        GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => (300, Unfair),
        // Not a HoDoKu type: scored as the ALS-XZ it is a case of.
        WxyzWing | AlsXz => (300, Unfair),
        AlsXyWing => (320, Unfair),
        AlsXyChain => (340, Unfair),
        DeathBlossom => (360, Unfair),
        FrankenXWing => (300, Unfair),
        FrankenSwordfish => (350, Unfair),
        FrankenJellyfish => (370, Unfair),
        FrankenSquirmbag | FrankenWhale | FrankenLeviathan => (470, Extreme),
        FinnedFrankenXWing => (390, Unfair),
        FinnedFrankenSwordfish => (410, Unfair),
        FinnedFrankenJellyfish => (430, Unfair),
        FinnedFrankenSquirmbag | FinnedFrankenWhale | FinnedFrankenLeviathan => (470, Extreme),
        MutantXWing | MutantSwordfish | MutantJellyfish => (450, Extreme),
        MutantSquirmbag | MutantWhale | MutantLeviathan => (470, Extreme),
        FinnedMutantXWing
        | FinnedMutantSwordfish
        | FinnedMutantJellyfish
        | FinnedMutantSquirmbag
        | FinnedMutantWhale
        | FinnedMutantLeviathan => (470, Extreme),
        KrakenFish1 | KrakenFish2 | ForcingChainContradiction | ForcingChainVerity => (500, Extreme),
        ForcingNetContradiction | ForcingNetVerity => (700, Extreme),
        TemplateSet | TemplateDelete | BruteForce => (10000, Extreme),
        // Not HoDoKu types: killer puzzles get no HoDoKu rating, and these values only rank the
        // killer techniques for a path's hardest technique, with the intersections and subsets they
        // resemble.
        CageCombination => (50, Medium),
        Innies | Outies => (60, Medium),
        CageInteraction => (100, Hard),
    }
}

/// HoDoKu's base score of a step of technique `t`.
pub fn base_score(t: Technique) -> u32 {
    step_config(t).0
}

/// HoDoKu's level of technique `t`.
pub fn level_of(t: Technique) -> Level {
    step_config(t).1
}

/// A puzzle's HoDoKu rating.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HodokuRating {
    /// The sum of the steps' base scores.
    pub score: u32,
    /// The level: the hardest step's, raised while the score exceeds the level's maximum.
    pub level: Level,
    /// The technique of the first step with the highest level (and, among those, the highest
    /// base score); `None` for a grid already solved, which takes no step (score 0, easy).
    pub hardest: Option<Technique>,
    /// The number of steps.
    pub steps: usize,
    /// How many of them are Brute Force steps (the solver knew no technique for the state).
    pub brute_force_steps: usize,
}

/// Why a puzzle gets no HoDoKu rating.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HodokuError {
    /// HoDoKu rates classic 9×9 puzzles only.
    #[error("the HoDoKu rating is for classic 9×9 puzzles only, not {side}×{side}")]
    NotClassic {
        /// The side of the board.
        side: usize,
    },
    /// A 9×9 board with rules beyond the classic ones: HoDoKu's techniques are for the classic
    /// rules.
    #[error("the HoDoKu rating is for classic rules only, not variant rules")]
    VariantRules,
    /// The puzzle cannot be solved step by step: no solution, several, givens that break the
    /// rules.
    #[error(transparent)]
    Human(#[from] HumanError),
    /// The steps ran out before the grid was solved (cannot happen with brute force enabled).
    #[error("the solving path stopped after {steps} steps with the grid unsolved")]
    Unsolved {
        /// The steps taken.
        steps: usize,
    },
}

/// Rates `grid` as HoDoKu 2.2 does with its default configuration.
///
/// # Errors
/// [`HodokuError::NotClassic`] for boards other than 9×9; [`HodokuError::Human`] for puzzles
/// without exactly one solution or whose givens break the rules.
pub fn rate(grid: &Grid) -> Result<HodokuRating, HodokuError> {
    if grid.shape() != Shape::CLASSIC {
        return Err(HodokuError::NotClassic { side: grid.shape().side() });
    }
    rate_state(&State::classic(grid)?)
}

/// Rates the rest of the solution from `state`, a classic 9×9 grid part way through (a pencil-mark
/// grid, say): the score and level of the steps HoDoKu's default order takes from there, the
/// player's pencil marks kept.
///
/// ```
/// use sudokit::human::State;
/// use sudokit::rate::hodoku;
///
/// let grid: sudokit::Grid =
///     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// assert_eq!(hodoku::rate_state(&State::classic(&grid)?)?, hodoku::rate(&grid)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`HodokuError::NotClassic`] for boards other than 9×9, [`HodokuError::VariantRules`] for rules
/// other than the classic ones; [`HodokuError::Human`] for a state without exactly one solution.
pub fn rate_state(state: &State) -> Result<HodokuRating, HodokuError> {
    if state.shape() != Shape::CLASSIC {
        return Err(HodokuError::NotClassic { side: state.shape().side() });
    }
    if !state.board().is_classic() {
        return Err(HodokuError::VariantRules);
    }
    let path = solve(state.clone(), SolverOptions::default())?;
    if !path.is_solved() {
        return Err(HodokuError::Unsolved { steps: path.steps.len() });
    }
    Ok(rate_steps(&path.steps))
}

/// The rating of a solving path given as its steps. An empty path (a grid already solved) scores
/// 0, easy, without a hardest technique.
pub fn rate_steps(steps: &[Step]) -> HodokuRating {
    let mut score = 0u32;
    let mut hardest: Option<(Level, u32, Technique)> = None;
    let mut brute_force_steps = 0;
    for step in steps {
        let (base, level) = step_config(step.technique);
        score = score.saturating_add(base);
        brute_force_steps += usize::from(step.technique == Technique::BruteForce);
        if hardest.is_none_or(|(l, b, _)| (level, base) > (l, b)) {
            hardest = Some((level, base, step.technique));
        }
    }
    let (level, technique) = hardest.map_or((Level::Easy, None), |(level, _, t)| (level, Some(t)));
    HodokuRating {
        score,
        level: level.raised_by(score),
        hardest: technique,
        steps: steps.len(),
        brute_force_steps,
    }
}

#[cfg(test)]
mod tests;
