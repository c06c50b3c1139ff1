//! Issue #20 (item 5): `sudokit generate grid|puzzle --variant x|hyper|jigsaw|killer`, end to end:
//! every puzzle reads back into `count` (one solution) and `check` in each layout it is written in.

use crate::util::{assert_text, sudokit};

/// Generates with `args`, then counts the output with `read` flags: every record must count 1.
#[track_caller]
fn assert_counts_one(args: &[&str], read: &[&str], records: usize) {
    let made = sudokit(&[&["generate", "puzzle"][..], args].concat(), "");
    assert_eq!(made.code, 0, "{args:?}: {}", made.stderr);
    let counted = sudokit(&[&["count"][..], read].concat(), &made.stdout);
    assert_eq!(counted.code, 0, "{args:?} | count {read:?}: {}\n{}", counted.stderr, made.stdout);
    let lines: Vec<&str> = counted.stdout.lines().collect();
    assert_eq!(lines.len(), records, "{args:?}: {}", counted.stdout);
    assert!(lines.iter().all(|l| *l == "1"), "{args:?} | count {read:?}:\n{}", counted.stdout);
}

/// Issue #20: `generate puzzle --variant x` was an unknown argument; now every variant generates, and
/// its own layout reads back.
#[test]
fn issue_20_variant_puzzles_count_one_in_their_own_layouts() {
    let n = ["-n", "4", "--seed", "3"];
    for (variant, layout) in [
        ("x", "line"),
        ("x", "pretty"),
        ("x", "csv"),
        ("hyper", "grid"),
        ("hyper", "line"),
        ("jigsaw", "line"),
        ("jigsaw", "grid"),
        ("jigsaw", "compact"),
        ("x,jigsaw", "line"),
    ] {
        assert_counts_one(
            &[&n[..], &["--variant", variant, "-o", layout]].concat(),
            &["--variant", variant],
            4,
        );
    }
    // Killer puzzles are JSON puzzle objects, one per line, that bring their cages: no flag needed.
    assert_counts_one(&[&n[..], &["--variant", "killer"]].concat(), &[], 4);
    assert_counts_one(&[&n[..], &["--variant", "killer,x", "--size", "6"]].concat(), &[], 4);
}

#[test]
fn json_records_carry_their_rules() {
    for variant in ["x", "hyper", "jigsaw", "killer", "jigsaw,killer"] {
        let args = ["-n", "3", "--seed", "4", "--variant", variant, "-o", "json", "--solution"];
        assert_counts_one(&args, &[], 3);
        let made = sudokit(&[&["generate", "puzzle"][..], &args[..]].concat(), "");
        // `check` agrees, and checks the solution the record gives.
        let checked = sudokit(&["check"], &made.stdout);
        assert_eq!(checked.code, 0, "{}", checked.stderr);
        let ok = checked.stdout.lines().filter(|l| l.contains("\"status\":\"ok\"")).count();
        assert_eq!(ok, 3, "{}", checked.stdout);
        let first = made.stdout.lines().next().unwrap_or_default();
        let rules = variant.replace("jigsaw,killer", "jigsaw\",\"killer");
        assert!(first.contains(&format!("\"variants\":[\"{rules}\"]")), "{first}");
        // The rules follow the puzzle, as in `solve`'s records.
        let at = |field: &str| first.find(&format!("\"{field}\":"));
        assert!(at("puzzle") < at("variants") && at("variants") < at("clues"), "{first}");
        assert_eq!(first.contains("\"regions\":"), variant.contains("jigsaw"), "{first}");
        assert_eq!(first.contains("\"cages\":[{\"cells\":"), variant.contains("killer"), "{first}");
    }
    // A record's solution is the one `solve` finds (which writes it with its region map).
    let made =
        sudokit(&["generate", "puzzle", "-n", "2", "--seed", "5", "--variant", "jigsaw", "--solution"], "");
    let solved = sudokit(&["solve", "--variant", "jigsaw"], &made.stdout);
    let expected: String =
        made.stdout.lines().map(|l| format!("{} {}\n", &l[82 + 82..], first_seen(&l[82..82 + 81]))).collect();
    let actual: String = solved
        .stdout
        .lines()
        .map(|l| l.split_once(' ').map_or(format!("{l}\n"), |(s, map)| format!("{s} {}\n", first_seen(map))))
        .collect();
    assert_text(&actual, &expected);
}

