//! The `fsf-suite` corpus: Fairy-Stockfish's own perft suite
//! (`fixtures/fsf/suite.tsv`, from its `tests/perft.sh` by
//! `fixtures/fsf/gen/suite.py`), checked by `icn_adapters::fsf::suite`. One
//! case per row the toolkit can express (the others are refused with the
//! reason: see `icn perft --variant NAME --fen FEN`); a quick run keeps the
//! rows of at most 250,000 nodes.

use std::path::Path;

use icn_adapters::fsf::suite::{RowOutcome, SuiteRow, prepare, read_suite, run_row};

use super::{Case, Corpus, RunOptions};

/// The Fairy-Stockfish perft suite corpus.
pub struct FsfSuite;

/// The registered instance.
pub static CORPUS: FsfSuite = FsfSuite;

/// Rows of at most this many nodes run in a quick run.
const QUICK_NODES: u64 = 250_000;

fn rows(fixtures: &Path) -> anyhow::Result<Vec<SuiteRow>> {
    let text = std::fs::read_to_string(fixtures.join("fsf/suite.tsv"))?;
    read_suite(&text).map_err(anyhow::Error::msg)
}

fn case_name(i: usize, row: &SuiteRow) -> String {
    format!("{i:03} {} d{}", row.variant, row.depth)
}

impl Corpus for FsfSuite {
    fn name(&self) -> &'static str {
        "fsf-suite"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let mut out = Vec::new();
        for (i, row) in rows(fixtures)?.iter().enumerate() {
            if prepare(row).is_ok() {
                out.push(Case {
                    name: case_name(i, row),
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
            .enumerate()
            .find(|(i, r)| case_name(*i, r) == case.name)
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
