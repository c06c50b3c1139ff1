//! The fast 9×9 engine: band bitboards, propagation to a fixpoint, depth-first guessing.
//!
//! # State layout
//!
//! The grid is cut into three horizontal bands of 27 cells. For every digit and band one `u32`
//! holds the cells of that band where the digit may still go, one bit per cell:
//!
//! ```text
//!   band b covers rows 3b..3b+3              bit of cell (row r, column c) inside its band
//!                                            = (r mod 3) * 9 + c
//!          c0 c1 c2   c3 c4 c5   c6 c7 c8
//!   r0  [  0  1  2 |  3  4  5 |  6  7  8 ]   <- minirows (3 bits) are the row ∩ box cells
//!   r1  [  9 10 11 | 12 13 14 | 15 16 17 ]
//!   r2  [ 18 19 20 | 21 22 23 | 24 25 26 ]   bits 27..31 are always zero
//!         box 3b     box 3b+1   box 3b+2
//!
//!   State (228 bytes, copied whole at every guess)
//!   +--------------------------------------------+
//!   | cand[27]: u32   index = digit * 3 + band   |  candidates of one digit in one band
//!   | seen[27]: u32   value of cand[] when it    |  a band whose cand differs from seen has
//!   |                 was last propagated        |  news to spread; equal means nothing to do
//!   | unsolved[3]: u32  per band, cells not yet  |  placed cells keep exactly their digit's
//!   |                 known to be placed         |  bit in cand[]
//!   +--------------------------------------------+
//! ```
//!
//! # Propagation
//!
//! One *band update* of `cand[d*3+b]` does, with three table look-ups and some bit arithmetic:
//! - reduces each row to the 3 boxes it can still use; a 3×3 row×box incidence matrix results.
//!   The digit must occupy one cell per row and per box of the band, i.e. a permutation of that
//!   matrix; minirows in no permutation are removed. This is every locked-candidates (pointing
//!   and claiming) move between rows and boxes in one look-up, and finds an empty row or box.
//! - a box of the band whose candidates lie in one column fixes the digit in that column for
//!   this band: that column is cleared in the two other bands (pointing along columns; it is
//!   also how a placed digit leaves its column).
//! - a row with a single candidate cell is a placement (hidden single in the row, and through
//!   the permutation step in the box): the other digits are removed from that cell.
//!
//! Band updates run until no band changes; then naked singles are found with a bit-sliced count
//! of candidates per cell (all 27 cells of a band at once), placed, and the loop repeats. The
//! same count yields the empty cells (contradiction) and the bivalue cells for branching, and
//! four digit planes alongside it (plane `k`: cells with a candidate digit that has bit `k`)
//! spell each single's digit, so placing it needs no search over the digits.
//!
//! When that fixpoint still needs a guess, a *stack pass* applies the column-wise twin of the
//! permutation rule (in each stack a digit takes one column per band and one band per column;
//! bit arithmetic on the three stacks at once rather than a table look-up per stack), and
//! propagation resumes from the digit-bands it narrowed, if any. It runs before the first guess
//! and, below it, only while many cells are open: on nearly solved grids it rarely pays for
//! itself.
//!
//! The design follows the band-wise bitboard idea published for JCZSolve (storing each digit's
//! candidates band by band and updating them with look-up tables); the code and tables here are
//! written from that description.
//!
//! # Vector kernels
//!
//! On x86-64 CPUs with AVX2, BMI1, BMI2 and POPCNT (detected once per process), the search runs
//! on the kernels of `x86.rs`; elsewhere, and in tests that ask for it, on the portable scalar
//! code. The state layout is the same for both, and so are the results, guess counts included.
//! - The digit-bands to update are taken from a 27-bit mask instead of a test per digit-band:
//!   four 256-bit compares of `cand` against `seen` (the last load overlaps the third, so no
//!   padding) and their movemasks give it, and each round updates its set bits by index. The
//!   first round uses the mask the caller knows instead (a guess touches one digit-band), which
//!   spares a vector load right after the scalar stores of the guess: such a load cannot be
//!   forwarded from them and waits until they drain.
//! - The row×box reduction of a band update is one `pext` where it is fast (not on AMD before
//!   Zen 3, which keeps the table look-ups).
//! - The naked-single count runs for the three bands at once, one band per 128-bit lane.
//! - The set-up of the givens compares each band's 27 bytes against every digit at once, then
//!   derives the candidates and the clash test of all 27 digit-bands eight per vector.
//! - The stack pass, too, runs on all 27 digit-bands at once. Where a lane needs the words of
//!   its digit's two other bands, it reads them from a copy at shifted offsets.
//! - A fresh puzzle starts with *dense rounds*: the band update of all 27 digit-bands at once,
//!   eight per vector, each from the state before the round (the permutation rule as bit
//!   arithmetic, the per-band placements gathered across lanes). Single updates are cheaper
//!   when few digit-bands have news, as below the root; right after the set-up all 27 do. The
//!   rules are the same, so propagation reaches the same fixpoint.
//!
//! # Branching
//!
//! Depth first on a copy of the state. A bivalue cell is preferred, and among the bivalue cells
//! the one with the most unsolved peers (in its row, column and box): either digit placed there
//! then removes candidates from the most cells, so propagation goes furthest. That needs 40–45%
//! fewer guesses on the hard sets than taking the first bivalue cell, as JCZSolve does (87.4
//! against 142.5 per puzzle on forum_hardest_1905_11+, 154 against 274 on forum_hardest_1106).
//! With few cells open (under 25) the choice matters little and scoring every bivalue cell
//! costs more than it saves, so the first one is taken. Without a bivalue cell, the unsolved
//! cell with the fewest candidates among a few looked at.
//! Each alternative tried on a copy counts as one guess; the last alternative of a cell is
//! forced and is not counted (tdoku's convention).

