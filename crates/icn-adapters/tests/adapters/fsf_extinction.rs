//! Fairy-Stockfish's extinction rules that the model says as the bare-king
//! and royal-capture wins (`shatranj`, `courier`, `threekings`): endings of
//! `fixtures/fsf/extinction.tsv` (made by `fixtures/fsf/gen/extinction.py`
//! with pyffish) count as Fairy-Stockfish counts them, and the writer gives
//! the rules back; and horde-style double steps and en passant regions
//! (`fixtures/fsf/pawns.tsv`).

use icn_adapters::fsf::{self, suite};
use icn_rules::WinRule;

use crate::fsf_variant as variant_of;

#[test]
fn extinction_endings_count_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/extinction.tsv"), 20);
}

#[test]
fn the_bare_rule_and_royal_capture_are_read_and_written_back() {
    let v = variant_of("[s:shatranj]\n").unwrap();
    let wins = v.rules.wins_of(icn_model::Player::WHITE);
    assert!(wins.contains(&WinRule::BareKing) && !wins.contains(&WinRule::AllPiecesCaptured));
    assert!(v.rules.limits.bare_reply);
    let v = variant_of("[t:threekings]\n").unwrap();
    assert_eq!(
        v.rules.wins_of(icn_model::Player::WHITE),
        [WinRule::RoyalCapture]
    );
    for base in ["shatranj", "courier", "threekings"] {
        let v = variant_of(&format!("[x:{base}]\n")).unwrap();
        let text = fsf::write_section(&v, "x").unwrap_or_else(|e| panic!("{base}: {e:?}"));
        // Named slots (`alfil`, `fers`) come back as pieces of their own
        // letters: the wins and the perft are compared.
        let back = variant_of(&text).unwrap();
        assert_eq!(back.rules.wins, v.rules.wins, "{base}\n{text}");
        assert_eq!(back.rules.limits, v.rules.limits, "{base}\n{text}");
        let perft = crate::perft3;
        assert_eq!(perft(&back), perft(&v), "{base}\n{text}");
    }
}

#[test]
fn a_king_count_the_royal_capture_win_cannot_say_is_refused() {
    // Two kings against three: losing one is not the same rule for both.
    let e = variant_of(
        "[t:threekings]\nstartFen = knbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1\n",
    )
    .unwrap_err();
    assert!(
        e.iter().any(|r| r.option == "extinctionPieceCount"),
        "{e:?}"
    );
}

/// Double steps made again from the region (zone moves) and en passant
/// regions: the hand-written positions of `fixtures/fsf/pawns.tsv` (made by
/// `fixtures/fsf/gen/pawns.py` with pyffish) count as Fairy-Stockfish counts.
#[test]
fn double_steps_and_en_passant_regions_count_as_fairy_stockfish() {
    let rows = suite::read_suite(include_str!("../../../../fixtures/fsf/pawns.tsv")).unwrap();
    assert_eq!(rows.len(), 5);
    let failures = suite::failures(&rows);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let v = variant_of("[h:horde]\n").unwrap();
    assert_eq!(v.rules.limits.en_passant_zones.len(), 2);
    assert_eq!(v.rules.limits.zone_moves.len(), 2);
    assert!(
        v.position
            .pieces
            .iter()
            .all(|p| !p.special_right || p.piece.kind != icn_model::PieceKind::Pawn)
    );
}

/// Racing kings (no move may give check; White reaching its flag lets
/// Black reply onto its own for a draw): `fixtures/fsf/racing.tsv` (made by
/// `fixtures/fsf/gen/racing.py` with pyffish) counts as Fairy-Stockfish
/// counts, and the rules are written back as `checking = false` and
/// `flagMove = true`.
#[test]
fn racing_kings_counts_as_fairy_stockfish_and_is_written_back() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/racing.tsv"), 13);
    let v = variant_of("[r:racingkings]\n").unwrap();
    assert!(v.rules.limits.no_checks && v.rules.limits.flag_reply);
    let text = fsf::write_section(&v, "r").unwrap();
    assert!(
        text.contains("checking = false") && text.contains("flagMove = true"),
        "{text}"
    );
    let back = variant_of(&text).unwrap();
    assert_eq!(back.rules.limits, v.rules.limits);
    assert_eq!(back.rules.wins, v.rules.wins);
}

