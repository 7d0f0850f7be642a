//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod pgn;
mod san;
mod sjaak;
