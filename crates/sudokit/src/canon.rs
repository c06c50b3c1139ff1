//! Symmetries of the classic rules and canonical (minlex) forms.
//!
//! A [`Transform`] is one symmetry of the classic rules: an optional transposition, a permutation of
//! the bands and of the rows inside each band, a permutation of the stacks and of the columns inside
//! each stack, and a relabelling of the digits. On 9×9 there are 2 × 6⁴ × 6⁴ = 3,359,232 geometric
//! transformations (times 9! relabellings). Every transform maps puzzles to puzzles with the same
//! number of solutions.
//!
//! # The canonical form
//!
//! [`canonical`] returns the *minlex* form of a grid: over every geometric transformation, relabel the
//! digits in order of first appearance (reading row by row, the first digit seen becomes 1, the next
//! new one 2, …), write the result as its row-major string of values with blanks as `0`, and keep the
//! lexicographically smallest string. Blanks therefore rank below every digit, so the canonical form
//! of a puzzle starts with as many blanks as possible. Two grids are equivalent exactly when their
//! canonical forms are equal. Relabelling in order of first appearance is itself the smallest
//! relabelling of a fixed arrangement, so the form is the minimum over all transformations and
//! relabellings together.
//!
//! # Search
//!
//! The rows of the result are fixed one at a time. A candidate is a partial transformation: the
//! transposition, a full column permutation, the source rows chosen so far and the relabelling they
//! imply. The first row is tried for every transposition, source row and column permutation; after
//! each row only the candidates whose prefix equals the smallest prefix survive, and each survivor is
//! extended by every source row the band structure allows next. A row is compared cell by cell with
//! the best row so far and dropped at the first larger cell, so most candidates cost a cell or two.
//! Since the final string is compared row by row, a transformation whose prefix is not minimal can
//! never win, so the pruning loses nothing. Grids and sparse puzzles keep many ties after the first row
//! (up to 2 × 9 × 1296 on 9×9) but few after the second or third.
//!
//! Column permutations are enumerated in full, so the search is limited to boards with at most 9
//! rows (sides 4, 6, 8 and 9); larger boards have far too many permutations for it.

use std::sync::{Arc, Mutex, OnceLock};

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Grid, Shape};
use crate::rules::Board;

/// The largest side [`canonical`] supports.
pub const CANON_MAX_SIDE: usize = 9;

/// Why a transformation or canonical form could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CanonError {
    /// The board is too large for the minlex search.
    #[error(
        "canonical forms are computed for sides up to {max} (4×4, 6×6, 8×8, 9×9), not for a {shape} board"
    )]
    Unsupported {
        /// The board shape.
        shape: Shape,
        /// The largest supported side.
        max: usize,
    },
    /// The puzzle has variant rules (diagonals, windows, jigsaw regions, cages): the symmetries here
    /// are those of the classic rules, and most of them break the variant's.
    #[error("canonical forms are defined for the classic rules only, not for puzzles with variant rules")]
    VariantRules,
    /// A transform was applied to a grid of another shape.
    #[error("a transform for a {expected} board cannot apply to a {found} grid")]
    ShapeMismatch {
        /// The transform's shape.
        expected: Shape,
        /// The grid's shape.
        found: Shape,
    },
}

/// One symmetry of the classic rules of a shape: transposition, row and column permutations that keep
/// bands and stacks together, and a relabelling of the digits.
///
/// The result of [`Transform::apply`] at row `r`, column `c` is the source value at row `rows[r]`,
/// column `cols[c]` (of the transposed source when `transpose` is set), relabelled by `digits`.
///
/// ```
/// use rand::SeedableRng;
/// use sudokit::{canon::{canonical, Transform}, Grid};
/// let g: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let t = Transform::random(g.shape(), &mut rng);
/// let h = t.apply(&g)?;
/// assert_eq!(h.count_up_to(2).to_string(), "1");
/// assert_eq!(canonical(&g)?, canonical(&h)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    transpose: bool,
    rows: Vec<u8>,
    cols: Vec<u8>,
    /// `digits[v]` is the new value of value `v`; `digits[0] == 0` keeps blanks blank.
    digits: Vec<u8>,
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.side() as u8;
        Transform {
            shape,
            transpose: false,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n).collect(),
        }
    }

    /// A uniformly random symmetry of the shape's classic rules (transposition only where boxes are square).
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Transform {
        let transpose = shape.box_rows() == shape.box_cols() && rng.random_bool(0.5);
        let rows = block_permutation(shape.side(), shape.box_rows(), rng);
        let cols = block_permutation(shape.side(), shape.box_cols(), rng);
        let mut digits: Vec<u8> = (1..=shape.side() as u8).collect();
        digits.shuffle(rng);
        digits.insert(0, 0);
        Transform { shape, transpose, rows, cols, digits }
    }

    /// The board shape this transform is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The transformed grid.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, CanonError> {
        if grid.shape() != self.shape {
            return Err(CanonError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let n = self.shape.side();
        let v = grid.values();
        let mut out = vec![0u8; n * n];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (sr, sc) = (sr as usize, sc as usize);
                let src = if self.transpose { v[sc * n + sr] } else { v[sr * n + sc] };
                out[r * n + c] = self.digits[src as usize];
            }
        }
        Ok(Grid::from_values(self.shape, &out).expect("a relabelling keeps values within the side"))
    }
}

