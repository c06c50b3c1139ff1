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
    // Only an excluder whose candidates all lie among the cells' can ever be emptied. Without one,
    // nothing is excluded: cells that all see each other share a house, and a Hall violation
    // among two or three of them would be a naked pair there, which is tried before.
    let union = cells.iter().fold(0u16, |a, &c| a | b.cands[c]);
    let mut excluder_buf = [0u16; 20];
    let mut n = 0;
    let mut rest = common;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if b.cands[c] & !union == 0 && n < excluder_buf.len() {
            excluder_buf[n] = b.cands[c];
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let excluders = &excluder_buf[..n];
    let blocked = |used: u16| excluders.iter().any(|&e| e & !used == 0);
    let mut opt_buf = [[0u8; 9]; 3];
    let mut lens = [0usize; 3];
    for (i, &c) in cells.iter().enumerate() {
        for d in digits(b.cands[c]) {
            opt_buf[i][lens[i]] = d;
            lens[i] += 1;
        }
    }
    let opts: [&[u8]; 3] = [&opt_buf[0][..lens[0]], &opt_buf[1][..lens[1]], &opt_buf[2][..lens[2]]];
    let mut allowed = [0u16; 3];
    let see01 = sees(cells[0], cells[1]);
    for &d0 in opts[0] {
        for &d1 in opts[1] {
            if d0 == d1 && see01 {
                continue;
            }
            let used01 = (1u16 << d0) | (1 << d1);
            if cells.len() == 2 {
                if !blocked(used01) {
                    allowed[0] |= 1 << d0;
                    allowed[1] |= 1 << d1;
                }
                continue;
            }
            for &d2 in opts[2] {
                if (d2 == d0 && sees(cells[0], cells[2])) || (d2 == d1 && sees(cells[1], cells[2])) {
                    continue;
                }
                if !blocked(used01 | 1 << d2) {
                    allowed[0] |= 1 << d0;
                    allowed[1] |= 1 << d1;
                    allowed[2] |= 1 << d2;
                }
            }
        }
    }
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
