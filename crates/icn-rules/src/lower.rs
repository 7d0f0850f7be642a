//! Lowering between ICN's game rules ([`icn_model::GameRules`] plus the
//! position's turn order and move rule) and a [`RuleSet`], both ways.
//!
//! ICN → rules accepts everything ICN can say. The JSON properties
//! `slideLimit` (a non-negative integer, as the ICN reader also demands),
//! `cannotPassTurn` (a boolean) and `repetition` (how many times a position
//! must occur for a draw: 2 or more, or 0 for no such draw; this toolkit's
//! own property, written for games that follow FIDE's fivefold rule) are read
//! into [`RuleSet::slide_limit`], [`RuleSet::can_pass`] and
//! [`Draws::repetition`]; `castling` (this toolkit's own property: the JSON
//! rule form's `castling` object, its keys replacing the site rule's, written
//! for Chess960 and other castling the site rule cannot play) into
//! [`RuleSet::castling`]; any other value of those is refused. `pieces`
//! defines the variant's own pieces and changes built-in ones (movement,
//! royalty, name: [`crate::pieces`]). Other properties are kept in
//! [`RuleSet::extra`] untouched.
//!
//! A `rules` property ([`RULES_PROPERTY`]) holds a whole rule set in the JSON
//! rule form and replaces every rule the header and the other properties
//! say: [`game_of`] writes it for rule sets they cannot say, so that every
//! variant the hub holds has an ICN form in the spec dialect.
//!
//! [`game_rules_of`] (the header and the usual properties) refuses, naming each, every rule ICN cannot express: excluded
//! squares, promotion zones that are not whole rows, promotion of pieces other
//! than pawns, optional promotion, en passant other than pawns', royals other than king / royal queen / royal
//! centaur, movements other than the built-in ones, N-check with N ≠ 3,
//! `checkmated`, a hill other than the default, stalemate not a draw, no
//! insufficient-material draw, and the `loss=` rules. A repetition count
//! other than three is written as the `repetition` property; castling
//! other than the site rule's moves (distances, partners, explicit moves) as
//! the `castling` property; movements, royalty, en passant, which kinds castle
//! by the site rule and names that differ from the built-in library (a
//! variant's own pieces) as the `pieces` property. `cannotPassTurn` is
//! written only when passing is allowed
//! (`false`); an explicit `true` is the default and is not written back.

use icn_model::{
    Game, GameRules, Int, MoveRule, PieceKind, Position, Promotion, WinCondition, WorldBorder,
};
use serde_json::Value;

use crate::board::{Region, Zone};
use crate::json::castling_json;
use crate::json_read::castling_from_json;
use crate::rules::{
    Castling, Draws, Losses, Outcome, PromotionRule, RepetitionResult, RuleSet, WinRule,
};

/// The property that holds a whole rule set in the JSON rule form
/// ([`crate::json::rules_json`]): written, in the spec dialect, for a rule
/// set the header and the other properties cannot say; read, it replaces
/// every rule the header and the other properties say.
pub const RULES_PROPERTY: &str = "rules";

/// Why ICN rules cannot become rule objects, or the reverse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    /// A known property has a value of the wrong kind.
    #[error("property `{name}` must be {expected}, found `{found}`")]
    BadProperty {
        /// The property.
        name: &'static str,
        /// What it must be.
        expected: &'static str,
        /// What it was.
        found: String,
    },
    /// A known property whose value does not read.
    #[error("property `{name}`: {reason}")]
    PropertyShape {
        /// The property.
        name: &'static str,
        /// What is wrong, with the key path inside the value.
        reason: String,
    },
    /// A rule ICN has no way to write.
    #[error("ICN cannot express {0}")]
    Unrepresentable(String),
}

