//! Uniqueness techniques: unique rectangles and loops (types 1 to 4) and the bivalue universal
//! grave (BUG, types 1 to 4), with Sudoku Explainer's loop search and its definitions of the types.

use std::ops::ControlFlow;

use super::board::{combinations, first, Board, CELL_HOUSES, HOUSES, PEERS};
use super::hint::{Hint, Pattern, Steps};

fn index_in(house: usize, cell: usize) -> usize {
    HOUSES[house].iter().position(|&c| c as usize == cell).unwrap_or(9)
}

/// The fixed part of a loop search: the board, the pair of digits, and where loops go.
struct LoopSearch<'a> {
    b: &'a Board,
    pair: u16,
    out: Vec<Vec<usize>>,
    /// The cells of the path as a set, for the search's many membership tests.
    on_path: u128,
}

/// Loops of cells holding both digits of the pair, each step to another house kind, at most two
/// cells with extra candidates unless those share one extra value.
fn find_loops(
    s: &mut LoopSearch<'_>,
    cell: usize,
    path: &mut Vec<usize>,
    allowed_extra: i32,
    extra: u16,
    last_kind: usize,
) {
    let (b, pair) = (s.b, s.pair);
    path.push(cell);
    s.on_path |= 1 << cell;
    let mut extra = extra;
    for (kind, &house) in CELL_HOUSES[cell].iter().enumerate() {
        if kind == last_kind {
            continue;
        }
        for &next in &HOUSES[house as usize] {
            let next = next as usize;
            if path[0] == next && path.len() >= 4 {
                s.out.push(path.clone());
            } else if s.on_path & 1 << next == 0 {
                let pots = b.cands[next];
                if pots & pair == pair {
                    extra |= pots & !pair;
                    let card = pots.count_ones();
                    if card == 2 || extra.count_ones() == 1 || allowed_extra > 0 {
                        let allowed = allowed_extra - i32::from(card > 2);
                        find_loops(s, next, path, allowed, extra, kind);
                    }
                }
            }
        }
    }
    path.pop();
    s.on_path &= !(1 << cell);
}

/// Each house is left by the loop as often as it is entered: no house twice on odd steps or on
/// even steps, and the same houses on both.
fn is_valid_loop(path: &[usize]) -> bool {
    let mut odd = [false; 27];
    let mut even = [false; 27];
    for (i, &cell) in path.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for &h in &CELL_HOUSES[cell] {
            if set[h as usize] {
                return false;
            }
            set[h as usize] = true;
        }
    }
    odd == even
}

fn loop_difficulty(len: usize) -> f64 {
    let mut d = 4.5;
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

fn loop_name(len: usize, kind: u8) -> &'static str {
    const RECT: [&str; 4] = [
        "Unique Rectangle type 1",
        "Unique Rectangle type 2",
        "Unique Rectangle type 3",
        "Unique Rectangle type 4",
    ];
    const LOOP: [&str; 4] =
        ["Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3", "Unique Loop type 4"];
    if len == 4 {
        RECT[kind as usize - 1]
    } else {
        LOOP[kind as usize - 1]
    }
}

/// Cells seeing all of `cells` (in Sudoku Explainer's house-cell order of the first).
fn common_peers(cells: &[usize]) -> Vec<usize> {
    PEERS[cells[0]]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| cells[1..].iter().all(|&o| o != c && PEERS[o].contains(&(c as u8))))
        .collect()
}

