//! Both ratings of one puzzle, as `sudokit rate` gives them: the uniqueness check first (a puzzle
//! without exactly one solution is not rated), then Sudoku Explainer's ER/EP/ED and HoDoKu's score and
//! level (or one of them alone, [`Scales`]), each of which may fail on its own. Where neither scale applies (other boards, variant
//! rules), [`outline`] still gives the step count and the hardest technique of the human solver's
//! path.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::hodoku::{self, HodokuError, HodokuRating};
use super::se::{self, RateError, SeRating};
use crate::grid::{Candidates, Grid, Shape, Symbols};
use crate::human::{self, HumanError, Solutions, SolverOptions, State, Technique};
use crate::rules::{Board, Conflict};
use crate::solve::{Puzzle, Verdict};

/// Which scales to rate on: both, or one of them alone (`sudokit rate --scale`).
///
/// Each scale solves the puzzle its own way, so one alone takes a part of the time: on the hardest
/// puzzles Sudoku Explainer's nested forcing chains take nearly all of it, and on easier ones each
/// scale takes about half.
///
/// ```
/// use sudokit::rate::Scales;
/// assert_eq!("hodoku".parse::<Scales>(), Ok(Scales::Hodoku));
/// assert_eq!(Scales::default(), Scales::Both);
/// assert!(Scales::Se.has_se() && !Scales::Se.has_hodoku());
/// assert!("serate".parse::<Scales>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scales {
    /// Sudoku Explainer's ER/EP/ED and HoDoKu's score and level.
    #[default]
    Both,
    /// Sudoku Explainer's ER/EP/ED alone.
    Se,
    /// HoDoKu's score and level alone.
    Hodoku,
}

impl Scales {
    /// Every choice, in the order `sudokit rate --help` lists them.
    pub const ALL: [Scales; 3] = [Scales::Both, Scales::Se, Scales::Hodoku];

    /// The name `--scale` and Python's `scale=` take: `both`, `se` or `hodoku`.
    pub fn name(self) -> &'static str {
        match self {
            Scales::Both => "both",
            Scales::Se => "se",
            Scales::Hodoku => "hodoku",
        }
    }

    /// Whether Sudoku Explainer's scale is asked for.
    pub fn has_se(self) -> bool {
        self != Scales::Hodoku
    }

    /// Whether HoDoKu's scale is asked for.
    pub fn has_hodoku(self) -> bool {
        self != Scales::Se
    }
}

impl fmt::Display for Scales {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scales {
    type Err = String;

    /// A scale by its [`name`](Scales::name), in any case.
    fn from_str(s: &str) -> Result<Scales, String> {
        Scales::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown scale '{s}' (expected both, se or hodoku)"))
    }
}

/// The ratings of a puzzle with exactly one solution on the scales asked for ([`Scales`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratings {
    /// Sudoku Explainer's ER/EP/ED, or why the rater gave up (its budget, nested forcing chains);
    /// `None` when the scale was not asked for.
    pub se: Option<Result<SeRating, RateError>>,
    /// HoDoKu's score and level; `None` when the scale was not asked for.
    pub hodoku: Option<Result<HodokuRating, HodokuError>>,
}

impl Ratings {
    /// Whether every scale asked for rated the puzzle.
    pub fn is_complete(&self) -> bool {
        self.se.as_ref().is_none_or(Result::is_ok) && self.hodoku.as_ref().is_none_or(Result::is_ok)
    }

    /// Sudoku Explainer's rating, when asked for and given.
    pub fn se_rating(&self) -> Option<&SeRating> {
        self.se.as_ref().and_then(|r| r.as_ref().ok())
    }

    /// HoDoKu's rating, when asked for and given.
    pub fn hodoku_rating(&self) -> Option<&HodokuRating> {
        self.hodoku.as_ref().and_then(|r| r.as_ref().ok())
    }

