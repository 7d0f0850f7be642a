//! Model-level checks shared by ICN lowering and JSON reading: each problem
//! names the part of the game it is about ([`Subject`]), which lowering turns
//! into a span in the text and JSON reading into a path.
//!
//! Checked: move-rule numbers negative or `N` > `M`; fullmove below 1; world
//! border sides that cross and pieces outside it; an en passant square that is
//! occupied or has no pawn that could just have made it; promotion and win
//! conditions for players outside the turn order, an empty list of either,
//! an empty turn order or one of White or Black alone; promotion choices that cannot be promoted to; `slideLimit` not a non-negative integer,
//! `cannotPassTurn` not a boolean, properties named like the built-in rules.

use crate::{Game, Int, PieceKind, Player};

/// What a problem is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// The turn order.
    TurnOrder,
    /// The move-rule field.
    MoveRule,
    /// The fullmove counter.
    FullMove,
    /// The en passant square.
    EnPassant,
    /// The promotions.
    Promotions,
    /// The win conditions.
    WinConditions,
    /// The world border.
    WorldBorder,
    /// The JSON properties.
    Properties,
    /// The piece at this index of the piece list.
    Piece(usize),
}

/// A problem with a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What it is about.
    pub subject: Subject,
    /// What is wrong.
    pub message: String,
}

/// Property names the JSON long form uses for built-in rules.
pub const RESERVED_PROPERTIES: [&str; 4] = [
    "promotionRanks",
    "promotionsAllowed",
    "winConditions",
    "worldBorder",
];

/// Every problem with `game`, in a fixed order.
pub fn validate(game: &Game) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut say = |subject, message: String| out.push(Problem { subject, message });
    let pos = &game.position;
    if let Some(rule) = &pos.move_rule {
        if rule.played.is_negative() || rule.limit.is_negative() {
            say(
                Subject::MoveRule,
                "move-rule numbers must not be negative".into(),
            );
        } else if rule.played > rule.limit {
            say(
                Subject::MoveRule,
                format!(
                    "move-rule counter {} is above its limit {}",
                    rule.played, rule.limit
                ),
            );
        }
    }
    if pos.fullmove < Int::ONE {
        say(
            Subject::FullMove,
            format!("the fullmove counter starts at 1, found {}", pos.fullmove),
        );
    }
    let players = pos.players();
    for (p, rule) in &game.rules.promotions {
        if !players.contains(p) {
            say(
                Subject::Promotions,
                format!("a promotion rule for {p}, who is not in the turn order"),
            );
        }
        if rule.choices.is_empty() {
            say(
                Subject::Promotions,
                format!("{p} promotes but has no promotion choices"),
            );
        }
        if rule.ranks.is_empty() {
            say(
                Subject::Promotions,
                format!("{p} has promotion choices but no promotion rank"),
            );
        }
        for k in rule.choices.iter().filter(|k| !k.is_promotion_choice()) {
            say(
                Subject::Promotions,
                format!("a pawn cannot promote to {}", k.json_name()),
            );
        }
    }
    for (p, _) in &game.rules.win_conditions {
        if !players.contains(p) {
            say(
                Subject::WinConditions,
                format!("win conditions for {p}, who is not in the turn order"),
            );
        }
    }
    if let Some(b) = &game.rules.world_border {
        if let (Some(l), Some(r)) = (&b.left, &b.right)
            && l > r
        {
            say(
                Subject::WorldBorder,
                format!("world border left {l} is right of right {r}"),
            );
        }
        if let (Some(lo), Some(hi)) = (&b.bottom, &b.top)
            && lo > hi
        {
            say(
                Subject::WorldBorder,
                format!("world border bottom {lo} is above top {hi}"),
            );
        }
        for (i, p) in pos.pieces.iter().enumerate() {
            if !b.contains(&p.at) {
                say(
                    Subject::Piece(i),
                    format!("square {} is outside the world border", p.at),
                );
            }
        }
    }
    if let Some(msg) = en_passant_problem(game) {
        say(Subject::EnPassant, msg);
    }
    let props = &game.rules.properties;
    if let Some(v) = props.get("slideLimit") {
        let ok = matches!(v, serde_json::Value::Number(n) if Int::parse(&n.to_string()).is_ok_and(|i| !i.is_negative()));
        if !ok {
            say(
                Subject::Properties,
                format!("`slideLimit` must be a non-negative integer, found {v}"),
            );
        }
    }
    if let Some(v) = props.get("cannotPassTurn")
        && !v.is_boolean()
    {
        say(
            Subject::Properties,
            format!("`cannotPassTurn` must be true or false, found {v}"),
        );
    }
    for name in RESERVED_PROPERTIES
        .iter()
        .filter(|n| props.contains_key(**n))
    {
        say(
            Subject::Properties,
            format!("property `{name}` is reserved for the built-in rule of that name"),
        );
    }
    out
}

fn en_passant_problem(game: &Game) -> Option<String> {
    let pos = &game.position;
    let ep = pos.en_passant.as_ref()?;
    if pos.piece_at(ep).is_some() {
        return Some(format!("en passant square {ep} is occupied"));
    }
    // The pawn that just double-moved stands one step past the square in its
    // forward direction, and belongs to someone other than the side to move.
    let mover = pos.side_to_move();
    let found = pos.pieces.iter().any(|p| {
        p.piece.kind == PieceKind::Pawn
            && p.piece.player != mover
            && p.piece.player != Player::NEUTRAL
            && p.at.x == ep.x
            && match p.piece.player.pawn_direction() {
                Some(d) => p.at.y == ep.y.add_small(d),
                None => p.at.y == ep.y.add_small(1) || p.at.y == ep.y.add_small(-1),
            }
    });
    (!found).then(|| {
        format!(
            "en passant square {ep} has no pawn beside it that could just have moved two squares"
        )
    })
}
