//! `icn icn2pgn FILE|-`: ICN games that fit 8×8 as PGN. Games are separated
//! by blank lines, or are one per line. A game PGN cannot hold (off the 8×8
//! board, other win conditions, an illegal move) is refused on standard
//! error with its line; exit 1 when any was.

use std::io;

use icn_adapters::pgn_export::icn_to_pgn;

use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn icn2pgn`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn icn2pgn`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let text = match args.input.open()?.read_text()? {
        Ok(t) => t,
        Err(m) => {
            eprintln!("error: {m}");
            return Ok(Outcome::Invalid);
        }
    };
    let (_, failed) = icn_to_pgn(&text, io::stdout().lock(), io::stderr().lock())?;
    Ok(Outcome::from_ok(failed == 0))
}
