//! Issue #6: reliability of the CLI. The bad-input corpus (`tests/data/bad/`), big generated inputs
//! (a 100 MB line; 1,000,000 puzzles with every 1,000th broken: nothing lost, nothing reordered,
//! memory bounded), limits against runaway searches, broken pipes and write errors.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudokit::{Board, Grid, Shape};

use crate::util::{data, shared, sudokit, sudokit_bin, TempDir};

const P1: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const S1: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// P1 with one given changed: 295 solutions.
const P295: &str = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";

/// What one run of the binary left behind, with stdout and stderr written to files.
struct FileRun {
    code: Option<i32>,
    stdout: std::path::PathBuf,
    stderr: String,
    seconds: f64,
    /// Peak resident memory in kB, when `/usr/bin/time` is there to measure it.
    peak_rss_kb: Option<u64>,
}

/// Runs `sudokit ARGS` with output to files in `dir`, under `/usr/bin/time` when available so the
/// peak memory is known.
fn run_to_files(dir: &TempDir, args: &[&str]) -> FileRun {
    let stdout = dir.join("stdout.txt");
    let stderr = dir.join("stderr.txt");
    let rss = dir.join("rss.txt");
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-f").arg("%M").arg("-o").arg(&rss).arg(sudokit_bin());
        c
    } else {
        Command::new(sudokit_bin())
    };
    let start = Instant::now();
    let status = cmd
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create(&stdout).expect("stdout file"))
        .stderr(File::create(&stderr).expect("stderr file"))
        .status()
        .expect("sudokit runs");
    let seconds = start.elapsed().as_secs_f64();
    let peak_rss_kb = std::fs::read_to_string(&rss).ok().and_then(|s| s.trim().lines().last()?.parse().ok());
    FileRun {
        code: status.code(),
        stdout,
        stderr: std::fs::read_to_string(&stderr).expect("stderr is UTF-8"),
        seconds,
        peak_rss_kb,
    }
}

/// Undoes the escapes of the corpus README's table cells: backticks around, `\n` inside.
fn cell(text: &str) -> String {
    text.trim().trim_matches('`').replace("\\n", "\n")
}