// Digit and band indices are arithmetic on the layout (d * 3 + b), not iteration over items.
#![allow(clippy::needless_range_loop)]

use std::ops::ControlFlow;

/// Result of one search by the fast engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Search9 {
    /// Solutions found (never more than the limit passed in).
    pub solutions: u64,
    /// Number of guesses (branching decisions beyond the first alternative), tdoku-style.
    pub guesses: u64,
}

/// Searches the puzzle `givens` (row-major, 0 = empty, 1..=9 = given). Stops after `limit`
/// solutions (`limit >= 1`). Calls `visit` with each solution found (row-major digits 1..=9);
/// `visit` returning `ControlFlow::Break(())` stops the search early. Conflicting givens yield
/// 0 solutions.
pub fn search(givens: &[u8; 81], limit: u64, visit: impl FnMut(&[u8; 81]) -> ControlFlow<()>) -> Search9 {
    run(givens, limit, Visit(visit), Path::Dispatch)
}

/// Same as [`search`] but without materialising solutions (the count-only mode).
pub fn count(givens: &[u8; 81], limit: u64) -> Search9 {
    run(givens, limit, CountOnly, Path::Dispatch)
}

/// First solution only (the first-solution mode).
pub fn first(givens: &[u8; 81]) -> (Option<[u8; 81]>, Search9) {
    let mut keep = KeepFirst(None);
    let stats = run(givens, 1, &mut keep, Path::Dispatch);
    (keep.0, stats)
}

/// What to do with a solution; the modes are specialised at compile time so the count-only
/// search never builds a grid.
trait Sink {
    /// Whether solutions must be written out as grids.
    const GRID: bool;
    fn accept(&mut self, grid: &[u8; 81]) -> ControlFlow<()>;
}

struct CountOnly;
impl Sink for CountOnly {
    const GRID: bool = false;
    #[inline(always)]
    fn accept(&mut self, _: &[u8; 81]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

struct Visit<F>(F);
impl<F: FnMut(&[u8; 81]) -> ControlFlow<()>> Sink for Visit<F> {
    const GRID: bool = true;
    #[inline(always)]
    fn accept(&mut self, grid: &[u8; 81]) -> ControlFlow<()> {
        (self.0)(grid)
    }
}

struct KeepFirst(Option<[u8; 81]>);
impl Sink for &mut KeepFirst {
    const GRID: bool = true;
    #[inline(always)]
    fn accept(&mut self, grid: &[u8; 81]) -> ControlFlow<()> {
        self.0 = Some(*grid);
        ControlFlow::Break(())
    }
}

/// Search bookkeeping shared by the whole recursion (the board state itself is copied).
struct Ctx<S> {
    sink: S,
    limit: u64,
    stats: Search9,
    stop: bool,
}

/// Which kernels a search runs on. Only the tests ask for anything but `Dispatch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
enum Path {
    /// The fastest the CPU supports, detected at run time.
    Dispatch,
    /// The portable scalar kernels, whatever the CPU.
    Portable,
    /// The AVX2 kernels without `pext` (what CPUs with a slow `pext` get), when the CPU has
    /// AVX2; the portable ones otherwise.
    VectorTables,
}

fn run<S: Sink>(givens: &[u8; 81], limit: u64, sink: S, path: Path) -> Search9 {
    let mut ctx = Ctx { sink, limit: limit.max(1), stats: Search9::default(), stop: false };
    #[cfg(target_arch = "x86_64")]
    if x86::search(givens, &mut ctx, path) {
        return ctx.stats;
    }
    let _ = path;
    Portable.start(givens, &mut ctx);
    ctx.stats
}

/// The hot steps of the search, per instruction set. A kernel value is a proof that its
/// instructions may run: the vector ones are only made after run-time detection.
///
/// `news` (bit `i` for `cand[i]`) is a superset of the digit-bands whose `cand` may differ
/// from `seen`; the caller knows it for free (propagation ends with none, a guess then touches
/// one), and it spares the vector kernels a reload of the state right after scalar stores.
/// Updating a digit-band that has no news is a no-op, so a superset is always safe.
///
/// `then` names the digit-bands that the updates of `news` are bound to change (after a
/// placement: the cell's other digits, and the digit in the other bands). The vector kernels
/// update them as a second round straight away, instead of first comparing the state for
/// changes (a vector reload that waits for the first round's stores); the portable ones, which
/// find changes word by word, ignore it. Safe for any mask, for the reason above.
trait Kernel: Copy {
    /// Sets the puzzle up and searches it: the whole of a search, so that the set-up too is
    /// compiled for the kernel's instruction set.
    fn start<S: Sink>(self, givens: &[u8; 81], ctx: &mut Ctx<S>);
    /// The state of the puzzle `givens` (anything but 1..=9 is a blank), as
    /// [`State::from_givens`] makes it; `None` when givens conflict.
    fn set_up(self, givens: &[u8; 81]) -> Option<State>;
    /// The state the search starts from, and the digit-bands with news in it: the set-up,
    /// then on the vector kernels the dense rounds; `None` when givens conflict or those
    /// rounds find a contradiction. The portable kernels leave all 27 digit-bands to the
    /// search's first round of band updates.
    fn fresh(self, givens: &[u8; 81]) -> Option<(State, u32)>;
    /// The search from `s` on. The recursion re-enters here so that all of a kernel's search
    /// is compiled for its instruction set (and its kernels inline into it).
    fn solve<S: Sink>(self, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>);
    fn propagate(self, s: &mut State, news: u32, then: u32, strong: bool) -> Outcome;
    /// Band updates until nothing changes, from `news` then `then`; false on a contradiction.
    fn update_all(self, s: &mut State, news: u32, then: u32) -> bool;
    /// [`State::naked`].
    fn naked(self, s: &State) -> Naked;
    /// [`State::stack_pass`].
    fn stack_pass(self, s: &mut State) -> Option<u32>;
}

/// The scalar kernels: the reference behaviour, and the code on other targets and CPUs.
#[derive(Clone, Copy)]
struct Portable;

impl Kernel for Portable {
    fn start<S: Sink>(self, givens: &[u8; 81], ctx: &mut Ctx<S>) {
        start_with(self, givens, ctx);
    }
    #[inline(always)]
    fn set_up(self, givens: &[u8; 81]) -> Option<State> {
        State::from_givens(&given_masks(givens))
    }
    #[inline(always)]
    fn fresh(self, givens: &[u8; 81]) -> Option<(State, u32)> {
        Some((self.set_up(givens)?, EVERY_WORD))
    }
    fn solve<S: Sink>(self, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>) {
        solve_with(self, s, news, then, ctx);
    }
    fn propagate(self, s: &mut State, news: u32, then: u32, strong: bool) -> Outcome {
        s.propagate_with(self, news, then, strong)
    }
    #[inline(always)]
    fn update_all(self, s: &mut State, _: u32, _: u32) -> bool {
        s.update_all()
    }
    #[inline(always)]
    fn naked(self, s: &State) -> Naked {
        s.naked()
    }
    fn stack_pass(self, s: &mut State) -> Option<u32> {
        s.stack_pass()
    }
}

/// Per digit and band (index `digit * 3 + band`, digits from 0), the cells that hold that digit
/// as a given. Anything but 1..=9 is a blank.
#[inline(always)]
fn given_masks(givens: &[u8; 81]) -> [u32; 27] {
    // One pass without data-dependent branches: slot 0 collects the blanks and anything out
    // of range.
    let mut g = [0u32; 30];
    for b in 0..3 {
        for p in 0..27 {
            let v = givens[b * 27 + p] as usize;
            let v = if v > 9 { 0 } else { v };
            g[v * 3 + b] |= 1 << p;
        }
    }
    let mut m = [0u32; 27];
    m.copy_from_slice(&g[3..]);
    m
}

#[cfg(target_arch = "x86_64")]
mod x86;

// ---------------------------------------------------------------------------------------------
// Tables, all built at compile time.

const ALL: u32 = 0o777_777_777;
/// One bit per digit-band, for masks over `cand`.
const EVERY_WORD: u32 = (1 << 27) - 1;
const ROW: u32 = 0o777;

/// A row's 9 bits reduced to the 3 boxes it touches.
static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        t[v] = ((v & 0o7 != 0) as u8) | (((v & 0o70 != 0) as u8) << 1) | (((v & 0o700 != 0) as u8) << 2);
        v += 1;
    }
    t
};

