//! Fairy-Stockfish's own perft suite (`fixtures/fsf/suite.tsv`, made from
//! its `tests/perft.sh` by `fixtures/fsf/gen/suite.py`), run on this
//! toolkit's engine.
//!
//! Each row names a built-in variant, a position (`startpos` or a FEN in
//! the variant's own FEN: holdings in `[…]` or after an extra `/`, `~`
//! promoted pieces) and a depth with Fairy-Stockfish's node count. A row is
//! *expressible* when the variant is one [`super::builtin`] describes and
//! its section reaches the rule objects; an expressible row must count
//! exactly. Rows that are not expressible are reported with the reason.

use icn_movegen::{Board, PerftMode};

/// One row of the suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteRow {
    /// Fairy-Stockfish's variant name.
    pub variant: String,
    /// The FEN (`None`: the start position).
    pub fen: Option<String>,
    /// Plies.
    pub depth: u32,
    /// Fairy-Stockfish's leaf count.
    pub nodes: u64,
    /// Whether Fairy-Stockfish ran it with `UCI_Chess960`.
    pub chess960: bool,
}

/// What running a row gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowOutcome {
    /// The engine counts what Fairy-Stockfish counts.
    Exact,
    /// The engine counts something else.
    Wrong(u64),
    /// The row cannot be expressed (the reason).
    Refused(String),
}

/// The rows of a suite file (`#` lines and blank lines skipped).
///
/// # Errors
/// A line that is not five tab-separated fields, by its 1-based number.
pub fn read_suite(text: &str) -> Result<Vec<SuiteRow>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let bad = || {
            format!(
                "line {}: expected VARIANT, POSITION, DEPTH, NODES and CHESS960 separated by tabs",
                i + 1
            )
        };
        let [variant, pos, depth, nodes, c960] = f.as_slice() else {
            return Err(bad());
        };
        out.push(SuiteRow {
            variant: (*variant).to_string(),
            fen: (*pos != "startpos").then(|| (*pos).to_string()),
            depth: depth.parse().map_err(|_| bad())?,
            nodes: nodes.parse().map_err(|_| bad())?,
            chess960: *c960 == "true",
        });
    }
    Ok(out)
}

/// The board a row starts from.
///
/// # Errors
/// Why the row cannot be expressed.
pub fn prepare(row: &SuiteRow) -> Result<Board, String> {
    if super::builtin::find(&row.variant).is_none() {
        return Err(format!(
            "`{}` is not among the built-in variants described here",
            row.variant
        ));
    }
    let mut section = format!("[suite-row:{}]\n", row.variant);
    // UCI_Chess960: castling as in Chess960 (`chess960 = true`).
    if row.chess960 {
        section.push_str("chess960 = true\n");
    }
    if let Some(fen) = &row.fen {
        section.push_str(&format!("startFen = {fen}\n"));
    }
    let read = crate::convert::read_variant(
        &section,
        Some(crate::convert::VariantFormat::Fsf),
        Some("suite-row"),
    )
    .map_err(|e| e.to_string().replace('\n', "; "))?
    .variant;
    Board::new(&read.position, &read.rules).map_err(|e| e.to_string())
}

/// Runs every row; returns one line for each row that is not exact.
pub fn failures(rows: &[SuiteRow]) -> Vec<String> {
    rows.iter()
        .filter_map(|row| match run_row(row) {
            RowOutcome::Exact => None,
            other => Some(format!("{} {:?}: {other:?}", row.variant, row.fen)),
        })
        .collect()
}

/// Runs one row.
pub fn run_row(row: &SuiteRow) -> RowOutcome {
    let mut board = match prepare(row) {
        Ok(b) => b,
        Err(why) => return RowOutcome::Refused(why),
    };
    match board.perft(row.depth, PerftMode::Bulk) {
        Ok(n) if n == row.nodes => RowOutcome::Exact,
        Ok(n) => RowOutcome::Wrong(n),
        Err(e) => RowOutcome::Refused(e.to_string()),
    }
}
