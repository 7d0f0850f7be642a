//! Sjaak `variants.txt` files: every keyword read into typed values
//! ([`SjaakVariant`], [`SjaakPiece`]), written back ([`write_file`]), turned
//! into icn-rules objects ([`to_variant`]) and made from them
//! ([`from_variant`]).
//!
//! Reading ([`read_file`]) never skips: an unknown keyword, flag, rule, zone
//! name or move description is an error with its line and column. Each
//! variant is read on its own, so one bad variant does not hide the others.
//! The keywords: `Variant`, `Board`, `FEN`, `Zone`, `Exclude`, `WhiteFlag`,
//! `BlackFlag`, `XBoard pieces`/`WinBoard pieces`, `XBoard parent`/`WinBoard
//! parent`, `Rule`, and inside a `Piece`: `Move`, `Capture`, `Special`,
//! `Initial`, `Castle`, `Promotion`, `Optional promotion`, `Prison`, `Drop
//! zone`, `Symbol`, `Flags`, `Max`, `Value`. Keywords are matched without
//! regard to case. Flags and rules are those of the Sjaak documentation plus
//! the ones the shipped file uses (`no_retaliate`, `endangered`, `forced
//! capture`, `en-passant check`, `checkN`).
//!
//! What the rule objects cannot express is refused by [`to_variant`], naming
//! the feature (drops, holdings, piece limits, prisons, flags, …).

mod castle_anchor;
mod lion;
pub mod lower;
mod lower_drops;
pub mod moves;
mod moves_meaning;
pub mod perft_table;
mod position;
pub mod raise;
mod raise_limits;
mod raise_rules;

pub mod read;
mod read_piece;
pub mod write;

pub use lower::{Refusal, to_variant};
pub use moves::{MoveDesc, parse_move};
pub use raise::from_variant;

pub use read::{SjaakError, read_file, read_variants};
pub use write::write_file;

use icn_model::Player;

/// A square of a Sjaak board: file 0 is `a`, rank 0 is `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    /// 0-based file.
    pub file: u8,
    /// 0-based rank.
    pub rank: u8,
}

impl Sq {
    /// `a1`, `j10`.
    pub fn name(self) -> String {
        format!(
            "{}{}",
            char::from(b'a' + self.file),
            u32::from(self.rank) + 1
        )
    }
}

/// How a game-ending condition scores (for the side that brings it about,
/// as in `checkmate = win`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// `win`.
    Win,
    /// `loss`.
    Loss,
    /// `draw`.
    Draw,
    /// `illegal`.
    Illegal,
    /// `repeat` (for `perpetual`: treat as a repetition).
    Repeat,
}

impl Score {
    /// The word.
    pub fn word(self) -> &'static str {
        match self {
            Score::Win => "win",
            Score::Loss => "loss",
            Score::Draw => "draw",
            Score::Illegal => "illegal",
            Score::Repeat => "repeat",
        }
    }
}

/// One item of a `Rule:` line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuleItem {
    /// `CONDITION = SCORE`, the condition with its number if any
    /// (`repeat3`, `perpetual4`, `check3`).
    End {
        /// `checkmate`, `stalemate`, `repeat`, `perpetual`, `loneking`,
        /// `nopieces`, `captureanyflag`, `captureallflags`, `check`.
        condition: String,
        /// The number written after it.
        n: Option<u32>,
        /// The score.
        score: Score,
    },
    /// A special rule such as `taboo` or `keep capture`.
    Special(String),
}

/// A castling definition: `Castle: white e1-g1 with h1`, or with several
/// destinations the king may choose from: `Castle: white f1-i1,h1 with j1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CastleDef {
    /// White or Black.
    pub player: Player,
    /// Where the king starts.
    pub from: Sq,
    /// Where it ends.
    pub to: Sq,
    /// Further destinations the king may choose instead (`f1-i1,h1`).
    pub also: Vec<Sq>,
    /// Where the partner starts.
    pub with: Sq,
}

