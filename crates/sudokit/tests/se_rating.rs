//! Sudoku Explainer-compatible ratings against serate 1.2.1.3's own, on the development set in
//! `../shared/datasets/ratings/se-dev.tsv` (read at test time; its README says how it was made).
//! Prints the agreement table (ER/EP/ED exactly equal, within ±0.1, within ±0.5) and the biggest
//! disagreements.

use sudokit::human::{Chain, LinkKind, State};
use sudokit::rate::se::{self, RateError};
use sudokit::{Board, Cell, Digit, Grid};

struct Row {
    puzzle: String,
    er: i32,
    ep: i32,
    ed: i32,
    technique: String,
    source: String,
}

fn tenths(value: f64) -> i32 {
    (value * 10.0).round() as i32
}

fn oracle() -> Option<Vec<Row>> {
    let tsv = sudokit::testing::dataset_tsv("ratings/se-dev.tsv")?;
    let rows = tsv
        .records()
        .map(|r| Row {
            puzzle: r.get("puzzle").to_string(),
            er: tenths(r.parse("ER")),
            ep: tenths(r.parse("EP")),
            ed: tenths(r.parse("ED")),
            technique: r.get("hardest_technique").to_string(),
            source: r.get("source").to_string(),
        })
        .collect();
    Some(rows)
}

/// Agreement shares in percent: (exact, within 1 tenth, within 5 tenths) for ER, EP, ED.
struct Table {
    n: usize,
    counts: [[usize; 3]; 3],
    /// Puzzles whose hardest technique has Sudoku Explainer's name.
    same_technique: usize,
    failed: usize,
}

fn compare(step: usize) -> Option<Table> {
    let rows = oracle()?;
    let mut table = Table { n: 0, counts: [[0; 3]; 3], same_technique: 0, failed: 0 };
    let mut worst = Vec::new();
    for row in rows.iter().step_by(step) {
        let grid: Grid = row.puzzle.parse().expect("an oracle puzzle parses");
        table.n += 1;
        match se::rate(&grid) {
            Ok(r) => {
                let ours = [i32::from(r.er_tenths), i32::from(r.ep_tenths), i32::from(r.ed_tenths)];
                for (k, theirs) in [row.er, row.ep, row.ed].into_iter().enumerate() {
                    let d = (ours[k] - theirs).abs();
                    for (j, limit) in [0, 1, 5].into_iter().enumerate() {
                        if d <= limit {
                            table.counts[k][j] += 1;
                        }
                    }
                }
                if r.hardest == row.technique {
                    table.same_technique += 1;
                }
                let d = ours[0] - row.er;
                if d != 0 {
                    worst.push((
                        d.abs(),
                        format!(
                            "{} ER {} vs SE {} ({} vs {}) [{}]",
                            row.puzzle, ours[0], row.er, r.hardest, row.technique, row.source
                        ),
                    ));
                }
            }
            Err(e) => {
                table.failed += 1;
                worst.push((99, format!("{} error {e} vs SE {} ({})", row.puzzle, row.er, row.technique)));
            }
        }
    }
    let pct = |c: usize| 100.0 * c as f64 / table.n as f64;
    println!("{} puzzles (every {step}th), {} not rated", table.n, table.failed);
    println!("        exact   ±0.1   ±0.5");
    for (k, name) in ["ER", "EP", "ED"].into_iter().enumerate() {
        let c = table.counts[k];
        println!("{name}  {:6.1}% {:6.1}% {:6.1}%", pct(c[0]), pct(c[1]), pct(c[2]));
    }
    println!("hardest technique named as SE names it: {:.1}%", pct(table.same_technique));
    worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    println!("biggest ER disagreements (tenths: ours vs SE):");
    for (_, line) in worst.iter().take(25) {
        println!("  {line}");
    }
    Some(table)
}

fn share(t: &Table, k: usize, j: usize) -> f64 {
    t.counts[k][j] as f64 / t.n as f64
}

