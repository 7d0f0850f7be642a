//! A type's rides from one cell, paired into lines and answered without a
//! branch.
//!
//! Two opposite rides with the same flags form a line: the ray whose cell
//! numbers fall below the start (`lower`) and the one whose numbers rise
//! (`upper`). Cells are numbered row by row, so along either ray the number
//! is monotonic, and the cells a line reaches are those between the highest
//! blocker of `lower` and the lowest blocker of `upper`, both included
//! (Hoffmann's "obstruction difference"). A ride without an opposite partner
//! is a line with one empty side. The rides' first allowed steps and prisons
//! are kept in `land`.

use super::{BbRide, RideCell};
use crate::mask::Mask;

/// A line's flags: those of both its rides.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BbLine<M> {
    pub needs_right: bool,
    /// All ones when the rides move (capture), else zero.
    pub mv_mask: M,
    pub cap_mask: M,
}

/// One line from one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LineCell<M> {
    /// The ray whose cells are numbered below the start, up to its range.
    pub lower: M,
    /// The ray whose cells are numbered above the start.
    pub upper: M,
    /// The cells of both rays a move may end on: at or beyond each ride's
    /// first allowed step, in its prison.
    pub land: M,
}

impl<M: Mask> LineCell<M> {
    /// The cells of `land` up to and including the first cell of `occ` on
    /// each side.
    #[inline(always)]
    pub fn reach(&self, occ: M) -> M {
        let lower = self.lower & occ;
        let upper = self.upper & occ;
        // The highest blocker below, or cell 0 when there is none.
        let below = M::cell((lower | M::cell(0)).highest());
        (upper ^ upper.minus(below)) & self.land
    }
}

/// A type's lines, capturing ones first.
pub(super) struct Paired<M> {
    pub lines: Vec<BbLine<M>>,
    pub ncap: usize,
    /// Per line, the index of its lower and upper ride.
    pub sides: Vec<(Option<usize>, Option<usize>)>,
}

/// Pairs rides into lines: `dirs` are the rides' steps and `captures`
/// whether each captures (an attack-only ride captures without a mask),
/// in the order of `rides`.
pub(super) fn pair<M: Mask>(
    rides: &[BbRide<M>],
    dirs: &[(i64, i64)],
    captures: &[bool],
) -> Paired<M> {
    let same = |a: &BbRide<M>, b: &BbRide<M>| {
        a.needs_right == b.needs_right && a.mv_mask == b.mv_mask && a.cap_mask == b.cap_mask
    };
    let mut used = vec![false; rides.len()];
    // (captures, line, sides)
    let mut out = Vec::new();
    for i in 0..rides.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let (dx, dy) = dirs[i];
        let partner = (i + 1..rides.len()).find(|&j| {
            !used[j]
                && dirs[j] == (-dx, -dy)
                && captures[j] == captures[i]
                && same(&rides[i], &rides[j])
        });
        if let Some(j) = partner {
            used[j] = true;
        }
        let (lower, upper) = match (rides[i].inc, partner) {
            (true, p) => (p, Some(i)),
            (false, p) => (Some(i), p),
        };
        let r = &rides[i];
        let line = BbLine {
            needs_right: r.needs_right,
            mv_mask: r.mv_mask,
            cap_mask: r.cap_mask,
        };
        out.push((captures[i], line, (lower, upper)));
    }
    out.sort_by_key(|&(captures, ..)| !captures);
    Paired {
        ncap: out.iter().filter(|(captures, ..)| *captures).count(),
        lines: out.iter().map(|&(_, line, _)| line).collect(),
        sides: out.iter().map(|&(.., sides)| sides).collect(),
    }
}

/// The line cells of one start cell, from its ride cells.
pub(super) fn line_cells<M: Mask>(
    at: &[RideCell<M>],
    sides: &[(Option<usize>, Option<usize>)],
) -> impl Iterator<Item = LineCell<M>> {
    sides.iter().map(|&(lower, upper)| {
        let side = |i: Option<usize>| i.map_or(RideCell::default(), |i| at[i]);
        let (l, u) = (side(lower), side(upper));
        LineCell {
            lower: l.ray,
            upper: u.ray,
            land: l.from_min | u.from_min,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::LineCell;
    use crate::mask::Mask;

    /// A rook's line along row 3 of an 8-wide board, from cell 27 (d4).
    fn row_line() -> LineCell<u64> {
        let lower = (24..27).fold(0u64, |m, c| m | u64::cell(c));
        let upper = (28..32).fold(0u64, |m, c| m | u64::cell(c));
        LineCell {
            lower,
            upper,
            land: lower | upper,
        }
    }

    #[test]
    fn an_empty_line_reaches_both_ends() {
        let l = row_line();
        assert_eq!(l.reach(0), l.land);
        // Pieces off the line change nothing.
        assert_eq!(l.reach(u64::cell(0) | u64::cell(63)), l.land);
    }

    #[test]
    fn each_side_stops_at_its_first_blocker_and_includes_it() {
        let l = row_line();
        let occ = u64::cell(25) | u64::cell(24) | u64::cell(30) | u64::cell(31);
        let want = [25, 26, 28, 29, 30]
            .into_iter()
            .fold(0u64, |m, c| m | u64::cell(c));
        assert_eq!(l.reach(occ), want);
    }

    #[test]
    fn a_line_with_one_side_is_a_single_ride() {
        let mut l = row_line();
        l.lower = 0;
        l.land = l.upper;
        assert_eq!(l.reach(u64::cell(29)), u64::cell(28) | u64::cell(29));
        // A ray down to cell 0, blocked there, keeps cell 0.
        let down = LineCell::<u128> {
            lower: u128::cell(0) | u128::cell(9),
            upper: 0,
            land: u128::cell(0) | u128::cell(9),
        };
        assert_eq!(down.reach(u128::cell(0)), down.land);
        assert_eq!(down.reach(u128::cell(9)), u128::cell(9));
    }

    #[test]
    fn the_first_allowed_step_is_kept_but_blockers_before_it_still_block() {
        let mut l = row_line();
        // Only cells two or more steps away may be landed on.
        l.land &= !(u64::cell(26) | u64::cell(28));
        assert_eq!(l.reach(u64::cell(28)), u64::cell(24) | u64::cell(25));
    }
}
