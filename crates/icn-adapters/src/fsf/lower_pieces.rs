//! The pieces half of [`super::lower`]: each defined piece's Betza as a
//! movement (the predefined pawn with its double step, initial moves, en
//! passant), and a piece kind of the rule objects for each: a built-in kind
//! that moves the same way, else a kind of the variant's own.

use std::collections::{BTreeMap, BTreeSet};

use icn_model::PieceKind;
use icn_rules::movement::{kind_with_movement, movement_of, royal_by_default};
use icn_rules::{Action, Component, Frame, Movement, Pattern, Symmetry, Vector};

use super::betza;
use super::lower::Lowering;
use super::resolve::PieceDef;
use super::slots::Slot;

/// The kinds of the pieces whose slots are in `set`, in slot order.
pub(super) fn kinds_in(pieces: &[Lowered], set: &super::resolve::PieceSet) -> Vec<PieceKind> {
    pieces
        .iter()
        .filter(|p| set.contains(p.def.slot))
        .map(|p| p.kind)
        .collect()
}

/// A piece of the variant as the rule objects hold it.
#[derive(Clone, Debug)]
pub(super) struct Lowered {
    pub def: PieceDef,
    pub kind: PieceKind,
    pub movement: Movement,
    pub royal: bool,
}

impl Lowered {
    /// Whether the piece has initial moves (needs the `+` right to make them).
    pub fn has_initial(&self) -> bool {
        self.movement.components.iter().any(|c| c.needs_right)
    }
}

fn forward_w() -> Component {
    Component::new(Pattern::Leap {
        vector: Vector::new(0, 1),
        symmetry: Symmetry::None,
    })
    .forward()
}

/// The movement of one piece, with the variant's double steps and en passant.
pub(super) fn movement_of_piece(
    l: &mut Lowering<'_>,
    def: &PieceDef,
    initial_allowed: bool,
    ep_taker: bool,
) -> Option<Movement> {
    let parsed = match betza::parse(&def.betza) {
        Ok(p) => p,
        Err(e) => {
            l.refuse_at(
                &def.origin,
                def.origin.col + 1 + e.col,
                format!("{} (Betza `{}`)", e.message, def.betza),
            );
            return None;
        }
    };
    let mut m = match parsed.movement() {
        Ok(m) => m,
        Err(es) => {
            for e in es {
                l.refuse_at(
                    &def.origin,
                    def.origin.col + 1 + e.col,
                    format!("{} (Betza `{}`)", e.message, def.betza),
                );
            }
            return None;
        }
    };
    if def.slot == Slot::PAWN && initial_allowed {
        // The orthodox pawn's double step, as the model's pawn has it.
        let double = Movement::pawn()
            .components
            .into_iter()
            .find(|c| c.needs_right);
        m.components.extend(double);
    }
    if !initial_allowed {
        m.components.retain(|c| !c.needs_right);
    }
    // Initial two-step moves straight ahead leave an en passant square, as
    // Fairy-Stockfish sets one on the square passed over; a lame D beside a
    // plain forward step is the pawn's double step.
    let quiet_forward = m.canonical().components.iter().any(|c| {
        !c.needs_right
            && c.action.may_move()
            && c.frame == Frame::Forward
            && c.pattern == forward_w().pattern
    });
    for c in &mut m.components {
        if !c.needs_right {
            continue;
        }
        let lame_d = matches!(c.pattern, Pattern::Lame { first, then, then_times: 1, .. } if first == Vector::new(0, 1) && then == Vector::new(0, 1));
        if lame_d && quiet_forward && c.frame == Frame::Forward {
            c.pattern = Pattern::Ride {
                vector: Vector::new(0, 1),
                symmetry: Symmetry::None,
                max: Some(2),
            };
        }
        match &c.pattern {
            Pattern::Ride {
                vector,
                max: Some(2),
                ..
            } if vector.dx == 0 || vector.dy == 0 || vector.dx.abs() == vector.dy.abs() => {
                c.sets_en_passant = true;
            }
            Pattern::Lame {
                first,
                then,
                then_times: 1,
                ..
            } if first == then => c.sets_en_passant = true,
            Pattern::Ride { max: Some(n), .. } if *n > 2 => {
                l.refuse_at(&def.origin, def.origin.col, format!("an initial move of {n} steps leaves {} en passant squares; the model holds one", n - 1));
            }
            _ => {}
        }
    }
    if ep_taker {
        let canon = m.canonical();
        let quiet: BTreeSet<(Frame, Vector)> = canon
            .components
            .iter()
            .filter(|c| c.action.may_move() && !c.needs_right)
            .filter_map(|c| match &c.pattern {
                Pattern::Leap { vector, .. } => Some((c.frame, *vector)),
                _ => None,
            })
            .collect();
        let mut extra = Vec::new();
        for c in &canon.components {
            if c.action != Action::CaptureOnly {
                continue;
            }
            match &c.pattern {
                Pattern::Leap { vector, .. } if !quiet.contains(&(c.frame, *vector)) => {
                    extra.push(Component {
                        action: Action::EnPassant,
                        ..c.clone()
                    });
                }
                Pattern::Leap { .. } => {}
                _ => l.refuse_at(
                    &def.origin,
                    def.origin.col,
                    "en passant by a capture that is not a leap: needs the model".to_string(),
                ),
            }
        }
        m.components.extend(extra);
    }
    Some(betza::fold(&m))
}