/// A random permutation of `0..side` that moves blocks of `block` consecutive indices as wholes and
/// permutes the indices inside each block.
fn block_permutation<R: Rng + ?Sized>(side: usize, block: usize, rng: &mut R) -> Vec<u8> {
    let mut blocks: Vec<usize> = (0..side / block).collect();
    blocks.shuffle(rng);
    let mut out = Vec::with_capacity(side);
    for b in blocks {
        let mut inner: Vec<u8> = (0..block).map(|i| (b * block + i) as u8).collect();
        inner.shuffle(rng);
        out.extend(inner);
    }
    out
}

/// Every permutation of `0..side` that keeps blocks of `block` indices together, in a fixed order.
fn block_permutations(side: usize, block: usize) -> Vec<[u8; CANON_MAX_SIDE]> {
    let blocks = side / block;
    let mut out = Vec::new();
    for outer in permutations(blocks) {
        // One inner permutation per block, enumerated like the digits of a number in base block!.
        let inner = permutations(block);
        let total = inner.len().pow(blocks as u32);
        for mut k in 0..total {
            let mut p = [0u8; CANON_MAX_SIDE];
            for (pos, &b) in outer.iter().enumerate() {
                let perm = &inner[k % inner.len()];
                k /= inner.len();
                for (i, &x) in perm.iter().enumerate() {
                    p[pos * block + i] = (b as usize * block + x as usize) as u8;
                }
            }
            out.push(p);
        }
    }
    out
}

/// Every permutation of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut p: Vec<u8> = (0..n as u8).collect();
    loop {
        out.push(p.clone());
        // Next permutation in lexicographic order.
        let Some(i) = (1..n).rev().find(|&i| p[i - 1] < p[i]) else { return out };
        let j = (i..n).rev().find(|&j| p[j] > p[i - 1]).expect("p[i] itself is larger");
        p.swap(i - 1, j);
        p[i..].reverse();
    }
}

/// Every column permutation of a shape that keeps the stacks together.
type ColumnTable = Arc<Vec<[u8; CANON_MAX_SIDE]>>;

/// The column permutations of a shape, computed once per shape.
fn column_table(shape: Shape) -> ColumnTable {
    static CACHE: OnceLock<Mutex<Vec<(Shape, ColumnTable)>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    // A poisoned lock only means another thread panicked while pushing; the list is still valid.
    let mut tables = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = tables.iter().find(|(s, _)| *s == shape) {
        return Arc::clone(t);
    }
    let t = Arc::new(block_permutations(shape.side(), shape.box_cols()));
    tables.push((shape, Arc::clone(&t)));
    t
}

/// A partial transformation during the search: everything that decides the rows fixed so far.
#[derive(Clone, Copy)]
struct Candidate {
    /// Which source: 0 the grid, 1 its transpose.
    source: u8,
    /// Index into the column table.
    cols: u16,
    /// Source rows already used, one bit each.
    rows_used: u16,
    /// The source band the current target band draws from.
    band: u8,
    /// New label of each source value (0 = not seen yet; the blank keeps 0).
    labels: [u8; CANON_MAX_SIDE + 1],
    /// The next label to hand out.
    next: u8,
}

