//! Legal moves of a [`SmallBoard`], generated or only counted.
//!
//! Once per position: the check mask (the squares that capture or block
//! every check) and the pinned pieces with the line each may keep to, from
//! the ride and leap masks of [`crate::bitboard`] (only the opponents whose
//! captures could reach the royal at all are looked at). A piece's targets
//! are then a few mask operations; a royal's destinations are tested one by
//! one with the royal lifted off the board, so a ride through it still
//! counts. En passant and castling, rare enough, are made and tested
//! (castling first asks that the royal's path is not attacked), as the
//! generic generator does. A position whose side to move has no royal, or
//! whose rules let a royal be captured, keeps every pseudo-legal move.

use icn_model::Player;

use super::{EMPTY, SmallBoard, SmallMove, Special};
use crate::bitboard::{BbTables, reach};

/// What is fixed for the side to move in one position.
#[derive(Clone, Copy, Debug)]
struct Frame {
    us: u8,
    protect: bool,
    own: u64,
    /// Pieces the mover may capture.
    capt: u64,
    /// The occupied cells without the mover's royal.
    occ_nr: u64,
    check: u64,
    pinned: u64,
}

/// Iterates the set bits of a mask as cell numbers.
#[inline(always)]
pub(super) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// The cells of `c`'s row after it and before it.
#[inline]
fn row_sides(bb: &BbTables, c: usize) -> (u64, u64) {
    let width = bb.width as usize;
    let row_start = c - c % width;
    let row_end = ((1u128 << (row_start + width)) - 1) as u64;
    let after = row_end & !((2u64 << c).wrapping_sub(1));
    let before = ((1u64 << c) - 1) & !((1u64 << row_start) - 1);
    (after, before)
}

impl SmallBoard {
    /// Checks and pins for the side to move.
    #[inline]
    fn frame(&mut self, bb: &BbTables) -> Frame {
        let us = self.us();
        let own = self.by_player[usize::from(us)];
        let royal = self.royal & own;
        let player = Player::from_number(u32::from(us));
        let protect = self.cfg.player(player).protect && royal != 0;
        let mut f = Frame {
            us,
            protect,
            own,
            capt: (self.occ & !own & !self.never) | self.anyone,
            occ_nr: self.occ & !royal,
            check: !0,
            pinned: 0,
        };
        if !protect {
            return f;
        }
        let occ = self.occ;
        let enemies = occ & !own & !self.by_player[Player::NEUTRAL.number() as usize];
        for c in bits(enemies) {
            let t = &bb.types[self.mailbox[c] as usize];
            let leaps = &t.leaps[c];
            if leaps.any_cap & royal == 0 {
                continue;
            }
            let a = 1u64 << c;
            if leaps.cap & royal != 0 {
                f.check &= a;
            }
            for (ride, rc) in t.rides.iter().zip(t.at(c)).take(t.ncap) {
                let fm = rc.from_min;
                if rc.ray & royal == 0 {
                    continue;
                }
                let seen = reach(ride.inc, rc, occ);
                let first = seen & occ;
                if first & royal != 0 {
                    if fm & royal != 0 {
                        f.check &= (seen & !royal) | a;
                    }
                } else if first & own != 0 {
                    let beyond = reach(ride.inc, rc, occ & !first);
                    if beyond & royal & fm != 0 {
                        let allowed = (beyond & !royal) | a;
                        let p = first.trailing_zeros() as usize;
                        if f.pinned & first == 0 {
                            self.pin_allowed[p] = allowed;
                        } else {
                            self.pin_allowed[p] &= allowed;
                        }
                        f.pinned |= first;
                    }
                }
            }
        }
        f
    }

