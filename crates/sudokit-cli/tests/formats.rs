//! Issue #20: every output reads back, the formats people's files are in, machine-readable output
//! for every command, and honest exit codes.

use crate::util::{data, shared, sudokit, sudokit_bytes};

const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const S1: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// P1 with one given changed: 295 solutions.
const P295: &str = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";
/// Two 5s in row 1.
const CONFLICT: &str = "55.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const NO_SOLUTION: &str = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
/// Singles only: rated in a moment on both scales.
const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The records of a run's JSON Lines output.
fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not one JSON object per line ({e}): {l:?}"))
        })
        .collect()
}

/// Every output of every command, in every `-o` it offers, is read back by every command that reads
/// puzzles, auto-detected, with one record per puzzle and exit 0.
#[test]
fn issue20_every_output_reads_back_everywhere() {
    let layouts = ["line", "grid", "compact", "pretty", "board", "json", "csv"];
    let mut producers: Vec<(Vec<&str>, &str)> = Vec::new();
    for f in layouts {
        producers.push((vec!["solve", "-o", f], P1));
        producers.push((vec!["canon", "-o", f], P1));
    }
    // In the grid layouts `--echo` sets the puzzle beside its answer, for people to read.
    for f in ["line", "json", "csv"] {
        producers.push((vec!["solve", "--echo", "-o", f], P1));
    }
    for f in ["json", "csv"] {
        producers.push((vec!["count", "-o", f], P1));
        producers.push((vec!["check", "-o", f], P1));
        producers.push((vec!["solve", "--all", "-o", f], P1));
    }
    for f in ["line", "grid", "compact", "pretty", "json", "csv"] {
        producers.push((vec!["generate", "puzzle", "-n", "2", "--seed", "7", "-o", f], ""));
        producers.push((vec!["generate", "grid", "-n", "2", "--seed", "7", "-o", f], ""));
    }
    for f in ["line", "json", "csv"] {
        producers.push((vec!["generate", "puzzle", "-n", "2", "--seed", "7", "--solution", "-o", f], ""));
    }
    // The records of the rating and human-solving commands carry their puzzle too.
    for args in [
        &["rate", "-o", "json"][..],
        &["rate", "-o", "csv"],
        &["explain", "-o", "json"],
        &["explain", "--grids", "-o", "json"],
        &["explain", "--scale", "se", "-o", "json"],
        &["hint", "-o", "json"],
        &["hint", "--level", "technique", "-o", "json"],
        &["hint", "--scale", "se", "--level", "technique", "-o", "json"],
        &["candidates", "-o", "json"],
        &["rate", "--echo"],
        &["count", "--echo"],
        &["hint", "--all", "-o", "json"],
        &["hint", "--level", "nudge", "-o", "json"],
        &["explain", "--summary", "-o", "json"],
        &["explain", "--summary", "-o", "csv"],
        &["explain", "--summary", "--scale", "se", "-o", "json"],
        &["minimize", "-o", "json"],
        &["minimize", "-o", "csv"],
        &["check", "--minimal", "-o", "json"],
        &["check", "--minimal", "-o", "csv"],
        &["backdoor", "-o", "json"],
        &["backdoor", "-o", "csv"],
    ] {
        producers.push((args.to_vec(), EASY));
    }
    for (args, stdin) in &producers {
        let out = sudokit(args, stdin);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        let expected = if args[0] == "generate" { 2 } else { 1 };
        for reader in [&["solve"][..], &["count"], &["check"], &["canon"], &["solve", "-o", "json"]] {
            let back = sudokit(reader, &out.stdout);
            assert_eq!(back.code, 0, "{args:?} | {reader:?}\n{}\n{}", out.stdout, back.stderr);
            let records = sudokit(&[reader[0], "-o", "json"], &out.stdout);
            assert_eq!(json_lines(&records.stdout).len(), expected, "{args:?} | {reader:?}\n{}", out.stdout);
        }
    }
}

/// The JSON records of `explain`, `hint` and `candidates` start as every command's: the puzzle's
/// number, its status and the puzzle. A puzzle that fails keeps its place as a record with its status
/// (not `null`), and the records read back with the same statuses.
#[test]
fn human_json_records_carry_index_status_and_puzzle() {
    let input = format!("{EASY}\nx{}\n{P295}\n{CONFLICT}\n{NO_SOLUTION}\n", &EASY[1..]);
    let statuses = ["ok", "unreadable", "multiple", "invalid", "no_solution"];
    let unread = format!("x{}", &EASY[1..]);
    let puzzles: [serde_json::Value; 5] =
        [EASY.into(), unread.into(), P295.into(), CONFLICT.into(), NO_SOLUTION.into()];
    for command in [
        &["explain"][..],
        &["explain", "--scale", "se"],
        &["hint"],
        &["hint", "--scale", "se"],
        &["candidates"],
    ] {
        let args = [command, &["-o", "json"]].concat();
        let run = sudokit(&args, &input);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        let records = json_lines(&run.stdout);
        assert_eq!(records.len(), 5, "{args:?}: {}", run.stdout);
        for (i, (line, r)) in run.stdout.lines().zip(&records).enumerate() {
            let head =
                format!("{{\"index\":{},\"status\":\"{}\",\"puzzle\":{}", i + 1, statuses[i], puzzles[i]);
            assert!(line.starts_with(&head), "{args:?}: {line}");
            assert_eq!(r["puzzle"], puzzles[i]);
        }
        assert!(records[1..].iter().all(|r| r.as_object().is_some_and(|o| o.len() == 3)), "{args:?}");
        // Read back, each record is its puzzle again.
        let back = json_lines(&sudokit(&["check", "-o", "json"], &run.stdout).stdout);
        let again: Vec<&str> = back.iter().filter_map(|r| r["status"].as_str()).collect();
        assert_eq!(again, statuses, "{args:?}");
    }
    // From pencil marks, the record names them instead of a puzzle.
    let marks = sudokit(&["candidates", "-o", "json"], &format!("{EASY}\n"));
    let marks = json_lines(&marks.stdout)[0]["candidates"].as_str().expect("pencil marks").to_string();
    let run = sudokit(&["hint", "--pencil", "-o", "json"], &format!("{marks}\n{}\n", &marks[1..]));
    let records = json_lines(&run.stdout);
    assert_eq!((&records[0]["status"], &records[0]["pencil"]), (&"ok".into(), &marks.clone().into()));
    assert_eq!((&records[1]["index"], &records[1]["status"]), (&2.into(), &"unreadable".into()));
    assert_eq!(records[1]["pencil"], &marks[1..]);
}

/// `rate -o json` spells its statuses as every other command: `no_solution`, with `!no solution` in
/// text.
#[test]
fn rate_statuses_are_spelt_as_everywhere() {
    let run = sudokit(&["rate", "-o", "json"], &format!("{NO_SOLUTION}\n"));
    assert_eq!(json_lines(&run.stdout)[0]["status"], "no_solution");
    let solve = sudokit(&["solve", "-o", "json"], &format!("{NO_SOLUTION}\n"));
    assert_eq!(json_lines(&solve.stdout)[0]["status"], "no_solution");
    assert_eq!(sudokit(&["rate"], &format!("{NO_SOLUTION}\n")).stdout, "!no solution\n");
}

