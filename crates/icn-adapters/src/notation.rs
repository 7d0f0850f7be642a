//! What SAN and the SAN-like notation share: a parsed move text
//! ([`MoveText`]), resolving it against the legal moves of a position
//! ([`resolve`]) and describing a legal move with minimal disambiguation and
//! a computed check mark ([`describe`]).
//!
//! Moves come from icn-movegen's move families, so this works on any board,
//! unbounded included. Disambiguation, as FIDE writes it: none when no other
//! piece of the same kind can reach the destination; else the start column
//! (x, the SAN file) when it is unique among those pieces; else the start row
//! (y, the SAN rank) when unique; else the full start square. A pawn capture
//! always names its start column. The check mark is `#` when the opponent is
//! in check and has no legal move, `+` when only in check.

use icn_model::{CheckMark, Coord, Int, Piece, PieceKind};
use icn_movegen::{Board, Move, MoveFamily, MoveKind, Sq};

/// A move as SAN-like texts state it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// What moves: castling or a piece to a square.
    pub action: Action,
    /// `+` or `#`, as written (parsing) or computed (describing).
    pub check: Option<CheckMark>,
}

impl MoveText {
    /// `O-O` (toward +x) or `O-O-O` (toward −x), written alike in SAN and in
    /// the SAN-like notation; `None` for anything else.
    pub fn castling(core: &str, check: Option<CheckMark>) -> Option<MoveText> {
        let east = match core {
            "O-O" => true,
            "O-O-O" => false,
            _ => return None,
        };
        Some(MoveText {
            action: Action::Castle { east },
            check,
        })
    }
}

/// `O-O` (toward +x) or `O-O-O` (toward −x), as both notations write it.
pub(crate) fn castle_text(east: bool) -> &'static str {
    if east { "O-O" } else { "O-O-O" }
}

/// Appends `+` or `#`, as both notations write them.
pub(crate) fn push_check(out: &mut String, check: Option<CheckMark>) {
    match check {
        Some(CheckMark::Check) => out.push('+'),
        Some(CheckMark::Checkmate) => out.push('#'),
        None => {}
    }
}

/// Castling or a normal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `O-O` (toward +x, `east` true) or `O-O-O` (toward −x).
    Castle {
        /// Toward +x.
        east: bool,
    },
    /// A piece moves.
    Normal {
        /// The moving piece's kind.
        kind: PieceKind,
        /// Start column, when written.
        from_x: Option<Int>,
        /// Start row, when written.
        from_y: Option<Int>,
        /// Marked a capture.
        capture: bool,
        /// Destination.
        to: Coord,
        /// Promotion kind.
        promotion: Option<PieceKind>,
    },
}

/// Why a move text could not be resolved or a move not described.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// No legal move matches.
    #[error("illegal move: {0}")]
    Illegal(String),
    /// Several legal moves match.
    #[error("ambiguous move: {0}")]
    Ambiguous(String),
    /// The move generator refused the position or move.
    #[error("{0}")]
    Movegen(String),
}

fn movegen(e: icn_movegen::MovegenError) -> SanError {
    SanError::Movegen(e.to_string())
}

fn coord(s: Sq) -> Coord {
    s.to_coord()
}

