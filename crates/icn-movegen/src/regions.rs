//! What the query language (`icn-query`) needs from a board beyond
//! [`crate::query`]: every square a piece attacks as a finite list of
//! [`AttackPart`]s (single squares and rays, exact on the unbounded board),
//! the world border, the excluded squares, and a cheap walk over the
//! pieces.
//!
//! A piece attacks a square as in [`Board::attacks_square`]: a royal of
//! another player standing there would be in check from it. Refused, with
//! [`MovegenError::Unsupported`]: a huygen's unbounded line (its squares lie at
//! prime distances, which no finite list of rays describes) and an unbounded
//! ride whose step is not primitive (`(2,0)`: every other square).

use icn_model::Piece;

use crate::MovegenError;
use crate::board::Board;
use crate::geometry::{Border, Sq, is_prime};

/// A part of the set of squares a piece attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackPart {
    /// One square.
    Square(Sq),
    /// The squares `from + k·step` for `first ≤ k ≤ last` (`last` absent:
    /// without end); `step` is primitive (its components have gcd 1).
    Ray {
        /// The piece's square (`k = 0`, never part of the ray).
        from: Sq,
        /// The primitive step.
        step: (i64, i64),
        /// The first `k`, at least 1.
        first: i64,
        /// The last `k`, when there is one.
        last: Option<i64>,
    },
}

impl Board {
    /// The world border.
    pub fn border(&self) -> Border {
        self.cfg.border
    }

    /// The squares excluded from the board (inside the border), in no order.
    pub fn excluded_squares(&self) -> Vec<Sq> {
        self.pieces
            .iter()
            .filter(|p| p.alive && p.hidden)
            .map(|p| p.sq)
            .collect()
    }

    /// Calls `f` with every piece on the board and its square, in no
    /// particular order (cheaper than [`Board::pieces`]).
    pub fn for_each_piece(&self, mut f: impl FnMut(Piece, Sq)) {
        for p in self.pieces.iter().filter(|p| p.alive && !p.hidden) {
            f(self.cfg.types.types[p.ty as usize].piece, p.sq);
        }
    }

    /// How many players take turns.
    pub fn player_count(&self) -> usize {
        self.cfg.turn_order.len()
    }