/// CSV rows carry the rules in columns of their own (`box`, `variants`, `regions`, `cages`), so that
/// they read back with no flag, as JSON records do.
#[test]
fn csv_rows_carry_their_rules() {
    for variant in ["x", "hyper", "jigsaw", "killer", "jigsaw,killer"] {
        let args = ["-n", "3", "--seed", "4", "--variant", variant, "-o", "csv", "--solution"];
        assert_counts_one(&args, &[], 3);
        let made = sudokit(&[&["generate", "puzzle"][..], &args[..]].concat(), "");
        let mut lines = made.stdout.lines();
        assert_eq!(
            lines.next(),
            Some("index,status,puzzle,box,variants,regions,cages,clues,guesses,solution"),
            "{variant}"
        );
        let checked = sudokit(&["check"], &made.stdout);
        assert_eq!(checked.code, 0, "{variant}: {}", checked.stderr);
        assert_eq!(checked.stdout.lines().filter(|l| l.contains(",ok,")).count(), 3, "{}", checked.stdout);
        // The same rules, the same records: CSV and JSON written from one seed agree field by field.
        let json = sudokit(
            &["generate", "puzzle", "-n", "3", "--seed", "4", "--variant", variant, "-o", "json"],
            "",
        );
        let from_csv = sudokit(&["solve", "-o", "json"], &made.stdout);
        let from_json = sudokit(&["solve", "-o", "json"], &json.stdout);
        // Up to the answers: the CSV's solution column comes back as an expected solution.
        let head = |text: &str| -> String {
            let cut = |l: &str| {
                l.split([',']).take_while(|f| !f.contains("solution\"")).collect::<Vec<_>>().join(",")
            };
            text.lines().map(|l| format!("{}\n", cut(l))).collect()
        };
        assert_text(&head(&from_csv.stdout), &head(&from_json.stdout));
    }
}

/// A region map with its regions lettered A, B, … in the order they first appear: the same regions
/// whatever letters a writer chose.
fn first_seen(map: &str) -> String {
    let mut seen: Vec<char> = Vec::new();
    map.chars()
        .map(|c| {
            let i = seen.iter().position(|&s| s == c).unwrap_or_else(|| {
                seen.push(c);
                seen.len() - 1
            });
            char::from(b'A' + i as u8)
        })
        .collect()
}

