//! Janggi's rules, each held as data in the rule objects: moves within a
//! zone ([`icn_rules::limits::InZoneMoves`]: the palace diagonals), hoppers
//! that may not jump their own kind
//! ([`icn_rules::limits::Limits::no_same_kind_screen`]), passing
//! ([`icn_rules::RuleSet::can_pass`]) and the bikjang rule
//! ([`icn_rules::limits::Limits::bikjang`]).
//!
//! - Moves within a zone start on one of its squares and land on one; their
//!   piece is a complex mover, so each of its moves is made and tested, and
//!   their attacks are looked up piece by piece (a zone is a short list).
//! - A pass is the mover's royal staying on its square ([`MoveKind::Stay`]:
//!   without a royal, the piece on the lowest square, as Fairy-Stockfish
//!   picks it). It is legal when it leaves no royal attacked, and always in a
//!   bikjang position.
//! - Bikjang: while the two royals face each other on a line with nothing
//!   between, a move that leaves them facing is illegal (a pass is not).
//!   The game ends when the last move passed in a bikjang position (a pass
//!   changes nothing, so the facing outlasted the reply), and when the last
//!   two moves both passed; the result is a draw, or the material count's
//!   ([`icn_rules::Draws::material_count`]).

use icn_model::Player;

use crate::MovegenError;
use crate::board::Board;
use crate::geometry::Sq;
use crate::moves::{Move, MoveFamily, MoveKind};
use crate::outcome::{GameEnd, Termination};
use crate::store::Slot;
use crate::types::PieceType;

impl Board {
    /// Whether the piece in `screen` may serve as the screen of a hop by a
    /// piece of type `t`.
    #[inline]
    pub(crate) fn screen_allowed(&self, t: &PieceType, screen: Slot) -> bool {
        !t.no_own_kind_screen
            || self.cfg.types.types[self.pieces[screen as usize].ty as usize]
                .piece
                .kind
                != t.piece.kind
    }

    /// The moves within a zone of the piece in `slot` (of type `t`), into
    /// `out` as single moves.
    ///
    /// # Errors
    /// What generating the zone's moves reports.
    pub(crate) fn in_zone_moves(
        &self,
        slot: Slot,
        t: &PieceType,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let p = self.pieces[slot as usize];
        for set in t.in_zone.iter().filter(|z| z.contains(p.sq)) {
            let moves = &*set.moves;
            let mut found = Vec::new();
            self.leaps_and_rides(moves, p, &moves.leaps, &moves.rides, true, &mut found)?;
            self.pseudo_complex(slot, moves, &mut found)?;
            for family in found {
                match family {
                    MoveFamily::Single(m) if set.contains(m.to) => out.push(family),
                    MoveFamily::Single(_) => {}
                    MoveFamily::Ray { from, .. } => out.extend(
                        set.zone
                            .iter()
                            .map(|&to| Move::new(from, to))
                            .filter(|m| family.contains(m))
                            .map(MoveFamily::Single),
                    ),
                }
            }
        }
        Ok(())
    }

    /// Whether a piece of type `ti` (compiled as `t`) attacks `s` by its
    /// moves within a zone.
    pub(crate) fn in_zone_attacks(&self, ti: usize, t: &PieceType, s: Sq) -> bool {
        t.in_zone.iter().filter(|z| z.contains(s)).any(|set| {
            set.zone.iter().any(|&a| {
                a != s
                    && self
                        .store
                        .get(a)
                        .is_some_and(|sl| self.pieces[sl as usize].ty as usize == ti)
                    && self.type_attacks(&set.moves, a, s)
            })
        })
    }

    /// The squares whose change may change an attack on `s` by moves within
    /// a zone: for each zone holding `s`, every square of it and every
    /// square between `s` and it on a line.
    pub(crate) fn in_zone_sensitive(&self, t: &PieceType, s: Sq, out: &mut Vec<Sq>) {
        for set in t.in_zone.iter().filter(|z| z.contains(s)) {
            for &a in &set.zone {
                let (dx, dy) = (a.x - s.x, a.y - s.y);
                let g = crate::geometry::gcd(dx, dy);
                if g == 0 {
                    continue;
                }
                out.extend((1..=g).map(|k| s.step(dx / g, dy / g, k)));
            }
        }
    }

