//! The `state` property ([`STATE_PROPERTY`]): what a position holds that
//! ICN's fields cannot say — pieces in hand, pieces marked promoted, a
//! Makruk count in progress and the piece en passant takes when it is not
//! right behind the square — in the property block of the spec dialect (and
//! of the union the `auto` dialect reads), read back into the position:
//!
//! ```text
//! w {"state": {"holdings": {"N": 1, "n": 2}, "promoted": {"4,8": "P"}, "count": {"limit": 16, "ply": 3}, "enPassantVictim": "5,4"}} K5,1|…
//! ```
//!
//! `holdings` maps a piece code (its case or numeric prefix naming the
//! player, as in the piece list) to how many are in hand; `promoted` maps a
//! square of the piece list to the kind its piece promoted from; every key
//! may be left out. The site dialect has no property block: writing such a
//! position there is refused, naming what it holds.

use serde_json::{Map, Value, json};

use crate::{Coord, Count, Piece, PieceKind, Position};

/// The property's name.
pub const STATE_PROPERTY: &str = "state";

/// The property's value for `pos`, when it holds anything the fields cannot
/// say.
///
/// ```
/// use icn_model::{Coord, Piece, PieceKind, Player, Position};
/// use icn_model::state_property::{apply_state, state_json};
/// let mut pos = Position::default();
/// pos.holdings.add(Piece::new(PieceKind::Knight, Player::BLACK), 2);
/// let v = state_json(&pos).unwrap();
/// assert_eq!(v.to_string(), r#"{"holdings":{"n":2}}"#);
/// let mut back = Position::default();
/// apply_state(&v, &mut back).unwrap();
/// assert_eq!(back, pos);
/// assert!(state_json(&Position::default()).is_none());
/// ```
pub fn state_json(pos: &Position) -> Option<Value> {
    let mut out = Map::new();
    if !pos.holdings.is_empty() {
        let held = pos.holdings.iter().map(|(p, n)| (p.code(), json!(n)));
        out.insert("holdings".into(), Value::Object(held.collect()));
    }
    let promoted: Map<String, Value> = pos
        .pieces
        .iter()
        .filter_map(|p| Some((p.at.to_string(), json!(p.promoted_from?.code()))))
        .collect();
    if !promoted.is_empty() {
        out.insert("promoted".into(), Value::Object(promoted));
    }
    if let Some(c) = pos.count {
        out.insert("count".into(), json!({"limit": c.limit, "ply": c.ply}));
    }
    if let Some(v) = &pos.en_passant_victim {
        out.insert("enPassantVictim".into(), json!(v.to_string()));
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// Puts the property's value `v` into `pos` (whose pieces are already
/// placed).
///
/// # Errors
/// What does not read, with its key path: an unknown key, a bad piece code,
/// count or square, a promoted mark on a square no piece stands on.
pub fn apply_state(v: &Value, pos: &mut Position) -> Result<(), String> {
    let o = v.as_object().ok_or("`state` must be an object")?;
    if let Some(k) = o
        .keys()
        .find(|k| !["holdings", "promoted", "count", "enPassantVictim"].contains(&k.as_str()))
    {
        return Err(format!(
            "`state.{k}`: unknown key; expected holdings, promoted, count or enPassantVictim"
        ));
    }
    let object = |key: &str| -> Result<Option<&Map<String, Value>>, String> {
        match o.get(key) {
            None => Ok(None),
            Some(Value::Object(m)) => Ok(Some(m)),
            Some(_) => Err(format!("`state.{key}` must be an object")),
        }
    };
    let number = |v: &Value, at: &str| -> Result<u32, String> {
        v.as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("`{at}` must be a count"))
    };
    let square = |s: &str, at: &str| {
        Coord::parse(s).map_err(|_| format!("`{at}`: `{s}` is not a square (x,y)"))
    };
    if let Some(held) = object("holdings")? {
        for (code, n) in held {
            let at = format!("state.holdings.{code}");
            let piece = Piece::from_code(code).map_err(|e| format!("`{at}`: {e}"))?;
            pos.holdings.add(piece, number(n, &at)?);
        }
    }
    if let Some(marks) = object("promoted")? {
        for (sq, kind) in marks {
            let at = format!("state.promoted.{sq}");
            let c = square(sq, &at)?;
            let code = kind
                .as_str()
                .ok_or_else(|| format!("`{at}` must be a piece code"))?;
            let from = PieceKind::custom(code).map_err(|e| format!("`{at}`: {e}"))?;
            let piece = pos
                .pieces
                .iter_mut()
                .find(|p| p.at == c)
                .ok_or_else(|| format!("`{at}`: no piece stands on {c}"))?;
            piece.promoted_from = Some(from);
        }
    }
    if let Some(c) = object("count")? {
        let get = |k: &str| {
            c.get(k)
                .ok_or_else(|| format!("`state.count.{k}` is missing"))
                .and_then(|v| number(v, &format!("state.count.{k}")))
        };
        pos.count = Some(Count {
            limit: get("limit")?,
            ply: get("ply")?,
        });
    }
    if let Some(v) = o.get("enPassantVictim") {
        let s = v
            .as_str()
            .ok_or("`state.enPassantVictim` must be a square (x,y)")?;
        pos.en_passant_victim = Some(square(s, "state.enPassantVictim")?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_values_are_named_by_their_path() {
        let mut pos = Position::default();
        for (v, at) in [
            (json!({"holdings": {"n!": 1}}), "state.holdings.n!"),
            (json!({"holdings": {"n": -1}}), "state.holdings.n"),
            (json!({"promoted": {"9,9": "P"}}), "state.promoted.9,9"),
            (json!({"promoted": {"x": "P"}}), "state.promoted.x"),
            (json!({"count": {"limit": 3}}), "state.count.ply"),
            (json!({"enPassantVictim": 4}), "state.enPassantVictim"),
            (json!({"hand": {}}), "state.hand"),
        ] {
            let e = apply_state(&v, &mut pos).unwrap_err();
            assert!(e.contains(at), "{v}: {e}");
        }
    }
}
