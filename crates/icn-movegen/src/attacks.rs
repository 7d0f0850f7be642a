//! Attack detection: whether a square is attacked, which pieces check a royal
//! (with the squares that block them), and which pieces are pinned.
//!
//! A piece attacks a square when a royal of another player standing there
//! could be captured by it. Neutral pieces attack nothing. Rays are answered
//! from the line index (nearest piece), never by walking squares.

use icn_model::Player;
use icn_rules::movement::ROSE_CYCLE;

use crate::board::Board;
use crate::geometry::{Sq, is_prime};
use crate::store::Slot;

/// A check to answer: a destination is acceptable when it is
/// `royal + j·(wx,wy)` for some `1 ≤ j ≤ k` (a square between the attacker and
/// the royal, or the attacker's own square at `j = k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Constraint {
    pub royal: Sq,
    pub royal_slot: Slot,
    pub wx: i64,
    pub wy: i64,
    pub k: i64,
}

impl Constraint {
    /// Whether `to` answers the check.
    #[inline]
    pub fn allows(&self, to: Sq) -> bool {
        let (dx, dy) = (to.x - self.royal.x, to.y - self.royal.y);
        let j = if self.wx != 0 {
            if dx % self.wx != 0 {
                return false;
            }
            dx / self.wx
        } else {
            if dx != 0 || dy % self.wy != 0 {
                return false;
            }
            dy / self.wy
        };
        j >= 1 && j <= self.k && dy == j * self.wy && dx == j * self.wx
    }
}

impl Board {
    #[inline]
    fn type_of_slot(&self, slot: Slot) -> usize {
        self.pieces[slot as usize].ty as usize
    }

    /// Whether pieces of type `t` may attack `s` at all: a piece confined
    /// to a zone attacks only its squares
    /// ([`icn_rules::limits::Prison::attacks_outside`]).
    #[inline]
    pub(crate) fn may_attack(&self, t: usize, s: Sq) -> bool {
        self.cfg
            .limits
            .attack_zone
            .get(t)
            .and_then(Option::as_ref)
            .is_none_or(|z| z.contains(s))
    }

    /// The nearest piece from `s` along a ride attack's look direction whose
    /// primitive distance is a multiple of `g`: (ride steps, slot).
    #[inline]
    pub(crate) fn nearest_multiple(
        &self,
        fam: usize,
        s: Sq,
        sign: i64,
        g: i64,
    ) -> Option<(i64, Slot)> {
        let (a, b) = self.store.dir(fam);
        if g == 1 {
            return self.store.nearest_slot(fam, s, sign);
        }
        let mut found = None;
        self.store.walk(fam, s, sign, |k| {
            if k % g == 0 {
                found = Some(k);
                false
            } else {
                true
            }
        });
        let k = found?;
        let at = s.step(a * sign, b * sign, k);
        self.store.get(at).map(|slot| (k / g, slot))
    }

    /// Whether `s` is attacked by an opponent of `us`.
    pub(crate) fn attacked(&self, s: Sq, us: Player) -> bool {
        let cfg = self.cfg.player(us);
        for la in &cfg.leap_att {
            let a = Sq::new(s.x - la.dx, s.y - la.dy);
            if self.cfg.fast.contains(a)
                && la.allowed_from(a)
                && let Some(slot) = self.store.get(a)
                && la.mask & (1 << self.type_of_slot(slot)) != 0
                && self.may_attack(self.type_of_slot(slot), s)
            {
                return true;
            }
        }
        for ra in &cfg.ride_att {
            if let Some((k, slot)) = self.nearest_multiple(ra.fam, s, ra.look, ra.g) {
                let t = self.type_of_slot(slot);
                if ra.mask & (1 << t) != 0
                    && k >= ra.min[t]
                    && k <= ra.max[t]
                    && (ra.unconfined & (1 << t) != 0 || self.may_attack(t, s))
                {
                    return true;
                }
            }
        }
        cfg.slow && self.attacked_complex(s, us)
    }

