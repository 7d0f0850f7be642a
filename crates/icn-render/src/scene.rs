//! [`Scene`]: what a picture shows, apart from how it is drawn — the
//! pieces, the world border, the last move and the royal pieces in check.
//!
//! [`Scene::from_game`] replays a game's moves with exact legality (a game
//! whose moves do not replay is refused with the engine's reason) and asks
//! the engine which royal pieces of the side to move stand in check.
//! [`Scene::of_position`] needs no engine: a position as written, at any
//! coordinates, with nothing highlighted unless the caller says so.

use icn_model::{Coord, Game, PlacedPiece, WorldBorder};
use icn_movegen::{Board, Sq};

use crate::{RenderError, Window};

/// Whether a picture marks the last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LastMove {
    /// Mark the origin and target squares of the game's last move.
    Show,
    /// Mark nothing.
    #[default]
    Hide,
}

/// Everything a picture shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scene {
    /// The pieces, one per square (voids and obstacles among them).
    pub pieces: Vec<PlacedPiece>,
    /// The world border, if any: squares outside it are drawn off the board.
    pub border: Option<WorldBorder>,
    /// The squares of the last move, origin then target.
    pub last_move: Option<(Coord, Coord)>,
    /// Squares of royal pieces in check.
    pub checked: Vec<Coord>,
    /// What could not be worked out (said, not guessed): the engine could
    /// not set up the position, so no check is marked.
    pub notes: Vec<String>,
}

impl Scene {
    /// The position of `game` as written (its moves not played), its world
    /// border, and nothing marked.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_render::Scene;
    /// let g = Game::parse("w K1000000000000000,1|k5,8", Dialect::Auto).unwrap();
    /// let scene = Scene::of_position(&g);
    /// assert_eq!(scene.pieces.len(), 2);
    /// assert!(scene.checked.is_empty());
    /// ```
    pub fn of_position(game: &Game) -> Scene {
        Scene {
            pieces: game.position.standing().into_owned(),
            border: game.rules.world_border.clone(),
            ..Scene::default()
        }
    }

    /// The position after `game`'s moves, with the royal pieces of the side
    /// to move marked when they stand in check, and the last move when
    /// `last` says so.
    ///
    /// # Errors
    /// [`RenderError::Replay`] when the moves do not replay. A position the
    /// engine cannot set up (coordinates beyond its range, rules it does
    /// not play) is drawn as written when the game has no moves, with a
    /// note that check is not marked; with moves it is refused.
    ///
    /// ```
    /// use icn_model::{Coord, Dialect, Game};
    /// use icn_render::{LastMove, Scene};
    /// let g = Game::parse("w K5,1|k5,8|R1,1 1,1>1,8", Dialect::Auto).unwrap();
    /// let scene = Scene::from_game(&g, LastMove::Show).unwrap();
    /// assert_eq!(scene.checked, vec![Coord::new(5, 8)]);
    /// assert_eq!(scene.last_move, Some((Coord::new(1, 1), Coord::new(1, 8))));
    /// ```
    pub fn from_game(game: &Game, last: LastMove) -> Result<Scene, RenderError> {
        if game.moves.is_empty() {
            let mut scene = Scene::of_position(game);
            match Board::from_game(game) {
                Ok(board) => scene.checked = checked(&board),
                Err(e) => scene.notes.push(format!("check is not marked: {e}")),
            }
            return Ok(scene);
        }
        let replay = icn_movegen::replay(game, None).map_err(RenderError::Replay)?;
        let position = replay.position(game);
        let last_move = match last {
            LastMove::Show => game.moves.last().map(|m| (m.from.clone(), m.to.clone())),
            LastMove::Hide => None,
        };
        Ok(Scene {
            pieces: position.standing().into_owned(),
            border: game.rules.world_border.clone(),
            last_move,
            checked: checked(&replay.board),
            notes: Vec::new(),
        })
    }

    /// The default window: the pieces' bounding box and a margin
    /// ([`Window::around`]).
    ///
    /// # Errors
    /// As [`Window::around`].
    pub fn window(&self) -> Result<Window, RenderError> {
        Window::around(&self.pieces)
    }
}

/// The royal pieces of the side to move that an opponent attacks (kings,
/// royal queens and royal centaurs; kinds a variant makes royal besides
/// are not marked).
fn checked(board: &Board) -> Vec<Coord> {
    if !board.in_check() {
        return Vec::new();
    }
    let side = board.side_to_move();
    board
        .squares_of(side)
        .into_iter()
        .filter(|&s: &Sq| {
            board
                .piece_at(s)
                .is_some_and(|p| icn_rules::movement::royal_by_default(p.kind))
                && board.square_attacked_by_opponents_of(s, side)
        })
        .map(Sq::to_coord)
        .collect()
}
