//! Sets `has_clock` where `std::time::Instant::now` works: everywhere but `wasm32-unknown-unknown`,
//! where it panics. Searches there are bounded by node budgets and cancel flags only.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(has_clock)");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if !(arch == "wasm32" && os == "unknown") {
        println!("cargo::rustc-cfg=has_clock");
    }
}
