//! `icn check`: says whether ICN (or JSON long form) documents are valid —
//! syntax, both dialects' rules (or one, with `--from-dialect`) and the
//! model's semantic checks. Prints a one-line summary of a valid document;
//! prints every problem, compiler style, of an invalid one. With `--lines`
//! prints nothing for valid lines and `FILE:LINE:COL: message` for problems.

use std::io::{self, Write as _};

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::{Format, read_game};
use crate::input::{Input, InputArg};
use crate::lines;

/// Options of `icn check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Dialect ICN input must follow (JSON input is detected and ignores it).
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// Treat every line as its own document.
    #[arg(long)]
    pub lines: bool,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn check`.
///
/// # Errors
/// I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let input = args.input.open()?;
    if args.lines {
        return run_lines(args, input);
    }
    let origin = input.origin.clone();
    let text = match input.read_text()? {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(Outcome::Invalid);
        }
    };
    match read_game(&text, args.from_dialect.into()) {
        Ok((game, format)) => {
            let notation = match format {
                Format::Icn => "ICN",
                Format::Json => "JSON long form",
            };
            writeln!(
                io::stdout().lock(),
                "{origin}: valid {notation}: {}",
                crate::document::describe(&game)
            )?;
            Ok(Outcome::Valid)
        }
        Err(e) => {
            e.write_rendered(&mut io::BufWriter::new(io::stderr().lock()), &origin, &text)?;
            let n = e.count();
            eprintln!(
                "{origin}: invalid ({n} problem{})",
                if n == 1 { "" } else { "s" }
            );
            Ok(Outcome::Invalid)
        }
    }
}

fn run_lines(args: &Args, input: Input) -> anyhow::Result<Outcome> {
    let dialect = args.from_dialect.into();
    let handler = |line: &str, _: &mut Vec<u8>| {
        read_game(line, dialect)
            .map(drop)
            .map_err(|e| e.located(line))
    };
    Ok(lines::run_on_stdio(input, &handler, false)?)
}