/// Kinds for the pieces: the ICN kind that moves the same way (royal kinds
/// for royal pieces) when free, else a kind of the variant's own named by
/// its letter ([`icn_rules::pieces::own_code`]); no limit on their number.
pub(super) fn assign(pieces: Vec<(PieceDef, Movement, bool)>, pawn: Option<Slot>) -> Vec<Lowered> {
    let mut taken: BTreeSet<PieceKind> = BTreeSet::new();
    // The piece that resets the move rule is the model's pawn kind.
    let mut chosen: BTreeMap<usize, PieceKind> = BTreeMap::new();
    if let Some(i) = pieces.iter().position(|p| Some(p.0.slot) == pawn && !p.2) {
        taken.insert(PieceKind::Pawn);
        chosen.insert(i, PieceKind::Pawn);
    }
    let mut out = Vec::new();
    // Pieces an ICN kind describes first, so that own kinds do not take their place.
    let mut order: Vec<usize> = (0..pieces.len())
        .filter(|i| !chosen.contains_key(i))
        .collect();
    order.sort_by_key(|&i| kind_with_movement(&pieces[i].1, pieces[i].2).is_none());
    for i in order {
        let (def, m, royal) = &pieces[i];
        let by_movement = kind_with_movement(m, *royal).filter(|k| !taken.contains(k));
        // Else a kind of the variant's own, coded by its letter.
        let kind = by_movement.unwrap_or_else(|| {
            let letter = def.letter.to_ascii_uppercase().to_string();
            icn_rules::pieces::own_code(&[&letter], &def.slot.name(), &taken)
        });
        taken.insert(kind);
        chosen.insert(i, kind);
    }
    for (i, (def, m, royal)) in pieces.into_iter().enumerate() {
        if let Some(&kind) = chosen.get(&i) {
            out.push(Lowered {
                def,
                kind,
                movement: m,
                royal,
            });
        }
    }
    out
}

/// The movement overrides and royal kinds of the assigned pieces.
pub(super) fn movements_and_royals(
    pieces: &[Lowered],
) -> (indexmap::IndexMap<PieceKind, Movement>, BTreeSet<PieceKind>) {
    let mut movements = indexmap::IndexMap::new();
    for p in pieces {
        if !p.kind.is_builtin() || !p.movement.same_as(&movement_of(p.kind)) {
            movements.insert(p.kind, p.movement.clone());
        }
    }
    let taken: BTreeSet<PieceKind> = pieces.iter().map(|p| p.kind).collect();
    let royals = PieceKind::ALL
        .into_iter()
        .filter(|k| royal_by_default(*k) && !taken.contains(k))
        .chain(pieces.iter().filter(|p| p.royal).map(|p| p.kind))
        .collect();
    (movements, royals)
}

