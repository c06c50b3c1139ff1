//! The JSON puzzle object: a puzzle together with its rules (size, boxes, variants, jigsaw regions,
//! killer cages), and the readers of region maps and cell names it uses.
//!
//! Every variant is extra houses or cages on a [`Board`], so one engine solves them all. The plain
//! layouts of [`crate::parse`] carry only givens; the rules then come from [`Variants`] (the CLI's
//! `--variant x,hyper,jigsaw`), and a jigsaw region map follows the givens of each puzzle as one more
//! whitespace-separated token (line layout) or at the end of each row (grid layouts).
//!
//! # The JSON puzzle format
//!
//! One JSON object per puzzle (several may follow each other, or sit in an array). Only `givens` or
//! `size` is needed; every other field is optional:
//!
//! | field      | meaning                                                                                  |
//! |------------|------------------------------------------------------------------------------------------|
//! | `size`     | the side, 4 to 32 (default: from `givens`, `regions` or `box`)                           |
//! | `box`      | the box shape as `"RxC"`, e.g. `"2x3"` (default: the squarest box for the size)          |
//! | `puzzle`   | the cells as in the line layout (`"8....."`, blanks `.` or `0`), or an array of rows as a LeetCode board (default: all blank); `givens` is accepted as an older name |
//! | `variants` | any of `"x"` (both diagonals), `"hyper"` (extra windows), `"jigsaw"` (needs `regions`), `"killer"` (needs `cages`) |
//! | `regions`  | the jigsaw region map: `size²` symbols, one per cell, each symbol marking one region of `size` cells (whitespace ignored), or an array of row strings; implies `"jigsaw"` |
//! | `cages`    | killer cages: `{"sum": 15, "cells": ["r1c1", "r1c2"]}`; cells 1-based; implies `"killer"` |
//! | `solution` | the expected solution, written like `puzzle`; commands check their answer against it |
//! | `count`    | the expected number of solutions (ignored when `complete` is `false`: a count cut short) |
//!
//! The records sudokit writes with `-o json` are puzzle objects too: their other fields (`index`,
//! `status`, and what each command found: `clues`, `guesses`, `all_solutions`, `canonical`,
//! `detail`, `expected_count`, `expected_solution`; the `minimal`, `removed` and `redundant` of
//! `minimize` and `check --minimal`, and `minimize`'s count of `givens` (a number, where a puzzle
//! under that name is a string or a board); `backdoor`'s `backdoor_size`, `backdoor_count`,
//! `backdoors`, `max_size`; `rate`'s `er`, `ep`, `ed`, `hodoku_score`, `hodoku_level`,
//! `hardest_technique`, `step_count`; the `solved`, `steps`, `grids`, `stopped`, `hardest`,
//! `level`, `hint`, `step`, `technique`, `difficulty`, `summary`, `score` and `candidates` of
//! `explain`, `hint` and `candidates`) are accepted and ignored, so that every output reads back.
//! Any other field is an error, so a misspelt rule is never silently ignored. The solution of a
//! JSON object is printed as a JSON board (an array of rows).
//!
//! ```
//! use sudokit::parse::{ParseOptions, PuzzleReader};
//! use sudokit::{Puzzle, Verdict};
//!
//! // A 4×4 killer puzzle without givens: the cages alone fix the solution.
//! let text = r#"{"size": 4, "cages": [
//!     {"sum": 6, "cells": ["r1c1", "r1c2", "r1c3"]}, {"sum": 6, "cells": ["r1c4", "r2c4"]},
//!     {"sum": 9, "cells": ["r2c1", "r3c1", "r4c1"]}, {"sum": 5, "cells": ["r2c2", "r3c2"]},
//!     {"sum": 5, "cells": ["r2c3", "r3c3"]}, {"sum": 4, "cells": ["r3c4", "r4c4"]},
//!     {"sum": 5, "cells": ["r4c2", "r4c3"]}]}"#;
//! let record = PuzzleReader::new(text.as_bytes(), ParseOptions::default()).next().expect("a record")?;
//! let board = record.board.expect("a JSON object carries its rules");
//! let puzzle = Puzzle::new(board, record.puzzle?)?;
//! match puzzle.check() {
//!     Verdict::Unique(solution) => assert_eq!(solution.to_string(), "1234341221434321"),
//!     other => panic!("expected a unique solution, got {}", other.name()),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
use serde::Deserialize;

