//! Standard Algebraic Notation on boards that fit 8×8 (a1 = `1,1`):
//! [`parse_san`], [`write_san`], and the position-aware [`san_to_move`] /
//! [`move_to_san`].
//!
//! Accepted (per `shared/specs/san.md`): `[KQRBN][a-h]?[1-8]?x?[a-h][1-8](=[KQRBN])?`
//! and `O-O` / `O-O-O`, each with an optional `+` or `#`; trailing
//! annotation glyphs (`!`, `?`) are stripped. Refused: castling with zeros
//! (`0-0`), lowercase piece letters, anything else — with the byte offset and
//! what was expected. A capture mark that does not match the move is not an
//! error (resolution looks at squares only); the check mark is ignored when
//! resolving and computed when writing. Writing refuses squares outside
//! 1..8 and pieces SAN has no letter for.

use icn_model::{CheckMark, Coord, Int, PieceKind};
use icn_movegen::{Board, Move};

use crate::notation::{Action, MoveText, SanError, castle_text, describe, push_check, resolve};

/// A SAN text that does not follow the grammar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad SAN `{}` at column {}: {message}", icn_syntax::Excerpt(text), at + 1)]
pub struct ParseSanError {
    /// The text.
    pub text: String,
    /// Byte offset of the problem.
    pub at: usize,
    /// What was expected and found.
    pub message: String,
}

fn letter_kind(c: u8) -> Option<PieceKind> {
    Some(match c {
        b'K' => PieceKind::King,
        b'Q' => PieceKind::Queen,
        b'R' => PieceKind::Rook,
        b'B' => PieceKind::Bishop,
        b'N' => PieceKind::Knight,
        _ => return None,
    })
}

fn kind_letter(k: PieceKind) -> Option<&'static str> {
    Some(match k {
        PieceKind::King => "K",
        PieceKind::Queen => "Q",
        PieceKind::Rook => "R",
        PieceKind::Bishop => "B",
        PieceKind::Knight => "N",
        PieceKind::Pawn => "",
        _ => return None,
    })
}

/// Strips annotation glyphs and the check mark: (core, check).
pub(crate) fn strip_suffixes(text: &str) -> (&str, Option<CheckMark>) {
    let s = text.trim().trim_end_matches(['!', '?']);
    if let Some(core) = s.strip_suffix('#') {
        (core, Some(CheckMark::Checkmate))
    } else if let Some(core) = s.strip_suffix('+') {
        (core, Some(CheckMark::Check))
    } else {
        (s, None)
    }
}

/// Reads a SAN move.
///
/// # Errors
/// [`ParseSanError`] with the offset of the first problem.
///
/// ```
/// use icn_adapters::san::parse_san;
/// assert!(parse_san("Nbd2!?").is_ok());
/// assert_eq!(parse_san("0-0").unwrap_err().message, "castling is written with the letter O, found `0`");
/// assert!(parse_san("e9").is_err());
/// ```
pub fn parse_san(text: &str) -> Result<MoveText, ParseSanError> {
    let text = icn_syntax::strip_bom(text);
    let (core, check) = strip_suffixes(text);
    let bad = |at: usize, message: String| ParseSanError {
        text: text.to_string(),
        at,
        message,
    };
    if let Some(castle) = MoveText::castling(core, check) {
        return Ok(castle);
    }
    match core {
        _ if core.starts_with("0-0") => {
            return Err(bad(
                0,
                "castling is written with the letter O, found `0`".into(),
            ));
        }
        _ => {}
    }
    if let Some((at, c)) = core.char_indices().find(|(_, c)| !c.is_ascii()) {
        return Err(bad(at, format!("expected a SAN character, found `{c}`")));
    }
    let b = core.as_bytes();
    let mut i = 0;
    let kind = match b.first().copied().and_then(letter_kind) {
        Some(k) => {
            i = 1;
            k
        }
        None => PieceKind::Pawn,
    };
    // Promotion from the end.
    let mut end = b.len();
    let mut promotion = None;
    if end >= 2 && b[end - 2] == b'=' {
        match letter_kind(b[end - 1]) {
            Some(k) => promotion = Some(k),
            None => {
                return Err(bad(
                    end - 1,
                    format!(
                        "expected a promotion piece K, Q, R, B or N, found `{}`",
                        char::from(b[end - 1])
                    ),
                ));
            }
        }
        end -= 2;
    }
    if end < i + 2 {
        return Err(bad(
            end,
            "expected a destination square such as `e4`".into(),
        ));
    }
    let (f, r) = (b[end - 2], b[end - 1]);
    if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
        return Err(bad(
            end - 2,
            format!(
                "expected a destination square a1-h8, found `{}`",
                &core[end - 2..end]
            ),
        ));
    }
    let to = Coord::new(i64::from(f - b'a') + 1, i64::from(r - b'0'));
    let mut mid = &b[i..end - 2];
    let capture = mid.last() == Some(&b'x');
    if capture {
        mid = &mid[..mid.len() - 1];
    }
    let mut from_x = None;
    let mut from_y = None;
    let mut j = 0;
    if let Some(&c) = mid.first()
        && (b'a'..=b'h').contains(&c)
    {
        from_x = Some(Int::from(i64::from(c - b'a') + 1));
        j = 1;
    }
    if let Some(&c) = mid.get(j)
        && (b'1'..=b'8').contains(&c)
    {
        from_y = Some(Int::from(i64::from(c - b'0')));
        j += 1;
    }
    if j != mid.len() {
        let at = i + j;
        return Err(bad(
            at,
            format!(
                "expected a file, a rank, `x` or a square, found `{}`",
                char::from(b[at])
            ),
        ));
    }
    Ok(MoveText {
        action: Action::Normal {
            kind,
            from_x,
            from_y,
            capture,
            to,
            promotion,
        },
        check,
    })
}