fn assert_floors(t: &Table, floor: f64) {
    assert_eq!(t.failed, 0, "every oracle puzzle gets a rating");
    for (k, name) in ["ER", "EP", "ED"].into_iter().enumerate() {
        assert!(share(t, k, 0) >= floor, "{name} exactly equal on {:.3}", share(t, k, 0));
    }
    assert!(share(t, 0, 1) >= 0.90 && share(t, 0, 0) >= 0.75, "issue 16's goals");
    let named = t.same_technique as f64 / t.n as f64;
    assert!(named >= floor, "hardest technique named as SE on {named:.3}");
}

#[test]
fn se_dev_sampled_agreement() {
    let Some(t) = compare(10) else { return };
    assert_eq!(t.n, 85);
    // Every sampled rating equals serate's today; one miss in the sample is tolerated.
    assert_floors(&t, 0.98);
}

#[test]
#[ignore = "rates all 850 oracle puzzles; run with --ignored"]
fn se_dev_full_agreement() {
    let Some(t) = compare(1) else { return };
    assert_eq!(t.n, 850);
    // All 850 ratings equal serate's today (issue 16 asks for ER ±0.1 on 90%, exact on 75%).
    assert_floors(&t, 0.99);
}

#[test]
fn other_boards_are_refused() {
    let grid: Grid = "1.3.4.2.3.1.2.4.".parse().expect("a 4x4 grid parses");
    assert_eq!(se::rate(&grid), Err(RateError::NotClassic { side: 4 }));
}

/// Line `line` (1-based) of a puzzle file of the shared datasets.
fn dataset_puzzle(file: &str, line: usize) -> Option<Grid> {
    let dir = sudokit::testing::datasets_dir()?;
    let text = std::fs::read_to_string(dir.join(file)).expect("the puzzle file reads");
    let puzzle = text.lines().nth(line - 1).expect("the line is there");
    Some(puzzle.parse().expect("a dataset puzzle parses"))
}

/// Rates a puzzle whose whole path (every step's technique and difficulty) was checked against
/// serate 1.2.1.3's, run on it with the same build as the oracle (not part of `se-dev.tsv`: these
/// puzzles need nested forcing chains; Sudoku Explainer took 74 s, 4 min 41 s and 17 min on them).
fn check_nested(file: &str, line: usize, rating: (f32, f32, f32), hardest: &str, steps: usize) {
    let Some(grid) = dataset_puzzle(file, line) else { return };
    let r = se::rate(&grid).expect("rated");
    assert_eq!((r.er(), r.ep(), r.ed()), rating);
    assert_eq!(r.hardest, hardest);
    assert_eq!(r.steps, steps);
}

#[test]
fn nested_level_1_matches_serate() {
    // Issue 16: "Dynamic Forcing Chains (+)", top1465 #77.
    check_nested(
        "puzzles3_magictour_top1465.txt",
        77,
        (9.8, 1.2, 1.2),
        "Dynamic Contradiction Forcing Chains (+)",
        115,
    );
}

#[test]
fn nested_level_2_matches_serate() {
    // Issue 16: "Dynamic Forcing Chains (+ Forcing Chains)", forum_hardest_1106 #1.
    check_nested(
        "puzzles6_forum_hardest_1106.txt",
        1,
        (10.3, 1.2, 1.2),
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        142,
    );
}

#[test]
#[ignore = "about 4 s of nested chains; run with --ignored"]
fn nested_level_2_long_chains_match_serate() {
    // Issue 16: level 2 with a length bonus of 1.0, forum_hardest_1106 #26.
    check_nested(
        "puzzles6_forum_hardest_1106.txt",
        26,
        (10.5, 1.2, 1.2),
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        146,
    );
}

