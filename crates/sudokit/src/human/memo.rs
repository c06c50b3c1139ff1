//! A small memo per thread for searches several techniques share (the three kinds of nice loops
//! come from one search, the four ALS techniques from one list of sets, the two kinds of forcing
//! chains, and of forcing nets, from one set of implications): the solver asks for each
//! technique in turn on the same state, and the shared search runs once.
//!
//! The key is the whole state (its board and every cell's value and candidates) and a number naming
//! the search, compared exactly; the oldest entry gives way to a new one.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use super::state::State;

type Entry = (Vec<u64>, Rc<dyn Any>);

thread_local! {
    static MEMO: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// How many searches are remembered at once (nice loops plain and grouped with their graphs, ALS
/// sets, forcing chains, …).
const ENTRIES: usize = 10;

fn key(state: &State, search: u64) -> Vec<u64> {
    let mut key = Vec::with_capacity(state.shape().cells() + 2);
    key.push(search);
    key.push(std::sync::Arc::as_ptr(state.board()) as usize as u64);
    for cell in crate::grid::Cell::all(state.shape()) {
        let value = state.value(cell).map_or(0, |d| d.get() as u64);
        key.push(value << 32 | state.candidates(cell).bits() as u64);
    }
    key
}

/// What `compute` finds on `state`, computed once per state and `search` (each search number
/// always computes the same type).
pub(crate) fn memo<T: 'static>(state: &State, search: u64, compute: impl FnOnce() -> T) -> Rc<T> {
    let key = key(state, search);
    let hit = MEMO.with(|m| m.borrow().iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()));
    if let Some(value) = hit.and_then(|v| v.downcast::<T>().ok()) {
        return value;
    }
    let value = Rc::new(compute());
    let stored: Rc<dyn Any> = value.clone();
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= ENTRIES {
            m.remove(0);
        }
        m.push((key, stored));
    });
    value
}

/// Search numbers, one per shared search.
pub(crate) mod search {
    /// Nice loops and AICs without group nodes.
    pub const LOOPS: u64 = 0;
    /// Grouped nice loops and AICs.
    pub const GROUPED_LOOPS: u64 = 1;
    /// Grouped nice loops and AICs with almost locked sets as nodes.
    pub const ALS_LOOPS: u64 = 2;
    /// The almost locked sets and their links, sets disjoint.
    pub const ALS: u64 = 3;
    /// The almost locked sets and their links, sets may overlap.
    pub const ALS_OVERLAP: u64 = 4;
    /// What each premise of a forcing chain implies (shared by contradiction and verity).
    pub const FORCING_CHAINS: u64 = 5;
    /// What each premise of a forcing net implies (shared by contradiction and verity).
    pub const FORCING_NETS: u64 = 9;
    /// The continuous loops through the other shortest chains (see `chains::alternative_loops`),
    /// without group nodes, grouped, and with almost locked sets.
    pub const LOOPS_ALTERNATIVES: u64 = 6;
    /// See [`LOOPS_ALTERNATIVES`].
    pub const GROUPED_LOOPS_ALTERNATIVES: u64 = 7;
    /// See [`LOOPS_ALTERNATIVES`].
    pub const ALS_LOOPS_ALTERNATIVES: u64 = 8;
    /// The implication graph of the nice loops without group nodes (see `chains::Graph::shared`).
    pub const LOOP_GRAPH: u64 = 32;
    /// The graph of the grouped nice loops, which the forcing chains use too.
    pub const GROUPED_LOOP_GRAPH: u64 = 33;
    /// The graph of the grouped nice loops with almost locked sets.
    pub const ALS_LOOP_GRAPH: u64 = 34;
}

