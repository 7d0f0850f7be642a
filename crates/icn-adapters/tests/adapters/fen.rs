//! FEN reading and writing, and FEN ↔ ICN beyond the fixtures.

use icn_adapters::fen::{CastlingStyle, Checks, Fen, FenField, STARTING_FEN};
use icn_adapters::fen_icn::{fen_to_game, game_to_fen};
use icn_model::{PieceKind, Player, WinCondition};

#[test]
fn crazyhouse_pocket_and_promoted_marker_round_trip() {
    let text = "r1bqk2r/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKB1R~[NBp] w KQkq - 0 5";
    let f = Fen::parse(text).unwrap();
    assert_eq!(f.pocket.as_ref().unwrap().len(), 3);
    assert!(f.board.values().any(|p| p.promoted));
    assert_eq!(f.write(CastlingStyle::XFen), text);
    assert!(fen_to_game(&f).is_err());
}

#[test]
fn three_check_counters_both_forms() {
    let f = Fen::parse("4k3/8/8/8/8/8/8/4K3 w - - 2+3 4 9 +1+0").unwrap();
    assert_eq!(f.remaining_checks, Some(Checks { white: 2, black: 3 }));
    assert_eq!(f.given_checks, Some(Checks { white: 1, black: 0 }));
    assert_eq!((f.halfmove, f.fullmove), (4, 9));
    assert_eq!(
        f.write(CastlingStyle::XFen),
        "4k3/8/8/8/8/8/8/4K3 w - - 2+3 4 9 +1+0"
    );
    let start = Fen::parse(&format!("{} +0+0", STARTING_FEN)).unwrap();
    let g = fen_to_game(&start).unwrap();
    assert_eq!(g.rules.wins_of(Player::WHITE), [WinCondition::ThreeCheck]);
    assert_eq!(
        game_to_fen(&g).unwrap().remaining_checks,
        Some(Checks { white: 3, black: 3 })
    );
}

#[test]
fn shredder_and_x_fen_agree() {
    let a = Fen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
    assert_eq!(a, Fen::starting());
    // Two rooks on the king side: the inner one needs its file in X-FEN.
    let f = Fen::parse("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1").unwrap();
    assert_eq!(f.white_castling, vec![5]);
    assert_eq!(
        f.write(CastlingStyle::XFen),
        "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1"
    );
    let g = Fen::parse("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1").unwrap();
    assert_eq!(g.white_castling, vec![6]);
}

#[test]
fn errors_name_the_field_and_span() {
    let e = Fen::parse("8/8/8/8/8/8/8/8 w KQ - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Castling);
    assert_eq!(e.span, 18..19);
    let e = Fen::parse("").unwrap_err();
    assert_eq!(e.field, FenField::Board);
    for bad in [
        "8/8/8/8/8/8/8/8/8",
        "ü/8",
        "8/8/8/8/8/8/8/8 w - - 0 1 +1+",
        "~7/8/8/8/8/8/8/8",
    ] {
        assert!(Fen::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_fixture_position_round_trips_through_icn() {
    for text in [
        STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    ] {
        let f = Fen::parse(text).unwrap();
        let g = fen_to_game(&f).unwrap();
        assert_eq!(game_to_fen(&g).unwrap(), f);
        let kings = g
            .position
            .pieces
            .iter()
            .filter(|p| p.piece.kind == PieceKind::King)
            .count();
        assert_eq!(kings, 2);
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let f = Fen::parse(&format!("\u{feff}{STARTING_FEN}")).unwrap();
    assert_eq!(f, Fen::parse(STARTING_FEN).unwrap());
}
