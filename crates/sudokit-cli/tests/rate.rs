//! `rate` (issue 16): ER/EP/ED and HoDoKu score and level per puzzle, in line, JSON and CSV; bad input
//! reported per record, in order.

use crate::util::{shared, sudokit};

/// serate 1.2.1.3 rates it 4.2/1.2/1.2, an XY-Wing its hardest step.
const XY: &str = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..";
const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const XY_LINE: &str = "4.2/1.2/1.2 1302 hard XY-Wing";
const EASY_LINE: &str = "1.2/1.2/1.2 196 easy Hidden Single";

#[test]
fn rate_prints_both_scales_per_puzzle() {
    let run = sudokit(&["rate"], &format!("{XY}\n{EASY}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{XY_LINE}\n{EASY_LINE}\n"));
    let json = sudokit(&["rate", "-o", "json"], &format!("{XY}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("one JSON object");
    assert_eq!(v["status"], "ok");
    assert_eq!(v["puzzle"], XY);
    assert_eq!((v["er"].as_f64(), v["ep"].as_f64(), v["ed"].as_f64()), (Some(4.2), Some(1.2), Some(1.2)));
    assert_eq!(v["hodoku_score"], 1302);
    assert_eq!(v["hodoku_level"], "hard");
    assert_eq!(v["hardest_technique"], "XY-Wing");
    // The length of Sudoku Explainer's path, as `explain --scale se` ends it: "solved in 65 steps".
    assert_eq!(v["step_count"], 65);
}

/// A grid already solved is rated as taking no step: `ok`, not a path cut short.
#[test]
fn a_solved_grid_rates_as_no_step() {
    const SOLVED: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    for (scale, line) in [("both", "0.0/0.0/0.0 0 easy"), ("se", "0.0/0.0/0.0"), ("hodoku", "0 easy")] {
        let run = sudokit(&["rate", "--scale", scale], &format!("{SOLVED}\n"));
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (0, format!("{line}\n").as_str(), "")
        );
    }
    let json = sudokit(&["rate", "-o", "json"], &format!("{SOLVED}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("one JSON object");
    assert_eq!(
        (v["status"].as_str(), v["hodoku_score"].as_u64(), v["step_count"].as_u64()),
        (Some("ok"), Some(0), Some(0))
    );
    let csv = sudokit(&["rate", "-o", "csv"], &format!("{SOLVED}\n"));
    assert_eq!(csv.stdout.lines().nth(1), Some(format!("{SOLVED},0.0,0.0,0.0,0,easy,").as_str()));
    // As pencil marks, and as the end of `explain --summary`.
    let marks = sudokit(&["candidates"], &format!("{SOLVED}\n")).stdout;
    let run = sudokit(&["rate", "--pencil"], &marks);
    assert_eq!((run.code, run.stdout.as_str()), (0, "0.0/0.0/0.0 0 easy\n"), "{}", run.stderr);
    let run = sudokit(&["explain", "--summary"], &format!("{SOLVED}\n"));
    assert_eq!(run.stdout, "solved in 0 steps: score 0 (easy)\n");
}

#[test]
fn rate_csv_has_the_fixed_header_and_the_puzzle_as_given() {
    // A grid layout in, the puzzle on one line out.
    let grid: String = XY.as_bytes().chunks(9).map(|r| format!("{}\n", String::from_utf8_lossy(r))).collect();
    let run = sudokit(&["rate", "-o", "csv", "-i", "compact"], &grid);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("puzzle,er,ep,ed,hodoku_score,hodoku_level,hardest_technique\n{XY},4.2,1.2,1.2,1302,hard,XY-Wing\n")
    );
}

#[test]
fn rate_reports_bad_puzzles_in_place_and_never_guesses() {
    let input = format!("{EASY}\n12x\n{}\n11{}\n{XY}\n", ".".repeat(81), &EASY[2..]);
    let run = sudokit(&["rate"], &input);
    assert_eq!(run.code, 2, "unreadable is the most severe");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines, [EASY_LINE, "!unreadable", "!multiple", "!invalid", XY_LINE]);
    assert!(run.stderr.contains("puzzle 2, line 2, column 3"), "{}", run.stderr);
    assert!(run.stderr.contains("puzzle 3, line 3: more than one solution; not rated"), "{}", run.stderr);
    assert!(run.stderr.contains("puzzle 4, line 4: givens break the rules"), "{}", run.stderr);
    let csv = sudokit(&["rate", "-o", "csv"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(csv.code, 3);
    assert_eq!(csv.stdout.lines().nth(1), Some(format!("{},,,,,,", ".".repeat(81)).as_str()));
    // An unreadable record keeps its puzzle as given, so that the row says which it was.
    let csv = sudokit(&["rate", "-o", "csv"], &input);
    assert_eq!(csv.code, 2);
    assert_eq!(csv.stdout.lines().nth(2), Some("12x,,,,,,"));
    let json = sudokit(&["rate", "-o", "json"], &format!("{}\n", ".".repeat(81)));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(v["status"], "multiple");
    assert!(v.get("er").is_none());
}

#[test]
fn rate_refuses_other_boards_but_gives_their_step_count_and_hardest_technique() {
    let mini = "1.3.4.2.3.1.2.4.";
    let run = sudokit(&["rate"], &format!("{mini}\n"));
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "?/?/? ? ? Naked Single\n");
    assert!(
        run.stderr.contains("the SE and HoDoKu ratings are for classic 9×9 puzzles only, not 4×4 boards"),
        "{}",
        run.stderr
    );
    let json = sudokit(&["rate", "-o", "json"], &format!("{mini}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(
        (v["status"].as_str(), v["er"].is_null(), v["hodoku_level"].is_null()),
        (Some("unsupported"), true, true)
    );
    assert_eq!((v["hardest_technique"].as_str(), v["step_count"].as_u64()), (Some("Naked Single"), Some(8)));
    let csv = sudokit(&["rate", "-o", "csv"], &format!("{mini}\n"));
    assert_eq!(csv.stdout.lines().nth(1), Some(format!("{mini},,,,,,Naked Single").as_str()));

    // Variant rules too: the step count is that of the human solver's path, as `explain` ends it.
    let x = sudokit(&["generate", "puzzle", "--variant", "x", "--seed", "5", "-n", "1"], "");
    assert_eq!(x.code, 0, "{}", x.stderr);
    let rated = sudokit(&["rate", "-o", "json", "--variant", "x"], &x.stdout);
    assert_eq!(rated.code, 1);
    assert!(rated.stderr.contains("not puzzles with variant rules"), "{}", rated.stderr);
    let v: serde_json::Value = serde_json::from_str(rated.stdout.trim()).expect("JSON");
    let explained = sudokit(&["explain", "--variant", "x"], &x.stdout);
    let last = explained.stdout.lines().last().unwrap_or_default().to_string();
    assert_eq!(last, format!("solved in {} steps", v["step_count"]));
    assert!(v["hardest_technique"].is_string(), "{v}");

    // Without exactly one solution there is no path to measure either.
    let open = sudokit(&["rate"], &format!("{}\n", ".".repeat(16)));
    assert_eq!((open.code, open.stdout.as_str()), (1, "!unsupported\n"));
    assert!(
        open.stderr.contains("puzzle 1, line 1: no step count or hardest technique: more than one solution"),
        "{}",
        open.stderr
    );

    // `--stats` counts them as unsupported, not as givens that break the rules.
    let stats = sudokit(&["rate", "--stats"], &format!("{mini}\n{}\n", ".".repeat(16)));
    assert_eq!(stats.code, 1);
    assert!(stats.stderr.contains(" no_solution=0 invalid=0 unsupported=2 multiple=0 "), "{}", stats.stderr);
    let clash = sudokit(&["rate", "--stats"], &format!("11{}\n", ".".repeat(79)));
    assert!(clash.stderr.contains(" invalid=1 unsupported=0 "), "{}", clash.stderr);

    let timed = sudokit(&["rate", "--timeout", "1"], &format!("{EASY}\n"));
    assert_eq!(timed.code, 2);
    assert!(timed.stderr.contains("--timeout is not supported"), "{}", timed.stderr);
    // The help does not offer what is refused.
    for command in ["rate", "backdoor"] {
        let help = sudokit(&[command, "--help"], "");
        assert!(help.stdout.contains("--stats") && !help.stdout.contains("--timeout"), "{}", help.stdout);
        let refused = sudokit(&[command, "--timeout", "1"], &format!("{EASY}\n"));
        assert_eq!(refused.code, 2, "{command}");
        assert!(refused.stderr.contains("--timeout is not supported"), "{}", refused.stderr);
    }
}

#[test]
fn rate_keeps_input_order_on_every_thread_and_counts_with_stats() {
    let puzzles: Vec<&str> = (0..24).map(|i| if i % 3 == 0 { XY } else { EASY }).collect();
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let run = sudokit(&["rate", "-j", "2", "--stats"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let want: Vec<&str> = puzzles.iter().map(|&p| if p == XY { XY_LINE } else { EASY_LINE }).collect();
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), want);
    assert!(run.stderr.contains("er: 1.0-2.5=16 2.6-4.0=0 4.1-6.5=8 "), "{}", run.stderr);
    assert!(
        run.stderr.contains("hodoku_level: easy=16 medium=0 hard=8 unfair=0 extreme=0 unrated=0"),
        "{}",
        run.stderr
    );
}

/// A puzzle with several solutions gets no rating, path, hint, pencil marks, backdoor or minimal
/// form: exit status 3, as the table says, and `--stats` counts it under `multiple` only. `solve`,
/// which prints its first solution, counts it as solved too.
#[test]
fn stats_count_several_solutions_as_solved_only_where_answered() {
    let input = format!("{EASY}\n{}\n", ".".repeat(81));
    let commands: [&[&str]; 9] = [
        &["rate"],
        &["explain"],
        &["explain", "--scale", "se"],
        &["hint"],
        &["hint", "--scale", "se"],
        &["hint", "--all"],
        &["candidates"],
        &["backdoor"],
        &["minimize"],
    ];
    for command in commands {
        let run = sudokit(&[command, &["--stats"]].concat(), &input);
        assert_eq!(run.code, 3, "{command:?}: {}", run.stderr);
        let counts = "puzzles=2 solved=1 no_solution=0 invalid=0 unsupported=0 multiple=1 ";
        assert!(run.stderr.contains(counts), "{command:?}: {}", run.stderr);
    }
    let solve = sudokit(&["solve", "--stats"], &input);
    assert_eq!(solve.code, 3, "{}", solve.stderr);
    assert!(solve.stderr.contains("puzzles=2 solved=2 "), "{}", solve.stderr);
    assert!(solve.stderr.contains(" multiple=1 "), "{}", solve.stderr);
}

#[test]
fn explain_se_shows_the_steps_that_make_up_the_rating() {
    let run = sudokit(&["explain", "--scale", "se"], &format!("{XY}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "1. Hidden Single (1.2): r2c7=2");
    assert_eq!(lines[8], "9. Pointing (2.6): 7 in r2c9,r3c9 => r4c9<>7, r5c9<>7, r6c9<>7");
    assert_eq!(lines.last().copied(), Some("solved in 65 steps: ER 4.2, EP 1.2, ED 1.2 (hardest: XY-Wing)"));
    // ER is the hardest step shown, and the first step that hard is the hardest technique's.
    let hardest = lines.iter().find(|l| l.contains(" (4.2): ")).expect("a step of 4.2");
    assert!(hardest.contains(". XY-Wing (4.2): 4/6/9 in r"), "{hardest}");
    assert!(lines[..lines.len() - 1].iter().all(|l| !l.contains(" (4.3)") && !l.contains(" (5.")));

    let json = sudokit(&["explain", "--scale", "se", "-o", "json"], &format!("{XY}\n"));
    assert_eq!(json.code, 0, "{}", json.stderr);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("one JSON object");
    assert_eq!(
        (v["solved"].as_bool(), v["er"].as_f64(), v["ep"].as_f64()),
        (Some(true), Some(4.2), Some(1.2))
    );
    assert_eq!((v["ed"].as_f64(), v["hardest"].as_str()), (Some(1.2), Some("XY-Wing")));
    assert!(v["stopped"].is_null());
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 65);
    assert_eq!(steps[8]["technique"], "Pointing");
    assert_eq!(steps[8]["difficulty"].as_f64(), Some(2.6));
    assert_eq!(steps[8]["eliminations"][2], serde_json::json!({"cell": "r6c9", "digit": 7}));
    // The pattern, as the human solver's steps give theirs.
    assert_eq!(
        (&steps[8]["digits"], &steps[8]["cells"]),
        (&serde_json::json!([7]), &serde_json::json!(["r2c9", "r3c9"]))
    );
    assert_eq!(steps[0]["placements"][0], serde_json::json!({"cell": "r2c7", "digit": 2}));
    assert_eq!(steps[0]["text"], lines[0].trim_start_matches("1. "));
}

#[test]
fn explain_se_writes_a_static_chain_in_eureka_notation() {
    // Made with `sudokit generate puzzle --er 6.6..7.1 --seed 3`: its hardest step is a Turbot Fish,
    // from r1c2=9 to r1c2<>9.
    let turbot = "5...16..8...928....6....7..3......5.9.1.....3..82..19.18...42.5.....137...5......\n";
    let run = sudokit(&["explain", "--scale", "se"], turbot);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let chain = "Turbot Fish (6.6): (9)r1c2-(9)r3c3=(9)r3c9-(9)r8c9=(9)r8c2-(9)r1c2 => r1c2<>9";
    assert!(run.stdout.lines().any(|l| l.ends_with(chain)), "{}", run.stdout);
    let json = sudokit(&["explain", "--scale", "se", "-o", "json"], turbot);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("one JSON object");
    let steps = v["steps"].as_array().expect("steps");
    let step = steps.iter().find(|s| s["technique"] == "Turbot Fish").expect("the Turbot Fish");
    assert_eq!(step["text"], chain);
    let nodes: Vec<&str> = step["chains"][0]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter_map(|n| n["cells"][0].as_str())
        .collect();
    assert_eq!(nodes, ["r1c2", "r3c3", "r3c9", "r8c9", "r8c2", "r1c2"]);
    assert_eq!(step["chains"][0]["links"], serde_json::json!(["weak", "strong", "weak", "strong", "weak"]));
    // Steps without a chain have none.
    assert!(steps
        .iter()
        .filter(|s| s["technique"] != "Turbot Fish")
        .all(|s| s["chains"] == serde_json::json!([])));
}

#[test]
fn explain_se_reports_bad_puzzles_in_place() {
    // A broken line, a puzzle with many solutions and a good one: one record each, in order.
    let open = ".".repeat(81);
    let input = format!("{XY}\nx{}\n{open}\n{EASY}\n", &XY[1..]);
    let run = sudokit(&["explain", "--scale", "se"], &input);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let records: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(records.len(), 4, "{}", run.stdout);
    assert!(records[0].ends_with("(hardest: XY-Wing)"), "{}", records[0]);
    assert_eq!(&records[1..3], ["!unreadable", "!multiple"]);
    assert!(records[3].ends_with("(hardest: Hidden Single)\n"), "{}", records[3]);
    assert!(run.stderr.contains("puzzle 2, line 2, column 1: invalid character 'x'"), "{}", run.stderr);
    assert!(run.stderr.contains("puzzle 3, line 3: more than one solution; not rated"), "{}", run.stderr);

    let json = sudokit(&["explain", "--scale", "se", "-o", "json"], &input);
    let lines: Vec<&str> = json.stdout.lines().collect();
    assert_eq!(
        lines[1..3],
        [
            format!("{{\"index\":2,\"status\":\"unreadable\",\"puzzle\":\"x{}\"}}", &XY[1..]),
            format!("{{\"index\":3,\"status\":\"multiple\",\"puzzle\":\"{open}\"}}")
        ]
    );
    assert_eq!(lines.len(), 4);

    // Other boards and variant rules are refused, as by `rate`.
    let mini = sudokit(&["explain", "--scale", "se"], "1.3.4.2.3.1.2.4.\n");
    assert_eq!((mini.code, mini.stdout.as_str()), (1, "!unsupported\n"));
    assert!(mini.stderr.contains("classic 9×9 puzzles only, not 4×4 boards"), "{}", mini.stderr);
    let x = sudokit(&["explain", "--scale", "se", "--variant", "x"], &format!("{XY}\n"));
    assert_eq!((x.code, x.stdout.as_str()), (1, "!unsupported\n"));
    let stats = sudokit(&["explain", "--scale", "se", "--stats"], "1.3.4.2.3.1.2.4.\n");
    assert!(stats.stderr.contains(" invalid=0 unsupported=1 "), "{}", stats.stderr);
}

#[test]
fn explain_se_refuses_the_flags_of_hodokus_path() {
    for flags in [&["--grids"][..], &["--exclude", "bf"], &["--techniques", "X-Wing"], &["--all-at-once"]] {
        let args: Vec<&str> = ["explain", "--scale", "se"].iter().chain(flags).copied().collect();
        let run = sudokit(&args, &format!("{XY}\n"));
        assert_eq!(run.code, 2, "{flags:?}");
        assert!(run.stdout.is_empty(), "{flags:?}");
        assert!(
            run.stderr.contains(&format!("explain --scale se does not take {}", flags[0])),
            "{}",
            run.stderr
        );
    }
    let run = sudokit(&["explain", "--scale", "se", "--timeout", "5"], &format!("{XY}\n"));
    assert!(run.stderr.contains("does not take --timeout"), "{}", run.stderr);
    // HoDoKu's path is still the default.
    let run = sudokit(&["explain", "--scale", "hodoku"], &format!("{XY}\n"));
    assert_eq!(run.stdout, sudokit(&["explain"], &format!("{XY}\n")).stdout);
}

#[test]
fn hint_se_tells_the_next_step_of_sudoku_explainers_path_at_each_level() {
    let at = |level: &str, json: bool| {
        let mut args = vec!["hint", "--scale", "se", "--level", level];
        if json {
            args.extend(["-o", "json"]);
        }
        let run = sudokit(&args, &format!("{XY}\n"));
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    // The first step of `explain --scale se`'s path, and the block where the 2 has one place.
    assert_eq!(at("step", false), "Hidden Single (1.2): r2c7=2\n");
    assert_eq!(at("technique", false), "Try Hidden Single (1.2)\n");
    assert_eq!(at("nudge", false), "Look at b3\n");
    let step: serde_json::Value = serde_json::from_str(&at("step", true)).expect("JSON");
    assert_eq!(step["hint"], "Hidden Single (1.2): r2c7=2");
    assert_eq!(step["step"]["placements"][0], serde_json::json!({"cell": "r2c7", "digit": 2}));
    let technique: serde_json::Value = serde_json::from_str(&at("technique", true)).expect("JSON");
    assert_eq!(
        (technique["technique"].as_str(), technique["difficulty"].as_f64()),
        (Some("Hidden Single"), Some(1.2))
    );
    let nudge: serde_json::Value = serde_json::from_str(&at("nudge", true)).expect("JSON");
    assert_eq!(
        nudge,
        serde_json::json!({"index": 1, "status": "ok", "puzzle": XY, "level": "nudge", "hint": "Look at b3"})
    );
}

#[test]
fn hint_se_goes_on_from_a_players_pencil_marks() {
    // After the singles, the next step of the path is its ninth, a pointing (see above); on the
    // pencil marks that `candidates` writes, the hint finds it too.
    let marks = sudokit(&["candidates"], &format!("{XY}\n"));
    let run = sudokit(&["hint", "--scale", "se", "--pencil"], &marks.stdout);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Pointing (2.6): 7 in r2c9,r3c9 => r4c9<>7, r5c9<>7, r6c9<>7\n");
    // The nudge points at the pattern, not at what it removes.
    let nudge = sudokit(&["hint", "--scale", "se", "--pencil", "--level", "nudge"], &marks.stdout);
    assert_eq!(nudge.stdout, "Look at r2c9, r3c9\n");
    // Once those 7s are gone by hand, the hint is the path's next step instead.
    let explain = sudokit(&["explain", "--scale", "se"], &format!("{XY}\n"));
    let tenth = explain.stdout.lines().nth(9).expect("a tenth step").trim_start_matches("10. ");
    let line = sudokit(&["candidates", "-o", "json"], &format!("{XY}\n"));
    let v: serde_json::Value = serde_json::from_str(line.stdout.trim()).expect("JSON");
    let mut form: Vec<char> = v["candidates"].as_str().expect("the line form").chars().collect();
    for row in [3, 4, 5] {
        // r4c9..r6c9, digit 7: the line form gives each cell nine places, digit d at d - 1.
        form[(row * 9 + 8) * 9 + 6] = '.';
    }
    let form: String = form.into_iter().collect();
    let after = sudokit(&["hint", "--scale", "se", "--pencil"], &format!("{form}\n"));
    assert_eq!(after.code, 0, "{}", after.stderr);
    assert_eq!(after.stdout.trim_end(), tenth);
    // Pencil marks that remove a digit of the solution (r1c1 is 6): no hint, in place.
    let mut wrong: Vec<char> = form.chars().collect();
    assert_eq!(wrong[5], '6');
    wrong[5] = '.';
    let wrong: String = wrong.into_iter().collect();
    let run = sudokit(&["hint", "--scale", "se", "--pencil"], &format!("{wrong}\n"));
    assert_eq!((run.code, run.stdout.as_str()), (1, "!no solution\n"));
    assert!(run.stderr.contains("puzzle 1, line 1: the puzzle has no solution"), "{}", run.stderr);
}

#[test]
fn explain_se_from_pencil_marks_is_the_rest_of_the_path() {
    // After the singles: the path from its ninth step on, with the rating of those steps.
    let whole = sudokit(&["explain", "--scale", "se"], &format!("{XY}\n"));
    let marks = sudokit(&["candidates"], &format!("{XY}\n"));
    let small = sudokit(&["candidates", "-o", "json"], "1.3.4.2.3.1.2.4.\n");
    let small: serde_json::Value = serde_json::from_str(small.stdout.trim()).expect("JSON");
    let small = small["candidates"].as_str().expect("the line form").to_string();
    let input = format!("{}\n{small}\n", marks.stdout);
    let run = sudokit(&["explain", "--scale", "se", "--pencil"], &input);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let records: Vec<&str> = run.stdout.split("\n\n").collect();
    // The steps without their numbers, the last line (the rating) left out.
    let steps = |text: &str| -> Vec<String> {
        let lines: Vec<&str> = text.lines().collect();
        lines[..lines.len() - 1].iter().map(|l| l.split_once(". ").expect("a step").1.to_string()).collect()
    };
    assert_eq!(steps(records[0]), steps(&whole.stdout)[8..]);
    assert_eq!(
        records[0].lines().last(),
        Some("solved in 57 steps: ER 4.2, EP 4.2, ED 2.6 (hardest: XY-Wing)")
    );
    // A 4×4 pencil grid is no board for Sudoku Explainer: refused in place.
    assert_eq!(records.len(), 2, "{}", run.stdout);
    assert_eq!(records[1], "!unsupported\n");
    assert!(
        run.stderr.contains("puzzle 2, line 15: the SE and HoDoKu ratings are for classic 9×9"),
        "{}",
        run.stderr
    );
}

#[test]
fn hint_se_reports_bad_input_in_place_and_refuses_hodokus_flags() {
    let open = ".".repeat(81);
    let input = format!("{XY}\nx{}\n{open}\n{EASY}\n", &XY[1..]);
    let run = sudokit(&["hint", "--scale", "se"], &input);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        ["Hidden Single (1.2): r2c7=2", "!unreadable", "!multiple", "Hidden Single (1.2): r2c2=6"]
    );
    assert!(run.stderr.contains("puzzle 2, line 2, column 1: invalid character 'x'"), "{}", run.stderr);
    assert!(run.stderr.contains("puzzle 3, line 3: "), "{}", run.stderr);
    let json = sudokit(&["hint", "--scale", "se", "-o", "json"], &input);
    let statuses: Vec<String> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON record")["status"].to_string())
        .collect();
    assert_eq!(statuses, ["\"ok\"", "\"unreadable\"", "\"multiple\"", "\"ok\""]);

    let mini = sudokit(&["hint", "--scale", "se"], "1.3.4.2.3.1.2.4.\n");
    assert_eq!((mini.code, mini.stdout.as_str()), (1, "!unsupported\n"));
    assert!(mini.stderr.contains("classic 9×9 puzzles only, not 4×4 boards"), "{}", mini.stderr);
    let x = sudokit(&["hint", "--scale", "se", "--variant", "x"], &format!("{XY}\n"));
    assert_eq!((x.code, x.stdout.as_str()), (1, "!unsupported\n"));

    for flags in [&["--exclude", "bf"][..], &["--techniques", "X-Wing"], &["--timeout", "5"]] {
        let args: Vec<&str> = ["hint", "--scale", "se"].iter().chain(flags).copied().collect();
        let run = sudokit(&args, &format!("{XY}\n"));
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{flags:?}");
        assert!(
            run.stderr.contains(&format!("hint --scale se does not take {}", flags[0])),
            "{}",
            run.stderr
        );
    }
}

/// `rate --echo`: each puzzle on the line before its rating, as serate writes a rated file; an
/// unreadable line before its marker, and the output reads back.
#[test]
fn rate_echo_puts_each_puzzle_before_its_rating() {
    let input = format!("{XY}\nx{}\n{EASY}\n", &XY[1..]);
    let run = sudokit(&["rate", "--echo"], &input);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [format!("{XY} {XY_LINE}"), format!("x{} !unreadable", &XY[1..]), format!("{EASY} {EASY_LINE}")]
    );
    // JSON and CSV records carry the puzzle already, and are left as they are.
    let json = sudokit(&["rate", "--echo", "-o", "json"], &format!("{XY}\n"));
    assert_eq!(json.stdout, sudokit(&["rate", "-o", "json"], &format!("{XY}\n")).stdout);
    let back = sudokit(&["rate"], &run.stdout);
    assert_eq!(back.stdout.lines().collect::<Vec<_>>(), [XY_LINE, "!unreadable", EASY_LINE]);
}

/// `bench --mode rate` times HoDoKu's rating and `--mode se` Sudoku Explainer's, each with the time
/// per puzzle; `se` rates one puzzle at a time over the `-j` threads, by either clock. Both refuse
/// other boards (exit status 2, as for any benchmark that cannot run); an unreadable line is left out
/// with its message and exit status 2, not 4.
#[test]
fn bench_times_either_rating_per_puzzle() {
    let input = format!("{XY}\n{EASY}\n");
    for (mode, flags) in
        [("rate", &[][..]), ("se", &[][..]), ("se", &["-j", "2"][..]), ("se", &["-j", "2", "--cpu-time"][..])]
    {
        let args: Vec<&str> =
            ["bench", "--seconds", "0", "--mode", mode].iter().chain(flags).copied().collect();
        let run = sudokit(&args, &input);
        assert_eq!(run.code, 0, "{mode} {flags:?}: {}", run.stderr);
        assert!(run.stdout.starts_with(&format!("file=- puzzles=2 mode={mode} ")), "{}", run.stdout);
        assert!(run.stdout.contains(" median_usec=") && run.stdout.contains(" max_usec="), "{}", run.stdout);
    }
    // An unreadable line is named and left out; the rest is timed, and the exit status says so (2).
    let run = sudokit(&["bench", "--seconds", "0", "--mode", "se"], &format!("x{}\n{EASY}\n", &XY[1..]));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("puzzle 1, line 1, column 1: invalid character 'x'"), "{}", run.stderr);
    assert!(run.stdout.starts_with("file=- puzzles=1 mode=se "), "{}", run.stdout);
    for mode in ["rate", "se"] {
        // Named by its number and line in the file, the unreadable record before it counted.
        let run = sudokit(
            &["bench", "--seconds", "0", "--mode", mode, "--size", "4"],
            "x.3.4.2.3.1.2.4.\n\n1.3.4.2.3.1.2.4.\n",
        );
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("sudokit: benchmarking -: puzzle 2, line 3: the "), "{}", run.stderr);
        assert!(run.stderr.contains("is for 9×9 boards only"), "{}", run.stderr);
    }
}

/// The counts of `explain`'s step lines (`12. Hidden Single (1.2): r2c7=2` or `12. Naked Single:
/// r1c1=5`), by what comes between the number and the colon, in order of first use.
fn counted_steps(steps: &[&str]) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for line in steps {
        let (_, rest) = line.split_once(". ").expect("a numbered step");
        let (name, _) = rest.split_once(": ").expect("a step's results");
        match counts.iter_mut().find(|(n, _)| n == name) {
            Some((_, k)) => *k += 1,
            None => counts.push((name.to_string(), 1)),
        }
    }
    counts
}

