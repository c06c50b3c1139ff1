//! Tests of generation by rating: every puzzle made is rated again here with the raters' public
//! functions and checked against the target.

use super::super::*;
use super::Rated;
use crate::human::{solve, Family, SolverOptions, State, Technique};
use crate::rate::{hodoku, se};

fn rated(target: RatingTarget, attempts: u32) -> Generator {
    let o = GenerateOptions { attempts, ..GenerateOptions::default() };
    Generator::new(Shape::CLASSIC, o).expect("options").with_rating(target).expect("a valid target")
}

fn path_techniques(puzzle: &Grid) -> Vec<Technique> {
    let path = solve(State::classic(puzzle).expect("valid"), SolverOptions::default()).expect("unique");
    path.steps.iter().map(|s| s.technique).collect()
}

#[test]
fn er_ranges_parse() {
    let r = |s: &str| s.parse::<ErRange>();
    assert_eq!(r("7.0..8.5"), Ok(ErRange { min_tenths: 70, max_tenths: 85 }));
    assert_eq!(r("2..4"), Ok(ErRange { min_tenths: 20, max_tenths: 40 }));
    assert_eq!(r("9.0.."), Ok(ErRange { min_tenths: 90, max_tenths: 120 }));
    assert_eq!(r("..2.3"), Ok(ErRange { min_tenths: 0, max_tenths: 23 }));
    assert_eq!(r("4.2"), Ok(ErRange { min_tenths: 42, max_tenths: 42 }));
    assert_eq!(r("7.0..8.5").map(|x| x.to_string()), Ok("7.0..8.5".to_string()));
    assert!(matches!(r("5..3"), Err(RatingTargetError::EmptyEr { .. })));
    assert_eq!(
        r("5..3").map_err(|e| e.to_string()),
        Err("empty ER range \"5..3\": MIN 5.0 is above MAX 3.0".to_string())
    );
    for bad in ["", "..", "x..3", "1.25..3", "13..14", "-1..2", "3...4", "1,5..2"] {
        assert!(matches!(r(bad), Err(RatingTargetError::BadEr { .. })), "{bad:?}: {:?}", r(bad));
    }
}

#[test]
fn targets_are_validated() {
    let four = Generator::new(Shape::for_side(4).expect("4"), GenerateOptions::default()).expect("options");
    let level = RatingTarget { level: Some(hodoku::Level::Easy), ..RatingTarget::default() };
    assert_eq!(
        four.clone().with_rating(level).err(),
        Some(GenerateError::Rating(RatingTargetError::NotClassic {
            board: "classic 4×4 (boxes 2x2)".to_string()
        }))
    );
    // An empty target is no filter, on every board.
    assert!(four.with_rating(RatingTarget::default()).expect("empty").rating().is_none());
    let classic = Generator::new(Shape::CLASSIC, GenerateOptions::default()).expect("options");
    // Kraken fish are off in the default path: requiring one could never be met.
    let kraken = RatingTarget { require: vec![Technique::KrakenFish1], ..RatingTarget::default() };
    assert!(matches!(
        classic.clone().with_rating(kraken),
        Err(GenerateError::Rating(RatingTargetError::NotInPath { .. }))
    ));
    // The killer techniques are in the default path but never fire without cages.
    let innies = RatingTarget { require: vec![Technique::Innies], ..RatingTarget::default() };
    assert!(matches!(
        classic.clone().with_rating(innies),
        Err(GenerateError::Rating(RatingTargetError::KillerOnly { technique: Technique::Innies }))
    ));
    let both = RatingTarget {
        require: vec![Technique::XWing],
        exclude: vec![Technique::XWing],
        ..RatingTarget::default()
    };
    assert!(matches!(
        classic.clone().with_rating(both),
        Err(GenerateError::Rating(RatingTargetError::Contradiction { .. }))
    ));
    // A guess is never in a made puzzle's path, so requiring one could never be met.
    let guess = RatingTarget { require: vec![Technique::BruteForce], ..RatingTarget::default() };
    assert_eq!(
        classic.clone().with_rating(guess).err().map(|e| e.to_string()),
        Some("Brute Force never appears: a path that guesses is always skipped".to_string())
    );
    // A path with an X-Wing is at least Hard, so an easy puzzle can never need one.
    let above = RatingTarget {
        level: Some(hodoku::Level::Easy),
        require: vec![Technique::XWing],
        ..RatingTarget::default()
    };
    assert_eq!(
        classic.clone().with_rating(above).err(),
        Some(GenerateError::Rating(RatingTargetError::AboveLevel {
            technique: Technique::XWing,
            technique_level: hodoku::Level::Hard,
            level: hodoku::Level::Easy,
        }))
    );
    let same = RatingTarget {
        level: Some(hodoku::Level::Hard),
        require: vec![Technique::XWing],
        ..RatingTarget::default()
    };
    assert!(classic.clone().with_rating(same).is_ok());
    let below = RatingTarget { er: "..0.9".parse().ok(), ..RatingTarget::default() };
    assert_eq!(classic.with_rating(below).err(), Some(GenerateError::Rating(RatingTargetError::BelowScale)));
}

