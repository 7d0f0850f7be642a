//! Lowering: syntax tree → [`Game`], with the semantic checks that point at
//! the text. Every problem is collected, not just the first.
//!
//! Checked here: unknown piece codes and player numbers; a square occupied
//! twice; negative counters, a fullmove counter below 1, and `N` > `M` in the
//! move rule; promotion or win-condition segments beyond the number of
//! players; promotion choices that cannot be promoted to; an en passant
//! square that is occupied or has no pawn that could just have made it; a
//! world border whose sides cross or that leaves a piece outside; a metadata
//! name given twice; JSON properties that are not what they must be
//! (`slideLimit` a non-negative integer, `cannotPassTurn` a boolean); a clock
//! stamp that is not `H:MM:SS.D`. SAN-like moves are resolved by a
//! [`SanLikeResolver`] once everything else is sound ([`lower_with`]).

use ahash::AHashSet;
use icn_syntax::{self as syn, Diagnostic, FieldKind, MoveBody, Span};

use crate::sanlike::{RefuseSanLike, SanLikeError, SanLikeResolver, resolve_in_order};

use crate::validate::{Subject, validate};
use crate::{
    Clock, Coord, Game, Int, Move, MoveRule, Piece, PieceKind, PlacedPiece, Player, Promotion, Ray,
    WinCondition, WorldBorder,
};

/// Lowers a parsed document. SAN-like moves are refused (see
/// [`RefuseSanLike`]); [`lower_with`] resolves them.
///
/// # Errors
/// Every semantic problem, each with the span it is about.
pub fn lower(doc: &syn::Document<'_>) -> Result<Game, Vec<Diagnostic>> {
    lower_with(doc, &mut RefuseSanLike)
}

/// Lowers a parsed document, asking `resolver` which move each SAN-like
/// move is. It is asked only when the rest of the document is sound, in move
/// order, and not after its first refusal.
///
/// # Errors
/// Every semantic problem, each with the span it is about; or the first
/// SAN-like move that does not resolve, at the move the resolver names.
pub fn lower_with(
    doc: &syn::Document<'_>,
    resolver: &mut dyn SanLikeResolver,
) -> Result<Game, Vec<Diagnostic>> {
    let mut cx = Lowering::default();
    let mut game = cx.document(doc);
    if cx.errors.is_empty() {
        for problem in validate(&game) {
            let span = subject_span(doc, problem.subject);
            cx.err(span, problem.message);
        }
    }
    if cx.errors.is_empty()
        && let Err(e) = resolve_sanlike(doc, &mut game, resolver)
    {
        let span = doc.moves.get(e.ply).map_or(doc.span, |m| m.span);
        cx.err(span, e.message);
    }
    if cx.errors.is_empty() {
        Ok(game)
    } else {
        cx.errors.sort_by_key(|d| d.span.start);
        Err(cx.errors)
    }
}

/// Resolves the SAN-like moves of `doc`, whose placeholders `game` holds.
fn resolve_sanlike(
    doc: &syn::Document<'_>,
    game: &mut Game,
    resolver: &mut dyn SanLikeResolver,
) -> Result<(), SanLikeError> {
    if doc.moves.iter().all(|m| m.coordinates().is_some()) {
        return Ok(()); // the common case: nothing to collect
    }
    let written: Vec<Option<&str>> = doc
        .moves
        .iter()
        .map(|m| match &m.body {
            MoveBody::SanLike(t) => Some(t.text.as_ref()),
            MoveBody::Coordinates(_) => None,
        })
        .collect();
    resolve_in_order(game, &written, resolver)
}

#[derive(Default)]
struct Lowering {
    errors: Vec<Diagnostic>,
}

