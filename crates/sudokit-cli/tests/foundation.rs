//! Issue #2: layouts, commands, bad input and exit codes, end to end.

use crate::util::{assert_solves, assert_text, sudokit, sudokit_bytes};

const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const S1: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn rows(p: &str, sep: &str, blank: &str) -> Vec<String> {
    p.as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| if b == b'.' { blank.to_string() } else { (b as char).to_string() })
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect()
}

#[test]
fn line_layout_with_zeros_other_blanks_comments_and_ratings() {
    let input = format!(
        "# a comment\n{}\n\n{} 5.6 SE rating\n{}\n",
        P1.replace('.', "0"),
        P1.replace('.', "_"),
        P1.replace('.', "*")
    );
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("{S1}\n{S1}\n{S1}\n"));
}

#[test]
fn several_textbook_grids_with_and_without_blank_lines() {
    let g = rows(P1, " ", "0").join("\n");
    let r = sudokit(&["solve"], &format!("{g}\n{g}\n\n{g}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s = rows(S1, " ", "0").join("\n");
    assert_text(&r.stdout, &format!("{s}\n\n{s}\n\n{s}\n"));
}

#[test]
fn compact_and_art_layouts() {
    let compact = rows(P1, "", ".").join("\n");
    let r = sudokit(&["solve"], &compact);
    assert_text(&r.stdout, &(rows(S1, "", ".").join("\n") + "\n"));
    let art = sudokit(&["solve", "-o", "pretty"], P1).stdout;
    assert!(art.starts_with("+-------+-------+-------+\n| 8 1 2 | 7 5 3 | 6 4 9 |\n"), "{art}");
    // Grid art in, grid art out; and the art of a puzzle reads back.
    let puzzle_art = sudokit(&["solve", "-o", "pretty", "--first"], P1).stdout;
    let again = sudokit(&["solve", "-o", "line"], &puzzle_art);
    assert_eq!(again.stdout, format!("{S1}\n"));
    assert_eq!(sudokit(&["solve"], &puzzle_art).stdout, puzzle_art);
}

#[test]
fn forced_formats() {
    let r = sudokit(&["solve", "--input-format", "line", "--output-format", "grid"], P1);
    assert_text(&r.stdout, &(rows(S1, " ", "0").join("\n") + "\n"));
    let j = sudokit(&["solve", "-o", "board"], P1);
    assert!(j.stdout.starts_with(r#"[["8","1","2","7","5","3","6","4","9"],"#), "{}", j.stdout);
    let back = sudokit(&["solve", "-i", "json", "-o", "line"], &j.stdout);
    assert_eq!(back.stdout, format!("{S1}\n"));
    let bad = sudokit(&["solve", "-i", "json"], P1);
    assert_eq!(bad.code, 2);
}

#[test]
fn count_stops_at_limit_with_plus() {
    let empty = ".".repeat(81);
    let r = sudokit(&["count", "--limit", "1000"], &empty);
    assert_eq!(r.stdout, "1000+\n");
    assert_eq!(r.code, 0);
    let all = sudokit(&["solve", "--all", "--limit", "5"], &empty);
    assert_eq!(all.stdout.lines().count(), 5);
    assert!(all.stderr.contains("stopped after 5 solutions"), "{}", all.stderr);
}

#[test]
fn check_verdicts_and_exit_status() {
    let conflict = format!("55{}", &P1[2..]);
    let nosol = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
    let input = format!("{P1}\n{conflict}\n{nosol}\n");
    let r = sudokit(&["check"], &input);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "unique");
    assert!(lines[1].starts_with("invalid: 5 twice in row 1 (r1c1 and r1c2)"), "{}", lines[1]);
    assert_eq!(lines[2], "no solution");
    assert_eq!(sudokit(&["check"], P1).code, 0);
}

/// A puzzle with no solution says why where a short argument shows it: in `check`'s verdict (its
/// `detail` in JSON and CSV) and in `solve`'s message; one only the search shows says no more.
#[test]
fn no_solution_says_why() {
    let empty_cell = format!("12345678.........9{}", ".".repeat(63));
    // r1c3 := 2 in a classic puzzle: 13 singles later r7c9 has no candidate.
    let wrong = "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    // A given added to a hard puzzle: after two singles, each of two places of 7 in column 4 fails.
    let cases = "8..3.......36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let deep = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
    let r = sudokit(&["check"], &format!("{empty_cell}\n{wrong}\n{cases}\n{deep}\n"));
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "no solution: r1c9 has no candidate left");
    assert_eq!(
        lines[1],
        "no solution: after 13 singles (r1c4=6 r3c1=1 r5c5=5 r5c2=2 r5c8=9 … r1c9=4), r7c9 has no candidate left"
    );
    assert!(
        lines[2].starts_with(
            "no solution: after the singles r3c9=3 r4c5=3, every place of 7 in column 4 fails: r7c4=7: after 19 singles ("
        )
    );
    assert!(lines[2].ends_with(
        "; r9c4=7: after 8 singles (r7c5=2 r8c5=6 r6c5=8 r9c5=1 r7c1=7 … r9c8=2), r9c9 has no candidate left"
    ));
    assert_eq!(lines[3], "no solution");
    assert_eq!(lines.len(), 4);

    let json = sudokit(&["check", "-o", "json"], &format!("{empty_cell}\n{deep}\n"));
    let records: Vec<serde_json::Value> =
        json.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON record")).collect();
    assert_eq!(records[0]["status"], "no_solution");
    assert_eq!(records[0]["detail"], "r1c9 has no candidate left");
    assert_eq!((&records[1]["status"], records[1].get("detail")), (&serde_json::json!("no_solution"), None));
    let csv = sudokit(&["check", "-o", "csv"], &format!("{empty_cell}\n"));
    assert_eq!(
        csv.stdout.lines().nth(1),
        Some(format!("1,no_solution,{empty_cell},,r1c9 has no candidate left").as_str())
    );

    let solve = sudokit(&["solve"], &format!("{empty_cell}\n{deep}\n"));
    assert_eq!((solve.code, solve.stdout.as_str()), (1, "!no solution\n!no solution\n"));
    assert!(
        solve.stderr.contains("puzzle 1, line 1: no solution: r1c9 has no candidate left\n"),
        "{}",
        solve.stderr
    );
    assert!(solve.stderr.contains("puzzle 2, line 2: no solution\n"), "{}", solve.stderr);

    // Every other command that meets it says why in its own message, with its own marker record.
    let why = ": r1c9 has no candidate left";
    for (args, message) in [
        (vec!["explain"], format!("the puzzle has no solution{why}")),
        (vec!["hint"], format!("the puzzle has no solution{why}")),
        (vec!["candidates"], format!("the puzzle has no solution{why}")),
        (vec!["explain", "--scale", "se"], format!("no solution{why}; not rated")),
        (vec!["rate"], format!("no solution{why}; not rated")),
        (vec!["minimize"], format!("not minimized: no solution{why}")),
        (vec!["backdoor"], format!("no backdoors: no solution{why}")),
    ] {
        let r = sudokit(&args, &format!("{empty_cell}\n"));
        assert_eq!((r.code, r.stdout.as_str()), (1, "!no solution\n"), "{args:?}");
        assert_eq!(r.stderr, format!("sudokit: <stdin>: puzzle 1, line 1: {message}\n"), "{args:?}");
    }
}

#[test]
fn multiple_verdict_shows_two_solutions_and_their_differences() {
    let p = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";
    let r = sudokit(&["check"], p);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    let (a, b) = (lines[1].trim(), lines[2].trim());
    assert_ne!(a, b);
    assert_solves(p, a);
    assert_solves(p, b);
    let differing: Vec<String> = a
        .bytes()
        .zip(b.bytes())
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
        .collect();
    assert_eq!(lines[0], format!("multiple: solutions differ at {}", differing.join(" ")));
}

#[test]
fn conflicting_givens_in_row_column_and_box_are_named() {
    let mut cases = Vec::new();
    for (i, j, house) in [(0, 8, "row 1"), (0, 72, "column 1"), (0, 20, "box 1")] {
        let mut b = vec![b'.'; 81];
        b[i] = b'7';
        b[j] = b'7';
        cases.push((String::from_utf8(b).expect("ascii"), house));
    }
    let input: String = cases.iter().map(|(p, _)| format!("{p}\n")).collect();
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "!invalid\n!invalid\n!invalid\n");
    for (k, (_, house)) in cases.iter().enumerate() {
        let needle = format!("puzzle {}, line {}: givens break the rules: 7 twice in {house}", k + 1, k + 1);
        assert!(r.stderr.contains(&needle), "missing {needle:?} in\n{}", r.stderr);
    }
}

#[test]
fn bad_records_are_reported_and_the_rest_is_solved() {
    let input = format!("{P1}\n{}\n{P1}1\n{}x{}\n{P1}\n", &P1[..80], &P1[..40], &P1[41..]);
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 2, "unreadable input exits 2");
    assert_eq!(r.stdout, format!("{S1}\n!unreadable\n!unreadable\n!unreadable\n{S1}\n"));
    assert!(
        r.stderr.contains("<stdin>: puzzle 2, line 2: 80 cells on the line, a 9×9 puzzle has 81"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("puzzle 3, line 3: 82 cells"), "{}", r.stderr);
    assert!(r.stderr.contains("puzzle 4, line 4, column 41: invalid character 'x'"), "{}", r.stderr);
}

#[test]
fn empty_and_missing_files() {
    let dir = std::env::temp_dir().join(format!("sudokit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").expect("write");
    let e = empty.to_str().expect("utf-8 path");
    let r = sudokit(&["solve", e], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no puzzle found"), "{}", r.stderr);
    // Pencil marks too, from a file or standard input.
    for args in [
        &["hint", "--pencil", e][..],
        &["rate", "--pencil"],
        &["explain", "--pencil", "-"],
        &["candidates", "--pencil"],
    ] {
        let r = sudokit(args, "# a comment\n\n");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(r.stderr.contains("no puzzle found"), "{args:?}: {}", r.stderr);
    }
    let missing = dir.join("missing.txt");
    let m = missing.to_str().expect("utf-8 path");
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{P1}\n")).expect("write");
    let r = sudokit(&["solve", m, good.to_str().expect("utf-8 path")], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("missing.txt: cannot open"), "{}", r.stderr);
    assert_eq!(r.stdout, format!("{S1}\n"), "the other file is still solved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn truncated_grid_is_an_error() {
    let seven = rows(P1, " ", "0")[..7].join("\n");
    let full = rows(P1, " ", "0").join("\n");
    let r = sudokit(&["solve"], &format!("{seven}\n\n{full}\n"));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("puzzle 1, line 1: the grid ends after 7 rows, expected 9"), "{}", r.stderr);
    assert!(r.stdout.ends_with(&(rows(S1, " ", "0").join("\n") + "\n")), "{}", r.stdout);
    let only = sudokit(&["solve"], &seven);
    assert_eq!(only.code, 2);
    assert_eq!(only.stdout, "!unreadable\n");
}

#[test]
fn binary_garbage_does_not_panic() {
    let bytes: Vec<u8> = (0..20_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let r = sudokit_bytes(&["solve"], &bytes);
    assert_eq!(r.code, 2);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    let nonutf8 =
        [P1.as_bytes(), b"\n", &P1.as_bytes()[..10], &[0xff, 0xfe], &P1.as_bytes()[12..], b"\n"].concat();
    let r = sudokit_bytes(&["solve"], &nonutf8);
    assert!(
        r.stderr.contains("puzzle 2, line 2, column 11: invalid character byte 0xFF (not UTF-8 text)"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, format!("{S1}\n!unreadable\n"));
}

#[test]
fn ten_megabyte_line() {
    let mut input = "1".repeat(10 * 1024 * 1024);
    input.push('\n');
    input.push_str(P1);
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("puzzle 1, line 1"), "{}", r.stderr);
    assert_eq!(r.stdout, format!("!unreadable\n{S1}\n"));
}

#[test]
fn help_documents_exit_codes() {
    let r = sudokit(&["solve", "--help"], "");
    assert!(r.stdout.contains("Exit status:"));
    assert!(r.stdout.contains("2    some input could not be read"));
    assert!(r.stdout.contains("3    some puzzle has more than one solution"));
}

#[test]
fn stats_summary() {
    let r = sudokit(&["solve", "--stats", "--threads", "2"], &format!("{P1}\n{P1}\n"));
    assert!(r.stderr.contains("puzzles=2 solved=2 no_solution=0"), "{}", r.stderr);
}

/// `bench` times by the wall clock, or with `--cpu-time` by each thread's CPU time; both report the
/// same verified statistics.
#[test]
fn bench_with_either_clock() {
    for clock in [&[][..], &["--cpu-time"][..]] {
        let mut args = vec!["bench", "--seconds", "0", "--threads", "2"];
        args.extend_from_slice(clock);
        let r = sudokit(&args, &format!("{P1}\n{P1}\n"));
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.starts_with("file=- puzzles=2 mode=unique puzzles_per_sec="), "{}", r.stdout);
        assert!(r.stdout.contains(" guesses_per_puzzle="), "{}", r.stdout);
    }
}

/// Far more worker threads than cores spin without working (one puzzle took over 20 s with
/// `-j 60000`): `--threads` above 1024 is refused before any input is read.
#[test]
fn thread_counts_beyond_the_bound_are_refused() {
    for args in [
        &["solve", "-j", "60000"][..],
        &["rate", "--threads", "1025"],
        &["generate", "puzzle", "-j", "5000"],
        &["bench", "-j", "2000", "--seconds", "0"],
    ] {
        let r = sudokit(args, &format!("{P1}\n"));
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("is not in 1..=1024"), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}
