//! Raw command-line flags (clap derive) and their conversion into library settings.
//!
//! Flags shared by several commands live in one `#[command(flatten)]` group each, so a flag is
//! defined once. Defaults and ranges are documented here, in the help text. Flags that pick one value
//! of a library enum parse straight into it ([`values`]); the help line of each value is kept here.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use sudokit::batch::MAX_THREADS;

use anyhow::{bail, Context};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use sudokit::{Layout, OutputFormat, ParseOptions, Shape, Symbols, Variants};

use crate::record::Machine;

/// The parser of a flag whose values are a library enum's names: `--help` lists each name with its
/// help line from `names`, and the value parses with the enum's `FromStr`.
pub fn values<T>(names: &'static [(&'static str, &'static str)]) -> impl TypedValueParser<Value = T>
where
    T: FromStr + Clone + Send + Sync + 'static,
    T::Err: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    PossibleValuesParser::new(names.iter().map(|&(name, help)| PossibleValue::new(name).help(help)))
        .try_map(|name| name.parse::<T>())
}

/// The worker pool of a command, with `--threads` workers (all cores when `None`).
pub fn thread_pool(threads: Option<u16>) -> anyhow::Result<rayon::ThreadPool> {
    sudokit::batch::thread_pool(threads.map(usize::from)).context("starting worker threads")
}

/// The shape `--box` names (`ROWSxCOLS`), checked against `--size` when that is given too.
pub fn box_shape(b: &str, size: Option<u8>) -> anyhow::Result<Shape> {
    let Some((r, c)) = b.split_once(['x', 'X', '×']) else {
        bail!("--box {b}: expected ROWSxCOLS, e.g. 2x3");
    };
    let r: usize = r.trim().parse().with_context(|| format!("--box {b}: bad row count"))?;
    let c: usize = c.trim().parse().with_context(|| format!("--box {b}: bad column count"))?;
    if let Some(n) = size {
        if r.checked_mul(c) != Some(usize::from(n)) {
            bail!(sudokit::GridError::BoxDoesNotTile { side: n as usize, box_rows: r, box_cols: c });
        }
    }
    Ok(Shape::new(r, c)?)
}

/// How to read the inputs: the layout settings and the variant rules of plain-layout puzzles.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Layout, shape and symbols.
    pub parse: ParseOptions,
    /// Rules for puzzles that do not bring their own (JSON puzzle objects do).
    pub variants: Variants,
    /// The puzzle column of CSV inputs.
    pub column: Option<Arc<str>>,
    /// Whether to tell hex symbols from standard ones (no `--symbols` given).
    pub detect_symbols: bool,
}

/// Which puzzles to read and how.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Input files; `-` or none reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Input layout [default: detected from the first puzzle of each input].
    #[arg(long, short = 'i', value_name = "FORMAT", value_parser = values::<Layout>(LAYOUTS))]
    pub input_format: Option<Layout>,

    /// Board side, 4 to 32 [default: inferred from the first puzzle].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(4..=32))]
    pub size: Option<u8>,

    /// Box shape as ROWSxCOLS, e.g. 2x3 for 6×6 with boxes of two rows [default: the squarest box for the side].
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,

    /// Cell symbols, of the input and of the answers: `standard` (1-9 then A, B, …; 0 blank), `hex`
    /// (0-F for 1-16 on 16×16; `.` blank) or `letters` (A-Y for 1-25; 0 or . blank) [default:
    /// standard, or hex for a 16×16 input that only reads as hex; a 16×16 puzzle that reads both ways
    /// is an error naming both readings].
    #[arg(long, value_parser = values::<Symbols>(SYMBOLS))]
    pub symbols: Option<Symbols>,

    /// Variant rules for every puzzle, comma-separated or repeated: `x` (both diagonals), `hyper`
    /// (extra windows, 9×9 and bigger square boxes), `jigsaw` (a region map follows each puzzle's
    /// givens: `GIVENS REGIONS` on one line, or at the end of each grid row; or walls are drawn between
    /// the regions, as `-o pretty` draws them; an input whose first puzzle has a region map so is
    /// jigsaw without the flag). JSON puzzle objects, and grids drawn with walls between irregular
    /// regions, bring their own rules (including killer cages) [default: classic rules].
    #[arg(long, value_enum, value_delimiter = ',', value_name = "VARIANT")]
    pub variant: Vec<VariantArg>,

    /// The puzzle column of CSV input [default: `puzzle`, `quizzes`, `quiz`, `givens` or `grid`, in
    /// any case]. A `solution` column, if any, is checked against the answer.
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,
}

/// Variant rules on the command line. The library keeps them as flags of [`Variants`] (several at
/// once), not as an enum of single choices, so the command line has its own.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantArg {
    /// Diagonal sudoku: both main diagonals hold every digit once.
    X,
    /// Hyper sudoku (windoku): four extra 3×3 windows on 9×9.
    Hyper,
    /// Irregular regions in place of the boxes, given beside each puzzle or drawn with walls.
    Jigsaw,
}