/// Every row of `tests/data/bad/README.md` holds: the file gives that exit status, exactly that
/// stdout, and a stderr with that text. Every file of the folder must have a row.
#[test]
fn bad_corpus_matches_its_readme() {
    let dir = data("bad");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("the corpus has a README");
    let mut covered = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    let mut rows = 0;
    for line in readme.lines().filter(|l| l.starts_with("| `")) {
        let cols: Vec<&str> = line.trim().trim_matches('|').split(" | ").collect();
        assert_eq!(cols.len(), 5, "a table row has five columns: {line}");
        let (file, args, exit, stdout, stderr) =
            (cell(cols[0]), cell(cols[1]), cols[2], cell(cols[3]), cell(cols[4]));
        let exit: i32 = exit.trim().parse().expect("the exit column is a number");
        let path = dir.join(&file);
        let path_text = path.to_str().expect("a UTF-8 path");
        let mut argv: Vec<&str> = args.split_whitespace().collect();
        argv.push(path_text);
        let r = sudokit(&argv, "");
        // An empty stderr column means no message at all.
        let prefixed = format!("sudokit: {path_text}: {stderr}");
        let stderr_ok = if stderr.is_empty() { r.stderr.is_empty() } else { r.stderr.contains(&prefixed) };
        if r.code != exit || r.stdout != stdout || !stderr_ok || r.stderr.contains("panicked") {
            failures.push(format!(
                "{file} ({args}): expected exit {exit}, stdout {stdout:?}, stderr containing {prefixed:?}\n  \
                 got exit {}, stdout {:?}, stderr {:?}",
                r.code, r.stdout, r.stderr
            ));
        }
        covered.insert(file);
        rows += 1;
    }
    assert!(failures.is_empty(), "{} of {rows} corpus rows failed:\n{}", failures.len(), failures.join("\n"));
    let files: std::collections::BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("the corpus folder is readable")
        .map(|e| e.expect("a folder entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != "README.md")
        .collect();
    let missing: Vec<&String> = files.difference(&covered).collect();
    assert!(missing.is_empty(), "corpus files without a row in README.md: {missing:?}");
}

/// A 100 MB line is cut at the reader's line limit and reported; the next puzzle is still solved,
/// and memory stays far below the line's size.
#[test]
fn hundred_megabyte_line() {
    let dir = TempDir::new("long-line");
    let path = dir.join("long.txt");
    {
        let mut w = BufWriter::new(File::create(&path).expect("create the input"));
        let mb = vec![b'1'; 1 << 20];
        for _ in 0..100 {
            w.write_all(&mb).expect("write the input");
        }
        writeln!(w, "\n{P1}").expect("write the input");
    }
    let p = path.to_str().expect("a UTF-8 path");
    for (args, message) in [
        (vec!["solve", p], "puzzle 1, line 1: more than 65536 cells on the line, a 9×9 puzzle has 81"),
        (vec!["solve", "-i", "grid", p], "puzzle 1, line 1: the line is longer than 65536 bytes"),
    ] {
        let r = run_to_files(&dir, &args);
        let out = std::fs::read_to_string(&r.stdout).expect("stdout is UTF-8");
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        if args.len() == 2 {
            assert_eq!(out, format!("!unreadable\n{S1}\n"));
        }
        if let Some(kb) = r.peak_rss_kb {
            println!("{args:?}: {:.1}s, peak RSS {kb} kB", r.seconds);
            assert!(kb < 64 * 1024, "reading a 100 MB line took {kb} kB");
        }
    }
}

/// Puzzles for the bulk file: the shared 17-clue set when it is there, else the unique puzzles of
/// `tests/data/regression.txt`.
fn bulk_sources() -> Vec<String> {
    let from = |text: String, keep: &dyn Fn(&str) -> Option<String>| -> Vec<String> {
        text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(keep).collect()
    };
    match shared("puzzles2_17_clue.txt") {
        Some(p) => {
            from(std::fs::read_to_string(p).expect("the 17-clue set reads"), &|l| Some(l.trim().to_string()))
        }
        None => {
            println!(
                "note: ../shared/datasets not found; building the bulk file from tests/data/regression.txt"
            );
            let text = std::fs::read_to_string(data("regression.txt")).expect("the regression corpus reads");
            from(text, &|l| {
                let mut parts = l.split(':');
                let p = parts.next()?;
                (parts.next() == Some("1") && p.len() == 81).then(|| p.to_string())
            })
        }
    }
}

/// 1,000,000 puzzles, every 1,000th broken by a bad character: exactly 999,000 solutions and 1,000
/// markers come out, in input order (each solution solves the puzzle on its line), with 1,000 error
/// messages naming puzzle, line and column, in order; and memory stays bounded.
#[test]
fn million_puzzles_with_every_thousandth_broken() {
    const TOTAL: usize = 1_000_000;
    const EVERY: usize = 1_000;
    let sources = bulk_sources();
    assert!(!sources.is_empty());
    let dir = TempDir::new("bulk");
    let path = dir.join("bulk.txt");
    let line_of = |i: usize| -> (String, Option<usize>) {
        let p = &sources[i % sources.len()];
        if i % EVERY == EVERY - 1 {
            let col = (i / EVERY) % 81;
            (format!("{}x{}", &p[..col], &p[col + 1..]), Some(col + 1))
        } else {
            (p.clone(), None)
        }
    };
    {
        let mut w = BufWriter::new(File::create(&path).expect("create the input"));
        for i in 0..TOTAL {
            writeln!(w, "{}", line_of(i).0).expect("write the input");
        }
    }
    let r = run_to_files(&dir, &["solve", path.to_str().expect("a UTF-8 path")]);
    assert_eq!(r.code, Some(2), "unreadable records give exit 2");
    let board = Board::classic(Shape::CLASSIC);
    let out = BufReader::new(File::open(&r.stdout).expect("stdout file"));
    let (mut solutions, mut markers, mut lines) = (0, 0, 0);
    for (i, line) in out.lines().enumerate() {
        let line = line.expect("stdout is UTF-8");
        lines += 1;
        let (input, broken) = line_of(i);
        if broken.is_some() {
            assert_eq!(line, "!unreadable", "output line {} should be the marker of puzzle {}", i + 1, i + 1);
            markers += 1;
        } else {
            let puzzle: Grid = input.parse().expect("the input puzzle parses");
            let solution: Grid = line.parse().expect("an output line is a grid");
            assert!(
                board.is_solution(&puzzle, &solution),
                "output line {}: {line} does not solve {input}",
                i + 1
            );
            solutions += 1;
        }
    }
    assert_eq!((lines, solutions, markers), (TOTAL, TOTAL - TOTAL / EVERY, TOTAL / EVERY));
    let messages: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(messages.len(), TOTAL / EVERY, "one message per broken record");
    for (k, m) in messages.iter().enumerate() {
        let i = (k + 1) * EVERY - 1;
        let col = line_of(i).1.expect("a broken record");
        let expected = format!("puzzle {}, line {}, column {col}: invalid character 'x'", i + 1, i + 1);
        assert!(m.contains(&expected), "message {}: expected {expected:?}, got {m:?}", k + 1);
    }
    println!("1,000,000 puzzles: {:.1}s, peak RSS {:?} kB", r.seconds, r.peak_rss_kb);
    if let Some(kb) = r.peak_rss_kb {
        // The file is 82 MB; streaming keeps a few chunks of 1,024 records in memory.
        assert!(kb < 128 * 1024, "peak RSS {kb} kB while streaming");
    }
}

/// `count` and `solve --all` on an empty board stop at their limits promptly, on 9×9 (fast engine)
/// and 16×16 (general engine).
#[test]
fn limits_stop_runaway_searches_on_empty_boards() {
    let empty9 = ".".repeat(81);
    let empty16 = ".".repeat(256);
    let start = Instant::now();
    let r = sudokit(&["count"], &empty9);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1000000+\n"), "{}", r.stderr);
    let r = sudokit(&["solve", "--all"], &empty9);
    assert_eq!(r.stdout.lines().count(), 10_000);
    assert!(r.stderr.contains("puzzle 1, line 1: stopped after 10000 solutions"), "{}", r.stderr);
    let r = sudokit(&["count", "--limit", "1000"], &empty16);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1000+\n"), "{}", r.stderr);
    let r = sudokit(&["solve", "--all", "--limit", "3"], &empty16);
    assert_eq!(r.stdout.lines().count(), 3);
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(60), "limits took {elapsed:?}");
}

/// `--timeout` gives up on a puzzle that would run for ages (an unlimited count of the empty board),
/// reports it, and goes on to the next one.
#[test]
fn timeout_reports_the_puzzle_and_goes_on() {
    // A 16×16 puzzle with one solution for the general engine: a full grid (rows shifted so every
    // row, column and box holds each digit once) with one cell blanked.
    let mut one16: Vec<u8> = (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            b"123456789ABCDEFG"[(4 * (r % 4) + r / 4 + c) % 16]
        })
        .collect();
    one16[0] = b'.';
    let one16 = String::from_utf8(one16).expect("ASCII");
    let args = ["count", "--limit", "0", "--timeout", "0.2"];
    for (board, next) in [(".".repeat(81), P1.to_string()), (".".repeat(256), one16)] {
        let start = Instant::now();
        let r = sudokit(&args, &format!("{board}\n{next}\n"));
        let elapsed = start.elapsed();
        assert_eq!(r.code, 1, "a timed-out puzzle gives exit 1: {}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{}", r.stdout);
        // Issue #22, item 7: a timeout is a marker, not the `N+` of a count stopped at --limit.
        assert_eq!(lines[0], "!timeout", "a timed-out count is marked as such");
        assert_eq!(lines[1], "1", "the next puzzle is still counted");
        assert!(r.stderr.contains("puzzle 1, line 1: timed out after"), "{}", r.stderr);
        assert!(elapsed < Duration::from_secs(10), "side {}: took {elapsed:?}", next.len());
    }
    let start = Instant::now();
    let r = sudokit(
        &["solve", "--all", "--limit", "0", "--timeout", "0.2"],
        &format!("{}\n{P1}\n", ".".repeat(81)),
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stdout.ends_with(&format!("!timeout\n\n{S1}\n")),
        "{}",
        &r.stdout[r.stdout.len().saturating_sub(200)..]
    );
    assert!(r.stderr.contains("puzzle 1, line 1: timed out after"), "{}", r.stderr);
    assert!(start.elapsed() < Duration::from_secs(10));
}

