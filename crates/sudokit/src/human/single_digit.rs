//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle. Each joins two
//! strong links of one digit (a house where the digit has exactly two places) by a weak link, so one
//! of the two outer ends holds the digit and every cell that sees both loses it.
//!
//! - Skyscraper: two strong links in parallel lines whose bases share a cross line.
//! - 2-String Kite: a strong link in a row and one in a column, joined inside a box.
//! - Turbot Fish: any two strong links joined by a weak link (HoDoKu finds these as the shortest
//!   X-Chains: strong, weak, strong).
//! - Empty Rectangle: a box whose candidates lie in one row and one column, with a strong link.
//!
//! Definitions as in HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_sdp.php). The search
//! runs over the board's houses, so it covers jigsaw regions and variant houses too.

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Chain, LinkKind, Node, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit};
use crate::rules::HouseKind;

/// Reports single-digit patterns of kind `technique`.
pub(crate) fn find(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    // Each pattern is a function of one digit's candidates: a digit that gave nothing is skipped
    // until its candidates change (see `memo::per_digit`).
    use super::memo::per_digit;
    let flags = u8::from(options.allow_two_candidate_ers);
    for digit in state.all_digits() {
        if per_digit::known_empty(state, technique, flags, digit) {
            continue;
        }
        let links = strong_links(state, digit);
        let mut reported = false;
        let sink: Sink<'_> = &mut |step| {
            reported = true;
            sink(step)
        };
        match technique {
            Technique::Skyscraper => skyscrapers(state, digit, &links, sink)?,
            Technique::TwoStringKite => kites(state, digit, &links, sink)?,
            Technique::TurbotFish => turbots(state, digit, &links, sink)?,
            Technique::EmptyRectangle => empty_rectangles(state, digit, options, sink)?,
            _ => return ControlFlow::Continue(()),
        }
        if !reported {
            per_digit::remember_empty(state, technique, flags, digit);
        }
    }
    ControlFlow::Continue(())
}

/// A house where `digit` has exactly two places: the two cells and the house.
#[derive(Clone, Copy)]
struct Link {
    a: Cell,
    b: Cell,
    house: HouseKind,
}

fn strong_links(state: &State, digit: Digit) -> Vec<Link> {
    let mut out = Vec::new();
    for (h, house) in state.houses().iter().enumerate() {
        let pos = state.positions(h, digit);
        if pos.count_ones() == 2 {
            let a = house.cells[pos.trailing_zeros() as usize];
            let b = house.cells[31 - pos.leading_zeros() as usize];
            out.push(Link { a, b, house: house.kind });
        }
    }
    out
}

/// The step of the chain `start = base1 - base2 = end`, eliminating `digit` from every cell that sees
/// both ends (outside the chain), if any.
fn chain_step(
    state: &State,
    technique: Technique,
    digit: Digit,
    [start, base1, base2, end]: [Cell; 4],
) -> Option<Step> {
    let chain: CellSet = [start, base1, base2, end].into_iter().collect();
    if chain.len() != 4 {
        return None;
    }
    let targets = (*state.peers(start) & *state.peers(end) & state.digit_cells(digit)) - chain;
    if targets.is_empty() {
        return None;
    }
    let mut step = Step::new(technique, state.shape());
    step.pattern.digits.insert(digit);
    step.pattern.chains.push(Chain {
        nodes: [start, base1, base2, end].into_iter().map(|c| Node::candidate(c, digit)).collect(),
        links: vec![LinkKind::Strong, LinkKind::Weak, LinkKind::Strong],
    });
    step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
    Some(step)
}

/// The four ways to orient two links: (end, base) of each.
fn orientations(x: Link, y: Link) -> [(Cell, Cell, Cell, Cell); 4] {
    [(x.a, x.b, y.a, y.b), (x.a, x.b, y.b, y.a), (x.b, x.a, y.a, y.b), (x.b, x.a, y.b, y.a)]
}

