//! Parse → solve → verify: every puzzle read (auto-detected layout) is searched by every engine; any
//! solution must obey every rule and keep every given, "no solution" must hold for every engine, and
//! the engines must count alike (see `sudokit_fuzz::check_solve`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::ParseOptions;

fuzz_target!(|data: &[u8]| {
    // Few records per input: each one costs a search by every engine.
    for g in sudokit_fuzz::check_reader(data, ParseOptions::default()).iter().take(4) {
        sudokit_fuzz::check_solve(g);
    }
});
