//! The SAN-like notation for the unbounded board (`docs/san-like.md`):
//! [`parse_sanlike`], [`write_sanlike`], [`sanlike_to_move`],
//! [`move_to_sanlike`].
//!
//! ```text
//! move       := (castle | piece-move) check? glyphs?
//! castle     := "O-O-O" | "O-O"                 toward −x / toward +x
//! piece-move := CODE? (from SEP)? "x"? to promotion?     (see below)
//! from       := INT | "," INT | INT "," INT      start column, row, or square
//! SEP        := "x" | "-"                         capture or quiet, after `from`
//! to         := INT "," INT
//! promotion  := "=" CODE
//! check      := "+" | "#"
//! CODE       := an ICN piece code in capitals (K Q R B N AM HA CH AR GU CA GI
//!               ZE CE RQ RC NR HU RO); none for a pawn
//! INT        := "-"? [0-9]+                       any size
//! ```
//!
//! Without `from`, a capture is `x` before the destination (`Nx3,4`); with
//! it, the separator says capture (`x`) or not (`-`): `N5-3,4`, `N,2x3,4`,
//! `N5,2-3,4`. A pawn capture always names its start column: `5x6,5`.
//! Disambiguation is the minimal one of [`crate::notation`]. Glyphs (`!`,
//! `?`) are stripped. Refused, with the byte offset: unknown piece codes,
//! lowercase codes, a column without `,row` where a destination is due, and
//! text after the move.

use icn_model::{Coord, Int, PieceKind};
use icn_movegen::{Board, Move};

use crate::notation::{Action, MoveText, SanError, castle_text, describe, push_check, resolve};
use crate::san::strip_suffixes;

/// A SAN-like text that does not follow the grammar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move `{}` at column {}: {message}", icn_syntax::Excerpt(text), at + 1)]
pub struct ParseSanLikeError {
    /// The text.
    pub text: String,
    /// Byte offset of the problem.
    pub at: usize,
    /// What was expected and found.
    pub message: String,
}

struct P<'a> {
    s: &'a str,
    i: usize,
    text: &'a str,
}

impl P<'_> {
    fn bad<T>(&self, expected: &str) -> Result<T, ParseSanLikeError> {
        let found = match self.s[self.i..].chars().next() {
            Some(c) => format!("`{c}`"),
            None => "the end".into(),
        };
        Err(ParseSanLikeError {
            text: self.text.to_string(),
            at: self.i,
            message: format!("expected {expected}, found {found}"),
        })
    }

    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.i).copied()
    }

    fn int(&mut self) -> Option<Int> {
        let b = self.s.as_bytes();
        let mut j = self.i;
        if b.get(j) == Some(&b'-') {
            j += 1;
        }
        let digits = j;
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j == digits {
            return None;
        }
        let v = Int::parse(&self.s[self.i..j]).ok()?;
        self.i = j;
        Some(v)
    }

    fn code(&mut self) -> Result<Option<PieceKind>, ParseSanLikeError> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
            self.i += 1;
        }
        if start == self.i {
            return Ok(None);
        }
        let code = &self.s[start..self.i];
        // Any letters: a built-in kind or one the variant defines.
        match PieceKind::custom(code) {
            Ok(k) => Ok(Some(k)),
            Err(e) => Err(ParseSanLikeError {
                text: self.text.to_string(),
                at: start,
                message: e.to_string(),
            }),
        }
    }

    /// `INT`, `,INT` or `INT,INT`.
    fn group(&mut self) -> (Option<Int>, Option<Int>) {
        let x = self.int();
        let y = if self.peek() == Some(b',') {
            self.i += 1;
            self.int()
        } else {
            None
        };
        (x, y)
    }
}

/// Reads a SAN-like move.
///
/// # Errors
/// [`ParseSanLikeError`] with the offset of the first problem.
///
/// ```
/// use icn_adapters::sanlike::{parse_sanlike, write_sanlike};
/// for text in ["N3,4", "AMx-3,1000000000000", "N5--3,4", "N,2x3,4", "5x6,8=Q+", "O-O-O#"] {
///     assert_eq!(write_sanlike(&parse_sanlike(text).unwrap()), text);
/// }
/// assert!(parse_sanlike("n3,4").is_err());
/// assert!(parse_sanlike("N5").unwrap_err().message.contains("`,`"));
/// ```
pub fn parse_sanlike(text: &str) -> Result<MoveText, ParseSanLikeError> {
    let text = icn_syntax::strip_bom(text);
    let (core, check) = strip_suffixes(text);
    if let Some(castle) = MoveText::castling(core, check) {
        return Ok(castle);
    }
    let mut p = P {
        s: core,
        i: 0,
        text,
    };
    let kind = p.code()?.unwrap_or(PieceKind::Pawn);
    let (from_x, from_y, to, capture);
    if p.peek() == Some(b'x') {
        p.i += 1;
        capture = true;
        (from_x, from_y) = (None, None);
        to = dest(&mut p)?;
    } else {
        let (gx, gy) = p.group();
        match p.peek() {
            Some(b'x') | Some(b'-') if gx.is_some() || gy.is_some() => {
                capture = p.peek() == Some(b'x');
                p.i += 1;
                (from_x, from_y) = (gx, gy);
                to = dest(&mut p)?;
            }
            _ => {
                let (Some(x), Some(y)) = (gx, gy) else {
                    return p.bad("`,` and a row, or `x`/`-` after the start column");
                };
                capture = false;
                (from_x, from_y) = (None, None);
                to = Coord { x, y };
            }
        }
    }
    let promotion = if p.peek() == Some(b'=') {
        p.i += 1;
        match p.code()? {
            Some(k) => Some(k),
            None => return p.bad("a piece code after `=`"),
        }
    } else {
        None
    };
    if p.i != core.len() {
        return p.bad("the end of the move");
    }
    Ok(MoveText {
        action: Action::Normal {
            kind,
            from_x,
            from_y,
            capture,
            to,
            promotion,
        },
        check,
    })
}

