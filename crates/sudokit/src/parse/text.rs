//! Line-level text helpers: capped line reads (no line is kept past [`MAX_LINE`](super::MAX_LINE)
//! bytes), comments and blank lines, tokens.

use std::io::{self, BufRead};

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
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = cap.saturating_sub(buf.len() - start);
        if room < take {
            cut = true;
        }
        buf.extend_from_slice(&chunk[..take.min(room)]);
        r.consume(take);
        if end {
            return Ok(Some(cut));
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

pub(super) fn is_art_separator(line: &[u8]) -> bool {
    line.iter().all(|b| b" \t-=+|*".contains(b)) && line.iter().any(|b| b"-=+".contains(b))
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
