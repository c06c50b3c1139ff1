//! Sudoku Explainer-compatible rating: ER, EP and ED as Sudoku Explainer 1.2.1 (`serate` 1.2.1.3)
//! computes them.
//!
//! The puzzle is solved step by step. At every point the techniques are tried in Sudoku
//! Explainer's order and the first step found is applied; the chaining rules gather all their
//! steps and take the easiest (by difficulty, then chain complexity). **ER** is the hardest step
//! of the path, **EP** the hardest up to the first placement, **ED** the difficulty of the first
//! step. Each is rounded as `serate` prints it, `floor((x + 0.05) × 10) / 10`.
//!
//! ```
//! use sudokit::rate::se;
//! // serate 1.2.1.3 rates this puzzle 4.2/1.2/1.2: an XY-Wing is its hardest step.
//! let grid: sudokit::Grid =
//!     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
//! let rating = se::rate(&grid)?;
//! assert_eq!((rating.er(), rating.ep(), rating.ed()), (4.2, 1.2, 1.2));
//! assert_eq!(rating.hardest, "XY-Wing");
//!
//! // Other boards, and puzzles without exactly one solution, get no rating.
//! let mini: sudokit::Grid = "1.3.4.2.3.1.2.4.".parse()?;
//! assert!(matches!(se::rate(&mini), Err(se::RateError::NotClassic { side: 4 })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`explain`] gives the path itself, step by step (each [`SeStep`] prints in forum notation with
//! its difficulty), also where it stops short of a rating.
//!
//! # Techniques and values
//!
//! In the order they are tried. The values are those of Sudoku Explainer 1.2.1's hint classes
//! (`getDifficulty()` in `diuf/sudoku/solver/rules/**/*Hint.java`, GitHub `1to9only/SudokuExplainer`
//! at commit `729c00e`) and the order is its `Solver` constructor's; the code here is written
//! from that description, not copied.
//!
//! | technique (Sudoku Explainer's name) | difficulty | source class |
//! |---|---|---|
//! | Hidden Single: last cell of a house / in a block / in a row or column | 1.0 / 1.2 / 1.5 | `HiddenSingleHint` |
//! | Direct Pointing / Direct Claiming (ends in a hidden single) | 1.7 / 1.9 | `DirectLockingHint` |
//! | Direct Hidden Pair (ends in a hidden single) | 2.0 | `DirectHiddenSetHint` |
//! | Naked Single | 2.3 | `NakedSingleHint` |
//! | Direct Hidden Triplet | 2.5 | `DirectHiddenSetHint` |
//! | Pointing / Claiming | 2.6 / 2.8 | `LockingHint` |
//! | Naked Pair | 3.0 | `NakedSetHint` |
//! | X-Wing | 3.2 | `LockingHint` |
//! | Hidden Pair | 3.4 | `HiddenSetHint` |
//! | Naked Triplet | 3.6 | `NakedSetHint` |
//! | Swordfish | 3.8 | `LockingHint` |
//! | Hidden Triplet | 4.0 | `HiddenSetHint` |
//! | XY-Wing / XYZ-Wing | 4.2 / 4.4 | `XYWingHint` |
//! | Unique Rectangle / Loop types 1, 2, 4 (loop of 4 / 6 / 8 / 10+ cells) | 4.5 / 4.6 / 4.7 / 5.0 | `UniqueLoopHint` |
//! | Unique Rectangle / Loop type 3 | the above + 0.1 per extra value of the naked/hidden set beyond one | `UniqueLoopType3*Hint` |
//! | Naked Quad | 5.0 | `NakedSetHint` |
//! | Jellyfish | 5.2 | `LockingHint` |
//! | Hidden Quad | 5.4 | `HiddenSetHint` |
//! | BUG type 1 / 2, 4 / 3 | 5.6 / 5.7 / 5.7 + 0.1 per extra value beyond one | `Bug*Hint` |
//! | Aligned Pair Exclusion | 6.2 | `AlignedExclusionHint` |
//! | Bidirectional X-Cycle / Y-Cycle (one kind of link) | 6.5 + length | `CycleHint` |
//! | Forcing X-Chain (Turbot Fish when of 6 potentials) | 6.6 + length | `ForcingChainHint` |
//! | Bidirectional Cycle / Forcing Chain (both kinds of links) | 7.0 + length | `CycleHint`, `ForcingChainHint` |
//! | Aligned Triplet Exclusion (tried after the cycles and chains above) | 7.5 | `AlignedExclusionHint` |
//! | Nishio Forcing Chains | 7.5 + length | `Chaining.getDifficulty` |
//! | Cell / Region Forcing Chains (static) | 8.0 + length | `Chaining.getDifficulty` |
//! | Dynamic Contradiction / Double / Cell / Region Forcing Chains | 8.5 + length | `Chaining.getDifficulty` |
//! | the same, "(+)": nesting level 1 | 9.0 + length | `Chaining.getDifficulty` (`8.5 + 0.5 × level`) |
//! | the same, "(+ Forcing Chains)": level 2 | 9.5 + length | `Chaining.getDifficulty` (`9.5 + 0.5 × (level − 2)`) |
//! | the same, "(+ Multiple Forcing Chains)": level 3 | 10.0 + length | the same |
//! | the same, "(+ Dynamic Forcing Chains)": level 4 | 10.5 + length | the same |
//! | the same, "(+ Dynamic Forcing Chains (+ Forcing Chains))": level 5 | 11.0 + length | the same |
//!
//! *length*: the chain's complexity `n` is the number of distinct potentials (a candidate assumed
//! on or off) among the ancestors of its conclusion(s), summed over the branches of a cell or
//! region chain; the bonus is +0.1 each time `n − 2` exceeds 4, 6, 8, 12, 16, 24, 32, 48, 64, …
//! (the bound grows ×3/2 and ×4/3 in turn; `ChainingHint.getLengthDifficulty`).
//!
//! ## Nested forcing chains
//!
//! Sudoku Explainer's last rules (its `Solver` lists level 1 with the chains, levels 2 and 3 as
//! "advanced" and levels 4 and 5 as "experimental"; its rating runs them all, in this order) are
//! dynamic forcing chains whose implications, each time they stop spreading, may continue through
//! other rules applied to the grid as the assumption has left it (`Chaining.getAdvancedPotentials`):
//!
//! | level | rules inside the chain, in the order tried (the first that finds anything is used) |
//! |---|---|
//! | 1 | intersections (pointing and claiming), hidden pairs, naked pairs, X-Wings |
//! | 2 | those, then forcing chains and cycles (6.5–7.0 above) |
//! | 3 | those, then forcing chains and cycles, then static cell and region forcing chains |
//! | 4 | those four, then dynamic forcing chains (level 0) |
//! | 5 | those four, then dynamic forcing chains, then dynamic forcing chains of level 2 |
//!
//! A rule's removal joins the chain only if the rule needs something the chain removed (its
//! *parents*, `getRuleParents`); the potentials it adds have those as parents, and a chain
//! found inside adds its own complexity to the enclosing chain's, once per distinct chain
//! (`ChainingHint.getNestedComplexity`). Rules and chains inside are scanned in Sudoku
//! Explainer's order, since that order decides which parents are recorded. One departure: where
//! Sudoku Explainer keeps a rule's removals in a hash map keyed by object identity (so its order
//! there varies from run to run), they are taken here in house order.
//!
//! Checked against serate 1.2.1.3 step by step (the difficulty and the result of every step of the
//! path) on 28 forum_hardest_1106 puzzles whose hardest steps are at levels 1 to 4 (ER 9.7 to 11.8,
//! 2,903 steps, all equal), and by ER/EP/ED on the puzzles of `tests/se_rating.rs`;
//! `scripts/peers/serate-check.sh` compares ER/EP/ED with serate's own on any file. Level 5 runs
//! the same code with other rules inside, but Sudoku Explainer is too slow on the puzzles that
//! reach it to check it.
//!
//! A puzzle for which even level 5 finds nothing is reported as [`RateError::BeyondReach`] (where
//! Sudoku Explainer gives up with a rating of 20.0). The nested levels are slow: every time a
//! chain stops spreading, a whole chain search runs on the grid it left. [`SeOptions::budget`]
//! bounds the work, and with the `rayon` feature the chains of these levels are built on every
//! thread of the pool ([`SeOptions::threads`]), with the same rating and the same work counted.

