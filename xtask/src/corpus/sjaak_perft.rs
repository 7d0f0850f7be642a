//! The `sjaak-perft` corpus: Sjaak II's own start-position perft of every
//! variant of `fixtures/sjaak/reference/sjaak-variants.txt`
//! (`fixtures/sjaak/perft.tsv`, made by `fixtures/sjaak/gen/perft.py`),
//! checked by `icn_adapters::sjaak::perft_table`. One case per variant that
//! reaches the rule objects (the others are refused by name: `icn variant
//! convert` says why); quick runs stop at depth 2. Then one case per row of
//! `fixtures/sjaak/positions.tsv` (Sjaak II's perft of chosen positions,
//! `fixtures/sjaak/gen/positions.py`), named `position N: VARIANT`; quick
//! runs skip rows of more than 200,000 nodes. Where Sjaak II is wrong
//! (`fixtures/sjaak/errata.tsv`, each with its reason) the right count is
//! expected instead, and the errata's own positions are cases too
//! (`erratum N: VARIANT`).

use std::path::Path;

use icn_adapters::sjaak::perft_table::{
    Erratum, PerftRows, PositionRow, VariantCheck, check, check_position, correct, errata, position_rows,
    rows,
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

/// The prefix of an erratum case's name.
const ERRATUM: &str = "erratum ";

/// The rows of `fixtures/sjaak/errata.tsv`.
fn read_errata(fixtures: &Path) -> Result<Vec<Erratum>, String> {
    let path = fixtures.join("sjaak/errata.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    errata(&text)
}

/// The errata's positions (those of a start position correct the table).
fn erratum_rows(fixtures: &Path) -> Result<Vec<PositionRow>, String> {
    Ok(read_errata(fixtures)?
        .into_iter()
        .filter(|e| e.row.fen != "-")
        .map(|e| e.row)
        .collect())
}

/// The start-position table with the errata's counts in place.
fn corrected_rows(fixtures: &Path, table: &str) -> Result<PerftRows, String> {
    let mut all = rows(table)?;
    correct(&mut all, &read_errata(fixtures)?)?;
    Ok(all)
}

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
        let tables = [
            (POSITION, positions(fixtures)),
            (ERRATUM, erratum_rows(fixtures)),
        ];
        for (prefix, table) in tables {
            for (i, row) in table.map_err(anyhow::Error::msg)?.iter().enumerate() {
                out.push(Case {
                    name: format!("{prefix}{}: {}", i + 1, row.name),
                    path: fixtures.to_path_buf(),
                });
            }
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let (variants, table) = files(&case.path).map_err(|e| e.to_string())?;
        let numbered = |prefix: &str| -> Option<usize> {
            case.name
                .strip_prefix(prefix)?
                .split(':')
                .next()?
                .parse()
                .ok()
        };
        let table_rows = if case.name.starts_with(ERRATUM) {
            Some(erratum_rows(&case.path)?)
        } else if case.name.starts_with(POSITION) {
            Some(positions(&case.path)?)
        } else {
            None
        };
        if let Some(all) = table_rows {
            let index = numbered(POSITION)
                .or_else(|| numbered(ERRATUM))
                .ok_or("a position case without its number")?;
            let row = index
                .checked_sub(1)
                .and_then(|i| all.get(i))
                .ok_or("no such position row")?;
            if options.quick && row.nodes > 200_000 {
                return Ok(());
            }
            return verdict(check_position(&variants, row), &format!("{} at ", row.fen));
        }
        let all = corrected_rows(&case.path, &table)?;
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
