//! Replaying a game: every move checked and played in order, the first
//! illegal one refused with its number and a reason, the end of the game
//! detected. A move that names its piece (`N5,5>6,7`, ICN's long form) must
//! name the piece that stands there, owner included.

use icn_model::{Game, Position};

use crate::MovegenError;
use crate::board::Board;
use crate::outcome::GameEnd;

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The start position or rules were refused.
    #[error("{0}")]
    Setup(MovegenError),
    /// A move was illegal (or not decidable).
    #[error("move {number}, {text}: {reason}")]
    Move {
        /// Half-moves played before it.
        ply: usize,
        /// The fullmove number, with `...` for a move that is not White's.
        number: String,
        /// The move as `x,y>x,y`.
        text: String,
        /// Why.
        reason: String,
    },
    /// A move was played after the game had ended.
    #[error("move {number}, {text}: the game is already over ({termination})")]
    AfterEnd {
        /// The fullmove number.
        number: String,
        /// The move.
        text: String,
        /// How the game had ended.
        termination: &'static str,
    },
}

/// A replayed game.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The board after the moves played.
    pub board: Board,
    /// Half-moves played.
    pub plies: usize,
    /// How the game ended, when it did.
    pub end: Option<GameEnd>,
}

impl Replay {
    /// The position after the moves played, as the model writes it (the move
    /// rule limit taken from the game's start position).
    pub fn position(&self, game: &Game) -> Position {
        self.board
            .to_position(game.position.move_rule.as_ref().map(|m| &m.limit))
    }

    /// The game with the position after the moves played as its start and no moves.
    pub fn as_game(&self, game: &Game) -> Game {
        Game {
            metadata: Default::default(),
            position: self.position(game),
            rules: game.rules.clone(),
            annotations: game.annotations.clone(),
            leading_comments: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// Plays the moves of `game` (the first `at` of them when given).
///
/// # Errors
/// [`ReplayError`] for a refused start position, the first illegal move, or
/// a move after the end of the game.
///
/// ```
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("w 1,8,1,8 K5,1|k5,8|R1,1 1,1>1,7|5,8>5,5", Dialect::Auto).unwrap();
/// let e = icn_movegen::replay(&g, None).unwrap_err();
/// assert_eq!(e.to_string(), "move 1..., 5,8>5,5: a king on 5,8 cannot reach 5,5");
/// let g = Game::parse("w K5,1|k5,8|R1,1 1,1>1,7|N5,8>4,8", Dialect::Auto).unwrap();
/// let e = icn_movegen::replay(&g, None).unwrap_err();
/// assert_eq!(e.to_string(), "move 1..., 5,8>4,8: the move names `N`, but 5,8 holds `k`");
/// ```
pub fn replay(game: &Game, at: Option<usize>) -> Result<Replay, ReplayError> {
    let mut board = Board::from_game(game).map_err(ReplayError::Setup)?;
    board.count_repetitions();
    let mut end = None;
    let n = at.map_or(game.moves.len(), |a| a.min(game.moves.len()));
    for (ply, m) in game.moves.iter().take(n).enumerate() {
        let number = if board.side_to_move() == icn_model::Player::WHITE {
            board.fullmove_number().to_string()
        } else {
            format!("{}...", board.fullmove_number())
        };
        if let Some(e) = end {
            let e: GameEnd = e;
            return Err(ReplayError::AfterEnd {
                number,
                text: m.compact(),
                termination: e.termination.word(),
            });
        }
        let mv = board
            .check_move(&m.from, &m.to, m.promotion)
            .map_err(|e| ReplayError::Move {
                ply,
                number: number.clone(),
                text: m.compact(),
                reason: match e {
                    MovegenError::Illegal(r) => r,
                    other => other.to_string(),
                },
            })?;
        if let Some(named) = m.piece
            && board.piece_at(mv.from) != Some(named)
        {
            let there = board
                .piece_at(mv.from)
                .map_or_else(|| "nothing".to_string(), |p| format!("`{}`", p.code()));
            return Err(ReplayError::Move {
                ply,
                number,
                text: m.compact(),
                reason: format!(
                    "the move names `{}`, but {} holds {there}",
                    named.code(),
                    m.from
                ),
            });
        }
        board.make(&mv);
        end = board.game_end().map_err(|e| ReplayError::Move {
            ply,
            number,
            text: m.compact(),
            reason: e.to_string(),
        })?;
    }
    Ok(Replay {
        board,
        plies: n,
        end,
    })
}
