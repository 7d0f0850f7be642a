//! The Chu Shogi lion and its trading rules, as Sjaak II plays them.
//!
//! The lion ([`icn_rules::Pattern::Lion`]) is compiled into leaps to every
//! square one or two king steps away (so its checks and pins are ordinary
//! leap attacks); this module adds the moves leaps cannot say, as specials
//! decided by making them: the pass ([`MoveKind::Stay`], when a square next
//! to the lion is empty), and after capturing an enemy next to it, a second
//! king step to an empty square or back home ([`MoveKind::EnPassant`] with
//! the first victim) or onto a second enemy ([`MoveKind::TwoCaptures`]).
//!
//! The trading rules ([`icn_rules::limits::LionRules`]) remove captures from
//! a piece's moves: after a piece of another kind captured a `no_retaliate`
//! piece, no `no_retaliate` piece may be captured (the board keeps that bar
//! as state, in the zobrist key and undone by unmake); an `endangered`
//! piece captures an `endangered` piece only when no piece of the victim's
//! side attacks the victim's square on the board before the move. Both apply
//! to every piece a move captures. Played by the generic board only (the
//! compact board declines lions and these rules).

use icn_model::Player;

use crate::board::Board;
use crate::geometry::Sq;
use crate::moves::{Move, MoveFamily, MoveKind};
use crate::store::Slot;
use crate::types::{TypeId, TypeTable};