/// A record that makes the reader fail inside (here: a grid whose first row is 200 cells wide, then a
/// bad character, which overflows the digit alphabet in the error message) must not silently end the
/// run with status 0 and no output: the record is reported and the rest of the input still read.
#[test]
fn reader_failure_is_not_silent() {
    let input = format!("|{}|\n|?|\n", ".".repeat(200));
    let r = sudokit(&["solve"], &input);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, "!unreadable\n");
    // The first problem found is the width: no board has 200 columns.
    assert!(r.stderr.contains("puzzle 1, line 1: a side of 200 is not supported"), "{}", r.stderr);
}

/// A broken first line that cannot be a grid row (no board is 13 wide) is one bad record of the line
/// layout, not the start of a grid that swallows the puzzles after it.
#[test]
fn broken_first_line_does_not_swallow_the_rest() {
    let input = format!("12x.....13693\n{}\n{P1}\n", ".".repeat(80));
    let r = sudokit(&["solve"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, format!("!unreadable\n!unreadable\n{S1}\n"));
    assert!(r.stderr.contains("puzzle 1, line 1, column 3: invalid character 'x'"), "{}", r.stderr);
    assert!(r.stderr.contains("puzzle 2, line 2: 80 cells"), "{}", r.stderr);
}

/// The marker records sudokit writes (`generate --timeout` starts with `!timeout` when its first
/// item is not finished) read back one record each, in place, when they come first too.
#[test]
fn marker_records_first_keep_their_places() {
    let r = sudokit(&["solve"], &format!("!timeout\n!timeout\n{P1}\n!not found\n"));
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, format!("!unreadable\n!unreadable\n{S1}\n!unreadable\n"));
    let said = "puzzle 2, line 2: `!timeout` is a marker record, written in place of an answer";
    assert!(r.stderr.contains(said), "{}", r.stderr);
    assert!(r.stderr.contains("puzzle 4, line 4: `!not found` is a marker record"), "{}", r.stderr);
}

