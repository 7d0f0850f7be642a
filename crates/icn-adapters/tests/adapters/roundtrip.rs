//! Round trips through every ordered pair of the five variant formats
//! (`icn_adapters::roundtrip`): generated rule sets and boards, and a quick
//! slice of the two real files (all of them: `cargo xtask conformance
//! --corpus formats`). Nothing may change without being reported; where both
//! formats of a pair hold everything generated, the rules come back equal.

use icn_adapters::convert::VariantFormat::{self, *};
use icn_adapters::convert_many::read_all;
use icn_adapters::roundtrip::{FORMATS, PairOutcome, through_pair};
use icn_model::{Coord, Int, MoveRule, Piece, PieceKind, PlacedPiece, Player, Position};
use icn_rules::fbr::mbn;
use icn_rules::{Movement, Outcome, PromotionRule, Region, RuleSet, Variant, WinRule, Zone};
use proptest::prelude::*;

#[path = "../../../icn-rules/tests/strategies/mod.rs"]
#[allow(dead_code)]
mod strategies;

/// Movements MBN, Betza and Sjaak can all say, and some only some can.
const MOVES: [&str; 12] = [
    "N",
    "mfW+cefF",
    "(fs)N+bW",
    "RN",
    "mR+cpR",
    "nN",
    "W3",
    "fF0+bW",
    "K+D",
    "Q",
    "sW+fF+mbW",
    ":1,4:",
];

/// The kinds that take a custom movement in generated variants.
const CUSTOM: [PieceKind; 4] = [
    PieceKind::Camel,
    PieceKind::Zebra,
    PieceKind::Hawk,
    PieceKind::Guard,
];

fn movement() -> impl Strategy<Value = Movement> {
    prop::sample::select(MOVES.to_vec()).prop_map(|t| mbn::parse(t).unwrap())
}

fn outcome(v: &Variant, a: VariantFormat, b: VariantFormat) -> Result<PairOutcome, TestCaseError> {
    let o = through_pair(v, a, b);
    if let PairOutcome::Changed(fields) = &o {
        let va = icn_adapters::roundtrip::through(v, a).unwrap().0;
        let vb = icn_adapters::roundtrip::relabel(
            &icn_adapters::roundtrip::through(&va, b).unwrap().0,
            v,
            true,
        );
        let show = |x: &Variant| {
            format!(
                "{:?} / {:?} / {:?}",
                x.rules.movements.keys(),
                x.rules.promotions,
                x.rules.royals
            )
        };
        return Err(TestCaseError::fail(format!(
            "{a:?} then {b:?} changed {fields:?} without saying so\n{:?}\n{:?}",
            show(v),
            show(&vb)
        )));
    }
    Ok(o)
}

/// Rule sets without a position (FBR's ground), with custom movements.
fn rules_variant() -> impl Strategy<Value = Variant> {
    (
        strategies::rule_set(),
        prop::collection::vec((prop::sample::select(CUSTOM.to_vec()), movement()), 0..3),
    )
        .prop_map(|(mut rules, moves)| {
            for (k, m) in moves {
                rules.movements.insert(k, m);
            }
            Variant::named("generated", rules, Position::default())
        })
}

