//! The start position of [`super::lower`]: `startFen` read with the
//! section's pieces, `+` rights for pieces with initial moves in their
//! double-step region, and the castling rights (with `gating`, the gates:
//! `lower_gating.rs`).

use std::collections::BTreeSet;

use icn_model::{Coord, Int, MoveRule, Piece, PlacedPiece, Player, Position};

use super::fen::Setup;
use super::lower::Lowering;
use super::lower_pieces::Lowered;
use super::lower_rules::castling_rights;
use super::resolve::Origin;

/// The start position and its walls.
pub(super) fn position(
    l: &mut Lowering<'_>,
    pieces: &[Lowered],
    regions: &[Vec<(u32, u32)>; 2],
) -> Option<(Position, BTreeSet<Coord>)> {
    let (fen, o) = l.text("startFen").unwrap_or_else(|| {
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            Origin {
                section: l.v.name.clone(),
                key: "startFen".into(),
                line: l.v.line,
                col: 1,
                builtin: false,
            },
        )
    });
    let known = |c: char| l.v.piece_by_letter(c).is_some();
    let setup = match super::fen::read(&fen, l.files, l.ranks, &known) {
        Ok(s) => s,
        Err((at, m)) => {
            l.refuse_at(&o, o.col + at, m);
            return None;
        }
    };
    let mut out = Position::default();
    for c in setup
        .holdings
        .as_deref()
        .unwrap_or("")
        .chars()
        .filter(|&c| c != '-')
    {
        let lowered =
            l.v.piece_by_letter(c.to_ascii_lowercase())
                .and_then(|d| pieces.iter().find(|p| p.def.slot == d.slot));
        let Some(lp) = lowered else {
            l.refuse(
                &o,
                format!("`{c}` in the holdings is no piece of this variant"),
            );
            continue;
        };
        let player = if c.is_ascii_uppercase() {
            Player::WHITE
        } else {
            Player::BLACK
        };
        out.holdings.add(Piece::new(lp.kind, player), 1);
    }
    if setup.black_to_move {
        out.turn_order = vec![Player::BLACK, Player::WHITE];
    }
    let kind_of_letter = |c: char| {
        let slot = l.v.piece_by_letter(c)?.slot;
        pieces.iter().find(|p| p.def.slot == slot)
    };
    let shogi = super::lower_shogi::pairs(l);
    // What a `~` piece promoted from: the side's pawn-style promoting piece.
    let pawn_kind = pieces
        .iter()
        .find(|p| p.def.slot == super::slots::Slot::PAWN)
        .map(|p| p.kind);
    for p in &setup.pieces {
        let Some(mut lp) = kind_of_letter(p.letter) else {
            continue;
        };
        let mut promoted_from = p.promoted.then_some(pawn_kind).flatten();
        if p.plus {
            // `+x`: the piece `x` promotes into, promoted from `x`.
            let into = shogi
                .iter()
                .find(|(a, _)| *a == p.letter)
                .and_then(|&(_, b)| kind_of_letter(b));
            let Some(into) = into else {
                l.refuse(
                    &o,
                    format!(
                        "`+{}`: a piece that does not promote (promotedPieceType)",
                        p.letter
                    ),
                );
                continue;
            };
            promoted_from = Some(lp.kind);
            lp = into;
        }
        let player = if p.white {
            Player::WHITE
        } else {
            Player::BLACK
        };
        let region = &regions[usize::from(!p.white)];
        let right = lp.has_initial() && region.contains(&(p.file, p.rank));
        out.pieces.push(PlacedPiece {
            promoted_from,
            piece: Piece::new(lp.kind, player),
            at: Coord::new(i64::from(p.file), i64::from(p.rank)),
            special_right: right,
        });
    }
    // A piece with initial moves that could come (back) into its region:
    // its other moves go forward, and its initial leaps leave the region.
    for lp in pieces.iter().filter(|p| p.has_initial()) {
        let forward_only = lp.movement.components.iter().all(|c| {
            let forward = c.frame == icn_rules::Frame::Forward
                && super::write::white_vectors(c).iter().all(|v| v.dy > 0);
            forward || (c.needs_right && initial_leaves_region(c, regions, l.ranks))
        });
        // A region square ahead of a piece: it can step into the region and
        // make its initial move there again.
        let behind = setup.pieces.iter().any(|p| {
            p.letter == lp.def.letter && {
                let region = &regions[usize::from(!p.white)];
                let rel = |r: u32| if p.white { r } else { l.ranks + 1 - r };
                region.iter().any(|&(_, r)| rel(r) > rel(p.rank))
            }
        });
        if !forward_only || behind {
            // Double steps wherever the piece stands on its region: zone
            // moves instead of the `+` right.
            match super::lower_pieces::zone_double_steps(&lp.movement) {
                Some(m) => l.zone_doubles.push((lp.kind, m)),
                None => {
                    let o = l
                        .origin_of("doubleStepRegionWhite")
                        .unwrap_or(lp.def.origin.clone());
                    l.refuse(&o, format!("initial moves of `{}` other than double steps its other quiet moves do not overlap, which it can come into its double-step region to make again (Fairy-Stockfish allows them there again; the model's `+` right is lost on moving)", lp.def.letter));
                }
            }
        }
    }
    for (kind, _) in &l.zone_doubles {
        for p in out.pieces.iter_mut().filter(|p| p.piece.kind == *kind) {
            p.special_right = false;
        }
    }
    // Fairy-Stockfish keeps the en passant square only in the region of the
    // side to move.
    let ep_region = if setup.black_to_move {
        "enPassantRegionBlack"
    } else {
        "enPassantRegionWhite"
    };
    let region = l.text(ep_region).map(|_| l.squares(ep_region, "-"));
    let kept = setup
        .en_passant
        .iter()
        .copied()
        .filter(|s| region.as_ref().is_none_or(|r| r.contains(s)));
    // An occupied square marks the piece that may be taken (Fairy-Stockfish's
    // en passant by pieces other than its pawn, as `c5d6` after a Berolina
    // pawn's e7-c5).
    let occupied = |&(f, r): &(u32, u32)| setup.pieces.iter().any(|p| p.file == f && p.rank == r);
    let (victims, targets): (Vec<_>, Vec<_>) = kept.partition(occupied);
    let coord = |(f, r): (u32, u32)| Coord::new(i64::from(f), i64::from(r));
    match (&targets[..], &victims[..]) {
        ([], []) => {}
        ([t], vs) if vs.len() <= 1 => {
            out.en_passant = Some(coord(*t));
            let behind = if setup.black_to_move { t.1 + 1 } else { t.1 - 1 };
            out.en_passant_victim = vs.first().filter(|v| **v != (t.0, behind)).map(|v| coord(*v));
        }
        _ => l.refuse_at(
            &o,
            o.col + setup.en_passant_at,
            format!(
                "en passant squares with {} squares passed over and {} pieces to take: the model holds one of each",
                targets.len(),
                victims.len()
            ),
        ),
    }
    let mut halfmove = setup.halfmove;
    match setup.counting_limit {
        Some(limit) if l.text("countingRule").is_none_or(|(t, _)| t == "none") => {
            l.refuse(
                &o,
                format!(
                    "a counting limit (`{limit}`) in the FEN of a variant without `countingRule`"
                ),
            );
        }
        Some(limit) if limit > 0 => {
            // The halfmove number is the count (Fairy-Stockfish).
            out.count = Some(icn_model::Count {
                limit,
                ply: halfmove.unwrap_or(0),
            });
            halfmove = Some(0);
        }
        _ => {}
    }
    if let Some(h) = halfmove {
        out.move_rule = Some(MoveRule {
            played: Int::from(i64::from(h)),
            limit: Int::from(100),
        });
    }
    if let Some(f) = setup.fullmove.filter(|&f| f > 0) {
        out.fullmove = Int::from(i64::from(f));
    }
    if l.flag("gating", false) {
        // Gates in the castling field (S-chess): they and the rights they leave.
        let field = super::lower_gating::read_field(l, &setup);
        let rights = Setup {
            castling: Some(field.castling),
            ..setup.clone()
        };
        castling_rights(l, &rights, &mut out, pieces);
        super::lower_gating::mark_gates(l, &field.gates, &mut out, pieces);
        super::lower_gating::check_castling_gates(l, &out);
    } else {
        castling_rights(l, &setup, &mut out, pieces);
    }
    let walls = setup
        .walls
        .iter()
        .map(|&(f, r)| Coord::new(i64::from(f), i64::from(r)))
        .collect();
    if let Some((w, b)) = setup.checks
        && l.flag("checkCounting", false)
    {
        l.checks = Some((w, b));
    }
    Some((out, walls))
}

/// Whether an initial move of component `c` (a leap) always lands outside
/// the double-step region of either side when it starts in it, so that it
/// cannot be made twice. `regions` are White's and Black's squares.
pub(super) fn initial_leaves_region<R>(
    c: &icn_rules::Component,
    regions: &[R; 2],
    ranks: u32,
) -> bool
where
    for<'a> &'a R: IntoIterator<Item = &'a (u32, u32)>,
{
    if !matches!(c.pattern, icn_rules::Pattern::Leap { .. }) {
        return false;
    }
    let vectors = super::write::white_vectors(c);
    (0..2).all(|side| {
        // Ranks counted from the side's own first rank.
        let rel = |r: u32| {
            if side == 0 {
                i64::from(r)
            } else {
                i64::from(ranks + 1 - r)
            }
        };
        let in_region: std::collections::BTreeSet<i64> =
            (&regions[side]).into_iter().map(|&(_, r)| rel(r)).collect();
        vectors.iter().all(|v| {
            let dy = if c.frame == icn_rules::Frame::Forward || side == 0 {
                v.dy
            } else {
                -v.dy
            };
            in_region.iter().all(|r| !in_region.contains(&(r + dy)))
        })
    })
}
