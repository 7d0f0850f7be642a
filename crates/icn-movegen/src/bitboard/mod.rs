//! Bitboard tables of small closed boards, for the compact board
//! ([`crate::small`]).
//!
//! When the world border encloses at most 128 squares and every piece type
//! moves by leaps, rides, lame leaps and hops ([`jumps`]), per cell and type
//! the leap targets and ride rays are precomputed [`Mask`]s (`u64` up to 64
//! cells, `u128` up to 128); a ray is cut at its first blocker with one bit
//! scan ([`reach`]: cells are numbered row by row, so the cell number is
//! monotonic along any ray), and two opposite rays are cut together without
//! a branch ([`lines`]). Per cell, the cells from which any type could
//! capture there filter the pieces an attack test looks at. A prison is part of the tables: a confined
//! type's targets lie in it (its attacks too; a prisoner that attacks
//! outside has no tables). Under the flying-general rule a royal type has
//! two more rides, along its file, that attack without moving and ignore
//! its prison.

mod jumps;
mod lines;

use jumps::Grid;
pub(crate) use jumps::Jumps;
pub(crate) use lines::{BbLine, LineCell};

use crate::geometry::{Border, Sq};
use crate::limits::LimitsCfg;
use crate::mask::Mask;
use crate::types::{Ride, TypeTable};

/// A ride's flags (its masks are in [`BbType::ride_cells`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BbRide<M> {
    /// Whether cell numbers increase along the ride.
    pub inc: bool,
    pub needs_right: bool,
    /// All ones when the ride moves (captures), else zero.
    pub mv_mask: M,
    pub cap_mask: M,
}

/// One ride from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RideCell<M> {
    /// The squares of the ray up to its range.
    pub ray: M,
    /// The squares of the ray at or beyond its first allowed step.
    pub from_min: M,
}

/// One type's leaps from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LeapCell<M> {
    pub mv: M,
    pub cap: M,
    /// Quiet leaps only a piece with its `+` right makes (the Spartan
    /// hoplite's initial jump).
    pub mv_right: M,
    /// The squares a quiet move reaches as a double step (the second square
    /// of a ride that leaves an en passant square).
    pub double: M,
    /// Every square a capture could reach from here, blockers aside (the
    /// capturing leaps and the rays of the capturing rides).
    pub any_cap: M,
}

/// One type's masks.
#[derive(Clone, Debug, Default)]
pub(crate) struct BbType<M> {
    /// Per cell.
    pub leaps: Vec<LeapCell<M>>,
    /// The rides, capturing ones first.
    pub rides: Vec<BbRide<M>>,
    /// How many of `rides` capture.
    pub ncap: usize,
    /// Its captures are point-symmetric (each capturing leap and ride has
    /// its opposite, the rides from their first step): it attacks a cell
    /// from exactly the cells it would attack from that cell.
    pub symmetric: bool,
    /// Per cell and ride (`cell · rides + ride`).
    pub ride_cells: Vec<RideCell<M>>,
    /// The rides paired into lines ([`lines`]).
    pub lines: Vec<BbLine<M>>,
    /// How many of `lines` capture (they come first).
    pub ncap_lines: usize,
    /// Per cell and line (`cell · lines + line`).
    pub line_cells: Vec<LineCell<M>>,
    /// Its lame leaps and hops, if any.
    pub jumps: Option<Jumps<M>>,
}

impl<M: Mask> BbType<M> {
    /// The rides' masks from cell `c`, in the order of `rides`.
    #[inline(always)]
    pub fn at(&self, c: usize) -> &[RideCell<M>] {
        let n = self.rides.len();
        &self.ride_cells[c * n..c * n + n]
    }

    /// The lines' masks from cell `c`, in the order of `lines`.
    #[inline(always)]
    pub fn lines_at(&self, c: usize) -> &[LineCell<M>] {
        let n = self.lines.len();
        &self.line_cells[c * n..c * n + n]
    }
}

