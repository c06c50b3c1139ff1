//! Fuzzes `PuzzleReader` in every layout: the first byte picks the forced layout (or auto-detection),
//! a forced shape and the symbol set; the rest is the input text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (opts, text) = sudokit_fuzz::options_from(data);
    sudokit_fuzz::check_reader(text, opts);
});
