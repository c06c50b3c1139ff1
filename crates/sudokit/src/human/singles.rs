//! Singles: Full House (the last empty cell of a house), Naked Single (a cell with one candidate)
//! and Hidden Single (a digit with one place in a house).
//!
//! Definitions as in HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_singles.php) and
//! SudokuWiki's "Getting Started" page.

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::technique::Technique;
use crate::grid::Digit;

/// Reports the singles of kind `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::FullHouse => full_houses(state, sink),
        Technique::NakedSingle => naked_singles(state, sink),
        Technique::HiddenSingle => hidden_singles(state, sink),
        _ => ControlFlow::Continue(()),
    }
}

fn single(state: &State, technique: Technique, cell: crate::grid::Cell, digit: Digit) -> Step {
    let mut step = Step::new(technique, state.shape());
    step.placements.push(Candidate::new(cell, digit));
    step
}

fn full_houses(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    let n = state.side();
    for (h, house) in state.houses().iter().enumerate() {
        if state.placed_in(h).len() + 1 != n {
            continue;
        }
        let Some(digit) = state.all_digits().difference(state.placed_in(h)).only() else { continue };
        if let Some(&cell) = house.cells.iter().find(|&&c| state.value(c).is_none()) {
            if state.has(cell, digit) {
                let mut step = single(state, Technique::FullHouse, cell, digit);
                step.pattern.houses.push(house.kind);
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn naked_singles(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    for cell in state.unsolved_cells() {
        if let Some(digit) = state.candidates(cell).only() {
            sink(single(state, Technique::NakedSingle, cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

fn hidden_singles(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    for (h, house) in state.houses().iter().enumerate() {
        for digit in state.all_digits().difference(state.placed_in(h)) {
            let pos = state.positions(h, digit);
            if pos.count_ones() == 1 {
                let cell = house.cells[pos.trailing_zeros() as usize];
                let mut step = single(state, Technique::HiddenSingle, cell, digit);
                step.pattern.houses.push(house.kind);
                step.pattern.digits.insert(digit);
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::human::examples::assert_finds;
    use crate::human::Technique;

    /// HoDoKu's example pages for the singles (hodoku.sourceforge.net/en/show_example.php, files
    /// fh02, n101, h101) and the example in its regression library's header.
    #[test]
    fn hodoku_examples() {
        assert_finds(
            ":0000::2.7.......8..9.....3.6..8....8.649..6+927853.4..132.5....9..1.2.....4..9.......4.8:::",
            Technique::FullHouse,
            "r5c8=1",
        );
        assert_finds(
            ":0003::4+127+36+5+8+9......+1.656+8.1.+37....+85.21.1.......8.87.9.....3..7.+8658...........9.84.1:653 558 661 582 782 982 583 983::",
            Technique::NakedSingle,
            "r6c7=6",
        );
        assert_finds(
            ":0002::.+28..7....16.83.+7.....+2.+8511+3729.......+7+3........463.729..+7.......86.14....3..7..:::",
            Technique::HiddenSingle,
            "r3c4=6",
        );
        assert_finds(
            ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:",
            Technique::NakedSingle,
            "r2c9=8",
        );
    }
}
