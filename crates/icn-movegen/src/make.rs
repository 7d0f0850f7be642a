//! Make and unmake with an incrementally updated zobrist key.
//!
//! [`Board::make`] trusts its move: it must come from the generator (or
//! [`Board::check_move`]). Unmake restores the exact previous state, key
//! included, from a stack of [`Undo`] records.

use icn_model::Player;

use crate::board::{Board, EnPassant};
use crate::moves::{Move, MoveKind};
use crate::store::Slot;
use crate::types::TypeId;

/// What unmake needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub(crate) mv: Move,
    moved: Slot,
    captured: Option<Slot>,
    partner: Option<(Slot, bool, u64)>,
    right: bool,
    ty: TypeId,
    promoted: bool,
    origin: TypeId,
    seq: u64,
    next_seq: u64,
    ep: Option<EnPassant>,
    halfmove: u64,
    fullmove: u64,
    key: u64,
    turn: usize,
    check_given: bool,
    /// The type a capture put into the mover's hand.
    hand_add: Option<TypeId>,
    /// The first piece a [`MoveKind::TwoCaptures`] took.
    first_captured: Option<Slot>,
    /// The lion-trading bar before the move.
    lion_bar: bool,
    /// How many pieces of [`Board::blasted`] the move's blast removed.
    blasts: u8,
    /// The count before the move ([`crate::counting`]).
    count: Option<icn_model::Count>,
}

