//! [`SquareSet`]: exact sets of squares on the unbounded board.
//!
//! A set is the symmetric difference (xor) of three parts: an `Area` (a
//! union of axis-aligned rectangles with open sides allowed: ranges,
//! half-planes, the world border, rows and columns a rook attacks), oblique
//! lines (`LineSet`: the diagonals a bishop attacks, a knightrider's
//! lines, each as intervals) and a finite list of squares. Intersection
//! distributes over xor, and each pair of parts intersects into a part
//! (a rectangle clips a line to an interval; two lines meet in at most one
//! square), so `&`, `|`, `~` and difference stay exact and cheap.
//!
//! Counting is exact: a set is infinite exactly when its area is, or when
//! one of its lines is; otherwise the count is worked out from the parts
//! and the finitely many squares where lines cross (see [`SquareSet::count`]).
//! A set is listed (for `square … in`) only when it is finite, and at most
//! [`LIST_LIMIT`] squares.

mod area;
mod line;

use std::fmt;

use icn_movegen::Sq;

use area::Area;
use line::{Interval, LineKey, LineSet};

/// The most squares a set is listed with.
pub const LIST_LIMIT: u128 = 1 << 22;

/// A range of coordinates: `lo..hi` with either end open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Smallest value, when bounded.
    pub lo: Option<i64>,
    /// Largest value, when bounded.
    pub hi: Option<i64>,
}

impl Range {
    /// Every value.
    pub const ALL: Range = Range { lo: None, hi: None };

    /// Just `v`.
    pub fn one(v: i64) -> Range {
        Range {
            lo: Some(v),
            hi: Some(v),
        }
    }

    /// Whether no value is in it.
    pub fn is_empty(&self) -> bool {
        matches!((self.lo, self.hi), (Some(l), Some(h)) if l > h)
    }

    /// Whether `v` is in it.
    pub fn contains(&self, v: i64) -> bool {
        self.lo.is_none_or(|l| v >= l) && self.hi.is_none_or(|h| v <= h)
    }
}

/// How many squares a set holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Finitely many.
    Finite(u128),
    /// Infinitely many.
    Infinite,
}

/// A set of squares (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct SquareSet {
    area: Area,
    lines: Vec<LineSet>,
    /// Sorted, each at most once.
    points: Vec<Sq>,
}

/// Symmetric difference of two sorted square lists.
fn xor_sorted(a: &[Sq], b: &[Sq]) -> Vec<Sq> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(a.len() + b.len());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

fn xor_lines(a: &[LineSet], b: &[LineSet]) -> Vec<LineSet> {
    let mut out: Vec<LineSet> = a.to_vec();
    for l in b {
        match out.iter_mut().find(|o| o.key == l.key) {
            Some(o) => o.ivals = line::combine(&o.ivals, &l.ivals, |x, y| x != y),
            None => out.push(l.clone()),
        }
    }
    out.retain(|l| !l.ivals.is_empty());
    out.sort_by_key(|l| l.key);
    out
}

impl SquareSet {
    /// No square.
    pub fn empty() -> SquareSet {
        SquareSet::default()
    }

    /// The rectangle `x × y` (open ends allowed).
    pub fn rect(x: Range, y: Range) -> SquareSet {
        SquareSet {
            area: Area::rect(x, y),
            ..SquareSet::default()
        }
    }

    /// The given squares (repeats count once).
    pub fn from_squares(mut v: Vec<Sq>) -> SquareSet {
        v.sort_unstable();
        v.dedup();
        SquareSet {
            points: v,
            ..SquareSet::default()
        }
    }

