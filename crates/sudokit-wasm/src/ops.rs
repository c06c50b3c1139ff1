//! The operations behind the exports, as plain functions from a JSON request to a JSON answer, so the
//! native tests exercise exactly what the page calls.

use std::ops::ControlFlow;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value};
use sudokit::canon::canonical_under;
use sudokit::format::{region_symbols, write_grid_in, OutputFormat};
use sudokit::generate::{
    minimize as reduce, rng_for, Difficulty, GenerateOptions, Generated, Generator, Pattern, Symmetry,
    VariantGenerator, VariantSpec,
};
use sudokit::parse::{Notation, ParseError, ParseErrorKind, ParseOptions, PuzzleReader};
use sudokit::{
    Board, Conflict, Grid, HouseKind, Limits, Puzzle, SearchOutcome, Shape, Symbols, Variants, Verdict,
};

/// The node budget of a search when the request names none: about a second of a browser's time (the
/// general engine visits some 230,000 nodes a second in V8 on a 16×16 board). The hardest 9×9 puzzles
/// need a few hundred nodes; only nearly empty big boards run into the budget.
pub const DEFAULT_NODES: u64 = 250_000;

/// The grids the generator tries per puzzle on boards up to 9×9 when the request names no number:
/// enough for every difficulty there, few enough that a page waits a second at most.
pub const DEFAULT_ATTEMPTS: u32 = 200;

/// The same for bigger boards, where one attempt takes a good part of a second in a browser and some
/// difficulties are rare (minimal 16×16 puzzles solvable by singles alone almost never turn up).
pub const DEFAULT_ATTEMPTS_BIG: u32 = 5;

/// The largest side the generator accepts here: bigger boards take too long for a page.
pub const MAX_GENERATE_SIDE: usize = 16;

/// The largest side whose check also tells the givens that can go, and that `minimize` takes (one
/// count per given).
const MAX_MINIMALITY_SIDE: usize = 9;

/// The answer to a request that failed.
fn failure(message: impl std::fmt::Display) -> String {
    json!({ "ok": false, "error": message.to_string() }).to_string()
}

/// Reads a request, runs `answer` on it and writes its answer or the failure.
pub(crate) fn respond<R: for<'de> Deserialize<'de>>(
    request: &str,
    answer: impl FnOnce(R) -> Result<Value, String>,
) -> String {
    let parsed: R = match serde_json::from_str(request) {
        Ok(r) => r,
        Err(e) => return failure(format!("bad request: {e}")),
    };
    match answer(parsed) {
        Ok(mut v) => {
            if let Value::Object(map) = &mut v {
                map.insert("ok".into(), Value::Bool(true));
            }
            v.to_string()
        }
        Err(e) => failure(e),
    }
}

/// A puzzle in text, with the rules for plain layouts.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    puzzle: String,
    #[serde(default)]
    variants: Vec<String>,
    size: Option<usize>,
    nodes: Option<u64>,
    limit: Option<u64>,
    /// The Sudoku Explainer rater's work budget (ratings).
    pub(crate) work: Option<u64>,
    /// Candidates already removed by earlier steps, as `[cell, digit]` (hints and explanations).
    #[serde(default)]
    pub(crate) removed: Vec<(usize, u8)>,
    /// Whose next step a hint gives: `"hodoku"` (the default) or `"se"`, Sudoku Explainer's.
    pub(crate) scale: Option<String>,
    /// The cell symbols of `puzzle` and of the answer's texts: `"standard"`, `"hex"` or `"letters"`,
    /// as `--symbols` names them. Without it, the standard symbols, a 16×16 puzzle with a `0` and no
    /// `G` told as hex where only that reading is valid (as the command line tells it).
    symbols: Option<String>,
}

/// A puzzle read from a request: the givens, their rules and how they were written.
pub(crate) struct Read {
    pub(crate) puzzle: Puzzle,
    /// The rules, shared with `puzzle`.
    pub(crate) board: Arc<Board>,
    layout: &'static str,
    records: usize,
    /// The symbols the puzzle was read in, which the answer's texts are written in.
    pub(crate) symbols: Symbols,
    /// Read in the standard symbols without being told, though it reads as a valid hex puzzle too.
    also_hex: bool,
}

/// The rules named in a request's `variants` that a plain layout can be read under. Killer cages
/// have no such name: they come in a JSON puzzle object's `cages`, with their cells and sums.
fn variants_of(names: &[String]) -> Result<Variants, String> {
    let mut v = Variants::default();
    for name in names {
        match name.as_str() {
            "x" => v.diagonals = true,
            "hyper" => v.windows = true,
            "jigsaw" => v.jigsaw = true,
            "killer" => {
                return Err("killer cages come in a JSON puzzle object's \"cages\" (with their cells and \
                            sums), not as a variant of a plain layout"
                    .into())
            }
            other => return Err(format!("unknown variant `{other}` (expected x, hyper or jigsaw)")),
        }
    }
    Ok(v)
}

/// The rules `generate` makes a puzzle under: those of [`variants_of`], and `killer` (new cages
/// drawn on each solution grid), read by the library as `generate --variant` reads them.
fn spec_of(names: &[String]) -> Result<VariantSpec, String> {
    names.join(",").parse::<VariantSpec>().map_err(|e| e.to_string())
}

impl PuzzleRequest {
    fn variants(&self) -> Result<Variants, String> {
        variants_of(&self.variants)
    }

