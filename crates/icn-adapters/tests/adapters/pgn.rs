//! PGN import and export beyond the fixtures.

use icn_adapters::pgn::{PgnReader, Token, import_game};
use icn_adapters::pgn_export::{export_game, icn_to_pgn, pgn_to_icn};
use icn_model::{Dialect, IcnForm, IcnStyle};

const OPERA: &str = "[Event \"Paris\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

const STYLE: IcnStyle = IcnStyle {
    form: IcnForm::Full,
    dialect: Dialect::Site,
};

#[test]
fn many_games_stream_one_at_a_time() {
    let many = OPERA.repeat(500);
    let mut reader = PgnReader::new(many.as_bytes());
    let first = reader.next().unwrap().unwrap();
    assert_eq!(first.number, 1);
    assert_eq!(reader.count(), 499);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        pgn_to_icn(many.as_bytes(), &mut out, &mut err, STYLE).unwrap(),
        (500, 0)
    );
    assert!(err.is_empty());
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 500);
}

#[test]
fn the_opera_game_goes_round_and_ends_in_mate() {
    let g = PgnReader::new(OPERA.as_bytes()).next().unwrap().unwrap();
    assert!(matches!(g.tokens.last(), Some((Token::Result(r), _)) if r == "1-0"));
    let (game, warnings) = import_game(&g).unwrap();
    assert!(warnings.is_empty());
    assert_eq!(game.moves.len(), 33);
    let pgn = export_game(&game).unwrap();
    assert!(pgn.contains("12. O-O-O Rd8"), "{pgn}");
    assert!(pgn.trim_end().ends_with("17. Rd8# 1-0"), "{pgn}");
    assert!(pgn.lines().all(|l| l.len() < 80));
    let mut replay = icn_movegen::Board::from_game(&game).unwrap();
    for m in &game.moves {
        let mv = replay.check_move(&m.from, &m.to, m.promotion).unwrap();
        replay.make(&mv);
    }
    assert!(replay.in_check() && !replay.has_legal_move().unwrap());
}

#[test]
fn black_to_move_starts_with_dots_and_bad_games_do_not_stop_the_stream() {
    let text = "[FEN \"4k3/8/8/8/8/8/p7/4K3 b - - 0 30\"]\n\n30... a1=Q+ *\n\n[Event \"x\"]\n\n1. e5 *\n\n1. d4 d5 *\n";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        pgn_to_icn(text.as_bytes(), &mut out, &mut err, STYLE).unwrap(),
        (2, 1)
    );
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.starts_with("game 2, line 7: move 1. e5: illegal move"),
        "{err}"
    );
    let icn = String::from_utf8(out).unwrap();
    let (mut pgn, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        icn_to_pgn(icn.as_bytes(), &mut pgn, &mut err).unwrap(),
        (2, 0)
    );
    assert!(String::from_utf8(pgn).unwrap().contains("30... a1=Q+ *"));
}

#[test]
fn a_byte_order_mark_before_the_first_tag_is_skipped() {
    let with_bom = format!("\u{feff}{OPERA}");
    let g = PgnReader::new(with_bom.as_bytes()).next().unwrap().unwrap();
    assert_eq!(g.tags[0], ("Event".to_string(), "Paris".to_string()));
    assert_eq!(import_game(&g).unwrap().0.moves.len(), 33);
}

#[test]
fn escape_lines_alone_hold_no_game() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let counts = pgn_to_icn(&b"% a\n%b\n\n"[..], &mut out, &mut err, STYLE).unwrap();
    assert_eq!(counts, (0, 0));
    assert!(out.is_empty());
}

#[test]
fn a_comment_over_several_lines_is_written_on_the_game_line() {
    let pgn = "[Event \"x\"]\n\n1. e4 {a comment\r\nover two lines} e5 *\n";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        pgn_to_icn(pgn.as_bytes(), &mut out, &mut err, STYLE).unwrap(),
        (1, 0)
    );
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("{a comment over two lines}"), "{out}");
}

#[test]
fn a_comment_with_a_malformed_clock_is_refused_not_written_unreadably() {
    let pgn = "[Event \"x\"]\n\n1. e4 {[%clk 0:O-O09:58.3]} e5 *\n";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        pgn_to_icn(pgn.as_bytes(), &mut out, &mut err, STYLE).unwrap(),
        (0, 1)
    );
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.contains(
            "game 1, line 1: move 1: comment `[%clk 0:O-O09:58.3]` holds a `[%name value]` command"
        ),
        "{err}"
    );
}

#[test]
fn pgn_commands_become_move_commands_and_clocks() {
    let pgn = "[Event \"x\"]\n\n1. e4 { [%eval 0.25] [%clk 0:09:58] good } e5 *\n";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        pgn_to_icn(pgn.as_bytes(), &mut out, &mut err, STYLE).unwrap(),
        (1, 0)
    );
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("{[%clk 0:09:58.0] [%eval 0.25] good}"),
        "{out}"
    );
}
