//! Tests of the advanced families on published examples: the cases of HoDoKu's regression library
//! (reglib 1.3, HoDoKu 2.2.0, via alexdej/hodoku-py), read from the shared datasets at test time,
//! and every step these families find along solution paths checked against the solution.

use std::collections::BTreeMap;

use crate::grid::Grid;
use crate::human::finder::{find_all, FindOptions};
use crate::human::library::LibraryCase;
use crate::human::solver::{apply, solve, SolverOptions};
use crate::human::state::State;
use crate::human::technique::Technique;

/// The reglib variants that let chains use almost locked sets (HoDoKu's regression tester).
fn als_in_chains(code: &str) -> bool {
    matches!(code, "0709-2" | "0710-3" | "0710-4" | "0711-3" | "0711-4")
}

/// Per reglib code (with its variant): cases passed, cases, and the failing line numbers.
type Rates = BTreeMap<String, (usize, usize, Vec<usize>)>;

/// The reglib cases whose code starts with one of `prefixes`, each with its line number and line.
/// `None` when the datasets are absent.
pub(crate) fn reglib_cases(prefixes: &[&str]) -> Option<Vec<(usize, String, LibraryCase)>> {
    let dir = crate::testing::datasets_dir()?;
    let text = std::fs::read_to_string(dir.join("hodoku-reglib/reglib-1.3.txt")).expect("reglib is readable");
    let cases = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with(':') && prefixes.iter().any(|p| line[1..].starts_with(p)))
        .map(|(i, line)| (i + 1, line.to_string(), line.parse().expect("reglib line parses")))
        .collect();
    Some(cases)
}

/// Runs the reglib cases whose code starts with one of `prefixes`. `None` when the datasets are
/// absent.
pub(crate) fn run_codes(prefixes: &[&str]) -> Option<Rates> {
    let mut out = Rates::new();
    for (number, line, case) in reglib_cases(prefixes)? {
        let key = line[1..].split(':').next().unwrap_or_default().to_string();
        let options = FindOptions {
            allow_als_overlap: case.variant == Some(2),
            allow_als_in_chains: als_in_chains(&key),
            // Two ALS-XY-Chain cases (lines 1453 and 1459) link seven sets.
            als_chain_max_sets: 7,
            ..FindOptions::default()
        };
        let steps = find_all(&case.state, case.technique, &options);
        let mut want_e = case.eliminations.clone();
        want_e.sort_unstable_by_key(|c| (c.digit, c.cell));
        let mut want_p = case.placements.clone();
        want_p.sort_unstable_by_key(|c| (c.digit, c.cell));
        let found = steps.iter().any(|s| s.eliminations == want_e && s.placements == want_p);
        let e = out.entry(key).or_default();
        e.1 += 1;
        if found != case.fail_case {
            e.0 += 1;
        } else {
            e.2.push(number);
        }
    }
    Some(out)
}

/// Asserts that every code of `prefixes` passes at least `min` of its cases (all when `min` is
/// `None`), printing the rates.
pub(crate) fn assert_codes(prefixes: &[&str], min: &[(&str, usize)]) {
    let Some(res) = run_codes(prefixes) else { return };
    assert!(!res.is_empty(), "no reglib cases for {prefixes:?}");
    for (code, (pass, total, fails)) in &res {
        println!("{code}: {pass}/{total} failing lines {fails:?}");
        let want = min.iter().find(|(c, _)| c == code).map_or(*total, |&(_, m)| m);
        assert!(
            *pass >= want,
            "{code}: {pass}/{total} passed, expected at least {want}; failing lines {fails:?}"
        );
    }
}

#[test]
fn reglib_x_chains_xy_chains_remote_pairs() {
    assert_codes(&["0701", "0702", "0703"], &[]);
}

/// Among them: two continuous loops (lines 1157 and 1159) close through another chain as short as
/// the one kept first, and one grouped discontinuous loop (line 1280) passes its start cell inside
/// a group.
#[test]
fn reglib_nice_loops_and_aics() {
    assert_codes(&["0706", "0707", "0708", "0709-1", "0710-1", "0710-2", "0711-1", "0711-2"], &[]);
}

/// Grouped loops and AICs with almost locked sets as nodes, with HoDoKu's forced exits from a set
/// into a cell, its eliminations around a set in a continuous loop, and its links between sets and
/// from groups into sets.
#[test]
fn reglib_chains_with_almost_locked_sets() {
    assert_codes(&["0709-2", "0710-3", "0710-4", "0711-3", "0711-4"], &[]);
}

/// Two ALS-XY-Chain cases (reglib lines 1453 and 1459), which HoDoKu 2.2 itself does not find,
/// need chains of more than HoDoKu's six sets.
#[test]
fn reglib_almost_locked_sets() {
    assert_codes(&["0901", "0902", "0903", "0904"], &[]);
}

