//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5): a digit is removed from one
//! of two or three cells when every combination using it is impossible, because two of the cells
//! that see each other would share the digit, or because a cell seeing all of them (an
//! "excluder", holding two to `degree` candidates) would be left empty.

use super::board::{combinations, digits, sees, Board, PEERS};
use super::hint::Hint;

/// Aligned exclusion over `degree` (2 or 3) cells, in Sudoku Explainer's search order.
pub(crate) fn aligned_exclusion(b: &Board, degree: usize) -> Option<Hint> {
    let mut candidates: Vec<usize> = Vec::new();
    let mut excluders: Vec<Vec<usize>> = vec![Vec::new(); 81];
    for cell in 0..81 {
        if b.cands[cell].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut list = Vec::new();
        for &o in &PEERS[cell] {
            let card = b.cands[o as usize].count_ones() as usize;
            if card == 1 {
                single = true;
            } else if (2..=degree).contains(&card) {
                list.push(o as usize);
            }
        }
        if !single && !list.is_empty() {
            candidates.push(cell);
            excluders[cell] = list;
        }
    }
    if candidates.len() < degree {
        return None;
    }
    let mut is_candidate = [false; 81];
    for &c in &candidates {
        is_candidate[c] = true;
    }
    for pair in combinations(2, candidates.len() as u32) {
        let i0 = pair.trailing_zeros() as usize;
        let i1 = (pair & !(1 << i0)).trailing_zeros() as usize;
        let (c0, c1) = (candidates[i0], candidates[i1]);
        let tails: Vec<usize> = if degree == 2 {
            Vec::new()
        } else {
            let mut area: Vec<usize> = Vec::new();
            for &e in excluders[c0].iter().chain(&excluders[c1]) {
                if is_candidate[e] && e != c0 && e != c1 && !area.contains(&e) {
                    area.push(e);
                }
            }
            area
        };
        if tails.len() < degree - 2 {
            continue;
        }
        for tail in combinations(degree as u32 - 2, tails.len() as u32) {
            let mut cells = vec![c0, c1];
            cells.extend((0..tails.len()).filter(|i| tail & (1 << i) != 0).map(|i| tails[i]));
            let common: Vec<usize> = excluders[cells[0]]
                .iter()
                .copied()
                .filter(|e| cells[1..].iter().all(|&c| excluders[c].contains(e)))
                .collect();
            if common.len() < 2 {
                continue;
            }
            if let Some(h) = exclude(b, &cells, &common) {
                return Some(h);
            }
        }
    }
    None
}

fn exclude(b: &Board, cells: &[usize], common: &[usize]) -> Option<Hint> {
    let options: Vec<Vec<u8>> = cells.iter().map(|&c| digits(b.cands[c]).collect()).collect();
    let mut allowed = vec![0u16; cells.len()];
    let mut combo = vec![0u8; cells.len()];
    fn walk(
        b: &Board,
        cells: &[usize],
        common: &[usize],
        options: &[Vec<u8>],
        combo: &mut Vec<u8>,
        k: usize,
        allowed: &mut [u16],
    ) {
        if k == cells.len() {
            let used: u16 = combo.iter().map(|&d| 1u16 << d).fold(0, |a, m| a | m);
            if common.iter().any(|&e| b.cands[e] & !used == 0) {
                return;
            }
            for (i, &d) in combo.iter().enumerate() {
                allowed[i] |= 1 << d;
            }
            return;
        }
        for &d in &options[k] {
            if (0..k).any(|j| combo[j] == d && sees(cells[j], cells[k])) {
                continue;
            }
            combo[k] = d;
            walk(b, cells, common, options, combo, k + 1, allowed);
        }
    }
    walk(b, cells, common, &options, &mut combo, 0, &mut allowed);
    let removals: Vec<(u8, u16)> = cells
        .iter()
        .enumerate()
        .filter(|&(i, &c)| b.cands[c] & !allowed[i] != 0)
        .map(|(i, &c)| (c as u8, b.cands[c] & !allowed[i]))
        .collect();
    if removals.is_empty() {
        return None;
    }
    let (difficulty, name) =
        if cells.len() == 2 { (6.2, "Aligned Pair Exclusion") } else { (7.5, "Aligned Triplet Exclusion") };
    Some(Hint::removal(difficulty, name, removals))
}
