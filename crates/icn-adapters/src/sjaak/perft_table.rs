//! Checking the engine against a table of start-position perft counts of a
//! Sjaak variants file (`fixtures/sjaak/perft.tsv`, made by Sjaak II itself:
//! `fixtures/sjaak/gen/perft.py`).
//!
//! The table holds `NAME<TAB>DEPTH<TAB>NODES` lines (`#` comments). Each
//! variant that reaches the rule objects is played by `icn_movegen` from its
//! `FEN:` and compared depth by depth; a variant that does not is reported as
//! not expressible, with the first reason.

use super::{read_file, to_variant};

/// What checking one variant's rows found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantCheck {
    /// Every row up to the depth asked agrees: (depth, nodes) checked.
    Agrees(Vec<(u32, u64)>),
    /// The variant does not reach the rule objects, or the engine refuses it.
    NotExpressible(String),
    /// A row differs: depth, Sjaak II's count, the engine's.
    Differs {
        /// The depth.
        depth: u32,
        /// Sjaak II's count.
        expected: u64,
        /// The engine's count.
        found: u64,
    },
}

/// Each variant's `(depth, nodes)` rows, in file order.
pub type PerftRows = Vec<(String, Vec<(u32, u64)>)>;

/// The rows of a perft table, by variant name in file order.
///
/// # Errors
/// A line that is not `NAME<TAB>DEPTH<TAB>NODES`, with its number.
pub fn rows(table: &str) -> Result<PerftRows, String> {
    let mut out: PerftRows = Vec::new();
    for (i, line) in table.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let parsed = match fields.as_slice() {
            [name, depth, nodes] => depth
                .parse::<u32>()
                .ok()
                .zip(nodes.parse::<u64>().ok())
                .map(|(d, n)| (name.to_string(), d, n)),
            _ => None,
        };
        let Some((name, depth, nodes)) = parsed else {
            return Err(format!(
                "line {}: expected NAME<TAB>DEPTH<TAB>NODES, found `{line}`",
                i + 1
            ));
        };
        match out.last_mut() {
            Some((last, list)) if *last == name => list.push((depth, nodes)),
            _ => out.push((name, vec![(depth, nodes)])),
        }
    }
    Ok(out)
}

/// Checks one variant of `variants` (a Sjaak file) against its rows, up to
/// `max_depth`.
pub fn check(variants: &str, name: &str, rows: &[(u32, u64)], max_depth: u32) -> VariantCheck {
    let file = read_file(variants);
    let Some(read) = file.variants.iter().find(|v| v.name == name) else {
        return VariantCheck::NotExpressible(format!("no variant `{name}` in the file"));
    };
    let sjaak = match &read.result {
        Ok(v) => v,
        Err(e) => return VariantCheck::NotExpressible(format!("{}", e[0])),
    };
    let variant = match to_variant(sjaak) {
        Ok(v) => v,
        Err(refusals) => return VariantCheck::NotExpressible(refusals[0].to_string()),
    };
    let mut board = match icn_movegen::Board::new(&variant.position, &variant.rules) {
        Ok(b) => b,
        Err(e) => return VariantCheck::NotExpressible(e.to_string()),
    };
    let mut agreed = Vec::new();
    for &(depth, expected) in rows.iter().filter(|(d, _)| *d <= max_depth) {
        match board.perft(depth, icn_movegen::PerftMode::Bulk) {
            Ok(found) if found == expected => agreed.push((depth, found)),
            Ok(found) => {
                return VariantCheck::Differs {
                    depth,
                    expected,
                    found,
                };
            }
            Err(e) => return VariantCheck::NotExpressible(e.to_string()),
        }
    }
    VariantCheck::Agrees(agreed)
}