mod advanced;
mod aligned;
mod basic;
mod board;
mod chain;
mod hint;
mod next;
mod reach;
mod spread;
mod unique;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::ControlFlow;

use crate::grid::{Cell, Digit, Grid, Shape, Symbols};
use crate::human::step::ChainJson;
use crate::human::{Chain, LinkKind, Node};
use crate::solve::{CancelFlag, Puzzle, Verdict};
use board::Board;
use chain::{Budget, Multi};
use hint::{first_step, Hint, Steps};
pub use next::{all_hints, explain_state, hint, rate_state, SeHint};

/// An ER/EP/ED rating in Sudoku Explainer's scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// ER, the hardest step, in tenths (`85` = 8.5).
    pub er_tenths: u16,
    /// EP, the hardest step up to the first placement, in tenths.
    pub ep_tenths: u16,
    /// ED, the first step's difficulty, in tenths.
    pub ed_tenths: u16,
    /// Sudoku Explainer's name of the first step that reached ER.
    pub hardest: String,
    /// Steps in the solution path.
    pub steps: usize,
}

impl SeRating {
    /// ER as a number (8.5).
    pub fn er(&self) -> f32 {
        f32::from(self.er_tenths) / 10.0
    }
    /// EP as a number.
    pub fn ep(&self) -> f32 {
        f32::from(self.ep_tenths) / 10.0
    }
    /// ED as a number.
    pub fn ed(&self) -> f32 {
        f32::from(self.ed_tenths) / 10.0
    }
}

