//! Forced capture on a [`SmallBoard`] (giveaway, antichess: a player who
//! can capture must): of the legal moves, only the captures are kept when
//! there is one, as the generic generator keeps them. A capture lands on an
//! occupied cell (castling and drops never capture) or takes en passant.

use super::{SmallBoard, SmallMove, Special};
use crate::mask::Mask;

impl<M: Mask> SmallBoard<M> {
    /// Whether `m`, not yet made, captures.
    #[inline]
    fn captures(&self, m: &SmallMove) -> bool {
        match m.special {
            Special::EnPassant => true,
            Special::Castle | Special::Drop | Special::Pass => false,
            Special::Normal | Special::DoubleStep => self.occ.has(m.to.into()),
        }
    }

    /// Keeps the captures of `moves`, when there is one.
    pub(super) fn keep_captures(&self, moves: &mut Vec<SmallMove>) {
        if moves.iter().any(|m| self.captures(m)) {
            moves.retain(|m| self.captures(m));
        }
    }
}
