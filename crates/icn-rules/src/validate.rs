//! Validation: is a game, read exactly as its text says, a sensible chess
//! position? [`validate`] returns **every** problem, each a [`ProblemKind`]
//! with a stable kebab-case name, a message and the [`Subject`] it is about
//! (a span in the text through the game's [`SourceMap`], or a JSON path).
//!
//! Reading never judges (see `icn_model::lower`); this pass does, and each
//! consumer decides which kinds it cannot live with: `icn check` shows them
//! as warnings (errors with `--strict`, silenced one by one with `--allow`),
//! and the engine refuses a game only for the kinds that leave it truly
//! undefined ([`ProblemKind::blocks_play`]); for the rest it plays what is on
//! the board, as the site does.

use std::fmt;

use icn_model::{Game, Int, PieceKind, Player, SourceMap, Subject};
use icn_syntax::Diagnostic;

/// The kinds of problem validation finds. [`ProblemKind::name`] is stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProblemKind {
    /// A metadata name given twice (the last value wins).
    MetadataTwice,
    /// The turn order names nobody.
    TurnOrderEmpty,
    /// The neutral player takes turns.
    TurnOrderNeutral,
    /// A player beyond the seven the site names owns a piece or takes turns.
    UnknownPlayer,
    /// An en passant square on an occupied square.
    EpSquareOccupied,
    /// An en passant square with no pawn beside it that could just have
    /// moved two squares.
    EpWithoutPawn,
    /// A negative number in the move rule.
    MoveRuleNegative,
    /// A move-rule counter above its limit.
    MoveRuleOverLimit,
    /// A fullmove counter below 1.
    FullmoveBelowOne,
    /// A promotion rule for a player who is not in the turn order.
    PromotionWithoutPlayer,
    /// A promotion rule with ranks and no choices.
    PromotionWithoutChoices,
    /// A promotion rule with choices and no ranks.
    PromotionWithoutRanks,
    /// A king, royal queen or royal centaur among the promotion choices.
    PromotionToRoyal,
    /// A pawn among the promotion choices.
    PromotionToPawn,
    /// An obstacle or void among the promotion choices.
    PromotionToNeutral,
    /// Win conditions for a player who is not in the turn order.
    WinWithoutPlayer,
    /// A player with an empty list of win conditions.
    WinConditionsEmpty,
    /// World-border sides that cross.
    BorderInverted,
    /// A piece outside the world border.
    PieceOutsideBorder,
    /// A square given twice in the piece list (the later entry stands).
    SquareTwice,
    /// An obstacle or void owned by a player other than neutral (`1ob`).
    NeutralKindOwned,
    /// A piece (or promotion choice) of a kind that is not built-in and that
    /// the `pieces` property does not define.
    UnknownPiece,
    /// `slideLimit` that is not a non-negative integer.
    SlideLimitInvalid,
    /// `cannotPassTurn` that is not a boolean.
    CannotPassTurnInvalid,
}

impl ProblemKind {
    /// Every kind, in the order [`validate`] reports them.
    pub const ALL: [ProblemKind; 24] = [
        ProblemKind::MetadataTwice,
        ProblemKind::TurnOrderEmpty,
        ProblemKind::TurnOrderNeutral,
        ProblemKind::UnknownPlayer,
        ProblemKind::EpSquareOccupied,
        ProblemKind::EpWithoutPawn,
        ProblemKind::MoveRuleNegative,
        ProblemKind::MoveRuleOverLimit,
        ProblemKind::FullmoveBelowOne,
        ProblemKind::PromotionWithoutPlayer,
        ProblemKind::PromotionWithoutChoices,
        ProblemKind::PromotionWithoutRanks,
        ProblemKind::PromotionToRoyal,
        ProblemKind::PromotionToPawn,
        ProblemKind::PromotionToNeutral,
        ProblemKind::WinWithoutPlayer,
        ProblemKind::WinConditionsEmpty,
        ProblemKind::BorderInverted,
        ProblemKind::PieceOutsideBorder,
        ProblemKind::SquareTwice,
        ProblemKind::NeutralKindOwned,
        ProblemKind::UnknownPiece,
        ProblemKind::SlideLimitInvalid,
        ProblemKind::CannotPassTurnInvalid,
    ];

