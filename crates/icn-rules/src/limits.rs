//! [`Limits`]: rules that bind where pieces go and how many there may be —
//! flags to reach, confinement zones (palaces), moves a piece plays only in a
//! zone instead of its quiet moves, piece count limits, the flying-general
//! rule, the shatranj bare-king reply, the xiangqi chase rule, Chu
//! Shogi's lion-trading rules ([`LionRules`]), atomic explosions
//! ([`Explosion`]) and kinds that never capture their own kind — and their
//! JSON form (the rule form's `limits` object, written only when some limit
//! is set).
//!
//! Each entry is data; the engine plays them all except the chase rule and
//! the Janggi move-repetition rule, which are kept (they never change which
//! moves exist from a position, only which repetitions are allowed).

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use icn_model::{PieceKind, Player};

use crate::board::Zone;
use crate::json::zone_json;
use crate::json_read::{RulesJsonError, zone_from_json};
use crate::movement::Movement;

/// The squares a player must reach for [`crate::WinRule::FlagAny`] and
/// [`crate::WinRule::FlagAll`] (Sjaak `WhiteFlag`/`BlackFlag`,
/// Fairy-Stockfish `flagRegion…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagZone {
    /// Who must reach them.
    pub player: Player,
    /// The squares.
    pub zone: Zone,
    /// The kinds that count (`None`: every piece; Fairy-Stockfish `flagPiece`).
    pub kinds: Option<BTreeSet<PieceKind>>,
    /// How many such pieces must stand there for [`crate::WinRule::FlagAny`]
    /// (1 usually; Fairy-Stockfish `flagPieceCount`).
    pub count: u32,
}

impl FlagZone {
    /// Any one piece of `player` on `zone`.
    pub fn any_piece(player: Player, zone: Zone) -> FlagZone {
        FlagZone {
            player,
            zone,
            kinds: None,
            count: 1,
        }
    }
}

/// A piece kind confined to a zone (Sjaak `Prison:`, Fairy-Stockfish
/// `mobilityRegion…`, the xiangqi palace): its pieces of `player` never move
/// or are dropped outside `zone`, and (unless `attacks_outside`) attack only
/// the squares of `zone`: a royal outside it is not in check from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prison {
    /// The confined kind.
    pub kind: PieceKind,
    /// Whose pieces.
    pub player: Player,
    /// Where they may stand.
    pub zone: Zone,
    /// The pieces still attack squares outside the zone: the zone keeps them
    /// off squares they could never leave (Fairy-Stockfish
    /// `immobilityIllegal`), and a royal there is in check as usual.
    pub attacks_outside: bool,
}

/// Moves a piece plays *instead of* its quiet moves (moves that do not
/// capture) while it stands in a zone (Sjaak `Special:` and `Initial:`); its
/// captures stay as they are, and with `captures` the movement's captures
/// join them there (the xiangqi soldier across the river, Fairy-Stockfish
/// `soldierPromotionRank`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneMoves {
    /// The kind.
    pub kind: PieceKind,
    /// Whose pieces.
    pub player: Player,
    /// Where the moves apply; `None`: anywhere.
    pub zone: Option<Zone>,
    /// Only while the piece holds its `+` right (has not moved).
    pub unmoved_only: bool,
    /// A royal piece in check plays its ordinary moves instead (Sjaak).
    pub not_in_check: bool,
    /// The quiet moves played there (without `captures`, their actions are
    /// taken as move-only).
    pub movement: Movement,
    /// The movement also captures (by its own actions), besides the
    /// piece's own captures, while the piece stands in the zone.
    pub captures: bool,
}

/// Moves a piece plays besides its own while it stands in `zone`, landing
/// only on squares of `zone` (Fairy-Stockfish `diagonalLines`: on the Janggi
/// palace diagonals chariots ride, cannons hop, generals and guards step and
/// soldiers step forward diagonally). A ride or hop passes squares outside
/// the zone as usual; only where it lands must be in the zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InZoneMoves {
    /// The kind.
    pub kind: PieceKind,
    /// Whose pieces.
    pub player: Player,
    /// Where the moves start and land.
    pub zone: Zone,
    /// The moves (by their own actions).
    pub movement: Movement,
}

