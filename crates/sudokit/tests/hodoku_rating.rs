//! HoDoKu-compatible ratings and solution paths against HoDoKu 2.2.0's own (hodoku-py 0.2.1 and the
//! Java original, which agree step by step), on the development set in
//! `../shared/datasets/ratings/` (read at test time; its README says how it was made).
//!
//! - The rating tests print the level agreement, the share of scores within ±5 %, the split by
//!   HoDoKu level, and the biggest disagreements.
//! - The path tests compare sudokit's default path with HoDoKu's (`hodoku-paths/`), step by step:
//!   the share of puzzles with the same technique sequence, the first points of divergence by
//!   technique pair, and the rating of the same paths. The long run also replays HoDoKu's path and
//!   asks at each of its states which step sudokit takes there.
//!
//! Where the paths still part (measured on the 850 puzzles other than forum-hardest): a forcing
//! net step that HoDoKu shows as a verity and sudokit as a contradiction with the same results
//! (same score, same state after it: sudokit shows a net by premise and conclusion only, so the
//! length of HoDoKu's net chains, which decides between the two, is not known here); and singles
//! after a step whose eliminations HoDoKu removes in another order than sudokit lists them (its
//! singles queues then hold another order). Nice loops, AICs and forcing chains agree: the chain
//! searches keep the chains HoDoKu's tables keep, and the steps are ordered as HoDoKu's tabling
//! solver orders them.

use std::collections::BTreeMap;

use sudokit::human::{apply, solve, Candidate, Solver, SolverOptions, State, Step, Technique};
use sudokit::rate::hodoku::{self, Level};
use sudokit::{Cell, Digit, Grid, Shape};

struct Row {
    puzzle: String,
    score: u32,
    level: Level,
    techniques: String,
    source: String,
}

fn oracle() -> Option<Vec<Row>> {
    let tsv = sudokit::testing::dataset_tsv("ratings/hodoku-dev.tsv")?;
    let rows = tsv
        .records()
        .map(|r| Row {
            puzzle: r.get("puzzle").to_string(),
            score: r.parse("score"),
            level: r.parse("level"),
            techniques: r.get("techniques").to_string(),
            source: r.get("source").to_string(),
        })
        .collect();
    Some(rows)
}

struct Table {
    n: usize,
    same_level: usize,
    score_within_5pct: usize,
    /// Puzzles whose path needed Brute Force here.
    brute_force: usize,
    failed: usize,
}

fn compare(step: usize) -> Option<Table> {
    let rows = oracle()?;
    let mut t = Table { n: 0, same_level: 0, score_within_5pct: 0, brute_force: 0, failed: 0 };
    // Per HoDoKu level: (puzzles, same level, score within 5 %).
    let mut by_level = [(0usize, 0usize, 0usize); 5];
    let mut worst = Vec::new();
    for row in rows.iter().step_by(step) {
        let grid: Grid = row.puzzle.parse().expect("an oracle puzzle parses");
        t.n += 1;
        let slot = &mut by_level[row.level as usize];
        slot.0 += 1;
        match hodoku::rate(&grid) {
            Ok(r) => {
                let same = r.level == row.level;
                let close = r.score.abs_diff(row.score) * 20 <= row.score;
                t.same_level += usize::from(same);
                t.score_within_5pct += usize::from(close);
                t.brute_force += usize::from(r.brute_force_steps > 0);
                slot.1 += usize::from(same);
                slot.2 += usize::from(close);
                if !same || !close {
                    let off = (r.level as i64 - row.level as i64).abs() * 100_000
                        + i64::from(r.score.abs_diff(row.score));
                    worst.push((
                        off,
                        format!(
                            "{} ours {} {} (hardest {:?}, {} brute force steps) vs HoDoKu {} {} [{}] ({})",
                            row.puzzle,
                            r.level,
                            r.score,
                            r.hardest,
                            r.brute_force_steps,
                            row.level,
                            row.score,
                            row.techniques,
                            row.source
                        ),
                    ));
                }
            }
            Err(e) => {
                t.failed += 1;
                worst.push((
                    i64::MAX,
                    format!("{} error {e} vs HoDoKu {} {}", row.puzzle, row.level, row.score),
                ));
            }
        }
    }
    let pct = |c: usize, n: usize| 100.0 * c as f64 / n.max(1) as f64;
    println!(
        "{} puzzles (every {step}th), {} not rated, {} needed brute force",
        t.n, t.failed, t.brute_force
    );
    println!(
        "level equal {:.1}%, score within ±5% {:.1}%",
        pct(t.same_level, t.n),
        pct(t.score_within_5pct, t.n)
    );
    println!("HoDoKu level   puzzles  level equal  score ±5%");
    for (l, (n, same, close)) in Level::ALL.into_iter().zip(by_level) {
        println!("{:<12} {n:>9} {:>11.1}% {:>9.1}%", l.name(), pct(same, n), pct(close, n));
    }
    worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    println!("biggest disagreements:");
    for (_, line) in worst.iter().take(25) {
        println!("  {line}");
    }
    Some(t)
}