    /// The legal destinations of the piece on `c` (castling and en passant
    /// aside), and the part of them that are quiet double steps.
    #[inline(always)]
    fn targets(&self, bb: &BbTables, f: &Frame, c: usize) -> (u64, u64) {
        let ty = self.mailbox[c] as usize;
        let t = &bb.types[ty];
        let occ = self.occ;
        let leaps = &t.leaps[c];
        let (mut quiet, mut caps) = (leaps.mv, leaps.cap);
        let right = self.rights & (1 << c) != 0;
        for (ride, rc) in t.rides.iter().zip(t.at(c)) {
            if ride.needs_right && !right {
                continue;
            }
            let r = reach(ride.inc, rc, occ) & rc.from_min;
            quiet |= r & ride.mv_mask;
            caps |= r & ride.cap_mask;
        }
        quiet &= !occ;
        caps &= f.capt;
        let mut targets = quiet | caps;
        if f.protect {
            if self.info[ty].royal {
                // The royal lifted off the board: a ride through it still attacks.
                targets = bits(targets)
                    .filter(|&to| !self.attacked_in(bb, to, f.own, f.occ_nr))
                    .fold(0, |m, to| m | 1 << to);
            } else {
                targets &= f.check;
                if f.pinned & (1 << c) != 0 {
                    targets &= self.pin_allowed[c];
                }
            }
        }
        (targets, targets & quiet & leaps.double)
    }

    /// The number of legal moves.
    pub fn count(&mut self) -> u64 {
        let cfg = std::sync::Arc::clone(&self.cfg);
        let bb = cfg.bb().expect("bitboard tables");
        let f = self.frame(bb);
        let player = Player::from_number(u32::from(f.us));
        let promo = cfg.player(player).promo.as_ref();
        let zone = bb.promo[usize::from(f.us)];
        let stay = bb.promo_stay[usize::from(f.us)];
        let mut n = 0u64;
        let mut castlers = 0u64;
        for c in bits(f.own) {
            let info = self.info[self.mailbox[c] as usize];
            let (targets, _) = self.targets(bb, &f, c);
            match promo {
                Some(pr) if info.promotes => {
                    n += u64::from((targets & !zone).count_ones())
                        + u64::from((targets & zone).count_ones()) * pr.choices.len() as u64
                        + u64::from((targets & stay).count_ones());
                }
                _ => n += u64::from(targets.count_ones()),
            }
            if info.castler && self.may_castle(bb, c) {
                castlers |= 1 << c;
            }
        }
        if castlers != 0 || self.ep.is_some() {
            n += self.specials(&f, castlers, None);
        }
        n
    }

    /// Every legal move, into `out` (cleared first).
    pub fn generate(&mut self, out: &mut Vec<SmallMove>) {
        out.clear();
        let cfg = std::sync::Arc::clone(&self.cfg);
        let bb = cfg.bb().expect("bitboard tables");
        let f = self.frame(bb);
        let player = Player::from_number(u32::from(f.us));
        let promo = cfg.player(player).promo.as_ref();
        let zone = bb.promo[usize::from(f.us)];
        let stay = bb.promo_stay[usize::from(f.us)];
        let mut castlers = 0u64;
        for c in bits(f.own) {
            let info = self.info[self.mailbox[c] as usize];
            let (targets, doubles) = self.targets(bb, &f, c);
            let from = c as u8;
            let plain = |to: usize, special: Special| SmallMove {
                from,
                to: to as u8,
                promo: EMPTY,
                special,
                a: ((c + to) / 2) as u8,
                b: 0,
            };
            let promoting = if info.promotes { promo } else { None };
            match promoting {
                Some(pr) => {
                    for to in bits(targets & !zone) {
                        let special = if doubles & (1 << to) != 0 {
                            Special::DoubleStep
                        } else {
                            Special::Normal
                        };
                        out.push(plain(to, special));
                    }
                    for to in bits(targets & zone) {
                        let special = if doubles & (1 << to) != 0 {
                            Special::DoubleStep
                        } else {
                            Special::Normal
                        };
                        let m = plain(to, special);
                        for &choice in &pr.choices {
                            out.push(SmallMove { promo: choice, ..m });
                        }
                        if stay & (1 << to) != 0 {
                            out.push(m);
                        }
                    }
                }
                None => {
                    for to in bits(targets & !doubles) {
                        out.push(plain(to, Special::Normal));
                    }
                    for to in bits(doubles) {
                        out.push(plain(to, Special::DoubleStep));
                    }
                }
            }
            if info.castler && self.may_castle(bb, c) {
                castlers |= 1 << c;
            }
        }
        if castlers != 0 || self.ep.is_some() {
            self.specials(&f, castlers, Some(out));
        }
    }

