//! Puzzle files as they are shipped: big collections often come gzip-compressed (`.gz`), and are
//! read as the text they hold, told by gzip's two magic bytes rather than by the file's name, so
//! that standard input and files without the suffix read too. Text saved as UTF-16 (what Windows
//! PowerShell's `>` writes) is told by its byte-order mark, or without one by a zero byte beside
//! its first character (no puzzle text has one), and read as the same text in UTF-8.

use std::io::{self, Cursor, Read};

use encoding_rs_io::DecodeReaderBytesBuilder;
use flate2::read::MultiGzDecoder;

/// The first two bytes of every gzip member (RFC 1952). No puzzle text starts with them: `0x1f` is
/// a control character and `0x8b` cannot start a UTF-8 character.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The byte-order marks of UTF-16, little- and big-endian. Neither byte is ever in UTF-8 text.
const UTF16_BOMS: [[u8; 2]; 2] = [[0xff, 0xfe], [0xfe, 0xff]];

/// `input`'s text: decompressed when it is gzip (one member or several, as `cat a.gz b.gz` makes),
/// transcoded to UTF-8 when it is UTF-16 (compressed or not), told by its byte-order mark, or
/// without one by its first two bytes, an ASCII character and a zero byte in either order, else
/// as it comes. Reads at most two bytes ahead to tell, and waits for the second only when the first
/// may start gzip, a mark or big-endian UTF-16 (a zero byte), so a terminal's first line is not held
/// back: little-endian UTF-16 without a mark is told only when the first read brings both bytes, as
/// a file's does. A cut or damaged gzip stream is an I/O error where
/// it is met, after the text before it.
///
/// ```
/// use std::io::{Read, Write};
/// use flate2::{write::GzEncoder, Compression};
///
/// let mut gz = GzEncoder::new(Vec::new(), Compression::default());
/// gz.write_all(b"1.34341221434321\n")?;
/// let compressed = gz.finish()?;
/// let utf16: Vec<u8> =
///     [0xff, 0xfe].into_iter().chain("1.34341221434321\n".bytes().flat_map(|b| [b, 0])).collect();
/// for bytes in [&compressed[..], &utf16[..], b"1.34341221434321\n"] {
///     let mut text = String::new();
///     sudokit::parse::decompressed(bytes)?.read_to_string(&mut text)?;
///     assert_eq!(text, "1.34341221434321\n");
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decompressed<'a, R: Read + Send + 'a>(input: R) -> io::Result<Box<dyn Read + Send + 'a>> {
    let (head, whole) = peek(input)?;
    if head == GZIP_MAGIC {
        return utf8(MultiGzDecoder::new(whole));
    }
    Ok(text(head, whole))
}

/// `input` as UTF-8 text: transcoded when it is UTF-16.
fn utf8<'a, R: Read + Send + 'a>(input: R) -> io::Result<Box<dyn Read + Send + 'a>> {
    let (head, whole) = peek(input)?;
    Ok(text(head, whole))
}

/// `whole`, which starts with `head`, as UTF-8 text: UTF-16 with or without its byte-order mark is
/// transcoded (the mark dropped), anything else comes as it is.
fn text<'a, R: Read + Send + 'a>(head: [u8; 2], whole: R) -> Box<dyn Read + Send + 'a> {
    if UTF16_BOMS.contains(&head) {
        Box::new(DecodeReaderBytesBuilder::new().bom_sniffing(true).build(whole))
    } else if let Some(encoding) = utf16_without_mark(head) {
        Box::new(DecodeReaderBytesBuilder::new().encoding(Some(encoding)).build(whole))
    } else {
        Box::new(whole)
    }
}

/// The first two bytes of `input` (fewer at its end: padded with zeros, which start nothing told
/// apart here) and `input` whole again. The second byte is waited for only when the first may start
/// gzip's magic or UTF-16 (a mark, or a zero byte).
fn peek<R: Read>(mut input: R) -> io::Result<([u8; 2], impl Read)> {
    let mut head = [0u8; 2];
    let mut len = 0;
    while len < head.len() {
        match input.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
        if ![GZIP_MAGIC[0], UTF16_BOMS[0][0], UTF16_BOMS[1][0], 0].contains(&head[0]) {
            break;
        }
    }
    let whole = Cursor::new(head).take(len as u64).chain(input);
    Ok((if len == 2 { head } else { [0, 0] }, whole))
}

/// The UTF-16 encoding of text without a byte-order mark that starts with `head`: an ASCII
/// character beside a zero byte, as no text in UTF-8 starts.
fn utf16_without_mark(head: [u8; 2]) -> Option<&'static encoding_rs::Encoding> {
    match head {
        [c, 0] if c != 0 && c.is_ascii() => Some(encoding_rs::UTF_16LE),
        [0, c] if c != 0 && c.is_ascii() => Some(encoding_rs::UTF_16BE),
        _ => None,
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

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let units = std::iter::once(0xfeff).chain(text.encode_utf16());
        units.flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
    }

    #[test]
    fn utf16_with_its_mark_reads_as_utf8_without_it() {
        let text = "1.34341221434321\r\n# é, ★ and 𝄞 too\n";
        for big_endian in [false, true] {
            let bytes = utf16(text, big_endian);
            assert_eq!(read_all(&bytes).expect("utf-16"), text.as_bytes());
            assert_eq!(read_all(&gzip(&bytes)).expect("gzip of utf-16"), text.as_bytes());
            let mut out = Vec::new();
            decompressed(Trickle(&bytes)).expect("utf-16").read_to_end(&mut out).expect("utf-16");
            assert_eq!(out, text.as_bytes());
        }
        // A cut last unit and a lone surrogate are replacement characters, not an error.
        let mut odd = utf16("12", false);
        odd.push(b'3');
        assert_eq!(String::from_utf8(read_all(&odd).expect("utf-16")).expect("utf-8"), "12\u{fffd}");
        let lone: Vec<u8> = [0xfeff_u16, 0xd800, 0x31].iter().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(String::from_utf8(read_all(&lone).expect("utf-16")).expect("utf-8"), "\u{fffd}1");
        // Short inputs that start like a mark come as they are.
        for text in [&b"\xff"[..], b"\xfe", b"\xff1", b"\xfe1"] {
            assert_eq!(read_all(text).expect("plain"), text);
        }
    }

    #[test]
    fn utf16_without_its_mark_is_told_by_its_zero_bytes() {
        let text = "1.34341221434321\n# é\n";
        for big_endian in [false, true] {
            let bytes: Vec<u8> = utf16(text, big_endian)[2..].to_vec();
            assert_eq!(read_all(&bytes).expect("utf-16"), text.as_bytes(), "big endian: {big_endian}");
            assert_eq!(read_all(&gzip(&bytes)).expect("gzip of utf-16"), text.as_bytes());
        }
        // Big-endian starts with the zero byte, so the second is waited for, even one byte a read.
        let bytes: Vec<u8> = utf16(text, true)[2..].to_vec();
        let mut out = Vec::new();
        decompressed(Trickle(&bytes)).expect("utf-16").read_to_end(&mut out).expect("utf-16");
        assert_eq!(out, text.as_bytes());
        // Zero bytes that are not beside an ASCII character are no text either way: as they are.
        for bytes in [&b"\0\0\x01"[..], b"\0\xe9", b"\0"] {
            assert_eq!(read_all(bytes).expect("as it is"), bytes);
        }
    }
}
