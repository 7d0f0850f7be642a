//! Promotion as a move of its own on a [`SmallBoard`] (Sittuyin), as
//! [`crate::Board`] plays it ([`crate::promote_by_move`]): a promoting
//! piece in the zone (anywhere when it is the mover's only one) becomes a
//! choice under its piece limit, on its own cell or on an empty cell the
//! new piece could move to; each candidate is made and kept when the
//! mover's royals are safe, no opponent royal is attacked and the new piece
//! attacks no enemy piece.
//!
//! Accepted: one such rule per player. Its pieces promote on arrival under
//! no other rule.

use std::sync::Arc;

use super::{EMPTY, SmallBoard, SmallMove, Special};
use crate::config::Config;
use crate::mask::{Mask, cells};

/// One player's by-move promotion rule in cells.
#[derive(Clone, Debug)]
pub(crate) struct CellByMove<M> {
    /// The promoting types.
    types: Vec<u8>,
    /// The zone's cells.
    zone: M,
    /// What they may become, with the most pieces of each a player may have.
    choices: Vec<(u8, Option<u32>)>,
}

/// Per player number: its by-move promotion rule, if any; `None` overall
/// when the compact board cannot play them (more than one rule for a
/// player, a promoting type that also promotes on arrival).
pub(super) fn rules<M: Mask>(cfg: &Config) -> Option<[Option<CellByMove<M>>; 7]> {
    let bb = M::tables(cfg)?;
    let mut out: [Option<CellByMove<M>>; 7] = Default::default();
    for (n, rules) in cfg.limits.promos.iter().enumerate() {
        let mut by_move = rules.iter().filter(|r| r.by_move);
        let Some(rule) = by_move.next() else {
            continue;
        };
        let on_arrival = rules
            .iter()
            .filter(|r| !r.by_move)
            .any(|r| r.promoting.iter().any(|k| rule.promoting.contains(k)));
        if by_move.next().is_some() || on_arrival {
            return None;
        }
        let types = cfg
            .types
            .types
            .iter()
            .enumerate()
            .filter(|(_, t)| t.piece.player.number() as usize == n)
            .filter(|(_, t)| rule.promoting.contains(&t.piece.kind))
            .map(|(i, _)| i as u8)
            .collect();
        out[n] = Some(CellByMove {
            types,
            zone: (0..bb.cells)
                .filter(|&c| rule.promo.zone.contains(bb.square(c)))
                .fold(M::EMPTY, |m, c| m | M::cell(c)),
            choices: rule
                .promo
                .choices
                .iter()
                .map(|&c| (c, cfg.limits.max[c as usize]))
                .collect(),
        });
    }
    Some(out)
}

impl<M: Mask> SmallBoard<M> {
    /// The side to move's legal by-move promotions: counted, and appended
    /// to `out` when given.
    pub(super) fn by_move_promotions(&mut self, mut out: Option<&mut Vec<SmallMove>>) -> u64 {
        let Some(rules) = self.by_move.clone() else {
            return 0;
        };
        let us = self.us();
        let Some(rule) = &rules[usize::from(us)] else {
            return 0;
        };
        let pieces = rule
            .types
            .iter()
            .fold(M::EMPTY, |m, &t| m | self.by_type[usize::from(t)]);
        let from = if pieces.count() == 1 {
            pieces
        } else {
            pieces & rule.zone
        };
        if from.is_empty() {
            return 0;
        }
        let cfg = Arc::clone(&self.cfg);
        let bb = M::tables(&cfg).expect("bitboard tables");
        let f = self.plain_frame();
        let mut n = 0;
        for c in cells(from) {
            for &(choice, most) in &rule.choices {
                if most.is_some_and(|most| self.by_type[usize::from(choice)].count() >= most) {
                    continue;
                }
                let (quiet, _) = self.pseudo_targets_as(bb, &f, c, usize::from(choice));
                for to in cells(quiet | M::cell(c)) {
                    let m = SmallMove {
                        from: c as u8,
                        to: to as u8,
                        promo: choice,
                        special: Special::Normal,
                        a: 0,
                        b: 0,
                        gate: EMPTY,
                        gate_at: 0,
                    };
                    if self.promotion_is_quiet(&m, us) {
                        n += 1;
                        if let Some(out) = out.as_deref_mut() {
                            out.push(m);
                        }
                    }
                }
            }
        }
        n
    }

    /// Makes the promotion `m` of player number `us` and tells whether its
    /// royals are safe, no opponent's royal is attacked and the new piece
    /// attacks no enemy.
    fn promotion_is_quiet(&mut self, m: &SmallMove, us: u8) -> bool {
        let cfg = Arc::clone(&self.cfg);
        let bb = M::tables(&cfg).expect("bitboard tables");
        let u = self.make(m);
        let own = self.by_player[usize::from(us)];
        let safe = !self.protects[usize::from(us)]
            || cells(self.royal & own).all(|c| !self.attacked(c, us));
        let checks = self.order.iter().filter(|&&p| p != us).any(|&p| {
            cells(self.royal & self.by_player[usize::from(p)]).any(|c| self.attacked(c, p))
        });
        let ok = safe && !checks && {
            let f = self.frame_of(us);
            self.pseudo_targets_as(bb, &f, usize::from(m.to), usize::from(m.promo))
                .1
                .is_empty()
        };
        self.unmake(m, &u);
        ok
    }
}
