//! Legality decided by making each move, on a [`SmallBoard`] whose rules
//! need it, as the generic generator decides it:
//!
//! - **explosions** ([`super::blast`]): a move may not blow up one of the
//!   mover's royals; one that removes an opponent's royal is legal whatever
//!   it leaves attacked; otherwise no royal of the mover may be attacked,
//!   and a royal next to an opponent's royal is never attacked. A castling
//!   king passes only cells no opponent attacks (with the king lifted), or
//!   cells next to an opponent's royal.
//! - **moves that may not give check** (racing kings): a move is kept only
//!   when no opponent's royal is attacked after it.
//! - **several royals** (or a promotion into one) for a player who keeps
//!   them safe: a move is kept only when none of them is attacked after it.
//!   Without explosions, the check and pin masks cover every royal (a check
//!   on any of them narrows the mask, a piece in front of any is pinned),
//!   so only promotions into a royal are made and tested; a royal's move is judged by the attacks on every royal
//!   with the board as the move leaves it.
//! - **duple check** ([`icn_rules::limits::Limits::duple_check`]): every
//!   move is made and kept when at least one of the mover's royals is not
//!   attacked after it.
//!
//! Under explosions alone a quiet move of a piece other than a royal blows
//! nothing up and cannot part touching royals: it is judged by the check
//! and pin masks as usual (and is legal whenever the mover's royal touches
//! an opponent's). Only the rest is made and tested.
//!
//! Where moves may not give check, between two players whose opponent has
//! one royal that nothing attacks yet, a move is judged by masks as well:
//! it keeps the mover's royal safe as usual, and it gives check when its
//! piece lands on a cell from which its type attacks the opponent's royal
//! (for types with point-symmetric captures: the cells it would attack
//! from the royal's cell). Moves of pieces that block one of the mover's
//! rides to that royal, of types without symmetric captures, promotions,
//! castling and en passant are made and tested.

use std::sync::Arc;

use icn_model::Player;

use super::movegen::Frame;
use super::promo::{count_targets, push_targets};
use super::{SmallBoard, SmallMove, Special};
use crate::bitboard::reach;
use crate::mask::{Mask, cells};

impl<M: Mask> SmallBoard<M> {
    /// The number of legal moves (module docs), appended to `out` when given.
    pub(super) fn generate_tested(&mut self, out: Option<&mut Vec<SmallMove>>) -> u64 {
        let cfg = Arc::clone(&self.cfg);
        let bb = M::tables(&cfg).expect("bitboard tables");
        // Opponents that jump: the masks below do not see their attacks.
        let simple = self.shields.is_none();
        if !simple && self.blast.is_none() && !cfg.limits.no_checks {
            return self.generate_shielded(out);
        }
        let mut f = self.frame(bb);
        let us = f.us;
        if cfg.limits.no_checks && self.blast.is_none() && simple {
            let royal = self.royal & !f.own & !self.by_player[Player::NEUTRAL.number() as usize];
            if self.order.len() == 2 && royal.count() == 1 {
                let k = royal.lowest();
                let theirs = self.by_player[usize::from(self.order[1 - usize::from(self.turn)])];
                if !self.attacked_in(bb, k, theirs, self.occ) {
                    return self.generate_no_checks(&f, k, out);
                }
            }
        }
        // Duple check: every move made and tested.
        let duple = cfg.rules.limits.duple_check;
        let by_mask =
            f.protect && self.blast.is_some() && !cfg.limits.no_checks && simple && !duple;
        let own_royal = self.royal & f.own;
        if by_mask && cells(own_royal).any(|c| self.touches_enemy_royal(c, us)) {
            f.check = M::ALL;
            f.pinned = M::EMPTY;
        }
        // Several royals: the masks follow every one of them, so only the
        // royals' moves and promotions into a royal are made and tested.
        let several = f.protect
            && self.multi_royal
            && self.blast.is_none()
            && !cfg.limits.no_checks
            && simple
            && !duple;
        // No royal to keep safe and no check to avoid: every move is legal.
        let free = !f.protect && !cfg.limits.no_checks;
        self.split_moves(&f, out, |b, c| {
            let (quiet, caps) = b.pseudo_targets(bb, &f, c);
            let doubles = quiet & bb.types[b.mailbox[c] as usize].leaps[c].double;
            if free {
                (quiet | caps, M::EMPTY, doubles)
            } else if by_mask && !b.info[b.mailbox[c] as usize].royal {
                (b.answer_checks(&f, c, quiet), caps, doubles)
            } else if several && b.info[b.mailbox[c] as usize].royal {
                let safe = cells(quiet | caps)
                    .filter(|&to| b.royals_safe_after(bb, f.us, &[(c, to)]))
                    .fold(M::EMPTY, |m, to| m | M::cell(to));
                (safe, M::EMPTY, doubles)
            } else if several {
                // A piece that may promote into a royal: its promotions are
                // made and tested, its other moves judged by the masks.
                let ty = b.mailbox[c] as usize;
                let crowning = if b.info[ty].crowns {
                    b.promo_at(ty, c).map_or(M::EMPTY, |p| p.zone_from(c))
                } else {
                    M::EMPTY
                };
                let targets = quiet | caps;
                (
                    b.answer_checks(&f, c, targets & !crowning),
                    targets & crowning,
                    doubles,
                )
            } else {
                (M::EMPTY, quiet | caps, doubles)
            }
        })
    }

