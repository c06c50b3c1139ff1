//! AVX2 kernels of the 9×9 engine, chosen at run time (see "Vector kernels" in the module docs
//! of the engine).
//!
//! The whole search of this path, recursion included, runs in `#[target_feature]` functions so
//! that the kernels inline into it. An [`Avx2`] value, which every entry here needs, is only
//! made by [`search`] after the CPU was seen to support the features.

// Calling a `#[target_feature]` function from code compiled without those features is unsafe;
// holding an `Avx2` value makes each such call sound, and each one says so.
#![allow(unsafe_code)]

use super::kernel::Kernel;
use super::search::{solve_with, start_with, Ctx, Path, Sink};
use super::state::{Naked, Outcome, State};
use super::tables::{columns, row_singles, shrink, ALL, COLUMN_KEEP, EVERY_WORD, PERMUTE, ROW};
use std::arch::x86_64::*;
use std::sync::OnceLock;

/// What the CPU offers this path, detected once per process.
#[derive(Clone, Copy)]
enum Cpu {
    /// No AVX2, BMI1, BMI2 or POPCNT: the portable kernels run.
    Scalar,
    /// All of them; `fast_pext` is false on the AMD families where `pext` is microcoded.
    Avx2 { fast_pext: bool },
}

fn cpu() -> Cpu {
    static CPU: OnceLock<Cpu> = OnceLock::new();
    *CPU.get_or_init(|| {
        let vector = is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("popcnt");
        if vector {
            Cpu::Avx2 { fast_pext: !slow_pext() }
        } else {
            Cpu::Scalar
        }
    })
}

/// AMD (and Hygon) before family 19h (Zen 3) run `pext` as a microcoded loop, tens to hundreds
/// of cycles; the table look-ups it replaces are cheaper there.
#[allow(unused_unsafe)] // `__cpuid` became a safe function after the MSRV.
fn slow_pext() -> bool {
    // SAFETY: `cpuid` exists on every x86-64 CPU; leaves 0 and 1 always do.
    let (vendor, info) = unsafe { (__cpuid(0), __cpuid(1)) };
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163); // AuthenticAMD
    let hygon = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6f67_7948, 0x6e65_476e, 0x656e_6975); // HygonGenuine
    let base = (info.eax >> 8) & 0xf;
    let family = if base == 0xf { base + ((info.eax >> 20) & 0xff) } else { base };
    (amd || hygon) && family < 0x19
}

/// Runs the search on the AVX2 kernels if `path` and the CPU allow; false when the caller
/// must run the portable ones.
pub(super) fn search<S: Sink>(givens: &[u8; 81], ctx: &mut Ctx<S>, path: Path) -> bool {
    let Cpu::Avx2 { fast_pext } = cpu() else { return false };
    match path {
        Path::Portable => return false,
        Path::Dispatch if fast_pext => Avx2::<true>(()).start(givens, ctx),
        Path::Dispatch | Path::VectorTables => Avx2::<false>(()).start(givens, ctx),
    }
    true
}

/// `f` run on the vector kernels, or `None` when the CPU lacks their features (for the tests
/// that compare single kernels with the portable ones).
#[cfg(test)]
pub(super) fn on_vector_kernels<R>(f: impl FnOnce(Avx2<false>) -> R) -> Option<R> {
    match cpu() {
        Cpu::Avx2 { .. } => Some(f(Avx2(()))),
        Cpu::Scalar => None,
    }
}

/// Proof that the CPU runs AVX2, BMI1, BMI2 and POPCNT; `PEXT` picks `pext` over the tables
/// for the row×box reduction. Only this module can make one.
#[derive(Clone, Copy)]
pub(super) struct Avx2<const PEXT: bool>(());

