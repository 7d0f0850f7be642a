//! Cutting a ray down to the squares that answer every check: the
//! intersection of `from + k·v` with each check's blocking segment
//! `royal + j·w` (`1 ≤ j ≤ k_c`) — a single point when the lines cross, an
//! interval when they are collinear. Solved exactly: in `i64` when the
//! terms are small, else in `i128`.

use crate::MovegenError;
use crate::attacks::Constraint;
use crate::geometry::{Sq, gcd};

/// The `k` values of a ray that remain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KSet {
    /// `lo ≤ k ≤ hi` (`hi = None`: no end).
    Range(i64, Option<i64>),
    /// These values, ascending.
    Points(Vec<i64>),
}

impl KSet {
    fn intersect(self, other: KSet) -> KSet {
        match (self, other) {
            (KSet::Range(a, b), KSet::Range(c, d)) => {
                let hi = match (b, d) {
                    (Some(x), Some(y)) => Some(x.min(y)),
                    (x, None) => x,
                    (None, y) => y,
                };
                KSet::Range(a.max(c), hi)
            }
            (KSet::Range(a, b), KSet::Points(p)) | (KSet::Points(p), KSet::Range(a, b)) => {
                KSet::Points(
                    p.into_iter()
                        .filter(|&k| k >= a && b.is_none_or(|h| k <= h))
                        .collect(),
                )
            }
            (KSet::Points(p), KSet::Points(q)) => {
                KSet::Points(p.into_iter().filter(|k| q.contains(k)).collect())
            }
        }
    }