    /// The hardest technique and the number of steps, as `sudokit rate` reports them: of Sudoku
    /// Explainer's path when that scale was asked for (`None` when it gave no rating), else of
    /// HoDoKu's (its [`hardest`](HodokuRating::hardest), by HoDoKu's name). The name is empty for a
    /// grid already solved.
    pub fn hardest_and_steps(&self) -> Option<(String, usize)> {
        match &self.se {
            Some(se) => se.as_ref().ok().map(|r| (r.hardest.clone(), r.steps)),
            None => self
                .hodoku_rating()
                .map(|r| (r.hardest.map_or_else(String::new, |t| t.name().to_string()), r.steps)),
        }
    }

    /// Why a scale asked for is missing, one line each, as `sudokit rate` reports it (after the
    /// puzzle's position): `no Sudoku Explainer rating (ER at least 7.6): …`, `no HoDoKu rating: …`.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(Err(e)) = &self.se {
            out.push(e.report());
        }
        if let Some(Err(e)) = &self.hodoku {
            out.push(format!("no HoDoKu rating: {e}"));
        }
        out
    }
}

/// The line `sudokit rate` prints for a rating on `scales`: `ER/EP/ED SCORE LEVEL TECHNIQUE`, the
/// scale not asked for left out, `?` for what is missing (a scale that gave no rating, or a board
/// neither scale covers, where `hardest` is the human solver's). A grid already solved has no
/// technique (`hardest` is empty): the line ends with the ratings.
///
/// ```
/// use sudokit::rate::{rate_puzzle, rating_line, Scales};
/// use sudokit::Puzzle;
///
/// let xy_wing = Puzzle::classic(".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..".parse()?);
/// let r = rate_puzzle(&xy_wing, Scales::Both)?;
/// let hardest = r.hardest_and_steps().map(|(name, _)| name);
/// let line = |scales| rating_line(scales, r.se_rating(), r.hodoku_rating(), hardest.as_deref());
/// assert_eq!(line(Scales::Both), "4.2/1.2/1.2 1302 hard XY-Wing");
/// assert_eq!(line(Scales::Se), "4.2/1.2/1.2 XY-Wing");
/// assert_eq!(line(Scales::Hodoku), "1302 hard XY-Wing");
/// assert_eq!(rating_line(Scales::Both, None, None, Some("Naked Single")), "?/?/? ? ? Naked Single");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rating_line(
    scales: Scales,
    se: Option<&SeRating>,
    hodoku: Option<&HodokuRating>,
    hardest: Option<&str>,
) -> String {
    let mut parts = Vec::new();
    if scales.has_se() {
        parts.push(
            se.map_or_else(|| "?/?/?".to_string(), |r| format!("{:.1}/{:.1}/{:.1}", r.er(), r.ep(), r.ed())),
        );
    }
    if scales.has_hodoku() {
        parts.push(hodoku.map_or_else(|| "? ?".to_string(), |r| format!("{} {}", r.score, r.level)));
    }
    match hardest {
        // A grid already solved takes no step, so it has no hardest technique.
        Some("") => {}
        hardest => parts.push(hardest.unwrap_or("?").to_string()),
    }
    parts.join(" ")
}

/// Why a puzzle was not rated at all.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unrated {
    /// Not a classic 9×9 puzzle: another size, or variant rules.
    Unsupported {
        /// The board's side.
        side: usize,
        /// Whether the rules are classic (so the size is what is unsupported).
        classic_rules: bool,
    },
    /// More than one solution: a rating would be a guess.
    Multiple,
    /// No solution.
    NoSolution,
    /// Givens that break the rules.
    Invalid(Vec<Conflict>),
    /// The uniqueness check did not finish.
    Undecided,
    /// Pencil marks that contradict themselves before any search: a cell without candidates, two
    /// peers whose only candidate is the same digit, a digit without a place in a house (the
    /// solver's words, naming where).
    Contradiction(String),
}

