//! Bulk counting on small closed boards with `u64` bitboards.
//!
//! When the world border encloses at most 64 squares and every piece type
//! moves by leaps and rides only, the last ply of perft is counted without
//! building families: per cell and type, leap targets and ride rays are
//! precomputed masks; a ray is cut at its first blocker with one bit scan
//! (cells are numbered row by row, so the cell number is monotonic along any
//! ray). Checks, pins (one x-ray past the first blocker) and the squares the
//! opponents attack are masks too; castling and en passant are decided by the generic code. Anything
//! else — several royals of the side to move, slow legality — falls back to
//! the generic generator, so this is only a faster way to the same number
//! (the perft corpus checks both).

use icn_model::Player;
use icn_rules::movement::Capturability;

use crate::MovegenError;
use crate::board::Board;
use crate::geometry::{Border, Sq};
use crate::moves::Move;
use crate::store::Slot;
use crate::types::TypeTable;

/// A ride's flags (its masks are in [`BbType::ride_cells`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BbRide {
    /// Whether cell numbers increase along the ride.
    pub inc: bool,
    pub mv: bool,
    pub cap: bool,
    pub needs_right: bool,
    /// All ones when the ride moves (captures), else zero.
    pub mv_mask: u64,
    pub cap_mask: u64,
}

/// One ride from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RideCell {
    /// The squares of the ray up to its range.
    pub ray: u64,
    /// The squares of the ray at or beyond its first allowed step.
    pub from_min: u64,
}

/// One type's leaps from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LeapCell {
    pub mv: u64,
    pub cap: u64,
    /// The squares a quiet move reaches as a double step (the second square
    /// of a ride that leaves an en passant square).
    pub double: u64,
    /// Every square a capture could reach from here, blockers aside (the
    /// capturing leaps and the rays of the capturing rides).
    pub any_cap: u64,
}

/// One type's masks.
#[derive(Clone, Debug, Default)]
pub(crate) struct BbType {
    /// Per cell.
    pub leaps: Vec<LeapCell>,
    /// The rides, capturing ones first.
    pub rides: Vec<BbRide>,
    /// How many of `rides` capture.
    pub ncap: usize,
    /// Per cell and ride (`cell · rides + ride`).
    pub ride_cells: Vec<RideCell>,
}

impl BbType {
    /// The rides' masks from cell `c`, in the order of `rides`.
    #[inline(always)]
    pub fn at(&self, c: usize) -> &[RideCell] {
        let n = self.rides.len();
        &self.ride_cells[c * n..c * n + n]
    }
}

/// Bitboard tables of a game on a board of at most 64 squares.
#[derive(Clone, Debug)]
pub(crate) struct BbTables {
    pub left: i64,
    pub bottom: i64,
    pub width: i64,
    /// Number of cells (`width · height`).
    pub cells: usize,
    pub types: Vec<BbType>,
    /// Per player: the cells of its promotion zone.
    pub promo: [u64; 7],
    /// Per player: the cells of its zone where a promoting piece may also
    /// stay as it is (none when promotion is mandatory).
    pub promo_stay: [u64; 7],
}