/// Drawn grids one under another, with no blank line between, the first short of a row: it is one
/// bad record, ended at its rules, and the grids after it read from their own lines, puzzles and
/// pencil marks alike.
#[test]
fn a_drawn_grid_short_of_a_row_does_not_shift_the_rest() {
    let other = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let input = format!("{P1}\n{other}\n{P1}\n");
    // Drawn without the blank lines between records, the first without the row the line `drop` holds.
    let drawn = |args: &[&str], drop: usize| {
        let r = sudokit(args, &input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().filter(|l| !l.trim().is_empty()).collect();
        lines
            .iter()
            .enumerate()
            .filter(|&(i, _)| i + 1 != drop)
            .map(|(_, l)| format!("{l}\n"))
            .collect::<String>()
    };
    // The fifth row, in the second band.
    let grids = drawn(&["solve", "-o", "pretty", "--first"], 7);
    let r = sudokit(&["check"], &grids);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, "unreadable\nunique\nunique\n", "{grids}");
    assert!(
        r.stderr.contains("puzzle 1, line 8: band 2 ends after 2 rows, expected 3: a row is missing"),
        "{}",
        r.stderr
    );
    let marks = drawn(&["candidates"], 7);
    let r = sudokit(&["candidates", "--pencil", "-o", "json"], &marks);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let records: Vec<serde_json::Value> =
        r.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON record")).collect();
    let statuses: Vec<&str> = records.iter().map(|v| v["status"].as_str().unwrap_or("")).collect();
    assert_eq!(statuses, ["unreadable", "ok", "ok"], "{marks}");
    assert!(r.stderr.contains("puzzle 1, line 1") && r.stderr.contains("8 rows of cells"), "{}", r.stderr);
}

