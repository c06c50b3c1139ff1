//! `explain`, `hint` and `candidates` (issue 15): steps in forum notation, JSON, pencil-mark input,
//! and bad input reported per record.

use crate::util::{shared, sudokit};

const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn explain_numbers_every_step_and_checks_results() {
    let run = sudokit(&["explain"], &format!("{EASY}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.first().copied(), Some("1. Naked Single: r5c6=4"));
    assert!(lines.last().is_some_and(|l| l.starts_with("solved in ")), "{}", run.stdout);
    // Everything after the last `=>` (or the single's colon) is results only.
    for line in &lines[..lines.len() - 1] {
        let results =
            line.rsplit_once(" => ").map_or_else(|| line.rsplit_once(": ").map(|p| p.1), |p| Some(p.1));
        for r in results.expect("results").split(", ") {
            assert!(r.starts_with('r') && (r.contains("<>") || r.contains('=')), "{line}");
        }
    }
}

#[test]
fn explain_json_and_grids() {
    let run = sudokit(&["explain", "-o", "json", "--grids"], &format!("{EASY}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
    assert_eq!(v["solved"], true);
    assert_eq!(v["steps"][0]["technique"], "Naked Single");
    assert_eq!(v["steps"][0]["placements"][0]["cell"], "r5c6");
    assert_eq!(v["grids"].as_array().map(Vec::len), v["steps"].as_array().map(Vec::len));
}

#[test]
fn brute_force_is_labelled_and_can_be_excluded() {
    let run = sudokit(&["explain"], &format!("{HARD}\n"));
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Brute Force: r"), "{}", run.stdout);
    let run = sudokit(&["explain", "--exclude", "bf"], &format!("{HARD}\n"));
    assert!(!run.stdout.contains("Brute Force"));
    assert!(run.stdout.contains("stuck after"));
}

#[test]
fn hint_levels() {
    let nudge = sudokit(&["hint", "--level", "nudge"], &format!("{EASY}\n"));
    assert_eq!(nudge.stdout, "Look at r5c6\n");
    let technique = sudokit(&["hint", "--level", "technique"], &format!("{EASY}\n"));
    assert_eq!(technique.stdout, "Try Naked Single\n");
    let step = sudokit(&["hint"], &format!("{EASY}\n"));
    assert_eq!(step.stdout, "Naked Single: r5c6=4\n");
    let json = sudokit(&["hint", "-o", "json"], &format!("{EASY}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(v["step"]["text"], "Naked Single: r5c6=4");
}

#[test]
fn a_hint_where_no_allowed_technique_applies_says_stuck_not_solved() {
    let run = sudokit(&["hint", "--techniques", "Naked Single"], &format!("{HARD}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("stuck: no allowed technique applies (pencil marks: "), "{}", run.stdout);
    let json = sudokit(&["hint", "--techniques", "Naked Single", "-o", "json"], &format!("{HARD}\n"));
    assert_eq!(
        json.stdout,
        format!("{{\"index\":1,\"status\":\"ok\",\"puzzle\":\"{HARD}\",\"hint\":null,\"solved\":false}}\n")
    );
}

#[test]
fn candidates_after_singles_read_back_as_pencil_marks() {
    let grid = sudokit(&["candidates"], &format!("{HARD}\n"));
    assert_eq!(grid.code, 0);
    assert!(grid.stdout.starts_with("+---"), "{}", grid.stdout);
    // The boxed grid is itself an input: the next hint on it is the same as on the puzzle after singles.
    let hint = sudokit(&["hint", "--pencil", "--exclude", "bf"], &grid.stdout);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    let line = sudokit(&["candidates", "-o", "json"], &format!("{HARD}\n"));
    let v: serde_json::Value = serde_json::from_str(line.stdout.trim()).expect("JSON");
    let marks = v["candidates"].as_str().expect("line form").to_string();
    assert_eq!(marks.len(), 729);
    let again = sudokit(&["candidates", "--pencil"], &format!("{marks}\n"));
    assert_eq!(again.stdout, grid.stdout);
}

#[test]
fn bad_input_is_reported_per_record_in_order() {
    let input = format!("{EASY}\n12x\n{}\n{EASY}\n", ".".repeat(81));
    let run = sudokit(&["hint"], &input);
    assert_eq!(run.code, 2);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines, ["Naked Single: r5c6=4", "!unreadable", "!multiple", "Naked Single: r5c6=4"]);
    assert!(run.stderr.contains("puzzle 2, line 2, column 3"), "{}", run.stderr);
    assert!(run.stderr.contains("puzzle 3, line 3: the puzzle has more than one solution"), "{}", run.stderr);
    // Text records of `explain` span lines and are separated by a blank line, markers included.
    let explain = sudokit(&["explain"], &input);
    let records: Vec<&str> = explain.stdout.split("\n\n").collect();
    assert_eq!(records.len(), 4, "{}", explain.stdout);
    assert_eq!(&records[1..3], ["!unreadable", "!multiple"]);
    let conflict = sudokit(&["explain"], &format!("11{}\n", &EASY[2..]));
    assert_eq!(conflict.code, 1);
    assert_eq!(conflict.stdout, "!invalid\n");
}

#[test]
fn contradictory_pencil_marks_are_named() {
    let mut marks: Vec<char> = "123456789".repeat(81).chars().collect();
    // r1c1 and r1c2 can only be 1.
    for (i, c) in marks.iter_mut().enumerate().take(18) {
        if i % 9 != 0 {
            *c = '.';
        }
    }
    let text: String = marks.into_iter().collect();
    let run = sudokit(&["hint", "--pencil"], &format!("{text}\n"));
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("r1c1 and r1c2 can only be 1"), "{}", run.stderr);
    let bad = sudokit(&["hint", "--pencil"], "123\n");
    assert_eq!(bad.code, 2);
}

#[test]
fn unknown_technique_is_an_argument_error() {
    let run = sudokit(&["explain", "--techniques", "no such thing"], &format!("{EASY}\n"));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("unknown technique"), "{}", run.stderr);
}

/// Issue #15, speed: the search internals may get faster but must find the same steps. The
/// `explain -o json` output over a fixed sample of top1465 is locked by its FNV-1a digest. A
/// deliberate change of the solving path (another step order, a new technique) updates the digests; a
/// change made for speed never may. The default run takes every 150th puzzle (10 of them, a subset of
/// the full sample); the ignored test below takes every 30th (49).
#[test]
fn issue15_explain_path_of_a_fixed_sample_is_locked() {
    explain_path_is_locked(150, 10, "1f57347bf3cc54b0");
}

/// `issue15_explain_path_of_a_fixed_sample_is_locked` on its full sample, every 30th puzzle of
/// top1465 (about 7 s).
#[test]
#[ignore = "the full sample; the default run locks a tenth of it"]
fn issue15_explain_path_of_the_full_sample_is_locked() {
    explain_path_is_locked(30, 49, "c3a51fe42eb9d76b");
}

/// Runs `explain -o json` over every `step`th puzzle of top1465 (`count` of them) and checks the
/// digest of its output.
fn explain_path_is_locked(step: usize, count: usize, digest: &str) {
    let Some(file) = shared("puzzles3_magictour_top1465.txt") else { return };
    let text = std::fs::read_to_string(file).expect("the dataset is readable");
    let sample: String = text.lines().step_by(step).map(|l| format!("{l}\n")).collect();
    let r = sudokit(&["explain", "-o", "json", "--threads", "1"], &sample);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), count);
    let actual = r
        .stdout
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    assert_eq!(format!("{actual:016x}"), digest, "the explain path of the sample changed");
}
