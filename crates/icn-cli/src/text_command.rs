//! Commands that turn one text into another (`fen2icn`, `icn2fen`, `san`):
//! with `--lines` every input line is converted on its own (a failing line
//! prints its error on standard error, naming the line, and leaves its output
//! line empty); otherwise the whole input, without its final line break, is
//! one text.

use std::io;

use crate::cmd::Outcome;
use crate::input::Input;

/// Runs `convert` over `input` as the module docs say.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run(
    input: Input,
    lines: bool,
    convert: impl Fn(&str) -> Result<String, String>,
) -> anyhow::Result<Outcome> {
    if lines {
        let failed = icn_adapters::lines::run_lines(
            input.into_reader(),
            io::stdout().lock(),
            io::stderr().lock(),
            convert,
        )?;
        return Ok(Outcome::from_ok(failed == 0));
    }
    let text = match input.read_text()? {
        Ok(t) => t,
        Err(m) => {
            eprintln!("error: {m}");
            return Ok(Outcome::Invalid);
        }
    };
    match convert(text.trim_end_matches(['\n', '\r'])) {
        Ok(out) => {
            println!("{out}");
            Ok(Outcome::Valid)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(Outcome::Invalid)
        }
    }
}
