//! `icn variant list` and `icn variant show NAME [--to icn|fbr|json]`: the
//! built-in variant catalogue of `icn-rules`.
//!
//! NAME is a catalogue code or name in any case, spaces and underscores alike
//! (`space_classic`, `Space Classic`), optionally `NAME@YYYY-MM-DD` or
//! `NAME@MS` for the version in force on that UTC day or at Unix millisecond
//! `MS`. `--to icn` prints ICN that `icn convert`
//! reads back; `--to fbr` the FBR rules; `--to json` the rule objects and the
//! game's JSON long form. Notes on what a format leaves out, or what icn-rules
//! does not model, go to standard error. An unknown name is a usage error
//! (exit 2); a variant whose position cannot be built exits 1 (every built-in one can be: Omega³ and Omega⁴ are generated).

use std::io::{self, Write};

use anyhow::bail;
use icn_rules::catalogue::CatalogueError;
use icn_rules::show::{self, ShowFormat};

use crate::cmd::Outcome;

/// Options of `icn variant`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The `variant` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// List the catalogue: code, name, piece count and dated versions; with
    /// `--variants FILE`, the variants a definition file holds instead.
    List {
        /// A Sjaak, Fairy-Stockfish, FBR, ICN or JSON definition file: each
        /// variant's name, and why it does not reach the rule objects when it
        /// does not.
        #[arg(long, value_name = "FILE")]
        variants: Option<std::path::PathBuf>,
    },
    /// Print a variant's start position and rules.
    Show {
        /// A catalogue code or name (`NAME@YYYY-MM-DD` or `NAME@MS` for a dated version).
        name: String,
        /// Output format.
        #[arg(long = "to", value_enum, default_value_t = Format::Icn)]
        to: Format,
    },
    /// Convert a variant definition between Sjaak, ICN, FBR and JSON.
    Convert(crate::cmd::variant_convert::Args),
}

/// Output formats of `icn variant show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// ICN, site dialect.
    Icn,
    /// FBR rules.
    Fbr,
    /// JSON: rule objects and the game.
    Json,
}

/// Runs `icn variant`.
///
/// # Errors
/// An unknown variant name, or failing to write the output.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let mut out = io::stdout().lock();
    match &args.action {
        Action::Convert(a) => crate::cmd::variant_convert::run(a),
        Action::List { variants: None } => {
            write!(out, "{}", show::list())?;
            Ok(Outcome::Valid)
        }
        Action::List {
            variants: Some(path),
        } => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            match icn_adapters::convert::variant_names(&text, None) {
                Ok(names) => {
                    for (name, status) in names {
                        match status {
                            Ok(()) => writeln!(out, "{name}")?,
                            Err(why) => writeln!(out, "{name}\t(not expressible: {why})")?,
                        }
                    }
                    Ok(Outcome::Valid)
                }
                Err(e) => {
                    for m in e.messages {
                        eprintln!("error: {}: {m}", path.display());
                    }
                    Ok(Outcome::Invalid)
                }
            }
        }
        Action::Show { name, to } => {
            let format = match to {
                Format::Icn => ShowFormat::Icn,
                Format::Fbr => ShowFormat::Fbr,
                Format::Json => ShowFormat::Json,
            };
            match show::show(name, format) {
                Ok(shown) => {
                    writeln!(out, "{}", shown.text)?;
                    for note in shown.notes {
                        eprintln!("note: {note}");
                    }
                    Ok(Outcome::Valid)
                }
                Err(e @ CatalogueError::Unknown { .. }) => bail!(e),
                Err(e) => {
                    eprintln!("error[variant]: {e}");
                    Ok(Outcome::Invalid)
                }
            }
        }
    }
}