impl<const PEXT: bool> Kernel for Avx2<PEXT> {
    #[inline(always)]
    fn start<S: Sink>(self, givens: &[u8; 81], ctx: &mut Ctx<S>) {
        // SAFETY: as in `solve`.
        unsafe { start::<S, PEXT>(givens, ctx) }
    }
    #[inline(always)]
    fn set_up(self, givens: &[u8; 81]) -> Option<State> {
        // SAFETY: as in `solve`.
        unsafe { set_up(givens) }
    }
    #[inline(always)]
    fn fresh(self, givens: &[u8; 81]) -> Option<(State, u32)> {
        // SAFETY: as in `solve`.
        unsafe { fresh(givens) }
    }
    #[inline(always)]
    fn solve<S: Sink>(self, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>) {
        // SAFETY: an `Avx2` exists only once `cpu` found every feature `solve` is compiled for.
        unsafe { solve::<S, PEXT>(s, news, then, ctx) }
    }
    #[inline(always)]
    fn propagate(self, s: &mut State, news: u32, then: u32, strong: bool) -> Outcome {
        // SAFETY: as in `solve`.
        unsafe { propagate::<PEXT>(s, news, then, strong) }
    }
    #[inline(always)]
    fn update_all(self, s: &mut State, news: u32, then: u32) -> bool {
        // SAFETY: as in `solve`.
        unsafe { update_all::<PEXT>(s, news, then) }
    }
    #[inline(always)]
    fn naked(self, s: &State) -> Naked {
        // SAFETY: as in `solve`.
        unsafe { naked(s) }
    }
    #[inline(always)]
    fn stack_pass(self, s: &mut State) -> Option<u32> {
        // SAFETY: as in `solve`.
        unsafe { stack_pass(s) }
    }
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn start<S: Sink, const PEXT: bool>(givens: &[u8; 81], ctx: &mut Ctx<S>) {
    start_with(Avx2::<PEXT>(()), givens, ctx);
}

/// `given_masks` with one byte compare per digit and band.
#[target_feature(enable = "avx2")]
#[inline]
fn given_masks(givens: &[u8; 81]) -> [u32; 27] {
    // Each band is one 32-byte load from the puzzle itself: bands 0 and 1 from their first
    // cell, band 2 from five cells earlier, its bits shifted down by five (a padded copy of the
    // puzzle would cost a copy, and a load that straddles the copy's stores).
    let mut m = [0u32; 27];
    for b in 0..3 {
        let from = if b < 2 { b * 27 } else { 81 - 32 };
        let w = &givens[from..from + 32];
        // SAFETY: `w` is 32 in-bounds bytes; the load has no alignment requirement.
        let cells = unsafe { _mm256_loadu_si256(w.as_ptr().cast()) };
        for d in 0..9 {
            let hit = _mm256_cmpeq_epi8(cells, _mm256_set1_epi8(d as i8 + 1));
            m[d * 3 + b] = (_mm256_movemask_epi8(hit) as u32 >> (b * 27 - from)) & ALL;
        }
    }
    m
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn solve<S: Sink, const PEXT: bool>(s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>) {
    solve_with(Avx2::<PEXT>(()), s, news, then, ctx);
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn propagate<const PEXT: bool>(s: &mut State, news: u32, then: u32, strong: bool) -> Outcome {
    s.propagate_with(Avx2::<PEXT>(()), news, then, strong)
}

/// Eight words of a 27-word array, from `at` on.
#[target_feature(enable = "avx2")]
#[inline]
fn load8(a: &[u32; 27], at: usize) -> __m256i {
    let w = &a[at..at + 8];
    // SAFETY: `w` is 8 in-bounds words (32 bytes); the load has no alignment requirement.
    unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
}

/// Bit `i` set when `cand[i] != seen[i]`: the digit-bands with news to spread.
#[target_feature(enable = "avx2")]
#[inline]
fn dirty(s: &State) -> u32 {
    let mut same = 0;
    for at in AT {
        same |= equal_lanes(load8(&s.cand, at), load8(&s.seen, at)) << at;
    }
    !same & EVERY_WORD
}

/// Bit `j` set when lane `j` of `a` and `b` are equal.
#[target_feature(enable = "avx2")]
#[inline]
fn equal_lanes(a: __m256i, b: __m256i) -> u32 {
    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))) as u32
}

