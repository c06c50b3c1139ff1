//! The step solver proven right: over samples of every shared dataset (all of them in the ignored
//! long run) and over generated puzzles of several sizes and variants, every placement equals the
//! solution, no elimination removes a solution digit, and every puzzle ends solved (brute force, the
//! labelled last resort, is allowed here so that every path ends). The same holds for every step of
//! the lists of all steps ([`Solver::all_steps`]) along the paths.

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::SeedableRng;
use sudokit::generate::{GenerateOptions, Generator, VariantGenerator, VariantSpec};
use sudokit::human::{solve, Path, Solver, SolverOptions, State, Technique};
use sudokit::testing::datasets_dir;
use sudokit::{Board, Cell, Grid, HouseKind, Puzzle, Shape};

/// Solves `grid` under `board` step by step and checks every step; returns the techniques used.
fn check(board: Arc<Board>, grid: &Grid, what: &str) -> Vec<Technique> {
    check_with(board, grid, what, SolverOptions::default())
}

/// [`check`] with the solver's techniques chosen.
fn check_with(board: Arc<Board>, grid: &Grid, what: &str, options: SolverOptions) -> Vec<Technique> {
    checked_path(board, grid, what, options).steps.iter().map(|s| s.technique).collect()
}

/// The path of [`check_with`], every step checked.
fn checked_path(board: Arc<Board>, grid: &Grid, what: &str, options: SolverOptions) -> Path {
    let state = State::new(board, grid).unwrap_or_else(|e| panic!("{what}: {e}"));
    checked_state_path(state, what, options)
}

/// The path from `state`, every step checked against the solution.
fn checked_state_path(state: State, what: &str, options: SolverOptions) -> Path {
    let path = solve(state, options).unwrap_or_else(|e| panic!("{what}: {e}"));
    for (i, step) in path.steps.iter().enumerate() {
        for p in &step.placements {
            assert_eq!(
                path.solution.get(p.cell),
                Some(p.digit),
                "{what}: wrong placement in step {}: {step}",
                i + 1
            );
        }
        for e in &step.eliminations {
            assert_ne!(
                path.solution.get(e.cell),
                Some(e.digit),
                "{what}: wrong elimination in step {}: {step}",
                i + 1
            );
        }
    }
    assert!(path.is_solved(), "{what}: stopped after {} steps", path.steps.len());
    path
}

/// The puzzle files of the datasets folder, in name order.
fn dataset_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("datasets folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// Runs every `every`-th puzzle of every dataset file; prints per file the puzzles checked and the
/// share that needed brute force, and per technique how often it was used.
fn datasets(every: usize) {
    let Some(dir) = datasets_dir() else { return };
    let files = dataset_files(&dir);
    let mut uses: BTreeMap<Technique, usize> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("dataset readable");
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        let (mut checked, mut guessed, mut steps) = (0usize, 0usize, 0usize);
        for (i, line) in text.lines().enumerate().filter(|(i, _)| i % every == 0) {
            let Some(field) = line.split_whitespace().next() else { continue };
            let Ok(grid) = field.parse::<Grid>() else { continue };
            let puzzle = Puzzle::classic(grid.clone());
            if puzzle.count_up_to(2).to_string() != "1" {
                continue;
            }
            let used = check(Board::classic_shared(Shape::CLASSIC), &grid, &format!("{name} line {}", i + 1));
            checked += 1;
            steps += used.len();
            guessed += usize::from(used.contains(&Technique::BruteForce));
            for t in used {
                *uses.entry(t).or_default() += 1;
            }
        }
        println!("{name}: {checked} puzzles, {steps} steps, all right; {guessed} needed brute force");
    }
    for (t, n) in uses {
        println!("  {t}: {n}");
    }
}

#[test]
fn dataset_sample_every_step_right() {
    datasets(1000);
}

/// Every puzzle of every dataset (about 110,000; run with `--ignored` in an optimised build).
#[test]
#[ignore]
fn dataset_all_every_step_right() {
    datasets(1);
}