impl Board {
    /// Plays a legal move.
    ///
    /// The move must be legal in this position (from [`Board::legal_moves`],
    /// a family, or [`Board::check_move`]); anything else leaves the board
    /// in an unspecified (but memory-safe) state.
    pub fn make(&mut self, m: &Move) {
        let us = self.side_to_move();
        if let MoveKind::Drop { piece } = m.kind {
            self.make_drop(m, piece);
            return;
        }
        if let MoveKind::Pickup { .. } = m.kind {
            self.make_pickup(m);
            return;
        }
        let Some(moved) = self.store.get(m.from) else {
            return;
        };
        let mp = self.pieces[moved as usize];
        // A castle captures nothing, though its king may land where its
        // partner stands (Chess960).
        let victim_sq = match m.kind {
            MoveKind::EnPassant { captured } => Some(captured),
            MoveKind::Castle { .. } | MoveKind::Stay => None,
            _ => self.store.get(m.to).map(|_| m.to),
        };
        let captured = victim_sq.and_then(|s| self.store.get(s));
        let partner = match m.kind {
            MoveKind::Castle { partner_from, .. } => self.store.get(partner_from),
            _ => None,
        };
        let mut undo = self.undo_of(m, moved, mp);
        undo.captured = captured;
        undo.partner = partner.map(|s| {
            let p = &self.pieces[s as usize];
            (s, p.right, p.seq)
        });
        self.remember_key();
        let cfg = std::sync::Arc::clone(&self.cfg);
        let cfg: &crate::config::Config = &cfg;
        // Castling keys depend only on orthodox kings and rooks with their right.
        let relevant = |slot: Slot| {
            let p = &self.pieces[slot as usize];
            p.right && cfg.keys[p.ty as usize].castle_relevant()
        };
        // An atomic capture's blast, found before the move (its castling
        // rights change the key like the capture's).
        let (blast, blasts) = match captured {
            Some(c) if cfg.limits.explosion.is_some() => {
                let new_ty = m.promotion.and_then(|p| cfg.types.id(p)).unwrap_or(mp.ty);
                self.blast_victims(m.to, moved, new_ty, c)
            }
            _ => ([0; crate::atomic::MAX_BLAST], 0),
        };
        let rights = relevant(moved)
            || captured.is_some_and(relevant)
            || partner.is_some_and(relevant)
            || blast[..blasts].iter().any(|&s| relevant(s));
        let mut key = self.key_without_state(rights);
        // A lion's first capture of two (the hand is not fed: lions are
        // refused with drops).
        if let MoveKind::TwoCaptures { first } = m.kind
            && let Some(c) = self.store.get(first)
        {
            key ^= self.take_off(c, first);
            self.store.remove(first);
            undo.first_captured = Some(c);
        }
        if cfg.limits.lion.is_active() {
            let victims = [captured, undo.first_captured];
            let bar = cfg.limits.lion.bars(
                mp.ty,
                victims
                    .into_iter()
                    .flatten()
                    .map(|c| self.pieces[c as usize].ty),
            );
            key ^= self.set_lion_bar(bar);
        }
        // Capture.
        if let (Some(c), Some(vs)) = (captured, victim_sq) {
            key ^= self.take_off(c, vs);
            if vs != m.to {
                self.store.remove(vs);
            }
            let cs = self.pieces[c as usize];
            let (ty, origin) = (cs.ty, cs.promoted.then_some(cs.origin));
            if let Some(h) = cfg
                .drops
                .as_ref()
                .filter(|d| d.captures_to_hand)
                .and_then(|d| d.to_hand(ty, origin, us))
            {
                key ^= self.add_to_hand(h, 1);
                undo.hand_add = Some(h);
            }
        }
        // The partner lifts off before the castler lands (their squares may
        // overlap in Chess960); it lands after.
        if let (Some(_), MoveKind::Castle { partner_from, .. }) = (partner, m.kind) {
            self.store.remove(partner_from);
        }
        // The mover.
        let new_ty = match m.promotion {
            Some(p) => cfg.types.id(p).unwrap_or(mp.ty),
            None => mp.ty,
        };
        key ^= cfg.keys[mp.ty as usize].piece(m.from) ^ cfg.keys[new_ty as usize].piece(m.to);
        if mp.right {
            key ^= cfg.keys[mp.ty as usize].right(m.from);
        }
        self.store.remove(m.from);
        if victim_sq == Some(m.to) {
            self.store.replace(m.to, moved);
        } else {
            self.store.insert(m.to, moved);
        }
        let seq = match (captured, victim_sq) {
            (Some(c), Some(_)) => self.pieces[c as usize].seq,
            _ => {
                self.next_seq += 1;
                self.next_seq - 1
            }
        };
        {
            let mpm = &mut self.pieces[moved as usize];
            mpm.sq = m.to;
            mpm.right = false;
            mpm.ty = new_ty;
            mpm.seq = seq;
            if m.promotion.is_some() && !mpm.promoted {
                mpm.promoted = true;
                mpm.origin = mp.ty;
            } else if m.promotion.is_some() && new_ty == mp.origin {
                // Turned back ([`icn_rules::PromotionRule::demotes`]).
                mpm.promoted = false;
            }
        }
        for &victim in &blast[..blasts] {
            let vp = self.pieces[victim as usize];
            key ^= self.take_off(victim, vp.sq);
            self.store.remove(vp.sq);
            // With captures to hand a blown-up piece goes to the hand of
            // its owner's opponent, as a captured one would.
            let taker = if vp.player == us {
                cfg.turn_order[(self.turn + 1) % cfg.turn_order.len()]
            } else {
                us
            };
            let hand = cfg
                .drops
                .as_ref()
                .filter(|d| d.captures_to_hand)
                .and_then(|d| d.to_hand(vp.ty, vp.promoted.then_some(vp.origin), taker));
            if let Some(h) = hand {
                key ^= self.add_to_hand(h, 1);
            }
            self.blasted.push((victim, hand));
        }
        undo.blasts = blasts as u8;
        // Castling partner.
        if let (
            Some(ps),
            MoveKind::Castle {
                partner_from,
                partner_to,
            },
        ) = (partner, m.kind)
        {
            let pp = self.pieces[ps as usize];
            let keys = &cfg.keys[pp.ty as usize];
            key ^= keys.piece(partner_from) ^ keys.piece(partner_to);
            if pp.right {
                key ^= keys.right(partner_from);
            }
            self.store.insert(partner_to, ps);
            let ppm = &mut self.pieces[ps as usize];
            ppm.sq = partner_to;
            ppm.right = false;
            ppm.seq = self.next_seq;
            self.next_seq += 1;
        }
        self.ep = match m.kind {
            MoveKind::DoubleStep { passed } if self.en_passant_allowed(passed) => Some(EnPassant {
                target: passed,
                victim: m.to,
            }),
            _ => None,
        };
        if let Some(g) = m.gate {
            key ^= self.gate_in(g);
        }
        let resets = cfg.types.types[mp.ty as usize].resets_move_rule;
        // Irreversible moves reset the move rule: the resetters' moves,
        // captures, gating and promotions (as in Fairy-Stockfish and Sjaak).
        self.halfmove = if resets
            || captured.is_some()
            || undo.first_captured.is_some()
            || m.gate.is_some()
            || m.promotion.is_some()
        {
            0
        } else {
            self.halfmove + 1
        };
        self.close_move(us, key, rights, undo);
    }