/// Band updates until nothing changes, driven by masks of the digit-bands with news instead
/// of the portable sweep's test per digit-band: no data-dependent branch per digit-band, and
/// the indices of a round are known ahead, so consecutive updates overlap. The first round
/// trusts the caller's `news`, the second its `then` if any; later ones compare the whole
/// state with [`dirty`].
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
fn update_all<const PEXT: bool>(s: &mut State, news: u32, then: u32) -> bool {
    let mut m = news & EVERY_WORD;
    let mut then = then & EVERY_WORD;
    while m != 0 {
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if !update::<PEXT>(s, i) {
                return false;
            }
        }
        m = if then != 0 { std::mem::take(&mut then) } else { dirty(s) };
    }
    true
}

/// `State::update` with the index known only at run time (a jump to the 27 monomorphised
/// copies was slower).
#[target_feature(enable = "bmi1,bmi2")]
#[inline]
fn update<const PEXT: bool>(s: &mut State, i: usize) -> bool {
    let b = i % 3;
    let base = i - b;
    let x = s.cand[i];
    let rows_boxes = if PEXT {
        // A minirow is in use when any of its 3 bits is: OR them into the lowest, then gather.
        // Nine bits gathered: the mask tells the compiler the index is in the table.
        _pext_u32(x | x >> 1 | x >> 2, 0o111_111_111) as usize & 511
    } else {
        shrink(x)
    };
    let y = x & PERMUTE[rows_boxes];
    if y == 0 {
        return false;
    }
    s.seen[i] = y;
    let cols = columns(y);
    let keep = COLUMN_KEEP[cols as usize];
    s.cand[base + (b + 1) % 3] &= keep;
    s.cand[base + (b + 2) % 3] &= keep;
    let clear = !row_singles(y);
    s.unsolved[b] &= clear;
    // Clearing the digit's own word too and restoring it avoids a test per digit.
    for e in 0..9 {
        s.cand[e * 3 + b] &= clear;
    }
    s.cand[i] = y;
    true
}

/// `State::naked` for the three bands at once, one band per lane.
#[target_feature(enable = "avx2")]
#[inline]
fn naked(s: &State) -> Naked {
    let (mut c1, mut c2, mut c3) = (_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128());
    let mut planes = [_mm_setzero_si128(); 4];
    for d in 0..9 {
        // Lanes 0..3 are the bands of digit d; lane 3 belongs to the next digit and is never
        // read. The last digit is loaded one word early and shifted down, to stay in bounds.
        let x = if d < 8 {
            let w = &s.cand[d * 3..d * 3 + 4];
            // SAFETY: `w` is 4 in-bounds words (16 bytes); the load has no alignment requirement.
            unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
        } else {
            let w = &s.cand[23..27];
            // SAFETY: as above.
            _mm_bsrli_si128::<4>(unsafe { _mm_loadu_si128(w.as_ptr().cast()) })
        };
        c3 = _mm_or_si128(c3, _mm_and_si128(c2, x));
        c2 = _mm_or_si128(c2, _mm_and_si128(c1, x));
        c1 = _mm_or_si128(c1, x);
        for (k, plane) in planes.iter_mut().enumerate() {
            if d >> k & 1 != 0 {
                *plane = _mm_or_si128(*plane, x);
            }
        }
    }
    let full = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(c1, _mm_set1_epi32(ALL as i32))));
    let unsolved = _mm_setr_epi32(s.unsolved[0] as i32, s.unsolved[1] as i32, s.unsolved[2] as i32, 0);
    let pairs = _mm_andnot_si128(c3, c2);
    let singles = _mm_and_si128(_mm_andnot_si128(c2, c1), unsolved);
    let mut n = Naked {
        empty: full & 7 != 7,
        pairs: band_words(pairs),
        singles: band_words(singles),
        planes: [0; 16],
    };
    for (k, plane) in planes.into_iter().enumerate() {
        let w = &mut n.planes[k * 4..k * 4 + 4];
        // SAFETY: `w` is 4 in-bounds words (16 bytes); the store has no alignment requirement.
        unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), plane) };
    }
    n
}

/// The vectors a 27-word array is handled in: words 0..8, 8..16, 16..24 and 19..27 (the last
/// overlaps the third, so the arrays need no padding).
const AT: [usize; 4] = [0, 8, 16, 19];

