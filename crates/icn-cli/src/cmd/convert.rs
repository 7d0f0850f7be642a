//! `icn convert`: ICN → JSON, JSON → ICN, or ICN → ICN in another form or
//! dialect. The input notation is detected (see [`crate::document`]); the
//! output is `--to` (default: JSON for ICN input, ICN for JSON input).
//!
//! `--moves san-like` writes ICN moves in the SAN-like notation
//! (`docs/san-like.md`), replaying the game to do so; a move that cannot be
//! played makes the document invalid. Input moves may be either kind.
//!
//! Refused as usage errors (exit 2): `--to icn-pretty` with `--lines`, since
//! a pretty document spans several lines; `--moves san-like` without an ICN
//! `--to`, since JSON moves are coordinates. A document the target dialect
//! cannot express (a world border in the spec dialect, `threecheck` in the
//! site dialect) is reported and counts as invalid (exit 1).

use std::io::{self, Write as _};

use anyhow::bail;

use crate::cli::{FromDialect, ToDialect};
use crate::cmd::Outcome;
use crate::document::{Format, Located, read_game};
use crate::input::InputArg;
use crate::lines;
use crate::output::{MoveNotation, Target, Writer};

/// Options of `icn convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output notation [default: json for ICN input, icn for JSON input].
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub to: Option<Target>,
    /// Dialect of ICN output.
    #[arg(long, value_enum, default_value_t)]
    pub dialect: ToDialect,
    /// Dialect ICN input must follow (JSON input is detected and ignores it).
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// How ICN output writes moves.
    #[arg(long, value_enum, default_value_t, value_name = "NOTATION")]
    pub moves: MoveNotation,
    /// Treat every line as its own document and write one line per line.
    #[arg(long)]
    pub lines: bool,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

impl Args {
    fn writer(&self, format: Format, pretty_json: bool) -> Writer {
        let default = match format {
            Format::Icn => Target::Json,
            Format::Json => Target::Icn,
        };
        Writer {
            target: self.to.unwrap_or(default),
            dialect: self.dialect.into(),
            moves: self.moves,
            pretty_json,
        }
    }
}

/// Runs `icn convert`.
///
/// # Errors
/// Usage errors and I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    if args.lines
        && let Some(t) = args.to.filter(|t| !t.is_single_line())
    {
        bail!(
            "`--to {}` writes several lines per document, which `--lines` cannot keep apart; \
             use `--to icn` or `--to icn-compact`",
            t.name()
        );
    }
    if args.moves == MoveNotation::SanLike && args.to.is_none_or(|t| t == Target::Json) {
        bail!(
            "`--moves san-like` applies to ICN output (JSON moves are always coordinates): \
             give `--to icn`, `--to icn-compact` or `--to icn-pretty`"
        );
    }
    if args.lines {
        return run_lines(args, args.input.open()?);
    }
    let Some(whole) = crate::document::read_whole_game(&args.input, args.from_dialect.into())?
    else {
        return Ok(Outcome::Invalid);
    };
    let (game, format, origin) = (whole.game, whole.format, whole.origin);
    let writer = args.writer(format, true);
    let mut out = Vec::new();
    if let Err(e) = writer.write(&game, &mut out) {
        eprintln!("error: {e}\n --> {origin}");
        return Ok(Outcome::Invalid);
    }
    out.push(b'\n');
    let mut stdout = io::stdout().lock();
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(Outcome::Valid)
}

fn run_lines(args: &Args, input: crate::input::Input) -> anyhow::Result<Outcome> {
    let dialect = args.from_dialect.into();
    let handler =
        |line: &str, out: &mut Vec<u8>, _: &mut Vec<Located>| -> Result<(), Vec<Located>> {
            let (game, format) = read_game(line, dialect).map_err(|e| e.located(line))?;
            let writer = args.writer(format, false);
            let start = out.len();
            let fail = |message: String| {
                vec![Located {
                    line: 1,
                    column: 1,
                    message,
                }]
            };
            writer.write(&game, out).map_err(fail)?;
            // A comment may hold a line break, which ICN writes as it is.
            if out[start..].iter().any(|&b| b == b'\n' || b == b'\r') {
                return Err(fail(format!(
                    "as {} this document spans several lines (a comment holds a line break), \
                 which `--lines` cannot keep apart",
                    writer.target.name()
                )));
            }
            Ok(())
        };
    Ok(lines::run_on_stdio(input, &handler, true)?)
}
