//! A compact copy of a [`Board`] for boards of at most 128 squares: the
//! backend perft runs on when the world border is that small.
//!
//! The position is a cell array of type ids and a few [`Mask`]s (`u64` up to
//! 64 cells, `u128` up to 128): occupied, per player, royal, never
//! capturable, capturable by anyone, `+` rights;
//! a move is eight bytes; make/unmake touch a handful of words and keep the
//! zobrist key up to date (the same key as [`Board::make`]). Move generation
//! uses the bitboard tables of [`crate::bitboard`], which are compiled from the
//! same movement description as the generic generator — nothing here knows a
//! piece kind.
//!
//! Accepted ([`SmallBoard::new`] returns `None` otherwise, and the generic
//! generator is used): bitboard tables exist (closed border of at most 128
//! squares; pieces that leap, ride, leap lamely and hop; zone moves that
//! only move, or capture by leaps; prisons that confine attacks too), every
//! explicit castling move
//! stays on the board, pieces in hand are dropped as [`drops`] describes
//! (two players who keep their royals safe, so no royal ever reaches a
//! hand; no explosions), and the limits are among atomic explosions
//! ([`blast`], legality [`tested`]), moves that may not give check
//! ([`tested`]), en passant zones, flags and bare kings ([`flags`]), forced
//! capture ([`forced`]), pieces immune to their own kind, the Makpong rule
//! (not with explosions or jumping attackers), the flying general, moves
//! within a zone and hops that may not jump their own kind (Janggi's palace
//! diagonals and cannon, in the jump tables), passing (not beside forced
//! capture) and the bikjang rule ([`passing`]);
//! extinction rules count pieces by type ([`extinct`]); promotion as a move
//! of its own (Sittuyin) is [`by_move`], not beside moves made and tested;
//! under duple check (Spartan chess) every move is made and tested
//! ([`tested`]), and under royalty by count (Sho shogi) the royal mask is
//! recounted move by move ([`royalty`]). Promoted pieces that turn back,
//! promotion by captures only ([`promo`]) and drops as a piece promotes
//! ([`drops`]) are Kyoto and Micro shogi's.
//! Where an opponent attacks by jumping, legality is decided by
//! [`shield`]; where a player who keeps its royals safe has more than one,
//! or may promote to one, by making each move ([`tested`]).
//! The
//! state kept is what move generation and the key need: move clocks, the
//! site's piece order and check counts are not tracked (perft needs none).

mod blast;
mod by_move;
#[cfg(test)]
mod by_move_tests;
mod drops;
#[cfg(test)]
mod duple_tests;
mod ends;
mod extinct;
mod flags;
mod forced;
mod gates;
#[cfg(test)]
mod jump_tests;
#[cfg(test)]
mod kyoto_tests;
mod make;
mod movegen;
mod passing;
mod perft;
mod promo;
mod royalty;
#[cfg(test)]
mod royalty_tests;
#[cfg(test)]
mod rule_tests;
mod shield;
mod tested;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use icn_model::{PieceKind, Player};
use icn_rules::movement::Capturability;

use crate::board::Board;
use crate::config::Config;
use crate::geometry::Sq;
use crate::mask::Mask;
use crate::zobrist::{castle_key, ep_key, side_key};
use blast::Blast;
use drops::CellDrops;
use ends::{Ends, EndsUndo};

/// An empty cell.
pub(crate) const EMPTY: u8 = u8::MAX;

/// What a move does besides moving a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Special {
    Normal,
    /// Leaves an en passant square in `a`.
    DoubleStep,
    /// Captures the piece on cell `a`.
    EnPassant,
    /// The partner goes from cell `a` to cell `b`.
    Castle,
    /// A piece of type `promo` comes from the hand onto `to` (`from` is `to`).
    Drop,
    /// The piece on `from` stays (`to` is `from`): a pass ([`passing`]).
    Pass,
}

/// A move in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SmallMove {
    pub from: u8,
    pub to: u8,
    /// The type a promoting piece becomes, or [`EMPTY`]; for a drop, the
    /// type that leaves the hand.
    pub promo: u8,
    pub special: Special,
    /// En passant: the victim's cell; a double step: the passed cell;
    /// castling: the partner's cells (`a` to `b`); a drop: the type that
    /// lands (a piece dropped as it promotes when it is not `promo`).
    pub a: u8,
    pub b: u8,
    /// The type gated in from the hand ([`gates`]), or [`EMPTY`].
    pub gate: u8,
    /// Where the gated piece goes: the cell the move leaves (or a castling
    /// partner's).
    pub gate_at: u8,
}