fn assert_floors(t: &Table, level: f64, score: f64) {
    assert_eq!(t.failed, 0, "every oracle puzzle gets a rating");
    let same = t.same_level as f64 / t.n as f64;
    let close = t.score_within_5pct as f64 / t.n as f64;
    assert!(same >= level, "level equal on {same:.3}");
    assert!(close >= score, "score within 5% on {close:.3}");
}

#[test]
fn hodoku_dev_sampled_agreement() {
    let Some(t) = compare(10) else { return };
    assert_eq!(t.n, 100);
    // Reached today: level 100 %, score 99 % (forum-hardest puzzles: 15 of the 100).
    assert_floors(&t, 0.99, 0.98);
}

#[test]
#[ignore = "rates all 1,000 oracle puzzles; run with --ignored"]
fn hodoku_dev_full_agreement() {
    let Some(t) = compare(1) else { return };
    assert_eq!(t.n, 1000);
    // Reached today: level 100 % (issue 16 asks 95 %), score 98.8 % (it asks 80 %).
    assert_floors(&t, 0.99, 0.98);
}

#[test]
fn other_boards_are_refused() {
    let grid: Grid = "1.3.4.2.3.1.2.4.".parse().expect("a 4x4 grid parses");
    assert_eq!(hodoku::rate(&grid), Err(hodoku::HodokuError::NotClassic { side: 4 }));
}

// ---------------------------------------------------------------------------------------------
// Solution paths against HoDoKu's own (`ratings/hodoku-paths/hodoku-java-paths.jsonl`: HoDoKu
// 2.2.0's path for every development puzzle, in its own step notation).

/// One step of a HoDoKu path: the technique (`None` when the name is not one of ours) and its results.
struct HodokuStep {
    text: String,
    name: String,
    technique: Option<Technique>,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
}

struct HodokuPath {
    puzzle: String,
    source: String,
    score: u32,
    level: Level,
    steps: Vec<HodokuStep>,
}

/// The technique name of a HoDoKu step line: the text before `:`, ` in ` or ` =>`, whichever comes
/// first (`Forcing Chain Contradiction in r1c6 => …`, `Bivalue Universal Grave + 1 => …`).
fn step_name(text: &str) -> &str {
    let end = [": ", " in ", " =>"].iter().filter_map(|p| text.find(p)).min().unwrap_or(text.len());
    &text[..end]
}

/// The cells of a HoDoKu cell group list such as `r3c23,r5678c1`.
fn cells(groups: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    for group in groups.split(',') {
        let (rows, cols) = group.trim_start_matches('r').split_once('c').expect("a HoDoKu cell group");
        for r in rows.bytes() {
            for c in cols.bytes() {
                let index = usize::from(r - b'1') * 9 + usize::from(c - b'1');
                out.push(Cell::new_checked(index, Shape::CLASSIC).expect("a cell of the grid"));
            }
        }
    }
    out
}

/// Reads the results of a HoDoKu step line (the text after the last ` => `, or after `: ` for
/// singles and brute force): `r1c23<>2`, `r5c1=9`, comma-separated.
fn parse_step(text: &str) -> HodokuStep {
    let name = step_name(text).to_string();
    let results = match text.rsplit_once(" => ") {
        Some((_, r)) => r,
        None => text.split_once(": ").expect("a step with results").1,
    };
    let mut step = HodokuStep {
        text: text.to_string(),
        technique: name.parse().ok(),
        name,
        placements: vec![],
        eliminations: vec![],
    };
    for item in results.split(", ") {
        let (lhs, digit, list) = match item.split_once("<>") {
            Some((lhs, d)) => (lhs, d, &mut step.eliminations),
            None => {
                let (lhs, d) = item.split_once('=').expect("a placement or an elimination");
                (lhs, d, &mut step.placements)
            }
        };
        let digit = Digit::new_checked(digit.trim().parse().expect("a digit"), Shape::CLASSIC).expect("1-9");
        list.extend(cells(lhs).into_iter().map(|c| Candidate::new(c, digit)));
    }
    step.placements.sort_unstable();
    step.eliminations.sort_unstable();
    step
}

