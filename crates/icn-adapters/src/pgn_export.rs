//! PGN export ([`export_game`]) and the streaming file conversions both ways
//! ([`pgn_to_icn`], [`icn_to_pgn`]).
//!
//! Export accepts ICN games that fit 8×8: a start position FEN can hold
//! ([`crate::fen_icn::game_to_fen`]), no world border or the `1,8,1,8` one,
//! checkmate as the only win condition. Tags: the seven-tag roster first
//! (`?` and `*` when missing), then the other metadata in order, then
//! `SetUp "1"` and `FEN` when the start is not the standard one. Moves are
//! written in SAN with move numbers, the move's glyph, and its clock and
//! comments as one `{…}` comment; lines are wrapped before 80 columns; the
//! `Result` tag ends the movetext. An illegal move is refused with its
//! number.

use std::io::{self, BufRead, Write};

use icn_model::{Dialect, Game, IcnStyle, Int, Player, WinCondition};
use icn_movegen::Board;

use crate::fen::{CastlingStyle, STARTING_FEN};
use crate::fen_icn::game_to_fen;
use crate::pgn::{PgnReader, import_game};
use crate::san::move_to_san;

const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A game as PGN text (tags, blank line, movetext, blank line).
///
/// # Errors
/// The game does not fit 8×8 chess, or a move is illegal.
///
/// ```
/// use icn_adapters::pgn_export::export_game;
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("[White \"A\"] w 0/100 1 (8|1) 1,8,1,8 K5,1|k5,8|P1,2+ 1,2>1,4{ok}|5,8>5,7", Dialect::Auto).unwrap();
/// let pgn = export_game(&g).unwrap();
/// assert!(pgn.contains("[White \"A\"]") && pgn.contains("[FEN \"4k3/8/8/8/8/8/P7/4K3 w - - 0 1\"]"));
/// assert!(pgn.ends_with("1. a4 {ok} Ke7 *\n\n"));
/// ```
pub fn export_game(game: &Game) -> Result<String, String> {
    if let Some(b) = &game.rules.world_border {
        let eight = |s: &Option<Int>, v: i64| s.as_ref().and_then(Int::to_i64) == Some(v);
        if !(eight(&b.left, 1) && eight(&b.right, 8) && eight(&b.bottom, 1) && eight(&b.top, 8)) {
            return Err("a world border other than 1,8,1,8 does not fit PGN".into());
        }
    }
    for p in [Player::WHITE, Player::BLACK] {
        if game.rules.wins_of(p) != [WinCondition::Checkmate] {
            return Err(format!(
                "{p} wins by something other than checkmate, which PGN chess cannot say"
            ));
        }
    }
    let fen = game_to_fen(game).map_err(|e| e.to_string())?;
    let fen_text = fen.write(CastlingStyle::XFen);
    let mut out = String::new();
    for (name, default) in ROSTER {
        let v = game.metadata.get(name).map_or(default, String::as_str);
        out.push_str(&format!("[{name} \"{}\"]\n", escape(v)));
    }
    for (k, v) in &game.metadata {
        if !ROSTER.iter().any(|(n, _)| n == k) {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
    }
    if fen_text != STARTING_FEN {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen_text}\"]\n"));
    }
    out.push('\n');
    let start = Game {
        moves: Vec::new(),
        ..game.clone()
    };
    let mut board = Board::from_game(&start).map_err(|e| e.to_string())?;
    let mut words: Vec<String> = game
        .leading_comments
        .iter()
        .map(|c| format!("{{{c}}}"))
        .collect();
    let mut number = u64::from(fen.fullmove);
    let mut white = fen.turn == Player::WHITE;
    for (i, m) in game.moves.iter().enumerate() {
        let side = board.side_to_move();
        let mv = board
            .check_move(
                &m.from,
                &m.to,
                m.promotion.map(|p| icn_model::Piece::new(p.kind, side)),
            )
            .map_err(|e| format!("move {}, {}: {e}", i + 1, m.compact()))?;
        let san = move_to_san(&mut board, &mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        // A move number stays on the line of its move.
        let prefix = if white {
            format!("{number}. ")
        } else if i == 0 {
            format!("{number}... ")
        } else {
            String::new()
        };
        words.push(format!("{prefix}{san}{}", m.glyph.as_deref().unwrap_or("")));
        let mut comment: Vec<String> = Vec::new();
        if let Some(c) = m.clock {
            comment.push(format!("[%clk {}]", c.format()));
        }
        comment.extend(m.comments.iter().cloned());
        if !comment.is_empty() {
            words.push(format!("{{{}}}", comment.join(" ")));
        }
        board.make(&mv);
        if !white {
            number += 1;
        }
        white = !white;
    }
    words.push(
        game.metadata
            .get("Result")
            .cloned()
            .unwrap_or_else(|| "*".into()),
    );
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += w.len();
        out.push_str(&w);
    }
    out.push_str("\n\n");
    Ok(out)
}

