//! [`Area`]: a union of axis-aligned rectangles, any side of which may be
//! open, kept as a grid. The breakpoints `xs` and `ys` cut the plane into
//! columns and rows (column `i` is `xs[i-1] <= x < xs[i]`, the first and
//! last without end); a cell is in or out. Redundant breakpoints are removed,
//! so one area has one grid. Every operation is exact.

use super::Range;

/// A union of rectangles with open sides allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Area {
    xs: Vec<i64>,
    ys: Vec<i64>,
    /// Column-major: cell `(i, j)` at `i * (ys.len() + 1) + j`.
    cells: Vec<bool>,
}

/// A cell's bounds: smallest and largest x and y, `None` without end.
pub(crate) type Cell = (Option<i64>, Option<i64>, Option<i64>, Option<i64>);

impl Default for Area {
    fn default() -> Self {
        Area {
            xs: Vec::new(),
            ys: Vec::new(),
            cells: vec![false],
        }
    }
}

fn breaks(r: Range) -> Vec<i64> {
    r.lo.into_iter().chain(r.hi.map(|h| h + 1)).collect()
}

/// The index of the column (or row) holding `v`.
fn index(cuts: &[i64], v: i64) -> usize {
    cuts.partition_point(|&c| c <= v)
}

/// A value inside column (or row) `i`.
fn sample(cuts: &[i64], i: usize) -> i64 {
    if i == 0 {
        cuts.first().map_or(0, |c| c - 1)
    } else {
        cuts[i - 1]
    }
}

fn merged(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut v: Vec<i64> = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v.dedup();
    v
}

impl Area {
    /// The rectangle `x × y`; empty when a range is.
    pub fn rect(x: Range, y: Range) -> Area {
        if x.is_empty() || y.is_empty() {
            return Area::default();
        }
        let (xs, ys) = (breaks(x), breaks(y));
        let mut a = Area {
            cells: vec![false; (xs.len() + 1) * (ys.len() + 1)],
            xs,
            ys,
        };
        let (n, m) = (a.xs.len() + 1, a.ys.len() + 1);
        for i in 0..n {
            for j in 0..m {
                let (sx, sy) = (sample(&a.xs, i), sample(&a.ys, j));
                a.cells[i * m + j] = x.contains(sx) && y.contains(sy);
            }
        }
        a
    }

    /// Whether no cell is in.
    pub fn is_empty(&self) -> bool {
        !self.cells.iter().any(|&c| c)
    }

    /// Whether `(x, y)` is in.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        let m = self.ys.len() + 1;
        self.cells[index(&self.xs, x) * m + index(&self.ys, y)]
    }

    /// The cells that are in.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let m = self.ys.len() + 1;
        self.cells
            .iter()
            .enumerate()
            .filter(|c| *c.1)
            .map(move |(k, _)| {
                let (i, j) = (k / m, k % m);
                let lo = |cuts: &[i64], i: usize| (i > 0).then(|| cuts[i - 1]);
                let hi = |cuts: &[i64], i: usize| cuts.get(i).map(|c| c - 1);
                (
                    lo(&self.xs, i),
                    hi(&self.xs, i),
                    lo(&self.ys, j),
                    hi(&self.ys, j),
                )
            })
    }

    /// The cellwise combination of two areas by `f`.
    pub fn combine(&self, other: &Area, f: impl Fn(bool, bool) -> bool) -> Area {
        let xs = merged(&self.xs, &other.xs);
        let ys = merged(&self.ys, &other.ys);
        let (n, m) = (xs.len() + 1, ys.len() + 1);
        let mut cells = Vec::with_capacity(n * m);
        for i in 0..n {
            let x = sample(&xs, i);
            for j in 0..m {
                let y = sample(&ys, j);
                cells.push(f(self.contains(x, y), other.contains(x, y)));
            }
        }
        let mut a = Area { xs, ys, cells };
        a.simplify();
        a
    }

    /// Removes breakpoints whose two sides are the same.
    fn simplify(&mut self) {
        let m = self.ys.len() + 1;
        let mut i = 0;
        while i < self.xs.len() {
            let same = (0..m).all(|j| self.cells[i * m + j] == self.cells[(i + 1) * m + j]);
            if same {
                self.xs.remove(i);
                self.cells.drain((i + 1) * m..(i + 2) * m);
            } else {
                i += 1;
            }
        }
        let n = self.xs.len() + 1;
        let mut j = 0;
        while j < self.ys.len() {
            let m = self.ys.len() + 1;
            let same = (0..n).all(|i| self.cells[i * m + j] == self.cells[i * m + j + 1]);
            if same {
                self.ys.remove(j);
                // Drop row j + 1 of every column (from the back, indices stay valid).
                for i in (0..n).rev() {
                    self.cells.remove(i * m + j + 1);
                }
            } else {
                j += 1;
            }
        }
    }

    /// How many squares: `None` when infinitely many.
    pub fn count(&self) -> Option<u128> {
        let mut total: u128 = 0;
        for (x0, x1, y0, y1) in self.cells() {
            let w = (x1? as i128 - x0? as i128 + 1) as u128;
            let h = (y1? as i128 - y0? as i128 + 1) as u128;
            total = total.saturating_add(w.saturating_mul(h));
        }
        Some(total)
    }
}
