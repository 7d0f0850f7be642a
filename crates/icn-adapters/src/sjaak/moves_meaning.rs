//! What a Sjaak move description means: [`MoveDesc::components`] turns it
//! into icn-rules components (see [`super::moves`] for the semantics of each
//! move type). A two-leg leap without a mask whose legs are both the king's
//! steps is the Chu lion ([`Pattern::Lion`]). Refused: a leap of more than two
//! legs, any other two-leg leap without a mask (Sjaak jumps its first leg
//! and captures on both), and a two-leg leap that reaches one square by two
//! paths (either path open should give one move; lame components would give
//! one move per path).

use icn_rules::{Action, Component, Frame, Pattern, Symmetry, Vector};

use super::moves::{LeapExpr, MoveDesc};

/// Leg paths of a leap expression: each one or more legs.
fn paths(e: &LeapExpr, symmetric: bool) -> Vec<Vec<Vector>> {
    match e {
        LeapExpr::Vector(a, b) => {
            let v = Vector::new(*a, *b);
            let images = if symmetric {
                Symmetry::Octal.images(v)
            } else {
                vec![v]
            };
            images.into_iter().map(|v| vec![v]).collect()
        }
        LeapExpr::Alt(items) => items.iter().flat_map(|i| paths(i, symmetric)).collect(),
        LeapExpr::Then(a, b) => {
            let (pa, pb) = (paths(a, symmetric), paths(b, symmetric));
            let mut out = Vec::new();
            for x in &pa {
                for y in &pb {
                    out.push(x.iter().chain(y).copied().collect());
                }
            }
            out
        }
        LeapExpr::Mask(a, m) => {
            let ends: Vec<Vector> = paths(m, symmetric).iter().map(|p| total(p)).collect();
            paths(a, symmetric)
                .into_iter()
                .filter(|p| ends.contains(&total(p)))
                .collect()
        }
    }
}

fn total(p: &[Vector]) -> Vector {
    p.iter().fold(Vector::new(0, 0), |a, &v| a.plus(v))
}

impl MoveDesc {
    /// The icn-rules components of this description, all with `action`.
    ///
    /// # Errors
    /// A leap of more than two legs.
    pub fn components(&self, action: Action) -> Result<Vec<Component>, String> {
        let mk = |pattern: Pattern, frame: Frame| Component {
            pattern,
            action,
            frame,
            needs_right: false,
            sets_en_passant: false,
            cells: None,
        };
        let mut out = Vec::new();
        match self {
            MoveDesc::Slide(ds) | MoveDesc::Hop(ds) => {
                for d in ds {
                    for v in d.vectors() {
                        let pattern = if matches!(self, MoveDesc::Slide(_)) {
                            Pattern::Ride {
                                vector: v,
                                symmetry: Symmetry::None,
                                max: None,
                            }
                        } else {
                            Pattern::Hop {
                                vector: v,
                                symmetry: Symmetry::None,
                            }
                        };
                        out.push(mk(pattern, Frame::Absolute));
                    }
                }
            }
            MoveDesc::Leap(e) | MoveDesc::ALeap(e)
                if matches!(e, LeapExpr::Then(..))
                    && paths(e, true).iter().all(|p| p.len() <= 2) =>
            {
                let LeapExpr::Then(a, b) = e else {
                    return Err("a two-leg leap".into());
                };
                let king = |x: &LeapExpr| {
                    let mut legs: Vec<Vector> = paths(x, true)
                        .into_iter()
                        .filter_map(|p| (p.len() == 1).then(|| p[0]))
                        .collect();
                    legs.sort();
                    legs.dedup();
                    legs.len() == 8
                        && legs.iter().all(|v| v.dx.abs().max(v.dy.abs()) == 1)
                        && paths(x, true).iter().all(|p| p.len() == 1)
                };
                if !matches!(self, MoveDesc::Leap(_)) || !king(a) || !king(b) {
                    return Err(
                        "a two-leg leap without a mask other than the Chu lion's two king steps (Sjaak jumps its first leg and captures on both)"
                            .into(),
                    );
                }
                out.push(mk(Pattern::Lion, Frame::Absolute));
            }
            MoveDesc::Leap(e) | MoveDesc::ALeap(e) => {
                let symmetric = matches!(self, MoveDesc::Leap(_));
                let frame = if symmetric {
                    Frame::Absolute
                } else {
                    Frame::Forward
                };
                let all = paths(e, symmetric);
                let singles: Vec<Vector> =
                    all.iter().filter(|p| p.len() == 1).map(|p| p[0]).collect();
                for p in &all {
                    let t = total(p);
                    if t == Vector::new(0, 0) {
                        continue;
                    }
                    let pattern = match p.as_slice() {
                        [v] => Pattern::Leap {
                            vector: *v,
                            symmetry: Symmetry::None,
                        },
                        [a, b] if !singles.contains(&t) => {
                            let other_path = all.iter().any(|q| {
                                q.len() == 2 && q.as_slice() != p.as_slice() && total(q) == t
                            });
                            if other_path {
                                return Err(format!(
                                    "a two-leg leap reaching ({},{}) by two paths (the rule objects give each path its own move)",
                                    t.dx, t.dy
                                ));
                            }
                            Pattern::Lame {
                                first: *a,
                                then: *b,
                                symmetry: Symmetry::None,
                                then_times: 1,
                            }
                        }
                        [_, _] => continue,
                        _ => return Err(format!("a leap of {} legs (at most two)", p.len())),
                    };
                    let c = mk(pattern, frame);
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
            MoveDesc::Step(steps) => {
                for s in steps {
                    out.push(mk(
                        Pattern::Ride {
                            vector: s.dir.vector(),
                            symmetry: Symmetry::None,
                            max: Some(s.count),
                        },
                        Frame::Forward,
                    ));
                }
            }
            MoveDesc::Ride(vs) => {
                for &(a, b) in vs {
                    out.push(mk(
                        Pattern::Ride {
                            vector: Vector::new(a, b),
                            symmetry: Symmetry::Octal,
                            max: None,
                        },
                        Frame::Absolute,
                    ));
                }
            }
        }
        Ok(out)
    }
}