/// Why a puzzle got no rating.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The Sudoku Explainer scale is defined for classic 9×9 Sudoku only.
    #[error("the Sudoku Explainer rating is for classic 9×9 puzzles only, not {side}×{side}")]
    NotClassic {
        /// The board's side.
        side: usize,
    },
    /// Givens that break the rules, or no solution at all.
    #[error("invalid puzzle: {0}")]
    Invalid(&'static str),
    /// More than one solution: a rating would be a guess.
    #[error("the puzzle has more than one solution")]
    Multiple,
    /// The work budget ran out (see [`SeOptions::budget`]).
    #[error("work budget exhausted after {steps} steps (ER so far {er_so_far_tenths} tenths)")]
    BudgetExhausted {
        /// Steps taken before the budget ran out.
        steps: usize,
        /// ER of the steps taken, in tenths.
        er_so_far_tenths: u16,
    },
    /// The caller's cancel flag stopped the rating ([`SeOptions::cancel`]).
    #[error("interrupted after {steps} steps")]
    Interrupted {
        /// Steps taken before.
        steps: usize,
    },
    /// A 9×9 board with rules beyond the classic ones (diagonals, windows, …): Sudoku Explainer's
    /// techniques and values are for the classic rules.
    #[error("the Sudoku Explainer rating is for classic rules only, not variant rules")]
    VariantRules,
    /// No technique applies, not even the deepest nested forcing chains (Sudoku Explainer then
    /// stops with a rating of 20.0).
    #[error(
        "no technique applies, not even nested forcing chains of level 5; the {steps} steps before reach {er_so_far_tenths} tenths"
    )]
    BeyondReach {
        /// Steps taken before.
        steps: usize,
        /// ER of the steps taken, in tenths.
        er_so_far_tenths: u16,
    },
}

impl RateError {
    /// The ER of the steps taken, in tenths, where the path stopped short of the solution (the
    /// budget ran out, or nothing applied).
    pub fn er_so_far_tenths(&self) -> Option<u16> {
        match self {
            RateError::BeyondReach { er_so_far_tenths, .. }
            | RateError::BudgetExhausted { er_so_far_tenths, .. } => Some(*er_so_far_tenths),
            _ => None,
        }
    }

    /// The line that reports a puzzle without a Sudoku Explainer rating, with the ER its path
    /// reached where it stopped short: `no Sudoku Explainer rating (ER at least 11.0): …`.
    pub fn report(&self) -> String {
        let so_far = match self.er_so_far_tenths() {
            Some(t) if t > 0 => format!(" (ER at least {:.1})", f64::from(t) / 10.0),
            _ => String::new(),
        };
        format!("no Sudoku Explainer rating{so_far}: {self}")
    }
}

/// Options for [`rate_with`].
#[derive(Clone, Debug)]
pub struct SeOptions {
    /// Chaining work allowed for the whole path, in potentials created: a bound so that no
    /// puzzle runs for ever. A nested "Forcing Chains & Cycles" search counts one per candidate
    /// of its grid instead (what it creates depends on what its memo holds), and a nested
    /// search's result taken again from a cache counts again within one step of the path, not
    /// when carried over from the step before: the count depends on the puzzle alone, not on the
    /// order the chains are built in nor on [`threads`](Self::threads). The default, 200
    /// million, is about 10 seconds of the deepest nested chains (about 50 ns a potential
    /// counted there) on one core of a current x86-64 machine; none of the 375
    /// forum_hardest_1106 puzzles reaches it (the most work, 128 million, takes 6 seconds on
    /// one core). A path that runs out of budget is not rated ([`RateError::BudgetExhausted`]).
    pub budget: u64,
    /// Into how many parts the searches for nested dynamic forcing chains (levels 2 to 5, the
    /// slowest searches of a step) are split, to be built at once on the current rayon pool: 0
    /// for as many as the pool has threads, 1 for none (the calling thread builds them). Without
    /// the `rayon` feature, 0 means 1 and parts are built one after the other. "Dynamic Forcing
    /// Chains (+)" (level 1) is never split: its chains are short, and splitting them cost more
    /// than it saved. The rating, and the work counted against the budget, are the same whatever
    /// the number.
    pub threads: usize,
    /// A flag that stops the rating once set (Ctrl-C, a caller that gave up): the work ends at the
    /// next point where it would look at the budget, and the rating is
    /// [`RateError::Interrupted`]. `None`: nothing but the budget stops it.
    pub cancel: Option<CancelFlag>,
}

impl Default for SeOptions {
    fn default() -> SeOptions {
        SeOptions { budget: 200_000_000, threads: 0, cancel: None }
    }
}

impl SeOptions {
    /// These options, stopped by `flag` (see [`SeOptions::cancel`]).
    ///
    /// ```
    /// use sudokit::rate::se::{self, RateError, SeOptions};
    /// use sudokit::CancelFlag;
    ///
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// // The flag is looked at where the budget is: in the chains, after the singles before them.
    /// let grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
    /// let stopped = se::rate_with(&grid, SeOptions::default().with_cancel(flag));
    /// assert!(matches!(stopped, Err(RateError::Interrupted { .. })), "{stopped:?}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cancel(mut self, flag: CancelFlag) -> SeOptions {
        self.cancel = Some(flag);
        self
    }

    /// A fresh budget of these options' work, with their cancel flag.
    fn budget_of(&self) -> Budget {
        Budget { cancel: self.cancel.clone(), ..Budget::new(self.budget) }
    }

    /// How many parts a search is split into.
    fn parts(&self) -> usize {
        match self.threads {
            #[cfg(feature = "rayon")]
            0 => rayon::current_num_threads(),
            #[cfg(not(feature = "rayon"))]
            0 => 1,
            n => n,
        }
    }
}

