//! [`Movement`] → MBN, in the forms [`super::mbn::parse`] reads back to the
//! same movement (after [`fold`]).
//!
//! Every component is written relative to the mover, so a set of moves in
//! absolute directions is written only when it is the same for both sides
//! (closed under the half turn). Per shape (leap, ride with its limit, hop,
//! lame leap), action and flags, the moves of each atom are picked with the
//! fewest direction codes that select exactly them. Refused, each with the
//! reason: the huygen and the rose (no MBN atom), absolute moves that differ
//! for the two sides, move sets no direction codes pick out (a single knight
//! move), lame leaps other than `n` (first square one step along the longer
//! leg) and exactly-two-step lines, rides of at most 0 steps, a move-or-capture
//! that leaves an en passant square, and a piece that never moves.

use std::collections::BTreeMap;

use super::mbn::{Direction, atom_text};
use crate::movement::{Action, Frame, Movement, Pattern, Vector};
use crate::movement_form::{fold, lame_first};

/// The shape of a group of moves, as MBN writes it after the modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Leap,
    Lame,
    TwoSteps,
    Ride(Option<u32>),
    Hop,
    Grasshopper,
}

type Key = (Shape, bool, Action, bool);

/// Writes `m` as an MBN move definition.
///
/// # Errors
/// Every part MBN (as read here) cannot say, one message each.
///
/// ```
/// use icn_rules::fbr::mbn;
/// use icn_rules::movement::{movement_of, Movement};
/// use icn_model::PieceKind;
/// assert_eq!(mbn::write(&movement_of(PieceKind::Chancellor)).unwrap(), "NR");
/// assert_eq!(mbn::write(&Movement::pawn()).unwrap(), "mfW+cefF+imefW2");
/// assert!(mbn::write(&movement_of(PieceKind::Huygen)).is_err());
/// ```
pub fn write(m: &Movement) -> Result<String, Vec<String>> {
    let canon = fold(m).canonical();
    if canon.components.is_empty() {
        return Err(vec![
            "a piece that never moves has no MBN definition".to_string(),
        ]);
    }
    let mut errors = Vec::new();
    let mut groups: BTreeMap<Key, (Vec<Vector>, Vec<Vector>)> = BTreeMap::new();
    for c in &canon.components {
        if c.cells.is_some() {
            errors.push(
                "leaps kept to sub-boards (the site's 4D moves) have no MBN form".to_string(),
            );
            continue;
        }
        let (shape, v) = match &c.pattern {
            Pattern::Leap { vector, .. } => (Shape::Leap, *vector),
            Pattern::Ride {
                vector,
                max: Some(0),
                ..
            } => {
                errors.push(format!("a ride of at most 0 steps along {vector:?}"));
                continue;
            }
            Pattern::Ride { vector, max, .. } => (Shape::Ride(*max), *vector),
            Pattern::Hop { vector, .. } => (Shape::Hop, *vector),
            Pattern::Grasshopper { vector, .. } => (Shape::Grasshopper, *vector),
            Pattern::Lame {
                then_times: 2.., ..
            } => {
                errors.push(
                    "a lame leap whose second step is taken more than once (the Janggi elephant) has no MBN atom".to_string(),
                );
                continue;
            }
            Pattern::Lame { first, then, .. } => {
                let whole = first.plus(*then);
                if lame_first(whole) == *first {
                    (Shape::Lame, whole)
                } else if first == then {
                    (Shape::TwoSteps, *first)
                } else {
                    errors.push(format!(
                        "a lame leap to ({},{}) through ({},{}): MBN's `n` passes one step along the longer leg",
                        whole.dx, whole.dy, first.dx, first.dy
                    ));
                    continue;
                }
            }
            Pattern::Huygen => {
                errors.push("the huygen (prime distances) has no MBN atom".to_string());
                continue;
            }
            Pattern::Rose => {
                errors.push("the rose (circular knight paths) has no MBN atom".to_string());
                continue;
            }
            Pattern::Lion => {
                errors.push(
                    "the Chu lion (two king steps, capturing on both) has no MBN atom".to_string(),
                );
                continue;
            }
        };
        if c.sets_en_passant && c.action != Action::MoveOnly {
            errors.push(
                "a move that captures and leaves an en passant square (MBN's `e` leaves one only with `m`)"
                    .to_string(),
            );
            continue;
        }
        let e = groups
            .entry((shape, c.needs_right, c.action, c.sets_en_passant))
            .or_default();
        match c.frame {
            Frame::Forward => e.0.push(v),
            Frame::Absolute => e.1.push(v),
        }
    }
    let mut sets: BTreeMap<Key, Vec<Vector>> = BTreeMap::new();
    for (key, (mut fwd, abs)) in groups {
        let half_turn = |v: &Vector| Vector::new(-v.dx, -v.dy);
        if !abs.iter().all(|v| abs.contains(&half_turn(v))) {
            errors.push(
                "moves in absolute directions that differ for White and Black (MBN's directions are the mover's)"
                    .to_string(),
            );
            continue;
        }
        fwd.extend(abs);
        fwd.sort();
        fwd.dedup();
        sets.insert(key, fwd);
    }
    let mut parts: Vec<(String, String)> = Vec::new();
    for (&(shape, initial, action, leaves), vectors) in &sets {
        if action == Action::EnPassant
            && sets.get(&(shape, initial, Action::CaptureOnly, leaves)) == Some(vectors)
        {
            continue;
        }
        let takes_too = action == Action::CaptureOnly
            && sets.get(&(shape, initial, Action::EnPassant, leaves)) == Some(vectors);
        let mut prefix = String::new();
        if initial {
            prefix.push('i');
        }
        prefix.push_str(match action {
            Action::MoveOrCapture => "",
            Action::MoveOnly => "m",
            Action::CaptureOnly => "c",
            Action::EnPassant => "cee",
        });
        if leaves || takes_too {
            prefix.push('e');
        }
        prefix.push_str(match shape {
            Shape::Hop => "p",
            Shape::Grasshopper => "g",
            Shape::Lame => "n",
            _ => "",
        });
        let suffix = match shape {
            Shape::Leap | Shape::Lame => String::new(),
            Shape::TwoSteps => "02".to_string(),
            Shape::Ride(None) | Shape::Hop | Shape::Grasshopper => "0".to_string(),
            Shape::Ride(Some(n)) => n.to_string(),
        };
        let mut by_atom: BTreeMap<(i64, i64), Vec<Vector>> = BTreeMap::new();
        for v in vectors {
            let (a, b) = (v.dx.abs(), v.dy.abs());
            by_atom.entry((a.min(b), a.max(b))).or_default().push(*v);
        }
        for ((a, b), chosen) in by_atom {
            match directions(a, b, &chosen) {
                Some(dirs) => parts.push((
                    format!("{prefix}{dirs}"),
                    format!("{}{suffix}", atom_text(a, b)),
                )),
                None => errors.push(format!(
                    "the moves {} of {}: no MBN directions pick exactly them",
                    chosen
                        .iter()
                        .map(|v| format!("({},{})", v.dx, v.dy))
                        .collect::<Vec<_>>()
                        .join(" "),
                    atom_text(a, b)
                )),
            }
        }
    }
    if !errors.is_empty() {
        // One reason per kind of loss, however many images share it.
        let mut seen = std::collections::BTreeSet::new();
        errors.retain(|e| seen.insert(e.clone()));
        return Err(errors);
    }
    Ok(join(parts))
}

