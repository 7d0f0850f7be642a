//! The engine's side of [`icn_rules::limits`]: confinement zones, zone-bound
//! moves, piece count limits on promotion, several promotion rules per
//! player, the flying-general rule, flags and the bare king.
//!
//! Played by the generic board only: the compact board declines a rule set
//! that sets any of them ([`LimitsCfg::active`]). The flying-general rule is
//! compiled into the attack tables (an opponent's royal attacks along its
//! file, up to the first piece), so checks, pins and legality follow it
//! without a special case. A confined piece still attacks outside its zone
//! (Sjaak masks those attacks too; no variant of its file lets that differ:
//! its confined pieces are kings in palaces no enemy royal enters).

use icn_model::Player;
use icn_rules::{RuleSet, WinRule};

use crate::MovegenError;
use crate::board::{Board, PieceState};
use crate::config::{Promo, RideAttack};
use crate::geometry::{Sq, ZoneSet};
use crate::moves::{Move, MoveFamily};
use crate::outcome::{GameEnd, Termination};
use crate::types::{PieceType, TypeId, TypeTable, ZoneMoveSet};

/// A promotion rule with the kinds it promotes.
#[derive(Clone, Debug)]
pub(crate) struct PromoFor {
    pub promoting: Vec<icn_model::PieceKind>,
    pub promo: Promo,
    /// A move starting in the zone may promote too (shogi).
    pub from_zone: bool,
    /// Promotion is a move of its own ([`crate::promote_by_move`]).
    pub by_move: bool,
    /// Pieces promoted by the rule turn back by the same moves.
    pub demotes: bool,
    /// Only captures promote (and demote).
    pub on_capture: bool,
}

/// The limits in engine terms.
#[derive(Clone, Debug, Default)]
pub(crate) struct LimitsCfg {
    /// Per type: the zone it is confined to.
    pub prison: Vec<Option<ZoneSet>>,
    /// Per type: the zone its attacks are confined to (its prison, unless
    /// the prison lets it attack outside).
    pub attack_zone: Vec<Option<ZoneSet>>,
    /// Per type: the most pieces of it its owner may have.
    pub max: Vec<Option<u32>>,
    /// Per player: the flag squares it must reach, the types that count
    /// (a mask of type ids) and how many must stand there.
    pub flags: [Option<(ZoneSet, u64, usize)>; 7],
    /// Per player: its promotion rules.
    pub promos: [Vec<PromoFor>; 7],
    /// Some promotion rule is a move of its own ([`PromoFor::by_move`]).
    pub by_move_promotions: bool,
    /// With [`WinRule::BareKing`]: the bared player may bare back.
    pub bare_reply: bool,
    /// Royals may not slide over attacked squares.
    pub no_passing_check: bool,
    /// The lion-trading rules by type.
    pub lion: crate::lion::LionCfg,
    /// Atomic explosions by type ([`crate::atomic`]).
    pub explosion: Option<crate::atomic::ExplosionCfg>,
    /// Types (a mask) whose pieces never capture a piece of their own kind.
    pub same_kind_immune: u64,
    /// Per player: where it may take en passant (`None`: anywhere).
    pub en_passant_zones: [Option<ZoneSet>; 7],
    /// No move may give check ([`crate::racing`]).
    pub no_checks: bool,
    /// A royal in check may only capture its checker (Makpong).
    pub royal_captures_checker_only: bool,
    /// Racing kings' flag reply ([`crate::racing`]).
    pub flag_reply: bool,
    /// Flags count once held through one opponent move (Jeson Mor).
    pub flag_held: bool,
    /// Flag pieces count only when safe (Dobutsu).
    pub flag_safe: bool,
    /// Some limit is set, or a player has more than one promotion rule, or
    /// wins by a flag or a bare king.
    pub active: bool,
    /// [`LimitsCfg::active`] for a limit other than atomic explosions: the
    /// compact board declines.
    pub beyond_compact: bool,
}