impl Unrated {
    /// The short name `sudokit rate -o json` writes as the record's status, as every command's
    /// records name it: `unsupported`, `multiple`, `no_solution`, `invalid` or `timeout`.
    pub fn status(&self) -> &'static str {
        match self {
            Unrated::Unsupported { .. } => "unsupported",
            Unrated::Multiple => "multiple",
            Unrated::NoSolution => "no_solution",
            Unrated::Invalid(_) | Unrated::Contradiction(_) => "invalid",
            Unrated::Undecided => "timeout",
        }
    }

    /// Why no puzzle on a board with these `rules` is rated ([`Unrated::Unsupported`]: another size,
    /// or variant rules), or `None` for the classic 9×9 rules. Checked before anything else, so
    /// that such a puzzle is refused for its board whatever its givens.
    ///
    /// ```
    /// use sudokit::rate::Unrated;
    /// use sudokit::{Board, Shape};
    /// assert_eq!(Unrated::of_rules(&Board::classic(Shape::CLASSIC)), None);
    /// let x = Board::classic(Shape::CLASSIC).with_diagonals();
    /// assert_eq!(Unrated::of_rules(&x), Some(Unrated::Unsupported { side: 9, classic_rules: false }));
    /// ```
    pub fn of_rules(rules: &Board) -> Option<Unrated> {
        let shape = rules.shape();
        let classic_rules = rules.is_classic();
        (shape != Shape::CLASSIC || !classic_rules)
            .then_some(Unrated::Unsupported { side: shape.side(), classic_rules })
    }

    /// The message that reports the puzzle unrated: the reason, with `; not rated` where the puzzle
    /// could have been rated had it been sound (a board of another size or rules never could, and
    /// the reason says so already). Callers put the puzzle's position in front.
    ///
    /// ```
    /// use sudokit::rate::Unrated;
    /// assert_eq!(Unrated::Multiple.message(), "more than one solution; not rated");
    /// let other = Unrated::Unsupported { side: 16, classic_rules: true };
    /// assert_eq!(other.message(), other.to_string());
    /// ```
    pub fn message(&self) -> String {
        match self {
            Unrated::Unsupported { .. } => self.to_string(),
            _ => format!("{self}; not rated"),
        }
    }

    /// [`message`](Unrated::message) for `puzzle`, the one this verdict is about: where it has no
    /// solution and a short argument shows why ([`Puzzle::why_no_solution`]), the argument follows
    /// the reason, as `sudokit check` gives it; digits are written in `symbols`, the puzzle's (see
    /// [`Unrated::text_in`]). Callers put the puzzle's position in front.
    ///
    /// ```
    /// use sudokit::rate::{rate_puzzle, Scales, Unrated};
    /// use sudokit::{Grid, Puzzle, Symbols};
    /// // Row 1 holds 1–8 and r2c9 is 9: r1c9 has nothing left.
    /// let grid: Grid = format!("12345678.........9{}", ".".repeat(63)).parse()?;
    /// let puzzle = Puzzle::classic(grid);
    /// let why = rate_puzzle(&puzzle, Scales::Both).expect_err("no solution");
    /// assert_eq!(why, Unrated::NoSolution);
    /// let message = why.message_for(&puzzle, Symbols::Standard);
    /// assert_eq!(message, "no solution: r1c9 has no candidate left; not rated");
    /// # Ok::<(), sudokit::Error>(())
    /// ```
    pub fn message_for(&self, puzzle: &Puzzle, symbols: Symbols) -> String {
        // The argument is looked for only where there is no solution: elsewhere its trials would be
        // spent for nothing.
        match self {
            Unrated::NoSolution => match puzzle.why_no_solution() {
                Some(because) => format!("{self}: {}; not rated", because.text_in(symbols)),
                None => self.message(),
            },
            Unrated::Invalid(_) => format!("{}; not rated", self.text_in(symbols)),
            _ => self.message(),
        }
    }

    /// The message that reports why [`outline`] gave nothing, after [`message`](Unrated::message)'s
    /// line for the board (see [`rate_or_outline`]): `no step count or hardest technique: more than
    /// one solution`. Callers put the puzzle's position in front.
    pub fn outline_message(&self) -> String {
        format!("no step count or hardest technique: {self}")
    }
}

