//! The rule set of an ICN game: world border, promotion rows and choices,
//! win conditions, slide limit, move rule and turn order from the game's
//! header, with the defaults of `icn_rules::RuleSet` (site castling, pawn en
//! passant, stalemate a draw, threefold repetition) for the rest.

use icn_model::{Game, PieceKind, WinCondition};
use icn_rules::board::{Region, Zone};
use icn_rules::{PromotionRule, RuleSet, WinRule};

use crate::MovegenError;

/// The rule set an ICN game states.
///
/// # Errors
/// None today; the signature leaves room for rules the engine refuses.
///
/// ```
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("w (8|1) {\"slideLimit\": 7} K5,1|k5,8", Dialect::Auto).unwrap();
/// let rules = icn_movegen::rules_of(&g).unwrap();
/// assert_eq!(rules.slide_limit.unwrap().to_i64(), Some(7));
/// assert_eq!(rules.promotions.len(), 2);
/// ```
pub fn rules_of(game: &Game) -> Result<RuleSet, MovegenError> {
    let r = &game.rules;
    let mut rules = RuleSet::default();
    if let Some(b) = &r.world_border {
        rules.region = Region::bordered(b.clone());
    }
    rules.promotions = r
        .promotions
        .iter()
        .map(|(player, p)| PromotionRule {
            player: *player,
            promoting: [PieceKind::Pawn].into_iter().collect(),
            zone: Zone::rows(p.ranks.iter().cloned()),
            choices: p.choices.clone(),
            mandatory: true,
        })
        .collect();
    rules.wins = r
        .win_conditions
        .iter()
        .map(|(p, ws)| {
            let rules: Vec<WinRule> = ws
                .iter()
                .map(|w| match w {
                    WinCondition::Checkmate => WinRule::Checkmate,
                    WinCondition::RoyalCapture => WinRule::RoyalCapture,
                    WinCondition::AllRoyalsCaptured => WinRule::AllRoyalsCaptured,
                    WinCondition::AllPiecesCaptured => WinRule::AllPiecesCaptured,
                    WinCondition::ThreeCheck => WinRule::Checks(3),
                    WinCondition::Koth => WinRule::Koth,
                })
                .collect();
            (*p, rules)
        })
        .collect();
    rules.slide_limit = r.slide_limit();
    rules.draws.move_rule = game.position.move_rule.as_ref().map(|m| m.limit.clone());
    if !game.position.turn_order.is_empty() {
        rules.turn_order = game.position.turn_order.clone();
    }
    if let Some(serde_json::Value::Bool(b)) = r.properties.get("cannotPassTurn") {
        rules.can_pass = !b;
    }
    for (k, v) in &r.properties {
        if k != "slideLimit" && k != "cannotPassTurn" {
            rules.extra.insert(k.clone(), v.clone());
        }
    }
    Ok(rules)
}
