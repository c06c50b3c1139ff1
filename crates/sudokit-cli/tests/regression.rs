//! The exact examples from the issues, each a named test that links its issue.

use crate::util::{assert_solves, assert_text, data, sudokit};

const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const P295: &str = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";

/// Issue #2: the textbook layout round-trips exactly.
#[test]
fn issue2_textbook_layout_exact_output() {
    let input = std::fs::read_to_string(data("textbook.txt")).expect("data");
    let expected = std::fs::read_to_string(data("textbook.solution.txt")).expect("data");
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&r.stdout, &expected);
}

/// Issue #2: a unique puzzle starting `812753649`.
#[test]
fn issue2_unique_puzzle() {
    let r = sudokit(&["solve"], P1);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("812753649"), "{}", r.stdout);
    assert_solves(P1, r.stdout.trim());
    assert_eq!(sudokit(&["count"], P1).stdout, "1\n");
    assert_eq!(sudokit(&["check"], P1).stdout, "unique\n");
}

/// Issue #2: the same puzzle with its row-4 `5` replaced by `8` has exactly 295 solutions.
#[test]
fn issue2_puzzle_with_295_solutions() {
    assert_eq!(sudokit(&["count"], P295).stdout, "295\n");
    let r = sudokit(&["solve", "--all"], P295);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 295);
    let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(distinct.len(), 295);
    for l in &lines {
        assert_solves(P295, l);
    }
    let c = sudokit(&["check"], P295);
    assert_eq!(c.code, 3, "several solutions exit 3");
    assert!(c.stdout.starts_with("multiple: solutions differ at "), "{}", c.stdout);
}

/// Issue #2: the textbook-layout puzzle with a given in the top-right corner.
#[test]
fn issue2_textbook_puzzle_unique() {
    let rows = "0 0 0 0 0 0 0 0 2 / 0 0 4 2 0 0 6 0 1 / 6 0 0 0 0 0 9 0 0 / 9 6 0 8 0 4 1 0 0 / 0 0 0 9 0 3 0 0 0 / 0 0 8 7 0 6 0 4 9 / 0 0 5 0 0 0 0 0 8 / 1 0 7 0 0 8 3 0 0 / 4 0 0 0 0 0 0 0 0";
    let input = rows.split(" / ").collect::<Vec<_>>().join("\n") + "\n";
    let r = sudokit(&["solve", "-o", "line"], &input);
    assert_eq!(
        r.stdout,
        "819465732574239681623187954962854173741923865358716249235671498197548326486392517\n"
    );
    assert_eq!(sudokit(&["check"], &input).stdout, "unique\n");
}

/// Issue #2: the LeetCode board gives back the JSON board of its solution.
#[test]
fn issue2_leetcode_json() {
    let input = std::fs::read_to_string(data("leetcode.json")).expect("data");
    let expected = std::fs::read_to_string(data("leetcode.solution.json")).expect("data");
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&r.stdout, &expected);
    let line = sudokit(&["solve", "-o", "line"], &input);
    assert_eq!(
        line.stdout,
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n"
    );
}

/// Issue #2: every entry of the regression corpus (`puzzle:count[:solution]`) counts exactly.
#[test]
fn issue2_regression_corpus() {
    let text = std::fs::read_to_string(data("regression.txt")).expect("data");
    let entries: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(':').collect())
        .collect();
    let puzzles: String = entries.iter().map(|e| format!("{}\n", e[0])).collect();
    let counts = sudokit(&["count", "--limit", "100000"], &puzzles);
    let expected: String = entries.iter().map(|e| format!("{}\n", e[1])).collect();
    assert_text(&counts.stdout, &expected);
    let solved = sudokit(&["solve"], &puzzles);
    for (e, out) in entries.iter().zip(solved.stdout.lines()) {
        match (e[1], e.get(2)) {
            ("0", _) => assert_eq!(out, "!no solution"),
            (_, Some(sol)) => assert_eq!(&out, sol),
            _ => assert_solves(e[0], out),
        }
    }
    assert_eq!(solved.stdout.lines().count(), entries.len());
    assert_eq!(solved.code, 1, "no-solution puzzles make the status 1");
}