/// `--box` sizes whose product overflows are rejected like any other unsupported box shape.
#[test]
fn box_shape_whose_size_overflows_is_rejected() {
    let r = sudokit(&["solve", "--box", "5x3689348814741910325"], P1);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{}", r.stderr);
    assert!(r.stderr.contains("do not make a supported board"), "{}", r.stderr);
}

/// Puzzles enough that their solutions overflow any pipe buffer.
fn many_puzzles(dir: &TempDir) -> std::path::PathBuf {
    let path = dir.join("many.txt");
    let mut w = BufWriter::new(File::create(&path).expect("create the input"));
    for _ in 0..50_000 {
        writeln!(w, "{P1}").expect("write the input");
    }
    w.flush().expect("write the input");
    path
}

/// `sudokit solve big.txt | head -1`: the reader closes the pipe after one line; sudokit stops
/// quietly with status 0 and no panic message.
#[test]
fn broken_pipe_exits_quietly() {
    let dir = TempDir::new("pipe");
    let path = many_puzzles(&dir);
    for args in [vec!["solve"], vec!["solve", "-o", "pretty"], vec!["check"], vec!["count", "--limit", "1"]] {
        let mut child = Command::new(sudokit_bin())
            .args(&args)
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sudokit starts");
        let mut first = String::new();
        {
            let mut out = BufReader::new(child.stdout.take().expect("piped stdout"));
            out.read_line(&mut first).expect("one line comes out");
            // Dropping the reader closes the pipe, as `head -1` does.
        }
        let mut stderr = String::new();
        child.stderr.take().expect("piped stderr").read_to_string(&mut stderr).expect("stderr reads");
        let status = child.wait().expect("sudokit ends");
        assert!(!first.is_empty(), "{args:?}: no output before the pipe closed");
        assert_eq!(status.code(), Some(0), "{args:?}: stderr {stderr:?}");
        assert!(stderr.is_empty(), "{args:?}: a broken pipe is not an error: {stderr:?}");
    }
}

/// `sudokit solve puzzles 2>&1 | head -1`, each puzzle with several solutions: the messages share
/// the pipe the reader closes, and their broken pipe is no error either.
#[test]
fn broken_pipe_shared_with_the_messages_exits_quietly() {
    let dir = TempDir::new("pipe-messages");
    let path = dir.join("several.txt");
    std::fs::write(&path, format!("{P295}\n").repeat(20_000)).expect("write the input");
    let out = Command::new("bash")
        .args(["-c", r#""$0" solve "$1" 2>&1 | head -1 >/dev/null; echo "${PIPESTATUS[0]}""#])
        .arg(sudokit_bin())
        .arg(&path)
        .output()
        .expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0", "{}", String::from_utf8_lossy(&out.stderr));
}

/// A write error other than a broken pipe (a full disk, here `/dev/full`) is reported once, clearly,
/// with status 2.
#[test]
fn write_error_gives_a_clear_message_and_status_2() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        println!("note: /dev/full not found; skipping the write-error test");
        return;
    }
    let dir = TempDir::new("full");
    let path = many_puzzles(&dir);
    let small = dir.join("one.txt");
    std::fs::write(&small, format!("{P1}\n")).expect("write the input");
    for input in [&path, &small] {
        let out = Command::new(sudokit_bin())
            .arg("solve")
            .arg(input)
            .stdin(Stdio::null())
            .stdout(File::options().write(true).open(full).expect("/dev/full opens"))
            .output()
            .expect("sudokit runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(
            stderr.trim_end(),
            "sudokit: writing the output: No space left on device (os error 28)",
            "one clear message"
        );
    }
}

