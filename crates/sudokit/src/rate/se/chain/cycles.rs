//! Sudoku Explainer's "Forcing Chains & Cycles": static bidirectional cycles and forcing chains
//! over X-links, Y-links or both, run on a board or nested in a dynamic chain, where a memo of
//! each assumption's steps ([`SourceMemo`]) spares the searches that looked nowhere the grid has
//! changed.

use std::sync::Arc;

use crate::rate::se::board::{cand, cell_of, digit_of, digits, Bits, Board, CELL_HOUSES, PEERS};
use crate::rate::se::hint::Hint;
use crate::rate::se::reach::{gained_reach, Reach};

use super::best::{Best, Found};
use super::levels::length_bonus;
use super::links::{strong_kinds, Links, Reads, NO_CAND};
use super::memo::{skips, SourceMemo, SourceSteps, SKIP_OFF, SKIP_ON, VERSIONS};
use super::{potential_key, pruning, Budget, Chainer, NONE};

/// Every potential a static forcing search implied from its source, and what it read of the grid
/// ([`Chainer::forcing_unless_closed`]).
pub(super) struct Closure {
    on: Bits,
    off: Bits,
    reads: Reads,
}

impl Closure {
    fn has(&self, c: u16, on: bool) -> bool {
        if on {
            self.on.has(c)
        } else {
            self.off.has(c)
        }
    }
}

