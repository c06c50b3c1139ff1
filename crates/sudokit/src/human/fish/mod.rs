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
use crate::grid::{Cell, CellSet, Digit};
use crate::rules::HouseKind;

/// A flag set from inside a search closure.
type Flag = std::cell::Cell<bool>;

/// The search of one digit: the digit, its candidates gone since the search last found nothing
/// (see [`per_digit::search_since`](super::memo::per_digit::search_since)), where to send steps,
/// and a flag for the other finned kind (see [`twin_of`]).
type DigitSearch<'a> = dyn Fn(Digit, Option<CellSet>, Sink<'_>, &Flag) -> ControlFlow<()> + 'a;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    let search: &DigitSearch<'_> = if let Some((size, finned, mutant)) = classify_complex(technique) {
        &move |digit, gone, sink, _| complex::find(state, technique, size, finned, mutant, digit, gone, sink)
    } else if let Some((size, kind)) = classify(technique) {
        let n = state.side();
        // Rows and columns are houses `0..n` and `n..2n` on every board sudokit builds (the
        // masks of the cover search rely on it).
        if size >= n || size > basic::MAX_SIZE || state.lines_and_blocks().is_none() {
            return ControlFlow::Continue(());
        }
        &move |digit, gone, sink, twin_seen| {
            find_basic(state, technique, size, kind, options, digit, gone, sink, twin_seen)
        }
    } else {
        return ControlFlow::Continue(());
    };
    let flags = u8::from(options.allow_duals_and_siamese);
    // A finned and a sashimi fish of one size come from the same cover search, told apart at its
    // leaves: a search for one that runs to the end also tells whether the other has any, and the
    // solver asks for the other next. (Siamese fish join the two kinds, so not with them.)
    let twin = classify(technique).and_then(|(size, kind)| twin_of(size, kind)).filter(|_| flags == 0);
    for digit in state.all_digits() {
        let (ran, twin_seen, searched) = (Flag::new(false), Flag::new(false), std::cell::Cell::new(None));
        per_digit::search_since(state, technique, flags, digit, sink, |gone, sink| {
            ran.set(true);
            searched.set(gone);
            search(digit, gone, sink, &twin_seen)
        })?;
        let Some(twin) = twin.filter(|_| ran.get() && !twin_seen.get()) else { continue };
        // A search of the bases that lost candidates only speaks for the others through what was
        // known of the other kind: nothing, on candidates between today's and those searched then.
        let now = state.digit_cells(digit);
        let proven = searched.get().is_none_or(|gone| {
            per_digit::empty_at(state, twin, flags, digit)
                .is_some_and(|cells| now.is_subset(&cells) && cells.is_subset(&(now | gone)))
        });
        if proven {
            per_digit::remember_empty(state, twin, flags, digit);
        }
    }
    ControlFlow::Continue(())
}

/// The finned fish of size `size` for a sashimi one, and the other way round.
fn twin_of(size: usize, kind: Kind) -> Option<Technique> {
    let twin_kind = match kind {
        Kind::Basic => return None,
        Kind::Finned => Kind::Sashimi,
        Kind::Sashimi => Kind::Finned,
    };
    Technique::ALL.iter().copied().find(|&t| classify(t) == Some((size, twin_kind)))
}

/// The basic fish of one digit, on `u128` sets where the board fits them.
#[allow(clippy::too_many_arguments)]
fn find_basic(
    state: &State,
    technique: Technique,
    size: usize,
    kind: Kind,
    options: &FindOptions,
    digit: Digit,
    gone: Option<CellSet>,
    sink: Sink<'_>,
    twin_seen: &Flag,
) -> ControlFlow<()> {
    if bits::fits_u128(state) {
        find_basic_in::<u128>(state, technique, size, kind, options, digit, gone, sink, twin_seen)
    } else {
        find_basic_in::<CellSet>(state, technique, size, kind, options, digit, gone, sink, twin_seen)
    }
}

