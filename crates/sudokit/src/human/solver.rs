//! The step solver: applies the simplest available step, in HoDoKu's default order, until the grid
//! is solved or no allowed technique applies.
//!
//! Which of several steps comes first follows HoDoKu too: singles in the order of HoDoKu's singles
//! queues (see `queue.rs`), the techniques HoDoKu searches under one entry of its list (nice loops
//! and AICs, their grouped forms, forcing chains, forcing nets) compared together, and within a
//! technique the finder's order (most eliminations first, and so on). So the path, and the HoDoKu
//! score summed over it, are HoDoKu's wherever the finders find what HoDoKu's find.
//!
//! Before the first step the puzzle is checked: a grid with no solution or several solutions is
//! reported as such and never explained. Brute force (placing a cell's solution digit, labelled
//! "Brute Force") is the last entry of the order, so it is used only when nothing else applies;
//! leave it out of the allowed techniques to stop instead. In debug builds every step is checked
//! against the solution.
//!
//! ```
//! use sudokit::human::{Solver, SolverOptions, State};
//! use sudokit::Grid;
//! let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let mut solver = Solver::new(State::classic(&grid)?, SolverOptions::default())?;
//! let first = solver.next().expect("a step");
//! assert!(first.to_string().contains(" => ") || first.to_string().contains(": r"));
//! let path: Vec<_> = solver.collect();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::brute::{self, Solutions};
use super::error::HumanError;
use super::finder::{self, FindOptions};
use super::order;
use super::queue::SinglesQueue;
use super::state::State;
use super::step::{Candidate, Step};
use super::technique::Technique;
use crate::grid::Grid;

/// Which techniques the solver may use, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// The techniques to try, in this order (the default: HoDoKu's default order and switches,
    /// restricted to the implemented techniques, brute force last).
    pub order: Vec<Technique>,
    /// Apply every step the first applicable technique finds at once (as one step each, before any
    /// easier technique is tried again), rather than only the first.
    pub all_at_once: bool,
    /// Options of the finders. `unique` is set by the solver from its own check,
    /// `als_chains_forward_only` as HoDoKu's step solver has it, and `shortest_loops_only`.
    pub find: FindOptions,
}

impl Default for SolverOptions {
    fn default() -> SolverOptions {
        SolverOptions {
            order: Technique::default_order()
                .into_iter()
                .filter(|&t| t.enabled_by_default() && finder::is_implemented(t))
                .collect(),
            all_at_once: false,
            find: FindOptions::default(),
        }
    }
}

impl SolverOptions {
    /// Only these techniques (in the default order; techniques HoDoKu leaves off by default are
    /// allowed when named here).
    pub fn only(techniques: &[Technique]) -> SolverOptions {
        SolverOptions {
            order: Technique::default_order()
                .into_iter()
                .filter(|t| techniques.contains(t) && finder::is_implemented(*t))
                .collect(),
            ..SolverOptions::default()
        }
    }
    /// The techniques of HoDoKu's "All Steps" list by default, for [`Solver::all_steps`]: the
    /// default set with Death Blossom, without forcing chains and nets (from one cell they prove
    /// nearly every candidate true or false, so a list of them would bury the rest) and brute force.
    pub fn all_steps() -> SolverOptions {
        let left_out = [
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
            Technique::ForcingNetContradiction,
            Technique::ForcingNetVerity,
            Technique::BruteForce,
        ];
        SolverOptions::default().include(&[Technique::DeathBlossom]).exclude(&left_out)
    }
    /// Removes techniques from the order.
    pub fn exclude(mut self, techniques: &[Technique]) -> SolverOptions {
        self.order.retain(|t| !techniques.contains(t));
        self
    }
    /// Adds techniques (at their place in the default order).
    pub fn include(mut self, techniques: &[Technique]) -> SolverOptions {
        for &t in techniques {
            if !self.order.contains(&t) && finder::is_implemented(t) {
                self.order.push(t);
            }
        }
        self.order.sort_by_key(|t| t.order());
        self
    }
}

/// Solves step by step; an iterator over the steps it applies.
#[derive(Debug)]
pub struct Solver {
    state: State,
    solution: Grid,
    options: SolverOptions,
    /// Steps found by an all-at-once search, not yet applied.
    pending: std::collections::VecDeque<Step>,
    /// HoDoKu's singles queues, which decide which of several singles comes next.
    queue: SinglesQueue,
}

