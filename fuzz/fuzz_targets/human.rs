//! Parse → explain → verify: a pencil-mark grid (line form or boxed grid) or a puzzle in any layout is
//! solved step by step by the human-style solver. Reading and solving must never panic; every
//! placement must be the solution's digit and no elimination may remove it, which is also what the
//! solver asserts in the debug builds that CI fuzzes with.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::human::{Solver, SolverOptions, State};
use sudokit::{Board, Candidates, ParseOptions};

/// Enough steps to cover a whole 9×9 path; a longer path on a bigger board is cut short, not wrong.
const MAX_STEPS: usize = 200;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let state = match text.parse::<Candidates>() {
        Ok(marks) if marks.shape().side() <= 9 => {
            State::from_candidates(Board::classic_shared(marks.shape()), &marks)
        }
        Ok(_) => return,
        Err(_) => {
            let grids = sudokit_fuzz::check_reader(data, ParseOptions::default());
            let Some(grid) = grids.first().filter(|g| g.shape().side() <= 9) else { return };
            State::classic(grid)
        }
    };
    // A contradictory pencil-mark grid or broken givens is an error, not a panic.
    let Ok(state) = state else { return };
    // No solution, several, or a budget spent: the solver says so before any step.
    let Ok(solver) = Solver::new(state, SolverOptions::default()) else { return };
    let solution = solver.solution().clone();
    for step in solver.take(MAX_STEPS) {
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "wrong placement in {step}");
        }
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "solution digit eliminated in {step}");
        }
    }
});
