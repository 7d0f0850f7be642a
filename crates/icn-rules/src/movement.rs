//! Piece movement as data: a [`Movement`] is a union of [`Component`]s, each a
//! [`Pattern`] (leap, ride, hop, lame two-step leap, huygen, rose) with an
//! [`Action`] (move, capture, both, en passant), a [`Frame`] (absolute or
//! relative to the owner's forward direction) and flags for the `+` right.
//!
//! [`movement_of`] gives the movement of every ICN piece kind. Obstacles and
//! voids have the empty movement; what may be captured or entered is
//! [`Capturability`]. Castling is not a movement (it involves two pieces): see
//! the rules module.
//!
//! Nothing here refuses input: every value of these types is meaningful. A
//! zero vector simply produces no destinations.

use icn_model::{Coord, PieceKind, Player};
use serde::{Deserialize, Serialize};

/// A step on the board: `dx` columns and `dy` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Vector {
    /// Columns (x).
    pub dx: i64,
    /// Rows (y). In a [`Frame::Forward`] component, towards the owner's front.
    pub dy: i64,
}

impl Vector {
    /// A vector.
    pub const fn new(dx: i64, dy: i64) -> Self {
        Vector { dx, dy }
    }

    /// This vector added to `other`.
    pub const fn plus(self, other: Vector) -> Vector {
        Vector::new(self.dx + other.dx, self.dy + other.dy)
    }

    /// This vector scaled by `k`.
    pub const fn times(self, k: i64) -> Vector {
        Vector::new(self.dx * k, self.dy * k)
    }
}

/// Which images of a vector a component uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Symmetry {
    /// The vector alone.
    None,
    /// The vector and its mirror image across the y axis: `(dx,dy)`, `(-dx,dy)`.
    MirrorX,
    /// The four quarter-turn rotations: `(1,0)` gives the rook's four lines.
    Rotations,
    /// All eight rotations and reflections: `(1,2)` gives the knight's eight leaps.
    Octal,
}

