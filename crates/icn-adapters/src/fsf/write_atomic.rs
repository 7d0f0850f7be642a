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
/// when taking royals wins, or for [`pseudo_royal`].
pub(super) fn royal_by_extinction(v: &Variant) -> bool {
    let r = &v.rules;
    let taken = !r.wins.is_empty()
        && r.wins.iter().all(|(_, ws)| {
            ws.contains(&WinRule::AllRoyalsCaptured) || ws.contains(&WinRule::RoyalCapture)
        });
    taken || pseudo_royal(v).is_some()
}

/// The royal kind of a checkmate game written as a pseudo-royal plain piece
/// (`extinctionPseudoRoyal`), as Fairy-Stockfish's own files write a royal
/// centaur or amazon, so that it keeps its own kind instead of becoming the
/// `king`: one royal kind in play that is built in and not royal by default (`king`
/// is read back as a royal kind or the variant's own), at most one of it
/// per side and none to be gained, checkmate the only win, and nothing that
/// needs Fairy-Stockfish's `king` (explosions, the flying general, perpetual
/// check and chasing rules, drops that may not check or mate). Flag and hill wins may go with it.
pub(super) fn pseudo_royal(v: &Variant) -> Option<PieceKind> {
    let r = &v.rules;
    let checkmate_only = !r.wins.is_empty()
        && r.wins.iter().all(|(_, ws)| {
            ws.contains(&WinRule::Checkmate)
                && ws
                    .iter()
                    .all(|w| matches!(w, WinRule::Checkmate | WinRule::Koth | WinRule::FlagAny))
        });
    let [k] = royals_in_play(v)[..] else {
        return None;
    };
    let alone = [Player::WHITE, Player::BLACK].into_iter().all(|side| {
        let on_board = v
            .position
            .pieces
            .iter()
            .filter(|p| p.piece.player == side && p.piece.kind == k)
            .count();
        on_board + v.position.holdings.count(icn_model::Piece::new(k, side)) as usize <= 1
    });
    let needs_king = r.limits.explosion.is_some()
        || r.limits.flying_general
        || r.limits.chase_rule
        || r.losses.perpetual_check.is_some()
        || r.drops
            .as_ref()
            .is_some_and(|d| !d.no_check.is_empty() || !d.no_mate.is_empty());
    (checkmate_only
        && k.is_builtin()
        && !icn_rules::movement::royal_by_default(k)
        && alone
        && !r.promotions.iter().any(|p| p.choices.contains(&k))
        && !needs_king)
        .then_some(k)
}

/// The lines of [`pseudo_royal`]'s kind.
pub(super) fn pseudo_royal_lines(
    k: PieceKind,
    letter: &dyn Fn(PieceKind) -> char,
    lines: &mut Vec<String>,
) {
    lines.push("extinctionValue = loss".into());
    lines.push(format!("extinctionPieceTypes = {}", letter(k)));
    lines.push("extinctionPseudoRoyal = true".into());
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
        if several || promoted_into {
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
