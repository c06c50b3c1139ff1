//! Puzzles whose givens sit on a pattern of cells chosen beforehand: HoDoKu's generator patterns,
//! the forum's "pattern game".
//!
//! Nothing is dug: the givens are exactly the pattern's cells, and the search is over their
//! digits. An attempt fills a random grid and keeps its digits on the pattern. While that puzzle
//! has more than one solution, one given at a time is changed to another digit that no peer given
//! holds, and the change is kept when the count of solutions (counted up to [`COUNT_CAP`]) does
//! not grow and does not fall to zero. Each kept change rules out solutions that disagree with the
//! new digit, so the count drifts down to one on patterns that admit unique puzzles; above the cap
//! every change is kept, a random walk over puzzles on the pattern.
//!
//! Filling random grids until one's digits on the pattern make a unique puzzle (HoDoKu's way) works
//! on patterns of 30 givens and more, but few grids do on the 20 to 25 givens of most published
//! puzzles. Measured on the patterns of three top1465 puzzles, 20 puzzles each on one thread: on
//! 24 givens fresh grids alone took 46 s and the changes 0.04 s; on 22 and 21 givens fresh grids
//! found nothing in 100 s, and the changes took 0.23 s and 1.3 s. Patterns of 18 and 19 givens
//! take seconds to minutes a puzzle; patterns of 17, hardly ever one. The `generate_pattern`
//! benchmark of `benches/generate.rs` follows it on a generated puzzle's pattern.
//!
//! Some patterns admit no unique puzzle at all, and [`Pattern::obstacle`] tells the ones that are
//! plain from the pattern alone: two empty rows in one band (or columns in one stack) can be
//! swapped in any solution, giving another; and no 9×9 puzzle with fewer than 17 givens is unique
//! (McGuire, Tugemann and Civario, 2012).

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use super::dig::Digger;
use super::fill;
use super::Symmetry;
use crate::grid::{Cell, Digit, Grid, GridError, Shape};
use crate::solve::{admitted, Interrupt};

/// Solutions counted at most while the digits change. Above it the count no longer guides the
/// search; below it a count costs little more than a uniqueness check. Measured on 20- and
/// 21-given patterns: 16 took up to twice as long, 256 twice and 1,024 four to seven times.
pub(crate) const COUNT_CAP: u64 = 64;

/// Changes tried per given in one attempt before it starts again from a fresh grid: a walk stuck
/// among puzzles with a few solutions is better left for a new one. 10 was slower on the same
/// patterns; 40 and 200 were alike.
const MOVES_PER_GIVEN: usize = 40;

/// The cells that hold the givens of a puzzle, on a board of one shape.
///
/// ```
/// use sudokit::generate::Pattern;
///
/// let pattern: Pattern = "x...x...x\n.x..x..x.\n..x.x.x..\n...xxx...\nxxxx.xxxx\n\
///                         ...xxx...\n..x.x.x..\n.x..x..x.\nx...x...x".parse()?;
/// assert_eq!(pattern.len(), 32);
/// assert_eq!(pattern.obstacle(), None);
/// # Ok::<(), sudokit::generate::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    shape: Shape,
    /// Whether each cell holds a given.
    mask: Vec<bool>,
    /// The indices of the cells that do, in order.
    cells: Vec<u16>,
}

/// Why text is not a pattern, or a pattern cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// The text has a number of cells that is no board's.
    #[error(
        "a pattern has side × side cells (81 for 9×9), one mark per cell: `.`, `0`, `_` or `-` for \
         an empty cell, any other character for a given; this one has {cells}"
    )]
    Cells {
        /// The cells read.
        cells: usize,
    },
    /// The number of cells is a square, but of no supported board.
    #[error(transparent)]
    Board(#[from] GridError),
    /// The pattern's board is not the one asked for.
    #[error("the pattern has {found} cells, but a {side}×{side} board has {expected}")]
    OtherBoard {
        /// The side of the board asked for.
        side: usize,
        /// Its cells.
        expected: usize,
        /// The pattern's cells.
        found: usize,
    },
    /// No unique puzzle has this pattern.
    #[error("no puzzle on this pattern has a unique solution: {0}")]
    Obstacle(Obstacle),
    /// A generator option that a fixed pattern leaves no room for.
    #[error("a pattern fixes where the givens are, so it takes no {0}")]
    Conflict(&'static str),
}

/// Why no puzzle with a given pattern can have a unique solution ([`Pattern::obstacle`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Obstacle {
    /// Fewer givens than any unique puzzle of the board has.
    TooFewGivens {
        /// The pattern's givens.
        givens: usize,
        /// The fewest a unique puzzle can have.
        least: usize,
    },
    /// Two rows of one band without givens (numbered from 1).
    EmptyRows(usize, usize),
    /// Two columns of one stack without givens (numbered from 1).
    EmptyColumns(usize, usize),
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Obstacle::TooFewGivens { givens, least } => {
                write!(f, "it has {givens} givens, and every unique puzzle of its board has at least {least}")
            }
            Obstacle::EmptyRows(a, b) => write!(
                f,
                "rows {a} and {b} are empty and in the same band, so swapping them in a solution gives another"
            ),
            Obstacle::EmptyColumns(a, b) => write!(
                f,
                "columns {a} and {b} are empty and in the same stack, so swapping them in a solution gives another"
            ),
        }
    }
}

