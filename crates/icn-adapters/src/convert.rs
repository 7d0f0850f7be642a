//! Converting variant definitions between Sjaak, ICN, FBR and JSON:
//! [`convert_variant`], the library half of `icn variant convert`.
//!
//! * From `sjaak`: a `variants.txt` text; `--name` picks a variant (exact
//!   name ignoring case, else a unique prefix); a file of one variant needs
//!   no name. Sjaak → Sjaak copies the definition exactly (read and written
//!   again); other targets go through the rule objects ([`crate::sjaak::to_variant`]):
//!   the bounded board becomes a world border and the `FEN:` the position.
//! * From `fsf`: a Fairy-Stockfish `variants.ini`; `--name` picks a section
//!   (exact name), a file of one section needs none; through
//!   [`crate::fsf::to_variant`], refusing options the rule objects cannot hold.
//! * From `icn`: an ICN position or game; its rules and start position.
//! * From `fbr`: FBR rule text; there is no position.
//! * From `json`: what `--to json` writes, or a bare rule-set object
//!   ([`icn_rules::json_read`]); [`detect_variant_format`] tells the formats
//!   apart when none is given.
//! * To `icn`: the start position with its rules, site dialect (spec dialect
//!   when only it can say the rules); excluded squares become voids, which
//!   behave the same (they block lines, cannot be entered or captured, and
//!   leapers jump them). From `icn`, voids inside a Sjaak board become
//!   `Exclude:` squares again.
//! * To `fbr`: the rules as FBR, refusing what FBR cannot say.
//! * To `json`: `{"name", "rules", "position"}` with the rules as icn-rules
//!   JSON and the position as a compact ICN piece list (or `null`).
//! * To `sjaak`: a finite board of at most 16×16 and 128 squares
//!   ([`crate::sjaak::from_variant`]).
//! * To `fsf`: a `variants.ini` section ([`crate::fsf::write_section`]).
//!
//! Everything that cannot be converted is refused with the reason.

use std::fmt;
use std::str::FromStr;

use icn_model::{Dialect, Game, IcnForm, IcnStyle, Position};
use icn_rules::json_read::rules_from_json;
use icn_rules::{RuleSet, Variant, fbr, json::rules_json, lower};

use crate::sjaak;

/// A format of variant definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantFormat {
    /// Sjaak `variants.txt`.
    Sjaak,
    /// An ICN position or game.
    Icn,
    /// FBR rule text.
    Fbr,
    /// JSON rule objects and position, as written by [`convert_variant`].
    Json,
    /// Fairy-Stockfish `variants.ini`.
    Fsf,
}

impl FromStr for VariantFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "sjaak" => Ok(VariantFormat::Sjaak),
            "icn" => Ok(VariantFormat::Icn),
            "fbr" => Ok(VariantFormat::Fbr),
            "json" => Ok(VariantFormat::Json),
            "fsf" => Ok(VariantFormat::Fsf),
            _ => Err(format!(
                "expected sjaak, fsf, icn, fbr or json, found `{s}`"
            )),
        }
    }
}

/// Why a conversion failed: one message per problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertError {
    /// The problems, each a full sentence fragment.
    pub messages: Vec<String>,
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages.join("\n"))
    }
}

impl std::error::Error for ConvertError {}

pub(crate) fn fail<T>(
    messages: impl IntoIterator<Item = impl ToString>,
) -> Result<T, ConvertError> {
    Err(ConvertError {
        messages: messages.into_iter().map(|m| m.to_string()).collect(),
    })
}

/// A Sjaak variant with the warnings of its reading (`LINE:COL: message`).
fn pick_sjaak(
    text: &str,
    name: Option<&str>,
) -> Result<(sjaak::SjaakVariant, Vec<String>), ConvertError> {
    let file = sjaak::read_file(text);
    if !file.stray.is_empty() {
        return fail(&file.stray);
    }
    let chosen = match name {
        Some(n) => {
            let lower = n.to_lowercase();
            let exact: Vec<_> = file
                .variants
                .iter()
                .filter(|v| v.name.to_lowercase() == lower)
                .collect();
            let hits = if exact.is_empty() {
                file.variants
                    .iter()
                    .filter(|v| v.name.to_lowercase().starts_with(&lower))
                    .collect()
            } else {
                exact
            };
            match hits.as_slice() {
                [one] => *one,
                [] => return fail([format!("no variant named `{n}` in the file")]),
                many => {
                    let names: Vec<&str> = many.iter().map(|v| v.name.as_str()).collect();
                    return fail([format!(
                        "`{n}` names {} variants: {}",
                        many.len(),
                        names.join(", ")
                    )]);
                }
            }
        }
        None => match file.variants.as_slice() {
            [one] => one,
            [] => return fail(["the file defines no variant"]),
            many => {
                return fail([format!(
                    "the file defines {} variants; pick one with --name (first: {})",
                    many.len(),
                    many[0].name
                )]);
            }
        },
    };
    let warnings = chosen.warnings.iter().map(ToString::to_string).collect();
    match &chosen.result {
        Ok(v) => Ok((v.clone(), warnings)),
        Err(e) => fail(e),
    }
}