/// Where `player` may take en passant: a multi-step move leaves an en
/// passant square for that player only when the square it passes is in
/// `zone` (Fairy-Stockfish `enPassantRegionWhite`/`Black`: horde's pawns
/// that double-step from the first rank cannot be taken in passing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassantZone {
    /// Who takes.
    pub player: Player,
    /// The squares passed over that may be taken on.
    pub zone: Zone,
}

/// At most `max` pieces of `kind` for `player`: promotion to a kind at its
/// limit is not offered (Sjaak `Max:`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceLimit {
    /// The kind.
    pub kind: PieceKind,
    /// Whose pieces.
    pub player: Player,
    /// The most there may be.
    pub max: u32,
}

/// Captures explode (atomic chess, Fairy-Stockfish `blastOnCapture`): after
/// a capture, the capturing piece and every piece on the eight squares
/// around the capture square leave the board, of both sides, except the
/// kinds spared. The captured piece is taken as usual (en passant: on its
/// own square; the blast is centred where the capturing piece lands).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explosion {
    /// Kinds no blast removes, not even the capturing piece itself
    /// (Fairy-Stockfish `blastImmuneTypes`: Atomar's king).
    pub immune: BTreeSet<PieceKind>,
    /// Kinds a blast around them leaves standing, though a capturing piece
    /// of these kinds goes with its own blast (the pawns of atomic chess).
    pub shielded: BTreeSet<PieceKind>,
}

/// The rules of this module (see its docs). The default sets none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The squares each player must reach for [`crate::WinRule::FlagAny`] and
    /// [`crate::WinRule::FlagAll`] (Sjaak: White reaches the `BlackFlag`
    /// squares).
    pub flags: Vec<FlagZone>,
    /// Confined kinds.
    pub prisons: Vec<Prison>,
    /// Moves played only in a zone, instead of the quiet moves; the first
    /// entry that applies to a piece is used.
    pub zone_moves: Vec<ZoneMoves>,
    /// Moves played within a zone, besides the piece's own.
    pub in_zone_moves: Vec<InZoneMoves>,
    /// Piece count limits.
    pub piece_limits: Vec<PieceLimit>,
    /// Where each player listed may take en passant (others: anywhere).
    pub en_passant_zones: Vec<EnPassantZone>,
    /// No move may give check: leave an opponent's royal attacked
    /// (Fairy-Stockfish `checking = false`: racing kings).
    pub no_checks: bool,
    /// A royal in check may move only to capture the one piece checking it
    /// (Makpong, Fairy-Stockfish `makpongRule`); other pieces answer checks
    /// as usual.
    pub royal_captures_checker_only: bool,
    /// Racing kings' flag reply (Fairy-Stockfish `flagMove`): when White
    /// reaches its flag, Black, if a move can bring it onto its own, plays
    /// one more move; the game is then drawn if Black reached its flag and
    /// won by White if not. Black reaching its flag first wins at once.
    pub flag_reply: bool,
    /// A flag counts once held through one opponent move: a player to move
    /// that stands on its flag has won, and reaching it wins nothing yet
    /// (Fairy-Stockfish `flagMove` for pieces other than the king: Jeson
    /// Mor's knight on e5).
    pub flag_held: bool,
    /// Flag pieces count only when safe: where exactly as many stand on the
    /// flag as it needs, none of them may be attacked; a player to move
    /// standing safely on its flag has won, or drawn when the mover stands
    /// safely on its own (Fairy-Stockfish `flagPieceSafe`: Dobutsu shogi).
    pub flag_safe: bool,
    /// Two royals of different players may not face each other on a file with
    /// nothing between (the xiangqi "flying general", Sjaak `taboo`).
    pub flying_general: bool,
    /// A royal may not slide over a square the opponent attacks (Sjaak's
    /// `en-passant check`: Caissa Britannia's royal queen); its leaps and
    /// the square it ends on are judged as usual.
    pub no_passing_check: bool,
    /// With [`crate::WinRule::BareKing`]: a player bared by the opponent's
    /// move who bares the opponent in reply draws (shatranj, Sjaak `bare
    /// rule`); the bared player loses only when that reply cannot be made.
    pub bare_reply: bool,
    /// Xiangqi-style perpetual chases are not allowed (kept as data; it does
    /// not change which moves exist).
    pub chase_rule: bool,
    /// Kakao Janggi's rule against moving a piece back and forth
    /// (Fairy-Stockfish `moveRepetitionIllegal`: the player who repeats
    /// loses). Kept as data like the chase rule: it decides repetitions,
    /// never which moves exist.
    pub move_repetition_rule: bool,
    /// Chu Shogi's lion-trading rules.
    pub lion: LionRules,
    /// Captures explode ([`Explosion`]).
    pub explosion: Option<Explosion>,
    /// Kinds whose pieces never capture a piece of the same kind
    /// (Fairy-Stockfish `mutuallyImmuneTypes`: Atomar's kings).
    pub same_kind_immune: BTreeSet<PieceKind>,
    /// Kinds whose hops may not pass over a piece of their own kind, of
    /// either side (the Janggi cannon, Fairy-Stockfish `janggiCannon`; with
    /// [`Limits::same_kind_immune`] it neither jumps nor takes another).
    pub no_same_kind_screen: BTreeSet<PieceKind>,
    /// The bikjang rule (Janggi, Fairy-Stockfish `bikjangRule`): when the
    /// royals of the two players face each other on a file or rank with
    /// nothing between, the player to move must end the facing or pass (a
    /// pass is then allowed even in check); when the facing outlasts that
    /// reply the game ends, drawn or decided by
    /// [`crate::Draws::material_count`].
    pub bikjang: bool,
    /// Duple check (Fairy-Stockfish `dupleCheck`: Spartan chess's two
    /// kings): a player's royals are safe while at least one of them is not
    /// attacked. A move may leave some attacked (and they may be taken),
    /// never all at once; the player is in check when all are attacked.
    /// With one royal this is the usual rule.
    pub duple_check: bool,
    /// Royalty by count (Fairy-Stockfish `extinctionPseudoRoyal` with
    /// `extinctionPieceCount` one less: Sho shogi's crown prince, backrank
    /// chess's promoted kings): a player's pieces of a royal kind are royal
    /// only while the player has at most this many of that kind. With
    /// more, none of that kind is: they may be left attacked and taken.
    /// Royalty is judged before each move: the move must leave safe the
    /// pieces royal before it, wherever it took them; a piece promoted into
    /// the kind counts from the next position on (and may end the kind's
    /// royalty there). `None`: every piece of a royal kind is royal.
    pub royal_while_at_most: Option<u32>,
}

