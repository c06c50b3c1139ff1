//! Writing a board's variant rules the way the readers take them back: a jigsaw region map as one
//! symbol per cell (the token that follows the givens in the line layout, or ends each row in the
//! grid layouts), and the rule fields of the [JSON puzzle format](crate::parse::puzzle_object)
//! (`box`, `variants`, `regions`, `cages`). [`write_board_grid`] writes a grid with its region map
//! in the text layouts that carry one.

use serde_json::{json, Value};

use super::{write_grid_in, OutputFormat};
use crate::grid::{Candidates, Grid, Symbols};
use crate::parse::Notation;
use crate::rules::{region_connected, Board, HouseKind};

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

/// Appends `grid` in `format` and `notation` as [`write_grid_in`] does, and for a jigsaw `board`
/// with its region map where the readers take it: in the line layout as one more token after the
/// cells (`givens regions`), in the grid and compact layouts at the end of each row. A jigsaw grid
/// written so reads back under the jigsaw rules. The pretty layout draws the regions' walls in
/// place of the boxes, which read back as the regions (where a region is in two pieces, which walls
/// cannot show, each row is followed by its part of the map too). A JSON board has no place for a map: it
/// becomes the `puzzle` of a JSON puzzle object with the map as its `regions`
/// (`{"puzzle":[[…]],"regions":"AAAB…"}`). Every grid of a board without regions is written as
/// [`write_grid_in`] writes it.
///
/// ```
/// use sudokit::{format::{write_board_grid, OutputFormat}, Board, Grid, Notation, Shape};
/// let s = Shape::for_side(4)?;
/// let board = Board::jigsaw(s, &[0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3])?;
/// let g: Grid = "1234341221434321".parse().expect("a 4x4 grid");
/// let mut out = Vec::new();
/// write_board_grid(&board, &g, OutputFormat::Line, Notation::default(), &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "1234341221434321 AAABCABBCCDBCDDD\n");
/// let mut out = Vec::new();
/// write_board_grid(&board, &g, OutputFormat::Compact, Notation::default(), &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "1234 AAAB\n3412 CABB\n2143 CCDB\n4321 CDDD\n");
/// let mut out = Vec::new();
/// write_board_grid(&board, &g, OutputFormat::Pretty, Notation::default(), &mut out);
/// let drawn = [
///     "+---+---+---+---+",
///     "| 1   2   3 | 4 |",
///     "+---+   +---+   +",
///     "| 3 | 4 | 1   2 |",
///     "+   +---+---+   +",
///     "| 2   1 | 4 | 3 |",
///     "+   +---+   +---+",
///     "| 4 | 3   2   1 |",
///     "+---+---+---+---+",
/// ];
/// assert_eq!(String::from_utf8(out).unwrap(), drawn.join("\n") + "\n");
/// let mut out = Vec::new();
/// write_board_grid(&board, &g, OutputFormat::Json, Notation::default(), &mut out);
/// let object = String::from_utf8(out).unwrap();
/// assert!(object.starts_with(r#"{"puzzle":[["1","2","3","4"],"#), "{object}");
/// assert!(object.ends_with("]],\"regions\":\"AAABCABBCCDBCDDD\"}\n"), "{object}");
/// # Ok::<(), sudokit::GridError>(())
/// ```
pub fn write_board_grid(
    board: &Board,
    grid: &Grid,
    format: OutputFormat,
    notation: Notation,
    out: &mut Vec<u8>,
) {
    let Some(map) = region_symbols(board) else { return write_grid_in(grid, format, notation, out) };
    match format {
        OutputFormat::Pretty => return write_walls(grid, &map, notation, out),
        OutputFormat::Json => {
            // A JSON puzzle object: the board as its puzzle, the map beside it.
            let mut text = Vec::new();
            write_grid_in(grid, format, notation, &mut text);
            out.extend_from_slice(b"{\"puzzle\":");
            out.extend_from_slice(text.trim_ascii_end());
            out.extend_from_slice(b",\"regions\":\"");
            out.extend_from_slice(&map);
            out.extend_from_slice(b"\"}\n");
            return;
        }
        OutputFormat::Line | OutputFormat::Grid | OutputFormat::Compact => {}
    }
    let mut text = Vec::new();
    write_grid_in(grid, format, notation, &mut text);
    // One map row per written row: the whole map after the one line of the line layout.
    let row_len = if format == OutputFormat::Line { map.len() } else { board.shape().side() };
    for (line, regions) in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()).zip(map.chunks(row_len)) {
        out.extend_from_slice(line);
        out.push(b' ');
        out.extend_from_slice(regions);
        out.push(b'\n');
    }
}

