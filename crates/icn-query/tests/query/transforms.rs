//! The dihedral transforms and `shift` on 8×8 and unbounded positions. Every
//! transform reflects or turns about the 8×8 board's centre (4.5, 4.5):
//! `flipvertical` is y ↦ 9 − y, `fliphorizontal` x ↦ 9 − x, a quarter turn
//! (x, y) ↦ (9 − y, x); a transform matches when one of its copies does and
//! yields the union of the matching copies' sets.

use super::show;

/// 8×8 with a border: White's king on b1 (2,1), a knight on a2 (1,2); Black's
/// king on g8 (7,8).
const SMALL: &str = "w 1,8,1,8 K2,1|N1,2|k7,8";

#[test]
fn flips_of_a_square_on_8x8() {
    // b8 reflected top to bottom is b1, where the king stands.
    assert_eq!(show(SMALL, "flipvertical Kb8"), "2,1");
    // g1 reflected left to right is b1.
    assert_eq!(show(SMALL, "fliphorizontal Kg1"), "2,1");
    // b8 reflected left to right is g8: no white king on b8 or g8.
    assert_eq!(show(SMALL, "fliphorizontal Kb8"), "<no match>");
    // g8 turned half a turn is b1.
    assert_eq!(show(SMALL, "flip Kg8"), "2,1");
    assert_eq!(show(SMALL, "flipvertical Kg8"), "<no match>");
    // Without a transform only the square itself.
    assert_eq!(show(SMALL, "Kb8"), "<no match>");
}

#[test]
fn quarter_turns_on_8x8() {
    // h2 (8,2) → g8 (7,8) → a7 (1,7) → b1 (2,1): the king is on the fourth.
    assert_eq!(show(SMALL, "rotate90 Kh2"), "2,1");
    // b8 (2,8) → a2 (1,2) → g1 (7,1) → h7 (8,7): no king there, the knight on a2.
    assert_eq!(show(SMALL, "rotate90 Kb8"), "<no match>");
    assert_eq!(show(SMALL, "rotate90 Nb8"), "1,2");
    // Black's king on g8 is h2 turned once.
    assert_eq!(show(SMALL, "rotate90 kh2"), "7,8");
}

#[test]
fn how_many_copies_a_square_has() {
    // A corner: the four corners under every symmetry and every quarter turn.
    assert_eq!(show(SMALL, "#(flip [1, 1])"), "4");
    assert_eq!(show(SMALL, "#(rotate90 [1, 1])"), "4");
    // a2 has 8 images under the 8 symmetries, 4 under the quarter turns.
    assert_eq!(show(SMALL, "#(flip [1, 2])"), "8");
    assert_eq!(show(SMALL, "#(rotate90 [1, 2])"), "4");
    // A rank and its mirror image; d4 and d5.
    assert_eq!(show(SMALL, "#(flipvertical [1..8, 1])"), "16");
    assert_eq!(show(SMALL, "flipvertical [4, 4]"), "4,4 4,5");
}

/// Unbounded: White's king far away at 100,-50.
const WIDE: &str = "w K100,-50|k0,0|Q3,3";

#[test]
fn flips_and_turns_on_the_unbounded_board_use_the_same_centre() {
    // 9 − 59 = −50.
    assert_eq!(show(WIDE, "flipvertical K[100, 59]"), "100,-50");
    // 9 − (−91) = 100.
    assert_eq!(show(WIDE, "fliphorizontal K[-91, -50]"), "100,-50");
    // (59, 100) → (−91, 59) → (−50, −91) → (100, −50).
    assert_eq!(show(WIDE, "rotate90 K[59, 100]"), "100,-50");
    // (100, −50) turned once is (59, 100), not a square of the king.
    assert_eq!(show(WIDE, "K[59, 100]"), "<no match>");
    // A half-plane's mirror image: y ≥ 1 becomes y ≤ 8, so together they
    // are the whole board: 3 × 7 squares of 0..2 × −3..3, against 3 × 3
    // without the flip, and a whole column is infinite.
    assert_eq!(
        show(WIDE, "up = flipvertical [.., 1..] #(up & [0..2, -3..3])"),
        "21"
    );
    assert_eq!(show(WIDE, "up = [.., 1..] #(up & [0..2, -3..3])"), "9");
    assert_eq!(show(WIDE, "flipvertical [.., 1..] & [0, ..]"), "<infinite>");
}

#[test]
fn shifts_move_a_pattern_by_vectors() {
    assert_eq!(show(WIDE, "shift [90, -60] K[10, 10]"), "100,-50");
    assert_eq!(show(WIDE, "shift [90, -59] K[10, 10]"), "<no match>");
    // Plain shifts try −7…7: +5 along x reaches the king, +10 does not.
    assert_eq!(show(WIDE, "shifthorizontal K[95, -50]"), "100,-50");
    assert_eq!(show(WIDE, "shifthorizontal K[90, -50]"), "<no match>");
    assert_eq!(show(WIDE, "shiftvertical K[100, -43]"), "100,-50");
    assert_eq!(show(WIDE, "shiftvertical K[99, -43]"), "<no match>");
    assert_eq!(show(WIDE, "shift K[93, -43]"), "100,-50");
    assert_eq!(show(WIDE, "shift K[92, -50]"), "<no match>");
    // A range of vectors: the queen on 3,3 is 1,1 moved by one of 0..2 × 0..2.
    assert_eq!(show(WIDE, "shift [0..2, 0..2] Q[1, 1]"), "3,3");
    assert_eq!(show(WIDE, "shift [0..1, 0..2] Q[1, 1]"), "<no match>");
}

#[test]
fn shifts_on_8x8_are_not_dropped_off_the_board() {
    // b1 moved by −7…7 along x: a1…h1; the king is on b1, the knight on a2.
    assert_eq!(show(SMALL, "shifthorizontal K[8, 1]"), "2,1");
    // Unlike CQL, a shift that moves the pattern off the board still counts:
    // 2,1 is 9,1 moved by −7.
    assert_eq!(show(SMALL, "shifthorizontal K[9, 1]"), "2,1");
}
