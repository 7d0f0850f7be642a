//! The perft corpus `fixtures/perft/*.perft`, up to a node limit so `cargo
//! test` stays quick (`cargo xtask conformance` runs every line).

use std::path::PathBuf;

use icn_movegen::PerftMode;

/// Node counts above this are left to the conformance run.
const NODE_LIMIT: u64 = 200_000;

struct Case {
    icn: String,
    counts: Vec<(u32, u64)>,
}

fn read(path: &std::path::Path) -> Case {
    let text = std::fs::read_to_string(path).unwrap();
    let mut icn = String::new();
    let mut counts = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("icn ") {
            icn = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').unwrap();
            counts.push((d.parse().unwrap(), n.trim().parse().unwrap()));
        }
    }
    Case { icn, counts }
}

#[rstest::rstest]
fn perft_fixture(#[files("../../fixtures/perft/ok/*.perft")] path: PathBuf) {
    let case = read(&path);
    let mut b = crate::board(&case.icn);
    let key = b.zobrist();
    for &(depth, nodes) in &case.counts {
        if nodes > NODE_LIMIT {
            continue;
        }
        assert_eq!(
            b.perft(depth, PerftMode::Bulk).unwrap(),
            nodes,
            "{} depth {depth} (bulk)",
            path.display()
        );
        if nodes <= NODE_LIMIT / 4 {
            assert_eq!(
                b.perft(depth, PerftMode::MakeEveryLeaf).unwrap(),
                nodes,
                "{} depth {depth} (make every leaf)",
                path.display()
            );
        }
    }
    assert_eq!(b.zobrist(), key, "make/unmake restores the key");
}

const CLASSICAL: &str = "P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+";

#[rstest::rstest]
fn classical_depth_one_is_11n_plus_33(#[values(0, 1, 2, 7, 100, 1000, 123_456_789)] n: i64) {
    let icn = format!("w 0/100 1 (8|1) {{\"slideLimit\": {n}}} {CLASSICAL}");
    let mut b = crate::board(&icn);
    let expect = 11 * n as u64 + 33;
    assert_eq!(b.perft(1, PerftMode::Bulk).unwrap(), expect);
    // The reference generator caps pawn pushes by the slide limit too, so it agrees from N = 2.
    if (2..=100).contains(&n) {
        assert_eq!(
            crate::brute::Brute::from_icn(&icn).perft(1),
            expect,
            "brute force"
        );
    }
}

#[test]
fn classical_depth_two_matches_brute_force() {
    let icn = format!("w 0/100 1 (8|1) {{\"slideLimit\": 6}} {CLASSICAL}");
    let mut b = crate::board(&icn);
    let brute = crate::brute::Brute::from_icn(&icn);
    assert_eq!(b.perft(2, PerftMode::Bulk).unwrap(), brute.perft(2));
}

#[test]
fn classical_without_slide_limit_is_refused() {
    let icn = format!("w 0/100 1 (8|1) {CLASSICAL}");
    let mut b = crate::board(&icn);
    let e = b.perft(1, PerftMode::Bulk).unwrap_err();
    assert!(e.to_string().contains("infinite"), "{e}");
}

/// `fixtures/perft/err/NAME.icn`: perft 1 is refused with the message in `NAME.err`.
#[rstest::rstest]
fn perft_refusal(#[files("../../fixtures/perft/err/*.icn")] path: PathBuf) {
    let text = std::fs::read_to_string(&path).unwrap();
    let expected = std::fs::read_to_string(path.with_extension("err")).unwrap();
    let g = icn_model::Game::parse(text.trim(), icn_model::Dialect::Auto).unwrap();
    let e = icn_movegen::Board::from_game(&g)
        .and_then(|mut b| b.perft(1, PerftMode::Bulk))
        .unwrap_err();
    assert_eq!(e.to_string(), expected.trim_end(), "{}", path.display());
}

/// Optional promotion that is compulsory where the pawn could not move again
/// (Sjaak's default): on rank 7 a pawn may promote or stay, on rank 8 it
/// must promote. The compact board's bulk count and the generic generator
/// agree.
#[test]
fn optional_promotion_is_forced_where_the_piece_could_not_move_again() {
    use icn_model::{Int, PieceKind, Player};
    use icn_rules::{PromotionRule, Zone};
    let g =
        icn_model::Game::parse("w 1,8,1,8 K5,1|k5,5|P1,6|P3,7", icn_model::Dialect::Auto).unwrap();
    let mut rules = icn_movegen::rules_of(&g).unwrap();
    rules.promotions = vec![PromotionRule {
        from_zone: false,
        player: Player::WHITE,
        promoting: [PieceKind::Pawn].into_iter().collect(),
        zone: Zone::rows([Int::from(7), Int::from(8)]),
        choices: vec![PieceKind::Queen, PieceKind::Knight],
        mandatory: false,
        forced: Zone::rows([Int::from(8)]),
        by_move: false,
        demotes: false,
        on_capture: false,
    }];
    let mut b = icn_movegen::Board::new(&g.position, &rules).unwrap();
    let moves = b.legal_moves().unwrap();
    let of = |x: i64| {
        let mut v: Vec<String> = moves
            .iter()
            .filter(|m| m.from.x == x)
            .map(|m| m.to_string())
            .collect();
        v.sort();
        v
    };
    // 1,6 → 1,7: queen, knight or stay; 3,7 → 3,8: queen or knight only.
    assert_eq!(of(1), ["1,6>1,7", "1,6>1,7N", "1,6>1,7Q"]);
    assert_eq!(of(3), ["3,7>3,8N", "3,7>3,8Q"]);
    assert_eq!(
        b.perft(1, icn_movegen::PerftMode::Bulk).unwrap(),
        moves.len() as u64
    );
    assert_eq!(
        b.perft(2, icn_movegen::PerftMode::Bulk).unwrap(),
        b.perft(2, icn_movegen::PerftMode::MakeEveryLeaf).unwrap()
    );
}
