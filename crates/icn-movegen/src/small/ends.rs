//! Game ends on a [`SmallBoard`], for perft that stops at them (the compact
//! twin of [`crate::Board::decided`]): the hill, the capture of a royal or
//! of every piece, losing every piece, extinction ([`super::extinct`]) and
//! the N-th check, from a few masks
//! and two counters kept by make and unmake only when some player wins by
//! such a rule.

use icn_rules::WinRule;

use super::{EMPTY, SmallBoard};
use crate::mask::{Mask, cells};

/// What make and unmake keep for the game ends.
#[derive(Clone, Debug)]
pub(crate) struct Ends<M> {
    /// Some player wins by a rule below; nothing is tracked otherwise.
    pub on: bool,
    /// The hill's cells.
    pub hill: M,
    /// Owner of the royal piece the last move captured, or [`EMPTY`].
    pub royal_taken: u8,
    /// Checks given, per player number.
    pub checks: [u32; 7],
    /// Whether each turn-order player's wins count checks.
    pub counts_checks: Vec<bool>,
    /// Explosions, flags or bare kings may end the game ([`super::blast`],
    /// [`super::flags`]).
    pub limits_on: bool,
    /// Per player number: its flag.
    pub flags: [Option<super::flags::CellFlag<M>>; 7],
}

/// What unmake restores.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EndsUndo {
    royal_taken: u8,
    check_given: bool,
}

impl EndsUndo {
    /// Nothing tracked.
    pub const NONE: EndsUndo = EndsUndo {
        royal_taken: EMPTY,
        check_given: false,
    };
}

impl<M: Mask> SmallBoard<M> {
    /// Records a move's effect on the game ends, after make has moved the
    /// pieces: `mover` is the turn index that moved, `captured` the type taken.
    #[inline]
    pub(super) fn track_ends(&mut self, mover: usize, captured: u8) -> EndsUndo {
        let undo = EndsUndo {
            royal_taken: self.ends.royal_taken,
            check_given: false,
        };
        self.ends.royal_taken = if captured != EMPTY && self.info[captured as usize].royal {
            self.info[captured as usize].owner
        } else {
            EMPTY
        };
        let mut check_given = false;
        if self.ends.counts_checks[mover] {
            let us = self.order[mover];
            let them = self.royal & self.occ & !self.by_player[usize::from(us)];
            check_given = cells(them).any(|c| {
                let owner = self.info[self.mailbox[c] as usize].owner;
                self.attacked(c, owner)
            });
            if check_given {
                self.ends.checks[usize::from(us)] += 1;
            }
        }
        EndsUndo {
            check_given,
            ..undo
        }
    }

    /// Takes back [`SmallBoard::track_ends`].
    #[inline]
    pub(super) fn untrack_ends(&mut self, mover: usize, u: EndsUndo) {
        self.ends.royal_taken = u.royal_taken;
        if u.check_given {
            self.ends.checks[usize::from(self.order[mover])] -= 1;
        }
    }

    /// Whether the game has ended by a rule that needs no look at the moves
    /// that follow ([`crate::Board::decided`]).
    pub(super) fn decided(&mut self) -> bool {
        if !self.ends.on {
            return false;
        }
        if self.cfg.can_pass && self.passing_decided() {
            return true;
        }
        let n = self.order.len();
        let mover_at = (usize::from(self.turn) + n - 1) % n;
        let mover = self.order[mover_at];
        // Any rule that ends the game will do: the limits (which may look
        // at the next moves) first, then the rest by borrowing the rules.
        if self.ends.limits_on && (self.blast_decided(mover) || self.flags_decided(mover)) {
            return true;
        }
        if !self.extinction.is_empty() && self.extinction_decided(mover) {
            return true;
        }
        let cfg = &*self.cfg;
        for &p in &cfg.turn_order {
            if self.by_player[p.number() as usize].is_empty()
                && cfg.player(p).wins.contains(&WinRule::NoPiecesLeft)
            {
                return true;
            }
        }
        let opponents = || self.order.iter().copied().filter(move |&q| q != mover);
        let player = cfg.turn_order[mover_at];
        cfg.player(player).wins.iter().any(|w| match w {
            WinRule::RoyalCapture => self.ends.royal_taken != EMPTY,
            WinRule::AllRoyalsCaptured => {
                let owner = self.ends.royal_taken;
                owner != EMPTY && (self.royal & self.by_player[usize::from(owner)]).is_empty()
            }
            WinRule::AllPiecesCaptured => {
                opponents().any(|q| self.by_player[usize::from(q)].is_empty())
            }
            WinRule::Checks(k) => self.ends.checks[usize::from(mover)] >= *k,
            WinRule::Koth => {
                !(self.royal & self.by_player[usize::from(mover)] & self.ends.hill).is_empty()
            }
            _ => false,
        })
    }
}