impl Solver {
    /// A solver for `state`, after checking that it has exactly one solution.
    ///
    /// # Errors
    /// [`HumanError::NoSolution`], [`HumanError::MultipleSolutions`], or [`HumanError::Undecided`]
    /// when the check was stopped by the engine's limits.
    pub fn new(state: State, mut options: SolverOptions) -> Result<Solver, HumanError> {
        let solution = match brute::solutions(&state)? {
            Solutions::None => return Err(HumanError::NoSolution),
            Solutions::Several => return Err(HumanError::MultipleSolutions),
            Solutions::One(s) => s,
        };
        options.find.unique = true;
        options.find.als_chains_forward_only = true;
        options.find.shortest_loops_only = true;
        let queue = SinglesQueue::new(&state);
        Ok(Solver { state, solution, options, pending: Default::default(), queue })
    }

    /// The current state (after the steps returned so far).
    pub fn state(&self) -> &State {
        &self.state
    }
    /// The puzzle's solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }
    /// Whether the grid is solved.
    pub fn is_solved(&self) -> bool {
        self.state.is_solved()
    }

    /// The next step, without applying it.
    pub fn peek(&self) -> Option<Step> {
        if let Some(step) = self.pending.iter().find(|s| self.still_productive(s)) {
            return Some(step.clone());
        }
        self.find_next().map(|mut steps| steps.swap_remove(0))
    }

    /// Every step the allowed techniques find in the current state, as HoDoKu's "All Steps" lists
    /// them for a player to choose from: technique by technique in the solver's order (brute force,
    /// which is no deduction, left out), each technique's steps in its finder's order, each
    /// deduction once per technique. A solver made with [`SolverOptions::all_steps`] lists what
    /// HoDoKu's list does by default. The step [`peek`](Solver::peek) gives, unless it is brute
    /// force, makes the same deduction as one of them; several techniques may make the same
    /// deduction.
    ///
    /// ```
    /// use sudokit::human::{Solver, SolverOptions, State};
    /// use sudokit::Grid;
    /// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
    /// let solver = Solver::new(State::classic(&grid)?, SolverOptions::all_steps())?;
    /// let all = solver.all_steps();
    /// let next = solver.peek().expect("a step");
    /// assert!(all.iter().any(|s| s.placements == next.placements && s.eliminations == next.eliminations));
    /// // Every one of them is right: a placement is the solution's digit.
    /// for step in &all {
    ///     assert!(step.placements.iter().all(|p| solver.solution().get(p.cell) == Some(p.digit)));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_steps(&self) -> Vec<Step> {
        if self.state.is_solved() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &t in self.options.order.iter().filter(|&&t| t != Technique::BruteForce) {
            out.extend(finder::find_all(&self.state, t, &self.options.find));
        }
        out
    }

    /// Finds the next step(s): the first allowed technique that applies, all its steps when
    /// `all_at_once` is set.
    fn find_next(&self) -> Option<Vec<Step>> {
        if self.state.is_solved() {
            return None;
        }
        let order = &self.options.order;
        for (i, &t) in order.iter().enumerate() {
            if t == Technique::BruteForce {
                return Some(vec![self.guess()]);
            }
            if let Some(step) = self.queued_single(t) {
                return Some(vec![step]);
            }
            let group = order::umbrella(t);
            if self.options.all_at_once {
                let steps = finder::find_all(&self.state, t, &self.options.find);
                if !steps.is_empty() {
                    return Some(steps);
                }
            } else if let Some(g) = group {
                // HoDoKu searches the whole group at its first member and takes the best step.
                if i > 0 && order::umbrella(order[i - 1]) == Some(g) {
                    continue;
                }
                let members = order[i..].iter().take_while(|&&u| order::umbrella(u) == Some(g));
                if order::takes_first_found(g) {
                    let members: Vec<Technique> = members.copied().collect();
                    if let Some(step) = super::coloring::first_in_search_order(&self.state, &members) {
                        return Some(vec![step]);
                    }
                    continue;
                }
                let found = members.filter_map(|&u| finder::find_first(&self.state, u, &self.options.find));
                if let Some(step) = order::best(found.collect()) {
                    return Some(vec![step]);
                }
            } else if let Some(step) = finder::find_first(&self.state, t, &self.options.find) {
                return Some(vec![step]);
            }
        }
        None
    }

    /// The single HoDoKu's queues offer for `t` (a single technique, one step at a time), as the
    /// finder reports it; `None` sends the solver to the finder.
    fn queued_single(&self, t: Technique) -> Option<Step> {
        if self.options.all_at_once
            || !matches!(t, Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle)
        {
            return None;
        }
        let (cell, digit) = self.queue.next(&self.state, t)?;
        let want = [Candidate::new(cell, digit)];
        let mut found = None;
        let _ = finder::search(&self.state, t, &self.options.find, &mut |step| {
            if step.placements == want {
                found = Some(step);
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        });
        found
    }

    /// The brute-force step: the middle one of the unsolved cells, in row-major order, gets its
    /// solution digit. That is HoDoKu's choice, so the steps after it (and the score, 10,000 for
    /// each brute-force step) follow HoDoKu's path. On boards larger than HoDoKu's, the cell with
    /// the fewest candidates, which leaves the steps after it the least to do (the middle cell made
    /// `explain` about 1.8 times slower on the 25×25 puzzles of the test data).
    fn guess(&self) -> Step {
        let cell = if self.state.hodoku_sized() {
            let middle = self.state.unsolved_cells().count() / 2;
            self.state.unsolved_cells().nth(middle)
        } else {
            self.state.unsolved_cells().min_by_key(|&c| self.state.candidates(c).len())
        };
        let cell = cell.expect("an unsolved cell, the grid is not solved");
        let digit = self.solution.get(cell).expect("the solution is full");
        let mut step = Step::new(Technique::BruteForce, self.state.shape());
        step.placements.push(Candidate::new(cell, digit));
        step
    }

    fn still_productive(&self, step: &Step) -> bool {
        step.placements.iter().any(|p| self.state.value(p.cell).is_none())
            || step.eliminations.iter().any(|e| self.state.has(e.cell, e.digit))
    }

    /// Applies a step to the state, after checking it against the solution in debug builds.
    fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            debug_assert_eq!(self.solution.get(p.cell), Some(p.digit), "wrong placement in {step}");
        }
        for e in &step.eliminations {
            debug_assert_ne!(self.solution.get(e.cell), Some(e.digit), "wrong elimination in {step}");
        }
        self.queue.apply(&self.state, step);
        apply(&mut self.state, step);
    }
}

