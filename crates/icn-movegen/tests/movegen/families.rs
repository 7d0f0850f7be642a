//! Move families on the unbounded board, far moves, and the engine's range.

use icn_model::{Coord, Dialect, Game, Int, Piece, PieceKind, Player};
use icn_movegen::{Board, MoveFamily, MovegenError, Sq};

fn far(n: i64) -> Coord {
    Coord::new(5, n)
}

#[test]
fn unbounded_rook_has_four_infinite_rays() {
    let mut b = crate::board("w K100,100|k-100,-100|R0,0");
    let fams = b.families().unwrap();
    let rays: Vec<&MoveFamily> = fams.iter().filter(|f| f.from() == Sq::new(0, 0)).collect();
    assert_eq!(rays.len(), 4);
    assert!(rays.iter().all(|f| f.len().is_none()));
    assert!(matches!(b.legal_moves(), Err(MovegenError::Infinite(_))));
}

#[test]
fn far_moves_are_decided_by_arithmetic() {
    let mut b = crate::board("w K0,0|k100,100|R5,5|b-7,1000000000000020");
    assert!(
        b.check_move(&Coord::new(5, 5), &far(1_000_000_000_000_000), None)
            .is_ok()
    );
    assert!(
        b.check_move(&Coord::new(5, 5), &far(-1_000_000_000_000_000), None)
            .is_ok()
    );
    // 2^60 is outside the engine's range: refused, not wrapped.
    let e = b
        .check_move(&Coord::new(5, 5), &far(1 << 60), None)
        .unwrap_err();
    assert!(matches!(e, MovegenError::OutOfRange(_)), "{e}");
    let huge = Coord {
        x: Int::from(5),
        y: Int::parse("100000000000000000000000000").unwrap(),
    };
    assert!(matches!(
        b.check_move(&Coord::new(5, 5), &huge, None),
        Err(MovegenError::OutOfRange(_))
    ));
    // A rook blocked far away by a piece at y = 10^15 + 3 on its file.
    let mut b = crate::board("w K0,0|k100,100|R5,5|p5,1000000000000003");
    assert!(
        b.check_move(&Coord::new(5, 5), &far(1_000_000_000_000_003), None)
            .is_ok()
    );
    assert!(
        b.check_move(&Coord::new(5, 5), &far(1_000_000_000_000_004), None)
            .is_err()
    );
}

#[test]
fn minus_two_to_the_63_is_outside_the_range() {
    // `i64::abs` wraps -2^63 to itself, which is "within" the range; the
    // engine must refuse it, as a piece, an en passant square or a move target.
    let min = "-9223372036854775808";
    let g = Game::parse(&format!("w K0,0|k100,100|R{min},5"), Dialect::Auto).unwrap();
    let e = Board::from_game(&g).unwrap_err();
    assert!(matches!(&e, MovegenError::OutOfRange(v) if v == min), "{e}");
    let g = Game::parse(&format!("w 0/100 1 1,8,1,{min} K1,1|k3,3"), Dialect::Auto);
    if let Ok(g) = g {
        assert!(Board::from_game(&g).is_err());
    }
    let mut b = crate::board("w K0,0|k100,100|R5,5");
    let target = Coord {
        x: Int::from(5),
        y: Int::from(i64::MIN),
    };
    let e = b.check_move(&Coord::new(5, 5), &target, None).unwrap_err();
    assert!(matches!(e, MovegenError::OutOfRange(_)), "{e}");
    assert!(!Sq::new(i64::MIN, 0).in_range());
}

#[test]
fn counters_beyond_the_range_are_named_not_called_coordinates() {
    let g = Game::parse("w 0/100 4503599627370497 K1,1|k3,3", Dialect::Auto).unwrap();
    let e = Board::from_game(&g).unwrap_err().to_string();
    assert_eq!(
        e,
        "fullmove number 4503599627370497 is outside the engine's range of 0 to 2^52"
    );
    let g = Game::parse(
        "w 4503599627370497/9007199254740992 K1,1|k3,3",
        Dialect::Auto,
    )
    .unwrap();
    let e = Board::from_game(&g).unwrap_err().to_string();
    assert!(e.starts_with("move-rule counter 4503599627370497 "), "{e}");
}

#[test]
fn a_pawn_promotes_at_a_distant_row() {
    let icn = "w (1000000000000|-1000000000000) K0,0|k100,100|P5,999999999999";
    let g = Game::parse(icn, Dialect::Auto).unwrap();
    let mut b = Board::from_game(&g).unwrap();
    let queen = Piece::new(PieceKind::Queen, Player::WHITE);
    let to = Coord::new(5, 1_000_000_000_000i64);
    let m = b
        .check_move(&Coord::new(5, 999_999_999_999i64), &to, Some(queen))
        .unwrap();
    assert_eq!(m.promotion, Some(queen));
    assert!(
        b.check_move(&Coord::new(5, 999_999_999_999i64), &to, None)
            .is_err()
    );
    assert_eq!(b.legal_moves_of_finite_pieces(), 8 + 4);
}