/// A 3×3 incidence matrix (bit `3*line + slot`) to its entries that lie on some permutation
/// (one entry per line and per slot); 0 when there is none.
static PERMUTE9: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0usize;
    while s < 512 {
        let mut keep = 0usize;
        let mut p = 0;
        while p < 6 {
            let bits = perm_bits(PERMS[p]);
            if s & bits == bits {
                keep |= bits;
            }
            p += 1;
        }
        t[s] = keep as u16;
        s += 1;
    }
    t
};

/// Row×box incidence of a band (bit `3*row + box`) to the cells of the minirows that lie on
/// some permutation; [`PERMUTE9`] expanded to cells.
static PERMUTE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0usize;
    while s < 512 {
        let keep = PERMUTE9[s] as usize;
        let mut cells = 0u32;
        let mut i = 0;
        while i < 9 {
            if keep & (1 << i) != 0 {
                cells |= 0o7 << ((i / 3) * 9 + (i % 3) * 3);
            }
            i += 1;
        }
        t[s] = cells;
        s += 1;
    }
    t
};

/// Columns a digit can use in a band (9 bits) to the mask to keep in the two other bands:
/// a box confined to one column owns that column.
static COLUMN_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut c = 0usize;
    while c < 512 {
        let mut keep = ALL;
        let mut k = 0;
        while k < 3 {
            let g = (c >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                keep &= !(0o001_001_001 << (3 * k + g.trailing_zeros() as usize));
            }
            k += 1;
        }
        t[c] = keep;
        c += 1;
    }
    t
};

/// The row and the box of cell `p` of a band, as a band mask.
const fn row_and_box(p: usize) -> u32 {
    (ROW << (9 * (p / 9))) | (0o007_007_007 << (3 * ((p % 9) / 3)))
}

/// For a cell of a band: the band mask without its row and box, but with the cell itself.
static PLACE_KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (ALL & !row_and_box(p)) | (1 << p);
        p += 1;
    }
    t
};

/// For digit-band `i`, the same digit's words in the two other bands.
static COLUMN_WORDS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let base = i - i % 3;
        t[i] = (1 << (base + (i + 1) % 3)) | (1 << (base + (i + 2) % 3));
        i += 1;
    }
    t
};

/// For cell `p` of band `b`, at index `b * 32 + p`: its peers (row, box and column) as a mask
/// over the three bands' words side by side (band `k` in bits `32k..32k + 27`). Padded to 128
/// entries, so that an index masked to 7 bits needs no bounds check.
static PEERS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut b = 0;
    while b < 3 {
        let mut p = 0;
        while p < 27 {
            let col = column_bits(p % 9) as u128;
            t[b * 32 + p] = (col << 64 | col << 32 | col) & !((ALL as u128) << (32 * b))
                | (row_and_box(p) as u128) << (32 * b);
            p += 1;
        }
        b += 1;
    }
    t
};

