//! Sittuyin as Fairy-Stockfish plays it: the placement phase, rooks
//! dropped on the first rank only, and promotion as a move of its own
//! (`sittuyinPromotion`: [`icn_rules::PromotionRule::by_move`]).

use icn_adapters::fsf;
use icn_model::PieceKind;
use icn_movegen::{Board, MoveKind, Sq, Termination};

use crate::fsf_variant as variant_of;

/// The positions of `fixtures/fsf/sittuyin.tsv` (made by
/// `fixtures/fsf/gen/sittuyin.py perft` with pyffish) count as
/// Fairy-Stockfish counts.
#[test]
fn sittuyin_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/sittuyin.tsv"), 26);
}

/// The games of `fixtures/fsf/games/sittuyin.tsv` (`gen/sittuyin.py
/// games`) replay, and end by Sittuyin's stalemate exactly where pyffish
/// says they may.
#[test]
fn sittuyin_games_end_where_fairy_stockfish_ends_them() {
    let data = include_str!("../../../../fixtures/fsf/games/sittuyin.tsv");
    let seen = fsf::games::check_rows(data).unwrap_or_else(|e| panic!("{e}"));
    let drawn = data
        .lines()
        .filter(|l| !l.starts_with('#') && l.ends_with("\t1"))
        .count();
    assert!(seen.rows >= 150 && drawn >= 1, "{seen:?}, {drawn} drawn");
}

fn board(fen: &str) -> Board {
    crate::fsf_board("sittuyin", fen)
}

/// A promotion as (from, to, the new kind).
type Promotion = ((i64, i64), (i64, i64), PieceKind);

/// The promotions of the side to move.
fn promotions(b: &mut Board) -> Vec<Promotion> {
    let mut out: Vec<_> = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter_map(|m| {
            m.promotion
                .map(|p| ((m.from.x, m.from.y), (m.to.x, m.to.y), p.kind))
        })
        .collect();
    out.sort();
    out
}

/// The kind a Sittuyin pawn promotes to (the general, `f`).
fn general() -> PieceKind {
    let v = variant_of("[s:sittuyin]\n").unwrap();
    v.rules.promotions[0].choices[0]
}

#[test]
fn a_pawn_promotes_in_place_or_by_a_step_as_a_move_of_its_own() {
    // d5 is on White's promotion diagonal; a2 is not, and with two pawns
    // only one on the diagonal may promote.
    let mut b = board("4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1");
    let got = promotions(&mut b);
    let targets: Vec<(i64, i64)> = got.iter().map(|p| p.1).collect();
    assert_eq!(targets, [(3, 4), (3, 6), (4, 5), (5, 4), (5, 6)]);
    assert!(got.iter().all(|p| p.0 == (4, 5) && p.2 == general()));
    // The promotion in place is the pawn staying on its square.
    let stay = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| m.promotion.is_some() && m.from == m.to)
        .unwrap();
    assert_eq!(stay.kind, MoveKind::Stay);
    b.make(&stay);
    assert_eq!(b.piece_at(Sq::new(4, 5)).unwrap().kind, general());
    // Stepping onto d6 does not promote: promotion is never part of arriving.
    let mut b = board("4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1");
    let push = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| m.from == Sq::new(4, 5) && m.to == Sq::new(4, 6))
        .unwrap();
    assert_eq!(push.promotion, None);
}

#[test]
fn a_promotion_may_not_attack_check_or_exceed_one_general() {
    // On d5 the new general would attack the rook on c6 and the knight on
    // e4, which also take two of its steps: c4 and e6 remain (as pyffish).
    let mut b = board("4k3/8/2r5/3P4/4n3/8/P7/4K3[] w - - 0 1");
    let targets: Vec<(i64, i64)> = promotions(&mut b).iter().map(|p| p.1).collect();
    assert_eq!(targets, [(3, 4), (5, 6)]);
    // Any step off the d-file uncovers the rook's check: in place only.
    let mut b = board("3k4/8/8/3P4/8/8/8/3RK3[] w - - 0 1");
    let targets: Vec<(i64, i64)> = promotions(&mut b).iter().map(|p| p.1).collect();
    assert_eq!(targets, [(4, 5)]);
    // A general on the board already: none.
    let mut b = board("4k3/8/8/3P4/8/8/P3F3/4K3[] w - - 0 1");
    assert!(promotions(&mut b).is_empty());
}

#[test]
fn only_promotions_left_is_a_draw_that_perft_plays_through() {
    let mut b = board("k5r1/8/8/8/8/7n/7P/7K[] w - - 0 1");
    assert_eq!(promotions(&mut b).len(), 3);
    let end = b.game_end().unwrap().expect("only promotions: drawn");
    assert_eq!(
        (end.winner, end.termination),
        (None, Termination::OnlyPromotions)
    );
    // Fairy-Stockfish's perft does not stop at an optional draw.
    assert_eq!(b.perft(1, icn_movegen::PerftMode::Bulk).unwrap(), 3);
    // With a second pawn the game goes on.
    let mut b = board("k5r1/8/8/8/8/P6n/7P/7K[] w - - 0 1");
    assert!(b.game_end().unwrap().is_none());
}

#[test]
fn sittuyin_is_written_back_and_its_rooks_drop_on_the_first_rank() {
    let v = variant_of("[s:sittuyin]\n").unwrap();
    assert!(v.rules.promotions.iter().all(|p| p.by_move) && v.rules.promotions.len() == 2);
    let text = fsf::write_section(&v, "s").unwrap();
    for line in [
        "sittuyinPromotion = true",
        "sittuyinRookDrop = true",
        "mustDrop = true",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let back = variant_of(&text).unwrap();
    assert_eq!(back.rules.promotions, v.rules.promotions);
    assert_eq!(back.rules.drops, v.rules.drops);
    // The rooks in hand go on the first rank; the knights anywhere on the
    // first three.
    let mut b = Board::new(&v.position, &v.rules).unwrap();
    let drops = b.legal_moves().unwrap();
    let rook_rows: Vec<i64> = drops
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Drop { piece } if piece.kind == PieceKind::Rook))
        .map(|m| m.to.y)
        .collect();
    assert!(!rook_rows.is_empty() && rook_rows.iter().all(|&y| y == 1));
    assert!(drops.iter().any(
        |m| matches!(m.kind, MoveKind::Drop { piece } if piece.kind == PieceKind::Knight)
            && m.to.y == 3
    ));
}

/// Sittuyin through every pair of the formats that can hold it comes back
/// the same; FBR and Sjaak, which promote on arrival, say what they lose.
#[test]
fn sittuyin_survives_every_format_or_names_its_loss() {
    use icn_adapters::convert::VariantFormat::{Fbr, Json, Sjaak};
    use icn_adapters::roundtrip::{PairOutcome, through_pair};
    let v = variant_of("[sit:sittuyin]\n").unwrap();
    crate::assert_same_through_json_icn_fsf(&v);
    match through_pair(&v, Json, Fbr) {
        PairOutcome::Lost(lost) => {
            assert!(
                lost.iter().any(|l| l.contains("move of its own")),
                "{lost:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    match through_pair(&v, Json, Sjaak) {
        PairOutcome::Refused(Sjaak, why) => {
            assert!(why.iter().any(|l| l.contains("move of its own")), "{why:?}")
        }
        other => panic!("{other:?}"),
    }
}
