//! The extinction rule on a [`SmallBoard`](super::SmallBoard) (the compact
//! twin of [`crate::Board::decided`]'s extinction test): pieces are counted
//! by type from the type masks and the hands, so the rule costs a few
//! population counts per position, and only where a variant has it.

use icn_rules::WinRule;

use super::SmallBoard;
use crate::config::Config;
use crate::mask::Mask;

/// One extinction rule in type ids.
#[derive(Clone, Debug)]
pub(crate) struct CellExtinction {
    /// The player number whose win it is.
    holder: u8,
    /// The holder wins when it is the one left with too few.
    own: bool,
    at_most: u32,
    opponent_at_least: u32,
    /// One group per kind the rule names (one group of every kind when it
    /// names none): per player number, the types counted.
    groups: Vec<[Vec<u8>; 7]>,
}

/// The extinction rules of `cfg`'s players, in turn order.
pub(super) fn rules(cfg: &Config) -> Vec<CellExtinction> {
    let types = &cfg.types.types;
    let group = |kind: Option<icn_model::PieceKind>| -> [Vec<u8>; 7] {
        std::array::from_fn(|n| {
            (0..types.len() as u8)
                .filter(|&ty| {
                    let piece = types[usize::from(ty)].piece;
                    piece.player.number() as usize == n && kind.is_none_or(|k| piece.kind == k)
                })
                .collect()
        })
    };
    let mut out = Vec::new();
    for &holder in &cfg.turn_order {
        for w in &cfg.player(holder).wins {
            let WinRule::Extinction(e) = w else {
                continue;
            };
            out.push(CellExtinction {
                holder: holder.number() as u8,
                own: e.own,
                at_most: e.at_most,
                opponent_at_least: e.opponent_at_least,
                groups: match &e.kinds {
                    None => vec![group(None)],
                    Some(kinds) => kinds.iter().map(|&k| group(Some(k))).collect(),
                },
            });
        }
    }
    out
}

impl<M: Mask> SmallBoard<M> {
    /// Whether an extinction rule ends the game: the player who moved last
    /// (`mover`, a player number) is looked at first, then the side to move.
    pub(super) fn extinction_decided(&self, mover: u8) -> bool {
        let stm = self.us();
        let looked_at: &[u8] = if stm == mover {
            &[mover]
        } else {
            &[mover, stm]
        };
        looked_at.iter().any(|&c| {
            self.extinction.iter().any(|e| {
                e.own == (e.holder == c)
                    && self
                        .order
                        .iter()
                        .filter(|&&o| o != c)
                        .any(|&o| self.extinct(c, o, e))
            })
        })
    }

    /// Whether player `p` is extinct under `e` against player `other`.
    fn extinct(&self, p: u8, other: u8, e: &CellExtinction) -> bool {
        e.groups.iter().any(|g| {
            self.count_types(&g[usize::from(p)]) <= e.at_most
                && self.count_types(&g[usize::from(other)]) >= e.opponent_at_least
        })
    }

    /// The pieces of these types, on the board and in hand.
    fn count_types(&self, types: &[u8]) -> u32 {
        types
            .iter()
            .map(|&t| {
                self.by_type[usize::from(t)].count()
                    + self.hand.get(usize::from(t)).copied().unwrap_or(0)
            })
            .sum()
    }
}
