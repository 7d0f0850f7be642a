//! `icn convert`: one command for every conversion. `--from icn|json|fen|pgn`
//! (detected from the text when omitted, see [`crate::source`]) and `--to
//! json|icn|icn-compact|icn-pretty|fen|pgn` (default: JSON for ICN input,
//! ICN for the others).
//!
//! * ICN, JSON and FEN input is one document (or one per line with
//!   `--lines`); PGN input is any number of games, each converted as it is
//!   read, and so is ICN input with `--to pgn` (games one per line, or over
//!   several lines: see `icn_adapters::pgn_stream`). A stream reports each
//!   refused game as `FILE:LINE:COL: error[kind]: …` and ends with a
//!   summary; memory holds one game.
//! * `--moves san-like` writes ICN moves in the SAN-like notation
//!   (`docs/san-like.md`), replaying the game to do so.
//! * FEN output is the game's start position; `--shredder` writes castling
//!   rights as rook files.
//!
//! Refused as usage errors (exit 2): `--lines` with a target that spans
//! several lines (`icn-pretty`, `pgn`) or with PGN input; `--moves san-like`
//! without an ICN `--to`; `--shredder` without `--to fen`. A document the
//! target cannot express (a world border in the spec dialect, an unbounded
//! game as PGN) is reported and counts as invalid (exit 1).

use std::io::{self, Write as _};

use anyhow::bail;
use icn_adapters::fen::{CastlingStyle, Fen};
use icn_adapters::fen_icn::fen_to_game;
use icn_model::Game;

use crate::cli::{FromDialect, ToDialect};
use crate::cmd::Outcome;
use crate::document::{Located, read_game};
use crate::input::InputArg;
use crate::lines;
use crate::output::{MoveNotation, Target, Writer};
use crate::source::{Source, detect_source};

/// Options of `icn convert`.
#[derive(Debug, Default, clap::Args)]
pub struct Args {
    /// Input notation [default: detected from the text].
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub from: Option<Source>,
    /// Output notation [default: json for ICN input, icn for the others].
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub to: Option<Target>,
    /// Dialect ICN input must follow (other input ignores it).
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// Dialect of ICN output (`--dialect` is an older name of it).
    #[arg(long, value_enum, default_value_t, alias = "dialect")]
    pub to_dialect: ToDialect,
    /// How ICN output writes moves.
    #[arg(long, value_enum, default_value_t, value_name = "NOTATION")]
    pub moves: MoveNotation,
    /// FEN output: castling rights as rook files (`HAha`).
    #[arg(long)]
    pub shredder: bool,
    /// Treat every line as its own document and write one line per line.
    #[arg(long)]
    pub lines: bool,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

impl Args {
    /// The writer for a document of `source`.
    pub fn writer(&self, source: Source, pretty_json: bool) -> Writer {
        let default = match source {
            Source::Icn => Target::Json,
            Source::Json | Source::Fen | Source::Pgn => Target::Icn,
        };
        Writer {
            target: self.to.unwrap_or(default),
            dialect: self.to_dialect.into(),
            moves: self.moves,
            pretty_json,
            castling: if self.shredder {
                CastlingStyle::Shredder
            } else {
                CastlingStyle::XFen
            },
        }
    }

    fn usage(&self) -> anyhow::Result<()> {
        if self.lines
            && let Some(t) = self.to.filter(|t| !t.is_single_line())
        {
            bail!(
                "`--to {}` writes several lines per document, which `--lines` cannot keep apart; \
                 use `--to icn`, `--to icn-compact`, `--to json` or `--to fen`",
                t.name()
            );
        }
        if self.lines && self.from == Some(Source::Pgn) {
            bail!(
                "a PGN game spans several lines, which `--lines` cannot keep apart; leave out `--lines`"
            );
        }
        if self.moves == MoveNotation::SanLike && !self.to.is_some_and(Target::is_icn) {
            bail!(
                "`--moves san-like` applies to ICN output (JSON moves are always coordinates): \
                 give `--to icn`, `--to icn-compact` or `--to icn-pretty`"
            );
        }
        if self.shredder && self.to != Some(Target::Fen) {
            bail!("`--shredder` applies to FEN output: give `--to fen`");
        }
        Ok(())
    }
}

/// Runs `icn convert`.
///
/// # Errors
/// Usage errors and I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    args.usage()?;
    let mut input = args.input.open()?;
    if args.lines {
        return run_lines(args, input);
    }
    let source = match args.from {
        Some(s) => s,
        None => detect_source(&String::from_utf8_lossy(input.peek()?)),
    };
    if source == Source::Pgn {
        return crate::cmd::convert_stream::pgn(args, input);
    }
    if args.to == Some(Target::Pgn) && source != Source::Fen {
        return crate::cmd::convert_stream::icn_to_pgn(args, input, source);
    }
    let (game, origin) = if source == Source::Fen {
        let origin = input.origin.clone();
        let text = match input.read_text()? {
            Ok(t) => t,
            Err(m) => {
                eprintln!("error[utf8]: {m}");
                return Ok(Outcome::Invalid);
            }
        };
        match fen_game(text.trim()) {
            Ok(g) => (g, origin),
            Err(m) => {
                eprintln!("error[fen]: {m}\n --> {origin}");
                return Ok(Outcome::Invalid);
            }
        }
    } else {
        let Some(whole) = crate::document::read_whole(input, args.from_dialect.into(), source)?
        else {
            return Ok(Outcome::Invalid);
        };
        (whole.game, whole.origin)
    };
    let writer = args.writer(source, true);
    let mut out = Vec::new();
    if let Err(e) = writer.write(&game, &mut out) {
        eprintln!("error[write]: {e}\n --> {origin}");
        return Ok(Outcome::Invalid);
    }
    out.push(b'\n');
    let mut stdout = io::stdout().lock();
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(Outcome::Valid)
}

/// The game of a FEN (8×8 chess rules).
fn fen_game(text: &str) -> Result<Game, String> {
    let fen = Fen::parse(text).map_err(|e| e.to_string())?;
    fen_to_game(&fen).map_err(|e| e.to_string())
}

fn run_lines(args: &Args, input: crate::input::Input) -> anyhow::Result<Outcome> {
    let dialect = args.from_dialect.into();
    let handler =
        |line: &str, out: &mut Vec<u8>, _: &mut Vec<Located>| -> Result<(), Vec<Located>> {
            let source = args.from.unwrap_or_else(|| detect_source(line));
            let game = match source {
                Source::Fen => fen_game(line.trim()).map_err(|m| vec![Located::whole("fen", m)])?,
                _ => read_game(line, dialect).map_err(|e| e.located(line))?.0,
            };
            let writer = args.writer(source, false);
            let start = out.len();
            writer
                .write(&game, out)
                .map_err(|m| vec![Located::whole("write", m)])?;
            // A comment may hold a line break, which ICN writes as it is
            // (JSON escapes it, so its output is not searched).
            let written = &out[start..];
            let json = writer.target == Target::Json;
            if !json && (written.contains(&b'\n') || written.contains(&b'\r')) {
                return Err(vec![Located::whole(
                    "write",
                    format!(
                        "as {} this document spans several lines (a comment holds a line break), \
                         which `--lines` cannot keep apart",
                        writer.target.name()
                    ),
                )]);
            }
            Ok(())
        };
    Ok(lines::run_on_stdio(input, &handler, true)?)
}
