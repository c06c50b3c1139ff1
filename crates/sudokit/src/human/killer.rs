//! Killer cages: the techniques that use a cage's sum, not only that its digits differ.
//!
//! - **Cage Combination**: a cage's digits are one of the ways its sum splits into different digits
//!   that fit its cells' candidates (17 in three cells: 1+7+9 or 2+6+9, …). A candidate that no such
//!   way puts in its cell goes; the last open cell of a cage is placed. A digit in every way is in
//!   the cage, so it also leaves the cells outside that see every cell of the cage that can hold it
//!   (3 in two cells of a row is 1+2: no other 1 or 2 in that row).
//! - **Innies** and **Outies** (the rule of 45): `k` whole houses hold every digit `k` times, so on
//!   9×9 they add up to 45·k. Take away the cages wholly inside them: the cells left, the innies, add
//!   up to the rest. The cages that cross the houses' edge add up to their sums; take away the
//!   innies (when every innie is in such a cage): the cells of those cages outside the houses, the
//!   outies, add up to the rest. A group of at most [`MAX_GROUP`] open cells with a known total is
//!   then searched as a cage of its own, except that its digits differ only where its cells see
//!   each other.
//! - **Cage Interaction**: the cages wholly inside one house and the house's other cells hold its
//!   digits once each, so the cages' combinations must not share a digit, and what they leave must
//!   fit the other cells. A combination that fits with no choice of the others' goes, and with it
//!   the candidates only it allowed; the other cells keep only the digits some choice leaves them
//!   (a 3 in two cells of a row, 1+2, and an 11 in two, 2+9, 3+8, 4+7 or 5+6, leave 2+9 out). It
//!   comes after the classic subsets, so that the other cells' own pairs and triples are found as
//!   such.
//!
//! For Innies and Outies, the houses taken together are each house alone, runs of adjacent rows, of
//! adjacent columns, and of adjacent boxes within a band or a stack, smallest first.
//!
//! The forcing nets of a killer board also narrow the cages as they spread, each round, as Cage
//! Combination would ([`sum_eliminations`]; a cage that can no longer add up is a contradiction).
//!
//! All are exact, not heuristic: a candidate goes only when no assignment of the group's cells
//! from their candidates (different digits where the rules say so) reaches the total with it. The
//! search walks the cells one by one, keeping the set of digits used so far for a cage (at most
//! `C(side, cells)` sets; a cage on a big board with more than [`MAX_STATES`] is left alone), and
//! every assignment for a group of innies or outies; Cage Interaction tries every choice of the
//! house's cages' combinations (a house with more than [`MAX_CHOICES`] is left alone).
//!
//! Definitions: the cage combination tables and the rule of 45 of killer sudoku guides
//! (SudokuWiki's killer strategies, the Wikipedia article "Killer sudoku").

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::ops::ControlFlow;

use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, CellGroup, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit, DigitSet};
use crate::rules::{Cage, HouseKind};

/// The most open cells of a group of innies or outies searched: more would not be a step a player
/// takes, and the search grows as `side^cells`.
pub(crate) const MAX_GROUP: usize = 4;

/// The most sets of used digits a cage's search keeps (a cage of 12 cells on 25×25 could need
/// millions).
pub(crate) const MAX_STATES: usize = 200_000;

/// The most choices of combinations Cage Interaction tries in one house before leaving it (cages
/// of many cells on a big board can each be made in hundreds of ways).
pub(crate) const MAX_CHOICES: usize = 50_000;