    /// The first puzzle of the text, or the library's message about it.
    pub(crate) fn read(&self) -> Result<Read, String> {
        let shape = self.size.map(Shape::for_side).transpose().map_err(|e| e.to_string())?;
        let told =
            self.symbols.as_deref().map(str::parse::<Symbols>).transpose().map_err(|e| e.to_string())?;
        let hex_side = |side: usize| format!("hex symbols (0–F) are for 16×16 boards, not {side}×{side}");
        // Hex is 16×16: a text of another length is told it has the wrong number of cells.
        let shape = match (told, shape) {
            (Some(Symbols::Hex), Some(s)) if s.side() != 16 => return Err(hex_side(s.side())),
            (Some(Symbols::Hex), None) => Some(Shape::for_side(16).map_err(|e| e.to_string())?),
            _ => shape,
        };
        let read = match self.read_in(shape, told) {
            // A page cannot ask back: the puzzle is read as the page writes puzzles, and the
            // answer says that it reads as hex too.
            Err((true, _)) if told.is_none() => self
                .read_in(shape, Some(Symbols::Standard))
                .map(|read| Read { also_hex: true, ..read })
                .map_err(|(_, message)| message),
            other => other.map_err(|(_, message)| message),
        }?;
        let side = read.puzzle.grid().shape().side();
        if read.symbols == Symbols::Hex && side != 16 {
            return Err(hex_side(side));
        }
        Ok(read)
    }

    /// [`PuzzleRequest::read`] in `symbols` (`None`: told from the text); its failure says whether
    /// the puzzle reads validly both in the standard symbols and in hex, and the message.
    fn read_in(&self, shape: Option<Shape>, symbols: Option<Symbols>) -> Result<Read, (bool, String)> {
        let failed = |e: ParseError| (matches!(e.kind, ParseErrorKind::AmbiguousSymbols), e.to_string());
        let opts = ParseOptions { shape, symbols: symbols.unwrap_or_default(), ..ParseOptions::default() };
        let variants = self.variants().map_err(|e| (false, e))?;
        let mut reader = PuzzleReader::new(self.puzzle.as_bytes(), opts)
            .with_variants(variants)
            .detect_symbols(symbols.is_none());
        let first = match reader.next() {
            None => return Err((false, "no puzzle in the text".into())),
            Some(r) => r.map_err(|e| (false, e.to_string()))?,
        };
        // Count the rest so the page can say that only the first was taken.
        let records = 1 + reader.by_ref().count();
        let layout = reader.layout().map_or("line", |l| l.name());
        let symbols = first.notation.symbols;
        let grid = first.puzzle.map_err(failed)?;
        let board = first.board.unwrap_or_else(|| Board::classic_shared(grid.shape()));
        let puzzle = Puzzle::new(board.clone(), grid).map_err(|e| (false, e.to_string()))?;
        Ok(Read { puzzle, board, layout, records, symbols, also_hex: false })
    }

    pub(crate) fn limits(&self, solutions: u64) -> Limits {
        Limits::up_to(solutions).with_nodes(self.nodes.unwrap_or(DEFAULT_NODES))
    }
}

fn cells(grid: &Grid) -> Value {
    Value::from(grid.values().to_vec())
}

/// A grid on one line in `symbols`, as the request's puzzle was written.
fn line_in(grid: &Grid, symbols: Symbols) -> String {
    let mut out = Vec::new();
    write_grid_in(grid, OutputFormat::Line, Notation { symbols, ..Notation::default() }, &mut out);
    String::from_utf8_lossy(&out).trim_end().to_owned()
}

/// A board's killer cages: `{"sum", "cells"}`, the cells as indices in reading order.
fn cages_of(board: &Board) -> Vec<Value> {
    board
        .cages()
        .iter()
        .map(|c| json!({ "sum": c.sum, "cells": c.cells.iter().map(|c| c.index()).collect::<Vec<_>>() }))
        .collect()
}

/// Why a puzzle has no solution, where a short argument shows it: its text and the cells it ends
/// at; `null` where only the search shows it.
fn why(puzzle: &Puzzle, symbols: Symbols) -> Value {
    match puzzle.why_no_solution() {
        Some(why) => json!({
            "text": why.text_in(symbols),
            "cells": why.cells(puzzle.board()).iter().map(|c| c.index()).collect::<Vec<_>>(),
        }),
        None => Value::Null,
    }
}

fn conflicts(list: &[Conflict], symbols: Symbols) -> Value {
    list.iter()
        .map(|c| {
            json!({
                "digit": c.digit.get(),
                "house": c.house.to_string(),
                "cells": [c.cells[0].index(), c.cells[1].index()],
                "text": c.text_in(symbols),
            })
        })
        .collect()
}

fn interrupted(o: &SearchOutcome) -> Value {
    o.interrupted.map_or(Value::Null, |i| Value::from(i.to_string()))
}

/// Reads the first puzzle of a text in any layout and describes its board.
///
/// ```
/// let answer = sudokit_wasm::parse(r#"{"puzzle": "1234341221434321"}"#);
/// assert!(answer.contains(r#""side":4"#), "{answer}");
/// let bad = sudokit_wasm::parse(r#"{"puzzle": "12x4341221434321"}"#);
/// assert!(bad.contains("column 3: invalid character 'x'"), "{bad}");
/// ```
pub fn parse(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let board = read.puzzle.board();
        let shape = board.shape();
        let mut regions = vec![0usize; shape.cells()];
        let mut jigsaw = false;
        let mut diagonals = false;
        let mut windows = Vec::new();
        for house in board.houses() {
            match house.kind {
                HouseKind::Box(i) | HouseKind::Region(i) => {
                    jigsaw |= matches!(house.kind, HouseKind::Region(_));
                    house.cells.iter().for_each(|c| regions[c.index()] = usize::from(i));
                }
                HouseKind::Diagonal(_) => diagonals = true,
                HouseKind::Window(_) => {
                    windows.push(house.cells.iter().map(|c| c.index()).collect::<Vec<_>>())
                }
                _ => {}
            }
        }
        let grid = read.puzzle.grid();
        Ok(json!({
            "layout": read.layout,
            "records": read.records,
            "side": shape.side(),
            "boxRows": shape.box_rows(),
            "boxCols": shape.box_cols(),
            "cells": cells(grid),
            "line": line_in(grid, read.symbols),
            "symbols": read.symbols.name(),
            "alsoReads": if read.also_hex { Value::from("hex") } else { Value::Null },
            "regions": regions,
            "jigsaw": jigsaw,
            "diagonals": diagonals,
            "windows": windows,
            "cages": cages_of(board),
        }))
    })
}

