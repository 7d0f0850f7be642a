//! Compiling `icn-rules` movements into the engine's tables.
//!
//! Every (kind, player) pair that can appear in a game — the pieces of the
//! start position and every promotion choice — becomes a [`PieceType`] with
//! its movement resolved for that owner (forward-relative vectors turned,
//! symmetries expanded, the slide limit applied). This is the seam between the
//! movement algebra of `icn-rules` and the generator: nothing in the generator
//! knows piece kinds, only these tables. The slide limit caps rides without
//! a range of their own (and the huygen); ranged rides such as the pawn's
//! push keep their range, so Classical with `slideLimit` N has 11N + 33 moves
//! from the start for every N ≥ 0.
//!
//! Refused (as [`MovegenError::Unsupported`]): more than 64 piece types in one
//! game, vectors with a component larger than [`VECTOR_LIMIT`], en passant
//! takers that are not leapers, and leaps that duplicate a ride's square.

use ahash::AHashMap;
use icn_model::{Piece, PieceKind, Player};
use icn_rules::RuleSet;
use icn_rules::movement::{
    Action, Capturability, Frame, Pattern, Vector, capturability_of, leap_keeps_cells,
};

use crate::MovegenError;
use crate::geometry::{Sq, VECTOR_LIMIT, gcd};

/// Index of a piece type in a [`TypeTable`].
pub(crate) type TypeId = u8;

/// A single leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leap {
    pub dx: i64,
    pub dy: i64,
    pub mv: bool,
    pub cap: bool,
    pub needs_right: bool,
    /// The sub-board side of [`icn_rules::Component::cells`], if any.
    pub cells: Option<i64>,
}

impl Leap {
    /// Whether the leap may be made from `from` (always, unless it keeps
    /// to sub-boards and would leave its own).
    #[inline]
    pub fn allowed_from(&self, from: Sq) -> bool {
        self.cells
            .is_none_or(|n| leap_keeps_cells(from.x, from.y, self.dx, self.dy, n))
    }
}

/// A ride along one vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ride {
    /// The full step.
    pub dx: i64,
    pub dy: i64,
    /// Line family of the primitive direction, and which way along it.
    pub fam: usize,
    pub sign: i64,
    /// Primitive steps per ride step.
    pub g: i64,
    /// Fewest and most ride steps (`max` already capped by the slide limit).
    pub min: i64,
    pub max: i64,
    pub mv: bool,
    pub cap: bool,
    pub needs_right: bool,
    pub sets_ep: bool,
}

/// A lame leap: `first` (and `second`, when it passes two squares) must be
/// empty; lands on `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lame {
    pub first: (i64, i64),
    /// The second square passed (the Janggi elephant's), if any.
    pub second: Option<(i64, i64)>,
    pub total: (i64, i64),
    pub mv: bool,
    pub cap: bool,
    pub needs_right: bool,
    /// A quiet move by it leaves an en passant square on the leg (the
    /// Berolina pawn's double step).
    pub sets_ep: bool,
}

impl Lame {
    /// Whether the squares the leap passes from `from` are on the board
    /// (`on_board`) and empty (`empty`).
    #[inline]
    pub fn passes_clear(
        &self,
        from: Sq,
        on_board: impl Fn(Sq) -> bool,
        empty: impl Fn(Sq) -> bool,
    ) -> bool {
        std::iter::once(self.first)
            .chain(self.second)
            .map(|(dx, dy)| Sq::new(from.x + dx, from.y + dy))
            .all(|s| on_board(s) && empty(s))
    }
}

/// A hop along one vector: cannon-style, or the grasshopper's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hop {
    pub dx: i64,
    pub dy: i64,
    pub mv: bool,
    pub cap: bool,
    /// Lands only on the square right behind the screen (the grasshopper);
    /// else anywhere beyond it up to the next piece.
    pub next_only: bool,
}

