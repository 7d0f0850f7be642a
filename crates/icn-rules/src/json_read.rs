//! Reading the rule-set JSON that [`crate::json::rules_json`] writes, so the
//! toolkit's own JSON rule form is an input like any other.
//!
//! Accepted: exactly the shape of [`crate::json`] (see its docs). Every key
//! may be left out and then takes [`RuleSet::default`]'s value, so a short
//! object such as `{"slideLimit": 10}` reads. An unknown key, a value of the
//! wrong type, a piece code neither built-in nor defined in `movements`, an
//! unknown player, win rule or outcome is refused
//! with the key path (`promotions[0].zone`) and what was expected.

use std::collections::BTreeSet;

use indexmap::IndexMap;
use serde_json::{Map, Value};

use icn_model::{Coord, Int, PieceKind, Player, WorldBorder};

use crate::board::{Region, Zone};
use crate::movement::Movement;
use crate::rules::{
    CastleMove, Castling, Extinction, Outcome, PromotionRule, RepetitionResult, RuleSet, WinRule,
};

/// Why rule-set JSON does not read: where (a key path) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rules JSON at `{path}`: {message}")]
pub struct RulesJsonError {
    /// The key path, `$` for the whole object.
    pub path: String,
    /// What was wrong and what was expected.
    pub message: String,
}

type Read<T> = Result<T, RulesJsonError>;

fn err<T>(path: &str, message: impl Into<String>) -> Read<T> {
    Err(RulesJsonError {
        path: path.to_string(),
        message: message.into(),
    })
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn object<'a>(v: &'a Value, path: &str) -> Read<&'a Map<String, Value>> {
    v.as_object().map_or_else(
        || err(path, format!("expected an object, found {}", kind_of(v))),
        Ok,
    )
}

fn array<'a>(v: &'a Value, path: &str) -> Read<&'a Vec<Value>> {
    v.as_array().map_or_else(
        || err(path, format!("expected an array, found {}", kind_of(v))),
        Ok,
    )
}

fn string<'a>(v: &'a Value, path: &str) -> Read<&'a str> {
    v.as_str().map_or_else(
        || err(path, format!("expected a string, found {}", kind_of(v))),
        Ok,
    )
}

fn boolean(v: &Value, path: &str) -> Read<bool> {
    v.as_bool().map_or_else(
        || {
            err(
                path,
                format!("expected true or false, found {}", kind_of(v)),
            )
        },
        Ok,
    )
}

fn int(v: &Value, path: &str) -> Read<Int> {
    match v {
        Value::Number(n) => Int::parse(&n.to_string())
            .or_else(|_| err(path, format!("expected an integer, found {n}"))),
        other => err(
            path,
            format!("expected an integer, found {}", kind_of(other)),
        ),
    }
}

fn opt_int(v: &Value, path: &str) -> Read<Option<Int>> {
    if v.is_null() {
        Ok(None)
    } else {
        int(v, path).map(Some)
    }
}

fn small(v: &Value, path: &str) -> Read<u32> {
    v.as_u64().and_then(|n| u32::try_from(n).ok()).map_or_else(
        || err(path, "expected a whole number from 0 to 4294967295"),
        Ok,
    )
}

fn opt_small(v: &Value, path: &str) -> Read<Option<u32>> {
    if v.is_null() {
        Ok(None)
    } else {
        small(v, path).map(Some)
    }
}

fn kind(v: &Value, path: &str) -> Read<PieceKind> {
    let code = string(v, path)?;
    PieceKind::custom(code).or_else(|e| err(path, e.to_string()))
}

