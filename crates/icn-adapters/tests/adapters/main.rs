//! The adapters' integration tests: one binary.

mod fen;
mod fixtures;
mod sjaak;
