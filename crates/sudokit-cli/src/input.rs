//! Opening the inputs named on the command line: every command reads files and `-` the same way.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The inputs to read: the files given, or `-` (standard input) when there are none.
pub fn paths(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// Whether `path` names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name an input: its path, or `<stdin>`.
pub fn name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Opens a file, or standard input for `-`, as text: gzip-compressed input is decompressed.
pub fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    if is_stdin(path) {
        return sudokit::parse::decompressed(io::stdin());
    }
    if path.is_dir() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "a directory, not a file of puzzles"));
    }
    sudokit::parse::decompressed(File::open(path)?)
}
