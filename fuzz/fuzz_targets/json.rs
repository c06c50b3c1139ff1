//! Fuzzes the JSON layout on its own, forced and auto-detected, so its corpus and dictionary can stay
//! JSON-shaped (random bytes rarely get past the first bracket).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::{Layout, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let forced = ParseOptions { layout: Some(Layout::Json), ..ParseOptions::default() };
    sudokit_fuzz::check_reader(data, forced);
    sudokit_fuzz::check_reader(data, ParseOptions::default());
});