/// What make changed that unmake cannot recompute.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo<M> {
    moved: u8,
    captured: u8,
    rights: M,
    ep: Option<(u8, u8)>,
    ep_component: u64,
    key: u64,
    turn: u8,
    ends: EndsUndo,
    /// The type a capture put into the mover's hand, or [`EMPTY`].
    hand_add: u8,
    /// What the moved and the captured piece had promoted from ([`EMPTY`]:
    /// not promoted).
    moved_origin: u8,
    captured_origin: u8,
    /// How many pieces the move's explosion removed.
    blasts: u8,
    /// The passing history before the move ([`passing`]).
    passes: u8,
}

/// Per type: what the generator and make need besides the masks.
#[derive(Clone, Copy, Debug)]
struct TypeInfo<M> {
    owner: u8,
    royal: bool,
    castler: bool,
    site_castler: bool,
    /// May be a site-rule castler's partner.
    castle_partner: bool,
    pawn: bool,
    /// Never captures a piece of its own kind (atomar's kings).
    kin_immune: bool,
    /// Leaps lamely or hops, or is immune to its own kind
    /// ([`SmallBoard::pseudo_targets`] has more to do).
    extras: bool,
    /// Has a promotion rule, or turns back when promoted.
    promotes: bool,
    /// Turns back when promoted ([`promo`]).
    demotes: bool,
    /// May promote into a royal kind.
    crowns: bool,
    /// The piece kind, as the first type id of that kind.
    kind: u8,
    /// The types (bits by type id) whose pieces may not be its hops' screens:
    /// those of its own kind when its hops may not jump them (the Janggi
    /// cannon), else none.
    no_screens: u64,
    /// All ones when royal (or never capturable, or capturable by anyone).
    royal_mask: M,
    never_mask: M,
    anyone_mask: M,
}

/// An explicit castling move in cells.
#[derive(Clone, Copy, Debug)]
struct CellCastle<M> {
    player: u8,
    king_from: u8,
    king_to: u8,
    partner_from: u8,
    partner_to: u8,
    /// The cells between the leftmost and rightmost of the four, inclusive.
    span: M,
}

/// A Polyglot castling key and the king and rook that carry it.
#[derive(Clone, Copy, Debug)]
struct CastleKey {
    king: (u8, u8),
    rook: (u8, u8),
    key: u64,
}