/// The compiled movement and roles of one (kind, player).
#[derive(Clone, Debug)]
pub(crate) struct PieceType {
    pub piece: Piece,
    pub leaps: Vec<Leap>,
    pub rides: Vec<Ride>,
    /// Leaps that capture en passant.
    pub ep_leaps: Vec<(i64, i64)>,
    pub lames: Vec<Lame>,
    pub hops: Vec<Hop>,
    /// Huygen (move, capture, max distance).
    pub huygen: Option<(bool, bool, i64)>,
    /// Rose (move, capture).
    pub rose: Option<(bool, bool)>,
    /// Chu lion (move, capture): its one- and two-step jumps are in `leaps`;
    /// its pass and its captures on the way are [`crate::lion`]'s.
    pub lion: Option<(bool, bool)>,
    pub royal: bool,
    /// Castles at all: by the site rule, or by the rules' explicit castling
    /// moves (a royal of a player who has some).
    pub castler: bool,
    /// Castles by the site rule (its kind is in `castling.castlers`).
    pub site_castler: bool,
    /// May be a site-rule castler's partner (`castling.partners`).
    pub castle_partner: bool,
    pub pawn: bool,
    /// Its moves reset the move-rule counter (`draws.move_rule_resetters`).
    pub resets_move_rule: bool,
    pub promotes: bool,
    /// A promoted piece of this type may turn back
    /// ([`icn_rules::PromotionRule::demotes`]).
    pub demotes: bool,
    pub leaves_ep: bool,
    pub capturability: Capturability,
    /// Captures with something other than leaps and rides (slow legality path).
    pub complex_attacker: bool,
    /// Whether it can ever move.
    pub mobile: bool,
    /// Moves by lame leaps, hops, huygen or rose.
    pub complex_mover: bool,
    /// Two of its components reach some square (the 4D queen's `(4,0)` and
    /// `(6,0)` slides, say): its moves are listed one per destination, as
    /// the site counts them.
    pub overlapping: bool,
    /// Quiet moves played instead of its own in a zone
    /// ([`icn_rules::limits::ZoneMoves`]), first applicable first.
    pub zone_moves: Vec<ZoneMoveSet>,
    /// Moves played within a zone besides its own
    /// ([`icn_rules::limits::InZoneMoves`]).
    pub in_zone: Vec<InZoneSet>,
    /// Its hops may not pass over a piece of its own kind
    /// ([`icn_rules::limits::Limits::no_same_kind_screen`]).
    pub no_own_kind_screen: bool,
}

/// One [`icn_rules::limits::InZoneMoves`] entry, compiled: the zone (listed
/// squares) and the moves, as a type of their own, played from and to it.
#[derive(Clone, Debug)]
pub(crate) struct InZoneSet {
    pub zone: Vec<Sq>,
    pub moves: Box<PieceType>,
}

impl InZoneSet {
    /// Whether `s` is one of the zone's squares.
    #[inline]
    pub fn contains(&self, s: Sq) -> bool {
        self.zone.contains(&s)
    }
}

/// One [`icn_rules::limits::ZoneMoves`] entry, compiled: where it applies and
/// the leaps and rides played there (move-only unless it captures).
#[derive(Clone, Debug)]
pub(crate) struct ZoneMoveSet {
    pub zone: Option<crate::geometry::ZoneSet>,
    pub unmoved_only: bool,
    pub not_in_check: bool,
    /// The leaps and rides capture too (by their own actions).
    pub captures: bool,
    pub leaps: Vec<Leap>,
    pub rides: Vec<Ride>,
}

/// The primitive line directions the board indexes (always `(1,0)` and `(0,1)`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Lines {
    pub dirs: Vec<(i64, i64)>,
}

