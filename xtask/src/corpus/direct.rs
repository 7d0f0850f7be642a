//! The `direct` corpus: `icn_model`'s direct reader (`read_direct`, ICN
//! text straight to the model) gives the same game and source map as the
//! tree path (grammar, syntax tree, lowering) on every document it reads.
//!
//! Cases: every `.icn` file under `fixtures/` (the whole file), every `.icnl`
//! file (each line), and `generated`, the 10,000 lines of the benchmark
//! corpus ([`crate::bench::generate`]), each of which the direct reader must
//! read (the benchmark measures that path). The `direct` fuzz target checks
//! the same property on mutated inputs.

use std::path::{Path, PathBuf};

use icn_model::{Dialect, Game, ParseError, RefuseSanLike, SourceMap, lower_mapped, read_direct};

use super::{Case, Corpus, RunOptions};

/// The corpus.
pub static CORPUS: Direct = Direct;

/// The `direct` corpus (see the module docs).
pub struct Direct;

/// The name of the case of the generated benchmark lines.
const GENERATED: &str = "generated";

fn tree_path(text: &str) -> Result<(Game, SourceMap), ParseError> {
    let doc = icn_syntax::parse(text, Dialect::Auto)?;
    lower_mapped(&doc, &mut RefuseSanLike).map_err(|diagnostics| ParseError { diagnostics })
}

/// Whether the direct reader reads `text`; an error when it does and the
/// tree path says something else.
///
/// # Errors
/// What differs.
pub fn agrees(text: &str) -> Result<bool, String> {
    let Some(direct) = read_direct(text) else {
        return Ok(false);
    };
    let short: String = text.chars().take(120).collect();
    match tree_path(text) {
        Ok(tree) if tree == direct => Ok(true),
        Ok(tree) if tree.0 != direct.0 => Err(format!(
            "the paths read different games from {short:?}:\n  tree:   {:?}\n  direct: {:?}",
            tree.0, direct.0
        )),
        Ok(tree) => Err(format!(
            "the paths give different source maps for {short:?}:\n  tree:   {:?}\n  direct: {:?}",
            tree.1, direct.1
        )),
        Err(e) => Err(format!(
            "the direct reader reads {short:?}, the tree path refuses it: {e}"
        )),
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e == "icn" || e == "icnl")
        {
            out.push(path);
        }
    }
    Ok(())
}

impl Corpus for Direct {
    fn name(&self) -> &'static str {
        "direct"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let mut paths = Vec::new();
        walk(fixtures, &mut paths)?;
        paths.sort();
        let mut out: Vec<Case> = paths
            .into_iter()
            .map(|path| Case {
                name: path
                    .strip_prefix(fixtures)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/"),
                path,
            })
            .collect();
        out.push(Case {
            name: GENERATED.to_string(),
            path: PathBuf::from(GENERATED),
        });
        Ok(out)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        if case.name == GENERATED {
            let corpus = crate::bench::generate::corpus();
            let take = if options.quick { 300 } else { usize::MAX };
            for (i, line) in corpus.lines().take(take).enumerate() {
                if !agrees(line)? {
                    return Err(format!(
                        "generated line {} is not read directly: {}",
                        i + 1,
                        line.chars().take(120).collect::<String>()
                    ));
                }
            }
            return Ok(());
        }
        let text = std::fs::read_to_string(&case.path)
            .map_err(|e| format!("cannot read {}: {e}", case.path.display()))?;
        if case.path.extension().is_some_and(|e| e == "icnl") {
            for (i, line) in text.lines().enumerate() {
                agrees(line).map_err(|e| format!("line {}: {e}", i + 1))?;
            }
            Ok(())
        } else {
            agrees(&text).map(|_| ())
        }
    }
}