impl LimitsCfg {
    pub fn new(types: &TypeTable, rules: &RuleSet) -> LimitsCfg {
        let l = &rules.limits;
        let mut out = LimitsCfg {
            prison: types
                .types
                .iter()
                .map(|t| {
                    l.prison_of(t.piece.kind, t.piece.player)
                        .map(ZoneSet::from_zone)
                })
                .collect(),
            attack_zone: types
                .types
                .iter()
                .map(|t| {
                    l.prisons
                        .iter()
                        .find(|p| p.kind == t.piece.kind && p.player == t.piece.player)
                        .filter(|p| !p.attacks_outside)
                        .map(|p| ZoneSet::from_zone(&p.zone))
                })
                .collect(),
            max: types
                .types
                .iter()
                .map(|t| l.max_of(t.piece.kind, t.piece.player))
                .collect(),
            bare_reply: l.bare_reply,
            no_checks: l.no_checks,
            royal_captures_checker_only: l.royal_captures_checker_only,
            flag_reply: l.flag_reply,
            flag_held: l.flag_held,
            flag_safe: l.flag_safe,
            lion: crate::lion::LionCfg::new(types, &l.lion),
            explosion: l
                .explosion
                .as_ref()
                .map(|e| crate::atomic::ExplosionCfg::new(types, e)),
            same_kind_immune: crate::atomic::kind_mask(types, &l.same_kind_immune),
            ..LimitsCfg::default()
        };
        for z in &l.en_passant_zones {
            if z.player.is_named() {
                out.en_passant_zones[z.player.number() as usize] =
                    Some(ZoneSet::from_zone(&z.zone));
            }
        }
        for f in &l.flags {
            if f.player.is_named() {
                let mask = types
                    .types
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| f.kinds.as_ref().is_none_or(|ks| ks.contains(&t.piece.kind)))
                    .fold(0u64, |m, (i, _)| m | 1 << i);
                out.flags[f.player.number() as usize] =
                    Some((ZoneSet::from_zone(&f.zone), mask, f.count as usize));
            }
        }
        for r in &rules.promotions {
            if !r.player.is_named() {
                continue;
            }
            let choices = r
                .choices
                .iter()
                .filter_map(|&k| types.id(icn_model::Piece::new(k, r.player)))
                .collect();
            out.promos[r.player.number() as usize].push(PromoFor {
                promoting: r.promoting.iter().copied().collect(),
                promo: Promo {
                    zone: ZoneSet::from_zone(&r.zone),
                    choices,
                    mandatory: r.mandatory,
                    forced: ZoneSet::from_zone(&r.forced),
                },
                from_zone: r.from_zone,
                by_move: r.by_move,
                demotes: r.demotes,
                on_capture: r.on_capture,
            });
        }
        let wins_by_limit = rules
            .wins
            .iter()
            .flat_map(|(_, w)| w)
            .any(|w| matches!(w, WinRule::FlagAny | WinRule::FlagAll | WinRule::BareKing));
        out.no_passing_check = l.no_passing_check;
        out.by_move_promotions = rules.promotions.iter().any(|r| r.by_move);
        let promos = out.promos.iter().any(|p| {
            p.len() > 1
                || p.iter()
                    .any(|r| r.from_zone || r.by_move || r.demotes || r.on_capture)
        });
        let zone_moves = types.types.iter().any(|t| !t.zone_moves.is_empty());
        // The compact board plays explosions, en passant zones, flags,
        // bare kings, moves that may not check, pieces immune to their own
        // kind, the Makpong rule, piece limits on promotion, the bikjang
        // rule and (in its tables) zone moves, moves within a zone, hops
        // that may not jump their own kind, prisons and the flying general; the chase rule judges
        // repetitions, which perft does not look at.
        let beyond_compact = icn_rules::limits::Limits {
            explosion: None,
            zone_moves: Vec::new(),
            prisons: Vec::new(),
            flying_general: false,
            chase_rule: false,
            same_kind_immune: std::collections::BTreeSet::new(),
            royal_captures_checker_only: false,
            en_passant_zones: Vec::new(),
            flags: Vec::new(),
            bare_reply: false,
            flag_reply: false,
            flag_held: false,
            flag_safe: false,
            no_checks: false,
            piece_limits: Vec::new(),
            in_zone_moves: Vec::new(),
            no_same_kind_screen: std::collections::BTreeSet::new(),
            bikjang: false,
            duple_check: false,
            royal_while_at_most: None,
            move_repetition_rule: false,
            ..l.clone()
        };
        out.active = !l.is_empty() || wins_by_limit || promos || zone_moves;
        out.beyond_compact = !beyond_compact.is_empty();
        out
    }
}

