//! A [`RuleSet`] as JSON, for `variant show --to json`, `variant convert --to
//! json` and as the expected output of rule fixtures; [`crate::json_read`]
//! reads it back.
//!
//! Integers are JSON numbers of any size (exact); players are lowercase names
//! (`"white"`), piece kinds their uppercase codes (`"AM"`), squares `"x,y"`
//! strings, zones one-key objects (`{"rows": [8]}`, `{"squares": ["4,4"]}`,
//! `{"rect": {"left": 1, "right": 8, "bottom": null, "top": null}}`,
//! `{"union": [...]}`), win rules their ICN keyword or `"checks(N)"` /
//! `"checkmated"`; `limits` (written only when set) is
//! [`crate::limits::limits_json`]'s object. Movements use the movement types' own serde form; a kind
//! that is not built-in is defined by its entry in `movements` (its code as
//! the key), and `pieceNames` (written only when some piece has a name) maps
//! codes to the names of the variant's own pieces.

use serde_json::{Map, Value, json};

use icn_model::{Coord, Int, PieceKind, Player, WorldBorder};

use crate::board::Zone;
use crate::rules::{Castling, PromotionRule, RuleSet, WinRule};

fn int(i: &Int) -> Value {
    serde_json::from_str(&i.to_string()).unwrap_or_else(|_| Value::String(i.to_string()))
}

fn opt_int(i: &Option<Int>) -> Value {
    i.as_ref().map_or(Value::Null, int)
}

fn kinds<'a>(ks: impl IntoIterator<Item = &'a PieceKind>) -> Value {
    Value::Array(ks.into_iter().map(|k| Value::from(k.code())).collect())
}

fn coord(c: &Coord) -> Value {
    Value::String(c.to_string())
}

fn border(b: &WorldBorder) -> Value {
    json!({
        "left": opt_int(&b.left),
        "right": opt_int(&b.right),
        "bottom": opt_int(&b.bottom),
        "top": opt_int(&b.top),
    })
}

/// A zone as JSON.
pub fn zone_json(z: &Zone) -> Value {
    match z {
        Zone::Rows(rs) => json!({ "rows": rs.iter().map(int).collect::<Vec<_>>() }),
        Zone::Rect(b) => json!({ "rect": border(b) }),
        Zone::Squares(s) => json!({ "squares": s.iter().map(coord).collect::<Vec<_>>() }),
        Zone::Union(zs) => json!({ "union": zs.iter().map(zone_json).collect::<Vec<_>>() }),
    }
}

/// The keyword of a win rule (an extinction rule as
/// `extinction(KINDS, AT_MOST, OPPONENT_AT_LEAST)`, KINDS codes apart or `*`;
/// `ownextinction(…)` when the player so left wins).
pub fn win_keyword(w: &WinRule) -> String {
    match w {
        WinRule::Checkmate => "checkmate".into(),
        WinRule::RoyalCapture => "royalcapture".into(),
        WinRule::AllRoyalsCaptured => "allroyalscaptured".into(),
        WinRule::AllPiecesCaptured => "allpiecescaptured".into(),
        WinRule::Checks(n) => format!("checks({n})"),
        WinRule::Koth => "koth".into(),
        WinRule::Checkmated => "checkmated".into(),
        WinRule::NoPiecesLeft => "nopieces".into(),
        WinRule::FlagAny => "flag".into(),
        WinRule::FlagAll => "flagall".into(),
        WinRule::BareKing => "bareking".into(),
        WinRule::Extinction(e) => {
            let kinds = match &e.kinds {
                None => "*".to_string(),
                Some(ks) => ks.iter().map(|k| k.code()).collect::<Vec<_>>().join(" "),
            };
            let name = if e.own { "ownextinction" } else { "extinction" };
            format!("{name}({kinds}, {}, {})", e.at_most, e.opponent_at_least)
        }
    }
}

fn player(p: Player) -> Value {
    Value::from(p.name())
}

/// One promotion rule; `byMove` (Sittuyin), `demotes` (Kyoto shogi) and
/// `onCapture` (Micro shogi) only when set.
fn promotion_json(p: &PromotionRule) -> Value {
    let mut out = json!({
        "player": player(p.player),
        "promoting": kinds(&p.promoting),
        "zone": zone_json(&p.zone),
        "choices": kinds(&p.choices),
        "mandatory": p.mandatory,
        "forced": zone_json(&p.forced),
        "fromZone": p.from_zone,
    });
    if p.by_move {
        out["byMove"] = Value::Bool(true);
    }
    if p.demotes {
        out["demotes"] = Value::Bool(true);
    }
    if p.on_capture {
        out["onCapture"] = Value::Bool(true);
    }
    out
}

/// The rule form's `castling` object of a [`Castling`] (read back by
/// [`crate::json_read::castling_from_json`]); also the value of the ICN
/// property `castling`.
pub fn castling_json(c: &Castling) -> Value {
    json!({
        "castlers": kinds(&c.castlers),
        "minDistance": c.min_distance,
        "kingSteps": c.king_steps,
        "partners": c.partners.as_ref().map_or(Value::Null, kinds),
        "explicit": c.explicit.iter().map(|m| json!({
            "player": player(m.player),
            "kingFrom": coord(&m.king_from),
            "kingTo": coord(&m.king_to),
            "partnerFrom": coord(&m.partner_from),
            "partnerTo": coord(&m.partner_to),
        })).collect::<Vec<_>>(),
    })
}

