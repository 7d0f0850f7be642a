//! [`Board`]: a validated position with its compiled rules, ready for move
//! generation, make/unmake and queries.
//!
//! Built from an `icn_model::Position` and an `icn_rules::RuleSet`
//! ([`Board::new`]) or from a whole game ([`Board::from_game`]). Refused with a
//! [`MovegenError`]: coordinates beyond [`crate::COORD_LIMIT`], pieces outside
//! the world border, two pieces on a square, a side to move that owns no piece
//! type the rules know, more than 64 piece types.

use std::sync::Arc;

use icn_model::{Game, Int, MoveRule, PlacedPiece, Player, Position};
use icn_rules::RuleSet;

use crate::MovegenError;
use crate::config::Config;
use crate::geometry::{Border, Sq, counter_in_range};
use crate::store::{Slot, Store};
use crate::types::{TypeId, TypeTable};
use crate::zobrist::{castle_key, ep_key, side_key};

/// One piece of the board (captured pieces keep their slot for unmake).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PieceState {
    pub ty: TypeId,
    pub player: Player,
    pub sq: Sq,
    pub alive: bool,
    pub right: bool,
    /// A square excluded from the board, stored as a void that is never written.
    pub hidden: bool,
    pub promoted: bool,
    /// The type a promoted piece promoted from (its own type otherwise).
    pub origin: TypeId,
    /// Order in which the piece is written (the site's order: a capturer takes
    /// its victim's place, a piece that moves goes to the end).
    pub seq: u64,
}

/// The en passant state: the square to land on and the piece taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EnPassant {
    pub target: Sq,
    pub victim: Sq,
}

/// A position with compiled rules.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) cfg: Arc<Config>,
    pub(crate) store: Store,
    pub(crate) pieces: Vec<PieceState>,
    pub(crate) turn: usize,
    pub(crate) ep: Option<EnPassant>,
    pub(crate) halfmove: u64,
    pub(crate) fullmove: u64,
    pub(crate) ply: u64,
    pub(crate) key: u64,
    pub(crate) next_seq: u64,
    /// Checks given by each player so far (for N-check).
    pub(crate) checks: [u32; 7],
    /// Pieces in hand, per type.
    pub(crate) hand: Vec<u32>,
    /// The last move captured a `no_retaliate` piece with a piece of another
    /// type: no such piece may be captured now ([`crate::lion`]).
    pub(crate) lion_bar: bool,
    /// The Makruk-family count in progress ([`crate::counting`]).
    pub(crate) count: Option<icn_model::Count>,
    pub(crate) undo: Vec<crate::make::Undo>,
    /// The pieces atomic blasts removed, the last move's last, each with
    /// the type it put into a hand ([`crate::atomic`]; each undo record
    /// says how many are its own).
    pub(crate) blasted: Vec<(crate::store::Slot, Option<crate::types::TypeId>)>,
    /// Keys of the positions before each move made (for repetition).
    pub(crate) history: Vec<u64>,
    /// How often each key of `history` occurs, kept once
    /// [`Board::count_repetitions`] is called (replay does; perft does not).
    pub(crate) seen: Option<ahash::AHashMap<u64, u32>>,
}

/// Most moves [`Board::legal_moves`] lists; a larger (finite) set, from a
/// slide limit in the billions, is refused like an infinite one.
pub const MAX_LISTED_MOVES: u64 = 1 << 24;

