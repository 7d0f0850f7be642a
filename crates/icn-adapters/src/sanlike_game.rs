//! Whole ICN games whose moves are written in the SAN-like notation
//! (`docs/san-like.md`): [`read_game`] accepts SAN-like moves wherever ICN
//! accepts a move, mixed freely with coordinate moves, and [`read_json`] in
//! the JSON long form's `moves`; [`write_game`] writes every move SAN-like.
//!
//! Reading resolves each SAN-like move against the legal moves of the
//! position it is played in ([`BoardResolver`], the hook of
//! [`icn_model::lower_with`]). A move that names no legal move, or several,
//! is an error at its line and column; so is a coordinate move before it
//! that cannot be played, since the position after it is unknown.
//!
//! Writing computes the minimal disambiguation and the check marks. One
//! shape reads both ways: a capture disambiguated by its full start square
//! (`N5,2x3,4`) is also a coordinate move in ICN's long form, where the piece
//! code's case names its owner. Such a move is written as that coordinate
//! move (`n5,2x3,4` for Black), which is the same text for White and means
//! the same move on reading.

use std::borrow::Cow;

use icn_model::{
    Dialect, Game, IcnForm, IcnStyle, Move, ParseError, Piece, SanLikeError, SanLikeResolver,
    WriteError, to_ast,
};
use icn_movegen::{Board, MoveKind};
use icn_syntax::{self as syn, Span};

use crate::notation::{Action, MoveText, resolve};
use crate::sanlike::{describe_moves, parse_sanlike, write_sanlike};

/// Parses an ICN position or game whose moves may be SAN-like.
///
/// # Errors
/// As [`Game::parse`], and the first SAN-like move that does not resolve
/// (illegal or ambiguous), at its place in the text.
///
/// ```
/// use icn_adapters::sanlike_game::read_game;
/// use icn_model::Dialect;
/// let g = read_game("w K5,1|k5,8|R1,1 1. R1,7 5,8>4,8 2. R8,7+", Dialect::Auto).unwrap();
/// assert_eq!(g.moves[2].compact(), "1,7>8,7");
/// let e = read_game("w K5,1|k5,8|R1,1 1. R1,7 4,8", Dialect::Auto).unwrap_err();
/// assert!(e.diagnostics[0].message.starts_with("illegal move"), "{e}");
/// assert_eq!(e.diagnostics[0].span.start, 25);
/// ```
pub fn read_game(text: &str, dialect: Dialect) -> Result<Game, ParseError> {
    Game::parse_with(text, dialect, &mut BoardResolver::default())
}

/// [`read_game`], also giving where each part of the game was written.
///
/// # Errors
/// As [`read_game`].
pub fn read_game_mapped(
    text: &str,
    dialect: Dialect,
) -> Result<(Game, icn_model::SourceMap), ParseError> {
    Game::parse_mapped(text, dialect, &mut BoardResolver::default())
}

/// Reads the JSON long form whose `moves` may be SAN-like (`"N3,4"`).
///
/// # Errors
/// As [`icn_model::json::from_json_str`], and the first SAN-like move that
/// does not resolve, at `moves[i]`.
///
/// ```
/// use icn_adapters::sanlike_game::read_json;
/// let json = r#"{"turn": "white", "fullMove": 1,
///   "gameRules": {"winConditions": {"white": ["checkmate"], "black": ["checkmate"]}},
///   "startingPosition": {"5,1": "kingsW", "5,8": "kingsB", "1,1": "rooksW"},
///   "moves": ["R1,7", "K4,8"]}"#;
/// let g = read_json(json).unwrap();
/// assert_eq!(g.moves[1].compact(), "5,8>4,8");
/// ```
pub fn read_json(text: &str) -> Result<Game, icn_model::json::JsonError> {
    icn_model::json::from_json_str_with(text, &mut BoardResolver::default())
}

/// Lowers a parsed document, resolving its SAN-like moves.
///
/// # Errors
/// As [`icn_model::lower`], and the first SAN-like move that does not resolve.
pub fn lower_game(doc: &syn::Document<'_>) -> Result<Game, Vec<syn::Diagnostic>> {
    icn_model::lower_with(doc, &mut BoardResolver::default())
}

/// Resolves SAN-like moves by playing the game on a [`Board`]. One resolver
/// serves one game: it keeps the board between calls and plays only the
/// moves it has not seen.
#[derive(Debug, Default)]
pub struct BoardResolver {
    board: Option<Board>,
    played: usize,
}

