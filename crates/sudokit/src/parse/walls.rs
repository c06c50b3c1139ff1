//! Jigsaw boards drawn with walls, as `-o pretty` prints them: a `+---+---+` border with a `+`
//! at every cell boundary, `|` between two cells of a row that lie in different regions, `---`
//! under a cell whose neighbour below lies in another region. The regions are what the walls
//! enclose, so a drawing reads back as the board it was printed from. Walls cannot tell a region
//! in two pieces from two regions: such a board's drawing also writes each row's part of the
//! region map after its right border (`| 1   2 | … |  AAABBACCC`), which the reader then takes as
//! the map, checking that the walls agree with it.

use super::puzzle_object::region_map;
use crate::grid::{Cell, GridError, RegionProblem, Shape};
use crate::rules::{Board, Variants};

/// The symbol of each region of a map the walls draw, in the order of their first cells.
const NAMES: &[u8; 32] = b"123456789ABCDEFGHIJKLMNOPQRSTUVW";

/// The lines of one grid record, kept while it may turn out to be a drawing with walls.
#[derive(Default)]
pub(super) struct Drawing {
    /// The last separator line seen: the wall line above the next row.
    above: Option<Vec<u8>>,
    /// The columns of the top border's `+`s: where the walls between cells stand.
    bounds: Vec<usize>,
    /// Each row's line and the wall line above it, once the record is known to be a drawing.
    rows: Vec<(Vec<u8>, Option<Vec<u8>>)>,
    walled: bool,
}

impl Drawing {
    /// Notes a separator line (`+---+   +`).
    pub(super) fn separator(&mut self, line: &[u8]) {
        self.above = Some(line.to_vec());
    }

    /// Whether the record is a drawing with walls: its first row of `cells` cells came under a
    /// border with a `+` between every two cells, walled all along. Decided at the first row;
    /// a classic art grid has a `+` at box boundaries only and is not one.
    pub(super) fn first_row(&mut self, cells: usize) -> bool {
        let Some(top) = &self.above else { return false };
        let bounds: Vec<usize> = top.iter().enumerate().filter(|(_, &b)| b == b'+').map(|(i, _)| i).collect();
        self.walled = cells >= 4
            && bounds.len() == cells + 1
            && bounds
                .windows(2)
                .all(|w| w[1] > w[0] + 1 && top[w[0] + 1..w[1]].iter().all(|b| b"-=".contains(b)));
        if self.walled {
            self.bounds = bounds;
        }
        self.walled
    }

    /// Whether the record read so far is a drawing with walls.
    pub(super) fn walled(&self) -> bool {
        self.walled
    }

    /// Keeps a row line of a drawing with walls, with the wall line above it.
    pub(super) fn row(&mut self, line: &[u8]) {
        self.rows.push((line.to_vec(), self.above.take()));
    }

    /// The column of the drawing's right border: the last `+` of its top border, once known.
    pub(super) fn right_border(&self) -> Option<usize> {
        match self.bounds.last() {
            Some(&b) => Some(b),
            None => self.above.as_ref()?.iter().rposition(|&b| b == b'+'),
        }
    }

