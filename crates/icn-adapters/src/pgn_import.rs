//! One PGN game ([`PgnGame`]) as an ICN [`Game`]: [`import_game`].
//!
//! Tags become ICN metadata in order (a name given twice keeps its first
//! place and its last value), except `FEN` and `SetUp`, which give the start
//! position (standard chess when absent). A `Result` of `1/2` is `1/2-1/2`;
//! a result token in the movetext fills a missing or `*` result tag.
//!
//! `Variant` may be absent or standard chess (`Standard`, `Chess`, `Normal`,
//! `Classical`, `From Position`) or Chess960 in any spelling (`Chess960`,
//! `chess 960`, `Fischerandom`, `Fischer Random`, `960`, `FRC`; case,
//! blanks, `-` and `_` do not matter). Castling rights the site rule plays
//! as chess does (an e-file king, rooks at least three files away) keep the
//! site rule; any others become Chess960's explicit castling moves, the
//! toolkit's `castling` property ([`crate::fen_icn::chess960_castling`]),
//! and such a castle is written as the king moving onto its rook. Other
//! variants are refused.
//!
//! Moves are read by [`crate::pgn_move::read_move`] and replayed; each
//! move's check mark is computed (`+`, or `#` when no legal move follows),
//! never copied from the text. NAGs `$1`–`$6` become the move's glyph and
//! the others the move command `%nag N`, so they come back out; comments
//! and their `[%clk]`/`[%name value]` commands follow ICN's reading. A FEN
//! fullmove number of 0, as puzzle collections write it, is read as 1 with a
//! warning. Refused with the place of the problem: an unknown variant, a bad
//! FEN, a move that is illegal or ambiguous (with its number), a null move
//! (ICN has no move that passes). Warnings: variations (skipped; ICN keeps
//! the main line) and a NAG before the first move.

use icn_model::{CheckMark, Clock, Game};
use icn_movegen::Board;

use crate::fen::Fen;
use crate::fen_icn::fen_to_game;
use crate::notation::SanError;
use crate::pgn::{PgnGame, PgnKind, PgnProblem, Pos, Token, nag_glyph, normal_result};
use crate::pgn_move::read_move;

/// How a game's `Variant` tag is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    Standard,
    Chess960,
}

fn variant_of(tag: Option<&str>) -> Option<Variant> {
    let Some(tag) = tag else {
        return Some(Variant::Standard);
    };
    let key: String = tag
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "classical" | "fromposition" => {
            Some(Variant::Standard)
        }
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc" => {
            Some(Variant::Chess960)
        }
        _ => None,
    }
}

/// The FEN tag read as python-chess does: a fullmove number of 0 is 1.
fn read_fen(text: &str, warn: &mut dyn FnMut(PgnKind, String)) -> Result<Fen, String> {
    match Fen::parse(text) {
        Ok(f) => Ok(f),
        Err(e) => {
            let fields: Vec<&str> = text.split_whitespace().collect();
            if fields.len() == 6 && fields[5] == "0" {
                let fixed = format!("{} 1", fields[..5].join(" "));
                if let Ok(f) = Fen::parse(&fixed) {
                    warn(
                        PgnKind::FullmoveZero,
                        "FEN tag: fullmove number 0 read as 1".into(),
                    );
                    return Ok(f);
                }
            }
            Err(format!("FEN tag: {e}"))
        }
    }
}