/// The rule set an ICN game's header and position describe. A `Variant`
/// metadata tag naming 4×4×4×4 Chess or 5D Chess also brings that variant's
/// four-dimensional movesets ([`crate::catalogue::SubBoards`]), as on the site.
///
/// # Errors
/// A `slideLimit` that is not a non-negative integer, or a
/// `cannotPassTurn` that is not a boolean.
///
/// ```
/// use icn_model::{Dialect, Game, Int};
/// use icn_rules::lower::rules_from_game;
/// let g = Game::parse(r#"w 0/100 (8|1) {"slideLimit": 7} K5,1+|k5,8+"#, Dialect::Auto).unwrap();
/// let r = rules_from_game(&g).unwrap();
/// assert_eq!(r.slide_limit, Some(Int::from(7)));
/// assert_eq!(r.draws.move_rule, Some(Int::from(100)));
/// ```
pub fn rules_from_game(game: &Game) -> Result<RuleSet, Vec<LowerError>> {
    let mut rules = rules_from_parts(&game.rules, &game.position)?;
    // As on the site, a game of a four-dimensional variant moves by its
    // variant's movesets (a `pieces` property still has the last word).
    if let Some(sub_boards) = game
        .metadata
        .get("Variant")
        .and_then(|name| crate::catalogue::find(name).ok())
        .and_then(|entry| crate::catalogue::SubBoards::of_code(entry.code))
    {
        for (kind, movement) in sub_boards.movements() {
            rules.movements.entry(kind).or_insert(movement);
        }
    }
    Ok(rules)
}