impl Chainer<'_> {
    /// Notes what the links of candidate `c` read of the board: its cell's candidates with Y-links
    /// (`y`), its digit's places in its houses with X-links (`x`).
    fn read<const TRACK: bool>(&mut self, c: u16, y: bool, x: bool) {
        if TRACK {
            self.reads.note(c, y, x);
        }
    }

    /// Notes what spreading "`c` is on" reads (see [`Links::reads`]).
    fn read_spread<const TRACK: bool>(&mut self, links: &mut Links, c: u16, y: bool, x: bool) {
        if TRACK {
            self.reads.add(links.reads(&self.board.cands, &self.base_pos, c, y, x));
        }
    }

    /// Whether "`k` is off" turns on, on the board, only candidates already in `to_on` other than
    /// `source` (the links of [`Chainer::static_ons`]).
    pub(super) fn dead_end(links: &Links, k: u16, y: bool, x: bool, to_on: &Bits, source: u16) -> bool {
        let mut strong = links.strong[k as usize] & strong_kinds(y, x);
        if strong == 0 {
            return true;
        }
        let live = |t: u16| t == source || !to_on.has(t);
        if strong & 1 != 0 && live(links.cell[k as usize]) {
            return false;
        }
        strong >>= 1;
        while strong != 0 {
            if live(links.house[k as usize][strong.trailing_zeros() as usize]) {
                return false;
            }
            strong &= strong - 1;
        }
        true
    }

    /// What an "off" potential turns on in a static search: the cell's last candidate (with
    /// Y-links), the digit's last place in the block, row or column (with X-links); as
    /// [`Chainer::off_to_on`] writes them, each with `p` as its one parent.
    fn static_ons(&mut self, links: &Links, p: u32, y: bool, x: bool, out: &mut Vec<(u16, u32, u32, u8)>) {
        out.clear();
        self.buf.parent_buf.clear();
        self.buf.parent_buf.push(p);
        let c = self.buf.nodes[p as usize].cand as usize;
        if y && links.cell[c] != NO_CAND {
            out.push((links.cell[c], 0, 1, 1));
        }
        if x {
            let cell = cell_of(c as u16);
            for (k, &t) in links.house[c].iter().enumerate() {
                if t != NO_CAND {
                    out.push((t, 0, 1, 2 + CELL_HOUSES[cell][k]));
                }
            }
        }
    }

    /// Cycles through the "on" potential `source` (Sudoku Explainer's `doCycles`, layer by layer).
    fn cycles<const TRACK: bool>(&mut self, source: u32, y: bool, x: bool) -> Vec<u32> {
        let mut links = self.take_links();
        let cands = &self.board.cands;
        let src_key = self.key(source);
        let src_cand = self.buf.nodes[source as usize].cand;
        if links.strong[src_cand as usize] & strong_kinds(y, x) == 0 && pruning() {
            // A cycle closes through a strong link of its start, and this has none.
            self.read::<TRACK>(src_cand, y, x);
            self.links = Some(links);
            return Vec::new();
        }
        let mut to_on = Bits::default();
        to_on.set(src_cand);
        let [mut pending_on, mut pending_off, mut layer] = std::mem::take(&mut self.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        // The layer being read; the next one fills `pending_on` or `pending_off`.
        layer.clear();
        pending_on.push(source);
        let mut found = Vec::new();
        let mut length = 0;
        let mut ons = std::mem::take(&mut self.buf.scratch_ons);
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            std::mem::swap(&mut layer, &mut pending_on);
            for &p in &layer {
                let c = self.buf.nodes[p as usize].cand;
                self.read_spread::<TRACK>(&mut links, c, y, x);
                for i in links.weak_range(cands, &self.base_pos, c, y) {
                    let (k, cause) = links.weak[i];
                    if Self::dead_end(&links, k, y, x, &to_on, src_cand) {
                        // It would turn on nothing new and close no cycle: only its cost counts.
                        self.budget.spent += 1;
                    } else if !self.is_parent(p, k as usize * 2) {
                        let o = self.push_caused(k, false, p, cause);
                        pending_off.push(o);
                    }
                }
            }
            layer.clear();
            length += 1;
            std::mem::swap(&mut layer, &mut pending_off);
            for &p in &layer {
                // Read as one of the links of the "on" before.
                self.static_ons(&links, p, y, x, &mut ons);
                for &(k, start, len, cause) in &ons {
                    let is_source = k as usize * 2 + 1 == src_key;
                    if length >= 4 && is_source {
                        let o = self.push_buffered(k, true, start, len, cause);
                        found.push(o);
                    }
                    if !to_on.has(k) {
                        let o = self.push_buffered(k, true, start, len, cause);
                        pending_on.push(o);
                        to_on.set(k);
                    }
                }
            }
            layer.clear();
            if self.budget.exhausted() {
                break;
            }
        }
        self.buf.scratch_queues = [pending_on, pending_off, layer];
        self.buf.scratch_ons = ons;
        self.links = Some(links);
        found
    }

    /// Forcing chains from `source` back to its own conjugate (Sudoku Explainer's
    /// `doForcingChains`).
    pub(super) fn forcing<const TRACK: bool>(&mut self, source: u32, y: bool) -> Vec<u32> {
        let mut links = self.take_links();
        let cands = &self.board.cands;
        let src = self.buf.nodes[source as usize];
        let conj_key = potential_key(src.cand, !src.on);
        let mut to_on = Bits::default();
        let mut to_off = Bits::default();
        let [mut pending_on, mut pending_off, layer] = std::mem::take(&mut self.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        if src.on {
            to_on.set(src.cand);
            pending_on.push(source);
        } else {
            to_off.set(src.cand);
            pending_off.push(source);
        }
        let mut chains: Vec<u32> = Vec::new();
        let mut ons = std::mem::take(&mut self.buf.scratch_ons);
        let (mut i_on, mut i_off) = (0, 0);
        while i_on < pending_on.len() || i_off < pending_off.len() {
            while i_on < pending_on.len() {
                let p = pending_on[i_on];
                i_on += 1;
                let c = self.buf.nodes[p as usize].cand;
                self.read_spread::<TRACK>(&mut links, c, y, true);
                for i in links.weak_range(cands, &self.base_pos, c, y) {
                    let (k, cause) = links.weak[i];
                    let key = k as usize * 2;
                    let mut node = NONE;
                    if key == conj_key && !chains.iter().any(|&c| self.key(c) == key) {
                        node = self.push_caused(k, false, p, cause);
                        chains.push(node);
                    }
                    if to_off.has(k) {
                        continue;
                    }
                    if Self::dead_end(&links, k, y, true, &to_on, src.cand) {
                        // It would turn on nothing new, nor the conjugate: only its cost counts.
                        to_off.set(k);
                        if node == NONE {
                            self.budget.spent += 1;
                        }
                    } else {
                        // Sudoku Explainer also asks whether the "off" is above `p`; every "off"
                        // above it is in `to_off` already.
                        if node == NONE {
                            node = self.push_caused(k, false, p, cause);
                        }
                        pending_off.push(node);
                        to_off.set(k);
                    }
                }
            }
            while i_off < pending_off.len() {
                let p = pending_off[i_off];
                i_off += 1;
                if p == source {
                    // The others were read as links of an "on" before.
                    self.read::<TRACK>(self.buf.nodes[p as usize].cand, y, true);
                }
                self.static_ons(&links, p, y, true, &mut ons);
                for &(k, start, len, cause) in &ons {
                    let key = k as usize * 2 + 1;
                    let mut node = NONE;
                    if key == conj_key && !chains.iter().any(|&c| self.key(c) == key) {
                        node = self.push_buffered(k, true, start, len, cause);
                        chains.push(node);
                    }
                    if !to_on.has(k) {
                        if node == NONE {
                            node = self.push_buffered(k, true, start, len, cause);
                        }
                        pending_on.push(node);
                        to_on.set(k);
                    }
                }
            }
        }
        self.buf.scratch_queues = [pending_on, pending_off, layer];
        self.buf.scratch_ons = ons;
        self.links = Some(links);
        self.buf.closure = (to_on, to_off);
        chains
    }

    /// Whether [`Chainer::forcing`] from `source` finds a chain, found by the same search without
    /// creating its potentials ([`Chainer::implied`]): few searches find one, and only those are
    /// run again in full. Where it finds none, it charges the potentials the full search would
    /// have created, has read what that would have read and leaves its closure in
    /// [`Buffers::closure`](super::Buffers::closure).
    pub(super) fn forcing_finds<const TRACK: bool>(&mut self, source: u32, y: bool) -> bool {
        let src = self.buf.nodes[source as usize];
        match self.implied::<TRACK>(src.cand, src.on, y, true) {
            None => true,
            Some((on, off, created)) => {
                self.budget.spent += created;
                self.buf.closure = (on, off);
                false
            }
        }
    }

    /// Every potential that "`c` is on" (or off) implies through the grid's static links (X-links,
    /// and Y-links with `y`): the "on"s and the "off"s, with how many potentials a search that
    /// created them would have created besides its start. With `stop_at_conjugate`, `None` as soon
    /// as the conjugate "`c` is off" (or on) is implied.
    pub(super) fn implied<const TRACK: bool>(
        &mut self,
        c: u16,
        on: bool,
        y: bool,
        stop_at_conjugate: bool,
    ) -> Option<(Bits, Bits, u64)> {
        let mut links = self.take_links();
        let cands = &self.board.cands;
        let mut to_on = Bits::default();
        let mut to_off = Bits::default();
        // Candidates here, not potentials.
        let [mut pending_on, mut pending_off, layer] = std::mem::take(&mut self.buf.scratch_queues);
        pending_on.clear();
        pending_off.clear();
        if on {
            to_on.set(c);
            pending_on.push(u32::from(c));
        } else {
            to_off.set(c);
            pending_off.push(u32::from(c));
            self.read::<TRACK>(c, y, true);
        }
        let mut created = 0;
        let mut conjugate = false;
        let (mut i_on, mut i_off) = (0, 0);
        'search: while i_on < pending_on.len() || i_off < pending_off.len() {
            while i_on < pending_on.len() {
                let p = pending_on[i_on] as u16;
                i_on += 1;
                self.read_spread::<TRACK>(&mut links, p, y, true);
                for i in links.weak_range(cands, &self.base_pos, p, y) {
                    let k = links.weak[i].0;
                    if stop_at_conjugate && on && k == c {
                        conjugate = true;
                        break 'search;
                    }
                    if to_off.has(k) {
                        continue;
                    }
                    to_off.set(k);
                    created += 1;
                    if !Self::dead_end(&links, k, y, true, &to_on, c) {
                        pending_off.push(u32::from(k));
                    }
                }
            }
            while i_off < pending_off.len() {
                let p = pending_off[i_off] as usize;
                i_off += 1;
                let cell = if y { links.cell[p] } else { NO_CAND };
                for k in std::iter::once(cell).chain(links.house[p]).filter(|&k| k != NO_CAND) {
                    if stop_at_conjugate && !on && k == c {
                        conjugate = true;
                        break 'search;
                    }
                    if !to_on.has(k) {
                        to_on.set(k);
                        created += 1;
                        pending_on.push(u32::from(k));
                    }
                }
            }
        }
        self.buf.scratch_queues = [pending_on, pending_off, layer];
        self.links = Some(links);
        (!conjugate).then_some((to_on, to_off, created))
    }

    /// [`Chainer::forcing`] from `source`, unless one of the `closures` met on this grid with the
    /// same links shows that it finds nothing: a search from a potential inside a closure reaches
    /// nothing outside it, so not the source's conjugate if that is outside. Most searches find
    /// nothing, and many start inside an earlier search's closure. The closure's reads stand for
    /// what the search would have read, a subset of them.
    pub(super) fn forcing_unless_closed(
        &mut self,
        source: u32,
        y: bool,
        track: bool,
        closures: &mut Vec<Closure>,
    ) -> Vec<u32> {
        let src = self.buf.nodes[source as usize];
        if pruning() {
            if let Some(c) = closures.iter().find(|c| c.has(src.cand, src.on) && !c.has(src.cand, !src.on)) {
                self.reads.add(&c.reads);
                return Vec::new();
            }
        }
        let outer = std::mem::take(&mut self.reads);
        let finds = if track {
            self.forcing_finds::<true>(source, y)
        } else {
            self.forcing_finds::<false>(source, y)
        };
        let chains = match (finds, track) {
            (false, _) => Vec::new(),
            (true, true) => self.forcing::<true>(source, y),
            (true, false) => self.forcing::<false>(source, y),
        };
        let (on, off) = std::mem::take(&mut self.buf.closure);
        closures.push(Closure { on, off, reads: self.reads });
        self.reads.add(&outer);
        chains
    }
}

