//! Tests of the batch API: input order with several threads, cancellation, and bad records and
//! sources kept in their place.

use std::io;
use std::sync::Arc;

use super::*;
use crate::rate::Scales;
use crate::{CancelFlag, Grid, Puzzle, Verdict};

/// A 9×9 puzzle with a unique solution.
const UNIQUE: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// `n` distinct puzzles, one per line: `UNIQUE` with a varying number of its givens blanked, so the
/// work per puzzle varies and workers finish out of order.
fn lines(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let mut p = UNIQUE.as_bytes().to_vec();
            let mut blanked = 0;
            for c in p.iter_mut() {
                if *c != b'.' && blanked < i % 4 {
                    *c = b'.';
                    blanked += 1;
                }
            }
            String::from_utf8(p).expect("ASCII")
        })
        .collect()
}

/// What a test sink saw, in order.
#[derive(Debug, PartialEq, Eq)]
enum Seen {
    Input(String),
    InputError(String),
    Record(usize, String),
}

/// Records what it is given; cancels `token` after `cancel_after` records.
#[derive(Default)]
struct Collect {
    seen: Vec<Seen>,
    cancel_after: Option<(usize, CancelFlag)>,
    chunks: usize,
}

impl Sink<Result<usize, String>> for Collect {
    type Error = io::Error;
    fn input(&mut self, name: &Arc<str>) -> io::Result<()> {
        self.seen.push(Seen::Input(name.to_string()));
        Ok(())
    }
    fn input_error(&mut self, e: InputError) -> io::Result<()> {
        self.seen.push(Seen::InputError(e.to_string()));
        Ok(())
    }
    fn record(&mut self, bytes: &[u8], r: Result<usize, String>) -> io::Result<()> {
        let records = self.seen.iter().filter(|s| matches!(s, Seen::Record(..))).count();
        match r {
            Ok(puzzle) => self.seen.push(Seen::Record(puzzle, String::from_utf8_lossy(bytes).into_owned())),
            Err(e) => self.seen.push(Seen::InputError(e)),
        }
        if let Some((n, token)) = &self.cancel_after {
            if records + 1 >= *n {
                token.cancel();
            }
        }
        Ok(())
    }
    fn chunk_done(&mut self) -> io::Result<()> {
        self.chunks += 1;
        Ok(())
    }
}

/// Writes the first solution of readable puzzles; returns the puzzle number or the parse error.
fn solve(job: &Job, out: &mut Vec<u8>) -> Result<usize, String> {
    let p = job.puzzle.as_ref().map_err(|e| e.to_string())?;
    if let Some(g) = p.first_solution() {
        out.extend_from_slice(g.to_string().as_bytes());
    }
    Ok(job.position.puzzle)
}

fn options(chunk: usize) -> StreamOptions {
    StreamOptions { chunk, read_ahead: 2, ..StreamOptions::default() }
}

#[test]
fn stream_keeps_input_order_with_several_threads() {
    let text = lines(500).join("\n");
    let expected: Vec<String> = lines(500)
        .iter()
        .map(|l| {
            Puzzle::classic(l.parse::<Grid>().expect("valid")).first_solution().expect("solvable").to_string()
        })
        .collect();
    let pool = thread_pool(Some(4)).expect("threads");
    for chunk in [1, 7, 64, 1024] {
        let mut sink = Collect::default();
        stream(
            &pool,
            vec![Source::reader("text", io::Cursor::new(text.clone()))],
            &options(chunk),
            solve,
            &mut sink,
        )
        .expect("no error");
        assert_eq!(sink.seen[0], Seen::Input("text".into()));
        let records: Vec<_> = sink.seen[1..].iter().collect();
        assert_eq!(records.len(), 500);
        for (i, r) in records.iter().enumerate() {
            assert_eq!(**r, Seen::Record(i + 1, expected[i].clone()), "chunk {chunk}, record {i}");
        }
        assert_eq!(sink.chunks, 500usize.div_ceil(chunk));
    }
}