impl Symmetry {
    /// The distinct images of `v`, in a fixed order (duplicates removed, so
    /// `(1,1)` under [`Symmetry::Octal`] gives four vectors, not eight).
    pub fn images(self, v: Vector) -> Vec<Vector> {
        let mut out: Vec<Vector> = Vec::with_capacity(8);
        for w in self.images_unsorted(v) {
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    }

    /// Pairs of vectors moved together (for [`Pattern::Lame`]): the same
    /// transformation is applied to both, duplicates removed.
    pub fn pair_images(self, first: Vector, then: Vector) -> Vec<(Vector, Vector)> {
        let f = self.images_unsorted(first);
        let t = self.images_unsorted(then);
        let mut out: Vec<(Vector, Vector)> = Vec::with_capacity(f.len());
        for pair in f.into_iter().zip(t) {
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
        out
    }

    fn images_unsorted(self, v: Vector) -> Vec<Vector> {
        let Vector { dx: a, dy: b } = v;
        match self {
            Symmetry::None => vec![v],
            Symmetry::MirrorX => vec![v, Vector::new(-a, b)],
            Symmetry::Rotations => vec![
                Vector::new(a, b),
                Vector::new(-b, a),
                Vector::new(-a, -b),
                Vector::new(b, -a),
            ],
            Symmetry::Octal => vec![
                Vector::new(a, b),
                Vector::new(b, a),
                Vector::new(b, -a),
                Vector::new(a, -b),
                Vector::new(-a, -b),
                Vector::new(-b, -a),
                Vector::new(-b, a),
                Vector::new(-a, b),
            ],
        }
    }
}

/// The shape of a component's moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Pattern {
    /// Jumps straight to `from + v` for each image `v`; nothing in between matters.
    Leap {
        /// The leap.
        vector: Vector,
        /// Which images.
        symmetry: Symmetry,
    },
    /// Slides (or rides, for vectors like `(1,2)`) repeatedly by each image
    /// `v`: `from + v`, `from + 2v`, … while the squares are empty; the first
    /// occupied square ends the line (captured if the action allows and the
    /// piece is capturable). `max` caps the number of steps; the rule set's
    /// slide limit caps it further.
    Ride {
        /// One step of the ride.
        vector: Vector,
        /// Which images.
        symmetry: Symmetry,
        /// At most this many steps (`None`: unlimited).
        max: Option<u32>,
    },
    /// A cannon-style hop: along each image line, passes exactly one piece
    /// (the screen: any piece, of any side, voids included), then reaches the empty squares
    /// beyond it (moves) up to and including the next piece (a capture).
    Hop {
        /// One step of the line.
        vector: Vector,
        /// Which images.
        symmetry: Symmetry,
    },
    /// The grasshopper's hop: along each image line, passes exactly one
    /// piece (the screen, at any distance; any piece of any side, voids
    /// included) and lands on the square right beyond it, a move when it is
    /// empty and a capture when an enemy stands there (Betza `gQ`).
    Grasshopper {
        /// One step of the line.
        vector: Vector,
        /// Which images.
        symmetry: Symmetry,
    },
    /// A lame leap: one step by `first`, then `then_times` steps by `then`;
    /// every square before the last must be on the board and empty. `first =
    /// (1,0)`, `then = (1,1)` once with [`Symmetry::Octal`] is the Xiangqi
    /// horse; `first = (0,1)`, `then = (1,1)` twice is the Janggi elephant
    /// (Betza `nZ`).
    Lame {
        /// The first step (must land on an empty square).
        first: Vector,
        /// The step taken next.
        then: Vector,
        /// Which images of the pair.
        symmetry: Symmetry,
        /// How many times `then` is taken (1 unless said otherwise).
        #[serde(default = "one", skip_serializing_if = "is_one")]
        then_times: u32,
    },
    /// The huygen: along the four rook lines, lands only at a prime distance
    /// (2, 3, 5, 7, …). Pieces at non-prime distances are jumped over; the
    /// first piece at a prime distance ends the line (captured if an enemy).
    Huygen,
    /// The rose: a circular knight path of up to 7 hops, each hop turning the
    /// same way ([`ROSE_CYCLE`] forwards or backwards from each of the 8
    /// starts). An empty square continues the path; an enemy is captured and
    /// ends it; a friend, a void or the edge of the board ends it.
    Rose,
    /// The Chu Shogi lion as Sjaak II plays `leap ((0,1)|(1,1))+((0,1)|(1,1))`:
    /// two king steps, the first leg jumping whatever stands there. Quiet
    /// moves (with a moving action): to any empty square one or two king
    /// steps away, and a pass (the piece stays where it is) when some square
    /// next to it is empty. Captures (with a capturing action): any enemy one
    /// or two king steps away; and after capturing an enemy next to it, a
    /// second king step on from there: to an empty square, back to its own
    /// square (igui, capturing without moving) or capturing a second enemy.
    Lion,
}

/// The squares a lame leap passes, which must be empty (offsets from its
/// start: `first`, then `first + then`, … before the landing), and its
/// landing offset `first + then_times·then`.
///
/// ```
/// use icn_rules::movement::{Vector, lame_path};
/// // The Janggi elephant's leap to (2,3) passes (0,1) and (1,2).
/// let (passed, landing) = lame_path(Vector::new(0, 1), Vector::new(1, 1), 2);
/// assert_eq!(passed, [Vector::new(0, 1), Vector::new(1, 2)]);
/// assert_eq!(landing, Vector::new(2, 3));
/// ```
pub fn lame_path(first: Vector, then: Vector, then_times: u32) -> (Vec<Vector>, Vector) {
    let passed = (0..then_times.max(1))
        .map(|k| first.plus(then.times(i64::from(k))))
        .collect();
    (passed, first.plus(then.times(i64::from(then_times))))
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// What a component may do on arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Move to an empty square or capture there.
    MoveOrCapture,
    /// Move to an empty square only.
    MoveOnly,
    /// Capture only.
    CaptureOnly,
    /// Move to the position's en passant square only (it is empty) and capture
    /// the piece that passed over it.
    EnPassant,
}

impl Action {
    /// Whether landing on an empty square is allowed.
    pub fn may_move(self) -> bool {
        matches!(self, Action::MoveOrCapture | Action::MoveOnly)
    }

    /// Whether landing on a capturable piece is allowed.
    pub fn may_capture(self) -> bool {
        matches!(self, Action::MoveOrCapture | Action::CaptureOnly)
    }
}

/// How a component's vectors are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Frame {
    /// As written: `dx` along x, `dy` along y.
    Absolute,
    /// Relative to the owner's forward direction `f`: the vector `(dx,dy)` means
    /// `dx·r + dy·f` where `r` is `f` turned a quarter clockwise. White's `f`
    /// is `(0,1)`, Black's `(0,-1)`; a player without a forward direction gets
    /// no moves from such a component.
    Forward,
}

