//! A tdoku-style throughput benchmark: what `sudokit bench` runs.
//!
//! The puzzles are loaded by the caller; [`run`] shuffles them with a seed, makes one untimed pass
//! that also verifies every answer against the rules (so checking never costs timed work), then times
//! whole passes until the requested time has elapsed. Guess statistics come from the untimed pass,
//! which is deterministic. With several threads, each thread runs whole passes over its own share of
//! the puzzles, and throughput is all puzzles solved over the wall-clock time.
//!
//! With [`Clock::ThreadCpu`] each thread times itself by its own CPU time instead, and throughput is
//! the sum of the threads' rates: time the machine gave to other work does not count, which makes
//! runs on a shared machine far steadier than the wall clock.
//!
//! Two modes time the human-style solver instead of an engine: [`BenchMode::Explain`] (the full
//! step path, [`human::solve`] with the default options, uniqueness check included) and
//! [`BenchMode::Rate`] (HoDoKu's rating, [`rate::hodoku::rate`], which runs that path). Their
//! untimed pass checks every step against the solution; "guesses" are then Brute Force steps, and
//! the report adds the per-puzzle distribution (median, p99, max) of the first timed pass.
//!
//! [`BenchMode::Se`] times Sudoku Explainer's rating ([`rate::se::rate_with`]) the same way, its
//! untimed pass checking every step of Sudoku Explainer's path. As that rating spreads one puzzle
//! over several threads, this mode rates one puzzle at a time, over [`BenchConfig::threads`]
//! threads: its distribution is the time a user waits for one rating. With [`Clock::ThreadCpu`]
//! and more than one thread, a puzzle's time is the CPU time of the whole process, so that the
//! helper threads' work counts.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::grid::Grid;
use crate::human::{self, SolverOptions, State, Technique};
use crate::parse::UnknownName;
use crate::rate;
use crate::solve::{admitted, Engine, EngineError, Fast9Engine, Limits, Puzzle};

/// What each timed solve does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BenchMode {
    /// Stop at the first solution.
    First,
    /// Search for a second solution too (count up to 2): the uniqueness-checking solve.
    Unique,
    /// The human-style step path (`sudokit explain`): uniqueness check, then every step in
    /// HoDoKu's default order.
    Explain,
    /// HoDoKu's score and level (`rate::hodoku`, the step path and its scoring); 9×9 only.
    Rate,
    /// Sudoku Explainer's ER/EP/ED (`rate::se`), one puzzle at a time, its rating spread over
    /// [`BenchConfig::threads`] threads; 9×9 only.
    Se,
}

impl BenchMode {
    /// Every mode, in the order the CLI lists them.
    pub const ALL: [BenchMode; 5] =
        [BenchMode::First, BenchMode::Unique, BenchMode::Explain, BenchMode::Rate, BenchMode::Se];

    /// The name the CLI uses: `first`, `unique`, `explain`, `rate`, `se`.
    pub fn name(self) -> &'static str {
        match self {
            BenchMode::First => "first",
            BenchMode::Unique => "unique",
            BenchMode::Explain => "explain",
            BenchMode::Rate => "rate",
            BenchMode::Se => "se",
        }
    }

    /// Whether the mode times the human-style solver rather than an engine.
    fn is_human(self) -> bool {
        matches!(self, BenchMode::Explain | BenchMode::Rate | BenchMode::Se)
    }
}

impl fmt::Display for BenchMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BenchMode {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<BenchMode, UnknownName> {
        UnknownName::find("benchmark mode", s, &BenchMode::ALL, BenchMode::name)
    }
}

/// What the benchmark times with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Clock {
    /// The wall clock (tdoku's measure).
    #[default]
    Wall,
    /// Each thread's own CPU time.
    ThreadCpu,
}

/// Benchmark settings.
#[derive(Clone, Copy, Debug)]
pub struct BenchConfig {
    /// First-solution or uniqueness-checking solves.
    pub mode: BenchMode,
    /// Keep running whole passes until this much time has passed (at least one pass).
    pub min_time: Duration,
    /// Threads solving in parallel (at least 1); in [`BenchMode::Se`], the threads each puzzle's
    /// rating is spread over.
    pub threads: usize,
    /// Seed of the puzzle shuffle.
    pub seed: u64,
    /// The clock that times the passes.
    pub clock: Clock,
}