    /// The number of legal castling and en passant moves, appended to `out`
    /// when given.
    fn specials(&mut self, f: &Frame, castlers: u64, mut out: Option<&mut Vec<SmallMove>>) -> u64 {
        let mut cands = std::mem::take(&mut self.scratch);
        cands.clear();
        for c in bits(castlers) {
            self.castlings(c, &mut cands);
        }
        self.en_passants(f, &mut cands);
        let mut n = 0;
        for m in &cands {
            if !f.protect || self.special_is_legal(m, f.us) {
                n += 1;
                if let Some(out) = out.as_deref_mut() {
                    out.push(*m);
                }
            }
        }
        self.scratch = cands;
        n
    }

    /// Whether a castling or en passant move keeps the mover's royal safe
    /// (castling: nor may the royal start in or pass through an attacked square).
    fn special_is_legal(&mut self, m: &SmallMove, us: u8) -> bool {
        if m.special == Special::Castle {
            let bb = self.cfg.bb().expect("bitboard tables");
            let (from, to) = (bb.square(m.from as usize), bb.square(m.to as usize));
            let (dx, n) = ((to.x - from.x).signum(), (to.x - from.x).abs());
            for i in 0..n {
                let c = bb.cell(from.step(dx, 0, i));
                if self.attacked(c, us) {
                    return false;
                }
            }
        }
        let u = self.make(m);
        let royal = self.royal & self.by_player[usize::from(us)];
        let ok = bits(royal).all(|c| !self.attacked(c, us));
        self.unmake(m, &u);
        ok
    }

    /// Whether cell `c` is attacked by an opponent of player `us`.
    pub(super) fn attacked(&self, c: usize, us: u8) -> bool {
        let bb = self.cfg.bb().expect("bitboard tables");
        self.attacked_in(bb, c, self.by_player[usize::from(us)], self.occ)
    }

    /// Whether cell `c` is attacked by a piece that is neither in `own` nor
    /// neutral, with the cells of `occ` blocking rides.
    #[inline]
    fn attacked_in(&self, bb: &BbTables, c: usize, own: u64, occ: u64) -> bool {
        let bit = 1u64 << c;
        let enemies = self.occ & !own & !self.by_player[Player::NEUTRAL.number() as usize];
        bits(enemies).any(|e| {
            let t = &bb.types[self.mailbox[e] as usize];
            let leaps = &t.leaps[e];
            leaps.any_cap & bit != 0
                && (leaps.cap & bit != 0
                    || t.rides
                        .iter()
                        .zip(t.at(e))
                        .take(t.ncap)
                        .any(|(r, rc)| rc.from_min & bit != 0 && reach(r.inc, rc, occ) & bit != 0))
        })
    }

    /// A quick test that the castler on `c` may have a castling move: it has
    /// its right, and a nearest piece along its row has one too (or the rules
    /// list explicit castling moves).
    #[inline]
    fn may_castle(&self, bb: &BbTables, c: usize) -> bool {
        if self.rights & (1 << c) == 0 {
            return false;
        }
        if !self.castles.is_empty() {
            return true;
        }
        let (after, before) = row_sides(bb, c);
        let (a, b) = (after & self.occ, before & self.occ);
        let near_after = a & a.wrapping_neg();
        let near_before = if b == 0 {
            0
        } else {
            1 << (63 - b.leading_zeros())
        };
        (near_after | near_before) & self.rights != 0
    }

