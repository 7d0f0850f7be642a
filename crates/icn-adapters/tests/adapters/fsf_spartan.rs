//! Spartan chess as Fairy-Stockfish plays it: duple check
//! ([`icn_rules::limits::Limits::duple_check`]), hoplites that promote into
//! a second king, per-side move-rule resetters and the hoplite's initial
//! alfil jump.

use icn_adapters::fsf;
use icn_movegen::Board;

use crate::fsf_variant as variant_of;
use crate::play_at as play;

/// The positions of `fixtures/fsf/spartan.tsv` (made by
/// `fixtures/fsf/gen/spartan.py` with pyffish) count as Fairy-Stockfish
/// counts.
#[test]
fn spartan_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/spartan.tsv"), 23);
}

fn board(fen: &str) -> Board {
    crate::fsf_board("spartan", fen)
}

#[test]
fn two_kings_may_not_both_be_attacked() {
    // The queen attacks both kings: Black is in check, and every move
    // frees at least one.
    let mut b = board("k3Q2k/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(b.in_check());
    assert!(!b.legal_moves().unwrap().is_empty());
    // One king attacked is no check: the other one is free. Black may
    // leave the a8 king on the rook's file, and White may take it; the
    // game goes on with one black king.
    let mut b = board("k6k/8/8/8/8/8/8/R3K3 b Q - 0 1");
    assert!(!b.in_check());
    play(&mut b, (8, 8), (7, 8)); // h8-g8, leaving a8 attacked
    play(&mut b, (1, 1), (1, 8)); // Rxa8 takes a king
    assert!(b.game_end().unwrap().is_none());
    // Now the last king is an ordinary one: the rook on a8 checks it.
    assert!(b.in_check());
}

#[test]
fn spartan_is_written_back_with_duple_check() {
    let v = variant_of("[sp:spartan]\n").unwrap();
    assert!(v.rules.limits.duple_check);
    let text = fsf::write_section(&v, "sp").unwrap();
    assert!(text.contains("dupleCheck = true"), "{text}");
    assert!(!text.contains("extinctionPieceCount"), "{text}");
    let back = variant_of(&text).unwrap();
    assert_eq!(back.rules.limits, v.rules.limits);
    // Another count with duple check is refused by name.
    let refused = variant_of("[sp:spartan]\nextinctionPieceCount = 1\n").unwrap_err();
    assert!(
        refused.iter().any(|r| r.to_string().contains("dupleCheck")),
        "{refused:?}"
    );
}