    /// Plays a drop: the piece leaves the mover's hand for a new slot.
    fn make_drop(&mut self, m: &Move, piece: icn_model::Piece) {
        let us = self.side_to_move();
        let cfg = std::sync::Arc::clone(&self.cfg);
        let (Some(ty), Some(dc)) = (cfg.types.id(piece), cfg.drops.as_ref()) else {
            return;
        };
        let slot = self.pieces.len() as Slot;
        // Dropped as it promotes ([`icn_rules::Drops::promoted_drops`]).
        let placed = m.promotion.and_then(|p| cfg.types.id(p)).unwrap_or(ty);
        let fresh = crate::board::PieceState {
            ty: placed,
            player: us,
            sq: m.to,
            alive: true,
            right: dc.right_on(placed, m.to),
            hidden: false,
            promoted: placed != ty,
            origin: ty,
            seq: self.next_seq,
        };
        let undo = self.undo_of(m, slot, fresh);
        self.remember_key();
        let right = fresh.right;
        let keys = &cfg.keys[placed as usize];
        let relevant = right && keys.castle_relevant();
        let mut key = self.key_without_state(relevant);
        key ^= self.set_lion_bar(false);
        key ^= self.add_to_hand(ty, -1) ^ keys.piece(m.to);
        if right {
            key ^= keys.right(m.to);
        }
        self.pieces.push(fresh);
        self.next_seq += 1;
        self.store.insert(m.to, slot);
        self.ep = None;
        // A drop cannot be taken back: it resets the move rule, as in
        // Fairy-Stockfish and Sjaak.
        self.halfmove = 0;
        self.close_move(us, key, relevant, undo);
    }

    /// Puts a gated piece from the mover's hand on its square; returns the
    /// key change.
    fn gate_in(&mut self, g: crate::moves::Gate) -> u64 {
        let Some(ty) = self.cfg.types.id(g.piece) else {
            return 0;
        };
        let slot = self.pieces.len() as Slot;
        self.pieces.push(crate::board::PieceState {
            ty,
            player: g.piece.player,
            sq: g.at,
            alive: true,
            right: false,
            hidden: false,
            promoted: false,
            origin: ty,
            seq: self.next_seq,
        });
        self.next_seq += 1;
        self.store.insert(g.at, slot);
        self.add_to_hand(ty, -1) ^ self.cfg.keys[ty as usize].piece(g.at)
    }

    /// Plays a pickup: the piece on `m.from` goes into its owner's hand as
    /// the type it is.
    fn make_pickup(&mut self, m: &Move) {
        let us = self.side_to_move();
        let Some(slot) = self.store.get(m.from) else {
            return;
        };
        let cfg = std::sync::Arc::clone(&self.cfg);
        let p = self.pieces[slot as usize];
        let mut undo = self.undo_of(m, slot, p);
        self.remember_key();
        let keys = &cfg.keys[p.ty as usize];
        let relevant = p.right && keys.castle_relevant();
        let mut key = self.key_without_state(relevant);
        key ^= keys.piece(m.from);
        if p.right {
            key ^= keys.right(m.from);
        }
        self.store.remove(m.from);
        {
            let pm = &mut self.pieces[slot as usize];
            pm.alive = false;
            pm.right = false;
        }
        key ^= self.add_to_hand(p.ty, 1);
        undo.hand_add = Some(p.ty);
        self.ep = None;
        self.halfmove += 1;
        self.close_move(us, key, relevant, undo);
    }

