//! Move words as PGN files write them, beyond strict SAN ([`read_move`]).
//!
//! Accepted, as python-chess reads them: SAN (`Nf3`, `exd5`, `e8=Q`),
//! promotion without `=` (`bxa8Q`, `e8q`), castling with the letter O or
//! with zeros (`O-O`, `0-0-0`), long algebraic notation with or without a
//! piece letter (`b2-b3`, `Ng1-f3`, `Nb1xc3`, `e7-e8=Q`), UCI (`g1f3`,
//! `d7d8q`; castling as the king's move `e1g1`), and a trailing `e.p.`.
//! A check mark, `!`/`?` glyphs and `e.p.` are ignored when resolving: check
//! marks are computed when a move is written, never copied. Refused: null
//! moves (the lexer gives them their own token) and anything else, with the
//! reason of [`crate::san::san_to_move`].

use icn_model::{Coord, Piece, PieceKind};
use icn_movegen::{Board, Move};

use crate::notation::{MoveText, SanError, resolve};
use crate::san::san_to_move;

/// The move text without its check mark, glyphs and `e.p.`.
fn core_of(text: &str) -> &str {
    let t = text.trim();
    let t = t.strip_suffix("e.p.").unwrap_or(t);
    t.trim_end_matches(['+', '#', '!', '?'])
}

fn square(b: &[u8]) -> Option<Coord> {
    match b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            Some(Coord::new(i64::from(f - b'a') + 1, i64::from(r - b'0')))
        }
        _ => None,
    }
}

fn kind_of(letter: u8) -> Option<PieceKind> {
    PieceKind::from_code(std::str::from_utf8(&[letter]).ok()?)
}

/// A move that names both squares: `[KQRBNP]?a1[-x]?a2(=?[QRBNqrbn])?`.
struct Coordinates {
    piece: Option<PieceKind>,
    from: Coord,
    to: Coord,
    promotion: Option<PieceKind>,
}

fn coordinates(core: &str) -> Option<Coordinates> {
    let b = core.as_bytes();
    let (piece, rest) = match b.first() {
        Some(c) if c.is_ascii_uppercase() => (Some(kind_of(*c)?), &b[1..]),
        _ => (None, b),
    };
    if rest.len() < 4 {
        return None;
    }
    let from = square(&rest[..2])?;
    let rest = match rest[2] {
        b'-' | b'x' => &rest[3..],
        _ => &rest[2..],
    };
    if rest.len() < 2 {
        return None;
    }
    let to = square(&rest[..2])?;
    let promo = rest[2..].strip_prefix(b"=").unwrap_or(&rest[2..]);
    let promotion = match promo {
        [] => None,
        [c] => Some(kind_of(*c).filter(|k| !matches!(*k, PieceKind::King | PieceKind::Pawn))?),
        _ => return None,
    };
    Some(Coordinates {
        piece,
        from,
        to,
        promotion,
    })
}

/// The legal move a PGN move word names (see the module docs).
///
/// # Errors
/// [`SanError::Illegal`] or [`SanError::Ambiguous`], with the reason.
///
/// ```
/// use icn_adapters::{fen::Fen, fen_icn::fen_to_game, pgn_move::read_move};
/// use icn_movegen::Board;
/// let g = fen_to_game(&Fen::starting()).unwrap();
/// let mut b = Board::from_game(&g).unwrap();
/// for word in ["Nf3", "g1f3", "Ng1-f3", "g1-f3", "Nf3+!?"] {
///     assert_eq!(read_move(&mut b, word).unwrap().to_compact(), "7,1>6,3");
/// }
/// assert!(read_move(&mut b, "Nf4").is_err());
/// ```
pub fn read_move(board: &mut Board, text: &str) -> Result<Move, SanError> {
    let core = core_of(text);
    let castle = match core {
        "0-0" => Some("O-O"),
        "0-0-0" => Some("O-O-O"),
        _ => None,
    };
    if let Some(c) = castle.and_then(|c| MoveText::castling(c, None)) {
        return resolve(board, &c, text.trim());
    }
    if let Some(c) = coordinates(core) {
        let side = board.side_to_move();
        let m = board
            .check_move(&c.from, &c.to, c.promotion.map(|k| Piece::new(k, side)))
            .map_err(|e| SanError::Illegal(format!("`{}`: {e}", text.trim())))?;
        let moving = board.piece_at(m.from).map(|p| p.kind);
        if let Some(kind) = c.piece
            && moving != Some(kind)
        {
            return Err(SanError::Illegal(format!(
                "`{}` names a {kind:?} but a {} stands on {}",
                text.trim(),
                moving.map_or("nothing".to_string(), |k| format!("{k:?}")),
                m.from
            )));
        }
        return Ok(m);
    }
    // Promotion without `=`: `bxa8Q`, `e8q`.
    let b = core.as_bytes();
    if b.len() >= 3 && b[b.len() - 2].is_ascii_digit() && b"QRBNqrbn".contains(&b[b.len() - 1]) {
        let promo = char::from(b[b.len() - 1].to_ascii_uppercase());
        return san_to_move(board, &format!("{}={promo}", &core[..core.len() - 1]));
    }
    san_to_move(board, core)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::Fen;
    use crate::fen_icn::fen_to_game;

    fn board(fen: &str) -> Board {
        Board::from_game(&fen_to_game(&Fen::parse(fen).unwrap()).unwrap()).unwrap()
    }

    #[test]
    fn every_spelling_of_a_promotion_is_one_move() {
        let mut b = board("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        for word in ["bxa8=Q", "bxa8Q", "b7a8q", "b7xa8=Q", "b7-a8Q", "bxa8=Q+"] {
            let m = read_move(&mut b, word).unwrap();
            assert_eq!(m.to_compact(), "2,7>1,8Q", "{word}");
        }
        assert!(read_move(&mut b, "bxa8").is_err());
    }

    #[test]
    fn castling_with_zeros_and_as_a_king_move() {
        let mut b = board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        for word in ["O-O", "0-0", "e1g1", "Ke1-g1"] {
            assert_eq!(read_move(&mut b, word).unwrap().to_compact(), "5,1>7,1");
        }
        assert_eq!(read_move(&mut b, "0-0-0").unwrap().to_compact(), "5,1>3,1");
    }

    #[test]
    fn a_wrong_piece_letter_in_long_algebraic_is_refused() {
        let mut b = board(crate::fen::STARTING_FEN);
        let e = read_move(&mut b, "Bg1-f3").unwrap_err().to_string();
        assert!(e.contains("names a Bishop"), "{e}");
    }

    #[test]
    fn en_passant_marks_are_ignored() {
        let mut b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert_eq!(
            read_move(&mut b, "exd6e.p.").unwrap().to_compact(),
            "5,5>4,6"
        );
    }
}