fn hodoku_paths() -> Option<Vec<HodokuPath>> {
    let dir = sudokit::testing::datasets_dir()?;
    let text = std::fs::read_to_string(dir.join("ratings/hodoku-paths/hodoku-java-paths.jsonl"))
        .expect("hodoku-java-paths.jsonl reads");
    let paths = text
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let steps = v["steps"]
                .as_array()
                .expect("steps")
                .iter()
                .map(|s| parse_step(s["step"].as_str().expect("step text")))
                .collect();
            HodokuPath {
                puzzle: v["puzzle"].as_str().expect("puzzle").to_string(),
                source: v["source"].as_str().expect("source").to_string(),
                score: v["score"].as_u64().and_then(|s| u32::try_from(s).ok()).expect("score"),
                level: v["level"].as_str().expect("level").parse().expect("a level"),
                steps,
            }
        })
        .collect();
    Some(paths)
}

fn sorted_results(step: &Step) -> (Vec<Candidate>, Vec<Candidate>) {
    let mut p = step.placements.clone();
    p.sort_unstable();
    let mut e = step.eliminations.clone();
    e.sort_unstable();
    (p, e)
}

#[derive(Default)]
struct PathTable {
    n: usize,
    /// Same technique at every step (and as many steps).
    same_sequence: usize,
    /// Same technique and the same placements and eliminations at every step.
    same_path: usize,
    /// The rating of the path: same level, score within ±5 %.
    same_level: usize,
    score_within_5pct: usize,
    /// Score disagreements: (difference, line).
    worst: Vec<(u32, String)>,
    /// First divergence: (HoDoKu's technique, ours) → puzzles.
    divergences: BTreeMap<(String, String), usize>,
    /// Replay: HoDoKu's steps at which ours, on HoDoKu's state, is the same technique / the same step.
    replay_steps: usize,
    replay_same_technique: usize,
    replay_same_step: usize,
    /// Replay disagreements by (HoDoKu's technique, ours) → steps.
    replay_pairs: BTreeMap<(String, String), usize>,
}

