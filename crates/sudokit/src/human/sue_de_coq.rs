//! Sue de Coq: two or more cells of the intersection of two houses (a line and a box) holding at
//! least two digits more than they have cells, completed by cells of the rest of the line and of
//! the rest of the box into a locked set that spans both houses.
//!
//! Let `C` be the intersection cells with digits `V`, `L` cells of the line outside the box with
//! digits `VL`, and `B` cells of the box outside the line with digits `VB`. When `VL` and `VB` share
//! no digit and `V ∪ VL ∪ VB` has exactly `|C| + |L| + |B|` digits, every one of those digits is in
//! exactly one of the cells: digits of `VL`, and of `V` outside `VB`, are in the line part and leave
//! the rest of the line; digits of `VB`, and of `V` outside `VL`, are in the box part and leave the
//! rest of the box. Definition as on HoDoKu's page (hodoku.sourceforge.net/en/tech_misc.php) and
//! SudokuWiki's "Sue-de-Coq" page.
//!
//! Any two houses whose intersection has at least two cells play the roles of line and box, so the
//! technique works on every board (jigsaw regions, diagonals and windows included).

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, CellGroup, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, DigitSet};

/// Reports the Sue de Coq steps.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    if technique != Technique::SueDeCoq {
        return ControlFlow::Continue(());
    }
    let mut out = Vec::new();
    let houses = state.houses();
    for (i, a) in houses.iter().enumerate() {
        for b in &houses[i + 1..] {
            let common = a.set & b.set;
            if common.len() < 2 {
                continue;
            }
            // The roles of line and box are symmetric: each pair of houses once.
            search(state, common, a.set, b.set, &mut out);
        }
    }
    // HoDoKu's step solver takes the first Sue de Coq its search meets, and this search meets them
    // in its order: rows, then columns, each with the boxes; then the intersection's cells, the
    // line's and the box's, each in lexicographic order.
    super::order::emit_as_found(out, sink)
}

/// The unsolved cells of `cells`.
fn open(state: &State, cells: CellSet) -> Vec<Cell> {
    cells.iter().filter(|&c| state.value(c).is_none()).collect()
}

/// Every subset of `cells` with one to `max` cells, with the union of its candidates.
fn subsets(state: &State, cells: &[Cell], max: usize) -> Vec<(CellSet, DigitSet)> {
    fn grow(
        state: &State,
        cells: &[Cell],
        max: usize,
        from: usize,
        set: CellSet,
        digits: DigitSet,
        out: &mut Vec<(CellSet, DigitSet)>,
    ) {
        for (i, &c) in cells.iter().enumerate().skip(from) {
            let mut next = set;
            next.insert(c);
            let d = digits | state.candidates(c);
            out.push((next, d));
            if next.len() < max {
                grow(state, cells, max, i + 1, next, d, out);
            }
        }
    }
    let mut out = Vec::new();
    grow(state, cells, max, 0, CellSet::new(), DigitSet::new(), &mut out);
    out
}

fn search(state: &State, common: CellSet, line: CellSet, block: CellSet, out: &mut Vec<Step>) {
    let inter = open(state, common);
    if inter.len() < 2 {
        return;
    }
    let line_rest = open(state, line - common);
    let block_rest = open(state, block - common);
    // The rest of each house contributes at most as many cells as leave one open cell outside; on
    // boards larger than 9×9 at most two, which keeps the search polynomial.
    let cap = |rest: &[Cell]| {
        let most = rest.len().saturating_sub(1).max(1);
        if state.side() > 9 {
            most.min(2)
        } else {
            most
        }
    };
    let line_sets = subsets(state, &line_rest, cap(&line_rest));
    let block_sets = subsets(state, &block_rest, cap(&block_rest));
    for (c_set, v) in subsets(state, &inter, inter.len().min(4)) {
        let nc = c_set.len();
        if nc < 2 || v.len() < nc + 2 {
            continue;
        }
        for &(l_set, vl) in &line_sets {
            // The line part must take some of the intersection's extra digits and cannot hold more
            // digits than cells overall.
            if (vl & v).is_empty() || (v | vl).len() > nc + l_set.len() + block_rest.len() {
                continue;
            }
            for &(b_set, vb) in &block_sets {
                if !(vl & vb).is_empty() || (vb & v).is_empty() {
                    continue;
                }
                let all = v | vl | vb;
                if all.len() != nc + l_set.len() + b_set.len() {
                    continue;
                }
                let line_digits = vl | (v - vb);
                let block_digits = vb | (v - vl);
                let mut step = Step::new(Technique::SueDeCoq, state.shape());
                step.pattern.digits = all;
                for (cells, digits) in [(c_set, v), (l_set, vl), (b_set, vb)] {
                    step.pattern.sets.push(CellGroup { cells: cells.iter().collect(), digits });
                }
                let pattern = c_set | l_set | b_set;
                for (house, digits) in [(line, line_digits), (block, block_digits)] {
                    for cell in house - pattern {
                        for d in state.candidates(cell) & digits {
                            step.eliminations.push(Candidate::new(cell, d));
                        }
                    }
                }
                if !step.eliminations.is_empty() {
                    out.push(step);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// HoDoKu's regression library cases for Sue de Coq (see `chains::tests`): every one passes.
    #[test]
    fn reglib_sue_de_coq() {
        crate::human::chains::tests::assert_codes(&["1101"], &[]);
    }

    /// HoDoKu's step solver takes the first Sue de Coq its search meets, not the one that eliminates
    /// most: the finder reports them pair of houses by pair of houses (rows, then columns, each
    /// with the boxes), on every state of the reglib's Sue de Coq cases that has several.
    #[test]
    fn steps_come_in_search_order() {
        use crate::human::finder::{find_all, FindOptions};
        use crate::human::technique::Technique;
        let Some(cases) = crate::human::chains::tests::reglib_cases(&["1101"]) else { return };
        let mut several = 0;
        for (_, line, case) in cases {
            let state = &case.state;
            let steps = find_all(state, Technique::SueDeCoq, &FindOptions::default());
            // The index of the pair of houses whose intersection holds the step's first set.
            let pair = |cells: &[crate::grid::Cell]| {
                let houses = state.houses();
                let of = |i: usize| cells.iter().all(|&c| houses[i].set.contains(c));
                let mut pairs = (0..houses.len()).flat_map(|i| (i + 1..houses.len()).map(move |j| (i, j)));
                pairs.position(|(i, j)| of(i) && of(j)).expect("the cells lie in two houses")
            };
            let order: Vec<usize> = steps.iter().map(|s| pair(&s.pattern.sets[0].cells)).collect();
            several += usize::from(order.windows(2).any(|w| w[0] != w[1]));
            assert!(order.windows(2).all(|w| w[0] <= w[1]), "{line}: {order:?}");
        }
        assert!(several > 0, "some state has steps in several pairs of houses");
    }
}
