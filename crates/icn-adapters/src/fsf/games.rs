//! Games replayed against Fairy-Stockfish's state after them
//! (`fixtures/fsf/games/*.tsv`, made with pyffish): each row is a variant,
//! a start FEN, UCI moves, the FEN pyffish gives after them and whether
//! pyffish calls the game over by its optional rules. [`check_rows`]
//! replays every row and compares the Makruk count ([`icn_model::Count`]):
//! the engine's after the moves, whether it ran out, and the one this
//! reader takes from pyffish's FEN.

use icn_model::Count;
use icn_movegen::{Board, Termination};

/// What [`check_rows`] saw: rows replayed and counts that ran out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GamesChecked {
    /// Rows replayed.
    pub rows: usize,
    /// Rows whose count had run out.
    pub ran_out: usize,
}

/// `e2e4`, `b6b7m`, `a10a9`: the 1-based from and to squares.
fn uci_squares(uci: &str) -> Option<((i64, i64), (i64, i64))> {
    let mut squares = Vec::new();
    let mut chars = uci.chars().peekable();
    while squares.len() < 2 {
        let file = chars.next().filter(char::is_ascii_lowercase)?;
        let mut rank = String::new();
        while let Some(c) = chars.peek().filter(|c| c.is_ascii_digit()) {
            rank.push(*c);
            chars.next();
        }
        squares.push((i64::from(file as u8 - b'a' + 1), rank.parse().ok()?));
    }
    Some((squares[0], squares[1]))
}

/// The count a Fairy-Stockfish FEN gives: its fourth field is the limit
/// when it is a number, and the fifth the count.
fn count_of_fen(fen: &str) -> Option<Count> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    Some(Count {
        limit: fields.get(3)?.parse().ok()?,
        ply: fields.get(4)?.parse().ok()?,
    })
}

/// The variant `[t:VARIANT]` with `fen` as its start.
fn variant(variant: &str, fen: &str) -> Result<icn_rules::Variant, String> {
    let file = super::read_file(&format!("[t:{variant}]\nstartFen = {fen}\n"));
    let section = file.sections.first().ok_or("no section")?;
    let read = section.result.as_ref().map_err(|e| format!("{e:?}"))?;
    super::to_variant(read).map_err(|e| format!("{e:?}"))
}

/// Replays every row of `tsv` (module docs).
///
/// # Errors
/// Every row whose replay or count differs, with what differs.
pub fn check_rows(tsv: &str) -> Result<GamesChecked, String> {
    let mut seen = GamesChecked::default();
    let mut failures = Vec::new();
    for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        match check_row(line) {
            Ok(out) => {
                seen.rows += 1;
                seen.ran_out += usize::from(out);
            }
            Err(e) => failures.push(e),
        }
    }
    if failures.is_empty() {
        Ok(seen)
    } else {
        Err(failures.join("\n"))
    }
}

/// One row; `Ok(true)` when its count ran out.
fn check_row(line: &str) -> Result<bool, String> {
    let [name, start, moves, after, end] = line.split('\t').collect::<Vec<_>>()[..] else {
        return Err(format!("expected five tab-separated fields: {line}"));
    };
    let v = variant(name, start)?;
    let mut b = Board::new(&v.position, &v.rules).map_err(|e| e.to_string())?;
    for uci in moves.split(' ') {
        let (from, to) = uci_squares(uci).ok_or(format!("`{uci}` is no UCI move"))?;
        let m = b
            .legal_moves()
            .map_err(|e| e.to_string())?
            .into_iter()
            .find(|m| (m.from.x, m.from.y) == from && (m.to.x, m.to.y) == to)
            .ok_or(format!("{name} {start}: {uci} is not legal after {moves}"))?;
        b.make(&m);
    }
    let want = count_of_fen(after);
    if b.count() != want {
        return Err(format!(
            "{name} {start} {moves}: count {:?}, pyffish {want:?} ({after})",
            b.count()
        ));
    }
    let out = want.is_some_and(|c| c.ply > c.limit);
    if (b.ended_by_count() == Some(Termination::Counting)) != out || (out && end != "1") {
        return Err(format!("{after}: the count ran out for one engine only"));
    }
    let back = variant(name, after)?;
    if back.position.count != want {
        return Err(format!("{after}: read back as {:?}", back.position.count));
    }
    Ok(out)
}
