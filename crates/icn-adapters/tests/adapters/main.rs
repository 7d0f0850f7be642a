//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod fsf;
mod fsf_atomic;
mod fsf_extinction;
mod fsf_gating;
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
