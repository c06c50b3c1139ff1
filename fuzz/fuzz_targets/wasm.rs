//! The web page's entry points: every request the WebAssembly module can be sent (the first byte picks
//! the operation, the rest is the JSON request text) must come back as a JSON answer, `ok` true or
//! false, and never panic, whatever the page or a user's paste puts in it.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// The operations, each bounded by the module's node budget (ratings also by their work budget).
const OPS: [fn(&str) -> String; 8] = [
    sudokit_wasm::parse,
    sudokit_wasm::check,
    sudokit_wasm::solve,
    sudokit_wasm::count,
    sudokit_wasm::canon,
    sudokit_wasm::hint,
    sudokit_wasm::explain,
    sudokit_wasm::rate,
];

fuzz_target!(|data: &[u8]| {
    let Some((&op, rest)) = data.split_first() else { return };
    let Ok(request) = std::str::from_utf8(rest) else { return };
    let answer = OPS[usize::from(op) % OPS.len()](request);
    let value: serde_json::Value = match serde_json::from_str(&answer) {
        Ok(v) => v,
        Err(e) => panic!("not JSON ({e}): {answer}"),
    };
    assert!(value.get("ok").and_then(|ok| ok.as_bool()).is_some(), "no `ok` in {answer}");
});
