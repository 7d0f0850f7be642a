//! Helpers shared by the integration tests: the fixture documents.

use std::path::{Path, PathBuf};

/// The workspace `fixtures/` folder.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// Every file below `dir`, appended to `out`.
pub fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Every ICN document of the fixtures: whole `.icn` files, lines of
/// `.icnl` files and the documents of the site verdict table.
pub fn fixture_documents() -> Vec<String> {
    let mut paths = Vec::new();
    files(&fixtures(), &mut paths);
    paths.sort();
    let mut docs = Vec::new();
    for path in paths {
        let name = path.to_string_lossy();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if name.ends_with(".icn") {
            docs.push(text);
        } else if name.ends_with(".icnl") {
            docs.extend(text.lines().map(str::to_string));
        } else if name.ends_with("site/cases.tsv") {
            docs.extend(
                text.lines()
                    .filter(|l| !l.starts_with('#'))
                    .filter_map(|l| l.split('\t').nth(1))
                    .map(str::to_string),
            );
        }
    }
    docs
}