/// Compares sudokit's default path with HoDoKu's on every `step`th puzzle whose source passes
/// `keep`; with `replay`, also follows HoDoKu's path and asks at each of its states which step
/// sudokit would take there (so that one early difference does not hide all later ones).
fn compare_paths(step: usize, keep: impl Fn(&str) -> bool, replay: bool) -> Option<PathTable> {
    let paths = hodoku_paths()?;
    let mut t = PathTable::default();
    let mut examples = Vec::new();
    for path in paths.iter().filter(|p| keep(&p.source)).step_by(step) {
        let grid: Grid = path.puzzle.parse().expect("a path puzzle parses");
        let ours = solve(State::classic(&grid).expect("valid"), SolverOptions::default()).expect("unique");
        t.n += 1;
        let rating = hodoku::rate_steps(&ours.steps);
        let close = rating.score.abs_diff(path.score) * 20 <= path.score;
        t.same_level += usize::from(rating.level == path.level);
        t.score_within_5pct += usize::from(close);
        let name = |s: Option<&Step>| s.map_or("(end)".to_string(), |s| s.technique.name().to_string());
        let mut first_diff = None;
        let mut same_path = ours.steps.len() == path.steps.len();
        for i in 0..ours.steps.len().max(path.steps.len()) {
            let (h, o) = (path.steps.get(i), ours.steps.get(i));
            let h_name = h.map_or("(end)".to_string(), |h| h.name.clone());
            if h_name != name(o) {
                if examples.len() < 8 {
                    let show = |k: usize| {
                        format!(
                            "      {k}: HoDoKu {} | ours {}",
                            path.steps.get(k).map_or("(end)", |h| h.text.as_str()),
                            ours.steps.get(k).map_or("(end)".to_string(), |o| o.to_string())
                        )
                    };
                    let lines: Vec<String> = (i.saturating_sub(2)..=i).map(show).collect();
                    examples.push(format!("  {} ({}):\n{}", path.puzzle, path.source, lines.join("\n")));
                }
                first_diff = Some((h_name, name(o)));
                same_path = false;
                break;
            }
            if let (Some(h), Some(o)) = (h, o) {
                same_path &= sorted_results(o) == (h.placements.clone(), h.eliminations.clone());
            }
        }
        if !close || rating.level != path.level {
            t.worst.push((
                rating.score.abs_diff(path.score),
                format!(
                    "  {} ours {} {} vs HoDoKu {} {}; first divergence {:?} ({})",
                    path.puzzle, rating.level, rating.score, path.level, path.score, first_diff, path.source
                ),
            ));
        }
        match first_diff {
            None => t.same_sequence += 1,
            Some(pair) => *t.divergences.entry(pair).or_default() += 1,
        }
        t.same_path += usize::from(same_path);
        if replay {
            replay_paths(std::slice::from_ref(path), &mut |_, state, h, _| {
                let solver = Solver::new(state.clone(), SolverOptions::default()).expect("unique");
                let ours = solver.peek();
                t.replay_steps += 1;
                let o_name = name(ours.as_ref());
                if o_name == h.name {
                    t.replay_same_technique += 1;
                    t.replay_same_step += usize::from(ours.as_ref().is_some_and(|o| {
                        sorted_results(o) == (h.placements.clone(), h.eliminations.clone())
                    }));
                } else {
                    *t.replay_pairs.entry((h.name.clone(), o_name)).or_default() += 1;
                }
            });
        }
    }
    let pct = |c: usize, n: usize| 100.0 * c as f64 / n.max(1) as f64;
    println!(
        "{} puzzles (every {step}th): same technique sequence {:.1}%, same steps {:.1}%",
        t.n,
        pct(t.same_sequence, t.n),
        pct(t.same_path, t.n)
    );
    println!(
        "rating of the same paths: level equal {:.1}%, score within ±5% {:.1}%",
        pct(t.same_level, t.n),
        pct(t.score_within_5pct, t.n)
    );
    t.worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    println!("biggest score disagreements:");
    for (_, line) in t.worst.iter().take(15) {
        println!("{line}");
    }
    let mut pairs: Vec<_> = t.divergences.iter().collect();
    pairs.sort_by_key(|(k, n)| (std::cmp::Reverse(**n), (*k).clone()));
    println!("first divergence (HoDoKu → ours), top 10:");
    for ((h, o), n) in pairs.iter().take(10) {
        println!("  {n:>4}  {h} → {o}");
    }
    println!("first divergences, examples:");
    for e in &examples {
        println!("{e}");
    }
    if replay {
        println!(
            "replay: {} of HoDoKu's steps; ours on the same state has the same technique at {:.1}%, the same step at {:.1}%",
            t.replay_steps,
            pct(t.replay_same_technique, t.replay_steps),
            pct(t.replay_same_step, t.replay_steps)
        );
        let mut pairs: Vec<_> = t.replay_pairs.iter().collect();
        pairs.sort_by_key(|(k, n)| (std::cmp::Reverse(**n), (*k).clone()));
        println!("replay disagreements (HoDoKu → ours), top 15:");
        for ((h, o), n) in pairs.iter().take(15) {
            println!("  {n:>5}  {h} → {o}");
        }
    }
    Some(t)
}

#[test]
fn hodoku_step_lines_parse() {
    let s = parse_step("Locked Pair: 7,8 in r12c1 => r3c23,r5678c1<>7, r689c1<>8");
    assert_eq!(s.technique, Some(Technique::LockedPair));
    assert_eq!(s.eliminations.len(), 6 + 3);
    let s = parse_step("Forcing Chain Contradiction in b5 => r3c7=5");
    assert_eq!(s.technique, Some(Technique::ForcingChainContradiction));
    assert_eq!(s.placements.len(), 1);
    let s = parse_step("Bivalue Universal Grave + 1 => r9c4<>2, r9c4<>9");
    assert_eq!(s.technique, Some(Technique::BugPlus1));
    let s = parse_step("Brute Force: r5c4=6");
    assert_eq!((s.technique, s.placements.len()), (Some(Technique::BruteForce), 1));
    assert_eq!(
        parse_step("Multi Colors 1: 4 (r2c2) / (r3c3) => r1c6,r9c1<>4").technique,
        Some(Technique::MultiColors1)
    );
}

