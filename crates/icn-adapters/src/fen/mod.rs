//! FEN, X-FEN and Shredder-FEN: [`Fen`] read with [`Fen::parse`] and written
//! with [`Fen::write`].
//!
//! Accepted: the piece placement (eight ranks of `KQRBNP`/`kqrbnp` and digits,
//! each summing to eight; a `~` after a piece marks it promoted, as crazyhouse
//! writes it), an optional crazyhouse pocket `[..]` right after the placement
//! (`[]` is an empty pocket), the side to move `w`/`b`, castling as `-`,
//! `KQkq` (the outermost rook on that side, X-FEN) or rook files `A`–`H` /
//! `a`–`h` (Shredder-FEN and X-FEN), the en passant square, a three-check
//! remaining-checks field `W+B` before the clocks, the halfmove clock and
//! fullmove number, and a trailing given-checks field `+W+B`. Every field
//! after the placement may be left off (defaults: `w - - 0 1`). A UTF-8
//! byte-order mark at the start is skipped.
//!
//! Refused, with the field named ([`FenField`]): ranks of the wrong length,
//! unknown letters, more or fewer than eight ranks, castling rights without
//! a king on its back rank or without a rook on the named file, an en passant
//! square not on the third/sixth rank behind the side that just moved,
//! clocks that are not numbers, a fullmove number of 0, and anything left over.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use icn_model::{Piece, PieceKind, Player};

mod parse;

/// A square of the 8×8 board: `file` 0 (a) to 7 (h), `rank` 0 (1) to 7 (8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 for a, 7 for h.
    pub file: u8,
    /// 0 for rank 1, 7 for rank 8.
    pub rank: u8,
}

impl Square {
    /// A square; `None` when off the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then_some(Square { file, rank })
    }

    /// Reads `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::new(b[0].wrapping_sub(b'a'), b[1].wrapping_sub(b'1'))
    }

    /// The name `e4`.
    pub fn name(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(char::from(b'a' + self.file));
        s.push(char::from(b'1' + self.rank));
        s
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A piece on a FEN board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FenPiece {
    /// King, queen, rook, bishop, knight or pawn of White or Black.
    pub piece: Piece,
    /// Marked `~` (a promoted piece in crazyhouse).
    pub promoted: bool,
}

/// Three-check counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Checks {
    /// White's number.
    pub white: u32,
    /// Black's number.
    pub black: u32,
}

/// A position as FEN states it. Castling rights are kept as rook files, so
/// X-FEN and Shredder-FEN read into the same value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The pieces.
    pub board: BTreeMap<Square, FenPiece>,
    /// `Player::WHITE` or `Player::BLACK`.
    pub turn: Player,
    /// Files of the rooks White may castle with, ascending.
    pub white_castling: Vec<u8>,
    /// Files of the rooks Black may castle with, ascending.
    pub black_castling: Vec<u8>,
    /// The en passant square.
    pub en_passant: Option<Square>,
    /// Crazyhouse pocket, in the order written (`None`: no pocket field).
    pub pocket: Option<Vec<Piece>>,
    /// Three-check remaining checks (`3+3` before the clocks).
    pub remaining_checks: Option<Checks>,
    /// Three-check given checks (`+0+0` after the clocks).
    pub given_checks: Option<Checks>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmove: u32,
    /// Fullmove number, from 1.
    pub fullmove: u32,
}

/// How castling rights are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CastlingStyle {
    /// `KQkq` for the outermost rook on each side, the rook's file otherwise.
    #[default]
    XFen,
    /// Always the rook's file (`HAha`).
    Shredder,
}

/// The fields of a FEN, for errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The piece placement.
    Board,
    /// The crazyhouse pocket.
    Pocket,
    /// The side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// Three-check remaining checks.
    RemainingChecks,
    /// The halfmove clock.
    Halfmove,
    /// The fullmove number.
    Fullmove,
    /// Three-check given checks.
    GivenChecks,
    /// Text after the last field.
    Trailing,
}

impl FenField {
    /// How the field is called in messages.
    pub fn name(self) -> &'static str {
        match self {
            FenField::Board => "piece placement",
            FenField::Pocket => "pocket",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::RemainingChecks => "remaining checks",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
            FenField::GivenChecks => "given checks",
            FenField::Trailing => "end of the FEN",
        }
    }
}