/// Every legal move of the side to move that a piece of `kind` makes to
/// `to` (castling excluded), with the families' rays expanded at `to` only.
fn reaching(board: &mut Board, kind: PieceKind, to: Sq) -> Result<Vec<Move>, SanError> {
    let side = board.side_to_move();
    let mut out = Vec::new();
    for f in board.families().map_err(movegen)? {
        let from = f.from();
        let Some(p) = board.piece_at(from) else {
            continue;
        };
        if p.kind != kind || p.player != side {
            continue;
        }
        match f {
            MoveFamily::Single(m) => {
                if m.to == to && !matches!(m.kind, MoveKind::Castle { .. }) {
                    out.push(m);
                }
            }
            MoveFamily::Ray { .. } => {
                let m = Move::new(from, to);
                if f.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    Ok(out)
}

/// For a castle, whether it is toward the east (`O-O` for White): the side
/// its partner stands on, so that a Chess960 king that does not move still
/// has a side.
fn castles_east(m: &Move) -> Option<bool> {
    match m.kind {
        MoveKind::Castle { partner_from, .. } => Some(partner_from.x > m.from.x),
        _ => None,
    }
}

fn castles(board: &mut Board, east: bool) -> Result<Vec<Move>, SanError> {
    let mut out = Vec::new();
    for f in board.families().map_err(movegen)? {
        if let MoveFamily::Single(m) = f
            && castles_east(&m) == Some(east)
        {
            out.push(m);
        }
    }
    Ok(out)
}

/// The legal move a move text names.
///
/// # Errors
/// [`SanError::Illegal`] when none matches, [`SanError::Ambiguous`] when
/// several do, [`SanError::Movegen`] when the generator refuses.
pub fn resolve(board: &mut Board, text: &MoveText, shown: &str) -> Result<Move, SanError> {
    let found = match &text.action {
        Action::Castle { east } => castles(board, *east)?,
        Action::Normal {
            kind,
            from_x,
            from_y,
            to,
            promotion,
            ..
        } => {
            let to = Sq::from_coord(to).map_err(movegen)?;
            let side = board.side_to_move();
            reaching(board, *kind, to)?
                .into_iter()
                .filter(|m| {
                    let c = coord(m.from);
                    from_x.as_ref().is_none_or(|x| *x == c.x)
                        && from_y.as_ref().is_none_or(|y| *y == c.y)
                        && m.promotion == promotion.map(|k| Piece::new(k, side))
                })
                .collect()
        }
    };
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Illegal(format!(
            "no legal move matches `{shown}`"
        ))),
        many => {
            let list: Vec<String> = many.iter().map(|m| m.to_compact()).collect();
            Err(SanError::Ambiguous(format!(
                "`{shown}` matches {}",
                list.join(", ")
            )))
        }
    }
}

/// The move text of a legal move: minimal disambiguation, capture mark,
/// promotion and the computed check mark.
///
/// # Errors
/// [`SanError::Illegal`] when `m` is not a legal move of the position.
pub fn describe(board: &mut Board, m: &Move) -> Result<MoveText, SanError> {
    let legal = board
        .families()
        .map_err(movegen)?
        .iter()
        .any(|f| f.contains(m));
    let Some(piece) = board.piece_at(m.from).filter(|_| legal) else {
        return Err(SanError::Illegal(format!(
            "{} is not a legal move here",
            m.to_compact()
        )));
    };
    let action = if let Some(east) = castles_east(m) {
        Action::Castle { east }
    } else {
        let capture =
            board.piece_at(m.to).is_some() || matches!(m.kind, MoveKind::EnPassant { .. });
        let (mut from_x, mut from_y) = (None, None);
        let from = coord(m.from);
        if piece.kind == PieceKind::Pawn {
            if capture {
                from_x = Some(from.x.clone());
            }
        } else {
            let others: Vec<Coord> = reaching(board, piece.kind, m.to)?
                .into_iter()
                .filter(|o| o.from != m.from)
                .map(|o| coord(o.from))
                .collect();
            if !others.is_empty() {
                if others.iter().all(|o| o.x != from.x) {
                    from_x = Some(from.x.clone());
                } else if others.iter().all(|o| o.y != from.y) {
                    from_y = Some(from.y.clone());
                } else {
                    from_x = Some(from.x.clone());
                    from_y = Some(from.y.clone());
                }
            }
        }
        Action::Normal {
            kind: piece.kind,
            from_x,
            from_y,
            capture,
            to: coord(m.to),
            promotion: m.promotion.map(|p| p.kind),
        }
    };
    board.make(m);
    let check = if board.in_check() {
        match board.has_legal_move() {
            Ok(true) => Some(CheckMark::Check),
            Ok(false) => Some(CheckMark::Checkmate),
            Err(e) => {
                board.unmake();
                return Err(movegen(e));
            }
        }
    } else {
        None
    };
    board.unmake();
    Ok(MoveText { action, check })
}

/// Reads an ICN compact move `x,y>x,y` with an optional promotion written
/// `=Q` or `Q` (`2,7>2,8=Q`, `2,7>1,8Q`): from, to and the promotion piece as
/// written (its case or player prefix names its player: `=q` is a black queen).
pub fn parse_compact(text: &str) -> Option<(Coord, Coord, Option<Piece>)> {
    let (from, rest) = text.trim().split_once('>')?;
    let split = rest
        .find(|c: char| c.is_ascii_alphabetic() || c == '=')
        .unwrap_or(rest.len());
    let (to, promo) = rest.split_at(split);
    let promo = promo.strip_prefix('=').unwrap_or(promo);
    let promotion = if promo.is_empty() {
        None
    } else {
        Some(Piece::from_code(promo).ok()?)
    };
    Some((Coord::parse(from).ok()?, Coord::parse(to).ok()?, promotion))
}

/// The legal move an ICN compact move names.
///
/// # Errors
/// [`SanError::Illegal`] with the generator's reason.
pub fn compact_move(board: &mut Board, text: &str) -> Result<Move, SanError> {
    let Some((from, to, promo)) = parse_compact(text) else {
        return Err(SanError::Illegal(format!(
            "expected a compact move like `5,2>5,4` or `2,7>2,8=Q`, found `{}`",
            icn_syntax::Excerpt(text)
        )));
    };
    board
        .check_move(&from, &to, promo)
        .map_err(|e| SanError::Illegal(e.to_string()))
}
