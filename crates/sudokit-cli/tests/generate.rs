//! Issue #5: `sudokit generate` and `sudokit canon`, end to end.

use sudokit::generate::{is_minimal, is_minimal_under, Pattern, Symmetry};
use sudokit::{Engine, Grid, Puzzle};

use crate::util::{assert_solves, assert_text, data, sudokit, TempDir};

fn grid(s: &str) -> Grid {
    s.parse().expect("the generator prints readable grids")
}

fn unique(s: &str) -> bool {
    Puzzle::classic(grid(s)).count_up_to(2).to_string() == "1"
}

#[test]
fn grids_are_valid_and_seeded() {
    let r = sudokit(&["generate", "grid", "--count", "20", "--seed", "5"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 20);
    for l in &lines {
        let g = grid(l);
        assert!(g.is_full());
        assert!(sudokit::Board::classic(g.shape()).conflicts(&g).is_empty(), "{l}");
    }
    let again = sudokit(&["generate", "grid", "-n", "20", "--seed", "5", "--threads", "1"], "");
    assert_text(&again.stdout, &r.stdout);
    let other = sudokit(&["generate", "grid", "-n", "20", "--seed", "6"], "");
    assert_ne!(other.stdout, r.stdout);
}

#[test]
fn minimal_puzzles_are_unique_and_minimal() {
    let r = sudokit(&["generate", "puzzle", "--count", "30", "--seed", "1", "--solution"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 30);
    for l in r.stdout.lines() {
        let (p, s) = l.split_once(' ').expect("puzzle and solution");
        assert!(unique(p), "{p}");
        assert!(is_minimal(&grid(p)), "{p}");
        assert_solves(p, s);
    }
    // The output reads back: solving each puzzle gives the solution printed beside it.
    let solved = sudokit(&["solve"], &r.stdout);
    let expected: String = r.stdout.lines().map(|l| format!("{}\n", &l[82..])).collect();
    assert_text(&solved.stdout, &expected);
}

#[test]
fn seed_gives_identical_output_on_any_thread_count() {
    let args = ["generate", "puzzle", "-n", "300", "--seed", "77", "--symmetry", "random", "-o", "csv"];
    let one = sudokit(&[&args[..], &["--threads", "1"]].concat(), "");
    let two = sudokit(&[&args[..], &["--threads", "2"]].concat(), "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_text(&two.stdout, &one.stdout);
    assert_eq!(one.stdout.lines().count(), 301);
}

#[test]
fn symmetries_hold() {
    for (name, s) in [
        ("rotate180", Symmetry::Rotate180),
        ("rotate90", Symmetry::Rotate90),
        ("mirror", Symmetry::Mirror),
        ("flip", Symmetry::Flip),
        ("diagonal", Symmetry::Diagonal),
    ] {
        let r = sudokit(&["generate", "puzzle", "-n", "5", "--seed", "2", "--symmetry", name], "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        for p in r.stdout.lines() {
            assert!(s.holds(&grid(p)), "{name}: {p}");
            assert!(is_minimal_under(&grid(p), s), "{name}: {p}");
            assert!(unique(p), "{p}");
        }
    }
}

#[test]
fn difficulty_and_guesses_in_json_and_csv() {
    let r = sudokit(
        &["generate", "puzzle", "-n", "4", "--seed", "3", "--difficulty", "no-guess", "-o", "json"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    for l in r.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("one JSON object per line");
        let p = v["puzzle"].as_str().expect("puzzle");
        // The engine's guesses proving the solution unique, whatever the class.
        let fast = sudokit::Fast9Engine
            .count(&sudokit::Board::classic(sudokit::Shape::CLASSIC), &grid(p), &sudokit::Limits::up_to(2))
            .expect("the engine supports the board");
        assert_eq!(v["guesses"].as_u64(), Some(fast.guesses), "{l}");
        assert_eq!(v["clues"].as_u64(), Some(grid(p).givens() as u64));
        assert!(unique(p));
    }
    let r = sudokit(
        &["generate", "puzzle", "-n", "4", "--seed", "3", "--difficulty", "singles", "-o", "csv"],
        "",
    );
    let mut lines = r.stdout.lines();
    assert_eq!(lines.next(), Some("index,status,puzzle,clues,guesses,solution"));
    for (i, l) in lines.enumerate() {
        let f: Vec<&str> = l.split(',').collect();
        assert_eq!(f[0], (i + 1).to_string());
        assert_eq!(f[1], "ok");
        assert_eq!(f[4], "0", "{l}");
        let general = sudokit::GeneralEngine
            .count(&sudokit::Board::classic(sudokit::Shape::CLASSIC), &grid(f[2]), &sudokit::Limits::up_to(2))
            .expect("the engine supports the board");
        assert_eq!((general.solutions, general.guesses), (1, 0), "{l}");
    }
}

#[test]
fn clue_targets_and_best_effort() {
    let r = sudokit(&["generate", "puzzle", "-n", "3", "--seed", "4", "--no-minimal", "--clues", "40"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for p in r.stdout.lines() {
        assert_eq!(grid(p).givens(), 40);
        assert!(unique(p));
    }
    let r = sudokit(&["generate", "puzzle", "--seed", "4", "--max-clues", "17", "--attempts", "3"], "");
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("no puzzle with at most 17 clues in 3 attempts"), "{}", r.stderr);
    assert!(unique(r.stdout.trim()));
    // Below 17 no classic 9×9 puzzle exists: refused at once, not searched for.
    let r = sudokit(&["generate", "puzzle", "--max-clues", "12"], "");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr.contains("12 clues: no classic 9×9 puzzle with one solution has fewer than 17"),
        "{}",
        r.stderr
    );
    let r = sudokit(&["generate", "puzzle", "--variant", "x", "--max-clues", "16", "--attempts", "1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--no-minimal"], "");
    assert_eq!(r.code, 2);
}

#[test]
fn other_sizes() {
    for (rows, cols, args) in
        [(2, 2, &["--size", "4"][..]), (3, 2, &["--box", "3x2"]), (4, 4, &["--size", "16"])]
    {
        let r =
            sudokit(&[&["generate", "puzzle", "--seed", "8", "--symmetry", "rotate180"], args].concat(), "");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        let shape = sudokit::Shape::new(rows, cols).expect("shape");
        let p = sudokit::parse::parse_line(r.stdout.trim().as_bytes(), Some(shape)).expect("readable");
        assert!(Symmetry::Rotate180.holds(&p));
        assert_eq!(Puzzle::classic(p).count_up_to(2).to_string(), "1");
    }
    let r = sudokit(&["generate", "puzzle", "--size", "4", "--difficulty", "guess", "--attempts", "2"], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "!not found\n");
    assert!(r.stderr.contains("no guess puzzle found in 2 attempts"), "{}", r.stderr);
}

/// JSON and CSV records of a box shape other than the default carry it, so that they read back with
/// no flag, grids and puzzles alike; the default shape's records have no such field.
#[test]
fn records_of_other_box_shapes_read_back() {
    for noun in ["grid", "puzzle"] {
        for format in ["json", "csv"] {
            let args = ["generate", noun, "--box", "3x2", "-n", "3", "--seed", "2", "-o", format];
            let made = sudokit(&args, "");
            assert_eq!(made.code, 0, "{noun} {format}: {}", made.stderr);
            let box_field = if format == "json" { r#""box":"3x2""# } else { ",3x2," };
            assert_eq!(made.stdout.matches(box_field).count(), 3, "{noun} {format}: {}", made.stdout);
            let back = sudokit(&["check", "-o", "line"], &made.stdout);
            assert_eq!((back.code, back.stdout.as_str()), (0, "unique\nunique\nunique\n"), "{}", back.stderr);
        }
    }
    let classic = sudokit(&["generate", "puzzle", "-n", "1", "--seed", "2", "-o", "csv"], "");
    assert_eq!(classic.stdout.lines().next(), Some("index,status,puzzle,clues,guesses,solution"));
}

/// Variant rules, from `--variant` or a JSON puzzle's own, are refused: the classic form of an
/// X-Sudoku would read back as another puzzle under its diagonals.
#[test]
fn canon_refuses_variant_rules() {
    const X: &str = ".....6..72..9...6.1...5...3....62........4.2.......5....1.2..7.8....9..5.........";
    let flag = sudokit(&["canon", "--variant", "x"], &format!("{X}\n"));
    assert_eq!((flag.code, flag.stdout.as_str()), (1, "!unsupported\n"));
    assert!(flag.stderr.contains("puzzle 1, line 1: canonical forms are defined for the classic rules only"));
    let own = sudokit(&["canon", "-o", "json"], &format!("{{\"puzzle\": \"{X}\", \"variants\": [\"x\"]}}\n"));
    assert_eq!(own.code, 1);
    assert!(own.stdout.contains(r#""status":"unsupported""#), "{}", own.stdout);
    let stats = sudokit(&["canon", "--variant", "x", "--stats"], &format!("{X}\n"));
    assert!(stats.stderr.contains(" invalid=0 unsupported=1 "), "{}", stats.stderr);
    // The same givens under the classic rules have their form.
    assert_eq!(sudokit(&["canon"], &format!("{X}\n")).code, 0);
}

#[test]
fn canon_of_equivalent_puzzles_is_equal() {
    const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    // Rows 1 and 2 swapped, then digits 1 and 8 swapped: the same puzzle up to symmetry.
    let swapped: String = P1[9..18].to_string() + &P1[0..9] + &P1[18..];
    let relabelled: String = swapped
        .chars()
        .map(|c| match c {
            '1' => '8',
            '8' => '1',
            c => c,
        })
        .collect();
    let r = sudokit(&["canon"], &format!("{P1}\n{relabelled}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    assert!(lines[0].starts_with('.'));
    // Idempotent.
    assert_eq!(sudokit(&["canon"], &r.stdout).stdout, r.stdout);
    // Bad records keep their place; 16×16 is beyond the search.
    let r = sudokit(&["canon"], &format!("{P1}\n12x\n"));
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout.lines().nth(1), Some("!unreadable"));
    let big = ".".repeat(256);
    let r = sudokit(&["canon"], &big);
    assert_eq!((r.code, r.stdout.as_str()), (1, "!unsupported\n"));
}

/// Issue #19: 16×16 and 20×20 boards (4×5 and 5×4 boxes) finish, with unique puzzles, and `--stats`
/// reports the removals kept unproven.
#[test]
fn big_boards_finish_and_report_unproven_givens() {
    for args in [&["--size", "16"][..], &["--box", "4x5"], &["--box", "5x4"]] {
        let mut all = vec!["generate", "puzzle", "--seed", "3", "--stats"];
        all.extend_from_slice(args);
        let r = sudokit(&all, "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stderr.contains(" unproven="), "{}", r.stderr);
        // Checked on the same box shape (a 20×20 line alone would be read with 4×5 boxes).
        let mut check = vec!["check"];
        check.extend_from_slice(args);
        let c = sudokit(&check, &r.stdout);
        assert_eq!((c.code, c.stdout.as_str()), (0, "unique\n"), "{args:?}: {}{}", r.stdout, c.stderr);
    }
}

/// Issue #19: `generate --timeout` writes what it finished in its place, says how many were not
/// finished, exits 1.
#[test]
fn generate_timeout_reports_missing_puzzles() {
    let r = sudokit(
        &["generate", "puzzle", "--size", "25", "-n", "3", "--seed", "1", "--timeout", "0.2", "-o", "json"],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("timed out after 0.2 s"), "{}", r.stderr);
    let made = r.stdout.lines().filter(|l| l.contains(r#""status":"ok""#)).count();
    assert!(
        r.stderr.contains(&format!("{made} of 3 puzzles made, {} not finished", 3 - made)),
        "{}",
        r.stderr
    );
    // The records written keep their places: record k is item k, unfinished ones as `timeout`.
    for (k, line) in r.stdout.lines().enumerate() {
        assert!(line.starts_with(&format!(r#"{{"index":{},"status":"#, k + 1)), "{}", r.stdout);
    }
    // A timeout that is not reached changes nothing.
    let plain = sudokit(&["generate", "puzzle", "-n", "5", "--seed", "2"], "");
    let timed = sudokit(&["generate", "puzzle", "-n", "5", "--seed", "2", "--timeout", "600"], "");
    assert_eq!(timed.code, 0, "{}", timed.stderr);
    assert_text(&timed.stdout, &plain.stdout);
}

/// Issue #19: counting splits over threads with the same exact answers.
#[test]
fn count_on_threads_is_exact() {
    for threads in ["1", "2"] {
        let r = sudokit(&["count", "--limit", "0", "-j", threads], "................\n");
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, "288\n");
    }
}

/// `--pattern`: the givens sit on the pattern's cells and nowhere else, whether it comes as a
/// puzzle, as `x`/`.` rows with grid art, or from a file; the output does not depend on threads.
#[test]
fn pattern_puzzles_keep_their_pattern() {
    let seed = sudokit(&["generate", "puzzle", "--seed", "9"], "");
    let known = seed.stdout.trim();
    let pattern = Pattern::of_givens(&grid(known));
    let args = ["generate", "puzzle", "--pattern", known, "-n", "6", "--seed", "3", "--solution"];
    let r = sudokit(&[&args[..], &["-j", "1"]].concat(), "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&sudokit(&[&args[..], &["-j", "2"]].concat(), "").stdout, &r.stdout);
    let mut puzzles = Vec::new();
    for l in r.stdout.lines() {
        let (p, s) = l.split_once(' ').expect("puzzle and solution");
        assert_eq!(Pattern::of_givens(&grid(p)), pattern, "{p}");
        assert!(unique(p), "{p}");
        assert_solves(p, s);
        puzzles.push(p.to_string());
    }
    assert_eq!(puzzles.len(), 6);
    assert!(puzzles.iter().all(|p| p != known), "new digits, not the puzzle given");

    // The same pattern as rows of x and dots with grid art, from a file.
    let art: Vec<String> = pattern
        .line()
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = String::from_utf8_lossy(row);
            format!("{} | {} | {}", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    let text = [&art[..3], &["------+-----+------".to_string()], &art[3..6], &[String::new()], &art[6..]]
        .concat()
        .join("\n");
    let dir = TempDir::new("pattern");
    let file = dir.join("pattern.txt");
    std::fs::write(&file, text).expect("written");
    let path = file.to_str().expect("a UTF-8 path");
    let from_file =
        sudokit(&["generate", "puzzle", "--pattern", path, "-n", "6", "--seed", "3", "--solution"], "");
    assert_text(&from_file.stdout, &r.stdout);

    // A puzzle file in any layout `solve` reads gives its givens' pattern: Simple Sudoku's bordered
    // `.ss`, HoDoKu's grid and a `.sdk` file with its headers are refused as marks.
    let sdk = data("formats/puzzle.sdk");
    let givens = sudokit(&["solve", "--echo", "-o", "line", sdk.to_str().expect("utf-8")], "").stdout;
    let marks: String = givens[..81].chars().map(|c| if c == '.' { '.' } else { 'x' }).collect();
    let want = sudokit(&["generate", "puzzle", "--pattern", &marks, "-n", "2", "--seed", "3"], "");
    assert_eq!(want.code, 0, "{}", want.stderr);
    for name in
        ["formats/puzzle.sdk", "formats/puzzle.ss", "formats/puzzle_bordered.ss", "formats/hodoku_givens.txt"]
    {
        let file = data(name);
        let got = sudokit(
            &["generate", "puzzle", "--pattern", file.to_str().expect("utf-8"), "-n", "2", "--seed", "3"],
            "",
        );
        assert_eq!((got.code, &got.stdout), (0, &want.stdout), "{name}: {}", got.stderr);
    }

    // Minimal ones on request, and the library's own filters still apply.
    let minimal =
        sudokit(&["generate", "puzzle", "--pattern", known, "-n", "3", "--seed", "3", "--minimal"], "");
    assert_eq!(minimal.code, 0, "{}", minimal.stderr);
    for p in minimal.stdout.lines() {
        assert_eq!(Pattern::of_givens(&grid(p)), pattern);
        assert!(is_minimal(&grid(p)), "{p}");
    }
    let singles = sudokit(
        &["generate", "puzzle", "--pattern", known, "-n", "2", "--seed", "3", "--difficulty", "singles"],
        "",
    );
    assert_eq!(singles.code, 0, "{}", singles.stderr);
    for p in singles.stdout.lines() {
        assert_eq!(Pattern::of_givens(&grid(p)), pattern);
        let steps = sudokit(&["explain", "--techniques", "fh,n1,h1", "--summary"], p);
        assert_eq!(steps.code, 0, "singles alone solve {p}: {}", steps.stderr);
    }
}

/// A pattern's board comes from its number of cells; `--size` and `--box` must agree with it.
#[test]
fn pattern_on_other_boards() {
    let six = "x.x.x.x..x..x.x.x..x.x.x.x.x.x.x.x.x";
    let r = sudokit(&["generate", "puzzle", "--pattern", six, "-n", "3", "--seed", "1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let shape = sudokit::Shape::new(2, 3).expect("shape");
    for l in r.stdout.lines() {
        let p = sudokit::parse::parse_line(l.as_bytes(), Some(shape)).expect("readable");
        assert_eq!(Pattern::of_givens(&p), Pattern::parse(six, Some(shape)).expect("36 cells"));
        assert_eq!(Puzzle::classic(p).count_up_to(2).to_string(), "1");
    }
    let r = sudokit(&["generate", "puzzle", "--pattern", six, "--box", "3x2", "--seed", "1"], "");
    assert_eq!(r.code, 0, "a 6×6 board of 3×2 boxes: {}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--pattern", six, "--size", "9"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--pattern: the pattern has 36 cells, but a 9×9 board has 81"), "{}", r.stderr);
}

/// Patterns that cannot work are refused before any search, with the reason; a pattern the
/// attempts do not crack is a `!not found` record, exit 1.
#[test]
fn pattern_refusals() {
    let full_rows = |rows: &[usize]| -> String {
        (0..9).map(|r| if rows.contains(&r) { "." } else { "x" }.repeat(9)).collect()
    };
    let cases: [(Vec<&str>, String, &str); 6] = [
        (
            vec![],
            full_rows(&[3, 5]),
            "--pattern: no puzzle on this pattern has a unique solution: rows 4 and 6",
        ),
        (vec![], "x.".repeat(7) + "x", "this one has 15"),
        (vec![], "x.".repeat(40) + "\n", "this one has 80"),
        (vec!["--symmetry", "mirror"], full_rows(&[]), "cannot be used with '--symmetry"),
        (vec!["--clues", "30"], full_rows(&[]), "cannot be used with '--clues"),
        (vec!["--variant", "x"], full_rows(&[]), "--pattern is for classic rules only"),
    ];
    for (extra, pattern, message) in cases {
        let r = sudokit(&[&["generate", "puzzle", "--pattern", &pattern][..], &extra].concat(), "");
        assert_eq!(r.code, 2, "{pattern} {extra:?}");
        assert!(r.stderr.contains(message), "{pattern} {extra:?}: {}", r.stderr);
        assert_eq!(r.stdout, "");
    }
    let few: String = (0..81).map(|i| if i % 5 == 0 && i < 80 { 'x' } else { '.' }).collect();
    let r = sudokit(&["generate", "puzzle", "--pattern", &few], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("it has 16 givens, and every unique puzzle of its board has at least 17"),
        "{}",
        r.stderr
    );

    // Seventeen givens, one to a row and column and box where it can: one attempt finds nothing.
    let sparse: String = (0..81).map(|i| if i % 5 == 0 { 'x' } else { '.' }).collect();
    let r = sudokit(&["generate", "puzzle", "--pattern", &sparse, "--attempts", "1", "--seed", "2"], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stdout, "!not found\n");
    assert!(
        r.stderr.contains("no puzzle with one solution found on the pattern in 1 attempts"),
        "{}",
        r.stderr
    );
}

/// `check --minimal`: generated puzzles are minimal; givens added from the solution can go, each
/// given named can (alone) and no other can; variant puzzles are judged under their rules.
#[test]
fn check_minimal_names_the_givens_that_can_go() {
    let r = sudokit(&["generate", "puzzle", "-n", "4", "--seed", "12", "--solution"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let puzzles: Vec<&str> = r.stdout.lines().map(|l| &l[..81]).collect();
    let checked = sudokit(&["check", "--minimal"], &(puzzles.join("\n") + "\n"));
    assert_eq!(checked.stdout, "unique, minimal\n".repeat(4));
    assert_eq!(checked.code, 0);

    let (p, s) = r.stdout.lines().next().and_then(|l| l.split_once(' ')).expect("puzzle and solution");
    let mut more = p.as_bytes().to_vec();
    let blanks: Vec<usize> = (0..81).filter(|&i| more[i] == b'.').take(2).collect();
    for &i in &blanks {
        more[i] = s.as_bytes()[i];
    }
    let more = String::from_utf8(more).expect("ASCII");
    let r = sudokit(&["check", "--minimal", "-o", "json"], &format!("{more}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("a JSON record");
    assert_eq!(v["minimal"], false);
    let names: Vec<String> = v["redundant"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|n| n.as_str().expect("a name").to_string())
        .collect();
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    assert!(blanks.iter().all(|&i| names.contains(&name(i))), "{names:?}");
    for i in (0..81).filter(|&i| more.as_bytes()[i] != b'.') {
        let mut less = more.clone().into_bytes();
        less[i] = b'.';
        let unique = unique(std::str::from_utf8(&less).expect("ASCII"));
        assert_eq!(unique, names.contains(&name(i)), "{} can go: {unique}", name(i));
    }
    assert_eq!(v["detail"], format!("not minimal: {} can each go", names.join(" ")));
    let text = sudokit(&["check", "--minimal"], &format!("{more}\n"));
    assert_eq!(text.stdout, format!("unique, not minimal: {} can each go\n", names.join(" ")));
    let csv = sudokit(&["check", "--minimal", "-o", "csv"], &format!("{more}\n"));
    assert!(
        csv.stdout
            .lines()
            .nth(1)
            .is_some_and(|l| l.ends_with(&format!(",not minimal: {} can each go", names.join(" ")))),
        "{}",
        csv.stdout
    );

    // Other verdicts and records keep their place and wording.
    // A minimal puzzle less any given has several solutions.
    let first = p.find(|c: char| c != '.').expect("a given");
    let loose = format!("{}.{}", &p[..first], &p[first + 1..]);
    let mixed = format!("{p}\n{loose}\nnot a puzzle\n");
    let r = sudokit(&["check", "--minimal"], &mixed);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "unique, minimal");
    assert!(lines[1].starts_with("multiple: solutions differ at"), "{}", lines[1]);
    assert_eq!(lines.last().copied(), Some("unreadable"));
    assert_eq!(r.code, 2, "{}", r.stderr);

    let x = sudokit(&["generate", "puzzle", "--variant", "x", "-n", "2", "--seed", "3"], "");
    let r = sudokit(&["check", "--variant", "x", "--minimal"], &x.stdout);
    assert_eq!(r.stdout, "unique, minimal\n".repeat(2));
}

#[test]
fn minimize_reduces_each_puzzle_to_a_minimal_one() {
    let r = sudokit(&["generate", "puzzle", "-n", "3", "--seed", "21", "--solution"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pairs: Vec<(&str, &str)> = r.stdout.lines().filter_map(|l| l.split_once(' ')).collect();
    // Each solution, and each puzzle with three of its blanks filled from the solution.
    let mut inputs: Vec<String> = Vec::new();
    for (p, s) in &pairs {
        inputs.push(s.to_string());
        let mut more = p.as_bytes().to_vec();
        for i in (0..81).filter(|&i| p.as_bytes()[i] == b'.').take(3) {
            more[i] = s.as_bytes()[i];
        }
        inputs.push(String::from_utf8(more).expect("ASCII"));
    }
    let text = inputs.join("\n") + "\n";
    let out = sudokit(&["minimize", "--seed", "5", "-j", "1"], &text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), inputs.len());
    for (input, got) in inputs.iter().zip(&lines) {
        let g = grid(got);
        assert!(is_minimal(&g), "{got} is not minimal");
        // Only givens of the input, with the input's solution.
        assert!(got.bytes().zip(input.bytes()).all(|(a, b)| a == b'.' || a == b), "{got} from {input}");
        assert_eq!(g.first_solution(), grid(input).first_solution());
        assert!(unique(got));
    }
    // The same on any thread count; another seed may keep other givens of a full grid.
    assert_eq!(sudokit(&["minimize", "--seed", "5", "-j", "2"], &text).stdout, out.stdout);
    let again = sudokit(&["minimize", "--seed", "6"], &text);
    assert_ne!(again.stdout, out.stdout);
    // A minimal puzzle comes back as it is, in reading order and in any other.
    let minimal = format!("{}\n", pairs[0].0);
    assert_eq!(sudokit(&["minimize"], &minimal).stdout, minimal);
    assert_eq!(sudokit(&["minimize", "--seed", "9"], &minimal).stdout, minimal);

    // Records: the minimal puzzle, its givens and the givens removed, in cell order.
    let json = sudokit(&["minimize", "-o", "json"], &format!("{}\n", inputs[1]));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("a JSON record");
    let got = v["minimal"].as_str().expect("the minimal puzzle");
    assert_eq!(v["status"], "ok");
    assert_eq!(v["puzzle"], inputs[1].as_str());
    assert_eq!(v["givens"], got.bytes().filter(|&b| b != b'.').count());
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    let removed: Vec<String> =
        (0..81).filter(|&i| got.as_bytes()[i] != inputs[1].as_bytes()[i]).map(name).collect();
    // Each added given can go alone, so the input is not minimal and something goes.
    assert!(!removed.is_empty());
    assert_eq!(v["removed"], serde_json::json!(removed));
    let csv = sudokit(&["minimize", "-o", "csv"], &format!("{}\n", inputs[1]));
    let csv_lines: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(csv_lines[0], "index,status,puzzle,minimal,givens,removed");
    assert_eq!(csv_lines[1], format!("1,ok,{},{got},{},{}", inputs[1], v["givens"], removed.join(" ")));
    // Grid layouts answer in their own layout, beside the input with --echo.
    let pretty = sudokit(&["minimize", "-o", "pretty", "--echo"], &format!("{}\n", inputs[1]));
    assert_eq!(pretty.code, 0, "{}", pretty.stderr);
    assert_eq!(pretty.stdout.lines().count(), 13, "{}", pretty.stdout);

    // Puzzles without one solution keep their place, with a message naming them.
    let p = pairs[0].0;
    let first = p.find(|c: char| c != '.').expect("a given");
    let loose = format!("{}.{}", &p[..first], &p[first + 1..]);
    // The first given's digit again in a blank of its row: the givens clash.
    let mut clash = p.as_bytes().to_vec();
    let row = first / 9 * 9;
    let blank = (row..row + 9).find(|&i| clash[i] == b'.').expect("a blank in the row");
    clash[blank] = clash[first];
    let clash = String::from_utf8(clash).expect("ASCII");
    let mixed = format!("{p}\n{loose}\nnot a puzzle\n{}\n", inputs[0]);
    let r = sudokit(&["minimize"], &mixed);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert_eq!(lines[0], p);
    assert_eq!(lines[1], "!multiple");
    assert_eq!(lines[2], "!unreadable");
    assert!(is_minimal(&grid(lines[3])));
    assert!(r.stderr.contains("puzzle 2, line 2: not minimized: more than one solution"), "{}", r.stderr);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let r = sudokit(&["minimize"], &format!("{loose}\n"));
    assert_eq!(r.code, 3, "{}", r.stderr);
    let r = sudokit(&["minimize", "-o", "json"], &format!("{clash}\n"));
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("a JSON record");
    assert_eq!(v["status"], "invalid");
    assert!(r.stderr.contains("not minimized: givens break the rules"), "{}", r.stderr);
    assert_eq!(r.code, 1);

    // A symmetric puzzle stays symmetric, minimal under its symmetry; an asymmetric one gets a note.
    let sym = sudokit(
        &["generate", "puzzle", "-n", "2", "--seed", "4", "--symmetry", "rotate180", "--solution"],
        "",
    );
    let grids: String =
        sym.stdout.lines().filter_map(|l| l.split_once(' ')).map(|(_, s)| format!("{s}\n")).collect();
    for seed in ["1", "2"] {
        let r = sudokit(&["minimize", "--symmetry", "rotate180", "--seed", seed], &grids);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stderr.is_empty(), "{}", r.stderr);
        for line in r.stdout.lines() {
            let g = grid(line);
            assert!(Symmetry::Rotate180.holds(&g) && is_minimal_under(&g, Symmetry::Rotate180), "{line}");
        }
    }
    let r = sudokit(&["minimize", "--symmetry", "mirror"], &format!("{}\n", pairs[0].0));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!Symmetry::Mirror.holds(&grid(pairs[0].0)));
    assert!(!Symmetry::Mirror.holds(&grid(r.stdout.trim())));
    assert!(
        r.stderr.contains(
            "puzzle 1, line 1: note: the givens are not mirror-symmetric, and neither is the answer"
        ),
        "{}",
        r.stderr
    );
    let r = sudokit(&["minimize", "--symmetry", "random"], &grids);
    assert_eq!(r.code, 2);

    // Variant rules are kept: X puzzles are minimal under X.
    let x = sudokit(&["generate", "grid", "--variant", "x", "-n", "2", "--seed", "4"], "");
    assert_eq!(x.code, 0, "{}", x.stderr);
    let reduced = sudokit(&["minimize", "--variant", "x"], &x.stdout);
    assert_eq!(reduced.code, 0, "{}", reduced.stderr);
    let checked = sudokit(&["check", "--variant", "x", "--minimal"], &reduced.stdout);
    assert_eq!(checked.stdout, "unique, minimal\n".repeat(2), "{}", reduced.stdout);
    // Other boards too.
    let six = sudokit(&["generate", "grid", "--size", "6", "-n", "1", "--seed", "4"], "");
    let reduced = sudokit(&["minimize", "--size", "6"], &six.stdout);
    assert_eq!(reduced.code, 0, "{}", reduced.stderr);
    let checked = sudokit(&["check", "--size", "6", "--minimal"], &reduced.stdout);
    assert_eq!(checked.stdout, "unique, minimal\n", "{}", reduced.stdout);
}
