//! Hints and step-by-step explanations from the library's human-style solver
//! ([`sudokit::human`]): the next step on the board as it is, or the whole path, each step with the
//! cells and candidates the page highlights.

use serde_json::{json, Value};
use sudokit::human::{Solver, SolverOptions, State, Step};
use sudokit::rate::se::{self, SeOptions};
use sudokit::{Board, Cell, Digit, HouseKind, Symbols, Verdict};

use crate::ops::{respond, PuzzleRequest};
use crate::rate::DEFAULT_WORK;

/// The most steps an explanation lists: more than any path needs (each step places a digit or removes
/// a candidate, and a 16×16 board has 4096 candidates), so it only guards against a bug looping.
pub const MAX_STEPS: usize = 5000;

/// The board as the solver sees it before a step: every value, and every unsolved cell's candidates
/// as a bit set (bit `d` for digit `d`; solved cells 0).
fn snapshot(state: &State) -> (Value, Value) {
    let grid = state.grid();
    let candidates: Vec<u64> = grid
        .iter()
        .map(|(cell, value)| if value.is_some() { 0 } else { digit_bits(state.candidates(cell)) })
        .collect();
    (Value::from(grid.values().to_vec()), Value::from(candidates))
}

/// A digit set with bit `d` for digit `d` (the library's own bits count from 0).
fn digit_bits(set: sudokit::DigitSet) -> u64 {
    u64::from(set.bits()) << 1
}

fn candidates(list: &[sudokit::human::Candidate]) -> Value {
    list.iter().map(|c| json!({ "cell": c.cell.index(), "digit": c.digit.get() })).collect()
}

/// The cells of a house of a step's pattern: a board's house, a killer cage (which the board
/// keeps apart from its houses), or a hyper board's hidden window (which no rule names).
fn house_cells(board: &Board, kind: HouseKind) -> Option<Vec<Cell>> {
    match kind {
        HouseKind::Cage(i) => board.cages().get(usize::from(i)).map(|c| c.cells.clone()),
        HouseKind::HiddenWindow(_) => {
            board.hidden_windows().into_iter().find(|h| h.kind == kind).map(|h| h.cells)
        }
        _ => board.houses().iter().find(|h| h.kind == kind).map(|h| h.cells.clone()),
    }
}

/// A step with what the page highlights: the pattern's cells and digits, the houses it lives in, and
/// the placements and eliminations it proves; its texts in `symbols`, as the puzzle was written.
fn step_json(step: &Step, board: &Board, symbols: Symbols) -> Value {
    let p = &step.pattern;
    let mut cells: Vec<usize> = p.cells.iter().map(|c| c.index()).collect();
    cells.extend(p.sets.iter().flat_map(|s| s.cells.iter().map(|c| c.index())));
    cells.extend(
        p.chains.iter().flat_map(|ch| ch.nodes.iter().flat_map(|n| n.cells.iter().map(|c| c.index()))),
    );
    cells.extend(p.fins.iter().chain(&p.endo_fins).map(|c| c.cell.index()));
    cells.sort_unstable();
    cells.dedup();
    let houses: Vec<Vec<usize>> = p
        .houses
        .iter()
        .chain(&p.base)
        .chain(&p.cover)
        .filter_map(|kind| house_cells(board, *kind))
        .map(|cells| cells.iter().map(|c| c.index()).collect())
        .collect();
    json!({
        "technique": step.technique.name(),
        "code": step.technique.code(),
        "text": step.text_in(symbols),
        "results": step.results_text_in(symbols),
        "cells": cells,
        "digits": digit_bits(p.digits),
        "houses": houses,
        "placements": candidates(&step.placements),
        "eliminations": candidates(&step.eliminations),
        "fins": candidates(&p.fins),
        "total": p.total,
    })
}

