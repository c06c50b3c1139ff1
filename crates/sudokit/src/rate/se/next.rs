//! The next step of Sudoku Explainer's path from any point of a solution: a player's grid, with
//! the digits and the pencil marks they have so far, asks for the step Sudoku Explainer would take
//! there, as its "hint" button does.

use std::fmt;

use super::basic::BLOCK_COL_ROW;
use super::board::{Board, CELL_HOUSES};
use super::chain::NestedCache;
use super::{
    every_step, next_step, rate_board, solve_path, why_stopped, Barren, RateError, SeOptions, SePath,
    SeRating, SeStep,
};
use crate::grid::{Cell, Shape};
use crate::human::{house_name, HumanError, Solutions, State};
use crate::rules::HouseKind;

/// The step Sudoku Explainer takes next, with where a player should look to find it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeHint {
    /// The whole step.
    pub step: SeStep,
    /// For a hidden single, the house where it is the digit's only place (or the last empty
    /// cell).
    pub house: Option<HouseKind>,
    /// Otherwise, the cells of the pattern the step rests on (for a forcing chain, those of its
    /// assumptions), or where it has none (a naked single), the cells it changes; in reading order
    /// (empty with a house).
    pub cells: Vec<Cell>,
}

impl SeHint {
    /// Where to look, without giving the step away: `Look at b3`, `Look at r2c9, r3c9` (a
    /// pattern's cells).
    pub fn nudge(&self) -> String {
        let places: Vec<String> = match self.house {
            Some(h) => vec![house_name(h)],
            None => self.cells.iter().map(|c| c.name(Shape::CLASSIC)).collect(),
        };
        format!("Look at {}", places.join(", "))
    }

    /// Which technique applies, with its difficulty: `Try Pointing (2.6)`.
    pub fn technique(&self) -> String {
        let t = self.step.difficulty_tenths();
        format!("Try {} ({}.{})", self.step.name, t / 10, t % 10)
    }
}

impl fmt::Display for SeHint {
    /// The whole step, as [`SeStep`] prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.step.fmt(f)
    }
}

/// The next step of Sudoku Explainer's path from `state`, a classic 9×9 grid part way through its
/// solution (its digits and its candidates, pencil marks a player removed included), or `None`
/// when the grid is solved. From the state after some steps of [`explain`](super::explain)'s
/// path, it is the path's next step.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::human::State;
/// use sudokit::rate::se::{self, SeOptions};
/// use sudokit::{Board, Shape};
///
/// let grid: sudokit::Grid =
///     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// let state = State::new(Arc::new(Board::classic(Shape::CLASSIC)), &grid)?;
/// let hint = se::hint(&state, SeOptions::default())?.expect("not solved yet");
/// assert_eq!(hint.to_string(), "Hidden Single (1.2): r2c7=2");
/// assert_eq!(hint.technique(), "Try Hidden Single (1.2)");
/// assert_eq!(hint.nudge(), "Look at b3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`rate`](super::rate): boards other than classic 9×9 ([`RateError::NotClassic`],
/// [`RateError::VariantRules`]), and states without exactly one solution; where no technique
/// applies or the work budget runs out first, [`RateError::BeyondReach`] or
/// [`RateError::BudgetExhausted`] with no steps taken; [`RateError::Interrupted`] once the
/// options' cancel flag is set.
pub fn hint(state: &State, options: SeOptions) -> Result<Option<SeHint>, RateError> {
    let board = board_of(state)?;
    if board.is_solved() {
        return Ok(None);
    }
    let mut budget = options.budget_of();
    let mut memo = NestedCache::default();
    let found = next_step(&board, &mut budget, &mut memo, &mut Barren::default(), options.parts());
    match found {
        Some(h) => {
            let step = SeStep::of(&h);
            let house = single_house(&board, &step);
            let cells = if house.is_some() {
                Vec::new()
            } else if !step.pattern_cells.is_empty() {
                step.pattern_cells.iter().map(|&c| Cell::from_index(c)).collect()
            } else {
                step.cells().into_iter().map(Cell::from_index).collect()
            };
            Ok(Some(SeHint { step, house, cells }))
        }
        None => Err(why_stopped(&budget, 0, 0)),
    }
}

