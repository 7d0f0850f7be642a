//! Legal move generation: pseudo-legal families per piece, then legality.
//!
//! Legality, when the opponents win by checkmate (otherwise every
//! pseudo-legal move is legal): for leap, ride and pawn attackers the checks
//! and pins of every royal are computed once per position and each family is
//! cut down exactly ([`crate::constrain`]); a royal's destinations are tested
//! for attack with the royal lifted off the board. En passant and castling,
//! and every move when an opponent attacks by hopping, lame leaping, huygen
//! or rose, are decided by making the move and testing the royals.
//!
//! Refused with [`MovegenError::Unsupported`]: an unbounded ray of a royal
//! piece, of a promoting piece, or in a position decided move by move (such a
//! set is infinite and not an interval).

use std::sync::Arc;

use crate::MovegenError;
use crate::attacks::Constraint;
use crate::board::Board;
use crate::complex::Sensitive;
use crate::constrain::{KSet, constrain_ray};
use crate::geometry::{Sq, is_prime};
use crate::moves::{Move, MoveFamily, MoveKind};
use crate::store::Slot;
use crate::types::{PieceType, TypeId};

impl Board {
    /// Pushes a move, once per promotion choice when it promotes: under
    /// every promotion rule of the player for the piece whose zone holds
    /// `to` (or `from`, for a rule with `from_zone`), each choice once in rule order, those at their piece limit left
    /// out (a rule that promotes by captures only: when the move captures);
    /// a promoted piece's turning back under a rule that demotes, the same
    /// way; the unpromoted move too when every such rule lets it stay.
    #[inline]
    fn push_move(
        &self,
        t: &PieceType,
        from: Sq,
        to: Sq,
        kind: MoveKind,
        out: &mut Vec<MoveFamily>,
    ) {
        let player = t.piece.player;
        if (t.promotes || t.demotes) && player.is_named() {
            let mut stay = true;
            let mut tried = 0u64;
            // (As in Fairy-Stockfish, en passant lands on an empty square: no
            // capture for a rule that promotes by captures only.)
            let captures = || self.store.get(to).is_some();
            let applies = |r: &crate::limits::PromoFor| {
                (r.promo.zone.contains(to) || (r.from_zone && r.promo.zone.contains(from)))
                    && (!r.on_capture || captures())
            };
            if t.demotes
                && let Some(back) = self.turns_back(t, from)
                && let Some(r) = self.cfg.limits.promos[player.number() as usize]
                    .iter()
                    .find(|r| r.demotes && r.promoting.contains(&back.kind) && applies(r))
            {
                stay &= r.promo.may_stay(to);
                out.push(MoveFamily::Single(Move {
                    gate: None,
                    from,
                    to,
                    promotion: Some(back),
                    kind,
                }));
            }
            for r in &self.cfg.limits.promos[player.number() as usize] {
                if !r.promoting.contains(&t.piece.kind) || !applies(r) || r.by_move {
                    continue;
                }
                stay &= r.promo.may_stay(to);
                for &c in &r.promo.choices {
                    if tried & (1 << c) == 0 && self.under_limit(c) {
                        out.push(MoveFamily::Single(Move {
                            gate: None,
                            from,
                            to,
                            promotion: Some(self.cfg.types.types[c as usize].piece),
                            kind,
                        }));
                    }
                    tried |= 1 << c;
                }
            }
            if !stay {
                return;
            }
        }
        out.push(MoveFamily::Single(Move {
            gate: None,
            from,
            to,
            promotion: None,
            kind,
        }));
    }

    /// The piece a promoted piece of type `t` on `from` turns back into,
    /// when it is promoted and its type demotes.
    fn turns_back(&self, t: &PieceType, from: Sq) -> Option<icn_model::Piece> {
        let p = self.pieces[self.store.get(from)? as usize];
        let types = &self.cfg.types.types;
        (p.promoted && p.origin != p.ty && types[p.ty as usize].piece == t.piece)
            .then(|| types[p.origin as usize].piece)
    }

    #[inline]
    fn capturable(&self, mover: TypeId, slot: Slot) -> bool {
        self.cfg.may_capture(mover, self.pieces[slot as usize].ty)
    }

