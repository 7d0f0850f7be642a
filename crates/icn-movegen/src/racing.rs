//! Racing kings: moves that may not give check
//! ([`icn_rules::limits::Limits::no_checks`], Fairy-Stockfish `checking =
//! false`) and the flag reply ([`icn_rules::limits::Limits::flag_reply`],
//! `flagMove`), as Fairy-Stockfish plays them.
//!
//! - Every legal move is made and kept only when no opponent's royal is
//!   attacked after it.
//! - The flag reply: a side to move that stands on its flag has ended the
//!   game — White wins, or draws when Black stands on its own; Black wins.
//!   Otherwise the mover on its flag wins, except White when Black, to move,
//!   has a legal move onto Black's flag: Black plays one more move first.

use icn_model::Player;

use crate::MovegenError;
use crate::board::Board;
use crate::moves::{Move, MoveFamily};
use crate::outcome::{GameEnd, Termination};

impl Board {
    /// Whether `m` leaves some opponent's royal attacked.
    pub(crate) fn gives_check(&mut self, m: &Move) -> bool {
        let us = self.side_to_move();
        self.make(m);
        let cfg = std::sync::Arc::clone(&self.cfg);
        let gives = cfg
            .turn_order
            .iter()
            .filter(|&&p| p != us)
            .any(|&p| self.royal_attacked(p));
        self.unmake();
        gives
    }

    /// Keeps the moves of `out` that give no check, one by one.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] for a ray without end.
    pub(crate) fn drop_checking_moves(
        &mut self,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let mut kept = Vec::with_capacity(out.len());
        for fam in std::mem::take(out) {
            let Some(moves) = fam.moves() else {
                return Err(MovegenError::Unsupported(format!(
                    "an unbounded ray from {} where no move may give check",
                    fam.from()
                )));
            };
            for m in moves {
                if !self.gives_check(&m) {
                    kept.push(MoveFamily::Single(m));
                }
            }
        }
        *out = kept;
        Ok(())
    }

    /// The flag reply's verdict (see the module docs): `Some(None)` while
    /// Black has its reply to play, `None` when the rule does not apply.
    pub(crate) fn flag_reply_decided(&self, mover: Player) -> Option<Option<GameEnd>> {
        if !self.cfg.limits.flag_reply {
            return None;
        }
        let end = |winner| {
            Some(Some(GameEnd {
                winner,
                termination: Termination::Flag,
            }))
        };
        let to_move = self.side_to_move();
        if self.flag_reached(to_move, false) {
            let black_too = self.flag_reached(Player::BLACK, false);
            return match to_move {
                Player::WHITE if black_too => end(None),
                _ => end(Some(to_move)),
            };
        }
        if !self.flag_reached(mover, false) {
            return None;
        }
        if mover == Player::WHITE && to_move == Player::BLACK && self.can_reach_flag(to_move) {
            return Some(None);
        }
        end(Some(mover))
    }

    /// Whether `p`, to move, has a legal move after which it stands on its flag.
    fn can_reach_flag(&self, p: Player) -> bool {
        let mut b = self.clone();
        let Ok(moves) = b.legal_moves() else {
            return false;
        };
        moves.iter().any(|m| {
            b.make(m);
            let reached = b.flag_reached(p, false);
            b.unmake();
            reached
        })
    }
}
