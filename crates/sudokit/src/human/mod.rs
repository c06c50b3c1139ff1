//! Human-style solving: the techniques players use, one step at a time, each step explained and
//! checked.
//!
//! - [`State`]: the candidate state (values, candidates, per-house positions) built from a grid or a
//!   pencil-mark grid, on every board the rules describe.
//! - [`Technique`]: HoDoKu's solution types with names and library codes; [`Step`]: what a technique
//!   found (pattern, placements, eliminations), printed in the forums' notation and as JSON.
//! - [`find_first`]/[`find_all`]: the steps of one technique; each family lives in its own module.
//! - [`Solver`]/[`solve`]: the simplest step first, in HoDoKu's default order, until solved.
//!
//! Killer cages bring techniques of their own, which use the cages' sums (Cage Combination,
//! Innies, Outies, Cage Interaction; see the [`technique`] module). Under cages the uniqueness techniques do not
//! run: their deadly patterns assume that swapping two digits keeps every rule, and a cage holding
//! one corner of the rectangle would change its total.
//!
//! The [`step`] module documents the text and the JSON fields of a step; the [`technique`] module
//! the table of techniques, codes and order.
//!
//! ```
//! use sudokit::human::{solve, SolverOptions, State};
//! use sudokit::Grid;
//! let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let path = solve(State::classic(&grid)?, SolverOptions::default())?;
//! assert!(path.is_solved());
//! for (i, step) in path.steps.iter().enumerate().take(2) {
//!     println!("{}. {step}", i + 1);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod als;
mod bits;
mod brute;
mod chains;
mod coloring;
mod error;
mod finder;
mod fish;
mod forcing;
mod intersections;
mod killer;
mod library;
mod marks;
mod memo;
mod order;
mod queue;
mod single_digit;
mod singles;
mod solver;
mod state;
pub mod step;
mod subsets;
mod sue_de_coq;
pub mod technique;
mod templates;
mod uniqueness;
mod wings;

pub(crate) use brute::{solutions, Solutions};
pub use error::HumanError;
pub use finder::{find_all, find_first, is_implemented, search, FindOptions, Sink};
pub use library::{LibraryCase, LibraryError};
pub use marks::{read_marks, read_marks_under, read_marks_with, read_pencil, MarksError, PencilMarks};
pub use solver::{apply, solve, Path, Solver, SolverOptions};
pub use state::{HouseInfo, State};
pub use step::{house_name, Candidate, CellGroup, Chain, LinkKind, Node, Pattern, Step};
pub use technique::{Family, Technique, Techniques, UnknownTechnique};

/// Test support: HoDoKu's published examples, given as the library line its example pages print.
#[cfg(test)]
pub(crate) mod examples {
    use super::{find_all, FindOptions, LibraryCase, Technique};

    /// Asserts that `technique`, run on the state of the library line `line`, finds a step whose
    /// results read `results` (the text after ` => `).
    pub(crate) fn assert_finds(line: &str, technique: Technique, results: &str) {
        let case: LibraryCase = line.parse().expect("a valid library line");
        let options = FindOptions { unique: true, ..FindOptions::default() };
        let steps = find_all(&case.state, technique, &options);
        let texts: Vec<String> = steps.iter().map(|s| s.results_text()).collect();
        assert!(texts.iter().any(|t| t == results), "{technique}: expected {results}, found {steps:#?}");
        for step in &steps {
            let text = step.to_string();
            assert!(text.starts_with(technique.name()), "{text}");
            let results =
                text.rsplit_once(" => ").map_or_else(|| text.split_once(": ").map(|p| p.1), |p| Some(p.1));
            assert_eq!(results, Some(step.results_text().as_str()), "{text}");
        }
    }
}
