//! Bitboard tables of the moves that jump: lame leaps (the xiangqi horse and
//! elephant, whose leg must be empty) and hops (the cannon, which jumps one
//! screen), for the compact board.
//!
//! A lame leap is stored per cell and leg: the leg's cell and the targets the
//! leap reaches while the leg is empty (two lame leaps with one leg share
//! it). A hop is stored per cell as its whole ray; the screen is the ray's
//! first occupied cell and the hop lands on the screen's own ray in the same
//! direction, up to and including its first occupied cell ([`reach_ray`]).

use super::reach_ray;
use crate::mask::Mask;
use crate::types::PieceType;

/// One leg of a type's lame leaps, from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LameCell<M> {
    /// The leg's cell (meaningless when both masks are empty).
    pub leg: u8,
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
}

/// A type's lame leaps and hops.
#[derive(Clone, Debug, Default)]
pub(crate) struct Jumps<M> {
    /// Distinct legs (first steps) of its lame leaps.
    pub legs: Vec<(i64, i64)>,
    /// Per cell and leg (`cell · legs + leg`).
    pub lame_cells: Vec<LameCell<M>>,
    pub hops: Vec<BbHop<M>>,
    /// Per cell and hop (`cell · hops + hop`): the hop's ray.
    pub hop_rays: Vec<M>,
    /// The cells the type may land on (its prison; every cell when free).
    pub prison: M,
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
    /// The tables of `ty` (`None` when it neither leaps lamely nor hops),
    /// landing only in `prison`.
    pub fn build(ty: &PieceType, grid: &Grid, prison: M) -> Option<Jumps<M>> {
        if ty.lames.is_empty() && ty.hops.is_empty() {
            return None;
        }
        let cells = (grid.width * grid.height) as usize;
        let mut legs: Vec<(i64, i64)> = Vec::new();
        for l in &ty.lames {
            if !legs.contains(&l.first) {
                legs.push(l.first);
            }
        }
        let mut out = Jumps {
            lame_cells: vec![LameCell::default(); cells * legs.len()],
            hops: ty
                .hops
                .iter()
                .map(|h| BbHop {
                    inc: h.dy * grid.width + h.dx > 0,
                    mv_mask: M::all_if(h.mv),
                    cap_mask: M::all_if(h.cap),
                    next_only: h.next_only,
                })
                .collect(),
            hop_rays: vec![M::EMPTY; cells * ty.hops.len()],
            legs,
            prison,
        };
        for c in 0..cells as i64 {
            let (x, y) = (grid.left + c % grid.width, grid.bottom + c / grid.width);
            for (j, leg) in out.legs.iter().enumerate() {
                let Some(leg_cell) = grid.cell(x + leg.0, y + leg.1) else {
                    continue;
                };
                let lc = &mut out.lame_cells[c as usize * out.legs.len() + j];
                lc.leg = leg_cell as u8;
                for l in ty.lames.iter().filter(|l| l.first == *leg) {
                    if let Some(to) = grid.cell(x + l.total.0, y + l.total.1) {
                        let bit = M::cell(to) & prison;
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
                }
            }
            for (i, h) in ty.hops.iter().enumerate() {
                let ray = &mut out.hop_rays[c as usize * ty.hops.len() + i];
                let mut k = 1;
                while let Some(to) = grid.cell(x + h.dx * k, y + h.dy * k) {
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
        let legs = self.legs.len();
        let lames = self.lame_cells[c * legs..c * legs + legs]
            .iter()
            .fold(M::EMPTY, |m, lc| m | lc.cap | lc.cap_right);
        let n = self.hops.len();
        let hops = self
            .hops
            .iter()
            .zip(&self.hop_rays[c * n..c * n + n])
            .fold(M::EMPTY, |m, (h, &ray)| m | (ray & h.cap_mask));
        lames | (hops & self.prison)
    }

    /// The quiet targets and captures (before the board's own filters) of a
    /// piece of this type on `c` (`right`: with its `+` right), with `occ`
    /// occupied and the cells of `never` unable to serve as screens.
    #[inline]
    pub fn targets(&self, c: usize, right: bool, occ: M, never: M) -> (M, M) {
        let (mut quiet, mut caps) = (M::EMPTY, M::EMPTY);
        let legs = self.legs.len();
        let with_right = M::all_if(right);
        for lc in &self.lame_cells[c * legs..c * legs + legs] {
            if !occ.has(lc.leg.into()) {
                quiet |= lc.mv | (lc.mv_right & with_right);
                caps |= lc.cap | (lc.cap_right & with_right);
            }
        }
        let n = self.hops.len();
        for (i, h) in self.hops.iter().enumerate() {
            let blockers = self.hop_rays[c * n + i] & occ;
            if blockers.is_empty() {
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
            let beyond = self.beyond(i, screen, occ) & self.prison;
            quiet |= beyond & h.mv_mask;
            caps |= beyond & h.cap_mask;
        }
        (quiet, caps)
    }

    /// Whether a piece of this type on `e` attacks `c` by jumping, with
    /// `occ` occupied: a capturing lame leap with its leg empty (whether or
    /// not it needs a right, as the generic board's attacks count it), or a
    /// capturing hop with exactly one piece between.
    #[inline]
    pub fn attacks(&self, e: usize, c: usize, occ: M) -> bool {
        let legs = self.legs.len();
        if self.lame_cells[e * legs..e * legs + legs]
            .iter()
            .any(|lc| (lc.cap | lc.cap_right).has(c) && !occ.has(lc.leg.into()))
        {
            return true;
        }
        if !self.prison.has(c) {
            return false;
        }
        let n = self.hops.len();
        self.hops.iter().enumerate().any(|(i, h)| {
            let ray = self.hop_rays[e * n + i];
            if h.cap_mask.is_empty() || !ray.has(c) {
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
            screen != c && self.beyond(i, screen, occ).has(c)
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