#[test]
fn check_on_the_unbounded_board_is_answered_exactly() {
    // Black rook far up the e-file checks the king; the white rook on the a-file
    // may block on exactly one square of its infinite file; the king steps aside.
    let mut b = crate::board("w K5,1|k100,100|r5,1000000|R1,500");
    let fams = b.families().unwrap();
    let rook: Vec<&MoveFamily> = fams
        .iter()
        .filter(|f| f.from() == Sq::new(1, 500))
        .collect();
    assert_eq!(rook.len(), 1, "{rook:?}");
    assert!(matches!(rook[0], MoveFamily::Single(m) if m.to == Sq::new(5, 500)));
    // A pinned rook keeps the part of its file between king and pinner (and the capture).
    let mut b = crate::board("w K5,1|k100,100|r5,1000000|R5,7");
    let fams = b.families().unwrap();
    let total: u64 = fams
        .iter()
        .filter(|f| f.from() == Sq::new(5, 7))
        .map(|f| f.len().unwrap())
        .sum();
    assert_eq!(
        total,
        1_000_000 - 2 - 1 + 1 - 1 + 1,
        "squares 5,2..5,999999 minus 5,7, plus the capture"
    );
}

#[test]
fn slide_limit_and_border_make_rays_finite() {
    let mut b = crate::board("w {\"slideLimit\": 1000} K0,0|k100,100|Q50,50");
    let n: u64 = b.families().unwrap().iter().map(|f| f.len().unwrap()).sum();
    // Queen: six free rays of 1000, 49 squares and a capture towards 100,100,
    // 49 squares towards its own king; the king has 8 moves.
    assert_eq!(n, 6 * 1000 + 50 + 49 + 8);
    let mut b = crate::board("w -5,5,-5,5 K0,0|k5,5|R-5,-5");
    assert!(b.families().unwrap().iter().all(|f| f.len().is_some()));
}

#[test]
fn generated_moves_pass_check_move() {
    for icn in [
        "w 1,8,1,8 K5,1+|k5,8+|R1,1+|R8,1+|r1,8+|p4,4|P5,2+",
        "b 3,3 (8|1) {\"slideLimit\": 5} K5,1|k5,8|P3,4|p4,4|AM0,0|ha2,2|RO-3,-3|hu7,7",
    ] {
        let mut b = crate::board(icn);
        for m in b.legal_moves().unwrap() {
            let got = b
                .check_move(&m.from.to_coord(), &m.to.to_coord(), m.promotion)
                .unwrap();
            assert_eq!(got, m, "{icn}: {m}");
        }
    }
}

trait FiniteCount {
    fn legal_moves_of_finite_pieces(&mut self) -> usize;
}

impl FiniteCount for Board {
    /// Moves of everything but unbounded rays (here: king moves and promotions).
    fn legal_moves_of_finite_pieces(&mut self) -> usize {
        self.families()
            .unwrap()
            .iter()
            .filter_map(|f| f.len())
            .sum::<u64>() as usize
    }
}

#[test]
fn a_royal_rider_cannot_flee_along_the_line_of_an_unended_attack() {
    // The rook's attack runs through the royal queen and on without end:
    // no square below it is safe, and none beyond the engine's range is offered.
    let mut b = crate::board("w RQ0,0|r0,40|k50,50");
    let fams = b.families().unwrap();
    let down: Vec<&MoveFamily> = fams
        .iter()
        .filter(|f| match f {
            MoveFamily::Ray { from, step, .. } => *from == Sq::new(0, 0) && *step == (0, -1),
            MoveFamily::Single(m) => m.from == Sq::new(0, 0) && m.to.x == 0 && m.to.y < 0,
        })
        .collect();
    assert!(down.is_empty(), "{down:?}");
    // Sideways is safe, without end.
    assert!(fams.iter().any(|f| matches!(f,
        MoveFamily::Ray { from, step: (1, 0), last: None, .. } if *from == Sq::new(0, 0))));
}

#[test]
fn a_finite_move_set_too_large_to_list_is_refused_not_listed() {
    // A slide limit in the billions: the families count the moves, listing
    // them is refused at once instead of running for hours.
    let g = icn_model::Game::parse(
        r#"w {"slideLimit": 1000000000000} K1,1|k3,5|Q9,9"#,
        icn_model::Dialect::Auto,
    )
    .unwrap();
    let mut b = icn_movegen::Board::from_game(&g).unwrap();
    let total: u64 = b.families().unwrap().iter().map(|f| f.len().unwrap()).sum();
    assert!(total > icn_movegen::MAX_LISTED_MOVES, "{total}");
    let e = b.legal_moves().unwrap_err();
    assert!(e.to_string().contains("too many to list"), "{e}");
}
