//! Promotion on a [`SmallBoard`](super::SmallBoard): per piece type, the one promotion rule
//! of its owner that names its kind (shogi gives each kind its own), as
//! cell masks. A move promotes when it lands in the zone, or, under a rule
//! that promotes from the zone (shogi), when it starts there; it may stay
//! unpromoted where the rule is not mandatory and does not force it. A type
//! that two rules name has no compact board ([`promotions`] returns
//! `None`). A choice of a kind the player already has as many of as the
//! rules allow is left out ([`LivePromo`]). Under a rule that promotes by
//! captures only, only captures promote; under one that demotes, a piece
//! promoted by it (its origin kept with drops) turns back by the same
//! moves, as the rule of its origin says ([`super::SmallBoard::promo_at`]).
//! A type that both promotes and turns back, or demotion without drops,
//! has no compact board.

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
    /// Only captures promote.
    pub caps_only: bool,
    /// Pieces it promoted turn back by the same moves.
    pub demotes: bool,
    /// Per choice, the most pieces of it a player may have; `limited`: some
    /// choice has such a limit.
    pub most: Vec<Option<u32>>,
    pub limited: bool,
}

/// A promotion rule with the choices a player may take now (a bit per
/// choice: the limits of [`CellPromo::most`] leave out the kinds it has
/// enough of).
#[derive(Clone, Copy, Debug)]
pub(super) struct LivePromo<'a, M> {
    pub rule: &'a CellPromo<M>,
    pub live: u64,
    /// The type a promoted piece turns back into, or [`EMPTY`] for a
    /// promotion.
    pub back: u8,
    /// The cells a move may promote on: the capturable ones under
    /// [`CellPromo::caps_only`], else all.
    pub only: M,
}

impl<M: Mask> LivePromo<'_, M> {
    /// The cells where a move from `c` promotes.
    #[inline(always)]
    pub fn zone_from(&self, c: usize) -> M {
        self.rule.zone_from(c) & self.only
    }

    /// The number of choices it may take now.
    #[inline(always)]
    fn choice_count(&self) -> u32 {
        if self.back == EMPTY {
            self.live.count_ones()
        } else {
            1
        }
    }

    /// The choices it may take now.
    #[inline]
    fn choices(&self) -> impl Iterator<Item = u8> + '_ {
        let live = if self.back == EMPTY { self.live } else { 0 };
        let back = (self.back != EMPTY).then_some(self.back);
        self.rule
            .choices
            .iter()
            .enumerate()
            .filter(move |&(i, _)| live & (1 << i) != 0)
            .map(|(_, &c)| c)
            .chain(back)
    }
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
            .filter(|r| r.promoting.contains(&t.piece.kind) && !r.by_move);
        let Some(rule) = rules.next() else {
            out.push(None);
            continue;
        };
        // A second rule: the generic board (by-move rules: [`super::by_move`]).
        // Turning back needs the origins drops keep, and a type that turns
        // back may not promote too.
        if rules.next().is_some()
            || (rule.demotes && cfg.drops.is_none())
            || (t.demotes && t.promotes)
        {
            return None;
        }
        let pr = &rule.promo;
        let most: Vec<Option<u32>> = pr
            .choices
            .iter()
            .map(|&c| cfg.limits.max[c as usize])
            .collect();
        // The choices that may be taken are a bit mask.
        if most.len() > 64 {
            return None;
        }
        out.push(Some(CellPromo {
            limited: most.iter().any(Option::is_some),
            most,
            zone: cells_of(&|s| pr.zone.contains(s)),
            stay: cells_of(&|s| pr.may_stay(s)),
            choices: pr.choices.clone(),
            from_zone: rule.from_zone,
            caps_only: rule.on_capture,
            demotes: rule.demotes,
        }));
    }
    Some(out)
}

/// The number of moves from `c` to `targets`: one per promotion choice
/// (and one staying as it is where it may) where the piece promotes.
#[inline(always)]
pub(super) fn count_targets<M: Mask>(targets: M, promo: Option<LivePromo<'_, M>>, c: usize) -> u64 {
    match promo {
        Some(pr) => {
            let promoting = targets & pr.zone_from(c);
            if promoting.is_empty() {
                return u64::from(targets.count());
            }
            u64::from((targets & !promoting).count())
                + u64::from(promoting.count()) * u64::from(pr.choice_count())
                + u64::from((promoting & pr.rule.stay).count())
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
    promo: Option<LivePromo<'_, M>>,
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
pub(super) fn push_promotions<M: Mask>(
    out: &mut Vec<SmallMove>,
    m: SmallMove,
    pr: LivePromo<'_, M>,
) {
    for choice in pr.choices() {
        out.push(SmallMove { promo: choice, ..m });
    }
    if pr.rule.stay.has(m.to.into()) {
        out.push(m);
    }
}

impl<M: Mask> super::SmallBoard<M> {
    /// The promotion rule of the piece of type `ty` on `c` with the choices
    /// its owner may take now, if it promotes; for a promoted piece of a
    /// type that turns back, the rule of its origin, turning it back.
    #[inline(always)]
    pub(super) fn promo_at(&self, ty: usize, c: usize) -> Option<LivePromo<'_, M>> {
        let origin = self.origin[c];
        if self.info[ty].demotes
            && origin != EMPTY
            && let Some(rule) = self.promos[usize::from(origin)].as_ref()
            && rule.demotes
        {
            let only = self.promotable(rule, ty);
            return Some(LivePromo {
                rule,
                live: 0,
                back: origin,
                only,
            });
        }
        self.promo_of(ty)
    }

    /// The cells a piece of type `ty` may promote on under `rule`.
    #[inline(always)]
    fn promotable(&self, rule: &CellPromo<M>, ty: usize) -> M {
        if rule.caps_only {
            let own = self.by_player[usize::from(self.info[ty].owner)];
            (self.occ & !own & !self.never) | self.anyone
        } else {
            M::ALL
        }
    }

    /// The promotion rule of type `ty` with the choices its owner may take
    /// now, if it promotes (not turning back: [`Self::promo_at`]).
    #[inline(always)]
    pub(super) fn promo_of(&self, ty: usize) -> Option<LivePromo<'_, M>> {
        let rule = self.promos[ty].as_ref()?;
        let all = u64::MAX >> (64 - rule.choices.len().max(1));
        let live = if rule.limited {
            rule.most
                .iter()
                .enumerate()
                .fold(all, |live, (i, most)| match most {
                    Some(most) if self.by_type[usize::from(rule.choices[i])].count() >= *most => {
                        live & !(1 << i)
                    }
                    _ => live,
                })
        } else {
            all
        };
        let only = self.promotable(rule, ty);
        Some(LivePromo {
            rule,
            live,
            back: EMPTY,
            only,
        })
    }
}
