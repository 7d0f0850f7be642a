//! Converts an ICN game (a file, or a short example) to the JSON long form
//! and back, and checks that nothing was lost on the way.
//!
//! `cargo run -p icn-model --example json -- [FILE]`

use icn_model::{Dialect, Game, json};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => {
            "[Event \"demo\"] w 0/100 1 (8|1) 1,8,1,8 K5,1+|k5,8+|R1,1+ 1,1>1,7|5,8>4,8".to_string()
        }
    };
    let game = Game::parse(&text, Dialect::Auto)?;
    let long = json::to_json_string_pretty(&game);
    println!("{long}");
    let back = json::from_json_str(&long)?;
    assert_eq!(back, game, "the JSON long form reads back to the same game");
    eprintln!(
        "{} pieces, {} moves: read back unchanged",
        game.position.pieces.len(),
        game.moves.len()
    );
    Ok(())
}