impl Pattern {
    /// The pattern of `cells` on a board of `shape`; cells named twice count once, cells off the
    /// board not at all.
    pub fn from_cells(shape: Shape, cells: impl IntoIterator<Item = Cell>) -> Pattern {
        let mut mask = vec![false; shape.cells()];
        for c in cells {
            if let Some(m) = mask.get_mut(c.index()) {
                *m = true;
            }
        }
        Pattern::from_mask(shape, mask)
    }

    /// The cells that hold the givens of `grid`.
    pub fn of_givens(grid: &Grid) -> Pattern {
        Pattern::from_mask(grid.shape(), grid.values().iter().map(|&v| v != 0).collect())
    }

    fn from_mask(shape: Shape, mask: Vec<bool>) -> Pattern {
        let cells = (0..mask.len()).filter(|&i| mask[i]).map(|i| i as u16).collect();
        Pattern { shape, mask, cells }
    }

    /// Reads a pattern from text: the cells row by row, on one line or several, `.`, `0`, `_` or
    /// `-` for an empty cell (so a puzzle written with those blanks gives its own pattern) and any
    /// other character (`x`, `*`, a digit) for a given. Spaces, `|`, and grid art's rule lines
    /// (those with a `+`, or of `=` only) are skipped. The board is the one with as many cells, and
    /// its squarest boxes, unless `shape` says otherwise.
    ///
    /// Text that gives no pattern so is read as a puzzle, in any layout `sudokit solve` reads (Simple
    /// Sudoku's bordered `.ss` files, HoDoKu's grids, `.sdk` files with their headers…): its
    /// givens are the pattern.
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<Pattern, PatternError> {
        Self::parse_marks(text, shape).or_else(|e| {
            let opts = crate::parse::ParseOptions { shape, ..crate::parse::ParseOptions::default() };
            match crate::parse::parse_all(text, opts).ok().and_then(|r| r.into_iter().next()) {
                Some(crate::parse::Record { puzzle: Ok(grid), .. }) => Ok(Pattern::of_givens(&grid)),
                _ => Err(e),
            }
        })
    }

    /// [`Pattern::parse`] on its marks alone.
    fn parse_marks(text: &str, shape: Option<Shape>) -> Result<Pattern, PatternError> {
        let mask: Vec<bool> = text
            .lines()
            .filter(|l| !l.contains('+') && !l.chars().all(|c| c == '=' || c.is_whitespace()))
            .flat_map(str::chars)
            .filter(|&c| !c.is_whitespace() && c != '|')
            .map(|c| !matches!(c, '.' | '0' | '_' | '-'))
            .collect();
        let cells = mask.len();
        let shape = match shape {
            Some(s) if s.cells() == cells => s,
            Some(s) => {
                return Err(PatternError::OtherBoard { side: s.side(), expected: s.cells(), found: cells })
            }
            None => {
                let side = (1..=cells).find(|n| n * n >= cells).unwrap_or(0);
                if side * side != cells || cells == 0 {
                    return Err(PatternError::Cells { cells });
                }
                Shape::for_side(side)?
            }
        };
        Ok(Pattern::from_mask(shape, mask))
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of givens.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether it has no givens.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `cell` holds a given.
    pub fn contains(&self, cell: Cell) -> bool {
        self.mask.get(cell.index()).copied().unwrap_or(false)
    }

    /// The cells that hold givens, in order.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell> + '_ {
        self.cells.iter().map(|&c| Cell::from_index(c as usize))
    }

    /// The pattern as a line: `x` for a given, `.` for an empty cell.
    pub fn line(&self) -> String {
        self.mask.iter().map(|&m| if m { 'x' } else { '.' }).collect()
    }