/// Reports the steps of `technique` (a killer technique) on a board with cages.
pub(crate) fn find(state: &State, technique: Technique, _: &FindOptions, sink: Sink<'_>) -> ControlFlow<()> {
    let cages = state.board().cages();
    if cages.is_empty() {
        return ControlFlow::Continue(());
    }
    match technique {
        Technique::CageCombination => combinations(state, cages, sink),
        Technique::Innies | Technique::Outies => innies_and_outies(state, cages, technique, sink),
        Technique::CageInteraction => interactions(state, cages, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The digits `cell` may hold: its value once placed, else its candidates.
fn options(state: &State, cell: Cell) -> DigitSet {
    state.value(cell).map_or_else(|| state.candidates(cell), DigitSet::single)
}

/// The sum of the digits of `set`.
fn digit_sum(set: DigitSet) -> u32 {
    bits_sum(set.bits())
}

/// Cage Combination, smallest cages first.
fn combinations(state: &State, cages: &[Cage], sink: Sink<'_>) -> ControlFlow<()> {
    let mut order: Vec<usize> = (0..cages.len()).collect();
    order.sort_by_key(|&i| cages[i].cells.len());
    for i in order {
        let cage = &cages[i];
        if cage.cells.iter().all(|&c| state.value(c).is_some()) {
            continue;
        }
        let opts: Vec<DigitSet> = cage.cells.iter().map(|&c| options(state, c)).collect();
        let Some(ways) = different_digit_ways(&opts, cage.sum) else { continue };
        let mut step = Step::new(Technique::CageCombination, state.shape());
        let mut cells = cage.cells.clone();
        cells.sort_unstable();
        step.pattern.houses.push(HouseKind::Cage(i as u16));
        step.pattern.total = Some(cage.sum);
        step.pattern.sets =
            ways.sets.iter().map(|&digits| CellGroup { cells: cells.clone(), digits }).collect();
        step.pattern.cells = cells;
        results(state, &cage.cells, &ways.cells, &mut step);
        if step.placements.is_empty() {
            locked_in_cage(state, cage, &ways, &mut step);
        }
        if step.is_productive() {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The options of every cell of every cage of `state`, cage by cage, as [`sum_eliminations`]
/// compares them.
pub(crate) fn cage_options(state: &State) -> Vec<Vec<DigitSet>> {
    state.board().cages().iter().map(|cage| cage.cells.iter().map(|&c| options(state, c)).collect()).collect()
}

/// What the cages' sums rule out on `state`, for the forcing nets of killer puzzles: the candidates
/// of open cells that no way of their cage uses (as Cage Combination finds them, without a step).
/// Only the cages whose cells' options differ from `seen` (the options they were last searched
/// with, see [`cage_options`]; updated here) are searched: a net narrows a few cages at a time.
/// `None` when a cage can no longer add up to its sum: the state is a dead end. A cage too big to
/// search whole (see [`MAX_STATES`]) is left alone.
pub(crate) fn sum_eliminations(state: &State, seen: &mut [Vec<DigitSet>]) -> Option<Vec<(Cell, Digit)>> {
    let mut out = Vec::new();
    for (cage, seen) in state.board().cages().iter().zip(seen) {
        let mut changed = false;
        for (&c, o) in cage.cells.iter().zip(seen.iter_mut()) {
            let now = options(state, c);
            changed |= now != *o;
            *o = now;
        }
        if !changed {
            continue;
        }
        match different_digit_ways(seen, cage.sum) {
            Some(ways) => {
                for (&c, &keep) in cage.cells.iter().zip(&ways.cells) {
                    out.extend(state.candidates(c).difference(keep).iter().map(|d| (c, d)));
                }
            }
            // No way at all, unless the search stopped at its bound: it keeps fewer than
            // `2^side` sets of digits a cell, so a cage small enough never reaches it.
            None if cage.cells.len() << state.side() < MAX_STATES => return None,
            None => {}
        }
    }
    Some(out)
}

/// A digit in every way of a cage is in the cage: it leaves every cell outside that sees all the
/// cage's cells that can hold it.
fn locked_in_cage(state: &State, cage: &Cage, ways: &Ways, step: &mut Step) {
    let required = ways.sets.iter().fold(DigitSet::all(state.shape()), |acc, &s| acc.intersection(s));
    let inside: CellSet = cage.cells.iter().copied().collect();
    for digit in required.iter() {
        if cage.cells.iter().any(|&c| state.value(c) == Some(digit)) {
            continue;
        }
        let holders = cage.cells.iter().zip(&ways.cells).filter(|(_, w)| w.contains(digit)).map(|(&c, _)| c);
        let targets = state.common_peers(holders) & state.digit_cells(digit);
        step.eliminations.extend((targets - inside).iter().map(|c| Candidate::new(c, digit)));
    }
}

/// What a search of a group found: for each cell the digits some assignment puts there, and (for a
/// cage) the sets of digits the assignments use.
#[derive(Clone, Debug, PartialEq)]
struct Ways {
    cells: Vec<DigitSet>,
    sets: Vec<DigitSet>,
}

/// The sum of the digits of a set given as bits (bit `d - 1` for digit `d`).
fn bits_sum(mut bits: u32) -> u32 {
    let mut sum = 0;
    while bits != 0 {
        sum += bits.trailing_zeros() + 1;
        bits &= bits - 1;
    }
    sum
}

/// A set of sets of digits (bit `d - 1` for digit `d`), as a cage's search keeps them, listed in
/// the order they came: a bit map tells which are in while the digits are few (the search runs for
/// every cage in every round of a killer puzzle's forcing nets, where hashing showed in the
/// profile), else a hash set.
struct DigitSets {
    seen: Seen,
    members: Vec<u32>,
}

/// Which sets a [`DigitSets`] holds.
enum Seen {
    Bits(Vec<u64>),
    Hashed(HashSet<u32>),
}

/// The most digits for which [`DigitSets`] keeps a bit map (`2^12` bits, 512 bytes).
const DENSE_DIGITS: u32 = 12;

impl DigitSets {
    /// An empty set for sets of the digits up to `width`.
    fn new(width: u32) -> DigitSets {
        let seen = if width <= DENSE_DIGITS {
            Seen::Bits(vec![0; (1usize << width).div_ceil(64)])
        } else {
            Seen::Hashed(HashSet::default())
        };
        DigitSets { seen, members: Vec::new() }
    }

    fn insert(&mut self, set: u32) {
        let new = match &mut self.seen {
            Seen::Bits(bits) => {
                let (word, bit) = (set as usize / 64, set % 64);
                let new = bits[word] >> bit & 1 == 0;
                bits[word] |= 1 << bit;
                new
            }
            Seen::Hashed(h) => h.insert(set),
        };
        if new {
            self.members.push(set);
        }
    }

    fn contains(&self, set: u32) -> bool {
        match &self.seen {
            Seen::Bits(bits) => bits[set as usize / 64] >> (set % 64) & 1 != 0,
            Seen::Hashed(h) => h.contains(&set),
        }
    }
}

/// The most searches [`different_digit_ways`] remembers on a thread before it starts afresh: a
/// couple of megabytes at most on 9×9 (a few hundred bytes an entry), and on 300 generated killer
/// puzzles nearly as fast as eight times as many.
const MEMO_ENTRIES: usize = 1 << 13;

/// The ways [`different_digit_ways`] found, by the options searched and the total (the last word
/// of the key). A killer puzzle's forcing nets search the same cages with the same options over and
/// over, from one assumption to the next and one round to the next: in the profile of `explain`
/// over generated killer puzzles the search took two thirds of the time.
#[derive(Default)]
struct WaysMemo {
    found: HashMap<Vec<u32>, Option<Ways>>,
    /// The key being looked up, kept so that a lookup allocates nothing.
    key: Vec<u32>,
}

thread_local! {
    static WAYS: std::cell::RefCell<WaysMemo> = std::cell::RefCell::new(WaysMemo::default());
}

/// The assignments of different digits to cells with these options that add up to `total`. `None`
/// when there is none (the state contradicts the cage; other techniques show it) or the search would
/// keep more than [`MAX_STATES`] sets. Remembered per thread: the answer depends on nothing else.
fn different_digit_ways(opts: &[DigitSet], total: u32) -> Option<Ways> {
    WAYS.with(|memo| {
        let WaysMemo { found, key } = &mut *memo.borrow_mut();
        key.clear();
        key.extend(opts.iter().map(|o| o.bits()));
        key.push(total);
        if let Some(ways) = found.get(key.as_slice()) {
            return ways.clone();
        }
        let ways = search_ways(opts, total);
        if found.len() >= MEMO_ENTRIES {
            found.clear();
        }
        found.insert(key.clone(), ways.clone());
        ways
    })
}

/// [`different_digit_ways`], searched.
fn search_ways(opts: &[DigitSet], total: u32) -> Option<Ways> {
    let width = 32 - opts.iter().fold(0u32, |acc, o| acc | o.bits()).leading_zeros();
    // layers[i]: the sets of digits the first i cells can take, different, not over the total.
    let mut first = DigitSets::new(width);
    first.insert(0);
    let mut layers: Vec<DigitSets> = vec![first];
    let mut kept = 1;
    for &o in opts {
        let mut next = DigitSets::new(width);
        for &used in &layers.last()?.members {
            let sum = bits_sum(used);
            for d in o.iter() {
                let bit = 1u32 << d.index();
                if used & bit == 0 && sum + u32::from(d.get()) <= total {
                    next.insert(used | bit);
                }
            }
        }
        kept += next.members.len();
        if kept > MAX_STATES {
            return None;
        }
        layers.push(next);
    }
    // Walk back from the sets with the right sum, keeping only the sets that lead to one.
    let last = layers.pop()?;
    let mut good = DigitSets::new(width);
    for &set in last.members.iter().filter(|&&s| bits_sum(s) == total) {
        good.insert(set);
    }
    if good.members.is_empty() {
        return None;
    }
    let mut sets: Vec<DigitSet> = good.members.iter().map(|&s| DigitSet::from_bits(s)).collect();
    sets.sort_unstable_by_key(|s| {
        let digits: Vec<u8> = s.iter().map(Digit::get).collect();
        digits
    });
    let mut cells = vec![DigitSet::new(); opts.len()];
    for (i, layer) in layers.iter().enumerate().rev() {
        let mut before = DigitSets::new(width);
        for &used in &layer.members {
            for d in opts[i].iter() {
                let bit = 1u32 << d.index();
                if used & bit == 0 && good.contains(used | bit) {
                    cells[i].insert(d);
                    before.insert(used);
                }
            }
        }
        good = before;
    }
    Some(Ways { cells, sets })
}

/// The assignments of `cells` (open, with their candidates) that add up to `total`, digits
/// different where two cells see each other: for each cell the digits some assignment puts there.
/// `None` when there is none.
fn group_ways(state: &State, cells: &[Cell], total: u32) -> Option<Vec<DigitSet>> {
    fn walk(
        state: &State,
        cells: &[Cell],
        i: usize,
        left: u32,
        chosen: &mut Vec<Digit>,
        found: &mut [DigitSet],
    ) -> bool {
        let Some(&cell) = cells.get(i) else { return left == 0 };
        let rest = (cells.len() - i - 1) as u32;
        let side = state.side() as u32;
        let mut any = false;
        for d in state.candidates(cell).iter() {
            let v = u32::from(d.get());
            // The cells after this one hold between 1 and `side` each.
            if v > left || left - v < rest || left - v > rest * side {
                continue;
            }
            if cells[..i].iter().zip(chosen.iter()).any(|(&c, &e)| e == d && state.sees(c, cell)) {
                continue;
            }
            chosen.push(d);
            if walk(state, cells, i + 1, left - v, chosen, found) {
                found[i].insert(d);
                any = true;
            }
            chosen.pop();
        }
        any
    }
    let mut found = vec![DigitSet::new(); cells.len()];
    walk(state, cells, 0, total, &mut Vec::new(), &mut found).then_some(found)
}

/// Fills the results of `step`: the one open cell of the group placed, else every candidate of an
/// open cell that `ways` does not allow eliminated.
fn results(state: &State, cells: &[Cell], ways: &[DigitSet], step: &mut Step) {
    let open: Vec<(Cell, DigitSet)> =
        cells.iter().zip(ways).filter(|(&c, _)| state.value(c).is_none()).map(|(&c, &w)| (c, w)).collect();
    if let [(cell, allowed)] = open[..] {
        if let Some(digit) = allowed.only() {
            step.placements.push(Candidate::new(cell, digit));
            return;
        }
    }
    for (cell, allowed) in open {
        for d in state.candidates(cell).difference(allowed).iter() {
            step.eliminations.push(Candidate::new(cell, d));
        }
    }
}

/// Whole houses taken together: their kinds and their cells.
struct Area {
    houses: Vec<HouseKind>,
    cells: CellSet,
}

/// The areas the rule of 45 looks at (see the [module docs](self)), fewest houses first.
fn areas(state: &State) -> Vec<Area> {
    let houses = state.houses();
    let mut out: Vec<Area> = houses.iter().map(|h| Area { houses: vec![h.kind], cells: h.set }).collect();
    let of_kind = |kind: fn(u8) -> HouseKind| -> Vec<usize> {
        (0..state.side()).filter_map(|i| houses.iter().position(|h| h.kind == kind(i as u8))).collect()
    };
    let shape = state.shape();
    let (across, down) = (shape.side() / shape.box_cols(), shape.side() / shape.box_rows());
    let boxes = of_kind(HouseKind::Box);
    let mut runs: Vec<Vec<usize>> = Vec::new();
    for line in [of_kind(HouseKind::Row), of_kind(HouseKind::Col)] {
        for len in 2..line.len() {
            runs.extend(line.windows(len).map(<[usize]>::to_vec));
        }
    }
    if boxes.len() == shape.side() {
        for band in 0..down {
            let row: Vec<usize> = (0..across).map(|s| boxes[band * across + s]).collect();
            for len in 2..across {
                runs.extend(row.windows(len).map(<[usize]>::to_vec));
            }
        }
        for stack in 0..across {
            let col: Vec<usize> = (0..down).map(|b| boxes[b * across + stack]).collect();
            for len in 2..down {
                runs.extend(col.windows(len).map(<[usize]>::to_vec));
            }
        }
    }
    runs.sort_by_key(Vec::len);
    for run in runs {
        let cells = run.iter().fold(CellSet::new(), |acc, &h| acc | houses[h].set);
        out.push(Area { houses: run.iter().map(|&h| houses[h].kind).collect(), cells });
    }
    out
}

/// Innies or Outies: every area's group of at most [`MAX_GROUP`] open cells with a known total;
/// placements first, then the smallest groups, then the fewest houses.
fn innies_and_outies(state: &State, cages: &[Cage], technique: Technique, sink: Sink<'_>) -> ControlFlow<()> {
    let side = state.side() as u32;
    let house_total = side * (side + 1) / 2;
    let cage_cells: Vec<CellSet> = cages.iter().map(|c| c.cells.iter().copied().collect()).collect();
    let mut steps = Vec::new();
    let mut seen = HashSet::default();
    for area in areas(state) {
        let mut innies = area.cells;
        let mut inner = 0;
        let mut crossing = CellSet::new();
        let mut crossing_sum = 0;
        for (cage, cells) in cages.iter().zip(&cage_cells) {
            if cells.intersection(area.cells).is_empty() {
                continue;
            }
            if cells.is_subset(&area.cells) {
                inner += cage.sum;
                innies -= *cells;
            } else {
                crossing |= *cells;
                crossing_sum += cage.sum;
            }
        }
        let Some(innie_total) = (house_total * area.houses.len() as u32).checked_sub(inner) else { continue };
        let (group, total) = if technique == Technique::Innies {
            (innies, Some(innie_total))
        } else if innies.is_subset(&crossing) {
            (crossing - area.cells, crossing_sum.checked_sub(innie_total))
        } else {
            continue;
        };
        let placed: u32 = group.iter().filter_map(|c| state.value(c)).map(|d| u32::from(d.get())).sum();
        let Some(total) = total.and_then(|t| t.checked_sub(placed)) else { continue };
        let open: Vec<Cell> = group.iter().filter(|&c| state.value(c).is_none()).collect();
        if open.is_empty() || open.len() > MAX_GROUP || !seen.insert((open.clone(), total)) {
            continue;
        }
        let Some(ways) = group_ways(state, &open, total) else { continue };
        let mut step = Step::new(technique, state.shape());
        step.pattern.houses = area.houses;
        step.pattern.total = Some(total);
        results(state, &open, &ways, &mut step);
        step.pattern.cells = open;
        if step.is_productive() {
            steps.push(step);
        }
    }
    steps.sort_by_key(|s| (s.placements.is_empty(), s.pattern.cells.len(), s.pattern.houses.len()));
    for step in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// One cage of a house for Cage Interaction: its index, its cells' options, and the ways it can be
/// made.
struct Member {
    index: usize,
    opts: Vec<DigitSet>,
    sets: Vec<DigitSet>,
}

/// Cage Interaction in every house with a cage wholly inside.
fn interactions(state: &State, cages: &[Cage], sink: Sink<'_>) -> ControlFlow<()> {
    let cage_cells: Vec<CellSet> = cages.iter().map(|c| c.cells.iter().copied().collect()).collect();
    'houses: for house in state.houses() {
        let mut members = Vec::new();
        let mut covered = CellSet::new();
        for (index, cage) in cages.iter().enumerate() {
            if !cage_cells[index].is_subset(&house.set) {
                continue;
            }
            covered |= cage_cells[index];
            if cage.cells.iter().all(|&c| state.value(c).is_some()) {
                // Its digits are placed: they count among the house's placed digits below.
                covered -= cage_cells[index];
                continue;
            }
            let opts: Vec<DigitSet> = cage.cells.iter().map(|&c| options(state, c)).collect();
            // A cage that cannot be made is a contradiction for other techniques to show.
            let Some(ways) = different_digit_ways(&opts, cage.sum) else { continue 'houses };
            members.push(Member { index, opts, sets: ways.sets });
        }
        if members.is_empty() {
            continue;
        }
        // The house's cells outside its open cages: the digits placed there, and the open ones.
        let rest = house.set - covered;
        let placed = rest.iter().filter_map(|c| state.value(c)).fold(DigitSet::new(), |mut acc, d| {
            acc.insert(d);
            acc
        });
        let open: Vec<Cell> = rest.iter().filter(|&c| state.value(c).is_none()).collect();
        let Some(found) = house_choices(state, &members, placed, &open) else { continue };
        if let Some(step) = interaction_step(state, cages, house.kind, &members, &open, &found) {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// What the choices of one combination per cage of a house allow: which combinations are in some
/// choice that fits, and the digits such choices leave each open cell outside the cages.
struct Choices {
    alive: Vec<Vec<bool>>,
    rest: Vec<DigitSet>,
}

/// The search of [`house_choices`].
struct ChoiceSearch<'a> {
    state: &'a State,
    members: &'a [Member],
    open: &'a [Cell],
    all: DigitSet,
    tried: usize,
    /// What the other cells can take once the cages use a set of digits (many choices use the
    /// same).
    rest_of: HashMap<u32, Option<Vec<DigitSet>>>,
    chosen: Vec<usize>,
    found: Choices,
}

impl ChoiceSearch<'_> {
    /// Chooses a combination for member `k` on, the digits `used` taken; `None` past the budget.
    fn walk(&mut self, k: usize, used: DigitSet) -> Option<()> {
        self.tried += 1;
        if self.tried > MAX_CHOICES {
            return None;
        }
        let Some(member) = self.members.get(k) else {
            self.fit_rest(used);
            return Some(());
        };
        for (j, &set) in member.sets.iter().enumerate() {
            if set.intersection(used).is_empty() {
                self.chosen.push(j);
                self.walk(k + 1, used.union(set))?;
                self.chosen.pop();
            }
        }
        Some(())
    }

    /// Every cage has its combination: the open cells outside take the digits left, one each.
    fn fit_rest(&mut self, used: DigitSet) {
        let left = self.all.difference(used);
        let (state, open) = (self.state, self.open);
        let rest = self.rest_of.entry(used.bits()).or_insert_with(|| {
            if open.is_empty() {
                return left.is_empty().then(Vec::new);
            }
            let opts: Vec<DigitSet> = open.iter().map(|&c| state.candidates(c).intersection(left)).collect();
            // As many cells as digits left, all different: they take exactly those.
            different_digit_ways(&opts, digit_sum(left)).map(|w| w.cells)
        });
        let Some(cells) = rest else { return };
        for (alive, &j) in self.found.alive.iter_mut().zip(&self.chosen) {
            alive[j] = true;
        }
        for (r, c) in self.found.rest.iter_mut().zip(cells.iter()) {
            *r = r.union(*c);
        }
    }
}

/// Tries every choice of one combination per member cage, no digit in two, the other open cells
/// taking the digits left (different, from their candidates). `None` when some cage has no
/// combination in a choice that fits (a contradiction) or there are more than [`MAX_CHOICES`].
fn house_choices(state: &State, members: &[Member], placed: DigitSet, open: &[Cell]) -> Option<Choices> {
    let mut search = ChoiceSearch {
        state,
        members,
        open,
        all: DigitSet::all(state.shape()),
        tried: 0,
        rest_of: HashMap::default(),
        chosen: Vec::new(),
        found: Choices {
            alive: members.iter().map(|m| vec![false; m.sets.len()]).collect(),
            rest: vec![DigitSet::new(); open.len()],
        },
    };
    search.walk(0, placed)?;
    let found = search.found;
    found.alive.iter().all(|a| a.contains(&true)).then_some(found)
}

/// The step of a house's choices, when they remove a candidate: the cages with the combinations
/// left, each open cell of a cage kept to the digits those combinations put there, each other open
/// cell to the digits the choices leave it. `None` also when no combination goes and no cell outside
/// the cages loses a digit: what is left is each cage's Cage Combination, a step of its own.
fn interaction_step(
    state: &State,
    cages: &[Cage],
    house: HouseKind,
    members: &[Member],
    open: &[Cell],
    found: &Choices,
) -> Option<Step> {
    let mut step = Step::new(Technique::CageInteraction, state.shape());
    step.pattern.houses.push(house);
    let dropped = found.alive.iter().any(|alive| alive.contains(&false));
    for (member, alive) in members.iter().zip(&found.alive) {
        let cage = &cages[member.index];
        let kept: Vec<DigitSet> =
            member.sets.iter().zip(alive).filter(|(_, &a)| a).map(|(&s, _)| s).collect();
        let mut allowed = vec![DigitSet::new(); cage.cells.len()];
        for &set in &kept {
            let opts: Vec<DigitSet> = member.opts.iter().map(|o| o.intersection(set)).collect();
            if let Some(ways) = different_digit_ways(&opts, cage.sum) {
                allowed.iter_mut().zip(&ways.cells).for_each(|(a, w)| *a = a.union(*w));
            }
        }
        for (&cell, allowed) in cage.cells.iter().zip(&allowed) {
            if state.value(cell).is_none() {
                let gone = state.candidates(cell).difference(*allowed);
                step.eliminations.extend(gone.iter().map(|d| Candidate::new(cell, d)));
            }
        }
        let mut cells = cage.cells.clone();
        cells.sort_unstable();
        step.pattern.houses.push(HouseKind::Cage(member.index as u16));
        step.pattern.sets.extend(kept.iter().map(|&digits| CellGroup { cells: cells.clone(), digits }));
        step.pattern.cells.extend(cells);
    }
    let in_cages = step.eliminations.len();
    for (&cell, allowed) in open.iter().zip(&found.rest) {
        let gone = state.candidates(cell).difference(*allowed);
        step.eliminations.extend(gone.iter().map(|d| Candidate::new(cell, d)));
    }
    if !dropped && step.eliminations.len() == in_cages {
        return None;
    }
    step.pattern.cells.sort_unstable();
    step.is_productive().then_some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::human::{find_all, solve, SolverOptions};
    use crate::rules::Board;
    use std::sync::Arc;

    /// A generated killer puzzle: two givens and 24 cages, `sum:cells`.
    const GIVENS: &str = ".............................................................2...........4......8";
    const CAGES: &str = "19:r1c1,r2c1,r2c2 11:r1c2,r1c3 24:r1c4,r2c4,r2c5 10:r1c5,r1c6,r2c6 12:r1c7,r2c7 \
        7:r1c8,r2c8 3:r1c9,r2c9 10:r2c3,r3c3,r3c4,r4c4 11:r3c1,r4c1 18:r3c2,r4c2,r4c3 \
        16:r3c5,r4c5,r4c6 28:r3c6,r3c7,r3c8,r3c9,r4c8 19:r4c7,r5c6,r5c7 \
        30:r4c9,r5c8,r5c9,r6c7,r6c8,r6c9 15:r5c1,r5c2 8:r5c3,r5c4,r6c3 25:r5c5,r6c4,r6c5,r6c6 \
        15:r6c1,r7c1,r8c1,r9c1 27:r6c2,r7c2,r7c3,r8c2,r8c3,r9c2 24:r7c4,r8c4,r9c3,r9c4 \
        18:r7c5,r7c6,r7c7,r8c5 37:r7c8,r7c9,r8c8,r8c9,r9c8,r9c9 5:r8c6,r8c7 13:r9c5,r9c6,r9c7";

    fn killer_state() -> State {
        let shape = Shape::CLASSIC;
        let cages = CAGES.split_whitespace().map(|spec| {
            let (sum, cells) = spec.split_once(':').expect("sum:cells");
            let cells = cells
                .split(',')
                .map(|name| crate::parse::parse_cell_name(name, shape).expect("cell"))
                .collect();
            Cage { sum: sum.parse().expect("sum"), cells }
        });
        let board = Board::classic(shape).with_cages(cages).expect("cages");
        let grid: Grid = GIVENS.parse().expect("givens");
        State::new(Arc::new(board), &grid).expect("state")
    }

    fn texts(state: &State, technique: Technique) -> Vec<String> {
        find_all(state, technique, &FindOptions::default()).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn the_rule_of_45_in_two_rows() {
        let state = killer_state();
        // Rows 1 and 2 hold 90; their seven cages inside hold 86; the one cell left, r2c3, is 4.
        let innies = texts(&state, Technique::Innies);
        assert_eq!(
            innies.first().map(String::as_str),
            Some("Innies: r1,r2: r2c3 = 4 => r2c3=4"),
            "{innies:?}"
        );
        // Its cage of 10 goes on below: the three cells outside add up to 6, so they are 1, 2 and 3.
        let outies = texts(&state, Technique::Outies);
        let expected = "Outies: r1,r2: r3c3,r3c4,r4c4 = 6 => r3c34<>4, r4c4<>4, r3c34<>5, r4c4<>5, \
            r3c34<>6, r4c4<>6, r3c34<>7, r4c4<>7, r3c34<>8, r4c4<>8, r3c34<>9, r4c4<>9";
        assert!(outies.iter().any(|t| t == expected), "{outies:?}");
    }

    #[test]
    fn cage_combinations_list_the_ways_left() {
        let state = killer_state();
        let steps = texts(&state, Technique::CageCombination);
        // Two cells, 3: only 1+2; so no 1 or 2 elsewhere in column 9 or box 3.
        let three = steps.iter().find(|t| t.starts_with("Cage Combination: k7 3 = 1+2 => ")).expect("k7");
        for elimination in ["r1c9<>3", "r2c9<>9", "r1c78<>1", "r3c789<>1", "r8c9<>1", "r3c79<>2"] {
            assert!(three.contains(elimination), "{three}: {elimination}");
        }
        // Three cells, 24: only 7+8+9.
        assert!(steps.iter().any(|t| t.starts_with("Cage Combination: k3 24 = 7+8+9 => ")), "{steps:?}");
        let json = serde_json::to_value(
            find_all(&state, Technique::CageCombination, &FindOptions::default())[0].clone(),
        )
        .expect("json");
        assert_eq!(json["total"], 11);
        assert_eq!(json["houses"][0], "k2");
    }

    #[test]
    fn the_killer_techniques_solve_the_puzzle_without_guessing() {
        let path = solve(killer_state(), SolverOptions::default()).expect("solvable");
        assert!(path.is_solved());
        for step in &path.steps {
            assert_ne!(step.technique, Technique::BruteForce, "{step}");
            for p in &step.placements {
                assert_eq!(path.solution.get(p.cell), Some(p.digit), "{step}");
            }
            for e in &step.eliminations {
                assert_ne!(path.solution.get(e.cell), Some(e.digit), "{step}");
            }
        }
        for t in [Technique::CageCombination, Technique::Innies] {
            assert!(path.steps.iter().any(|s| s.technique == t), "{t} unused");
        }
    }

    /// The forums' example: in a row, a cage of 8 in two cells can be 2+6 or 3+5, and a cell of the
    /// row outside it can only be 3 or 5; so the cage is 2+6, and 2 and 6 leave the row's other
    /// cells. Cage Combination alone sees none of it.
    #[test]
    fn a_cage_cannot_take_what_another_cell_of_its_house_needs() {
        let shape = Shape::CLASSIC;
        let cell = |name: &str| crate::parse::parse_cell_name(name, shape).expect("cell");
        let cage = Cage { sum: 8, cells: vec![cell("r2c2"), cell("r2c3")] };
        let board = Board::classic(shape).with_cages([cage]).expect("a cage");
        let board = Arc::new(board);
        let with = |outside: &[u8]| {
            let mut state = State::new(board.clone(), &Grid::empty(shape)).expect("state");
            for (name, keep) in
                [("r2c2", [2, 3, 5, 6].as_slice()), ("r2c3", &[2, 3, 5, 6]), ("r2c1", outside)]
            {
                for d in (1..=9).filter(|d| !keep.contains(d)) {
                    state.eliminate(cell(name), Digit::new_checked(d, shape).expect("digit"));
                }
            }
            state
        };
        let state = with(&[3, 5]);
        assert!(texts(&state, Technique::CageCombination).is_empty());
        let steps = texts(&state, Technique::CageInteraction);
        assert_eq!(
            steps.first().map(String::as_str),
            Some("Cage Interaction: r2: k1 8 = 2+6 => r2c456789<>2, r2c23<>3, r2c23<>5, r2c456789<>6"),
            "{steps:?}"
        );
        // Box 1 holds the cage and r2c1 too: the same, with the box's other cells.
        assert!(steps.iter().any(|t| t.starts_with("Cage Interaction: b1: k1 8 = 2+6 => ")), "{steps:?}");
        // If it could also be 2, 3+5 leaves it 2: both combinations stay, but 2 is then in the cage
        // or in r2c1 whichever it is, so it still leaves the rest of the row.
        let two = texts(&with(&[2, 3, 5]), Technique::CageInteraction);
        assert_eq!(
            two.first().map(String::as_str),
            Some("Cage Interaction: r2: k1 8 = 2+6 | 3+5 => r2c456789<>2"),
            "{two:?}"
        );
        // Nothing where it could be anything.
        assert!(texts(&with(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), Technique::CageInteraction).is_empty());
        // Nor where the cage alone removes candidates (no 4, 8 or 9 in 8 = 1+7 | 2+6 | 3+5): that
        // is the cage's Cage Combination, not an interaction.
        let fresh = State::new(board.clone(), &Grid::empty(shape)).expect("state");
        assert!(!texts(&fresh, Technique::CageCombination).is_empty());
        assert!(texts(&fresh, Technique::CageInteraction).is_empty());
    }

    #[test]
    fn nothing_without_cages() {
        let grid: Grid = GIVENS.parse().expect("givens");
        let state = State::classic(&grid).expect("state");
        for &t in Technique::ALL.iter().filter(|t| t.is_killer()) {
            assert!(texts(&state, t).is_empty(), "{t}");
        }
    }

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().map(|&d| Digit::new_checked(d, Shape::CLASSIC).expect("digit")).fold(
            DigitSet::new(),
            |mut s, d| {
                s.insert(d);
                s
            },
        )
    }

    #[test]
    fn a_cage_keeps_the_digits_of_the_ways_its_sum_splits() {
        let all = set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // 17 in two cells: only 8+9.
        let ways = different_digit_ways(&[all, all], 17).expect("ways");
        assert_eq!(ways.cells, vec![set(&[8, 9]), set(&[8, 9])]);
        assert_eq!(ways.sets, vec![set(&[8, 9])]);
        // 10 in two cells where the first is 1 or 2: 1+9 or 2+8, and nothing else in the second.
        let ways = different_digit_ways(&[set(&[1, 2]), all], 10).expect("ways");
        assert_eq!(ways.cells, vec![set(&[1, 2]), set(&[8, 9])]);
        // 6 in three cells is 1+2+3 whatever the order.
        let ways = different_digit_ways(&[all, all, all], 6).expect("ways");
        assert_eq!(ways.sets, vec![set(&[1, 2, 3])]);
        assert_eq!(ways.cells, vec![set(&[1, 2, 3]); 3]);
        // Candidates can rule a combination out: 17 in three is 1+7+9, 2+6+9, 2+7+8, 3+5+9, 3+6+8,
        // 4+5+8, 4+6+7; with no 9 and no 8 left anywhere only 4+6+7 remains.
        let no_high = set(&[1, 2, 3, 4, 5, 6, 7]);
        let ways = different_digit_ways(&[no_high, no_high, no_high], 17).expect("ways");
        assert_eq!(ways.sets, vec![set(&[4, 6, 7])]);
        // A placed digit is an option of one: 15 with a 9 placed leaves 6 for the other cell.
        let ways = different_digit_ways(&[set(&[9]), all], 15).expect("ways");
        assert_eq!(ways.cells[1], set(&[6]));
        assert!(different_digit_ways(&[set(&[1]), set(&[1])], 2).is_none());
    }

    /// The remembered ways are the ways searched, asked once or again, also once the memory has
    /// filled and started afresh.
    #[test]
    fn remembered_ways_are_the_searched_ones() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let asked: Vec<(Vec<DigitSet>, u32)> = (0..MEMO_ENTRIES + 2_000)
            .map(|_| {
                let r = next();
                let cells = 2 + (r % 4) as usize;
                let opts = (0..cells)
                    .map(|k| DigitSet::from_bits(((r >> (8 + 9 * k)) & 0x1ff) as u32 | 1))
                    .collect();
                (opts, 3 + (next() % 28) as u32)
            })
            .collect();
        for (opts, total) in asked.iter().chain(asked.iter().rev().take(3_000)) {
            assert_eq!(different_digit_ways(opts, *total), search_ways(opts, *total), "{opts:?} {total}");
        }
    }
}
