//! The drops half of [`super::write_section`]: [`icn_rules::Drops`] as
//! Fairy-Stockfish options, and the holdings and `~` marks of the start FEN.
//!
//! Fairy-Stockfish says drops with a few switches (`pieceDrops`,
//! `capturesToHand`, `dropLoop`, `dropRegion…`, pawn drops on the first rank
//! or in the promotion zone, `dropNoDoubled`, `dropChecks`,
//! `shogiPawnDropMateIllegal`, `sittuyinRookDrop`, `mustDrop`, `dropPromoted`, and `gating` with `seirawanGating` for
//! S-chess gating, whose gates go in the FEN's castling field:
//! [`gate_field`]); the writer picks them from the rules and
//! then reads its own section back: drop rules that do not come back the
//! same are refused by name rather than written wrong.

use std::collections::BTreeMap;

use icn_model::{PieceKind, Player, Position};
use icn_rules::{Drops, Variant};

use super::write::Out;

/// The drop options of `v`'s rules (none without drops).
pub(super) fn drop_lines(
    o: &mut Out,
    v: &Variant,
    letters: &BTreeMap<PieceKind, char>,
) -> Vec<String> {
    let Some(d) = &v.rules.drops else {
        return Vec::new();
    };
    let mut lines = vec![
        format!("pieceDrops = {}", d.allowed),
        format!("capturesToHand = {}", d.captures_to_hand),
    ];
    if d.keep_promoted {
        lines.push("dropLoop = true".into());
    }
    if !d.demotions.is_empty() {
        o.bad("pieces that demote when captured (shogi-style promoted kinds)");
    }
    for (player, color) in [(Player::WHITE, "White"), (Player::BLACK, "Black")] {
        for z in d
            .zones
            .iter()
            .filter(|z| z.player == player && z.kinds.is_none())
        {
            let sq = o.zone_squares(&z.zone);
            lines.push(format!("dropRegion{color} = {}", o.squares_text(&sq)));
        }
    }
    // Pawn drops: allowed on the first rank / in the promotion zone when the
    // white pawn zone holds such a square (or there is none).
    let pawn_zone = d
        .zones
        .iter()
        .find(|z| z.player == Player::WHITE && z.kinds.is_some());
    let holds = |row_test: &dyn Fn(u32, u32) -> bool| {
        pawn_zone.is_none_or(|z| o.zone_squares(&z.zone).iter().any(|&(f, r)| row_test(f, r)))
    };
    // Without pawn drops, the gating zones say whether pawns come in on the
    // first rank.
    let pawn_gates = d
        .gating
        .iter()
        .filter(|z| z.player == Player::WHITE)
        .filter(|z| {
            z.kinds
                .as_ref()
                .is_none_or(|k| k.contains(&PieceKind::Pawn))
        })
        .any(|z| o.zone_squares(&z.zone).iter().any(|&(_, r)| r == 1));
    let gates_only = pawn_zone.is_none() && d.gating.iter().any(|z| z.player == Player::WHITE);
    if (gates_only && pawn_gates) || (!gates_only && holds(&|_, r| r == 1)) {
        lines.push("firstRankPawnDrops = true".into());
    }
    let promo: Vec<(u32, u32)> = v
        .rules
        .promotion_of(Player::WHITE)
        .map(|p| o.zone_squares(&p.zone))
        .unwrap_or_default();
    if !promo.is_empty() && holds(&|f, r| promo.contains(&(f, r))) {
        lines.push("promotionZonePawnDrops = true".into());
    }
    match d.no_doubled.iter().next() {
        Some((k, n)) if d.no_doubled.len() == 1 => match letters.get(k) {
            Some(c) => {
                lines.push(format!("dropNoDoubled = {c}"));
                lines.push(format!("dropNoDoubledCount = {n}"));
            }
            None => o.bad("a no-doubled drop rule for a piece not on the board"),
        },
        Some(_) => o.bad("no-doubled drop rules for more than one piece"),
        None => {}
    }
    if !d.no_check.is_empty() {
        if super::write_atomic::royal_by_extinction(v) {
            o.bad("drops that may not give check, beside a royal written as a plain piece (Fairy-Stockfish sees no checks without a `king`)");
        }
        lines.push("dropChecks = false".into());
    }
    // Rooks on the first rank only: a zone of some kinds but pawns that is
    // White's whole first rank (what else it says is checked by reading
    // the section back).
    let first_rank: Vec<(u32, u32)> = (1..=o.files as u32).map(|f| (f, 1)).collect();
    if d.zones.iter().any(|z| {
        z.player == Player::WHITE
            && z.kinds
                .as_ref()
                .is_some_and(|k| !k.contains(&PieceKind::Pawn))
            && o.zone_squares(&z.zone) == first_rank
    }) {
        lines.push("sittuyinRookDrop = true".into());
    }
    if d.must_drop {
        lines.push("mustDrop = true".into());
    }
    if d.promoted_drops {
        lines.push("dropPromoted = true".into());
    }
    if !d.gating.is_empty() {
        lines.push("gating = true".into());
        lines.push("seirawanGating = true".into());
    }
    if !d.no_mate.is_empty() {
        lines.push("shogiPawnDropMateIllegal = true".into());
    }
    lines
}

