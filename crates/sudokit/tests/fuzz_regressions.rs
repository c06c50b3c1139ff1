//! Inputs the fuzz targets (`fuzz/`) found, each kept as a test with the exact input, plus the
//! smallest input showing the same fault.
//!
//! The promises checked here are the ones the fuzz targets check: every record's position lies inside
//! the input, with 1-based line and column numbers; and every engine finds the same solutions.

use std::ops::ControlFlow;

use sudokit::{
    engines, Board, Grid, Layout, Limits, ParseError, ParseOptions, Position, PuzzleReader, Shape,
};

/// The positions of every unreadable record of `data`.
fn error_positions(data: &[u8], layout: Option<Layout>) -> Vec<Position> {
    let opts = ParseOptions { layout, ..ParseOptions::default() };
    PuzzleReader::new(data, opts)
        .map(|r| r.expect("reading from memory never fails"))
        .filter_map(|r| r.puzzle.err().map(|e: ParseError| e.position))
        .collect()
}

/// Asserts every error position of `data` is a 1-based line and column inside the input.
#[track_caller]
fn assert_positions_inside(data: &[u8], layout: Option<Layout>) {
    // Lines end at `\n`, `\r\n` or a lone `\r`; the last may have no line end.
    let breaks = data
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && data.get(i + 1) != Some(&b'\n')));
    let lines = breaks.count() + 1;
    for p in error_positions(data, layout) {
        assert!((1..=lines).contains(&p.line), "line {} outside an input of {lines} lines", p.line);
        assert!(p.column.is_none_or(|c| c >= 1), "column {:?} is not 1-based: {p}", p.column);
    }
}

/// Found by the `human`, `json`, `reader`, `solve` and `variant` targets once a lone `\r` ended
/// lines, when the targets still counted lines by `\n` alone: every position lies inside the input
/// counted the reader's way, in every layout.
#[test]
fn fuzz_lone_carriage_returns_keep_positions_inside() {
    let inputs: [&[u8]; 5] = [
        // `human`
        b"...*.6.....325..6../..............\x0d&",
        // `json`
        b"[[1,2,3,6],\x0a [3,4\".\"2],\x0a [2,1,4,\"x\"],\x0a [oooooooooooooooooooooooooo\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0dooooooooooooooooooooooooooooooooooooooooooooooooooooo\xecoooooooooooooooooooooooooooooooooooo4,3,2,1]]\x0a{\"not\": \"a board\"}\x0a[X1,2,3,4]",
        // `reader`
        b"\x025 3 0 0 3 0 0 1\x0a7 0 0 0 1 9 5 0 0 0\x0a0\xff\xff\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xbc\xff\x8f\x00\x00\x0d[ 9 8 0 0 0 0 6 0\x0a\x03\x000 0 0 6 0 0 0 3\x0a4 0 0 8 0 3 0 0 1\x0a7 0 0 0 2 0 0 0 6\x0a0 6 0 0 0 0 2 8 0\x0a0 0 0 4 1 9 0 0 5\x0a0 0 0 0 8 0 0 7 19\x0a\x0a1 2 3 4\x0a\x80.123456789ABCDEF.123456789ABCDEF.123456789ABCDEF.123456789ABCDEF.123456789ABCDEF.123456789ABCDEF.123456789ABCDEF.123456789ABCDEF.\x03\x003456789ABCDEF.1234567",
        // `solve`
        b".55\x0d\x00\x00\x00.\xff\xff\xff\x02\x1f",
        // `variant`
        b"[{\"size\": 4,0\"givens\"[:[ \"2\",\"iants\": [\"x\"]}, {\x1bsum\": 7, \"cells\": \x01\x00\x00\x00\x00\x00\x00\x0d[\"r2c1\", \"r2c2\"]}, {\"s!m\": *, \"cells\": [\"r2c3\", \"r2c4\"]}, {\"su",
    ];
    for data in inputs {
        for layout in [
            None,
            Some(Layout::Line),
            Some(Layout::Grid),
            Some(Layout::Compact),
            Some(Layout::Art),
            Some(Layout::Json),
        ] {
            assert_positions_inside(data, layout);
        }
    }
    // The smallest: a puzzle line ended by `\r`, then a bad one.
    assert_positions_inside(b"x\rx", Some(Layout::Line));
    assert_positions_inside(b"[\"\r\"]", Some(Layout::Json));
}

