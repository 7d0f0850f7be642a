//! [`SourceMap`]: where each part of a [`Game`] was written in its ICN text,
//! kept by lowering so that later layers (validation, replay, queries) point
//! at the text with a line, a column and a caret without parsing it again.
//! [`Subject`] names a part of a game; JSON input has no source map, so a
//! subject also has a JSON path ([`Subject::json_path`]).

use icn_syntax::Span;

use crate::Game;

/// A part of a game that a message can be about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// The whole document.
    Document,
    /// Metadata tag number `i` as written (duplicates included; see
    /// [`SourceMap::metadata`]).
    Metadata(usize),
    /// The turn order.
    TurnOrder,
    /// The en passant square.
    EnPassant,
    /// The move-rule field.
    MoveRule,
    /// The fullmove counter.
    FullMove,
    /// The promotions field.
    Promotions,
    /// Choice `choice` of promotion rule `rule` (indices into
    /// `game.rules.promotions` and its `choices`).
    PromotionChoice {
        /// Index of the rule.
        rule: usize,
        /// Index of the choice in the rule.
        choice: usize,
    },
    /// The win conditions.
    WinConditions,
    /// The world border.
    WorldBorder,
    /// The JSON properties.
    Properties,
    /// The piece at this index of `game.position.pieces`.
    Piece(usize),
    /// The move at this index of `game.moves`.
    Move(usize),
}

impl Subject {
    /// Where the subject lives in the JSON long form, as a key path such as
    /// `startingPosition."1,2"` or `moves[3]`.
    pub fn json_path(self, game: &Game) -> String {
        match self {
            Subject::Document => String::new(),
            Subject::Metadata(_) => "metadata".to_string(),
            Subject::TurnOrder => "turnOrder".to_string(),
            Subject::EnPassant => "enpassant".to_string(),
            Subject::MoveRule => "moveRule".to_string(),
            Subject::FullMove => "fullMove".to_string(),
            Subject::Promotions | Subject::PromotionChoice { .. } => {
                "gameRules.promotionsAllowed".to_string()
            }
            Subject::WinConditions => "gameRules.winConditions".to_string(),
            Subject::WorldBorder => "gameRules.worldBorder".to_string(),
            Subject::Properties => "gameRules".to_string(),
            Subject::Piece(i) => match game.position.pieces.get(i) {
                Some(p) => format!("startingPosition.\"{}\"", p.at),
                None => "startingPosition".to_string(),
            },
            Subject::Move(i) => format!("moves[{i}]"),
        }
    }
}

/// Where one metadata tag was written, and which entry of
/// [`Game::metadata`](crate::Game::metadata) it set: two tags with one name
/// set the same entry (the later value wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetadataTag {
    /// Index of the entry in the game's metadata map.
    pub entry: usize,
    /// The tag, brackets included.
    pub span: Span,
}

/// The spans of a game's parts in the ICN text it was lowered from. Vectors
/// run parallel to the game's: `pieces[i]` is where `position.pieces[i]` was
/// written, and so on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// The whole text.
    pub document: Span,
    /// Every metadata tag as written, in order, duplicates included (the
    /// game keeps the last value of a name, as the site does).
    pub metadata: Vec<MetadataTag>,
    /// The turn-order field.
    pub turn_order: Option<Span>,
    /// The en passant field.
    pub en_passant: Option<Span>,
    /// The move-rule field.
    pub move_rule: Option<Span>,
    /// The fullmove field.
    pub fullmove: Option<Span>,
    /// The promotions field.
    pub promotions: Option<Span>,
    /// For each promotion rule, where each of its choices was written
    /// (empty when the choices are the default ones).
    pub promotion_choices: Vec<Vec<Span>>,
    /// The win-conditions field.
    pub win_conditions: Option<Span>,
    /// The world-border field.
    pub world_border: Option<Span>,
    /// The JSON properties field.
    pub properties: Option<Span>,
    /// Each piece entry.
    pub pieces: Vec<Span>,
    /// Each move.
    pub moves: Vec<Span>,
}

impl SourceMap {
    /// Where `subject` was written; the whole document when the text did
    /// not write it (a default).
    pub fn span(&self, subject: Subject) -> Span {
        let found = match subject {
            Subject::Document => None,
            Subject::Metadata(i) => self.metadata.get(i).map(|t| t.span),
            Subject::TurnOrder => self.turn_order,
            Subject::EnPassant => self.en_passant,
            Subject::MoveRule => self.move_rule,
            Subject::FullMove => self.fullmove,
            Subject::Promotions => self.promotions,
            Subject::PromotionChoice { rule, choice } => self
                .promotion_choices
                .get(rule)
                .and_then(|c| c.get(choice))
                .copied()
                .or(self.promotions),
            Subject::WinConditions => self.win_conditions,
            Subject::WorldBorder => self.world_border,
            Subject::Properties => self.properties,
            Subject::Piece(i) => self.pieces.get(i).copied(),
            Subject::Move(i) => self.moves.get(i).copied(),
        };
        found.unwrap_or(self.document)
    }
}
