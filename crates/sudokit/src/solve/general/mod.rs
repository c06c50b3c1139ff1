//! The general search engine: any board shape, any set of houses, and killer cages — so every variant.
//!
//! ```text
//!   state (one per search depth)        tables (the board's peers and geometry, built once per board)
//!   cand: [u32; side²]                  peers        cell -> cells that must differ (houses + cages)
//!          bit d-1 set = digit d        houses       house h -> its `side` cells
//!          still possible               cell_houses  cell -> bitmask of the houses it is in
//!   seg ORs: [u32; segments]            cages        cage -> cells and sum; cell -> its cage
//!          (from 16×16 on) the open     segments     house∩house pieces of rows, columns, boxes and
//!          cells' candidates of each                 regions; house -> its pieces (a view);
//!          segment                                   cell -> its pieces
//!                                       overlaps     other pairs of houses sharing two or more cells
//!   transient (empty between nodes)
//!   queue         cells that became single and have not yet been removed from their peers
//!   dirty houses  bitmasks (u128) of houses with a changed cell since the last hidden-single scan,
//!                 locked-candidates pass and pairs scan of each
//!   dirty cages   cages with a changed cell since their last sum check
//!   stale segs    segments with a changed cell since their OR in the state was taken
//! ```
//!
//! A cell is *placed* when its mask has one bit. Masks only shrink, so a mask becomes a singleton at
//! exactly one moment, and that moment pushes the cell on the queue, which removes the digit from
//! every peer; no separate "placed" flag is needed.
//!
//! Propagation runs to a fixed point before any guess, cheapest step first: naked singles (the
//! queue), cage sums (each unplaced cage cell keeps only digits of some set of different digits that
//! completes the sum with the cage's current candidates), hidden singles, then on boards from 9×9 on
//! locked candidates and naked and hidden pairs; each step runs only when the ones before it have
//! nothing left, and each looks only at the houses and cages that changed since it last looked
//! (scanning every house after every placement costs most of the time on 16×16 and 25×25 boards).
//! Marking a house dirty is one OR of the cell's precomputed house mask: a board has at most
//! 3 × 32 + 2 + 16 distinct houses, so one `u128` holds them all (identical houses, e.g. diagonals
//! added twice, are merged when the tables are built). The stronger steps pay for themselves on big
//! boards by cutting the guesses (on the 25×25 set, locked candidates by three to five times and pairs
//! by four more). From 16×16 on, the pairs step is the full one-to-one filter of the house (`matching`:
//! a bipartite matching of open cells to missing digits, keeping only the pairs some matching uses),
//! which finds the naked and hidden subsets of every size and halves the guesses again.
//!
//! Locked candidates work on *segments*: rows, columns, boxes and jigsaw regions each partition the
//! board, so the intersections of two such families partition every house of both (a box into its
//! row pieces, a row into its box pieces). One OR per segment serves both houses it joins: a digit in
//! one segment of a house is locked there and leaves the rest of the segment's other house. Pairs of
//! houses that overlap otherwise (diagonals, windows) are checked pair by pair.
//!
//! Branching picks the unplaced cell with the fewest candidates; when that is more than two, a digit
//! with exactly two places in some house gives a two-way branch instead, which is what makes big
//! boards fast. From 16×16 on, among the cells with two candidates it takes the one whose digits
//! are left in the fewest open cells of the board: on the generated 25×25 set that cut the guesses
//! of the uniqueness checks ninefold (one puzzle from 2.2 million to about a thousand). Before the
//! rarity comes the search's own history: each house counts the contradictions propagation found in
//! it, and the cell whose houses count the most goes first (the 25×25 guesses almost three times fewer
//! again, the worst puzzle over three times faster). Every branch is binary — "this cell is `d`" on
//! a copy of the state, then "this cell is not `d`" in place — so the last alternative never copies.
//! States for each depth come from a pool, so the search only allocates while it first goes deeper
//! than before.
//!
//! What happens to a solution is a [`Sink`] chosen at compile time: counting builds no [`Grid`] at all
//! (the empty 6×6 board's 28,200,960 solutions are counted in seconds), visiting builds one per solution.
//!
//! On hyper boards the tables also hold the houses the windows imply (`Board::implied_houses`):
//! cells outside the windows that hold every digit once in every solution although no rule names
//! them. As houses and peers they change no count, only how soon a dead end shows: an empty 16×16
//! or 25×25 hyper board is filled in milliseconds with them and not within minutes without, and
//! 9×9 X + hyper puzzles are solved in three quarters of the time.
//!
//! The tables depend only on the board, so they are not rebuilt per search: the peers are the
//! [`Board`]'s own and the rest is its geometry (`rules::Geometry`), built on the first search and
//! kept in the board (on a 9×9 X, jigsaw or killer board, building them cost more than a uniqueness
//! check). Only the state above is allocated per search.
//!
//! The engine is split by concern: `search` holds the node loop, branching and the solution sinks,
//! `propagate` the singles, locked candidates, pairs and subsets (and which of them run on which
//! board), `matching` the one-to-one filter behind the subsets, and `cages` the killer cage sums.

mod cages;
mod matching;
mod propagate;
mod search;
#[cfg(test)]
mod tests;

use std::ops::ControlFlow;

use super::{Limits, SearchOutcome};
use crate::grid::Grid;
use crate::rules::Board;
use propagate::Passes;
use search::{run_with, Counter, Sink, Visitor};

/// Runs the general search, building a grid for every solution; see [`crate::Engine::search`].
pub(crate) fn search(
    board: &Board,
    puzzle: &Grid,
    limits: &Limits,
    visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> SearchOutcome {
    run(board, puzzle, limits, Visitor { visit })
}

/// Counts solutions within `limits` without building any; see [`crate::Engine::count`].
pub(crate) fn count(board: &Board, puzzle: &Grid, limits: &Limits) -> SearchOutcome {
    run(board, puzzle, limits, Counter)
}

/// Counts the solutions of `puzzle` in which each cell of `keep` holds one of its digits (a mask, bit
/// `d - 1` for digit `d`), within `limits`. The generator's checks use it: when a puzzle is known to be
/// unique, a removal keeps it unique exactly when no solution differs from the known one at the
/// removed cell, a far smaller search than counting every solution up to two.
pub(crate) fn count_within(
    board: &Board,
    puzzle: &Grid,
    keep: &[(usize, u32)],
    limits: &Limits,
) -> SearchOutcome {
    run_with(board, Passes::for_board(board.geometry()), puzzle, keep, limits, Counter)
}

fn run<S: Sink>(board: &Board, puzzle: &Grid, limits: &Limits, sink: S) -> SearchOutcome {
    run_with(board, Passes::for_board(board.geometry()), puzzle, &[], limits, sink)
}