/// Chu Shogi's lion-trading rules, as Sjaak II plays its piece flags
/// `no_retaliate` and `endangered`. The default sets neither.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LionRules {
    /// The counter-strike rule (`no_retaliate`): when a piece whose kind is
    /// not in this set captures a piece whose kind is, the player to move next
    /// may capture no piece of these kinds on that move (a move that captures
    /// one with a piece of these kinds does not bar the reply).
    pub no_retaliate: BTreeSet<PieceKind>,
    /// Protected pieces (`endangered`): a piece of these kinds captures a
    /// piece of these kinds only when that piece is not protected, that is
    /// when no piece of its own side attacks its square, judged on the board
    /// before the move (the capturing piece still on its square).
    pub endangered: BTreeSet<PieceKind>,
}

impl LionRules {
    /// Whether neither rule is set.
    pub fn is_empty(&self) -> bool {
        self.no_retaliate.is_empty() && self.endangered.is_empty()
    }
}

impl Limits {
    /// Whether no limit is set.
    pub fn is_empty(&self) -> bool {
        *self == Limits::default()
    }

    /// The flag zone `player` must reach, if it has one.
    pub fn flag_of(&self, player: Player) -> Option<&FlagZone> {
        self.flags.iter().find(|f| f.player == player)
    }

    /// The zone `kind` of `player` is confined to, if it is.
    pub fn prison_of(&self, kind: PieceKind, player: Player) -> Option<&Zone> {
        self.prisons
            .iter()
            .find(|p| p.kind == kind && p.player == player)
            .map(|p| &p.zone)
    }

    /// The most pieces of `kind` `player` may have, if limited.
    pub fn max_of(&self, kind: PieceKind, player: Player) -> Option<u32> {
        self.piece_limits
            .iter()
            .find(|l| l.kind == kind && l.player == player)
            .map(|l| l.max)
    }
}

