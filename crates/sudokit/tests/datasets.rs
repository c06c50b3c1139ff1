//! Every puzzle of every shared dataset, solved by the engine `Puzzle` picks (the fast 9×9 engine):
//! each first solution is verified against the rules and the givens, and each uniqueness verdict is
//! checked against what the dataset's README says of the file. Skips with a note when
//! `../shared/datasets` is not beside the repository.

use std::path::PathBuf;

use sudokit::{Grid, Puzzle};

fn datasets() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: {} not found; dataset test skipped", p.display());
        None
    }
}

/// `(file, expected count up to 2)`: the README says which sets are unique and that Serg's has two or more.
const FILES: [(&str, u64); 5] = [
    ("puzzles2_17_clue.txt", 1),
    ("puzzles3_magictour_top1465.txt", 1),
    ("puzzles5_forum_hardest_1905_11+.txt", 1),
    ("puzzles6_forum_hardest_1106.txt", 1),
    ("puzzles7_serg_benchmark.txt", 2),
];

fn check_file(dir: &std::path::Path, file: &str, expected: u64) {
    let text = std::fs::read_to_string(dir.join(file)).expect("dataset readable");
    let mut n = 0usize;
    for (i, line) in text.lines().enumerate() {
        let grid: Grid = line.parse().unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
        let puzzle = Puzzle::classic(grid);
        let solution =
            puzzle.first_solution().unwrap_or_else(|| panic!("{file}:{}: no solution found", i + 1));
        assert!(
            puzzle.board().is_solution(puzzle.grid(), &solution),
            "{file}:{}: wrong solution {solution}",
            i + 1
        );
        assert_eq!(puzzle.count_up_to(2).solutions, expected, "{file}:{}: wrong uniqueness verdict", i + 1);
        n += 1;
    }
    assert!(n > 300, "{file}: only {n} puzzles read");
}

#[test]
fn every_dataset_puzzle_is_solved_correctly() {
    let Some(dir) = datasets() else { return };
    // One thread per file: the whole run takes seconds, not tens of seconds.
    std::thread::scope(|s| {
        for (file, expected) in FILES {
            let dir = &dir;
            s.spawn(move || check_file(dir, file, expected));
        }
    });
}

#[test]
fn tdoku_test_puzzles_have_their_exact_counts() {
    let Some(dir) = datasets() else { return };
    let text = std::fs::read_to_string(dir.join("peer-tests/tdoku_test_puzzles.txt")).expect("readable");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split(':');
        let (p, count) = (parts.next().expect("puzzle"), parts.next().expect("count"));
        let puzzle = Puzzle::classic(p.parse().expect("puzzle parses"));
        let count: u64 = count.trim().parse().expect("count is a number");
        assert_eq!(puzzle.count_up_to(10_000).solutions, count, "{p}");
        if let Some(sol) = parts.next().filter(|s| s.len() == 81) {
            assert_eq!(puzzle.first_solution().map(|g| g.to_string()).as_deref(), Some(sol), "{p}");
        }
    }
}
