//! The shogi half of [`super::lower`]: `promotedPieceType` (a piece that
//! promotes into one set piece, in, into or out of its promotion region),
//! `mandatoryPiecePromotion`, and `immobilityIllegal` (no move or drop to a
//! square the piece could never leave).
//!
//! Each `FROM:TO` pair becomes one [`PromotionRule`] per side with
//! [`PromotionRule::from_zone`] set (Fairy-Stockfish lets a move that starts
//! in the region promote too). `immobilityIllegal`: the squares a promoting
//! piece could never leave are the rule's [`PromotionRule::forced`] zone; a
//! piece that does not promote is confined to the squares it could leave
//! ([`icn_rules::limits::Prison`]); drops where a piece could never move
//! are refused ([`icn_rules::Drops::no_dead_drops`]).

use icn_model::{Coord, PieceKind, Player};
use icn_rules::{PromotionRule, RuleSet, Zone};

use super::lower::{Lowering, zone};
use super::lower_pieces::Lowered;

/// The `FROM:TO` letter pairs of `promotedPieceType`.
pub(super) fn pairs(l: &Lowering<'_>) -> Vec<(char, char)> {
    let Some((text, _)) = l.text("promotedPieceType") else {
        return Vec::new();
    };
    // `FROM:-`: the piece does not promote.
    text.split_whitespace()
        .filter_map(|p| {
            let (a, b) = p.split_once(':')?;
            Some((a.chars().next()?, b.chars().next()?))
        })
        .filter(|&(_, b)| b != '-')
        .collect()
}

/// The kind of the variant's piece with `letter`.
pub(super) fn kind_of(l: &Lowering<'_>, pieces: &[Lowered], letter: char) -> Option<PieceKind> {
    let def = l.v.piece_by_letter(letter.to_ascii_lowercase())?;
    pieces
        .iter()
        .find(|p| p.def.slot == def.slot)
        .map(|p| p.kind)
}

/// Adds the shogi-style promotion rules, and checks `immobilityIllegal`.
pub(super) fn promotions(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let mandatory = l.flag("mandatoryPiecePromotion", false);
    let immobility = l.flag("immobilityIllegal", false);
    let demotes = l.flag("pieceDemotion", false);
    let on_capture = l.flag("piecePromotionOnCapture", false);
    // Fairy-Stockfish turns back every promoted piece, a pawn promoted by
    // `promotionPieceTypes` too; the model's demotion follows the rules
    // that demote.
    // (The pawn-style rules are read first, without `from_zone`.)
    let pawn_style = rules.promotions.iter().any(|r| !r.from_zone);
    if demotes
        && pawn_style
        && let Some(o) = l.origin_of("pieceDemotion")
    {
        l.refuse(
            &o,
            "demotion beside pawn promotion (`promotionPieceTypes`): needs the model",
        );
    }
    let mut promoting = Vec::new();
    for (from, to) in pairs(l) {
        let (Some(a), Some(b)) = (kind_of(l, pieces, from), kind_of(l, pieces, to)) else {
            if let Some((t, o)) = l.text("promotedPieceType") {
                l.refuse(
                    &o,
                    format!("`{t}`: `{from}:{to}` names a piece this variant does not have"),
                );
            }
            continue;
        };
        promoting.push(a);
        for (player, color, default) in [
            (Player::WHITE, "White", "*8"),
            (Player::BLACK, "Black", "*1"),
        ] {
            let squares = l.squares(&format!("promotionRegion{color}"), default);
            if squares.is_empty() {
                continue;
            }
            let dead: Vec<(u32, u32)> = if immobility {
                squares
                    .iter()
                    .copied()
                    .filter(|&s| is_dead(rules, a, player, s))
                    .collect()
            } else {
                Vec::new()
            };
            rules.promotions.push(PromotionRule {
                player,
                promoting: [a].into_iter().collect(),
                zone: zone(&squares, l.files),
                choices: vec![b],
                mandatory,
                forced: if dead.is_empty() {
                    Zone::empty()
                } else {
                    zone(&dead, l.files)
                },
                from_zone: true,
                by_move: false,
                demotes,
                on_capture,
            });
        }
    }
    if !immobility {
        return;
    }
    // A pawn-style promotion that is optional is compulsory where the piece
    // could not move again (grand chess's last rank).
    let region = rules.region.clone();
    let movements: Vec<Vec<icn_rules::Movement>> = rules
        .promotions
        .iter()
        .map(|r| r.promoting.iter().map(|&k| rules.movement(k)).collect())
        .collect();
    for (rule, moves) in rules.promotions.iter_mut().zip(&movements) {
        if rule.from_zone || rule.mandatory {
            continue;
        }
        let squares: Vec<(u32, u32)> = (1..=l.ranks)
            .flat_map(|r| (1..=l.files).map(move |f| (f, r)))
            .filter(|&(f, r)| rule.zone.contains(&Coord::new(i64::from(f), i64::from(r))))
            .collect();
        let dead: Vec<(u32, u32)> = squares
            .into_iter()
            .filter(|&s| moves.iter().all(|m| is_dead_in(&region, m, rule.player, s)))
            .collect();
        if !dead.is_empty() {
            rule.forced = zone(&dead, l.files);
        }
    }
    promoting.extend(
        rules
            .promotions
            .iter()
            .flat_map(|r| r.promoting.iter().copied()),
    );
    // A piece that does not promote may not move to a square it could not
    // leave: it is confined to the others.
    for p in pieces.iter().filter(|p| !promoting.contains(&p.kind)) {
        for player in [Player::WHITE, Player::BLACK] {
            let live: Vec<(u32, u32)> = (1..=l.ranks)
                .flat_map(|r| (1..=l.files).map(move |f| (f, r)))
                .filter(|&s| !is_dead(rules, p.kind, player, s))
                .collect();
            if live.len() < (l.ranks * l.files) as usize {
                rules.limits.prisons.push(icn_rules::limits::Prison {
                    kind: p.kind,
                    player,
                    zone: zone(&live, l.files),
                    attacks_outside: true,
                });
            }
        }
    }
    if let Some(d) = rules.drops.as_mut() {
        d.no_dead_drops = true;
    }
}

/// Whether a piece of `kind` and `player` could never move from `(file, rank)`.
fn is_dead(rules: &RuleSet, kind: PieceKind, player: Player, at: (u32, u32)) -> bool {
    is_dead_in(&rules.region, &rules.movement(kind), player, at)
}

/// Whether a piece moving as `movement` for `player` could never move from
/// `(file, rank)` of `region`.
fn is_dead_in(
    region: &icn_rules::Region,
    movement: &icn_rules::Movement,
    player: Player,
    (f, r): (u32, u32),
) -> bool {
    let at = Coord::new(i64::from(f), i64::from(r));
    !movement.can_move_from(player, &at, region)
}