/// The limits set, each named as a formatter that cannot say it reports it
/// (ICN game rules and FBR say none of them).
///
/// ```
/// use icn_rules::limits::{Limits, unsayable};
/// let l = Limits { flying_general: true, ..Limits::default() };
/// assert_eq!(unsayable(&l), ["the flying-general rule"]);
/// ```
pub fn unsayable(l: &Limits) -> Vec<String> {
    let mut out = Vec::new();
    for (on, what) in [
        (!l.flags.is_empty(), "flag squares"),
        (!l.prisons.is_empty(), "pieces confined to a zone"),
        (!l.zone_moves.is_empty(), "moves played only in a zone"),
        (
            !l.in_zone_moves.is_empty(),
            "moves played within a zone (palace diagonals)",
        ),
        (
            !l.no_same_kind_screen.is_empty(),
            "hoppers that may not jump their own kind",
        ),
        (l.bikjang, "the bikjang rule"),
        (
            l.duple_check,
            "duple check (royals safe while one is not attacked)",
        ),
        (
            l.royal_while_at_most.is_some(),
            "royalty by count (royals only while few of their kind)",
        ),
        (!l.piece_limits.is_empty(), "piece count limits"),
        (
            !l.en_passant_zones.is_empty(),
            "en passant on some squares only",
        ),
        (l.flying_general, "the flying-general rule"),
        (
            l.no_passing_check,
            "royals that may not slide through check",
        ),
        (l.bare_reply, "the bare-king reply"),
        (l.chase_rule, "the chase rule"),
        (l.move_repetition_rule, "the Janggi move-repetition rule"),
        (
            !l.lion.no_retaliate.is_empty(),
            "the counter-strike rule (no recapture of a lion)",
        ),
        (
            !l.lion.endangered.is_empty(),
            "lions that capture only unprotected lions",
        ),
        (l.explosion.is_some(), "atomic explosions"),
        (l.no_checks, "moves that may not give check"),
        (
            l.royal_captures_checker_only,
            "royals in check that may only capture the checker (Makpong)",
        ),
        (l.flag_reply, "the racing-kings flag reply"),
        (l.flag_held, "flags held through one opponent move"),
        (
            l.flag_safe,
            "flags that count only when their pieces are safe",
        ),
        (
            !l.same_kind_immune.is_empty(),
            "pieces that may not capture their own kind",
        ),
    ] {
        if on {
            out.push(what.to_string());
        }
    }
    out
}

fn player_json(p: Player) -> Value {
    Value::from(p.name())
}

