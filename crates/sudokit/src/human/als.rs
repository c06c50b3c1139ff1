//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.
//!
//! An *almost locked set* (ALS) is a set of N unsolved cells of one house holding N + 1 digits
//! between them (a cell with two candidates is the smallest). Take one digit away and the rest is
//! locked. Two ALS share a *restricted common candidate* (RCC) `x` when both hold `x` and every
//! cell of one with `x` sees every cell of the other with `x`: at most one of them holds `x`, so
//! the other is locked. Definitions as on HoDoKu's ALS page (hodoku.sourceforge.net/en/tech_als.php)
//! and SudokuWiki's "Almost Locked Sets" and "Death Blossom" pages:
//!
//! - **ALS-XZ**: ALS A and B with RCC `x`; any other common digit `z` is in A or in B, so a cell
//!   seeing every `z` of both loses `z`. With two RCCs (doubly linked) both sets are locked: each
//!   RCC goes from cells seeing all its places in both, every other digit from cells seeing all
//!   its places in its set.
//! - **ALS-XY-Wing**: A and B both linked to a pivot C, by RCCs `x` (A–C) and `y` (B–C), `x ≠ y`:
//!   A or B is locked, so a common digit `z` of A and B (not `x` or `y`) goes from cells seeing all
//!   of them.
//! - **ALS-XY-Chain**: A1 – A2 – … – An, consecutive links by different RCCs: A1 or An is locked,
//!   with the same eliminations for a common digit of the two ends other than the end links' RCCs.
//!   Four sets at least, as HoDoKu counts: three make an ALS-XY-Wing, whose own search has rules of
//!   its own (the pivot's two RCCs differ, the outer sets do not contain each other), and a chain of
//!   three found where the wing's search finds nothing is a step HoDoKu never takes.
//! - **Death Blossom**: a stem cell and, for each of its digits `d`, a petal ALS holding `d` in cells
//!   that all see the stem; whatever the stem holds locks its petal's other digits, so a digit `z`
//!   in every petal goes from cells seeing all petals' `z`.
//!
//! Sets come from every house of the board. Unless [`FindOptions::allow_als_overlap`] is set, the
//! sets of one step share no cell (HoDoKu's default).

use std::ops::ControlFlow;

use super::bits::Bits;
use super::finder::{FindOptions, Sink};
use super::state::State;
use super::step::{Candidate, CellGroup, Step};
use super::technique::Technique;
use crate::grid::{Cell, CellSet, Digit, DigitSet};

/// The largest ALS searched, in cells (every ALS of a 9×9 board fits).
const MAX_ALS_CELLS: usize = 8;

/// One almost locked set.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    pub cells: CellSet,
    pub digits: DigitSet,
    /// Per digit index: the set's cells holding the digit.
    pub digit_cells: Vec<CellSet>,
    /// Per digit index: the cells outside the set that see every cell of the set holding the digit.
    pub buddies: Vec<CellSet>,
}

/// Every ALS of the state, each cell set once, in HoDoKu's order: house by house (rows, columns,
/// boxes, then other houses), the subsets of a house's open cells in lexicographic order, a set
/// found again in a later house skipped. The order decides which chains a forward-only search sees.
pub(crate) fn collect(state: &State) -> Vec<Als> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for house in state.houses() {
        let open: Vec<Cell> = house.cells.iter().copied().filter(|&c| state.value(c).is_none()).collect();
        let limit = MAX_ALS_CELLS.min(open.len().saturating_sub(1));
        let mut chosen = Vec::new();
        subsets(state, &open, 0, limit, &mut chosen, DigitSet::new(), &mut |cells, digits| {
            let set: CellSet = cells.iter().copied().collect();
            if seen.insert(set) {
                out.push(make(state, set, digits));
            }
        });
    }
    out
}

fn subsets(
    state: &State,
    open: &[Cell],
    from: usize,
    limit: usize,
    chosen: &mut Vec<Cell>,
    digits: DigitSet,
    found: &mut dyn FnMut(&[Cell], DigitSet),
) {
    for i in from..open.len() {
        let union = digits | state.candidates(open[i]);
        // A set of at most `limit` cells holds at most `limit + 1` digits; more never comes back down.
        if union.len() > limit + 1 {
            continue;
        }
        chosen.push(open[i]);
        if union.len() == chosen.len() + 1 {
            found(chosen, union);
        }
        if chosen.len() < limit {
            subsets(state, open, i + 1, limit, chosen, union, found);
        }
        chosen.pop();
    }
}