/// Rates a forum_hardest_1106 puzzle whose ER/EP/ED serate 1.2.1.3 (the oracle's build) gave in
/// 36 s to 40 min; the hardest technique and the step count are sudokit's, as serate's output
/// format here does not print them.
fn check_against_serate(line: usize, rating: (f32, f32, f32), hardest: &str, steps: usize) {
    let Some(grid) = dataset_puzzle("puzzles6_forum_hardest_1106.txt", line) else { return };
    let r = se::rate(&grid).expect("rated");
    assert_eq!((r.er(), r.ep(), r.ed()), rating, "line {line}");
    assert_eq!(r.hardest, hardest, "line {line}");
    assert_eq!(r.steps, steps, "line {line}");
}

#[test]
fn nested_level_3_matches_serate() {
    // "(+ Multiple Forcing Chains)": forum_hardest_1106 #62 and #288.
    let hardest = "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)";
    check_against_serate(62, (11.1, 11.1, 2.6), hardest, 82);
    check_against_serate(288, (10.9, 1.2, 1.2), hardest, 86);
}

#[test]
fn nested_level_4_matches_serate() {
    // "(+ Dynamic Forcing Chains)": forum_hardest_1106 #195, #366 and #367 (whose first step
    // already nests multiple forcing chains).
    check_against_serate(
        195,
        (11.4, 1.2, 1.2),
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        119,
    );
    let cell = "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)";
    check_against_serate(366, (11.2, 2.6, 2.6), cell, 74);
    check_against_serate(367, (11.4, 11.4, 10.9), cell, 83);
}

#[test]
#[ignore = "about 3.5 s of nested chains; run with --ignored"]
fn nested_level_4_highest_ratings_match_serate() {
    // The highest ratings checked: ER 11.8 and 11.7, with region chains (serate took 7 min 2 s and
    // 6 min 37 s on them).
    let region = "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)";
    check_against_serate(99, (11.8, 11.8, 9.9), region, 130);
    check_against_serate(103, (11.7, 11.7, 2.6), region, 114);
}

#[test]
#[ignore = "about 6 s of nested chains; run with --ignored"]
fn most_work_matches_serate() {
    // The forum_hardest_1106 puzzle that needs the most chaining work (128 million potentials as
    // the budget counts them, of 200 million by default); serate took 40 min on it.
    let contradiction = "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)";
    check_against_serate(113, (11.8, 11.8, 11.2), contradiction, 144);
}

/// The state a player reaches after `steps` of Sudoku Explainer's path: its digits placed and
/// its candidates removed.
fn state_after(grid: &Grid, steps: &[se::SeStep]) -> State {
    let shape = grid.shape();
    let mut state = State::new(Board::classic_shared(shape), grid).expect("a state");
    let at = |cell: usize, digit: u8| {
        let cell = Cell::new_checked(cell, shape).expect("on the board");
        (cell, Digit::new_checked(digit, shape).expect("a digit"))
    };
    for step in steps {
        for &(cell, digit) in &step.removals {
            let (c, d) = at(cell, digit);
            state.eliminate(c, d);
        }
        if let Some((cell, digit)) = step.placement {
            let (c, d) = at(cell, digit);
            state.place(c, d);
        }
    }
    state
}

/// The candidates of an open cell of `state` as a mask of bits 1 to 9; 0 for a placed cell.
fn candidate_masks(state: &State) -> [u16; 81] {
    let shape = state.shape();
    std::array::from_fn(|c| {
        let cell = Cell::new_checked(c, shape).expect("on the board");
        if state.value(cell).is_some() {
            return 0;
        }
        (1..=9u8)
            .filter(|&d| state.has(cell, Digit::new_checked(d, shape).expect("a digit")))
            .map(|d| 1 << d)
            .sum()
    })
}

/// The 27 houses of the 9×9 board, each as its cells: rows, columns, boxes.
fn houses() -> Vec<Vec<usize>> {
    let rows = (0..9).map(|r| (0..9).map(|c| r * 9 + c).collect());
    let cols = (0..9).map(|c| (0..9).map(|r| r * 9 + c).collect());
    let boxes = (0..9).map(|b| (0..9).map(|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3).collect());
    rows.chain(cols).chain(boxes).collect()
}