/// The techniques before the dynamic forcing chains, by the names their steps take, in the order
/// they are tried (the table above).
const NAMES_BEFORE_DYNAMIC: [&str; 46] = [
    "Hidden Single",
    "Direct Pointing",
    "Direct Claiming",
    "Direct Hidden Pair",
    "Naked Single",
    "Direct Hidden Triplet",
    "Pointing",
    "Claiming",
    "Naked Pair",
    "X-Wing",
    "Hidden Pair",
    "Naked Triplet",
    "Swordfish",
    "Hidden Triplet",
    "XY-Wing",
    "XYZ-Wing",
    "Unique Rectangle type 1",
    "Unique Rectangle type 2",
    "Unique Rectangle type 3",
    "Unique Rectangle type 4",
    "Unique Loop type 1",
    "Unique Loop type 2",
    "Unique Loop type 3",
    "Unique Loop type 4",
    "Naked Quad",
    "Jellyfish",
    "Hidden Quad",
    "BUG type 1",
    "BUG type 2",
    "BUG type 3",
    "BUG type 4",
    "Aligned Pair Exclusion",
    "Bidirectional X-Cycle",
    "Generalized X-Wing",
    "Bidirectional Y-Cycle",
    "Turbot Fish",
    "Forcing X-Chain",
    "Forcing Y-Chain",
    "Bidirectional Cycle",
    "Forcing Chain",
    "Aligned Triplet Exclusion",
    "Nishio Forcing Chains",
    "Contradiction Forcing Chains",
    "Double Forcing Chains",
    "Cell Forcing Chains",
    "Region Forcing Chains",
];

/// Every name a step of the path can take ([`SeStep::name`]), once each, in the order the
/// techniques are tried, the dynamic forcing chains last, level by level: the columns of
/// [`se_technique_columns`](crate::rate::se_technique_columns) and of the batch counts.
///
/// ```
/// use sudokit::rate::se;
/// let names = se::technique_names();
/// assert_eq!(names[0], "Hidden Single");
/// assert!(names.contains(&"Turbot Fish"));
/// assert_eq!(names.last(), Some(&"Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"));
/// ```
pub fn technique_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let dynamic = chain::DYNAMIC_NAMES.iter().flatten().copied();
        NAMES_BEFORE_DYNAMIC.iter().copied().chain(dynamic).collect()
    })
}

/// Rates a classic 9×9 puzzle with the default options.
pub fn rate(grid: &Grid) -> Result<SeRating, RateError> {
    rate_with(grid, SeOptions::default())
}

/// Rates a classic 9×9 puzzle.
pub fn rate_with(grid: &Grid, options: SeOptions) -> Result<SeRating, RateError> {
    rate_board(classic_board(grid)?, options)
}

/// The rater's board for a classic puzzle with exactly one solution.
fn classic_board(grid: &Grid) -> Result<Board, RateError> {
    let shape = grid.shape();
    if shape != Shape::CLASSIC {
        return Err(RateError::NotClassic { side: shape.side() });
    }
    match Puzzle::classic(grid.clone()).check() {
        Verdict::Unique(_) => {}
        Verdict::Multiple { .. } => return Err(RateError::Multiple),
        Verdict::Invalid(_) => return Err(RateError::Invalid("givens break the rules")),
        Verdict::NoSolution => return Err(RateError::Invalid("no solution")),
        _ => return Err(RateError::Invalid("uniqueness could not be decided")),
    }
    let mut values = [0u8; 81];
    values.copy_from_slice(&grid.values()[..81]);
    Ok(Board::new(values))
}

/// Rounds as `serate` prints: `(int)((x + 0.05) * 10)`.
fn tenths(x: f64) -> u16 {
    ((x + 0.05) * 10.0) as u16
}

fn rate_board(board: Board, options: SeOptions) -> Result<SeRating, RateError> {
    let (path, stopped) = solve_path(board, options);
    match stopped {
        Some(e) => Err(e),
        None => Ok(rating_of(&path)),
    }
}

/// ER, EP and ED of a whole path, as Sudoku Explainer sums them.
fn rating_of(path: &[SeStep]) -> SeRating {
    let mut difficulty = f64::NEG_INFINITY;
    let mut pearl = 0.0;
    let mut diamond = 0.0;
    let mut hardest = String::new();
    for step in path {
        if step.difficulty > difficulty {
            difficulty = step.difficulty;
            hardest = step.name.to_string();
        }
        if pearl == 0.0 {
            if diamond == 0.0 {
                diamond = difficulty;
            }
            if step.placement.is_some() {
                pearl = difficulty;
            }
        }
    }
    SeRating {
        er_tenths: tenths(difficulty.max(0.0)),
        ep_tenths: tenths(pearl),
        ed_tenths: tenths(diamond),
        hardest,
        steps: path.len(),
    }
}

