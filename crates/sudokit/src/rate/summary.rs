//! How often a solution path uses each technique: the list HoDoKu shows beside a solution, with
//! each technique's base score, and the one Sudoku Explainer's analysis gives ("this Sudoku can be
//! solved using the following logical methods"), with each difficulty.
//!
//! A rating says how hard the hardest step is; these lists say what the rest of the path asks of
//! a player, which is what a teacher or a setter looks at next. Both keep the path's numbers: the
//! counts add up to its length, and on HoDoKu's scale `count × score` adds up to its score.

use std::collections::HashMap;
use std::fmt;

use super::hodoku::{step_config, Level};
use super::se::SeStep;
use crate::human::{Step, Technique};

/// The steps of one technique in a path of the human solver (HoDoKu's techniques).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TechniqueCount {
    /// The technique.
    pub technique: Technique,
    /// How many steps use it.
    pub count: usize,
    /// HoDoKu's base score of one such step.
    pub score: u32,
    /// HoDoKu's level of the technique.
    pub level: Level,
}

impl fmt::Display for TechniqueCount {
    /// `40 x Naked Single (4 each)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} x {} ({} each)", self.count, self.technique, self.score)
    }
}

/// The techniques of `steps` with how many steps use each, easiest first: by HoDoKu's level, then
/// base score, then first use.
///
/// ```
/// use sudokit::human::{solve, SolverOptions, State};
/// use sudokit::rate::{hodoku, technique_counts};
/// use sudokit::{Board, Grid, Shape};
///
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let state = State::new(Board::classic_shared(Shape::CLASSIC), &grid).unwrap();
/// let steps = solve(state, SolverOptions::default()).unwrap().steps;
/// let counts = technique_counts(&steps);
/// assert_eq!(counts.iter().map(|c| c.count).sum::<usize>(), steps.len());
/// let score: u32 = counts.iter().map(|c| c.count as u32 * c.score).sum();
/// assert_eq!(score, hodoku::rate_steps(&steps).score);
/// ```
pub fn technique_counts(steps: &[Step]) -> Vec<TechniqueCount> {
    let mut counts = grouped(steps.iter().map(|s| s.technique), |technique, count| {
        let (score, level) = step_config(technique);
        TechniqueCount { technique, count, score, level }
    });
    counts.sort_by_key(|c| (c.level, c.score));
    counts
}

/// How many of `steps` use each technique, as a fixed row: `counts[i]` for
/// [`Technique::ALL`]`[i]`, zeros included. The columns of `explain --summary -o csv` and of the
/// batch technique counts.
///
/// ```
/// use sudokit::human::{solve, SolverOptions, State, Technique};
/// use sudokit::rate::technique_columns;
/// use sudokit::{Board, Grid, Shape};
///
/// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()?;
/// let state = State::new(Board::classic_shared(Shape::CLASSIC), &grid)?;
/// let columns = technique_columns(&solve(state, SolverOptions::default())?.steps);
/// assert_eq!(columns.len(), Technique::ALL.len());
/// let at = |t: Technique| Technique::ALL.iter().position(|&u| u == t).map_or(0, |i| columns[i]);
/// assert_eq!((at(Technique::FullHouse), at(Technique::NakedSingle)), (21, 28));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn technique_columns(steps: &[Step]) -> Vec<u32> {
    columns(Technique::ALL, steps.iter().map(|s| s.technique))
}

/// How many of `used` are each of `columns`, in their order.
fn columns<T: PartialEq>(columns: &[T], used: impl Iterator<Item = T>) -> Vec<u32> {
    let mut counts = vec![0u32; columns.len()];
    for t in used {
        if let Some(i) = columns.iter().position(|c| *c == t) {
            counts[i] += 1;
        }
    }
    counts
}

/// How many of Sudoku Explainer's `steps` use each technique, as a fixed row: `counts[i]` for
/// [`se::technique_names`](super::se::technique_names)`()[i]`, zeros included. The columns of the
/// batch counts on that scale.
///
/// ```
/// use sudokit::rate::{se, se_technique_columns};
///
/// let grid = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?;
/// let path = se::path(&grid, se::SeOptions::default())?;
/// let columns = se_technique_columns(&path);
/// assert_eq!(columns.iter().sum::<u32>() as usize, path.len());
/// let at = |name| se::technique_names().iter().position(|&n| n == name).map_or(0, |i| columns[i]);
/// assert_eq!(at("XY-Wing"), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn se_technique_columns(steps: &[SeStep]) -> Vec<u32> {
    columns(super::se::technique_names(), steps.iter().map(|s| s.name))
}

