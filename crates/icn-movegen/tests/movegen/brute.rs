//! An independent brute-force legal move generator built on `icn-rules`'
//! reference destination generator: every pseudo-legal destination is played
//! on a copy of a plain hash-map board and kept when no royal of the mover is
//! attacked afterwards (attack = some enemy's reference destinations contain
//! the royal's square). Castling by the site rule is found by walking squares.
//! Slow and obvious on purpose; the engine is checked against it.

use std::collections::BTreeSet;

use icn_model::{Piece, PieceKind, Player};
use icn_rules::reference::RefBoard;

/// A position for the brute-force generator.
#[derive(Clone)]
pub struct Brute {
    pub board: RefBoard,
    pub side: Player,
    /// Promotion rows and choices per player.
    pub promo: Vec<(Player, i64, Vec<PieceKind>)>,
}

/// A move as (from, to, promotion).
pub type BMove = ((i64, i64), (i64, i64), Option<PieceKind>);

fn other(p: Player) -> Player {
    if p == Player::WHITE {
        Player::BLACK
    } else {
        Player::WHITE
    }
}

impl Brute {
    /// From an ICN game (two players, checkmate, site castling).
    pub fn from_icn(icn: &str) -> Brute {
        let g = icn_model::Game::parse(icn, icn_model::Dialect::Auto).unwrap();
        let mut board = RefBoard::new();
        board.window = 200;
        board.slide_limit = g
            .rules
            .slide_limit()
            .and_then(|l| l.to_i64())
            .map(|l| l as u32);
        if let Some(b) = &g.rules.world_border {
            let v = |i: &Option<icn_model::Int>| i.as_ref().and_then(|x| x.to_i64());
            board.bounds = Some(icn_rules::reference::Bounds {
                left: v(&b.left),
                right: v(&b.right),
                bottom: v(&b.bottom),
                top: v(&b.top),
            });
        }
        for p in &g.position.pieces {
            let (x, y) = p.at.to_i64().unwrap();
            board.put((x, y), p.piece, p.special_right);
        }
        board.en_passant = g.position.en_passant.as_ref().map(|c| c.to_i64().unwrap());
        let promo = g
            .rules
            .promotions
            .iter()
            .map(|(p, r)| (*p, r.ranks[0].to_i64().unwrap(), r.choices.clone()))
            .collect();
        Brute {
            board,
            side: g.position.side_to_move(),
            promo,
        }
    }

    fn royal_attacked(&self, player: Player) -> bool {
        let royals: Vec<(i64, i64)> = self
            .board
            .pieces
            .iter()
            .filter(|(_, p)| p.player == player && icn_rules::movement::royal_by_default(p.kind))
            .map(|(s, _)| *s)
            .collect();
        royals.iter().any(|r| self.attacked(*r, player))
    }

    fn attacked(&self, sq: (i64, i64), player: Player) -> bool {
        if !self.board.pieces.contains_key(&sq) {
            // An empty square is attacked when a royal placed there would be.
            let mut b = self.clone();
            b.board
                .pieces
                .insert(sq, Piece::new(PieceKind::King, player));
            return b.attacked(sq, player);
        }
        self.board
            .pieces
            .iter()
            .filter(|(_, p)| p.player != player && p.player != Player::NEUTRAL)
            .any(|(s, _)| {
                self.board
                    .destinations(*s)
                    .iter()
                    .any(|d| d.to == sq && d.captures == Some(sq))
            })
    }

    fn apply(
        &self,
        from: (i64, i64),
        to: (i64, i64),
        captures: Option<(i64, i64)>,
        promo: Option<PieceKind>,
    ) -> Brute {
        let mut n = self.clone();
        let mut piece = n.board.pieces.remove(&from).unwrap();
        n.board.rights.remove(&from);
        if let Some(c) = captures {
            n.board.pieces.remove(&c);
            n.board.rights.remove(&c);
        }
        n.board.en_passant = None;
        if piece.kind == PieceKind::Pawn && (to.1 - from.1).abs() == 2 {
            n.board.en_passant = Some((from.0, (from.1 + to.1) / 2));
        }
        if let Some(k) = promo {
            piece = Piece::new(k, piece.player);
        }
        n.board.pieces.insert(to, piece);
        n.side = other(self.side);
        n
    }

    /// Every legal move and the position after it.
    pub fn legal(&self) -> Vec<(BMove, Brute)> {
        let mut out = Vec::new();
        let us = self.side;
        let mine: Vec<((i64, i64), Piece)> = self
            .board
            .pieces
            .iter()
            .filter(|(_, p)| p.player == us)
            .map(|(s, p)| (*s, *p))
            .collect();
        for (from, piece) in mine {
            let dests: BTreeSet<_> = self.board.destinations(from);
            for d in dests {
                let promos: Vec<Option<PieceKind>> =
                    match self.promo.iter().find(|(p, _, _)| *p == us) {
                        Some((_, row, choices))
                            if piece.kind == PieceKind::Pawn && d.to.1 == *row =>
                        {
                            choices.iter().map(|&c| Some(c)).collect()
                        }
                        _ => vec![None],
                    };
                for pr in promos {
                    let next = self.apply(from, d.to, d.captures, pr);
                    if !next.royal_attacked(us) {
                        out.push(((from, d.to, pr), next));
                    }
                }
            }
            if matches!(piece.kind, PieceKind::King | PieceKind::RoyalCentaur)
                && self.board.rights.contains(&from)
            {
                for s in [1i64, -1] {
                    let mut x = from.0 + s;
                    let partner = loop {
                        if x.abs() > 1000 {
                            break None;
                        }
                        if self.board.bounds.is_some_and(|b| !b.contains((x, from.1))) {
                            break None;
                        }
                        if let Some(p) = self.board.pieces.get(&(x, from.1)) {
                            break Some(((x, from.1), *p));
                        }
                        x += s;
                    };
                    let Some((psq, p)) = partner else { continue };
                    if p.player != us
                        || p.kind == PieceKind::Pawn
                        || !self.board.rights.contains(&psq)
                        || (psq.0 - from.0).abs() < 3
                    {
                        continue;
                    }
                    let cross = (from.0 + s, from.1);
                    let to = (from.0 + 2 * s, from.1);
                    if self.attacked(from, us) || self.attacked(cross, us) {
                        continue;
                    }
                    let mut next = self.apply(from, to, None, None);
                    let rp = next.board.pieces.remove(&psq).unwrap();
                    next.board.rights.remove(&psq);
                    next.board.pieces.insert(cross, rp);
                    if !next.royal_attacked(us) {
                        out.push(((from, to, None), next));
                    }
                }
            }
        }
        out
    }

    /// Leaf count.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, b)| b.perft(depth - 1)).sum()
    }
}
