//! `sudokit generate grid|puzzle`: random complete grids and unique puzzles, in parallel and reproducible.
//!
//! Item `i` of a run is made from its own random stream, derived from (`--seed`, `i`), so the output is
//! byte-identical for the same seed and options whatever `--threads` is. Items are made in chunks on a
//! rayon pool and written in order, so memory stays bounded for any `--count`.
//!
//! On a terminal a progress bar on stderr shows the items made and the elapsed time. With
//! `--timeout`, generation stops when the time is up: the items finished by then are written in
//! their places (an unfinished item before a finished one as a `!timeout` record), a message says
//! how many were not finished, and the status is 1.
//!
//! Exit status: 0 when every item was made (a missed clue target is best effort: a message on stderr,
//! status 0); 1 when some puzzle of the asked difficulty or rating was not found (its record is `!not found`,
//! `null` in JSON) or `--timeout` left items unmade; 2 for bad arguments or I/O errors.

use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use sudokit::batch::MAX_THREADS;

use clap::{Args, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudokit::format::write_grid;
use sudokit::generate::{
    rng_for, Clues, Difficulty, GenerateError, GenerateOptions, Generated, Generator, Pattern, SeededRng,
    Symmetry, Tally,
};
use sudokit::solve::CancelFlag;
use sudokit::{Grid, OutputFormat, Shape};

use super::gen_rating::{RatingArgs, Watched};
use super::generate_variant::{self, render_variant, GenVariant, VariantItem};
use crate::args::{box_shape, parse_seconds, thread_pool, values};
use crate::output::{flush, write};
use crate::record::{csv_header, with_rules, Columns, Fields, Machine};

/// Items made per parallel chunk: enough to keep every thread busy, small enough to stream.
const CHUNK: u64 = 256;

/// `sudokit generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(subcommand)]
    pub what: What,
}

/// What to generate.
#[derive(Subcommand, Debug)]
pub enum What {
    /// Random complete grids.
    #[command(after_help = super::after_help())]
    Grid(GridArgs),
    /// Puzzles with exactly one solution (minimal by default).
    #[command(after_help = super::after_help())]
    Puzzle(PuzzleArgs),
}

/// Flags shared by `generate grid` and `generate puzzle`.
#[derive(Args, Debug, Clone)]
pub struct CommonArgs {
    /// How many to make.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Seed of the run: the same seed and options give the same output [default: a random seed, shown by --stats].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Worker threads [default: all cores]. The output does not depend on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: Option<u16>,

    /// Board side: 4, 6, 8, 9, 10, 12, 16, 25, … up to 32 [default: 9].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(4..=32))]
    pub size: Option<u8>,

    /// Box shape as ROWSxCOLS, e.g. 2x3 [default: the squarest box for the side].
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,

    /// Output layout.
    #[arg(long, short = 'o', value_enum, value_name = "FORMAT", default_value_t = GenFormat::Line)]
    pub output_format: GenFormat,

    /// Print a summary (items, seconds, items/s, clues, unproven givens, seed) to stderr at the end.
    #[arg(long)]
    pub stats: bool,

    /// Stop after this many seconds (decimals allowed): the items finished by then are written in
    /// their places (one not finished before a finished one as `!timeout`), a message says how many
    /// were not finished, and the exit status is 1.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Never draw a progress bar (it is only drawn when stderr is a terminal anyway).
    #[arg(long)]
    pub no_progress: bool,

    /// Variant rules, comma-separated or repeated: x, hyper, jigsaw (a random region map per item),
    /// killer (random cages, puzzles only); boards up to 16×16 [default: classic rules]. Output reads
    /// back: jigsaw as `GIVENS REGIONS` lines (grid layouts: each row ends with its region row),
    /// killer as JSON puzzle objects; x and hyper read back with the same --variant; CSV and JSON
    /// records carry every rule.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "VARIANT")]
    pub variant: Vec<GenVariant>,
}