/// The cells of a band word that are alone in their row: the digit is placed there. Every row
/// of `y` must be non-empty, so that `r & (r - 1) == 0` means exactly one cell.
#[inline(always)]
fn row_singles(y: u32) -> u32 {
    let r0 = y & ROW;
    let r1 = (y >> 9) & ROW;
    let r2 = y >> 18;
    let single = (((r0 & r0.wrapping_sub(1)) == 0) as u32 * ROW)
        | (((r1 & r1.wrapping_sub(1)) == 0) as u32 * (ROW << 9))
        | (((r2 & r2.wrapping_sub(1)) == 0) as u32 * (ROW << 18));
    y & single
}

/// The columns (9 bits) where a band word has a cell.
#[inline(always)]
const fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// The three cells of column `c` inside a band.
const fn column_bits(c: usize) -> u32 {
    0o001_001_001 << c
}

// ---------------------------------------------------------------------------------------------
// The board state.

#[derive(Clone, Copy)]
struct State {
    cand: [u32; 27],
    seen: [u32; 27],
    unsolved: [u32; 3],
}

/// What the candidate count of every cell says, per band (see [`State::naked`]).
struct Naked {
    /// Some cell has no candidate left.
    empty: bool,
    /// The cells with exactly two candidates.
    pairs: [u32; 3],
    /// The unsolved cells with exactly one candidate: naked singles to place.
    singles: [u32; 3],
    /// Digit planes: plane `k` (index `k * 4 + band`) holds the cells where some digit with
    /// bit `k` set (digits counted from 0) is a candidate, so for a cell with one candidate the
    /// planes spell its digit. Lane 3 of each plane is padding.
    planes: [u32; 16],
}

/// What propagation ended with.
enum Outcome {
    Contradiction,
    Solved,
    /// Needs a guess; carries the bivalue cells per band.
    Open([u32; 3]),
}

impl State {
    /// The state of a puzzle from [`given_masks`]; `None` when givens conflict.
    #[inline(always)]
    fn from_givens(g: &[u32; 27]) -> Option<State> {
        // Every digit-band is set up at once from the masks of the givens: cheaper than placing
        // the givens one by one, which matters on easy puzzles.
        let mut taken = [0u32; 3];
        for d in 0..9 {
            for b in 0..3 {
                taken[b] |= g[d * 3 + b];
            }
        }
        let mut s = State { cand: [0; 27], seen: [0; 27], unsolved: [0; 3] };
        for b in 0..3 {
            s.unsolved[b] = ALL & !taken[b];
        }
        for d in 0..9 {
            let m = [g[d * 3], g[d * 3 + 1], g[d * 3 + 2]];
            let cols = m.map(columns);
            let all_cols = cols[0] | cols[1] | cols[2];
            let col_cells = all_cols * 0o001_001_001;
            let (mut rows_seen, mut boxes_seen, mut givens_seen) = (0, 0, 0);
            for b in 0..3 {
                let x = m[b];
                let rows = ((x & ROW != 0) as u32 * ROW)
                    | ((x & (ROW << 9) != 0) as u32 * (ROW << 9))
                    | ((x & (ROW << 18) != 0) as u32 * (ROW << 18));
                let bx = cols[b];
                let boxes = ((bx & 0o7 != 0) as u32 * 0o007_007_007)
                    | ((bx & 0o70 != 0) as u32 * 0o070_070_070)
                    | ((bx & 0o700 != 0) as u32 * 0o700_700_700);
                rows_seen += (rows / ROW).count_ones();
                boxes_seen += (boxes & 0o111).count_ones();
                givens_seen += x.count_ones();
                s.cand[d * 3 + b] = (ALL & !(rows | boxes | col_cells) & !taken[b]) | x;
            }
            // Conflict-free exactly when the givens of a digit use as many rows, boxes and columns
            // as there are givens.
            if rows_seen != givens_seen || boxes_seen != givens_seen || all_cols.count_ones() != givens_seen {
                return None;
            }
        }
        Some(s)
    }

    /// One band update of `cand[I]` (see the module docs). Returns false on a contradiction.
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> bool {
        let b = I % 3;
        let d = I / 3;
        let x = self.cand[I];
        let s = shrink(x);
        let y = x & PERMUTE[s];
        if y == 0 {
            return false;
        }
        self.cand[I] = y;
        self.seen[I] = y;
        let cols = columns(y);
        let keep = COLUMN_KEEP[cols as usize];
        self.cand[d * 3 + (b + 1) % 3] &= keep;
        self.cand[d * 3 + (b + 2) % 3] &= keep;
        let placed = row_singles(y);
        // Branch-free: re-clearing already placed cells is cheaper than a mispredicted test.
        let clear = !placed;
        self.unsolved[b] &= clear;
        let mut e = 0;
        while e < 9 {
            if e != d {
                self.cand[e * 3 + b] &= clear;
            }
            e += 1;
        }
        true
    }

    /// Band updates until nothing changes.
    #[inline(always)]
    fn update_all(&mut self) -> bool {
        macro_rules! sweep {
            ($self:ident, $changed:ident, $($i:literal)*) => {
                $(
                    if $self.cand[$i] != $self.seen[$i] {
                        $changed = true;
                        if !$self.update::<$i>() {
                            return false;
                        }
                    }
                )*
            };
        }
        loop {
            let mut changed = false;
            sweep!(self, changed, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return true;
            }
        }
    }