/// Sudoku Explainer's "Forcing Chains & Cycles" rule: X-cycles and forcing X-chains, then
/// Y-cycles, then cycles and forcing chains with both kinds of links; the easiest step.
pub(crate) fn cycles_and_chains(board: &Board, budget: &mut Budget) -> Option<Hint> {
    let mut best = Best::default();
    cycles_and_chains_into(board, budget, &mut best, None, false);
    best.into_hint()
}

/// Every step of "Forcing Chains & Cycles", in Sudoku Explainer's order.
pub(crate) fn cycles_and_chains_every(board: &Board, budget: &mut Budget) -> Vec<Hint> {
    let mut every = Best::Every(Vec::new());
    cycles_and_chains_into(board, budget, &mut every, None, false);
    every.into_every()
}

/// `memo`, for a rule nested in a chain (`best` is [`Best::All`]), holds what each assumption
/// gave on earlier grids: an assumption whose search looked nowhere the grids differ gives the
/// same steps again, and only the others are searched. With `barren` (the rule found nothing on
/// the enclosing chain's grid before its assumption), forcing chains are looked for only from
/// potentials that can reach a strong link that grid lacks ([`reach`](crate::rate::se::reach)).
pub(super) fn cycles_and_chains_into(
    board: &Board,
    budget: &mut Budget,
    best: &mut Best<'_>,
    mut memo: Option<&mut SourceMemo>,
    barren: bool,
) {
    let mut ch = Chainer::new(board, budget);
    if let Some(memo) = memo.as_deref_mut() {
        if memo.steps.is_empty() {
            memo.steps.resize_with(3 * 729, Vec::new);
        }
    }
    let grid = Arc::new(board.cands);
    let init = match (&*best, memo.as_deref_mut()) {
        (Best::All { init, .. }, Some(memo)) => match &memo.board {
            Some(last) if **last == **init => Arc::clone(last),
            _ => {
                let rc = Arc::new(**init);
                memo.board = Some(Arc::clone(&rc));
                rc
            }
        },
        (Best::All { init, .. }, None) => Arc::new(**init),
        (Best::First(_) | Best::Every(_), _) => Arc::clone(&grid),
    };
    // Where the current grids differ from each earlier grid met, by the grid's address. A reused
    // result takes the current grids' addresses, so the lists stay short.
    let mut diffs: Vec<(Arc<[u16; 81]>, Reads)> = Vec::new();
    let mut init_diffs: Vec<(Arc<[u16; 81]>, Reads)> = Vec::new();
    let diff = |diffs: &mut Vec<(Arc<[u16; 81]>, Reads)>, old: &Arc<[u16; 81]>, new: &[u16; 81]| match diffs
        .iter()
        .find(|(g, _)| Arc::ptr_eq(g, old))
    {
        Some(&(_, d)) => d,
        None => {
            let d = Reads::diff(old, new);
            diffs.push((Arc::clone(old), d));
            d
        }
    };
    let barren = barren && memo.is_some() && pruning();
    ch.show_chains = true;
    let pos = ch.base_pos;
    for (kind, (y, x)) in [(false, true), (true, false), (true, true)].into_iter().enumerate() {
        // Worked out on first use, for forcing chains (X-links) only.
        let mut gained: Option<Reach> = None;
        let mut closures = std::mem::take(&mut ch.buf.closures);
        closures.clear();
        let mut skips_from = |k: u16| {
            let reach = gained.get_or_insert_with(|| gained_reach(&board.cands, &pos, &init, y, x));
            skips(reach, k)
        };
        for cell in 0..81 {
            let card = board.cands[cell].count_ones();
            if board.values[cell] != 0 || card <= 1 {
                continue;
            }
            if card > 2 && !x {
                continue;
            }
            for v in digits(board.cands[cell]) {
                let k = cand(cell, v);
                let slot = kind * 729 + k as usize;
                if let (Some(memo), Best::All { found, .. }) = (memo.as_deref_mut(), &mut *best) {
                    let versions = &mut memo.steps[slot];
                    let mut hit = None;
                    for (i, s) in versions.iter().enumerate() {
                        if !s.reads.meets(&diff(&mut diffs, &s.grid, &grid))
                            && !s.reads.meets(&diff(&mut init_diffs, &s.init, &init))
                            && (s.skipped == 0 || barren && skips_from(k) & s.skipped == s.skipped)
                        {
                            hit = Some(i);
                            break;
                        }
                    }
                    if let Some(i) = hit {
                        let s = &mut versions[i];
                        found.extend(s.found.iter().cloned());
                        if !s.pinned {
                            s.grid = Arc::clone(&grid);
                            s.init = Arc::clone(&init);
                        }
                        continue;
                    }
                }
                let offered = match best {
                    Best::All { found, .. } => found.len(),
                    Best::First(_) | Best::Every(_) => 0,
                };
                ch.reads = Reads::default();
                ch.reads.cell(cell);
                // Every step from this assumption is complete once offered: its potentials can go.
                let mark = ch.mark();
                let src = ch.push(k, true, &[]);
                // Only a nested search keeps what it read.
                let track = memo.is_some();
                let found = if track { ch.cycles::<true>(src, y, x) } else { ch.cycles::<false>(src, y, x) };
                let mut chains = Vec::new();
                let skipped = if x && barren { skips_from(k) } else { 0 };
                if x && skipped & SKIP_ON == 0 {
                    chains.extend(ch.forcing_unless_closed(src, y, track, &mut closures));
                }
                if x && skipped & SKIP_OFF == 0 {
                    let src_off = ch.push(k, false, &[]);
                    chains.extend(ch.forcing_unless_closed(src_off, y, track, &mut closures));
                }
                let sort_key = if x && y {
                    4
                } else if y {
                    3
                } else {
                    2
                };
                for dst in found {
                    let f = cycle_hint(&mut ch, dst, x, y, sort_key);
                    best.offer(&ch, f, &[dst], 0, true);
                }
                for target in chains {
                    let complexity = ch.ancestors(target);
                    let node = ch.buf.nodes[target as usize];
                    let (removals, place) = ch.conclusion(node.cand, node.on);
                    let base = if x && y { 7.0 } else { 6.6 };
                    let name = if x && y {
                        "Forcing Chain"
                    } else if y {
                        "Forcing Y-Chain"
                    } else if complexity == 6 {
                        "Turbot Fish"
                    } else {
                        "Forcing X-Chain"
                    };
                    let difficulty = base + length_bonus(complexity);
                    let f = Found {
                        difficulty,
                        complexity,
                        sort_key,
                        hint: Hint { place, ..Hint::removal(difficulty, name, removals) },
                    };
                    best.offer(&ch, f, &[target], 0, false);
                }
                ch.rewind(mark);
                if ch.budget.exhausted() {
                    return;
                }
                if let (Some(memo), Best::All { found, .. }) = (memo.as_deref_mut(), &*best) {
                    let versions = &mut memo.steps[slot];
                    // Found where the enclosing chain changed nothing: the same holds on the board
                    // itself, for every chain from it.
                    let pinned = !ch.reads.meets(&diff(&mut diffs, &init, &grid));
                    let step = SourceSteps {
                        grid: Arc::clone(if pinned { &init } else { &grid }),
                        init: Arc::clone(&init),
                        reads: ch.reads,
                        found: found[offered..].to_vec(),
                        pinned,
                        skipped,
                    };
                    if pinned {
                        versions.retain(|s| !s.pinned);
                        versions.insert(0, step);
                    } else {
                        let at = usize::from(versions.first().is_some_and(|s| s.pinned));
                        if versions.len() - at >= VERSIONS {
                            versions.pop();
                        }
                        versions.insert(at, step);
                    }
                }
            }
        }
        ch.buf.closures = closures;
    }
}

