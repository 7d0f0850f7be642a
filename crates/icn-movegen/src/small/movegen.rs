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

use super::promo::{count_targets, push_promotions, push_targets};
use super::{EMPTY, SmallBoard, SmallMove, Special, TypeInfo};
use crate::bitboard::{BbTables, BbType, reach};
use crate::mask::{Mask, cells};

/// What is fixed for the side to move in one position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame<M> {
    pub us: u8,
    pub protect: bool,
    pub own: M,
    /// Pieces the mover may capture.
    capt: M,
    /// The occupied cells without the mover's royal.
    occ_nr: M,
    pub check: M,
    pub pinned: M,
}

/// A piece type as the generator reads it: its id, tables and flags.
pub(super) struct TypeRef<'a, M> {
    ty: usize,
    bb: &'a BbTables<M>,
    t: &'a BbType<M>,
    info: TypeInfo<M>,
}

/// The cells of `c`'s row after it and before it.
#[inline]
fn row_sides<M: Mask>(bb: &BbTables<M>, c: usize) -> (M, M) {
    let width = bb.width as usize;
    let row_start = c - c % width;
    let row_end = M::below(row_start + width);
    let after = row_end & !M::below(c + 1);
    let before = M::below_cell(c) & !M::below_cell(row_start);
    (after, before)
}

impl<M: Mask> SmallBoard<M> {
    /// The side to move's frame without its checks and pins.
    #[inline]
    pub(super) fn plain_frame(&self) -> Frame<M> {
        self.frame_of(self.us())
    }

    /// Player number `us`'s frame without its checks and pins.
    #[inline]
    pub(super) fn frame_of(&self, us: u8) -> Frame<M> {
        let own = self.by_player[usize::from(us)];
        let royal = self.royal & own;
        Frame {
            us,
            protect: self.protects[usize::from(us)] && !royal.is_empty(),
            own,
            capt: (self.occ & !own & !self.never) | self.anyone,
            occ_nr: self.occ & !royal,
            check: M::ALL,
            pinned: M::EMPTY,
        }
    }

    /// Checks and pins for the side to move.
    #[inline]
    pub(super) fn frame(&self, bb: &BbTables<M>) -> Frame<M> {
        let mut f = self.plain_frame();
        if !f.protect {
            return f;
        }
        let (own, royal) = (f.own, self.royal & f.own);
        let occ = self.occ;
        let enemies = occ & !own & !self.by_player[Player::NEUTRAL.number() as usize];
        // With one royal, only the pieces that could attack its cell.
        let near = if royal.count() == 1 {
            bb.attackers[royal.lowest()]
        } else {
            M::ALL
        };
        for c in cells(enemies & near) {
            let t = &bb.types[self.mailbox[c] as usize];
            let leaps = &t.leaps[c];
            if (leaps.any_cap & royal).is_empty() {
                continue;
            }
            let a = M::cell(c);
            if !(leaps.cap & royal).is_empty() {
                f.check &= a;
            }
            for (ride, rc) in t.rides.iter().zip(t.at(c)).take(t.ncap) {
                let fm = rc.from_min;
                if (rc.ray & royal).is_empty() {
                    continue;
                }
                let seen = reach(ride.inc, rc, occ);
                let first = seen & occ;
                if !(first & royal).is_empty() {
                    if !(fm & royal).is_empty() {
                        f.check &= (seen & !royal) | a;
                    }
                } else if !(first & own).is_empty() {
                    let beyond = reach(ride.inc, rc, occ & !first);
                    if !(beyond & royal & fm).is_empty() {
                        let allowed = (beyond & !royal) | a;
                        let p = first.lowest();
                        let slot = &self.pin_allowed[p];
                        if (f.pinned & first).is_empty() {
                            slot.set(allowed);
                        } else {
                            slot.set(slot.get() & allowed);
                        }
                        f.pinned |= first;
                    }
                }
            }
        }
        f
    }

    /// The pseudo-legal destinations of the piece on `c` (castling and en
    /// passant aside): quiet ones and captures.
    #[inline(always)]
    pub(super) fn pseudo_targets(&self, bb: &BbTables<M>, f: &Frame<M>, c: usize) -> (M, M) {
        let ty = self.mailbox[c] as usize;
        self.pseudo_targets_of(f, c, &self.kind_of(bb, ty))
    }

