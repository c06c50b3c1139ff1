//! The CLI integration tests: one test binary, one module per area.

mod util;

mod boards;
mod formats;
mod foundation;
mod gen_rating;
mod generate;
mod generate_variants;
mod human;
mod rate;
mod regression;
mod reliability;
