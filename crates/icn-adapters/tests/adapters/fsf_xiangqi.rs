//! Xiangqi's rules as Fairy-Stockfish says them — pieces confined to the
//! palace or their own half (`mobilityRegion…`), soldiers that step
//! sideways only across the river (`soldierPromotionRank`), the flying
//! general and the chase rule: positions of `fixtures/fsf/xiangqi.tsv` (made
//! by `fixtures/fsf/gen/xiangqi.py` with pyffish) count as Fairy-Stockfish
//! counts them, and the writer gives the rules back.

use icn_adapters::fsf;
use icn_model::Player;

use crate::fsf_variant as variant_of;

#[test]
fn xiangqi_positions_count_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/xiangqi.tsv"), 18);
}

#[test]
fn xiangqi_rules_are_read_and_written_back() {
    let v = variant_of("[x:xiangqi]\n").unwrap();
    let l = &v.rules.limits;
    // King, advisor and elephant of each side.
    assert_eq!(l.prisons.len(), 6);
    assert!(l.prisons.iter().all(|p| !p.attacks_outside));
    let soldier: Vec<_> = l.zone_moves.iter().filter(|z| z.captures).collect();
    assert_eq!(soldier.len(), 2);
    let white = soldier.iter().find(|z| z.player == Player::WHITE).unwrap();
    let rank_six = icn_model::Coord::new(1, 6);
    assert!(white.zone.as_ref().unwrap().contains(&rank_six));
    assert!(
        !white
            .zone
            .as_ref()
            .unwrap()
            .contains(&icn_model::Coord::new(1, 5))
    );
    assert!(l.chase_rule && l.flying_general);
    let text = fsf::write_section(&v, "x").unwrap();
    for line in [
        "soldierPromotionRank = 6",
        "chasingRule = axf",
        "mobilityRegionWhiteKing = d1 d2 d3 e1 e2 e3 f1 f2 f3",
        "mobilityRegionBlackCustomPiece4 = *6 *7 *8 *9 *10",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // Named slots (`fers`, `elephant`) come back as pieces of their own
    // letters: the zones, the rules and the perft are compared.
    let back = variant_of(&text).unwrap();
    let zones = |l: &icn_rules::limits::Limits| {
        let mut z: Vec<String> = l
            .prisons
            .iter()
            .map(|p| format!("{} {:?}", p.player, p.zone))
            .chain(
                l.zone_moves
                    .iter()
                    .map(|z| format!("{} {:?} {}", z.player, z.zone, z.captures)),
            )
            .collect();
        z.sort();
        z
    };
    assert_eq!(zones(&back.rules.limits), zones(l), "{text}");
    assert!(back.rules.limits.chase_rule && back.rules.limits.flying_general);
    let perft = crate::perft3;
    assert_eq!(perft(&back), perft(&v));
    assert_eq!(perft(&v), 79_666);
}