    /// Squares `from + k·step`, `first ≤ k ≤ last` (`None`: without end),
    /// `step` primitive.
    pub fn ray(from: Sq, step: (i64, i64), first: i64, last: Option<i64>) -> SquareSet {
        if last.is_some_and(|l| l < first) {
            return SquareSet::empty();
        }
        let end = |k: Option<i64>| k.map(|k| from.step(step.0, step.1, k));
        let (s0, s1) = (from.step(step.0, step.1, first), end(last));
        match step {
            (0, dy) => {
                let y = match (dy > 0, s1) {
                    (true, _) => Range {
                        lo: Some(s0.y),
                        hi: s1.map(|s| s.y),
                    },
                    (false, _) => Range {
                        lo: s1.map(|s| s.y),
                        hi: Some(s0.y),
                    },
                };
                SquareSet::rect(Range::one(from.x), y)
            }
            (dx, 0) => {
                let x = if dx > 0 {
                    Range {
                        lo: Some(s0.x),
                        hi: s1.map(|s| s.x),
                    }
                } else {
                    Range {
                        lo: s1.map(|s| s.x),
                        hi: Some(s0.x),
                    }
                };
                SquareSet::rect(x, Range::one(from.y))
            }
            (a, _) => {
                let (key, shift) = LineKey::through(from, step);
                // Parameter of `from + k·step` is shift ± k.
                let dir = if a > 0 { 1 } else { -1 };
                let t0 = shift + dir * first;
                let t1 = last.map(|l| shift + dir * l);
                let iv = match (dir, t1) {
                    (1, t1) => (t0, t1.unwrap_or(i64::MAX)),
                    (_, t1) => (t1.unwrap_or(i64::MIN), t0),
                };
                SquareSet {
                    lines: vec![LineSet {
                        key,
                        ivals: vec![iv],
                    }],
                    ..SquareSet::default()
                }
            }
        }
    }

    /// Whether the set is finite and lists its squares cheaply (no area,
    /// no lines): the common case on small boards.
    fn is_plain(&self) -> bool {
        self.lines.is_empty() && self.area.is_empty()
    }

    /// Whether `s` is in the set.
    pub fn contains(&self, s: Sq) -> bool {
        let mut inside = self.area.contains(s.x, s.y);
        for l in &self.lines {
            if l.key.param(s).is_some_and(|t| line::holds(&l.ivals, t)) {
                inside = !inside;
            }
        }
        inside != self.points.binary_search(&s).is_ok()
    }

    /// The symmetric difference.
    pub fn xor(&self, other: &SquareSet) -> SquareSet {
        SquareSet {
            area: if other.area.is_empty() {
                self.area.clone()
            } else if self.area.is_empty() {
                other.area.clone()
            } else {
                self.area.combine(&other.area, |a, b| a != b)
            },
            lines: xor_lines(&self.lines, &other.lines),
            points: xor_sorted(&self.points, &other.points),
        }
    }

    /// A line's squares inside an area, as a line set.
    fn clip(l: &LineSet, area: &Area) -> LineSet {
        let pieces: Vec<Interval> = area.cells().filter_map(|c| l.key.clip(c)).collect();
        LineSet {
            key: l.key,
            ivals: line::combine(&l.ivals, &line::normalize(pieces), |a, b| a && b),
        }
    }

    /// The intersection.
    pub fn and(&self, other: &SquareSet) -> SquareSet {
        if self.is_plain() {
            return SquareSet::from_sorted(
                self.points
                    .iter()
                    .copied()
                    .filter(|&s| other.contains(s))
                    .collect(),
            );
        }
        if other.is_plain() {
            return other.and(self);
        }
        let area = self.area.combine(&other.area, |a, b| a && b);
        let mut lines: Vec<LineSet> = Vec::new();
        let mut points: Vec<Sq> = Vec::new();
        let mut add_line = |l: LineSet| lines = xor_lines(&lines, &[l]);
        for l in &other.lines {
            add_line(SquareSet::clip(l, &self.area));
        }
        for l in &self.lines {
            add_line(SquareSet::clip(l, &other.area));
            for m in &other.lines {
                if l.key == m.key {
                    add_line(LineSet {
                        key: l.key,
                        ivals: line::combine(&l.ivals, &m.ivals, |a, b| a && b),
                    });
                } else if let Some(s) = l.key.crossing(&m.key)
                    && l.key.param(s).is_some_and(|t| line::holds(&l.ivals, t))
                    && m.key.param(s).is_some_and(|t| line::holds(&m.ivals, t))
                {
                    points = xor_sorted(&points, &[s]);
                }
            }
        }
        // The list parts: F ∩ T, and G ∩ (A ⊕ L) — the other side's list
        // against this side without its list.
        let mut from_lists: Vec<Sq> = self
            .points
            .iter()
            .copied()
            .filter(|&s| other.contains(s))
            .chain(
                other
                    .points
                    .iter()
                    .copied()
                    .filter(|&s| self.contains(s) != self.points.binary_search(&s).is_ok()),
            )
            .collect();
        from_lists.sort_unstable();
        let mut merged: Vec<Sq> = Vec::with_capacity(from_lists.len());
        for s in from_lists {
            if merged.last() == Some(&s) {
                merged.pop();
            } else {
                merged.push(s);
            }
        }
        SquareSet {
            area,
            lines,
            points: xor_sorted(&points, &merged),
        }
    }

