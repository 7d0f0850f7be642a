//! Makruk-family counting on the board ([`icn_rules::counting`]): the count
//! a position carries ([`icn_model::Count`]), its update after every move (the rules in
//! the docs of [`icn_rules::counting`], as Fairy-Stockfish plays them), and
//! the draw when it runs out ([`crate::Termination::Counting`], decided like
//! the move rule: after mates, and never a stop for perft).

use icn_model::{Count, Player};
use icn_rules::counting::{CountingRule, Material};

use crate::board::Board;

impl Board {
    /// The count in progress, if any.
    pub fn count(&self) -> Option<Count> {
        self.count
    }

    /// Whether the count has run out.
    pub(crate) fn count_ran_out(&self) -> bool {
        self.count.is_some_and(|c| c.ply > c.limit)
    }

    /// Updates the count after `mover`'s move; `captured` and `promoted`
    /// say what the move did, `pawn_taken` whether it took a pawn.
    pub(crate) fn update_count(
        &mut self,
        mover: Player,
        captured: bool,
        pawn_taken: bool,
        promoted: bool,
    ) {
        let Some(counting) = self.cfg.rules.draws.counting.as_ref() else {
            return;
        };
        if let Some(c) = &mut self.count {
            c.ply += 1;
        }
        let next = self.side_to_move();
        let total = self.pieces.iter().filter(|p| self.counted(p)).count() as u32;
        let mover_material = self.material(mover);
        if counting.rule != CountingRule::Asean && pawn_taken && mover_material.own == 1 {
            let limit = counting.limit(&mover_material);
            if mover_material.pawns == 0 && limit > 0 {
                self.count = Some(Count {
                    limit: 2 * limit,
                    ply: 2 * total - 1,
                });
            }
        }
        let m = self.material(next);
        let limit = counting.limit(&m);
        if limit > 0 && (self.count.is_none() || ((captured || promoted) && m.own == 1)) {
            let ply = if counting.rule == CountingRule::Asean || m.own > 1 {
                0
            } else {
                2 * total
            };
            self.count = Some(Count {
                limit: 2 * limit,
                ply,
            });
        }
    }

    /// Whether a piece counts: on the board and a player's.
    fn counted(&self, p: &crate::board::PieceState) -> bool {
        p.alive && self.cfg.turn_order.contains(&p.player)
    }

    /// The material counted for `side`'s count.
    fn material(&self, side: Player) -> Material {
        let mut m = Material::default();
        let Some(c) = self.cfg.rules.draws.counting.as_ref() else {
            return m;
        };
        for p in self.pieces.iter().filter(|p| self.counted(p)) {
            let kind = self.cfg.types.types[p.ty as usize].piece.kind;
            let own = p.player == side;
            if own {
                m.own += 1;
            } else {
                m.theirs += 1;
            }
            if c.pawns.contains(&kind) {
                m.pawns += 1;
            }
            if !own {
                m.rooks += u32::from(c.rooks.contains(&kind));
                m.khons += u32::from(c.khons.contains(&kind));
                m.knights += u32::from(c.knights.contains(&kind));
            }
        }
        m
    }
}