/// What a benchmark measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchReport {
    /// Puzzles in one pass.
    pub puzzles: usize,
    /// The mode.
    pub mode: BenchMode,
    /// Puzzles solved per second (of wall-clock time, or of each thread's CPU time summed over the
    /// threads' rates with [`Clock::ThreadCpu`]).
    pub puzzles_per_sec: f64,
    /// Microseconds per puzzle (per thread: the inverse of one thread's rate).
    pub usec_per_puzzle: f64,
    /// Guesses per puzzle, from the verification pass.
    pub guesses_per_puzzle: f64,
    /// Share of puzzles solved without any guess, in percent.
    pub no_guess_pct: f64,
    /// Puzzles without a solution (they still count as solved puzzles: the answer was proven).
    pub unsolvable: usize,
    /// Puzzles with more than one solution (in `unique` mode, and in the human modes, which refuse
    /// them).
    pub multiple: usize,
    /// The time per puzzle in the first timed pass, in the human modes.
    pub distribution: Option<Distribution>,
}

/// How the time per puzzle is spread, in microseconds (by the benchmark's clock).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distribution {
    /// The median.
    pub median_usec: f64,
    /// The 99th percentile (nearest rank).
    pub p99_usec: f64,
    /// The slowest puzzle.
    pub max_usec: f64,
}

impl Distribution {
    /// The distribution of `times` (microseconds); `None` when empty.
    pub fn of(mut times: Vec<f64>) -> Option<Distribution> {
        if times.is_empty() {
            return None;
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        Some(Distribution { median_usec: at(0.5), p99_usec: at(0.99), max_usec: at(1.0) })
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "puzzles={} mode={} puzzles_per_sec={:.0} usec_per_puzzle={:.3} guesses_per_puzzle={:.2} no_guess_pct={:.1}",
            self.puzzles,
            self.mode,
            self.puzzles_per_sec,
            self.usec_per_puzzle,
            self.guesses_per_puzzle,
            self.no_guess_pct
        )?;
        if let Some(d) = &self.distribution {
            write!(
                f,
                " median_usec={:.1} p99_usec={:.1} max_usec={:.1}",
                d.median_usec, d.p99_usec, d.max_usec
            )?;
        }
        Ok(())
    }
}

/// A benchmark that could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// Nothing to solve.
    #[error("no puzzles to benchmark")]
    Empty,
    /// An engine refused a puzzle.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The mode does not apply to a puzzle.
    #[error("puzzle {}: {what}", .index + 1)]
    Unsupported {
        /// The 0-based index of the puzzle in the caller's list.
        index: usize,
        /// Why not.
        what: &'static str,
    },
    /// Sudoku Explainer's path stopped short of the solution (its work budget ran out, or nothing
    /// applied), so the puzzle has no rating to time.
    #[error("puzzle {}: {why}", .index + 1)]
    Unrated {
        /// The 0-based index of the puzzle in the caller's list.
        index: usize,
        /// Why, as `sudokit rate` reports it.
        why: String,
    },
    /// An engine answer failed verification: a bug, reported rather than timed.
    #[error("puzzle {}: the {engine} engine returned a wrong answer: {what}", .index + 1)]
    WrongAnswer {
        /// The 0-based index of the puzzle in the caller's list.
        index: usize,
        /// The engine's name.
        engine: &'static str,
        /// What was wrong.
        what: String,
    },
}

impl BenchError {
    /// The 0-based index of the puzzle the error is about, if it is about one. (The message counts
    /// from 1, as puzzles are numbered everywhere else.)
    pub fn index(&self) -> Option<usize> {
        match self {
            BenchError::Unsupported { index, .. }
            | BenchError::Unrated { index, .. }
            | BenchError::WrongAnswer { index, .. } => Some(*index),
            BenchError::Empty | BenchError::Engine(_) => None,
        }
    }
}

/// How a puzzle is searched in the timed passes: by its engine, and for the fast engine on its givens
/// as that engine takes them, converted once before timing, so that a timed engine solve builds
/// nothing (as `batch::solve_rows_into` solves rows).
#[derive(Clone, Copy)]
struct Target {
    engine: &'static dyn Engine,
    /// The givens, where the engine is the fast 9×9 one.
    cells: Option<[u8; 81]>,
}

impl Target {
    fn of(p: &Puzzle) -> Target {
        let engine = p.engine();
        let cells = Fast9Engine.supports(p.board()).then(|| Fast9Engine::cells(p.grid()));
        Target { engine, cells }
    }
}