/// The compact position.
#[derive(Clone, Debug)]
pub(crate) struct SmallBoard<M: Mask> {
    cfg: Arc<Config>,
    info: Vec<TypeInfo<M>>,
    /// Per type and cell: the piece key, then the `+` right key.
    piece_keys: Vec<u64>,
    right_keys: Vec<u64>,
    side_keys: Vec<u64>,
    castle_keys: Vec<CastleKey>,
    /// The cells of every king and rook of `castle_keys`.
    castle_cells: M,
    /// Per turn index and cell (`turn · cells + cell`): the en passant key of
    /// the cell and where a taker of the player to move would stand (cell, type).
    ep_takers: Vec<(u64, Vec<(u8, u8)>)>,
    castles: Vec<CellCastle<M>>,
    /// Player number of each entry of the turn order.
    order: Vec<u8>,
    /// Per player number: whether that player keeps its royal safe.
    protects: [bool; 7],
    cells: usize,
    mailbox: [u8; 128],
    occ: M,
    by_player: [M; 7],
    /// Per type: the cells of its pieces.
    by_type: Vec<M>,
    /// Per player number: the types it owns.
    types_of: [Vec<u8>; 7],
    royal: M,
    never: M,
    anyone: M,
    rights: M,
    ep: Option<(u8, u8)>,
    ep_component: u64,
    key: u64,
    turn: u8,
    /// Scratch: per pinned cell, where it may go (valid where `pinned` is set).
    pin_allowed: [std::cell::Cell<M>; 128],
    /// Scratch: castling and en passant candidates.
    scratch: Vec<SmallMove>,
    /// What the game ends need ([`ends`]).
    ends: Ends<M>,
    /// The drop rules, when the game has pieces in hand.
    drops: Option<Arc<CellDrops<M>>>,
    /// Pieces in hand, per type.
    hand: Vec<u32>,
    /// Per cell: the type its piece promoted from, or [`EMPTY`] (kept only
    /// with drops: a promoted piece goes to hand as its origin).
    origin: [u8; 128],
    /// Atomic explosions, when the rules have them.
    blast: Option<Arc<Blast<M>>>,
    /// The pieces explosions removed, as (cell, type), last on top.
    blasted: Vec<(u8, u8)>,
    /// Per turn index: where that player may take en passant.
    ep_zone: Vec<M>,
    /// Legality is decided by making each move ([`tested`]).
    tested: bool,
    /// A player who keeps its royals safe has several, or may promote into
    /// one ([`tested`]).
    multi_royal: bool,
    /// Scratch: the moves counted by making each.
    tested_moves: Vec<SmallMove>,
    /// Scratch: the moves counted by listing them (forced captures, gating).
    listed: Vec<SmallMove>,
    /// The extinction rules ([`extinct`]).
    extinction: Arc<Vec<extinct::CellExtinction>>,
    /// Per type: its promotion rule, if it promotes on arrival.
    promos: Vec<Option<promo::CellPromo<M>>>,
    /// Per player number: its promotion as a move of its own ([`by_move`]).
    by_move: Option<Arc<[Option<by_move::CellByMove<M>>; 7]>>,
    /// When an opponent attacks by jumping: per turn index and cell, the
    /// cell's shield ([`shield`]).
    shields: Option<Arc<Vec<M>>>,
    /// Bit 0: the last move passed; bit 1: the move before it did
    /// ([`passing`]).
    passes: u8,
    /// Royalty by count, when the rules have it ([`royalty`]).
    royalty: Option<Arc<royalty::ByCount>>,
}