/// With `gone`, only base lines holding one of those cells (see
/// [`per_digit::search_since`](super::memo::per_digit::search_since)). Sets `twin_seen` when a
/// leaf of the search is a productive fish of the other finned kind (see [`twin_of`]).
#[allow(clippy::too_many_arguments)]
fn find_basic_in<B: Bits>(
    state: &State,
    technique: Technique,
    size: usize,
    kind: Kind,
    options: &FindOptions,
    digit: Digit,
    gone: Option<CellSet>,
    sink: Sink<'_>,
    twin_seen: &Flag,
) -> ControlFlow<()> {
    let tables = Tables::<B>::of(state);
    let gone = gone.map(|g| B::from_set(&g));
    let digit_cells = B::from_set(&state.digit_cells(digit));
    let n = state.side();
    for rows_are_base in [true, false] {
        let (base_range, cover_range) = if rows_are_base { (0..n, n..2 * n) } else { (n..2 * n, 0..n) };
        let lines: Vec<usize> = base_range
            .filter(|&h| !state.placed_in(h).contains(digit) && state.positions(h, digit) != 0)
            .collect();
        let mut found: Vec<(Step, bool)> = Vec::new();
        combinations(&lines, size, &mut |base| {
            if gone.is_some_and(|g| base.iter().all(|&h| (tables.houses[h] & g).none())) {
                return ControlFlow::Continue(());
            }
            let union = base.iter().fold(0u32, |acc, &h| acc | state.positions(h, digit));
            let touched = union.count_ones() as usize;
            if touched < size || (kind == Kind::Basic && touched > size) {
                return ControlFlow::Continue(());
            }
            let search = basic::Base::new(state, &tables, digit, digit_cells, base, union, cover_range.start);
            search.covers(size, kind != Kind::Basic, &mut |leaf| {
                if !options.allow_duals_and_siamese {
                    let leaf_kind = search.kind_of(leaf);
                    if leaf_kind != kind {
                        if leaf_kind != Kind::Basic && !twin_seen.get() && !search.targets(leaf).none() {
                            twin_seen.set(true);
                        }
                        return ControlFlow::Continue(());
                    }
                }
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
    #[allow(clippy::too_many_arguments)]
    pub(super) fn find(
        state: &State,
        technique: Technique,
        size: usize,
        finned: bool,
        mutant: bool,
        digit: Digit,
        gone: Option<CellSet>,
        sink: Sink<'_>,
    ) -> ControlFlow<()> {
        if bits::fits_u128(state) {
            find_in::<u128>(state, technique, size, finned, mutant, digit, gone, sink)
        } else {
            find_in::<CellSet>(state, technique, size, finned, mutant, digit, gone, sink)
        }
    }

    /// With `gone`, only the bases holding one of those cells (see
    /// [`per_digit::search_since`](super::super::memo::per_digit::search_since)).
    #[allow(clippy::too_many_arguments)]
    fn find_in<B: Bits>(
        state: &State,
        technique: Technique,
        size: usize,
        finned: bool,
        mutant: bool,
        digit: Digit,
        gone: Option<CellSet>,
        sink: Sink<'_>,
    ) -> ControlFlow<()> {
        let houses = state.houses();
        let tables = Tables::<B>::of(state);
        let gone = gone.map(|g| B::from_set(&g));
        let digit_cells = B::from_set(&state.digit_cells(digit));
        let (rows, cols, blocks) = (1u8, 2u8, 4u8);
        // Fish use rows, columns and blocks only, and those come first on every board (below 3 × 32
        // houses): a house past `HOUSE_BITS` is never a base or cover set.
        let mut families = [0u8; HOUSE_BITS];
        for (h, house) in houses.iter().enumerate().take(HOUSE_BITS) {
            families[h] = family(house.kind);
        }
        let holders = Holders::of(state, &digit_cells.to_set(), &families);
        let pools: &[(u8, u8)] = if mutant {
            &[(rows | cols | blocks, rows | cols | blocks)]
        } else {
            &[(rows | blocks, cols | blocks), (cols | blocks, rows | blocks)]
        };
        for &(base_kinds, cover_kinds) in pools {
            let base_pool: Vec<usize> = (0..houses.len().min(HOUSE_BITS))
                .filter(|&h| base_kinds & families[h] != 0 && !state.placed_in(h).contains(digit))
                .filter(|&h| state.positions(h, digit) != 0)
                .collect();
            let cover_pool = (0..houses.len().min(HOUSE_BITS))
                .filter(|&h| cover_kinds & families[h] != 0)
                .fold(0u128, |bits, h| bits | 1 << h);
            combinations(&base_pool, size, &mut |base| {
                if gone.is_some_and(|g| base.iter().all(|&h| (tables.houses[h] & g).none())) {
                    return ControlFlow::Continue(());
                }
                let base_mask = base.iter().fold(0u8, |m, &h| m | families[h]);
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
                let usable = base.iter().fold(cover_pool, |bits, &h| bits & !(1 << h));
                let search = Search {
                    state,
                    tables: &tables,
                    families: &families,
                    holders: &holders,
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
                let endo_peers = tables.common_peers(endo);
                // Endo fins are fins whatever the cover: a fish eliminates only candidates seeing
                // them all, so without such a candidate these bases hold none.
                if !endo.none() && (endo_peers & digit_cells).none() {
                    return ControlFlow::Continue(());
                }
                let at = Node { covers: 0, len: 0, kinds: 0, forbidden: 0 };
                search.cover(at, cands.minus(endo), endo, endo_peers, sink)
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Houses a fish may use have indices below this (one bit each in a `u128`).
    const HOUSE_BITS: usize = 128;

    /// The largest fish (Leviathan) has seven covers.
    const MAX_COVERS: usize = 8;

    /// Per candidate cell of the digit: its rows, columns and blocks, in the order the board lists
    /// the cell's houses (the order covers are tried in). Looked up on every node of the cover
    /// search, which would otherwise walk and filter the cell's whole house list each time.
    struct Holders {
        of_cell: Vec<[u8; 4]>,
        len: Vec<u8>,
    }

    impl Holders {
        fn of(state: &State, cells: &CellSet, families: &[u8; HOUSE_BITS]) -> Holders {
            let n = state.shape().cells();
            let (mut of_cell, mut len) = (vec![[0u8; 4]; n], vec![0u8; n]);
            for cell in cells.iter() {
                let i = cell.index();
                for &(h, _) in state.cell_houses(cell) {
                    let h = h as usize;
                    if h < HOUSE_BITS && families[h] & 7 != 0 && usize::from(len[i]) < 4 {
                        of_cell[i][usize::from(len[i])] = h as u8;
                        len[i] += 1;
                    }
                }
            }
            Holders { of_cell, len }
        }

        fn of_cell(&self, cell: Cell) -> &[u8] {
            let i = cell.index();
            &self.of_cell[i][..usize::from(self.len[i])]
        }
    }

    struct Search<'a, B> {
        state: &'a State,
        tables: &'a Tables<B>,
        /// The kind of each house, as in `family`.
        families: &'a [u8; HOUSE_BITS],
        holders: &'a Holders,
        digit_cells: B,
        technique: Technique,
        digit: Digit,
        base: &'a [usize],
        base_mask: u8,
        /// The houses that may be cover sets: of a cover kind and not in the base (one bit per
        /// house).
        usable: u128,
        cands: B,
        endo: B,
        finned: bool,
        mutant: bool,
        /// A Franken fish whose base has no box needs one among its covers (without, it is a
        /// basic fish, which `report` turns down): the last cover is then a box.
        need_block: bool,
    }

    /// The covers chosen so far on the way to a node of the cover search.
    #[derive(Clone, Copy)]
    struct Node {
        /// The covers' house numbers, one per byte in the order chosen: in one word, because
        /// the node is copied on every branch and a byte written into an array just before the
        /// copy reads it stalls the copy.
        covers: u64,
        len: usize,
        /// The kinds of the covers, as in `family`.
        kinds: u8,
        /// Houses no longer allowed as covers: those chosen, and those an earlier branch took
        /// (see `Search::cover`).
        forbidden: u128,
    }

    impl Node {
        fn with(mut self, h: usize, family: u8) -> Node {
            debug_assert!(self.len < MAX_COVERS && h < HOUSE_BITS);
            self.covers |= (h as u64) << (8 * self.len);
            self.len += 1;
            self.kinds |= family;
            self.forbidden |= 1 << h;
            self
        }

        /// The covers' house numbers, in the order chosen.
        fn covers(&self) -> impl Iterator<Item = usize> + '_ {
            (0..self.len).map(|i| (self.covers >> (8 * i) & 0xff) as usize)
        }
    }

    impl<B: Bits> Search<'_, B> {
        /// Covers the first uncovered candidate with each house that holds it, or makes it a fin.
        /// Each cover set is built once: a candidate is covered by the first house of the set that
        /// holds it, so the branch that takes a later house forbids the earlier ones, and the branch
        /// that makes it a fin forbids them all. `fin_peers` are the cells that see every fin (kept
        /// along, not recomputed; meaningless without fins).
        fn cover(
            &self,
            mut at: Node,
            uncovered: B,
            fins: B,
            fin_peers: B,
            sink: Sink<'_>,
        ) -> ControlFlow<()> {
            let n = self.base.len();
            let Some(x) = uncovered.first_cell() else {
                return self.spare(at, fins, fin_peers, sink);
            };
            if at.len + 1 == n {
                return self.last_cover(at, uncovered, fins, fin_peers, sink);
            }
            let allowed = self.usable & !at.forbidden;
            for &h in self.holders.of_cell(x) {
                let h = usize::from(h);
                if allowed >> h & 1 == 1 {
                    self.cover(
                        at.with(h, self.families[h]),
                        uncovered.minus(self.tables.houses[h]),
                        fins,
                        fin_peers,
                        sink,
                    )?;
                    at.forbidden |= 1 << h;
                }
            }
            if let Some((more, more_peers)) = self.add_fin(x, fins, fin_peers) {
                self.cover(at, uncovered.without(x), more, more_peers, sink)?;
            }
            ControlFlow::Continue(())
        }

        /// The fins and their common peers with candidate `x` made a fin too; `None` when no more
        /// fins are allowed, or when no candidate would see every fin (the fish could eliminate
        /// nothing).
        fn add_fin(&self, x: Cell, fins: B, fin_peers: B) -> Option<(B, B)> {
            if !self.finned || fins.count() >= MAX_FINS {
                return None;
            }
            let peers = self.tables.peers[x.index()];
            let more_peers = if fins.none() { peers } else { fin_peers & peers };
            (!(more_peers & self.digit_cells).none()).then(|| (fins.with(x), more_peers))
        }

        /// The last cover, for uncovered candidates `uncovered`: the search of [`Search::cover`]
        /// one level above its leaves, as a loop. Each allowed house holding an uncovered
        /// candidate is tried once, for the first such candidate (the candidates before it having
        /// become fins, which forbids their houses); what it leaves uncovered are fins.
        fn last_cover(
            &self,
            at: Node,
            uncovered: B,
            fins: B,
            fin_peers: B,
            sink: Sink<'_>,
        ) -> ControlFlow<()> {
            // A Franken fish whose base has no box needs one among its covers: this one, if none
            // is yet.
            let block_only = self.need_block && at.kinds & 4 == 0;
            let (mut forbidden, mut rest, mut fins, mut fin_peers) =
                (at.forbidden, uncovered, fins, fin_peers);
            loop {
                let Some(x) = rest.first_cell() else {
                    // Every candidate is a fin or covered, with the last cover to spare.
                    return self.spare(Node { forbidden, ..at }, fins, fin_peers, sink);
                };
                let allowed = self.usable & !forbidden;
                for &h in self.holders.of_cell(x) {
                    let h = usize::from(h);
                    if allowed >> h & 1 == 0 {
                        continue;
                    }
                    if !block_only || self.families[h] == 4 {
                        let leaf = Node { forbidden, ..at }.with(h, self.families[h]);
                        self.leaf(&leaf, rest.minus(self.tables.houses[h]), fins, fin_peers, sink)?;
                    }
                    forbidden |= 1 << h;
                }
                let Some((more, more_peers)) = self.add_fin(x, fins, fin_peers) else {
                    return ControlFlow::Continue(());
                };
                fins = more;
                fin_peers = more_peers;
                rest = rest.without(x);
            }
        }

        /// Every cover chosen: the candidates left uncovered are fins too.
        fn leaf(&self, at: &Node, uncovered: B, fins: B, fin_peers: B, sink: Sink<'_>) -> ControlFlow<()> {
            if uncovered.none() {
                return self.report(at, fins, fin_peers, sink);
            }
            let all = fins | uncovered;
            if !self.finned || all.count() > MAX_FINS {
                return ControlFlow::Continue(());
            }
            let mut all_peers = fin_peers;
            let mut rest = uncovered;
            while let Some(c) = rest.first_cell() {
                let peers = self.tables.peers[c.index()];
                all_peers = if rest == uncovered && fins.none() { peers } else { all_peers & peers };
                // No candidate sees every fin: `report` would find nothing to eliminate.
                if (all_peers & self.digit_cells).none() {
                    return ControlFlow::Continue(());
                }
                rest = rest.without(c);
            }
            self.report(at, all, all_peers, sink)
        }

        /// Every candidate covered or a fin: with covers to spare, each remaining one only adds
        /// eliminations; try each (in increasing order, so each set is seen once).
        fn spare(&self, at: Node, fins: B, fin_peers: B, sink: Sink<'_>) -> ControlFlow<()> {
            let n = self.base.len();
            if at.len == n {
                return self.report(&at, fins, fin_peers, sink);
            }
            let block_only = self.need_block && at.len + 1 == n && at.kinds & 4 == 0;
            let last = at.covers().max().unwrap_or(0);
            let houses = self.state.houses().len().min(HOUSE_BITS);
            for h in last + 1..houses {
                if (self.usable & !at.forbidden) >> h & 1 == 1
                    && (!block_only || self.families[h] == 4)
                    && !(self.tables.houses[h] & self.digit_cells & self.cands).none()
                {
                    self.spare(at.with(h, self.families[h]), fins, fin_peers, sink)?;
                }
            }
            ControlFlow::Continue(())
        }

        fn report(&self, at: &Node, fins: B, fin_peers: B, sink: Sink<'_>) -> ControlFlow<()> {
            let cover_mask = at.kinds;
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
            for h in at.covers() {
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
            let houses = self.state.houses();
            let (fins, endo) = (fins.to_set(), self.endo.to_set());
            let mut step = Step::new(self.technique, self.state.shape());
            step.pattern.digits.insert(self.digit);
            step.pattern.base = self.base.iter().map(|&h| houses[h].kind).collect();
            step.pattern.cover = at.covers().map(|h| houses[h].kind).collect();
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
