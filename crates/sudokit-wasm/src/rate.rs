//! Difficulty ratings ([`sudokit::rate`]): Sudoku Explainer's ER/EP/ED and HoDoKu's score and level
//! of the board as it is, each bounded so that a page never waits long.

use serde_json::{json, Value};
use sudokit::rate::backdoor::backdoors;
use sudokit::rate::hodoku::{self, HodokuRating};
use sudokit::rate::se::{self, RateError, SeOptions, SePath, SeRating};
use sudokit::rate::{outline, se_counts, Unrated};
use sudokit::Verdict;

use crate::ops::{respond, PuzzleRequest};

/// The Sudoku Explainer rater's work budget when the request names none, in potentials created
/// (its chaining unit, [`SeOptions::budget`]): a tenth of the library's default, about a second
/// of native work at the deepest nested forcing chains (more in a browser), so that the
/// page answers soon. Many of the forum's hardest puzzles need more; a puzzle that reaches it is
/// reported with the ER of the steps before. The page rates in a worker it can stop.
pub const DEFAULT_WORK: u64 = 20_000_000;

fn tenths(t: u16) -> Value {
    Value::from(f64::from(t) / 10.0)
}

fn se_json(r: &SeRating) -> Value {
    json!({
        "er": tenths(r.er_tenths),
        "ep": tenths(r.ep_tenths),
        "ed": tenths(r.ed_tenths),
        "hardest": r.hardest,
        "steps": r.steps,
    })
}

fn hodoku_json(r: &HodokuRating) -> Value {
    json!({
        "score": r.score,
        "level": r.level.name(),
        "hardest": r.hardest.map(|t| t.name()),
        "steps": r.steps,
        "bruteForce": r.brute_force_steps,
    })
}

/// The largest backdoor looked for, and the largest board: the forum's hardest puzzles need up to 3
/// (60 ms natively for one that does, every set of three cells tried); bigger boards have too many
/// sets of cells to try.
const BACKDOOR_SIZE: usize = 3;
const BACKDOOR_SIDE: usize = 9;

/// The backdoor size and backdoors of a puzzle with one solution, on boards up to 9×9; null beyond.
fn backdoor_json(puzzle: &sudokit::Puzzle) -> Value {
    let shape = puzzle.grid().shape();
    if shape.side() > BACKDOOR_SIDE {
        return Value::Null;
    }
    match backdoors(puzzle, BACKDOOR_SIZE) {
        Ok(b) => json!({ "size": b.size, "maxSize": b.max_size, "sets": b.names(shape) }),
        Err(_) => Value::Null,
    }
}

/// Why the Sudoku Explainer rater stopped, and the ER of the steps before when it stopped midway.
fn se_problem(e: &RateError) -> (String, Value) {
    (e.to_string(), e.er_so_far_tenths().map_or(Value::Null, tenths))
}