/// Output layouts of `generate`. A mirror of [`OutputFormat`] plus CSV, which the library does not
/// write (its columns are this command's), so it stays a command-line enum.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFormat {
    /// One line per grid.
    Line,
    /// Rows of space-separated digits, 0 for blanks.
    Grid,
    /// Rows without separators.
    Compact,
    /// Grid art with box borders.
    Pretty,
    /// CSV with a header: index, status, puzzle, clues, guesses, solution (grids: index, status, puzzle).
    Csv,
    /// JSON Lines: {"index", "status", "puzzle", "clues", "guesses"[, "solution"]} (grids: index, status, puzzle).
    Json,
}

/// `sudokit generate grid`.
#[derive(Args, Debug)]
pub struct GridArgs {
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `--symmetry`: each [`Symmetry`] by name, with its help line.
pub const SYMMETRIES: &[(&str, &str)] = &[
    ("none", "No constraint on where the givens are"),
    ("rotate180", "Unchanged by a half turn"),
    ("rotate90", "Unchanged by a quarter turn"),
    ("mirror", "Unchanged by a left-right reflection"),
    ("flip", "Unchanged by an up-down reflection"),
    ("diagonal", "Unchanged by a reflection in the main diagonal"),
    ("random", "One of the five above, drawn per puzzle"),
];

/// `--difficulty`: each [`Difficulty`] by name, with its help line.
pub const DIFFICULTIES: &[(&str, &str)] = &[
    ("singles", "Full houses, naked and hidden singles alone solve it"),
    ("no-guess", "Needs more than singles, but no trial and error (no forcing chains or nets)"),
    ("guess", "Needs trial and error: forcing chains or nets, kraken fish, templates or brute force"),
];

/// `sudokit generate puzzle`.
#[derive(Args, Debug)]
pub struct PuzzleArgs {
    #[command(flatten)]
    pub common: CommonArgs,

    /// Symmetry of the pattern of givens.
    #[arg(long, value_name = "SYMMETRY", value_parser = values::<Symmetry>(SYMMETRIES), default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,

    /// Remove givens until none can go without losing uniqueness (under --symmetry: no symmetric group
    /// of givens) [default: on].
    #[arg(long, overrides_with = "no_minimal")]
    pub minimal: bool,

    /// Stop removing givens at the clue target instead (only with --clues or --max-clues).
    #[arg(long, overrides_with = "minimal")]
    pub no_minimal: bool,

    /// Exactly N givens (best effort: the closest puzzle found is printed, with a message; below 17
    /// on classic 9×9, where no puzzle exists, refused).
    #[arg(long, value_name = "N", conflicts_with = "max_clues")]
    pub clues: Option<usize>,

    /// At most N givens (best effort: the closest puzzle found is printed, with a message; below 17
    /// on classic 9×9, where no puzzle exists, refused).
    #[arg(long, value_name = "N")]
    pub max_clues: Option<usize>,

    /// Required difficulty class, judged by the human step solver [default: any].
    #[arg(long, value_name = "LEVEL", value_parser = values::<Difficulty>(DIFFICULTIES))]
    pub difficulty: Option<Difficulty>,

    /// Grids tried per puzzle for a clue target, difficulty or rating, at least 1 (with --pattern:
    /// searches of the pattern's digits, each from a fresh grid).
    #[arg(long, value_name = "N", default_value_t = sudokit::generate::DEFAULT_ATTEMPTS,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: u32,

    /// Print each puzzle's solution beside it: after a space in the line layout, to the right of the
    /// grid in the grid layouts, a `solution` column or field in CSV and JSON.
    #[arg(long)]
    pub solution: bool,

    /// Put the givens on these cells, and only there: the cells row by row, `.`, `0`, `_` or `-` for
    /// an empty cell and any other character (`x`, a digit) for a given, so a puzzle gives its own
    /// pattern; or a file holding that (one line, or a row per line, grid art allowed), or a puzzle
    /// file in any layout `solve` reads (its first puzzle's givens). The board is the pattern's unless
    /// --size or --box name one. Only minimal puzzles with --minimal; classic rules only.
    #[arg(long, value_name = "PATTERN", conflicts_with_all = ["symmetry", "clues", "max_clues"])]
    pub pattern: Option<String>,

