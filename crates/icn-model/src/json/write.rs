//! Model → JSON long form. Positions that fit the original converter's shape
//! (two players alternating, at most one promotion rank each) are written in
//! exactly that shape; everything else uses the documented extensions.

use std::sync::OnceLock;

use indexmap::IndexMap;

use super::dto::*;
use crate::{Game, Move, Piece, PieceKind, Player, WinCondition};

pub(crate) fn player(p: Player) -> JsonPlayer {
    JsonPlayer(p)
}

fn win(w: WinCondition) -> JsonWinCondition {
    match w {
        WinCondition::Checkmate => JsonWinCondition::Checkmate,
        WinCondition::RoyalCapture => JsonWinCondition::Royalcapture,
        WinCondition::AllRoyalsCaptured => JsonWinCondition::Allroyalscaptured,
        WinCondition::AllPiecesCaptured => JsonWinCondition::Allpiecescaptured,
        WinCondition::ThreeCheck => JsonWinCondition::Threecheck,
        WinCondition::Koth => JsonWinCondition::Koth,
    }
}

/// `pawnsW`-style names for every kind and player, built once.
pub(crate) fn piece_name(p: Piece) -> std::borrow::Cow<'static, str> {
    let (Some(player), Some(k)) = (p.player.index(), p.kind.builtin_index()) else {
        return p.json_name().into();
    };
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut v = Vec::with_capacity(PieceKind::ALL.len() * Player::ALL.len());
        for kind in PieceKind::ALL {
            for player in Player::ALL {
                v.push(Piece::new(kind, player).json_name());
            }
        }
        v
    });
    names[k * Player::ALL.len() + player].as_str().into()
}

/// The compact move string: `4,2>4,4`, `2,7>1,8Q`, or `2,7>1,8=3q` when the
/// promotion code starts with a digit.
pub(crate) fn compact_move_into(m: &Move, s: &mut String) {
    m.from.push_to(s);
    s.push('>');
    m.to.push_to(s);
    if let Some(p) = m.promotion {
        promotion_suffix_into(p, s);
    }
}

/// What a compact move writes after its squares for a promotion to `p`:
/// its code, after `=` when the code starts with a player number.
pub(crate) fn promotion_suffix_into(p: Piece, s: &mut String) {
    if p.player != Player::WHITE && p.player != Player::BLACK {
        s.push('=');
    }
    s.push_str(&p.code());
}

/// Whether the move carries anything beyond its squares and promotion.
pub(crate) fn has_detail(m: &Move) -> bool {
    m.piece.is_some()
        || m.capture
        || m.check.is_some()
        || m.glyph.is_some()
        || m.clock.is_some()
        || !m.commands.is_empty()
        || !m.comments.is_empty()
}

/// Builds the serde view of `game`.
/// `standing` is `game.position.standing()`: JSON keys each square once.
pub(crate) fn to_dto<'a>(game: &'a Game, standing: &'a [crate::PlacedPiece]) -> JsonGame<'a> {
    let pos = &game.position;
    let two_player = pos.is_two_player_alternation();
    JsonGame {
        metadata: game.metadata.clone(),
        turn: player(pos.side_to_move()),
        turn_order: (!two_player).then(|| pos.turn_order.iter().map(|&p| player(p)).collect()),
        en_passant: pos
            .en_passant
            .as_ref()
            .map(|c| [JsonInt(c.x.clone()), JsonInt(c.y.clone())]),
        en_passant_victim: pos
            .en_passant_victim
            .as_ref()
            .map(|c| [JsonInt(c.x.clone()), JsonInt(c.y.clone())]),
        move_rule: pos
            .move_rule
            .as_ref()
            .map(|r| format!("{}/{}", r.played, r.limit)),
        full_move: JsonInt(pos.fullmove.clone()),
        game_rules: rules(game, two_player),
        special_rights: SquareTable::Pieces(standing),
        starting_position: SquareTable::Pieces(standing),
        annotations: (!game.annotations.is_empty()).then(|| JsonAnnotations {
            squares: game
                .annotations
                .squares
                .iter()
                .map(ToString::to_string)
                .collect(),
            rays: game
                .annotations
                .rays
                .iter()
                .map(|r| format!("{}>{}", r.from, r.direction))
                .collect(),
        }),
        leading_comments: game.leading_comments.clone(),
        moves: MoveTable::Moves(&game.moves),
        move_details: game
            .moves
            .iter()
            .any(has_detail)
            .then_some(MoveTable::Moves(&game.moves)),
    }
}

fn rules(game: &Game, two_player: bool) -> JsonGameRules {
    let r = &game.rules;
    let fits_pair = two_player
        && r.promotions
            .iter()
            .all(|(p, rule)| matches!(*p, Player::WHITE | Player::BLACK) && rule.ranks.len() <= 1);
    let first_rank = |p| {
        r.promotion(p)
            .and_then(|x| x.ranks.first().cloned())
            .map(JsonInt)
    };
    let (promotion_ranks, promotion_ranks_by_player, promotions_allowed) =
        if r.promotions.is_empty() {
            (None, None, None)
        } else {
            let choices = |p| {
                r.promotion(p)
                    .map(|x| {
                        x.choices
                            .iter()
                            .map(|k| k.json_name().to_string())
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let mut allowed = IndexMap::new();
            allowed.insert(JsonPlayer(Player::WHITE), choices(Player::WHITE));
            allowed.insert(JsonPlayer(Player::BLACK), choices(Player::BLACK));
            for (p, _) in &r.promotions {
                allowed.insert(player(*p), choices(*p));
            }
            let by_player = (!fits_pair).then(|| {
                r.promotions
                    .iter()
                    .map(|(p, x)| (player(*p), x.ranks.iter().cloned().map(JsonInt).collect()))
                    .collect()
            });
            (
                Some([first_rank(Player::WHITE), first_rank(Player::BLACK)]),
                by_player,
                Some(allowed),
            )
        };
    JsonGameRules {
        promotion_ranks,
        promotion_ranks_by_player,
        promotions_allowed,
        win_conditions: r
            .win_conditions
            .iter()
            .map(|(p, w)| (player(*p), w.iter().map(|&w| win(w)).collect()))
            .collect(),
        world_border: r.world_border.as_ref().map(|b| JsonWorldBorder {
            left: b.left.clone().map(JsonInt),
            right: b.right.clone().map(JsonInt),
            bottom: b.bottom.clone().map(JsonInt),
            top: b.top.clone().map(JsonInt),
        }),
        properties: r.properties.clone(),
    }
}
