//! Squares, vectors and regions in the engine's integer range.
//!
//! The engine works in `i64`. Every coordinate it accepts — pieces, the en
//! passant square, border sides, promotion rows, the squares of a move asked
//! about — must satisfy `|c| <= COORD_LIMIT` (2^52); anything larger is refused
//! with [`crate::MovegenError::OutOfRange`], never truncated. The headroom
//! (2^63 / 2^52 = 2048) keeps every product the engine forms — a ride of up to
//! 2^52 steps by a vector of length at most 16, line keys `b·x − a·y`, border
//! distances — far from overflow; intersections are solved in `i128`.

use icn_model::{Coord, Int, WorldBorder};
use icn_rules::Zone;

use crate::MovegenError;

/// The largest absolute coordinate the engine accepts: 2^52.
pub const COORD_LIMIT: i64 = 1 << 52;

/// The largest absolute component of a movement vector the engine accepts
/// (5D Chess's knight leaps 18 squares; products of a vector and a
/// coordinate stay far inside `i64`, and cross products are taken in `i128`).
pub const VECTOR_LIMIT: i64 = 128;

/// A square of the board, in the engine's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    /// Column.
    pub x: i64,
    /// Row.
    pub y: i64,
}

impl Sq {
    /// A square.
    pub const fn new(x: i64, y: i64) -> Self {
        Sq { x, y }
    }

    /// `self + k·(dx,dy)`.
    #[inline]
    pub const fn step(self, dx: i64, dy: i64, k: i64) -> Sq {
        Sq::new(self.x + dx * k, self.y + dy * k)
    }

    /// Converts an exact coordinate.
    ///
    /// # Errors
    /// [`MovegenError::OutOfRange`] when a coordinate is beyond [`COORD_LIMIT`].
    ///
    /// ```
    /// use icn_model::Coord;
    /// use icn_movegen::Sq;
    /// assert_eq!(Sq::from_coord(&Coord::new(3, -4)).unwrap(), Sq::new(3, -4));
    /// assert!(Sq::from_coord(&Coord::new(1i64 << 60, 0)).is_err());
    /// ```
    pub fn from_coord(c: &Coord) -> Result<Sq, MovegenError> {
        Ok(Sq::new(int_in_range(&c.x)?, int_in_range(&c.y)?))
    }

    /// The exact coordinate.
    pub fn to_coord(self) -> Coord {
        Coord::new(self.x, self.y)
    }

    /// Whether both coordinates are within [`COORD_LIMIT`].
    pub fn in_range(self) -> bool {
        self.x.unsigned_abs() <= COORD_LIMIT.unsigned_abs()
            && self.y.unsigned_abs() <= COORD_LIMIT.unsigned_abs()
    }
}

impl std::fmt::Display for Sq {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// An exact integer as an `i64` within [`COORD_LIMIT`] (`-2^63` included:
/// its magnitude is taken without overflow).
///
/// # Errors
/// [`MovegenError::OutOfRange`] when it is larger.
///
/// ```
/// use icn_model::Int;
/// use icn_movegen::int_in_range;
/// assert_eq!(int_in_range(&Int::from(-(1i64 << 52))), Ok(-(1i64 << 52)));
/// assert!(int_in_range(&Int::from(i64::MIN)).is_err());
/// ```
pub fn int_in_range(i: &Int) -> Result<i64, MovegenError> {
    i.to_i64_within(COORD_LIMIT.unsigned_abs())
        .ok_or_else(|| MovegenError::OutOfRange(i.to_string()))
}

/// A counter of the position (the fullmove number, the move-rule counter) as
/// a `u64` within [`COORD_LIMIT`]; `what` names it in the error.
///
/// # Errors
/// [`MovegenError::CounterOutOfRange`] when it is negative or larger.
///
/// ```
/// use icn_model::Int;
/// use icn_movegen::counter_in_range;
/// assert_eq!(counter_in_range(&Int::from(7), "fullmove number"), Ok(7));
/// let e = counter_in_range(&Int::parse("4503599627370497").unwrap(), "fullmove number");
/// assert!(e.unwrap_err().to_string().starts_with("fullmove number 4503599627370497"));
/// ```
pub fn counter_in_range(i: &Int, what: &'static str) -> Result<u64, MovegenError> {
    i.to_i64_within(COORD_LIMIT.unsigned_abs())
        .and_then(|v| u64::try_from(v).ok())
        .ok_or_else(|| MovegenError::CounterOutOfRange {
            what,
            value: i.to_string(),
        })
}

/// An inclusive rectangle with optional sides, in `i64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Border {
    /// Smallest x.
    pub left: Option<i64>,
    /// Largest x.
    pub right: Option<i64>,
    /// Smallest y.
    pub bottom: Option<i64>,
    /// Largest y.
    pub top: Option<i64>,
}