/// Every step Sudoku Explainer's "Get all hints" lists on `state` (a classic 9×9 grid part way
/// through its solution, as for [`hint`]), in its order: every step of the techniques before the
/// chains, technique by technique in Sudoku Explainer's order; where they have none, every step of
/// the chains of its next group ("Forcing Chains & Cycles", aligned triplets, Nishio, multiple and
/// dynamic forcing chains, each group by difficulty, then chain length), or of the first level of
/// nested forcing chains that has any. Steps of one technique with the same effect are listed once.
/// Empty when the grid is solved. Its first step is [`hint`]'s: the step the path takes.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::human::State;
/// use sudokit::rate::se::{self, SeOptions};
/// use sudokit::{Board, Shape};
///
/// let grid: sudokit::Grid =
///     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// let state = State::new(Arc::new(Board::classic(Shape::CLASSIC)), &grid)?;
/// let all = se::all_hints(&state, SeOptions::default())?;
/// let next = se::hint(&state, SeOptions::default())?.expect("not solved yet");
/// assert_eq!(all[0], next.step);
/// assert!(all.len() >= 10 && all.iter().all(|s| s.difficulty < 3.0), "no chains: {all:?}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`hint`].
pub fn all_hints(state: &State, options: SeOptions) -> Result<Vec<SeStep>, RateError> {
    let board = board_of(state)?;
    if board.is_solved() {
        return Ok(Vec::new());
    }
    let mut budget = options.budget_of();
    let all = every_step(&board, &mut budget);
    // Which steps a search cut short had found depends on the order it ran in: none are given.
    if budget.exhausted() || all.is_empty() {
        return Err(why_stopped(&budget, 0, 0));
    }
    Ok(all.iter().map(SeStep::of).collect())
}

/// Sudoku Explainer's path from `state` to the solution, as [`explain`](super::explain) gives it
/// from a puzzle: the rest of the path for a player part way through, their pencil marks kept.
/// Its [`rating`](super::SePath::rating) is that of the steps from there.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::human::State;
/// use sudokit::rate::se::{self, SeOptions};
/// use sudokit::{Board, Shape};
///
/// let grid: sudokit::Grid =
///     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// let state = State::new(Arc::new(Board::classic(Shape::CLASSIC)), &grid)?;
/// let rest = se::explain_state(&state, SeOptions::default())?;
/// assert_eq!(rest, se::explain(&grid, SeOptions::default())?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`hint`].
pub fn explain_state(state: &State, options: SeOptions) -> Result<SePath, RateError> {
    let (steps, stopped) = solve_path(board_of(state)?, options);
    Ok(SePath { steps, stopped })
}

/// ER, EP and ED of Sudoku Explainer's path from `state` (see [`explain_state`]): the rating of a
/// pencil-mark grid (a Sukaku) from its candidates as they are, where a cell of one candidate whose
/// digit a peer still has is a naked single to place.
///
/// ```
/// use sudokit::human::State;
/// use sudokit::rate::se::{self, SeOptions};
///
/// let grid: sudokit::Grid =
///     ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// let state = State::classic(&grid)?;
/// assert_eq!(se::rate_state(&state, SeOptions::default())?, se::rate(&grid)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`hint`], and where the path stops short of the solution ([`RateError::BudgetExhausted`],
/// [`RateError::BeyondReach`] with the steps taken), as [`rate`](super::rate).
pub fn rate_state(state: &State, options: SeOptions) -> Result<SeRating, RateError> {
    rate_board(board_of(state)?, options)
}

impl RateError {
    /// Why [`hint`] found no step, as a sentence: the budget and the deepest chains said as of a
    /// search for one step (the steps taken and the ER reached, which [`RateError::report`] gives
    /// for a path, are none here); other reasons as they display.
    ///
    /// ```
    /// use sudokit::rate::se::RateError;
    /// let out = RateError::BudgetExhausted { steps: 0, er_so_far_tenths: 0 };
    /// assert_eq!(out.hint_report(), "the work budget ran out before the next step was found");
    /// ```
    pub fn hint_report(&self) -> String {
        match self {
            RateError::BudgetExhausted { .. } => {
                "the work budget ran out before the next step was found".into()
            }
            RateError::BeyondReach { .. } => {
                "no technique applies, not even nested forcing chains of level 5".into()
            }
            other => other.to_string(),
        }
    }
}