    /// The key without the side to move, the en passant square and, when
    /// `castling`, the castling part: what a move is about to change.
    fn key_without_state(&self, castling: bool) -> u64 {
        let mut key = self.key ^ self.side_component();
        if self.ep.is_some() {
            key ^= self.ep_component();
        }
        if castling {
            key ^= self.castle_component();
        }
        key
    }

    /// Passes the turn and completes the key begun by
    /// [`Board::key_without_state`] with the new state, then records `undo`.
    fn close_move(&mut self, us: Player, mut key: u64, castling: bool, undo: Undo) {
        self.pass_turn(us);
        if castling {
            key ^= self.castle_component();
        }
        self.finish(us, key, undo);
    }

    /// The undo record of the state before `m`, which moves the piece in
    /// `moved` (as it stands in `piece`); it captures nothing yet.
    fn undo_of(&self, m: &Move, moved: Slot, piece: crate::board::PieceState) -> Undo {
        Undo {
            mv: *m,
            moved,
            captured: None,
            partner: None,
            right: piece.right,
            ty: piece.ty,
            promoted: piece.promoted,
            origin: piece.origin,
            seq: piece.seq,
            next_seq: self.next_seq,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
            turn: self.turn,
            check_given: false,
            hand_add: None,
            first_captured: None,
            lion_bar: self.lion_bar,
            blasts: 0,
            count: self.count,
        }
    }

    /// Marks the piece in `slot`, standing on `at`, captured; returns the
    /// key change (its square and right).
    fn take_off(&mut self, slot: Slot, at: crate::geometry::Sq) -> u64 {
        let cp = &mut self.pieces[slot as usize];
        cp.alive = false;
        let keys = &self.cfg.keys[cp.ty as usize];
        let mut key = keys.piece(at);
        if cp.right {
            key ^= keys.right(at);
        }
        key
    }

    /// Sets the lion-trading bar; returns the key change.
    fn set_lion_bar(&mut self, bar: bool) -> u64 {
        let change = self.lion_bar != bar;
        self.lion_bar = bar;
        if change {
            crate::zobrist::lion_bar_key()
        } else {
            0
        }
    }

    /// Records the key of the position a move leaves (for repetition).
    fn remember_key(&mut self) {
        self.history.push(self.key);
        if let Some(seen) = &mut self.seen {
            *seen.entry(self.key).or_default() += 1;
        }
    }

    /// Changes the count of `ty` in hand by `by`; returns the key change.
    fn add_to_hand(&mut self, ty: TypeId, by: i32) -> u64 {
        let n = self.hand[ty as usize];
        let new = n.saturating_add_signed(by);
        self.hand[ty as usize] = new;
        let keys = &self.cfg.keys[ty as usize];
        keys.hand(n) ^ keys.hand(new)
    }

    /// Advances the move counters past `us`'s move.
    fn pass_turn(&mut self, us: Player) {
        let cfg = &self.cfg;
        if us == Player::BLACK
            || (!cfg.turn_order.contains(&Player::BLACK) && self.turn + 1 == cfg.turn_order.len())
        {
            self.fullmove += 1;
        }
        self.turn = self.next_turn();
        self.ply += 1;
    }

    /// Completes a move's key (side and en passant) and check count, and
    /// records its undo.
    fn finish(&mut self, us: Player, mut key: u64, mut undo: Undo) {
        key ^= self.side_component();
        if self.ep.is_some() {
            key ^= self.ep_component();
        }
        self.key = key;
        let cfg = std::sync::Arc::clone(&self.cfg);
        if cfg.player(us).counts_checks {
            let mut them = cfg.turn_order.iter().copied().filter(|&p| p != us);
            if them.any(|p| self.royal_attacked(p)) {
                self.checks[us.number() as usize] += 1;
                undo.check_given = true;
            }
        }
        if cfg.rules.draws.counting.is_some() {
            let taken = [undo.captured, undo.first_captured];
            let pawn_taken = taken.iter().flatten().any(|&s| {
                let kind = cfg.types.types[self.pieces[s as usize].ty as usize]
                    .piece
                    .kind;
                cfg.rules
                    .draws
                    .counting
                    .as_ref()
                    .is_some_and(|c| c.pawns.contains(&kind))
            });
            let captured = taken.iter().any(Option::is_some) || undo.blasts > 0;
            self.update_count(us, captured, pawn_taken, undo.mv.promotion.is_some());
        }
        self.undo.push(undo);
    }

