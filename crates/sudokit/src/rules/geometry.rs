//! The geometry of a board: its houses and cages flattened into index tables, with the
//! intersections that locked candidates work on. It depends only on the board, so it is built once
//! per board (on first use, see [`Board::geometry`]) and shared by every search on it and by every
//! clone of the board.
//!
//! ```text
//!   houses        house h -> its `side` cells (identical houses, e.g. diagonals added twice, merged),
//!                 then the houses the rules imply (`Board::implied_houses`)
//!   peers         cell -> cells that must differ: the board's peers and the implied houses' ones
//!   cell_houses   cell -> bitmask of the houses it is in (the first 128 houses)
//!   cages         cage -> cells and sum; cell_cage: cell -> its cage
//!   segments      house∩house pieces of rows, columns, boxes and regions; house -> its pieces
//!   overlaps      other pairs of houses sharing two or more cells (diagonals, windows)
//! ```
//!
//! Which of these tables a search uses (locked candidates only from some size on, for instance) is
//! the engine's choice.

use std::collections::HashMap;

use super::board::{Board, HouseKind};
use crate::grid::Cell;

/// Marks a cell outside every cage.
pub(crate) const NO_CAGE: u16 = u16::MAX;

/// A board's houses and cages as index tables, for the engines' hot loops.
pub(crate) struct Geometry {
    /// The board side: cells per house, digits per cell.
    pub(crate) side: usize,
    /// Every digit of the board, bit `d - 1` for digit `d`.
    pub(crate) full: u32,
    /// House `h` is `houses[h * side..(h + 1) * side]`.
    pub(crate) houses: Vec<u16>,
    /// How many distinct houses there are.
    pub(crate) house_count: usize,
    /// One bit for each house that can be marked dirty (the first 128).
    pub(crate) all_houses: u128,
    /// For each cell, the houses it is in, one bit per house (houses past 128 are never marked dirty:
    /// hidden singles there are only an optimisation, and the board types cannot build so many).
    pub(crate) cell_houses: Vec<u128>,
    /// The killer cages, in the board's order.
    pub(crate) cages: Vec<CageRule>,
    /// For each cell, its cage, or [`NO_CAGE`].
    pub(crate) cell_cage: Vec<u16>,
    /// Segments of line∩box style intersections, for locked candidates.
    pub(crate) segs: Segments,
    /// Pairs of overlapping houses the segments do not cover (diagonals, windows), for locked
    /// candidates.
    pub(crate) overlaps: Vec<Overlap>,
    /// The houses with a segment view.
    pub(crate) seg_mask: u128,
    /// The houses in some overlap.
    pub(crate) overlap_mask: u128,
    /// On a board with implied houses, cell `c`'s peers are
    /// `peers[peer_start[c] as usize..peer_start[c + 1] as usize]`: the board's own
    /// ([`Board::peers`]) and those of the implied houses. Empty on other boards, whose peers are
    /// the board's.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
}

/// Locked candidates at the granularity of intersections. Rows, columns, boxes and jigsaw regions
/// each partition the board (a *family*); for two families, every cell lies in one house of each,
/// so the nonempty intersections (*segments*) partition every house of either family. A digit that,
/// within a house, lies in a single segment is locked there and leaves the rest of the segment's
/// other house. Each segment's OR is computed once per pass and shared by the two houses it joins,
/// where checking pairs of houses would OR every cell of both houses for every pair.
#[derive(Default)]
pub(crate) struct Segments {
    /// Segment `s` is `cells[start[s] as usize..start[s + 1] as usize]`.
    pub(crate) start: Vec<u32>,
    /// The cells of every segment, one after the other.
    pub(crate) cells: Vec<u16>,
    /// For each segment, the views of its two houses.
    pub(crate) seg_views: Vec<[u32; 2]>,
    /// Every house of every family pair, followed by a sentinel.
    pub(crate) views: Vec<View>,
    /// View `v`'s segments are `view_segs[views[v].first as usize..views[v + 1].first as usize]`.
    pub(crate) view_segs: Vec<u32>,
    /// Cell `c`'s segments are `cell_segs[cell_start[c] as usize..cell_start[c + 1] as usize]`.
    pub(crate) cell_start: Vec<u32>,
    /// The segments of every cell, one cell after the other.
    pub(crate) cell_segs: Vec<u32>,
}