/// Every step the advanced finders report, at every state of the solution paths of a sample of hard
/// puzzles, agrees with the solution: no placement differs from it, no elimination removes it.
#[test]
fn every_step_found_is_right() {
    use Technique as T;
    let Some(dir) = crate::testing::datasets_dir() else { return };
    let text = std::fs::read_to_string(dir.join("puzzles6_forum_hardest_1106.txt")).expect("dataset");
    let techniques = [
        T::SimpleColorsTrap,
        T::SimpleColorsWrap,
        T::MultiColors1,
        T::MultiColors2,
        T::RemotePair,
        T::XChain,
        T::XyChain,
        T::ContinuousNiceLoop,
        T::DiscontinuousNiceLoop,
        T::Aic,
        T::GroupedContinuousNiceLoop,
        T::GroupedDiscontinuousNiceLoop,
        T::GroupedAic,
        T::AlsXz,
        T::AlsXyWing,
        T::AlsXyChain,
        T::DeathBlossom,
        T::SueDeCoq,
        T::ForcingChainContradiction,
        T::ForcingChainVerity,
        T::ForcingNetContradiction,
        T::ForcingNetVerity,
    ];
    let mut checked = 0usize;
    for line in text.lines().step_by(371).take(2) {
        let Some(field) = line.split_whitespace().next() else { continue };
        let grid: Grid = field.parse().expect("dataset puzzle");
        let start = State::classic(&grid).expect("consistent");
        let path = solve(start.clone(), SolverOptions::default()).expect("unique");
        let mut state = start;
        for (i, step) in path.steps.iter().enumerate() {
            if i % 6 == 0 {
                for &t in &techniques {
                    for options in [
                        FindOptions::default(),
                        FindOptions { allow_als_in_chains: true, ..FindOptions::default() },
                    ] {
                        for s in find_all(&state, t, &options) {
                            for p in &s.placements {
                                assert_eq!(path.solution.get(p.cell), Some(p.digit), "{field}: {s}");
                            }
                            for e in &s.eliminations {
                                assert_ne!(path.solution.get(e.cell), Some(e.digit), "{field}: {s}");
                            }
                            checked += 1;
                        }
                    }
                }
            }
            apply(&mut state, step);
        }
    }
    println!("{checked} steps checked");
    assert!(checked > 0);
}

/// reglib line 1157: HoDoKu's continuous loop closes through one of several chains as short, the
/// one its tables keep. Following the links in HoDoKu's order, the search keeps the same chain: the
/// loop is found by the shortest chains alone (the step solver's setting), not only among the other
/// chains looked at when all steps are searched.
#[test]
fn the_chain_hodokus_tables_keep_closes_the_loop() {
    let Some(dir) = crate::testing::datasets_dir() else { return };
    let text = std::fs::read_to_string(dir.join("hodoku-reglib/reglib-1.3.txt")).expect("reglib is readable");
    let case: LibraryCase = text.lines().nth(1156).expect("line 1157").parse().expect("reglib line parses");
    assert_eq!(case.technique, Technique::ContinuousNiceLoop);
    let mut want = case.eliminations.clone();
    want.sort_unstable_by_key(|c| (c.digit, c.cell));
    let found = |options: &FindOptions| {
        find_all(&case.state, case.technique, options).iter().any(|s| s.eliminations == want)
    };
    assert!(found(&FindOptions::default()));
    assert!(found(&FindOptions { shortest_loops_only: true, ..FindOptions::default() }));
}

/// HoDoKu's lasso rule: a chain may pass two nodes of one cell in a row (a link within the cell)
/// but never come back to a cell it has left; a loop comes home to its start cell, an AIC may not;
/// a group leaves all of its cells, though only a node's first cell is looked up.
#[test]
fn a_chain_back_in_a_cell_it_has_left_is_a_lasso() {
    use super::graph::Graph;
    use crate::grid::{Cell, Digit};
    let grid: Grid = ".".repeat(81).parse().expect("an empty grid");
    let state = State::classic(&grid).expect("a state");
    let shape = grid.shape();
    let graph = Graph::shared(&state, true, false);
    let node = |r: usize, c: usize, d: u8| {
        let digit = Digit::new_checked(d, shape).expect("a digit");
        graph.cand_node(Cell::at(r, c, shape), digit).expect("a candidate")
    };
    let lit = |r, c, d, on: bool| 2 * node(r, c, d) + u32::from(on);
    // r1c1 1 -> r1c5 1 -> r1c5 2 (in the cell) -> r5c5 2 -> r5c1 2 -> r1c1 2 (home).
    let home = [lit(0, 0, 1, false), lit(0, 4, 1, true), lit(0, 4, 2, false), lit(4, 4, 2, true)];
    let loop_home = [&home[..], &[lit(4, 0, 2, false), lit(0, 0, 2, true)]].concat();
    assert!(!super::is_lasso(&graph, &loop_home, false), "a loop comes home");
    assert!(super::is_lasso(&graph, &loop_home, true), "an AIC does not");
    // Back to r1c5 after leaving it for r5c5.
    let back = [&home[..], &[lit(0, 4, 3, false)]].concat();
    assert!(super::is_lasso(&graph, &back, false) && super::is_lasso(&graph, &back, true));
    // The group r1c123 of digit 1 leaves all its cells; the chain cannot come back to r1c3.
    let group = (0..graph.nodes.len() as u32)
        .find(|&n| {
            let g = &graph.nodes[n as usize];
            g.is_group && g.digit.get() == 1 && g.cells.len() == 3 && g.first == Cell::at(0, 0, shape)
        })
        .expect("the group r1c123");
    let through = [lit(0, 6, 1, true), 2 * group, lit(3, 0, 1, true), lit(0, 2, 4, false)];
    assert!(super::is_lasso(&graph, &through, false));
    assert!(!super::is_lasso(&graph, &through[..3], false));
}