/// The lists of kinds, by key path, whose kinds must be built-in or defined
/// in `movements`.
fn check_defined(o: &Map<String, Value>, r: &RuleSet) -> Read<()> {
    let mut lists: Vec<(String, Option<&Value>)> = vec![("royals".into(), o.get("royals"))];
    if let Some(c) = o.get("castling") {
        lists.push(("castling.castlers".into(), c.get("castlers")));
        lists.push(("castling.partners".into(), c.get("partners")));
    }
    if let Some(e) = o.get("enPassant") {
        lists.push(("enPassant.leavers".into(), e.get("leavers")));
        lists.push(("enPassant.takers".into(), e.get("takers")));
    }
    if let Some(d) = o.get("draws") {
        lists.push(("draws.moveRuleResetters".into(), d.get("moveRuleResetters")));
    }
    if let Some(Value::Array(ps)) = o.get("promotions") {
        for (i, p) in ps.iter().enumerate() {
            lists.push((format!("promotions[{i}].promoting"), p.get("promoting")));
            lists.push((format!("promotions[{i}].choices"), p.get("choices")));
        }
    }
    if let Some(Value::Object(names)) = o.get("pieceNames") {
        for code in names.keys() {
            let path = format!("pieceNames.{code}");
            let k = kind(&Value::String(code.clone()), &path)?;
            if !r.defines(k) {
                return err(&path, format!("`{code}` is not defined in `movements`"));
            }
        }
    }
    for (path, list) in lists {
        let Some(Value::Array(items)) = list else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let path = format!("{path}[{i}]");
            let k = kind(item, &path)?;
            if !r.defines(k) {
                return err(
                    &path,
                    format!(
                        "`{}` is not a built-in piece nor defined in `movements`",
                        k.code()
                    ),
                );
            }
        }
    }
    Ok(())
}

fn kinds(v: &Value, path: &str) -> Read<BTreeSet<PieceKind>> {
    kind_list(v, path).map(|ks| ks.into_iter().collect())
}

fn kind_list(v: &Value, path: &str) -> Read<Vec<PieceKind>> {
    array(v, path)?
        .iter()
        .enumerate()
        .map(|(i, k)| kind(k, &format!("{path}[{i}]")))
        .collect()
}

fn player(v: &Value, path: &str) -> Read<Player> {
    let name = string(v, path)?;
    Player::from_name(name).map_or_else(
        || {
            err(
                path,
                format!("`{name}` is not a player (`white`, `black`, …)"),
            )
        },
        Ok,
    )
}

fn coord(v: &Value, path: &str) -> Read<Coord> {
    let text = string(v, path)?;
    Coord::parse(text).or_else(|_| err(path, format!("expected a square `x,y`, found `{text}`")))
}

fn border(v: &Value, path: &str) -> Read<WorldBorder> {
    let o = object(v, path)?;
    only_keys(o, path, &["left", "right", "bottom", "top"])?;
    let side = |k: &str| {
        o.get(k)
            .map_or(Ok(None), |v| opt_int(v, &format!("{path}.{k}")))
    };
    Ok(WorldBorder {
        left: side("left")?,
        right: side("right")?,
        bottom: side("bottom")?,
        top: side("top")?,
    })
}

fn only_keys(o: &Map<String, Value>, path: &str, known: &[&str]) -> Read<()> {
    match o.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => err(
            path,
            format!("unknown key `{k}`; expected one of {}", known.join(", ")),
        ),
        None => Ok(()),
    }
}

/// A zone written by [`crate::json::zone_json`].
///
/// # Errors
/// A zone that is not one of the four one-key shapes.
pub fn zone_from_json(v: &Value, path: &str) -> Result<Zone, RulesJsonError> {
    let o = object(v, path)?;
    let mut entries = o.iter();
    let (Some((key, inner)), None) = (entries.next(), entries.next()) else {
        return err(path, "expected one key: rows, rect, squares or union");
    };
    let inner_path = format!("{path}.{key}");
    let items = array(inner, &inner_path).map(|a| a.iter().enumerate());
    Ok(match key.as_str() {
        "rows" => Zone::Rows(
            items?
                .map(|(i, r)| int(r, &format!("{inner_path}[{i}]")))
                .collect::<Read<_>>()?,
        ),
        "rect" => Zone::Rect(border(inner, &inner_path)?),
        "squares" => Zone::Squares(
            items?
                .map(|(i, s)| coord(s, &format!("{inner_path}[{i}]")))
                .collect::<Read<_>>()?,
        ),
        "union" => Zone::Union(
            items?
                .map(|(i, z)| zone_from_json(z, &format!("{inner_path}[{i}]")))
                .collect::<Read<_>>()?,
        ),
        other => {
            return err(
                path,
                format!("unknown zone `{other}`; expected rows, rect, squares or union"),
            );
        }
    })
}