    /// The first of [`Symmetry::SYMMETRIC`] under which the pattern is unchanged, else
    /// [`Symmetry::None`].
    pub fn symmetry(&self) -> Symmetry {
        let marks: Vec<u8> = self.mask.iter().map(|&m| u8::from(m)).collect();
        let grid = Grid::from_values(self.shape, &marks).expect("1 is a digit of every board");
        Symmetry::SYMMETRIC.into_iter().find(|s| s.holds(&grid)).unwrap_or(Symmetry::None)
    }

    /// A reason, plain from the pattern alone, why no puzzle on it has a unique solution; `None`
    /// does not promise that one has.
    ///
    /// ```
    /// use sudokit::generate::{Obstacle, Pattern};
    /// use sudokit::Shape;
    ///
    /// // Rows 3 and 4 of the 4×4 board, one band, are empty: a solution with them swapped is another.
    /// let pattern = Pattern::parse("xx.x\nx.xx\n....\n....", Some(Shape::new(2, 2)?))?;
    /// assert_eq!(pattern.obstacle(), Some(Obstacle::EmptyRows(3, 4)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn obstacle(&self) -> Option<Obstacle> {
        let least = if self.shape.is_classic() { 17 } else { self.shape.side() - 1 };
        if self.len() < least {
            return Some(Obstacle::TooFewGivens { givens: self.len(), least });
        }
        let n = self.shape.side();
        let empty_row = |r: usize| (0..n).all(|c| !self.mask[r * n + c]);
        let empty_col = |c: usize| (0..n).all(|r| !self.mask[r * n + c]);
        let pair = |empty: &dyn Fn(usize) -> bool, group: usize| {
            (0..n).step_by(group).find_map(|start| {
                let mut found = (start..start + group).filter(|&i| empty(i));
                Some((found.next()? + 1, found.next()? + 1))
            })
        };
        if let Some((a, b)) = pair(&empty_row, self.shape.box_rows()) {
            return Some(Obstacle::EmptyRows(a, b));
        }
        pair(&empty_col, self.shape.box_cols()).map(|(a, b)| Obstacle::EmptyColumns(a, b))
    }
}

impl FromStr for Pattern {
    type Err = PatternError;

    /// [`Pattern::parse`] on the squarest boxes.
    fn from_str(s: &str) -> Result<Pattern, PatternError> {
        Pattern::parse(s, None)
    }
}

/// A puzzle found on a pattern, with its solution.
pub(crate) struct Found {
    pub puzzle: Grid,
    pub solution: Grid,
}

/// Searches the digits of a pattern for puzzles with one solution.
pub(crate) struct Search<'a> {
    pub digger: &'a Digger<'a>,
    pub pattern: &'a Pattern,
}

