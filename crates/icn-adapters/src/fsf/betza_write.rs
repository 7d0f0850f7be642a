//! Betza from the movement algebra: [`write()`], the inverse of
//! [`super::betza::parse`] and [`super::betza::BetzaPiece::movement`] over
//! what Fairy-Stockfish can say.
//!
//! Each group of moves (one pattern, one action, initial or not) is written
//! per atom with the fewest direction codes that pick exactly its images:
//! `m`/`c` for move-only and capture-only, `i` for moves that need the `+`
//! right, `p` for hops, `n` for lame leaps, `R`/`B`/`NN` (or the atom with a
//! digit) for rides. Capture-only leaps that also take en passant get `e`.
//!
//! Refused, with the reason: huygens and roses, rides and hops other than
//! Fairy-Stockfish's (rook, bishop and — for rides — knight lines), ranges of
//! ten or more, lame leaps whose blocking square is not the one
//! Fairy-Stockfish checks, image sets no direction codes pick, absolute moves
//! that differ for the two sides, en passant other than on capture-only leaps
//! (Fairy-Stockfish takes en passant on every capture-only square), and
//! initial moves that capture.

use std::collections::BTreeMap;

use icn_rules::{Action, Frame, Movement, Pattern, Vector};

use super::betza::images;

/// A direction code and the White-relative images it picks for an atom.
fn codes_for(first: i64, second: i64) -> Vec<(String, Vec<Vector>)> {
    let singles = ["f", "b", "r", "l", "v", "s"];
    let pairs = [
        "fr", "rf", "fl", "lf", "br", "rb", "bl", "lb", "fs", "bs", "rv", "lv", "fh", "bh", "rh",
        "lh", "hr", "hl",
    ];
    let mut out: Vec<(String, Vec<Vector>)> = Vec::new();
    for s in singles {
        let code = format!("{s}{s}");
        out.push((s.to_string(), images(first, second, &[code])));
    }
    if second != 0 {
        for p in pairs {
            out.push((p.to_string(), images(first, second, &[p.to_string()])));
        }
    }
    out.retain(|(_, v)| !v.is_empty());
    // Larger sets first: fewer codes.
    out.sort_by_key(|(c, v)| (std::cmp::Reverse(v.len()), c.len()));
    out
}

/// The codes that pick exactly `wanted` (empty for all eight), if any.
fn cover(first: i64, second: i64, wanted: &[Vector]) -> Option<Vec<String>> {
    let all = images(first, second, &[]);
    if all.iter().all(|v| wanted.contains(v)) {
        return Some(Vec::new());
    }
    let mut got: Vec<Vector> = Vec::new();
    let mut codes = Vec::new();
    for (code, vs) in codes_for(first, second) {
        if vs.iter().all(|v| wanted.contains(v)) && vs.iter().any(|v| !got.contains(v)) {
            got.extend(vs);
            codes.push(code);
        }
        if wanted.iter().all(|v| got.contains(v)) {
            return Some(codes);
        }
    }
    None
}

/// The atom letter and base pair of a vector.
fn atom_of(v: Vector) -> Option<(char, i64, i64)> {
    let (a, b) = (v.dx.abs().max(v.dy.abs()), v.dx.abs().min(v.dy.abs()));
    icn_rules::movement_form::leaper_letter(v).map(|atom| (atom, a, b))
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Leap,
    Ride(Option<u32>),
    Hop,
    Grasshopper,
    /// A lame leap taking its second step this many times.
    Lame(u32),
}

