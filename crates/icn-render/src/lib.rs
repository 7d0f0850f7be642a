#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`Window`]: the part of the unbounded board a picture shows (bounded: at
//!   most [`MAX_SIDE`] squares a side).
//! * [`Scene`]: what is shown — pieces, world border, last move, check.
//! * [`draw`]: a scene in a window as SVG ([`Picture`], with its [`Layout`]).
//! * [`png`] (feature `png`, on by default): the SVG rasterised with resvg.

mod glyphs;
mod pieces;
#[cfg(feature = "png")]
pub mod png;
mod scene;
mod svg;
mod window;

pub use scene::{LastMove, Scene};
pub use svg::{Layout, Picture, SQUARE, colour, draw};
pub use window::{MARGIN, MAX_SIDE, Window};

/// Why a picture could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The window asked for, or the default one, is not a picture's size.
    #[error("{0}")]
    Window(String),
    /// The game's moves do not replay, so its position is not known.
    #[error("cannot replay the game: {0}")]
    Replay(icn_movegen::ReplayError),
    /// The SVG could not be turned into pixels.
    #[error("{0}")]
    Raster(String),
}
