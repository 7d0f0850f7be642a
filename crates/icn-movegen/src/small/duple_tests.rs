//! The compact board against the generic one on Spartan chess: duple check
//! (two kings that may not both be attacked, one alone an ordinary king),
//! hoplites that promote into a second king and jump as an alfil from their
//! first rank (a quiet leap that needs the `+` right), from the start
//! position and from random positions, move by move and in perft.
//!
//! `testdata/spartan.json` is Fairy-Stockfish's built-in variant as the
//! toolkit's JSON form:
//! `printf '[spartan-rules:spartan]\n' | icn variant convert --from fsf --to json`.

use icn_model::{Dialect, Game};
use icn_rules::RuleSet;

use super::SmallBoard;
use super::tests::{Lcg, RandomPieces, walk_board};
use crate::{Board, PerftMode};

/// The rules and the start position (ICN) of the test file.
fn spartan() -> (RuleSet, String) {
    let v: serde_json::Value = serde_json::from_str(include_str!("testdata/spartan.json")).unwrap();
    let rules = icn_rules::json_read::rules_from_json(&v["rules"]).unwrap();
    (rules, format!("w {}", v["position"].as_str().unwrap()))
}

/// White's king and a few pieces against one or two black kings, hoplites
/// (some on their first rank, with the `+` right) and a few Spartan pieces.
fn random_position(rng: &mut Lcg) -> String {
    let mut board = RandomPieces::default();
    board.place("GU", rng, (1, 8), None);
    for _ in 0..1 + rng.next(2) {
        board.place("gu", rng, (1, 8), None);
    }
    for _ in 0..rng.next(5) {
        board.place("h", rng, (2, 7), Some(7));
    }
    for code in ["Q", "R", "N", "B", "P", "l", "c", "g", "ar"] {
        if rng.next(3) == 0 {
            board.place(code, rng, (2, 7), None);
        }
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    board.icn(side)
}

#[test]
fn compact_board_agrees_on_spartan() {
    let (rules, start) = spartan();
    let mut rng = Lcg(0x5a27);
    let mut seen = [0usize; 7];
    let mut steps = 0;
    let g = Game::parse(&start, Dialect::Auto).unwrap();
    for _ in 0..6 {
        let b = Board::new(&g.position, &rules).unwrap();
        steps += walk_board::<u64>(b, "the start", 60, &mut rng, &mut seen);
    }
    let mut perfts = 0;
    let mut two_kings_in_check = 0;
    for i in 0..120 {
        let icn = random_position(&mut rng);
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        let Some(mut s) = SmallBoard::<u64>::new(&b) else {
            panic!("the compact board declines {icn}");
        };
        two_kings_in_check += usize::from(icn.matches("gu").count() == 2 && b.in_check());
        if i % 2 == 0 {
            let generic = b.perft_generic_with(3, PerftMode::Bulk, true).unwrap();
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            perfts += 1;
        }
        steps += walk_board::<u64>(b, &icn, 12, &mut rng, &mut seen);
    }
    assert!(steps > 800 && perfts > 40, "{steps} steps, {perfts} perfts");
    assert!(
        two_kings_in_check > 0 && seen[5] > 20,
        "{two_kings_in_check}, {seen:?}"
    );
}