/// Every step of HoDoKu's list of all steps ([`Solver::all_steps`]) on every `every`-th puzzle of
/// every dataset file, at every `stride`-th state of the path its techniques take: every placement
/// equals the solution, no elimination removes a solution digit. Returns the steps checked.
fn all_steps_right(every: usize, stride: usize) -> usize {
    let Some(dir) = datasets_dir() else { return 0 };
    let mut checked = 0;
    for file in dataset_files(&dir) {
        let text = std::fs::read_to_string(&file).expect("dataset readable");
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        for (i, line) in text.lines().enumerate().filter(|(i, _)| i % every == 0) {
            let Some(field) = line.split_whitespace().next() else { continue };
            let Ok(grid) = field.parse::<Grid>() else { continue };
            if Puzzle::classic(grid.clone()).count_up_to(2).to_string() != "1" {
                continue;
            }
            let what = format!("{name} line {}", i + 1);
            checked += all_steps_checked(Board::classic_shared(Shape::CLASSIC), &grid, &what, stride);
        }
    }
    println!("all-steps lists: {checked} steps checked, all right");
    checked
}

/// Lists all steps ([`Solver::all_steps`]) at every `stride`-th state of the path their techniques
/// take on `grid` under `board`, and checks every one against the solution; returns how many.
fn all_steps_checked(board: Arc<Board>, grid: &Grid, what: &str, stride: usize) -> usize {
    let state = State::new(board, grid).unwrap_or_else(|e| panic!("{what}: {e}"));
    state_all_steps_checked(state, what, stride).len()
}

/// [`all_steps_checked`] from `state`; the techniques of the steps checked.
fn state_all_steps_checked(state: State, what: &str, stride: usize) -> Vec<Technique> {
    let mut solver = Solver::new(state, SolverOptions::all_steps()).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut checked = Vec::new();
    for at in 0.. {
        if at % stride == 0 {
            for step in solver.all_steps() {
                let what = format!("{what}, after {at} steps: {step}");
                for p in &step.placements {
                    assert_eq!(solver.solution().get(p.cell), Some(p.digit), "wrong placement: {what}");
                }
                for e in &step.eliminations {
                    assert_ne!(solver.solution().get(e.cell), Some(e.digit), "wrong elimination: {what}");
                }
                checked.push(step.technique);
            }
        }
        if solver.next().is_none() {
            break;
        }
    }
    checked
}

#[test]
fn dataset_sample_all_steps_right() {
    let checked = all_steps_right(1000, 5);
    assert!(checked > 0 || datasets_dir().is_none(), "no step was checked");
}

/// Pencil-mark grids (Sukaku) are their own puzzles: from every 60th puzzle of top1465, its
/// candidates after the givens less a random quarter of the digits the solution does not hold (so
/// still one solution), taken as pencil marks. Every step of the path and of the lists of all
/// steps must be right: the uniqueness techniques in particular may swap digits only within a
/// cell's marks as read, not among all digits as in a puzzle's cells that are not givens.
#[test]
fn pencil_mark_grids_every_step_right() {
    use rand::Rng;
    let Some(dir) = datasets_dir() else { return };
    let text = std::fs::read_to_string(dir.join("puzzles3_magictour_top1465.txt")).expect("dataset readable");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let (mut grids, mut steps, mut uniqueness) = (0, 0, BTreeMap::new());
    for (i, line) in text.lines().enumerate().filter(|(i, _)| i % 60 == 0) {
        let Some(Ok(grid)) = line.split_whitespace().next().map(str::parse::<Grid>) else { continue };
        let Ok(start) = State::classic(&grid) else { continue };
        let Ok(path) = solve(start.clone(), SolverOptions::default()) else { continue };
        for round in 0..2 {
            let mut marks = start.to_candidates();
            for cell in Cell::all(grid.shape()) {
                let keep = marks
                    .get(cell)
                    .iter()
                    .filter(|&d| path.solution.get(cell) == Some(d) || rng.random_bool(0.75));
                marks.set(cell, keep.collect());
            }
            let what = format!("pencil marks {round} of line {}: {marks}", i + 1);
            let state = State::classic_candidates(&marks).unwrap_or_else(|e| panic!("{what}: {e}"));
            let path = checked_state_path(state.clone(), &what, SolverOptions::default());
            let mut used: Vec<Technique> = path.steps.iter().map(|s| s.technique).collect();
            used.extend(state_all_steps_checked(state, &what, 4));
            steps += used.len();
            for t in used.into_iter().filter(|t| t.needs_uniqueness()) {
                *uniqueness.entry(t).or_insert(0) += 1;
            }
            grids += 1;
        }
    }
    println!("{grids} pencil-mark grids, {steps} steps, all right; from uniqueness: {uniqueness:?}");
    assert!(uniqueness.len() >= 5, "{grids} grids; {uniqueness:?}");
}

