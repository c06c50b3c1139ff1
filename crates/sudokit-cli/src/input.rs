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

/// Opens a file, or standard input for `-`.
pub fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    if is_stdin(path) {
        return Ok(Box::new(io::stdin()));
    }
    if path.is_dir() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "a directory, not a file of puzzles"));
    }
    Ok(Box::new(File::open(path)?))
}
