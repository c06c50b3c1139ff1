//! Writing a board's variant rules the way the readers take them back: a jigsaw region map as one
//! symbol per cell (the token that follows the givens in the line layout, or ends each row in the
//! grid layouts), and the rule fields of the [JSON puzzle format](crate::parse::puzzle_object)
//! (`box`, `variants`, `regions`, `cages`).

use serde_json::{json, Value};

use crate::grid::Shape;
use crate::rules::{Board, HouseKind};

/// The symbols of regions 1 to 32 in a written region map.
pub const REGION_SYMBOLS: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";

/// The jigsaw region map of `board`, one symbol of [`REGION_SYMBOLS`] per cell, row-major; `None` when
/// the board has no jigsaw regions. [`crate::parse::region_map`] reads it back.
///
/// ```
/// use sudokit::{format::region_symbols, parse::region_map, Board, Shape};
/// let s = Shape::for_side(4)?;
/// let map = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
/// let board = Board::jigsaw(s, &map)?;
/// let text = region_symbols(&board).expect("a jigsaw board");
/// assert_eq!(text, b"AAABCABBCCDBCDDD");
/// assert_eq!(region_map(s, &text)?, map);
/// assert_eq!(region_symbols(&Board::classic(s)), None);
/// # Ok::<(), sudokit::GridError>(())
/// ```
pub fn region_symbols(board: &Board) -> Option<Vec<u8>> {
    let mut out = vec![b'?'; board.shape().cells()];
    let mut any = false;
    for house in board.houses() {
        if let HouseKind::Region(r) = house.kind {
            any = true;
            for c in &house.cells {
                out[c.index()] = REGION_SYMBOLS[r as usize % REGION_SYMBOLS.len()];
            }
        }
    }
    any.then_some(out)
}

/// The variant names of `board` as the JSON puzzle format spells them (`x`, `hyper`, `jigsaw`,
/// `killer`), in that order; empty for the classic rules.
pub fn variant_names(board: &Board) -> Vec<&'static str> {
    let has = |f: fn(&HouseKind) -> bool| board.houses().iter().any(|h| f(&h.kind));
    let mut names = Vec::new();
    if has(|k| matches!(k, HouseKind::Diagonal(_))) {
        names.push("x");
    }
    if has(|k| matches!(k, HouseKind::Window(_))) {
        names.push("hyper");
    }
    if has(|k| matches!(k, HouseKind::Region(_))) {
        names.push("jigsaw");
    }
    if !board.cages().is_empty() {
        names.push("killer");
    }
    names
}

/// The fields of a JSON puzzle object that carry `board`'s rules, in this order, each only when it
/// says something: `box` (when the boxes are not the squarest for the side), `variants`, `regions`
/// (the map of [`region_symbols`] as one string) and `cages` (`{"sum", "cells": ["r1c1", …]}`). With
/// a `puzzle` field added they make a puzzle object that reads back with these rules.
///
/// ```
/// use sudokit::{format::rules_fields, Board, Shape};
/// let board = Board::classic(Shape::CLASSIC).with_diagonals();
/// let fields = rules_fields(&board);
/// assert_eq!(fields.len(), 1);
/// assert_eq!((fields[0].0, fields[0].1.to_string()), ("variants", r#"["x"]"#.to_string()));
/// ```
pub fn rules_fields(board: &Board) -> Vec<(&'static str, Value)> {
    let shape = board.shape();
    let mut out = Vec::new();
    if Shape::for_side(shape.side()).ok() != Some(shape) {
        out.push(("box", Value::from(format!("{}x{}", shape.box_rows(), shape.box_cols()))));
    }
    let names = variant_names(board);
    if names.is_empty() {
        return out;
    }
    out.push(("variants", Value::from(names)));
    if let Some(map) = region_symbols(board) {
        out.push(("regions", Value::from(String::from_utf8_lossy(&map).into_owned())));
    }
    if !board.cages().is_empty() {
        let cages: Vec<Value> = board
            .cages()
            .iter()
            .map(
                |c| json!({"sum": c.sum, "cells": c.cells.iter().map(|x| x.name(shape)).collect::<Vec<_>>()}),
            )
            .collect();
        out.push(("cages", Value::from(cages)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::parse::{ParseOptions, PuzzleReader};
    use crate::rules::Cage;

    #[test]
    fn rule_fields_read_back_as_the_same_board() {
        let s = Shape::new(3, 2).expect("6x6 with boxes of 3 rows");
        let map: Vec<u8> = (0..36).map(|i| (i / 6) as u8).collect();
        let board = Board::jigsaw(s, &map)
            .expect("rows as regions")
            .with_diagonals()
            .with_cages([Cage { sum: 3, cells: vec![Cell::at(0, 0, s), Cell::at(1, 0, s)] }])
            .expect("a valid cage");
        let mut object = serde_json::Map::new();
        object.insert("puzzle".into(), Value::from(".".repeat(36)));
        for (k, v) in rules_fields(&board) {
            object.insert(k.into(), v);
        }
        let text = Value::from(object).to_string();
        assert!(text.contains(r#""box":"3x2""#), "{text}");
        assert!(text.contains(r#""variants":["x","jigsaw","killer"]"#), "{text}");
        let record = PuzzleReader::new(text.as_bytes(), ParseOptions::default())
            .next()
            .expect("a record")
            .expect("readable");
        assert_eq!(record.board.as_deref(), Some(&board));
    }
}
