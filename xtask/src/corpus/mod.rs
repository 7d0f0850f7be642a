//! Conformance corpora: sets of fixture files under `fixtures/<name>/` and
//! the code that checks each case.
//!
//! A corpus is a type implementing [`Corpus`] in its own module here. To add
//! one, write `corpus/<name>.rs` with a `pub static CORPUS` and add `<name>`
//! to the `corpora!` list below — nothing else changes: `cargo xtask
//! conformance` and xtask's tests pick it up.

use std::path::{Path, PathBuf};

/// One case of a corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Name shown in reports, e.g. `ok/classical`.
    pub name: String,
    /// The input file.
    pub path: PathBuf,
}

/// How to run cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// Rewrite expected-output files from what the tool produces.
    pub bless: bool,
    /// A quick run, as `cargo test` does: corpora with expensive cases
    /// (deep perft, say) may cut them down; cheap corpora ignore it.
    pub quick: bool,
}

/// A corpus of conformance cases.
pub trait Corpus: Sync {
    /// Short name, also the folder under `fixtures/` (`icn`).
    fn name(&self) -> &'static str;

    /// Every case, in a stable order.
    ///
    /// # Errors
    /// When the fixture folder cannot be read.
    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>>;

    /// Runs one case.
    ///
    /// # Errors
    /// A description of what differs from the expectation.
    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String>;
}

/// Declares the corpus modules and the registry in one list.
macro_rules! corpora {
    ($($name:ident),* $(,)?) => {
        $(pub mod $name;)*

        /// Every registered corpus.
        pub fn all() -> Vec<&'static dyn Corpus> {
            vec![$(&$name::CORPUS),*]
        }
    };
}

corpora!(
    icn,
    rules,
    perft,
    fen,
    san,
    pgn,
    sjaak,
    sjaak_perft,
    fsf,
    fsf_suite,
    formats,
    site,
    query,
    direct
);

/// The corpus called `name`.
pub fn find(name: &str) -> Option<&'static dyn Corpus> {
    all().into_iter().find(|c| c.name() == name)
}

/// The files in `dir` whose names end with `suffix`, sorted; none when the
/// folder does not exist.
///
/// # Errors
/// When the folder exists but cannot be read.
pub fn files_with_suffix(dir: &Path, suffix: &str) -> anyhow::Result<Vec<PathBuf>> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for entry in
        std::fs::read_dir(dir).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", dir.display()))?
    {
        let path = entry?.path();
        if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(suffix))
        {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Compares produced text with an expected file, or rewrites the file when
/// blessing.
///
/// # Errors
/// A message naming the file and the first line that differs.
pub fn expect_file(path: &Path, produced: &str, options: RunOptions) -> Result<(), String> {
    let existing = std::fs::read_to_string(path).ok();
    if options.bless {
        if existing.as_deref() != Some(produced) {
            std::fs::write(path, produced)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        return Ok(());
    }
    let Some(expected) = existing else {
        return Err(format!(
            "{} is missing (run with --bless to create it)",
            path.display()
        ));
    };
    if expected == produced {
        return Ok(());
    }
    let want: Vec<&str> = expected.lines().collect();
    let got: Vec<&str> = produced.lines().collect();
    let n = want.len().max(got.len());
    let i = (0..n).find(|&i| want.get(i) != got.get(i)).unwrap_or(n);
    let (line, want, got) = (
        i + 1,
        want.get(i).unwrap_or(&"<end>"),
        got.get(i).unwrap_or(&"<end>"),
    );
    Err(format!(
        "{} differs at line {line}:\n  expected: {want}\n  produced: {got}",
        path.display()
    ))
}
