//! Drops in engine terms: the squares each piece type may be dropped on,
//! where captured pieces go, and the generation of drop moves.
//!
//! Compiled once from [`icn_rules::Drops`] ([`DropCfg::new`]). Drops need a
//! board with four borders (the squares are listed once); on a board without
//! them a drop from a non-empty hand is refused with
//! [`MovegenError::Unsupported`]. A drop is a [`Move`] whose `from` is its
//! `to` and whose kind is [`MoveKind::Drop`]; a pickup (Sjaak's `allow
//! pickup`) one whose `to` is its `from` and whose kind is
//! [`MoveKind::Pickup`].

use icn_model::{Piece, Player};
use icn_rules::{DropMate, Drops, RuleSet};

use crate::MovegenError;
use crate::board::Board;
use crate::geometry::{Border, Sq, ZoneSet};
use crate::moves::{Move, MoveFamily, MoveKind};
use crate::types::{PieceType, TypeId, TypeTable};

/// Most squares a board with drops may have.
const MAX_DROP_SQUARES: i64 = 1 << 20;

/// Where one piece type may be dropped.
#[derive(Clone, Debug, Default)]
pub(crate) struct DropTargets {
    /// Indices into [`DropCfg::squares`].
    pub squares: Vec<u32>,
    /// Per square of [`DropCfg::squares`] (empty when none): whether a piece
    /// dropped there gets its `+` right.
    pub right: Vec<bool>,
    /// At most this many of the mover's own pieces of the type on the file.
    pub per_file: Option<u32>,
    /// Its drop may not give check.
    pub no_check: bool,
    /// Its drop may not checkmate.
    pub no_mate: bool,
}

/// The compiled drop rules.
#[derive(Clone, Debug)]
pub(crate) struct DropCfg {
    pub allowed: bool,
    /// A player may take a non-royal piece of their own into hand.
    pub pickup: bool,
    /// Gating: per zone, whose, which types may come in (all when `None`).
    pub gates: Vec<(Player, Option<Vec<TypeId>>, ZoneSet)>,
    pub captures_to_hand: bool,
    pub drop_mate: DropMate,
    /// Every square of the board, row by row (empty when unbounded).
    pub squares: Vec<Sq>,
    /// Squares per row of [`DropCfg::squares`].
    width: i64,
    /// Per type.
    pub targets: Vec<DropTargets>,
    /// Per captured type (its origin, for a promoted piece) and capturing
    /// player: the type that goes into the capturer's hand.
    to_hand: Vec<[Option<TypeId>; 7]>,
    pub keep_promoted: bool,
    /// Only drops while the mover holds pieces and some drop is legal
    /// ([`icn_rules::Drops::must_drop`]).
    pub must_drop: bool,
    /// Types kept on squares of both colours
    /// ([`icn_rules::Drops::opposite_colors`]).
    pub opposite_colors: Vec<TypeId>,
    /// Per type in hand: the type it may also be dropped as, promoted
    /// ([`icn_rules::Drops::promoted_drops`]).
    pub promoted: Vec<Option<TypeId>>,
}

/// The pieces a rule set with drops needs types for besides those on the
/// board: every kind that can reach a hand, for every player.
pub(crate) fn hand_pieces(rules: &RuleSet, on_board: &[Piece]) -> Vec<Piece> {
    let Some(drops) = &rules.drops else {
        return Vec::new();
    };
    let mut kinds: Vec<_> = on_board.iter().map(|p| p.kind).collect();
    for p in &rules.promotions {
        kinds.extend(p.choices.iter().copied());
        kinds.extend(p.promoting.iter().copied());
    }
    kinds.extend(drops.demotions.values().copied());
    kinds.sort();
    kinds.dedup();
    let mut out = Vec::new();
    for &player in &rules.turn_order {
        for &kind in &kinds {
            out.push(Piece::new(kind, player));
        }
    }
    out
}