impl fmt::Display for Unrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unrated::Invalid(_) => f.write_str(&self.text_in(Symbols::Standard)),
            Unrated::Unsupported { side, classic_rules } => {
                f.write_str("the SE and HoDoKu ratings are for classic 9×9 puzzles only, not ")?;
                if *side == Shape::CLASSIC.side() && !classic_rules {
                    f.write_str("puzzles with variant rules")
                } else {
                    write!(f, "{side}×{side} boards")
                }
            }
            Unrated::Multiple => f.write_str("more than one solution"),
            Unrated::NoSolution => f.write_str("no solution"),
            Unrated::Undecided => f.write_str("uniqueness could not be decided"),
            Unrated::Contradiction(why) => f.write_str(why),
        }
    }
}

impl Unrated {
    /// The reason as `Display` writes it, a conflict's digit in `symbols`, as a puzzle given in
    /// them writes it (`givens break the rules: F twice in row 1 …` in hex).
    pub fn text_in(&self, symbols: Symbols) -> String {
        match self {
            Unrated::Invalid(c) => Conflict::broken_rules_in(c, symbols),
            other => other.to_string(),
        }
    }
}

impl std::error::Error for Unrated {}

/// Rates `puzzle` on `scales`, after checking that it is a classic 9×9 puzzle with exactly one
/// solution.
///
/// ```
/// use sudokit::rate::{rate_puzzle, Scales, Unrated};
/// use sudokit::Puzzle;
///
/// let p = Puzzle::classic("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?);
/// let both = rate_puzzle(&p, Scales::Both)?;
/// assert!(both.is_complete());
/// // One scale alone gives what both give on it.
/// let hodoku = rate_puzzle(&p, Scales::Hodoku)?;
/// assert_eq!((hodoku.se, &hodoku.hodoku), (None, &both.hodoku));
/// let open = Puzzle::classic(sudokit::Grid::empty(sudokit::Shape::CLASSIC));
/// assert_eq!(rate_puzzle(&open, Scales::Both), Err(Unrated::Multiple));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Unrated`] when the puzzle is not classic 9×9 or has not exactly one solution.
pub fn rate_puzzle(puzzle: &Puzzle, scales: Scales) -> Result<Ratings, Unrated> {
    rate_puzzle_with(puzzle, scales, se::SeOptions::default())
}

/// [`rate_puzzle`] with the Sudoku Explainer rating's options: its work budget, threads and cancel
/// flag ([`se::SeOptions`]; a set flag makes the SE rating [`RateError::Interrupted`]).
///
/// # Errors
/// As [`rate_puzzle`].
pub fn rate_puzzle_with(puzzle: &Puzzle, scales: Scales, options: se::SeOptions) -> Result<Ratings, Unrated> {
    let grid = ratable(puzzle)?;
    Ok(Ratings {
        se: scales.has_se().then(|| se::rate_with(grid, options)),
        hodoku: scales.has_hodoku().then(|| hodoku::rate(grid)),
    })
}

/// Rates the rest of the solution from `state` on `scales`: a classic 9×9 grid part way
/// through, such as a pencil-mark grid (a Sukaku), rated from its candidates as they are (see
/// [`se::rate_state`] and [`hodoku::rate_state`]), after checking that it has exactly one
/// solution.
///
/// ```
/// use sudokit::human::State;
/// use sudokit::rate::{rate_puzzle, rate_state, Scales, Unrated};
/// use sudokit::{Board, Candidates, Puzzle, Shape};
///
/// let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let state = State::classic(&line.parse()?)?;
/// assert_eq!(rate_state(&state, Scales::Both)?, rate_puzzle(&Puzzle::classic(line.parse()?), Scales::Both)?);
/// // Every candidate everywhere: no solution is singled out.
/// let open = Candidates::new(Shape::CLASSIC);
/// let open = State::from_candidates(Board::classic_shared(Shape::CLASSIC), &open)?;
/// assert_eq!(rate_state(&open, Scales::Se), Err(Unrated::Multiple));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Unrated`] when the state is not classic 9×9 or has not exactly one solution.
pub fn rate_state(state: &State, scales: Scales) -> Result<Ratings, Unrated> {
    rate_state_with(state, scales, se::SeOptions::default())
}

