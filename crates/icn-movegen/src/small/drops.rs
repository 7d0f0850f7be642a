//! Pieces in hand on a [`SmallBoard`]: drops, captures into the capturer's
//! hand (a promoted piece as the type it promoted from, unless the rules
//! keep it promoted) and the hand's part of the zobrist key, as
//! [`crate::Board`] keeps them ([`crate::drops`]).
//!
//! Accepted: drops onto any set of cells per type, with the `+` right on
//! some of them, at most N of a type on a file, types whose drop may not
//! give check or mate (each such drop is made and tested), royals dropped
//! only where they are not attacked, mandatory drops (while one is legal,
//! nothing else is) and gating ([`super::gates`]). Pickups and pieces kept
//! on both colours are not: [`SmallBoard::new`] declines them.

use icn_rules::DropMate;

use super::{EMPTY, SmallBoard, SmallMove, Special};
use crate::config::Config;
use crate::drops::DropCfg;
use crate::mask::{Mask, cells};

/// The drop rules in cells.
#[derive(Clone, Debug)]
pub(crate) struct CellDrops<M> {
    /// Whether drops are moves (captures may feed the hand without them).
    allowed: bool,
    /// While a drop is legal, nothing else is.
    must_drop: bool,
    /// Per type: the cells it may be dropped on.
    targets: Vec<M>,
    /// Per type: the cells where a dropped piece gets its `+` right.
    right: Vec<M>,
    /// Per type: at most this many of the mover's own on one file.
    per_file: Vec<Option<u32>>,
    /// Per type: its drop may not give check.
    no_check: Vec<bool>,
    /// Per type: its drop may not checkmate (the drop is illegal).
    no_mate: Vec<bool>,
    /// Per captured type (its origin when promoted) and capturing player
    /// number: the type that goes into the capturer's hand, or [`EMPTY`].
    to_hand: Vec<[u8; 7]>,
    keep_promoted: bool,
    /// Per file: its cells.
    files: Vec<M>,
    /// Gating cells ([`super::gates`]).
    pub gates: Vec<CellGate<M>>,
    /// Per type in hand: the type it may also be dropped as, promoted
    /// ([`icn_rules::Drops::promoted_drops`]), or [`EMPTY`].
    promoted: Vec<u8>,
}

/// One gating zone in cells.
#[derive(Clone, Debug)]
pub(crate) struct CellGate<M> {
    /// Whose (player number).
    pub player: u8,
    /// The types (a mask of type ids) that may come in.
    pub types: u64,
    pub cells: M,
}

impl<M: Mask> CellDrops<M> {
    /// The drop rules of `dc` in cells; `None` when the compact board cannot
    /// play them (pickups, a board without its square list).
    pub fn new(dc: &DropCfg, cfg: &Config) -> Option<CellDrops<M>> {
        // Drops kept on both colours: the generic board.
        if dc.pickup || dc.squares.is_empty() || !dc.opposite_colors.is_empty() {
            return None;
        }
        let bb = M::tables(cfg)?;
        let n = cfg.types.types.len();
        let mut out = CellDrops {
            allowed: dc.allowed,
            must_drop: dc.must_drop,
            targets: vec![M::EMPTY; n],
            right: vec![M::EMPTY; n],
            per_file: Vec::with_capacity(n),
            no_check: Vec::with_capacity(n),
            no_mate: Vec::with_capacity(n),
            to_hand: Vec::with_capacity(n),
            keep_promoted: dc.keep_promoted,
            promoted: dc.promoted.iter().map(|p| p.unwrap_or(EMPTY)).collect(),
            files: (0..bb.width as usize)
                .map(|x| {
                    (x..bb.cells)
                        .step_by(bb.width as usize)
                        .fold(M::EMPTY, |m, c| m | M::cell(c))
                })
                .collect(),
            gates: dc
                .gates
                .iter()
                .map(|(player, types, zone)| CellGate {
                    player: player.number() as u8,
                    types: types
                        .as_ref()
                        .map_or(!0, |ts| ts.iter().fold(0, |m, &t| m | 1 << t)),
                    cells: (0..bb.cells)
                        .filter(|&c| zone.contains(bb.square(c)))
                        .fold(M::EMPTY, |m, c| m | M::cell(c)),
                })
                .collect(),
        };
        for (ty, t) in dc.targets.iter().enumerate() {
            for &i in &t.squares {
                let s = dc.squares[i as usize];
                if !bb.on_board(s) {
                    return None;
                }
                let c = M::cell(bb.cell(s));
                out.targets[ty] |= c;
                if dc.right_on(ty as u8, s) {
                    out.right[ty] |= c;
                }
            }
            out.per_file.push(t.per_file);
            out.no_check.push(t.no_check);
            // A drop mate that loses for the dropper is a legal move whose
            // game has ended: perft counts it as any mate.
            out.no_mate
                .push(t.no_mate && dc.drop_mate == DropMate::Illegal);
            let mut hand = [EMPTY; 7];
            if dc.captures_to_hand {
                for &p in &cfg.turn_order {
                    hand[p.number() as usize] = dc.to_hand(ty as u8, None, p).unwrap_or(EMPTY);
                }
            }
            out.to_hand.push(hand);
        }
        Some(out)
    }
}