    /// Every square the piece on `from` attacks, as parts that may overlap;
    /// nothing for an empty square.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] as the module docs say.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::{AttackPart, Board, Sq};
    /// let b = Board::from_game(&Game::parse("w K0,0|k9,9|R5,5|P5,8", Dialect::Auto).unwrap()).unwrap();
    /// let mut parts = Vec::new();
    /// b.attack_parts(Sq::new(5, 5), &mut parts).unwrap();
    /// assert!(parts.contains(&AttackPart::Ray { from: Sq::new(5, 5), step: (0, 1), first: 1, last: Some(3) }));
    /// assert!(parts.contains(&AttackPart::Ray { from: Sq::new(5, 5), step: (1, 0), first: 1, last: None }));
    /// ```
    pub fn attack_parts(&self, from: Sq, out: &mut Vec<AttackPart>) -> Result<(), MovegenError> {
        let border = self.cfg.border;
        if !border.contains(from) {
            return Ok(());
        }
        let Some(slot) = self.store.get(from) else {
            return Ok(());
        };
        let p = self.pieces[slot as usize];
        if p.hidden {
            return Ok(());
        }
        let t = &self.cfg.types.types[p.ty as usize];
        for l in t.leaps.iter().filter(|l| l.cap && l.allowed_from(from)) {
            let s = Sq::new(from.x + l.dx, from.y + l.dy);
            if border.contains(s) {
                out.push(AttackPart::Square(s));
            }
        }
        for r in t.rides.iter().filter(|r| r.cap) {
            let (a, b) = (r.dx / r.g, r.dy / r.g);
            // Ride steps to the nearest piece, and to the border.
            let blocker = self
                .nearest_multiple(r.fam, from, r.sign, r.g)
                .map(|(k, _)| k);
            let inside = border.steps(from, r.dx, r.dy);
            let unlimited = r.max >= crate::COORD_LIMIT;
            let mut last = [blocker, inside, (!unlimited).then_some(r.max)]
                .into_iter()
                .flatten()
                .min();
            if last.is_some_and(|l| l < r.min) {
                continue;
            }
            if r.g == 1 {
                out.push(AttackPart::Ray {
                    from,
                    step: (a, b),
                    first: r.min.max(1),
                    last: last.take(),
                });
                continue;
            }
            let Some(last) = last else {
                return Err(MovegenError::Unsupported(format!(
                    "the squares the piece on {from} attacks by ({},{}) without end are every \
                     {}th square of a line, which a query cannot list",
                    r.dx, r.dy, r.g
                )));
            };
            for k in r.min.max(1)..=last {
                out.push(AttackPart::Square(from.step(r.dx, r.dy, k)));
            }
        }
        for l in t.lames.iter().filter(|l| l.cap) {
            let to = Sq::new(from.x + l.total.0, from.y + l.total.1);
            if border.contains(to)
                && l.passes_clear(
                    from,
                    |s| border.contains(s),
                    |s| self.store.get(s).is_none(),
                )
            {
                out.push(AttackPart::Square(to));
            }
        }
        for h in t.hops.iter().filter(|h| h.cap) {
            self.hop_parts(from, (h.dx, h.dy), h.next_only, out)?;
        }
        if let Some((_, true, limit)) = t.huygen {
            for step in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let reach = [Some(limit), border.steps(from, step.0, step.1)]
                    .into_iter()
                    .flatten()
                    .filter(|&n| n < crate::COORD_LIMIT)
                    .min();
                let Some(reach) = reach else {
                    return Err(MovegenError::Unsupported(format!(
                        "the huygen on {from} attacks squares at every prime distance without \
                         end, which a query cannot list"
                    )));
                };
                for d in 2..=reach.min(1 << 20) {
                    let s = from.step(step.0, step.1, d);
                    if is_prime(d as u64) && self.attacks_square(from, s) {
                        out.push(AttackPart::Square(s));
                    }
                }
            }
        }
        if let Some((_, true)) = t.rose {
            self.rose_paths(from, |s, _| out.push(AttackPart::Square(s)));
        }
        Ok(())
    }

    /// A hopper's captures along `(dx,dy)`: past the first piece (the
    /// screen), up to and including the next one.
    fn hop_parts(
        &self,
        from: Sq,
        (dx, dy): (i64, i64),
        next_only: bool,
        out: &mut Vec<AttackPart>,
    ) -> Result<(), MovegenError> {
        let Some((fam, sign, g)) = self.cfg.types.lines.find(dx, dy) else {
            return Ok(());
        };
        let mut seen = Vec::with_capacity(2);
        self.store.walk(fam, from, sign, |d| {
            if d % g == 0 {
                seen.push(d / g);
            }
            seen.len() < 2
        });
        let Some(&screen) = seen.first() else {
            return Ok(());
        };
        let inside = self.cfg.border.steps(from, dx, dy);
        // The grasshopper attacks only the square right behind the screen.
        let reach = next_only.then_some(screen + 1);
        let last = [seen.get(1).copied(), inside, reach]
            .into_iter()
            .flatten()
            .min();
        if last.is_some_and(|l| l <= screen) {
            return Ok(());
        }
        if g == 1 {
            out.push(AttackPart::Ray {
                from,
                step: (dx, dy),
                first: screen + 1,
                last,
            });
        } else {
            let Some(last) = last else {
                return Err(MovegenError::Unsupported(format!(
                    "the piece on {from} hops by ({dx},{dy}) onto every {g}th square without end, \
                     which a query cannot list"
                )));
            };
            for k in screen + 1..=last {
                out.push(AttackPart::Square(from.step(dx, dy, k)));
            }
        }
        Ok(())
    }
}
