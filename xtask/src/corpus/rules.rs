//! The `rules` corpus (`fixtures/rules`): FBR texts, ICN rule headers and
//! catalogue variants with their expected rule sets or diagnostics. The cases
//! and their checks live in `icn_rules::conformance`, so `cargo test -p
//! icn-rules` runs the same code.

use std::path::Path;

use super::{Case, Corpus, RunOptions};

/// The rule fixtures.
pub struct Rules;

/// The registered instance.
pub static CORPUS: Rules = Rules;

impl Corpus for Rules {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let root = fixtures.join("rules");
        let mut out = Vec::new();
        for path in icn_rules::conformance::list_cases(&root)? {
            let rel = path.strip_prefix(&root).unwrap_or(&path);
            out.push(Case {
                name: rel.to_string_lossy().replace('\\', "/"),
                path,
            });
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        if options.bless {
            icn_rules::conformance::bless_case(&case.path)
        } else {
            icn_rules::conformance::check_case(&case.path)
        }
    }
}