use super::{Expected, Notation, ParseErrorKind, Symbols};
use crate::grid::{Cell, Grid, GridError, RegionProblem, Shape, MAX_SIDE};
use crate::rules::{Board, Cage, CageProblem, VariantError, Variants};

/// Reads a region map: one symbol per cell (any printable ASCII but whitespace), each symbol naming one
/// region. Returns the 0-based region of each cell, numbering regions in order of first appearance.
///
/// Every region must have exactly `side` cells; errors name the offending symbol.
///
/// ```
/// use sudokit::{parse::region_map, Shape};
/// let s = Shape::for_side(4)?;
/// assert_eq!(region_map(s, b"AABBAABBCCDDCCDD")?, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
/// assert!(region_map(s, b"AAABABBBCCDDCCDD").is_ok());
/// assert!(region_map(s, b"AAAAABBBCCDDCCDD").is_err());
/// # Ok::<(), sudokit::GridError>(())
/// ```
pub fn region_map(shape: Shape, symbols: &[u8]) -> Result<Vec<u8>, GridError> {
    let n = shape.side();
    let bad = |reason: RegionProblem| GridError::BadRegions { reason };
    if symbols.len() != shape.cells() {
        return Err(bad(RegionProblem::SymbolCount { found: symbols.len(), side: n }));
    }
    let mut names: Vec<u8> = Vec::with_capacity(n);
    let mut sizes: Vec<usize> = Vec::with_capacity(n);
    let mut out = Vec::with_capacity(symbols.len());
    for (i, &b) in symbols.iter().enumerate() {
        let cell = Cell::from_index(i);
        if !b.is_ascii_graphic() {
            return Err(bad(RegionProblem::NoSymbol { cell, shape, byte: b }));
        }
        let r = match names.iter().position(|&x| x == b) {
            Some(r) => r,
            None if names.len() < n => {
                names.push(b);
                sizes.push(0);
                names.len() - 1
            }
            None => return Err(bad(RegionProblem::TooManyRegions { symbol: b as char, cell, shape })),
        };
        sizes[r] += 1;
        out.push(r as u8);
    }
    if let Some(r) = sizes.iter().position(|&k| k != n) {
        return Err(bad(RegionProblem::SymbolRegionSize {
            symbol: names[r] as char,
            found: sizes[r],
            side: n,
        }));
    }
    if names.len() < n {
        // Only reachable with fewer regions than the side, each still of `side` cells: impossible,
        // since the cells would not add up; kept as a clear message rather than an assertion.
        return Err(bad(RegionProblem::TooFewRegions { found: names.len(), side: n }));
    }
    Ok(out)
}

/// Reads a cell name `rXcY` (1-based, either case), e.g. `r4c1`.
pub fn parse_cell_name(name: &str, shape: Shape) -> Option<Cell> {
    let lower = name.trim().to_ascii_lowercase();
    let (r, c) = lower.strip_prefix('r')?.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (1..=shape.side()).contains(&r).then_some(())?;
    (1..=shape.side()).contains(&c).then_some(())?;
    Some(Cell::at(r - 1, c - 1, shape))
}

/// A JSON puzzle object that does not describe a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleObjectError {
    /// The rules it describes cannot be built (shape, regions, cages).
    #[error(transparent)]
    Rules(#[from] VariantError),
    /// A variant name that is not `x`, `hyper`, `jigsaw` or `killer`.
    #[error("unknown variant {name:?} (known: x, hyper, jigsaw, killer)")]
    UnknownVariant {
        /// The name given.
        name: String,
    },
    /// The givens do not parse.
    #[error("puzzle: {0}")]
    Givens(ParseErrorKind),
    /// The expected solution does not parse.
    #[error("solution: {0}")]
    Solution(ParseErrorKind),
    /// A JSON object that is not a puzzle (wrong field, wrong type, nothing giving the size).
    #[error("{0}")]
    Json(String),
}

impl From<GridError> for PuzzleObjectError {
    fn from(e: GridError) -> PuzzleObjectError {
        PuzzleObjectError::Rules(VariantError::Grid(e))
    }
}

/// The fields of the JSON puzzle format that carry a puzzle's rules, in the order sudokit writes
/// them; its CSV has a column of each name, read back as these fields are.
pub const RULE_FIELDS: [&str; 4] = ["box", "variants", "regions", "cages"];

