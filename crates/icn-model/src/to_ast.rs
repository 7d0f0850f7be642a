//! [`Game`] → syntax tree, for writing. The form decides which header fields
//! appear and whether the decorations of long-form moves are kept:
//!
//! | form | turn, fullmove | win conditions | piece letters, `x`, `+`/`#`, glyphs | comments, clocks |
//! |---|---|---|---|---|
//! | [`IcnForm::Compact`] | only when not `w`, not 1 | only when not all checkmate | dropped | kept |
//! | [`IcnForm::Full`] | always | only when not all checkmate | kept | kept |
//! | [`IcnForm::Pretty`] | always | always | kept | kept |
//!
//! Promotion choices are left out when they are the default Q, R, B, N. The
//! compact form still writes the turn when the text would otherwise start
//! with the `{…}` property block, which readers take for the JSON long form.

use std::borrow::Cow;

use icn_syntax::{self as syn, Dialect, Span, WriteError};

use crate::{Coord, Game, Int, Move, Player, Promotion, WinCondition};

/// Which header fields and move decorations to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IcnForm {
    /// The shortest text: defaults left out, move decorations dropped.
    Compact,
    /// Every field the site writes, decorations kept, one line.
    #[default]
    Full,
    /// Like `Full` plus win conditions always; laid out on several lines.
    Pretty,
}

fn int(i: &Int) -> syn::Int<'static> {
    syn::Int::synthetic(i.to_string())
}

fn coord(c: &Coord) -> syn::Coord<'static> {
    syn::Coord {
        x: int(&c.x),
        y: int(&c.y),
        span: Span::SYNTHETIC,
    }
}

fn code(text: String) -> syn::PieceCode<'static> {
    syn::PieceCode {
        text: Cow::Owned(text),
        span: Span::SYNTHETIC,
    }
}

