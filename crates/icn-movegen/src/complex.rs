//! Legality when an opponent attacks by hopping, lame leaping, huygen or
//! rose, without testing every move of a long ray.
//!
//! Such attacks change only when a piece arrives on, or leaves, a square of a
//! finite *sensitive set* around each royal:
//! * a lame leaper: the attacker's square and the square its leg crosses;
//! * a hopper: the hop line from the royal, up to the second piece on it
//!   (the screen and the hopper), or up to the only piece on it;
//! * a huygen: each orthogonal line from the royal, up to the farthest huygen
//!   on it that could reach the royal;
//! * a rose: every square of the rose's circles through the royal;
//! * moves within a zone holding the royal: the zone's squares and the
//!   squares between them and the royal.
//!
//! A non-royal piece is lifted off the board and the sets are taken then.
//! Every destination outside them leaves the complex attacks as they are
//! with the piece lifted (one test for the whole ray); each destination inside
//! is decided by making the move. A ray meets each set in finitely many
//! points, so the work no longer grows with the border or the slide limit.

use icn_model::Player;

use crate::MovegenError;
use crate::board::Board;
use crate::constrain::{KSet, ray_meets_segment};
use crate::geometry::Sq;
use crate::moves::ray_index;
use crate::store::Slot;

/// At most this many squares of one ray are decided move by move.
const MOST_TESTED_ON_A_RAY: i64 = 1 << 20;

/// The squares `start + k·step` for `lo ≤ k ≤ hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Segment {
    start: Sq,
    step: (i64, i64),
    lo: i64,
    hi: i64,
}

impl Segment {
    fn point(s: Sq) -> Segment {
        Segment {
            start: s,
            step: (1, 0),
            lo: 0,
            hi: 0,
        }
    }

    /// Whether `s` is one of the segment's squares.
    fn contains(&self, s: Sq) -> bool {
        ray_index(self.start, self.step, s).is_some_and(|k| k >= self.lo && k <= self.hi)
    }
}

/// The sensitive squares of a position for one moving piece.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sensitive {
    segments: Vec<Segment>,
    /// Whether a royal is attacked by a complex attacker with the piece lifted.
    pub attacked_without: bool,
}

impl Sensitive {
    /// Whether a piece arriving on `s` may change a complex attack.
    pub fn contains(&self, s: Sq) -> bool {
        self.segments.iter().any(|g| g.contains(s))
    }

    /// The `k ≥ first` (up to `last`) of the ray `from + k·step` that are sensitive.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] when the ray runs along a sensitive line
    /// for more than [`MOST_TESTED_ON_A_RAY`] squares.
    pub fn on_ray(
        &self,
        from: Sq,
        step: (i64, i64),
        first: i64,
        last: Option<i64>,
    ) -> Result<Vec<i64>, MovegenError> {
        let mut ks = Vec::new();
        for g in &self.segments {
            let meets = ray_meets_segment(from, step, g.start, g.step, g.lo, g.hi)?;
            let (lo, hi) = match meets {
                KSet::Points(p) => {
                    ks.extend(p.into_iter().filter(|&k| in_ray(k, first, last)));
                    continue;
                }
                KSet::Range(lo, hi) => (lo.max(first), min_end(hi, last)),
            };
            let Some(hi) = hi else {
                return Err(too_long(from, step));
            };
            if hi >= lo {
                if hi - lo >= MOST_TESTED_ON_A_RAY {
                    return Err(too_long(from, step));
                }
                ks.extend(lo..=hi);
            }
        }
        ks.sort_unstable();
        ks.dedup();
        Ok(ks)
    }
}

fn in_ray(k: i64, first: i64, last: Option<i64>) -> bool {
    k >= first && last.is_none_or(|l| k <= l)
}