/// Appends `grid` drawn with walls between cells of different regions of `map` (one symbol per
/// cell): `|` and `---` where two neighbours lie in different regions, and around the board, `+`
/// where walls meet; three characters a cell, its symbol in the middle.
fn write_walls(grid: &Grid, map: &[u8], notation: Notation, out: &mut Vec<u8>) {
    let n = grid.shape().side();
    let mut symbols = Vec::new();
    write_grid_in(grid, OutputFormat::Line, notation, &mut symbols);
    let cells: Vec<&[u8]> = symbols.chunks(1).take(n * n).collect();
    draw_walls(&cells, map, n, out);
    out.push(b'\n');
}

/// Draws the `cells` texts of an `n`×`n` board (row-major) with walls between cells of different
/// regions of `map`: each cell is its text between two spaces, padded to its column's widest;
/// `|` between two cells of a row and a row of `-` under a cell where the regions differ (and
/// around the board), `+` where walls meet. Walls cannot tell a region in two pieces from two
/// regions, so where one is, each row is followed by its part of `map` after two spaces, which the
/// readers take as the map. No newline after the last line.
fn draw_walls(cells: &[&[u8]], map: &[u8], n: usize, out: &mut Vec<u8>) {
    let written = !in_one_piece(map, n);
    let widths: Vec<usize> =
        (0..n).map(|c| (0..n).map(|r| cells[r * n + c].len()).max().unwrap_or(1)).collect();
    // Whether a wall stands between cell (r, c) and its neighbour; outside the board counts as a
    // region of its own.
    let region = |r: usize, c: usize| (r < n && c < n).then(|| map[r * n + c]);
    let left = |r: usize, c: usize| region(r, c) != c.checked_sub(1).and_then(|c| region(r, c));
    let above = |r: usize, c: usize| region(r, c) != r.checked_sub(1).and_then(|r| region(r, c));
    for r in 0..=n {
        // The line above row r (below the last one for r == n), then row r itself.
        for c in 0..=n {
            let meets = above(r, c)
                || c.checked_sub(1).is_some_and(|c| above(r, c))
                || r.checked_sub(1).is_some_and(|r| left(r, c))
                || (r < n && left(r, c));
            out.push(if meets { b'+' } else { b' ' });
            // Past the last cell, only the border's corner.
            if let Some(&width) = widths.get(c) {
                let rule = if above(r, c) { b'-' } else { b' ' };
                out.extend(std::iter::repeat_n(rule, width + 2));
            }
        }
        if r == n {
            break;
        }
        out.push(b'\n');
        for c in 0..=n {
            out.push(if left(r, c) { b'|' } else { b' ' });
            if let Some(&width) = widths.get(c) {
                let text = cells[r * n + c];
                out.push(b' ');
                out.extend_from_slice(text);
                out.extend(std::iter::repeat_n(b' ', width - text.len() + 1));
            }
        }
        if written {
            out.extend_from_slice(b"  ");
            out.extend_from_slice(&map[r * n..(r + 1) * n]);
        }
        out.push(b'\n');
    }
}

/// Whether every region of `map` (one symbol per cell of an `n`×`n` board) is in one piece, its
/// cells joined through shared sides, so that walls alone draw it.
fn in_one_piece(map: &[u8], n: usize) -> bool {
    let mut symbols = map.to_vec();
    symbols.sort_unstable();
    symbols.dedup();
    symbols.into_iter().all(|s| region_connected(map, n, s))
}

