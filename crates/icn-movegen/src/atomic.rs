//! Atomic chess ([`icn_rules::limits::Explosion`]) and pieces that never
//! capture their own kind ([`icn_rules::limits::Limits::same_kind_immune`]),
//! as Fairy-Stockfish plays `blastOnCapture` and `mutuallyImmuneTypes`.
//!
//! - **The blast.** After a capture the capturing piece and every piece of
//!   White or Black on the eight squares around where it lands leave the
//!   board, except immune kinds (never removed) and shielded kinds (removed
//!   only as the capturing piece). [`Board::make`] removes them and
//!   [`Board::unmake`] puts them back from [`Board::blasted`].
//! - **Legality** (when royals must be kept safe: atomic chess, where
//!   Fairy-Stockfish's kings are pseudo-royal): a move may not blow up one of
//!   the mover's royals; a move that blows up or takes an opponent's royal is
//!   legal whatever it leaves attacked; otherwise no royal of the mover may
//!   be attacked, and a royal next to an opponent's royal is never attacked
//!   (taking it would blow up the taker's own royal). Every move is made and
//!   tested.
//! - **The end.** A player without royals after a capture has lost: the
//!   mover is looked at first, so a mover who blows up its own last royal
//!   (where royals need not be kept safe) loses even if it took the other's.

use std::collections::BTreeSet;

use icn_model::{PieceKind, Player};
use icn_rules::WinRule;
use icn_rules::limits::Explosion;

use crate::board::Board;
use crate::geometry::Sq;
use crate::moves::{Move, MoveFamily};
use crate::outcome::{GameEnd, Termination};
use crate::store::Slot;
use crate::types::TypeTable;

/// The eight squares around a square.
const AROUND: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The most pieces one blast removes: the eight around and the capturer.
pub(crate) const MAX_BLAST: usize = 9;

/// [`Explosion`] in type masks.
#[derive(Clone, Debug, Default)]
pub(crate) struct ExplosionCfg {
    /// Types no blast removes.
    pub immune: u64,
    /// Types removed only as the capturing piece.
    pub shielded: u64,
}

impl ExplosionCfg {
    pub fn new(types: &TypeTable, e: &Explosion) -> ExplosionCfg {
        ExplosionCfg {
            immune: kind_mask(types, &e.immune),
            shielded: kind_mask(types, &e.shielded),
        }
    }
}

/// The mask of the type ids whose kind is in `kinds`.
pub(crate) fn kind_mask(types: &TypeTable, kinds: &BTreeSet<PieceKind>) -> u64 {
    types
        .types
        .iter()
        .enumerate()
        .filter(|(_, t)| kinds.contains(&t.piece.kind))
        .fold(0, |m, (i, _)| m | 1 << i)
}

impl Board {
    /// The pieces a capture by the piece in `mover` landing on `to` blows up,
    /// as the board stands before the move (`captured` is taken anyway);
    /// `mover_ty` is the mover's type after the move (it may promote).
    pub(crate) fn blast_victims(
        &self,
        to: Sq,
        mover: Slot,
        mover_ty: crate::types::TypeId,
        captured: Slot,
    ) -> ([Slot; MAX_BLAST], usize) {
        let mut out = [0; MAX_BLAST];
        let mut n = 0;
        let Some(e) = self.cfg.limits.explosion.as_ref() else {
            return (out, 0);
        };
        if e.immune & (1 << mover_ty) == 0 {
            out[0] = mover;
            n = 1;
        }
        for (dx, dy) in AROUND {
            let s = Sq::new(to.x + dx, to.y + dy);
            if !self.cfg.fast.contains(s) {
                continue;
            }
            let Some(slot) = self.store.get(s) else {
                continue;
            };
            let p = &self.pieces[slot as usize];
            let spared = (e.immune | e.shielded) & (1 << p.ty) != 0;
            if slot != mover && slot != captured && !spared && p.player != Player::NEUTRAL {
                out[n] = slot;
                n += 1;
            }
        }
        (out, n)
    }