/// Converts every game of a PGN stream to ICN, one game per output line.
/// Failed games and warnings go to `err`; returns (games written, failures).
///
/// # Errors
/// Reading or writing failed.
pub fn pgn_to_icn<R: BufRead, W: Write, E: Write>(
    input: R,
    mut out: W,
    mut err: E,
    style: IcnStyle,
) -> io::Result<(usize, usize)> {
    let (mut ok, mut failed) = (0, 0);
    for g in PgnReader::new(input) {
        let result = g.and_then(|g| {
            let n = (g.number, g.line);
            import_game(&g).map(|r| (r, n))
        });
        match result {
            Ok(((game, warnings), (number, line))) => {
                for w in warnings {
                    writeln!(err, "warning: {w}")?;
                }
                match game.to_icn(style) {
                    Ok(text) => {
                        writeln!(out, "{text}")?;
                        ok += 1;
                    }
                    Err(e) => {
                        failed += 1;
                        writeln!(err, "game {number}, line {line}: {e}")?;
                    }
                }
            }
            Err(e) => {
                failed += 1;
                writeln!(err, "{e}")?;
            }
        }
    }
    out.flush()?;
    Ok((ok, failed))
}

/// The games of an ICN text: chunks separated by blank lines, each one game,
/// or, when a chunk does not read as one game, one game per line.
pub fn icn_games(text: &str) -> Vec<(usize, Result<Game, String>)> {
    let mut out = Vec::new();
    let mut chunk: Vec<(usize, &str)> = Vec::new();
    let flush = |chunk: &mut Vec<(usize, &str)>, out: &mut Vec<(usize, Result<Game, String>)>| {
        if chunk.is_empty() {
            return;
        }
        let joined: Vec<&str> = chunk.iter().map(|(_, l)| *l).collect();
        match crate::document::read_either(&joined.join("\n"), Dialect::Auto) {
            Ok(g) => out.push((chunk[0].0, Ok(g))),
            Err(e) if chunk.len() == 1 => out.push((chunk[0].0, Err(e))),
            Err(_) => {
                for (n, l) in chunk.iter() {
                    out.push((*n, crate::document::read_either(l, Dialect::Auto)));
                }
            }
        }
        chunk.clear();
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            flush(&mut chunk, &mut out);
        } else {
            chunk.push((i + 1, line));
        }
    }
    flush(&mut chunk, &mut out);
    out
}

/// Converts ICN games (see [`icn_games`]) to PGN. Failures go to `err` with
/// their line; returns (games written, failures).
///
/// # Errors
/// Writing failed.
pub fn icn_to_pgn<W: Write, E: Write>(
    text: &str,
    mut out: W,
    mut err: E,
) -> io::Result<(usize, usize)> {
    let (mut ok, mut failed) = (0, 0);
    for (line, g) in icn_games(text) {
        match g.and_then(|g| export_game(&g)) {
            Ok(pgn) => {
                out.write_all(pgn.as_bytes())?;
                ok += 1;
            }
            Err(e) => {
                failed += 1;
                writeln!(err, "line {line}: {e}")?;
            }
        }
    }
    out.flush()?;
    Ok((ok, failed))
}