/// The shogi-style promotion options (`promotedPieceType`,
/// `mandatoryPiecePromotion`, `pieceDemotion`, `piecePromotionOnCapture`)
/// and `immobilityIllegal`, which says both that
/// a piece must promote where it could not move again and that it may not
/// be dropped there.
pub(super) fn shogi_lines(
    o: &mut Out,
    v: &Variant,
    letters: &BTreeMap<PieceKind, char>,
) -> Vec<String> {
    let shogi: Vec<&icn_rules::PromotionRule> =
        v.rules.promotions.iter().filter(|p| p.from_zone).collect();
    let mut lines = Vec::new();
    let mut pairs = Vec::new();
    for p in shogi.iter().filter(|p| p.player == Player::WHITE) {
        for &from in &p.promoting {
            match (letters.get(&from), p.choices.as_slice()) {
                (Some(a), [to]) => match letters.get(to) {
                    Some(b) => pairs.push(format!("{a}:{b}")),
                    None => o.bad("shogi-style promotion into a piece not on the board"),
                },
                _ => o.bad("shogi-style promotion into more than one piece"),
            }
        }
    }
    if !pairs.is_empty() {
        lines.push(format!("promotedPieceType = {}", pairs.join(" ")));
        if shogi.iter().all(|p| p.mandatory) {
            lines.push("mandatoryPiecePromotion = true".into());
        }
        // One switch each for every rule (a mix does not read back the same).
        if shogi.iter().all(|p| p.demotes) {
            lines.push("pieceDemotion = true".into());
        }
        if shogi.iter().all(|p| p.on_capture) {
            lines.push("piecePromotionOnCapture = true".into());
        }
    }
    let forced = shogi.iter().any(|p| !p.forced.is_empty());
    if forced || v.rules.drops.as_ref().is_some_and(|d| d.no_dead_drops) {
        lines.push("immobilityIllegal = true".into());
    }
    lines
}

/// The FEN's castling field of a variant with gating: for each side that
/// gates (it has a gating zone and pieces in hand, or captures fill hands),
/// the file letter of every piece of its castling rank (`rank`, counted
/// from its side) that holds its `+` right: Fairy-Stockfish gates them, and
/// a gated king castles with its gated rooks. Other sides keep the letters
/// of `castling`, their castling rights.
pub(super) fn gate_field(o: &Out, v: &Variant, castling: &str, rank: u32) -> String {
    let Some(d) = v.rules.drops.as_ref().filter(|d| !d.gating.is_empty()) else {
        return castling.to_string();
    };
    let mut out = String::new();
    for player in [Player::WHITE, Player::BLACK] {
        let white = player == Player::WHITE;
        let gates = d.gating.iter().any(|z| z.player == player)
            && (d.captures_to_hand || v.position.holdings.of(player).any(|(_, n)| n > 0));
        if !gates {
            out.extend(
                castling
                    .chars()
                    .filter(|c| c.is_ascii_uppercase() == white && *c != '-'),
            );
            continue;
        }
        let row = if white {
            rank
        } else {
            (o.ranks as u32 + 1).saturating_sub(rank)
        };
        let mut files: Vec<u32> = v
            .position
            .pieces
            .iter()
            .filter(|p| p.piece.player == player && p.special_right)
            .filter_map(|p| o.sq(&p.at))
            .filter(|&(_, r)| r == row)
            .map(|(f, _)| f)
            .collect();
        files.sort_unstable();
        files.dedup();
        for f in files {
            let ch = char::from(b'A' + (f - 1) as u8);
            out.push(if white { ch } else { ch.to_ascii_lowercase() });
        }
    }
    if out.is_empty() { "-".into() } else { out }
}

