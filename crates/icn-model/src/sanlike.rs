//! The hook that lets an ICN game hold SAN-like moves (`docs/san-like.md`).
//!
//! A SAN-like move (`N3,4`, `O-O`) names a piece and a destination; which
//! piece moves follows only from the legal moves of the position, and the
//! model cannot generate moves (icn-movegen sits above it). So
//! [`crate::lower_with`] hands each SAN-like move, in order, to a
//! [`SanLikeResolver`] together with the game so far. icn-adapters provides
//! one that plays the moves on a board; [`crate::lower`] uses
//! [`RefuseSanLike`], which says where to find it.

use crate::{Game, Move};

/// Why a SAN-like move could not be resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanLikeError {
    /// The move the problem is about, as an index into the game's moves:
    /// the SAN-like move itself, or an earlier move that could not be played.
    pub ply: usize,
    /// What is wrong.
    pub message: String,
}

/// Turns SAN-like moves into coordinates while a document is lowered.
pub trait SanLikeResolver {
    /// The move `text` names when it is played after `game.moves` from
    /// `game`'s start position. `text` has no check mark or glyphs. Only the
    /// squares, the promotion, the moving piece and the capture flag of the
    /// returned move are used; the rest comes from the text.
    ///
    /// # Errors
    /// The text names no legal move or several, or an earlier move (index
    /// `ply` of `game.moves`) cannot be played.
    fn resolve(&mut self, game: &Game, text: &str) -> Result<Move, SanLikeError>;
}

/// The resolver of [`crate::lower`]: refuses every SAN-like move, saying
/// what can read it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RefuseSanLike;

impl SanLikeResolver for RefuseSanLike {
    fn resolve(&mut self, game: &Game, text: &str) -> Result<Move, SanLikeError> {
        Err(SanLikeError {
            ply: game.moves.len(),
            message: format!(
                "`{text}` is a SAN-like move: which move it is depends on the legal moves, \
                 which icn-model does not generate; read the game with \
                 `icn_adapters::sanlike_game::read_game` (the `icn` commands do)"
            ),
        })
    }
}

/// Replaces the placeholder of every move `i` with `written[i] = Some(text)`
/// by what `resolver` says, showing it the moves before each one.
pub(crate) fn resolve_in_order(
    game: &mut Game,
    written: &[Option<&str>],
    resolver: &mut dyn SanLikeResolver,
) -> Result<(), SanLikeError> {
    if written.iter().all(Option::is_none) {
        return Ok(());
    }
    let moves = std::mem::take(&mut game.moves);
    game.moves.reserve(moves.len());
    for (mut mv, text) in moves.into_iter().zip(written) {
        if let Some(text) = text {
            let found = resolver.resolve(game, text)?;
            mv.from = found.from;
            mv.to = found.to;
            mv.promotion = found.promotion;
            mv.piece = found.piece;
            mv.capture = found.capture;
        }
        game.moves.push(mv);
    }
    Ok(())
}
