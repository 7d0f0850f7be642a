//! Xiangqi's options, lowered ([`super::lower`] calls this):
//! - `mobilityRegion{White,Black}{Piece}`: the piece never leaves the region
//!   and attacks only its squares ([`Prison`]); a region that is the whole
//!   board says nothing.
//! - `soldierPromotionRank = R`: a `soldier` (`fsW`) steps only forward
//!   (`fW`) below its own rank `R`; from `R` on it also moves and captures
//!   sideways ([`ZoneMoves`] with captures, on ranks `R` and beyond counted
//!   from its side).
//! - `chasingRule = axf`: Asian perpetual-chase rules, kept as the chase rule
//!   ([`icn_rules::limits::Limits::chase_rule`]); they decide repetitions,
//!   never which moves exist.

use icn_model::Player;
use icn_rules::RuleSet;
use icn_rules::limits::{Prison, ZoneMoves};

use super::betza::movement_of as betza_movement;
use super::lower::{Lowering, zone};
use super::lower_pieces::Lowered;
use super::slots::Slot;

/// Lowers the options above into `rules`.
pub(super) fn lower(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    mobility_regions(l, rules, pieces);
    soldiers(l, rules, pieces);
    // The reader takes `axf` or `none`.
    rules.limits.chase_rule = l.text("chasingRule").is_some_and(|(t, _)| t == "axf");
}

/// The `mobilityRegion…` option name of a piece slot for `player`.
pub(super) fn mobility_field(slot: Slot, player: Player) -> String {
    let mut name = slot.name();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let color = if player == Player::WHITE {
        "White"
    } else {
        "Black"
    };
    format!("mobilityRegion{color}{name}")
}

fn mobility_regions(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let whole = (l.files * l.ranks) as usize;
    for p in pieces {
        for player in [Player::WHITE, Player::BLACK] {
            let field = mobility_field(p.def.slot, player);
            if l.origin_of(&field).is_none() {
                continue;
            }
            let squares = l.squares(&field, "-");
            if squares.len() == whole {
                continue;
            }
            rules.limits.prisons.push(Prison {
                kind: p.kind,
                player,
                zone: zone(&squares, l.files),
                attacks_outside: false,
            });
        }
    }
}

fn soldiers(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let rank = l.int_rank("soldierPromotionRank", 1);
    if rank <= 1 {
        return;
    }
    let Some(soldier) = pieces
        .iter()
        .find(|p| Slot::named("soldier") == Some(p.def.slot))
    else {
        return;
    };
    let Some(forward) = betza_movement("fW") else {
        return;
    };
    let across = rules.movement(soldier.kind).clone();
    rules.movements.insert(soldier.kind, forward);
    for player in [Player::WHITE, Player::BLACK] {
        let ranks: Vec<(u32, u32)> = (rank..=l.ranks)
            .map(|r| {
                if player == Player::WHITE {
                    r
                } else {
                    l.ranks + 1 - r
                }
            })
            .flat_map(|r| (1..=l.files).map(move |f| (f, r)))
            .collect();
        rules.limits.zone_moves.push(ZoneMoves {
            kind: soldier.kind,
            player,
            zone: Some(zone(&ranks, l.files)),
            unmoved_only: false,
            not_in_check: false,
            movement: across.clone(),
            captures: true,
        });
    }
}
