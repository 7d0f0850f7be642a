//! Fairy-Stockfish's extinction options that none of the model's other
//! rules say (every piece taken, a piece type standing in for the king, the
//! shatranj bare rule, royals at a count, pseudo-royal types): the general
//! [`WinRule::Extinction`] — `extinctionValue` `loss` or `win`,
//! `extinctionPieceTypes` (`*`: all of a side's pieces together),
//! `extinctionPieceCount` and `extinctionOpponentPieceCount`; not with
//! `extinctionClaim` or pseudo-royal types, which stay refused.

use icn_rules::{Extinction, RuleSet, WinRule};

use super::lower::Lowering;
use super::lower_pieces::{Lowered, kinds_in};
use super::resolve::PieceSet;

/// The section's extinction options when they are the general rule: the
/// piece set, the count, the opponent's count, and whether the side left
/// so wins.
pub(super) fn general(l: &Lowering<'_>) -> Option<(PieceSet, u32, u32, bool)> {
    let (value, _) = l.text("extinctionValue")?;
    let own = match value.as_str() {
        "win" => true,
        "loss" => false,
        _ => return None,
    };
    let set = l.piece_set("extinctionPieceTypes");
    let count = l.int("extinctionPieceCount", 0);
    let opponent = l.int("extinctionOpponentPieceCount", 0);
    let every_piece = set == PieceSet::All && count == 0 && opponent == 0;
    let special = every_piece
        || super::lower_atomic::royal_extinction(l).is_some()
        || super::lower_bare::is_bare_rule(l)
        || super::lower_bare::royal_count_rule(l).is_some();
    let empty = matches!(&set, PieceSet::Some(s) if s.is_empty());
    (!special
        && !empty
        && !l.flag("extinctionClaim", false)
        && !l.flag("extinctionPseudoRoyal", false))
    .then_some((set, count, opponent, own))
}

/// Gives every player the general extinction rule.
pub(super) fn lower(l: &Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let Some((set, at_most, opponent_at_least, own)) = general(l) else {
        return;
    };
    let kinds = match &set {
        PieceSet::All => None,
        PieceSet::Some(_) => Some(kinds_in(pieces, &set).into_iter().collect()),
    };
    let rule = WinRule::Extinction(Extinction {
        kinds,
        at_most,
        opponent_at_least,
        own,
    });
    for (_, wins) in &mut rules.wins {
        wins.push(rule.clone());
    }
}