    /// Pseudo-legal families of the piece in `slot`; castling and en passant go to `specials`.
    pub(crate) fn pseudo(
        &self,
        slot: Slot,
        out: &mut Vec<MoveFamily>,
        specials: &mut Vec<Move>,
    ) -> Result<(), MovegenError> {
        let cfg = &*self.cfg;
        let p = self.pieces[slot as usize];
        let t = &cfg.types.types[p.ty as usize];
        let start = out.len();
        let specials_start = specials.len();
        let zone = self.zone_moves_of(slot, t);
        self.leaps_and_rides(t, p, &t.leaps, &t.rides, zone.is_none(), out)?;
        if let Some(z) = zone {
            self.leaps_and_rides(t, p, &z.leaps, &z.rides, true, out)?;
        }
        if self.ep.is_some() && !t.ep_leaps.is_empty() {
            self.en_passant_of(slot, out, specials)?;
        }
        if t.complex_mover {
            self.pseudo_complex(slot, t, out)?;
        }
        if !t.in_zone.is_empty() {
            self.in_zone_moves(slot, t, out)?;
        }
        if let Some((mv, cap)) = t.lion {
            self.lion_moves(slot, mv, cap, specials);
        }
        if t.overlapping {
            one_per_destination(out, start)?;
        }
        if t.castler && p.right {
            self.castlings(slot, specials);
        }
        if cfg.limits.lion.is_active() {
            self.lion_filter(slot, out, start, specials, specials_start);
        }
        if cfg.limits.same_kind_immune != 0 {
            self.same_kind_filter(slot, out, start);
        }
        if let Some(prison) = cfg.limits.prison[p.ty as usize].as_ref() {
            crate::limits::confine(prison, out, start, specials, specials_start)?;
        }
        Ok(())
    }

    /// The leap and ride moves of a piece: its own (`quiet`: with their
    /// moves that do not capture) or a zone's.
    pub(crate) fn leaps_and_rides(
        &self,
        t: &PieceType,
        p: crate::board::PieceState,
        leaps: &[crate::types::Leap],
        rides: &[crate::types::Ride],
        quiet: bool,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let f = p.sq;
        let border = &self.cfg.fast;
        for l in leaps {
            if (l.needs_right && !p.right) || !l.allowed_from(f) {
                continue;
            }
            let to = Sq::new(f.x + l.dx, f.y + l.dy);
            if !border.contains(to) {
                continue;
            }
            match self.store.get(to) {
                None if l.mv && quiet => self.push_move(t, f, to, MoveKind::Normal, out),
                Some(s) if l.cap && self.capturable(p.ty, s) => {
                    self.push_move(t, f, to, MoveKind::Normal, out)
                }
                _ => {}
            }
        }
        for r in rides {
            if r.needs_right && !p.right {
                continue;
            }
            let l = r.max.min(border.steps(f, r.dx, r.dy));
            if l < r.min {
                continue;
            }
            let lim = (l != i64::MAX).then_some(l);
            if r.max <= 3 {
                // Short rides (the pawn's push): look at the squares themselves.
                let last = lim.unwrap_or(r.max).min(r.max);
                for k in 1..=last {
                    let to = f.step(r.dx, r.dy, k);
                    match self.store.get(to) {
                        None => {
                            if r.mv && quiet && k >= r.min {
                                self.push_move(
                                    t,
                                    f,
                                    to,
                                    ride_kind(r.sets_ep, f, (r.dx, r.dy), k),
                                    out,
                                );
                            }
                        }
                        Some(s) => {
                            if r.cap && k >= r.min && self.capturable(p.ty, s) {
                                self.push_move(t, f, to, MoveKind::Normal, out);
                            }
                            break;
                        }
                    }
                }
                continue;
            }
            let blocker = self.nearest_multiple(r.fam, f, r.sign, r.g);
            if r.mv && quiet {
                let hi = match (blocker, lim) {
                    (Some((k, _)), Some(l)) => Some((k - 1).min(l)),
                    (Some((k, _)), None) => Some(k - 1),
                    (None, l) => l,
                };
                if hi.is_none_or(|h| h >= r.min) {
                    if t.promotes || t.demotes || r.sets_ep {
                        let Some(h) = hi else {
                            return Err(MovegenError::Unsupported(format!(
                                "{} on {f} has infinitely many promoting or double-step moves",
                                t.piece.code()
                            )));
                        };
                        for k in r.min..=h {
                            let to = f.step(r.dx, r.dy, k);
                            self.push_move(t, f, to, ride_kind(r.sets_ep, f, (r.dx, r.dy), k), out);
                        }
                    } else {
                        out.push(MoveFamily::Ray {
                            from: f,
                            step: (r.dx, r.dy),
                            first: r.min,
                            last: hi,
                            primes_only: false,
                        });
                    }
                }
            }
            if r.cap
                && let Some((k, s)) = blocker
                && k >= r.min
                && lim.is_none_or(|l| k <= l)
                && self.capturable(p.ty, s)
            {
                self.push_move(t, f, f.step(r.dx, r.dy, k), MoveKind::Normal, out);
            }
        }
        Ok(())
    }