pub(crate) fn read(
    text: &str,
    from: VariantFormat,
    name: Option<&str>,
) -> Result<ReadVariant, ConvertError> {
    if icn_syntax::strip_bom(text).trim().is_empty() {
        return fail(["the input is empty: it holds no variant definition"]);
    }
    let named = |rules: RuleSet, position: Position, default: &str| {
        Variant::named(name.unwrap_or(default), rules, position)
    };
    let variant = match from {
        VariantFormat::Sjaak => {
            let (v, warnings) = pick_sjaak(text, name)?;
            let variant = sjaak::to_variant(&v).or_else(fail)?;
            return Ok(ReadVariant { variant, warnings });
        }
        VariantFormat::Icn => {
            // ICN text or the JSON long form of a game; ICN errors rendered
            // with their places.
            let game = match crate::document::detect(text) {
                crate::document::Format::Icn => crate::sanlike_game::read_game(text, Dialect::Auto)
                    .map_err(|e| ConvertError {
                        messages: vec![e.render("input", text)],
                    })?,
                crate::document::Format::Json => {
                    crate::sanlike_game::read_json(text).map_err(|e| ConvertError {
                        messages: vec![format!("invalid JSON long form: {e}")],
                    })?
                }
            };
            let rules = lower::rules_from_game(&game).or_else(fail)?;
            let title = game.metadata.get("Variant").cloned();
            Ok(named(
                rules,
                game.position,
                title.as_deref().unwrap_or("ICN variant"),
            ))
        }
        VariantFormat::Fbr => {
            let rules = fbr::parse(text).map_err(|e| ConvertError {
                messages: vec![e.render("input", text)],
            })?;
            Ok(named(rules, Position::default(), "FBR rules"))
        }
        VariantFormat::Json => read_json_variant(text, name),
        VariantFormat::Fsf => return pick_fsf(text, name),
    }?;
    Ok(ReadVariant {
        variant,
        warnings: Vec::new(),
    })
}

/// A section of a `variants.ini` as rule objects, with its warnings.
fn pick_fsf(text: &str, name: Option<&str>) -> Result<ReadVariant, ConvertError> {
    let file = crate::fsf::read_file(text);
    if !file.stray.is_empty() {
        return fail(&file.stray);
    }
    let chosen = match (name, file.sections.as_slice()) {
        (Some(n), all) => all
            .iter()
            .find(|s| s.name == n)
            .ok_or_else(|| ConvertError {
                messages: vec![format!("no section `[{n}]` in the file")],
            })?,
        (None, [one]) => one,
        (None, []) => return fail(["the file defines no variant"]),
        (None, many) => {
            return fail([format!(
                "the file defines {} variants; pick one with --name (first: {})",
                many.len(),
                many[0].name
            )]);
        }
    };
    let resolved = chosen.result.as_ref().or_else(fail)?;
    let variant = crate::fsf::to_variant(resolved).or_else(fail)?;
    Ok(ReadVariant {
        variant,
        warnings: chosen.warnings.iter().map(ToString::to_string).collect(),
    })
}

/// A variant from the JSON that [`convert_variant`] writes (`{"name", "rules",
/// "position"}`), from `variant show --to json` (`{"name", "rules", "game"}`,
/// the start as a JSON long-form game), or from a bare rule-set object (see
/// [`icn_rules::json_read`]).
fn read_json_variant(text: &str, name: Option<&str>) -> Result<Variant, ConvertError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: serde_json::Value =
        serde_json::from_str(text).or_else(|e| fail([format!("invalid JSON: {e}")]))?;
    if value.is_array() {
        return fail([
            "the JSON holds several variants (an array); convert them all without --name",
        ]);
    }
    json_value_variant(&value, name)
}

