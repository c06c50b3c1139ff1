//! Uniqueness techniques: they hold only for puzzles with exactly one solution (the solver checks
//! that first; the finder runs them only when [`FindOptions::unique`] says so).
//!
//! A *deadly pattern* is four unsolved (so not given) cells in two rows and two columns, where
//! every house holds none of them or two that face each other: if they held `a`, `b`, `a`, `b`,
//! swapping the two digits would give a second solution. Each technique avoids one:
//!
//! - Uniqueness Test 1: three corners are `{a,b}`: the fourth is not `a` or `b`.
//! - Type 2 and 5: the other corners hold one extra digit `c` (two in a row or column for type 2,
//!   diagonal or three corners for type 5): one of them is `c`, so cells seeing all of them lose it.
//! - Type 3: the extras of two corners in a line act as one cell in a naked subset of that line
//!   (with cells holding neither `a` nor `b`).
//! - Type 4: two corners in a line with extras, where `a` has no other place in that line or box:
//!   neither is `b`.
//! - Type 6: two diagonal corners with extras, where `a` lies in both rows and both columns only in
//!   the corners: the two are not `a`.
//! - Hidden Rectangle: a bivalue corner, and the opposite corner's row and column hold `b` only in
//!   the rectangle: the opposite corner is not `a`.
//! - Avoidable Rectangle 1 and 2: the same with corners solved during the solve (not givens); the
//!   open corners hold two candidates.
//! - BUG+1: every unsolved cell but one has two candidates, each digit twice in every house but one
//!   digit three times around that cell: it is that digit.
//!
//! The swap must give a solution of the same puzzle: for a pencil-mark grid, whose marks are the
//! puzzle, every corner's marks as read must hold both digits ([`State::allowed`]).
//!
//! Definitions as in HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_ur.php, tech_misc.php).
//! With `allow_missing_candidates` (HoDoKu's option of that name, on by default as in HoDoKu), a
//! corner may lack `a` or `b` as long as no placed digit rules it out: the argument holds, since
//! the swap would give a second solution, one with a digit where logic showed none can go.
//!
//! On the classic board the steps are those HoDoKu's search finds, in its order (see
//! `hodoku_order`): a unique rectangle is looked at once, with the digits of its first corner
//! holding two candidates.

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit, DigitSet};

/// Reports uniqueness steps of kind `technique`.
pub(crate) fn find(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    if !options.unique {
        return ControlFlow::Continue(());
    }
    if technique == Technique::BugPlus1 {
        return bug_plus_one(state, sink);
    }
    let avoid = matches!(technique, Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2);
    if state.board().is_classic() && state.shape().is_classic() {
        // HoDoKu's step solver takes the first rectangle step of a type its search meets: the
        // steps go out in that order (see `hodoku_order`), each rectangle's own in this search's.
        let mut steps = Vec::new();
        let _ = rectangles(state, technique, options, avoid, true, &mut |step| {
            steps.push(step);
            ControlFlow::Continue(())
        });
        steps.sort_by_key(|step| hodoku_order(state, step, avoid));
        for step in steps {
            sink(step)?;
        }
        return ControlFlow::Continue(());
    }
    rectangles(state, technique, options, avoid, false, sink)
}

/// Where HoDoKu's search meets the rectangle of a uniqueness step on the classic board: from
/// each start cell in turn (by index), the corner in its box that shares its row or column (in
/// the box's order), then the opposite corners by their place in the start cell's column or row.
/// The start cells of a unique rectangle hold exactly its two digits; those of an avoidable
/// rectangle are solved during the solve, as is the corner beside them in their box. A rectangle
/// is met from its first start cell.
fn hodoku_order(state: &State, step: &Step, avoid: bool) -> (usize, usize, usize) {
    let s = state.shape();
    let cells = &step.pattern.cells;
    let solved = |c: Cell| state.value(c).is_some() && !state.is_given(c);
    let beside = |c: Cell| {
        cells
            .iter()
            .copied()
            .find(|&p| p != c && s.box_of(p) == s.box_of(c) && (p.row(s) == c.row(s) || p.col(s) == c.col(s)))
    };
    let mut starts: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| {
            if avoid {
                solved(c) && beside(c).is_some_and(solved)
            } else {
                state.candidates(c) == step.pattern.digits
            }
        })
        .collect();
    starts.sort_unstable_by_key(|c| c.index());
    for start in starts {
        let (r, c) = (start.row(s), start.col(s));
        let Some(partner) = beside(start) else { continue };
        let in_box = (partner.row(s) % 3) * 3 + partner.col(s) % 3;
        let same_row = partner.row(s) == r;
        // The corner facing the start across the other box: in its column if the start and its
        // partner share a row, else in its row.
        let Some(facing) = cells
            .iter()
            .copied()
            .find(|&q| q != start && if same_row { q.col(s) == c } else { q.row(s) == r })
        else {
            continue;
        };
        let place = if same_row { facing.row(s) } else { facing.col(s) };
        return (start.index(), in_box, place);
    }
    (usize::MAX, 0, 0)
}