    /// En passant captures of the piece in `slot`, into `specials`.
    pub(crate) fn en_passant_of(
        &self,
        slot: Slot,
        _out: &mut Vec<MoveFamily>,
        specials: &mut Vec<Move>,
    ) -> Result<(), MovegenError> {
        let p = self.pieces[slot as usize];
        let t = &self.cfg.types.types[p.ty as usize];
        let f = p.sq;
        if let Some(ep) = self.ep {
            for &(dx, dy) in &t.ep_leaps {
                if Sq::new(f.x + dx, f.y + dy) == ep.target
                    && self.store.get(ep.target).is_none()
                    && let Some(vs) = self.store.get(ep.victim)
                    && self.capturable(p.ty, vs)
                {
                    let mut tmp = Vec::new();
                    self.push_move(
                        t,
                        f,
                        ep.target,
                        MoveKind::EnPassant {
                            captured: ep.victim,
                        },
                        &mut tmp,
                    );
                    specials.extend(tmp.into_iter().filter_map(|m| match m {
                        MoveFamily::Single(m) => Some(m),
                        MoveFamily::Ray { .. } => None,
                    }));
                }
            }
        }
        Ok(())
    }

    /// Lame leaps, hops, huygen and rose moves.
    pub(crate) fn pseudo_complex(
        &self,
        slot: Slot,
        t: &PieceType,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let p = self.pieces[slot as usize];
        let f = p.sq;
        let border = &self.cfg.border;
        // A square two lame legs reach is one move, whichever leg is free.
        let mut lame_seen: Vec<Sq> = Vec::new();
        for l in &t.lames {
            if l.needs_right && !p.right {
                continue;
            }
            let leg = Sq::new(f.x + l.first.0, f.y + l.first.1);
            let to = Sq::new(f.x + l.total.0, f.y + l.total.1);
            if !border.contains(to)
                || !l.passes_clear(f, |s| border.contains(s), |s| self.store.get(s).is_none())
                || lame_seen.contains(&to)
            {
                continue;
            }
            let (ok, kind) = match self.store.get(to) {
                None if l.sets_ep => (l.mv, MoveKind::DoubleStep { passed: leg }),
                None => (l.mv, MoveKind::Normal),
                Some(s) => (l.cap && self.capturable(p.ty, s), MoveKind::Normal),
            };
            if ok {
                lame_seen.push(to);
                self.push_move(t, f, to, kind, out);
            }
        }
        for h in &t.hops {
            let Some((fam, sign, g)) = self.cfg.types.lines.find(h.dx, h.dy) else {
                continue;
            };
            let Some((ks, screen)) = self.nearest_multiple(fam, f, sign, g) else {
                continue;
            };
            if self.cfg.types.types[self.pieces[screen as usize].ty as usize].capturability
                == icn_rules::movement::Capturability::Never
                || !self.screen_allowed(t, screen)
            {
                continue;
            }
            let at = f.step(h.dx, h.dy, ks);
            let next = self.nearest_multiple(fam, at, sign, g);
            let lim = border.steps(at, h.dx, h.dy);
            // The grasshopper lands right behind the screen or not at all.
            let reach = h.next_only.then_some(1);
            let next = next.filter(|&(k, _)| reach.is_none_or(|r| k <= r));
            if h.mv {
                let hi = match (next, lim) {
                    (Some((k, _)), Some(l)) => Some((k - 1).min(l)),
                    (Some((k, _)), None) => Some(k - 1),
                    (None, l) => l,
                };
                let hi = match (hi, reach) {
                    (Some(x), Some(r)) => Some(x.min(r)),
                    (x, r) => x.or(r),
                };
                if hi.is_none_or(|x| x >= 1) {
                    out.push(MoveFamily::Ray {
                        from: f,
                        step: (h.dx, h.dy),
                        first: ks + 1,
                        last: hi.map(|x| x + ks),
                        primes_only: false,
                    });
                }
            }
            if h.cap
                && let Some((k, s)) = next
                && self.capturable(p.ty, s)
            {
                self.push_move(t, f, at.step(h.dx, h.dy, k), MoveKind::Normal, out);
            }
        }
        if let Some((mv, cap, limit)) = t.huygen {
            for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                let (fam, sign) = if dx != 0 { (0, dx) } else { (1, dy) };
                let mut end: Option<i64> = None;
                self.store.walk(fam, f, sign, |d| {
                    if is_prime(d as u64) {
                        end = Some(d);
                        false
                    } else {
                        true
                    }
                });
                let mut hi = (limit != i64::MAX).then_some(limit);
                if let Some(b) = border.steps(f, dx, dy) {
                    hi = Some(hi.map_or(b, |h| h.min(b)));
                }
                if mv {
                    let last = match (end, hi) {
                        (Some(e), Some(h)) => Some((e - 1).min(h)),
                        (Some(e), None) => Some(e - 1),
                        (None, h) => h,
                    };
                    if last.is_none_or(|l| l >= 2) {
                        out.push(MoveFamily::Ray {
                            from: f,
                            step: (dx, dy),
                            first: 2,
                            last,
                            primes_only: true,
                        });
                    }
                }
                if cap
                    && let Some(e) = end
                    && hi.is_none_or(|h| e <= h)
                {
                    let to = f.step(dx, dy, e);
                    if let Some(s) = self.store.get(to)
                        && self.capturable(p.ty, s)
                    {
                        self.push_move(t, f, to, MoveKind::Normal, out);
                    }
                }
            }
        }
        if let Some((mv, cap)) = t.rose {
            let mut seen: Vec<Sq> = Vec::new();
            self.rose_paths(f, |to, occ| {
                let ok = match occ {
                    None => mv,
                    Some(s) => cap && self.capturable(p.ty, s),
                };
                if ok && !seen.contains(&to) {
                    seen.push(to);
                }
            });
            for to in seen {
                self.push_move(t, f, to, MoveKind::Normal, out);
            }
        }
        Ok(())
    }

    /// Castling moves of the castler in `slot` (site rule and explicit ones).
    fn castlings(&self, slot: Slot, specials: &mut Vec<Move>) {
        let cfg = &*self.cfg;
        let p = self.pieces[slot as usize];
        let f = p.sq;
        let site = cfg.types.types[p.ty as usize].site_castler;
        for sign in [1i64, -1].into_iter().filter(|_| site) {
            let Some(k) = self.store.nearest(0, f, sign) else {
                continue;
            };
            let partner_from = f.step(sign, 0, k);
            let Some(ps) = self.store.get(partner_from) else {
                continue;
            };
            let q = self.pieces[ps as usize];
            let qt = &cfg.types.types[q.ty as usize];
            if q.player != p.player
                || !q.right
                || qt.pawn
                || !qt.castle_partner
                || k < cfg.castle_min
                || cfg.castle_steps >= k
                || cfg.castle_steps < 1
            {
                continue;
            }
            let to = f.step(sign, 0, cfg.castle_steps);
            specials.push(Move {
                gate: None,
                from: f,
                to,
                promotion: None,
                kind: MoveKind::Castle {
                    partner_from,
                    partner_to: to.step(-sign, 0, 1),
                },
            });
        }
        for c in cfg
            .castles
            .iter()
            .filter(|c| c.player == p.player && c.king_from == f)
        {
            if c.king_from.y != c.partner_from.y
                || c.king_to.y != c.king_from.y
                || c.partner_to.y != c.king_from.y
            {
                continue;
            }
            let Some(ps) = self.store.get(c.partner_from) else {
                continue;
            };
            let q = self.pieces[ps as usize];
            if q.player != p.player || !q.right {
                continue;
            }
            let xs = [c.king_from.x, c.king_to.x, c.partner_from.x, c.partner_to.x];
            let (lo, hi) = (
                *xs.iter().min().unwrap_or(&0),
                *xs.iter().max().unwrap_or(&0),
            );
            let clear = (lo..=hi).all(|x| {
                let s = Sq::new(x, f.y);
                s == c.king_from || s == c.partner_from || self.store.get(s).is_none()
            });
            if clear {
                specials.push(Move {
                    gate: None,
                    from: f,
                    to: c.king_to,
                    promotion: None,
                    kind: MoveKind::Castle {
                        partner_from: c.partner_from,
                        partner_to: c.partner_to,
                    },
                });
            }
        }
    }

    /// Every legal move family of the side to move, into `out` (cleared first).
    #[inline]
    pub(crate) fn generate(&mut self, out: &mut Vec<MoveFamily>) -> Result<(), MovegenError> {
        self.generate_for(out, None)
    }

    /// The legal families of the side to move, of one piece only when `only` is given.
    pub(crate) fn generate_for(
        &mut self,
        out: &mut Vec<MoveFamily>,
        only: Option<Slot>,
    ) -> Result<(), MovegenError> {
        out.clear();
        let cfg = Arc::clone(&self.cfg);
        let us = self.side_to_move();
        let pc = cfg.player(us);
        let mut royals: Vec<Slot> = Vec::new();
        if pc.protect {
            for (i, p) in self.pieces.iter().enumerate() {
                if p.alive && p.player == us && self.guards(p) {
                    royals.push(i as Slot);
                }
            }
        }
        let protect = !royals.is_empty();
        // Under explosions every move is made and tested; under duple check
        // too (a move may leave some royals attacked, and a promotion into a
        // royal may answer a check), and under royalty by count (a promotion
        // may end the royalty).
        let explode = protect
            && (cfg.limits.explosion.is_some()
                || cfg.rules.limits.duple_check
                || cfg.rules.limits.royal_while_at_most.is_some());
        let slow = protect && pc.slow;
        let mut checks: Vec<Constraint> = Vec::new();
        let mut pins: Vec<(Slot, Constraint)> = Vec::new();
        if protect {
            for &r in &royals {
                self.checkers(r, us, &mut checks);
                // Under explosions every move is made and tested: no pins.
                if !explode {
                    self.pins(r, us, &mut pins);
                }
            }
        }
        let mut specials: Vec<Move> = Vec::new();
        let mut scratch: Vec<MoveFamily> = Vec::new();
        let mut cons: Vec<Constraint> = Vec::new();
        for slot in 0..self.pieces.len() as Slot {
            let p = self.pieces[slot as usize];
            if !p.alive || p.player != us || only.is_some_and(|o| o != slot) {
                continue;
            }
            let t = &cfg.types.types[p.ty as usize];
            if !t.mobile && !t.castler {
                continue;
            }
            if !protect {
                self.pseudo(slot, out, &mut specials)?;
                continue;
            }
            if explode || (slow && t.royal) {
                scratch.clear();
                self.pseudo(slot, &mut scratch, &mut specials)?;
                self.test_each(&mut scratch, out)?;
                continue;
            }
            cons.clear();
            cons.extend(checks.iter().filter(|c| c.royal_slot != slot));
            cons.extend(
                pins.iter()
                    .filter(|(s, c)| *s == slot && c.royal_slot != slot)
                    .map(|(_, c)| *c),
            );
            if slow {
                scratch.clear();
                self.pseudo(slot, &mut scratch, &mut specials)?;
                let sensitive = self.sensitive_for(slot, &royals, us);
                self.filter_complex(&cons, &sensitive, &mut scratch, out)?;
                continue;
            }
            if !t.royal && cons.is_empty() {
                self.pseudo(slot, out, &mut specials)?;
                continue;
            }
            scratch.clear();
            if t.royal {
                self.store.remove(p.sq);
            }
            let res = self.pseudo(slot, &mut scratch, &mut specials);
            let res = res.and_then(|()| self.filter_fast(t.royal, us, &cons, &mut scratch, out));
            if t.royal {
                self.store.insert(p.sq, slot);
            }
            res?;
        }
        for m in specials {
            if !protect || self.special_is_legal(&m) {
                out.push(MoveFamily::Single(m));
            }
        }
        if cfg.drops.is_some() {
            self.gatings_into(0, protect, out);
        }
        if cfg.limits.by_move_promotions {
            self.by_move_promotions_into(only, out)?;
        }
        if only.is_none() && cfg.drops.is_some() {
            // Adding a piece exposes no royal, except as a hopper's screen.
            let before = out.len();
            self.drops_into(protect && (!checks.is_empty() || pc.slow || explode), out)?;
            // Mandatory drops: while one is legal, nothing else is.
            if cfg.drops.as_ref().is_some_and(|d| d.must_drop) && out.len() > before {
                out.drain(..before);
            }
            if checks.is_empty() {
                self.pickups_into(protect, out);
            }
        }
        if protect && cfg.adds_royals {
            self.test_new_royals(out);
        }
        if cfg.limits.no_passing_check {
            self.drop_slides_through_check(out);
        }
        if cfg.limits.no_checks {
            self.drop_checking_moves(out)?;
        }
        if cfg.limits.royal_captures_checker_only && (!checks.is_empty() || pc.slow) {
            self.drop_makpong_moves(out);
        }
        if protect && cfg.rules.limits.bikjang && self.royals_face() {
            self.end_the_facing(out);
        }
        if cfg.can_pass
            && only.is_none()
            && let Some(pass) = self.legal_pass(protect)
        {
            out.push(MoveFamily::Single(pass));
        }
        if cfg.forced_capture && only.is_none() && out.iter().any(|f| self.captures(f)) {
            out.retain(|f| self.captures(f));
        }
        Ok(())
    }

    /// Whether a family is one capture (rays never capture; legal moves never
    /// land on their own pieces).
    pub(crate) fn captures(&self, f: &MoveFamily) -> bool {
        match f {
            MoveFamily::Single(m) => {
                matches!(
                    m.kind,
                    MoveKind::EnPassant { .. } | MoveKind::TwoCaptures { .. }
                ) || (!matches!(
                    m.kind,
                    MoveKind::Castle { .. } | MoveKind::Pickup { .. } | MoveKind::Stay
                ) && self.store.get(m.to).is_some())
            }
            MoveFamily::Ray { .. } => false,
        }
    }

    /// Keeps the families of one piece that answer `cons` (and, for a royal
    /// lifted off the board, land on unattacked squares).
    fn filter_fast(
        &self,
        royal: bool,
        us: icn_model::Player,
        cons: &[Constraint],
        scratch: &mut Vec<MoveFamily>,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        for fam in scratch.drain(..) {
            match fam {
                MoveFamily::Single(m) => {
                    if cons.iter().all(|c| c.allows(m.to)) && (!royal || !self.attacked(m.to, us)) {
                        out.push(fam);
                    }
                }
                MoveFamily::Ray {
                    from,
                    step,
                    first,
                    last,
                    primes_only,
                } => {
                    let set = constrain_ray(from, step, first, last, cons)?;
                    if royal {
                        let (lo, hi) = match set {
                            KSet::Range(lo, hi) => (lo, hi),
                            KSet::Points(ks) => {
                                for k in ks {
                                    let to = from.step(step.0, step.1, k);
                                    if (!primes_only || is_prime(k as u64))
                                        && !self.attacked(to, us)
                                    {
                                        out.push(MoveFamily::Single(Move::new(from, to)));
                                    }
                                }
                                continue;
                            }
                        };
                        if primes_only && hi.is_none() {
                            return Err(MovegenError::Unsupported(format!(
                                "the royal piece on {from} has an unbounded line of prime-distance moves"
                            )));
                        }
                        if hi.is_none_or(|h| h - lo > 64) && !primes_only {
                            for (a, b) in self.safe_stretches(from, step, lo, hi, us)? {
                                out.push(MoveFamily::Ray {
                                    from,
                                    step,
                                    first: a,
                                    last: b,
                                    primes_only: false,
                                });
                            }
                            continue;
                        }
                        let hi = hi.unwrap_or(lo);
                        for k in lo..=hi {
                            let to = from.step(step.0, step.1, k);
                            if (!primes_only || is_prime(k as u64)) && !self.attacked(to, us) {
                                out.push(MoveFamily::Single(Move::new(from, to)));
                            }
                        }
                        continue;
                    }
                    match set {
                        KSet::Range(lo, hi) => {
                            if hi.is_none_or(|h| h >= lo) {
                                out.push(MoveFamily::Ray {
                                    from,
                                    step,
                                    first: lo,
                                    last: hi,
                                    primes_only,
                                });
                            }
                        }
                        KSet::Points(ks) => {
                            for k in ks {
                                if !primes_only || is_prime(k as u64) {
                                    out.push(MoveFamily::Single(Move::new(
                                        from,
                                        from.step(step.0, step.1, k),
                                    )));
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The stretches of a royal's ray (the royal lifted off the board) that no
    /// opponent attacks: each leap, pawn or ride attack meets the ray in a
    /// point or an interval, and the rest is kept.
    fn safe_stretches(
        &self,
        from: Sq,
        step: (i64, i64),
        lo: i64,
        hi: Option<i64>,
        us: icn_model::Player,
    ) -> Result<Vec<(i64, Option<i64>)>, MovegenError> {
        let cfg = &*self.cfg;
        let enemies = cfg.player(us).enemies;
        let mut excluded = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.alive && enemies & (1 << p.ty) != 0)
        {
            let t = &cfg.types.types[p.ty as usize];
            for l in t.leaps.iter().filter(|l| l.cap && l.allowed_from(p.sq)) {
                let s = Sq::new(p.sq.x + l.dx, p.sq.y + l.dy);
                if cfg.border.contains(s)
                    && let Some(k) = crate::moves::ray_index(from, step, s)
                    && k >= lo
                {
                    excluded.push(KSet::Points(vec![k]));
                }
            }
            for r in t.rides.iter().filter(|r| r.cap) {
                let mut end = (r.max != i64::MAX).then_some(r.max);
                if let Some((k, _)) = self.nearest_multiple(r.fam, p.sq, r.sign, r.g) {
                    end = Some(end.map_or(k, |e| e.min(k)));
                }
                if let Some(b) = cfg.border.steps(p.sq, r.dx, r.dy) {
                    end = Some(end.map_or(b, |e| e.min(b)));
                }
                // An unended ride is cut far beyond every square of interest.
                let j2 = end.unwrap_or(crate::geometry::COORD_LIMIT * 4);
                if j2 >= r.min {
                    excluded.push(crate::constrain::ray_meets_segment(
                        from,
                        step,
                        p.sq,
                        (r.dx, r.dy),
                        r.min,
                        j2,
                    )?);
                }
            }
        }
        // Unended rides were cut beyond the engine's range; what is left past
        // that cut is no square at all.
        let reach = steps_in_range(from, step);
        let mut safe = crate::constrain::subtract(lo, hi, &excluded);
        safe.retain(|&(first, _)| first <= reach);
        Ok(safe)
    }

    /// Keeps the moves of `scratch` that leave no royal attacked, each made
    /// and tested.
    fn test_each(
        &mut self,
        scratch: &mut Vec<MoveFamily>,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        for fam in scratch.drain(..) {
            let Some(moves) = fam.moves() else {
                return Err(MovegenError::Unsupported(format!(
                    "an unbounded ray from {} where every move must be tested",
                    fam.from()
                )));
            };
            for m in moves {
                if self.keeps_royals_safe(&m) {
                    out.push(MoveFamily::Single(m));
                }
            }
        }
        Ok(())
    }

    /// Keeps the families of a non-royal piece that answer the leap and
    /// ride checks and pins `cons` and leave no royal attacked by a complex
    /// attacker: destinations outside `sensitive` share one answer, the
    /// ones inside are made and tested.
    fn filter_complex(
        &mut self,
        cons: &[Constraint],
        sensitive: &Sensitive,
        scratch: &mut Vec<MoveFamily>,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let calm = !sensitive.attacked_without;
        for fam in scratch.drain(..) {
            match fam {
                MoveFamily::Single(m) => {
                    let keep = if sensitive.contains(m.to) {
                        self.keeps_royals_safe(&m)
                    } else {
                        calm && cons.iter().all(|c| c.allows(m.to))
                    };
                    if keep {
                        out.push(fam);
                    }
                }
                MoveFamily::Ray {
                    from,
                    step,
                    first,
                    last,
                    primes_only,
                } => {
                    let allowed = constrain_ray(from, step, first, last, cons)?;
                    let tested = sensitive.on_ray(from, step, first, last)?;
                    let counts = |k: i64| !primes_only || is_prime(k as u64);
                    let at = |k: i64| Move::new(from, from.step(step.0, step.1, k));
                    for &k in &tested {
                        if counts(k) && self.keeps_royals_safe(&at(k)) {
                            out.push(MoveFamily::Single(at(k)));
                        }
                    }
                    if !calm {
                        continue;
                    }
                    match allowed {
                        KSet::Range(lo, hi) => {
                            let excluded = [KSet::Points(tested)];
                            for (a, b) in crate::constrain::subtract(lo, hi, &excluded) {
                                out.push(MoveFamily::Ray {
                                    from,
                                    step,
                                    first: a,
                                    last: b,
                                    primes_only,
                                });
                            }
                        }
                        KSet::Points(ks) => {
                            for k in ks {
                                if counts(k) && tested.binary_search(&k).is_err() {
                                    out.push(MoveFamily::Single(at(k)));
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Keeps the moves that put a new royal piece on the board (a promotion
    /// into a royal kind, a drop of one) only when every royal is safe after
    /// them: the pins and checks the families were cut by know only the
    /// royals already there.
    fn test_new_royals(&mut self, out: &mut Vec<MoveFamily>) {
        let cfg = Arc::clone(&self.cfg);
        let adds_royal = |m: &Move| {
            let dropped = match m.kind {
                MoveKind::Drop { piece } => Some(piece),
                _ => None,
            };
            m.promotion
                .or(dropped)
                .is_some_and(|p| cfg.rules.is_royal(p.kind))
        };
        let keep: Vec<bool> = out
            .iter()
            .map(|f| match f {
                MoveFamily::Single(m) if adds_royal(m) => self.keeps_royals_safe(m),
                _ => true,
            })
            .collect();
        let mut keep = keep.into_iter();
        out.retain(|_| keep.next().unwrap_or(true));
    }

    /// Makes `m`, tests the mover's royals, unmakes.
    pub(crate) fn keeps_royals_safe(&mut self, m: &Move) -> bool {
        if self.cfg.limits.explosion.is_some() {
            return self.keeps_royals_safe_atomic(m);
        }
        let us = self.side_to_move();
        if self.cfg.rules.limits.royal_while_at_most.is_some() {
            return self.keeps_counted_royals_safe(m, us);
        }
        self.make(m);
        let ok = !self.royal_attacked(us);
        self.unmake();
        ok
    }

    /// [`Board::keeps_royals_safe`] under royalty by count
    /// ([`icn_rules::limits::Limits::royal_while_at_most`]): the pieces
    /// royal before the move must be safe after it, wherever it took them
    /// (a piece promoted into a royal kind counts from the next move on).
    fn keeps_counted_royals_safe(&mut self, m: &Move, us: icn_model::Player) -> bool {
        let royals: Vec<Slot> = (0..self.pieces.len() as Slot)
            .filter(|&s| {
                let p = &self.pieces[s as usize];
                p.alive && p.player == us && self.guards(p)
            })
            .collect();
        self.make(m);
        let attacked = |s: &Slot| {
            let p = &self.pieces[*s as usize];
            p.alive && self.attacked(p.sq, us)
        };
        let ok = if self.cfg.rules.limits.duple_check {
            royals.is_empty() || !royals.iter().all(attacked)
        } else {
            !royals.iter().any(attacked)
        };
        self.unmake();
        ok
    }

    /// En passant and castling: castling may not start in, pass through or end in check.
    pub(crate) fn special_is_legal(&mut self, m: &Move) -> bool {
        if let MoveKind::Castle { .. } = m.kind
            && self.cfg.limits.explosion.is_some()
        {
            return self.castle_path_safe_atomic(m) && self.keeps_royals_safe(m);
        }
        // Under royalty by count a castler that is not royal for now may
        // pass attacked squares.
        let unguarded = self.cfg.rules.limits.royal_while_at_most.is_some()
            && self
                .store
                .get(m.from)
                .is_some_and(|s| !self.guards(&self.pieces[s as usize]));
        if let MoveKind::Castle { .. } = m.kind
            && !unguarded
        {
            let us = self.side_to_move();
            let (dx, n) = ((m.to.x - m.from.x).signum(), (m.to.x - m.from.x).abs());
            for i in 0..n {
                if self.attacked(m.from.step(dx, 0, i), us) {
                    return false;
                }
            }
        }
        self.keeps_royals_safe(m)
    }
}

/// What `k` steps of a ride from `f` are: a two-step move of a ride that
/// leaves en passant is a double step; anything else is a normal move.
/// The families `out[start..]` of one piece whose components overlap, made
/// single moves with each destination (and promotion) once, as the site
/// lists them.
///
/// # Errors
/// [`MovegenError::Unsupported`] when one of them is a ray without end.
fn one_per_destination(out: &mut Vec<MoveFamily>, start: usize) -> Result<(), MovegenError> {
    let mut moves = Vec::new();
    for family in out.drain(start..) {
        let Some(each) = family.moves() else {
            return Err(MovegenError::Unsupported(
                "a piece that reaches some square by two components of its movement, sliding without end (its moves cannot be listed one by one)".into(),
            ));
        };
        moves.extend(each);
    }
    let mut seen = ahash::AHashSet::with_capacity(moves.len());
    out.extend(
        moves
            .into_iter()
            .filter(|m| seen.insert((m.to, m.promotion)))
            .map(MoveFamily::Single),
    );
    Ok(())
}

fn ride_kind(sets_ep: bool, f: Sq, step: (i64, i64), k: i64) -> MoveKind {
    if sets_ep && k == 2 {
        MoveKind::DoubleStep {
            passed: f.step(step.0, step.1, 1),
        }
    } else {
        MoveKind::Normal
    }
}

/// The largest `k` for which `from + k·step` is within [`crate::COORD_LIMIT`].
fn steps_in_range(from: Sq, step: (i64, i64)) -> i64 {
    let axis = |c: i64, d: i64| match d.signum() {
        1 => (crate::COORD_LIMIT - c) / d,
        -1 => (crate::COORD_LIMIT + c) / -d,
        _ => i64::MAX,
    };
    axis(from.x, step.0).min(axis(from.y, step.1))
}