impl SanLikeResolver for BoardResolver {
    fn resolve(&mut self, game: &Game, text: &str) -> Result<Move, SanLikeError> {
        let here = game.moves.len();
        let board = match &mut self.board {
            Some(b) => b,
            None => {
                let b = Board::from_game(game).map_err(|e| SanLikeError {
                    ply: here,
                    message: format!("`{}` cannot be resolved: {e}", icn_syntax::Excerpt(text)),
                })?;
                self.board.insert(b)
            }
        };
        for (ply, m) in game.moves.iter().enumerate().skip(self.played) {
            let mv = board
                .check_move(&m.from, &m.to, m.promotion)
                .map_err(|e| SanLikeError {
                    ply,
                    message: format!(
                        "move {} ({}) cannot be played, so the SAN-like moves after it \
                         cannot be read: {e}",
                        ply + 1,
                        m.compact()
                    ),
                })?;
            board.make(&mv);
        }
        self.played = here;
        let fail = |message: String| SanLikeError { ply: here, message };
        let written = parse_sanlike(text).map_err(|e| {
            fail(format!(
                "`{}` is not a SAN-like move: {}",
                icn_syntax::Excerpt(text),
                e.message
            ))
        })?;
        let mv = resolve(board, &written, text).map_err(|e| fail(e.to_string()))?;
        let mut out = board.written_move(&mv);
        out.capture =
            board.piece_at(mv.to).is_some() || matches!(mv.kind, MoveKind::EnPassant { .. });
        Ok(out)
    }
}

/// The syntax tree of `game` with every move written SAN-like (see the
/// module docs for the one exception), in `form` for `dialect`. Check marks
/// are the computed ones, in every form.
///
/// # Errors
/// A move that cannot be played, with its number; or what the dialect cannot
/// express.
pub fn sanlike_document(
    game: &Game,
    form: IcnForm,
    dialect: Dialect,
) -> Result<syn::Document<'static>, String> {
    let described = describe_moves(game)?;
    let mut doc = to_ast(game, form, dialect).map_err(|e| e.to_string())?;
    for ((text, piece), entry) in described.into_iter().zip(&mut doc.moves) {
        entry.check = text.check;
        if let syn::MoveBody::Coordinates(c) = &mut entry.body
            && write_as_long_form(&text, piece, c)
        {
            continue;
        }
        entry.body = syn::MoveBody::SanLike(syn::SanLikeText {
            text: Cow::Owned(write_sanlike(&MoveText {
                check: None,
                ..text
            })),
            span: Span::SYNTHETIC,
        });
    }
    Ok(doc)
}

/// Writes `game` as ICN text with SAN-like moves.
///
/// # Errors
/// As [`sanlike_document`], and what the writer refuses.
///
/// ```
/// use icn_adapters::sanlike_game::{read_game, write_game};
/// use icn_model::{Dialect, Game, IcnForm, IcnStyle};
/// let g = Game::parse("w K5,1|k5,8|R1,1 1,1>1,7|5,8>4,8|1,7>1,8", Dialect::Auto).unwrap();
/// let style = IcnStyle { form: IcnForm::Compact, dialect: Dialect::Site };
/// let text = write_game(&g, style).unwrap();
/// assert_eq!(text, "K5,1|k5,8|R1,1 R1,7|K4,8|R1,8+");
/// assert_eq!(read_game(&text, Dialect::Auto).unwrap().moves[2].to, g.moves[2].to);
/// ```
pub fn write_game(game: &Game, style: IcnStyle) -> Result<String, String> {
    if game.position.pieces.is_empty() && !game.moves.is_empty() {
        // `5,4` first in the text would read as a piece list.
        return Err(
            "SAN-like moves need a piece list before them; this game has none (write its moves with coordinates)"
                .to_string(),
        );
    }
    let doc = sanlike_document(game, style.form, style.dialect)?;
    style.write(&doc).map_err(|e: WriteError| e.to_string())
}

/// When the SAN-like text also reads as a coordinate move (a capture from
/// the full start square), turns the coordinate move `to_ast` wrote for it
/// into ICN's long form with the owner's case, and says so.
fn write_as_long_form(text: &MoveText, piece: Piece, c: &mut syn::CoordinateMove<'_>) -> bool {
    let Action::Normal {
        kind,
        from_x: Some(_),
        from_y: Some(_),
        capture: true,
        promotion,
        ..
    } = &text.action
    else {
        return false;
    };
    let code = |p: Piece| syn::PieceCode {
        text: Cow::Owned(p.code()),
        span: Span::SYNTHETIC,
    };
    c.piece = (*kind != icn_model::PieceKind::Pawn).then(|| code(piece));
    c.capture = true;
    if let (Some(p), Some(k)) = (&mut c.promotion, promotion) {
        p.code = code(Piece::new(*k, piece.player));
    }
    true
}