/// The steps of one technique at one difficulty in Sudoku Explainer's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeCount {
    /// Sudoku Explainer's name of the technique.
    pub technique: &'static str,
    /// The difficulty in tenths, as `serate` rounds it (`12` = 1.2); a technique whose difficulty
    /// grows with its chain's length has a count for each difficulty met.
    pub difficulty_tenths: u16,
    /// How many steps use it at that difficulty.
    pub count: usize,
}

impl SeCount {
    /// The difficulty, as `serate` prints it.
    pub fn difficulty(&self) -> f64 {
        f64::from(self.difficulty_tenths) / 10.0
    }
}

impl serde::Serialize for SeCount {
    /// `{"technique", "difficulty" (as `serate` prints it), "count"}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("SeCount", 3)?;
        s.serialize_field("technique", self.technique)?;
        s.serialize_field("difficulty", &self.difficulty())?;
        s.serialize_field("count", &self.count)?;
        s.end()
    }
}

impl fmt::Display for SeCount {
    /// `26 x Hidden Single (1.2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.difficulty_tenths;
        write!(f, "{} x {} ({}.{})", self.count, self.technique, t / 10, t % 10)
    }
}

/// The techniques of Sudoku Explainer's path with how many steps use each, easiest first (by
/// difficulty, then first use).
///
/// ```
/// use sudokit::rate::{se, se_counts};
/// use sudokit::Grid;
///
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let path = se::explain(&grid, se::SeOptions::default()).unwrap();
/// let counts = se_counts(&path.steps);
/// assert_eq!(counts.iter().map(|c| c.count).sum::<usize>(), path.steps.len());
/// // The hardest is last: its difficulty is the ER.
/// assert_eq!(counts.last().map(|c| c.difficulty_tenths), path.rating().map(|r| r.er_tenths));
/// ```
pub fn se_counts(steps: &[SeStep]) -> Vec<SeCount> {
    let mut counts =
        grouped(steps.iter().map(|s| (s.name, s.difficulty_tenths())), |(technique, t), count| SeCount {
            technique,
            difficulty_tenths: t,
            count,
        });
    counts.sort_by_key(|c| c.difficulty_tenths);
    counts
}

/// `keys` counted, in the order each first appears (which the callers' stable sorts keep among
/// equals), each turned into an entry by `entry`.
fn grouped<K: Copy + Eq + std::hash::Hash, T>(
    keys: impl Iterator<Item = K>,
    entry: impl Fn(K, usize) -> T,
) -> Vec<T> {
    let mut order: Vec<(K, usize)> = Vec::new();
    let mut at: HashMap<K, usize> = HashMap::new();
    for k in keys {
        let i = *at.entry(k).or_insert_with(|| {
            order.push((k, 0));
            order.len() - 1
        });
        order[i].1 += 1;
    }
    order.into_iter().map(|(k, n)| entry(k, n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_keep_first_use_among_equals_and_sort_by_difficulty() {
        let step = |name, difficulty| SeStep { name, difficulty, ..SeStep::default() };
        let steps = [
            step("Pointing", 2.6),
            step("Hidden Single", 1.5),
            step("Hidden Single", 1.2),
            step("Hidden Single", 1.5),
            step("Naked Single", 2.3),
        ];
        let text: Vec<String> = se_counts(&steps).iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "1 x Hidden Single (1.2)",
                "2 x Hidden Single (1.5)",
                "1 x Naked Single (2.3)",
                "1 x Pointing (2.6)"
            ]
        );
    }

    #[test]
    fn hodoku_counts_go_by_level_then_score() {
        use crate::human::{solve, SolverOptions, State};
        use crate::{Board, Grid, Shape};
        // A path whose hardest step is an XY-Wing (hard), among singles (easy).
        let xy: Grid = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."
            .parse()
            .expect("a puzzle");
        let state = State::new(Board::classic_shared(Shape::CLASSIC), &xy).expect("one solution");
        let steps = solve(state, SolverOptions::default()).expect("solved").steps;
        let counts = technique_counts(&steps);
        assert!(
            counts.windows(2).all(|w| (w[0].level, w[0].score) <= (w[1].level, w[1].score)),
            "{counts:?}"
        );
        assert_eq!((counts[0].level, counts.last().map(|c| c.level)), (Level::Easy, Some(Level::Hard)));
        // Each technique once.
        let mut names: Vec<Technique> = counts.iter().map(|c| c.technique).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), counts.len());
    }

    #[test]
    fn no_steps_no_counts() {
        assert!(technique_counts(&[]).is_empty());
        assert!(se_counts(&[]).is_empty());
    }
}