/// A LeetCode board of `P1` on one line, as Python's `json.dumps` writes it.
fn json_board(puzzle: &str) -> String {
    let rows: Vec<String> = puzzle
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|&b| format!("\"{}\"", b as char)).collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// Issue #22, item 1: in a 1,000-board file whose line 4 lacks its final `]`, that board is one error
/// and the other 999 are solved, in order.
#[test]
fn issue22_unclosed_json_board_loses_nothing() {
    let good = json_board(P1);
    let mut lines = vec![good.clone(); 1000];
    lines[3].pop();
    let r = sudokit(&["solve", "-o", "line"], &(lines.join("\n") + "\n"));
    assert_eq!(r.code, 2, "{}", r.stderr);
    let out: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(out.len(), 1000);
    assert_eq!(out[3], "!unreadable");
    assert!(out.iter().enumerate().all(|(i, l)| i == 3 || l.starts_with("812753649")), "{}", r.stdout);
    assert!(
        r.stderr.contains("puzzle 4, line 4: the JSON value is not closed before the record on line 5"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

/// Issue #22, item 2: after a JSON syntax error the reader does not restart mid-line: one bad line, one
/// record, and the records after it stay aligned.
#[test]
fn issue22_json_syntax_error_is_one_record() {
    let good = json_board(P1);
    let input = format!("{good}\n{{\"size\": 4, \"boxx\"]}}\n{good}\n");
    let r = sudokit(&["solve", "-o", "line"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let out: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(out.len(), 3, "{}", r.stdout);
    assert_eq!(out[1], "!unreadable");
    assert!(out[0].starts_with("812753649") && out[2].starts_with("812753649"), "{}", r.stdout);
}

/// Issue #22, item 4: a top-level array of boards on one line longer than 64 KiB, as Python's
/// `json.dump` writes it, is read board by board.
#[test]
fn issue22_one_line_json_array_over_64_kib() {
    let n = 400;
    let input = format!("[{}]\n", vec![json_board(P1); n].join(", "));
    assert!(input.len() > 64 * 1024);
    let r = sudokit(&["solve", "-o", "line"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), n);
    assert!(r.stdout.lines().all(|l| l.starts_with("812753649")));
}

/// Naked and hidden singles on a 9×9 line, written here from the rules alone: whether they fill it.
fn singles_fill(puzzle: &str) -> bool {
    let mut v: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    let units: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|b| (0..9).map(|k| (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3).collect()))
        .collect();
    let allowed = |v: &[u8], cell: usize, d: u8| {
        units.iter().filter(|u| u.contains(&cell)).all(|u| u.iter().all(|&x| v[x] != d))
    };
    loop {
        let mut progress = false;
        for cell in 0..81 {
            if v[cell] == 0 {
                let ds: Vec<u8> = (1..=9).filter(|&d| allowed(&v, cell, d)).collect();
                if ds.len() == 1 {
                    v[cell] = ds[0];
                    progress = true;
                }
            }
        }
        for u in &units {
            for d in 1..=9 {
                let places: Vec<usize> =
                    u.iter().copied().filter(|&c| v[c] == 0 && allowed(&v, c, d)).collect();
                if !u.iter().any(|&c| v[c] == d) && places.len() == 1 {
                    v[places[0]] = d;
                    progress = true;
                }
            }
        }
        if v.iter().all(|&x| x != 0) {
            return true;
        }
        if !progress {
            return false;
        }
    }
}

/// Issue #22, item 5: `generate puzzle --difficulty singles` returned puzzles that singles cannot
/// solve (seed 20240, index 1 stalled at 35 of 81 cells). Every puzzle of the class now yields to naked
/// and hidden singles alone.
#[test]
fn issue22_singles_class_is_solved_by_singles() {
    let r =
        sudokit(&["generate", "puzzle", "--difficulty", "singles", "--seed", "20240", "--count", "300"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let puzzles: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(puzzles.len(), 300);
    let stalled: Vec<&&str> = puzzles.iter().filter(|p| !singles_fill(p)).collect();
    assert!(stalled.is_empty(), "{} of 300 stall under singles: {stalled:?}", stalled.len());
}
