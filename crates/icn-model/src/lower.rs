//! Lowering: syntax tree → [`Game`] and its [`SourceMap`]. The game holds
//! what the text says, as the site reads it, and nothing is judged here:
//! whether it is a sensible chess position is `icn_rules::validate`'s
//! business. Every problem is collected, not just the first.
//!
//! Refused here, because the model cannot hold it: unknown piece codes and
//! player numbers too large to hold; promotion choices that are not piece
//! codes without a player number; promotion or win-condition segments
//! beyond the number of players; a JSON properties field that is not a JSON
//! object; a clock stamp that is not `H:MM:SS.D`.
//!
//! Held as written, for validation to report: a square given twice (both
//! entries are kept; the later one is what stands there, as on the site), a
//! metadata name given twice (the last value wins, as on the site), en
//! passant squares with no pawn or on an occupied square, any piece as a
//! promotion choice (repeats collapse: `q,q` is one choice), pieces outside
//! the world border, a border whose sides cross, counters out of range.
//! SAN-like moves are resolved by a [`SanLikeResolver`] once everything else
//! is sound ([`lower_with`]).

use icn_syntax::{self as syn, Diagnostic, FieldKind, MoveBody, Span};

use crate::sanlike::{RefuseSanLike, SanLikeError, SanLikeResolver, resolve_in_order};

use crate::{
    Clock, Coord, Game, GameRules, Int, MetadataTag, Move, MoveRule, Piece, PieceKind, PlacedPiece,
    Player, Promotion, Ray, SourceMap, WinCondition, WorldBorder,
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
    lower_mapped(doc, resolver).map(|(game, _)| game)
}

/// [`lower_with`], also giving where each part of the game was written.
///
/// # Errors
/// As [`lower_with`].
pub fn lower_mapped(
    doc: &syn::Document<'_>,
    resolver: &mut dyn SanLikeResolver,
) -> Result<(Game, SourceMap), Vec<Diagnostic>> {
    let mut cx = Lowering::default();
    let mut game = cx.document(doc);
    if cx.errors.is_empty()
        && let Err(e) = resolve_sanlike(doc, &mut game, resolver)
    {
        let span = doc.moves.get(e.ply).map_or(doc.span, |m| m.span);
        cx.err(span, e.message);
    }
    if cx.errors.is_empty() {
        let map = source_map(doc, cx.promotion_choice_spans, &cx.metadata_entries);
        Ok((game, map))
    } else {
        cx.errors.sort_by_key(|d| d.span.start);
        Err(cx.errors)
    }
}

/// The spans of `doc`'s parts, parallel to the game lowered from it.
fn source_map(
    doc: &syn::Document<'_>,
    promotion_choices: Vec<Vec<Span>>,
    metadata_entries: &[usize],
) -> SourceMap {
    SourceMap {
        pieces: doc.pieces.iter().map(|p| p.span).collect(),
        moves: doc.moves.iter().map(|m| m.span).collect(),
        ..header_map(doc, promotion_choices, metadata_entries)
    }
}

