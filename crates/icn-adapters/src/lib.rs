#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`fen`]: FEN / X-FEN / Shredder-FEN with crazyhouse pockets and three-check counters.
//! * [`fen_icn`]: FEN ↔ ICN with the 8×8 "Chess" rules.
//! * [`notation`]: what SAN and the SAN-like notation share (resolving and describing moves).
//! * [`san`]: Standard Algebraic Notation; [`sanlike`]: the SAN-like notation of the unbounded board.
//! * [`sanlike_game`]: ICN games with SAN-like moves, read ([`sanlike_game::read_game`]) and written.
//! * [`lines`]: the `--lines` batch modes as library functions.
//! * [`pgn`]: PGN as people write it: [`pgn_read`] splits games and tokens,
//!   [`pgn_move`] reads move words, [`pgn_import`] makes ICN games, [`pgn_export`]
//!   writes PGN, [`pgn_stream`] converts whole files one game at a time.
//! * [`sjaak`]: Sjaak `variants.txt` ↔ icn-rules objects.
//! * [`fsf`]: Fairy-Stockfish `variants.ini` and Betza ↔ icn-rules objects.
//! * [`convert`]: variant definitions between Sjaak, Fairy-Stockfish, ICN, FBR and JSON.
//! * [`conformance`]: the `fixtures/{fen,san,pgn,sjaak}` runner.

pub mod conformance;
pub mod convert;
pub mod convert_many;
pub mod document;
pub mod fen;
pub mod fen_icn;
pub mod fsf;
pub mod lines;
pub mod notation;
pub mod pgn;
pub mod pgn_agreement;
pub mod pgn_export;
pub mod pgn_import;
pub mod pgn_move;
pub mod pgn_read;
pub mod pgn_stream;
pub mod roundtrip;
pub mod san;
pub mod sanlike;
pub mod sanlike_game;
pub mod sjaak;
