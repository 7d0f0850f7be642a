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
//! stamp that is not `H:MM:SS.D`.

use ahash::AHashMap;
use icn_syntax::{self as syn, Diagnostic, FieldKind, Span};
use indexmap::IndexMap;

use crate::{
    Clock, Coord, Game, Int, Move, MoveRule, Piece, PieceKind, PlacedPiece, Player, Position,
    Promotion, Ray, WinCondition, WorldBorder,
};

/// Lowers a parsed document.
///
/// # Errors
/// Every semantic problem, each with the span it is about.
pub fn lower(doc: &syn::Document<'_>) -> Result<Game, Vec<Diagnostic>> {
    let mut cx = Lowering::default();
    let game = cx.document(doc);
    if cx.errors.is_empty() {
        Ok(game)
    } else {
        cx.errors.sort_by_key(|d| d.span.start);
        Err(cx.errors)
    }
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
                game.metadata.insert(tag.name.to_string(), tag.value.to_string());
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
                    let (p, l) = (self.int(played), self.int(limit));
                    if p.is_negative() || l.is_negative() {
                        self.err(f.span, "move-rule numbers must not be negative");
                    } else if p > l {
                        self.err(f.span, format!("move-rule counter {p} is above its limit {l}"));
                    }
                    game.position.move_rule = Some(MoveRule { played: p, limit: l });
                }
                FieldKind::FullMove(n) => {
                    let v = self.int(n);
                    if v < Int::ONE {
                        self.err(n.span, format!("the fullmove counter starts at 1, found {v}"));
                    }
                    game.position.fullmove = v;
                }
                FieldKind::Promotions(segs) => {
                    game.rules.promotions = self.promotions(segs, &players);
                }
                FieldKind::WorldBorder(sides) => game.rules.world_border = Some(self.border(sides, f.span)),
                FieldKind::WinConditions(segs) => game.rules.win_conditions = self.wins(segs, &players, f.span),
                FieldKind::Properties(json) => game.rules.properties = self.properties(json, f.span),
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
        if !doc.fields.iter().any(|f| matches!(f.kind, FieldKind::WinConditions(_))) {
            game.rules.win_conditions = players.iter().map(|&p| (p, vec![WinCondition::Checkmate])).collect();
        }
        game.position.pieces = self.pieces(&doc.pieces, game.rules.world_border.as_ref());
        self.check_en_passant(doc, &game.position);
        game.leading_comments = doc.leading_comments.iter().map(|c| c.text.to_string()).collect();
        game.moves = doc.moves.iter().map(|m| self.game_move(m)).collect();
        game
    }

    fn promotions(&mut self, segs: &[syn::PromotionSegment<'_>], players: &[Player]) -> Vec<(Player, Promotion)> {
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
                            Some(k) if k.is_promotion_choice() && c.player_number().is_none() => Some(k),
                            Some(k) if c.player_number().is_none() => {
                                self.err(c.span, format!("a pawn cannot promote to `{}` ({k:?})", c.text));
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

    fn wins(&mut self, segs: &[Vec<syn::Keyword<'_>>], players: &[Player], span: Span) -> Vec<(Player, Vec<WinCondition>)> {
        let parse = |words: &[syn::Keyword<'_>]| -> Vec<WinCondition> {
            words.iter().filter_map(|w| WinCondition::from_keyword(&w.text)).collect()
        };
        if segs.len() == 1 {
            let list = parse(&segs[0]);
            return players.iter().map(|&p| (p, list.clone())).collect();
        }
        if segs.len() > players.len() {
            self.err(
                span,
                format!("{} win-condition segments but the turn order has {} players", segs.len(), players.len()),
            );
        }
        players
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, segs.get(i).map_or_else(|| vec![WinCondition::Checkmate], |s| parse(s))))
            .collect()
    }

    fn border(&mut self, sides: &[Option<syn::Int<'_>>; 4], span: Span) -> WorldBorder {
        let [l, r, b, t] = sides.each_ref().map(|s| s.as_ref().map(|i| self.int(i)));
        if let (Some(l), Some(r)) = (&l, &r)
            && l > r
        {
            self.err(span, format!("world border left {l} is right of right {r}"));
        }
        if let (Some(b), Some(t)) = (&b, &t)
            && b > t
        {
            self.err(span, format!("world border bottom {b} is above top {t}"));
        }
        WorldBorder { left: l, right: r, bottom: b, top: t }
    }

    fn properties(&mut self, json: &str, span: Span) -> IndexMap<String, serde_json::Value> {
        match serde_json::from_str::<IndexMap<String, serde_json::Value>>(json) {
            Ok(map) => {
                if let Some(v) = map.get("slideLimit") {
                    let ok = matches!(v, serde_json::Value::Number(n) if Int::parse(&n.to_string()).is_ok_and(|i| !i.is_negative()));
                    if !ok {
                        self.err(span, format!("`slideLimit` must be a non-negative integer, found {v}"));
                    }
                }
                if let Some(v) = map.get("cannotPassTurn")
                    && !v.is_boolean()
                {
                    self.err(span, format!("`cannotPassTurn` must be true or false, found {v}"));
                }
                map
            }
            Err(e) => {
                self.err(span, format!("invalid JSON properties: {e}"));
                IndexMap::new()
            }
        }
    }

    fn pieces(&mut self, entries: &[syn::PieceEntry<'_>], border: Option<&WorldBorder>) -> Vec<PlacedPiece> {
        let mut seen: AHashMap<Coord, usize> = AHashMap::with_capacity(entries.len());
        let mut out = Vec::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            let at = self.coord(&e.at);
            let piece = self.piece(&e.code);
            if let Some(&first) = seen.get(&at) {
                self.err(
                    e.span,
                    format!("square {at} is occupied twice (also by `{}` earlier in the list)", entries[first].code.text),
                );
            } else {
                seen.insert(at.clone(), i);
            }
            if let Some(b) = border
                && !b.contains(&at)
            {
                self.err(e.at.span, format!("square {at} is outside the world border"));
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

    fn check_en_passant(&mut self, doc: &syn::Document<'_>, pos: &Position) {
        let Some(ep) = &pos.en_passant else { return };
        let span = doc
            .fields
            .iter()
            .find(|f| matches!(f.kind, FieldKind::EnPassant(_)))
            .map_or(Span::SYNTHETIC, |f| f.span);
        if pos.piece_at(ep).is_some() {
            self.err(span, format!("en passant square {ep} is occupied"));
            return;
        }
        // The pawn that just double-moved stands one step past the square, in
        // its own forward direction; it belongs to a player other than the one to move.
        let mover = pos.side_to_move();
        let found = pos.pieces.iter().any(|p| {
            p.piece.kind == PieceKind::Pawn
                && p.piece.player != mover
                && p.at.x == ep.x
                && match p.piece.player.pawn_direction() {
                    Some(d) => p.at.y == ep.y.add_small(d),
                    None => p.at.y == ep.y.add_small(1) || p.at.y == ep.y.add_small(-1),
                }
        });
        if !found {
            self.err(
                span,
                format!("en passant square {ep} has no pawn beside it that could just have moved two squares"),
            );
        }
    }

    fn game_move(&mut self, m: &syn::MoveEntry<'_>) -> Move {
        let mut mv = Move::new(self.coord(&m.from), self.coord(&m.to));
        mv.piece = m.piece.as_ref().and_then(|c| self.piece(c));
        mv.promotion = m.promotion.as_ref().and_then(|p| self.piece(&p.code));
        mv.capture = m.capture;
        mv.check = m.check;
        mv.glyph = m.glyph.as_ref().map(|g| g.to_string());
        for c in &m.comments {
            let (clock, rest) = self.split_clock(c);
            if clock.is_some() {
                mv.clock = clock;
            }
            if !rest.is_empty() || clock.is_none() {
                mv.comments.push(rest);
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
                let rest = format!("{}{}", &text[..start], &text[start + len + 1..]);
                (Some(clock), rest.trim().to_string())
            }
            None => {
                self.err(c.span, format!("clock stamp `{stamp}` is not H:MM:SS.D"));
                (None, text.to_string())
            }
        }
    }
}

/// `w` alone is White then Black; `b` alone Black then White.
fn expand_turn_order(order: &[syn::PlayerLetter]) -> Vec<Player> {
    match order {
        [syn::PlayerLetter::White] => vec![Player::White, Player::Black],
        [syn::PlayerLetter::Black] => vec![Player::Black, Player::White],
        _ => order.iter().map(|&l| Player::from_letter(l)).collect(),
    }
}
