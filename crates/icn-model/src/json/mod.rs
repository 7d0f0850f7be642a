//! The JSON long form of a game (see `docs/json.md` and
//! `docs/icn.schema.json`). When a position fits the original converter's
//! shape (two players alternating, at most one promotion rank each) it is
//! written exactly in that shape: `metadata`, `turn`, optional `enpassant`,
//! `moveRule` `"N/M"`, `fullMove`, `gameRules` {`promotionRanks` `[w, b]`,
//! `promotionsAllowed`, `winConditions`, and every `{...}` property},
//! `specialRights`, `startingPosition`, `moves`. Extensions (`turnOrder`,
//! per-player `promotionRanks`, `worldBorder`, `annotations`,
//! `leadingComments`, move objects, integers beyond 2^53 as strings) appear
//! only when the game needs them.

mod dto;
mod emit;
mod int;
mod locate;
mod read;
mod table;
mod token;
mod write;

pub use dto::*;
pub use locate::locate;

use crate::Game;

/// Why JSON could not be read as a game. Messages quote at most a short
/// excerpt of the input (see [`icn_syntax::cap_quotes`]).
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// Not JSON, or not the long form's shape (serde_json's message gives line and column).
    #[error("{}", syntax_text(.0))]
    Syntax(#[from] serde_json::Error),
    /// Well-formed JSON whose shape is not the long form's, at a key path
    /// such as `gameRules.winConditions.white[0]`.
    #[error("{path}: {}", syntax_text(.error))]
    Shape {
        /// Where.
        path: String,
        /// What serde_json found there (its line and column).
        error: serde_json::Error,
    },
    /// Well-formed, but a value is wrong.
    #[error("{path}: {message}")]
    Invalid {
        /// Where, as a JSON path such as `startingPosition."1,2"`.
        path: String,
        /// What is wrong.
        message: String,
    },
}

impl JsonError {
    /// What is wrong, without the line and column of a syntax error.
    ///
    /// ```
    /// use icn_model::json::from_json_str;
    /// let e = from_json_str("{\n  \"turn\": 5\n}").unwrap_err();
    /// assert_eq!(e.message(), "turn: expected a player name, found the number `5`");
    /// assert_eq!(e.location(), Some((2, 11)));
    /// ```
    pub fn message(&self) -> String {
        match self {
            JsonError::Syntax(e) => syntax_message(e),
            JsonError::Shape { path, error } => format!("{path}: {}", syntax_message(error)),
            JsonError::Invalid { path, message } => format!("{path}: {message}"),
        }
    }

    /// Line (from 1) and column (in bytes, from 1, as serde_json counts) of a
    /// syntax error, after a byte-order mark the reader skipped.
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            JsonError::Syntax(e) | JsonError::Shape { error: e, .. } if e.line() > 0 => {
                Some((e.line(), e.column()))
            }
            _ => None,
        }
    }
}

/// serde_json's message without its ` at line L column C`, quotes cut short.
fn syntax_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = match text.strip_suffix(&suffix) {
        Some(m) if e.line() > 0 => m.to_string(),
        _ => text,
    };
    icn_syntax::cap_quotes(reworded(&message))
}

/// serde's wording in this toolkit's: `unknown variant `x`, expected one of
/// `a`, `b`` becomes "unknown value `x`, expected one of: a, b", and so on.
fn reworded(message: &str) -> String {
    let list = |rest: &str| rest.replace('`', "");
    if let Some(rest) = message.strip_prefix("unknown variant ")
        && let Some((found, expected)) = rest.split_once(", expected one of ")
    {
        return format!("unknown value {found}, expected one of: {}", list(expected));
    }
    if let Some(rest) = message.strip_prefix("unknown field ")
        && let Some((found, expected)) = rest.split_once(", expected one of ")
    {
        return format!("unknown key {found}, the keys here are: {}", list(expected));
    }
    if let Some(what) = message.strip_prefix("EOF while parsing ") {
        return format!("the text ends early, inside {what}");
    }
    if let Some(field) = message.strip_prefix("missing field ") {
        return format!("the key {field} is missing here");
    }
    if let Some(rest) = message.strip_prefix("invalid type: ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        let found = found
            .replace("sequence", "an array")
            .replace("map", "an object")
            .replace("string ", "the string ")
            .replace("integer ", "the number ")
            .replace("floating point ", "the number ")
            .replace("boolean ", "");
        return format!("expected {expected}, found {found}");
    }
    message.to_string()
}