/// Checks a puzzle: conflicting givens, no solution, unique, or multiple with two solutions.
///
/// A puzzle with no solution gets `why` where a short argument shows it (see
/// `sudokit::why_no_solution`): its `text`, and the `cells` it ends at, to highlight.
///
/// On boards up to 9×9, a unique puzzle's answer also gives `redundant`: the cells (indices) of
/// the givens that can each go, alone, with the solution staying unique (`[]`: the puzzle is
/// minimal; `null` if the node budget stopped a count).
///
/// ```
/// let answer = sudokit_wasm::check(r#"{"puzzle": "1.3.............", "size": 4}"#);
/// assert!(answer.contains(r#""verdict":"multiple""#), "{answer}");
/// let full = sudokit_wasm::check(r#"{"puzzle": "1234341221434321", "size": 4}"#);
/// assert!(full.contains(r#""redundant":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]"#), "{full}");
/// ```
pub fn check(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let (verdict, outcome) = read.puzzle.check_within(r.limits(2));
        let mut answer = json!({
            "verdict": verdict.name(),
            "guesses": outcome.guesses,
            "interrupted": interrupted(&outcome),
        });
        match verdict {
            Verdict::Invalid(list) => answer["conflicts"] = conflicts(&list, read.symbols),
            Verdict::Unique(g) => {
                answer["solution"] = cells(&g);
                // One count per given, which stays cheap up to 9×9 only.
                if g.shape().side() <= MAX_MINIMALITY_SIDE {
                    answer["redundant"] = match read.puzzle.redundant_givens(r.limits(2)) {
                        Ok(list) => list.iter().map(|c| c.index()).collect(),
                        Err(_) => Value::Null,
                    };
                }
            }
            Verdict::Multiple { first, second } => {
                answer["solution"] = cells(&first);
                answer["second"] = cells(&second);
                answer["differ"] = first.diff(&second).iter().map(|c| c.index()).collect();
            }
            Verdict::TimedOut { found: Some(g), .. } => answer["solution"] = cells(&g),
            Verdict::NoSolution => answer["why"] = why(&read.puzzle, read.symbols),
            _ => {}
        }
        Ok(answer)
    })
}

/// The first solution of a puzzle, within the node budget (with `why` as `check` gives it, where
/// there is none).
///
/// ```
/// let answer = sudokit_wasm::solve(r#"{"puzzle": "1.3.............", "size": 4}"#);
/// assert!(answer.contains(r#""verdict":"solved""#), "{answer}");
/// ```
pub fn solve(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let list = read.puzzle.conflicts();
        if !list.is_empty() {
            return Ok(json!({ "verdict": "invalid", "conflicts": conflicts(&list, read.symbols) }));
        }
        // A second solution is looked for too, so that a player is told when the one shown is not
        // the puzzle's only one (as `sudokit solve` says "not unique").
        let mut first = None;
        let mut seen = 0;
        let outcome = read.puzzle.for_each_solution(r.limits(2), |g| {
            seen += 1;
            if first.is_none() {
                first = Some(g.clone());
            }
            ControlFlow::Continue(())
        });
        let verdict = match (&first, outcome.interrupted) {
            (Some(_), _) => "solved",
            (None, Some(_)) => "timed out",
            (None, None) => "no solution",
        };
        let unique = match (seen, outcome.interrupted) {
            (0, _) | (1, Some(_)) => Value::Null,
            (n, _) => Value::from(n == 1),
        };
        let mut answer = json!({
            "verdict": verdict,
            "solution": first.as_ref().map_or(Value::Null, cells),
            "unique": unique,
            "guesses": outcome.guesses,
            "interrupted": interrupted(&outcome),
        });
        if verdict == "no solution" {
            answer["why"] = why(&read.puzzle, read.symbols);
        }
        Ok(answer)
    })
}

/// Counts solutions up to `limit` (default 1000) within the node budget.
///
/// ```
/// let answer = sudokit_wasm::count(r#"{"puzzle": "................", "limit": 1000}"#);
/// assert!(answer.contains(r#""count":288"#), "{answer}");
/// ```
pub fn count(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let list = read.puzzle.conflicts();
        let outcome = read.puzzle.count(r.limits(r.limit.unwrap_or(1000)));
        let text = format!("{}{}", outcome.solutions, if outcome.complete { "" } else { "+" });
        Ok(json!({
            "count": outcome.solutions,
            "complete": outcome.complete,
            "text": text,
            "conflicts": conflicts(&list, read.symbols),
            "interrupted": interrupted(&outcome),
        }))
    })
}

/// A minimal puzzle from a unique one: its givens removed one at a time, in reading order, while
/// the solution stays unique, within the node budget for each count (boards up to 9×9). A puzzle
/// without exactly one solution gets its verdict, and its conflicts where the givens clash.
///
/// ```
/// let full = r#"{"puzzle": "1234341221434321"}"#;
/// let answer = sudokit_wasm::minimize(full);
/// assert!(answer.contains(r#""verdict":"unique""#), "{answer}");
/// ```
pub fn minimize(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let side = read.puzzle.grid().shape().side();
        if side > MAX_MINIMALITY_SIDE {
            let most = MAX_MINIMALITY_SIDE;
            return Err(format!(
                "minimizing is offered up to {most}×{most} here, not on a {side}×{side} board"
            ));
        }
        Ok(match reduce(&read.puzzle, Symmetry::None, None, r.limits(2)) {
            Ok(m) => json!({
                "verdict": "unique",
                "line": line_in(&m.puzzle, read.symbols),
                "cells": cells(&m.puzzle),
                "removed": m.removed.iter().map(|c| c.index()).collect::<Vec<_>>(),
            }),
            Err(Verdict::Invalid(list)) => {
                json!({ "verdict": "invalid", "conflicts": conflicts(&list, read.symbols) })
            }
            Err(other) => json!({ "verdict": other.name() }),
        })
    })
}

