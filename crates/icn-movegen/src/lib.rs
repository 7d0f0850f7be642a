#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`Board`]: a validated position with compiled rules; [`Sq`] its squares.
//! * [`MoveFamily`], [`Move`]: legal moves, finitely described even when infinite.
//! * [`Board::make`] / [`Board::unmake`], [`Board::zobrist`].
//! * [`Board::check_move`], [`Board::is_legal`]: one move, however far.
//! * [`Board::perft`]: exact leaf counts.
//! * [`replay()`], [`Board::game_end`]: games and how they end.
//! * [`query`](Board::attacked_by) functions: attacks, check, mate, material, pawn structure.

mod atomic;
mod attacks;
mod bitboard;
mod board;
mod complex;
mod config;
mod constrain;
mod counting;
mod drops;
mod error;
mod extinction;
mod generate;
mod geometry;
mod legality;
mod limits;
mod lion;
mod lowering;
mod make;
mod mask;
mod moves;
mod outcome;
mod palace;
mod perft;
mod polyglot_random;
mod promote_by_move;
mod query;
mod racing;
mod regions;
mod replay;
mod small;
mod store;
mod types;
mod zobrist;

pub use board::{Board, MAX_LISTED_MOVES};
pub use error::MovegenError;
pub use geometry::{Border, COORD_LIMIT, Sq, counter_in_range, int_in_range};
pub use lowering::rules_of;
pub use moves::{Gate, Move, MoveFamily, MoveKind};
pub use outcome::{GameEnd, Termination};
pub use perft::{EndedGames, PerftMode};
pub use query::{PawnStructure, power};
pub use regions::AttackPart;
pub use replay::{Replay, ReplayError, replay};

/// The test playouts' pseudo-random step (a 64-bit linear congruential
/// generator): advances `seed` and returns it.
#[cfg(test)]
pub(crate) fn next_random(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed
}
