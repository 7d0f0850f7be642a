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
mod int;
mod locate;
mod read;
mod table;
mod write;

pub use dto::*;
pub use locate::locate;

use crate::Game;

/// Why JSON could not be read as a game.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// Not JSON, or not the long form's shape (serde_json's message gives line and column).
    #[error("{0}")]
    Syntax(#[from] serde_json::Error),
    /// Well-formed, but a value is wrong.
    #[error("{path}: {message}")]
    Invalid {
        /// Where, as a JSON path such as `startingPosition."1,2"`.
        path: String,
        /// What is wrong.
        message: String,
    },
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
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// The game as indented JSON.
pub fn to_json_string_pretty(game: &Game) -> String {
    let standing = game.position.standing();
    serde_json::to_string_pretty(&write::to_dto(game, &standing))
        .expect("the long form always serialises")
}

/// Appends the game as one line of JSON to `out`.
pub fn write_json(game: &Game, out: &mut Vec<u8>) {
    let standing = game.position.standing();
    serde_json::to_writer(out, &write::to_dto(game, &standing))
        .expect("writing to a Vec cannot fail");
}

/// Reads a game from the JSON long form.
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
    let dto: JsonGame<'_> = serde_json::from_str(text)?;
    read::from_dto(dto, resolver)
}

/// The JSON Schema of the long form, generated from the serde types.
pub fn schema() -> serde_json::Value {
    let schema = schemars::schema_for!(JsonGame<'static>);
    serde_json::to_value(schema).expect("a schema serialises")
}
