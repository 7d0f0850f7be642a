//! [`Holdings`]: the pieces players hold in hand, off the board, to drop
//! later (crazyhouse, shogi; FEN `[…]`).
//!
//! A holding is a count per piece (kind and owner). Counts of zero are not
//! kept, so two holdings with the same pieces are equal whatever their
//! history. Pieces are listed in the order they were first added.

use indexmap::IndexMap;

use crate::{Piece, Player};

/// The pieces in hand, per piece, with their counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holdings {
    counts: IndexMap<Piece, u32>,
}

impl Holdings {
    /// No piece in hand.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether nobody holds anything.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// How many of `piece` are in hand.
    pub fn count(&self, piece: Piece) -> u32 {
        self.counts.get(&piece).copied().unwrap_or(0)
    }

    /// Puts `n` more of `piece` in hand (saturating).
    ///
    /// ```
    /// use icn_model::{Holdings, Piece, PieceKind, Player};
    /// let mut h = Holdings::new();
    /// let pawn = Piece::new(PieceKind::Pawn, Player::WHITE);
    /// h.add(pawn, 2);
    /// assert_eq!(h.count(pawn), 2);
    /// assert!(h.take(pawn));
    /// assert!(h.take(pawn));
    /// assert!(!h.take(pawn));
    /// assert!(h.is_empty());
    /// ```
    pub fn add(&mut self, piece: Piece, n: u32) {
        if n > 0 {
            let c = self.counts.entry(piece).or_insert(0);
            *c = c.saturating_add(n);
        }
    }

    /// Takes one `piece` out of hand; `false` when there is none.
    pub fn take(&mut self, piece: Piece) -> bool {
        match self.counts.get_mut(&piece) {
            Some(c) if *c > 1 => {
                *c -= 1;
                true
            }
            Some(_) => {
                self.counts.shift_remove(&piece);
                true
            }
            None => false,
        }
    }

    /// Every piece in hand with its count, in the order first added.
    pub fn iter(&self) -> impl Iterator<Item = (Piece, u32)> + '_ {
        self.counts.iter().map(|(&p, &n)| (p, n))
    }

    /// The pieces `player` holds, with their counts.
    pub fn of(&self, player: Player) -> impl Iterator<Item = (Piece, u32)> + '_ {
        self.iter().filter(move |(p, _)| p.player == player)
    }
}

impl FromIterator<(Piece, u32)> for Holdings {
    fn from_iter<I: IntoIterator<Item = (Piece, u32)>>(iter: I) -> Self {
        let mut h = Holdings::new();
        for (p, n) in iter {
            h.add(p, n);
        }
        h
    }
}