/// The rectangles' steps of `technique`, rectangle by rectangle in row and column order. With
/// `first_met`, a unique rectangle is looked at with one pair of digits only, as HoDoKu looks at
/// it once per step: those of its first corner (by index) holding two candidates that every
/// corner can take, so that it misses steps of another pair on the same cells, as HoDoKu does.
fn rectangles(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    avoid: bool,
    first_met: bool,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let n = state.side();
    let s = state.shape();
    // Per row, as column masks: the unsolved cells, the solved ones and those that are not givens.
    // The corners of a rectangle are then two columns of two rows' common mask, so the scan visits
    // only rectangles whose corners can all take part, in the order of the plain four loops.
    let (mut open, mut solved, mut not_given) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for r in 0..n {
        for c in 0..n {
            let Some(cell) = Cell::new_checked(r * n + c, s) else { continue };
            if state.value(cell).is_none() {
                open[r] |= 1 << c;
            } else {
                solved[r] |= 1 << c;
            }
            if !state.is_given(cell) {
                not_given[r] |= 1 << c;
            }
        }
    }
    let can_take: Vec<DigitSet> = (0..n * n).map(|i| takes(state, options, Cell::from_index(i))).collect();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let cols = if avoid { not_given[r1] & not_given[r2] } else { open[r1] & open[r2] };
            let mut first = cols;
            while first != 0 {
                let c1 = first.trailing_zeros() as usize;
                first &= first - 1;
                let mut second = first;
                while second != 0 {
                    let c2 = second.trailing_zeros() as usize;
                    second &= second - 1;
                    let corners = [
                        Cell::new_checked(r1 * n + c1, s),
                        Cell::new_checked(r1 * n + c2, s),
                        Cell::new_checked(r2 * n + c1, s),
                        Cell::new_checked(r2 * n + c2, s),
                    ];
                    let [Some(c11), Some(c12), Some(c21), Some(c22)] = corners else { continue };
                    let rect = Rect { cells: [c11, c12, c21, c22] };
                    // Cheap tests first: the house check below is the costly one. A unique
                    // rectangle needs two digits every corner can take, those of a corner
                    // holding exactly two candidates (its search starts from one).
                    let common =
                        rect.cells.iter().fold(state.all_digits(), |acc, &c| acc & can_take[c.index()]);
                    let pair = || {
                        let mut corners = rect.cells;
                        corners.sort_unstable_by_key(|c| c.index());
                        corners
                            .into_iter()
                            .map(|c| state.candidates(c))
                            .find(|&cands| cands.len() == 2 && cands.is_subset(common))
                    };
                    let digits = if avoid {
                        ((solved[r1] | solved[r2]) & (1 << c1 | 1 << c2) != 0).then_some(common)
                    } else {
                        pair().map(|first| if first_met { first } else { common })
                    };
                    let Some(digits) = digits else { continue };
                    if !rect.swappable(state) {
                        continue;
                    }
                    rectangle(state, technique, &rect, digits, sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Four corners: `cells[0]` and `cells[3]` face each other diagonally, as do `cells[1]`, `cells[2]`.
struct Rect {
    cells: [Cell; 4],
}

impl Rect {
    /// The corner diagonally opposite corner `i`.
    fn opposite(i: usize) -> usize {
        3 - i
    }
    /// Whether every house holds no corner or two corners that share a row or column of the
    /// rectangle (so swapping the digits keeps every house valid).
    fn swappable(&self, state: &State) -> bool {
        let set: CellSet = self.cells.iter().copied().collect();
        // Only a house holding a corner can fail: those are checked, each from each of its corners.
        let mut houses =
            self.cells.iter().flat_map(|&c| state.cell_houses(c)).map(|&(h, _)| &state.houses()[h as usize]);
        set.len() == 4
            && houses.all(|h| {
                // The corners in the house (the first two; the count says whether there are more).
                let (mut inside, mut count) = ([0usize; 2], 0);
                for (i, &c) in self.cells.iter().enumerate() {
                    if h.set.contains(c) {
                        if count < 2 {
                            inside[count] = i;
                        }
                        count += 1;
                    }
                }
                match count {
                    0 => true,
                    2 => inside[1] != Rect::opposite(inside[0]),
                    _ => false,
                }
            })
    }
    /// The corners sharing a row or column with corner `i`.
    fn neighbours(i: usize) -> [usize; 2] {
        [[1, 2], [0, 3], [0, 3], [1, 2]][i]
    }
}

/// The digits `cell` can take in a unique rectangle: its candidates, or, with missing candidates
/// allowed, the digits no placed peer holds and the puzzle allows there (none if it is solved).
fn takes(state: &State, options: &FindOptions, cell: Cell) -> DigitSet {
    if !options.allow_missing_candidates {
        return state.candidates(cell);
    }
    if state.value(cell).is_some() {
        return DigitSet::new();
    }
    state
        .peers(cell)
        .iter()
        .filter_map(|p| state.value(p))
        .fold(state.allowed(cell), |acc, d| acc - DigitSet::single(d))
}

/// The steps of `technique` in the rectangle `rect`, with pairs of the digits `common`, which
/// every corner can take.
fn rectangle(
    state: &State,
    technique: Technique,
    rect: &Rect,
    common: DigitSet,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    use Technique as T;
    let solved = rect.cells.iter().filter(|&&c| state.value(c).is_some()).count();
    if matches!(technique, T::AvoidableRectangle1 | T::AvoidableRectangle2) {
        return avoidable(state, technique, rect, sink);
    }
    if solved > 0 {
        return ControlFlow::Continue(());
    }
    let cands: Vec<DigitSet> = rect.cells.iter().map(|&c| state.candidates(c)).collect();
    let digits: Vec<Digit> = common.iter().collect();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            let ab = DigitSet::single(a) | DigitSet::single(b);
            let step = |t: Technique| {
                let mut step = Step::new(t, state.shape());
                step.pattern.digits = ab;
                step.pattern.cells = rect.cells.to_vec();
                step
            };
            let two: Vec<usize> = (0..4).filter(|&k| cands[k].is_subset(ab)).collect();
            let more: Vec<usize> = (0..4).filter(|&k| !cands[k].is_subset(ab)).collect();
            let extra = more.iter().fold(DigitSet::new(), |acc, &k| acc | (cands[k] - ab));
            match technique {
                T::Uniqueness1 if two.len() == 3 => {
                    let k = more[0];
                    let mut st = step(technique);
                    st.eliminations =
                        (cands[k] & ab).iter().map(|d| Candidate::new(rect.cells[k], d)).collect();
                    sink(st)?;
                }
                T::Uniqueness2 | T::Uniqueness5 if extra.len() == 1 && !more.is_empty() && two.len() < 4 => {
                    let c = extra.first().expect("one extra digit");
                    let is_line = more.len() == 2 && more[1] != Rect::opposite(more[0]);
                    let kind = if is_line { T::Uniqueness2 } else { T::Uniqueness5 };
                    if kind != technique {
                        continue;
                    }
                    let cells: Vec<Cell> = more.iter().map(|&k| rect.cells[k]).collect();
                    let targets = (state.common_peers(cells.iter().copied()) & state.digit_cells(c))
                        - rect.cells.iter().copied().collect();
                    let mut st = step(technique);
                    st.eliminations = targets.iter().map(|t| Candidate::new(t, c)).collect();
                    sink(st)?;
                }
                T::Uniqueness3 if more.len() == 2 && more[1] != Rect::opposite(more[0]) => {
                    type3(state, rect, &more, extra, ab, sink)?;
                }
                T::Uniqueness4 if more.len() == 2 && more[1] != Rect::opposite(more[0]) => {
                    let (p, q) = (rect.cells[more[0]], rect.cells[more[1]]);
                    let pair: CellSet = [p, q].into_iter().collect();
                    for (x, y) in [(a, b), (b, a)] {
                        let locked = state.houses().iter().enumerate().any(|(h, house)| {
                            pair.is_subset(&house.set) && state.house_digit_cells(h, x) == pair
                        });
                        if locked {
                            let mut st = step(technique);
                            st.eliminations = [p, q]
                                .into_iter()
                                .filter(|&c| state.has(c, y))
                                .map(|c| Candidate::new(c, y))
                                .collect();
                            sink(st)?;
                        }
                    }
                }
                T::Uniqueness6 if two.len() == 2 && two[1] == Rect::opposite(two[0]) => {
                    let rows = [
                        state.houses()[rect.cells[0].row(state.shape())].set,
                        state.houses()[rect.cells[3].row(state.shape())].set,
                    ];
                    let n = state.side();
                    let cols = [
                        state.houses()[n + rect.cells[0].col(state.shape())].set,
                        state.houses()[n + rect.cells[3].col(state.shape())].set,
                    ];
                    let corners: CellSet = rect.cells.iter().copied().collect();
                    for x in [a, b] {
                        let only_corners = rows
                            .iter()
                            .chain(&cols)
                            .all(|line| (state.digit_cells(x) & *line).is_subset(&corners));
                        if only_corners {
                            let mut st = step(technique);
                            st.eliminations = more
                                .iter()
                                .map(|&k| rect.cells[k])
                                .filter(|&c| state.has(c, x))
                                .map(|c| Candidate::new(c, x))
                                .collect();
                            sink(st)?;
                        }
                    }
                }
                T::HiddenRectangle => {
                    for (p, &pc) in cands.iter().enumerate() {
                        if pc != ab {
                            continue;
                        }
                        let q = Rect::opposite(p);
                        let qc = rect.cells[q];
                        let lines: Vec<CellSet> = Rect::neighbours(q)
                            .iter()
                            .filter_map(|&nb| {
                                let pair: CellSet = [qc, rect.cells[nb]].into_iter().collect();
                                state
                                    .houses()
                                    .iter()
                                    .find(|h| pair.is_subset(&h.set) && (h.kind_is_line()))
                                    .map(|h| h.set)
                            })
                            .collect();
                        if lines.len() != 2 {
                            continue;
                        }
                        let corners: CellSet = rect.cells.iter().copied().collect();
                        for (x, y) in [(a, b), (b, a)] {
                            if lines.iter().all(|l| (state.digit_cells(y) & *l).is_subset(&corners))
                                && state.has(qc, x)
                            {
                                let mut st = step(technique);
                                st.eliminations = vec![Candidate::new(qc, x)];
                                sink(st)?;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    ControlFlow::Continue(())
}

/// Type 3: the extras of corners `more` (in one line) with `k` other cells of a house holding both
/// corners, none of them holding `a` or `b`, form a naked subset of `k + 1` digits; the digits
/// leave the rest of the house. The subsets are met as HoDoKu's search meets them, depth first
/// over the house's cells (`{c1}`, `{c1, c2}`, `{c1, c2, c3}`, …, `{c2}`, …), so that its first
/// step is HoDoKu's.
fn type3(
    state: &State,
    rect: &Rect,
    more: &[usize],
    extra: DigitSet,
    ab: DigitSet,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let pair: CellSet = more.iter().map(|&k| rect.cells[k]).collect();
    for house in state.houses().iter().filter(|h| pair.is_subset(&h.set)) {
        let others: Vec<Cell> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| {
                state.value(c).is_none() && !pair.contains(c) && (state.candidates(c) & ab).is_empty()
            })
            .collect();
        let mut chosen = Vec::with_capacity(others.len());
        depth_first(&others, 0, &mut chosen, &mut |chosen| {
            let digits = chosen.iter().fold(extra, |acc, &c| acc | state.candidates(c));
            if digits.len() != chosen.len() + 1 {
                return ControlFlow::Continue(());
            }
            let used: CellSet = chosen.iter().copied().collect::<CellSet>() | pair;
            let mut step = Step::new(Technique::Uniqueness3, state.shape());
            step.pattern.digits = ab;
            step.pattern.cells = rect.cells.to_vec();
            step.pattern.houses.push(house.kind);
            // Like a naked subset, it clears every house that holds all of its cells.
            for other in state.houses().iter().filter(|h| used.is_subset(&h.set)) {
                for c in other.set - used {
                    for d in state.candidates(c) & digits {
                        step.eliminations.push(Candidate::new(c, d));
                    }
                }
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// Every non-empty subset of `items[start..]` added to `chosen`, depth first: each item, then the
/// subsets that extend it with later items, then the next item.
fn depth_first(
    items: &[Cell],
    start: usize,
    chosen: &mut Vec<Cell>,
    visit: &mut dyn FnMut(&[Cell]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for i in start..items.len() {
        chosen.push(items[i]);
        let flow = match visit(chosen) {
            ControlFlow::Continue(()) => depth_first(items, i + 1, chosen, visit),
            stop => stop,
        };
        chosen.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

fn avoidable(state: &State, technique: Technique, rect: &Rect, sink: Sink<'_>) -> ControlFlow<()> {
    let placed = |k: usize| {
        let c = rect.cells[k];
        state.value(c).filter(|_| !state.is_given(c))
    };
    if rect.cells.iter().any(|&c| state.is_given(c)) {
        return ControlFlow::Continue(());
    }
    // The deadly pattern puts x on one diagonal (corners 0 and 3) and y on the other (1 and 2), or
    // the reverse; try both assignments of the solved corners' values.
    for first in [0usize, 1] {
        let diag = |k: usize| if k == first || k == Rect::opposite(first) { 0 } else { 1 };
        let mut values: [Option<Digit>; 2] = [None, None];
        let mut consistent = true;
        for k in 0..4 {
            if let Some(v) = placed(k) {
                match values[diag(k)] {
                    Some(w) if w != v => consistent = false,
                    _ => values[diag(k)] = Some(v),
                }
            } else if state.value(rect.cells[k]).is_some() {
                consistent = false;
            }
        }
        let [Some(x), Some(y)] = values else { continue };
        if !consistent || x == y {
            continue;
        }
        // The swap must keep to the puzzle: a corner of a pencil-mark grid may lack one of the
        // digits in its marks, and then no deadly pattern threatens.
        let xy = DigitSet::single(x) | DigitSet::single(y);
        if rect.cells.iter().any(|&c| !xy.is_subset(state.allowed(c))) {
            continue;
        }
        let open: Vec<usize> = (0..4).filter(|&k| state.value(rect.cells[k]).is_none()).collect();
        let want = |k: usize| if diag(k) == 0 { x } else { y };
        let mut step = Step::new(technique, state.shape());
        step.pattern.digits = DigitSet::single(x) | DigitSet::single(y);
        step.pattern.cells = rect.cells.to_vec();
        match (technique, &open[..]) {
            (Technique::AvoidableRectangle1, &[k]) => {
                let c = rect.cells[k];
                if state.has(c, want(k)) && state.candidates(c).len() == 2 {
                    step.eliminations.push(Candidate::new(c, want(k)));
                    sink(step)?;
                }
            }
            (Technique::AvoidableRectangle2, &[k, l]) if l != Rect::opposite(k) => {
                let (ck, cl) = (rect.cells[k], rect.cells[l]);
                let (rk, rl) = (state.candidates(ck), state.candidates(cl));
                if rk.len() != 2 || rl.len() != 2 || !rk.contains(want(k)) || !rl.contains(want(l)) {
                    continue;
                }
                let (ek, el) = (rk - DigitSet::single(want(k)), rl - DigitSet::single(want(l)));
                let Some(z) = ek.only().filter(|_| ek == el) else { continue };
                let targets =
                    (state.common_peers([ck, cl]) & state.digit_cells(z)) - [ck, cl].into_iter().collect();
                step.eliminations = targets.iter().map(|t| Candidate::new(t, z)).collect();
                if !step.eliminations.is_empty() {
                    sink(step)?;
                }
            }
            _ => {}
        }
    }
    ControlFlow::Continue(())
}

fn bug_plus_one(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    // Only where the houses are rows, columns and blocks: the parity argument behind BUG is made
    // for that layout.
    let Some(_) = state.lines_and_blocks() else { return ControlFlow::Continue(()) };
    if state.houses().len() != 3 * state.side() {
        return ControlFlow::Continue(());
    }
    let mut triple = None;
    for c in state.unsolved_cells() {
        match state.candidates(c).len() {
            2 => {}
            3 if triple.is_none() => triple = Some(c),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = triple else { return ControlFlow::Continue(()) };
    let mut extra = None;
    for (h, house) in state.houses().iter().enumerate() {
        for d in state.all_digits().difference(state.placed_in(h)) {
            let count = state.positions(h, d).count_ones();
            let ok = match count {
                2 => true,
                3 if house.set.contains(cell) && extra.is_none_or(|e| e == d) => {
                    extra = Some(d);
                    true
                }
                _ => false,
            };
            if !ok {
                return ControlFlow::Continue(());
            }
        }
    }
    let Some(d) = extra else { return ControlFlow::Continue(()) };
    let mut step = Step::new(Technique::BugPlus1, state.shape());
    step.pattern.digits.insert(d);
    step.pattern.cells = vec![cell];
    step.eliminations =
        (state.candidates(cell) - DigitSet::single(d)).iter().map(|x| Candidate::new(cell, x)).collect();
    sink(step)
}

#[cfg(test)]
mod tests {
    use crate::human::examples::assert_finds;
    use crate::human::Technique;

    /// HoDoKu's example pages (show_example.php?file=u101 and hr02):
    /// `Uniqueness Test 1: 8/9 in r2c23,r6c23 => r2c2<>8, r2c2<>9` and
    /// `Hidden Rectangle: 4/5 in r2c29,r3c29 => r2c9<>5`.
    #[test]
    fn hodoku_examples() {
        assert_finds(
            ":0600:89:+5.+2..896+71..7..+4+5+2.675..3+8+121+3+6+578+4+9+6+5489+1+2+737....4+6+15+8219...+34+3.+6....+9+8..+5.+8+3.26::822 922:",
            Technique::Uniqueness1,
            "r2c2<>8, r2c2<>9",
        );
        assert_finds(
            ":0606:5:.+9.+45.2..3.+27+8..+9.7..+29..1.9+3+51+2+8746.+7.+6.+9......5.+7..9+129+3+7+54+6+8+56+3+8+14+9..+48+7+9+623+51::529:",
            Technique::HiddenRectangle,
            "r2c9<>5",
        );
    }

    /// A pencil-mark grid is its own puzzle: a second solution must keep to its marks, so an
    /// avoidable rectangle needs both digits in every corner's marks as read. Here the solution
    /// holds 2/3 in r1c3,r1c6,r2c3,r2c6; r1c3, r1c6 and r2c3 are marked with their digit alone
    /// (not givens: a peer still has it), placed during the solve, and r2c6 holds {2,7}. Swapping
    /// would put 3 in r1c3, which its marks rule out: there is no deadly pattern, and r2c6 is 2.
    #[test]
    fn avoidable_rectangles_keep_to_pencil_marks() {
        use crate::grid::{Candidates, Cell, Digit, DigitSet, Grid, Shape};
        use crate::human::finder::{find_all, FindOptions};
        use crate::human::State;
        let solution: Grid =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
                .parse()
                .expect("grid");
        let s = Shape::CLASSIC;
        let (at, digit) = (|r: usize, c: usize| Cell::at(r - 1, c - 1, s), |d: u8| Digit::new(d));
        let mut marks = Candidates::new(s);
        for cell in Cell::all(s) {
            marks.place(cell, solution.get(cell).expect("solved"));
        }
        // r2c6 keeps 7 too; r1c9, r3c6 and r2c9 keep the digit of r1c3, r1c6 and r2c3 too.
        for (r, c, extra) in [(2, 6, 7), (1, 9, 2), (3, 6, 3), (2, 9, 3)] {
            let cell = at(r, c);
            marks.set(cell, marks.get(cell) | DigitSet::single(digit(extra)));
        }
        let mut state = State::classic_candidates(&marks).expect("one solution");
        for (r, c) in [(1, 3), (1, 6), (2, 3)] {
            let (cell, d) = (at(r, c), solution.get(at(r, c)).expect("solved"));
            assert!(!state.is_given(cell) && state.allowed(cell) == DigitSet::single(d));
            state.place(cell, d);
        }
        assert_eq!(state.candidates(at(2, 6)).len(), 2);
        assert_eq!(state.allowed(at(2, 6)), DigitSet::single(digit(2)) | DigitSet::single(digit(7)));
        let options = FindOptions::default();
        for technique in [Technique::AvoidableRectangle1, Technique::AvoidableRectangle2] {
            let steps = find_all(&state, technique, &options);
            assert!(steps.is_empty(), "{technique}: {}", steps[0]);
        }
        // A puzzle's cell that is not a given may hold any digit: the same rectangle is avoidable
        // there (r1c9, r3c6 and r2c9 keep the corners from being givens, as above).
        let mut puzzle = solution.clone();
        for (r, c) in [(1, 3), (1, 6), (2, 3), (2, 6), (1, 9), (3, 6), (2, 9), (2, 8), (4, 6), (1, 4)] {
            puzzle.set(at(r, c), None);
        }
        let mut state = State::classic(&puzzle).expect("valid");
        for (r, c) in [(1, 3), (1, 6), (2, 3)] {
            state.place(at(r, c), solution.get(at(r, c)).expect("solved"));
        }
        let found = find_all(&state, Technique::AvoidableRectangle1, &options);
        assert!(found.iter().any(|st| st.eliminations.iter().any(|e| e.cell == at(2, 6))), "{found:?}");
    }

    /// HoDoKu's step solver takes the first unique rectangle of a type its search meets. On every
    /// state of the reglib's unique rectangle cases, the finder's first step of each type is the
    /// first met by HoDoKu's loops, written out here: from each cell holding two candidates (by
    /// index), a cell of its box in its row or column holding both, then the cells facing them
    /// across another box, in the order of the start cell's column or row.
    #[test]
    fn the_first_rectangle_is_the_first_hodokus_search_meets() {
        use crate::grid::Cell;
        use crate::human::finder::{find_all, FindOptions};
        let codes = ["0600", "0601", "0602", "0603", "0604", "0605", "0606"];
        let Some(cases) = crate::human::chains::tests::reglib_cases(&codes) else { return };
        let mut reordered = 0;
        for (_, line, case) in cases {
            let state = &case.state;
            let s = state.shape();
            for technique in [
                Technique::Uniqueness1,
                Technique::Uniqueness2,
                Technique::Uniqueness3,
                Technique::Uniqueness4,
                Technique::Uniqueness5,
                Technique::Uniqueness6,
                Technique::HiddenRectangle,
            ] {
                let steps = find_all(state, technique, &FindOptions::default());
                let Some(first) = steps.first() else { continue };
                let at = |r: usize, c: usize| Cell::at(r, c, s);
                let mut met = None;
                'search: for start in (0..81).map(|i| at(i / 9, i % 9)) {
                    let ab = state.candidates(start);
                    if state.value(start).is_some() || ab.len() != 2 {
                        continue;
                    }
                    let (r, c) = (start.row(s), start.col(s));
                    for k in 0..9 {
                        let partner = at(r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
                        let same_row = partner.row(s) == r;
                        if partner == start || !(same_row || partner.col(s) == c) {
                            continue;
                        }
                        for j in 0..9 {
                            let (a, b) = if same_row {
                                (at(j, c), at(j, partner.col(s)))
                            } else {
                                (at(r, j), at(partner.row(s), j))
                            };
                            if s.box_of(a) == s.box_of(start) {
                                continue;
                            }
                            let mut corners = [start, partner, a, b];
                            corners.sort_unstable_by_key(|c| c.index());
                            let hit = steps.iter().find(|st| {
                                let mut cells = st.pattern.cells.clone();
                                cells.sort_unstable_by_key(|c| c.index());
                                cells == corners && st.pattern.digits == ab
                            });
                            if let Some(hit) = hit {
                                met = Some(hit);
                                break 'search;
                            }
                        }
                    }
                }
                let met = met.expect("HoDoKu's loops meet every rectangle found");
                assert_eq!(first.eliminations, met.eliminations, "{line}: {technique:?}");
                reordered += usize::from(steps.len() > 1);
            }
        }
        assert!(reordered > 0, "some state has several rectangles of a type");
    }
}
