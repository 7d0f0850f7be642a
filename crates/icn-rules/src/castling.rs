//! Reference castling and attack detection on a [`RefBoard`]: slow and
//! plain, for checking fast generators.
//!
//! Site rule ([`Castling::castlers`]): a castler with its `+` right castles
//! with the nearest piece on its row in either direction when that piece is
//! friendly, has `+`, is not a pawn, is allowed by [`Castling::partners`] and
//! is at least [`Castling::min_distance`] columns away. The castler moves
//! [`Castling::king_steps`] squares toward it; the partner lands on the square
//! the castler crossed. Explicit moves ([`Castling::explicit`]) need both
//! pieces in place with their rights and every square between their start and
//! end squares empty (apart from the two pieces).
//!
//! With `check_matters` (see [`crate::RuleSet::check_matters_for`]) the castler may not
//! start on, pass through or land on an attacked square. A square is attacked
//! when some enemy piece could capture a piece standing there.

use icn_model::{Piece, PieceKind, Player};

use crate::reference::{RefBoard, Square};
use crate::rules::Castling;

/// A castling move: where the castler and its partner go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CastleTarget {
    /// The castler's destination.
    pub king_to: Square,
    /// The partner's start.
    pub partner_from: Square,
    /// The partner's destination.
    pub partner_to: Square,
}

impl RefBoard {
    /// Whether a piece of `defender` standing on `at` could be captured by
    /// `attacker` (any piece of that player, by its ordinary movement).
    pub fn is_attacked(&self, at: Square, defender: Player, attacker: Player) -> bool {
        let mut probe = self.clone();
        probe.put(at, Piece::new(PieceKind::Guard, defender), false);
        probe.en_passant = None;
        probe
            .pieces
            .iter()
            .filter(|(_, p)| p.player == attacker)
            .any(|(&from, _)| {
                probe
                    .destinations(from)
                    .iter()
                    .any(|d| d.captures == Some(at))
            })
    }

    /// Whether `player` is attacked on `at` by any other player on the board.
    fn attacked_by_anyone(&self, at: Square, player: Player) -> bool {
        let mut others: Vec<Player> = self
            .pieces
            .values()
            .map(|p| p.player)
            .filter(|&p| p != player && p != Player::NEUTRAL)
            .collect();
        others.sort();
        others.dedup();
        others.into_iter().any(|o| self.is_attacked(at, player, o))
    }

    /// The castling moves of the piece on `from` under `castling`.
    pub fn castling_moves(
        &self,
        from: Square,
        castling: &Castling,
        check_matters: bool,
    ) -> Vec<CastleTarget> {
        let Some(king) = self.pieces.get(&from).copied() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if castling.castlers.contains(&king.kind) && self.rights.contains(&from) {
            for dir in [-1i64, 1] {
                if let Some(t) = self.site_castle(from, king, dir, castling) {
                    out.push(t);
                }
            }
        }
        for m in &castling.explicit {
            let (Some(kf), Some(kt), Some(pf), Some(pt)) = (
                m.king_from.to_i64(),
                m.king_to.to_i64(),
                m.partner_from.to_i64(),
                m.partner_to.to_i64(),
            ) else {
                continue;
            };
            if kf != from
                || m.player != king.player
                || !self.rights.contains(&from)
                || !self.rights.contains(&pf)
            {
                continue;
            }
            let partner_ok = self
                .pieces
                .get(&pf)
                .is_some_and(|p| p.player == king.player);
            let clear = [(kf, kt), (pf, pt)].iter().all(|&(a, b)| {
                between_inclusive(a, b).into_iter().all(|s| {
                    s == kf || s == pf || (self.on_board(s) && !self.pieces.contains_key(&s))
                })
            });
            if partner_ok && clear {
                out.push(CastleTarget {
                    king_to: kt,
                    partner_from: pf,
                    partner_to: pt,
                });
            }
        }
        if check_matters && !out.is_empty() {
            // The castler leaves its square: it must not shield the squares it crosses.
            let mut without = self.clone();
            without.pieces.remove(&from);
            out.retain(|t| {
                between_inclusive(from, t.king_to)
                    .into_iter()
                    .all(|s| !without.attacked_by_anyone(s, king.player))
            });
        }
        out.sort();
        out.dedup();
        out
    }