fn win(v: &Value, path: &str) -> Read<WinRule> {
    let word = string(v, path)?;
    if let Some((own, inner)) = word
        .strip_prefix("ownextinction(")
        .map(|r| (true, r))
        .or_else(|| word.strip_prefix("extinction(").map(|r| (false, r)))
    {
        return extinction(inner, own, path).map(WinRule::Extinction);
    }
    let checks = word
        .strip_prefix("checks(")
        .and_then(|r| r.strip_suffix(')'))
        .and_then(|n| n.parse::<u32>().ok());
    Ok(match (word, checks) {
        (_, Some(n)) => WinRule::Checks(n),
        ("checkmate", _) => WinRule::Checkmate,
        ("royalcapture", _) => WinRule::RoyalCapture,
        ("allroyalscaptured", _) => WinRule::AllRoyalsCaptured,
        ("allpiecescaptured", _) => WinRule::AllPiecesCaptured,
        ("threecheck", _) => WinRule::Checks(3),
        ("koth", _) => WinRule::Koth,
        ("checkmated", _) => WinRule::Checkmated,
        ("nopieces", _) => WinRule::NoPiecesLeft,
        ("flag", _) => WinRule::FlagAny,
        ("flagall", _) => WinRule::FlagAll,
        ("bareking", _) => WinRule::BareKing,
        _ => {
            return err(
                path,
                format!(
                    "`{word}` is not a win rule (checkmate, royalcapture, allroyalscaptured, \
                     allpiecescaptured, koth, checkmated, nopieces, flag, flagall, bareking, checks(N) or extinction(KINDS, AT_MOST, OPPONENT_AT_LEAST))"
                ),
            );
        }
    })
}

/// The inside of `extinction(KINDS, AT_MOST, OPPONENT_AT_LEAST)`, `)` included.
fn extinction(inner: &str, own: bool, path: &str) -> Read<Extinction> {
    let expected = "expected `extinction(KINDS, AT_MOST, OPPONENT_AT_LEAST)` with KINDS piece codes apart or `*`";
    let Some(inner) = inner.strip_suffix(')') else {
        return err(path, expected);
    };
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let [kinds, at_most, opponent] = parts[..] else {
        return err(path, expected);
    };
    let number = |t: &str| {
        t.parse::<u32>()
            .or_else(|_| err(path, format!("`{t}`: {expected}")))
    };
    let kinds = match kinds {
        "*" => None,
        codes => Some(
            codes
                .split_whitespace()
                .map(|c| PieceKind::custom(c).or_else(|e| err(path, e.to_string())))
                .collect::<Read<BTreeSet<_>>>()?,
        ),
    };
    if kinds.as_ref().is_some_and(BTreeSet::is_empty) {
        return err(path, expected);
    }
    Ok(Extinction {
        kinds,
        at_most: number(at_most)?,
        opponent_at_least: number(opponent)?,
        own,
    })
}

fn outcome(v: &Value, path: &str) -> Read<Outcome> {
    match string(v, path)? {
        "draw" => Ok(Outcome::Draw),
        "win" => Ok(Outcome::Win),
        "loss" => Ok(Outcome::Loss),
        other => err(path, format!("`{other}` is not draw, win or loss")),
    }
}

/// `{"toMove": outcome}` or `{"white": outcome}`.
fn repetition_result(v: &Value, path: &str) -> Read<RepetitionResult> {
    let o = object(v, path)?;
    only_keys(o, path, &["toMove", "white"])?;
    match (o.get("toMove"), o.get("white")) {
        (Some(v), None) => Ok(RepetitionResult::ToMove(outcome(
            v,
            &format!("{path}.toMove"),
        )?)),
        (None, Some(v)) => Ok(RepetitionResult::ForWhite(outcome(
            v,
            &format!("{path}.white"),
        )?)),
        _ => err(path, "needs exactly one of `toMove` and `white`"),
    }
}

