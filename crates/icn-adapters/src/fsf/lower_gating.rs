//! The gating half of [`super::lower`]: Fairy-Stockfish's `gating` and
//! `seirawanGating` (S-chess: `seirawan`, `shouse`) as the `+` right of the
//! gated pieces and [`icn_rules::Drops::gating`].
//!
//! With `gating = true` the letters of the FEN's castling field are gates
//! (squares of the castling rank, each still holding its right) as
//! Fairy-Stockfish reads them: a file letter gates the piece on that file,
//! `K`/`Q` gate the king and the rook they name and give that castling
//! right; a file letter gives a castling right only when its side has
//! nothing in hand (and captures do not fill hands: then nothing is gated),
//! and a gated king with no castling right may castle with every gated rook. With
//! `seirawanGating = true` a piece leaving its gate may bring a piece from
//! hand onto it: the gated pieces get their `+` right and the rules a gating
//! zone per side (the castling rank, within the drop region; pawns only
//! where Fairy-Stockfish would drop them).
//!
//! Refused, by option and line: a gate on a piece with initial moves (its
//! `+` right would also be the gate), a gated rook that may not castle
//! while its king is gated (the model's castling right is the same `+`),
//! and `dropNoDoubled` with gating.

use std::collections::BTreeSet;

use icn_model::{Coord, PieceKind, Player, Position};
use icn_rules::{DropZone, RuleSet};

use super::fen::Setup;
use super::lower::Lowering;
use super::lower_pieces::Lowered;

/// Whether the section gates pieces from hand (`gating` and
/// `seirawanGating`).
pub(super) fn gates_from_hand(l: &Lowering<'_>) -> bool {
    l.flag("gating", false) && l.flag("seirawanGating", false)
}

/// A castling field read as Fairy-Stockfish reads it under `gating`.
pub(super) struct GateField {
    /// The castling rights, as Shredder letters (the rook's file).
    pub castling: String,
    /// The gated squares (file, rank) of White and Black.
    pub gates: [Vec<(u32, u32)>; 2],
}