/// [`rules_from_game`] from the rules and position alone.
///
/// # Errors
/// As [`rules_from_game`].
pub fn rules_from_parts(
    rules: &GameRules,
    position: &Position,
) -> Result<RuleSet, Vec<LowerError>> {
    if let Some(whole) = rules.properties.get(RULES_PROPERTY) {
        return crate::json_read::rules_from_json(whole).map_err(|e| {
            vec![LowerError::PropertyShape {
                name: RULES_PROPERTY,
                reason: format!("at `{}`: {}", e.path, e.message),
            }]
        });
    }
    let mut errors = Vec::new();
    let mut out = RuleSet {
        region: rules
            .world_border
            .clone()
            .map_or_else(Region::unbounded, Region::bordered),
        turn_order: position.turn_order.clone(),
        ..RuleSet::default()
    };
    out.promotions = rules
        .promotions
        .iter()
        .map(|(player, p)| PromotionRule {
            from_zone: false,
            player: *player,
            promoting: [PieceKind::Pawn].into_iter().collect(),
            zone: Zone::rows(p.ranks.iter().cloned()),
            choices: p.choices.clone(),
            mandatory: true,
            forced: Zone::empty(),
            by_move: false,
            demotes: false,
            on_capture: false,
        })
        .collect();
    out.wins = rules
        .win_conditions
        .iter()
        .map(|(player, ws)| (*player, ws.iter().map(|w| win_rule(*w)).collect()))
        .collect();
    out.draws.move_rule = position.move_rule.as_ref().map(|m| m.limit.clone());
    for (name, value) in &rules.properties {
        match name.as_str() {
            "slideLimit" => match value {
                Value::Number(n) => match Int::parse(&n.to_string()) {
                    Ok(i) if !i.is_negative() => out.slide_limit = Some(i),
                    _ => errors.push(LowerError::BadProperty {
                        name: "slideLimit",
                        expected: "a non-negative integer",
                        found: value.to_string(),
                    }),
                },
                _ => errors.push(LowerError::BadProperty {
                    name: "slideLimit",
                    expected: "a non-negative integer",
                    found: value.to_string(),
                }),
            },
            "repetition" => match value.as_u64().and_then(|n| u32::try_from(n).ok()) {
                Some(0) => out.draws.repetition = None,
                Some(n) if n >= 2 => out.draws.repetition = Some(n),
                _ => errors.push(LowerError::BadProperty {
                    name: "repetition",
                    expected: "how many times a position occurs for a draw (2 or more; 0 for none)",
                    found: value.to_string(),
                }),
            },
            "castling" => match castling_from_json(value, "castling", Castling::site()) {
                Ok(c) => out.castling = c,
                Err(e) => errors.push(LowerError::PropertyShape {
                    name: "castling",
                    reason: format!("at `{}`: {}", e.path, e.message),
                }),
            },
            crate::pieces::PROPERTY => {
                if let Err(es) = crate::pieces::read_pieces(value, &mut out) {
                    errors.extend(es);
                }
            }
            "cannotPassTurn" => match value {
                Value::Bool(b) => out.can_pass = !b,
                _ => errors.push(LowerError::BadProperty {
                    name: "cannotPassTurn",
                    expected: "true or false",
                    found: value.to_string(),
                }),
            },
            _ => {
                out.extra.insert(name.clone(), value.clone());
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn win_rule(w: WinCondition) -> WinRule {
    match w {
        WinCondition::Checkmate => WinRule::Checkmate,
        WinCondition::RoyalCapture => WinRule::RoyalCapture,
        WinCondition::AllRoyalsCaptured => WinRule::AllRoyalsCaptured,
        WinCondition::AllPiecesCaptured => WinRule::AllPiecesCaptured,
        WinCondition::ThreeCheck => WinRule::Checks(3),
        WinCondition::Koth => WinRule::Koth,
    }
}

fn win_condition(w: &WinRule) -> Result<WinCondition, String> {
    Ok(match w {
        WinRule::Checkmate => WinCondition::Checkmate,
        WinRule::RoyalCapture => WinCondition::RoyalCapture,
        WinRule::AllRoyalsCaptured => WinCondition::AllRoyalsCaptured,
        WinRule::AllPiecesCaptured => WinCondition::AllPiecesCaptured,
        WinRule::Checks(3) => WinCondition::ThreeCheck,
        WinRule::Koth => WinCondition::Koth,
        WinRule::Checks(n) => {
            return Err(format!("a win by {n} checks (only threecheck)"));
        }
        WinRule::Checkmated => {
            return Err("a win by being checkmated".to_string());
        }
        WinRule::NoPiecesLeft => {
            return Err("a win by losing every piece".to_string());
        }
        WinRule::FlagAny | WinRule::FlagAll => {
            return Err("a win by reaching flag squares".to_string());
        }
        WinRule::BareKing => {
            return Err("a win by baring the opponent's king".to_string());
        }
        WinRule::Extinction(_) => {
            return Err(format!(
                "the extinction rule `{}`",
                crate::json::win_keyword(w)
            ));
        }
    })
}

/// The ICN game rules for a rule set, and the turn order and move-rule limit
/// to put into the position.
///
/// # Errors
/// Every rule ICN cannot express (see the module docs), each named.
///
/// ```
/// use icn_rules::{lower::game_rules_of, RuleSet, Zone};
/// let mut r = RuleSet::default();
/// assert!(game_rules_of(&r).is_ok());
/// r.hill = Zone::squares([icn_model::Coord::new(0, 0)]);
/// let e = game_rules_of(&r).unwrap_err();
/// assert!(e[0].to_string().contains("hill"));
/// ```
pub fn game_rules_of(rules: &RuleSet) -> Result<GameRules, Vec<LowerError>> {
    let mut errors = Vec::new();
    let mut bad = |what: String| errors.push(LowerError::Unrepresentable(what));
    if !rules.region.excluded.is_empty() {
        bad(format!(
            "excluded squares ({} of them); use voids instead",
            rules.region.excluded.len()
        ));
    }
    let mut promotions = Vec::new();
    for (i, p) in rules.promotions.iter().enumerate() {
        if rules.promotions[..i].iter().any(|q| q.player == p.player) {
            bad(format!("several promotion rules for {}", p.player));
        }
        if p.promoting.iter().ne([PieceKind::Pawn].iter()) {
            bad(format!(
                "promotion of pieces other than pawns for {}",
                p.player
            ));
        }
        if !p.mandatory {
            bad(format!("optional promotion for {}", p.player));
        }
        for loss in p.arrival_losses("") {
            bad(loss);
        }
        match p.zone.as_rows() {
            Some(ranks) => promotions.push((
                p.player,
                Promotion {
                    ranks,
                    choices: p.choices.clone(),
                },
            )),
            None => bad(format!(
                "a promotion zone that is not whole rows for {}",
                p.player
            )),
        }
    }
    // Who castles is said per piece (the `pieces` property); castling
    // that differs otherwise is the `castling` property (below).
    let mut win_conditions = Vec::new();
    for (player, ws) in &rules.wins {
        let mut out = Vec::new();
        for w in ws {
            match win_condition(w) {
                Ok(c) => out.push(c),
                Err(e) => bad(e),
            }
        }
        win_conditions.push((*player, out));
    }
    if rules.hill != Zone::default_hill() {
        bad("a king-of-the-hill hill other than 4,4 5,4 4,5 5,5".to_string());
    }
    if rules.stalemate != Outcome::Draw {
        bad("a stalemate that is not a draw".to_string());
    }
    if rules.draws.counting.is_some() {
        bad("Makruk counting rules".to_string());
    }
    if rules.draws.material_count.is_some() {
        bad("a material count deciding drawn games".to_string());
    }
    let default_draws = Draws {
        counting: rules.draws.counting.clone(),
        material_count: rules.draws.material_count.clone(),
        move_rule: rules.draws.move_rule.clone(),
        repetition: rules.draws.repetition,
        repetition_result: rules.draws.repetition_result,
        ..Draws::default()
    };
    if rules.draws != default_draws {
        bad("a game without the insufficient-material draw".to_string());
    }
    if rules.draws.repetition_result != RepetitionResult::default() {
        bad("a repetition that is not a draw".to_string());
    }
    if rules.losses != Losses::default() {
        bad("`loss=` rules (perpetual check)".to_string());
    }
    let mut properties = rules.extra.clone();
    // Castling beyond who castles by the site rule is the `castling`
    // property, which then says who castles too; else `pieces` says it.
    let site = Castling::site();
    let own_castling = Castling {
        castlers: site.castlers.clone(),
        ..rules.castling.clone()
    } != site;
    let site_castling;
    let for_pieces = if own_castling {
        site_castling = RuleSet {
            castling: site,
            ..rules.clone()
        };
        &site_castling
    } else {
        rules
    };
    if let Some(p) = crate::pieces::pieces_property(for_pieces) {
        properties.insert(crate::pieces::PROPERTY.to_string(), p);
    }
    if rules.draws.repetition != Draws::default().repetition {
        properties.insert(
            "repetition".to_string(),
            Value::from(rules.draws.repetition.unwrap_or(0)),
        );
    }
    if let Some(l) = &rules.slide_limit {
        match serde_json::from_str::<Value>(&l.to_string()) {
            Ok(v) => {
                properties.insert("slideLimit".to_string(), v);
            }
            Err(_) => bad(format!("slide limit {l} as a JSON number")),
        }
    }
    if rules.forced_capture {
        bad("forced capture".to_string());
    }
    if rules.drops.is_some() {
        bad("drops and pieces in hand".to_string());
    }
    for what in crate::limits::unsayable(&rules.limits) {
        bad(what);
    }
    if rules.can_pass {
        properties.insert("cannotPassTurn".to_string(), Value::Bool(false));
    }
    if own_castling {
        properties.insert("castling".to_string(), castling_json(&rules.castling));
    }
    let world_border = if rules.region.border == WorldBorder::default() {
        None
    } else {
        Some(rules.region.border.clone())
    };
    if errors.is_empty() {
        Ok(GameRules {
            promotions,
            win_conditions,
            world_border,
            properties,
        })
    } else {
        Err(errors)
    }
}

/// A game holding `position` under `rules`: the rules written into the
/// header, the turn order and move-rule limit into the position (the
/// move-rule counter and fullmove number are kept). Rules moving pieces as a
/// four-dimensional variant does name it in the `Variant` metadata instead of
/// a `pieces` property, as the site writes such games. Rules the header and
/// those properties cannot say go whole into the [`RULES_PROPERTY`] (which
/// only the spec dialect writes): every rule set has an ICN game.
///
/// # Errors
/// As [`game_rules_of`], for errors other than rules ICN cannot express
/// (none today).
pub fn game_of(rules: &RuleSet, position: &Position) -> Result<Game, Vec<LowerError>> {
    game_of_native(rules, position).or_else(|es| {
        if es
            .iter()
            .all(|e| matches!(e, LowerError::Unrepresentable(_)))
        {
            let mut game = with_rules(
                whole_rules(rules),
                rules,
                position,
                icn_model::Metadata::default(),
            );
            // The property keeps the rules' turn order; the header says
            // whose turn it is.
            if is_rotation(&position.turn_order, &rules.turn_order) {
                game.position.turn_order = position.turn_order.clone();
            }
            Ok(game)
        } else {
            Err(es)
        }
    })
}

/// Whether `a` is `b` started at another place (the same cycle of turns).
fn is_rotation<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len()
        && (0..b.len().max(1)).any(|k| b.iter().cycle().skip(k).take(b.len()).eq(a.iter()))
}

/// The game rules that carry `rules` whole in the [`RULES_PROPERTY`]
/// (the spec dialect's answer to rules the header cannot say), with a
/// checkmate win for each player of the turn order in the header for
/// readers that look there.
fn whole_rules(rules: &RuleSet) -> GameRules {
    let mut players = rules.turn_order.clone();
    players.sort();
    players.dedup();
    GameRules {
        promotions: Vec::new(),
        win_conditions: players
            .into_iter()
            .map(|p| (p, vec![WinCondition::Checkmate]))
            .collect(),
        // The region is in the property: the header stays in the spec dialect.
        world_border: None,
        properties: [(RULES_PROPERTY.to_string(), crate::json::rules_json(rules))]
            .into_iter()
            .collect(),
    }
}

/// A game of `game_rules` and `position`, its turn order and move rule
/// taken from `rules`.
fn with_rules(
    game_rules: GameRules,
    rules: &RuleSet,
    position: &Position,
    metadata: icn_model::Metadata,
) -> Game {
    let mut position = position.clone();
    position.turn_order = rules.turn_order.clone();
    position.move_rule = rules.draws.move_rule.as_ref().map(|limit| MoveRule {
        played: position
            .move_rule
            .as_ref()
            .map_or(Int::ZERO, |m| m.played.clone()),
        limit: limit.clone(),
    });
    Game {
        metadata,
        position,
        rules: game_rules,
        ..Game::default()
    }
}

/// [`game_of`] in the header and the usual properties only: the reasons
/// they cannot say `rules`, when they cannot.
fn game_of_native(rules: &RuleSet, position: &Position) -> Result<Game, Vec<LowerError>> {
    let mut metadata = icn_model::Metadata::default();
    let sub_board_variant = crate::catalogue::SubBoards::variant_moving(&rules.movements);
    let game_rules = match sub_board_variant {
        Some(code) => {
            metadata.insert("Variant".to_string(), code.to_string());
            let mut plain = rules.clone();
            let boards = crate::catalogue::SubBoards::of_code(code).into_iter();
            for (kind, _) in boards.flat_map(|b| b.movements()) {
                plain.movements.shift_remove(&kind);
            }
            game_rules_of(&plain)
        }
        None => game_rules_of(rules),
    };
    Ok(with_rules(game_rules?, rules, position, metadata))
}
