//! # sudokit-wasm
//!
//! The sudokit library for web pages: a WebAssembly module (`wasm32-unknown-unknown`) whose exports
//! take a JSON request and give a JSON answer. The page in `web/` loads it through `web/sudokit.js`, a
//! small loader that hides the memory handling below, twice: in the page for the searches, which the
//! node budget bounds, and in a worker (`web/worker.js`) for hints, explanations, ratings and
//! generation, which may take seconds on the hardest puzzles and which the page can stop.
//!
//! # Why plain exports and not wasm-bindgen
//!
//! wasm-bindgen is the usual binding layer, but every build of a wasm-bindgen module must be passed
//! through the `wasm-bindgen` command-line tool of exactly the crate's version, and that tool has to
//! be compiled from crates.io on a fresh machine: about 12 minutes on two cores, on top of a CI run
//! that already takes about 12 of its 20 minutes. What this module has to pass across the boundary is
//! small and uniform (a request string in, an answer string out), which plain `extern "C"` exports
//! and a loader of some sixty lines of JavaScript do as well, with no generated glue to keep in step
//! with a tool version, and no extra build step besides `cargo build`.
//!
//! # The calling convention
//!
//! Every operation is one export `sudokit_<op>(len) -> len`:
//!
//! 1. the caller asks for an input buffer of `len` bytes with `sudokit_input(len)`, which returns its
//!    address in the module's memory, and writes the UTF-8 JSON request there;
//! 2. it calls `sudokit_<op>(len)`, which reads the request, answers it and returns the length of the
//!    UTF-8 JSON answer;
//! 3. it reads the answer at `sudokit_output()`.
//!
//! The buffers belong to the module and are reused by the next call; a caller copies the answer out
//! before calling again. The module keeps no other state between calls.
//!
//! Every answer is an object with `"ok": true` and the operation's fields, or `"ok": false` and an
//! `"error"` message (the library's own message for unreadable puzzles, with its puzzle number, line
//! and column). Bad requests are answers, never traps; the loader turns a trap (a bug) into an error
//! answer too and starts a fresh instance, so nothing throws into the page.
//!
//! # Requests
//!
//! | export | request fields | answer fields |
//! |---|---|---|
//! | `sudokit_parse` | `puzzle`, `variants`, `size`, `symbols` | the board: `side`, `boxRows`, `boxCols`, `cells`, `regions`, `jigsaw`, `diagonals`, `windows`, `cages`, `layout`, `line`, `records`, `symbols`, `alsoReads` |
//! | `sudokit_check` | `puzzle`, `variants`, `size`, `nodes` | `verdict`, `conflicts`, `solution`, `second`, `guesses`, `interrupted`, `redundant` (up to 9×9) |
//! | `sudokit_solve` | `puzzle`, `variants`, `size`, `nodes` | `verdict`, `solution`, `unique` (whether it is the only one; `null` when the budget ran out before that was known), `conflicts`, `guesses`, `interrupted` |
//! | `sudokit_count` | `puzzle`, `variants`, `size`, `nodes`, `limit` | `count`, `complete`, `text`, `conflicts`, `interrupted` |
//! | `sudokit_generate` | `size`, `variants`, `difficulty`, `seed`, `symmetry`, `attempts`, `pattern` | `cells`, `line`, `solution`, `side`, `boxRows`, `boxCols`, `clues`, `guesses`, `symmetry`, `attempts`, `seed`, `variants`, `regions`, `cages` |
//! | `sudokit_canon` | `puzzle`, `variants`, `size` | `line`, `cells` |
//! | `sudokit_minimize` | `puzzle`, `variants`, `size`, `nodes` | `verdict`, `line`, `cells`, `removed` (the givens that went; boards up to 9×9), `conflicts` |
//! | `sudokit_hint` | `puzzle`, `variants`, `size`, `nodes`, `removed`, `scale` (`"se"`: Sudoku Explainer's next step), `work` | `verdict`, `solved`, `step`, `values`, `candidates` |
//! | `sudokit_explain` | `puzzle`, `variants`, `size`, `nodes`, `removed` | `verdict`, `solved`, `steps` (each with the `values` and `candidates` before it), `summary` (per technique: `technique`, `count`, HoDoKu's `score` and `level`, easiest first) |
//! | `sudokit_all_steps` | `puzzle`, `variants`, `size`, `nodes`, `removed`, `scale`, `work` | `verdict`, `solved`, `steps` (every step HoDoKu's "All Steps" lists on the board as it is; with `scale` `"se"`, Sudoku Explainer's "Get all hints"), `summary` (as `sudokit_explain`'s; with `"se"`, as `sudokit_rate`'s `seSummary`), `values`, `candidates` |
//! | `sudokit_rate` | `puzzle`, `variants`, `size`, `nodes`, `work` | `verdict`, `se` (`er`, `ep`, `ed`, `hardest`, `steps`) or `seProblem` and `seAtLeast`, `sePath` (its steps: `technique`, `difficulty`, `text`, the pattern's `digits` and `cells`, `chains`, `placements`, `eliminations`) and `seSummary` (their techniques counted: `technique`, `difficulty`, `count`), `hodoku` (`score`, `level`, `hardest`, `steps`, `bruteForce`) or `hodokuProblem`, `backdoor` (`size`, `maxSize`, `sets`; boards up to 9×9); on other boards and variants `outline` (`steps`, `hardest`) |
//!
//! - `puzzle` is text in any layout the library reads (line, grid, compact, art, LeetCode JSON board,
//!   or a JSON puzzle object carrying its own rules); the first puzzle in it is used.
//! - `variants` lists the rules added to a plain layout: `"x"`, `"hyper"`, `"jigsaw"` (the region map
//!   then follows the givens, as the library reads it). Killer cages come in a JSON puzzle object's
//!   `cages` (cells named `r1c1`), and `parse` answers them as `{"sum", "cells"}` with cell indices.
//!   `generate` takes the same names and `"killer"`, and makes the puzzle under those rules: jigsaw
//!   with a new region map (answered in `regions`), killer with new cages (answered in `cages`).
//! - `size` forces the side when the text alone does not tell.
//! - `symbols` (every request with a `puzzle`) names the cell symbols of `puzzle` and of the
//!   answer's texts (`line`, step texts, conflicts, why there is no solution): `"standard"`, `"hex"`
//!   (16×16) or `"letters"`, as the command line's `--symbols`. Without it, the standard symbols,
//!   but a 16×16 text with a `0` and no `G` is read in hex where only that reading is a valid puzzle.
//!   A hex puzzle nearly always reads as a valid one in the standard symbols too (its `0`s blanks,
//!   every other digit one lower), and where a command line asks which is meant, the module reads
//!   the standard one: `parse` answers the `symbols` it read in, and `alsoReads: "hex"` where the
//!   other reading was valid too. Digits in the answers' number fields stay numbers.
//! - `removed` lists candidates `[cell, digit]` that earlier steps took out (the page sends those of the
//!   hint steps the player applied), so that the next hint moves on from an elimination.
//! - `nodes` is the search's node budget (default [`DEFAULT_NODES`]): there is no clock in the module,
//!   so a long search stops at the budget and answers `"verdict": "timed out"` with `interrupted`.
//! - Cells are arrays of numbers in reading order, `0` for a blank.
//! - Conflicts are `{"digit", "house", "cells": [a, b], "text"}` with 0-based cell indices.
//! - A step (from the library's human-style solver, [`sudokit::human`]) is `{"technique", "code",
//!   "text", "results", "cells", "digits", "houses", "placements", "eliminations", "fins", "total"}`:
//!   its forum notation, the pattern's cells, digits (a bit set, bit `d` for digit `d`) and houses
//!   (lists of cells; a killer step's cage is one), the candidates `{"cell", "digit"}` it places,
//!   removes or uses as fins, and a killer step's sum (`null` for others). Candidates are
//!   bit sets per cell, `0` for a solved cell. Hints and explanations need exactly one solution,
//!   settled within the node budget; otherwise the answer carries the verdict and no step.
//! - Ratings ([`sudokit::rate`]) are for classic 9×9 puzzles with exactly one solution: Sudoku
//!   Explainer's ER/EP/ED, bounded by `work` (default [`DEFAULT_WORK`], the rater's own unit), and
//!   HoDoKu's score and level. Other boards are refused with the reason; a puzzle without exactly one
//!   solution gets its verdict and no rating.
#![deny(missing_docs)]

mod ffi;
mod ops;
mod rate;
mod teach;

pub use ops::{
    canon, check, count, generate, minimize, parse, solve, DEFAULT_ATTEMPTS, DEFAULT_ATTEMPTS_BIG,
    DEFAULT_NODES, MAX_GENERATE_SIDE,
};
pub use rate::{rate, DEFAULT_WORK};
pub use teach::{all_steps, explain, hint, MAX_STEPS};