/// Parts with the same modifiers share them (`RN`); `W0`+`F0` is `Q`, `W0`
/// `R`, `F0` `B`, `W`+`F` `K`.
fn join(parts: Vec<(String, String)>) -> String {
    let mut merged: Vec<(String, Vec<String>)> = Vec::new();
    for (prefix, atom) in parts {
        match merged.iter_mut().find(|(p, _)| *p == prefix) {
            Some((_, atoms)) => atoms.push(atom),
            None => merged.push((prefix, vec![atom])),
        }
    }
    let mut out = Vec::new();
    for (prefix, mut atoms) in merged {
        for (a, b, both) in [("W0", "F0", "Q"), ("W", "F", "K")] {
            if let (Some(i), Some(j)) = (
                atoms.iter().position(|x| x == a),
                atoms.iter().position(|x| x == b),
            ) {
                atoms[i] = both.to_string();
                atoms.remove(j);
            }
        }
        for a in &mut atoms {
            match a.as_str() {
                "W0" => *a = "R".to_string(),
                "F0" => *a = "B".to_string(),
                _ => {}
            }
        }
        out.push(format!("{prefix}{}", atoms.concat()));
    }
    out.join("+")
}

/// The fewest direction codes that pick exactly `chosen` of the atom `(a,b)`
/// (empty text when it is every move), or `None`.
fn directions(a: i64, b: i64, chosen: &[Vector]) -> Option<String> {
    let all = crate::movement::Symmetry::Octal.images(Vector::new(a, b));
    if all.iter().all(|v| chosen.contains(v)) {
        return Some(String::new());
    }
    let letters: Vec<char> = "fblrsv".chars().collect();
    let mut codes: Vec<Direction> = letters.iter().map(|&c| Direction::One(c)).collect();
    for (i, &x) in letters.iter().enumerate() {
        for &y in &letters[i + 1..] {
            codes.push(Direction::Both(x, y));
        }
    }
    let mut usable: Vec<(Direction, Vec<Vector>)> = Vec::new();
    for d in codes {
        let picked: Vec<Vector> = all.iter().copied().filter(|&v| d.picks(v)).collect();
        if !picked.is_empty()
            && picked.iter().all(|v| chosen.contains(v))
            && !usable.iter().any(|(_, p)| *p == picked)
        {
            usable.push((d, picked));
        }
    }
    for size in 1..=chosen.len() {
        let mut pick = Vec::new();
        if cover(&usable, chosen, size, 0, &mut pick) {
            return Some(pick.iter().map(|&i| usable[i].0.text()).collect());
        }
    }
    None
}