/// The `limits` object of the rule form.
///
/// ```
/// use icn_rules::limits::{Limits, limits_json, limits_from_json};
/// let l = Limits { flying_general: true, ..Limits::default() };
/// let v = limits_json(&l);
/// assert_eq!(v["flyingGeneral"], true);
/// assert_eq!(limits_from_json(&v, "limits").unwrap(), l);
/// ```
pub fn limits_json(l: &Limits) -> Value {
    let mut v = json!({
        "flags": l.flags.iter().map(|f| json!({
            "player": player_json(f.player),
            "zone": zone_json(&f.zone),
            "kinds": f.kinds.as_ref().map_or(Value::Null, |ks| {
                Value::Array(ks.iter().map(|k| Value::from(k.code())).collect())
            }),
            "count": f.count,
        })).collect::<Vec<_>>(),
        "prisons": l.prisons.iter().map(|p| {
            let mut v = json!({
                "kind": p.kind.code(),
                "player": player_json(p.player),
                "zone": zone_json(&p.zone),
            });
            if p.attacks_outside {
                v["attacksOutside"] = Value::Bool(true);
            }
            v
        }).collect::<Vec<_>>(),
        "zoneMoves": l.zone_moves.iter().map(|z| {
            let mut v = json!({
                "kind": z.kind.code(),
                "player": player_json(z.player),
                "zone": z.zone.as_ref().map_or(Value::Null, zone_json),
                "unmovedOnly": z.unmoved_only,
                "notInCheck": z.not_in_check,
                "movement": serde_json::to_value(&z.movement).unwrap_or(Value::Null),
            });
            if z.captures {
                v["captures"] = Value::Bool(true);
            }
            v
        }).collect::<Vec<_>>(),
        "pieceLimits": l.piece_limits.iter().map(|m| json!({
            "kind": m.kind.code(),
            "player": player_json(m.player),
            "max": m.max,
        })).collect::<Vec<_>>(),
        "flyingGeneral": l.flying_general,
        "noPassingCheck": l.no_passing_check,
        "bareReply": l.bare_reply,
        "chaseRule": l.chase_rule,
    });
    if let Value::Object(o) = &mut v {
        if l.no_checks {
            o.insert("noChecks".into(), Value::Bool(true));
        }
        if l.royal_captures_checker_only {
            o.insert("royalCapturesCheckerOnly".into(), Value::Bool(true));
        }
        if l.flag_reply {
            o.insert("flagReply".into(), Value::Bool(true));
        }
        if l.flag_held {
            o.insert("flagHeld".into(), Value::Bool(true));
        }
        if l.flag_safe {
            o.insert("flagSafe".into(), Value::Bool(true));
        }
    }
    let kinds =
        |ks: &BTreeSet<PieceKind>| Value::Array(ks.iter().map(|k| Value::from(k.code())).collect());
    if let Value::Object(o) = &mut v {
        if let Some(e) = &l.explosion {
            o.insert(
                "explosion".into(),
                json!({"immune": kinds(&e.immune), "shielded": kinds(&e.shielded)}),
            );
        }
        if !l.en_passant_zones.is_empty() {
            let zones = l
                .en_passant_zones
                .iter()
                .map(|z| json!({"player": player_json(z.player), "zone": zone_json(&z.zone)}));
            o.insert("enPassantZones".into(), Value::Array(zones.collect()));
        }
        if !l.same_kind_immune.is_empty() {
            o.insert("sameKindImmune".into(), kinds(&l.same_kind_immune));
        }
        if !l.no_same_kind_screen.is_empty() {
            o.insert("noSameKindScreen".into(), kinds(&l.no_same_kind_screen));
        }
        if l.bikjang {
            o.insert("bikjang".into(), Value::Bool(true));
        }
        if l.duple_check {
            o.insert("dupleCheck".into(), Value::Bool(true));
        }
        if let Some(n) = l.royal_while_at_most {
            o.insert("royalWhileAtMost".into(), Value::from(n));
        }
        if l.move_repetition_rule {
            o.insert("moveRepetitionRule".into(), Value::Bool(true));
        }
        if !l.in_zone_moves.is_empty() {
            let moves = l.in_zone_moves.iter().map(|z| {
                json!({
                    "kind": z.kind.code(),
                    "player": player_json(z.player),
                    "zone": zone_json(&z.zone),
                    "movement": serde_json::to_value(&z.movement).unwrap_or(Value::Null),
                })
            });
            o.insert("inZoneMoves".into(), Value::Array(moves.collect()));
        }
    }
    if !l.lion.is_empty()
        && let Value::Object(o) = &mut v
    {
        o.insert(
            "lion".into(),
            json!({
                "noRetaliate": kinds(&l.lion.no_retaliate),
                "endangered": kinds(&l.lion.endangered),
            }),
        );
    }
    v
}

fn fail<T>(path: &str, message: impl Into<String>) -> Result<T, RulesJsonError> {
    Err(RulesJsonError {
        path: path.to_string(),
        message: message.into(),
    })
}

fn obj<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, RulesJsonError> {
    v.as_object()
        .map_or_else(|| fail(path, "expected an object"), Ok)
}

fn list<'a>(
    o: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<&'a [Value], RulesJsonError> {
    match o.get(key) {
        None => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => fail(&format!("{path}.{key}"), "expected an array"),
    }
}

fn flag(o: &Map<String, Value>, key: &str, path: &str) -> Result<bool, RulesJsonError> {
    match o.get(key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => fail(&format!("{path}.{key}"), "expected true or false"),
    }
}

fn player_of(o: &Map<String, Value>, path: &str) -> Result<Player, RulesJsonError> {
    let name = o.get("player").and_then(Value::as_str).unwrap_or_default();
    Player::from_name(name).map_or_else(
        || {
            fail(
                &format!("{path}.player"),
                format!("`{name}` is not a player"),
            )
        },
        Ok,
    )
}

fn kind_of(o: &Map<String, Value>, path: &str) -> Result<PieceKind, RulesJsonError> {
    let code = o.get("kind").and_then(Value::as_str).unwrap_or_default();
    PieceKind::custom(code).or_else(|e| fail(&format!("{path}.kind"), e.to_string()))
}