    /// Whether a royal of an opponent of `us` stands next to `s`.
    pub(crate) fn touches_enemy_royal(&self, s: Sq, us: Player) -> bool {
        AROUND.iter().any(|&(dx, dy)| {
            let n = Sq::new(s.x + dx, s.y + dy);
            self.cfg.fast.contains(n)
                && self.store.get(n).is_some_and(|slot| {
                    let p = &self.pieces[slot as usize];
                    p.player != us
                        && p.player != Player::NEUTRAL
                        && self.cfg.types.types[p.ty as usize].royal
                })
        })
    }

    /// The royals of every opponent of `us`.
    fn opponent_royals(&self, us: Player) -> usize {
        self.cfg
            .turn_order
            .iter()
            .filter(|&&p| p != us)
            .map(|&p| self.royal_count(p))
            .sum()
    }

    /// Whether `m` is legal under explosions (see the module docs), made
    /// and tested.
    pub(crate) fn keeps_royals_safe_atomic(&mut self, m: &Move) -> bool {
        let us = self.side_to_move();
        let (mine, theirs) = (self.royal_count(us), self.opponent_royals(us));
        self.make(m);
        let ok = if self.royal_count(us) < mine {
            false
        } else {
            self.opponent_royals(us) < theirs || !self.royal_attacked(us)
        };
        self.unmake();
        ok
    }

    /// Whether a castling king passes only squares no opponent attacks,
    /// judged with the king lifted off its square.
    pub(crate) fn castle_path_safe_atomic(&mut self, m: &Move) -> bool {
        let us = self.side_to_move();
        let (dx, n) = ((m.to.x - m.from.x).signum(), (m.to.x - m.from.x).abs());
        let Some(king) = self.store.get(m.from) else {
            return false;
        };
        self.store.remove(m.from);
        let safe = (0..n.max(1)).all(|i| {
            let s = m.from.step(dx, 0, i);
            !self.attacked(s, us) || self.touches_enemy_royal(s, us)
        });
        self.store.insert(m.from, king);
        safe
    }

    /// Drops the captures of `out[start..]` (from the piece in `slot`) that
    /// take a piece of the mover's own kind when that kind may not.
    pub(crate) fn same_kind_filter(&self, slot: Slot, out: &mut Vec<MoveFamily>, start: usize) {
        let mask = self.cfg.limits.same_kind_immune;
        let ty = self.pieces[slot as usize].ty;
        if mask & (1 << ty) == 0 {
            return;
        }
        let types = &self.cfg.types.types;
        let kind = types[ty as usize].piece.kind;
        let mut i = start;
        while i < out.len() {
            let same = match &out[i] {
                MoveFamily::Single(m) => self.store.get(m.to).is_some_and(|s| {
                    let p = &self.pieces[s as usize];
                    p.player != self.pieces[slot as usize].player
                        && types[p.ty as usize].piece.kind == kind
                }),
                MoveFamily::Ray { .. } => false,
            };
            if same {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The end explosions bring: a player left without royals (the mover
    /// looked at first) loses to an opponent who wins by taking every royal.
    pub(crate) fn explosion_decided(&self, mover: Player) -> Option<GameEnd> {
        self.cfg.limits.explosion.as_ref()?;
        let order = &self.cfg.turn_order;
        let players = std::iter::once(mover).chain(order.iter().copied().filter(|&p| p != mover));
        for p in players {
            if self.royal_count(p) > 0 {
                continue;
            }
            let winner = order.iter().copied().find(|&q| {
                q != p
                    && self
                        .cfg
                        .player(q)
                        .wins
                        .contains(&WinRule::AllRoyalsCaptured)
            });
            if let Some(winner) = winner {
                return Some(GameEnd {
                    winner: Some(winner),
                    termination: Termination::AllRoyalsCaptured,
                });
            }
        }
        None
    }
}