/// The eight king steps.
const KING_STEPS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The trading rules by type: a bit per [`TypeId`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LionCfg {
    /// Types that may not be captured right after one was captured by a
    /// piece of another type.
    pub no_retaliate: u64,
    /// Types that capture each other only when unprotected.
    pub endangered: u64,
}

impl LionCfg {
    pub fn new(types: &TypeTable, rules: &icn_rules::limits::LionRules) -> LionCfg {
        let mask = |set: &std::collections::BTreeSet<icn_model::PieceKind>| {
            types
                .types
                .iter()
                .enumerate()
                .filter(|(_, t)| set.contains(&t.piece.kind))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        };
        LionCfg {
            no_retaliate: mask(&rules.no_retaliate),
            endangered: mask(&rules.endangered),
        }
    }

    /// Whether either rule binds some type of the game.
    pub fn is_active(&self) -> bool {
        self.no_retaliate | self.endangered != 0
    }

    /// Whether a move by `mover` that captured `victims` bars the reply
    /// from capturing a `no_retaliate` piece.
    pub fn bars(&self, mover: TypeId, victims: impl IntoIterator<Item = TypeId>) -> bool {
        self.no_retaliate & (1 << mover) == 0
            && victims
                .into_iter()
                .any(|v| self.no_retaliate & (1 << v) != 0)
    }
}

impl Board {
    /// The lion's pass and its moves that capture on the way, from `f`.
    pub(crate) fn lion_moves(&self, slot: Slot, mv: bool, cap: bool, specials: &mut Vec<Move>) {
        let p = self.pieces[slot as usize];
        let f = p.sq;
        let border = &self.cfg.border;
        let push = |to: Sq, kind: MoveKind, specials: &mut Vec<Move>| {
            specials.push(Move {
                from: f,
                to,
                promotion: None,
                kind,
                gate: None,
            });
        };
        let next: Vec<Sq> = KING_STEPS
            .iter()
            .map(|&(dx, dy)| Sq::new(f.x + dx, f.y + dy))
            .filter(|&s| border.contains(s))
            .collect();
        if mv && next.iter().any(|&s| self.store.get(s).is_none()) {
            push(f, MoveKind::Stay, specials);
        }
        if !cap {
            return;
        }
        for &a in &next {
            let Some(victim) = self.store.get(a) else {
                continue;
            };
            if !self.cfg.may_capture(p.ty, self.pieces[victim as usize].ty) {
                continue;
            }
            for (dx, dy) in KING_STEPS {
                let to = Sq::new(a.x + dx, a.y + dy);
                if !border.contains(to) {
                    continue;
                }
                match self.store.get(to) {
                    _ if to == f => push(f, MoveKind::EnPassant { captured: a }, specials),
                    None => push(to, MoveKind::EnPassant { captured: a }, specials),
                    Some(s) if self.cfg.may_capture(p.ty, self.pieces[s as usize].ty) => {
                        push(to, MoveKind::TwoCaptures { first: a }, specials)
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// The squares of the pieces `m` captures.
    fn victims_of(&self, m: &Move) -> [Option<Sq>; 2] {
        match m.kind {
            MoveKind::EnPassant { captured } => [Some(captured), None],
            MoveKind::TwoCaptures { first } => [Some(first), Some(m.to)],
            MoveKind::Castle { .. }
            | MoveKind::Stay
            | MoveKind::Drop { .. }
            | MoveKind::Pickup { .. } => [None, None],
            MoveKind::Normal | MoveKind::DoubleStep { .. } => {
                [self.store.get(m.to).map(|_| m.to), None]
            }
        }
    }

    /// Whether the trading rules let the piece of type `mover` of `us` make `m`.
    fn lion_allows(&self, mover: TypeId, us: Player, m: &Move) -> bool {
        let lc = &self.cfg.limits.lion;
        let endangered = lc.endangered & (1 << mover) != 0;
        self.victims_of(m).into_iter().flatten().all(|s| {
            let Some(v) = self.store.get(s) else {
                return true;
            };
            let vt = self.pieces[v as usize].ty;
            if self.lion_bar && lc.no_retaliate & (1 << vt) != 0 {
                return false;
            }
            !(endangered && lc.endangered & (1 << vt) != 0 && self.attacked(s, us))
        })
    }

    /// Drops the captures the trading rules forbid from one piece's moves:
    /// the families `out[start..]` and the specials `specials[from..]`.
    pub(crate) fn lion_filter(
        &self,
        slot: Slot,
        out: &mut Vec<MoveFamily>,
        start: usize,
        specials: &mut Vec<Move>,
        from: usize,
    ) {
        let p = self.pieces[slot as usize];
        let mut i = start;
        while i < out.len() {
            let keep = match &out[i] {
                MoveFamily::Single(m) => self.lion_allows(p.ty, p.player, m),
                MoveFamily::Ray { .. } => true,
            };
            if keep {
                i += 1;
            } else {
                out.remove(i);
            }
        }
        let mut i = from;
        while i < specials.len() {
            if self.lion_allows(p.ty, p.player, &specials[i]) {
                i += 1;
            } else {
                specials.remove(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use icn_model::{Dialect, Game, PieceKind};
    use icn_rules::limits::LionRules;
    use icn_rules::{Component, Movement, Pattern};

    use crate::{Board, MoveKind};

    /// Hawks moving as Chu lions with both trading rules.
    fn board(icn: &str) -> Board {
        let g = Game::parse(icn, Dialect::Auto).unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        rules.movements.insert(
            PieceKind::Hawk,
            Movement::from(Component::new(Pattern::Lion)),
        );
        let lions = [PieceKind::Hawk].into_iter().collect();
        rules.limits.lion = LionRules {
            no_retaliate: lions,
            endangered: [PieceKind::Hawk].into_iter().collect(),
        };
        Board::new(&g.position, &rules).unwrap()
    }

    /// Random play through lion captures keeps the incremental key equal to
    /// a fresh one (the bar included), and unmake restores every key.
    #[test]
    fn lion_play_keeps_the_key() {
        let (mut barred, mut doubles) = (0, 0);
        for start in 1..40u64 {
            let mut b = board(
                "w 0/100 1 (8|1) 1,8,1,8 K5,1+|k5,8+|HA4,3|ha4,6|HA5,4|ha5,5|P3,3|p3,6|p4,5|P6,4|N2,1|n2,8|R1,1|r1,8",
            );
            let mut keys = vec![b.key];
            let mut seed = start;
            for _ in 0..60 {
                let moves = b.legal_moves().unwrap();
                if moves.is_empty() {
                    break;
                }
                crate::next_random(&mut seed);
                // Now and then a double capture when there is one.
                let two = moves
                    .iter()
                    .find(|m| matches!(m.kind, MoveKind::TwoCaptures { .. }));
                let m = match two {
                    Some(t) if seed >> 62 == 0 => *t,
                    _ => moves[(seed >> 33) as usize % moves.len()],
                };
                doubles += usize::from(matches!(m.kind, MoveKind::TwoCaptures { .. }));
                b.make(&m);
                barred += usize::from(b.lion_bar);
                assert_eq!(b.key, b.compute_key(), "after {m}");
                keys.push(b.key);
            }
            while b.ply() > 0 {
                keys.pop();
                b.unmake();
                assert_eq!(Some(&b.key), keys.last());
            }
        }
        assert!(barred > 0 && doubles > 0, "{barred} {doubles}");
    }

    /// The pass needs an empty square next to the lion.
    #[test]
    fn a_boxed_in_lion_cannot_pass() {
        let mut b = board("w 0/100 1 (8|1) 1,8,1,8 K8,1|k8,8|HA1,1|P1,2|P2,2|P2,1");
        let stay = |b: &mut Board| {
            b.legal_moves()
                .unwrap()
                .iter()
                .any(|m| m.kind == MoveKind::Stay)
        };
        assert!(!stay(&mut b));
        let mut b = board("w 0/100 1 (8|1) 1,8,1,8 K8,1|k8,8|HA1,1|P1,2|P2,2");
        assert!(stay(&mut b));
    }
}