    /// Bit-sliced counts of the candidates of every cell (at least one, two, three), all 27
    /// cells of a band at once, and the digit planes, summed up as a [`Naked`].
    #[inline(always)]
    fn naked(&self) -> Naked {
        let mut n = Naked { empty: false, pairs: [0; 3], singles: [0; 3], planes: [0; 16] };
        for b in 0..3 {
            let (mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[d * 3 + b];
                c3 |= c2 & x;
                c2 |= c1 & x;
                c1 |= x;
                for k in 0..4 {
                    if d >> k & 1 != 0 {
                        n.planes[k * 4 + b] |= x;
                    }
                }
            }
            n.empty |= c1 != ALL;
            n.pairs[b] = c2 & !c3;
            n.singles[b] = c1 & !c2 & self.unsolved[b];
        }
        n
    }

    /// Places digit `d` at bit `bit` of band `b`; the rest follows from the next update.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[d * 3 + b] &= PLACE_KEEP[bit.trailing_zeros() as usize];
    }

    /// Propagates to a fixpoint of band updates and naked singles; with `strong`, the strong
    /// passes run once when that fixpoint is reached, and propagation resumes if they found
    /// anything.
    #[inline(always)]
    fn propagate_with<K: Kernel>(&mut self, k: K, mut news: u32, mut then: u32, mut strong: bool) -> Outcome {
        loop {
            if !k.update_all(self, news, then) {
                return Outcome::Contradiction;
            }
            if self.unsolved == [0; 3] {
                return Outcome::Solved;
            }
            let n = k.naked(self);
            if n.empty {
                return Outcome::Contradiction;
            }
            news = 0;
            then = 0;
            for b in 0..3 {
                let mut singles = n.singles[b];
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    singles &= singles - 1;
                    // The cell's only digit, read off the planes instead of searched for.
                    let d = (0..4).fold(0, |d, k| d | (n.planes[k * 4 + b] >> p & 1) << k) as usize;
                    let i = d * 3 + b;
                    if self.cand[i] >> p & 1 == 0 {
                        // An earlier single of this band took this cell's last digit.
                        return Outcome::Contradiction;
                    }
                    self.place(d, b, 1 << p);
                    news |= 1 << i;
                    then |= COLUMN_WORDS[i];
                }
            }
            then &= !news;
            if news == 0 {
                if !strong {
                    return Outcome::Open(n.pairs);
                }
                strong = false;
                match self.strong_pass(k) {
                    None => return Outcome::Contradiction,
                    Some(0) => return Outcome::Open(n.pairs),
                    // Only the digit-bands the pass narrowed have news.
                    Some(changed) => news = changed,
                }
            }
        }
    }

    /// The column-wise twin of the band rule: in each stack a digit takes one column per band
    /// and one band per column, so band×column entries on no permutation are removed. Finds
    /// claiming along columns and hidden singles in columns. Returns the digit-bands it
    /// narrowed (bit `digit * 3 + band`).
    fn stack_pass(&mut self) -> Option<u32> {
        let mut changed = 0u32;
        let mut stuck = 0u32;
        for d in 0..9 {
            let x = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2]];
            let keep = stack_matchings(x.map(columns));
            // Without a permutation every entry goes, so band 0 keeps nothing in that stack.
            stuck |= (keep[0] | keep[0] >> 1 | keep[0] >> 2) & 0o111 ^ 0o111;
            for b in 0..3 {
                let y = x[b] & (keep[b] * 0o001_001_001);
                changed |= ((y != x[b]) as u32) << (d * 3 + b);
                self.cand[d * 3 + b] = y;
            }
        }
        if stuck != 0 {
            return None;
        }
        Some(changed)
    }

    /// Triads: every minirow and every minicolumn (a column inside one band) holds exactly three
    /// digits. Per band, bit-sliced counts over the digits of where each digit may be and where
    /// it must be give: fewer than three possible or more than three certain digits is a
    /// contradiction; exactly three possible digits must all be there; exactly three certain
    /// digits exclude every other digit.
    fn triad_pass(&mut self) -> Option<bool> {
        // Lanes are the three bands (lane 3 is padding); written lane-parallel so that the
        // compiler keeps all three bands in one vector register.
        type L = [u32; 4];
        #[inline(always)]
        fn map(f: impl Fn(u32) -> u32, a: L) -> L {
            [f(a[0]), f(a[1]), f(a[2]), f(a[3])]
        }
        #[inline(always)]
        fn zip(f: impl Fn(u32, u32) -> u32, a: L, b: L) -> L {
            [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
        }
        /// Keeps the groups (3-bit fields at `stride`) that hold at most one set bit.
        #[inline(always)]
        fn at_most_one(v: u32, step: u32, groups: u32) -> u32 {
            let a = v & groups;
            let b = (v >> step) & groups;
            let c = (v >> (2 * step)) & groups;
            let many = (a & b) | (a & c) | (b & c);
            let many = many | many << step | many << (2 * step);
            v & !many
        }
        const BASES: u32 = 0o111_111_111;
        let mut p: [L; 4] = [[0; 4]; 4];
        let mut q: [L; 4] = [[0; 4]; 4];
        let mut f: [L; 4] = [[0; 4]; 4];
        let mut g: [L; 4] = [[0; 4]; 4];
        let mut occ = [[0u32; 4]; 9];
        let mut cols = [[0u32; 4]; 9];
        let mut sure_r = [[0u32; 4]; 9];
        let mut sure_c = [[0u32; 4]; 9];
        #[inline(always)]
        fn add(c: &mut [L; 4], m: L) {
            c[3] = zip(|a, b| a | b, c[3], zip(|a, b| a & b, c[2], m));
            c[2] = zip(|a, b| a | b, c[2], zip(|a, b| a & b, c[1], m));
            c[1] = zip(|a, b| a | b, c[1], zip(|a, b| a & b, c[0], m));
            c[0] = zip(|a, b| a | b, c[0], m);
        }
        for d in 0..9 {
            let x: L = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2], ALL];
            let m = map(|x| (x | x >> 1 | x >> 2) & BASES, x);
            let c = map(columns, x);
            // A row using one minirow, or a box using one column, places the digit there.
            let sr = map(|m| at_most_one(m, 3, 0o001_001_001), m);
            let sc = map(|c| at_most_one(c, 1, 0o111), c);
            add(&mut p, m);
            add(&mut q, c);
            add(&mut f, sr);
            add(&mut g, sc);
            occ[d] = m;
            cols[d] = c;
            sure_r[d] = sr;
            sure_c[d] = sc;
        }
        for b in 0..3 {
            if p[2][b] != BASES || q[2][b] != ROW || f[3][b] | g[3][b] != 0 {
                return None;
            }
        }
        let exact_r = zip(|a, b| a & !b, p[2], p[3]);
        let exact_c = zip(|a, b| a & !b, q[2], q[3]);
        let full_r = f[2];
        let full_c = g[2];
        let mut news = 0;
        for b in 0..3 {
            news |= (exact_r[b] & !full_r[b]) | (exact_c[b] & !full_c[b]) | full_r[b] | full_c[b];
        }
        if news == 0 {
            return Some(false);
        }
        let mut changed = 0u32;
        for d in 0..9 {
            let lcs: L = zip(|a, b| a & b, cols[d], exact_c);
            let owned = lcs[0] | lcs[1] | lcs[2];
            for b in 0..3 {
                let i = d * 3 + b;
                let x = self.cand[i];
                // Minirows/minicolumns where d is now certain, and those closed to it.
                let lr = occ[d][b] & exact_r[b];
                let lc = lcs[b];
                let shut_r = full_r[b] & !sure_r[d][b];
                // A minicolumn certain in another band owns its column there.
                let shut_c = (full_c[b] & !sure_c[d][b]) | (owned & !lc);
                let rows = (lr | lr >> 3 | lr >> 6) & 0o001_001_001;
                let rows = rows | rows << 3 | rows << 6;
                let boxes = (lr | lr >> 9 | lr >> 18) & 0o111;
                let boxes = boxes | boxes << 9 | boxes << 18;
                let keep_r = (!(rows | boxes) | lr) & !shut_r & BASES;
                let keep_r = keep_r | keep_r << 1 | keep_r << 2;
                let cboxes = (lc | lc >> 1 | lc >> 2) & 0o111;
                let cboxes = cboxes | cboxes << 1 | cboxes << 2;
                let keep_c = (!cboxes | lc) & !shut_c & ROW;
                let keep_c = keep_c | keep_c << 9 | keep_c << 18;
                let y = x & keep_r & keep_c;
                changed |= x ^ y;
                self.cand[i] = y;
            }
        }
        Some(changed != 0)
    }

    #[inline(always)]
    fn strong_pass<K: Kernel>(&mut self, k: K) -> Option<u32> {
        let a = k.stack_pass(self)?;
        if USE_TRIADS && self.triad_pass()? {
            Some(EVERY_WORD)
        } else {
            Some(a)
        }
    }

    fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[d * 3 + b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    g[b * 27 + p] = d as u8 + 1;
                }
            }
        }
        g
    }
}

