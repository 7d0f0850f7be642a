//! A slow, obviously correct destination generator over a simple board, the
//! yardstick fast move generators are checked against.
//!
//! It answers one question: given a [`RefBoard`] and a square, which squares
//! may the piece there reach in one move by its [`Movement`] (pseudo-legal:
//! checks, castling and promotion choices are not considered)? Rides that
//! meet no obstacle are cut after [`RefBoard::window`] steps, so an unbounded
//! board gives a finite answer; pick a window larger than anything the test
//! looks at. Coordinates are `i64`; the generator never panics on overflow
//! (squares beyond `i64` are off the board).

use std::collections::{BTreeSet, HashMap, HashSet};

use icn_model::{Piece, Player};

use crate::movement::{
    Action, Capturability, Component, Frame, Movement, Pattern, ROSE_CYCLE, ROSE_MAX_HOPS, Vector,
    capturability_of, movement_of,
};

/// A square as two `i64`s.
pub type Square = (i64, i64);

/// An inclusive rectangle; `None` leaves a side open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// Smallest x.
    pub left: Option<i64>,
    /// Largest x.
    pub right: Option<i64>,
    /// Smallest y.
    pub bottom: Option<i64>,
    /// Largest y.
    pub top: Option<i64>,
}

impl Bounds {
    /// A closed rectangle.
    pub fn rect(left: i64, bottom: i64, right: i64, top: i64) -> Self {
        Bounds {
            left: Some(left),
            right: Some(right),
            bottom: Some(bottom),
            top: Some(top),
        }
    }

    /// Whether `s` is inside.
    pub fn contains(&self, s: Square) -> bool {
        self.left.is_none_or(|l| s.0 >= l)
            && self.right.is_none_or(|r| s.0 <= r)
            && self.bottom.is_none_or(|b| s.1 >= b)
            && self.top.is_none_or(|t| s.1 <= t)
    }
}

/// A board for the reference generator.
#[derive(Clone, Debug)]
pub struct RefBoard {
    /// The pieces.
    pub pieces: HashMap<Square, Piece>,
    /// Squares whose piece has the `+` right.
    pub rights: HashSet<Square>,
    /// Where the board ends (`None`: unbounded).
    pub bounds: Option<Bounds>,
    /// The en passant square, if any.
    pub en_passant: Option<Square>,
    /// The rule set's slide limit: no ride or huygen goes further.
    pub slide_limit: Option<u32>,
    /// Rides that meet nothing are cut after this many steps.
    pub window: u32,
}

impl Default for RefBoard {
    fn default() -> Self {
        RefBoard {
            pieces: HashMap::new(),
            rights: HashSet::new(),
            bounds: None,
            en_passant: None,
            slide_limit: None,
            window: 32,
        }
    }
}

/// A reachable square and, for a capture, the square of the captured piece
/// (different from `to` only for en passant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Destination {
    /// Where the piece lands.
    pub to: Square,
    /// What it captures.
    pub captures: Option<Square>,
}

/// The forward direction of a player's pawns (`None` when it has none).
pub fn forward_of(player: Player) -> Option<Vector> {
    player.pawn_direction().map(|d| Vector::new(0, d))
}

/// Whether `n` is prime (by trial division; the reference is slow on purpose).
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2u64;
    while d.saturating_mul(d) <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

impl RefBoard {
    /// An empty unbounded board.
    pub fn new() -> Self {
        RefBoard::default()
    }

    /// Puts a piece on a square, with or without the `+` right.
    pub fn put(&mut self, at: Square, piece: Piece, right: bool) -> &mut Self {
        self.pieces.insert(at, piece);
        if right {
            self.rights.insert(at);
        } else {
            self.rights.remove(&at);
        }
        self
    }

    /// Whether `s` is a square of the board.
    pub fn on_board(&self, s: Square) -> bool {
        self.bounds.is_none_or(|b| b.contains(s))
    }

    /// Where the piece on `from` may go by its kind's [`movement_of`]; empty
    /// when the square is empty.
    pub fn destinations(&self, from: Square) -> BTreeSet<Destination> {
        match self.pieces.get(&from) {
            Some(p) => self.destinations_by(from, *p, &movement_of(p.kind)),
            None => BTreeSet::new(),
        }
    }