/// The next step of Sudoku Explainer's path from `state`, with what the page highlights: the house
/// of a hidden single, else the cells and digits of the step's pattern (a chain's candidates, a
/// forcing chain's assumptions), or the cell a naked single fills. `work` bounds the rater as for
/// ratings.
fn se_step(state: &State, work: Option<u64>, symbols: Symbols) -> Result<Option<Value>, String> {
    let options = SeOptions { budget: work.unwrap_or(DEFAULT_WORK), ..SeOptions::default() };
    let Some(h) =
        se::hint(state, options).map_err(|e| format!("No Sudoku Explainer hint: {}.", e.hint_report()))?
    else {
        return Ok(None);
    };
    let houses: Vec<Vec<usize>> = h
        .house
        .iter()
        .filter_map(|kind| state.board().houses().iter().find(|x| x.kind == *kind))
        .map(|x| x.cells.iter().map(|c| c.index()).collect())
        .collect();
    let cells: Vec<usize> = h.cells.iter().map(|c| c.index()).collect();
    Ok(Some(se_step_json(&h.step, cells, houses, symbols)))
}

/// A step of Sudoku Explainer's as the page shows it: `cells`, `houses` and the pattern's `digits`
/// are what it highlights.
fn se_step_json(step: &se::SeStep, cells: Vec<usize>, houses: Vec<Vec<usize>>, symbols: Symbols) -> Value {
    let at = |&(cell, digit): &(usize, u8)| json!({ "cell": cell, "digit": digit });
    json!({
        "technique": step.name,
        "difficulty": f64::from(step.difficulty_tenths()) / 10.0,
        "text": step.text_in(symbols),
        "results": step.results_text_in(symbols),
        "cells": cells,
        "digits": step.pattern_digits.iter().fold(0u32, |m, &d| m | 1 << d),
        "houses": houses,
        "placements": step.placement.iter().map(at).collect::<Vec<_>>(),
        "eliminations": step.removals.iter().map(at).collect::<Vec<_>>(),
        "fins": [],
    })
}

/// Every step Sudoku Explainer's "Get all hints" lists on `state` ([`se::all_hints`]), each
/// highlighting the cells of its pattern as HoDoKu's steps do (a single, which has none, the cell
/// it fills), with their techniques counted (as `sudokit_rate`'s `seSummary`).
fn se_all_steps(state: &State, work: Option<u64>, symbols: Symbols) -> Result<(Vec<Value>, Value), String> {
    let options = SeOptions { budget: work.unwrap_or(DEFAULT_WORK), ..SeOptions::default() };
    let all = se::all_hints(state, options)
        .map_err(|e| format!("No Sudoku Explainer hint: {}.", e.hint_report()))?;
    let steps = all
        .iter()
        .map(|s| {
            let cells = if s.pattern_cells.is_empty() { s.cells() } else { s.pattern_cells.clone() };
            se_step_json(s, cells, Vec::new(), symbols)
        })
        .collect();
    Ok((steps, json!(sudokit::rate::se_counts(&all))))
}

/// The solver for a request's board (less the candidates in `removed`), or the answer that says why
/// there is none: hints and explanations need givens without conflicts and exactly one solution,
/// settled within the budget; with the symbols the puzzle was written in.
fn solver(r: &PuzzleRequest) -> Result<Result<(Solver, Symbols), Value>, String> {
    solver_with(r, SolverOptions::default())
}

/// [`solver`] with the techniques of `options`.
fn solver_with(
    r: &PuzzleRequest,
    options: SolverOptions,
) -> Result<Result<(Solver, Symbols), Value>, String> {
    let read = r.read()?;
    let (verdict, _) = read.puzzle.check_within(r.limits(2));
    if !matches!(verdict, Verdict::Unique(_)) {
        return Ok(Err(json!({ "verdict": verdict.name(), "steps": [], "step": null })));
    }
    let mut state =
        State::new(read.board.clone(), read.puzzle.grid()).map_err(|e| e.text_in(read.symbols))?;
    let shape = state.shape();
    for &(index, value) in &r.removed {
        let (Some(cell), Some(digit)) = (Cell::new_checked(index, shape), Digit::new_checked(value, shape))
        else {
            return Err(format!("removed: no candidate {value} in cell {index} on a {shape} board"));
        };
        // A candidate removed before the cell was filled, or already gone, needs nothing.
        if state.value(cell).is_none() && state.has(cell, digit) {
            state.eliminate(cell, digit);
        }
    }
    let solver = Solver::new(state, options).map_err(|e| e.text_in(read.symbols))?;
    Ok(Ok((solver, read.symbols)))
}

