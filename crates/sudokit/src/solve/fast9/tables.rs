//! Tables of the fast engine, all built at compile time, and the bit helpers that read band words
//! with them (the layout is drawn in `state.rs`). Every table is a `static` or a `const`: nothing
//! is built at run time and nothing is mutable.

pub(super) const ALL: u32 = 0o777_777_777;
/// One bit per digit-band, for masks over `cand`.
pub(super) const EVERY_WORD: u32 = (1 << 27) - 1;
pub(super) const ROW: u32 = 0o777;

/// A row's 9 bits reduced to the 3 boxes it touches.
pub(super) static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        t[v] = ((v & 0o7 != 0) as u8) | (((v & 0o70 != 0) as u8) << 1) | (((v & 0o700 != 0) as u8) << 2);
        v += 1;
    }
    t
};

/// A 3×3 incidence matrix (bit `3*line + slot`) to its entries that lie on some permutation
/// (one entry per line and per slot); 0 when there is none.
pub(super) static PERMUTE9: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0usize;
    while s < 512 {
        let mut keep = 0usize;
        let mut p = 0;
        while p < 6 {
            let bits = perm_bits(PERMS[p]);
            if s & bits == bits {
                keep |= bits;
            }
            p += 1;
        }
        t[s] = keep as u16;
        s += 1;
    }
    t
};

/// Row×box incidence of a band (bit `3*row + box`) to the cells of the minirows that lie on
/// some permutation; [`PERMUTE9`] expanded to cells.
pub(super) static PERMUTE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0usize;
    while s < 512 {
        let keep = PERMUTE9[s] as usize;
        let mut cells = 0u32;
        let mut i = 0;
        while i < 9 {
            if keep & (1 << i) != 0 {
                cells |= 0o7 << ((i / 3) * 9 + (i % 3) * 3);
            }
            i += 1;
        }
        t[s] = cells;
        s += 1;
    }
    t
};

/// Columns a digit can use in a band (9 bits) to the mask to keep in the two other bands:
/// a box confined to one column owns that column.
pub(super) static COLUMN_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut c = 0usize;
    while c < 512 {
        let mut keep = ALL;
        let mut k = 0;
        while k < 3 {
            let g = (c >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                keep &= !(0o001_001_001 << (3 * k + g.trailing_zeros() as usize));
            }
            k += 1;
        }
        t[c] = keep;
        c += 1;
    }
    t
};

/// The row and the box of cell `p` of a band, as a band mask.
pub(super) const fn row_and_box(p: usize) -> u32 {
    (ROW << (9 * (p / 9))) | (0o007_007_007 << (3 * ((p % 9) / 3)))
}

/// For a cell of a band: the band mask without its row and box, but with the cell itself.
pub(super) static PLACE_KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (ALL & !row_and_box(p)) | (1 << p);
        p += 1;
    }
    t
};

/// For digit-band `i`, the same digit's words in the two other bands.
pub(super) static COLUMN_WORDS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let base = i - i % 3;
        t[i] = (1 << (base + (i + 1) % 3)) | (1 << (base + (i + 2) % 3));
        i += 1;
    }
    t
};

/// For cell `p` of band `b`, at index `b * 32 + p`: its peers (row, box and column) as a mask
/// over the three bands' words side by side (band `k` in bits `32k..32k + 27`). Padded to 128
/// entries, so that an index masked to 7 bits needs no bounds check.
pub(super) static PEERS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut b = 0;
    while b < 3 {
        let mut p = 0;
        while p < 27 {
            let col = column_bits(p % 9) as u128;
            t[b * 32 + p] = (col << 64 | col << 32 | col) & !((ALL as u128) << (32 * b))
                | (row_and_box(p) as u128) << (32 * b);
            p += 1;
        }
        b += 1;
    }
    t
};

/// The cells of a band word that are alone in their row: the digit is placed there. Every row
/// of `y` must be non-empty, so that `r & (r - 1) == 0` means exactly one cell.
#[inline(always)]
pub(super) fn row_singles(y: u32) -> u32 {
    let r0 = y & ROW;
    let r1 = (y >> 9) & ROW;
    let r2 = y >> 18;
    let single = (((r0 & r0.wrapping_sub(1)) == 0) as u32 * ROW)
        | (((r1 & r1.wrapping_sub(1)) == 0) as u32 * (ROW << 9))
        | (((r2 & r2.wrapping_sub(1)) == 0) as u32 * (ROW << 18));
    y & single
}

/// The columns (9 bits) where a band word has a cell.
#[inline(always)]
pub(super) const fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// The three cells of column `c` inside a band.
pub(super) const fn column_bits(c: usize) -> u32 {
    0o001_001_001 << c
}

pub(super) const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

pub(super) const fn perm_bits(q: [usize; 3]) -> usize {
    (1 << q[0]) | (1 << (3 + q[1])) | (1 << (6 + q[2]))
}

/// A band word's row×box incidence (bit `3*row + box`), the index of [`PERMUTE`].
#[inline(always)]
pub(super) fn shrink(x: u32) -> usize {
    SHRINK[(x & ROW) as usize] as usize
        | (SHRINK[((x >> 9) & ROW) as usize] as usize) << 3
        | (SHRINK[(x >> 18) as usize] as usize) << 6
}

/// The three columns of each stack turned by one: bit `c` takes the next column of its stack
/// (the third takes the first).
#[inline(always)]
pub(super) const fn turn(c: u32) -> u32 {
    (c >> 1) & 0o333 | (c << 2) & 0o444
}

/// For one digit, the columns each band can use (9 bits per band, three per stack) reduced to
/// the entries on some permutation of each stack's band×column matrix (the table [`PERMUTE9`]
/// as bit arithmetic, all three stacks at once): entry (band, column) stays when the two other
/// bands can take the two other columns of its stack, one each, in either order.
#[inline(always)]
pub(super) fn stack_matchings(c: [u32; 3]) -> [u32; 3] {
    let one = c.map(turn);
    let two = one.map(turn);
    let mut keep = [0u32; 3];
    for b in 0..3 {
        let (p, q) = ((b + 1) % 3, (b + 2) % 3);
        keep[b] = c[b] & ((one[p] & two[q]) | (two[p] & one[q]));
    }
    keep
}