impl Lines {
    /// The family, sign and primitive multiple of a vector whose family exists.
    pub fn find(&self, dx: i64, dy: i64) -> Option<(usize, i64, i64)> {
        let g = gcd(dx, dy).max(1);
        let (pa, pb) = (dx / g, dy / g);
        let (c, sign) = if pa > 0 || (pa == 0 && pb > 0) {
            ((pa, pb), 1)
        } else {
            ((-pa, -pb), -1)
        };
        self.dirs.iter().position(|&d| d == c).map(|i| (i, sign, g))
    }

    /// The family and sign for a vector; adds the family when new.
    pub fn family(&mut self, dx: i64, dy: i64) -> (usize, i64, i64) {
        let g = gcd(dx, dy).max(1);
        let (pa, pb) = (dx / g, dy / g);
        let (c, sign) = if pa > 0 || (pa == 0 && pb > 0) {
            ((pa, pb), 1)
        } else {
            ((-pa, -pb), -1)
        };
        let idx = match self.dirs.iter().position(|&d| d == c) {
            Some(i) => i,
            None => {
                self.dirs.push(c);
                self.dirs.len() - 1
            }
        };
        (idx, sign, g)
    }
}

/// Every piece type of a game.
#[derive(Clone, Debug)]
pub(crate) struct TypeTable {
    pub types: Vec<PieceType>,
    pub lookup: AHashMap<Piece, TypeId>,
    pub lines: Lines,
}

fn forward(player: Player) -> Option<Vector> {
    player.pawn_direction().map(|d| Vector::new(0, d))
}

fn check_vec(v: Vector) -> Result<(), MovegenError> {
    if v.dx.unsigned_abs() > VECTOR_LIMIT.unsigned_abs()
        || v.dy.unsigned_abs() > VECTOR_LIMIT.unsigned_abs()
    {
        return Err(MovegenError::Unsupported(format!(
            "movement vector ({},{}) is longer than the engine's limit of {VECTOR_LIMIT}",
            v.dx, v.dy
        )));
    }
    Ok(())
}

impl TypeTable {
    /// Compiles the types of `pieces` (and every promotion choice) under `rules`.
    pub fn compile(
        pieces: &[Piece],
        rules: &RuleSet,
        slide_limit: Option<i64>,
    ) -> Result<TypeTable, MovegenError> {
        let mut all: Vec<Piece> = pieces.to_vec();
        for p in &rules.promotions {
            for &k in &p.choices {
                all.push(Piece::new(k, p.player));
            }
        }
        all.sort();
        all.dedup();
        if all.len() > 64 {
            return Err(MovegenError::Unsupported(format!(
                "{} piece types in one game; the engine handles at most 64",
                all.len()
            )));
        }
        let mut lines = Lines::default();
        lines.family(1, 0);
        lines.family(0, 1);
        let mut types = Vec::with_capacity(all.len());
        let mut lookup = AHashMap::new();
        for (i, &piece) in all.iter().enumerate() {
            types.push(compile_one(piece, rules, slide_limit, &mut lines)?);
            lookup.insert(piece, i as TypeId);
        }
        Ok(TypeTable {
            types,
            lookup,
            lines,
        })
    }

    /// The type of a piece that is known to be in the table.
    #[inline]
    pub fn id(&self, piece: Piece) -> Option<TypeId> {
        self.lookup.get(&piece).copied()
    }
}

