//! Zobrist keys, equal to Polyglot's inside the 8×8 box.
//!
//! A position's key is the XOR of one key per piece on its square, one per
//! `+` right that is not implied, the castling keys, the en passant key and
//! the side-to-move key. Inside the box `1..=8 × 1..=8` with a1 = (1,1),
//! white and black orthodox pieces use Polyglot's `Random64` table, castling
//! uses its four keys (a king on its e-square and a rook on its a- or h-square,
//! both with `+`), en passant its file keys (only when the side to move has a
//! piece that could take en passant, as Polyglot does), and White to move its
//! turn key — so an orthodox position on the 8×8 board has exactly its
//! Polyglot key. Everything else (squares outside the box, fairy pieces, other
//! players, rights Polyglot does not see) is hashed by a fixed 64-bit mixer of
//! its coordinates, kind and owner: deterministic, position-independent, and
//! never colliding with the table by construction of the salts.

use icn_model::{Piece, PieceKind, Player};

use crate::geometry::Sq;
use crate::polyglot_random::RANDOM64;

const SALT_PIECE: u64 = 0x6a09_e667_f3bc_c908;
const SALT_RIGHT: u64 = 0xbb67_ae85_84ca_a73b;
const SALT_EP: u64 = 0x3c6e_f372_fe94_f82b;
const SALT_SIDE: u64 = 0xa54f_f53a_5f1d_36f1;
const SALT_HAND: u64 = 0x510e_527f_ade6_82d1;
const SALT_LION_BAR: u64 = 0x9b05_688c_2b3e_6c1f;

/// The key of the lion-trading bar ([`crate::lion`]): set while no
/// `no_retaliate` piece may be captured.
pub(crate) fn lion_bar_key() -> u64 {
    mix(SALT_LION_BAR)
}

/// SplitMix64's finaliser: a bijective 64-bit mixer.
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline]
fn mix_sq(salt: u64, tag: u64, s: Sq) -> u64 {
    mix(salt ^ mix(tag ^ mix((s.x as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (s.y as u64))))
}

#[inline]
fn in_box(s: Sq) -> bool {
    (1..=8).contains(&s.x) && (1..=8).contains(&s.y)
}

/// Polyglot's kind index (`2·kind + white`) of an orthodox white or black piece.
pub(crate) fn polyglot_index(p: Piece) -> Option<usize> {
    let k = match p.kind {
        PieceKind::Pawn => 0,
        PieceKind::Knight => 1,
        PieceKind::Bishop => 2,
        PieceKind::Rook => 3,
        PieceKind::Queen => 4,
        PieceKind::King => 5,
        _ => return None,
    };
    match p.player {
        Player::WHITE => Some(2 * k + 1),
        Player::BLACK => Some(2 * k),
        _ => None,
    }
}

/// Per-piece-type hashing data.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TypeKeys {
    poly: Option<usize>,
    tag: u64,
    /// Where a `+` right is implied (pawn home row) or covered by castling keys.
    piece: Piece,
}

impl TypeKeys {
    pub fn new(piece: Piece) -> Self {
        TypeKeys {
            poly: polyglot_index(piece),
            tag: piece.kind.key() << 8 | u64::from(piece.player.number()),
            piece,
        }
    }

    /// Whether this piece takes part in Polyglot's castling keys (a white or black king or rook).
    #[inline]
    pub fn castle_relevant(&self) -> bool {
        self.poly.is_some() && matches!(self.piece.kind, PieceKind::King | PieceKind::Rook)
    }

    /// The key of this piece on `s`.
    #[inline]
    pub fn piece(&self, s: Sq) -> u64 {
        match self.poly {
            Some(i) if in_box(s) => RANDOM64[64 * i + 8 * (s.y - 1) as usize + (s.x - 1) as usize],
            _ => mix_sq(SALT_PIECE, self.tag, s),
        }
    }

    /// The key of holding `n` (at least 1) of this piece in hand; a hand's
    /// key is that of its count, so adding one changes it by
    /// `hand(n) ^ hand(n + 1)`.
    #[inline]
    pub fn hand(&self, n: u32) -> u64 {
        if n == 0 {
            0
        } else {
            mix(SALT_HAND ^ mix(self.tag ^ (u64::from(n) << 32)))
        }
    }

    /// The key of this piece's `+` right on `s`.
    #[inline]
    pub fn right(&self, s: Sq) -> u64 {
        if self.poly.is_some() && in_box(s) {
            let home = if self.piece.player == Player::WHITE {
                1
            } else {
                8
            };
            let implied = match self.piece.kind {
                PieceKind::Pawn => {
                    s.y == if self.piece.player == Player::WHITE {
                        2
                    } else {
                        7
                    }
                }
                PieceKind::King => s == Sq::new(5, home),
                PieceKind::Rook => s == Sq::new(1, home) || s == Sq::new(8, home),
                _ => false,
            };
            if implied {
                return 0;
            }
        }
        mix_sq(SALT_RIGHT, self.tag, s)
    }
}

/// The en passant key of a target square.
#[inline]
pub(crate) fn ep_key(s: Sq) -> u64 {
    if in_box(s) {
        RANDOM64[772 + (s.x - 1) as usize]
    } else {
        mix_sq(SALT_EP, 0, s)
    }
}

/// The key of a side to move (`turn` is its index in a turn order of `len` entries).
pub(crate) fn side_key(p: Player, turn: usize, len: usize) -> u64 {
    let base = match p {
        Player::WHITE => RANDOM64[780],
        Player::BLACK => 0,
        other => mix(SALT_SIDE ^ u64::from(other.number())),
    };
    if len > 2 {
        base ^ mix(SALT_SIDE ^ 0x100 ^ turn as u64)
    } else {
        base
    }
}

/// Polyglot castling keys: white short, white long, black short, black long.
pub(crate) fn castle_key(index: usize) -> u64 {
    RANDOM64[768 + index]
}