/// Runs `sudokit ARGS` with standard output (or, with `stderr_full`, standard error) on `/dev/full`.
fn run_into_full(args: &[&str], stderr_full: bool) -> std::process::Output {
    let full = || File::options().write(true).open("/dev/full").expect("/dev/full opens");
    let mut cmd = Command::new(sudokit_bin());
    cmd.args(args).stdin(Stdio::null());
    if stderr_full {
        cmd.stderr(full()).stdout(Stdio::null());
    } else {
        cmd.stdout(full());
    }
    cmd.output().expect("sudokit runs")
}

/// Issues #21 and #22: every subcommand, `--help` and `--version` included, answers a full disk on
/// standard output with one clear message and status 2, never a panic.
#[test]
fn issue22_every_subcommand_on_a_full_disk() {
    if !Path::new("/dev/full").exists() {
        println!("note: /dev/full not found; skipping");
        return;
    }
    let puzzles = crate::util::root().join("examples/puzzles.txt");
    let file = puzzles.to_str().expect("a UTF-8 path");
    let runs: &[&[&str]] = &[
        &["--help"],
        &["--version"],
        &["solve", "--help"],
        &["generate", "puzzle", "--help"],
        &["solve", file],
        &["count", file],
        &["check", file],
        &["canon", file],
        &["bench", "--seconds", "0", file],
        &["generate", "grid", "-n", "2"],
        &["generate", "puzzle", "-n", "2"],
    ];
    for args in runs {
        let out = run_into_full(args, false);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            "sudokit: writing the output: No space left on device (os error 28)",
            "{args:?}"
        );
    }
}

/// Issue #22, item 6: with standard error on a full disk, messages are lost but nothing panics; the
/// status says something went wrong (2) where a message was due.
#[test]
fn issue22_full_stderr_never_panics() {
    if !Path::new("/dev/full").exists() {
        println!("note: /dev/full not found; skipping");
        return;
    }
    let puzzles = crate::util::root().join("examples/puzzles.txt");
    let file = puzzles.to_str().expect("a UTF-8 path");
    let runs: &[&[&str]] = &[
        &["solve", "no-such-file.txt"],
        &["solve", "--stats", file],
        &["generate", "puzzle", "-n", "2", "--stats"],
        &["bench", "no-such-file.txt"],
        &["solve", "--bogus"],
    ];
    for args in runs {
        let out = run_into_full(args, true);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// Issue #22, item 3: `solve --all --limit 0` on an empty board writes solutions as it finds them
/// (it used to hold every solution and write nothing), and a reader that stops after one line ends
/// the run quietly through the closed pipe.
#[test]
fn issue22_solve_all_streams_and_stops_at_a_closed_pipe() {
    let mut child = Command::new(sudokit_bin())
        .args(["solve", "--all", "--limit", "0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(format!("{}\n", ".".repeat(81)).as_bytes()).expect("write the puzzle");
    drop(stdin);
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    out.read_line(&mut first).expect("a first solution arrives");
    assert_eq!(first.trim_end().len(), 81, "{first}");
    assert!(Board::classic(Shape::CLASSIC)
        .is_solution(&Grid::empty(Shape::CLASSIC), &first.trim_end().parse().expect("a grid")));
    // Closing the pipe must end the run (the search would otherwise go on for ages): a guard kills
    // the child if it is still running long after.
    drop(out);
    let pid = child.id();
    let guard = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60));
        let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
    });
    let status = child.wait().expect("sudokit ends");
    assert_eq!(status.code(), Some(0), "a closed pipe ends the run quietly");
    drop(guard);
}