#[test]
fn explain_summary_counts_the_steps_of_the_path() {
    // Sudoku Explainer's path: one line per technique and difficulty, then the path's last line.
    let path = sudokit(&["explain", "--scale", "se"], &format!("{XY}\n"));
    let lines: Vec<&str> = path.stdout.lines().collect();
    let summary = sudokit(&["explain", "--scale", "se", "--summary"], &format!("{XY}\n"));
    assert_eq!(summary.code, 0, "{}", summary.stderr);
    let got: Vec<&str> = summary.stdout.lines().collect();
    assert_eq!(got.last(), lines.last());
    assert_eq!(got.last().copied(), Some("solved in 65 steps: ER 4.2, EP 1.2, ED 1.2 (hardest: XY-Wing)"));
    let mut want: Vec<String> =
        counted_steps(&lines[..lines.len() - 1]).iter().map(|(name, k)| format!("{k} x {name}")).collect();
    let difficulty = |line: &String| line.rsplit_once('(').map(|(_, d)| d.to_string());
    want.sort_by_key(difficulty);
    assert_eq!(got[..got.len() - 1], want);
    assert_eq!(got[got.len() - 2], "3 x XY-Wing (4.2)");

    // HoDoKu's path: each technique's base score, and the score and level `rate` gives.
    let path = sudokit(&["explain"], &format!("{XY}\n"));
    let lines: Vec<&str> = path.stdout.lines().collect();
    let summary = sudokit(&["explain", "--summary"], &format!("{XY}\n"));
    let got: Vec<&str> = summary.stdout.lines().collect();
    assert_eq!(
        got.last().copied(),
        Some(format!("solved in {} steps: score 1302 (hard)", lines.len() - 1).as_str())
    );
    let mut score = 0;
    for (name, k) in counted_steps(&lines[..lines.len() - 1]) {
        let line =
            got.iter().find(|l| l.starts_with(&format!("{k} x {name} ("))).expect("a count per technique");
        let each: u32 =
            line.rsplit_once('(').and_then(|(_, s)| s.strip_suffix(" each)")?.parse().ok()).expect("a score");
        score += k as u32 * each;
    }
    assert_eq!((score, got.len()), (1302, counted_steps(&lines[..lines.len() - 1]).len() + 1));

    // JSON: the counts in place of the steps.
    let json = sudokit(&["explain", "--summary", "-o", "json"], &format!("{XY}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!((v["score"].as_u64(), v["level"].as_str(), v.get("steps")), (Some(1302), Some("hard"), None));
    assert_eq!(v["step_count"].as_u64(), Some(lines.len() as u64 - 1));
    let se = sudokit(&["explain", "--scale", "se", "--summary", "-o", "json"], &format!("{XY}\n"));
    let v: serde_json::Value = serde_json::from_str(se.stdout.trim()).expect("JSON");
    assert_eq!((v["er"].as_f64(), v["step_count"].as_u64(), v.get("steps")), (Some(4.2), Some(65), None));
    let last = &v["summary"][v["summary"].as_array().map_or(0, Vec::len) - 1];
    assert_eq!(
        (last["technique"].as_str(), last["difficulty"].as_f64(), last["count"].as_u64()),
        (Some("XY-Wing"), Some(4.2), Some(3))
    );

    // A path the allowed techniques leave unsolved ends as the steps do, without a score.
    let stuck = sudokit(&["explain", "--summary", "--techniques", "hidden single"], &format!("{XY}\n"));
    assert!(stuck.stdout.lines().last().is_some_and(|l| l.starts_with("stuck after ")), "{}", stuck.stdout);
    assert_eq!(sudokit(&["explain", "--summary", "--grids"], &format!("{XY}\n")).code, 2);
    // Other boards get their counts, not a HoDoKu score, which `rate` refuses them.
    let mini = sudokit(&["explain", "--summary"], "1.3.4.2.3.1.2.4.\n");
    assert_eq!(
        (mini.code, mini.stdout.as_str()),
        (0, "2 x Naked Single (4 each)\n6 x Full House (4 each)\nsolved in 8 steps\n")
    );
}

/// `backdoor`: the size and every backdoor of that size in text, JSON and CSV alike; each given
/// backdoor lets singles solve the puzzle; bad puzzles keep their place.
#[test]
fn backdoor_lists_the_smallest_sets_of_cells_that_leave_singles() {
    const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let r = sudokit(&["backdoor"], &format!("{P1}\n{EASY}\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1], "0");
    let fields: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!((fields[0], fields[1]), ("2", "7"));
    assert_eq!(fields.len(), 2 + 7);
    for door in &fields[2..] {
        // The puzzle with the backdoor's digits given is solved by singles alone.
        let mut cells: Vec<char> = P1.chars().collect();
        for given in door.split(',') {
            let (cell, digit) = given.split_once('=').expect("rRcC=D");
            let (row, col) = cell[1..].split_once('c').expect("rRcC");
            let i = (row.parse::<usize>().expect("row") - 1) * 9 + col.parse::<usize>().expect("col") - 1;
            assert_eq!(cells[i], '.');
            cells[i] = digit.chars().next().expect("a digit");
        }
        let given: String = cells.into_iter().collect();
        let path = sudokit(&["explain", "--techniques", "fh,n1,h1", "--summary"], &given);
        assert_eq!(path.code, 0, "{door}: {}", path.stderr);
        assert!(!path.stdout.contains("stuck"), "{door}: {}", path.stdout);
    }
    let json = sudokit(&["backdoor", "-o", "json"], P1).stdout;
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("one JSON record");
    assert_eq!(v["backdoor_size"], 2);
    assert_eq!(v["backdoor_count"], 7);
    let listed: Vec<String> = v["backdoors"]
        .as_array()
        .expect("an array")
        .iter()
        .map(|d| {
            d.as_array()
                .expect("cells")
                .iter()
                .map(|c| c.as_str().expect("a name"))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    assert_eq!(listed, fields[2..]);
    let csv = sudokit(&["backdoor", "-o", "csv"], P1).stdout;
    assert_eq!(
        csv.lines().collect::<Vec<_>>(),
        [
            "index,status,puzzle,backdoor_size,backdoor_count,backdoors",
            &format!("1,ok,{P1},2,7,\"{}\"", fields[2..].join(" "))
        ]
    );
    assert_eq!(sudokit(&["backdoor", "--max-size", "1"], P1).stdout, ">1\n");
    let bad = sudokit(&["backdoor"], &format!("12x\n{}\n{P1}\n", ".".repeat(81)));
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert_eq!(bad.stdout, format!("!unreadable\n!multiple\n{}\n", lines[0]));
    assert!(bad.stderr.contains("puzzle 2, line 2: no backdoors: more than one solution"), "{}", bad.stderr);
    let stats = sudokit(&["backdoor", "--stats"], &format!("{P1}\n{EASY}\n12x\n{P1}\n"));
    assert!(stats.stderr.contains("backdoor_size: 0=1 1=0 2=2 3=0 >3=0 none=1\n"), "{}", stats.stderr);
}

/// The pencil marks of each puzzle as it starts, in their line form: its givens placed, their digits
/// gone from their peers (`candidates` with no technique applied).
fn starting_marks(puzzles: &[&str]) -> Vec<String> {
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let run = sudokit(&["candidates", "-o", "json", "--techniques", "fh", "--exclude", "fh"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            v["candidates"].as_str().expect("the line form").to_string()
        })
        .collect()
}

#[test]
fn rate_pencil_rates_a_puzzles_starting_marks_as_the_puzzle() {
    let marks = starting_marks(&[XY, EASY]);
    let run = sudokit(&["rate", "--pencil"], &format!("{}\n{}\n", marks[0], marks[1]));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{XY_LINE}\n{EASY_LINE}\n"));
    // The boxed grid and the JSON record of `candidates` read too.
    let boxed = sudokit(&["candidates", "--techniques", "fh", "--exclude", "fh"], &format!("{XY}\n"));
    let record =
        sudokit(&["candidates", "-o", "json", "--techniques", "fh", "--exclude", "fh"], &format!("{EASY}\n"));
    let run = sudokit(&["rate", "--pencil", "-o", "json"], &format!("{}\n{}", boxed.stdout, record.stdout));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let puzzles = sudokit(&["rate", "-o", "json"], &format!("{XY}\n{EASY}\n"));
    for ((got, want), marks) in records.iter().zip(puzzles.stdout.lines()).zip(&marks) {
        let mut want: serde_json::Value = serde_json::from_str(want).expect("JSON");
        let want = want.as_object_mut().expect("an object");
        want.remove("puzzle");
        let mut got = got.as_object().expect("an object").clone();
        assert_eq!(got.remove("pencil").as_ref().and_then(|p| p.as_str()), Some(marks.as_str()));
        assert_eq!(&got, want);
    }

    // On a whole sample of the rating set, easy to extreme: the same four numbers and level.
    let Some(path) = shared("ratings/se-dev.tsv") else { return };
    let text = std::fs::read_to_string(path).expect("the ratings file reads");
    let sample: Vec<&str> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').collect::<Vec<_>>().get(..2).map(|f| (f[0], f[1])))
        .filter(|(_, er)| er.parse::<f64>().is_ok_and(|er| er < 9.0))
        .step_by(10)
        .map(|(p, _)| p)
        .collect();
    // Left out: puzzles with an open cell of one candidate at the start, which the marks cannot tell
    // from a given (the step that fills it is not counted from them).
    let marks = starting_marks(&sample);
    let (sample, marks): (Vec<&str>, Vec<String>) = sample
        .into_iter()
        .zip(marks)
        .filter(|(p, m)| {
            let singles = |i: usize| m[i * 9..i * 9 + 9].bytes().filter(|&b| b != b'.').count() == 1;
            !p.bytes().enumerate().any(|(i, b)| b == b'.' && singles(i))
        })
        .unzip();
    assert!(sample.len() >= 40, "{}", sample.len());
    let by_marks = sudokit(&["rate", "--pencil", "-o", "csv"], &(marks.join("\n") + "\n"));
    let by_puzzle = sudokit(&["rate", "-o", "csv"], &(sample.join("\n") + "\n"));
    assert_eq!((by_marks.code, by_puzzle.code), (0, 0), "{}{}", by_marks.stderr, by_puzzle.stderr);
    let values = |csv: &str| -> Vec<String> {
        csv.lines().map(|l| l.split_once(',').expect("a row").1.to_string()).collect()
    };
    assert_eq!(
        by_marks.stdout.lines().next(),
        Some("pencil,er,ep,ed,hodoku_score,hodoku_level,hardest_technique")
    );
    assert_eq!(values(&by_marks.stdout)[1..], values(&by_puzzle.stdout)[1..]);
}

#[test]
fn rate_pencil_rates_the_rest_of_the_solution_from_a_players_marks() {
    // After the singles: the rating of the rest of Sudoku Explainer's path, as `explain` ends it.
    let marks = sudokit(&["candidates", "-o", "json"], &format!("{XY}\n"));
    let v: serde_json::Value = serde_json::from_str(marks.stdout.trim()).expect("JSON");
    let marks = v["candidates"].as_str().expect("the line form").to_string();
    let run = sudokit(&["rate", "--pencil", "-o", "json"], &format!("{marks}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!((v["er"].as_f64(), v["ep"].as_f64(), v["ed"].as_f64()), (Some(4.2), Some(4.2), Some(2.6)));
    assert_eq!((v["hardest_technique"].as_str(), v["step_count"].as_u64()), (Some("XY-Wing"), Some(57)));
    let explained = sudokit(&["explain", "--pencil", "--summary"], &format!("{marks}\n"));
    let score = format!("score {} ({})", v["hodoku_score"], v["hodoku_level"].as_str().unwrap_or_default());
    assert!(explained.stdout.trim_end().ends_with(&score), "{}\n{v}", explained.stdout);
    // `--echo` puts the marks before the rating.
    let echo = sudokit(&["rate", "--pencil", "--echo"], &format!("{marks}\n"));
    assert_eq!(
        echo.stdout,
        format!(
            "{marks} 4.2/4.2/2.6 {} {} XY-Wing\n",
            v["hodoku_score"],
            v["hodoku_level"].as_str().unwrap_or_default()
        )
    );
}

#[test]
fn rate_pencil_reports_bad_marks_in_place_on_every_thread() {
    let good = starting_marks(&[XY]).remove(0);
    let open = "123456789".repeat(81);
    let twin = format!("1........1........{}", "123456789".repeat(79));
    // The solution's 6 struck out of r1c1, which keeps other candidates: no solution agrees.
    assert_eq!(&good[5..6], "6");
    let wrong = format!("{}.{}", &good[..5], &good[6..]);
    assert!(wrong[..9].chars().any(|c| c != '.'));
    let mini = sudokit(&["candidates", "-o", "json"], "1.3.4.2.3.1.2.4.\n");
    let mini: serde_json::Value = serde_json::from_str(mini.stdout.trim()).expect("JSON");
    let mini = mini["candidates"].as_str().expect("the line form").to_string();
    let records = [good.as_str(), "12345", open.as_str(), twin.as_str(), wrong.as_str(), mini.as_str()];
    let input: String = records.iter().map(|r| format!("{r}\n")).collect();
    let run = sudokit(&["rate", "--pencil", "--stats"], &input);
    assert_eq!(run.code, 2, "unreadable is the most severe");
    let want = [XY_LINE, "!unreadable", "!multiple", "!invalid", "!no solution", "?/?/? ? ? ?"];
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), want, "{}", run.stderr);
    for message in [
        "puzzle 2, line 2, column 1: not a pencil-mark grid",
        "puzzle 3, line 3: more than one solution; not rated",
        "puzzle 4, line 4: the pencil marks contradict themselves: r1c1 and r1c2 can only be 1; not rated",
        "puzzle 5, line 5: no solution; not rated",
        "puzzle 6, line 6: the SE and HoDoKu ratings are for classic 9×9 puzzles only, not 4×4 boards",
    ] {
        assert!(run.stderr.contains(message), "{message}\n{}", run.stderr);
    }
    assert!(run.stderr.contains("er: 1.0-2.5=0 2.6-4.0=0 4.1-6.5=1 "), "{}", run.stderr);
    assert!(run.stderr.contains("puzzles=6 "), "{}", run.stderr);
    // The 4×4 grid is solved already: no step left, so no hardest technique.
    let json = sudokit(&["rate", "--pencil", "-o", "json"], &format!("{mini}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!((v["status"].as_str(), v["step_count"].as_u64()), (Some("unsupported"), Some(0)));
    // Many records, one thread or two: the same output, in order.
    let many: String = (0..40).map(|i| format!("{}\n", records[i % records.len()])).collect();
    let one = sudokit(&["rate", "--pencil", "-o", "csv", "-j", "1"], &many);
    let two = sudokit(&["rate", "--pencil", "-o", "csv", "-j", "2"], &many);
    assert_eq!((one.code, one.stdout.lines().count()), (2, 41));
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stderr, two.stderr);
    // The marks bring their own board: the options that describe a puzzle's are refused.
    let refused = sudokit(&["rate", "--pencil", "--variant", "x"], &input);
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("cannot be used with"), "{}", refused.stderr);
}

/// The rows of `explain --summary -o csv` checked against the records of `-o json` for the same
/// input, field by field and technique by technique (a record without an answer has the technique
/// columns empty); `input` names the input's column. Returns the rows.
fn csv_rows_as_json_records<'a>(csv: &'a str, json: &str, input: &str) -> Vec<Vec<&'a str>> {
    use serde_json::Value;
    let mut rows = csv.lines().map(|l| l.split(',').collect::<Vec<_>>());
    let header = rows.next().expect("a header");
    assert_eq!(header[..7], ["index", "status", input, "solved", "step_count", "score", "level"]);
    assert!(header.contains(&"XY-Wing") && header.contains(&"Naked Single"), "{header:?}");
    // The technique columns; the rule columns follow them where the input may carry rules.
    let end = header.iter().position(|h| sudokit::parse::RULE_FIELDS.contains(h)).unwrap_or(header.len());
    let rows: Vec<Vec<&str>> = rows.collect();
    let records: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(rows.len(), records.len());
    let text = |v: &Value| match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    for (row, v) in rows.iter().zip(&records) {
        assert_eq!(row.len(), header.len(), "{row:?}");
        for (k, name) in header[..7].iter().enumerate() {
            assert_eq!(row[k], text(&v[name]), "{name} of {row:?}");
        }
        let got: Vec<(String, String)> = header[7..end]
            .iter()
            .zip(&row[7..end])
            .filter(|(_, n)| **n != "0")
            .map(|(name, n)| (name.to_string(), n.to_string()))
            .collect();
        let want: Vec<(String, String)> = match v["summary"].as_array() {
            Some(summary) => {
                let mut want: Vec<(String, String)> =
                    summary.iter().map(|c| (text(&c["technique"]), text(&c["count"]))).collect();
                want.sort_by_key(|(name, _)| header.iter().position(|h| h == name));
                want
            }
            None => header[7..end].iter().map(|name| (name.to_string(), String::new())).collect(),
        };
        assert_eq!(got, want, "{row:?}");
    }
    rows
}

/// `explain --scale se --summary -o csv`: Sudoku Explainer's path counted, one column per technique
/// by its name there, with the rating; bad records in their place, as the JSON records.
#[test]
fn explain_se_summary_csv_has_a_column_per_technique_of_sudoku_explainer() {
    let input = format!("{XY}\n{EASY}\nxx\n{}\n", ".".repeat(81));
    let csv = sudokit(&["explain", "--scale", "se", "--summary", "-o", "csv"], &input);
    let json = sudokit(&["explain", "--scale", "se", "--summary", "-o", "json"], &input);
    assert_eq!((csv.code, csv.stderr.as_str()), (json.code, json.stderr.as_str()));
    let lines: Vec<&str> = csv.stdout.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(
        header[..9],
        ["index", "status", "puzzle", "solved", "step_count", "er", "ep", "ed", "hardest"]
    );
    assert_eq!(header.len(), 9 + sudokit::rate::se::technique_names().len());
    assert_eq!(lines.len(), 5, "{}", csv.stdout);
    let records: Vec<serde_json::Value> =
        json.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON record")).collect();
    for (line, record) in lines[1..].iter().zip(&records) {
        let row: Vec<&str> = line.split(',').collect();
        assert_eq!(row[1], record["status"], "{line}");
        if record["status"] != "ok" {
            assert!(row[3..].iter().all(|c| c.is_empty()), "{line}");
            continue;
        }
        assert_eq!(row[4], record["step_count"].to_string(), "{line}");
        assert_eq!(
            row[5..9],
            [
                &record["er"].to_string(),
                &record["ep"].to_string(),
                &record["ed"].to_string(),
                record["hardest"].as_str().unwrap_or_default()
            ]
        );
        let counted: std::collections::BTreeMap<&str, u64> = header[9..]
            .iter()
            .zip(&row[9..])
            .filter(|(_, n)| **n != "0")
            .map(|(name, n)| (*name, n.parse().expect("a count")))
            .collect();
        let mut want: std::collections::BTreeMap<&str, u64> = Default::default();
        for c in record["summary"].as_array().expect("a summary") {
            *want.entry(c["technique"].as_str().expect("a name")).or_default() +=
                c["count"].as_u64().expect("a count");
        }
        assert_eq!(counted, want, "{line}");
    }
    assert_eq!(lines[1].split(',').nth(8), Some("XY-Wing"));
}

/// `explain --summary -o csv`: each JSON record's counts as one row under a header, one column per
/// technique, bad records in their place, from puzzles and from pencil marks; the other paths and
/// commands refuse CSV.
#[test]
fn explain_summary_csv_has_a_column_per_technique() {
    let input = format!("{XY}\n{EASY}\nxx\n{}\n11{}\n", ".".repeat(81), ".".repeat(79));
    let csv = sudokit(&["explain", "--summary", "-o", "csv"], &input);
    let json = sudokit(&["explain", "--summary", "-o", "json"], &input);
    assert_eq!((csv.code, csv.stderr.as_str()), (json.code, json.stderr.as_str()));
    assert_eq!(csv.code, 2, "{}", csv.stderr);
    let rows = csv_rows_as_json_records(&csv.stdout, &json.stdout, "puzzle");
    assert_eq!(
        rows.iter().map(|r| r[1]).collect::<Vec<_>>(),
        ["ok", "ok", "unreadable", "multiple", "invalid"]
    );
    assert_eq!(rows[0][..4], ["1", "ok", XY, "true"]);
    assert_eq!(rows[0][5..7], ["1302", "hard"]);

    // A player's grid: its pencil marks, then a contradiction.
    let marks = sudokit(&["candidates", "-o", "json"], &format!("{XY}\n"));
    // r1c1 and r1c2 can only be 1; every other cell has every candidate.
    let twins = format!("{}{}", "1........".repeat(2), "123456789".repeat(79));
    let grids = format!("{}{twins}\n", marks.stdout);
    let csv = sudokit(&["explain", "--pencil", "--summary", "-o", "csv"], &grids);
    let json = sudokit(&["explain", "--pencil", "--summary", "-o", "json"], &grids);
    assert_eq!((csv.code, csv.stderr.as_str()), (json.code, json.stderr.as_str()));
    let rows = csv_rows_as_json_records(&csv.stdout, &json.stdout, "pencil");
    assert_eq!(rows.iter().map(|r| r[1]).collect::<Vec<_>>(), ["ok", "invalid"]);

    // CSV is for the counts of a path only.
    for args in [
        &["explain", "-o", "csv"][..],
        &["explain", "--scale", "se", "-o", "csv"],
        &["hint", "-o", "csv"],
        &["candidates", "-o", "csv"],
    ] {
        let refused = sudokit(args, &format!("{XY}\n"));
        assert_eq!((refused.code, refused.stdout.as_str()), (2, ""), "{args:?}");
        assert!(refused.stderr.contains("-o csv"), "{}", refused.stderr);
    }
}

/// `--scale se` and `--scale hodoku` give that scale's fields as `rate` on both gives them, the
/// other's empty, with the hardest technique and step count of the scale's own path; records
/// without a rating, exit status, messages and CSV header are those of both scales.
#[test]
fn rate_on_one_scale_gives_its_fields_as_both_do() {
    let input = format!("{XY}\n{EASY}\n12x\n{}\n", ".".repeat(81));
    let lines = |args: &[&str]| {
        let run = sudokit(args, &input);
        assert_eq!(run.code, 2, "{}", run.stderr);
        (run.stdout.lines().map(str::to_string).collect::<Vec<_>>(), run.stderr)
    };
    let (both, both_err) = lines(&["rate"]);
    let markers = ["!unreadable", "!multiple"];
    let (se, se_err) = lines(&["rate", "--scale", "se"]);
    assert_eq!(se, ["4.2/1.2/1.2 XY-Wing", "1.2/1.2/1.2 Hidden Single", markers[0], markers[1]]);
    let (hodoku, hodoku_err) = lines(&["rate", "--scale", "hodoku"]);
    assert_eq!(hodoku, ["1302 hard XY-Wing", "196 easy Naked Single", markers[0], markers[1]]);
    assert_eq!(both[2..], markers);
    assert_eq!((&se_err, &hodoku_err), (&both_err, &both_err));

    let records = |args: &[&str]| -> Vec<serde_json::Map<String, serde_json::Value>> {
        let run = sudokit(args, &input);
        assert_eq!(run.code, 2, "{}", run.stderr);
        run.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON object")).collect()
    };
    let both = records(&["rate", "-o", "json"]);
    // HoDoKu's path is the one `explain` shows: its step count is the summary's.
    let explained = records(&["explain", "--summary", "-o", "json"]);
    for (scale, own, other) in [
        ("se", &["er", "ep", "ed"][..], &["hodoku_score", "hodoku_level"][..]),
        ("hodoku", &["hodoku_score", "hodoku_level"][..], &["er", "ep", "ed"][..]),
    ] {
        let alone = records(&["rate", "-o", "json", "--scale", scale]);
        assert_eq!(alone.len(), both.len());
        for (i, (one, all)) in alone.iter().zip(&both).enumerate() {
            if all["status"] != "ok" {
                assert_eq!(one, all, "{scale} record {i}");
                continue;
            }
            for key in ["index", "status", "puzzle"].iter().chain(own) {
                assert_eq!(one[*key], all[*key], "{scale} record {i}: {key}");
            }
            for key in other {
                assert_eq!(one[*key], serde_json::Value::Null, "{scale} record {i}: {key}");
            }
            let path = if scale == "se" { all } else { &explained[i] };
            assert_eq!(one["step_count"], path["step_count"], "{scale} record {i}");
        }
    }
    assert_eq!(both[0]["hardest_technique"], "XY-Wing");

    let csv = sudokit(&["rate", "--scale", "hodoku", "-o", "csv"], &format!("{XY}\n"));
    assert_eq!(
        csv.stdout,
        format!("puzzle,er,ep,ed,hodoku_score,hodoku_level,hardest_technique\n{XY},,,,1302,hard,XY-Wing\n")
    );
    // `--stats` counts the scale asked for only.
    let stats = sudokit(&["rate", "--scale", "se", "--stats"], &format!("{XY}\n{EASY}\n"));
    assert!(stats.stderr.contains("er: 1.0-2.5=1 2.6-4.0=0 4.1-6.5=1 "), "{}", stats.stderr);
    assert!(!stats.stderr.contains("hodoku_level"), "{}", stats.stderr);
    let stats = sudokit(&["rate", "--scale", "hodoku", "--stats"], &format!("{XY}\n{EASY}\n"));
    assert!(stats.stderr.contains("hodoku_level: easy=1 medium=0 hard=1 "), "{}", stats.stderr);
    assert!(!stats.stderr.contains("er: "), "{}", stats.stderr);
    // Pencil marks rate on one scale as their puzzles do.
    let marks = starting_marks(&[XY, EASY]);
    let run = sudokit(&["rate", "--pencil", "--scale", "hodoku"], &format!("{}\n{}\n", marks[0], marks[1]));
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), hodoku[..2]);
    let bad = sudokit(&["rate", "--scale", "serate"], &format!("{XY}\n"));
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("possible values: both, se, hodoku"), "{}", bad.stderr);
}

/// A 16×16 puzzle's backdoors are written in its symbols: in hex as hex (`r12c4=C`), in the
/// standard symbols with digits past 9 as numbers (`r12c4=13`), as steps write them.
#[test]
fn backdoors_of_a_hex_puzzle_are_written_in_hex() {
    let made = sudokit(&["generate", "puzzle", "--size", "16", "--seed", "1"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let standard = made.stdout.trim().to_string();
    // The standard symbols 1-9, A-G are the hex symbols 0-9, A-F one digit up.
    let hex: String = standard
        .chars()
        .map(|c| match c.to_digit(17) {
            Some(v) if v > 0 => char::from_digit(v - 1, 16).map_or(c, |h| h.to_ascii_uppercase()),
            _ => c,
        })
        .collect();
    let named = |args: &[&str], input: &str| -> Vec<(String, u32)> {
        let r = sudokit(args, &format!("{input}\n"));
        assert_eq!(r.code, 0, "{}", r.stderr);
        let sets: Vec<&str> = r.stdout.split_whitespace().skip(2).collect();
        sets.iter()
            .flat_map(|s| s.split(','))
            .map(|p| {
                let (cell, digit) = p.split_once('=').expect("cell=digit");
                (
                    cell.to_string(),
                    u32::from_str_radix(digit, if args.contains(&"hex") { 16 } else { 10 }).expect(p),
                )
            })
            .collect()
    };
    let plain = named(&["backdoor"], &standard);
    let in_hex = named(&["backdoor", "--symbols", "hex"], &hex);
    assert!(!plain.is_empty());
    let shifted: Vec<(String, u32)> = plain.into_iter().map(|(c, d)| (c, d - 1)).collect();
    assert_eq!(in_hex, shifted);
}
