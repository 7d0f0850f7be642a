//! `icn info [--json] FILE|-`: position queries for a position, or for the
//! final position of a game (its moves replayed with exact legality): side to
//! move, check, mate, stalemate, halfmove clock, move number, ply, material
//! power per player, promoted pieces, pawn structure, the pieces giving check,
//! and the zobrist key (Polyglot's for orthodox 8×8 positions). `--json`
//! keys are camelCase, as in the JSON long form (`sideToMove`,
//! `halfmoveClock`, `moveNumber`). A position whose move sets are infinite
//! (no slide limit, no world border) is refused, naming the fix. A position
//! of more than [`SPINNER_PIECES`] pieces shows a spinner naming the step
//! under way (on a terminal).

use std::io::{self, Write as _};

use icn_model::Player;
use icn_movegen::Sq;

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::read_whole_game;
use crate::input::InputArg;

/// Positions with more pieces than this show a spinner while queried.
pub const SPINNER_PIECES: usize = 10_000;

/// Options of `icn info`.
#[derive(Debug, clap::Args)]
pub struct Args {
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

fn squares(v: &[Sq]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

/// Runs `icn info`.
///
/// # Errors
/// I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let Some(whole) = read_whole_game(&args.input, args.from_dialect.into())? else {
        return Ok(Outcome::Invalid);
    };
    let (game, origin) = (&whole.game, &whole.origin);
    let spinner = (game.position.pieces.len() > SPINNER_PIECES)
        .then(|| crate::progress::spinner("setting up the position"));
    let step = |what: &str| {
        if let Some(s) = &spinner {
            s.set_message(what.to_string());
        }
    };
    let clear = || {
        if let Some(s) = &spinner {
            s.finish_and_clear();
        }
    };
    let mut b = match icn_movegen::replay(game, None) {
        Ok(r) => r.board,
        Err(e) => {
            clear();
            eprintln!("{origin}: {e}");
            return Ok(Outcome::Invalid);
        }
    };
    let side = b.side_to_move();
    step("check, mate and stalemate");
    let (check, mate, stalemate) = match (b.is_checkmate(), b.is_stalemate()) {
        (Ok(m), Ok(s)) => (b.in_check(), m, s),
        (Err(e), _) | (_, Err(e)) => {
            clear();
            eprintln!(
                "{origin}: {}",
                crate::cmd::explain(&e, crate::cmd::Fix::Property)
            );
            return Ok(Outcome::Invalid);
        }
    };
    step("material and checkers");
    let players: Vec<Player> = game.position.players();
    let power: Vec<(String, u64)> = players
        .iter()
        .map(|&p| (p.name().to_string(), b.power_of(&b.squares_of(p))))
        .collect();
    let opponents: Vec<Sq> = players
        .iter()
        .filter(|&&p| p != side)
        .flat_map(|&p| b.squares_of(p))
        .collect();
    let royals: Vec<Sq> = b
        .squares_of(side)
        .into_iter()
        .filter(|&s| {
            b.piece_at(s)
                .is_some_and(|p| icn_rules::movement::royal_by_default(p.kind))
        })
        .collect();
    let checkers = b.attacks(&opponents, &royals);
    step("pawn structure");
    let pawns = b.pawn_structure();
    let promoted = b.promoted_pieces();
    clear();
    let mut out = io::stdout().lock();
    if args.json {
        let obj = serde_json::json!({
            "sideToMove": side.name(),
            "check": check,
            "mate": mate,
            "stalemate": stalemate,
            "halfmoveClock": b.halfmove_clock(),
            "moveNumber": b.fullmove_number(),
            "ply": b.ply(),
            "power": power.iter().map(|(p, v)| (p.clone(), serde_json::json!(v))).collect::<serde_json::Map<_, _>>(),
            "checkers": squares(&checkers),
            "promoted": squares(&promoted),
            "pawns": {
                "connected": squares(&pawns.connected),
                "doubled": squares(&pawns.doubled),
                "isolated": squares(&pawns.isolated),
                "passed": squares(&pawns.passed),
            },
            "zobrist": b.zobrist_hex(),
        });
        writeln!(out, "{obj}")?;
    } else {
        writeln!(out, "side to move: {side}")?;
        writeln!(out, "check: {check}")?;
        writeln!(out, "mate: {mate}")?;
        writeln!(out, "stalemate: {stalemate}")?;
        writeln!(out, "halfmove clock: {}", b.halfmove_clock())?;
        writeln!(out, "move number: {}", b.fullmove_number())?;
        writeln!(out, "ply: {}", b.ply())?;
        for (p, v) in &power {
            writeln!(out, "power {p}: {v}")?;
        }
        writeln!(out, "checkers: {}", squares(&checkers).join(" "))?;
        writeln!(out, "promoted: {}", squares(&promoted).join(" "))?;
        writeln!(
            out,
            "connected pawns: {}",
            squares(&pawns.connected).join(" ")
        )?;
        writeln!(out, "doubled pawns: {}", squares(&pawns.doubled).join(" "))?;
        writeln!(
            out,
            "isolated pawns: {}",
            squares(&pawns.isolated).join(" ")
        )?;
        writeln!(out, "passed pawns: {}", squares(&pawns.passed).join(" "))?;
        writeln!(out, "zobrist: {}", b.zobrist_hex())?;
    }
    Ok(Outcome::Valid)
}
