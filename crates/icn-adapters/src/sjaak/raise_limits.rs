//! The limits of [`icn_rules::limits`] that Sjaak says, written by
//! [`super::from_variant`]: flag zones of any piece (`WhiteFlag:` for
//! Black's, `BlackFlag:` for White's), confinement zones (`Prison:` with a
//! zone per player, `all` for a side that is not confined), the flying
//! general (`Rule: taboo`) and the chase rule (`Rule: chase rule`); the lion
//! flags go on the pieces (`lion`), and a lion rule naming a kind with no
//! piece is a problem.
//! Everything else of the limits is named in the problems: flag zones of
//! some kinds or counts, zone moves, piece limits, the bare-king reply,
//! atomic explosions.

use icn_model::Player;
use icn_rules::Variant;
use icn_rules::limits::Limits;

use super::{RuleItem, SjaakVariant};

/// Writes what Sjaak says of `v`'s limits into `s` (zones, flags, prisons,
/// rules) and names the rest in `problems`.
pub(super) fn limits(
    problems: &mut Vec<String>,
    off: (i64, i64),
    v: &Variant,
    s: &mut SjaakVariant,
) {
    let l = &v.rules.limits;
    // What Sjaak says is cleared; whatever is left is named as lost.
    let rest = Limits {
        flags: Vec::new(),
        prisons: Vec::new(),
        flying_general: false,
        chase_rule: false,
        no_passing_check: false,
        lion: icn_rules::limits::LionRules::default(),
        ..l.clone()
    };
    problems.extend(icn_rules::limits::unsayable(&rest));
    for f in &l.flags {
        if f.kinds.is_some() || f.count != 1 {
            problems.push("a flag win for some piece kinds or several pieces".into());
            continue;
        }
        let squares = super::raise_rules::board_squares(s, off, &f.zone);
        match f.player {
            Player::WHITE => s.black_flag = squares,
            Player::BLACK => s.white_flag = squares,
            p => problems.push(format!("flag squares for {p}")),
        }
    }
    for p in &l.prisons {
        let side = match p.player {
            Player::WHITE => 0,
            Player::BLACK => 1,
            other => {
                problems.push(format!("a confined piece of {other}"));
                continue;
            }
        };
        let name = format!("{}_{}_prison", p.kind.code(), p.player);
        s.zones.push((
            name.clone(),
            super::raise_rules::board_squares(s, off, &p.zone),
        ));
        match super::raise_rules::piece_mut(s, p.kind) {
            Some(piece) => {
                let mut zones = piece
                    .prison
                    .clone()
                    .unwrap_or_else(|| ("all".into(), "all".into()));
                if side == 0 {
                    zones.0 = name;
                } else {
                    zones.1 = name;
                }
                piece.prison = Some(zones);
            }
            None => problems.push(format!("a confined {} with no Sjaak piece", p.kind.code())),
        }
    }
    // The lion flags are written on the pieces; a kind with no piece is lost.
    for kind in l.lion.no_retaliate.iter().chain(&l.lion.endangered) {
        let name = if kind.is_builtin() {
            format!("{kind:?}")
        } else {
            v.rules.piece_name(*kind)
        };
        if !s.pieces.iter().any(|p| p.name == name) {
            problems.push(format!(
                "a lion-trading rule for {}, which has no Sjaak piece",
                kind.code()
            ));
        }
    }
    if l.flying_general {
        s.rules.push(RuleItem::Special("taboo".into()));
    }
    if l.chase_rule {
        s.rules.push(RuleItem::Special("chase rule".into()));
    }
    if l.no_passing_check {
        s.rules.push(RuleItem::Special("en-passant check".into()));
    }
}
