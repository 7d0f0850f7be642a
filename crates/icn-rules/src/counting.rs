//! Makruk-family counting ([`Counting`], Fairy-Stockfish `countingRule`):
//! once a side is down to few pieces, a count starts, and the game is
//! drawn when the count passes its limit without a mate. Held in
//! [`crate::Draws::counting`]; JSON `draws.counting`:
//! `{"rule": "makruk", "pawns": ["P"], "rooks": ["R"], "khons": ["S"],
//! "knights": ["N"]}` (each list optional).
//!
//! The count, as Fairy-Stockfish keeps it (in plies): after every move of a
//! game with a count, the count goes up by one. After a move, a count
//! starts (or starts again) for the side to move when it may count
//! ([`Counting::limit`] is not zero) and either no count runs or a capture or
//! a promotion has just left that side a lone king; the limit is twice the
//! full moves [`Counting::limit`] gives, and the count starts at 0 (ASEAN, or
//! the side has more than its king: the board's honour) or at twice the
//! number of pieces on the board (the pieces' honour, the lone king
//! counting). Makruk and Cambodian also start the count of a side that has
//! just taken the last pawn with its lone king, at one less than twice the
//! pieces on the board. The game is drawn when the count exceeds the limit,
//! unless the side to move is mated.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use icn_model::PieceKind;

use crate::json_read::RulesJsonError;

/// Which counting rules ([`Counting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountingRule {
    /// Thai Makruk.
    Makruk,
    /// Cambodian Ouk Chatrang (limits one move shorter).
    Cambodian,
    /// The ASEAN rules (only a lone king counts).
    Asean,
}

impl CountingRule {
    /// Fairy-Stockfish's name: `makruk`, `cambodian`, `asean`.
    pub fn name(self) -> &'static str {
        match self {
            CountingRule::Makruk => "makruk",
            CountingRule::Cambodian => "cambodian",
            CountingRule::Asean => "asean",
        }
    }

    /// The rule a name gives.
    pub fn from_name(name: &str) -> Option<CountingRule> {
        [
            CountingRule::Makruk,
            CountingRule::Cambodian,
            CountingRule::Asean,
        ]
        .into_iter()
        .find(|r| r.name() == name)
    }
}

/// The counting rules and the kinds their limits are counted by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// Which rules.
    pub rule: CountingRule,
    /// Pawns: while any stands on the board (of either side) nobody counts
    /// by the pieces' honour.
    pub pawns: BTreeSet<PieceKind>,
    /// Rooks (boats).
    pub rooks: BTreeSet<PieceKind>,
    /// Khons (Makruk's silver general).
    pub khons: BTreeSet<PieceKind>,
    /// Knights (horses).
    pub knights: BTreeSet<PieceKind>,
}

/// The pieces on the board, as [`Counting::limit`] needs them: the numbers
/// of pieces of the counting side and of its opponent, of pawns of both,
/// and of the opponent's rooks, khons and knights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// Every piece of the counting side, its king included.
    pub own: u32,
    /// Every piece of the opponent.
    pub theirs: u32,
    /// Pawns of both sides.
    pub pawns: u32,
    /// The opponent's rooks.
    pub rooks: u32,
    /// The opponent's khons.
    pub khons: u32,
    /// The opponent's knights.
    pub knights: u32,
}