/// Unique rectangles and loops, easiest (then lowest type) first, in the order found among equals.
pub(crate) fn unique_loops(b: &Board, out: &mut dyn Steps) -> ControlFlow<()> {
    let mut found: Vec<(f64, u8, Hint)> = Vec::new();
    let mut offer = |pattern: Pattern, kind: u8, add: f64, removals: Vec<(u8, u16)>| {
        if removals.is_empty() {
            return;
        }
        let len = pattern.cells.count_ones() as usize;
        let difficulty = loop_difficulty(len) + add;
        let hint = Hint::removal(difficulty, loop_name(len, kind), removals).on(pattern);
        found.push((difficulty, kind, hint));
    };
    for cell in 0..81 {
        if b.cands[cell].count_ones() != 2 {
            continue;
        }
        let pair = b.cands[cell];
        let (v1, v2) = (first(pair), first(pair & !(1 << first(pair))));
        let mut search = LoopSearch { b, pair, out: Vec::new(), on_path: 0 };
        find_loops(&mut search, cell, &mut Vec::new(), 2, 0, 3);
        let loops = search.out;
        for path in loops.iter().filter(|p| is_valid_loop(p)) {
            let pattern = Pattern::of(pair, path.iter().map(|&c| c as u8));
            let extra_cells: Vec<usize> =
                path.iter().copied().filter(|&c| b.cands[c].count_ones() > 2).collect();
            match extra_cells.len() {
                1 => offer(pattern, 1, 0.0, vec![(extra_cells[0] as u8, pair)]),
                n if n > 2 => offer(pattern, 2, 0.0, type2(b, &extra_cells, pair)),
                2 => {
                    let (c1, c2) = (extra_cells[0], extra_cells[1]);
                    let rest = (b.cands[c1] | b.cands[c2]) & !pair;
                    if rest.count_ones() == 1 {
                        offer(pattern, 2, 0.0, type2(b, &extra_cells, pair));
                    } else if rest.count_ones() >= 2 {
                        for (add, removals) in type3(b, c1, c2, v1, v2) {
                            offer(pattern, 3, add, removals);
                        }
                    }
                    offer(pattern, 4, 0.0, type4(b, c1, c2, v1, v2));
                }
                _ => {}
            }
        }
    }
    // A stable sort: the first of the easiest is the one found first.
    found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    for (_, _, hint) in found {
        out.offer(hint)?;
    }
    ControlFlow::Continue(())
}

fn type2(b: &Board, extra_cells: &[usize], pair: u16) -> Vec<(u8, u16)> {
    let value = first(b.cands[extra_cells[0]] & !pair);
    common_peers(extra_cells)
        .into_iter()
        .filter(|c| !extra_cells.contains(c) && b.cands[*c] & (1 << value) != 0)
        .map(|c| (c as u8, 1 << value))
        .collect()
}

fn type3(b: &Board, c1: usize, c2: usize, v1: u8, v2: u8) -> Vec<(f64, Vec<(u8, u16)>)> {
    let mut out = Vec::new();
    let pair = (1u16 << v1) | (1 << v2);
    let extra = (b.cands[c1] | b.cands[c2]) & !pair;
    for degree in extra.count_ones()..=7 {
        for (&h1, &h2) in CELL_HOUSES[c1].iter().zip(&CELL_HOUSES[c2]) {
            let house = h1 as usize;
            if h1 != h2 {
                continue;
            }
            let empty = b.empty_count(house);
            let (i1, i2) = (index_in(house, c1), index_in(house, c2));
            if degree * 2 <= empty {
                for combo in combinations(degree, 9) {
                    if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & b.cands[c1] & b.cands[c2];
                    let mut masks = Vec::new();
                    let mut others = Vec::new();
                    for i in (0..9).filter(|i| combo & (1 << i) != 0) {
                        if i == i1 {
                            masks.push(extra);
                        } else {
                            let cell = HOUSES[house][i] as usize;
                            masks.push(b.cands[cell]);
                            naked |= b.cands[cell];
                            others.push(cell);
                        }
                    }
                    if naked.count_ones() != degree {
                        continue;
                    }
                    let mut union = 0;
                    if masks.iter().any(|m| m.count_ones() <= 1) {
                        continue;
                    }
                    for m in &masks {
                        union |= m;
                    }
                    if union.count_ones() != degree {
                        continue;
                    }
                    let removals: Vec<(u8, u16)> = HOUSES[house]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| !others.contains(&c) && c != c1 && c != c2 && b.cands[c] & union != 0)
                        .map(|c| (c as u8, b.cands[c] & union))
                        .collect();
                    out.push((f64::from(degree - 1) * 0.1, removals));
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> =
                    (1..=9u8).filter(|&v| v != v1 && v != v2 && extra & (1 << v) == 0).collect();
                if degree - 2 > rem.len() as u32 {
                    continue;
                }
                for combo in combinations(degree - 2, rem.len() as u32) {
                    let mut values: Vec<u8> =
                        (0..rem.len()).filter(|i| combo & (1 << i) != 0).map(|i| rem[i]).collect();
                    values.push(v1);
                    values.push(v2);
                    let mut union = 0u16;
                    let mut ok = true;
                    for &v in &values {
                        let p = b.positions(house, v) & !(1 << i2);
                        if p == 0 {
                            ok = false;
                        }
                        union |= p;
                    }
                    if !ok || union.count_ones() != degree {
                        continue;
                    }
                    let hidden: u16 = values.iter().map(|&v| 1u16 << v).sum();
                    let idx = union & !(1 << i1) & !(1 << i2);
                    let removals: Vec<(u8, u16)> = (0..9)
                        .filter(|i| idx & (1 << i) != 0)
                        .map(|i| HOUSES[house][i] as usize)
                        .filter(|&c| b.cands[c] & !hidden != 0)
                        .map(|c| (c as u8, b.cands[c] & !hidden))
                        .collect();
                    out.push((f64::from(idx.count_ones().saturating_sub(1)) * 0.1, removals));
                }
            }
        }
    }
    out
}