/// Reads `setup`'s castling field under `gating = true` (see the module
/// docs): its gates and the castling rights they leave.
pub(super) fn read_field(l: &Lowering<'_>, setup: &Setup) -> GateField {
    let mut out = GateField {
        castling: String::new(),
        gates: [Vec::new(), Vec::new()],
    };
    let Some(field) = setup.castling.clone().filter(|f| f != "-") else {
        return out;
    };
    let castling = l.flag("castling", true);
    let seirawan = l.flag("seirawanGating", false);
    let to_hand = l.flag("capturesToHand", false);
    let crank = l.int_rank("castlingRank", 1);
    let king_file = l.int_file("castlingKingFile", 5);
    let rook_k = l.int_file("castlingRookKingsideFile", l.files).min(l.files);
    let rook_q = l.int_file("castlingRookQueensideFile", 1).max(1);
    let hand = setup.holdings.as_deref().unwrap_or("");
    let mut rights: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut king_sq: [Option<Option<u32>>; 2] = [None, None];
    for (side, white) in [(0usize, true), (1, false)] {
        let rank = if white {
            crank
        } else {
            (l.ranks + 1).saturating_sub(crank)
        };
        let color = if white { "White" } else { "Black" };
        let (kset, rset) = (
            l.piece_set(&format!("castlingKingPiece{color}")),
            l.piece_set(&format!("castlingRookPieces{color}")),
        );
        let is = |set: &super::resolve::PieceSet, letter: char| {
            l.v.piece_by_letter(letter)
                .is_some_and(|d| set.contains(d.slot))
        };
        let own = |f: u32| {
            setup
                .pieces
                .iter()
                .find(|p| p.white == white && p.rank == rank && p.file == f)
        };
        let rook_on = |f: u32| own(f).is_some_and(|p| is(&rset, p.letter));
        let king_on = |f: u32| own(f).is_some_and(|p| is(&kset, p.letter));
        // Nothing in hand and nothing coming: file letters are castling rights.
        let in_hand = hand
            .chars()
            .any(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white);
        let letters_gate = !seirawan || in_hand || to_hand;
        for c in field
            .chars()
            .filter(|c| c.is_ascii_uppercase() == white && c.is_ascii_alphabetic())
        {
            let up = c.to_ascii_uppercase();
            let file = match up {
                'K' if castling => (1..=rook_k).rev().find(|&f| rook_on(f)).unwrap_or(1),
                'Q' if castling => (rook_q..=l.files).find(|&f| rook_on(f)).unwrap_or(l.files),
                f if (f as u32) >= u32::from('A') && (f as u32) < u32::from('A') + l.files => {
                    u32::from(f) - u32::from('A') + 1
                }
                _ => continue,
            };
            // The castling king: found once, at the first letter of its side.
            let ksq = *king_sq[side].get_or_insert_with(|| {
                if !castling {
                    return None;
                }
                let kings: Vec<u32> = (1..=l.files).filter(|&f| king_on(f)).collect();
                let k = if kings.len() == 1 {
                    kings[0]
                } else {
                    king_file
                };
                king_on(k).then_some(k)
            });
            if own(file).is_some() {
                out.gates[side].push((file, rank));
            }
            if matches!(up, 'K' | 'Q') && castling && ksq.is_some() {
                if let Some(k) = ksq {
                    out.gates[side].push((k, rank));
                }
            } else if letters_gate {
                continue;
            }
            if castling && ksq.is_some() && rook_on(file) {
                rights[side].push(file);
            }
        }
        // A gated king without castling rights castles with its gated rooks.
        let king_gated = out.gates[side].iter().any(|&(f, _)| king_on(f));
        if castling && king_gated && rights[side].is_empty() && letters_gate {
            rights[side] = out.gates[side]
                .iter()
                .map(|&(f, _)| f)
                .filter(|&f| rook_on(f))
                .collect();
        }
        if !letters_gate {
            // Nothing can come in: Fairy-Stockfish keeps no gates then.
            out.gates[side].clear();
        }
        out.gates[side].sort_unstable();
        out.gates[side].dedup();
        rights[side].sort_unstable();
        rights[side].dedup();
        for &f in &rights[side] {
            let ch = char::from(b'A' + (f - 1) as u8);
            out.castling
                .push(if white { ch } else { ch.to_ascii_lowercase() });
        }
    }
    out
}

/// Gives the gated pieces of `position` their `+` right (when pieces are
/// gated from hand), refusing gates the model cannot hold (see the module
/// docs).
pub(super) fn mark_gates(
    l: &mut Lowering<'_>,
    gates: &[Vec<(u32, u32)>; 2],
    position: &mut Position,
    pieces: &[Lowered],
) {
    if !gates_from_hand(l) {
        return;
    }
    let Some(o) = l.origin_of("startFen").or_else(|| l.origin_of("gating")) else {
        return;
    };
    let initial: BTreeSet<PieceKind> = pieces
        .iter()
        .filter(|p| p.has_initial())
        .map(|p| p.kind)
        .collect();
    for (side, player) in [(0usize, Player::WHITE), (1, Player::BLACK)] {
        for &(f, r) in &gates[side] {
            let at = Coord::new(i64::from(f), i64::from(r));
            let Some(p) = position
                .pieces
                .iter_mut()
                .find(|p| p.at == at && p.piece.player == player)
            else {
                continue;
            };
            if initial.contains(&p.piece.kind) {
                l.refuse(
                    &o,
                    format!(
                        "a gate on a piece with initial moves ({} on {}{r}): its `+` right would be both",
                        p.piece.kind.code(),
                        char::from(b'a' + (f - 1) as u8)
                    ),
                );
                continue;
            }
            p.special_right = true;
        }
    }
}

