//! Promotion on a [`SmallBoard`](super::SmallBoard): per piece type, the one promotion rule
//! of its owner that names its kind (shogi gives each kind its own), as
//! cell masks. A move promotes when it lands in the zone, or, under a rule
//! that promotes from the zone (shogi), when it starts there; it may stay
//! unpromoted where the rule is not mandatory and does not force it. A type
//! that two rules name has no compact board ([`promotions`] returns
//! `None`).

use super::{EMPTY, SmallMove, Special};
use crate::bitboard::BbTables;
use crate::config::Config;
use crate::mask::{Mask, cells};

/// One type's promotion rule in cells.
#[derive(Clone, Debug)]
pub(super) struct CellPromo<M> {
    pub zone: M,
    /// Where a promoting piece may land and stay as it is.
    pub stay: M,
    /// The types it may become, in the rule's order.
    pub choices: Vec<u8>,
    /// A move from the zone promotes wherever it lands.
    pub from_zone: bool,
}

impl<M: Mask> CellPromo<M> {
    /// The cells where a move from `c` promotes.
    #[inline(always)]
    pub fn zone_from(&self, c: usize) -> M {
        if self.from_zone && self.zone.has(c) {
            M::ALL
        } else {
            self.zone
        }
    }
}

/// Per type: its promotion rule, if it promotes; `None` when some type has
/// two rules.
pub(super) fn promotions<M: Mask>(
    cfg: &Config,
    bb: &BbTables<M>,
) -> Option<Vec<Option<CellPromo<M>>>> {
    let cells_of = |inside: &dyn Fn(crate::Sq) -> bool| {
        (0..bb.cells)
            .filter(|&c| inside(bb.square(c)))
            .fold(M::EMPTY, |m, c| m | M::cell(c))
    };
    let mut out = Vec::with_capacity(cfg.types.types.len());
    for t in &cfg.types.types {
        let player = t.piece.player;
        if !t.promotes || !player.is_named() {
            out.push(None);
            continue;
        }
        let mut rules = cfg.limits.promos[player.number() as usize]
            .iter()
            .filter(|r| r.promoting.contains(&t.piece.kind));
        let Some(rule) = rules.next() else {
            out.push(None);
            continue;
        };
        if rules.next().is_some() {
            return None;
        }
        let pr = &rule.promo;
        out.push(Some(CellPromo {
            zone: cells_of(&|s| pr.zone.contains(s)),
            stay: cells_of(&|s| pr.may_stay(s)),
            choices: pr.choices.clone(),
            from_zone: rule.from_zone,
        }));
    }
    Some(out)
}

/// The number of moves from `c` to `targets`: one per promotion choice
/// (and one staying as it is where it may) where the piece promotes.
#[inline(always)]
pub(super) fn count_targets<M: Mask>(targets: M, promo: Option<&CellPromo<M>>, c: usize) -> u64 {
    match promo {
        Some(pr) => {
            let promoting = targets & pr.zone_from(c);
            if promoting.is_empty() {
                return u64::from(targets.count());
            }
            u64::from((targets & !promoting).count())
                + u64::from(promoting.count()) * pr.choices.len() as u64
                + u64::from((promoting & pr.stay).count())
        }
        None => u64::from(targets.count()),
    }
}

/// Appends the moves of the piece on `c` to `targets` (of which `doubles`
/// are double steps), as [`count_targets`] counts them.
#[inline(always)]
pub(super) fn push_targets<M: Mask>(
    out: &mut Vec<SmallMove>,
    c: usize,
    targets: M,
    doubles: M,
    promo: Option<&CellPromo<M>>,
) {
    let plain = |to: usize| SmallMove {
        from: c as u8,
        to: to as u8,
        promo: EMPTY,
        special: if doubles.has(to) {
            Special::DoubleStep
        } else {
            Special::Normal
        },
        a: ((c + to) / 2) as u8,
        b: 0,
        gate: EMPTY,
        gate_at: 0,
    };
    match promo {
        Some(pr) => {
            let zone = pr.zone_from(c);
            for to in cells(targets & !zone) {
                out.push(plain(to));
            }
            for to in cells(targets & zone) {
                push_promotions(out, plain(to), pr);
            }
        }
        None => {
            for to in cells(targets) {
                out.push(plain(to));
            }
        }
    }
}

/// Appends `m` (a move that promotes) once per choice, and as it is where
/// it may stay.
#[inline]
pub(super) fn push_promotions<M: Mask>(out: &mut Vec<SmallMove>, m: SmallMove, pr: &CellPromo<M>) {
    for &choice in &pr.choices {
        out.push(SmallMove { promo: choice, ..m });
    }
    if pr.stay.has(m.to.into()) {
        out.push(m);
    }
}