impl<M: Mask> SmallBoard<M> {
    /// A compact copy of `board`, when the position qualifies (module docs)
    /// and its board fits this mask width.
    pub fn new(board: &Board) -> Option<SmallBoard<M>> {
        let cfg = Arc::clone(&board.cfg);
        let bb = M::tables(&cfg)?;
        let types = &cfg.types.types;
        // Opponents that attack by jumping (the tables have nothing else
        // complex): legality by the shields.
        let slow = cfg.turn_order.iter().any(|&p| cfg.player(p).slow);
        let promos = promo::promotions(&cfg, bb)?;
        let by_move = match cfg.limits.by_move_promotions {
            true => Some(Arc::new(by_move::rules(&cfg)?)),
            false => None,
        };
        // Check and pin masks follow one royal per player who keeps it
        // safe; with more, or a promotion into a royal, every move is made
        // and tested.
        let protected = |p: Player| cfg.player(p).protect;
        let multi_royal = types.iter().zip(&promos).any(|(t, pr)| {
            protected(t.piece.player)
                && pr
                    .as_ref()
                    .is_some_and(|pr| pr.choices.iter().any(|&c| types[c as usize].royal))
        }) || cfg.turn_order.iter().any(|&p| {
            protected(p)
                && board
                    .pieces
                    .iter()
                    .filter(|q| q.alive && q.player == p && types[q.ty as usize].royal)
                    .count()
                    > 1
        });
        let info: Vec<TypeInfo<M>> = types
            .iter()
            .enumerate()
            .map(|(i, t)| TypeInfo {
                kin_immune: cfg.limits.same_kind_immune & (1 << i) != 0,
                extras: cfg.limits.same_kind_immune & (1 << i) != 0 || bb.types[i].jumps.is_some(),
                promotes: promos[i].is_some() || t.demotes,
                demotes: t.demotes,
                crowns: promos[i]
                    .as_ref()
                    .is_some_and(|pr| pr.choices.iter().any(|&c| types[c as usize].royal)),
                kind: types
                    .iter()
                    .position(|u| u.piece.kind == t.piece.kind)
                    .unwrap_or(i) as u8,
                no_screens: if t.no_own_kind_screen {
                    types
                        .iter()
                        .enumerate()
                        .filter(|(_, u)| u.piece.kind == t.piece.kind)
                        .fold(0, |m, (j, _)| m | 1 << j)
                } else {
                    0
                },
                owner: t.piece.player.number() as u8,
                royal: t.royal,
                castler: t.castler,
                site_castler: t.site_castler,
                castle_partner: t.castle_partner,
                pawn: t.pawn,
                royal_mask: M::all_if(t.royal),
                never_mask: M::all_if(t.capturability == Capturability::Never),
                anyone_mask: M::all_if(t.capturability == Capturability::ByAnyone),
            })
            .collect();
        let cells = bb.cells;
        let mut piece_keys = vec![0; types.len() * cells];
        let mut right_keys = vec![0; types.len() * cells];
        for (i, keys) in cfg.keys.iter().enumerate() {
            for c in 0..cells {
                piece_keys[i * cells + c] = keys.piece(bb.square(c));
                right_keys[i * cells + c] = keys.right(bb.square(c));
            }
        }
        let n = cfg.turn_order.len();
        let side_keys = (0..n).map(|i| side_key(cfg.turn_order[i], i, n)).collect();
        let order: Vec<u8> = cfg.turn_order.iter().map(|p| p.number() as u8).collect();
        let mut castle_keys = Vec::new();
        for (i, (player, row)) in [(Player::WHITE, 1), (Player::BLACK, 8)]
            .into_iter()
            .enumerate()
        {
            let at = |x: i64, kind: PieceKind| {
                let s = Sq::new(x, row);
                let ty = cfg.types.id(icn_model::Piece::new(kind, player))?;
                bb.on_board(s).then(|| (bb.cell(s) as u8, ty))
            };
            let Some(king) = at(5, PieceKind::King) else {
                continue;
            };
            for (j, x) in [(0, 8), (1, 1)] {
                if let Some(rook) = at(x, PieceKind::Rook) {
                    castle_keys.push(CastleKey {
                        king,
                        rook,
                        key: castle_key(2 * i + j),
                    });
                }
            }
        }
        let castle_cells = castle_keys.iter().fold(M::EMPTY, |m, k| {
            m | M::cell(k.king.0.into()) | M::cell(k.rook.0.into())
        });
        let mut ep_takers = Vec::with_capacity(n * cells);
        for &p in &cfg.turn_order {
            for c in 0..cells {
                let t = bb.square(c);
                let takers = cfg
                    .player(p)
                    .ep_takers
                    .iter()
                    .map(|&(ty, dx, dy)| (Sq::new(t.x - dx, t.y - dy), ty))
                    .filter(|&(from, _)| bb.on_board(from))
                    .map(|(from, ty)| (bb.cell(from) as u8, ty))
                    .collect();
                ep_takers.push((ep_key(t), takers));
            }
        }
        let mut castles = Vec::new();
        for c in &cfg.castles {
            let sqs = [c.king_from, c.king_to, c.partner_from, c.partner_to];
            if sqs.iter().any(|&s| !bb.on_board(s)) {
                return None;
            }
            let same_row = sqs.iter().all(|s| s.y == c.king_from.y);
            let (lo, hi) = (
                sqs.iter().map(|s| s.x).min().unwrap_or(0),
                sqs.iter().map(|s| s.x).max().unwrap_or(0),
            );
            let span = (lo..=hi).fold(M::EMPTY, |m, x| {
                m | M::cell(bb.cell(Sq::new(x, c.king_from.y)))
            });
            let cell = |s: Sq| bb.cell(s) as u8;
            if same_row {
                castles.push(CellCastle {
                    player: c.player.number() as u8,
                    king_from: cell(c.king_from),
                    king_to: cell(c.king_to),
                    partner_from: cell(c.partner_from),
                    partner_to: cell(c.partner_to),
                    span,
                });
            }
        }
        let mut s = SmallBoard {
            info,
            piece_keys,
            right_keys,
            side_keys,
            castle_keys,
            castle_cells,
            ep_takers,
            castles,
            order,
            protects: std::array::from_fn(|n| cfg.players.get(n).is_some_and(|pc| pc.protect)),
            cells,
            mailbox: [EMPTY; 128],
            occ: M::EMPTY,
            by_player: [M::EMPTY; 7],
            by_type: vec![M::EMPTY; types.len()],
            types_of: std::array::from_fn(|n| {
                (0..types.len() as u8)
                    .filter(|&ty| types[ty as usize].piece.player.number() as usize == n)
                    .collect()
            }),
            royal: M::EMPTY,
            never: M::EMPTY,
            anyone: M::EMPTY,
            rights: M::EMPTY,
            ep: None,
            ep_component: 0,
            key: board.key,
            turn: board.turn as u8,
            passes: board.recent_passes(),
            pin_allowed: std::array::from_fn(|_| std::cell::Cell::new(M::EMPTY)),
            scratch: Vec::new(),
            ends: Ends {
                on: cfg.immediate_ends,
                hill: (0..cells)
                    .filter(|&c| cfg.hill.contains(bb.square(c)))
                    .fold(M::EMPTY, |m, c| m | M::cell(c)),
                royal_taken: board
                    .last_capture()
                    .filter(|&(_, royal)| royal)
                    .map_or(EMPTY, |(p, _)| p.player.number() as u8),
                checks: board.checks,
                counts_checks: cfg
                    .turn_order
                    .iter()
                    .map(|&p| cfg.player(p).counts_checks)
                    .collect(),
                limits_on: cfg.limits.active,
                flags: flags::CellFlag::of(&cfg)?,
            },
            drops: None,
            hand: board.hand.clone(),
            origin: [EMPTY; 128],
            royalty: royalty::ByCount::new(cfg.rules.limits.royal_while_at_most, types)
                .map(Arc::new),
            ep_zone: cfg
                .turn_order
                .iter()
                .map(
                    |p| match &cfg.limits.en_passant_zones[p.number() as usize] {
                        Some(zone) => (0..cells)
                            .filter(|&c| zone.contains(bb.square(c)))
                            .fold(M::EMPTY, |m, c| m | M::cell(c)),
                        None => M::ALL,
                    },
                )
                .collect(),
            blast: Blast::new(&cfg).map(Arc::new),
            blasted: Vec::new(),
            tested: cfg.limits.explosion.is_some()
                || cfg.limits.no_checks
                || slow
                || multi_royal
                || cfg.rules.limits.duple_check,
            multi_royal,
            shields: None,
            tested_moves: Vec::new(),
            listed: Vec::new(),
            promos,
            by_move,
            extinction: Arc::new(extinct::rules(&cfg)),
            cfg: Arc::clone(&cfg),
        };
        if cfg.limits.royal_captures_checker_only && s.tested {
            return None;
        }
        if slow {
            s.shields = Some(Arc::new(shield::shields(&cfg, bb, &s.order)));
        }
        // Drops and by-move promotions are not made and tested one by one.
        if s.tested && (cfg.drops.is_some() || s.by_move.is_some()) {
            return None;
        }
        if let Some(dc) = &cfg.drops {
            s.drops = Some(Arc::new(CellDrops::new(dc, &cfg)?));
        }
        for p in board.pieces.iter().filter(|p| p.alive) {
            let c = bb.cell(p.sq);
            s.put(c, p.ty);
            if p.right {
                s.rights |= M::cell(c);
            }
            if p.promoted {
                s.origin[c] = p.origin;
            }
        }
        s.recount_royals();
        if s.drops.is_some() && !s.royals_stay_on_board() {
            return None;
        }
        s.ep = board
            .ep
            .map(|e| (bb.cell(e.target) as u8, bb.cell(e.victim) as u8));
        s.ep_component = board.ep_component();
        Some(s)
    }