fn compile_one(
    piece: Piece,
    rules: &RuleSet,
    slide_limit: Option<i64>,
    lines: &mut Lines,
) -> Result<PieceType, MovegenError> {
    let movement = rules.movement(piece.kind);
    let mut t = PieceType {
        piece,
        leaps: Vec::new(),
        rides: Vec::new(),
        ep_leaps: Vec::new(),
        lames: Vec::new(),
        hops: Vec::new(),
        huygen: None,
        rose: None,
        lion: None,
        royal: rules.is_royal(piece.kind),
        castler: rules.castling.castlers.contains(&piece.kind)
            || (rules.is_royal(piece.kind)
                && rules
                    .castling
                    .explicit
                    .iter()
                    .any(|c| c.player == piece.player)),
        site_castler: rules.castling.castlers.contains(&piece.kind),
        castle_partner: rules
            .castling
            .partners
            .as_ref()
            .is_none_or(|ks| ks.contains(&piece.kind)),
        pawn: piece.kind == PieceKind::Pawn,
        resets_move_rule: rules.draws.move_rule_resetters.contains(&piece.kind),
        promotes: rules
            .promotions_for(piece.player, piece.kind)
            .any(|p| !p.choices.is_empty()),
        demotes: rules
            .promotions
            .iter()
            .any(|p| p.demotes && p.player == piece.player && p.choices.contains(&piece.kind)),
        leaves_ep: rules.en_passant.leavers.contains(&piece.kind),
        capturability: capturability_of(piece.kind),
        complex_attacker: false,
        mobile: false,
        complex_mover: false,
        overlapping: false,
        zone_moves: Vec::new(),
        in_zone: Vec::new(),
        no_own_kind_screen: rules.limits.no_same_kind_screen.contains(&piece.kind),
    };
    if piece.player == Player::NEUTRAL {
        // Neutral pieces never move and attack nobody.
        return Ok(t);
    }
    let limit = slide_limit.unwrap_or(i64::MAX);
    for c in &movement.components {
        let fwd = match c.frame {
            Frame::Absolute => Vector::new(0, 1),
            Frame::Forward => match forward(piece.player) {
                Some(f) => f,
                None => continue,
            },
        };
        let turn = |v: Vector| c.frame.apply(v, fwd);
        let (mv, cap) = (c.action.may_move(), c.action.may_capture());
        match &c.pattern {
            Pattern::Leap { vector, symmetry } => {
                for v in symmetry.images(*vector) {
                    let v = turn(v);
                    check_vec(v)?;
                    if v.dx == 0 && v.dy == 0 {
                        continue;
                    }
                    if c.action == Action::EnPassant {
                        if rules.en_passant.takers.contains(&piece.kind) {
                            t.ep_leaps.push((v.dx, v.dy));
                        }
                        continue;
                    }
                    t.leaps.push(Leap {
                        dx: v.dx,
                        dy: v.dy,
                        mv,
                        cap,
                        needs_right: c.needs_right,
                        cells: c.cells.map(i64::from),
                    });
                }
            }
            Pattern::Ride {
                vector,
                symmetry,
                max,
            } => {
                if c.action == Action::EnPassant {
                    return Err(MovegenError::Unsupported("en passant by a ride".into()));
                }
                for v in symmetry.images(*vector) {
                    let v = turn(v);
                    check_vec(v)?;
                    if v.dx == 0 && v.dy == 0 {
                        continue;
                    }
                    let (fam, sign, g) = lines.family(v.dx, v.dy);
                    // The slide limit caps unlimited rides only: a pawn's push keeps its own range.
                    let m = max.map_or(limit, i64::from);
                    t.rides.push(Ride {
                        dx: v.dx,
                        dy: v.dy,
                        fam,
                        sign,
                        g,
                        min: 1,
                        max: m,
                        mv,
                        cap,
                        needs_right: c.needs_right,
                        sets_ep: c.sets_en_passant && t.leaves_ep,
                    });
                }
            }
            Pattern::Hop { vector, symmetry } | Pattern::Grasshopper { vector, symmetry } => {
                for v in symmetry.images(*vector) {
                    let v = turn(v);
                    check_vec(v)?;
                    lines.family(v.dx, v.dy);
                    t.hops.push(Hop {
                        dx: v.dx,
                        dy: v.dy,
                        mv,
                        cap,
                        next_only: matches!(c.pattern, Pattern::Grasshopper { .. }),
                    });
                }
                t.complex_attacker |= cap;
            }
            Pattern::Lame {
                first,
                then,
                symmetry,
                then_times,
            } => {
                if *then_times > 2 {
                    return Err(MovegenError::Unsupported(format!(
                        "{}: a lame leap passing more than two squares",
                        piece.code()
                    )));
                }
                for (f, s) in symmetry.pair_images(*first, *then) {
                    let (f, s) = (turn(f), turn(s));
                    let (passed, total) = icn_rules::movement::lame_path(f, s, *then_times);
                    check_vec(total)?;
                    t.lames.push(Lame {
                        first: (f.dx, f.dy),
                        second: passed.get(1).map(|v| (v.dx, v.dy)),
                        total: (total.dx, total.dy),
                        mv,
                        cap,
                        needs_right: c.needs_right,
                        sets_ep: c.sets_en_passant && t.leaves_ep,
                    });
                }
                t.complex_attacker |= cap;
            }
            Pattern::Huygen => {
                t.huygen = Some((mv, cap, limit));
                t.complex_attacker |= cap;
            }
            Pattern::Rose => {
                t.rose = Some((mv, cap));
                t.complex_attacker |= cap;
            }
            Pattern::Lion => {
                // Every square one or two king steps away, jumped to.
                for dx in -2i64..=2 {
                    for dy in -2i64..=2 {
                        if (dx, dy) != (0, 0) {
                            t.leaps.push(Leap {
                                dx,
                                dy,
                                mv,
                                cap,
                                needs_right: c.needs_right,
                                cells: None,
                            });
                        }
                    }
                }
                let (m0, c0) = t.lion.unwrap_or((false, false));
                t.lion = Some((m0 || mv, c0 || cap));
            }
        }
    }
    merge_leaps(&mut t.leaps);
    merge_rides(&mut t.rides, &t.leaps);
    t.overlapping = overlaps(&t);
    t.complex_mover =
        !t.lames.is_empty() || !t.hops.is_empty() || t.huygen.is_some() || t.rose.is_some();
    t.mobile =
        !(t.leaps.is_empty() && t.rides.is_empty() && t.lames.is_empty() && t.hops.is_empty())
            || t.huygen.is_some()
            || t.rose.is_some()
            || !t.ep_leaps.is_empty();
    for zm in &rules.limits.zone_moves {
        if zm.kind != piece.kind || zm.player != piece.player {
            continue;
        }
        // The zone's movement compiled as the kind's own (move-only unless
        // it captures too).
        let mut only = rules.clone();
        only.limits.zone_moves.clear();
        let mut m = zm.movement.clone();
        for c in &mut m.components {
            if !zm.captures {
                c.action = icn_rules::Action::MoveOnly;
            }
            c.needs_right = false;
        }
        only.movements.insert(piece.kind, m);
        let z = compile_one(piece, &only, slide_limit, lines)?;
        if z.complex_mover || !z.ep_leaps.is_empty() {
            return Err(MovegenError::Unsupported(format!(
                "zone moves of {} other than leaps and rides",
                piece.code()
            )));
        }
        if zm.captures {
            // Their attacks are looked up one by one (the slow path).
            if !z.rides.iter().all(|r| !r.cap) {
                return Err(MovegenError::Unsupported(format!(
                    "captures by rides in a zone for {}",
                    piece.code()
                )));
            }
            t.complex_attacker = true;
            t.overlapping = true;
        }
        t.mobile |= !(z.leaps.is_empty() && z.rides.is_empty());
        t.zone_moves.push(ZoneMoveSet {
            zone: zm.zone.as_ref().map(crate::geometry::ZoneSet::from_zone),
            unmoved_only: zm.unmoved_only,
            not_in_check: zm.not_in_check,
            captures: zm.captures,
            leaps: z.leaps,
            rides: z.rides,
        });
    }
    in_zone_sets(&mut t, rules, slide_limit, lines)?;
    if t.zone_moves.iter().any(|z| z.captures) && t.zone_moves.iter().any(|z| z.not_in_check) {
        return Err(MovegenError::Unsupported(format!(
            "captures in a zone for {} beside zone moves given up in check",
            piece.code()
        )));
    }
    Ok(t)
}

