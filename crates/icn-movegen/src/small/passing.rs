//! Passing and the bikjang rule on a [`SmallBoard`], as
//! [`crate::palace`] plays them on the generic board: a pass
//! ([`Special::Pass`]) is the mover's royal (else its piece on the lowest
//! cell) staying put, legal when no royal of the mover is attacked or the
//! royals face each other; while they face, every other move is made and
//! tested and must part them; the game ends when the last move passed with
//! the royals facing, or the last two moves both passed.
//!
//! What the history needs is two bits kept by make and unmake: whether the
//! last move, and the one before, passed.

use icn_model::Player;

use super::{EMPTY, SmallBoard, SmallMove, Special};
use crate::mask::Mask;

impl<M: Mask> SmallBoard<M> {
    /// The two royals of White and Black, when each has exactly one.
    fn the_two_royals(&self) -> Option<(usize, usize)> {
        let royal = |p: Player| {
            let r = self.royal & self.by_player[p.number() as usize];
            (r.count() == 1).then(|| r.lowest())
        };
        Some((royal(Player::WHITE)?, royal(Player::BLACK)?))
    }

    /// Whether the royals face each other on a file or rank with nothing
    /// between (only under the bikjang rule; always false otherwise).
    pub(super) fn royals_face(&self) -> bool {
        if !self.cfg.rules.limits.bikjang {
            return false;
        }
        let Some((a, b)) = self.the_two_royals() else {
            return false;
        };
        let bb = M::tables(&self.cfg).expect("bitboard tables");
        let (sa, sb) = (bb.square(a), bb.square(b));
        let (dx, dy) = (sb.x - sa.x, sb.y - sa.y);
        if dx != 0 && dy != 0 {
            return false;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        (1..dx.abs() + dy.abs()).all(|k| !self.occ.has(bb.cell(sa.step(sx, sy, k))))
    }

    /// The side to move's legal pass, when the rules allow passing.
    pub(super) fn legal_pass(&self) -> Option<SmallMove> {
        if !self.cfg.can_pass {
            return None;
        }
        let us = self.us();
        let own = self.by_player[usize::from(us)];
        let royal = self.royal & own;
        let from = if royal.is_empty() {
            if own.is_empty() {
                return None;
            }
            own.lowest()
        } else {
            royal.lowest()
        };
        let protect = self.protects[usize::from(us)];
        let safe = !protect
            || self.royals_face()
            || crate::mask::cells(royal).all(|c| !self.attacked(c, us));
        safe.then_some(SmallMove {
            from: from as u8,
            to: from as u8,
            promo: EMPTY,
            special: Special::Pass,
            a: 0,
            b: 0,
            gate: EMPTY,
            gate_at: EMPTY,
        })
    }

    /// Whether the game ended by passing (module docs).
    pub(super) fn passing_decided(&self) -> bool {
        self.passes & 1 != 0 && (self.passes & 2 != 0 || self.royals_face())
    }
}
