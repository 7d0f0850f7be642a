//! Extinction of one piece type standing in for the king, and atomic
//! explosions: the part of [`super::lower`] that reads Fairy-Stockfish's
//! `nocheckatomic`, `atomic` and `atomar`.
//!
//! - `extinctionValue = loss` with `extinctionPieceTypes` naming one piece
//!   type, in a section without a `king` (count and opponent count 0, no
//!   claim): that type is the royal kind. Without `extinctionPseudoRoyal` it
//!   may be left attacked and the game is lost when the last one goes
//!   ([`WinRule::AllRoyalsCaptured`] instead of checkmate); with it, it is
//!   kept safe like a king (checkmate), and with explosions it can still be
//!   blown up. Fairy-Stockfish treats the pieces as pseudo-royal only while a
//!   side has at most the count plus one of them: where a side may have
//!   more (a position with two, a promotion into the type), that is the
//!   model's royalty by count
//!   ([`icn_rules::limits::Limits::royal_while_at_most`]).
//! - `blastOnCapture` with that royal kind: [`Explosion`], the `pawn`
//!   piece shielded (Fairy-Stockfish spares pawns around a blast) and
//!   `blastImmuneTypes` immune. Explosions beside a real king are refused.
//! - `mutuallyImmuneTypes`: [`icn_rules::limits::Limits::same_kind_immune`].
//! - `dupleCheck` with one pseudo-royal type counted to 0 (Spartan chess):
//!   [`icn_rules::limits::Limits::duple_check`]; a side may then have any
//!   number of that type.

use std::collections::BTreeSet;

use icn_model::{Player, Position};
use icn_rules::limits::Explosion;
use icn_rules::{RuleSet, WinRule};

use super::lower::Lowering;
use super::lower_pieces::{Lowered, kinds_in};
use super::resolve::PieceSet;
use super::slots::Slot;

/// The piece types whose extinction loses, and whether they are
/// pseudo-royal: one type standing in for the king (no `king`, count 0), or
/// pseudo-royal types at any count, beside a `king` or not (without
/// explosions beside a king). [`check_alone`] sets royalty by count where
/// a side could have more of a type than the count plus one.
pub(super) fn royal_extinction(l: &Lowering<'_>) -> Option<(BTreeSet<Slot>, bool)> {
    let (value, _) = l.text("extinctionValue")?;
    let PieceSet::Some(set) = l.piece_set("extinctionPieceTypes") else {
        return None;
    };
    let pseudo = l.flag("extinctionPseudoRoyal", false);
    let king = l.v.pieces.contains_key(&Slot::KING);
    let common = value == "loss"
        && !set.is_empty()
        && set.iter().all(|s| l.v.pieces.contains_key(s))
        && l.int("extinctionOpponentPieceCount", 0) == 0
        && !l.flag("extinctionClaim", false);
    let plain = set.len() == 1 && l.int("extinctionPieceCount", 0) == 0 && !king;
    let pseudo_fits = pseudo && !(king && l.flag("blastOnCapture", false));
    (common && (plain || pseudo_fits)).then_some((set, pseudo))
}

/// Makes the royal-extinction type the royal kind and sets the wins; sets
/// explosions and same-kind immunity, refusing what the model cannot hold.
pub(super) fn lower(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let royal = royal_extinction(l);
    let blast = l.flag("blastOnCapture", false);
    if let Some((set, pseudo)) = &royal {
        let pseudo = *pseudo;
        let kinds = kinds_in(pieces, &PieceSet::Some(set.clone()));
        // Beside a `king`, the pseudo-royal types are royal too.
        if !l.v.pieces.contains_key(&Slot::KING) {
            rules.royals.clear();
        }
        rules.royals.extend(kinds);
        for (_, wins) in &mut rules.wins {
            if !pseudo {
                wins.retain(|w| !matches!(w, WinRule::Checkmate | WinRule::Checkmated));
            }
            if !pseudo || blast {
                wins.push(WinRule::AllRoyalsCaptured);
            }
        }
    }
    if blast {
        match royal {
            Some(_) => {
                rules.limits.explosion = Some(Explosion {
                    immune: kinds_in(pieces, &l.piece_set("blastImmuneTypes"))
                        .into_iter()
                        .collect(),
                    shielded: pieces
                        .iter()
                        .filter(|p| p.def.slot == Slot::PAWN)
                        .map(|p| p.kind)
                        .collect(),
                });
            }
            None => {
                if let Some(o) = l.origin_of("blastOnCapture") {
                    l.refuse(
                        &o,
                        "atomic explosions without one piece type standing in for the king (`extinctionPieceTypes`): needs the model",
                    );
                }
            }
        }
    }
    rules.limits.same_kind_immune = kinds_in(pieces, &l.piece_set("mutuallyImmuneTypes"))
        .into_iter()
        .collect();
    if l.flag("dupleCheck", false) {
        if duple_check(l) {
            rules.limits.duple_check = true;
        } else if let Some(o) = l.origin_of("dupleCheck") {
            l.refuse(
                &o,
                "duple check other than for one pseudo-royal piece type at a count of 0: needs the model",
            );
        }
    }
}