/// Issue #20: `generate puzzle -o csv | solve` and `generate puzzle -o json | solve`.
#[test]
fn issue20_generated_csv_and_json_solve() {
    for f in ["csv", "json"] {
        let out = sudokit(&["generate", "puzzle", "-n", "3", "--seed", "1", "--solution", "-o", f], "");
        let r = sudokit(&["solve"], &out.stdout);
        assert_eq!(r.code, 0, "{f}: {}", r.stderr);
        assert!(!r.stdout.contains("unreadable"), "{}", r.stdout);
    }
    // The old field name of the puzzle is still read.
    let r = sudokit(&["solve", "-o", "line"], &format!("{{\"givens\": \"{P1}\"}}\n"));
    assert_eq!(r.stdout, format!("{S1}\n"));
}

/// qqwing's `--csv` output (`Puzzle,` header, a trailing comma on each row), with and without
/// `--solution --count-solutions`: read as CSV, the solution and count checked.
#[test]
fn issue20_qqwing_csv() {
    let r = sudokit(&["solve", data("formats/qqwing.csv").to_str().expect("utf-8")], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut lines = r.stdout.lines();
    assert_eq!(lines.next(), Some("index,status,puzzle,solution"));
    assert_eq!(lines.filter(|l| l.contains(",ok,")).count(), 5);
    let path = data("formats/qqwing-solution.csv");
    let r = sudokit(&["check", "-o", "json", path.to_str().expect("utf-8")], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records = json_lines(&r.stdout);
    assert_eq!(records.len(), 3);
    assert!(records.iter().all(|v| v["expected_solution"] == v["solution"] && v["expected_count"] == 1));
    // A wrong solution column is a mismatch (exit 4), and says where.
    let text = std::fs::read_to_string(&path).expect("sample");
    let mut rows: Vec<String> = text.lines().map(String::from).collect();
    let f: Vec<String> = rows[1].split(',').map(String::from).collect();
    let mut wrong = f[1].clone().into_bytes();
    wrong.swap(0, 1);
    rows[1] = format!("{},{},{},", f[0], String::from_utf8(wrong).expect("ascii"), f[2]);
    let r = sudokit(&["solve"], &(rows.join("\n") + "\n"));
    assert_eq!(r.code, 4, "{}", r.stderr);
    assert!(r.stdout.lines().nth(1).is_some_and(|l| l.starts_with("1,mismatch,")), "{}", r.stdout);
    assert!(
        r.stderr.contains("puzzle 1, line 2: the solution differs from the one given, at r1c1 r1c2"),
        "{}",
        r.stderr
    );
    // `check`'s detail says what differs; the position is the record's own.
    let r = sudokit(&["check", "-o", "json"], &(rows.join("\n") + "\n"));
    assert_eq!(r.code, 4, "{}", r.stderr);
    let first = &json_lines(&r.stdout)[0];
    assert_eq!(first["detail"], "the solution differs from the one given, at r1c1 r1c2", "{}", r.stdout);
    let r = sudokit(&["check", "-o", "line"], &(rows.join("\n") + "\n"));
    assert!(
        r.stdout.starts_with("mismatch: the solution differs from the one given, at r1c1 r1c2\n"),
        "{}",
        r.stdout
    );
    // --column picks another column: the solution column, read as puzzles.
    let r = sudokit(&["count", "--column", "Solution", path.to_str().expect("utf-8")], "");
    assert_eq!(r.stdout, "1 (as given)\n1 (as given)\n1 (as given)\n", "{}", r.stderr);
    let r = sudokit(&["count", "--column", "nope", path.to_str().expect("utf-8")], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("the CSV header has no column \"nope\" (columns: puzzle, solution, solution count, )"),
        "{}",
        r.stderr
    );
}

/// Kaggle's `quizzes,solutions` layout (0 for blanks), and sudokit's own CSV read back.
#[test]
fn issue20_kaggle_csv() {
    let kaggle = format!("quizzes,solutions\n{},{S1}\n", P1.replace('.', "0"));
    let r = sudokit(&["solve", "-o", "line"], &kaggle);
    assert_eq!((r.code, r.stdout.as_str()), (0, format!("{S1}\n").as_str()), "{}", r.stderr);
    let own = sudokit(&["solve", "-o", "csv"], &kaggle).stdout;
    assert_eq!(own, format!("index,status,puzzle,solution\n1,ok,{P1},{S1}\n"));
    assert_eq!(sudokit(&["count"], &own).stdout, "1\n");
}

/// tdoku's test file, `puzzle:count[:solution]`: every count is compared with the given one.
#[test]
fn issue20_tdoku_test_format() {
    let Some(path) = shared("peer-tests/tdoku_test_puzzles.txt") else { return };
    let r = sudokit(&["count", path.to_str().expect("utf-8")], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 43);
    assert!(r.stdout.lines().all(|l| l.ends_with(" (as given)")), "{}", r.stdout);
    let r = sudokit(&["check", "-o", "json", path.to_str().expect("utf-8")], "");
    assert_eq!(json_lines(&r.stdout).len(), 43);
    assert!(!r.stdout.contains("mismatch"), "{}", r.stdout);
    // A count that disagrees says so, and exits 4.
    let r = sudokit(&["count"], &format!("{P1}:2\n{P295}:295\n"));
    assert_eq!(r.stdout, "1 (given: 2)\n295 (as given)\n");
    assert_eq!(r.code, 4);
    assert!(r.stderr.contains("puzzle 1, line 1: 1 solution, the input says 2"), "{}", r.stderr);
    let r = sudokit(&["solve"], &format!("{P1}:1:{S1}\n"));
    assert_eq!((r.code, r.stdout.as_str()), (0, format!("{S1}\n").as_str()));
    // A puzzle with several solutions may give another than the first found: no mismatch, only
    // the several solutions (exit 3); `solve`, which finds one, still says mismatch (exit 4) for
    // a grid that is no solution of it.
    const OTHER: &str = "852473196913652847674891253185937624369245781247186935431729568728564319596318472";
    for command in ["solve", "check"] {
        let r = sudokit(&[command, "-o", "json"], &format!("{P295}:295:{OTHER}\n"));
        assert_eq!(r.code, 3, "{command}: {}", r.stderr);
        assert!(r.stdout.contains(r#""status":"multiple""#), "{command}: {}", r.stdout);
    }
    let wrong = format!("{}{}", &OTHER[1..2], &OTHER[..1]) + &OTHER[2..];
    let r = sudokit(&["solve", "-o", "json"], &format!("{P295}:295:{wrong}\n"));
    assert_eq!(r.code, 4, "{}", r.stderr);
    assert!(r.stdout.contains(r#""status":"mismatch""#), "{}", r.stdout);
    let r = sudokit(&["count"], &format!("{P1}:x\n"));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("puzzle 1, line 1, column 83: expected a number of solutions after ':'"),
        "{}",
        r.stderr
    );
}

/// `count` checks a solution the input gives (tdoku's `puzzle:count:solution`, a `solution`
/// column) as `solve` and `check` do: a grid that does not solve the puzzle is a mismatch (exit 4),
/// with the cells where it differs from a solution; any of several solutions will do.
#[test]
fn count_checks_the_solution_given() {
    const OTHER: &str = "852473196913652847674891253185937624369245781247186935431729568728564319596318472";
    let wrong = format!("{}{}", &S1[1..2], &S1[..1]) + &S1[2..];
    let r = sudokit(&["count"], &format!("{P1}:1:{S1}\n{P295}:295:{OTHER}\n"));
    assert_eq!((r.code, r.stdout.as_str()), (0, "1 (as given)\n295 (as given)\n"), "{}", r.stderr);
    let r = sudokit(&["count"], &format!("{P1}:1:{S1}\n{P1}:1:{wrong}\n"));
    assert_eq!(r.code, 4, "{}", r.stderr);
    assert_eq!(r.stdout, "1 (as given)\n1 (as given) (the solution given is wrong)\n");
    let said = "puzzle 2, line 2: the solution given does not solve the puzzle \
                (it differs from a solution at r1c1 r1c2)";
    assert!(r.stderr.contains(said), "{}", r.stderr);
    let r = sudokit(&["count", "-o", "json"], &format!("{P1}:1:{wrong}\n"));
    let record = &json_lines(&r.stdout)[0];
    assert_eq!(
        (record["status"].as_str(), record["count"].as_u64()),
        (Some("mismatch"), Some(1)),
        "{record}"
    );
    // A `solution` column, and a puzzle without a solution.
    let csv = format!("puzzle,solution\n{P1},{S1}\n{NO_SOLUTION},{S1}\n");
    let r = sudokit(&["count"], &csv);
    assert_eq!((r.code, r.stdout.as_str()), (4, "1\n0 (the solution given is wrong)\n"), "{}", r.stderr);
    assert!(
        r.stderr.contains("puzzle 2, line 3: the input gives a solution, the puzzle has none"),
        "{}",
        r.stderr
    );
}

/// The grid files of Simple Sudoku (`.ss`, with and without its outer border) and SadMan/SudoCue/HoDoKu
/// (`.sdk` with `#` metadata and a `[Puzzle]` section line, `.sdm` one puzzle per line), and HoDoKu's
/// formatted givens (both widths).
#[test]
fn issue20_sdk_sdm_ss_files() {
    let one = |name: &str| {
        let r = sudokit(&["solve", "-o", "line", data(name).to_str().expect("utf-8")], "");
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        r.stdout
    };
    let sdk = one("formats/puzzle.sdk");
    assert_eq!(sdk, one("formats/puzzle.ss"));
    // Their first line, a border without `|` or `+`, tells the layout.
    assert_eq!(sdk, one("formats/puzzle_bordered.ss"));
    assert_eq!(sdk, one("formats/hodoku_givens.txt"));
    // Its top border is as long as a row of a 25×25 board.
    assert_eq!(sdk, one("formats/hodoku_givens_narrow.txt"));
    assert_eq!(one("formats/puzzles.sdm").lines().next(), sdk.lines().next());
    assert_eq!(one("formats/puzzles.sdm").lines().count(), 5);
}

/// HoDoKu's library lines (`:code:digits:cells:deleted:…`, as HoDoKu copies a grid and writes its
/// libraries) read as their givens: the cells placed since (`+`) are open again. `--pencil` reads
/// their state instead (see the human tests).
#[test]
fn hodoku_library_lines_read_as_their_givens() {
    // The first three rows' open cells placed from the solution.
    let placed: String = P1
        .chars()
        .zip(S1.chars())
        .take(27)
        .map(|(p, s)| if p == '.' { format!("+{s}") } else { p.to_string() })
        .collect();
    let copied = format!(":0000:x:{placed}{}:413 314::", &P1[27..]);
    let r = sudokit(&["solve"], &format!("{copied}\n{P1}\n"));
    assert_eq!((r.code, r.stdout.clone()), (0, format!("{S1}\n{S1}\n")), "{}", r.stderr);
    let r = sudokit(&["check", "--echo", "-o", "line"], &format!("{copied}\n"));
    assert_eq!(r.stdout, format!("{P1} unique\n"));
    // A bad cell is named by its column on the line.
    let bad = copied.replacen("+", "x", 1);
    let r = sudokit(&["check"], &format!("{bad}\n{copied}\n"));
    assert_eq!((r.code, r.stdout.as_str()), (2, "unreadable\nunique\n"));
    assert!(r.stderr.contains("puzzle 1, line 1, column 10: invalid character 'x'"), "{}", r.stderr);
    // Every case of HoDoKu's regression library is a puzzle with one solution.
    let Some(file) = shared("hodoku-reglib/reglib-1.3.txt") else { return };
    let text = std::fs::read_to_string(file).expect("the dataset is readable");
    let cases = text.lines().filter(|l| l.starts_with(':')).count();
    let r = sudokit(&["check"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().filter(|&l| l == "unique").count(), cases);
    assert_eq!(r.stdout.lines().count(), cases);
}

/// A byte-order mark, CRLF line ends and tabs.
#[test]
fn issue20_bom_crlf_tabs() {
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(format!("{P1}\r\n{P1}\r\n").as_bytes());
    let r = sudokit_bytes(&["solve"], &bom);
    assert_eq!((r.code, r.stdout.clone()), (0, format!("{S1}\n{S1}\n")), "{}", r.stderr);
    let rows: Vec<String> = P1
        .as_bytes()
        .chunks(9)
        .map(|c| {
            c.iter()
                .map(|&b| if b == b'.' { "0".into() } else { (b as char).to_string() })
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice((rows.join("\r\n") + "\r\n").as_bytes());
    let r = sudokit_bytes(&["solve", "-o", "line"], &bom);
    assert_eq!((r.code, r.stdout.clone()), (0, format!("{S1}\n")), "{}", r.stderr);
}

/// Old Mac line ends, `\r` alone: each line is a record, in any layout and with `--pencil`, as
/// with `\n` (they read as one line, every puzzle after the first lost without a word).
#[test]
fn lone_carriage_returns_end_lines() {
    let mixed = format!("{P1}\n{P295}\n{NO_SOLUTION}\n{CONFLICT}\nindex\n{P1}\n");
    let grid = sudokit(&["solve", "-o", "grid"], &format!("{P1}\n{P1}\n")).stdout;
    let marks = sudokit(&["candidates"], &format!("{P1}\n{P295}\n")).stdout;
    for (args, text) in [
        (&["count"][..], &mixed),
        (&["check", "-o", "json"], &mixed),
        (&["solve"], &grid),
        (&["hint", "--pencil"], &marks),
    ] {
        let unix = sudokit(args, text);
        let mac = sudokit(args, &text.replace('\n', "\r"));
        assert!(unix.stdout.lines().count() >= 2, "{args:?}: {}", unix.stdout);
        assert_eq!((mac.code, &mac.stdout, &mac.stderr), (unix.code, &unix.stdout, &unix.stderr), "{args:?}");
    }
}

/// Exit statuses: 0 only when every puzzle got the asked-for answer; 3 for several solutions under
/// `solve` (the first is printed); 1 for no solution; 2 for unreadable input; the most severe wins.
#[test]
fn issue20_exit_statuses() {
    let r = sudokit(&["solve"], &format!("{P1}\n"));
    assert_eq!(r.code, 0);
    let r = sudokit(&["solve"], &format!("{P295}\n"));
    assert_eq!(r.code, 3, "several solutions");
    assert_eq!(r.stdout.lines().count(), 1, "the first solution is printed");
    assert!(r.stderr.contains("more than one solution; printed the first"));
    assert_eq!(sudokit(&["solve", "--first"], &format!("{P295}\n")).code, 0);
    assert_eq!(sudokit(&["check"], &format!("{P295}\n")).code, 3);
    assert_eq!(sudokit(&["solve"], &format!("{NO_SOLUTION}\n")).code, 1);
    assert_eq!(sudokit(&["solve"], "index\n").code, 2);
    assert_eq!(sudokit(&["solve"], &format!("{P295}\n{NO_SOLUTION}\n")).code, 1);
    assert_eq!(sudokit(&["solve"], &format!("{P295}\n{NO_SOLUTION}\nindex\n")).code, 2);
    // `count` reports conflicting givens as `!invalid`.
    let r = sudokit(&["count"], &format!("{CONFLICT}\n{P1}\n"));
    assert_eq!((r.code, r.stdout.as_str()), (1, "!invalid\n1\n"));
    let help = sudokit(&["count", "--help"], "").stdout;
    assert!(help.contains("3    some puzzle has more than one solution"), "{help}");
    assert!(help.contains("`!unsupported`"), "{help}");
}

/// JSON Lines for every command: one object per puzzle with index, status and result; `solve --all`
/// too, without blank lines; CSV with a header and a `puzzle` column.
#[test]
fn issue20_machine_readable_records() {
    let input = format!("{P1}\n{P295}\n{CONFLICT}\nindex\n");
    let check = json_lines(&sudokit(&["check", "-o", "json"], &input).stdout);
    let statuses: Vec<&str> = check.iter().map(|v| v["status"].as_str().unwrap_or("?")).collect();
    assert_eq!(statuses, ["ok", "multiple", "invalid", "unreadable"]);
    assert_eq!(
        check.iter().map(|v| v["index"].as_u64()).collect::<Vec<_>>(),
        [Some(1), Some(2), Some(3), Some(4)]
    );
    assert_eq!(check[0]["solution"], S1);
    let all = sudokit(&["solve", "--all", "-o", "json"], &format!("{P1}\n{P295}\n"));
    assert!(!all.stdout.contains("\n\n"), "no blank lines");
    let all = json_lines(&all.stdout);
    assert_eq!(all.len(), 2);
    assert_eq!(all[1]["count"], 295);
    assert_eq!(all[1]["all_solutions"].as_array().map(Vec::len), Some(295));
    let count = sudokit(&["count", "-o", "csv"], &input);
    assert_eq!(
        count.stdout,
        format!("index,status,puzzle,count,complete\n1,ok,{P1},1,true\n2,ok,{P295},295,true\n3,invalid,{CONFLICT},,\n4,unreadable,index,,\n")
    );
    let canon = sudokit(&["canon", "-o", "csv"], &format!("{P1}\n")).stdout;
    assert!(canon.starts_with(&format!("index,status,puzzle,canonical\n1,ok,{P1},")), "{canon}");
}

/// An unreadable record keeps its text as given in JSON and CSV, whatever the input's layout, so
/// that no input is lost; read back, it is the same unreadable record, in its place.
#[test]
fn unreadable_records_keep_their_text() {
    let bad = format!("{}x", &P1[..80]);
    let cases = [
        (format!("{P1}\n{bad} # note\n{P1}\n"), format!("{bad} # note")),
        (format!("puzzle,solution\n{P1},\n\"{bad}\",\n{P1},\n"), bad.clone()),
        (
            format!("{{\"puzzle\":\"{P1}\"}}\n{{\"puzzle\":\"{bad}\"}}\n{{\"puzzle\":\"{P1}\"}}\n"),
            bad.clone(),
        ),
    ];
    for (input, text) in &cases {
        for args in [
            &["solve", "-o", "json"][..],
            &["solve", "--all", "-o", "json"],
            &["count", "-o", "json"],
            &["check", "-o", "json"],
            &["canon", "-o", "json"],
            &["rate", "-o", "json"],
            &["explain", "-o", "json"],
            &["hint", "--scale", "se", "-o", "json"],
        ] {
            let run = sudokit(args, input);
            assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
            let records = json_lines(&run.stdout);
            assert_eq!(records.len(), 3, "{args:?}: {}", run.stdout);
            assert_eq!(records[1]["status"], "unreadable", "{args:?}");
            assert_eq!(records[1]["puzzle"], text.as_str(), "{args:?}");
            // Read back: three records again, the second still unreadable with the same text.
            let back = json_lines(&sudokit(&["check", "-o", "json"], &run.stdout).stdout);
            let statuses: Vec<&str> = back.iter().map(|v| v["status"].as_str().unwrap_or("?")).collect();
            assert_eq!(statuses, ["ok", "unreadable", "ok"], "{args:?} read back");
            assert_eq!(back[1]["puzzle"], text.as_str(), "{args:?} read back");
        }
        for args in [&["solve", "-o", "csv"][..], &["count", "-o", "csv"], &["rate", "-o", "csv"]] {
            let run = sudokit(args, input);
            assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
            let row = run.stdout.lines().nth(2).unwrap_or_default().to_owned();
            let cell =
                if text.contains('"') { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.clone() };
            assert!(row.contains(&cell), "{args:?}: {row}");
        }
        // No solutions is an empty cell, for an unreadable record as for a puzzle without any.
        let run = sudokit(&["solve", "--all", "-o", "csv"], input);
        let row = run.stdout.lines().nth(2).unwrap_or_default().to_owned();
        assert!(row.ends_with(",,0,false,unreadable"), "{row}");
    }
    // A grid layout keeps its rows, one per line (a JSON string, a quoted CSV field).
    let mut rows: Vec<String> =
        P1.as_bytes().chunks(9).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
    rows[3] = "12345678q".into();
    let run = sudokit(&["solve", "-o", "json", "-i", "compact"], &format!("{}\n", rows.join("\n")));
    assert_eq!(json_lines(&run.stdout)[0]["puzzle"], rows.join("\n"));
    // Pencil marks: the record names its input by its text too.
    let run = sudokit(&["hint", "--pencil", "-o", "json"], "not marks\n");
    assert_eq!(json_lines(&run.stdout)[0]["pencil"], "not marks");
}

/// `--echo` puts the answer next to its puzzle; integer boards come back as integer boards.
#[test]
fn issue20_echo_and_integer_boards() {
    let r = sudokit(&["solve", "--echo"], &format!("{P1}\n"));
    assert_eq!(r.stdout, format!("{P1} {S1}\n"));
    let board: Vec<Vec<u32>> = P1
        .as_bytes()
        .chunks(9)
        .map(|r| r.iter().map(|&b| if b == b'.' { 0 } else { u32::from(b - b'0') }).collect())
        .collect();
    let text = serde_json::to_string(&board).expect("serialises");
    let r = sudokit(&["solve"], &text);
    let out: Vec<Vec<u32>> = serde_json::from_str(&r.stdout).expect("an integer board");
    assert_eq!(out.concat().iter().map(|d| d.to_string()).collect::<String>(), S1);
}

/// `canon` keeps the input's layout, as its help says.
#[test]
fn issue20_canon_keeps_the_layout() {
    let grid: String =
        P1.as_bytes().chunks(9).map(|c| String::from_utf8_lossy(c).into_owned() + "\n").collect();
    let r = sudokit(&["canon"], &grid);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 9, "{}", r.stdout);
}

/// The options a help text offers: the long names of its option lines.
fn offered(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|l| {
            let t = l.trim_start();
            let t = if t.starts_with('-') && t.get(2..4) == Some(", ") { &t[4..] } else { t };
            (l.starts_with("  ") && t.starts_with("--"))
                .then(|| t.split([' ', '=', '<']).next().unwrap_or("").to_string())
        })
        .collect()
}

/// Issue #20: every subcommand's `--help` prints each default once and offers no option the command
/// rejects; the bulk commands end with the exit status table.
#[test]
fn issue20_help_walk() {
    let commands: [&[&str]; 8] = [
        &["solve"],
        &["count"],
        &["check"],
        &["canon"],
        &["bench"],
        &["generate"],
        &["generate", "grid"],
        &["generate", "puzzle"],
    ];
    for cmd in commands {
        let mut args = cmd.to_vec();
        args.push("--help");
        let r = sudokit(&args, "");
        assert_eq!(r.code, 0, "{cmd:?}: {}", r.stderr);
        let own = offered(&r.stdout);
        // One block per option: its lines up to the next option line.
        let mut blocks: Vec<String> = Vec::new();
        for line in r.stdout.lines() {
            if offered(&format!("{line}\n")).len() == 1 || blocks.is_empty() {
                blocks.push(String::new());
            }
            if let Some(b) = blocks.last_mut() {
                b.push_str(line);
                b.push('\n');
            }
        }
        for b in &blocks {
            assert!(b.matches("[default:").count() <= 1, "{cmd:?}: a default printed twice:\n{b}");
        }
        if cmd != ["generate"] {
            for word in r.stdout.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
                if word.starts_with("--") && word.len() > 2 {
                    assert!(
                        own.iter().any(|o| o == word),
                        "{cmd:?} --help mentions {word}, which it does not take"
                    );
                }
            }
        }
        if ["solve", "count", "check", "canon"].contains(&cmd[0]) || cmd.len() == 2 {
            assert!(r.stdout.contains("Exit status:"), "{cmd:?}");
        }
    }
    // `generate grid` takes no --solution, and its help does not offer one.
    let r = sudokit(&["generate", "grid", "--solution"], "");
    assert_eq!(r.code, 2);
}

/// Issue #20: messages point at the first offending column, in the alphabet of the board being read;
/// a byte-order mark is no character of the puzzle; a binary file and a directory get one clear
/// message each.
#[test]
fn issue20_error_positions() {
    let r = sudokit(&["solve"], "index\n");
    assert!(
        r.stderr.contains("puzzle 1, line 1, column 1: invalid character 'i' (digits are 1-9;"),
        "{}",
        r.stderr
    );
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(format!("{}x{}\n", &P1[..40], &P1[41..]).as_bytes());
    let r = sudokit_bytes(&["solve"], &bom);
    assert!(r.stderr.contains("column 41: invalid character 'x' (digits are 1-9;"), "{}", r.stderr);
    let mut binary = b"\x7fELF\x02\x01\x01".to_vec();
    binary.extend_from_slice(&[0u8; 64]);
    binary.extend_from_slice(b"\n");
    let r = sudokit_bytes(&["solve"], &binary);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("column 8: byte 0x00 is no text: the input looks like binary data"),
        "{}",
        r.stderr
    );
    let dir = crate::util::TempDir::new("issue20-dir");
    let path = dir.join("");
    let r = sudokit(&["solve", path.to_str().expect("utf-8")], "");
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("cannot open: a directory, not a file of puzzles"), "{}", r.stderr);
    // A 16×16 line names the 16×16 alphabet.
    let line16 = format!("{}x{}", ".".repeat(100), ".".repeat(155));
    let r = sudokit(&["solve"], &line16);
    assert!(r.stderr.contains("column 101: invalid character 'x' (digits are 1-9, A-G;"), "{}", r.stderr);
}

/// `text` gzip-compressed.
fn gzip(text: &str) -> Vec<u8> {
    gzip_bytes(text.as_bytes())
}

/// `bytes` gzip-compressed.
fn gzip_bytes(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).expect("to memory");
    gz.finish().expect("to memory")
}

/// Gzip-compressed input, a file or piped in, reads as its text, told by its bytes rather than its
/// name; a damaged one is an input error after the records before the damage, which are answered.
#[test]
fn gzip_input_reads_as_its_text() {
    let text = format!("{P1}\n12x\n{P295}\n");
    let plain = sudokit(&["count"], &text);
    assert_eq!(plain.stdout.lines().count(), 3, "{}", plain.stdout);
    let piped = sudokit_bytes(&["count"], &gzip(&text));
    assert_eq!((piped.stdout.as_str(), piped.code), (plain.stdout.as_str(), plain.code));
    let dir = crate::util::TempDir::new("gzip-input");
    let path = dir.join("puzzles.data");
    std::fs::write(&path, gzip(&text)).expect("write");
    let file = sudokit(&["count", path.to_str().expect("utf-8")], "");
    assert_eq!(file.stdout, plain.stdout);
    assert!(file.stderr.contains("puzzles.data: puzzle 2, line 2, column 3"), "{}", file.stderr);
    // The pencil-mark reader too.
    let marks = sudokit(&["candidates", "-o", "json"], P1).stdout;
    let pencil = dir.join("marks.json.gz");
    std::fs::write(&pencil, gzip(&marks)).expect("write");
    let from_gz = sudokit(&["hint", "--pencil", pencil.to_str().expect("utf-8")], "");
    assert_eq!(from_gz.stdout, sudokit(&["hint", "--pencil"], &marks).stdout);
    assert_eq!(from_gz.code, 0, "{}", from_gz.stderr);
    // Damaged: cut in the middle.
    let many = format!("{P1}\n").repeat(4000);
    let whole = gzip(&many);
    let cut = dir.join("cut.gz");
    std::fs::write(&cut, &whole[..whole.len() / 2]).expect("write");
    let r = sudokit(&["count", cut.to_str().expect("utf-8")], "");
    assert_ne!(r.code, 0);
    assert!(r.stderr.contains("cut.gz: read error after"), "{}", r.stderr);
    let answered = r.stdout.lines().count();
    assert!(answered > 0 && answered < 4000 && r.stdout.lines().all(|l| l == "1"), "{answered}");
}

/// Text saved as UTF-16 with its byte-order mark (what Windows PowerShell's `>` writes, with CRLF
/// line ends), or without one, reads as its text, from a file or a pipe, compressed or not; so do
/// pencil marks.
#[test]
fn utf16_input_reads_as_its_text() {
    let text = format!("{P1}\r\n12x\r\n{P295}\r\n");
    let utf16 = |big_endian: bool| -> Vec<u8> {
        let units = std::iter::once(0xfeff).chain(text.encode_utf16());
        units.flat_map(|u: u16| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
    };
    let plain = sudokit(&["count"], &text);
    assert_eq!(plain.stdout.lines().count(), 3, "{}", plain.stdout);
    let dir = crate::util::TempDir::new("utf16-input");
    // Without the mark, as some editors save it: told by the zero bytes.
    let bare = |big_endian: bool| utf16(big_endian)[2..].to_vec();
    for (name, bytes) in [
        ("le.txt", utf16(false)),
        ("be.txt", utf16(true)),
        ("le.txt.gz", gzip_bytes(&utf16(false))),
        ("bare-le.txt", bare(false)),
        ("bare-be.txt", bare(true)),
    ] {
        let piped = sudokit_bytes(&["count"], &bytes);
        assert_eq!((piped.stdout.as_str(), piped.code), (plain.stdout.as_str(), plain.code), "{name}");
        let path = dir.join(name);
        std::fs::write(&path, &bytes).expect("write");
        let file = sudokit(&["count", path.to_str().expect("utf-8")], "");
        assert_eq!(file.stdout, plain.stdout, "{name}");
        assert!(file.stderr.contains(&format!("{name}: puzzle 2, line 2, column 3")), "{}", file.stderr);
    }
    let marks = sudokit(&["candidates", "-o", "json"], P1).stdout;
    let marks16: Vec<u8> =
        [0xff, 0xfe].into_iter().chain(marks.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let hint = sudokit_bytes(&["hint", "--pencil"], &marks16);
    assert_eq!(
        (hint.code, &hint.stdout),
        (0, &sudokit(&["hint", "--pencil"], &marks).stdout),
        "{}",
        hint.stderr
    );
}

/// Issue #20: hex in, hex out; a 16×16 puzzle whose `0` could be a blank or the digit 1 is an error
/// naming both readings, and `--symbols` settles it.
#[test]
fn issue20_hex_both_ways_and_ambiguity() {
    let full = sudokit(&["solve", "--size", "16", "--first", "-o", "line"], &".".repeat(256)).stdout;
    let hex_of = |c: char| {
        c.to_digit(17).and_then(|d| std::char::from_digit(d - 1, 16)).map(|h| h.to_ascii_uppercase())
    };
    let puzzle: String = full
        .trim()
        .chars()
        .enumerate()
        .map(|(i, c)| if i % 2 == 0 { hex_of(c).unwrap_or('?') } else { '.' })
        .collect();
    assert!(puzzle.contains('0'));
    let r = sudokit(&["solve"], &puzzle);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("as standard symbols '0' is a blank and 'F' is 15, as hex '0' is 1 and 'F' is 16"),
        "{}",
        r.stderr
    );
    let r = sudokit(&["solve", "--first", "--symbols", "hex"], &puzzle);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = r.stdout.trim();
    assert_eq!(out.len(), 256, "{out}");
    assert!(out.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_lowercase()), "hex in, hex out: {out}");
    assert!(out.chars().zip(puzzle.chars()).all(|(o, p)| p == '.' || o == p), "the givens kept: {out}");
    assert_eq!(sudokit(&["check", "--symbols", "hex"], out).stdout, "unique\n");
    assert_eq!(sudokit(&["solve", "--first", "--symbols", "standard"], &puzzle).code, 0);
    // The same in the grid layouts: cells separated by spaces, and compact rows.
    let rows: Vec<String> =
        puzzle.as_bytes().chunks(16).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
    let spaced: String = rows
        .iter()
        .map(|r| format!("{}\n", r.chars().map(String::from).collect::<Vec<_>>().join(" ")))
        .collect();
    let compact: String = rows.iter().map(|r| format!("{r}\n")).collect();
    for grid in [&spaced, &compact] {
        let r = sudokit(&["solve"], grid);
        assert_eq!(r.code, 2, "{grid}");
        assert!(r.stderr.contains("as hex '0' is 1 and 'F' is 16"), "{grid}\n{}", r.stderr);
        let r = sudokit(&["solve", "--first", "--symbols", "hex", "-o", "line"], grid);
        assert_eq!((r.code, r.stdout.trim()), (0, out), "{}", r.stderr);
    }
}

/// Issue #20's hex in, hex out, for the step solver: a 16×16 puzzle given in hex has its candidate
/// grid drawn in hex and its steps' digits written in hex (`r1c6=B`, not `r1c6=12`, which a hex
/// reader takes for another digit); the grid reads back as pencil marks without `--symbols`.
#[test]
fn hex_in_hex_out_for_candidates_and_steps() {
    let standard = sudokit(&["generate", "puzzle", "--size", "16", "--seed", "1"], "").stdout;
    let hex_of = |c: char| {
        c.to_digit(17).and_then(|d| std::char::from_digit(d - 1, 16)).map(|h| h.to_ascii_uppercase())
    };
    let hex: String = standard.trim().chars().map(|c| hex_of(c).unwrap_or('.')).collect();
    let h = ["--symbols", "hex"];
    let marks = sudokit(&["candidates", h[0], h[1]], &hex);
    assert_eq!(marks.code, 0, "{}", marks.stderr);
    assert!(marks.stdout.contains('0') && !marks.stdout.contains('G'), "{}", marks.stdout);
    let again = sudokit(&["candidates", "--pencil"], &marks.stdout);
    assert_eq!((again.code, &again.stdout), (0, &marks.stdout), "{}", again.stderr);
    // Each placement of the path, read in both: the hex step names the hex symbol of the digit.
    let placements = |text: &str| -> Vec<(String, String)> {
        text.lines()
            .filter_map(|l| l.split_once(": ").map(|(_, r)| r))
            .filter_map(|r| r.split_once('=').filter(|(_, d)| !d.contains(['<', ' ', ','])))
            .map(|(c, d)| (c.to_string(), d.to_string()))
            .collect()
    };
    let plain = placements(&sudokit(&["explain"], &standard).stdout);
    let explained = sudokit(&["explain", h[0], h[1]], &hex);
    let in_hex = placements(&explained.stdout);
    assert!(plain.len() > 100 && plain.len() == in_hex.len(), "{} {}", plain.len(), in_hex.len());
    for ((cell, number), (hex_cell, symbol)) in plain.iter().zip(&in_hex) {
        let number: u32 = number.parse().expect("a number");
        let expected = std::char::from_digit(number - 1, 16).map(|c| c.to_ascii_uppercase().to_string());
        assert_eq!((cell, Some(symbol)), (hex_cell, expected.as_ref()), "{}", explained.stdout);
    }
    // JSON: the text in hex, the digits as numbers.
    let json = sudokit(&["hint", "--level", "step", "-o", "json", h[0], h[1]], &hex).stdout;
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let (text, step) = (v["hint"].as_str().unwrap_or_default(), &v["step"]);
    assert_eq!(step["text"].as_str(), Some(text), "{json}");
    let digit = step["placements"][0]["digit"].as_u64().expect("a placement") as u32;
    let symbol = std::char::from_digit(digit - 1, 16).map(|c| c.to_ascii_uppercase());
    assert!(symbol.is_some_and(|c| text.ends_with(&format!("={c}"))), "{json}");
    // The marks read back are told as hex: their step is written in hex, as with `--symbols hex`.
    let from_marks = sudokit(&["hint", "--pencil"], &marks.stdout);
    let told = sudokit(&["hint", "--pencil", h[0], h[1]], &marks.stdout);
    assert_eq!((from_marks.code, &from_marks.stdout), (0, &told.stdout), "{}", from_marks.stderr);
    let in_numbers = sudokit(&["hint", "--pencil"], &sudokit(&["candidates"], &standard).stdout).stdout;
    assert_ne!(from_marks.stdout, in_numbers);
    assert_eq!(from_marks.stdout.split(": ").next(), in_numbers.split(": ").next());
    // Marks that contradict themselves are named in hex too: a digit taken out of row 1.
    let mut lines: Vec<String> = marks.stdout.lines().map(String::from).collect();
    let cells: Vec<String> = lines[1].split_whitespace().filter(|t| *t != "|").map(String::from).collect();
    let gone = "0123456789ABCDEF".chars().find(|&c| !cells.iter().any(|t| t.len() == 1 && t.contains(c)));
    let gone = gone.expect("row 1 has open cells");
    lines[1] = lines[1]
        .split(' ')
        .map(|t| if t.len() > 1 { t.replace(gone, "") } else { t.to_string() })
        .collect::<Vec<_>>()
        .join(" ");
    let r = sudokit(&["hint", "--pencil"], &(lines.join("\n") + "\n"));
    assert!(
        r.stderr.contains(&format!("contradict themselves: {gone} has no place left in row 1")),
        "{}",
        r.stderr
    );
    // Letters (`A` for 1) on 9×9: the same path, each digit its letter.
    let letter = |c: char| c.to_digit(10).and_then(|d| char::from_u32('A' as u32 + d - 1)).unwrap_or('.');
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let plain = placements(&sudokit(&["explain"], easy).stdout);
    let in_letters: String = easy.chars().map(letter).collect();
    let lettered = placements(&sudokit(&["explain", "--symbols", "letters"], &in_letters).stdout);
    let expected: Vec<_> = plain.iter().map(|(c, d)| (c.clone(), d.chars().map(letter).collect())).collect();
    assert_eq!((plain.len(), lettered), (49, expected));
    // And Sudoku Explainer's path, in text and JSON.
    let xy = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..";
    let in_letters: String = xy.chars().map(letter).collect();
    let se = ["explain", "--scale", "se"];
    let plain = placements(&sudokit(&se, xy).stdout);
    let lettered = sudokit(&[&se[..], &["--symbols", "letters"]].concat(), &in_letters).stdout;
    let expected: Vec<_> = plain.iter().map(|(c, d)| (c.clone(), d.chars().map(letter).collect())).collect();
    assert_eq!((plain.len() > 40, placements(&lettered)), (true, expected));
    let json = sudokit(&["hint", "--scale", "se", "--symbols", "letters", "-o", "json"], &in_letters).stdout;
    assert!(json.contains(r#""hint":"Hidden Single (1.2): r2c7=B""#), "{json}");
    assert!(json.contains(r#""text":"Hidden Single (1.2): r2c7=B""#), "{json}");
}

/// Hex in, hex out for the verdicts too: `check` names a repeated digit, and the digit that has no
/// place left, in hex, on stdout and in the messages.
#[test]
fn hex_in_hex_out_for_verdicts() {
    let open = |n: usize| ".".repeat(n);
    // Row 1 lacks E and F; F is in columns 15 and 16 further down: F has no place in row 1.
    let none = format!("0123456789ABCD..{}F.{}F{}", open(14), open(47), open(176));
    let h = ["--symbols", "hex"];
    let r = sudokit(&["check", h[0], h[1]], &none);
    assert_eq!((r.code, r.stdout.as_str()), (1, "no solution: F has no place left in row 1\n"));
    let standard: String = none
        .chars()
        .map(|c| {
            c.to_digit(16).map_or('.', |d| char::from_digit(d + 1, 17).unwrap_or('?').to_ascii_uppercase())
        })
        .collect();
    assert_eq!(sudokit(&["check"], &standard).stdout, "no solution: 16 has no place left in row 1\n");
    let r = sudokit(&["solve", h[0], h[1]], &none);
    assert!(r.stderr.ends_with("no solution: F has no place left in row 1\n"), "{}", r.stderr);
    let twice = format!("00{}", &none[2..]);
    let r = sudokit(&["check", h[0], h[1], "-o", "json"], &twice);
    assert!(
        r.stdout.contains(r#""detail":"0 twice in row 1 (r1c1 and r1c2); 0 twice in box 1"#),
        "{}",
        r.stdout
    );
    for command in ["explain", "backdoor", "solve"] {
        let r = sudokit(&[command, h[0], h[1]], &twice);
        assert!(
            r.stderr.contains("givens break the rules: 0 twice in row 1 (r1c1 and r1c2)"),
            "{}",
            r.stderr
        );
    }
    // The ratings' reasons, on 9×9 in letters (`A` is 1): a repeated E (5), and no solution.
    let letters = ["--symbols", "letters"];
    let twice = "EE..G....F..AIE....IH....F.H...F...CD..H.C..AG...B...F.F....BH....DAI..E....H..GI";
    let r = sudokit(&["rate", letters[0], letters[1]], twice);
    assert!(r.stderr.contains("givens break the rules: E twice in row 1 (r1c1 and r1c2)"), "{}", r.stderr);
    let none = "ECB.G....F..AIE....IH....F.H...F...CD..H.C..AG...B...F.F....BH....DAI..E....H..GI";
    let r = sudokit(&["rate", letters[0], letters[1]], none);
    assert!(r.stderr.contains("no solution: after 13 singles (r1c4=F r3c1=A"), "{}", r.stderr);
}

/// Issue #20: Java and C array literals as pasted from tutorials.
#[test]
fn issue20_java_and_c_arrays() {
    let rows: Vec<String> = P1
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> =
                r.iter().map(|&b| if b == b'.' { "0".into() } else { (b as char).to_string() }).collect();
            format!("{{{}}}", cells.join(","))
        })
        .collect();
    let java = format!("int[][] board = {{\n    {}\n}};\n", rows.join(",\n    "));
    let c = format!("int grid[9][9] = {{{}}};\n", rows.join(","));
    let pasted = rows.iter().map(|r| format!("{r},\n")).collect::<String>();
    for text in [java, c, pasted] {
        let r = sudokit(&["solve"], &text);
        assert_eq!((r.code, r.stdout.as_str()), (0, format!("{S1}\n").as_str()), "{text}\n{}", r.stderr);
    }
}

/// Issue #20: an array of boards comes back as one array, in order, with `null` for a board that
/// could not be read; boards one to a line come back one to a line.
#[test]
fn issue20_array_of_boards_comes_back_as_an_array() {
    let board = |g: &str| -> String {
        let rows: Vec<String> = g
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> =
                    r.iter().map(|&b| if b == b'.' { "0".into() } else { (b as char).to_string() }).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let (p, s) = (board(P1), board(S1));
    let r = sudokit(&["solve"], &format!("[{p}, [[1]], {p}]\n"));
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, format!("[{s},null,{s}]\n"));
    let r = sudokit(&["solve"], &format!("[{p}, {p}]\n{p}\n"));
    assert_eq!(r.stdout, format!("[{s},{s}]\n{s}\n"));
}

/// `count --echo`: each puzzle before its count on the line, as `solve --echo` puts it before its
/// solution; the output reads back.
#[test]
fn count_echo_puts_each_puzzle_before_its_count() {
    let run = sudokit(&["count", "--echo"], &format!("{P295}\nx{}\n{P1}\n", &P1[1..]));
    assert_eq!(run.code, 2, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    // The unreadable record's line as it came, before its marker: what could not be read.
    assert_eq!(lines, [format!("{P295} 295"), format!("x{} !unreadable", &P1[1..]), format!("{P1} 1")]);
    assert_eq!(sudokit(&["count"], &run.stdout).stdout, "295\n!unreadable\n1\n");
}

/// `--echo` shows an unreadable record's text before its marker, as it shows a puzzle before its
/// answer: on the line in the one-line layouts (a grid's rows joined by spaces), beside the marker
/// in the grid layouts. Each command still writes one record per input record.
#[test]
fn echo_shows_what_could_not_be_read() {
    let bad = format!("x{}", &P1[1..]);
    let input = format!("{bad}\n{P1}\n");
    for (args, marker) in [
        (&["solve", "--echo"][..], "!unreadable"),
        (&["solve", "--all", "--echo"], "!unreadable"),
        (&["count", "--echo"], "!unreadable"),
        (&["check", "--echo"], "unreadable"),
        (&["canon", "--echo"], "!unreadable"),
        (&["minimize", "--echo"], "!unreadable"),
        (&["backdoor", "--echo"], "!unreadable"),
        (&["rate", "--echo", "--scale", "hodoku"], "!unreadable"),
    ] {
        let r = sudokit(args, &input);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        let first = r.stdout.lines().next().unwrap_or_default();
        assert_eq!(first, format!("{bad} {marker}"), "{args:?}\n{}", r.stdout);
        assert!(r.stdout.lines().skip(1).any(|l| l.starts_with(P1)), "{args:?}\n{}", r.stdout);
    }
    // A grid that could not be read: its rows on one line, or beside the marker.
    let mut rows: Vec<String> =
        P1.as_bytes().chunks(9).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
    rows[8].replace_range(8..9, "x");
    let grid = rows.join("\n") + "\n";
    let line = sudokit(&["solve", "--echo", "-o", "line"], &grid);
    assert_eq!(line.stdout, format!("{} !unreadable\n", rows.join(" ")));
    let beside = sudokit(&["solve", "--echo", "-o", "grid"], &grid);
    let first = beside.stdout.lines().next().unwrap_or_default();
    assert!(first.starts_with(&rows[0]) && first.ends_with("!unreadable"), "{}", beside.stdout);
    assert_eq!(beside.stdout.lines().count(), 9, "{}", beside.stdout);
}

/// A run over several inputs numbers each input's records from 1, as its messages do: every JSON
/// record and CSV row then names its input (`file`, the last CSV column), where a run over one input
/// writes exactly what it always has. The records read back as puzzles.
#[test]
fn records_of_several_inputs_name_their_input() {
    let dir = crate::util::TempDir::new("several-inputs");
    let (a, b) = (dir.join("a.txt"), dir.join("b, with a comma.txt"));
    std::fs::write(&a, format!("{P1}\n{}\n", &P1[..80])).expect("temp file");
    std::fs::write(&b, format!("{EASY}\n")).expect("temp file");
    let (a, b) = (a.to_str().expect("utf-8"), b.to_str().expect("utf-8"));
    let named = |records: &[serde_json::Value]| -> Vec<(String, u64, String)> {
        records
            .iter()
            .map(|r| {
                let file = r["file"].as_str().unwrap_or_else(|| panic!("no file: {r}")).to_string();
                (
                    file,
                    r["index"].as_u64().expect("an index"),
                    r["status"].as_str().expect("a status").to_string(),
                )
            })
            .collect()
    };
    let want = |first: &str, last: &str| {
        vec![(a.to_string(), 1, "ok".to_string()), (a.into(), 2, first.into()), (b.into(), 1, last.into())]
    };
    for command in
        ["solve", "check", "count", "canon", "minimize", "backdoor", "explain", "hint", "candidates", "rate"]
    {
        let r = sudokit(&[command, "-o", "json", a, b], "");
        assert_eq!(r.code, 2, "{command}: {}", r.stderr);
        assert!(r.stderr.contains(&format!("{a}: puzzle 2, line 2")), "{command}: {}", r.stderr);
        let records = json_lines(&r.stdout);
        assert_eq!(named(&records), want("unreadable", "ok"), "{command}: {}", r.stdout);
        // The key follows the index.
        assert!(r.stdout.starts_with(&format!("{{\"index\":1,\"file\":{:?},", a)), "{command}: {}", r.stdout);
        // They read back as the puzzles, from one input: no file then.
        let back = sudokit(&["check", "-o", "json"], &r.stdout);
        assert_eq!(back.code, 2, "{command}: {}", back.stderr);
        let back = json_lines(&back.stdout);
        assert_eq!(back.len(), 3, "{command}");
        assert!(back.iter().all(|r| r.get("file").is_none()), "{command}: {back:?}");
        assert_eq!(back[2]["puzzle"], EASY, "{command}");
        // One input: as always.
        let alone = sudokit(&[command, "-o", "json", b], "");
        assert!(
            json_lines(&alone.stdout).iter().all(|r| r.get("file").is_none()),
            "{command}: {}",
            alone.stdout
        );
    }
    // CSV: the input last, so that a command's header starts as it always has.
    let csv = sudokit(&["solve", "-o", "csv", a, b], "");
    let lines: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(lines[0], "index,status,puzzle,solution,file");
    assert_eq!(lines[1], format!("1,ok,{P1},{S1},{a}"));
    assert_eq!(lines[3], format!("1,ok,{EASY},{},\"{b}\"", solution_of(EASY)));
    let rated = sudokit(&["rate", "-o", "csv", a, b], "");
    let header = rated.stdout.lines().next().expect("a header");
    assert_eq!(header, "puzzle,er,ep,ed,hodoku_score,hodoku_level,hardest_technique,file");
    assert!(rated.stdout.lines().nth(3).expect("row 3").ends_with(&format!(",\"{b}\"")), "{}", rated.stdout);
    // `solve --all`, which writes as it goes, and standard input among the inputs.
    let all = sudokit(&["solve", "--all", "-o", "json", a, "-"], &format!("{P295}\n"));
    assert_eq!(
        named(&json_lines(&all.stdout))[2],
        ("<stdin>".to_string(), 1, "ok".to_string()),
        "{}",
        all.stdout
    );
    assert_eq!(json_lines(&all.stdout)[2]["count"], 295);
    let all = sudokit(&["solve", "--all", "-o", "csv", a, b], "");
    let lines: Vec<&str> = all.stdout.lines().collect();
    assert_eq!(lines[0], "index,puzzle,all_solutions,count,complete,status,file");
    assert_eq!(lines[3], format!("1,{EASY},{},1,true,ok,\"{b}\"", solution_of(EASY)));
    // Pencil marks: the same for their records.
    // A puzzle singles do not solve (`generate puzzle --level hard --seed 1`): its candidate grid.
    let hard = "4..1...8.2..6......3....7.1..3.952..8.......3...4.3.......1..9.7.....5.....2..147";
    let marks = sudokit(&["candidates"], hard).stdout;
    let pencil = dir.join("marks.txt");
    std::fs::write(&pencil, &marks).expect("temp file");
    let pencil = pencil.to_str().expect("utf-8");
    for command in ["hint", "rate"] {
        let r = sudokit(&[command, "--pencil", "-o", "json", pencil, "-"], &marks);
        assert_eq!(r.code, 0, "{command}: {}", r.stderr);
        let files: Vec<String> =
            json_lines(&r.stdout).iter().map(|r| r["file"].as_str().unwrap_or("").into()).collect();
        assert_eq!(files, [pencil, "<stdin>"], "{command}: {}", r.stdout);
        let back = sudokit(&[command, "--pencil", "-o", "json"], &r.stdout);
        assert_eq!((back.code, json_lines(&back.stdout).len()), (0, 2), "{command}: {}", back.stderr);
    }
    for command in [&["explain", "--summary"][..], &["rate"]] {
        let csv = sudokit(&[command, &["--pencil", "-o", "csv", pencil, pencil]].concat(), "");
        assert_eq!(csv.code, 0, "{command:?}: {}", csv.stderr);
        assert!(
            csv.stdout.lines().next().expect("a header").ends_with(",file"),
            "{command:?}: {}",
            csv.stdout
        );
        assert!(
            csv.stdout.lines().nth(2).expect("row 2").ends_with(&format!(",{pencil}")),
            "{command:?}: {}",
            csv.stdout
        );
    }
}

/// The solution of a unique puzzle, by `solve`.
fn solution_of(puzzle: &str) -> String {
    sudokit(&["solve"], puzzle).stdout.trim().to_string()
}
