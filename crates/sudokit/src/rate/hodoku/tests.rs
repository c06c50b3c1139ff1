//! Unit tests: the table's shape, the level rules of HoDoKu's `SudokuSolver`, and whole puzzles.

use super::*;
use crate::human::Technique;

fn steps(t: Technique, n: usize) -> Vec<Step> {
    (0..n).map(|_| Step::new(t, Shape::CLASSIC)).collect()
}

#[test]
fn every_technique_has_a_score_and_harder_families_score_more() {
    for &t in Technique::ALL {
        let (score, _) = step_config(t);
        assert!(score > 0, "{t}");
    }
    assert_eq!(step_config(Technique::HiddenSingle), (14, Level::Easy));
    assert_eq!(step_config(Technique::LockedCandidates2), (50, Level::Medium));
    assert_eq!(step_config(Technique::DualTwoStringKite), step_config(Technique::TwoStringKite));
    assert_eq!(step_config(Technique::Aic), step_config(Technique::ContinuousNiceLoop));
    assert_eq!(step_config(Technique::BruteForce), (10000, Level::Extreme));
    assert!(level_of(Technique::FinnedSwordfish) > level_of(Technique::FinnedXWing));
}

#[test]
fn the_level_is_the_hardest_steps_raised_by_the_score() {
    // 57 hidden singles: 798, still easy; 58: 812, over easy's 800, so medium.
    let r = rate_steps(&steps(Technique::HiddenSingle, 57));
    assert_eq!((r.score, r.level, r.hardest), (798, Level::Easy, Some(Technique::HiddenSingle)));
    let r = rate_steps(&steps(Technique::HiddenSingle, 58));
    assert_eq!((r.score, r.level), (812, Level::Medium));
    // A medium step among singles makes the puzzle medium, and is its hardest technique.
    let mut path = steps(Technique::NakedSingle, 10);
    path.insert(3, Step::new(Technique::HiddenPair, Shape::CLASSIC));
    path.push(Step::new(Technique::LockedCandidates1, Shape::CLASSIC));
    let r = rate_steps(&path);
    assert_eq!(
        (r.score, r.level, r.hardest, r.steps),
        (40 + 70 + 50, Level::Medium, Some(Technique::HiddenPair), 12)
    );
    // 12 Swordfish score 1800: over hard's 1600, so unfair; 13 (1950) are over unfair's 1800.
    let r = rate_steps(&steps(Technique::Swordfish, 12));
    assert_eq!((r.score, r.level), (1800, Level::Unfair));
    let r = rate_steps(&steps(Technique::Swordfish, 13));
    assert_eq!(r.level, Level::Extreme);
    let r = rate_steps(&[]);
    assert_eq!((r.score, r.level, r.hardest, r.steps), (0, Level::Easy, None, 0));
}

#[test]
fn a_singles_puzzle_is_easy_and_a_brute_force_one_extreme() {
    let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
        .parse()
        .expect("grid");
    let r = rate(&grid).expect("rated");
    assert_eq!(r.level, Level::Easy);
    assert!(matches!(
        r.hardest,
        Some(Technique::HiddenSingle | Technique::NakedSingle | Technique::FullHouse)
    ));
    assert_eq!(r.brute_force_steps, 0);
    // Every step places one digit: 4 or 14 each.
    assert!(r.score >= 4 * r.steps as u32 && r.score <= 14 * r.steps as u32);

    let hard: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
        .parse()
        .expect("grid");
    let r = rate(&hard).expect("rated");
    assert_eq!(r.level, Level::Extreme);
    if r.brute_force_steps > 0 {
        assert_eq!(r.hardest, Some(Technique::BruteForce));
        assert!(r.score >= 10000);
    }
}

#[test]
fn other_boards_and_puzzles_without_one_solution_are_refused() {
    let mini: Grid = "1.3.4.2.3.1.2.4.".parse().expect("grid");
    assert_eq!(rate(&mini), Err(HodokuError::NotClassic { side: 4 }));
    let empty: Grid = ".".repeat(81).parse().expect("grid");
    assert_eq!(rate(&empty), Err(HodokuError::Human(HumanError::MultipleSolutions)));
}

#[test]
fn levels_read_and_print_in_lower_case() {
    for l in Level::ALL {
        assert_eq!(l.name().parse::<Level>(), Ok(l));
        assert_eq!(l.to_string().to_uppercase().parse::<Level>(), Ok(l));
    }
    assert!("hardest".parse::<Level>().is_err());
}
