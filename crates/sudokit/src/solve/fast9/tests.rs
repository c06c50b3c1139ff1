//! Tests of the 9×9 engine: known counts, edge cases, and samples of the benchmark datasets
//! checked against the `sudoku` crate.

// The engine itself, without the input check of the public functions (tested at the end).
use super::search::{count_trusted as count, first_trusted as first, search_trusted as search};
use super::Stats;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::PathBuf;

fn parse(line: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, ch) in g.iter_mut().zip(line.bytes()) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            _ => 0,
        };
    }
    g
}

/// True when `sol` is a complete valid grid that keeps every given of `givens`.
fn is_solution_of(sol: &[u8; 81], givens: &[u8; 81]) -> bool {
    for i in 0..81 {
        if !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i]) {
            return false;
        }
    }
    for u in 0..9 {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for k in 0..9 {
            row |= 1 << sol[u * 9 + k];
            col |= 1 << sol[k * 9 + u];
            bx |= 1 << sol[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        if row != 0x3FE || col != 0x3FE || bx != 0x3FE {
            return false;
        }
    }
    true
}

const UNIQUE: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const MANY: &str = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn unique_puzzle_has_its_solution() {
    let g = parse(UNIQUE);
    assert_eq!(count(&g, 2).solutions, 1);
    let (sol, stats) = first(&g);
    let sol = sol.expect("the puzzle is solvable");
    assert_eq!(stats.solutions, 1);
    assert!(sol[..9] == [8, 1, 2, 7, 5, 3, 6, 4, 9]);
    assert!(is_solution_of(&sol, &g));
}

#[test]
fn puzzle_with_295_solutions() {
    let g = parse(MANY);
    assert_eq!(count(&g, 1000).solutions, 295);
    assert_eq!(count(&g, 100).solutions, 100);
    let mut seen = HashSet::new();
    let stats = search(&g, 1000, |sol| {
        assert!(is_solution_of(sol, &g));
        seen.insert(*sol);
        ControlFlow::Continue(())
    });
    assert_eq!(stats.solutions, 295);
    assert_eq!(seen.len(), 295);
}

#[test]
fn visitor_can_stop_the_search() {
    let g = parse(MANY);
    let mut calls = 0;
    let stats = search(&g, 1000, |_| {
        calls += 1;
        if calls == 7 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(calls, 7);
    assert_eq!(stats.solutions, 7);
}

#[test]
fn empty_grid_counts_to_the_limit() {
    let g = [0u8; 81];
    assert_eq!(count(&g, 10_000).solutions, 10_000);
    let (sol, _) = first(&g);
    assert!(is_solution_of(&sol.expect("the empty grid is solvable"), &g));
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut g = [0u8; 81];
    g[0] = 5;
    g[8] = 5; // same row
    assert_eq!(count(&g, 2), Stats::default());
    let mut g = [0u8; 81];
    g[0] = 5;
    g[72] = 5; // same column
    assert_eq!(count(&g, 2).solutions, 0);
    let mut g = [0u8; 81];
    g[0] = 5;
    g[20] = 5; // same box
    assert_eq!(first(&g).0, None);
    // No direct clash, but cell 0 has no candidate left.
    let g = parse(".12345678.........9......");
    assert_eq!(count(&g, 2).solutions, 0);
}

#[test]
fn two_equal_givens_clash_exactly_when_they_are_peers() {
    for i in 0..81 {
        for j in i + 1..81 {
            let (ri, ci, rj, cj) = (i / 9, i % 9, j / 9, j % 9);
            let peers = ri == rj || ci == cj || (ri / 3 == rj / 3 && ci / 3 == cj / 3);
            let mut g = [0u8; 81];
            g[i] = 7;
            g[j] = 7;
            assert_eq!(count(&g, 1).solutions, u64::from(!peers), "cells {i} and {j}");
        }
    }
}

#[test]
fn full_grid_has_one_solution() {
    let (sol, _) = first(&parse(UNIQUE));
    let sol = sol.expect("the puzzle is solvable");
    assert_eq!(count(&sol, 2), Stats { solutions: 1, guesses: 0 });
    assert_eq!(first(&sol).0, Some(sol));
    let mut broken = sol;
    broken.swap(0, 1);
    assert_eq!(count(&broken, 2).solutions, 0);
}

fn datasets() -> Option<PathBuf> {
    crate::testing::datasets_dir()
}

/// Checks every `stride`-th puzzle of a dataset: the uniqueness verdict, the first solution,
/// and the count against the `sudoku` crate. Returns the number of puzzles checked.
fn check_file(name: &str, stride: usize, expected: usize) -> usize {
    let Some(dir) = datasets() else { return 0 };
    let text = std::fs::read_to_string(dir.join(name)).expect("dataset is readable");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.len() >= 81).step_by(stride) {
        let g = parse(&line[..81]);
        let n = count(&g, 2).solutions as usize;
        assert_eq!(n, expected, "{name}: {line}");
        let (sol, stats) = first(&g);
        let sol = sol.expect("every dataset puzzle is solvable");
        assert_eq!(stats.solutions, 1);
        assert!(is_solution_of(&sol, &g), "{name}: {line}");
        let theirs = sudoku::Sudoku::from_bytes(g).expect("valid bytes").solutions_count_up_to(2);
        assert_eq!(n, theirs, "{name}: {line}");
        checked += 1;
    }
    checked
}

fn check_all(stride: usize) {
    check_file("puzzles2_17_clue.txt", stride, 1);
    check_file("puzzles3_magictour_top1465.txt", stride, 1);
    check_file("puzzles5_forum_hardest_1905_11+.txt", stride, 1);
    check_file("puzzles6_forum_hardest_1106.txt", stride, 1);
    check_file("puzzles7_serg_benchmark.txt", stride, 2);
}

#[test]
fn dataset_samples() {
    check_all(50);
}

#[test]
#[ignore = "runs every puzzle of every dataset (about a minute)"]
fn dataset_full() {
    check_all(1);
}

#[test]
fn tdoku_test_puzzles() {
    let Some(dir) = datasets() else { return };
    let text = std::fs::read_to_string(dir.join("peer-tests/tdoku_test_puzzles.txt"))
        .expect("peer tests are readable");
    for line in text.lines().filter(|l| l.len() >= 81) {
        let mut parts = line.split(':');
        let g = parse(parts.next().expect("puzzle field"));
        let expected: u64 = parts.next().and_then(|c| c.trim().parse().ok()).expect("count field");
        let n = count(&g, 2).solutions;
        assert_eq!(n, expected.min(2), "{line}");
        assert_eq!(count(&g, 1000).solutions, expected, "{line}");
        let (sol, _) = first(&g);
        assert_eq!(sol.is_some(), expected > 0, "{line}");
        if let Some(sol) = sol {
            assert!(is_solution_of(&sol, &g), "{line}");
            if let Some(want) = parts.next().filter(|s| s.len() >= 81) {
                if expected == 1 {
                    assert_eq!(sol, parse(want), "{line}");
                }
            }
        }
    }
}

/// Runs `g` on the portable kernels and on the others, and asserts identical solution counts,
/// guesses and solutions (in the same order).
fn same_on_every_path(g: &[u8; 81]) {
    use super::search::{run, CountOnly, KeepFirst, Path, Visit};
    let all = |path| {
        let counts = [1, 2, 50].map(|limit| run(g, limit, CountOnly, path));
        let mut keep = KeepFirst(None);
        let first = run(g, 1, &mut keep, path);
        let mut sols = Vec::new();
        let listed = run(
            g,
            20,
            Visit(|s: &[u8; 81]| {
                sols.push(*s);
                ControlFlow::Continue(())
            }),
            path,
        );
        (counts, first, keep.0, listed, sols)
    };
    let portable = all(Path::Portable);
    assert_eq!(all(Path::Dispatch), portable);
    assert_eq!(all(Path::VectorTables), portable);
}

#[test]
fn kernel_paths_agree_on_dataset_samples() {
    same_on_every_path(&parse(UNIQUE));
    same_on_every_path(&parse(MANY));
    same_on_every_path(&[0; 81]);
    same_on_every_path(&parse(".12345678.........9......"));
    let Some(dir) = datasets() else { return };
    for name in [
        "puzzles2_17_clue.txt",
        "puzzles3_magictour_top1465.txt",
        "puzzles5_forum_hardest_1905_11+.txt",
        "puzzles6_forum_hardest_1106.txt",
        "puzzles7_serg_benchmark.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("dataset is readable");
        for line in text.lines().filter(|l| l.len() >= 81).step_by(97) {
            same_on_every_path(&parse(&line[..81]));
        }
    }
}

/// The dispatched path must really be the vector one where the CPU has the features, or the
/// comparison above proves nothing.
#[cfg(target_arch = "x86_64")]
#[test]
fn vector_kernels_are_picked_when_supported() {
    let has = is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt");
    let mut ctx =
        super::search::Ctx { sink: super::search::CountOnly, limit: 2, stats: Stats::default(), stop: false };
    let givens = parse(UNIQUE);
    assert_eq!(super::x86::search(&givens, &mut ctx, super::search::Path::Dispatch), has);
    assert_eq!(ctx.stats.solutions, u64::from(has));
    assert!(!super::x86::search(&givens, &mut ctx, super::search::Path::Portable));
}

/// Givens outside 1..=9 are blanks on every path (the vector set-up compares bytes, the
/// portable one indexes by value).
#[test]
fn kernel_paths_agree_on_out_of_range_bytes() {
    let mut g = parse(UNIQUE);
    let blanks: Vec<usize> = (0..81).filter(|&i| g[i] == 0).step_by(11).collect();
    for (&i, junk) in blanks.iter().zip([10u8, 200, b'.', b'0', 255]) {
        g[i] = junk;
    }
    assert_eq!(count(&g, 2), count(&parse(UNIQUE), 2));
    same_on_every_path(&g);
}

/// Branching takes a bivalue cell, and among them one with the most unsolved peers.
#[test]
fn branching_takes_the_bivalue_cell_with_most_unsolved_peers() {
    use super::kernel::{Kernel, Portable};
    use super::search::pick_cell;
    use super::state::Outcome;
    use super::tables::EVERY_WORD;
    // Hard puzzles (from the magictour top 1465 and the forum's hardest lists): each needs a
    // guess at the root.
    let mut puzzles = vec![
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".to_string(),
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........".to_string(),
        "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46".to_string(),
    ];
    if let Some(dir) = datasets() {
        let text =
            std::fs::read_to_string(dir.join("puzzles5_forum_hardest_1905_11+.txt")).expect("readable");
        puzzles.extend(text.lines().filter(|l| l.len() >= 81).step_by(997).map(|l| l[..81].to_string()));
    }
    let mut checked = 0;
    for line in &puzzles {
        let Some(mut s) = Portable.set_up(&parse(line)) else { continue };
        let Outcome::Open(pairs) = s.propagate_with(Portable, EVERY_WORD, 0, true) else { continue };
        if pairs == [0; 3] {
            continue;
        }
        let unsolved = |cell: usize| s.unsolved[cell / 27] >> (cell % 27) & 1 != 0;
        let peers = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
        };
        let degree = |cell: usize| (0..81).filter(|&o| peers(cell, o) && unsolved(o)).count();
        let (b, bit) = pick_cell(&s, &pairs);
        assert!(bit.is_power_of_two() && pairs[b] & bit != 0, "{line}: not a bivalue cell");
        let chosen = b * 27 + bit.trailing_zeros() as usize;
        let best = (0..81).filter(|&c| pairs[c / 27] >> (c % 27) & 1 != 0).map(degree).max();
        assert_eq!(Some(degree(chosen)), best, "{line}");
        checked += 1;
    }
    assert!(checked >= 3, "the built-in puzzles need a guess at the root");
}

/// With few cells open, branching takes the first bivalue cell, not the best-scored one.
#[test]
fn branching_takes_the_first_bivalue_cell_when_few_cells_are_open() {
    use super::search::{pick_cell, SCAN_OPEN};
    use super::state::State;
    use super::tables::ALL;
    let mut s = State { cand: [ALL; 27], seen: [0; 27], unsolved: [0; 3] };
    // Open: cell 0 of band 0 (open peers only in its column), and in band 2 a cell with open
    // row, box and column peers, which would score higher.
    let open_cells = SCAN_OPEN - 1;
    s.unsolved[0] = 1;
    s.unsolved[2] = (1 << (open_cells - 1)) - 1;
    let pairs = [1, 0, 1 << 10];
    assert_eq!(pick_cell(&s, &pairs), (0, 1));
    // One more open cell, and the scan picks the cell in band 2.
    s.unsolved[2] = (1 << open_cells) - 1;
    assert_eq!(pick_cell(&s, &pairs), (2, 1 << 10));
}

/// The arithmetic stack rule keeps exactly the entries the permutation table keeps, in every
/// stack.
#[test]
fn stack_matchings_agree_with_the_permutation_table() {
    use super::tables::{stack_matchings, PERMUTE9};
    for m in 0..512u32 {
        let kept = PERMUTE9[m as usize] as u32;
        for k in 0..3 {
            let c = [m & 7, m >> 3 & 7, m >> 6 & 7].map(|v| v << (3 * k));
            let keep = stack_matchings(c);
            let want = [kept & 7, kept >> 3 & 7, kept >> 6 & 7].map(|v| v << (3 * k));
            assert_eq!(keep, want, "matrix {m:#o} in stack {k}");
        }
    }
}

/// The arithmetic permutation rule of the dense rounds keeps exactly the minirows the table
/// keeps, for every row×box pattern, whether the minirows are full or not.
#[cfg(target_arch = "x86_64")]
#[test]
fn vector_permutation_rule_agrees_with_the_table() {
    use super::tables::{shrink, ALL, PERMUTE};
    let minirows =
        |m: u32, cells: u32| (0..9).filter(|i| m >> i & 1 != 0).fold(0, |x, i| x | cells << (3 * i));
    for first in (0..512u32).step_by(8) {
        // Full minirows, then one or two cells of each.
        for cells in [0o7, 0o1, 0o6] {
            let x: [u32; 8] = std::array::from_fn(|j| minirows(first + j as u32, cells) & ALL);
            let Some(got) = super::x86::on_vector_kernels(|k| super::x86::permuted_words(k, x)) else {
                return;
            };
            let want = x.map(|x| x & PERMUTE[shrink(x)]);
            assert_eq!(got, want, "patterns {first:#o}.. with minirow cells {cells:#o}");
        }
    }
}

/// Two digits alone in their rows at the same cell: a single update places one and empties the
/// other's row, and the dense round, which places both at once, must end in the same
/// contradiction.
#[cfg(target_arch = "x86_64")]
#[test]
fn dense_round_finds_two_digits_placed_in_one_cell() {
    use super::kernel::Kernel;
    use super::state::State;
    use super::tables::{ALL, EVERY_WORD};
    let mut start = State { cand: [ALL; 27], seen: [0; 27], unsolved: [ALL; 3] };
    // Digits 1 and 2 can go only at cell 0 in row 0 of band 0.
    start.cand[0] = ALL & !0o777 | 1;
    start.cand[3] = start.cand[0];
    let got = super::x86::on_vector_kernels(|k| {
        let mut single = start;
        let mut dense = start;
        (
            k.update_all(&mut single, EVERY_WORD, 0),
            super::x86::dense_rounds(k, &mut dense).is_some_and(|n| k.update_all(&mut dense, n, 0)),
        )
    });
    if let Some((single, dense)) = got {
        assert!(!single, "a single update finds the clash");
        assert!(!dense, "the dense round finds it too");
    }
}

/// Digit-bands of varied density: dense ones keep every column, sparse ones empty stacks, so
/// both narrowing and contradictions come up.
#[cfg(target_arch = "x86_64")]
fn cand_words() -> impl proptest::strategy::Strategy<Value = [u32; 27]> {
    use proptest::prelude::*;
    proptest::array::uniform27((any::<u32>(), any::<u32>(), 0..3u8)).prop_map(|w| {
        w.map(|(a, b, density)| {
            let x = match density {
                0 => a | b,
                1 => a,
                _ => a & b,
            };
            x & super::tables::ALL
        })
    })
}

/// Puzzles with few to many givens (so with and without clashes), and now and then a byte out
/// of 1..=9, which is a blank.
#[cfg(target_arch = "x86_64")]
fn givens_bytes() -> impl proptest::strategy::Strategy<Value = [u8; 81]> {
    use proptest::prelude::*;
    (1u8..40, proptest::collection::vec((any::<u8>(), 1u8..=9, any::<u8>()), 81)).prop_map(
        |(density, cells)| {
            let mut g = [0u8; 81];
            for (cell, (pick, digit, junk)) in g.iter_mut().zip(cells) {
                *cell = if pick < density {
                    digit
                } else if pick == 255 {
                    junk
                } else {
                    0
                };
            }
            g
        },
    )
}

#[cfg(target_arch = "x86_64")]
proptest::proptest! {
    /// The vector set-up finds the same clashes and the same candidates as the portable one.
    #[test]
    fn vector_set_up_matches_the_portable_one(givens in givens_bytes()) {
        use super::kernel::Kernel;
        let want = super::kernel::Portable.set_up(&givens).map(|s| (s.cand, s.seen, s.unsolved));
        if let Some(got) = super::x86::on_vector_kernels(|k| k.set_up(&givens)) {
            proptest::prop_assert_eq!(got.map(|s| (s.cand, s.seen, s.unsolved)), want);
        }
    }

    /// Dense rounds first reach the same fixpoint of band updates as rounds of single updates
    /// alone, or the same contradiction: from the set-up of a puzzle (as a search starts), and
    /// from random words.
    #[test]
    fn dense_rounds_reach_the_same_fixpoint(givens in givens_bytes(), cand in cand_words()) {
        use super::kernel::Kernel;
        use super::state::State;
        use super::tables::EVERY_WORD;
        // Single updates to a fixpoint from a state, and whether it is free of contradictions.
        fn fixpoint(k: impl Kernel, mut s: State, news: u32) -> Option<State> {
            k.update_all(&mut s, news, 0).then_some(s)
        }
        let got = super::x86::on_vector_kernels(|k| {
            let single = k.set_up(&givens).and_then(|s| fixpoint(k, s, EVERY_WORD));
            let dense = k.fresh(&givens).and_then(|(s, news)| fixpoint(k, s, news));
            let random = State { cand, seen: [0; 27], unsolved: [super::tables::ALL; 3] };
            let random_single = fixpoint(k, random, EVERY_WORD);
            let mut s = random;
            let random_dense = super::x86::dense_rounds(k, &mut s).and_then(|news| fixpoint(k, s, news));
            [(single, dense), (random_single, random_dense)]
        });
        for (single, dense) in got.into_iter().flatten() {
            proptest::prop_assert_eq!(
                dense.map(|s| (s.cand, s.seen, s.unsolved)),
                single.map(|s| (s.cand, s.seen, s.unsolved))
            );
        }
    }

    /// Whatever digit-bands are named for the second round, band updates reach the same
    /// fixpoint, or the same contradiction.
    #[test]
    fn any_second_round_reaches_the_same_fixpoint(givens in givens_bytes(), then in 0..1u32 << 27) {
        use super::kernel::Kernel;
        use super::tables::EVERY_WORD;
        let got = super::x86::on_vector_kernels(|k| {
            let start = k.set_up(&givens)?;
            let (mut plain, mut with) = (start, start);
            let plain_ok = k.update_all(&mut plain, EVERY_WORD, 0);
            let with_ok = k.update_all(&mut with, 1 << (then % 27), then);
            let with_ok = with_ok && k.update_all(&mut with, EVERY_WORD, then);
            Some((plain_ok.then_some(plain), with_ok.then_some(with)))
        });
        if let Some(Some((plain, with))) = got {
            proptest::prop_assert_eq!(
                with.map(|s| (s.cand, s.seen, s.unsolved)),
                plain.map(|s| (s.cand, s.seen, s.unsolved))
            );
        }
    }

    /// The vector stack pass narrows exactly as the portable one and reports the same
    /// digit-bands, or the same contradiction.
    #[test]
    fn vector_stack_pass_matches_the_portable_one(cand in cand_words()) {
        use super::kernel::Kernel;
        let mut portable = super::state::State { cand, seen: [0; 27], unsolved: [super::tables::ALL; 3] };
        let mut vector = portable;
        let want = portable.stack_pass();
        if let Some(got) = super::x86::on_vector_kernels(|k| k.stack_pass(&mut vector)) {
            proptest::prop_assert_eq!(got, want);
            if want.is_some() {
                proptest::prop_assert_eq!(vector.cand, portable.cand);
            }
        }
    }
}

/// The public functions refuse any byte above 9, on every cell, before searching.
#[test]
fn public_functions_refuse_bytes_above_nine() {
    use super::GivensError;
    let g = parse(UNIQUE);
    for (cell, byte) in [(0, 10u8), (1, b'.'), (40, b'5'), (80, 255)] {
        let mut bad = g;
        bad[cell] = byte;
        let want = Err(GivensError::OutOfRange { cell, byte });
        assert_eq!(super::count(&bad, 2), want);
        assert_eq!(super::first(&bad).map(|(_, stats)| stats), want);
        let mut called = false;
        let got = super::search(&bad, 2, |_| {
            called = true;
            ControlFlow::Continue(())
        });
        assert_eq!(got, want);
        assert!(!called);
    }
    let mut two = g;
    two[3] = 11;
    two[7] = 12;
    assert_eq!(super::count(&two, 2), Err(GivensError::OutOfRange { cell: 3, byte: 11 }));
}

/// On valid input the public functions give what the engine gives, and a limit of 0 searches
/// nothing.
#[test]
fn public_functions_match_the_engine() {
    for g in [parse(UNIQUE), parse(MANY), [0; 81]] {
        assert_eq!(super::count(&g, 3), Ok(count(&g, 3)));
        assert_eq!(super::first(&g), Ok(first(&g)));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let got = super::search(&g, 5, |s| {
            a.push(*s);
            ControlFlow::Continue(())
        });
        let want = search(&g, 5, |s| {
            b.push(*s);
            ControlFlow::Continue(())
        });
        assert_eq!((got, a), (Ok(want), b));
        assert_eq!(super::count(&g, 0), Ok(Stats::default()));
        assert_eq!(super::search(&g, 0, |_| ControlFlow::Break(())), Ok(Stats::default()));
    }
}
