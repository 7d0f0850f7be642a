//! `icn convert` over streams of games, one game in memory at a time: PGN
//! input to any target ([`pgn`]), and ICN or JSON games to PGN
//! ([`icn_to_pgn`]).
//!
//! Each game is written as soon as it is read: one line per game for the
//! one-line targets (`icn`, `icn-compact`, `json` as JSON Lines, `fen`), a
//! blank line between games for `icn-pretty`, PGN games as PGN separates
//! them. A refused game and every warning go to standard error as
//! `FILE:LINE:COL: error[kind]: game N: message` (see [`crate::report`]); a
//! summary line ends the run. Exit 1 when a game was refused or the input
//! holds no game.

use std::io::{self, BufWriter, Write as _};

use icn_adapters::pgn::{PgnProblem, PgnReader, import_game};
use icn_adapters::pgn_stream::IcnDocs;
use icn_model::Game;

use crate::cmd::Outcome;
use crate::cmd::convert::Args;
use crate::document::read_game_as;
use crate::input::Input;
use crate::output::{Target, Writer};
use crate::report::{Tally, problem};
use crate::source::Source;

/// Writes one game of a stream, with what separates it from the next.
fn write_game(
    writer: &Writer,
    game: &Game,
    out: &mut impl io::Write,
    buf: &mut Vec<u8>,
) -> Result<io::Result<()>, String> {
    buf.clear();
    writer.write(game, buf)?;
    buf.push(b'\n');
    if matches!(writer.target, Target::IcnPretty | Target::Pgn) {
        buf.push(b'\n');
    }
    Ok(out.write_all(buf))
}

fn report(err: &mut impl io::Write, origin: &str, p: &PgnProblem) -> io::Result<()> {
    let label = if p.kind.is_warning() {
        "warning"
    } else {
        "error"
    };
    let message = format!("{label}[{}]: game {}: {}", p.kind.name(), p.game, p.message);
    writeln!(
        err,
        "{}",
        problem(origin, p.line as u64, p.column, "", &message)
    )
}

/// Converts every game of a PGN input.
///
/// # Errors
/// Reading or writing failed.
pub fn pgn(args: &Args, input: Input) -> anyhow::Result<Outcome> {
    let origin = input.origin.clone();
    let writer = args.writer(Source::Pgn, false);
    let mut tally = Tally::new("game");
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = BufWriter::new(io::stderr().lock());
    let mut buf = Vec::new();
    for g in PgnReader::new(input.into_reader()) {
        tally.read += 1;
        let read = g.and_then(|g| {
            let number = (g.number, g.line);
            import_game(&g).map(|r| (r, number))
        });
        let ((game, warnings), (number, line)) = match read {
            Ok(r) => r,
            Err(p) => {
                tally.failed += 1;
                report(&mut err, &origin, &p)?;
                continue;
            }
        };
        for w in &warnings {
            report(&mut err, &origin, w)?;
        }
        match write_game(&writer, &game, &mut out, &mut buf) {
            Ok(written) => {
                written?;
                if warnings.is_empty() {
                    tally.ok += 1;
                } else {
                    tally.warned += 1;
                }
            }
            Err(m) => {
                tally.failed += 1;
                let m = format!("game {number}: {m}");
                writeln!(err, "{}", problem(&origin, line as u64, 1, "write", &m))?;
            }
        }
    }
    out.flush()?;
    if tally.read == 0 {
        writeln!(
            err,
            "error[no-game]: {origin}: no game found (the input holds no tags and no moves, \
             only blank, comment or `%` escape lines)"
        )?;
        tally.failed = 1;
    }
    err.flush()?;
    drop(err);
    Ok(tally.finish(&origin))
}

/// Converts the ICN (or JSON) games of an input to PGN.
///
/// # Errors
/// Reading or writing failed.
pub fn icn_to_pgn(args: &Args, input: Input, source: Source) -> anyhow::Result<Outcome> {
    let origin = input.origin.clone();
    let dialect = args.from_dialect.into();
    let writer = args.writer(source, false);
    let mut tally = Tally::new("game");
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = BufWriter::new(io::stderr().lock());
    let mut buf = Vec::new();
    for doc in IcnDocs::new(input.into_reader()) {
        let doc = match doc {
            Ok(d) => d,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                tally.failed += 1;
                writeln!(err, "error[utf8]: {origin}: {e}")?;
                break;
            }
            Err(e) => return Err(e.into()),
        };
        tally.read += 1;
        let format = crate::document::detect(&doc.text);
        let game = match read_game_as(&doc.text, dialect, format) {
            Ok((g, _, _)) => g,
            Err(e) => {
                tally.failed += 1;
                for p in e.located(&doc.text) {
                    let line = (doc.line + p.line - 1) as u64;
                    writeln!(
                        err,
                        "{}",
                        problem(&origin, line, p.column, p.kind, &p.message)
                    )?;
                }
                continue;
            }
        };
        match write_game(&writer, &game, &mut out, &mut buf) {
            Ok(written) => {
                written?;
                tally.ok += 1;
            }
            Err(m) => {
                tally.failed += 1;
                writeln!(err, "{}", problem(&origin, doc.line as u64, 1, "write", &m))?;
            }
        }
    }
    out.flush()?;
    err.flush()?;
    drop(err);
    Ok(tally.finish(&origin))
}