/// Templates are off by default and come after the forcing chains: here they follow only the
/// singles, on every 500th puzzle of every dataset file, and every step must be right.
#[test]
fn dataset_sample_template_steps_right() {
    let Some(dir) = datasets_dir() else { return };
    let files = dataset_files(&dir);
    let allowed = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::TemplateSet,
        Technique::TemplateDelete,
        Technique::BruteForce,
    ];
    let mut template_steps = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("dataset readable");
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        for (i, line) in text.lines().enumerate().filter(|(i, _)| i % 500 == 0) {
            let Some(field) = line.split_whitespace().next() else { continue };
            let Ok(grid) = field.parse::<Grid>() else { continue };
            if Puzzle::classic(grid.clone()).count_up_to(2).to_string() != "1" {
                continue;
            }
            let what = format!("{name} line {}", i + 1);
            let used = check_with(
                Board::classic_shared(Shape::CLASSIC),
                &grid,
                &what,
                SolverOptions::only(&allowed),
            );
            template_steps += used
                .iter()
                .filter(|t| matches!(t, Technique::TemplateSet | Technique::TemplateDelete))
                .count();
        }
    }
    println!("template steps checked: {template_steps}");
    assert!(template_steps > 0, "no template step was taken");
}

/// Removes givens from `solution` one by one (in a seeded order) while the puzzle stays unique.
fn dig(board: &Arc<Board>, solution: &Grid, seed: u64) -> Grid {
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut cells: Vec<Cell> = Cell::all(solution.shape()).collect();
    cells.shuffle(&mut rng);
    let mut grid = solution.clone();
    for c in cells {
        let keep = grid.get(c);
        grid.set(c, None);
        let p = Puzzle::new(board.clone(), grid.clone()).expect("same shape");
        if p.count_up_to(2).to_string() != "1" {
            grid.set(c, keep);
        }
    }
    grid
}

#[test]
fn generated_puzzles_of_several_sizes() {
    for (rows, cols, count) in [(2, 2, 20), (2, 3, 10), (2, 4, 5), (3, 3, 20), (4, 4, 1)] {
        let shape = Shape::new(rows, cols).expect("shape");
        let generator = Generator::new(shape, GenerateOptions::default()).expect("generator");
        for i in 0..count {
            let mut rng = sudokit::generate::rng_for(15, i);
            let g = generator.puzzle(&mut rng).expect("a puzzle");
            let what = format!("{shape} #{i}: {}", g.puzzle);
            check(Board::classic_shared(shape), &g.puzzle, &what);
            assert!(all_steps_checked(Board::classic_shared(shape), &g.puzzle, &what, 5) > 0, "{what}");
        }
    }
}

#[test]
fn generated_killer_and_jigsaw_puzzles() {
    // Each puzzle under its own board (cages, region map), as the generator makes them; the
    // uniqueness techniques are in the default set, and must not fire where cages break their
    // argument.
    let mut used = std::collections::BTreeSet::new();
    for (spec, side, count) in
        [("killer", 9, 12), ("x,killer", 9, 6), ("jigsaw", 9, 8), ("jigsaw,killer", 6, 6)]
    {
        let shape = Shape::for_side(side).expect("shape");
        let spec: VariantSpec = spec.parse().expect("spec");
        let generator = VariantGenerator::new(shape, spec, GenerateOptions::default()).expect("generator");
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for n in 0..count {
            let made = generator.puzzle(&mut rng).expect("puzzle");
            let what = format!("{spec} #{n}: {}", made.generated.puzzle);
            used.extend(check(made.board.clone(), &made.generated.puzzle, &what));
            let checked = all_steps_checked(made.board, &made.generated.puzzle, &what, 5);
            assert!(checked > 0, "{what}");
        }
    }
    assert!(used.len() > 3, "{used:?}");
    for &t in Technique::ALL.iter().filter(|t| t.is_killer()) {
        assert!(used.contains(&t), "{t} unused: {used:?}");
    }
}