fn syntax_text(e: &serde_json::Error) -> String {
    match e.line() {
        0 => syntax_message(e),
        line => format!("{} at line {line} column {}", syntax_message(e), e.column()),
    }
}

/// The game as one line of JSON.
///
/// ```
/// use icn_model::{json, Dialect, Game};
/// let g = Game::parse("w 0/100 (8|1) K5,1+|k5,8+ 5,1>5,2", Dialect::Auto).unwrap();
/// let text = json::to_json_string(&g);
/// assert!(text.starts_with(r#"{"metadata":{},"turn":"white","moveRule":"0/100","fullMove":1,"gameRules":{"promotionRanks":[8,1]"#));
/// assert_eq!(json::from_json_str(&text).unwrap(), g);
/// ```
pub fn to_json_string(game: &Game) -> String {
    let mut out = Vec::with_capacity(128 + game.position.pieces.len() * 24);
    write_json(game, &mut out);
    String::from_utf8(out).expect("the writer copies whole strings and ASCII only")
}

/// The game as indented JSON.
pub fn to_json_string_pretty(game: &Game) -> String {
    let standing = game.position.standing();
    serde_json::to_string_pretty(&write::to_dto(game, &standing))
        .expect("the long form always serialises")
}

/// Appends the game as one line of JSON to `out`, written by hand straight
/// from the model (the same bytes as [`write_json_serde`], faster).
///
/// ```
/// use icn_model::{json, Dialect, Game};
/// let g = Game::parse("[Event \"a \\\"b\\\"\"] w K5,1+|k5,8 5,1>5,2{[%clk 0:01:02.5]}", Dialect::Auto).unwrap();
/// let (mut fast, mut reference) = (Vec::new(), Vec::new());
/// json::write_json(&g, &mut fast);
/// json::write_json_serde(&g, &mut reference);
/// assert_eq!(fast, reference);
/// ```
pub fn write_json(game: &Game, out: &mut Vec<u8>) {
    emit::write(game, out);
}

/// [`write_json`] through `serde_json` and the serde view of `dto`: the
/// reference the hand-written writer is checked against.
pub fn write_json_serde(game: &Game, out: &mut Vec<u8>) {
    let standing = game.position.standing();
    serde_json::to_writer(out, &write::to_dto(game, &standing))
        .expect("writing to a Vec cannot fail");
}

/// Reads a game from the JSON long form. A UTF-8 byte-order mark at the
/// start is skipped.
///
/// # Errors
/// [`JsonError::Syntax`] for malformed JSON or a wrong shape (with line and
/// column); [`JsonError::Invalid`] with the JSON path for a bad value.
pub fn from_json_str(text: &str) -> Result<Game, JsonError> {
    from_json_str_with(text, &mut crate::RefuseSanLike)
}

/// Reads a game from the JSON long form whose `moves` may be SAN-like
/// (`"N3,4"`, `"O-O+"`), resolving them with `resolver` (see
/// [`crate::SanLikeResolver`]).
///
/// # Errors
/// As [`from_json_str`]; a SAN-like move that does not resolve is
/// [`JsonError::Invalid`] at `moves[i]`.
pub fn from_json_str_with(
    text: &str,
    resolver: &mut dyn crate::SanLikeResolver,
) -> Result<Game, JsonError> {
    let mut de = serde_json::Deserializer::from_str(icn_syntax::strip_bom(text));
    let dto: JsonGame<'_> = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = path_text(e.path());
        let error = e.into_inner();
        if path.is_empty() || path == "." || error.is_syntax() || error.is_eof() {
            JsonError::Syntax(error)
        } else {
            JsonError::Shape { path, error }
        }
    })?;
    de.end()?;
    read::from_dto(dto, resolver)
}

/// `path` as serde_path_to_error writes it (`gameRules.winConditions.white[0]`),
/// each key cut to a short excerpt: a key may be a megabyte long.
fn path_text(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    use std::fmt::Write as _;
    let mut out = String::new();
    for (i, segment) in path.iter().enumerate() {
        let _ = match segment {
            Segment::Seq { index } => write!(out, "[{index}]"),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                let dot = if i == 0 { "" } else { "." };
                write!(out, "{dot}{}", icn_syntax::Excerpt(key))
            }
            Segment::Unknown => write!(out, "{}?", if i == 0 { "" } else { "." }),
        };
    }
    if out.is_empty() { ".".to_string() } else { out }
}

/// The JSON Schema of the long form, generated from the serde types.
pub fn schema() -> serde_json::Value {
    let schema = schemars::schema_for!(JsonGame<'static>);
    serde_json::to_value(schema).expect("a schema serialises")
}
