//! `icn render [FILE] [--window L,R,B,T] [--last-move] -o board.svg|board.png`:
//! a picture of a position, or of a game's final position (its moves
//! replayed with exact legality), drawn by `icn-render`. The window
//! defaults to the pieces' bounding box and a margin; a window (given or
//! default) wider or taller than 256 squares is refused, naming the fix.
//! The output's extension chooses the format: `.svg`, or `.png` (rasterised
//! with resvg); anything else is a usage error.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use icn_render::{LastMove, Scene, Window};

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::read_whole_game;
use crate::input::InputArg;

/// Options of `icn render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write the picture: a `.svg` or `.png` file.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// The squares to show, `left,right,bottom,top` (at most 256 a side);
    /// by default the pieces' bounding box and one square around it.
    #[arg(long, value_name = "L,R,B,T", allow_hyphen_values = true)]
    pub window: Option<String>,
    /// Mark the origin and target squares of the game's last move.
    #[arg(long)]
    pub last_move: bool,
    /// Dialect ICN input must follow.
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

/// The picture formats, told by the output's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn format_of(path: &Path) -> anyhow::Result<Format> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => anyhow::bail!(
            "cannot tell the picture format of `{}`: name the output `….svg` or `….png`",
            path.display()
        ),
    }
}

/// Runs `icn render`.
///
/// # Errors
/// Usage errors (an output that is neither `.svg` nor `.png`) and I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let format = format_of(&args.output)?;
    let window = match args.window.as_deref().map(Window::parse).transpose() {
        Ok(w) => w,
        Err(e) => anyhow::bail!("--window: {e}"),
    };
    let Some(whole) = read_whole_game(&args.input, args.from_dialect.into())? else {
        return Ok(Outcome::Invalid);
    };
    let origin = &whole.origin;
    let last = if args.last_move {
        LastMove::Show
    } else {
        LastMove::Hide
    };
    let scene = match Scene::from_game(&whole.game, last) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{origin}: error[render]: {e}");
            return Ok(Outcome::Invalid);
        }
    };
    for note in &scene.notes {
        eprintln!("{origin}: note: {note}");
    }
    let window = match window.map_or_else(|| scene.window(), Ok) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{origin}: error[render]: {e}");
            return Ok(Outcome::Invalid);
        }
    };
    let picture = icn_render::draw(&scene, &window);
    let bytes = match format {
        Format::Svg => picture.svg.into_bytes(),
        Format::Png => icn_render::png::encode(&picture)?,
    };
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("cannot write `{}`", args.output.display()))?;
    Ok(Outcome::Valid)
}