impl Counting {
    /// The limit, in full moves, of a count for a side with this material,
    /// or 0 when it may not count.
    ///
    /// ```
    /// use icn_rules::counting::{Counting, CountingRule, Material};
    /// let c = Counting { rule: CountingRule::Makruk, pawns: Default::default(),
    ///     rooks: Default::default(), khons: Default::default(), knights: Default::default() };
    /// // A lone king against two rooks and a king: 8 moves.
    /// let m = Material { own: 1, theirs: 3, rooks: 2, ..Material::default() };
    /// assert_eq!(c.limit(&m), 8);
    /// ```
    pub fn limit(&self, m: &Material) -> u32 {
        match self.rule {
            CountingRule::Makruk => {
                if m.pawns > 0 || m.theirs == 1 {
                    0
                } else if m.own > 1 {
                    64
                } else {
                    honour(m, [8, 16, 22, 32, 44, 64])
                }
            }
            CountingRule::Cambodian => {
                if m.own > 3 || m.theirs == 1 {
                    0
                } else if m.own > 1 {
                    63
                } else if m.pawns > 0 {
                    0
                } else {
                    honour(m, [7, 15, 21, 31, 43, 63])
                }
            }
            CountingRule::Asean => {
                if m.pawns > 0 || m.own > 1 {
                    0
                } else if m.rooks > 0 {
                    16
                } else if m.khons > 0 {
                    44
                } else if m.knights > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }

    /// The JSON form (module docs).
    pub fn to_json(&self) -> Value {
        let codes = |ks: &BTreeSet<PieceKind>| -> Vec<String> {
            ks.iter().map(|k| k.code().to_string()).collect()
        };
        json!({
            "rule": self.rule.name(),
            "pawns": codes(&self.pawns),
            "rooks": codes(&self.rooks),
            "khons": codes(&self.khons),
            "knights": codes(&self.knights),
        })
    }

    /// Reads the JSON form at `path`.
    ///
    /// # Errors
    /// Not an object, an unknown key or rule name, a piece code that is not
    /// one.
    pub fn from_json(v: &Value, path: &str) -> Result<Counting, RulesJsonError> {
        let fail = |at: String, message: String| Err(RulesJsonError { path: at, message });
        let Some(o) = v.as_object() else {
            return fail(path.into(), "expected an object".into());
        };
        for k in o.keys() {
            if !["rule", "pawns", "rooks", "khons", "knights"].contains(&k.as_str()) {
                return fail(format!("{path}.{k}"), format!("unknown key `{k}`"));
            }
        }
        let name = o.get("rule").and_then(Value::as_str).unwrap_or_default();
        let Some(rule) = CountingRule::from_name(name) else {
            return fail(
                format!("{path}.rule"),
                format!("`{name}`: expected makruk, cambodian or asean"),
            );
        };
        let kinds = |key: &str| -> Result<BTreeSet<PieceKind>, RulesJsonError> {
            let at = format!("{path}.{key}");
            let items = match o.get(key) {
                None => return Ok(BTreeSet::new()),
                Some(Value::Array(a)) => a,
                Some(_) => {
                    return Err(RulesJsonError {
                        path: at,
                        message: "expected an array of piece codes".into(),
                    });
                }
            };
            items
                .iter()
                .map(|c| {
                    PieceKind::custom(c.as_str().unwrap_or_default()).map_err(|e| RulesJsonError {
                        path: at.clone(),
                        message: e.to_string(),
                    })
                })
                .collect()
        };
        Ok(Counting {
            rule,
            pawns: kinds("pawns")?,
            rooks: kinds("rooks")?,
            khons: kinds("khons")?,
            knights: kinds("knights")?,
        })
    }
}

/// The pieces' honour: the limit by the opponent's strongest pieces
/// (`[two rooks, a rook, two khons, two knights, a khon, else]`).
fn honour(m: &Material, limits: [u32; 6]) -> u32 {
    if m.rooks > 1 {
        limits[0]
    } else if m.rooks == 1 {
        limits[1]
    } else if m.khons > 1 {
        limits[2]
    } else if m.knights > 1 {
        limits[3]
    } else if m.khons == 1 {
        limits[4]
    } else {
        limits[5]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counting(rule: CountingRule) -> Counting {
        Counting {
            rule,
            pawns: [PieceKind::Pawn].into_iter().collect(),
            rooks: [PieceKind::Rook].into_iter().collect(),
            khons: BTreeSet::new(),
            knights: [PieceKind::Knight].into_iter().collect(),
        }
    }

    #[test]
    fn limits_follow_the_honour_rules() {
        let lone = |rooks, khons, knights| Material {
            own: 1,
            theirs: 1 + rooks + khons + knights,
            rooks,
            khons,
            knights,
            pawns: 0,
        };
        let makruk = counting(CountingRule::Makruk);
        assert_eq!(makruk.limit(&lone(1, 0, 0)), 16);
        assert_eq!(makruk.limit(&lone(0, 2, 0)), 22);
        assert_eq!(makruk.limit(&lone(0, 1, 1)), 44);
        assert_eq!(makruk.limit(&lone(0, 0, 2)), 32);
        // The board's honour: more than a king, no pawns.
        let board = Material {
            own: 2,
            theirs: 3,
            ..Material::default()
        };
        assert_eq!(makruk.limit(&board), 64);
        assert_eq!(counting(CountingRule::Cambodian).limit(&board), 63);
        assert_eq!(counting(CountingRule::Asean).limit(&board), 0);
        // Pawns stop it; so does a bare opponent.
        let pawns = Material {
            pawns: 1,
            ..lone(1, 0, 0)
        };
        assert_eq!(makruk.limit(&pawns), 0);
        assert_eq!(makruk.limit(&lone(0, 0, 0)), 0);
        assert_eq!(counting(CountingRule::Asean).limit(&lone(0, 1, 0)), 44);
    }

    #[test]
    fn the_json_form_goes_round() {
        let c = counting(CountingRule::Cambodian);
        assert_eq!(Counting::from_json(&c.to_json(), "c").unwrap(), c);
        let e = Counting::from_json(&json!({"rule": "thai"}), "draws.counting").unwrap_err();
        assert_eq!(e.path, "draws.counting.rule");
    }
}
