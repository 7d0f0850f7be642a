//! The `query` corpus: `fixtures/query/expected/*.tsv`, python-chess facts
//! of every position of the PGN games in `fixtures/query/pgn`, checked by
//! `icn_query::conformance` (shared with `cargo test -p icn-query`, which
//! checks a slice). Quick runs check the first rows of each file.

use std::path::Path;

use super::{Case, Corpus, RunOptions};

/// Rows checked per file in quick runs.
const QUICK_ROWS: usize = 150;

/// The query corpus.
pub struct QueryCorpus;

/// The registered instance.
pub static CORPUS: QueryCorpus = QueryCorpus;

impl Corpus for QueryCorpus {
    fn name(&self) -> &'static str {
        "query"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let root = fixtures.join("query");
        if !root.join("expected").exists() {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for path in icn_query::conformance::cases(&root)? {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            out.push(Case {
                name: format!("expected/{stem}"),
                path,
            });
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let limit = options.quick.then_some(QUICK_ROWS);
        icn_query::conformance::run(&case.path, limit).map(|_| ())
    }
}