    /// Castling moves of the castler with its right on cell `c`: the site
    /// rule (the nearest piece along the row is a partner with its right)
    /// and the rules' explicit castling moves.
    fn castlings(&self, c: usize, out: &mut Vec<SmallMove>) {
        let cfg = &*self.cfg;
        let bb = cfg.bb().expect("bitboard tables");
        let owner = self.info[self.mailbox[c] as usize].owner;
        let site = self.info[self.mailbox[c] as usize].site_castler;
        let (after, before) = row_sides(bb, c);
        let steps = cfg.castle_steps;
        for (sign, line) in [(1i64, after), (-1, before)].into_iter().filter(|_| site) {
            let blockers = line & self.occ;
            if blockers == 0 {
                continue;
            }
            let pf = if sign > 0 {
                blockers.trailing_zeros() as usize
            } else {
                63 - blockers.leading_zeros() as usize
            };
            let k = (pf as i64 - c as i64).abs();
            let q = self.info[self.mailbox[pf] as usize];
            if q.owner != owner
                || self.rights & (1 << pf) == 0
                || q.pawn
                || !q.castle_partner
                || k < cfg.castle_min
                || steps >= k
                || steps < 1
            {
                continue;
            }
            let to = (c as i64 + sign * steps) as usize;
            out.push(SmallMove {
                from: c as u8,
                to: to as u8,
                promo: EMPTY,
                special: Special::Castle,
                a: pf as u8,
                b: (to as i64 - sign) as u8,
            });
        }
        for cc in self
            .castles
            .iter()
            .filter(|cc| cc.player == owner && usize::from(cc.king_from) == c)
        {
            let pf = usize::from(cc.partner_from);
            let q = self.mailbox[pf];
            if q == EMPTY || self.info[q as usize].owner != owner || self.rights & (1 << pf) == 0 {
                continue;
            }
            if cc.span & self.occ & !(1 << c) & !(1 << pf) == 0 {
                out.push(SmallMove {
                    from: c as u8,
                    to: cc.king_to,
                    promo: EMPTY,
                    special: Special::Castle,
                    a: cc.partner_from,
                    b: cc.partner_to,
                });
            }
        }
    }

    /// En passant captures onto the en passant square (one per promotion choice).
    fn en_passants(&self, f: &Frame, out: &mut Vec<SmallMove>) {
        let Some((target, victim)) = self.ep else {
            return;
        };
        let cfg = &*self.cfg;
        let bb = cfg.bb().expect("bitboard tables");
        if self.occ & (1 << target) != 0 || self.occ & (1 << victim) == 0 {
            return;
        }
        let player = Player::from_number(u32::from(f.us));
        let pc = cfg.player(player);
        let ts = bb.square(usize::from(target));
        for &(ty, dx, dy) in &pc.ep_takers {
            let from = crate::geometry::Sq::new(ts.x - dx, ts.y - dy);
            if !bb.on_board(from) {
                continue;
            }
            let fc = bb.cell(from);
            if self.mailbox[fc] != ty || !cfg.may_capture(ty, self.mailbox[usize::from(victim)]) {
                continue;
            }
            let m = SmallMove {
                from: fc as u8,
                to: target,
                promo: EMPTY,
                special: Special::EnPassant,
                a: victim,
                b: 0,
            };
            match pc.promo.as_ref() {
                Some(pr)
                    if self.info[ty as usize].promotes
                        && bb.promo[usize::from(f.us)] & (1 << target) != 0 =>
                {
                    for &choice in &pr.choices {
                        out.push(SmallMove { promo: choice, ..m });
                    }
                    if bb.promo_stay[usize::from(f.us)] & (1 << target) != 0 {
                        out.push(m);
                    }
                }
                _ => out.push(m),
            }
        }
    }
}