/// Misère chess (`checkmateValue = win`): check must still be answered, and
/// a mate ends the game with the mated side winning. The positions of
/// `fixtures/fsf/misere.tsv` (made by `fixtures/fsf/gen/misere.py` with
/// pyffish) count as Fairy-Stockfish counts.
#[test]
fn misere_chess_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/misere.tsv"), 11);
    let row = suite::SuiteRow {
        variant: "misere".into(),
        fen: Some("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".into()),
        depth: 1,
        nodes: 0,
        chess960: false,
    };
    let mut b = suite::prepare(&row).unwrap();
    let end = b.game_end().unwrap().expect("mated");
    assert_eq!(end.winner, Some(icn_model::Player::WHITE));
    assert_eq!(end.termination, icn_movegen::Termination::Checkmate);
}

/// Berolina chess: the diagonal double step leaves an en passant square on
/// the square it passes. The positions of `fixtures/fsf/berolina.tsv` (made
/// by `fixtures/fsf/gen/berolina.py` with pyffish) count as
/// Fairy-Stockfish counts.
#[test]
fn berolina_double_steps_count_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/berolina.tsv"), 16);
}

/// The general extinction rule: read from the options none of the other
/// rules say, written back the same, and `extinctionValue = draw` refused.
#[test]
fn the_general_extinction_rule_is_read_and_written_back() {
    use icn_rules::Extinction;
    let v = variant_of(
        "[e:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\nextinctionPieceCount = 1\n",
    )
    .unwrap();
    let want = WinRule::Extinction(Extinction {
        kinds: None,
        at_most: 1,
        opponent_at_least: 0,
        own: false,
    });
    assert!(v.rules.wins_of(icn_model::Player::WHITE).contains(&want));
    assert!(
        !v.rules
            .wins_of(icn_model::Player::WHITE)
            .contains(&WinRule::AllPiecesCaptured)
    );
    let text = fsf::write_section(&v, "e").unwrap();
    assert!(text.contains("extinctionPieceCount = 1"), "{text}");
    assert_eq!(
        variant_of(&text).unwrap().rules.wins,
        v.rules.wins,
        "{text}"
    );
    let v = variant_of("[k:chess]\nextinctionValue = win\nextinctionPieceTypes = r\n").unwrap();
    assert!(v.rules.wins_of(icn_model::Player::BLACK).iter().any(
        |w| matches!(w, WinRule::Extinction(e) if e.own && e.kinds.as_ref().is_some_and(|k| k.contains(&icn_model::PieceKind::Rook)))
    ));
    let e =
        variant_of("[d:chess]\nextinctionValue = draw\nextinctionPieceTypes = r\n").unwrap_err();
    assert!(
        e.iter().any(|r| r.option == "extinctionPieceTypes"),
        "{e:?}"
    );
}