    /// Attacks by hoppers, lame leapers, huygens and roses.
    pub(crate) fn attacked_complex(&self, s: Sq, us: Player) -> bool {
        let cfg = self.cfg.player(us);
        let types = &self.cfg.types;
        for (ti, t) in types.types.iter().enumerate() {
            if cfg.enemies & (1 << ti) == 0 || !t.complex_attacker || !self.may_attack(ti, s) {
                continue;
            }
            if self.zone_captures_reach(ti, t, s) || self.in_zone_attacks(ti, t, s) {
                return true;
            }
            for l in t.lames.iter().filter(|l| l.cap) {
                let a = Sq::new(s.x - l.total.0, s.y - l.total.1);
                if self.cfg.border.contains(a)
                    && self
                        .store
                        .get(a)
                        .is_some_and(|sl| self.type_of_slot(sl) == ti)
                    && l.passes_clear(
                        a,
                        |p| self.cfg.border.contains(p),
                        |p| self.store.get(p).is_none(),
                    )
                {
                    return true;
                }
            }
            for h in t.hops.iter().filter(|h| h.cap) {
                let Some((fam, sign, g)) = self.cfg.types.lines.find(-h.dx, -h.dy) else {
                    continue;
                };
                if let Some((k1, _)) = self.nearest_multiple(fam, s, sign, g)
                    && (!h.next_only || k1 == 1)
                {
                    let (a, b) = self.store.dir(fam);
                    let screen = s.step(a * sign * g, b * sign * g, k1);
                    if let Some((_, slot)) = self.nearest_multiple(fam, screen, sign, g)
                        && self.type_of_slot(slot) == ti
                        && self
                            .store
                            .get(screen)
                            .is_some_and(|sc| self.screen_allowed(t, sc))
                    {
                        return true;
                    }
                }
            }
            if let Some((_, true, limit)) = t.huygen {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (fam, sign) = if dx != 0 { (0, dx) } else { (1, dy) };
                    let mut seen: Vec<i64> = Vec::new();
                    let mut hit = false;
                    self.store.walk(fam, s, sign, |d| {
                        let at = s.step(dx, dy, d);
                        if let Some(slot) = self.store.get(at)
                            && self.type_of_slot(slot) == ti
                            && d <= limit
                            && is_prime(d as u64)
                            && !seen.iter().any(|&e| is_prime((d - e) as u64))
                        {
                            hit = true;
                            return false;
                        }
                        seen.push(d);
                        true
                    });
                    if hit {
                        return true;
                    }
                }
            }
            if let Some((_, true)) = t.rose {
                let mut hit = false;
                self.rose_paths(s, |_, slot| {
                    if let Some(sl) = slot
                        && self.type_of_slot(sl) == ti
                    {
                        hit = true;
                    }
                });
                if hit {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece of type `ti` attacks `s` by the captures a zone
    /// gives it ([`icn_rules::limits::ZoneMoves::captures`]; leaps only).
    fn zone_captures_reach(&self, ti: usize, t: &crate::types::PieceType, s: Sq) -> bool {
        t.zone_moves.iter().filter(|z| z.captures).any(|z| {
            z.leaps.iter().filter(|l| l.cap).any(|l| {
                let a = Sq::new(s.x - l.dx, s.y - l.dy);
                self.cfg.border.contains(a)
                    && l.allowed_from(a)
                    && self.store.get(a).is_some_and(|slot| {
                        self.type_of_slot(slot) == ti
                            && self
                                .zone_moves_of(slot, t)
                                .is_some_and(|applies| std::ptr::eq(applies, z))
                    })
            })
        })
    }

    /// Every rose path from `s`: calls `f(square, occupant)` for each square
    /// reached; a path ends at the first occupied square or the border.
    pub(crate) fn rose_paths(&self, s: Sq, mut f: impl FnMut(Sq, Option<Slot>)) {
        rose_walk(s, |at| {
            if !self.cfg.border.contains(at) {
                return false;
            }
            let occ = self.store.get(at);
            f(at, occ);
            occ.is_none()
        });
    }

    /// The checks on the royal in `royal_slot` (leaps, rides and pawns; the
    /// complex attackers go through the slow path).
    pub(crate) fn checkers(&self, royal_slot: Slot, us: Player, out: &mut Vec<Constraint>) {
        let cfg = self.cfg.player(us);
        let s = self.pieces[royal_slot as usize].sq;
        for la in &cfg.leap_att {
            let a = Sq::new(s.x - la.dx, s.y - la.dy);
            if self.cfg.border.contains(a)
                && la.allowed_from(a)
                && let Some(slot) = self.store.get(a)
                && la.mask & (1 << self.type_of_slot(slot)) != 0
                && self.may_attack(self.type_of_slot(slot), s)
            {
                out.push(Constraint {
                    royal: s,
                    royal_slot,
                    wx: -la.dx,
                    wy: -la.dy,
                    k: 1,
                });
            }
        }
        for ra in &cfg.ride_att {
            if let Some((k, slot)) = self.nearest_multiple(ra.fam, s, ra.look, ra.g) {
                let t = self.type_of_slot(slot);
                if ra.mask & (1 << t) != 0
                    && k >= ra.min[t]
                    && k <= ra.max[t]
                    && (ra.unconfined & (1 << t) != 0 || self.may_attack(t, s))
                {
                    out.push(Constraint {
                        royal: s,
                        royal_slot,
                        wx: -ra.dx,
                        wy: -ra.dy,
                        k,
                    });
                }
            }
        }
    }

    /// Pieces of `us` pinned to the royal in `royal_slot`, each with the
    /// squares it may still go to.
    pub(crate) fn pins(&self, royal_slot: Slot, us: Player, out: &mut Vec<(Slot, Constraint)>) {
        let cfg = self.cfg.player(us);
        let s = self.pieces[royal_slot as usize].sq;
        for ra in &cfg.ride_att {
            let Some((k1, p1)) = self.nearest_multiple(ra.fam, s, ra.look, ra.g) else {
                continue;
            };
            if self.pieces[p1 as usize].player != us {
                continue;
            }
            let (a, b) = self.store.dir(ra.fam);
            let at1 = s.step(a * ra.look * ra.g, b * ra.look * ra.g, k1);
            let Some((k2, p2)) = self.nearest_multiple(ra.fam, at1, ra.look, ra.g) else {
                continue;
            };
            let t = self.type_of_slot(p2);
            let k = k1 + k2;
            if ra.mask & (1 << t) != 0
                && k >= ra.min[t]
                && k <= ra.max[t]
                && (ra.unconfined & (1 << t) != 0 || self.may_attack(t, s))
            {
                out.push((
                    p1,
                    Constraint {
                        royal: s,
                        royal_slot,
                        wx: -ra.dx,
                        wy: -ra.dy,
                        k,
                    },
                ));
            }
        }
    }

    /// Whether `p` (alive) is a royal its player must keep safe: of a royal
    /// kind, and under royalty by count
    /// ([`icn_rules::limits::Limits::royal_while_at_most`]) one of at most
    /// that many of its kind.
    pub(crate) fn guards(&self, p: &crate::board::PieceState) -> bool {
        if !self.cfg.types.types[p.ty as usize].royal {
            return false;
        }
        let Some(most) = self.cfg.rules.limits.royal_while_at_most else {
            return true;
        };
        let same = self
            .pieces
            .iter()
            .filter(|q| q.alive && q.ty == p.ty)
            .count();
        same <= most as usize
    }

    /// Whether `player`'s royals are in check: one of them attacked, or
    /// under duple check ([`icn_rules::limits::Limits::duple_check`]) all of
    /// them.
    pub(crate) fn royal_attacked(&self, player: Player) -> bool {
        let mut royals = self
            .pieces
            .iter()
            .filter(|p| p.alive && p.player == player && self.guards(p));
        let attacked = |p: &crate::board::PieceState| {
            self.attacked(p.sq, player)
                // Under explosions a royal touching an opponent's royal
                // cannot be taken ([`crate::atomic`]).
                && !(self.cfg.limits.explosion.is_some() && self.touches_enemy_royal(p.sq, player))
        };
        if self.cfg.rules.limits.duple_check {
            let mut any = false;
            royals.all(|p| {
                any = true;
                attacked(p)
            }) && any
        } else {
            royals.any(attacked)
        }
    }
}

/// Walks the sixteen rose paths from `s` (eight starting directions, turning
/// either way): `visit` gets each square in turn and says whether the path
/// goes on. A path ends when it comes back to `s` or after
/// [`icn_rules::movement::ROSE_MAX_HOPS`] hops.
pub(crate) fn rose_walk(s: Sq, mut visit: impl FnMut(Sq) -> bool) {
    for start in 0..8usize {
        for dir in [1usize, 7] {
            let mut at = s;
            for h in 0..icn_rules::movement::ROSE_MAX_HOPS {
                let v = ROSE_CYCLE[(start + dir * h) % 8];
                at = Sq::new(at.x + v.dx, at.y + v.dy);
                if at == s || !visit(at) {
                    break;
                }
            }
        }
    }
}
