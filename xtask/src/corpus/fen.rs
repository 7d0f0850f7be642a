//! The `fen` corpus (`fixtures/fen`), and [`Adapters`], the corpus type of
//! every adapter fixture folder (`fen`, `san`, `pgn`, `sjaak`): the cases and
//! their checks live in `icn_adapters::conformance`, so `cargo test -p
//! icn-adapters` runs the same code.

use std::path::Path;

use super::{Case, Corpus, RunOptions};

/// An adapter corpus: the folder `fixtures/<name>`.
pub struct Adapters(pub &'static str);

/// The registered instance.
pub static CORPUS: Adapters = Adapters("fen");

impl Corpus for Adapters {
    fn name(&self) -> &'static str {
        self.0
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let root = fixtures.join(self.0);
        let mut out = Vec::new();
        for path in icn_adapters::conformance::list_cases(&root)? {
            let rel = path.strip_prefix(&root).unwrap_or(&path);
            let name = rel.to_string_lossy().replace('\\', "/");
            out.push(Case { name, path });
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        icn_adapters::conformance::run_or_bless(&case.path, options.bless)
    }
}