    /// The legal moves of the mover's pieces, each piece's targets split by
    /// `split` into (legal for sure, to make and test, double steps; any
    /// other target is illegal), with castling and en passant made and
    /// tested: counted, and appended to `out` when given.
    pub(super) fn split_moves(
        &mut self,
        f: &Frame<M>,
        mut out: Option<&mut Vec<SmallMove>>,
        mut split: impl FnMut(&Self, usize) -> (M, M, M),
    ) -> u64 {
        let cfg = Arc::clone(&self.cfg);
        let bb = M::tables(&cfg).expect("bitboard tables");
        let mut cands = std::mem::take(&mut self.tested_moves);
        cands.clear();
        let mut n = 0;
        let mut castlers = M::EMPTY;
        for c in cells(f.own) {
            let ty = self.mailbox[c] as usize;
            let info = self.info[ty];
            let (sure, test, doubles) = split(self, c);
            let promo = self.promo_at(ty, c);
            match out.as_deref_mut() {
                Some(out) => push_targets(out, c, sure, doubles & sure, promo),
                None => n += count_targets(sure, promo, c),
            }
            push_targets(&mut cands, c, test, doubles & test, promo);
            if info.castler && self.may_castle(bb, c) {
                castlers |= M::cell(c);
            }
        }
        if !castlers.is_empty() || self.ep.is_some() {
            self.specials(f, castlers, false, Some(&mut cands));
        }
        self.retain_legal(&mut cands);
        n += cands.len() as u64;
        if let Some(out) = out {
            out.extend_from_slice(&cands);
        }
        self.tested_moves = cands;
        n
    }

    /// The legal moves where no move may give check and the opponent's one
    /// royal stands on `k`, unattacked (module docs): counted, and appended
    /// to `out` when given.
    fn generate_no_checks(
        &mut self,
        f: &Frame<M>,
        k: usize,
        out: Option<&mut Vec<SmallMove>>,
    ) -> u64 {
        let cfg = Arc::clone(&self.cfg);
        let bb = M::tables(&cfg).expect("bitboard tables");
        let occ = self.occ;
        // The cells from which each type of the mover attacks `k`.
        let check_cells = |ty: usize| {
            let t = &bb.types[ty];
            t.lines_at(k)[..t.ncap_lines]
                .iter()
                .fold(t.leaps[k].cap, |m, lc| m | lc.reach(occ))
        };
        // The mover's pieces that alone stand between one of its rides and `k`.
        let mut blockers = M::EMPTY;
        for c in cells(f.own) {
            let t = &bb.types[self.mailbox[c] as usize];
            if !t.leaps[c].any_cap.has(k) {
                continue;
            }
            for (r, rc) in t.rides.iter().zip(t.at(c)).take(t.ncap) {
                if !rc.ray.has(k) || !rc.from_min.has(k) {
                    continue;
                }
                let first = reach(r.inc, rc, occ) & occ;
                if (first & f.own).is_empty() {
                    continue;
                }
                if reach(r.inc, rc, occ & !first).has(k) {
                    blockers |= first;
                }
            }
        }
        let mut checks: Vec<Option<M>> = vec![None; bb.types.len()];
        self.split_moves(f, out, |b, c| {
            let ty = b.mailbox[c] as usize;
            let (targets, doubles) = b.targets(bb, f, c);
            if blockers.has(c) || !bb.types[ty].symmetric {
                return (M::EMPTY, targets, doubles);
            }
            let checking = *checks[ty].get_or_insert_with(|| check_cells(ty));
            let quiet_zone = b.promos[ty].as_ref().map_or(M::EMPTY, |p| p.zone_from(c));
            (
                targets & !checking & !quiet_zone,
                targets & quiet_zone,
                doubles,
            )
        })
    }

