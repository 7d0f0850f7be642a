//! The typed syntax tree of an ICN document. Every node keeps the byte span it
//! was read from ([`Span::SYNTHETIC`] when a program built it).
//!
//! The tree records what the text says, not what it means: piece codes stay
//! text (the model decides which codes exist), integers stay decimal text of
//! any length, and the JSON property block stays JSON text.

use std::borrow::Cow;

use crate::Span;

/// A whole document: a position, or a game when it has moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document<'a> {
    /// `[Name "Value"]` tags, in order.
    pub metadata: Vec<MetaTag<'a>>,
    /// Header fields before the piece list, in the order written.
    pub fields: Vec<Field<'a>>,
    /// The piece list.
    pub pieces: Vec<PieceEntry<'a>>,
    /// Comments before the first move.
    pub leading_comments: Vec<Comment<'a>>,
    /// The moves, in order.
    pub moves: Vec<MoveEntry<'a>>,
    /// The whole text.
    pub span: Span,
}

/// A metadata tag `[Name "Value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetaTag<'a> {
    /// The tag name.
    pub name: Cow<'a, str>,
    /// The value: as written, or with `\"` and `\\` resolved when it was
    /// read with escapes (a value that holds a `"`).
    pub value: Cow<'a, str>,
    /// The whole tag.
    pub span: Span,
}

/// An integer literal of any size: an optional `-` and decimal digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int<'a> {
    /// The literal as written.
    pub text: Cow<'a, str>,
    /// Where it was written.
    pub span: Span,
}

impl<'a> Int<'a> {
    /// A literal built by a program; `text` must be `-?[0-9]+`.
    pub fn synthetic(text: impl Into<Cow<'a, str>>) -> Self {
        Int {
            text: text.into(),
            span: Span::SYNTHETIC,
        }
    }
}

/// A square `x,y`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coord<'a> {
    /// The x coordinate (column).
    pub x: Int<'a>,
    /// The y coordinate (row).
    pub y: Int<'a>,
    /// The whole square.
    pub span: Span,
}

/// A piece code such as `K`, `am`, `3q` or `ob`: an optional player number
/// and letters. Case matters: uppercase is White, lowercase Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceCode<'a> {
    /// The code as written, prefix included.
    pub text: Cow<'a, str>,
    /// Where it was written.
    pub span: Span,
}

impl PieceCode<'_> {
    /// The numeric player prefix (`3` in `3q`), if any.
    pub fn player_number(&self) -> Option<&str> {
        let digits = self.text.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then(|| &self.text[..digits])
    }

    /// The letters after any numeric prefix.
    pub fn letters(&self) -> &str {
        self.text.trim_start_matches(|c: char| c.is_ascii_digit())
    }
}

/// One entry of the piece list: `P3,7+`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceEntry<'a> {
    /// The piece code.
    pub code: PieceCode<'a>,
    /// Its square.
    pub at: Coord<'a>,
    /// Whether `+` follows: double-move, castling or castling-partner right.
    pub special_right: bool,
    /// The whole entry.
    pub span: Span,
}

/// A header field with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    /// What the field says.
    pub kind: FieldKind<'a>,
    /// Where it was written.
    pub span: Span,
}

