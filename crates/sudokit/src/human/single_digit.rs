//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle. Each joins two
//! strong links of one digit (a house where the digit has exactly two places) by a weak link, so one
//! of the two outer ends holds the digit and every cell that sees both loses it.
//!
//! - Skyscraper: two strong links in parallel lines whose bases share a cross line.
//! - 2-String Kite: a strong link in a row and one in a column, joined inside a box.
//! - Turbot Fish: any two strong links joined by a weak link (HoDoKu finds these as the shortest
//!   X-Chains: strong, weak, strong).
//! - Empty Rectangle: a box whose candidates lie in one row and one column, with a strong link.
//! - Dual 2-String Kite and Dual Empty Rectangle (only with
//!   [`FindOptions::allow_duals_and_siamese`], off by default as in HoDoKu): two kites joined by the
//!   same two cells of a box (of one digit or, as HoDoKu pairs them, of two), or two empty rectangles on the same candidates of a box, with
//!   different eliminations, shown as one step that makes both.
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
    if technique == Technique::DualTwoStringKite {
        if !options.allow_duals_and_siamese {
            return ControlFlow::Continue(());
        }
        // HoDoKu pairs kites by their two box cells alone, so the two kites of a dual may be of
        // different digits (each proves its own elimination); its regression library has such cases.
        let mut found = Vec::new();
        for digit in state.all_digits() {
            let _ = kites(state, digit, &strong_links(state, digit), &mut collect(&mut found));
        }
        return duals(Technique::DualTwoStringKite, &found, |s| chain_cells(s, [1, 2]), sink);
    }
    // Each pattern is a function of one digit's candidates: a digit that gave nothing is skipped
    // until its candidates change (see `memo::per_digit`).
    use super::memo::per_digit;
    let flags = u8::from(options.allow_two_candidate_ers) | u8::from(options.allow_duals_and_siamese) << 1;
    let applies = match technique {
        Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => true,
        Technique::EmptyRectangle => true,
        Technique::DualEmptyRectangle => options.allow_duals_and_siamese,
        _ => false,
    };
    if !applies {
        return ControlFlow::Continue(());
    }
    for digit in state.all_digits() {
        per_digit::search(state, technique, flags, digit, sink, |sink| {
            let links = strong_links(state, digit);
            match technique {
                Technique::Skyscraper => skyscrapers(state, digit, &links, sink),
                Technique::TwoStringKite => kites(state, digit, &links, sink),
                Technique::TurbotFish => turbots(state, digit, &links, sink),
                Technique::EmptyRectangle => empty_rectangles(state, digit, options, sink),
                _ => {
                    let mut found = Vec::new();
                    let _ = empty_rectangles(state, digit, options, &mut collect(&mut found));
                    // The box and its candidates (the same box holds the same candidates).
                    duals(Technique::DualEmptyRectangle, &found, |s| s.pattern.houses.clone(), sink)
                }
            }
        })?;
    }
    ControlFlow::Continue(())
}

/// A sink that keeps every step.
fn collect(out: &mut Vec<Step>) -> impl FnMut(Step) -> ControlFlow<()> + '_ {
    |step| {
        out.push(step);
        ControlFlow::Continue(())
    }
}

/// The cells at positions `at` of a step's first chain, in cell order.
fn chain_cells(step: &Step, at: [usize; 2]) -> Vec<Cell> {
    let Some(chain) = step.pattern.chains.first() else { return Vec::new() };
    let mut cells: Vec<Cell> =
        at.iter().filter_map(|&i| chain.nodes.get(i)).flat_map(|n| n.cells.clone()).collect();
    cells.sort_unstable();
    cells
}

/// Dual steps: every two of `steps` that share what `shared` returns but eliminate differently,
/// joined into one step of `technique` with the pattern and the eliminations of both (HoDoKu's
/// definition of its dual single-digit patterns).
fn duals<K: PartialEq>(
    technique: Technique,
    steps: &[Step],
    shared: impl Fn(&Step) -> K,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    for (i, first) in steps.iter().enumerate() {
        for second in &steps[i + 1..] {
            if shared(first) != shared(second) || first.eliminations == second.eliminations {
                continue;
            }
            let mut dual = first.clone();
            dual.technique = technique;
            dual.pattern.digits |= second.pattern.digits;
            dual.pattern.chains.extend(second.pattern.chains.iter().cloned());
            dual.pattern.cells.extend(second.pattern.cells.iter().copied());
            dual.eliminations.extend(second.eliminations.iter().copied());
            dual.eliminations.sort_unstable_by_key(|c| (c.digit, c.cell));
            dual.eliminations.dedup();
            sink(dual)?;
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
    use crate::human::{find_all, FindOptions, Technique};

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

    /// The steps of `technique` with duals allowed, as result texts.
    fn duals_found(line: &str, technique: Technique) -> Vec<String> {
        let case: crate::human::LibraryCase = line.parse().expect("a valid library line");
        // Dual empty rectangles are mostly built from boxes with two candidates: HoDoKu's
        // regression tester allows those for them.
        let options = FindOptions {
            allow_duals_and_siamese: true,
            allow_two_candidate_ers: true,
            ..FindOptions::default()
        };
        let plain = find_all(&case.state, technique, &FindOptions::default());
        assert!(plain.is_empty(), "duals are off by default");
        find_all(&case.state, technique, &options).iter().map(|s| s.results_text()).collect()
    }

    /// HoDoKu's example pages for Dual 2-String Kite (show_example.php?file=d2sk01 and d2sk02):
    /// `Dual 2-String Kite: 1 in r1c8,r6c1/in r3c9,r4c3 (connected by r1c3,r3c1) => r4c9,r6c8<>1` and
    /// `Dual 2-String Kite: 4 in r2c1,r7c8/in r1c2,r9c9 (connected by r7c2,r9c1) => r1c9,r2c8<>4`.
    #[test]
    fn hodoku_dual_two_string_kite_examples() {
        let found = duals_found(D2SK01, Technique::DualTwoStringKite);
        assert_eq!(found, ["r4c9<>1, r6c8<>1"]);
        let found = duals_found(
            ":0401:4:+5.+91.7+8...+8+79.5+1...+13.8.5+9+7.9+4.+1.+27.+8+752+964+3+11.+2.+7.+9.87.+1...+6.9+9+56+74+13+8+2.2+8..+9+71.:431 574 375 594 395:419 428:",
            Technique::DualTwoStringKite,
        );
        // Also kites of 3 and 4 joined by the same box cells (HoDoKu pairs across digits).
        assert!(found.iter().any(|f| f == "r1c9<>4, r2c8<>4"), "{found:?}");
    }

    /// The first Dual 2-String Kite example (d2sk01) is also a Dual Empty Rectangle: box 1 holds
    /// the 1s of r1c3 and r3c1 only, and the strong links in r1 and r3 make one empty rectangle
    /// each (HoDoKu's regression library lists the same grid under both codes).
    #[test]
    fn hodoku_dual_empty_rectangle_example() {
        let found = duals_found(D2SK01, Technique::DualEmptyRectangle);
        assert_eq!(found, ["r4c9<>1, r6c8<>1"]);
    }

    const D2SK01: &str = ":0401:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168:";
}
