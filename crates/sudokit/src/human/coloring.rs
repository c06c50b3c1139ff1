//! Coloring: Simple Colors (trap and wrap) and Multi-Colors (types 1 and 2).
//!
//! For one digit, every house where the digit has exactly two places is a conjugate pair: one of the
//! two cells holds the digit. Following conjugate pairs from cell to cell and giving the partners
//! opposite colors splits the digit's cells into clusters of two colors each; in every cluster one
//! color is all true and the other all false. Definitions as on HoDoKu's coloring page
//! (hodoku.sourceforge.net/en/tech_col.php) and SudokuWiki's "Simple Colouring" and "Multi
//! Colouring" pages:
//!
//! - **Color Trap**: a cell that sees both colors of a cluster loses the digit.
//! - **Color Wrap**: two cells of one color see each other, so that color is false everywhere.
//! - **Multi-Colors 1**: a color of one cluster sees a color of another; they cannot both be true,
//!   so one of the two opposite colors is, and a cell seeing both opposite colors loses the digit.
//! - **Multi-Colors 2**: a color of one cluster sees both colors of another cluster; one of those is
//!   true, so the color is false everywhere.
//!
//! Conjugate pairs come from every house of the board (rows, columns, boxes or jigsaw regions,
//! diagonals, windows) and "sees" is the board's peer relation, so the rules hold on every board.
//! Steps come out in HoDoKu's preference: most eliminations first.

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, CellGroup, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit, DigitSet};

/// Reports the coloring steps of kind `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    use Technique as T;
    if !matches!(technique, T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2) {
        return ControlFlow::Continue(());
    }
    let mut steps = Vec::new();
    for digit in state.all_digits() {
        let clusters = clusters(state, digit);
        match technique {
            T::SimpleColorsTrap | T::SimpleColorsWrap => {
                simple(state, digit, &clusters, technique, &mut steps)
            }
            _ => multi(state, digit, &clusters, technique, &mut steps),
        }
    }
    super::order::emit_sorted(steps, sink)
}

/// The first step HoDoKu's step solver takes from the coloring family of `members` (the Simple
/// Colors or the Multi Colors techniques the solver allows): HoDoKu searches each family under one
/// entry of its list and takes the first step it meets, digit by digit and cluster by cluster, a
/// wrap before a trap of the same cluster (Multi Colors: type 2 before type 1 of the same ordered
/// pair of clusters), however many eliminations a later step would make.
pub(crate) fn first_in_search_order(state: &State, members: &[Technique]) -> Option<Step> {
    use Technique as T;
    let simple_family = members.iter().any(|t| matches!(t, T::SimpleColorsTrap | T::SimpleColorsWrap));
    let kinds: &[Technique] = if simple_family {
        &[T::SimpleColorsWrap, T::SimpleColorsTrap]
    } else {
        &[T::MultiColors2, T::MultiColors1]
    };
    for digit in state.all_digits() {
        let clusters = clusters(state, digit);
        let n = clusters.len();
        // Simple Colors: one cluster at a time; Multi Colors: one ordered pair at a time.
        let units: Vec<(usize, usize)> = if simple_family {
            (0..n).map(|i| (i, i)).collect()
        } else {
            (0..n).flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j))).collect()
        };
        for (i, j) in units {
            for &kind in kinds.iter().filter(|k| members.contains(k)) {
                let mut found = Vec::new();
                if simple_family {
                    simple(state, digit, &clusters[i..=i], kind, &mut found);
                } else {
                    multi_pair(state, digit, &clusters[i], &clusters[j], kind, &mut found);
                }
                if let Some(mut step) = found.pop() {
                    step.normalize();
                    return Some(step);
                }
            }
        }
    }
    None
}

/// One cluster: the cells of each color.
struct Cluster {
    colors: [CellSet; 2],
}

