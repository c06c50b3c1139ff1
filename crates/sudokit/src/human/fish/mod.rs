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

mod basic;

use std::ops::ControlFlow;

use super::bits::{self, Bits, Tables};
use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, Step};
use super::subsets::combinations;
use super::technique::Technique;
use crate::grid::{CellSet, Digit};
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

/// Reports fish of kind `technique`, digit by digit; for basic fish with
/// `allow_duals_and_siamese`, also the siamese combinations of two finned fish that share their
/// base lines.
///
/// A fish of one digit is a function of that digit's candidates alone: a digit for which the
/// search found nothing is remembered ([`memo::per_digit`](super::memo::per_digit)) and skipped
/// until its candidates change, which spares the step solver most of its fish searches.
pub(crate) fn find(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    use super::memo::per_digit;
    let search: &dyn Fn(Digit, Sink<'_>) -> ControlFlow<()> =
        if let Some((size, finned, mutant)) = classify_complex(technique) {
            &move |digit, sink| complex::find(state, technique, size, finned, mutant, digit, sink)
        } else if let Some((size, kind)) = classify(technique) {
            let n = state.side();
            // Rows and columns are houses `0..n` and `n..2n` on every board sudokit builds (the
            // masks of the cover search rely on it).
            if size >= n || size > basic::MAX_SIZE || state.lines_and_blocks().is_none() {
                return ControlFlow::Continue(());
            }
            &move |digit, sink| find_basic(state, technique, size, kind, options, digit, sink)
        } else {
            return ControlFlow::Continue(());
        };
    let flags = u8::from(options.allow_duals_and_siamese);
    for digit in state.all_digits() {
        per_digit::search(state, technique, flags, digit, sink, |sink| search(digit, sink))?;
    }
    ControlFlow::Continue(())
}

/// The basic fish of one digit, on `u128` sets where the board fits them.
fn find_basic(
    state: &State,
    technique: Technique,
    size: usize,
    kind: Kind,
    options: &FindOptions,
    digit: Digit,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    if bits::fits_u128(state) {
        find_basic_in::<u128>(state, technique, size, kind, options, digit, sink)
    } else {
        find_basic_in::<CellSet>(state, technique, size, kind, options, digit, sink)
    }
}

fn find_basic_in<B: Bits>(
    state: &State,
    technique: Technique,
    size: usize,
    kind: Kind,
    options: &FindOptions,
    digit: Digit,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let tables = Tables::<B>::of(state);
    let digit_cells = B::from_set(&state.digit_cells(digit));
    let n = state.side();
    for rows_are_base in [true, false] {
        let (base_range, cover_range) = if rows_are_base { (0..n, n..2 * n) } else { (n..2 * n, 0..n) };
        let lines: Vec<usize> = base_range
            .filter(|&h| !state.placed_in(h).contains(digit) && state.positions(h, digit) != 0)
            .collect();
        let mut found: Vec<(Step, bool)> = Vec::new();
        combinations(&lines, size, &mut |base| {
            let union = base.iter().fold(0u32, |acc, &h| acc | state.positions(h, digit));
            let touched = union.count_ones() as usize;
            if touched < size || (kind == Kind::Basic && touched > size) {
                return ControlFlow::Continue(());
            }
            let search = basic::Base::new(state, &tables, digit, digit_cells, base, union, cover_range.start);
            search.covers(size, kind != Kind::Basic, &mut |leaf| {
                let step = search.step(technique, kind, leaf);
                if options.allow_duals_and_siamese && kind != Kind::Basic {
                    // Siamese fish may join a finned and a sashimi fish: keep both kinds.
                    let other = if kind == Kind::Finned { Kind::Sashimi } else { Kind::Finned };
                    let twin = search.step(technique, other, leaf);
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
                    step.pattern.fins.extend(y.pattern.fins.iter().filter(|f| !x.pattern.fins.contains(f)));
                    step.eliminations.extend(y.eliminations.iter().copied());
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
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

    /// The Franken or mutant fish of one digit, on `u128` sets where the board fits them.
    pub(super) fn find(
        state: &State,
        technique: Technique,
        size: usize,
        finned: bool,
        mutant: bool,
        digit: Digit,
        sink: Sink<'_>,
    ) -> ControlFlow<()> {
        if bits::fits_u128(state) {
            find_in::<u128>(state, technique, size, finned, mutant, digit, sink)
        } else {
            find_in::<CellSet>(state, technique, size, finned, mutant, digit, sink)
        }
    }

    fn find_in<B: Bits>(
        state: &State,
        technique: Technique,
        size: usize,
        finned: bool,
        mutant: bool,
        digit: Digit,
        sink: Sink<'_>,
    ) -> ControlFlow<()> {
        let houses = state.houses();
        let tables = Tables::<B>::of(state);
        let digit_cells = B::from_set(&state.digit_cells(digit));
        let (rows, cols, blocks) = (1u8, 2u8, 4u8);
        let pools: &[(u8, u8)] = if mutant {
            &[(rows | cols | blocks, rows | cols | blocks)]
        } else {
            &[(rows | blocks, cols | blocks), (cols | blocks, rows | blocks)]
        };
        for &(base_kinds, cover_kinds) in pools {
            let base_pool: Vec<usize> = (0..houses.len())
                .filter(|&h| base_kinds & family(houses[h].kind) != 0 && !state.placed_in(h).contains(digit))
                .filter(|&h| state.positions(h, digit) != 0)
                .collect();
            let cover_pool = usable_houses(state, cover_kinds, &[]);
            combinations(&base_pool, size, &mut |base| {
                let base_mask = base.iter().fold(0u8, |m, &h| m | family(houses[h].kind));
                let mut cands = B::EMPTY;
                let mut endo = B::EMPTY;
                for &h in base {
                    let c = tables.houses[h] & digit_cells;
                    endo |= cands & c;
                    cands |= c;
                }
                if (!finned && !endo.none()) || endo.count() > MAX_FINS {
                    return ControlFlow::Continue(());
                }
                let mut usable = cover_pool;
                for &h in base {
                    if h < 256 {
                        usable[h / 64] &= !(1 << (h % 64));
                    }
                }
                let search = Search {
                    state,
                    tables: &tables,
                    digit_cells,
                    technique,
                    digit,
                    base,
                    base_mask,
                    usable,
                    cands,
                    endo,
                    finned,
                    mutant,
                    need_block: !mutant && base_mask & blocks == 0,
                };
                let mut endo_peers = B::EMPTY;
                let mut rest = endo;
                while let Some(c) = rest.first_cell() {
                    let peers = tables.peers[c.index()];
                    endo_peers = if rest == endo { peers } else { endo_peers & peers };
                    rest = rest.without(c);
                }
                search.cover(&mut Vec::with_capacity(size), cands.minus(endo), endo, endo_peers, [0; 4], sink)
            })?;
        }
        ControlFlow::Continue(())
    }

    struct Search<'a, B> {
        state: &'a State,
        tables: &'a Tables<B>,
        digit_cells: B,
        technique: Technique,
        digit: Digit,
        base: &'a [usize],
        base_mask: u8,
        /// The houses that may be cover sets: of a cover kind and not in the base (one bit per
        /// house; houses past 256 never are, as in `forbidden`).
        usable: [u64; 4],
        cands: B,
        endo: B,
        finned: bool,
        mutant: bool,
        /// A Franken fish whose base has no box needs one among its covers (without, it is a
        /// basic fish, which `report` turns down): the last cover is then a box.
        need_block: bool,
    }

    fn has(bits: &[u64; 4], h: usize) -> bool {
        h < 256 && bits[h / 64] >> (h % 64) & 1 == 1
    }

    /// The houses of kinds `kinds` (bits as in `family`), outside `base`.
    fn usable_houses(state: &State, kinds: u8, base: &[usize]) -> [u64; 4] {
        let mut bits = [0u64; 4];
        for (h, house) in state.houses().iter().enumerate().take(256) {
            if kinds & family(house.kind) != 0 && !base.contains(&h) {
                bits[h / 64] |= 1 << (h % 64);
            }
        }
        bits
    }

    impl<B: Bits> Search<'_, B> {
        /// Covers the first uncovered candidate with each house that holds it, or makes it a fin.
        /// Each cover set is built once: a candidate is covered by the first house of the set that
        /// holds it, so the branch that takes a later house forbids the earlier ones (`forbidden`,
        /// one bit per house), and the branch that makes it a fin forbids them all. `fin_peers`
        /// are the cells that see every fin (kept along, not recomputed; meaningless without fins).
        fn cover(
            &self,
            covers: &mut Vec<usize>,
            uncovered: B,
            fins: B,
            fin_peers: B,
            mut forbidden: [u64; 4],
            sink: Sink<'_>,
        ) -> ControlFlow<()> {
            let houses = &self.tables.houses;
            let is_forbidden = |f: &[u64; 4], h: usize| h >= 256 || f[h / 64] >> (h % 64) & 1 == 1;
            let kinds = self.state.houses();
            let last_must_be_block = self.need_block
                && covers.len() + 1 == self.base.len()
                && covers.iter().all(|&h| family(kinds[h].kind) != 4);
            let Some(x) = uncovered.first_cell() else {
                if covers.len() == self.base.len() {
                    return self.report(covers, fins, fin_peers, sink);
                }
                // Every candidate is covered with houses to spare: the remaining covers only add
                // eliminations, try each (in increasing order, so each set is seen once).
                let last = covers.iter().max().copied().unwrap_or(0);
                for h in last + 1..houses.len() {
                    if has(&self.usable, h)
                        && !is_forbidden(&forbidden, h)
                        && (!last_must_be_block || family(kinds[h].kind) == 4)
                        && !(houses[h] & self.digit_cells & self.cands).none()
                    {
                        covers.push(h);
                        self.cover(covers, uncovered, fins, fin_peers, forbidden, sink)?;
                        covers.pop();
                    }
                }
                return ControlFlow::Continue(());
            };
            if covers.len() == self.base.len() {
                // No cover left: every uncovered candidate is a fin.
                let all = fins | uncovered;
                if !self.finned || all.count() > MAX_FINS {
                    return ControlFlow::Continue(());
                }
                let mut all_peers = fin_peers;
                let mut rest = uncovered;
                while let Some(c) = rest.first_cell() {
                    let peers = self.tables.peers[c.index()];
                    all_peers = if rest == uncovered && fins.none() { peers } else { all_peers & peers };
                    rest = rest.without(c);
                }
                return self.report(covers, all, all_peers, sink);
            }
            let mut holders = [0u16; 32];
            let mut count = 0;
            for &(h, _) in self.state.cell_houses(x) {
                let h16 = h;
                let h = h as usize;
                if has(&self.usable, h) && !covers.contains(&h) && !is_forbidden(&forbidden, h) && count < 32
                {
                    holders[count] = h16;
                    count += 1;
                }
            }
            let holders = &holders[..count];
            if covers.len() < self.base.len() {
                for &h in holders {
                    let h = h as usize;
                    if !last_must_be_block || family(kinds[h].kind) == 4 {
                        covers.push(h);
                        self.cover(covers, uncovered.minus(houses[h]), fins, fin_peers, forbidden, sink)?;
                        covers.pop();
                    }
                    forbidden[h / 64] |= 1 << (h % 64);
                }
            }
            if self.finned && fins.count() < MAX_FINS {
                let more = fins.with(x);
                let peers = self.tables.peers[x.index()];
                let more_peers = if fins.none() { peers } else { fin_peers & peers };
                // Some candidate must see every fin, or the fish can eliminate nothing.
                let seen = more_peers & self.digit_cells;
                if !seen.none() {
                    let rest = uncovered.without(x);
                    for &h in holders {
                        let h = h as usize;
                        forbidden[h / 64] |= 1 << (h % 64);
                    }
                    self.cover(covers, rest, more, more_peers, forbidden, sink)?;
                }
            }
            ControlFlow::Continue(())
        }

        fn report(&self, covers: &[usize], fins: B, fin_peers: B, sink: Sink<'_>) -> ControlFlow<()> {
            let houses = self.state.houses();
            let cover_mask = covers.iter().fold(0u8, |m, &h| m | family(houses[h].kind));
            let basic = (self.base_mask == 1 && cover_mask == 2) || (self.base_mask == 2 && cover_mask == 1);
            let franken = (self.base_mask & !5 == 0 && cover_mask & !6 == 0)
                || (self.base_mask & !6 == 0 && cover_mask & !5 == 0);
            if basic || (franken == self.mutant) || self.finned == fins.none() {
                return ControlFlow::Continue(());
            }
            // Every target sees every fin (and the fins see none of themselves): without such a
            // candidate there is nothing to eliminate, whatever the cover.
            if !fins.none() && (fin_peers & self.digit_cells).none() {
                return ControlFlow::Continue(());
            }
            let mut cover_set = B::EMPTY;
            let mut twice = B::EMPTY;
            for &h in covers {
                let c = self.tables.houses[h] & self.digit_cells;
                twice |= cover_set & c;
                cover_set |= c;
            }
            let mut targets = (cover_set.minus(self.cands) | (twice & self.cands)).minus(fins);
            if !fins.none() {
                debug_assert!(fin_peers.to_set() == self.state.common_peers(fins.to_set().iter()));
                targets &= fin_peers;
            }
            if targets.none() {
                return ControlFlow::Continue(());
            }
            let (fins, endo) = (fins.to_set(), self.endo.to_set());
            let mut step = Step::new(self.technique, self.state.shape());
            step.pattern.digits.insert(self.digit);
            step.pattern.base = self.base.iter().map(|&h| houses[h].kind).collect();
            step.pattern.cover = covers.iter().map(|&h| houses[h].kind).collect();
            step.pattern.fins = (fins - endo).iter().map(|c| Candidate::new(c, self.digit)).collect();
            step.pattern.endo_fins = (fins & endo).iter().map(|c| Candidate::new(c, self.digit)).collect();
            step.eliminations = targets.to_set().iter().map(|c| Candidate::new(c, self.digit)).collect();
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