    /// Takes back the last move made. Does nothing when no move was made.
    pub fn unmake(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        if let Some(k) = self.history.pop()
            && let Some(seen) = &mut self.seen
            && let Some(n) = seen.get_mut(&k)
        {
            *n -= 1;
        }
        let m = u.mv;
        // The blast's pieces come back first (the mover among them stood on
        // its destination).
        for _ in 0..u.blasts {
            if let Some((victim, hand)) = self.blasted.pop() {
                if let Some(h) = hand {
                    self.hand[h as usize] -= 1;
                }
                let p = &mut self.pieces[victim as usize];
                p.alive = true;
                let at = p.sq;
                self.store.insert(at, victim);
            }
        }
        if u.check_given {
            let us = self.cfg.turn_order[u.turn];
            self.checks[us.number() as usize] -= 1;
        }
        if let Some(h) = u.hand_add {
            self.hand[h as usize] -= 1;
        }
        if let Some(g) = m.gate {
            self.store.remove(g.at);
            self.pieces.pop();
            if let Some(ty) = self.cfg.types.id(g.piece) {
                self.hand[ty as usize] += 1;
            }
        }
        if let MoveKind::Drop { .. } = m.kind {
            self.store.remove(m.to);
            self.pieces.pop();
            self.hand[u.origin as usize] += 1;
            self.restore(&u);
            return;
        }
        if let MoveKind::Pickup { .. } = m.kind {
            self.store.insert(m.from, u.moved);
            let p = &mut self.pieces[u.moved as usize];
            p.alive = true;
            p.right = u.right;
            self.restore(&u);
            return;
        }
        if let (
            Some((ps, right, seq)),
            MoveKind::Castle {
                partner_from,
                partner_to,
            },
        ) = (u.partner, m.kind)
        {
            // Lifted off first and put back last, as in `make`.
            self.store.remove(partner_to);
            let pp = &mut self.pieces[ps as usize];
            pp.sq = partner_from;
            pp.right = right;
            pp.seq = seq;
        }
        let victim_sq = u.captured.map(|c| self.pieces[c as usize].sq);
        match (u.captured, victim_sq) {
            (Some(c), Some(vs)) if vs == m.to => {
                self.store.replace(m.to, c);
                self.store.insert(m.from, u.moved);
            }
            (Some(c), Some(vs)) => {
                self.store.remove(m.to);
                self.store.insert(m.from, u.moved);
                self.store.insert(vs, c);
            }
            _ => {
                self.store.remove(m.to);
                self.store.insert(m.from, u.moved);
            }
        }
        if let (Some((ps, ..)), MoveKind::Castle { partner_from, .. }) = (u.partner, m.kind) {
            self.store.insert(partner_from, ps);
        }
        if let Some(c) = u.captured {
            self.pieces[c as usize].alive = true;
        }
        if let (Some(c), MoveKind::TwoCaptures { first }) = (u.first_captured, m.kind) {
            self.store.insert(first, c);
            self.pieces[c as usize].alive = true;
        }
        let mp = &mut self.pieces[u.moved as usize];
        mp.sq = m.from;
        mp.right = u.right;
        mp.ty = u.ty;
        mp.promoted = u.promoted;
        mp.origin = u.origin;
        mp.seq = u.seq;
        self.restore(&u);
    }