impl Board {
    /// Whether the player after the mover may take en passant on `passed`.
    pub(crate) fn en_passant_allowed(&self, passed: Sq) -> bool {
        let next = self.cfg.turn_order[self.next_turn()];
        self.cfg.limits.en_passant_zones[next.number() as usize]
            .as_ref()
            .is_none_or(|z| z.contains(passed))
    }

    /// Whether the Makpong rule forbids `m`: the mover's royal is in check
    /// and `m` moves it other than to capture the one piece checking it
    /// ([`icn_rules::limits::Limits::royal_captures_checker_only`]).
    pub(crate) fn makpong_forbids(&mut self, m: &Move) -> bool {
        matches!(m.kind, crate::MoveKind::Normal)
            && self.royal_in_check_at(m.from)
            && !self.takes_the_only_checker(m)
    }

    /// Whether a royal of the side to move stands on `from`, in check.
    fn royal_in_check_at(&self, from: Sq) -> bool {
        self.store.get(from).is_some_and(|slot| {
            let p = self.pieces[slot as usize];
            p.player == self.side_to_move()
                && self.cfg.types.types[p.ty as usize].royal
                && self.attacked(p.sq, p.player)
        })
    }

    /// Whether `m` captures a piece whose removal leaves the square it
    /// moves from unattacked: the one piece checking the royal there.
    fn takes_the_only_checker(&mut self, m: &Move) -> bool {
        let Some(taken) = self.store.get(m.to) else {
            return false;
        };
        self.store.remove(m.to);
        let still = self.attacked(m.from, self.side_to_move());
        self.store.insert(m.to, taken);
        !still
    }

    /// Drops from `out` the royal moves the Makpong rule forbids.
    pub(crate) fn drop_makpong_moves(&mut self, out: &mut Vec<MoveFamily>) {
        let mut kept = Vec::with_capacity(out.len());
        for fam in std::mem::take(out) {
            if !self.royal_in_check_at(fam.from()) {
                kept.push(fam);
                continue;
            }
            match &fam {
                MoveFamily::Single(m)
                    if matches!(m.kind, crate::MoveKind::Normal)
                        && !self.takes_the_only_checker(m) => {}
                // Rays never capture: a royal in check keeps none.
                MoveFamily::Ray { .. } => {}
                MoveFamily::Single(_) => kept.push(fam),
            }
        }
        *out = kept;
    }

    /// Drops from `out` the moves of the mover's royals that slide over a
    /// square an opponent attacks ([`icn_rules::limits::Limits::no_passing_check`]).
    pub(crate) fn drop_slides_through_check(&self, out: &mut Vec<MoveFamily>) {
        let us = self.side_to_move();
        let royal_at = |s: Sq| {
            self.store.get(s).is_some_and(|slot| {
                let p = &self.pieces[slot as usize];
                p.player == us && self.cfg.types.types[p.ty as usize].royal
            })
        };
        let passes_check = |m: &Move| {
            let (dx, dy) = (m.to.x - m.from.x, m.to.y - m.from.y);
            let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
            let steps = dx.abs().max(dy.abs());
            matches!(m.kind, crate::MoveKind::Normal)
                && straight
                && (1..steps).any(|k| self.attacked(m.from.step(dx.signum(), dy.signum(), k), us))
        };
        let mut kept = Vec::with_capacity(out.len());
        for fam in out.drain(..) {
            if !royal_at(fam.from()) {
                kept.push(fam);
                continue;
            }
            match fam {
                MoveFamily::Single(m) if passes_check(&m) => {}
                MoveFamily::Single(_) => kept.push(fam),
                MoveFamily::Ray { .. } => kept.extend(
                    fam.moves()
                        .into_iter()
                        .flatten()
                        .filter(|m| !passes_check(m))
                        .map(MoveFamily::Single),
                ),
            }
        }
        *out = kept;
    }
}

