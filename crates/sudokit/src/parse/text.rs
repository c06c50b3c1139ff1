//! Line-level text helpers: capped line reads (no line is kept past [`MAX_LINE`](super::MAX_LINE)
//! bytes), comments and blank lines, tokens.

use std::io::{self, BufRead};

/// The reader's buffered bytes (empty at the end of input), reading again after an interruption.
fn fill<R: BufRead>(r: &mut R) -> io::Result<&[u8]> {
    loop {
        match r.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
            // Asked again to hand out the bytes: the buffer is filled, so this reads nothing.
            Ok(_) => return r.fill_buf(),
        }
    }
}

/// Where the first line of `chunk` breaks: the index of its line break, the bytes through it, and
/// whether the break is a `\r` that ends the chunk (the `\n` of a `\r\n` may come with the next
/// read). A line ends at `\n`, `\r\n`, or a lone `\r`: old Mac files end their lines so, and
/// without it such a file would read as one line, every puzzle after the first lost.
fn line_break(chunk: &[u8]) -> Option<(usize, usize, bool)> {
    let i = chunk.iter().position(|&b| b == b'\n' || b == b'\r')?;
    Some(match (chunk[i], chunk.get(i + 1)) {
        (b'\r', Some(b'\n')) => (i, i + 2, false),
        (b'\r', None) => (i, i + 1, true),
        _ => (i, i + 1, false),
    })
}

/// After a line that broke at a `\r` ending the buffered bytes: drops the `\n` of a `\r\n` split
/// between two reads, so that it does not read as an empty line of its own.
fn skip_split_lf<R: BufRead>(r: &mut R) -> io::Result<()> {
    if fill(r)?.first() == Some(&b'\n') {
        r.consume(1);
    }
    Ok(())
}

/// Reads one line (without keeping more than `cap` bytes of it) into `buf`.
/// Returns `None` at the end of input, else whether the line was cut.
/// The line starts at `buf[start]`: earlier bytes do not count against the cap.
pub(super) fn read_line_capped<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    start: usize,
    cap: usize,
) -> io::Result<Option<bool>> {
    let mut any = false;
    let mut cut = false;
    loop {
        let chunk = fill(r)?;
        if chunk.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let (take, end, split) = match line_break(chunk) {
            Some((_, take, split)) => (take, true, split),
            None => (chunk.len(), false, false),
        };
        let room = cap.saturating_sub(buf.len() - start);
        if room < take {
            cut = true;
        }
        buf.extend_from_slice(&chunk[..take.min(room)]);
        r.consume(take);
        if split {
            skip_split_lf(r)?;
        }
        if end {
            return Ok(Some(cut));
        }
    }
}

/// Reads the next piece of a line into `buf`: through its newline, or `cap` bytes if the line is
/// longer (the rest stays in `r` for the next call). Returns `None` at the end of input, else whether
/// the piece ends its line (a newline, or the input's end).
pub(super) fn read_piece<R: BufRead>(r: &mut R, buf: &mut Vec<u8>, cap: usize) -> io::Result<Option<bool>> {
    let start = buf.len();
    loop {
        let chunk = fill(r)?;
        if chunk.is_empty() {
            return Ok((buf.len() > start).then_some(true));
        }
        let room = cap.saturating_sub(buf.len() - start);
        if room == 0 {
            return Ok(Some(false));
        }
        let (take, end, split) = match line_break(chunk) {
            Some((i, take, split)) if i < room => (take, true, split),
            _ => (chunk.len().min(room), false, false),
        };
        buf.extend_from_slice(&chunk[..take]);
        r.consume(take);
        if split {
            skip_split_lf(r)?;
        }
        if end {
            return Ok(Some(true));
        }
    }
}