/// Whether `dupleCheck` is the model's duple check: one pseudo-royal type
/// counted to 0, so that a side's pieces of it are safe while one of them
/// is not attacked (one alone is a king; Fairy-Stockfish's pseudo-royalty
/// at a higher count would keep each of several safe).
fn duple_check(l: &Lowering<'_>) -> bool {
    l.flag("dupleCheck", false)
        && l.int("extinctionPieceCount", 0) == 0
        && !l.flag("blastOnCapture", false)
        && royal_extinction(l).is_some_and(|(set, pseudo)| pseudo && set.len() == 1)
}

/// Pseudo-royal types a side may have more of than the count plus one
/// (`extinctionPieceCount`): Fairy-Stockfish treats the pieces of a type
/// as royal only while a side has at most that many on the board, which is
/// the model's royalty by count
/// ([`icn_rules::limits::Limits::royal_while_at_most`]). Counted on the
/// board and in hand, with every piece that may promote into the type (a
/// promotion choice, or `promotedPieceType`). Refused where a piece of such
/// a type may be dropped (Fairy-Stockfish keeps a dropped one safe whatever
/// the count), where a pawn may promote into it (`promotionPieceTypes`:
/// Fairy-Stockfish then ends the type's royalty within the move) or with
/// explosions.
pub(super) fn check_alone(
    l: &mut Lowering<'_>,
    rules: &mut RuleSet,
    pieces: &[Lowered],
    position: &Position,
) {
    let Some((set, true)) = royal_extinction(l) else {
        return;
    };
    // Under duple check the model's royal kind says Fairy-Stockfish's rule
    // whatever the count.
    if duple_check(l) {
        return;
    }
    let Some(o) = l
        .origin_of("extinctionPseudoRoyal")
        .or_else(|| l.origin_of("extinctionPieceTypes"))
    else {
        return;
    };
    let most = l.int("extinctionPieceCount", 0) as usize + 1;
    let kinds = kinds_in(pieces, &PieceSet::Some(set));
    let too_many = kinds
        .iter()
        .any(|&k| most_a_side_can_have(rules, position, k) > most);
    if !too_many {
        return;
    }
    let droppable = rules.drops.as_ref().is_some_and(|d| {
        d.captures_to_hand
            || kinds
                .iter()
                .any(|&k| position.holdings.iter().any(|(p, _)| p.kind == k))
    });
    if droppable || l.flag("blastOnCapture", false) {
        l.refuse(
            &o,
            format!("a pseudo-royal piece type a side may have more than {most} of, with drops or explosions: needs the model"),
        );
        return;
    }
    // A pawn's promotion into the type ends its royalty within the move in
    // Fairy-Stockfish; the model's royalty changes after the move.
    let pawn_crowns = ["White", "Black"].into_iter().any(|color| {
        let set = l.piece_set(&format!("promotionPieceTypes{color}"));
        kinds_in(pieces, &set).iter().any(|k| kinds.contains(k))
    });
    if pawn_crowns {
        l.refuse(
            &o,
            format!("a pawn promotion into a pseudo-royal piece type a side may have more than {most} of (`promotionPieceTypes`): needs the model"),
        );
        return;
    }
    rules.limits.royal_while_at_most = Some(most as u32);
}

/// The most pieces of kind `k` a side can have from `position` on: those on
/// the board and in hand, and every piece that may promote into `k`.
pub(super) fn most_a_side_can_have(
    rules: &RuleSet,
    position: &Position,
    k: icn_model::PieceKind,
) -> usize {
    [Player::WHITE, Player::BLACK]
        .into_iter()
        .map(|side| most_side_can_have(rules, position, side, k))
        .max()
        .unwrap_or(0)
}

/// The most pieces of kind `k` `side` can have from `position` on (see
/// [`most_a_side_can_have`]).
pub(super) fn most_side_can_have(
    rules: &RuleSet,
    position: &Position,
    side: Player,
    k: icn_model::PieceKind,
) -> usize {
    let has = |k| position.count_of(icn_model::Piece::new(k, side));
    let gained: usize = rules
        .promotions
        .iter()
        .filter(|p| p.player == side && p.choices.contains(&k))
        .map(|p| p.promoting.iter().map(|&q| has(q)).sum::<usize>())
        .sum();
    has(k) + gained
}
