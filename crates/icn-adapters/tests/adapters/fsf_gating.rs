//! Fairy-Stockfish's S-chess gating (`seirawan`, `shouse`): positions read
//! into the rule objects count as Fairy-Stockfish counts them
//! (`fixtures/fsf/gating.tsv`, made by `fixtures/fsf/gen/gating.py` with
//! pyffish), the writer gives them back, and what the model cannot hold is
//! refused by name.

use icn_adapters::fsf::{self, suite};
use icn_movegen::{Board, PerftMode};

fn rows() -> Vec<suite::SuiteRow> {
    suite::read_suite(include_str!("../../../../fixtures/fsf/gating.tsv")).unwrap()
}

/// The section of a row: the built-in variant with the row's FEN.
fn section(row: &suite::SuiteRow) -> String {
    let mut s = format!("[gated:{}]\n", row.variant);
    if let Some(fen) = &row.fen {
        s.push_str(&format!("startFen = {fen}\n"));
    }
    s
}

fn variant_of(text: &str) -> icn_rules::Variant {
    let file = fsf::read_file(text);
    let r = file.sections[0].result.as_ref().unwrap();
    fsf::to_variant(r).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn gating_positions_count_as_fairy_stockfish() {
    let rows = rows();
    assert!(rows.len() >= 20);
    let failures = suite::failures(&rows);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn seirawan_reads_gates_and_gating_zones() {
    let v = variant_of("[s:seirawan]\n");
    let d = v.rules.drops.as_ref().unwrap();
    assert!(!d.allowed && !d.captures_to_hand);
    // One zone per side: the first rank, for every kind but the pawn.
    assert_eq!(d.gating.len(), 2);
    assert!(d.gating.iter().all(|z| {
        z.kinds
            .as_ref()
            .is_some_and(|k| !k.contains(&icn_model::PieceKind::Pawn) && k.len() == 7)
    }));
    // Every piece of the first and last rank holds its gate (`+`).
    let gated = v
        .position
        .pieces
        .iter()
        .filter(|p| p.special_right && p.piece.kind != icn_model::PieceKind::Pawn)
        .count();
    assert_eq!(gated, 16);
    assert_eq!(v.position.holdings.iter().map(|(_, n)| n).sum::<u32>(), 4);
    let zh = variant_of("[s:shouse]\n");
    let d = zh.rules.drops.as_ref().unwrap();
    assert!(d.allowed && d.captures_to_hand && d.gating.len() == 2);
}

/// Every S-chess row of the suite counts exactly, the Chess960 one too: a
/// castle gates only onto a square neither piece lands on (there the king
/// and the rook swap squares, so it does not gate at all).
#[test]
fn the_suite_rows_of_s_chess_count_exactly_chess960_too() {
    let rows = suite::read_suite(include_str!("../../../../fixtures/fsf/suite.tsv")).unwrap();
    let s_chess: Vec<_> = rows
        .iter()
        .filter(|r| (r.variant == "seirawan" || r.variant == "shouse") && r.nodes < 100_000)
        .collect();
    assert_eq!(s_chess.len(), 1);
    assert!(s_chess[0].chess960);
    for row in s_chess {
        assert_eq!(suite::run_row(row), suite::RowOutcome::Exact, "{row:?}");
    }
}

/// Each position, written as a section without a parent and read back, has
/// the same rules and position and counts the same.
#[test]
fn gating_sections_come_back_through_the_writer() {
    for row in rows() {
        let text = section(&row);
        let v = variant_of(&text);
        let written = fsf::write_section(&v, "written")
            .unwrap_or_else(|e| panic!("{text}: not written: {e:?}"));
        assert!(written.contains("seirawanGating = true"), "{written}");
        let back = variant_of(&written);
        assert_eq!(back.rules, v.rules, "{text}\n{written}");
        let sorted = |p: &icn_model::Position| {
            let mut p = p.clone();
            p.pieces.sort_by(|a, b| a.at.cmp(&b.at));
            p
        };
        assert_eq!(sorted(&back.position), sorted(&v.position), "{written}");
        let depth = row.depth.min(2);
        let count = |v: &icn_rules::Variant| {
            Board::new(&v.position, &v.rules)
                .unwrap()
                .perft(depth, PerftMode::Bulk)
                .unwrap()
        };
        assert_eq!(count(&back), count(&v), "{written}");
    }
}

/// Sjaak's `gate drops` (Musketeer) say the same as Fairy-Stockfish's
/// gating: the section is written whole.
#[test]
fn sjaak_gate_drops_are_written_as_gating() {
    let text = super::shipped();
    let musketeer = icn_adapters::sjaak::read_variants(&text)
        .unwrap()
        .into_iter()
        .find(|v| v.name == "Musketeer")
        .unwrap();
    let v = icn_adapters::sjaak::to_variant(&musketeer).unwrap();
    let written = fsf::write_section(&v, "musketeer").unwrap();
    assert!(
        written.contains("gating = true\nseirawanGating = true"),
        "{written}"
    );
    assert!(written.contains(" w ABCDEFGHabcdefgh "), "{written}");
    let back = variant_of(&written).rules;
    assert_eq!(back.drops, v.rules.drops);
    assert_eq!(back.castling, v.rules.castling);
}

#[test]
fn gates_the_model_cannot_hold_are_refused_by_name() {
    let refusals = |text: &str| {
        let file = fsf::read_file(text);
        fsf::to_variant(file.sections[0].result.as_ref().unwrap()).unwrap_err()
    };
    // `K` gives castling with h1; `A` only gates a1: a gated rook that may
    // not castle beside a gated king.
    let r = refusals(
        "[g:seirawan]\nstartFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KAkq - 0 1\n",
    );
    assert!(
        r.iter()
            .any(|r| r.option == "startFen" && r.reason.contains("may not castle")),
        "{r:?}"
    );
    let r = refusals("[g:seirawan]\ndropNoDoubled = p\n");
    assert!(r.iter().any(|r| r.option == "dropNoDoubled"), "{r:?}");
}

/// Placement chess: drops are mandatory while one is legal, bishops go on
/// both colours, and a king or rook dropped on its castling square may
/// castle. The positions of `fixtures/fsf/placement.tsv` (made by
/// `fixtures/fsf/gen/placement.py` with pyffish) count as Fairy-Stockfish
/// counts; a position where a later drop would give a piece already on the
/// board its castling right is refused at its start position.
#[test]
fn placement_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/placement.tsv"), 13);
    let e = crate::fsf_variant(
        "[p:placement]\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1\n",
    )
    .unwrap_err();
    assert!(
        e.iter().any(|r| r.option == "startFen"
            && r.place == "2:12"
            && r.reason
                .contains("`castlingDroppedPiece`: a rook on its castling corner")),
        "{e:?}"
    );
}