#[test]
fn stream_keeps_a_bad_record_in_its_place() {
    let mut l = lines(20);
    l[5] = format!("{}x", &UNIQUE[..80]);
    l[12] = "123".into();
    // The second source is grids, parsed by the reader, with a truncated grid last.
    let grids = "1 0 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\n0 0 3 4\n";
    let pool = thread_pool(Some(3)).expect("threads");
    let mut sink = Collect::default();
    let sources = vec![
        Source::reader("lines", io::Cursor::new(l.join("\n"))),
        Source::reader("grids", grids.as_bytes()),
    ];
    stream(&pool, sources, &options(4), solve, &mut sink).expect("no error");
    let errors: Vec<(usize, &Seen)> =
        sink.seen.iter().enumerate().filter(|(_, s)| matches!(s, Seen::InputError(_))).collect();
    assert_eq!(errors.len(), 3, "{:?}", sink.seen);
    // Item 0 is the first source's start: record k is item k.
    assert_eq!(errors[0].0, 6);
    assert!(
        matches!(errors[0].1, Seen::InputError(e) if e.starts_with("puzzle 6, line 6, column 81")),
        "{errors:?}"
    );
    assert_eq!(errors[1].0, 13);
    assert!(matches!(errors[1].1, Seen::InputError(e) if e.starts_with("puzzle 13, line 13")), "{errors:?}");
    assert_eq!(sink.seen[21], Seen::Input("grids".into()));
    assert_eq!(sink.seen[22], Seen::Record(1, "1234341221434321".into()));
    assert!(
        matches!(&sink.seen[23], Seen::InputError(e) if e.starts_with("puzzle 2, line 6")),
        "{:?}",
        sink.seen
    );
    assert_eq!(sink.seen.len(), 24);
}

#[test]
fn stream_reports_sources_that_fail_and_goes_on() {
    let pool = thread_pool(Some(2)).expect("threads");
    let mut sink = Collect::default();
    let sources = vec![
        Source::new("missing", || -> io::Result<io::Empty> { Err(io::Error::other("no such file")) }),
        Source::reader("empty", "# only a comment\n".as_bytes()),
        Source::reader("one", UNIQUE.as_bytes()),
    ];
    stream(&pool, sources, &options(8), solve, &mut sink).expect("no error");
    assert_eq!(
        sink.seen[..5],
        [
            Seen::Input("missing".into()),
            Seen::InputError("cannot open: no such file".into()),
            Seen::Input("empty".into()),
            Seen::InputError("no puzzle found (the input is empty or holds only comments)".into()),
            Seen::Input("one".into()),
        ]
    );
    assert!(matches!(sink.seen[5], Seen::Record(1, _)));
    // A read error says how far the input was read.
    let read = |after| InputError::Read { after, error: io::Error::other("disk") }.to_string();
    assert_eq!(
        (read(1), read(2)),
        ("read error after 1 puzzle: disk".into(), "read error after 2 puzzles: disk".into())
    );
}

#[test]
fn jobs_carry_their_source_name_when_asked() {
    // Chunks of three records span the sources; the second source is in the grid layout, which
    // the reader parses itself (line batches are parsed by the workers).
    let grid: String =
        UNIQUE.as_bytes().chunks(9).map(|row| format!("{}\n", String::from_utf8_lossy(row))).collect();
    let sources = || {
        vec![
            Source::reader("a", io::Cursor::new(lines(4).join("\n"))),
            Source::reader("b", io::Cursor::new(format!("{grid}\n{grid}"))),
            Source::reader("c", io::Cursor::new(lines(2).join("\n"))),
        ]
    };
    let named = |job: &Job| format!("{}:{}", job.input.as_deref().unwrap_or("-"), job.position.puzzle);
    let expected = ["a:1", "a:2", "a:3", "a:4", "b:1", "b:2", "c:1", "c:2"];
    let pool = thread_pool(Some(2)).expect("threads");
    let opts = StreamOptions { name_inputs: true, ..options(3) };
    let mut seen = Vec::new();
    let mut sink = Names(&mut seen);
    stream(&pool, sources(), &opts, |job, _| named(job), &mut sink).expect("no error");
    assert_eq!(seen, expected);
    let mut seen = Vec::new();
    let mut sink = Names(&mut seen);
    for_each_record(sources(), &opts, |job, _: &mut Names<'_>| Ok(named(job)), &mut sink).expect("no error");
    assert_eq!(seen, expected);
    // Not asked: no name, as before.
    let mut seen = Vec::new();
    let mut sink = Names(&mut seen);
    stream(&pool, sources(), &options(3), |job, _| named(job), &mut sink).expect("no error");
    assert!(seen.iter().all(|n| n.starts_with("-:")), "{seen:?}");
}

/// Collects what `process` returned, in order.
struct Names<'a>(&'a mut Vec<String>);

