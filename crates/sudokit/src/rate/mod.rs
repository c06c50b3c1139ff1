//! Difficulty ratings: how hard a puzzle is for a human solver.
//!
//! [`se`] is the Sudoku Explainer scale (ER/EP/ED), the forum standard: every step is taken with
//! Sudoku Explainer 1.2.1's own techniques, in its own order and with its own difficulty values,
//! so that the numbers can be compared with `serate`'s.
//!
//! [`hodoku`] is HoDoKu's score and level (easy, medium, hard, unfair, extreme): the sum of the
//! per-step base scores along the human solver's default path, and the hardest step's level.
//!
//! [`rate_puzzle`] gives both for one puzzle, as `sudokit rate` does, or one alone ([`Scales`]): only
//! a classic 9×9 puzzle with exactly one solution is rated, and [`Unrated`] says why another was not. [`rate_state`] and
//! [`rate_pencil`] rate a grid part way through, or a pencil-mark grid (a Sukaku), from its
//! candidates as they are. [`se_path`] gives, after the same checks, Sudoku Explainer's path step by
//! step (as `sudokit explain --scale se`), and [`outline`] the step count and hardest technique of
//! the human solver's path on any board.
//! [`technique_counts`] and [`se_counts`] list how often a path uses each technique.
//!
//! [`backdoor`] gives the backdoor size, the forum's other measure of the hardest puzzles: the fewest
//! cells to give before singles solve the rest, on any board.

pub mod backdoor;
pub mod hodoku;
mod puzzle;
pub mod se;
mod summary;

pub use puzzle::{
    outline, outline_state, rate_or_outline, rate_or_outline_with, rate_pencil, rate_pencil_on,
    rate_pencil_on_with, rate_puzzle, rate_puzzle_with, rate_state, rate_state_with, rating_line, se_path,
    se_path_with, Outline, Ratings, Scales, Unrated,
};
pub use summary::{
    se_counts, se_technique_columns, technique_columns, technique_counts, SeCount, TechniqueCount,
};
