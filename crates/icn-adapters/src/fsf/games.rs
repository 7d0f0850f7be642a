//! Games replayed against Fairy-Stockfish's state after them
//! (`fixtures/fsf/games/*.tsv`, made with pyffish): each row is a variant,
//! a start FEN, UCI moves, the FEN pyffish gives after them and whether
//! pyffish calls the game over by its optional rules. [`check_rows`]
//! replays every row and compares the Makruk count ([`icn_model::Count`]):
//! the engine's after the moves, whether it ran out, and the one this
//! reader takes from pyffish's FEN; where no count runs, the move-rule
//! counter (the FEN's halfmove field); and whether the game is drawn by
//! such a rule (a count, the move rule, repetition, Sittuyin's stalemate by
//! promotions only).

use std::collections::BTreeMap;

use icn_model::{Count, PieceKind};
use icn_movegen::{Board, MoveKind, Termination};

/// What [`check_rows`] saw: rows replayed and counts that ran out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GamesChecked {
    /// Rows replayed.
    pub rows: usize,
    /// Rows whose count had run out.
    pub ran_out: usize,
}

/// A UCI move as Fairy-Stockfish writes it: `e2e4`, `a10a9`, a promotion
/// `b6b7m` (the letter of the piece promoted into) or `b2b3+` (a shogi-style
/// promotion), a drop `N@f7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Uci {
    /// The 1-based from square; `None` for a drop.
    from: Option<(i64, i64)>,
    /// The 1-based to square.
    to: (i64, i64),
    /// The letter after the squares, or before the `@` of a drop
    /// (lowercase), or `+`.
    letter: Option<char>,
}

/// `f7`, `a10`: a 1-based square from the front of `chars`.
fn uci_square(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<(i64, i64)> {
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let mut rank = String::new();
    while let Some(c) = chars.peek().filter(|c| c.is_ascii_digit()) {
        rank.push(*c);
        chars.next();
    }
    Some((i64::from(file as u8 - b'a' + 1), rank.parse().ok()?))
}

/// Reads a UCI move ([`Uci`]).
fn read_uci(uci: &str) -> Option<Uci> {
    if let Some((piece, square)) = uci.split_once('@') {
        let mut letters = piece.chars();
        let letter = letters.next()?.to_ascii_lowercase();
        let mut chars = square.chars().peekable();
        let to = uci_square(&mut chars)?;
        return (letters.next().is_none() && chars.next().is_none()).then_some(Uci {
            from: None,
            to,
            letter: Some(letter),
        });
    }
    let mut chars = uci.chars().peekable();
    let from = uci_square(&mut chars)?;
    let to = uci_square(&mut chars)?;
    let letter = chars.next();
    chars.next().is_none().then_some(Uci {
        from: Some(from),
        to,
        letter,
    })
}

/// Whether `m` is the move `uci` names, with `letters` the variant's piece
/// letters.
fn is_move(m: &icn_movegen::Move, uci: &Uci, letters: &BTreeMap<char, PieceKind>) -> bool {
    let kind_of = |c: char| letters.get(&c).copied();
    let to = (m.to.x, m.to.y) == uci.to;
    match (&m.kind, uci.from) {
        (MoveKind::Drop { piece }, None) => to && Some(piece.kind) == uci.letter.and_then(kind_of),
        (MoveKind::Drop { .. }, Some(_)) | (_, None) => false,
        (_, Some(from)) => {
            let promotion = match (uci.letter, m.promotion) {
                (None, None) => true,
                (Some('+'), Some(_)) => true,
                (Some(c), Some(p)) => kind_of(c) == Some(p.kind),
                _ => false,
            };
            to && (m.from.x, m.from.y) == from && promotion
        }
    }
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

/// The variant `[t:VARIANT]` with `fen` as its start, and its piece letters.
fn variant(
    variant: &str,
    fen: &str,
) -> Result<(icn_rules::Variant, BTreeMap<char, PieceKind>), String> {
    let file = super::read_file(&format!("[t:{variant}]\nstartFen = {fen}\n"));
    let section = file.sections.first().ok_or("no section")?;
    let read = section.result.as_ref().map_err(|e| format!("{e:?}"))?;
    let v = super::to_variant(read).map_err(|e| format!("{e:?}"))?;
    let letters = super::lower::piece_letters(read).map_err(|e| format!("{e:?}"))?;
    Ok((v, letters))
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
    let (v, letters) = variant(name, start)?;
    let mut b = Board::new(&v.position, &v.rules).map_err(|e| e.to_string())?;
    for text in moves.split(' ') {
        let uci = read_uci(text).ok_or(format!("`{text}` is no UCI move"))?;
        let m = b
            .legal_moves()
            .map_err(|e| e.to_string())?
            .into_iter()
            .find(|m| is_move(m, &uci, &letters))
            .ok_or(format!("{name} {start}: {text} is not legal after {moves}"))?;
        b.make(&m);
    }
    let want = count_of_fen(after);
    let clock = after
        .split_whitespace()
        .nth(4)
        .and_then(|f| f.parse::<u64>().ok());
    if want.is_none() && clock != Some(b.halfmove_clock()) {
        return Err(format!(
            "{name} {start} {moves}: move-rule counter {}, pyffish {clock:?} ({after})",
            b.halfmove_clock()
        ));
    }
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
    // The game ends by a rule Fairy-Stockfish calls optional: a draw its
    // perft does not stop at.
    let ours = b.game_end().map_err(|e| e.to_string())?;
    let optional = ours.is_some_and(|e| {
        e.winner.is_none()
            && matches!(
                e.termination,
                Termination::Counting
                    | Termination::MoveRule
                    | Termination::Repetition
                    | Termination::OnlyPromotions
            )
    });
    if optional != (end == "1") {
        return Err(format!(
            "{name} {start} {moves}: the game ends by an optional rule for one engine only: {ours:?}, pyffish {end}"
        ));
    }
    let (back, _) = variant(name, after)?;
    if back.position.count != want {
        return Err(format!("{after}: read back as {:?}", back.position.count));
    }
    Ok(out)
}
