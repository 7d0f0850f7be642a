//! `icn replay [--at N] [--json] FILE|-`: plays a game's moves with exact
//! legality, prints the position after the last move (or after N half-moves)
//! as ICN, then the result and the termination. `--json` prints one object
//! `{"position", "result", "termination", "plies"}`. The first illegal move
//! is reported as `move 14, 3,4>3,9: a knight on 3,4 cannot reach 3,9`
//! (exit 1).

use std::io::{self, Write as _};

use icn_model::{Dialect, IcnForm, IcnStyle};

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::read_whole_game;
use crate::input::InputArg;

/// Options of `icn replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Stop after this many half-moves.
    #[arg(long, value_name = "N")]
    pub at: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Dialect ICN input must follow.
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// Runs `icn replay`.
///
/// # Errors
/// I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let Some(whole) = read_whole_game(&args.input, args.from_dialect.into())? else {
        return Ok(Outcome::Invalid);
    };
    let (game, origin) = (&whole.game, &whole.origin);
    let replay = match icn_movegen::replay(game, args.at) {
        Ok(r) => r,
        Err(e) => {
            let at_move = match &e {
                icn_movegen::ReplayError::Move { ply, .. } => {
                    whole.render_at_move(*ply, &e.to_string())
                }
                _ => None,
            };
            match at_move {
                Some(rendered) => eprintln!("{rendered}"),
                None => eprintln!("{origin}: {e}"),
            }
            return Ok(Outcome::Invalid);
        }
    };
    // The site dialect where it can say the position, else what both
    // dialects together say (a three-check game with a border, for one).
    let style = IcnStyle {
        form: IcnForm::Full,
        dialect: Dialect::Auto,
    };
    let position = replay.as_game(game).to_icn(style)?;
    let (result, termination) = match replay.end {
        Some(end) => (end.result(), end.termination.word()),
        None => ("*".to_string(), "none"),
    };
    let mut out = io::stdout().lock();
    if args.json {
        let obj = serde_json::json!({
            "position": position,
            "result": result,
            "termination": termination,
            "plies": replay.plies,
        });
        writeln!(out, "{obj}")?;
    } else {
        writeln!(out, "{position}")?;
        writeln!(out, "result: {result}")?;
        writeln!(out, "termination: {termination}")?;
    }
    Ok(Outcome::Valid)
}
