//! The compact board against the generic one where pieces jump: xiangqi's
//! rules (lame horses and elephants, cannons, palaces, soldiers that gain
//! sideways moves across the river, the flying general) on random
//! positions, move by move and in perft, on the 9×10 board (128-bit
//! masks) and on 7×7 (64-bit).
//!
//! `testdata/xiangqi.json` and `testdata/minixiangqi.json` are
//! Fairy-Stockfish's built-in variants as the toolkit's JSON rule form:
//! `printf '[xiangqi-rules:xiangqi]\n' | icn variant convert --from fsf --to json`.

use std::collections::BTreeSet;

use icn_model::{Dialect, Game};
use icn_rules::RuleSet;

use super::SmallBoard;
use super::tests::{Lcg, walk_board};
use crate::{Board, PerftMode};

/// The rules of a JSON rule file of `testdata/`.
fn rules(json: &str) -> RuleSet {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    icn_rules::json_read::rules_from_json(&v["rules"]).unwrap()
}

fn xiangqi_rules() -> RuleSet {
    rules(include_str!("testdata/xiangqi.json"))
}

/// A random xiangqi position on a board `width` × `height` (9×10, or 7×7
/// without advisors and elephants as in minixiangqi): both generals in
/// their palaces, then up to 14 other pieces anywhere their prisons allow,
/// often on the generals' files and rows.
fn random_xiangqi(rng: &mut Lcg, width: i64, height: i64) -> String {
    let mut used = BTreeSet::new();
    let mut pieces = Vec::new();
    let mid = (width + 1) / 2;
    let generals = [
        (mid - 1 + rng.next(3) as i64, 1 + rng.next(3) as i64),
        (mid - 1 + rng.next(3) as i64, height - rng.next(3) as i64),
    ];
    for ((x, y), code) in generals.into_iter().zip(["KI", "ki"]) {
        used.insert((x, y));
        pieces.push(format!("{code}{x},{y}"));
    }
    const KINDS: [&str; 8] = ["R", "HO", "HO", "C", "C", "SO", "A", "EL"];
    for _ in 0..4 + rng.next(11) {
        let kind = KINDS[rng.next(KINDS.len() as u64) as usize];
        let white = rng.next(2) == 0;
        let mut at = (
            rng.next(width as u64) as i64 + 1,
            rng.next(height as u64) as i64 + 1,
        );
        // Half the time on a general's file or row.
        if rng.next(2) == 0 {
            let g = generals[rng.next(2) as usize];
            at = if rng.next(2) == 0 {
                (g.0, at.1)
            } else {
                (at.0, g.1)
            };
        }
        let half = if white {
            at.1 <= height / 2
        } else {
            at.1 > height / 2
        };
        let palace = (mid - 1..=mid + 1).contains(&at.0) && (at.1 <= 3 || at.1 > height - 3);
        let fits = match kind {
            "A" => palace && half && width == 9,
            "EL" => half && width == 9,
            _ => true,
        };
        if fits && used.insert(at) {
            pieces.push(piece_at(kind, white, at));
        }
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    format!("{side} 0/100 1 1,{width},1,{height} {}", pieces.join("|"))
}

/// An ICN piece: `kind` in White's case or Black's, on `at`.
fn piece_at(kind: &str, white: bool, at: (i64, i64)) -> String {
    let code = if white {
        kind.to_string()
    } else {
        kind.to_lowercase()
    };
    format!("{code}{},{}", at.0, at.1)
}

/// On random xiangqi positions the compact board agrees with the generic
/// one, move by move along random games and in perft 3.
#[test]
fn compact_board_agrees_with_xiangqi() {
    let rules = [
        xiangqi_rules(),
        rules(include_str!("testdata/minixiangqi.json")),
    ];
    let mut rng = Lcg(0x9a1);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts, mut in_check) = (0, 0, 0);
    for i in 0..80 {
        let (width, height) = if i % 2 == 0 { (9, 10) } else { (7, 7) };
        let icn = random_xiangqi(&mut rng, width, height);
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let Ok(mut b) = Board::new(&g.position, &rules[i % 2]) else {
            continue;
        };
        in_check += usize::from(b.in_check());
        if i % 4 < 2 {
            let generic = b.perft_generic(3, PerftMode::Bulk).unwrap();
            let compact = if i % 2 == 0 {
                let mut s = SmallBoard::<u128>::new(&b).expect("compact 9×10");
                s.perft(3, PerftMode::Bulk, true)
            } else {
                let mut s = SmallBoard::<u64>::new(&b).expect("compact 7×7");
                s.perft(3, PerftMode::MakeEveryLeaf, true)
            };
            assert_eq!(compact, generic, "{icn}");
            perfts += 1;
        }
        steps += if i % 2 == 0 {
            walk_board::<u128>(b, &icn, 16, &mut rng, &mut seen)
        } else {
            walk_board::<u64>(b, &icn, 16, &mut rng, &mut seen)
        };
    }
    assert!(steps > 800 && perfts > 30, "{steps} steps, {perfts} perfts");
    assert!(in_check > 5, "{in_check} positions start in check");
}

