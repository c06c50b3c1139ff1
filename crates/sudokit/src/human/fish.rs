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

/// What a Franken or mutant fish search looks for: size, finned, and whether it is mutant.
fn classify_complex(technique: Technique) -> Option<(usize, bool, bool)> {
    use Technique as T;
    Some(match technique {
        T::FrankenXWing => (2, false, false),
        T::FrankenSwordfish => (3, false, false),
        T::FrankenJellyfish => (4, false, false),
        T::FrankenSquirmbag => (5, false, false),
        T::FrankenWhale => (6, false, false),
        T::FrankenLeviathan => (7, false, false),
        T::FinnedFrankenXWing => (2, true, false),
        T::FinnedFrankenSwordfish => (3, true, false),
        T::FinnedFrankenJellyfish => (4, true, false),
        T::FinnedFrankenSquirmbag => (5, true, false),
        T::FinnedFrankenWhale => (6, true, false),
        T::FinnedFrankenLeviathan => (7, true, false),
        T::MutantXWing => (2, false, true),
        T::MutantSwordfish => (3, false, true),
        T::MutantJellyfish => (4, false, true),
        T::MutantSquirmbag => (5, false, true),
        T::MutantWhale => (6, false, true),
        T::MutantLeviathan => (7, false, true),
        T::FinnedMutantXWing => (2, true, true),
        T::FinnedMutantSwordfish => (3, true, true),
        T::FinnedMutantJellyfish => (4, true, true),
        T::FinnedMutantSquirmbag => (5, true, true),
        T::FinnedMutantWhale => (6, true, true),
        T::FinnedMutantLeviathan => (7, true, true),
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
    if let Some((size, finned, mutant)) = classify_complex(technique) {
        return complex::find(state, technique, size, finned, mutant, sink);
    }
    let Some((size, kind)) = classify(technique) else { return ControlFlow::Continue(()) };
    let n = state.side();
    if size >= n {
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

/// Franken and mutant fish: base and cover sets of any house kinds, endo fins, cannibalism.
///
/// Following the "Ultimate Fish Guide": `n` base houses and `n` cover houses; the base candidates
/// not covered, and those in two base houses (endo fins), are fins. Without fins each base house puts
/// the digit in a cover house and fills all `n`, so the digit leaves every other cover cell, and a
/// base candidate in two cover houses (cannibalism) cannot hold it; with fins only cells that see
/// every fin lose it. Franken fish take rows and boxes as base and columns and boxes as cover (or
/// the transpose) with a box among them; mutant fish mix freely.
mod complex {
    use super::*;

    fn family(kind: HouseKind) -> u8 {
        match kind {
            HouseKind::Row(_) => 1,
            HouseKind::Col(_) => 2,
            HouseKind::Box(_) | HouseKind::Region(_) => 4,
            _ => 8,
        }
    }

    /// At most this many fins (HoDoKu's default).
    const MAX_FINS: usize = 5;

    pub(super) fn find(
        state: &State,
        technique: Technique,
        size: usize,
        finned: bool,
        mutant: bool,
        sink: Sink<'_>,
    ) -> ControlFlow<()> {
        let houses = state.houses();
        let (rows, cols, blocks) = (1u8, 2u8, 4u8);
        let pools: Vec<(u8, u8)> = if mutant {
            vec![(rows | cols | blocks, rows | cols | blocks)]
        } else {
            vec![(rows | blocks, cols | blocks), (cols | blocks, rows | blocks)]
        };
        for digit in state.all_digits() {
            for &(base_kinds, cover_kinds) in &pools {
                let base_pool: Vec<usize> = (0..houses.len())
                    .filter(|&h| {
                        base_kinds & family(houses[h].kind) != 0 && !state.placed_in(h).contains(digit)
                    })
                    .filter(|&h| state.positions(h, digit) != 0)
                    .collect();
                combinations(&base_pool, size, &mut |base| {
                    let base_mask = base.iter().fold(0u8, |m, &h| m | family(houses[h].kind));
                    let mut cands = CellSet::new();
                    let mut endo = CellSet::new();
                    for &h in base {
                        let c = state.house_digit_cells(h, digit);
                        endo |= cands & c;
                        cands |= c;
                    }
                    if (!finned && !endo.is_empty()) || endo.len() > MAX_FINS {
                        return ControlFlow::Continue(());
                    }
                    let search = Search {
                        state,
                        technique,
                        digit,
                        base,
                        base_mask,
                        cover_kinds,
                        cands,
                        endo,
                        finned,
                        mutant,
                    };
                    search.cover(&mut Vec::with_capacity(size), cands - endo, endo, [0; 4], sink)
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    struct Search<'a> {
        state: &'a State,
        technique: Technique,
        digit: Digit,
        base: &'a [usize],
        base_mask: u8,
        cover_kinds: u8,
        cands: CellSet,
        endo: CellSet,
        finned: bool,
        mutant: bool,
    }

    impl Search<'_> {
        /// Covers the first uncovered candidate with each house that holds it, or makes it a fin.
        /// Each cover set is built once: a candidate is covered by the first house of the set that
        /// holds it, so the branch that takes a later house forbids the earlier ones (`forbidden`,
        /// one bit per house), and the branch that makes it a fin forbids them all.
        fn cover(
            &self,
            covers: &mut Vec<usize>,
            uncovered: CellSet,
            fins: CellSet,
            mut forbidden: [u64; 4],
            sink: Sink<'_>,
        ) -> ControlFlow<()> {
            let houses = self.state.houses();
            let is_forbidden = |f: &[u64; 4], h: usize| h >= 256 || f[h / 64] >> (h % 64) & 1 == 1;
            let Some(x) = uncovered.first() else {
                if covers.len() == self.base.len() {
                    return self.report(covers, fins, sink);
                }
                // Every candidate is covered with houses to spare: the remaining covers only add
                // eliminations, try each (in increasing order, so each set is seen once).
                let last = covers.iter().max().copied().unwrap_or(0);
                for h in last + 1..houses.len() {
                    if self.usable_cover(h)
                        && !is_forbidden(&forbidden, h)
                        && !(self.state.house_digit_cells(h, self.digit) & self.cands).is_empty()
                    {
                        covers.push(h);
                        self.cover(covers, uncovered, fins, forbidden, sink)?;
                        covers.pop();
                    }
                }
                return ControlFlow::Continue(());
            };
            if covers.len() == self.base.len() {
                // No cover left: every uncovered candidate is a fin.
                let all = fins | uncovered;
                if !self.finned || all.len() > MAX_FINS {
                    return ControlFlow::Continue(());
                }
                return self.report(covers, all, sink);
            }
            let holders: Vec<usize> = self
                .state
                .cell_houses(x)
                .iter()
                .map(|&(h, _)| h as usize)
                .filter(|&h| self.usable_cover(h) && !covers.contains(&h) && !is_forbidden(&forbidden, h))
                .collect();
            if covers.len() < self.base.len() {
                for &h in &holders {
                    covers.push(h);
                    self.cover(covers, uncovered - houses[h].set, fins, forbidden, sink)?;
                    covers.pop();
                    forbidden[h / 64] |= 1 << (h % 64);
                }
            }
            if self.finned && fins.len() < MAX_FINS {
                let mut more = fins;
                more.insert(x);
                // Some candidate must see every fin, or the fish can eliminate nothing.
                let seen = self.state.common_peers(more.iter()) & self.state.digit_cells(self.digit);
                if !seen.is_empty() {
                    let mut rest = uncovered;
                    rest.remove(x);
                    for &h in &holders {
                        forbidden[h / 64] |= 1 << (h % 64);
                    }
                    self.cover(covers, rest, more, forbidden, sink)?;
                }
            }
            ControlFlow::Continue(())
        }

        fn usable_cover(&self, h: usize) -> bool {
            self.cover_kinds & family(self.state.houses()[h].kind) != 0 && !self.base.contains(&h)
        }

        fn report(&self, covers: &[usize], fins: CellSet, sink: Sink<'_>) -> ControlFlow<()> {
            let houses = self.state.houses();
            let cover_mask = covers.iter().fold(0u8, |m, &h| m | family(houses[h].kind));
            let basic = (self.base_mask == 1 && cover_mask == 2) || (self.base_mask == 2 && cover_mask == 1);
            let franken = (self.base_mask & !5 == 0 && cover_mask & !6 == 0)
                || (self.base_mask & !6 == 0 && cover_mask & !5 == 0);
            if basic || (franken == self.mutant) || self.finned == fins.is_empty() {
                return ControlFlow::Continue(());
            }
            let digit_cells = self.state.digit_cells(self.digit);
            let mut cover_set = CellSet::new();
            let mut twice = CellSet::new();
            for &h in covers {
                let c = houses[h].set & digit_cells;
                twice |= cover_set & c;
                cover_set |= c;
            }
            let mut targets = (cover_set - self.cands) | (twice & self.cands);
            targets -= fins;
            if !fins.is_empty() {
                targets &= self.state.common_peers(fins.iter());
            }
            if targets.is_empty() {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(self.technique, self.state.shape());
            step.pattern.digits.insert(self.digit);
            step.pattern.base = self.base.iter().map(|&h| houses[h].kind).collect();
            step.pattern.cover = covers.iter().map(|&h| houses[h].kind).collect();
            step.pattern.fins = (fins - self.endo).iter().map(|c| Candidate::new(c, self.digit)).collect();
            step.pattern.endo_fins =
                (fins & self.endo).iter().map(|c| Candidate::new(c, self.digit)).collect();
            step.eliminations = targets.iter().map(|c| Candidate::new(c, self.digit)).collect();
            sink(step)
        }
    }
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
