//! The board's rules flattened for the hot loop: peers, houses, the houses of each cell, cages,
//! and the segments and overlaps that locked candidates work on.

use std::collections::HashMap;

use crate::grid::{Cell, Shape};
use crate::rules::{Board, HouseKind};

/// The smallest side on which propagation also looks for locked candidates. Measured on the 25×25
/// set: three to five times fewer guesses, under half the time. On 4×4 to 8×8 boards a guess is
/// cheaper than the pass. From 9 on, so the 9×9 variants (checked against brute force) exercise it.
pub(super) const LOCKED_FROM_SIDE: usize = 9;
/// The smallest side on which propagation also looks for naked and hidden pairs. Measured on the
/// 25×25 set: four times fewer guesses, under half the time; on 16×16, twice fewer guesses. From 9
/// on, like locked candidates, so the 9×9 variants exercise it.
pub(super) const PAIRS_FROM_SIDE: usize = 9;
/// Marks a cell outside every cage.
pub(super) const NO_CAGE: u16 = u16::MAX;

/// The board's rules, flattened for the hot loop.
pub(super) struct Tables {
    pub(super) shape: Shape,
    pub(super) side: usize,
    pub(super) full: u32,
    pub(super) peer_start: Vec<u32>,
    pub(super) peers: Vec<u16>,
    /// House `h` is `houses[h * side..(h + 1) * side]`.
    pub(super) houses: Vec<u16>,
    pub(super) house_count: usize,
    /// One bit for each house that can be marked dirty (the first 128).
    pub(super) all_houses: u128,
    /// For each cell, the houses it is in, one bit per house (houses past 128 are never marked dirty:
    /// hidden singles there are only an optimisation, and the board types cannot build so many).
    pub(super) cell_houses: Vec<u128>,
    pub(super) cages: Vec<CageRule>,
    pub(super) cell_cage: Vec<u16>,
    /// Segments of line∩box style intersections, for locked candidates (empty on small boards).
    pub(super) segs: Segments,
    /// Pairs of overlapping houses the segments do not cover (diagonals, windows), for locked
    /// candidates (empty on small boards).
    pub(super) overlaps: Vec<Overlap>,
    /// The houses with a segment view or an overlap: those a locked-candidates pass looks at.
    pub(super) locked_mask: u128,
    /// The houses with a segment view.
    pub(super) seg_mask: u128,
    /// Every house when the pairs pass is on, else none.
    pub(super) pairs_mask: u128,
    /// The houses in some overlap.
    pub(super) overlap_mask: u128,
}

/// Locked candidates at the granularity of intersections. Rows, columns, boxes and jigsaw regions
/// each partition the board (a *family*); for two families, every cell lies in one house of each,
/// so the nonempty intersections (*segments*) partition every house of either family. A digit that,
/// within a house, lies in a single segment is locked there and leaves the rest of the segment's
/// other house. Each segment's OR is computed once per pass and shared by the two houses it joins,
/// where checking pairs of houses would OR every cell of both houses for every pair.
#[derive(Default)]
pub(super) struct Segments {
    /// Segment `s` is `cells[start[s] as usize..start[s + 1] as usize]`.
    pub(super) start: Vec<u32>,
    pub(super) cells: Vec<u16>,
    /// For each segment, the views of its two houses.
    pub(super) seg_views: Vec<[u32; 2]>,
    pub(super) views: Vec<View>,
    /// View `v`'s segments are `view_segs[views[v].first as usize..views[v + 1].first as usize]`.
    pub(super) view_segs: Vec<u32>,
}

/// One house seen through one other family: the segments that partition it.
pub(super) struct View {
    pub(super) house: u32,
    pub(super) first: u32,
}

impl Segments {
    pub(super) fn seg_cells(&self, s: usize) -> &[u16] {
        &self.cells[self.start[s] as usize..self.start[s + 1] as usize]
    }
    /// The segments of view `v`; the last entry of `views` is a sentinel.
    pub(super) fn view_segs(&self, v: usize) -> &[u32] {
        &self.view_segs[self.views[v].first as usize..self.views[v + 1].first as usize]
    }
    pub(super) fn len(&self) -> usize {
        self.seg_views.len()
    }

