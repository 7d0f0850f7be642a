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
    /// Minutes and seconds are not range-checked, as on the site
    /// (`0:99:99.9` is 6,039,900 ms).
    ///
    /// ```
    /// use icn_model::Clock;
    /// assert_eq!(Clock::parse("0:09:56.7"), Some(Clock { millis: 596_700 }));
    /// assert_eq!(Clock::parse("12:00:00"), Some(Clock { millis: 43_200_000 }));
    /// assert_eq!(Clock::parse("0:99:99.9"), Some(Clock { millis: 6_039_900 }));
    /// assert_eq!(Clock::parse("0:9:56.7"), None);
    /// assert_eq!(Clock::parse("0:09:56.7777"), None);
    /// assert_eq!(Clock::parse("0:09:56."), None);
    /// assert_eq!(Clock::parse("0:09:5x"), None);
    /// assert_eq!(Clock::parse("0:09:567"), None);
    /// assert_eq!(Clock::parse("123456789012:00:00").map(|c| c.millis), Some(123_456_789_012 * 3_600_000));
    /// assert_eq!(Clock::parse("1234567890123:00:00"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Clock> {
        let b = text.as_bytes();
        let digit = |i: usize| {
            b.get(i)
                .filter(|d| d.is_ascii_digit())
                .map(|d| u64::from(d - b'0'))
        };
        // Hours: 1 to 12 digits (so no sum below can overflow).
        let mut h = 0u64;
        let mut i = 0;
        while let Some(d) = digit(i) {
            if i == 12 {
                return None;
            }
            h = h * 10 + d;
            i += 1;
        }
        if i == 0 || b.get(i) != Some(&b':') || b.get(i + 3) != Some(&b':') {
            return None;
        }
        let m = digit(i + 1)? * 10 + digit(i + 2)?;
        let s = digit(i + 4)? * 10 + digit(i + 5)?;
        // A fraction of one to three digits, then the end.
        let mut ms = 0;
        let rest = &b[i + 6..];
        if let Some((&dot, fraction)) = rest.split_first() {
            if dot != b'.' || fraction.is_empty() || fraction.len() > 3 {
                return None;
            }
            for (&d, scale) in fraction.iter().zip([100, 10, 1]) {
                if !d.is_ascii_digit() {
                    return None;
                }
                ms += u64::from(d - b'0') * scale;
            }
        }
        Some(Clock {
            millis: h * 3_600_000 + m * 60_000 + s * 1000 + ms,
        })
    }

    /// `H:MM:SS.D` (tenths), or with milliseconds when they are not whole tenths.
    pub fn format(self) -> String {
        let mut out = String::with_capacity(12);
        self.push_to(&mut out);
        out
    }

    /// Appends [`Clock::format`]'s text to `out`.
    ///
    /// ```
    /// use icn_model::Clock;
    /// let mut s = String::from("clk ");
    /// Clock { millis: 596_750 }.push_to(&mut s);
    /// assert_eq!(s, "clk 0:09:56.750");
    /// ```
    pub fn push_to(self, out: &mut String) {
        let ms = self.millis % 1000;
        let secs = self.millis / 1000;
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        out.push_str(itoa::Buffer::new().format(h));
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
    /// Clock stamp from a `[%clk ...]` comment (the last one, as on the site).
    pub clock: Option<Clock>,
    /// The other `[%name value]` commands of the comments, as `%name value`,
    /// in order (the site drops them; they are kept so nothing is lost).
    pub commands: Vec<String>,
    /// Comment texts, commands taken out, trimmed, runs of blanks made one.
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
            commands: Vec::new(),
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

/// Metadata tags by name, in the order first given. Hashed with `ahash`:
/// a game logger writes a dozen short names per game, and hashing them is a
/// visible share of reading a game.
pub type Metadata = IndexMap<String, String, ahash::RandomState>;

/// A game: metadata, start position, rules, annotations and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Metadata tags, in order.
    pub metadata: Metadata,
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