fn kind_name(k: PieceKind) -> String {
    format!("{k:?}").to_lowercase()
}

fn file_char(x: &Int) -> Option<char> {
    let v = x.to_i64().filter(|v| (1..=8).contains(v))?;
    Some(char::from(b'a' + v as u8 - 1))
}

fn rank_char(y: &Int) -> Option<char> {
    let v = y.to_i64().filter(|v| (1..=8).contains(v))?;
    Some(char::from(b'0' + v as u8))
}

/// Writes a move text as SAN.
///
/// # Errors
/// Squares outside 1..8 or kinds SAN has no letter for.
pub fn write_san(t: &MoveText) -> Result<String, String> {
    let mut out = String::new();
    match &t.action {
        Action::Castle { east } => out.push_str(castle_text(*east)),
        Action::Normal {
            kind,
            from_x,
            from_y,
            capture,
            to,
            promotion,
        } => {
            let letter = kind_letter(*kind)
                .ok_or_else(|| format!("SAN has no letter for the {}", kind_name(*kind)))?;
            out.push_str(letter);
            let off = || format!("the square {to} is outside the 8×8 board");
            if let Some(x) = from_x {
                out.push(file_char(x).ok_or_else(off)?);
            }
            if let Some(y) = from_y {
                out.push(rank_char(y).ok_or_else(off)?);
            }
            if *capture {
                out.push('x');
            }
            out.push(file_char(&to.x).ok_or_else(off)?);
            out.push(rank_char(&to.y).ok_or_else(off)?);
            if let Some(p) = promotion {
                out.push('=');
                out.push_str(
                    kind_letter(*p)
                        .filter(|l| !l.is_empty())
                        .ok_or_else(|| format!("SAN has no letter for the {}", kind_name(*p)))?,
                );
            }
        }
    }
    push_check(&mut out, t.check);
    Ok(out)
}

/// The legal move a SAN text names in the board's position.
///
/// # Errors
/// A syntax error, or [`SanError::Illegal`] / [`SanError::Ambiguous`].
///
/// ```
/// use icn_adapters::{fen::Fen, fen_icn::fen_to_game, san::san_to_move};
/// use icn_movegen::Board;
/// let g = fen_to_game(&Fen::starting()).unwrap();
/// let mut b = Board::from_game(&g).unwrap();
/// assert_eq!(san_to_move(&mut b, "Nf3").unwrap().to_compact(), "7,1>6,3");
/// assert!(san_to_move(&mut b, "Nf4").unwrap_err().to_string().starts_with("illegal move"));
/// ```
pub fn san_to_move(board: &mut Board, text: &str) -> Result<Move, SanError> {
    let t = parse_san(text).map_err(|e| SanError::Illegal(e.to_string()))?;
    resolve(board, &t, text.trim())
}

/// The SAN of a legal move in the board's position.
///
/// # Errors
/// The move is not legal, or SAN cannot write it.
///
/// ```
/// use icn_adapters::{fen::Fen, fen_icn::fen_to_game, san::move_to_san};
/// use icn_adapters::notation::compact_move;
/// use icn_movegen::Board;
/// let g = fen_to_game(&Fen::parse("6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap()).unwrap();
/// let mut b = Board::from_game(&g).unwrap();
/// let m = compact_move(&mut b, "1,1>1,8").unwrap();
/// assert_eq!(move_to_san(&mut b, &m).unwrap(), "Ra8#");
/// let m = compact_move(&mut b, "5,1>7,1").unwrap();
/// assert_eq!(move_to_san(&mut b, &m).unwrap(), "O-O");
/// ```
pub fn move_to_san(board: &mut Board, m: &Move) -> Result<String, SanError> {
    let t = describe(board, m)?;
    write_san(&t).map_err(SanError::Illegal)
}
