//! `icn icn2fen [--lines] [--shredder] FILE|-`: an ICN position (or a game's
//! start position) to X-FEN, or Shredder-FEN with `--shredder` (see
//! `icn_adapters::fen_icn`). A position FEN cannot hold is refused naming
//! the first offending piece. `--lines` works as in `fen2icn`.

use icn_adapters::fen::CastlingStyle;
use icn_adapters::fen_icn::icn2fen;

use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn icn2fen`.
#[derive(Debug, clap::Args)]
pub struct Args {
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

/// Runs `icn icn2fen`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let style = if args.shredder {
        CastlingStyle::Shredder
    } else {
        CastlingStyle::XFen
    };
    let convert = |l: &str| icn2fen(l.trim(), style).map_err(|e| e.to_string());
    crate::text_command::run(args.input.open()?, args.lines, convert)
}
