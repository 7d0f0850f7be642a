//! The compact board against the generic one on Sho shogi: royalty by
//! count (a king is royal only while its side has one; with the crown
//! prince beside it either may be left attacked), the drunk elephant's
//! promotion into a second king, from the start position and from random
//! positions, move by move and in perft.
//!
//! `testdata/shoshogi.json` is Fairy-Stockfish's built-in variant as the
//! toolkit's JSON form:
//! `printf '[shoshogi-rules:shoshogi]\n' | icn variant convert --from fsf --to json`.

use icn_model::{Dialect, Game};
use icn_rules::RuleSet;

use super::SmallBoard;
use super::tests::{Lcg, RandomPieces, walk_board};
use crate::{Board, PerftMode};

/// The rules and the start position (ICN) of the test file.
fn shoshogi() -> (RuleSet, String) {
    let v: serde_json::Value =
        serde_json::from_str(include_str!("testdata/shoshogi.json")).unwrap();
    let rules = icn_rules::json_read::rules_from_json(&v["rules"]).unwrap();
    (rules, format!("w {}", v["position"].as_str().unwrap()))
}

/// One or two kings a side, drunk elephants near their promotion zones and
/// a few other Sho shogi pieces; and the number of kings of the side to
/// move.
fn random_position(rng: &mut Lcg) -> (String, u64) {
    let mut board = RandomPieces::files(9);
    let mut kings = [0, 0];
    for (side, king) in ["GU", "gu"].into_iter().enumerate() {
        kings[side] = 1 + rng.next(2);
        for _ in 0..kings[side] {
            board.place(king, rng, (1, 9), None);
        }
    }
    for elephant in ["E", "e"] {
        for _ in 0..rng.next(3) {
            board.place(elephant, rng, (3, 7), None);
        }
    }
    for code in ["R", "r", "B", "b", "G", "g", "S", "s", "L", "l", "SH", "sh"] {
        if rng.next(3) == 0 {
            board.place(code, rng, (2, 8), None);
        }
    }
    let side = rng.next(2) as usize;
    (board.icn(["w", "b"][side]), kings[side])
}

#[test]
fn compact_board_agrees_on_shoshogi() {
    let (rules, start) = shoshogi();
    let mut rng = Lcg(0x5305);
    let mut seen = [0usize; 7];
    let mut steps = 0;
    let g = Game::parse(&start, Dialect::Auto).unwrap();
    for _ in 0..4 {
        let b = Board::new(&g.position, &rules).unwrap();
        steps += walk_board::<u128>(b, "the start", 60, &mut rng, &mut seen);
    }
    let mut perfts = 0;
    let mut two_kings = 0;
    for i in 0..120 {
        let (icn, kings) = random_position(&mut rng);
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        let Some(mut s) = SmallBoard::<u128>::new(&b) else {
            panic!("the compact board declines {icn}");
        };
        two_kings += usize::from(kings == 2);
        if i % 2 == 0 {
            let generic = b.perft_generic_with(3, PerftMode::Bulk, true).unwrap();
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            perfts += 1;
        }
        steps += walk_board::<u128>(b, &icn, 12, &mut rng, &mut seen);
    }
    assert!(steps > 800 && perfts > 40, "{steps} steps, {perfts} perfts");
    assert!(two_kings > 20 && seen[5] > 20, "{two_kings}, {seen:?}");
}
