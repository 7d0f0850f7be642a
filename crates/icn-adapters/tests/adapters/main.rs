//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod fsf;
mod pgn;
mod pgn_real;
mod props;
mod san;
mod sanlike_game;
mod sjaak;

/// The shipped Sjaak file of the shared reference material (outside the
/// repository; the tests that need it are skipped when it is missing).
fn shipped() -> Option<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/reference/sjaak-variants.txt"
    );
    let text = std::fs::read_to_string(path).ok();
    if text.is_none() {
        eprintln!("skipped: {path} is missing");
    }
    text
}
