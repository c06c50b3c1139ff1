//! Difficulty ratings: how hard a puzzle is for a human solver.
//!
//! [`se`] is the Sudoku Explainer scale (ER/EP/ED), the forum standard: every step is taken with
//! Sudoku Explainer 1.2.1's own techniques, in its own order and with its own difficulty values,
//! so that the numbers can be compared with `serate`'s.

pub mod se;
