//! `sudokit generate grid|puzzle --variant …`: variant grids and puzzles, written so that `solve`,
//! `count` and `check` read them back.
//!
//! The generation is the library's [`VariantGenerator`]; this file checks the flags that do not fit
//! a variant and writes each item in its rules' own layout:
//!
//! | rules        | line                          | grid, compact          | pretty | csv | json                              |
//! |--------------|-------------------------------|------------------------|--------|-----|-------------------------------------|
//! | x, hyper     | the givens (read with `--variant`) | as classic        | yes    | a row with `variants` | a record with `variants` |
//! | jigsaw       | `GIVENS REGIONS`              | each row ends with its region row | walls between regions | a row with `variants`, `regions` | a record with `variants`, `regions` |
//! | killer       | a JSON puzzle object          | no                     | no     | a row with `variants`, `cages` | a record with `variants`, `cages` |
//!
//! The region map and the cages are written by the library ([`write_board_grid`], [`rules_fields`]).

use std::process::ExitCode;

use anyhow::bail;
use clap::ValueEnum;
use serde_json::Value;
use sudokit::format::{region_symbols, rules_fields, write_board_grid};
use sudokit::generate::{
    GenerateError, Generated, Tally, VariantGenerated, VariantGenerator, VariantGrid, VariantSpec,
};
use sudokit::{Grid, Notation, OutputFormat};

use super::gen_rating::Watched;
use super::generate::{produce, render, CommonArgs, GenFormat, GridArgs, Item, PuzzleArgs};
use crate::record::{json_object, Columns, Fields, Machine};

/// `--variant` of `generate`: the rules of the grids and puzzles made.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenVariant {
    /// Diagonal sudoku: both main diagonals hold every digit once.
    X,
    /// Hyper sudoku (windoku): extra windows (four on 9×9; square boxes, 9×9 and up).
    Hyper,
    /// Irregular regions in place of the boxes: a random region map for every item.
    Jigsaw,
    /// Killer: random cages with their sums (puzzles only); givens only where the cages need them.
    Killer,
}

/// The library rules of `--variant`.
pub fn spec(list: &[GenVariant]) -> VariantSpec {
    let mut spec = VariantSpec::default();
    for v in list {
        match v {
            GenVariant::X => spec.variants.diagonals = true,
            GenVariant::Hyper => spec.variants.windows = true,
            GenVariant::Jigsaw => spec.variants.jigsaw = true,
            GenVariant::Killer => spec.killer = true,
        }
    }
    spec
}

/// A variant item and its own board.
pub enum VariantItem {
    /// A complete grid.
    Grid(VariantGrid),
    /// A puzzle.
    Puzzle(VariantGenerated),
}

impl VariantItem {
    /// The puzzle's facts, for a puzzle.
    pub fn generated(&self) -> Option<&Generated> {
        match self {
            VariantItem::Grid(_) => None,
            VariantItem::Puzzle(p) => Some(&p.generated),
        }
    }
}

/// Refuses output layouts that cannot carry the rules, so that everything written reads back.
fn check_layout(spec: VariantSpec, common: &CommonArgs, with_solution: bool) -> anyhow::Result<()> {
    let format = common.output_format;
    let name = format!("{format:?}").to_lowercase();
    if spec.killer && !matches!(format, GenFormat::Line | GenFormat::Json | GenFormat::Csv) {
        bail!(
            "-o {name}: killer cages are written only in the JSON puzzle format and CSV; use -o line \
             (one puzzle object per line), -o json or -o csv"
        );
    }
    let drawn = matches!(format, GenFormat::Grid | GenFormat::Compact | GenFormat::Pretty);
    if spec.variants.jigsaw && drawn && with_solution {
        bail!(
            "--solution beside a jigsaw grid would not read back (its rows end with its region map, or \
             its regions are drawn); use -o line or -o json with --solution"
        );
    }
    Ok(())
}

