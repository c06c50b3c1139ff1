//! One-to-one filtering by bipartite matching: `n` items that must each take a different one of
//! exactly `n` values (the open cells of a house and the digits the house still needs) keep only
//! the values that some complete assignment gives them.
//!
//! An item–value pair is possible exactly when it lies in some perfect matching. Given one perfect
//! matching, a pair `(i, v)` outside it lies in another exactly when `i` and the item matched to `v`
//! are in the same strongly connected component of the graph "item → the item matched to each of
//! its values" (the alternating cycle through them swaps the two). On a house this subsumes the
//! naked and hidden subsets of every size.

/// No item (in `to_item`).
const NONE: u8 = u8::MAX;

/// Keeps in `adj[i]` (a bitmask of values, bit `v` for value `v`) only the values of item `i` that
/// some perfect matching of items `0..n` with the values of `universe` gives it.
///
/// `false` when no perfect matching exists (the items cannot all take different values): the state
/// has no solution. Every `adj[i]` must lie inside `universe`, which has exactly `n` values.
pub(super) fn filter(adj: &mut [u32], universe: u32) -> bool {
    let n = adj.len();
    debug_assert!(n <= 32 && universe.count_ones() as usize == n);
    debug_assert!(adj.iter().all(|&m| m & !universe == 0));
    let mut to_item = [NONE; 32];
    // Greedy first: most items take a free value at once, and only the rest need augmenting paths.
    let mut taken = 0u32;
    let mut open = 0u32;
    for (i, &m) in adj.iter().enumerate() {
        let free = m & !taken;
        if free == 0 {
            open |= 1 << i;
            continue;
        }
        let v = free.trailing_zeros();
        taken |= 1 << v;
        to_item[v as usize] = i as u8;
    }
    while open != 0 {
        let i = open.trailing_zeros() as usize;
        open &= open - 1;
        let mut seen = 0u32;
        if !augment(i, adj, &mut to_item, &mut seen) {
            return false;
        }
    }
    // The graph on the values instead of the items (each item named by its matched value): the
    // edges out of value `u` are then just the values of the item matched to it, with no transpose
    // to build. The way back is found by sweeps over the values not yet reached, which on a house's
    // few values costs less than building the transpose did.
    let mut out = [0u32; 32];
    let mut rest = universe;
    while rest != 0 {
        let u = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out[u] = adj[to_item[u] as usize];
    }
    // Components one at a time: those reachable from a pivot both ways. One component holding every
    // value (the common case) leaves every pair possible.
    let mut left = universe;
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        let component = closure(p, &out, left) & reaching(p, &out, left);
        left &= !component;
        if left == 0 && component == universe {
            break;
        }
        let mut rest = component;
        while rest != 0 {
            adj[to_item[rest.trailing_zeros() as usize] as usize] &= component;
            rest &= rest - 1;
        }
    }
    true
}

/// The values of `within` that `p` reaches along `edges` (`p` included).
fn closure(p: usize, edges: &[u32; 32], within: u32) -> u32 {
    let mut reach = 1u32 << p;
    let mut todo = reach;
    while todo != 0 {
        let j = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let new = edges[j] & within & !reach;
        reach |= new;
        todo |= new;
    }
    reach
}

/// The values of `within` that reach `p` along `edges` (`p` included).
fn reaching(p: usize, edges: &[u32; 32], within: u32) -> u32 {
    let mut reach = 1u32 << p;
    loop {
        let before = reach;
        let mut rest = within & !reach;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if edges[u] & reach != 0 {
                reach |= 1 << u;
            }
        }
        if reach == before {
            return reach;
        }
    }
}

/// Looks for an augmenting path from item `i` (Kuhn's algorithm); `seen` holds the values tried.
fn augment(i: usize, adj: &[u32], to_item: &mut [u8; 32], seen: &mut u32) -> bool {
    loop {
        let rest = adj[i] & !*seen;
        if rest == 0 {
            return false;
        }
        let v = rest.trailing_zeros() as usize;
        *seen |= 1 << v;
        let j = to_item[v];
        if j == NONE || augment(j as usize, adj, to_item, seen) {
            to_item[v] = i as u8;
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of each item that some assignment of different values gives it, by trying all.
    fn brute(adj: &[u32]) -> Option<Vec<u32>> {
        fn go(k: usize, adj: &[u32], used: u32, pick: &mut Vec<u32>, out: &mut Vec<u32>) {
            if k == adj.len() {
                for (o, &p) in out.iter_mut().zip(pick.iter()) {
                    *o |= 1 << p;
                }
                return;
            }
            let mut rest = adj[k] & !used;
            while rest != 0 {
                let v = rest.trailing_zeros();
                rest &= rest - 1;
                pick.push(v);
                go(k + 1, adj, used | 1 << v, pick, out);
                pick.pop();
            }
        }
        let mut out = vec![0; adj.len()];
        go(0, adj, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    fn naked_and_hidden_triples() {
        // Items 0-2 share values 0-2 (a naked triple): the others lose them. Values 3 and 4 are
        // only in items 3 and 4 (a hidden pair): they keep nothing else.
        let mut adj = [0b000011, 0b000110, 0b000101, 0b111111, 0b011111, 0b100111];
        assert!(filter(&mut adj, 0b111111));
        assert_eq!(adj, [0b000011, 0b000110, 0b000101, 0b011000, 0b011000, 0b100000]);
    }

    #[test]
    fn no_matching_is_a_contradiction() {
        let mut adj = [0b001, 0b001, 0b111];
        assert!(!filter(&mut adj, 0b111));
    }

    #[test]
    fn agrees_with_trying_every_assignment() {
        let mut state = 12345u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        for round in 0..3000 {
            let n = 1 + round % 7;
            let universe = (1u32 << n) - 1;
            let mut adj: Vec<u32> = (0..n).map(|_| next() & next() & universe).collect();
            let expected = brute(&adj);
            let got = filter(&mut adj, universe);
            match expected {
                Some(e) => {
                    assert!(got, "round {round}");
                    assert_eq!(adj, e, "round {round}");
                }
                None => assert!(!got, "round {round}"),
            }
        }
    }
}
