//! Where the board is ([`Region`]) and named sets of squares on it ([`Zone`]).
//!
//! A region is the unbounded plane, a world border (an inclusive rectangle
//! whose sides may each be open), or a finite board (all four sides closed)
//! with squares excluded from it (Sjaak `Board:` and `Exclude:`). A zone is a
//! set of whole rows (`y = k`, the promotion "ranks" of the unbounded board),
//! a rectangle (sides may be open), a list of squares, or a union of zones.
//! Coordinates are exact [`Int`]s, so nothing here is refused.

use std::collections::BTreeSet;

use icn_model::{Coord, Int, WorldBorder};

/// The squares that exist.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    /// The inclusive rectangle; all sides open is the unbounded plane.
    pub border: WorldBorder,
    /// Squares inside the border that are not part of the board.
    pub excluded: BTreeSet<Coord>,
}

impl Region {
    /// The unbounded plane.
    pub fn unbounded() -> Self {
        Region::default()
    }

    /// A world border (or a finite board when every side is given).
    pub fn bordered(border: WorldBorder) -> Self {
        Region {
            border,
            excluded: BTreeSet::new(),
        }
    }

    /// The finite board of `files × ranks` squares from `1,1`, as Sjaak's
    /// `Board: 8x8` and the 8×8 "Chess" variant place it.
    ///
    /// ```
    /// use icn_model::Coord;
    /// use icn_rules::board::Region;
    /// let r = Region::finite(8, 8);
    /// assert!(r.contains(&Coord::new(8, 1)) && !r.contains(&Coord::new(9, 1)));
    /// assert!(r.is_finite());
    /// ```
    pub fn finite(files: i64, ranks: i64) -> Self {
        Region::bordered(WorldBorder {
            left: Some(Int::ONE),
            right: Some(Int::from(files)),
            bottom: Some(Int::ONE),
            top: Some(Int::from(ranks)),
        })
    }

    /// Whether no side is closed and nothing is excluded.
    pub fn is_unbounded(&self) -> bool {
        self.border == WorldBorder::default() && self.excluded.is_empty()
    }

    /// Whether all four sides are closed.
    pub fn is_finite(&self) -> bool {
        let b = &self.border;
        b.left.is_some() && b.right.is_some() && b.bottom.is_some() && b.top.is_some()
    }

    /// Whether `c` is a square of the board.
    pub fn contains(&self, c: &Coord) -> bool {
        self.border.contains(c) && !self.excluded.contains(c)
    }

    /// The border as `i64`s, when every closed side fits (for fast boards).
    pub fn border_i64(&self) -> Option<crate::reference::Bounds> {
        let side = |s: &Option<Int>| match s {
            None => Some(None),
            Some(i) => i.to_i64().map(Some),
        };
        Some(crate::reference::Bounds {
            left: side(&self.border.left)?,
            right: side(&self.border.right)?,
            bottom: side(&self.border.bottom)?,
            top: side(&self.border.top)?,
        })
    }
}

/// A set of squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Zone {
    /// Whole rows: every square with `y` in the set.
    Rows(BTreeSet<Int>),
    /// An inclusive rectangle; open sides extend without end.
    Rect(WorldBorder),
    /// Listed squares.
    Squares(BTreeSet<Coord>),
    /// Any square of any of the zones.
    Union(Vec<Zone>),
}

impl Zone {
    /// The rows `ys`.
    pub fn rows(ys: impl IntoIterator<Item = Int>) -> Self {
        Zone::Rows(ys.into_iter().collect())
    }

    /// No square at all.
    pub fn empty() -> Self {
        Zone::Squares(BTreeSet::new())
    }

    /// Whether the zone holds no square (as written: an inverted rectangle
    /// is not looked into).
    pub fn is_empty(&self) -> bool {
        match self {
            Zone::Rows(ys) => ys.is_empty(),
            Zone::Squares(s) => s.is_empty(),
            Zone::Union(zs) => zs.iter().all(Zone::is_empty),
            Zone::Rect(_) => false,
        }
    }

    /// The listed squares.
    pub fn squares(cs: impl IntoIterator<Item = Coord>) -> Self {
        Zone::Squares(cs.into_iter().collect())
    }

    /// The closed rectangle from `(left,bottom)` to `(right,top)`.
    pub fn rect(left: Int, bottom: Int, right: Int, top: Int) -> Self {
        Zone::Rect(WorldBorder {
            left: Some(left),
            right: Some(right),
            bottom: Some(bottom),
            top: Some(top),
        })
    }

    /// The default hill of king of the hill: `(4,4)`, `(5,4)`, `(4,5)`, `(5,5)`.
    pub fn default_hill() -> Self {
        Zone::squares([
            Coord::new(4, 4),
            Coord::new(5, 4),
            Coord::new(4, 5),
            Coord::new(5, 5),
        ])
    }

    /// Whether `c` is in the zone.
    ///
    /// ```
    /// use icn_model::{Coord, Int};
    /// use icn_rules::board::Zone;
    /// let z = Zone::rows([Int::from(8)]);
    /// assert!(z.contains(&Coord::new(-1000, 8)) && !z.contains(&Coord::new(1, 7)));
    /// assert!(Zone::default_hill().contains(&Coord::new(5, 4)));
    /// ```
    pub fn contains(&self, c: &Coord) -> bool {
        match self {
            Zone::Rows(ys) => ys.contains(&c.y),
            Zone::Rect(b) => b.contains(c),
            Zone::Squares(s) => s.contains(c),
            Zone::Union(zs) => zs.iter().any(|z| z.contains(c)),
        }
    }

    /// The rows of a zone that is only whole rows (what ICN's promotion field
    /// can say), or `None`.
    pub fn as_rows(&self) -> Option<Vec<Int>> {
        match self {
            Zone::Rows(ys) => Some(ys.iter().cloned().collect()),
            Zone::Union(zs) => {
                let mut out = Vec::new();
                for z in zs {
                    out.extend(z.as_rows()?);
                }
                out.sort();
                out.dedup();
                Some(out)
            }
            _ => None,
        }
    }

    /// The listed squares of a finite [`Zone::Squares`] zone, or `None`.
    pub fn as_squares(&self) -> Option<&BTreeSet<Coord>> {
        match self {
            Zone::Squares(s) => Some(s),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions() {
        let u = Region::unbounded();
        assert!(u.is_unbounded() && !u.is_finite());
        assert!(u.contains(&Coord::new(
            Int::parse("-99999999999999999999999").unwrap(),
            0
        )));
        let mut f = Region::finite(8, 8);
        f.excluded.insert(Coord::new(1, 1));
        assert!(!f.contains(&Coord::new(1, 1)) && f.contains(&Coord::new(2, 1)));
        let half = Region::bordered(WorldBorder {
            bottom: Some(Int::ZERO),
            ..WorldBorder::default()
        });
        assert!(half.contains(&Coord::new(-500, 0)) && !half.contains(&Coord::new(0, -1)));
        assert_eq!(half.border_i64().unwrap().bottom, Some(0));
    }

    #[test]
    fn zones() {
        let z = Zone::Union(vec![Zone::rows([Int::from(1)]), Zone::rows([Int::from(8)])]);
        assert_eq!(z.as_rows().unwrap(), vec![Int::from(1), Int::from(8)]);
        assert!(z.contains(&Coord::new(3, 8)));
        let r = Zone::rect(Int::from(0), Int::from(0), Int::from(2), Int::from(2));
        assert!(r.contains(&Coord::new(2, 2)) && !r.contains(&Coord::new(3, 2)));
        assert!(r.as_rows().is_none());
    }
}
