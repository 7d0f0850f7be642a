//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod pgn;
mod props;
mod san;
mod sanlike_game;
mod sjaak;