/// One step of the solution path Sudoku Explainer would take.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeStep {
    /// Sudoku Explainer's name of the technique.
    pub name: &'static str,
    /// Its difficulty, unrounded (as Sudoku Explainer sums it).
    pub difficulty: f64,
    /// The digit placed, as (cell index 0..81 in reading order, digit).
    pub placement: Option<(usize, u8)>,
    /// The candidates removed, as (cell index, digit).
    pub removals: Vec<(usize, u8)>,
    /// The digits of the pattern the step rests on (a pair's, a fish's, a wing's, a unique
    /// rectangle's, a cycle's or static chain's, or those of the assumptions a forcing chain
    /// starts from: each candidate of a cell, each place of a digit in a house, or one
    /// candidate), smallest first; empty for singles and aligned exclusions.
    pub pattern_digits: Vec<u8>,
    /// The pattern's cells, as indices in reading order; empty for singles.
    pub pattern_cells: Vec<usize>,
    /// The chains of a static chaining step, each its implications in order from its assumption
    /// to its end: each link from a candidate that is "on" is weak (the next candidate is off),
    /// each from one that is "off" strong (the next is on). A cycle or forcing chain (6.5 to 7.x)
    /// has one: a forcing chain ends on its assumption's candidate (with the opposite value), a
    /// cycle on its first candidate again. Cell and region forcing chains have one per
    /// assumption, a double forcing chain one from the candidate "on" and one from it "off", a
    /// contradiction forcing chain two from its one assumption to a candidate both "on" and
    /// "off"; these end on what the step concludes. Empty for dynamic chains (whose implications
    /// rest on several at once) and the other techniques.
    pub chains: Vec<Chain>,
}

impl SeStep {
    fn of(hint: &Hint) -> SeStep {
        SeStep {
            name: hint.name,
            difficulty: hint.difficulty,
            placement: hint.place.map(|(c, d)| (usize::from(c), d)),
            removals: hint
                .removals
                .iter()
                .flat_map(|&(c, m)| board::digits(m).map(move |d| (usize::from(c), d)))
                .collect(),
            pattern_digits: board::digits(hint.pattern.digits).collect(),
            pattern_cells: (0..81).filter(|&c| hint.pattern.cells & 1 << c != 0).collect(),
            chains: hint.chains.iter().map(Vec::as_slice).filter_map(chain_of).collect(),
        }
    }

    /// The difficulty in tenths, rounded as `serate` prints it (`36` = 3.6).
    pub fn difficulty_tenths(&self) -> u16 {
        tenths(self.difficulty)
    }

    /// The cells the step changes (its placement's and its removals'), in reading order, each
    /// once.
    ///
    /// ```
    /// use sudokit::rate::se::SeStep;
    /// let removals = vec![(13, 7), (4, 7), (13, 8)];
    /// let step = SeStep { name: "Pointing", difficulty: 2.6, removals, ..SeStep::default() };
    /// assert_eq!(step.cells(), [4, 13]);
    /// ```
    pub fn cells(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = self.placement.iter().chain(&self.removals).map(|&(c, _)| c).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// What the step does, in forum notation: `r2c9=6`, `r5c1<>7, r6c1<>7`.
    pub fn results_text(&self) -> String {
        self.results_text_in(Symbols::Standard)
    }

    /// [`SeStep::results_text`] with the digits written in `symbols`, as a puzzle given in
    /// letters (`A`–`I`) was: `r2c9=F`.
    pub fn results_text_in(&self, symbols: Symbols) -> String {
        let digit = |d: u8| symbols.digit_text(d);
        let placed = self.placement.iter().map(|&(c, d)| format!("{}={}", cell_name(c), digit(d)));
        let removed = self.removals.iter().map(|&(c, d)| format!("{}<>{}", cell_name(c), digit(d)));
        placed.chain(removed).collect::<Vec<_>>().join(", ")
    }

    /// The pattern the step rests on, in the notation HoDoKu writes it in: `3/5 in r5c5,r6c5` (its
    /// digits in `symbols`, then its cells; for a forcing chain, its assumptions: `2/7 in r4c5`
    /// for a cell's candidates, `4 in r4c1,r4c8` for a digit's places in a house; for a cycle or
    /// static forcing chain, its candidates, whose order [`SeStep::chains`] gives), the cells alone
    /// for an aligned exclusion, or nothing (singles).
    pub fn pattern_text_in(&self, symbols: Symbols) -> String {
        let cells: Vec<String> = self.pattern_cells.iter().map(|&c| cell_name(c)).collect();
        let digits: Vec<String> = self.pattern_digits.iter().map(|&d| symbols.digit_text(d)).collect();
        match (digits.is_empty(), cells.is_empty()) {
            (_, true) => String::new(),
            (true, false) => cells.join(","),
            (false, false) => format!("{} in {}", digits.join("/"), cells.join(",")),
        }
    }

    /// The chains in Eureka notation where the step has them (`(4)r3c8-(4)r3c2=(1)r3c2-…`, several
    /// joined by ` ; `), else [`SeStep::pattern_text_in`].
    fn premise_text_in(&self, symbols: Symbols) -> String {
        if self.chains.is_empty() {
            return self.pattern_text_in(symbols);
        }
        let texts: Vec<String> = self.chains.iter().map(|c| c.text_in(Shape::CLASSIC, symbols)).collect();
        texts.join(" ; ")
    }

    /// The step's text (as `Display` writes it) with the digits written in `symbols`: its chains
    /// where it has them, in Eureka notation (`(6)r1c2-(6)r2c3=(6)r6c3-(6)r6c5=(6)r1c5-(6)r1c2 =>
    /// r1c2<>6`), else its pattern.
    ///
    /// ```
    /// use sudokit::{rate::se::SeStep, Symbols};
    /// let single = Some((17, 6));
    /// let step = SeStep { name: "Hidden Single", difficulty: 1.2, placement: single, ..SeStep::default() };
    /// assert_eq!(step.text_in(Symbols::Letters), "Hidden Single (1.2): r2c9=F");
    /// assert_eq!(step.text_in(Symbols::Standard), step.to_string());
    /// ```
    pub fn text_in(&self, symbols: Symbols) -> String {
        let t = self.difficulty_tenths();
        let pattern = self.premise_text_in(symbols);
        let arrow = if pattern.is_empty() { "" } else { " => " };
        format!("{} ({}.{}): {pattern}{arrow}{}", self.name, t / 10, t % 10, self.results_text_in(symbols))
    }
}

impl fmt::Display for SeStep {
    /// The technique, its difficulty as `serate` rounds it, the chains or else the pattern it rests
    /// on if any, and what the step does, in forum notation: `Naked Pair (3.0): 3/7 in r5c4,r5c6
    /// => r5c1<>7`, `Hidden Single (1.2): r2c9=6`.
    ///
    /// ```
    /// use sudokit::rate::se::SeStep;
    /// let removals = vec![(36, 7), (45, 7)];
    /// let step = SeStep { name: "Pointing", difficulty: 2.6, removals, ..SeStep::default() };
    /// assert_eq!(step.to_string(), "Pointing (2.6): r5c1<>7, r6c1<>7");
    /// let pattern = SeStep { pattern_digits: vec![7], pattern_cells: vec![63, 72], ..step };
    /// assert_eq!(pattern.to_string(), "Pointing (2.6): 7 in r8c1,r9c1 => r5c1<>7, r6c1<>7");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Symbols::Standard))
    }
}

