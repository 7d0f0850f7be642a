//! One document in either notation: ICN or the JSON long form.
//!
//! A text is JSON when its first non-blank character is `{` and the object
//! that starts there is all the text holds (blanks aside). An ICN text may
//! also start with `{` — its JSON properties field, as in
//! `{"slideLimit": 7} K1,1|k3,3` — and is then recognised by what follows
//! the object. A `{` that is never closed counts as JSON, so a truncated JSON
//! file gets a JSON error rather than an ICN one.

use icn_model::{Dialect, Game};

/// The notation a document is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Infinite Chess Notation.
    Icn,
    /// The JSON long form.
    Json,
}

/// Tells ICN from JSON (see the module docs).
pub fn detect(text: &str) -> Format {
    let trimmed = icn_syntax::strip_bom(text).trim_start();
    if !trimmed.starts_with('{') {
        return Format::Icn;
    }
    match object_end(trimmed) {
        Some(end) if !trimmed[end..].trim().is_empty() => Format::Icn,
        _ => Format::Json,
    }
}

/// The byte just past the JSON object at the start of `text`, or `None`
/// when it is not closed.
fn object_end(text: &str) -> Option<usize> {
    let mut nesting = JsonNesting::default();
    text.bytes().position(|b| nesting.feed(b)).map(|i| i + 1)
}

/// Where a JSON value closes, byte by byte: strings and their escapes are
/// skipped, `{` and `[` open, `}` and `]` close.
///
/// ```
/// use icn_adapters::document::JsonNesting;
/// let mut n = JsonNesting::default();
/// let text = br#"{"a": "}", "b": [1]} tail"#;
/// assert_eq!(text.iter().position(|&b| n.feed(b)), Some(19));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonNesting {
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl JsonNesting {
    /// Takes the next byte; `true` when it closes the outermost value.
    pub fn feed(&mut self, b: u8) -> bool {
        if self.in_string {
            match b {
                _ if self.escaped => self.escaped = false,
                b'\\' => self.escaped = true,
                b'"' => self.in_string = false,
                _ => {}
            }
            return false;
        }
        match b {
            b'"' => self.in_string = true,
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => {
                self.depth = self.depth.saturating_sub(1);
                return self.depth == 0;
            }
            _ => {}
        }
        false
    }
}

/// Reads `text` as ICN (in `dialect`) or JSON long form, whichever it is
/// ([`detect`]), SAN-like moves resolved; the error is a message.
///
/// # Errors
/// The first problem of the document, as text.
///
/// ```
/// use icn_adapters::document::read_either;
/// use icn_model::Dialect;
/// let json = r#"{"startingPosition": {"5,1": "kingsW", "5,8": "kingsB"}}"#;
/// assert_eq!(read_either(json, Dialect::Auto).unwrap().position.pieces.len(), 2);
/// assert_eq!(read_either("w K5,1|k5,8", Dialect::Auto).unwrap().position.pieces.len(), 2);
/// ```
pub fn read_either(text: &str, dialect: Dialect) -> Result<Game, String> {
    match detect(text) {
        Format::Icn => crate::sanlike_game::read_game(text, dialect).map_err(|e| e.to_string()),
        Format::Json => {
            crate::sanlike_game::read_json(text).map_err(|e| format!("invalid JSON long form: {e}"))
        }
    }
}