/// Why the pattern `step` names does not hold on the candidates `cands` it was found on, if it
/// does not: each kind of pattern against its definition.
fn pattern_fault(step: &se::SeStep, cands: &[u16; 81]) -> Option<String> {
    let digits: u16 = step.pattern_digits.iter().map(|&d| 1u16 << d).sum();
    let cells = &step.pattern_cells;
    let houses = houses();
    let holding = |h: &Vec<usize>| cells.iter().all(|c| h.contains(c));
    let places =
        |h: &Vec<usize>, d: u8| h.iter().copied().filter(|&c| cands[c] & 1 << d != 0).collect::<Vec<_>>();
    let removed_in = |allowed: &dyn Fn(usize, u8) -> bool| step.removals.iter().all(|&(c, d)| allowed(c, d));
    let fault = |why: &str| Some(why.to_string());
    let name = step.name;
    if name.starts_with("Naked ") && name != "Naked Single" {
        if cells.len() != step.pattern_digits.len() || cells.iter().any(|&c| cands[c] & !digits != 0) {
            return fault("a cell holds another digit, or the cells and digits differ in number");
        }
        let within = |h: &&Vec<usize>| {
            holding(h) && removed_in(&|c, d| h.contains(&c) && !cells.contains(&c) && digits & 1 << d != 0)
        };
        if !houses.iter().any(|h| within(&h)) {
            return fault("no house of the cells holds every removal, of the set's digits");
        }
    } else if name.contains("Hidden Pair") || name.contains("Hidden Triplet") || name.contains("Hidden Quad")
    {
        let inside = |h: &&Vec<usize>| {
            holding(h) && step.pattern_digits.iter().all(|&d| places(h, d).iter().all(|c| cells.contains(c)))
        };
        if cells.len() != step.pattern_digits.len() || !houses.iter().any(|h| inside(&h)) {
            return fault("no house where the digits are confined to the cells");
        }
        if !name.starts_with("Direct") && !removed_in(&|c, d| cells.contains(&c) && digits & 1 << d == 0) {
            return fault("a removal outside the cells or of a digit of the set");
        }
    } else if ["Pointing", "Claiming", "Direct Pointing", "Direct Claiming"].contains(&name) {
        let d = step.pattern_digits[..] == [step.pattern_digits[0]] && cells.len() >= 2;
        let base = |h: &usize| (*h >= 18) == name.ends_with("Pointing");
        let confined = (0..27).filter(base).any(|h| places(&houses[h], step.pattern_digits[0]) == *cells);
        if !d || !confined {
            return fault("the digit's places in a base house are not the cells");
        }
    } else if ["X-Wing", "Swordfish", "Jellyfish"].contains(&name) {
        let n = match name {
            "X-Wing" => 2,
            "Swordfish" => 3,
            _ => 4,
        };
        let d = step.pattern_digits[0];
        let rows: Vec<usize> = (0..9).filter(|r| cells.iter().any(|c| c / 9 == *r)).collect();
        let cols: Vec<usize> = (0..9).filter(|k| cells.iter().any(|c| c % 9 == *k)).collect();
        let based = |lines: &[usize], offset: usize| {
            lines.len() == n
                && lines.iter().all(|&l| places(&houses[offset + l], d).iter().all(|c| cells.contains(c)))
        };
        if step.pattern_digits.len() != 1 || !(based(&rows, 0) || based(&cols, 9)) {
            return fault("the digit's places in n lines are not the cells");
        }
        if !removed_in(&|c, e| {
            e == d && !cells.contains(&c) && (rows.contains(&(c / 9)) || cols.contains(&(c % 9)))
        }) {
            return fault("a removal outside the fish's lines");
        }
    } else if name == "XY-Wing" || name == "XYZ-Wing" {
        let sizes: Vec<u32> = cells.iter().map(|&c| cands[c].count_ones()).collect();
        let shape_ok = if name == "XY-Wing" { sizes == [2, 2, 2] } else { sizes.iter().sum::<u32>() == 7 };
        if cells.len() != 3
            || digits.count_ones() != 3
            || cells.iter().any(|&c| cands[c] & !digits != 0)
            || !shape_ok
        {
            return fault("not three cells of the wing's digits");
        }
    } else if name.starts_with("Unique Rectangle") || name.starts_with("Unique Loop") {
        if step.pattern_digits.len() != 2
            || cells.len() < 4
            || cells.iter().any(|&c| cands[c] & digits != digits)
        {
            return fault("a cell of the loop lacks one of its two digits");
        }
    } else if name.starts_with("BUG") {
        if cells.is_empty() || step.pattern_digits.is_empty() {
            return fault("no cells or digits");
        }
    } else if name.starts_with("Aligned") {
        if !(2..=3).contains(&cells.len()) || !removed_in(&|c, _| cells.contains(&c)) {
            return fault("a removal outside the aligned cells");
        }
    } else if name.contains("Cell Forcing Chains") {
        // The assumptions: every candidate of one cell.
        if cells.len() != 1 || cands[cells[0]] != digits || digits.count_ones() < 2 {
            return fault("not every candidate of one cell");
        }
    } else if name.contains("Region Forcing Chains") {
        // Every place of one digit in a house.
        let d = step.pattern_digits[0];
        if step.pattern_digits.len() != 1 || cells.len() < 2 || !houses.iter().any(|h| places(h, d) == *cells)
        {
            return fault("not every place of one digit in a house");
        }
    } else if name.contains("Forcing Chains") {
        // Contradiction, double and Nishio forcing chains: one assumption, on a candidate.
        if cells.len() != 1 || digits.count_ones() != 1 || cands[cells[0]] & digits == 0 {
            return fault("not one candidate of the grid");
        }
    } else if name.contains("Cycle")
        || name.contains("Chain")
        || name.contains("X-Wing")
        || name == "Turbot Fish"
    {
        // A cycle or a static chain: its candidates, of one digit without links in cells (X);
        // a Y-cycle goes in and out of each cell by its other candidate, so each has two (a
        // Y-chain's first cell need not).
        let one_digit = name.contains('X') || name == "Turbot Fish";
        if cells.len() < 3
            || cells.iter().any(|&c| cands[c] & digits == 0)
            || (one_digit && digits.count_ones() != 1)
            || (name.contains("Y-Cycle") && cells.iter().any(|&c| cands[c].count_ones() != 2))
        {
            return fault("not the candidates of a chain");
        }
    } else if !cells.is_empty() {
        return fault("a pattern where none is expected");
    }
    None
}

