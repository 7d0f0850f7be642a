//! Make and unmake on a [`SmallBoard`], with the zobrist key kept as
//! [`crate::Board::make`] keeps it (piece, `+` right, Polyglot castling, en
//! passant and side components).
//!
//! Make trusts its move (it must come from [`SmallBoard::generate`]); the
//! [`Undo`] it returns restores the exact previous state.

use super::{EMPTY, EndsUndo, SmallBoard, SmallMove, Special, Undo};
use crate::mask::Mask;

impl<M: Mask> SmallBoard<M> {
    /// Plays a legal move; returns what [`SmallBoard::unmake`] needs.
    #[inline]
    pub fn make(&mut self, m: &SmallMove) -> Undo<M> {
        if m.special == Special::Drop {
            return self.make_drop(m);
        }
        if m.special == Special::Pass {
            return self.make_pass(m);
        }
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let moved = self.mailbox[from];
        let victim = if m.special == Special::EnPassant {
            usize::from(m.a)
        } else {
            to
        };
        let castle = m.special == Special::Castle;
        // A castle captures nothing, though its king may land where its
        // partner stands (Chess960); nor does a promotion in place.
        let captured = if castle || from == to {
            EMPTY
        } else {
            self.mailbox[victim]
        };
        let mut undo = self.undo_of(moved, captured);
        let cells = self.cells;
        let mut key = self.key ^ self.side_keys[self.turn as usize] ^ self.ep_component;
        let mut touched = M::cell(from) | M::cell(victim);
        if castle {
            touched |= M::cell(m.a.into());
        }
        // An explosion may take castling pieces anywhere around.
        let rights_change = !(self.rights & touched & self.castle_cells).is_empty()
            || (self.blast.is_some() && captured != EMPTY);
        if rights_change {
            key ^= self.castle_component();
        }
        if captured != EMPTY {
            let i = captured as usize * cells + victim;
            key ^= self.piece_keys[i];
            if self.rights.has(victim) {
                key ^= self.right_keys[i];
            }
            self.take(victim);
            if self.drops.is_some() {
                undo.captured_origin = self.origin[victim];
                self.origin[victim] = EMPTY;
                let us = self.us();
                let h = self.hand_type(captured, undo.captured_origin, us);
                if h != EMPTY {
                    key ^= self.add_to_hand(h, true);
                    undo.hand_add = h;
                }
            }
        }
        let new_ty = if m.promo == EMPTY { moved } else { m.promo };
        key ^= self.piece_keys[moved as usize * cells + from]
            ^ self.piece_keys[new_ty as usize * cells + to];
        if self.rights.has(from) {
            key ^= self.right_keys[moved as usize * cells + from];
        }
        if castle {
            // Both pieces lift off before either lands: in Chess960 the
            // squares of the king and its partner may overlap.
            let (pf, pt) = (usize::from(m.a), usize::from(m.b));
            let partner = self.mailbox[pf];
            let ty = partner as usize;
            key ^= self.piece_keys[ty * cells + pf] ^ self.piece_keys[ty * cells + pt];
            if undo.rights.has(pf) {
                key ^= self.right_keys[ty * cells + pf];
            }
            self.take(from);
            self.take(pf);
            self.put(to, moved);
            self.put(pt, partner);
            if self.drops.is_some() {
                let (ko, po) = (self.origin[from], self.origin[pf]);
                self.origin[from] = EMPTY;
                self.origin[pf] = EMPTY;
                self.origin[to] = ko;
                self.origin[pt] = po;
            }
        } else {
            if new_ty == moved {
                self.shift(from, to);
            } else {
                self.take(from);
                self.put(to, new_ty);
            }
            if self.drops.is_some() {
                let o = self.origin[from];
                undo.moved_origin = o;
                self.origin[from] = EMPTY;
                // A promotion keeps the first origin; turning back clears it.
                self.origin[to] = if new_ty == o {
                    EMPTY
                } else if new_ty != moved && o == EMPTY {
                    moved
                } else {
                    o
                };
            }
        }
        self.rights &= !touched & !M::cell(to);
        if captured != EMPTY && self.blast.is_some() {
            let (change, n) = self.explode(to);
            key ^= change;
            undo.blasts = n;
        }
        if m.gate != EMPTY {
            key ^= self.gate_in(m);
        }
        self.turn += 1;
        if usize::from(self.turn) == self.order.len() {
            self.turn = 0;
        }
        // The next player may take en passant only in its zone.
        self.ep = (m.special == Special::DoubleStep
            && self.ep_zone[self.turn as usize].has(m.a.into()))
        .then_some((m.a, m.to));
        if rights_change {
            key ^= self.castle_component();
        }
        key ^= self.side_keys[self.turn as usize];
        self.ep_component = if self.ep.is_some() {
            self.compute_ep_component()
        } else {
            0
        };
        self.key = key ^ self.ep_component;
        self.passes = (self.passes << 1) & 3;
        self.recount_royals();
        if self.ends.on {
            undo.ends = self.track_ends(usize::from(undo.turn), captured);
        }
        undo
    }

