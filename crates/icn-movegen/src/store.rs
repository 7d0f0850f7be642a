//! Where the pieces are: a square → slot map and, per indexed line direction,
//! the occupied positions of every line, so the nearest piece along any ray
//! is found in constant or logarithmic time however far it is.
//!
//! Two layouts with one interface: *dense* when the world border is closed
//! and at most 64 squares wide and high (a cell array and one `u64` mask per
//! line: the nearest blocker is a `trailing_zeros`), *sparse* otherwise (a hash
//! map of squares and a sorted vector of positions per line). A line of
//! direction `(a,b)` (primitive, `a > 0` or `a = 0, b = 1`) is identified by
//! `b·x − a·y`; positions along it are `x` (or `y` when `a = 0`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::geometry::{Border, Sq};

/// Slot number of a piece.
pub(crate) type Slot = u32;

#[derive(Clone, Debug)]
struct Dense {
    left: i64,
    bottom: i64,
    width: i64,
    cells: Vec<Slot>,
    /// Every line mask of every family, one after the other.
    lines: Vec<u64>,
    /// Number of families.
    nf: usize,
    /// Per cell and family (`cell · families + family`): its line's index in
    /// `lines` and its bit.
    at: Vec<(u32, u64)>,
}

#[derive(Clone, Debug, Default)]
struct Sparse {
    cells: IntMap<(i64, i64), Slot>,
    lines: Vec<IntMap<i64, Vec<(i64, Slot)>>>,
}

/// The occupancy index.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    dirs: Vec<(i64, i64)>,
    dense: Option<Dense>,
    sparse: Sparse,
}

const EMPTY: Slot = Slot::MAX;

/// A multiply-rotate hasher for integer keys (the FxHash scheme): a few
/// instructions per key, good enough for coordinates and line numbers.
#[derive(Clone, Copy, Default)]
struct IntHasher(u64);

impl Hasher for IntHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    #[inline]
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
}

type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

/// `d / unit`, without a division for the common unit 1.
#[inline]
fn div_unit(d: i64, unit: i64) -> i64 {
    if unit == 1 { d } else { d / unit }
}

impl Store {
    /// An empty store for these line directions on this board.
    pub fn new(dirs: &[(i64, i64)], border: &Border) -> Store {
        let dense = match (border.left, border.right, border.bottom, border.top) {
            (Some(l), Some(r), Some(b), Some(t))
                if r >= l && t >= b && r - l < 64 && t - b < 64 =>
            {
                let (width, height) = (r - l + 1, t - b + 1);
                let nf = dirs.len();
                let mut lines: Vec<u64> = Vec::new();
                let mut at = vec![(0u32, 0u64); (width * height) as usize * nf];
                for (f, &(a, bb)) in dirs.iter().enumerate() {
                    let keys = [
                        bb * l - a * b,
                        bb * l - a * t,
                        bb * r - a * b,
                        bb * r - a * t,
                    ];
                    let lo = *keys.iter().min().unwrap_or(&0);
                    let hi = *keys.iter().max().unwrap_or(&0);
                    let offset = lines.len() as i64;
                    lines.extend(std::iter::repeat_n(0u64, (hi - lo + 1) as usize));
                    for y in b..=t {
                        for x in l..=r {
                            let (k, p) = Self::key_pos(a, bb, Sq::new(x, y));
                            let base = if a != 0 { l } else { b };
                            let cell = ((y - b) * width + (x - l)) as usize;
                            at[cell * nf + f] = ((offset + k - lo) as u32, 1u64 << (p - base));
                        }
                    }
                }
                Some(Dense {
                    left: l,
                    bottom: b,
                    width,
                    cells: vec![EMPTY; (width * height) as usize],
                    lines,
                    nf,
                    at,
                })
            }
            _ => None,
        };
        Store {
            dirs: dirs.to_vec(),
            sparse: Sparse {
                cells: IntMap::default(),
                lines: if dense.is_some() {
                    Vec::new()
                } else {
                    vec![IntMap::default(); dirs.len()]
                },
            },
            dense,
        }
    }

    /// The slot on a square (the square must be on the board for dense stores).
    #[inline]
    pub fn get(&self, s: Sq) -> Option<Slot> {
        match &self.dense {
            Some(d) => {
                let c = d.cells[((s.y - d.bottom) * d.width + (s.x - d.left)) as usize];
                (c != EMPTY).then_some(c)
            }
            None => self.sparse.cells.get(&(s.x, s.y)).copied(),
        }
    }

    #[inline]
    fn key_pos(a: i64, b: i64, s: Sq) -> (i64, i64) {
        (b * s.x - a * s.y, if a != 0 { s.x } else { s.y })
    }

    /// Puts a slot on an empty square.
    pub fn insert(&mut self, s: Sq, slot: Slot) {
        match &mut self.dense {
            Some(d) => {
                let cell = ((s.y - d.bottom) * d.width + (s.x - d.left)) as usize;
                d.cells[cell] = slot;
                for &(line, bit) in &d.at[cell * d.nf..cell * d.nf + d.nf] {
                    d.lines[line as usize] |= bit;
                }
            }
            None => {
                self.sparse.cells.insert((s.x, s.y), slot);
                for (f, &(a, b)) in self.dirs.iter().enumerate() {
                    let (k, p) = Self::key_pos(a, b, s);
                    let line = self.sparse.lines[f].entry(k).or_default();
                    let i = line.partition_point(|&(q, _)| q < p);
                    line.insert(i, (p, slot));
                }
            }
        }
    }