/// Drops the rest of the current line (through its newline) from `r`.
pub(super) fn skip_rest_of_line<R: BufRead>(r: &mut R) -> io::Result<()> {
    loop {
        let chunk = fill(r)?;
        if chunk.is_empty() {
            return Ok(());
        }
        match line_break(chunk) {
            Some((_, take, split)) => {
                r.consume(take);
                return if split { skip_split_lf(r) } else { Ok(()) };
            }
            None => {
                let n = chunk.len();
                r.consume(n);
            }
        }
    }
}

pub(super) fn trim_eol(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && (line[end - 1] == b'\n' || line[end - 1] == b'\r') {
        end -= 1;
    }
    &line[..end]
}

pub(super) fn is_blank_or_comment(line: &[u8]) -> bool {
    match line.iter().position(|b| !b.is_ascii_whitespace()) {
        None => true,
        Some(i) => line[i] == b'#',
    }
}

/// Whether a line of grid art is a rule between rows: rule characters (`-`, `=`, `+`, `|`) and
/// corners only, with some `-`, `=` or `+` (a row of `.` blanks is no rule). The corners are
/// Simple Sudoku's `*` and HoDoKu's `.`, `:` and `'` (its formatted grids start with
/// `.-------.-------.-------.`).
///
/// ```
/// use sudokit::parse::is_art_separator;
/// assert!(is_art_separator(b"+-------+-------+-------+"));
/// assert!(is_art_separator(b":-------+-------+-------:"));
/// assert!(!is_art_separator(b"| . . . | . . . | . . . |"));
/// ```
pub fn is_art_separator(line: &[u8]) -> bool {
    line.iter().all(|b| b" \t-=+|*.:'".contains(b)) && line.iter().any(|b| b"-=+".contains(b))
}

/// How a line is cut into tokens ([`tokens`]): how many, and the length of the first.
pub(super) fn token_layout(toks: &[(usize, &[u8])]) -> (usize, usize) {
    (toks.len(), toks.first().map_or(0, |t| t.1.len()))
}

pub(super) fn tokens<'a>(line: &'a [u8], extra_sep: &[u8]) -> Vec<(usize, &'a [u8])> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in line.iter().enumerate() {
        let sep = b.is_ascii_whitespace() || extra_sep.contains(&b);
        match (sep, start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

/// Splits a line before its last whitespace-separated token: `(the rest, trimmed; the token)`.
pub(super) fn split_last_token(line: &[u8]) -> (&[u8], &[u8]) {
    let end = line.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |e| e + 1);
    let start = line[..end].iter().rposition(u8::is_ascii_whitespace).map_or(0, |s| s + 1);
    let rest = &line[..start];
    let rest_end = rest.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |e| e + 1);
    (&rest[..rest_end], &line[start..end])
}

pub(super) fn trim_start(line: &[u8]) -> &[u8] {
    let i = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
    &line[i..]
}

/// The lines of a text input, broken where [`PuzzleReader`](super::PuzzleReader) breaks them: at
/// `\n`, `\r\n` or a lone `\r`. [`BufRead::lines`] breaks at `\n` alone, so an old Mac file would
/// be one line. Lines come without their line ends; one that is not UTF-8 is an
/// [`InvalidData`](io::ErrorKind::InvalidData) error, as with [`BufRead::lines`].
///
/// ```
/// use sudokit::parse::TextLines;
/// let lines: Vec<String> = TextLines::new("a\r\nb\rc\n".as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(lines, ["a", "b", "c"]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct TextLines<R> {
    input: R,
}

impl<R: BufRead> TextLines<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> Self {
        TextLines { input }
    }
}

impl<R: BufRead> Iterator for TextLines<R> {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<io::Result<String>> {
        let mut buf = Vec::new();
        // No cap: the caller keeps each line whole, as `BufRead::lines` does.
        match read_line_capped(&mut self.input, &mut buf, 0, usize::MAX) {
            Ok(None) => None,
            Ok(Some(_)) => {
                let end = trim_eol(&buf).len();
                buf.truncate(end);
                Some(String::from_utf8(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e)))
            }
            Err(e) => Some(Err(e)),
        }
    }
}
