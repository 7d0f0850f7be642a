//! Where a command reads from: the file named on the command line, or
//! standard input when the name is `-` or missing.
//!
//! Errors are named after their origin, which is the path as given or
//! `<stdin>`. A whole document must be UTF-8; a text that is not is invalid
//! input (exit 1) with the line and column of the first bad byte, not an I/O
//! error. A UTF-8 byte-order mark at the start is skipped.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use icn_syntax::line_col;

/// The UTF-8 byte-order mark, skipped at the start of an input.
pub const BOM_BYTES: &[u8] = "\u{feff}".as_bytes();

/// Size of the read buffer. `--lines` reads larger blocks than this, which
/// go straight into its batch (see `lines::READ_BLOCK`); others read the
/// whole input at once.
const READ_BUFFER: usize = 1 << 16;

/// An opened input.
pub struct Input {
    /// How errors name the input: the path as given, or `<stdin>`.
    pub origin: String,
    /// The file's size in bytes, when it is a file.
    pub size: Option<u64>,
    reader: Box<dyn BufRead + Send>,
}

impl Input {
    /// Opens `path`, or standard input when it is `None` or `-`.
    ///
    /// # Errors
    /// When the file cannot be opened; the message names the path.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Input> {
        match path {
            None => Ok(Input::stdin()),
            Some(p) if p == Path::new("-") => Ok(Input::stdin()),
            Some(p) => {
                let file =
                    File::open(p).with_context(|| format!("cannot open `{}`", p.display()))?;
                Ok(Input {
                    origin: p.display().to_string(),
                    size: file.metadata().ok().map(|m| m.len()),
                    reader: Box::new(BufReader::with_capacity(READ_BUFFER, file)),
                })
            }
        }
    }

    fn stdin() -> Input {
        Input {
            origin: "<stdin>".to_string(),
            size: None,
            reader: Box::new(BufReader::with_capacity(READ_BUFFER, io::stdin())),
        }
    }

    /// The start of the input (up to the read buffer's size), without
    /// consuming it: what notation detection looks at.
    ///
    /// # Errors
    /// Reading failed.
    pub fn peek(&mut self) -> io::Result<&[u8]> {
        self.reader.fill_buf()
    }

    /// The buffered reader, for line-by-line processing.
    pub fn into_reader(self) -> Box<dyn BufRead + Send> {
        self.reader
    }

    /// Reads everything as one text.
    ///
    /// # Errors
    /// The outer error is an I/O failure (exit 2); the inner one, a text that
    /// is not UTF-8, rendered as `origin:line:col: message` (exit 1).
    pub fn read_text(mut self) -> anyhow::Result<Result<String, String>> {
        let mut bytes = Vec::new();
        self.reader
            .read_to_end(&mut bytes)
            .with_context(|| format!("cannot read {}", self.origin))?;
        // A UTF-8 byte-order mark is not part of the text.
        if bytes.starts_with(BOM_BYTES) {
            bytes.drain(..BOM_BYTES.len());
        }
        Ok(String::from_utf8(bytes).map_err(|e| {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            // The valid prefix is UTF-8, so line and column can be counted in it.
            let prefix = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            format!(
                "{}:{}: input is not valid UTF-8",
                self.origin,
                line_col(prefix, valid)
            )
        }))
    }
}

/// The path argument shared by every command: a file, `-` or nothing (stdin).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct InputArg {
    /// The input file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

impl InputArg {
    /// Opens the input.
    ///
    /// # Errors
    /// As [`Input::open`].
    pub fn open(&self) -> anyhow::Result<Input> {
        Input::open(self.file.as_deref())
    }
}