/// [`rate_state`] with the Sudoku Explainer rating's options, as [`rate_puzzle_with`].
///
/// # Errors
/// As [`rate_state`].
pub fn rate_state_with(state: &State, scales: Scales, options: se::SeOptions) -> Result<Ratings, Unrated> {
    if let Some(why) = Unrated::of_rules(state.board()) {
        return Err(why);
    }
    match human::solutions(state).map_err(unrated_by)? {
        Solutions::One(_) => {}
        Solutions::Several => return Err(Unrated::Multiple),
        Solutions::None => return Err(Unrated::NoSolution),
    }
    Ok(Ratings {
        se: scales.has_se().then(|| se::rate_state(state, options)),
        hodoku: scales.has_hodoku().then(|| hodoku::rate_state(state)),
    })
}

/// [`rate_state`] of the state pencil marks describe (see [`State::from_candidates`]), and where
/// neither scale covers the board, the [`outline_state`] of its path: what `sudokit rate --pencil`
/// reports for one pencil-mark grid, as [`rate_or_outline`] for a puzzle.
///
/// ```
/// use sudokit::human::State;
/// use sudokit::rate::{rate_pencil, rate_puzzle, Scales, Unrated};
/// use sudokit::{Candidates, Cell, DigitSet, Puzzle, Shape};
///
/// let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let marks = State::classic(&line.parse()?)?.to_candidates();
/// assert_eq!(rate_pencil(&marks, Scales::Both).0, rate_puzzle(&Puzzle::classic(line.parse()?), Scales::Both));
/// let mut open = Candidates::new(Shape::CLASSIC);
/// assert_eq!(rate_pencil(&open, Scales::Both).0, Err(Unrated::Multiple));
/// open.set(Cell::new_checked(0, Shape::CLASSIC).ok_or("r1c1")?, DigitSet::EMPTY);
/// let why = rate_pencil(&open, Scales::Hodoku).0.err().ok_or("rated")?;
/// assert_eq!(why.status(), "invalid");
/// assert_eq!(why.to_string(), "the pencil marks contradict themselves: r1c1 has no candidate left");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_pencil(
    marks: &Candidates,
    scales: Scales,
) -> (Result<Ratings, Unrated>, Option<Result<Outline, Unrated>>) {
    rate_pencil_on(Board::classic_shared(marks.shape()), marks, scales)
}

/// [`rate_pencil`] of marks played under `board`'s rules: on other rules than the classic 9×9
/// ones, [`Unrated::Unsupported`] with the [`Outline`] of the rest of the path.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::human::{read_marks_under, State};
/// use sudokit::rate::{rate_pencil_on, Scales, Unrated};
/// use sudokit::{Board, Position, Shape};
///
/// let x = Arc::new(Board::classic(Shape::CLASSIC).with_diagonals());
/// let line = "1...3..4.5.......1..6.2..5.......718..8.......3.........5..4.....38.........6....";
/// let marks = State::new(Arc::clone(&x), &line.parse()?)?.to_candidates();
/// let (rated, outline) = rate_pencil_on(x, &marks, Scales::Both);
/// assert!(matches!(rated, Err(Unrated::Unsupported { .. })));
/// assert!(outline.ok_or("an outline")??.steps > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_pencil_on(
    board: Arc<Board>,
    marks: &Candidates,
    scales: Scales,
) -> (Result<Ratings, Unrated>, Option<Result<Outline, Unrated>>) {
    rate_pencil_on_with(board, marks, scales, se::SeOptions::default())
}

/// [`rate_pencil_on`] with the Sudoku Explainer rating's options, as [`rate_puzzle_with`].
pub fn rate_pencil_on_with(
    board: Arc<Board>,
    marks: &Candidates,
    scales: Scales,
    options: se::SeOptions,
) -> (Result<Ratings, Unrated>, Option<Result<Outline, Unrated>>) {
    let state = match State::from_candidates(board, marks) {
        Ok(state) => state,
        Err(HumanError::Conflict(c)) => return (Err(Unrated::Invalid(vec![c])), None),
        Err(e) => return (Err(Unrated::Contradiction(e.to_string())), None),
    };
    match rate_state_with(&state, scales, options) {
        Err(why @ Unrated::Unsupported { .. }) => (Err(why), Some(outline_state(&state))),
        rated => (rated, None),
    }
}