/// A cell of the 9×9 board in forum notation, `r1c1` to `r9c9`.
fn cell_name(cell: usize) -> String {
    Cell::from_index(cell).name(Shape::CLASSIC)
}

// The JSON form, with the field names of the human solver's steps.
#[derive(serde::Serialize)]
struct CandidateJson {
    cell: String,
    digit: u8,
}

#[derive(serde::Serialize)]
struct StepJson {
    technique: &'static str,
    difficulty: f64,
    text: String,
    digits: Vec<u8>,
    cells: Vec<String>,
    chains: Vec<ChainJson>,
    placements: Vec<CandidateJson>,
    eliminations: Vec<CandidateJson>,
}

/// A chain of potentials `(candidate, on)` as the human solver's steps give theirs.
fn chain_of(potentials: &[(u16, bool)]) -> Option<Chain> {
    if potentials.is_empty() {
        return None;
    }
    let nodes = potentials
        .iter()
        .map(|&(k, _)| Node::candidate(Cell::from_index(board::cell_of(k)), Digit::new(board::digit_of(k))))
        .collect();
    let links = potentials[..potentials.len() - 1]
        .iter()
        .map(|&(_, on)| if on { LinkKind::Weak } else { LinkKind::Strong })
        .collect();
    Some(Chain { nodes, links })
}

impl serde::Serialize for SeStep {
    /// `{"technique", "difficulty" (rounded as `serate` prints it), "text", "digits", "cells",
    /// "chains", "placements", "eliminations"}`: the pattern's digits and cells (`"r1c1"`; both
    /// empty where it has none) and the chains (`{"nodes": [{"cells", "digits"}], "links":
    /// ["weak", "strong", …]}`, see [`SeStep::chains`]), as the human solver's steps give theirs,
    /// then lists of `{"cell": "r1c1", "digit": 5}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cand = |&(c, d): &(usize, u8)| CandidateJson { cell: cell_name(c), digit: d };
        StepJson {
            technique: self.name,
            difficulty: f64::from(self.difficulty_tenths()) / 10.0,
            text: self.to_string(),
            digits: self.pattern_digits.clone(),
            cells: self.pattern_cells.iter().map(|&c| cell_name(c)).collect(),
            chains: self.chains.iter().map(|c| ChainJson::of(c, Shape::CLASSIC)).collect(),
            placements: self.placement.iter().map(cand).collect(),
            eliminations: self.removals.iter().map(cand).collect(),
        }
        .serialize(serializer)
    }
}

/// The whole solution path, step by step, that [`rate`] measures.
///
/// # Errors
/// As [`rate`]; a path cut short by the work budget or beyond the deepest chains is an error
/// here ([`explain`] keeps its steps).
pub fn path(grid: &Grid, options: SeOptions) -> Result<Vec<SeStep>, RateError> {
    let whole = explain(grid, options)?;
    match whole.stopped {
        Some(e) => Err(e),
        None => Ok(whole.steps),
    }
}

/// A solution path as far as the rater took it.
#[derive(Clone, Debug, PartialEq)]
pub struct SePath {
    /// The steps taken, in order.
    pub steps: Vec<SeStep>,
    /// Why the path stops before the grid is solved ([`RateError::BudgetExhausted`],
    /// [`RateError::BeyondReach`] or [`RateError::Interrupted`]); `None` when it solves it.
    pub stopped: Option<RateError>,
}

impl SePath {
    /// ER, EP and ED, when the path solves the grid.
    pub fn rating(&self) -> Option<SeRating> {
        self.stopped.is_none().then(|| rating_of(&self.steps))
    }

