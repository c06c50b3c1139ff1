//! The rules a grid must obey: houses (rows, columns, boxes, jigsaw regions, diagonals, windows),
//! killer cages and the peers of each cell, built once per board; and the board's geometry, the
//! index tables the engines search with, built once per board on first use.
//!
//! [`Board`] is the rule set every engine and checker reads; [`Variants`] builds the boards of the
//! X, hyper and jigsaw variants. Nothing here reads text: the layouts and the JSON puzzle object are in
//! the `parse` layer.

mod board;
mod geometry;
mod pieces;
mod variant;

pub use board::{Board, Cage, Conflict, House, HouseKind};
pub(crate) use geometry::{Geometry, NO_CAGE};
pub(crate) use pieces::{neighbours, region_connected};
pub use variant::{CageProblem, VariantError, Variants};
