//! The subcommands, one module each. A command takes its parsed arguments
//! and returns an [`Outcome`] (exit 0 or 1), or an error for usage and I/O
//! problems (exit 2).
//!
//! To add a command: a module here with an `Args` struct (`clap::Args`) and
//! `pub fn run(&Args) -> anyhow::Result<Outcome>`, a variant in
//! `crate::cli::Command`, and one dispatch line in `main.rs`.

pub mod check;
pub mod convert;
pub mod example;
pub mod fen2icn;
pub mod icn2fen;
pub mod icn2pgn;
pub mod info;
pub mod perft;
pub mod pgn2icn;
pub mod query;
pub mod replay;
pub mod san;
pub mod variant;
pub mod variant_convert;

/// What a command found in its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was valid (exit 0).
    Valid,
    /// Some input was invalid or could not be converted (exit 1).
    Invalid,
}

impl Outcome {
    /// `Valid` when `ok`.
    pub fn from_ok(ok: bool) -> Outcome {
        if ok { Outcome::Valid } else { Outcome::Invalid }
    }
}