    /// Just the landing squares of [`RefBoard::destinations`].
    pub fn targets(&self, from: Square) -> BTreeSet<Square> {
        self.destinations(from).into_iter().map(|d| d.to).collect()
    }

    /// Where `mover`, standing on `from`, may go by `movement`.
    pub fn destinations_by(
        &self,
        from: Square,
        mover: Piece,
        movement: &Movement,
    ) -> BTreeSet<Destination> {
        let mut out = BTreeSet::new();
        for c in &movement.components {
            if c.needs_right && !self.rights.contains(&from) {
                continue;
            }
            self.component(from, mover, c, &mut out);
        }
        out
    }

    fn component(
        &self,
        from: Square,
        mover: Piece,
        c: &Component,
        out: &mut BTreeSet<Destination>,
    ) {
        let forward = match c.frame {
            Frame::Absolute => Vector::new(0, 1),
            Frame::Forward => match forward_of(mover.player) {
                Some(f) => f,
                None => return,
            },
        };
        let turn = |v: Vector| c.frame.apply(v, forward);
        let ride_cap = |max: Option<u32>| {
            let mut cap = self.window;
            if let Some(m) = max {
                cap = cap.min(m);
            }
            if let Some(l) = self.slide_limit {
                cap = cap.min(l);
            }
            cap
        };
        match &c.pattern {
            Pattern::Leap { vector, symmetry } => {
                for v in symmetry.images(*vector) {
                    let v = turn(v);
                    let keeps = c.cells.is_none_or(|n| {
                        crate::movement::leap_keeps_cells(from.0, from.1, v.dx, v.dy, n.into())
                    });
                    if keeps && let Some(to) = step(from, v, 1) {
                        self.land(from, to, mover, c.action, forward, out);
                    }
                }
            }
            Pattern::Ride {
                vector,
                symmetry,
                max,
            } => {
                for v in symmetry.images(*vector) {
                    for k in 1..=i64::from(ride_cap(*max)) {
                        let Some(to) = step(from, turn(v), k) else {
                            break;
                        };
                        if !self.on_board(to) {
                            break;
                        }
                        self.land(from, to, mover, c.action, forward, out);
                        if self.pieces.contains_key(&to) {
                            break;
                        }
                    }
                }
            }
            Pattern::Hop { vector, symmetry } => {
                for v in symmetry.images(*vector) {
                    let mut screened = false;
                    for k in 1..=i64::from(ride_cap(None)) {
                        let Some(to) = step(from, turn(v), k) else {
                            break;
                        };
                        if !self.on_board(to) {
                            break;
                        }
                        let occupied = self.pieces.contains_key(&to);
                        if !screened {
                            screened = occupied;
                            continue;
                        }
                        self.land(from, to, mover, c.action, forward, out);
                        if occupied {
                            break;
                        }
                    }
                }
            }
            Pattern::Grasshopper { vector, symmetry } => {
                for v in symmetry.images(*vector) {
                    let v = turn(v);
                    for k in 1..=i64::from(ride_cap(None)) {
                        let Some(at) = step(from, v, k) else { break };
                        if !self.on_board(at) {
                            break;
                        }
                        if self.pieces.contains_key(&at) {
                            if let Some(to) = step(at, v, 1)
                                && self.on_board(to)
                            {
                                self.land(from, to, mover, c.action, forward, out);
                            }
                            break;
                        }
                    }
                }
            }
            Pattern::Lame {
                first,
                then,
                symmetry,
                then_times,
            } => {
                for (a, b) in symmetry.pair_images(*first, *then) {
                    let (passed, landing) =
                        crate::movement::lame_path(turn(a), turn(b), *then_times);
                    let blocked = passed.iter().any(|&v| {
                        step(from, v, 1)
                            .is_none_or(|at| !self.on_board(at) || self.pieces.contains_key(&at))
                    });
                    if !blocked && let Some(to) = step(from, landing, 1) {
                        self.land(from, to, mover, c.action, forward, out);
                    }
                }
            }
            Pattern::Huygen => {
                for v in crate::movement::Symmetry::Rotations.images(Vector::new(1, 0)) {
                    for k in 1..=ride_cap(None) {
                        let Some(to) = step(from, v, i64::from(k)) else {
                            break;
                        };
                        if !self.on_board(to) {
                            break;
                        }
                        if !is_prime(u64::from(k)) {
                            continue;
                        }
                        self.land(from, to, mover, c.action, forward, out);
                        if self.pieces.contains_key(&to) {
                            break;
                        }
                    }
                }
            }
            Pattern::Lion => {
                // Its one-square jumps and captures (a destination holds one
                // capture: the two-capture and capture-and-step moves are not listed).
                for dx in -2i64..=2 {
                    for dy in -2i64..=2 {
                        if let Some(to) = step(from, Vector::new(dx, dy), 1) {
                            self.land(from, to, mover, c.action, forward, out);
                        }
                    }
                }
            }
            Pattern::Rose => {
                for start in 0..ROSE_CYCLE.len() {
                    for turn_dir in [1usize, ROSE_CYCLE.len() - 1] {
                        let mut at = from;
                        for hop in 0..ROSE_MAX_HOPS {
                            let v = ROSE_CYCLE[(start + hop * turn_dir) % ROSE_CYCLE.len()];
                            let Some(to) = step(at, v, 1) else { break };
                            if !self.on_board(to) {
                                break;
                            }
                            self.land(from, to, mover, c.action, forward, out);
                            if self.pieces.contains_key(&to) {
                                break;
                            }
                            at = to;
                        }
                    }
                }
            }
        }
    }

