//! Helpers for the CLI tests: run `sudokit` with arguments and input, and compare output with a readable diff.

use std::path::PathBuf;

use assert_cmd::Command;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file under `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    root().join("tests/data").join(name)
}

/// A file of the shared datasets folder beside the repository, if it is there. A missing file fails
/// the test instead when `SUDOKIT_REQUIRE_DATASETS=1` (CI sets it).
pub fn shared(name: &str) -> Option<PathBuf> {
    let p = root().join("../shared/datasets").join(name);
    let required = std::env::var("SUDOKIT_REQUIRE_DATASETS").is_ok_and(|v| v == "1");
    assert!(p.exists() || !required, "{} is missing and SUDOKIT_REQUIRE_DATASETS=1 requires it", p.display());
    p.exists().then_some(p)
}

/// What one run printed.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `sudokit ARGS` with `stdin` as input.
pub fn sudokit(args: &[&str], stdin: &str) -> Run {
    sudokit_bytes(args, stdin.as_bytes())
}

/// Runs `sudokit ARGS` with raw bytes as input.
pub fn sudokit_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let out = Command::cargo_bin("sudokit")
        .expect("the sudokit binary is built")
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("sudokit runs");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// Asserts two texts are equal, printing both with line numbers where they differ.
#[track_caller]
pub fn assert_text(actual: &str, expected: &str) {
    if actual == expected {
        return;
    }
    let mut diff = String::new();
    let (a, e): (Vec<&str>, Vec<&str>) = (actual.lines().collect(), expected.lines().collect());
    for i in 0..a.len().max(e.len()) {
        let (x, y) = (a.get(i).copied(), e.get(i).copied());
        if x != y {
            diff.push_str(&format!("line {}:\n  expected: {:?}\n  actual:   {:?}\n", i + 1, y, x));
        }
    }
    panic!("output differs\n{diff}\n--- actual ---\n{actual}--- expected ---\n{expected}");
}

/// Checks that `solution` (81 characters) is a valid Sudoku solution that keeps the givens of `puzzle`.
#[track_caller]
pub fn assert_solves(puzzle: &str, solution: &str) {
    let p: sudokit::Grid = puzzle.parse().expect("puzzle parses");
    let s: sudokit::Grid = solution.parse().expect("solution parses");
    let board = sudokit::Board::classic(p.shape());
    assert!(board.is_solution(&p, &s), "{solution} does not solve {puzzle}");
}

/// The `sudokit` binary under test, for tests that drive the process by hand (pipes, `/dev/full`).
pub fn sudokit_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudokit"))
}

/// A fresh folder under the system's temporary folder, removed with everything in it when dropped.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates `sudokit-NAME-PID` (emptied first if an earlier run left it behind).
    pub fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("sudokit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("a temporary folder can be created");
        TempDir(p)
    }

    /// A path inside the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Best effort: a leftover folder in the temporary folder harms nobody.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
