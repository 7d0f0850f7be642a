//! Position queries.

use icn_model::Player;
use icn_movegen::{Sq, power};

const START: &str = "w 0/100 1 (8|1) 1,8,1,8 P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+";

fn all_squares() -> Vec<Sq> {
    (1..=8)
        .flat_map(|y| (1..=8).map(move |x| Sq::new(x, y)))
        .collect()
}

#[test]
fn attacked_squares_of_the_start() {
    let b = crate::board(START);
    let white = b.squares_of(Player::WHITE);
    let black = b.squares_of(Player::BLACK);
    // Ranks 2 and 3 and b1–g1: 22 squares; the same for Black by symmetry.
    assert_eq!(b.attacked_by(&all_squares(), &white).len(), 22);
    assert_eq!(b.attacked_by(&all_squares(), &black).len(), 22);
    // Pieces of White that attack something of Black: none.
    assert!(b.attacks(&white, &black).is_empty());
    assert_eq!(b.power_of(&white), 8 + 2 * 3 + 2 * 3 + 2 * 5 + 9);
    assert_eq!(power(icn_model::PieceKind::Amazon), 12);
    assert_eq!(b.zobrist_hex(), "463b96181691fc9c");
}

#[test]
fn attacks_agree_with_check_detection() {
    // A square is attacked by Black iff a black piece attacks it, for every kind of piece.
    let b = crate::board("w K0,0|k9,9|nr3,1|hu0,5|ro4,4|ha6,6|ch-3,2|P1,1|p2,3|ce8,0|ob2,2");
    let black = b.squares_of(Player::BLACK);
    let mut hits = 0;
    for y in -6..12 {
        for x in -6..12 {
            let s = Sq::new(x, y);
            if b.piece_at(s).is_some() {
                continue;
            }
            let by_any = !b.attacked_by(&[s], &black).is_empty();
            hits += usize::from(by_any);
            assert_eq!(
                by_any,
                b.square_attacked_by_opponents_of(s, Player::WHITE),
                "{s}"
            );
        }
    }
    assert!(hits > 50);
}

#[test]
fn check_mate_stalemate_and_pawns() {
    let mut b = crate::board("b 1,8,1,8 K6,6|k8,8|Q7,7");
    assert!(b.in_check() && b.is_checkmate().unwrap());
    let mut b = crate::board("b 1,8,1,8 K6,7|k8,8|Q7,6");
    assert!(!b.in_check() && b.is_stalemate().unwrap());
    let b = crate::board("w K100,0|k-100,0|P1,2|P1,4|P2,5|P5,3|p5,6|p4,7|p8,8");
    let s = b.pawn_structure();
    assert_eq!(s.doubled, vec![Sq::new(1, 2), Sq::new(1, 4)]);
    assert_eq!(s.isolated, vec![Sq::new(5, 3), Sq::new(8, 8)]);
    assert_eq!(
        s.connected,
        vec![
            Sq::new(1, 2),
            Sq::new(1, 4),
            Sq::new(2, 5),
            Sq::new(4, 7),
            Sq::new(5, 6)
        ]
    );
    // In front of a white pawn is +y, of a black pawn −y.
    assert_eq!(
        s.passed,
        vec![Sq::new(1, 2), Sq::new(1, 4), Sq::new(2, 5), Sq::new(8, 8)]
    );
}
