//! The limits of `icn_rules::limits` played by the engine: flying general,
//! confinement, zone moves, piece limits and several promotion rules per
//! side, flags and the bare king (small positions on an 8×8 board, counts
//! worked out by hand).

use icn_model::{Coord, Dialect, Game, Int, PieceKind, Player};
use icn_movegen::{Board, PerftMode, Termination};
use icn_rules::limits::{FlagZone, PieceLimit, Prison, ZoneMoves};
use icn_rules::{Castling, PromotionRule, Region, RuleSet, WinRule, Zone, movement_of};

fn rules() -> RuleSet {
    RuleSet {
        region: Region::finite(8, 8),
        castling: Castling::none(),
        ..RuleSet::default()
    }
}

fn board(icn: &str, rules: &RuleSet) -> Board {
    let g = Game::parse(icn, Dialect::Auto).unwrap_or_else(|e| panic!("{icn}: {e}"));
    Board::new(&g.position, rules).unwrap_or_else(|e| panic!("{icn}: {e}"))
}

/// The destinations of the legal moves from `from`, as `x,y` strings, sorted.
fn moves_from(b: &mut Board, from: (i64, i64)) -> Vec<String> {
    let mut out: Vec<String> = b
        .legal_moves()
        .unwrap()
        .iter()
        .filter(|m| (m.from.x, m.from.y) == from)
        .map(|m| match m.promotion {
            Some(p) => format!("{},{}{}", m.to.x, m.to.y, p.code()),
            None => format!("{},{}", m.to.x, m.to.y),
        })
        .collect();
    out.sort();
    out
}

fn squares(cs: &[(i64, i64)]) -> Zone {
    Zone::squares(cs.iter().map(|&(x, y)| Coord::new(x, y)))
}

#[test]
fn kings_may_not_face_each_other_on_an_open_file() {
    let mut r = rules();
    let icn = "w K5,1|k5,8|N5,4";
    assert_eq!(moves_from(&mut board(icn, &r), (5, 4)).len(), 8);
    r.limits.flying_general = true;
    // The knight alone stands between the kings: it may not leave the file.
    assert!(moves_from(&mut board(icn, &r), (5, 4)).is_empty());
    // A king may not step onto the open file of the other.
    let mut b = board("w K4,1|k5,8", &r);
    assert_eq!(moves_from(&mut b, (4, 1)), ["3,1", "3,2", "4,2"]);
}

#[test]
fn a_confined_piece_stays_in_its_zone() {
    let mut r = rules();
    r.limits.prisons.push(Prison {
        kind: PieceKind::King,
        player: Player::WHITE,
        zone: squares(&[(4, 1), (5, 1), (6, 1), (4, 2), (5, 2), (6, 2)]),
        attacks_outside: false,
    });
    let mut b = board("w K5,2|k5,8|R1,8", &r);
    assert_eq!(
        moves_from(&mut b, (5, 2)),
        ["4,1", "4,2", "5,1", "6,1", "6,2"]
    );
    // A rook confined to one file keeps only the squares of the file.
    r.limits.prisons.push(Prison {
        kind: PieceKind::Rook,
        player: Player::WHITE,
        zone: Zone::Rect(icn_model::WorldBorder {
            left: Some(Int::ONE),
            right: Some(Int::ONE),
            bottom: None,
            top: None,
        }),
        attacks_outside: false,
    });
    let mut b = board("w K5,2|k5,8|R1,8", &r);
    assert_eq!(moves_from(&mut b, (1, 8)).len(), 7);
}

#[test]
fn zone_moves_replace_the_quiet_moves_and_keep_the_captures() {
    let mut r = rules();
    // An unmoved king on the first rank leaps as a knight instead of
    // stepping (supercapablanca's and chaturanga's kings), but not in check.
    r.limits.zone_moves.push(ZoneMoves {
        kind: PieceKind::King,
        player: Player::WHITE,
        zone: Some(Zone::rows([Int::ONE])),
        unmoved_only: true,
        not_in_check: true,
        movement: movement_of(PieceKind::Knight),
        captures: false,
    });
    // The rook on d2 guards c2, d3 and g2; the king may take it.
    let mut b = board("w K5,1+|k5,8|r4,2", &r);
    assert_eq!(moves_from(&mut b, (5, 1)), ["4,2", "6,3"]);
    // Moved (no `+`): its own steps.
    let mut b = board("w K5,1|k5,8|r4,2", &r);
    assert_eq!(moves_from(&mut b, (5, 1)), ["4,2", "6,1"]);
    // In check: its own steps too.
    let mut b = board("w K5,1+|k5,8|r8,1", &r);
    assert_eq!(moves_from(&mut b, (5, 1)), ["4,2", "5,2", "6,2"]);
}

