//! Adjudication by material ([`MaterialCount`], Fairy-Stockfish
//! `materialCounting`): a game that would end drawn by the move rule, by
//! repetition, by two passes in a row or by the bikjang rule is decided by
//! counting the pieces on the board instead. Held in
//! [`crate::Draws::material_count`]; JSON `draws.materialCount`:
//! `{"values": {"R": 13, "C": 7}, "bonus": {"black": 1}, "ties": "black"}`
//! (`values` null or left out: every piece counts one; `bonus` and `ties`
//! optional).
//!
//! Fairy-Stockfish's four rules are four values of this type
//! ([`MaterialCount::named`]): `janggi` (chariot 13, cannon 7, horse 5,
//! elephant 3, guard 3, soldier 2, and Black, the second player, one point
//! more and the equal totals: Han's 1.5 points), `unweighted` (more pieces
//! wins, equal is a draw), `whitedrawodds` and `blackdrawodds` (that player
//! wins every such game).

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use icn_model::{PieceKind, Player};

use crate::json_read::RulesJsonError;

/// How material decides a game ([`self`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MaterialCount {
    /// Points per kind (kinds not listed count nothing); `None`: every piece
    /// counts one.
    pub values: Option<BTreeMap<PieceKind, i64>>,
    /// Points added to a player's total.
    pub bonus: BTreeMap<Player, i64>,
    /// Who wins equal totals (`None`: they are drawn).
    pub ties: Option<Player>,
}

impl MaterialCount {
    /// Fairy-Stockfish's rule of that name (`janggi`, `unweighted`,
    /// `whitedrawodds`, `blackdrawodds`), the Janggi one weighing the kinds
    /// by `janggi_values` (the variant's kinds of Fairy-Stockfish's chariot,
    /// cannon, horse, elephant, guard and soldier, with 13, 7, 5, 3, 3 and 2).
    pub fn named(name: &str, janggi_values: &BTreeMap<PieceKind, i64>) -> Option<MaterialCount> {
        let odds = |p: Player| MaterialCount {
            values: Some(BTreeMap::new()),
            bonus: BTreeMap::new(),
            ties: Some(p),
        };
        Some(match name {
            "janggi" => MaterialCount {
                values: Some(janggi_values.clone()),
                bonus: BTreeMap::from([(Player::BLACK, 1)]),
                ties: Some(Player::BLACK),
            },
            "unweighted" => MaterialCount::default(),
            "whitedrawodds" => odds(Player::WHITE),
            "blackdrawodds" => odds(Player::BLACK),
            _ => return None,
        })
    }