/// One house seen through one other family: the segments that partition it.
pub(crate) struct View {
    /// The house (`u32::MAX` for the sentinel).
    pub(crate) house: u32,
    /// Where its segments start in `view_segs`.
    pub(crate) first: u32,
}

impl Segments {
    pub(crate) fn seg_cells(&self, s: usize) -> &[u16] {
        &self.cells[self.start[s] as usize..self.start[s + 1] as usize]
    }
    /// The segments of view `v`; the last entry of `views` is a sentinel.
    pub(crate) fn view_segs(&self, v: usize) -> &[u32] {
        &self.view_segs[self.views[v].first as usize..self.views[v + 1].first as usize]
    }
    pub(crate) fn len(&self) -> usize {
        self.seg_views.len()
    }
    /// The segments cell `c` is in (one for each pair of families that has segments).
    pub(crate) fn cell_segs(&self, c: usize) -> &[u32] {
        &self.cell_segs[self.cell_start[c] as usize..self.cell_start[c + 1] as usize]
    }

    /// The segments for every two families of `families` (lists of house indices, each partitioning
    /// the board) whose intersections are not all single cells (rows and columns meet in one cell:
    /// a digit locked to one cell is a hidden single, found anyway).
    fn new(cells: usize, families: &[Vec<usize>], distinct: &[Vec<u16>]) -> Segments {
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
        let mut of_cell = vec![Vec::new(); cells];
        for s in 0..out.len() {
            for &c in out.seg_cells(s) {
                of_cell[c as usize].push(s as u32);
            }
        }
        for list in &of_cell {
            out.cell_start.push(out.cell_segs.len() as u32);
            out.cell_segs.extend_from_slice(list);
        }
        out.cell_start.push(out.cell_segs.len() as u32);
        out
    }
}

/// Two houses that share cells: the shared cells and the rest of each.
pub(crate) struct Overlap {
    /// The first house, the lower index.
    pub(crate) a: u32,
    /// The second house.
    pub(crate) b: u32,
    /// The cells in both.
    pub(crate) both: Vec<u16>,
    /// The cells of `a` outside `b`.
    pub(crate) a_only: Vec<u16>,
    /// The cells of `b` outside `a`.
    pub(crate) b_only: Vec<u16>,
}

/// A killer cage as cell indices.
pub(crate) struct CageRule {
    /// Its cells, in the board's order.
    pub(crate) cells: Vec<u16>,
    /// The sum of their digits.
    pub(crate) sum: u32,
}

