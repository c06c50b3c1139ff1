//! Puzzle files as they are shipped: big collections often come gzip-compressed (`.gz`), and are
//! read as the text they hold, told by gzip's two magic bytes rather than by the file's name, so
//! that standard input and files without the suffix read too.

use std::io::{self, Cursor, Read};

use flate2::read::MultiGzDecoder;

/// The first two bytes of every gzip member (RFC 1952). No puzzle text starts with them: `0x1f` is
/// a control character and `0x8b` cannot start a UTF-8 character.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// `input`'s text: decompressed when it is gzip (one member or several, as `cat a.gz b.gz` makes),
/// else as it comes. Reads at most two bytes ahead to tell, and only one when the first is not
/// gzip's, so a terminal's first line is not held back. A cut or damaged gzip stream is an I/O
/// error where it is met, after the text before it.
///
/// ```
/// use std::io::{Read, Write};
/// use flate2::{write::GzEncoder, Compression};
///
/// let mut gz = GzEncoder::new(Vec::new(), Compression::default());
/// gz.write_all(b"1.34341221434321\n")?;
/// let compressed = gz.finish()?;
/// for bytes in [&compressed[..], b"1.34341221434321\n"] {
///     let mut text = String::new();
///     sudokit::parse::decompressed(bytes)?.read_to_string(&mut text)?;
///     assert_eq!(text, "1.34341221434321\n");
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decompressed<'a, R: Read + Send + 'a>(mut input: R) -> io::Result<Box<dyn Read + Send + 'a>> {
    let mut head = [0u8; 2];
    let mut len = 0;
    while len < head.len() {
        match input.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
        if head[0] != GZIP_MAGIC[0] {
            break;
        }
    }
    let whole = Cursor::new(head).take(len as u64).chain(input);
    if head[..len] == GZIP_MAGIC {
        Ok(Box::new(MultiGzDecoder::new(whole)))
    } else {
        Ok(Box::new(whole))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::GzEncoder;
    use flate2::Compression;
    use std::io::Write;

    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(text).expect("to memory");
        gz.finish().expect("to memory")
    }

    fn read_all(bytes: &[u8]) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        decompressed(bytes)?.read_to_end(&mut out)?;
        Ok(out)
    }

    /// Gives its bytes one at a time, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else { return Ok(0) };
            match buf.first_mut() {
                Some(b) => *b = first,
                None => return Ok(0),
            }
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn plain_text_and_short_inputs_come_as_they_are() {
        for text in [&b""[..], b"1", b"\x1f", b"\x1f.", b"1.34\n", b"\x8b\x1f"] {
            assert_eq!(read_all(text).expect("plain"), text);
        }
    }

    #[test]
    fn gzip_members_are_decompressed_one_after_another() {
        let mut both = gzip(b"first\n");
        both.extend(gzip(b"second\n"));
        assert_eq!(read_all(&both).expect("gzip"), b"first\nsecond\n");
        let mut out = Vec::new();
        decompressed(Trickle(&both)).expect("gzip").read_to_end(&mut out).expect("gzip");
        assert_eq!(out, b"first\nsecond\n");
    }

    #[test]
    fn a_damaged_stream_is_an_error_after_the_text_before_it() {
        let text: Vec<u8> = (0..2000).flat_map(|i| format!("line {i}\n").into_bytes()).collect();
        let whole = gzip(&text);
        let cut = &whole[..whole.len() / 2];
        let mut out = Vec::new();
        let mut reader = decompressed(cut).expect("header");
        let mut buf = [0u8; 64];
        let error = loop {
            match reader.read(&mut buf) {
                Ok(0) => panic!("a cut stream must not end cleanly"),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) => break e,
            }
        };
        assert!(matches!(
            error.kind(),
            io::ErrorKind::UnexpectedEof | io::ErrorKind::InvalidData | io::ErrorKind::InvalidInput
        ));
        assert!(!out.is_empty() && text.starts_with(&out));
    }
}