/// The next step a player could take on the board as it is, with the board's candidates before it.
///
/// ```
/// let hint = sudokit_wasm::hint(r#"{"puzzle": "12.4341221434321"}"#);
/// assert!(hint.contains(r#""technique":"Full House""#), "{hint}");
/// ```
pub fn hint(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let (solver, symbols) = match solver(&r)? {
            Ok(s) => s,
            Err(answer) => return Ok(answer),
        };
        let (values, marks) = snapshot(solver.state());
        let step = match r.scale.as_deref() {
            None | Some("hodoku") => solver.peek().map(|s| step_json(&s, solver.state().board(), symbols)),
            Some("se") => se_step(solver.state(), r.work, symbols)?,
            Some(other) => return Err(format!("scale: {other:?} is neither \"hodoku\" nor \"se\"")),
        };
        Ok(
            json!({ "verdict": "unique", "solved": solver.is_solved(), "step": step, "values": values, "candidates": marks }),
        )
    })
}

/// Every step a player could take on the board as it is, as HoDoKu's "All Steps" lists them
/// ([`Solver::all_steps`], with [`SolverOptions::all_steps`]), or with `"scale": "se"` as Sudoku
/// Explainer's "Get all hints" does ([`se::all_hints`], bounded by `work` as ratings are), with
/// the board's candidates.
///
/// ```
/// let all = sudokit_wasm::all_steps(r#"{"puzzle": "12.4341221434321"}"#);
/// assert!(all.contains(r#""technique":"Full House""#), "{all}");
/// ```
pub fn all_steps(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let (solver, symbols) = match solver_with(&r, SolverOptions::all_steps())? {
            Ok(s) => s,
            Err(answer) => return Ok(answer),
        };
        let (values, marks) = snapshot(solver.state());
        let (steps, summary) = match r.scale.as_deref() {
            None | Some("hodoku") => {
                let board = solver.state().board();
                let all = solver.all_steps();
                let steps: Vec<Value> = all.iter().map(|s| step_json(s, board, symbols)).collect();
                (steps, json!(sudokit::rate::technique_counts(&all)))
            }
            Some("se") => se_all_steps(solver.state(), r.work, symbols)?,
            Some(other) => return Err(format!("scale: {other:?} is neither \"hodoku\" nor \"se\"")),
        };
        Ok(json!({
            "verdict": "unique", "solved": solver.is_solved(), "steps": steps, "summary": summary,
            "values": values, "candidates": marks,
        }))
    })
}

