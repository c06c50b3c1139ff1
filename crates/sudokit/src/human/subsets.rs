//! Subsets: Naked Pair/Triple/Quadruple (k cells of a house with only k digits among them: the
//! digits leave every other cell of every house the cells share), Hidden Pair/Triple/Quadruple (k
//! digits with only k places in a house: every other digit leaves those cells), and Locked
//! Pair/Triple (a naked pair or triple inside a box-line intersection that eliminates in both).
//!
//! Definitions and the locked/naked distinction as in HoDoKu's technique pages
//! (hodoku.sourceforge.net/en/tech_naked.php, tech_hidden.php).

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, DigitSet};
use crate::rules::HouseKind;

/// Reports subsets of kind `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    use Technique as T;
    match technique {
        T::LockedPair | T::NakedPair => naked(state, 2, technique, sink),
        T::LockedTriple | T::NakedTriple => naked(state, 3, technique, sink),
        T::NakedQuadruple => naked(state, 4, technique, sink),
        T::HiddenPair => hidden(state, 2, technique, sink),
        T::HiddenTriple => hidden(state, 3, technique, sink),
        T::HiddenQuadruple => hidden(state, 4, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Calls `visit` with every `k`-combination of `items`, in lexicographic order.
pub(crate) fn combinations<T: Copy>(
    items: &[T],
    k: usize,
    visit: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn go<T: Copy>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        visit: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            go(items, k, i + 1, chosen, visit)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }
    go(items, k, 0, &mut Vec::with_capacity(k), visit)
}

fn is_block(kind: HouseKind) -> bool {
    matches!(kind, HouseKind::Box(_) | HouseKind::Region(_))
}

fn naked(state: &State, k: usize, technique: Technique, sink: Sink<'_>) -> ControlFlow<()> {
    let want_locked = matches!(technique, Technique::LockedPair | Technique::LockedTriple);
    // Blocks first, then rows, then columns, as HoDoKu searches; other houses after.
    let mut order: Vec<usize> = (0..state.houses().len()).collect();
    order.sort_by_key(|&h| match state.houses()[h].kind {
        HouseKind::Box(_) | HouseKind::Region(_) => 0,
        HouseKind::Row(_) => 1,
        HouseKind::Col(_) => 2,
        _ => 3,
    });
    for h in order {
        let house = &state.houses()[h];
        let cells: Vec<Cell> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| state.value(c).is_none() && (2..=k).contains(&state.candidates(c).len()))
            .collect();
        if cells.len() < k {
            continue;
        }
        combinations(&cells, k, &mut |chosen| {
            let digits = chosen.iter().fold(DigitSet::new(), |acc, &c| acc | state.candidates(c));
            if digits.len() != k {
                return ControlFlow::Continue(());
            }
            let set: CellSet = chosen.iter().copied().collect();
            let common: Vec<usize> =
                (0..state.houses().len()).filter(|&o| set.is_subset(&state.houses()[o].set)).collect();
            let block = common.iter().copied().find(|&o| is_block(state.houses()[o].kind));
            let mut step = Step::new(technique, state.shape());
            let mut productive_houses = 0;
            for &o in &common {
                let other = &state.houses()[o];
                let mut found = false;
                for c in other.set - set {
                    for d in state.candidates(c) & digits {
                        step.eliminations.push(Candidate::new(c, d));
                        // An elimination counts for a line only outside the block, as in HoDoKu.
                        let counts =
                            Some(o) == block || block.is_none_or(|b| !state.houses()[b].set.contains(c));
                        found |= counts;
                    }
                }
                productive_houses += usize::from(found);
            }
            let locked = k < 4 && block.is_some() && common.len() >= 2 && productive_houses > 1;
            if locked != want_locked || step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            step.pattern.digits = digits;
            step.pattern.cells = chosen.to_vec();
            step.pattern.houses.push(house.kind);
            sink(step)
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden(state: &State, k: usize, technique: Technique, sink: Sink<'_>) -> ControlFlow<()> {
    let mut order: Vec<usize> = (0..state.houses().len()).collect();
    order.sort_by_key(|&h| match state.houses()[h].kind {
        HouseKind::Box(_) | HouseKind::Region(_) => 0,
        HouseKind::Row(_) => 1,
        HouseKind::Col(_) => 2,
        _ => 3,
    });
    for h in order {
        let house = &state.houses()[h];
        let open: Vec<_> = state
            .all_digits()
            .difference(state.placed_in(h))
            .iter()
            .filter(|&d| (1..=k).contains(&(state.positions(h, d).count_ones() as usize)))
            .collect();
        // A hidden subset needs more unsolved cells than k, or it is the whole house.
        if open.len() < k || house.cells.iter().filter(|&&c| state.value(c).is_none()).count() <= k {
            continue;
        }
        combinations(&open, k, &mut |chosen| {
            let pos = chosen.iter().fold(0u32, |acc, &d| acc | state.positions(h, d));
            if pos.count_ones() as usize != k {
                return ControlFlow::Continue(());
            }
            let digits: DigitSet = chosen.iter().copied().collect();
            let cells: Vec<Cell> =
                (0..house.cells.len()).filter(|i| pos >> i & 1 == 1).map(|i| house.cells[i]).collect();
            let mut step = Step::new(technique, state.shape());
            for &c in &cells {
                for d in state.candidates(c) - digits {
                    step.eliminations.push(Candidate::new(c, d));
                }
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            step.pattern.digits = digits;
            step.pattern.cells = cells;
            step.pattern.houses.push(house.kind);
            sink(step)
        })?;
    }
    ControlFlow::Continue(())
}