/// `--input-format`: each [`Layout`] by name, with its help line.
pub const LAYOUTS: &[(&str, &str)] = &[
    ("line", "One puzzle per line (81 characters for 9×9)"),
    ("grid", "One row per line, cells separated by spaces (textbook layout)"),
    ("compact", "One row per line, no separators"),
    ("art", "Grid art with | - + separators"),
    ("json", "LeetCode-style JSON boards, or JSON puzzle objects (one per line, or an array)"),
    ("csv", "CSV with a header line; the puzzle column is chosen by name (see --column)"),
    ("array", "Java or C array literals, e.g. {8,0,0,0,0,0,0,0,0}, one row per line or all on one line"),
];

/// `--symbols`: each [`Symbols`] convention by name, with its help line.
pub const SYMBOLS: &[(&str, &str)] = &[
    ("standard", "1-9, then A, B, … for 10, 11, …; 0 or . for blank"),
    ("hex", "0-9, A-F for the digits 1-16; . for blank"),
    ("letters", "A-Y for the digits 1-25 (as 25×25 collections write them); 0 or . for blank"),
];

/// `--output-format`: each [`Output`] by name, with its help line.
pub const OUTPUT_FORMATS: &[(&str, &str)] = &[
    ("line", "One line per grid"),
    ("grid", "Rows of space-separated digits (textbook layout)"),
    ("compact", "Rows without separators"),
    ("pretty", "Grid art with box borders"),
    ("board", "LeetCode-style JSON board (an array of rows)"),
    ("json", "JSON Lines: one object per puzzle with its index, status, puzzle and answer"),
    ("csv", "CSV: a header, then one row per puzzle with its index, status, puzzle and answer"),
];

/// What `-o` asks for: a grid layout of the library, or a machine-readable record per puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Each answer as a grid in this layout (`board` is the library's JSON board).
    Layout(OutputFormat),
    /// JSON Lines or CSV records.
    Machine(Machine),
}

impl Output {
    /// Every output, in the order of [`OUTPUT_FORMATS`].
    pub const ALL: [Output; 7] = [
        Output::Layout(OutputFormat::Line),
        Output::Layout(OutputFormat::Grid),
        Output::Layout(OutputFormat::Compact),
        Output::Layout(OutputFormat::Pretty),
        Output::Layout(OutputFormat::Json),
        Output::Machine(Machine::Json),
        Output::Machine(Machine::Csv),
    ];

    /// The name `-o` takes.
    pub fn name(self) -> &'static str {
        match self {
            Output::Layout(OutputFormat::Json) => "board",
            Output::Layout(f) => f.name(),
            Output::Machine(Machine::Json) => "json",
            Output::Machine(Machine::Csv) => "csv",
        }
    }

    /// The machine-readable format, if this is one.
    pub fn machine(self) -> Option<Machine> {
        match self {
            Output::Machine(m) => Some(m),
            Output::Layout(_) => None,
        }
    }
}

impl std::fmt::Display for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Output {
    type Err = String;
    fn from_str(s: &str) -> Result<Output, String> {
        Output::ALL.into_iter().find(|o| o.name() == s).ok_or_else(|| format!("unknown output format {s:?}"))
    }
}

impl InputArgs {
    /// The board shape forced by `--size` / `--box`, if any.
    pub fn shape(&self) -> anyhow::Result<Option<Shape>> {
        let from_box = self.box_shape.as_deref().map(|b| box_shape(b, self.size)).transpose()?;
        Ok(match (from_box, self.size) {
            (Some(s), _) => Some(s),
            (None, Some(n)) => Some(Shape::for_side(n as usize)?),
            (None, None) => None,
        })
    }

    /// Reader settings for the library.
    pub fn parse_options(&self) -> anyhow::Result<ParseOptions> {
        let symbols = self.symbols.unwrap_or_default();
        let o = ParseOptions { layout: self.input_format, shape: self.shape()?, symbols };
        if o.symbols == Symbols::Hex && o.shape.is_some_and(|s| s.side() != 16) {
            bail!("--symbols hex is for 16×16 boards only");
        }
        if o.symbols == Symbols::Letters && o.shape.is_some_and(|s| s.side() > 26) {
            bail!(
                "--symbols letters has only 26 letters, too few for a {} board",
                o.shape.map_or(0, Shape::side)
            );
        }
        Ok(o)
    }

    /// The variant rules asked for with `--variant`.
    pub fn variants(&self) -> Variants {
        let mut v = Variants::default();
        for a in &self.variant {
            match a {
                VariantArg::X => v.diagonals = true,
                VariantArg::Hyper => v.windows = true,
                VariantArg::Jigsaw => v.jigsaw = true,
            }
        }
        v
    }

    /// Reader settings and variant rules, checked against a forced shape.
    pub fn read_options(&self) -> anyhow::Result<ReadOptions> {
        let parse = self.parse_options()?;
        let variants = self.variants();
        if let Some(shape) = parse.shape {
            // Fail before reading anything when the rules cannot exist on the forced board (the
            // region maps come with the puzzles, so only the other rules can be tried here).
            let mut probe = variants;
            probe.jigsaw = false;
            probe.board(shape, None).with_context(|| format!("--variant {variants} on a {shape} board"))?;
        }
        Ok(ReadOptions {
            parse,
            variants,
            column: self.column.as_deref().map(Arc::from),
            detect_symbols: self.symbols.is_none(),
        })
    }
}