/// A variant from one JSON value (see [`read_json_variant`]).
pub(crate) fn json_value_variant(
    value: &serde_json::Value,
    name: Option<&str>,
) -> Result<Variant, ConvertError> {
    let wrapped = value.get("rules").is_some();
    let rules_value = if wrapped { &value["rules"] } else { value };
    let rules = rules_from_json(rules_value).or_else(|e| fail([e]))?;
    let position = match value.get("position").filter(|_| wrapped) {
        // `variant show --to json` carries the start as a JSON long-form game.
        None if wrapped && value.get("game").is_some() => {
            icn_model::json::from_json_str(&value["game"].to_string())
                .or_else(|e| fail([format!("game: {e}")]))?
                .position
        }
        None | Some(serde_json::Value::Null) => Position::default(),
        Some(serde_json::Value::String(pieces)) => {
            Game::parse(pieces, Dialect::Auto)
                .map_err(|e| ConvertError {
                    messages: vec![format!("position: {}", e.render("position", pieces))],
                })?
                .position
        }
        Some(other) => {
            return fail([format!(
                "position: expected an ICN piece list or null, found {other}"
            )]);
        }
    };
    let mut position = position;
    if wrapped {
        off_board_json(value, &mut position)?;
    }
    let title = value
        .get("name")
        .and_then(serde_json::Value::as_str)
        .or(name)
        .unwrap_or("JSON variant")
        .to_string();
    Ok(Variant::named(title, rules, position))
}

/// The format of a variant definition, from its content: JSON when it starts
/// with `{` and is not the JSON long form of a game (which reads as ICN), or
/// is a JSON array (several variants);
/// Fairy-Stockfish when it has `[section]` headers with `key = value` lines;
/// Sjaak when a line starts with `Variant:`; ICN when it reads as ICN, or
/// every line does (several variants); FBR otherwise.
///
/// ```
/// use icn_adapters::convert::{detect_variant_format, VariantFormat};
/// assert_eq!(detect_variant_format("Variant: Chess\nBoard: 8x8\n"), VariantFormat::Sjaak);
/// assert_eq!(detect_variant_format("{\"slideLimit\": 10}"), VariantFormat::Json);
/// assert_eq!(detect_variant_format("{\"startingPosition\": {}}"), VariantFormat::Icn);
/// assert_eq!(detect_variant_format("w K1,1|k3,3"), VariantFormat::Icn);
/// assert_eq!(detect_variant_format("royal{K}"), VariantFormat::Fbr);
/// assert_eq!(detect_variant_format("[mini:chess]\nmaxRank = 6\n"), VariantFormat::Fsf);
/// ```
pub fn detect_variant_format(text: &str) -> VariantFormat {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    if crate::document::detect(body) == crate::document::Format::Json {
        let game_keys = ["startingPosition", "gameRules", "moves", "turn", "metadata"];
        let is_game = serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .and_then(|v| {
                v.as_object()
                    .map(|o| game_keys.iter().any(|k| o.contains_key(*k)))
            })
            .unwrap_or(false);
        return if is_game {
            VariantFormat::Icn
        } else {
            VariantFormat::Json
        };
    }
    if body.trim_start().starts_with('[')
        && serde_json::from_str::<serde_json::Value>(body).is_ok_and(|v| v.is_array())
    {
        return VariantFormat::Json;
    }
    if crate::fsf::looks_like_ini(body) {
        return VariantFormat::Fsf;
    }
    if body.lines().any(|l| l.trim_start().starts_with("Variant:")) {
        return VariantFormat::Sjaak;
    }
    if Game::parse(body, Dialect::Auto).is_ok() {
        return VariantFormat::Icn;
    }
    // Several ICN games, one per line (a many-variant ICN output).
    let mut lines = body.lines().filter(|l| !l.trim().is_empty()).peekable();
    if lines.peek().is_some() && lines.all(|l| Game::parse(l, Dialect::Auto).is_ok()) {
        return VariantFormat::Icn;
    }
    VariantFormat::Fbr
}

/// A variant read from a definition, with what was read leniently.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadVariant {
    /// The variant.
    pub variant: Variant,
    /// Quirks read as the source program reads them (Sjaak: see
    /// [`sjaak::read_file`]), each `LINE:COL: message`; callers show them as
    /// warnings, or refuse them when strict.
    pub warnings: Vec<String>,
}