    /// How the path ended, the last line of its text: `solved in 65 steps: ER 4.2, EP 1.2, ED 1.2
    /// (hardest: XY-Wing)`, or `stopped after 12 steps: ` and [`RateError::report`]'s line. A
    /// grid solved already has no hardest step: `solved in 0 steps: ER 0.0, EP 0.0, ED 0.0`.
    pub fn ending(&self) -> String {
        match (&self.stopped, self.rating()) {
            (Some(why), _) => format!("stopped after {} steps: {}", self.steps.len(), why.report()),
            (_, Some(r)) if r.steps == 0 => "solved in 0 steps: ER 0.0, EP 0.0, ED 0.0".to_string(),
            (_, Some(r)) => format!(
                "solved in {} steps: ER {:.1}, EP {:.1}, ED {:.1} (hardest: {})",
                r.steps,
                r.er(),
                r.ep(),
                r.ed(),
                r.hardest
            ),
            (None, None) => String::new(),
        }
    }
}

impl fmt::Display for SePath {
    /// One numbered step per line, then how the path ended ([`SePath::ending`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Symbols::Standard))
    }
}

impl SePath {
    /// The path's text (as `Display` writes it) with the steps' digits written in `symbols`.
    pub fn text_in(&self, symbols: Symbols) -> String {
        let mut text = String::new();
        for (i, step) in self.steps.iter().enumerate() {
            text.push_str(&format!("{}. {}\n", i + 1, step.text_in(symbols)));
        }
        text.push_str(&self.ending());
        text
    }
}

impl serde::Serialize for SePath {
    /// `{"solved", "er", "ep", "ed", "hardest", "stopped", "steps"}`: the rating (`null`s where the
    /// path stops short, with [`RateError::report`]'s line in `stopped`) and the steps.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct PathJson<'a> {
            solved: bool,
            er: Option<f64>,
            ep: Option<f64>,
            ed: Option<f64>,
            hardest: Option<String>,
            stopped: Option<String>,
            steps: &'a [SeStep],
        }
        let rating = self.rating();
        let value = |t: fn(&SeRating) -> u16| rating.as_ref().map(|r| f64::from(t(r)) / 10.0);
        PathJson {
            solved: rating.is_some(),
            er: value(|r| r.er_tenths),
            ep: value(|r| r.ep_tenths),
            ed: value(|r| r.ed_tenths),
            hardest: rating.as_ref().map(|r| r.hardest.clone()),
            stopped: self.stopped.as_ref().map(RateError::report),
            steps: &self.steps,
        }
        .serialize(serializer)
    }
}

/// Sudoku Explainer's solution path of a classic 9×9 puzzle, step by step, as far as it goes:
/// what [`rate`] measures, and where a puzzle it cannot rate stops.
///
/// ```
/// use sudokit::rate::se::{self, SeOptions};
/// let grid: sudokit::Grid =
///     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// let path = se::explain(&grid, SeOptions::default())?;
/// assert_eq!(path.steps[0].to_string(), "Hidden Single (1.2): r2c7=2");
/// assert_eq!(path.rating().map(|r| r.er_tenths), Some(42));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Boards other than classic 9×9, and puzzles without exactly one solution, as for [`rate`].
pub fn explain(grid: &Grid, options: SeOptions) -> Result<SePath, RateError> {
    let (steps, stopped) = solve_path(classic_board(grid)?, options);
    Ok(SePath { steps, stopped })
}

/// The path and why it stopped short, if it did.
fn solve_path(board: Board, options: SeOptions) -> (Vec<SeStep>, Option<RateError>) {
    solve_path_within(board, options.parts(), &mut options.budget_of())
}

/// [`solve_path`] with the chains split in `parts`, counting its work in `budget`.
fn solve_path_within(
    mut board: Board,
    parts: usize,
    budget: &mut Budget,
) -> (Vec<SeStep>, Option<RateError>) {
    let mut path: Vec<SeStep> = Vec::new();
    let mut memo = chain::NestedCache::default();
    let mut barren = Barren::default();
    let mut max = f64::NEG_INFINITY;
    while !board.is_solved() {
        let so_far = if path.is_empty() { 0 } else { tenths(max) };
        let Some(hint) = next_step(&board, budget, &mut memo, &mut barren, parts) else {
            let stopped = why_stopped(budget, path.len(), so_far);
            return (path, Some(stopped));
        };
        max = max.max(hint.difficulty);
        hint.apply(&mut board);
        path.push(SeStep::of(&hint));
    }
    (path, None)
}

/// Why a search for the next step, after `steps` steps of ER `er_so_far_tenths`, found none: the
/// caller's cancel flag, the work budget, or no technique applies.
fn why_stopped(budget: &Budget, steps: usize, er_so_far_tenths: u16) -> RateError {
    if budget.cancelled() {
        RateError::Interrupted { steps }
    } else if budget.exhausted() {
        RateError::BudgetExhausted { steps, er_so_far_tenths }
    } else {
        RateError::BeyondReach { steps, er_so_far_tenths }
    }
}

/// Where the techniques before chains last found nothing along a path, so that they search again
/// only where the grid changed since (see [`basic::changed_houses`] and [`aligned::Barren`]).
struct Barren {
    /// Per technique of the list in [`next_step`] that can search only where the grid changed:
    /// the candidates of the last grid on which it found nothing.
    simple: [Option<[u16; 81]>; 19],
    pairs: aligned::Barren,
    triplets: aligned::Barren,
}

impl Default for Barren {
    fn default() -> Barren {
        Barren { simple: [None; 19], pairs: aligned::Barren::new(2), triplets: aligned::Barren::new(3) }
    }
}

