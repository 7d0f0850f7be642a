//! Legality on a [`SmallBoard`] whose opponents attack by jumping (lame
//! leaps and hops: xiangqi's horse, elephant and cannon), decided without
//! making most moves.
//!
//! The *shield* of a cell `k` for a player is every cell where a piece
//! arriving or leaving could change whether an opponent attacks `k`: the
//! whole lines through `k` along which an opponent's type rides or hops
//! (within a zone too; under the flying-general rule, `k`'s file), and the
//! cells the opponents' lame leaps onto `k` pass (within a zone, its rides
//! are such leaps). Leaps are not in it: no piece of the mover can open or
//! close one.
//!
//! When the mover's one royal on `k` is not attacked, a move of another
//! piece from outside the shield to outside the shield leaves every attack on
//! `k` as it was: it is legal, and counted without being made. Every other
//! move (the royal's, those touching the shield, all of them while in check,
//! castling and en passant) is made and tested.

use std::sync::Arc;

use icn_model::Player;

use super::{SmallBoard, SmallMove};
use crate::bitboard::BbTables;
use crate::config::Config;
use crate::mask::Mask;

/// Per turn index and cell (`turn · cells + cell`): the cell's shield for the
/// player to move (module docs).
pub(super) fn shields<M: Mask>(cfg: &Config, bb: &BbTables<M>, order: &[u8]) -> Vec<M> {
    let types = &cfg.types.types;
    let flying_general = cfg.rules.limits.flying_general;
    let mut out = Vec::with_capacity(order.len() * bb.cells);
    for &us in order {
        // The directions (toward `k`) of the opponents' rides and hops, and
        // per cell the cells their lame leaps onto it pass.
        let mut lines: Vec<(i64, i64)> = Vec::new();
        let mut passed = vec![M::EMPTY; bb.cells];
        for (ti, t) in types.iter().enumerate().filter(|(_, t)| {
            let owner = t.piece.player;
            owner.number() as u8 != us && owner != Player::NEUTRAL
        }) {
            let rides = t.rides.iter().filter(|r| r.cap).map(|r| (r.dx, r.dy));
            let zone_hops = t.in_zone.iter().flat_map(|z| z.moves.hops.iter());
            let hops = t
                .hops
                .iter()
                .chain(zone_hops)
                .filter(|h| h.cap)
                .map(|h| (h.dx, h.dy));
            let file = [(0, 1), (0, -1)]
                .into_iter()
                .filter(|_| flying_general && t.royal);
            for d in rides.chain(hops).chain(file) {
                if !lines.contains(&d) {
                    lines.push(d);
                }
            }
            if let Some(j) = &bb.types[ti].jumps {
                let paths = j.paths.len();
                for lc in &j.lame_cells[..bb.cells * paths] {
                    for k in crate::mask::cells(lc.cap | lc.cap_right) {
                        passed[k] |= lc.block;
                    }
                }
            }
        }
        for (k, &passed_k) in passed.iter().enumerate() {
            let at = bb.square(k);
            let mut shield = passed_k;
            for &(dx, dy) in &lines {
                let mut s = at.step(-dx, -dy, 1);
                while bb.on_board(s) {
                    shield |= M::cell(bb.cell(s));
                    s = s.step(-dx, -dy, 1);
                }
            }
            out.push(shield);
        }
    }
    out
}

impl<M: Mask> SmallBoard<M> {
    /// The number of legal moves (module docs), appended to `out` when
    /// given.
    pub(super) fn generate_shielded(&mut self, out: Option<&mut Vec<SmallMove>>) -> u64 {
        let cfg = Arc::clone(&self.cfg);
        let bb = M::tables(&cfg).expect("bitboard tables");
        let f = self.plain_frame();
        let us = f.us;
        let royal = self.royal & f.own;
        // Cells whose moves are made and tested: none without a royal to
        // keep safe, all while it is attacked, else its shield.
        let shield = if !f.protect {
            M::EMPTY
        } else {
            let k = royal.lowest();
            // Facing royals (bikjang): every move must part them.
            if self.attacked(k, us) || self.royals_face() {
                M::ALL
            } else {
                let shields = self.shields.as_deref().expect("shields");
                shields[usize::from(self.turn) * self.cells + k]
            }
        };
        self.split_moves(&f, out, |b, c| {
            let (quiet, caps) = b.pseudo_targets(bb, &f, c);
            let targets = quiet | caps;
            let doubles = quiet & bb.types[b.mailbox[c] as usize].leaps[c].double;
            let test = if !f.protect {
                M::EMPTY
            } else if b.info[b.mailbox[c] as usize].royal || shield.has(c) {
                targets
            } else {
                targets & shield
            };
            (targets & !test, test, doubles)
        })
    }
}
