//! Nishio, cell, region, double and contradiction forcing chains, static or dynamic at every
//! nesting level: the chains of every assumption, then the steps their conclusions give alone
//! or in common over a cell's candidates or a digit's places in a house.

use crate::rate::se::board::{cand, digit_of, digits, Bits, Board, CELL_HOUSES, HOUSES};
use crate::rate::se::hint::{Hint, Pattern};
use crate::rate::se::spread::Plan;

use super::best::{Best, Found};
use super::levels::{dynamic_base, length_bonus, Multi, DYNAMIC_NAMES, MAX_LEVEL};
use super::links::NO_CAND;
use super::memo::NestedCache;
use super::{pruning, Budget, Chainer, Outcome, NONE};

/// Nishio, multiple (cell and region) and dynamic forcing chains; the easiest step.
/// `cache` holds the nested rules' steps met on this board so far (see [`NestedCache`]);
/// `barren` tells that [`cycles_and_chains`](super::cycles_and_chains) found nothing on it.
pub(crate) fn multiple_chains(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    cache: &mut NestedCache,
    barren: bool,
) -> Option<Hint> {
    let mut best = Best::default();
    multiple_chains_into(board, mode, budget, &mut best, cache, barren);
    best.into_hint()
}

/// Every step of Nishio, multiple or dynamic forcing chains (`mode`), in Sudoku Explainer's
/// order; `cache` and `barren` as for [`multiple_chains`].
pub(crate) fn multiple_chains_every(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    cache: &mut NestedCache,
    barren: bool,
) -> Vec<Hint> {
    let mut every = Best::Every(Vec::new());
    multiple_chains_into(board, mode, budget, &mut every, cache, barren);
    every.into_every()
}

pub(super) fn multiple_chains_into(
    board: &Board,
    mode: Multi,
    budget: &mut Budget,
    best: &mut Best<'_>,
    cache: &mut NestedCache,
    barren: bool,
) {
    let mut ch = Chainer::new(board, budget);
    ch.barren = barren;
    ch.nested_cache = std::mem::take(cache);
    search_multiple(&mut ch, mode, best);
    best.settle(&ch);
    *cache = std::mem::take(&mut ch.nested_cache);
}

fn search_multiple(ch: &mut Chainer<'_>, mode: Multi, best: &mut Best<'_>) {
    let mut memo: Vec<Option<Box<Outcome>>> = (0..729).map(|_| None).collect();
    search_multiple_with(ch, mode, best, &mut memo, &mut []);
    ch.buf.spare(memo.into_iter().flatten());
}

