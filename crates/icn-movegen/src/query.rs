//! Position queries after CQL's board-state filters
//! (`shared/specs/board-state-queries.md`), on the unbounded board.
//!
//! * [`Board::attacks_square`], [`Board::attacked_by`], [`Board::attacks`]: a
//!   piece attacks a square when a royal of another player standing there
//!   would be in check from it — pins, turn and legality do not matter.
//! * [`Board::is_checkmate`], [`Board::is_stalemate`], [`Board::in_check`].
//! * [`power`]: material values (documented per kind), [`Board::power_of`].
//! * [`Board::promoted_pieces`]: pieces that came from a promotion during the
//!   moves made on this board.
//! * [`Board::pawn_structure`]: connected, doubled, isolated and passed pawns,
//!   where a "file" is a column `x` and "in front" is along the pawn owner's
//!   forward direction (pawns of players without one are never passed).
//! * [`Board::zobrist_hex`].

use icn_model::{PieceKind, Player};

use crate::MovegenError;
use crate::board::Board;
use crate::geometry::{Sq, is_prime};

/// The material value of a piece kind, in pawns: pawn 1, knight, bishop,
/// guard, camel, giraffe and zebra 3, hawk and huygen 4, rook, centaur,
/// knightrider and rose 5, archbishop 7, chancellor 8, queen 9, amazon 12;
/// royal pieces (king, royal queen, royal centaur), obstacles and voids 0.
pub fn power(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight
        | PieceKind::Bishop
        | PieceKind::Guard
        | PieceKind::Camel
        | PieceKind::Giraffe
        | PieceKind::Zebra => 3,
        PieceKind::Hawk | PieceKind::Huygen => 4,
        PieceKind::Rook | PieceKind::Centaur | PieceKind::Knightrider | PieceKind::Rose => 5,
        PieceKind::Archbishop => 7,
        PieceKind::Chancellor => 8,
        PieceKind::Queen => 9,
        PieceKind::Amazon => 12,
        PieceKind::King
        | PieceKind::RoyalQueen
        | PieceKind::RoyalCentaur
        | PieceKind::Obstacle
        | PieceKind::Void => 0,
        // A variant's own pieces have no agreed value.
        _ => 0,
    }
}

/// Pawn-structure sets, each a list of pawn squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnStructure {
    /// Pawns with a friendly pawn on an adjacent file.
    pub connected: Vec<Sq>,
    /// Pawns sharing their file with a friendly pawn.
    pub doubled: Vec<Sq>,
    /// Pawns without friendly pawns on adjacent files.
    pub isolated: Vec<Sq>,
    /// Pawns with no opposing pawn in front on their own or an adjacent file.
    pub passed: Vec<Sq>,
}

impl Board {
    /// Whether the piece on `from` attacks `target`.
    pub fn attacks_square(&self, from: Sq, target: Sq) -> bool {
        if from == target || !self.cfg.border.contains(from) || !self.cfg.border.contains(target) {
            return false;
        }
        let Some(slot) = self.store.get(from) else {
            return false;
        };
        let p = self.pieces[slot as usize];
        if p.hidden {
            return false;
        }
        let t = &self.cfg.types.types[p.ty as usize];
        self.type_attacks(t, from, target)
            || t.in_zone.iter().any(|z| {
                z.contains(from) && z.contains(target) && self.type_attacks(&z.moves, from, target)
            })
    }

    /// Whether a piece moving as `t` from `from` attacks `target` (its own
    /// moves only, not those within a zone).
    pub(crate) fn type_attacks(&self, t: &crate::types::PieceType, from: Sq, target: Sq) -> bool {
        let (dx, dy) = (target.x - from.x, target.y - from.y);
        if t.leaps
            .iter()
            .any(|l| l.cap && (l.dx, l.dy) == (dx, dy) && l.allowed_from(from))
        {
            return true;
        }
        for r in t.rides.iter().filter(|r| r.cap) {
            if let Some(k) = crate::moves::ray_index(from, (r.dx, r.dy), target)
                && k >= r.min
                && k <= r.max
                && self
                    .nearest_multiple(r.fam, from, r.sign, r.g)
                    .is_none_or(|(b, _)| b >= k)
            {
                return true;
            }
        }
        for l in t.lames.iter().filter(|l| l.cap) {
            if l.total == (dx, dy)
                && l.passes_clear(
                    from,
                    |s| self.cfg.border.contains(s),
                    |s| self.store.get(s).is_none(),
                )
            {
                return true;
            }
        }
        for h in t.hops.iter().filter(|h| h.cap) {
            if let Some(k) = crate::moves::ray_index(from, (h.dx, h.dy), target)
                && k >= 2
                && let Some((fam, sign, g)) = self.cfg.types.lines.find(h.dx, h.dy)
            {
                let mut between = 0;
                let mut screen = 0;
                self.store.walk(fam, from, sign, |d| {
                    if d % g == 0 && d / g < k {
                        between += 1;
                        screen = d / g;
                    }
                    d / g < k
                });
                // The grasshopper's screen is right before the target.
                let screen_ok = || {
                    self.store
                        .get(from.step(h.dx, h.dy, screen))
                        .is_some_and(|s| self.screen_allowed(t, s))
                };
                if between == 1 && (!h.next_only || screen == k - 1) && screen_ok() {
                    return true;
                }
            }
        }
        if let Some((_, true, limit)) = t.huygen
            && (dx == 0) != (dy == 0)
        {
            let d = dx.abs() + dy.abs();
            if d <= limit && is_prime(d as u64) {
                let (fam, sign) = if dx != 0 {
                    (0, dx.signum())
                } else {
                    (1, dy.signum())
                };
                let mut blocked = false;
                self.store.walk(fam, from, sign, |e| {
                    if e < d && is_prime(e as u64) {
                        blocked = true;
                    }
                    e < d && !blocked
                });
                if !blocked {
                    return true;
                }
            }
        }
        if let Some((_, true)) = t.rose {
            let mut hit = false;
            self.rose_paths(from, |s, _| hit |= s == target);
            if hit {
                return true;
            }
        }
        false
    }