impl Sink<String> for Names<'_> {
    type Error = io::Error;
    fn input_error(&mut self, e: InputError) -> io::Result<()> {
        Err(io::Error::other(e.to_string()))
    }
    fn record(&mut self, _: &[u8], name: String) -> io::Result<()> {
        self.0.push(name);
        Ok(())
    }
}

#[test]
fn cancel_stops_a_stream_early_and_keeps_a_prefix() {
    let text = lines(20_000).join("\n");
    let pool = thread_pool(Some(2)).expect("threads");
    let token = CancelFlag::new();
    let mut sink = Collect { cancel_after: Some((100, token.clone())), ..Collect::default() };
    let opts = StreamOptions { cancel: token, ..options(16) };
    let r = stream(&pool, vec![Source::reader("text", io::Cursor::new(text))], &opts, solve, &mut sink);
    assert!(matches!(r, Err(StreamError::Cancelled)), "{r:?}");
    let records = sink.seen.len() - 1;
    // The chunks finished when the token was set are delivered (at most the few in flight, of 16
    // records each), and nothing after a record that was skipped.
    assert!((100..=100 + 8 * 16).contains(&records), "{records} records delivered");
    assert!(records < 20_000);
    for (i, s) in sink.seen[1..].iter().enumerate() {
        assert!(matches!(s, Seen::Record(n, _) if *n == i + 1));
    }
}

#[test]
fn a_sink_error_stops_the_stream() {
    struct Fails;
    impl Sink<Result<usize, String>> for Fails {
        type Error = &'static str;
        fn input_error(&mut self, _: InputError) -> Result<(), &'static str> {
            Ok(())
        }
        fn record(&mut self, _: &[u8], _: Result<usize, String>) -> Result<(), &'static str> {
            Err("closed")
        }
    }
    let text = lines(5000).join("\n");
    let pool = thread_pool(Some(2)).expect("threads");
    let r =
        stream(&pool, vec![Source::reader("text", io::Cursor::new(text))], &options(64), solve, &mut Fails);
    assert!(matches!(r, Err(StreamError::Sink("closed"))), "{r:?}");
}

#[test]
fn a_panicking_worker_is_reported() {
    let pool = thread_pool(Some(2)).expect("threads");
    let mut sink = Collect::default();
    let r = stream(
        &pool,
        vec![Source::reader("text", io::Cursor::new(lines(50).join("\n")))],
        &options(8),
        |job: &Job, out: &mut Vec<u8>| {
            assert!(job.position.puzzle != 20, "a bug");
            solve(job, out)
        },
        &mut sink,
    );
    assert!(matches!(r, Err(StreamError::WorkerPanicked)), "{r:?}");
    // The chunks before the one that failed were delivered.
    assert_eq!(sink.seen.len(), 1 + 16);
}

#[test]
fn slice_operations_keep_input_order() {
    let puzzles: Vec<Puzzle> =
        lines(300).iter().map(|l| Puzzle::classic(l.parse().expect("valid"))).collect();
    let pool = thread_pool(Some(4)).expect("threads");
    let opts = BatchOptions::default();
    let (solved, counts, verdicts) = pool.install(|| {
        (solve_all(&puzzles, &opts), count_all(&puzzles, Some(1000), &opts), check_all(&puzzles, &opts))
    });
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(solved[i], Ok(p.first_solution()), "puzzle {i}");
        assert_eq!(counts[i], Ok(p.count_up_to(1000)), "puzzle {i}");
        assert_eq!(verdicts[i], Ok(p.check()), "puzzle {i}");
    }
}

#[test]
fn rows_answer_in_place_and_a_bad_row_is_an_error() {
    let row = |s: &str| -> [u8; 81] {
        let mut r = [0u8; 81];
        for (v, c) in r.iter_mut().zip(s.bytes()) {
            *v = if c == b'.' { 0 } else { c - b'0' };
        }
        r
    };
    let mut bad = row(UNIQUE);
    bad[3] = 12;
    let mut invalid = row(UNIQUE);
    invalid[1] = 8;
    let rows = [row(UNIQUE), bad, [0; 81], invalid];
    let opts = BatchOptions::default();
    let solved = solve_rows(&rows, &opts);
    let solution = Puzzle::classic(UNIQUE.parse().expect("valid")).first_solution().expect("solvable");
    assert_eq!(
        solved[0].as_ref().ok().copied().flatten().map(|r| r.to_vec()),
        Some(solution.values().to_vec())
    );
    assert!(matches!(solved[1], Err(BatchError::Grid(_))));
    assert!(matches!(solved[2], Ok(Some(_))));
    assert_eq!(solved[3], Ok(None));
    let counts = count_rows(&rows, Some(2), &opts);
    assert_eq!(
        counts.iter().map(|c| c.as_ref().map(|c| c.to_string()).ok()).collect::<Vec<_>>(),
        [Some("1".to_string()), None, Some("2+".to_string()), Some("0".to_string())]
    );
    let verdicts = check_rows(&rows, &opts);
    assert!(matches!(verdicts[0], Ok(Verdict::Unique(_))));
    assert!(matches!(verdicts[3], Ok(Verdict::Invalid(_))));
}

