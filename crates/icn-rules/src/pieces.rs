//! The `pieces` property of ICN's `{…}` block: a variant's own pieces,
//! written in the spec dialect (the site dialect has no property block).
//!
//! ```text
//! w {"pieces": {"WZ": {"name": "Wazir", "movement": {…}}, "K": {"royal": false}}} K5,1|WZ2,2|k5,8|wz7,7
//! ```
//!
//! Each key is a piece code (1 to 7 letters, any case; read as upper case).
//! Its value is an object with:
//!
//! * `movement`: the movement in the movement algebra's JSON form (the form
//!   of `movements` in the JSON rule form, [`crate::json`]). Required for a
//!   code that is not built-in; for a built-in code it replaces the built-in
//!   movement.
//! * `royal`: `true` or `false`; left out, the kind keeps its default (only
//!   king, royal queen and royal centaur are royal).
//! * `name`: what the piece is called (`"Wazir"`), optional.
//!
//! Any other key, a code that is not letters, or a value of the wrong type is
//! refused, naming the entry. [`read_pieces`] puts the definitions into a
//! [`RuleSet`] and [`pieces_property`] writes them back: reading what it
//! writes gives the same rule set.

use serde_json::{Map, Value};

use icn_model::PieceKind;

use crate::lower::LowerError;
use crate::movement::{Movement, royal_by_default};
use crate::rules::RuleSet;

/// The property's name.
pub const PROPERTY: &str = "pieces";

fn bad(found: String) -> LowerError {
    LowerError::BadProperty {
        name: PROPERTY,
        expected: "an object of piece codes, each {\"movement\": …, \"royal\": true|false, \"name\": \"…\"} (a code that is not built-in needs a movement)",
        found,
    }
}

/// Reads a `pieces` property into `rules`: movements, royalty and names.
///
/// # Errors
/// Every entry that does not read, each named (see the module docs).
///
/// ```
/// use icn_rules::{pieces::read_pieces, RuleSet, movement::Movement};
/// use icn_model::PieceKind;
/// let wazir = serde_json::to_value(Movement::leaper(1, 0)).unwrap();
/// let v = serde_json::json!({"WZ": {"name": "Wazir", "movement": wazir, "royal": true}});
/// let mut r = RuleSet::default();
/// read_pieces(&v, &mut r).unwrap();
/// let wz = PieceKind::custom("WZ").unwrap();
/// assert!(r.defines(wz) && r.is_royal(wz));
/// assert_eq!(r.piece_name(wz), "Wazir");
/// ```
pub fn read_pieces(value: &Value, rules: &mut RuleSet) -> Result<(), Vec<LowerError>> {
    let Value::Object(entries) = value else {
        return Err(vec![bad(value.to_string())]);
    };
    let mut errors = Vec::new();
    for (code, entry) in entries {
        if let Err(e) = read_entry(code, entry, rules) {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn read_entry(code: &str, entry: &Value, rules: &mut RuleSet) -> Result<(), LowerError> {
    let whole = || format!("\"{code}\": {entry}");
    let kind = PieceKind::custom(code).map_err(|e| bad(format!("{} ({e})", whole())))?;
    let Value::Object(o) = entry else {
        return Err(bad(whole()));
    };
    if let Some(k) = o
        .keys()
        .find(|k| !["movement", "royal", "name"].contains(&k.as_str()))
    {
        return Err(bad(format!("{} (unknown key `{k}`)", whole())));
    }
    match o.get("movement") {
        Some(m) => {
            let movement: Movement = serde_json::from_value(m.clone())
                .map_err(|e| bad(format!("{} (not a movement: {e})", whole())))?;
            rules.movements.insert(kind, movement);
        }
        None if !kind.is_builtin() => {
            return Err(bad(format!(
                "{} (`{}` is not built-in: it needs a movement)",
                whole(),
                kind.code()
            )));
        }
        None => {}
    }
    match o.get("royal") {
        Some(Value::Bool(true)) => {
            rules.royals.insert(kind);
        }
        Some(Value::Bool(false)) => {
            rules.royals.remove(&kind);
        }
        Some(_) => return Err(bad(format!("{} (`royal` is true or false)", whole()))),
        None => {}
    }
    match o.get("name") {
        Some(Value::String(n)) => {
            rules.piece_names.insert(kind, n.clone());
        }
        Some(_) => return Err(bad(format!("{} (`name` is a string)", whole()))),
        None => {}
    }
    Ok(())
}

/// The `pieces` property that says what `rules` holds about pieces beyond
/// the built-in library: every movement that differs, every kind whose
/// royalty is not its default, every name. `None` when there is nothing to say.
pub fn pieces_property(rules: &RuleSet) -> Option<Value> {
    let mut kinds: Vec<PieceKind> = rules.movements.keys().copied().collect();
    let royalty_differs = |k: &PieceKind| rules.is_royal(*k) != royal_by_default(*k);
    let extra = PieceKind::ALL
        .into_iter()
        .filter(royalty_differs)
        .chain(rules.royals.iter().copied().filter(royalty_differs))
        .chain(rules.piece_names.keys().copied());
    for k in extra {
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    if kinds.is_empty() {
        return None;
    }
    let mut out = Map::new();
    for k in kinds {
        let mut entry = Map::new();
        if let Some(n) = rules.piece_names.get(&k) {
            entry.insert("name".into(), Value::from(n.as_str()));
        }
        if let Some(m) = rules.movements.get(&k) {
            entry.insert(
                "movement".into(),
                serde_json::to_value(m).unwrap_or(Value::Null),
            );
        }
        if royalty_differs(&k) {
            entry.insert("royal".into(), Value::Bool(rules.is_royal(k)));
        }
        out.insert(k.code().to_string(), Value::Object(entry));
    }
    Some(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_pieces_read_back_the_same() {
        let mut r = RuleSet::default();
        let wz = PieceKind::custom("WZ").unwrap();
        r.movements.insert(wz, Movement::leaper(1, 0));
        r.movements.insert(PieceKind::Rook, Movement::leaper(1, 3));
        r.piece_names.insert(wz, "Wazir".into());
        r.royals.insert(wz);
        r.royals.remove(&PieceKind::King);
        let v = pieces_property(&r).unwrap();
        assert_eq!(v["WZ"]["royal"], true);
        assert_eq!(v["K"]["royal"], false);
        let mut back = RuleSet::default();
        read_pieces(&v, &mut back).unwrap();
        assert_eq!(back, r);
        assert_eq!(pieces_property(&RuleSet::default()), None);
    }

    #[test]
    fn refuses_entries_that_do_not_read() {
        let mut r = RuleSet::default();
        let v = serde_json::json!({
            "WZ": {"royal": true},
            "K1": {"royal": true},
            "Q": {"royal": 1},
            "N": {"speed": 3},
            "R": {"movement": 7},
        });
        let e = read_pieces(&v, &mut r).unwrap_err();
        let messages: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        assert_eq!(messages.len(), 5, "{messages:?}");
        assert!(messages[0].contains("needs a movement"), "{}", messages[0]);
        assert!(
            messages[1].contains("cannot be a piece code"),
            "{}",
            messages[1]
        );
        assert!(messages[2].contains("true or false"), "{}", messages[2]);
        assert!(
            messages[3].contains("unknown key `speed`"),
            "{}",
            messages[3]
        );
        assert!(messages[4].contains("not a movement"), "{}", messages[4]);
    }
}
