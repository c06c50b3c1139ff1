//! Pencil-mark input, the `--pencil` of `explain`, `hint`, `candidates` and `rate`: grids given by
//! their candidates (a player's grid part way through, or a Sukaku), one record each.
//!
//! A record is the 729-character line form on one line, a boxed candidate grid over several lines
//! (ended by a blank line, or the border under its last row), a JSON record of these commands on
//! one line, a row of their CSV (after its header), or a line of HoDoKu's library format (its
//! state: givens, placed cells, deleted candidates). Each record
//! is a task of its own on the pool's threads, a bounded number of them ahead of the output, and
//! their outcomes are written in input order, one record out for each record in, as in the bulk
//! runs of puzzles.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::channel;

use anyhow::Context;
use sudokit::human::{read_pencil, LibraryCase, PencilMarks};
use sudokit::parse::{is_art_separator, PencilCsv};
use sudokit::rules::Variants;
use sudokit::{Position, Shape, Symbols};

use crate::record::csv_header;
use crate::report::{Outcome, Reporter};

/// Records handed to the workers and not yet written, at most: enough that a slow record (a rating
/// can take seconds) keeps one thread while the others go on with the records after it, few enough
/// to bound memory whatever the input's size.
const WINDOW: usize = 512;

/// One pencil-mark record as read: its text and where it starts, and what is wrong with it where
/// that is known before its marks are read (a CSV row without them).
pub struct Record {
    /// The record's text (a CSV row's marks, or a JSON record of them and its rules).
    pub text: String,
    /// Where it starts.
    pub at: Position,
    /// Whether the run's records may carry rules of their own, as its first record tells: JSON
    /// records, or a CSV with rule columns. Its machine-readable answers then write the rules of
    /// every record, in CSV too (in the rule columns, last), so that they read back under them.
    pub rules: bool,
    problem: Option<String>,
}

impl Record {
    /// The pencil marks of the record with the rules they are played under: the record's own,
    /// else `variants` on boxes of `boxes` (`--box`, where its side is the marks'), a candidate
    /// grid's digits in `symbols` (`--symbols`, else told as for puzzles; see [`read_pencil`]); or
    /// the message that names where it is unreadable.
    pub fn marks_under(
        &self,
        variants: Variants,
        boxes: Option<Shape>,
        symbols: Option<Symbols>,
    ) -> Result<PencilMarks, String> {
        if let Some(problem) = &self.problem {
            return Err(format!("{}: {problem}", self.at));
        }
        read_pencil(&self.text, self.at, variants, boxes, symbols).map_err(|e| e.to_string())
    }
}

/// Reads the pencil-mark records of `files` (stdin for none or `-`), runs `process` on each on
/// `threads` workers, and writes the outcomes to stdout in input order. With several inputs,
/// `process` is given the name of each record's, as its records are numbered from 1 in each.
pub fn run(
    files: &[PathBuf],
    threads: Option<u16>,
    process: impl Fn(&Record, Option<&str>) -> Outcome + Sync,
) -> anyhow::Result<Reporter> {
    let pool = crate::args::thread_pool(threads)?;
    let start = std::time::Instant::now();
    let stdout = io::stdout();
    let mut out = Output { w: io::BufWriter::new(stdout.lock()), reporter: Reporter::new(), first: true };
    let paths = crate::input::paths(files);
    let several = paths.len() > 1;
    // Told by the run's first record, for every record: a CSV has one header for all inputs.
    let rules = std::cell::Cell::new(None);
    for path in paths {
        let name = crate::input::name(&path);
        let input = several.then_some(name.as_str());
        let process = |record: &Record| process(record, input);
        let reader = match crate::input::open(&path) {
            Ok(r) => io::BufReader::new(r),
            Err(e) => {
                out.reporter.input_error(&name, &e.to_string());
                continue;
            }
        };
        let (read, read_error) = run_input(
            &pool,
            Records::new(sudokit::parse::TextLines::new(reader), &rules),
            &process,
            &mut |o| out.emit(&name, o),
        )?;
        if let Some(e) = read_error {
            out.reporter.input_error(&name, &e.to_string());
        } else if read == 0 && !crate::interrupt::interrupted() {
            // As for puzzles: an input without a record is an error, not a run with nothing to do.
            out.reporter.input_error(&name, &sudokit::batch::InputError::Empty.to_string());
        }
        // Ctrl-C: the records finished so far are out; `main` says the rest were not done.
        if crate::interrupt::interrupted() {
            break;
        }
    }
    crate::output::flush(&mut out.w)?;
    out.reporter.stats.seconds = start.elapsed().as_secs_f64();
    Ok(out.reporter)
}