    /// The stable kebab-case name: `ep-without-pawn`.
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::MetadataTwice => "metadata-twice",
            ProblemKind::TurnOrderEmpty => "turn-order-empty",
            ProblemKind::TurnOrderNeutral => "turn-order-neutral",
            ProblemKind::UnknownPlayer => "unknown-player",
            ProblemKind::EpSquareOccupied => "ep-square-occupied",
            ProblemKind::EpWithoutPawn => "ep-without-pawn",
            ProblemKind::MoveRuleNegative => "move-rule-negative",
            ProblemKind::MoveRuleOverLimit => "move-rule-over-limit",
            ProblemKind::FullmoveBelowOne => "fullmove-below-one",
            ProblemKind::PromotionWithoutPlayer => "promotion-without-player",
            ProblemKind::PromotionWithoutChoices => "promotion-without-choices",
            ProblemKind::PromotionWithoutRanks => "promotion-without-ranks",
            ProblemKind::PromotionToRoyal => "promotion-to-royal",
            ProblemKind::PromotionToPawn => "promotion-to-pawn",
            ProblemKind::PromotionToNeutral => "promotion-to-neutral",
            ProblemKind::WinWithoutPlayer => "win-without-player",
            ProblemKind::WinConditionsEmpty => "win-conditions-empty",
            ProblemKind::BorderInverted => "border-inverted",
            ProblemKind::PieceOutsideBorder => "piece-outside-border",
            ProblemKind::SquareTwice => "square-twice",
            ProblemKind::NeutralKindOwned => "neutral-kind-owned",
            ProblemKind::UnknownPiece => "unknown-piece",
            ProblemKind::SlideLimitInvalid => "slide-limit-invalid",
            ProblemKind::CannotPassTurnInvalid => "cannot-pass-turn-invalid",
        }
    }

    /// The kind with a name.
    pub fn from_name(name: &str) -> Option<ProblemKind> {
        ProblemKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Why the engine cannot play a game with this problem, or `None` when
    /// it plays what is on the board regardless (as the site does: an en
    /// passant square no pawn can use is never captured onto, the later of
    /// two entries for a square stands, a promotion choice is offered as
    /// listed).
    pub fn blocks_play(self) -> Option<&'static str> {
        match self {
            ProblemKind::TurnOrderEmpty => Some("nobody is to move"),
            ProblemKind::TurnOrderNeutral => {
                Some("the engine gives turns only to players, not to the neutral side")
            }
            ProblemKind::UnknownPlayer => Some(
                "the engine plays only the seven players the site names (neutral, white, black, red, blue, yellow, green)",
            ),
            ProblemKind::BorderInverted => Some("no square lies inside the world border"),
            ProblemKind::PieceOutsideBorder => {
                Some("the engine plays only pieces on the board, inside the world border")
            }
            ProblemKind::SlideLimitInvalid => Some("the slide limit is not a number of squares"),
            ProblemKind::CannotPassTurnInvalid => {
                Some("whether a player may pass is neither true nor false")
            }
            _ => None,
        }
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A problem with a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Which kind.
    pub kind: ProblemKind,
    /// What it is about.
    pub subject: Subject,
    /// What is wrong, lowercase.
    pub message: String,
}

impl Problem {
    /// The problem as a diagnostic pointing at where its subject was
    /// written.
    pub fn diagnostic(&self, map: &SourceMap) -> Diagnostic {
        Diagnostic::new(map.span(self.subject), self.message.clone())
    }
}