fn promotion(v: &Value, path: &str) -> Read<PromotionRule> {
    let o = object(v, path)?;
    only_keys(
        o,
        path,
        &[
            "player",
            "promoting",
            "zone",
            "choices",
            "mandatory",
            "forced",
            "fromZone",
            "byMove",
            "demotes",
            "onCapture",
        ],
    )?;
    let need = |k: &str| {
        o.get(k)
            .map_or_else(|| err(path, format!("missing key `{k}`")), Ok)
    };
    Ok(PromotionRule {
        from_zone: o
            .get("fromZone")
            .map_or(Ok(false), |m| boolean(m, &format!("{path}.fromZone")))?,
        player: player(need("player")?, &format!("{path}.player"))?,
        promoting: kinds(need("promoting")?, &format!("{path}.promoting"))?,
        zone: zone_from_json(need("zone")?, &format!("{path}.zone"))?,
        choices: kind_list(need("choices")?, &format!("{path}.choices"))?,
        mandatory: o
            .get("mandatory")
            .map_or(Ok(true), |m| boolean(m, &format!("{path}.mandatory")))?,
        forced: match o.get("forced") {
            Some(z) => zone_from_json(z, &format!("{path}.forced"))?,
            None => Zone::empty(),
        },
        by_move: o
            .get("byMove")
            .map_or(Ok(false), |m| boolean(m, &format!("{path}.byMove")))?,
        demotes: o
            .get("demotes")
            .map_or(Ok(false), |m| boolean(m, &format!("{path}.demotes")))?,
        on_capture: o
            .get("onCapture")
            .map_or(Ok(false), |m| boolean(m, &format!("{path}.onCapture")))?,
    })
}

fn castle_move(v: &Value, path: &str) -> Read<CastleMove> {
    let o = object(v, path)?;
    only_keys(
        o,
        path,
        &["player", "kingFrom", "kingTo", "partnerFrom", "partnerTo"],
    )?;
    let field = |k: &str| match o.get(k) {
        Some(v) => coord(v, &format!("{path}.{k}")),
        None => err(path, format!("missing key `{k}`")),
    };
    Ok(CastleMove {
        player: match o.get("player") {
            Some(p) => player(p, &format!("{path}.player"))?,
            None => return err(path, "missing key `player`"),
        },
        king_from: field("kingFrom")?,
        king_to: field("kingTo")?,
        partner_from: field("partnerFrom")?,
        partner_to: field("partnerTo")?,
    })
}

/// A [`Castling`] from the rule form's `castling` object (see
/// [`crate::json`]): the keys given replace those of `base`, the others stay.
/// The ICN property `castling` reads through this too
/// ([`crate::lower::rules_from_game`]).
///
/// # Errors
/// [`RulesJsonError`] with the key path (under `path`) of the first value
/// that does not read.
///
/// ```
/// use icn_rules::{Castling, json_read::castling_from_json};
/// let v = serde_json::json!({"castlers": []});
/// let c = castling_from_json(&v, "castling", Castling::site()).unwrap();
/// assert!(c.castlers.is_empty() && c.explicit.is_empty());
/// ```
pub fn castling_from_json(c: &Value, path: &str, base: Castling) -> Read<Castling> {
    let mut out = base;
    let co = object(c, path)?;
    only_keys(
        co,
        path,
        &[
            "castlers",
            "minDistance",
            "kingSteps",
            "partners",
            "explicit",
        ],
    )?;
    if let Some(v) = co.get("castlers") {
        out.castlers = kinds(v, &format!("{path}.castlers"))?;
    }
    if let Some(v) = co.get("minDistance") {
        out.min_distance = small(v, &format!("{path}.minDistance"))?;
    }
    if let Some(v) = co.get("kingSteps") {
        out.king_steps = small(v, &format!("{path}.kingSteps"))?;
    }
    if let Some(v) = co.get("partners") {
        out.partners = if v.is_null() {
            None
        } else {
            Some(kinds(v, &format!("{path}.partners"))?)
        };
    }
    if let Some(v) = co.get("explicit") {
        out.explicit = array(v, &format!("{path}.explicit"))?
            .iter()
            .enumerate()
            .map(|(i, m)| castle_move(m, &format!("{path}.explicit[{i}]")))
            .collect::<Read<_>>()?;
    }
    Ok(out)
}