fn zone_at(o: &Map<String, Value>, path: &str) -> Result<Zone, RulesJsonError> {
    match o.get("zone") {
        Some(z) => zone_from_json(z, &format!("{path}.zone")),
        None => fail(path, "missing `zone`"),
    }
}

fn movement_at(o: &Map<String, Value>, path: &str) -> Result<Movement, RulesJsonError> {
    match o.get("movement") {
        Some(m) => serde_json::from_value::<Movement>(m.clone())
            .or_else(|e| fail(&format!("{path}.movement"), e.to_string())),
        None => fail(path, "missing `movement`"),
    }
}

/// Reads the `limits` object [`limits_json`] writes; every key may be left
/// out.
///
/// # Errors
/// A value of the wrong type, an unknown player, piece code or key, with
/// its path.
pub fn limits_from_json(v: &Value, path: &str) -> Result<Limits, RulesJsonError> {
    let o = obj(v, path)?;
    const KEYS: [&str; 23] = [
        "flags",
        "prisons",
        "zoneMoves",
        "pieceLimits",
        "enPassantZones",
        "noChecks",
        "royalCapturesCheckerOnly",
        "flagReply",
        "flagHeld",
        "flagSafe",
        "flyingGeneral",
        "noPassingCheck",
        "bareReply",
        "chaseRule",
        "lion",
        "explosion",
        "sameKindImmune",
        "noSameKindScreen",
        "bikjang",
        "dupleCheck",
        "royalWhileAtMost",
        "inZoneMoves",
        "moveRepetitionRule",
    ];
    if let Some(k) = o.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return fail(
            path,
            format!("unknown key `{k}`; expected one of {}", KEYS.join(", ")),
        );
    }
    let mut l = Limits {
        flying_general: flag(o, "flyingGeneral", path)?,
        no_passing_check: flag(o, "noPassingCheck", path)?,
        bare_reply: flag(o, "bareReply", path)?,
        chase_rule: flag(o, "chaseRule", path)?,
        no_checks: flag(o, "noChecks", path)?,
        royal_captures_checker_only: flag(o, "royalCapturesCheckerOnly", path)?,
        flag_reply: flag(o, "flagReply", path)?,
        flag_held: flag(o, "flagHeld", path)?,
        flag_safe: flag(o, "flagSafe", path)?,
        bikjang: flag(o, "bikjang", path)?,
        duple_check: flag(o, "dupleCheck", path)?,
        move_repetition_rule: flag(o, "moveRepetitionRule", path)?,
        ..Limits::default()
    };
    let kinds_at = |o: &Map<String, Value>,
                    key: &str,
                    p: &str|
     -> Result<BTreeSet<PieceKind>, RulesJsonError> {
        list(o, key, p)?
            .iter()
            .map(|k| {
                let code = k.as_str().unwrap_or_default();
                PieceKind::custom(code).or_else(|e| fail(&format!("{p}.{key}"), e.to_string()))
            })
            .collect()
    };
    l.royal_while_at_most = match o.get("royalWhileAtMost") {
        None => None,
        Some(c) => match c.as_u64().and_then(|n| u32::try_from(n).ok()) {
            Some(n) if n >= 1 => Some(n),
            _ => {
                return fail(
                    &format!("{path}.royalWhileAtMost"),
                    "expected a positive count",
                );
            }
        },
    };
    l.same_kind_immune = kinds_at(o, "sameKindImmune", path)?;
    l.no_same_kind_screen = kinds_at(o, "noSameKindScreen", path)?;
    if let Some(ev) = o.get("explosion") {
        let p = format!("{path}.explosion");
        let eo = obj(ev, &p)?;
        if let Some(k) = eo
            .keys()
            .find(|k| !["immune", "shielded"].contains(&k.as_str()))
        {
            return fail(
                &p,
                format!("unknown key `{k}`; expected immune or shielded"),
            );
        }
        l.explosion = Some(Explosion {
            immune: kinds_at(eo, "immune", &p)?,
            shielded: kinds_at(eo, "shielded", &p)?,
        });
    }
    if let Some(lv) = o.get("lion") {
        let p = format!("{path}.lion");
        let lo = obj(lv, &p)?;
        if let Some(k) = lo
            .keys()
            .find(|k| !["noRetaliate", "endangered"].contains(&k.as_str()))
        {
            return fail(
                &p,
                format!("unknown key `{k}`; expected noRetaliate or endangered"),
            );
        }
        l.lion = LionRules {
            no_retaliate: kinds_at(lo, "noRetaliate", &p)?,
            endangered: kinds_at(lo, "endangered", &p)?,
        };
    }
    for (i, f) in list(o, "flags", path)?.iter().enumerate() {
        let p = format!("{path}.flags[{i}]");
        let fo = obj(f, &p)?;
        let kinds = match fo.get("kinds") {
            None | Some(Value::Null) => None,
            Some(Value::Array(a)) => Some(
                a.iter()
                    .map(|k| {
                        let code = k.as_str().unwrap_or_default();
                        PieceKind::custom(code)
                            .or_else(|e| fail(&format!("{p}.kinds"), e.to_string()))
                    })
                    .collect::<Result<BTreeSet<_>, _>>()?,
            ),
            Some(_) => return fail(&format!("{p}.kinds"), "expected an array or null"),
        };
        let count = match fo.get("count") {
            None => 1,
            Some(c) => match c.as_u64().and_then(|n| u32::try_from(n).ok()) {
                Some(n) if n >= 1 => n,
                _ => return fail(&format!("{p}.count"), "expected a positive count"),
            },
        };
        l.flags.push(FlagZone {
            player: player_of(fo, &p)?,
            zone: zone_at(fo, &p)?,
            kinds,
            count,
        });
    }
    for (i, f) in list(o, "prisons", path)?.iter().enumerate() {
        let p = format!("{path}.prisons[{i}]");
        let fo = obj(f, &p)?;
        l.prisons.push(Prison {
            kind: kind_of(fo, &p)?,
            player: player_of(fo, &p)?,
            zone: zone_at(fo, &p)?,
            attacks_outside: flag(fo, "attacksOutside", &p)?,
        });
    }
    for (i, f) in list(o, "zoneMoves", path)?.iter().enumerate() {
        let p = format!("{path}.zoneMoves[{i}]");
        let fo = obj(f, &p)?;
        let zone = match fo.get("zone") {
            None | Some(Value::Null) => None,
            Some(z) => Some(zone_from_json(z, &format!("{p}.zone"))?),
        };
        let movement = movement_at(fo, &p)?;
        l.zone_moves.push(ZoneMoves {
            kind: kind_of(fo, &p)?,
            player: player_of(fo, &p)?,
            zone,
            unmoved_only: flag(fo, "unmovedOnly", &p)?,
            not_in_check: flag(fo, "notInCheck", &p)?,
            movement,
            captures: flag(fo, "captures", &p)?,
        });
    }
    for (i, f) in list(o, "inZoneMoves", path)?.iter().enumerate() {
        let p = format!("{path}.inZoneMoves[{i}]");
        let fo = obj(f, &p)?;
        l.in_zone_moves.push(InZoneMoves {
            kind: kind_of(fo, &p)?,
            player: player_of(fo, &p)?,
            zone: zone_at(fo, &p)?,
            movement: movement_at(fo, &p)?,
        });
    }
    for (i, f) in list(o, "enPassantZones", path)?.iter().enumerate() {
        let p = format!("{path}.enPassantZones[{i}]");
        let fo = obj(f, &p)?;
        l.en_passant_zones.push(EnPassantZone {
            player: player_of(fo, &p)?,
            zone: zone_at(fo, &p)?,
        });
    }
    for (i, f) in list(o, "pieceLimits", path)?.iter().enumerate() {
        let p = format!("{path}.pieceLimits[{i}]");
        let fo = obj(f, &p)?;
        let Some(max) = fo
            .get("max")
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
        else {
            return fail(&format!("{p}.max"), "expected a count");
        };
        l.piece_limits.push(PieceLimit {
            kind: kind_of(fo, &p)?,
            player: player_of(fo, &p)?,
            max,
        });
    }
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_model::{Coord, Int};

    #[test]
    fn every_limit_reads_back() {
        let l = Limits {
            flags: vec![
                FlagZone::any_piece(Player::WHITE, Zone::rows([Int::from(8)])),
                FlagZone {
                    player: Player::BLACK,
                    zone: Zone::rows([Int::from(1)]),
                    kinds: Some([PieceKind::King].into_iter().collect()),
                    count: 2,
                },
            ],
            prisons: vec![Prison {
                kind: PieceKind::King,
                player: Player::BLACK,
                zone: Zone::squares([Coord::new(4, 7)]),
                attacks_outside: true,
            }],
            zone_moves: vec![ZoneMoves {
                kind: PieceKind::Pawn,
                player: Player::WHITE,
                zone: None,
                unmoved_only: true,
                not_in_check: false,
                movement: crate::movement_of(PieceKind::Knight),
                captures: true,
            }],
            piece_limits: vec![PieceLimit {
                kind: PieceKind::Queen,
                player: Player::WHITE,
                max: 1,
            }],
            flying_general: true,
            no_passing_check: true,
            bare_reply: true,
            chase_rule: true,
            lion: LionRules {
                no_retaliate: [PieceKind::Queen].into_iter().collect(),
                endangered: [PieceKind::Queen, PieceKind::Rook].into_iter().collect(),
            },
            explosion: Some(Explosion {
                immune: [PieceKind::King].into_iter().collect(),
                shielded: [PieceKind::Pawn].into_iter().collect(),
            }),
            same_kind_immune: [PieceKind::King].into_iter().collect(),
            no_same_kind_screen: [PieceKind::Knightrider].into_iter().collect(),
            bikjang: true,
            duple_check: true,
            royal_while_at_most: Some(1),
            move_repetition_rule: true,
            in_zone_moves: vec![InZoneMoves {
                kind: PieceKind::Rook,
                player: Player::BLACK,
                zone: Zone::squares([Coord::new(4, 8), Coord::new(5, 9)]),
                movement: crate::movement_of(PieceKind::Bishop),
            }],
            no_checks: true,
            royal_captures_checker_only: true,
            flag_reply: true,
            flag_held: true,
            flag_safe: true,
            en_passant_zones: vec![EnPassantZone {
                player: Player::WHITE,
                zone: Zone::rows([Int::from(6)]),
            }],
        };
        let v = limits_json(&l);
        assert_eq!(limits_from_json(&v, "limits").unwrap(), l);
        assert!(!l.is_empty() && Limits::default().is_empty());
        assert_eq!(l.max_of(PieceKind::Queen, Player::WHITE), Some(1));
        assert!(l.prison_of(PieceKind::King, Player::WHITE).is_none());
        let u = unsayable(&l);
        assert!(u.iter().any(|w| w.contains("counter-strike")), "{u:?}");
        assert!(u.iter().any(|w| w.contains("unprotected lions")), "{u:?}");
        assert!(u.iter().any(|w| w.contains("atomic")), "{u:?}");
        let mut broken = v.clone();
        broken["explosion"]["radius"] = Value::from(2);
        let e = limits_from_json(&broken, "limits").unwrap_err();
        assert!(e.to_string().contains("radius"), "{e}");
    }

    #[test]
    fn lion_rules_are_written_only_when_set() {
        let v = limits_json(&Limits {
            chase_rule: true,
            ..Limits::default()
        });
        assert!(v.get("lion").is_none());
        let e = limits_from_json(&json!({"lion": {"recapture": []}}), "limits").unwrap_err();
        assert!(e.message.contains("unknown key `recapture`"), "{e}");
        let e = limits_from_json(&json!({"lion": {"endangered": ["?!"]}}), "limits").unwrap_err();
        assert_eq!(e.path, "limits.lion.endangered");
    }

    #[test]
    fn unknown_keys_are_refused() {
        let e = limits_from_json(&json!({"taboo": true}), "limits").unwrap_err();
        assert!(e.message.contains("unknown key `taboo`"), "{e}");
    }

    #[test]
    fn royalty_by_count_must_be_a_positive_count() {
        for bad in [json!(0), json!(-1), json!("1"), json!(1.5)] {
            let e = limits_from_json(&json!({"royalWhileAtMost": bad}), "limits").unwrap_err();
            assert_eq!(e.path, "limits.royalWhileAtMost", "{e}");
            assert!(e.message.contains("positive count"), "{e}");
        }
        let l = limits_from_json(&json!({"royalWhileAtMost": 2}), "limits").unwrap();
        assert_eq!(l.royal_while_at_most, Some(2));
    }
}
