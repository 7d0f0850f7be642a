//! `icn variant convert [--from sjaak|fsf|icn|fbr|json] --to sjaak|fsf|icn|fbr|json
//! [--name VARIANT] FILE|-`: a variant definition in another format (see
//! `icn_adapters::convert`). Without `--from` the input format is detected
//! from the content. `--name` picks a variant of a many-variant file (Sjaak:
//! exact name, or a unique prefix). Without it every variant of the file
//! converts into one output (see `icn_adapters::convert_many` for how each
//! format holds several): a variant that cannot be converted is reported on
//! standard error with its reasons and the rest go on, a summary line closes
//! a many-variant run, and the exit status is 1 when any variant failed.
//! What a target cannot say is a warning (FBR), or refused under `--strict`.

use std::io::Write as _;

use icn_adapters::convert::{VariantFormat, convert_variant_reporting};
use icn_adapters::convert_many::convert_all;

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
    let target = match args.to {
        To::Sjaak => "Sjaak",
        To::Icn => "ICN",
        To::Fbr => "FBR",
        To::Json => "JSON",
        To::Fsf => "variants.ini",
    };
    let label = if args.strict { "error" } else { "warning" };
    let Some(name) = args.name.as_deref() else {
        return run_all(&text, from, to, args.strict, &origin, target);
    };
    match convert_variant_reporting(&text, from, to, Some(name)) {
        Ok(out) => {
            for w in &out.warnings {
                eprintln!("{label}: {origin}:{w}");
            }
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
            print_errors("", e.messages);
            Ok(Outcome::Invalid)
        }
    }
}

fn print_errors(who: &str, messages: Vec<String>) {
    for m in messages {
        // Rendered ICN diagnostics carry their own `error:` label.
        if m.starts_with("error") {
            eprintln!("{m}");
            if let Some(name) = who.strip_suffix(": ") {
                eprintln!("note: in variant {name}");
            }
        } else {
            eprintln!("error: {who}{m}");
        }
    }
}

/// Every variant of the input (no `--name`).
fn run_all(
    text: &str,
    from: VariantFormat,
    to: VariantFormat,
    strict: bool,
    origin: &str,
    target: &str,
) -> anyhow::Result<Outcome> {
    let label = if strict { "error" } else { "warning" };
    let all = match convert_all(text, Some(from), to) {
        Ok(all) => all,
        Err(e) => {
            print_errors("", e.messages);
            return Ok(Outcome::Invalid);
        }
    };
    let many = all.items.len() > 1;
    let mut flagged = false;
    for item in &all.items {
        let who = if many {
            format!("{}: ", item.name)
        } else {
            String::new()
        };
        for w in &item.warnings {
            eprintln!("{label}: {origin}:{w}");
        }
        for l in &item.lost {
            eprintln!("{label}: {who}not expressible in {target}, left out: {l}");
        }
        flagged |= !(item.warnings.is_empty() && item.lost.is_empty());
        if let Some(e) = &item.error {
            print_errors(&who, e.clone());
        }
    }
    let failed = all.failed();
    if strict && flagged {
        eprintln!("error: refused under --strict");
        return Ok(Outcome::Invalid);
    }
    std::io::stdout().lock().write_all(all.text.as_bytes())?;
    if many {
        let total = all.items.len();
        eprintln!(
            "{} of {total} variants converted to {target}, {failed} failed",
            total - failed
        );
    }
    Ok(if failed > 0 {
        Outcome::Invalid
    } else {
        Outcome::Valid
    })
}
