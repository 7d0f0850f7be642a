//! The `fsf` corpus (`fixtures/fsf`): Fairy-Stockfish `variants.ini` files
//! read into rule objects (`ok/`, `err/`) and the start perft of written
//! sections against pyffish's figures (`perft/`), checked by
//! `icn_adapters::fsf::conformance` (shared with `cargo test -p
//! icn-adapters`, which stops perft at depth 2).

use std::path::Path;

use super::{Case, Corpus, RunOptions};

/// The fsf corpus.
pub struct FsfCorpus;

/// The registered instance.
pub static CORPUS: FsfCorpus = FsfCorpus;

impl Corpus for FsfCorpus {
    fn name(&self) -> &'static str {
        "fsf"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let root = fixtures.join("fsf");
        let mut out = Vec::new();
        for path in icn_adapters::fsf::conformance::list_cases(&root)? {
            let rel = path.strip_prefix(&root).unwrap_or(&path);
            let name = rel.to_string_lossy().replace('\\', "/");
            out.push(Case { name, path });
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        icn_adapters::fsf::conformance::run_case(&case.path, options.bless, options.quick)
    }
}
