//! The rating options of `sudokit generate puzzle` (`--level`, `--er`, `--require`, `--exclude`)
//! and the watch that says on stderr when the target is rare. The filtering itself is the
//! library's ([`sudokit::generate::RatingTarget`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use sudokit::generate::{ErRange, RatingTarget, Tally};
use sudokit::human::Techniques;
use sudokit::rate::hodoku::Level;

use crate::args::values;

/// Candidates tried, per puzzle asked for, before the watch calls a target rare.
const RARE_PER_PUZZLE: u64 = 50;

/// How often the watch looks at the counts.
const WATCH_EVERY: Duration = Duration::from_millis(100);

/// `--level`: each HoDoKu [`Level`] by name, with its help line.
pub const LEVELS: &[(&str, &str)] = &[
    ("easy", "Singles only"),
    ("medium", "Also intersections, pairs and triples"),
    ("hard", "Also basic fish, quads, wings, single-digit patterns, uniqueness, colouring"),
    ("unfair", "Also finned fish, chains and loops, ALS"),
    ("extreme", "Forcing chains and nets, exotic fish"),
];

/// The rating flags of `generate puzzle`: the level and ER on classic 9×9 only, the techniques on
/// every board and variant.
#[derive(Args, Debug, Clone)]
pub struct RatingArgs {
    /// HoDoKu level of the puzzle (`sudokit rate`'s hodoku_level) [default: any]; classic 9×9 only.
    #[arg(long, value_name = "LEVEL", ignore_case = true, value_parser = values::<Level>(LEVELS))]
    pub level: Option<Level>,

    /// Sudoku Explainer ER range, MIN..MAX inclusive (e.g. 7.0..8.5; MIN.. and ..MAX leave a side
    /// open; one number is an exact ER) [default: any]; classic 9×9 only. Puzzles the rater cannot
    /// reach (nested forcing chains, ER 9.0 and up) are skipped, never guessed at.
    #[arg(long, value_name = "MIN..MAX")]
    pub er: Option<String>,

    /// A technique that must appear in the solution path `sudokit explain` prints (a HoDoKu name
    /// such as "X-Wing", a library code such as 0300, or a short name such as bf2), or a family of
    /// which one technique at least must ("Unique Rectangle", "Nice Loop", "Finned Fish", …);
    /// repeatable; on every board and variant (killer: `--require innies`).
    #[arg(long, value_name = "TECHNIQUE")]
    pub require: Vec<String>,

    /// A technique that must not appear in the solution path (named as for --require; a family:
    /// none of its techniques); repeatable.
    /// A path with Brute Force is always skipped, so any such flag, `--exclude bf` for one, keeps
    /// puzzles solved without a guess.
    #[arg(long, value_name = "TECHNIQUE")]
    pub exclude: Vec<String>,
}

impl RatingArgs {
    /// The library target these flags ask for (empty when none is given).
    pub fn target(&self) -> anyhow::Result<RatingTarget> {
        let mut target = RatingTarget::default();
        target.level = self.level;
        if let Some(er) = &self.er {
            target.er = Some(er.parse::<ErRange>().map_err(|e| anyhow::anyhow!("--er: {e}"))?);
        }
        let named = |flag: &str, names: &[String]| -> anyhow::Result<Vec<Techniques>> {
            names
                .iter()
                .map(|n| n.parse::<Techniques>().map_err(|e| anyhow::anyhow!("--{flag}: {e}")))
                .collect()
        };
        for required in named("require", &self.require)? {
            match required {
                Techniques::One(t) => target.require.push(t),
                Techniques::Family(f) => target.require_one_of.push(f),
            }
        }
        target.exclude = Techniques::all_of(&named("exclude", &self.exclude)?);
        Ok(target)
    }
}

/// A rated run's count of the puzzles made and its [`RareWatch`] (none without a target): what each
/// item's maker reports to.
pub struct Watched {
    watch: Option<RareWatch>,
    progress: Arc<Progress>,
}

/// The items of a rated run settled so far (made or given up), and of them the puzzles found.
#[derive(Default)]
struct Progress {
    settled: AtomicU64,
    found: AtomicU64,
}