impl Search<'_> {
    /// The solutions of `puzzle`, counted up to [`COUNT_CAP`]; a count cut short by its node
    /// budget counts as the cap. `None` when the cancel flag is set.
    fn count(&self, puzzle: &Grid) -> Option<u64> {
        let limits = self.digger.limits(COUNT_CAP, self.digger.budget);
        let o = admitted(self.digger.engine.count(self.digger.board, puzzle, &limits));
        match o.interrupted {
            Some(Interrupt::Cancelled) => None,
            Some(_) => Some(COUNT_CAP),
            None => Some(o.solutions),
        }
    }

    /// One attempt: a fresh grid's digits on the pattern, changed one at a time as the module docs
    /// say. `Ok(None)` when the attempt's changes ran out first; `Err(())` when the cancel flag
    /// stopped it.
    pub fn attempt<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Option<Found>, ()> {
        let shape = self.pattern.shape;
        let full = fill::random_grid(shape, rng);
        let mut puzzle = Grid::empty(shape);
        for c in self.pattern.cells() {
            puzzle.set(c, full.get(c));
        }
        if self.pattern.is_empty() {
            return Ok(None);
        }
        let mut count = self.count(&puzzle).ok_or(())?;
        let mut free = Vec::with_capacity(shape.side());
        for _ in 0..MOVES_PER_GIVEN * self.pattern.len() {
            if count == 1 {
                break;
            }
            let at = self.pattern.cells[rng.random_range(0..self.pattern.len())] as usize;
            let cell = Cell::from_index(at);
            let before = puzzle.get(cell);
            free.clear();
            free.extend((1..=shape.side() as u8).filter(|&d| {
                Some(d) != before.map(Digit::get)
                    && self.digger.board.peers(cell).iter().all(|&p| puzzle.values()[p as usize] != d)
            }));
            if free.is_empty() {
                continue;
            }
            let digit = free[rng.random_range(0..free.len())];
            puzzle.set(cell, Digit::new_checked(digit, shape));
            match self.count(&puzzle).ok_or(())? {
                n @ 1.. if n <= count => count = n,
                _ => puzzle.set(cell, before),
            }
        }
        // A count of one is a whole search's (one cut short counts as the cap): the puzzle is unique.
        if count != 1 {
            return Ok(None);
        }
        let (solution, _) = admitted(self.digger.engine.first(self.digger.board, &puzzle));
        Ok(solution.map(|solution| Found { puzzle, solution }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_for, GenerateError, GenerateOptions, Generator};
    use crate::rules::Board;
    use crate::solve::engine_for;
    use crate::Puzzle;

    fn search_once(pattern: &Pattern, seed: u64, attempts: u64) -> Option<Found> {
        let board = Board::classic_shared(pattern.shape());
        let digger = Digger::new(&board, engine_for(&board));
        let search = Search { digger: &digger, pattern };
        (0..attempts).find_map(|i| search.attempt(&mut rng_for(seed, i)).expect("no cancel flag"))
    }

    #[test]
    fn parses_lines_rows_and_art() {
        let line: Pattern = "x.x.x.x.x".repeat(9).parse().expect("81 cells");
        assert_eq!((line.len(), line.shape(), line.symmetry()), (45, Shape::CLASSIC, Symmetry::Rotate180));
        let rows = "x . x | . x . | x . x\n".repeat(3)
            + "------+-------+------\n"
            + &"x.x.x.x.x\n".repeat(3)
            + "=====\n"
            + &"*-*-*-*-*\n".repeat(3);
        assert_eq!(Pattern::parse(&rows, None), Ok(line.clone()));
        let last_row_empty = Pattern::parse(&("x".repeat(72) + "\n---------\n"), None).expect("81 cells");
        assert_eq!(last_row_empty.len(), 72);
        assert_eq!(line.line(), "x.x.x.x.x".repeat(9));
        let digits = "1.3.5.7.9".repeat(9);
        assert_eq!(digits.parse::<Pattern>(), Ok(line));
    }

    #[test]
    fn refuses_text_of_no_board() {
        assert_eq!("x.x".parse::<Pattern>(), Err(PatternError::Cells { cells: 3 }));
        assert_eq!("".parse::<Pattern>(), Err(PatternError::Cells { cells: 0 }));
        assert!(matches!("x".repeat(4).parse::<Pattern>(), Err(PatternError::Board(_))));
        let six = Shape::new(2, 3).expect("a shape");
        assert_eq!(
            Pattern::parse(&"x".repeat(81), Some(six)),
            Err(PatternError::OtherBoard { side: 6, expected: 36, found: 81 })
        );
        assert_eq!(Pattern::parse(&"x".repeat(36), Some(six)).map(|p| p.shape()), Ok(six));
    }

    #[test]
    fn obstacles_are_found() {
        let mut rows = vec!["xxxxxxxxx"; 9];
        let pattern = |rows: &[&str]| Pattern::parse(&rows.join("\n"), None).expect("81 cells");
        assert_eq!(pattern(&rows).obstacle(), None);
        rows[3] = ".........";
        assert_eq!(pattern(&rows).obstacle(), None, "one empty row in a band is no obstacle");
        rows[5] = ".........";
        assert_eq!(pattern(&rows).obstacle(), Some(Obstacle::EmptyRows(4, 6)));
        let columns = ["xx.x.xxxx"; 9];
        assert_eq!(pattern(&columns).obstacle(), None);
        let columns = ["xxxxxx.x."; 9];
        assert_eq!(pattern(&columns).obstacle(), Some(Obstacle::EmptyColumns(7, 9)));
        let sparse = Pattern::from_cells(Shape::CLASSIC, (0..81).step_by(5).map(Cell::from_index));
        assert_eq!(sparse.len(), 17);
        assert_eq!(sparse.obstacle(), None, "17 givens in every row and column");
        let fewer = Pattern::from_cells(Shape::CLASSIC, (0..80).step_by(5).take(16).map(Cell::from_index));
        assert_eq!(fewer.obstacle(), Some(Obstacle::TooFewGivens { givens: 16, least: 17 }));
    }

    #[test]
    fn finds_unique_puzzles_on_the_pattern_of_another() {
        let generator = Generator::new(Shape::CLASSIC, GenerateOptions::default()).expect("a generator");
        let known = generator.puzzle(&mut rng_for(11, 0)).expect("a puzzle");
        let pattern = Pattern::of_givens(&known.puzzle);
        assert_eq!(pattern.obstacle(), None);
        let found = search_once(&pattern, 7, 20).expect("a unique puzzle in 20 attempts");
        assert_eq!(Pattern::of_givens(&found.puzzle), pattern);
        assert_eq!(Puzzle::classic(found.puzzle.clone()).count_up_to(2).to_string(), "1");
        assert!(found.solution.is_full() && found.solution.extends(&found.puzzle));
    }

    #[test]
    fn finds_puzzles_on_other_boards() {
        let six = Shape::new(2, 3).expect("a shape");
        let pattern =
            Pattern::parse("x.x.x.\n.x..x.\nx...xx\n..x..x\nx.x...\n.x.x.x", Some(six)).expect("36 cells");
        assert_eq!(pattern.obstacle(), None);
        let found = search_once(&pattern, 3, 50).expect("a unique 6×6 puzzle");
        assert_eq!(Pattern::of_givens(&found.puzzle), pattern);
        let board = Board::classic_shared(six);
        let check = Digger { board: &board, engine: engine_for(&board), budget: None, cancel: None };
        assert_eq!(check.check(&found.puzzle), super::super::dig::Check::Unique);
    }

    /// Givens on the cells whose row and column add up to an even number: 41, every symmetry.
    fn checkerboard() -> Pattern {
        ["x.x.x.x.x", ".x.x.x.x."].concat().repeat(5)[..81].parse().expect("81 cells")
    }

    fn generator(edit: impl FnOnce(&mut GenerateOptions)) -> Generator {
        let mut o = GenerateOptions::default();
        edit(&mut o);
        Generator::new(Shape::CLASSIC, o).expect("a generator")
    }

    #[test]
    fn generators_refuse_what_a_pattern_leaves_no_room_for() {
        let pattern = checkerboard();
        let refused = |g: Generator| g.with_pattern(pattern.clone()).err();
        assert!(matches!(
            refused(generator(|o| o.symmetry = Symmetry::Mirror)),
            Some(GenerateError::Pattern(PatternError::Conflict(_)))
        ));
        assert!(matches!(
            refused(generator(|o| o.clues = crate::generate::Clues::AtMost(30))),
            Some(GenerateError::Pattern(PatternError::Conflict(_)))
        ));
        let six = Generator::new(Shape::new(2, 3).expect("a shape"), GenerateOptions::default())
            .expect("a generator");
        assert_eq!(
            refused(six),
            Some(GenerateError::Pattern(PatternError::OtherBoard { side: 6, expected: 36, found: 81 }))
        );
        let blank_rows =
            Pattern::parse(&("x".repeat(27) + &".".repeat(18) + &"x".repeat(36)), None).expect("81 cells");
        assert_eq!(
            generator(|_| ()).with_pattern(blank_rows).err(),
            Some(GenerateError::Pattern(PatternError::Obstacle(Obstacle::EmptyRows(4, 5))))
        );
        assert!(refused(generator(|_| ())).is_none());
    }

    #[test]
    fn generators_keep_the_pattern_its_symmetry_and_the_minimal_filter() {
        let known = generator(|_| ()).puzzle(&mut rng_for(11, 0)).expect("a puzzle");
        let pattern = Pattern::of_givens(&known.puzzle);
        let minimal = generator(|_| ()).with_pattern(pattern.clone()).expect("usable");
        let made =
            minimal.puzzle(&mut rng_for(4, 0)).expect("a minimal puzzle on a minimal puzzle's pattern");
        assert_eq!(Pattern::of_givens(&made.puzzle), pattern);
        assert!(crate::generate::is_minimal(&made.puzzle));
        assert_eq!((made.target_met, made.unproven, made.symmetry), (true, 0, pattern.symmetry()));

        let any = generator(|o| o.minimal = false).with_pattern(checkerboard()).expect("usable");
        let made = any.puzzle(&mut rng_for(4, 1)).expect("a puzzle on 41 givens");
        assert_eq!(made.symmetry, Symmetry::Rotate180);
        assert!(made.solution.extends(&made.puzzle));
    }

    #[test]
    fn generators_say_what_no_attempt_found() {
        let sparse = Pattern::from_cells(Shape::CLASSIC, (0..81).step_by(5).map(Cell::from_index));
        let g = generator(|o| {
            o.minimal = false;
            o.attempts = 1;
        });
        let missed = g.with_pattern(sparse).expect("usable").puzzle(&mut rng_for(2, 0)).err();
        assert_eq!(missed, Some(GenerateError::PatternNotFound { minimal: false, attempts: 1 }));
        assert_eq!(
            missed.map(|e| e.to_string()).as_deref(),
            Some("no puzzle with one solution found on the pattern in 1 attempts")
        );
    }
}