/// Lanes of vector `k` of [`AT`] in band `b` (all ones), for blends by band.
#[target_feature(enable = "avx2")]
#[inline]
fn lanes_of_band(k: usize, b: i32) -> __m256i {
    _mm256_cmpeq_epi32(lane_bands(k), _mm256_set1_epi32(b))
}

/// Per lane of 27 digit-band words (vectors as in [`AT`]), the word of the same digit in the
/// next band and in the band after it. The words go through memory once, to be read back at
/// shifted offsets and blended by the band of each lane.
#[target_feature(enable = "avx2")]
#[inline]
fn other_bands(v: &[__m256i; 4]) -> ([__m256i; 4], [__m256i; 4]) {
    // Word i at `buf[GUARD + i]`, with room to read two words either side.
    const GUARD: usize = 2;
    let mut buf = [0u32; 32];
    for (k, at) in AT.into_iter().enumerate() {
        let w = &mut buf[GUARD + at..GUARD + at + 8];
        // SAFETY: `w` is 8 in-bounds words; the store has no alignment requirement.
        unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), v[k]) };
    }
    let shifted = |from: usize| {
        let w = &buf[from..from + 8];
        // SAFETY: `w` is 8 in-bounds words; the load has no alignment requirement.
        unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
    };
    let mut next = [_mm256_setzero_si256(); 4];
    let mut after = [_mm256_setzero_si256(); 4];
    for (k, at) in AT.into_iter().enumerate() {
        // The next band of the digit is word i + 1, or i - 2 from band 2; the band after it is
        // word i + 2 from band 0, or i - 1.
        next[k] = _mm256_blendv_epi8(shifted(at + GUARD + 1), shifted(at + GUARD - 2), lanes_of_band(k, 2));
        after[k] = _mm256_blendv_epi8(shifted(at + GUARD - 1), shifted(at + GUARD + 2), lanes_of_band(k, 0));
    }
    (next, after)
}

/// The columns (low 9 bits) of each lane's band word.
#[target_feature(enable = "avx2")]
#[inline]
fn columns_v(x: __m256i) -> __m256i {
    _mm256_and_si256(
        _mm256_or_si256(_mm256_or_si256(x, _mm256_srli_epi32::<9>(x)), _mm256_srli_epi32::<18>(x)),
        _mm256_set1_epi32(ROW as i32),
    )
}

/// Each lane's 9 low bits copied to the three rows of a band word.
#[target_feature(enable = "avx2")]
#[inline]
fn spread_v(c: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_or_si256(c, _mm256_slli_epi32::<9>(c)), _mm256_slli_epi32::<18>(c))
}

/// Stores 27 words held as vectors of [`AT`].
#[target_feature(enable = "avx2")]
#[inline]
fn store27(a: &mut [u32; 27], v: &[__m256i; 4]) {
    for (k, at) in AT.into_iter().enumerate() {
        let w = &mut a[at..at + 8];
        // SAFETY: `w` is 8 in-bounds words; the store has no alignment requirement.
        unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), v[k]) };
    }
}

/// [`State::from_givens`] for all 27 digit-bands at once, eight per vector. The conflict test is
/// per digit-band: no row, box or column with two givens of the digit in the band, and no column
/// shared with the digit's other bands.
#[target_feature(enable = "avx2")]
#[inline]
fn set_up(givens: &[u8; 81]) -> Option<State> {
    let (cand, unsolved) = set_up_vectors(givens)?;
    let mut s = State { cand: [0; 27], seen: [0; 27], unsolved };
    store27(&mut s.cand, &cand);
    Some(s)
}