/// Rates a classic 9×9 puzzle with exactly one solution on both scales.
///
/// The answer's `verdict` is the check's; only a `"unique"` puzzle gets ratings. `se` is
/// `{er, ep, ed, hardest, steps}` or null with `seProblem` (and `seAtLeast`, the ER of the steps
/// taken, when the rater stopped midway: at its `work` budget, or before a nested forcing chain);
/// `sePath` lists the steps (`technique`, `difficulty`, `text` in forum notation, the pattern's
/// `digits` and `cells`, `chains`, `placements`, `eliminations`, as `sudokit explain --scale se -o
/// json` gives them), as far as they go, and `seSummary` counts them (`technique`, `difficulty`,
/// `count`, easiest first, as `sudokit explain --scale se --summary -o json`);
/// `hodoku` is `{score, level, hardest, steps, bruteForce}` or null with `hodokuProblem`;
/// `backdoor` is `{size, maxSize, sets}` (the backdoor size, null beyond `maxSize`, and each backdoor's
/// cells, `"r1c3=2"`; boards up to 9×9, null on bigger ones). On
/// other boards and variant rules, which neither scale covers, both are null with the reason, and
/// `outline` is `{steps, hardest}` of the human solver's path (as `explain` takes it).
///
/// ```
/// // The library's own example: serate gives it 4.2/1.2/1.2, an XY-Wing.
/// let puzzle = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9..";
/// let answer = sudokit_wasm::rate(&format!(r#"{{"puzzle": "{puzzle}"}}"#));
/// assert!(answer.contains(r#""er":4.2"#), "{answer}");
/// let mini = sudokit_wasm::rate(r#"{"puzzle": "1.3.4.2.3.1.2.4."}"#);
/// assert!(mini.contains("classic 9×9"), "{mini}");
/// assert!(mini.contains(r#""outline":{"steps":8,"hardest":"Naked Single"}"#), "{mini}");
/// ```
pub fn rate(request: &str) -> String {
    respond(request, |r: PuzzleRequest| {
        let read = r.read()?;
        let (verdict, outcome) = read.puzzle.check_within(r.limits(2));
        if !matches!(verdict, Verdict::Unique(_)) {
            return Ok(json!({
                "verdict": verdict.name(),
                "se": null,
                "hodoku": null,
                "interrupted": outcome.interrupted.map(|i| i.to_string()),
            }));
        }
        if let Some(Unrated::Unsupported { side, classic_rules }) = Unrated::of_rules(read.puzzle.board()) {
            // The page's own wording (with ×), for the boards the library's ratings refuse.
            let what = if side == 9 && !classic_rules {
                "puzzles with variant rules".into()
            } else {
                format!("{side}×{side} boards")
            };
            let refused = format!(
                "the ratings (Sudoku Explainer, HoDoKu) are for classic 9×9 puzzles only, not {what}"
            );
            // What is left to tell: the human solver's path in brief.
            let path = outline(&read.puzzle).map_err(|e| e.to_string())?;
            return Ok(json!({
                "verdict": "unique",
                "se": null,
                "seProblem": refused,
                "hodoku": null,
                "hodokuProblem": refused,
                "outline": { "steps": path.steps, "hardest": path.hardest.map(|t| t.name()) },
                "backdoor": backdoor_json(&read.puzzle),
            }));
        }
        let grid = read.puzzle.grid();
        let mut answer = json!({ "verdict": "unique", "backdoor": backdoor_json(&read.puzzle) });
        let options = SeOptions { budget: r.work.unwrap_or(DEFAULT_WORK), ..SeOptions::default() };
        let path = se::explain(grid, options);
        match &path {
            Ok(p @ SePath { stopped: None, .. }) => {
                answer["se"] = p.rating().map_or(Value::Null, |rating| se_json(&rating));
            }
            Ok(SePath { stopped: Some(e), .. }) | Err(e) => {
                let (problem, at_least) = se_problem(e);
                answer["se"] = Value::Null;
                answer["seProblem"] = problem.into();
                answer["seAtLeast"] = at_least;
            }
        }
        // The steps behind the rating, as far as they go, and their techniques counted.
        let steps = path.map(|p| p.steps).unwrap_or_default();
        answer["seSummary"] = json!(se_counts(&steps));
        answer["sePath"] = steps
            .iter()
            .map(|step| {
                // The texts in the puzzle's symbols; the digits of the other fields stay numbers.
                let mut json = json!(step);
                json["text"] = step.text_in(read.symbols).into();
                json
            })
            .collect();
        match hodoku::rate(grid) {
            Ok(rating) => answer["hodoku"] = hodoku_json(&rating),
            Err(e) => {
                answer["hodoku"] = Value::Null;
                answer["hodokuProblem"] = e.to_string().into();
            }
        }
        Ok(answer)
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
    fn seed_puzzle_rates_on_both_scales_as_the_library_does() {
        let a = answer(&rate(&json!({ "puzzle": SEED }).to_string()));
        assert_eq!(a["ok"], true, "{a}");
        let grid: sudokit::Grid = SEED.parse().expect("a puzzle");
        let se = se::rate(&grid).expect("rated");
        let hodoku = hodoku::rate(&grid).expect("rated");
        assert_eq!(a["se"], se_json(&se));
        assert_eq!(a["hodoku"], hodoku_json(&hodoku));
        assert_eq!(a["hodoku"]["level"], "easy");
        // The steps behind ER, one per step of the path.
        let path = se::path(&grid, SeOptions::default()).expect("rated");
        assert_eq!(a["sePath"], json!(path));
        assert_eq!(path.len(), se.steps);
        assert_eq!(a["sePath"][0]["text"], "Hidden Single (1.2): r1c6=8", "{}", a["sePath"][0]);
        // In letters, the same path with the texts' digits as letters; the number fields stay numbers.
        let letters: String =
            SEED.chars().map(|c| c.to_digit(10).map_or('.', |d| (b'A' + d as u8 - 1) as char)).collect();
        let l = answer(&rate(&json!({ "puzzle": letters, "symbols": "letters" }).to_string()));
        assert_eq!((&l["se"], &l["hodoku"]), (&a["se"], &a["hodoku"]));
        assert_eq!(l["sePath"][0]["text"], "Hidden Single (1.2): r1c6=H", "{}", l["sePath"][0]);
        assert_eq!(l["sePath"][0]["placements"], a["sePath"][0]["placements"]);
        assert_eq!(a["seSummary"], json!(se_counts(&path)));
    }

    #[test]
    fn the_backdoor_size_comes_with_the_ratings_on_boards_up_to_nine() {
        let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let a = answer(&rate(&json!({ "puzzle": hard, "work": 1 }).to_string()));
        let p = sudokit::Puzzle::classic(hard.parse().expect("a puzzle"));
        let b = backdoors(&p, BACKDOOR_SIZE).expect("unique");
        assert_eq!(a["backdoor"], json!({ "size": 2, "maxSize": 3, "sets": b.names(p.grid().shape()) }));
        assert_eq!(a["backdoor"]["sets"][0], json!(["r1c3=2", "r5c2=6"]));
        assert_eq!(answer(&rate(&json!({ "puzzle": SEED }).to_string()))["backdoor"]["size"], 0);
        let mini = answer(&rate(r#"{"puzzle": "1.3.4.2.3.1.2.4."}"#));
        assert_eq!(mini["backdoor"]["size"], 0, "{mini}");
        // A 16×16 puzzle with one solution: too many sets of cells to try.
        let p16 = "G.E.B.56.9....8..C.5....1.E.B..6...4.......F.G.CBF8...2.5.C...D1.34..2...D.56A.F..6....E....G.9....8..D..1.25....5BF.7..9C..4..8.13.E...B......A.7..2.B.......1....A..G8.7.....5....7..18.G.F9........9D..267CG....6.G..A.F.3....2...F3C.EB....4...9.8..7...D...";
        let sixteen = answer(&rate(&json!({ "puzzle": p16 }).to_string()));
        assert_eq!(sixteen["verdict"], "unique", "{sixteen}");
        assert_eq!(sixteen["backdoor"], Value::Null);
    }

    #[test]
    fn multiple_solutions_get_no_rating() {
        let loose = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";
        let a = answer(&rate(&json!({ "puzzle": loose }).to_string()));
        assert_eq!(a["verdict"], "multiple");
        assert_eq!(a["se"], Value::Null);
        assert_eq!(a["hodoku"], Value::Null);
        let twice = format!("55{}", &SEED[2..]);
        assert_eq!(answer(&rate(&json!({ "puzzle": twice }).to_string()))["verdict"], "invalid");
    }

    #[test]
    fn other_boards_and_variants_get_the_reason_and_the_human_solvers_path_in_brief() {
        // Unique under its diagonals.
        let x_puzzle = ".....6..72..9...6.1...5...3....62........4.2.......5....1.2..7.8....9..5.........";
        let x = answer(&rate(&json!({ "puzzle": x_puzzle, "variants": ["x"] }).to_string()));
        assert_eq!(x["verdict"], "unique", "{x}");
        assert_eq!((&x["se"], &x["hodoku"]), (&Value::Null, &Value::Null));
        assert_eq!(
            x["seProblem"],
            "the ratings (Sudoku Explainer, HoDoKu) are for classic 9×9 puzzles only, not puzzles with variant rules"
        );
        let rules = sudokit::Board::classic(sudokit::Shape::CLASSIC).with_diagonals();
        let p = sudokit::Puzzle::new(std::sync::Arc::new(rules), x_puzzle.parse().expect("a grid"))
            .expect("X rules fit");
        let path = outline(&p).expect("one solution");
        assert_eq!(x["outline"]["steps"], path.steps);
        assert_eq!(x["outline"]["hardest"], path.hardest.map(|t| t.name()).expect("steps to take"));
        let six = answer(&rate(&json!({ "puzzle": ".3.5...21..4....426....5.5.........." }).to_string()));
        assert!(six["hodokuProblem"].as_str().expect("a reason").ends_with("not 6×6 boards"), "{six}");
        assert!(six["outline"]["steps"].as_u64().is_some_and(|n| n > 0), "{six}");
        // Without exactly one solution, the verdict alone.
        let open = answer(&rate(&json!({ "puzzle": ".".repeat(36) }).to_string()));
        assert_eq!((&open["verdict"], open.get("outline")), (&json!("multiple"), None), "{open}");
    }

    #[test]
    fn the_work_budget_stops_the_rater_and_says_how_far_it_got() {
        // A puzzle whose path needs chains: a budget of one potential stops the rater at the first
        // chain search, with the ER of the steps before it.
        let chains = "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46";
        let a = answer(&rate(&json!({ "puzzle": chains, "work": 1 }).to_string()));
        assert_eq!(a["verdict"], "unique", "{a}");
        assert_eq!(a["se"], Value::Null);
        let problem = a["seProblem"].as_str().expect("a reason");
        assert!(problem.starts_with("work budget exhausted"), "{problem}");
        assert!(a["seAtLeast"].as_f64().is_some_and(|er| er >= 1.0), "{a}");
        assert!(a["hodoku"]["score"].as_u64().is_some(), "{a}");
        // The steps taken before it stopped are there.
        let steps = a["sePath"].as_array().expect("the steps taken");
        assert!(!steps.is_empty(), "{a}");
        let named = |s: &Value| {
            s["text"].as_str().zip(s["technique"].as_str()).is_some_and(|(x, t)| x.starts_with(t))
        };
        assert!(steps.iter().all(named), "{a}");
    }
}