    /// A row line cut at the drawing's right border: the cells and walls, and the row's part of a
    /// region map written after the border (empty where there is none).
    pub(super) fn split_row<'a>(&self, line: &'a [u8]) -> (&'a [u8], &'a [u8]) {
        split_at_border(line, self.right_border())
    }

    /// Whether a region map of [`Drawing::regions`] draws the boxes of `shape`: regions are named
    /// in the order of their first cells, as the boxes are numbered.
    pub(super) fn are_boxes(map: &[u8], shape: Shape) -> bool {
        let names: Vec<u8> = (0..shape.cells()).map(|i| NAMES[shape.box_of(Cell::from_index(i))]).collect();
        map == &names[..]
    }

    /// What the drawing of a board of `shape`, whose rows were all kept, shows: the region map
    /// its walls draw, one symbol per cell (a region's symbol is the order of its first cell in
    /// reading order); `None` for a grid with every cell walled in (a classic grid, drawn cell by
    /// cell).
    pub(super) fn regions(&self, shape: Shape) -> Result<Option<Vec<u8>>, RegionProblem> {
        let (left, over) = self.walls(shape.side())?;
        if let Some(map) = self.written_map(shape)? {
            walls_agree(shape, &map, &left, &over)?;
            return Ok(Some(map));
        }
        if left.iter().chain(&over).all(|&wall| wall) {
            return Ok(None);
        }
        flood(shape, &left, &over).map(Some)
    }

    /// The regions the drawing brings of its own, when no jigsaw rules were asked for: `None` where
    /// its walls draw none (every cell walled in, the boxes only, or rows not all ruled off: a
    /// classic grid drawn in its own style), else the region map or why its walls make no regions.
    pub(super) fn own_regions(&self, shape: Shape) -> Option<Result<Vec<u8>, RegionProblem>> {
        match self.regions(shape) {
            Ok(Some(map)) if !Drawing::are_boxes(&map, shape) => Some(Ok(map)),
            Ok(_) | Err(RegionProblem::MissingWallLine { .. }) => None,
            Err(problem) => Some(Err(problem)),
        }
    }

    /// The region map written after the rows' right border (a region in two pieces needs one),
    /// its symbols renamed as [`Drawing::regions`] names them; `None` where no row has one.
    fn written_map(&self, shape: Shape) -> Result<Option<Vec<u8>>, RegionProblem> {
        let n = shape.side();
        let parts: Vec<&[u8]> = self.rows.iter().take(n).map(|(line, _)| self.split_row(line).1).collect();
        if parts.iter().all(|p| p.is_empty()) {
            return Ok(None);
        }
        let mut names: Vec<u8> = Vec::new();
        let mut map = Vec::with_capacity(n * n);
        for (r, part) in parts.iter().enumerate() {
            if part.len() != n {
                return Err(RegionProblem::RowMap { row: r + 1, found: part.len(), side: n });
            }
            for (c, &symbol) in part.iter().enumerate() {
                let index = match names.iter().position(|&s| s == symbol) {
                    Some(i) => i,
                    None if names.len() < n => {
                        names.push(symbol);
                        names.len() - 1
                    }
                    None => {
                        let cell = Cell::from_index(r * n + c);
                        return Err(RegionProblem::TooManyRegions {
                            symbol: char::from(symbol),
                            cell,
                            shape,
                        });
                    }
                };
                map.push(NAMES[index]);
            }
        }
        Ok(Some(map))
    }

    /// Per cell, whether a wall stands on its left and above it (the board's border counts as
    /// walls).
    fn walls(&self, n: usize) -> Result<(Vec<bool>, Vec<bool>), RegionProblem> {
        let mut left = vec![true; n * n];
        let mut over = vec![true; n * n];
        for (r, (line, above)) in self.rows.iter().enumerate().take(n) {
            for c in 1..n {
                left[r * n + c] = line.get(self.bounds[c]) == Some(&b'|');
            }
            if r == 0 {
                continue;
            }
            let Some(above) = above else { return Err(RegionProblem::MissingWallLine { row: r }) };
            for c in 0..n {
                let segment =
                    above.get(self.bounds[c] + 1..self.bounds[c + 1].min(above.len())).unwrap_or_default();
                over[r * n + c] = segment.iter().any(|b| b"-=".contains(b));
            }
        }
        Ok((left, over))
    }
}

/// `line` cut at the right border standing at column `border` (where the line has a `|` there):
/// the cells and walls, and what follows the border, trimmed.
pub(super) fn split_at_border(line: &[u8], border: Option<usize>) -> (&[u8], &[u8]) {
    match border {
        Some(b) if line.get(b) == Some(&b'|') => (&line[..=b], line[b + 1..].trim_ascii()),
        _ => (line, &[]),
    }
}

