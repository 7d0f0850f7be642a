//! The `sjaak-perft` corpus: Sjaak II's own start-position perft of every
//! variant of `fixtures/sjaak/reference/sjaak-variants.txt`
//! (`fixtures/sjaak/perft.tsv`, made by `fixtures/sjaak/gen/perft.py`),
//! checked by `icn_adapters::sjaak::perft_table`. One case per variant that
//! reaches the rule objects (the others are refused by name: `icn variant
//! convert` says why); quick runs stop at depth 2. Then one case per row of
//! `fixtures/sjaak/positions.tsv` (Sjaak II's perft of chosen positions,
//! `fixtures/sjaak/gen/positions.py`), named `position N: VARIANT`; quick
//! runs skip rows of more than 200,000 nodes.

use std::path::Path;

use icn_adapters::sjaak::perft_table::{
    PositionRow, VariantCheck, check, check_position, position_rows, rows,
};

use super::{Case, Corpus, RunOptions};

/// The Sjaak perft corpus.
pub struct SjaakPerft;

/// The registered instance.
pub static CORPUS: SjaakPerft = SjaakPerft;

/// The rows of `fixtures/sjaak/positions.tsv`.
fn positions(fixtures: &Path) -> Result<Vec<PositionRow>, String> {
    let path = fixtures.join("sjaak/positions.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    position_rows(&text)
}

/// The prefix of a position case's name.
const POSITION: &str = "position ";

fn files(fixtures: &Path) -> anyhow::Result<(String, String)> {
    let root = fixtures.join("sjaak");
    Ok((
        std::fs::read_to_string(root.join("reference/sjaak-variants.txt"))?,
        std::fs::read_to_string(root.join("perft.tsv"))?,
    ))
}

impl Corpus for SjaakPerft {
    fn name(&self) -> &'static str {
        "sjaak-perft"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let (variants, table) = files(fixtures)?;
        let mut out = Vec::new();
        for (name, _) in rows(&table).map_err(anyhow::Error::msg)? {
            // Depth 0 checks nothing but whether the variant is played.
            if let VariantCheck::Agrees(_) = check(&variants, &name, &[], 0) {
                out.push(Case {
                    name,
                    path: fixtures.to_path_buf(),
                });
            }
        }
        for (i, row) in positions(fixtures)
            .map_err(anyhow::Error::msg)?
            .iter()
            .enumerate()
        {
            out.push(Case {
                name: format!("{POSITION}{}: {}", i + 1, row.name),
                path: fixtures.to_path_buf(),
            });
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let (variants, table) = files(&case.path).map_err(|e| e.to_string())?;
        if let Some(rest) = case.name.strip_prefix(POSITION) {
            let index: usize = rest
                .split(':')
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or("a position case without its number")?;
            let all = positions(&case.path)?;
            let row = index
                .checked_sub(1)
                .and_then(|i| all.get(i))
                .ok_or("no such position row")?;
            if options.quick && row.nodes > 200_000 {
                return Ok(());
            }
            return verdict(check_position(&variants, row), &format!("{} at ", row.fen));
        }
        let all = rows(&table)?;
        let counts = all
            .iter()
            .find(|(n, _)| *n == case.name)
            .map(|(_, c)| c.as_slice())
            .ok_or("no rows")?;
        let depth = if options.quick { 2 } else { u32::MAX };
        verdict(check(&variants, &case.name, counts, depth), "perft ")
    }
}

/// A check's outcome as a case result; `what` starts the message of a
/// difference.
fn verdict(c: VariantCheck, what: &str) -> Result<(), String> {
    match c {
        VariantCheck::Agrees(_) => Ok(()),
        VariantCheck::NotExpressible(why) => Err(why),
        VariantCheck::Differs {
            depth,
            expected,
            found,
        } => Err(format!(
            "{what}depth {depth}: {found}, Sjaak II counts {expected}"
        )),
    }
}
