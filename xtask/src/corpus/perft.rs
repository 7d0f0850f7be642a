//! The `perft` corpus: `fixtures/perft/ok/NAME.perft` holds an `icn` line
//! (a position) and `perft DEPTH NODES` lines (no moves counted below a game
//! the variant's rules have ended, as Fairy-Stockfish counts) and `raw DEPTH
//! NODES` lines (the raw move tree, as the site's perft counts), each checked
//! with bulk counting; `fixtures/perft/err/NAME.icn` must be refused by perft 1 with
//! the message in `NAME.err`. Quick runs (`cargo test`) skip counts above a
//! million nodes; `cargo xtask conformance` runs every line (the full set
//! takes a few minutes in release).

use std::path::Path;

use icn_model::{Dialect, Game};
use icn_movegen::{Board, EndedGames, PerftMode};

use super::{Case, Corpus, RunOptions, files_with_suffix};

/// Counts above this are skipped in quick runs.
const QUICK_LIMIT: u64 = 1_000_000;

/// The perft corpus.
pub struct Perft;

/// The registered instance.
pub static CORPUS: Perft = Perft;

fn board(icn: &str) -> Result<Board, String> {
    let g = Game::parse(icn, Dialect::Auto).map_err(|e| e.to_string())?;
    Board::from_game(&g).map_err(|e| e.to_string())
}

fn run_ok(text: &str, options: RunOptions) -> Result<(), String> {
    let icn = text
        .lines()
        .find_map(|l| l.strip_prefix("icn "))
        .ok_or("no `icn` line")?;
    let mut b = board(icn)?;
    for line in text.lines() {
        let (ended, line) = if let Some(rest) = line.strip_prefix("perft ") {
            (EndedGames::Stop, rest)
        } else if let Some(rest) = line.strip_prefix("raw ") {
            (EndedGames::CountOn, rest)
        } else {
            continue;
        };
        let (d, n) = line
            .split_once(' ')
            .ok_or("a perft line needs a depth and a count")?;
        let depth: u32 = d.parse().map_err(|_| format!("bad depth `{d}`"))?;
        let nodes: u64 = n.trim().parse().map_err(|_| format!("bad count `{n}`"))?;
        if options.quick && nodes > QUICK_LIMIT {
            continue;
        }
        let got = b
            .perft_with(depth, PerftMode::Bulk, ended)
            .map_err(|e| e.to_string())?;
        if got != nodes {
            return Err(format!(
                "depth {depth} ({ended:?}): expected {nodes}, counted {got}"
            ));
        }
    }
    Ok(())
}

impl Corpus for Perft {
    fn name(&self) -> &'static str {
        "perft"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let dir = fixtures.join("perft");
        let mut out = Vec::new();
        for (sub, suffix) in [("ok", ".perft"), ("err", ".icn")] {
            for path in files_with_suffix(&dir.join(sub), suffix)? {
                let stem = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or_default();
                let name = format!("{sub}/{}", stem.trim_end_matches(suffix));
                out.push(Case { name, path });
            }
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let text = std::fs::read_to_string(&case.path)
            .map_err(|e| format!("{}: {e}", case.path.display()))?;
        if case.name.starts_with("ok/") {
            return run_ok(&text, options);
        }
        let produced = match board(text.trim())
            .and_then(|mut b| b.perft(1, PerftMode::Bulk).map_err(|e| e.to_string()))
        {
            Ok(n) => return Err(format!("expected a refusal, counted {n}")),
            Err(e) => format!("{e}\n"),
        };
        super::expect_file(&case.path.with_extension("err"), &produced, options)
    }
}
