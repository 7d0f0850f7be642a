//! `icn perft --depth N [--divide] [--slide-limit N] [--leaf] [--no-game-end]
//! FILE|-|--variant NAME [--variants FILE]`: counts the leaves of the legal
//! move tree exactly (no moves below a position whose game the variant's
//! rules have ended, as Fairy-Stockfish counts; `--no-game-end` counts the
//! raw move tree, as the site's perft does), with the time taken and nodes per second on standard
//! error, and a bar advancing per root move while it runs (on a terminal).
//! Refuses (exit 1) when some move set on the way is infinite (no
//! slide limit and no border), naming the fix: `--slide-limit N` or a world
//! border.
//!
//! The position is an ICN (or JSON long form) document, or a variant's start
//! ([`crate::variant_start`]: `--variant NAME` from the site's catalogue or
//! Fairy-Stockfish's built-in variants, `--variants FILE` from a definition
//! file, `--fen FEN` for another start position of a Fairy-Stockfish
//! variant).

use std::io::{self, Write as _};
use std::time::Instant;

use anyhow::bail;
use icn_movegen::{Board, EndedGames, PerftMode};

use crate::cli::FromDialect;
use crate::cmd::{Fix, Outcome, explain};
use crate::document::read_game;
use crate::input::InputArg;
use crate::variant_start::VariantArgs;

/// Options of `icn perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Plies to search.
    #[arg(long)]
    pub depth: u32,
    /// Print each root move with its count.
    #[arg(long)]
    pub divide: bool,
    /// Override the slide limit (the `slideLimit` property).
    #[arg(long, value_name = "N")]
    pub slide_limit: Option<i64>,
    /// Make and unmake every leaf instead of counting the last ply.
    #[arg(long)]
    pub leaf: bool,
    /// Count on below positions whose game has ended by the variant's rules
    /// (royal capture, N-th check, king on the hill, …): the raw move tree.
    #[arg(long)]
    pub no_game_end: bool,
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

fn board(args: &Args) -> anyhow::Result<Result<Board, String>> {
    let (position, mut rules) = match args.variant.is_set() {
        true => match args.variant.load()? {
            Ok(start) => start,
            Err(m) => return Ok(Err(m)),
        },
        false => {
            let input = args.input.open()?;
            let origin = input.origin.clone();
            let text = match input.read_text()? {
                Ok(t) => t,
                Err(m) => return Ok(Err(format!("error[utf8]: {m}"))),
            };
            let game = match read_game(&text, args.from_dialect.into()) {
                Ok((g, _)) => g,
                Err(e) => return Ok(Err(e.render(&origin, &text).trim_end().to_string())),
            };
            match icn_movegen::rules_of(&game) {
                Ok(r) => (game.position, r),
                Err(e) => return Ok(Err(format!("error: {e}"))),
            }
        }
    };
    if let Some(n) = args.slide_limit {
        if n < 0 {
            bail!("--slide-limit must not be negative");
        }
        rules.slide_limit = Some(icn_model::Int::from(n));
    }
    Ok(Board::new(&position, &rules).map_err(|e| format!("error: {}", explain(&e, Fix::Flag))))
}

/// Calls `each` with every root move and its subtree count, a progress
/// bar advancing per root move; returns `false` (and calls nothing) at
/// depth 0 or 1, where the count is immediate and a root move set of
/// millions is counted without listing it.
///
/// # Errors
/// As [`Board::perft`].
fn per_root_move(
    b: &mut Board,
    depth: u32,
    mode: PerftMode,
    ended: EndedGames,
    mut each: impl FnMut(icn_movegen::Move, u64),
) -> Result<bool, icn_movegen::MovegenError> {
    if depth <= 1 || (ended == EndedGames::Stop && b.decided().is_some()) {
        return Ok(false);
    }
    let families = b.families()?;
    let mut count = 0u64;
    for f in &families {
        match f.len() {
            Some(n) => count = count.saturating_add(n),
            // The engine's own refusal names the endless family.
            None => return b.perft_with(depth, mode, ended).map(|_| false),
        }
    }
    let mut bar = crate::progress::Throttled::new(crate::progress::bar(count, "root moves"));
    for f in &families {
        for m in f.moves().into_iter().flatten() {
            b.make(&m);
            let n = b.perft_with(depth - 1, mode, ended);
            b.unmake();
            each(m, n?);
            bar.inc(1, String::new);
        }
    }
    bar.finish();
    Ok(true)
}

/// Runs `icn perft`.
///
/// # Errors
/// I/O failures and a bad `--variant` name.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let mut b = match board(args)? {
        Ok(b) => b,
        Err(m) => {
            // Rendered diagnostics carry their own `error:` label.
            eprintln!("{m}");
            return Ok(Outcome::Invalid);
        }
    };
    let mode = if args.leaf {
        PerftMode::MakeEveryLeaf
    } else {
        PerftMode::Bulk
    };
    let ended = if args.no_game_end {
        EndedGames::CountOn
    } else {
        EndedGames::Stop
    };
    let start = Instant::now();
    let mut out = io::stdout().lock();
    let mut total = 0u64;
    let mut divided = Vec::new();
    let counted = per_root_move(&mut b, args.depth, mode, ended, |m, n| {
        total += n;
        if args.divide {
            divided.push((m, n));
        }
    });
    let counted = match counted {
        Ok(true) => Ok(total),
        Ok(false) if args.divide => b.perft_divide_with(args.depth, mode, ended).map(|list| {
            divided = list;
            divided.iter().map(|(_, n)| n).sum()
        }),
        Ok(false) => b.perft_with(args.depth, mode, ended),
        Err(e) => Err(e),
    };
    let total = match counted {
        Ok(n) => n,
        Err(e) => {
            eprintln!("error: {}", explain(&e, Fix::Flag));
            return Ok(Outcome::Invalid);
        }
    };
    for (m, n) in &divided {
        writeln!(out, "{m} {n}")?;
    }
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    eprintln!(
        "depth {}: {total} nodes in {secs:.3} s ({:.1} Mnodes/s)",
        args.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(Outcome::Valid)
}
