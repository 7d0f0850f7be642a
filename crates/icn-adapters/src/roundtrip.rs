//! Round trips through pairs of variant formats: a variant written in one
//! format, read back, written in a second and read back must give rule
//! objects equal to the original — or some step says what it lost or why it
//! refused. Never a silent change. Used by the property tests and by the
//! `formats` corpus of `cargo xtask conformance` (the two real files).
//!
//! "Equal" is over what both formats of the pair hold, up to ways of writing
//! the same play ([`comparable_rules`]):
//! * rules: every field, with movements compared by meaning (folded and
//!   canonical, [`icn_rules::movement_form::fold`], move-or-capture as move
//!   and capture; an entry equal to the
//!   kind's own movement is the same as none) and only for the kinds that
//!   can appear (in the start position or a promotion: the Sjaak and
//!   Fairy-Stockfish writers write only those pieces); explicit castling
//!   moves and promotion choices in any order; a promotion rule whose zone
//!   is empty is the same as none; the site castling rule with an unreachable
//!   distance is the same as none, and no castling rule matters when no
//!   piece of the start position that could castle (a royal piece, or one on
//!   the king's square of an explicit castling move) holds its `+` right; en passant leavers only for kinds with a move
//!   that leaves an en passant square;
//! * the start position (pieces in any order; voids as excluded squares,
//!   which is how ICN writes those) unless FBR, which holds rules only, is in
//!   the pair;
//! * names are not compared: `variants.ini` sections and the unnamed FBR text
//!   rename them; nor the kinds pieces get: readers map a custom piece to a
//!   free kind of their choosing or to the ICN kind that moves the same way,
//!   so kinds are matched by what they do first ([`relabel`]; two kinds that
//!   move the same way are one).
//!
//! When a step reports what it left out (FBR: the world border, the move
//! rule, the start position …; `variants.ini`: what Fairy-Stockfish has no
//! option for), the pair must give what that format alone gives (the
//! original written in it and read back): it loses that and no more. When
//! both steps lose something, what they lose is reported and not checked
//! further.

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, PieceKind, Position};
use icn_rules::movement::kind_with_movement;
use icn_rules::movement_form::fold;
use icn_rules::{Action, Castling, Component, Movement, RuleSet, Variant, Zone, movement_of};

use crate::convert::{VariantFormat, converted_text, read};

/// The five variant formats.
pub const FORMATS: [VariantFormat; 5] = [
    VariantFormat::Sjaak,
    VariantFormat::Fsf,
    VariantFormat::Fbr,
    VariantFormat::Icn,
    VariantFormat::Json,
];

/// What a round trip through a pair of formats gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairOutcome {
    /// Rules (and position where both hold one) came back equal.
    Same,
    /// A step reported what it left out; the rest came back equal.
    Lost(Vec<String>),
    /// A format refused the variant (writing or reading), with the reasons.
    Refused(VariantFormat, Vec<String>),
    /// Something changed without being reported: the named fields.
    Changed(Vec<&'static str>),
}

/// The kinds that can appear in `v`: in its start position or a promotion
/// rule; `None` (all) when it has no start position.
fn kinds_in_play(v: &Variant) -> Option<BTreeSet<PieceKind>> {
    if v.position.pieces.is_empty() {
        return None;
    }
    let mut in_play: BTreeSet<PieceKind> = v.position.pieces.iter().map(|p| p.piece.kind).collect();
    for p in &v.rules.promotions {
        in_play.extend(p.choices.iter().copied());
        in_play.extend(p.promoting.iter().copied());
    }
    Some(in_play)
}

/// `m` in one form: folded and canonical, with every move-or-capture part
/// as a move-only and a capture-only part (Sjaak writes them apart).
pub fn comparable_movement(m: &Movement) -> Movement {
    let mut parts = Vec::new();
    for c in fold(m).canonical().components {
        if c.action == Action::MoveOrCapture {
            for action in [Action::MoveOnly, Action::CaptureOnly] {
                parts.push(Component {
                    action,
                    ..c.clone()
                });
            }
        } else {
            parts.push(c);
        }
    }
    fold(&Movement { components: parts }).canonical()
}