impl Board {
    /// Builds a board from a position and a rule set.
    ///
    /// # Errors
    /// See the module docs.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::Board;
    /// let g = Game::parse("w 0/100 1 (8|1) 1,8,1,8 K5,1+|k5,8+|R1,1+", Dialect::Auto).unwrap();
    /// let board = Board::from_game(&g).unwrap();
    /// assert_eq!(board.piece_count(), 3);
    /// ```
    pub fn new(position: &Position, rules: &RuleSet) -> Result<Board, MovegenError> {
        let border = Border::from_model(&rules.region.border)?;
        let slide_limit = rules
            .slide_limit
            .as_ref()
            .map(|l| l.to_i64().unwrap_or(i64::MAX).clamp(0, 1 << 52));
        // A square given twice: the later entry stands (see `Position::standing`).
        let standing = position.standing();
        let mut placed: Vec<(PlacedPiece, Sq)> = Vec::with_capacity(standing.len());
        for p in standing.iter() {
            if !p.piece.player.is_named() {
                return Err(crate::config::unnamed_player(p.piece.player));
            }
            let sq = Sq::from_coord(&p.at)?;
            if !border.contains(sq) {
                return Err(MovegenError::Setup(format!(
                    "{} on {} is outside the world border",
                    p.piece.code(),
                    sq
                )));
            }
            placed.push((p.clone(), sq));
        }
        let mut kinds: Vec<icn_model::Piece> = placed.iter().map(|(p, _)| p.piece).collect();
        let void = icn_model::Piece::new(icn_model::PieceKind::Void, Player::NEUTRAL);
        let mut excluded = Vec::new();
        for c in &rules.region.excluded {
            let sq = Sq::from_coord(c)?;
            if border.contains(sq) {
                excluded.push(sq);
            }
        }
        if !excluded.is_empty() {
            kinds.push(void);
        }
        kinds.extend(position.holdings.iter().map(|(p, _)| p));
        kinds.extend(standing.iter().filter_map(|p| {
            p.promoted_from
                .map(|k| icn_model::Piece::new(k, p.piece.player))
        }));
        kinds.extend(crate::drops::hand_pieces(rules, &kinds));
        let types = TypeTable::compile(&kinds, rules, slide_limit)?;
        let dirs = types.lines.dirs.clone();
        let cfg = Config::new(types, rules, border, slide_limit)?;
        let mut board = Board {
            store: Store::new(&dirs, &border),
            cfg: Arc::new(cfg),
            pieces: Vec::with_capacity(placed.len() + excluded.len()),
            turn: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            ply: 0,
            key: 0,
            next_seq: 0,
            checks: [0; 7],
            hand: Vec::new(),
            lion_bar: false,
            count: None,
            undo: Vec::new(),
            blasted: Vec::new(),
            history: Vec::new(),
            seen: None,
        };
        board.hand = vec![0; board.cfg.types.types.len()];
        if rules.draws.counting.is_some() {
            board.count = position.count;
        }
        for (piece, n) in position.holdings.iter() {
            if let Some(ty) = board.cfg.types.id(piece) {
                board.hand[ty as usize] = n;
            }
        }
        let all = placed
            .iter()
            .map(|(p, sq)| (p.piece, *sq, p.special_right, p.promoted_from, false))
            .chain(excluded.iter().map(|&sq| (void, sq, false, None, true)));
        for (piece, sq, right, promoted_from, hidden) in all {
            if board.store.get(sq).is_some() {
                return Err(MovegenError::Setup(format!(
                    "square {sq} is occupied twice"
                )));
            }
            let ty = board
                .cfg
                .types
                .id(piece)
                .ok_or_else(|| MovegenError::Setup(format!("unknown piece {piece}")))?;
            let slot = board.pieces.len() as Slot;
            let origin = promoted_from
                .and_then(|k| board.cfg.types.id(icn_model::Piece::new(k, piece.player)));
            board.pieces.push(PieceState {
                ty,
                player: piece.player,
                sq,
                alive: true,
                right,
                hidden,
                promoted: origin.is_some(),
                origin: origin.unwrap_or(ty),
                seq: board.next_seq,
            });
            board.next_seq += 1;
            board.store.insert(sq, slot);
        }
        // Turn order: the position's, when it agrees with the rules; it says who is to move.
        let side = position.side_to_move();
        board.turn = board
            .cfg
            .turn_order
            .iter()
            .position(|&p| p == side)
            .ok_or_else(|| {
                MovegenError::Setup(format!("{side} is to move but not in the turn order"))
            })?;
        if let Some(mr) = &position.move_rule {
            board.halfmove = counter_in_range(&mr.played, "move-rule counter")?;
        }
        board.fullmove = counter_in_range(&position.fullmove, "fullmove number")?;
        if let Some(ep) = &position.en_passant {
            let target = Sq::from_coord(ep)?;
            let victim = match &position.en_passant_victim {
                Some(v) => Some(Sq::from_coord(v)?),
                None => board.victim_behind(target),
            };
            if let Some(victim) = victim
                && board.cfg.border.contains(victim)
                && board.store.get(victim).is_some()
            {
                board.ep = Some(EnPassant { target, victim });
            }
        }
        board.key = board.compute_key();
        Ok(board)
    }

