//! The serde types of the JSON long form. Their shape is the documented
//! format (`docs/json.md`); the JSON Schema in `docs/icn.schema.json` is
//! generated from them and a test keeps the two in step.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A whole game (or position, with no moves) in the JSON long form.
#[derive(Serialize, Deserialize, JsonSchema, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(title = "ICN JSON long form")]
pub struct JsonGame<'a> {
    /// Metadata tags in order.
    #[serde(default, deserialize_with = "super::table::unique_map")]
    pub metadata: crate::Metadata,
    /// The side to move (default white).
    #[serde(default = "white")]
    pub turn: JsonPlayer,
    /// The full turn order when it is not plain White/Black alternation
    /// starting with `turn` (extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_order: Option<Vec<JsonPlayer>>,
    /// En passant square `[x, y]`.
    #[serde(rename = "enpassant", default, skip_serializing_if = "Option::is_none")]
    pub en_passant: Option<[JsonInt; 2]>,
    /// The piece en passant takes, where it is not right behind the square
    /// `[x, y]` (extension; the site's `enpassant.pawn`).
    #[serde(
        rename = "enpassantPawn",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub en_passant_victim: Option<[JsonInt; 2]>,
    /// Move-rule state `"N/M"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_rule: Option<String>,
    /// Fullmove counter (default 1).
    #[serde(default = "one")]
    pub full_move: JsonInt,
    /// Rules and extra properties (default: checkmate wins for everyone).
    #[serde(default)]
    pub game_rules: JsonGameRules,
    /// Squares `"x,y"` whose piece has the `+` right.
    #[serde(default)]
    pub special_rights: SquareTable<'a, bool>,
    /// Pieces by square: `"x,y": "pawnsW"` (default: none).
    #[serde(default)]
    pub starting_position: SquareTable<'a, String>,
    /// Preset annotations (extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotations: Option<JsonAnnotations>,
    /// Comments before the first move (extension).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leading_comments: Vec<String>,
    /// Moves in compact form: `"4,2>4,4"`, `"2,7>1,8Q"`, `"2,7>1,8=3q"`. Reading
    /// also accepts SAN-like moves (`"N3,4"`, `"O-O+"`) when a resolver is given.
    #[serde(default)]
    pub moves: MoveTable<'a, String>,
    /// What was written around each move (extension): one object per move,
    /// aligned with `moves`, `{}` for a plain move; absent when no move has any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_details: Option<MoveTable<'a, JsonMoveDetail>>,
}

fn white() -> JsonPlayer {
    JsonPlayer(crate::Player::WHITE)
}

fn one() -> JsonInt {
    JsonInt(crate::Int::ONE)
}

/// An object keyed by square `"x,y"`: read into its entries in order (a
/// square written twice, as `"5,5"` and `"05,5"` or twice the same, is kept
/// twice), written straight from the model's piece list (no intermediate map).
#[derive(Debug)]
pub enum SquareTable<'a, V> {
    /// As read from JSON: every entry, in order.
    Read(Vec<(String, V)>),
    /// The model's pieces, to be written.
    Pieces(&'a [crate::PlacedPiece]),
}

impl<V> Default for SquareTable<'_, V> {
    fn default() -> Self {
        SquareTable::Read(Vec::new())
    }
}

/// An array with one entry per move: read into a vector, written straight
/// from the model's moves (no intermediate strings or objects).
#[derive(Debug)]
pub enum MoveTable<'a, T> {
    /// As read from JSON.
    Read(Vec<T>),
    /// The model's moves, to be written.
    Moves(&'a [crate::Move]),
}

impl<T> MoveTable<'_, T> {
    /// The entries read from JSON (`None` for a table that borrows moves).
    pub fn into_read(self) -> Option<Vec<T>> {
        match self {
            MoveTable::Read(v) => Some(v),
            MoveTable::Moves(_) => None,
        }
    }
}

impl<T> Default for MoveTable<'_, T> {
    fn default() -> Self {
        MoveTable::Read(Vec::new())
    }
}