impl Frame {
    /// The board vector for `v` when the owner's forward direction is `forward`.
    pub fn apply(self, v: Vector, forward: Vector) -> Vector {
        match self {
            Frame::Absolute => v,
            Frame::Forward => {
                let right = Vector::new(forward.dy, -forward.dx);
                right.times(v.dx).plus(forward.times(v.dy))
            }
        }
    }
}

/// One part of a piece's movement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Component {
    /// The shape.
    pub pattern: Pattern,
    /// What it may do on arrival.
    pub action: Action,
    /// How its vectors are read.
    pub frame: Frame,
    /// Only while the piece still has its `+` right (the pawn's double push).
    pub needs_right: bool,
    /// A two-step move by this component leaves the square it passed over
    /// as the en passant square. A longer move leaves none: an ICN position
    /// holds one en passant square.
    pub sets_en_passant: bool,
    /// Leaps on a plane cut into sub-boards (the site's 4D variants): the
    /// side `n` of the square cells, aligned with `(0,0)`. A leap by `v`
    /// must then move each coordinate's cell index (`x.div_euclid(n)`) by
    /// exactly the whole number nearest `v / n` (a half rounds toward zero),
    /// so the rest of `v` stays inside a cell: a knight's 2-step at a
    /// sub-board's edge does not wrap onto the next sub-board. `None` (the
    /// default): no cells. Only leaps read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<u32>,
}

/// Whether a leap by `(dx, dy)` from `(x, y)` keeps to the sub-board rule of
/// [`Component::cells`] with cell side `n` (`n` ≥ 1).
///
/// ```
/// use icn_rules::movement::leap_keeps_cells;
/// // Sub-boards of side 5 (squares 1..=4, voids on the multiples of 5).
/// assert!(leap_keeps_cells(2, 1, 2, 1, 5)); // inside one sub-board
/// assert!(!leap_keeps_cells(4, 1, 2, 1, 5)); // would wrap onto the next one
/// assert!(leap_keeps_cells(3, 1, 3, 0, 5)); // one sub-board over, two back
/// assert!(!leap_keeps_cells(1, 1, 3, 0, 5));
/// ```
pub fn leap_keeps_cells(x: i64, y: i64, dx: i64, dy: i64, n: i64) -> bool {
    let keeps = |a: i64, d: i64| {
        let whole = nearest_whole(d, n);
        (a + d).div_euclid(n) - a.div_euclid(n) == whole
    };
    n >= 1 && keeps(x, dx) && keeps(y, dy)
}

/// The whole number nearest `d / n` (`n` ≥ 1), a half rounded toward zero.
fn nearest_whole(d: i64, n: i64) -> i64 {
    let q = d.div_euclid(n);
    let r = d.rem_euclid(n);
    match (2 * r).cmp(&n) {
        std::cmp::Ordering::Less => q,
        std::cmp::Ordering::Greater => q + 1,
        std::cmp::Ordering::Equal if d < 0 => q + 1,
        std::cmp::Ordering::Equal => q,
    }
}

