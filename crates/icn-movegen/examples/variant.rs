//! Defines a variant — a position, FBR rules, and a piece whose movement is
//! given as data — and counts its move tree (perft) to a depth.
//!
//! `cargo run --release -p icn-movegen --example variant -- [DEPTH]`

use icn_model::{Dialect, Game, Int, PieceKind};
use icn_movegen::{Board, PerftMode};
use icn_rules::fbr;
use icn_rules::movement::Movement;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let depth: u32 = std::env::args().nth(1).map_or(Ok(3), |d| d.parse())?;
    // Kings, a guard and pawns on an open board; three checks win.
    let game = Game::parse("w K5,1|k5,8|GU4,1|gu4,8|P1,2+|p1,7+", Dialect::Auto)?;
    let mut rules = fbr::parse("royal{Kk}=maxchecks(3) promotion{P}[8] promotion{p}[1]")?;
    // Here the guard leaps like an alfil (two squares diagonally) instead.
    rules
        .movements
        .insert(PieceKind::Guard, Movement::leaper(2, 2));
    // Nothing slides on this board, but a limit keeps every move set finite anyway.
    rules.slide_limit = Some(Int::from(16));
    let mut board = Board::new(&game.position, &rules)?;
    for d in 1..=depth {
        println!("perft {d}: {}", board.perft(d, PerftMode::Bulk)?);
    }
    Ok(())
}