/// [`set_up`] with the candidates left in vectors (as in [`AT`]), beside the unsolved cells.
#[target_feature(enable = "avx2")]
#[inline]
fn set_up_vectors(givens: &[u8; 81]) -> Option<([__m256i; 4], [u32; 3])> {
    let m = given_masks(givens);
    let mut taken = [0u32; 3];
    for i in 0..27 {
        taken[i % 3] |= m[i];
    }
    let v = |c: u32| _mm256_set1_epi32(c as i32);
    let zero = _mm256_setzero_si256();
    // Where a band word has a bit of `mask`, `fill`; elsewhere nothing.
    let used = |x: __m256i, mask: u32, fill: u32| {
        _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(x, v(mask)), zero), v(fill))
    };
    // Non-zero where the bits of `mask` in a band word are two or more.
    let twice = |x: __m256i, mask: u32| {
        let y = _mm256_and_si256(x, v(mask));
        _mm256_and_si256(y, _mm256_sub_epi32(y, v(1)))
    };
    let taken_v = _mm256_setr_epi32(taken[0] as i32, taken[1] as i32, taken[2] as i32, 0, 0, 0, 0, 0);
    let x = AT.map(|at| load8(&m, at));
    let cols = x.map(|x| columns_v(x));
    let (next, after) = other_bands(&cols);
    let mut bad = zero;
    let mut cand = [zero; 4];
    for k in 0..4 {
        let x = x[k];
        let mut blocked = zero;
        for j in 0..3 {
            let row = ROW << (9 * j);
            let bx = 0o007_007_007 << (3 * j);
            blocked = _mm256_or_si256(
                blocked,
                _mm256_or_si256(used(x, row, row), used(cols[k], 0o7 << (3 * j), bx)),
            );
            bad = _mm256_or_si256(bad, _mm256_or_si256(twice(x, row), twice(x, bx)));
        }
        let other = _mm256_or_si256(next[k], after[k]);
        // A column twice in this band, or also in another band.
        let same_col = _mm256_or_si256(
            _mm256_and_si256(x, _mm256_or_si256(_mm256_srli_epi32::<9>(x), _mm256_srli_epi32::<18>(x))),
            _mm256_and_si256(cols[k], other),
        );
        bad = _mm256_or_si256(bad, same_col);
        let lanes_taken = by_band(k, taken_v);
        blocked =
            _mm256_or_si256(blocked, _mm256_or_si256(spread_v(_mm256_or_si256(cols[k], other)), lanes_taken));
        cand[k] = _mm256_or_si256(_mm256_andnot_si256(blocked, v(ALL)), x);
    }
    if _mm256_testz_si256(bad, bad) == 0 {
        return None;
    }
    Some((cand, taken.map(|t| ALL & !t)))
}

/// `State::stack_pass` for all 27 digit-bands at once, eight per vector; each lane reads the
/// columns of its digit's other bands through [`other_bands`].
#[target_feature(enable = "avx2")]
#[inline]
fn stack_pass(s: &mut State) -> Option<u32> {
    let x = AT.map(|at| load8(&s.cand, at));
    let cols = x.map(|x| columns_v(x));
    let (next, after) = other_bands(&cols);
    let turn = |c: __m256i| {
        _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<1>(c), _mm256_set1_epi32(0o333)),
            _mm256_and_si256(_mm256_slli_epi32::<2>(c), _mm256_set1_epi32(0o444)),
        )
    };
    let mut changed = 0u32;
    let mut stuck = 0u32;
    let mut y = [_mm256_setzero_si256(); 4];
    for (k, at) in AT.into_iter().enumerate() {
        let (p1, q1) = (turn(next[k]), turn(after[k]));
        let (p2, q2) = (turn(p1), turn(q1));
        let keep =
            _mm256_and_si256(cols[k], _mm256_or_si256(_mm256_and_si256(p1, q2), _mm256_and_si256(p2, q1)));
        y[k] = _mm256_and_si256(x[k], spread_v(keep));
        changed |= (!equal_lanes(y[k], x[k]) & 0xff) << at;
        // A stack of the digit with no permutation leaves no column in that stack.
        let stacks = _mm256_and_si256(
            _mm256_or_si256(
                _mm256_or_si256(keep, _mm256_srli_epi32::<1>(keep)),
                _mm256_srli_epi32::<2>(keep),
            ),
            _mm256_set1_epi32(0o111),
        );
        stuck |= !equal_lanes(stacks, _mm256_set1_epi32(0o111)) & 0xff;
    }
    if stuck != 0 {
        return None;
    }
    store27(&mut s.cand, &y);
    Some(changed & EVERY_WORD)
}