    /// [`SmallBoard::pseudo_targets`] of a piece of type `ty` were it on `c`.
    pub(super) fn pseudo_targets_as(
        &self,
        bb: &BbTables<M>,
        f: &Frame<M>,
        c: usize,
        ty: usize,
    ) -> (M, M) {
        self.pseudo_targets_of(f, c, &self.kind_of(bb, ty))
    }

    /// What the generator needs of type `ty`, looked up once.
    #[inline(always)]
    fn kind_of<'a>(&self, bb: &'a BbTables<M>, ty: usize) -> TypeRef<'a, M> {
        TypeRef {
            ty,
            bb,
            t: &bb.types[ty],
            info: self.info[ty],
        }
    }

    /// [`SmallBoard::pseudo_targets`] of a piece of type `k` on `c`.
    #[inline(always)]
    fn pseudo_targets_of(&self, f: &Frame<M>, c: usize, k: &TypeRef<'_, M>) -> (M, M) {
        let (bb, t) = (k.bb, k.t);
        let occ = self.occ;
        let leaps = &t.leaps[c];
        let right = self.rights.has(c);
        let (mut quiet, mut caps) = (leaps.mv | (leaps.mv_right & M::all_if(right)), leaps.cap);
        for (line, lc) in t.lines.iter().zip(t.lines_at(c)) {
            if line.needs_right && !right {
                continue;
            }
            let r = lc.reach(occ);
            quiet |= r & line.mv_mask;
            caps |= r & line.cap_mask;
        }
        let caps = caps & f.capt;
        if k.info.extras {
            return self.extra_targets(bb, k.ty, c, right, quiet & !occ, caps, f);
        }
        (quiet & !occ, caps)
    }

    /// [`SmallBoard::pseudo_targets`] for a type that jumps or is immune to
    /// its own kind: the jumps added to `quiet` and `caps`, and its own kind
    /// taken out of `caps`.
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the caller's registers, passed on"
    )]
    fn extra_targets(
        &self,
        bb: &BbTables<M>,
        ty: usize,
        c: usize,
        right: bool,
        mut quiet: M,
        mut caps: M,
        f: &Frame<M>,
    ) -> (M, M) {
        if let Some(j) = &bb.types[ty].jumps {
            let (q, x) = j.targets(c, right, self.occ, self.never | self.no_screens(ty));
            quiet |= q & !self.occ;
            caps |= x & f.capt;
        }
        let info = &self.info[ty];
        if info.kin_immune {
            let kind = info.kind;
            caps = cells(caps)
                .filter(|&to| self.info[self.mailbox[to] as usize].kind != kind)
                .fold(M::EMPTY, |m, to| m | M::cell(to));
        }
        (quiet, caps)
    }

    /// The legal destinations of the piece on `c` (castling and en passant
    /// aside), and the part of them that are quiet double steps.
    #[inline(always)]
    pub(super) fn targets(&self, bb: &BbTables<M>, f: &Frame<M>, c: usize) -> (M, M) {
        let k = self.kind_of(bb, self.mailbox[c] as usize);
        let (targets, quiet) = self.legal_targets(f, c, &k);
        (targets, targets & quiet & k.t.leaps[c].double)
    }

    /// The legal destinations of a piece of type `k` on `c` (castling and
    /// en passant aside), and its pseudo-legal quiet ones.
    #[inline(always)]
    fn legal_targets(&self, f: &Frame<M>, c: usize, k: &TypeRef<'_, M>) -> (M, M) {
        let bb = k.bb;
        let (quiet, caps) = self.pseudo_targets_of(f, c, k);
        let mut targets = quiet | caps;
        if f.protect {
            if k.info.royal {
                if f.check != M::ALL && self.cfg.limits.royal_captures_checker_only {
                    targets = self.takes_the_only_checker(bb, f, c, targets);
                }
                // The royal lifted off the board: a ride through it still attacks.
                targets = cells(targets)
                    .filter(|&to| !self.attacked_in(bb, to, f.own, f.occ_nr))
                    .fold(M::EMPTY, |m, to| m | M::cell(to));
            } else {
                targets = self.answer_checks(f, c, targets);
            }
        }
        (targets, quiet)
    }

    /// The Makpong rule for the royal on `k`, in check: of its `targets`,
    /// the captures whose victim alone attacks `k`.
    fn takes_the_only_checker(&self, bb: &BbTables<M>, f: &Frame<M>, k: usize, targets: M) -> M {
        cells(targets & self.occ)
            .filter(|&t| {
                let taken = M::cell(t);
                !self.attacked_in(bb, k, f.own | taken, self.occ & !taken)
            })
            .fold(M::EMPTY, |m, t| m | M::cell(t))
    }

    /// The part of `targets` of the non-royal piece on `c` that answers
    /// every check and keeps to its pin.
    #[inline(always)]
    pub(super) fn answer_checks(&self, f: &Frame<M>, c: usize, targets: M) -> M {
        let mut targets = targets & f.check;
        if f.pinned.has(c) {
            targets &= self.pin_allowed[c].get();
        }
        targets
    }

    /// The number of legal moves.
    pub fn count(&mut self) -> u64 {
        let pass = self.legal_pass().is_some();
        self.count_moves() + u64::from(pass)
    }

    /// The number of legal moves other than a pass.
    fn count_moves(&mut self) -> u64 {
        let forced = self.cfg.forced_capture;
        let gates = self.drops.as_ref().is_some_and(|d| !d.gates.is_empty());
        if gates || (forced && self.tested) {
            let mut moves = std::mem::take(&mut self.listed);
            self.generate(&mut moves);
            let n = moves.len() as u64;
            self.listed = moves;
            return n;
        }
        if self.tested {
            return self.generate_tested(None);
        }
        if self.must_drop_now() {
            let f = self.frame(M::tables(&self.cfg).expect("bitboard tables"));
            let n = self.drops(f.us, f.check, None);
            if n > 0 {
                return n;
            }
        }
        let bb = M::tables(&self.cfg).expect("bitboard tables");
        let f = self.frame(bb);
        // All moves, and (when forced) the captures among them.
        let (mut n, mut captures) = (0u64, 0u64);
        let mut castlers = M::EMPTY;
        // Type by type, so that what a type needs is looked up once.
        for &ty in &self.types_of[usize::from(f.us)] {
            let ty = usize::from(ty);
            let pieces = self.by_type[ty];
            if pieces.is_empty() {
                continue;
            }
            let k = self.kind_of(bb, ty);
            let info = k.info;
            if !info.promotes && !forced {
                for c in cells(pieces) {
                    n += u64::from(self.legal_targets(&f, c, &k).0.count());
                }
            } else {
                // Per type, unless a promoted piece may turn back.
                let of_type = self.promo_of(ty);
                for c in cells(pieces) {
                    let promo = match info.demotes {
                        true => self.promo_at(ty, c),
                        false => of_type,
                    };
                    let targets = self.legal_targets(&f, c, &k).0;
                    n += count_targets(targets, promo, c);
                    if forced {
                        captures += count_targets(targets & self.occ, promo, c);
                    }
                }
            }
            if info.castler {
                for c in cells(pieces & self.rights) {
                    if self.may_castle(bb, c) {
                        castlers |= M::cell(c);
                    }
                }
            }
        }
        if !castlers.is_empty() || self.ep.is_some() {
            n += self.specials(&f, castlers, true, None);
            if forced && self.ep.is_some() {
                captures += self.specials(&f, M::EMPTY, true, None);
            }
        }
        if captures > 0 {
            return captures;
        }
        if self.drops.is_some() {
            n += self.drops(f.us, f.check, None);
        }
        if self.by_move.is_some() {
            n += self.by_move_promotions(None);
        }
        n
    }

    /// Every legal move, into `out` (cleared first).
    pub fn generate(&mut self, out: &mut Vec<SmallMove>) {
        self.generate_unforced(out);
        out.extend(self.legal_pass());
        if self.cfg.forced_capture {
            self.keep_captures(out);
        }
    }

    /// [`SmallBoard::generate`] with no capture forced.
    fn generate_unforced(&mut self, out: &mut Vec<SmallMove>) {
        out.clear();
        if self.tested {
            self.generate_tested(Some(out));
            return;
        }
        if self.must_drop_now() {
            let f = self.frame(M::tables(&self.cfg).expect("bitboard tables"));
            self.drops(f.us, f.check, Some(out));
            if !out.is_empty() {
                return;
            }
        }
        let bb = M::tables(&self.cfg).expect("bitboard tables");
        let f = self.frame(bb);
        let mut castlers = M::EMPTY;
        for c in cells(f.own) {
            let ty = self.mailbox[c] as usize;
            let info = self.info[ty];
            let (targets, doubles) = self.targets(bb, &f, c);
            push_targets(out, c, targets, doubles, self.promo_at(ty, c));
            if info.castler && self.may_castle(bb, c) {
                castlers |= M::cell(c);
            }
        }
        if !castlers.is_empty() || self.ep.is_some() {
            self.specials(&f, castlers, true, Some(out));
        }
        if self.drops.is_some() {
            self.drops(f.us, f.check, Some(out));
            self.gatings(out);
        }
        if self.by_move.is_some() {
            self.by_move_promotions(Some(out));
        }
    }

    /// The number of legal castling and en passant moves, appended to `out`
    /// when given (`filter`: else every candidate).
    pub(super) fn specials(
        &mut self,
        f: &Frame<M>,
        castlers: M,
        filter: bool,
        mut out: Option<&mut Vec<SmallMove>>,
    ) -> u64 {
        let mut cands = std::mem::take(&mut self.scratch);
        cands.clear();
        for c in cells(castlers) {
            self.castlings(c, &mut cands);
        }
        self.en_passants(f, &mut cands);
        let mut n = 0;
        for m in &cands {
            if !filter || !f.protect || self.special_is_legal(m, f.us) {
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
    /// (castling: nor may the royal start in or pass through an attacked
    /// square). En passant is made and tested; castling is judged on the
    /// masks as the move leaves them.
    fn special_is_legal(&mut self, m: &SmallMove, us: u8) -> bool {
        if m.special == Special::Castle {
            let bb = M::tables(&self.cfg).expect("bitboard tables");
            let (from, to) = (bb.square(m.from as usize), bb.square(m.to as usize));
            let (dx, n) = ((to.x - from.x).signum(), (to.x - from.x).abs());
            for i in 0..n {
                let c = bb.cell(from.step(dx, 0, i));
                if self.attacked(c, us) {
                    return false;
                }
            }
            // The board as the castle leaves it, without making it.
            let shifts = [(m.from.into(), m.to.into()), (m.a.into(), m.b.into())];
            return self.royals_safe_after(bb, us, &shifts);
        }
        let u = self.make(m);
        let royal = self.royal & self.by_player[usize::from(us)];
        let ok = cells(royal).all(|c| !self.attacked(c, us));
        self.unmake(m, &u);
        ok
    }

    /// Whether no royal of player number `us` is attacked once its pieces
    /// have moved as `shifts` say (from, to), whatever stood on a `to`
    /// taken, judged on the masks without making the move.
    pub(super) fn royals_safe_after(
        &self,
        bb: &BbTables<M>,
        us: u8,
        shifts: &[(usize, usize)],
    ) -> bool {
        let own_before = self.by_player[usize::from(us)];
        let (mut off, mut on, mut royals) = (M::EMPTY, M::EMPTY, self.royal & own_before);
        for &(from, to) in shifts {
            off |= M::cell(from);
            on |= M::cell(to);
        }
        royals &= !off;
        for &(from, to) in shifts {
            if self.royal.has(from) {
                royals |= M::cell(to);
            }
        }
        let occ = (self.occ & !off) | on;
        // The cells left are still the mover's in `self.occ`, and what
        // stood on a landing cell is taken: neither attacks.
        let own = own_before | on;
        cells(royals).all(|r| !self.attacked_in(bb, r, own, occ))
    }

    /// Whether cell `c` is attacked by an opponent of player `us`.
    pub(super) fn attacked(&self, c: usize, us: u8) -> bool {
        let bb = M::tables(&self.cfg).expect("bitboard tables");
        self.attacked_in(bb, c, self.by_player[usize::from(us)], self.occ)
    }

    /// Whether cell `c` is attacked by a piece that is neither in `own` nor
    /// neutral, with the cells of `occ` blocking rides.
    #[inline]
    pub(super) fn attacked_in(&self, bb: &BbTables<M>, c: usize, own: M, occ: M) -> bool {
        let enemies = self.occ & !own & !self.by_player[Player::NEUTRAL.number() as usize];
        cells(enemies & bb.attackers[c]).any(|e| {
            let t = &bb.types[self.mailbox[e] as usize];
            let leaps = &t.leaps[e];
            leaps.any_cap.has(c)
                && (leaps.cap.has(c)
                    || t.lines_at(e)[..t.ncap_lines]
                        .iter()
                        .any(|lc| lc.reach(occ).has(c))
                    || t.jumps.as_ref().is_some_and(|j| {
                        j.attacks(e, c, occ, self.no_screens(self.mailbox[e] as usize))
                    }))
        })
    }

    /// The cells whose pieces may not be the screens of hops by type `ty`
    /// (its own kind's, for the Janggi cannon).
    #[inline]
    pub(super) fn no_screens(&self, ty: usize) -> M {
        let mut types = self.info[ty].no_screens;
        let mut out = M::EMPTY;
        while types != 0 {
            out |= self.by_type[types.trailing_zeros() as usize];
            types &= types - 1;
        }
        out
    }

    /// A quick test that the castler on `c` may have a castling move: it has
    /// its right, and a nearest piece along its row has one too (or the rules
    /// list explicit castling moves).
    #[inline]
    pub(super) fn may_castle(&self, bb: &BbTables<M>, c: usize) -> bool {
        if !self.rights.has(c) {
            return false;
        }
        if !self.castles.is_empty() {
            return true;
        }
        let (after, before) = row_sides(bb, c);
        let (a, b) = (after & self.occ, before & self.occ);
        let near_after = a.lowest_bit();
        let near_before = if b.is_empty() {
            M::EMPTY
        } else {
            M::cell(b.highest())
        };
        !((near_after | near_before) & self.rights).is_empty()
    }

    /// Castling moves of the castler with its right on cell `c`: the site
    /// rule (the nearest piece along the row is a partner with its right)
    /// and the rules' explicit castling moves.
    fn castlings(&self, c: usize, out: &mut Vec<SmallMove>) {
        let cfg = &*self.cfg;
        let bb = M::tables(cfg).expect("bitboard tables");
        let owner = self.info[self.mailbox[c] as usize].owner;
        let site = self.info[self.mailbox[c] as usize].site_castler;
        let (after, before) = row_sides(bb, c);
        let steps = cfg.castle_steps;
        for (sign, line) in [(1i64, after), (-1, before)].into_iter().filter(|_| site) {
            let blockers = line & self.occ;
            if blockers.is_empty() {
                continue;
            }
            let pf = if sign > 0 {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            let k = (pf as i64 - c as i64).abs();
            let q = self.info[self.mailbox[pf] as usize];
            if q.owner != owner
                || !self.rights.has(pf)
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
                gate: EMPTY,
                gate_at: 0,
            });
        }
        for cc in self
            .castles
            .iter()
            .filter(|cc| cc.player == owner && usize::from(cc.king_from) == c)
        {
            let pf = usize::from(cc.partner_from);
            let q = self.mailbox[pf];
            if q == EMPTY || self.info[q as usize].owner != owner || !self.rights.has(pf) {
                continue;
            }
            if (cc.span & self.occ & !M::cell(c) & !M::cell(pf)).is_empty() {
                out.push(SmallMove {
                    from: c as u8,
                    to: cc.king_to,
                    promo: EMPTY,
                    special: Special::Castle,
                    a: cc.partner_from,
                    b: cc.partner_to,
                    gate: EMPTY,
                    gate_at: 0,
                });
            }
        }
    }

    /// En passant captures onto the en passant square (one per promotion choice).
    fn en_passants(&self, f: &Frame<M>, out: &mut Vec<SmallMove>) {
        let Some((target, victim)) = self.ep else {
            return;
        };
        let cfg = &*self.cfg;
        let bb = M::tables(cfg).expect("bitboard tables");
        if self.occ.has(target.into()) || !self.occ.has(victim.into()) {
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
                gate: EMPTY,
                gate_at: 0,
            };
            match self.promo_at(ty as usize, fc) {
                Some(pr) if pr.zone_from(fc).has(target.into()) => push_promotions(out, m, pr),
                _ => out.push(m),
            }
        }
    }
}
