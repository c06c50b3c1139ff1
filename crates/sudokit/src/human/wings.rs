//! Wings: XY-Wing, XYZ-Wing, WXYZ-Wing and W-Wing.
//!
//! - XY-Wing: a pivot `{x,y}` that sees pincers `{x,z}` and `{y,z}`: one pincer is `z`, so cells
//!   seeing both pincers lose `z`.
//! - XYZ-Wing: the pivot is `{x,y,z}`; cells seeing the pivot and both pincers lose `z`.
//! - WXYZ-Wing: four cells holding four digits between them, where every digit but `z` is
//!   restricted (all its cells see each other): one of the cells is `z`, so cells seeing every `z`
//!   of the pattern lose it. HoDoKu 2.2 has no finder for it; definition after SudokuWiki's
//!   "WXYZ-Wing" page.
//! - W-Wing: two cells `{x,y}` that do not see each other, joined by a strong link on `x` whose ends
//!   see one cell each: one of the two cells is `y`.
//!
//! Definitions as in HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_wings.php).

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Chain, LinkKind, Node, Step};
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit, DigitSet};

/// Reports wings of kind `technique`.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::XyWing => xy_wings(state, false, sink),
        Technique::XyzWing => xy_wings(state, true, sink),
        Technique::WxyzWing => wxyz_wings(state, sink),
        Technique::WWing => w_wings(state, sink),
        _ => ControlFlow::Continue(()),
    }
}

fn eliminate(state: &State, cells: &[Cell], digit: Digit) -> CellSet {
    let pattern: CellSet = cells.iter().copied().collect();
    (state.common_peers(cells.iter().copied()) & state.digit_cells(digit)) - pattern
}

