//! Model → JSON long form. Positions that fit the original converter's shape
//! (two players alternating, at most one promotion rank each) are written in
//! exactly that shape; everything else uses the documented extensions.

use std::sync::OnceLock;

use indexmap::IndexMap;

use super::dto::*;
use crate::{Game, Move, Piece, PieceKind, Player, WinCondition};

pub(crate) fn player(p: Player) -> JsonPlayer {
    match p {
        Player::Neutral => JsonPlayer::Neutral,
        Player::White => JsonPlayer::White,
        Player::Black => JsonPlayer::Black,
        Player::Red => JsonPlayer::Red,
        Player::Blue => JsonPlayer::Blue,
        Player::Yellow => JsonPlayer::Yellow,
        Player::Green => JsonPlayer::Green,
    }
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
pub(crate) fn piece_name(p: Piece) -> &'static str {
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
    let k = PieceKind::ALL
        .iter()
        .position(|&k| k == p.kind)
        .unwrap_or(0);
    &names[k * Player::ALL.len() + usize::from(p.player.number())]
}

/// The compact move string: `4,2>4,4`, `2,7>1,8Q`, or `2,7>1,8=3q` when the
/// promotion code starts with a digit.
pub(crate) fn compact_move(m: &Move) -> String {
    let mut s = String::with_capacity(16);
    m.from.push_to(&mut s);
    s.push('>');
    m.to.push_to(&mut s);
    if let Some(p) = m.promotion {
        if p.player != Player::White && p.player != Player::Black {
            s.push('=');
        }
        s.push_str(&p.code());
    }
    s
}

fn json_move(m: &Move) -> JsonMove {
    let plain = m.piece.is_none()
        && !m.capture
        && m.check.is_none()
        && m.glyph.is_none()
        && m.clock.is_none()
        && m.comments.is_empty();
    if plain {
        return JsonMove::Compact(compact_move(m));
    }
    JsonMove::Full(JsonMoveDetail {
        mv: compact_move(m),
        piece: m.piece.map(Piece::code),
        capture: m.capture,
        check: m.check.map(|c| {
            if c == crate::CheckMark::Check {
                "+"
            } else {
                "#"
            }
            .to_string()
        }),
        glyph: m.glyph.clone(),
        clock: m.clock.map(|c| c.format()),
        comments: m.comments.clone(),
    })
}

/// Builds the serde view of `game`.
pub(crate) fn to_dto(game: &Game) -> JsonGame<'_> {
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
        move_rule: pos
            .move_rule
            .as_ref()
            .map(|r| format!("{}/{}", r.played, r.limit)),
        full_move: JsonInt(pos.fullmove.clone()),
        game_rules: rules(game, two_player),
        special_rights: SquareTable::Pieces(&pos.pieces),
        starting_position: SquareTable::Pieces(&pos.pieces),
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
        moves: game.moves.iter().map(json_move).collect(),
    }
}

fn rules(game: &Game, two_player: bool) -> JsonGameRules {
    let r = &game.rules;
    let fits_pair = two_player
        && r.promotions
            .iter()
            .all(|(p, rule)| matches!(p, Player::White | Player::Black) && rule.ranks.len() <= 1);
    let (promotion_ranks, promotions_allowed) = if r.promotions.is_empty() {
        (None, None)
    } else if fits_pair {
        let rank = |p| {
            r.promotion(p)
                .and_then(|x| x.ranks.first().cloned())
                .map(JsonInt)
        };
        let allowed = |p| {
            r.promotion(p)
                .map(|x| {
                    x.choices
                        .iter()
                        .map(|k| k.json_name().to_string())
                        .collect()
                })
                .unwrap_or_default()
        };
        let mut allowed_map = IndexMap::new();
        allowed_map.insert(JsonPlayer::White, allowed(Player::White));
        allowed_map.insert(JsonPlayer::Black, allowed(Player::Black));
        (
            Some(JsonPromotionRanks::Pair([
                rank(Player::White),
                rank(Player::Black),
            ])),
            Some(allowed_map),
        )
    } else {
        let ranks = r
            .promotions
            .iter()
            .map(|(p, x)| (player(*p), x.ranks.iter().cloned().map(JsonInt).collect()))
            .collect();
        let allowed = r
            .promotions
            .iter()
            .map(|(p, x)| {
                (
                    player(*p),
                    x.choices
                        .iter()
                        .map(|k| k.json_name().to_string())
                        .collect(),
                )
            })
            .collect();
        (Some(JsonPromotionRanks::PerPlayer(ranks)), Some(allowed))
    };
    JsonGameRules {
        promotion_ranks,
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
