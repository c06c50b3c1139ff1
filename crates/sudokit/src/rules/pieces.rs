//! Whether a set of cells is in one piece, joined through shared sides: what a jigsaw region (and a
//! killer cage) must be for the generators, and what the walls of a drawn jigsaw can show.

/// The orthogonal neighbours of cell `i` on a board of side `n`.
pub(crate) fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    let up = (r > 0).then(|| i - n);
    let down = (r + 1 < n).then(|| i + n);
    let left = (c > 0).then(|| i - 1);
    let right = (c + 1 < n).then(|| i + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Whether the cells labelled `region` in `map` (one label per cell of an `n`×`n` board, row-major)
/// are orthogonally connected (an empty region counts as connected).
pub(crate) fn region_connected(map: &[u8], n: usize, region: u8) -> bool {
    let Some(start) = map.iter().position(|&r| r == region) else { return true };
    let size = map.iter().filter(|&&r| r == region).count();
    let mut seen = vec![false; map.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for j in neighbours(i, n) {
            if map[j] == region && !seen[j] {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == size
}