impl BbTables {
    /// Tables for this board and these types, when they qualify.
    pub fn build(border: &Border, types: &TypeTable) -> Option<BbTables> {
        let (l, r, b, t) = (border.left?, border.right?, border.bottom?, border.top?);
        let (width, height) = (r.checked_sub(l)? + 1, t.checked_sub(b)? + 1);
        // Widths and heights up to 64 keep the product in range.
        if !(1..=64).contains(&width) || !(1..=64).contains(&height) || width * height > 64 {
            return None;
        }
        let cells = (width * height) as usize;
        let on = |x: i64, y: i64| x >= l && x <= r && y >= b && y <= t;
        let bit = |x: i64, y: i64| 1u64 << ((y - b) * width + (x - l));
        let mut out = Vec::new();
        for ty in &types.types {
            if !ty.lames.is_empty()
                || !ty.hops.is_empty()
                || ty.huygen.is_some()
                || ty.rose.is_some()
                || ty.lion.is_some()
                || ty.leaps.iter().any(|l| l.needs_right)
                || ty.overlapping
            {
                return None;
            }
            let mut bt = BbType {
                leaps: vec![LeapCell::default(); cells],
                ..BbType::default()
            };
            for c in 0..cells as i64 {
                let (x, y) = (l + c % width, b + c / width);
                for lp in &ty.leaps {
                    let (tx, ty2) = (x + lp.dx, y + lp.dy);
                    if on(tx, ty2) && lp.allowed_from(crate::Sq::new(x, y)) {
                        if lp.mv {
                            bt.leaps[c as usize].mv |= bit(tx, ty2);
                        }
                        if lp.cap {
                            bt.leaps[c as usize].cap |= bit(tx, ty2);
                        }
                    }
                }
            }
            let mut rides: Vec<&crate::types::Ride> = ty.rides.iter().collect();
            rides.sort_by_key(|r| !r.cap);
            bt.ncap = rides.iter().filter(|r| r.cap).count();
            bt.rides = rides
                .iter()
                .map(|rd| BbRide {
                    inc: rd.dy * width + rd.dx > 0,
                    mv: rd.mv,
                    cap: rd.cap,
                    needs_right: rd.needs_right,
                    mv_mask: if rd.mv { !0 } else { 0 },
                    cap_mask: if rd.cap { !0 } else { 0 },
                })
                .collect();
            bt.ride_cells = vec![RideCell::default(); cells * rides.len()];
            for c in 0..cells as i64 {
                let (x, y) = (l + c % width, b + c / width);
                for (i, rd) in rides.iter().enumerate() {
                    let rc = &mut bt.ride_cells[c as usize * rides.len() + i];
                    let mut k = 1;
                    while k <= rd.max && on(x + rd.dx * k, y + rd.dy * k) {
                        let m = bit(x + rd.dx * k, y + rd.dy * k);
                        rc.ray |= m;
                        if k >= rd.min {
                            rc.from_min |= m;
                            if k == 2 && rd.sets_ep && rd.mv {
                                bt.leaps[c as usize].double |= m;
                            }
                        }
                        k += 1;
                    }
                    if rd.cap {
                        bt.leaps[c as usize].any_cap |= rc.ray;
                    }
                }
                bt.leaps[c as usize].any_cap |= bt.leaps[c as usize].cap;
            }
            out.push(bt);
        }
        Some(BbTables {
            left: l,
            bottom: b,
            width,
            cells,
            types: out,
            promo: [0; 7],
            promo_stay: [0; 7],
        })
    }

    /// Marks the cells of `zone` as `player`'s promotion zone.
    pub fn set_promotion(&mut self, player: Player, promo: &crate::config::Promo) {
        let cells = self.cells;
        for c in 0..cells as i64 {
            let s = Sq::new(self.left + c % self.width, self.bottom + c / self.width);
            if promo.zone.contains(s) {
                self.promo[player.number() as usize] |= 1 << c;
                if promo.may_stay(s) {
                    self.promo_stay[player.number() as usize] |= 1 << c;
                }
            }
        }
    }

    /// The cell of a square on the board.
    #[inline(always)]
    pub fn cell(&self, s: Sq) -> usize {
        ((s.y - self.bottom) * self.width + (s.x - self.left)) as usize
    }

    /// The square of a cell.
    #[inline]
    pub fn square(&self, c: usize) -> Sq {
        let c = c as i64;
        Sq::new(self.left + c % self.width, self.bottom + c / self.width)
    }

    /// Whether a square is on the board.
    #[inline]
    pub fn on_board(&self, s: Sq) -> bool {
        let height = self.cells as i64 / self.width;
        s.x >= self.left
            && s.x < self.left + self.width
            && s.y >= self.bottom
            && s.y < self.bottom + height
    }
}

/// The squares of a ray up to and including its first blocker; `inc`:
/// whether cell numbers increase along it.
#[inline(always)]
pub(crate) fn reach(inc: bool, rc: &RideCell, occ: u64) -> u64 {
    let ray = rc.ray;
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    if inc {
        let first = blockers & blockers.wrapping_neg();
        ray & (first | (first - 1))
    } else {
        let first = 1u64 << (63 - blockers.leading_zeros());
        ray & !(first - 1)
    }
}