fn make(state: &State, cells: CellSet, digits: DigitSet) -> Als {
    let side = state.side();
    let mut digit_cells = vec![CellSet::new(); side];
    let mut buddies = vec![CellSet::new(); side];
    for d in digits {
        let dc = cells & state.digit_cells(d);
        digit_cells[d.index()] = dc;
        buddies[d.index()] = state.common_peers(dc.iter()) - cells;
    }
    Als { cells, digits, digit_cells, buddies }
}

/// The restricted common candidates of two sets (none when they overlap and overlap is not
/// allowed; a digit in the overlap is never one).
fn rccs(a: &Als, b: &Als, allow_overlap: bool) -> DigitSet {
    let common = a.digits & b.digits;
    if common.is_empty() {
        return common;
    }
    let overlap = a.cells & b.cells;
    if !allow_overlap && !overlap.is_empty() {
        return DigitSet::new();
    }
    let mut out = DigitSet::new();
    for x in common {
        let (ax, bx) = (a.digit_cells[x.index()], b.digit_cells[x.index()]);
        if !(ax & overlap).is_empty() || !(bx & overlap).is_empty() {
            continue;
        }
        if bx.is_subset(&a.buddies[x.index()]) {
            out.insert(x);
        }
    }
    out
}

/// The candidates of `z` outside `exclude` that see every `z` of all `sets`.
fn z_eliminations(state: &State, z: Digit, sets: &[&Als], exclude: CellSet) -> CellSet {
    let mut cells = state.digit_cells(z) - exclude;
    for s in sets {
        cells &= s.buddies[z.index()];
    }
    cells
}

fn group(als: &Als) -> CellGroup {
    CellGroup { cells: als.cells.iter().collect(), digits: als.digits }
}

fn push_step(
    state: &State,
    technique: Technique,
    sets: &[&Als],
    digits: DigitSet,
    elims: &[(CellSet, Digit)],
    out: &mut Vec<Step>,
) {
    // Most candidate patterns eliminate nothing: build a step only for those that do.
    if elims.iter().all(|(cells, _)| cells.is_empty()) {
        return;
    }
    let mut step = Step::new(technique, state.shape());
    step.pattern.digits = digits;
    step.pattern.sets = sets.iter().map(|a| group(a)).collect();
    for &(cells, d) in elims {
        step.eliminations.extend(cells.iter().map(|c| Candidate::new(c, d)));
    }
    if !step.eliminations.is_empty() {
        out.push(step);
    }
}

/// The sets of a state and, for each set, the sets it shares a restricted common candidate with.
pub(crate) struct AlsData {
    pub sets: Vec<Als>,
    pub links: Vec<Vec<(usize, DigitSet)>>,
}

fn data(state: &State, overlap: bool) -> std::rc::Rc<AlsData> {
    use super::memo::search;
    let key = if overlap { search::ALS_OVERLAP } else { search::ALS };
    super::memo::memo(state, key, || {
        let sets = collect(state);
        let links = if super::bits::fits_u128(state) {
            links_in::<u128>(state, &sets, overlap)
        } else {
            links_in::<CellSet>(state, &sets, overlap)
        };
        AlsData { sets, links }
    })
}