    #[command(flatten)]
    pub rating: RatingArgs,
}

impl CommonArgs {
    pub(super) fn shape(&self) -> anyhow::Result<Shape> {
        match (&self.box_shape, self.size) {
            (Some(b), size) => box_shape(b, size),
            (None, Some(n)) => Ok(Shape::for_side(n as usize)?),
            (None, None) => Ok(Shape::CLASSIC),
        }
    }

    fn seed(&self) -> u64 {
        // Without --seed, the standard library's per-process random hasher keys give a fresh seed
        // without a dependency on an entropy source.
        self.seed.unwrap_or_else(|| std::collections::hash_map::RandomState::new().build_hasher().finish())
    }
}

impl PuzzleArgs {
    /// The clue target, as messages name it (empty without one).
    pub(super) fn target(&self) -> String {
        match (self.clues, self.max_clues) {
            (Some(n), _) => format!("exactly {n} clues"),
            (None, Some(n)) => format!("at most {n} clues"),
            (None, None) => String::new(),
        }
    }

    pub(super) fn options(&self) -> anyhow::Result<GenerateOptions> {
        let mut o = GenerateOptions::default();
        o.symmetry = self.symmetry;
        o.clues = match (self.clues, self.max_clues) {
            (Some(n), _) => Clues::Exactly(n),
            (None, Some(n)) => Clues::AtMost(n),
            (None, None) => Clues::Any,
        };
        if self.pattern.is_some() {
            // Nothing is dug on a pattern: minimality is a filter, asked for by name only.
            o.minimal = self.minimal;
        } else if self.no_minimal && o.clues == Clues::Any {
            anyhow::bail!("--no-minimal needs --clues or --max-clues (a target to stop at)");
        } else {
            o.minimal = !self.no_minimal;
        }
        o.difficulty = self.difficulty;
        o.attempts = self.attempts;
        Ok(o)
    }
}

/// Runs `sudokit generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    match &args.what {
        What::Grid(a) if !generate_variant::spec(&a.common.variant).is_classic() => {
            generate_variant::grid(a, generate_variant::spec(&a.common.variant))
        }
        What::Puzzle(a) if !generate_variant::spec(&a.common.variant).is_classic() => {
            generate_variant::puzzle(a, generate_variant::spec(&a.common.variant))
        }
        What::Grid(a) => {
            let generator = Generator::new(a.common.shape()?, GenerateOptions::default())?;
            produce(&a.common, "grid", false, "", |rng, cancel| {
                // A grid takes milliseconds at most: only a flag already set stops it.
                if cancel.is_cancelled() {
                    return Err(GenerateError::Cancelled);
                }
                Ok(Item::Grid(generator.grid(rng)))
            })
        }
        What::Puzzle(a) => {
            let options = a.options()?;
            let rating = a.rating.target()?;
            let tally = Tally::new();
            // A pattern brings its board, unless --size or --box name one.
            let explicit =
                (a.common.size.is_some() || a.common.box_shape.is_some()).then(|| a.common.shape());
            let pattern = a.pattern.as_deref().map(|p| pattern(p, explicit.transpose()?)).transpose()?;
            let shape = pattern.as_ref().map_or_else(|| a.common.shape(), |p| Ok(p.shape()))?;
            let mut generator =
                Generator::new(shape, options)?.with_rating(rating.clone())?.with_tally(tally.clone());
            if let Some(pattern) = pattern {
                generator = generator.with_pattern(pattern).map_err(|e| anyhow::anyhow!("--pattern: {e}"))?;
            }
            let target = a.target();
            let watched = Watched::start(&rating, a.common.count, tally);
            produce(&a.common, "puzzle", a.solution, &target, |rng, cancel| {
                watched.record(generator.puzzle_until(rng, cancel).map(Item::Puzzle))
            })
        }
    }
}

