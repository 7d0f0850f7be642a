//! Movements in one written form, so that two movements that mean the same
//! compare equal: [`fold`] (single vectors read forward, or absolute when the
//! set is the same for both sides; full eightfold orbits folded), used by every
//! reader of piece notation (Betza, MBN) so that reading what a writer wrote
//! gives an equal [`Movement`]; and [`lame_first`], the square a lame leap
//! passes (Betza's and MBN's `n`); and the leaper letters both notations
//! share ([`LEAPER_LETTERS`]).

use crate::movement::{Action, Component, Frame, Movement, Pattern, Symmetry, Vector};

/// The leaper letters Betza and MBN share, each with its leap `(a,b)`,
/// `a ≤ b`: wazir, ferz, dabbaba, knight, alfil, threeleaper, camel, zebra,
/// tripper.
pub const LEAPER_LETTERS: [(char, (i64, i64)); 9] = [
    ('W', (0, 1)),
    ('F', (1, 1)),
    ('D', (0, 2)),
    ('N', (1, 2)),
    ('A', (2, 2)),
    ('H', (0, 3)),
    ('C', (1, 3)),
    ('Z', (2, 3)),
    ('G', (3, 3)),
];

/// The Betza/MBN letter of the leap `(a,b)` in any order and signs.
pub fn leaper_letter(v: Vector) -> Option<char> {
    let (x, y) = (v.dx.abs(), v.dy.abs());
    let key = (x.min(y), x.max(y));
    LEAPER_LETTERS
        .iter()
        .find(|(_, ab)| *ab == key)
        .map(|(c, _)| *c)
}

/// The first square of a lame leap's path, as Fairy-Stockfish walks it: one step along
/// the longer leg (diagonal for a diagonal leap).
pub fn lame_first(v: Vector) -> Vector {
    let diff = v.dx.abs() - v.dy.abs();
    if diff > 0 {
        Vector::new(v.dx.signum(), 0)
    } else if diff < 0 {
        Vector::new(0, v.dy.signum())
    } else {
        Vector::new(v.dx.signum(), v.dy.signum())
    }
}

/// The lame leap to `v` that Betza's `n` means: each step goes one square
/// along the axis with more left to go, or diagonally when both have as much,
/// and every square passed must be empty. `Some((first, then, then_times))`
/// when the steps after the first are all alike (the [`Pattern::Lame`]
/// form); `None` for a zero vector, a one-step leap or another path.
///
/// ```
/// use icn_rules::Vector;
/// use icn_rules::movement_form::lame_of;
/// assert_eq!(lame_of(Vector::new(1, 2)), Some((Vector::new(0, 1), Vector::new(1, 1), 1)));
/// assert_eq!(lame_of(Vector::new(2, 3)), Some((Vector::new(0, 1), Vector::new(1, 1), 2)));
/// assert_eq!(lame_of(Vector::new(1, 3)), None); // (0,1), (0,1), (1,1)
/// ```
pub fn lame_of(v: Vector) -> Option<(Vector, Vector, u32)> {
    let mut steps = Vec::new();
    let mut rest = v;
    while rest != Vector::new(0, 0) && steps.len() < 64 {
        let s = lame_first(rest);
        steps.push(s);
        rest = Vector::new(rest.dx - s.dx, rest.dy - s.dy);
    }
    let (&first, tail) = steps.split_first()?;
    let &then = tail.first()?;
    tail.iter()
        .all(|&s| s == then)
        .then_some((first, then, tail.len() as u32))
}

/// What a group shares: pattern kind, range (a lame leap's repeats), action,
/// flags and cells.
type GroupKey = (u8, Option<u32>, Action, bool, bool, Option<u32>);