    fn site_castle(
        &self,
        from: Square,
        king: Piece,
        dir: i64,
        castling: &Castling,
    ) -> Option<CastleTarget> {
        let window = i64::from(self.window);
        let (partner_from, partner) = (1..=window).find_map(|k| {
            let s = (from.0.checked_add(dir.checked_mul(k)?)?, from.1);
            if !self.on_board(s) {
                return Some(None);
            }
            self.pieces.get(&s).map(|p| Some((s, *p)))
        })??;
        let distance = (i128::from(partner_from.0) - i128::from(from.0)).unsigned_abs();
        let steps = i64::from(castling.king_steps);
        let allowed = castling
            .partners
            .as_ref()
            .is_none_or(|ks| ks.contains(&partner.kind));
        if partner.player != king.player
            || partner.kind == PieceKind::Pawn
            || !allowed
            || !self.rights.contains(&partner_from)
            || distance < u128::from(castling.min_distance)
            || distance <= u128::from(steps.unsigned_abs())
        {
            return None;
        }
        // The partner is further than `steps` along the row, so these stay in range.
        let king_to = (from.0.checked_add(dir.checked_mul(steps)?)?, from.1);
        Some(CastleTarget {
            king_to,
            partner_from,
            partner_to: (king_to.0.checked_sub(dir)?, from.1),
        })
    }
}

/// The squares of the row or line segment from `a` to `b`, both included
/// (straight or diagonal lines; otherwise just the two ends).
fn between_inclusive(a: Square, b: Square) -> Vec<Square> {
    let (Some(dx), Some(dy)) = (b.0.checked_sub(a.0), b.1.checked_sub(a.1)) else {
        return vec![a, b];
    };
    let n = dx.unsigned_abs().max(dy.unsigned_abs());
    if n == 0 {
        return vec![a];
    }
    if (dx != 0 && dy != 0 && dx.unsigned_abs() != dy.unsigned_abs()) || n > 4096 {
        return vec![a, b];
    }
    let (sx, sy) = (dx.signum(), dy.signum());
    // n ≤ 4096 and both ends are `i64`s, so every square in between is too.
    (0..=n as i64)
        .map(|k| (a.0 + sx * k, a.1 + sy * k))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CastleMove;
    use icn_model::Coord;

    fn board() -> RefBoard {
        let mut b = RefBoard::new();
        b.put((5, 1), Piece::new(PieceKind::King, Player::WHITE), true);
        b.put((1, 1), Piece::new(PieceKind::Rook, Player::WHITE), true);
        b.put((8, 1), Piece::new(PieceKind::Rook, Player::WHITE), true);
        b
    }

    #[test]
    fn site_rule_both_ways() {
        let b = board();
        let m = b.castling_moves((5, 1), &Castling::site(), true);
        assert_eq!(
            m,
            [
                CastleTarget {
                    king_to: (3, 1),
                    partner_from: (1, 1),
                    partner_to: (4, 1)
                },
                CastleTarget {
                    king_to: (7, 1),
                    partner_from: (8, 1),
                    partner_to: (6, 1)
                },
            ]
        );
    }

    #[test]
    fn partner_rules() {
        let mut b = board();
        // A far rook still castles; a knight in between blocks that side.
        b.put((-20, 1), Piece::new(PieceKind::Rook, Player::WHITE), true);
        b.pieces.remove(&(1, 1));
        b.put((7, 1), Piece::new(PieceKind::Knight, Player::WHITE), false);
        let m = b.castling_moves((5, 1), &Castling::site(), false);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].partner_to, (4, 1));
        // Too close (2 columns), pawns and pieces without `+` never partner.
        let mut c = RefBoard::new();
        c.put((5, 1), Piece::new(PieceKind::King, Player::WHITE), true);
        c.put((7, 1), Piece::new(PieceKind::Rook, Player::WHITE), true);
        c.put((1, 1), Piece::new(PieceKind::Pawn, Player::WHITE), true);
        assert!(
            c.castling_moves((5, 1), &Castling::site(), false)
                .is_empty()
        );
        assert!(
            c.castling_moves((5, 1), &Castling::none(), false)
                .is_empty()
        );
    }

    #[test]
    fn no_castling_through_check() {
        let mut b = board();
        b.put((6, 8), Piece::new(PieceKind::Rook, Player::BLACK), false);
        let m = b.castling_moves((5, 1), &Castling::site(), true);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].king_to, (3, 1));
        assert_eq!(b.castling_moves((5, 1), &Castling::site(), false).len(), 2);
        assert!(b.is_attacked((6, 1), Player::WHITE, Player::BLACK));
        assert!(!b.is_attacked((5, 2), Player::WHITE, Player::BLACK));
    }

    #[test]
    fn explicit_moves() {
        let mut b = board();
        b.put((8, 1), Piece::new(PieceKind::Bishop, Player::WHITE), true);
        let castling = Castling {
            explicit: vec![CastleMove {
                player: Player::WHITE,
                king_from: Coord::new(5, 1),
                king_to: Coord::new(7, 1),
                partner_from: Coord::new(8, 1),
                partner_to: Coord::new(6, 1),
            }],
            ..Castling::none()
        };
        let m = b.castling_moves((5, 1), &castling, true);
        assert_eq!(
            m,
            [CastleTarget {
                king_to: (7, 1),
                partner_from: (8, 1),
                partner_to: (6, 1)
            }]
        );
    }
}
