//! Runs every `query-example` block of `docs/query.md`: each `position:`
//! line sets the ICN position for the `query:` lines after it; each query
//! is followed by `value:` (its value, `<no match>` when it does not
//! match) or `error:` (the message it fails with, reading or evaluating).

use std::path::Path;

use icn_model::{Dialect, Game};
use icn_movegen::Board;
use icn_query::{PositionInfo, Query};

fn outcome(position: &str, query: &str) -> Result<String, String> {
    let game = Game::parse(position, Dialect::Auto).map_err(|e| format!("position: {e}"))?;
    let mut board = Board::from_game(&game).map_err(|e| format!("position: {e}"))?;
    let q = Query::parse(query).map_err(|e| e.message)?;
    let v = q
        .eval(&mut board, PositionInfo::default())
        .map_err(|e| e.message)?;
    Ok(v.map_or_else(|| "<no match>".to_string(), |v| v.to_string()))
}

#[test]
fn every_example_of_the_docs_holds() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/query.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut in_block = false;
    let (mut position, mut query) = (String::new(), String::new());
    let (mut checked, mut failures) = (0, Vec::new());
    for line in text.lines() {
        if line == "```query-example" {
            in_block = true;
            continue;
        }
        if line.starts_with("```") {
            in_block = false;
            continue;
        }
        if !in_block {
            continue;
        }
        let (key, rest) = line.split_once(": ").unwrap_or((line, ""));
        match key {
            "position" => position = rest.to_string(),
            "query" => query = rest.to_string(),
            "value" | "error" => {
                let got = outcome(&position, &query);
                let want = if key == "value" {
                    Ok(rest.to_string())
                } else {
                    Err(rest.to_string())
                };
                if got != want {
                    failures.push(format!(
                        "`{query}` on `{position}`: expected {want:?}, got {got:?}"
                    ));
                }
                checked += 1;
            }
            other => panic!("unknown line `{other}` in a query-example block"),
        }
    }
    assert!(checked >= 30, "only {checked} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
