//! Agreement with python-chess on real PGN files: [`compare_file`] reads a
//! file of `fixtures/pgn/real` with [`crate::pgn::PgnReader`] and
//! [`crate::pgn::import_game`] and compares every game with what python-chess
//! read from it, as recorded in `NAME.pgn.expect` by
//! `fixtures/pgn/gen/expect.py` (one JSON object per game).
//!
//! A game agrees when the moves, the tags, the result, the comments (their
//! `[%…]` commands aside, blanks ignored), the NAGs (glyphs counted as
//! theirs) and the clocks are the same. A game is *refused for a known
//! reason* when python-chess reads it as a variant ICN's engine does not
//! play (crazyhouse, antichess), or with a null move, and the toolkit
//! refuses it for that reason. Anything else is a disagreement, and so is a game that
//! changes on the way PGN → ICN → PGN → ICN ([`round_trip`]: moves, tags,
//! comments, NAGs, clocks and results must come back).

use std::collections::BTreeMap;
use std::path::Path;

use icn_model::Game;
use serde_json::Value;

use crate::pgn::{PgnKind, PgnReader, glyph_nag, import_game};
use crate::pgn_export::export_game;

/// What [`compare_file`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Games python-chess read.
    pub games: usize,
    /// Games read exactly as python-chess reads them.
    pub agreed: usize,
    /// Games refused for a known reason: (game number, why).
    pub refused: Vec<(usize, String)>,
    /// Games read otherwise, or refused for another reason.
    pub disagreements: Vec<String>,
}

/// Compares the games of `pgn` with `pgn` + `.expect` (see the module docs).
///
/// # Errors
/// A file cannot be read, or the expectation is not JSON Lines.
pub fn compare_file(pgn: &Path) -> Result<Agreement, String> {
    let mut expect_path = pgn.as_os_str().to_owned();
    expect_path.push(".expect");
    let expected = std::fs::read_to_string(&expect_path)
        .map_err(|e| format!("{}: {e}", Path::new(&expect_path).display()))?;
    let file = std::fs::File::open(pgn).map_err(|e| format!("{}: {e}", pgn.display()))?;
    let mut ours = PgnReader::new(std::io::BufReader::new(file));
    let mut out = Agreement::default();
    for line in expected.lines().filter(|l| !l.trim().is_empty()) {
        let want: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        out.games += 1;
        let number = out.games;
        let Some(got) = ours.next() else {
            out.disagreements.push(format!(
                "game {number}: python-chess reads it, we find no game"
            ));
            continue;
        };
        let imported = got.and_then(|g| import_game(&g));
        let known = known_refusal(&want);
        match (imported, known) {
            (Err(e), Some(kind)) if e.kind == kind => out.refused.push((number, e.message)),
            (Err(e), _) => out
                .disagreements
                .push(format!("game {number}: refused: {e}")),
            (Ok(_), Some(kind)) => out.disagreements.push(format!(
                "game {number}: read, though python-chess reads it as {}",
                kind.name()
            )),
            (Ok((game, _)), None) => {
                match differences(&game, &want).or_else(|| round_trip(&game).err()) {
                    None => out.agreed += 1,
                    Some(d) => out.disagreements.push(format!("game {number}: {d}")),
                }
            }
        }
    }
    if let Some(extra) = ours.next() {
        let at = extra.map_or_else(|e| e.line, |g| g.line);
        out.disagreements.push(format!(
            "a game at line {at} that python-chess does not see"
        ));
    }
    Ok(out)
}

/// The kind of refusal python-chess's reading calls for, if any.
fn known_refusal(want: &Value) -> Option<PgnKind> {
    if want["variant"] != "chess" {
        return Some(PgnKind::Variant);
    }
    let moves = want["moves"].as_array()?;
    if moves.iter().any(|m| m == "null") {
        return Some(PgnKind::NullMove);
    }
    None
}

fn squeeze(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("[%") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find(']')
            .map_or("", |end| &rest[start + end + 1..]);
    }
    out.push_str(rest);
    out.split_whitespace().collect()
}

/// The game's moves as python-chess's reading records them: `from>to`, a
/// castle as the king's move to its square (a Chess960 castle is written in
/// ICN as the king moving onto its rook), promotion as `=q`.
fn king_destination_moves(game: &Game) -> Vec<String> {
    let mut board = icn_movegen::Board::from_game(&Game {
        moves: Vec::new(),
        ..game.clone()
    })
    .ok();
    game.moves
        .iter()
        .map(|m| {
            let promo = m.promotion.map_or(String::new(), |p| {
                format!("={}", p.kind.code().to_lowercase())
            });
            let played = board
                .as_mut()
                .and_then(|b| b.check_move(&m.from, &m.to, m.promotion).ok());
            let to = match (&mut board, played) {
                (Some(b), Some(mv)) => {
                    b.make(&mv);
                    mv.to.to_coord()
                }
                _ => m.to.clone(),
            };
            format!("{}>{to}{promo}", m.from)
        })
        .collect()
}