/// `generate grid --variant …`.
pub fn grid(a: &GridArgs, spec: VariantSpec) -> anyhow::Result<ExitCode> {
    if spec.killer {
        bail!(
            "--variant killer makes puzzles: a complete grid has nothing left to solve; use `generate \
             puzzle --variant killer --solution` for puzzles with their grids"
        );
    }
    check_layout(spec, &a.common, false)?;
    let generator = VariantGenerator::new(a.common.shape()?, spec, Default::default())?;
    produce(&a.common, "grid", false, "", |rng, cancel| {
        // A grid takes milliseconds at most: only a flag already set stops it.
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        Ok(Item::Variant(VariantItem::Grid(generator.grid(rng))))
    })
}

/// `generate puzzle --variant …`.
pub fn puzzle(a: &PuzzleArgs, spec: VariantSpec) -> anyhow::Result<ExitCode> {
    check_layout(spec, &a.common, a.solution)?;
    if a.pattern.is_some() {
        bail!("--pattern is for classic rules only, not variant puzzles");
    }
    // --require and --exclude follow the step solver's path under the puzzle's rules; a level or
    // ER (the HoDoKu and Sudoku Explainer scales) is refused by the library, as on other boards.
    let rating = a.rating.target()?;
    let tally = Tally::new();
    let generator = VariantGenerator::new(a.common.shape()?, spec, a.options()?)?
        .with_rating(rating.clone())?
        .with_tally(tally.clone());
    let target = a.target();
    let watched = Watched::start(&rating, a.common.count, tally);
    produce(&a.common, "puzzle", a.solution, &target, |rng, cancel| {
        watched.record(generator.puzzle_until(rng, cancel).map(|p| Item::Variant(VariantItem::Puzzle(p))))
    })
}

/// Appends one variant item in `format` (already checked by [`check_layout`]).
pub fn render_variant(
    item: &VariantItem,
    index: u64,
    format: GenFormat,
    with_solution: bool,
    columns: Columns,
    out: &mut Vec<u8>,
) {
    let (board, grid, info) = match item {
        VariantItem::Grid(g) => (&g.board, &g.grid, None),
        VariantItem::Puzzle(p) => (&p.board, &p.generated.puzzle, Some(&p.generated)),
    };
    let solution = info.filter(|_| with_solution).map(|p| &p.solution);
    let killer = !board.cages().is_empty();
    let jigsaw = region_symbols(board).is_some();
    match format {
        GenFormat::Json | GenFormat::Csv => {
            // The rules follow the puzzle, as in every command's records.
            let mut f =
                Fields::new(index as usize + 1, "ok").set("puzzle", grid.to_string()).with_rules_of(board);
            if let Some(p) = info {
                f = f.set("clues", p.clues()).set("guesses", p.guesses);
            }
            if let Some(s) = solution {
                f = f.set("solution", s.to_string());
            }
            let machine = if format == GenFormat::Json { Machine::Json } else { Machine::Csv };
            f.write(machine, columns, out);
        }
        GenFormat::Line if killer => {
            // A JSON puzzle object, fields in the order of the format's table (a `serde_json` map
            // would sort them).
            let mut fields = vec![("puzzle", Value::from(grid.to_string()))];
            fields.extend(rules_fields(board));
            if let Some(s) = solution {
                fields.push(("solution", Value::from(s.to_string())));
            }
            json_object(fields.iter().map(|(n, v)| (*n, v)), out);
        }
        GenFormat::Line => {
            write_board_grid(board, grid, OutputFormat::Line, Notation::default(), out);
            if let Some(s) = solution {
                out.pop();
                out.push(b' ');
                out.extend(s.to_string().into_bytes());
                out.push(b'\n');
            }
        }
        GenFormat::Grid | GenFormat::Compact | GenFormat::Pretty if jigsaw => {
            let f = match format {
                GenFormat::Grid => OutputFormat::Grid,
                GenFormat::Compact => OutputFormat::Compact,
                _ => OutputFormat::Pretty,
            };
            write_board_grid(board, grid, f, Notation::default(), out);
        }
        _ => {
            // X and hyper in the plain layouts: the classic writer (the rules come from `--variant`).
            let plain = match info {
                Some(p) => Item::Puzzle(p.clone()),
                None => Item::Grid(Grid::clone(grid)),
            };
            render(&plain, index, format, with_solution, columns, out);
        }
    }
}
