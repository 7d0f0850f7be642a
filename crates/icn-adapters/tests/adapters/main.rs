//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod pgn;
mod pgn_real;
mod props;
mod san;
mod sanlike_game;
mod sjaak;

/// The shipped Sjaak file of the shared reference material (outside the
/// repository, beside it as `shared/`, as CI has it). A test that needs it
/// fails, saying what is missing and where it was looked for, rather than
/// passing without having run.
fn shipped() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/reference/sjaak-variants.txt"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {path} ({e}): this test reads Sjaak's shipped variants file from the \
             shared reference material; put the project's shared/ folder beside the repository"
        )
    })
}
