//! The `formats` corpus: every variant of the two real definition files
//! (`fixtures/sjaak/reference/sjaak-variants.txt`,
//! `fixtures/fsf/reference/fsf-variants.ini`) that reaches the rule objects,
//! through every ordered pair of the five variant formats (Sjaak,
//! Fairy-Stockfish, FBR, ICN, JSON) with `icn_adapters::roundtrip`: each pair
//! gives back equal rule objects, or a step says what it lost or why it
//! refused. A change nobody reported fails the case. Quick runs (`cargo
//! test`) take the pairs with JSON on one side.

use std::path::Path;

use icn_adapters::convert::{VariantFormat, read_variant};
use icn_adapters::convert_many::read_all;
use icn_adapters::roundtrip::{FORMATS, PairOutcome, through_pair};

use super::{Case, Corpus, RunOptions};

/// The round-trip corpus.
pub struct Formats;

/// The registered instance.
pub static CORPUS: Formats = Formats;

const FILES: [(&str, &str, VariantFormat); 2] = [
    ("sjaak", "sjaak/reference/sjaak-variants.txt", VariantFormat::Sjaak),
    ("fsf", "fsf/reference/fsf-variants.ini", VariantFormat::Fsf),
];

impl Corpus for Formats {
    fn name(&self) -> &'static str {
        "formats"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let mut out = Vec::new();
        for (tag, file, from) in FILES {
            let path = fixtures.join(file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            let all = read_all(&text, Some(from)).map_err(|e| anyhow::anyhow!("{e}"))?;
            for (name, read) in all {
                if read.is_ok() {
                    out.push(Case {
                        name: format!("{tag}/{name}"),
                        path: path.clone(),
                    });
                }
            }
        }
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let (tag, name) = case.name.split_once('/').ok_or("a case is FILE/NAME")?;
        let from = FILES
            .iter()
            .find(|f| f.0 == tag)
            .map(|f| f.2)
            .ok_or("unknown file")?;
        let text = std::fs::read_to_string(&case.path).map_err(|e| e.to_string())?;
        let v = read_variant(&text, Some(from), Some(name))
            .map_err(|e| e.to_string())?
            .variant;
        let mut changed = Vec::new();
        for a in FORMATS {
            for b in FORMATS {
                let json = VariantFormat::Json;
                if options.quick && a != json && b != json {
                    continue;
                }
                if let PairOutcome::Changed(fields) = through_pair(&v, a, b) {
                    changed.push(format!(
                        "{a:?} then {b:?} changed, unreported: {}",
                        fields.join(", ")
                    ));
                }
            }
        }
        if changed.is_empty() {
            Ok(())
        } else {
            Err(changed.join("\n"))
        }
    }
}