    /// The segments for every two families of `families` (lists of house indices, each partitioning
    /// the board) whose intersections are not all single cells (rows and columns meet in one cell:
    /// a digit locked to one cell is a hidden single, found anyway).
    pub(super) fn new(cells: usize, families: &[Vec<usize>], distinct: &[Vec<u16>]) -> Segments {
        let mut out = Segments::default();
        let owner = |family: &Vec<usize>| {
            let mut o = vec![0usize; cells];
            for &h in family {
                for &c in &distinct[h] {
                    o[c as usize] = h;
                }
            }
            o
        };
        let mut first = Vec::new();
        for (i, fa) in families.iter().enumerate() {
            for fb in &families[i + 1..] {
                let (oa, ob) = (owner(fa), owner(fb));
                // Segments in order of first cell, each with its cells in reading order.
                let mut keys: Vec<(usize, usize)> = Vec::new();
                let mut members: Vec<Vec<u16>> = Vec::new();
                let mut index: HashMap<(usize, usize), usize> = HashMap::new();
                for c in 0..cells {
                    let key = (oa[c], ob[c]);
                    let k = *index.entry(key).or_insert_with(|| {
                        keys.push(key);
                        members.push(Vec::new());
                        keys.len() - 1
                    });
                    members[k].push(c as u16);
                }
                if members.iter().all(|m| m.len() < 2) {
                    continue;
                }
                let base_seg = out.seg_views.len();
                let base_view = first.len();
                // Views: every house of the first family, then every house of the second.
                let houses: Vec<usize> = fa.iter().chain(fb.iter()).copied().collect();
                for (k, &h) in houses.iter().enumerate() {
                    let side = usize::from(k >= fa.len());
                    first.push(out.view_segs.len() as u32);
                    out.views.push(View { house: h as u32, first: 0 });
                    for (j, key) in keys.iter().enumerate() {
                        if (if side == 0 { key.0 } else { key.1 }) == h {
                            out.view_segs.push((base_seg + j) as u32);
                        }
                    }
                }
                for (key, m) in keys.iter().zip(&members) {
                    out.start.push(out.cells.len() as u32);
                    out.cells.extend_from_slice(m);
                    let va =
                        fa.iter().position(|&h| h == key.0).expect("every cell is in a house of each family");
                    let vb =
                        fb.iter().position(|&h| h == key.1).expect("every cell is in a house of each family");
                    out.seg_views.push([(base_view + va) as u32, (base_view + fa.len() + vb) as u32]);
                }
            }
        }
        out.start.push(out.cells.len() as u32);
        for (v, f) in out.views.iter_mut().zip(&first) {
            v.first = *f;
        }
        out.views.push(View { house: u32::MAX, first: out.view_segs.len() as u32 });
        out
    }
}

/// Two houses that share cells: the shared cells and the rest of each.
pub(super) struct Overlap {
    pub(super) a: u32,
    pub(super) b: u32,
    pub(super) both: Vec<u16>,
    pub(super) a_only: Vec<u16>,
    pub(super) b_only: Vec<u16>,
}

pub(super) struct CageRule {
    pub(super) cells: Vec<u16>,
    pub(super) sum: u32,
}