/// Runs `sudokit ARGS` on `input` and sends it SIGINT half a second in (time for the run to start
/// on its long records; the signal is what ends it): its exit status, stdout and stderr.
fn interrupted(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(sudokit_bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write the input");
    drop(stdin);
    std::thread::sleep(Duration::from_millis(500));
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("sudokit ends");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Ctrl-C during ratings of hard puzzles: the Sudoku Explainer ratings in flight stop part way and
/// are not written (no `timeout` record for them); what is written is whole ratings, in input
/// order, then status 130. For puzzles, and for pencil marks (which run on their own runner).
#[test]
fn sigint_during_ratings_writes_only_whole_ratings() {
    let Some(path) = shared("puzzles6_forum_hardest_1106.txt") else { return };
    let text = std::fs::read_to_string(path).expect("read the dataset");
    // Forty of the hardest: seconds each on one core, far more than the half second before the signal.
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).take(40).collect();
    let marks = sudokit(&["candidates", "-o", "json"], &format!("{}\n", puzzles.join("\n")));
    assert_eq!(marks.code, 0, "{}", marks.stderr);
    for (args, input, field) in [
        (&["rate", "-o", "json"][..], format!("{}\n", puzzles.join("\n")), "puzzle"),
        (&["rate", "--pencil", "-o", "json"][..], marks.stdout.clone(), "pencil"),
    ] {
        let (code, stdout, stderr) = interrupted(args, &input);
        assert_eq!(code, Some(130), "{args:?}: {stderr}");
        let records: Vec<serde_json::Value> =
            stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON record")).collect();
        assert!(records.len() < puzzles.len(), "{args:?}: the signal came before the end");
        let inputs: Vec<&str> = input.lines().collect();
        for (n, r) in records.iter().enumerate() {
            assert_eq!(r["index"], n + 1, "{args:?}: in order");
            assert_eq!(r["status"], "ok", "{args:?}: a whole rating: {r}");
            assert!(r["er"].as_f64().is_some_and(|er| er >= 1.0), "{args:?}: {r}");
            let given = r[field].as_str().expect("the input");
            if field == "puzzle" {
                assert_eq!(given, inputs[n], "{args:?}");
            } else {
                assert_eq!(given.len(), 729, "{args:?}: the marks' line form");
            }
        }
    }
}

/// Ctrl-C during `generate`: the run ends with the items made before it, in order (a prefix of
/// the indices), and status 130, not after every item asked for; with a rating target too, whose
/// Sudoku Explainer ratings stop part way.
#[test]
fn sigint_during_generation_ends_the_run() {
    for (args, asked) in [
        (&["generate", "puzzle", "-n", "1000000", "--seed", "1", "-o", "json"][..], 1_000_000),
        (&["generate", "puzzle", "--er", "9.0..", "-n", "1000", "--seed", "1", "-o", "json"][..], 1000),
    ] {
        let (code, stdout, stderr) = interrupted(args, "");
        assert_eq!(code, Some(130), "{args:?}: {stderr}");
        assert!(stderr.contains("interrupted"), "{args:?}: {stderr}");
        let records: Vec<serde_json::Value> =
            stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON record")).collect();
        assert!(records.len() < asked, "{args:?}: stopped early, {} records", records.len());
        for (n, r) in records.iter().enumerate() {
            assert_eq!(r["index"], n + 1, "{args:?}: in order, none left out");
            assert_eq!(r["status"], "ok", "{args:?}: {r}");
        }
    }
}

/// Issue #22, item 7: Ctrl-C (SIGINT) ends a run with the records finished before it written, in
/// order, and status 130.
#[test]
fn issue22_sigint_writes_the_finished_records() {
    // Five quick puzzles, then one whose count would run for ages.
    let input = format!("{}{}\n", format!("{P1}\n").repeat(5), ".".repeat(81));
    let (code, stdout, stderr) = interrupted(&["count", "--limit", "0"], &input);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stdout.starts_with("1\n1\n1\n1\n1\n"), "the finished records come first: {stdout}");
    assert!(stdout.lines().count() <= 6, "{stdout}");
    assert!(stderr.contains("interrupted"), "{stderr}");
}