    /// Takes back `m`, made with the result `u`.
    #[inline]
    pub fn unmake(&mut self, m: &SmallMove, u: &Undo<M>) {
        if self.ends.on {
            self.untrack_ends(usize::from(u.turn), u.ends);
        }
        if m.gate != EMPTY {
            self.gate_out(m);
        }
        self.unexplode(u.blasts);
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let drops = self.drops.is_some();
        if m.special == Special::Pass {
            // Nothing moved.
        } else if m.special == Special::Drop {
            self.take(to);
            self.origin[to] = EMPTY;
            self.hand[usize::from(u.moved)] += 1;
        } else if m.special == Special::Castle {
            let (pf, pt) = (usize::from(m.a), usize::from(m.b));
            let partner = self.mailbox[pt];
            self.take(to);
            self.take(pt);
            self.put(from, u.moved);
            self.put(pf, partner);
            if drops {
                let (ko, po) = (self.origin[to], self.origin[pt]);
                self.origin[to] = EMPTY;
                self.origin[pt] = EMPTY;
                self.origin[from] = ko;
                self.origin[pf] = po;
            }
        } else {
            if self.mailbox[to] == u.moved {
                self.shift(to, from);
            } else {
                self.take(to);
                self.put(from, u.moved);
            }
            if drops {
                self.origin[to] = EMPTY;
                self.origin[from] = u.moved_origin;
            }
        }
        if u.captured != EMPTY {
            let victim = if m.special == Special::EnPassant {
                usize::from(m.a)
            } else {
                to
            };
            self.put(victim, u.captured);
            if drops {
                self.origin[victim] = u.captured_origin;
            }
        }
        if u.hand_add != EMPTY {
            self.hand[usize::from(u.hand_add)] -= 1;
        }
        self.rights = u.rights;
        self.ep = u.ep;
        self.ep_component = u.ep_component;
        self.key = u.key;
        self.turn = u.turn;
        self.passes = u.passes;
        self.recount_royals();
    }

    /// The undo record of the state before a move of type `moved` that
    /// captures a piece of type `captured` (or [`EMPTY`]).
    #[inline(always)]
    fn undo_of(&self, moved: u8, captured: u8) -> Undo<M> {
        Undo {
            moved,
            captured,
            rights: self.rights,
            ep: self.ep,
            ep_component: self.ep_component,
            key: self.key,
            turn: self.turn,
            ends: EndsUndo::NONE,
            hand_add: EMPTY,
            moved_origin: EMPTY,
            captured_origin: EMPTY,
            blasts: 0,
            passes: self.passes,
        }
    }

    /// Plays a drop: a piece of type `m.promo` leaves the mover's hand for
    /// the empty cell `m.to`.
    fn make_drop(&mut self, m: &SmallMove) -> Undo<M> {
        // `promo` leaves the hand; `a` lands (promoted when it differs).
        let (to, ty, placed) = (usize::from(m.to), m.promo, m.a);
        let undo = self.undo_of(ty, EMPTY);
        let cells = self.cells;
        let mut key = self.key ^ self.side_keys[self.turn as usize] ^ self.ep_component;
        let right = self.drop_right(placed, to);
        // A partner dropped with its right may make a castling right.
        let rights_change = right && self.castle_cells.has(to);
        if rights_change {
            key ^= self.castle_component();
        }
        key ^= self.add_to_hand(ty, false) ^ self.piece_keys[usize::from(placed) * cells + to];
        self.put(to, placed);
        if placed != ty {
            self.origin[to] = ty;
        }
        if right {
            key ^= self.right_keys[usize::from(placed) * cells + to];
            self.rights |= M::cell(to);
        }
        self.finish_in_place(undo, key, rights_change, false)
    }

    /// Plays a pass: the piece on `m.from` stays, losing its `+` right as
    /// [`crate::Board::make`] takes it from a piece that moves.
    fn make_pass(&mut self, m: &SmallMove) -> Undo<M> {
        let from = usize::from(m.from);
        let moved = self.mailbox[from];
        let undo = self.undo_of(moved, EMPTY);
        let mut key = self.key ^ self.side_keys[self.turn as usize] ^ self.ep_component;
        let rights_change = (self.rights & self.castle_cells).has(from);
        if rights_change {
            key ^= self.castle_component();
        }
        if self.rights.has(from) {
            key ^= self.right_keys[usize::from(moved) * self.cells + from];
            self.rights &= !M::cell(from);
        }
        self.finish_in_place(undo, key, rights_change, true)
    }

    /// Ends a drop or a pass (nothing captured, no en passant left): the
    /// turn passes, the key (begun as `key`) gets its castling (when
    /// `rights_change`) and side components, and the passing history its
    /// bit.
    fn finish_in_place(
        &mut self,
        mut undo: Undo<M>,
        mut key: u64,
        rights_change: bool,
        pass: bool,
    ) -> Undo<M> {
        self.ep = None;
        self.ep_component = 0;
        self.turn += 1;
        if usize::from(self.turn) == self.order.len() {
            self.turn = 0;
        }
        if rights_change {
            key ^= self.castle_component();
        }
        self.key = key ^ self.side_keys[self.turn as usize];
        self.passes = ((self.passes << 1) | u8::from(pass)) & 3;
        self.recount_royals();
        if self.ends.on {
            undo.ends = self.track_ends(usize::from(undo.turn), EMPTY);
        }
        undo
    }
}
