//! Intersections: Locked Candidates. When a digit's places in one house all lie in its intersection
//! with a second house, the digit must go there, so it leaves the rest of the second house.
//! Type 1 (Pointing): the first house is a box (or a jigsaw region, a window, a hidden window);
//! Type 2 (Claiming): the first house is a row, a column or a diagonal. Every pair of houses that
//! share two or more cells counts, so the rule covers jigsaw regions, diagonals and windows as it
//! covers boxes.
//!
//! Definitions: HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_intersections.php) and
//! SudokuWiki's "Intersection Removal".

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::technique::Technique;
use crate::rules::HouseKind;

fn is_block(kind: HouseKind) -> bool {
    matches!(
        kind,
        HouseKind::Box(_) | HouseKind::Region(_) | HouseKind::Window(_) | HouseKind::HiddenWindow(_)
    )
}

/// Reports locked candidates of type `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    let pointing = match technique {
        Technique::LockedCandidates1 => true,
        Technique::LockedCandidates2 => false,
        _ => return ControlFlow::Continue(()),
    };
    let houses = state.houses();
    // Boxes first for pointing, lines first for claiming, as HoDoKu searches.
    for (a, house_a) in houses.iter().enumerate() {
        if is_block(house_a.kind) != pointing {
            continue;
        }
        for digit in state.all_digits().difference(state.placed_in(a)) {
            let cells = state.house_digit_cells(a, digit);
            if cells.len() < 2 {
                continue;
            }
            for (b, house_b) in houses.iter().enumerate() {
                if b == a || !cells.is_subset(&house_b.set) {
                    continue;
                }
                let targets = state.house_digit_cells(b, digit) - house_a.set;
                if targets.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique, state.shape());
                step.pattern.digits.insert(digit);
                step.pattern.houses.push(house_a.kind);
                step.pattern.cells = cells.iter().collect();
                step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
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

    /// HoDoKu's example page for Locked Candidates Type 1 (show_example.php?file=lc101).
    #[test]
    fn hodoku_pointing_example() {
        assert_finds(
            ":0100:5:984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8+4+234+27+35189+6+63+8..97+5+1::537:",
            Technique::LockedCandidates1,
            "r3c7<>5",
        );
    }
}
