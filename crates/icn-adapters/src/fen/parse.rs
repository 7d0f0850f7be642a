//! Reading FEN text ([`Fen::parse`]): fields split on whitespace with their
//! byte offsets, the placement, pocket, castling and en passant fields, and
//! the optional three-check counters (see the parent module for what is
//! accepted and refused).

use std::collections::BTreeMap;

use icn_model::{Piece, PieceKind, Player};

use super::{Checks, Fen, FenField, FenPiece, ParseFenError, Square, err};

fn role_of(c: char) -> Option<PieceKind> {
    Some(match c.to_ascii_lowercase() {
        'k' => PieceKind::King,
        'q' => PieceKind::Queen,
        'r' => PieceKind::Rook,
        'b' => PieceKind::Bishop,
        'n' => PieceKind::Knight,
        'p' => PieceKind::Pawn,
        _ => return None,
    })
}

fn piece_of(c: char) -> Option<Piece> {
    let kind = role_of(c)?;
    let player = if c.is_ascii_uppercase() {
        Player::WHITE
    } else {
        Player::BLACK
    };
    Some(Piece::new(kind, player))
}

/// Splits on whitespace, keeping byte offsets; a UTF-8 byte-order mark at
/// the start counts as whitespace.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let blank = c.is_whitespace() || (i == 0 && c == icn_syntax::BOM);
        match (blank, start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

fn is_checks_pair(s: &str) -> Option<Checks> {
    let (a, b) = s.split_once('+')?;
    if a.is_empty() || b.is_empty() {
        return None;
    }
    Some(Checks {
        white: a.parse().ok()?,
        black: b.parse().ok()?,
    })
}

impl Fen {
    /// Reads a FEN (see the module docs for what is accepted).
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the first bad field.
    ///
    /// ```
    /// use icn_adapters::fen::{Fen, FenField};
    /// let f = Fen::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(f.en_passant.unwrap().name(), "e3");
    /// assert_eq!(f.white_castling, vec![0, 7]);
    /// let e = Fen::parse("8/8/8/8/8/8/8/9 w - - 0 1").unwrap_err();
    /// assert_eq!(e.field, FenField::Board);
    /// ```
    pub fn parse(text: &str) -> Result<Fen, ParseFenError> {
        let fs = fields(text);
        let Some(&(b0, board_text)) = fs.first() else {
            return Err(err(
                FenField::Board,
                0..0,
                "expected a piece placement, found nothing",
            ));
        };
        let (placement, pocket_text) = match board_text.find('[') {
            Some(i) => (&board_text[..i], Some((b0 + i, &board_text[i..]))),
            None => (board_text, None),
        };
        let board = parse_board(placement, b0)?;
        let pocket = match pocket_text {
            Some((at, p)) => Some(parse_pocket(p, at)?),
            None => None,
        };
        let mut fen = Fen {
            board,
            turn: Player::WHITE,
            white_castling: Vec::new(),
            black_castling: Vec::new(),
            en_passant: None,
            pocket,
            remaining_checks: None,
            given_checks: None,
            halfmove: 0,
            fullmove: 1,
        };
        let mut rest = fs[1..].iter().copied().peekable();
        if let Some((at, t)) = rest.next() {
            fen.turn = match t {
                "w" => Player::WHITE,
                "b" => Player::BLACK,
                _ => {
                    return Err(err(
                        FenField::Turn,
                        at..at + t.len(),
                        format!("expected `w` or `b`, found `{t}`"),
                    ));
                }
            };
        }
        if let Some((at, t)) = rest.next() {
            fen.parse_castling(t, at)?;
        }
        if let Some((at, t)) = rest.next() {
            fen.parse_en_passant(t, at)?;
        }
        if let Some(&(_, t)) = rest.peek()
            && let Some(c) = is_checks_pair(t)
        {
            fen.remaining_checks = Some(c);
            rest.next();
        }
        for field in [FenField::Halfmove, FenField::Fullmove] {
            let Some(&(at, t)) = rest.peek() else { break };
            if t.starts_with('+') {
                break;
            }
            rest.next();
            let n: u32 = t.parse().map_err(|_| {
                err(
                    field,
                    at..at + t.len(),
                    format!("expected a number, found `{t}`"),
                )
            })?;
            if field == FenField::Halfmove {
                fen.halfmove = n;
            } else if n == 0 {
                return Err(err(
                    field,
                    at..at + t.len(),
                    "expected a number from 1, found `0`",
                ));
            } else {
                fen.fullmove = n;
            }
        }
        if let Some(&(at, t)) = rest.peek()
            && let Some(c) = t.strip_prefix('+').and_then(is_checks_pair)
        {
            fen.given_checks = Some(c);
            rest.next();
            let _ = at;
        }
        if let Some((at, t)) = rest.next() {
            return Err(err(
                FenField::Trailing,
                at..at + t.len(),
                format!("expected the end of the FEN, found `{t}`"),
            ));
        }
        Ok(fen)
    }

    fn parse_castling(&mut self, t: &str, at: usize) -> Result<(), ParseFenError> {
        if t == "-" {
            return Ok(());
        }
        for (i, c) in t.char_indices() {
            let span = at + i..at + i + 1;
            let player = if c.is_ascii_uppercase() {
                Player::WHITE
            } else {
                Player::BLACK
            };
            let Some(king) = self.king_file(player) else {
                return Err(err(
                    FenField::Castling,
                    span,
                    format!("`{c}` needs a {player} king on its back rank, found none"),
                ));
            };
            let file = match c.to_ascii_lowercase() {
                'k' => (king + 1..8).rev().find(|&f| self.rook_on(player, f)),
                'q' => (0..king).find(|&f| self.rook_on(player, f)),
                f @ 'a'..='h' => Some(f as u8 - b'a').filter(|&f| self.rook_on(player, f)),
                _ => {
                    return Err(err(
                        FenField::Castling,
                        span,
                        format!("expected `-`, `KQkq` or a file letter, found `{c}`"),
                    ));
                }
            };
            let Some(file) = file else {
                return Err(err(
                    FenField::Castling,
                    span,
                    format!("`{c}` names no {player} rook on the back rank"),
                ));
            };
            let rights = if player == Player::WHITE {
                &mut self.white_castling
            } else {
                &mut self.black_castling
            };
            if rights.contains(&file) {
                return Err(err(
                    FenField::Castling,
                    span,
                    format!("`{c}` repeats a right"),
                ));
            }
            rights.push(file);
            rights.sort_unstable();
        }
        Ok(())
    }

    fn parse_en_passant(&mut self, t: &str, at: usize) -> Result<(), ParseFenError> {
        if t == "-" {
            return Ok(());
        }
        let span = at..at + t.len();
        let Some(sq) = Square::parse(t) else {
            return Err(err(
                FenField::EnPassant,
                span,
                format!("expected `-` or a square, found `{t}`"),
            ));
        };
        let wanted = if self.turn == Player::WHITE { 5 } else { 2 };
        if sq.rank != wanted {
            return Err(err(
                FenField::EnPassant,
                span,
                format!(
                    "expected a square on rank {} with {} to move, found `{t}`",
                    wanted + 1,
                    self.turn
                ),
            ));
        }
        self.en_passant = Some(sq);
        Ok(())
    }
}

fn parse_board(text: &str, at: usize) -> Result<BTreeMap<Square, FenPiece>, ParseFenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(
            FenField::Board,
            at..at + text.len(),
            format!("expected 8 ranks separated by `/`, found {}", ranks.len()),
        ));
    }
    let mut board = BTreeMap::new();
    let mut offset = at;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        let mut last: Option<Square> = None;
        for (j, c) in rank_text.char_indices() {
            let span = offset + j..offset + j + c.len_utf8();
            if let Some(d) = c.to_digit(10).filter(|&d| (1..=8).contains(&d)) {
                file += d;
                last = None;
            } else if c == '~' {
                let Some(sq) = last.take() else {
                    return Err(err(FenField::Board, span, "expected a piece before `~`"));
                };
                if let Some(p) = board.get_mut(&sq) {
                    let p: &mut FenPiece = p;
                    p.promoted = true;
                }
            } else if let Some(piece) = piece_of(c) {
                if file >= 8 {
                    return Err(err(
                        FenField::Board,
                        span,
                        format!("rank {} has more than 8 squares", rank + 1),
                    ));
                }
                let sq = Square {
                    file: file as u8,
                    rank,
                };
                board.insert(
                    sq,
                    FenPiece {
                        piece,
                        promoted: false,
                    },
                );
                last = Some(sq);
                file += 1;
            } else {
                return Err(err(
                    FenField::Board,
                    span,
                    format!("expected a piece letter (KQRBNP, kqrbnp) or a digit 1-8, found `{c}`"),
                ));
            }
        }
        if file != 8 {
            return Err(err(
                FenField::Board,
                offset..offset + rank_text.len(),
                format!("rank {} has {file} squares, expected 8", rank + 1),
            ));
        }
        offset += rank_text.len() + 1;
    }
    Ok(board)
}

fn parse_pocket(text: &str, at: usize) -> Result<Vec<Piece>, ParseFenError> {
    let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return Err(err(
            FenField::Pocket,
            at..at + text.len(),
            "expected a pocket `[...]` closed by `]`",
        ));
    };
    let mut out = Vec::new();
    for (i, c) in inner.char_indices() {
        match piece_of(c) {
            Some(p) if p.kind != PieceKind::King => out.push(p),
            _ => {
                return Err(err(
                    FenField::Pocket,
                    at + 1 + i..at + 2 + i,
                    format!("expected a piece letter other than a king, found `{c}`"),
                ));
            }
        }
    }
    Ok(out)
}