fn type4(b: &Board, c1: usize, c2: usize, v1: u8, v2: u8) -> Vec<(u8, u16)> {
    let mut lock1 = false;
    let mut lock2 = false;
    for (&h1, &h2) in CELL_HOUSES[c1].iter().zip(&CELL_HOUSES[c2]) {
        let house = h1 as usize;
        if h1 != h2 {
            continue;
        }
        let others = HOUSES[house].iter().map(|&c| c as usize).filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= b.cands[c] & (1 << v1) != 0;
            has2 |= b.cands[c] & (1 << v2) != 0;
        }
        lock1 |= !has1;
        lock2 |= !has2;
    }
    let rem = if lock1 {
        v2
    } else if lock2 {
        v1
    } else {
        return Vec::new();
    };
    vec![(c1 as u8, 1 << rem), (c2 as u8, 1 << rem)]
}

/// BUG types 1 to 4: all cells but a few bivalue, every digit twice in every house but for the
/// extra candidates of those few cells.
pub(crate) fn bug(b: &Board, out: &mut dyn Steps) -> ControlFlow<()> {
    let mut temp = b.cands;
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<Vec<usize>> = None;
    for (house, cells) in HOUSES.iter().enumerate() {
        for v in 1..=9u8 {
            let pos = b.positions(house, v);
            let card = pos.count_ones();
            if card == 0 || card == 2 {
                continue;
            }
            let new: Vec<usize> = (0..9)
                .filter(|i| pos & (1 << i) != 0)
                .map(|i| cells[i] as usize)
                .filter(|&c| b.cands[c].count_ones() >= 3)
                .collect();
            if new.len() == 1 {
                let cell = new[0];
                if !bug_cells.contains(&cell) {
                    bug_cells.push(cell);
                }
                bug_values[cell] |= 1 << v;
                all_values |= 1 << v;
                temp[cell] &= !(1 << v);
                let peers: Vec<usize> = PEERS[cell].iter().map(|&c| c as usize).collect();
                let mut c = match common.take() {
                    None => peers,
                    Some(prev) => prev.into_iter().filter(|x| peers.contains(x)).collect(),
                };
                c.retain(|x| !bug_cells.contains(x));
                let empty = c.is_empty();
                common = Some(c);
                if bug_cells.len() > 1 && all_values.count_ones() > 1 && empty {
                    return ControlFlow::Continue(());
                }
            }
            if new.is_empty() {
                return ControlFlow::Continue(());
            }
        }
    }
    if (0..81).any(|c| b.values[c] == 0 && temp[c].count_ones() != 2) {
        return ControlFlow::Continue(());
    }
    for cells in &HOUSES {
        for v in 1..=9u8 {
            let n = cells.iter().filter(|&&c| temp[c as usize] & (1 << v) != 0).count();
            if n != 0 && n != 2 {
                return ControlFlow::Continue(());
            }
        }
    }
    let common = common.unwrap_or_default();
    let pattern = Pattern::of(all_values, bug_cells.iter().map(|&c| c as u8));
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        let removals = vec![(cell as u8, b.cands[cell] & !all_values)];
        return out.offer(Hint::removal(5.6, "BUG type 1", removals).on(pattern));
    }
    if all_values.count_ones() == 1 {
        let v = first(all_values);
        let removals: Vec<(u8, u16)> =
            common.iter().filter(|&&c| b.cands[c] & (1 << v) != 0).map(|&c| (c as u8, 1 << v)).collect();
        if !common.is_empty() && !removals.is_empty() {
            return out.offer(Hint::removal(5.7, "BUG type 2", removals).on(pattern));
        }
        if bug_cells.len() == 2 {
            return bug4(b, &bug_cells, &bug_values, all_values, out);
        }
        return ControlFlow::Continue(());
    }
    if common.is_empty() {
        return ControlFlow::Continue(());
    }
    if bug_cells.len() == 2 {
        bug4(b, &bug_cells, &bug_values, all_values, out)?;
    }
    bug3(b, &bug_cells, all_values, &common, out)
}