    /// Keeps the moves of `out` (generated without the royal's safety in
    /// mind) that are legal, each made and tested.
    pub(super) fn retain_legal(&mut self, out: &mut Vec<SmallMove>) {
        let us = self.us();
        let protect = self.cfg.player(Player::from_number(u32::from(us))).protect;
        let mine = self.royals_of(us);
        let theirs = self.opponent_royals(us);
        let guard = protect && mine > 0;
        let facing = self.royals_face();
        out.retain(|m| {
            self.tested_legal(m, us, guard, mine, theirs) && !(facing && self.leaves_facing(m))
        });
    }

    /// Whether `m` leaves the royals facing each other (made and taken
    /// back).
    fn leaves_facing(&mut self, m: &SmallMove) -> bool {
        let u = self.make(m);
        let facing = self.royals_face();
        self.unmake(m, &u);
        facing
    }

    /// The number of royals of player number `p`.
    #[inline]
    fn royals_of(&self, p: u8) -> u32 {
        (self.royal & self.by_player[usize::from(p)]).count()
    }

    /// The number of royals of every opponent of player number `us`.
    #[inline]
    fn opponent_royals(&self, us: u8) -> u32 {
        let neutral = self.by_player[Player::NEUTRAL.number() as usize];
        (self.royal & !self.by_player[usize::from(us)] & !neutral).count()
    }

    /// Whether a royal of player number `p` is attacked (under explosions,
    /// not one next to an opponent's royal; under duple check, every one).
    fn royal_in_danger(&self, p: u8) -> bool {
        let royal = self.royal & self.by_player[usize::from(p)];
        let attacked = |c: usize| self.attacked(c, p) && !self.touches_enemy_royal(c, p);
        if self.cfg.rules.limits.duple_check {
            !royal.is_empty() && cells(royal).all(attacked)
        } else {
            cells(royal).any(attacked)
        }
    }

    /// Whether `m`, by player number `us`, is legal (module docs); `guard`:
    /// the mover's royals must stay safe; `mine`, `theirs`: the royals
    /// before the move.
    fn tested_legal(&mut self, m: &SmallMove, us: u8, guard: bool, mine: u32, theirs: u32) -> bool {
        // Under royalty by count a castler not royal for now passes freely.
        let castler_royal = self.royalty.is_none() || self.royal.has(m.from.into());
        if guard && m.special == Special::Castle && castler_royal && !self.castle_path_safe(m, us) {
            return false;
        }
        // Under royalty by count the royals before the move are judged,
        // wherever it took them.
        let counted = self.royalty.is_some().then(|| {
            let before = self.royal & self.by_player[usize::from(us)];
            match before.has(m.from.into()) {
                true => (before & !M::cell(m.from.into())) | M::cell(m.to.into()),
                false => before,
            }
        });
        let u = self.make(m);
        let mut ok = true;
        if let Some(royals) = counted.filter(|_| guard) {
            ok = !cells(royals).any(|c| self.attacked(c, us));
        } else if guard {
            ok = if self.blast.is_none() {
                !self.royal_in_danger(us)
            } else if self.royals_of(us) < mine {
                false
            } else {
                self.opponent_royals(us) < theirs || !self.royal_in_danger(us)
            };
        }
        if ok && self.cfg.limits.no_checks {
            ok = !self
                .order
                .iter()
                .any(|&p| p != us && self.royal_in_danger(p));
        }
        self.unmake(m, &u);
        ok
    }

    /// Whether a castling king starts on and passes only cells it may: not
    /// attacked (under explosions: with the king lifted, or next to an
    /// opponent's royal).
    fn castle_path_safe(&mut self, m: &SmallMove, us: u8) -> bool {
        let bb = M::tables(&self.cfg).expect("bitboard tables");
        let (from, to) = (bb.square(m.from.into()), bb.square(m.to.into()));
        let (dx, n) = ((to.x - from.x).signum(), (to.x - from.x).abs());
        let path = |i: i64| bb.cell(from.step(dx, 0, i));
        if self.blast.is_none() {
            return (0..n).all(|i| !self.attacked(path(i), us));
        }
        let own = self.by_player[usize::from(us)];
        let lifted = self.occ & !M::cell(m.from.into());
        (0..n.max(1)).all(|i| {
            let c = path(i);
            !self.attacked_in(bb, c, own, lifted) || self.touches_enemy_royal(c, us)
        })
    }
}
