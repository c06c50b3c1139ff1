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
    let mut to_value = [0u8; 32];
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
        to_value[i] = v as u8;
    }
    while open != 0 {
        let i = open.trailing_zeros() as usize;
        open &= open - 1;
        let mut seen = 0u32;
        if !augment(i, adj, &mut to_item, &mut to_value, &mut seen) {
            return false;
        }
    }
    // The edges item -> item, both ways: out[i] holds the items matched to i's values (i itself
    // among them), into[j] the items with an edge to j.
    let mut out = [0u32; 32];
    let mut into = [0u32; 32];
    for (i, &m) in adj.iter().enumerate() {
        let mut rest = m;
        while rest != 0 {
            let j = to_item[rest.trailing_zeros() as usize] as usize;
            rest &= rest - 1;
            out[i] |= 1 << j;
            into[j] |= 1 << i;
        }
    }
    // Components one at a time: those reachable from a pivot both ways. One component holding every
    // item (the common case) leaves every pair possible.
    let mut left = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        let component = closure(p, &out, left) & closure(p, &into, left);
        left &= !component;
        if left == 0 && component.count_ones() as usize == n {
            break;
        }
        let mut values = 0u32;
        let mut rest = component;
        while rest != 0 {
            values |= 1 << to_value[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let mut rest = component;
        while rest != 0 {
            adj[rest.trailing_zeros() as usize] &= values;
            rest &= rest - 1;
        }
    }
    true
}

/// The items of `within` that `p` reaches along `edges` (`p` included).
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

/// Looks for an augmenting path from item `i` (Kuhn's algorithm); `seen` holds the values tried.
fn augment(i: usize, adj: &[u32], to_item: &mut [u8; 32], to_value: &mut [u8; 32], seen: &mut u32) -> bool {
    loop {
        let rest = adj[i] & !*seen;
        if rest == 0 {
            return false;
        }
        let v = rest.trailing_zeros() as usize;
        *seen |= 1 << v;
        let j = to_item[v];
        if j == NONE || augment(j as usize, adj, to_item, to_value, seen) {
            to_item[v] = i as u8;
            to_value[i] = v as u8;
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
