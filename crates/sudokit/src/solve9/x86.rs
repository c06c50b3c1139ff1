//! AVX2 kernels of the 9×9 engine, chosen at run time (see "Vector kernels" in the module docs
//! of the engine).
//!
//! The whole search of this path, recursion included, runs in `#[target_feature]` functions so
//! that the kernels inline into it. An [`Avx2`] value, which every entry here needs, is only
//! made by [`search`] after the CPU was seen to support the features.

// Calling a `#[target_feature]` function from code compiled without those features is unsafe;
// holding an `Avx2` value makes each such call sound, and each one says so.
#![allow(unsafe_code)]

use super::{solve_with, Ctx, Kernel, Naked, Outcome, Path, Sink, State, COLUMN_KEEP, PERMUTE};
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

/// Proof that the CPU runs AVX2, BMI1, BMI2 and POPCNT; `PEXT` picks `pext` over the tables
/// for the row×box reduction.
#[derive(Clone, Copy)]
struct Avx2<const PEXT: bool>(());

impl<const PEXT: bool> Kernel for Avx2<PEXT> {
    #[inline(always)]
    fn start<S: Sink>(self, givens: &[u8; 81], ctx: &mut Ctx<S>) {
        // SAFETY: as in `solve`.
        unsafe { start::<S, PEXT>(givens, ctx) }
    }
    #[inline(always)]
    fn given_masks(self, givens: &[u8; 81]) -> [u32; 27] {
        // SAFETY: as in `solve`.
        unsafe { given_masks(givens) }
    }
    #[inline(always)]
    fn solve<S: Sink>(self, s: State, news: u32, ctx: &mut Ctx<S>) {
        // SAFETY: an `Avx2` exists only once `cpu` found every feature `solve` is compiled for.
        unsafe { solve::<S, PEXT>(s, news, ctx) }
    }
    #[inline(always)]
    fn propagate(self, s: &mut State, news: u32, strong: bool) -> Outcome {
        // SAFETY: as in `solve`.
        unsafe { propagate::<PEXT>(s, news, strong) }
    }
    #[inline(always)]
    fn update_all(self, s: &mut State, news: u32) -> bool {
        // SAFETY: as in `solve`.
        unsafe { update_all::<PEXT>(s, news) }
    }
    #[inline(always)]
    fn naked(self, s: &State) -> Naked {
        // SAFETY: as in `solve`.
        unsafe { naked(s) }
    }
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn start<S: Sink, const PEXT: bool>(givens: &[u8; 81], ctx: &mut Ctx<S>) {
    super::start_with(Avx2::<PEXT>(()), givens, ctx);
}

/// [`Kernel::given_masks`] with one byte compare per digit and band.
#[target_feature(enable = "avx2")]
#[inline]
fn given_masks(givens: &[u8; 81]) -> [u32; 27] {
    // Each band is one 32-byte load from a padded copy (the last band would read past the
    // puzzle); its 27 low bytes are the band's cells in bit order.
    let mut padded = [0u8; 96];
    padded[..81].copy_from_slice(givens);
    let mut m = [0u32; 27];
    for b in 0..3 {
        let w = &padded[b * 27..b * 27 + 32];
        // SAFETY: `w` is 32 in-bounds bytes; the load has no alignment requirement.
        let cells = unsafe { _mm256_loadu_si256(w.as_ptr().cast()) };
        for d in 0..9 {
            let hit = _mm256_cmpeq_epi8(cells, _mm256_set1_epi8(d as i8 + 1));
            m[d * 3 + b] = _mm256_movemask_epi8(hit) as u32 & super::ALL;
        }
    }
    m
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn solve<S: Sink, const PEXT: bool>(s: State, news: u32, ctx: &mut Ctx<S>) {
    solve_with(Avx2::<PEXT>(()), s, news, ctx);
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn propagate<const PEXT: bool>(s: &mut State, news: u32, strong: bool) -> Outcome {
    s.propagate_with(Avx2::<PEXT>(()), news, strong)
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
    let same = |at| {
        let e = _mm256_cmpeq_epi32(load8(&s.cand, at), load8(&s.seen, at));
        _mm256_movemask_ps(_mm256_castsi256_ps(e)) as u32
    };
    // The last load overlaps the third, so the arrays need no padding.
    !(same(0) | same(8) << 8 | same(16) << 16 | same(19) << 19) & super::EVERY_WORD
}

/// Band updates until nothing changes, driven by masks of the digit-bands with news instead
/// of the portable sweep's test per digit-band: no data-dependent branch per digit-band, and
/// the indices of a round are known ahead, so consecutive updates overlap. The first round
/// trusts the caller's `news`; later ones compare the whole state with [`dirty`].
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
fn update_all<const PEXT: bool>(s: &mut State, news: u32) -> bool {
    let mut m = news;
    while m != 0 {
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if !update::<PEXT>(s, i) {
                return false;
            }
        }
        m = dirty(s);
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
        _pext_u32(x | x >> 1 | x >> 2, 0o111_111_111) as usize
    } else {
        super::shrink(x)
    };
    let y = x & PERMUTE[rows_boxes];
    if y == 0 {
        return false;
    }
    s.seen[i] = y;
    let cols = super::columns(y);
    let keep = COLUMN_KEEP[cols as usize];
    s.cand[base + (b + 1) % 3] &= keep;
    s.cand[base + (b + 2) % 3] &= keep;
    let clear = !super::row_singles(y);
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
    let full = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(c1, _mm_set1_epi32(super::ALL as i32))));
    let unsolved = _mm_setr_epi32(s.unsolved[0] as i32, s.unsolved[1] as i32, s.unsolved[2] as i32, 0);
    let pairs = _mm_andnot_si128(c3, c2);
    let singles = _mm_and_si128(_mm_andnot_si128(c2, c1), unsolved);
    let lanes = |v| {
        [_mm_extract_epi32::<0>(v) as u32, _mm_extract_epi32::<1>(v) as u32, _mm_extract_epi32::<2>(v) as u32]
    };
    let mut n = Naked { empty: full & 7 != 7, pairs: lanes(pairs), singles: lanes(singles), planes: [0; 16] };
    for (k, plane) in planes.into_iter().enumerate() {
        let w = &mut n.planes[k * 4..k * 4 + 4];
        // SAFETY: `w` is 4 in-bounds words (16 bytes); the store has no alignment requirement.
        unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), plane) };
    }
    n
}
