//! [`GameRules`]: what the ICN header says about how the game is played —
//! promotions, win conditions, world border, extra JSON properties — and the
//! preset annotations ([`Annotations`]). What these rules *mean* for moves is
//! `icn-rules`' business.

use indexmap::IndexMap;
use serde_json::Value;

use crate::{Coord, Int, PieceKind, Player};

/// A way to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinCondition {
    /// `checkmate`.
    Checkmate,
    /// `royalcapture`: capture any royal piece.
    RoyalCapture,
    /// `allroyalscaptured`.
    AllRoyalsCaptured,
    /// `allpiecescaptured`.
    AllPiecesCaptured,
    /// `threecheck` (spec dialect only).
    ThreeCheck,
    /// `koth`: king of the hill.
    Koth,
}

impl WinCondition {
    /// Every win condition.
    pub const ALL: [WinCondition; 6] = [
        WinCondition::Checkmate,
        WinCondition::RoyalCapture,
        WinCondition::AllRoyalsCaptured,
        WinCondition::AllPiecesCaptured,
        WinCondition::ThreeCheck,
        WinCondition::Koth,
    ];

    /// The keyword as written in ICN and JSON.
    pub fn keyword(self) -> &'static str {
        match self {
            WinCondition::Checkmate => "checkmate",
            WinCondition::RoyalCapture => "royalcapture",
            WinCondition::AllRoyalsCaptured => "allroyalscaptured",
            WinCondition::AllPiecesCaptured => "allpiecescaptured",
            WinCondition::ThreeCheck => "threecheck",
            WinCondition::Koth => "koth",
        }
    }

    /// The win condition with a keyword.
    pub fn from_keyword(word: &str) -> Option<WinCondition> {
        WinCondition::ALL.into_iter().find(|w| w.keyword() == word)
    }
}

/// One player's promotion rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Rows (y) on which this player's pawns promote.
    pub ranks: Vec<Int>,
    /// What they may promote to, in the order written.
    pub choices: Vec<PieceKind>,
}

impl Promotion {
    /// The choices when the text gives none: queen, rook, bishop, knight.
    pub const DEFAULT_CHOICES: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];
}

/// The world border: an inclusive rectangle; `None` leaves a side open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorldBorder {
    /// Smallest x on the board.
    pub left: Option<Int>,
    /// Largest x on the board.
    pub right: Option<Int>,
    /// Smallest y on the board.
    pub bottom: Option<Int>,
    /// Largest y on the board.
    pub top: Option<Int>,
}

impl WorldBorder {
    /// Whether `c` lies inside the border.
    pub fn contains(&self, c: &Coord) -> bool {
        self.left.as_ref().is_none_or(|l| &c.x >= l)
            && self.right.as_ref().is_none_or(|r| &c.x <= r)
            && self.bottom.as_ref().is_none_or(|b| &c.y >= b)
            && self.top.as_ref().is_none_or(|t| &c.y <= t)
    }
}

/// The rules of the game as the ICN header states them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRules {
    /// Promotion per player; players not listed do not promote.
    pub promotions: Vec<(Player, Promotion)>,
    /// Win conditions per player, for every player of the turn order.
    pub win_conditions: Vec<(Player, Vec<WinCondition>)>,
    /// The world border, if any.
    pub world_border: Option<WorldBorder>,
    /// Extra properties from the `{...}` block, in order, exactly as written
    /// (`slideLimit`, `cannotPassTurn`, ...).
    pub properties: IndexMap<String, Value>,
}

impl Default for GameRules {
    fn default() -> Self {
        GameRules {
            promotions: Vec::new(),
            win_conditions: vec![
                (Player::WHITE, vec![WinCondition::Checkmate]),
                (Player::BLACK, vec![WinCondition::Checkmate]),
            ],
            world_border: None,
            properties: IndexMap::new(),
        }
    }
}

impl GameRules {
    /// The promotion rule of `player`.
    pub fn promotion(&self, player: Player) -> Option<&Promotion> {
        self.promotions
            .iter()
            .find(|(p, _)| *p == player)
            .map(|(_, r)| r)
    }

    /// The win conditions of `player` (checkmate when not listed).
    pub fn wins_of(&self, player: Player) -> &[WinCondition] {
        self.win_conditions
            .iter()
            .find(|(p, _)| *p == player)
            .map_or(&[WinCondition::Checkmate], |(_, w)| w.as_slice())
    }

    /// The `slideLimit` property, when it is a non-negative integer.
    pub fn slide_limit(&self) -> Option<Int> {
        match self.properties.get("slideLimit")? {
            Value::Number(n) => Int::parse(&n.to_string()).ok().filter(|i| !i.is_negative()),
            _ => None,
        }
    }
}

/// A preset ray annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Where it starts.
    pub from: Coord,
    /// Its direction.
    pub direction: Coord,
}

/// Preset annotations (site dialect `Squares:` and `Rays:`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// Highlighted squares.
    pub squares: Vec<Coord>,
    /// Rays.
    pub rays: Vec<Ray>,
}

impl Annotations {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty() && self.rays.is_empty()
    }
}