/// The shape a `box` field names: `"ROWSxCOLS"`, e.g. `"2x3"` (the message of a malformed one
/// does not name the field).
pub(super) fn box_shape(b: &str) -> Result<Shape, PuzzleObjectError> {
    let parsed = b
        .split_once(['x', 'X', '×'])
        .and_then(|(r, c)| Some((r.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?)));
    let Some((r, c)) = parsed else {
        return Err(PuzzleObjectError::Json(format!("expected \"ROWSxCOLS\", e.g. \"2x3\", found {b:?}")));
    };
    Ok(Shape::new(r, c)?)
}

/// A puzzle with its own rules, as read from the JSON puzzle format.
#[derive(Clone, Debug)]
pub struct VariantPuzzle {
    /// The givens.
    pub grid: Grid,
    /// The rules.
    pub board: Board,
    /// The answer the object gives (`solution`, `count`).
    pub expected: Expected,
    /// How the object wrote its cells.
    pub notation: Notation,
}

/// The fields of the JSON puzzle format itself (`complete` qualifies `count`).
const PUZZLE_FIELDS: [&str; 10] =
    ["size", "box", "puzzle", "givens", "variants", "regions", "cages", "solution", "count", "complete"];

/// The other fields of the records sudokit writes with `-o json`: what a command found, which says
/// nothing about the puzzle. They are read past, so that every record reads back as its puzzle;
/// any field in neither list is an error, so that a misspelt rule is never silently ignored.
const RECORD_FIELDS: [&str; 37] = [
    // Every record; `file` where a run read several inputs.
    "index",
    "file",
    "status",
    // `solve`, `count`, `check`, `canon`, `generate`.
    "clues",
    "guesses",
    "all_solutions",
    "canonical",
    "detail",
    "expected_count",
    "expected_solution",
    // `minimize`, `check --minimal` (`minimize` also counts its `givens`: see `from_json`).
    "minimal",
    "removed",
    "redundant",
    // `backdoor`.
    "backdoor_size",
    "backdoor_count",
    "backdoors",
    "max_size",
    // `rate`.
    "er",
    "ep",
    "ed",
    "hodoku_score",
    "hodoku_level",
    "hardest_technique",
    "step_count",
    // `explain` (both scales; with `--summary`, `summary` and HoDoKu's `score`), `hint`,
    // `candidates`.
    "summary",
    "score",
    "solved",
    "steps",
    "grids",
    "stopped",
    "hardest",
    "level",
    "hint",
    "step",
    "technique",
    "difficulty",
    "candidates",
];

/// Whether `key`, the first key of a JSON object, marks it as a puzzle object (a field of the
/// format or of sudokit's records).
pub(super) fn is_object_key(key: &[u8]) -> bool {
    PUZZLE_FIELDS.iter().chain(&RECORD_FIELDS).any(|f| f.as_bytes() == key)
}

