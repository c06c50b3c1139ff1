//! The CLI integration tests: one test binary, one module per area.

mod util;

mod boards;
mod foundation;
mod generate;
mod human;
mod regression;
mod reliability;