/// The rows of every `step`-th puzzle of a dataset file (81 characters first on a line, `.` or `0` for
/// a blank), up to `n` of them.
fn dataset_rows(name: &str, step: usize, n: usize) -> Option<Vec<[u8; 81]>> {
    let text = std::fs::read_to_string(crate::testing::datasets_dir()?.join(name)).expect("readable dataset");
    let rows = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .step_by(step)
        .take(n)
        .map(|l| {
            let mut r = [0u8; 81];
            for (v, c) in r.iter_mut().zip(l.bytes()) {
                *v = if c.is_ascii_digit() { c - b'0' } else { 0 };
            }
            r
        })
        .collect();
    Some(rows)
}

#[test]
fn raw_rows_give_the_puzzle_first_solution() {
    let Some(mut rows) = dataset_rows("puzzles2_17_clue.txt", 97, 300) else { return };
    // A row without a solution (two 1s in the first row) and one with a bad value.
    let mut clash = rows[0];
    clash[..2].copy_from_slice(&[1, 1]);
    let mut bad = rows[1];
    bad[80] = 200;
    rows.extend([clash, bad]);
    let opts = BatchOptions::default();
    let pool = thread_pool(Some(2)).expect("pool");
    let mut solutions = vec![[0u8; 81]; rows.len()];
    let (found, solved) =
        pool.install(|| (solve_rows_into(&rows, &mut solutions, &opts), solve_rows(&rows, &opts)));
    for (i, row) in rows.iter().enumerate() {
        let want = Grid::from_values(crate::Shape::CLASSIC, row)
            .map(|g| {
                Puzzle::classic(g).first_solution().map(|s| <[u8; 81]>::try_from(s.values()).expect("81"))
            })
            .map_err(BatchError::from);
        assert_eq!(solved[i], want, "row {i}");
        assert_eq!(found[i], want.as_ref().map(Option::is_some).map_err(Clone::clone), "row {i}");
        if let Ok(Some(s)) = want {
            assert_eq!(solutions[i], s, "row {i}");
        } else {
            assert_eq!(solutions[i], [0; 81], "row {i}");
        }
    }
    assert_eq!(found.iter().filter(|f| **f == Ok(true)).count(), rows.len() - 2);
    let cancelled = BatchOptions { cancel: CancelFlag::new(), ..BatchOptions::default() };
    cancelled.cancel.cancel();
    assert!(solve_rows_into(&rows, &mut solutions, &cancelled)
        .iter()
        .all(|r| *r == Err(BatchError::Cancelled)));
}

/// `count_rows` and `check_rows` take the fast engine's row interface; their answers are those of
/// the puzzles the rows make, whatever ends the search: clashing givens, a bad value, several
/// solutions, a node budget.
#[test]
fn rows_count_and_check_as_their_puzzles_do() {
    let Some(mut rows) = dataset_rows("puzzles2_17_clue.txt", 211, 100) else { return };
    let mut clash = rows[0];
    clash[..2].copy_from_slice(&[1, 1]);
    let mut bad = rows[1];
    bad[40] = 10;
    let mut loose = rows[2];
    loose[rows[2].iter().position(|&v| v != 0).expect("givens")] = 0;
    rows.extend([clash, bad, loose, [0; 81]]);
    let grids: Vec<Result<Grid, BatchError>> =
        rows.iter().map(|r| Grid::from_values(crate::Shape::CLASSIC, r).map_err(BatchError::from)).collect();
    let puzzles: Vec<Puzzle> = grids.iter().flatten().map(|g| Puzzle::classic(g.clone())).collect();
    for opts in [BatchOptions::default(), BatchOptions { nodes: Some(1), ..BatchOptions::default() }] {
        let (counts, verdicts) = (count_rows(&rows, Some(1000), &opts), check_rows(&rows, &opts));
        let (mut want_counts, mut want_verdicts) =
            (count_all(&puzzles, Some(1000), &opts).into_iter(), check_all(&puzzles, &opts).into_iter());
        for (i, g) in grids.iter().enumerate() {
            match g {
                Ok(_) => {
                    assert_eq!(Some(counts[i].clone()), want_counts.next(), "row {i}");
                    assert_eq!(Some(verdicts[i].clone()), want_verdicts.next(), "row {i}");
                }
                Err(e) => assert_eq!(
                    (&counts[i].clone().err(), &verdicts[i].clone().err()),
                    (&Some(e.clone()), &Some(e.clone()))
                ),
            }
        }
    }
}