impl Lowering {
    fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.errors.push(Diagnostic::new(span, msg));
    }

    fn int(&mut self, i: &syn::Int<'_>) -> Int {
        // The grammar only lets `-?[0-9]+` through.
        Int::parse(&i.text).unwrap_or_else(|_| {
            self.err(i.span, format!("`{}` is not an integer", i.text));
            Int::ZERO
        })
    }

    fn coord(&mut self, c: &syn::Coord<'_>) -> Coord {
        Coord {
            x: self.int(&c.x),
            y: self.int(&c.y),
        }
    }

    fn piece(&mut self, code: &syn::PieceCode<'_>) -> Option<Piece> {
        match Piece::from_code(&code.text) {
            Ok(p) => Some(p),
            Err(e) => {
                self.err(code.span, e.to_string());
                None
            }
        }
    }

    fn document(&mut self, doc: &syn::Document<'_>) -> Game {
        let mut game = Game::default();
        for tag in &doc.metadata {
            if game.metadata.contains_key(tag.name.as_ref()) {
                self.err(tag.span, format!("metadata `{}` given twice", tag.name));
            } else {
                game.metadata
                    .insert(tag.name.to_string(), tag.value.to_string());
            }
        }
        // Turn order first: segments are assigned to its players.
        for f in &doc.fields {
            if let FieldKind::TurnOrder(order) = &f.kind {
                game.position.turn_order = expand_turn_order(order);
            }
        }
        let players = game.position.players();
        for f in &doc.fields {
            match &f.kind {
                FieldKind::TurnOrder(_) => {}
                FieldKind::EnPassant(c) => game.position.en_passant = Some(self.coord(c)),
                FieldKind::MoveRule { played, limit } => {
                    let (played, limit) = (self.int(played), self.int(limit));
                    game.position.move_rule = Some(MoveRule { played, limit });
                }
                FieldKind::FullMove(n) => game.position.fullmove = self.int(n),
                FieldKind::Promotions(segs) => {
                    game.rules.promotions = self.promotions(segs, &players);
                }
                FieldKind::WorldBorder(sides) => {
                    let [left, right, bottom, top] =
                        sides.each_ref().map(|s| s.as_ref().map(|i| self.int(i)));
                    game.rules.world_border = Some(WorldBorder {
                        left,
                        right,
                        bottom,
                        top,
                    });
                }
                FieldKind::WinConditions(segs) => {
                    game.rules.win_conditions = self.wins(segs, &players, f.span)
                }
                FieldKind::Properties(json) => match serde_json::from_str(json) {
                    Ok(map) => game.rules.properties = map,
                    Err(e) => self.err(f.span, format!("invalid JSON properties: {e}")),
                },
                FieldKind::Squares(sq) => {
                    game.annotations.squares = sq.iter().map(|c| self.coord(c)).collect();
                }
                FieldKind::Rays(rays) => {
                    game.annotations.rays = rays
                        .iter()
                        .map(|r| Ray {
                            from: self.coord(&r.from),
                            direction: self.coord(&r.direction),
                        })
                        .collect();
                }
            }
        }
        if !doc
            .fields
            .iter()
            .any(|f| matches!(f.kind, FieldKind::WinConditions(_)))
        {
            game.rules.win_conditions = players
                .iter()
                .map(|&p| (p, vec![WinCondition::Checkmate]))
                .collect();
        }
        game.position.pieces = self.pieces(&doc.pieces);
        game.leading_comments = doc
            .leading_comments
            .iter()
            .map(|c| c.text.to_string())
            .collect();
        game.moves = doc.moves.iter().map(|m| self.game_move(m)).collect();
        game
    }

    fn promotions(
        &mut self,
        segs: &[syn::PromotionSegment<'_>],
        players: &[Player],
    ) -> Vec<(Player, Promotion)> {
        let mut out = Vec::new();
        for (i, seg) in segs.iter().enumerate() {
            let Some(&player) = players.get(i) else {
                self.err(
                    seg.span,
                    format!(
                        "promotion segment {} has no player: the turn order has {} player{}",
                        i + 1,
                        players.len(),
                        if players.len() == 1 { "" } else { "s" }
                    ),
                );
                continue;
            };
            if seg.ranks.is_empty() {
                continue;
            }
            let ranks = seg.ranks.iter().map(|r| self.int(r)).collect();
            let choices = match &seg.pieces {
                None => Promotion::DEFAULT_CHOICES.to_vec(),
                Some(codes) => codes
                    .iter()
                    .filter_map(|c| {
                        let kind = PieceKind::from_code(c.letters());
                        match kind {
                            Some(k) if k.is_promotion_choice() && c.player_number().is_none() => {
                                Some(k)
                            }
                            Some(k) if c.player_number().is_none() => {
                                self.err(
                                    c.span,
                                    format!("a pawn cannot promote to `{}` ({k:?})", c.text),
                                );
                                None
                            }
                            _ => {
                                self.err(c.span, format!("unknown promotion piece `{}`", c.text));
                                None
                            }
                        }
                    })
                    .collect(),
            };
            out.push((player, Promotion { ranks, choices }));
        }
        out
    }

    fn wins(
        &mut self,
        segs: &[Vec<syn::Keyword<'_>>],
        players: &[Player],
        span: Span,
    ) -> Vec<(Player, Vec<WinCondition>)> {
        let parse = |words: &[syn::Keyword<'_>]| -> Vec<WinCondition> {
            words
                .iter()
                .filter_map(|w| WinCondition::from_keyword(&w.text))
                .collect()
        };
        if segs.len() == 1 {
            let list = parse(&segs[0]);
            return players.iter().map(|&p| (p, list.clone())).collect();
        }
        if segs.len() > players.len() {
            self.err(
                span,
                format!(
                    "{} win-condition segments but the turn order has {} players",
                    segs.len(),
                    players.len()
                ),
            );
        }
        players
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                (
                    p,
                    segs.get(i)
                        .map_or_else(|| vec![WinCondition::Checkmate], |s| parse(s)),
                )
            })
            .collect()
    }

    fn pieces(&mut self, entries: &[syn::PieceEntry<'_>]) -> Vec<PlacedPiece> {
        // Squares that fit in i64 (nearly all) are checked in a set of plain
        // pairs; the rare big ones in a set of exact coordinates.
        let mut small: AHashSet<(i64, i64)> = AHashSet::with_capacity(entries.len());
        let mut big: AHashSet<Coord> = AHashSet::new();
        let mut out = Vec::with_capacity(entries.len());
        for e in entries {
            let at = self.coord(&e.at);
            let piece = self.piece(&e.code);
            let fresh = match at.to_i64() {
                Some(pair) => small.insert(pair),
                None => big.insert(at.clone()),
            };
            if !fresh {
                let first = out.iter().position(|p: &PlacedPiece| p.at == at);
                let by = first.map_or_else(String::new, |i| {
                    format!(" (also by `{}` earlier in the list)", out[i].piece)
                });
                self.err(e.span, format!("square {at} is occupied twice{by}"));
            }
            if let Some(piece) = piece {
                out.push(PlacedPiece {
                    piece,
                    at,
                    special_right: e.special_right,
                });
            }
        }
        out
    }

    /// The move; a SAN-like one gets placeholder squares until it is resolved.
    fn game_move(&mut self, m: &syn::MoveEntry<'_>) -> Move {
        let mut mv = Move::new(Coord::default(), Coord::default());
        if let Some(c) = m.coordinates() {
            mv.from = self.coord(&c.from);
            mv.to = self.coord(&c.to);
            mv.piece = c.piece.as_ref().and_then(|code| self.piece(code));
            mv.promotion = c.promotion.as_ref().and_then(|p| self.piece(&p.code));
            mv.capture = c.capture;
        }
        mv.check = m.check;
        mv.glyph = m.glyph.as_ref().map(|g| g.to_string());
        for c in &m.comments {
            // Only the first clock stamp is taken out; later ones stay comment text.
            if mv.clock.is_none() {
                let (clock, rest) = self.split_clock(c);
                mv.clock = clock;
                if !rest.is_empty() || clock.is_none() {
                    mv.comments.push(rest);
                }
            } else {
                mv.comments.push(c.text.to_string());
            }
        }
        mv
    }

    /// Takes a `[%clk H:MM:SS.D]` stamp out of a comment.
    fn split_clock(&mut self, c: &syn::Comment<'_>) -> (Option<Clock>, String) {
        let text = c.text.as_ref();
        let Some(start) = text.find("[%clk") else {
            return (None, text.to_string());
        };
        let Some(len) = text[start..].find(']') else {
            self.err(c.span, "clock stamp `[%clk` has no closing `]`");
            return (None, text.to_string());
        };
        let stamp = text[start + 5..start + len].trim();
        match Clock::parse(stamp) {
            Some(clock) => {
                let (before, after) = (text[..start].trim(), text[start + len + 1..].trim());
                let rest = match (before.is_empty(), after.is_empty()) {
                    (true, true) => String::new(),
                    (true, false) => after.to_string(),
                    (false, true) => before.to_string(),
                    (false, false) => format!("{before} {after}"),
                };
                (Some(clock), rest)
            }
            None => {
                self.err(c.span, format!("clock stamp `{stamp}` is not H:MM:SS.D"));
                (None, text.to_string())
            }
        }
    }
}