/// Fairy-Stockfish's en passant field after a Berolina double step lists the
/// square passed and the pawn to take (`c5d6`): read as the model's en
/// passant square and victim, written back the same, kept through the
/// variant JSON, and refused by ICN and FEN, which cannot say the victim.
#[test]
fn berolina_en_passant_fields_keep_the_pawn_to_take() {
    let fen = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1";
    let v = crate::fsf_variant(&format!("[b:berolina]\nstartFen = {fen}\n")).unwrap();
    assert_eq!(v.position.en_passant, Some(icn_model::Coord::new(4, 6)));
    assert_eq!(
        v.position.en_passant_victim,
        Some(icn_model::Coord::new(3, 5))
    );
    let text = icn_adapters::fsf::write_section(&v, "b").unwrap();
    assert!(text.contains(" c5d6 0 1"), "{text}");
    let back = crate::fsf_variant(&text).unwrap();
    assert_eq!(back.position, v.position);
    // A pawn's own double step keeps the plain field: the victim is implied.
    let plain =
        crate::fsf_variant("[c:chess]\nstartFen = 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\n").unwrap();
    assert_eq!(plain.position.en_passant_victim, None);
    // Two squares passed over are more than the model holds.
    let e = crate::fsf_variant(&format!(
        "[b:berolina]\nstartFen = {}\n",
        fen.replace("d6c5", "d6e6")
    ))
    .unwrap_err();
    assert!(e[0].to_string().contains("en passant squares"), "{e:?}");
    // At the field: `startFen = ` takes 11 columns, the field starts at
    // byte 55 of the FEN.
    assert_eq!(e[0].place, "2:67", "{e:?}");
    use icn_adapters::convert::{VariantFormat::*, convert_variant};
    let section = format!("[b:berolina]\nstartFen = {fen}\n");
    let json = convert_variant(&section, Fsf, Json, None).unwrap();
    assert!(json.contains("\"enPassantVictim\": \"3,5\""), "{json}");
    let again = convert_variant(&json, Json, Fsf, None).unwrap();
    assert!(again.contains(" c5d6 0 1"), "{again}");
    // ICN keeps the pawn to take in the `state` property, and reads it back.
    let icn = convert_variant(&section, Fsf, Icn, None).unwrap();
    assert!(icn.contains("\"enPassantVictim\": \"3,5\""), "{icn}");
    let back = icn_adapters::convert::read_variant(&icn, Some(Icn), None)
        .unwrap()
        .variant;
    assert_eq!(
        back.position.en_passant_victim,
        v.position.en_passant_victim
    );
}

/// Jeson Mor: `flagMove` for knights is a flag held through one opponent
/// move (`limits.flag_held`); it counts as Fairy-Stockfish counts
/// (`fixtures/fsf/jesonmor.tsv`, `gen/jesonmor.py`) and is written back as
/// `flagMove`.
#[test]
fn jeson_mor_flags_are_held_through_one_move() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/jesonmor.tsv"), 12);
    let v = limits_written_back("jesonmor", "flagMove = true");
    assert!(v.rules.limits.flag_held && !v.rules.limits.flag_reply);
    let json = icn_rules::json::rules_json(&v.rules);
    assert_eq!(
        icn_rules::json_read::rules_from_json(&json).unwrap(),
        v.rules
    );
}

/// Dobutsu shogi: `flagPieceSafe` is the model's safe flags
/// (`limits.flag_safe`: a lion on the far rank counts only unattacked); it
/// counts as Fairy-Stockfish counts (`fixtures/fsf/dobutsu.tsv`,
/// `gen/dobutsu.py`) and is written back.
#[test]
fn dobutsu_flags_count_only_when_safe() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/dobutsu.tsv"), 13);
    let v = limits_written_back("dobutsu", "flagPieceSafe = true");
    assert!(v.rules.limits.flag_safe && !v.rules.limits.flag_held);
    // With `flagMove` it means another rule: refused by name.
    let e = crate::fsf_variant("[d:dobutsu]\nflagMove = true\n").unwrap_err();
    assert!(e.iter().any(|r| r.option == "flagPieceSafe"), "{e:?}");
}

/// The built-in variant `base`, written as a section that holds `line` and
/// read back with the same limits.
fn limits_written_back(base: &str, line: &str) -> icn_rules::Variant {
    let v = crate::fsf_variant(&format!("[x:{base}]\n")).unwrap();
    let text = icn_adapters::fsf::write_section(&v, "x").unwrap();
    assert!(text.contains(line), "{base}: {line}\n{text}");
    let back = crate::fsf_variant(&text).unwrap();
    assert_eq!(back.rules.limits, v.rules.limits, "{base}");
    v
}
