//! One step of the path: its difficulty, Sudoku Explainer's name for it, the pattern it rests on
//! (where the technique has one), what it removes and the digit it places, if any.

use std::ops::ControlFlow;

use super::board::{cell_of, digit_of, Board};

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
    /// The pattern the step rests on; none for singles.
    pub pattern: Pattern,
    /// The potentials `(candidate, on)` of a static chain's branches (one for a cycle or a
    /// forcing chain, one per assumption for cell and region forcing chains), each from its
    /// assumption to its end; empty for dynamic chains and the other techniques.
    pub chains: Vec<Vec<(u16, bool)>>,
}

/// The digits and cells of the pattern a step rests on (a pair's digits and cells, a fish's digit
/// and cells, a wing's cells and digits, a chain's candidates, the assumptions of a forcing
/// chain), for the step's text: a player sees why it holds, or where to start. Empty where the
/// step has none, or where its text says enough (singles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// The digits, as a mask of bits 1 to 9.
    pub digits: u16,
    /// The cells, as a mask of bits 0 to 80.
    pub cells: u128,
}

impl Pattern {
    /// The pattern of `digits` in the cells `cells` lists.
    pub(crate) fn of(digits: u16, cells: impl IntoIterator<Item = u8>) -> Pattern {
        Pattern { digits, cells: cells.into_iter().fold(0, |m, c| m | 1 << c) }
    }

    /// This pattern with candidate `k` (an index as [`cand`](super::board::cand) makes it).
    pub(crate) fn with(self, k: u16) -> Pattern {
        Pattern { digits: self.digits | 1 << digit_of(k), cells: self.cells | 1 << cell_of(k) }
    }

    /// The pattern of the candidates `ks` lists: the assumptions a forcing chain starts from.
    pub(crate) fn of_candidates(ks: &[u16]) -> Pattern {
        ks.iter().fold(Pattern::default(), |p, &k| p.with(k))
    }
}

impl Hint {
    pub(crate) fn placement(difficulty: f64, name: &'static str, cell: usize, digit: u8) -> Hint {
        Hint {
            difficulty,
            name,
            removals: Vec::new(),
            place: Some((cell as u8, digit)),
            pattern: Pattern::default(),
            chains: Vec::new(),
        }
    }

    pub(crate) fn removal(difficulty: f64, name: &'static str, removals: Vec<(u8, u16)>) -> Hint {
        Hint { difficulty, name, removals, place: None, pattern: Pattern::default(), chains: Vec::new() }
    }

    /// This step, resting on `pattern`.
    pub(crate) fn on(self, pattern: Pattern) -> Hint {
        Hint { pattern, ..self }
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