    /// The square of the piece that passes for `us`: its royal on the
    /// lowest square (rank, then file), else its piece there.
    fn passer(&self, us: Player) -> Option<Sq> {
        let ours = self.pieces.iter().filter(|p| p.alive && p.player == us);
        let lowest = |p: &&crate::board::PieceState| (p.sq.y, p.sq.x);
        ours.clone()
            .filter(|p| self.cfg.types.types[p.ty as usize].royal)
            .min_by_key(lowest)
            .or_else(|| ours.min_by_key(lowest))
            .map(|p| p.sq)
    }

    /// The royals of White and Black, when each has exactly one.
    fn the_two_royals(&self) -> Option<(Sq, Sq)> {
        let mut royals = [None, None];
        for p in self.pieces.iter().filter(|p| p.alive) {
            let side = match p.player {
                Player::WHITE => 0,
                Player::BLACK => 1,
                _ => continue,
            };
            if self.cfg.types.types[p.ty as usize].royal {
                if royals[side].is_some() {
                    return None;
                }
                royals[side] = Some(p.sq);
            }
        }
        Some((royals[0]?, royals[1]?))
    }

    /// Whether the two players' royals face each other on a file or rank
    /// with nothing between (the bikjang position).
    pub(crate) fn royals_face(&self) -> bool {
        let Some((a, b)) = self.the_two_royals() else {
            return false;
        };
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx != 0 && dy != 0 {
            return false;
        }
        let (sx, sy, n) = (dx.signum(), dy.signum(), dx.abs() + dy.abs());
        if let Some((fam, sign, 1)) = self.cfg.types.lines.find(sx, sy) {
            return self
                .store
                .nearest_slot(fam, a, sign)
                .is_some_and(|(k, _)| k == n);
        }
        (1..n).all(|k| self.store.get(a.step(sx, sy, k)).is_none())
    }

    /// The legal pass of the side to move, if passing is allowed:
    /// `protect` says whether its royals must be kept safe.
    pub(crate) fn legal_pass(&mut self, protect: bool) -> Option<Move> {
        let from = self.passer(self.side_to_move())?;
        let pass = Move {
            kind: MoveKind::Stay,
            ..Move::new(from, from)
        };
        let bikjang = self.cfg.rules.limits.bikjang && self.royals_face();
        (!protect || bikjang || self.keeps_royals_safe(&pass)).then_some(pass)
    }

    /// Keeps the families that end a bikjang facing (call it in a bikjang
    /// position): every move is made and tested.
    pub(crate) fn end_the_facing(&mut self, out: &mut Vec<MoveFamily>) {
        let mut kept = Vec::with_capacity(out.len());
        for family in out.drain(..) {
            let Some(moves) = family.moves() else {
                // A ray without end: its far squares end no facing of
                // royals a finite distance apart; keep the whole family.
                kept.push(family);
                continue;
            };
            for m in moves.collect::<Vec<_>>() {
                self.make(&m);
                let facing = self.royals_face();
                self.unmake();
                if !facing {
                    kept.push(MoveFamily::Single(m));
                }
            }
        }
        *out = kept;
    }

    /// Bit 0: the last move passed; bit 1: the move before it did (a pass
    /// is a piece staying where it is, [`MoveKind::Stay`]).
    pub(crate) fn recent_passes(&self) -> u8 {
        let passed = |back: usize| {
            self.undo
                .len()
                .checked_sub(back)
                .and_then(|i| self.undo.get(i))
                .is_some_and(|u| u.mv.kind == MoveKind::Stay && u.mv.from == u.mv.to)
        };
        u8::from(passed(1)) | (u8::from(passed(2)) << 1)
    }

    /// The game's end by passing: the last move passed in a bikjang
    /// position, or the last two moves both passed.
    pub(crate) fn ended_by_passing(&self) -> Option<GameEnd> {
        if !self.cfg.can_pass {
            return None;
        }
        let passes = self.recent_passes();
        if passes & 1 == 0 {
            return None;
        }
        let termination = if self.cfg.rules.limits.bikjang && self.royals_face() {
            Termination::Bikjang
        } else if passes & 2 != 0 {
            Termination::Passes
        } else {
            return None;
        };
        Some(GameEnd {
            winner: self.material_winner(),
            termination,
        })
    }

    /// The winner by [`icn_rules::Draws::material_count`], if the rules
    /// count material (`None`: a draw).
    pub(crate) fn material_winner(&self) -> Option<Player> {
        let count = self.cfg.rules.draws.material_count.as_ref()?;
        count.winner(
            self.pieces
                .iter()
                .filter(|p| p.alive)
                .map(|p| (p.player, self.cfg.types.types[p.ty as usize].piece.kind)),
        )
    }
}
