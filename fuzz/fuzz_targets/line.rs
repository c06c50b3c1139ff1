//! Fuzzes the one-line parser behind `Grid::from_str` and `parse::parse_line`: it must never panic,
//! and every grid it accepts prints back to the same line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::Grid;

fuzz_target!(|data: &[u8]| {
    if let Ok(g) = sudokit::parse::parse_line(data, None) {
        let again = sudokit::parse::parse_line(g.to_string().as_bytes(), Some(g.shape()));
        assert_eq!(again.as_ref().ok(), Some(&g));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(g) = text.parse::<Grid>() {
            assert_eq!(g.to_string().parse::<Grid>().ok(), Some(g));
        }
    }
});
