//! Fairy-Stockfish FENs (`startFen`) read into squares and letters: any
//! board up to 12 files and 10 ranks, `*` walls, holdings in `[…]` or as one
//! more rank after the last `/`, and the
//! fields after the board in Fairy-Stockfish's order, each optional: side
//! (`w`/`b`), castling (`KQkq`, files `A`–`L`/`a`–`l`, `-`), en passant
//! square or `-`, check counters (`3+3`), halfmove and fullmove numbers,
//! and last lichess's checks given (`+2+0`), which Fairy-Stockfish reads as
//! `3 - given` checks remaining whatever the variant's count. Three numbers
//! are a Makruk count's limit (where the en passant square goes), the count
//! and the move number.
//!
//! A `~` after a piece marks it promoted (crazyhouse), a `+` before it
//! names the piece it promotes into (shogi). Refused with the column in the
//! FEN: a rank of the wrong length, a letter no piece has, a `~` or `+`
//! without its piece, a field that is none of the above.

/// A piece on the board: 1-based file and rank, its letter (lowercase) and side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// 1-based file.
    pub file: u32,
    /// 1-based rank.
    pub rank: u32,
    /// The piece letter, lowercase.
    pub letter: char,
    /// White (uppercase in the FEN).
    pub white: bool,
    /// Marked promoted (`~` after the letter).
    pub promoted: bool,
    /// Written as a shogi-style promoted piece (`+` before the letter: the
    /// piece `letter` promotes into).
    pub plus: bool,
}

/// A FEN, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub pieces: Vec<Placed>,
    /// `*` squares.
    pub walls: Vec<(u32, u32)>,
    /// The holdings between `[` and `]` (`None` without brackets).
    pub holdings: Option<String>,
    /// Black to move.
    pub black_to_move: bool,
    /// The castling field as written (`None` when absent).
    pub castling: Option<String>,
    /// The en passant squares as listed (Fairy-Stockfish writes several
    /// side by side, `c5d6`: the squares passed over and, for pieces other
    /// than its pawn, the square of the piece that may be taken); empty for
    /// `-`.
    pub en_passant: Vec<(u32, u32)>,
    /// The 0-based byte offset of the en passant field (0 without one).
    pub en_passant_at: usize,
    /// Checks remaining for White and Black (`3+3`).
    pub checks: Option<(u32, u32)>,
    /// Half-moves since the last irreversible move.
    pub halfmove: Option<u32>,
    /// The move number.
    pub fullmove: Option<u32>,
    /// A Makruk count's limit, in plies (the first of three numbers); the
    /// halfmove number is then the count.
    pub counting_limit: Option<u32>,
}

/// Reads a FEN for a board of `files` × `ranks`, with `letter_ok` telling
/// which letters are pieces.
///
/// # Errors
/// A 0-based byte offset into the FEN and a message.
pub fn read(
    fen: &str,
    files: u32,
    ranks: u32,
    letter_ok: &dyn Fn(char) -> bool,
) -> Result<Setup, (usize, String)> {
    let mut s = Setup::default();
    let board_end = fen.find([' ', '[']).unwrap_or(fen.len());
    let board = &fen[..board_end];
    let mut rows: Vec<&str> = board.split('/').collect();
    // Holdings may follow the board as one more rank (`…/4K3/Qn`).
    if rows.len() == ranks as usize + 1
        && rows
            .last()
            .is_some_and(|r| r.chars().all(|c| c.is_ascii_alphabetic() || c == '-'))
    {
        s.holdings = rows.pop().map(str::to_string);
    }
    if rows.len() != ranks as usize {
        return Err((
            0,
            format!(
                "expected {ranks} ranks separated by `/`, found {}",
                rows.len()
            ),
        ));
    }
    let mut offset = 0;
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - i as u32;
        let mut file = 0u32;
        let mut plus = false;
        let bytes: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < bytes.len() {
            let c = bytes[j];
            let at = offset + j;
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                while j + 1 < bytes.len() && bytes[j + 1].is_ascii_digit() {
                    j += 1;
                    n = n * 10 + bytes[j].to_digit(10).unwrap_or(0);
                }
                file += n;
            } else if c == '*' {
                file += 1;
                s.walls.push((file, rank));
            } else if c == '~'
                && s.pieces
                    .last()
                    .is_some_and(|p| p.rank == rank && p.file == file)
            {
                if let Some(p) = s.pieces.last_mut() {
                    p.promoted = true;
                }
            } else if c == '+'
                && bytes
                    .get(j + 1)
                    .is_some_and(|n| n.is_ascii_alphabetic() && letter_ok(n.to_ascii_lowercase()))
            {
                plus = true;
            } else if c == '+' || c == '~' {
                return Err((at, format!("`{c}` after no piece")));
            } else if c.is_ascii_alphabetic() && letter_ok(c.to_ascii_lowercase()) {
                file += 1;
                s.pieces.push(Placed {
                    file,
                    rank,
                    letter: c.to_ascii_lowercase(),
                    white: c.is_ascii_uppercase(),
                    promoted: false,
                    plus: std::mem::take(&mut plus),
                });
            } else {
                return Err((at, format!("`{c}` is no piece of this variant")));
            }
            j += 1;
        }
        if file != files {
            return Err((
                offset,
                format!("rank {rank} holds {file} squares, expected {files}"),
            ));
        }
        offset += row.len() + 1;
    }
    let mut rest = &fen[board_end..];
    let mut pos = board_end;
    if let Some(r) = rest.strip_prefix('[') {
        let Some(end) = r.find(']') else {
            return Err((pos, "expected `]` after the holdings".into()));
        };
        s.holdings = Some(r[..end].to_string());
        rest = &r[end + 1..];
        pos += end + 2;
    }
    let mut stage = 0;
    let mut numbers = Vec::new();
    for token in rest.split_whitespace() {
        let at = pos + rest.find(token).unwrap_or(0);
        let is_castling = token == "-"
            || token.chars().all(|c| {
                "KQkq".contains(c) || ('A'..='L').contains(&c) || ('a'..='l').contains(&c)
            });
        if stage == 0 && (token == "w" || token == "b") {
            s.black_to_move = token == "b";
            stage = 1;
        } else if stage <= 1
            && is_castling
            && !token.chars().all(|c| c.is_ascii_digit())
            && s.castling.is_none()
            && stage >= 1
        {
            s.castling = Some(token.to_string());
            stage = 2;
        } else if (1..=2).contains(&stage)
            && s.castling.is_some()
            && let Some(squares) = en_passant_squares(token)
        {
            s.en_passant = squares;
            s.en_passant_at = at;
            stage = 3;
        } else if let Some((a, b)) = checks_given(token) {
            s.checks = Some((3u32.saturating_sub(a), 3u32.saturating_sub(b)));
            stage = 6;
        } else if let Some((a, b)) = token
            .split_once('+')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        {
            s.checks = Some((a, b));
            stage = 4;
        } else if let Ok(n) = token.parse::<u32>() {
            numbers.push(n);
            stage = 5;
        } else {
            return Err((
                at,
                format!(
                    "expected a FEN field (side, castling, en passant, checks or a number), found `{token}`"
                ),
            ));
        }
    }
    match numbers.as_slice() {
        [] => {}
        [f] => s.fullmove = Some(*f),
        [h, f] => {
            s.halfmove = Some(*h);
            s.fullmove = Some(*f);
        }
        [c, h, f] if s.en_passant.is_empty() => {
            s.counting_limit = Some(*c);
            s.halfmove = Some(*h);
            s.fullmove = Some(*f);
        }
        _ => {
            return Err((
                pos,
                "expected at most two move numbers, or a counting limit and two".into(),
            ));
        }
    }
    Ok(s)
}

