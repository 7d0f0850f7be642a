//! JSON long form → model. Accepts everything [`super::write`] produces and
//! the original converter's shape; refuses, naming the JSON path, unknown
//! piece names, malformed squares and moves, and every model-level problem
//! of [`crate::validate`].

use ahash::AHashMap;
use icn_syntax::Excerpt;
use indexmap::IndexMap;

use super::JsonError;
use super::dto::*;
use crate::sanlike::{SanLikeResolver, resolve_in_order};
use crate::{
    Annotations, CheckMark, Clock, Coord, Game, GameRules, Int, Move, MoveRule, Piece, PieceKind,
    PlacedPiece, Player, Position, Promotion, Ray, WinCondition, WorldBorder,
};

/// A bad value at `path`; the message quotes at most an excerpt of the input.
fn err(path: impl Into<String>, message: impl Into<String>) -> JsonError {
    JsonError::Invalid {
        path: icn_syntax::cap_quotes(path.into()),
        message: icn_syntax::cap_quotes(message.into()),
    }
}

pub(crate) fn player(p: JsonPlayer) -> Player {
    p.0
}

fn win(w: JsonWinCondition) -> WinCondition {
    match w {
        JsonWinCondition::Checkmate => WinCondition::Checkmate,
        JsonWinCondition::Royalcapture => WinCondition::RoyalCapture,
        JsonWinCondition::Allroyalscaptured => WinCondition::AllRoyalsCaptured,
        JsonWinCondition::Allpiecescaptured => WinCondition::AllPiecesCaptured,
        JsonWinCondition::Threecheck => WinCondition::ThreeCheck,
        JsonWinCondition::Koth => WinCondition::Koth,
    }
}

fn square(text: &str, path: &str) -> Result<Coord, JsonError> {
    Coord::parse(text).map_err(|_| {
        err(
            path,
            format!("expected a square \"x,y\", found \"{}\"", Excerpt(text)),
        )
    })
}

fn piece_code(code: &str, path: &str) -> Result<Piece, JsonError> {
    Piece::from_code(code).map_err(|e| err(path, e.to_string()))
}

/// Parses `x,y>x,y`, `x,y>x,yQ` or `x,y>x,y=Q`.
fn compact_move(text: &str, path: &str) -> Result<Move, JsonError> {
    let bad = || {
        err(
            path,
            format!(
                "expected a move \"x,y>x,y\" with an optional promotion, or a SAN-like move \
                 such as \"N3,4\", found \"{text}\""
            ),
        )
    };
    let (from, rest) = text.split_once('>').ok_or_else(bad)?;
    let split = rest
        .char_indices()
        .skip(1)
        .find(|&(_, c)| !(c.is_ascii_digit() || c == ',' || c == '-'))
        .map_or(rest.len(), |(i, _)| i);
    let (to, promo) = rest.split_at(split);
    let mut m = Move::new(
        square(from, path).map_err(|_| bad())?,
        square(to, path).map_err(|_| bad())?,
    );
    let promo = promo.strip_prefix('=').unwrap_or(promo);
    if !promo.is_empty() {
        m.promotion = Some(piece_code(promo, path)?);
    }
    Ok(m)
}

fn apply_detail(m: &mut Move, d: JsonMoveDetail, path: &str) -> Result<(), JsonError> {
    m.piece = d
        .piece
        .map(|p| piece_code(&p, &format!("{path}.piece")))
        .transpose()?;
    m.capture = d.capture;
    m.check = match d.check.as_deref() {
        None => None,
        Some("+") => Some(CheckMark::Check),
        Some("#") => Some(CheckMark::Checkmate),
        Some(other) => {
            return Err(err(
                format!("{path}.check"),
                format!("expected \"+\" or \"#\", found \"{other}\""),
            ));
        }
    };
    if let Some(g) = &d.glyph
        && (g.is_empty() || !g.chars().all(|c| c == '!' || c == '?'))
    {
        return Err(err(
            format!("{path}.glyph"),
            format!("expected `!` and `?` only, found \"{g}\""),
        ));
    }
    m.glyph = d.glyph;
    m.clock = d
        .clock
        .map(|c| {
            Clock::parse(&c).ok_or_else(|| {
                err(
                    format!("{path}.clock"),
                    format!("expected H:MM:SS.D, found \"{c}\""),
                )
            })
        })
        .transpose()?;
    if let Some(bad) = d.commands.iter().find(|c| {
        !c.starts_with('%') || c.starts_with("%clk ") || c.contains(']') || !c.contains(' ')
    }) {
        return Err(err(
            format!("{path}.commands"),
            format!("expected \"%name value\" (a clock goes in `clock`), found \"{bad}\""),
        ));
    }
    m.commands = d.commands;
    // Comment text means what ICN reading makes of it: trimmed, blanks made one.
    m.comments = d
        .comments
        .iter()
        .map(|c| crate::comment::one_spaced(c))
        .collect();
    Ok(())
}