fn min_end(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

fn too_long(from: Sq, step: (i64, i64)) -> MovegenError {
    MovegenError::Unsupported(format!(
        "the ray from {from} along ({},{}) runs along a line a hopper or huygen attacks \
         for more than {MOST_TESTED_ON_A_RAY} squares",
        step.0, step.1
    ))
}

impl Board {
    /// The sensitive squares around `royals` for the piece in `slot`, taken
    /// with that piece lifted off the board.
    pub(crate) fn sensitive_for(&mut self, slot: Slot, royals: &[Slot], us: Player) -> Sensitive {
        let at = self.pieces[slot as usize].sq;
        self.store.remove(at);
        let mut out = Sensitive::default();
        for &r in royals {
            let s = self.pieces[r as usize].sq;
            self.sensitive_around(s, us, &mut out.segments);
            out.attacked_without |= self.attacked_complex(s, us);
        }
        self.store.insert(at, slot);
        out
    }

    /// The sensitive segments around the royal on `s`.
    fn sensitive_around(&self, s: Sq, us: Player, out: &mut Vec<Segment>) {
        let cfg = self.cfg.player(us);
        let types = &self.cfg.types;
        let mut rose = false;
        for (ti, t) in types.types.iter().enumerate() {
            if cfg.enemies & (1 << ti) == 0 || !t.complex_attacker {
                continue;
            }
            for z in t.zone_moves.iter().filter(|z| z.captures) {
                for l in z.leaps.iter().filter(|l| l.cap) {
                    out.push(Segment::point(Sq::new(s.x - l.dx, s.y - l.dy)));
                }
            }
            for l in t.lames.iter().filter(|l| l.cap) {
                let a = Sq::new(s.x - l.total.0, s.y - l.total.1);
                out.push(Segment::point(a));
                out.push(Segment::point(Sq::new(a.x + l.first.0, a.y + l.first.1)));
                if let Some((dx, dy)) = l.second {
                    out.push(Segment::point(Sq::new(a.x + dx, a.y + dy)));
                }
            }
            if !t.in_zone.is_empty() {
                let mut squares = Vec::new();
                self.in_zone_sensitive(t, s, &mut squares);
                out.extend(squares.into_iter().map(Segment::point));
            }
            for h in t.hops.iter().filter(|h| h.cap) {
                let Some((fam, sign, g)) = types.lines.find(-h.dx, -h.dy) else {
                    continue;
                };
                let Some((k1, _)) = self.nearest_multiple(fam, s, sign, g) else {
                    continue;
                };
                let (a, b) = self.store.dir(fam);
                let step = (a * sign * g, b * sign * g);
                let screen = s.step(step.0, step.1, k1);
                let hi = self
                    .nearest_multiple(fam, screen, sign, g)
                    .map_or(k1, |(k2, _)| k1 + k2);
                out.push(Segment {
                    start: s,
                    step,
                    lo: 1,
                    hi,
                });
            }
            if let Some((_, true, limit)) = t.huygen {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (fam, sign) = if dx != 0 { (0, dx) } else { (1, dy) };
                    let mut farthest = 0;
                    self.store.walk(fam, s, sign, |d| {
                        if d > limit {
                            return false;
                        }
                        let at = s.step(dx, dy, d);
                        if self.store.get(at).is_some_and(|sl| self.type_of(sl) == ti) {
                            farthest = d;
                        }
                        true
                    });
                    if farthest > 0 {
                        out.push(Segment {
                            start: s,
                            step: (dx, dy),
                            lo: 1,
                            hi: farthest,
                        });
                    }
                }
            }
            rose |= matches!(t.rose, Some((_, true)));
        }
        if rose {
            // Every square of a rose path on an empty board.
            crate::attacks::rose_walk(s, |sq| {
                out.push(Segment::point(sq));
                true
            });
        }
    }

    #[inline]
    fn type_of(&self, slot: Slot) -> usize {
        self.pieces[slot as usize].ty as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_holds_its_squares_only() {
        let g = Segment {
            start: Sq::new(0, 0),
            step: (2, 1),
            lo: 1,
            hi: 3,
        };
        assert!(g.contains(Sq::new(2, 1)) && g.contains(Sq::new(6, 3)));
        assert!(!g.contains(Sq::new(0, 0)) && !g.contains(Sq::new(8, 4)));
        assert!(!g.contains(Sq::new(3, 1)) && !g.contains(Sq::new(4, 3)));
        assert!(Segment::point(Sq::new(5, -7)).contains(Sq::new(5, -7)));
    }

    #[test]
    fn a_ray_meets_a_crossing_line_once_and_a_collinear_one_along_it() {
        let sens = Sensitive {
            segments: vec![Segment {
                start: Sq::new(0, 0),
                step: (0, 1),
                lo: 1,
                hi: 7,
            }],
            attacked_without: false,
        };
        // A rook on -5,3 moving right crosses the file at k = 5.
        assert_eq!(sens.on_ray(Sq::new(-5, 3), (1, 0), 1, None).unwrap(), [5]);
        // A rook on 0,-10 moving up runs along it from 0,1 to 0,7.
        let along = sens.on_ray(Sq::new(0, -10), (0, 1), 1, None).unwrap();
        assert_eq!(along, (11..=17).collect::<Vec<_>>());
        assert!(
            sens.on_ray(Sq::new(3, 3), (1, 1), 1, None)
                .unwrap()
                .is_empty()
        );
    }
}
