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
    /// The piece is a promoted one (FEN `~`): captured into a hand it goes
    /// back to what it promoted from. ICN has no way to say it.
    pub promoted: bool,
}

impl PlacedPiece {
    /// A piece on a square, with or without its `+` right, not promoted.
    pub fn new(piece: Piece, at: Coord, special_right: bool) -> Self {
        PlacedPiece {
            piece,
            at,
            special_right,
            promoted: false,
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
    /// The move-rule state; `None` means no move rule.
    pub move_rule: Option<MoveRule>,
    /// The fullmove counter, from 1.
    pub fullmove: Int,
    /// Pieces in hand, to be dropped (crazyhouse, shogi). ICN has no way to
    /// say them; FEN holds them in `[…]`.
    pub holdings: Holdings,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            pieces: Vec::new(),
            turn_order: vec![Player::WHITE, Player::BLACK],
            en_passant: None,
            move_rule: None,
            fullmove: Int::ONE,
            holdings: Holdings::new(),
        }
    }
}

impl Position {
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