/// Found by the `reader` target (auto-detected layout): a JSON value broken across lines.
#[test]
fn fuzz_reader_json_error_at_line_break() {
    let data: &[u8] = b"[\n\n\n-\n\n\n\n\n\n\n\n\x008.\xa8...\x00+-----+--0000003600000\xd0\xc8\xef\xcf\xc6\xcf\xcd\xd900500070000000680085000100900004\n00 3.4 rating]]]]-\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c]]]]]]]]\n]]]]";
    assert_positions_inside(data, None);
}

/// Found by the `json` target (JSON layout forced): a string left open at the end of a line.
#[test]
fn fuzz_json_open_string_at_line_end() {
    let data: &[u8] = b"[[1,2,3,4],! [3,4,1,2],\n [2,1,4,\"x\"],\n [4,3,2,1]]\n{\"not\": \",\n [2,1,4,\"x\"],\n [4,3,2,1]]\n{\"not\":a board\"}\n[[1,2,\x00\x00\x00\x00";
    assert_positions_inside(data, Some(Layout::Json));
}

/// The smallest inputs with the fault of the two above: serde_json reports an error it detects on
/// reading a line break at column 0 of the next line, and the reader passes that on.
#[test]
fn json_error_columns_are_one_based() {
    // `-` starts a number that the line break ends: the error is at line 2, column 1.
    assert_positions_inside(b"[\n-\n]\n", Some(Layout::Json));
    // A string may not hold a line break: the error is at line 1, column 3 or line 2, column 1.
    assert_positions_inside(b"[\"\n\"]\n", Some(Layout::Json));
}

/// Found while reducing the fuzz inputs: on the first line of a JSON value, columns count from the
/// value's opening bracket instead of from the start of the line.
#[test]
fn json_error_columns_count_from_the_line_start() {
    // The `x` is the 8th character of the line.
    let p = error_positions(b"   [[1,x]]\n", Some(Layout::Json));
    assert_eq!(p, vec![Position { puzzle: 1, line: 1, column: Some(8) }]);
    // Two values on one line: the `x` is the 11th character.
    let p = error_positions(b"[[1]] [[1,x]]\n", Some(Layout::Json));
    assert_eq!(p[1], Position { puzzle: 2, line: 1, column: Some(11) });
}

