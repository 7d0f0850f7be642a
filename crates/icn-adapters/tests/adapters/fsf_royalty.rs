//! Royalty by count ([`icn_rules::limits::Limits::royal_while_at_most`]):
//! Fairy-Stockfish's pseudo-royal pieces where a side may have more than
//! the count plus one (Sho shogi's crown prince; the shipped maharajah2,
//! backrank and stardust are checked by `fixtures/fsf/perft/royalty.ini`).

use icn_adapters::fsf;
use icn_movegen::Board;

use crate::fsf_variant as variant_of;
use crate::play_at as play;

/// The positions of `fixtures/fsf/shoshogi.tsv` (made by
/// `fixtures/fsf/gen/shoshogi.py` with pyffish) count as Fairy-Stockfish
/// counts.
#[test]
fn shoshogi_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/shoshogi.tsv"), 21);
}

fn board(fen: &str) -> Board {
    crate::fsf_board("shoshogi", fen)
}

#[test]
fn a_second_king_makes_both_takeable() {
    // White's king on e1 and crown prince on e5: the rook on a1 attacks
    // the king, and that is no check.
    let mut b = board("4k4/9/9/9/4+E4/9/9/9/r3K4 w - - 0 1");
    assert!(!b.in_check());
    // The king may even step along the rook's rank.
    play(&mut b, (5, 1), (4, 1));
    // Black takes it; the game goes on, and the prince is now the king.
    play(&mut b, (1, 1), (4, 1));
    assert!(b.game_end().unwrap().is_none());
    assert!(!b.in_check());
    play(&mut b, (5, 5), (6, 5));
    play(&mut b, (4, 1), (4, 5)); // the rook checks the last king along rank 5
    assert!(b.in_check());
    let moves = b.legal_moves().unwrap();
    assert!(!moves.is_empty());
    assert!(
        moves
            .iter()
            .all(|m| (m.from.x, m.from.y) == (6, 5) && m.to.y != 5),
        "only the king's steps off the rank"
    );
}

#[test]
fn a_promotion_into_a_second_king_does_not_answer_a_check() {
    // The rook on e8 checks the king on e1. The drunk elephant's step to
    // e7 blocks the file, promoted or not; its step to e6 blocks too.
    // Its other steps do not, though a promoted one would be a second king:
    // the king before the move must be safe after it.
    let mut b = board("4k4/4r4/9/3E5/9/9/9/9/4K4 w - - 0 1");
    assert!(b.in_check());
    let mut moves: Vec<String> = b
        .legal_moves()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{},{}>{},{}{}",
                m.from.x,
                m.from.y,
                m.to.x,
                m.to.y,
                if m.promotion.is_some() { "+" } else { "" }
            )
        })
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "4,6>5,5", "4,6>5,6", "4,6>5,7", "4,6>5,7+", "5,1>4,1", "5,1>4,2", "5,1>6,1", "5,1>6,2"
        ]
    );
}

#[test]
fn shoshogi_is_written_back_with_pseudo_royal_kings() {
    let v = variant_of("[sho:shoshogi]\n").unwrap();
    assert_eq!(v.rules.limits.royal_while_at_most, Some(1));
    // Fairy-Stockfish sees no check on a pseudo-royal piece: perpetual
    // check never loses there.
    assert!(v.rules.losses.perpetual_check.is_none());
    let text = fsf::write_section(&v, "sho").unwrap();
    assert!(text.contains("extinctionPseudoRoyal = true"), "{text}");
    assert!(!text.contains("extinctionPieceCount"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("king =")), "{text}");
    let back = variant_of(&text).unwrap();
    assert_eq!(back.rules.limits, v.rules.limits);
    assert_eq!(crate::perft3(&back), crate::perft3(&v));
}

#[test]
fn royalty_by_count_is_refused_where_fairy_stockfish_differs() {
    // Drops: Fairy-Stockfish keeps a dropped king safe whatever the count.
    let dropped = variant_of("[x:shoshogi]\npieceDrops = true\ncapturesToHand = true\n");
    let refused = dropped.unwrap_err();
    assert!(
        refused
            .iter()
            .any(|r| r.to_string().contains("extinctionPseudoRoyal")
                && r.to_string().contains("drops")),
        "{refused:?}"
    );
    // A pawn's promotion into the type ends its royalty within the move.
    let ini = "[x:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\npromotionPieceTypes = qk\n";
    let refused = variant_of(ini).unwrap_err();
    assert!(
        refused
            .iter()
            .any(|r| r.to_string().contains("promotionPieceTypes")),
        "{refused:?}"
    );
}

/// Sho shogi through every pair of the formats that can hold it comes back
/// the same; FBR says what it loses.
#[test]
fn shoshogi_survives_every_format_or_names_its_loss() {
    use icn_adapters::convert::VariantFormat::{Fbr, Json};
    use icn_adapters::roundtrip::{PairOutcome, through_pair};
    let v = variant_of("[sho:shoshogi]\n").unwrap();
    crate::assert_same_through_json_icn_fsf(&v);
    match through_pair(&v, Json, Fbr) {
        PairOutcome::Lost(lost) => {
            assert!(
                lost.iter().any(|l| l.contains("royalty by count")),
                "{lost:?}"
            )
        }
        other => panic!("{other:?}"),
    }
}