impl DropCfg {
    /// Compiles `drops` for `types` on `border`.
    pub fn new(drops: &Drops, rules: &RuleSet, types: &TypeTable, border: &Border) -> DropCfg {
        let squares = board_squares(border);
        let mut targets = Vec::with_capacity(types.types.len());
        let mut to_hand = Vec::with_capacity(types.types.len());
        for t in &types.types {
            targets.push(targets_of(t, drops, rules, border, &squares));
            let mut hand = [None; 7];
            let kind = drops.in_hand_as(t.piece.kind, None);
            for &capturer in &rules.turn_order {
                hand[capturer.number() as usize] = types.id(Piece::new(kind, capturer));
            }
            to_hand.push(hand);
        }
        DropCfg {
            allowed: drops.allowed,
            pickup: drops.pickup,
            gates: drops
                .gating
                .iter()
                .map(|z| {
                    let kinds = z.kinds.as_ref().map(|ks| {
                        types
                            .types
                            .iter()
                            .enumerate()
                            .filter(|(_, t)| {
                                t.piece.player == z.player && ks.contains(&t.piece.kind)
                            })
                            .map(|(i, _)| i as TypeId)
                            .collect()
                    });
                    (z.player, kinds, ZoneSet::from_zone(&z.zone))
                })
                .collect(),
            captures_to_hand: drops.captures_to_hand,
            drop_mate: drops.drop_mate,
            must_drop: drops.must_drop,
            opposite_colors: types
                .types
                .iter()
                .enumerate()
                .filter(|(_, t)| drops.opposite_colors.contains(&t.piece.kind))
                .map(|(i, _)| i as TypeId)
                .collect(),
            width: squares.first().map_or(0, |f| {
                squares.iter().take_while(|s| s.y == f.y).count() as i64
            }),
            squares,
            targets,
            to_hand,
            keep_promoted: drops.keep_promoted,
            promoted: types
                .types
                .iter()
                .map(|t| {
                    let rule = rules
                        .promotions_for(t.piece.player, t.piece.kind)
                        .find(|r| !r.by_move && !r.choices.is_empty())?;
                    let kind = rule.choices[0];
                    drops
                        .promoted_drops
                        .then(|| types.id(Piece::new(kind, t.piece.player)))
                        .flatten()
                })
                .collect(),
        }
    }