fn cycle_hint(ch: &mut Chainer<'_>, dst: u32, x: bool, y: bool, sort_key: u8) -> Found {
    let mut cells = [false; 81];
    let mut cell_count = 0;
    let mut p = dst;
    while !ch.parents_of(p).is_empty() {
        let c = cell_of(ch.buf.nodes[p as usize].cand);
        if !cells[c] {
            cells[c] = true;
            cell_count += 1;
        }
        p = ch.parents_of(p)[0];
    }
    let mut forw = Bits::default();
    let mut back = Bits::default();
    let mut p = dst;
    while !ch.parents_of(p).is_empty() {
        let node = ch.buf.nodes[p as usize];
        let (cell, d) = (cell_of(node.cand), digit_of(node.cand));
        ch.reads.houses_of(cell, d);
        for &o in &PEERS[cell] {
            let o = o as usize;
            if !cells[o] && ch.board.cands[o] & (1 << d) != 0 {
                if node.on {
                    forw.set(cand(o, d));
                } else {
                    back.set(cand(o, d));
                }
            }
        }
        p = ch.parents_of(p)[0];
    }
    let mut removals: Vec<(u8, u16)> = Vec::new();
    for c in forw.and(&back).iter() {
        let (cell, d) = (cell_of(c) as u8, digit_of(c));
        match removals.last_mut() {
            Some((last, mask)) if *last == cell => *mask |= 1 << d,
            _ => removals.push((cell, 1 << d)),
        }
    }
    let complexity = ch.ancestors(dst);
    let name = if x && y {
        "Bidirectional Cycle"
    } else if y {
        "Bidirectional Y-Cycle"
    } else if cell_count == 4 {
        "Generalized X-Wing"
    } else {
        "Bidirectional X-Cycle"
    };
    let difficulty = if x && y { 7.0 } else { 6.5 } + length_bonus(complexity);
    Found { difficulty, complexity, sort_key, hint: Hint::removal(difficulty, name, removals) }
}
