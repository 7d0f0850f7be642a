//! Extinction rules that are the model's bare-king and royal-capture wins:
//! the part of [`super::lower`] (and [`super::write_rules`]) that reads and
//! writes Fairy-Stockfish's `shatranj`, `courier` and `threekings`.
//!
//! - `extinctionValue = loss`, `extinctionPieceTypes = *`,
//!   `extinctionPieceCount = 1`, `extinctionOpponentPieceCount = 2`,
//!   `extinctionClaim = true`, beside a `king`: a side left with its king
//!   alone loses, but a side bared by a move that leaves the opponent one
//!   other piece may bare it back first — [`WinRule::BareKing`] with
//!   [`icn_rules::limits::Limits::bare_reply`] (the shatranj bare rule),
//!   written back the same way.
//! - `extinctionValue = loss` with `extinctionPieceTypes` naming one type
//!   standing in for the king (no `king`), `extinctionPieceCount = n`, in a
//!   position where each side has exactly n + 1 of them (none can be gained:
//!   no promotion into it, no drops): losing one loses —
//!   [`WinRule::RoyalCapture`] with that type royal.

use icn_model::{Player, Position};
use icn_rules::{RuleSet, WinRule};

use super::lower::Lowering;
use super::lower_pieces::Lowered;
use super::resolve::PieceSet;
use super::slots::Slot;

/// Whether the section's extinction options are the shatranj bare rule.
pub(super) fn is_bare_rule(l: &Lowering<'_>) -> bool {
    l.text("extinctionValue").is_some_and(|(t, _)| t == "loss")
        && l.piece_set("extinctionPieceTypes") == PieceSet::All
        && l.int("extinctionPieceCount", 0) == 1
        && l.int("extinctionOpponentPieceCount", 0) == 2
        && l.flag("extinctionClaim", false)
        && !l.flag("extinctionPseudoRoyal", false)
        && l.v.pieces.contains_key(&Slot::KING)
}

/// The type whose loss of one piece loses, with the count it is lost at
/// (`extinctionPieceCount`), when no `king` stands beside it.
pub(super) fn royal_count_rule(l: &Lowering<'_>) -> Option<(Slot, u32)> {
    let (value, _) = l.text("extinctionValue")?;
    let PieceSet::Some(set) = l.piece_set("extinctionPieceTypes") else {
        return None;
    };
    let count = l.int("extinctionPieceCount", 0);
    let plain = value == "loss"
        && set.len() == 1
        && count > 0
        && l.int("extinctionOpponentPieceCount", 0) == 0
        && !l.flag("extinctionClaim", false)
        && !l.flag("extinctionPseudoRoyal", false)
        && !l.flag("pieceDrops", false)
        && !l.v.pieces.contains_key(&Slot::KING);
    let slot = *set.iter().next()?;
    (plain && l.v.pieces.contains_key(&slot)).then_some((slot, count))
}

/// Sets the wins of the two rules above.
pub(super) fn lower(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    if is_bare_rule(l) {
        rules.limits.bare_reply = true;
        for (_, wins) in &mut rules.wins {
            // Not the extinction of every piece the options also say.
            wins.retain(|w| *w != WinRule::AllPiecesCaptured);
            wins.push(WinRule::BareKing);
        }
    }
    if let Some((slot, _)) = royal_count_rule(l) {
        rules.royals = super::lower_pieces::kinds_in(pieces, &PieceSet::one(slot))
            .into_iter()
            .collect();
        for (_, wins) in &mut rules.wins {
            wins.retain(|w| !matches!(w, WinRule::Checkmate | WinRule::Checkmated));
            wins.push(WinRule::RoyalCapture);
        }
    }
}

/// Refuses the royal-count rule in a position where a side does not have
/// exactly one more of the type than the count, or where it can be gained.
pub(super) fn check_counts(l: &mut Lowering<'_>, rules: &RuleSet, position: &Position) {
    let Some((_, count)) = royal_count_rule(l) else {
        return;
    };
    let Some(o) = l.origin_of("extinctionPieceCount") else {
        return;
    };
    let has = |side: Player| {
        position
            .pieces
            .iter()
            .filter(|p| p.piece.player == side && rules.royals.contains(&p.piece.kind))
            .count()
    };
    let gained = rules
        .promotions
        .iter()
        .any(|p| p.choices.iter().any(|k| rules.royals.contains(k)));
    let exact = [Player::WHITE, Player::BLACK]
        .into_iter()
        .all(|side| has(side) == count as usize + 1);
    if gained || !exact {
        l.refuse(
            &o,
            format!("extinction at {count} pieces where a side has another number than {} of them, or can gain one: needs the model", count + 1),
        );
    }
}