impl Geometry {
    /// Builds the tables of `board`; see [`Board::geometry`] for the shared copy.
    pub(crate) fn new(board: &Board) -> Geometry {
        let shape = board.shape();
        let side = shape.side();
        let cells = shape.cells();
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
        // Implied houses after the rules' own, so that a rule's house keeps its index.
        let rule_houses = distinct.len();
        for mut cells in board.implied_houses() {
            cells.sort_unstable();
            if !seen.contains_key(&cells) {
                seen.insert(cells.clone(), distinct.len());
                distinct.push(cells);
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
        let segs = Segments::new(cells, &families, &distinct);
        let mut overlaps = Vec::new();
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
        // The board's peers (its houses and cages), and the implied houses' on top.
        let (mut peer_start, mut peers) = (Vec::new(), Vec::new());
        let implied = &distinct[rule_houses..];
        if !implied.is_empty() {
            for c in 0..cells {
                peer_start.push(peers.len() as u32);
                let mut list: Vec<u16> = board.peers(Cell::from_index(c)).to_vec();
                for house in implied.iter().filter(|h| h.contains(&(c as u16))) {
                    list.extend(house.iter().copied().filter(|&p| p != c as u16));
                }
                list.sort_unstable();
                list.dedup();
                peers.extend_from_slice(&list);
            }
            peer_start.push(peers.len() as u32);
        }
        Geometry {
            peer_start,
            peers,
            side,
            full: if side == 32 { u32::MAX } else { (1u32 << side) - 1 },
            house_count: distinct.len(),
            all_houses,
            houses,
            cell_houses,
            cages,
            cell_cage,
            segs,
            overlaps,
            seg_mask,
            overlap_mask,
        }
    }

    /// The cells of house `h`.
    pub(crate) fn house(&self, h: usize) -> &[u16] {
        &self.houses[h * self.side..(h + 1) * self.side]
    }

    /// The cells that must differ from cell `c`: its peers on `board` (the board of this geometry),
    /// and in the implied houses.
    pub(crate) fn peers<'a>(&'a self, board: &'a Board, c: usize) -> &'a [u16] {
        if self.peer_start.is_empty() {
            return board.peers(Cell::from_index(c));
        }
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::grid::{Cell, Shape};

    #[test]
    fn classic_9x9_has_line_box_segments_and_no_overlaps() {
        let b = Board::classic(Shape::CLASSIC);
        let g = b.geometry();
        assert_eq!((g.side, g.full, g.house_count), (9, 0x1ff, 27));
        assert_eq!(g.all_houses, (1 << 27) - 1);
        // Rows and columns meet in single cells: only row∩box and column∩box pieces, three cells each.
        assert_eq!(g.segs.len(), 2 * 27);
        assert!((0..g.segs.len()).all(|s| g.segs.seg_cells(s).len() == 3));
        assert_eq!(g.seg_mask, g.all_houses);
        assert!(g.overlaps.is_empty());
        assert!((0..81).all(|c| g.cell_houses[c].count_ones() == 3 && g.cell_cage[c] == NO_CAGE));
    }

    #[test]
    fn variant_houses_overlap_the_boxes_and_lines() {
        // Each diagonal shares three cells with three boxes, and one cell with every line (no overlap).
        let x = Board::classic(Shape::CLASSIC).with_diagonals();
        let g = x.geometry();
        assert_eq!(g.house_count, 29);
        assert_eq!(g.overlaps.len(), 6);
        assert!(g.overlaps.iter().all(|o| o.both.len() == 3 && o.a_only.len() == 6 && o.b_only.len() == 6));
        // Each window shares cells with three rows, three columns and four boxes (a single cell
        // with one of them, which is no overlap).
        let h = Board::classic(Shape::CLASSIC).with_windows().expect("9x9 windows");
        let g = h.geometry();
        assert_eq!(g.overlaps.iter().filter(|o| o.b < 31).count(), 4 * 9);
        // The five hidden windows come after the rules' 31 houses, share no two cells with a window
        // and are peers of the cells they hold.
        assert_eq!(g.house_count, 31 + 5);
        assert!(g.overlaps.iter().filter(|o| o.b >= 31).all(|o| o.a < 27));
        assert!(g.peers(&h, 0).contains(&40) && !h.peers(Cell::from_index(0)).contains(&40));
        // Boards without implied houses keep no copy of their peers.
        assert!(g.peer_start.len() == 82 && x.geometry().peer_start.is_empty());
        assert_eq!(x.geometry().peers(&x, 0), x.peers(Cell::from_index(0)));
        // Diagonals added twice are one house.
        assert_eq!(x.clone().with_diagonals().geometry().house_count, 29);
    }

    #[test]
    fn cages_by_index() {
        let s = Shape::for_side(4).expect("4");
        let b = Board::classic(s)
            .with_cages([crate::rules::Cage { sum: 3, cells: vec![Cell::at(0, 1, s), Cell::at(0, 0, s)] }])
            .expect("a valid cage");
        let g = b.geometry();
        assert_eq!(g.cages.len(), 1);
        assert_eq!((g.cages[0].cells.as_slice(), g.cages[0].sum), (&[1u16, 0][..], 3));
        assert_eq!(&g.cell_cage[..3], &[0, 0, NO_CAGE]);
    }

    #[test]
    fn built_once_and_shared_by_clones_without_changing_equality() {
        let b = Board::classic(Shape::CLASSIC).with_diagonals();
        let fresh = b.clone();
        let first: *const Geometry = b.geometry();
        assert!(std::ptr::eq(first, b.geometry()));
        assert_eq!(b, fresh, "a built geometry takes no part in equality");
        let copy = b.clone();
        assert!(std::ptr::eq(first, copy.geometry()), "clones share the built geometry");
        assert!(!std::ptr::eq(first, fresh.geometry()), "a clone made before builds its own");
        let shared = Board::classic_shared(Shape::CLASSIC);
        assert!(std::ptr::eq(shared.geometry(), Arc::clone(&shared).geometry()));
    }
}
