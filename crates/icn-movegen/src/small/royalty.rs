//! Royalty by count ([`icn_rules::limits::Limits::royal_while_at_most`]) on
//! a [`SmallBoard`]: the royal mask holds only the pieces of royal types
//! whose player has at most that many of the piece; it is recounted at the
//! end of each make and unmake (in between, moves shift it as they shift
//! any royal). Legality then follows the mask of the position before the
//! move ([`super::tested`]: the rule's boards have several royals or
//! promote into one, so each royal's move and each promotion into a royal
//! is made and tested against the royals before it, moved as the move
//! moves them). A castler that is not royal for now may pass attacked
//! cells.

use icn_model::Piece;

use super::SmallBoard;
use crate::mask::Mask;
use crate::types::PieceType;

/// The rule in type ids.
#[derive(Clone, Debug)]
pub(super) struct ByCount {
    /// The most pieces of one kind a player may have with them royal.
    most: u32,
    /// The royal type ids, grouped by piece (kind and player).
    groups: Vec<Vec<u8>>,
}

impl ByCount {
    /// The rule for `types`, when the rules have it.
    pub(super) fn new(most: Option<u32>, types: &[PieceType]) -> Option<ByCount> {
        let most = most?;
        let mut pieces: Vec<Piece> = Vec::new();
        let mut groups: Vec<Vec<u8>> = Vec::new();
        for (ty, t) in types.iter().enumerate().filter(|(_, t)| t.royal) {
            match pieces.iter().position(|&p| p == t.piece) {
                Some(i) => groups[i].push(ty as u8),
                None => {
                    pieces.push(t.piece);
                    groups.push(vec![ty as u8]);
                }
            }
        }
        Some(ByCount { most, groups })
    }
}

impl<M: Mask> SmallBoard<M> {
    /// Recounts the royal mask under royalty by count (module docs).
    #[inline]
    pub(super) fn recount_royals(&mut self) {
        let Some(rule) = &self.royalty else {
            return;
        };
        let mut royal = M::EMPTY;
        for group in &rule.groups {
            let cells = group
                .iter()
                .fold(M::EMPTY, |m, &ty| m | self.by_type[usize::from(ty)]);
            if cells.count() <= rule.most {
                royal |= cells;
            }
        }
        self.royal = royal;
    }
}
