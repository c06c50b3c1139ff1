//! The exports the JavaScript loader calls: one input and one output buffer in the module's memory,
//! and one function per operation (see the crate docs for the convention).
//!
//! The only `unsafe` of the crate is the `#[no_mangle]` attribute that gives the exports their fixed
//! names (the `unsafe_code` lint counts it because two exports of one name would clash at link time;
//! every name here is prefixed `sudokit_`). No raw pointer is ever read or written on the Rust side:
//! the loader writes the request into the bytes of the input `Vec` through the address
//! `sudokit_input` hands out, and reads the answer from the output `Vec` the same way.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The request being passed in; the module has one thread, so this is one buffer.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer, kept until the next call.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the input buffer `len` bytes long (zeroed) and returns its address, for the caller to write
/// the UTF-8 request into.
#[no_mangle]
pub extern "C" fn sudokit_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|b| {
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// The address of the last answer (its length was returned by the call that made it).
#[no_mangle]
pub extern "C" fn sudokit_output() -> *const u8 {
    OUTPUT.with_borrow(|b| b.as_ptr())
}

/// Runs `op` on the first `len` bytes of the input buffer and keeps the answer; returns its length.
fn run(len: usize, op: fn(&str) -> String) -> usize {
    let request = INPUT.with_borrow(|b| String::from_utf8(b[..len.min(b.len())].to_vec()));
    let answer = match request {
        Ok(text) => op(&text),
        Err(e) => serde_json::json!({ "ok": false, "error": format!("bad request: {e}") }).to_string(),
    };
    OUTPUT.with_borrow_mut(|o| {
        *o = answer.into_bytes();
        o.len()
    })
}

/// One export per operation, `sudokit_<op>(len) -> len`, each [`run`] on the crate's function of
/// that name. The loader finds the operations by these names.
macro_rules! exports {
    ($($export:ident => $op:ident),* $(,)?) => {
        $(
            #[doc = concat!("[`crate::", stringify!($op), "`] on the request in the input buffer.")]
            #[no_mangle]
            pub extern "C" fn $export(len: usize) -> usize {
                run(len, crate::$op)
            }
        )*
    };
}

exports! {
    sudokit_parse => parse,
    sudokit_check => check,
    sudokit_solve => solve,
    sudokit_count => count,
    sudokit_generate => generate,
    sudokit_canon => canon,
    sudokit_minimize => minimize,
    sudokit_hint => hint,
    sudokit_explain => explain,
    sudokit_all_steps => all_steps,
    sudokit_rate => rate,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buffers as the loader uses them, minus the memory view: write, call, read.
    #[test]
    fn request_in_answer_out() {
        let request = br#"{"puzzle": "1234341221434321"}"#;
        let ptr = sudokit_input(request.len());
        assert!(!ptr.is_null());
        INPUT.with_borrow_mut(|b| b.copy_from_slice(request));
        let n = sudokit_check(request.len());
        let answer = OUTPUT.with_borrow(|o| String::from_utf8(o.clone()).expect("UTF-8"));
        assert_eq!(answer.len(), n);
        assert!(answer.contains(r#""verdict":"unique""#), "{answer}");
        assert_eq!(sudokit_output(), OUTPUT.with_borrow(|o| o.as_ptr()));
    }

    #[test]
    fn invalid_utf8_and_overlong_length_are_answers() {
        sudokit_input(2);
        INPUT.with_borrow_mut(|b| b.copy_from_slice(&[0xff, 0xfe]));
        sudokit_parse(2);
        let answer = OUTPUT.with_borrow(|o| String::from_utf8(o.clone()).expect("UTF-8"));
        assert!(answer.contains("bad request: invalid utf-8"), "{answer}");
        sudokit_input(0);
        sudokit_solve(1000);
        let answer = OUTPUT.with_borrow(|o| String::from_utf8(o.clone()).expect("UTF-8"));
        assert!(answer.contains(r#""ok":false"#), "{answer}");
    }
}