/// Whether a step of `name` comes from a static chaining rule, whose steps show their chains:
/// "Forcing Chains & Cycles" (6.5 to 7.x) and the static multiple forcing chains (8.0 and up).
fn is_static_chain(name: &str) -> bool {
    name.contains("Cycle")
        || matches!(
            name,
            "Generalized X-Wing" | "Turbot Fish" | "Forcing X-Chain" | "Forcing Y-Chain" | "Forcing Chain"
        )
        || matches!(
            name,
            "Cell Forcing Chains"
                | "Region Forcing Chains"
                | "Contradiction Forcing Chains"
                | "Double Forcing Chains"
        )
}

/// A chain's candidates `(cell, digit)` and whether it starts from one "on" and ends on one
/// "off", or why it does not hold on the candidates `cands`: every link must (a weak one between
/// two candidates of a cell or of a digit in a house, a strong one where those are the only two),
/// and links alternate.
type Walked = (Vec<(usize, u8)>, bool, bool);
fn walk(chain: &Chain, cands: &[u16; 81]) -> Result<Walked, String> {
    if chain.nodes.iter().any(|n| n.cells.len() != 1 || n.digits.len() != 1)
        || chain.nodes.len() < 2
        || chain.links.len() + 1 != chain.nodes.len()
    {
        return Err("not a chain of single candidates".into());
    }
    let nodes: Vec<(usize, u8)> =
        chain.nodes.iter().flat_map(|n| n.digits.iter().map(|d| (n.cells[0].index(), d.get()))).collect();
    let houses = houses();
    let shared = |a: usize, b: usize| houses.iter().filter(move |h| h.contains(&a) && h.contains(&b));
    let places = |h: &Vec<usize>, d: u8| h.iter().filter(|&&c| cands[c] & 1 << d != 0).count();
    let weak = |i: usize| chain.links[i] == LinkKind::Weak;
    for (i, (&(a, da), &(b, db))) in nodes.iter().zip(&nodes[1..]).enumerate() {
        if cands[a] & 1 << da == 0 || cands[b] & 1 << db == 0 || (a, da) == (b, db) {
            return Err(format!("link {} not between two candidates of the grid", i + 1));
        }
        let holds = match chain.links[i] {
            LinkKind::Weak => a == b || (da == db && shared(a, b).count() > 0),
            LinkKind::Strong if a == b => cands[a].count_ones() == 2,
            LinkKind::Strong => da == db && shared(a, b).any(|h| places(h, da) == 2),
        };
        if !holds || weak(i) != (weak(0) ^ (i % 2 == 1)) {
            return Err(format!("link {} does not hold", i + 1));
        }
    }
    Ok((nodes, weak(0), weak(chain.links.len() - 1)))
}

