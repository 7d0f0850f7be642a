//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod fsf;
mod fsf_atomic;
mod fsf_counting;
mod fsf_extinction;
mod fsf_gating;
mod fsf_janggi;
mod fsf_kyoto;
mod fsf_pawnback;
mod fsf_royalty;
mod fsf_sittuyin;
mod fsf_spartan;
mod fsf_xiangqi;
mod lion;
mod mbn;
mod own_pieces;
mod pgn;
mod pgn_real;
mod props;
mod roundtrip;
mod san;
mod sanlike_game;
mod sjaak;

/// Sjaak's shipped variants file, as kept in the repository
/// (`fixtures/sjaak/reference`, a copy of `shared/reference/sjaak-variants.txt`).
fn shipped() -> String {
    include_str!("../../../../fixtures/sjaak/reference/sjaak-variants.txt").to_string()
}

/// The rule objects of the first section of a `variants.ini` text, or its
/// refusals.
fn fsf_variant(text: &str) -> Result<icn_rules::Variant, Vec<icn_adapters::fsf::lower::Refusal>> {
    let file = icn_adapters::fsf::read_file(text);
    icn_adapters::fsf::to_variant(file.sections[0].result.as_ref().unwrap())
}

/// Plays the legal move of `b` from `from` to `to` (the first such,
/// promotion or not).
fn play_at(b: &mut icn_movegen::Board, from: (i64, i64), to: (i64, i64)) {
    let m = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| (m.from.x, m.from.y) == from && (m.to.x, m.to.y) == to)
        .unwrap_or_else(|| panic!("{from:?}-{to:?} is not legal"));
    b.make(&m);
}

/// Asserts that `v` comes back the same through every pair of JSON, ICN
/// and `variants.ini`.
fn assert_same_through_json_icn_fsf(v: &icn_rules::Variant) {
    use icn_adapters::convert::VariantFormat::{Fsf, Icn, Json};
    use icn_adapters::roundtrip::{PairOutcome, through_pair};
    for a in [Json, Icn, Fsf] {
        for b in [Json, Icn, Fsf] {
            assert_eq!(through_pair(v, a, b), PairOutcome::Same, "{a:?} then {b:?}");
        }
    }
}

/// Reads rows in the format of `fixtures/fsf/suite.tsv` and asserts that
/// there are at least `min` and that each counts as Fairy-Stockfish counts.
fn assert_fsf_rows_exact(tsv: &str, min: usize) {
    let rows = icn_adapters::fsf::suite::read_suite(tsv).unwrap();
    assert!(rows.len() >= min, "{} rows", rows.len());
    let failures = icn_adapters::fsf::suite::failures(&rows);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The board of a Fairy-Stockfish built-in `variant` at `fen`, as the
/// suite's rows are set up.
fn fsf_board(variant: &str, fen: &str) -> icn_movegen::Board {
    let row = icn_adapters::fsf::suite::SuiteRow {
        variant: variant.into(),
        fen: Some(fen.into()),
        depth: 1,
        nodes: 0,
        chess960: false,
    };
    icn_adapters::fsf::suite::prepare(&row).unwrap()
}

/// The perft of `v`'s start position at depth 3.
fn perft3(v: &icn_rules::Variant) -> u64 {
    let mut b = icn_movegen::Board::new(&v.position, &v.rules).unwrap();
    b.perft(3, icn_movegen::PerftMode::Bulk).unwrap()
}
