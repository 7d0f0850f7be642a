//! The writing half of [`super::lower_atomic`]: a royal kind lost by
//! extinction and atomic explosions, as `variants.ini` options.
//!
//! When both sides win by taking every royal ([`WinRule::AllRoyalsCaptured`]),
//! the royal kind is written as a plain piece (not `king`) with
//! `extinctionValue = loss` and `extinctionPieceTypes` naming it, and
//! `extinctionPseudoRoyal = true` when checkmate also wins (it must then be
//! kept safe; Fairy-Stockfish treats it so only while a side has one, so a
//! position with two, or promotion into it, is a problem). Explosions are
//! `blastOnCapture` with `blastImmuneTypes`; Fairy-Stockfish spares exactly
//! the `pawn` piece around a blast, so other shielded kinds are a problem,
//! as are explosions without the royal kind written this way.
//! [`icn_rules::limits::Limits::same_kind_immune`] is `mutuallyImmuneTypes`.

use std::collections::BTreeSet;

use icn_model::{PieceKind, Player};
use icn_rules::limits::Explosion;
use icn_rules::{Variant, WinRule};

use super::write::Out;

/// Whether the royal kind is written as a plain piece lost by extinction:
/// when taking royals wins, or for [`pseudo_royal`] with no `king` beside.
pub(super) fn royal_by_extinction(v: &Variant) -> bool {
    let r = &v.rules;
    let taken = !r.wins.is_empty()
        && r.wins.iter().all(|(_, ws)| {
            ws.contains(&WinRule::AllRoyalsCaptured) || ws.contains(&WinRule::RoyalCapture)
        });
    taken || pseudo_royal(v).is_some_and(|p| p.king.is_none())
}

/// Royal kinds written as pseudo-royal plain pieces, and the one beside them
/// written as the `king`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PseudoRoyals {
    /// The kind in the `king` slot, if any.
    pub king: Option<PieceKind>,
    /// The kinds written as plain pieces (`extinctionPieceTypes`).
    pub kinds: Vec<PieceKind>,
    /// The most pieces of one of them a side can have (the count plus one).
    pub most: usize,
    /// Written with `dupleCheck` (the count then 0, whatever `most` is).
    pub duple_check: bool,
}

/// The royal kinds of a checkmate game that the `king` cannot say, written
/// as pseudo-royal plain pieces (`extinctionPseudoRoyal`, with
/// `extinctionPieceCount`): the `king` holds one kind that reads back as
/// itself (the king, a kind royal by default, or the variant's own kind)
/// and of which a side has at most one and can gain none; the other royal
/// kinds — a second royal kind, a kind with several royals per side
/// (counting the pieces that may promote into it), a built-in kind not
/// royal by default (as Fairy-Stockfish's own files write a royal centaur
/// or amazon) — are pseudo-royal. Fairy-Stockfish keeps the pieces of such a
/// type safe while a side has at most the count plus one, which is then the
/// most a side can have, or under royalty by count
/// ([`icn_rules::limits::Limits::royal_while_at_most`]) its count, which
/// is then exactly the rule. Only with checkmate the only win (flag and hill
/// wins may go with it) and nothing that needs Fairy-Stockfish's `king`
/// alone (explosions, the flying general, perpetual check and chasing
/// rules, drops that may not check or mate).
pub(super) fn pseudo_royal(v: &Variant) -> Option<PseudoRoyals> {
    let r = &v.rules;
    let checkmate_only = !r.wins.is_empty()
        && r.wins.iter().all(|(_, ws)| {
            ws.contains(&WinRule::Checkmate)
                && ws
                    .iter()
                    .all(|w| matches!(w, WinRule::Checkmate | WinRule::Koth | WinRule::FlagAny))
        });
    let needs_king = r.limits.explosion.is_some()
        || r.limits.flying_general
        || r.limits.chase_rule
        || r.losses.perpetual_check.is_some()
        || r.drops
            .as_ref()
            .is_some_and(|d| !d.no_check.is_empty() || !d.no_mate.is_empty());
    if !checkmate_only || needs_king {
        return None;
    }
    // The royal kinds of the position, its hands and its promotions.
    let royals: Vec<PieceKind> = r
        .royals
        .iter()
        .copied()
        .filter(|&k| {
            v.position.pieces.iter().any(|p| p.piece.kind == k)
                || v.position.holdings.iter().any(|(p, _)| p.kind == k)
                || r.promotions.iter().any(|p| p.choices.contains(&k))
        })
        .collect();
    let most_of = |k| super::lower_atomic::most_a_side_can_have(r, &v.position, k);
    let kingly = |k: PieceKind| !k.is_builtin() || icn_rules::movement::royal_by_default(k);
    // The king itself first; none when the king kind is not royal (a
    // `king` makes the kinds royal by default royal when read back).
    let king = royals
        .iter()
        .copied()
        .filter(|&k| kingly(k) && most_of(k) <= 1 && r.royals.contains(&PieceKind::King))
        .min_by_key(|&k| k != PieceKind::King);
    let kinds: Vec<PieceKind> = royals.into_iter().filter(|&k| Some(k) != king).collect();
    let most = kinds.iter().map(|&k| most_of(k)).max()?.max(1);
    // Under royalty by count Fairy-Stockfish's count says the rule's.
    let most = r.limits.royal_while_at_most.map_or(most, |m| m as usize);
    // Duple check: one pseudo-royal kind counted to 0 says it for any number.
    let duple_check = r.limits.duple_check && king.is_none() && kinds.len() == 1;
    Some(PseudoRoyals {
        king,
        kinds,
        most,
        duple_check,
    })
}