#[test]
fn a_confined_piece_attacks_only_its_zone_unless_told_otherwise() {
    let mut r = rules();
    let first_rows = |attacks_outside| Prison {
        kind: PieceKind::Rook,
        player: Player::BLACK,
        zone: Zone::rows([Int::ONE, Int::from(2)]),
        attacks_outside,
    };
    // The rook on e1 may not leave rows 1 and 2: it guards e2 but does not
    // check the king on e3.
    r.limits.prisons.push(first_rows(false));
    let icn = "w K5,3|k1,8|r5,1";
    assert_eq!(
        moves_from(&mut board(icn, &r), (5, 3)),
        ["4,2", "4,3", "4,4", "5,4", "6,2", "6,3", "6,4"]
    );
    // Kept off squares it could never leave, it still checks there.
    r.limits.prisons = vec![first_rows(true)];
    assert_eq!(
        moves_from(&mut board(icn, &r), (5, 3)),
        ["4,2", "4,3", "4,4", "6,2", "6,3", "6,4"]
    );
    // A confined king still faces the other under the flying-general rule.
    let mut r = rules();
    r.limits.flying_general = true;
    r.limits.prisons.push(Prison {
        kind: PieceKind::King,
        player: Player::BLACK,
        zone: Zone::rows([Int::from(7), Int::from(8)]),
        attacks_outside: false,
    });
    let mut b = board("w K4,1|k5,8", &r);
    assert_eq!(moves_from(&mut b, (4, 1)), ["3,1", "3,2", "4,2"]);
}

#[test]
fn zone_moves_that_capture_add_to_the_captures_and_attack() {
    let mut r = rules();
    // A wazir that, on the fourth row, moves as a knight instead of
    // stepping, and captures as both.
    let wazir = icn_rules::Movement {
        components: vec![icn_rules::Component::new(icn_rules::Pattern::Leap {
            vector: icn_rules::Vector::new(1, 0),
            symmetry: icn_rules::Symmetry::Rotations,
        })],
    };
    r.movements.insert(PieceKind::Guard, wazir);
    r.limits.zone_moves.push(ZoneMoves {
        kind: PieceKind::Guard,
        player: Player::WHITE,
        zone: Some(Zone::rows([Int::from(4)])),
        unmoved_only: false,
        not_in_check: false,
        movement: movement_of(PieceKind::Knight),
        captures: true,
    });
    let mut b = board("w K1,1|k8,8|GU5,4|n6,6|p5,5", &r);
    let moves = moves_from(&mut b, (5, 4));
    assert_eq!(
        moves,
        [
            "3,3", "3,5", "4,2", "4,6", "5,5", "6,2", "6,6", "7,3", "7,5"
        ]
    );
    // Off the row: the wazir's steps alone.
    assert_eq!(
        moves_from(&mut board("w K1,1|k8,8|GU5,3|n6,5", &r), (5, 3)).len(),
        4
    );
    // Its knight leap from the row checks: the black king must move.
    let b = board("b K1,1|k6,6|GU5,4", &r);
    assert!(b.in_check());
    // From elsewhere it does not.
    let b = board("b K1,1|k6,5|GU5,3", &r);
    assert!(!b.in_check());
}

#[test]
fn promotion_rules_per_square_and_piece_limits() {
    let mut r = rules();
    let rule = |sq: (i64, i64), to: PieceKind| PromotionRule {
        from_zone: false,
        player: Player::WHITE,
        promoting: [PieceKind::Pawn].into_iter().collect(),
        zone: squares(&[sq]),
        choices: vec![to],
        mandatory: true,
        forced: Zone::empty(),
        by_move: false,
        demotes: false,
        on_capture: false,
    };
    r.promotions = vec![
        rule((1, 8), PieceKind::Rook),
        rule((2, 8), PieceKind::Knight),
    ];
    let icn = "w K5,1|k8,6|R8,1|P1,7|n2,8";
    assert_eq!(moves_from(&mut board(icn, &r), (1, 7)), ["1,8R", "2,8N"]);
    // At most one rook: the pawn may not enter a8, where it must promote.
    r.limits.piece_limits.push(PieceLimit {
        kind: PieceKind::Rook,
        player: Player::WHITE,
        max: 1,
    });
    assert_eq!(moves_from(&mut board(icn, &r), (1, 7)), ["2,8N"]);
    // An optional rule on the same square adds its choices and lets the
    // pawn stay only where every rule allows it.
    r.promotions.push(PromotionRule {
        mandatory: false,
        ..rule((2, 8), PieceKind::Bishop)
    });
    assert_eq!(moves_from(&mut board(icn, &r), (1, 7)), ["2,8B", "2,8N"]);
}