/// The minlex canonical form of a classic puzzle (sides up to 9).
///
/// ```
/// let answer = sudokit_wasm::canon(r#"{"puzzle": "...4............"}"#);
/// assert!(answer.contains(r#""line":"...............1""#), "{answer}");
/// ```
pub fn canon(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let g = canonical_under(read.puzzle.board(), read.puzzle.grid()).map_err(|e| e.to_string())?;
        Ok(json!({ "line": line_in(&g, read.symbols), "cells": cells(&g) }))
    })
}

/// What to generate.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    #[serde(default = "classic_side")]
    size: usize,
    difficulty: Option<String>,
    #[serde(default)]
    seed: u64,
    symmetry: Option<String>,
    attempts: Option<u32>,
    /// The rules, as for puzzles: `"x"`, `"hyper"`, `"jigsaw"` (a new region map for every puzzle).
    #[serde(default)]
    variants: Vec<String>,
    /// Where the givens go, as `--pattern` reads it (classic rules, the board of `size`).
    pattern: Option<String>,
}

fn classic_side() -> usize {
    9
}

/// A puzzle with exactly one solution, by size, rules, difficulty, symmetry and seed; the same request
/// always gives the same puzzle.
///
/// With `variants` the library's variant generator makes it under those rules, and the answer names
/// them in `variants` (the names the `parse` request takes) and, for jigsaw, gives the puzzle's own
/// region map in `regions` (one symbol per cell, as a JSON puzzle object carries it). Boards the
/// variant generator refuses (hyper on 25×25, jigsaw above 12×12, a difficulty) give its message.
///
/// `pattern` puts the givens on its cells and nowhere else (`.`, `0`, `_` or `-` for an empty cell,
/// anything else for a given, so a puzzle's line gives its own pattern), any puzzle with one
/// solution, on a board of classic rules; a pattern no puzzle can have is refused with the reason.
///
/// ```
/// let answer = sudokit_wasm::generate(r#"{"size": 4, "seed": 7, "difficulty": "singles"}"#);
/// assert!(answer.contains(r#""ok":true"#), "{answer}");
/// assert_eq!(answer, sudokit_wasm::generate(r#"{"size": 4, "seed": 7, "difficulty": "singles"}"#));
/// let jigsaw = sudokit_wasm::generate(r#"{"size": 6, "seed": 7, "variants": ["jigsaw"]}"#);
/// assert!(jigsaw.contains(r#""regions":""#), "{jigsaw}");
/// let pattern = sudokit_wasm::generate(r#"{"size": 4, "seed": 7, "pattern": "x..x.x....x.x..x"}"#);
/// assert!(pattern.contains(r#""clues":6"#), "{pattern}");
/// ```
pub fn generate(request: &str) -> String {
    respond(request, |r: GenerateRequest| {
        if r.size > MAX_GENERATE_SIDE {
            return Err(format!("the page generates boards up to {MAX_GENERATE_SIDE}×{MAX_GENERATE_SIDE}"));
        }
        let shape = Shape::for_side(r.size).map_err(|e| e.to_string())?;
        let mut options = GenerateOptions::default();
        options.attempts =
            r.attempts.unwrap_or(if r.size <= 9 { DEFAULT_ATTEMPTS } else { DEFAULT_ATTEMPTS_BIG });
        options.difficulty =
            r.difficulty.as_deref().map(str::parse::<Difficulty>).transpose().map_err(|e| e.to_string())?;
        options.symmetry = r
            .symmetry
            .as_deref()
            .map(str::parse::<Symmetry>)
            .transpose()
            .map_err(|e| e.to_string())?
            .unwrap_or_default();
        let spec = spec_of(&r.variants)?;
        let mut rng = rng_for(r.seed, 0);
        if r.pattern.is_some() {
            if !spec.is_classic() {
                return Err("a pattern places the givens of classic puzzles, without variant rules".into());
            }
            // Nothing is dug on a pattern: any puzzle with one solution will do.
            options.minimal = false;
        }
        let (made, board): (Generated, Option<Arc<Board>>) = if spec.is_classic() {
            let mut generator = Generator::new(shape, options).map_err(|e| e.to_string())?;
            if let Some(text) = &r.pattern {
                let pattern = Pattern::parse(text, Some(shape)).map_err(|e| format!("pattern: {e}"))?;
                generator = generator.with_pattern(pattern).map_err(|e| format!("pattern: {e}"))?;
            }
            (generator.puzzle(&mut rng).map_err(|e| e.to_string())?, None)
        } else {
            let generator = VariantGenerator::new(shape, spec, options).map_err(|e| e.to_string())?;
            let made = generator.puzzle(&mut rng).map_err(|e| e.to_string())?;
            (made.generated, Some(made.board))
        };
        let regions =
            board.as_deref().and_then(region_symbols).map(|m| String::from_utf8_lossy(&m).into_owned());
        let v = spec.variants;
        let names: Vec<&str> =
            [(v.diagonals, "x"), (v.windows, "hyper"), (v.jigsaw, "jigsaw"), (spec.killer, "killer")]
                .iter()
                .filter(|(on, _)| *on)
                .map(|&(_, name)| name)
                .collect();
        Ok(json!({
            "side": shape.side(),
            "boxRows": shape.box_rows(),
            "boxCols": shape.box_cols(),
            "cells": cells(&made.puzzle),
            "line": made.puzzle.to_string(),
            "solution": cells(&made.solution),
            "clues": made.clues(),
            "guesses": made.guesses,
            "symmetry": made.symmetry.name(),
            "attempts": made.attempts,
            "seed": r.seed,
            "variants": names,
            "regions": regions,
            "cages": board.as_deref().map_or_else(Vec::new, cages_of),
        }))
    })
}

