//! Converts FEN lines (standard input, or the start position) to ICN, one
//! line each, and back to FEN to show nothing was lost.
//!
//! `echo 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' | cargo run -p icn-adapters --example fen2icn`

use std::io::BufRead as _;

use icn_adapters::fen::Fen;
use icn_adapters::fen_icn::{fen_to_game, game_to_fen};
use icn_model::{Dialect, IcnForm, IcnStyle};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let style = IcnStyle {
        form: IcnForm::Compact,
        dialect: Dialect::Site,
    };
    let stdin = std::io::stdin();
    let lines: Vec<String> = if std::io::IsTerminal::is_terminal(&stdin) {
        vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()]
    } else {
        stdin.lock().lines().collect::<Result<_, _>>()?
    };
    for line in lines.iter().filter(|l| !l.trim().is_empty()) {
        let fen = Fen::parse(line)?;
        let game = fen_to_game(&fen)?;
        println!("{}", game.to_icn(style)?);
        assert_eq!(game_to_fen(&game)?, fen, "FEN → ICN → FEN is unchanged");
    }
    Ok(())
}