/// A generated killer puzzle whose path once guessed (Brute Force) where no classic technique and
/// no killer technique applies: the forcing nets follow the cages' sums and solve it by logic.
#[test]
fn forcing_nets_on_a_killer_board_use_the_cages() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/killer-nets.json"),
    )
    .expect("tests/data/killer-nets.json");
    let record = sudokit::PuzzleReader::new(text.as_bytes(), sudokit::ParseOptions::default())
        .next()
        .expect("a record")
        .expect("readable");
    let board = record.board.expect("cages");
    let grid = record.puzzle.expect("a puzzle");
    let used = check(board, &grid, "killer-nets.json");
    assert!(!used.contains(&Technique::BruteForce), "{used:?}");
    assert!(
        used.iter().any(|t| matches!(t, Technique::ForcingNetContradiction | Technique::ForcingNetVerity)),
        "{used:?}"
    );
}

#[test]
fn generated_variant_puzzles() {
    let classic = Board::classic(Shape::CLASSIC);
    let boards = [
        ("x", Arc::new(classic.clone().with_diagonals())),
        ("hyper", Arc::new(classic.clone().with_windows().expect("9×9 has windows"))),
        ("x 4×4", Arc::new(Board::classic(Shape::new(2, 2).expect("shape")).with_diagonals())),
    ];
    for (name, board) in boards {
        let empty = Grid::empty(board.shape());
        let solution = Puzzle::new(board.clone(), empty).expect("shape").first_solution().expect("solvable");
        for seed in 0..5 {
            let puzzle = dig(&board, &solution, seed);
            let what = format!("{name} #{seed}: {puzzle}");
            check(board.clone(), &puzzle, &what);
            assert!(all_steps_checked(board.clone(), &puzzle, &what, 5) > 0, "{what}");
        }
    }
}

/// Hyper paths reason with the windows' hidden windows (houses no rule names, but every solution
/// fills): over generated 9×9 hyper puzzles and a 16×16 one (made by `sudokit generate puzzle
/// --variant hyper --size 16 --seed 9`) every step is right, every path ends solved, and steps
/// whose house is a hidden window are taken on both sizes.
#[test]
fn hyper_paths_reason_with_the_hidden_windows() {
    let in_hidden = |h: &HouseKind| matches!(h, HouseKind::HiddenWindow(_));
    let hidden_steps =
        |path: &Path| path.steps.iter().filter(|s| s.pattern.houses.iter().any(in_hidden)).count();
    let spec: VariantSpec = "hyper".parse().expect("spec");
    let generator =
        VariantGenerator::new(Shape::CLASSIC, spec, GenerateOptions::default()).expect("generator");
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut hidden = 0;
    for n in 0..6 {
        let made = generator.puzzle(&mut rng).expect("puzzle");
        let what = format!("hyper #{n}: {}", made.generated.puzzle);
        hidden += hidden_steps(&checked_path(
            made.board.clone(),
            &made.generated.puzzle,
            &what,
            SolverOptions::default(),
        ));
        if n < 2 {
            assert!(all_steps_checked(made.board, &made.generated.puzzle, &what, 5) > 0, "{what}");
        }
    }
    assert!(hidden > 0, "9×9: no step in a hidden window");
    let sixteen = concat!(
        "...........6.2.84.3.........G..........6...8.F..972...F.C5.........4.....81........9157.....C...",
        "......3.......2.....G..F..3.7.......B.E.......9.8.....1.....E......2....9.D3...16......9.F..D...",
        ".41F.......9.3..3..8..............9.....2..A......D.C.2..B......",
    );
    let grid: Grid = sixteen.parse().expect("a 16×16 puzzle");
    let board = Arc::new(Board::classic(grid.shape()).with_windows().expect("windows"));
    let path = checked_path(board, &grid, "16×16 hyper", SolverOptions::default());
    assert!(hidden_steps(&path) > 0, "16×16: no step in a hidden window");
}