impl Watched {
    /// The watch of a run asked for `count` puzzles with `target`, `tally` counting its candidates.
    pub fn start(target: &RatingTarget, count: u64, tally: Tally) -> Watched {
        let progress = Arc::new(Progress::default());
        let watch = (!target.is_empty()).then(|| RareWatch::start(target, count, tally, progress.clone()));
        Watched { watch, progress }
    }

    /// Counts an item made (or given up), and when it was given up, looks for the rare-target line
    /// before the run reports it.
    pub fn record<T, E>(&self, made: Result<T, E>) -> Result<T, E> {
        if let (Err(_), Some(watch)) = (&made, &self.watch) {
            watch.check();
        }
        if made.is_ok() {
            self.progress.found.fetch_add(1, Ordering::Relaxed);
        }
        self.progress.settled.fetch_add(1, Ordering::Relaxed);
        made
    }
}

/// Watches a rated run: once `RARE_PER_PUZZLE` candidates per puzzle asked for have been tried and
/// puzzles are still missing, says so on stderr, once. Stops when dropped.
pub struct RareWatch {
    state: Arc<WatchState>,
}

/// What the watch's thread and the run share.
struct WatchState {
    stop: AtomicBool,
    /// The line has been written.
    said: AtomicBool,
    tally: Tally,
    progress: Arc<Progress>,
    count: u64,
    threshold: u64,
    what: String,
    hint: &'static str,
}

impl WatchState {
    /// Writes the line if the target has proved rare and no one has yet; whether it has.
    fn say_if_rare(&self) -> bool {
        let tried = self.tally.candidates();
        // Puzzles given up count as settled, not found: the line says how many were found.
        let found = self.progress.found.load(Ordering::Relaxed);
        if tried < self.threshold || self.progress.settled.load(Ordering::Relaxed) >= self.count {
            return false;
        }
        if !self.said.swap(true, Ordering::Relaxed) {
            let (what, count, hint) = (&self.what, self.count, self.hint);
            crate::output::message(format_args!(
                "sudokit: rare target ({what}): {found} of {count} puzzles found after {tried} \
                 candidates{hint}; --timeout or --attempts bounds the run"
            ));
        }
        true
    }
}

impl RareWatch {
    /// Starts the watch of a run asked for `count` puzzles with `target`; `progress` counts the
    /// puzzles made (or given up) so far, `tally` the candidates tried.
    fn start(target: &RatingTarget, count: u64, tally: Tally, progress: Arc<Progress>) -> RareWatch {
        let state = Arc::new(WatchState {
            stop: AtomicBool::new(false),
            said: AtomicBool::new(false),
            tally,
            progress,
            count,
            threshold: RARE_PER_PUZZLE.saturating_mul(count.max(1)),
            what: target.to_string(),
            hint: rarity_hint(target),
        });
        let shared = state.clone();
        // Detached: it ends by itself when the run ends (the flag) or the process exits.
        std::thread::spawn(move || {
            while !shared.stop.load(Ordering::Relaxed) && !shared.say_if_rare() {
                std::thread::sleep(WATCH_EVERY);
            }
        });
        RareWatch { state }
    }

    /// Looks once more, now: a search that gives up may have passed the threshold since the
    /// thread last looked (it looks every [`WATCH_EVERY`]), and the line belongs before the
    /// run's report that nothing was found.
    pub fn check(&self) {
        self.state.say_if_rare();
    }
}

impl Drop for RareWatch {
    fn drop(&mut self) {
        self.state.stop.store(true, Ordering::Relaxed);
    }
}

/// Why a target is rare, when it is known to be.
fn rarity_hint(target: &RatingTarget) -> &'static str {
    match (target.er, target.level) {
        (Some(er), _) if er.min_tenths >= 90 => {
            "; ER 9+ puzzles are rare, and those needing nested forcing chains are beyond the rater's reach"
        }
        (Some(er), _) if er.min_tenths >= 80 => "; ER 8+ puzzles are rare among random minimal puzzles",
        (_, Some(Level::Extreme)) => "; extreme puzzles are a few in a hundred random minimal puzzles",
        _ => "",
    }
}