/// [`canonical`] for a puzzle on the board `rules`: refused for variant rules, whose symmetries are
/// not those of the classic rules (the classic form of an X-Sudoku would read back as another
/// puzzle under its diagonals).
///
/// ```
/// use sudokit::canon::{canonical_under, CanonError};
/// use sudokit::{Board, Grid, Shape};
/// let g: Grid = "1.34341221434321".parse()?;
/// let classic = Board::classic(Shape::new(2, 2)?);
/// assert_eq!(canonical_under(&classic, &g)?.to_string(), ".123234114323214");
/// let x = classic.with_diagonals();
/// assert_eq!(canonical_under(&x, &g), Err(CanonError::VariantRules));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CanonError::VariantRules`] for rules other than the classic ones; otherwise as [`canonical`].
pub fn canonical_under(rules: &Board, grid: &Grid) -> Result<Grid, CanonError> {
    if !rules.is_classic() {
        return Err(CanonError::VariantRules);
    }
    canonical(grid)
}

/// The canonical (minlex) form of `grid` under the symmetries of its classic rules; see the module docs
/// for the convention. Equivalent grids (puzzles or solutions) have equal canonical forms.
///
/// ```
/// use sudokit::{canon::canonical, Grid};
/// let g: Grid = "1.34341221434321".parse()?;
/// assert_eq!(canonical(&g)?.to_string(), ".123234114323214");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn canonical(grid: &Grid) -> Result<Grid, CanonError> {
    let shape = grid.shape();
    let n = shape.side();
    if n > CANON_MAX_SIDE {
        return Err(CanonError::Unsupported { shape, max: CANON_MAX_SIDE });
    }
    let br = shape.box_rows();
    let v = grid.values();
    let transposed: Vec<u8> = (0..n * n).map(|i| v[(i % n) * n + i / n]).collect();
    let sources: Vec<&[u8]> =
        if shape.box_rows() == shape.box_cols() { vec![v, &transposed] } else { vec![v] };
    let table = column_table(shape);

    let mut best = [u8::MAX; CANON_MAX_SIDE];
    let mut result = Vec::with_capacity(n * n);
    let mut live: Vec<Candidate> = Vec::new();
    let mut next_live: Vec<Candidate> = Vec::new();
    let mut row = [0u8; CANON_MAX_SIDE];

    // Row 0: every source, source row and column permutation.
    for (s, src) in sources.iter().enumerate() {
        for r in 0..n {
            for (p, cols) in table.iter().enumerate() {
                let start = Candidate {
                    source: s as u8,
                    cols: p as u16,
                    rows_used: 0,
                    band: (r / br) as u8,
                    labels: [0; CANON_MAX_SIDE + 1],
                    next: 1,
                };
                offer(&start, r, &src[r * n..(r + 1) * n], cols, n, &mut best, &mut row, &mut live);
            }
        }
    }
    result.extend_from_slice(&best[..n]);

    for k in 1..n {
        best = [u8::MAX; CANON_MAX_SIDE];
        next_live.clear();
        for c in &live {
            let src = sources[c.source as usize];
            let cols = &table[c.cols as usize];
            for r in 0..n {
                let band = r / br;
                let allowed = if k % br == 0 {
                    // A new target band starts: any source band with no row used yet.
                    (c.rows_used >> (band * br)) & ((1 << br) - 1) == 0
                } else {
                    band == c.band as usize && c.rows_used & (1 << r) == 0
                };
                if allowed {
                    let mut cand = *c;
                    cand.band = band as u8;
                    offer(&cand, r, &src[r * n..(r + 1) * n], cols, n, &mut best, &mut row, &mut next_live);
                }
            }
        }
        std::mem::swap(&mut live, &mut next_live);
        result.extend_from_slice(&best[..n]);
    }
    Ok(Grid::from_values(shape, &result).expect("relabelled values stay within the side"))
}

