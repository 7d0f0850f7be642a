//! `icn fen2icn [--lines] [--to-dialect D] FILE|-`: FEN (X-FEN, Shredder-FEN)
//! to ICN with the 8×8 "Chess" rules (see `icn_adapters::fen_icn`). Without
//! `--lines` the input is one FEN; with it, one FEN per line, each answered
//! on its own output line (an empty line and a message on standard error
//! when it fails). Exit 1 when any FEN fails.

use icn_adapters::fen_icn::fen2icn;
use icn_model::{IcnForm, IcnStyle};

use crate::cli::ToDialect;
use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn fen2icn`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// One FEN per line.
    #[arg(long)]
    pub lines: bool,
    /// Dialect of the ICN written.
    #[arg(long, value_enum, default_value_t)]
    pub to_dialect: ToDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn fen2icn`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let style = IcnStyle {
        form: IcnForm::Compact,
        dialect: args.to_dialect.into(),
    };
    let convert = |l: &str| fen2icn(l.trim(), style).map_err(|e| e.to_string());
    crate::text_command::run(args.input.open()?, args.lines, convert)
}