/// Sudoku Explainer's solution path of `puzzle`, step by step, after the same checks as
/// [`rate_puzzle`]: as far as it goes, with ER/EP/ED when it solves the puzzle (see
/// [`se::explain`]).
///
/// ```
/// use sudokit::rate::{se_path, Unrated};
/// use sudokit::Puzzle;
///
/// let xy_wing = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..";
/// let path = se_path(&Puzzle::classic(xy_wing.parse()?))?;
/// assert_eq!(path.rating().map(|r| r.hardest), Some("XY-Wing".to_string()));
/// let open = Puzzle::classic(sudokit::Grid::empty(sudokit::Shape::CLASSIC));
/// assert_eq!(se_path(&open), Err(Unrated::Multiple));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Unrated`] when the puzzle is not classic 9×9 or has not exactly one solution.
pub fn se_path(puzzle: &Puzzle) -> Result<se::SePath, Unrated> {
    se_path_with(puzzle, se::SeOptions::default())
}

/// [`se_path`] with the rating's options ([`se::SeOptions`]): a path its cancel flag stops ends
/// with [`RateError::Interrupted`] in [`se::SePath::stopped`].
///
/// # Errors
/// As [`se_path`].
pub fn se_path_with(puzzle: &Puzzle, options: se::SeOptions) -> Result<se::SePath, Unrated> {
    let grid = ratable(puzzle)?;
    se::explain(grid, options).map_err(|e| match e {
        // The checks above rule these out; they are mapped rather than unwrapped all the same.
        RateError::NotClassic { side } => Unrated::Unsupported { side, classic_rules: true },
        RateError::Multiple => Unrated::Multiple,
        _ => Unrated::Undecided,
    })
}

/// A solution path in brief: how many steps it takes, and its hardest technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The number of steps.
    pub steps: usize,
    /// The technique of the first step with the highest HoDoKu level, and among those the highest
    /// base score (as [`HodokuRating::hardest`]); `None` for a grid with nothing left to solve.
    pub hardest: Option<Technique>,
}

/// The step count and hardest technique of `puzzle`'s path with HoDoKu's techniques (the human
/// solver's default path, as `sudokit explain` prints it), on any board the human solver takes:
/// every size and variant. Neither rating scale covers boards other than classic 9×9; this is what
/// `sudokit rate` still reports for them. Only a puzzle with exactly one solution is outlined.
///
/// ```
/// use sudokit::rate::{outline, rate_puzzle, Scales, Unrated};
/// use sudokit::human::Technique;
/// use sudokit::Puzzle;
///
/// let mini = Puzzle::classic("1.3.4.2.3.1.2.4.".parse()?);
/// assert!(matches!(rate_puzzle(&mini, Scales::Both), Err(Unrated::Unsupported { side: 4, .. })));
/// let path = outline(&mini)?;
/// assert_eq!((path.steps, path.hardest), (8, Some(Technique::NakedSingle)));
/// let open = Puzzle::classic(sudokit::Grid::empty(sudokit::Shape::new(2, 2)?));
/// assert_eq!(outline(&open), Err(Unrated::Multiple));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Unrated`] when the puzzle has not exactly one solution.
pub fn outline(puzzle: &Puzzle) -> Result<Outline, Unrated> {
    let unrated = |e: HumanError| match e {
        // Every conflict, as the uniqueness check of `rate_puzzle` names them.
        HumanError::Conflict(_) => Unrated::Invalid(puzzle.board().conflicts(puzzle.grid())),
        HumanError::MultipleSolutions => Unrated::Multiple,
        HumanError::NoSolution => Unrated::NoSolution,
        _ => Unrated::Undecided,
    };
    // The solver checks that the puzzle has exactly one solution.
    let state = State::new(puzzle.shared_board(), puzzle.grid()).map_err(unrated)?;
    outline_path(state, unrated)
}