/// Leaps to the same square become one square's worth of moves: the
/// unconditional ones join (moving if any moves, capturing if any captures),
/// and what a leap needing the `+` right adds is only the action the
/// unconditional leap lacks (Cambodian's king, whose first move repeats its
/// normal steps among the special ones).
fn merge_leaps(leaps: &mut Vec<Leap>) {
    let mut out: Vec<Leap> = Vec::with_capacity(leaps.len());
    for needs_right in [false, true] {
        for l in leaps.iter().filter(|l| l.needs_right == needs_right) {
            match out.iter_mut().find(|o| {
                (o.dx, o.dy, o.needs_right, o.cells) == (l.dx, l.dy, needs_right, l.cells)
            }) {
                Some(o) => {
                    o.mv |= l.mv;
                    o.cap |= l.cap;
                }
                None => out.push(*l),
            }
        }
    }
    let plain: Vec<Leap> = out.iter().filter(|l| !l.needs_right).copied().collect();
    for l in out.iter_mut().filter(|l| l.needs_right) {
        if let Some(p) = plain
            .iter()
            .find(|p| (p.dx, p.dy, p.cells) == (l.dx, l.dy, l.cells))
        {
            l.mv &= !p.mv;
            l.cap &= !p.cap;
        }
    }
    out.retain(|l| l.mv || l.cap);
    *leaps = out;
}