/// A pencil-mark row (`rate_pencil_rows`' layout) of the candidates each cell has once the
/// givens' digits are gone from their peers, with `open` for each candidate left.
fn starting_marks(row: &[u8; 81], open: u8) -> [u8; 729] {
    let grid = Grid::from_values(crate::Shape::CLASSIC, row).expect("a 9×9 row");
    let marks = crate::human::State::classic(&grid).expect("no clash").to_candidates();
    let mut out = [0; 729];
    for (cell, (_, set)) in out.as_chunks_mut::<9>().0.iter_mut().zip(marks.iter()) {
        for d in set {
            cell[d.index()] = open;
        }
    }
    out
}

/// Pencil-mark rows rate as `rate_pencil` rates their candidates, and so as their puzzles rate
/// where no open cell starts with one candidate that no peer has (the marks take it for a given);
/// bad rows answer in place; a cancelled batch rates nothing.
#[test]
fn pencil_rows_rate_as_their_marks_and_their_puzzles() {
    let Some(rows) = dataset_rows("puzzles3_magictour_top1465.txt", 97, 16) else { return };
    let opts = BatchOptions::default();
    let pool = thread_pool(Some(2)).expect("pool");
    let mut marks: Vec<[u8; 729]> =
        rows.iter().enumerate().map(|(i, r)| starting_marks(r, 1 + i as u8)).collect();
    let mut everything = [1; 729];
    marks.push(everything);
    everything[80 * 9..].fill(0);
    marks.push(everything);
    let (by_marks, by_puzzles) = pool
        .install(|| (rate_pencil_rows(&marks, Scales::Both, &opts), rate_rows(&rows, Scales::Both, &opts)));
    assert_eq!(by_marks.len(), marks.len());
    let mut same_as_puzzle = 0;
    for (i, row) in rows.iter().enumerate() {
        let rated = by_marks[i].as_ref().expect("not cancelled");
        let candidates =
            crate::human::State::classic(&Grid::from_values(crate::Shape::CLASSIC, row).expect("row"))
                .expect("no clash")
                .to_candidates();
        assert_eq!(*rated, crate::rate::rate_pencil(&candidates, Scales::Both).0, "row {i}");
        let ratings = rated.as_ref().expect("top1465 puzzles have one solution");
        assert!(ratings.is_complete(), "row {i}");
        let puzzle = by_puzzles[i].as_ref().expect("not cancelled").as_ref().expect("rated");
        let er = |r: &crate::rate::Ratings| r.se_rating().map(|s| s.er());
        assert_eq!(er(ratings), er(puzzle), "row {i}: ER is the hardest step, whatever is counted as given");
        same_as_puzzle += usize::from(ratings == puzzle);
    }
    assert!(same_as_puzzle + 1 >= rows.len(), "{same_as_puzzle} of {} rate as their puzzles", rows.len());
    let n = rows.len();
    assert_eq!(by_marks[n].as_ref().map(|r| r.as_ref().err()), Ok(Some(&crate::rate::Unrated::Multiple)));
    let why = by_marks[n + 1].as_ref().ok().and_then(|r| r.as_ref().err()).expect("not rated");
    assert_eq!(why.to_string(), "the pencil marks contradict themselves: r9c9 has no candidate left");
    let cancelled = BatchOptions { cancel: CancelFlag::new(), ..BatchOptions::default() };
    cancelled.cancel.cancel();
    assert!(rate_pencil_rows(&marks, Scales::Both, &cancelled)
        .iter()
        .all(|r| *r == Err(BatchError::Cancelled)));
}

