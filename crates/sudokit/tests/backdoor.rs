//! Backdoors against a search by definition: on samples of the forum's hardest puzzles and of
//! top1465 (read at test time from `../shared/datasets`), every backdoor found lets the step
//! solver, with singles alone, solve the puzzle; no smaller set of cells does; and where the size is
//! at most two, the backdoors are exactly the sets of that size that do, tried one by one.

use sudokit::human::{solve, SolverOptions, State, Technique};
use sudokit::rate::backdoor::backdoors;
use sudokit::testing::datasets_dir;
use sudokit::{Cell, Digit, Grid, Puzzle, Shape, Verdict};

/// Whether singles alone (the step solver's, a separate implementation) solve `puzzle` with `set` given.
fn opens(puzzle: &Grid, set: &[(Cell, Digit)]) -> bool {
    let mut grid = puzzle.clone();
    for &(c, d) in set {
        grid.set(c, Some(d));
    }
    let singles =
        SolverOptions::only(&[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle]);
    let state = State::classic(&grid).expect("a valid grid");
    solve(state, singles).expect("one solution").is_solved()
}

/// Every set of `size` empty cells (in cell order) given its solution digits that opens `puzzle`.
fn by_definition(puzzle: &Grid, solution: &Grid, size: usize) -> Vec<Vec<(Cell, Digit)>> {
    let empty: Vec<(Cell, Digit)> = Cell::all(Shape::CLASSIC)
        .filter(|&c| puzzle.get(c).is_none())
        .map(|c| (c, solution.get(c).expect("a full solution")))
        .collect();
    let mut found = Vec::new();
    match size {
        0 => found.extend(opens(puzzle, &[]).then(Vec::new)),
        1 => found.extend(empty.iter().filter(|&&e| opens(puzzle, &[e])).map(|&e| vec![e])),
        2 => {
            for (i, &a) in empty.iter().enumerate() {
                for &b in &empty[i + 1..] {
                    if opens(puzzle, &[a, b]) {
                        found.push(vec![a, b]);
                    }
                }
            }
        }
        _ => panic!("only sizes up to 2 are tried one by one"),
    }
    found
}

#[test]
fn backdoors_agree_with_a_search_by_definition() {
    let Some(dir) = datasets_dir() else { return };
    let mut sizes = [0usize; 4];
    for (file, every) in [("puzzles6_forum_hardest_1106.txt", 25), ("puzzles3_magictour_top1465.txt", 100)] {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate().step_by(every) {
            let what = format!("{file} #{}", i + 1);
            let grid: Grid = line.split_whitespace().next().unwrap_or_default().parse().expect(&what);
            let puzzle = Puzzle::classic(grid.clone());
            let Verdict::Unique(solution) = puzzle.check() else { panic!("{what}: not unique") };
            let b = backdoors(&puzzle, 3).unwrap_or_else(|e| panic!("{what}: {e}"));
            let size = b.size.unwrap_or_else(|| panic!("{what}: no backdoor of up to 3 cells"));
            sizes[size] += 1;
            assert!(!b.sets.is_empty(), "{what}");
            for set in &b.sets {
                assert_eq!(set.len(), size, "{what}");
                assert!(
                    set.iter().all(|&(c, d)| grid.get(c).is_none() && solution.get(c) == Some(d)),
                    "{what}"
                );
                assert!(opens(&grid, set), "{what}: {set:?} does not open it");
            }
            assert!(by_definition(&grid, &solution, size - 1).is_empty(), "{what}: a smaller backdoor");
            if size <= 2 {
                assert_eq!(b.sets, by_definition(&grid, &solution, size), "{what}");
            }
        }
    }
    println!("backdoor sizes 0-3: {sizes:?}");
    // Both kinds are met: sizes 2 and 3 among the forum's hardest, 1 and 2 in top1465.
    assert!(sizes[1] > 0 && sizes[2] > 0 && sizes[3] > 0, "{sizes:?}");
}
