//! The compact board against the generic one under rules that filter the
//! moves: forced capture (giveaway), several royals that nothing protects
//! (kinglet, three kings), pieces immune to their own kind (atomar), the
//! Makpong rule, piece limits on promotion and extinction, on random fairy
//! positions, move by move and in perft.

use icn_model::{Dialect, Game, PieceKind, Player};
use icn_rules::{RuleSet, WinRule};

use super::SmallBoard;
use super::tests::{Lcg, random_icn, walk_board};
use crate::{Board, PerftMode};

/// Random positions under `rules` (changed by `adjust` from each
/// position's own): the compact board must take at least `min` of them and
/// agree with the generic one. Returns the moves compared.
fn agrees(seed: u64, min: usize, adjust: impl Fn(&mut RuleSet)) -> usize {
    let mut rng = Lcg(seed);
    let mut seen = [0usize; 7];
    let (mut steps, mut taken) = (0, 0);
    for i in 0..40 {
        let icn = random_icn(&mut rng);
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        adjust(&mut rules);
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        let Some(mut s) = SmallBoard::<u64>::new(&b) else {
            continue;
        };
        taken += 1;
        if i % 3 == 0 {
            for stop in [true, false] {
                let generic = b.perft_generic_with(3, PerftMode::Bulk, stop).unwrap();
                assert_eq!(s.perft(3, PerftMode::Bulk, stop), generic, "{icn}");
            }
        }
        steps += walk_board::<u64>(b, &icn, 16, &mut rng, &mut seen);
    }
    assert!(taken >= min, "{taken} positions on the compact board");
    steps
}

fn wins(rules: &mut RuleSet, w: WinRule) {
    rules.wins = vec![(Player::WHITE, vec![w.clone()]), (Player::BLACK, vec![w])];
}

#[test]
fn forced_capture_agrees() {
    // With check (the captures kept are the legal ones) and without.
    assert!(agrees(0xf0, 30, |r| r.forced_capture = true) > 300);
    assert!(
        agrees(0xf1, 30, |r| {
            r.forced_capture = true;
            wins(r, WinRule::AllRoyalsCaptured);
        }) > 300
    );
}

#[test]
fn several_royals_nothing_protects_agree() {
    let steps = agrees(0x3c, 30, |r| {
        r.royals.insert(PieceKind::Knight);
        r.royals.insert(PieceKind::Pawn);
        wins(r, WinRule::RoyalCapture);
    });
    assert!(steps > 300);
    let steps = agrees(0x3d, 30, |r| {
        r.royals.insert(PieceKind::Rook);
        wins(r, WinRule::AllRoyalsCaptured);
    });
    assert!(steps > 300);
}

/// Several royals that their players keep safe (coregal's king and
/// queen): every move is made and tested.
#[test]
fn several_protected_royals_agree() {
    let steps = agrees(0x3e, 30, |r| {
        r.royals.insert(PieceKind::Knight);
    });
    assert!(steps > 300);
}

#[test]
fn kin_immunity_agrees() {
    let steps = agrees(0x1a, 30, |r| {
        r.limits.same_kind_immune = [PieceKind::Queen, PieceKind::Rook, PieceKind::Knight].into();
    });
    assert!(steps > 300);
}

#[test]
fn makpong_agrees() {
    let steps = agrees(0x3a, 30, |r| r.limits.royal_captures_checker_only = true);
    assert!(steps > 300);
}

/// Piece limits on promotion (grand chess): a pawn may not promote into a
/// kind its side has as many of as the limit.
#[test]
fn promotion_limits_agree() {
    use icn_rules::limits::PieceLimit;
    let steps = agrees(0x11b, 30, |r| {
        for player in [Player::WHITE, Player::BLACK] {
            for (kind, max) in [
                (PieceKind::Queen, 1),
                (PieceKind::Rook, 1),
                (PieceKind::Knight, 2),
            ] {
                r.limits.piece_limits.push(PieceLimit { kind, player, max });
            }
        }
    });
    assert!(steps > 300);
}

/// Extinction rules, counted by type: of a kind, of every piece, and won
/// by the player left without.
#[test]
fn extinction_agrees() {
    use icn_rules::Extinction;
    let rule = |kinds: Option<&[PieceKind]>, at_most, own| {
        WinRule::Extinction(Extinction {
            kinds: kinds.map(|k| k.iter().copied().collect()),
            at_most,
            opponent_at_least: 0,
            own,
        })
    };
    let knights: &[PieceKind] = &[PieceKind::Knight, PieceKind::Rook];
    assert!(agrees(0xe1, 30, |r| wins(r, rule(Some(knights), 0, false))) > 300);
    assert!(agrees(0xe2, 30, |r| wins(r, rule(None, 6, false))) > 300);
    assert!(agrees(0xe3, 30, |r| wins(r, rule(Some(knights), 1, true))) > 300);
}

