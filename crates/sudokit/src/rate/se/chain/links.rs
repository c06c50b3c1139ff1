//! A grid's links as the chain searches follow them: each candidate's strong links (the other
//! candidate of a bivalue cell, the digit's other place in a house of two) and weak links (what
//! its "on" turns off), and what a search read of the grid ([`Reads`]), which, read the other way,
//! tells where two grids differ.

use crate::rate::se::board::{
    cand, cell_of, digit_of, digits, first, two, Positions, CELL_HOUSES, CELL_INDEX, HOUSES, IN_BLOCK,
};

/// The links of one grid, looked up by the static searches
/// ([`Chainer::cycles`](super::Chainer::cycles), [`Chainer::forcing`](super::Chainer::forcing))
/// for every potential they spread instead of being worked out again.
pub(super) struct Links {
    /// Per candidate: the other candidate of its cell when the cell has two, else [`NO_CAND`].
    pub(super) cell: [u16; 729],
    /// Per candidate: the digit's other place in its block, row and column when the house has two
    /// places; [`NO_CAND`] where not, and where an earlier house gave the same place.
    pub(super) house: [[u16; 3]; 729],
    /// Per candidate: which of `cell` (bit 0) and `house` (bits 1 to 3) hold a candidate.
    pub(super) strong: [u8; 729],
    /// Per candidate, once asked for: where its weak links ([`on_to_off`] with Y-links)
    /// start in `weak`, how many are in its cell (they come first) and how many there are.
    pub(super) weak_at: [(u32, u8, u8); 729],
    pub(super) weak: Vec<(u16, u8)>,
    scratch: Vec<(u16, u8)>,
    /// Per candidate and kind of links (X, Y, both; see [`kind`]), once asked for: where in
    /// `reads` is what a static search reads of the grid when it spreads the candidate's "on".
    pub(super) reads_at: [[u32; 3]; 729],
    pub(super) reads: Vec<Reads>,
    /// The candidates with an entry in `cell`, `house` or `strong` (some more than once), and
    /// those with one in `weak_at` (and so perhaps in `reads_at`): what to clear for the next
    /// grid.
    strong_cands: Vec<u16>,
    weak_cands: Vec<u16>,
}

/// The index of a kind of links: X only, Y only, both.
fn kind(y: bool, x: bool) -> usize {
    usize::from(y) + usize::from(y && x)
}

pub(super) const NO_CAND: u16 = u16::MAX;

/// The bits of [`Links::strong`] that links of the kind use: the cell with Y-links (`y`), the
/// houses with X-links (`x`).
pub(super) fn strong_kinds(y: bool, x: bool) -> u8 {
    u8::from(y) | if x { 0b1110 } else { 0 }
}

impl Links {
    /// The links of a grid, in `spare`'s memory if given.
    pub(super) fn new(spare: Option<Box<Links>>, cands: &[u16; 81], pos: &Positions) -> Box<Links> {
        let mut s = match spare {
            Some(mut s) => {
                // Only the entries the last grid set: nested searches meet thousands of grids a
                // step, and clearing the whole tables (21 KB) for each was 1.5% of a rating's
                // instructions.
                for &c in &s.strong_cands {
                    let c = usize::from(c);
                    s.cell[c] = NO_CAND;
                    s.house[c] = [NO_CAND; 3];
                    s.strong[c] = 0;
                }
                s.strong_cands.clear();
                s.weak.clear();
                for &c in &s.weak_cands {
                    let c = usize::from(c);
                    s.weak_at[c] = (u32::MAX, 0, 0);
                    s.reads_at[c] = [u32::MAX; 3];
                }
                s.weak_cands.clear();
                s.reads.clear();
                s
            }
            None => Box::new(Links {
                cell: [NO_CAND; 729],
                house: [[NO_CAND; 3]; 729],
                strong: [0; 729],
                weak_at: [(u32::MAX, 0, 0); 729],
                weak: Vec::with_capacity(2048),
                scratch: Vec::new(),
                reads_at: [[u32::MAX; 3]; 729],
                reads: Vec::with_capacity(512),
                strong_cands: Vec::with_capacity(256),
                weak_cands: Vec::with_capacity(256),
            }),
        };
        for (cell, &m) in cands.iter().enumerate() {
            if !two(m) {
                continue;
            }
            let a = first(m);
            let b = first(m & !(1 << a));
            let (ca, cb) = (cand(cell, a), cand(cell, b));
            s.cell[ca as usize] = cb;
            s.cell[cb as usize] = ca;
            s.strong[ca as usize] = 1;
            s.strong[cb as usize] = 1;
            s.strong_cands.extend([ca, cb]);
        }
        // Houses in their order (blocks, rows, columns), which is each cell's order of its houses.
        for (house, cells) in HOUSES.iter().enumerate() {
            for d in 1..=9u8 {
                let places = pos[house][d as usize];
                if !two(places) {
                    continue;
                }
                let i = places.trailing_zeros() as usize;
                let j = (places & !(1 << i)).trailing_zeros() as usize;
                let (a, b) = (cells[i] as usize, cells[j] as usize);
                for (at, other) in [(a, cand(b, d)), (b, cand(a, d))] {
                    let c = cand(at, d) as usize;
                    let k = house / 9;
                    if !s.house[c][..k].contains(&other) {
                        s.house[c][k] = other;
                        s.strong[c] |= 2 << k;
                        s.strong_cands.push(c as u16);
                    }
                }
            }
        }
        s
    }