fn xy_wings(state: &State, xyz: bool, sink: Sink<'_>) -> ControlFlow<()> {
    let technique = if xyz { Technique::XyzWing } else { Technique::XyWing };
    let bivalue: Vec<Cell> = state.unsolved_cells().filter(|&c| state.candidates(c).len() == 2).collect();
    for pivot in state.unsolved_cells() {
        let pc = state.candidates(pivot);
        if pc.len() != if xyz { 3 } else { 2 } {
            continue;
        }
        let wings: Vec<Cell> = bivalue
            .iter()
            .copied()
            .filter(|&w| w != pivot && state.sees(pivot, w))
            .filter(|&w| {
                let wc = state.candidates(w);
                if xyz {
                    wc.is_subset(pc)
                } else {
                    (wc & pc).len() == 1
                }
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ac, bc) = (state.candidates(a), state.candidates(b));
                let Some(z) = (ac & bc).only() else { continue };
                if xyz {
                    if ac == bc || ac | bc != pc {
                        continue;
                    }
                } else if (ac | bc) - DigitSet::single(z) != pc || pc.contains(z) {
                    continue;
                }
                let cells: Vec<Cell> = if xyz { vec![pivot, a, b] } else { vec![a, b] };
                let targets = eliminate(state, &cells, z);
                if targets.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique, state.shape());
                step.pattern.digits = pc | ac | bc;
                step.pattern.cells = vec![pivot, a, b];
                step.eliminations = targets.iter().map(|c| Candidate::new(c, z)).collect();
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn wxyz_wings(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    let small: Vec<Cell> =
        state.unsolved_cells().filter(|&c| (2..=4).contains(&state.candidates(c).len())).collect();
    for &pivot in &small {
        // The other three cells see the pivot or each other: take them from the pivot's peers and
        // their peers, kept small by asking each to share a digit with the pattern.
        let near: Vec<Cell> = small.iter().copied().filter(|&c| c > pivot && state.sees(pivot, c)).collect();
        let mut found = ControlFlow::Continue(());
        let _ = combinations(&near, 3, &mut |rest| {
            let cells = [pivot, rest[0], rest[1], rest[2]];
            let digits = cells.iter().fold(DigitSet::new(), |acc, &c| acc | state.candidates(c));
            if digits.len() != 4 {
                return ControlFlow::Continue(());
            }
            let unrestricted: Vec<Digit> = digits
                .iter()
                .filter(|&d| {
                    let with: Vec<Cell> = cells.iter().copied().filter(|&c| state.has(c, d)).collect();
                    with.iter().enumerate().any(|(i, &x)| with[i + 1..].iter().any(|&y| !state.sees(x, y)))
                })
                .collect();
            let [z] = unrestricted[..] else { return ControlFlow::Continue(()) };
            let with_z: Vec<Cell> = cells.iter().copied().filter(|&c| state.has(c, z)).collect();
            let targets = eliminate(state, &with_z, z);
            if targets.is_empty() {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(Technique::WxyzWing, state.shape());
            step.pattern.digits = digits;
            step.pattern.cells = cells.to_vec();
            step.eliminations = targets.iter().map(|c| Candidate::new(c, z)).collect();
            found = sink(step);
            found
        });
        found?;
    }
    ControlFlow::Continue(())
}

fn w_wings(state: &State, sink: Sink<'_>) -> ControlFlow<()> {
    let bivalue: Vec<Cell> = state.unsolved_cells().filter(|&c| state.candidates(c).len() == 2).collect();
    for (i, &p) in bivalue.iter().enumerate() {
        for &q in &bivalue[i + 1..] {
            let digits = state.candidates(p);
            if state.candidates(q) != digits || state.sees(p, q) {
                continue;
            }
            for x in digits {
                let Some(y) = (digits - DigitSet::single(x)).only() else { continue };
                let targets = eliminate(state, &[p, q], y);
                if targets.is_empty() {
                    continue;
                }
                for (h, _) in state.houses().iter().enumerate() {
                    let link = state.house_digit_cells(h, x);
                    if link.len() != 2 || link.contains(p) || link.contains(q) {
                        continue;
                    }
                    let (a, b) = {
                        let mut it = link.iter();
                        (it.next().expect("two cells"), it.next().expect("two cells"))
                    };
                    for (ea, eb) in [(a, b), (b, a)] {
                        if !(state.sees(p, ea) && state.sees(q, eb)) {
                            continue;
                        }
                        let mut step = Step::new(Technique::WWing, state.shape());
                        step.pattern.digits = digits;
                        step.pattern.chains.push(Chain {
                            nodes: vec![
                                Node::candidate(p, y),
                                Node::candidate(p, x),
                                Node::candidate(ea, x),
                                Node::candidate(eb, x),
                                Node::candidate(q, x),
                                Node::candidate(q, y),
                            ],
                            links: vec![
                                LinkKind::Strong,
                                LinkKind::Weak,
                                LinkKind::Strong,
                                LinkKind::Weak,
                                LinkKind::Strong,
                            ],
                        });
                        step.eliminations = targets.iter().map(|c| Candidate::new(c, y)).collect();
                        sink(step)?;
                        break;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::human::examples::assert_finds;
    use crate::human::Technique;

    /// HoDoKu's example pages for XY-Wing (show_example.php?file=xy01 and xy02):
    /// `XY-Wing: 5/7/2 in r1c36,r2c1 => r2c6<>2` and `XY-Wing: 1/6/9 in r4c14,r5c2 => r4c23,r5c456<>9`.
    #[test]
    fn hodoku_xy_wing_examples() {
        assert_finds(
            ":0800:2:+8..+36.+9....+9.1.863.+63.+89..+59+24+6+7+3+1+5+83+8+6+9+5+17+2457+182+4+3+9+6+4+3+2+1+9658+769+8+5+37......+24+8+63+9::226:",
            Technique::XyWing,
            "r2c6<>2",
        );
        assert_finds(
            ":0800:9:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956:",
            Technique::XyWing,
            "r4c23<>9, r5c456<>9",
        );
    }
}