    fn from_sorted(points: Vec<Sq>) -> SquareSet {
        SquareSet {
            points,
            ..SquareSet::default()
        }
    }

    /// The union.
    pub fn or(&self, other: &SquareSet) -> SquareSet {
        if self.is_plain() && other.is_plain() {
            let mut v: Vec<Sq> = self.points.iter().chain(&other.points).copied().collect();
            v.sort_unstable();
            v.dedup();
            return SquareSet::from_sorted(v);
        }
        self.xor(other).xor(&self.and(other))
    }

    /// The squares of `self` not in `other`.
    pub fn minus(&self, other: &SquareSet) -> SquareSet {
        if self.is_plain() {
            return SquareSet::from_sorted(
                self.points
                    .iter()
                    .copied()
                    .filter(|&s| !other.contains(s))
                    .collect(),
            );
        }
        self.xor(&self.and(other))
    }

    /// Whether the two sets hold the same squares.
    pub fn same(&self, other: &SquareSet) -> bool {
        self.xor(other).count() == Count::Finite(0)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        if self.is_plain() {
            return self.points.is_empty();
        }
        self.count() == Count::Finite(0)
    }

    /// Squares where two of the lines cross, or of the list.
    fn special(&self) -> Vec<Sq> {
        let mut c = self.points.clone();
        for (i, l) in self.lines.iter().enumerate() {
            for m in &self.lines[i + 1..] {
                if let Some(s) = l.key.crossing(&m.key)
                    && l.key.param(s).is_some_and(|t| line::holds(&l.ivals, t))
                    && m.key.param(s).is_some_and(|t| line::holds(&m.ivals, t))
                {
                    c.push(s);
                }
            }
        }
        c.sort_unstable();
        c.dedup();
        c
    }

    /// How many squares. With `A` the area, `Lᵢ` the lines and `C` the
    /// listed squares plus crossings: outside `C` a square is on at most one
    /// line, so the set there is `A △ ⋃Lᵢ`, counted part by part; the
    /// squares of `C` are tested one by one.
    pub fn count(&self) -> Count {
        if self.is_plain() {
            return Count::Finite(self.points.len() as u128);
        }
        let Some(area) = self.area.count() else {
            return Count::Infinite;
        };
        let mut line_total: u128 = 0;
        let mut both: u128 = 0;
        for l in &self.lines {
            for iv in &l.ivals {
                match line::len(iv) {
                    Some(n) => line_total += n,
                    None => return Count::Infinite,
                }
            }
            for iv in &SquareSet::clip(l, &self.area).ivals {
                both += line::len(iv).unwrap_or(0);
            }
        }
        let c = self.special();
        let mut area_c: u128 = 0;
        let mut lines_c: u128 = 0;
        let mut both_c: u128 = 0;
        let mut inside_c: u128 = 0;
        for &s in &c {
            let in_area = self.area.contains(s.x, s.y);
            let on = self
                .lines
                .iter()
                .filter(|l| l.key.param(s).is_some_and(|t| line::holds(&l.ivals, t)))
                .count() as u128;
            area_c += u128::from(in_area);
            lines_c += on;
            if in_area {
                both_c += on;
            }
            inside_c += u128::from(self.contains(s));
        }
        let outside = (area - area_c) + (line_total - lines_c) - 2 * (both - both_c);
        Count::Finite(outside + inside_c)
    }

    /// Every square, sorted, when the set is finite and at most
    /// [`LIST_LIMIT`] squares; `None` otherwise.
    pub fn squares(&self) -> Option<Vec<Sq>> {
        if self.is_plain() {
            return Some(self.points.clone());
        }
        match self.count() {
            Count::Finite(n) if n <= LIST_LIMIT => {}
            _ => return None,
        }
        let mut cand: Vec<Sq> = self.points.clone();
        for (x0, x1, y0, y1) in self.area.cells() {
            for x in x0?..=x1? {
                for y in y0?..=y1? {
                    cand.push(Sq::new(x, y));
                }
            }
        }
        for l in &self.lines {
            for &(lo, hi) in &l.ivals {
                cand.extend((lo..=hi).map(|t| l.key.at(t)));
            }
        }
        cand.sort_unstable();
        cand.dedup();
        cand.retain(|&s| self.contains(s));
        Some(cand)
    }

