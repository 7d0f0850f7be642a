//! `icn pgn2icn [--to-dialect D] FILE|-`: every game of a PGN file (read one
//! game at a time) as ICN, one game per line (full form). Warnings (skipped
//! variations, dropped NAGs) and refused games go to standard error with
//! their game number and line; exit 1 when any game was refused, or when
//! the input holds no game at all (blank lines, `%` escape lines).

use std::io;

use icn_adapters::pgn_export::pgn_to_icn;
use icn_model::{IcnForm, IcnStyle};

use crate::cli::ToDialect;
use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn pgn2icn`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Dialect of the ICN written.
    #[arg(long, value_enum, default_value_t)]
    pub to_dialect: ToDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn pgn2icn`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let style = IcnStyle {
        form: IcnForm::Full,
        dialect: args.to_dialect.into(),
    };
    let input = args.input.open()?;
    let origin = input.origin.clone();
    let (written, failed) = pgn_to_icn(
        input.into_reader(),
        io::stdout().lock(),
        io::stderr().lock(),
        style,
    )?;
    if written + failed == 0 {
        eprintln!(
            "error: {origin}: no game found (the input holds no tags and no moves, \
             only blank, comment or `%` escape lines)"
        );
        return Ok(Outcome::Invalid);
    }
    Ok(Outcome::from_ok(failed == 0))
}
