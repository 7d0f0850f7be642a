//! Xiangqi's rules as `variants.ini` options ([`super::write`] calls this):
//! confined pieces as `mobilityRegion…`, the soldier that steps sideways
//! across the river as `soldier` with `soldierPromotionRank`, and the chase
//! rule as `chasingRule = axf`. The reading side is
//! [`super::lower_xiangqi`].

use std::collections::BTreeMap;

use icn_model::{PieceKind, Player};
use icn_rules::Variant;
use icn_rules::limits::Limits;

use super::betza::movement_of as betza_movement;
use super::lower_xiangqi::mobility_field;
use super::slots::Slot;
use super::write::Out;

/// A kind Fairy-Stockfish's `soldier` says, with its `soldierPromotionRank`:
/// it steps forward (`fW`) and, standing on that rank or beyond (counted
/// from its own side), also moves and captures sideways (`fsW`).
pub(super) fn soldier(o: &Out, v: &Variant) -> Option<(PieceKind, u32)> {
    let r = &v.rules;
    let first = r.limits.zone_moves.iter().find(|z| z.captures)?;
    let kind = first.kind;
    let forward = betza_movement("fW")?;
    let across = betza_movement("fsW")?;
    if !r.movement(kind).same_as(&forward) {
        return None;
    }
    let of_kind: Vec<_> = r
        .limits
        .zone_moves
        .iter()
        .filter(|z| z.kind == kind)
        .collect();
    let ranks = u32::try_from(o.ranks).ok()?;
    let mut rank = None;
    for player in [Player::WHITE, Player::BLACK] {
        let [z] = of_kind
            .iter()
            .filter(|z| z.player == player)
            .collect::<Vec<_>>()[..]
        else {
            return None;
        };
        if !z.captures || z.unmoved_only || z.not_in_check || !z.movement.same_as(&across) {
            return None;
        }
        let squares = o.zone_squares(z.zone.as_ref()?);
        let relative = |q: u32| {
            if player == Player::WHITE {
                q
            } else {
                ranks + 1 - q
            }
        };
        let from = squares.iter().map(|&(_, q)| relative(q)).min()?;
        let whole: Vec<(u32, u32)> = (1..=ranks)
            .filter(|&q| relative(q) >= from)
            .flat_map(|q| (1..=o.files as u32).map(move |f| (f, q)))
            .collect();
        let mut sorted = squares.clone();
        sorted.sort_by_key(|&(f, q)| (q, f));
        if sorted != whole || rank.is_some_and(|r| r != from) {
            return None;
        }
        rank = Some(from);
    }
    Some((kind, rank?))
}

/// Takes out of `limits` what the lines of [`lines`] say: the soldier's
/// zone moves, the prisons of pieces that attack only inside them, the
/// chase rule.
pub(super) fn take_said(limits: &mut Limits, soldier: Option<PieceKind>) {
    limits.zone_moves.retain(|z| Some(z.kind) != soldier);
    limits.prisons.retain(|p| p.attacks_outside);
    limits.chase_rule = false;
}

/// The lines for the rules of this module; `slots` names each kind's slot.
pub(super) fn lines(
    o: &Out,
    v: &Variant,
    slots: &BTreeMap<PieceKind, Slot>,
    soldier: Option<(PieceKind, u32)>,
) -> Vec<String> {
    let r = &v.rules;
    let mut out = Vec::new();
    for p in r.limits.prisons.iter().filter(|p| !p.attacks_outside) {
        if let Some(&slot) = slots.get(&p.kind) {
            out.push(format!(
                "{} = {}",
                mobility_field(slot, p.player),
                o.squares_text(&o.zone_squares(&p.zone))
            ));
        }
    }
    if let Some((_, rank)) = soldier {
        out.push(format!("soldierPromotionRank = {rank}"));
    }
    if r.limits.chase_rule {
        out.push("chasingRule = axf".into());
    }
    out
}
