//! Test support, for this crate's tests and for other crates' (enabled by the `proptest` feature):
//! proptest strategies for sudokit's types, the one brute-force reference counter
//! ([`brute_force_count`]) that the engines are checked against, the location of the shared
//! datasets ([`datasets_dir`]) and one reader for their tab-separated tables ([`dataset_tsv`]).
//!
//! Full grids are made by permuting one base solution with the moves that keep a grid valid
//! (relabelling digits, swapping rows inside a band, bands, columns inside a stack, stacks, and
//! transposing when boxes are square), so every generated solution is valid by construction and the
//! strategies need no solver. Each move is a shuffled list that shrinks towards the identity, so a
//! failing case shrinks towards the base grid; blanks shrink towards fewer blanks.
//!
//! ```
//! use proptest::prelude::*;
//! use sudokit::{testing, Board, Shape};
//!
//! proptest!(|(case in testing::puzzle(Shape::CLASSIC))| {
//!     let board = Board::classic(Shape::CLASSIC);
//!     prop_assert!(board.is_solution(&case.puzzle, &case.solution));
//! });
//! ```

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

use std::path::PathBuf;

use crate::grid::{Candidates, Cell, DigitSet, Grid, Shape, MAX_SIDE, MIN_SIDE};
use crate::rules::Board;

/// The environment variable that turns a missing datasets folder from a skipped test into a failure
/// (CI sets it to `1`, so that dataset tests cannot pass without their data).
pub const REQUIRE_DATASETS: &str = "SUDOKIT_REQUIRE_DATASETS";

/// The shared datasets folder, `../shared/datasets` beside the repository, if it is there.
///
/// When it is missing this prints a note and returns `None`, so that the caller skips its test;
/// with [`REQUIRE_DATASETS`]` = 1` in the environment it panics instead.
///
/// # Panics
/// When the folder is missing and [`REQUIRE_DATASETS`] is `1`.
pub fn datasets_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/datasets"));
    if dir.is_dir() {
        return Some(dir);
    }
    let required = std::env::var(REQUIRE_DATASETS).is_ok_and(|v| v == "1");
    assert!(!required, "{} is missing and {REQUIRE_DATASETS}=1 requires it", dir.display());
    eprintln!(
        "note: {} not found; dataset test skipped (set {REQUIRE_DATASETS}=1 to fail instead)",
        dir.display()
    );
    None
}

/// A tab-separated table of the shared datasets (such as `ratings/se-dev.tsv`), read whole: the
/// column names of its header line and one record per further line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tsv {
    /// The file, for messages.
    pub path: PathBuf,
    /// The header's column names, in order.
    pub columns: Vec<String>,
    /// The records, each with one field per column.
    pub rows: Vec<Vec<String>>,
}

impl Tsv {
    /// Parses `text` (read from `path`): a header line, then records with as many fields as it has
    /// columns. Blank lines are skipped.
    ///
    /// # Panics
    /// When the text is empty or a record has another number of fields (naming the file and line).
    pub fn parse(path: PathBuf, text: &str) -> Tsv {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let (_, header) = lines.next().unwrap_or_else(|| panic!("{}: no header line", path.display()));
        let columns: Vec<String> = header.split('\t').map(str::to_string).collect();
        let rows = lines
            .map(|(i, line)| {
                let fields: Vec<String> = line.split('\t').map(str::to_string).collect();
                assert_eq!(
                    fields.len(),
                    columns.len(),
                    "{} line {}: {} fields, the header has {}",
                    path.display(),
                    i + 1,
                    fields.len(),
                    columns.len()
                );
                fields
            })
            .collect();
        Tsv { path, columns, rows }
    }

    /// The index of the column `name`.
    ///
    /// # Panics
    /// When the header has no such column.
    pub fn column(&self, name: &str) -> usize {
        self.columns
            .iter()
            .position(|c| c == name)
            .unwrap_or_else(|| panic!("{}: no column {name:?} in {:?}", self.path.display(), self.columns))
    }

