//! A query run over a game: the moves replayed with exact legality on one
//! board, the query evaluated at every position (the start position is ply
//! 0) or only at the last one. The first illegal move stops the game with
//! its number; positions before it have been evaluated.

use std::cell::RefCell;

use icn_model::{Game, GameRules, Position};
use icn_movegen::{Board, MovegenError};

use crate::{PositionInfo, Query, QueryError};

/// Which positions of a game are looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// Every position, from the start.
    #[default]
    Every,
    /// Only the position after the last move.
    Final,
}

/// Why a game could not be searched to its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The start position or rules were refused by the engine.
    #[error("{0}")]
    Setup(MovegenError),
    /// A move could not be played.
    #[error("move {ply}: {reason}")]
    Move {
        /// Half-moves played before it (so the move's index).
        ply: usize,
        /// Why.
        reason: String,
    },
    /// The query failed at a position.
    #[error("at ply {ply}: {error}")]
    Query {
        /// The position's ply.
        ply: usize,
        /// The error, with its span in the query.
        error: QueryError,
    },
}

/// What a search of one game found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Plies of the positions that matched, ascending.
    pub plies: Vec<usize>,
    /// Positions evaluated.
    pub evaluated: usize,
}

/// Evaluates `query` over the positions of `game` in `scope`.
///
/// # Errors
/// [`GameError`]; the positions evaluated before it are lost.
///
/// ```
/// use icn_model::{Dialect, Game};
/// use icn_query::{Query, games::{search, Scope}};
/// let g = Game::parse("w 1,8,1,8 K5,1|k5,8|R1,1 1,1>1,7|5,8>4,8|1,7>1,8", Dialect::Auto).unwrap();
/// let found = search(&Query::parse("check").unwrap(), &g, Scope::Every).unwrap();
/// assert_eq!(found.plies, vec![3]);
/// assert_eq!(found.evaluated, 4);
/// ```
pub fn search(query: &Query, game: &Game, scope: Scope) -> Result<Found, GameError> {
    search_with(query, game, scope, |_, _| {})
}

/// [`search`], calling `on_match` with the ply and board of every
/// position that matches.
///
/// # Errors
/// As [`search`].
pub fn search_with(
    query: &Query,
    game: &Game,
    scope: Scope,
    mut on_match: impl FnMut(usize, &Board),
) -> Result<Found, GameError> {
    let mut board = start_board(game).map_err(GameError::Setup)?;
    let n = game.moves.len();
    let mut found = Found::default();
    let mut look = |board: &mut Board, ply: usize, found: &mut Found| {
        let info = PositionInfo {
            game: Some(game),
            terminal: ply == n,
        };
        found.evaluated += 1;
        if query
            .matches(board, info)
            .map_err(|error| GameError::Query { ply, error })?
        {
            found.plies.push(ply);
            on_match(ply, board);
        }
        Ok::<(), GameError>(())
    };
    if scope == Scope::Every {
        look(&mut board, 0, &mut found)?;
    }
    for (ply, m) in game.moves.iter().enumerate() {
        let mv = board
            .check_move(&m.from, &m.to, m.promotion)
            .map_err(|e| GameError::Move {
                ply,
                reason: match e {
                    MovegenError::Illegal(r) => r,
                    other => other.to_string(),
                },
            })?;
        board.make(&mv);
        if scope == Scope::Every || ply + 1 == n {
            look(&mut board, ply + 1, &mut found)?;
        }
    }
    if scope == Scope::Final && n == 0 {
        look(&mut board, 0, &mut found)?;
    }
    Ok(found)
}

thread_local! {
    /// The last start position built on this thread, with its rules: a
    /// collection's games mostly share one, and building a board compiles
    /// the rules (a quarter of the time of a `check` search, measured).
    static LAST_START: RefCell<Option<(Position, GameRules, Board)>> = const { RefCell::new(None) };
}

/// The board of the game's start position: a copy of the last one built on
/// this thread when position and rules are the same. A game without a
/// piece list (its variant's pieces come from its metadata) is always built.
fn start_board(game: &Game) -> Result<Board, MovegenError> {
    if game.position.pieces.is_empty() {
        return Board::from_game(game);
    }
    LAST_START.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((p, r, b)) = last.as_ref()
            && *p == game.position
            && *r == game.rules
        {
            return Ok(b.clone());
        }
        let b = Board::from_game(game)?;
        *last = Some((game.position.clone(), game.rules.clone(), b.clone()));
        Ok(b)
    })
}