/// Rows rated on one scale alone get that scale's rating as both scales give it, and nothing of the
/// other; rows not rated answer as on both; puzzles and pencil marks alike.
#[test]
fn one_scale_alone_rates_as_both_do_on_it() {
    let Some(mut rows) = dataset_rows("puzzles3_magictour_top1465.txt", 113, 12) else { return };
    let n = rows.len();
    assert_eq!(n, 12);
    rows.push([0; 81]);
    rows.push([10; 81]);
    let marks: Vec<[u8; 729]> = rows[..n].iter().map(|r| starting_marks(r, 1)).collect();
    let opts = BatchOptions::default();
    let pool = thread_pool(Some(2)).expect("pool");
    let both = pool.install(|| rate_rows(&rows, Scales::Both, &opts));
    let marks_both = rate_pencil_rows(&marks, Scales::Both, &opts);
    for scales in [Scales::Se, Scales::Hodoku] {
        let alone = pool.install(|| rate_rows(&rows, scales, &opts));
        let marks_alone = rate_pencil_rows(&marks, scales, &opts);
        let pairs = alone.iter().zip(&both).chain(marks_alone.iter().zip(&marks_both));
        let mut rated = 0;
        for (i, (one, all)) in pairs.enumerate() {
            match (one, all) {
                (Ok(Ok(one)), Ok(Ok(all))) => {
                    let se = if scales.has_se() { all.se.clone() } else { None };
                    let hodoku = if scales.has_hodoku() { all.hodoku.clone() } else { None };
                    assert_eq!(*one, crate::rate::Ratings { se, hodoku }, "{scales} row {i}");
                    assert!(one.is_complete(), "{scales} row {i}");
                    rated += 1;
                }
                (one, all) => assert_eq!(one, all, "{scales} row {i}"),
            }
        }
        // Every dataset puzzle, and its marks, has one solution.
        assert_eq!(rated, 2 * n, "{scales}");
        assert!(matches!(alone[n + 1], Err(BatchError::Grid(_))), "{scales}: {:?}", alone[n + 1]);
    }
}

/// Each row's counts are its path's steps counted by technique, on any thread count; rows without
/// one solution, and puzzles of other boards and rules, answer as the solver does alone.
#[test]
fn technique_counts_count_each_path_by_technique() {
    use crate::human::{self, HumanError, SolverOptions, State, Technique};
    let Some(mut rows) = dataset_rows("puzzles3_magictour_top1465.txt", 61, 24) else { return };
    rows.push([0; 81]);
    let options = SolverOptions::default();
    let opts = BatchOptions::default();
    let (one, two) = (thread_pool(Some(1)).expect("pool"), thread_pool(Some(2)).expect("pool"));
    let counted = two.install(|| technique_counts_rows(&rows, &options, &opts));
    assert_eq!(counted, one.install(|| technique_counts_rows(&rows, &options, &opts)));
    for (i, row) in rows[..rows.len() - 1].iter().enumerate() {
        let grid = Grid::from_values(crate::Shape::CLASSIC, row).expect("row");
        let path = human::solve(State::classic(&grid).expect("no clash"), options.clone()).expect("path");
        let counts = counted[i].clone().expect("not cancelled").expect("one solution");
        assert!(counts.solved, "row {i}");
        assert_eq!(counts.counts.iter().sum::<u32>() as usize, path.steps.len(), "row {i}");
        for (t, &n) in Technique::ALL.iter().zip(&counts.counts) {
            assert_eq!(n as usize, path.steps.iter().filter(|s| s.technique == *t).count(), "row {i}: {t:?}");
        }
    }
    assert_eq!(counted.last(), Some(&Ok(Err(HumanError::MultipleSolutions))));
    // Singles alone leave the hard ones stuck, their counts so far.
    let singles =
        SolverOptions { order: vec![Technique::FullHouse, Technique::NakedSingle], ..options.clone() };
    let stuck = technique_counts_rows(&rows[..1], &singles, &opts);
    let stuck = stuck[0].clone().expect("not cancelled").expect("one solution");
    assert!(!stuck.solved);
    // Another board: a 4×4 puzzle, solved by full houses and naked singles.
    let mini = Puzzle::classic("1.3.4.2.3.1.2.4.".parse().expect("4×4"));
    let mini = technique_counts_all(&[mini], &options, &opts).remove(0).expect("done").expect("solved");
    assert_eq!((mini.solved, mini.counts.iter().sum::<u32>()), (true, 8));
    let cancelled = BatchOptions { cancel: CancelFlag::new(), ..BatchOptions::default() };
    cancelled.cancel.cancel();
    assert!(technique_counts_rows(&rows, &options, &cancelled)
        .iter()
        .all(|r| *r == Err(BatchError::Cancelled)));
}