/// The pattern `--pattern` names: a file's text, or the text itself when no such file exists.
fn pattern(text: &str, shape: Option<Shape>) -> anyhow::Result<Pattern> {
    let path = std::path::Path::new(text);
    let (text, from) = if path.is_file() {
        let read = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("--pattern: {}: {e}", path.display()))?;
        (read, format!(" (the file {})", path.display()))
    } else {
        (text.to_string(), String::new())
    };
    Pattern::parse(&text, shape).map_err(|e| anyhow::anyhow!("--pattern{from}: {e}"))
}

pub(super) enum Item {
    Grid(Grid),
    Puzzle(Generated),
    /// A variant grid or puzzle, with its own board.
    Variant(VariantItem),
}

impl Item {
    /// The puzzle's facts, for a puzzle.
    fn generated(&self) -> Option<&Generated> {
        match self {
            Item::Grid(_) => None,
            Item::Puzzle(p) => Some(p),
            Item::Variant(v) => v.generated(),
        }
    }
}

/// Makes `count` items with `make` on the pool and writes them in order.
pub(super) fn produce(
    common: &CommonArgs,
    noun: &str,
    with_solution: bool,
    target: &str,
    make: impl Fn(&mut SeededRng, &CancelFlag) -> Result<Item, GenerateError> + Sync,
) -> anyhow::Result<ExitCode> {
    let seed = common.seed();
    // Set by `--timeout` or by Ctrl-C, which `interrupt::interrupted` tells apart.
    let cancel = CancelFlag::new();
    crate::interrupt::also_cancel(&cancel);
    if let Some(timeout) = common.timeout {
        let flag = cancel.clone();
        // The timer needs no joining: the process ends with the run, and a late cancel is harmless.
        std::thread::spawn(move || {
            std::thread::sleep(timeout);
            flag.cancel();
        });
    }
    let pb = progress_bar(common, noun);
    let done = AtomicU64::new(0);
    let mut missing = 0u64;
    let mut unproven = 0u64;
    let pool = thread_pool(common.threads)?;
    let threads = pool.current_num_threads();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let start = Instant::now();
    let format = common.output_format;
    let mut failed = false;
    // Items made (`found`), and puzzles among them with their clues counted (`made`).
    let (mut clues, mut made, mut found) = (0u64, 0u64, 0u64);
    let columns = if noun == "grid" { GRID_COLUMNS } else { PUZZLE_COLUMNS };
    // Variant rules, and a box shape other than the default, go in columns of their own, so that
    // every row reads back under them.
    let default_boxes = common.shape().map_or(true, |s| s.is_default_for_side());
    let columns = if generate_variant::spec(&common.variant).is_classic() && default_boxes {
        columns
    } else {
        with_rules(columns)
    };
    if format == GenFormat::Csv {
        write(&mut out, csv_header(columns).as_bytes())?;
    }
    if let Some(flags) = unwritten_rules(common, format) {
        let note = "this layout does not write the rules the items were made under: read them back with";
        eprintln!("sudokit: note: {note} {flags} (-o json and csv write them)");
    }
    let mut first = 0u64;
    // Multi-line records are separated by a blank line, from the first one written on.
    let multiline = matches!(format, GenFormat::Grid | GenFormat::Compact | GenFormat::Pretty);
    let mut first_written: Option<u64> = None;
    while first < common.count {
        let last = (first + CHUNK).min(common.count);
        let results: Vec<Result<Item, GenerateError>> = pool.install(|| {
            (first..last)
                .into_par_iter()
                .map(|i| {
                    let r = make(&mut rng_for(seed, i), &cancel);
                    pb.set_position(done.fetch_add(1, Ordering::Relaxed) + 1);
                    r
                })
                .collect()
        });
        let mut text = Vec::new();
        let interrupted = crate::interrupt::interrupted();
        // Out of time, items of the chunk that were not finished keep their places, up to the
        // last one that was (threads finish out of order): each gets a `!timeout` record, so the
        // line written for item i is still item i. Those after it are left off, as the chunks after.
        let kept =
            results.iter().rposition(|r| !matches!(r, Err(GenerateError::Cancelled))).map_or(0, |k| k + 1);
        for (i, r) in (first..last).zip(results) {
            if matches!(r, Err(GenerateError::Cancelled)) {
                if interrupted {
                    // Ctrl-C: the records made before the first it stopped, and none after.
                    break;
                }
                // Out of time: the summary below says how many.
                missing += 1;
                if i - first < kept as u64 {
                    separate(&mut text, &mut first_written, i, multiline);
                    match machine(format) {
                        Some(m) => Fields::new(i as usize + 1, "timeout").write(m, columns, &mut text),
                        None => text.extend_from_slice(b"!timeout\n"),
                    }
                }
                continue;
            }
            separate(&mut text, &mut first_written, i, multiline);
            match r {
                Ok(item) => {
                    found += 1;
                    if let Some(p) = item.generated() {
                        clues += p.clues() as u64;
                        unproven += p.unproven as u64;
                        made += 1;
                        if !p.target_met {
                            flush_text(&mut out, &mut text)?;
                            pb.suspend(|| crate::output::message(format_args!(
                                "sudokit: {noun} {}: no puzzle with {target} in {} attempts; printed the closest, \
                                 with {} clues",
                                i + 1,
                                p.attempts,
                                p.clues()
                            )));
                        }
                    }
                    render(&item, i, format, with_solution, columns, &mut text);
                }
                Err(e) => {
                    failed = true;
                    flush_text(&mut out, &mut text)?;
                    pb.suspend(|| crate::output::message(format_args!("sudokit: {noun} {}: {e}", i + 1)));
                    match machine(format) {
                        Some(m) => Fields::new(i as usize + 1, "not_found").write(m, columns, &mut text),
                        None => text.extend_from_slice(b"!not found\n"),
                    }
                }
            }
        }
        write(&mut out, &text)?;
        first = last;
        if interrupted {
            // `main` says the rest were not made.
            break;
        }
        if cancel.is_cancelled() {
            missing += common.count - last;
            break;
        }
    }
    flush(&mut out)?;
    pb.finish_and_clear();
    if missing > 0 {
        failed = true;
        let secs = common.timeout.map_or(0.0, |t| t.as_secs_f64());
        crate::output::message(format_args!(
            "sudokit: timed out after {secs} s: {found} of {} {noun}s made, {missing} not finished",
            common.count
        ));
    }
    if common.stats {
        let secs = start.elapsed().as_secs_f64();
        // Puzzles found, not those given up: the rate of a rare target is its own.
        let rate = if secs > 0.0 { found as f64 / secs } else { 0.0 };
        let mut line = format!("{noun}s={found} seconds={secs:.3} per_sec={rate:.1}");
        if made > 0 {
            line += &format!(" clues_avg={:.2} unproven={unproven}", clues as f64 / made as f64);
        }
        crate::output::message(format_args!("{line} threads={threads} seed={seed}"));
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Starts the record of item `i`: after a blank line where records take several lines and one has
/// been written before (`first_written`, the first item written).
fn separate(text: &mut Vec<u8>, first_written: &mut Option<u64>, i: u64, multiline: bool) {
    if multiline && i > first_written.unwrap_or(i) {
        text.push(b'\n');
    }
    first_written.get_or_insert(i);
}

/// The CSV columns of `generate grid` and `generate puzzle`: the vocabulary of every command's
/// records, so that they read back (the `puzzle` column is the puzzle, or the grid).
const GRID_COLUMNS: Columns = &["index", "status", "puzzle"];
const PUZZLE_COLUMNS: Columns = &["index", "status", "puzzle", "clues", "guesses", "solution"];

/// The flags that read back what `generate` writes in `format` under `common`'s rules, where the
/// layout leaves some out: the X and hyper rules (every text layout; a killer puzzle is a JSON
/// object that names them) and boxes other than the side's squarest (`pretty` draws them).
fn unwritten_rules(common: &CommonArgs, format: GenFormat) -> Option<String> {
    if machine(format).is_some() {
        return None;
    }
    let spec = generate_variant::spec(&common.variant);
    let mut flags = Vec::new();
    let v = spec.variants;
    if !spec.killer && (v.diagonals || v.windows) {
        let names = [(v.diagonals, "x"), (v.windows, "hyper"), (v.jigsaw, "jigsaw")];
        let names: Vec<&str> = names.iter().filter(|n| n.0).map(|n| n.1).collect();
        flags.push(format!("--variant {}", names.join(",")));
    }
    // A jigsaw's regions take the boxes' place, and a killer puzzle's object names its boxes.
    let boxed = !(v.jigsaw || spec.killer || format == GenFormat::Pretty);
    if let Some(s) = common.shape().ok().filter(|s| boxed && !s.is_default_for_side()) {
        flags.push(format!("--box {}x{}", s.box_rows(), s.box_cols()));
    }
    (!flags.is_empty()).then(|| flags.join(" "))
}

/// The machine-readable format of an output layout, if it is one.
fn machine(format: GenFormat) -> Option<Machine> {
    match format {
        GenFormat::Json => Some(Machine::Json),
        GenFormat::Csv => Some(Machine::Csv),
        _ => None,
    }
}

/// A bar of items made with the elapsed time, on stderr when it is a terminal; hidden otherwise.
fn progress_bar(common: &CommonArgs, noun: &str) -> ProgressBar {
    use std::io::IsTerminal;
    if common.no_progress || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(common.count), ProgressDrawTarget::stderr());
    let template = format!("{{spinner}} {{pos}}/{{len}} {noun}s, {{elapsed}} elapsed, {{eta}} left");
    pb.set_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    // A big puzzle takes seconds: tick on a timer so the elapsed time moves between puzzles.
    pb.enable_steady_tick(Duration::from_millis(200));
    pb
}

pub(super) fn render(
    item: &Item,
    index: u64,
    format: GenFormat,
    with_solution: bool,
    columns: Columns,
    out: &mut Vec<u8>,
) {
    let (grid, info) = match item {
        Item::Grid(g) => (g, None),
        Item::Puzzle(p) => (&p.puzzle, Some(p)),
        Item::Variant(v) => return render_variant(v, index, format, with_solution, columns, out),
    };
    let solution = info.filter(|_| with_solution).map(|p| &p.solution);
    if let Some(m) = machine(format) {
        // Items are numbered from 1, as puzzles are in every command's records and messages.
        let mut f = Fields::new(index as usize + 1, "ok").set("puzzle", grid.to_string());
        let shape = grid.shape();
        if !shape.is_default_for_side() {
            // The one rule a classic board may carry, so that the record reads back under it.
            f = f.set("box", format!("{}x{}", shape.box_rows(), shape.box_cols()));
        }
        if let Some(p) = info {
            f = f.set("clues", p.clues()).set("guesses", p.guesses);
        }
        if let Some(s) = solution {
            f = f.set("solution", s.to_string());
        }
        f.write(m, columns, out);
        return;
    }
    match format {
        GenFormat::Csv | GenFormat::Json => {}
        GenFormat::Line => {
            out.extend(grid.to_string().into_bytes());
            if let Some(s) = solution {
                out.push(b' ');
                out.extend(s.to_string().into_bytes());
            }
            out.push(b'\n');
        }
        GenFormat::Grid | GenFormat::Compact | GenFormat::Pretty => {
            let f = match format {
                GenFormat::Grid => OutputFormat::Grid,
                GenFormat::Compact => OutputFormat::Compact,
                _ => OutputFormat::Pretty,
            };
            let mut left = Vec::new();
            write_grid(grid, f, &mut left);
            let Some(s) = solution else {
                out.extend(left);
                return;
            };
            let mut right = Vec::new();
            write_grid(s, f, &mut right);
            for (a, b) in left.split(|&c| c == b'\n').zip(right.split(|&c| c == b'\n')) {
                if a.is_empty() && b.is_empty() {
                    continue;
                }
                out.extend_from_slice(a);
                out.extend_from_slice(b"    ");
                out.extend_from_slice(b);
                out.push(b'\n');
            }
        }
    }
}

/// Writes what is pending and flushes, so a message on stderr lands after the records before it.
fn flush_text(out: &mut impl Write, text: &mut Vec<u8>) -> anyhow::Result<()> {
    write(out, text)?;
    text.clear();
    flush(out)
}
