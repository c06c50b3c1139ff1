//! Issue #4: every board from 4×4 to 25×25, rectangular boxes, and the X, hyper, jigsaw and killer
//! variants, end to end. Counts are checked against a naive brute-force counter written here, which
//! knows nothing of the engine: it fills cells in reading order and checks every rule directly.

use crate::util::{data, sudokit};

/// The rules of a board, spelled out for the brute-force checker.
struct Rules {
    n: usize,
    /// Groups of cells that must all differ: rows, columns, boxes or regions, variant houses, cages.
    groups: Vec<Vec<usize>>,
    /// Killer cages as (sum, cells).
    cages: Vec<(u32, Vec<usize>)>,
}

impl Rules {
    fn classic(n: usize, br: usize, bc: usize) -> Rules {
        let regions: Vec<usize> = (0..n * n).map(|i| (i / n / br) * (n / bc) + (i % n) / bc).collect();
        Rules::with_regions(n, &regions)
    }

    fn with_regions(n: usize, regions: &[usize]) -> Rules {
        let mut groups = Vec::new();
        groups.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
        groups.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        groups.extend((0..n).map(|k| (0..n * n).filter(|&i| regions[i] == k).collect()));
        Rules { n, groups, cages: Vec::new() }
    }

    fn with_diagonals(mut self) -> Rules {
        let n = self.n;
        self.groups.push((0..n).map(|i| i * n + i).collect());
        self.groups.push((0..n).map(|i| i * n + n - 1 - i).collect());
        self
    }

    /// The windows of boxes `b × b` (`n = b²`): one cell in from the edges, one line apart.
    fn with_windows(mut self) -> Rules {
        let n = self.n;
        let b = (1..=n).find(|b| b * b == n).expect("square boxes");
        let starts: Vec<usize> = (0..b - 1).map(|k| 1 + k * (b + 1)).collect();
        for &r0 in &starts {
            for &c0 in &starts {
                self.groups.push((0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect());
            }
        }
        self
    }

    fn with_cages(mut self, cages: Vec<(u32, Vec<usize>)>) -> Rules {
        self.groups.extend(cages.iter().map(|c| c.1.clone()));
        self.cages = cages;
        self
    }

    /// Whether `v` (0 for blank) breaks no rule so far: no repeat in a group, no cage over its sum,
    /// every full cage exactly on its sum.
    fn consistent(&self, v: &[u8]) -> bool {
        let distinct = self.groups.iter().all(|g| {
            let mut seen = 0u64;
            g.iter().all(|&c| {
                let bit = if v[c] == 0 { 0 } else { 1u64 << v[c] };
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        });
        distinct
            && self.cages.iter().all(|(sum, cells)| {
                let total: u32 = cells.iter().map(|&c| v[c] as u32).sum();
                if cells.iter().any(|&c| v[c] == 0) {
                    total < *sum
                } else {
                    total == *sum
                }
            })
    }

    /// Whether placing `v[cell]` broke a rule of a group or cage holding `cell`: the same check as
    /// [`Rules::consistent`], restricted to what one placement can break.
    fn consistent_at(&self, v: &[u8], cell: usize) -> bool {
        let d = v[cell];
        let distinct = self
            .groups
            .iter()
            .filter(|g| g.contains(&cell))
            .all(|g| g.iter().all(|&c| c == cell || v[c] != d));
        distinct
            && self.cages.iter().filter(|(_, cells)| cells.contains(&cell)).all(|(sum, cells)| {
                let total: u32 = cells.iter().map(|&c| v[c] as u32).sum();
                if cells.iter().any(|&c| v[c] == 0) {
                    total < *sum
                } else {
                    total == *sum
                }
            })
    }

    /// Counts solutions by plain backtracking, stopping at `limit`.
    fn count(&self, givens: &[u8], limit: u64) -> u64 {
        fn go(rules: &Rules, v: &mut Vec<u8>, cell: usize, found: &mut u64, limit: u64) {
            if *found >= limit {
                return;
            }
            if cell == v.len() {
                *found += 1;
                return;
            }
            if v[cell] != 0 {
                go(rules, v, cell + 1, found, limit);
                return;
            }
            for d in 1..=rules.n as u8 {
                v[cell] = d;
                if rules.consistent_at(v, cell) {
                    go(rules, v, cell + 1, found, limit);
                }
            }
            v[cell] = 0;
        }
        let mut v = givens.to_vec();
        if !self.consistent(&v) {
            return 0;
        }
        let mut found = 0;
        go(self, &mut v, 0, &mut found, limit);
        found
    }

    /// What `sudokit count --limit LIMIT` prints for `givens`: the count, or `LIMIT+` when it reaches the limit.
    fn count_text(&self, givens: &[u8], limit: u64) -> String {
        match self.count(givens, limit) {
            n if n >= limit => format!("{limit}+\n"),
            n => format!("{n}\n"),
        }
    }

    fn is_solution(&self, givens: &[u8], solution: &[u8]) -> bool {
        solution.len() == givens.len()
            && solution.iter().all(|&d| (1..=self.n as u8).contains(&d))
            && givens.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s)
            && self.consistent(solution)
    }
}

/// Cell values of a line-layout puzzle (`.` blank, `1`-`9`, then `A`…).
fn values(line: &str) -> Vec<u8> {
    line.trim()
        .bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            _ => b.to_ascii_uppercase() - b'A' + 10,
        })
        .collect()
}

fn line_of(v: &[u8]) -> String {
    v.iter()
        .map(|&d| match d {
            0 => '.',
            1..=9 => (b'0' + d) as char,
            _ => (b'A' + d - 10) as char,
        })
        .collect()
}

/// A puzzle made by blanking every cell of `solution` whose index is not a multiple of `keep_every`
/// (shifted by `offset`), so tests need no random numbers.
fn thin(solution: &[u8], keep_every: usize, offset: usize) -> Vec<u8> {
    solution
        .iter()
        .enumerate()
        .map(|(i, &d)| if (i * 7 + offset).is_multiple_of(keep_every) { d } else { 0 })
        .collect()
}

/// The first solution `sudokit` finds for an empty board under `args`.
fn first_solution(args: &[&str], cells: usize) -> Vec<u8> {
    let mut all = vec!["solve", "--first"];
    all.extend_from_slice(args);
    let r = sudokit(&all, &".".repeat(cells));
    assert_eq!(r.code, 0, "{}", r.stderr);
    values(&r.stdout)
}

