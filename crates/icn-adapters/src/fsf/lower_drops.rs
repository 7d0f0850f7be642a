//! The drops half of [`super::lower`]: `pieceDrops`, `capturesToHand` and
//! the drop options Fairy-Stockfish's crazyhouse family uses, as
//! [`icn_rules::Drops`].
//!
//! Read: `pieceDrops`, `capturesToHand`, `dropLoop`, `firstRankPawnDrops`,
//! `promotionZonePawnDrops`, `dropRegionWhite`/`Black`, `dropNoDoubled` with
//! `dropNoDoubledCount`, `dropChecks`, `shogiPawnDropMateIllegal`, `mustDrop`
//! (with `mustDropType` for every piece), `dropOppositeColoredBishop` (the
//! `bishop` slot's kind) and `castlingDroppedPiece` (a king dropped on its
//! castling square and rooks on the castling rank's corners get the `+`
//! right)
//! (`immobilityIllegal` is read with shogi promotion, `lower_shogi.rs`). As Fairy-Stockfish does, pawns are never
//! dropped on their first rank or in their promotion zone unless the options
//! say so, and a pawn dropped in its double-step region may double-step.
//! Gating (`gating`, `seirawanGating`) is read in `lower_gating.rs`; a
//! section that only gates has no drop zones.

use std::collections::BTreeSet;

use icn_model::{Coord, PieceKind, Player};
use icn_rules::{DropMate, DropZone, Drops, RuleSet, Zone};

use super::lower::Lowering;
use super::lower_pieces::Lowered;
use super::slots::Slot;

/// The drop rules of the section, if it has drops or captures to hand.
pub(super) fn drops(
    l: &mut Lowering<'_>,
    rules: &RuleSet,
    pieces: &[Lowered],
    regions: &[Vec<(u32, u32)>; 2],
) -> Option<Drops> {
    let allowed = l.flag("pieceDrops", false);
    let captures_to_hand = l.flag("capturesToHand", false);
    let gating = super::lower_gating::zones(l, rules, pieces);
    if !allowed && !captures_to_hand && gating.is_empty() {
        return None;
    }
    let mut d = Drops {
        allowed,
        captures_to_hand,
        gating,
        keep_promoted: l.flag("dropLoop", false),
        ..Drops::default()
    };
    let pawns: BTreeSet<PieceKind> = pieces
        .iter()
        .filter(|p| p.def.slot == Slot::PAWN)
        .map(|p| p.kind)
        .collect();
    let all_squares = |l: &Lowering<'_>| {
        (1..=l.ranks)
            .flat_map(|r| (1..=l.files).map(move |f| (f, r)))
            .collect::<Vec<_>>()
    };
    for (i, (player, color, first_rank)) in [
        (Player::WHITE, "White", 1),
        (Player::BLACK, "Black", l.ranks),
    ]
    .into_iter()
    .enumerate()
    {
        // Drop zones only matter with drops (gating has its own zones).
        let drops_on = allowed || captures_to_hand;
        let field = format!("dropRegion{color}");
        let region = l.squares(&field, "-");
        if drops_on && l.text(&field).is_some() && region.len() != all_squares(l).len() {
            d.zones.push(DropZone {
                player,
                kinds: None,
                zone: squares_zone(&region),
            });
        }
        if drops_on && !pawns.is_empty() {
            let zone = rules.promotion_of(player).map(|p| &p.zone);
            let first = !l.flag("firstRankPawnDrops", false);
            let promo = !l.flag("promotionZonePawnDrops", false);
            let allowed: Vec<(u32, u32)> = all_squares(l)
                .into_iter()
                .filter(|&(f, r)| {
                    let c = Coord::new(i64::from(f), i64::from(r));
                    let first_rank_out = first && r == first_rank;
                    let promotion_out = promo && zone.is_some_and(|z| z.contains(&c));
                    !(first_rank_out || promotion_out)
                })
                .collect();
            d.zones.push(DropZone {
                player,
                kinds: Some(pawns.clone()),
                zone: squares_zone(&allowed),
            });
        }
        let initial: BTreeSet<PieceKind> = pieces
            .iter()
            .filter(|p| p.has_initial())
            .map(|p| p.kind)
            .collect();
        if !initial.is_empty() && !regions[i].is_empty() {
            d.rights.push(DropZone {
                player,
                kinds: Some(initial),
                zone: squares_zone(&regions[i]),
            });
        }
    }
    if l.origin_of("dropNoDoubled").is_some() {
        let set = l.piece_set("dropNoDoubled");
        let count = l.int("dropNoDoubledCount", 1);
        for k in super::lower_pieces::kinds_in(pieces, &set) {
            d.no_doubled.insert(k, count);
        }
    }
    // Without a `king` Fairy-Stockfish sees no checks (atomic's kings are
    // commoners): the option says nothing then.
    if !l.flag("dropChecks", true) && l.v.pieces.contains_key(&Slot::KING) {
        d.no_check = pieces.iter().map(|p| p.kind).collect();
    }
    // `sittuyinRookDrop`: rooks on the first rank only.
    if l.flag("sittuyinRookDrop", false) {
        let rooks: BTreeSet<PieceKind> = pieces
            .iter()
            .filter(|p| Slot::named("rook") == Some(p.def.slot))
            .map(|p| p.kind)
            .collect();
        for (player, rank) in [(Player::WHITE, 1), (Player::BLACK, l.ranks)] {
            let row: Vec<(u32, u32)> = (1..=l.files).map(|f| (f, rank)).collect();
            d.zones.push(DropZone {
                player,
                kinds: Some(rooks.clone()),
                zone: squares_zone(&row),
            });
        }
    }
    d.must_drop = l.flag("mustDrop", false);
    d.promoted_drops = l.flag("dropPromoted", false);
    if l.flag("dropOppositeColoredBishop", false) {
        d.opposite_colors = pieces
            .iter()
            .filter(|p| Slot::named("bishop") == Some(p.def.slot))
            .map(|p| p.kind)
            .collect();
    }
    if l.flag("castlingDroppedPiece", false) {
        d.rights.extend(castling_drop_rights(l, pieces));
    }
    if l.flag("shogiPawnDropMateIllegal", false) {
        d.no_mate = pieces
            .iter()
            .filter(|p| p.def.slot == Slot::SHOGI_PAWN)
            .map(|p| p.kind)
            .collect();
        d.drop_mate = DropMate::LosesForDropper;
    }
    Some(d)
}