/// A player name: `"white"` … `"green"`, `"neutral"`, or `"player7"` for a
/// numbered player beyond the seven the site names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JsonPlayer(pub crate::Player);

impl Serialize for JsonPlayer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.name())
    }
}

impl<'de> Deserialize<'de> for JsonPlayer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The name is checked inside the visitor, so the reader's error points at it.
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = JsonPlayer;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a player name")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<JsonPlayer, E> {
                crate::Player::from_name(name).map(JsonPlayer).ok_or_else(|| {
                    E::custom(format!(
                        "unknown player `{name}`: expected white, black, red, blue, yellow, green, neutral or playerN"
                    ))
                })
            }
        }
        d.deserialize_str(Name)
    }
}

impl JsonSchema for JsonPlayer {
    fn schema_name() -> String {
        "Player".to_string()
    }

    fn json_schema(_: &mut schemars::r#gen::SchemaGenerator) -> schemars::schema::Schema {
        let mut string = schemars::schema::SchemaObject {
            instance_type: Some(schemars::schema::InstanceType::String.into()),
            ..Default::default()
        };
        string.string().pattern =
            Some("^(neutral|white|black|red|blue|yellow|green|player[1-9][0-9]*)$".to_string());
        string.into()
    }
}

/// An exact integer: a JSON number when |n| < 2^53, else a decimal string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonInt(pub crate::Int);

/// The `gameRules` object.
#[derive(Serialize, Deserialize, JsonSchema, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(Default)]
pub struct JsonGameRules {
    /// Promotion ranks `[white, black]`, `null` for a player without one;
    /// with several ranks, each player's first (the full lists are in
    /// `promotionRanksByPlayer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion_ranks: Option<[Option<JsonInt>; 2]>,
    /// Every player's promotion ranks (extension), present only when
    /// `promotionRanks` cannot say everything: several ranks for a player,
    /// or a player other than White and Black promoting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion_ranks_by_player: Option<IndexMap<JsonPlayer, Vec<JsonInt>>>,
    /// Promotion choices per player, as plural piece names (`"queens"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotions_allowed: Option<IndexMap<JsonPlayer, Vec<String>>>,
    /// Win conditions per player.
    #[serde(default)]
    pub win_conditions: IndexMap<JsonPlayer, Vec<JsonWinCondition>>,
    /// World border; `null` sides are open (extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world_border: Option<JsonWorldBorder>,
    /// Every property of the ICN `{...}` block, such as `slideLimit`.
    #[serde(flatten)]
    pub properties: IndexMap<String, Value>,
}

/// A win condition keyword.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum JsonWinCondition {
    Checkmate,
    Royalcapture,
    Allroyalscaptured,
    Allpiecescaptured,
    Threecheck,
    Koth,
}

/// The world border.
#[derive(Serialize, Deserialize, JsonSchema, Debug)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct JsonWorldBorder {
    pub left: Option<JsonInt>,
    pub right: Option<JsonInt>,
    pub bottom: Option<JsonInt>,
    pub top: Option<JsonInt>,
}

/// Preset annotations.
#[derive(Serialize, Deserialize, JsonSchema, Debug)]
#[serde(deny_unknown_fields)]
pub struct JsonAnnotations {
    /// Squares `"x,y"`.
    #[serde(default)]
    pub squares: Vec<String>,
    /// Rays `"x,y>dx,dy"`.
    #[serde(default)]
    pub rays: Vec<String>,
}

/// A move with piece letter, capture mark, check mark, glyph, clock, comments.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JsonMoveDetail {
    /// The moving piece's code as written (`"P"`, `"q"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// Written as a capture (`x`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capture: bool,
    /// `"+"` or `"#"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// Annotation glyphs such as `"!?"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<String>,
    /// Clock stamp `"H:MM:SS.D"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// The other `[%name value]` commands, as `"%name value"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<String>,
    /// Comments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}