/// Every problem with `game`, in a fixed order (by [`ProblemKind::ALL`],
/// then by where it is). `map`, when the game came from ICN text, adds the
/// problems only the text shows (a metadata name given twice).
///
/// ```
/// use icn_model::{Dialect, Game, RefuseSanLike};
/// use icn_rules::validate::{ProblemKind, validate};
/// let text = "w 3,6 K5,1|k5,8|Q2,2|R2,2";
/// let (game, map) = Game::parse_mapped(text, Dialect::Auto, &mut RefuseSanLike).unwrap();
/// let kinds: Vec<_> = validate(&game, Some(&map)).iter().map(|p| p.kind).collect();
/// assert_eq!(kinds, [ProblemKind::EpWithoutPawn, ProblemKind::SquareTwice]);
/// ```
pub fn validate(game: &Game, map: Option<&SourceMap>) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut say = |kind, subject, message: String| {
        out.push(Problem {
            kind,
            subject,
            message,
        })
    };
    if let Some(map) = map
        && map.metadata.len() > game.metadata.len()
    {
        // Some entry was set by more than one tag: each later tag is told.
        let mut set = vec![false; game.metadata.len()];
        for (i, tag) in map.metadata.iter().enumerate() {
            let Some(seen) = set.get_mut(tag.entry) else {
                continue;
            };
            if std::mem::replace(seen, true) {
                let name = game.metadata.get_index(tag.entry).map_or("", |(n, _)| n);
                say(
                    ProblemKind::MetadataTwice,
                    Subject::Metadata(i),
                    format!("metadata `{name}` given twice; the last value counts"),
                );
            }
        }
    }
    // Each kind's problems come out in this order (the sort below keeps
    // it): the turn order's before the pieces', the pieces' before the
    // promotion choices'.
    let defined = defined_kinds(game);
    let known = |k: PieceKind| k.is_builtin() || defined.contains(&k);
    turn_order(game, &mut say);
    en_passant(game, &mut say);
    counters(game, &mut say);
    let players = game.position.players();
    promotions(game, &players, &mut say);
    wins(game, &players, &mut say);
    board(game, &mut say);
    each_piece(game, &known, &mut say);
    unknown_choices(game, &known, &mut say);
    properties(game, &mut say);
    out.sort_by_key(|p| p.kind);
    out
}

type Say<'a> = dyn FnMut(ProblemKind, Subject, String) + 'a;

/// The kinds the `pieces` property defines.
fn defined_kinds(game: &Game) -> Vec<PieceKind> {
    match game.rules.properties.get(crate::pieces::PROPERTY) {
        Some(serde_json::Value::Object(o)) => {
            o.keys().filter_map(|c| PieceKind::custom(c).ok()).collect()
        }
        _ => Vec::new(),
    }
}

/// Each piece's own problems, in one pass over the list: a player the site
/// does not name, a square outside the world border, an obstacle or void
/// owned by a player, a kind that is neither built-in nor `known`.
fn each_piece(game: &Game, known: &impl Fn(PieceKind) -> bool, say: &mut Say<'_>) {
    let border = game.rules.world_border.as_ref();
    for (i, p) in game.position.pieces.iter().enumerate() {
        if !p.piece.player.is_named() {
            say(
                ProblemKind::UnknownPlayer,
                Subject::Piece(i),
                format!(
                    "`{}` on {} belongs to player {}, not one of the seven the site names",
                    p.piece.code(),
                    p.at,
                    p.piece.player.number()
                ),
            );
        }
        if let Some(b) = border
            && !b.contains(&p.at)
        {
            say(
                ProblemKind::PieceOutsideBorder,
                Subject::Piece(i),
                format!(
                    "`{}` on {} is outside the world border",
                    p.piece.code(),
                    p.at
                ),
            );
        }
        if p.piece.kind.is_neutral_only() && p.piece.player != Player::NEUTRAL {
            say(
                ProblemKind::NeutralKindOwned,
                Subject::Piece(i),
                format!(
                    "`{}` on {}: {} owned by {}, not by the neutral side",
                    p.piece.code(),
                    p.at,
                    if p.piece.kind == PieceKind::Obstacle {
                        "an obstacle"
                    } else {
                        "a void"
                    },
                    p.piece.player
                ),
            );
        }
        if !known(p.piece.kind) {
            say(
                ProblemKind::UnknownPiece,
                Subject::Piece(i),
                format!(
                    "`{}` on {} is not a built-in piece and the `pieces` property does not define it",
                    p.piece.code(),
                    p.at
                ),
            );
        }
    }
}

/// Promotion choices of kinds that are neither built-in nor `known`.
fn unknown_choices(game: &Game, known: &impl Fn(PieceKind) -> bool, say: &mut Say<'_>) {
    for (rule, (player, p)) in game.rules.promotions.iter().enumerate() {
        for (choice, &k) in p.choices.iter().enumerate() {
            if !known(k) {
                say(
                    ProblemKind::UnknownPiece,
                    Subject::PromotionChoice { rule, choice },
                    format!(
                        "{player}'s pawns may promote to `{}`, which is neither built-in nor defined in the `pieces` property",
                        k.code()
                    ),
                );
            }
        }
    }
}