/// Why the chains `step` shows do not prove it on the candidates `cands` it was found on, if they
/// do not: each holds link by link ([`walk`]); a forcing chain ends on its assumption's candidate
/// with the value its step gives it, a cycle closes on its first candidate; the branches of
/// multiple forcing chains start from the step's assumptions and end on what it concludes. What
/// the step removes is checked against the solution elsewhere.
fn chain_fault(step: &se::SeStep, cands: &[u16; 81]) -> Option<String> {
    let fault = |why: &str| Some(format!("{why}: {step}"));
    if step.chains.is_empty() == is_static_chain(step.name) {
        return fault("chains where none are expected, or none where they are");
    }
    let mut walked = Vec::new();
    for chain in &step.chains {
        match walk(chain, cands) {
            Ok(w) => walked.push(w),
            Err(why) => return fault(&why),
        }
    }
    let (nodes, from_on, to_off) = walked.first()?;
    let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
    let concludes = |(end, off): ((usize, u8), bool)| {
        if off {
            step.removals.contains(&end)
        } else {
            step.placement == Some(end)
        }
    };
    let ends_alike = walked.iter().all(|(n, _, off)| (n[n.len() - 1], *off) == (last, *to_off));
    let starts = |on: bool| walked.iter().filter(|(n, o, _)| n[0] == first && *o == on).count();
    let proves = match step.name {
        "Cell Forcing Chains" | "Region Forcing Chains" => {
            let mut sources: Vec<(usize, u8)> = walked.iter().map(|(n, _, _)| n[0]).collect();
            sources.sort_unstable();
            let assumed: Vec<(usize, u8)> = step
                .pattern_cells
                .iter()
                .flat_map(|&c| step.pattern_digits.iter().map(move |&d| (c, d)))
                .collect();
            walked.iter().all(|w| w.1) && sources == assumed && ends_alike && concludes((last, *to_off))
        }
        "Double Forcing Chains" => {
            walked.len() == 2
                && starts(true) == 1
                && starts(false) == 1
                && ends_alike
                && concludes((last, *to_off))
        }
        "Contradiction Forcing Chains" => {
            let (a, b) = (&walked[0], &walked[walked.len() - 1]);
            walked.len() == 2
                && starts(*from_on) == 2
                && a.0[a.0.len() - 1] == b.0[b.0.len() - 1]
                && a.2 != b.2
                && concludes((first, *from_on))
        }
        _ if walked.len() != 1 || nodes.len() < 4 || first != last => false,
        name if name.contains("Cycle") || name == "Generalized X-Wing" => *from_on && !*to_off,
        _ => *from_on == *to_off && concludes((first, *to_off)),
    };
    (!proves).then(|| format!("the chains do not end where the step needs: {step}"))
}

