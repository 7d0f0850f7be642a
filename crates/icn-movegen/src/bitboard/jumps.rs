//! Bitboard tables of the moves that jump: lame leaps (the xiangqi horse and
//! elephant, whose leg must be empty; the Janggi elephant, whose two
//! passed squares must be) and hops (the cannon, which jumps one screen),
//! for the compact board; and the moves a type plays within a zone
//! ([`crate::types::InZoneSet`]: the Janggi palace diagonals), from and to
//! the zone's cells only.
//!
//! A lame leap is stored per cell and path: the cells it passes, which must
//! be empty, and the targets the leaps with that path reach (two lame leaps
//! with one path share it). Within a zone, a leap is a path of no cells and
//! a ride of `k` steps a path of `k − 1`. A hop is stored per cell as its
//! whole ray; the screen is the ray's first occupied cell and the hop lands
//! on the screen's own ray in the same direction, up to and including its
//! first occupied cell ([`reach_ray`]), when it starts on one of its `from`
//! cells and lands on one of its `land` cells.

use super::reach_ray;
use crate::geometry::Sq;
use crate::mask::Mask;
use crate::types::PieceType;

/// One path of a type's lame leaps, from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LameCell<M> {
    /// The cells passed, which must be empty.
    pub block: M,
    /// Targets of the leaps that move, and of those that capture.
    pub mv: M,
    pub cap: M,
    /// The same for the leaps that need the piece's `+` right.
    pub mv_right: M,
    pub cap_right: M,
}

/// One hop direction's flags (its rays are in [`Jumps::hop_rays`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BbHop<M> {
    /// Whether cell numbers increase along the hop.
    pub inc: bool,
    /// All ones when the hop moves (captures), else zero.
    pub mv_mask: M,
    pub cap_mask: M,
    /// Lands only right behind the screen (the grasshopper).
    pub next_only: bool,
    /// The cells it starts from (every cell, or a zone's).
    pub from: M,
    /// The cells it may land on (the prison, within a zone its cells).
    pub land: M,
}

/// A type's lame leaps and hops.
#[derive(Clone, Debug, Default)]
pub(crate) struct Jumps<M> {
    /// Distinct paths (the offsets of the cells passed) of its lame leaps.
    pub paths: Vec<Vec<(i64, i64)>>,
    /// Per cell and path (`cell · paths + path`).
    pub lame_cells: Vec<LameCell<M>>,
    pub hops: Vec<BbHop<M>>,
    /// Per cell and hop (`cell · hops + hop`): the hop's ray.
    pub hop_rays: Vec<M>,
}

/// One lame leap to compile: the offsets it passes, where it lands, what it
/// may do, and the zone it keeps to (from and to), if any.
struct LameSpec<'a> {
    path: Vec<(i64, i64)>,
    total: (i64, i64),
    mv: bool,
    cap: bool,
    needs_right: bool,
    zone: Option<&'a [Sq]>,
}

/// The lame leaps of `ty`, its own and those within its zones.
fn lame_specs<'a>(ty: &'a PieceType, grid: &Grid) -> Vec<LameSpec<'a>> {
    let mut out: Vec<LameSpec<'a>> = ty
        .lames
        .iter()
        .map(|l| LameSpec {
            path: std::iter::once(l.first).chain(l.second).collect(),
            total: l.total,
            mv: l.mv,
            cap: l.cap,
            needs_right: l.needs_right,
            zone: None,
        })
        .collect();
    let longest = grid.width.max(grid.height);
    for set in &ty.in_zone {
        let zone = Some(set.zone.as_slice());
        let t = &set.moves;
        for l in &t.leaps {
            out.push(LameSpec {
                path: Vec::new(),
                total: (l.dx, l.dy),
                mv: l.mv,
                cap: l.cap,
                needs_right: l.needs_right,
                zone,
            });
        }
        for r in &t.rides {
            for k in r.min.max(1)..=r.max.min(longest) {
                out.push(LameSpec {
                    path: (1..k).map(|i| (r.dx * i, r.dy * i)).collect(),
                    total: (r.dx * k, r.dy * k),
                    mv: r.mv,
                    cap: r.cap,
                    needs_right: r.needs_right,
                    zone,
                });
            }
        }
        for l in &t.lames {
            out.push(LameSpec {
                path: std::iter::once(l.first).chain(l.second).collect(),
                total: l.total,
                mv: l.mv,
                cap: l.cap,
                needs_right: l.needs_right,
                zone,
            });
        }
    }
    out
}