/// A piece definition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SjaakPiece {
    /// The name on the `Piece:` line.
    pub name: String,
    /// `Move:` lines.
    pub moves: Vec<MoveDesc>,
    /// `Capture:` lines; `None` when there are none (captures as it moves),
    /// `Some(vec![])` for `Capture: none`.
    pub captures: Option<Vec<MoveDesc>>,
    /// `Special: ZONE_W, ZONE_B, MOVE` lines.
    pub specials: Vec<(String, String, MoveDesc)>,
    /// `Initial:` lines (moves of a piece that has not moved).
    pub initial: Vec<MoveDesc>,
    /// `Castle:` lines.
    pub castles: Vec<CastleDef>,
    /// `Promotion: ZONE_W, ZONE_B, "CHOICES"` lines.
    pub promotions: Vec<(String, String, String)>,
    /// `Optional promotion: ZONE_W, ZONE_B` with optional `"CHOICES"` (empty
    /// when not written).
    pub optional_promotion: Option<(String, String, String)>,
    /// `Prison: ZONE_W, ZONE_B`.
    pub prison: Option<(String, String)>,
    /// `Drop zone: ZONE_W, ZONE_B`.
    pub drop_zone: Option<(String, String)>,
    /// `Symbol: "SAN", "WHITE,BLACK"`.
    pub symbol: Option<(String, String, String)>,
    /// `Flags:` in order.
    pub flags: Vec<String>,
    /// `Max:` numbers (one for both sides, or White's and Black's).
    pub max: Option<Vec<u32>>,
    /// `Value:` numbers.
    pub value: Option<Vec<i64>>,
}

/// A variant definition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SjaakVariant {
    /// The name on the `Variant:` line.
    pub name: String,
    /// `Board: FILESxRANKS`.
    pub files: u8,
    /// Ranks of the board.
    pub ranks: u8,
    /// `FEN: "…"`.
    pub fen: Option<String>,
    /// `Zone:` definitions in order.
    pub zones: Vec<(String, Vec<Sq>)>,
    /// `Exclude:` squares, in order, every line together.
    pub exclude: Vec<Sq>,
    /// `WhiteFlag:` squares.
    pub white_flag: Vec<Sq>,
    /// `BlackFlag:` squares.
    pub black_flag: Vec<Sq>,
    /// `XBoard pieces: "…"`.
    pub xboard_pieces: Option<String>,
    /// `XBoard parent: "…"`.
    pub xboard_parent: Option<String>,
    /// `Rule:` items in order.
    pub rules: Vec<RuleItem>,
    /// The pieces in order.
    pub pieces: Vec<SjaakPiece>,
}

impl SjaakVariant {
    /// The squares of a named zone (`empty` and `all` included).
    pub fn zone(&self, name: &str) -> Option<Vec<Sq>> {
        match name {
            "empty" => Some(Vec::new()),
            "all" => Some(
                (0..self.ranks)
                    .flat_map(|rank| (0..self.files).map(move |file| Sq { file, rank }))
                    .collect(),
            ),
            _ => self
                .zones
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, s)| s.clone()),
        }
    }

    /// Whether a `Rule:` line names the special rule `name`.
    pub fn has_rule(&self, name: &str) -> bool {
        self.rules
            .iter()
            .any(|r| matches!(r, RuleItem::Special(s) if s == name))
    }
}

/// Picks a variant by name: an exact match (ignoring case), else the only
/// one whose name starts with `name`.
///
/// # Errors
/// No match, or several prefix matches (named).
pub fn pick<'a>(variants: &'a [SjaakVariant], name: &str) -> Result<&'a SjaakVariant, String> {
    let lower = name.to_lowercase();
    if let Some(v) = variants.iter().find(|v| v.name.to_lowercase() == lower) {
        return Ok(v);
    }
    let hits: Vec<&SjaakVariant> = variants
        .iter()
        .filter(|v| v.name.to_lowercase().starts_with(&lower))
        .collect();
    match hits.as_slice() {
        [one] => Ok(one),
        [] => Err(format!("no variant named `{name}`")),
        many => Err(format!(
            "`{name}` names {} variants: {}",
            many.len(),
            many.iter()
                .map(|v| v.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