/// Issue #4: `sudokit count --size 4 --limit 0` on an empty 4×4 board counts all 288 solutions.
#[test]
fn issue4_empty_4x4_has_288_solutions() {
    let r = sudokit(&["count", "--size", "4", "--limit", "0"], "................\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "288\n");
    // Inferred from the input too.
    assert_eq!(sudokit(&["count", "--limit", "0"], &".".repeat(16)).stdout, "288\n");
}

/// Issue #4: a 6×6 board (2×3 boxes) with a few givens counts exactly what brute force counts.
#[test]
fn issue4_6x6_count_matches_brute_force() {
    let rules = Rules::classic(6, 2, 3);
    let solution = first_solution(&["--box", "2x3"], 36);
    assert!(rules.is_solution(&[0; 36], &solution));
    for (every, offset) in [(4, 0), (5, 1), (5, 3)] {
        let puzzle = thin(&solution, every, offset);
        let expected = rules.count(&puzzle, u64::MAX);
        let r = sudokit(&["count", "--box", "2x3", "--limit", "0"], &line_of(&puzzle));
        assert_eq!(r.stdout, format!("{expected}\n"), "{}", line_of(&puzzle));
        assert!(expected > 1, "the test wants puzzles with several solutions");
    }
    // Boxes of three rows and two columns are another board with other counts.
    let tall = Rules::classic(6, 3, 2);
    let puzzle = thin(&first_solution(&["--box", "3x2"], 36), 4, 0);
    let r = sudokit(&["count", "--box", "3x2", "--limit", "0"], &line_of(&puzzle));
    assert_eq!(r.stdout, format!("{}\n", tall.count(&puzzle, u64::MAX)));
}

/// Issue #4: every size from 4×4 to 25×25 solves, and its solution round-trips through every output layout.
#[test]
fn issue4_every_size_solves_and_round_trips() {
    for (n, br, bc) in [
        (4, 2, 2),
        (6, 2, 3),
        (6, 3, 2),
        (8, 2, 4),
        (9, 3, 3),
        (10, 2, 5),
        (12, 3, 4),
        (16, 4, 4),
        (25, 5, 5),
    ] {
        let b = format!("{br}x{bc}");
        let rules = Rules::classic(n, br, bc);
        let full = first_solution(&["--box", &b], n * n);
        let puzzle = thin(&full, 2, 1);
        // Half the givens may leave several solutions: the first is printed, with status 3.
        let r = sudokit(&["solve", "--box", &b], &line_of(&puzzle));
        assert!(matches!(r.code, 0 | 3), "{n}×{n}: {}", r.stderr);
        let solved = values(&r.stdout);
        assert!(rules.is_solution(&puzzle, &solved), "{n}×{n}: {}", r.stdout);
        for f in ["line", "grid", "compact", "pretty", "board"] {
            let text = sudokit(&["solve", "--box", &b, "-o", f], &line_of(&puzzle)).stdout;
            let back = sudokit(&["solve", "--box", &b, "-o", "line"], &text);
            assert_eq!(back.stdout, r.stdout, "{n}×{n} through {f}:\n{text}");
            // The default box shape needs no hint: the layout and size are detected.
            if br <= bc {
                let again = sudokit(&["solve", "-o", "line"], &text);
                assert_eq!(again.stdout, r.stdout, "{n}×{n} through {f} without --box:\n{text}");
            }
        }
    }
}

/// Issue #4: 16×16 in `1-9A-G` and in hex `0-F`, 25×25 in `1-9A-P` and in letters `A-Y`.
#[test]
fn issue4_symbol_conventions() {
    let full = first_solution(&["--size", "16"], 256);
    let puzzle = line_of(&thin(&full, 2, 0));
    let standard = sudokit(&["solve", "--first"], &puzzle);
    assert_eq!(standard.code, 0, "{}", standard.stderr);
    let hex_in: String = puzzle
        .chars()
        .map(|c| match c.to_digit(17) {
            Some(d) if d > 0 => std::char::from_digit(d - 1, 16).map_or('?', |h| h.to_ascii_uppercase()),
            _ => '.',
        })
        .collect();
    let hex = sudokit(&["solve", "--first", "--symbols", "hex"], &hex_in);
    // Issue #20: hex in, hex out.
    let to_hex = |text: &str| -> String {
        text.chars()
            .map(|c| match c.to_digit(17) {
                Some(d) if d > 0 => std::char::from_digit(d - 1, 16).map_or('?', |h| h.to_ascii_uppercase()),
                _ => c,
            })
            .collect()
    };
    assert_eq!(hex.stdout, to_hex(&standard.stdout), "hex input, hex output");
    let full25 = first_solution(&["--size", "25"], 625);
    let p25 = thin(&full25, 3, 0);
    let letters: String = p25.iter().map(|&d| if d == 0 { '.' } else { (b'A' + d - 1) as char }).collect();
    let a = sudokit(&["solve", "--first", "--symbols", "letters"], &letters);
    let b = sudokit(&["solve", "--first"], &line_of(&p25));
    assert_eq!(a.code, 0, "{}", a.stderr);
    let to_letters = |text: &str| -> String {
        text.chars()
            .map(|c| match c.to_digit(36) {
                Some(d) if d > 0 => (b'A' + d as u8 - 1) as char,
                _ => c,
            })
            .collect()
    };
    assert_eq!(a.stdout, to_letters(&b.stdout), "letters in, letters out");
}

/// Issue #4: X sudoku (both diagonals), counted against brute force, solutions obey the diagonals.
#[test]
fn issue4_x_sudoku() {
    let rules = Rules::classic(9, 3, 3).with_diagonals();
    let full = first_solution(&["--variant", "x"], 81);
    assert!(rules.is_solution(&[0; 81], &full));
    for (every, offset) in [(2, 0), (2, 1)] {
        let puzzle = thin(&full, every, offset);
        let r = sudokit(&["count", "--variant", "x", "--limit", "10000"], &line_of(&puzzle));
        assert_eq!(r.stdout, rules.count_text(&puzzle, 10_000), "{}", line_of(&puzzle));
        let s = sudokit(&["solve", "--variant", "x", "--first"], &line_of(&puzzle));
        assert!(rules.is_solution(&puzzle, &values(&s.stdout)), "{}", s.stdout);
    }
}

/// Issue #4: hyper (windoku) and X + hyper together, counted against brute force.
#[test]
fn issue4_hyper_and_x_hyper() {
    for (flag, rules) in [
        ("hyper", Rules::classic(9, 3, 3).with_windows()),
        ("x,hyper", Rules::classic(9, 3, 3).with_diagonals().with_windows()),
    ] {
        let full = first_solution(&["--variant", flag], 81);
        assert!(rules.is_solution(&[0; 81], &full), "{flag}");
        for (every, offset) in [(2, 0), (3, 1)] {
            let puzzle = thin(&full, every, offset);
            let r = sudokit(&["count", "--variant", flag, "--limit", "10000"], &line_of(&puzzle));
            assert_eq!(r.stdout, rules.count_text(&puzzle, 10_000), "{flag}: {}", line_of(&puzzle));
        }
    }
}

/// Hyper on 16×16 and 25×25: an empty board is filled (the windows' hidden windows keep the search
/// out of dead ends), counts agree with brute force, and generated 16×16 hyper puzzles are unique
/// under the rules.
#[test]
fn hyper_on_big_boards_solves_and_generates() {
    for (n, b) in [(16, 4), (25, 5)] {
        let rules = Rules::classic(n, b, b).with_windows();
        let full = first_solution(&["--variant", "hyper"], n * n);
        assert!(rules.is_solution(&vec![0; n * n], &full), "{n}: {}", line_of(&full));
        // Every place of digits 1 to 3 blank: their six relabellings solve it, and maybe more grids.
        let puzzle: Vec<u8> = full.iter().map(|&d| if d <= 3 { 0 } else { d }).collect();
        let expected = rules.count_text(&puzzle, 1000);
        assert!(expected.trim().parse::<u64>().is_ok_and(|k| k >= 6), "{expected}");
        let r = sudokit(&["count", "--variant", "hyper", "--limit", "1000"], &line_of(&puzzle));
        assert_eq!(r.stdout, expected, "{n}: {}", line_of(&puzzle));
    }
    let made =
        sudokit(&["generate", "puzzle", "--variant", "hyper", "--size", "16", "-n", "2", "--seed", "4"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(made.stdout.lines().count(), 2);
    let checked = sudokit(&["check", "--variant", "hyper"], &made.stdout);
    assert_eq!(checked.code, 0, "{}{}", checked.stdout, checked.stderr);
    let rules = Rules::classic(16, 4, 4).with_windows();
    let solved = sudokit(&["solve", "--variant", "hyper"], &made.stdout);
    for (puzzle, solution) in made.stdout.lines().zip(solved.stdout.lines()) {
        assert!(rules.is_solution(&values(puzzle), &values(solution)), "{puzzle}");
    }
}

/// Issue #4: jigsaw regions given beside the givens, in the line layout and the grid layout.
#[test]
fn issue4_jigsaw() {
    // The boxes with four pairs of cells traded between neighbouring regions.
    let map = "AAABBBCCCAAABBCBCCAADDBCBCCDABEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
    let regions: Vec<usize> = map.bytes().map(|b| (b - b'A') as usize).collect();
    let rules = Rules::with_regions(9, &regions);
    let empty = format!("{} {map}\n", ".".repeat(81));
    let r = sudokit(&["solve", "--first", "--variant", "jigsaw"], &empty);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The solution, then its region map.
    let tokens: Vec<&str> = r.stdout.split_whitespace().collect();
    assert_eq!(tokens.get(1), Some(&map), "{}", r.stdout);
    let full = values(tokens[0]);
    assert!(rules.is_solution(&[0; 81], &full), "{}", r.stdout);
    for (every, offset) in [(2, 0), (3, 1)] {
        let puzzle = thin(&full, every, offset);
        let expected = rules.count_text(&puzzle, 10_000);
        let line = format!("{} {map}\n", line_of(&puzzle));
        assert_eq!(sudokit(&["count", "--variant", "jigsaw", "--limit", "10000"], &line).stdout, expected);
        // The same puzzle as a textbook grid, each row followed by its row of the region map.
        let grid: String = (0..9)
            .map(|r| {
                let cells: Vec<String> = puzzle[r * 9..r * 9 + 9].iter().map(u8::to_string).collect();
                format!("{} {}\n", cells.join(" "), &map[r * 9..r * 9 + 9])
            })
            .collect();
        let r = sudokit(&["count", "--variant", "jigsaw", "--limit", "10000"], &grid);
        assert_eq!(r.stdout, expected, "{grid}");
    }
}

/// A jigsaw solution is written with its region map, as jigsaw puzzles are read, so that `solve`'s
/// output reads back with `check --variant jigsaw` in every layout that carries a map.
#[test]
fn jigsaw_solutions_read_back_with_their_region_map() {
    let map = "AAABBBCCCAAABBCBCCAADDBCBCCDABEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
    let regions: Vec<usize> = map.bytes().map(|b| (b - b'A') as usize).collect();
    let rules = Rules::with_regions(9, &regions);
    let empty = format!("{} {map}\n", ".".repeat(81));
    let first = sudokit(&["solve", "--first", "--variant", "jigsaw"], &empty);
    let full = values(first.stdout.split(' ').next().unwrap_or(""));
    assert!(rules.is_solution(&[0; 81], &full));
    let puzzle = thin(&full, 2, 0);
    let line = format!("{} {map}\n", line_of(&puzzle));
    for format in ["line", "grid", "compact"] {
        let solved = sudokit(&["solve", "--variant", "jigsaw", "-o", format], &line);
        assert_eq!(solved.code, 0, "{format}: {}", solved.stderr);
        let rows: Vec<&str> = solved.stdout.lines().collect();
        let map_rows: Vec<&str> = rows.iter().filter_map(|r| r.rsplit(' ').next()).collect();
        assert_eq!(map_rows.concat(), map, "{format}: the map ends the line or each row\n{}", solved.stdout);
        let back = sudokit(&["check", "--variant", "jigsaw"], &solved.stdout);
        assert_eq!((back.code, back.stdout.as_str()), (0, "unique\n"), "{format}\n{}", solved.stdout);
        // What reads back is the solution, under the same regions.
        let again = sudokit(&["solve", "--variant", "jigsaw", "-o", "line"], &solved.stdout);
        let tokens: Vec<&str> = again.stdout.split_whitespace().collect();
        assert_eq!(tokens, [line_of(&full).trim(), map], "{format}");
    }
    // Classic answers stay as they were: no map.
    let classic = sudokit(&["solve", "--first"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(classic.code, 0, "{}", classic.stderr);
    assert_eq!(classic.stdout.trim().len(), 81, "{}", classic.stdout);
}

/// A first puzzle whose region map is broken (a cell of it lost, a row cut short) is one bad
/// record; the puzzles after it are still read as jigsaw puzzles without `--variant jigsaw`, never
/// solved as classic ones.
#[test]
fn a_broken_first_map_is_one_bad_record_and_the_rest_stay_jigsaw() {
    let generate = |format: &str| {
        let args = ["generate", "puzzle", "--variant", "jigsaw", "-n", "2", "--seed", "5", "-o", format];
        let made = sudokit(&args, "");
        assert_eq!(made.code, 0, "{}", made.stderr);
        made.stdout
    };
    let (line, grid) = (generate("line"), generate("grid"));
    let lines: Vec<&str> = line.lines().collect();
    let (givens, map) = lines[0].split_once(' ').unwrap_or_default();
    let line = format!("{givens} {}\n{}\n", &map[..80], lines[1]);
    let row3 = grid.lines().nth(2).unwrap_or_default();
    let grid = grid.replacen(row3, &row3[..row3.len() - 1], 1);
    for (input, format) in [(line, "line"), (grid, "grid")] {
        let r = sudokit(&["solve", "-o", format], &input);
        assert_eq!(r.code, 2, "{format}: {}", r.stdout);
        assert!(r.stderr.contains("puzzle 1, line 1: bad region map"), "{format}: {}", r.stderr);
        assert!(!r.stderr.contains("puzzle 2"), "{format}: {}", r.stderr);
        let (bad, rest) = r.stdout.split_once('\n').unwrap_or_default();
        assert_eq!(bad, "!unreadable", "{format}");
        // The second puzzle's answer is its jigsaw solution: it checks under its own map.
        let back = sudokit(&["check", "--variant", "jigsaw"], rest.trim_start());
        assert_eq!((back.code, back.stdout.as_str()), (0, "unique\n"), "{format}: {rest}");
    }
}

/// Walls cannot tell a region in two pieces from two regions: `-o pretty` and `candidates` write
/// each row's part of such a map after the right border, and both read back as the same board,
/// with or without `--variant jigsaw`.
#[test]
fn jigsaw_regions_in_two_pieces_are_drawn_with_their_map() {
    // Regions A and B trade r3c3 and r1c6: A is in two pieces.
    let map = "AAABBACCCAAABBBCCCAABBBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
    let regions: Vec<usize> = map.bytes().map(|b| (b - b'A') as usize).collect();
    let rules = Rules::with_regions(9, &regions);
    let first = sudokit(&["solve", "--first"], &format!("{} {map}\n", ".".repeat(81)));
    let full = values(first.stdout.split(' ').next().unwrap_or(""));
    assert!(rules.is_solution(&[0; 81], &full), "{}", first.stdout);
    let minimal = sudokit(&["minimize"], &format!("{} {map}\n", line_of(&full)));
    assert_eq!(minimal.code, 0, "{}", minimal.stderr);
    let puzzle = minimal.stdout;
    let map_rows: Vec<&str> = (0..9).map(|r| &map[r * 9..r * 9 + 9]).collect();
    for flag in [&[][..], &["--variant", "jigsaw"][..]] {
        let with = |args: &[&'static str]| [args, flag].concat();
        let pretty = sudokit(&with(&["solve", "-o", "pretty"]), &puzzle);
        assert_eq!(pretty.code, 0, "{}", pretty.stderr);
        let rows: Vec<&str> = pretty.stdout.lines().filter(|l| l.starts_with('|')).collect();
        let ends: Vec<&str> =
            rows.iter().filter_map(|r| r.strip_prefix(r.trim_end_matches(char::is_alphabetic))).collect();
        assert_eq!(ends, map_rows, "{}", pretty.stdout);
        assert!(rows.iter().all(|r| r.contains("|  ")), "two spaces after the border\n{}", pretty.stdout);
        let back = sudokit(&with(&["check"]), &pretty.stdout);
        assert_eq!((back.code, back.stdout.as_str()), (0, "unique\n"), "{}", back.stderr);
        let again = sudokit(&with(&["solve", "-o", "line"]), &pretty.stdout);
        assert_eq!(again.stdout, format!("{} {map}\n", line_of(&full)), "{}", again.stderr);
        let drawn = sudokit(&with(&["solve", "-o", "pretty"]), &pretty.stdout);
        assert_eq!(drawn.stdout, pretty.stdout, "the drawing reads back as drawn");
        // The candidate grid goes on as pencil marks, under the same regions.
        let marks = sudokit(&with(&["candidates"]), &puzzle);
        assert_eq!(marks.code, 0, "{}", marks.stderr);
        let rows: Vec<&str> = marks.stdout.lines().filter(|l| l.starts_with('|')).collect();
        assert!(rows.iter().zip(&map_rows).all(|(r, m)| r.ends_with(&format!("|  {m}"))), "{}", marks.stdout);
        let solved = sudokit(&with(&["explain", "--pencil", "-o", "json"]), &marks.stdout);
        assert_eq!(solved.code, 0, "{}", solved.stderr);
        let record: serde_json::Value = serde_json::from_str(&solved.stdout).expect("a JSON record");
        assert_eq!(record["solved"], true, "{}", solved.stdout);
        assert_eq!(record["regions"], map, "{}", solved.stdout);
    }
}

/// A jigsaw input needs no `--variant jigsaw`: a region map beside the first puzzle (after its
/// givens, or at the end of each row) makes the input jigsaw, so that every layout `solve` writes
/// (the JSON board as a puzzle object with its map) reads back as written, and a jigsaw file among
/// classic ones gives a CSV run the rule columns.
#[test]
fn jigsaw_inputs_read_as_jigsaw_without_the_flag() {
    let made = sudokit(&["generate", "puzzle", "--variant", "jigsaw", "-n", "3", "--seed", "5"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let flagged = sudokit(&["solve", "--variant", "jigsaw", "-o", "line"], &made.stdout);
    assert_eq!((flagged.code, flagged.stdout.lines().count()), (0, 3), "{}", flagged.stderr);
    let count = |args: &[&str]| sudokit(&[&["count", "--limit", "100"], args].concat(), &made.stdout).stdout;
    assert_eq!(count(&[]), count(&["--variant", "jigsaw"]));
    // The JSON board of a jigsaw is a puzzle object with the map as its `regions`.
    for format in ["line", "grid", "compact", "pretty", "board"] {
        let solved = sudokit(&["solve", "-o", format], &made.stdout);
        assert_eq!(solved.code, 0, "{format}: {}", solved.stderr);
        let back = sudokit(&["check", "-o", "line"], &solved.stdout);
        assert_eq!(
            (back.code, back.stdout.as_str()),
            (0, "unique\n".repeat(3).as_str()),
            "{format}\n{}",
            solved.stdout
        );
        let again = sudokit(&["solve", "-o", "line"], &solved.stdout);
        assert_eq!(again.stdout, flagged.stdout, "{format}");
    }
    let line = made.stdout.lines().next().expect("a puzzle").to_string() + "\n";
    let map = flagged.stdout.split_whitespace().nth(1).expect("a map").to_string();
    // The solution written where the map would be is no map: the line is classic, its second
    // token a comment, as before.
    let classic = sudokit(&["solve", "--first"], &format!("{} comment\n", ".".repeat(81)));
    let solution = classic.stdout.trim().to_string();
    let beside = sudokit(&["solve"], &format!("{}. {solution}\n", &solution[..80]));
    assert_eq!((beside.code, beside.stdout.trim()), (0, solution.as_str()), "{}", beside.stderr);
    // Beside a classic file in one CSV run, both files' rows get the rule columns.
    let dir = crate::util::TempDir::new("csv-jigsaw-and-classic");
    let (jigsaw, plain) = (dir.join("jigsaw.txt"), dir.join("plain.txt"));
    std::fs::write(&jigsaw, &line).expect("temp file");
    std::fs::write(&plain, format!("{}\n", ".".repeat(81))).expect("temp file");
    let (jigsaw, plain) = (jigsaw.to_str().expect("utf-8"), plain.to_str().expect("utf-8"));
    let csv = sudokit(&["solve", "-o", "csv", "--first", plain, jigsaw], "");
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    let lines: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(lines[0], "index,status,puzzle,box,variants,regions,cages,solution,file", "{}", csv.stdout);
    assert_eq!(lines.len(), 3, "{}", csv.stdout);
    assert_eq!(csv_fields(lines[2])[5], map, "{}", csv.stdout);
    assert!(lines[1..].iter().all(|l| csv_fields(l).len() == 9), "{}", csv.stdout);
}

/// The fields of a CSV line, quotes understood (a field holding commas stays one).
fn csv_fields(line: &str) -> Vec<String> {
    let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field)),
            c => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// CSV records carry a puzzle's rules in the columns `box`, `variants`, `regions` and `cages`, so
/// that they read back under the same rules with no flag, as JSON records do; every row of an input
/// that may carry rules has them, so that rows line up with the header.
#[test]
fn csv_records_carry_their_rules_and_read_back() {
    let header = "index,status,puzzle,box,variants,regions,cages,solution";
    // Jigsaw: the map is a column; `check` and `solve` read it back with no flag.
    let map = "AAABBBCCCAAABBCBCCAADDBCBCCDABEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
    let regions: Vec<usize> = map.bytes().map(|b| (b - b'A') as usize).collect();
    let full = values(
        sudokit(&["solve", "--first", "--variant", "jigsaw"], &format!("{} {map}\n", ".".repeat(81)))
            .stdout
            .split(' ')
            .next()
            .unwrap_or(""),
    );
    let puzzle = line_of(&thin(&full, 2, 0));
    // The second record lacks its map: unreadable, its row as wide as the others.
    let input = format!("{puzzle} {map}\n{puzzle}\n");
    let csv = sudokit(&["solve", "--variant", "jigsaw", "-o", "csv"], &input);
    assert_eq!(csv.code, 2, "{}", csv.stderr);
    let lines: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(lines[0], header);
    let row = csv_fields(lines[1]);
    assert_eq!(row.len(), 8, "{}", lines[1]);
    assert_eq!(&row[..7], ["1", "ok", puzzle.trim(), "", "[\"jigsaw\"]", map, ""], "{}", lines[1]);
    assert_eq!(row[7], line_of(&full).trim());
    assert_eq!(csv_fields(lines[2]).len(), 8, "{}", lines[2]);
    assert_eq!(csv_fields(lines[2])[1], "unreadable");
    let back = sudokit(&["check", "-o", "line"], &lines[..2].join("\n"));
    assert_eq!((back.code, back.stdout.as_str()), (0, "unique\n"), "{}", back.stderr);
    let again = sudokit(&["solve"], &lines[..2].join("\n"));
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(again.stdout, lines[..2].join("\n") + "\n", "CSV in, the same CSV out");
    assert!(Rules::with_regions(9, &regions).is_solution(&values(&puzzle), &full));

    // Killer: the cages are a JSON array in one field.
    let doc = r#"{"size": 4, "cages": [
        {"sum": 6, "cells": ["r1c1", "r1c2", "r1c3"]}, {"sum": 6, "cells": ["r1c4", "r2c4"]},
        {"sum": 9, "cells": ["r2c1", "r3c1", "r4c1"]}, {"sum": 5, "cells": ["r2c2", "r3c2"]},
        {"sum": 5, "cells": ["r2c3", "r3c3"]}, {"sum": 4, "cells": ["r3c4", "r4c4"]},
        {"sum": 5, "cells": ["r4c2", "r4c3"]}]}"#;
    // A classic object beside it: the same columns, left empty.
    let input = format!("{doc}\n{{\"puzzle\": \"{}\"}}\n", "1234341221434321");
    let csv = sudokit(&["solve", "-o", "csv"], &input);
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    let lines: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(lines[0], header);
    let killer = csv_fields(lines[1]);
    assert_eq!(killer[4], "[\"killer\"]");
    assert!(killer[6].starts_with("[{\"cells\":[\"r1c1\",\"r1c2\",\"r1c3\"],\"sum\":6}"), "{}", killer[6]);
    assert_eq!(csv_fields(lines[2]), ["2", "ok", "1234341221434321", "", "", "", "", "1234341221434321"]);
    let back = sudokit(&["solve", "-o", "board"], &csv.stdout);
    assert_eq!(back.code, 0, "{}", back.stderr);
    let direct = sudokit(&["solve", "-o", "board"], &input);
    assert_eq!(back.stdout, direct.stdout);
    assert!(
        back.stdout.starts_with("[[\"1\",\"2\",\"3\",\"4\"],[\"3\",\"4\",\"1\",\"2\"]"),
        "{}",
        back.stdout
    );

    // Boxes other than the squarest for the side: a `box` column.
    let six = "1.......2.3......4".to_string() + &".".repeat(18);
    let counted = sudokit(&["count", "--box", "3x2", "--limit", "0", "-o", "csv"], &format!("{six}\n"));
    let lines: Vec<&str> = counted.stdout.lines().collect();
    assert_eq!(lines[0], "index,status,puzzle,box,variants,regions,cages,count,complete");
    let row = csv_fields(lines[1]);
    assert_eq!(row[3], "3x2");
    let flagged = sudokit(&["count", "--box", "3x2", "--limit", "0"], &format!("{six}\n"));
    let squarest = sudokit(&["count", "--limit", "0"], &format!("{six}\n"));
    assert_eq!(row[7], flagged.stdout.trim());
    assert_ne!(flagged.stdout, squarest.stdout, "a test that tells the two box shapes apart");
    let back = sudokit(&["count", "--limit", "0", "-o", "json"], &counted.stdout);
    let count = format!("\"count\":{},", flagged.stdout.trim());
    assert!(back.stdout.contains(&count), "the box column, not the squarest boxes: {}", back.stdout);
    assert!(back.stdout.contains("\"box\":\"3x2\""), "{}", back.stdout);

    // `rate` keeps the ratings' columns first, the rules last; `explain --summary` has them after
    // `puzzle`. Both read back under the same rules with no flag.
    let jigsaw = format!("{puzzle} {map}\n");
    let rated = sudokit(&["rate", "--variant", "jigsaw", "-o", "csv"], &jigsaw);
    let lines: Vec<&str> = rated.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "puzzle,er,ep,ed,hodoku_score,hodoku_level,hardest_technique,box,variants,regions,cages"
    );
    let row = csv_fields(lines[1]);
    assert_eq!(row[9], map, "{}", lines[1]);
    let again = sudokit(&["rate", "-o", "csv"], &rated.stdout);
    assert_eq!(again.stdout, rated.stdout, "{}", again.stderr);
    let summary = sudokit(&["explain", "--summary", "--variant", "jigsaw", "-o", "csv"], &jigsaw);
    assert!(
        summary.stdout.starts_with("index,status,puzzle,box,variants,regions,cages,solved,step_count,"),
        "{}",
        summary.stdout
    );
    let again = sudokit(&["explain", "--summary", "-o", "csv"], &summary.stdout);
    assert_eq!((again.code, &again.stdout), (0, &summary.stdout), "{}", again.stderr);

    // Classic input keeps its columns.
    let classic = sudokit(&["solve", "-o", "csv", "--first"], &format!("{}\n", ".".repeat(81)));
    assert!(classic.stdout.starts_with("index,status,puzzle,solution\n"), "{}", classic.stdout);
}

/// `-o pretty` draws a jigsaw's regions, walls between cells of different regions, in place of the
/// boxes; a JSON object under jigsaw rules the same way.
#[test]
fn pretty_draws_jigsaw_regions() {
    let drawn = "+---+---+---+---+\n| 1   2   3 | 4 |\n+---+   +---+   +\n| 3 | 4 | 1   2 |\n\
                 +   +---+---+   +\n| 2   1 | 4 | 3 |\n+   +---+   +---+\n| 4 | 3   2   1 |\n\
                 +---+---+---+---+\n";
    let solved =
        sudokit(&["solve", "--variant", "jigsaw", "-o", "pretty"], "1.34341221434321 AAABCABBCCDBCDDD\n");
    assert_eq!((solved.code, solved.stdout.as_str()), (0, drawn), "{}", solved.stderr);
    let object = r#"{"puzzle": "1.34341221434321", "variants": ["jigsaw"], "regions": "AAABCABBCCDBCDDD"}"#;
    let solved = sudokit(&["solve", "-o", "pretty"], &format!("{object}\n"));
    assert_eq!(solved.stdout, drawn, "{}", solved.stderr);
}

/// A jigsaw drawn with walls, as `-o pretty` draws it, reads back as that jigsaw: with
/// `--variant jigsaw`, and without it (the walls bring the rules, as a JSON object's fields do).
/// A drawing whose walls enclose a region of the wrong size is an error naming the puzzle, the
/// rest of the file still read; walls around every cell, or around the boxes only, are a classic
/// grid.
#[test]
fn jigsaw_drawings_read_back_as_their_regions() {
    let made = sudokit(&["generate", "puzzle", "--variant", "jigsaw", "--seed", "5", "-n", "3"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let drawn =
        sudokit(&["generate", "puzzle", "--variant", "jigsaw", "--seed", "5", "-n", "3", "-o", "pretty"], "");
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    assert_eq!(
        drawn.stdout.matches("+---+---+---+---+---+---+---+---+---+\n").count(),
        6,
        "{}",
        drawn.stdout
    );
    let expected = sudokit(&["solve", "--variant", "jigsaw", "-o", "line"], &made.stdout);
    assert_eq!(expected.code, 0, "{}", expected.stderr);
    for args in [&["solve", "-o", "line"][..], &["solve", "--variant", "jigsaw", "-o", "line"]] {
        let back = sudokit(args, &drawn.stdout);
        assert_eq!(back.code, 0, "{args:?}: {}", back.stderr);
        // The same solutions under the same regions (named afresh, in order of first cells).
        let read: Vec<(String, String)> = back.stdout.lines().map(normalized).collect();
        let want: Vec<(String, String)> = expected.stdout.lines().map(normalized).collect();
        assert_eq!(read, want, "{args:?}");
    }
    // A solution drawn reads back too, in its own layout.
    let solved = sudokit(&["solve"], &drawn.stdout);
    assert_eq!(
        solved.stdout.matches("+---+---+---+---+---+---+---+---+---+\n").count(),
        6,
        "{}",
        solved.stdout
    );
    assert_eq!(sudokit(&["check"], &solved.stdout).stdout, "unique\n".repeat(3));

    // The second drawing with one wall fewer: two regions become one of 18 cells.
    let blocks: Vec<&str> = drawn.stdout.split("\n\n").collect();
    let second: Vec<String> = blocks[1].lines().map(String::from).collect();
    // Row lines are the odd ones; an inner wall stands between the borders at columns 0 and 36.
    let inner_wall =
        |l: &String| l.char_indices().find(|&(c, ch)| ch == '|' && c > 0 && c < 36).map(|(c, _)| c);
    let (line_no, col) = (1..second.len())
        .step_by(2)
        .find_map(|i| inner_wall(&second[i]).map(|c| (i, c)))
        .expect("an inner wall");
    let mut broken = second.clone();
    broken[line_no].replace_range(col..=col, " ");
    let input = format!("{}\n\n{}\n\n{}", blocks[0], broken.join("\n"), blocks[2]);
    let r = sudokit(&["solve", "--variant", "jigsaw", "-o", "line"], &input);
    assert_ne!(r.code, 0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    // The records before and after are read and solved as without the broken one.
    let want: Vec<&str> = expected.stdout.lines().collect();
    assert_eq!((normalized(lines[0]), normalized(lines[2])), (normalized(want[0]), normalized(want[2])));
    assert_eq!(lines[1], "!unreadable");
    assert!(
        r.stderr.contains("puzzle 2, line 22: bad region map: the region walled in with r"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("has 18 cells, every region needs 9"), "{}", r.stderr);

    // Walls around every cell: a classic grid drawn cell by cell.
    let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut boxed = String::from("+---+---+---+---+---+---+---+---+---+\n");
    for row in puzzle.as_bytes().chunks(9) {
        let cells: Vec<String> = row.iter().map(|&b| format!(" {} ", b as char)).collect();
        boxed.push_str(&format!("|{}|\n+---+---+---+---+---+---+---+---+---+\n", cells.join("|")));
    }
    let classic = sudokit(&["solve", "-o", "line"], &boxed);
    assert_eq!(classic.stdout, sudokit(&["solve"], &format!("{puzzle}\n")).stdout, "{}", classic.stderr);
    // Walls around the boxes only, with a `+` at every corner: classic too (no map written).
    let boxes = sudokit(
        &["solve", "-o", "pretty", "--variant", "jigsaw"],
        &format!(
            "{puzzle} {}\n",
            (0..81).map(|i| (b'A' + (i / 27 * 3 + i % 9 / 3) as u8) as char).collect::<String>()
        ),
    );
    assert_eq!(boxes.code, 0, "{}", boxes.stderr);
    let back = sudokit(&["solve", "-o", "line"], &boxes.stdout);
    assert_eq!(back.stdout, classic.stdout, "{}", back.stderr);
}

/// A jigsaw's candidate grid (`candidates`, `explain --grids`) draws the regions' walls where the
/// boxes would be, the same walls `-o pretty` draws; `--pencil` reads it back under those regions.
#[test]
fn jigsaw_candidate_grids_draw_the_walls() {
    let made = sudokit(&["generate", "puzzle", "--variant", "jigsaw", "--seed", "9"], "");
    let drawn = sudokit(&["solve", "--variant", "jigsaw", "-o", "pretty"], &made.stdout);
    let marks = sudokit(&["candidates", "--variant", "jigsaw"], &made.stdout);
    assert_eq!(marks.code, 0, "{}", marks.stderr);
    // Walls per line: `|` in the rows, `+` where walls meet.
    let walls = |text: &str| {
        text.lines().map(|l| (l.matches('|').count(), l.matches('+').count())).collect::<Vec<_>>()
    };
    assert_eq!(walls(&marks.stdout), walls(&drawn.stdout), "{}\n{}", marks.stdout, drawn.stdout);
    // The drawing reads back with its rules: the marks after singles are their own.
    let again = sudokit(&["candidates", "--pencil"], &marks.stdout);
    assert_eq!((again.code, again.stdout.as_str()), (0, marks.stdout.as_str()), "{}", again.stderr);
    let grids = sudokit(&["explain", "--grids", "--variant", "jigsaw"], &made.stdout);
    let first: String = grids.stdout.lines().take(19).map(|l| format!("{l}\n")).collect();
    assert_eq!(walls(&first), walls(&drawn.stdout), "{}", grids.stdout);
}

/// A `solution regions` line with its regions named afresh, in the order of their first cells.
fn normalized(line: &str) -> (String, String) {
    let mut tokens = line.split_whitespace();
    let solution = tokens.next().unwrap_or_default().to_string();
    let map = tokens.next().unwrap_or_default();
    let mut names: Vec<char> = Vec::new();
    let renamed = map
        .chars()
        .map(|c| {
            let k = names.iter().position(|&n| n == c).unwrap_or_else(|| {
                names.push(c);
                names.len() - 1
            });
            (b'A' + k as u8) as char
        })
        .collect();
    (solution, renamed)
}

/// Several inputs in one CSV run: when any file's first record may carry rules (a JSON object, a
/// CSV with rule columns), every row of the run has the rule columns, so that all rows line up with
/// the one header and read back; plain files alone keep the classic columns, and standard input
/// among them (not read ahead) gives the rule columns too. The input's name is the last column of
/// every such run.
#[test]
fn csv_of_several_inputs_has_one_set_of_columns() {
    let dir = crate::util::TempDir::new("csv-mixed-inputs");
    let plain = dir.join("plain.txt");
    let json = dir.join("killer.json");
    let four = "1.34.41221.343.1";
    std::fs::write(&plain, format!("{four}\n")).expect("temp file");
    let doc = r#"{"size": 4, "cages": [
        {"sum": 6, "cells": ["r1c1", "r1c2", "r1c3"]}, {"sum": 6, "cells": ["r1c4", "r2c4"]},
        {"sum": 9, "cells": ["r2c1", "r3c1", "r4c1"]}, {"sum": 5, "cells": ["r2c2", "r3c2"]},
        {"sum": 5, "cells": ["r2c3", "r3c3"]}, {"sum": 4, "cells": ["r3c4", "r4c4"]},
        {"sum": 5, "cells": ["r4c2", "r4c3"]}]}"#;
    std::fs::write(&json, format!("{}\n", doc.replace('\n', " "))).expect("temp file");
    let (plain, json) = (plain.to_str().expect("utf-8"), json.to_str().expect("utf-8"));
    for files in [[plain, json], [json, plain]] {
        let csv = sudokit(&["solve", "-o", "csv", files[0], files[1]], "");
        assert_eq!(csv.code, 0, "{}", csv.stderr);
        let lines: Vec<&str> = csv.stdout.lines().collect();
        assert_eq!(lines[0], "index,status,puzzle,box,variants,regions,cages,solution,file", "{files:?}");
        assert!(lines[1..].iter().all(|l| csv_fields(l).len() == 9), "{}", csv.stdout);
        for (line, file) in lines[1..].iter().zip(files) {
            assert_eq!(csv_fields(line)[8], file, "{line}");
        }
        assert_eq!(lines.len(), 3, "{}", csv.stdout);
        let killer = lines.iter().find(|l| l.contains("killer")).expect("the killer row");
        assert!(csv_fields(killer)[6].starts_with("[{"), "{killer}");
        // The CSV reads back, each row under its own rules, to the same rows (the index counts
        // within each input; one input names none).
        let back = sudokit(&["solve", "-o", "csv"], &csv.stdout);
        assert_eq!(back.code, 0, "{}", back.stderr);
        let rows = |text: &str| text.lines().map(|l| csv_fields(l)[1..8].to_vec()).collect::<Vec<_>>();
        assert_eq!(rows(&back.stdout), rows(&csv.stdout));
    }
    // Plain files alone: the classic columns.
    let csv = sudokit(&["solve", "-o", "csv", plain, plain], "");
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    assert!(csv.stdout.starts_with("index,status,puzzle,solution,file\n"), "{}", csv.stdout);
    assert_eq!(csv.stdout.lines().count(), 3, "{}", csv.stdout);
    // Standard input beside them is not read ahead: it may bring rules (here a JSON object), so
    // every row has the rule columns, empty for the classic rules.
    let object = r#"{"size": 4, "puzzle": "1.34.41221.343.1", "variants": ["x"]}"#;
    for stdin in [format!("{four}\n"), format!("{object}\n")] {
        let csv = sudokit(&["solve", "-o", "csv", plain, "-", plain], &stdin);
        let lines: Vec<&str> = csv.stdout.lines().collect();
        assert_eq!(
            lines[0], "index,status,puzzle,box,variants,regions,cages,solution,file",
            "{}",
            csv.stdout
        );
        assert_eq!(lines.len(), 4, "{}", csv.stdout);
        assert!(lines[1..].iter().all(|l| csv_fields(l).len() == 9), "{}", csv.stdout);
        assert_eq!(csv_fields(lines[2])[8], "<stdin>", "{}", csv.stdout);
    }
}

fn cage_json(cages: &[(u32, Vec<usize>)], n: usize) -> String {
    let list: Vec<String> = cages
        .iter()
        .map(|(sum, cells)| {
            let names: Vec<String> =
                cells.iter().map(|c| format!("\"r{}c{}\"", c / n + 1, c % n + 1)).collect();
            format!("{{\"sum\": {sum}, \"cells\": [{}]}}", names.join(", "))
        })
        .collect();
    format!("[{}]", list.join(", "))
}

/// Issue #4: killer cages from the JSON puzzle format, counted against brute force; the solution comes
/// back as a JSON board.
#[test]
fn issue4_killer_json() {
    // The 4×4 killer of the library docs: the cages alone fix the solution.
    let doc = r#"{"size": 4, "cages": [
        {"sum": 6, "cells": ["r1c1", "r1c2", "r1c3"]}, {"sum": 6, "cells": ["r1c4", "r2c4"]},
        {"sum": 9, "cells": ["r2c1", "r3c1", "r4c1"]}, {"sum": 5, "cells": ["r2c2", "r3c2"]},
        {"sum": 5, "cells": ["r2c3", "r3c3"]}, {"sum": 4, "cells": ["r3c4", "r4c4"]},
        {"sum": 5, "cells": ["r4c2", "r4c3"]}]}"#;
    let r = sudokit(&["solve", "-o", "board"], doc);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "[[\"1\",\"2\",\"3\",\"4\"],[\"3\",\"4\",\"1\",\"2\"],[\"2\",\"1\",\"4\",\"3\"],[\"4\",\"3\",\"2\",\"1\"]]\n");
    assert_eq!(sudokit(&["check", "-o", "line"], doc).stdout, "unique\n");
    // 6×6 killers: dominoes with the sums of a known solution, plus two givens; several per input.
    let full = first_solution(&["--box", "2x3"], 36);
    let mut input = String::new();
    let mut expected = String::new();
    for shift in 0..3 {
        let cages: Vec<(u32, Vec<usize>)> = (0..18)
            .map(|k| {
                let (r, c) = (k / 3, (k % 3) * 2);
                let cells =
                    if (k + shift) % 4 == 0 { vec![r * 6 + c] } else { vec![r * 6 + c, r * 6 + c + 1] };
                (cells.iter().map(|&i| full[i] as u32).sum(), cells)
            })
            .collect();
        let mut givens = vec![0u8; 36];
        givens[5 + shift] = full[5 + shift];
        givens[30 - shift] = full[30 - shift];
        let rules = Rules::classic(6, 2, 3).with_cages(cages.clone());
        expected.push_str(&format!("{}\n", rules.count(&givens, u64::MAX)));
        input.push_str(&format!(
            "{{\"box\": \"2x3\", \"givens\": \"{}\", \"variants\": [\"killer\"], \"cages\": {}}}\n",
            line_of(&givens),
            cage_json(&cages, 6)
        ));
    }
    let r = sudokit(&["count", "--limit", "0"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, expected);
}

/// Issue #4: a JSON object carries X, hyper and jigsaw rules too, and plain boards keep working beside it.
#[test]
fn issue4_json_object_with_variants() {
    let x = Rules::classic(9, 3, 3).with_diagonals();
    let full = first_solution(&["--variant", "x"], 81);
    let puzzle = thin(&full, 2, 0);
    let expected = x.count_text(&puzzle, 10_000);
    let obj = format!(
        "{{\"size\": 9, \"box\": \"3x3\", \"givens\": \"{}\", \"variants\": [\"x\"]}}",
        line_of(&puzzle)
    );
    assert_eq!(sudokit(&["count", "--limit", "10000"], &obj).stdout, expected);
    // An array of objects reads as several puzzles.
    let two = format!("[{obj}, {obj}]");
    assert_eq!(sudokit(&["count", "--limit", "10000"], &two).stdout, expected.repeat(2));
    let solved = sudokit(&["solve", "--first", "-o", "line"], &obj);
    assert!(x.is_solution(&puzzle, &values(&solved.stdout)), "{}", solved.stdout);
}

/// Issue #4: bad boards and rules are clear errors naming what is wrong, never a panic.
#[test]
fn issue4_bad_input_is_named() {
    let cases: Vec<(Vec<&str>, String, &str)> = vec![
        (vec!["count", "--size", "7"], ".".repeat(49), "a side of 7 has no box shape"),
        (vec!["count", "--size", "40"], ".".repeat(16), "40 is not in 4..=32"),
        (
            vec!["count", "--size", "16", "--box", "3x3"],
            ".".repeat(256),
            "boxes of 3x3 do not tile a 16×16 board",
        ),
        (vec!["count", "--box", "1x6"], ".".repeat(36), "boxes of 1x6 do not make a supported board"),
        (
            vec!["count", "--variant", "jigsaw"],
            format!("{} {}", ".".repeat(16), "AAAAABBBCCDDCCDD"),
            "bad region map: region 'A' has 5 cells, every region needs 4",
        ),
        (
            vec!["count", "--variant", "jigsaw"],
            format!("{} {}", ".".repeat(16), "ABCDEABCDABCDABC"),
            "'E' at r2c1 starts region 5, but a 4×4 board has 4 regions",
        ),
        (vec!["count", "--variant", "jigsaw"], ".".repeat(16), "no region map after the givens"),
        (
            vec!["count"],
            r#"{"size": 9, "cages": [{"sum": 2, "cells": ["r1c1", "r1c2"]}]}"#.to_string(),
            "cage 1: a sum of 2 is impossible for 2 different digits from 1 to 9 (possible: 3 to 17)",
        ),
        (
            vec!["count"],
            r#"{"size": 9, "cages": [{"sum": 10, "cells": ["r1c1"]}]}"#.to_string(),
            "cage 1: a sum of 10 is impossible for one digit from 1 to 9 (possible: 1 to 9)",
        ),
        (
            vec!["count"],
            r#"{"size": 9, "cages": [{"sum": 3, "cells": ["r1c1", "r10c2"]}]}"#.to_string(),
            "cage 1: \"r10c2\" is not a cell",
        ),
        (
            vec!["count"],
            r#"{"size": 9, "variants": ["sandwich"]}"#.to_string(),
            "unknown variant \"sandwich\"",
        ),
        (
            vec!["count", "--size", "4"],
            format!("12H4{}", ".".repeat(12)),
            "invalid character 'H' (digits are 1-4",
        ),
        (
            vec!["count", "--size", "16"],
            format!("H{}", ".".repeat(255)),
            "invalid character 'H' (digits are 1-9, A-G",
        ),
        (vec!["count", "--size", "6", "--variant", "hyper"], ".".repeat(36), "hyper windows on a 6×6"),
    ];
    for (args, input, needle) in cases {
        let r = sudokit(&args, &input);
        assert_ne!(r.code, 0, "{args:?} should fail");
        assert!(r.stderr.contains(needle), "{args:?}: expected {needle:?} in\n{}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
}

/// Issues #4 and #19: the committed 16×16 and 25×25 benchmark puzzles all have exactly one solution.
#[test]
fn issue4_big_benchmark_puzzles_are_unique() {
    for name in ["boards/16x16.txt", "boards/25x25.txt", "boards/generated-16x16.txt"] {
        all_unique(name);
    }
}

/// Issue #19: the unbiased 25×25 set has exactly one solution per puzzle (tens of seconds of checks).
#[test]
#[ignore = "50 full 25×25 uniqueness checks take a while; run with --ignored"]
fn issue19_generated_25x25_puzzles_are_unique() {
    all_unique("boards/generated-25x25.txt");
}

fn all_unique(name: &str) {
    let text = std::fs::read_to_string(data(name)).expect("data file");
    let puzzles = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
    assert!(puzzles >= 20, "{name}: {puzzles} puzzles");
    let r = sudokit(&["check"], &text);
    assert_eq!(r.code, 0, "{name}: {}", r.stderr);
    assert_eq!(r.stdout, "unique\n".repeat(puzzles), "{name}");
}

/// `minimize -o line` on a killer puzzle writes a JSON puzzle object with its cages, which reads
/// back as the same unique puzzle; the grid layouts, with no place for cages, say so.
#[test]
fn minimize_keeps_a_killer_puzzles_cages() {
    let made = sudokit(&["generate", "puzzle", "--variant", "killer", "--size", "4", "--seed", "1"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let line = sudokit(&["minimize", "-o", "line"], &made.stdout);
    assert_eq!(line.code, 0, "{}", line.stderr);
    assert!(
        line.stdout.starts_with("{\"puzzle\":") && line.stdout.contains("\"cages\":[{\"cells\":"),
        "{}",
        line.stdout
    );
    let back = sudokit(&["check", "-o", "line"], &line.stdout);
    assert_eq!((back.code, back.stdout.as_str()), (0, "unique\n"), "{}", back.stderr);
    let grid = sudokit(&["minimize", "-o", "grid"], &made.stdout);
    assert_eq!(grid.code, 0, "{}", grid.stderr);
    assert!(grid.stderr.contains("note: the cages are not written in this layout"), "{}", grid.stderr);
}