fn skyscrapers(state: &State, digit: Digit, links: &[Link], sink: Sink<'_>) -> ControlFlow<()> {
    let s = state.shape();
    for (i, x) in links.iter().enumerate() {
        for y in &links[i + 1..] {
            let rows = matches!((x.house, y.house), (HouseKind::Row(_), HouseKind::Row(_)));
            let cols = matches!((x.house, y.house), (HouseKind::Col(_), HouseKind::Col(_)));
            if !rows && !cols {
                continue;
            }
            let cross = |c: Cell| if rows { c.col(s) } else { c.row(s) };
            for (end1, base1, end2, base2) in orientations(*x, *y) {
                // Bases share a cross line; the ends do not (that would be an X-Wing).
                if cross(base1) != cross(base2) || cross(end1) == cross(end2) {
                    continue;
                }
                if let Some(step) =
                    chain_step(state, Technique::Skyscraper, digit, [end1, base1, base2, end2])
                {
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn is_block(kind: HouseKind) -> bool {
    matches!(kind, HouseKind::Box(_) | HouseKind::Region(_))
}

fn kites(state: &State, digit: Digit, links: &[Link], sink: Sink<'_>) -> ControlFlow<()> {
    let blocks: Vec<&CellSet> = state.houses().iter().filter(|h| is_block(h.kind)).map(|h| &h.set).collect();
    for x in links.iter().filter(|l| matches!(l.house, HouseKind::Row(_))) {
        for y in links.iter().filter(|l| matches!(l.house, HouseKind::Col(_))) {
            for (end1, base1, end2, base2) in orientations(*x, *y) {
                // The two bases lie in one block (and are different cells).
                if base1 == base2 || !blocks.iter().any(|b| b.contains(base1) && b.contains(base2)) {
                    continue;
                }
                if blocks.iter().any(|b| b.contains(end1) && b.contains(base1)) {
                    continue;
                }
                if let Some(step) =
                    chain_step(state, Technique::TwoStringKite, digit, [end1, base1, base2, end2])
                {
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn turbots(state: &State, digit: Digit, links: &[Link], sink: Sink<'_>) -> ControlFlow<()> {
    for (i, x) in links.iter().enumerate() {
        for y in &links[i + 1..] {
            for (end1, base1, end2, base2) in orientations(*x, *y) {
                if base1 == base2 || !state.sees(base1, base2) {
                    continue;
                }
                if let Some(step) =
                    chain_step(state, Technique::TurbotFish, digit, [end1, base1, base2, end2])
                {
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn empty_rectangles(state: &State, digit: Digit, options: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    let Some([rows, cols, blocks]) = state.lines_and_blocks() else { return ControlFlow::Continue(()) };
    let houses = state.houses();
    for b in blocks {
        let in_block = state.house_digit_cells(b, digit);
        if in_block.len() < 2 {
            continue;
        }
        for r in rows.clone() {
            for c in cols.clone() {
                let (row, col) = (&houses[r].set, &houses[c].set);
                if !(in_block - *row - *col).is_empty() {
                    continue;
                }
                let on_row = in_block & *row;
                let on_col = in_block & *col;
                // Both lines hold a candidate off their crossing, else it is a locked candidate.
                if (on_row - *col).is_empty() || (on_col - *row).is_empty() {
                    continue;
                }
                if on_row.len() < 2 && on_col.len() < 2 && !options.allow_two_candidate_ers {
                    continue;
                }
                // A strong link in a column with one end on the ER row (outside the block); the cell
                // of the other end's row in the ER column loses the digit. Then rows and columns swapped.
                for (line, other, cross_lines) in [(r, c, cols.clone()), (c, r, rows.clone())] {
                    for l in cross_lines {
                        let pair = state.house_digit_cells(l, digit);
                        if pair.len() != 2 || !(pair & houses[b].set).is_empty() {
                            continue;
                        }
                        for x in pair.iter().filter(|&x| houses[line].set.contains(x)) {
                            let Some(y) = pair.iter().find(|&y| y != x) else { continue };
                            // The line through y parallel to `line`, where it crosses `other`.
                            let Some(&(ly, _)) = state
                                .cell_houses(y)
                                .iter()
                                .find(|&&(h, _)| houses[h as usize].kind_matches(&houses[line].kind))
                            else {
                                continue;
                            };
                            let targets =
                                houses[ly as usize].set & houses[other].set & state.digit_cells(digit);
                            let targets = targets - houses[b].set;
                            if targets.is_empty() {
                                continue;
                            }
                            let mut step = Step::new(Technique::EmptyRectangle, state.shape());
                            step.pattern.digits.insert(digit);
                            step.pattern.houses.push(houses[b].kind);
                            step.pattern.cells = vec![x, y];
                            step.pattern.fins = in_block.iter().map(|c| Candidate::new(c, digit)).collect();
                            step.eliminations = targets.iter().map(|t| Candidate::new(t, digit)).collect();
                            sink(step)?;
                        }
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

    /// HoDoKu's example page for Skyscraper (show_example.php?file=sk01):
    /// `Skyscraper: 1 in r1c6,r3c9 (connected by r5c69) => r1c78,r3c45<>1`.
    #[test]
    fn hodoku_skyscraper_example() {
        assert_finds(
            ":0400:1:+6+9+7.....+2..19+72.6+3..+3..679.9+12...6.+737+4+2+6.95.+8+65+7.+9.+2414+8+6+93+2+757.9.24..+6..+68.+7..+9::117 118 134 135:",
            Technique::Skyscraper,
            "r1c78<>1, r3c45<>1",
        );
    }
}