/// The zones of `limits` as the squares of a finite `region` they hold
/// (whole rows and listed squares alike), so that zones written one way and
/// read back another compare equal (unchanged on a board without four sides
/// or of more than 65,536 squares), and their entries in one order.
fn on_board_limits(limits: &mut icn_rules::limits::Limits, region: &icn_rules::Region) {
    let Some(b) = region.border_i64() else { return };
    let (Some(l), Some(r), Some(bottom), Some(top)) = (b.left, b.right, b.bottom, b.top) else {
        return;
    };
    if (r - l + 1).saturating_mul(top - bottom + 1) > 1 << 16 {
        return;
    }
    let squares = |z: &mut Zone| {
        *z = Zone::squares(
            (bottom..=top)
                .flat_map(|y| (l..=r).map(move |x| Coord::new(x, y)))
                .filter(|c| region.contains(c) && z.contains(c))
                .collect::<Vec<_>>(),
        );
    };
    limits.flags.iter_mut().for_each(|f| squares(&mut f.zone));
    limits.prisons.iter_mut().for_each(|p| squares(&mut p.zone));
    limits
        .en_passant_zones
        .iter_mut()
        .for_each(|e| squares(&mut e.zone));
    limits
        .in_zone_moves
        .iter_mut()
        .for_each(|m| squares(&mut m.zone));
    for z in &mut limits.zone_moves {
        if let Some(zone) = &mut z.zone {
            squares(zone);
        }
    }
    // The order of entries for different kinds and players says nothing.
    limits.prisons.sort_by_key(|p| (p.kind, p.player));
    limits.zone_moves.sort_by_key(|z| (z.kind, z.player));
    limits.in_zone_moves.sort_by_key(|z| (z.kind, z.player));
    limits.piece_limits.sort_by_key(|p| (p.kind, p.player));
    limits.flags.sort_by_key(|f| f.player);
    limits.en_passant_zones.sort_by_key(|e| e.player);
}

/// `v`'s rules in the form the module docs compare, where the kinds in play
/// and the castling rights are those of `original`'s start position (`v`
/// may have lost its position on the way).
pub fn comparable_rules(v: &Variant, original: &Variant) -> RuleSet {
    let in_play = kinds_in_play(original);
    let rules = &v.rules;
    let mut out = rules.clone();
    let effective = |k: PieceKind, m: &Movement| effective_movement(rules, k, m);
    out.movements = rules
        .movements
        .iter()
        .filter(|(k, _)| in_play.as_ref().is_none_or(|s| s.contains(k)))
        .map(|(k, m)| (*k, effective(*k, m)))
        .filter(|(k, m)| *m != effective(*k, &movement_of(*k)))
        .collect();
    out.en_passant.takers.retain(|&k| {
        rules
            .movement(k)
            .components
            .iter()
            .any(|c| c.action == Action::EnPassant)
    });
    out.movements.sort_keys();
    // A kind leaves an en passant square only by a move that sets one.
    out.en_passant.leavers.retain(|&k| {
        rules
            .movement(k)
            .components
            .iter()
            .any(|c| c.sets_en_passant)
    });
    on_board_limits(&mut out.limits, &rules.region);
    out.promotions.retain(|p| !p.zone.is_empty());
    for p in &mut out.promotions {
        p.choices.sort();
        p.choices.dedup();
    }
    let c = &mut out.castling;
    c.explicit.sort_by_key(|m| {
        (
            m.player,
            m.king_from.clone(),
            m.king_to.clone(),
            m.partner_from.clone(),
        )
    });
    if c.min_distance == u32::MAX || c.castlers.is_empty() {
        let explicit = std::mem::take(&mut c.explicit);
        *c = Castling::none();
        c.explicit = explicit;
    }
    // A piece castles only while it holds its `+` right, which is never
    // gained: without a castler holding it in the start position, castling
    // never happens.
    let castler_right = original.position.pieces.iter().any(|p| {
        p.special_right
            && (original.rules.royals.contains(&p.piece.kind)
                || original
                    .rules
                    .castling
                    .explicit
                    .iter()
                    .any(|m| m.king_from == p.at))
    });
    if !original.position.pieces.is_empty() && !castler_right {
        *c = Castling::none();
    }
    out
}