/// One PGN game as an ICN game, with its warnings (the reader's first).
///
/// # Errors
/// See the module docs; the problem names the game, line and column.
///
/// ```
/// use icn_adapters::pgn::{import_game, PgnReader};
/// let pgn = "[White \"A\"]\n\n1. e4 {best} e5 $1 (1... c5) 2. Nf3+ $14 1-0\n";
/// let g = PgnReader::new(pgn.as_bytes()).next().unwrap().unwrap();
/// let (game, warnings) = import_game(&g).unwrap();
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.moves[1].glyph.as_deref(), Some("!"));
/// assert_eq!(game.moves[2].check, None); // `+` was wrong: not copied
/// assert_eq!(game.moves[2].commands, ["%nag 14"]);
/// assert_eq!(game.metadata["White"], "A");
/// assert_eq!(warnings.len(), 1); // the variation
/// ```
pub fn import_game(g: &PgnGame) -> Result<(Game, Vec<PgnProblem>), PgnProblem> {
    let problem = |at: Pos, kind: PgnKind, message: String| PgnProblem {
        game: g.number,
        line: at.line,
        column: at.column,
        kind,
        message,
    };
    let start = Pos {
        line: g.line,
        column: 1,
    };
    let mut warnings = g.warnings.clone();
    variant_of(g.tag("Variant")).ok_or_else(|| {
        problem(
            start,
            PgnKind::Variant,
            format!(
                "the PGN variant `{}` is not supported (standard chess and Chess960 only)",
                icn_syntax::Excerpt(g.tag("Variant").unwrap_or_default())
            ),
        )
    })?;
    let fen = match g.tag("FEN") {
        Some(f) => read_fen(f, &mut |kind, message| {
            warnings.push(problem(start, kind, message))
        })
        .map_err(|m| problem(start, PgnKind::Fen, m))?,
        None => Fen::starting(),
    };
    let mut game =
        fen_to_game(&fen).map_err(|e| problem(start, PgnKind::Fen, format!("FEN tag: {e}")))?;
    for (n, v) in &g.tags {
        if n != "FEN" && n != "SetUp" {
            let v = match n.as_str() {
                "Result" => normal_result(v).map_or(v.clone(), str::to_string),
                _ => v.clone(),
            };
            game.metadata.insert(n.clone(), v);
        }
    }
    let mut board =
        Board::from_game(&game).map_err(|e| problem(start, PgnKind::Position, e.to_string()))?;
    board.count_repetitions();
    // The ply after which the site's draws (threefold, 100 plies) end the
    // game, when the PGN plays on past it (see `follow_fide_draws`).
    let mut site_draw_at: Option<usize> = None;
    let black_first = usize::from(fen.turn == icn_model::Player::BLACK);
    let move_name = |ply: usize, text: &str| {
        let n = (ply + black_first) / 2 + fen.fullmove as usize;
        let dots = if (ply + black_first).is_multiple_of(2) {
            "."
        } else {
            "..."
        };
        format!("move {n}{dots} {}", icn_syntax::Excerpt(text))
    };
    for (tok, at) in &g.tokens {
        match tok {
            Token::Move(s) => {
                let m = read_move(&mut board, s).map_err(|e| {
                    let kind = match e {
                        SanError::Ambiguous(_) => PgnKind::AmbiguousMove,
                        _ => PgnKind::IllegalMove,
                    };
                    problem(
                        *at,
                        kind,
                        format!("{}: {e}", move_name(game.moves.len(), s)),
                    )
                })?;
                let mut mv = board.written_move(&m);
                if site_draw_at.is_some_and(|ply| ply == game.moves.len()) {
                    follow_fide_draws(&mut game);
                }
                board.make(&m);
                mv.check = check_mark(&mut board);
                game.moves.push(mv);
                if site_draw_at.is_none() && board.ended_by_count().is_some() {
                    site_draw_at = Some(game.moves.len());
                }
            }
            Token::Null(s) => {
                return Err(problem(
                    *at,
                    PgnKind::NullMove,
                    format!(
                        "{}: a null move cannot be written in ICN (ICN has no move that passes the turn)",
                        move_name(game.moves.len(), s)
                    ),
                ));
            }
            Token::Comment(c) => add_comment(&mut game, c),
            Token::Nag(n) => match game.moves.last_mut() {
                Some(m) => match nag_glyph(*n) {
                    Some(gl) if m.glyph.is_none() => m.glyph = Some(gl.to_string()),
                    _ => m.commands.push(format!("%nag {n}")),
                },
                None => warnings.push(problem(
                    *at,
                    PgnKind::NagDropped,
                    format!("NAG ${n} before the first move dropped (ICN keeps NAGs on moves)"),
                )),
            },
            Token::Variation => warnings.push(problem(
                *at,
                PgnKind::Variation,
                "variation skipped (ICN keeps the main line)".into(),
            )),
            Token::Result(r) => {
                let tag = game.metadata.entry("Result".into()).or_default();
                if tag.is_empty() || tag == "*" {
                    *tag = r.clone();
                }
            }
        }
    }
    Ok((game, warnings))
}

/// FIDE's draws that end a game, for a PGN game that plays on past a
/// threefold repetition or fifty moves (claims nobody made): the 75-move rule
/// (150 plies) and fivefold repetition (the `repetition` property). Other
/// games keep the site's rules, which the site reads.
fn follow_fide_draws(game: &mut Game) {
    if let Some(rule) = &mut game.position.move_rule {
        rule.limit = icn_model::Int::from(150);
    }
    game.rules
        .properties
        .insert("repetition".to_string(), serde_json::Value::from(5));
}