    /// Puts back the counters and key an undo record saved.
    fn restore(&mut self, u: &Undo) {
        self.next_seq = u.next_seq;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.key = u.key;
        self.lion_bar = u.lion_bar;
        self.count = u.count;
        self.turn = u.turn;
        self.ply -= 1;
    }

    /// The piece captured by the last move made, if any.
    pub(crate) fn last_capture(&self) -> Option<(icn_model::Piece, bool)> {
        let u = self.undo.last()?;
        let c = u.captured?;
        let p = self.pieces[c as usize];
        let t = &self.cfg.types.types[p.ty as usize];
        Some((t.piece, t.royal))
    }

    /// The player who made the last move.
    pub(crate) fn last_mover(&self) -> Option<Player> {
        self.undo.last().map(|u| self.cfg.turn_order[u.turn])
    }

    /// The last move made, if any.
    pub(crate) fn last_move(&self) -> Option<Move> {
        self.undo.last().map(|u| u.mv)
    }

    /// The moves made on this board, oldest first.
    pub fn made_moves(&self) -> Vec<Move> {
        self.undo.iter().map(|u| u.mv).collect()
    }
}

#[cfg(test)]
mod tests {
    use icn_model::{Dialect, Game};

    use crate::Board;

    fn board(icn: &str) -> Board {
        Board::from_game(&Game::parse(icn, Dialect::Auto).unwrap()).unwrap()
    }

    /// Plays up to `plies` pseudo-random legal moves from `seed`, checking
    /// after each that the incremental key equals a fresh computation;
    /// returns the moves played.
    fn random_playout(b: &mut Board, mut seed: u64, plies: usize) -> Vec<crate::Move> {
        let mut played = Vec::new();
        for _ in 0..plies {
            let moves = b.legal_moves().unwrap();
            if moves.is_empty() {
                break;
            }
            crate::next_random(&mut seed);
            let m = moves[(seed >> 33) as usize % moves.len()];
            b.make(&m);
            assert_eq!(b.key, b.compute_key(), "after {m}");
            played.push(m);
        }
        played
    }

    /// Crazyhouse-style drops: random play with captures going to hand and
    /// drops coming out of it keeps the incremental key equal to a fresh
    /// one, and unmaking everything restores the hands.
    #[test]
    fn drops_keep_the_key_and_the_hands() {
        let g = Game::parse(
            "w 0/100 1 (8|1) 1,8,1,8 r1,8+|k5,8+|r8,8+|p1,7+|p3,7+|p4,7+|q5,7|p6,7+|b7,7|n6,6|P4,5|N5,5|P5,4|Q6,3|P1,2+|P2,2+|R1,1+|K5,1+|R8,1+",
            Dialect::Auto,
        )
        .unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        rules.drops = Some(icn_rules::Drops::default());
        let mut position = g.position.clone();
        let pawn = icn_model::Piece::new(icn_model::PieceKind::Pawn, icn_model::Player::WHITE);
        position.holdings.add(pawn, 2);
        let mut b = Board::new(&position, &rules).unwrap();
        assert_eq!(b.key, b.compute_key());
        let played = random_playout(&mut b, 11, 300);
        assert!(
            played
                .iter()
                .any(|m| matches!(m.kind, crate::MoveKind::Drop { .. }))
        );
        while b.ply() > 0 {
            b.unmake();
        }
        assert_eq!(b.key, b.compute_key());
        assert_eq!(b.to_position(None).holdings.count(pawn), 2);
    }

