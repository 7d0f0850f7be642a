//! Zobrist keys: Polyglot's inside the 8×8 box, kept equal to a fresh
//! computation by make/unmake.

use icn_movegen::{Move, Sq};

const START: &str = "w 0/100 1 (8|1) 1,8,1,8 P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+";

fn play(b: &mut icn_movegen::Board, from: (i64, i64), to: (i64, i64)) {
    let fams = b.legal_moves().unwrap();
    let m = fams
        .iter()
        .find(|m| m.from == Sq::new(from.0, from.1) && m.to == Sq::new(to.0, to.1))
        .copied()
        .unwrap_or_else(|| panic!("{from:?}>{to:?} not legal"));
    b.make(&m);
}

#[test]
fn polyglot_keys_of_known_positions() {
    let mut b = crate::board(START);
    assert_eq!(b.zobrist(), 0x463b96181691fc9c);
    play(&mut b, (5, 2), (5, 4));
    assert_eq!(b.zobrist(), 0x823c9b50fd114196);
    // Further published Polyglot keys: 1.e4 d5, 1.e4 d5 2.e5, … 2...f5 (en passant possible).
    play(&mut b, (4, 7), (4, 5));
    assert_eq!(b.zobrist(), 0x0756b94461c50fb0);
    play(&mut b, (5, 4), (5, 5));
    assert_eq!(b.zobrist(), 0x662fafb965db29d4);
    play(&mut b, (6, 7), (6, 5));
    assert_eq!(b.zobrist(), 0x22a48b5a8e47ff78);
    play(&mut b, (5, 1), (5, 2));
    assert_eq!(b.zobrist(), 0x652a607ca3f242c1);
    play(&mut b, (5, 8), (6, 7));
    assert_eq!(b.zobrist(), 0x00fdd303c946bdd9);
    for _ in 0..6 {
        b.unmake();
    }
    assert_eq!(b.zobrist(), 0x463b96181691fc9c);
    let _ = Move::new(Sq::new(0, 0), Sq::new(0, 1));
}