/// Refuses a gated rook that may not castle beside a gated king: the
/// model's `+` right gives both, so the rook would castle.
pub(super) fn check_castling_gates(l: &mut Lowering<'_>, position: &Position) {
    if !gates_from_hand(l) || !l.flag("castling", true) {
        return;
    }
    let Some(o) = l.origin_of("startFen").or_else(|| l.origin_of("gating")) else {
        return;
    };
    let kings: BTreeSet<PieceKind> = l.castles.iter().map(|c| c.1).collect();
    let rooks: BTreeSet<PieceKind> = l.castles.iter().map(|c| c.2).collect();
    let partners: Vec<Coord> = l.castles.iter().map(|c| c.0.partner_from.clone()).collect();
    let mut bad = Vec::new();
    for k in position
        .pieces
        .iter()
        .filter(|p| p.special_right && kings.contains(&p.piece.kind))
    {
        for r in position.pieces.iter().filter(|p| {
            p.special_right
                && p.piece.player == k.piece.player
                && p.at.y == k.at.y
                && rooks.contains(&p.piece.kind)
                && !partners.contains(&p.at)
        }) {
            if let Some((x, y)) = r.at.to_i64() {
                let file = u8::try_from(x - 1).map_or('?', |f| char::from(b'a' + f));
                bad.push(format!("{file}{y}"));
            }
        }
    }
    for at in bad {
        l.refuse(
            &o,
            format!("a gated rook ({at}) that may not castle beside a gated king: the model's `+` right is both the gate and the castling right"),
        );
    }
}

/// The gating zones of each side: its castling rank within its drop region,
/// for every kind; for pawns only the squares Fairy-Stockfish drops them on.
///
/// The zones name every kind (`None`) when pawns may come in wherever the
/// others may.
pub(super) fn zones(l: &mut Lowering<'_>, rules: &RuleSet, pieces: &[Lowered]) -> Vec<DropZone> {
    if !gates_from_hand(l) {
        return Vec::new();
    }
    if let Some(o) = l.origin_of("dropNoDoubled") {
        l.refuse(
            &o,
            "files closed to drops also close them to gating: needs the model",
        );
    }
    let crank = l.int_rank("castlingRank", 1);
    let pawns: BTreeSet<PieceKind> = pieces
        .iter()
        .filter(|p| p.def.slot == super::slots::Slot::PAWN)
        .map(|p| p.kind)
        .collect();
    let others: BTreeSet<PieceKind> = pieces
        .iter()
        .map(|p| p.kind)
        .filter(|k| !pawns.contains(k))
        .collect();
    let mut out = Vec::new();
    for (player, color, first_rank) in [
        (Player::WHITE, "White", 1),
        (Player::BLACK, "Black", l.ranks),
    ] {
        let rank = if player == Player::WHITE {
            crank
        } else {
            (l.ranks + 1).saturating_sub(crank)
        };
        let field = format!("dropRegion{color}");
        let region = l
            .text(&field)
            .map(|_| l.squares(&field, "-"))
            .unwrap_or_else(|| (1..=l.files).map(|f| (f, rank)).collect());
        let squares: Vec<(u32, u32)> = (1..=l.files)
            .map(|f| (f, rank))
            .filter(|s| region.contains(s))
            .collect();
        let promo = rules.promotion_of(player).map(|p| &p.zone);
        let no_first = !l.flag("firstRankPawnDrops", false);
        let no_promo = !l.flag("promotionZonePawnDrops", false);
        let pawn_squares: Vec<(u32, u32)> = squares
            .iter()
            .copied()
            .filter(|&(f, r)| {
                let c = Coord::new(i64::from(f), i64::from(r));
                !(no_first && r == first_rank || no_promo && promo.is_some_and(|z| z.contains(&c)))
            })
            .collect();
        let zone = |sq: &[(u32, u32)]| super::lower::zone(sq, l.files);
        if pawns.is_empty() || pawn_squares == squares {
            if !squares.is_empty() {
                out.push(DropZone {
                    player,
                    kinds: None,
                    zone: zone(&squares),
                });
            }
            continue;
        }
        if !squares.is_empty() && !others.is_empty() {
            out.push(DropZone {
                player,
                kinds: Some(others.clone()),
                zone: zone(&squares),
            });
        }
        if !pawn_squares.is_empty() {
            out.push(DropZone {
                player,
                kinds: Some(pawns.clone()),
                zone: zone(&pawn_squares),
            });
        }
    }
    out
}
