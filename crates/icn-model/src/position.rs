//! [`Position`]: the pieces on the board and the state of play (turn order,
//! en passant square, move-rule counter, fullmove number, pieces in hand).

use crate::{Coord, Holdings, Int, Piece, Player};

/// A piece on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub at: Coord,
    /// The `+` right: a pawn's double move, a king's castling, a castling partner.
    pub special_right: bool,
    /// What the piece was before it promoted, for a promoted piece (FEN `~`,
    /// shogi `+`): captured into a hand it goes back to that. ICN has no way
    /// to say it.
    pub promoted_from: Option<crate::PieceKind>,
}

impl PlacedPiece {
    /// A piece on a square, with or without its `+` right, not promoted.
    pub fn new(piece: Piece, at: Coord, special_right: bool) -> Self {
        PlacedPiece {
            piece,
            at,
            special_right,
            promoted_from: None,
        }
    }
}

/// The move-rule state `N/M`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRule {
    /// Half-moves since the last pawn move or capture.
    pub played: Int,
    /// Half-moves allowed without a pawn move or capture.
    pub limit: Int,
}

/// A Makruk-family count in progress (Fairy-Stockfish's `countingRule`;
/// its FEN gives the limit where the en passant square goes and the count
/// as the halfmove number): the game is drawn once `ply` exceeds `limit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// The plies the count allows.
    pub limit: u32,
    /// The plies counted so far.
    pub ply: u32,
}

/// A position: pieces and state of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The pieces, in the order they were written.
    pub pieces: Vec<PlacedPiece>,
    /// Who moves, in order; the first entry is to move now. `w` in the text is
    /// `[White, Black]`, `b` is `[Black, White]`.
    pub turn_order: Vec<Player>,
    /// The square a pawn may be taken en passant on.
    pub en_passant: Option<Coord>,
    /// The piece an en passant capture on [`Position::en_passant`] takes,
    /// where it does not stand right behind that square (a Berolina pawn's
    /// diagonal double step; the site's `enpassant.pawn`). `None`: the piece
    /// right behind it, as after a pawn's double step. ICN has no way to say
    /// it.
    pub en_passant_victim: Option<Coord>,
    /// The move-rule state; `None` means no move rule.
    pub move_rule: Option<MoveRule>,
    /// The fullmove counter, from 1.
    pub fullmove: Int,
    /// Pieces in hand, to be dropped (crazyhouse, shogi). ICN has no way to
    /// say them; FEN holds them in `[…]`.
    pub holdings: Holdings,
    /// A Makruk-family count in progress ([`Count`]); ICN has no way to say
    /// it.
    pub count: Option<Count>,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            pieces: Vec::new(),
            turn_order: vec![Player::WHITE, Player::BLACK],
            en_passant: None,
            en_passant_victim: None,
            move_rule: None,
            fullmove: Int::ONE,
            holdings: Holdings::new(),
            count: None,
        }
    }
}

impl Position {
    /// How many of `piece` the position holds: on the board and in hand.
    pub fn count_of(&self, piece: Piece) -> usize {
        let on_board = self.pieces.iter().filter(|p| p.piece == piece).count();
        on_board + self.holdings.count(piece) as usize
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Player {
        self.turn_order.first().copied().unwrap_or(Player::WHITE)
    }

    /// The players who take turns, each once, sorted by player number
    /// (neutral first when it takes turns, as on the site); this is the
    /// order promotion and win-condition segments are assigned in.
    pub fn players(&self) -> Vec<Player> {
        let mut p: Vec<Player> = self.turn_order.clone();
        p.sort();
        p.dedup();
        p
    }

    /// Whether the turn order is plain two-player alternation starting with
    /// the side to move (what `w` or `b` alone says).
    pub fn is_two_player_alternation(&self) -> bool {
        matches!(
            self.turn_order.as_slice(),
            [Player::WHITE, Player::BLACK] | [Player::BLACK, Player::WHITE]
        )
    }

    /// The piece on `at`, if any: the last entry written there (a linear
    /// scan; movegen has real boards).
    pub fn piece_at(&self, at: &Coord) -> Option<&PlacedPiece> {
        self.pieces.iter().rev().find(|p| &p.at == at)
    }

    /// Pairs `(earlier, later)` of indices into `pieces` that give the same
    /// square, each later entry paired with the entry it follows, in order.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// let g = Game::parse("K1,1|Q2,2|R1,1|B2,2|N1,1|k5,5", Dialect::Auto).unwrap();
    /// assert_eq!(g.position.repeats(), [(0, 2), (1, 3), (2, 4)]);
    /// let big = "K1,1|Q99999999999999999999,1|R1,1|B99999999999999999999,1";
    /// let g = Game::parse(big, Dialect::Auto).unwrap();
    /// assert_eq!(g.position.repeats(), [(0, 2), (1, 3)]);
    /// ```
    pub fn repeats(&self) -> Vec<(usize, usize)> {
        if all_distinct(&self.pieces) {
            return Vec::new(); // the common case, told without a map
        }
        // Squares that fit in i64 (nearly all) are keyed as plain pairs.
        let mut small: ahash::AHashMap<(i64, i64), usize> =
            ahash::AHashMap::with_capacity(self.pieces.len());
        let mut big: ahash::AHashMap<&Coord, usize> = ahash::AHashMap::new();
        let mut repeats = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let earlier = match p.at.to_i64() {
                Some(pair) => small.insert(pair, i),
                None => big.insert(&p.at, i),
            };
            if let Some(e) = earlier {
                repeats.push((e, i));
            }
        }
        repeats
    }

