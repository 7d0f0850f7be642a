//! `cargo xtask tidy`: the layering check. Reads every workspace member's
//! `Cargo.toml` and refuses a dependency edge (normal, dev or build) that
//! points up or sideways in the layers
//!
//! `icn-syntax` → `icn-model` → `icn-rules` → `icn-movegen` → `icn-adapters`
//! → `icn-query` → `icn-render` → `icn-cli` → `xtask`
//!
//! A crate may depend only on crates of lower layers; nothing depends on
//! `xtask`. A member missing from [`LAYERS`] is refused too, so a new crate
//! gets a place in the layers before it gets dependencies.

use std::path::Path;

use anyhow::Context as _;
use toml_edit::{DocumentMut, Item};

/// The workspace crates, lowest layer first.
pub const LAYERS: [&str; 9] = [
    "icn-syntax",
    "icn-model",
    "icn-rules",
    "icn-movegen",
    "icn-adapters",
    "icn-query",
    "icn-render",
    "icn-cli",
    "xtask",
];

/// The layer of a workspace crate (0 is the lowest).
pub fn layer(name: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == name)
}

/// A dependency edge between workspace crates, as written in a manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The crate that depends.
    pub from: String,
    /// The crate depended on.
    pub to: String,
    /// `dependencies`, `dev-dependencies` or `build-dependencies`.
    pub table: String,
}

/// Every edge from the manifest text `toml` to a crate named in [`LAYERS`],
/// and the package name.
///
/// # Errors
/// When the text is not TOML or has no `package.name`.
pub fn edges_of(toml: &str) -> anyhow::Result<(String, Vec<Edge>)> {
    let doc: DocumentMut = toml.parse().context("not valid TOML")?;
    let name = doc
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(Item::as_str)
        .context("no package.name")?
        .to_string();
    let mut edges = Vec::new();
    let mut tables: Vec<(String, &Item)> = Vec::new();
    for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(t) = doc.get(table) {
            tables.push((table.to_string(), t));
        }
    }
    // `[target.'cfg(..)'.dependencies]` tables count too.
    if let Some(targets) = doc.get("target").and_then(Item::as_table_like) {
        for (cfg, t) in targets.iter() {
            for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
                if let Some(deps) = t.get(table) {
                    tables.push((format!("target.{cfg}.{table}"), deps));
                }
            }
        }
    }
    for (table, deps) in tables {
        let Some(deps) = deps.as_table_like() else {
            continue;
        };
        for (key, value) in deps.iter() {
            // `alias = { package = "icn-model", ... }` names the real crate.
            let real = value.get("package").and_then(Item::as_str).unwrap_or(key);
            if layer(real).is_some() || real.starts_with("icn-") {
                edges.push(Edge {
                    from: name.clone(),
                    to: real.to_string(),
                    table: table.clone(),
                });
            }
        }
    }
    Ok((name, edges))
}

/// Why an edge is not allowed, if it is not.
pub fn check_edge(edge: &Edge) -> Option<String> {
    match (layer(&edge.from), layer(&edge.to)) {
        (_, Some(t)) if t == LAYERS.len() - 1 => Some(format!(
            "{} depends on xtask ({}); nothing may",
            edge.from, edge.table
        )),
        (Some(f), Some(t)) if t >= f => Some(format!(
            "{} (layer {f}) depends on {} (layer {t}) in [{}]: layers only point down ({})",
            edge.from,
            edge.to,
            edge.table,
            LAYERS.join(" → ")
        )),
        (None, _) => Some(format!(
            "{} is not in the layer table of xtask/src/tidy.rs",
            edge.from
        )),
        (_, None) => Some(format!(
            "{} depends on {}, which is not in the layer table of xtask/src/tidy.rs",
            edge.from, edge.to
        )),
        _ => None,
    }
}

/// Checks every member of the workspace at `root` (`crates/*` and `xtask`).
/// Returns the problems found (empty when tidy).
///
/// # Errors
/// When a manifest cannot be read or parsed.
pub fn check(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut manifests = vec![root.join("xtask/Cargo.toml")];
    let crates = root.join("crates");
    for entry in
        std::fs::read_dir(&crates).with_context(|| format!("cannot read {}", crates.display()))?
    {
        let path = entry?.path().join("Cargo.toml");
        if path.exists() {
            manifests.push(path);
        }
    }
    manifests.sort();
    let mut problems = Vec::new();
    for m in manifests {
        let text =
            std::fs::read_to_string(&m).with_context(|| format!("cannot read {}", m.display()))?;
        let (name, edges) = edges_of(&text).with_context(|| format!("in {}", m.display()))?;
        if layer(&name).is_none() {
            problems.push(format!(
                "{name} ({}) is not in the layer table of xtask/src/tidy.rs",
                m.display()
            ));
        }
        problems.extend(edges.iter().filter_map(check_edge));
    }
    Ok(problems)
}

/// The command: prints the problems; returns whether there were none.
///
/// # Errors
/// As [`check`].
pub fn main(root: &Path) -> anyhow::Result<bool> {
    let problems = check(root)?;
    for p in &problems {
        println!("tidy: {p}");
    }
    if problems.is_empty() {
        println!(
            "tidy: every dependency edge points down the layers ({})",
            LAYERS.join(" → ")
        );
    }
    Ok(problems.is_empty())
}