/// `movement` with each pair of absolute leaps `(dx, dy)` and `(dx, -dy)`
/// of the same action read in the piece's forward frame (the same moves
/// for either side), so that a forward step among them is seen as one
/// (`fbmW` beside `ifmnD`).
fn forward_pairs(movement: &Movement) -> Movement {
    let leap = |c: &Component| match c.pattern {
        Pattern::Leap {
            vector,
            symmetry: Symmetry::None,
        } if c.frame == Frame::Absolute && !c.needs_right => Some(vector),
        _ => None,
    };
    let mut out = movement.clone();
    for (i, c) in movement.components.iter().enumerate() {
        let Some(v) = leap(c) else { continue };
        let paired = movement
            .components
            .iter()
            .any(|d| d.action == c.action && leap(d) == Some(Vector::new(v.dx, -v.dy)));
        if paired && v.dy != 0 {
            out.components[i].frame = Frame::Forward;
        }
    }
    out
}

/// The quiet moves a piece with initial double steps plays on its
/// double-step region, for a piece that can come (back) into the region
/// (Fairy-Stockfish lets it double-step there again, whatever it did
/// before): its quiet moves with each double step (a lame `nD`-style leap
/// with both legs the same, or a ride of at most two steps) a ride of at
/// most two steps, replacing the single step it extends. `None` when some initial move is not such a double step.
pub(super) fn zone_double_steps(movement: &Movement) -> Option<Movement> {
    let movement = &forward_pairs(movement);
    let quiet = |c: &Component| {
        matches!(
            c.action,
            icn_rules::Action::MoveOnly | icn_rules::Action::MoveOrCapture
        )
    };
    let mut out = Vec::new();
    let mut extended = Vec::new();
    for c in movement.components.iter().filter(|c| c.needs_right) {
        let (first, symmetry) = match c.pattern {
            Pattern::Lame {
                first,
                then,
                symmetry,
                then_times: 1,
            } if first == then => (first, symmetry),
            Pattern::Ride {
                vector,
                symmetry,
                max: Some(2),
            } => (vector, symmetry),
            _ => return None,
        };
        if !quiet(c) {
            return None;
        }
        let mut ride = c.clone();
        ride.pattern = Pattern::Ride {
            vector: first,
            symmetry,
            max: Some(2),
        };
        ride.needs_right = false;
        ride.action = icn_rules::Action::MoveOnly;
        extended.push((first, symmetry, c.frame));
        out.push(ride);
    }
    for c in movement
        .components
        .iter()
        .filter(|c| !c.needs_right && quiet(c))
    {
        let single = match c.pattern {
            Pattern::Leap { vector, symmetry }
            | Pattern::Ride {
                vector,
                symmetry,
                max: Some(1),
            } => extended.contains(&(vector, symmetry, c.frame)),
            _ => false,
        };
        if !single {
            out.push(c.clone());
        }
    }
    let steps: Vec<Vector> = extended
        .iter()
        .flat_map(|&(vector, symmetry, frame)| {
            let mut c = Component::new(Pattern::Leap { vector, symmetry });
            c.frame = frame;
            super::write::white_vectors(&c)
        })
        .collect();
    // A ride's first step must be no other quiet move's (it would be listed
    // twice): `mWifmnD` is refused.
    let rides = extended.len();
    let doubled = out[rides..].iter().any(|c| {
        super::write::white_vectors(c)
            .iter()
            .any(|v| steps.contains(v))
    });
    (!doubled).then_some(Movement { components: out })
}