/// Dense rounds go on while at least this many digit-bands have news; then the search's
/// rounds of single band updates take over. 8 against 99 (one dense round only): +5% on
/// 17-clue, the same elsewhere; 5: the same as 8.
const DENSE_NEWS: u32 = 8;

/// The state of the puzzle `givens` after its dense rounds, and the digit-bands left with news;
/// `None` when givens conflict or the rounds find a contradiction. The set-up's candidates go
/// into the first round without a trip through memory.
#[target_feature(enable = "avx2")]
#[inline]
fn fresh(givens: &[u8; 81]) -> Option<(State, u32)> {
    let (cand, mut unsolved) = set_up_vectors(givens)?;
    let (cand, seen, news) = dense_round_vectors(&cand, &mut unsolved)?;
    let mut s = State { cand: [0; 27], seen: [0; 27], unsolved };
    store27(&mut s.cand, &cand);
    store27(&mut s.seen, &seen);
    let news = more_dense_rounds(&mut s, news)?;
    Some((s, news))
}

/// Further dense rounds while at least [`DENSE_NEWS`] digit-bands have news; the news left,
/// or `None` on a contradiction.
#[target_feature(enable = "avx2")]
#[inline]
fn more_dense_rounds(s: &mut State, mut news: u32) -> Option<u32> {
    while news.count_ones() >= DENSE_NEWS {
        news = dense_round(s)?;
    }
    Some(news)
}

/// Dense rounds from `s` as [`fresh`] runs them (for the tests, which start them from states
/// no puzzle sets up).
#[cfg(test)]
pub(super) fn dense_rounds(_: Avx2<false>, s: &mut State) -> Option<u32> {
    // SAFETY: the `Avx2` argument proves the CPU runs AVX2.
    unsafe { dense_round(s).and_then(|news| more_dense_rounds(s, news)) }
}

/// Per vector of [`AT`], the band of each lane.
static LANE_BAND: [[i32; 8]; 4] = {
    let mut t = [[0; 8]; 4];
    let mut k = 0;
    while k < 4 {
        let mut j = 0;
        while j < 8 {
            t[k][j] = ((AT[k] + j) % 3) as i32;
            j += 1;
        }
        k += 1;
    }
    t
};

/// Three per-band words (lanes 0..3 of `per_band`) spread over vector `k` of [`AT`]: each lane
/// gets its band's word.
#[target_feature(enable = "avx2")]
#[inline]
fn by_band(k: usize, per_band: __m256i) -> __m256i {
    _mm256_permutevar8x32_epi32(per_band, lane_bands(k))
}

/// The band of each lane of vector `k` of [`AT`].
#[target_feature(enable = "avx2")]
#[inline]
fn lane_bands(k: usize) -> __m256i {
    let w = &LANE_BAND[k];
    // SAFETY: `w` is 8 in-bounds words; the load has no alignment requirement.
    unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
}

/// The minirows of each lane's band word that lie on some permutation of its row×box matrix
/// ([`PERMUTE`] as bit arithmetic). `t` holds one bit per minirow, at the minirow's lowest
/// cell (bit `9 * row + 3 * box`); so does the result.
#[target_feature(enable = "avx2")]
#[inline]
fn minirow_matchings(t: __m256i) -> __m256i {
    let v = |c: u32| _mm256_set1_epi32(c as i32);
    let or = _mm256_or_si256;
    let and = _mm256_and_si256;
    // Each lane's matrix turned by one or two boxes (within every row) or rows.
    let box1 = |x| {
        or(and(_mm256_srli_epi32::<3>(x), v(0o011_011_011)), and(_mm256_slli_epi32::<6>(x), v(0o100_100_100)))
    };
    let box2 = |x| {
        or(and(_mm256_slli_epi32::<3>(x), v(0o110_110_110)), and(_mm256_srli_epi32::<6>(x), v(0o001_001_001)))
    };
    let row1 = |x| or(_mm256_srli_epi32::<9>(x), and(_mm256_slli_epi32::<18>(x), v(0o777_000_000)));
    let row2 = |x| or(_mm256_srli_epi32::<18>(x), and(_mm256_slli_epi32::<9>(x), v(0o777_777_000)));
    let (b1, b2) = (box1(t), box2(t));
    // Entry (row, box) stays when the two other rows can take the two other boxes, one each.
    and(t, or(and(row1(b1), row2(b2)), and(row1(b2), row2(b1))))
}

