//! Checking the engine against a table of start-position perft counts of a
//! Sjaak variants file (`fixtures/sjaak/perft.tsv`, made by Sjaak II itself:
//! `fixtures/sjaak/gen/perft.py`).
//!
//! The table holds `NAME<TAB>DEPTH<TAB>NODES` lines (`#` comments). Each
//! variant that reaches the rule objects is played by `icn_movegen` from its
//! `FEN:` and compared depth by depth; a variant that does not is reported as
//! not expressible, with the first reason. [`position_rows`] and
//! [`check_position`] do the same for a table of positions
//! (`fixtures/sjaak/positions.tsv`). [`errata`] reads the counts where Sjaak
//! II is wrong (`fixtures/sjaak/errata.tsv`, each with its reason) and
//! [`correct`] puts the right counts in place of its rows.

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

/// One row of a position table (`fixtures/sjaak/positions.tsv`, made by
/// Sjaak II: `fixtures/sjaak/gen/positions.py`): the variant's name, a FEN
/// in its own form (`-`: its start position), the depth and Sjaak II's count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    /// The variant's name.
    pub name: String,
    /// The FEN, `-` for the variant's own.
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// Sjaak II's count.
    pub nodes: u64,
}

/// The rows of a position table (`NAME<TAB>FEN<TAB>DEPTH<TAB>NODES`, `#`
/// comments).
///
/// # Errors
/// A line of another shape, with its number.
pub fn position_rows(table: &str) -> Result<Vec<PositionRow>, String> {
    let mut out = Vec::new();
    for (i, line) in table.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let row = match line.split('\t').collect::<Vec<_>>().as_slice() {
            [name, fen, depth, nodes] => depth
                .parse::<u32>()
                .ok()
                .zip(nodes.parse::<u64>().ok())
                .map(|(depth, nodes)| PositionRow {
                    name: name.to_string(),
                    fen: fen.to_string(),
                    depth,
                    nodes,
                }),
            _ => None,
        };
        match row {
            Some(r) => out.push(r),
            None => {
                return Err(format!(
                    "line {}: expected NAME<TAB>FEN<TAB>DEPTH<TAB>NODES, found `{line}`",
                    i + 1
                ));
            }
        }
    }
    Ok(out)
}

/// Checks one position row against the engine's perft of that position of
/// the variant of `variants` (a Sjaak file).
pub fn check_position(variants: &str, row: &PositionRow) -> VariantCheck {
    let file = read_file(variants);
    let Some(Ok(sjaak)) = file
        .variants
        .iter()
        .find(|v| v.name == row.name)
        .map(|v| &v.result)
    else {
        return VariantCheck::NotExpressible(format!("no readable variant `{}`", row.name));
    };
    let mut sjaak = sjaak.clone();
    if row.fen != "-" {
        sjaak.fen = Some(row.fen.clone());
    }
    let variant = match to_variant(&sjaak) {
        Ok(v) => v,
        Err(refusals) => return VariantCheck::NotExpressible(refusals[0].to_string()),
    };
    let found = icn_movegen::Board::new(&variant.position, &variant.rules)
        .and_then(|mut b| b.perft(row.depth, icn_movegen::PerftMode::Bulk));
    match found {
        Ok(n) if n == row.nodes => VariantCheck::Agrees(vec![(row.depth, n)]),
        Ok(n) => VariantCheck::Differs {
            depth: row.depth,
            expected: row.nodes,
            found: n,
        },
        Err(e) => VariantCheck::NotExpressible(e.to_string()),
    }
}

/// A count Sjaak II gets wrong: the position (FEN `-`: the variant's start),
/// the depth, Sjaak II's count, the right one and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Erratum {
    /// The position and the right count.
    pub row: PositionRow,
    /// Sjaak II's count.
    pub sjaak: u64,
    /// Why Sjaak II is wrong.
    pub why: String,
}

/// The rows of an errata table
/// (`NAME<TAB>FEN<TAB>DEPTH<TAB>SJAAK<TAB>CORRECT<TAB>WHY`, `#` comments).
///
/// # Errors
/// A line of another shape, with its number.
pub fn errata(table: &str) -> Result<Vec<Erratum>, String> {
    let mut out = Vec::new();
    for (i, line) in table.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let parsed = match fields.as_slice() {
            [name, fen, depth, sjaak, correct, why] => depth
                .parse::<u32>()
                .ok()
                .zip(sjaak.parse::<u64>().ok())
                .zip(correct.parse::<u64>().ok())
                .map(|((depth, sjaak), nodes)| Erratum {
                    row: PositionRow {
                        name: name.to_string(),
                        fen: fen.to_string(),
                        depth,
                        nodes,
                    },
                    sjaak,
                    why: why.to_string(),
                }),
            _ => None,
        };
        match parsed {
            Some(e) => out.push(e),
            None => {
                return Err(format!(
                    "line {}: expected NAME<TAB>FEN<TAB>DEPTH<TAB>SJAAK<TAB>CORRECT<TAB>WHY, found `{line}`",
                    i + 1
                ));
            }
        }
    }
    Ok(out)
}

/// Puts the right counts of the start-position `errata` in place of Sjaak
/// II's in `rows`.
///
/// # Errors
/// An erratum whose Sjaak II count is not the table's (one of the two is
/// stale).
pub fn correct(rows: &mut PerftRows, errata: &[Erratum]) -> Result<(), String> {
    for e in errata.iter().filter(|e| e.row.fen == "-") {
        let found = rows
            .iter_mut()
            .filter(|(name, _)| *name == e.row.name)
            .flat_map(|(_, counts)| counts.iter_mut())
            .find(|(depth, _)| *depth == e.row.depth);
        match found {
            Some((_, n)) if *n == e.sjaak => *n = e.row.nodes,
            Some((_, n)) => {
                return Err(format!(
                    "{} depth {}: the erratum says Sjaak II counts {}, the table {n}",
                    e.row.name, e.row.depth, e.sjaak
                ));
            }
            None => {
                return Err(format!(
                    "{} depth {}: an erratum for a row the table does not have",
                    e.row.name, e.row.depth
                ));
            }
        }
    }
    Ok(())
}