/// A finite chess-like board: kings, pawns with their double step, a back
/// rank of orthodox and fairy pieces (one of them perhaps with a custom
/// movement), promotion on the last rank.
fn board_variant() -> impl Strategy<Value = Variant> {
    let back = prop::sample::select(vec![
        PieceKind::Rook,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Queen,
        PieceKind::Archbishop,
        PieceKind::Chancellor,
        PieceKind::Camel,
        PieceKind::Zebra,
    ]);
    (
        6i64..=10,
        6i64..=10,
        prop::collection::vec(back, 10),
        0usize..10,
        prop::option::of(movement()),
        prop::sample::subsequence(
            vec![
                PieceKind::Queen,
                PieceKind::Rook,
                PieceKind::Bishop,
                PieceKind::Knight,
                PieceKind::Chancellor,
            ],
            1..4,
        ),
        prop_oneof![Just(Outcome::Draw), Just(Outcome::Loss)],
    )
        .prop_map(|(w, h, back, king, custom, choices, stalemate)| {
            let king = (king as i64 % w) + 1;
            let mut pieces = Vec::new();
            let mut put = |kind, player, x: i64, y: i64, right| {
                pieces.push(PlacedPiece {
                    promoted_from: None,
                    piece: Piece::new(kind, player),
                    at: Coord::new(x, y),
                    special_right: right,
                });
            };
            for x in 1..=w {
                let kind = if x == king {
                    PieceKind::King
                } else {
                    back[(x - 1) as usize]
                };
                put(kind, Player::WHITE, x, 1, false);
                put(kind, Player::BLACK, x, h, false);
                put(PieceKind::Pawn, Player::WHITE, x, 2, true);
                put(PieceKind::Pawn, Player::BLACK, x, h - 1, true);
            }
            let mut rules = RuleSet {
                region: Region::finite(w, h),
                castling: icn_rules::Castling::none(),
                stalemate,
                ..RuleSet::default()
            };
            rules.wins = vec![
                (Player::WHITE, vec![WinRule::Checkmate]),
                (Player::BLACK, vec![WinRule::Checkmate]),
            ];
            // Sjaak's 50-move rule.
            rules.draws.move_rule = Some(Int::from(100));
            for (player, row) in [(Player::WHITE, h), (Player::BLACK, 1)] {
                rules.promotions.push(PromotionRule {
                    from_zone: false,
                    player,
                    promoting: [PieceKind::Pawn].into_iter().collect(),
                    zone: Zone::rows([Int::from(row)]),
                    choices: choices.clone(),
                    mandatory: true,
                    forced: Zone::empty(),
                    by_move: false,
                    demotes: false,
                    on_capture: false,
                });
            }
            if let Some(m) = custom {
                rules.movements.insert(PieceKind::Camel, m);
            }
            let position = Position {
                pieces,
                move_rule: Some(MoveRule {
                    played: Int::ZERO,
                    limit: Int::from(100),
                }),
                ..Position::default()
            };
            Variant::named("generated board", rules, position)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Rules without a position through FBR, JSON and ICN: FBR and JSON
    /// hold everything FBR can say (nothing listed as left out).
    #[test]
    fn rule_sets_survive_every_pair_of_rule_formats(v in rules_variant()) {
        let fbr_says_all = icn_rules::fbr::print(&v.rules).omitted.is_empty();
        for a in [Fbr, Json, Icn] {
            for b in [Fbr, Json, Icn] {
                let o = outcome(&v, a, b)?;
                if fbr_says_all && a != Icn && b != Icn {
                    prop_assert_eq!(&o, &PairOutcome::Same, "{:?} then {:?}", a, b);
                }
            }
        }
    }

    /// Boards through every pair of the five formats; Sjaak and JSON hold
    /// every generated board but some custom movements.
    #[test]
    fn boards_survive_every_pair_of_formats(v in board_variant()) {
        for a in FORMATS {
            for b in FORMATS {
                let o = outcome(&v, a, b)?;
                // Sjaak cannot say some custom movements (lame leaps, hops
                // along other lines); the rest of a board it holds.
                let plain = v.rules.movements.is_empty();
                if [a, b].iter().all(|f| matches!(f, Sjaak | Json))
                    && (plain || !matches!(o, PairOutcome::Refused(Sjaak, _)))
                {
                    prop_assert_eq!(&o, &PairOutcome::Same, "{:?} then {:?}", a, b);
                }
                if [a, b].contains(&Fbr) {
                    // FBR holds no board or position, and says so.
                    prop_assert!(matches!(o, PairOutcome::Lost(_) | PairOutcome::Refused(..)), "{:?}", o);
                }
            }
        }
    }
}

/// The real files, a few variants of each through all 25 pairs.
#[test]
fn real_variants_survive_every_pair_or_say_what_they_lose() {
    let fsf = include_str!("../../../../fixtures/fsf/reference/fsf-variants.ini");
    let mut same = 0;
    for (text, from) in [(crate::shipped(), Sjaak), (fsf.to_string(), Fsf)] {
        let reached = read_all(&text, Some(from))
            .unwrap()
            .into_iter()
            .filter_map(|(_, r)| r.ok())
            .take(4);
        for r in reached {
            for a in FORMATS {
                for b in FORMATS {
                    match through_pair(&r.variant, a, b) {
                        PairOutcome::Changed(f) => {
                            panic!("{}: {a:?} then {b:?} changed {f:?}", r.variant.name)
                        }
                        PairOutcome::Same => same += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    // JSON to JSON at least is lossless for every one.
    assert!(same >= 8, "{same}");
}