const TOP_KEYS: [&str; 21] = [
    "region",
    "movements",
    "pieceNames",
    "royals",
    "castling",
    "enPassant",
    "promotions",
    "slideLimit",
    "turnOrder",
    "canPass",
    "forcedCapture",
    "wins",
    "hill",
    "stalemate",
    "draws",
    "losses",
    "extra",
    "drops",
    "limits",
    // Written by `variant convert --to json` around the rules; ignored here.
    "name",
    "position",
];

/// A rule set from its JSON (see the module docs).
///
/// # Errors
/// [`RulesJsonError`] with the key path of the first value that does not read.
///
/// ```
/// use icn_rules::{RuleSet, json::rules_json, json_read::rules_from_json};
/// let rules = RuleSet { slide_limit: Some(10.into()), ..RuleSet::default() };
/// assert_eq!(rules_from_json(&rules_json(&rules)).unwrap(), rules);
/// let short = serde_json::json!({"slideLimit": 10});
/// assert_eq!(rules_from_json(&short).unwrap(), rules);
/// let bad = serde_json::json!({"royals": ["K", "XX"]});
/// assert_eq!(rules_from_json(&bad).unwrap_err().path, "royals[1]");
/// ```
pub fn rules_from_json(v: &Value) -> Result<RuleSet, RulesJsonError> {
    let o = object(v, "$")?;
    only_keys(o, "$", &TOP_KEYS)?;
    let mut r = RuleSet::default();
    if let Some(region) = o.get("region") {
        let ro = object(region, "region")?;
        only_keys(ro, "region", &["border", "excluded"])?;
        r.region = Region {
            border: match ro.get("border") {
                Some(b) => border(b, "region.border")?,
                None => WorldBorder::default(),
            },
            excluded: match ro.get("excluded") {
                Some(e) => array(e, "region.excluded")?
                    .iter()
                    .enumerate()
                    .map(|(i, c)| coord(c, &format!("region.excluded[{i}]")))
                    .collect::<Read<_>>()?,
                None => BTreeSet::new(),
            },
        };
    }
    if let Some(ms) = o.get("movements") {
        let mut movements = IndexMap::new();
        for (code, m) in object(ms, "movements")? {
            let path = format!("movements.{code}");
            let k = kind(&Value::String(code.clone()), &path)?;
            let movement: Movement = serde_json::from_value(m.clone())
                .or_else(|e| err(&path, format!("not a movement: {e}")))?;
            movements.insert(k, movement);
        }
        r.movements = movements;
    }
    if let Some(ns) = o.get("pieceNames") {
        for (code, name) in object(ns, "pieceNames")? {
            let path = format!("pieceNames.{code}");
            let k = kind(&Value::String(code.clone()), &path)?;
            r.piece_names.insert(k, string(name, &path)?.to_string());
        }
    }
    if let Some(v) = o.get("royals") {
        r.royals = kinds(v, "royals")?;
    }
    if let Some(c) = o.get("castling") {
        r.castling = castling_from_json(c, "castling", r.castling)?;
    }
    if let Some(e) = o.get("enPassant") {
        let eo = object(e, "enPassant")?;
        only_keys(eo, "enPassant", &["leavers", "takers"])?;
        if let Some(v) = eo.get("leavers") {
            r.en_passant.leavers = kinds(v, "enPassant.leavers")?;
        }
        if let Some(v) = eo.get("takers") {
            r.en_passant.takers = kinds(v, "enPassant.takers")?;
        }
    }
    if let Some(ps) = o.get("promotions") {
        r.promotions = array(ps, "promotions")?
            .iter()
            .enumerate()
            .map(|(i, p)| promotion(p, &format!("promotions[{i}]")))
            .collect::<Read<_>>()?;
    }
    if let Some(v) = o.get("slideLimit") {
        r.slide_limit = opt_int(v, "slideLimit")?;
    }
    if let Some(v) = o.get("turnOrder") {
        r.turn_order = array(v, "turnOrder")?
            .iter()
            .enumerate()
            .map(|(i, p)| player(p, &format!("turnOrder[{i}]")))
            .collect::<Read<_>>()?;
    }
    if let Some(v) = o.get("canPass") {
        r.can_pass = boolean(v, "canPass")?;
    }
    if let Some(v) = o.get("forcedCapture") {
        r.forced_capture = boolean(v, "forcedCapture")?;
    }
    if let Some(ws) = o.get("wins") {
        let mut wins = Vec::new();
        for (name, list) in object(ws, "wins")? {
            let path = format!("wins.{name}");
            let p = player(&Value::String(name.clone()), &path)?;
            let rules = array(list, &path)?
                .iter()
                .enumerate()
                .map(|(i, w)| win(w, &format!("{path}[{i}]")))
                .collect::<Read<_>>()?;
            wins.push((p, rules));
        }
        r.wins = wins;
    }
    if let Some(v) = o.get("hill") {
        r.hill = zone_from_json(v, "hill")?;
    }
    if let Some(v) = o.get("stalemate") {
        r.stalemate = outcome(v, "stalemate")?;
    }
    if let Some(d) = o.get("draws") {
        let dobj = object(d, "draws")?;
        only_keys(
            dobj,
            "draws",
            &[
                "moveRule",
                "moveRuleResetters",
                "repetition",
                "repetitionResult",
                "insufficientMaterial",
                "counting",
                "materialCount",
            ],
        )?;
        if let Some(v) = dobj.get("materialCount") {
            r.draws.material_count = Some(crate::material::MaterialCount::from_json(
                v,
                "draws.materialCount",
            )?);
        }
        if let Some(v) = dobj.get("counting") {
            r.draws.counting = Some(crate::counting::Counting::from_json(v, "draws.counting")?);
        }
        if let Some(v) = dobj.get("moveRule") {
            r.draws.move_rule = opt_int(v, "draws.moveRule")?;
        }
        if let Some(v) = dobj.get("moveRuleResetters") {
            r.draws.move_rule_resetters = kinds(v, "draws.moveRuleResetters")?;
        }
        if let Some(v) = dobj.get("repetition") {
            r.draws.repetition = opt_small(v, "draws.repetition")?;
        }
        if let Some(v) = dobj.get("repetitionResult") {
            r.draws.repetition_result = repetition_result(v, "draws.repetitionResult")?;
        }
        if let Some(v) = dobj.get("insufficientMaterial") {
            r.draws.insufficient_material = boolean(v, "draws.insufficientMaterial")?;
        }
    }
    if let Some(l) = o.get("losses") {
        let lo = object(l, "losses")?;
        only_keys(lo, "losses", &["perpetualCheck", "repetition"])?;
        if let Some(v) = lo.get("perpetualCheck") {
            r.losses.perpetual_check = opt_small(v, "losses.perpetualCheck")?;
        }
        // Written before `draws.repetitionResult` existed: the player who
        // repeats loses.
        if let Some(n) = lo
            .get("repetition")
            .map(|v| opt_small(v, "losses.repetition"))
            .transpose()?
            .flatten()
        {
            r.draws.repetition = Some(n);
            r.draws.repetition_result = RepetitionResult::ToMove(Outcome::Win);
        }
    }
    if let Some(x) = o.get("extra") {
        r.extra = object(x, "extra")?
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
    }
    if let Some(d) = o.get("drops") {
        r.drops = Some(drops(d, "drops")?);
    }
    if let Some(x) = o.get("limits") {
        r.limits = crate::limits::limits_from_json(x, "limits")?;
    }
    check_defined(o, &r)?;
    Ok(r)
}

