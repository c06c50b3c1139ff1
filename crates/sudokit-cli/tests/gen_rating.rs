//! Issues #16 (item 4) and #20 (item 5): `generate puzzle --level/--er/--require/--exclude` and
//! difficulty classes that differ. Every puzzle printed is rated again with the library.

use sudokit::generate::Difficulty;
use sudokit::human::{solve, Family, SolverOptions, State, Technique};
use sudokit::rate::{hodoku, se};
use sudokit::{Grid, Shape};

use crate::util::{assert_text, sudokit};

fn grid(s: &str) -> Grid {
    s.parse().expect("the generator prints readable grids")
}

fn techniques(p: &str) -> Vec<Technique> {
    let path = solve(State::classic(&grid(p)).expect("valid"), SolverOptions::default()).expect("unique");
    path.steps.iter().map(|s| s.technique).collect()
}

#[test]
fn level_gives_puzzles_of_that_level() {
    for level in ["easy", "hard", "extreme"] {
        let r = sudokit(&["generate", "puzzle", "--level", level, "-n", "2", "--seed", "4"], "");
        assert_eq!(r.code, 0, "{level}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), 2);
        for p in r.stdout.lines() {
            assert_eq!(hodoku::rate(&grid(p)).expect("rated").level.name(), level, "{p}");
        }
    }
    // HoDoKu writes its levels capitalised; either spelling names the level.
    let lower = sudokit(&["generate", "puzzle", "--level", "hard", "--seed", "4"], "");
    let capital = sudokit(&["generate", "puzzle", "--level", "Hard", "--seed", "4"], "");
    assert_eq!((capital.code, &capital.stdout), (0, &lower.stdout), "{}", capital.stderr);
}

#[test]
fn er_range_is_met_and_reproducible_on_any_thread_count() {
    let args = ["generate", "puzzle", "--er", "1.5..2.5", "-n", "4", "--seed", "12", "-o", "csv"];
    let one = sudokit(&[&args[..], &["--threads", "1"]].concat(), "");
    let two = sudokit(&[&args[..], &["--threads", "2"]].concat(), "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_text(&two.stdout, &one.stdout);
    for l in one.stdout.lines().skip(1) {
        let p = l.split(',').nth(2).expect("puzzle column");
        let er = se::rate(&grid(p)).expect("rated").er_tenths;
        assert!((15..=25).contains(&er), "{p}: ER {er}");
    }
}

#[test]
fn require_and_exclude_by_name_and_code() {
    // Pointing by its library code, Naked Pair by its name.
    let r = sudokit(
        &["generate", "puzzle", "--require", "0100", "--exclude", "Naked Pair", "--seed", "2", "-n", "1"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let used = techniques(r.stdout.trim());
    assert!(used.contains(&Technique::LockedCandidates1), "{used:?}");
    assert!(!used.contains(&Technique::NakedPair), "{used:?}");
}

#[test]
fn a_family_is_required_through_any_of_its_techniques_and_excluded_whole() {
    let ur = Family::find("Unique Rectangle").expect("a family").members();
    let args = ["generate", "puzzle", "--require", "Unique Rectangle", "--exclude", "Simple Colors"];
    let r = sudokit(&[&args[..], &["--seed", "3", "-n", "2"]].concat(), "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 2);
    for p in r.stdout.lines() {
        let used = techniques(p);
        assert!(ur.iter().any(|t| used.contains(t)), "{p}: {used:?}");
        assert!(!used.contains(&Technique::SimpleColorsTrap) && !used.contains(&Technique::SimpleColorsWrap));
    }
    let r = sudokit(&["generate", "puzzle", "--require", "Kraken Fish", "--level", "hard"], "");
    assert_eq!(r.code, 2);
    let said = "no technique of Kraken Fish can appear in the path: each is off the default path";
    assert!(r.stderr.contains(said), "{}", r.stderr);
    // A name close to a technique's is answered with the names it may mean.
    let r = sudokit(&["generate", "puzzle", "--require", "Unique Rectangle Type 9"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("did you mean \"Unique Rectangle\""), "{}", r.stderr);
}

#[test]
fn bad_rating_values_are_clear_errors() {
    let r = sudokit(&["generate", "puzzle", "--er", "5..3"], "");
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("--er: empty ER range \"5..3\": MIN 5.0 is above MAX 3.0"), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--er", "hard"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--er: bad ER range \"hard\""), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--require", "Quantum Wing"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--require: unknown technique \"Quantum Wing\""), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--exclude", "zz9"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--exclude: unknown technique \"zz9\""), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--level", "fiendish"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("fiendish"), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--require", "x-wing", "--exclude", "0300"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("X-Wing is both required and excluded"), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--require", "kf1"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not in the human solver's default path"), "{}", r.stderr);
    // Targets no puzzle can meet are refused at once, never searched for until the attempts run out.
    let r = sudokit(&["generate", "puzzle", "--level", "easy", "--require", "x-wing"], "");
    assert_eq!(r.code, 2);
    let said = "X-Wing is a hard-level technique, so no puzzle that needs it is easy";
    assert!(r.stderr.contains(said), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--require", "brute-force"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("a path that guesses is always skipped"), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--er", "..0.9"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no puzzle rates below ER 1.0"), "{}", r.stderr);
    let r = sudokit(&["generate", "puzzle", "--difficulty", "singles", "--level", "hard"], "");
    assert_eq!(r.code, 2);
    let said = "no singles puzzle is HoDoKu level hard: a path of singles is medium at most";
    assert!(r.stderr.contains(said), "{}", r.stderr);
}

#[test]
fn rating_options_need_the_classic_board() {
    // A level or ER is on the HoDoKu and Sudoku Explainer scales: classic 9×9 only.
    for args in [&["--level", "easy"][..], &["--er", "1..3"]] {
        let r = sudokit(&[&["generate", "puzzle", "--size", "4"][..], args].concat(), "");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(
            r.stderr.contains("the level and ER targets are for classic 9×9 puzzles only, not classic 4×4"),
            "{args:?}: {}",
            r.stderr
        );
        for variant in ["x", "jigsaw", "killer"] {
            let r = sudokit(&[&["generate", "puzzle", "--variant", variant][..], args].concat(), "");
            assert_eq!(r.code, 2, "{variant}");
            assert!(
                r.stderr.contains(&format!("classic 9×9 puzzles only, not {variant} puzzles")),
                "{variant}: {}",
                r.stderr
            );
        }
    }
    // On 9×9 given explicitly they work.
    let r = sudokit(&["generate", "puzzle", "--size", "9", "--level", "easy", "--seed", "1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Techniques follow the step solver's path, on every board: a 6×6 classic puzzle with a
    // Locked Candidates step.
    let r = sudokit(&["generate", "puzzle", "--size", "6", "--require", "lc1", "--seed", "1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let path = sudokit(&["explain", "--size", "6"], &r.stdout);
    assert!(path.stdout.contains("Locked Candidates Type 1"), "{}", path.stdout);
    // The killer techniques need cages.
    let r = sudokit(&["generate", "puzzle", "--variant", "x", "--require", "innies"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("Innies works on killer cages, which puzzles without cages do not have"),
        "{}",
        r.stderr
    );
}

/// Killer puzzles by technique: `--exclude bf` makes puzzles a player solves without a guess,
/// `--require kci` ones that need Cage Interaction; the seed fixes them whatever the threads.
#[test]
fn killer_puzzles_by_technique() {
    let run = |extra: &[&str], threads: &str| {
        let args =
            [
                &[
                    "generate",
                    "puzzle",
                    "--variant",
                    "killer",
                    "-n",
                    "4",
                    "--seed",
                    "8",
                    "--threads",
                    threads,
                ][..],
                extra,
            ]
            .concat();
        let r = sudokit(&args, "");
        assert_eq!(r.code, 0, "{extra:?}: {}", r.stderr);
        r.stdout
    };
    for (extra, wanted) in [
        (&["--exclude", "bf"][..], None),
        (&["--require", "kci", "--exclude", "bf"], Some("Cage Interaction")),
    ] {
        let made = run(extra, "1");
        assert_eq!(made, run(extra, "2"), "{extra:?}: the seed fixes the puzzles");
        let explained = sudokit(&["explain", "-o", "json"], &made);
        assert_eq!(explained.code, 0, "{}", explained.stderr);
        let records: Vec<serde_json::Value> =
            explained.stdout.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
        assert_eq!(records.len(), 4);
        for record in records {
            let used: Vec<&str> = record["steps"]
                .as_array()
                .expect("steps")
                .iter()
                .filter_map(|s| s["technique"].as_str())
                .collect();
            assert_eq!(record["solved"], true);
            assert!(!used.contains(&"Brute Force"), "{extra:?}: {used:?}");
            assert!(wanted.is_none_or(|w| used.contains(&w)), "{extra:?}: {used:?}");
        }
    }
}

#[test]
fn a_rare_target_says_so_and_is_bounded() {
    // ER 11 and up is beyond the rater's reach: nothing is found, a line on stderr says the target
    // is rare, and --attempts ends the search with a `!not found` record and status 1.
    let r = sudokit(
        &["generate", "puzzle", "--er", "11..", "--attempts", "80", "--seed", "3", "--threads", "1"],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stdout, "!not found\n");
    assert!(r.stderr.contains("rare target (ER 11.0..12.0): 0 of 1 puzzles found after"), "{}", r.stderr);
    assert!(r.stderr.contains("ER 9+ puzzles are rare"), "{}", r.stderr);
    assert!(
        r.stderr.contains("no puzzle meeting the target (ER 11.0..12.0) found in 80 attempts"),
        "{}",
        r.stderr
    );
    // Puzzles given up count as settled, never as found (the line once said "1 of 2 found").
    let r = sudokit(
        &["generate", "puzzle", "--er", "11..12", "-n", "2", "--attempts", "50", "--seed", "3", "-j", "1"],
        "",
    );
    assert_eq!((r.code, r.stdout.as_str()), (1, "!not found\n!not found\n"), "{}", r.stderr);
    assert!(r.stderr.contains("): 0 of 2 puzzles found after"), "{}", r.stderr);
    // A technique target reads as such (it once printed "no puzzle with with …").
    let r = sudokit(
        &["generate", "puzzle", "--require", "fnc", "--attempts", "2", "--seed", "3", "--threads", "1"],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no puzzle meeting the target (with Forcing Net Contradiction) found in 2 attempts"),
        "{}",
        r.stderr
    );
    // --timeout still stops it.
    let r =
        sudokit(&["generate", "puzzle", "--er", "11..", "-n", "3", "--timeout", "0.5", "--seed", "3"], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("timed out after 0.5 s"), "{}", r.stderr);
}

/// Issue #20, item 5: singles and no-guess gave byte-identical output for the same seed.
#[test]
fn issue20_difficulty_classes_differ() {
    let run = |d: &str| {
        let r = sudokit(&["generate", "puzzle", "--difficulty", d, "-n", "20", "--seed", "9"], "");
        assert_eq!(r.code, 0, "{d}: {}", r.stderr);
        r.stdout
    };
    let (singles, no_guess) = (run("singles"), run("no-guess"));
    assert!(singles.lines().zip(no_guess.lines()).all(|(a, b)| a != b));
    let board = sudokit::Board::classic_shared(Shape::CLASSIC);
    for p in singles.lines() {
        assert_eq!(Difficulty::of(&board, &grid(p)), Some(Difficulty::Singles), "{p}");
    }
    for p in no_guess.lines() {
        let used = techniques(p);
        assert!(
            used.iter().any(|t| !matches!(
                t,
                Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
            )),
            "{p}"
        );
        assert!(!used.iter().any(|t| sudokit::generate::TRIAL_AND_ERROR.contains(t)), "{p}");
    }
}