/// Whether the options written say royalty by count at `most`: the
/// pseudo-royal kinds of [`pseudo_royal`] at that count, or a royal kind
/// lost by extinction ([`extinction_lines`]) kept safe at a count of 0.
pub(super) fn says_royalty_by_count(v: &Variant, most: u32) -> bool {
    if let Some(p) = pseudo_royal(v) {
        return !p.duple_check && p.most == most as usize;
    }
    let wins = &v.rules.wins;
    most == 1
        && royal_by_extinction(v)
        && !wins.is_empty()
        && wins
            .iter()
            .all(|(_, ws)| ws.contains(&WinRule::Checkmate) && !ws.contains(&WinRule::RoyalCapture))
}

/// The lines of [`pseudo_royal`]'s kinds.
pub(super) fn pseudo_royal_lines(
    p: &PseudoRoyals,
    letter: &dyn Fn(PieceKind) -> char,
    lines: &mut Vec<String>,
) {
    lines.push("extinctionValue = loss".into());
    let letters: String = p.kinds.iter().map(|&k| letter(k)).collect();
    lines.push(format!("extinctionPieceTypes = {letters}"));
    lines.push("extinctionPseudoRoyal = true".into());
    if p.duple_check {
        lines.push("dupleCheck = true".into());
    } else if p.most > 1 {
        lines.push(format!("extinctionPieceCount = {}", p.most - 1));
    }
}

/// The royal kinds some piece of the position is of.
pub(super) fn royals_in_play(v: &Variant) -> Vec<PieceKind> {
    v.rules
        .royals
        .iter()
        .copied()
        .filter(|k| v.position.pieces.iter().any(|p| p.piece.kind == *k))
        .collect()
}