/// For each set, the later and earlier sets it shares restricted common candidates with (as
/// [`rccs`] finds them), in set order: the pairs are tested on sets of the form `B`, which on
/// boards of up to 128 cells makes this quadratic loop several times faster.
fn links_in<B: Bits>(state: &State, sets: &[Als], overlap: bool) -> Vec<Vec<(usize, DigitSet)>> {
    let side = state.side();
    let n = sets.len();
    // Dense copies of what the pair loop reads: the sets themselves are large and far apart.
    let cells: Vec<B> = sets.iter().map(|a| B::from_set(&a.cells)).collect();
    let mut digit_cells = vec![B::EMPTY; n * side];
    let mut buddies = vec![B::EMPTY; n * side];
    for (i, a) in sets.iter().enumerate() {
        for d in a.digits {
            digit_cells[i * side + d.index()] = B::from_set(&a.digit_cells[d.index()]);
            buddies[i * side + d.index()] = B::from_set(&a.buddies[d.index()]);
        }
    }
    // The digits by which a set can be linked at all: a restricted common candidate `x` of another
    // set lies in the cells that see every `x` of this one, so where none of those holds `x` the
    // digit links to nothing, and the pair loop leaves it out.
    let candidates: Vec<B> = state.all_digits().iter().map(|x| B::from_set(&state.digit_cells(x))).collect();
    let reach: Vec<DigitSet> = sets
        .iter()
        .enumerate()
        .map(|(i, a)| {
            a.digits
                .iter()
                .filter(|x| !(buddies[i * side + x.index()] & candidates[x.index()]).none())
                .collect()
        })
        .collect();
    let mut links: Vec<Vec<(usize, DigitSet)>> = vec![Vec::new(); n];
    for i in 0..n {
        let (cells_i, reach_i) = (cells[i], reach[i]);
        for j in i + 1..n {
            let common = reach_i & reach[j];
            if common.is_empty() {
                continue;
            }
            let shared = cells_i & cells[j];
            let mut r = DigitSet::new();
            if shared.none() {
                for x in common {
                    if digit_cells[j * side + x.index()].minus(buddies[i * side + x.index()]).none() {
                        r.insert(x);
                    }
                }
            } else if overlap {
                for x in common {
                    let (ax, bx) = (digit_cells[i * side + x.index()], digit_cells[j * side + x.index()]);
                    if !(ax & shared).none() || !(bx & shared).none() {
                        continue;
                    }
                    if bx.minus(buddies[i * side + x.index()]).none() {
                        r.insert(x);
                    }
                }
            }
            debug_assert_eq!(r, rccs(&sets[i], &sets[j], overlap));
            if !r.is_empty() {
                links[i].push((j, r));
                links[j].push((i, r));
            }
        }
    }
    links
}

/// Reports the ALS steps of kind `technique`.
pub(crate) fn find(
    state: &State,
    technique: Technique,
    options: &FindOptions,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    use Technique as T;
    if !matches!(technique, T::AlsXz | T::AlsXyWing | T::AlsXyChain | T::DeathBlossom) {
        return ControlFlow::Continue(());
    }
    let overlap = options.allow_als_overlap;
    let data = data(state, overlap);
    let (sets, links) = (&data.sets, &data.links);
    let mut out = Vec::new();
    match technique {
        T::AlsXz => xz(state, sets, links, &mut out),
        T::AlsXyWing => xy_wing(state, sets, links, overlap, &mut out),
        T::AlsXyChain => {
            let (forward_only, max_sets) = (options.als_chains_forward_only, options.als_chain_max_sets);
            xy_chain(state, sets, links, forward_only, max_sets, &mut out)
        }
        _ => death_blossom(state, sets, overlap, &mut out),
    }
    // HoDoKu's step solver takes the first ALS-XZ and ALS-XY-Wing its search meets.
    // Normalized, as a doubly linked pair can reach one candidate by two of its rules.
    if matches!(technique, T::AlsXz | T::AlsXyWing) {
        return super::order::emit_as_found(out, sink);
    }
    super::order::emit_sorted(out, sink)
}

fn xz(state: &State, sets: &[Als], links: &[Vec<(usize, DigitSet)>], out: &mut Vec<Step>) {
    for (i, a) in sets.iter().enumerate() {
        for &(j, rcc) in &links[i] {
            if j < i {
                continue;
            }
            let b = &sets[j];
            let both = a.cells | b.cells;
            let mut elims = Vec::new();
            for z in (a.digits & b.digits) - rcc {
                elims.push((z_eliminations(state, z, &[a, b], both), z));
            }
            if rcc.len() >= 2 {
                // Doubly linked: both sets are locked.
                for x in rcc {
                    elims.push((z_eliminations(state, x, &[a, b], both), x));
                }
                for (s, other) in [(a, b), (b, a)] {
                    for d in s.digits - rcc {
                        elims.push((z_eliminations(state, d, &[s], both | other.cells), d));
                    }
                }
            }
            push_step(state, Technique::AlsXz, &[a, b], rcc, &elims, out);
        }
    }
}