fn field(kind: syn::FieldKind<'static>) -> syn::Field<'static> {
    syn::Field {
        kind,
        span: Span::SYNTHETIC,
    }
}

/// The site knows only the built-in pieces: a variant's own pieces and
/// their definitions (the `pieces` property) need the spec dialect.
fn site_pieces(game: &Game, problems: &mut Vec<String>) {
    let own = game
        .position
        .pieces
        .iter()
        .map(|p| p.piece.kind)
        .chain(
            game.rules
                .promotions
                .iter()
                .flat_map(|(_, p)| p.choices.iter().copied()),
        )
        .find(|k| !k.is_builtin());
    if let Some(k) = own {
        problems.push(format!(
            "the site dialect has only the 22 built-in pieces, not `{}` (a variant's own pieces need the spec dialect)",
            k.code()
        ));
    } else if game.rules.properties.contains_key("pieces") {
        problems.push(
            "the site dialect cannot define pieces (the `pieces` property needs the spec dialect)"
                .to_string(),
        );
    }
    if game.rules.properties.contains_key("rules") {
        problems.push(
            "the site dialect cannot carry a whole rule set (the `rules` property needs the spec dialect)"
                .to_string(),
        );
    }
}

/// Builds the syntax tree of `game` in `form` for `dialect`.
///
/// # Errors
/// When the model holds something no ICN text can say: a promotion or win
/// condition for a player who is not in the turn order, an empty turn order,
/// an empty list of win conditions, a property nested deeper than the ICN
/// reader accepts, or a comment holding `[%clk` on a move without a clock
/// (the reader would take it for the move's clock); in the site dialect, a
/// piece that is not built-in, the `pieces` property or the `rules` property.
pub fn to_ast(
    game: &Game,
    form: IcnForm,
    dialect: Dialect,
) -> Result<syn::Document<'static>, WriteError> {
    let mut problems = Vec::new();
    let pos = &game.position;
    let players = pos.players();
    // Off the board: the `state` property where there is a property block.
    let state = crate::state_property::state_json(pos);
    if dialect == Dialect::Site {
        off_board_state(pos, &mut problems);
    }
    let mut fields = Vec::new();

    let turn_written = form != IcnForm::Compact
        || pos.turn_order != [Player::WHITE, Player::BLACK]
        || says_nothing_else(game);
    if pos.turn_order.is_empty() {
        problems.push("the turn order is empty".to_string());
    } else if turn_written {
        fields.extend(turn_field(pos, &mut problems));
    }
    if let Some(ep) = &pos.en_passant {
        fields.push(field(syn::FieldKind::EnPassant(coord(ep))));
    }
    if let Some(rule) = &pos.move_rule {
        fields.push(field(syn::FieldKind::MoveRule {
            played: int(&rule.played),
            limit: int(&rule.limit),
        }));
    }
    if form != IcnForm::Compact || pos.fullmove != Int::ONE {
        fields.push(field(syn::FieldKind::FullMove(int(&pos.fullmove))));
    }
    if !game.rules.promotions.is_empty() {
        fields.push(field(syn::FieldKind::Promotions(promotion_segments(
            game,
            &players,
            dialect,
            &mut problems,
        ))));
    }
    if let Some(b) = &game.rules.world_border {
        let side = |s: &Option<Int>| s.as_ref().map(int);
        fields.push(field(syn::FieldKind::WorldBorder([
            side(&b.left),
            side(&b.right),
            side(&b.bottom),
            side(&b.top),
        ])));
    }
    if let Some(w) = win_segments(game, &players, form, &mut problems) {
        fields.push(field(syn::FieldKind::WinConditions(w)));
    }
    let mut properties = Cow::Borrowed(&game.rules.properties);
    if let Some(v) = state.filter(|_| dialect != Dialect::Site) {
        properties
            .to_mut()
            .insert(crate::state_property::STATE_PROPERTY.to_string(), v);
    }
    if let Some(name) = too_deep_property(&properties) {
        problems.push(format!(
            "property `{}` nests deeper than the {} levels of JSON ICN reads",
            icn_syntax::Excerpt(name),
            icn_syntax::MAX_NESTING
        ));
    } else if !properties.is_empty() {
        let json = properties_text(&properties);
        fields.push(field(syn::FieldKind::Properties(Cow::Owned(json))));
    }
    if !game.annotations.squares.is_empty() {
        fields.push(field(syn::FieldKind::Squares(
            game.annotations.squares.iter().map(coord).collect(),
        )));
    }
    if !game.annotations.rays.is_empty() {
        fields.push(field(syn::FieldKind::Rays(
            game.annotations
                .rays
                .iter()
                .map(|r| syn::Ray {
                    from: coord(&r.from),
                    direction: coord(&r.direction),
                    span: Span::SYNTHETIC,
                })
                .collect(),
        )));
    }
    for (i, m) in game.moves.iter().enumerate() {
        if let Some(c) = m.comments.iter().find(|c| crate::holds_command(c)) {
            problems.push(format!(
                "move {}: comment `{}` holds a `[%name value]` command, which ICN reads as a \
                 clock or command, not as comment text",
                i + 1,
                icn_syntax::Excerpt(c)
            ));
        }
    }
    if dialect == Dialect::Site {
        site_pieces(game, &mut problems);
    }
    // A text that starts with the `{…}` block would be taken for the JSON
    // long form: the compact form then writes the turn first.
    let json_first = game.metadata.is_empty()
        && fields
            .first()
            .is_some_and(|f| matches!(f.kind, syn::FieldKind::Properties(_)));
    if !turn_written && json_first {
        fields.splice(0..0, turn_field(pos, &mut problems));
    }
    if !problems.is_empty() {
        return Err(WriteError { problems });
    }
    Ok(syn::Document {
        metadata: game
            .metadata
            .iter()
            .map(|(k, v)| syn::MetaTag {
                name: Cow::Owned(k.clone()),
                value: Cow::Owned(v.clone()),
                span: Span::SYNTHETIC,
            })
            .collect(),
        fields,
        pieces: pos
            .pieces
            .iter()
            .map(|p| syn::PieceEntry {
                code: code(p.piece.code()),
                at: coord(&p.at),
                special_right: p.special_right,
                span: Span::SYNTHETIC,
            })
            .collect(),
        leading_comments: game
            .leading_comments
            .iter()
            .map(|c| comment(c.clone()))
            .collect(),
        moves: game
            .moves
            .iter()
            .map(|m| game_move(m, form, dialect))
            .collect(),
        span: Span::SYNTHETIC,
    })
}