    /// Pickups (Sjaak's `allow pickup`): random play keeps the key equal to
    /// a fresh one, pickups happen and are never played in check, and
    /// unmaking everything gives back the start position.
    #[test]
    fn pickups_keep_the_key_and_the_position() {
        let g = Game::parse(
            "w 0/100 1 (8|1) 1,8,1,8 r1,8+|k5,8+|r8,8+|p1,7+|p3,7+|q5,7|b7,7|n6,6|P4,5|N5,5|Q6,3|P1,2+|R1,1+|K5,1+|R8,1+",
            Dialect::Auto,
        )
        .unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        rules.drops = Some(icn_rules::Drops {
            pickup: true,
            captures_to_hand: false,
            ..icn_rules::Drops::default()
        });
        let mut b = Board::new(&g.position, &rules).unwrap();
        let start = b.to_position(None);
        let mut seed: u64 = 5;
        let mut pickups = 0;
        for _ in 0..200 {
            let moves = b.legal_moves().unwrap();
            let us = b.side_to_move();
            if b.royal_attacked(us) {
                assert!(
                    !moves
                        .iter()
                        .any(|m| matches!(m.kind, crate::MoveKind::Pickup { .. }))
                );
            }
            if moves.is_empty() {
                break;
            }
            crate::next_random(&mut seed);
            let m = moves[(seed >> 33) as usize % moves.len()];
            pickups += usize::from(matches!(m.kind, crate::MoveKind::Pickup { .. }));
            b.make(&m);
            assert_eq!(b.key, b.compute_key(), "after {m}");
        }
        assert!(pickups > 0);
        while b.ply() > 0 {
            b.unmake();
        }
        assert_eq!(b.key, b.compute_key());
        assert_eq!(b.to_position(None), start);
    }

    /// Atomic explosions: random play keeps the key equal to a fresh one,
    /// blasts happen (pieces leave beside captures), and unmaking everything
    /// gives back the start position.
    #[test]
    fn explosions_keep_the_key_and_come_back() {
        let g = Game::parse(
            "w 0/100 1 (8|1) 1,8,1,8 r1,8+|n2,8|b3,8|q4,8|k5,8+|b6,8|n7,8|r8,8+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|R1,1+|N2,1|B3,1|Q4,1|K5,1+|B6,1|N7,1|R8,1+",
            Dialect::Auto,
        )
        .unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        rules.limits.explosion = Some(icn_rules::limits::Explosion {
            immune: Default::default(),
            shielded: [icn_model::PieceKind::Pawn].into_iter().collect(),
        });
        let mut b = Board::new(&g.position, &rules).unwrap();
        let start = b.to_position(None);
        let mut blasts = 0;
        let mut seed = 3u64;
        for _ in 0..12 {
            for _ in 0..80 {
                let moves = b.legal_moves().unwrap();
                if moves.is_empty() || b.decided().is_some() {
                    break;
                }
                crate::next_random(&mut seed);
                let m = moves[(seed >> 33) as usize % moves.len()];
                let (before, capture) = (b.piece_count(), b.store.get(m.to).is_some());
                b.make(&m);
                assert_eq!(b.key, b.compute_key(), "after {m}");
                if capture {
                    // The capturer goes with the captured piece.
                    assert!(b.piece_count() <= before - 2, "{m}");
                    blasts += 1;
                }
            }
            while b.ply() > 0 {
                b.unmake();
                assert_eq!(b.key, b.compute_key());
            }
            assert_eq!(b.to_position(None), start);
            assert!(b.blasted.is_empty());
        }
        assert!(blasts > 0);
    }

    /// Plays pseudo-random legal moves; the incremental key must equal a fresh computation.
    #[test]
    fn incremental_key_equals_a_fresh_one() {
        for icn in [
            "w 0/100 1 (8|1) 1,8,1,8 r1,8+|k5,8+|r8,8+|p1,7+|p3,7+|p4,7+|q5,7|p6,7+|b7,7|b1,6|n2,6|p5,6|n6,6|p7,6|P4,5|N5,5|p2,4|P5,4|N3,3|Q6,3|p8,3|P1,2+|P2,2+|P3,2+|B4,2|B5,2|P6,2+|P7,2+|P8,2+|R1,1+|K5,1+|R8,1+",
            "w (8|1) {\"slideLimit\": 12} K5,1+|k5,8+|R1,1+|r8,8+|P2,2+|p3,4|AM0,3|ha6,6|NR-2,-2|hu9,9|RO4,4|ob3,3|vo7,7|P4,7",
        ] {
            let mut b = board(icn);
            random_playout(&mut b, 7, 200);
            while b.ply() > 0 {
                b.unmake();
                assert_eq!(b.key, b.compute_key());
            }
        }
    }
}
