//! The dataset samples both 9×9 benchmarks (`solve9`, `versus`) run on.

use std::path::PathBuf;

/// Dataset files, their group names, and how many puzzles (spread evenly over the file) one
/// pass uses; the hard sets get fewer so a pass stays short.
pub const SETS: [(&str, &str, usize); 5] = [
    ("17_clue", "puzzles2_17_clue.txt", 2000),
    ("top1465", "puzzles3_magictour_top1465.txt", 1465),
    ("hardest_11+", "puzzles5_forum_hardest_1905_11+.txt", 500),
    ("hardest_1106", "puzzles6_forum_hardest_1106.txt", 375),
    ("serg", "puzzles7_serg_benchmark.txt", 2000),
];

fn parse(line: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, ch) in g.iter_mut().zip(line.bytes()) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            _ => 0,
        };
    }
    g
}

/// A strided sample of `n` puzzles (every puzzle of the file when `n` is at least their number),
/// or `None` when the datasets are not present.
pub fn sample(file: &str, n: usize) -> Option<Vec<[u8; 81]>> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/datasets"));
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
    let stride = (lines.len() / n.max(1)).max(1);
    Some(lines.iter().step_by(stride).take(n).map(|l| parse(&l[..81])).collect())
}
