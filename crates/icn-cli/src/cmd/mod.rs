//! The subcommands, one module each. A command takes its parsed arguments
//! and returns an [`Outcome`] (exit 0 or 1), or an error for usage and I/O
//! problems (exit 2).
//!
//! To add a command: a module here with an `Args` struct (`clap::Args`) and
//! `pub fn run(&Args) -> anyhow::Result<Outcome>`, a variant in
//! `crate::cli::Command`, and one dispatch line in `main.rs`.

pub mod aliases;
pub mod check;
pub mod convert;
pub mod convert_stream;
pub mod example;
pub mod info;
pub mod moves;
pub mod perft;
pub mod query;
pub mod render;
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

/// What a user can change to make an infinite move set finite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    /// The command has `--slide-limit N`.
    Flag,
    /// Only the document can say it: a `{"slideLimit": N}` property.
    Property,
}

/// An engine error as the user reads it: an infinite move set names the fix.
pub fn explain(e: &icn_movegen::MovegenError, fix: Fix) -> String {
    match (e, fix) {
        (icn_movegen::MovegenError::Infinite(what), Fix::Flag) => format!(
            "the move set is infinite: {what}; run again with `--slide-limit N` \
             (say `--slide-limit 100`), or give the position a world border"
        ),
        (icn_movegen::MovegenError::Infinite(what), Fix::Property) => format!(
            "the move set is infinite: {what}; give the position a slide limit \
             (the `{{\"slideLimit\": 100}}` property) or a world border"
        ),
        _ => e.to_string(),
    }
}
