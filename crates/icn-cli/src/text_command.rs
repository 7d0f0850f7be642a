//! Commands that turn one text into another (`san`): with `--lines` every
//! input line is converted on its own, as every `--lines` command does
//! ([`crate::lines`]: a failing line prints `FILE:LINE:COL: error[kind]: …`
//! and leaves its output line empty, a summary ends the run); otherwise the
//! whole input, without its final line break, is one text.

use crate::cmd::Outcome;
use crate::document::Located;
use crate::input::Input;

/// Runs `convert` over `input` as the module docs say.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run(
    input: Input,
    lines: bool,
    kind: &'static str,
    convert: impl Fn(&str) -> Result<String, String> + Sync,
) -> anyhow::Result<Outcome> {
    if lines {
        let handler = |line: &str, out: &mut Vec<u8>, _: &mut Vec<Located>| {
            let answer = convert(line).map_err(|m| vec![Located::whole(kind, m)])?;
            out.extend_from_slice(answer.as_bytes());
            Ok(())
        };
        return Ok(crate::lines::run_on_stdio(input, &handler, true)?);
    }
    let text = match input.read_text()? {
        Ok(t) => t,
        Err(m) => {
            eprintln!("error[utf8]: {m}");
            return Ok(Outcome::Invalid);
        }
    };
    match convert(text.trim_end_matches(['\n', '\r'])) {
        Ok(out) => {
            println!("{out}");
            Ok(Outcome::Valid)
        }
        Err(e) => {
            eprintln!("error[{kind}]: {e}");
            Ok(Outcome::Invalid)
        }
    }
}