/// Each lane's band word without its minirows that lie on no permutation of its row×box
/// matrix: the first step of the band update, [`PERMUTE`] as bit arithmetic.
#[target_feature(enable = "avx2")]
#[inline]
fn permuted(x: __m256i) -> __m256i {
    let or = _mm256_or_si256;
    // One bit per minirow in use, at its lowest cell.
    let t = _mm256_and_si256(
        or(or(x, _mm256_srli_epi32::<1>(x)), _mm256_srli_epi32::<2>(x)),
        _mm256_set1_epi32(0o111_111_111),
    );
    _mm256_and_si256(x, minirow_cells(minirow_matchings(t)))
}

/// Each bit at the lowest cell of a minirow (or of a box's three columns) copied to the two
/// cells after it.
#[target_feature(enable = "avx2")]
#[inline]
fn minirow_cells(v: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_or_si256(v, _mm256_slli_epi32::<1>(v)), _mm256_slli_epi32::<2>(v))
}

/// One band update of all 27 digit-bands at once, eight per vector, all reading the state as
/// it was before the round (a round of scalar updates lets each see the ones before it). The
/// rules and their results are those of the band update, so propagation reaches the same
/// fixpoint; what differs is only the path to it. It pays where most digit-bands have news,
/// as right after the set-up. Returns the digit-bands the round narrowed beyond their own
/// update (the news of the next round), or `None` on a contradiction.
#[target_feature(enable = "avx2")]
#[inline]
fn dense_round(s: &mut State) -> Option<u32> {
    let (cand, seen, news) = dense_round_vectors(&AT.map(|at| load8(&s.cand, at)), &mut s.unsolved)?;
    store27(&mut s.cand, &cand);
    store27(&mut s.seen, &seen);
    Some(news)
}

/// [`dense_round`] on candidates held in vectors (as in [`AT`]): the candidates after the
/// round, the words each lane's update saw (the new `seen`), and the news.
#[target_feature(enable = "avx2")]
#[inline]
fn dense_round_vectors(
    x: &[__m256i; 4],
    unsolved: &mut [u32; 3],
) -> Option<([__m256i; 4], [__m256i; 4], u32)> {
    let v = |c: u32| _mm256_set1_epi32(c as i32);
    let zero = _mm256_setzero_si256();
    let mut y = [zero; 4];
    let mut clear_cols = [zero; 4];
    let mut placed = [zero; 4];
    let mut empty = 0;
    for k in 0..4 {
        let x = x[k];
        let yk = permuted(x);
        empty |= equal_lanes(yk, zero);
        // A box confined to one column owns that column: it is cleared in the other bands.
        let cols = columns_v(yk);
        let a = _mm256_and_si256(cols, v(0o111));
        let b = _mm256_and_si256(_mm256_srli_epi32::<1>(cols), v(0o111));
        let c = _mm256_and_si256(_mm256_srli_epi32::<2>(cols), v(0o111));
        let one = _mm256_andnot_si256(
            _mm256_and_si256(_mm256_and_si256(a, b), c),
            _mm256_xor_si256(_mm256_xor_si256(a, b), c),
        );
        clear_cols[k] = spread_v(_mm256_and_si256(cols, minirow_cells(one)));
        // A row with one cell places the digit there. Every row of a non-empty result is
        // non-empty, so subtracting one per row borrows within the row only.
        let rest = _mm256_and_si256(yk, _mm256_sub_epi32(yk, v(0o001_001_001)));
        let mut single = zero;
        for r in 0..3 {
            let row = ROW << (9 * r);
            single = _mm256_or_si256(
                single,
                _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(rest, v(row)), zero), v(row)),
            );
        }
        placed[k] = _mm256_and_si256(yk, single);
        y[k] = yk;
    }
    if empty != 0 {
        return None;
    }
    // Per band, the cells placed by some digit and those placed by two (a contradiction the
    // next update of either digit finds, once both lose the cell).
    let (once, twice) = band_counts(&placed);
    for (u, placed) in unsolved.iter_mut().zip(band_words(_mm256_castsi256_si128(once))) {
        *u &= !placed;
    }
    let (next, after) = other_bands(&clear_cols);
    let mut news = 0;
    let mut out = [zero; 4];
    for (k, at) in AT.into_iter().enumerate() {
        let by_others = _mm256_andnot_si256(placed[k], by_band(k, once));
        let gone = _mm256_or_si256(
            _mm256_or_si256(next[k], after[k]),
            _mm256_or_si256(by_others, by_band(k, twice)),
        );
        out[k] = _mm256_andnot_si256(gone, y[k]);
        news |= (!equal_lanes(out[k], y[k]) & 0xff) << at;
    }
    Some((out, y, news & EVERY_WORD))
}