impl Border {
    /// Converts a world border.
    ///
    /// # Errors
    /// [`MovegenError::OutOfRange`] when a side is beyond [`COORD_LIMIT`].
    pub fn from_model(b: &WorldBorder) -> Result<Border, MovegenError> {
        let side = |s: &Option<Int>| s.as_ref().map(int_in_range).transpose();
        Ok(Border {
            left: side(&b.left)?,
            right: side(&b.right)?,
            bottom: side(&b.bottom)?,
            top: side(&b.top)?,
        })
    }

    /// Whether `s` is inside.
    #[inline]
    pub fn contains(&self, s: Sq) -> bool {
        self.left.is_none_or(|l| s.x >= l)
            && self.right.is_none_or(|r| s.x <= r)
            && self.bottom.is_none_or(|b| s.y >= b)
            && self.top.is_none_or(|t| s.y <= t)
    }

    /// How many steps by `(dx,dy)` from `s` (inside) stay inside; `None` when unbounded.
    #[inline]
    pub fn steps(&self, s: Sq, dx: i64, dy: i64) -> Option<i64> {
        let mut best: Option<i64> = None;
        let mut cap = |n: i64| best = Some(best.map_or(n, |b| b.min(n)));
        if dx > 0 {
            if let Some(r) = self.right {
                cap((r - s.x) / dx);
            }
        } else if dx < 0
            && let Some(l) = self.left
        {
            cap((s.x - l) / -dx);
        }
        if dy > 0 {
            if let Some(t) = self.top {
                cap((t - s.y) / dy);
            }
        } else if dy < 0
            && let Some(b) = self.bottom
        {
            cap((s.y - b) / -dy);
        }
        best
    }
}

/// A border with its open sides replaced by far sentinels, for the hot
/// paths: membership is four comparisons, ride lengths need no `Option`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FastBorder {
    lx: i64,
    rx: i64,
    by: i64,
    ty: i64,
}

/// Beyond every square the engine accepts.
const FAR: i64 = 1 << 60;

impl FastBorder {
    pub fn new(b: &Border) -> Self {
        FastBorder {
            lx: b.left.unwrap_or(-FAR),
            rx: b.right.unwrap_or(FAR),
            by: b.bottom.unwrap_or(-FAR),
            ty: b.top.unwrap_or(FAR),
        }
    }

    /// Whether `s` is inside.
    #[inline(always)]
    pub fn contains(&self, s: Sq) -> bool {
        s.x >= self.lx && s.x <= self.rx && s.y >= self.by && s.y <= self.ty
    }

    /// How many steps by `(dx,dy)` from `s` (inside) stay inside; `i64::MAX` when unbounded.
    #[inline(always)]
    pub fn steps(&self, s: Sq, dx: i64, dy: i64) -> i64 {
        let sx = match dx.signum() {
            1 => (self.rx - s.x) / dx,
            -1 => (s.x - self.lx) / -dx,
            _ => i64::MAX,
        };
        let sy = match dy.signum() {
            1 => (self.ty - s.y) / dy,
            -1 => (s.y - self.by) / -dy,
            _ => i64::MAX,
        };
        let n = sx.min(sy);
        if n >= FAR / 64 { i64::MAX } else { n }
    }
}

