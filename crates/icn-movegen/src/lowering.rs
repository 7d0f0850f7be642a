//! The rule set of an ICN game, by `icn-rules`' lowering
//! (`icn_rules::lower::rules_from_game`): world border, promotion rows and
//! choices, win conditions, slide limit, move rule, turn order, with the
//! defaults of `icn_rules::RuleSet` (site castling, pawn en passant, stalemate
//! a draw, threefold repetition) for the rest.

use icn_model::Game;
use icn_rules::RuleSet;

use crate::MovegenError;

/// The rule set an ICN game states. The game is validated first
/// (`icn_rules::validate`): the problems that leave it undefined for the
/// engine refuse it, naming each kind and why; the others are played past.
///
/// # Errors
/// [`MovegenError::Setup`] with every such problem, or every problem
/// `icn-rules` reports when lowering the rules.
///
/// ```
/// use icn_model::{Dialect, Game};
/// let g = Game::parse("w (8|1) {\"slideLimit\": 7} K5,1|k5,8", Dialect::Auto).unwrap();
/// let rules = icn_movegen::rules_of(&g).unwrap();
/// assert_eq!(rules.slide_limit.unwrap().to_i64(), Some(7));
/// assert_eq!(rules.promotions.len(), 2);
/// ```
pub fn rules_of(game: &Game) -> Result<RuleSet, MovegenError> {
    if let Some(why) = icn_rules::validate::play_blockers(game) {
        return Err(MovegenError::Setup(why));
    }
    icn_rules::lower::rules_from_game(game).map_err(|errs| {
        let msgs: Vec<String> = errs.iter().map(ToString::to_string).collect();
        MovegenError::Setup(msgs.join("; "))
    })
}