    /// Whether no royal can be captured (into a hand, then dropped as a
    /// second royal, which the compact board does not hold): two players
    /// who both keep their royals safe, and the player who just moved not
    /// in check; or no player keeping a royal safe at all (a royal is then
    /// a piece like any other).
    fn royals_stay_on_board(&self) -> bool {
        let cfg = &self.cfg;
        // Where no player keeps a royal safe, a royal is a piece like any
        // other, in hand too (Dobutsu shogi's lion).
        if cfg.turn_order.iter().all(|&p| !cfg.player(p).protect) {
            return true;
        }
        if cfg.turn_order.len() != 2 || cfg.turn_order.iter().any(|&p| !cfg.player(p).protect) {
            return false;
        }
        let waiting = self.order[1 - usize::from(self.turn)];
        let royal = self.royal & self.by_player[usize::from(waiting)];
        !crate::mask::cells(royal).any(|c| self.attacked(c, waiting))
    }

    /// Puts a piece of type `ty` on the empty cell `c`.
    #[inline(always)]
    fn put(&mut self, c: usize, ty: u8) {
        let bit = M::cell(c);
        let info = &self.info[ty as usize];
        self.mailbox[c] = ty;
        self.by_type[usize::from(ty)] |= bit;
        self.occ |= bit;
        self.by_player[usize::from(info.owner)] |= bit;
        self.royal |= bit & info.royal_mask;
        self.never |= bit & info.never_mask;
        self.anyone |= bit & info.anyone_mask;
    }