#[test]
fn cancel_and_timeout_answer_in_place() {
    let puzzles = vec![Puzzle::classic(UNIQUE.parse().expect("valid")); 10];
    let opts = BatchOptions { cancel: CancelFlag::new(), ..BatchOptions::default() };
    opts.cancel.cancel();
    assert!(solve_all(&puzzles, &opts).iter().all(|r| *r == Err(BatchError::Cancelled)));
    let empty = vec![Puzzle::classic(Grid::empty(crate::Shape::CLASSIC)); 3];
    let opts = BatchOptions { timeout: Some(std::time::Duration::from_millis(5)), ..BatchOptions::default() };
    assert!(count_all(&empty, None, &opts).iter().all(|r| *r == Err(BatchError::TimedOut)));
}

#[test]
fn minimize_answers_each_puzzle_as_alone_on_any_thread_count() {
    use crate::generate::Symmetry;
    let unique = Puzzle::classic(UNIQUE.parse().expect("valid"));
    let solution = unique.first_solution().expect("solvable");
    let mut puzzles: Vec<Puzzle> =
        lines(8).iter().map(|l| Puzzle::classic(l.parse().expect("valid"))).collect();
    puzzles.push(Puzzle::classic(solution));
    puzzles.push(Puzzle::classic(Grid::empty(crate::Shape::CLASSIC)));
    let rows: Vec<[u8; 81]> =
        puzzles.iter().map(|p| p.grid().values().try_into().expect("81 cells")).collect();
    let opts = BatchOptions::default();
    for seed in [None, Some(3)] {
        let one = thread_pool(Some(1))
            .expect("threads")
            .install(|| minimize_all(&puzzles, Symmetry::None, seed, &opts));
        let four = thread_pool(Some(4))
            .expect("threads")
            .install(|| minimize_all(&puzzles, Symmetry::None, seed, &opts));
        assert_eq!(one, four);
        assert_eq!(minimize_rows(&rows, Symmetry::None, seed, &opts), one);
        for (i, p) in puzzles.iter().enumerate() {
            let mut rng = seed.map(|s| crate::generate::rng_for(s, i as u64));
            let alone = crate::generate::minimize(p, Symmetry::None, rng.as_mut(), crate::Limits::all());
            assert_eq!(one[i], Ok(alone), "puzzle {i}");
        }
        assert!(one.last().is_some_and(|r| matches!(r, Ok(Err(Verdict::Multiple { .. })))));
        assert!(one.iter().filter_map(|r| r.as_ref().ok()?.as_ref().ok()).count() >= 2);
    }
    let cancelled = BatchOptions { cancel: CancelFlag::new(), ..BatchOptions::default() };
    cancelled.cancel.cancel();
    assert!(minimize_all(&puzzles, Symmetry::None, None, &cancelled)
        .iter()
        .all(|r| *r == Err(BatchError::Cancelled)));
}

/// `count_split` on a pool of `threads` workers.
fn split_count(threads: usize, puzzle: &Puzzle, limits: &crate::Limits) -> crate::SearchOutcome {
    thread_pool(Some(threads)).expect("pool").install(|| count_split(puzzle, limits))
}

#[test]
fn split_counts_are_exact() {
    let empty4 = Puzzle::classic(Grid::empty(crate::Shape::for_side(4).expect("4")));
    for threads in [1, 2, 3] {
        let o = split_count(threads, &empty4, &crate::Limits::all());
        assert_eq!((o.solutions, o.complete), (288, true));
    }
    // 295 solutions (the example of `Puzzle`), one, and none.
    let mut loose = UNIQUE.to_string();
    loose.replace_range(28..29, "8");
    let mut none = UNIQUE.to_string();
    none.replace_range(1..2, "8");
    for (text, want) in [(loose.as_str(), 295), (UNIQUE, 1), (none.as_str(), 0)] {
        let p = Puzzle::classic(text.parse().expect("grid"));
        let o = split_count(2, &p, &crate::Limits::all());
        assert_eq!((o.solutions, o.complete), (want, true), "{text}");
    }
    // Sparse 6×6 and 8×8 puzzles, big enough to be split, against the sequential count.
    for (side, keep) in [(6, 3), (6, 5), (8, 12)] {
        let full = Puzzle::classic(Grid::empty(crate::Shape::for_side(side).expect("side")))
            .first_solution()
            .expect("an empty board has solutions");
        let mut g = Grid::empty(full.shape());
        for (i, (cell, d)) in full.iter().enumerate() {
            if i % (full.shape().cells() / keep) == 0 {
                g.set(cell, d);
            }
        }
        let p = Puzzle::classic(g);
        let limits = crate::Limits::up_to(1_000_000);
        let seq = p.count(limits.clone());
        let par = split_count(2, &p, &limits);
        assert_eq!((par.solutions, par.complete), (seq.solutions, seq.complete), "{}", p.grid());
    }
}

