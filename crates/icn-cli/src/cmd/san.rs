//! `icn san [--parse] [--like] [--lines] FILE|-`: reads `POSITION<TAB>MOVE`
//! (POSITION a FEN or an ICN position, MOVE in ICN compact form such as
//! `5,2>5,4` or `2,7>2,8=Q`) and prints the SAN; with `--parse`, reads
//! `POSITION<TAB>SAN` and prints the ICN compact move. `--like` uses the
//! SAN-like notation of `docs/san-like.md` instead of SAN (any board). With
//! `--lines` every line is a case, reported as every `--lines` command
//! reports (`FILE:LINE:COL: error[san]: message`, an empty output line, a
//! summary at the end; exit 1 when a line failed). Without it the input is
//! one case.

use icn_adapters::lines::{SanMode, san_line};

use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn san`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Read SAN and print ICN compact moves.
    #[arg(long)]
    pub parse: bool,
    /// The SAN-like notation for the unbounded board instead of SAN.
    #[arg(long)]
    pub like: bool,
    /// One case per line.
    #[arg(long)]
    pub lines: bool,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn san`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let mode = match (args.parse, args.like) {
        (false, false) => SanMode::Write,
        (true, false) => SanMode::Parse,
        (false, true) => SanMode::WriteLike,
        (true, true) => SanMode::ParseLike,
    };
    crate::text_command::run(args.input.open()?, args.lines, "san", |l| san_line(l, mode))
}