/// Extends `cand` by source row `r` (its values `src_row`) under column permutation `cols`, and keeps it
/// in `live` if the new row is no larger than `best` (clearing `live` when it is smaller).
#[allow(clippy::too_many_arguments)] // The hot loop's state, passed flat to keep it in registers.
#[inline]
fn offer(
    cand: &Candidate,
    r: usize,
    src_row: &[u8],
    cols: &[u8; CANON_MAX_SIDE],
    n: usize,
    best: &mut [u8; CANON_MAX_SIDE],
    row: &mut [u8; CANON_MAX_SIDE],
    live: &mut Vec<Candidate>,
) {
    let mut labels = cand.labels;
    let mut next = cand.next;
    let mut less = false;
    for j in 0..n {
        let v = src_row[cols[j] as usize] as usize;
        let x = if v == 0 {
            0
        } else {
            if labels[v] == 0 {
                labels[v] = next;
                next += 1;
            }
            labels[v]
        };
        if !less {
            if x > best[j] {
                return;
            }
            less = x < best[j];
        }
        row[j] = x;
    }
    if less {
        best[..n].copy_from_slice(&row[..n]);
        live.clear();
    }
    live.push(Candidate { rows_used: cand.rows_used | (1 << r), labels, next, ..*cand });
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The smallest grid in minlex order; its canonical form is itself.
    const MOST_CANONICAL: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn grid(s: &str) -> Grid {
        s.parse().expect("test grid parses")
    }

    #[test]
    fn table_sizes() {
        assert_eq!(permutations(3).len(), 6);
        assert_eq!(column_table(Shape::CLASSIC).len(), 1296);
        let six = Shape::new(2, 3).expect("2x3");
        assert_eq!(column_table(six).len(), 2 * 36);
        for p in column_table(Shape::CLASSIC).iter() {
            let mut seen = [false; 9];
            p.iter().for_each(|&x| seen[x as usize] = true);
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn most_canonical_grid_is_its_own_form() {
        let g = grid(MOST_CANONICAL);
        assert_eq!(canonical(&g).expect("9x9"), g);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            let t = Transform::random(g.shape(), &mut rng);
            assert_eq!(canonical(&t.apply(&g).expect("same shape")).expect("9x9"), g);
        }
    }

    #[test]
    fn transforms_keep_the_rules() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let p = grid(P1);
        for _ in 0..50 {
            let t = Transform::random(p.shape(), &mut rng);
            let q = t.apply(&p).expect("same shape");
            assert_eq!(q.givens(), p.givens());
            assert_eq!(q.count_up_to(2).to_string(), "1");
        }
        assert_eq!(Transform::identity(p.shape()).apply(&p).expect("same shape"), p);
        let small = Grid::empty(Shape::for_side(4).expect("4"));
        assert!(Transform::identity(p.shape()).apply(&small).is_err());
    }

    /// 1,000 random transformations of puzzles and grids have the canonical form of their source.
    #[test]
    fn equivalent_puzzles_share_the_form() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let sources = [grid(P1), grid(MOST_CANONICAL), grid(&P1.replace('8', "."))];
        for i in 0..1000 {
            let p = &sources[i % sources.len()];
            // Vary the source too, so the pairs are not all about three grids.
            let base = Transform::random(p.shape(), &mut rng).apply(p).expect("same shape");
            let t = Transform::random(p.shape(), &mut rng);
            let q = t.apply(&base).expect("same shape");
            let (a, b) = (canonical(&base).expect("9x9"), canonical(&q).expect("9x9"));
            assert_eq!(a, b, "{base} and {q} ({t:?})");
            assert_eq!(a.givens(), p.givens());
        }
    }

    #[test]
    fn canonical_is_idempotent_and_separates() {
        let p = grid(P1);
        let c = canonical(&p).expect("9x9");
        assert_eq!(canonical(&c).expect("9x9"), c);
        // Blanks rank first: the form starts with blanks and the first digit is 1.
        assert!(c.to_string().starts_with("..."), "{c}");
        assert_eq!(c.values().iter().find(|&&v| v != 0), Some(&1));
        // One given fewer is a different puzzle.
        assert_ne!(canonical(&grid(&P1.replacen('8', ".", 1))).expect("9x9"), c);
        // Same number of givens, but 295 solutions instead of one: transforms keep the count, so the
        // two cannot be equivalent.
        let mut loose = P1.to_string();
        loose.replace_range(28..29, "8");
        assert_eq!(grid(&loose).count_up_to(1000).to_string(), "295");
        assert_ne!(canonical(&grid(&loose)).expect("9x9"), c);
    }

    #[test]
    fn small_boards_and_unsupported() {
        let six = grid("123456456123231564564231312645645312");
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let c = canonical(&six).expect("6x6");
        for _ in 0..50 {
            let t = Transform::random(six.shape(), &mut rng);
            assert_eq!(canonical(&t.apply(&six).expect("same shape")).expect("6x6"), c);
        }
        let big = Grid::empty(Shape::for_side(16).expect("16"));
        assert!(matches!(canonical(&big), Err(CanonError::Unsupported { .. })));
    }
}