/// ALS-XY-Wings as HoDoKu's step solver meets them: every pair of restricted commons (in the order
/// the pairs of sets are linked, each pair once) that joins three different sets through one, the
/// pivot C; the two outer sets A and B then eliminate each digit they share but the commons' own
/// from the cells that see all of its places in both (C's cells included: the digit lies in A or
/// B whatever C holds).
fn xy_wing(
    state: &State,
    sets: &[Als],
    links: &[Vec<(usize, DigitSet)>],
    overlap: bool,
    out: &mut Vec<Step>,
) {
    let commons: Vec<(usize, usize, DigitSet)> = links
        .iter()
        .enumerate()
        .flat_map(|(i, l)| l.iter().filter(move |&&(j, _)| j > i).map(move |&(j, r)| (i, j, r)))
        .collect();
    // Only commons that share a set make a wing: each common's later partners, from the commons
    // of its two sets, in the order of the list.
    let mut touching: Vec<Vec<usize>> = vec![Vec::new(); sets.len()];
    for (k, &(i, j, _)) in commons.iter().enumerate() {
        touching[i].push(k);
        touching[j].push(k);
    }
    let mut partners = Vec::new();
    for (k, &(a1, a2, r1)) in commons.iter().enumerate() {
        partners.clear();
        for list in [&touching[a1], &touching[a2]] {
            partners.extend_from_slice(&list[list.partition_point(|&m| m <= k)..]);
        }
        partners.sort_unstable();
        for &(b1, b2, r2) in partners.iter().map(|&m| &commons[m]) {
            // Two single commons on the same digit join nothing new.
            if r1.len() == 1 && r1 == r2 {
                continue;
            }
            // The shared set is the pivot; when two ends match, HoDoKu's last test decides.
            let ends = [
                (a1 == b1, a1, a2, b2),
                (a1 == b2, a1, a2, b1),
                (a2 == b1, a2, a1, b2),
                (a2 == b2, a2, a1, b1),
            ];
            let Some(&(_, c, ia, ib)) = ends.iter().rev().find(|&&(shared, _, ia, ib)| shared && ia != ib)
            else {
                continue;
            };
            let (a, b, pivot) = (&sets[ia], &sets[ib], &sets[c]);
            if !overlap && !(a.cells & b.cells).is_empty() {
                continue;
            }
            let both = a.cells | b.cells;
            if both == a.cells || both == b.cells {
                continue;
            }
            let zs = (a.digits & b.digits) - r1 - r2;
            let elims: Vec<(CellSet, Digit)> =
                zs.iter().map(|z| (z_eliminations(state, z, &[a, b], both), z)).collect();
            push_step(state, Technique::AlsXyWing, &[a, b, pivot], r1 | r2, &elims, out);
        }
    }
}

/// The fewest sets an ALS-XY-Chain links (see the [module docs](self)).
const MIN_CHAIN_SETS: u8 = 4;

fn xy_chain(
    state: &State,
    sets: &[Als],
    links: &[Vec<(usize, DigitSet)>],
    forward_only: bool,
    max_sets: usize,
    out: &mut Vec<Step>,
) {
    // A breadth-first search over (set, RCC it was entered by): each end is reached by a shortest
    // chain, and the work stays polynomial. A set may come back entered by another RCC; every
    // link's implication holds regardless, so the chain's conclusion does too. Forward only, the
    // sets of a chain are in increasing order (so each comes once).
    let side = state.side();
    let n = sets.len();
    let mut parent: Vec<u32> = vec![u32::MAX; n * side];
    let mut depth: Vec<u8> = vec![0; n * side];
    let mut seen: Vec<usize> = Vec::new();
    for start in 0..n {
        for &(second, rcc) in &links[start] {
            if forward_only && second < start {
                continue;
            }
            for x in rcc {
                for &s in &seen {
                    parent[s] = u32::MAX;
                }
                seen.clear();
                let first = second * side + x.index();
                parent[first] = (start * side) as u32;
                depth[first] = 2;
                seen.push(first);
                let mut i = 0;
                while i < seen.len() {
                    let here = seen[i];
                    i += 1;
                    let (set, entry) = (here / side, here % side);
                    if depth[here] >= MIN_CHAIN_SETS {
                        chain_step(state, sets, start, x, here, &parent, side, out);
                    }
                    if depth[here] as usize >= max_sets {
                        continue;
                    }
                    for &(next, r) in &links[set] {
                        if forward_only && next < set {
                            continue;
                        }
                        for y in r {
                            let state_index = next * side + y.index();
                            if y.index() == entry || next == start || parent[state_index] != u32::MAX {
                                continue;
                            }
                            parent[state_index] = here as u32;
                            depth[state_index] = depth[here] + 1;
                            seen.push(state_index);
                        }
                    }
                }
            }
        }
    }
}