/// En passant is a capture: after a double step past a pawn, taking en
/// passant is the only move a forced capture leaves.
#[test]
fn forced_capture_counts_en_passant() {
    let icn = "b 0/100 1 1,8,1,8 K1,1|k8,8|P5,5|p4,7+";
    let g = Game::parse(icn, Dialect::Auto).unwrap();
    let mut rules = crate::rules_of(&g).unwrap();
    rules.forced_capture = true;
    let mut b = Board::new(&g.position, &rules).unwrap();
    let mut s = SmallBoard::<u64>::new(&b).unwrap();
    let mut moves = Vec::new();
    s.generate(&mut moves);
    let double = *moves
        .iter()
        .find(|m| m.special == super::Special::DoubleStep)
        .expect("the double step");
    s.make(&double);
    b.make(&s.to_move(&double));
    assert_eq!(b.legal_moves().unwrap().len(), 1);
    assert_eq!(s.count(), 1);
    assert_eq!(s.perft(1, PerftMode::MakeEveryLeaf, true), 1);
}

/// A promotion rule per kind, as shogi has: pawns may promote on the last
/// three rows (forced on the last) and from them, wherever they go;
/// knights and bishops must promote in the zone, and on moves from it.
#[test]
fn promotion_rules_per_kind_agree() {
    use icn_model::Int;
    use icn_rules::{PromotionRule, Zone};
    let rows = |rs: &[i64]| Zone::rows(rs.iter().copied().map(Int::from));
    let steps = agrees(0x5e0, 30, |r| {
        r.promotions.clear();
        for (player, zone, last) in [(Player::WHITE, [6, 7, 8], 8), (Player::BLACK, [3, 2, 1], 1)] {
            r.promotions.push(PromotionRule {
                player,
                promoting: [PieceKind::Pawn].into(),
                zone: rows(&zone),
                choices: vec![PieceKind::Queen, PieceKind::Knight],
                mandatory: false,
                forced: rows(&[last]),
                from_zone: true,
                by_move: false,
                demotes: false,
                on_capture: false,
            });
            r.promotions.push(PromotionRule {
                player,
                promoting: [PieceKind::Knight, PieceKind::Bishop].into(),
                zone: rows(&zone),
                choices: vec![PieceKind::Chancellor],
                mandatory: true,
                forced: rows(&[]),
                from_zone: true,
                by_move: false,
                demotes: false,
                on_capture: false,
            });
        }
    });
    assert!(steps > 300);
}

/// Berolina pawns: they move diagonally and capture straight ahead, and
/// their double step is a lame leap that needs the `+` right and leaves an
/// en passant square on its leg.
#[test]
fn lame_leaps_that_need_a_right_agree() {
    let pawn = serde_json::json!({"movements": {"P": {"components": [
        {"pattern": {"Leap": {"vector": {"dx": 1, "dy": 1}, "symmetry": "MirrorX"}},
         "action": "MoveOnly", "frame": "Forward", "needs_right": false,
         "sets_en_passant": false},
        {"pattern": {"Leap": {"vector": {"dx": 0, "dy": 1}, "symmetry": "None"}},
         "action": "CaptureOnly", "frame": "Forward", "needs_right": false,
         "sets_en_passant": false},
        {"pattern": {"Lame": {"first": {"dx": 1, "dy": 1}, "then": {"dx": 1, "dy": 1},
                              "symmetry": "MirrorX"}},
         "action": "MoveOnly", "frame": "Forward", "needs_right": true,
         "sets_en_passant": true}
    ]}}});
    let pawn = icn_rules::json_read::rules_from_json(&pawn)
        .unwrap()
        .movements[&PieceKind::Pawn]
        .clone();
    let steps = agrees(0xbe0, 30, |r| {
        r.movements.insert(PieceKind::Pawn, pawn.clone());
    });
    assert!(steps > 300);
}

/// Grasshoppers (the knights' movement here): over the first piece on a
/// queen line, onto the square right behind it, checks included.
#[test]
fn grasshoppers_agree() {
    use icn_rules::{Component, Movement, Pattern, Symmetry, Vector};
    let hop = |dx, dy| {
        Component::new(Pattern::Grasshopper {
            vector: Vector::new(dx, dy),
            symmetry: Symmetry::Rotations,
        })
    };
    let grasshopper = Movement {
        components: vec![hop(1, 0), hop(1, 1)],
    };
    let steps = agrees(0x6a55, 30, |r| {
        r.movements.insert(PieceKind::Knight, grasshopper.clone());
    });
    assert!(steps > 300);
}