/// Every step from the board as it is to the solution, each with the values and candidates before it.
///
/// ```
/// let path = sudokit_wasm::explain(r#"{"puzzle": "12.4341221434321"}"#);
/// assert!(path.contains(r#""solved":true"#), "{path}");
/// ```
pub fn explain(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let (mut solver, symbols) = match solver(&r)? {
            Ok(s) => s,
            Err(answer) => return Ok(answer),
        };
        let board = solver.state().board().clone();
        let mut steps = Vec::new();
        let mut taken = Vec::new();
        while steps.len() < MAX_STEPS {
            let (values, marks) = snapshot(solver.state());
            let Some(step) = solver.next() else { break };
            let mut s = step_json(&step, &board, symbols);
            s["values"] = values;
            s["candidates"] = marks;
            steps.push(s);
            taken.push(step);
        }
        let summary = sudokit::rate::technique_counts(&taken);
        Ok(json!({ "verdict": "unique", "solved": solver.is_solved(), "steps": steps, "summary": summary }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn answer(text: &str) -> Value {
        serde_json::from_str(text).expect("every answer is JSON")
    }

    #[test]
    fn all_steps_on_the_seed_puzzle_are_right_and_hold_the_hint() {
        for scale in ["hodoku", "se"] {
            let request = json!({ "puzzle": SEED, "scale": scale }).to_string();
            let a = answer(&all_steps(&request));
            assert_eq!(a["ok"], true, "{a}");
            let steps = a["steps"].as_array().expect("steps");
            assert!(steps.len() > 1, "{a}");
            let mut patterns = 0;
            let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
            let digit = |c: &Value| {
                let cell = c["cell"].as_u64().expect("a cell") as usize;
                (u64::from(solved.as_bytes()[cell] - b'0'), c["digit"].as_u64().expect("a digit"))
            };
            for step in steps {
                for p in step["placements"].as_array().expect("placements") {
                    let (right, given) = digit(p);
                    assert_eq!(right, given, "{}", step["text"]);
                }
                for e in step["eliminations"].as_array().expect("eliminations") {
                    let (right, given) = digit(e);
                    assert_ne!(right, given, "{}", step["text"]);
                }
                let cells = step["cells"].as_array().expect("cells");
                assert!(scale == "hodoku" || !cells.is_empty(), "{step}");
                if scale == "se" && step["digits"].as_u64().is_some_and(|d| d != 0) {
                    // A step with a pattern highlights it, as the hint does, not the cells it changes.
                    let named =
                        step["text"].as_str().and_then(|t| t.split(" => ").next()).unwrap_or_default();
                    let names: Vec<String> = cells
                        .iter()
                        .filter_map(Value::as_u64)
                        .map(|c| format!("r{}c{}", c / 9 + 1, c % 9 + 1))
                        .collect();
                    assert!(names.iter().all(|n| named.contains(n.as_str())), "{step}");
                    patterns += 1;
                }
            }
            assert!(scale == "hodoku" || patterns > 0, "no pattern among {steps:?}");
            let counted: u64 =
                a["summary"].as_array().expect("summary").iter().filter_map(|c| c["count"].as_u64()).sum();
            assert_eq!(counted, steps.len() as u64);
            let next = answer(&hint(&request));
            assert!(steps.iter().any(|s| s["text"] == next["step"]["text"]), "{}", next["step"]["text"]);
            if scale == "se" {
                // Sudoku Explainer's list starts with its hint, each step with its difficulty.
                assert_eq!(steps[0]["text"], next["step"]["text"]);
                assert!(steps.iter().all(|s| s["difficulty"].as_f64().is_some()), "{a}");
            }
        }
        // A board without one solution gets its verdict and no steps.
        let open = answer(&all_steps(&json!({ "puzzle": ".".repeat(81) }).to_string()));
        assert_eq!(
            (open["verdict"].as_str(), open["steps"].as_array().map(Vec::len)),
            (Some("multiple"), Some(0))
        );
    }

    #[test]
    fn hint_on_the_seed_puzzle_is_a_single_with_its_cell() {
        let a = answer(&hint(&json!({ "puzzle": SEED }).to_string()));
        assert_eq!(a["ok"], true, "{a}");
        let step = &a["step"];
        let technique = step["technique"].as_str().expect("a name");
        assert!(technique.contains("Single") || technique == "Full House", "{technique}");
        let placement = &step["placements"][0];
        let cell = placement["cell"].as_u64().expect("a cell") as usize;
        // The placement agrees with the solution and the cell was empty.
        let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        assert_eq!(SEED.as_bytes()[cell], b'.');
        assert_eq!(placement["digit"].as_u64(), Some(u64::from(solved.as_bytes()[cell] - b'0')));
        assert_eq!(
            a["candidates"][cell].as_u64().map(|m| m & (1 << placement["digit"].as_u64().expect("d")) != 0),
            Some(true)
        );
    }

    #[test]
    fn se_hints_follow_sudoku_explainers_path_from_the_removed_candidates() {
        let grid: sudokit::Grid = SEED.parse().expect("a puzzle");
        let path = se::path(&grid, SeOptions::default()).expect("rated");
        let first = answer(&hint(&json!({ "puzzle": SEED, "scale": "se" }).to_string()));
        assert_eq!(first["ok"], true, "{first}");
        assert_eq!(first["step"]["text"], path[0].to_string());
        assert_eq!(first["step"]["difficulty"].as_f64(), Some(f64::from(path[0].difficulty_tenths()) / 10.0));
        // A hidden single: its house is what the page highlights, nine cells holding the placement's.
        let houses = first["step"]["houses"].as_array().expect("houses");
        let placed = first["step"]["placements"][0]["cell"].clone();
        assert_eq!((houses.len(), houses[0].as_array().map(Vec::len)), (1, Some(9)), "{first}");
        assert!(houses[0].as_array().is_some_and(|h| h.contains(&placed)), "{first}");
        // The first removal of a path made by hand (an XY-Wing puzzle's): the hint goes on from
        // there.
        let xy = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..";
        let path = se::path(&xy.parse().expect("a puzzle"), SeOptions::default()).expect("rated");
        let k = path.iter().position(|s| s.placement.is_none()).expect("a removal");
        let mut removed: Vec<(usize, u8)> =
            path[..=k].iter().flat_map(|s| s.removals.iter().copied()).collect();
        let mut values = xy.as_bytes().to_vec();
        for step in &path[..k] {
            if let Some((cell, digit)) = step.placement {
                values[cell] = b'0' + digit;
            }
        }
        let board = String::from_utf8(values).expect("ASCII");
        let before = answer(&hint(&json!({ "puzzle": board, "scale": "se" }).to_string()));
        assert_eq!(before["step"]["text"], path[k].to_string());
        assert_eq!(before["step"]["results"], path[k].results_text());
        let cells: Vec<usize> = path[k].removals.iter().map(|&(c, _)| c).collect();
        assert!(before["step"]["cells"].as_array().is_some_and(|c| c.len() <= cells.len() && !c.is_empty()));
        removed.sort_unstable();
        let after = answer(&hint(&json!({ "puzzle": board, "scale": "se", "removed": removed }).to_string()));
        assert_eq!(after["step"]["text"], path[k + 1].to_string());
        // Refused: other boards, and scales that do not exist.
        let mini = answer(&hint(&json!({ "puzzle": "1.3.4.2.3.1.2.4.", "scale": "se" }).to_string()));
        assert_eq!(mini["ok"], false);
        assert!(mini["error"].as_str().is_some_and(|e| e.contains("classic 9×9")), "{mini}");
        // Where the next step needs chains (a generated puzzle of ER 8.8), a budget too small for
        // them gives no hint.
        let chains = "7..1.....56...3.81....6..7..3.2.14...........8.1.5.....8...6....5..1...34..9..2..";
        let tiny = SeOptions { budget: 1, threads: 1, ..SeOptions::default() };
        let before = se::explain(&chains.parse().expect("a puzzle"), tiny).expect("a path");
        let mut values = chains.as_bytes().to_vec();
        let mut removed = Vec::new();
        for step in &before.steps {
            removed.extend(step.removals.iter().copied());
            if let Some((cell, digit)) = step.placement {
                values[cell] = b'0' + digit;
            }
        }
        let board = String::from_utf8(values).expect("ASCII");
        let request = |work: u64| json!({ "puzzle": board, "scale": "se", "removed": removed, "work": work });
        let short = answer(&hint(&request(1).to_string()));
        let why = "No Sudoku Explainer hint: the work budget ran out before the next step was found.";
        assert_eq!((&short["ok"], &short["error"]), (&json!(false), &json!(why)), "{short}");
        let enough = answer(&hint(&request(DEFAULT_WORK).to_string()));
        assert!(enough["step"]["difficulty"].as_f64().is_some_and(|d| d >= 6.5), "{enough}");
        let other = answer(&hint(&json!({ "puzzle": SEED, "scale": "serate" }).to_string()));
        assert_eq!(other["error"], "scale: \"serate\" is neither \"hodoku\" nor \"se\"");
    }

    /// A killer puzzle's explanation uses its cages: a Cage Combination step highlights its cage's
    /// cells as a house and gives the cage's sum as `total`; every step is right.
    #[test]
    fn killer_steps_highlight_their_cages() {
        let made = answer(&crate::ops::generate(&json!({ "seed": 2, "variants": ["killer"] }).to_string()));
        let cages = made["cages"].as_array().expect("cages");
        let puzzle = crate::ops::generated_object(&made).to_string();
        let a = answer(&explain(&json!({ "puzzle": puzzle }).to_string()));
        assert_eq!(a["solved"], true, "{a}");
        let steps = a["steps"].as_array().expect("steps");
        assert_every_step_right(steps, &made);
        let combination =
            steps.iter().find(|s| s["technique"] == "Cage Combination").expect("a Cage Combination step");
        let houses = combination["houses"].as_array().expect("houses");
        let cage = cages
            .iter()
            .find(|c| houses.first().is_some_and(|h| *h == c["cells"]))
            .expect("the step's house is one of the cages");
        assert_eq!(combination["total"], cage["sum"], "{combination}");
    }

    /// Placements put the solution's digit of `made` (a generated puzzle), eliminations remove
    /// another.
    fn assert_every_step_right(steps: &[Value], made: &Value) {
        let solution = made["solution"].as_array().expect("a solution");
        for step in steps {
            for (kind, placed) in [("placements", true), ("eliminations", false)] {
                for c in step[kind].as_array().expect("candidates") {
                    let right = solution[c["cell"].as_u64().expect("a cell") as usize] == c["digit"];
                    assert_eq!(right, placed, "{}", step["text"]);
                }
            }
        }
    }

    /// A hyper puzzle's explanation reasons with the windows' hidden windows too (houses no rule
    /// names): such a step highlights the hidden window's nine cells; every step is right.
    #[test]
    fn hyper_steps_highlight_hidden_windows() {
        let made = answer(&crate::ops::generate(&json!({ "seed": 3, "variants": ["hyper"] }).to_string()));
        let puzzle = crate::ops::generated_object(&made).to_string();
        let a = answer(&explain(&json!({ "puzzle": puzzle }).to_string()));
        assert_eq!(a["solved"], true, "{a}");
        let steps = a["steps"].as_array().expect("steps");
        assert_every_step_right(steps, &made);
        let board = Board::classic(sudokit::Shape::CLASSIC).with_windows().expect("windows");
        let hidden: Vec<Value> = board
            .hidden_windows()
            .iter()
            .map(|h| json!(h.cells.iter().map(|c| c.index()).collect::<Vec<_>>()))
            .collect();
        let in_hidden =
            |s: &&Value| s["houses"].as_array().is_some_and(|hs| hs.iter().any(|h| hidden.contains(h)));
        let step = steps.iter().find(in_hidden).expect("a step in a hidden window");
        assert!(step["text"].as_str().is_some_and(|t| !t.is_empty()), "{step}");
    }

    #[test]
    fn explanation_solves_the_puzzle_step_by_step() {
        let a = answer(&explain(&json!({ "puzzle": SEED }).to_string()));
        assert_eq!(a["solved"], true);
        let steps = a["steps"].as_array().expect("steps");
        let placed: usize = steps.iter().map(|s| s["placements"].as_array().map_or(0, Vec::len)).sum();
        assert_eq!(placed, 81 - 30);
        assert!(steps.iter().all(|s| s["text"].as_str().is_some_and(|t| !t.is_empty())));
        // Each step starts from the values the steps before it placed.
        assert_eq!(
            steps[0]["values"].as_array().expect("values").iter().filter(|v| v.as_u64() != Some(0)).count(),
            30
        );
        // The summary counts the steps' techniques (in the library's order, easiest first).
        let summary = a["summary"].as_array().expect("a summary");
        let count = |name: &str| steps.iter().filter(|s| s["technique"] == name).count() as u64;
        assert!(summary.iter().all(|c| c["count"].as_u64() == c["technique"].as_str().map(count)), "{a}");
        let total: u64 = summary.iter().filter_map(|c| c["count"].as_u64()).sum();
        assert_eq!(total, steps.len() as u64);
    }

    #[test]
    fn removed_candidates_move_the_hint_on() {
        let first = answer(&hint(&json!({ "puzzle": SEED }).to_string()));
        let step = &first["step"];
        // Take the step's placement as done by removing every other candidate of its cell.
        let cell = step["placements"][0]["cell"].as_u64().expect("a cell") as usize;
        let digit = step["placements"][0]["digit"].as_u64().expect("a digit") as u8;
        let marks = first["candidates"][cell].as_u64().expect("candidates");
        let removed: Vec<(usize, u8)> =
            (1..=9u8).filter(|&d| d != digit && marks & (1 << d) != 0).map(|d| (cell, d)).collect();
        let next = answer(&hint(&json!({ "puzzle": SEED, "removed": removed }).to_string()));
        assert_eq!(next["candidates"][cell].as_u64(), Some(1 << digit));
        let bad = answer(&hint(&json!({ "puzzle": SEED, "removed": [[81, 1]] }).to_string()));
        assert_eq!(bad["error"], "removed: no candidate 1 in cell 81 on a 9×9 (boxes 3x3) board");
    }

    #[test]
    fn no_hint_without_exactly_one_solution() {
        let loose = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";
        let a = answer(&hint(&json!({ "puzzle": loose }).to_string()));
        assert_eq!(a["verdict"], "multiple");
        assert_eq!(a["step"], Value::Null);
        let twice = format!("55{}", &SEED[2..]);
        assert_eq!(answer(&explain(&json!({ "puzzle": twice }).to_string()))["verdict"], "invalid");
        let bad = answer(&hint(r#"{"puzzle": "x"}"#));
        assert_eq!(bad["ok"], false);
    }
}