#[test]
fn every_pattern_named_holds_where_its_step_is_taken() {
    // Every puzzle of the development set up to ER 7.4, and every 4th above: each step's pattern
    // against the candidates of the grid it was found on.
    let Some(rows) = oracle() else { return };
    let mut checked: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut chains = checked.clone();
    for (_, row) in rows.iter().enumerate().filter(|(i, r)| r.er < 75 || i % 4 == 0) {
        let grid: Grid = row.puzzle.parse().expect("an oracle puzzle parses");
        let path = se::path(&grid, se::SeOptions::default()).expect("rated");
        for (k, step) in path.iter().enumerate() {
            let cands = candidate_masks(&state_after(&grid, &path[..k]));
            assert!(se::technique_names().contains(&step.name), "{step}: a name outside the list");
            let fault = pattern_fault(step, &cands).or_else(|| chain_fault(step, &cands));
            assert_eq!(fault, None, "{} step {}: {step}", row.puzzle, k + 1);
            if !step.pattern_cells.is_empty() {
                *checked.entry(step.name).or_default() += 1;
            }
            if !step.chains.is_empty() {
                *chains.entry(step.name).or_default() += 1;
            }
        }
    }
    println!("patterns checked: {checked:?}");
    println!("chains checked: {chains:?}");
    for kind in ["Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle", "Turbot Fish"]
        .into_iter()
        .chain(["Forcing X-Chain", "Forcing Chain", "Cell Forcing Chains", "Region Forcing Chains"])
    {
        assert!(chains.get(kind).is_some_and(|&n| n > 0), "no {kind} chain checked: {chains:?}");
    }
    for kind in [
        "Pointing",
        "Claiming",
        "Naked Pair",
        "Hidden Pair",
        "X-Wing",
        "XY-Wing",
        "Unique Rectangle type 1",
        "Bidirectional X-Cycle",
        "Forcing X-Chain",
        "Forcing Chain",
        "Nishio Forcing Chains",
        "Cell Forcing Chains",
        "Region Forcing Chains",
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Region Forcing Chains",
    ] {
        assert!(checked.get(kind).is_some_and(|&n| n > 0), "no {kind} checked: {checked:?}");
    }
}

#[test]
fn hints_along_the_way_are_the_paths_next_steps() {
    // Every 10th puzzle of the development set: from the grid after the first step, after the
    // steps before the hardest, and before the last, the hint is the path's next step; once
    // solved, there is none.
    let Some(rows) = oracle() else { return };
    let options = se::SeOptions::default();
    let mut checked = 0;
    for row in rows.iter().step_by(10) {
        let grid: Grid = row.puzzle.parse().expect("an oracle puzzle parses");
        let path = se::path(&grid, options.clone()).expect("rated");
        let hardest =
            path.iter().enumerate().fold(
                0,
                |best, (i, s)| {
                    if s.difficulty > path[best].difficulty {
                        i
                    } else {
                        best
                    }
                },
            );
        for k in [1.min(path.len() - 1), hardest, path.len() - 1] {
            let hint = se::hint(&state_after(&grid, &path[..k]), options.clone()).expect("a hint");
            assert_eq!(hint.map(|h| h.step).as_ref(), Some(&path[k]), "{} step {}", row.puzzle, k + 1);
            checked += 1;
        }
        assert_eq!(se::hint(&state_after(&grid, &path), options.clone()), Ok(None), "{}", row.puzzle);
    }
    assert_eq!(checked, 3 * 85);
}

