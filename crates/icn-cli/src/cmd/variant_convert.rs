//! `icn variant convert [--from sjaak|fsf|icn|fbr|json] --to sjaak|fsf|icn|fbr|json
//! [--name VARIANT] FILE|-`: a variant definition in another format (see
//! `icn_adapters::convert`). Without `--from` the input format is detected
//! from the content. `--name` picks a variant of a many-variant Sjaak file
//! (exact name, or a unique prefix). What cannot be converted is refused on
//! standard error with the reasons (exit 1).

use std::io::Write as _;

use icn_adapters::convert::{VariantFormat, convert_variant_reporting};

use crate::cmd::Outcome;
use crate::input::InputArg;

/// Options of `icn variant convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Input format [default: detected from the content].
    #[arg(long, value_enum)]
    pub from: Option<From>,
    /// Output format.
    #[arg(long, value_enum)]
    pub to: To,
    /// The variant to pick from a many-variant file.
    #[arg(long)]
    pub name: Option<String>,
    /// Refuse the quirks of real files that are otherwise read as their
    /// program reads them, with a warning (a `;` after a square, `(2,)`, a
    /// second `FEN:`, castling off the board).
    #[arg(long)]
    pub strict: bool,
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
    /// JSON rule objects and position (as `--to json` writes them).
    Json,
    /// Fairy-Stockfish `variants.ini`.
    Fsf,
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
    /// Fairy-Stockfish `variants.ini` section.
    Fsf,
}

/// Runs `icn variant convert`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let input = args.input.open()?;
    let origin = input.origin.clone();
    let text = match input.read_text()? {
        Ok(t) => t,
        Err(m) => {
            eprintln!("error: {m}");
            return Ok(Outcome::Invalid);
        }
    };
    let from = match args.from {
        Some(From::Sjaak) => VariantFormat::Sjaak,
        Some(From::Icn) => VariantFormat::Icn,
        Some(From::Fbr) => VariantFormat::Fbr,
        Some(From::Json) => VariantFormat::Json,
        Some(From::Fsf) => VariantFormat::Fsf,
        None => icn_adapters::convert::detect_variant_format(&text),
    };
    let to = match args.to {
        To::Sjaak => VariantFormat::Sjaak,
        To::Icn => VariantFormat::Icn,
        To::Fbr => VariantFormat::Fbr,
        To::Json => VariantFormat::Json,
        To::Fsf => VariantFormat::Fsf,
    };
    match convert_variant_reporting(&text, from, to, args.name.as_deref()) {
        Ok(out) => {
            let label = if args.strict { "error" } else { "warning" };
            for w in &out.warnings {
                eprintln!("{label}: {origin}:{w}");
            }
            let target = match args.to {
                To::Sjaak => "Sjaak",
                To::Icn => "ICN",
                To::Fbr => "FBR",
                To::Json => "JSON",
                To::Fsf => "variants.ini",
            };
            for l in &out.lost {
                eprintln!("{label}: not expressible in {target}, left out: {l}");
            }
            if args.strict && !(out.warnings.is_empty() && out.lost.is_empty()) {
                eprintln!("error: refused under --strict");
                return Ok(Outcome::Invalid);
            }
            std::io::stdout().lock().write_all(out.text.as_bytes())?;
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