fn turn_order(game: &Game, say: &mut Say<'_>) {
    let order = &game.position.turn_order;
    if order.is_empty() {
        say(
            ProblemKind::TurnOrderEmpty,
            Subject::TurnOrder,
            "the turn order is empty".into(),
        );
    }
    if order.contains(&Player::NEUTRAL) {
        say(
            ProblemKind::TurnOrderNeutral,
            Subject::TurnOrder,
            "the neutral player takes turns".into(),
        );
    }
    if let Some(p) = order.iter().find(|p| !p.is_named()) {
        say(
            ProblemKind::UnknownPlayer,
            Subject::TurnOrder,
            format!(
                "player {} in the turn order is not one of the seven the site names",
                p.number()
            ),
        );
    }
}

fn en_passant(game: &Game, say: &mut Say<'_>) {
    let pos = &game.position;
    let Some(ep) = &pos.en_passant else { return };
    if standing_at(game, ep).is_some() {
        say(
            ProblemKind::EpSquareOccupied,
            Subject::EnPassant,
            format!("en passant square {ep} is occupied"),
        );
    }
    // The pawn that just double-moved stands one step past the square in its
    // forward direction (or where the position says), and belongs to someone
    // other than the side to move.
    let mover = pos.side_to_move();
    if let Some(v) = &pos.en_passant_victim {
        if standing_at(game, v).is_none_or(|p| p.piece.player == mover) {
            say(
                ProblemKind::EpWithoutPawn,
                Subject::EnPassant,
                format!(
                    "en passant square {ep} names {v} as the piece to take, where no opponent stands"
                ),
            );
        }
        return;
    }
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
    if !found {
        say(
            ProblemKind::EpWithoutPawn,
            Subject::EnPassant,
            format!(
                "en passant square {ep} has no pawn beside it that could just have moved two squares"
            ),
        );
    }
}

fn counters(game: &Game, say: &mut Say<'_>) {
    let pos = &game.position;
    if let Some(rule) = &pos.move_rule {
        if rule.played.is_negative() || rule.limit.is_negative() {
            say(
                ProblemKind::MoveRuleNegative,
                Subject::MoveRule,
                "move-rule numbers must not be negative".into(),
            );
        } else if rule.played > rule.limit {
            say(
                ProblemKind::MoveRuleOverLimit,
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
            ProblemKind::FullmoveBelowOne,
            Subject::FullMove,
            format!("the fullmove counter starts at 1, found {}", pos.fullmove),
        );
    }
}

fn promotions(game: &Game, players: &[Player], say: &mut Say<'_>) {
    for (r, (p, rule)) in game.rules.promotions.iter().enumerate() {
        if !players.contains(p) {
            say(
                ProblemKind::PromotionWithoutPlayer,
                Subject::Promotions,
                format!("a promotion rule for {p}, who is not in the turn order"),
            );
        }
        if rule.choices.is_empty() && !rule.ranks.is_empty() {
            say(
                ProblemKind::PromotionWithoutChoices,
                Subject::Promotions,
                format!("{p} promotes but has no promotion choices"),
            );
        }
        if rule.ranks.is_empty() && !rule.choices.is_empty() {
            say(
                ProblemKind::PromotionWithoutRanks,
                Subject::Promotions,
                format!("{p} has promotion choices but no promotion rank"),
            );
        }
        for (c, &kind) in rule.choices.iter().enumerate() {
            let (kind_of_problem, what) = match kind {
                PieceKind::King | PieceKind::RoyalQueen | PieceKind::RoyalCentaur => {
                    (ProblemKind::PromotionToRoyal, "a royal piece")
                }
                PieceKind::Pawn => (ProblemKind::PromotionToPawn, "a pawn"),
                PieceKind::Obstacle | PieceKind::Void => {
                    (ProblemKind::PromotionToNeutral, "a piece that never moves")
                }
                _ => continue,
            };
            say(
                kind_of_problem,
                Subject::PromotionChoice { rule: r, choice: c },
                format!("{p}'s pawns may promote to `{}`, {what}", kind.code()),
            );
        }
    }
}

fn wins(game: &Game, players: &[Player], say: &mut Say<'_>) {
    for (p, list) in &game.rules.win_conditions {
        if !players.contains(p) && *p != Player::NEUTRAL {
            say(
                ProblemKind::WinWithoutPlayer,
                Subject::WinConditions,
                format!("win conditions for {p}, who is not in the turn order"),
            );
        }
        if list.is_empty() {
            say(
                ProblemKind::WinConditionsEmpty,
                Subject::WinConditions,
                format!("{p} has no way to win"),
            );
        }
    }
}

fn board(game: &Game, say: &mut Say<'_>) {
    let pos = &game.position;
    if let Some(b) = &game.rules.world_border {
        if let (Some(l), Some(r)) = (&b.left, &b.right)
            && l > r
        {
            say(
                ProblemKind::BorderInverted,
                Subject::WorldBorder,
                format!("world border left {l} is right of right {r}"),
            );
        }
        if let (Some(lo), Some(hi)) = (&b.bottom, &b.top)
            && lo > hi
        {
            say(
                ProblemKind::BorderInverted,
                Subject::WorldBorder,
                format!("world border bottom {lo} is above top {hi}"),
            );
        }
    }
    for (i, later) in pos.repeats() {
        let earlier = &pos.pieces[i];
        say(
            ProblemKind::SquareTwice,
            Subject::Piece(later),
            format!(
                "square {} is given twice: `{}` here stands, `{}` earlier in the list does not",
                earlier.at,
                pos.pieces[later].piece.code(),
                earlier.piece.code()
            ),
        );
    }
}

/// The entry that stands on `at`: the last one written there.
fn standing_at<'a>(game: &'a Game, at: &icn_model::Coord) -> Option<&'a icn_model::PlacedPiece> {
    game.position.pieces.iter().rev().find(|p| &p.at == at)
}