/// The rater's board for a state with exactly one solution.
fn board_of(state: &State) -> Result<Board, RateError> {
    let shape = state.shape();
    if shape != Shape::CLASSIC {
        return Err(RateError::NotClassic { side: shape.side() });
    }
    if !state.board().is_classic() {
        return Err(RateError::VariantRules);
    }
    match crate::human::solutions(state) {
        Ok(Solutions::One(_)) => {}
        Ok(Solutions::Several) => return Err(RateError::Multiple),
        Ok(Solutions::None) | Err(HumanError::NoSolution) => return Err(RateError::Invalid("no solution")),
        Err(HumanError::Undecided) => return Err(RateError::Invalid("uniqueness could not be decided")),
        Err(_) => return Err(RateError::Invalid("givens break the rules")),
    }
    let mut values = [0u8; 81];
    for (cell, value) in values.iter_mut().enumerate() {
        *value = state.value(Cell::from_index(cell)).map_or(0, |d| d.get());
    }
    // The player's candidates, within what the digits placed allow.
    let mut board = Board::new(values);
    for (cell, cands) in board.cands.iter_mut().enumerate() {
        let marks = state.candidates(Cell::from_index(cell)).bits() << 1;
        *cands &= u16::try_from(marks).unwrap_or(u16::MAX);
    }
    Ok(board)
}

