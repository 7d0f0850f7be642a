//! Bitboard tables of small closed boards, for the compact board
//! ([`crate::small`]).
//!
//! When the world border encloses at most 128 squares and every piece type
//! moves by leaps and rides only, per cell and type the leap targets and
//! ride rays are precomputed [`Mask`]s (`u64` up to 64 cells, `u128` up to
//! 128); a ray is cut at its first blocker with one bit scan ([`reach`]:
//! cells are numbered row by row, so the cell number is monotonic along any
//! ray).

use icn_model::Player;

use crate::geometry::{Border, Sq};
use crate::mask::Mask;
use crate::types::TypeTable;

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
    /// Per cell and ride (`cell · rides + ride`).
    pub ride_cells: Vec<RideCell<M>>,
}

impl<M: Mask> BbType<M> {
    /// The rides' masks from cell `c`, in the order of `rides`.
    #[inline(always)]
    pub fn at(&self, c: usize) -> &[RideCell<M>] {
        let n = self.rides.len();
        &self.ride_cells[c * n..c * n + n]
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
    /// Per player: the cells of its promotion zone.
    pub promo: [M; 7],
    /// Per player: the cells of its zone where a promoting piece may also
    /// stay as it is (none when promotion is mandatory).
    pub promo_stay: [M; 7],
}

impl<M: Mask> BbTables<M> {
    /// Tables for this board and these types, when they qualify: more than
    /// `M::CELLS / 2` cells (a narrower mask would do otherwise) and at most
    /// `M::CELLS`.
    pub fn build(border: &Border, types: &TypeTable) -> Option<BbTables<M>> {
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
        let cells = (width * height) as usize;
        let on = |x: i64, y: i64| x >= l && x <= r && y >= b && y <= t;
        let bit = |x: i64, y: i64| M::cell(((y - b) * width + (x - l)) as usize);
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
                    needs_right: rd.needs_right,
                    mv_mask: M::all_if(rd.mv),
                    cap_mask: M::all_if(rd.cap),
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
                let cap = bt.leaps[c as usize].cap;
                bt.leaps[c as usize].any_cap |= cap;
            }
            out.push(bt);
        }
        Some(BbTables {
            left: l,
            bottom: b,
            width,
            cells,
            types: out,
            promo: [M::EMPTY; 7],
            promo_stay: [M::EMPTY; 7],
        })
    }

    /// Marks the cells of `zone` as `player`'s promotion zone.
    pub fn set_promotion(&mut self, player: Player, promo: &crate::config::Promo) {
        let cells = self.cells;
        for c in 0..cells as i64 {
            let s = Sq::new(self.left + c % self.width, self.bottom + c / self.width);
            if promo.zone.contains(s) {
                self.promo[player.number() as usize] |= M::cell(c as usize);
                if promo.may_stay(s) {
                    self.promo_stay[player.number() as usize] |= M::cell(c as usize);
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
pub(crate) fn reach<M: Mask>(inc: bool, rc: &RideCell<M>, occ: M) -> M {
    let ray = rc.ray;
    let blockers = ray & occ;
    if blockers.is_empty() {
        return ray;
    }
    if inc {
        ray & blockers.through_lowest()
    } else {
        ray & !M::below_cell(blockers.highest())
    }
}
