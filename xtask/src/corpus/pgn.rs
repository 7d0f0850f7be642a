//! The `pgn` corpus (`fixtures/pgn`): the adapter fixtures under `ok/` and
//! `err/` (checked by `icn_adapters::conformance`, see
//! [`super::fen::Adapters`]), and every real file under `real/`, whose games
//! must read as python-chess reads them (`icn_adapters::pgn_agreement`;
//! refusals only for the known reasons: variants the engine does not play,
//! Chess960 castling it does not play, null moves).

use std::path::Path;

use super::{Case, Corpus, RunOptions};

/// The `pgn` corpus.
pub struct Pgn;

/// The registered instance.
pub static CORPUS: Pgn = Pgn;

impl Corpus for Pgn {
    fn name(&self) -> &'static str {
        "pgn"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let mut out = super::fen::Adapters("pgn").cases(fixtures)?;
        let root = fixtures.join("pgn");
        for path in super::files_with_suffix(&root.join("real"), ".pgn")? {
            let rel = path.strip_prefix(&root).unwrap_or(&path);
            let name = rel.to_string_lossy().replace('\\', "/");
            out.push(Case { name, path });
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        if !case.name.starts_with("real/") {
            return super::fen::Adapters("pgn").run(case, options);
        }
        let a = icn_adapters::pgn_agreement::compare_file(&case.path)?;
        if a.disagreements.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{} of {} games read otherwise than python-chess reads them:\n  {}",
            a.disagreements.len(),
            a.games,
            a.disagreements.join("\n  ")
        ))
    }
}