/// Writes a movement as Betza (see the module docs).
///
/// # Errors
/// The reasons it cannot be said.
///
/// ```
/// use icn_adapters::fsf::betza::parse;
/// use icn_adapters::fsf::betza_write::write;
/// use icn_rules::Movement;
/// assert_eq!(write(&Movement::leaper(1, 2)).unwrap(), "N");
/// let pawn = write(&Movement::pawn()).unwrap();
/// let back = parse(&pawn).unwrap().movement().unwrap();
/// assert!(back.components.iter().any(|c| c.needs_right));
/// ```
pub fn write(m: &Movement) -> Result<String, Vec<String>> {
    let (out, problems) = write_what_it_can(m);
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// The Betza of the parts of `m` Betza can say, and what it leaves out
/// (sorted, each once).
pub fn write_what_it_can(m: &Movement) -> (String, Vec<String>) {
    let mut problems = Vec::new();
    // (shape, action, initial) → White-relative vector pairs.
    let mut groups: BTreeMap<(Shape, u8, bool), Vec<(Vector, Vector)>> = BTreeMap::new();
    let mut en_passant: Vec<Vector> = Vec::new();
    let canon = m.canonical();
    for c in &canon.components {
        if c.cells.is_some() {
            problems.push(
                "leaps kept to sub-boards (the site's 4D moves; no Betza atom describes them)"
                    .to_string(),
            );
            continue;
        }
        let (shape, v) = match &c.pattern {
            Pattern::Leap { vector, .. } => (Shape::Leap, (*vector, Vector::new(0, 0))),
            Pattern::Ride { vector, max, .. } => (Shape::Ride(*max), (*vector, Vector::new(0, 0))),
            Pattern::Hop { vector, .. } => (Shape::Hop, (*vector, Vector::new(0, 0))),
            Pattern::Grasshopper { vector, .. } => {
                (Shape::Grasshopper, (*vector, Vector::new(0, 0)))
            }
            Pattern::Lame {
                first,
                then,
                then_times,
                ..
            } => (Shape::Lame(*then_times), (*first, *then)),
            Pattern::Huygen | Pattern::Rose => {
                problems.push("a huygen or rose move (no Betza atom describes it)".to_string());
                continue;
            }
            Pattern::Lion => {
                problems.push(
                    "the Chu lion's two king steps capturing on both (Sjaak's `leap ((0,1)|(1,1))+((0,1)|(1,1))`)"
                        .to_string(),
                );
                continue;
            }
        };
        let turn =
            |(a, b): (Vector, Vector)| (Vector::new(-a.dx, -a.dy), Vector::new(-b.dx, -b.dy));
        if c.frame == Frame::Absolute {
            let same = canon.components.iter().any(|o| {
                o.frame == Frame::Absolute
                    && o.action == c.action
                    && o.needs_right == c.needs_right
                    && o.pattern == turn_pattern(&c.pattern, turn)
            });
            if !same {
                problems.push("an absolute move without its half-turn image (Fairy-Stockfish turns Black's moves)".to_string());
                continue;
            }
        }
        if c.action == Action::EnPassant {
            if shape == Shape::Leap {
                en_passant.push(v.0);
            } else {
                problems.push("en passant other than by a leap".to_string());
            }
            continue;
        }
        if c.needs_right && c.action != Action::MoveOnly {
            problems.push(
                "an initial move that captures (Fairy-Stockfish's initial moves only move)"
                    .to_string(),
            );
            continue;
        }
        let action = match c.action {
            Action::MoveOrCapture => 0,
            Action::MoveOnly => 1,
            _ => 2,
        };
        groups
            .entry((shape, action, c.needs_right))
            .or_default()
            .push(v);
    }
    // En passant must be the capture-only leaps that are not also moves.
    let capture_only: Vec<Vector> = groups
        .get(&(Shape::Leap, 2, false))
        .map(|g| g.iter().map(|p| p.0).collect())
        .unwrap_or_default();
    let quiet: Vec<Vector> = groups
        .iter()
        .filter(|((_, a, _), _)| *a != 2)
        .flat_map(|(_, g)| g.iter().map(|p| p.0))
        .collect();
    let mut ep_wanted: Vec<Vector> = capture_only
        .iter()
        .copied()
        .filter(|v| !quiet.contains(v))
        .collect();
    ep_wanted.sort();
    en_passant.sort();
    en_passant.dedup();
    if !en_passant.is_empty() && ep_wanted != en_passant {
        problems.push("en passant on other squares than the capture-only leaps (Fairy-Stockfish takes it on all of them)".to_string());
    }
    let mut out = String::new();
    for ((shape, action, initial), pairs) in &groups {
        let prefix = format!(
            "{}{}",
            match action {
                1 => "m",
                2 => "c",
                _ => "",
            },
            if *initial { "i" } else { "" }
        );
        let ep = *action == 2 && *shape == Shape::Leap && !en_passant.is_empty();
        // Per atom: the images wanted.
        let mut by_atom: BTreeMap<(char, i64, i64), Vec<Vector>> = BTreeMap::new();
        for &(a, b) in pairs {
            let lame = match shape {
                Shape::Lame(times) => Some(*times),
                _ => None,
            };
            let whole = a.plus(b.times(i64::from(lame.unwrap_or(1))));
            let v = if lame.is_some() { whole } else { a };
            if let Some(times) = lame
                && super::betza::lame_of(whole) != Some((a, b, times))
            {
                problems.push(format!("a lame leap to ({},{}) blocked on other squares than the ones Fairy-Stockfish checks", whole.dx, whole.dy));
                continue;
            }
            match atom_of(v) {
                Some(k) => by_atom.entry(k).or_default().push(v),
                None => problems.push(format!("a move by ({},{}) (no Betza atom)", v.dx, v.dy)),
            }
        }
        for ((atom, a, b), wanted) in by_atom {
            let (letter, range) = match shape {
                Shape::Leap => (atom.to_string(), String::new()),
                Shape::Lame(_) => {
                    if !matches!(atom, 'D' | 'N' | 'A' | 'Z') {
                        problems.push(format!(
                            "a lame {atom} leap (Fairy-Stockfish has lame D, N, A and Z only)"
                        ));
                        continue;
                    }
                    (format!("n{atom}"), String::new())
                }
                Shape::Hop | Shape::Grasshopper => {
                    let hop = if *shape == Shape::Hop { 'p' } else { 'g' };
                    match atom {
                        'W' => (format!("{hop}R"), String::new()),
                        'F' => (format!("{hop}B"), String::new()),
                        _ => {
                            problems.push(format!("a hop along the {atom} line (Fairy-Stockfish hops on rook and bishop lines)"));
                            continue;
                        }
                    }
                }
                Shape::Ride(max) => {
                    let rider = match atom {
                        'W' => "R",
                        'F' => "B",
                        'N' => "N",
                        _ => {
                            problems.push(format!("a ride along the {atom} line (Fairy-Stockfish rides on rook, bishop and knight lines)"));
                            continue;
                        }
                    };
                    match max {
                        None if rider == "N" => ("NN".to_string(), String::new()),
                        None => (rider.to_string(), String::new()),
                        Some(n) if *n <= 9 => (rider.to_string(), n.to_string()),
                        Some(n) => {
                            problems.push(format!(
                                "a ride of at most {n} steps (Betza ranges have one digit)"
                            ));
                            continue;
                        }
                    }
                }
            };
            match cover(a, b, &wanted) {
                Some(codes) => {
                    let codes = if codes.is_empty() {
                        vec![String::new()]
                    } else {
                        codes
                    };
                    for code in codes {
                        let e = if ep { "e" } else { "" };
                        let mut word = format!("{prefix}{e}{code}{letter}{range}");
                        // An atom right after the same atom reads as a rider
                        // (`N` `N2` is `NN2`): `mc` (move and capture) keeps
                        // the moves apart.
                        if out.ends_with(word.chars().next().unwrap_or(' ')) {
                            word.insert_str(0, "mc");
                        }
                        out.push_str(&word);
                    }
                }
                None => problems.push(format!("a set of {atom} moves no Betza directions pick")),
            }
        }
    }
    problems.sort();
    problems.dedup();
    (out, problems)
}

fn turn_pattern(p: &Pattern, turn: impl Fn((Vector, Vector)) -> (Vector, Vector)) -> Pattern {
    match p {
        Pattern::Leap { vector, symmetry } => Pattern::Leap {
            vector: turn((*vector, *vector)).0,
            symmetry: *symmetry,
        },
        Pattern::Ride {
            vector,
            symmetry,
            max,
        } => Pattern::Ride {
            vector: turn((*vector, *vector)).0,
            symmetry: *symmetry,
            max: *max,
        },
        Pattern::Hop { vector, symmetry } => Pattern::Hop {
            vector: turn((*vector, *vector)).0,
            symmetry: *symmetry,
        },
        Pattern::Grasshopper { vector, symmetry } => Pattern::Grasshopper {
            vector: turn((*vector, *vector)).0,
            symmetry: *symmetry,
        },
        Pattern::Lame {
            first,
            then,
            symmetry,
            then_times,
        } => {
            let (a, b) = turn((*first, *then));
            Pattern::Lame {
                first: a,
                then: b,
                symmetry: *symmetry,
                then_times: *then_times,
            }
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::betza::parse;
    use super::*;

    fn round(s: &str) {
        let m = parse(s).unwrap().movement().unwrap();
        let w = write(&m).unwrap_or_else(|e| panic!("{s}: {e:?}"));
        let back = parse(&w).unwrap().movement().unwrap();
        assert!(back.same_as(&m), "{s} → {w}");
    }

    #[test]
    fn the_predefined_pieces_round_trip() {
        for (_, b) in super::super::slots::PREDEFINED {
            if b.contains('Z') {
                continue;
            }
            round(b);
        }
        for s in [
            "hlN", "hrN", "lfrbB", "ffNfsN", "mfrWmrfF", "mQ2cQ2", "mRpRmFpB", "fhmnN", "mvR",
            "FvW", "K", "NN", "W3",
        ] {
            round(s);
        }
    }

    #[test]
    fn what_fairy_stockfish_cannot_say_is_refused() {
        assert!(write(&Movement::rider(2, 2)).is_err());
        assert!(write(&Movement::leaper(4, 1)).is_err());
        assert!(
            write(&icn_rules::movement::movement_of(
                icn_model::PieceKind::Rose
            ))
            .is_err()
        );
    }
}
