//! One step of the path: its difficulty, Sudoku Explainer's name for it, what it removes and the
//! digit it places, if any.

use std::ops::ControlFlow;

use super::board::Board;

/// A deduction found by one of the techniques.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Hint {
    /// Sudoku Explainer's difficulty, as the same double it computes (sums of tenths included).
    pub difficulty: f64,
    /// Sudoku Explainer's name of the rule.
    pub name: &'static str,
    /// Candidates removed: `(cell, mask)`.
    pub removals: Vec<(u8, u16)>,
    /// A digit placed: `(cell, digit)`. Sudoku Explainer counts such a step as a placement for EP.
    pub place: Option<(u8, u8)>,
}

impl Hint {
    pub(crate) fn placement(difficulty: f64, name: &'static str, cell: usize, digit: u8) -> Hint {
        Hint { difficulty, name, removals: Vec::new(), place: Some((cell as u8, digit)) }
    }

    pub(crate) fn removal(difficulty: f64, name: &'static str, removals: Vec<(u8, u16)>) -> Hint {
        Hint { difficulty, name, removals, place: None }
    }

    pub(crate) fn apply(&self, board: &mut Board) {
        for &(cell, mask) in &self.removals {
            board.cands[cell as usize] &= !mask;
        }
        if let Some((cell, digit)) = self.place {
            board.place(cell as usize, digit);
        }
    }
}

/// Where a technique puts the steps it finds, in the order it finds them: the first alone (the
/// path takes it, and the search stops there), or every one ("Get all hints").
pub(crate) trait Steps {
    /// Takes a step; `Break` stops the search.
    fn offer(&mut self, hint: Hint) -> ControlFlow<()>;
}

impl Steps for Option<Hint> {
    fn offer(&mut self, hint: Hint) -> ControlFlow<()> {
        *self = Some(hint);
        ControlFlow::Break(())
    }
}

impl Steps for Vec<Hint> {
    fn offer(&mut self, hint: Hint) -> ControlFlow<()> {
        self.push(hint);
        ControlFlow::Continue(())
    }
}

/// The first step `search` offers, if any.
pub(crate) fn first_step(search: impl FnOnce(&mut Option<Hint>) -> ControlFlow<()>) -> Option<Hint> {
    let mut found = None;
    let _ = search(&mut found);
    found
}