#[inline(always)]
fn start_with<S: Sink, K: Kernel>(k: K, givens: &[u8; 81], ctx: &mut Ctx<S>) {
    if let Some((mut s, news)) = k.fresh(givens) {
        k.solve(&mut s, news, 0, ctx);
    }
}

#[inline(always)]
fn solve_with<S: Sink, K: Kernel>(k: K, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>) {
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
    if BRANCH_CELL {
        branch_cell(k, s, ctx, &pairs);
    } else {
        branch_band(k, s, ctx, &pairs);
    }
}

// Strategy switches, kept so the trade-offs below can be re-measured (ratios to the `sudoku`
// crate, same run, unique mode; 17-clue / top1465 / 11+ / 1106 / serg):
// - cell branching (bivalue first) with the stack pass at every stall and no triads:
//   ≈1.10 / 0.97 / 0.94 / 0.96 / 0.83, 137 guesses per puzzle on 11+, 261 on 1106. The stack
//   pass costs serg (easy, multi-solution puzzles) about 15% of its time.
// - the stack pass only before the first guess and while at least `STRONG_OPEN` cells are open
//   (chosen): ≈1.09 / 1.02 / 1.0 / 0.97 / 0.97 (busy machine, ±5%). Without the stack pass
//   below the root: serg ≈1.0 but 1106 drops to ≈0.92 (308 guesses).
// - branching, when no cell is bivalue, on a digit with exactly two ways to fill a band or a
//   stack: 125 instead of 133 guesses on 11+ and about +5% there, but without the triad rule it
//   thrashes on nearly empty grids (two equal givens took minutes), so it is not used.
// - tdoku-style branching on a digit's band or stack permutation (the line with the fewest
//   permutations over all digits, then its digit with the fewest) needs the triad rule, or the
//   empty grid thrashes on permutation sets no cell assignment satisfies. With triads it cuts
//   guesses to tdoku's level (63 on 11+, 111 on 1106) but every stall then pays both passes:
//   ≈1.07 / 1.00 / 0.86 / 0.99 / 0.38, and first-solution mode drops to 0.5–0.95.
// - triads with cell branching: 127 guesses on 11+ but 0.67–0.90 on the hard sets.
// - a dense variant updating all 27 digit-bands every round (band and stack rules as bit
//   arithmetic over 16-lane arrays, written for auto-vectorisation): same guesses, 0.36–0.69
//   with SSE2 and 0.58–1.06 with AVX2, so it was not kept.
// Vector kernels (`x86.rs`), measured as puzzles per second against the scalar engine with the
// CLI bench, best of 3–4 alternating runs, noisy machine (±2%); same guesses throughout:
// - whole scalar engine compiled for AVX2 (state copies inlined as 256-bit moves): ±1%.
// - dirty mask from 256-bit compares, updates by run-time index: 1.13 / 1.06 / 1.04 / 1.01 /
//   0.98. Dispatching the mask's bits to the 27 monomorphised updates through a `match` (a jump
//   table) instead: 0.82–0.90 on every set. The same mask built with scalar compares (which the
//   compiler vectorised anyway): 3–4% below the explicit one.
// - plus `pext` for the row×box reduction: a further +3–4% on every set but serg (+1%).
// - plus the caller's mask for the first round (chosen): 1.23 / 1.14 / 1.12 / 1.10 / 1.08
//   (the first vector load after a guess stalled on store forwarding: 11% of the profile).
// - tracking every later round's news word by word in the scalar update instead of reloading
//   with vectors: 0.82 (fed back into the running mask, so each update waited for the last)
//   and 0.70–0.90 (collected for the next round) of the chosen variant.
// - naked-single count with the three bands in one 128-bit register: 0–+4% (kept).
// Choice of the bivalue cell (CLI bench, unique mode, guesses per puzzle on top1465 / 11+ /
// 1106 / serg; the first bivalue cell: 19.0 / 142.5 / 274.0 / 6.42):
// - most unsolved peers in row, column and box (chosen): 10.5 / 87.4 / 153.5 / 6.32, +35–50%
//   puzzles per second on the three hard sets, −5% on serg (the scan over every bivalue cell).
// - the same counting only row and box: 11.5 / 100.1 / 174.9 / 5.99; only the box: 12.5 /
//   105.5 / 181.8; only the row: 16.6 / 150.2 / 306.7. Fewest unsolved peers: 18.7 / – / 330.6.
// - most candidates of the cell's two digits among its peers: 13.2 / – / 166.7 / 7.15, and
//   slower to score. Adding the bivalue peers to the degree (4·degree + bivalue peers): about
//   2% fewer guesses, no measurable gain.
// - only the band with the most unsolved cells scanned: 12.8 / 103.4 / 182.1 / 6.31.
// - with this choice, the stack pass at every stall (STRONG_OPEN = 0): 10.3 / 84.0 / 145.1,
//   same speed on the hard sets, −12% on serg; never below the root: 11.7 / 102.0 / 183.2,
//   same speed. Triads on top: 8.8 / 85.2 / 146.4 but 0.77–0.88 of the speed.
// - the stack pass as bit arithmetic instead of a table look-up per digit and stack: same
//   speed (kept: no early exit per stack); with it, STRONG_OPEN = 0 or 30 still gains nothing.
// - every bivalue cell's degree costs serg (easy, many solutions) about 5%; where the time goes
//   there is the band updates' latency chain and the rounds' vector reloads, as on every set.
// Later steps (CLI bench, best of 5–6 alternating runs; same guesses unless stated):
// - after a stack pass that narrowed something, only the digit-bands it narrowed are news
//   (they were all 27, so each such pass cost 27 band updates): +4–5% on every set but serg.
// - the stack pass on vectors (`x86.rs`): +6–7% on 11+ and 1106, +4% on top1465 and serg. With
//   it, STRONG_OPEN = 30 gives 145.2 guesses on 1106 and +2.4% there, +1% on 11+, but −3% on
//   serg; 0 gives −5% on serg. It stays at 45.
// - the search handing the state down by reference (the caller copies it for a guess; the
//   callee copied it again, with a vector load right after the scalar store of the guess):
//   +2–3% on the hard sets, +1% on serg.
// - the set-up on vectors (candidates and clash test of the 27 digit-bands at once): +12% on
//   17-clue, +10% on serg, +5% on top1465.
// - starting the digit-bands complete from their givens (a given in each row) as seen, so the
//   first round skips them: no measurable gain (`versus` bench, ±0.5%), not kept.
// - one loop over the three bands' bivalue cells in the branching scan (kept): +1–1.5% on every
//   set (`versus`).
// - after the first round, sweeps of the 27 words with a test each (as the portable path and the
//   `sudoku` crate do) instead of the vector reload: 0.78–0.94 on every set.
// - the next round's digit-bands as a superset built by each update (exact for the two column
//   words, the whole band on a new placement) instead of the vector reload: 3.5× the updates on
//   serg and 0.54 of the speed there, 0.9–1.0 elsewhere.
// - every write of a band update as a whole-vector and-not over the 27 words (no vector reload
//   waiting on scalar stores at the end of a round): 0.79–0.91. The next update's scalar load
//   then waits on the vector stores instead, and the four read-modify-writes cost more.
// - dense rounds first on a fresh puzzle (the band update of all 27 digit-bands at once, in
//   vectors) instead of its first round of 27 single updates, which took 10% of serg's time:
//   `versus` 1.99 / 1.92 / 1.73 / 1.89 / 1.14 before, 2.12 / 1.97 / 1.75 / 1.91 / 1.25 after;
//   repeated while 8 or more digit-bands have news: 17-clue 2.23. Dense rounds below the root
//   too (whenever 8, 12 or 20 digit-bands have news): no gain, 1–2% less on the hard sets.
// - after a guess or a naked single, the digit-bands the placement is bound to change (the
//   cell's other digits, the digit in the other bands) updated as a second round without the
//   vector reload: `versus` +1.5–2% on 1106 and in first-solution mode on serg, the same
//   elsewhere. Each update instead noting exactly which words it changed (no reload at all):
//   −1% to −7% (the checks cost more than the reloads they save, but on serg).
// - the first bivalue cell instead of the best-scored one once few cells are open (the
//   scan over every bivalue cell costs serg about 5%), guesses on 11+ / 1106 / serg and
//   `versus` serg: under 20 open: 87.8 / 154.6 / 6.36; under 25 (chosen): 88.1 / 155.4 / 6.37,
//   serg +2%, the hard sets −0.5–1%; under 30: 88.6 / 157.7 / 6.41, serg +2–3%, 1106 −1.5%;
//   under 40: serg +3.5%, the hard sets −3–5%.
// Where serg's time went before the dense rounds (`versus`, 1.15× the `sudoku` crate): about
// three quarters in propagation, of which the vector reload at the end of each round (about 2
// updates a round below the root) is the largest single cost, about 13% of all; the branching
// step about a fifth. Now (1.28×): the band updates about two fifths, the reloads about a
// sixth, the branching step a sixth, the set-up and dense rounds together 8%.
const BRANCH_CELL: bool = true;
const USE_TRIADS: bool = false;
/// Below the root, the strong passes run only while at least this many cells are open.
const STRONG_OPEN: u32 = 45;
/// With fewer cells open than this, the first bivalue cell is taken without scoring them all.
const SCAN_OPEN: u32 = 25;