/// Applies a step's placements and eliminations to a state (solved cells and missing candidates
/// are skipped).
pub fn apply(state: &mut State, step: &Step) {
    for p in &step.placements {
        if state.value(p.cell).is_none() {
            state.place(p.cell, p.digit);
        }
    }
    for e in &step.eliminations {
        state.eliminate(e.cell, e.digit);
    }
}

impl Iterator for Solver {
    type Item = Step;
    /// Finds the next step and applies it; `None` once solved or stuck (see [`Solver::is_solved`]).
    fn next(&mut self) -> Option<Step> {
        while let Some(step) = self.pending.pop_front() {
            if self.still_productive(&step) {
                self.apply(&step);
                return Some(step);
            }
        }
        let mut steps = self.find_next()?.into_iter();
        let first = steps.next()?;
        self.pending.extend(steps);
        self.apply(&first);
        Some(first)
    }
}

/// The whole path of a puzzle.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The state after the last step.
    pub end: State,
    /// The puzzle's solution.
    pub solution: Grid,
}

impl Path {
    /// Whether the steps solve the grid (otherwise the allowed techniques ran out).
    pub fn is_solved(&self) -> bool {
        self.end.is_solved()
    }
}

/// Solves `state` step by step with `options`.
///
/// # Errors
/// As [`Solver::new`].
pub fn solve(state: State, options: SolverOptions) -> Result<Path, HumanError> {
    let mut solver = Solver::new(state, options)?;
    let steps: Vec<Step> = solver.by_ref().collect();
    Ok(Path { steps, end: solver.state, solution: solver.solution })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_path(path: &Path) {
        for step in &path.steps {
            for p in &step.placements {
                assert_eq!(path.solution.get(p.cell), Some(p.digit), "{step}");
            }
            for e in &step.eliminations {
                assert_ne!(path.solution.get(e.cell), Some(e.digit), "{step}");
            }
        }
    }

    #[test]
    fn solves_an_easy_puzzle_with_singles_only() {
        let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .expect("grid");
        let options =
            SolverOptions::only(&[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle]);
        let path = solve(State::classic(&grid).expect("valid"), options).expect("unique");
        assert!(path.is_solved());
        check_path(&path);
        assert!(path.steps.iter().all(|s| s.placements.len() == 1));
    }

    #[test]
    fn brute_force_is_the_labelled_last_resort() {
        let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("grid");
        let path = solve(State::classic(&grid).expect("valid"), SolverOptions::default()).expect("unique");
        assert!(path.is_solved());
        check_path(&path);
        let stuck = solve(
            State::classic(&grid).expect("valid"),
            SolverOptions::default().exclude(&[Technique::BruteForce]),
        )
        .expect("unique");
        assert!(stuck.steps.iter().all(|s| s.technique != Technique::BruteForce));
        check_path(&stuck);
    }

    #[test]
    fn brute_force_takes_the_middle_unsolved_cell_as_hodoku_does() {
        let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("grid");
        let path =
            solve(State::classic(&grid).expect("valid"), SolverOptions::only(&[Technique::BruteForce]))
                .expect("unique");
        assert!(path.is_solved());
        check_path(&path);
        let mut unsolved: Vec<usize> = (0..81).filter(|&i| grid.values()[i] == 0).collect();
        assert_eq!(path.steps.len(), unsolved.len());
        for step in &path.steps {
            assert_eq!(step.technique, Technique::BruteForce);
            let at = unsolved.len() / 2;
            assert_eq!(step.placements.iter().map(|p| p.cell.index()).collect::<Vec<_>>(), [unsolved[at]]);
            unsolved.remove(at);
        }
    }

    #[test]
    fn brute_force_on_larger_boards_takes_a_cell_with_the_fewest_candidates() {
        let line = include_str!("../../../../tests/data/boards/16x16.txt")
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .expect("a 16x16 puzzle");
        let grid: Grid = line.parse().expect("grid");
        let state = State::classic(&grid).expect("valid");
        assert!(!state.hodoku_sized());
        let fewest = state.unsolved_cells().map(|c| state.candidates(c).len()).min();
        let path = solve(state.clone(), SolverOptions::only(&[Technique::BruteForce])).expect("unique");
        assert!(path.is_solved());
        let first = path.steps[0].placements[0].cell;
        assert_eq!(Some(state.candidates(first).len()), fewest);
    }

    #[test]
    fn no_and_several_solutions_are_reported_before_any_step() {
        let several: Grid = ".".repeat(81).parse().expect("grid");
        let err = Solver::new(State::classic(&several).expect("valid"), SolverOptions::default())
            .expect_err("multiple");
        assert_eq!(err, HumanError::MultipleSolutions);
        let none: Grid = "12.......34...............................................................5......"
            .parse()
            .expect("grid");
        let state = State::classic(&none);
        if let Ok(state) = state {
            assert!(Solver::new(state, SolverOptions::default()).is_err());
        }
    }

    #[test]
    fn all_steps_come_technique_by_technique_in_the_solvers_order() {
        let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .expect("grid");
        let options = SolverOptions::all_steps();
        assert!(options.order.contains(&Technique::DeathBlossom));
        assert!(!options.order.iter().any(|t| matches!(
            t,
            Technique::ForcingChainContradiction
                | Technique::ForcingChainVerity
                | Technique::ForcingNetContradiction
                | Technique::ForcingNetVerity
                | Technique::BruteForce
        )));
        let solver = Solver::new(State::classic(&grid).expect("valid"), options).expect("unique");
        let all = solver.all_steps();
        assert!(all.windows(2).all(|w| w[0].technique.order() <= w[1].technique.order()));
        let kinds: std::collections::HashSet<Technique> = all.iter().map(|s| s.technique).collect();
        assert!(kinds.len() > 10, "{kinds:?}");
        // Once per technique: no two steps of one technique make the same deduction.
        let mut seen = std::collections::HashSet::new();
        assert!(all.iter().all(|s| seen.insert((s.technique, s.placements.clone(), s.eliminations.clone()))));
    }

    #[test]
    fn a_solved_grid_has_no_steps_to_list() {
        let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .expect("grid");
        let mut solver =
            Solver::new(State::classic(&grid).expect("valid"), SolverOptions::default()).expect("unique");
        solver.by_ref().for_each(drop);
        assert!(solver.is_solved());
        assert!(solver.all_steps().is_empty());
    }
}