    /// Builds the board of a game's start position, with the game's rules.
    ///
    /// # Errors
    /// As [`Board::new`], and when the game's rules cannot be lowered.
    pub fn from_game(game: &Game) -> Result<Board, MovegenError> {
        let rules = crate::lowering::rules_of(game)?;
        let mut position = game.position.clone();
        // A game with no piece list starts from its named variant's pieces,
        // under its own rules, as on the site.
        if let Some(pieces) = icn_rules::catalogue::implied_pieces(game) {
            position.pieces = pieces;
        }
        // The rules' turn order is authoritative for who follows whom.
        if position.turn_order.is_empty() {
            position.turn_order = rules.turn_order.clone();
        }
        Board::new(&position, &rules)
    }

    /// The square right behind en passant square `target` for the side to
    /// move: where the pawn that just double-stepped stands.
    fn victim_behind(&self, target: Sq) -> Option<Sq> {
        let dir = self.side_to_move().pawn_direction()?;
        Some(Sq::new(target.x, target.y - dir))
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Player {
        self.cfg.turn_order[self.turn]
    }

    /// The player who moves after the side to move.
    pub(crate) fn next_turn(&self) -> usize {
        (self.turn + 1) % self.cfg.turn_order.len()
    }

    /// Number of pieces on the board.
    pub fn piece_count(&self) -> usize {
        self.pieces.iter().filter(|p| p.alive && !p.hidden).count()
    }

    /// Half-moves since the last pawn move or capture.
    pub fn halfmove_clock(&self) -> u64 {
        self.halfmove
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u64 {
        self.fullmove
    }

    /// Half-moves made on this board since it was built.
    pub fn ply(&self) -> u64 {
        self.ply
    }

    /// The zobrist key (Polyglot's for orthodox positions inside the 8×8 box).
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::Board;
    /// let start = "w 0/100 1 (8|1) 1,8,1,8 P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+";
    /// let board = Board::from_game(&Game::parse(start, Dialect::Auto).unwrap()).unwrap();
    /// assert_eq!(board.zobrist(), 0x463b96181691fc9c);
    /// ```
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The piece on a square.
    pub fn piece_at(&self, s: Sq) -> Option<icn_model::Piece> {
        if !self.cfg.border.contains(s) {
            return None;
        }
        let slot = self.store.get(s)?;
        let p = &self.pieces[slot as usize];
        (!p.hidden).then(|| self.cfg.types.types[p.ty as usize].piece)
    }

    /// Every piece on the board with its square and `+` right, in the site's order.
    pub fn pieces(&self) -> Vec<(icn_model::Piece, Sq, bool)> {
        self.standing()
            .into_iter()
            .map(|p| (self.cfg.types.types[p.ty as usize].piece, p.sq, p.right))
            .collect()
    }

    /// The pieces on the board, in the site's order.
    fn standing(&self) -> Vec<&PieceState> {
        let mut v: Vec<&PieceState> = self
            .pieces
            .iter()
            .filter(|p| p.alive && !p.hidden)
            .collect();
        v.sort_by_key(|p| p.seq);
        v
    }

    /// The position as the model writes it; `limit` is the move-rule limit to
    /// write (`None`: no move rule).
    pub fn to_position(&self, limit: Option<&Int>) -> Position {
        let mut order: Vec<Player> = Vec::new();
        let n = self.cfg.turn_order.len();
        for i in 0..n {
            order.push(self.cfg.turn_order[(self.turn + i) % n]);
        }
        Position {
            pieces: self
                .standing()
                .into_iter()
                .map(|p| PlacedPiece {
                    piece: self.cfg.types.types[p.ty as usize].piece,
                    at: p.sq.to_coord(),
                    special_right: p.right,
                    promoted_from: (p.promoted && self.cfg.drops.is_some())
                        .then(|| self.cfg.types.types[p.origin as usize].piece.kind),
                })
                .collect(),
            turn_order: order,
            en_passant: self.ep.map(|e| e.target.to_coord()),
            en_passant_victim: self
                .ep
                .filter(|e| Some(e.victim) != self.victim_behind(e.target))
                .map(|e| e.victim.to_coord()),
            move_rule: limit.map(|l| MoveRule {
                played: Int::from(self.halfmove as i64),
                limit: l.clone(),
            }),
            fullmove: Int::from(self.fullmove as i64),
            holdings: self
                .hand
                .iter()
                .enumerate()
                .map(|(ty, &n)| (self.cfg.types.types[ty].piece, n))
                .collect(),
            count: self.count,
        }
    }

    /// The key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for p in self.pieces.iter().filter(|p| p.alive) {
            let keys = &self.cfg.keys[p.ty as usize];
            k ^= keys.piece(p.sq);
            if p.right {
                k ^= keys.right(p.sq);
            }
        }
        for (ty, &n) in self.hand.iter().enumerate() {
            k ^= self.cfg.keys[ty].hand(n);
        }
        if self.lion_bar {
            k ^= crate::zobrist::lion_bar_key();
        }
        k ^ self.castle_component() ^ self.ep_component() ^ self.side_component()
    }