    /// Whether nothing remains.
    pub fn is_empty(&self) -> bool {
        match self {
            KSet::Range(lo, hi) => hi.is_some_and(|h| h < *lo),
            KSet::Points(p) => p.is_empty(),
        }
    }
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// Where the ray `d + k·v` (relative to the royal) crosses the segment
/// `j·w`, `1 ≤ j ≤ k_max`: `None` when the lines are parallel. Generic so
/// that small terms take `i64` and large ones `i128` with the same code.
fn crossing<T>(d: (T, T), v: (T, T), w: (T, T), k_max: T) -> Option<KSet>
where
    T: Copy
        + PartialOrd
        + From<i8>
        + TryInto<i64>
        + std::ops::Mul<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Div<Output = T>
        + std::ops::Rem<Output = T>,
{
    let (zero, one) = (T::from(0), T::from(1));
    let det = v.0 * w.1 - w.0 * v.1;
    if det == zero {
        return None;
    }
    // j·w − k·v = d
    let jn = v.0 * d.1 - v.1 * d.0;
    let kn = w.0 * d.1 - w.1 * d.0;
    if jn % det != zero || kn % det != zero {
        return Some(KSet::Points(Vec::new()));
    }
    let (j, k) = (jn / det, kn / det);
    let hit = j >= one && j <= k_max && k >= one;
    Some(KSet::Points(
        hit.then(|| k.try_into().ok())
            .flatten()
            .into_iter()
            .collect(),
    ))
}

/// The `k` of the ray `from + k·(vx,vy)` that land on the constraint's segment.
fn on_segment(from: Sq, vx: i64, vy: i64, c: &Constraint) -> Result<KSet, MovegenError> {
    let d = (from.x - c.royal.x, from.y - c.royal.y);
    // Below 2^30 every product stays below 2^62: `i64` will do.
    let small = [d.0, d.1, vx, vy, c.wx, c.wy]
        .iter()
        .all(|t| t.unsigned_abs() < 1 << 30);
    let crossed = if small {
        crossing(d, (vx, vy), (c.wx, c.wy), c.k)
    } else {
        let wide = |(a, b): (i64, i64)| (i128::from(a), i128::from(b));
        crossing(wide(d), wide((vx, vy)), wide((c.wx, c.wy)), i128::from(c.k))
    };
    if let Some(k) = crossed {
        return Ok(k);
    }
    let (dx, dy) = (i128::from(d.0), i128::from(d.1));
    let (vx, vy, wx, wy) = (
        i128::from(vx),
        i128::from(vy),
        i128::from(c.wx),
        i128::from(c.wy),
    );
    if dx * wy - dy * wx != 0 {
        return Ok(KSet::Points(Vec::new()));
    }
    // Collinear: measure along the primitive direction u of w.
    let gw = i128::from(gcd(c.wx, c.wy));
    let (ux, uy) = (wx / gw, wy / gw);
    let along = |px: i128, py: i128| if ux != 0 { px / ux } else { py / uy };
    let (d, av) = (along(dx, dy), along(vx, vy));
    if gw == 1 {
        // 1 ≤ d + k·av ≤ c.k
        let (lo, hi) = if av > 0 {
            (ceil_div(1 - d, av), floor_div(i128::from(c.k) - d, av))
        } else {
            (ceil_div(i128::from(c.k) - d, av), floor_div(1 - d, av))
        };
        let lo = lo.max(1);
        return Ok(KSet::Range(lo as i64, Some(hi as i64)));
    }
    if c.k > 1_000_000 {
        return Err(MovegenError::Unsupported(
            "a ray along the line of a long non-primitive ride".into(),
        ));
    }
    let mut pts = Vec::new();
    for j in 1..=i128::from(c.k) {
        let t = j * gw - d;
        if t % av == 0 && t / av >= 1 {
            pts.push((t / av) as i64);
        }
        if pts.len() > 1_000_000 {
            return Err(MovegenError::Unsupported(
                "a check answered on more than a million squares of one ray".into(),
            ));
        }
    }
    pts.sort_unstable();
    Ok(KSet::Points(pts))
}

/// The `k` of the ray `from + k·v` on the segment `start + j·w`, `j1 ≤ j ≤ j2`.
pub(crate) fn ray_meets_segment(
    from: Sq,
    v: (i64, i64),
    start: Sq,
    w: (i64, i64),
    j1: i64,
    j2: i64,
) -> Result<KSet, MovegenError> {
    let royal = Sq::new(start.x + (j1 - 1) * w.0, start.y + (j1 - 1) * w.1);
    let c = Constraint {
        royal,
        royal_slot: 0,
        wx: w.0,
        wy: w.1,
        k: j2 - j1 + 1,
    };
    on_segment(from, v.0, v.1, &c)
}

/// `[lo, hi]` without the excluded sets, as ascending intervals.
pub(crate) fn subtract(lo: i64, hi: Option<i64>, excluded: &[KSet]) -> Vec<(i64, Option<i64>)> {
    let mut cuts: Vec<(i64, i64)> = Vec::new();
    for e in excluded {
        match e {
            KSet::Range(a, Some(b)) if a <= b => cuts.push((*a, *b)),
            KSet::Range(a, None) => cuts.push((*a, i64::MAX)),
            KSet::Points(p) => cuts.extend(p.iter().map(|&k| (k, k))),
            KSet::Range(..) => {}
        }
    }
    cuts.sort_unstable();
    let mut out = Vec::new();
    let mut next = lo;
    for (a, b) in cuts {
        if hi.is_some_and(|h| next > h) || next == i64::MAX {
            return out;
        }
        if a > next {
            let end = hi.map_or(a - 1, |h| h.min(a - 1));
            if end >= next {
                out.push((next, Some(end)));
            }
        }
        if b >= next {
            next = b.saturating_add(1);
        }
    }
    if next != i64::MAX && hi.is_none_or(|h| next <= h) {
        out.push((next, hi));
    }
    out
}

/// The part of the ray `from + k·v`, `lo ≤ k ≤ hi`, that answers every constraint.
pub(crate) fn constrain_ray(
    from: Sq,
    v: (i64, i64),
    lo: i64,
    hi: Option<i64>,
    cons: &[Constraint],
) -> Result<KSet, MovegenError> {
    let mut set = KSet::Range(lo, hi);
    for c in cons {
        set = set.intersect(on_segment(from, v.0, v.1, c)?);
        if set.is_empty() {
            break;
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(royal: (i64, i64), w: (i64, i64), k: i64) -> Constraint {
        Constraint {
            royal: Sq::new(royal.0, royal.1),
            royal_slot: 0,
            wx: w.0,
            wy: w.1,
            k,
        }
    }

    #[test]
    fn subtracting_intervals() {
        let ex = [
            KSet::Points(vec![3, 7]),
            KSet::Range(10, Some(12)),
            KSet::Range(20, None),
        ];
        assert_eq!(
            subtract(1, None, &ex),
            vec![(1, Some(2)), (4, Some(6)), (8, Some(9)), (13, Some(19))]
        );
        assert_eq!(subtract(1, None, &[]), vec![(1, None)]);
        assert_eq!(subtract(5, Some(6), &ex), vec![(5, Some(6))]);
    }

    #[test]
    fn crossing_and_collinear() {
        // Rook on 0,5 moving down to block a check along row 0 from 10,0 to king 0,0... crossing at k=5.
        let s = constrain_ray(Sq::new(5, 5), (0, -1), 1, None, &[c((0, 0), (1, 0), 10)]).unwrap();
        assert_eq!(s, KSet::Points(vec![5]));
        // Pinned rook on 3,0 between king 0,0 and rook 10,0 moving right: 1..=7.
        let s = constrain_ray(Sq::new(3, 0), (1, 0), 1, None, &[c((0, 0), (1, 0), 10)]).unwrap();
        assert_eq!(s, KSet::Range(1, Some(7)));
        // Moving left: 1..=2.
        let s = constrain_ray(Sq::new(3, 0), (-1, 0), 1, None, &[c((0, 0), (1, 0), 10)]).unwrap();
        assert_eq!(s, KSet::Range(1, Some(2)));
        // Parallel, not collinear.
        let s = constrain_ray(Sq::new(3, 1), (1, 0), 1, None, &[c((0, 0), (1, 0), 10)]).unwrap();
        assert!(s.is_empty());
        // Knight-rider check blocked by a bishop: 0,0 king, attacker 2,4 along (1,2); block square 1,2.
        let s =
            constrain_ray(Sq::new(4, 5), (-1, -1), 1, Some(7), &[c((0, 0), (1, 2), 2)]).unwrap();
        assert_eq!(s, KSet::Points(vec![3]));
    }
}
