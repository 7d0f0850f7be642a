//! The compact board against the generic one on small shogi variants:
//! Kyoto and Micro shogi (promoted pieces that turn back, promotion by
//! captures only, drops of a piece as it promotes) and Dobutsu shogi (a
//! lion that may be taken, and then dropped when the game goes on), from
//! the start positions along random games, move by move and in perft.
//!
//! `testdata/kyotoshogi.json`, `testdata/micro.json` and
//! `testdata/dobutsu.json` are Fairy-Stockfish's built-in variants as the
//! toolkit's JSON form:
//! `printf '[micro-rules:micro]\n' | icn variant convert --from fsf --to json`.

use icn_model::{Coord, Dialect, Game, PieceKind, Position};
use icn_rules::RuleSet;

use super::SmallBoard;
use super::tests::{Lcg, walk_board};
use crate::{Board, PerftMode};

/// The rules and the start position (its promoted pieces too) of a test file.
fn variant(json: &str) -> (RuleSet, Position) {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let rules = icn_rules::json_read::rules_from_json(&v["rules"]).unwrap();
    let icn = format!("w {}", v["position"].as_str().unwrap());
    let mut position = Game::parse(&icn, Dialect::Auto).unwrap().position;
    let promoted = v["promoted"].as_object().cloned().unwrap_or_default();
    for (at, from) in &promoted {
        let (x, y) = at.split_once(',').unwrap();
        let at = Coord::new(x.parse::<i64>().unwrap(), y.parse::<i64>().unwrap());
        let kind = PieceKind::custom(from.as_str().unwrap()).unwrap();
        let piece = position.pieces.iter_mut().find(|p| p.at == at).unwrap();
        piece.promoted_from = Some(kind);
    }
    (rules, position)
}

#[test]
fn compact_board_agrees_on_kyoto_and_micro_shogi() {
    for (name, json) in [
        ("kyotoshogi", include_str!("testdata/kyotoshogi.json")),
        ("micro", include_str!("testdata/micro.json")),
    ] {
        let (rules, start) = variant(json);
        let mut rng = Lcg(0x4b70);
        let mut seen = [0usize; 7];
        let mut steps = 0;
        let mut perfts = 0;
        for game in 0..30 {
            let mut b = Board::new(&start, &rules).unwrap();
            // Into the game at random, then compared move by move.
            for _ in 0..rng.next(30) {
                let moves = b.legal_moves().unwrap();
                if moves.is_empty() {
                    break;
                }
                b.make(&moves[rng.next(moves.len() as u64) as usize]);
            }
            let Some(mut s) = SmallBoard::<u64>::new(&b) else {
                panic!("the compact board declines {name}");
            };
            if game % 3 == 0 {
                let generic = b.perft_generic_with(3, PerftMode::Bulk, true).unwrap();
                assert_eq!(
                    s.perft(3, PerftMode::Bulk, true),
                    generic,
                    "{name} game {game}"
                );
                perfts += 1;
            }
            steps += walk_board::<u64>(b, name, 40, &mut rng, &mut seen);
        }
        let drops = seen[super::Special::Drop as usize];
        assert!(
            steps > 300 && perfts >= 10,
            "{name}: {steps} steps, {perfts} perfts"
        );
        assert!(drops > 50 && seen[5] > 100, "{name}: {seen:?}");
    }
}

#[test]
fn compact_board_agrees_on_dobutsu_shogi() {
    let (rules, start) = variant(include_str!("testdata/dobutsu.json"));
    let mut b = Board::new(&start, &rules).unwrap();
    let Some(mut s) = SmallBoard::<u64>::new(&b) else {
        panic!("the compact board declines dobutsu");
    };
    // Stopping where a lion is taken, and counting on (a lion in hand).
    for stop in [true, false] {
        let generic = b.perft_generic_with(6, PerftMode::Bulk, stop).unwrap();
        assert_eq!(s.perft(6, PerftMode::Bulk, stop), generic, "stop: {stop}");
    }
    let mut rng = Lcg(0xd0b7);
    let mut seen = [0usize; 7];
    let mut steps = 0;
    for _ in 0..20 {
        let b = Board::new(&start, &rules).unwrap();
        steps += walk_board::<u64>(b, "dobutsu", 40, &mut rng, &mut seen);
    }
    assert!(steps > 200, "{steps} steps");
    assert!(seen[super::Special::Drop as usize] > 20, "{seen:?}");
}