/// For the vectors of [`AT`], lane indices (and whether each is in use) that gather the words
/// of band `b` into lane `b` of up to three vectors, each word once: the fourth vector only
/// adds its last three lanes, the others being the third vector's.
static FOLD: [[([i32; 8], [i32; 8]); 3]; 4] = {
    let mut t = [[([0; 8], [0; 8]); 3]; 4];
    let mut k = 0;
    while k < 4 {
        let first = if k == 3 { 5 } else { 0 };
        let mut b = 0;
        while b < 3 {
            let mut r = 0;
            let mut j = first;
            while j < 8 {
                if (AT[k] + j) % 3 == b {
                    t[k][r].0[b] = j as i32;
                    t[k][r].1[b] = -1;
                    r += 1;
                }
                j += 1;
            }
            b += 1;
        }
        k += 1;
    }
    t
};

/// Over the digit-bands `v` (vectors as in [`AT`]), per band in lanes 0..3: the cells set in
/// some digit's word, and those set in two or more (bit-sliced counts over the digits).
#[target_feature(enable = "avx2")]
#[inline]
fn band_counts(v: &[__m256i; 4]) -> (__m256i, __m256i) {
    let (mut once, mut twice) = (_mm256_setzero_si256(), _mm256_setzero_si256());
    for (k, rounds) in FOLD.iter().enumerate() {
        for (lanes, used) in rounds {
            // SAFETY: both are 8 in-bounds words; the loads have no alignment requirement.
            let (lanes, used) = unsafe {
                (_mm256_loadu_si256(lanes.as_ptr().cast()), _mm256_loadu_si256(used.as_ptr().cast()))
            };
            let p = _mm256_and_si256(_mm256_permutevar8x32_epi32(v[k], lanes), used);
            twice = _mm256_or_si256(twice, _mm256_and_si256(once, p));
            once = _mm256_or_si256(once, p);
        }
    }
    (once, twice)
}

/// [`permuted`] on eight band words (for the tests, against [`PERMUTE`]).
#[cfg(test)]
pub(super) fn permuted_words(_: Avx2<false>, x: [u32; 8]) -> [u32; 8] {
    #[target_feature(enable = "avx2")]
    fn run(x: [u32; 8]) -> [u32; 8] {
        // SAFETY: `x` and `out` are 8 words; loads and stores have no alignment requirement.
        unsafe {
            let mut out = [0u32; 8];
            _mm256_storeu_si256(out.as_mut_ptr().cast(), permuted(_mm256_loadu_si256(x.as_ptr().cast())));
            out
        }
    }
    // SAFETY: the `Avx2` argument proves the CPU runs AVX2.
    unsafe { run(x) }
}

/// Lanes 0..3 of a vector of per-band words, one word per band.
#[target_feature(enable = "avx2")]
#[inline]
fn band_words(v: __m128i) -> [u32; 3] {
    [_mm_extract_epi32::<0>(v) as u32, _mm_extract_epi32::<1>(v) as u32, _mm_extract_epi32::<2>(v) as u32]
}