/// Whether the section `text` reads back with the promotion rules and the
/// prisons (`immobilityIllegal` makes both) of `v`.
pub(super) fn same_promotions(text: &str, v: &Variant) -> bool {
    let Some(back) = read_back(text, v) else {
        return false;
    };
    let key = |p: &&icn_rules::PromotionRule| format!("{p:?}");
    let mut a: Vec<_> = v.rules.promotions.iter().collect();
    let mut b: Vec<_> = back.rules.promotions.iter().collect();
    a.sort_by_key(key);
    b.sort_by_key(key);
    // `immobilityIllegal` also confines pieces that do not promote.
    let prisons = |v: &Variant| {
        let mut p: Vec<String> = v
            .rules
            .limits
            .prisons
            .iter()
            .map(|p| format!("{p:?}"))
            .collect();
        p.sort();
        p
    };
    a == b && prisons(v) == prisons(&back)
}

/// The section `text` read back, its kinds renamed to `v`'s by what they
/// do (the reader names a custom piece by its letter).
fn read_back(text: &str, v: &Variant) -> Option<Variant> {
    let file = super::read_file(text);
    let r = file.sections.first()?.result.as_ref().ok()?;
    let back = super::to_variant(r).ok()?;
    Some(crate::roundtrip::relabel(&back, v, false))
}

/// What of `d` the section `text` does not say: `None` when it reads back
/// with exactly these drop rules, else the parts that differ (Fairy-Stockfish
/// restricts only its `pawn` slot's drops, for one).
pub(super) fn drops_differ(text: &str, v: &Variant, d: &Drops) -> Option<String> {
    let back = read_back(text, v);
    // Rules that let nothing in or out of a hand (Sjaak's pieces in hand
    // with no rule using them) are what no drop options say.
    let inert = d.is_inert();
    let Some(b) = back.and_then(|v| v.rules.drops) else {
        return (!inert).then(|| "the written section does not read back with drops".into());
    };
    let parts = [
        ("where pieces may be dropped", d.zones == b.zones),
        (
            "which dropped pieces get their `+` right",
            d.rights == b.rights,
        ),
        ("files closed to drops", d.no_doubled == b.no_doubled),
        (
            "drops that may not check or mate",
            d.no_check == b.no_check && d.no_mate == b.no_mate && d.drop_mate == b.drop_mate,
        ),
        (
            "drops where a piece cannot move",
            d.no_dead_drops == b.no_dead_drops && d.dead_drops_allowed == b.dead_drops_allowed,
        ),
        ("pieces taken into hand as a move", d.pickup == b.pickup),
        ("drops that must be made", d.must_drop == b.must_drop),
        (
            "drops of a piece as it promotes",
            d.promoted_drops == b.promoted_drops,
        ),
        (
            "pieces kept on both square colours",
            d.opposite_colors == b.opposite_colors,
        ),
        ("gating", d.gating == b.gating),
        (
            "captures to hand and demotion",
            d.captures_to_hand == b.captures_to_hand
                && d.keep_promoted == b.keep_promoted
                && d.demotions == b.demotions
                && d.allowed == b.allowed,
        ),
    ];
    let differ: Vec<&str> = parts
        .iter()
        .filter(|(_, same)| !same)
        .map(|(w, _)| *w)
        .collect();
    (!differ.is_empty()).then(|| differ.join(", "))
}

/// The FEN holdings `[…]` of a position (white's pieces first, each by its
/// letter, uppercase for White).
pub(super) fn holdings_text(
    o: &mut Out,
    position: &Position,
    letters: &BTreeMap<PieceKind, char>,
) -> String {
    let mut out = String::new();
    for player in [Player::WHITE, Player::BLACK] {
        for (piece, n) in position.holdings.of(player) {
            let Some(&c) = letters.get(&piece.kind) else {
                o.bad("a piece in hand of a kind not on the board");
                continue;
            };
            let c = if player == Player::WHITE {
                c.to_ascii_uppercase()
            } else {
                c
            };
            out.extend(std::iter::repeat_n(c, n as usize));
        }
    }
    format!("[{out}]")
}
