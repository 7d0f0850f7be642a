//! The compact board against the generic one on Sittuyin: mandatory drops
//! of the whole army (kings from the hand may not land attacked, rooks on
//! the first rank only) and promotion as a move of its own, from the start
//! position and from random endgames, move by move and in perft.
//!
//! `testdata/sittuyin.json` is Fairy-Stockfish's built-in variant as the
//! toolkit's JSON form:
//! `printf '[sittuyin-rules:sittuyin]\n' | icn variant convert --from fsf --to json`.

use icn_model::{Dialect, Game, Position};
use icn_rules::RuleSet;

use super::SmallBoard;
use super::tests::{Lcg, RandomPieces, walk_board};
use crate::{Board, PerftMode};

/// The rules and start position (with its hands) of the test file.
fn sittuyin() -> (RuleSet, Position) {
    let v: serde_json::Value =
        serde_json::from_str(include_str!("testdata/sittuyin.json")).unwrap();
    let rules = icn_rules::json_read::rules_from_json(&v["rules"]).unwrap();
    let icn = format!("w {}", v["position"].as_str().unwrap());
    let mut position = Game::parse(&icn, Dialect::Auto).unwrap().position;
    let state = serde_json::json!({ "holdings": v["holdings"] });
    icn_model::state_property::apply_state(&state, &mut position).unwrap();
    (rules, position)
}

/// Kings, pawns (some on the promotion diagonals), at most one general a
/// side, and a few rooks, knights and silvers, with nothing in hand.
fn random_endgame(rng: &mut Lcg) -> String {
    let mut board = RandomPieces::default();
    board.place("K", rng, (1, 8), None);
    board.place("k", rng, (1, 8), None);
    for _ in 0..1 + rng.next(3) {
        board.place("P", rng, (3, 7), None);
        board.place("p", rng, (2, 6), None);
    }
    for code in ["F", "f", "R", "r", "N", "n", "S", "s"] {
        if rng.next(3) == 0 {
            board.place(code, rng, (1, 8), None);
        }
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    board.icn(side)
}

#[test]
fn compact_board_agrees_on_sittuyin() {
    let (rules, start) = sittuyin();
    let mut rng = Lcg(0x5177);
    let mut seen = [0usize; 7];
    let mut steps = 0;
    // From the start: the placement, then play.
    for _ in 0..6 {
        let b = Board::new(&start, &rules).unwrap();
        steps += walk_board::<u64>(b, "the start", 80, &mut rng, &mut seen);
    }
    let b = Board::new(&start, &rules).unwrap();
    let mut s = SmallBoard::<u64>::new(&b).expect("compact 8×8");
    let mut b2 = b.clone();
    assert_eq!(
        s.perft(2, PerftMode::Bulk, true),
        b2.perft_generic_with(2, PerftMode::Bulk, true).unwrap()
    );
    // Endgames where pawns promote.
    let mut perfts = 0;
    for i in 0..80 {
        let icn = random_endgame(&mut rng);
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        // The compact board declines a position whose waiting side is in
        // check (its royal could be taken into a hand).
        let Some(mut s) = SmallBoard::<u64>::new(&b) else {
            let waiting = if b.side_to_move() == icn_model::Player::WHITE {
                icn_model::Player::BLACK
            } else {
                icn_model::Player::WHITE
            };
            assert!(b.royal_attacked(waiting), "{icn}");
            continue;
        };
        if i % 2 == 0 {
            let generic = b.perft_generic_with(3, PerftMode::Bulk, true).unwrap();
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            perfts += 1;
        }
        steps += walk_board::<u64>(b, &icn, 12, &mut rng, &mut seen);
    }
    assert!(steps > 600 && perfts > 30, "{steps} steps, {perfts} perfts");
    let (drops, promotions) = (seen[super::Special::Drop as usize], seen[5]);
    assert!(drops > 1000 && promotions > 100, "{seen:?}");
}

/// A king from the hand may not land where it is attacked: the black rook
/// on a2 keeps White's king off the second rank and the a-file.
#[test]
fn a_king_is_not_dropped_into_check() {
    let (rules, _) = sittuyin();
    let mut position = Game::parse("w 0/100 k5,8|r1,2", Dialect::Auto)
        .unwrap()
        .position;
    let state = serde_json::json!({ "holdings": { "K": 1 } });
    icn_model::state_property::apply_state(&state, &mut position).unwrap();
    let mut b = Board::new(&position, &rules).unwrap();
    let mut s = SmallBoard::<u64>::new(&b).expect("compact 8×8");
    let generic = b.legal_moves().unwrap();
    assert!(generic.iter().all(|m| m.to.y != 2 && m.to.x != 1));
    // Ranks 1 and 3 without the a-file.
    assert_eq!(generic.len(), 14);
    assert_eq!(s.count(), 14);
}