/// [`outline`] of the rest of the solution from `state` (a pencil-mark grid, say), on any board
/// and rules the human solver takes.
///
/// ```
/// use sudokit::human::State;
/// use sudokit::rate::{outline, outline_state};
/// use sudokit::Puzzle;
///
/// let mini = Puzzle::classic("1.3.4.2.3.1.2.4.".parse()?);
/// assert_eq!(outline_state(&State::classic(mini.grid())?)?, outline(&mini)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Unrated`] when the state has not exactly one solution.
pub fn outline_state(state: &State) -> Result<Outline, Unrated> {
    outline_path(state.clone(), unrated_by)
}

/// Why a state is not rated, from the solver's error about it (the state's own conflict, where a
/// puzzle's check names all of its givens').
fn unrated_by(e: HumanError) -> Unrated {
    match e {
        HumanError::Conflict(c) => Unrated::Invalid(vec![c]),
        HumanError::MultipleSolutions => Unrated::Multiple,
        HumanError::NoSolution => Unrated::NoSolution,
        _ => Unrated::Undecided,
    }
}

/// The outline of the human solver's default path from `state`, its errors told by `unrated`.
fn outline_path(state: State, unrated: impl Fn(HumanError) -> Unrated) -> Result<Outline, Unrated> {
    let path = human::solve(state, SolverOptions::default()).map_err(unrated)?;
    // Brute force ends the default order: the path always solves a puzzle with one solution.
    if !path.is_solved() {
        return Err(Unrated::Undecided);
    }
    let hardest = hodoku::rate_steps(&path.steps).hardest;
    Ok(Outline { steps: path.steps.len(), hardest })
}

/// [`rate_puzzle`], and where neither scale covers the board ([`Unrated::Unsupported`]), the
/// [`outline`] of the puzzle's path: what `sudokit rate` reports for one puzzle.
///
/// ```
/// use sudokit::rate::{rate_or_outline, Scales, Unrated};
/// use sudokit::Puzzle;
///
/// let (rated, path) = rate_or_outline(&Puzzle::classic("1.3.4.2.3.1.2.4.".parse()?), Scales::Both);
/// assert!(matches!(rated, Err(Unrated::Unsupported { side: 4, .. })));
/// assert_eq!(path.and_then(Result::ok).map(|o| o.steps), Some(8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_or_outline(
    puzzle: &Puzzle,
    scales: Scales,
) -> (Result<Ratings, Unrated>, Option<Result<Outline, Unrated>>) {
    rate_or_outline_with(puzzle, scales, se::SeOptions::default())
}

/// [`rate_or_outline`] with the Sudoku Explainer rating's options, as [`rate_puzzle_with`].
pub fn rate_or_outline_with(
    puzzle: &Puzzle,
    scales: Scales,
    options: se::SeOptions,
) -> (Result<Ratings, Unrated>, Option<Result<Outline, Unrated>>) {
    let rated = rate_puzzle_with(puzzle, scales, options);
    let path = matches!(rated, Err(Unrated::Unsupported { .. })).then(|| outline(puzzle));
    (rated, path)
}

/// The grid of a classic 9×9 puzzle with exactly one solution, or why it cannot be rated.
fn ratable(puzzle: &Puzzle) -> Result<&Grid, Unrated> {
    if let Some(why) = Unrated::of_rules(puzzle.board()) {
        return Err(why);
    }
    unique_solution(puzzle).map(|_| puzzle.grid())
}