/// The first difference between our game and python-chess's reading.
fn differences(game: &Game, want: &Value) -> Option<String> {
    let moves = king_destination_moves(game);
    let want_moves: Vec<&str> = want["moves"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if moves != want_moves {
        let i = moves
            .iter()
            .zip(&want_moves)
            .position(|(a, b)| a != b)
            .unwrap_or(moves.len().min(want_moves.len()));
        return Some(format!(
            "move {} differs: ours {:?}, python-chess {:?} ({} moves against {})",
            i + 1,
            moves.get(i),
            want_moves.get(i),
            moves.len(),
            want_moves.len()
        ));
    }
    let tags: BTreeMap<&str, &str> = want["tags"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| Some((t[0].as_str()?, t[1].as_str()?)))
                .collect()
        })
        .unwrap_or_default();
    for (k, v) in &game.metadata {
        if k != "Result" && tags.get(k.as_str()) != Some(&v.as_str()) {
            return Some(format!(
                "tag {k}: ours {v:?}, python-chess {:?}",
                tags.get(k.as_str())
            ));
        }
    }
    for (k, v) in &tags {
        let roster_default = matches!(*v, "?" | "????.??.??" | "*");
        if !game.metadata.contains_key(*k) && !roster_default && *k != "FEN" && *k != "SetUp" {
            return Some(format!("tag {k} = {v:?} is missing"));
        }
    }
    let result = game.metadata.get("Result").map_or("*", String::as_str);
    if want["result"] != result {
        return Some(format!(
            "result: ours {result}, python-chess {}",
            want["result"]
        ));
    }
    for ply in 0..=game.moves.len() {
        let key = ply.to_string();
        let ours = match ply {
            0 => game.leading_comments.join(" "),
            _ => game.moves[ply - 1].comments.join(" "),
        };
        let theirs = want["comments"][&key].as_str().unwrap_or("");
        if squeeze(&ours) != squeeze(theirs) {
            return Some(format!(
                "comment after ply {ply}: ours {ours:?}, python-chess {theirs:?}"
            ));
        }
        if ply == 0 {
            continue;
        }
        let m = &game.moves[ply - 1];
        let mut nags: Vec<u64> = m
            .glyph
            .iter()
            .filter_map(|g| glyph_nag(g))
            .chain(
                m.commands
                    .iter()
                    .filter_map(|c| c.strip_prefix("%nag ")?.parse().ok()),
            )
            .map(u64::from)
            .collect();
        nags.sort_unstable();
        nags.dedup();
        let want_nags: Vec<u64> = want["nags"][&key]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        if nags != want_nags {
            return Some(format!(
                "NAGs of ply {ply}: ours {nags:?}, python-chess {want_nags:?}"
            ));
        }
        let clock = m.clock.map(|c| c.millis as f64 / 1000.0);
        let want_clock = want["clocks"][&key].as_f64();
        let same = match (clock, want_clock) {
            (Some(a), Some(b)) => (a - b).abs() < 0.01,
            (None, None) => true,
            _ => false,
        };
        if !same {
            return Some(format!(
                "clock of ply {ply}: ours {clock:?}, python-chess {want_clock:?}"
            ));
        }
    }
    None
}

/// Writes `game` as PGN and reads it back: the game must come back the same
/// (moves, check marks, glyphs, NAG and other commands, clocks, comments,
/// metadata with the result).
///
/// # Errors
/// What could not be written or what changed.
pub fn round_trip(game: &Game) -> Result<(), String> {
    let pgn = export_game(game).map_err(|e| format!("cannot be written as PGN: {e}"))?;
    let again = PgnReader::new(pgn.as_bytes())
        .next()
        .ok_or("the written PGN holds no game")?
        .and_then(|g| import_game(&g))
        .map_err(|e| format!("the written PGN does not read: {e}"))?
        .0;
    // The writer adds the seven-tag roster the game lacks, with `?` values.
    let mut again = again;
    again.metadata.retain(|k, v| {
        game.metadata.contains_key(k) || !matches!(v.as_str(), "?" | "????.??.??" | "*")
    });
    if again.moves != game.moves {
        let i = again
            .moves
            .iter()
            .zip(&game.moves)
            .position(|(a, b)| a != b)
            .unwrap_or(game.moves.len());
        return Err(format!(
            "PGN round trip changed move {}: {:?} came back as {:?}",
            i + 1,
            game.moves.get(i),
            again.moves.get(i)
        ));
    }
    if again.metadata != game.metadata {
        return Err(format!(
            "PGN round trip changed the tags: {:?} came back as {:?}",
            game.metadata, again.metadata
        ));
    }
    if again != *game {
        return Err("PGN round trip changed the game (position or leading comments)".into());
    }
    Ok(())
}

/// [`round_trip`] for every game of a PGN text.
///
/// # Errors
/// The first game that does not read or does not come back the same.
pub fn round_trip_file(pgn: &[u8]) -> Result<(), String> {
    for g in PgnReader::new(pgn) {
        let (game, _) = g.and_then(|g| import_game(&g)).map_err(|e| e.to_string())?;
        round_trip(&game).map_err(|e| format!("game {}: {e}", game_number(&game)))?;
    }
    Ok(())
}

fn game_number(game: &Game) -> String {
    game.metadata
        .get("Event")
        .cloned()
        .unwrap_or_else(|| "?".into())
}