    /// The pieces as they stand, one per square: where the list gives a
    /// square twice, the later entry stands at the earlier one's place and
    /// keeps a `+` either entry gave (as the site reads it). Borrowed when
    /// no square repeats.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// let g = Game::parse("K1,1+|k5,5|Q1,1", Dialect::Auto).unwrap();
    /// let standing = g.position.standing();
    /// assert_eq!(standing.len(), 2);
    /// assert_eq!((standing[0].piece.code(), standing[0].special_right), ("Q".to_string(), true));
    /// ```
    pub fn standing(&self) -> std::borrow::Cow<'_, [PlacedPiece]> {
        let repeats = self.repeats();
        if repeats.is_empty() {
            return self.pieces.as_slice().into();
        }
        // Follow each square's chain of entries to its first place.
        let mut first_of: Vec<usize> = (0..self.pieces.len()).collect();
        let mut out: Vec<Option<PlacedPiece>> = self.pieces.iter().cloned().map(Some).collect();
        for (e, i) in repeats {
            let first = first_of[e];
            first_of[i] = first;
            let taken = out[i].take();
            if let (Some(slot), Some(later)) = (out[first].as_mut(), taken) {
                let right = slot.special_right || later.special_right;
                *slot = later;
                slot.special_right = right;
            }
        }
        out.into_iter().flatten().collect::<Vec<_>>().into()
    }
}

/// Bits in [`SEEN`]; with 64 pieces about one position in sixteen collides.
const SEEN_BITS: usize = 1 << 15;

thread_local! {
    /// The bit set of [`all_distinct`], all zero between calls (each call
    /// clears the words it set, so no call pays for clearing all of it).
    static SEEN: std::cell::RefCell<Box<[u64; SEEN_BITS / 64]>> =
        std::cell::RefCell::new(Box::new([0; SEEN_BITS / 64]));
}

/// Where a square's bit is in [`SEEN`]: its word and mask.
#[inline]
fn seen_bit(at: &Coord) -> (usize, u64) {
    let (x, y) = (at.x.key_word(), at.y.key_word());
    let h = x
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
        .wrapping_add(y)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let bit = (h >> (64 - SEEN_BITS.trailing_zeros())) as usize;
    (bit / 64, 1u64 << (bit % 64))
}

/// Whether no two pieces are known to share a square, told by a bit set of
/// square hashes: `true` only when every square's bit was free (so all
/// squares differ); `false` when a bit was taken twice (a repeat, or two
/// squares with the same hash), and the caller then looks properly. A
/// coordinate beyond `i64` is keyed by [`Int::key_word`].
fn all_distinct(pieces: &[PlacedPiece]) -> bool {
    if pieces.len() > SEEN_BITS / 64 {
        return false; // the set would mostly collide
    }
    SEEN.with(|seen| {
        let Ok(mut seen) = seen.try_borrow_mut() else {
            return false;
        };
        // The words set, to clear them after (at most 512 pieces).
        let mut words = [0u16; SEEN_BITS / 64];
        let mut set = 0;
        let mut distinct = true;
        for p in pieces {
            let (word, mask) = seen_bit(&p.at);
            if seen[word] & mask != 0 {
                distinct = false;
                break;
            }
            seen[word] |= mask;
            words[set] = word as u16;
            set += 1;
        }
        // Only these pieces set bits: clearing their words clears the set.
        for &word in &words[..set] {
            seen[usize::from(word)] = 0;
        }
        distinct
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair the slow way: each entry with the latest earlier entry on
    /// its square.
    fn naive(pieces: &[PlacedPiece]) -> Vec<(usize, usize)> {
        (0..pieces.len())
            .filter_map(|i| {
                (0..i)
                    .rev()
                    .find(|&e| pieces[e].at == pieces[i].at)
                    .map(|e| (e, i))
            })
            .collect()
    }

    #[test]
    fn repeats_agree_with_the_slow_way() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for round in 0..400u64 {
            let count = next(300) as usize;
            // Small boards repeat often; wide ones rarely; some huge squares.
            let side = [3, 10, 1000, 1 << 40][round as usize % 4];
            let pieces: Vec<PlacedPiece> = (0..count)
                .map(|_| {
                    let x = next(side) as i64 - (side / 2) as i64;
                    let at = if next(50) == 0 {
                        Coord {
                            x: Int::parse("123456789012345678901234").unwrap(),
                            y: Int::from(x),
                        }
                    } else {
                        Coord::new(x, next(side) as i64)
                    };
                    PlacedPiece {
                        promoted_from: None,
                        piece: Piece::new(crate::PieceKind::Queen, Player::WHITE),
                        at,
                        special_right: false,
                    }
                })
                .collect();
            let position = Position {
                pieces,
                ..Position::default()
            };
            assert_eq!(position.repeats(), naive(&position.pieces), "round {round}");
        }
    }
}
