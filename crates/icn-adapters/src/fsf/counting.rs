//! `countingRule` (Makruk, Cambodian, ASEAN counting), read into
//! [`icn_rules::Draws::counting`] and written back.
//!
//! Fairy-Stockfish counts its limits by piece slots: `pawn`, `rook`,
//! `silver` (the khon) and `knight`. Reading, the kinds of those slots
//! become the counting roles. Writing, a kind in a role takes that slot,
//! which it may only when it moves as the slot's piece (double steps and en
//! passant aside: `doubleStep` and `enPassantTypes` say them).

use std::collections::BTreeSet;

use icn_model::PieceKind;
use icn_rules::counting::{Counting, CountingRule};
use icn_rules::{Movement, RuleSet, Variant};

use super::betza::movement_of as betza_movement;
use super::lower::Lowering;
use super::lower_pieces::Lowered;
use super::slots::Slot;
use super::write::Out;

/// The roles' kinds, each with the slot Fairy-Stockfish counts it by.
fn roles(c: &mut Counting) -> [(&mut BTreeSet<PieceKind>, &'static str); 4] {
    [
        (&mut c.pawns, "pawn"),
        (&mut c.rooks, "rook"),
        (&mut c.khons, "silver"),
        (&mut c.knights, "knight"),
    ]
}

/// Reads `countingRule` into `rules.draws.counting`.
pub(super) fn lower(l: &Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let Some(rule) = l
        .text("countingRule")
        .and_then(|(t, _)| CountingRule::from_name(&t))
    else {
        return;
    };
    let mut c = Counting {
        rule,
        pawns: BTreeSet::new(),
        rooks: BTreeSet::new(),
        khons: BTreeSet::new(),
        knights: BTreeSet::new(),
    };
    for (kinds, slot) in roles(&mut c) {
        kinds.extend(
            pieces
                .iter()
                .filter(|p| Slot::named(slot) == Some(p.def.slot))
                .map(|p| p.kind),
        );
    }
    rules.draws.counting = Some(c);
}

/// The movement the slot of a role gives.
fn slot_movement(slot: Slot) -> Option<Movement> {
    betza_movement(slot.predefined_betza()?)
}

/// The slot a kind takes for the counting roles, if it has one; a kind in a
/// role that does not move as its slot's piece is reported.
pub(super) fn slot_of(o: &mut Out, v: &Variant, kind: PieceKind) -> Option<Slot> {
    let mut c = v.rules.draws.counting.clone()?;
    let name = roles(&mut c)
        .into_iter()
        .find(|(kinds, _)| kinds.contains(&kind))?
        .1;
    let slot = Slot::named(name)?;
    // Double steps and en passant are options of their own.
    let plain = |mut m: Movement| {
        m.components
            .retain(|c| !c.needs_right && c.action != icn_rules::Action::EnPassant);
        for c in &mut m.components {
            c.sets_en_passant = false;
        }
        m
    };
    let m = plain(v.rules.movement(kind).clone());
    if slot_movement(slot).is_some_and(|s| plain(s).same_as(&m)) {
        Some(slot)
    } else {
        o.bad(format!(
            "counting by a {} that does not move as Fairy-Stockfish's `{name}`",
            kind.code()
        ));
        None
    }
}

/// The `countingRule` line, when the rules count; a role with more than
/// one kind is reported (a slot holds one).
pub(super) fn lines(o: &mut Out, v: &Variant) -> Vec<String> {
    let Some(mut c) = v.rules.draws.counting.clone() else {
        return Vec::new();
    };
    let rule = c.rule.name();
    for (kinds, slot) in roles(&mut c) {
        if kinds.len() > 1 {
            o.bad(format!(
                "counting by several kinds in the `{slot}` role (Fairy-Stockfish has one slot)"
            ));
        }
    }
    vec![format!("countingRule = {rule}")]
}