/// Reads one variant of a definition in `from` (detected from the content
/// when `None`); `name` picks one of a many-variant Sjaak file.
///
/// # Errors
/// As [`convert_variant`]'s reading half.
///
/// ```
/// use icn_adapters::convert::read_variant;
/// let read = read_variant("{\"slideLimit\": 10}", None, None).unwrap();
/// assert_eq!(read.variant.rules.slide_limit, Some(10.into()));
/// assert!(read.warnings.is_empty());
/// ```
pub fn read_variant(
    text: &str,
    from: Option<VariantFormat>,
    name: Option<&str>,
) -> Result<ReadVariant, ConvertError> {
    read(
        text,
        from.unwrap_or_else(|| detect_variant_format(text)),
        name,
    )
}

/// A converted definition with the warnings of its reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The definition in the target format.
    pub text: String,
    /// As [`ReadVariant::warnings`].
    pub warnings: Vec<String>,
    /// What the target format cannot say and the text leaves out (FBR has
    /// no world border or move rule, for one); [`convert_variant`] refuses
    /// when there is any.
    pub lost: Vec<String>,
}

/// The rule set and position ICN can hold that play the same as `v`:
/// excluded squares as voids (both block every line, cannot be entered or
/// captured, and are jumped by leapers).
fn icn_equivalent(v: &Variant) -> (RuleSet, Position) {
    let mut rules = v.rules.clone();
    let mut position = v.position.clone();
    for c in std::mem::take(&mut rules.region.excluded) {
        position.pieces.push(icn_model::PlacedPiece {
            promoted_from: None,
            piece: icn_model::Piece::new(icn_model::PieceKind::Void, icn_model::Player::NEUTRAL),
            at: c,
            special_right: false,
        });
    }
    (rules, position)
}

/// `v` as one line of ICN; with `named`, its name as the `Variant` tag.
pub(crate) fn icn_text(v: &Variant, named: bool) -> Result<String, ConvertError> {
    // Excluded squares become voids where the header says the rules; the
    // `rules` property (rules the header cannot say) keeps them as they are.
    let (rules, position) = icn_equivalent(v);
    let (rules, position) = if lower::game_rules_of(&rules).is_ok() {
        (rules, position)
    } else {
        (v.rules.clone(), v.position.clone())
    };
    let mut game = lower::game_of(&rules, &position).or_else(fail)?;
    if named {
        game.metadata.insert("Variant".to_string(), v.name.clone());
    }
    let style = |dialect| IcnStyle {
        form: IcnForm::Compact,
        dialect,
    };
    // The site dialect where it can; else the spec dialect (a variant's own
    // pieces in the `pieces` property); else the union of both that this
    // toolkit reads (a bounded board with pieces of its own: the world
    // border is the site's, the property block the spec's).
    let site = match game.to_icn(style(Dialect::Site)) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    let spec = match game.to_icn(style(Dialect::Spec)) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    game.to_icn(style(Dialect::Auto))
        .or_else(|auto| fail([format!("{site}; {spec}; {auto}")]))
}

/// Converts a variant definition (see the module docs).
///
/// # Errors
/// Reading errors (with line:col for Sjaak, spans for ICN and FBR) or the
/// reasons the target cannot express the variant.
///
/// ```
/// use icn_adapters::convert::{convert_variant, VariantFormat::*};
/// let sjaak = include_str!("../../../fixtures/sjaak/ok/fide.sjaak");
/// let icn = convert_variant(sjaak, Sjaak, Icn, None).unwrap();
/// assert!(icn.starts_with("0/100 (8|1) 1,8,1,8 R1,1+|N2,1|"));
/// let back = convert_variant(&icn, Icn, Sjaak, Some("Chess")).unwrap();
/// assert!(back.contains("Castle: black e8-c8 with a8"));
/// assert!(convert_variant("w K1,1|k3,3", Icn, Sjaak, None).unwrap_err().to_string().contains("finite"));
/// ```
pub fn convert_variant(
    text: &str,
    from: VariantFormat,
    to: VariantFormat,
    name: Option<&str>,
) -> Result<String, ConvertError> {
    let c = convert_variant_reporting(text, from, to, name)?;
    if c.lost.is_empty() {
        Ok(c.text)
    } else {
        fail(c.lost)
    }
}