impl Component {
    /// The vectors the component lands on, in its own frame (each image of
    /// a leap, ride or hop vector; the whole leap of a lame leaper), or
    /// `None` for patterns without fixed vectors (huygen, rose, …).
    ///
    /// ```
    /// use icn_rules::movement::{Component, Pattern, Symmetry, Vector};
    /// let knight = Component::new(Pattern::Leap { vector: Vector::new(1, 2), symmetry: Symmetry::Octal });
    /// assert_eq!(knight.landing_vectors().unwrap().len(), 8);
    /// ```
    pub fn landing_vectors(&self) -> Option<Vec<Vector>> {
        match &self.pattern {
            Pattern::Leap { vector, symmetry }
            | Pattern::Ride {
                vector, symmetry, ..
            }
            | Pattern::Hop { vector, symmetry }
            | Pattern::Grasshopper { vector, symmetry } => Some(symmetry.images(*vector)),
            Pattern::Lame {
                first,
                then,
                symmetry,
                then_times,
            } => Some(
                symmetry
                    .pair_images(*first, *then)
                    .into_iter()
                    .map(|(a, b)| a.plus(b.times(i64::from(*then_times))))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// A plain component: absolute frame, move or capture, no flags.
    pub fn new(pattern: Pattern) -> Self {
        Component {
            pattern,
            action: Action::MoveOrCapture,
            frame: Frame::Absolute,
            needs_right: false,
            sets_en_passant: false,
            cells: None,
        }
    }

    /// The same component with another action.
    pub fn with_action(mut self, action: Action) -> Self {
        self.action = action;
        self
    }

    /// The same component read relative to the owner's forward direction.
    pub fn forward(mut self) -> Self {
        self.frame = Frame::Forward;
        self
    }
}

/// A piece's movement: the union of its components.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Movement {
    /// The parts, each applied independently.
    pub components: Vec<Component>,
}

/// The rose's hop cycle: consecutive entries turn by one eighth of a circle
/// (clockwise); after the 8th the path is back at its start.
pub const ROSE_CYCLE: [Vector; 8] = [
    Vector::new(1, 2),
    Vector::new(2, 1),
    Vector::new(2, -1),
    Vector::new(1, -2),
    Vector::new(-1, -2),
    Vector::new(-2, -1),
    Vector::new(-2, 1),
    Vector::new(-1, 2),
];

/// The longest rose path, in hops.
pub const ROSE_MAX_HOPS: usize = 7;

impl Movement {
    /// Whether a piece of `player` moving this way has a move from `at` on
    /// an empty board of `region` (components that need the `+` right, and
    /// patterns without fixed vectors, count as moves only when they have
    /// somewhere to land or no fixed vectors at all).
    ///
    /// ```
    /// use icn_model::{Coord, Player};
    /// use icn_rules::{Movement, Region};
    /// let board = Region::finite(8, 8);
    /// let pawn = Movement::pawn();
    /// assert!(pawn.can_move_from(Player::WHITE, &Coord::new(4, 7), &board));
    /// assert!(!pawn.can_move_from(Player::WHITE, &Coord::new(4, 8), &board));
    /// ```
    pub fn can_move_from(&self, player: Player, at: &Coord, region: &crate::Region) -> bool {
        let forward = player
            .pawn_direction()
            .map_or(Vector::new(0, 0), |d| Vector::new(0, d));
        self.components.iter().filter(|c| !c.needs_right).any(|c| {
            let Some(ends) = c.landing_vectors() else {
                return true;
            };
            ends.iter().any(|&e| {
                let d = c.frame.apply(e, forward);
                d != Vector::new(0, 0)
                    && region.contains(&Coord {
                        x: at.x.add_small(d.dx),
                        y: at.y.add_small(d.dy),
                    })
            })
        })
    }

    /// The movement that never moves (obstacle, void).
    pub fn none() -> Self {
        Movement::default()
    }

    /// An 8-fold leaper `(a,b)`: `(1,2)` is the knight.
    pub fn leaper(a: i64, b: i64) -> Self {
        Movement::from(Component::new(Pattern::Leap {
            vector: Vector::new(a, b),
            symmetry: Symmetry::Octal,
        }))
    }

    /// An 8-fold rider `(a,b)` without range limit: `(1,0)` is the rook.
    pub fn rider(a: i64, b: i64) -> Self {
        Movement::from(Component::new(Pattern::Ride {
            vector: Vector::new(a, b),
            symmetry: Symmetry::Octal,
            max: None,
        }))
    }

    /// The union of two movements.
    pub fn union(mut self, other: Movement) -> Self {
        for c in other.components {
            if !self.components.contains(&c) {
                self.components.push(c);
            }
        }
        self
    }

    /// Whether the piece can never move.
    pub fn is_static(&self) -> bool {
        self.components.is_empty()
    }

    /// The orthodox pawn: one step forward (move only), two steps forward
    /// with the `+` right (move only, leaves an en passant square), diagonal
    /// forward captures, and en passant.
    pub fn pawn() -> Self {
        let push = Component::new(Pattern::Ride {
            vector: Vector::new(0, 1),
            symmetry: Symmetry::None,
            max: Some(1),
        })
        .with_action(Action::MoveOnly)
        .forward();
        let mut double = Component::new(Pattern::Ride {
            vector: Vector::new(0, 1),
            symmetry: Symmetry::None,
            max: Some(2),
        })
        .with_action(Action::MoveOnly)
        .forward();
        double.needs_right = true;
        double.sets_en_passant = true;
        let diagonal = Pattern::Leap {
            vector: Vector::new(1, 1),
            symmetry: Symmetry::MirrorX,
        };
        let capture = Component::new(diagonal.clone())
            .with_action(Action::CaptureOnly)
            .forward();
        let en_passant = Component::new(diagonal)
            .with_action(Action::EnPassant)
            .forward();
        Movement {
            components: vec![push, double, capture, en_passant],
        }
    }
}

impl Movement {
    /// The same movement in a canonical form: every symmetry expanded into
    /// single vectors, a ride of at most one step written as a leap, sorted
    /// and without duplicates. Two movements that reach the same squares the
    /// same way have equal canonical forms (`Leap (1,0) Octal` and
    /// `Leap (1,0) Rotations`, say).
    pub fn canonical(&self) -> Movement {
        let mut out: Vec<Component> = Vec::new();
        for c in &self.components {
            let with = |pattern: Pattern| Component {
                pattern,
                ..c.clone()
            };
            match &c.pattern {
                Pattern::Leap { vector, symmetry }
                | Pattern::Ride {
                    vector,
                    symmetry,
                    max: Some(1),
                } => {
                    for v in symmetry.images(*vector) {
                        out.push(with(Pattern::Leap {
                            vector: v,
                            symmetry: Symmetry::None,
                        }));
                    }
                }
                Pattern::Ride {
                    vector,
                    symmetry,
                    max,
                } => {
                    for v in symmetry.images(*vector) {
                        out.push(with(Pattern::Ride {
                            vector: v,
                            symmetry: Symmetry::None,
                            max: *max,
                        }));
                    }
                }
                Pattern::Hop { vector, symmetry } => {
                    for v in symmetry.images(*vector) {
                        out.push(with(Pattern::Hop {
                            vector: v,
                            symmetry: Symmetry::None,
                        }));
                    }
                }
                Pattern::Grasshopper { vector, symmetry } => {
                    for v in symmetry.images(*vector) {
                        out.push(with(Pattern::Grasshopper {
                            vector: v,
                            symmetry: Symmetry::None,
                        }));
                    }
                }
                Pattern::Lame {
                    first,
                    then,
                    symmetry,
                    then_times,
                } => {
                    for (a, b) in symmetry.pair_images(*first, *then) {
                        out.push(with(Pattern::Lame {
                            first: a,
                            then: b,
                            symmetry: Symmetry::None,
                            then_times: *then_times,
                        }));
                    }
                }
                Pattern::Huygen | Pattern::Rose | Pattern::Lion => out.push(c.clone()),
            }
        }
        out.sort();
        out.dedup();
        Movement { components: out }
    }

    /// Whether two movements are the same up to how they are written.
    pub fn same_as(&self, other: &Movement) -> bool {
        self.canonical() == other.canonical()
    }
}

/// The ICN kind that moves exactly like `movement` (the royal kind when
/// `royal` — king, royal queen, royal centaur — else the plain one), if any.
/// Adapters use it to map a foreign piece definition onto an ICN piece.
///
/// ```
/// use icn_model::PieceKind;
/// use icn_rules::movement::{kind_with_movement, Movement};
/// let wazir_ferz = Movement::leaper(0, 1).union(Movement::leaper(1, 1));
/// assert_eq!(kind_with_movement(&wazir_ferz, false), Some(PieceKind::Guard));
/// assert_eq!(kind_with_movement(&wazir_ferz, true), Some(PieceKind::King));
/// assert_eq!(kind_with_movement(&Movement::leaper(3, 4), false), None);
/// ```
pub fn kind_with_movement(movement: &Movement, royal: bool) -> Option<PieceKind> {
    let wanted = movement.canonical();
    if wanted.components.is_empty() {
        return None;
    }
    PieceKind::ALL
        .into_iter()
        .filter(|&k| royal_by_default(k) == royal)
        .find(|&k| movement_of(k).canonical() == wanted)
}

impl From<Component> for Movement {
    fn from(c: Component) -> Self {
        Movement {
            components: vec![c],
        }
    }
}

/// The movement of every ICN piece kind, as the issue and the site define it;
/// none for a kind that is not built-in (its variant's rules give it one).
///
/// ```
/// use icn_model::PieceKind;
/// use icn_rules::movement::{movement_of, Movement};
/// assert_eq!(movement_of(PieceKind::Knight), Movement::leaper(1, 2));
/// assert!(movement_of(PieceKind::Void).is_static());
/// ```
pub fn movement_of(kind: PieceKind) -> Movement {
    let king = || Movement::leaper(1, 0).union(Movement::leaper(1, 1));
    let rook = || Movement::rider(1, 0);
    let bishop = || Movement::rider(1, 1);
    let knight = || Movement::leaper(1, 2);
    match kind {
        PieceKind::King | PieceKind::Guard => king(),
        PieceKind::Queen | PieceKind::RoyalQueen => rook().union(bishop()),
        PieceKind::Rook => rook(),
        PieceKind::Bishop => bishop(),
        PieceKind::Knight => knight(),
        PieceKind::Pawn => Movement::pawn(),
        PieceKind::Amazon => rook().union(bishop()).union(knight()),
        PieceKind::Hawk => Movement::leaper(2, 0)
            .union(Movement::leaper(3, 0))
            .union(Movement::leaper(2, 2))
            .union(Movement::leaper(3, 3)),
        PieceKind::Chancellor => rook().union(knight()),
        PieceKind::Archbishop => bishop().union(knight()),
        PieceKind::Camel => Movement::leaper(1, 3),
        PieceKind::Giraffe => Movement::leaper(1, 4),
        PieceKind::Zebra => Movement::leaper(2, 3),
        PieceKind::Centaur | PieceKind::RoyalCentaur => king().union(knight()),
        PieceKind::Knightrider => Movement::rider(1, 2),
        PieceKind::Huygen => Movement::from(Component::new(Pattern::Huygen)),
        PieceKind::Rose => Movement::from(Component::new(Pattern::Rose)),
        // Kinds of a variant's own move only as its rules define them.
        _ => Movement::none(),
    }
}

/// Whether a kind is royal by default (king, royal queen, royal centaur); a
/// rule set may flag more kinds royal.
pub fn royal_by_default(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::King | PieceKind::RoyalQueen | PieceKind::RoyalCentaur
    )
}

/// What other pieces may do to a piece of some kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Capturability {
    /// An enemy may capture it; it blocks lines.
    Normal,
    /// Neutral, captured by either side (the obstacle).
    ByAnyone,
    /// Neither captured nor entered; blocks lines (the void).
    Never,
}