/// `#` when the side to move is in check with no legal move, `+` when only
/// in check.
fn check_mark(board: &mut Board) -> Option<CheckMark> {
    if !board.in_check() {
        return None;
    }
    match board.has_legal_move() {
        Ok(false) => Some(CheckMark::Checkmate),
        _ => Some(CheckMark::Check),
    }
}

fn add_comment(game: &mut Game, c: &str) {
    // Commands as ICN reads them: `[%clk …]` is the clock (the last one that
    // reads as a clock), the others (`[%eval 0.3]`) are kept as commands; a
    // clock that does not read stays in the text.
    let parts = icn_model::split_comment(c);
    let mut clock = None;
    let mut unread = Vec::new();
    for value in &parts.clocks {
        match Clock::parse(value) {
            Some(c) => clock = Some(c),
            None => unread.push(format!("[%clk {value}]")),
        }
    }
    let mut text = parts.text;
    for u in unread {
        text = if text.is_empty() {
            u
        } else {
            format!("{text} {u}")
        };
    }
    let commands: Vec<String> = parts.commands.iter().map(|c| c.to_string()).collect();
    match game.moves.last_mut() {
        Some(m) => {
            if clock.is_some() {
                m.clock = clock;
            }
            m.commands.extend(commands);
            if !text.is_empty() {
                m.comments.push(text);
            }
        }
        None if !text.is_empty() => game.leading_comments.push(text),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::PgnReader;

    fn import(text: &str) -> Result<(Game, Vec<PgnProblem>), PgnProblem> {
        import_game(&PgnReader::new(text.as_bytes()).next().unwrap().unwrap())
    }

    #[test]
    fn chess960_spellings_are_one_variant() {
        for v in [
            "Chess960",
            "chess 960",
            "Fischerandom",
            "fischer random",
            "FRC",
            "Chess-960",
        ] {
            assert_eq!(variant_of(Some(v)), Some(Variant::Chess960), "{v}");
        }
        assert_eq!(variant_of(Some("From Position")), Some(Variant::Standard));
        assert_eq!(variant_of(Some("Crazyhouse")), None);
    }

    #[test]
    fn fullmove_zero_reads_as_one_with_a_warning() {
        let (game, warnings) =
            import("[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 0\"]\n\n1. Rh8 1-0").unwrap();
        assert_eq!(warnings[0].kind, PgnKind::FullmoveZero);
        assert_eq!(game.moves[0].check, Some(CheckMark::Checkmate));
    }

    #[test]
    fn a_null_move_is_refused_at_its_place() {
        let e = import("1. e4 -- 2. d4 *").unwrap_err();
        assert_eq!((e.kind, e.line, e.column), (PgnKind::NullMove, 1, 7));
        assert!(
            e.message.starts_with("move 1... --: a null move"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_chess960_game_castles_as_chess960_and_is_written_onto_the_rook() {
        // The kings stand on f1/f8 with rooks on e and g: O-O puts the king
        // on g (the rook's square) and the rook on f (the king's square).
        let fen = "[Variant \"Chess960\"]\n[FEN \"nbbqrkrn/pppppppp/8/8/8/8/PPPPPPPP/NBBQRKRN w GEge - 0 1\"]\n\n";
        let blocked = import(&format!("{fen}1. O-O-O *")).unwrap_err();
        assert_eq!(blocked.kind, PgnKind::IllegalMove, "{}", blocked.message);
        let (g, _) = import(&format!("{fen}1. O-O O-O *")).unwrap();
        assert!(g.rules.properties.contains_key("castling"));
        let castles: Vec<String> = g.moves.iter().map(|m| m.compact()).collect();
        assert_eq!(castles, ["6,1>7,1", "6,8>7,8"]);
        let mut board = icn_movegen::Board::from_game(&g).unwrap();
        for m in &g.moves {
            let mv = board.check_move(&m.from, &m.to, m.promotion).unwrap();
            board.make(&mv);
        }
        let white = |kind| Some(icn_model::Piece::new(kind, icn_model::Player::WHITE));
        assert_eq!(
            board.piece_at(icn_movegen::Sq::from_coord(&icn_model::Coord::new(7, 1)).unwrap()),
            white(icn_model::PieceKind::King)
        );
        assert_eq!(
            board.piece_at(icn_movegen::Sq::from_coord(&icn_model::Coord::new(6, 1)).unwrap()),
            white(icn_model::PieceKind::Rook)
        );
        let pgn = crate::pgn_export::export_game(&g).unwrap();
        assert!(pgn.contains("1. O-O O-O"), "{pgn}");
    }
}