/// The next step, trying the techniques in Sudoku Explainer's order.
/// `memo` keeps what nested chain searches found on the grids met, for the steps after, and
/// `barren` where the techniques before chains found nothing.
/// A technique tried before the chains: it offers its steps on a board, looking only at the
/// houses given (where it takes them, see `basic::houses_since`); and whether it does.
type Simple = (fn(&Board, u32, &mut dyn Steps) -> ControlFlow<()>, bool);

/// The techniques tried before the chains, in Sudoku Explainer's order.
const SIMPLE: [Simple; 19] = [
    (|b, _, s| basic::hidden_single(b, s), false),
    (|b, h, s| basic::locking(b, true, h, s), true),
    (|b, h, s| basic::hidden_set(b, 2, true, h, s), true),
    (|b, _, s| basic::naked_single(b, s), false),
    (|b, h, s| basic::hidden_set(b, 3, true, h, s), true),
    (|b, h, s| basic::locking(b, false, h, s), true),
    (|b, h, s| basic::naked_set(b, 2, h, s), true),
    (|b, _, s| basic::fish(b, 2, s), false),
    (|b, h, s| basic::hidden_set(b, 2, false, h, s), true),
    (|b, h, s| basic::naked_set(b, 3, h, s), true),
    (|b, _, s| basic::fish(b, 3, s), false),
    (|b, h, s| basic::hidden_set(b, 3, false, h, s), true),
    (|b, _, s| basic::xy_wing(b, false, s), false),
    (|b, _, s| basic::xy_wing(b, true, s), false),
    (|b, _, s| unique::unique_loops(b, s), false),
    (|b, h, s| basic::naked_set(b, 4, h, s), true),
    (|b, _, s| basic::fish(b, 4, s), false),
    (|b, h, s| basic::hidden_set(b, 4, false, h, s), true),
    (|b, _, s| unique::bug(b, s), false),
];

/// Every step Sudoku Explainer's "Get all hints" lists on `b`, in its order: every step of the
/// techniques before the chains (aligned pairs included); where they have none, every step of
/// "Forcing Chains & Cycles", aligned triplets, Nishio, multiple and dynamic forcing chains; where
/// those have none, of each level of nested forcing chains in turn, until one has some. Steps
/// of the same technique with the same effect are listed once, the first (easiest) kept.
fn every_step(b: &Board, budget: &mut Budget) -> Vec<Hint> {
    let mut all: Vec<Hint> = Vec::new();
    for (find, _) in &SIMPLE {
        let _ = find(b, basic::ALL_HOUSES, &mut all);
    }
    all.extend(aligned::Barren::every(b, 2));
    if all.is_empty() {
        all.extend(chain::cycles_and_chains_every(b, budget));
        // Nested rules know "Forcing Chains & Cycles" found nothing here: they spare searches.
        let barren = all.is_empty();
        all.extend(aligned::Barren::every(b, 3));
        let mut cache = chain::NestedCache::default();
        for mode in [Multi::Nishio, Multi::Multiple, Multi::Dynamic(0)] {
            all.extend(chain::multiple_chains_every(b, mode, budget, &mut cache, barren));
        }
        for level in 1..=chain::MAX_LEVEL {
            if !all.is_empty() || budget.exhausted() {
                break;
            }
            all.extend(chain::multiple_chains_every(b, Multi::Dynamic(level), budget, &mut cache, true));
        }
    }
    // Two finds of one technique with the same effect (a set seen from two of its houses, say):
    // listed once, the first kept.
    let mut seen = std::collections::HashSet::new();
    all.retain(|h| {
        let mut removals = h.removals.clone();
        removals.sort_unstable();
        seen.insert((h.name, h.place, removals))
    });
    all
}

fn next_step(
    b: &Board,
    budget: &mut Budget,
    memo: &mut chain::NestedCache,
    barren: &mut Barren,
    parts: usize,
) -> Option<Hint> {
    for ((find, since), last) in SIMPLE.iter().zip(&mut barren.simple) {
        // Only an earlier grid of this path: today's candidates among its.
        let then = last.as_ref().filter(|then| *since && b.within(then));
        if let Some(h) = first_step(|s| find(b, basic::houses_since(b, then), s)) {
            return Some(h);
        }
        if *since {
            *last = Some(b.cands);
        }
    }
    if let Some(h) = barren.pairs.search(b) {
        return Some(h);
    }
    // A step found as the budget ran out is not taken: which one it is depends on the order
    // the chains were built in.
    if let Some(h) = chain::cycles_and_chains(b, budget) {
        return (!budget.exhausted()).then_some(h);
    }
    if let Some(h) = barren.triplets.search(b) {
        return Some(h);
    }
    let dynamic = (0..=chain::MAX_LEVEL).map(Multi::Dynamic);
    let mut cache = std::mem::take(memo).for_next_board(parts > 1);
    let mut hint = None;
    for mode in [Multi::Nishio, Multi::Multiple].into_iter().chain(dynamic) {
        if budget.exhausted() {
            break;
        }
        // "Forcing Chains & Cycles" came before and found nothing on this board.
        hint = chain::multiple_chains_split(b, mode, budget, &mut cache, true, parts);
        if budget.exhausted() {
            hint = None;
        }
        if hint.is_some() {
            break;
        }
    }
    *memo = cache;
    hint
}