/// The span of the text a [`Subject`] came from.
fn subject_span(doc: &syn::Document<'_>, subject: Subject) -> Span {
    let field = |pred: fn(&FieldKind<'_>) -> bool| {
        doc.fields
            .iter()
            .find(|f| pred(&f.kind))
            .map_or(doc.span, |f| f.span)
    };
    match subject {
        Subject::TurnOrder => field(|k| matches!(k, FieldKind::TurnOrder(_))),
        Subject::MoveRule => field(|k| matches!(k, FieldKind::MoveRule { .. })),
        Subject::FullMove => field(|k| matches!(k, FieldKind::FullMove(_))),
        Subject::EnPassant => field(|k| matches!(k, FieldKind::EnPassant(_))),
        Subject::Promotions => field(|k| matches!(k, FieldKind::Promotions(_))),
        Subject::WinConditions => field(|k| matches!(k, FieldKind::WinConditions(_))),
        Subject::WorldBorder => field(|k| matches!(k, FieldKind::WorldBorder(_))),
        Subject::Properties => field(|k| matches!(k, FieldKind::Properties(_))),
        Subject::Piece(i) => doc.pieces.get(i).map_or(doc.span, |p| p.span),
    }
}

/// `w` alone is White then Black; `b` alone Black then White.
fn expand_turn_order(order: &[syn::PlayerLetter]) -> Vec<Player> {
    match order {
        [syn::PlayerLetter::White] => vec![Player::WHITE, Player::BLACK],
        [syn::PlayerLetter::Black] => vec![Player::BLACK, Player::WHITE],
        _ => order.iter().map(|&l| Player::from_letter(l)).collect(),
    }
}
