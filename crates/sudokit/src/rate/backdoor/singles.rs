//! Naked and hidden singles to their end, on any board: the solver that backdoors are measured
//! against. Run once for every cell set a backdoor search tries (tens of thousands a puzzle), so it
//! works on digit masks and copies its state rather than undoing placements. Its benchmark is
//! `benches/rate.rs` (`backdoor`).

use crate::grid::Grid;
use crate::rules::Board;

/// The cells and full houses of a board, as plain indices, read once per puzzle.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// Per cell, its peers (houses and cages).
    peers: Vec<Vec<u16>>,
    /// The houses every digit must fill once: rows, columns, boxes or regions, diagonals, windows.
    houses: Vec<Vec<u16>>,
    /// Every digit's bit.
    all: u32,
}

impl Geometry {
    pub(crate) fn new(board: &Board) -> Geometry {
        let shape = board.shape();
        let peers = crate::grid::Cell::all(shape).map(|c| board.peers(c).to_vec()).collect();
        let houses =
            board.houses().iter().map(|h| h.cells.iter().map(|c| c.index() as u16).collect()).collect();
        let all = if shape.side() >= 32 { u32::MAX } else { (1u32 << shape.side()) - 1 };
        Geometry { peers, houses, all }
    }
}

/// How a run of singles ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// Every cell is filled.
    Solved,
    /// No single is left and cells are still empty.
    Stuck,
    /// A cell without candidates or a digit without a place: the placements were wrong.
    Broken,
}

/// A grid with its candidates as masks (bit `d - 1` for digit `d`).
#[derive(Clone, Debug)]
pub(crate) struct Singles {
    values: Vec<u8>,
    cands: Vec<u32>,
    empty: usize,
}

impl Singles {
    /// `grid` with the candidates its givens leave; `None` if two givens clash.
    pub(crate) fn new(geo: &Geometry, grid: &Grid) -> Option<Singles> {
        let n = grid.values().len();
        let mut s = Singles { values: vec![0; n], cands: vec![geo.all; n], empty: n };
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 && !s.place(geo, i, v) {
                return None;
            }
        }
        Some(s)
    }

    /// Whether `cell` is filled.
    pub(crate) fn is_filled(&self, cell: usize) -> bool {
        self.values[cell] != 0
    }

    /// Places `value` in `cell`, removing it from the peers; false if it is not a candidate there.
    pub(crate) fn place(&mut self, geo: &Geometry, cell: usize, value: u8) -> bool {
        let bit = 1u32 << (value - 1);
        if self.values[cell] != 0 || self.cands[cell] & bit == 0 {
            return self.values[cell] == value;
        }
        self.values[cell] = value;
        self.cands[cell] = bit;
        self.empty -= 1;
        for &p in &geo.peers[cell] {
            self.cands[p as usize] &= !bit;
        }
        true
    }

    /// Places naked and hidden singles until none is left. Singles are confluent (placing one
    /// never hides another), so the order they are met in does not change the end.
    pub(crate) fn run(&mut self, geo: &Geometry) -> End {
        loop {
            let mut placed = false;
            for cell in 0..self.values.len() {
                if self.values[cell] != 0 {
                    continue;
                }
                let m = self.cands[cell];
                if m == 0 {
                    return End::Broken;
                }
                if m & (m - 1) == 0 {
                    self.place(geo, cell, m.trailing_zeros() as u8 + 1);
                    placed = true;
                }
            }
            for house in &geo.houses {
                // Digits with at least one place, with two or more, and already placed.
                let (mut once, mut twice, mut filled) = (0u32, 0u32, 0u32);
                for &c in house {
                    let c = c as usize;
                    if self.values[c] != 0 {
                        filled |= 1 << (self.values[c] - 1);
                    } else {
                        twice |= once & self.cands[c];
                        once |= self.cands[c];
                    }
                }
                if (once | filled) != geo.all {
                    return End::Broken;
                }
                let mut hidden = once & !twice & !filled;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let Some(&c) = house
                        .iter()
                        .find(|&&c| self.values[c as usize] == 0 && self.cands[c as usize] & bit != 0)
                    else {
                        // Its one place was taken by another hidden single of this house.
                        return End::Broken;
                    };
                    self.place(geo, c as usize, bit.trailing_zeros() as u8 + 1);
                    placed = true;
                }
            }
            if self.empty == 0 {
                return End::Solved;
            }
            if !placed {
                return End::Stuck;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    fn run(text: &str) -> End {
        let board = Board::classic(Shape::CLASSIC);
        let geo = Geometry::new(&board);
        let g: Grid = text.parse().expect("a puzzle");
        Singles::new(&geo, &g).expect("no clash").run(&geo)
    }

    #[test]
    fn singles_solve_an_easy_puzzle_and_stall_on_a_hard_one() {
        assert_eq!(
            run("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
            End::Solved
        );
        assert_eq!(
            run("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."),
            End::Stuck
        );
    }

    #[test]
    fn a_wrong_placement_breaks_the_grid() {
        let board = Board::classic(Shape::CLASSIC);
        let geo = Geometry::new(&board);
        let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .expect("a puzzle");
        let mut s = Singles::new(&geo, &g).expect("no clash");
        // r1c1 is 4 in the solution.
        assert!(s.place(&geo, 0, 5));
        assert_eq!(s.run(&geo), End::Broken);
        let clash: Grid = format!("11{}", ".".repeat(79)).parse().expect("a grid");
        assert!(Singles::new(&geo, &clash).is_none());
    }
}
