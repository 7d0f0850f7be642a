//! The `sjaak-perft` corpus: Sjaak II's own start-position perft of every
//! variant of `fixtures/sjaak/reference/sjaak-variants.txt`
//! (`fixtures/sjaak/perft.tsv`, made by `fixtures/sjaak/gen/perft.py`),
//! checked by `icn_adapters::sjaak::perft_table`. One case per variant that
//! reaches the rule objects (the others are refused by name: `icn variant
//! convert` says why); quick runs stop at depth 2.

use std::path::Path;

use icn_adapters::sjaak::perft_table::{VariantCheck, check, rows};

use super::{Case, Corpus, RunOptions};

/// The Sjaak perft corpus.
pub struct SjaakPerft;

/// The registered instance.
pub static CORPUS: SjaakPerft = SjaakPerft;

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
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let (variants, table) = files(&case.path).map_err(|e| e.to_string())?;
        let all = rows(&table)?;
        let counts = all
            .iter()
            .find(|(n, _)| *n == case.name)
            .map(|(_, c)| c.as_slice())
            .ok_or("no rows")?;
        let depth = if options.quick { 2 } else { u32::MAX };
        match check(&variants, &case.name, counts, depth) {
            VariantCheck::Agrees(_) => Ok(()),
            VariantCheck::NotExpressible(why) => Err(why),
            VariantCheck::Differs {
                depth,
                expected,
                found,
            } => Err(format!(
                "perft {depth}: {found}, Sjaak II counts {expected}"
            )),
        }
    }
}