/// Forum-hardest puzzles take seconds each here: the sampled run leaves them to the long run.
fn not_forum(source: &str) -> bool {
    !source.contains("forum_hardest")
}

#[test]
fn hodoku_paths_sampled() {
    let Some(t) = compare_paths(25, not_forum, false) else { return };
    assert_eq!(t.n, 34);
    // Reached today: sequence 32, score within ±5% 34, level 34 of 34 (a regression fails).
    assert!(t.same_sequence >= 32, "same technique sequence on {} of {}", t.same_sequence, t.n);
    assert!(t.score_within_5pct >= 34, "score within 5% on {} of {}", t.score_within_5pct, t.n);
    assert!(t.same_level >= 34, "same level on {} of {}", t.same_level, t.n);
}

/// Every 10th puzzle but the forum-hardest ones (85 puzzles, about 15 s), with the replay of HoDoKu's
/// paths; `SUDOKIT_HODOKU_PATHS_EVERY=1` compares all 850 (a few minutes).
#[test]
#[ignore = "compares and replays 85 paths step by step; run with --ignored"]
fn hodoku_paths_long() {
    let every = std::env::var("SUDOKIT_HODOKU_PATHS_EVERY").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let Some(t) = compare_paths(every, not_forum, true) else { return };
    if every == 10 {
        assert_eq!(t.n, 85);
        // Reached today: sequence 78, steps 78, score within ±5% 84, level 85 of 85 (a regression
        // fails). All 850 (`SUDOKIT_HODOKU_PATHS_EVERY=1`): sequence 95.8%, score within ±5% 98.9%.
        assert!(t.same_sequence >= 78, "same technique sequence on {} of {}", t.same_sequence, t.n);
        assert!(t.same_path >= 78, "same steps on {} of {}", t.same_path, t.n);
        assert!(t.score_within_5pct >= 84, "score within 5% on {} of {}", t.score_within_5pct, t.n);
        assert!(t.same_level >= 85, "same level on {} of {}", t.same_level, t.n);
    }
}

/// Follows every HoDoKu path step by step and calls `visit` with the state before each step it can
/// read (a path stops at a technique sudokit does not name).
fn replay_paths(paths: &[HodokuPath], visit: &mut dyn FnMut(&HodokuPath, &State, &HodokuStep, Technique)) {
    for path in paths {
        let grid: Grid = path.puzzle.parse().expect("a path puzzle parses");
        let mut state = State::classic(&grid).expect("valid");
        for h in &path.steps {
            let Some(technique) = h.technique else { break };
            visit(path, &state, h, technique);
            let mut hs = Step::new(technique, Shape::CLASSIC);
            hs.placements = h.placements.clone();
            hs.eliminations = h.eliminations.clone();
            apply(&mut state, &hs);
        }
    }
}