/// The start position of xiangqi on the compact board: Fairy-Stockfish's
/// perft (its `perft 3` of the built-in variant: 79,666).
#[test]
fn compact_board_counts_the_xiangqi_start() {
    let icn = "w 0/100 1 1,9,1,10 R1,1|HO2,1|EL3,1|A4,1|KI5,1|A6,1|EL7,1|HO8,1|R9,1|\
               C2,3|C8,3|SO1,4|SO3,4|SO5,4|SO7,4|SO9,4|r1,10|ho2,10|el3,10|a4,10|ki5,10|\
               a6,10|el7,10|ho8,10|r9,10|c2,8|c8,8|so1,7|so3,7|so5,7|so7,7|so9,7";
    let g = Game::parse(icn, Dialect::Auto).unwrap();
    let b = Board::new(&g.position, &xiangqi_rules()).unwrap();
    let mut s = SmallBoard::<u128>::new(&b).expect("compact");
    assert!(s.shields.is_some());
    assert_eq!(s.perft(3, PerftMode::Bulk, true), 79_666);
}

/// A random Janggi position: both generals in their palaces (often on one
/// file, facing), then up to 14 other pieces where their prisons allow,
/// often on the palace diagonals and the generals' files.
fn random_janggi(rng: &mut Lcg) -> String {
    let mut used = BTreeSet::new();
    let mut pieces = Vec::new();
    let file = 4 + rng.next(3) as i64;
    let facing = rng.next(2) == 0;
    let generals = [
        (file, 1 + rng.next(3) as i64),
        (
            if facing { file } else { 4 + rng.next(3) as i64 },
            10 - rng.next(3) as i64,
        ),
    ];
    for ((x, y), code) in generals.into_iter().zip(["KI", "ki"]) {
        used.insert((x, y));
        pieces.push(format!("{code}{x},{y}"));
    }
    const DIAGONALS: [(i64, i64); 10] = [
        (4, 1),
        (6, 1),
        (5, 2),
        (4, 3),
        (6, 3),
        (4, 8),
        (6, 8),
        (5, 9),
        (4, 10),
        (6, 10),
    ];
    const KINDS: [&str; 8] = ["R", "HO", "JA", "C", "C", "SO", "A", "JA"];
    for _ in 0..4 + rng.next(11) {
        let kind = KINDS[rng.next(KINDS.len() as u64) as usize];
        let white = rng.next(2) == 0;
        let at = match rng.next(3) {
            0 => DIAGONALS[rng.next(10) as usize],
            // Facing generals keep their file clear.
            1 if !facing => (generals[0].0, rng.next(10) as i64 + 1),
            _ => (rng.next(9) as i64 + 1, rng.next(10) as i64 + 1),
        };
        let palace = (4..=6).contains(&at.0) && if white { at.1 <= 3 } else { at.1 >= 8 };
        if (kind != "A" || palace) && used.insert(at) {
            pieces.push(piece_at(kind, white, at));
        }
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    format!("{side} 0/100 1 1,9,1,10 {}", pieces.join("|"))
}

/// On random Janggi positions (palace diagonals, cannons that neither jump
/// nor take cannons, elephants passing two cells, passing and facing
/// generals) the compact board agrees with the generic one, move by move
/// and in perft 3, games ended by passing included.
#[test]
fn compact_board_agrees_with_janggi() {
    let rules = rules(include_str!("testdata/janggi.json"));
    let mut rng = Lcg(0x7a9);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts, mut facing) = (0, 0, 0);
    for i in 0..60 {
        let icn = random_janggi(&mut rng);
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        facing += usize::from(b.royals_face());
        if i % 2 == 0 {
            let generic = b.perft_generic_with(3, PerftMode::Bulk, true).unwrap();
            let mut s = SmallBoard::<u128>::new(&b).expect("compact 9×10");
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            perfts += 1;
        }
        steps += walk_board::<u128>(b, &icn, 16, &mut rng, &mut seen);
    }
    assert!(steps > 600 && perfts > 25, "{steps} steps, {perfts} perfts");
    assert!(
        facing > 5,
        "{facing} positions start with the generals facing"
    );
    assert!(seen[super::Special::Pass as usize] > 100, "{seen:?}");
}