/// The solution of a puzzle with exactly one, or why it has none to rate by.
pub(crate) fn unique_solution(puzzle: &Puzzle) -> Result<Grid, Unrated> {
    match puzzle.check() {
        Verdict::Unique(solution) => Ok(solution),
        Verdict::Multiple { .. } => Err(Unrated::Multiple),
        Verdict::NoSolution => Err(Unrated::NoSolution),
        Verdict::Invalid(c) => Err(Unrated::Invalid(c)),
        _ => Err(Unrated::Undecided),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn puzzle(line: &str) -> Puzzle {
        Puzzle::classic(line.parse::<Grid>().expect("a puzzle"))
    }

    #[test]
    fn rates_a_unique_puzzle_on_both_scales() {
        let r = rate_puzzle(
            &puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
            Scales::Both,
        )
        .expect("rated");
        assert!(r.is_complete());
        assert_eq!(r.hodoku_rating().map(|h| h.level), Some(hodoku::Level::Easy));
    }

    /// A grid already solved takes no step: 0.0 on Sudoku Explainer's scale, score 0 (easy) on
    /// HoDoKu's, no hardest technique; a rating, not a path cut short.
    #[test]
    fn a_solved_grid_rates_as_no_step() {
        let solved =
            puzzle("812753649943682175675491283154237896369845721287169534521974368438526917796318452");
        for scales in Scales::ALL {
            let r = rate_puzzle(&solved, scales).expect("rated");
            assert!(r.is_complete(), "{scales:?}: {:?}", r.problems());
            assert_eq!(r.hardest_and_steps(), Some((String::new(), 0)));
            if let Some(h) = r.hodoku_rating() {
                assert_eq!((h.score, h.level, h.hardest, h.steps), (0, hodoku::Level::Easy, None, 0));
            }
            if let Some(se) = r.se_rating() {
                assert_eq!((se.er(), se.ep(), se.ed(), se.steps), (0.0, 0.0, 0.0, 0));
            }
        }
        let r = rate_puzzle(&solved, Scales::Both).expect("rated");
        let line = rating_line(Scales::Both, r.se_rating(), r.hodoku_rating(), Some(""));
        assert_eq!(line, "0.0/0.0/0.0 0 easy");
    }

    /// One scale alone gives that scale's rating as both give it, and the other not at all; the
    /// hardest technique and step count then come from the scale asked for.
    #[test]
    fn one_scale_alone_rates_as_both_do_on_it() {
        let xy_wing =
            puzzle(".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..");
        let both = rate_puzzle(&xy_wing, Scales::Both).expect("rated");
        let se = rate_puzzle(&xy_wing, Scales::Se).expect("rated");
        let hodoku = rate_puzzle(&xy_wing, Scales::Hodoku).expect("rated");
        assert_eq!((&se.se, &se.hodoku), (&both.se, &None));
        assert_eq!((&hodoku.se, &hodoku.hodoku), (&None, &both.hodoku));
        assert!(se.is_complete() && hodoku.is_complete());
        let se_rating = both.se_rating().expect("SE rating");
        assert_eq!(both.hardest_and_steps(), Some(("XY-Wing".to_string(), se_rating.steps)));
        assert_eq!(se.hardest_and_steps(), both.hardest_and_steps());
        let h = both.hodoku_rating().expect("HoDoKu rating");
        assert_eq!(hodoku.hardest_and_steps(), Some(("XY-Wing".to_string(), h.steps)));
        assert_eq!(h.hardest, Some(crate::human::Technique::XyWing));
        // A scale that gives up is a problem only when it was asked for.
        let gave_up = Ratings { se: Some(Err(RateError::Multiple)), hodoku: both.hodoku.clone() };
        assert!(!gave_up.is_complete());
        assert_eq!(gave_up.problems().len(), 1);
        assert_eq!(gave_up.hardest_and_steps(), None);
        assert!(Ratings { se: None, ..gave_up }.problems().is_empty());
    }

    #[test]
    fn scales_read_their_names() {
        for k in Scales::ALL {
            assert_eq!(k.name().parse::<Scales>(), Ok(k));
            assert_eq!(k.to_string().to_uppercase().parse::<Scales>(), Ok(k));
        }
        assert_eq!(
            "se+hodoku".parse::<Scales>(),
            Err("unknown scale 'se+hodoku' (expected both, se or hodoku)".into())
        );
    }

    #[test]
    fn names_why_a_puzzle_is_not_rated() {
        let invalid =
            rate_puzzle(&puzzle(&format!("11{}", ".".repeat(79))), Scales::Both).expect_err("invalid");
        assert_eq!(invalid.status(), "invalid");
        assert_eq!(
            invalid.to_string(),
            "givens break the rules: 1 twice in row 1 (r1c1 and r1c2); 1 twice in box 1 (r1c1 and r1c2)"
        );
        let small = rate_puzzle(&puzzle(&".".repeat(16)), Scales::Hodoku).expect_err("4x4");
        assert_eq!(small.status(), "unsupported");
        assert!(small.to_string().ends_with("not 4×4 boards"), "{small}");
    }
}
