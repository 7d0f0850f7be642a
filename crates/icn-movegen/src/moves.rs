//! [`Move`], [`MoveKind`] and [`MoveFamily`]: what the generator hands out.
//!
//! A family is either one concrete move or a *ray*: every square
//! `from + k·step` for `first ≤ k ≤ last` (or without end when `last` is
//! `None`), all quiet moves of one piece, optionally only at prime `k` (the
//! huygen). Rays let an unbounded board have a finite description, and let
//! perft count a ray's squares arithmetically.

use icn_model::Piece;

use crate::geometry::{Sq, count_primes, is_prime};

/// What else a move does besides moving a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Nothing else (a capture on `to` included).
    Normal,
    /// A multi-step move that leaves `passed` as the en passant square.
    DoubleStep {
        /// The square passed over.
        passed: Sq,
    },
    /// Captures the piece on `captured`, which is not `to`.
    EnPassant {
        /// The square of the captured piece.
        captured: Sq,
    },
    /// Castling: the partner goes from `partner_from` to `partner_to`.
    Castle {
        /// Where the partner stands.
        partner_from: Sq,
        /// Where it lands.
        partner_to: Sq,
    },
    /// Puts `piece` from the mover's hand on `to` (`from` is `to`).
    Drop {
        /// The piece dropped.
        piece: Piece,
    },
    /// The piece stays on its square (`to` is `from`) and captures nothing:
    /// the Chu lion's pass.
    Stay,
    /// Captures the piece on `first` on the way, then the one on `to`: the
    /// Chu lion's double capture. (Its capture of `first` followed by a step
    /// to an empty square, or back to `from`, is [`MoveKind::EnPassant`].)
    TwoCaptures {
        /// The square of the first piece captured.
        first: Sq,
    },
    /// Takes the mover's own `piece` from `from` into their hand (`to` is
    /// `from`): Sjaak's `allow pickup`.
    Pickup {
        /// The piece taken up.
        piece: Piece,
    },
}

/// A piece put from the mover's hand on the square a move leaves (S-chess
/// gating).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// The piece put on the board.
    pub piece: Piece,
    /// Where: the mover's start square, or a castling partner's.
    pub at: Sq,
}

/// A concrete move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Start square.
    pub from: Sq,
    /// Destination.
    pub to: Sq,
    /// The piece a promoting piece becomes.
    pub promotion: Option<Piece>,
    /// Special effects.
    pub kind: MoveKind,
    /// A piece gated in as part of the move.
    pub gate: Option<Gate>,
}

impl Move {
    /// A plain move.
    pub fn new(from: Sq, to: Sq) -> Self {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
            gate: None,
        }
    }

    /// The compact ICN form `x,y>x,y` with the promotion appended (a drop
    /// `P@x,y`, a pickup `P^x,y`; a gated piece after a `/`: `5,1>6,2/H@5,1`).
    pub fn to_compact(&self) -> String {
        if let MoveKind::Drop { piece } = self.kind {
            return format!("{}@{}", piece.code(), self.to);
        }
        if let MoveKind::Pickup { piece } = self.kind {
            return format!("{}^{}", piece.code(), self.from);
        }
        let base = match self.promotion {
            Some(p) => format!("{}>{}{}", self.from, self.to, p.code()),
            None => format!("{}>{}", self.from, self.to),
        };
        match self.gate {
            Some(g) => format!("{base}/{}@{}", g.piece.code(), g.at),
            None => base,
        }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_compact())
    }
}

/// A set of legal moves of one piece with one description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFamily {
    /// One move.
    Single(Move),
    /// Quiet moves `from + k·step` for `first ≤ k ≤ last`.
    Ray {
        /// The piece's square.
        from: Sq,
        /// One step.
        step: (i64, i64),
        /// Smallest `k`.
        first: i64,
        /// Largest `k`; `None` when the ray never ends.
        last: Option<i64>,
        /// Only prime `k` (the huygen).
        primes_only: bool,
    },
}

impl MoveFamily {
    /// The square the moves start from.
    pub fn from(&self) -> Sq {
        match self {
            MoveFamily::Single(m) => m.from,
            MoveFamily::Ray { from, .. } => *from,
        }
    }

    /// How many moves; `None` when infinite.
    pub fn len(&self) -> Option<u64> {
        match *self {
            MoveFamily::Single(_) => Some(1),
            MoveFamily::Ray {
                first,
                last,
                primes_only,
                ..
            } => {
                let last = last?;
                if last < first {
                    Some(0)
                } else if primes_only {
                    Some(count_primes(first, last))
                } else {
                    Some((last - first + 1) as u64)
                }
            }
        }
    }

    /// Whether the family holds no move.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Whether the family holds `m`.
    pub fn contains(&self, m: &Move) -> bool {
        match *self {
            MoveFamily::Single(s) => s == *m,
            MoveFamily::Ray {
                from,
                step,
                first,
                last,
                primes_only,
            } => {
                if m.from != from || m.promotion.is_some() || m.kind != MoveKind::Normal {
                    return false;
                }
                self::ray_index(from, step, m.to).is_some_and(|k| {
                    k >= first
                        && last.is_none_or(|l| k <= l)
                        && (!primes_only || is_prime(k as u64))
                })
            }
        }
    }

    /// Every move, when finitely many; a ray without end gives `None`.
    pub fn moves(&self) -> Option<impl Iterator<Item = Move> + '_> {
        let (from, step, first, last, primes) = match *self {
            MoveFamily::Single(m) => (m.from, (0, 0), 0, 0, false),
            MoveFamily::Ray {
                from,
                step,
                first,
                last,
                primes_only,
            } => (from, step, first, last?, primes_only),
        };
        let single = match self {
            MoveFamily::Single(m) => Some(*m),
            MoveFamily::Ray { .. } => None,
        };
        let ray = (single.is_none())
            .then(|| {
                (first..=last)
                    .filter(move |&k| !primes || is_prime(k as u64))
                    .map(move |k| Move::new(from, from.step(step.0, step.1, k)))
            })
            .into_iter()
            .flatten();
        Some(single.into_iter().chain(ray))
    }
}

/// `k` with `to = from + k·step`, if any.
pub(crate) fn ray_index(from: Sq, step: (i64, i64), to: Sq) -> Option<i64> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let k = if step.0 != 0 {
        if dx % step.0 != 0 {
            return None;
        }
        dx / step.0
    } else {
        if dx != 0 || step.1 == 0 || dy % step.1 != 0 {
            return None;
        }
        dy / step.1
    };
    (dx == k * step.0 && dy == k * step.1).then_some(k)
}