fn cover(
    usable: &[(Direction, Vec<Vector>)],
    chosen: &[Vector],
    size: usize,
    from: usize,
    pick: &mut Vec<usize>,
) -> bool {
    if pick.len() == size {
        return chosen
            .iter()
            .all(|v| pick.iter().any(|&i| usable[i].1.contains(v)));
    }
    for i in from..usable.len() {
        pick.push(i);
        if cover(usable, chosen, size, i + 1, pick) {
            return true;
        }
        pick.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::mbn::parse;
    use super::*;
    use crate::movement::movement_of;
    use icn_model::PieceKind;

    fn round(text: &str) {
        let m = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let written = write(&m).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let again = parse(&written).unwrap_or_else(|e| panic!("{written}: {e:?}"));
        assert_eq!(again, m, "{text} → {written}");
    }

    #[test]
    fn every_icn_kind_with_an_atom_round_trips() {
        for kind in PieceKind::ALL {
            let m = movement_of(kind);
            match write(&m) {
                Ok(text) => assert!(parse(&text).unwrap().same_as(&m), "{kind:?} {text}"),
                Err(e) => assert!(
                    matches!(
                        kind,
                        PieceKind::Huygen | PieceKind::Rose | PieceKind::Obstacle | PieceKind::Void
                    ),
                    "{kind:?}: {e:?}"
                ),
            }
        }
    }

    #[test]
    fn directions_and_modifiers_round_trip() {
        for t in [
            "mfW+cefF+imefW02",
            "(fs)N",
            "(fv)N+bW",
            "sW+fF",
            "mR+cpR",
            "nN",
            "nA+nD",
            "W3+fF0",
            ":1,4:",
            "ceefF",
            "ifmD",
            "(fl)F+(br)F",
            "N0",
        ] {
            round(t);
        }
    }

    #[test]
    fn writes_the_short_forms() {
        assert_eq!(write(&movement_of(PieceKind::King)).unwrap(), "K");
        assert_eq!(write(&movement_of(PieceKind::Amazon)).unwrap(), "NQ");
        assert_eq!(write(&parse("(fs)N").unwrap()).unwrap(), "(fs)N");
        assert_eq!(write(&parse("fW+bW").unwrap()).unwrap(), "vW");
    }

    #[test]
    fn refuses_what_it_cannot_say() {
        let one_knight_move = parse("(fr)N").unwrap();
        let mut single = one_knight_move.canonical();
        single.components.truncate(1);
        assert!(write(&single).unwrap_err()[0].contains("no MBN directions"));
        assert!(write(&Movement::none()).is_err());
    }

    #[test]
    fn errors_point_at_the_part() {
        assert_eq!(parse("mfW+xQ").unwrap_err().at, 4);
        assert_eq!(parse("W03").unwrap_err().at, 2);
        assert_eq!(parse("(fb)W").unwrap_err().at, 4);
        assert_eq!(parse("pW").unwrap_err().at, 1);
        assert!(parse("").is_err());
        assert!(parse("Y").unwrap_err().message.contains("atom `Y`"));
        assert!(parse("W+").is_err());
    }
}
