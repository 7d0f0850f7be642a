//! Atomic explosions on a [`SmallBoard`], as [`crate::atomic`] plays them
//! on the generic board: after a capture the capturing piece and every
//! piece of a named player on the eight cells around where it lands leave
//! the board, except immune types (never removed) and shielded ones (removed
//! only as the capturer). Make removes them onto a stack, unmake puts them
//! back; a player left without royals has lost.

use icn_model::Player;
use icn_rules::WinRule;

use super::SmallBoard;
use crate::config::Config;
use crate::mask::{Mask, cells};

/// The explosion rules in cells.
#[derive(Clone, Debug)]
pub(crate) struct Blast<M> {
    /// Per cell: the cells around it.
    around: Vec<M>,
    /// Types (a mask of type ids) no blast removes.
    immune: u64,
    /// Types removed only as the capturing piece, and immune ones.
    spared: u64,
}

impl<M: Mask> Blast<M> {
    /// The explosions of `cfg`, when it has them.
    pub fn new(cfg: &Config) -> Option<Blast<M>> {
        let e = cfg.limits.explosion.as_ref()?;
        let bb = M::tables(cfg)?;
        let around = (0..bb.cells)
            .map(|c| {
                let s = bb.square(c);
                let mut m = M::EMPTY;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let n = crate::geometry::Sq::new(s.x + dx, s.y + dy);
                        if (dx, dy) != (0, 0) && bb.on_board(n) {
                            m |= M::cell(bb.cell(n));
                        }
                    }
                }
                m
            })
            .collect();
        Some(Blast {
            around,
            immune: e.immune,
            spared: e.immune | e.shielded,
        })
    }
}

impl<M: Mask> SmallBoard<M> {
    /// Blows up the capture that landed on `to`; returns the key change and
    /// the number of pieces removed (onto [`SmallBoard::blasted`]).
    #[inline]
    pub(super) fn explode(&mut self, to: usize) -> (u64, u8) {
        let Some(b) = self.blast.as_deref() else {
            return (0, 0);
        };
        let neutral = self.by_player[Player::NEUTRAL.number() as usize];
        let mut victims = M::EMPTY;
        for c in cells(b.around[to] & self.occ & !neutral) {
            if b.spared & (1 << self.mailbox[c]) == 0 {
                victims |= M::cell(c);
            }
        }
        if b.immune & (1 << self.mailbox[to]) == 0 {
            victims |= M::cell(to);
        }
        let mut key = 0;
        let mut n = 0;
        for c in cells(victims) {
            let ty = self.mailbox[c];
            let i = usize::from(ty) * self.cells + c;
            key ^= self.piece_keys[i];
            if self.rights.has(c) {
                key ^= self.right_keys[i];
            }
            self.blasted.push((c as u8, ty));
            self.take(c);
            n += 1;
        }
        self.rights &= !victims;
        (key, n)
    }

    /// Puts back the last `n` pieces [`SmallBoard::explode`] removed.
    #[inline]
    pub(super) fn unexplode(&mut self, n: u8) {
        for _ in 0..n {
            if let Some((c, ty)) = self.blasted.pop() {
                self.put(usize::from(c), ty);
            }
        }
    }

    /// Whether a royal of an opponent of player number `us` stands next to
    /// cell `c`.
    #[inline]
    pub(super) fn touches_enemy_royal(&self, c: usize, us: u8) -> bool {
        self.blast.as_deref().is_some_and(|b| {
            let neutral = self.by_player[Player::NEUTRAL.number() as usize];
            !(b.around[c] & self.royal & !self.by_player[usize::from(us)] & !neutral).is_empty()
        })
    }

    /// Whether explosions have decided the game after a move by player
    /// number `mover`: a player without royals (the mover looked at first)
    /// loses to an opponent who wins by taking every royal.
    pub(super) fn blast_decided(&self, mover: u8) -> bool {
        if self.blast.is_none() {
            return false;
        }
        let cfg = &*self.cfg;
        let royalless = |p: u8| (self.royal & self.by_player[usize::from(p)]).is_empty();
        let players =
            std::iter::once(mover).chain(self.order.iter().copied().filter(|&p| p != mover));
        for p in players {
            if !royalless(p) {
                continue;
            }
            let wins = cfg.turn_order.iter().any(|&q| {
                q.number() as u8 != p && cfg.player(q).wins.contains(&WinRule::AllRoyalsCaptured)
            });
            if wins {
                return true;
            }
        }
        false
    }
}
