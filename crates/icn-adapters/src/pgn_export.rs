//! PGN export: [`export_game`]. (The streaming file conversions are in
//! [`crate::pgn_stream`], re-exported here.)
//!
//! Export accepts ICN games of 8×8 chess: the rules of
//! [`crate::fen_icn::chess_rules`] exactly (the world border `1,8,1,8`,
//! promotion on the last rank to Q, R, B or N, checkmate as the only win,
//! no `{...}` properties), a start position FEN can hold
//! ([`crate::fen_icn::game_to_fen`]), and legal moves. Anything else is
//! refused with the reason, never exported as something else: an unbounded
//! game, whose moves and result can differ on 8×8, is refused, and a move
//! that leaves the 8×8 board is named. Tags: the seven-tag roster first
//! (`?` and `*` when missing), then the other metadata in order, then
//! `SetUp "1"` and `FEN` when the start is not the standard one. Moves are
//! written in SAN with move numbers and computed check marks, the move's
//! glyph, `%nag N` commands as `$N`, and its clock, other commands
//! (`[%eval 0.3]`) and comments as one `{…}` comment; lines are wrapped
//! before 80 columns; the `Result` tag ends the movetext. An illegal move
//! is refused with its number.

use icn_model::{Game, GameRules, Player};
use icn_movegen::Board;

use crate::fen::{CastlingStyle, STARTING_FEN};
use crate::fen_icn::{chess_rules, game_to_fen};
use crate::san::move_to_san;

pub use crate::pgn_stream::{icn_to_pgn, pgn_to_icn};

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
    for (i, m) in game.moves.iter().enumerate() {
        let on_board = |c: &icn_model::Coord| {
            [&c.x, &c.y]
                .iter()
                .all(|v| v.to_i64().is_some_and(|v| (1..=8).contains(&v)))
        };
        if !on_board(&m.from) || !on_board(&m.to) {
            return Err(format!(
                "move {}, {}, leaves the 8×8 board, which PGN cannot hold",
                i + 1,
                m.compact()
            ));
        }
    }
    rules_fit_chess(&game.rules)?;
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
    // Chess960 castling (the `castling` property, checked by `game_to_fen`)
    // needs readers told so.
    if game.rules.properties.contains_key("castling") && !game.metadata.contains_key("Variant") {
        out.push_str("[Variant \"Chess960\"]\n");
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
        for c in &m.commands {
            match c.strip_prefix("%nag ").and_then(|n| n.parse::<u32>().ok()) {
                Some(n) => words.push(format!("${n}")),
                None => comment.push(format!("[{c}]")),
            }
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

/// Why rules are not those of 8×8 chess, naming the first difference.
fn rules_fit_chess(rules: &GameRules) -> Result<(), String> {
    let chess = chess_rules();
    if rules.world_border != chess.world_border {
        return Err(match &rules.world_border {
            None => "the game is played on an unbounded board (no world border `1,8,1,8`), \
                     where moves and results differ from 8×8 chess: PGN cannot hold it"
                .into(),
            Some(_) => "a world border other than `1,8,1,8` does not fit PGN".into(),
        });
    }
    for (p, _) in &rules.win_conditions {
        if rules.wins_of(*p) != chess.wins_of(*p) {
            return Err(format!(
                "{p} wins by something other than checkmate, which PGN chess cannot say"
            ));
        }
    }
    // FIDE's fivefold repetition is chess as PGN means it (the site's
    // threefold is what ICN says without the property); `castling` is
    // Chess960's, which `game_to_fen` checks.
    let fide_repetition =
        |name: &str, value: &serde_json::Value| name == "repetition" && value.as_u64() == Some(5);
    if let Some(name) = rules
        .properties
        .iter()
        .find(|(n, v)| !fide_repetition(n, v) && *n != "castling")
        .map(|(n, _)| n)
    {
        return Err(format!(
            "the rule property `{name}` makes the game other than 8×8 chess: PGN cannot hold it"
        ));
    }
    if rules.promotions != chess.promotions {
        return Err(
            "promotion other than to Q, R, B or N on the last rank does not fit PGN".into(),
        );
    }
    Ok(())
}
