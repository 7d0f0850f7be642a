//! SAN and the SAN-like notation: every legal move written and read back.

use icn_adapters::lines::position_board;
use icn_adapters::notation::{SanError, compact_move};
use icn_adapters::san::{move_to_san, san_to_move};
use icn_adapters::sanlike::{move_to_sanlike, sanlike_to_move};
use icn_movegen::Board;

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/Q6Q/8/8/Q3K1NN w - - 0 1",
];

fn all_moves(b: &mut Board) -> Vec<icn_movegen::Move> {
    b.legal_moves().unwrap()
}

#[test]
fn every_legal_move_survives_san_and_san_like_two_plies_deep() {
    let mut checked = 0;
    for fen in POSITIONS {
        let mut b = position_board(fen).unwrap();
        for m in all_moves(&mut b) {
            for mm in std::iter::once(None).chain({
                b.make(&m);
                let replies = all_moves(&mut b);
                b.unmake();
                replies.into_iter().map(Some)
            }) {
                let (target, made) = match mm {
                    None => (m, false),
                    Some(r) => {
                        b.make(&m);
                        (r, true)
                    }
                };
                let san = move_to_san(&mut b, &target).unwrap();
                assert_eq!(san_to_move(&mut b, &san).unwrap(), target, "{fen} {san}");
                let like = move_to_sanlike(&mut b, &target).unwrap();
                assert_eq!(
                    sanlike_to_move(&mut b, &like).unwrap(),
                    target,
                    "{fen} {like}"
                );
                checked += 1;
                if made {
                    b.unmake();
                }
            }
        }
    }
    assert!(checked > 4000, "{checked}");
}

#[test]
fn illegal_and_ambiguous_are_distinct() {
    let mut b = position_board("4k3/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1").unwrap();
    assert!(matches!(
        san_to_move(&mut b, "Qe4"),
        Err(SanError::Ambiguous(_))
    ));
    assert!(matches!(
        san_to_move(&mut b, "Qa5a6"),
        Err(SanError::Illegal(_))
    ));
    assert!(matches!(
        san_to_move(&mut b, "Kf8"),
        Err(SanError::Illegal(_))
    ));
}

#[test]
fn san_like_on_an_unbounded_board_names_far_squares() {
    let mut b = position_board("w K0,0|k100,100|Q5,5|NR-3,-3").unwrap();
    let m = sanlike_to_move(&mut b, "Q5,123456789012345").unwrap();
    assert_eq!(move_to_sanlike(&mut b, &m).unwrap(), "Q5,123456789012345");
    let m = sanlike_to_move(&mut b, "NR-1,1").unwrap();
    assert_eq!(m.to_compact(), "-3,-3>-1,1");
    assert!(matches!(
        sanlike_to_move(&mut b, "Q6,7"),
        Err(SanError::Illegal(_))
    ));
    assert!(
        move_to_san(&mut b, &m).is_err(),
        "SAN cannot write a knightrider"
    );
}

#[test]
fn san_and_sanlike_texts_may_start_with_a_byte_order_mark() {
    let mut b = position_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(
        san_to_move(&mut b, "\u{feff}Nf3").unwrap().to_compact(),
        "7,1>6,3"
    );
    assert_eq!(
        sanlike_to_move(&mut b, "\u{feff}N6,3")
            .unwrap()
            .to_compact(),
        "7,1>6,3"
    );
}

#[test]
fn a_promotion_to_the_other_players_piece_is_refused_as_replay_refuses_it() {
    let text = "w (8|1) 1,8,1,8 K5,1|k5,8|P1,7";
    let mut b = position_board(text).unwrap();
    assert!(compact_move(&mut b, "1,7>1,8=q").is_err());
    let queen = compact_move(&mut b, "1,7>1,8=Q").unwrap();
    assert_eq!(move_to_san(&mut b, &queen).unwrap(), "a8=Q+");
    let game =
        icn_model::Game::parse(&format!("{text} 1,7>1,8=q"), icn_model::Dialect::Auto).unwrap();
    let e = icn_adapters::sanlike::sanlike_moves(&game).unwrap_err();
    assert!(e.contains("cannot promote to q"), "{e}");
    assert!(icn_movegen::replay(&game, None).is_err());
}
