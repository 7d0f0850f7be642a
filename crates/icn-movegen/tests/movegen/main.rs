//! Integration tests of icn-movegen: perft fixtures, zobrist keys, move
//! families and legality on the unbounded board, replay, queries.

mod brute;
mod crosscheck;
mod families;
mod limits;
mod perft;
mod players;
mod query;
mod replay;
mod zobrist;

use icn_model::{Dialect, Game};
use icn_movegen::Board;

/// A board from ICN text.
pub fn board(icn: &str) -> Board {
    let g = Game::parse(icn, Dialect::Auto).unwrap_or_else(|e| panic!("{icn}: {e}"));
    Board::from_game(&g).unwrap_or_else(|e| panic!("{icn}: {e}"))
}
