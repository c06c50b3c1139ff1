//! Fuzzes the pencil-mark readers behind `Candidates::from_str`: the line form (`side³` characters)
//! and the boxed candidate grid that HoDoKu and Sudoku Explainer print. They must never panic, and
//! every grid they accept prints back, in both forms, to the same candidates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::Candidates;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(c) = text.parse::<Candidates>() {
        let line = Candidates::from_line_form_in(&c.to_line_form(), c.shape());
        assert_eq!(line.as_ref().ok(), Some(&c), "line form of {c:?}");
        let boxed = c.to_string().parse::<Candidates>();
        assert_eq!(boxed.as_ref().ok(), Some(&c), "boxed form:\n{c}");
    }
});
