//! Promotion as a move of its own ([`icn_rules::PromotionRule::by_move`]:
//! Sittuyin, Fairy-Stockfish's `sittuyinPromotion`).
//!
//! Such a rule never promotes a piece as it arrives. Instead, as the
//! mover's whole move, one of its promoting pieces standing in the zone (or
//! anywhere, when it is the mover's only piece of the promoting kinds)
//! becomes a choice the piece limits still allow, on its own square
//! ([`MoveKind::Stay`]) or on an empty square the new piece could move to
//! from there. Each candidate is made and kept when the mover's royals are
//! safe, no opponent's royal is attacked (the move gives no check) and the
//! new piece attacks no enemy piece.
//!
//! The game-end side: a player with only a royal and one promoting piece,
//! not in check, whose every legal move is such a promotion, is stalemated
//! and the game drawn ([`crate::Termination::OnlyPromotions`]).

use std::sync::Arc;

use crate::MovegenError;
use crate::board::Board;
use crate::moves::{Move, MoveFamily, MoveKind};
use crate::store::Slot;
use crate::types::TypeId;

impl Board {
    /// Adds the mover's legal by-move promotions to `out` (of the piece in
    /// `only` alone, when given).
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] when a new piece could move to
    /// infinitely many squares.
    pub(crate) fn by_move_promotions_into(
        &mut self,
        only: Option<Slot>,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let cfg = Arc::clone(&self.cfg);
        let us = self.side_to_move();
        if !us.is_named() {
            return Ok(());
        }
        for rule in cfg.limits.promos[us.number() as usize]
            .iter()
            .filter(|r| r.by_move)
        {
            let promoting: Vec<Slot> = (0..self.pieces.len() as Slot)
                .filter(|&s| {
                    let p = &self.pieces[s as usize];
                    p.alive
                        && p.player == us
                        && rule
                            .promoting
                            .contains(&cfg.types.types[p.ty as usize].piece.kind)
                })
                .collect();
            let anywhere = promoting.len() == 1;
            for slot in promoting {
                if only.is_some_and(|o| o != slot) {
                    continue;
                }
                let from = self.pieces[slot as usize].sq;
                if !anywhere && !rule.promo.zone.contains(from) {
                    continue;
                }
                for &choice in &rule.promo.choices {
                    if !self.under_limit(choice) {
                        continue;
                    }
                    let piece = cfg.types.types[choice as usize].piece;
                    let mut candidates = vec![Move {
                        gate: None,
                        from,
                        to: from,
                        promotion: Some(piece),
                        kind: MoveKind::Stay,
                    }];
                    for to in self.landings_as(slot, choice)? {
                        candidates.push(Move {
                            gate: None,
                            from,
                            to,
                            promotion: Some(piece),
                            kind: MoveKind::Normal,
                        });
                    }
                    for m in candidates {
                        if self.promotion_is_quiet(&m) {
                            out.push(MoveFamily::Single(m));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The empty squares the piece in `slot` could move to were it of type
    /// `ty`, each once.
    fn landings_as(&mut self, slot: Slot, ty: TypeId) -> Result<Vec<crate::Sq>, MovegenError> {
        let saved = self.pieces[slot as usize];
        self.pieces[slot as usize].ty = ty;
        self.pieces[slot as usize].right = false;
        let mut fams = Vec::new();
        let mut specials = Vec::new();
        let res = self.pseudo(slot, &mut fams, &mut specials);
        self.pieces[slot as usize] = saved;
        res?;
        let mut out = Vec::new();
        for f in &fams {
            let moves = f.moves().ok_or_else(|| {
                MovegenError::Unsupported(format!(
                    "a promotion on {} into a piece with infinitely many moves",
                    saved.sq
                ))
            })?;
            for m in moves {
                if self.store.get(m.to).is_none() && !out.contains(&m.to) {
                    out.push(m.to);
                }
            }
        }
        Ok(out)
    }

    /// Makes the promotion `m` and tells whether it leaves the mover's
    /// royals safe, gives no check and puts a piece that attacks no enemy.
    fn promotion_is_quiet(&mut self, m: &Move) -> bool {
        let cfg = Arc::clone(&self.cfg);
        let us = self.side_to_move();
        self.make(m);
        let exposed = cfg.player(us).protect && self.royal_attacked(us);
        let checks = cfg
            .turn_order
            .iter()
            .any(|&p| p != us && self.royal_attacked(p));
        let mut ok = !exposed && !checks;
        if ok && let Some(slot) = self.store.get(m.to) {
            let mut fams = Vec::new();
            let mut specials = Vec::new();
            ok = self.pseudo(slot, &mut fams, &mut specials).is_ok()
                && !fams.iter().any(|f| self.captures(f));
        }
        self.unmake();
        ok
    }

    /// Sittuyin's stalemate (its rule 3.9 c.7): the side to move, not in
    /// check, has only a royal and one piece a by-move rule promotes, and
    /// every legal move of it is a promotion. A draw.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] from the generator.
    pub(crate) fn promotion_stalemate(&mut self) -> Result<bool, MovegenError> {
        let cfg = Arc::clone(&self.cfg);
        let us = self.side_to_move();
        if !us.is_named() || self.in_check() {
            return Ok(false);
        }
        let rules = &cfg.limits.promos[us.number() as usize];
        if !rules.iter().any(|r| r.by_move) {
            return Ok(false);
        }
        let mut own = self.pieces.iter().filter(|p| p.alive && p.player == us);
        let (mut royals, mut promoting, mut others) = (0, 0, 0);
        for p in own.by_ref() {
            let t = &cfg.types.types[p.ty as usize];
            if t.royal {
                royals += 1;
            } else if rules
                .iter()
                .any(|r| r.by_move && r.promoting.contains(&t.piece.kind))
            {
                promoting += 1;
            } else {
                others += 1;
            }
        }
        if (royals, promoting, others) != (1, 1, 0) {
            return Ok(false);
        }
        let moves = self.legal_moves()?;
        Ok(moves.iter().all(|m| m.promotion.is_some()))
    }
}