/// The capturability of a kind.
pub fn capturability_of(kind: PieceKind) -> Capturability {
    match kind {
        PieceKind::Obstacle => Capturability::ByAnyone,
        PieceKind::Void => Capturability::Never,
        _ => Capturability::Normal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetry_images_are_distinct() {
        assert_eq!(Symmetry::Octal.images(Vector::new(1, 2)).len(), 8);
        assert_eq!(Symmetry::Octal.images(Vector::new(1, 1)).len(), 4);
        assert_eq!(Symmetry::Octal.images(Vector::new(2, 0)).len(), 4);
        assert_eq!(Symmetry::Rotations.images(Vector::new(1, 0)).len(), 4);
        assert_eq!(Symmetry::MirrorX.images(Vector::new(0, 1)).len(), 1);
    }

    #[test]
    fn forward_frame_turns_with_the_owner() {
        let v = Vector::new(1, 2);
        assert_eq!(
            Frame::Forward.apply(v, Vector::new(0, 1)),
            Vector::new(1, 2)
        );
        assert_eq!(
            Frame::Forward.apply(v, Vector::new(0, -1)),
            Vector::new(-1, -2)
        );
        assert_eq!(
            Frame::Forward.apply(v, Vector::new(1, 0)),
            Vector::new(2, -1)
        );
        assert_eq!(Frame::Absolute.apply(v, Vector::new(0, -1)), v);
    }

    #[test]
    fn rose_cycle_closes() {
        let sum = ROSE_CYCLE.iter().fold(Vector::new(0, 0), |a, &v| a.plus(v));
        assert_eq!(sum, Vector::new(0, 0));
    }

    #[test]
    fn every_kind_has_a_movement_and_only_blockers_are_static() {
        for kind in PieceKind::ALL {
            assert_eq!(
                movement_of(kind).is_static(),
                kind.is_neutral_only(),
                "{kind:?}"
            );
        }
        assert_eq!(
            movement_of(PieceKind::RoyalQueen),
            movement_of(PieceKind::Queen)
        );
        assert_eq!(movement_of(PieceKind::Guard), movement_of(PieceKind::King));
    }

    #[test]
    fn lame_pairs_follow_the_same_transformation() {
        let pairs = Symmetry::Octal.pair_images(Vector::new(1, 0), Vector::new(1, 1));
        assert_eq!(pairs.len(), 8);
        let ends: std::collections::HashSet<Vector> =
            pairs.iter().map(|(a, b)| a.plus(*b)).collect();
        assert_eq!(ends.len(), 8);
        assert!(ends.contains(&Vector::new(2, 1)) && ends.contains(&Vector::new(-1, -2)));
    }
}
