//! [`LineSet`]: squares of one oblique line (neither a row nor a column),
//! kept as sorted, disjoint, inclusive intervals of the line's parameter.
//!
//! A line is `base + t·(a, b)` with `(a, b)` primitive, `a > 0`, `b ≠ 0`,
//! and `0 <= base.x < a`, so one line has one key. `t` runs over all
//! integers; `i64::MIN` and `i64::MAX` stand for the open ends. Rows and
//! columns are rectangles and live in [`super::area::Area`].

use icn_movegen::Sq;

use super::area::Cell;

/// Which line: its primitive direction and canonical base square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct LineKey {
    pub a: i64,
    pub b: i64,
    pub base: (i64, i64),
}

/// An inclusive interval of `t`; `i64::MIN`/`i64::MAX` are open ends.
pub(crate) type Interval = (i64, i64);

/// Squares of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineSet {
    pub key: LineKey,
    pub ivals: Vec<Interval>,
}

fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

impl LineKey {
    /// The line through `s` along the primitive oblique `(a, b)` (either sign).
    pub fn through(s: Sq, (a, b): (i64, i64)) -> (LineKey, i64) {
        let (a, b) = if a < 0 { (-a, -b) } else { (a, b) };
        let shift = div_floor(i128::from(s.x), i128::from(a)) as i64;
        let base = (s.x - shift * a, s.y - shift * b);
        (LineKey { a, b, base }, shift)
    }

    /// The square at `t`.
    pub fn at(&self, t: i64) -> Sq {
        Sq::new(self.base.0 + self.a * t, self.base.1 + self.b * t)
    }

    /// The parameter of `s`, when it is on the line.
    pub fn param(&self, s: Sq) -> Option<i64> {
        let dx = s.x - self.base.0;
        (dx % self.a == 0 && (s.y - self.base.1) * self.a == dx * self.b).then(|| dx / self.a)
    }

    /// The `t` interval inside a cell (a rectangle with open sides).
    pub fn clip(&self, (x0, x1, y0, y1): Cell) -> Option<Interval> {
        let (bx, by) = (i128::from(self.base.0), i128::from(self.base.1));
        let (a, b) = (i128::from(self.a), i128::from(self.b));
        let mut lo = i128::from(i64::MIN);
        let mut hi = i128::from(i64::MAX);
        if let Some(x0) = x0 {
            lo = lo.max(div_ceil(i128::from(x0) - bx, a));
        }
        if let Some(x1) = x1 {
            hi = hi.min(div_floor(i128::from(x1) - bx, a));
        }
        let (ylo, yhi) = if b > 0 { (y0, y1) } else { (y1, y0) };
        if let Some(v) = ylo {
            lo = lo.max(div_ceil(i128::from(v) - by, b));
        }
        if let Some(v) = yhi {
            hi = hi.min(div_floor(i128::from(v) - by, b));
        }
        (lo <= hi).then_some((lo as i64, hi as i64))
    }

    /// Where two different lines meet, when at a square.
    pub fn crossing(&self, other: &LineKey) -> Option<Sq> {
        let (u, v) = (
            (self.a as i128, self.b as i128),
            (other.a as i128, other.b as i128),
        );
        let cross = u.0 * v.1 - u.1 * v.0;
        if cross == 0 {
            return None;
        }
        let d = (
            (other.base.0 - self.base.0) as i128,
            (other.base.1 - self.base.1) as i128,
        );
        let num = d.0 * v.1 - d.1 * v.0;
        (num % cross == 0).then(|| self.at((num / cross) as i64))
    }
}

/// How many values an interval holds: `None` when infinitely many.
pub(crate) fn len(&(lo, hi): &Interval) -> Option<u128> {
    (lo != i64::MIN && hi != i64::MAX).then(|| (i128::from(hi) - i128::from(lo) + 1) as u128)
}

/// Whether `t` is in one of the sorted intervals.
pub(crate) fn holds(ivals: &[Interval], t: i64) -> bool {
    let i = ivals.partition_point(|&(_, hi)| hi < t);
    ivals.get(i).is_some_and(|&(lo, _)| lo <= t)
}

/// Sorts intervals and merges overlapping or touching ones.
pub(crate) fn normalize(mut v: Vec<Interval>) -> Vec<Interval> {
    v.sort_unstable();
    let mut out: Vec<Interval> = Vec::with_capacity(v.len());
    for (lo, hi) in v {
        match out.last_mut() {
            Some(last) if i128::from(lo) <= i128::from(last.1) + 1 => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// Two sorted interval lists combined by `f` on membership.
pub(crate) fn combine(
    a: &[Interval],
    b: &[Interval],
    f: impl Fn(bool, bool) -> bool,
) -> Vec<Interval> {
    // Every place where membership may change, as i128 to pass the ends.
    let mut cuts: Vec<i128> = Vec::with_capacity(2 * (a.len() + b.len()) + 1);
    cuts.push(i128::from(i64::MIN));
    for &(lo, hi) in a.iter().chain(b) {
        cuts.push(i128::from(lo));
        cuts.push(i128::from(hi) + 1);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::new();
    for (k, &start) in cuts.iter().enumerate() {
        if start > i128::from(i64::MAX) {
            break;
        }
        let t = start as i64;
        if f(holds(a, t), holds(b, t)) {
            let end = cuts
                .get(k + 1)
                .map_or(i64::MAX, |&n| (n - 1).min(i128::from(i64::MAX)) as i64);
            out.push((t, end));
        }
    }
    normalize(out)
}