/// A move string: compact coordinates, or a SAN-like move (with an optional
/// `+`/`#`) left for the resolver: a placeholder move and its text.
fn json_move(text: &str, path: &str) -> Result<(Move, Option<String>), JsonError> {
    let (body, check) = match text.as_bytes().last() {
        Some(b'+') => (&text[..text.len() - 1], Some(CheckMark::Check)),
        Some(b'#') => (&text[..text.len() - 1], Some(CheckMark::Checkmate)),
        _ => (text, None),
    };
    if !text.contains('>') && icn_syntax::is_sanlike(body) {
        let mut m = Move::new(Coord::default(), Coord::default());
        m.check = check;
        return Ok((m, Some(body.to_string())));
    }
    compact_move(text, path).map(|m| (m, None))
}

/// The moves, and the SAN-like texts among them.
fn moves(
    texts: MoveTable<'_, String>,
    details: Option<MoveTable<'_, JsonMoveDetail>>,
) -> Result<(Vec<Move>, Vec<Option<String>>), JsonError> {
    let (MoveTable::Read(texts), details) = (texts, details.map(MoveTable::into_read)) else {
        return Err(err("moves", "moves to read must come from JSON"));
    };
    let (mut out, sanlike): (Vec<Move>, Vec<Option<String>>) = texts
        .iter()
        .enumerate()
        .map(|(i, t)| json_move(t, &format!("moves[{i}]")))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    if let Some(details) = details {
        let details = details.unwrap_or_default();
        if details.len() != out.len() {
            return Err(err(
                "moveDetails",
                format!(
                    "{} entries for {} moves; there must be one per move",
                    details.len(),
                    out.len()
                ),
            ));
        }
        for (i, (m, d)) in out.iter_mut().zip(details).enumerate() {
            let check = m.check;
            apply_detail(m, d, &format!("moveDetails[{i}]"))?;
            m.check = m.check.or(check);
        }
    }
    Ok((out, sanlike))
}

fn kind_name(name: &str, path: &str) -> Result<PieceKind, JsonError> {
    PieceKind::from_json_name(name).ok_or_else(|| {
        err(
            path,
            format!("unknown piece name \"{name}\", expected a plural such as \"queens\""),
        )
    })
}

pub(crate) fn from_dto(
    j: JsonGame<'_>,
    resolver: &mut dyn SanLikeResolver,
) -> Result<Game, JsonError> {
    let turn_order = match j.turn_order {
        Some(order) => {
            let order: Vec<Player> = order.into_iter().map(player).collect();
            if order.first() != Some(&player(j.turn)) {
                return Err(err("turnOrder", "the turn order must start with `turn`"));
            }
            order
        }
        None => match player(j.turn) {
            Player::WHITE => vec![Player::WHITE, Player::BLACK],
            Player::BLACK => vec![Player::BLACK, Player::WHITE],
            other => return Err(err("turn", format!("{other} to move needs a `turnOrder`"))),
        },
    };
    let move_rule = j
        .move_rule
        .map(|s| {
            let parsed = s
                .split_once('/')
                .and_then(|(a, b)| Some((Int::parse(a).ok()?, Int::parse(b).ok()?)));
            parsed
                .map(|(played, limit)| MoveRule { played, limit })
                .ok_or_else(|| err("moveRule", format!("expected \"N/M\", found \"{s}\"")))
        })
        .transpose()?;
    let (SquareTable::Read(starting_position), SquareTable::Read(special_rights)) =
        (j.starting_position, j.special_rights)
    else {
        return Err(err(
            "startingPosition",
            "a table to read must come from JSON",
        ));
    };
    // Keys are read as numbers: `"5,5"` and `"05,5"` are one square. A square
    // given twice is kept twice, in order (the later piece stands there for
    // play; validation reports it); `specialRights` applies to that later one.
    let mut pieces = Vec::with_capacity(starting_position.len());
    let mut last_on: AHashMap<Coord, usize> = AHashMap::with_capacity(starting_position.len());
    for (key, name) in &starting_position {
        let path = format!("startingPosition.\"{}\"", Excerpt(key));
        let piece = Piece::from_json_name(name).ok_or_else(|| {
            err(
                &path,
                format!(
                    "unknown piece \"{}\", expected a name such as \"pawnsW\"",
                    Excerpt(name)
                ),
            )
        })?;
        let at = square(key, &path)?;
        last_on.insert(at.clone(), pieces.len());
        pieces.push(PlacedPiece {
            promoted_from: None,
            piece,
            at,
            special_right: false,
        });
    }
    for (key, on) in special_rights {
        let path = format!("specialRights.\"{}\"", Excerpt(&key));
        let at = square(&key, &path)?;
        match last_on.get(&at) {
            Some(&i) => pieces[i].special_right = on,
            None if !on => {}
            None => return Err(err(path, "no piece stands on this square")),
        }
    }
    let position = Position {
        holdings: Default::default(),
        count: None,
        pieces,
        turn_order,
        en_passant: j.en_passant.map(|[x, y]| Coord { x: x.0, y: y.0 }),
        en_passant_victim: j.en_passant_victim.map(|[x, y]| Coord { x: x.0, y: y.0 }),
        move_rule,
        fullmove: j.full_move.0,
    };
    let rules = game_rules(j.game_rules, &position)?;
    let annotations = match j.annotations {
        None => Annotations::default(),
        Some(a) => Annotations {
            squares: a
                .squares
                .iter()
                .map(|s| square(s, "annotations.squares"))
                .collect::<Result<_, _>>()?,
            rays: a
                .rays
                .iter()
                .map(|r| {
                    let (from, dir) = r.split_once('>').ok_or_else(|| {
                        err(
                            "annotations.rays",
                            format!("expected \"x,y>dx,dy\", found \"{r}\""),
                        )
                    })?;
                    Ok(Ray {
                        from: square(from, "annotations.rays")?,
                        direction: square(dir, "annotations.rays")?,
                    })
                })
                .collect::<Result<_, JsonError>>()?,
        },
    };
    let (moves, sanlike) = moves(j.moves, j.move_details)?;
    let mut game = Game {
        metadata: j.metadata,
        position,
        rules,
        annotations,
        leading_comments: j.leading_comments,
        moves,
    };
    if sanlike.iter().any(Option::is_some) {
        let written: Vec<Option<&str>> = sanlike.iter().map(Option::as_deref).collect();
        resolve_in_order(&mut game, &written, resolver)
            .map_err(|e| err(format!("moves[{}]", e.ply), e.message))?;
    }
    Ok(game)
}