impl Tables {
    pub(super) fn new(board: &Board) -> Tables {
        let shape = board.shape();
        let side = shape.side();
        let cells = shape.cells();
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for i in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(board.peers(Cell::from_index(i)));
        }
        peer_start.push(peers.len() as u32);
        let mut distinct: Vec<Vec<u16>> = Vec::new();
        let mut seen: HashMap<Vec<u16>, usize> = HashMap::new();
        // The families that partition the board, by kind, as indices into `distinct`.
        let mut families: Vec<(std::mem::Discriminant<HouseKind>, Vec<usize>)> = Vec::new();
        for h in board.houses() {
            let mut cells: Vec<u16> = h.cells.iter().map(|c| c.index() as u16).collect();
            cells.sort_unstable();
            let index = *seen.entry(cells.clone()).or_insert_with(|| {
                distinct.push(cells);
                distinct.len() - 1
            });
            if matches!(
                h.kind,
                HouseKind::Row(_) | HouseKind::Col(_) | HouseKind::Box(_) | HouseKind::Region(_)
            ) {
                let kind = std::mem::discriminant(&h.kind);
                match families.iter_mut().find(|f| f.0 == kind) {
                    Some(f) => f.1.push(index),
                    None => families.push((kind, vec![index])),
                }
            }
        }
        let mut cell_houses = vec![0u128; cells];
        for (h, house) in distinct.iter().enumerate().take(128) {
            for &c in house {
                cell_houses[c as usize] |= 1 << h;
            }
        }
        let houses: Vec<u16> = distinct.concat();
        let limit = distinct.len().min(128);
        let all_houses = if limit == 128 { u128::MAX } else { (1u128 << limit) - 1 };
        // Only families that really partition the board (as the board types build them) and whose
        // houses can be marked dirty take part in segments.
        let families: Vec<Vec<usize>> = families
            .into_iter()
            .map(|f| f.1)
            .filter(|f| {
                let mut seen = vec![false; cells];
                f.iter().all(|&h| h < limit)
                    && f.iter()
                        .flat_map(|&h| &distinct[h])
                        .all(|&c| !std::mem::replace(&mut seen[c as usize], true))
                    && seen.iter().all(|&x| x)
            })
            .collect();
        let mut in_family = 0u128;
        for &h in families.iter().flatten() {
            in_family |= 1 << h;
        }
        let mut overlaps = Vec::new();
        let mut segs = Segments::default();
        if side >= LOCKED_FROM_SIDE {
            segs = Segments::new(cells, &families, &distinct);
            let mut shared = vec![0usize; limit];
            for a in 0..limit {
                shared.fill(0);
                for &c in &distinct[a] {
                    let mut bits = cell_houses[c as usize] >> a >> 1;
                    while bits != 0 {
                        shared[a + 1 + bits.trailing_zeros() as usize] += 1;
                        bits &= bits - 1;
                    }
                }
                for b in a + 1..limit {
                    // Two family houses share a segment: handled there.
                    if shared[b] < 2 || (in_family >> a & in_family >> b & 1) == 1 {
                        continue;
                    }
                    let (ha, hb) = (&distinct[a], &distinct[b]);
                    let both: Vec<u16> = ha.iter().copied().filter(|c| hb.contains(c)).collect();
                    overlaps.push(Overlap {
                        a: a as u32,
                        b: b as u32,
                        a_only: ha.iter().copied().filter(|c| !both.contains(c)).collect(),
                        b_only: hb.iter().copied().filter(|c| !both.contains(c)).collect(),
                        both,
                    });
                }
            }
        }
        let overlap_mask = overlaps.iter().fold(0u128, |m, o| m | 1 << o.a | 1 << o.b);
        let seg_mask = segs.views.iter().filter(|v| v.house != u32::MAX).fold(0u128, |m, v| m | 1 << v.house);
        let mut cell_cage = vec![NO_CAGE; cells];
        let cages = board
            .cages()
            .iter()
            .enumerate()
            .map(|(k, c)| {
                for cell in &c.cells {
                    cell_cage[cell.index()] = k as u16;
                }
                CageRule { cells: c.cells.iter().map(|c| c.index() as u16).collect(), sum: c.sum }
            })
            .collect();
        Tables {
            shape,
            side,
            full: if side == 32 { u32::MAX } else { (1u32 << side) - 1 },
            peer_start,
            peers,
            house_count: distinct.len(),
            all_houses,
            houses,
            cell_houses,
            cages,
            cell_cage,
            segs,
            overlaps,
            locked_mask: seg_mask | overlap_mask,
            seg_mask,
            overlap_mask,
            pairs_mask: if side >= PAIRS_FROM_SIDE { all_houses } else { 0 },
        }
    }

    pub(super) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }
    pub(super) fn house(&self, h: usize) -> &[u16] {
        &self.houses[h * self.side..(h + 1) * self.side]
    }
}