/// Techniques required and excluded work under variant rules: killer puzzles that need Cage
/// Interaction or Innies and no guess, each checked on the path of the puzzle under its own board;
/// a level, an ER or a killer technique without cages is refused.
#[test]
fn variant_puzzles_by_technique() {
    let killer = |target: RatingTarget| {
        VariantGenerator::new(Shape::CLASSIC, "killer".parse().expect("spec"), GenerateOptions::default())
            .expect("killer")
            .with_rating(target)
    };
    for (require, seed) in [(Technique::CageInteraction, 1), (Technique::Innies, 2)] {
        let target = RatingTarget {
            require: vec![require],
            exclude: vec![Technique::BruteForce],
            ..RatingTarget::default()
        };
        let generator = killer(target).expect("a valid target");
        for i in 0..2 {
            let made = generator.puzzle(&mut rng_for(seed, i)).expect("found");
            let state = State::new(made.board.clone(), &made.generated.puzzle).expect("valid");
            let path = solve(state, SolverOptions::default()).expect("unique");
            assert!(path.is_solved());
            let used: Vec<Technique> = path.steps.iter().map(|s| s.technique).collect();
            assert!(used.contains(&require) && !used.contains(&Technique::BruteForce), "{used:?}");
            // The seed fixes the puzzle.
            assert_eq!(generator.puzzle(&mut rng_for(seed, i)).expect("found"), made);
        }
    }
    let level = RatingTarget { level: Some(hodoku::Level::Easy), ..RatingTarget::default() };
    assert_eq!(
        killer(level).err().map(|e| e.to_string()),
        Some("the level and ER targets are for classic 9×9 puzzles only, not killer puzzles".to_string())
    );
    let x = VariantGenerator::new(Shape::CLASSIC, "x".parse().expect("spec"), GenerateOptions::default())
        .expect("x");
    let innies = RatingTarget { require: vec![Technique::Innies], ..RatingTarget::default() };
    assert!(matches!(
        x.with_rating(innies),
        Err(GenerateError::Rating(RatingTargetError::KillerOnly { technique: Technique::Innies }))
    ));
    // A target no attempt meets is an error, as for classic puzzles.
    let o = GenerateOptions { attempts: 3, ..GenerateOptions::default() };
    let jellyfish = RatingTarget { require: vec![Technique::Jellyfish], ..RatingTarget::default() };
    let rare = VariantGenerator::new(Shape::new(2, 2).expect("4×4"), "killer".parse().expect("spec"), o)
        .expect("killer 4×4")
        .with_rating(jellyfish)
        .expect("valid");
    assert!(matches!(
        rare.puzzle(&mut rng_for(1, 0)),
        Err(GenerateError::TargetNotFound { attempts: 3, .. })
    ));
}

#[test]
fn every_level_is_made_and_rated_again() {
    for level in hodoku::Level::ALL {
        let gen = rated(RatingTarget { level: Some(level), ..RatingTarget::default() }, 1000);
        let made = gen.puzzle(&mut rng_for(16, level as u64)).expect("found");
        let rating = hodoku::rate(&made.puzzle).expect("rated");
        assert_eq!(rating.level, level, "{}", made.puzzle);
        assert_eq!(rating.brute_force_steps, 0, "{}", made.puzzle);
        assert!(is_minimal(&made.puzzle));
    }
}