/// [`convert_variant`] with the warnings of the reading kept (the quirks of a
/// real Sjaak file, read as Sjaak reads them).
///
/// # Errors
/// As [`convert_variant`].
///
/// ```
/// use icn_adapters::convert::{convert_variant_reporting, VariantFormat::*};
/// let quirky = "Variant: Q\nBoard: 8x8\nFEN: \"4k3/8/8/8/8/8/8/4K3 w - -\"\nPiece: King\nMove: leap (1,1)|(1,)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n";
/// let c = convert_variant_reporting(quirky, Sjaak, Json, None).unwrap();
/// assert_eq!(c.warnings.len(), 1);
/// assert!(c.warnings[0].starts_with("5:"), "{}", c.warnings[0]);
/// ```
pub fn convert_variant_reporting(
    text: &str,
    from: VariantFormat,
    to: VariantFormat,
    name: Option<&str>,
) -> Result<Converted, ConvertError> {
    if from == VariantFormat::Sjaak && to == VariantFormat::Sjaak {
        let (v, warnings) = pick_sjaak(text, name)?;
        return Ok(Converted {
            text: sjaak::write_file(&[v]),
            warnings,
            lost: Vec::new(),
        });
    }
    let ReadVariant {
        variant: v,
        warnings,
    } = read(text, from, name)?;
    let (text, lost) = converted_text(&v, to)?;
    Ok(Converted {
        text,
        warnings,
        lost,
    })
}

/// `v` written in `to`, with what the text leaves out. FBR and
/// `variants.ini` write what they can say, with the rest as comments after
/// it, and list the rest; the other formats refuse what they cannot say.
pub(crate) fn converted_text(
    v: &Variant,
    to: VariantFormat,
) -> Result<(String, Vec<String>), ConvertError> {
    let text = match to {
        VariantFormat::Icn => icn_text(v, false).map(|mut s| {
            s.push('\n');
            s
        }),
        VariantFormat::Fbr => return Ok(fbr_text(v)),
        VariantFormat::Json => {
            let mut s = serde_json::to_string_pretty(&variant_json(v)?).unwrap_or_default();
            s.push('\n');
            Ok(s)
        }
        VariantFormat::Sjaak => {
            let s = sjaak::from_variant(v).or_else(fail)?;
            Ok(sjaak::write_file(&[s]))
        }
        VariantFormat::Fsf => {
            let name = crate::fsf::section_name(v);
            return crate::fsf::write_section_lossy(v, &name).or_else(fail);
        }
    }?;
    Ok((text, Vec::new()))
}

/// `v`'s rules as FBR, then one `//` comment per thing left out (the start
/// position among them: FBR holds rules only), and the list of them.
pub(crate) fn fbr_text(v: &Variant) -> (String, Vec<String>) {
    let printed = fbr::print(&v.rules);
    let mut lost = printed.omitted;
    if !v.position.pieces.is_empty() {
        lost.push("the start position (FBR holds rules only)".to_string());
    }
    let mut text = printed.text;
    text.push('\n');
    for l in &lost {
        text.push_str(&format!("// not expressible in FBR, left out: {l}\n"));
    }
    (text, lost)
}

/// `{"name", "rules", "position"}`: the rules as icn-rules JSON, the position
/// as a compact ICN piece list (or `null` for the default position).
pub(crate) fn variant_json(v: &Variant) -> Result<serde_json::Value, ConvertError> {
    // What ICN cannot say goes beside the piece list.
    let mut on_board = v.position.clone();
    let held = std::mem::take(&mut on_board.holdings);
    let count = on_board.count.take();
    let victim = on_board.en_passant_victim.take();
    let mut promoted = serde_json::Map::new();
    for p in on_board.pieces.iter_mut() {
        if let Some(from) = p.promoted_from.take() {
            promoted.insert(p.at.to_string(), from.code().into());
        }
    }
    // `null` only for what reads back as the default position: an empty
    // board keeps its turn order and move rule (placement's start).
    let position = if on_board == Position::default() {
        serde_json::Value::Null
    } else {
        let game = Game {
            position: on_board,
            ..Game::default()
        };
        // Auto: the site's dialect unless a piece is the variant's own.
        let style = IcnStyle {
            form: IcnForm::Compact,
            dialect: Dialect::Auto,
        };
        serde_json::Value::String(game.to_icn(style).or_else(|e| fail([e]))?)
    };
    let mut out = serde_json::json!({
        "name": v.name,
        "rules": rules_json(&v.rules),
        "position": position,
    });
    if let Some(o) = out.as_object_mut() {
        if !held.is_empty() {
            let counts = held
                .iter()
                .map(|(p, n)| (p.code(), serde_json::Value::from(n)))
                .collect();
            o.insert("holdings".into(), serde_json::Value::Object(counts));
        }
        if !promoted.is_empty() {
            o.insert("promoted".into(), serde_json::Value::Object(promoted));
        }
        if let Some(c) = count {
            o.insert(
                "count".into(),
                serde_json::json!({"limit": c.limit, "ply": c.ply}),
            );
        }
        if let Some(v) = victim {
            o.insert("enPassantVictim".into(), v.to_string().into());
        }
    }
    Ok(out)
}