/// `p` with its pieces in square order.
pub fn sorted_position(p: &Position) -> Position {
    let mut p = p.clone();
    p.pieces.sort_by(|a, b| a.at.cmp(&b.at));
    p
}

/// The kinds a variant uses: on the board, with a movement of their own, or
/// in a promotion rule.
fn kinds_used(v: &Variant) -> BTreeSet<PieceKind> {
    let mut out: BTreeSet<PieceKind> = v.position.pieces.iter().map(|p| p.piece.kind).collect();
    out.extend(v.rules.movements.keys().copied());
    for p in &v.rules.promotions {
        out.extend(p.choices.iter().copied());
        out.extend(p.promoting.iter().copied());
    }
    out
}

/// `m` as kind `k` plays it under `rules`, in [`comparable_movement`]'s
/// form: en passant moves of a kind that does not take en passant never play.
fn effective_movement(rules: &RuleSet, k: PieceKind, m: &Movement) -> Movement {
    let mut c = comparable_movement(m);
    if !rules.en_passant.takers.contains(&k) {
        c.components.retain(|c| c.action != Action::EnPassant);
    }
    c
}

/// A kind's part in play: its movement (in [`comparable_movement`]'s form)
/// and whether it is royal.
type Role = (Movement, bool);

fn role(v: &Variant, k: PieceKind) -> Role {
    (
        effective_movement(&v.rules, k, &v.rules.movement(k)),
        v.rules.royals.contains(&k),
    )
}

/// `x` with every kind renamed to the kind that plays the same role in `a`
/// (moves the same way, royal or not): the ICN kind that moves so by default
/// when there is one, else the first such kind of `a` (those on the board or
/// in a promotion first): readers map a custom piece to a free kind of their
/// own choosing, or to the ICN kind that moves the same way, so kinds are
/// matched by what they do. Kinds with no counterpart in `a` keep their name.
/// Without `merge`, a kind that plays in `x` as the kind of that name plays
/// in `a` keeps its name too (two kinds that move alike stay two).
pub fn relabel(x: &Variant, a: &Variant, merge: bool) -> Variant {
    let in_play = kinds_in_play(a).unwrap_or_default();
    let mut order: Vec<PieceKind> = kinds_used(a).into_iter().collect();
    order.sort_by_key(|k| !in_play.contains(k));
    let used_a = kinds_used(a);
    let mut reps: Vec<(Role, PieceKind)> = Vec::new();
    for k in order {
        let r = role(a, k);
        if !reps.iter().any(|(q, _)| *q == r) {
            // The ICN kind that moves this way by default, if any and `a`
            // does not use it for another role (a royal commoner beside a
            // plain one), else `a`'s own.
            let plain = kind_with_movement(&a.rules.movement(k), r.1)
                .filter(|&p| !used_a.contains(&p) || role(a, p) == r)
                .unwrap_or(k);
            reps.push((r, plain));
        }
    }
    let map: BTreeMap<PieceKind, PieceKind> = kinds_used(x)
        .into_iter()
        .filter(|&k| merge || !used_a.contains(&k) || role(a, k) != role(x, k))
        .filter_map(|k| {
            let r = role(x, k);
            reps.iter().find(|(q, _)| *q == r).map(|(_, to)| (k, *to))
        })
        .collect();
    let m = |k: PieceKind| map.get(&k).copied().unwrap_or(k);
    let set = |s: &BTreeSet<PieceKind>| s.iter().map(|&k| m(k)).collect::<BTreeSet<_>>();
    let mut out = x.clone();
    if let Some(d) = &mut out.rules.drops {
        relabel_drops(d, &m);
    }
    relabel_limits(&mut out.rules.limits, &m);
    let draws = &mut out.rules.draws;
    draws.move_rule_resetters = set(&draws.move_rule_resetters);
    if let Some(values) = draws
        .material_count
        .as_mut()
        .and_then(|c| c.values.as_mut())
    {
        *values = values.iter().map(|(&k, &n)| (m(k), n)).collect();
    }
    let r = &mut out.rules;
    r.movements = kinds_used(x)
        .into_iter()
        .map(|k| (m(k), x.rules.movement(k)))
        .filter(|(k, mv)| comparable_movement(mv) != comparable_movement(&movement_of(*k)))
        .collect();
    r.royals = set(&x.rules.royals);
    r.castling.castlers = set(&x.rules.castling.castlers);
    r.castling.partners = x.rules.castling.partners.as_ref().map(set);
    r.en_passant.leavers = set(&x.rules.en_passant.leavers);
    r.en_passant.takers = set(&x.rules.en_passant.takers);
    for p in &mut r.promotions {
        p.promoting = set(&p.promoting);
        p.choices = p.choices.iter().map(|&k| m(k)).collect();
    }
    for p in &mut out.position.pieces {
        p.piece.kind = m(p.piece.kind);
        p.promoted_from = p.promoted_from.map(m);
    }
    let mut holdings = icn_model::Holdings::new();
    for (p, n) in x.position.holdings.iter() {
        holdings.add(icn_model::Piece::new(m(p.kind), p.player), n);
    }
    out.position.holdings = holdings;
    out
}