#[test]
fn split_counts_stop_at_the_limit_and_the_flag() {
    let empty9 = Puzzle::classic(Grid::empty(crate::Shape::CLASSIC));
    let o = split_count(2, &empty9, &crate::Limits::up_to(100_000));
    assert_eq!((o.solutions, o.complete), (100_000, false));
    let flag = CancelFlag::new();
    flag.cancel();
    let o = split_count(2, &empty9, &crate::Limits::all().with_cancel(flag));
    assert!(!o.complete);
    assert!(o.timed_out());
}

#[test]
#[ignore = "28 million solutions take seconds; run with --ignored"]
fn split_count_of_the_empty_6x6_board() {
    let empty6 = Puzzle::classic(Grid::empty(crate::Shape::for_side(6).expect("6")));
    let o = split_count(2, &empty6, &crate::Limits::all());
    assert_eq!((o.solutions, o.complete), (28_200_960, true));
}

#[test]
fn canon_gives_every_form_of_a_puzzle_one_row() {
    use crate::canon::{canonical, CanonError, Transform};
    let Some(rows) = dataset_rows("puzzles3_magictour_top1465.txt", 61, 24) else { return };
    let mut rng = crate::generate::rng_for(11, 0);
    // Each puzzle, then the same puzzle under a random symmetry and relabelling.
    let mut all = Vec::new();
    for row in &rows {
        let grid = Grid::from_values(crate::Shape::CLASSIC, row).expect("a 9×9 row");
        let moved = Transform::random(crate::Shape::CLASSIC, &mut rng).apply(&grid).expect("same shape");
        all.push(*row);
        all.push(moved.values().try_into().expect("81 cells"));
    }
    let mut bad = [0u8; 81];
    bad[40] = 10;
    all.push(bad);
    let opts = BatchOptions::default();
    let one = thread_pool(Some(1)).expect("threads").install(|| canon_rows(&all, &opts));
    let two = thread_pool(Some(2)).expect("threads").install(|| canon_rows(&all, &opts));
    assert_eq!(one, two);
    for (k, pair) in one[..all.len() - 1].chunks(2).enumerate() {
        let grid = Grid::from_values(crate::Shape::CLASSIC, &rows[k]).expect("a 9×9 row");
        let alone = canonical(&grid).expect("9×9");
        assert_eq!(pair[0], Ok(Ok(alone.values().try_into().expect("81 cells"))), "puzzle {k}");
        assert_eq!(pair[1], pair[0], "puzzle {k}, moved");
        // Distinct puzzles of the set are not equivalent.
        assert!(one[..2 * k].iter().all(|f| *f != pair[0]), "puzzle {k}");
    }
    assert!(matches!(one[all.len() - 1], Err(BatchError::Grid(_))));

    // Puzzles: any side up to 9 under the classic rules, but no variant and no larger board.
    let four: Grid = "1.34341221434321".parse().expect("valid");
    let puzzles = vec![
        Puzzle::classic(four.clone()),
        Puzzle::new(Arc::new(crate::Board::classic(four.shape()).with_diagonals()), four.clone())
            .expect("a 4×4 X puzzle"),
        Puzzle::classic(Grid::empty(crate::Shape::new(4, 4).expect("16×16"))),
    ];
    let forms = canon_all(&puzzles, &opts);
    assert_eq!(forms[0], Ok(canonical(&four)));
    assert_eq!(
        forms[0].as_ref().map(|f| f.as_ref().map(ToString::to_string)),
        Ok(Ok(".123234114323214".into()))
    );
    assert_eq!(forms[1], Ok(Err(CanonError::VariantRules)));
    assert!(matches!(forms[2], Ok(Err(CanonError::Unsupported { .. }))));

    let cancelled = BatchOptions { cancel: CancelFlag::new(), ..BatchOptions::default() };
    cancelled.cancel.cancel();
    assert!(canon_rows(&all, &cancelled).iter().all(|r| *r == Err(BatchError::Cancelled)));
    assert!(canon_all(&puzzles, &cancelled).iter().all(|r| *r == Err(BatchError::Cancelled)));
}