#[test]
fn er_range_is_met() {
    let gen =
        rated(RatingTarget { er: Some("6.0..7.5".parse().expect("range")), ..RatingTarget::default() }, 1000);
    for i in 0..2 {
        let made = gen.puzzle(&mut rng_for(17, i)).expect("found");
        let er = se::rate(&made.puzzle).expect("rated").er_tenths;
        assert!((60..=75).contains(&er), "{}: ER {er}", made.puzzle);
    }
}

#[test]
fn required_and_excluded_techniques() {
    let target = RatingTarget {
        require: vec![Technique::XWing],
        exclude: vec![Technique::NakedPair],
        ..RatingTarget::default()
    };
    let made = rated(target, 2000).puzzle(&mut rng_for(18, 0)).expect("found");
    let used = path_techniques(&made.puzzle);
    assert!(used.contains(&Technique::XWing) && !used.contains(&Technique::NakedPair), "{}", made.puzzle);
    assert!(!used.contains(&Technique::BruteForce));
}

#[test]
fn a_family_required_is_met_by_any_of_its_techniques() {
    let family = Family::find("Unique Rectangle").expect("a family");
    let target = RatingTarget {
        require_one_of: vec![family],
        exclude: vec![Technique::Uniqueness1],
        ..RatingTarget::default()
    };
    let gen = rated(target.clone(), 3000);
    for i in 0..2 {
        let made = gen.puzzle(&mut rng_for(18, i)).expect("found");
        let used = path_techniques(&made.puzzle);
        assert!(family.members().iter().any(|t| used.contains(t)), "{}: {used:?}", made.puzzle);
        assert!(!used.contains(&Technique::Uniqueness1) && !used.contains(&Technique::BruteForce));
    }
    // Every candidate the family's check keeps or skips is one whose path has (or lacks) a member.
    let plain = Generator::new(Shape::CLASSIC, GenerateOptions::default()).expect("options");
    for i in 0..40 {
        let puzzle = plain.puzzle(&mut rng_for(18, 100 + i)).expect("made").puzzle;
        let used = path_techniques(&puzzle);
        let expected = if used.contains(&Technique::BruteForce) {
            Rated::Unreachable
        } else if family.members().iter().any(|t| used.contains(t)) && !used.contains(&Technique::Uniqueness1)
        {
            Rated::Meets
        } else {
            Rated::Misses
        };
        assert_eq!(target.rate(None, &puzzle, None), expected, "{puzzle}: {used:?}");
    }
}

#[test]
fn a_family_none_of_whose_techniques_can_appear_is_refused() {
    let family = |name: &str| Family::find(name).expect("a family");
    let board = crate::rules::Board::classic_shared(Shape::CLASSIC);
    let why = |target: RatingTarget| target.validate(&board).expect_err("refused").to_string();
    let nets = RatingTarget {
        level: Some(hodoku::Level::Hard),
        require_one_of: vec![family("Forcing Net")],
        exclude: vec![Technique::ForcingNetVerity],
        ..RatingTarget::default()
    };
    assert_eq!(
        why(nets),
        "no technique of Forcing Net can appear in the path: each is above level hard or excluded"
    );
    let kraken = RatingTarget { require_one_of: vec![family("Kraken Fish")], ..RatingTarget::default() };
    assert_eq!(
        why(kraken),
        "no technique of Kraken Fish can appear in the path: each is off the default path"
    );
    let killer = RatingTarget { require_one_of: vec![family("Killer")], ..RatingTarget::default() };
    assert_eq!(why(killer), "no technique of Killer can appear in the path: each is for killer cages only");
    // One member within reach is enough.
    let loops = RatingTarget {
        level: Some(hodoku::Level::Unfair),
        require_one_of: vec![family("Nice Loop")],
        exclude: vec![Technique::Aic],
        ..RatingTarget::default()
    };
    assert_eq!(loops.validate(&board), Ok(()));
    let singles = GenerateOptions { difficulty: Some(Difficulty::Singles), ..GenerateOptions::default() };
    let wings = RatingTarget { require_one_of: vec![family("Wings")], ..RatingTarget::default() };
    let err = Generator::new(Shape::CLASSIC, singles)
        .expect("options")
        .with_rating(wings)
        .map(|_| ())
        .expect_err("singles need no wing");
    assert_eq!(err.to_string(), "no singles puzzle needs a technique of Wings: singles alone solve it");
}

