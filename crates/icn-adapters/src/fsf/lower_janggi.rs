//! Janggi's options, lowered ([`super::lower`] calls this):
//! - `diagonalLines = SQUARES`: on those squares, to those squares, the
//!   pieces Fairy-Stockfish names also move diagonally
//!   ([`InZoneMoves`]): the `wazir` (and the king of a built-in variant
//!   whose king moves as one) steps as a fers, the `soldier` steps diagonally forward, the `rook`
//!   rides as a bishop and the `janggiCannon` hops as one.
//! - the `janggiCannon` slot: a rook-line hopper (`pR`) that neither hops
//!   over nor takes another Janggi cannon
//!   ([`icn_rules::limits::Limits::no_same_kind_screen`] and
//!   [`icn_rules::limits::Limits::same_kind_immune`]).
//! - `pass`, `passWhite`, `passBlack`: [`RuleSet::can_pass`] (both sides
//!   alike; one side only is refused).
//! - `bikjangRule`: [`icn_rules::limits::Limits::bikjang`].
//! - `moveRepetitionIllegal`: kept as
//!   [`icn_rules::limits::Limits::move_repetition_rule`] (it decides
//!   repetitions, never which moves exist).
//! - `materialCounting`: [`MaterialCount`], by [`MaterialCount::named`]
//!   with the points of [`JANGGI_POINTS`].

use std::collections::BTreeMap;

use icn_model::{Coord, PieceKind, Player};
use icn_rules::limits::InZoneMoves;
use icn_rules::material::MaterialCount;
use icn_rules::{Movement, RuleSet, Zone};

use super::betza::movement_of as betza_movement;
use super::lower::Lowering;
use super::lower_pieces::Lowered;
use super::resolve::PieceDef;
use super::slots::Slot;

/// Fairy-Stockfish's Janggi points, by piece slot.
pub const JANGGI_POINTS: [(&str, i64); 6] = [
    ("rook", 13),
    ("janggiCannon", 7),
    ("horse", 5),
    ("janggiElephant", 3),
    ("wazir", 3),
    ("soldier", 2),
];

/// The Janggi points of the variant's pieces, by kind.
pub(super) fn janggi_values(pieces: &[(Slot, PieceKind)]) -> BTreeMap<PieceKind, i64> {
    JANGGI_POINTS
        .iter()
        .filter_map(|&(name, points)| {
            let slot = Slot::named(name)?;
            let &(_, kind) = pieces.iter().find(|(s, _)| *s == slot)?;
            Some((kind, points))
        })
        .collect()
}

/// The Betza of the diagonal moves a piece defined as `def` and moving as
/// `movement` gets on the diagonal lines, if any. A king counts as a wazir
/// only as a built-in variant defines it (Fairy-Stockfish's `kingType`); a
/// section's own `king = k:W` is a custom royal piece there.
pub(super) fn diagonal_betza(def: &PieceDef, movement: &Movement) -> Option<&'static str> {
    let slot = def.slot;
    let named = |name: &str| Slot::named(name) == Some(slot);
    let wazir_king = slot == Slot::KING
        && def.origin.builtin
        && betza_movement("W").is_some_and(|w| w.same_as(movement));
    if named("wazir") || wazir_king {
        Some("F")
    } else if named("soldier") {
        Some("fF")
    } else if named("rook") {
        Some("B")
    } else if named("janggiCannon") {
        Some("pB")
    } else {
        None
    }
}

/// Lowers the options above into `rules`.
pub(super) fn lower(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let cannons: Vec<PieceKind> = pieces
        .iter()
        .filter(|p| Slot::named("janggiCannon") == Some(p.def.slot))
        .map(|p| p.kind)
        .collect();
    rules
        .limits
        .same_kind_immune
        .extend(cannons.iter().copied());
    rules.limits.no_same_kind_screen.extend(cannons);
    diagonal_lines(l, rules, pieces);
    let (white, black) = (l.flag("passWhite", false), l.flag("passBlack", false));
    if white != black
        && let Some(o) = l
            .origin_of("passWhite")
            .or_else(|| l.origin_of("passBlack"))
    {
        l.refuse(&o, "passing for one side only: needs the model");
    }
    rules.can_pass = white && black;
    rules.limits.bikjang = l.flag("bikjangRule", false);
    rules.limits.move_repetition_rule = l.flag("moveRepetitionIllegal", false);
    if let Some((name, o)) = l.text("materialCounting")
        && name != "none"
    {
        let slots: Vec<(Slot, PieceKind)> = pieces.iter().map(|p| (p.def.slot, p.kind)).collect();
        match MaterialCount::named(&name, &janggi_values(&slots)) {
            Some(count) => rules.draws.material_count = Some(count),
            None => l.refuse(&o, format!("`{name}`: an unknown material count")),
        }
    }
}

fn diagonal_lines(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    let squares = l.squares("diagonalLines", "-");
    if squares.is_empty() {
        return;
    }
    let zone = Zone::squares(
        squares
            .iter()
            .map(|&(f, r)| Coord::new(i64::from(f), i64::from(r))),
    );
    for p in pieces {
        let Some(movement) = diagonal_betza(&p.def, &p.movement).and_then(betza_movement) else {
            continue;
        };
        for player in [Player::WHITE, Player::BLACK] {
            rules.limits.in_zone_moves.push(InZoneMoves {
                kind: p.kind,
                player,
                zone: zone.clone(),
                movement: movement.clone(),
            });
        }
    }
}