    /// Empties a square.
    pub fn remove(&mut self, s: Sq) {
        match &mut self.dense {
            Some(d) => {
                let cell = ((s.y - d.bottom) * d.width + (s.x - d.left)) as usize;
                d.cells[cell] = EMPTY;
                for &(line, bit) in &d.at[cell * d.nf..cell * d.nf + d.nf] {
                    d.lines[line as usize] &= !bit;
                }
            }
            None => {
                self.sparse.cells.remove(&(s.x, s.y));
                for (f, &(a, b)) in self.dirs.iter().enumerate() {
                    let (k, p) = Self::key_pos(a, b, s);
                    if let Some(line) = self.sparse.lines[f].get_mut(&k) {
                        if let Ok(i) = line.binary_search_by_key(&p, |&(q, _)| q) {
                            line.remove(i);
                        }
                        if line.is_empty() {
                            self.sparse.lines[f].remove(&k);
                        }
                    }
                }
            }
        }
    }

    /// Replaces the slot on an occupied square (lines unchanged).
    #[inline]
    pub fn replace(&mut self, s: Sq, slot: Slot) {
        match &mut self.dense {
            Some(d) => d.cells[((s.y - d.bottom) * d.width + (s.x - d.left)) as usize] = slot,
            None => {
                self.sparse.cells.insert((s.x, s.y), slot);
                for (f, &(a, b)) in self.dirs.iter().enumerate() {
                    let (k, p) = Self::key_pos(a, b, s);
                    if let Some(line) = self.sparse.lines[f].get_mut(&k)
                        && let Ok(i) = line.binary_search_by_key(&p, |&(q, _)| q)
                    {
                        line[i].1 = slot;
                    }
                }
            }
        }
    }

    /// The nearest occupied square from `s` (excluded) along family `fam` in
    /// direction `sign`, as the number of primitive steps to it.
    #[inline]
    pub fn nearest(&self, fam: usize, s: Sq, sign: i64) -> Option<i64> {
        let (a, b) = self.dirs[fam];
        let unit = if a != 0 { a } else { 1 };
        match &self.dense {
            Some(d) => {
                let cell = ((s.y - d.bottom) * d.width + (s.x - d.left)) as usize;
                let (line, bit) = d.at[cell * d.nf + fam];
                let m = d.lines[line as usize];
                let t = bit.trailing_zeros();
                if sign > 0 {
                    let above = m & !(bit.wrapping_shl(1).wrapping_sub(1));
                    (above != 0).then(|| div_unit(i64::from(above.trailing_zeros() - t), unit))
                } else {
                    let below = m & (bit - 1);
                    (below != 0)
                        .then(|| div_unit(i64::from(t - (63 - below.leading_zeros())), unit))
                }
            }
            None => {
                let (k, p) = Self::key_pos(a, b, s);
                let line = self.sparse.lines[fam].get(&k)?;
                if sign > 0 {
                    let i = line.partition_point(|&(q, _)| q <= p);
                    line.get(i).map(|&(q, _)| div_unit(q - p, unit))
                } else {
                    let i = line.partition_point(|&(q, _)| q < p);
                    (i > 0).then(|| div_unit(p - line[i - 1].0, unit))
                }
            }
        }
    }

    /// The nearest piece from `s` along family `fam` in direction `sign`:
    /// primitive steps to it and its slot.
    #[inline]
    pub fn nearest_slot(&self, fam: usize, s: Sq, sign: i64) -> Option<(i64, Slot)> {
        let (a, b) = self.dirs[fam];
        match &self.dense {
            Some(d) => {
                let k = self.nearest(fam, s, sign)?;
                let (x, y) = (s.x + a * sign * k, s.y + b * sign * k);
                Some((
                    k,
                    d.cells[((y - d.bottom) * d.width + (x - d.left)) as usize],
                ))
            }
            None => {
                let unit = if a != 0 { a } else { 1 };
                let (k, p) = Self::key_pos(a, b, s);
                let line = self.sparse.lines[fam].get(&k)?;
                if sign > 0 {
                    let i = line.partition_point(|&(q, _)| q <= p);
                    line.get(i).map(|&(q, slot)| (div_unit(q - p, unit), slot))
                } else {
                    let i = line.partition_point(|&(q, _)| q < p);
                    (i > 0).then(|| (div_unit(p - line[i - 1].0, unit), line[i - 1].1))
                }
            }
        }
    }

    /// Every occupied position along family `fam` from `s` (excluded) in
    /// direction `sign`, nearest first, as primitive step counts; stops when
    /// `f` returns false.
    pub fn walk(&self, fam: usize, s: Sq, sign: i64, mut f: impl FnMut(i64) -> bool) {
        let (a, b) = self.dirs[fam];
        let unit = if a != 0 { a } else { 1 };
        let mut from = s;
        let mut acc = 0;
        // Repeated nearest queries: each costs O(1) or O(log n) and visits one piece.
        while let Some(k) = self.nearest(fam, from, sign) {
            acc += k;
            if !f(acc) {
                return;
            }
            from = from.step(a * sign, b * sign, k);
            let _ = unit;
        }
    }

    /// The direction of a family.
    #[inline]
    pub fn dir(&self, fam: usize) -> (i64, i64) {
        self.dirs[fam]
    }
}