/// The header fields of both dialects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldKind<'a> {
    /// `w`, `b`, or a site turn order such as `w:b:w` or `r:bu`.
    TurnOrder(Vec<PlayerLetter>),
    /// En passant square.
    EnPassant(Coord<'a>),
    /// `N/M`: half-moves since the last pawn move or capture, and the limit.
    MoveRule {
        /// Half-moves played.
        played: Int<'a>,
        /// The X-move rule limit in half-moves.
        limit: Int<'a>,
    },
    /// The fullmove counter.
    FullMove(Int<'a>),
    /// Promotion segments, one per player in player-number order.
    Promotions(Vec<PromotionSegment<'a>>),
    /// World border `left,right,bottom,top`; `None` is an open side.
    WorldBorder([Option<Int<'a>>; 4]),
    /// Win conditions: one segment for all players, or one per player.
    WinConditions(Vec<Vec<Keyword<'a>>>),
    /// The JSON object of extra properties, as written.
    Properties(Cow<'a, str>),
    /// Preset square annotations.
    Squares(Vec<Coord<'a>>),
    /// Preset ray annotations.
    Rays(Vec<Ray<'a>>),
}

impl FieldKind<'_> {
    /// A short name used in messages: "turn order", "world border", ...
    pub fn name(&self) -> &'static str {
        match self {
            FieldKind::TurnOrder(_) => "turn order",
            FieldKind::EnPassant(_) => "en passant square",
            FieldKind::MoveRule { .. } => "move rule",
            FieldKind::FullMove(_) => "fullmove counter",
            FieldKind::Promotions(_) => "promotions",
            FieldKind::WorldBorder(_) => "world border",
            FieldKind::WinConditions(_) => "win conditions",
            FieldKind::Properties(_) => "JSON properties",
            FieldKind::Squares(_) => "square annotations",
            FieldKind::Rays(_) => "ray annotations",
        }
    }

    /// Position of the field in the site dialect's fixed order.
    pub fn site_order(&self) -> u8 {
        match self {
            FieldKind::TurnOrder(_) => 0,
            FieldKind::EnPassant(_) => 1,
            FieldKind::MoveRule { .. } => 2,
            FieldKind::FullMove(_) => 3,
            FieldKind::Promotions(_) => 4,
            FieldKind::WorldBorder(_) => 5,
            FieldKind::WinConditions(_) => 6,
            FieldKind::Properties(_) => 7,
            FieldKind::Squares(_) => 8,
            FieldKind::Rays(_) => 9,
        }
    }
}

/// A player letter of a turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerLetter {
    /// `n`, neutral.
    Neutral,
    /// `w`.
    White,
    /// `b`.
    Black,
    /// `r`.
    Red,
    /// `bu`.
    Blue,
    /// `y`.
    Yellow,
    /// `g`.
    Green,
}

impl PlayerLetter {
    /// All letters in player-number order (0 to 6).
    pub const ALL: [PlayerLetter; 7] = [
        PlayerLetter::Neutral,
        PlayerLetter::White,
        PlayerLetter::Black,
        PlayerLetter::Red,
        PlayerLetter::Blue,
        PlayerLetter::Yellow,
        PlayerLetter::Green,
    ];

    /// The letter as written.
    pub fn as_str(self) -> &'static str {
        match self {
            PlayerLetter::Neutral => "n",
            PlayerLetter::White => "w",
            PlayerLetter::Black => "b",
            PlayerLetter::Red => "r",
            PlayerLetter::Blue => "bu",
            PlayerLetter::Yellow => "y",
            PlayerLetter::Green => "g",
        }
    }

    /// Reads a letter.
    pub fn parse(s: &str) -> Option<Self> {
        PlayerLetter::ALL.into_iter().find(|p| p.as_str() == s)
    }

    /// The site's player number (neutral 0, white 1, ... green 6).
    pub fn number(self) -> u8 {
        self as u8
    }
}

/// A word such as a win condition, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keyword<'a> {
    /// The word.
    pub text: Cow<'a, str>,
    /// Where it was written.
    pub span: Span,
}

/// One player's promotion segment; both parts empty means "no promotion".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PromotionSegment<'a> {
    /// Promotion ranks (y coordinates).
    pub ranks: Vec<Int<'a>>,
    /// Allowed pieces; `None` when omitted (the default Q, R, B, N).
    pub pieces: Option<Vec<PieceCode<'a>>>,
    /// Where it was written.
    pub span: Span,
}

/// A preset ray annotation `x,y>dx,dy`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ray<'a> {
    /// Start square.
    pub from: Coord<'a>,
    /// Direction.
    pub direction: Coord<'a>,
    /// Where it was written.
    pub span: Span,
}

/// `+` or `#` after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMark {
    /// `+`.
    Check,
    /// `#`.
    Checkmate,
}

/// How a promotion was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionStyle {
    /// Letters attached to the square: `1,8Q` (spec compact form).
    Attached,
    /// With `=`: `1,8=Q` (site) or `1,8 =Q` (spec long form).
    Equals,
}

/// A promotion piece with the way it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion<'a> {
    /// The piece promoted to.
    pub code: PieceCode<'a>,
    /// `Q` or `=Q`.
    pub style: PromotionStyle,
}

/// A comment `{...}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment<'a> {
    /// The text between the braces.
    pub text: Cow<'a, str>,
    /// The whole comment, braces included.
    pub span: Span,
}

/// One move of a game with everything written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry<'a> {
    /// The move itself: coordinates, or SAN-like text.
    pub body: MoveBody<'a>,
    /// `+` or `#`, if written.
    pub check: Option<CheckMark>,
    /// Annotation glyphs such as `!?`, if written.
    pub glyph: Option<Cow<'a, str>>,
    /// Comments after the move.
    pub comments: Vec<Comment<'a>>,
    /// The move itself (without comments).
    pub span: Span,
}

impl<'a> MoveEntry<'a> {
    /// The coordinates, unless the move was written SAN-like.
    pub fn coordinates(&self) -> Option<&CoordinateMove<'a>> {
        match &self.body {
            MoveBody::Coordinates(c) => Some(c),
            MoveBody::SanLike(_) => None,
        }
    }
}

/// How a move names what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // coordinates are the common case: boxing them would allocate per move
pub enum MoveBody<'a> {
    /// Start and destination squares: `4,2>4,4`, `P4,5x3,6=Q`.
    Coordinates(CoordinateMove<'a>),
    /// The SAN-like notation of `docs/san-like.md`: `N3,4`, `5x6,8=Q`, `O-O`.
    SanLike(SanLikeText<'a>),
}

/// A move written with its start and destination squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordinateMove<'a> {
    /// The moving piece, in long form.
    pub piece: Option<PieceCode<'a>>,
    /// Start square.
    pub from: Coord<'a>,
    /// Whether `x` was written instead of `>`.
    pub capture: bool,
    /// Destination square.
    pub to: Coord<'a>,
    /// Promotion, if any.
    pub promotion: Option<Promotion<'a>>,
}

/// A move in the SAN-like notation, without its check mark and glyphs
/// (`Nx3,4`, `R,5-5,0`, `5x6,8=Q`, `O-O-O`). The grammar has checked its
/// shape; which move it names depends on the position, so it is resolved
/// above the syntax (icn-adapters), where the legal moves are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanLikeText<'a> {
    /// The text.
    pub text: Cow<'a, str>,
    /// Where it was written.
    pub span: Span,
}