/// How a bulk run is carried out.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Worker threads [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: Option<u16>,

    /// Print a summary (puzzles, solved, no solution, invalid, multiple, puzzles/s) to stderr at the end.
    /// `solved` counts the puzzles answered: a puzzle with several solutions only where the command
    /// answers one (`solve` prints its first solution), never where it needs exactly one (`rate`).
    #[arg(long)]
    pub stats: bool,

    /// Give up on one puzzle after this many seconds (decimals allowed), report it as timed out and go on.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Never draw a progress bar (it is only drawn when stderr is a terminal anyway).
    #[arg(long)]
    pub no_progress: bool,
}

/// Parses `--timeout`: a positive, finite number of seconds.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s.parse().map_err(|_| format!("{s} is not a number of seconds"))?;
    if !(v > 0.0 && v.is_finite()) {
        return Err("the timeout must be a positive number of seconds".into());
    }
    Duration::try_from_secs_f64(v).map_err(|_| format!("{s} seconds is too long: at most about 1.8e19"))
}

/// How results are printed.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Output format [default: the input's layout].
    #[arg(long, short = 'o', value_name = "FORMAT", value_parser = values::<Output>(OUTPUT_FORMATS))]
    pub output_format: Option<Output>,

    /// Print each input puzzle before its answer (on the same line in the line layout, beside it in
    /// the grid layouts; JSON and CSV records always carry the puzzle).
    #[arg(long)]
    pub echo: bool,
}

impl OutputArgs {
    /// The forced output format, if any.
    pub fn format(&self) -> Option<Output> {
        self.output_format
    }
}

/// `-o` of the commands whose answer is no grid (`count`): text, JSON Lines or CSV.
#[derive(Args, Debug, Clone)]
pub struct RecordArgs {
    /// Output format [default: text].
    #[arg(long, short = 'o', value_name = "FORMAT", value_parser = values::<Output>(RECORD_FORMATS))]
    pub output_format: Option<Output>,

    /// Print each input puzzle, on one line, before its answer (JSON and CSV records always carry
    /// the puzzle).
    #[arg(long)]
    pub echo: bool,
}

/// The values of [`RecordArgs`]: the machine-readable formats.
pub const RECORD_FORMATS: &[(&str, &str)] = &[
    ("json", "JSON Lines: one object per puzzle with its index, status, puzzle and answer"),
    ("csv", "CSV: a header, then one row per puzzle with its index, status, puzzle and answer"),
];

impl RecordArgs {
    /// The machine-readable format asked for, if any.
    pub fn machine(&self) -> Option<Machine> {
        self.output_format.and_then(Output::machine)
    }
}

#[cfg(test)]
mod tests {
    use sudokit::bench::BenchMode;
    use sudokit::generate::{Difficulty, Symmetry};
    use sudokit::{Layout, OutputFormat, Symbols};

    use super::{Output, LAYOUTS, OUTPUT_FORMATS, SYMBOLS};
    use crate::commands::{DIFFICULTIES, LEVELS, MODES, SCALES, SYMMETRIES};

    /// The help tables name every value of the library enums, in the library's order, and no other.
    #[test]
    fn value_tables_match_the_library_enums() {
        fn names(table: &[(&str, &str)]) -> Vec<String> {
            table.iter().map(|(n, _)| n.to_string()).collect()
        }
        fn all<T: ToString>(values: &[T]) -> Vec<String> {
            values.iter().map(T::to_string).collect()
        }
        assert_eq!(names(LAYOUTS), all(&Layout::ALL));
        assert_eq!(names(SYMBOLS), all(&Symbols::ALL));
        assert_eq!(names(OUTPUT_FORMATS), all(&Output::ALL));
        // Every library layout can be asked for.
        assert!(OutputFormat::ALL.iter().all(|f| Output::ALL.contains(&Output::Layout(*f))));
        assert_eq!(names(MODES), all(&BenchMode::ALL));
        assert_eq!(names(SYMMETRIES), all(&Symmetry::ALL));
        assert_eq!(names(DIFFICULTIES), all(&Difficulty::ALL));
        assert_eq!(names(LEVELS), all(&sudokit::rate::hodoku::Level::ALL));
        assert_eq!(names(SCALES), all(&sudokit::rate::Scales::ALL));
    }

    #[test]
    fn timeouts_are_positive_finite_and_not_too_long() {
        assert_eq!(super::parse_seconds("0.25"), Ok(std::time::Duration::from_millis(250)));
        for bad in ["0", "-1", "inf", "nan"] {
            assert_eq!(
                super::parse_seconds(bad),
                Err("the timeout must be a positive number of seconds".into())
            );
        }
        assert_eq!(super::parse_seconds("soon"), Err("soon is not a number of seconds".into()));
        assert_eq!(
            super::parse_seconds("1e300"),
            Err("1e300 seconds is too long: at most about 1.8e19".into())
        );
    }
}