/// The `holdings` (`{"P": 2, "q": 1}`), `promoted` (`{"4,1": "P"}`: the
/// square of a promoted piece and the kind it promoted from), `count`
/// (`{"limit": 32, "ply": 6}`, a Makruk count in progress) and
/// `enPassantVictim` (`"3,5"`: the piece en passant takes, where it is not
/// right behind the square) keys of variant JSON, put into `position`.
fn off_board_json(value: &serde_json::Value, position: &mut Position) -> Result<(), ConvertError> {
    if let Some(v) = value.get("enPassantVictim") {
        let Some(c) = v.as_str().and_then(|t| icn_model::Coord::parse(t).ok()) else {
            return fail([format!(
                "enPassantVictim: expected a square \"x,y\", found {v}"
            )]);
        };
        position.en_passant_victim = Some(c);
    }
    if let Some(c) = value.get("count") {
        let field = |k: &str| {
            c.get(k)
                .and_then(|n| n.as_u64())
                .and_then(|n| u32::try_from(n).ok())
        };
        let (Some(limit), Some(ply)) = (field("limit"), field("ply")) else {
            return fail(["count: expected {\"limit\": plies, \"ply\": plies}"]);
        };
        position.count = Some(icn_model::Count { limit, ply });
    }
    if let Some(h) = value.get("holdings") {
        let Some(h) = h.as_object() else {
            return fail(["holdings: expected an object of piece codes and counts"]);
        };
        for (code, n) in h {
            let piece = icn_model::Piece::from_code(code)
                .or_else(|e| fail([format!("holdings: `{code}`: {e}")]))?;
            let Some(n) = n.as_u64().and_then(|n| u32::try_from(n).ok()) else {
                return fail([format!("holdings.{code}: expected a count")]);
            };
            position.holdings.add(piece, n);
        }
    }
    if let Some(p) = value.get("promoted") {
        let Some(map) = p.as_object() else {
            return fail([
                "promoted: expected an object of squares and the kinds their pieces promoted from",
            ]);
        };
        for (sq, from) in map {
            let Some(kind) = from
                .as_str()
                .and_then(|c| icn_model::PieceKind::custom(c).ok())
            else {
                return fail([format!(
                    "promoted.{sq}: expected a piece kind code, found {from}"
                )]);
            };
            match position.pieces.iter_mut().find(|p| p.at.to_string() == *sq) {
                Some(p) => p.promoted_from = Some(kind),
                None => return fail([format!("promoted: {sq} is not a square with a piece")]),
            }
        }
    }
    Ok(())
}

/// A variant's name in a definition file, and `Ok` when it reaches the rule
/// objects or the first reason it does not.
pub type VariantName = (String, Result<(), String>);

/// The variants a definition file holds, in file order, each with whether it
/// reaches the rule objects (`Ok`) or the first reason it does not.
///
/// # Errors
/// An empty input, or a file whose variants cannot be told apart (JSON that
/// does not parse, stray lines outside any Sjaak variant).
///
/// ```
/// use icn_adapters::convert::variant_names;
/// let sjaak = include_str!("../../../fixtures/sjaak/ok/fide.sjaak");
/// let names = variant_names(sjaak, None).unwrap();
/// assert_eq!(names[0].0, "FIDE Chess (8x8)");
/// assert!(names[0].1.is_ok());
/// ```
pub fn variant_names(
    text: &str,
    from: Option<VariantFormat>,
) -> Result<Vec<VariantName>, ConvertError> {
    Ok(crate::convert_many::read_all(text, from)?
        .into_iter()
        .map(|(name, read)| {
            let status = read
                .map(|_| ())
                .map_err(|e| e.messages.first().cloned().unwrap_or_default());
            (name, status)
        })
        .collect())
}