/// Searches that read one digit's candidates only (fish: the base and cover lines, fins and targets
/// of a digit are all functions of where that digit can go; likewise the single-digit patterns and
/// X-Chains) and found nothing for it.
///
/// The step solver tries every technique on every state, and a step changes few digits: once a
/// search has found nothing for a digit, it finds nothing again while that digit's candidates stay
/// the same, and is skipped. The key holds the search (technique and the options that change it),
/// the board (kept alive by the entry, so its address cannot be reused) and the digit; the value is
/// the digit's cells when nothing was found.
pub(crate) mod per_digit {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::ops::ControlFlow;
    use std::sync::Arc;

    use crate::grid::{CellSet, Digit};
    use crate::human::finder::Sink;
    use crate::human::state::State;
    use crate::human::technique::Technique;
    use crate::rules::Board;

    type Key = (Technique, u8, usize);

    thread_local! {
        static EMPTY: RefCell<HashMap<Key, (Arc<Board>, CellSet)>> = RefCell::new(HashMap::new());
    }

    /// Whether `technique` with option bits `flags` already found nothing for `digit` when the
    /// digit had exactly the candidates it has in `state`.
    pub(crate) fn known_empty(state: &State, technique: Technique, flags: u8, digit: Digit) -> bool {
        empty_at(state, technique, flags, digit) == Some(state.digit_cells(digit))
    }

    /// Runs `search` on `digit` unless it already found nothing for the digit's present candidates,
    /// passing its steps to `sink`; remembers when it finds nothing.
    pub(crate) fn search(
        state: &State,
        technique: Technique,
        flags: u8,
        digit: Digit,
        sink: Sink<'_>,
        search: impl FnOnce(Sink<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if known_empty(state, technique, flags, digit) {
            return ControlFlow::Continue(());
        }
        remembering(state, technique, flags, digit, sink, search)
    }

    /// Runs `search`, passing its steps to `sink`; remembers when it finds nothing.
    fn remembering(
        state: &State,
        technique: Technique,
        flags: u8,
        digit: Digit,
        sink: Sink<'_>,
        search: impl FnOnce(Sink<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut reported = false;
        search(&mut |step| {
            reported = true;
            sink(step)
        })?;
        if !reported {
            remember_empty(state, technique, flags, digit);
        }
        ControlFlow::Continue(())
    }

    /// As [`search`], for searches that look at sets of houses (fish): `search` is told which of
    /// the digit's candidates are gone since it last found nothing for the digit on this board,
    /// when the candidates then held all of today's (as along a solving path).
    ///
    /// A fish whose base houses kept all their candidates was there before, with at least the
    /// same eliminations (covers and fins are base candidates, and the targets only lose cells):
    /// a search that found nothing then need only try the bases holding a candidate that is gone.
    /// It finds the same first step as a whole search, the others having none.
    pub(crate) fn search_since(
        state: &State,
        technique: Technique,
        flags: u8,
        digit: Digit,
        sink: Sink<'_>,
        search: impl FnOnce(Option<CellSet>, Sink<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let now = state.digit_cells(digit);
        let gone = match empty_at(state, technique, flags, digit) {
            Some(cells) if cells == now => return ControlFlow::Continue(()),
            Some(cells) if now.is_subset(&cells) => Some(cells - now),
            _ => None,
        };
        remembering(state, technique, flags, digit, sink, |sink| search(gone, sink))
    }

    /// The digit's candidates when `technique` last found nothing for it on `state`'s board.
    pub(crate) fn empty_at(state: &State, technique: Technique, flags: u8, digit: Digit) -> Option<CellSet> {
        EMPTY.with(|m| {
            m.borrow()
                .get(&(technique, flags, digit.index()))
                .and_then(|(board, cells)| Arc::ptr_eq(board, state.board()).then_some(*cells))
        })
    }

    /// Records that `technique` with option bits `flags` found nothing for `digit` in `state`.
    pub(crate) fn remember_empty(state: &State, technique: Technique, flags: u8, digit: Digit) {
        EMPTY.with(|m| {
            m.borrow_mut().insert(
                (technique, flags, digit.index()),
                (Arc::clone(state.board()), state.digit_cells(digit)),
            );
        });
    }
}