#[test]
fn all_hints_along_the_way_are_right_and_start_with_the_hint() {
    // Every 10th puzzle of the development set, at every 4th grid of its path and before its
    // hardest step: every step "Get all hints" lists is right (each placement the solution's
    // digit, no removal of one), its first is the path's next step, and once solved there are none.
    let Some(rows) = oracle() else { return };
    let options = se::SeOptions::default();
    let (mut grids, mut steps, mut chained) = (0, 0, 0);
    for row in rows.iter().step_by(10) {
        let grid: Grid = row.puzzle.parse().expect("an oracle puzzle parses");
        let solution = sudokit::Puzzle::classic(grid.clone()).first_solution().expect("a solution");
        let path = se::path(&grid, options.clone()).expect("rated");
        let hardest = (0..path.len())
            .max_by(|&a, &b| path[a].difficulty.total_cmp(&path[b].difficulty).then(b.cmp(&a)));
        let ks = (0..path.len()).step_by(4).chain(hardest);
        for k in ks {
            let all = se::all_hints(&state_after(&grid, &path[..k]), options.clone()).expect("hints");
            assert_eq!(all.first(), Some(&path[k]), "{} step {}", row.puzzle, k + 1);
            for s in &all {
                let right = |&(cell, digit): &(usize, u8)| solution.values()[cell] == digit;
                assert!(s.placement.as_ref().is_none_or(right), "{} step {}: {s}", row.puzzle, k + 1);
                assert!(!s.removals.iter().any(right), "{} step {}: {s}", row.puzzle, k + 1);
            }
            grids += 1;
            steps += all.len();
            chained += usize::from(path[k].difficulty >= 6.5);
        }
        assert_eq!(
            se::all_hints(&state_after(&grid, &path), options.clone()),
            Ok(Vec::new()),
            "{}",
            row.puzzle
        );
    }
    println!("{grids} grids, {steps} steps listed, all right; {chained} grids whose next step is a chain");
    assert!(grids > 500 && chained > 20, "{grids} grids, {chained} of them at chains");
}

#[test]
fn all_hints_of_nested_chains_are_right_and_start_with_the_hint() {
    // forum_hardest_1106 puzzles whose first steps nest other rules in dynamic chains (levels 1
    // to 3), and #113 after the six steps that come before its first of level 4 ("+ Dynamic
    // Forcing Chains"): every step listed is right, the first is the hint, and every step is of
    // the hint's nesting level.
    let options = se::SeOptions::default();
    let mut levels = std::collections::BTreeSet::new();
    for (line, walk) in [(4, 0), (18, 0), (19, 0), (11, 0), (113, 6)] {
        let Some(grid) = dataset_puzzle("puzzles6_forum_hardest_1106.txt", line) else { return };
        let solution = sudokit::Puzzle::classic(grid.clone()).first_solution().expect("a solution");
        let mut taken = Vec::new();
        for _ in 0..walk {
            let h =
                se::hint(&state_after(&grid, &taken), options.clone()).expect("a hint").expect("not solved");
            taken.push(h.step);
        }
        let state = state_after(&grid, &taken);
        let next = se::hint(&state, options.clone()).expect("a hint").expect("not solved").step;
        let all = se::all_hints(&state, options.clone()).expect("hints");
        assert_eq!(all.first(), Some(&next), "#{line}");
        let nesting = |name: &str| name.split_once(" (").map(|(_, n)| n.to_string());
        for s in &all {
            let right = |&(cell, digit): &(usize, u8)| solution.values()[cell] == digit;
            assert!(s.placement.as_ref().is_none_or(right) && !s.removals.iter().any(right), "#{line}: {s}");
            assert_eq!(nesting(s.name), nesting(next.name), "#{line}: {s} beside {next}");
        }
        levels.insert(nesting(next.name));
    }
    assert_eq!(levels.len(), 4, "levels 1 to 4: {levels:?}");
}