fn game_rules(r: JsonGameRules, pos: &Position) -> Result<GameRules, JsonError> {
    let mut allowed: IndexMap<Player, Vec<PieceKind>> = IndexMap::new();
    for (p, names) in r.promotions_allowed.unwrap_or_default() {
        let path = format!("gameRules.promotionsAllowed.{}", player(p));
        let mut kinds: Vec<PieceKind> = Vec::with_capacity(names.len());
        for n in &names {
            // Repeats collapse, as in ICN: `["queens", "queens"]` is one choice.
            let k = kind_name(n, &path)?;
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        allowed.insert(player(p), kinds);
    }
    let pair: Vec<(Player, Vec<Int>)> = [Player::WHITE, Player::BLACK]
        .into_iter()
        .zip(r.promotion_ranks.unwrap_or_default())
        .filter_map(|(p, r)| r.map(|r| (p, vec![r.0])))
        .collect();
    let ranks: Vec<(Player, Vec<Int>)> = match r.promotion_ranks_by_player {
        None => pair,
        Some(map) => {
            let full: Vec<(Player, Vec<Int>)> = map
                .into_iter()
                .map(|(p, rs)| (player(p), rs.into_iter().map(|r| r.0).collect()))
                .collect();
            // `promotionRanks` must say the same as the full lists.
            for p in [Player::WHITE, Player::BLACK] {
                let first = full
                    .iter()
                    .find(|(q, _)| *q == p)
                    .and_then(|(_, rs)| rs.first());
                let stated = pair.iter().find(|(q, _)| *q == p).map(|(_, rs)| &rs[0]);
                if first != stated {
                    return Err(err(
                        "gameRules.promotionRanks",
                        format!("{p}'s first rank disagrees with promotionRanksByPlayer"),
                    ));
                }
            }
            full
        }
    };
    let mut promotions = Vec::new();
    for (p, ranks) in ranks {
        if ranks.is_empty() {
            continue;
        }
        let choices = allowed
            .shift_remove(&p)
            .unwrap_or_else(|| Promotion::DEFAULT_CHOICES.to_vec());
        promotions.push((p, Promotion { ranks, choices }));
    }
    if let Some((p, kinds)) = allowed.iter().find(|(_, k)| !k.is_empty()) {
        return Err(err(
            format!("gameRules.promotionsAllowed.{p}"),
            format!(
                "{} promotion choices for {p}, who has no promotion rank",
                kinds.len()
            ),
        ));
    }
    promotions.sort_by_key(|(p, _)| *p);
    let mut win_conditions: Vec<(Player, Vec<WinCondition>)> = r
        .win_conditions
        .into_iter()
        .map(|(p, w)| (player(p), w.into_iter().map(win).collect()))
        .collect();
    // A player the text gives no win conditions wins by checkmate, as on the site.
    for p in pos.players() {
        if !win_conditions.iter().any(|(q, _)| *q == p) {
            win_conditions.push((p, vec![WinCondition::Checkmate]));
        }
    }
    win_conditions.sort_by_key(|(p, _)| *p);
    Ok(GameRules {
        promotions,
        win_conditions,
        world_border: r.world_border.map(|b| WorldBorder {
            left: b.left.map(|i| i.0),
            right: b.right.map(|i| i.0),
            bottom: b.bottom.map(|i| i.0),
            top: b.top.map(|i| i.0),
        }),
        properties: r.properties,
    })
}
