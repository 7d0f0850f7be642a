//! Evaluates a query (the first argument) on every position of an ICN game
//! (a file, or a short built-in game) and prints the plies that match.
//!
//! `cargo run -p icn-query --example search -- 'a attackedby A & ~ a attackedby a' [FILE]`

use icn_model::{Dialect, Game};
use icn_query::Query;
use icn_query::games::{Scope, search};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "check".to_string());
    let query = match Query::parse(&text) {
        Ok(q) => q,
        Err(e) => {
            eprint!("{}", e.render("query", &text));
            std::process::exit(1);
        }
    };
    let game_text = match args.next() {
        Some(path) => std::fs::read_to_string(path)?,
        None => "w 1,8,1,8 K5,1|k5,8|R1,1|n3,5 1,1>1,5|3,5>2,7|1,5>5,5".to_string(),
    };
    let game = Game::parse(&game_text, Dialect::Auto)?;
    let found = search(&query, &game, Scope::Every)?;
    println!(
        "{} of {} positions match: plies {:?}",
        found.plies.len(),
        found.evaluated,
        found.plies
    );
    Ok(())
}
