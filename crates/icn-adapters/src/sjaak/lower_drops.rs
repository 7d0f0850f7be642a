//! The drops half of [`super::to_variant`]: Sjaak's holdings rules as
//! [`icn_rules::Drops`].
//!
//! Read: `Rule: keep capture` (a captured piece goes to the capturer's hand,
//! as the piece it demotes to), `allow drops` (a piece in hand may be put on
//! an empty square as a move), `allow pickup` (a non-royal piece of one's own
//! may be taken into hand as a move, when not in check), `gate drops` (a
//! piece in hand may come onto the back-rank square an unmoved piece leaves:
//! Musketeer), and the flags
//! `drop_no_check`, `drop_no_mate` (a mating drop is illegal, as Sjaak's
//! search plays it; Sjaak II's `perft` counts such drops) and
//! `drop_one_file` (no drop on a file already holding a piece of the type of
//! one's own). A piece whose symbol is `+X` demotes to the piece `X` when
//! captured. As in Sjaak, a piece is never dropped where it could not move
//! (its dead squares) unless it has the flag `drop_dead` or a `Drop zone:`
//! of its own (which limits where it is dropped), and a piece dropped in the
//! zone of its `Special:` moves may play them there.
//!
//! The drop flags of a variant without holdings rules (Wa-Shogi without
//! drops) change nothing and are not kept. Refused: `return capture`,
//! `force drops`, `promote drop` (the shipped file uses none of them), and
//! `X~` symbols.

use std::collections::BTreeSet;

use icn_model::{PieceKind, Player};
use icn_rules::{DropMate, DropZone, Drops, Zone};
use indexmap::IndexMap;

use super::SjaakVariant;
use super::lower::coord_of;

/// The kind of the piece whose white symbol is `symbol`.
pub(super) fn kind_of_symbol(
    v: &SjaakVariant,
    kinds: &[PieceKind],
    symbol: &str,
) -> Option<PieceKind> {
    v.pieces.iter().zip(kinds).find_map(|(p, &k)| {
        let (san, white, _) = p.symbol.as_ref()?;
        (white == symbol || (san == symbol && !san.trim().is_empty())).then_some(k)
    })
}

/// The first letters of the words of `name`, upper case, when there are two
/// or three words (`Promoted Pawn`: `PP`); else empty.
pub(super) fn initials(name: &str) -> String {
    let words: Vec<char> = name
        .split_whitespace()
        .filter_map(|w| w.chars().find(char::is_ascii_alphabetic))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if (2..=3).contains(&words.len()) {
        words.into_iter().collect()
    } else {
        String::new()
    }
}

/// The white symbol of a piece (`P` for `Symbol: " ", "P,p"`).
pub(super) fn white_symbol(p: &super::SjaakPiece) -> &str {
    p.symbol
        .as_ref()
        .and_then(|s| s.1.split(',').next())
        .unwrap_or_default()
}

/// The holdings rules of `v`, its pieces lowered to `kinds`; `None` when it
/// has none. Refusals go to `refuse`.
pub(super) fn drops_of(
    v: &SjaakVariant,
    kinds: &[PieceKind],
    refuse: &mut dyn FnMut(String),
) -> Option<Drops> {
    for rule in ["return capture", "force drops", "promote drop"] {
        if v.has_rule(rule) {
            refuse(format!("the rule `{rule}`"));
        }
    }
    for p in &v.pieces {
        if white_symbol(p).ends_with('~') {
            refuse(format!("a `~` symbol (piece {})", p.name));
        }
    }
    let captures_to_hand = v.has_rule("keep capture");
    let allowed = v.has_rule("allow drops");
    let pickup = v.has_rule("allow pickup");
    let gates = v.has_rule("gate drops");
    if !(captures_to_hand || allowed || pickup || gates) {
        return None;
    }
    // Gating from the back rank, White's first and Black's last.
    let gating = if gates {
        [(Player::WHITE, 1), (Player::BLACK, i64::from(v.ranks))]
            .into_iter()
            .map(|(player, rank)| DropZone {
                player,
                kinds: None,
                zone: Zone::rows([icn_model::Int::from(rank)]),
            })
            .collect()
    } else {
        Vec::new()
    };
    let flagged = |flag: &str| -> BTreeSet<PieceKind> {
        v.pieces
            .iter()
            .zip(kinds)
            .filter(|(p, _)| p.flags.iter().any(|f| f == flag))
            .map(|(_, &k)| k)
            .collect()
    };
    let mut demotions = IndexMap::new();
    for (p, &k) in v.pieces.iter().zip(kinds) {
        if let Some(base) = white_symbol(p).strip_prefix('+')
            && let Some(b) = kind_of_symbol(v, kinds, base)
        {
            demotions.insert(k, b);
        }
    }
    // A piece with its own drop zone may be dropped where it cannot move.
    let mut zones = Vec::new();
    let mut dead_drops_allowed = flagged("drop_dead");
    for (p, &k) in v.pieces.iter().zip(kinds) {
        let Some((zw, zb)) = &p.drop_zone else {
            continue;
        };
        dead_drops_allowed.insert(k);
        for (player, z) in [(Player::WHITE, zw), (Player::BLACK, zb)] {
            zones.push(DropZone {
                player,
                kinds: Some([k].into_iter().collect()),
                zone: Zone::squares(v.zone(z).unwrap_or_default().into_iter().map(coord_of)),
            });
        }
    }
    let no_doubled = flagged("drop_one_file")
        .into_iter()
        .map(|k| (k, 1))
        .collect();
    Some(Drops {
        allowed,
        captures_to_hand,
        pickup,
        keep_promoted: false,
        demotions,
        zones,
        rights: special_zones(v, kinds),
        gating,
        no_dead_drops: true,
        dead_drops_allowed,
        no_doubled,
        no_mate: flagged("drop_no_mate"),
        drop_mate: DropMate::Illegal,
        no_check: flagged("drop_no_check"),
        must_drop: false,
        opposite_colors: BTreeSet::new(),
        promoted_drops: false,
    })
}

/// Per piece with `Special:` moves and player, its special zone: a piece
/// dropped there may play them (Sjaak ties them to the zone, the rule
/// objects to the `+` right a drop there gives).
fn special_zones(v: &SjaakVariant, kinds: &[PieceKind]) -> Vec<DropZone> {
    let mut out = Vec::new();
    for (p, &k) in v.pieces.iter().zip(kinds) {
        for player in [Player::WHITE, Player::BLACK] {
            let squares: Vec<_> = p
                .specials
                .iter()
                .flat_map(|(zw, zb, _)| {
                    v.zone(if player == Player::WHITE { zw } else { zb })
                        .unwrap_or_default()
                })
                .map(coord_of)
                .collect();
            if !squares.is_empty() {
                out.push(DropZone {
                    player,
                    kinds: Some([k].into_iter().collect()),
                    zone: Zone::squares(squares),
                });
            }
        }
    }
    out
}
