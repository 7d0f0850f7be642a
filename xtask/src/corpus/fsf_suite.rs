//! The `fsf-suite` corpus: Fairy-Stockfish's own perft suite
//! (`fixtures/fsf/suite.tsv`, from its `tests/perft.sh` by
//! `fixtures/fsf/gen/suite.py`) and the positions generated with pyffish
//! in the same format (the other `fixtures/fsf/*.tsv`, each made by the
//! `fixtures/fsf/gen/` script of its name), checked by
//! `icn_adapters::fsf::suite`. One case per row the toolkit can express (the
//! others are refused with the reason: see `icn perft --variant NAME --fen
//! FEN`); a quick run keeps the rows of at most 250,000 nodes.

use std::path::Path;

use icn_adapters::fsf::suite::{RowOutcome, SuiteRow, prepare, read_suite, run_row};

use super::{Case, Corpus, RunOptions};

/// The Fairy-Stockfish perft suite corpus.
pub struct FsfSuite;

/// The registered instance.
pub static CORPUS: FsfSuite = FsfSuite;

/// Rows of at most this many nodes run in a quick run.
const QUICK_NODES: u64 = 250_000;

/// Every row of every `fixtures/fsf/*.tsv`, with its case name.
fn rows(fixtures: &Path) -> anyhow::Result<Vec<(String, SuiteRow)>> {
    let mut files: Vec<_> = std::fs::read_dir(fixtures.join("fsf"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        let text = std::fs::read_to_string(&file)?;
        let rows = read_suite(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        for (i, row) in rows.into_iter().enumerate() {
            out.push((format!("{stem}/{i:03} {} d{}", row.variant, row.depth), row));
        }
    }
    Ok(out)
}

impl Corpus for FsfSuite {
    fn name(&self) -> &'static str {
        "fsf-suite"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let mut out = Vec::new();
        for (name, row) in rows(fixtures)? {
            if prepare(&row).is_ok() {
                out.push(Case {
                    name,
                    path: fixtures.to_path_buf(),
                });
            }
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let all = rows(&case.path).map_err(|e| e.to_string())?;
        let row = all
            .iter()
            .find(|(name, _)| *name == case.name)
            .map(|(_, r)| r)
            .ok_or("no such row")?;
        if options.quick && row.nodes > QUICK_NODES {
            return Ok(());
        }
        match run_row(row) {
            RowOutcome::Exact => Ok(()),
            RowOutcome::Wrong(n) => Err(format!(
                "perft {}: {n}, Fairy-Stockfish counts {}",
                row.depth, row.nodes
            )),
            RowOutcome::Refused(why) => Err(why),
        }
    }
}