    /// The records as `(column name → field)` views, in file order.
    pub fn records(&self) -> impl Iterator<Item = TsvRecord<'_>> {
        self.rows.iter().map(move |fields| TsvRecord { tsv: self, fields })
    }
}

/// One record of a [`Tsv`], read by column name.
#[derive(Clone, Copy, Debug)]
pub struct TsvRecord<'a> {
    tsv: &'a Tsv,
    fields: &'a [String],
}

impl<'a> TsvRecord<'a> {
    /// The field of column `name`.
    ///
    /// # Panics
    /// When the header has no such column.
    pub fn get(&self, name: &str) -> &'a str {
        &self.fields[self.tsv.column(name)]
    }

    /// The field of column `name`, parsed.
    ///
    /// # Panics
    /// When the header has no such column or the field does not parse.
    pub fn parse<T: std::str::FromStr>(&self, name: &str) -> T
    where
        T::Err: std::fmt::Debug,
    {
        let field = self.get(name);
        field.parse().unwrap_or_else(|e| {
            panic!("{}: column {name} field {field:?} does not parse: {e:?}", self.tsv.path.display())
        })
    }
}

/// Reads the dataset table `relative` (a path inside [`datasets_dir`], e.g. `ratings/se-dev.tsv`).
/// `None` when the datasets folder is missing (see [`datasets_dir`]).
///
/// # Panics
/// When the folder is there but the file cannot be read or is malformed (see [`Tsv::parse`]).
pub fn dataset_tsv(relative: &str) -> Option<Tsv> {
    let path = datasets_dir()?.join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(Tsv::parse(path, &text))
}

/// Counts the solutions of `grid` under `board` up to `limit` by plain backtracking in reading
/// order, checking every rule (houses through peers, cage sums) directly: the reference the engines
/// are checked against. It knows nothing of the engines and is slow: for small boards and puzzles
/// with few blanks.
pub fn brute_force_count(board: &Board, grid: &Grid, limit: u64) -> u64 {
    fn ok(board: &Board, v: &[u8], cell: usize) -> bool {
        let d = v[cell];
        if board.peers(Cell::from_index(cell)).iter().any(|&p| v[p as usize] == d) {
            return false;
        }
        board.cages().iter().filter(|c| c.cells.iter().any(|x| x.index() == cell)).all(|c| {
            let vals: Vec<u32> = c.cells.iter().map(|x| u32::from(v[x.index()])).collect();
            let s: u32 = vals.iter().sum();
            if vals.contains(&0) {
                s < c.sum
            } else {
                s == c.sum
            }
        })
    }
    fn go(board: &Board, v: &mut [u8], given: &[bool], cell: usize, found: &mut u64, limit: u64) {
        if *found >= limit {
            return;
        }
        if cell == v.len() {
            *found += 1;
            return;
        }
        if given[cell] {
            if ok(board, v, cell) {
                go(board, v, given, cell + 1, found, limit);
            }
            return;
        }
        for d in 1..=board.shape().side() as u8 {
            v[cell] = d;
            if ok(board, v, cell) {
                go(board, v, given, cell + 1, found, limit);
            }
        }
        v[cell] = 0;
    }
    let given: Vec<bool> = grid.values().iter().map(|&x| x != 0).collect();
    let mut v = grid.values().to_vec();
    let mut found = 0;
    go(board, &mut v, &given, 0, &mut found, limit);
    found
}