/// What a position may hold that the site dialect has no way to say (the
/// others write it as the `state` property, [`crate::state_property`]):
/// pieces in hand, promoted pieces (FEN `[…]` and `~`), a Makruk count in
/// progress and an en passant piece that is not right behind the en passant
/// square.
fn off_board_state(pos: &crate::Position, problems: &mut Vec<String>) {
    if let Some(v) = &pos.en_passant_victim {
        problems.push(format!(
            "ICN cannot say which piece en passant takes (the one on {v})"
        ));
    }
    if let Some(c) = pos.count {
        problems.push(format!(
            "ICN cannot hold a Makruk count in progress ({} of {} plies)",
            c.ply, c.limit
        ));
    }
    if !pos.holdings.is_empty() {
        let held: Vec<String> = pos
            .holdings
            .iter()
            .map(|(p, n)| format!("{n} {}", p.code()))
            .collect();
        problems.push(format!(
            "ICN cannot hold pieces in hand ({})",
            held.join(", ")
        ));
    }
    if let Some(p) = pos.pieces.iter().find(|p| p.promoted_from.is_some()) {
        problems.push(format!(
            "ICN cannot mark a piece promoted (the {} on {})",
            p.piece.code(),
            p.at
        ));
    }
}

/// The turn order field: `w` or `b` for White and Black alternating, the
/// whole order otherwise.
fn turn_field(pos: &crate::Position, problems: &mut Vec<String>) -> Option<syn::Field<'static>> {
    let order = if pos.is_two_player_alternation() {
        &pos.turn_order[..1]
    } else {
        &pos.turn_order[..]
    };
    let letters = order
        .iter()
        .map(|p| p.to_letter())
        .collect::<Option<Vec<_>>>();
    if letters.is_none() {
        problems
            .push("the turn order names a player beyond the seven ICN has letters for".to_string());
    }
    letters.map(|l| field(syn::FieldKind::TurnOrder(l)))
}

/// Whether the game holds nothing but defaults, so that the compact form
/// must still write the turn (an empty text is not an ICN document).
fn says_nothing_else(game: &Game) -> bool {
    let pos = &game.position;
    game.metadata.is_empty()
        && pos.pieces.is_empty()
        && pos.en_passant.is_none()
        && pos.move_rule.is_none()
        && pos.fullmove == Int::ONE
        && game.rules.promotions.is_empty()
        && game.rules.world_border.is_none()
        && game.rules.properties.is_empty()
        && game.annotations.is_empty()
        && game.leading_comments.is_empty()
        && game.moves.is_empty()
}

fn comment(text: String) -> syn::Comment<'static> {
    syn::Comment {
        text: Cow::Owned(text),
        span: Span::SYNTHETIC,
    }
}

fn promotion_segments(
    game: &Game,
    players: &[Player],
    dialect: Dialect,
    problems: &mut Vec<String>,
) -> Vec<syn::PromotionSegment<'static>> {
    for (p, rule) in &game.rules.promotions {
        if !players.contains(p) {
            problems.push(format!(
                "a promotion rule for {p}, who is not in the turn order"
            ));
        }
        if rule.choices.is_empty() && !rule.ranks.is_empty() {
            problems.push(format!(
                "{p} promotes to nothing, which ICN cannot write (a list after `;` is never empty)"
            ));
        }
    }
    // The site wants one segment per player, empty ones included: `(8|)`.
    let last = if dialect == Dialect::Site {
        players.len()
    } else {
        players
            .iter()
            .rposition(|p| game.rules.promotion(*p).is_some())
            .map_or(0, |i| i + 1)
    };
    players[..last]
        .iter()
        .map(|&player| {
            let Some(rule) = game.rules.promotion(player) else {
                return syn::PromotionSegment::default();
            };
            let pieces = (rule.choices != Promotion::DEFAULT_CHOICES).then(|| {
                rule.choices
                    .iter()
                    .map(|k| {
                        let upper = dialect == Dialect::Spec && player == Player::WHITE;
                        code(if upper {
                            k.code().to_string()
                        } else {
                            k.lower_code().into_owned()
                        })
                    })
                    .collect()
            });
            syn::PromotionSegment {
                ranks: rule.ranks.iter().map(int).collect(),
                pieces,
                span: Span::SYNTHETIC,
            }
        })
        .collect()
}

