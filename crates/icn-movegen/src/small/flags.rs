//! Game ends by flags and bare kings on a [`SmallBoard`], as
//! [`crate::Board`] judges them (`limits_decided` and [`crate::racing`]):
//!
//! - **flags**: enough of the mover's counting pieces on its flag cells
//!   (`FlagAny`), or every listed flag square held (`FlagAll`);
//! - **the flag reply** (racing kings): a side to move on its flag has
//!   ended the game; a White mover on its flag waits while Black, to move,
//!   can reach Black's flag;
//! - **a flag held** (Jeson Mor): the side to move on its flag has won;
//!   reaching it wins nothing yet;
//! - **safe flags** (Dobutsu): flag pieces count only unattacked, and the
//!   side to move standing safely on its flag has won (or drawn);
//! - **bare king**: every opponent has only royals left (with the bare
//!   reply, a mover keeping exactly one other piece lets the bared player
//!   answer, and a mover bare after that answer, facing an opponent who is
//!   not, has lost).

use icn_model::Player;
use icn_rules::WinRule;

use super::SmallBoard;
use crate::config::Config;
use crate::mask::{Mask, cells};

/// One player's flag in cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellFlag<M> {
    /// The flag cells on the board.
    cells: M,
    /// The types (a mask of type ids) that count.
    types: u64,
    /// How many must stand there (`FlagAny`).
    count: u32,
    /// The listed flag squares, when every one is on the board (`FlagAll`).
    all: Option<M>,
}

impl<M: Mask> CellFlag<M> {
    /// The flags of `cfg`, per player number.
    pub fn of(cfg: &Config) -> Option<[Option<CellFlag<M>>; 7]> {
        let bb = M::tables(cfg)?;
        let mut out = [None; 7];
        for (i, flag) in cfg.limits.flags.iter().enumerate() {
            let Some((zone, types, count)) = flag else {
                continue;
            };
            let on = (0..bb.cells)
                .filter(|&c| zone.contains(bb.square(c)))
                .fold(M::EMPTY, |m, c| m | M::cell(c));
            let all = crate::limits::listed(zone)
                .filter(|sqs| !sqs.is_empty() && sqs.iter().all(|&s| bb.on_board(s)))
                .map(|_| on);
            out[i] = Some(CellFlag {
                cells: on,
                types: *types,
                count: u32::try_from(*count).unwrap_or(u32::MAX),
                all,
            });
        }
        Some(out)
    }
}

impl<M: Mask> SmallBoard<M> {
    /// Whether player number `p` stands on its flag (`all`: holds every
    /// listed flag square).
    fn flag_reached(&self, p: u8, all: bool) -> bool {
        let Some(f) = &self.ends.flags[usize::from(p)] else {
            return false;
        };
        let counting = cells(self.by_player[usize::from(p)] & f.cells)
            .filter(|&c| f.types & (1 << self.mailbox[c]) != 0)
            .fold(M::EMPTY, |m, c| m | M::cell(c));
        if all {
            f.all.is_some_and(|sqs| counting & sqs == sqs)
        } else {
            // Safe flags: where exactly `count` stand there, none attacked.
            let n = counting.count();
            n >= f.count
                && !(self.cfg.limits.flag_safe
                    && n == f.count
                    && cells(counting).any(|c| self.attacked(c, p)))
        }
    }

    /// The pieces of player number `p` other than royals.
    fn non_royals(&self, p: u8) -> u32 {
        (self.by_player[usize::from(p)] & !self.royal).count()
    }

    fn wins_by(&self, p: u8, rule: WinRule) -> bool {
        self.cfg
            .player(Player::from_number(u32::from(p)))
            .wins
            .contains(&rule)
    }

    /// Whether flags or bare kings have ended the game after a move by
    /// player number `mover` (module docs).
    pub(super) fn flags_decided(&mut self, mover: u8) -> bool {
        if self.cfg.limits.flag_safe {
            let to_move = self.us();
            if self.wins_by(to_move, WinRule::FlagAny) && self.flag_reached(to_move, false) {
                return true;
            }
        }
        if self.cfg.limits.flag_reply
            && let Some(settled) = self.flag_reply_decided(mover)
        {
            return settled;
        }
        self.flag_or_bare_win(mover)
    }

    /// The flag and bare-king wins of [`SmallBoard::flags_decided`], the
    /// flag reply aside.
    fn flag_or_bare_win(&self, mover: u8) -> bool {
        let opponents = || self.order.iter().copied().filter(|&q| q != mover);
        let held = self.cfg.limits.flag_held;
        if held {
            let to_move = self.us();
            let wins = &self
                .cfg
                .player(Player::from_number(u32::from(to_move)))
                .wins;
            if wins.iter().any(|w| {
                matches!(w, WinRule::FlagAny | WinRule::FlagAll)
                    && self.flag_reached(to_move, *w == WinRule::FlagAll)
            }) {
                return true;
            }
        }
        let wins = &self.cfg.player(Player::from_number(u32::from(mover))).wins;
        for w in wins {
            match w {
                WinRule::FlagAny | WinRule::FlagAll
                    if !held && self.flag_reached(mover, *w == WinRule::FlagAll) =>
                {
                    return true;
                }
                WinRule::BareKing if opponents().all(|o| self.non_royals(o) == 0) => {
                    if self.non_royals(mover) == 0 {
                        continue;
                    }
                    if !self.cfg.limits.bare_reply || self.non_royals(mover) != 1 {
                        return true;
                    }
                }
                _ => {}
            }
        }
        self.cfg.limits.bare_reply
            && self.non_royals(mover) == 0
            && opponents().any(|o| self.wins_by(o, WinRule::BareKing) && self.non_royals(o) > 0)
    }

    /// The flag reply's verdict: `Some(false)` while Black has its reply to
    /// play, `None` when the rule does not apply.
    fn flag_reply_decided(&mut self, mover: u8) -> Option<bool> {
        let to_move = self.us();
        if self.flag_reached(to_move, false) {
            return Some(true);
        }
        if !self.flag_reached(mover, false) {
            return None;
        }
        let (white, black) = (Player::WHITE.number() as u8, Player::BLACK.number() as u8);
        if mover == white && to_move == black && self.can_reach_flag(to_move) {
            return Some(false);
        }
        Some(true)
    }

    /// Whether player number `p`, to move, has a legal move onto its flag.
    fn can_reach_flag(&mut self, p: u8) -> bool {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves.iter().any(|m| {
            let u = self.make(m);
            let reached = self.flag_reached(p, false);
            self.unmake(m, &u);
            reached
        })
    }
}