/// A zone compiled to `i64` (rows, rectangles, squares, unions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneSet {
    /// Whole rows; rows beyond the engine range are dropped (no piece can reach them).
    Rows(Vec<i64>),
    /// A rectangle.
    Rect(Border),
    /// Single squares.
    Squares(Vec<Sq>),
    /// Any of these.
    Union(Vec<ZoneSet>),
}

impl ZoneSet {
    /// Compiles a zone. Rows and squares beyond [`COORD_LIMIT`] are unreachable
    /// for every piece the engine accepts and are dropped.
    pub fn from_zone(z: &Zone) -> ZoneSet {
        let small = |i: &Int| i.to_i64_within(COORD_LIMIT.unsigned_abs());
        match z {
            Zone::Rows(ys) => ZoneSet::Rows(ys.iter().filter_map(small).collect()),
            Zone::Rect(b) => {
                // Sides beyond the range keep their meaning once clamped a
                // little outside it: no accepted square lies between.
                let clamp = |s: &Option<Int>| {
                    s.as_ref().map(|i| {
                        i.to_i64()
                            .unwrap_or(if i.is_negative() { i64::MIN } else { i64::MAX })
                            .clamp(-4 * COORD_LIMIT, 4 * COORD_LIMIT)
                    })
                };
                ZoneSet::Rect(Border {
                    left: clamp(&b.left),
                    right: clamp(&b.right),
                    bottom: clamp(&b.bottom),
                    top: clamp(&b.top),
                })
            }
            Zone::Squares(s) => ZoneSet::Squares(
                s.iter()
                    .filter_map(|c| Some(Sq::new(small(&c.x)?, small(&c.y)?)))
                    .collect(),
            ),
            Zone::Union(zs) => ZoneSet::Union(zs.iter().map(ZoneSet::from_zone).collect()),
        }
    }

    /// Whether `s` is in the zone.
    #[inline]
    pub fn contains(&self, s: Sq) -> bool {
        match self {
            ZoneSet::Rows(ys) => ys.contains(&s.y),
            ZoneSet::Rect(b) => b.contains(s),
            ZoneSet::Squares(v) => v.contains(&s),
            ZoneSet::Union(zs) => zs.iter().any(|z| z.contains(s)),
        }
    }
}

/// Greatest common divisor of absolute values (of vectors within
/// [`VECTOR_LIMIT`], so the magnitudes fit).
pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.saturating_abs(), b.saturating_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether `n` is prime (deterministic Miller–Rabin for all `u64`).
pub(crate) fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let (mut d, mut r) = (n - 1, 0);
    while d.is_multiple_of(2) {
        d /= 2;
        r += 1;
    }
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut acc = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                acc = mul(acc, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        acc
    };
    'witness: for a in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul(x, x);
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

/// How many primes lie in `lo..=hi` (both at least 0). Exact; cost grows with
/// the length of the range, which callers keep finite.
pub(crate) fn count_primes(lo: i64, hi: i64) -> u64 {
    (lo.max(2)..=hi).filter(|&k| is_prime(k as u64)).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_and_border_steps() {
        let p: Vec<u64> = (0..30).filter(|&n| is_prime(n)).collect();
        assert_eq!(p, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
        assert!(is_prime(1_000_000_007));
        assert!(!is_prime(1_000_000_007 * 3));
        assert_eq!(count_primes(0, 100), 25);
        let b = Border {
            left: Some(1),
            right: Some(8),
            bottom: Some(1),
            top: Some(8),
        };
        assert_eq!(b.steps(Sq::new(1, 1), 1, 1), Some(7));
        assert_eq!(b.steps(Sq::new(2, 1), 1, 2), Some(3));
        assert_eq!(b.steps(Sq::new(4, 4), -1, 0), Some(3));
        assert_eq!(Border::default().steps(Sq::new(0, 0), 1, 0), None);
        assert_eq!(gcd(-4, 6), 2);
    }
}
