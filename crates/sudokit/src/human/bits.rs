//! Cell sets for the innermost loops of the searches: one trait over [`CellSet`] (every board) and
//! `u128` (boards of up to 128 cells, 9×9 among them).
//!
//! A `CellSet` is 128 bytes, so that it fits 32×32 boards; a search that copies and combines
//! millions of sets (the cover search of Franken fish, say) spends most of its time moving those
//! bytes. Written once against [`Bits`] and run on `u128` wherever the board allows it, the same
//! search visits the same sets in the same order, only faster. [`Tables`] holds the sets a search
//! reads most (houses and peers) in the chosen form.

use std::any::Any;
use std::cell::RefCell;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};
use std::rc::Rc;
use std::sync::Arc;

use super::state::State;
use crate::grid::{Cell, CellSet};
use crate::rules::Board;

/// A set of cells, as [`CellSet`] or as the bits of a `u128`.
pub(crate) trait Bits:
    Copy + PartialEq + BitAnd<Output = Self> + BitOr<Output = Self> + BitAndAssign + BitOrAssign + 'static
{
    /// The empty set.
    const EMPTY: Self;
    /// The set from a [`CellSet`] (whose cells all fit).
    fn from_set(set: &CellSet) -> Self;
    /// The set as a [`CellSet`].
    fn to_set(self) -> CellSet;
    /// The cells of `self` not in `other`.
    fn minus(self, other: Self) -> Self;
    /// Whether the set is empty.
    fn none(self) -> bool;
    /// The number of cells.
    fn count(self) -> usize;
    /// The first cell in cell order.
    fn first_cell(self) -> Option<Cell>;
    /// The set with `cell` added.
    fn with(self, cell: Cell) -> Self;
    /// The set with `cell` removed.
    fn without(self, cell: Cell) -> Self;
}

impl Bits for u128 {
    const EMPTY: u128 = 0;
    fn from_set(set: &CellSet) -> u128 {
        set.low128()
    }
    fn to_set(self) -> CellSet {
        CellSet::from_low128(self)
    }
    fn minus(self, other: u128) -> u128 {
        self & !other
    }
    fn none(self) -> bool {
        self == 0
    }
    fn count(self) -> usize {
        self.count_ones() as usize
    }
    fn first_cell(self) -> Option<Cell> {
        (self != 0).then(|| Cell::from_index(self.trailing_zeros() as usize))
    }
    fn with(self, cell: Cell) -> u128 {
        self | 1 << cell.index()
    }
    fn without(self, cell: Cell) -> u128 {
        self & !(1 << cell.index())
    }
}

impl Bits for CellSet {
    const EMPTY: CellSet = CellSet::EMPTY;
    fn from_set(set: &CellSet) -> CellSet {
        *set
    }
    fn to_set(self) -> CellSet {
        self
    }
    fn minus(self, other: CellSet) -> CellSet {
        self - other
    }
    fn none(self) -> bool {
        self.is_empty()
    }
    fn count(self) -> usize {
        self.len()
    }
    fn first_cell(self) -> Option<Cell> {
        self.first()
    }
    fn with(mut self, cell: Cell) -> CellSet {
        self.insert(cell);
        self
    }
    fn without(mut self, cell: Cell) -> CellSet {
        self.remove(cell);
        self
    }
}

/// Whether the board of `state` fits the `u128` form.
pub(crate) fn fits_u128(state: &State) -> bool {
    state.shape().cells() <= 128
}

/// The house sets and peer sets of a state's board in the form `B`.
pub(crate) struct Tables<B> {
    /// The cells of each house, by house number.
    pub houses: Vec<B>,
    /// The peers of each cell, by cell index.
    pub peers: Vec<B>,
}

/// A board and its tables (a `Tables<B>` of some `B`).
type Entry = (Arc<Board>, Rc<dyn Any>);

thread_local! {
    /// The tables of the board last asked for (kept alive by the entry, so that its address is not
    /// reused): the searches ask for them once per digit and technique, on one board at a time.
    static LAST: RefCell<Option<Entry>> = const { RefCell::new(None) };
}

impl<B: Bits> Tables<B> {
    /// The tables of `state`'s board.
    fn new(state: &State) -> Tables<B> {
        Tables {
            houses: state.houses().iter().map(|h| B::from_set(&h.set)).collect(),
            peers: Cell::all(state.shape()).map(|c| B::from_set(state.peers(c))).collect(),
        }
    }

    /// The cells that see every cell of `cells` (none for no cell).
    pub(crate) fn common_peers(&self, cells: B) -> B {
        let Some(first) = cells.first_cell() else { return B::EMPTY };
        let (mut seen, mut rest) = (self.peers[first.index()], cells.without(first));
        while let Some(c) = rest.first_cell() {
            seen &= self.peers[c.index()];
            rest = rest.without(c);
        }
        seen
    }

    /// The tables of `state`'s board, built once per board and thread.
    pub(crate) fn of(state: &State) -> Rc<Tables<B>> {
        let hit = LAST.with(|last| {
            let last = last.borrow();
            let (board, tables) = last.as_ref()?;
            if !Arc::ptr_eq(board, state.board()) {
                return None;
            }
            tables.clone().downcast::<Tables<B>>().ok()
        });
        hit.unwrap_or_else(|| {
            let tables = Rc::new(Tables::new(state));
            let stored: Rc<dyn Any> = tables.clone();
            LAST.with(|last| *last.borrow_mut() = Some((Arc::clone(state.board()), stored)));
            tables
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn u128_and_cell_sets_agree() {
        let s = Shape::CLASSIC;
        let cells: CellSet = [0, 5, 63, 64, 80].iter().map(|&i| Cell::from_index(i)).collect();
        let bits = u128::from_set(&cells);
        assert_eq!(bits.to_set(), cells);
        assert_eq!(bits.count(), 5);
        assert_eq!(bits.first_cell(), Some(Cell::from_index(0)));
        let fewer = bits.without(Cell::from_index(0)).with(Cell::from_index(70));
        assert_eq!(fewer.first_cell(), Some(Cell::from_index(5)));
        assert_eq!(fewer.minus(bits).to_set().names(s), "{r8c8}");
        assert_eq!(CellSet::from_set(&cells).minus(cells), CellSet::EMPTY);
    }
}