    pub(crate) fn side_component(&self) -> u64 {
        side_key(self.side_to_move(), self.turn, self.cfg.turn_order.len())
    }

    /// Polyglot castling keys: a king with `+` on e1 (e8) and a rook with `+` on h1 or a1 (h8, a8).
    pub(crate) fn castle_component(&self) -> u64 {
        let mut k = 0;
        for (i, (player, row)) in [(Player::WHITE, 1), (Player::BLACK, 8)]
            .into_iter()
            .enumerate()
        {
            let has = |x: i64, kind: icn_model::PieceKind| {
                let s = Sq::new(x, row);
                self.cfg.border.contains(s)
                    && self.store.get(s).is_some_and(|slot| {
                        let p = &self.pieces[slot as usize];
                        p.right
                            && !p.hidden
                            && self.cfg.types.types[p.ty as usize].piece
                                == icn_model::Piece::new(kind, player)
                    })
            };
            if has(5, icn_model::PieceKind::King) {
                if has(8, icn_model::PieceKind::Rook) {
                    k ^= castle_key(2 * i);
                }
                if has(1, icn_model::PieceKind::Rook) {
                    k ^= castle_key(2 * i + 1);
                }
            }
        }
        k
    }

    /// The en passant key, when the side to move has a piece that could take there.
    pub(crate) fn ep_component(&self) -> u64 {
        let Some(ep) = self.ep else { return 0 };
        for &(ty, dx, dy) in &self.cfg.player(self.side_to_move()).ep_takers {
            let from = Sq::new(ep.target.x - dx, ep.target.y - dy);
            if self.cfg.border.contains(from)
                && self
                    .store
                    .get(from)
                    .is_some_and(|s| self.pieces[s as usize].ty == ty)
            {
                return ep_key(ep.target);
            }
        }
        0
    }
}

impl Board {
    /// Every legal move, when there are finitely many.
    ///
    /// # Errors
    /// [`MovegenError::Infinite`] when some piece has infinitely many moves;
    /// [`MovegenError::Unsupported`] from the generator.
    pub fn legal_moves(&mut self) -> Result<Vec<crate::Move>, MovegenError> {
        let mut fams = Vec::new();
        self.generate(&mut fams)?;
        let mut total: u64 = 0;
        for f in &fams {
            match f.len() {
                Some(n) => total = total.saturating_add(n),
                None => {
                    return Err(MovegenError::Infinite(format!(
                        "the piece on {} has moves without end",
                        f.from()
                    )));
                }
            }
        }
        // A slide limit in the billions is finite but cannot be listed.
        if total > MAX_LISTED_MOVES {
            return Err(MovegenError::Infinite(format!(
                "{total} legal moves are too many to list (at most {MAX_LISTED_MOVES})"
            )));
        }
        let mut out = Vec::with_capacity(total as usize);
        for f in &fams {
            out.extend(f.moves().into_iter().flatten());
        }
        Ok(out)
    }

    /// Every legal move as families (finite descriptions of possibly infinite sets).
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] from the generator.
    pub fn families(&mut self) -> Result<Vec<crate::MoveFamily>, MovegenError> {
        let mut fams = Vec::new();
        self.generate(&mut fams)?;
        Ok(fams)
    }
}
