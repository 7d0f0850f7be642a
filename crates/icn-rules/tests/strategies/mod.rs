//! Proptest strategies for rule sets, shared by the FBR and JSON round trips.

use std::collections::BTreeSet;

use icn_model::{Coord, Int, PieceKind, Player};
use icn_rules::{Castling, Outcome, PromotionRule, RepetitionResult, RuleSet, WinRule, Zone};
use proptest::prelude::*;

fn win_rule() -> impl Strategy<Value = WinRule> {
    prop_oneof![
        Just(WinRule::Checkmate),
        Just(WinRule::RoyalCapture),
        Just(WinRule::AllRoyalsCaptured),
        Just(WinRule::AllPiecesCaptured),
        (1u32..9).prop_map(WinRule::Checks),
        Just(WinRule::Koth),
        Just(WinRule::Checkmated),
    ]
}

fn wins() -> impl Strategy<Value = Vec<WinRule>> {
    proptest::collection::vec(win_rule(), 0..4).prop_map(|ws| {
        let mut out = Vec::new();
        for w in ws {
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    })
}

fn zone() -> impl Strategy<Value = Zone> {
    prop_oneof![
        proptest::collection::btree_set(-50i64..50, 1..4)
            .prop_map(|s| Zone::rows(s.into_iter().map(Int::from))),
        proptest::collection::btree_set((-5i64..30, -5i64..30), 1..5)
            .prop_map(|s| Zone::squares(s.into_iter().map(|(x, y)| Coord::new(x, y)))),
        (1i64..20, 0i64..6, 1i64..20, 0i64..6).prop_map(|(l, w, b, h)| Zone::rect(
            Int::from(l),
            Int::from(b),
            Int::from(l + w),
            Int::from(b + h)
        )),
    ]
}

fn promotion(player: Player) -> impl Strategy<Value = Option<PromotionRule>> {
    let kinds: Vec<PieceKind> = PieceKind::ALL
        .into_iter()
        .filter(|k| !k.is_neutral_only())
        .collect();
    proptest::option::of(
        (
            zone(),
            proptest::sample::subsequence(kinds, 1..4),
            any::<bool>(),
        )
            .prop_map(move |(zone, choices, mandatory)| PromotionRule {
                from_zone: false,
                forced: Zone::empty(),
                player,
                promoting: [PieceKind::Pawn].into_iter().collect(),
                zone,
                choices,
                mandatory,
                by_move: false,
                demotes: false,
                on_capture: false,
            }),
    )
}

pub fn rule_set() -> impl Strategy<Value = RuleSet> {
    let royal_kinds = [
        PieceKind::King,
        PieceKind::RoyalQueen,
        PieceKind::RoyalCentaur,
        PieceKind::Amazon,
    ];
    (
        (
            wins(),
            wins(),
            proptest::sample::subsequence(royal_kinds.to_vec(), 1..4),
        ),
        (promotion(Player::WHITE), promotion(Player::BLACK)),
        (
            prop_oneof![Just(Outcome::Draw), Just(Outcome::Win), Just(Outcome::Loss)],
            proptest::option::of(2u32..6),
        ),
        (proptest::option::of(1u32..5), any::<bool>()),
        (
            proptest::collection::btree_set((-3i64..30, -3i64..30), 0..4),
            zone(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |((w, b, royals), (pw, pb), (stalemate, rep), (pc, lr), (holes, hill, partners))| {
                let mut r = RuleSet {
                    wins: vec![(Player::WHITE, w), (Player::BLACK, b)],
                    royals: royals.into_iter().collect(),
                    promotions: pw.into_iter().chain(pb).collect(),
                    stalemate,
                    hill,
                    ..RuleSet::default()
                };
                r.draws.repetition = rep;
                r.losses.perpetual_check = pc;
                // The player who repeats loses (FBR `loss=repetition`).
                if lr && rep.is_some() {
                    r.draws.repetition_result = RepetitionResult::ToMove(Outcome::Win);
                }
                r.region.excluded = holes.into_iter().map(|(x, y)| Coord::new(x, y)).collect();
                if partners {
                    r.castling = Castling {
                        partners: Some(BTreeSet::from([PieceKind::Rook, PieceKind::Guard])),
                        ..Castling::site()
                    };
                }
                r
            },
        )
}

fn kinds() -> impl Strategy<Value = BTreeSet<PieceKind>> {
    let all: Vec<PieceKind> = PieceKind::ALL
        .into_iter()
        .filter(|k| !k.is_neutral_only())
        .collect();
    proptest::sample::subsequence(all, 0..4).prop_map(|k| k.into_iter().collect())
}

fn drop_zone() -> impl Strategy<Value = icn_rules::DropZone> {
    (
        prop_oneof![Just(Player::WHITE), Just(Player::BLACK)],
        proptest::option::of(kinds()),
        zone(),
    )
        .prop_map(|(player, kinds, zone)| icn_rules::DropZone {
            player,
            kinds,
            zone,
        })
}

/// Holdings rules with every field drawn.
#[allow(dead_code)]
pub fn drops() -> impl Strategy<Value = icn_rules::Drops> {
    (
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (
            proptest::collection::vec(drop_zone(), 0..3),
            proptest::collection::vec(drop_zone(), 0..2),
            proptest::collection::vec(drop_zone(), 0..2),
        ),
        (any::<bool>(), kinds(), kinds(), kinds()),
        (kinds(), 1u32..3, any::<bool>()),
        (any::<bool>(), kinds(), any::<bool>()),
    )
        .prop_map(
            |(
                (allowed, captures_to_hand, pickup, keep_promoted),
                (zones, rights, gating),
                (no_dead_drops, dead_drops_allowed, no_mate, no_check),
                (doubled, per_file, loses),
                (must_drop, opposite_colors, promoted_drops),
            )| icn_rules::Drops {
                allowed,
                captures_to_hand,
                pickup,
                keep_promoted,
                demotions: [(PieceKind::Queen, PieceKind::Pawn)].into_iter().collect(),
                zones,
                rights,
                gating,
                no_dead_drops,
                dead_drops_allowed,
                no_doubled: doubled.into_iter().map(|k| (k, per_file)).collect(),
                no_mate,
                drop_mate: if loses {
                    icn_rules::DropMate::LosesForDropper
                } else {
                    icn_rules::DropMate::Illegal
                },
                no_check,
                must_drop,
                opposite_colors,
                promoted_drops,
            },
        )
}