const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

const fn perm_bits(q: [usize; 3]) -> usize {
    (1 << q[0]) | (1 << (3 + q[1])) | (1 << (6 + q[2]))
}

static PERM_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0usize;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let bits = perm_bits(PERMS[p]);
            if s & bits == bits {
                t[s] += 1;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// A band word's row×box incidence (bit `3*row + box`), the index of [`PERMUTE`].
#[inline(always)]
fn shrink(x: u32) -> usize {
    SHRINK[(x & ROW) as usize] as usize
        | (SHRINK[((x >> 9) & ROW) as usize] as usize) << 3
        | (SHRINK[(x >> 18) as usize] as usize) << 6
}

/// The three columns of each stack turned by one: bit `c` takes the next column of its stack
/// (the third takes the first).
#[inline(always)]
const fn turn(c: u32) -> u32 {
    (c >> 1) & 0o333 | (c << 2) & 0o444
}

/// For one digit, the columns each band can use (9 bits per band, three per stack) reduced to
/// the entries on some permutation of each stack's band×column matrix (the table [`PERMUTE9`]
/// as bit arithmetic, all three stacks at once): entry (band, column) stays when the two other
/// bands can take the two other columns of its stack, one each, in either order.
#[inline(always)]
fn stack_matchings(c: [u32; 3]) -> [u32; 3] {
    let one = c.map(turn);
    let two = one.map(turn);
    let mut keep = [0u32; 3];
    for b in 0..3 {
        let (p, q) = ((b + 1) % 3, (b + 2) % 3);
        keep[b] = c[b] & ((one[p] & two[q]) | (two[p] & one[q]));
    }
    keep
}

/// Band×column incidence of digit `d` in stack `k` (bit `3*band + column`).
#[inline(always)]
fn stack_matrix(s: &State, d: usize, k: usize) -> usize {
    let col = |x: u32| ((columns(x) >> (3 * k)) & 7) as usize;
    col(s.cand[d * 3]) | col(s.cand[d * 3 + 1]) << 3 | col(s.cand[d * 3 + 2]) << 6
}

fn branch_band<S: Sink, K: Kernel>(k: K, s: &mut State, ctx: &mut Ctx<S>, pairs: &[u32; 3]) {
    let mut rows = [[0usize; 9]; 3];
    let mut stacks = [[0usize; 9]; 3];
    let mut best_line = (u32::MAX, 0usize);
    for b in 0..3 {
        let mut tot = 0u32;
        for d in 0..9 {
            let m = shrink(s.cand[d * 3 + b]);
            rows[b][d] = m;
            tot += PERM_COUNT[m] as u32;
        }
        if tot >= 10 && tot < best_line.0 {
            best_line = (tot, b);
        }
    }
    for k in 0..3 {
        let mut tot = 0u32;
        for d in 0..9 {
            let m = stack_matrix(s, d, k);
            stacks[k][d] = m;
            tot += PERM_COUNT[m] as u32;
        }
        if tot >= 10 && tot < best_line.0 {
            best_line = (tot, 3 + k);
        }
    }
    if best_line.0 == u32::MAX {
        branch_cell(k, s, ctx, pairs);
        return;
    }
    let line = best_line.1;
    let mats = if line < 3 { &rows[line] } else { &stacks[line - 3] };
    let mut best = (7u8, 0usize);
    for d in 0..9 {
        let n = PERM_COUNT[mats[d]];
        if n >= 2 && n < best.0 {
            best = (n, d);
        }
    }
    branch_perm(k, s, ctx, line, best.1, mats[best.1]);
}

/// Tries each placement of digit `d` in band `line` (< 3) or stack `line - 3` that its
/// incidence matrix `m` allows; the last one is forced, not a guess.
fn branch_perm<S: Sink, K: Kernel>(k: K, s: &State, ctx: &mut Ctx<S>, line: usize, d: usize, m: usize) {
    let mut left = PERM_COUNT[m];
    for q in PERMS {
        let bits = perm_bits(q);
        if m & bits != bits {
            continue;
        }
        left -= 1;
        let mut t = *s;
        if line < 3 {
            t.cand[d * 3 + line] &= PERMUTE[bits];
        } else {
            let k = line - 3;
            let stack = 0o007_007_007 << (3 * k);
            for b in 0..3 {
                t.cand[d * 3 + b] &= !stack | column_bits(3 * k + q[b]);
            }
        }
        if left == 0 {
            k.solve(&mut t, EVERY_WORD, 0, ctx);
            return;
        }
        ctx.stats.guesses += 1;
        k.solve(&mut t, EVERY_WORD, 0, ctx);
        if ctx.stop {
            return;
        }
    }
}

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
fn pick_cell(s: &State, pairs: &[u32; 3]) -> (usize, u32) {
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

#[cfg(test)]
mod tests;
