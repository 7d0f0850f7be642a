//! [`Game`]: metadata, a start position with its rules, and moves. A position
//! alone is a game with no moves.

use indexmap::IndexMap;

use crate::{Annotations, Coord, GameRules, Piece, Position};

/// `+` or `#` as written after a move.
pub use icn_syntax::CheckMark;

/// A clock reading from a `[%clk H:MM:SS.D]` stamp, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clock {
    /// Milliseconds left.
    pub millis: u64,
}

impl Clock {
    /// Reads `H:MM:SS` with an optional fraction of up to three digits.
    pub fn parse(text: &str) -> Option<Clock> {
        let (main, frac) = match text.split_once('.') {
            Some((m, f)) => (m, f),
            None => (text, ""),
        };
        let mut parts = main.split(':');
        let h: u64 = parts.next()?.parse().ok()?;
        let m: u64 = parts.next()?.parse().ok()?;
        let s: u64 = parts.next()?.parse().ok()?;
        if parts.next().is_some()
            || m >= 60
            || s >= 60
            || frac.len() > 3
            || !frac.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let mut ms: u64 = 0;
        for (i, d) in frac.bytes().enumerate() {
            ms += u64::from(d - b'0') * [100, 10, 1][i];
        }
        let total = h
            .checked_mul(3_600_000)?
            .checked_add(m * 60_000 + s * 1000 + ms)?;
        Some(Clock { millis: total })
    }

    /// `H:MM:SS.D` (tenths), or with milliseconds when they are not whole tenths.
    pub fn format(self) -> String {
        let ms = self.millis % 1000;
        let secs = self.millis / 1000;
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        let mut out = String::with_capacity(12);
        out.push_str(&h.to_string());
        for two in [m, s] {
            out.push(':');
            out.push(char::from(b'0' + (two / 10) as u8));
            out.push(char::from(b'0' + (two % 10) as u8));
        }
        out.push('.');
        if ms.is_multiple_of(100) {
            out.push(char::from(b'0' + (ms / 100) as u8));
        } else {
            for d in [ms / 100, ms / 10 % 10, ms % 10] {
                out.push(char::from(b'0' + d as u8));
            }
        }
        out
    }
}

/// A move of a game, with what was written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Start square.
    pub from: Coord,
    /// Destination square.
    pub to: Coord,
    /// The piece a pawn promotes to (owner included).
    pub promotion: Option<Piece>,
    /// The moving piece, when the text names it (long form).
    pub piece: Option<Piece>,
    /// Whether the text marks the move a capture (`x`).
    pub capture: bool,
    /// `+` or `#` as written.
    pub check: Option<CheckMark>,
    /// Annotation glyphs such as `!?`.
    pub glyph: Option<String>,
    /// Clock stamp from a `[%clk ...]` comment.
    pub clock: Option<Clock>,
    /// Comment texts, the clock stamp taken out.
    pub comments: Vec<String>,
}

impl Move {
    /// A plain move from `from` to `to`.
    pub fn new(from: Coord, to: Coord) -> Self {
        Move {
            from,
            to,
            promotion: None,
            piece: None,
            capture: false,
            check: None,
            glyph: None,
            clock: None,
            comments: Vec::new(),
        }
    }

    /// The compact form `x,y>x,y`, with the promotion appended as the spec
    /// writes it (`2,7>1,8Q`).
    pub fn compact(&self) -> String {
        match self.promotion {
            Some(p) => format!("{}>{}{}", self.from, self.to, p.code()),
            None => format!("{}>{}", self.from, self.to),
        }
    }
}

/// A game: metadata, start position, rules, annotations and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Metadata tags, in order.
    pub metadata: IndexMap<String, String>,
    /// The position the moves start from.
    pub position: Position,
    /// The rules.
    pub rules: GameRules,
    /// Preset annotations.
    pub annotations: Annotations,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    /// The moves.
    pub moves: Vec<Move>,
}