/// The step of the ALS chain from `start` (left by RCC `first`) to the search state `end`, if its
/// ends share a digit other than the end links' RCCs that some cell sees everywhere.
#[allow(clippy::too_many_arguments)]
fn chain_step(
    state: &State,
    sets: &[Als],
    start: usize,
    first: Digit,
    end: usize,
    parent: &[u32],
    side: usize,
    out: &mut Vec<Step>,
) {
    let (last_set, last_rcc) = (end / side, end % side);
    let (a, z_set) = (&sets[start], &sets[last_set]);
    let common = (a.digits & z_set.digits) - DigitSet::single(first);
    let candidates: Vec<Digit> = common.iter().filter(|z| z.index() != last_rcc).collect();
    // Walking the chain back costs more than this test: the cells outside the chain that see every
    // `z` of both ends are a subset of those that see them all.
    if candidates.iter().all(|&z| z_eliminations(state, z, &[a, z_set], CellSet::new()).is_empty()) {
        return;
    }
    // The chain, end first.
    let mut members = vec![last_set];
    let mut rccs = DigitSet::new();
    let mut here = end;
    while parent[here] as usize != start * side {
        rccs.insert(Digit::from_index_checked(here % side, state.shape()).expect("digit of the board"));
        here = parent[here] as usize;
        members.push(here / side);
    }
    rccs.insert(Digit::from_index_checked(here % side, state.shape()).expect("digit of the board"));
    members.push(start);
    members.reverse();
    let all = members.iter().fold(CellSet::new(), |acc, &m| acc | sets[m].cells);
    let elims: Vec<(CellSet, Digit)> =
        candidates.into_iter().map(|z| (z_eliminations(state, z, &[a, z_set], all), z)).collect();
    let list: Vec<&Als> = members.iter().map(|&m| &sets[m]).collect();
    push_step(state, Technique::AlsXyChain, &list, rccs, &elims, out);
}

fn death_blossom(state: &State, sets: &[Als], overlap: bool, out: &mut Vec<Step>) {
    // For each digit: the sets holding it, with the cells that see all their places of it.
    for stem in state.unsolved_cells() {
        let digits = state.candidates(stem);
        if digits.len() < 2 {
            continue;
        }
        let mut petals: Vec<Vec<usize>> = Vec::new();
        for d in digits {
            let list: Vec<usize> = sets
                .iter()
                .enumerate()
                .filter(|(_, a)| {
                    !a.cells.contains(stem) && a.digits.contains(d) && a.buddies[d.index()].contains(stem)
                })
                .map(|(i, _)| i)
                .collect();
            if list.is_empty() {
                break;
            }
            petals.push(list);
        }
        if petals.len() != digits.len() {
            continue;
        }
        let stem_digits: Vec<Digit> = digits.iter().collect();
        let mut chosen = Vec::new();
        blossom(state, sets, overlap, stem, &stem_digits, &petals, &mut chosen, CellSet::new(), out);
    }
}