/// The candidate grid of `marks` on `board`: for a jigsaw, drawn with walls between cells of
/// different regions, as the pretty layout draws its grids (each cell padded to its column's
/// widest, `-` for a cell without candidates); for other rules, the boxed form of
/// [`Candidates`]'s `Display`. Both read back as the same marks. No newline at the end.
///
/// ```
/// use sudokit::{format::marks_grid, Board, Candidates, Grid, Shape};
/// let s = Shape::for_side(4)?;
/// let board = Board::jigsaw(s, &[0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3])?;
/// let marks = Candidates::from_grid(&"1.34341221434321".parse::<Grid>()?);
/// let drawn = marks_grid(&board, &marks);
/// assert!(drawn.starts_with("+---+------+---+---+\n| 1   1234   3 | 4 |"), "{drawn}");
/// assert_eq!(drawn.parse::<Candidates>()?, marks);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn marks_grid(board: &Board, marks: &Candidates) -> String {
    marks_grid_in(board, marks, Symbols::Standard)
}

/// [`marks_grid`] with the digits written in `symbols`, as the puzzle was given: a 16×16 puzzle
/// in hex has its marks drawn in hex ([`Candidates::from_boxed_in`] and the human-solving
/// readers of pencil marks read them back with the same symbols).
///
/// ```
/// use sudokit::{format::marks_grid_in, Board, Candidates, Shape, Symbols};
/// let board = Board::classic(Shape::for_side(16)?);
/// let marks = Candidates::from_line_form(&"123456789ABCDEFG".repeat(256))?;
/// let drawn = marks_grid_in(&board, &marks, Symbols::Hex);
/// assert_eq!(Candidates::from_boxed_in(&drawn, Symbols::Hex)?, marks);
/// assert!(!drawn.contains('G'));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn marks_grid_in(board: &Board, marks: &Candidates, symbols: Symbols) -> String {
    let Some(map) = region_symbols(board) else { return marks.to_boxed_in(symbols) };
    let texts: Vec<String> = marks.iter().map(|(_, d)| d.symbols_in(symbols)).collect();
    let cells: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
    let mut out = Vec::new();
    draw_walls(&cells, &map, board.shape().side(), &mut out);
    // Every symbol is ASCII.
    String::from_utf8_lossy(&out).into_owned()
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
    if !shape.is_default_for_side() {
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
                |c| json!({"cells": c.cells.iter().map(|x| x.name(shape)).collect::<Vec<_>>(), "sum": c.sum}),
            )
            .collect();
        out.push(("cages", Value::from(cages)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Shape};
    use crate::parse::{ParseOptions, PuzzleReader, Symbols};
    use crate::rules::{Cage, Variants};

    /// A jigsaw grid written with its map reads back as the same grid under the same board, in every
    /// layout that carries the map and in the input's notation.
    #[test]
    fn jigsaw_grids_read_back_with_their_regions() {
        for (side, symbols) in [(6, Symbols::Standard), (9, Symbols::Standard), (16, Symbols::Hex)] {
            let s = Shape::for_side(side).expect("a board");
            // Regions of whole rows: a jigsaw map unlike the boxes.
            let map: Vec<u8> = (0..s.cells()).map(|i| (i / side) as u8).collect();
            let board = Board::jigsaw(s, &map).expect("rows as regions");
            let mut grid = crate::testing::base_solution(s);
            for i in (0..s.cells()).step_by(4) {
                grid.set(Cell::from_index(i), None);
            }
            let notation = Notation { symbols, ..Notation::default() };
            for format in [OutputFormat::Line, OutputFormat::Grid, OutputFormat::Compact] {
                let mut text = Vec::new();
                write_board_grid(&board, &grid, format, notation, &mut text);
                let opts = ParseOptions { symbols, ..ParseOptions::default() };
                let variants = Variants { jigsaw: true, ..Variants::default() };
                let record = PuzzleReader::new(&text[..], opts)
                    .with_variants(variants)
                    .next()
                    .expect("a record")
                    .expect("readable");
                let shown = String::from_utf8_lossy(&text);
                assert_eq!(record.puzzle.as_ref().ok(), Some(&grid), "{format} {side}\n{shown}");
                assert_eq!(record.board.as_deref(), Some(&board), "{format} {side}\n{shown}");
            }
        }
    }

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
