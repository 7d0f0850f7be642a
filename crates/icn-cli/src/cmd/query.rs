//! `icn query EXPR [FILE…]` (or `--file QUERY`): the query language of
//! `docs/query.md` over game collections — PGN, ICN (one game per line or
//! documents separated by blank lines, both dialects) and the JSON long
//! form, read one game at a time. Every game's moves are replayed and the
//! query evaluated at every position (`--final`: the last one only).
//!
//! Output: the matching games as they were written (PGN; ICN on one line or
//! pretty; JSON on one line, pretty, or as a JSON array of the matching games
//! when the input was an array), each matching position marked by a comment
//! `query` on the move that reached it (on the game for the start position); `--count`: the two lines `games N` and
//! `positions N`; `--positions`: every matching position, as FEN when it
//! fits, as ICN otherwise. A summary goes to standard error (games read and
//! matched, positions evaluated, time), with a progress line on a terminal.
//! Games are searched in parallel batches, printed in input order. A bad
//! query is shown with a caret (exit 1); a game that cannot be read or
//! replayed is reported and skipped (exit 1 at the end).

use std::io::{self, BufRead, Write as _};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use icn_model::{Game, IcnForm, IcnStyle};
use icn_movegen::Board;
use icn_query::Query;
use icn_query::collection::{
    Item, Notation, Written, detect, icn_games, json_array_games, pgn_games,
};
use icn_query::games::{GameError, Scope, search_with};
use rayon::prelude::*;

use crate::cli::FromDialect;
use crate::cmd::Outcome;

/// Options of `icn query`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The query (omit it with `--file`).
    #[arg(value_name = "EXPR", required_unless_present = "file")]
    pub expr: Option<String>,
    /// Read the query from this file.
    #[arg(long, value_name = "QUERY")]
    pub file: Option<PathBuf>,
    /// The collections; none or `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Only the position after the last move.
    #[arg(long = "final")]
    pub final_only: bool,
    /// Print only `games N` and `positions N` (matched).
    #[arg(long, conflicts_with = "positions")]
    pub count: bool,
    /// Print each matching position (FEN when it fits, ICN otherwise).
    #[arg(long)]
    pub positions: bool,
    /// Dialect ICN input must follow.
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
}

/// Games searched in parallel at once.
const BATCH: usize = 256;

/// What the run saw.
#[derive(Default)]
struct Totals {
    games: u64,
    matched_games: u64,
    matched_positions: u64,
    evaluated: u64,
    failed: u64,
}

/// One game's result, ready to print.
struct Done {
    text: Vec<u8>,
    error: Option<String>,
    positions: usize,
    evaluated: usize,
}

/// `query` marked on the moves that reach matching positions.
fn marked(game: &Game, plies: &[usize]) -> Game {
    let mut g = game.clone();
    for &p in plies {
        match p {
            0 => g.leading_comments.push("query".into()),
            p => g.moves[p - 1].comments.push("query".into()),
        }
    }
    g
}

/// The position on `board` as FEN, or as ICN when FEN cannot hold it.
fn position_text(board: &Board, game: &Game) -> String {
    let limit = game.position.move_rule.as_ref().map(|m| m.limit.clone());
    let position = board.to_position(limit.as_ref());
    if let Ok(fen) = icn_adapters::fen_icn::position_to_fen(&position) {
        return fen.write(icn_adapters::fen::CastlingStyle::XFen);
    }
    let g = Game {
        position,
        rules: game.rules.clone(),
        ..Game::default()
    };
    let style = IcnStyle {
        form: IcnForm::Full,
        dialect: icn_model::Dialect::Auto,
    };
    g.to_icn(style)
        .or_else(|_| {
            g.to_icn(IcnStyle {
                form: IcnForm::Full,
                dialect: icn_model::Dialect::Spec,
            })
        })
        .unwrap_or_else(|e| format!("<position not writable: {e}>"))
}

/// The game as it was written: PGN; ICN on one line (full form) or over
/// several (pretty form, then a blank line); JSON on one line or pretty (then
/// a blank line), so that the output reads back as a collection.
fn write_game(game: &Game, written: Written) -> Result<String, String> {
    match written {
        Written::Pgn => icn_adapters::pgn_export::export_game(game),
        Written::Icn { pretty } => {
            let form = if pretty {
                IcnForm::Pretty
            } else {
                IcnForm::Full
            };
            let style = |dialect| IcnStyle { form, dialect };
            game.to_icn(style(icn_model::Dialect::Auto))
                .or_else(|_| game.to_icn(style(icn_model::Dialect::Spec)))
                .map(|t| t + if pretty { "\n\n" } else { "\n" })
                .map_err(|e| e.to_string())
        }
        Written::Json { pretty: false } => Ok(icn_model::json::to_json_string(game) + "\n"),
        Written::Json { pretty: true } => Ok(icn_model::json::to_json_string_pretty(game) + "\n\n"),
    }
}

/// Prints the games of a JSON array as a JSON array: `[`, the games one a
/// line set apart by commas, `]` (`[]` when none matches).
#[derive(Default)]
struct ArrayOut {
    open: bool,
}

impl ArrayOut {
    fn game(&mut self, out: &mut impl io::Write, text: &[u8]) -> io::Result<()> {
        out.write_all(if self.open { b",\n" } else { b"[\n" })?;
        self.open = true;
        out.write_all(text.strip_suffix(b"\n").unwrap_or(text))
    }

