//! The older one-way commands, kept as aliases of `icn convert` with the
//! same options spelled the same way:
//!
//! | alias | is |
//! |---|---|
//! | `fen2icn [--lines] [--to-dialect D]` | `convert --from fen --to icn-compact` |
//! | `icn2fen [--lines] [--shredder]` | `convert --to fen` (ICN or JSON input) |
//! | `pgn2icn [--to-dialect D]` | `convert --from pgn --to icn` |
//! | `icn2pgn` | `convert --to pgn` (ICN or JSON input) |

use crate::cli::ToDialect;
use crate::cmd::Outcome;
use crate::cmd::convert::{self, Args};
use crate::input::InputArg;
use crate::output::Target;
use crate::source::Source;

/// Options of `icn fen2icn`.
#[derive(Debug, clap::Args)]
pub struct Fen2icn {
    /// One FEN per line.
    #[arg(long)]
    pub lines: bool,
    /// Dialect of the ICN written (`--dialect` is an older name of it).
    #[arg(long, value_enum, default_value_t, alias = "dialect")]
    pub to_dialect: ToDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Options of `icn icn2fen`.
#[derive(Debug, clap::Args)]
pub struct Icn2fen {
    /// One ICN position per line.
    #[arg(long)]
    pub lines: bool,
    /// Castling rights as rook files (`HAha`).
    #[arg(long)]
    pub shredder: bool,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Options of `icn pgn2icn`.
#[derive(Debug, clap::Args)]
pub struct Pgn2icn {
    /// Dialect of the ICN written (`--dialect` is an older name of it).
    #[arg(long, value_enum, default_value_t, alias = "dialect")]
    pub to_dialect: ToDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Options of `icn icn2pgn`.
#[derive(Debug, clap::Args)]
pub struct Icn2pgn {
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn fen2icn`.
///
/// # Errors
/// As `icn convert`.
pub fn fen2icn(a: &Fen2icn) -> anyhow::Result<Outcome> {
    convert::run(&Args {
        from: Some(Source::Fen),
        to: Some(Target::IcnCompact),
        to_dialect: a.to_dialect,
        lines: a.lines,
        input: a.input.clone(),
        ..Args::default()
    })
}

/// Runs `icn icn2fen`.
///
/// # Errors
/// As `icn convert`.
pub fn icn2fen(a: &Icn2fen) -> anyhow::Result<Outcome> {
    convert::run(&Args {
        to: Some(Target::Fen),
        shredder: a.shredder,
        lines: a.lines,
        input: a.input.clone(),
        ..Args::default()
    })
}

/// Runs `icn pgn2icn`.
///
/// # Errors
/// As `icn convert`.
pub fn pgn2icn(a: &Pgn2icn) -> anyhow::Result<Outcome> {
    convert::run(&Args {
        from: Some(Source::Pgn),
        to: Some(Target::Icn),
        to_dialect: a.to_dialect,
        input: a.input.clone(),
        ..Args::default()
    })
}

/// Runs `icn icn2pgn`.
///
/// # Errors
/// As `icn convert`.
pub fn icn2pgn(a: &Icn2pgn) -> anyhow::Result<Outcome> {
    convert::run(&Args {
        to: Some(Target::Pgn),
        input: a.input.clone(),
        ..Args::default()
    })
}
