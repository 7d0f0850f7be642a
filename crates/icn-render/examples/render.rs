//! Draws the final position of a short game, with its last move and the
//! check it gives, as SVG (or PNG when the name ends in `.png`).
//!
//! `cargo run -p icn-render --example render -- board.png`

use icn_model::{Dialect, Game};
use icn_render::{LastMove, Scene, draw};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "board.svg".to_string());
    let game = Game::parse(
        "w 1,8,1,8 K5,1|Q4,1|B6,1|k5,8|p6,7|p4,7 6,1>2,5|5,8>4,8|4,1>4,7",
        Dialect::Auto,
    )?;
    let scene = Scene::from_game(&game, LastMove::Show)?;
    let picture = draw(&scene, &scene.window()?);
    if out.ends_with(".png") {
        std::fs::write(&out, icn_render::png::encode(&picture)?)?;
    } else {
        std::fs::write(&out, &picture.svg)?;
    }
    println!(
        "wrote {out} ({} x {})",
        picture.layout.width, picture.layout.height
    );
    Ok(())
}