    /// The squares of `squares` attacked by a piece on one of `attackers`.
    pub fn attacked_by(&self, squares: &[Sq], attackers: &[Sq]) -> Vec<Sq> {
        squares
            .iter()
            .copied()
            .filter(|&s| attackers.iter().any(|&a| self.attacks_square(a, s)))
            .collect()
    }

    /// The squares of `pieces` whose piece attacks a square of `targets`.
    pub fn attacks(&self, pieces: &[Sq], targets: &[Sq]) -> Vec<Sq> {
        pieces
            .iter()
            .copied()
            .filter(|&a| targets.iter().any(|&s| self.attacks_square(a, s)))
            .collect()
    }

    /// The squares of every piece of `player`.
    pub fn squares_of(&self, player: Player) -> Vec<Sq> {
        self.pieces
            .iter()
            .filter(|p| p.alive && !p.hidden && p.player == player)
            .map(|p| p.sq)
            .collect()
    }

    /// Whether the side to move is checkmated.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] from the generator.
    pub fn is_checkmate(&mut self) -> Result<bool, MovegenError> {
        Ok(self.in_check() && !self.has_legal_move()?)
    }

    /// Whether the side to move is stalemated.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] from the generator.
    pub fn is_stalemate(&mut self) -> Result<bool, MovegenError> {
        Ok(!self.in_check() && !self.has_legal_move()?)
    }

    /// The summed [`power`] of the pieces on `squares`.
    pub fn power_of(&self, squares: &[Sq]) -> u64 {
        squares
            .iter()
            .filter_map(|&s| self.piece_at(s))
            .map(|p| u64::from(power(p.kind)))
            .sum()
    }

    /// Squares of pieces that came from a promotion.
    pub fn promoted_pieces(&self) -> Vec<Sq> {
        self.pieces
            .iter()
            .filter(|p| p.alive && p.promoted)
            .map(|p| p.sq)
            .collect()
    }

    /// The zobrist key as 16 lowercase hex digits.
    pub fn zobrist_hex(&self) -> String {
        format!("{:016x}", self.key)
    }

    /// Connected, doubled, isolated and passed pawns of every player, in
    /// time linear in the number of pawns.
    pub fn pawn_structure(&self) -> PawnStructure {
        let pawns: Vec<(Player, Sq)> = self
            .pieces
            .iter()
            .filter(|p| {
                p.alive && self.cfg.types.types[p.ty as usize].piece.kind == PieceKind::Pawn
            })
            .map(|p| (p.player, p.sq))
            .collect();
        let files = FileStats::of(&pawns);
        let mut out = PawnStructure::default();
        for &(owner, s) in &pawns {
            let friends_on = |x: i64| files.get(x, owner).map_or(0, |f| f.count);
            if friends_on(s.x - 1) + friends_on(s.x + 1) > 0 {
                out.connected.push(s);
            } else {
                out.isolated.push(s);
            }
            if friends_on(s.x) > 1 {
                out.doubled.push(s);
            }
            if let Some(dir) = owner.pawn_direction() {
                let blocked = (s.x - 1..=s.x + 1).any(|x| {
                    files.on(x).iter().any(|&(o, f)| {
                        o != owner
                            && if dir > 0 {
                                f.max_y > s.y
                            } else {
                                f.min_y < s.y
                            }
                    })
                });
                if !blocked {
                    out.passed.push(s);
                }
            }
        }
        for v in [
            &mut out.connected,
            &mut out.doubled,
            &mut out.isolated,
            &mut out.passed,
        ] {
            v.sort();
        }
        out
    }
}

impl Board {
    /// Whether an opponent of `player` attacks `s` (the engine's check test).
    pub fn square_attacked_by_opponents_of(&self, s: Sq, player: Player) -> bool {
        self.cfg.border.contains(s) && self.attacked(s, player)
    }
}

/// One player's pawns on one file.
#[derive(Clone, Copy, Debug)]
struct FileStat {
    count: usize,
    min_y: i64,
    max_y: i64,
}

/// Pawns by file and owner.
struct FileStats(ahash::AHashMap<i64, Vec<(Player, FileStat)>>);

impl FileStats {
    fn of(pawns: &[(Player, Sq)]) -> FileStats {
        let mut files: ahash::AHashMap<i64, Vec<(Player, FileStat)>> = ahash::AHashMap::new();
        for &(owner, s) in pawns {
            let on = files.entry(s.x).or_default();
            match on.iter_mut().find(|(o, _)| *o == owner) {
                Some((_, f)) => {
                    f.count += 1;
                    f.min_y = f.min_y.min(s.y);
                    f.max_y = f.max_y.max(s.y);
                }
                None => on.push((
                    owner,
                    FileStat {
                        count: 1,
                        min_y: s.y,
                        max_y: s.y,
                    },
                )),
            }
        }
        FileStats(files)
    }

    fn on(&self, x: i64) -> &[(Player, FileStat)] {
        self.0.get(&x).map_or(&[], Vec::as_slice)
    }

    fn get(&self, x: i64, owner: Player) -> Option<FileStat> {
        self.on(x)
            .iter()
            .find(|(o, _)| *o == owner)
            .map(|&(_, f)| f)
    }
}
