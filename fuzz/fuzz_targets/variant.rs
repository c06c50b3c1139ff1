//! Fuzzes the JSON puzzle format that carries its own rules (X, hyper, jigsaw regions, killer cages):
//! every record must read without panicking, and every puzzle read with its rules is searched and
//! checked like the classic ones (see `sudokit_fuzz::check_on`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::{Layout, ParseOptions, PuzzleReader};

fuzz_target!(|data: &[u8]| {
    let opts = ParseOptions { layout: Some(Layout::Json), ..ParseOptions::default() };
    sudokit_fuzz::check_reader(data, opts);
    // Few records per input: each one costs a search.
    for rec in PuzzleReader::new(data, opts).take(4) {
        let rec = rec.expect("reading from memory never fails");
        if let (Ok(grid), Some(board)) = (rec.puzzle, rec.board) {
            sudokit_fuzz::check_on(&board, &grid);
        }
    }
});