#[allow(clippy::too_many_arguments)]
fn blossom(
    state: &State,
    sets: &[Als],
    overlap: bool,
    stem: Cell,
    stem_digits: &[Digit],
    petals: &[Vec<usize>],
    chosen: &mut Vec<usize>,
    used: CellSet,
    out: &mut Vec<Step>,
) {
    let k = chosen.len();
    if k == petals.len() {
        let members: Vec<&Als> = chosen.iter().map(|&i| &sets[i]).collect();
        let mut common = state.all_digits();
        for (m, &d) in members.iter().zip(stem_digits) {
            common &= m.digits - DigitSet::single(d);
        }
        let exclude = used | CellSet::single(stem);
        let mut elims = Vec::new();
        for z in common {
            elims.push((z_eliminations(state, z, &members, exclude), z));
        }
        let mut groups = vec![CellGroup { cells: vec![stem], digits: state.candidates(stem) }];
        groups.extend(members.iter().map(|a| group(a)));
        let mut step = Step::new(Technique::DeathBlossom, state.shape());
        step.pattern.cells = vec![stem];
        step.pattern.digits = common;
        step.pattern.sets = groups;
        for (cells, d) in elims {
            step.eliminations.extend(cells.iter().map(|c| Candidate::new(c, d)));
        }
        if !step.eliminations.is_empty() {
            out.push(step);
        }
        return;
    }
    for &i in &petals[k] {
        if !overlap && !(sets[i].cells & used).is_empty() {
            continue;
        }
        // A digit common to every petal must survive: prune when none is left.
        let mut common = sets[i].digits - DigitSet::single(stem_digits[k]);
        for (j, &c) in chosen.iter().enumerate() {
            common &= sets[c].digits - DigitSet::single(stem_digits[j]);
        }
        if common.is_empty() {
            continue;
        }
        chosen.push(i);
        blossom(state, sets, overlap, stem, stem_digits, petals, chosen, used | sets[i].cells, out);
        chosen.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// The pair loop of `links_in` leaves digits out before testing pairs: on both forms of set,
    /// with and without overlap, it must still find each pair's restricted common candidates as
    /// `rccs` does, pair by pair.
    #[test]
    fn links_match_the_restricted_common_candidates_of_every_pair() {
        for puzzle in [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ] {
            let grid: Grid = puzzle.parse().expect("a valid puzzle");
            let state = State::classic(&grid).expect("a consistent puzzle");
            let sets = collect(&state);
            assert!(sets.len() > 50, "{} sets", sets.len());
            for overlap in [false, true] {
                let want: Vec<Vec<(usize, DigitSet)>> = (0..sets.len())
                    .map(|i| {
                        (0..sets.len())
                            .filter(|&j| j != i)
                            .map(|j| (j, rccs(&sets[i], &sets[j], overlap)))
                            .filter(|(_, r)| !r.is_empty())
                            .collect()
                    })
                    .collect();
                assert!(want.iter().any(|l| !l.is_empty()));
                assert_eq!(links_in::<u128>(&state, &sets, overlap), want, "{puzzle} overlap {overlap}");
                assert_eq!(links_in::<CellSet>(&state, &sets, overlap), want, "{puzzle} overlap {overlap}");
            }
        }
    }

    /// HoDoKu's step solver takes the first ALS-XZ and ALS-XY-Wing its search meets, not the one
    /// that eliminates most: the finder reports them in search order, the pairs of sets of an
    /// ALS-XZ rising.
    #[test]
    fn xz_and_xy_wings_come_in_search_order() {
        use crate::human::{Solver, SolverOptions};
        let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("a valid puzzle");
        // Every step of the kind, in search order.
        let search = |state: &State, technique| {
            let data = data(state, false);
            let mut steps = Vec::new();
            match technique {
                Technique::AlsXz => xz(state, &data.sets, &data.links, &mut steps),
                _ => xy_wing(state, &data.sets, &data.links, false, &mut steps),
            }
            steps.iter_mut().for_each(Step::normalize);
            steps
        };
        // The first grid of the puzzle's path where both kinds have several steps.
        let mut solver = Solver::new(State::classic(&grid).expect("consistent"), SolverOptions::default())
            .expect("one solution");
        while search(solver.state(), Technique::AlsXz).len() < 2
            || search(solver.state(), Technique::AlsXyWing).len() < 2
        {
            solver.next().expect("a grid with several of both before the end");
        }
        let state = solver.state().clone();
        let data = data(&state, false);
        for technique in [Technique::AlsXz, Technique::AlsXyWing] {
            let searched = search(&state, technique);
            let mut reported = Vec::new();
            let _ = find(&state, technique, &FindOptions::default(), &mut |s| {
                reported.push(s);
                ControlFlow::Continue(())
            });
            assert_eq!(reported, searched, "{technique}");
        }
        let steps = search(&state, Technique::AlsXz);
        let index = |g: &CellGroup| data.sets.iter().position(|a| group(a) == *g).expect("a set of the list");
        let pairs: Vec<(usize, usize)> =
            steps.iter().map(|s| (index(&s.pattern.sets[0]), index(&s.pattern.sets[1]))).collect();
        assert!(pairs.windows(2).all(|w| w[0] < w[1]), "{pairs:?}");
    }
}