#[test]
fn combined_with_a_difficulty_and_symmetry() {
    let o = GenerateOptions {
        difficulty: Some(Difficulty::NoGuess),
        symmetry: Symmetry::Rotate180,
        ..GenerateOptions::default()
    };
    let target = RatingTarget { level: Some(hodoku::Level::Hard), ..RatingTarget::default() };
    let gen = Generator::new(Shape::CLASSIC, o).expect("options").with_rating(target).expect("valid");
    let made = gen.puzzle(&mut rng_for(19, 0)).expect("found");
    assert!(Symmetry::Rotate180.holds(&made.puzzle));
    assert_eq!(hodoku::rate(&made.puzzle).expect("rated").level, hodoku::Level::Hard);
    let board = crate::rules::Board::classic_shared(Shape::CLASSIC);
    assert_eq!(Difficulty::of(&board, &made.puzzle), Some(Difficulty::NoGuess));
}

#[test]
fn seeds_reproduce_and_tally_counts() {
    let tally = Tally::new();
    let target = RatingTarget { level: Some(hodoku::Level::Medium), ..RatingTarget::default() };
    let gen = rated(target, 1000).with_tally(tally.clone());
    let a: Vec<Generated> = (0..3).map(|i| gen.puzzle(&mut rng_for(21, i)).expect("found")).collect();
    let tried: u64 = a.iter().map(|g| u64::from(g.attempts)).sum();
    assert_eq!(tally.candidates(), tried);
    let b: Vec<Generated> = (0..3).rev().map(|i| gen.puzzle(&mut rng_for(21, i)).expect("found")).collect();
    assert!(a.iter().eq(b.iter().rev()));
}

#[test]
fn a_target_no_attempt_meets_is_an_error_naming_it() {
    // ER 11.0 and up is out of the rater's reach: such candidates are skipped, never labelled.
    let target = RatingTarget { er: Some("11.0..12.0".parse().expect("range")), ..RatingTarget::default() };
    let err = rated(target, 3).puzzle(&mut rng_for(22, 0)).expect_err("not found");
    assert_eq!(err.to_string(), "no puzzle meeting the target (ER 11.0..12.0) found in 3 attempts");
}

#[test]
fn the_target_reads_in_words() {
    let target = RatingTarget {
        level: Some(hodoku::Level::Hard),
        er: Some("4..6".parse().expect("range")),
        require: vec![Technique::XWing],
        exclude: vec![Technique::Skyscraper],
        require_one_of: vec![Family::find("nice loops").expect("a family")],
    };
    assert_eq!(
        target.to_string(),
        "HoDoKu level hard, ER 4.0..6.0, with X-Wing, with a technique of Nice Loop/AIC, without Skyscraper"
    );
}

/// The level check (with its cheap first pass on the level's own techniques) agrees with
/// `hodoku::rate` on random minimal puzzles, for every level.
#[test]
fn level_check_agrees_with_the_hodoku_rating() {
    let gen = Generator::new(Shape::CLASSIC, GenerateOptions::default()).expect("options");
    for i in 0..30 {
        let puzzle = gen.puzzle(&mut rng_for(23, i)).expect("made").puzzle;
        let rating = hodoku::rate(&puzzle).expect("rated");
        for level in hodoku::Level::ALL {
            let target = RatingTarget { level: Some(level), ..RatingTarget::default() };
            let expected = if rating.brute_force_steps > 0 {
                Rated::Unreachable
            } else if rating.level == level {
                Rated::Meets
            } else {
                Rated::Misses
            };
            assert_eq!(
                target.rate(None, &puzzle, None),
                expected,
                "{puzzle} rated {}, target {level}",
                rating.level
            );
        }
    }
}

