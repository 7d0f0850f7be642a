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
//!   side has one of them, so a position with two, or a promotion into the
//!   type, is refused.
//! - `blastOnCapture` with that royal kind: [`Explosion`], the `pawn`
//!   piece shielded (Fairy-Stockfish spares pawns around a blast) and
//!   `blastImmuneTypes` immune. Explosions beside a real king are refused.
//! - `mutuallyImmuneTypes`: [`icn_rules::limits::Limits::same_kind_immune`].

use icn_model::{Player, Position};
use icn_rules::limits::Explosion;
use icn_rules::{RuleSet, WinRule};

use super::lower::Lowering;
use super::lower_pieces::{Lowered, kinds_in};
use super::resolve::PieceSet;
use super::slots::Slot;

/// The piece type whose extinction loses, standing in for the king, and
/// whether it is pseudo-royal.
pub(super) fn royal_extinction(l: &Lowering<'_>) -> Option<(Slot, bool)> {
    let (value, _) = l.text("extinctionValue")?;
    let PieceSet::Some(set) = l.piece_set("extinctionPieceTypes") else {
        return None;
    };
    let plain = value == "loss"
        && set.len() == 1
        && l.int("extinctionPieceCount", 0) == 0
        && l.int("extinctionOpponentPieceCount", 0) == 0
        && !l.flag("extinctionClaim", false)
        && !l.v.pieces.contains_key(&Slot::KING);
    let slot = *set.iter().next()?;
    (plain && l.v.pieces.contains_key(&slot))
        .then(|| (slot, l.flag("extinctionPseudoRoyal", false)))
}

/// Makes the royal-extinction type the royal kind and sets the wins; sets
/// explosions and same-kind immunity, refusing what the model cannot hold.
pub(super) fn lower(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let royal = royal_extinction(l);
    let blast = l.flag("blastOnCapture", false);
    if let Some((slot, pseudo)) = royal {
        rules.royals = super::lower_pieces::kinds_in(pieces, &PieceSet::one(slot))
            .into_iter()
            .collect();
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
}

/// Refuses a pseudo-royal type that is not alone: two of a side's pieces of
/// it in `position`, or promotion into it.
pub(super) fn check_alone(l: &mut Lowering<'_>, rules: &RuleSet, position: &Position) {
    let Some((_, true)) = royal_extinction(l) else {
        return;
    };
    let Some(o) = l
        .origin_of("extinctionPseudoRoyal")
        .or_else(|| l.origin_of("extinctionPieceTypes"))
    else {
        return;
    };
    let promoted_into = rules
        .promotions
        .iter()
        .any(|p| p.choices.iter().any(|k| rules.royals.contains(k)));
    let several = [Player::WHITE, Player::BLACK].into_iter().any(|side| {
        let on_board = position
            .pieces
            .iter()
            .filter(|p| p.piece.player == side && rules.royals.contains(&p.piece.kind))
            .count();
        let in_hand: u32 = rules
            .royals
            .iter()
            .map(|&k| position.holdings.count(icn_model::Piece::new(k, side)))
            .sum();
        on_board + in_hand as usize > 1
    });
    if promoted_into || several {
        l.refuse(
            &o,
            "a pseudo-royal piece type a side may have two of (Fairy-Stockfish then treats none as royal): needs the model",
        );
    }
}