/// At every state of HoDoKu's 1,000 paths where HoDoKu takes a uniqueness step, sudokit's first
/// step of that technique is HoDoKu's: the same rectangles, met in the same order (HoDoKu's
/// rectangles may lack a candidate a step removed, and are looked at once per state, with the
/// digits of their first two-candidate corner).
#[test]
fn uniqueness_steps_are_the_ones_hodoku_takes() {
    use sudokit::human::{find_first, FindOptions};
    use Technique as T;
    let Some(paths) = hodoku_paths() else { return };
    let kinds = [
        T::Uniqueness1,
        T::Uniqueness2,
        T::Uniqueness3,
        T::Uniqueness4,
        T::Uniqueness5,
        T::Uniqueness6,
        T::HiddenRectangle,
        T::AvoidableRectangle1,
        T::AvoidableRectangle2,
        T::BugPlus1,
    ];
    let (mut checked, mut differ) = (0, Vec::new());
    replay_paths(&paths, &mut |path, state, h, technique| {
        if kinds.contains(&technique) {
            checked += 1;
            let ours = find_first(state, technique, &FindOptions::default());
            let same = ours.as_ref().is_some_and(|o| sorted_results(o).1 == h.eliminations);
            if !same {
                differ.push(format!("{}: {} | ours {:?}", path.puzzle, h.text, ours.map(|o| o.to_string())));
            }
        }
    });
    println!("{checked} uniqueness steps of HoDoKu's paths, {} found otherwise", differ.len());
    assert!(checked > 100, "only {checked} uniqueness steps");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// At every state of HoDoKu's 1,000 paths where HoDoKu takes a forcing chain contradiction, sudokit
/// finds that contradiction too: a premise that leaves a cell without candidates or a digit without
/// a place in a house (HoDoKu's `Contradiction in r2`) as well as one that makes a candidate both
/// true and false.
#[test]
fn hodokus_forcing_chain_contradictions_are_found() {
    use sudokit::human::{find_all, FindOptions};
    let Some(paths) = hodoku_paths() else { return };
    let (mut checked, mut missing) = (0, Vec::new());
    replay_paths(&paths, &mut |path, state, h, technique| {
        if technique == Technique::ForcingChainContradiction {
            checked += 1;
            let ours = find_all(state, technique, &FindOptions::default());
            let results = (h.placements.clone(), h.eliminations.clone());
            if !ours.iter().any(|o| sorted_results(o) == results) {
                missing.push(format!("{}: {}", path.puzzle, h.text));
            }
        }
    });
    println!("{checked} forcing chain contradictions in HoDoKu's paths, {} not found", missing.len());
    assert!(checked > 100, "only {checked} contradictions");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// At every state of HoDoKu's 1,000 paths where HoDoKu takes a forcing net contradiction, sudokit
/// finds it too, and nearly every forcing net verity. HoDoKu's nets follow group nodes (a digit's
/// places where a line crosses a block) besides singles, and so do sudokit's: without them a fifth
/// of HoDoKu's net steps (198 of 951) were not found, and paths took Brute Force where HoDoKu
/// takes a net. A verity also takes in branches that turn out false, with what they imply, as
/// HoDoKu's tables do (87 of its 177 verities were missed without them). Six are still missed;
/// the test lists them should that number grow.
#[test]
fn hodokus_forcing_nets_are_found() {
    use sudokit::human::{find_all, FindOptions};
    let Some(paths) = hodoku_paths() else { return };
    // Per kind (contradiction, verity): HoDoKu's steps of it, and those sudokit does not find.
    let mut counts = [(0usize, Vec::new()), (0, Vec::new())];
    replay_paths(&paths, &mut |path, state, h, technique| {
        let kind = match technique {
            Technique::ForcingNetContradiction => 0,
            Technique::ForcingNetVerity => 1,
            _ => return,
        };
        counts[kind].0 += 1;
        let ours = find_all(state, technique, &FindOptions::default());
        let results = (h.placements.clone(), h.eliminations.clone());
        if !ours.iter().any(|o| sorted_results(o) == results) {
            counts[kind].1.push(format!("{}: {}", path.puzzle, h.text));
        }
    });
    let [(contradictions, missed), (verities, unreached)] = counts;
    println!(
        "{contradictions} forcing net contradictions in HoDoKu's paths, {} not found; \
         {verities} verities, {} not found",
        missed.len(),
        unreached.len()
    );
    assert!(contradictions > 100 && verities > 100, "only {contradictions} and {verities} nets");
    assert!(missed.is_empty(), "{}", missed.join("\n"));
    assert!(unreached.len() <= 6, "{}", unreached.join("\n"));
}

/// At every state of HoDoKu's 1,000 paths where HoDoKu takes a Remote Pair, sudokit's first Remote
/// Pair is HoDoKu's: the same eliminations, a longer chain's where it eliminates more than a shortest
/// one (a top1465 puzzle's six-cell pair that eliminates in two cells).
#[test]
fn remote_pairs_are_the_ones_hodoku_takes() {
    let Some(paths) = hodoku_paths() else { return };
    let options = sudokit::human::FindOptions::default();
    let (mut seen, mut wide, mut missed) = (0, 0, Vec::new());
    replay_paths(&paths, &mut |path, state, h, t| {
        if t != Technique::RemotePair {
            return;
        }
        seen += 1;
        let cells: std::collections::BTreeSet<Cell> = h.eliminations.iter().map(|c| c.cell).collect();
        wide += usize::from(cells.len() > 1);
        let ours = sudokit::human::find_first(state, t, &options);
        if ours.as_ref().map(sorted_results) != Some((h.placements.clone(), h.eliminations.clone())) {
            missed.push(format!("{} {}: ours {:?}", path.puzzle, h.text, ours.map(|s| s.to_string())));
        }
    });
    println!("{seen} Remote Pairs in HoDoKu's paths, {wide} eliminating in several cells");
    assert!(seen > 10 && wide > 0, "{seen} Remote Pairs, {wide} eliminating in several cells");
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}
