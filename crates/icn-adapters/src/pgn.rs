//! PGN as people write it: [`PgnReader`] streams games out of any `BufRead`
//! (see [`crate::pgn_read`] for what it accepts), and [`import_game`] turns
//! one into an ICN [`icn_model::Game`] (see [`crate::pgn_import`]). This
//! module holds what both share: the game's raw text ([`PgnGame`], [`Token`])
//! and the problems found on the way ([`PgnProblem`], of a [`PgnKind`]).
//!
//! A problem is an error (the game is refused) or a warning (the game is
//! read, something was left out or taken as something else); each has the
//! game's number in the file and the line and column it is about.

pub use crate::pgn_import::import_game;
pub use crate::pgn_read::PgnReader;

/// What kind of problem a [`PgnProblem`] is. The names (`kebab-case`) are
/// stable: the command line shows them as `error[illegal-move]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PgnKind {
    /// The file could not be read.
    Io,
    /// A comment or variation is never closed.
    Unclosed,
    /// The `Variant` tag names a game ICN's engine does not play.
    Variant,
    /// The `FEN` tag does not read or cannot become ICN.
    Fen,
    /// A move that no legal move matches.
    IllegalMove,
    /// A move that several legal moves match.
    AmbiguousMove,
    /// A null move (`--`, `Z0`), which ICN cannot hold.
    NullMove,
    /// The position is one the engine refuses.
    Position,
    /// Warning: a tag that is not `[Name "value"]` (skipped).
    MalformedTag,
    /// Warning: a `}` or `)` that closes nothing (skipped).
    Stray,
    /// Warning: the input is not UTF-8 (read as Windows-1252).
    NotUtf8,
    /// Warning: a variation (ICN keeps the main line only).
    Variation,
    /// Warning: a FEN fullmove number of 0, read as 1.
    FullmoveZero,
    /// Warning: a NAG with no move to belong to (before the first move).
    NagDropped,
}

impl PgnKind {
    /// The kind's stable name.
    pub fn name(self) -> &'static str {
        match self {
            PgnKind::Io => "io",
            PgnKind::Unclosed => "unclosed",
            PgnKind::Variant => "variant",
            PgnKind::Fen => "fen",
            PgnKind::IllegalMove => "illegal-move",
            PgnKind::AmbiguousMove => "ambiguous-move",
            PgnKind::NullMove => "null-move",
            PgnKind::Position => "position",
            PgnKind::MalformedTag => "malformed-tag",
            PgnKind::Stray => "stray",
            PgnKind::NotUtf8 => "not-utf8",
            PgnKind::Variation => "variation",
            PgnKind::FullmoveZero => "fullmove-zero",
            PgnKind::NagDropped => "nag-dropped",
        }
    }

    /// Whether a problem of this kind leaves the game readable.
    pub fn is_warning(self) -> bool {
        matches!(
            self,
            PgnKind::MalformedTag
                | PgnKind::Stray
                | PgnKind::NotUtf8
                | PgnKind::Variation
                | PgnKind::FullmoveZero
                | PgnKind::NagDropped
        )
    }
}

/// A problem in a PGN file: an error or a warning, by its kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {message}")]
pub struct PgnProblem {
    /// 1-based game number in the file.
    pub game: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What kind of problem.
    pub kind: PgnKind,
    /// What was wrong.
    pub message: String,
}

/// A refused game (a problem whose kind is not a warning).
pub type PgnError = PgnProblem;

/// Where a token starts: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    /// Line.
    pub line: usize,
    /// Column.
    pub column: usize,
}

/// One game's raw text: tags, movetext tokens and the reader's warnings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// 1-based number in the file.
    pub number: usize,
    /// Line of its first tag or token.
    pub line: usize,
    /// Tag pairs in order, as written (a name may come twice).
    pub tags: Vec<(String, String)>,
    /// Movetext tokens with where they start.
    pub tokens: Vec<(Token, Pos)>,
    /// Warnings found while reading the text (malformed tags, stray
    /// brackets, bytes that are not UTF-8).
    pub warnings: Vec<PgnProblem>,
}

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A movetext token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move word (SAN, long algebraic or UCI), glyphs and NAGs split off.
    Move(String),
    /// A null move: `--`, `Z0`, `0000` or `@@@@`.
    Null(String),
    /// A `{…}` or `;` comment (line breaks inside made blanks).
    Comment(String),
    /// `$n`, or a glyph (`!?`, `‼`, `±`) as its NAG number.
    Nag(u32),
    /// A skipped `(…)` variation.
    Variation,
    /// `1-0`, `0-1`, `1/2-1/2` (also written `1/2` or `½-½`), `*`.
    Result(String),
}

/// The glyph of NAGs `$1`–`$6`.
pub fn nag_glyph(n: u32) -> Option<&'static str> {
    ["!", "?", "!!", "??", "!?", "?!"]
        .get(n.checked_sub(1)? as usize)
        .copied()
}

/// The NAG of a glyph: the six move assessments in ASCII or as one Unicode
/// character (`‼`, `⁇`, `⁉`, `⁈`), and the common position symbols (`□`,
/// `∞`, `⩲`, `⩱`, `±`, `∓`, `⨀`, `⟳`, `↑`, `→`, `⇆`).
pub fn glyph_nag(glyph: &str) -> Option<u32> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "∞" => 13,
        "⩲" => 14,
        "⩱" => 15,
        "±" => 16,
        "∓" => 17,
        "⨀" => 22,
        "⟳" => 32,
        "↑" => 36,
        "→" => 40,
        "⇆" => 132,
        _ => return None,
    })
}

/// The normal spelling of a result token or `Result` tag: `1/2` and `½-½`
/// are `1/2-1/2`; `None` for anything that is not a result.
pub fn normal_result(text: &str) -> Option<&'static str> {
    Some(match text {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2-1/2" | "1/2" | "½-½" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_and_nags_agree_on_the_six_assessments() {
        for n in 1..=6 {
            assert_eq!(glyph_nag(nag_glyph(n).unwrap()), Some(n));
        }
        assert_eq!(glyph_nag("‼"), Some(3));
        assert_eq!(glyph_nag("!!!"), None);
        assert_eq!(nag_glyph(7), None);
    }

    #[test]
    fn every_warning_kind_is_named_apart() {
        let kinds = [
            PgnKind::MalformedTag,
            PgnKind::Stray,
            PgnKind::NotUtf8,
            PgnKind::Variation,
            PgnKind::FullmoveZero,
            PgnKind::NagDropped,
            PgnKind::IllegalMove,
        ];
        let names: std::collections::HashSet<_> = kinds.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), kinds.len());
        assert!(!PgnKind::IllegalMove.is_warning() && PgnKind::Stray.is_warning());
    }
}