    /// The one square of a set of exactly one.
    pub fn single(&self) -> Option<Sq> {
        if self.is_plain() {
            return (self.points.len() == 1).then(|| self.points[0]);
        }
        match self.count() {
            Count::Finite(1) => self.squares().and_then(|v| v.first().copied()),
            _ => None,
        }
    }

    /// The image of the set under a map of the board onto itself.
    pub fn map(&self, f: &Affine) -> SquareSet {
        let mut out = SquareSet::from_squares(self.points.iter().map(|&s| f.apply(s)).collect());
        for (x0, x1, y0, y1) in self.area.cells() {
            let (rx, ry) = f.apply_rect(Range { lo: x0, hi: x1 }, Range { lo: y0, hi: y1 });
            out = out.xor(&SquareSet::rect(rx, ry));
        }
        for l in &self.lines {
            let dir = f.apply_vector((l.key.a, l.key.b));
            for &(lo, hi) in &l.ivals {
                let piece = match (lo == i64::MIN, hi == i64::MAX) {
                    (false, _) => {
                        let last = (hi != i64::MAX).then(|| hi - lo);
                        SquareSet::ray(f.apply(l.key.at(lo)), dir, 0, last)
                    }
                    (true, false) => {
                        SquareSet::ray(f.apply(l.key.at(hi)), (-dir.0, -dir.1), 0, None)
                    }
                    (true, true) => {
                        let from = f.apply(l.key.at(0));
                        SquareSet::ray(from, dir, 0, None).xor(&SquareSet::ray(
                            from,
                            (-dir.0, -dir.1),
                            1,
                            None,
                        ))
                    }
                };
                out = out.xor(&piece);
            }
        }
        out
    }
}

/// A map of the board onto itself: `s ↦ m·s + c` with `m` a signed
/// permutation matrix (reflections, quarter turns, the identity) — so
/// rectangles go to rectangles and lines to lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Affine {
    /// The matrix, rows first.
    pub m: [[i64; 2]; 2],
    /// The translation.
    pub c: (i64, i64),
}

impl Affine {
    /// The identity.
    pub const IDENTITY: Affine = Affine {
        m: [[1, 0], [0, 1]],
        c: (0, 0),
    };

    /// `self` after `first`.
    pub fn after(&self, first: &Affine) -> Affine {
        let (a, b) = (self.m, first.m);
        let m = [
            [
                a[0][0] * b[0][0] + a[0][1] * b[1][0],
                a[0][0] * b[0][1] + a[0][1] * b[1][1],
            ],
            [
                a[1][0] * b[0][0] + a[1][1] * b[1][0],
                a[1][0] * b[0][1] + a[1][1] * b[1][1],
            ],
        ];
        let c = self.apply_vector(first.c);
        Affine {
            m,
            c: (c.0 + self.c.0, c.1 + self.c.1),
        }
    }

    /// The image of a vector (no translation).
    pub fn apply_vector(&self, (x, y): (i64, i64)) -> (i64, i64) {
        (
            self.m[0][0] * x + self.m[0][1] * y,
            self.m[1][0] * x + self.m[1][1] * y,
        )
    }

    /// The image of a square.
    pub fn apply(&self, s: Sq) -> Sq {
        let (x, y) = self.apply_vector((s.x, s.y));
        Sq::new(x + self.c.0, y + self.c.1)
    }

    /// The image of the rectangle `x × y`, open sides kept open.
    pub fn apply_rect(&self, x: Range, y: Range) -> (Range, Range) {
        let one = |row: [i64; 2], c: i64| {
            let (k, r) = if row[0] != 0 {
                (row[0], x)
            } else {
                (row[1], y)
            };
            let (lo, hi) = (r.lo.map(|v| k * v + c), r.hi.map(|v| k * v + c));
            if k > 0 {
                Range { lo, hi }
            } else {
                Range { lo: hi, hi: lo }
            }
        };
        (one(self.m[0], self.c.0), one(self.m[1], self.c.1))
    }
}

impl PartialEq for SquareSet {
    fn eq(&self, other: &Self) -> bool {
        self.same(other)
    }
}

impl fmt::Display for SquareSet {
    /// Finite sets as their squares `x,y`, sorted and separated by blanks;
    /// others as `<infinite>` or `<too many to list>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.squares() {
            Some(v) => {
                for (i, s) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
            None if self.count() == Count::Infinite => f.write_str("<infinite>"),
            None => f.write_str("<too many to list>"),
        }
    }
}