/// `v` with its voids as excluded squares (ICN writes excluded squares as
/// voids, which play the same).
fn voids_as_holes(v: &Variant) -> Variant {
    let mut out = v.clone();
    let (voids, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut out.position.pieces)
        .into_iter()
        .partition(|p| p.piece.kind == PieceKind::Void);
    out.position.pieces = rest;
    out.rules
        .region
        .excluded
        .extend(voids.into_iter().map(|p| p.at));
    out
}

/// The fields in which `b` differs from `a`: every rule field, and the
/// position when `position`; `original` is the variant both came from (its
/// start position says which kinds and castling rights are in play).
pub fn differences(
    a: &Variant,
    b: &Variant,
    original: &Variant,
    position: bool,
) -> Vec<&'static str> {
    let (a, b) = (&voids_as_holes(a), &voids_as_holes(b));
    let (a, b) = (&relabel(a, a, true), &relabel(b, a, true));
    let (x, y) = (comparable_rules(a, original), comparable_rules(b, original));
    let mut out = Vec::new();
    let mut check = |name: &'static str, same: bool| {
        if !same {
            out.push(name);
        }
    };
    check("royals", x.royals == y.royals);
    check("wins", x.wins == y.wins);
    check("promotions", x.promotions == y.promotions);
    check("stalemate", x.stalemate == y.stalemate);
    check("repetition", x.draws.repetition == y.draws.repetition);
    check("losses", x.losses == y.losses);
    check("movements", x.movements == y.movements);
    check("region", x.region == y.region);
    check("castling", x.castling == y.castling);
    check("en passant", x.en_passant == y.en_passant);
    check("slide limit", x.slide_limit == y.slide_limit);
    check("turn order", x.turn_order == y.turn_order);
    check("passing", x.can_pass == y.can_pass);
    check("forced capture", x.forced_capture == y.forced_capture);
    // Rules that let nothing into or out of a hand are the same as none.
    let active = |d: &Option<icn_rules::Drops>| d.clone().filter(|d| !d.is_inert());
    check("drops", active(&x.drops) == active(&y.drops));
    check("hill", x.hill == y.hill);
    check("draws", x.draws == y.draws);
    check("limits", x.limits == y.limits);
    check("extra", x.extra == y.extra);
    if position {
        check(
            "position",
            sorted_position(&a.position) == sorted_position(&b.position),
        );
    }
    out
}

/// `v` written in `f` and read back, with what the writing left out.
///
/// # Errors
/// The reasons `f` refused `v` (writing), or the written text does not read.
pub fn through(v: &Variant, f: VariantFormat) -> Result<(Variant, Vec<String>), Vec<String>> {
    let (text, lost) = converted_text(v, f).map_err(|e| e.messages)?;
    // The text holds one variant: no name needed (sections are renamed).
    let back = read(&text, f, None).map_err(|e| {
        let mut m = e.messages;
        m.insert(0, format!("the written {f:?} does not read back"));
        m
    })?;
    Ok((back.variant, lost))
}