/// A ride that needs the `+` right and repeats an unconditional ride or leap
/// along the same vector with the same action starts where the unconditional
/// one ends (the pawn's double step starts at 2), so no square is generated
/// twice.
fn merge_rides(rides: &mut [Ride], leaps: &[Leap]) {
    let snapshot: Vec<Ride> = rides.to_vec();
    for r in rides.iter_mut().filter(|r| r.needs_right) {
        for o in &snapshot {
            if !o.needs_right
                && (o.dx, o.dy, o.mv, o.cap) == (r.dx, r.dy, r.mv, r.cap)
                && o.min <= r.min
            {
                r.min = r.min.max(o.max.saturating_add(1));
            }
        }
        // An unconditional leap onto the ride's first square: start one later.
        while leaps.iter().any(|l| {
            !l.needs_right
                && (l.mv, l.cap) == (r.mv, r.cap)
                && (l.dx, l.dy) == (r.dx.saturating_mul(r.min), r.dy.saturating_mul(r.min))
        }) && r.min < r.max
        {
            r.min += 1;
        }
    }
}

/// Whether two components may reach the same square (then the moves are
/// listed one per destination rather than counted by component).
fn overlaps(t: &PieceType) -> bool {
    // A lame leap landing where a plain leap or a ride lands would count twice.
    for l in &t.lames {
        let plain = Leap {
            dx: l.total.0,
            dy: l.total.1,
            mv: false,
            cap: false,
            needs_right: false,
            cells: None,
        };
        if t.leaps.iter().any(|p| (p.dx, p.dy) == (plain.dx, plain.dy))
            || t.rides.iter().any(|r| {
                crate::moves::ray_index(
                    crate::Sq::new(0, 0),
                    (r.dx, r.dy),
                    crate::Sq::new(l.total.0, l.total.1),
                )
                .is_some_and(|k| k >= r.min && k <= r.max)
            })
        {
            return true;
        }
    }
    for (i, l) in t.leaps.iter().enumerate() {
        // Two leaps to one square: only when they never both apply (one
        // moves, the other captures).
        if t.leaps[..i]
            .iter()
            .any(|o| (o.dx, o.dy) == (l.dx, l.dy) && ((o.mv && l.mv) || (o.cap && l.cap)))
        {
            return true;
        }
        for r in &t.rides {
            let (k, rem) = if r.dx != 0 {
                (l.dx / r.dx, l.dx % r.dx)
            } else {
                (l.dy / r.dy, l.dy % r.dy)
            };
            if rem == 0
                && k >= 1
                && (r.dx * k, r.dy * k) == (l.dx, l.dy)
                && k >= r.min
                && k <= r.max
                && (r.mv || r.cap)
            {
                return true;
            }
        }
    }
    for (i, a) in t.rides.iter().enumerate() {
        for b in &t.rides[i + 1..] {
            if a.fam == b.fam
                && a.sign == b.sign
                && (a.mv, a.cap) != (false, false)
                && (b.mv, b.cap) != (false, false)
            {
                let same = (a.dx, a.dy) == (b.dx, b.dy);
                let disjoint = if same {
                    a.max < b.min || b.max < a.min
                } else {
                    !rides_meet(a, b)
                };
                if !disjoint
                    && !(same
                        && (a.mv != b.mv || a.cap != b.cap)
                        && !(a.mv && b.mv)
                        && !(a.cap && b.cap))
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether two rides along one line and one way, with different steps, land
/// on a common square: a common multiple of their steps within both ranges
/// (the rook's `(1,0)` up to 3 squares and a `(5,0)` rider never meet).
fn rides_meet(a: &Ride, b: &Ride) -> bool {
    let (ga, gb) = (i128::from(a.g), i128::from(b.g));
    let lcm = ga / i128::from(gcd(a.g, b.g)) * gb;
    let lo = (ga * i128::from(a.min)).max(gb * i128::from(b.min));
    let hi = (ga * i128::from(a.max)).min(gb * i128::from(b.max));
    // The first multiple of `lcm` at or above `lo`.
    let first = (lo + lcm - 1).div_euclid(lcm) * lcm;
    first <= hi
}

/// Compiles the [`icn_rules::limits::InZoneMoves`] of `t`'s piece into
/// `t.in_zone`; they make it a complex mover and (when they capture) a
/// complex attacker, judged move by move.
fn in_zone_sets(
    t: &mut PieceType,
    rules: &RuleSet,
    slide_limit: Option<i64>,
    lines: &mut Lines,
) -> Result<(), MovegenError> {
    let piece = t.piece;
    for iz in &rules.limits.in_zone_moves {
        if iz.kind != piece.kind || iz.player != piece.player {
            continue;
        }
        let Some(zone) = listed_squares(&iz.zone) else {
            return Err(MovegenError::Unsupported(format!(
                "moves within a zone of {} that is not a list of squares",
                piece.code()
            )));
        };
        let mut only = rules.clone();
        only.limits.zone_moves.clear();
        only.limits.in_zone_moves.clear();
        only.movements.insert(piece.kind, iz.movement.clone());
        let moves = compile_one(piece, &only, slide_limit, lines)?;
        if moves.huygen.is_some() || moves.rose.is_some() || moves.lion.is_some() {
            return Err(MovegenError::Unsupported(format!(
                "huygen, rose or lion moves within a zone for {}",
                piece.code()
            )));
        }
        t.complex_mover = true;
        t.overlapping = true;
        t.mobile |= moves.mobile;
        t.complex_attacker |= moves.leaps.iter().any(|l| l.cap)
            || moves.rides.iter().any(|r| r.cap)
            || moves.lames.iter().any(|l| l.cap)
            || moves.hops.iter().any(|h| h.cap);
        t.in_zone.push(InZoneSet {
            zone,
            moves: Box::new(moves),
        });
    }
    Ok(())
}

/// The squares of a zone made of listed squares (or unions of them).
fn listed_squares(z: &icn_rules::Zone) -> Option<Vec<Sq>> {
    match z {
        icn_rules::Zone::Squares(s) => s
            .iter()
            .map(|c| Some(Sq::new(c.x.to_i64()?, c.y.to_i64()?)))
            .collect(),
        icn_rules::Zone::Union(zs) => {
            let mut out = Vec::new();
            for z in zs {
                out.extend(listed_squares(z)?);
            }
            Some(out)
        }
        _ => None,
    }
}