/// Lichess's checks-given suffix `+W+B`.
fn checks_given(t: &str) -> Option<(u32, u32)> {
    let (a, b) = t.strip_prefix('+')?.split_once('+')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// `-` (none) or squares side by side (`e3`, `c5d6`).
fn en_passant_squares(t: &str) -> Option<Vec<(u32, u32)>> {
    if t == "-" {
        return Some(Vec::new());
    }
    if !t.is_ascii() {
        return None;
    }
    let mut out = Vec::new();
    let mut rest = t;
    while !rest.is_empty() {
        let digits = rest[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |i| i + 1);
        out.push(square(&rest[..digits])?);
        rest = &rest[digits..];
    }
    Some(out)
}

fn square(t: &str) -> Option<(u32, u32)> {
    let mut cs = t.chars();
    let f = cs.next().filter(|c| ('a'..='l').contains(c))?;
    let r: u32 = cs.as_str().parse().ok()?;
    Some((u32::from(f) - u32::from('a') + 1, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_as_fairy_stockfish_writes_them() {
        let any = |_: char| true;
        let s = read(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            8,
            8,
            &any,
        )
        .unwrap();
        assert_eq!(s.pieces.len(), 32);
        assert_eq!(s.checks, Some((3, 3)));
        assert_eq!(s.castling.as_deref(), Some("KQkq"));
        let s = read("n*nnnn*k/8/8/8/8/8/8/K7[] b 7+7 0 1", 8, 8, &any).unwrap();
        assert_eq!(s.walls.len(), 2);
        assert!(s.black_to_move && s.castling.is_none());
        assert_eq!(s.holdings.as_deref(), Some(""));
        let s = read("10/10/10/10/10/10/10/10/10/K8k w 0 1", 10, 10, &any).unwrap();
        assert_eq!(s.fullmove, Some(1));
        assert!(read("8/8", 8, 8, &any).is_err());
        assert!(read("7/8/8/8/8/8/8/8", 8, 8, &any).is_err());
        assert!(read("8/8/8/8/8/8/8/+7", 8, 8, &any).is_err());
        let s = read("8/8/8/8/8/8/8/+P7", 8, 8, &any).unwrap();
        assert!(s.pieces[0].plus && s.pieces[0].letter == 'p');
        let s = read("2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", 8, 8, &any).unwrap();
        assert_eq!(s.holdings.as_deref(), Some("Qn"));
        let s = read("2k5/8/8/8/8/8/8/3Q~K3[] w - - 0 1", 8, 8, &any).unwrap();
        assert!(s.pieces.iter().any(|p| p.letter == 'q' && p.promoted));
        assert!(read("~7/8/8/8/8/8/8/8", 8, 8, &any).is_err());
        let s = read("8/8/8/8/8/8/8/8 w - - 1 39 +2+0", 8, 8, &any).unwrap();
        assert_eq!((s.checks, s.fullmove), (Some((1, 3)), Some(39)));
        assert!(read("8/8/8/8/8/8/8/8 w - - 1 39 +2+", 8, 8, &any).is_err());
    }
}