/// `v` through `a`, then through `b` (see the module docs).
///
/// ```
/// use icn_adapters::convert::{read_variant, VariantFormat::*};
/// use icn_adapters::roundtrip::{through_pair, PairOutcome};
/// let fide = include_str!("../../../fixtures/sjaak/ok/fide.sjaak");
/// let v = read_variant(fide, None, None).unwrap().variant;
/// assert_eq!(through_pair(&v, Sjaak, Fsf), PairOutcome::Same);
/// assert!(matches!(through_pair(&v, Json, Fbr), PairOutcome::Lost(_)));
/// ```
pub fn through_pair(v: &Variant, a: VariantFormat, b: VariantFormat) -> PairOutcome {
    let (va, mut lost) = match through(v, a) {
        Ok(x) => x,
        Err(e) => return PairOutcome::Refused(a, e),
    };
    let lost_a = !lost.is_empty();
    // The second format starts from the first one's reading with the
    // original's kind names (see [`relabel`]).
    let va = relabel(&va, v, false);
    let (vb, lost_b) = match through(&va, b) {
        Ok(x) => x,
        Err(e) => return PairOutcome::Refused(b, e),
    };
    let lost_b = {
        let some = !lost_b.is_empty();
        lost.extend(lost_b);
        some
    };
    let fbr = a == VariantFormat::Fbr || b == VariantFormat::Fbr;
    // What a format reports lost, it loses alone: the pair must give what
    // that format alone gives. When both steps lose something, what each
    // loses is said and no more is checked.
    let lossy = match (lost_a, lost_b) {
        (false, false) => None,
        (true, false) => Some(a),
        (false, true) => Some(b),
        (true, true) => return PairOutcome::Lost(lost),
    };
    let expected = match lossy {
        None => v.clone(),
        Some(f) => match through(v, f) {
            Ok((e, _)) => relabel(&e, v, false),
            Err(e) => return PairOutcome::Refused(f, e),
        },
    };
    let diffs = differences(&expected, &vb, v, !fbr);
    if !diffs.is_empty() {
        PairOutcome::Changed(diffs)
    } else if lost.is_empty() {
        PairOutcome::Same
    } else {
        PairOutcome::Lost(lost)
    }
}

/// `d` with every kind renamed by `m`.
fn relabel_limits(l: &mut icn_rules::limits::Limits, m: &dyn Fn(PieceKind) -> PieceKind) {
    let set = |s: &BTreeSet<PieceKind>| s.iter().map(|&k| m(k)).collect::<BTreeSet<_>>();
    for f in &mut l.flags {
        f.kinds = f.kinds.as_ref().map(set);
    }
    l.prisons.iter_mut().for_each(|p| p.kind = m(p.kind));
    l.zone_moves.iter_mut().for_each(|z| z.kind = m(z.kind));
    l.in_zone_moves.iter_mut().for_each(|z| z.kind = m(z.kind));
    l.piece_limits.iter_mut().for_each(|p| p.kind = m(p.kind));
    l.lion.no_retaliate = set(&l.lion.no_retaliate);
    l.lion.endangered = set(&l.lion.endangered);
    if let Some(e) = &mut l.explosion {
        e.immune = set(&e.immune);
        e.shielded = set(&e.shielded);
    }
    l.same_kind_immune = set(&l.same_kind_immune);
    l.no_same_kind_screen = set(&l.no_same_kind_screen);
}

fn relabel_drops(d: &mut icn_rules::Drops, m: &dyn Fn(PieceKind) -> PieceKind) {
    let set = |s: &BTreeSet<PieceKind>| s.iter().map(|&k| m(k)).collect::<BTreeSet<_>>();
    d.demotions = d.demotions.iter().map(|(&a, &b)| (m(a), m(b))).collect();
    for z in d.zones.iter_mut().chain(&mut d.rights).chain(&mut d.gating) {
        z.kinds = z.kinds.as_ref().map(set);
    }
    d.dead_drops_allowed = set(&d.dead_drops_allowed);
    d.no_doubled = d.no_doubled.iter().map(|(&k, &n)| (m(k), n)).collect();
    d.no_mate = set(&d.no_mate);
    d.no_check = set(&d.no_check);
}