/// [`search_multiple`] with `memo` to keep what each assumption "on" implies, and `offs` what
/// each "off" implies where already known (empty, or one entry per candidate).
pub(super) fn search_multiple_with(
    ch: &mut Chainer<'_>,
    mode: Multi,
    best: &mut Best<'_>,
    memo: &mut [Option<Box<Outcome>>],
    offs: &mut [Option<Box<Outcome>>],
) {
    let board = ch.board;
    let dynamic = mode != Multi::Multiple;
    let nishio = mode == Multi::Nishio;
    let y = !nishio;
    let base = match mode {
        Multi::Nishio => 7.5,
        Multi::Multiple => 8.0,
        Multi::Dynamic(level) => dynamic_base(level),
    };
    let [contradiction_name, double_name, cell_name, region_name] = match mode {
        Multi::Nishio => ["Nishio Forcing Chains", "Nishio Forcing Chains", "", ""],
        Multi::Multiple => [
            "Contradiction Forcing Chains",
            "Double Forcing Chains",
            "Cell Forcing Chains",
            "Region Forcing Chains",
        ],
        Multi::Dynamic(level) => DYNAMIC_NAMES[usize::from(level.min(MAX_LEVEL))],
    };
    ch.level = match mode {
        Multi::Dynamic(level) => level,
        _ => 0,
    };
    // Static chains: the cells and regions whose candidates imply nothing in common are passed
    // over without building their chains (most of them, inside dynamic chains).
    let filter = mode == Multi::Multiple && pruning();
    ch.show_chains = !dynamic;
    let mut implications = std::mem::take(&mut ch.buf.implications);
    implications.clear();
    // Dynamic chains without nested rules: only the chains of the steps the bit sets show are
    // built. Inside dynamic chains of level 4 and up, this search runs on every grid they leave.
    let plan = (mode == Multi::Dynamic(0) && pruning()).then(|| {
        let plan = Plan::new(board, &ch.base_pos, &mut ch.buf.spreader);
        ch.budget.spent += plan.skipped;
        plan
    });
    let wanted = |set: fn(&Plan) -> &Bits, k: u16| plan.as_ref().is_none_or(|p| set(p).has(k));
    for (cell, houses) in CELL_HOUSES.iter().enumerate() {
        let card = board.cands[cell].count_ones();
        if board.values[cell] != 0 || !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        let (mut ks, mut n) = ([0u16; 9], 0);
        for v in digits(board.cands[cell]) {
            ks[n] = cand(cell, v);
            n += 1;
        }
        let ks = &ks[..n];
        for &k in ks {
            let v = digit_of(k);
            let (want_on, want_off) = (wanted(|p| &p.on, k), wanted(|p| &p.off, k));
            if !filter && want_on {
                ensure(ch, memo, k, y, dynamic);
            }
            // Static chains conclude from the "on"s alone: the "off" is spread for contradictions
            // and double implications, which only dynamic chains look for.
            if dynamic && want_on {
                let on_res = memo[k as usize].as_deref().expect("computed above");
                if let Some((a, b)) = on_res.absurd {
                    let kind = (base, 7, contradiction_name, 0);
                    offer_concluded(ch, best, &[a, b], kind, &[k], (k, false));
                }
            }
            // The plan wants both or neither where double chains are possible.
            if dynamic && want_off {
                let off_res = match offs.get_mut(k as usize).and_then(Option::take) {
                    Some(known) => known,
                    None => {
                        let src_off = ch.push(k, false, &[]);
                        ch.chain(src_off, y, dynamic)
                    }
                };
                if let Some((a, b)) = off_res.absurd {
                    offer_concluded(ch, best, &[a, b], (base, 7, contradiction_name, 0), &[k], (k, true));
                }
                if card >= 3 && !nishio && want_on {
                    let on_res = memo[k as usize].as_deref().expect("computed above");
                    for on in [true, false] {
                        for &n in if on { &on_res.on } else { &on_res.off } {
                            let c = ch.buf.nodes[n as usize].cand;
                            if let Some(m) = off_res.find(c, on) {
                                let kind = (base, 1, double_name, 0);
                                offer_concluded(ch, best, &[n, m], kind, &[k], (c, on));
                            }
                        }
                    }
                }
                ch.buf.spare(Some(off_res));
            }
            if !nishio {
                // Region forcing chains, from the first place of the digit in each house.
                for &house in houses {
                    let house = house as usize;
                    let pos = board.positions(house, v);
                    if pos.count_ones() < 2
                        || HOUSES[house][pos.trailing_zeros() as usize] as usize != cell
                        || plan.as_ref().is_some_and(|p| p.regions[house] & 1 << v == 0)
                    {
                        continue;
                    }
                    let (mut others, mut m) = ([0u16; 9], 0);
                    for i in (0..9).filter(|i| pos & (1 << i) != 0) {
                        others[m] = cand(HOUSES[house][i] as usize, v);
                        m += 1;
                    }
                    let others = &others[..m];
                    if filter && !implications.share(ch, others) {
                        continue;
                    }
                    for &o in others {
                        ensure(ch, memo, o, y, dynamic);
                    }
                    offer_common(ch, best, memo, others, (base, 6, region_name, 2 + house as u8));
                }
            }
            if ch.budget.exhausted() {
                return;
            }
        }
        if !nishio && plan.as_ref().is_none_or(|p| p.cells & 1 << cell != 0) {
            // Cell forcing chains: what every candidate of the cell implies.
            if filter {
                if !implications.share(ch, ks) {
                    continue;
                }
                for &k in ks {
                    ensure(ch, memo, k, y, dynamic);
                }
            }
            offer_common(ch, best, memo, ks, (base, 5, cell_name, 1));
        }
    }
    ch.buf.implications = implications;
}