/// The extinction options of a royal kind written as a plain piece
/// ([`WinRule::AllRoyalsCaptured`], or [`WinRule::RoyalCapture`] at one
/// fewer than a side has: `extinctionPieceCount`).
pub(super) fn extinction_lines(
    o: &mut Out,
    v: &Variant,
    letter: &dyn Fn(PieceKind) -> char,
    wins: &BTreeSet<WinRule>,
    lines: &mut Vec<String>,
) {
    let r = &v.rules;
    let royal = royals_in_play(v);
    let [k] = royal.as_slice() else {
        o.bad("taking every royal wins, without one royal kind in play");
        return;
    };
    if wins.contains(&WinRule::AllPiecesCaptured) || wins.contains(&WinRule::NoPiecesLeft) {
        o.bad("two extinction rules (every royal and every piece)");
        return;
    }
    // Taking any royal: lost at one fewer than a side has (the same for
    // both, and none to be gained).
    let count = |side: Player| {
        v.position
            .pieces
            .iter()
            .filter(|p| p.piece.player == side && p.piece.kind == *k)
            .count()
    };
    let any = wins.contains(&WinRule::RoyalCapture);
    if any
        && (count(Player::WHITE) != count(Player::BLACK)
            || r.promotions.iter().any(|p| p.choices.contains(k))
            || r.drops.is_some())
    {
        o.bad(
            "taking any royal wins, where the sides have other numbers of royals or can gain one",
        );
    }
    lines.push("extinctionValue = loss".into());
    lines.push(format!("extinctionPieceTypes = {}", letter(*k)));
    let at = count(Player::WHITE).saturating_sub(1);
    if any && at > 0 {
        lines.push(format!("extinctionPieceCount = {at}"));
    }
    if any && at > 0 && wins.contains(&WinRule::Checkmate) {
        o.bad("checkmate beside several royals of which taking one wins");
    }
    if wins.contains(&WinRule::Checkmate) {
        lines.push("extinctionPseudoRoyal = true".into());
        let several = [Player::WHITE, Player::BLACK].into_iter().any(|side| {
            let mine = |p: &&icn_model::PlacedPiece| p.piece.player == side && p.piece.kind == *k;
            let on_board = v.position.pieces.iter().filter(mine).count();
            on_board + v.position.holdings.count(icn_model::Piece::new(*k, side)) as usize > 1
        });
        let promoted_into = r.promotions.iter().any(|p| p.choices.contains(k));
        let by_count = r.limits.royal_while_at_most == Some(1);
        if (several || promoted_into) && !by_count {
            o.bad("a royal kind a side may have two of, kept safe only while alone in Fairy-Stockfish");
        }
    }
}

/// `blastOnCapture`, `blastImmuneTypes` and `mutuallyImmuneTypes`.
pub(super) fn explosion_lines(
    o: &mut Out,
    v: &Variant,
    explosion: Option<&Explosion>,
    same_kind: &BTreeSet<PieceKind>,
    pawn_slot: Option<PieceKind>,
    set_text: &dyn Fn(&mut dyn Iterator<Item = PieceKind>) -> String,
    lines: &mut Vec<String>,
) {
    if let Some(e) = explosion {
        if !royal_by_extinction(v) {
            o.bad("atomic explosions beside a royal that taking every royal does not end the game for");
        }
        let in_play: BTreeSet<PieceKind> = v
            .position
            .pieces
            .iter()
            .map(|p| p.piece.kind)
            .chain(
                v.rules
                    .promotions
                    .iter()
                    .flat_map(|p| p.choices.iter().copied()),
            )
            .collect();
        let shielded: BTreeSet<PieceKind> = e
            .shielded
            .iter()
            .copied()
            .filter(|k| in_play.contains(k) && !e.immune.contains(k))
            .collect();
        let pawn: BTreeSet<PieceKind> = pawn_slot
            .filter(|k| in_play.contains(k) && !e.immune.contains(k))
            .into_iter()
            .collect();
        if shielded != pawn {
            o.bad("explosions that spare other kinds than the pawn (Fairy-Stockfish spares its `pawn` piece)");
        }
        lines.push("blastOnCapture = true".into());
        lines.push(format!(
            "blastImmuneTypes = {}",
            set_text(&mut e.immune.iter().copied())
        ));
    }
    if !same_kind.is_empty() {
        lines.push(format!(
            "mutuallyImmuneTypes = {}",
            set_text(&mut same_kind.iter().copied())
        ));
    }
}