fn shared_houses(cells: &[usize]) -> impl Iterator<Item = usize> + '_ {
    (0..3).filter(move |&k| cells.iter().all(|&c| CELL_HOUSES[c][k] == CELL_HOUSES[cells[0]][k]))
}

fn bug3(
    b: &Board,
    bug_cells: &[usize],
    all_values: u16,
    common: &[usize],
    out: &mut dyn Steps,
) -> ControlFlow<()> {
    for kind in shared_houses(bug_cells) {
        let house = CELL_HOUSES[bug_cells[0]][kind];
        let region_cells: Vec<usize> =
            common.iter().copied().filter(|&c| CELL_HOUSES[c][kind] == house).collect();
        for degree in 2..=6u32 {
            if region_cells.len() < degree as usize {
                continue;
            }
            for combo in combinations(degree - 1, region_cells.len() as u32) {
                let naked_cells: Vec<usize> = (0..region_cells.len())
                    .filter(|i| combo & (1 << i) != 0)
                    .map(|i| region_cells[i])
                    .collect();
                let mut masks: Vec<u16> = naked_cells.iter().map(|&c| b.cands[c]).collect();
                let other: u16 = masks.iter().fold(0, |a, m| a | m);
                masks.push(all_values);
                if other.count_ones() != degree || masks.iter().any(|m| m.count_ones() <= 1) {
                    continue;
                }
                let set = masks.iter().fold(0, |a, m| a | m);
                if set.count_ones() != degree {
                    continue;
                }
                let removals: Vec<(u8, u16)> = region_cells
                    .iter()
                    .copied()
                    .filter(|c| !naked_cells.contains(c) && !bug_cells.contains(c) && b.cands[*c] & set != 0)
                    .map(|c| (c as u8, b.cands[c] & set))
                    .collect();
                if !removals.is_empty() {
                    let difficulty = 5.7 + f64::from(set.count_ones() - 1) * 0.1;
                    let cells = bug_cells.iter().chain(&naked_cells).map(|&c| c as u8);
                    out.offer(Hint::removal(difficulty, "BUG type 3", removals).on(Pattern::of(set, cells)))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn bug4(
    b: &Board,
    cells: &[usize],
    values: &[u16; 81],
    all_values: u16,
    out: &mut dyn Steps,
) -> ControlFlow<()> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = b.cands[c1] & b.cands[c2] & !all_values;
    if common.count_ones() != 1 || shared_houses(cells).next().is_none() {
        return ControlFlow::Continue(());
    }
    let keep = |c: usize| b.cands[c] & !values[c] & !common;
    let removals: Vec<(u8, u16)> =
        [(c1 as u8, keep(c1)), (c2 as u8, keep(c2))].into_iter().filter(|r| r.1 != 0).collect();
    if removals.is_empty() {
        return ControlFlow::Continue(());
    }
    let pattern = Pattern::of(all_values | common, cells.iter().map(|&c| c as u8));
    out.offer(Hint::removal(5.7, "BUG type 4", removals).on(pattern))
}