fn win_segments(
    game: &Game,
    players: &[Player],
    form: IcnForm,
    problems: &mut Vec<String>,
) -> Option<Vec<Vec<syn::Keyword<'static>>>> {
    for (p, _) in &game.rules.win_conditions {
        if !players.contains(p) {
            problems.push(format!(
                "win conditions for {p}, who is not in the turn order"
            ));
        }
    }
    let lists: Vec<&[WinCondition]> = players.iter().map(|&p| game.rules.wins_of(p)).collect();
    for (&p, list) in players.iter().zip(&lists) {
        if list.is_empty() {
            problems.push(format!(
                "{p} has an empty list of win conditions, which ICN cannot write \
                 (a win-condition list names at least one)"
            ));
        }
    }
    let all_checkmate = lists.iter().all(|l| *l == [WinCondition::Checkmate]);
    if lists.is_empty() || (all_checkmate && form != IcnForm::Pretty) {
        return None;
    }
    let words = |l: &[WinCondition]| -> Vec<syn::Keyword<'static>> {
        l.iter()
            .map(|w| syn::Keyword {
                text: Cow::Borrowed(w.keyword()),
                span: Span::SYNTHETIC,
            })
            .collect()
    };
    if lists.iter().all(|l| *l == lists[0]) {
        Some(vec![words(lists[0])])
    } else {
        Some(lists.into_iter().map(words).collect())
    }
}

fn game_move(m: &Move, form: IcnForm, dialect: Dialect) -> syn::MoveEntry<'static> {
    let keep = form != IcnForm::Compact;
    let mut comments: Vec<syn::Comment<'static>> =
        m.comments.iter().map(|c| comment(c.clone())).collect();
    let mut stamps: Vec<String> = m
        .clock
        .map(|c| format!("[%clk {}]", c.format()))
        .into_iter()
        .collect();
    stamps.extend(m.commands.iter().map(|c| format!("[{c}]")));
    if !stamps.is_empty() {
        // The reader takes the commands out of the first comment and trims
        // what is left: a comment that trimming would change (or drop, when
        // empty) keeps its own braces after a comment of the commands alone.
        let stamp = stamps.join(" ");
        match comments.first_mut() {
            Some(first) if !first.text.is_empty() && first.text.trim() == first.text => {
                first.text = Cow::Owned(format!("{stamp} {}", first.text));
            }
            _ => comments.insert(0, comment(stamp)),
        }
    }
    syn::MoveEntry {
        body: syn::MoveBody::Coordinates(syn::CoordinateMove {
            piece: m.piece.filter(|_| keep).map(|p| code(p.code())),
            from: coord(&m.from),
            capture: keep && m.capture,
            to: coord(&m.to),
            promotion: m.promotion.map(|p| syn::Promotion {
                code: code(p.code()),
                style: if dialect == Dialect::Spec {
                    syn::PromotionStyle::Attached
                } else {
                    syn::PromotionStyle::Equals
                },
            }),
        }),
        check: m.check.filter(|_| keep),
        glyph: m.glyph.clone().filter(|_| keep).map(Cow::Owned),
        comments,
        span: Span::SYNTHETIC,
    }
}

/// The first property whose value, inside the `{...}` block, nests deeper
/// than the ICN reader accepts ([`icn_syntax::MAX_NESTING`], the block's own
/// `{` included).
fn too_deep_property(props: &indexmap::IndexMap<String, serde_json::Value>) -> Option<&str> {
    props
        .iter()
        .find(|(_, v)| nests_deeper(v, icn_syntax::MAX_NESTING - 1))
        .map(|(k, _)| k.as_str())
}

/// Whether `v` has more than `levels` levels of arrays and objects; the
/// recursion stops one level past `levels`.
fn nests_deeper(v: &serde_json::Value, levels: usize) -> bool {
    use serde_json::Value;
    let children: Box<dyn Iterator<Item = &Value>> = match v {
        Value::Array(a) => Box::new(a.iter()),
        Value::Object(o) => Box::new(o.values()),
        _ => return false,
    };
    levels == 0 || children.into_iter().any(|c| nests_deeper(c, levels - 1))
}

/// The `{...}` block as the spec writes it: `{"slideLimit": 100, "cannotPassTurn": true}`.
fn properties_text(props: &indexmap::IndexMap<String, serde_json::Value>) -> String {
    use serde::Serialize;
    let mut out = Vec::with_capacity(32);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, SpacedFormatter);
    props
        .serialize(&mut ser)
        .expect("JSON values always serialise");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Compact JSON with a blank after `:` and `,`, as in `icn-notation.md`.
struct SpacedFormatter;

impl serde_json::ser::Formatter for SpacedFormatter {
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
}