    /// The name [`MaterialCount::named`] gives this rule by, if any.
    pub fn name(&self, janggi_values: &BTreeMap<PieceKind, i64>) -> Option<&'static str> {
        ["janggi", "unweighted", "whitedrawodds", "blackdrawodds"]
            .into_iter()
            .find(|n| MaterialCount::named(n, janggi_values).as_ref() == Some(self))
    }

    /// Who wins, given each player's pieces on the board by kind (`None`: a
    /// draw). Only the first two players are compared.
    ///
    /// ```
    /// use icn_model::{PieceKind, Player};
    /// use icn_rules::material::MaterialCount;
    /// let more_pieces = MaterialCount::default();
    /// let pieces = [(Player::WHITE, PieceKind::Rook), (Player::WHITE, PieceKind::Pawn),
    ///               (Player::BLACK, PieceKind::Queen)];
    /// assert_eq!(more_pieces.winner(pieces), Some(Player::WHITE));
    /// ```
    pub fn winner(&self, pieces: impl IntoIterator<Item = (Player, PieceKind)>) -> Option<Player> {
        let mut total: BTreeMap<Player, i64> = self.bonus.clone();
        for (player, kind) in pieces {
            let points = match &self.values {
                None => 1,
                Some(v) => v.get(&kind).copied().unwrap_or(0),
            };
            *total.entry(player).or_default() += points;
        }
        let of = |p: Player| total.get(&p).copied().unwrap_or(0);
        match of(Player::WHITE).cmp(&of(Player::BLACK)) {
            std::cmp::Ordering::Greater => Some(Player::WHITE),
            std::cmp::Ordering::Less => Some(Player::BLACK),
            std::cmp::Ordering::Equal => self.ties,
        }
    }

    /// The JSON form ([`self`]).
    pub fn to_json(&self) -> Value {
        let mut v = json!({
            "values": self.values.as_ref().map_or(Value::Null, |vs| {
                Value::Object(vs.iter().map(|(k, n)| (k.code().to_string(), json!(n))).collect())
            }),
        });
        if !self.bonus.is_empty() {
            v["bonus"] = Value::Object(
                self.bonus
                    .iter()
                    .map(|(p, n)| (p.name().into_owned(), json!(n)))
                    .collect(),
            );
        }
        if let Some(p) = self.ties {
            v["ties"] = Value::from(p.name());
        }
        v
    }

    /// Reads [`MaterialCount::to_json`]'s form.
    ///
    /// # Errors
    /// A value of the wrong type, an unknown key, piece code or player, with
    /// its path.
    ///
    /// ```
    /// use icn_rules::material::MaterialCount;
    /// let v = serde_json::json!({"values": {"R": 13}, "bonus": {"black": 1}, "ties": "black"});
    /// let m = MaterialCount::from_json(&v, "draws.materialCount").unwrap();
    /// assert_eq!(m.to_json(), v);
    /// ```
    pub fn from_json(v: &Value, path: &str) -> Result<MaterialCount, RulesJsonError> {
        let fail = |at: String, message: String| RulesJsonError { path: at, message };
        let o = v
            .as_object()
            .ok_or_else(|| fail(path.into(), "expected an object".into()))?;
        if let Some(k) = o
            .keys()
            .find(|k| !["values", "bonus", "ties"].contains(&k.as_str()))
        {
            return Err(fail(
                path.into(),
                format!("unknown key `{k}`; expected values, bonus or ties"),
            ));
        }
        let points = |o: &Map<String, Value>, at: &str, key: &str| {
            o.get(key)
                .and_then(Value::as_i64)
                .ok_or_else(|| fail(format!("{at}.{key}"), "expected a whole number".into()))
        };
        let mut out = MaterialCount::default();
        match o.get("values") {
            None | Some(Value::Null) => {}
            Some(Value::Object(vs)) => {
                let at = format!("{path}.values");
                let mut values = BTreeMap::new();
                for code in vs.keys() {
                    let kind = PieceKind::custom(code)
                        .map_err(|e| fail(format!("{at}.{code}"), e.to_string()))?;
                    values.insert(kind, points(vs, &at, code)?);
                }
                out.values = Some(values);
            }
            Some(_) => {
                return Err(fail(
                    format!("{path}.values"),
                    "expected an object or null".into(),
                ));
            }
        }
        let player = |name: &str, at: String| {
            Player::from_name(name).ok_or_else(|| fail(at, format!("`{name}` is not a player")))
        };
        if let Some(b) = o.get("bonus") {
            let at = format!("{path}.bonus");
            let bo = b
                .as_object()
                .ok_or_else(|| fail(at.clone(), "expected an object".into()))?;
            for name in bo.keys() {
                let p = player(name, format!("{at}.{name}"))?;
                out.bonus.insert(p, points(bo, &at, name)?);
            }
        }
        match o.get("ties") {
            None | Some(Value::Null) => {}
            Some(Value::String(name)) => out.ties = Some(player(name, format!("{path}.ties"))?),
            Some(_) => {
                return Err(fail(
                    format!("{path}.ties"),
                    "expected a player or null".into(),
                ));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn janggi() -> BTreeMap<PieceKind, i64> {
        let k = |c: &str| PieceKind::custom(c).unwrap();
        BTreeMap::from([
            (PieceKind::Rook, 13),
            (k("C"), 7),
            (k("H"), 5),
            (k("E"), 3),
            (k("A"), 3),
            (k("S"), 2),
        ])
    }

    #[test]
    fn the_four_rules_read_back_by_name_and_json() {
        for name in ["janggi", "unweighted", "whitedrawodds", "blackdrawodds"] {
            let m = MaterialCount::named(name, &janggi()).unwrap();
            assert_eq!(m.name(&janggi()), Some(name));
            assert_eq!(MaterialCount::from_json(&m.to_json(), "m").unwrap(), m);
        }
        assert!(MaterialCount::named("none", &janggi()).is_none());
    }

    #[test]
    fn janggi_gives_black_one_and_a_half_points() {
        let m = MaterialCount::named("janggi", &janggi()).unwrap();
        let soldier = PieceKind::custom("S").unwrap();
        let guard = PieceKind::custom("A").unwrap();
        // White 3 against Black 2 (+1.5): Black.
        let close = [(Player::WHITE, guard), (Player::BLACK, soldier)];
        assert_eq!(m.winner(close), Some(Player::BLACK));
        // White 4 against Black 2: White.
        let clear = [
            (Player::WHITE, soldier),
            (Player::WHITE, soldier),
            (Player::BLACK, soldier),
        ];
        assert_eq!(m.winner(clear), Some(Player::WHITE));
        let equal = [(Player::WHITE, soldier), (Player::BLACK, soldier)];
        assert_eq!(MaterialCount::default().winner(equal), None);
        let white_odds = MaterialCount::named("whitedrawodds", &janggi()).unwrap();
        assert_eq!(white_odds.winner(close), Some(Player::WHITE));
    }

    #[test]
    fn bad_json_is_refused_with_its_path() {
        for (v, at) in [
            (json!({"values": {"R": "x"}}), "m.values.R"),
            (json!({"ties": "nobody"}), "m.ties"),
            (json!({"bonus": {"white": 1.5}}), "m.bonus.white"),
            (json!({"points": 1}), "m"),
            (json!([]), "m"),
        ] {
            assert_eq!(
                MaterialCount::from_json(&v, "m").unwrap_err().path,
                at,
                "{v}"
            );
        }
    }
}