/// Runs `process` on the `records` of one input on the pool, each as a task of its own,
/// and hands the outcomes to `emit` in input order as they complete. Returns the number of records
/// read, and the read error that ended the input early, if one did.
fn run_input(
    pool: &rayon::ThreadPool,
    records: impl Iterator<Item = io::Result<Record>>,
    process: &(impl Fn(&Record) -> Outcome + Sync),
    emit: &mut dyn FnMut(Outcome) -> anyhow::Result<()>,
) -> anyhow::Result<(usize, Option<io::Error>)> {
    // A task sends its record's number and outcome, or `None` where `process` panicked (a bug,
    // never bad input), which ends the run rather than leave a hole in the output; and whether
    // Ctrl-C came before it finished (a rating stops part way then): such a record and those after
    // it are not written.
    let (tx, rx) = channel::<(usize, Option<Outcome>, bool)>();
    let mut done: BTreeMap<usize, (Outcome, bool)> = BTreeMap::new();
    let mut cut = false;
    let (mut sent, mut next) = (0, 0);
    // Takes what has finished, waiting for one outcome first when `wait`, and writes the outcomes
    // that are next in order.
    let mut drain = |wait: bool, next: &mut usize| -> anyhow::Result<()> {
        let first = if wait { rx.recv().ok() } else { None };
        for (i, o, late) in first.into_iter().chain(std::iter::from_fn(|| rx.try_recv().ok())) {
            let o = o.context("internal error: a worker stopped; the output is incomplete")?;
            done.insert(i, (o, late));
        }
        while let Some((o, late)) = done.remove(next) {
            cut |= late;
            if !cut {
                emit(o)?;
            }
            *next += 1;
        }
        Ok(())
    };
    pool.in_place_scope(|scope| {
        let mut read_error = None;
        for record in records {
            let record = match record {
                Ok(r) => r,
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            };
            if crate::interrupt::interrupted() {
                break;
            }
            let tx = tx.clone();
            let i = sent;
            scope.spawn(move |_| {
                // A record whose turn comes after Ctrl-C is not processed: it would not be written.
                let o = if crate::interrupt::interrupted() {
                    Ok(Outcome::default())
                } else {
                    catch_unwind(AssertUnwindSafe(|| process(&record)))
                };
                // The receiver is gone only when the run stopped early; the outcome has nowhere to go.
                let _ = tx.send((i, o.ok(), crate::interrupt::interrupted()));
            });
            sent += 1;
            drain(false, &mut next)?;
            // A full window waits for the record it is next to write, so that outcomes finished
            // after a slow one do not pile up without bound.
            while sent - next >= WINDOW {
                drain(true, &mut next)?;
            }
        }
        while next < sent {
            drain(true, &mut next)?;
        }
        Ok((sent, read_error))
    })
}

/// Where the outcomes go: stdout, in order, and the run's reporter.
struct Output<W: Write> {
    w: W,
    reporter: Reporter,
    first: bool,
}

impl<W: Write> Output<W> {
    fn emit(&mut self, name: &str, o: Outcome) -> anyhow::Result<()> {
        if self.first {
            if let Some(columns) = o.header {
                crate::output::write(&mut self.w, csv_header(columns).as_bytes())?;
            }
        } else if o.multiline {
            crate::output::write(&mut self.w, b"\n")?;
        }
        self.first = false;
        crate::output::write(&mut self.w, &o.out)?;
        if !o.messages.is_empty() {
            // Keep stdout and stderr in step when both go to one terminal or file.
            crate::output::flush(&mut self.w)?;
        }
        self.reporter.messages(name, &o.messages);
        self.reporter.record(&o);
        Ok(())
    }
}