/// One solve in the benchmark's mode; returns (solutions, guesses). [`verify`] ran first on the same
/// engine and puzzle, so the engine accepts it.
fn solve_once(t: &Target, p: &Puzzle, config: &BenchConfig) -> (u64, u64) {
    match config.mode {
        BenchMode::Explain => {
            match human_state(p).and_then(|s| human::solve(s, SolverOptions::default()).ok()) {
                Some(path) => (1, brute_force_steps(&path.steps)),
                None => (0, 0),
            }
        }
        BenchMode::Rate => match rate::hodoku::rate(p.grid()) {
            Ok(r) => (1, r.brute_force_steps as u64),
            Err(_) => (0, 0),
        },
        BenchMode::Se => (u64::from(rate::se::rate_with(p.grid(), se_options(config)).is_ok()), 0),
        BenchMode::First => match &t.cells {
            Some(cells) => {
                let (s, o) = Fast9Engine::first_cells(cells);
                (u64::from(s.is_some()), o.guesses)
            }
            None => {
                let (s, o) = admitted(t.engine.first(p.board(), p.grid()));
                (u64::from(s.is_some()), o.guesses)
            }
        },
        BenchMode::Unique => {
            let limits = Limits::up_to(2);
            let o = match &t.cells {
                Some(cells) => Fast9Engine::count_cells(cells, &limits),
                None => admitted(t.engine.count(p.board(), p.grid(), &limits)),
            };
            (o.solutions, o.guesses)
        }
    }
}

/// Sudoku Explainer's options in [`BenchMode::Se`]: the rating spread over the benchmark's threads.
fn se_options(config: &BenchConfig) -> rate::se::SeOptions {
    rate::se::SeOptions { threads: config.threads.max(1), ..rate::se::SeOptions::default() }
}

fn human_state(p: &Puzzle) -> Option<State> {
    State::new(p.shared_board(), p.grid()).ok()
}

fn brute_force_steps(steps: &[human::Step]) -> u64 {
    steps.iter().filter(|s| s.technique == Technique::BruteForce).count() as u64
}

/// Verifies the human-style path of one puzzle outside the timed part: every placement is the
/// solution's digit, no elimination removes it, and the path ends solved. Returns the puzzle's
/// solution count as the engine found it (0, 1 or 2) and its Brute Force steps.
fn verify_human(index: usize, p: &Puzzle, config: &BenchConfig) -> Result<(u64, u64), BenchError> {
    let wrong = |what: String| BenchError::WrongAnswer { index, engine: "human", what };
    let classic = p.grid().shape() == crate::grid::Shape::CLASSIC;
    match config.mode {
        BenchMode::Rate if !classic => {
            return Err(BenchError::Unsupported { index, what: "the HoDoKu rating is for 9×9 boards only" })
        }
        BenchMode::Se if !classic => {
            return Err(BenchError::Unsupported {
                index,
                what: "the Sudoku Explainer rating is for 9×9 boards only",
            })
        }
        _ => {}
    }
    let count = admitted(p.engine().count(p.board(), p.grid(), &Limits::up_to(2))).solutions;
    if config.mode == BenchMode::Se {
        return verify_se(index, p, count, config).map(|()| (count, 0));
    }
    let Some(state) = human_state(p) else { return Ok((count, 0)) };
    let path = match human::solve(state, SolverOptions::default()) {
        Ok(path) => path,
        Err(_) if count != 1 => return Ok((count, 0)),
        Err(e) => return Err(wrong(format!("a unique puzzle was refused: {e}"))),
    };
    for step in &path.steps {
        let placed_wrong = step.placements.iter().any(|c| path.solution.get(c.cell) != Some(c.digit));
        let removed_right = step.eliminations.iter().any(|c| path.solution.get(c.cell) == Some(c.digit));
        if placed_wrong || removed_right {
            return Err(wrong(format!("wrong step: {step}")));
        }
    }
    if !path.is_solved() {
        return Err(wrong("the step path stopped before the grid was solved".into()));
    }
    Ok((count, brute_force_steps(&path.steps)))
}

/// Verifies Sudoku Explainer's path of one puzzle with `count` solutions outside the timed part, as
/// [`verify_human`] does HoDoKu's: every step right, and the path ends solved. A puzzle without
/// exactly one solution is not rated, and is only counted.
fn verify_se(index: usize, p: &Puzzle, count: u64, config: &BenchConfig) -> Result<(), BenchError> {
    let wrong = |what: String| BenchError::WrongAnswer { index, engine: "Sudoku Explainer", what };
    let path = match rate::se::explain(p.grid(), se_options(config)) {
        Ok(path) => path,
        Err(_) if count != 1 => return Ok(()),
        Err(e) => return Err(wrong(format!("a unique puzzle was refused: {e}"))),
    };
    let Some(solution) = p.first_solution() else {
        return Err(wrong("a rated puzzle has no solution".into()));
    };
    let values = solution.values();
    for step in &path.steps {
        let placed_wrong = step.placement.is_some_and(|(cell, d)| values[cell] != d);
        let removed_right = step.removals.iter().any(|&(cell, d)| values[cell] == d);
        if placed_wrong || removed_right {
            return Err(wrong(format!("wrong step: {step}")));
        }
    }
    match path.stopped {
        Some(e) => Err(BenchError::Unrated { index, why: e.report() }),
        None => Ok(()),
    }
}