/// Whether the `left` and `over` walls (see [`Drawing::walls`]) stand exactly between the cells of
/// different regions of `map`: an error naming the first cell where one is missing or too many.
fn walls_agree(shape: Shape, map: &[u8], left: &[bool], over: &[bool]) -> Result<(), RegionProblem> {
    let n = shape.side();
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        let beside = c > 0 && left[i] != (map[i] != map[i - 1]);
        let below = r > 0 && over[i] != (map[i] != map[i - n]);
        if beside || below {
            return Err(RegionProblem::WallsDisagree { cell: Cell::from_index(i), shape });
        }
    }
    Ok(())
}

/// The regions `left` and `over` walls enclose (see [`Drawing::walls`]), each flooded from its
/// first cell in reading order through open sides, and named so; a region of other than `side`
/// cells is an error naming its first cell.
fn flood(shape: Shape, left: &[bool], over: &[bool]) -> Result<Vec<u8>, RegionProblem> {
    let n = shape.side();
    let mut label: Vec<Option<u8>> = vec![None; n * n];
    let mut next = 0u8;
    for start in 0..n * n {
        if label[start].is_some() {
            continue;
        }
        let mut stack = vec![start];
        label[start] = Some(next);
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let (r, c) = (i / n, i % n);
            let open = [
                (c > 0 && !left[i]).then(|| i - 1),
                (c + 1 < n && !left[i + 1]).then(|| i + 1),
                (r > 0 && !over[i]).then(|| i - n),
                (r + 1 < n && !over[i + n]).then(|| i + n),
            ];
            for j in open.into_iter().flatten() {
                if label[j].is_none() {
                    label[j] = Some(next);
                    stack.push(j);
                }
            }
        }
        if size != n {
            return Err(RegionProblem::WalledSize { cell: Cell::from_index(start), shape, found: size });
        }
        next += 1;
    }
    Ok(label.iter().map(|l| NAMES[usize::from(l.unwrap_or(0))]).collect())
}

/// The jigsaw regions a candidate grid (or any grid of `shape` in text) draws with walls, as
/// `candidates` draws a jigsaw's: `None` when it draws none (no `+` at every cell of its top border,
/// walls around every cell or around the boxes only, rows not all ruled off), else the region map
/// (symbols as [`Drawing::regions`] names them) or why its walls make no regions. A row is a line
/// with a letter or digit, or a lone `-` (a cell without candidates); other lines are rules.
pub(crate) fn drawn_regions(text: &str, shape: Shape) -> Option<Result<Vec<u8>, RegionProblem>> {
    let mut d = Drawing::default();
    for line in text.lines() {
        let row = line.bytes().any(|b| b.is_ascii_alphanumeric())
            || line.split(|c: char| c.is_whitespace() || c == '|').any(|t| t == "-");
        if !row {
            if line.contains(['+', '-']) {
                d.separator(line.as_bytes());
            }
            continue;
        }
        if d.rows.is_empty() && !d.first_row(shape.side()) {
            return None;
        }
        d.row(line.as_bytes());
    }
    if d.rows.len() != shape.side() {
        return None;
    }
    d.own_regions(shape)
}

