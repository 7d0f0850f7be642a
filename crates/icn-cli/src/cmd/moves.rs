//! `icn moves [--json] FILE|-|--variant NAME [--variants FILE] [--fen FEN]`
//! (the start of a variant: [`crate::variant_start`]): the legal moves of a position (or of the
//! final position of a game), as the engine describes them: each move, and
//! each run of quiet moves along a line as one ray `from + k·step` with its
//! range of `k` — so a rook on an unbounded board, whose moves never end, is
//! still answered (issue 11 §2). The last line counts the moves, or says
//! they are infinite.

use std::io::{self, Write as _};

use icn_movegen::MoveFamily;

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::read_whole_game;
use crate::input::InputArg;
use crate::variant_start::VariantArgs;

/// Options of `icn moves`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// One JSON object per line: `{"move": "5,1>5,2"}` or `{"from", "step",
    /// "first", "last", "primesOnly"}` (`last` null when the ray never ends).
    #[arg(long)]
    pub json: bool,
    /// The variant to start from instead of a document.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Dialect ICN input must follow.
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// A ray in words: `1,1>1,2.. step (0,1), k from 1 to 7 (7 moves)`.
fn ray_text(f: &MoveFamily) -> String {
    let MoveFamily::Ray {
        from,
        step,
        first,
        last,
        primes_only,
    } = *f
    else {
        return f.from().to_string();
    };
    let start = from.step(step.0, step.1, first);
    let primes = if primes_only { " (prime k only)" } else { "" };
    match (last, f.len()) {
        (Some(l), Some(n)) => format!(
            "{from}>{start}.. step ({},{}), k from {first} to {l}{primes} ({n} moves)",
            step.0, step.1
        ),
        _ => format!(
            "{from}>{start}.. step ({},{}), k from {first} without end{primes}",
            step.0, step.1
        ),
    }
}

/// Runs `icn moves`.
///
/// # Errors
/// I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let (mut board, origin) = if args.variant.is_set() {
        let (position, rules) = match args.variant.load()? {
            Ok(start) => start,
            Err(m) => {
                eprintln!("{m}");
                return Ok(Outcome::Invalid);
            }
        };
        match icn_movegen::Board::new(&position, &rules) {
            Ok(b) => (b, "the variant's start".to_string()),
            Err(e) => {
                eprintln!("error: {e}");
                return Ok(Outcome::Invalid);
            }
        }
    } else {
        let Some(whole) = read_whole_game(&args.input, args.from_dialect.into())? else {
            return Ok(Outcome::Invalid);
        };
        match icn_movegen::replay(&whole.game, None) {
            Ok(r) => (r.board, whole.origin),
            Err(e) => {
                eprintln!("{}: {e}", whole.origin);
                return Ok(Outcome::Invalid);
            }
        }
    };
    let families = match board.families() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{origin}: {e}");
            return Ok(Outcome::Invalid);
        }
    };
    let mut out = io::stdout().lock();
    let mut total = Some(0u64);
    for f in &families {
        total = total.zip(f.len()).map(|(t, n)| t.saturating_add(n));
        if args.json {
            let obj = match *f {
                MoveFamily::Single(m) => serde_json::json!({ "move": m.to_string() }),
                MoveFamily::Ray {
                    from,
                    step,
                    first,
                    last,
                    primes_only,
                } => serde_json::json!({
                    "from": from.to_string(),
                    "step": [step.0, step.1],
                    "first": first,
                    "last": last,
                    "primesOnly": primes_only,
                }),
            };
            writeln!(out, "{obj}")?;
        } else {
            match f {
                MoveFamily::Single(m) => writeln!(out, "{m}")?,
                MoveFamily::Ray { .. } => writeln!(out, "{}", ray_text(f))?,
            }
        }
    }
    match total {
        Some(n) => eprintln!("{n} legal moves"),
        None => eprintln!("infinitely many legal moves (no world border or slide limit)"),
    }
    Ok(Outcome::Valid)
}
