//! Property tests: no reader panics on any input, and writers and readers
//! agree on generated values.

use icn_adapters::fen::{CastlingStyle, Fen, FenPiece, Square};
use icn_adapters::notation::{Action, MoveText};
use icn_adapters::pgn::{PgnReader, import_game};
use icn_adapters::san::parse_san;
use icn_adapters::sanlike::{parse_sanlike, write_sanlike};
use icn_adapters::sjaak::{moves::parse_move, read_file, read_variants, write_file};
use icn_model::{CheckMark, Coord, Int, Piece, PieceKind, Player};
use proptest::prelude::*;

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ -~éü\\n\\t]{0,60}",
        "[KQRBNOx0-9a-h=+#!?,\\-|()&]{0,20}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn readers_never_panic(text in any_text()) {
        let _ = Fen::parse(&text);
        let _ = parse_san(&text);
        let _ = parse_sanlike(&text);
        let _ = parse_move(&text);
        let _ = read_file(&text);
        let _ = read_file(&format!("Variant: x\nBoard: 8x8\nPiece: p\nMove: {text}\nRule: {text}\nFlags: {text}\nCastle: {text}"));
        for g in PgnReader::new(text.as_bytes()).flatten() {
            let _ = import_game(&g);
        }
    }

    #[test]
    fn fen_write_then_read_is_identity(
        cells in proptest::collection::btree_map((0u8..8, 1u8..7), (0usize..5, any::<bool>()), 0..20),
        black in any::<bool>(),
        half in 0u32..200,
        full in 1u32..300,
    ) {
        let kinds = [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight, PieceKind::Pawn];
        let mut fen = Fen::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for ((file, rank), (k, white)) in cells {
            let player = if white { Player::WHITE } else { Player::BLACK };
            let piece = Piece::new(kinds[k], player);
            fen.board.insert(Square::new(file, rank).unwrap(), FenPiece { piece, promoted: false });
        }
        fen.turn = if black { Player::BLACK } else { Player::WHITE };
        fen.halfmove = half;
        fen.fullmove = full;
        let text = fen.write(CastlingStyle::XFen);
        prop_assert_eq!(Fen::parse(&text).unwrap(), fen);
    }

    #[test]
    fn san_like_write_then_read_is_identity(
        kind in 0usize..19,
        from in (proptest::option::of(any::<i64>()), proptest::option::of(any::<i64>())),
        to in (any::<i64>(), any::<i64>()),
        capture in any::<bool>(),
        promo in proptest::option::of(1usize..5),
        check in proptest::option::of(any::<bool>()),
    ) {
        let kinds = PieceKind::ALL;
        let kind = kinds[kind];
        prop_assume!(!kind.is_neutral_only());
        let t = MoveText {
            action: Action::Normal {
                kind,
                from_x: from.0.map(Int::from),
                from_y: from.1.map(Int::from),
                capture,
                to: Coord::new(to.0, to.1),
                promotion: promo.map(|i| kinds[i]),
            },
            check: check.map(|m| if m { CheckMark::Checkmate } else { CheckMark::Check }),
        };
        prop_assert_eq!(parse_sanlike(&write_sanlike(&t)).unwrap(), t);
    }
}

#[test]
fn deeply_nested_leap_groups_are_refused_not_overflowed() {
    let deep = format!("leap {}(1,0){}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(parse_move(&deep).unwrap_err().message.contains("nested"));
}

#[test]
fn sjaak_writer_round_trips_generated_move_descriptions() {
    let texts = [
        "leap (1,2)|(0,3)",
        "aleap (-1,1)|(1,1)|(0,-2)",
        "leap ((1,0)|(0,1))+((1,1)|(2,2))",
        "leap (((1,0)+(1,1)))&((1,2)|(2,1))",
        "step 3NE,S,12W",
        "slide (H,A)",
        "hop (D)",
        "ride (1,2)|(1,3)",
    ];
    for t in texts {
        let (m, quirks) = parse_move(t).unwrap();
        assert!(quirks.is_empty(), "{t}");
        assert_eq!(parse_move(&m.to_string()).unwrap().0, m, "{t}");
        let file = format!("Variant: v\nBoard: 8x8\nPiece: p\nMove: {t}\nSymbol: \"P\", \"P,p\"\n");
        let vs = read_variants(&file).unwrap();
        assert_eq!(read_variants(&write_file(&vs)).unwrap(), vs);
    }
}
