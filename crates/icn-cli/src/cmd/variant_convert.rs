//! `icn variant convert --from sjaak|icn|fbr --to sjaak|icn|fbr|json [--name
//! VARIANT] FILE|-`: a variant definition in another format (see
//! `icn_adapters::convert`). `--name` picks a variant of a many-variant
//! Sjaak file (exact name, or a unique prefix). What cannot be converted is
//! refused on standard error with the reasons (exit 1).

use std::io::Write as _;

use icn_adapters::convert::{VariantFormat, convert_variant};

use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn variant convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Input format.
    #[arg(long, value_enum)]
    pub from: From,
    /// Output format.
    #[arg(long, value_enum)]
    pub to: To,
    /// The variant to pick from a many-variant file.
    #[arg(long)]
    pub name: Option<String>,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum From {
    /// Sjaak `variants.txt`.
    Sjaak,
    /// An ICN position or game.
    Icn,
    /// FBR rule text.
    Fbr,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum To {
    /// Sjaak `variants.txt`.
    Sjaak,
    /// ICN, site dialect where it can.
    Icn,
    /// FBR rule text.
    Fbr,
    /// JSON rule objects and position.
    Json,
}

/// Runs `icn variant convert`.
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
    let from = match args.from {
        From::Sjaak => VariantFormat::Sjaak,
        From::Icn => VariantFormat::Icn,
        From::Fbr => VariantFormat::Fbr,
    };
    let to = match args.to {
        To::Sjaak => VariantFormat::Sjaak,
        To::Icn => VariantFormat::Icn,
        To::Fbr => VariantFormat::Fbr,
        To::Json => VariantFormat::Json,
    };
    match convert_variant(&text, from, to, args.name.as_deref()) {
        Ok(out) => {
            std::io::stdout().lock().write_all(out.as_bytes())?;
            Ok(Outcome::Valid)
        }
        Err(e) => {
            for m in e.messages {
                // Rendered ICN diagnostics carry their own `error:` label.
                if m.starts_with("error") {
                    eprintln!("{m}");
                } else {
                    eprintln!("error: {m}");
                }
            }
            Ok(Outcome::Invalid)
        }
    }
}