/// Every supported shape with a side of at most `max_side`, in order of side, then of box rows.
pub fn shapes_up_to(max_side: usize) -> Vec<Shape> {
    let mut out = Vec::new();
    for side in MIN_SIDE..=max_side.min(MAX_SIDE) {
        for rows in 2..=side / 2 {
            if side % rows == 0 {
                if let Ok(s) = Shape::new(rows, side / rows) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Any supported shape with a side of at most `max_side` (rectangular boxes included, e.g. 2×3 and 3×2).
///
/// # Panics
/// If `max_side` is below [`MIN_SIDE`]: there is no shape to choose from.
pub fn shape(max_side: usize) -> impl Strategy<Value = Shape> {
    let all = shapes_up_to(max_side);
    assert!(!all.is_empty(), "no supported shape has a side of at most {max_side}");
    select(all)
}

/// Any shape with a side of at most `max_side` that [`Shape::for_side`] picks for its side: the shapes
/// a reader infers when none is forced (so no 3×2 boxes, which read back as 2×3).
///
/// # Panics
/// If `max_side` is below [`MIN_SIDE`].
pub fn default_shape(max_side: usize) -> impl Strategy<Value = Shape> {
    let all: Vec<Shape> =
        shapes_up_to(max_side).into_iter().filter(|&s| Shape::for_side(s.side()) == Ok(s)).collect();
    assert!(!all.is_empty(), "no supported shape has a side of at most {max_side}");
    select(all)
}

/// The base solution every generated grid is a permutation of: row `r` is the digits shifted by
/// `box_cols * (r mod box_rows) + r / box_rows`, which puts each digit once in every row, column and box.
pub fn base_solution(shape: Shape) -> Grid {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let values: Vec<u8> = (0..shape.cells())
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((bc * (r % br) + r / br + c) % n) as u8 + 1
        })
        .collect();
    Grid::from_values(shape, &values).expect("the base pattern holds digits of the board")
}

fn shuffled(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle()
}

/// A full, valid grid of `shape`.
pub fn solution(shape: Shape) -> impl Strategy<Value = Grid> {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    // Bands are `br` rows high and there are `bc` of them; stacks are `bc` columns wide and there are `br`.
    let moves = (
        shuffled(n),
        shuffled(bc),
        vec(shuffled(br), bc),
        shuffled(br),
        vec(shuffled(bc), br),
        if br == bc { any::<bool>().boxed() } else { Just(false).boxed() },
    );
    moves.prop_map(move |(digits, bands, rows_in, stacks, cols_in, transpose)| {
        let base = base_solution(shape);
        let row_of = |r: usize| bands[r / br] * br + rows_in[r / br][r % br];
        let col_of = |c: usize| stacks[c / bc] * bc + cols_in[c / bc][c % bc];
        let values: Vec<u8> = (0..shape.cells())
            .map(|i| {
                let (mut r, mut c) = (i / n, i % n);
                if transpose {
                    (r, c) = (c, r);
                }
                let v = base.values()[row_of(r) * n + col_of(c)];
                digits[v as usize - 1] as u8 + 1
            })
            .collect();
        Grid::from_values(shape, &values).expect("permuting a solution keeps digits of the board")
    })
}

/// A full, valid grid of any shape with a side of at most `max_side`.
pub fn any_solution(max_side: usize) -> impl Strategy<Value = Grid> {
    shape(max_side).prop_flat_map(solution)
}

/// A puzzle made by blanking cells of a known solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleCase {
    /// The givens: `solution` with some cells blanked.
    pub puzzle: Grid,
    /// The full grid it was made from: always one of the puzzle's solutions, not always the only one.
    pub solution: Grid,
}

/// A puzzle of `shape` with between none and all of its cells blanked.
pub fn puzzle(shape: Shape) -> impl Strategy<Value = PuzzleCase> {
    puzzle_with_blanks(shape, 0.0..=1.0)
}

/// A puzzle of `shape` whose cells are each blank with a probability drawn from `blank` (within `0..=1`).
/// Few blanks make puzzles that every engine solves at once; many make puzzles with many solutions.
pub fn puzzle_with_blanks(
    shape: Shape,
    blank: std::ops::RangeInclusive<f64>,
) -> impl Strategy<Value = PuzzleCase> {
    let (lo, hi) = (blank.start().clamp(0.0, 1.0), blank.end().clamp(0.0, 1.0));
    (solution(shape), lo..=hi)
        .prop_flat_map(move |(solution, p)| (Just(solution), vec(proptest::bool::weighted(p), shape.cells())))
        .prop_map(|(solution, blanks)| {
            let mut puzzle = solution.clone();
            for (i, _) in blanks.iter().enumerate().filter(|(_, &b)| b) {
                puzzle.set(Cell::from_index(i), None);
            }
            PuzzleCase { puzzle, solution }
        })
}

/// A puzzle of any shape with a side of at most `max_side`.
pub fn any_puzzle(max_side: usize) -> impl Strategy<Value = PuzzleCase> {
    shape(max_side).prop_flat_map(puzzle)
}

/// Any grid of `shape`: every cell blank or any digit, so the givens may break the rules. For parsers
/// and printers, which must handle grids that are not puzzles.
pub fn grid(shape: Shape) -> impl Strategy<Value = Grid> {
    vec(0..=shape.side() as u8, shape.cells())
        .prop_map(move |v| Grid::from_values(shape, &v).expect("values are within the side"))
}

/// Any grid of any shape with a side of at most `max_side`.
pub fn any_grid(max_side: usize) -> impl Strategy<Value = Grid> {
    shape(max_side).prop_flat_map(grid)
}

/// Any pencil marks on any shape with a side of at most `max_side`: every cell any set of digits,
/// the empty set included.
pub fn candidates(max_side: usize) -> impl Strategy<Value = Candidates> {
    shape(max_side).prop_flat_map(|s| {
        let all = DigitSet::all(s).bits();
        vec(any::<u32>(), s.cells()).prop_map(move |masks| {
            let mut c = Candidates::new(s);
            for (i, m) in masks.into_iter().enumerate() {
                c.set(Cell::from_index(i), DigitSet::from_bits(m & all));
            }
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::test_runner::{Config, TestRunner};

    #[test]
    fn tsv_reads_by_column_name() {
        let t = Tsv::parse(PathBuf::from("t.tsv"), "puzzle\tER\n\nabc\t8.5\nxyz\t1.2\n");
        let rows: Vec<(String, f64)> =
            t.records().map(|r| (r.get("puzzle").to_string(), r.parse::<f64>("ER"))).collect();
        assert_eq!(rows, vec![("abc".to_string(), 8.5), ("xyz".to_string(), 1.2)]);
    }

    #[test]
    #[should_panic(expected = "t.tsv line 2: 1 fields, the header has 2")]
    fn tsv_names_the_bad_line() {
        Tsv::parse(PathBuf::from("t.tsv"), "a\tb\nonly-one\n");
    }

    #[test]
    fn shapes_include_rectangles_both_ways() {
        let s: Vec<(usize, usize)> = shapes_up_to(9).iter().map(|s| (s.box_rows(), s.box_cols())).collect();
        assert_eq!(s, vec![(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]);
        assert_eq!(shapes_up_to(MAX_SIDE).len(), shapes_up_to(100).len());
    }

    #[test]
    fn base_solutions_are_valid() {
        for s in shapes_up_to(MAX_SIDE) {
            let g = base_solution(s);
            assert!(Board::classic(s).is_solution(&Grid::empty(s), &g), "{s}: {g}");
        }
    }

    #[test]
    fn generated_solutions_are_valid_and_varied() {
        let mut runner = TestRunner::new(Config { cases: 64, ..Config::default() });
        // The runner takes an `Fn`, so the set of grids seen lives in a cell.
        let seen = std::cell::RefCell::new(std::collections::HashSet::new());
        runner
            .run(&any_solution(16), |g| {
                prop_assert!(Board::classic(g.shape()).is_solution(&Grid::empty(g.shape()), &g), "{}", g);
                seen.borrow_mut().insert(g);
                Ok(())
            })
            .expect("every generated grid is a solution");
        let distinct = seen.borrow().len();
        assert!(distinct > 32, "only {distinct} distinct grids in 64 cases");
    }
}
