//! Reads a game as infinitechess.org writes it (a file, or a short built-in
//! game), replays it with exact legality, and prints each move in the
//! SAN-like notation with the final position and how the game ended.
//!
//! `cargo run -p icn-adapters --example site_game -- [FILE]`

use icn_adapters::sanlike::move_to_sanlike;
use icn_model::{Dialect, Game, IcnForm, IcnStyle};
use icn_movegen::{Board, replay};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => "[Event \"Casual\"] [Result \"1-0\"] w 0/100 1 (8|1) 1,8,1,8 \
                 K5,1+|k5,8+|R1,1+|R8,1+ 1,1>1,7|5,8>4,8|8,1>8,8#"
            .to_string(),
    };
    let game = Game::parse(&text, Dialect::Site)?;
    let mut board = Board::from_game(&game)?;
    for m in &game.moves {
        let mv = board.check_move(&m.from, &m.to, m.promotion)?;
        println!("{}", move_to_sanlike(&mut board, &mv)?);
        board.make(&mv);
    }
    let done = replay(&game, None)?;
    let style = IcnStyle {
        form: IcnForm::Compact,
        dialect: Dialect::Site,
    };
    println!("final position: {}", done.as_game(&game).to_icn(style)?);
    match done.end {
        Some(end) => println!("ended: {end:?}"),
        None => println!("the game goes on"),
    }
    Ok(())
}
