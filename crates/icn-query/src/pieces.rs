//! [`PieceClass`]: which pieces a designator names. `K Q R B N P` are
//! White's king, queen, rook, bishop, knight and pawn, `k q r b n p`
//! Black's; `A` is any white piece, `a` any black one, `_` an empty square;
//! `'AM'`/`'am'` name any ICN piece kind by its code (upper case White,
//! lower case Black). Pieces of other players (ICN allows more than two)
//! and neutral pieces are named by no letter, nor are the kinds of a
//! variant's own (`A` and `a` include them).

use icn_model::{Piece, PieceKind, Player};

/// A set of pieces (and perhaps the empty square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceClass {
    /// Empty squares are included.
    pub empty: bool,
    /// Kinds of White's pieces included, one bit per `PieceKind::ALL` index.
    pub white: u32,
    /// Kinds of Black's pieces included.
    pub black: u32,
}

/// Every kind's bit: the built-in kinds' and [`OWN_KINDS`].
const ALL_KINDS: u32 = (1 << (PieceKind::ALL.len() + 1)) - 1;

/// The one bit for every kind of a variant's own (no letter names them; `A`
/// and `a` include them).
const OWN_KINDS: u32 = 1 << PieceKind::ALL.len();

/// The bit of a kind.
pub fn kind_bit(kind: PieceKind) -> u32 {
    kind.builtin_index().map_or(OWN_KINDS, |i| 1 << i)
}

impl PieceClass {
    /// The class of one designator letter, when it is one.
    pub fn letter(c: char) -> Option<PieceClass> {
        let mut out = PieceClass::default();
        match c {
            '_' => out.empty = true,
            'A' => out.white = ALL_KINDS,
            'a' => out.black = ALL_KINDS,
            _ => {
                let kind = PieceKind::from_code(&c.to_string())?;
                if c.is_ascii_uppercase() {
                    out.white = kind_bit(kind);
                } else {
                    out.black = kind_bit(kind);
                }
            }
        }
        Some(out)
    }

    /// The class of an ICN code (`AM`, `am`), when it is one; the case of
    /// its letters says the player (mixed case is refused).
    pub fn code(code: &str) -> Option<PieceClass> {
        let kind = PieceKind::from_code(code)?;
        let mut out = PieceClass::default();
        if code.chars().all(|c| c.is_ascii_uppercase()) {
            out.white = kind_bit(kind);
        } else if code.chars().all(|c| c.is_ascii_lowercase()) {
            out.black = kind_bit(kind);
        } else {
            return None;
        }
        Some(out)
    }

    /// Both classes.
    pub fn union(self, other: PieceClass) -> PieceClass {
        PieceClass {
            empty: self.empty || other.empty,
            white: self.white | other.white,
            black: self.black | other.black,
        }
    }

    /// White and Black exchanged.
    pub fn flip_colors(self) -> PieceClass {
        PieceClass {
            empty: self.empty,
            white: self.black,
            black: self.white,
        }
    }

    /// Whether the class holds this piece.
    pub fn holds(&self, p: Piece) -> bool {
        let bits = match p.player {
            Player::WHITE => self.white,
            Player::BLACK => self.black,
            _ => 0,
        };
        bits & kind_bit(p.kind) != 0
    }

    /// Whether it names any piece at all (not only empty squares).
    pub fn has_pieces(&self) -> bool {
        self.white | self.black != 0
    }

    /// Whether it is all of one player's pieces and nothing else.
    pub fn all_of(&self) -> Option<Player> {
        match (self.empty, self.white, self.black) {
            (false, ALL_KINDS, 0) => Some(Player::WHITE),
            (false, 0, ALL_KINDS) => Some(Player::BLACK),
            _ => None,
        }
    }
}
