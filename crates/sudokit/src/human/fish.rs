//! Basic fish (X-Wing, Swordfish, Jellyfish, and the larger Squirmbag, Whale, Leviathan) with their
//! finned and sashimi forms. For one digit, `n` base lines (rows or columns) whose candidates lie in
//! `n` cover lines of the other direction: the digit is placed once in each base line, so it fills
//! the cover lines and leaves the rest of them. With fins (base candidates outside the cover), only
//! cover cells that see every fin lose the digit. A finned fish is sashimi when a base line without
//! its fins keeps at most one candidate.
//!
//! Definitions as in HoDoKu's technique pages (hodoku.sourceforge.net/en/tech_fishb.php) after the
//! "Ultimate Fish Guide" of the Sudoku Players' Forum. Rows and columns exist on every board, so the
//! search works on every shape and variant (variant houses only add peers for the fin check).

use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit};
use crate::rules::HouseKind;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Basic,
    Finned,
    Sashimi,
}

fn classify(technique: Technique) -> Option<(usize, Kind)> {
    use Technique as T;
    Some(match technique {
        T::XWing => (2, Kind::Basic),
        T::Swordfish => (3, Kind::Basic),
        T::Jellyfish => (4, Kind::Basic),
        T::Squirmbag => (5, Kind::Basic),
        T::Whale => (6, Kind::Basic),
        T::Leviathan => (7, Kind::Basic),
        T::FinnedXWing => (2, Kind::Finned),
        T::FinnedSwordfish => (3, Kind::Finned),
        T::FinnedJellyfish => (4, Kind::Finned),
        T::FinnedSquirmbag => (5, Kind::Finned),
        T::FinnedWhale => (6, Kind::Finned),
        T::FinnedLeviathan => (7, Kind::Finned),
        T::SashimiXWing => (2, Kind::Sashimi),
        T::SashimiSwordfish => (3, Kind::Sashimi),
        T::SashimiJellyfish => (4, Kind::Sashimi),
        T::SashimiSquirmbag => (5, Kind::Sashimi),
        T::SashimiWhale => (6, Kind::Sashimi),
        T::SashimiLeviathan => (7, Kind::Sashimi),
        _ => return None,
    })
}

/// Reports basic fish of kind `technique`; with `allow_duals_and_siamese`, also the siamese
/// combinations of two finned fish that share their base lines.
pub(crate) fn find(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let Some((size, kind)) = classify(technique) else { return ControlFlow::Continue(()) };
    let n = state.side();
    if size * 2 > n {
        return ControlFlow::Continue(());
    }
    for digit in state.all_digits() {
        for rows_are_base in [true, false] {
            let (base_range, cover_range) = if rows_are_base { (0..n, n..2 * n) } else { (n..2 * n, 0..n) };
            let lines: Vec<usize> = base_range
                .filter(|&h| !state.placed_in(h).contains(digit) && state.positions(h, digit) != 0)
                .collect();
            let mut found: Vec<(Step, bool)> = Vec::new();
            combinations(&lines, size, &mut |base| {
                let union = base.iter().fold(0u32, |acc, &h| acc | state.positions(h, digit));
                let touched: Vec<usize> = (0..n).filter(|i| union >> i & 1 == 1).collect();
                if touched.len() < size || (kind == Kind::Basic && touched.len() > size) {
                    return ControlFlow::Continue(());
                }
                combinations(&touched, size, &mut |cover_idx| {
                    let step = fish_step(state, technique, kind, digit, base, cover_idx, cover_range.start);
                    if options.allow_duals_and_siamese && kind != Kind::Basic {
                        // Siamese fish may join a finned and a sashimi fish: keep both kinds.
                        let other = if kind == Kind::Finned { Kind::Sashimi } else { Kind::Finned };
                        let twin =
                            fish_step(state, technique, other, digit, base, cover_idx, cover_range.start);
                        found.extend(step.iter().map(|s| (s.clone(), true)).chain(twin.map(|s| (s, false))));
                    }
                    match step {
                        Some(step) => sink(step),
                        None => ControlFlow::Continue(()),
                    }
                })
            })?;
            // Siamese fish: two finned fish on the same base lines (at least one of the kind asked
            // for), eliminations combined.
            for i in 0..found.len() {
                for j in i + 1..found.len() {
                    let ((x, x_kind), (y, y_kind)) = (&found[i], &found[j]);
                    if (*x_kind || *y_kind)
                        && x.pattern.base == y.pattern.base
                        && x.eliminations != y.eliminations
                    {
                        let mut step = x.clone();
                        step.pattern
                            .cover
                            .extend(y.pattern.cover.iter().filter(|c| !x.pattern.cover.contains(c)));
                        step.pattern
                            .fins
                            .extend(y.pattern.fins.iter().filter(|f| !x.pattern.fins.contains(f)));
                        step.eliminations.extend(y.eliminations.iter().copied());
                        sink(step)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The fish with base lines `base` and cover lines `cover_start + cover_idx`, if it is of kind
/// `kind` and eliminates something.
fn fish_step(
    state: &State,
    technique: Technique,
    kind: Kind,
    digit: Digit,
    base: &[usize],
    cover_idx: &[usize],
    cover_start: usize,
) -> Option<Step> {
    let houses = state.houses();
    let base_set = base.iter().fold(CellSet::new(), |acc, &h| acc | houses[h].set);
    let cover_set = cover_idx.iter().fold(CellSet::new(), |acc, &i| acc | houses[cover_start + i].set);
    let base_cands = state.digit_cells(digit) & base_set;
    let fins = base_cands - cover_set;
    let finned = !fins.is_empty();
    if finned != (kind != Kind::Basic) {
        return None;
    }
    let sashimi = finned && base.iter().any(|&h| (state.house_digit_cells(h, digit) - fins).len() <= 1);
    if finned && sashimi != (kind == Kind::Sashimi) {
        return None;
    }
    let mut targets = (state.digit_cells(digit) & cover_set) - base_set;
    if finned {
        targets &= state.common_peers(fins.iter());
    }
    if targets.is_empty() {
        return None;
    }
    let mut step = Step::new(technique, state.shape());
    step.pattern.digits.insert(digit);
    step.pattern.base = base.iter().map(|&h| houses[h].kind).collect();
    step.pattern.cover = cover_idx.iter().map(|&i| houses[cover_start + i].kind).collect();
    step.pattern.fins = fins.iter().map(|c: Cell| Candidate::new(c, digit)).collect();
    step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
    debug_assert!(step.pattern.base.iter().all(|k| matches!(k, HouseKind::Row(_) | HouseKind::Col(_))));
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::human::examples::assert_finds;
    use crate::human::Technique;

    /// HoDoKu's example page for X-Wing (show_example.php?file=bf202): `X-Wing: 1 c15 r25`.
    #[test]
    fn hodoku_x_wing_example() {
        assert_finds(
            ":0300:1:9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91+428+24+9.+8+7..5+51+8.+2...+7::124 127 128 129 153 154 157 158 159::",
            Technique::XWing,
            "r2c4789<>1, r5c34789<>1",
        );
    }
}
