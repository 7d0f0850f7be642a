//! The library half of `cargo xtask`: everything the tasks do, so that
//! xtask's own tests (run by `cargo test --workspace`) can run it too.
//!
//! * [`corpus`]: the conformance corpora, one module each.
//! * [`conformance`]: running corpora and the summary table.
//! * [`tidy`]: the layering check over every crate's `Cargo.toml`.
//! * [`bench`](mod@bench): the generated benchmark corpus and the measurements.
//! * [`fuzz`]: mutated inputs through every reader, in bounded time.

pub mod bench;
pub mod conformance;
pub mod corpus;
pub mod fuzz;
pub mod tidy;

/// The tour of `docs/library.md`, run as doctests so the guide stays true.
#[cfg(doctest)]
#[doc = include_str!("../../docs/library.md")]
pub struct LibraryGuide;

use std::path::{Path, PathBuf};

/// The workspace root (the folder above `xtask/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The `fixtures/` folder.
pub fn fixtures_dir() -> PathBuf {
    workspace_root().join("fixtures")
}