/// The records of one input, in order: each line form on its own, each boxed grid as its lines.
struct Records<'r, L> {
    lines: std::iter::Enumerate<L>,
    /// The lines of the boxed grid being read, and the line it starts on.
    block: Vec<String>,
    block_start: usize,
    /// The boxed grid's side, as its first row of cells gives it (where that is a board's), and
    /// its rows of cells so far.
    side: Option<usize>,
    rows: usize,
    /// A line form that ended a boxed grid, given as the next record.
    waiting: Option<(String, usize)>,
    /// Records read so far.
    count: usize,
    done: bool,
    /// The columns of a CSV of pencil marks, once its header has come: every line after it is a
    /// row.
    csv: Option<PencilCsv>,
    /// Whether the run's records may carry rules ([`Record::rules`]), once its first record has
    /// told; shared by the inputs of a run.
    rules: &'r std::cell::Cell<Option<bool>>,
}

impl<'r, L: Iterator<Item = io::Result<String>>> Records<'r, L> {
    fn new(lines: L, rules: &'r std::cell::Cell<Option<bool>>) -> Self {
        Records {
            lines: lines.enumerate(),
            block: Vec::new(),
            block_start: 0,
            side: None,
            rows: 0,
            waiting: None,
            count: 0,
            done: false,
            csv: None,
            rules,
        }
    }

    fn record(&mut self, text: String, line: usize) -> Record {
        self.record_with(text, line, None)
    }

    fn record_with(&mut self, text: String, line: usize, problem: Option<String>) -> Record {
        self.count += 1;
        let rules = self.rules.get().unwrap_or_else(|| {
            let told = match &self.csv {
                Some(csv) => csv.carries_rules(),
                None => text.trim_start().starts_with('{'),
            };
            self.rules.set(Some(told));
            told
        });
        Record { text, at: Position { puzzle: self.count, line, column: None }, rules, problem }
    }

    /// The boxed grid read so far as a record, if any.
    fn end_block(&mut self) -> Option<Record> {
        if self.block.is_empty() {
            return None;
        }
        let text = std::mem::take(&mut self.block).join("\n");
        (self.side, self.rows) = (None, 0);
        Some(self.record(text, self.block_start))
    }
}

