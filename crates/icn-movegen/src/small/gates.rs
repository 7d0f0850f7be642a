//! Gating (S-chess) on a [`SmallBoard`], as [`crate::Board`] plays it: a
//! legal move of a piece that still has its `+` right, leaving one of the
//! mover's gating cells, may bring a piece of an allowed type from the hand
//! onto the cell it leaves (a castling move: onto the king's or the
//! partner's cell, where neither lands), once per type in hand. No
//! hopper plays on the compact board, so a piece gated in exposes no royal.

use super::{EMPTY, SmallBoard, SmallMove, Special};
use crate::mask::{Mask, cells};

impl<M: Mask> SmallBoard<M> {
    /// Appends to `out` the gated forms of its moves.
    pub(super) fn gatings(&self, out: &mut Vec<SmallMove>) {
        let Some(d) = self.drops.as_deref() else {
            return;
        };
        let us = self.us();
        let in_hand = (0..self.hand.len())
            .filter(|&t| self.hand[t] > 0 && self.info[t].owner == us)
            .fold(0u64, |m, t| m | 1 << t);
        if in_hand == 0 || d.gates.is_empty() {
            return;
        }
        let gate_types = |at: usize| {
            d.gates
                .iter()
                .filter(|g| g.player == us && g.cells.has(at))
                .fold(0u64, |m, g| m | (g.types & in_hand))
        };
        for i in 0..out.len() {
            let m = out[i];
            if m.special == Special::Drop || !self.rights.has(m.from.into()) {
                continue;
            }
            let castle = m.special == Special::Castle;
            let partner = if castle { m.a } else { EMPTY };
            for at in [m.from, partner] {
                if at == EMPTY || (castle && (at == m.to || at == m.b)) {
                    continue;
                }
                let types = gate_types(at.into());
                for ty in cells(types) {
                    out.push(SmallMove {
                        gate: ty as u8,
                        gate_at: at,
                        ..m
                    });
                }
            }
        }
    }

    /// Puts the gated piece of `m` from the mover's hand onto its cell;
    /// returns the key change.
    #[inline]
    pub(super) fn gate_in(&mut self, m: &SmallMove) -> u64 {
        let at = usize::from(m.gate_at);
        self.put(at, m.gate);
        self.add_to_hand(m.gate, false) ^ self.piece_keys[usize::from(m.gate) * self.cells + at]
    }

    /// Takes back [`SmallBoard::gate_in`].
    #[inline]
    pub(super) fn gate_out(&mut self, m: &SmallMove) {
        self.take(m.gate_at.into());
        self.hand[usize::from(m.gate)] += 1;
    }
}
