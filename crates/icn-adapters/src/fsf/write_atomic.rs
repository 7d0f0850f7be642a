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

/// Whether the royal kind is written as a plain piece lost by extinction.
pub(super) fn royal_by_extinction(v: &Variant) -> bool {
    let r = &v.rules;
    !r.wins.is_empty()
        && r.wins.iter().all(|(_, ws)| {
            ws.contains(&WinRule::AllRoyalsCaptured) || ws.contains(&WinRule::RoyalCapture)
        })
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