    /// Whether a piece of type `ty` dropped on `to` gets its `+` right.
    pub fn right_on(&self, ty: TypeId, to: Sq) -> bool {
        let right = &self.targets[ty as usize].right;
        if right.is_empty() {
            return false;
        }
        let first = self.squares[0];
        let i = (to.y - first.y) * self.width + (to.x - first.x);
        usize::try_from(i)
            .ok()
            .and_then(|i| right.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// The type a captured piece of type `ty` becomes in `capturer`'s hand;
    /// `origin` is the type it promoted from, for a promoted piece.
    #[inline]
    pub fn to_hand(&self, ty: TypeId, origin: Option<TypeId>, capturer: Player) -> Option<TypeId> {
        let from = match origin {
            Some(o) if !self.keep_promoted => o,
            _ => ty,
        };
        self.to_hand[from as usize][capturer.number() as usize]
    }
}

/// The squares of a board with four borders, row by row.
fn board_squares(border: &Border) -> Vec<Sq> {
    let (Some(l), Some(r), Some(b), Some(t)) =
        (border.left, border.right, border.bottom, border.top)
    else {
        return Vec::new();
    };
    let area = (r - l + 1).saturating_mul(t - b + 1);
    if r < l || t < b || area > MAX_DROP_SQUARES {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(area as usize);
    for y in b..=t {
        for x in l..=r {
            out.push(Sq::new(x, y));
        }
    }
    out
}

fn targets_of(
    t: &PieceType,
    drops: &Drops,
    rules: &RuleSet,
    border: &Border,
    squares: &[Sq],
) -> DropTargets {
    let (player, kind) = (t.piece.player, t.piece.kind);
    let zones: Vec<ZoneSet> = drops
        .zones_for(player, kind)
        .map(ZoneSet::from_zone)
        .collect();
    let rights: Vec<ZoneSet> = drops
        .rights
        .iter()
        .filter(|z| z.player == player && z.kinds.as_ref().is_none_or(|k| k.contains(&kind)))
        .map(|z| ZoneSet::from_zone(&z.zone))
        .collect();
    let mut out = DropTargets {
        per_file: drops.no_doubled.get(&kind).copied(),
        no_check: drops.no_check.contains(&kind),
        no_mate: drops.no_mate.contains(&kind),
        ..DropTargets::default()
    };
    let prison = rules.limits.prison_of(kind, player).map(ZoneSet::from_zone);
    for (i, &s) in squares.iter().enumerate() {
        let dead_checked = drops.no_dead_drops && !drops.dead_drops_allowed.contains(&kind);
        if zones.iter().all(|z| z.contains(s))
            && prison.as_ref().is_none_or(|z| z.contains(s))
            && !(dead_checked && dead_on(t, s, border))
        {
            out.squares.push(i as u32);
        }
    }
    if !rights.is_empty() {
        out.right = squares
            .iter()
            .map(|&s| rights.iter().any(|z| z.contains(s)))
            .collect();
    }
    out
}

/// Whether a piece of type `t` on `s` could never move (on an empty board;
/// moves that need the `+` right do not count).
fn dead_on(t: &PieceType, s: Sq, border: &Border) -> bool {
    let lands = |dx: i64, dy: i64| border.contains(Sq::new(s.x + dx, s.y + dy));
    let leaps = t
        .leaps
        .iter()
        .any(|l| !l.needs_right && l.allowed_from(s) && lands(l.dx, l.dy));
    let rides = t
        .rides
        .iter()
        .any(|r| !r.needs_right && lands(r.dx * r.min.max(1), r.dy * r.min.max(1)));
    let lames = t
        .lames
        .iter()
        .any(|l| !l.needs_right && lands(l.total.0, l.total.1));
    let others =
        t.hops.iter().any(|h| lands(2 * h.dx, 2 * h.dy)) || t.huygen.is_some() || t.rose.is_some();
    !(leaps || rides || lames || others)
}

impl Board {
    /// The legal drops of the side to move, into `out`. `test` says whether
    /// each must be made to see that it leaves the mover's royals safe.
    pub(crate) fn drops_into(
        &mut self,
        test: bool,
        out: &mut Vec<MoveFamily>,
    ) -> Result<(), MovegenError> {
        let cfg = std::sync::Arc::clone(&self.cfg);
        let Some(dc) = &cfg.drops else { return Ok(()) };
        if !dc.allowed {
            return Ok(());
        }
        let us = self.side_to_move();
        let colors = self.colour_needs(dc, us);
        // A royal dropped from hand (placement chess) may not land attacked.
        let protect = cfg.player(us).protect;
        for (ty, t) in cfg.types.types.iter().enumerate() {
            if t.piece.player != us || self.hand[ty] == 0 {
                continue;
            }
            if dc.squares.is_empty() {
                return Err(MovegenError::Unsupported(
                    "drops on a board without four borders (or of more than 2^20 squares)".into(),
                ));
            }
            let targets = &dc.targets[ty];
            // Files already holding as many of the type as may stand on one.
            let full: Vec<i64> = match targets.per_file {
                Some(n) => self.full_files(ty as TypeId, n),
                None => Vec::new(),
            };
            for &i in &targets.squares {
                let to = dc.squares[i as usize];
                if self.store.get(to).is_some() {
                    continue;
                }
                if full.contains(&to.x) || !colors_allow(&colors, ty as TypeId, to) {
                    continue;
                }
                let promoted = dc.promoted[ty].map(|p| cfg.types.types[p as usize].piece);
                for promotion in std::iter::once(None).chain(promoted.map(Some)) {
                    let m = Move {
                        gate: None,
                        from: to,
                        to,
                        promotion,
                        kind: MoveKind::Drop { piece: t.piece },
                    };
                    if (test || (protect && t.royal) || targets.no_check || targets.no_mate)
                        && !self.drop_is_legal(&m, targets)
                    {
                        continue;
                    }
                    out.push(MoveFamily::Single(m));
                }
            }
        }
        Ok(())
    }

    /// The legal pickups of the side to move (who is not in check), into
    /// `out`; `test`: make each to see that it leaves the mover's royals safe.
    pub(crate) fn pickups_into(&mut self, test: bool, out: &mut Vec<MoveFamily>) {
        let cfg = std::sync::Arc::clone(&self.cfg);
        if !cfg.drops.as_ref().is_some_and(|d| d.pickup) {
            return;
        }
        let us = self.side_to_move();
        let lifts: Vec<Move> = self
            .pieces
            .iter()
            .filter(|p| p.alive && !p.hidden && p.player == us)
            .map(|p| (p.sq, &cfg.types.types[p.ty as usize]))
            .filter(|(_, t)| !t.royal)
            .map(|(sq, t)| Move {
                gate: None,
                from: sq,
                to: sq,
                promotion: None,
                kind: MoveKind::Pickup { piece: t.piece },
            })
            .collect();
        self.push_safe(lifts, test, out);
    }

    /// Adds to `out[start..]`'s moves their gating forms: a move of a piece
    /// with its `+` right leaving a gating square of the mover (and a
    /// castling partner's square), once per type in hand that may come in.
    /// `test`: make each to see that it leaves the mover's royals safe.
    pub(crate) fn gatings_into(&mut self, start: usize, test: bool, out: &mut Vec<MoveFamily>) {
        let cfg = std::sync::Arc::clone(&self.cfg);
        let Some(dc) = cfg.drops.as_ref().filter(|d| !d.gates.is_empty()) else {
            return;
        };
        let us = self.side_to_move();
        let in_hand = |ty: usize| cfg.types.types[ty].piece.player == us && self.hand[ty] > 0;
        if !(0..self.hand.len()).any(in_hand) {
            return;
        }
        let gate_types = |at: Sq| -> Vec<TypeId> {
            let mut out = Vec::new();
            for (player, kinds, zone) in &dc.gates {
                if *player != us || !zone.contains(at) {
                    continue;
                }
                for ty in (0..self.hand.len()).filter(|&t| in_hand(t)) {
                    let ty = ty as TypeId;
                    if kinds.as_ref().is_none_or(|k| k.contains(&ty)) && !out.contains(&ty) {
                        out.push(ty);
                    }
                }
            }
            out
        };
        let mut gated = Vec::new();
        for fam in &out[start..] {
            let Some(slot) = self.store.get(fam.from()) else {
                continue;
            };
            if !self.pieces[slot as usize].right {
                continue;
            }
            let from_types = gate_types(fam.from());
            let partner = |m: &Move| match m.kind {
                MoveKind::Castle { partner_from, .. } => Some(partner_from),
                _ => None,
            };
            // A castle's gate goes on the king's or the partner's square,
            // only where neither lands (Chess960: they may swap squares).
            let empty_after = |m: &Move, at: Sq| match m.kind {
                MoveKind::Castle { partner_to, .. } => at != m.to && at != partner_to,
                _ => true,
            };
            for m in fam.moves().into_iter().flatten() {
                let squares = std::iter::once((fam.from(), from_types.clone()))
                    .chain(partner(&m).map(|p| (p, gate_types(p))))
                    .filter(|(at, _)| empty_after(&m, *at));
                for (at, types) in squares {
                    for ty in types {
                        let piece = cfg.types.types[ty as usize].piece;
                        gated.push(Move {
                            gate: Some(crate::moves::Gate { piece, at }),
                            ..m
                        });
                    }
                }
            }
        }
        self.push_safe(gated, test, out);
    }

    /// Pushes each of `moves`; with `test`, only those that leave the
    /// mover's royals safe (each is made and unmade).
    fn push_safe(&mut self, moves: Vec<Move>, test: bool, out: &mut Vec<MoveFamily>) {
        let us = self.side_to_move();
        for m in moves {
            if test {
                self.make(&m);
                let safe = !self.royal_attacked(us);
                self.unmake();
                if !safe {
                    continue;
                }
            }
            out.push(MoveFamily::Single(m));
        }
    }

    /// The files holding at least `n` pieces of type `ty` (every file when
    /// `n` is 0), in one pass over the pieces.
    fn full_files(&self, ty: TypeId, n: u32) -> Vec<i64> {
        let mut counts: Vec<(i64, u32)> = Vec::new();
        for p in self.pieces.iter().filter(|p| p.alive && p.ty == ty) {
            match counts.iter_mut().find(|(x, _)| *x == p.sq.x) {
                Some((_, c)) => *c += 1,
                None => counts.push((p.sq.x, 1)),
            }
        }
        if n == 0 {
            let cfg = &self.cfg;
            return cfg
                .drops
                .iter()
                .flat_map(|d| d.squares.iter().map(|s| s.x))
                .collect();
        }
        counts
            .into_iter()
            .filter(|&(_, c)| c >= n)
            .map(|(x, _)| x)
            .collect()
    }

    /// Makes a drop and sees that it keeps the mover's royals safe and
    /// gives no check or mate its type may not give.
    fn drop_is_legal(&mut self, m: &Move, targets: &DropTargets) -> bool {
        let us = self.side_to_move();
        self.make(m);
        let mut ok = !self.royal_attacked(us);
        if ok && (targets.no_check || targets.no_mate) {
            let them = self.side_to_move();
            let check = self.royal_attacked(them);
            if check && targets.no_check {
                ok = false;
            } else if check
                && self.cfg.drops.as_ref().map(|d| d.drop_mate) == Some(DropMate::Illegal)
            {
                let mut fams = Vec::new();
                ok = !matches!(self.generate(&mut fams), Ok(()) if fams.is_empty());
            }
        }
        self.unmake();
        ok
    }

    /// Whether the last move was a drop that checkmates with a type that may
    /// not, under [`DropMate::LosesForDropper`]: the mated side wins.
    pub(crate) fn last_move_is_forbidden_drop_mate(&self) -> bool {
        let Some(dc) = &self.cfg.drops else {
            return false;
        };
        if dc.drop_mate != DropMate::LosesForDropper {
            return false;
        }
        let Some(m) = self.last_move() else {
            return false;
        };
        match m.kind {
            MoveKind::Drop { piece } => self
                .cfg
                .types
                .id(piece)
                .is_some_and(|ty| dc.targets[ty as usize].no_mate),
            _ => false,
        }
    }
}

/// What [`icn_rules::Drops::opposite_colors`] asks of the mover's next drop,
/// per such type of the mover: the type, how many it has on the board and in
/// hand, and per square colour (parity of `x + y`) how many stand on the
/// board and how many empty squares it may be dropped on.
pub(crate) struct ColourNeed {
    ty: TypeId,
    total: u32,
    on_board: [u32; 2],
    free: [u32; 2],
    /// Where it may be dropped (to take `to` out of `free`).
    targets: Vec<Sq>,
}

/// The colour of a square: 0 or 1.
fn colour(s: Sq) -> usize {
    (s.x + s.y).rem_euclid(2) as usize
}

impl Board {
    /// The [`ColourNeed`]s of `us` (none without the rule).
    fn colour_needs(&self, dc: &DropCfg, us: icn_model::Player) -> Vec<ColourNeed> {
        let mut out = Vec::new();
        for &ty in &dc.opposite_colors {
            if self.cfg.types.types[ty as usize].piece.player != us {
                continue;
            }
            let mut on_board = [0u32; 2];
            for p in self.pieces.iter().filter(|p| p.alive && p.ty == ty) {
                on_board[colour(p.sq)] += 1;
            }
            let targets: Vec<Sq> = dc.targets[ty as usize]
                .squares
                .iter()
                .map(|&i| dc.squares[i as usize])
                .filter(|&s| self.store.get(s).is_none())
                .collect();
            let mut free = [0u32; 2];
            for &s in &targets {
                free[colour(s)] += 1;
            }
            out.push(ColourNeed {
                ty,
                total: on_board[0] + on_board[1] + self.hand[ty as usize],
                on_board,
                free,
                targets,
            });
        }
        out
    }
}

/// Whether dropping a piece of type `ty` on `to` keeps every
/// [`ColourNeed`]: one of the type itself may not put more than half
/// (rounded up) on one colour; any other drop must leave at least half
/// (rounded down) of each colour possible.
fn colors_allow(needs: &[ColourNeed], ty: TypeId, to: Sq) -> bool {
    needs.iter().all(|n| {
        if n.ty == ty {
            n.on_board[colour(to)] < n.total.div_ceil(2)
        } else {
            let mut free = n.free;
            if n.targets.contains(&to) {
                free[colour(to)] -= 1;
            }
            (0..2).all(|c| n.on_board[c] + free[c] >= n.total / 2)
        }
    })
}