/// Verifies one puzzle's answer outside the timed part.
fn verify(index: usize, engine: &dyn Engine, p: &Puzzle) -> Result<(u64, u64), BenchError> {
    let wrong = |what: String| BenchError::WrongAnswer { index, engine: engine.name(), what };
    let (first, o) = engine.first(p.board(), p.grid())?;
    if let Some(s) = &first {
        if !p.board().is_solution(p.grid(), s) {
            return Err(wrong(format!("{s} is not a solution")));
        }
    }
    let mut sols: Vec<Grid> = Vec::new();
    let c = engine.search(p.board(), p.grid(), &Limits::up_to(2), &mut |g| {
        sols.push(g.clone());
        std::ops::ControlFlow::Continue(())
    })?;
    if sols.iter().any(|s| !p.board().is_solution(p.grid(), s)) || (sols.len() == 2 && sols[0] == sols[1]) {
        return Err(wrong("an enumerated solution is invalid or repeated".into()));
    }
    if (c.solutions == 0) != first.is_none() {
        return Err(wrong("first-solution and counting modes disagree".into()));
    }
    Ok((c.solutions, o.guesses))
}

/// Runs the benchmark over `puzzles`.
pub fn run(puzzles: &[Puzzle], config: &BenchConfig) -> Result<BenchReport, BenchError> {
    if puzzles.is_empty() {
        return Err(BenchError::Empty);
    }
    let mut order: Vec<&Puzzle> = puzzles.iter().collect();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(config.seed));
    let targets: Vec<Target> = order.iter().map(|p| Target::of(p)).collect();

    // The untimed pass: verification and guess statistics.
    let (mut guesses, mut no_guess, mut unsolvable, mut multiple) = (0u64, 0usize, 0usize, 0usize);
    for (i, (p, t)) in order.iter().zip(&targets).enumerate() {
        let (count, g) = if config.mode.is_human() {
            verify_human(i, p, config)?
        } else {
            let (count, _) = verify(i, t.engine, p)?;
            (count, solve_once(t, p, config).1)
        };
        guesses += g;
        no_guess += usize::from(g == 0);
        unsolvable += usize::from(count == 0);
        multiple += usize::from(count > 1 && config.mode != BenchMode::First);
    }

    // Sudoku Explainer's rating spreads each puzzle over the threads itself.
    let threads = if config.mode == BenchMode::Se { 1 } else { config.threads.max(1).min(order.len()) };
    let process_cpu = config.mode == BenchMode::Se && config.threads > 1;
    let share = order.len().div_ceil(threads);
    let start = Instant::now();
    // Each thread reports how many puzzles it solved, in how many seconds of its clock, and in the
    // human modes the time of each puzzle of its first pass (an engine solve is too short to time
    // alone without the timing showing in the result).
    let per_thread: Vec<(u64, f64, Vec<f64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = order
            .chunks(share)
            .zip(targets.chunks(share))
            .map(|(ps, ts)| {
                scope.spawn(move || {
                    let cpu = cpu_time::ThreadTime::now();
                    let process = cpu_time::ProcessTime::now();
                    let elapsed = || match config.clock {
                        Clock::Wall => start.elapsed(),
                        Clock::ThreadCpu if process_cpu => process.elapsed(),
                        Clock::ThreadCpu => cpu.elapsed(),
                    };
                    let mut n = 0u64;
                    let mut sink = 0u64;
                    let mut times = Vec::new();
                    loop {
                        for (p, t) in ps.iter().zip(ts) {
                            if n == 0 && config.mode.is_human() {
                                let before = elapsed();
                                sink = sink.wrapping_add(solve_once(t, p, config).0);
                                times.push((elapsed() - before).as_secs_f64() * 1e6);
                            } else {
                                sink = sink.wrapping_add(solve_once(t, p, config).0);
                            }
                        }
                        n += ps.len() as u64;
                        if elapsed() >= config.min_time {
                            break;
                        }
                    }
                    std::hint::black_box(sink);
                    (n, elapsed().as_secs_f64(), times)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("benchmark threads do not panic")).collect()
    });
    let rate = match config.clock {
        Clock::Wall => {
            let solved: u64 = per_thread.iter().map(|(n, _, _)| n).sum();
            solved as f64 / start.elapsed().as_secs_f64().max(1e-9)
        }
        Clock::ThreadCpu => per_thread.iter().map(|&(n, secs, _)| n as f64 / secs.max(1e-9)).sum(),
    };
    let distribution = Distribution::of(per_thread.into_iter().flat_map(|(_, _, t)| t).collect());
    Ok(BenchReport {
        puzzles: order.len(),
        mode: config.mode,
        puzzles_per_sec: rate,
        usec_per_puzzle: 1e6 * threads as f64 / rate,
        guesses_per_puzzle: guesses as f64 / order.len() as f64,
        no_guess_pct: 100.0 * no_guess as f64 / order.len() as f64,
        unsolvable,
        multiple,
        distribution,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_runs_and_counts() {
        let puzzles: Vec<Puzzle> = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..",
            "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
            "1.34341221434321",
        ]
        .iter()
        .map(|s| Puzzle::classic(s.parse().expect("valid")))
        .collect();
        for mode in [BenchMode::First, BenchMode::Unique] {
            for clock in [Clock::Wall, Clock::ThreadCpu] {
                let min_time = Duration::from_millis(20);
                let cfg = BenchConfig { mode, min_time, threads: 2, seed: 1, clock };
                let r = run(&puzzles, &cfg).expect("runs");
                assert_eq!(r.puzzles, 4);
                assert_eq!(r.unsolvable, 1);
                assert_eq!(r.multiple, usize::from(mode == BenchMode::Unique));
                assert!(r.puzzles_per_sec > 0.0);
            }
        }
        // The human modes: the path of every unique puzzle checked, the others counted.
        for mode in [BenchMode::Explain, BenchMode::Rate] {
            let cfg = BenchConfig { mode, min_time: Duration::ZERO, threads: 1, seed: 1, clock: Clock::Wall };
            let r = run(&puzzles[..3], &cfg).expect("runs");
            assert_eq!((r.puzzles, r.unsolvable, r.multiple), (3, 1, 1));
            let d = r.distribution.expect("a distribution in the human modes");
            assert!(d.median_usec <= d.p99_usec && d.p99_usec <= d.max_usec);
            assert!(r.to_string().contains(&format!("mode={mode} ")) && r.to_string().contains(" max_usec="));
        }
        let cfg = BenchConfig {
            mode: BenchMode::Rate,
            min_time: Duration::ZERO,
            threads: 1,
            seed: 1,
            clock: Clock::Wall,
        };
        assert!(matches!(run(&puzzles[3..], &cfg), Err(BenchError::Unsupported { .. })));
        // Sudoku Explainer's rating, one puzzle at a time over one thread or two, by either clock.
        let easy: Puzzle = Puzzle::classic(
            ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."
                .parse()
                .expect("valid"),
        );
        let rated = [easy, puzzles[1].clone(), puzzles[2].clone()];
        for (threads, clock) in
            [(1, Clock::Wall), (2, Clock::Wall), (1, Clock::ThreadCpu), (2, Clock::ThreadCpu)]
        {
            let cfg = BenchConfig { mode: BenchMode::Se, min_time: Duration::ZERO, threads, seed: 1, clock };
            let r = run(&rated, &cfg).expect("runs");
            assert_eq!((r.puzzles, r.unsolvable, r.multiple, r.guesses_per_puzzle), (3, 1, 1, 0.0));
            let d = r.distribution.expect("a distribution");
            assert!(d.median_usec <= d.p99_usec && d.p99_usec <= d.max_usec && d.max_usec > 0.0);
            assert!(r.to_string().contains("mode=se ") && r.usec_per_puzzle > 0.0);
        }
        let cfg = BenchConfig { mode: BenchMode::Se, ..cfg };
        assert!(matches!(
            run(&puzzles[3..], &cfg),
            Err(BenchError::Unsupported { what, .. }) if what.contains("Sudoku Explainer")
        ));
        assert_eq!(
            run(
                &[],
                &BenchConfig {
                    mode: BenchMode::First,
                    min_time: Duration::ZERO,
                    threads: 1,
                    seed: 0,
                    clock: Clock::Wall
                }
            ),
            Err(BenchError::Empty)
        );
    }
}