fn drop_zones(v: &Value, path: &str) -> Read<Vec<crate::drops::DropZone>> {
    let mut out = Vec::new();
    for (i, z) in array(v, path)?.iter().enumerate() {
        let path = format!("{path}[{i}]");
        let zo = object(z, &path)?;
        only_keys(zo, &path, &["player", "kinds", "zone"])?;
        let need = |key: &str| {
            zo.get(key).ok_or_else(|| RulesJsonError {
                path: format!("{path}.{key}"),
                message: "missing".into(),
            })
        };
        out.push(crate::drops::DropZone {
            player: player(need("player")?, &format!("{path}.player"))?,
            kinds: match zo.get("kinds") {
                None | Some(Value::Null) => None,
                Some(k) => Some(kinds(k, &format!("{path}.kinds"))?),
            },
            zone: zone_from_json(need("zone")?, &format!("{path}.zone"))?,
        });
    }
    Ok(out)
}

fn kind_map<T>(
    v: &Value,
    path: &str,
    each: impl Fn(&Value, &str) -> Read<T>,
) -> Read<IndexMap<PieceKind, T>> {
    object(v, path)?
        .iter()
        .map(|(k, x)| {
            let at = format!("{path}.{k}");
            Ok((kind(&Value::String(k.clone()), &at)?, each(x, &at)?))
        })
        .collect()
}