    /// Where the weak links of `c` are in `weak` (those in its cell only with `y`).
    pub(super) fn weak_range(
        &mut self,
        cands: &[u16; 81],
        pos: &Positions,
        c: u16,
        y: bool,
    ) -> std::ops::Range<usize> {
        let (mut start, mut in_cell, mut len) = self.weak_at[c as usize];
        if start == u32::MAX {
            on_to_off(cands, pos, c, true, &mut self.scratch);
            start = self.weak.len() as u32;
            in_cell = self.scratch.iter().filter(|&&(_, cause)| cause == 1).count() as u8;
            len = self.scratch.len() as u8;
            self.weak.extend_from_slice(&self.scratch);
            self.weak_at[c as usize] = (start, in_cell, len);
            self.weak_cands.push(c);
        }
        let from = if y { start } else { start + u32::from(in_cell) };
        from as usize..(start + u32::from(len)) as usize
    }

    /// What spreading "`c` is on" reads of the grid, with Y-links (`y`) and X-links (`x`): the
    /// candidate's own cell and houses, and what the links of each "off" it gives read (the reads
    /// of [`Chainer::read`](super::Chainer::read) for `c` with X-links and for its weak links, all
    /// of them: a search that skips an "off" it has met has read its links before).
    pub(super) fn reads(&mut self, cands: &[u16; 81], pos: &Positions, c: u16, y: bool, x: bool) -> &Reads {
        let kind = kind(y, x);
        let mut at = self.reads_at[c as usize][kind];
        if at == u32::MAX {
            let mut r = Reads::default();
            r.note(c, y, true);
            for i in self.weak_range(cands, pos, c, y) {
                r.note(self.weak[i].0, y, x);
            }
            at = self.reads.len() as u32;
            self.reads.push(r);
            self.reads_at[c as usize][kind] = at;
        }
        &self.reads[at as usize]
    }
}

/// Each cell's houses as a set of house indices.
const CELL_HOUSE_MASK: [u32; 81] = {
    let mut masks = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let [a, b, c] = CELL_HOUSES[cell];
        masks[cell] = (1 << a) | (1 << b) | (1 << c);
        cell += 1;
    }
    masks
};

/// What a chain search from one assumption looked at on the grid: the cells whose candidates it
/// read, and per digit the houses whose places of that digit it read. Read the other way, the
/// same sets tell where two grids differ.
#[derive(Clone, Copy, Default)]
pub(super) struct Reads {
    cells: u128,
    houses: [u32; 10],
}

impl Reads {
    pub(super) fn cell(&mut self, cell: usize) {
        self.cells |= 1 << cell;
    }

    pub(super) fn houses_of(&mut self, cell: usize, d: u8) {
        self.houses[d as usize] |= CELL_HOUSE_MASK[cell];
    }

    /// What the links of candidate `c` read of the grid: its cell's candidates with Y-links
    /// (`y`), its digit's places in its houses with X-links (`x`).
    pub(super) fn note(&mut self, c: u16, y: bool, x: bool) {
        let (cell, d) = (cell_of(c), digit_of(c));
        if y {
            self.cell(cell);
        }
        if x {
            self.houses_of(cell, d);
        }
    }

    pub(super) fn add(&mut self, other: &Reads) {
        self.cells |= other.cells;
        for (a, b) in self.houses.iter_mut().zip(&other.houses) {
            *a |= b;
        }
    }

    /// Where the grids `a` and `b` differ.
    pub(super) fn diff(a: &[u16; 81], b: &[u16; 81]) -> Reads {
        let mut r = Reads::default();
        for cell in 0..81 {
            let changed = a[cell] ^ b[cell];
            if changed != 0 {
                r.cell(cell);
                for d in digits(changed) {
                    r.houses_of(cell, d);
                }
            }
        }
        r
    }

    pub(super) fn meets(&self, other: &Reads) -> bool {
        self.cells & other.cells != 0 || self.houses.iter().zip(&other.houses).any(|(a, b)| a & b != 0)
    }
}

/// What an "on" potential turns off: the cell's other candidates (with Y-links), then the digit
/// elsewhere in its block, row and column; each with its cause (as
/// [`Node::cause`](super::Node::cause)).
pub(super) fn on_to_off(cands: &[u16; 81], pos: &Positions, c: u16, y: bool, out: &mut Vec<(u16, u8)>) {
    out.clear();
    let (cell, d) = (cell_of(c), digit_of(c));
    if y {
        for v in digits(cands[cell]) {
            if v != d {
                out.push((cand(cell, v), 1));
            }
        }
    }
    for k in 0..3 {
        let house = CELL_HOUSES[cell][k] as usize;
        // The row and column skip the block's cells, already taken with the block.
        let mut rest = pos[house][d as usize] & !(1 << CELL_INDEX[cell][k]) & !IN_BLOCK[cell][k];
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out.push((cand(HOUSES[house][i] as usize, d), 2 + house as u8));
        }
    }
}
