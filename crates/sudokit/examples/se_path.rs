//! Prints the Sudoku Explainer-style solution path and rating of a puzzle:
//! `cargo run -p sudokit --example se_path -- <81-character puzzle>`.

use std::process::ExitCode;

use sudokit::rate::se::{self, SeOptions};

fn main() -> ExitCode {
    let Some(text) = std::env::args().nth(1) else {
        eprintln!("usage: se_path <81-character puzzle>");
        return ExitCode::FAILURE;
    };
    let grid: sudokit::Grid = match text.parse() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match se::path(&grid, SeOptions::default()) {
        Ok(path) => {
            for (i, step) in path.iter().enumerate() {
                let cell = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
                let placed = step.placement.map(|(c, d)| format!(" {}={d}", cell(c))).unwrap_or_default();
                let removed: Vec<String> =
                    step.removals.iter().map(|&(c, d)| format!("{}<>{d}", cell(c))).collect();
                println!("{i} {:.2} {}{placed} {}", step.difficulty, step.name, removed.join(" "));
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    match se::rate(&grid) {
        Ok(r) => println!("ER {:.1} EP {:.1} ED {:.1} ({})", r.er(), r.ep(), r.ed(), r.hardest),
        Err(e) => println!("error: {e}"),
    }
    ExitCode::SUCCESS
}
