//! HoDoKu-compatible ratings against HoDoKu 2.2.0's own (hodoku-py 0.2.1 and the Java original, which
//! agree step by step), on the development set in `../shared/datasets/ratings/hodoku-dev.tsv` (read at
//! test time; its README says how it was made). Prints the level agreement, the share of scores
//! within ±5 %, the split by HoDoKu level, and the biggest disagreements.
//!
//! The floors are the shares reached while the human solver has no chains, ALS or forcing chains:
//! puzzles that need them fall back on Brute Force (10000 points, extreme), so unfair puzzles come out
//! extreme and extreme ones score far higher than HoDoKu's forcing chains make them. Where both paths
//! use singles only, scores still differ when the solver picks other singles than HoDoKu does (a
//! hidden single is 14 points, a naked single or full house 4).

use sudokit::rate::hodoku::{self, Level};
use sudokit::Grid;

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
                            "{} ours {} {} (hardest {}, {} brute force steps) vs HoDoKu {} {} [{}] ({})",
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
    // Reached today: level 98 %, score 46 %.
    assert_floors(&t, 0.97, 0.45);
}

#[test]
#[ignore = "rates all 1,000 oracle puzzles; run with --ignored"]
fn hodoku_dev_full_agreement() {
    let Some(t) = compare(1) else { return };
    assert_eq!(t.n, 1000);
    // Reached today: level 96.0 % (issue 16 asks 95 %), score 47.9 % (it asks 80 %).
    assert_floors(&t, 0.955, 0.47);
}

#[test]
fn other_boards_are_refused() {
    let grid: Grid = "1.3.4.2.3.1.2.4.".parse().expect("a 4x4 grid parses");
    assert_eq!(hodoku::rate(&grid), Err(hodoku::HodokuError::NotClassic { side: 4 }));
}