/// A JSON puzzle object's error, after where it is: `cages[0].sum: invalid value …`. An unknown
/// field is named by the error itself, so it is put after the object holding it.
fn json_error(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let (path, inner) = (e.path().to_string(), e.inner().to_string());
    let path = if inner.starts_with("unknown field") {
        path.rsplit_once('.').map_or(String::new(), |(object, _)| object.to_string())
    } else {
        path
    };
    if path.is_empty() || path == "." {
        inner
    } else {
        format!("{path}: {inner}")
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPuzzle {
    size: Option<usize>,
    #[serde(rename = "box")]
    box_shape: Option<String>,
    #[serde(alias = "givens")]
    puzzle: Option<serde_json::Value>,
    solution: Option<serde_json::Value>,
    count: Option<serde_json::Value>,
    complete: Option<bool>,
    #[serde(default)]
    variants: Vec<String>,
    regions: Option<serde_json::Value>,
    #[serde(default)]
    cages: Vec<JsonCage>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonCage {
    sum: u32,
    cells: Vec<String>,
}

impl VariantPuzzle {
    /// Reads one puzzle object of the JSON puzzle format (see the module docs). `symbols` is the cell
    /// convention of a `givens` string.
    pub fn from_json(
        value: &serde_json::Value,
        symbols: Symbols,
    ) -> Result<VariantPuzzle, PuzzleObjectError> {
        if let serde_json::Value::Object(fields) = value {
            // A record of `--pencil` runs holds marks, and no puzzle.
            if fields.contains_key("pencil")
                && !fields.contains_key("puzzle")
                && !fields.contains_key("givens")
            {
                return Err(PuzzleObjectError::Json(
                    "a record of pencil marks (`pencil`), not of a puzzle: \
                     read it as pencil marks (--pencil)"
                        .into(),
                ));
            }
        }
        let j: JsonPuzzle = match value {
            serde_json::Value::Object(fields) => {
                let own: serde_json::Map<String, serde_json::Value> = fields
                    .iter()
                    // A number under `givens` is no puzzle but how many givens a `minimize`
                    // record's minimal puzzle kept.
                    .filter(|(k, v)| {
                        !(RECORD_FIELDS.contains(&k.as_str()) || k.as_str() == "givens" && v.is_number())
                    })
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                serde_path_to_error::deserialize(&serde_json::Value::Object(own))
            }
            other => serde_path_to_error::deserialize(other),
        }
        .map_err(|e| PuzzleObjectError::Json(json_error(&e)))?;
        let mut v = Variants::default();
        let mut killer = false;
        for name in &j.variants {
            match name.to_ascii_lowercase().as_str() {
                "x" | "diagonal" | "diagonals" => v.diagonals = true,
                "hyper" | "windoku" => v.windows = true,
                "jigsaw" | "irregular" => v.jigsaw = true,
                "killer" => killer = true,
                _ => return Err(PuzzleObjectError::UnknownVariant { name: name.clone() }),
            }
        }
        if killer && j.cages.is_empty() {
            return Err(PuzzleObjectError::Json("a killer puzzle needs \"cages\"".into()));
        }
        let regions = match &j.regions {
            None => None,
            Some(serde_json::Value::String(s)) => {
                Some(s.bytes().filter(|b| !b.is_ascii_whitespace()).collect())
            }
            Some(serde_json::Value::Array(rows)) => {
                let mut all = Vec::new();
                for (i, r) in rows.iter().enumerate() {
                    let s = r.as_str().ok_or_else(|| {
                        PuzzleObjectError::Json(format!("regions: row {} is not a string", i + 1))
                    })?;
                    all.extend(s.bytes().filter(|b| !b.is_ascii_whitespace()));
                }
                Some(all)
            }
            Some(_) => {
                return Err(PuzzleObjectError::Json(
                    "regions: expected a string or an array of row strings".into(),
                ))
            }
        };
        let shape = Self::shape(&j, regions.as_deref())?;
        let grid = match (&j.puzzle, shape) {
            (None | Some(serde_json::Value::Null), Some(s)) => Grid::empty(s),
            (None | Some(serde_json::Value::Null), None) => {
                return Err(PuzzleObjectError::Json("the puzzle needs \"puzzle\" or \"size\"".into()))
            }
            (Some(serde_json::Value::String(text)), s) => {
                super::parse_cells(text.as_bytes(), s, symbols).map_err(PuzzleObjectError::Givens)?
            }
            (Some(board @ serde_json::Value::Array(_)), s) => {
                super::board_from_json(board, s, symbols).map_err(PuzzleObjectError::Givens)?
            }
            (Some(_), _) => {
                return Err(PuzzleObjectError::Json(
                    "puzzle: expected a string of cells or an array of rows".into(),
                ))
            }
        };
        let shape = grid.shape();
        let map = regions.map(|r| region_map(shape, &r)).transpose()?;
        let board = v.board(shape, map.as_deref())?;
        let board = if j.cages.is_empty() {
            board
        } else {
            let mut cages = Vec::with_capacity(j.cages.len());
            for (k, c) in j.cages.iter().enumerate() {
                let cells = c
                    .cells
                    .iter()
                    .map(|name| {
                        parse_cell_name(name, shape).ok_or_else(|| {
                            PuzzleObjectError::Rules(VariantError::BadCage {
                                cage: k + 1,
                                reason: CageProblem::UnknownCell { name: name.clone(), shape },
                            })
                        })
                    })
                    .collect::<Result<Vec<Cell>, PuzzleObjectError>>()?;
                cages.push(Cage { sum: c.sum, cells });
            }
            board.with_cages(cages)?
        };
        let solution = match &j.solution {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(text)) => Some(
                super::parse_cells(text.as_bytes(), Some(shape), symbols)
                    .map_err(PuzzleObjectError::Solution)?,
            ),
            Some(rows @ serde_json::Value::Array(_)) => Some(
                super::board_from_json(rows, Some(shape), symbols).map_err(PuzzleObjectError::Solution)?,
            ),
            Some(_) => {
                return Err(PuzzleObjectError::Json(
                    "solution: expected a string of cells or an array of rows".into(),
                ))
            }
        };
        let count = match &j.count {
            None | Some(serde_json::Value::Null) => None,
            Some(_) if j.complete == Some(false) => None,
            Some(c) => Some(c.as_u64().ok_or_else(|| {
                PuzzleObjectError::Json(format!("count: expected a number of solutions, found {c}"))
            })?),
        };
        let numbers =
            matches!(&j.puzzle, Some(b @ serde_json::Value::Array(_)) if super::json::board_has_numbers(b));
        Ok(VariantPuzzle {
            grid,
            board,
            expected: Expected { count, solution },
            notation: Notation {
                symbols,
                numbers,
                board: matches!(&j.puzzle, Some(serde_json::Value::Array(_))),
                object: true,
                array: None,
                rules: true,
            },
        })
    }

    /// The shape fixed by `box`, `size` or the region map, if any (else the givens decide it).
    fn shape(j: &JsonPuzzle, regions: Option<&[u8]>) -> Result<Option<Shape>, PuzzleObjectError> {
        if let Some(b) = &j.box_shape {
            let shape = box_shape(b).map_err(|e| match e {
                PuzzleObjectError::Json(m) => PuzzleObjectError::Json(format!("box: {m}")),
                other => other,
            })?;
            if let Some(n) = j.size {
                if shape.side() != n {
                    return Err(GridError::BoxDoesNotTile {
                        side: n,
                        box_rows: shape.box_rows(),
                        box_cols: shape.box_cols(),
                    }
                    .into());
                }
            }
            return Ok(Some(shape));
        }
        if let Some(n) = j.size {
            return Ok(Some(Shape::for_side(n)?));
        }
        if let Some(r) = regions {
            let n = (4..=MAX_SIDE).find(|n| n * n >= r.len()).unwrap_or(MAX_SIDE);
            if n * n == r.len() {
                return Ok(Some(Shape::for_side(n)?));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Result<VariantPuzzle, PuzzleObjectError> {
        let v: serde_json::Value = serde_json::from_str(text).expect("test JSON parses");
        VariantPuzzle::from_json(&v, Symbols::Standard)
    }

    #[test]
    fn cell_names() {
        let s = Shape::CLASSIC;
        assert_eq!(parse_cell_name("r4c1", s), Some(Cell::at(3, 0, s)));
        assert_eq!(parse_cell_name("R9C9", s), Some(Cell::at(8, 8, s)));
        assert_eq!(parse_cell_name("r10c1", s), None);
        assert_eq!(parse_cell_name("r0c1", s), None);
        assert_eq!(parse_cell_name("c1r1", s), None);
    }

    #[test]
    fn json_errors_name_the_problem() {
        let e = |t: &str| json(t).expect_err(t).to_string();
        assert!(e(r#"{"size": 9, "colour": 3}"#).starts_with("unknown field `colour`"));
        // A wrong value is named by where it is.
        let cage =
            r#"{"size": 4, "puzzle": "................", "cages": [{"sum": 99999999999, "cells": []}]}"#;
        assert!(e(cage).starts_with("cages[0].sum: invalid value: integer `99999999999`"), "{}", e(cage));
        let odd = r#"{"size": 4, "puzzle": "................", "cages": [{"sum": 3, "cells": [], "x": 1}]}"#;
        assert!(e(odd).starts_with("cages[0]: unknown field `x`"), "{}", e(odd));
        assert!(e(r#"{"size": "x", "puzzle": "1"}"#).starts_with("size: invalid type: string"));
        // A record of a `--pencil` run holds marks, no puzzle: said so, not "unknown field".
        let pencil = e(r#"{"index": 1, "status": "ok", "pencil": "123"}"#);
        assert!(pencil.contains("a record of pencil marks (`pencil`), not of a puzzle"), "{pencil}");
        assert!(e(r#"{"size": 7}"#).contains("a side of 7 has no box shape"));
        assert!(e(r#"{"size": 16, "box": "3x3"}"#).contains("boxes of 3x3 do not tile a 16×16 board"));
        assert!(e(r#"{"size": 9, "variants": ["sandwich"]}"#).contains("unknown variant \"sandwich\""));
        assert!(e(r#"{"size": 4, "cages": [{"sum": 9, "cells": ["r1c1", "r1c2"]}]}"#).contains(
            "cage 1: a sum of 9 is impossible for 2 different digits from 1 to 4 (possible: 3 to 7)"
        ));
        assert!(e(r#"{"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r5c2"]}]}"#)
            .contains("cage 1: \"r5c2\" is not a cell"));
        assert!(e(r#"{"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 3, "cells": ["r1c2", "r2c2"]}]}"#)
            .contains("cage 2: r1c2 is already in another cage"));
        assert!(e(r#"{"size": 4, "regions": "AAAAABBBCCDDCCDD"}"#)
            .contains("region 'A' has 5 cells, every region needs 4"));
        assert!(e(r#"{"size": 4, "variants": ["jigsaw"]}"#).contains("needs a region map"));
        assert!(e(r#"{"givens": "12345678........"}"#).contains("invalid character '5'"));
        assert!(e(r#"{"variants": ["x"]}"#).contains("needs \"puzzle\" or \"size\""));
    }

    #[test]
    fn what_records_found_is_read_past_but_not_a_misspelt_rule() {
        // A `rate` record and an `explain` record: their answers say nothing about the puzzle.
        let rated = json(
            r#"{"index": 1, "status": "ok", "puzzle": "1...............", "er": 1.2, "ep": 1.2, "ed": 1.2,
                "hodoku_score": 196, "hodoku_level": "easy", "hardest_technique": "Hidden Single"}"#,
        )
        .expect("a rate record reads back");
        assert_eq!(rated.grid.givens(), 1);
        let explained = json(
            r#"{"index": 2, "status": "ok", "puzzle": "1...............", "variants": ["x"], "solved": true,
                "steps": [{"text": "Naked Single: r1c2=2"}], "grids": [], "stopped": null}"#,
        )
        .expect("an explain record reads back");
        assert!(!explained.board.is_classic(), "the rules a record carries are kept");
        // `minimize` counts the givens it kept under `givens`, an older name of `puzzle`.
        let minimized = json(
            r#"{"index": 1, "status": "ok", "puzzle": "1.3.............", "minimal": "1...............",
                "givens": 1, "removed": ["r1c3"]}"#,
        )
        .expect("a minimize record reads back");
        assert_eq!(minimized.grid.givens(), 2, "the puzzle read is the input, not the minimal one");
        let summed = json(
            r#"{"index": 1, "status": "ok", "puzzle": "1...............", "solved": true, "step_count": 15,
                "score": 150, "level": "easy", "summary": [{"technique": "Full House", "count": 15}],
                "backdoor_size": 0, "backdoor_count": 1, "backdoors": [[]], "max_size": 3,
                "redundant": []}"#,
        )
        .expect("explain --summary, backdoor and check --minimal fields are read past");
        assert_eq!(summed.grid.givens(), 1);
        let e = json(r#"{"puzzle": "1...............", "variant": ["x"]}"#).expect_err("misspelt");
        assert!(e.to_string().contains("unknown field `variant`"), "{e}");
        assert!(is_object_key(b"hint") && is_object_key(b"size") && !is_object_key(b"colour"));
    }

    #[test]
    fn json_rules_are_built() {
        let p = json(r#"{"givens": "1...............", "variants": ["x"], "regions": ["AABB", "AABB", "CCDD", "CCDD"]}"#)
            .expect("valid");
        assert_eq!(p.grid.givens(), 1);
        assert_eq!(p.board.houses().len(), 4 + 4 + 4 + 2);
        let k = json(r#"{"size": 9, "box": "3x3", "cages": [{"sum": 17, "cells": ["r1c1", "r1c2"]}]}"#)
            .expect("valid");
        assert_eq!(k.board.cages().len(), 1);
        assert_eq!(k.board.peers(Cell::from_index(0)).len(), 20);
        assert!(!k.board.is_classic());
    }
}
