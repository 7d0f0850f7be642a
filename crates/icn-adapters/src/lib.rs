#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`fen`]: FEN / X-FEN / Shredder-FEN with crazyhouse pockets and three-check counters.
//! * [`fen_icn`]: FEN ↔ ICN with the 8×8 "Chess" rules.
//! * [`notation`]: what SAN and the SAN-like notation share (resolving and describing moves).
//! * [`san`]: Standard Algebraic Notation; [`sanlike`]: the SAN-like notation of the unbounded board.
//! * [`sanlike_game`]: ICN games with SAN-like moves, read ([`sanlike_game::read_game`]) and written.
//! * [`lines`]: the `--lines` batch modes as library functions.
//! * [`pgn`]: streaming PGN import; [`pgn_export`]: PGN export and whole-file conversions.
//! * [`sjaak`]: Sjaak `variants.txt` ↔ icn-rules objects.
//! * [`convert`]: variant definitions between Sjaak, ICN, FBR and JSON.
//! * [`conformance`]: the `fixtures/{fen,san,pgn,sjaak}` runner.

pub mod conformance;
pub mod convert;
pub mod document;
pub mod fen;
pub mod fen_icn;
pub mod lines;
pub mod notation;
pub mod pgn;
pub mod pgn_export;
pub mod san;
pub mod sanlike;
pub mod sanlike_game;
pub mod sjaak;