impl Board {
    /// The number of legal moves, by bitboards, when the position qualifies.
    pub(crate) fn count_fast(&mut self) -> Option<Result<u64, MovegenError>> {
        let cfg = std::sync::Arc::clone(&self.cfg);
        let bb = cfg.bb()?;
        let us = self.side_to_move();
        let pc = cfg.player(us);
        if pc.slow {
            return None;
        }
        let (mut occ, mut capt, mut royal_mask, mut own) = (0u64, 0u64, 0u64, 0u64);
        let mut royal: Option<Slot> = None;
        for (i, p) in self.pieces.iter().enumerate() {
            if !p.alive {
                continue;
            }
            let b = 1u64 << bb.cell(p.sq);
            occ |= b;
            let t = &cfg.types.types[p.ty as usize];
            if p.player == us {
                own |= b;
                if t.royal {
                    if royal.is_some() {
                        return None;
                    }
                    royal = Some(i as Slot);
                    royal_mask |= b;
                }
            } else {
                let take = match t.capturability {
                    Capturability::Never => false,
                    Capturability::ByAnyone => true,
                    Capturability::Normal => true,
                };
                if take {
                    capt |= b;
                }
            }
        }
        let protect = pc.protect && royal.is_some();
        let mut attacked = 0u64;
        let mut check_mask = !0u64;
        let mut pins: Vec<(u64, u64)> = Vec::new();
        if protect {
            let occ_nr = occ & !royal_mask;
            for p in self
                .pieces
                .iter()
                .filter(|p| p.alive && pc.enemies & (1 << p.ty) != 0)
            {
                let (t, c) = (&bb.types[p.ty as usize], bb.cell(p.sq));
                let a = 1u64 << c;
                attacked |= t.leaps[c].cap;
                if t.leaps[c].cap & royal_mask != 0 {
                    check_mask &= a;
                }
                for (ride, rc) in t.rides.iter().zip(t.at(c)).take(t.ncap) {
                    let ride = (ride.inc, rc);
                    attacked |= reach(ride.0, rc, occ_nr) & rc.from_min;
                    let seen = reach(ride.0, rc, occ);
                    let first = seen & occ;
                    if first & royal_mask != 0 {
                        if rc.from_min & royal_mask != 0 {
                            check_mask &= (seen & !royal_mask) | a;
                        }
                    } else if first & own & !royal_mask != 0 {
                        let beyond = reach(ride.0, rc, occ & !first);
                        if beyond & royal_mask & rc.from_min != 0 {
                            pins.push((first, (beyond & !royal_mask) | a));
                        }
                    }
                }
            }
        }
        let mut n = 0u64;
        let mut specials: Vec<Move> = Vec::new();
        let promo = pc.promo.as_ref();
        for (i, p) in self.pieces.iter().enumerate() {
            if !p.alive || p.player != us {
                continue;
            }
            let (t, c) = (&bb.types[p.ty as usize], bb.cell(p.sq));
            let mut targets = (t.leaps[c].mv & !occ) | (t.leaps[c].cap & capt);
            for (ride, rc) in t.rides.iter().zip(t.at(c)) {
                if ride.needs_right && !p.right {
                    continue;
                }
                let r = reach(ride.inc, rc, occ) & rc.from_min;
                if ride.mv {
                    targets |= r & !occ;
                }
                if ride.cap {
                    targets |= r & capt;
                }
            }
            let pt = &cfg.types.types[p.ty as usize];
            if protect {
                if pt.royal {
                    targets &= !attacked;
                } else {
                    targets &= check_mask;
                    let me = 1u64 << c;
                    for &(pinned, allowed) in &pins {
                        if pinned == me {
                            targets &= allowed;
                        }
                    }
                }
            }
            match promo {
                Some(pr) if pt.promotes => {
                    let zone = targets & bb.promo[us.number() as usize];
                    let stay = targets & bb.promo_stay[us.number() as usize];
                    n += u64::from((targets & !zone).count_ones())
                        + u64::from(zone.count_ones()) * pr.choices.len() as u64
                        + u64::from(stay.count_ones());
                }
                _ => n += u64::from(targets.count_ones()),
            }
            if pt.castler && p.right {
                self.castlings_of(i as Slot, &mut specials);
            }
        }
        if self.ep.is_some() {
            for slot in 0..self.pieces.len() as Slot {
                let p = self.pieces[slot as usize];
                if p.alive && p.player == us && !cfg.types.types[p.ty as usize].ep_leaps.is_empty()
                {
                    let mut fams = Vec::new();
                    if let Err(e) = self.en_passant_of(slot, &mut fams, &mut specials) {
                        return Some(Err(e));
                    }
                }
            }
        }
        for m in specials {
            if !protect || self.special_is_legal(&m) {
                n += 1;
            }
        }
        Some(Ok(n))
    }
}
