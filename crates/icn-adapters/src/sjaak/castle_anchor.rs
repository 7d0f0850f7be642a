//! Castling anchored where the FEN puts the king, as Sjaak II reads a FEN's
//! castling field: for each `K`/`Q`/`k`/`q` (or partner file letter) it takes
//! the castling piece where it stands (the lowest square of the first piece
//! type that stands on a `Castle:` line's start square in the variant's FEN),
//! the partner found from that edge of the king's rank (the piece type
//! standing on the line's `with` square), and redefines that side's castling
//! toward that wing from there, keeping the lines' king destinations (a line
//! is east-side when its destination is in the east half of the board). A
//! file letter names the partner's file, except under `gate drops`, where it
//! only gives that piece its right (Musketeer).
//!
//! Elven (Chu) Chess needs it: its black king starts on e10 while its
//! `Castle:` lines start from f10, and Sjaak II castles it from e10.
//! [`anchored`] returns the variant with its lines rewritten that way, or
//! `None` when nothing changes.

use icn_model::{PieceKind, Player};

use super::lower::coord_of;
use super::{CastleDef, SjaakVariant, Sq};

/// Placeholder kinds standing for piece indexes while reading the FEN.
fn index_kind(i: usize) -> Option<PieceKind> {
    let a = char::from(b'A' + u8::try_from(i / 26).ok()?.min(25));
    let b = char::from(b'A' + (i % 26) as u8);
    PieceKind::custom(&format!("XQ{a}{b}")).ok()
}

/// `v` with its `Castle:` lines anchored at the FEN's castling pieces (see
/// the module docs); `None` when they already are, or the FEN cannot be read.
pub(super) fn anchored(v: &SjaakVariant) -> Option<SjaakVariant> {
    let rights = v.fen.as_ref()?.split_whitespace().nth(2)?;
    if rights == "-" || rights.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let kinds: Vec<PieceKind> = (0..v.pieces.len()).map(index_kind).collect::<Option<_>>()?;
    let pos = super::position::position_of(v, &kinds, &mut |_| {})?;
    let at = |s: Sq| -> Option<(usize, Player)> {
        let p = pos.piece_at(&coord_of(s))?;
        Some((
            kinds.iter().position(|&k| k == p.piece.kind)?,
            p.piece.player,
        ))
    };
    let east_half = |s: Sq| u32::from(s.file) >= u32::from(v.files) / 2;
    let defs: Vec<CastleDef> = v.pieces.iter().flat_map(|p| p.castles.clone()).collect();
    // The castling type: the first standing on a line's start square.
    let castler = (0..v.pieces.len()).find(|&i| {
        defs.iter()
            .any(|d| at(d.from).is_some_and(|(j, who)| j == i && who == d.player))
    })?;
    let gating = v.has_rule("gate drops");
    let mut out = v.clone();
    let mut changed = false;
    for c in rights.chars() {
        let player = if c.is_ascii_uppercase() {
            Player::WHITE
        } else {
            Player::BLACK
        };
        let king = pos
            .pieces
            .iter()
            .filter(|p| p.piece.player == player && p.piece.kind == kinds[castler])
            .map(|p| &p.at)
            .min_by(|a, b| (&a.y, &a.x).cmp(&(&b.y, &b.x)))?;
        let king = Sq {
            file: u8::try_from(king.x.to_i64()? - 1).ok()?,
            rank: u8::try_from(king.y.to_i64()? - 1).ok()?,
        };
        let on_rank = |file: u8| Sq {
            file,
            rank: king.rank,
        };
        let rook = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                let east = c.eq_ignore_ascii_case(&'k');
                let Some(partner) = defs
                    .iter()
                    .find(|d| d.player == player && east_half(d.to) == east)
                    .and_then(|d| at(d.with))
                    .map(|(i, _)| i)
                else {
                    continue;
                };
                let mut files: Vec<u8> = (0..v.files).collect();
                if east {
                    files.reverse();
                }
                files
                    .into_iter()
                    .map(on_rank)
                    .find(|&s| at(s).is_some_and(|(i, _)| i == partner))
            }
            // Under `gate drops` a file letter only marks its piece unmoved.
            f @ 'a'..='z' if (f as u8 - b'a') < v.files && !gating => Some(on_rank(f as u8 - b'a')),
            _ => None,
        };
        let Some(rook) = rook else { continue };
        let east = rook.file >= king.file;
        let dests: Vec<Sq> = defs
            .iter()
            .filter(|d| d.player == player && east_half(d.to) == east)
            .flat_map(|d| std::iter::once(d.to).chain(d.also.iter().copied()))
            .collect();
        let Some((&to, also)) = dests.split_first() else {
            continue;
        };
        let new = CastleDef {
            player,
            from: king,
            to,
            also: also.to_vec(),
            with: rook,
        };
        let old: Vec<&CastleDef> = defs
            .iter()
            .filter(|d| d.player == player && east_half(d.to) == east)
            .collect();
        if old.len() == 1 && *old[0] == new {
            continue;
        }
        for p in &mut out.pieces {
            p.castles
                .retain(|d| !(d.player == player && east_half(d.to) == east));
        }
        out.pieces[castler].castles.push(new);
        changed = true;
    }
    changed.then_some(out)
}