fn properties(game: &Game, say: &mut Say<'_>) {
    let props = &game.rules.properties;
    if let Some(v) = props.get("slideLimit") {
        let ok = matches!(v, serde_json::Value::Number(n) if Int::parse(&n.to_string()).is_ok_and(|i| !i.is_negative()));
        if !ok {
            say(
                ProblemKind::SlideLimitInvalid,
                Subject::Properties,
                format!("`slideLimit` must be a non-negative integer, found {v}"),
            );
        }
    }
    if let Some(v) = props.get("cannotPassTurn")
        && !v.is_boolean()
    {
        say(
            ProblemKind::CannotPassTurnInvalid,
            Subject::Properties,
            format!("`cannotPassTurn` must be true or false, found {v}"),
        );
    }
}

/// The problems of `game` that the engine cannot play past, as one message
/// naming each kind and why, with the first problem of each kind and how
/// many more there are (`None` when there are none).
///
/// ```
/// use icn_model::{Dialect, Game};
/// use icn_rules::validate::play_blockers;
/// let g = Game::parse("w 1,8,1,8 K1,1|k8,8|R20,20|R30,30", Dialect::Auto).unwrap();
/// let why = play_blockers(&g).unwrap();
/// assert!(why.starts_with("`R` on 20,20 is outside the world border (and 1 more like it) (piece-outside-border)"), "{why}");
/// assert!(play_blockers(&Game::parse("w K1,1|k8,8", Dialect::Auto).unwrap()).is_none());
/// ```
pub fn play_blockers(game: &Game) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut current: Option<(ProblemKind, String, usize)> = None;
    let flush = |c: Option<(ProblemKind, String, usize)>, parts: &mut Vec<String>| {
        if let Some((kind, first, more)) = c
            && let Some(why) = kind.blocks_play()
        {
            let more = match more {
                0 => String::new(),
                n => format!(" (and {n} more like it)"),
            };
            parts.push(format!("{first}{more} ({kind}): {why}"));
        }
    };
    // `validate` gives each kind's problems together.
    for p in validate(game, None) {
        match &mut current {
            Some((kind, _, more)) if *kind == p.kind => *more += 1,
            _ => flush(current.replace((p.kind, p.message, 0)), &mut parts),
        }
    }
    flush(current, &mut parts);
    (!parts.is_empty()).then(|| parts.join("; "))
}
