//! The command line as clap sees it: the subcommands and the option values
//! shared between them. Each subcommand's own options are declared next to
//! its code in [`crate::cmd`]; adding a subcommand is a new module there, a
//! variant here and a line in `main.rs`.

use clap::{Parser, Subcommand, ValueEnum};
use icn_model::Dialect;

use crate::cmd;

/// Convert, check and analyse Infinite Chess Notation (ICN) positions and games.
///
/// Exit status: 0 when every document is valid, 1 when one is not, 2 on a
/// usage or I/O error.
#[derive(Debug, Parser)]
#[command(name = "icn", version, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Convert between ICN (any form or dialect), JSON, FEN and PGN.
    Convert(cmd::convert::Args),
    /// Check that ICN (or JSON long form) documents are valid.
    Check(cmd::check::Args),
    /// Run convert and check on a built-in example (no file needed).
    Example(cmd::example::Args),
    /// List the built-in variant catalogue or show one variant.
    Variant(cmd::variant::Args),
    /// Replay a game with exact legality; print the final position and result.
    Replay(cmd::replay::Args),
    /// Count the leaves of the legal move tree (perft).
    Perft(cmd::perft::Args),
    /// Position queries: check, mate, material, pawn structure, zobrist key.
    Info(cmd::info::Args),
    /// The legal moves of a position, rays described whole (even endless ones)
    Moves(cmd::moves::Args),
    /// Search game collections with the query language of docs/query.md.
    Query(cmd::query::Args),
    /// Draw a window of the board as an SVG or PNG picture.
    Render(cmd::render::Args),
    /// Alias of `convert --from fen --to icn-compact`.
    Fen2icn(cmd::aliases::Fen2icn),
    /// Alias of `convert --to fen`.
    Icn2fen(cmd::aliases::Icn2fen),
    /// SAN (or the SAN-like notation) from and to ICN compact moves.
    San(cmd::san::Args),
    /// Alias of `convert --from pgn --to icn`.
    Pgn2icn(cmd::aliases::Pgn2icn),
    /// Alias of `convert --to pgn`.
    Icn2pgn(cmd::aliases::Icn2pgn),
}

/// The dialect to read ICN in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum FromDialect {
    /// Accept both dialects.
    #[default]
    Auto,
    /// Only what `icn-notation.md` allows.
    Spec,
    /// Only what infinitechess.org writes.
    Site,
}

impl From<FromDialect> for Dialect {
    fn from(d: FromDialect) -> Dialect {
        match d {
            FromDialect::Auto => Dialect::Auto,
            FromDialect::Spec => Dialect::Spec,
            FromDialect::Site => Dialect::Site,
        }
    }
}

/// The dialect to write ICN in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ToDialect {
    /// The site dialect when the site can read the document, else the union
    /// of both dialects (a `{…}` property block, say) that this toolkit reads.
    #[default]
    Auto,
    /// The dialect of `icn-notation.md`.
    Spec,
    /// The dialect infinitechess.org writes; what the site cannot read is
    /// refused.
    Site,
}

impl From<ToDialect> for Dialect {
    fn from(d: ToDialect) -> Dialect {
        match d {
            ToDialect::Auto => Dialect::Auto,
            ToDialect::Spec => Dialect::Spec,
            ToDialect::Site => Dialect::Site,
        }
    }
}