/// The board geometry the builders need: cell of a square on the board.
pub(crate) struct Grid {
    pub left: i64,
    pub bottom: i64,
    pub width: i64,
    pub height: i64,
}

impl Grid {
    /// The cell of `(x, y)`, when it is on the board.
    pub fn cell(&self, x: i64, y: i64) -> Option<usize> {
        let (cx, cy) = (x - self.left, y - self.bottom);
        ((0..self.width).contains(&cx) && (0..self.height).contains(&cy))
            .then(|| (cy * self.width + cx) as usize)
    }
}

impl<M: Mask> Jumps<M> {
    /// The tables of `ty` (`None` when it neither leaps lamely nor hops,
    /// nor moves within a zone), landing only in `prison`.
    pub fn build(ty: &PieceType, grid: &Grid, prison: M) -> Option<Jumps<M>> {
        if ty.lames.is_empty() && ty.hops.is_empty() && ty.in_zone.is_empty() {
            return None;
        }
        let cells = (grid.width * grid.height) as usize;
        let specs = lame_specs(ty, grid);
        let mut paths: Vec<Vec<(i64, i64)>> = Vec::new();
        for l in &specs {
            if !paths.contains(&l.path) {
                paths.push(l.path.clone());
            }
        }
        let zone_mask = |zone: &[Sq]| {
            zone.iter()
                .filter_map(|s| grid.cell(s.x, s.y))
                .fold(M::EMPTY, |m, c| m | M::cell(c))
        };
        let hop = |h: &crate::types::Hop, from: M, land: M| BbHop {
            inc: h.dy * grid.width + h.dx > 0,
            mv_mask: M::all_if(h.mv),
            cap_mask: M::all_if(h.cap),
            next_only: h.next_only,
            from,
            land,
        };
        let mut hops: Vec<(BbHop<M>, (i64, i64))> = ty
            .hops
            .iter()
            .map(|h| (hop(h, M::ALL, prison), (h.dx, h.dy)))
            .collect();
        for set in &ty.in_zone {
            let zone = zone_mask(&set.zone);
            hops.extend(
                set.moves
                    .hops
                    .iter()
                    .map(|h| (hop(h, zone, zone & prison), (h.dx, h.dy))),
            );
        }
        let mut out = Jumps {
            lame_cells: vec![LameCell::default(); cells * paths.len()],
            hops: hops.iter().map(|(h, _)| *h).collect(),
            hop_rays: vec![M::EMPTY; cells * hops.len()],
            paths,
        };
        for c in 0..cells as i64 {
            let (x, y) = (grid.left + c % grid.width, grid.bottom + c / grid.width);
            let from = Sq::new(x, y);
            for l in &specs {
                if l.zone.is_some_and(|z| !z.contains(&from)) {
                    continue;
                }
                let to = Sq::new(x + l.total.0, y + l.total.1);
                let Some(to_cell) = grid.cell(to.x, to.y) else {
                    continue;
                };
                if l.zone.is_some_and(|z| !z.contains(&to)) {
                    continue;
                }
                let passed: Option<Vec<usize>> = l
                    .path
                    .iter()
                    .map(|&(dx, dy)| grid.cell(x + dx, y + dy))
                    .collect();
                let Some(passed) = passed else { continue };
                let j = out.paths.iter().position(|p| *p == l.path).unwrap_or(0);
                let lc = &mut out.lame_cells[c as usize * out.paths.len() + j];
                lc.block = passed.iter().fold(M::EMPTY, |m, &p| m | M::cell(p));
                let bit = M::cell(to_cell) & prison;
                let (mv, cap) = if l.needs_right {
                    (&mut lc.mv_right, &mut lc.cap_right)
                } else {
                    (&mut lc.mv, &mut lc.cap)
                };
                if l.mv {
                    *mv |= bit;
                }
                if l.cap {
                    *cap |= bit;
                }
            }
            for (i, (_, (dx, dy))) in hops.iter().enumerate() {
                let ray = &mut out.hop_rays[c as usize * hops.len() + i];
                let mut k = 1;
                while let Some(to) = grid.cell(x + dx * k, y + dy * k) {
                    *ray |= M::cell(to);
                    k += 1;
                }
            }
        }
        Some(out)
    }