/// The flying-general rule as attacks: every royal of an opponent of the
/// player attacks along its file, up and down, as far as the first piece.
pub(crate) fn flying_general_attacks(types: &TypeTable, enemies: u64, att: &mut Vec<RideAttack>) {
    let n = types.types.len();
    for dy in [1, -1] {
        let Some((fam, sign, g)) = types.lines.find(0, dy) else {
            continue;
        };
        let idx = match att.iter().position(|a| (a.dx, a.dy) == (0, dy)) {
            Some(i) => i,
            None => {
                att.push(RideAttack {
                    dx: 0,
                    dy,
                    fam,
                    look: -sign,
                    g,
                    mask: 0,
                    min: vec![1; n],
                    max: vec![0; n],
                    unconfined: 0,
                });
                att.len() - 1
            }
        };
        let a = &mut att[idx];
        for (i, t) in types.types.iter().enumerate() {
            if t.royal && enemies & (1 << i) != 0 {
                a.mask |= 1 << i;
                a.unconfined |= 1 << i;
                a.min[i] = 1;
                a.max[i] = i64::MAX;
            }
        }
    }
}

/// The squares of a zone of listed squares (`None` for rows and rectangles).
pub(crate) fn listed(z: &ZoneSet) -> Option<Vec<Sq>> {
    match z {
        ZoneSet::Squares(s) => Some(s.clone()),
        ZoneSet::Union(zs) => {
            let mut out = Vec::new();
            for z in zs {
                out.extend(listed(z)?);
            }
            Some(out)
        }
        ZoneSet::Rows(_) | ZoneSet::Rect(_) => None,
    }
}

/// Keeps the moves from `start` on (and the special moves from
/// `specials_start` on) that land in `prison`; rays become single moves.
///
/// # Errors
/// [`MovegenError::Unsupported`] for a ray without end.
pub(crate) fn confine(
    prison: &ZoneSet,
    out: &mut Vec<MoveFamily>,
    start: usize,
    specials: &mut Vec<Move>,
    specials_start: usize,
) -> Result<(), MovegenError> {
    let fams: Vec<MoveFamily> = out.drain(start..).collect();
    for fam in fams {
        let Some(moves) = fam.moves() else {
            return Err(MovegenError::Unsupported(format!(
                "the confined piece on {} has a ray without end",
                fam.from()
            )));
        };
        out.extend(
            moves
                .filter(|m| prison.contains(m.to))
                .map(MoveFamily::Single),
        );
    }
    let mut i = specials_start;
    while i < specials.len() {
        if prison.contains(specials[i].to) {
            i += 1;
        } else {
            specials.remove(i);
        }
    }
    Ok(())
}