/// The rules of a board whose drawing brings its regions: `variants` with the jigsaw regions of
/// `map` (as [`Drawing::regions`] names them).
pub(crate) fn drawn_board(shape: Shape, map: &[u8], variants: Variants) -> Result<Board, GridError> {
    let jigsaw = Variants { jigsaw: true, ..variants };
    region_map(shape, map).and_then(|m| jigsaw.board(shape, Some(&m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Shape {
        Shape::for_side(4).expect("a 4×4 board")
    }

    fn drawing(text: &str) -> Drawing {
        let mut d = Drawing::default();
        for line in text.lines() {
            if line.starts_with('|') {
                if d.rows.is_empty() && !d.walled {
                    assert!(d.first_row(4), "not a drawing: {text}");
                }
                d.row(line.as_bytes());
            } else {
                d.separator(line.as_bytes());
            }
        }
        d
    }

    #[test]
    fn walls_enclose_the_regions() {
        let d = drawing(
            "+---+---+---+---+\n\
             | .   .   . | . |\n\
             +   +---+---+   +\n\
             | . | . | .   . |\n\
             +---+   +---+   +\n\
             | .   . | . | . |\n\
             +   +---+   +---+\n\
             | . | .   .   . |\n\
             +---+---+---+---+",
        );
        let shape = four();
        assert_eq!(d.regions(shape).expect("a drawing").as_deref(), Some(&b"1112132233423444"[..]));
    }

    #[test]
    fn every_cell_walled_in_draws_no_regions() {
        let d = drawing(
            "+---+---+---+---+\n\
             | . | . | . | . |\n\
             +---+---+---+---+\n\
             | . | . | . | . |\n\
             +---+---+---+---+\n\
             | . | . | . | . |\n\
             +---+---+---+---+\n\
             | . | . | . | . |\n\
             +---+---+---+---+",
        );
        let shape = four();
        assert_eq!(d.regions(shape), Ok(None));
        assert!(!Drawing::are_boxes(b"1112132233423444", shape));
        assert!(Drawing::are_boxes(b"1122112233443344", shape));
    }

    #[test]
    fn a_candidate_grid_draws_its_regions() {
        let shape = four();
        let map = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let board = crate::rules::Board::jigsaw(shape, &map).expect("a jigsaw");
        let marks = crate::grid::Candidates::new(shape);
        let drawn = crate::format::marks_grid(&board, &marks);
        assert_eq!(drawn_regions(&drawn, shape), Some(Ok(b"1112312233423444".to_vec())), "{drawn}");
        // The boxed form of the classic rules, and the line form, draw no regions.
        assert_eq!(drawn_regions(&marks.to_string(), shape), None);
        assert_eq!(drawn_regions(&marks.to_line_form(), shape), None);
        // One wall fewer in the first row: two regions become one of 8 cells.
        let broken = drawn.replacen("| 1234 |", "  1234 |", 1);
        assert!(
            matches!(drawn_regions(&broken, shape), Some(Err(RegionProblem::WalledSize { .. }))),
            "{broken}"
        );
    }

    /// A 4×4 jigsaw whose first two regions trade `r1c1` and `r1c4`: each is in two pieces.
    fn two_pieces() -> Board {
        Board::jigsaw(four(), &[1, 0, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).expect("a jigsaw")
    }

    /// The empty grid of `board` in the pretty layout.
    fn pretty(board: &Board) -> String {
        let grid = crate::grid::Grid::empty(board.shape());
        let mut text = Vec::new();
        let pretty = crate::format::OutputFormat::Pretty;
        crate::format::write_board_grid(board, &grid, pretty, crate::Notation::default(), &mut text);
        String::from_utf8(text).expect("ASCII")
    }

    /// What the reader makes of `text`, with and without the jigsaw rules asked for: the region
    /// map of the record's board, or its error.
    fn read_regions(text: &str) -> Vec<Result<Vec<u8>, String>> {
        [false, true]
            .into_iter()
            .map(|jigsaw| {
                let variants = Variants { jigsaw, ..Variants::default() };
                let mut reader =
                    crate::parse::PuzzleReader::new(text.as_bytes(), crate::parse::ParseOptions::default())
                        .with_variants(variants);
                let record = reader.next().expect("one record").expect("no I/O error");
                assert!(reader.next().is_none(), "one record only: {text}");
                match record.puzzle {
                    Ok(_) => record
                        .board
                        .as_deref()
                        .and_then(crate::format::region_symbols)
                        .ok_or_else(|| "no regions".into()),
                    Err(e) => Err(e.to_string()),
                }
            })
            .collect()
    }

    #[test]
    fn a_region_in_two_pieces_is_drawn_with_the_map_after_the_rows() {
        let board = two_pieces();
        let shape = four();
        let text = pretty(&board);
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(rows[0], "| . | . | . | . |  BABA", "{text}");
        assert!(rows[1].ends_with("|  AABB"), "{text}");
        // Read back, the first region met is named A.
        let expected = b"ABABBBAACCDDCCDD".to_vec();
        assert_eq!(read_regions(&text), [Ok(expected.clone()), Ok(expected)], "{text}");
        // Its candidate grid too: the marks end at the border, the map gives the regions.
        let marks = crate::grid::Candidates::new(shape);
        let drawn = crate::format::marks_grid(&board, &marks);
        assert!(drawn.lines().nth(1).is_some_and(|l| l.ends_with("|  BABA")), "{drawn}");
        assert_eq!(drawn.parse::<crate::grid::Candidates>().as_ref(), Ok(&marks), "{drawn}");
        assert_eq!(drawn_regions(&drawn, shape), Some(Ok(b"1212221133443344".to_vec())), "{drawn}");
    }

    #[test]
    fn a_map_after_the_rows_must_be_whole_and_agree_with_the_walls() {
        let text = pretty(&two_pieces());
        let short = text.replacen("|  AABB", "|", 1);
        let why = "row 2 has 0 region symbols after its border, a row has 4";
        for read in read_regions(&short) {
            assert!(read.as_ref().is_err_and(|e| e.contains(why)), "{read:?}\n{short}");
        }
        // The map puts r2c3 in region A, but walls stand around it as in region B.
        let moved = text.replacen("|  AABB", "|  AAAB", 1).replacen("|  CCDD", "|  CBDD", 1);
        let why = "the walls at r2c3 disagree with the region map after the rows";
        for read in read_regions(&moved) {
            assert!(read.as_ref().is_err_and(|e| e.contains(why)), "{read:?}\n{moved}");
        }
        let many = text.replacen("|  CCDD", "|  CCDE", 1);
        let why = "'E' at r3c4 starts region 5, but a 4×4 board has 4 regions";
        for read in read_regions(&many) {
            assert!(read.as_ref().is_err_and(|e| e.contains(why)), "{read:?}\n{many}");
        }
    }

    #[test]
    fn a_classic_art_border_is_no_drawing() {
        let mut d = Drawing::default();
        d.separator(b"+-----+-----+");
        assert!(!d.first_row(4));
        assert!(!d.walled());
    }

    #[test]
    fn a_region_of_the_wrong_size_is_named_by_its_first_cell() {
        let d = drawing(
            "+---+---+---+---+\n\
             | .   .   .   . |\n\
             +---+---+---+---+\n\
             | .   .   .   . |\n\
             +               +\n\
             | .   . | .   . |\n\
             +---+---+       +\n\
             | .   .   .   . |\n\
             +---+---+---+---+",
        );
        let shape = four();
        let e = d.regions(shape).expect_err("a region of 12 cells");
        assert_eq!(e, RegionProblem::WalledSize { cell: Cell::from_index(4), shape, found: 12 });
        assert_eq!(e.to_string(), "the region walled in with r2c1 has 12 cells, every region needs 4");
    }

    #[test]
    fn a_missing_wall_line_is_reported() {
        let d = drawing(
            "+---+---+---+---+\n\
             | 1   2 | 3   4 |\n\
             | 3 | 4   1 | 2 |\n\
             | 2   1 | 4 | 3 |\n\
             | 4   3 | 2   1 |\n\
             +---+---+---+---+",
        );
        let shape = four();
        assert_eq!(d.regions(shape), Err(RegionProblem::MissingWallLine { row: 1 }));
    }
}