/// An ER target met by a puzzle whose rating needs chains is not met once the cancel flag is set:
/// the rating stops part way.
#[test]
fn a_cancel_flag_stops_the_er_check() {
    let puzzle: Grid = "7..1.....56...3.81....6..7..3.2.14...........8.1.5.....8...6....5..1...34..9..2.."
        .parse()
        .expect("a puzzle");
    let er = se::rate(&puzzle).expect("rated").er_tenths;
    let target =
        RatingTarget { er: Some(ErRange { min_tenths: er, max_tenths: er }), ..RatingTarget::default() };
    assert_eq!(target.rate(None, &puzzle, None), Rated::Meets);
    assert_eq!(target.rate(None, &puzzle, Some(&crate::solve::CancelFlag::new())), Rated::Meets);
    let flag = crate::solve::CancelFlag::new();
    flag.cancel();
    assert_eq!(target.rate(None, &puzzle, Some(&flag)), Rated::Unreachable);
}

/// A rating target no puzzle of the difficulty class asked for can meet is refused at once; what
/// the refusals rest on (the levels of the techniques) is checked here, so that they cannot drift.
#[test]
fn targets_the_difficulty_rules_out_are_refused() {
    let order = SolverOptions::default().order;
    let singles = [Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle];
    for &t in order.iter().filter(|t| !singles.contains(t)) {
        assert!(hodoku::level_of(t) > hodoku::Level::Easy, "{t}: a no-guess path is above easy");
    }
    for &t in TRIAL_AND_ERROR {
        assert_eq!(hodoku::level_of(t), hodoku::Level::Extreme, "{t}: a guess path is extreme");
    }
    let with = |difficulty: Difficulty, target: RatingTarget| {
        let o = GenerateOptions { difficulty: Some(difficulty), ..GenerateOptions::default() };
        let generator = Generator::new(Shape::CLASSIC, o).expect("options");
        generator.with_rating(target).err().map(|e| e.to_string())
    };
    let level = |l: hodoku::Level| RatingTarget { level: Some(l), ..RatingTarget::default() };
    let said = |s: &str| Some(s.to_string());
    assert_eq!(
        with(Difficulty::Singles, level(hodoku::Level::Hard)),
        said("no singles puzzle is HoDoKu level hard: a path of singles is medium at most")
    );
    // 58 hidden singles score more than easy's 800: rare, and possible.
    assert_eq!(with(Difficulty::Singles, level(hodoku::Level::Medium)), None);
    let er = RatingTarget { er: "2.4..".parse().ok(), ..RatingTarget::default() };
    assert_eq!(
        with(Difficulty::Singles, er),
        said("no singles puzzle rates ER 2.4..12.0: singles rate 2.3 at most")
    );
    let er = RatingTarget { er: "2.3..".parse().ok(), ..RatingTarget::default() };
    assert_eq!(with(Difficulty::Singles, er), None);
    let require = |t: Technique| RatingTarget { require: vec![t], ..RatingTarget::default() };
    assert_eq!(
        with(Difficulty::Singles, require(Technique::XWing)),
        said("no singles puzzle needs X-Wing: singles alone solve it")
    );
    assert_eq!(with(Difficulty::Singles, require(Technique::HiddenSingle)), None);
    assert_eq!(
        with(Difficulty::NoGuess, level(hodoku::Level::Easy)),
        said("no no-guess puzzle is HoDoKu level easy: it needs a technique beyond singles")
    );
    assert_eq!(
        with(Difficulty::NoGuess, require(Technique::ForcingNetVerity)),
        said("no no-guess puzzle needs Forcing Net Verity, a trial-and-error technique")
    );
    assert_eq!(with(Difficulty::NoGuess, require(Technique::XWing)), None);
    assert_eq!(
        with(Difficulty::Guess, level(hodoku::Level::Unfair)),
        said("no guess puzzle is HoDoKu level unfair: trial and error is extreme")
    );
    assert_eq!(with(Difficulty::Guess, level(hodoku::Level::Extreme)), None);
    let none = RatingTarget { exclude: TRIAL_AND_ERROR.to_vec(), ..RatingTarget::default() };
    assert_eq!(with(Difficulty::Guess, none), said("no guess puzzle avoids every trial-and-error technique"));
    let no_brute = RatingTarget { exclude: vec![Technique::BruteForce], ..RatingTarget::default() };
    assert_eq!(with(Difficulty::Guess, no_brute), None);
}
