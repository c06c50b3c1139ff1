//! Chain and coloring finders on HoDoKu's regression library (reglib 1.3, via alexdej/hodoku-py),
//! read from the shared datasets at test time.

use std::collections::BTreeMap;

use crate::human::finder::{find_all, FindOptions};
use crate::human::library::LibraryCase;

/// Per code: (passed, total, failing lines).
pub(crate) fn run_codes(prefixes: &[&str]) -> Option<BTreeMap<String, (usize, usize, Vec<usize>)>> {
    let dir = crate::testing::datasets_dir()?;
    let text = std::fs::read_to_string(dir.join("hodoku-reglib/reglib-1.3.txt")).ok()?;
    let mut out: BTreeMap<String, (usize, usize, Vec<usize>)> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with(':') || !prefixes.iter().any(|p| line[1..].starts_with(p)) {
            continue;
        }
        let case: LibraryCase = line.parse().expect("reglib line parses");
        let key = line[1..].split(':').next().unwrap_or_default().to_string();
        let mut options = FindOptions::default();
        options.allow_als_overlap = case.variant == Some(2);
        options.allow_als_in_chains = als_in_chains(&key);
        let steps = find_all(&case.state, case.technique, &options);
        let mut want_e = case.eliminations.clone();
        want_e.sort_unstable_by_key(|c| (c.digit, c.cell));
        let mut want_p = case.placements.clone();
        want_p.sort_unstable_by_key(|c| (c.digit, c.cell));
        let found = steps.iter().any(|s| s.eliminations == want_e && s.placements == want_p);
        let pass = found != case.fail_case;
        let e = out.entry(key).or_default();
        e.1 += 1;
        if pass {
            e.0 += 1;
        } else {
            e.2.push(i + 1);
        }
    }
    Some(out)
}

#[test]
fn reglib_chains_and_coloring() {
    let Some(res) = run_codes(&["05", "070", "071", "09", "1101"]) else { return };
    for (code, (pass, total, fails)) in &res {
        eprintln!("{code}: {pass}/{total} failing lines {fails:?}");
    }
}

/// Prints the steps found for the reglib lines named in `REGLIB_LINES` (a debugging aid).
#[test]
fn reglib_show_lines() {
    let Ok(lines) = std::env::var("REGLIB_LINES") else { return };
    let Some(dir) = crate::testing::datasets_dir() else { return };
    let text = std::fs::read_to_string(dir.join("hodoku-reglib/reglib-1.3.txt")).expect("reglib");
    let all: Vec<&str> = text.lines().collect();
    for n in lines.split(',').filter_map(|s| s.trim().parse::<usize>().ok()) {
        let line = all[n - 1];
        let case: LibraryCase = line.parse().expect("parses");
        let mut options = FindOptions::default();
        options.allow_als_overlap = case.variant == Some(2);
        options.allow_als_in_chains = als_in_chains(line[1..].split(':').next().unwrap_or_default());
        eprintln!("line {n}: {line}");
        eprintln!(
            "  want elims {:?} places {:?}",
            case.eliminations
                .iter()
                .map(|c| format!("{}<>{}", c.cell.name(case.state.shape()), c.digit))
                .collect::<Vec<_>>(),
            case.placements.len()
        );
        for s in find_all(&case.state, case.technique, &options).iter().take(12) {
            eprintln!("  found {s}");
        }
    }
}

/// Prints the shortest implication path between two candidates of a reglib line's state, given
/// as `REGLIB_PATH=line:cell:digit:on:cell:digit:on` (a debugging aid).
#[test]
fn reglib_show_path() {
    use super::graph::{Bfs, Graph, LinkRules};
    use crate::grid::{Cell, Digit, Shape};
    let Ok(spec) = std::env::var("REGLIB_PATH") else { return };
    let Some(dir) = crate::testing::datasets_dir() else { return };
    let text = std::fs::read_to_string(dir.join("hodoku-reglib/reglib-1.3.txt")).expect("reglib");
    let f: Vec<usize> = spec.split(':').filter_map(|s| s.parse().ok()).collect();
    let case: LibraryCase = text.lines().nth(f[0] - 1).expect("line").parse().expect("parses");
    let s = Shape::CLASSIC;
    let cell = |i: usize| Cell::new_checked(i, s).expect("cell");
    let digit = |d: usize| Digit::new_checked(d as u8, s).expect("digit");
    let rules = LinkRules {
        digit: None,
        bivalue_cells_only: false,
        cells_with: None,
        house_strong: true,
        cell_links: true,
        groups: true,
        als: false,
    };
    let graph = Graph::new(&case.state, rules);
    let a = graph.cand_node(cell(f[1]), digit(f[2])).expect("node");
    let b = graph.cand_node(cell(f[4]), digit(f[5])).expect("node");
    let mut bfs = Bfs::new(&graph);
    bfs.run(&graph, 2 * a + f[3] as u32, 60);
    let end = 2 * b + f[6] as u32;
    eprintln!("dist {}", bfs.dist[end as usize]);
    let mut l = end;
    let mut lits = vec![l];
    while bfs.parent[l as usize] != u32::MAX {
        l = bfs.parent[l as usize];
        lits.push(l);
    }
    lits.reverse();
    eprintln!(
        "{}",
        super::chain_of(&graph, &lits)
            .nodes
            .iter()
            .zip(&lits)
            .map(|(n, l)| format!(
                "{}{}{}",
                if l % 2 == 1 { "+" } else { "-" },
                n.digits,
                n.cells.iter().map(|c| c.name(s)).collect::<String>()
            ))
            .collect::<Vec<_>>()
            .join(" ")
    );
}

#[test]
fn debug_rp() {
    let Ok(n) = std::env::var("RP_LINE") else { return };
    let Some(dir) = crate::testing::datasets_dir() else { return };
    let text = std::fs::read_to_string(dir.join("hodoku-reglib/reglib-1.3.txt")).expect("reglib");
    let case: LibraryCase =
        text.lines().nth(n.parse::<usize>().expect("n") - 1).expect("line").parse().expect("parses");
    for t in [crate::human::Technique::XyChain, crate::human::Technique::RemotePair] {
        for s in super::xy_chains(&case.state, t) {
            eprintln!("{s}");
        }
    }
}

/// The reglib variants that let chains use almost locked sets (HoDoKu's regression tester).
fn als_in_chains(code: &str) -> bool {
    matches!(code, "0709-2" | "0710-3" | "0710-4" | "0711-3" | "0711-4")
}
