//! The `FEN:` of a Sjaak variant as an ICN [`Position`].
//!
//! Accepted: ranks from the top separated by `/` (a trailing `/` is allowed,
//! as the shipped file writes one), empty runs as decimal numbers, piece
//! symbols from the variant's `Symbol:` lines (`+P` and `Q~` forms included),
//! the pieces in hand right after the placement (`[NNnn]`, empty as `[]` or
//! `[-]`), the side to move,
//! castling as `-`, `KQkq` (the `Castle:` moves toward the east or west side)
//! or file letters (the piece on that file of the back rank gets its right;
//! `K`/`Q` with no matching `Castle:` line give no right, as in Sjaak),
//! `*` for an excluded square, shogi-style `w 0 1` without castling and en
//! passant fields,
//! the en passant square and optional clocks. Refused (through the caller's
//! refusal list): unknown symbols, ranks of the wrong width,
//! the wrong number of ranks, and bad fields.

use icn_model::{Int, MoveRule, PieceKind, PlacedPiece, Player, Position};

use super::lower::{coord_of, placed};
use super::{SjaakVariant, Sq};

/// The start position, or `None` after reporting what is wrong.
pub(super) fn position_of(
    v: &SjaakVariant,
    kinds: &[PieceKind],
    refuse: &mut dyn FnMut(String),
) -> Option<Position> {
    let Some(fen) = &v.fen else {
        refuse("a variant without `FEN:` (no start position)".into());
        return None;
    };
    let mut fail = |m: String| refuse(format!("`FEN:` {m}"));
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let Some(&board_text) = fields.first() else {
        fail("is empty".into());
        return None;
    };
    let (placement, holdings) = match board_text.find('[') {
        Some(i) => (&board_text[..i], Some(&board_text[i..])),
        None => (board_text, None),
    };
    // Symbol table: (symbol, piece index, player), longest first.
    let mut symbols: Vec<(String, usize, Player)> = Vec::new();
    for (i, p) in v.pieces.iter().enumerate() {
        if let Some((_, w, b)) = &p.symbol {
            symbols.push((w.clone(), i, Player::WHITE));
            symbols.push((b.clone(), i, Player::BLACK));
        }
    }
    symbols.sort_by_key(|s| std::cmp::Reverse(s.0.len()));
    let mut hand = icn_model::Holdings::new();
    if let Some(h) = holdings {
        let inner = h.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
        let Some(mut rest) = inner.map(|i| if i == "-" { "" } else { i }) else {
            fail(format!("holdings `{h}` without a closing `]`"));
            return None;
        };
        while !rest.is_empty() {
            let Some((sym, idx, player)) = symbols
                .iter()
                .find(|s| !s.0.is_empty() && rest.starts_with(s.0.as_str()))
            else {
                fail(format!("has an unknown piece symbol in hand at `{rest}`"));
                return None;
            };
            let kind = kinds.get(*idx).copied().unwrap_or(PieceKind::Guard);
            hand.add(icn_model::Piece::new(kind, *player), 1);
            rest = &rest[sym.len()..];
        }
    }
    let rows: Vec<&str> = placement
        .strip_suffix('/')
        .unwrap_or(placement)
        .split('/')
        .collect();
    if rows.len() != usize::from(v.ranks) {
        fail(format!("has {} ranks, the board {}", rows.len(), v.ranks));
        return None;
    }
    let mut found: Vec<(usize, Player, Sq)> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = v.ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut rest = *row;
        while !rest.is_empty() {
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 {
                file += rest[..digits].parse::<u32>().unwrap_or(99);
                rest = &rest[digits..];
                continue;
            }
            if let Some(r) = rest.strip_prefix('*') {
                let sq = Sq {
                    file: file.min(255) as u8,
                    rank,
                };
                if !v.exclude.contains(&sq) {
                    fail(format!(
                        "marks {} with `*`, which is not an excluded square",
                        sq.name()
                    ));
                    return None;
                }
                file += 1;
                rest = r;
                continue;
            }
            let Some((sym, idx, player)) = symbols
                .iter()
                .find(|s| !s.0.is_empty() && rest.starts_with(s.0.as_str()))
            else {
                fail(format!(
                    "has an unknown piece symbol at `{rest}` on rank {}",
                    rank + 1
                ));
                return None;
            };
            if file >= u32::from(v.files) {
                break;
            }
            found.push((
                *idx,
                *player,
                Sq {
                    file: file as u8,
                    rank,
                },
            ));
            file += 1;
            rest = &rest[sym.len()..];
        }
        if file != u32::from(v.files) {
            fail(format!(
                "rank {} has {file} files, the board {}",
                rank + 1,
                v.files
            ));
            return None;
        }
    }
    let side = match fields.get(1).copied() {
        None | Some("w") => Player::WHITE,
        Some("b") => Player::BLACK,
        Some(t) => {
            fail(format!("side to move `{t}`, expected `w` or `b`"));
            return None;
        }
    };
    let mut rights: Vec<Sq> = Vec::new();
    // Shogi-like FENs go straight from the side to move to the clocks.
    let numeric = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
    let fields: Vec<&str> = if fields.len() == 4 && fields[2..].iter().all(numeric) {
        vec![fields[0], fields[1], "-", "-", fields[2], fields[3]]
    } else {
        fields
    };
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" {
        for c in castling.chars() {
            let player = if c.is_ascii_uppercase() {
                Player::WHITE
            } else {
                Player::BLACK
            };
            let back = if player == Player::WHITE {
                0
            } else {
                v.ranks - 1
            };
            match c.to_ascii_lowercase() {
                'k' | 'q' => {
                    let east = c.eq_ignore_ascii_case(&'k');
                    // A letter no `Castle:` line matches gives no right, nor
                    // does a line whose castling piece does not stand on its
                    // square (Sjaak never plays it; a pawn there keeps no
                    // right it could use for a double step).
                    let lines = v
                        .pieces
                        .iter()
                        .enumerate()
                        .flat_map(|(i, p)| p.castles.iter().map(move |d| (i, d)));
                    for (castler, d) in lines {
                        let castler_there = found
                            .iter()
                            .any(|&(idx, who, at)| (idx, who, at) == (castler, player, d.from));
                        if d.player == player && (d.to.file > d.from.file) == east && castler_there
                        {
                            rights.extend([d.from, d.with]);
                        }
                    }
                }
                f @ 'a'..='p' if (f as u8 - b'a') < v.files => {
                    rights.push(Sq {
                        file: f as u8 - b'a',
                        rank: back,
                    });
                }
                _ => {
                    fail(format!("castling letter `{c}`"));
                    return None;
                }
            }
        }
    }
    let en_passant = match fields.get(3).copied() {
        None | Some("-") => None,
        Some(t) => {
            let b = t.as_bytes();
            let sq = (b.len() >= 2 && b[0].is_ascii_lowercase())
                .then(|| t[1..].parse::<u8>().ok())
                .flatten()
                .filter(|&r| r >= 1 && r <= v.ranks && b[0] - b'a' < v.files)
                .map(|r| Sq {
                    file: b[0] - b'a',
                    rank: r - 1,
                });
            match sq {
                Some(s) => Some(coord_of(s)),
                None => {
                    fail(format!("en passant square `{t}`"));
                    return None;
                }
            }
        }
    };
    let number = |i: usize, default: i64| -> Option<i64> {
        fields.get(i).map_or(Some(default), |t| t.parse().ok())
    };
    let (Some(half), Some(full)) = (number(4, 0), number(5, 1)) else {
        fail("clocks that are not numbers".into());
        return None;
    };
    let pieces: Vec<PlacedPiece> = {
        let mut pieces: Vec<PlacedPiece> = found
            .into_iter()
            .map(|(idx, player, s)| {
                let p = &v.pieces[idx];
                let in_special = p.specials.iter().any(|(zw, zb, _)| {
                    let z = if player == Player::WHITE { zw } else { zb };
                    v.zone(z).unwrap_or_default().contains(&s)
                });
                let right = rights.contains(&s) || !p.initial.is_empty() || in_special;
                placed(
                    kinds.get(idx).copied().unwrap_or(PieceKind::Guard),
                    player,
                    s,
                    right,
                )
            })
            .collect();
        pieces.sort_by(|a, b| (&a.at.y, &a.at.x).cmp(&(&b.at.y, &b.at.x)));
        pieces
    };
    Some(Position {
        holdings: hand,
        count: None,
        pieces,
        turn_order: if side == Player::WHITE {
            vec![Player::WHITE, Player::BLACK]
        } else {
            vec![Player::BLACK, Player::WHITE]
        },
        en_passant,
        en_passant_victim: None,
        move_rule: Some(MoveRule {
            played: Int::from(half),
            limit: Int::from(100),
        }),
        fullmove: Int::from(full.max(1)),
    })
}