fn dest(p: &mut P<'_>) -> Result<Coord, ParseSanLikeError> {
    let Some(x) = p.int() else {
        return p.bad("the destination column");
    };
    if p.peek() != Some(b',') {
        return p.bad("`,` between the destination's column and row");
    }
    p.i += 1;
    let Some(y) = p.int() else {
        return p.bad("the destination row");
    };
    Ok(Coord { x, y })
}

/// Writes a move text in the SAN-like notation.
pub fn write_sanlike(t: &MoveText) -> String {
    let mut out = String::new();
    match &t.action {
        Action::Castle { east } => out.push_str(castle_text(*east)),
        Action::Normal {
            kind,
            from_x,
            from_y,
            capture,
            to,
            promotion,
        } => {
            if *kind != PieceKind::Pawn {
                out.push_str(kind.code());
            }
            let has_from = from_x.is_some() || from_y.is_some();
            if let Some(x) = from_x {
                x.push_to(&mut out);
            }
            if let Some(y) = from_y {
                out.push(',');
                y.push_to(&mut out);
            }
            if *capture {
                out.push('x');
            } else if has_from {
                out.push('-');
            }
            to.push_to(&mut out);
            if let Some(k) = promotion {
                out.push('=');
                out.push_str(k.code());
            }
        }
    }
    push_check(&mut out, t.check);
    out
}

/// The legal move a SAN-like text names.
///
/// # Errors
/// A syntax error, or [`SanError::Illegal`] / [`SanError::Ambiguous`].
///
/// ```
/// use icn_adapters::sanlike::sanlike_to_move;
/// use icn_model::{Dialect, Game};
/// use icn_movegen::Board;
/// let g = Game::parse("w K0,0|k100,100|R5,5|R5,-5", Dialect::Auto).unwrap();
/// let mut b = Board::from_game(&g).unwrap();
/// assert_eq!(sanlike_to_move(&mut b, "R5,1000000").unwrap().to_compact(), "5,5>5,1000000");
/// assert!(sanlike_to_move(&mut b, "R5,0").unwrap_err().to_string().starts_with("ambiguous"));
/// assert_eq!(sanlike_to_move(&mut b, "R,-5-5,0").unwrap().to_compact(), "5,-5>5,0");
/// ```
pub fn sanlike_to_move(board: &mut Board, text: &str) -> Result<Move, SanError> {
    let t = parse_sanlike(text).map_err(|e| SanError::Illegal(e.to_string()))?;
    resolve(board, &t, text.trim())
}

/// The SAN-like text of a legal move.
///
/// # Errors
/// The move is not legal.
pub fn move_to_sanlike(board: &mut Board, m: &Move) -> Result<String, SanError> {
    Ok(write_sanlike(&describe(board, m)?))
}

/// The moves of a game in the SAN-like notation, replayed from its start
/// position (for `icn convert --moves san-like`).
///
/// # Errors
/// The first illegal move, with its number.
///
/// ```
/// use icn_adapters::sanlike::sanlike_moves;
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("w K0,0|k9,9|R1,1 1,1>1,100|9,9>8,8", Dialect::Auto).unwrap();
/// assert_eq!(sanlike_moves(&g).unwrap(), ["R1,100", "K8,8"]);
/// ```
pub fn sanlike_moves(game: &icn_model::Game) -> Result<Vec<String>, String> {
    Ok(describe_moves(game)?
        .iter()
        .map(|(text, _)| write_sanlike(text))
        .collect())
}

/// Each move of a game as a [`MoveText`] (minimal disambiguation, computed
/// check mark) with the piece that makes it, replayed from the start position.
///
/// # Errors
/// The first move that cannot be played, with its number.
pub fn describe_moves(game: &icn_model::Game) -> Result<Vec<(MoveText, icn_model::Piece)>, String> {
    // The board of the start position: `from_game` does not play the moves.
    let mut board = Board::from_game(game).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(game.moves.len());
    for (i, m) in game.moves.iter().enumerate() {
        // The promotion as written: a white pawn promoting to a black queen
        // is refused here as replay refuses it.
        let mv = board
            .check_move(&m.from, &m.to, m.promotion)
            .map_err(|e| format!("move {}, {}: {e}", i + 1, m.compact()))?;
        let piece = board
            .piece_at(mv.from)
            .ok_or_else(|| format!("move {}, {}: no piece moves", i + 1, m.compact()))?;
        let text = describe(&mut board, &mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        out.push((text, piece));
        board.make(&mv);
    }
    Ok(out)
}

/// ICN moves from SAN-like texts played from `game`'s start position.
///
/// # Errors
/// The first text that does not resolve, with its number.
///
/// ```
/// use icn_adapters::sanlike::moves_from_sanlike;
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("w K0,0|k9,9|R1,1", Dialect::Auto).unwrap();
/// let moves = moves_from_sanlike(&g, &["R1,100", "K8,8"]).unwrap();
/// assert_eq!(moves[1].compact(), "9,9>8,8");
/// ```
pub fn moves_from_sanlike(
    game: &icn_model::Game,
    texts: &[&str],
) -> Result<Vec<icn_model::Move>, String> {
    let mut board = Board::from_game(game).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        let mv = sanlike_to_move(&mut board, t).map_err(|e| format!("move {}: {e}", i + 1))?;
        out.push(board.written_move(&mv));
        board.make(&mv);
    }
    Ok(out)
}