/// Refuses a position where `castlingDroppedPiece` would give a piece the
/// right to castle later by another piece's drop: a castling rook standing
/// on a corner of the castling rank without its right while its side's
/// castling king is in hand, or such a king on its castling square without
/// its right while a castling rook is in hand (Fairy-Stockfish gives the
/// right to both when the second is dropped; the rule objects give it only
/// to the piece dropped).
pub(super) fn castling_drops_position(
    l: &mut Lowering<'_>,
    position: &icn_model::Position,
    pieces: &[Lowered],
) {
    if !l.flag("castlingDroppedPiece", false) {
        return;
    }
    let rights = castling_drop_rights(l, pieces);
    for pair in rights.chunks(2) {
        let [king, rooks] = pair else { continue };
        let in_hand = |z: &DropZone| {
            z.kinds
                .iter()
                .flatten()
                .any(|&k| position.holdings.count(icn_model::Piece::new(k, z.player)) > 0)
        };
        let waiting = |z: &DropZone| {
            position.pieces.iter().any(|p| {
                p.piece.player == z.player
                    && !p.special_right
                    && z.kinds
                        .as_ref()
                        .is_some_and(|ks| ks.contains(&p.piece.kind))
                    && z.zone.contains(&p.at)
            })
        };
        let what = if in_hand(king) && waiting(rooks) {
            "a rook on its castling corner that a later king drop would give the right to castle"
        } else if in_hand(rooks) && waiting(king) {
            "a king on its castling square that a later rook drop would give the right to castle"
        } else {
            continue;
        };
        // The section's own start position, where it has one.
        let place = l
            .origin_of("startFen")
            .filter(|o| !o.builtin)
            .or_else(|| l.origin_of("castlingDroppedPiece"));
        if let Some(o) = place {
            l.refuse(
                &o,
                format!("`castlingDroppedPiece`: {what}: needs the model"),
            );
            return;
        }
    }
}

/// `castlingDroppedPiece`: a castling king dropped on its castling square,
/// and a castling rook dropped on a corner of the castling rank, get the `+`
/// right castling needs.
fn castling_drop_rights(l: &Lowering<'_>, pieces: &[Lowered]) -> Vec<DropZone> {
    let rank = l.int_rank("castlingRank", 1);
    let king_file = l.int_file("castlingKingFile", 5);
    let mut out = Vec::new();
    for (player, color) in [(Player::WHITE, "White"), (Player::BLACK, "Black")] {
        let r = if player == Player::WHITE {
            rank
        } else {
            (l.ranks + 1).saturating_sub(rank)
        };
        let kinds_of = |field: &str| -> BTreeSet<PieceKind> {
            let set = l.piece_set(&format!("{field}{color}"));
            super::lower_pieces::kinds_in(pieces, &set)
                .into_iter()
                .collect()
        };
        out.push(DropZone {
            player,
            kinds: Some(kinds_of("castlingKingPiece")),
            zone: squares_zone(&[(king_file, r)]),
        });
        out.push(DropZone {
            player,
            kinds: Some(kinds_of("castlingRookPieces")),
            zone: squares_zone(&[(1, r), (l.files, r)]),
        });
    }
    out
}

fn squares_zone(squares: &[(u32, u32)]) -> Zone {
    Zone::squares(
        squares
            .iter()
            .map(|&(f, r)| Coord::new(i64::from(f), i64::from(r))),
    )
}