/// The clusters of `digit`, in the order of their first cell.
fn clusters(state: &State, digit: Digit) -> Vec<Cluster> {
    let shape = state.shape();
    let mut partners: Vec<Vec<Cell>> = vec![Vec::new(); shape.cells()];
    for (h, house) in state.houses().iter().enumerate() {
        let pos = state.positions(h, digit);
        if pos.count_ones() == 2 {
            let a = house.cells[pos.trailing_zeros() as usize];
            let b = house.cells[31 - pos.leading_zeros() as usize];
            partners[a.index()].push(b);
            partners[b.index()].push(a);
        }
    }
    let mut seen = CellSet::new();
    let mut out = Vec::new();
    for start in state.digit_cells(digit) {
        if seen.contains(start) || partners[start.index()].is_empty() {
            continue;
        }
        let mut colors = [CellSet::new(), CellSet::new()];
        let mut stack = vec![(start, 0usize)];
        seen.insert(start);
        while let Some((cell, color)) = stack.pop() {
            colors[color].insert(cell);
            for &p in &partners[cell.index()] {
                if seen.insert(p) {
                    stack.push((p, 1 - color));
                }
            }
        }
        out.push(Cluster { colors });
    }
    out
}

/// Whether two cells of `set` see each other.
fn sees_itself(state: &State, set: CellSet) -> bool {
    set.iter().any(|c| !(*state.peers(c) & set).is_empty())
}

/// Whether some cell of `a` sees some cell of `b`.
fn sees(state: &State, a: CellSet, b: CellSet) -> bool {
    a.iter().any(|c| !(*state.peers(c) & b).is_empty())
}

/// The cells with `digit` that see a cell of `a` and a cell of `b`.
fn trap(state: &State, digit: Digit, a: CellSet, b: CellSet) -> CellSet {
    let seeing = |set: CellSet| set.iter().fold(CellSet::new(), |acc, c| acc | *state.peers(c));
    seeing(a) & seeing(b) & state.digit_cells(digit)
}

fn step(state: &State, technique: Technique, digit: Digit, colors: &[CellSet], elims: CellSet) -> Step {
    let mut step = Step::new(technique, state.shape());
    step.pattern.digits = DigitSet::single(digit);
    for &color in colors {
        step.pattern.sets.push(CellGroup { cells: color.iter().collect(), digits: DigitSet::single(digit) });
    }
    step.eliminations = elims.iter().map(|c| Candidate::new(c, digit)).collect();
    step
}

fn simple(state: &State, digit: Digit, clusters: &[Cluster], technique: Technique, out: &mut Vec<Step>) {
    for cluster in clusters {
        let [a, b] = cluster.colors;
        if technique == Technique::SimpleColorsWrap {
            let mut elims = CellSet::new();
            for color in [a, b] {
                if sees_itself(state, color) {
                    elims |= color;
                }
            }
            if !elims.is_empty() {
                out.push(step(state, technique, digit, &[a, b], elims));
            }
        } else {
            let elims = trap(state, digit, a, b);
            if !elims.is_empty() {
                out.push(step(state, technique, digit, &[a, b], elims));
            }
        }
    }
}

fn multi(state: &State, digit: Digit, clusters: &[Cluster], technique: Technique, out: &mut Vec<Step>) {
    // Seeing is not symmetric between clusters for type 2 (one color seeing both of the other),
    // so every ordered pair is tried.
    for (i, first) in clusters.iter().enumerate() {
        for (j, second) in clusters.iter().enumerate() {
            if i != j {
                multi_pair(state, digit, first, second, technique, out);
            }
        }
    }
}

/// The Multi Colors step of kind `technique` of the ordered pair of clusters (`first`, `second`).
fn multi_pair(
    state: &State,
    digit: Digit,
    first: &Cluster,
    second: &Cluster,
    technique: Technique,
    out: &mut Vec<Step>,
) {
    let [a1, a2] = first.colors;
    let [b1, b2] = second.colors;
    let mut elims = CellSet::new();
    if technique == Technique::MultiColors2 {
        for color in [a1, a2] {
            if sees(state, color, b1) && sees(state, color, b2) {
                elims |= color;
            }
        }
    } else {
        for (x, y, ox, oy) in [(a1, b1, a2, b2), (a1, b2, a2, b1), (a2, b1, a1, b2), (a2, b2, a1, b1)] {
            if sees(state, x, y) {
                elims |= trap(state, digit, ox, oy);
            }
        }
    }
    if !elims.is_empty() {
        out.push(step(state, technique, digit, &[a1, a2, b1, b2], elims));
    }
}

#[cfg(test)]
mod tests {
    /// HoDoKu's regression library cases for Simple Colors and Multi-Colors (see
    /// `chains::tests`): every one passes.
    #[test]
    fn reglib_coloring() {
        crate::human::chains::tests::assert_codes(&["0500", "0501", "0502", "0503"], &[]);
    }
}