/// Found by the `solve` target: the general engine finds 2 of this puzzle's 3 solutions (the fast
/// engine and the `sudoku` crate find all 3, and each of the 3 obeys the rules and keeps the givens).
/// Cause (in the engine of commit 5252e6d): `propagate` returned `false` when a house lacked a digit
/// without clearing the propagation queue, so cells queued earlier in that pass were propagated in the
/// next branch, where their masks were no longer single digits, and struck candidates from their peers.
#[test]
fn fuzz_solve_general_engine_misses_a_solution() {
    let data = b"8..........36......7..9.2...5...7.......457.....8...3...1....68..85...1..9....4..\n8..........36......7..9.2...8.3.7........36......7..3...2....68..85...1...9.2.4..\n";
    let board = Board::classic(Shape::CLASSIC);
    let mut checked = 0;
    for rec in PuzzleReader::new(&data[..], ParseOptions::default()) {
        let grid: Grid = rec.expect("reading from memory never fails").puzzle.expect("the puzzle reads");
        let mut found: Vec<Vec<Grid>> = Vec::new();
        for e in engines() {
            let mut all = Vec::new();
            let o = e
                .search(&board, &grid, &Limits::up_to(100), &mut |s| {
                    assert!(board.is_solution(&grid, s), "{}: {s} does not solve {grid}", e.name());
                    all.push(s.clone());
                    ControlFlow::Continue(())
                })
                .expect("the engine supports the board");
            assert!(o.complete, "{}: the search ends below the limit", e.name());
            all.sort_by(|a, b| a.values().cmp(b.values()));
            found.push(all);
        }
        assert!(
            found.windows(2).all(|w| w[0] == w[1]),
            "engines find different solutions of {grid}: {found:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 2);
    let first: Grid = "8..........36......7..9.2...5...7.......457.....8...3...1....68..85...1..9....4.."
        .parse()
        .expect("grid");
    for e in engines() {
        assert_eq!(
            e.count(&board, &first, &Limits::up_to(100)).expect("the engine supports the board").solutions,
            3,
            "{}",
            e.name()
        );
    }
}

/// Found by the `reader` and `json` targets: a grid-layout record whose first row has more than 190
/// cells takes that count as the side, and describing a bad character on a later row then overflows
/// `symbol_of` in `alphabet` (a panic with overflow checks, as in tests; a garbage letter such as
/// `A-ÿ` in the message without them).
#[test]
fn fuzz_wide_first_row_then_bad_character() {
    let reader_crash: &[u8] = b"8..........36......7..9.2...5.3...1....683000100006800850001........36......7..9.2...5...7......7..9.2...5...7.......4..457.....1..tttttttttttttttt.3.7..9.2...5.....7.......457.....1..tttttttttttttttt.3.7..9.2...5...7.......457.....1..t2   |\n \x00\x00\x00\x00\n \n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t|\x00\x00\n\x008....\x00+-----+-ttttttttttttttt.3...1....683000104006800850001........36......7..9.2...5...7......7..9.2...5...7.......4..457.....1..tttttttttttttttt.3.7..9.2...5...7.......457.....1..t8..868..85...1..9....4*\n....7..9....4.\n";
    assert_positions_inside(reader_crash, None);
    let json_crash: &[u8] = b"_ttttttttt_tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt9_tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt||||||||||||||||||||||||||||||||||||||||tttttddd\n/\x00tttttttttttttttttttttttttttttt9_";
    assert_positions_inside(json_crash, None);
    // The smallest form: grid art whose first row has 200 blanks, then a row with a `?`.
    let art = format!("|{}|\n|?|\n", ".".repeat(200));
    assert_positions_inside(art.as_bytes(), None);
    let compact = format!("{}\n?\n", ".".repeat(200));
    for layout in [Layout::Compact, Layout::Grid] {
        let p = error_positions(compact.as_bytes(), Some(layout));
        assert_eq!(p.len(), 1, "{layout:?}: one unreadable record");
    }
}

/// Found by the `variant` target: a JSON puzzle whose `box` is `"5x<20 digits>"` makes `Shape::new`
/// multiply the two sizes without an overflow check (a panic with overflow checks, as in tests). Without
/// them the product wraps, and a wrapped product within 4..=32 is accepted: `5x3689348814741910325`
/// becomes a 9×9 shape whose boxes are 5×53 cells, so every cell is in box 1 (the CLI's `--box` takes
/// the same path).
#[test]
fn fuzz_variant_huge_box_shape() {
    let data: &[u8] = b"{\"gi~\x00\x00\x95\x00\x00\x12\x00\x003\"}\n{\"box\": \"5x000000000000000000006593605449852795100\"}\n{\"c1\",r1";
    assert_positions_inside(data, Some(Layout::Json));
    assert!(Shape::new(5, 3_689_348_814_741_910_325).is_err(), "5 × that wraps to 9");
    assert!(Shape::new(usize::MAX, 2).is_err());
}

/// Issue #21: found by the `variant` target: a box shape whose row and column counts multiply past
/// `usize` (`1434x444444444444444444`) overflowed in the JSON puzzle object's size check. Every size
/// from the input now goes through checked arithmetic: three records, three errors, no panic (the
/// test profile has overflow checks on).
#[test]
fn fuzz_variant_box_shape_overflow() {
    let data: &[u8] = b"{}\n{\"size\": 6, \"boxx\"]}\n{\"size\": 6, \"box\": \"1434x444444444444444444\", \"variants\": [\"hyper\"]}\xfb\n";
    let records: Vec<_> = PuzzleReader::new(data, ParseOptions::default())
        .map(|r| r.expect("reading from memory never fails"))
        .collect();
    assert_eq!(records.len(), 3, "{records:?}");
    assert!(records.iter().all(|r| r.puzzle.is_err()));
    let e = records[2].puzzle.as_ref().expect_err("a bad box").to_string();
    assert!(e.contains("1434x444444444444444444"), "{e}");
}