impl<L: Iterator<Item = io::Result<String>>> Iterator for Records<'_, L> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if let Some((text, line)) = self.waiting.take() {
            return Some(Ok(self.record(text, line)));
        }
        loop {
            if self.done {
                return None;
            }
            let (line_no, line) = match self.lines.next() {
                Some((i, Ok(l))) => (i + 1, l),
                Some((_, Err(e))) => {
                    self.done = true;
                    return Some(Err(e));
                }
                None => {
                    self.done = true;
                    return self.end_block().map(Ok);
                }
            };
            let trimmed = line.trim();
            if !trimmed.is_empty() && !trimmed.starts_with('#') {
                // `rate --pencil -o csv` and `explain --summary --pencil -o csv` read back: a
                // header, then a record a row.
                if let Some(header) = PencilCsv::header(trimmed) {
                    self.csv = Some(header);
                    match self.end_block() {
                        Some(r) => return Some(Ok(r)),
                        None => continue,
                    }
                }
                if let Some(csv) = &self.csv {
                    let (text, problem) = match csv.record(trimmed) {
                        Ok(text) => (text, None),
                        Err(e) => (trimmed.to_owned(), Some(e.to_string())),
                    };
                    return Some(Ok(self.record_with(text, line_no, problem)));
                }
            }
            // A line form is one unbroken run of symbols; boxed rows have spaces or box rules. A
            // JSON record (these commands' own `-o json`) and a library line are one line too.
            let is_line_form = trimmed.starts_with('{')
                || LibraryCase::is_library_line(trimmed)
                || trimmed.len() >= 64
                    && !trimmed.contains(char::is_whitespace)
                    && !trimmed.contains(['|', '-', '+', ':', '\'', '*']);
            // A blank line or a line form ends a boxed grid; a line form then follows it.
            if trimmed.is_empty() || is_line_form {
                if is_line_form {
                    self.waiting = Some((trimmed.to_string(), line_no));
                }
                if let Some(r) = self.end_block() {
                    return Some(Ok(r));
                }
                if let Some((text, line)) = self.waiting.take() {
                    return Some(Ok(self.record(text, line)));
                }
                continue;
            }
            if trimmed.starts_with('#') {
                continue;
            }
            if self.block.is_empty() {
                self.block_start = line_no;
            }
            let rule = is_art_separator(trimmed.as_bytes());
            // Two rules running means a border under a grid and one over the next: a grid short
            // of a row ends there, rather than taking the next grid's first rows.
            let after_rule = self.block.last().is_some_and(|l| is_art_separator(l.trim().as_bytes()));
            if rule && after_rule && self.rows > 0 {
                let grid = self.end_block();
                self.block_start = line_no;
                self.block.push(line);
                match grid {
                    Some(r) => return Some(Ok(r)),
                    None => continue,
                }
            }
            if !rule {
                self.rows += 1;
                if self.rows == 1 {
                    let cells =
                        trimmed.split(|c: char| c.is_whitespace() || c == '|').filter(|t| !t.is_empty());
                    self.side = Some(cells.count()).filter(|&n| Shape::for_side(n).is_ok());
                }
            }
            self.block.push(line);
            // The rule under a grid's last row ends it, so that grids drawn one under another
            // without a blank line between them are records of their own, not one unreadable one.
            if rule && self.side.is_some_and(|n| self.rows >= n) {
                return self.end_block().map(Ok);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The records of `text`, as (text, puzzle number, line).
    fn split(text: &str) -> Vec<(String, usize, usize)> {
        let lines = text.lines().map(|l| Ok(l.to_string()));
        Records::new(lines, &std::cell::Cell::new(None))
            .map(|r| r.expect("no I/O error"))
            .map(|r| (r.text, r.at.puzzle, r.at.line))
            .collect()
    }

    #[test]
    fn line_forms_boxed_grids_and_json_records_are_each_one_record_in_order() {
        let line = "1".repeat(64);
        let boxed = "| 1 2 |\n| 3 4 |";
        let library = ":0000:x:12:::";
        let text = format!(
            "# a comment\n{line}\n\n{boxed}\n{line}\n{boxed}\n\n\n{{\"pencil\": 1}}\n{boxed}\n{library}\n{boxed}\n:--+--:\n{boxed}"
        );
        let got = split(&text);
        let want = [
            (line.clone(), 1, 2),
            (boxed.to_string(), 2, 4),
            // A line form ends the boxed grid before it, and comes after it.
            (line.clone(), 3, 6),
            (boxed.to_string(), 4, 7),
            ("{\"pencil\": 1}".to_string(), 5, 11),
            // A library line ends a grid too; a rule of HoDoKu's grids is no library line.
            (boxed.to_string(), 6, 12),
            (library.to_string(), 7, 14),
            // The end of the input ends the last grid.
            (format!("{boxed}\n:--+--:\n{boxed}"), 8, 15),
        ];
        assert_eq!(got, want);
        assert!(split("\n# only a comment\n\n").is_empty());
    }

    #[test]
    fn boxed_grids_one_under_another_are_records_of_their_own() {
        let rule = "+-----+-----+";
        let plain =
            [rule, "| 1 2 | 34 34 |", "| 3 4 | 12 12 |", rule, "| 2 1 | 4 3 |", "| 4 3 | 2 1 |", rule]
                .join("\n");
        let hodoku = plain
            .replacen('+', ".", 3)
            .replacen("+-----+-----+", ":-----+-----:", 1)
            .replace("+-----+-----+", "'-----'-----'");
        for grid in [plain.clone(), hodoku] {
            let lines: Vec<&str> = grid.lines().collect();
            let text = format!("{grid}\n{grid}\n# a comment\n{grid}");
            let got = split(&text);
            let want = [(grid.clone(), 1, 1), (grid.clone(), 2, 8), (grid.clone(), 3, 16)];
            assert_eq!(got, want, "{text}");
            // A grid a row short ends at the border under it, one a row over at the border too, and
            // the next one is whole.
            for (line, copies) in [(2, 0), (6, 0), (2, 2), (6, 2)] {
                let mut edited = lines.clone();
                edited.splice(line - 1..line, vec![lines[line - 1]; copies]);
                let text = format!("{}\n{grid}\n{grid}", edited.join("\n"));
                let got = split(&text);
                let next = edited.len() + 1;
                let want = [(edited.join("\n"), 1, 1), (grid.clone(), 2, next), (grid.clone(), 3, next + 7)];
                assert_eq!(got, want, "{text}");
            }
        }
    }

    #[test]
    fn a_csv_of_pencil_marks_is_a_record_a_row() {
        let marks = "123456789".repeat(81);
        let boxed = "| 1 2 |\n| 3 4 |";
        let text = format!(
            "{boxed}\npencil,er,file\n{marks},1.2,a.txt\n\n# a comment\n\"{marks}\",\"1,2\"\n\
             index,status,pencil,variants\n1,ok,{marks},x\n2,ok\n"
        );
        let rules = std::cell::Cell::new(None);
        let records: Vec<Record> = Records::new(text.lines().map(|l| Ok(l.to_string())), &rules)
            .map(|r| r.expect("no I/O error"))
            .collect();
        // The first record, a boxed grid, tells the run's: no rules.
        assert!(records.iter().all(|r| !r.rules), "one answer for the whole run");
        let got: Vec<(&str, usize, usize, Option<&str>)> =
            records.iter().map(|r| (r.text.as_str(), r.at.puzzle, r.at.line, r.problem.as_deref())).collect();
        let with_rules = format!(r#"{{"pencil":"{marks}","variants":["x"]}}"#);
        let want = [
            // The header ends the grid before it, and is no record.
            (boxed, 1, 1, None),
            (marks.as_str(), 2, 4, None),
            (marks.as_str(), 3, 7, None),
            // A header further on gives the rows after it their columns.
            (with_rules.as_str(), 4, 9, None),
            // A row without the marks says so, as itself.
            ("2,ok", 5, 10, Some("the row has 2 fields, the pencil marks are field 3")),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn outcomes_come_out_in_input_order_past_the_window_and_a_slow_record() {
        let n = WINDOW * 2 + 7;
        let lines = (0..n).map(|i| Ok(format!("{i:064}")));
        let pool = crate::args::thread_pool(Some(2)).expect("a pool");
        // Record 1 is slow: the window fills behind it, and its outcome still comes out second.
        let process = |r: &Record| {
            if r.at.puzzle == 2 {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Outcome { out: r.text.as_bytes().to_vec(), ..Default::default() }
        };
        let mut out = Vec::new();
        let rules = std::cell::Cell::new(None);
        let (read, read_error) = run_input(&pool, Records::new(lines, &rules), &process, &mut |o| {
            out.push(String::from_utf8(o.out)?);
            Ok(())
        })
        .expect("no error");
        assert!(read_error.is_none());
        assert_eq!(read, n);
        let want: Vec<String> = (0..n).map(|i| format!("{i:064}")).collect();
        assert_eq!(out, want);
    }

    #[test]
    fn a_read_error_ends_the_input_after_the_records_before_it() {
        let lines = vec![
            Ok("2".repeat(64)),
            Ok("| 1 |".to_string()),
            Err(io::Error::other("disk")),
            Ok("3".repeat(64)),
        ];
        let got: Vec<io::Result<Record>> =
            Records::new(lines.into_iter(), &std::cell::Cell::new(None)).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].as_ref().map(|r| r.text.clone()).ok(), Some("2".repeat(64)));
        assert!(got[1].is_err(), "the open grid is not given as a record");
    }
}