impl Board {
    /// The zone moves the piece in `slot` plays instead of its quiet moves
    /// here, if any applies.
    pub(crate) fn zone_moves_of<'a>(&self, slot: u32, t: &'a PieceType) -> Option<&'a ZoneMoveSet> {
        if t.zone_moves.is_empty() {
            return None;
        }
        let p = self.pieces[slot as usize];
        t.zone_moves.iter().find(|z| {
            (!z.unmoved_only || p.right)
                && z.zone.as_ref().is_none_or(|zone| zone.contains(p.sq))
                && !(z.not_in_check && t.royal && self.attacked(p.sq, p.player))
        })
    }

    /// Whether the owner of type `ty` may have one more piece of it.
    pub(crate) fn under_limit(&self, ty: TypeId) -> bool {
        match self.cfg.limits.max[ty as usize] {
            None => true,
            Some(max) => {
                let have = self.pieces.iter().filter(|q| q.alive && q.ty == ty).count();
                have < max as usize
            }
        }
    }

    /// Whether `p` stands on its flag zone as [`WinRule::FlagAny`] (or,
    /// with `all`, [`WinRule::FlagAll`]) asks.
    pub(crate) fn flag_reached(&self, p: Player, all: bool) -> bool {
        let Some((zone, mask, count)) = self.cfg.limits.flags[p.number() as usize].as_ref() else {
            return false;
        };
        let mine = |q: &PieceState| {
            q.alive && q.player == p && mask & (1 << q.ty) != 0 && zone.contains(q.sq)
        };
        if all {
            listed(zone).is_some_and(|sqs| {
                !sqs.is_empty()
                    && sqs
                        .iter()
                        .all(|&s| self.pieces.iter().any(|q| mine(q) && q.sq == s))
            })
        } else {
            let on = || self.pieces.iter().filter(|q| mine(q));
            let n = on().count();
            // Safe flags: where exactly `count` stand there, none attacked.
            n >= *count
                && !(self.cfg.limits.flag_safe
                    && n == *count
                    && on().any(|q| self.attacked(q.sq, p)))
        }
    }

    fn bare(&self, p: Player) -> bool {
        !self
            .pieces
            .iter()
            .any(|q| q.alive && q.player == p && !self.cfg.types.types[q.ty as usize].royal)
    }

    fn non_royals(&self, p: Player) -> usize {
        self.pieces
            .iter()
            .filter(|q: &&PieceState| {
                q.alive && q.player == p && !self.cfg.types.types[q.ty as usize].royal
            })
            .count()
    }

    /// A flag or bare-king win of `mover`, who made the last move.
    ///
    /// Flags: enough pieces of `mover` of the kinds that count on its flag
    /// zone ([`WinRule::FlagAny`]) or on all of them ([`WinRule::FlagAll`], a
    /// zone of listed squares). Bare king: every opponent has only royal pieces left;
    /// with the bare reply, a mover who keeps exactly one other piece gives
    /// the bared player one move to take it (the game goes on), and a mover
    /// who is itself bare after that reply, facing an opponent who is not,
    /// has lost.
    pub(crate) fn limits_decided(&self, mover: Player) -> Option<GameEnd> {
        if let Some(end) = self.explosion_decided(mover) {
            return Some(end);
        }
        if let Some(settled) = self.flag_reply_decided(mover) {
            return settled;
        }
        let cfg = &*self.cfg;
        let opponents: Vec<Player> = cfg
            .turn_order
            .iter()
            .copied()
            .filter(|&q| q != mover)
            .collect();
        let win = |winner, termination| {
            Some(GameEnd {
                winner: Some(winner),
                termination,
            })
        };
        // A safe flag of the side to move wins, or draws beside the mover's.
        if cfg.limits.flag_safe {
            let to_move = self.side_to_move();
            if cfg.player(to_move).wins.contains(&WinRule::FlagAny)
                && self.flag_reached(to_move, false)
            {
                let both = cfg.player(mover).wins.contains(&WinRule::FlagAny)
                    && self.flag_reached(mover, false);
                return Some(GameEnd {
                    winner: (!both).then_some(to_move),
                    termination: Termination::Flag,
                });
            }
        }
        // A flag held through the mover's move wins for the side to move.
        if cfg.limits.flag_held {
            let to_move = self.side_to_move();
            for w in &cfg.player(to_move).wins {
                if matches!(w, WinRule::FlagAny | WinRule::FlagAll)
                    && self.flag_reached(to_move, *w == WinRule::FlagAll)
                {
                    return win(to_move, Termination::Flag);
                }
            }
        }
        for w in &cfg.player(mover).wins {
            match w {
                WinRule::FlagAny | WinRule::FlagAll
                    if !cfg.limits.flag_held
                        && self.flag_reached(mover, *w == WinRule::FlagAll) =>
                {
                    return win(mover, Termination::Flag);
                }
                WinRule::BareKing if opponents.iter().all(|&o| self.bare(o)) => {
                    if self.bare(mover) {
                        continue;
                    }
                    if !cfg.limits.bare_reply || self.non_royals(mover) != 1 {
                        return win(mover, Termination::BareKing);
                    }
                }
                _ => {}
            }
        }
        // The bared player's reply did not bare the mover's opponent.
        if cfg.limits.bare_reply && self.bare(mover) {
            for &o in &opponents {
                if cfg.player(o).wins.contains(&WinRule::BareKing) && !self.bare(o) {
                    return win(o, Termination::BareKing);
                }
            }
        }
        None
    }
}
