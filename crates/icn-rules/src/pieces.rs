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
//! * `leavesEnPassant`, `takesEnPassant`: `true` or `false`, whether its
//!   multi-step moves leave an en passant square and whether it may capture
//!   on one; left out, only the pawn does both.
//! * `castles`: `true` or `false`, whether it castles by the site rule; left
//!   out, only the king and the royal centaur do.
//!
//! Any other key, a code that is not letters, or a value of the wrong type is
//! refused, naming the entry. [`read_pieces`] puts the definitions into a
//! [`RuleSet`] and [`pieces_property`] writes them back: reading what it
//! writes gives the same rule set.

use serde_json::{Map, Value};

use icn_model::PieceKind;

use crate::lower::LowerError;
use crate::movement::{Movement, royal_by_default};
use crate::rules::{Castling, EnPassant, RuleSet};

/// The property's name.
pub const PROPERTY: &str = "pieces";

/// The keys of an entry.
const KEYS: [&str; 6] = [
    "movement",
    "royal",
    "name",
    "leavesEnPassant",
    "takesEnPassant",
    "castles",
];

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
    if let Some(k) = o.keys().find(|k| !KEYS.contains(&k.as_str())) {
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
    for (key, set) in [
        ("leavesEnPassant", &mut rules.en_passant.leavers),
        ("takesEnPassant", &mut rules.en_passant.takers),
        ("castles", &mut rules.castling.castlers),
    ] {
        match o.get(key) {
            Some(Value::Bool(true)) => {
                set.insert(kind);
            }
            Some(Value::Bool(false)) => {
                set.remove(&kind);
            }
            Some(_) => return Err(bad(format!("{} (`{key}` is true or false)", whole()))),
            None => {}
        }
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
/// royalty, en passant or castling is not its default, every name. `None` when there is nothing to say.
pub fn pieces_property(rules: &RuleSet) -> Option<Value> {
    let mut kinds: Vec<PieceKind> = rules.movements.keys().copied().collect();
    let royalty_differs = |k: &PieceKind| rules.is_royal(*k) != royal_by_default(*k);
    let default_ep = EnPassant::default();
    let leaves = |k: &PieceKind| rules.en_passant.leavers.contains(k);
    let takes = |k: &PieceKind| rules.en_passant.takers.contains(k);
    let ep_differs = |k: &PieceKind| {
        leaves(k) != default_ep.leavers.contains(k) || takes(k) != default_ep.takers.contains(k)
    };
    let site_castlers = Castling::site().castlers;
    let castles = |k: &PieceKind| rules.castling.castlers.contains(k);
    let castling_differs = |k: &PieceKind| castles(k) != site_castlers.contains(k);
    let ep = &rules.en_passant;
    let extra = PieceKind::ALL
        .into_iter()
        .filter(|k| royalty_differs(k) || ep_differs(k) || castling_differs(k))
        .chain(rules.royals.iter().copied().filter(royalty_differs))
        .chain(
            ep.leavers
                .iter()
                .chain(&ep.takers)
                .copied()
                .filter(ep_differs),
        )
        .chain(
            rules
                .castling
                .castlers
                .iter()
                .copied()
                .filter(castling_differs),
        )
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
        if leaves(&k) != default_ep.leavers.contains(&k) {
            entry.insert("leavesEnPassant".into(), Value::Bool(leaves(&k)));
        }
        if takes(&k) != default_ep.takers.contains(&k) {
            entry.insert("takesEnPassant".into(), Value::Bool(takes(&k)));
        }
        if castling_differs(&k) {
            entry.insert("castles".into(), Value::Bool(castles(&k)));
        }
        out.insert(k.code().to_string(), Value::Object(entry));
    }
    Some(Value::Object(out))
}

/// A code for a piece of a variant's own that is neither built-in nor in
/// `taken`: the first of `wanted` (the letters the variant writes it with)
/// that is free, else the first two or three letters of `name`, the
/// initials of its words, its first letter with one or two later ones, the
/// first wanted letter with `AA`, `AB`, … after it, and only then longer
/// prefixes of the name (codes of up to three letters are what FBR can
/// write). Adapters name the
/// pieces of Sjaak and Fairy-Stockfish variants with it.
///
/// ```
/// use std::collections::BTreeSet;
/// use icn_rules::pieces::own_code;
/// let mut taken = BTreeSet::new();
/// let w = own_code(&["W"], "Wazir", &taken);
/// assert_eq!(w.code(), "W");
/// taken.insert(w);
/// assert_eq!(own_code(&["W"], "Wildebeest", &taken).code(), "WI");
/// assert_eq!(own_code(&["Q"], "Queen of the night", &taken).code(), "QU");
/// taken.extend(["YA", "YAR"].map(|c| icn_model::PieceKind::custom(c).unwrap()));
/// assert_eq!(own_code(&["+N"], "YariGoldKnight", &taken).code(), "YG");
/// ```
pub fn own_code(
    wanted: &[&str],
    name: &str,
    taken: &std::collections::BTreeSet<PieceKind>,
) -> PieceKind {
    let free = |k: &PieceKind| !k.is_builtin() && !taken.contains(k);
    let letters: String = name.chars().filter(char::is_ascii_alphabetic).collect();
    let first = wanted
        .iter()
        .find_map(|w| w.chars().find(char::is_ascii_alphabetic))
        .or_else(|| letters.chars().next())
        .unwrap_or('X');
    let from_wanted = wanted.iter().filter_map(|w| PieceKind::custom(w).ok());
    let short = letters.len().min(3);
    let from_name = (2..=short).filter_map(|n| PieceKind::custom(&letters[..n]).ok());
    // Codes of at most three letters first (what FBR can write): the
    // initials of the name's words (`YariGoldKnight`: `YG`, `YGK`), then its first
    // letter with one or two later ones.
    let initials: String = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .flat_map(|w| {
            w.char_indices()
                .filter(move |&(i, c)| {
                    c.is_ascii_alphabetic() && (i == 0 || c.is_ascii_uppercase())
                })
                .map(|(_, c)| c)
        })
        .collect();
    let by_initials =
        (2..=initials.len().min(3)).filter_map(|n| PieceKind::custom(&initials[..n]).ok());
    let rest: Vec<char> = letters.chars().skip(1).collect();
    let pairs = (0..rest.len()).flat_map(|i| {
        let rest = rest.clone();
        std::iter::once(format!("{first}{}", rest[i]))
            .chain(((i + 1)..rest.len()).map(move |j| format!("{first}{}{}", rest[i], rest[j])))
    });
    let by_pairs = pairs.filter_map(|s| PieceKind::custom(&s).ok());
    let longer = (4..=letters.len().min(PieceKind::MAX_LETTERS))
        .filter_map(|n| PieceKind::custom(&letters[..n]).ok());
    let numbered = (b'A'..=b'Z')
        .flat_map(|a| (b'A'..=b'Z').map(move |b| [a, b]))
        .filter_map(|ab| {
            let s = format!("{first}{}", String::from_utf8_lossy(&ab));
            PieceKind::custom(&s).ok()
        });
    from_wanted
        .chain(from_name)
        .chain(by_initials)
        .chain(by_pairs)
        .chain(numbered)
        .chain(longer)
        .find(free)
        .unwrap_or_else(|| unreachable_code(first))
}

/// More than 676 pieces sharing a first letter: not a real variant; a code
/// of seven letters still tells them apart from the built-in ones.
fn unreachable_code(first: char) -> PieceKind {
    PieceKind::custom(&format!("{first}ZZZZZZ")).unwrap_or(PieceKind::Void)
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
        r.en_passant.takers.insert(wz);
        r.en_passant.leavers.remove(&PieceKind::Pawn);
        r.castling = crate::Castling::none();
        let v = pieces_property(&r).unwrap();
        assert_eq!(v["WZ"]["royal"], true);
        assert_eq!(v["K"]["royal"], false);
        assert_eq!(v["WZ"]["takesEnPassant"], true);
        assert_eq!(v["P"]["leavesEnPassant"], false);
        assert_eq!(v["RC"], serde_json::json!({"castles": false}));
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