/// Bitboard tables of a game on a board of at most `M::CELLS` squares.
#[derive(Clone, Debug)]
pub(crate) struct BbTables<M> {
    pub left: i64,
    pub bottom: i64,
    pub width: i64,
    /// Number of cells (`width · height`).
    pub cells: usize,
    pub types: Vec<BbType<M>>,
    /// Per cell: the cells from which a piece of some type could capture
    /// there, blockers aside (a filter on the pieces worth testing).
    pub attackers: Vec<M>,
}

impl<M: Mask> BbTables<M> {
    /// Tables for this board and these types, when they qualify: more than
    /// `M::CELLS / 2` cells (a narrower mask would do otherwise) and at most
    /// `M::CELLS`, pieces that leap, ride, leap lamely and hop, prisons that
    /// confine attacks too (`limits`), and with `flying_general` royals that
    /// attack along their file as far as the first piece.
    pub fn build(
        border: &Border,
        types: &TypeTable,
        limits: &LimitsCfg,
        flying_general: bool,
    ) -> Option<BbTables<M>> {
        let (l, r, b, t) = (border.left?, border.right?, border.bottom?, border.top?);
        let (width, height) = (r.checked_sub(l)? + 1, t.checked_sub(b)? + 1);
        // Widths and heights up to the mask size keep the product in range.
        let most = M::CELLS as i64;
        if !(1..=most).contains(&width)
            || !(1..=most).contains(&height)
            || width * height > most
            || (M::CELLS > 64 && width * height <= 64)
        {
            return None;
        }
        let grid = Grid {
            left: l,
            bottom: b,
            width,
            height,
        };
        let cells = (width * height) as usize;
        let on = |x: i64, y: i64| grid.cell(x, y).is_some();
        let bit = |x: i64, y: i64| M::cell(((y - b) * width + (x - l)) as usize);
        let mut out = Vec::new();
        for (i, ty) in types.types.iter().enumerate() {
            if ty.huygen.is_some()
                || ty.rose.is_some()
                || ty.lion.is_some()
                || ty.leaps.iter().any(|l| l.needs_right && l.cap)
                || ty
                    .zone_moves
                    .iter()
                    .any(|z| z.unmoved_only || z.not_in_check)
            {
                return None;
            }
            let prison = match (&limits.prison[i], &limits.attack_zone[i]) {
                (None, _) => M::ALL,
                (Some(zone), Some(_)) => (0..cells as i64)
                    .filter(|c| zone.contains(crate::Sq::new(l + c % width, b + c / width)))
                    .fold(M::EMPTY, |m, c| m | M::cell(c as usize)),
                // A prisoner that attacks outside its prison.
                (Some(_), None) => return None,
            };
            // Per cell: the zone moves that replace the piece's quiet moves there.
            let zone_at = |x: i64, y: i64| {
                let s = crate::Sq::new(x, y);
                ty.zone_moves
                    .iter()
                    .position(|z| z.zone.as_ref().is_none_or(|zone| zone.contains(s)))
            };
            let mut bt = BbType {
                leaps: vec![LeapCell::default(); cells],
                jumps: Jumps::build(ty, &grid, prison),
                ..BbType::default()
            };
            for c in 0..cells as i64 {
                let (x, y) = (l + c % width, b + c / width);
                let zone = zone_at(x, y);
                let own = ty.leaps.iter().map(|lp| (lp, zone.is_none()));
                let zoned = zone
                    .into_iter()
                    .flat_map(|j| ty.zone_moves[j].leaps.iter().map(|lp| (lp, true)));
                for (lp, quiet) in own.chain(zoned) {
                    let (tx, ty2) = (x + lp.dx, y + lp.dy);
                    if on(tx, ty2) && lp.allowed_from(crate::Sq::new(x, y)) {
                        let to = bit(tx, ty2) & prison;
                        if lp.needs_right {
                            if lp.mv && quiet {
                                bt.leaps[c as usize].mv_right |= to;
                            }
                            continue;
                        }
                        if lp.mv && quiet {
                            bt.leaps[c as usize].mv |= to;
                        }
                        if lp.cap {
                            bt.leaps[c as usize].cap |= to;
                        }
                    }
                }
            }
            let mut rides = ride_specs(ty, flying_general);
            rides.sort_by_key(|s| !s.ride.cap);
            bt.ncap = rides.iter().filter(|s| s.ride.cap).count();
            bt.symmetric = symmetric_captures(ty)
                && prison == M::ALL
                && bt.jumps.is_none()
                && !(flying_general && ty.royal);
            bt.rides = rides
                .iter()
                .map(|s| BbRide {
                    inc: s.ride.dy * width + s.ride.dx > 0,
                    needs_right: s.ride.needs_right,
                    mv_mask: M::all_if(s.ride.mv && !s.attack_only),
                    cap_mask: M::all_if(s.ride.cap && !s.attack_only),
                })
                .collect();
            bt.ride_cells = vec![RideCell::default(); cells * rides.len()];
            for c in 0..cells as i64 {
                let (x, y) = (l + c % width, b + c / width);
                let zone = zone_at(x, y);
                for (i, s) in rides.iter().enumerate() {
                    let rd = &s.ride;
                    let applies = match s.from {
                        RideFrom::Anywhere => true,
                        RideFrom::OutsideZones => zone.is_none(),
                        RideFrom::Zone(j) => zone == Some(j),
                    };
                    if !applies {
                        continue;
                    }
                    // Attacks along the file ignore the prison.
                    let lands = if s.attack_only { M::ALL } else { prison };
                    let rc = &mut bt.ride_cells[c as usize * rides.len() + i];
                    let mut k = 1;
                    while k <= rd.max && on(x + rd.dx * k, y + rd.dy * k) {
                        let m = bit(x + rd.dx * k, y + rd.dy * k);
                        rc.ray |= m;
                        if k >= rd.min {
                            rc.from_min |= m & lands;
                            if k == 2 && rd.sets_ep && rd.mv {
                                bt.leaps[c as usize].double |= m & lands;
                            }
                        }
                        k += 1;
                    }
                    if rd.cap {
                        bt.leaps[c as usize].any_cap |= rc.ray;
                    }
                }
                // A lame double step leaves its en passant square on the
                // leg, the cell halfway ([`crate::small`] takes it so).
                for lm in ty.lames.iter().filter(|lm| lm.sets_ep && lm.mv) {
                    if lm.total != (2 * lm.first.0, 2 * lm.first.1) {
                        return None;
                    }
                    if on(x + lm.total.0, y + lm.total.1) {
                        bt.leaps[c as usize].double |= bit(x + lm.total.0, y + lm.total.1) & prison;
                    }
                }
                let cap = bt.leaps[c as usize].cap;
                let jumps = bt
                    .jumps
                    .as_ref()
                    .map_or(M::EMPTY, |j| j.any_cap(c as usize));
                bt.leaps[c as usize].any_cap |= cap | jumps;
            }
            let dirs: Vec<_> = rides.iter().map(|s| (s.ride.dx, s.ride.dy)).collect();
            let captures: Vec<_> = rides.iter().map(|s| s.ride.cap).collect();
            let paired = lines::pair(&bt.rides, &dirs, &captures);
            bt.line_cells = (0..cells)
                .flat_map(|c| lines::line_cells(bt.at(c), &paired.sides))
                .collect();
            bt.lines = paired.lines;
            bt.ncap_lines = paired.ncap;
            out.push(bt);
        }
        let mut attackers = vec![M::EMPTY; cells];
        for t in &out {
            for (c, lc) in t.leaps.iter().enumerate() {
                for target in crate::mask::cells(lc.any_cap) {
                    attackers[target] |= M::cell(c);
                }
            }
        }
        Some(BbTables {
            left: l,
            bottom: b,
            width,
            cells,
            types: out,
            attackers,
        })
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

/// Whether every capture of `ty` has its opposite (module docs of
/// [`BbType::symmetric`]).
fn symmetric_captures(ty: &crate::types::PieceType) -> bool {
    let leaps: Vec<_> = ty.leaps.iter().filter(|l| l.cap).collect();
    let rides: Vec<_> = ty.rides.iter().filter(|r| r.cap).collect();
    leaps
        .iter()
        .all(|l| l.cells.is_none() && leaps.iter().any(|o| (o.dx, o.dy) == (-l.dx, -l.dy)))
        && rides.iter().all(|r| {
            r.min == 1
                && !r.needs_right
                && rides.iter().any(|o| {
                    (o.dx, o.dy, o.max) == (-r.dx, -r.dy, r.max) && !o.needs_right && o.min == 1
                })
        })
}

/// Where a ride of [`ride_specs`] may start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RideFrom {
    Anywhere,
    /// Outside every zone of the type's zone moves.
    OutsideZones,
    /// In the cells whose zone moves are the type's `j`-th set.
    Zone(usize),
}

/// A type's rides with where each starts: its own, their quiet part only
/// outside its zones (zone moves replace it there), and the rides of each
/// zone-move set in that set's cells; with `flying_general`, a royal's
/// attacks along its file.
fn ride_specs(ty: &crate::types::PieceType, flying_general: bool) -> Vec<RideSpec> {
    let spec = |ride: Ride, from: RideFrom| RideSpec {
        ride,
        from,
        attack_only: false,
    };
    let mut out = Vec::new();
    for &r in &ty.rides {
        match (ty.zone_moves.is_empty(), r.mv, r.cap) {
            (true, _, _) | (false, false, _) => out.push(spec(r, RideFrom::Anywhere)),
            (false, true, false) => out.push(spec(r, RideFrom::OutsideZones)),
            (false, true, true) => {
                out.push(spec(Ride { mv: false, ..r }, RideFrom::Anywhere));
                out.push(spec(Ride { cap: false, ..r }, RideFrom::OutsideZones));
            }
        }
    }
    for (j, z) in ty.zone_moves.iter().enumerate() {
        out.extend(z.rides.iter().map(|&r| spec(r, RideFrom::Zone(j))));
    }
    if flying_general && ty.royal {
        for dy in [1, -1] {
            out.push(RideSpec {
                ride: Ride {
                    dx: 0,
                    dy,
                    fam: 1,
                    sign: dy,
                    g: 1,
                    min: 1,
                    max: i64::MAX,
                    mv: false,
                    cap: true,
                    needs_right: false,
                    sets_ep: false,
                },
                from: RideFrom::Anywhere,
                attack_only: true,
            });
        }
    }
    out
}

/// A ride of [`ride_specs`].
struct RideSpec {
    ride: Ride,
    from: RideFrom,
    /// It only attacks (the flying-general rule), and ignores the prison.
    attack_only: bool,
}

/// The squares of a ray up to and including its first blocker; `inc`:
/// whether cell numbers increase along it.
#[inline(always)]
pub(crate) fn reach<M: Mask>(inc: bool, rc: &RideCell<M>, occ: M) -> M {
    reach_ray(inc, rc.ray, occ)
}

/// The cells of `ray` up to and including its first cell in `occ`; `inc`:
/// whether cell numbers increase along it.
#[inline(always)]
pub(crate) fn reach_ray<M: Mask>(inc: bool, ray: M, occ: M) -> M {
    // Branch-free: with no blocker, `through_lowest` is every cell and the
    // highest of `blockers | cell 0` is cell 0, below which lies nothing.
    let blockers = ray & occ;
    if inc {
        ray & blockers.through_lowest()
    } else {
        ray & !M::below_cell((blockers | M::cell(0)).highest())
    }
}