/// The JSON puzzle object of a `generate` answer, as the page writes it: its rules, its jigsaw
/// map, and its cages with their cells named `r1c1`.
#[cfg(test)]
pub(crate) fn generated_object(a: &Value) -> Value {
    let side = a["side"].as_u64().unwrap_or(9);
    let cages: Vec<Value> = a["cages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let cells = c["cells"].as_array().into_iter().flatten().filter_map(Value::as_u64);
            let named: Vec<String> = cells.map(|i| format!("r{}c{}", i / side + 1, i % side + 1)).collect();
            json!({ "sum": c["sum"], "cells": named })
        })
        .collect();
    let mut object = json!({ "size": side, "givens": a["line"], "variants": a["variants"], "cages": cages });
    if a["regions"].is_string() {
        object["regions"] = a["regions"].clone();
    }
    object
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed puzzle of the issue, and its solution.
    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn answer(text: &str) -> Value {
        serde_json::from_str(text).expect("every answer is JSON")
    }

    fn req(puzzle: &str) -> String {
        json!({ "puzzle": puzzle }).to_string()
    }

    /// A JSON array of cell indices.
    fn indices(v: &Value) -> Vec<usize> {
        v.as_array().expect("a list").iter().filter_map(Value::as_u64).map(|i| i as usize).collect()
    }

    fn line(v: &Value) -> String {
        v.as_array()
            .expect("cells")
            .iter()
            .map(|d| char::from(b'0' + d.as_u64().expect("a digit") as u8))
            .collect()
    }

    #[test]
    fn issue_18_seed_puzzle_solves_and_is_unique() {
        let s = answer(&solve(&req(SEED)));
        assert_eq!(s["verdict"], "solved");
        assert_eq!(line(&s["solution"]), SOLVED);
        assert_eq!(s["unique"], true);
        let c = answer(&check(&req(SEED)));
        assert_eq!(c["verdict"], "unique");
        assert_eq!(line(&c["solution"]), SOLVED);
    }

    #[test]
    fn unreadable_puzzle_gives_the_library_message() {
        let bad = format!("{}x{}", &SEED[..40], &SEED[41..]);
        let a = answer(&parse(&req(&bad)));
        assert_eq!(a["ok"], false);
        assert_eq!(
            a["error"],
            "puzzle 1, line 1, column 41: invalid character 'x' (digits are 1-9; blanks are '.', '0', '_', '-' or '*')"
        );
        let short = answer(&check(&req(&SEED[..80])));
        assert_eq!(short["error"], "puzzle 1, line 1: 80 cells on the line, a 9×9 puzzle has 81");
    }

    #[test]
    fn bad_requests_are_answers() {
        for text in ["", "{", "[]", r#"{"puzzle": 3}"#, r#"{"puzzle": "", "extra": 1}"#] {
            let a = answer(&check(text));
            assert_eq!(a["ok"], false, "{text}");
            assert!(a["error"].as_str().expect("a message").starts_with("bad request"), "{a}");
        }
        assert_eq!(answer(&check(&req("")))["error"], "no puzzle in the text");
        let v = answer(&check(&json!({"puzzle": SEED, "variants": ["killer"]}).to_string()));
        assert_eq!(
            v["error"],
            "killer cages come in a JSON puzzle object's \"cages\" (with their cells and sums), not as a \
             variant of a plain layout"
        );
        let v = answer(&check(&json!({"puzzle": SEED, "variants": ["sandwich"]}).to_string()));
        assert_eq!(v["error"], "unknown variant `sandwich` (expected x, hyper or jigsaw)");
    }

    #[test]
    fn conflicts_name_their_cells() {
        let twice = format!("55{}", &SEED[2..]);
        let a = answer(&check(&req(&twice)));
        assert_eq!(a["verdict"], "invalid");
        assert_eq!(a["conflicts"][0]["cells"], json!([0, 1]));
        assert_eq!(a["conflicts"][0]["text"], "5 twice in row 1 (r1c1 and r1c2)");
        assert_eq!(answer(&solve(&req(&twice)))["verdict"], "invalid");
    }

    #[test]
    fn multiple_gives_two_solutions_and_where_they_differ() {
        let loose = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";
        let a = answer(&check(&req(loose)));
        assert_eq!(a["verdict"], "multiple");
        assert_ne!(a["solution"], a["second"]);
        assert!(!a["differ"].as_array().expect("cells").is_empty());
        let s = answer(&solve(&req(loose)));
        assert_eq!((&s["verdict"], &s["unique"]), (&json!("solved"), &json!(false)));
        assert_eq!(s["solution"], a["solution"]);
        // The budget ran out before uniqueness was settled: unknown (`null`), never a guess.
        let s = answer(&solve(&json!({ "puzzle": ".".repeat(81), "nodes": 1 }).to_string()));
        assert_eq!(s["unique"], Value::Null, "{s}");
        let n = answer(&count(&json!({ "puzzle": loose, "limit": 1000 }).to_string()));
        assert_eq!(n["text"], "295");
        assert_eq!(n["complete"], true);
    }

    #[test]
    fn no_solution() {
        // Valid givens, but r1c9 has no digit left: 1-8 in its row, 9 in its column.
        let puzzle = format!("12345678.........9{}", ".".repeat(63));
        for a in [answer(&check(&req(&puzzle))), answer(&solve(&req(&puzzle)))] {
            assert_eq!(a["verdict"], "no solution");
            assert_eq!(a["why"], json!({ "text": "r1c9 has no candidate left", "cells": [8] }));
        }
        // Only the search shows this one (a given added to a hard puzzle).
        let deep = "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let a = answer(&check(&req(deep)));
        assert_eq!((&a["verdict"], &a["why"]), (&json!("no solution"), &Value::Null));
    }

    #[test]
    fn node_budget_stops_a_long_search_and_says_so() {
        let empty16 =
            json!({ "puzzle": ".".repeat(256), "limit": 1_000_000_000u64, "nodes": 2000 }).to_string();
        let a = answer(&count(&empty16));
        assert_eq!(a["complete"], false);
        assert_eq!(a["interrupted"], "node budget spent");
        // The fast 9×9 engine counts each solution as a node.
        let nine = json!({ "puzzle": ".".repeat(81), "limit": 1_000_000, "nodes": 50 }).to_string();
        let b = answer(&count(&nine));
        assert_eq!(b["interrupted"], "node budget spent");
        assert_eq!(b["text"], "50+");
    }

    #[test]
    fn variants_and_layouts() {
        let x = answer(&parse(&json!({ "puzzle": ".".repeat(81), "variants": ["x", "hyper"] }).to_string()));
        assert_eq!(x["diagonals"], true);
        assert_eq!(x["windows"].as_array().expect("windows").len(), 4);
        let jig = r#"{"size": 4, "regions": "AABBAABBCCDDCCDD", "givens": "1..............."}"#;
        let j = answer(&parse(&req(jig)));
        assert_eq!(j["jigsaw"], true);
        assert_eq!(j["layout"], "json");
        assert_eq!(j["regions"], json!([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        // A pasted `GIVENS REGIONS` line is a jigsaw with no variant asked for.
        let pasted = answer(&parse(&req("1............... AAABCABBCCDBCDDD\n")));
        assert_eq!((&pasted["jigsaw"], &pasted["layout"]), (&json!(true), &json!("line")));
        assert_eq!(pasted["regions"], json!([0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]));
        let grid: String =
            SEED.as_bytes().chunks(9).map(|r| format!("{}\n", String::from_utf8_lossy(r))).collect();
        let g = answer(&parse(&req(&grid)));
        assert_eq!(g["layout"], "compact");
        assert_eq!(g["line"], SEED);
        // Copied from Simple Sudoku: its border above the rows tells the layout.
        let boxed =
            |r: &[u8]| r.chunks(3).map(|b| format!("|{}", String::from_utf8_lossy(b))).collect::<String>();
        let rows: String = SEED.as_bytes().chunks(9).map(|r| format!("{}|\n", boxed(r))).collect();
        let s = answer(&parse(&req(&format!("*-----------*\n{rows}*-----------*\n"))));
        assert_eq!((&s["layout"], &s["line"]), (&json!("art"), &json!(SEED)));
        // Copied from HoDoKu in its library format: the givens.
        let l = answer(&parse(&req(&format!(":0000:x:{SEED}:::\n"))));
        assert_eq!((&l["layout"], &l["line"]), (&json!("line"), &json!(SEED)));
        let two = answer(&parse(&req(&format!("{SEED}\n{SEED}\n"))));
        assert_eq!(two["records"], 2);
    }

    #[test]
    fn generated_puzzles_are_unique_and_reproducible() {
        for size in [4, 6, 9] {
            let r = json!({ "size": size, "seed": 3, "difficulty": "singles" }).to_string();
            let a = answer(&generate(&r));
            assert_eq!(a["ok"], true, "{a}");
            let c = answer(&check(&json!({ "puzzle": a["line"], "size": size }).to_string()));
            assert_eq!(c["verdict"], "unique");
            assert_eq!(c["solution"], a["solution"]);
            assert_eq!(generate(&r), generate(&r));
        }
        assert_eq!(answer(&generate(r#"{"size": 25}"#))["error"], "the page generates boards up to 16×16");
        assert!(answer(&generate(r#"{"difficulty": "fiendish"}"#))["error"]
            .as_str()
            .expect("a message")
            .contains("unknown difficulty"));
    }

    /// A unique puzzle's check names the givens that can each go: removing one of them leaves the
    /// puzzle unique, removing any other does not. Past 9×9 there is no list.
    #[test]
    fn checks_name_the_givens_that_can_go() {
        let a = answer(&check(&req(SEED)));
        let redundant: Vec<usize> = a["redundant"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|i| i.as_u64().expect("an index") as usize)
            .collect();
        for (i, c) in SEED.char_indices().filter(|&(_, c)| c != '.') {
            let mut less = SEED.to_string();
            less.replace_range(i..=i, ".");
            let verdict = answer(&check(&req(&less)))["verdict"].clone();
            assert_eq!(verdict == "unique", redundant.contains(&i), "r{}c{} ({c})", i / 9 + 1, i % 9 + 1);
        }
        assert!(!redundant.is_empty(), "the seed puzzle has givens to spare");
        let big = answer(&generate(r#"{"size": 16, "seed": 7}"#));
        let checked = answer(&check(&json!({ "puzzle": big["line"], "size": 16 }).to_string()));
        assert_eq!((checked["verdict"].clone(), checked.get("redundant")), (json!("unique"), None));
    }

    /// Minimizing removes every given `check` names as redundant that can still go, leaves a
    /// puzzle with the same solution that `check` calls minimal, and gives other puzzles their
    /// verdict.
    #[test]
    fn minimize_leaves_a_minimal_puzzle_with_the_same_solution() {
        let a = answer(&minimize(&req(SEED)));
        assert_eq!(a["verdict"], "unique", "{a}");
        let line = a["line"].as_str().expect("a line");
        let checked = answer(&check(&req(line)));
        assert_eq!(checked["redundant"], json!([]), "{line}");
        assert_eq!(checked["solution"], answer(&check(&req(SEED)))["solution"]);
        let removed = indices(&a["removed"]);
        let gone: Vec<usize> = (0..81).filter(|&i| SEED.as_bytes()[i] != line.as_bytes()[i]).collect();
        assert_eq!(removed, gone);
        assert!(!removed.is_empty() && line.bytes().zip(SEED.bytes()).all(|(a, b)| a == b'.' || a == b));
        // Already minimal: nothing goes.
        assert_eq!(answer(&minimize(&req(line)))["removed"], json!([]));
        let twice = format!("55{}", &SEED[2..]);
        let clash = answer(&minimize(&req(&twice)));
        assert_eq!(
            (clash["verdict"].clone(), clash["conflicts"][0]["cells"].clone()),
            (json!("invalid"), json!([0, 1]))
        );
        assert_eq!(answer(&minimize(&req(&".".repeat(81))))["verdict"], "multiple");
        let big = answer(&generate(r#"{"size": 16, "seed": 7}"#));
        let refused = answer(&minimize(&json!({ "puzzle": big["line"], "size": 16 }).to_string()));
        assert!(refused["error"].as_str().is_some_and(|e| e.contains("up to 9×9")), "{refused}");
        let x = answer(&generate(r#"{"seed": 4, "variants": ["x"]}"#));
        let xm = answer(&minimize(&json!({ "puzzle": x["line"], "variants": ["x"] }).to_string()));
        assert_eq!(xm["verdict"], "unique", "{xm}");
        let xc = answer(&check(&json!({ "puzzle": xm["line"], "variants": ["x"] }).to_string()));
        assert_eq!(xc["redundant"], json!([]));
    }

    /// A pattern (here the seed puzzle's) keeps its cells as the givens' places, the puzzle is
    /// unique, and patterns that cannot work are refused with the reason.
    #[test]
    fn generated_puzzles_keep_a_pattern() {
        let r = json!({ "seed": 5, "pattern": SEED }).to_string();
        let a = answer(&generate(&r));
        assert_eq!(a["ok"], true, "{a}");
        let made = a["line"].as_str().expect("a line");
        let blanks = |p: &str| p.bytes().map(|b| b == b'.').collect::<Vec<_>>();
        assert_eq!(blanks(made), blanks(SEED));
        assert_ne!(made, SEED);
        assert_eq!(answer(&check(&req(made)))["verdict"], "unique");
        assert_eq!(generate(&r), generate(&r));
        let refused = |request: Value| answer(&generate(&request.to_string()))["error"].to_string();
        let rows = "x".repeat(27) + &".".repeat(18) + &"x".repeat(36);
        assert!(refused(json!({ "pattern": rows })).contains("rows 4 and 5 are empty"));
        assert!(refused(json!({ "pattern": SEED, "variants": ["x"] })).contains("without variant rules"));
        assert!(refused(json!({ "pattern": SEED, "size": 6 })).contains("a 6×6 board has 36"));
    }

    /// Variant puzzles check unique under their own rules (a jigsaw puzzle with its region map, read
    /// back as the page reads it), the seed fixes them, and refused boards give the library's message.
    #[test]
    fn generated_variant_puzzles_are_unique_and_reproducible() {
        for (size, variants) in
            [(9, json!(["x"])), (9, json!(["hyper"])), (6, json!(["jigsaw"])), (9, json!(["x", "jigsaw"]))]
        {
            let r = json!({ "size": size, "seed": 5, "variants": variants }).to_string();
            let a = answer(&generate(&r));
            assert_eq!(a["ok"], true, "{a}");
            assert_eq!(a["variants"], variants);
            let jigsaw = variants.as_array().is_some_and(|v| v.contains(&json!("jigsaw")));
            assert_eq!(a["regions"].is_string(), jigsaw, "{a}");
            let mut object = json!({ "size": size, "givens": a["line"], "variants": variants });
            if jigsaw {
                object["regions"] = a["regions"].clone();
                assert_eq!(a["regions"].as_str().map(str::len), Some(size * size));
            }
            let puzzle = object.to_string();
            let c = answer(&check(&json!({ "puzzle": puzzle }).to_string()));
            assert_eq!(c["verdict"], "unique", "{a}");
            assert_eq!(c["solution"], a["solution"]);
            // The page reads the board from the same object: a jigsaw map or the boxes.
            let p = answer(&parse(&json!({ "puzzle": puzzle }).to_string()));
            assert_eq!(p["jigsaw"], jigsaw);
            let empty = json!({ "size": size }).to_string();
            let boxes = answer(&parse(&json!({ "puzzle": empty }).to_string()));
            assert_eq!(p["regions"] != boxes["regions"], jigsaw, "{p}");
            assert_eq!(generate(&r), generate(&r));
        }
        let refused =
            |r: Value| answer(&generate(&r.to_string()))["error"].as_str().unwrap_or("").to_string();
        assert_eq!(
            refused(json!({ "size": 6, "variants": ["hyper"] })),
            "hyper windows need square boxes and a side of 9 or more; a 6×6 (boxes 2x3) board has none"
        );
        assert!(refused(json!({ "size": 16, "variants": ["jigsaw"] })).contains("up to 12×12"));
        assert_eq!(
            refused(json!({ "variants": ["x"], "difficulty": "singles" })),
            "difficulty classes are defined for classic puzzles only, not x puzzles"
        );
        assert_eq!(
            refused(json!({ "variants": ["sandwich"] })),
            "unknown variant `sandwich` (expected x, hyper, jigsaw or killer)"
        );
        assert!(refused(json!({ "size": 16, "variants": ["killer"] })).contains("up to 12×12"));
    }

    /// Killer puzzles come with their cages (cell indices and sums, as `parse` describes a board);
    /// written into a JSON puzzle object with the cells named as the page names them, they read back
    /// with one solution, the generator's, and the same cages; the seed fixes them.
    #[test]
    fn generated_killer_puzzles_carry_their_cages() {
        for (size, variants) in
            [(9, json!(["killer"])), (6, json!(["x", "killer"])), (6, json!(["jigsaw", "killer"]))]
        {
            let r = json!({ "size": size, "seed": 2, "variants": variants }).to_string();
            let a = answer(&generate(&r));
            assert_eq!(a["ok"], true, "{a}");
            assert_eq!(a["variants"], variants);
            let mut covered = vec![0; size * size];
            for c in a["cages"].as_array().expect("cages") {
                let cells = indices(&c["cells"]);
                cells.iter().for_each(|&i| covered[i] += 1);
                // The sum is that of the solution's digits in the cage.
                let sum: u64 = cells.iter().filter_map(|&i| a["solution"][i].as_u64()).sum();
                assert_eq!(c["sum"].as_u64(), Some(sum), "{c}");
            }
            assert!(covered.iter().all(|&n| n <= 1), "no cell in two cages: {a}");
            let object = generated_object(&a);
            let puzzle = object.to_string();
            let c = answer(&check(&json!({ "puzzle": puzzle }).to_string()));
            assert_eq!(c["verdict"], "unique", "{a}");
            assert_eq!(c["solution"], a["solution"]);
            let p = answer(&parse(&json!({ "puzzle": puzzle }).to_string()));
            assert_eq!(p["cages"], a["cages"]);
            assert_eq!(generate(&r), generate(&r));
        }
    }

    #[test]
    fn canon_of_equivalent_puzzles_is_equal() {
        let a = answer(&canon(&req(SEED)));
        let swapped: String = SEED
            .chars()
            .map(|c| match c {
                '1' => '2',
                '2' => '1',
                other => other,
            })
            .collect();
        assert_eq!(a["line"], answer(&canon(&req(&swapped)))["line"]);
        let x = answer(&canon(&json!({ "puzzle": SEED, "variants": ["x"] }).to_string()));
        assert_eq!(x["ok"], false);
    }

    /// A 16×16 puzzle in hex reads as a valid puzzle in the standard symbols too (its 0s blanks,
    /// every other digit one lower): without `symbols` it is read in the standard ones and the
    /// answer says that it reads as hex too; with `"symbols": "hex"` it is read in hex, and the
    /// answers write its digits so: its line, step texts, conflicts.
    #[test]
    fn hex_in_hex_out() {
        let made = answer(&generate(r#"{"size": 16, "seed": 3}"#));
        let standard = made["line"].as_str().expect("a line").to_owned();
        let to_hex = |c: char| Symbols::Standard.digit_of(c).map_or('.', |d| Symbols::Hex.symbol(d));
        let hex: String = standard.chars().map(to_hex).collect();
        assert!(hex.contains('0') && !hex.contains('G'), "{hex}");
        let hex_req = |puzzle: &str| json!({ "puzzle": puzzle, "symbols": "hex" }).to_string();

        let told = answer(&parse(&json!({ "puzzle": hex }).to_string()));
        assert_eq!((&told["symbols"], &told["alsoReads"]), (&json!("standard"), &json!("hex")));
        assert_eq!(told["line"], hex.replace('0', "."));
        let read = answer(&parse(&hex_req(&hex)));
        assert_eq!(
            (&read["symbols"], &read["alsoReads"], &read["line"]),
            (&json!("hex"), &Value::Null, &json!(hex))
        );
        assert_eq!(read["cells"], made["cells"]);
        // Without a 0 there is nothing to tell: the standard symbols, nothing else offered.
        let plain = answer(&parse(&req(&standard)));
        assert_eq!((&plain["symbols"], &plain["alsoReads"]), (&json!("standard"), &Value::Null));

        // The same path, each text with its digits in hex where the standard text has numbers.
        let path = |request: String| answer(&crate::teach::explain(&request))["steps"].as_array().cloned();
        let (in_standard, in_hex) =
            (path(req(&standard)).expect("steps"), path(hex_req(&hex)).expect("steps"));
        assert_eq!(in_standard.len(), in_hex.len());
        let mut placements = 0;
        for (s, h) in in_standard.iter().zip(&in_hex) {
            for field in ["technique", "placements", "eliminations", "cells"] {
                assert_eq!(s[field], h[field], "{field} of {}", s["text"]);
            }
            let single =
                ["Full House", "Naked Single", "Hidden Single"].map(Value::from).contains(&s["technique"]);
            if let (true, [one]) = (single, s["placements"].as_array().expect("a list").as_slice()) {
                let digit = one["digit"].as_u64().expect("a digit") as u8;
                let text = s["text"].as_str().expect("a text");
                let stem = text.strip_suffix(&format!("={digit}")).expect("a placement ends with its digit");
                assert_eq!(h["text"], format!("{stem}={}", Symbols::Hex.symbol(digit)));
                placements += 1;
            }
        }
        assert!(placements > 100, "{placements} placements compared");

        // Two Fs in row 1: the conflict names F, as the puzzle writes it.
        let twice = format!("FF{}", &hex[2..]);
        let c = answer(&check(&hex_req(&twice)));
        assert_eq!(c["verdict"], "invalid");
        let texts: Vec<&str> =
            c["conflicts"].as_array().expect("a list").iter().filter_map(|c| c["text"].as_str()).collect();
        assert!(texts.contains(&"F twice in row 1 (r1c1 and r1c2)"), "{texts:?}");

        // Hex is for 16×16; letters are for any board; other names are refused.
        let nine = answer(&check(&json!({ "puzzle": SEED, "symbols": "hex" }).to_string()));
        assert_eq!(nine["error"], "puzzle 1, line 1: 81 cells on the line, a 16×16 puzzle has 256");
        let sized = answer(&check(&json!({ "puzzle": SEED, "symbols": "hex", "size": 9 }).to_string()));
        assert_eq!(sized["error"], "hex symbols (0–F) are for 16×16 boards, not 9×9");
        let letters: String =
            SEED.chars().map(|c| c.to_digit(10).map_or('.', |d| Symbols::Letters.symbol(d as u8))).collect();
        let l = answer(&check(&json!({ "puzzle": letters, "symbols": "letters" }).to_string()));
        assert_eq!(line(&l["solution"]), SOLVED);
        let odd = answer(&check(&json!({ "puzzle": SEED, "symbols": "roman" }).to_string()));
        assert!(odd["error"].as_str().is_some_and(|e| e.contains("roman")), "{odd}");
    }
}