    fn close(self, out: &mut impl io::Write) -> io::Result<()> {
        out.write_all(if self.open { b"\n]\n" } else { b"[]\n" })
    }
}

fn run_one(args: &Args, query: &Query, query_text: &str, origin: &str, item: Item) -> Done {
    let scope = if args.final_only {
        Scope::Final
    } else {
        Scope::Every
    };
    let mut done = Done {
        text: Vec::new(),
        error: None,
        positions: 0,
        evaluated: 0,
    };
    let place = format!("{origin}: game {} (line {})", item.number, item.line);
    let game = match item.game {
        Ok(g) => g,
        Err(e) => {
            done.error = Some(format!("{place}: {e}"));
            return done;
        }
    };
    let mut positions = Vec::new();
    let result = search_with(query, &game, scope, |_, board| {
        if args.positions {
            positions.push(position_text(board, &game));
        }
    });
    match result {
        Ok(found) => {
            done.evaluated = found.evaluated;
            done.positions = found.plies.len();
            if found.plies.is_empty() || args.count {
                return done;
            }
            if args.positions {
                for p in positions {
                    done.text.extend_from_slice(p.as_bytes());
                    done.text.push(b'\n');
                }
            } else {
                match write_game(&marked(&game, &found.plies), item.written) {
                    Ok(t) => done.text.extend_from_slice(t.as_bytes()),
                    Err(e) => done.error = Some(format!("{place}: cannot write the game: {e}")),
                }
            }
        }
        Err(GameError::Query { ply, error }) => {
            done.error = Some(format!(
                "{place}, at ply {ply}:\n{}",
                error.render("<query>", query_text)
            ));
        }
        Err(e) => done.error = Some(format!("{place}: {e}")),
    }
    done
}

/// Runs `icn query`.
///
/// # Errors
/// Reading or writing failed.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let (text, mut inputs) = match &args.file {
        Some(f) => {
            let text = std::fs::read_to_string(f)
                .with_context(|| format!("cannot read the query file `{}`", f.display()))?;
            let mut inputs = args.inputs.clone();
            // With `--file`, a first positional argument is an input, not the query.
            if let Some(e) = &args.expr {
                inputs.insert(0, PathBuf::from(e));
            }
            (text, inputs)
        }
        None => (args.expr.clone().unwrap_or_default(), args.inputs.clone()),
    };
    let origin_q = args
        .file
        .as_ref()
        .map_or_else(|| "<query>".to_string(), |f| f.display().to_string());
    let query = match Query::parse(&text) {
        Ok(q) => q,
        Err(e) => {
            eprintln!("{}", e.render(&origin_q, &text));
            return Ok(Outcome::Invalid);
        }
    };
    if inputs.is_empty() {
        inputs.push(PathBuf::from("-"));
    }
    let start = Instant::now();
    let progress = crate::progress::spinner("games");
    let mut totals = Totals::default();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for path in &inputs {
        let input = crate::input::Input::open(Some(path))?;
        let origin = input.origin.clone();
        let mut reader = input.into_reader();
        let head = String::from_utf8_lossy(reader.fill_buf()?).into_owned();
        let notation = detect(&head);
        let dialect = args.from_dialect.into();
        let games: Box<dyn Iterator<Item = Item>> = match notation {
            Notation::Pgn => Box::new(pgn_games(reader)),
            Notation::Icn => Box::new(icn_games(reader, dialect)),
            Notation::JsonArray => Box::new(json_array_games(reader)),
        };
        // A JSON array in, a JSON array out (of the matching games).
        let mut array = (notation == Notation::JsonArray && !args.count && !args.positions)
            .then(ArrayOut::default);
        let mut games = games.peekable();
        while games.peek().is_some() {
            let batch: Vec<Item> = games.by_ref().take(BATCH).collect();
            let results: Vec<Done> = batch
                .into_par_iter()
                .map(|item| run_one(args, &query, &text, &origin, item))
                .collect();
            for d in results {
                totals.games += 1;
                totals.evaluated += d.evaluated as u64;
                totals.matched_positions += d.positions as u64;
                if d.positions > 0 {
                    totals.matched_games += 1;
                }
                if let Some(e) = &d.error {
                    totals.failed += 1;
                    progress.suspend(|| eprintln!("error: {e}"));
                }
                match &mut array {
                    Some(a) if !d.text.is_empty() => a.game(&mut out, &d.text)?,
                    _ => out.write_all(&d.text)?,
                }
            }
            if start.elapsed().as_secs() >= 1 {
                progress.set_message(format!(
                    "{} games, {} positions",
                    totals.games, totals.evaluated
                ));
                progress.tick();
            }
        }
        if let Some(a) = array {
            a.close(&mut out)?;
        }
    }
    progress.finish_and_clear();
    if args.count {
        writeln!(out, "games {}", totals.matched_games)?;
        writeln!(out, "positions {}", totals.matched_positions)?;
    }
    out.flush()?;
    eprintln!(
        "games read {}, games matched {}, positions evaluated {}, positions matched {}{}, {:.2} s",
        totals.games,
        totals.matched_games,
        totals.evaluated,
        totals.matched_positions,
        if totals.failed > 0 {
            format!(", games failed {}", totals.failed)
        } else {
            String::new()
        },
        start.elapsed().as_secs_f64()
    );
    Ok(Outcome::from_ok(totals.failed == 0))
}
