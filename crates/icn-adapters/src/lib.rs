#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`fen`]: FEN / X-FEN / Shredder-FEN with crazyhouse pockets and three-check counters.
//! * [`fen_icn`]: FEN ↔ ICN.

pub mod conformance;
pub mod convert;
pub mod fen;
pub mod fen_icn;
pub mod lines;
pub mod notation;
pub mod pgn;
pub mod pgn_export;
pub mod san;
pub mod sanlike;
pub mod sjaak;