fn key(c: &Component) -> GroupKey {
    let (kind, max) = match &c.pattern {
        Pattern::Leap { .. } => (0, None),
        Pattern::Ride { max, .. } => (1, *max),
        Pattern::Hop { .. } => (2, None),
        Pattern::Lame { then_times, .. } => (3, Some(*then_times)),
        Pattern::Huygen => (4, None),
        Pattern::Rose => (5, None),
        Pattern::Lion => (6, None),
        Pattern::Grasshopper { .. } => (7, None),
    };
    (
        kind,
        max,
        c.action,
        c.needs_right,
        c.sets_en_passant,
        c.cells,
    )
}

fn vector_of(c: &Component) -> Option<(Vector, Vector)> {
    match &c.pattern {
        Pattern::Leap { vector, .. }
        | Pattern::Ride { vector, .. }
        | Pattern::Hop { vector, .. }
        | Pattern::Grasshopper { vector, .. } => Some((*vector, Vector::new(0, 0))),
        Pattern::Lame { first, then, .. } => Some((*first, *then)),
        _ => None,
    }
}

/// A movement in a tidy form: components as single vectors read forward
/// (or absolute when the same for both sides), grouped by kind, and each
/// group written absolute and folded into full eightfold orbits where it is
/// symmetric. Two movements that mean the same fold to the same
/// [`Movement::canonical`] form.
pub fn fold(m: &Movement) -> Movement {
    use std::collections::BTreeMap;
    type Pair = (Vector, Vector);
    let canon = m.canonical();
    let mut out: Vec<Component> = Vec::new();
    let mut groups: BTreeMap<_, (Vec<Pair>, Vec<Pair>, Component)> = BTreeMap::new();
    for c in &canon.components {
        let Some(v) = vector_of(c) else {
            out.push(c.clone());
            continue;
        };
        let e = groups
            .entry(key(c))
            .or_insert_with(|| (Vec::new(), Vec::new(), c.clone()));
        match c.frame {
            Frame::Forward => e.0.push(v),
            Frame::Absolute => e.1.push(v),
        }
    }
    let turn = |(a, b): Pair| (Vector::new(-a.dx, -a.dy), Vector::new(-b.dx, -b.dy));
    for (_, (fwd, abs, proto)) in groups {
        // A forward set closed under the half turn is the same for both sides.
        let closed = fwd.iter().all(|v| fwd.contains(&turn(*v)));
        let mut absolute = abs;
        let mut relative = Vec::new();
        if closed {
            absolute.extend(fwd);
        } else {
            relative = fwd;
        }
        absolute.sort();
        absolute.dedup();
        for (frame, set) in [(Frame::Absolute, absolute), (Frame::Forward, relative)] {
            let mut left: Vec<Pair> = set.clone();
            while let Some(&v) = left.first() {
                let orbit = Symmetry::Octal.pair_images(v.0, v.1);
                let full = frame == Frame::Absolute && orbit.iter().all(|o| set.contains(o));
                let (symmetry, taken) = if full {
                    (Symmetry::Octal, orbit)
                } else {
                    (Symmetry::None, vec![v])
                };
                left.retain(|x| !taken.contains(x));
                let pattern = match &proto.pattern {
                    Pattern::Leap { .. } => Pattern::Leap {
                        vector: v.0,
                        symmetry,
                    },
                    Pattern::Ride { max, .. } => Pattern::Ride {
                        vector: v.0,
                        symmetry,
                        max: *max,
                    },
                    Pattern::Hop { .. } => Pattern::Hop {
                        vector: v.0,
                        symmetry,
                    },
                    Pattern::Grasshopper { .. } => Pattern::Grasshopper {
                        vector: v.0,
                        symmetry,
                    },
                    Pattern::Lame { then_times, .. } => Pattern::Lame {
                        first: v.0,
                        then: v.1,
                        symmetry,
                        then_times: *then_times,
                    },
                    _ => continue,
                };
                out.push(Component {
                    pattern,
                    frame,
                    ..proto.clone()
                });
            }
        }
    }
    Movement { components: out }
}
