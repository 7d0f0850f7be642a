//! Fairy-Stockfish's extinction rule ([`icn_rules::Extinction`]): the game
//! ends when a player is left with at most so many pieces of a kind (or of
//! all its pieces), counted on the board and in hand, while its opponent has
//! at least so many. The player who moved last is looked at first, then the
//! side to move, as Fairy-Stockfish does; the rule's holder wins.

use icn_model::Player;
use icn_rules::{Extinction, WinRule};

use crate::board::Board;
use crate::outcome::{GameEnd, Termination};

impl Board {
    /// The end an extinction rule declares now, if any.
    pub(crate) fn extinction_decided(&self, mover: Player) -> Option<GameEnd> {
        let cfg = &*self.cfg;
        let stm = self.side_to_move();
        let looked_at = [mover, stm];
        for (i, &c) in looked_at.iter().enumerate() {
            if i == 1 && stm == mover {
                break;
            }
            for &holder in &cfg.turn_order {
                for w in &cfg.player(holder).wins {
                    let WinRule::Extinction(e) = w else {
                        continue;
                    };
                    if e.own != (holder == c) {
                        continue;
                    }
                    let others = cfg.turn_order.iter().copied().filter(|&q| q != c);
                    if others.into_iter().any(|o| self.extinct(c, o, e)) {
                        return Some(GameEnd {
                            winner: Some(holder),
                            termination: Termination::Extinction,
                        });
                    }
                }
            }
        }
        None
    }

    /// Whether `player` is extinct under `e`, against `other`.
    fn extinct(&self, player: Player, other: Player, e: &Extinction) -> bool {
        match &e.kinds {
            None => {
                self.pieces_of(player, |_| true) <= e.at_most
                    && self.pieces_of(other, |_| true) >= e.opponent_at_least
            }
            Some(kinds) => kinds.iter().any(|k| {
                self.pieces_of(player, |q| q == *k) <= e.at_most
                    && self.pieces_of(other, |q| q == *k) >= e.opponent_at_least
            }),
        }
    }

    /// How many of `player`'s pieces, on the board and in hand, are of a
    /// kind `kind` accepts.
    fn pieces_of(&self, player: Player, kind: impl Fn(icn_model::PieceKind) -> bool) -> u32 {
        let types = &self.cfg.types.types;
        let on_board = self
            .pieces
            .iter()
            .filter(|p| p.alive && p.player == player && kind(types[p.ty as usize].piece.kind))
            .count() as u32;
        let in_hand: u32 = self
            .hand
            .iter()
            .zip(types)
            .filter(|(_, t)| t.piece.player == player && kind(t.piece.kind))
            .map(|(n, _)| n)
            .sum();
        on_board + in_hand
    }
}
