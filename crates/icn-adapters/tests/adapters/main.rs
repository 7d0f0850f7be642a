//! The adapters' integration tests: one binary.

mod convert;
mod fen;
mod fixtures;
mod san;
mod sjaak;
