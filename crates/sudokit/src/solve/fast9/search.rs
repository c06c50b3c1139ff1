//! The search: the solution sinks that specialise each mode at compile time (count only, first
//! solution, visit every solution), the depth-first recursion, and the choice of the cell to
//! branch on.

use std::ops::ControlFlow;

use super::kernel::{Kernel, Portable};
use super::state::{Outcome, State};
use super::tables::{COLUMN_WORDS, PEERS};
use super::Stats;

// The chosen design (cell branching on the best-scored bivalue cell, the stack pass only near
// the root) and the variants measured against it: `docs/fast9-design.md`.

/// Below the root, the stack pass runs only while at least this many cells are open.
pub(super) const STRONG_OPEN: u32 = 45;
/// With fewer cells open than this, the first bivalue cell is taken without scoring them all.
pub(super) const SCAN_OPEN: u32 = 25;

/// What to do with a solution; the modes are specialised at compile time so the count-only
/// search never builds a grid.
pub(super) trait Sink {
    /// Whether solutions must be written out as grids.
    const GRID: bool;
    fn accept(&mut self, grid: &[u8; 81]) -> ControlFlow<()>;
}

/// Solutions are only counted.
pub(super) struct CountOnly;
impl Sink for CountOnly {
    const GRID: bool = false;
    #[inline(always)]
    fn accept(&mut self, _: &[u8; 81]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Every solution goes to the closure, which may stop the search.
pub(super) struct Visit<F>(pub(super) F);
impl<F: FnMut(&[u8; 81]) -> ControlFlow<()>> Sink for Visit<F> {
    const GRID: bool = true;
    #[inline(always)]
    fn accept(&mut self, grid: &[u8; 81]) -> ControlFlow<()> {
        (self.0)(grid)
    }
}

/// The first solution is kept and stops the search.
pub(super) struct KeepFirst(pub(super) Option<[u8; 81]>);
impl Sink for &mut KeepFirst {
    const GRID: bool = true;
    #[inline(always)]
    fn accept(&mut self, grid: &[u8; 81]) -> ControlFlow<()> {
        self.0 = Some(*grid);
        ControlFlow::Break(())
    }
}

/// Search bookkeeping shared by the whole recursion (the board state itself is copied).
pub(super) struct Ctx<S> {
    pub(super) sink: S,
    /// The search stops once it has found this many solutions (at least 1).
    pub(super) limit: u64,
    pub(super) stats: Stats,
    /// Set once the limit is reached or the sink asked to stop; the recursion unwinds.
    pub(super) stop: bool,
}

/// Which kernels a search runs on. Only the tests ask for anything but `Dispatch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
pub(super) enum Path {
    /// The fastest the CPU supports, detected at run time.
    Dispatch,
    /// The portable scalar kernels, whatever the CPU.
    Portable,
    /// The AVX2 kernels without `pext` (what CPUs with a slow `pext` get), when the CPU has
    /// AVX2; the portable ones otherwise.
    VectorTables,
}

/// Searches `givens` (row-major, 0 or any byte above 9 = blank, 1..=9 = given) for up to `limit`
/// solutions, calling `visit` with each. For callers whose grid is known to hold only 0..=9; the
/// public [`search`](fn@super::search) checks its input first.
pub(crate) fn search_trusted(
    givens: &[u8; 81],
    limit: u64,
    visit: impl FnMut(&[u8; 81]) -> ControlFlow<()>,
) -> Stats {
    run(givens, limit, Visit(visit), Path::Dispatch)
}

/// [`search_trusted`] without materialising solutions (the count-only mode).
pub(crate) fn count_trusted(givens: &[u8; 81], limit: u64) -> Stats {
    run(givens, limit, CountOnly, Path::Dispatch)
}

/// The first solution only (the first-solution mode), on a grid as for [`search_trusted`].
pub(crate) fn first_trusted(givens: &[u8; 81]) -> (Option<[u8; 81]>, Stats) {
    let mut keep = KeepFirst(None);
    let stats = run(givens, 1, &mut keep, Path::Dispatch);
    (keep.0, stats)
}

/// The search of `givens` for up to `limit` solutions (at least 1) on the kernels `path` names.
pub(super) fn run<S: Sink>(givens: &[u8; 81], limit: u64, sink: S, path: Path) -> Stats {
    let mut ctx = Ctx { sink, limit: limit.max(1), stats: Stats::default(), stop: false };
    #[cfg(target_arch = "x86_64")]
    if super::x86::search(givens, &mut ctx, path) {
        return ctx.stats;
    }
    let _ = path;
    Portable.start(givens, &mut ctx);
    ctx.stats
}

/// The whole search on kernel `k`: set-up, then the recursion.
#[inline(always)]
pub(super) fn start_with<S: Sink, K: Kernel>(k: K, givens: &[u8; 81], ctx: &mut Ctx<S>) {
    if let Some((mut s, news)) = k.fresh(givens) {
        k.solve(&mut s, news, 0, ctx);
    }
}

/// The search from `s` on: propagation, then a solution, a dead end or a branch.
#[inline(always)]
pub(super) fn solve_with<S: Sink, K: Kernel>(k: K, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>) {
    let open = s.unsolved[0].count_ones() + s.unsolved[1].count_ones() + s.unsolved[2].count_ones();
    let pairs = match k.propagate(s, news, then, ctx.stats.guesses == 0 || open >= STRONG_OPEN) {
        Outcome::Contradiction => return,
        Outcome::Solved => {
            ctx.stats.solutions += 1;
            let flow = if S::GRID { ctx.sink.accept(&s.grid()) } else { ControlFlow::Continue(()) };
            if flow.is_break() || ctx.stats.solutions >= ctx.limit {
                ctx.stop = true;
            }
            return;
        }
        Outcome::Open(pairs) => pairs,
    };
    branch_cell(k, s, ctx, &pairs);
}

/// Tries each digit of the cell [`pick_cell`] chooses; the last one is forced, not a guess.
#[inline(always)]
fn branch_cell<S: Sink, K: Kernel>(k: K, s: &mut State, ctx: &mut Ctx<S>, pairs: &[u32; 3]) {
    let (b, bit) = pick_cell(s, pairs);
    // Propagation left every digit-band as seen; only the ones touched below are news.
    let mut news = 0;
    // The cell's digits, and their words: with the digit's words in the other bands, the ones
    // a placement there is bound to change.
    let mut digits: u32 = 0;
    let mut cell_words = 0;
    for d in 0..9 {
        if s.cand[d * 3 + b] & bit != 0 {
            digits |= 1 << d;
            cell_words |= 1 << (d * 3 + b);
        }
    }
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let i = d * 3 + b;
        let then = (cell_words | COLUMN_WORDS[i]) & !(1 << i);
        if digits == 0 {
            s.place(d, b, bit);
            k.solve(s, news | 1 << i, then & !news, ctx);
            return;
        }
        ctx.stats.guesses += 1;
        let mut t = *s;
        t.place(d, b, bit);
        k.solve(&mut t, news | 1 << i, then & !news, ctx);
        if ctx.stop {
            return;
        }
        s.cand[d * 3 + b] &= !bit;
        news |= 1 << (d * 3 + b);
    }
}

/// The cell to branch on: the bivalue cell with the most unsolved peers if there is a bivalue
/// cell (the first such cell on a tie; simply the first with fewer than [`SCAN_OPEN`] cells
/// open), else the fewest candidates among the first unsolved cell of each band.
#[inline(always)]
pub(super) fn pick_cell(s: &State, pairs: &[u32; 3]) -> (usize, u32) {
    if pairs[0] | pairs[1] | pairs[2] != 0 {
        let u = s.unsolved;
        if u[0].count_ones() + u[1].count_ones() + u[2].count_ones() < SCAN_OPEN {
            for b in 0..3 {
                if pairs[b] != 0 {
                    return (b, pairs[b] & pairs[b].wrapping_neg());
                }
            }
        }
        let z = u[0] as u128 | (u[1] as u128) << 32 | (u[2] as u128) << 64;
        // The key is the degree above a tie-breaker that prefers earlier cells: a branch-free
        // maximum, since which cell wins is unpredictable. One loop over the three bands'
        // pairs side by side.
        let mut key = 0u32;
        let mut p = pairs[0] as u128 | (pairs[1] as u128) << 32 | (pairs[2] as u128) << 64;
        while p != 0 {
            let at = p.trailing_zeros();
            p &= p - 1;
            let degree = (z & PEERS[at as usize & 127]).count_ones();
            key = key.max(degree << 8 | (255 - at));
        }
        let at = 255 - (key & 255);
        return ((at / 32) as usize, 1 << (at % 32));
    }
    let mut best = (10u32, 0usize, 0u32);
    for b in 0..3 {
        let u = s.unsolved[b];
        if u == 0 {
            continue;
        }
        let bit = u & u.wrapping_neg();
        let mut n = 0;
        for d in 0..9 {
            n += (s.cand[d * 3 + b] & bit != 0) as u32;
        }
        if n < best.0 {
            best = (n, b, bit);
        }
    }
    (best.1, best.2)
}
