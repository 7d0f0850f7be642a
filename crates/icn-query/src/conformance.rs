//! The `query` corpus (`fixtures/query`): facts computed by python-chess
//! (`fixtures/query/gen/expected.py`) for every position of real PGN games,
//! checked against the query language. `expected/NAME.tsv` belongs to
//! `pgn/NAME.pgn`; its header names the query of each column, each row is a
//! game number, a ply and the values: `1`/`0` for a filter without a value
//! (matches or not), numbers, strings, and square sets as 16 hex digits
//! (bit `8·(y−1) + (x−1)`, a1 = bit 0). `cargo test` checks a slice,
//! `cargo xtask conformance` every row.

use std::path::{Path, PathBuf};

use icn_movegen::Board;

use crate::collection::pgn_games;
use crate::plan::Ty;
use crate::{PositionInfo, Query, Value};

/// The 8×8 mask of a finite set inside 1..8 × 1..8.
///
/// # Errors
/// A square outside the 8×8 box, or a set that cannot be listed.
pub fn mask(v: &Value) -> Result<u64, String> {
    let Value::Set(s) = v else {
        return Err(format!("expected a set, found {v}"));
    };
    let squares = s.squares().ok_or("the set is not finite")?;
    let mut m = 0u64;
    for q in squares {
        if !(1..=8).contains(&q.x) || !(1..=8).contains(&q.y) {
            return Err(format!("square {q} is outside the 8×8 board"));
        }
        m |= 1 << ((q.y - 1) * 8 + (q.x - 1));
    }
    Ok(m)
}

/// A value written as the TSV writes it.
fn cell(q: &Query, v: Option<Value>) -> Result<String, String> {
    Ok(match (q.plan().root.ty, v) {
        (Ty::Bool, v) => if v.is_some_and(|v| v.matches()) {
            "1"
        } else {
            "0"
        }
        .to_string(),
        (Ty::Set, Some(v)) => format!("{:016x}", mask(&v)?),
        // A set that does not match is the empty set.
        (Ty::Set, None) => format!("{:016x}", 0),
        (_, Some(v)) => v.to_string(),
        (_, None) => "<no match>".to_string(),
    })
}

/// The cases: every `expected/*.tsv` with its PGN.
///
/// # Errors
/// The folder cannot be read.
pub fn cases(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let dir = root.join("expected");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    v.sort();
    Ok(v)
}

/// Checks one expected file (at most `limit` rows); returns the positions
/// checked.
///
/// # Errors
/// Every difference (up to 20), with game, ply and query.
pub fn run(tsv: &Path, limit: Option<usize>) -> Result<usize, String> {
    let text = std::fs::read_to_string(tsv).map_err(|e| format!("{}: {e}", tsv.display()))?;
    let pgn = tsv
        .parent()
        .and_then(Path::parent)
        .map(|r| {
            r.join("pgn")
                .join(tsv.with_extension("pgn").file_name().unwrap_or_default())
        })
        .ok_or("no pgn folder")?;
    let file = std::fs::File::open(&pgn).map_err(|e| format!("{}: {e}", pgn.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().ok_or("empty file")?.split('\t').collect();
    let queries: Vec<Query> = header[2..]
        .iter()
        .map(|h| Query::parse(h).map_err(|e| e.render("<header>", h)))
        .collect::<Result<_, _>>()?;
    let mut games = pgn_games(std::io::BufReader::new(file));
    let mut current: Option<(usize, icn_model::Game, Board, usize)> = None;
    let mut problems = Vec::new();
    let mut checked = 0;
    for row in lines.take(limit.unwrap_or(usize::MAX)) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (g, ply): (usize, usize) = (
            cols[0]
                .parse()
                .map_err(|_| format!("bad game number in `{row}`"))?,
            cols[1].parse().map_err(|_| format!("bad ply in `{row}`"))?,
        );
        while current.as_ref().is_none_or(|c| c.0 != g) {
            let item = games
                .next()
                .ok_or(format!("game {g} is missing from {}", pgn.display()))?;
            let game = item
                .game
                .map_err(|e| format!("game {}: {e}", item.number))?;
            let board = Board::from_game(&game).map_err(|e| e.to_string())?;
            current = Some((item.number, game, board, 0));
        }
        let (_, game, board, at) = current.as_mut().expect("set above");
        while *at < ply {
            let m = game
                .moves
                .get(*at)
                .ok_or(format!("game {g} has no move at ply {at}"))?;
            let mv = board
                .check_move(&m.from, &m.to, m.promotion)
                .map_err(|e| format!("game {g}, ply {at}: {e}"))?;
            board.make(&mv);
            *at += 1;
        }
        let info = PositionInfo {
            game: Some(game),
            terminal: ply == game.moves.len(),
        };
        for (i, q) in queries.iter().enumerate() {
            let got = q
                .eval(board, info)
                .map_err(|e| e.to_string())
                .and_then(|v| cell(q, v));
            let want = cols.get(i + 2).copied().unwrap_or("");
            match got {
                Ok(v) if v == want => {}
                other => problems.push(format!(
                    "game {g}, ply {ply}, `{}`: expected {want}, found {}",
                    header[i + 2],
                    other.unwrap_or_else(|e| format!("an error: {e}"))
                )),
            }
        }
        checked += 1;
    }
    if problems.is_empty() {
        return Ok(checked);
    }
    let n = problems.len();
    problems.truncate(20);
    Err(format!(
        "{} ({n} differences):\n{}",
        tsv.display(),
        problems.join("\n")
    ))
}