/// The rule set as JSON (see the module docs for the shape).
///
/// ```
/// let v = icn_rules::json::rules_json(&icn_rules::RuleSet::default());
/// assert_eq!(v["wins"]["white"][0], "checkmate");
/// assert_eq!(v["hill"]["squares"][0], "4,4");
/// ```
pub fn rules_json(r: &RuleSet) -> Value {
    let mut movements = Map::new();
    for (k, m) in &r.movements {
        movements.insert(
            k.code().to_string(),
            serde_json::to_value(m).unwrap_or(Value::Null),
        );
    }
    let mut wins = Map::new();
    for (p, ws) in &r.wins {
        wins.insert(
            p.name().to_string(),
            Value::Array(ws.iter().map(|w| Value::from(win_keyword(w))).collect()),
        );
    }
    let mut out = json!({
        "region": {
            "border": border(&r.region.border),
            "excluded": r.region.excluded.iter().map(coord).collect::<Vec<_>>(),
        },
        "movements": movements,
        "royals": kinds(&r.royals),
        "castling": castling_json(&r.castling),
        "enPassant": {
            "leavers": kinds(&r.en_passant.leavers),
            "takers": kinds(&r.en_passant.takers),
        },
        "promotions": r.promotions.iter().map(promotion_json).collect::<Vec<_>>(),
        "slideLimit": opt_int(&r.slide_limit),
        "turnOrder": r.turn_order.iter().map(|&p| player(p)).collect::<Vec<_>>(),
        "canPass": r.can_pass,
        "forcedCapture": r.forced_capture,
        "wins": wins,
        "hill": zone_json(&r.hill),
        "stalemate": r.stalemate.word(),
        "draws": draws_json(&r.draws),
        "losses": {
            "perpetualCheck": r.losses.perpetual_check,
        },
        "extra": Value::Object(r.extra.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
    });
    if !r.piece_names.is_empty()
        && let Value::Object(o) = &mut out
    {
        let names = r
            .piece_names
            .iter()
            .map(|(k, n)| (k.code().to_string(), Value::from(n.as_str())))
            .collect();
        o.insert("pieceNames".into(), Value::Object(names));
    }
    if let (Some(d), Value::Object(o)) = (&r.drops, &mut out) {
        o.insert("drops".into(), drops_json(d));
    }
    if !r.limits.is_empty()
        && let Value::Object(o) = &mut out
    {
        o.insert("limits".into(), crate::limits::limits_json(&r.limits));
    }
    out
}

/// The rule form's `drops` object (read back by `json_read`).
fn drops_json(d: &crate::drops::Drops) -> Value {
    let zones = |zs: &[crate::drops::DropZone]| {
        zs.iter()
            .map(|z| {
                json!({
                    "player": player(z.player),
                    "kinds": z.kinds.as_ref().map(kinds),
                    "zone": zone_json(&z.zone),
                })
            })
            .collect::<Vec<_>>()
    };
    let mut v = json!({
        "allowed": d.allowed,
        "capturesToHand": d.captures_to_hand,
        "pickup": d.pickup,
        "keepPromoted": d.keep_promoted,
        "demotions": d.demotions.iter().map(|(k, b)| (k.code().to_string(), Value::from(b.code()))).collect::<Map<_, _>>(),
        "zones": zones(&d.zones),
        "rights": zones(&d.rights),
        "gating": zones(&d.gating),
        "noDeadDrops": d.no_dead_drops,
        "deadDropsAllowed": kinds(&d.dead_drops_allowed),
        "noDoubled": d.no_doubled.iter().map(|(k, n)| (k.code().to_string(), Value::from(*n))).collect::<Map<_, _>>(),
        "noMate": kinds(&d.no_mate),
        "dropMate": match d.drop_mate {
            crate::drops::DropMate::Illegal => "illegal",
            crate::drops::DropMate::LosesForDropper => "losesForDropper",
        },
        "noCheck": kinds(&d.no_check),
    });
    if d.must_drop {
        v["mustDrop"] = Value::Bool(true);
    }
    if d.promoted_drops {
        v["promotedDrops"] = Value::Bool(true);
    }
    if !d.opposite_colors.is_empty() {
        v["oppositeColors"] = kinds(&d.opposite_colors);
    }
    v
}

/// The `draws` object (`counting`, `materialCount`, `repetitionResult` and
/// `moveRuleResetters` only when they differ from the default).
fn draws_json(d: &crate::Draws) -> Value {
    let mut v = json!({
        "moveRule": opt_int(&d.move_rule),
        "repetition": d.repetition,
        "insufficientMaterial": d.insufficient_material,
    });
    if let Some(c) = &d.counting {
        v["counting"] = c.to_json();
    }
    if let Some(m) = &d.material_count {
        v["materialCount"] = m.to_json();
    }
    if d.move_rule_resetters != crate::Draws::default().move_rule_resetters {
        v["moveRuleResetters"] = kinds(&d.move_rule_resetters);
    }
    if d.repetition_result != crate::RepetitionResult::default() {
        v["repetitionResult"] = match d.repetition_result {
            crate::RepetitionResult::ToMove(o) => json!({ "toMove": o.word() }),
            crate::RepetitionResult::ForWhite(o) => json!({ "white": o.word() }),
        };
    }
    v
}
