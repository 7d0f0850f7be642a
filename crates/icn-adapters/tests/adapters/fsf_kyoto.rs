//! Kyoto and Micro shogi as Fairy-Stockfish plays them: promoted pieces
//! that turn back ([`icn_rules::PromotionRule::demotes`]), promotion by
//! captures only ([`icn_rules::PromotionRule::on_capture`]) and drops of a
//! piece as it promotes ([`icn_rules::Drops::promoted_drops`]).

use icn_adapters::fsf;
use icn_movegen::Board;

use crate::fsf_variant as variant_of;

/// The positions of `fixtures/fsf/kyoto.tsv` (made by
/// `fixtures/fsf/gen/kyoto.py` with pyffish) count as Fairy-Stockfish
/// counts.
#[test]
fn kyoto_and_micro_shogi_count_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/kyoto.tsv"), 23);
}

/// The moves of `b` from `from`, as `to` and the code of what the piece
/// becomes (empty when it stays).
fn moves_from(b: &mut Board, from: (i64, i64)) -> Vec<((i64, i64), String)> {
    let mut out: Vec<_> = b
        .legal_moves()
        .unwrap()
        .iter()
        .filter(|m| {
            (m.from.x, m.from.y) == from && !matches!(m.kind, icn_movegen::MoveKind::Drop { .. })
        })
        .map(|m| {
            (
                (m.to.x, m.to.y),
                m.promotion
                    .map(|p| p.kind.code().to_string())
                    .unwrap_or_default(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn kyoto_pieces_turn_over_on_every_move() {
    let v = variant_of("[k:kyotoshogi]\n").unwrap();
    let mut b = Board::new(&v.position, &v.rules).unwrap();
    // The start: White's pawn on e1 promotes on every move (to a rook),
    // and the gold on d1, a promoted knight, turns back into a knight.
    let pawn = moves_from(&mut b, (5, 1));
    assert!(
        !pawn.is_empty() && pawn.iter().all(|(_, p)| !p.is_empty()),
        "{pawn:?}"
    );
    let gold = moves_from(&mut b, (4, 1));
    assert!(!gold.is_empty(), "{gold:?}");
    let back: std::collections::BTreeSet<&str> = gold.iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(back.len(), 1, "one kind to turn back into: {back:?}");
    assert!(!back.contains(""), "no move keeps it a gold: {gold:?}");
    // Turned back into a knight, it is promoted no more: captured, it goes
    // to hand as a knight.
    let m = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| (m.from.x, m.from.y) == (4, 1))
        .unwrap();
    b.make(&m);
    let (to, kind) = (m.to, m.promotion.unwrap().kind);
    let placed = b.to_position(None);
    let piece = placed
        .pieces
        .iter()
        .find(|p| p.at == icn_model::Coord::new(to.x, to.y))
        .unwrap();
    assert_eq!(piece.piece.kind, kind);
    assert_eq!(piece.promoted_from, None);
}

#[test]
fn a_piece_in_hand_is_dropped_as_it_is_or_as_it_promotes() {
    let mut b = crate::fsf_board("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[Pn] w - - 0 1");
    let drops: Vec<_> = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| matches!(m.kind, icn_movegen::MoveKind::Drop { .. }))
        .collect();
    // 15 empty squares, each as a pawn and as a rook (pyffish: 30).
    assert_eq!(drops.len(), 30);
    assert_eq!(drops.iter().filter(|m| m.promotion.is_some()).count(), 15);
}

#[test]
fn micro_shogi_turns_pieces_over_only_by_captures() {
    let mut b = crate::fsf_board("micro", "kb2/+l3/4/1+R1P/3K[sp] b - - 0 1");
    // Black's promoted lance (a silver) on a4: its quiet steps keep it as
    // it is, its capture (none here) would turn it back.
    let lance = moves_from(&mut b, (1, 4));
    assert!(
        !lance.is_empty() && lance.iter().all(|(_, p)| p.is_empty()),
        "{lance:?}"
    );
}

#[test]
fn kyoto_and_micro_are_written_back() {
    for (name, switches) in [
        (
            "kyotoshogi",
            &["pieceDemotion = true", "dropPromoted = true"][..],
        ),
        (
            "micro",
            &[
                "pieceDemotion = true",
                "piecePromotionOnCapture = true",
                "dropPromoted = true",
            ][..],
        ),
    ] {
        let v = variant_of(&format!("[x:{name}]\n")).unwrap();
        let text = fsf::write_section(&v, "x").unwrap();
        for s in switches {
            assert!(text.contains(s), "{name}: {s}\n{text}");
        }
        let back = variant_of(&text).unwrap();
        assert_eq!(crate::perft3(&back), crate::perft3(&v), "{name}");
    }
}

#[test]
fn demotion_beside_pawn_promotion_is_refused() {
    let refused = variant_of("[x:kyotoshogi]\npromotionPawnTypes = p\npromotionPieceTypes = r\n")
        .unwrap_err();
    assert!(
        refused
            .iter()
            .any(|r| r.to_string().contains("pieceDemotion")),
        "{refused:?}"
    );
}

/// Kyoto shogi through every pair of the formats that can hold it comes
/// back the same; FBR and Sjaak say what they lose.
#[test]
fn kyoto_survives_every_format_or_names_its_loss() {
    use icn_adapters::convert::VariantFormat::{Fbr, Json, Sjaak};
    use icn_adapters::roundtrip::{PairOutcome, through_pair};
    let v = variant_of("[k:kyotoshogi]\n").unwrap();
    crate::assert_same_through_json_icn_fsf(&v);
    match through_pair(&v, Json, Fbr) {
        PairOutcome::Lost(lost) => {
            assert!(lost.iter().any(|l| l.contains("turn back")), "{lost:?}")
        }
        other => panic!("{other:?}"),
    }
    match through_pair(&v, Json, Sjaak) {
        PairOutcome::Refused(Sjaak, why) => {
            assert!(why.iter().any(|l| l.contains("turn back")), "{why:?}")
        }
        other => panic!("{other:?}"),
    }
}