    /// Every cell a capture by jumping could reach from `c`, blockers
    /// aside.
    pub fn any_cap(&self, c: usize) -> M {
        let paths = self.paths.len();
        let lames = self.lame_cells[c * paths..c * paths + paths]
            .iter()
            .fold(M::EMPTY, |m, lc| m | lc.cap | lc.cap_right);
        let n = self.hops.len();
        let hops = self
            .hops
            .iter()
            .zip(&self.hop_rays[c * n..c * n + n])
            .filter(|(h, _)| h.from.has(c))
            .fold(M::EMPTY, |m, (h, &ray)| m | (ray & h.cap_mask & h.land));
        lames | hops
    }

    /// The quiet targets and captures (before the board's own filters) of a
    /// piece of this type on `c` (`right`: with its `+` right), with `occ`
    /// occupied and the cells of `never` unable to serve as screens.
    #[inline]
    pub fn targets(&self, c: usize, right: bool, occ: M, never: M) -> (M, M) {
        let (mut quiet, mut caps) = (M::EMPTY, M::EMPTY);
        let paths = self.paths.len();
        let with_right = M::all_if(right);
        for lc in &self.lame_cells[c * paths..c * paths + paths] {
            if (occ & lc.block).is_empty() {
                quiet |= lc.mv | (lc.mv_right & with_right);
                caps |= lc.cap | (lc.cap_right & with_right);
            }
        }
        let n = self.hops.len();
        for (i, h) in self.hops.iter().enumerate() {
            let blockers = self.hop_rays[c * n + i] & occ;
            if blockers.is_empty() || !h.from.has(c) {
                continue;
            }
            let screen = if h.inc {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            if never.has(screen) {
                continue;
            }
            let beyond = self.beyond(i, screen, occ) & h.land;
            quiet |= beyond & h.mv_mask;
            caps |= beyond & h.cap_mask;
        }
        (quiet, caps)
    }

    /// Whether a piece of this type on `e` attacks `c` by jumping, with
    /// `occ` occupied and the cells of `never` unable to serve as screens: a
    /// capturing lame leap with the cells it passes empty (whether or not it
    /// needs a right, as the generic board's attacks count it), or a
    /// capturing hop with exactly one piece between.
    #[inline]
    pub fn attacks(&self, e: usize, c: usize, occ: M, never: M) -> bool {
        let paths = self.paths.len();
        if self.lame_cells[e * paths..e * paths + paths]
            .iter()
            .any(|lc| (lc.cap | lc.cap_right).has(c) && (occ & lc.block).is_empty())
        {
            return true;
        }
        let n = self.hops.len();
        self.hops.iter().enumerate().any(|(i, h)| {
            let ray = self.hop_rays[e * n + i];
            if h.cap_mask.is_empty() || !ray.has(c) || !h.from.has(e) || !h.land.has(c) {
                return false;
            }
            let blockers = ray & occ;
            if blockers.is_empty() {
                return false;
            }
            let screen = if h.inc {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            screen != c && !never.has(screen) && self.beyond(i, screen, occ).has(c)
        })
    }

    /// The cells hop `i` reaches beyond its screen on `screen`, with `occ`
    /// occupied: up to and including the next piece, or for the
    /// grasshopper the next cell alone.
    #[inline]
    fn beyond(&self, i: usize, screen: usize, occ: M) -> M {
        let h = &self.hops[i];
        let ray = self.hop_rays[screen * self.hops.len() + i];
        if !h.next_only {
            reach_ray(h.inc, ray, occ)
        } else if ray.is_empty() {
            M::EMPTY
        } else {
            M::cell(if h.inc { ray.lowest() } else { ray.highest() })
        }
    }
}
