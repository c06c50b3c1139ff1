//! Batches for parallel readers: [`PuzzleReader::next_batch`] hands out puzzles one to a line as
//! a [`LineBatch`] of unparsed lines, so that parsing runs on the workers' threads.

use std::io::{self, BufRead};

use super::error::{ParseError, Position};
use super::line::parse_line_expected;
use super::reader::{marker_record, unread_text};
use super::symbols::Symbols;
use super::text::{is_blank_or_comment, read_line_capped, trim_eol};
use super::{Expected, Layout, Notation, PuzzleReader, Record, MAX_LINE};
use crate::grid::Shape;

impl<R: BufRead> PuzzleReader<R> {
    /// Reads up to `max` records (at least one unless the input is over).
    ///
    /// Once the input is known to hold one classic puzzle per line, with the board size set by its
    /// first puzzle, the records come back unparsed as a [`LineBatch`], so that the caller can parse
    /// them on other threads; until then, and for every other layout, they come back parsed. Either
    /// way the records are the ones [`Iterator::next`] would give, in the same order.
    ///
    /// ```
    /// use sudokit::parse::{Batch, ParseOptions, PuzzleReader};
    /// let input = format!("{0}\n# a comment\n{0}\n{0}\n", ".".repeat(81));
    /// let mut reader = PuzzleReader::new(input.as_bytes(), ParseOptions::default());
    /// let mut puzzles = 0;
    /// while let Some(batch) = reader.next_batch(1000)? {
    ///     puzzles += match batch {
    ///         Batch::Records(records) => records.len(),
    ///         Batch::Lines(lines) => lines.records().filter(|r| r.puzzle.is_ok()).count(),
    ///     };
    /// }
    /// assert_eq!(puzzles, 3);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_batch(&mut self, max: usize) -> io::Result<Option<Batch>> {
        if let Some(e) = self.error.take() {
            self.done = true;
            return Err(e);
        }
        let max = max.max(1);
        let shape = match self.shape {
            Some(shape) if self.lines_are_plain() => shape,
            _ => return self.next_records(max),
        };
        let mut batch = LineBatch {
            text: Vec::with_capacity(max * 84),
            lines: Vec::with_capacity(max),
            shape,
            symbols: self.opts.symbols,
            // Under the classic rules, as the fast path is: a box shape given to the reader, or the
            // reader's mark, is the one rule it may carry.
            rules: self.options_give_rules(),
        };
        while batch.lines.len() < max && !self.done {
            let start = batch.text.len();
            match read_line_capped(&mut self.input, &mut batch.text, start, MAX_LINE) {
                Ok(None) => self.done = true,
                Ok(Some(cut)) => {
                    self.line_no += 1;
                    let end = start + trim_eol(&batch.text[start..]).len();
                    if is_blank_or_comment(&batch.text[start..end]) {
                        batch.text.truncate(start);
                        continue;
                    }
                    batch.text.truncate(end);
                    let position = self.position(self.line_no);
                    batch.lines.push(PendingLine { start, end, position, cut });
                }
                Err(e) if batch.lines.is_empty() => {
                    self.done = true;
                    return Err(e);
                }
                Err(e) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
        Ok((!batch.lines.is_empty()).then_some(Batch::Lines(batch)))
    }

    /// [`Self::next_batch`] until the rest of the input can be read as a [`LineBatch`].
    pub(super) fn next_records(&mut self, max: usize) -> io::Result<Option<Batch>> {
        let mut records = Vec::new();
        while records.len() < max && !self.lines_are_plain() {
            match self.next() {
                None => break,
                Some(Ok(r)) => records.push(r),
                Some(Err(e)) if records.is_empty() => return Err(e),
                Some(Err(e)) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
        Ok((!records.is_empty()).then_some(Batch::Records(records)))
    }

    /// Whether the rest of the input can be split into lines and parsed later: one puzzle per line
    /// under the classic rules, with the board size already fixed, and nothing read ahead or queued.
    pub(super) fn lines_are_plain(&self) -> bool {
        self.layout == Some(Layout::Line)
            && self.shape.is_some()
            && self.variants.is_classic()
            && self.pending.is_empty()
            && self.out.is_empty()
    }
}

/// A slice of [`PuzzleReader::next_batch`]'s input in the line layout, split into records but not
/// yet parsed; [`LineBatch::record`] parses one, independently of the others.
#[derive(Debug)]
pub struct LineBatch {
    pub(super) text: Vec<u8>,
    pub(super) lines: Vec<PendingLine>,
    pub(super) shape: Shape,
    pub(super) symbols: Symbols,
    /// [`Notation::rules`] of every record.
    pub(super) rules: bool,
}

#[derive(Debug)]
pub(super) struct PendingLine {
    start: usize,
    end: usize,
    position: Position,
    cut: bool,
}

impl LineBatch {
    /// How many records the batch holds.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the batch holds no record.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The board size every readable record of the batch has (set by the input's first puzzle).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Parses record `i` (`i < len()`), exactly as the reader would have.
    ///
    /// # Panics
    /// If `i` is out of range.
    pub fn record(&self, i: usize) -> Record {
        let l = &self.lines[i];
        let line = &self.text[l.start..l.end];
        let parsed = match marker_record(line) {
            Some(kind) => Err((None, kind)),
            None => parse_line_expected(line, Some(self.shape), self.symbols, l.cut),
        };
        let (puzzle, expected, text) = match parsed {
            Ok((g, e)) => (Ok(g), e, None),
            Err((column, kind)) => (
                Err(ParseError { position: Position { column, ..l.position }, kind }),
                Expected::default(),
                Some(unread_text(line)),
            ),
        };
        let notation =
            Notation { symbols: self.symbols, numbers: false, rules: self.rules, ..Notation::default() };
        Record { position: l.position, layout: Layout::Line, puzzle, board: None, expected, notation, text }
    }

    /// Every record, parsed in order.
    pub fn records(&self) -> impl ExactSizeIterator<Item = Record> + '_ {
        (0..self.len()).map(|i| self.record(i))
    }
}

/// What [`PuzzleReader::next_batch`] read.
#[derive(Debug)]
pub enum Batch {
    /// Records already parsed.
    Records(Vec<Record>),
    /// Line-layout records still to be parsed.
    Lines(LineBatch),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ParseOptions;
    use proptest::prelude::*;

    /// Reads `text` batch by batch, parsing line batches on the spot, as records with any read error.
    fn by_batches(text: &[u8], opts: ParseOptions, max: usize) -> Vec<String> {
        let mut reader = PuzzleReader::new(text, opts);
        let mut out = Vec::new();
        loop {
            match reader.next_batch(max) {
                Ok(None) => return out,
                Ok(Some(Batch::Records(r))) => out.extend(r.iter().map(|r| format!("{r:?}"))),
                Ok(Some(Batch::Lines(l))) => out.extend(l.records().map(|r| format!("{r:?}"))),
                Err(e) => {
                    out.push(format!("error {e}"));
                    return out;
                }
            }
        }
    }

    fn one_by_one(text: &[u8], opts: ParseOptions) -> Vec<String> {
        let mut out = Vec::new();
        for r in PuzzleReader::new(text, opts) {
            match r {
                Ok(r) => out.push(format!("{r:?}")),
                Err(e) => {
                    out.push(format!("error {e}"));
                    break;
                }
            }
        }
        out
    }

    /// Lines people feed the bulk path, good and bad.
    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => proptest::string::string_regex("[1-9.0]{81}").expect("valid regex"),
            1 => proptest::string::string_regex("[1-4.]{16}").expect("valid regex"),
            1 => proptest::string::string_regex("[1-9.x ]{0,90}").expect("valid regex"),
            1 => Just("# comment".to_string()),
            1 => Just(String::new()),
            1 => Just(format!("{} 4.5 rating", ".".repeat(81))),
            // HoDoKu's library lines: placed cells (`+`), deleted candidates after a space.
            1 => proptest::string::string_regex(":0[0-9]{3}:x?:(\\+?[1-9.]){78,82}:(123 456)?::")
                .expect("valid regex"),
            1 => Just("1".repeat(MAX_LINE + 10)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn batches_give_the_records_one_by_one_reading_gives(
            lines in proptest::collection::vec(line(), 0..12),
            max in 1usize..5,
            crlf in any::<bool>(),
        ) {
            let text = lines.join(if crlf { "\r\n" } else { "\n" });
            for opts in [
                ParseOptions::default(),
                ParseOptions { layout: Some(Layout::Line), ..Default::default() },
                ParseOptions { layout: Some(Layout::Line), shape: Some(Shape::CLASSIC), ..Default::default() },
            ] {
                prop_assert_eq!(by_batches(text.as_bytes(), opts, max), one_by_one(text.as_bytes(), opts));
            }
        }
    }

    #[test]
    fn line_input_comes_in_unparsed_batches_after_the_first_puzzle() {
        let text = format!("{0}\n{0}\n\n{0}\n", ".".repeat(81));
        let mut reader = PuzzleReader::new(text.as_bytes(), ParseOptions::default());
        assert!(matches!(reader.next_batch(10), Ok(Some(Batch::Records(r))) if r.len() == 1));
        match reader.next_batch(10) {
            Ok(Some(Batch::Lines(l))) => {
                assert_eq!(l.len(), 2);
                assert_eq!(l.record(1).position, Position { puzzle: 3, line: 4, column: None });
            }
            other => panic!("expected a line batch, got {other:?}"),
        }
        assert!(matches!(reader.next_batch(10), Ok(None)));
    }

    /// A reader that fails after its first bytes.
    struct Failing(Vec<u8>);
    impl io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_comes_after_the_records_read_before_it() {
        let text = format!("{0}\n{0}\n{0}\n", ".".repeat(81)).into_bytes();
        let mut reader =
            PuzzleReader::new(io::BufReader::with_capacity(16, Failing(text)), ParseOptions::default());
        let mut seen = 0;
        let err = loop {
            match reader.next_batch(10) {
                Ok(Some(Batch::Records(r))) => seen += r.len(),
                Ok(Some(Batch::Lines(l))) => seen += l.len(),
                Ok(None) => panic!("the error was lost"),
                Err(e) => break e,
            }
        };
        assert_eq!(seen, 3);
        assert_eq!(err.to_string(), "disk on fire");
        assert!(matches!(reader.next_batch(10), Ok(None)));
    }
}