/// Why a FEN was refused: which field, where (byte offsets), and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad {} field at column {}: {message}", field.name(), span.start + 1)]
pub struct ParseFenError {
    /// The field.
    pub field: FenField,
    /// Byte offsets of the offending text.
    pub span: Range<usize>,
    /// What was expected and found.
    pub message: String,
}

pub(crate) fn err(
    field: FenField,
    span: Range<usize>,
    message: impl Into<String>,
) -> ParseFenError {
    ParseFenError {
        field,
        span,
        message: icn_syntax::cap_quotes(message.into()),
    }
}

/// The standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The FEN letter of a piece (`None` for kinds FEN cannot name or players
/// other than White and Black).
pub fn letter_of(piece: Piece) -> Option<char> {
    let c = match piece.kind {
        PieceKind::King => 'k',
        PieceKind::Queen => 'q',
        PieceKind::Rook => 'r',
        PieceKind::Bishop => 'b',
        PieceKind::Knight => 'n',
        PieceKind::Pawn => 'p',
        _ => return None,
    };
    match piece.player {
        Player::WHITE => Some(c.to_ascii_uppercase()),
        Player::BLACK => Some(c),
        _ => None,
    }
}

impl Fen {
    /// The starting position.
    pub fn starting() -> Fen {
        Fen::parse(STARTING_FEN).expect("the starting FEN is valid")
    }

    pub(crate) fn back_rank(player: Player) -> u8 {
        if player == Player::WHITE { 0 } else { 7 }
    }

    /// The file of `player`'s king on its back rank.
    pub(crate) fn king_file(&self, player: Player) -> Option<u8> {
        let rank = Fen::back_rank(player);
        (0..8).find(|&f| {
            self.board.get(&Square { file: f, rank }).map(|p| p.piece)
                == Some(Piece::new(PieceKind::King, player))
        })
    }

    pub(crate) fn rook_on(&self, player: Player, file: u8) -> bool {
        let rank = Fen::back_rank(player);
        self.board.get(&Square { file, rank }).map(|p| p.piece)
            == Some(Piece::new(PieceKind::Rook, player))
    }

    /// Writes the FEN. Optional fields (pocket, check counters) are written
    /// when present.
    ///
    /// ```
    /// use icn_adapters::fen::{CastlingStyle, Fen, STARTING_FEN};
    /// let f = Fen::starting();
    /// assert_eq!(f.write(CastlingStyle::XFen), STARTING_FEN);
    /// assert!(f.write(CastlingStyle::Shredder).contains(" HAha "));
    /// ```
    pub fn write(&self, style: CastlingStyle) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board.get(&Square { file, rank }) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(letter_of(p.piece).unwrap_or('?'));
                        if p.promoted {
                            out.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if let Some(pocket) = &self.pocket {
            out.push('[');
            out.extend(pocket.iter().filter_map(|&p| letter_of(p)));
            out.push(']');
        }
        out.push_str(if self.turn == Player::WHITE {
            " w "
        } else {
            " b "
        });
        let castling = self.castling_text(style);
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        match self.en_passant {
            Some(s) => out.push_str(&s.name()),
            None => out.push('-'),
        }
        if let Some(c) = self.remaining_checks {
            out.push_str(&format!(" {}+{}", c.white, c.black));
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if let Some(c) = self.given_checks {
            out.push_str(&format!(" +{}+{}", c.white, c.black));
        }
        out
    }

    fn castling_text(&self, style: CastlingStyle) -> String {
        let mut out = String::new();
        for player in [Player::WHITE, Player::BLACK] {
            let rights = if player == Player::WHITE {
                &self.white_castling
            } else {
                &self.black_castling
            };
            let king = self.king_file(player).unwrap_or(4);
            let mut letters: Vec<(u8, char)> = Vec::new();
            for &file in rights {
                let outer_king = (file + 1..8).all(|f| !self.rook_on(player, f));
                let outer_queen = (0..file).all(|f| !self.rook_on(player, f));
                let c = match style {
                    CastlingStyle::XFen if file > king && outer_king => 'k',
                    CastlingStyle::XFen if file < king && outer_queen => 'q',
                    _ => char::from(b'a' + file),
                };
                // KQ order: kingside first, then queenside (files descending).
                letters.push((file, c));
            }
            letters.sort_by_key(|l| std::cmp::Reverse(l.0));
            for (_, c) in letters {
                out.push(if player == Player::WHITE {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        out
    }
}