/// The spans of `doc`'s metadata and header fields (no pieces, no moves).
/// `metadata_entries[i]` is the game's metadata entry the `i`th tag set.
pub(crate) fn header_map(
    doc: &syn::Document<'_>,
    promotion_choices: Vec<Vec<Span>>,
    metadata_entries: &[usize],
) -> SourceMap {
    let field = |pred: fn(&FieldKind<'_>) -> bool| {
        doc.fields.iter().find(|f| pred(&f.kind)).map(|f| f.span)
    };
    SourceMap {
        document: doc.span,
        metadata: doc
            .metadata
            .iter()
            .zip(metadata_entries)
            .map(|(t, &entry)| MetadataTag {
                entry,
                span: t.span,
            })
            .collect(),
        turn_order: field(|k| matches!(k, FieldKind::TurnOrder(_))),
        en_passant: field(|k| matches!(k, FieldKind::EnPassant(_))),
        move_rule: field(|k| matches!(k, FieldKind::MoveRule { .. })),
        fullmove: field(|k| matches!(k, FieldKind::FullMove(_))),
        promotions: field(|k| matches!(k, FieldKind::Promotions(_))),
        promotion_choices,
        win_conditions: field(|k| matches!(k, FieldKind::WinConditions(_))),
        world_border: field(|k| matches!(k, FieldKind::WorldBorder(_))),
        properties: field(|k| matches!(k, FieldKind::Properties(_))),
        pieces: Vec::new(),
        moves: Vec::new(),
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

/// The state of one lowering: the problems found so far, and what the
/// source map needs that the syntax tree does not hold. Also driven by the
/// direct reader ([`crate::direct`]) for the header and comments.
#[derive(Default)]
pub(crate) struct Lowering {
    pub(crate) errors: Vec<Diagnostic>,
    /// Where each promotion rule's choices were written (for the source map).
    pub(crate) promotion_choice_spans: Vec<Vec<Span>>,
    /// For each metadata tag, the entry of the game's metadata it set.
    pub(crate) metadata_entries: Vec<usize>,
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
        let mut game = self.header(doc);
        game.position.pieces = self.pieces(&doc.pieces);
        self.off_board_state(doc, &mut game);
        game.leading_comments = doc
            .leading_comments
            .iter()
            .map(|c| c.text.to_string())
            .collect();
        game.moves = doc.moves.iter().map(|m| self.game_move(m)).collect();
        game
    }

    /// Moves the `state` property ([`crate::state_property`]) out of the
    /// game's properties into its position, once its pieces are placed.
    pub(crate) fn off_board_state(&mut self, doc: &syn::Document<'_>, game: &mut Game) {
        let name = crate::state_property::STATE_PROPERTY;
        let Some(v) = game.rules.properties.shift_remove(name) else {
            return;
        };
        if let Err(e) = crate::state_property::apply_state(&v, &mut game.position) {
            let span = doc
                .fields
                .iter()
                .find(|f| matches!(f.kind, FieldKind::Properties(_)))
                .map_or(Span::SYNTHETIC, |f| f.span);
            self.err(span, format!("property `{name}`: {e}"));
        }
    }

    /// The game `doc`'s metadata and header fields say (its pieces, comments
    /// and moves are left out).
    pub(crate) fn header(&mut self, doc: &syn::Document<'_>) -> Game {
        // Every field of the rules is set below or stays empty: the
        // default win conditions would only be replaced.
        let mut game = Game {
            metadata: crate::Metadata::with_capacity_and_hasher(
                doc.metadata.len(),
                Default::default(),
            ),
            rules: GameRules {
                promotions: Vec::new(),
                win_conditions: Vec::new(),
                world_border: None,
                properties: indexmap::IndexMap::new(),
            },
            position: crate::Position::default(),
            annotations: crate::Annotations::default(),
            leading_comments: Vec::new(),
            moves: Vec::new(),
        };
        self.metadata_entries.reserve(doc.metadata.len());
        for tag in &doc.metadata {
            // The last value wins and the first place is kept, as on the site.
            let (entry, _) = game
                .metadata
                .insert_full(tag.name.to_string(), tag.value.to_string());
            self.metadata_entries.push(entry);
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
                FieldKind::Properties(json) => match serde_json::from_str::<
                    indexmap::IndexMap<String, serde_json::Value>,
                >(json)
                {
                    Ok(map) => {
                        // The JSON long form keeps these names for the built-in rules.
                        for name in RESERVED_PROPERTIES.iter().filter(|n| map.contains_key(**n)) {
                            self.err(
                                f.span,
                                format!("property `{name}` is reserved for the built-in rule of that name"),
                            );
                        }
                        game.rules.properties = map;
                    }
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
        game
    }

    fn promotions(
        &mut self,
        segs: &[syn::PromotionSegment<'_>],
        players: &[Player],
    ) -> Vec<(Player, Promotion)> {
        // The site's newer form (redesign branch) writes one list for every
        // player, after the last segment, and may write a list with no ranks
        // before it (`(;q|1)`, `(8|;am)`). A list with no ranks is only that
        // form's, so then the last list written serves every player; without
        // one, each list is its own segment's, as the site reads today.
        let shared = segs
            .iter()
            .any(|s| s.ranks.is_empty() && s.pieces.is_some())
            .then(|| segs.iter().rev().find_map(|s| s.pieces.as_ref()))
            .flatten();
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
            let (choices, spans) = match shared.or(seg.pieces.as_ref()) {
                None => (Promotion::DEFAULT_CHOICES.to_vec(), Vec::new()),
                Some(codes) => self.promotion_choices(codes),
            };
            self.promotion_choice_spans.push(spans);
            out.push((player, Promotion { ranks, choices }));
        }
        out
    }

    /// The kinds of a promotion list, with where each was written; repeats
    /// collapse, as on the site (`q,q` is one choice).
    fn promotion_choices(&mut self, codes: &[syn::PieceCode<'_>]) -> (Vec<PieceKind>, Vec<Span>) {
        let mut choices = Vec::with_capacity(codes.len());
        let mut spans = Vec::with_capacity(codes.len());
        for c in codes {
            match PieceKind::custom(c.letters()).ok() {
                Some(_) if c.player_number().is_some() => self.err(
                    c.span,
                    format!(
                        "a promotion choice is a piece code without a player number, found `{}`",
                        c.text
                    ),
                ),
                Some(k) if choices.contains(&k) => {}
                Some(k) => {
                    choices.push(k);
                    spans.push(c.span);
                }
                None => self.err(
                    c.span,
                    format!(
                        "`{}` cannot be a promotion piece: expected letters of at most 7",
                        c.text
                    ),
                ),
            }
        }
        (choices, spans)
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

    /// Every entry, in order; a square given twice is kept twice (the later
    /// entry is what stands there).
    fn pieces(&mut self, entries: &[syn::PieceEntry<'_>]) -> Vec<PlacedPiece> {
        let mut out = Vec::with_capacity(entries.len());
        for e in entries {
            let at = self.coord(&e.at);
            if let Some(piece) = self.piece(&e.code) {
                out.push(PlacedPiece {
                    promoted_from: None,
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
            self.comment(c, &mut mv);
        }
        mv
    }

    /// Adds comment `c` to `mv`: its clock, its commands, and its text
    /// unless it was only commands.
    pub(crate) fn comment(&mut self, c: &syn::Comment<'_>, mv: &mut Move) {
        // The common comment is one clock stamp and nothing else.
        if let Some(clock) = lone_clock(&c.text).and_then(Clock::parse) {
            mv.clock = Some(clock);
            return;
        }
        let text = self.take_commands(c, mv);
        if !text.is_empty() || !c.text.contains("[%") {
            mv.comments.push(text);
        }
    }

    /// Takes the `[%name value]` commands out of a comment, as the site
    /// does: a `clk` one sets the move's clock (the last one wins; a clock
    /// that is not `H:MM:SS.D` is an error), the others are kept in
    /// `mv.commands`. Gives the text left, trimmed, runs of blanks made one.
    fn take_commands(&mut self, c: &syn::Comment<'_>, mv: &mut Move) -> String {
        let parts = crate::split_comment(&c.text);
        for value in parts.clocks {
            match Clock::parse(value) {
                Some(clock) => mv.clock = Some(clock),
                None => self.err(
                    c.span,
                    format!("clock stamp `{}` is not H:MM:SS.D", short(value)),
                ),
            }
        }
        mv.commands
            .extend(parts.commands.into_iter().map(str::to_string));
        parts.text
    }
}

/// The value of a comment that is exactly one `[%clk VALUE]` stamp (what
/// [`crate::split_comment`] would find as its only part).
fn lone_clock(text: &str) -> Option<&str> {
    let value = text.strip_prefix("[%clk ")?.strip_suffix(']')?;
    (!value.is_empty() && !value.contains(']')).then_some(value)
}

/// At most 40 characters of `text` for a message.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// Property names the JSON long form uses for built-in rules: a `{...}`
/// property of that name could not be told from the rule.
pub const RESERVED_PROPERTIES: [&str; 4] = [
    "promotionRanks",
    "promotionsAllowed",
    "winConditions",
    "worldBorder",
];

/// `w` alone is White then Black; `b` alone Black then White.
fn expand_turn_order(order: &[syn::PlayerLetter]) -> Vec<Player> {
    match order {
        [syn::PlayerLetter::White] => vec![Player::WHITE, Player::BLACK],
        [syn::PlayerLetter::Black] => vec![Player::BLACK, Player::WHITE],
        _ => order.iter().map(|&l| Player::from_letter(l)).collect(),
    }
}