    /// Takes the piece off the occupied cell `c`.
    #[inline(always)]
    fn take(&mut self, c: usize) {
        let bit = M::cell(c);
        let ty = usize::from(self.mailbox[c]);
        let info = &self.info[ty];
        self.mailbox[c] = EMPTY;
        self.by_type[ty] &= !bit;
        self.occ &= !bit;
        self.by_player[usize::from(info.owner)] &= !bit;
        self.royal &= !bit;
        self.never &= !bit;
        self.anyone &= !bit;
    }

    /// Moves the piece on `from` to the empty cell `to`, type unchanged.
    #[inline(always)]
    fn shift(&mut self, from: usize, to: usize) {
        let ty = self.mailbox[from];
        let both = M::cell(from) | M::cell(to);
        let info = &self.info[ty as usize];
        self.mailbox[from] = EMPTY;
        self.mailbox[to] = ty;
        self.by_type[usize::from(ty)] ^= both;
        self.occ ^= both;
        self.by_player[usize::from(info.owner)] ^= both;
        self.royal ^= both & info.royal_mask;
        self.never ^= both & info.never_mask;
        self.anyone ^= both & info.anyone_mask;
    }

    /// The player to move, as a number.
    #[inline(always)]
    fn us(&self) -> u8 {
        self.order[self.turn as usize]
    }

    /// The zobrist key.
    #[cfg(test)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Polyglot castling component of the key.
    fn castle_component(&self) -> u64 {
        let has = |(c, ty): (u8, u8)| self.mailbox[c as usize] == ty && self.rights.has(c.into());
        self.castle_keys
            .iter()
            .filter(|k| has(k.king) && has(k.rook))
            .fold(0, |acc, k| acc ^ k.key)
    }

    /// The en passant component of the key: the target's key when the side to
    /// move has a piece that could take there.
    #[inline]
    fn compute_ep_component(&self) -> u64 {
        let Some((target, _)) = self.ep else { return 0 };
        let (key, takers) = &self.ep_takers[self.turn as usize * self.cells + target as usize];
        if takers
            .iter()
            .any(|&(from, ty)| self.mailbox[from as usize] == ty)
        {
            *key
        } else {
            0
        }
    }

    /// The generic move of a compact one.
    #[cfg(test)]
    pub fn to_move(&self, m: &SmallMove) -> crate::Move {
        use crate::MoveKind;
        let bb = M::tables(&self.cfg).expect("bitboard tables");
        let sq = |c: u8| bb.square(c as usize);
        crate::Move {
            from: sq(m.from),
            to: sq(m.to),
            promotion: match m.special {
                // A drop as the piece promotes.
                Special::Drop => (m.a != m.promo).then(|| self.cfg.types.types[m.a as usize].piece),
                _ => (m.promo != EMPTY).then(|| self.cfg.types.types[m.promo as usize].piece),
            },
            kind: match m.special {
                // A promotion in place ([`by_move`]).
                Special::Normal if m.from == m.to => MoveKind::Stay,
                Special::Normal => MoveKind::Normal,
                Special::DoubleStep => MoveKind::DoubleStep { passed: sq(m.a) },
                Special::EnPassant => MoveKind::EnPassant { captured: sq(m.a) },
                Special::Castle => MoveKind::Castle {
                    partner_from: sq(m.a),
                    partner_to: sq(m.b),
                },
                Special::Drop => MoveKind::Drop {
                    piece: self.cfg.types.types[m.promo as usize].piece,
                },
                Special::Pass => MoveKind::Stay,
            },
            gate: (m.gate != EMPTY).then(|| crate::moves::Gate {
                piece: self.cfg.types.types[m.gate as usize].piece,
                at: sq(m.gate_at),
            }),
        }
    }
}