#[test]
fn grids_on_other_boards_and_seeds_on_any_thread_count() {
    for (variant, size) in [("x", "6"), ("jigsaw", "8"), ("hyper", "9")] {
        let args = ["generate", "grid", "-n", "5", "--seed", "6", "--variant", variant, "--size", size];
        let grids = sudokit(&args, "");
        assert_eq!(grids.code, 0, "{}", grids.stderr);
        // A complete grid is its own unique solution under its rules.
        let c = sudokit(&["count", "--variant", variant], &grids.stdout);
        assert_eq!((c.code, c.stdout.as_str()), (0, "1\n1\n1\n1\n1\n"), "{variant}: {}", c.stderr);
    }
    let args = ["generate", "puzzle", "-n", "12", "--seed", "7", "--variant", "jigsaw,killer", "-o", "json"];
    let one = sudokit(&[&args[..], &["-j", "1"]].concat(), "");
    let two = sudokit(&[&args[..], &["-j", "2"]].concat(), "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_text(&two.stdout, &one.stdout);
    let other = sudokit(
        &["generate", "puzzle", "-n", "12", "--seed", "8", "--variant", "jigsaw,killer", "-o", "json"],
        "",
    );
    assert_ne!(other.stdout, one.stdout);
}

#[test]
fn stats_symmetry_and_timeout() {
    let r = sudokit(
        &[
            "generate",
            "puzzle",
            "-n",
            "3",
            "--seed",
            "9",
            "--variant",
            "jigsaw",
            "--symmetry",
            "rotate180",
            "--stats",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("puzzles=3 ") && r.stderr.contains("unproven=0"), "{}", r.stderr);
    for line in r.stdout.lines() {
        let givens: Vec<bool> = line[..81].bytes().map(|b| b != b'.').collect();
        assert!((0..81).all(|i| givens[i] == givens[80 - i]), "not symmetric: {line}");
    }
    let t = sudokit(
        &[
            "generate",
            "puzzle",
            "--size",
            "12",
            "-n",
            "40",
            "--seed",
            "1",
            "--variant",
            "jigsaw",
            "--timeout",
            "0.2",
        ],
        "",
    );
    assert_eq!(t.code, 1, "{}", t.stderr);
    assert!(t.stderr.contains("timed out after 0.2 s"), "{}", t.stderr);
}

#[test]
fn combinations_that_do_not_apply_are_refused_by_name() {
    for (args, message) in [
        (&["grid", "--variant", "killer"][..], "--variant killer makes puzzles"),
        (
            &["puzzle", "--variant", "killer", "-o", "grid"],
            "killer cages are written only in the JSON puzzle format",
        ),
        (&["puzzle", "--variant", "jigsaw", "-o", "pretty", "--solution"], "--solution beside a jigsaw grid"),
        (&["puzzle", "--variant", "jigsaw", "-o", "grid", "--solution"], "--solution beside a jigsaw grid"),
        (
            &["puzzle", "--variant", "hyper", "--size", "6"],
            "hyper windows need square boxes and a side of 9 or more",
        ),
        (
            &["puzzle", "--variant", "jigsaw", "--size", "16"],
            "jigsaw puzzles are generated on boards up to 12×12",
        ),
        (
            &["puzzle", "--variant", "x", "--difficulty", "guess"],
            "difficulty classes are defined for classic puzzles only",
        ),
        (&["puzzle", "--variant", "killer", "--symmetry", "mirror"], "killer puzzles take no symmetry"),
        (&["puzzle", "--variant", "sandwich"], "invalid value 'sandwich'"),
    ] {
        let r = sudokit(&[&["generate"][..], args].concat(), "");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}

/// Issue #20, item 1: the JSON records of `solve`, `check`, `count` and `solve --all` carry the rules
/// of a variant puzzle (`variants`, `regions`, `cages`), so they read back under the same rules with
/// no flag, as the generator's records do.
#[test]
fn issue_20_variant_records_of_every_command_read_back_under_their_rules() {
    for (variant, input_flags) in
        [("jigsaw", &["--variant", "jigsaw"][..]), ("x", &["--variant", "x"]), ("killer,x", &[])]
    {
        let made = sudokit(&["generate", "puzzle", "--variant", variant, "-n", "2", "--seed", "5"], "");
        assert_eq!(made.code, 0, "{variant}: {}", made.stderr);
        for command in [&["solve"][..], &["solve", "--all"], &["check"], &["count"]] {
            let out = sudokit(&[command, input_flags, &["-o", "json"]].concat(), &made.stdout);
            assert_eq!(out.code, 0, "{variant} {command:?}: {}", out.stderr);
            assert!(out.stdout.contains("\"variants\":"), "{variant} {command:?}: {}", out.stdout);
            let again = sudokit(&["count"], &out.stdout);
            assert_eq!(again.code, 0, "{variant} {command:?} | count: {}", again.stderr);
            // `solve --all` and `count` records give their count, which `count` then compares with.
            let counts: Vec<&str> = again.stdout.lines().collect();
            assert!(
                counts.len() == 2 && counts.iter().all(|c| *c == "1" || *c == "1 (as given)"),
                "{variant} {command:?} | count: {}\n{}",
                again.stdout,
                out.stdout
            );
        }
    }
}

/// A text layout that leaves out the rules the puzzles were made under (X and hyper, boxes other
/// than the squarest) says so on stderr, with the flags that read the output back; those flags
/// do. Layouts that carry every rule say nothing.
#[test]
fn a_layout_without_the_rules_names_the_flags_that_read_it_back() {
    let note =
        "sudokit: note: this layout does not write the rules the items were made under: read them back with ";
    for (args, flags) in [
        (&["--variant", "hyper", "-o", "pretty"][..], "--variant hyper"),
        (&["--size", "6", "--box", "3x2"], "--box 3x2"),
        (&["--variant", "x,jigsaw", "-o", "grid"], "--variant x,jigsaw"),
        (&["--variant", "x", "--size", "6", "--box", "3x2", "-o", "compact"], "--variant x --box 3x2"),
    ] {
        let made = sudokit(&[&["generate", "puzzle", "-n", "3", "--seed", "2"][..], args].concat(), "");
        assert_eq!(made.code, 0, "{args:?}: {}", made.stderr);
        assert_eq!(made.stderr, format!("{note}{flags} (-o json and csv write them)\n"), "{args:?}");
        let read: Vec<&str> = flags.split(' ').collect();
        let counted = sudokit(&[&["count"][..], &read].concat(), &made.stdout);
        assert_eq!((counted.code, counted.stdout.as_str()), (0, "1\n1\n1\n"), "{args:?}: {}", counted.stderr);
    }
    for args in [
        &["--variant", "hyper", "-o", "json"][..],
        &["--size", "6", "--box", "3x2", "-o", "csv"],
        &["--size", "6", "--box", "3x2", "-o", "pretty"],
        &["--variant", "x,killer", "--size", "6", "--box", "3x2"],
        &["--variant", "jigsaw", "--size", "6", "--box", "3x2"],
    ] {
        let made = sudokit(&[&["generate", "puzzle", "-n", "1", "--seed", "2"][..], args].concat(), "");
        assert_eq!((made.code, made.stderr.as_str()), (0, ""), "{args:?}");
    }
}