/// Offers the cell or region forcing chain steps of `ks` (a cell's candidates, or a digit's
/// places in a house), whose "on" chains are in `memo`: one for each potential they all imply,
/// in the order the first chain reached them. `kind` is as for [`offer_concluded`]; `ks` are
/// the assumptions.
fn offer_common(
    ch: &mut Chainer<'_>,
    best: &mut Best<'_>,
    memo: &[Option<Box<Outcome>>],
    ks: &[u16],
    kind: (f64, u8, &'static str, u8),
) {
    let outs: [&Outcome; 9] =
        std::array::from_fn(|i| memo[ks[i.min(ks.len() - 1)] as usize].as_deref().expect("computed above"));
    let outs = &outs[..ks.len()];
    for on in [true, false] {
        let list = if on { &outs[0].on } else { &outs[0].off };
        for &n in list {
            let c = ch.buf.nodes[n as usize].cand;
            if !outs.iter().all(|o| if on { o.on_bits.has(c) } else { o.off_bits.has(c) }) {
                continue;
            }
            let mut targets = [0u32; 9];
            for (t, o) in targets.iter_mut().zip(outs) {
                *t = o.find(c, on).expect("in every outcome");
            }
            offer_concluded(ch, best, &targets[..outs.len()], kind, ks, (c, on));
        }
    }
}

/// Offers the step of a forcing chain search whose chains, from the assumptions on the candidates
/// `sources`, conclude potential `conclusion` at `targets`; `kind` is the technique's base
/// difficulty, sort key, name and the cause of its assumptions (see [`Best::offer`]). Its
/// complexity is the potentials above the targets plus the chains nested among them. Where only
/// the first of the easiest steps is kept, the nested chains and the removals are worked out only
/// for a step that could come before the best so far, as told by two lower bounds: the potentials
/// alone, then with the chains nested above the target that has the most (which rules out nearly
/// all).
fn offer_concluded(
    ch: &mut Chainer<'_>,
    best: &mut Best<'_>,
    targets: &[u32],
    kind: (f64, u8, &'static str, u8),
    sources: &[u16],
    conclusion: (u16, bool),
) {
    let (base, sort_key, name, src_cause) = kind;
    let flat: u32 = targets.iter().map(|&t| ch.ancestors(t)).sum();
    if !best.could_take(base + length_bonus(flat), flat, sort_key) {
        return;
    }
    if let Best::First(Some(_)) = best {
        // A target's own nested chains, worked out once per potential, rule most of the rest
        // out.
        let lone = flat + targets.iter().map(|&t| ch.nested_alone(t)).max().unwrap_or(0);
        if !best.could_take(base + length_bonus(lone), lone, sort_key) {
            return;
        }
    }
    let complexity = flat + ch.nested_complexity(targets);
    let difficulty = base + length_bonus(complexity);
    if !best.could_take(difficulty, complexity, sort_key) {
        return;
    }
    let (removals, place) = ch.conclusion(conclusion.0, conclusion.1);
    let pattern = Pattern::of_candidates(sources);
    let hint = Hint { difficulty, name, removals, place, pattern, chains: Vec::new() };
    let f = Found { difficulty, complexity, sort_key, hint };
    best.offer(ch, f, targets, src_cause, false);
}

/// What each candidate "on" implies through the grid's static links ([`Chainer::implied`]),
/// worked out once asked for: a static chain from the candidate implies no more, so candidates
/// whose sets share nothing have no cell or region forcing chain.
#[derive(Default)]
pub(super) struct Implications {
    /// Per candidate, where its sets are in `sets`, or [`NONE`]; empty until first asked, as
    /// the searches that never ask (dynamic chains) run thousands of times a step.
    pub(super) at: Vec<u32>,
    pub(super) sets: Vec<(Bits, Bits)>,
}

impl Implications {
    /// Forgets the sets, keeping the memory.
    fn clear(&mut self) {
        if !self.sets.is_empty() {
            self.at.fill(NONE);
            self.sets.clear();
        }
    }

    /// Whether the "on"s of `ks` imply some potential in common.
    pub(super) fn share(&mut self, ch: &mut Chainer<'_>, ks: &[u16]) -> bool {
        if self.at.is_empty() {
            self.at = vec![NONE; 729];
        }
        let mut on = Bits::default();
        let mut off = Bits::default();
        for (i, &k) in ks.iter().enumerate() {
            if self.at[k as usize] == NONE {
                let (on, off) = self.implied(ch, k);
                // What the search of `Chainer::implied` creates, `k` itself included.
                ch.budget.spent += u64::from(on.count() + off.count());
                self.at[k as usize] = self.sets.len() as u32;
                self.sets.push((on, off));
            }
            let (k_on, k_off) = &self.sets[self.at[k as usize] as usize];
            if i == 0 {
                (on, off) = (k_on.clone(), k_off.clone());
            } else {
                on = on.and(k_on);
                off = off.and(k_off);
            }
        }
        !on.is_empty() || !off.is_empty()
    }

    /// What "`k` is on" implies through the static X- and Y-links (the sets of
    /// [`Chainer::implied`]), taking in whole the sets already worked out of the "on"s it meets:
    /// whatever such an "on" implies, `k` implies too.
    ///
    /// A function of its own, not an option of [`Chainer::implied`]: folded in there, with the
    /// forcing searches' loop it shares, a rating took 3% more instructions.
    pub(super) fn implied(&self, ch: &mut Chainer<'_>, k: u16) -> (Bits, Bits) {
        let mut links = ch.take_links();
        let cands = &ch.board.cands;
        let (mut to_on, mut to_off) = (Bits::default(), Bits::default());
        let [mut pending_on, mut pending_off, layer] = std::mem::take(&mut ch.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        to_on.set(k);
        pending_on.push(u32::from(k));
        let (mut i_on, mut i_off) = (0, 0);
        while i_on < pending_on.len() || i_off < pending_off.len() {
            while i_on < pending_on.len() {
                let p = pending_on[i_on] as u16;
                i_on += 1;
                if let Some((on, off)) = self.at.get(p as usize).and_then(|&i| self.sets.get(i as usize)) {
                    // Its implications are all there: the "off"s among them need no spreading.
                    to_on.add(on);
                    to_off.add(off);
                    continue;
                }
                for i in links.weak_range(cands, &ch.base_pos, p, true) {
                    let q = links.weak[i].0;
                    if to_off.has(q) {
                        continue;
                    }
                    to_off.set(q);
                    if !Chainer::dead_end(&links, q, true, true, &to_on, k) {
                        pending_off.push(u32::from(q));
                    }
                }
            }
            while i_off < pending_off.len() {
                let p = pending_off[i_off] as usize;
                i_off += 1;
                for q in std::iter::once(links.cell[p]).chain(links.house[p]).filter(|&q| q != NO_CAND) {
                    if !to_on.has(q) {
                        to_on.set(q);
                        pending_on.push(u32::from(q));
                    }
                }
            }
        }
        ch.buf.scratch_queues = [pending_on, pending_off, layer];
        ch.links = Some(links);
        (to_on, to_off)
    }
}

/// Computes (once per step) what assuming candidate `k` on implies.
fn ensure(ch: &mut Chainer<'_>, memo: &mut [Option<Box<Outcome>>], k: u16, y: bool, dynamic: bool) {
    if memo[k as usize].is_none() {
        let src = ch.push(k, true, &[]);
        memo[k as usize] = Some(ch.chain(src, y, dynamic));
    }
}
