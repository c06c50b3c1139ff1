//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5): a digit is removed from one
//! of two or three cells when every combination using it is impossible, because two of the cells
//! that see each other would share the digit, or because a cell seeing all of them (an
//! "excluder", holding two to `degree` candidates) would be left empty.

use super::board::{combinations, digits, sees, Board, PEERS};
use super::hint::Hint;

/// Aligned exclusion over `degree` (2 or 3) cells, in Sudoku Explainer's search order.
pub(crate) fn aligned_exclusion(b: &Board, degree: usize) -> Option<Hint> {
    let mut candidates: Vec<usize> = Vec::new();
    // Per cell: its excluders as a cell mask, and in Sudoku Explainer's house-cell order.
    let mut excluder_mask = [0u128; 81];
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
            excluder_mask[cell] = list.iter().fold(0, |m, &c| m | 1u128 << c);
            excluders[cell] = list;
        }
    }
    if candidates.len() < degree {
        return None;
    }
    let candidate_mask = candidates.iter().fold(0u128, |m, &c| m | 1 << c);
    let mut tails: Vec<usize> = Vec::new();
    for pair in combinations(2, candidates.len() as u32) {
        let i0 = pair.trailing_zeros() as usize;
        let i1 = (pair & !(1 << i0)).trailing_zeros() as usize;
        let (c0, c1) = (candidates[i0], candidates[i1]);
        let pair_common = excluder_mask[c0] & excluder_mask[c1];
        if degree == 2 {
            if pair_common.count_ones() >= 2 {
                if let Some(h) = exclude(b, &[c0, c1], pair_common) {
                    return Some(h);
                }
            }
            continue;
        }
        let area = (excluder_mask[c0] | excluder_mask[c1]) & candidate_mask & !(1u128 << c0) & !(1u128 << c1);
        if area == 0 || pair_common.count_ones() < 2 {
            continue;
        }
        tails.clear();
        for &e in excluders[c0].iter().chain(&excluders[c1]) {
            if area & (1 << e) != 0 && !tails.contains(&e) {
                tails.push(e);
            }
        }
        for &t in &tails {
            let common = pair_common & excluder_mask[t];
            if common.count_ones() >= 2 {
                if let Some(h) = exclude(b, &[c0, c1, t], common) {
                    return Some(h);
                }
            }
        }
    }
    None
}

fn exclude(b: &Board, cells: &[usize], common: u128) -> Option<Hint> {
    let excluders: Vec<u16> = (0..81).filter(|&c| common & (1 << c) != 0).map(|c| b.cands[c]).collect();
    let mut allowed = [0u16; 3];
    let mut combo = [0u8; 3];
    fn walk(b: &Board, cells: &[usize], excluders: &[u16], combo: &mut [u8; 3], k: usize, allowed: &mut [u16; 3]) {
        if k == cells.len() {
            let used = combo[..k].iter().fold(0u16, |a, &d| a | 1 << d);
            if excluders.iter().any(|&e| e & !used == 0) {
                return;
            }
            for (i, &d) in combo[..k].iter().enumerate() {
                allowed[i] |= 1 << d;
            }
            return;
        }
        for d in digits(b.cands[cells[k]]) {
            if (0..k).any(|j| combo[j] == d && sees(cells[j], cells[k])) {
                continue;
            }
            combo[k] = d;
            walk(b, cells, excluders, combo, k + 1, allowed);
        }
    }
    walk(b, cells, &excluders, &mut combo, 0, &mut allowed);
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