    /// Adds `to` when `action` allows arriving there.
    fn land(
        &self,
        from: Square,
        to: Square,
        mover: Piece,
        action: Action,
        forward: Vector,
        out: &mut BTreeSet<Destination>,
    ) {
        if to == from || !self.on_board(to) {
            return;
        }
        match (self.pieces.get(&to), action) {
            (None, Action::EnPassant) => {
                if self.en_passant != Some(to) {
                    return;
                }
                let Some(victim) = step(to, forward, -1) else {
                    return;
                };
                if let Some(p) = self.pieces.get(&victim)
                    && may_capture(mover, *p)
                {
                    out.insert(Destination {
                        to,
                        captures: Some(victim),
                    });
                }
            }
            (None, a) if a.may_move() => {
                out.insert(Destination { to, captures: None });
            }
            (Some(p), a) if a.may_capture() && may_capture(mover, *p) => {
                out.insert(Destination {
                    to,
                    captures: Some(to),
                });
            }
            _ => {}
        }
    }
}

/// Whether `mover` may capture `target`: voids never, obstacles always,
/// otherwise any piece of another player.
pub fn may_capture(mover: Piece, target: Piece) -> bool {
    match capturability_of(target.kind) {
        Capturability::Never => false,
        Capturability::ByAnyone => true,
        Capturability::Normal => target.player != mover.player,
    }
}

/// `from + k·v`, or `None` on `i64` overflow.
fn step(from: Square, v: Vector, k: i64) -> Option<Square> {
    let x = from.0.checked_add(v.dx.checked_mul(k)?)?;
    let y = from.1.checked_add(v.dy.checked_mul(k)?)?;
    Some((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_model::PieceKind;

    fn white(kind: PieceKind) -> Piece {
        Piece::new(kind, Player::WHITE)
    }

    #[test]
    fn primes() {
        let p: Vec<u64> = (0..20).filter(|&n| is_prime(n)).collect();
        assert_eq!(p, [2, 3, 5, 7, 11, 13, 17, 19]);
    }

    #[test]
    fn knight_from_origin_reaches_eight() {
        let mut b = RefBoard::new();
        b.put((0, 0), white(PieceKind::Knight), false);
        assert_eq!(b.targets((0, 0)).len(), 8);
    }

    #[test]
    fn huge_coordinates_do_not_overflow() {
        let mut b = RefBoard::new();
        b.put((i64::MAX - 1, 0), white(PieceKind::Queen), false);
        let t = b.targets((i64::MAX - 1, 0));
        assert!(t.contains(&(i64::MAX, 0)));
        // One step to the right edge of i64 (straight and both diagonals), a full window elsewhere.
        assert_eq!(t.len(), 3 + 5 * 32);
    }
}