#[test]
fn reaching_a_flag_square_wins_and_perft_stops_there() {
    let mut r = rules();
    r.wins = vec![
        (Player::WHITE, vec![WinRule::Checkmate, WinRule::FlagAny]),
        (Player::BLACK, vec![WinRule::Checkmate]),
    ];
    r.limits.flags.push(FlagZone::any_piece(
        Player::WHITE,
        Zone::rows([Int::from(8)]),
    ));
    let mut b = board("w K1,1|k8,1|R1,7", &r);
    let m = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| (m.to.x, m.to.y) == (1, 8))
        .unwrap();
    b.make(&m);
    let end = b.game_end().unwrap().unwrap();
    assert_eq!(
        (end.winner, end.termination),
        (Some(Player::WHITE), Termination::Flag)
    );
    assert_eq!(b.perft(1, PerftMode::Bulk).unwrap(), 0);
    // Only kings count (Fairy-Stockfish `flagPiece = k`): the rook does not win.
    r.limits.flags[0].kinds = Some([PieceKind::King].into_iter().collect());
    let mut b = board("w K1,1|k8,1|R1,7", &r);
    b.make(&m);
    assert!(b.game_end().unwrap().is_none());
    // Two pieces must stand there (`flagPieceCount = 2`).
    r.limits.flags[0].kinds = None;
    r.limits.flags[0].count = 2;
    let mut b = board("w K1,1|k8,1|R1,7|R3,8", &r);
    assert!(b.game_end().unwrap().is_none());
    b.make(&m);
    assert_eq!(
        b.game_end().unwrap().unwrap().termination,
        Termination::Flag
    );
}

#[test]
fn a_bare_king_loses_unless_it_can_bare_back() {
    let mut r = rules();
    let both = vec![WinRule::Checkmate, WinRule::BareKing];
    r.wins = vec![(Player::WHITE, both.clone()), (Player::BLACK, both)];
    r.draws.insufficient_material = false;
    // White takes Black's last piece.
    let capture = |b: &mut Board, to: (i64, i64)| {
        let m = b
            .legal_moves()
            .unwrap()
            .into_iter()
            .find(|m| (m.to.x, m.to.y) == to)
            .unwrap();
        b.make(&m);
    };
    let mut b = board("w K1,1|k8,8|R1,5|n8,5", &r);
    capture(&mut b, (8, 5));
    assert_eq!(
        b.game_end().unwrap().unwrap().termination,
        Termination::BareKing
    );
    // With the bare-king reply, a side left with one piece gives the bared
    // king a move: taking it leaves both bare, and the game goes on.
    r.limits.bare_reply = true;
    let mut b = board("w K1,1|k7,7|R1,5|n8,5", &r);
    capture(&mut b, (8, 5));
    assert!(b.game_end().unwrap().is_none());
    let mut b2 = board("b K1,1|k7,5|R8,5", &r);
    assert!(b2.game_end().unwrap().is_none());
    capture(&mut b2, (8, 5));
    assert!(b2.game_end().unwrap().is_none());
    // A bared king that cannot take the last piece has lost after its move.
    let mut b3 = board("b K1,1|k7,7|R1,5", &r);
    let m = b3.legal_moves().unwrap()[0];
    b3.make(&m);
    let end = b3.game_end().unwrap().unwrap();
    assert_eq!(
        (end.winner, end.termination),
        (Some(Player::WHITE), Termination::BareKing)
    );
}

#[test]
fn a_royal_in_check_may_only_capture_its_checker_under_the_makpong_rule() {
    let mut r = rules();
    r.limits.royal_captures_checker_only = true;
    // The rook on e2 checks: the king may take it, not step aside.
    let mut b = board("w K5,1|k5,8|r5,2", &r);
    assert_eq!(moves_from(&mut b, (5, 1)), ["5,2"]);
    // Protected, it may not be taken: no king move at all.
    let mut b = board("w K5,1|k5,8|r5,2|r5,3", &r);
    assert!(moves_from(&mut b, (5, 1)).is_empty());
    let e = b
        .check_move(&Coord::new(5, 1), &Coord::new(4, 1), None)
        .unwrap_err();
    assert!(e.to_string().contains("only capture"), "{e}");
    // Out of check the king moves as usual.
    let mut b = board("w K5,1|k5,8|r1,8", &r);
    assert_eq!(moves_from(&mut b, (5, 1)).len(), 5);
}
