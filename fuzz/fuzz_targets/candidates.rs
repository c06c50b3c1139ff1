//! Fuzzes the pencil-mark readers behind `Candidates::from_str`: the line form (`side³` characters)
//! and the boxed candidate grid that HoDoKu and Sudoku Explainer print, the latter in every symbol
//! convention, and `read_pencil`, which tells a grid in hex from one in the standard symbols. They
//! must never panic, and every grid they accept prints back, in both forms, to the same candidates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::human::read_pencil;
use sudokit::{Candidates, Position, Symbols, Variants};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(c) = text.parse::<Candidates>() {
        let line = Candidates::from_line_form_in(&c.to_line_form(), c.shape());
        assert_eq!(line.as_ref().ok(), Some(&c), "line form of {c:?}");
        let boxed = c.to_string().parse::<Candidates>();
        assert_eq!(boxed.as_ref().ok(), Some(&c), "boxed form:\n{c}");
    }
    for symbols in Symbols::ALL {
        if let Ok(c) = Candidates::from_boxed_in(text, symbols) {
            let drawn = c.to_boxed_in(symbols);
            assert_eq!(Candidates::from_boxed_in(&drawn, symbols).ok(), Some(c), "{symbols}:\n{drawn}");
        }
    }
    // Whatever symbols it tells, the marks it reads are written back in them and read the same.
    let at = Position { puzzle: 1, line: 1, column: None };
    if let Ok(read) = read_pencil(text, at, Variants::default(), None, None) {
        let drawn = read.marks.to_boxed_in(read.symbols);
        let again = read_pencil(&drawn, at, Variants::default(), None, None).map(|r| (r.marks, r.symbols));
        assert_eq!(again.ok(), Some((read.marks, read.symbols)), "{}:\n{drawn}", read.symbols);
    }
});
