//! The `san` corpus (`fixtures/san`), checked by `icn_adapters::conformance`
//! (see [`super::fen::Adapters`]).

/// The registered instance.
pub static CORPUS: super::fen::Adapters = super::fen::Adapters("san");