fn drops(v: &Value, path: &str) -> Read<crate::drops::Drops> {
    use crate::drops::{DropMate, Drops};
    let o = object(v, path)?;
    only_keys(
        o,
        path,
        &[
            "allowed",
            "capturesToHand",
            "pickup",
            "keepPromoted",
            "demotions",
            "zones",
            "rights",
            "gating",
            "noDeadDrops",
            "deadDropsAllowed",
            "noDoubled",
            "noMate",
            "dropMate",
            "noCheck",
            "mustDrop",
            "oppositeColors",
            "promotedDrops",
        ],
    )?;
    let mut d = Drops::default();
    let at = |key: &str| format!("{path}.{key}");
    if let Some(x) = o.get("allowed") {
        d.allowed = boolean(x, &at("allowed"))?;
    }
    if let Some(x) = o.get("capturesToHand") {
        d.captures_to_hand = boolean(x, &at("capturesToHand"))?;
    }
    if let Some(x) = o.get("pickup") {
        d.pickup = boolean(x, &at("pickup"))?;
    }
    if let Some(x) = o.get("keepPromoted") {
        d.keep_promoted = boolean(x, &at("keepPromoted"))?;
    }
    if let Some(x) = o.get("demotions") {
        d.demotions = kind_map(x, &at("demotions"), kind)?;
    }
    if let Some(x) = o.get("zones") {
        d.zones = drop_zones(x, &at("zones"))?;
    }
    if let Some(x) = o.get("rights") {
        d.rights = drop_zones(x, &at("rights"))?;
    }
    if let Some(x) = o.get("gating") {
        d.gating = drop_zones(x, &at("gating"))?;
    }
    if let Some(x) = o.get("noDeadDrops") {
        d.no_dead_drops = boolean(x, &at("noDeadDrops"))?;
    }
    if let Some(x) = o.get("deadDropsAllowed") {
        d.dead_drops_allowed = kinds(x, &at("deadDropsAllowed"))?;
    }
    if let Some(x) = o.get("noDoubled") {
        d.no_doubled = kind_map(x, &at("noDoubled"), small)?;
    }
    if let Some(x) = o.get("noMate") {
        d.no_mate = kinds(x, &at("noMate"))?;
    }
    if let Some(x) = o.get("mustDrop") {
        d.must_drop = boolean(x, &at("mustDrop"))?;
    }
    if let Some(x) = o.get("promotedDrops") {
        d.promoted_drops = boolean(x, &at("promotedDrops"))?;
    }
    if let Some(x) = o.get("oppositeColors") {
        d.opposite_colors = kinds(x, &at("oppositeColors"))?;
    }
    if let Some(x) = o.get("dropMate") {
        d.drop_mate = match string(x, &at("dropMate"))? {
            "illegal" => DropMate::Illegal,
            "losesForDropper" => DropMate::LosesForDropper,
            other => {
                return err(
                    &at("dropMate"),
                    format!("expected `illegal` or `losesForDropper`, found `{other}`"),
                );
            }
        };
    }
    if let Some(x) = o.get("noCheck") {
        d.no_check = kinds(x, &at("noCheck"))?;
    }
    Ok(d)
}