/// The house in which the hidden single `step` was found on `board`, the grid before it.
fn single_house(board: &Board, step: &SeStep) -> Option<HouseKind> {
    let (Some((cell, digit)), "Hidden Single") = (step.placement, step.name) else { return None };
    // The rater's own tests, in its order.
    let alone = step.difficulty_tenths() == 10;
    let in_block = step.difficulty_tenths() == 12;
    let h = BLOCK_COL_ROW.iter().copied().find(|&h| {
        CELL_HOUSES[cell].contains(&(h as u8))
            && board.positions(h, digit).count_ones() == 1
            && (board.empty_count(h) == 1) == alone
            && (alone || (h < 9) == in_block)
    })?;
    // The rater numbers blocks 0..9, rows 9..18, columns 18..27.
    let i = (h % 9) as u8;
    Some(match h / 9 {
        0 => HouseKind::Box(i),
        1 => HouseKind::Row(i),
        _ => HouseKind::Col(i),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::grid::{Digit, Grid};
    use crate::rate::se::explain;
    use crate::rules::Board as Rules;

    fn state(line: &str) -> State {
        let grid: Grid = line.parse().expect("a puzzle");
        State::new(Arc::new(Rules::classic(Shape::CLASSIC)), &grid).expect("a state")
    }

    /// The state after `steps`, as a player who took them would have it: digits placed and
    /// candidates removed.
    fn after(mut state: State, steps: &[SeStep]) -> State {
        for step in steps {
            for &(cell, digit) in &step.removals {
                state.eliminate(Cell::from_index(cell), Digit::from_value(digit).expect("a digit"));
            }
            if let Some((cell, digit)) = step.placement {
                state.place(Cell::from_index(cell), Digit::from_value(digit).expect("a digit"));
            }
        }
        state
    }

    const XY_WING: &str = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..";

    #[test]
    fn every_hint_is_the_next_step_of_the_path() {
        let path = explain(&XY_WING.parse().expect("a puzzle"), SeOptions::default()).expect("a path");
        assert!(path.stopped.is_none());
        for k in 0..path.steps.len() {
            let s = after(state(XY_WING), &path.steps[..k]);
            let h = hint(&s, SeOptions::default()).expect("a hint").expect("not solved");
            assert_eq!(h.step, path.steps[k], "step {}", k + 1);
        }
        let solved = after(state(XY_WING), &path.steps);
        assert_eq!(hint(&solved, SeOptions::default()), Ok(None));
    }

    /// Two of the generated puzzles the rater's tests check against serate: their paths place
    /// digits by a naked single and by a direct hidden pair.
    const NAKED_SINGLE: &str =
        "..126...99..4....26.4..5..14.....8.5..............7.3..5...6....8.15......7..8...";
    const DIRECT_PAIR: &str =
        ".61..8.9484.2....1.......2.6...29..8.1........7..5...3....7.......68.25.......1..";
    /// A generated puzzle of ER 7.1, whose path removes candidates by forcing chains.
    const CHAIN: &str = "2......593..2.1...7......4.....4...3.....6...4..8....7.6...57....31...8...4782..6";

    #[test]
    fn nudges_name_the_house_of_a_hidden_single_and_else_the_cells() {
        let mut seen = [false; 4];
        for puzzle in [XY_WING, NAKED_SINGLE, DIRECT_PAIR, CHAIN] {
            nudges_on(puzzle, &mut seen);
        }
        assert_eq!(seen, [true; 4], "the paths have hidden singles, other placements, patterns and chains");
    }

    fn nudges_on(puzzle: &str, seen: &mut [bool; 4]) {
        let path = explain(&puzzle.parse().expect("a puzzle"), SeOptions::default()).expect("a path");
        for k in 0..path.steps.len() {
            let s = after(state(puzzle), &path.steps[..k]);
            let h = hint(&s, SeOptions::default()).expect("a hint").expect("not solved");
            let look = h.nudge();
            let step = &h.step;
            match (step.name, step.placement) {
                ("Hidden Single", Some((cell, _))) => {
                    // One house, and it holds the cell.
                    assert!(h.cells.is_empty(), "{look}");
                    let house = &house_name(h.house.expect("a house"));
                    let (r, c) = (cell / 9 + 1, cell % 9 + 1);
                    let b = (cell / 27) * 3 + (cell % 9) / 3 + 1;
                    let holds = [format!("r{r}"), format!("c{c}"), format!("b{b}")].contains(house);
                    assert!(holds, "step {}: {look} for {step}", k + 1);
                    let kind = if step.difficulty_tenths() == 12 { "b" } else { "rcb" };
                    assert!(kind.contains(&house[..1]), "step {}: {look} for {step}", k + 1);
                    seen[0] = true;
                }
                // The pattern's cells where the step has one (pointing at where to look, not at
                // what it finds; a forcing chain's at its assumptions), else the cell it fills.
                _ if !step.pattern_cells.is_empty() => {
                    let cells: Vec<Cell> = step.pattern_cells.iter().map(|&c| Cell::from_index(c)).collect();
                    assert_eq!((h.house, &h.cells), (None, &cells), "{look} for {step}");
                    let chain = step.name.contains("Chain") || step.name.contains("Cycle");
                    seen[if chain { 3 } else { 2 }] = true;
                }
                (_, Some((cell, _))) => {
                    assert_eq!((h.house, h.cells.clone()), (None, vec![Cell::from_index(cell)]), "{step}");
                    seen[1] = true;
                }
                _ => panic!("step {}: a removal resting on no pattern: {step}", k + 1),
            }
            assert!(!look.contains('='), "a nudge gives no result: {look}");
        }
    }

    #[test]
    fn pencil_marks_a_player_removed_are_kept() {
        // The path's first eliminations, made by hand before the hint is asked: the hint goes on
        // from there instead of finding them again.
        let path = explain(&XY_WING.parse().expect("a puzzle"), SeOptions::default()).expect("a path");
        let first_removal = path.steps.iter().position(|s| s.placement.is_none()).expect("a removal");
        let mut s = after(state(XY_WING), &path.steps[..first_removal]);
        let by_hand = &path.steps[first_removal];
        let before = hint(&s, SeOptions::default()).expect("a hint").expect("not solved");
        assert_eq!(&before.step, by_hand);
        for &(cell, digit) in &by_hand.removals {
            s.eliminate(Cell::from_index(cell), Digit::from_value(digit).expect("a digit"));
        }
        let then = hint(&s, SeOptions::default()).expect("a hint").expect("not solved");
        assert_eq!(then.step, path.steps[first_removal + 1]);
    }

    #[test]
    fn the_path_from_a_state_is_the_rest_of_the_path() {
        let path = explain(&XY_WING.parse().expect("a puzzle"), SeOptions::default()).expect("a path");
        for k in [0, 8, 30, path.steps.len()] {
            let rest = explain_state(&after(state(XY_WING), &path.steps[..k]), SeOptions::default());
            assert_eq!(rest.map(|p| p.steps), Ok(path.steps[k..].to_vec()), "from step {}", k + 1);
        }
    }

    #[test]
    fn refuses_what_has_no_rating() {
        let mini: Grid = "1.3.4.2.3.1.2.4.".parse().expect("a 4x4 puzzle");
        let small = State::new(Arc::new(Rules::classic(mini.shape())), &mini).expect("a state");
        assert_eq!(hint(&small, SeOptions::default()), Err(RateError::NotClassic { side: 4 }));
        assert_eq!(explain_state(&small, SeOptions::default()), Err(RateError::NotClassic { side: 4 }));
        let x_rules = Arc::new(Rules::classic(Shape::CLASSIC).with_diagonals());
        let x = State::new(x_rules, &Grid::empty(Shape::CLASSIC)).expect("a state");
        assert_eq!(hint(&x, SeOptions::default()), Err(RateError::VariantRules));
        let open = state(&".".repeat(81));
        assert_eq!(hint(&open, SeOptions::default()), Err(RateError::Multiple));
        // A candidate of the solution removed by mistake: no solution left.
        let mut wrong = state(XY_WING);
        wrong.eliminate(Cell::from_index(15), Digit::from_value(2).expect("a digit"));
        assert_eq!(hint(&wrong, SeOptions::default()), Err(RateError::Invalid("no solution")));
    }

    #[test]
    fn a_budget_too_small_gives_no_hint() {
        // Where the path first needs chains, a budget that cannot build them (a generated puzzle
        // of ER 8.8, dynamic cell forcing chains).
        let hardest = "7..1.....56...3.81....6..7..3.2.14...........8.1.5.....8...6....5..1...34..9..2..";
        let tiny = SeOptions { budget: 1, threads: 1, ..SeOptions::default() };
        let short = explain(&hardest.parse().expect("a puzzle"), tiny.clone()).expect("a path");
        assert!(matches!(short.stopped, Some(RateError::BudgetExhausted { .. })));
        let s = after(state(hardest), &short.steps);
        let r = hint(&s, tiny);
        assert!(matches!(r, Err(RateError::BudgetExhausted { steps: 0, .. })), "{r:?}");
        let whole = hint(&s, SeOptions::default()).expect("a hint").expect("not solved");
        assert!(whole.step.difficulty >= 6.5, "a chain: {}", whole.step);
    }

    #[test]
    fn a_cancel_flag_stops_the_chains() {
        // As a budget that ran out, but told apart: the path stops where it first needs chains,
        // and the hint and "all hints" there are interrupted, while the steps before are taken.
        let hardest = "7..1.....56...3.81....6..7..3.2.14...........8.1.5.....8...6....5..1...34..9..2..";
        let flag = crate::solve::CancelFlag::new();
        flag.cancel();
        let stopped = SeOptions::default().with_cancel(flag);
        let short = explain(&hardest.parse().expect("a puzzle"), stopped.clone()).expect("a path");
        let whole = explain(&hardest.parse().expect("a puzzle"), SeOptions::default()).expect("a path");
        let first_chain = whole.steps.iter().position(|s| s.difficulty >= 6.5).expect("a chain");
        assert_eq!(short.stopped, Some(RateError::Interrupted { steps: first_chain }));
        assert_eq!(short.steps, whole.steps[..first_chain]);
        assert_eq!(short.rating(), None);
        let s = after(state(hardest), &short.steps);
        assert_eq!(hint(&s, stopped.clone()).map(|h| h.is_some()), Err(RateError::Interrupted { steps: 0 }));
        assert_eq!(all_hints(&s, stopped.clone()), Err(RateError::Interrupted { steps: 0 }));
        assert_eq!(rate_state(&s, stopped), Err(RateError::Interrupted { steps: 0 }));
        // A flag that is never set changes nothing.
        let idle = SeOptions::default().with_cancel(crate::solve::CancelFlag::new());
        assert_eq!(explain(&hardest.parse().expect("a puzzle"), idle), Ok(whole));
    }
}