impl<M: Mask> SmallBoard<M> {
    /// The type a capture of `ty` (promoted from `origin`, or [`EMPTY`]) by
    /// player number `capturer` puts into a hand, or [`EMPTY`].
    #[inline]
    pub(super) fn hand_type(&self, ty: u8, origin: u8, capturer: u8) -> u8 {
        let Some(d) = &self.drops else { return EMPTY };
        let from = if origin != EMPTY && !d.keep_promoted {
            origin
        } else {
            ty
        };
        d.to_hand[usize::from(from)][usize::from(capturer)]
    }

    /// Changes the count of `ty` in hand by one up or down; returns the key
    /// change.
    #[inline]
    pub(super) fn add_to_hand(&mut self, ty: u8, up: bool) -> u64 {
        let n = &mut self.hand[usize::from(ty)];
        let old = *n;
        *n = if up { old + 1 } else { old - 1 };
        let keys = &self.cfg.keys[usize::from(ty)];
        keys.hand(old) ^ keys.hand(*n)
    }

    /// The cells where the side to move may not drop `ty` because its file
    /// already holds as many of the type as may stand on one.
    fn full_files(&self, d: &CellDrops<M>, ty: usize, own: M) -> M {
        let Some(most) = d.per_file[ty] else {
            return M::EMPTY;
        };
        let mut full = M::EMPTY;
        for file in &d.files {
            let mine = cells(*file & own)
                .filter(|&c| usize::from(self.mailbox[c]) == ty)
                .count();
            if mine as u32 >= most {
                full |= *file;
            }
        }
        full
    }

    /// The legal drops of player number `us`, whose moves must land on
    /// `allowed` (the check mask; every cell when not in check): counted,
    /// and appended to `out` when given.
    pub(super) fn drops(
        &mut self,
        us: u8,
        allowed: M,
        mut out: Option<&mut Vec<SmallMove>>,
    ) -> u64 {
        let Some(d) = self.drops.clone() else {
            return 0;
        };
        let mut n = 0;
        if d.allowed {
            let own = self.by_player[usize::from(us)];
            for ty in 0..self.hand.len() {
                if self.hand[ty] == 0 || self.info[ty].owner != us {
                    continue;
                }
                let mut targets =
                    d.targets[ty] & !self.occ & allowed & !self.full_files(&d, ty, own);
                // A royal from the hand may not land attacked.
                if self.info[ty].royal && self.protects[usize::from(us)] {
                    targets = cells(targets)
                        .filter(|&c| !self.attacked(c, us))
                        .fold(M::EMPTY, |m, c| m | M::cell(c));
                }
                let tested = d.no_check[ty] || d.no_mate[ty];
                // As it is, and as it promotes where the rules allow.
                let promoted = d.promoted[ty];
                if !tested && out.is_none() {
                    n += u64::from(targets.count()) * if promoted == EMPTY { 1 } else { 2 };
                    continue;
                }
                for to in cells(targets) {
                    for placed in [ty as u8, promoted] {
                        if placed == EMPTY {
                            continue;
                        }
                        let m = SmallMove {
                            from: to as u8,
                            to: to as u8,
                            promo: ty as u8,
                            special: Special::Drop,
                            a: placed,
                            b: 0,
                            gate: EMPTY,
                            gate_at: 0,
                        };
                        if tested && !self.drop_passes(&d, &m) {
                            continue;
                        }
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

    /// Whether a drop of a type that may not check (or mate) gives no such
    /// check (mate).
    fn drop_passes(&mut self, d: &CellDrops<M>, m: &SmallMove) -> bool {
        let ty = usize::from(m.promo);
        let u = self.make(m);
        let them = self.us();
        let royal = self.royal & self.by_player[usize::from(them)];
        let check = cells(royal).any(|c| self.attacked(c, them));
        let ok = !check || (!d.no_check[ty] && (!d.no_mate[ty] || self.count() > 0));
        self.unmake(m, &u);
        ok
    }

    /// Whether the side to move must drop while it can: the rules say so
    /// and it has a piece in hand.
    #[inline]
    pub(super) fn must_drop_now(&self) -> bool {
        self.drops
            .as_ref()
            .is_some_and(|d| d.must_drop && d.allowed)
            && {
                let us = self.us();
                (0..self.hand.len()).any(|ty| self.hand[ty] > 0 && self.info[ty].owner == us)
            }
    }

    /// Whether `m`'s landing cell gets the `+` right as a drop of its type.
    #[inline]
    pub(super) fn drop_right(&self, ty: u8, to: usize) -> bool {
        self.drops
            .as_ref()
            .is_some_and(|d| d.right[usize::from(ty)].has(to))
    }
}
