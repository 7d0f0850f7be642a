//! Game end: who won, or why it is drawn, after the last move.
//!
//! Checked in this order: the last mover's win conditions (royal capture, all
//! royals captured, all pieces captured, N checks given, a royal on the hill),
//! then the side to move having no legal move (checkmate when one of its
//! royals is attacked and an opponent wins by checkmate, or it wins by being
//! checkmated, as in misère chess; otherwise stalemate scored by the rules),
//! then draws: Sittuyin's stalemate by promotions only
//! ([`Termination::OnlyPromotions`]), the move rule, N-fold repetition of the
//! zobrist key with the same side to move (scored by the variant's
//! repetition result: a draw unless it says otherwise), and the dead positions
//! `icn_rules::insufficient_material` lists. A game with more than two players
//! ends when one player wins; eliminating one of several opponents is not
//! modelled (a clear `Unsupported` is never needed: the first win ends it).

use icn_model::Player;
use icn_rules::{Outcome, WinRule};

use crate::MovegenError;
use crate::board::Board;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move has no legal move and a royal in check.
    Checkmate,
    /// The side to move has no legal move and no royal in check.
    Stalemate,
    /// A royal piece was captured.
    RoyalCapture,
    /// Every royal piece of a player was captured.
    AllRoyalsCaptured,
    /// Every piece of a player was captured.
    AllPiecesCaptured,
    /// A player gave the required number of checks.
    Checks,
    /// A royal reached the hill.
    Koth,
    /// The move rule ran out.
    MoveRule,
    /// A position occurred the required number of times.
    Repetition,
    /// Neither side can win.
    InsufficientMaterial,
    /// A player who wins by losing every piece has none left.
    NoPiecesLeft,
    /// A checkmate by a drop of a kind that may not mate (shogi's pawn, as
    /// Fairy-Stockfish plays it): the mated side wins.
    DropMate,
    /// A player reached its flag squares.
    Flag,
    /// A player was left with a bare king.
    BareKing,
    /// A Makruk-family count ran out.
    Counting,
    /// A player was left with too few pieces of a kind
    /// ([`icn_rules::Extinction`]).
    Extinction,
    /// The royals still faced each other after a pass
    /// ([`icn_rules::limits::Limits::bikjang`]).
    Bikjang,
    /// Both players passed, one after the other.
    Passes,
    /// The side to move, with only a royal and one piece that promotes by
    /// a move of its own, could only promote (Sittuyin's stalemate:
    /// [`icn_rules::PromotionRule::by_move`]).
    OnlyPromotions,
}

impl Termination {
    /// The lowercase word: `checkmate`, `stalemate`, `royalcapture`, …, `moverule`.
    pub fn word(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::RoyalCapture => "royalcapture",
            Termination::AllRoyalsCaptured => "allroyalscaptured",
            Termination::AllPiecesCaptured => "allpiecescaptured",
            Termination::Checks => "checks",
            Termination::Koth => "koth",
            Termination::MoveRule => "moverule",
            Termination::Repetition => "repetition",
            Termination::InsufficientMaterial => "insufficientmaterial",
            Termination::NoPiecesLeft => "nopieces",
            Termination::DropMate => "dropmate",
            Termination::Flag => "flag",
            Termination::BareKing => "bareking",
            Termination::Counting => "counting",
            Termination::Extinction => "extinction",
            Termination::Bikjang => "bikjang",
            Termination::Passes => "passes",
            Termination::OnlyPromotions => "onlypromotions",
        }
    }
}

/// The end of a game: the winner (`None`: a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// Who won; `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub termination: Termination,
}

impl GameEnd {
    /// The PGN-style result: `1-0`, `0-1`, `1/2-1/2`, or `<player> wins` with more players.
    pub fn result(&self) -> String {
        match self.winner {
            None => "1/2-1/2".into(),
            Some(Player::WHITE) => "1-0".into(),
            Some(Player::BLACK) => "0-1".into(),
            Some(p) => format!("{p} wins"),
        }
    }
}

impl Board {
    pub(crate) fn royal_count(&self, p: Player) -> usize {
        self.pieces
            .iter()
            .filter(|q| q.alive && q.player == p && self.cfg.types.types[q.ty as usize].royal)
            .count()
    }

    fn piece_count_of(&self, p: Player) -> usize {
        self.pieces
            .iter()
            .filter(|q| q.alive && q.player == p)
            .count()
    }

    /// Whether the side to move has a royal in check.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side_to_move())
    }

    /// Whether the side to move has at least one legal move.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] from the generator.
    pub fn has_legal_move(&mut self) -> Result<bool, MovegenError> {
        let fams = self.families()?;
        Ok(fams.iter().any(|f| !f.is_empty()))
    }

    /// A win the variant's rules decide without looking at the moves that
    /// follow: a player who lost every piece under `nopieces`, or the last
    /// mover's royal capture, capture of all royals or all pieces, N-th check
    /// or king on the hill. These end the game at once, so perft counts
    /// nothing below them (Fairy-Stockfish's "immediate" game ends); mate,
    /// stalemate and the draws need the moves or are claims, and are not
    /// among them.
    pub fn decided(&self) -> Option<GameEnd> {
        if !self.cfg.immediate_ends {
            return None;
        }
        let cfg = &*self.cfg;
        if let Some(end) = self.ended_by_passing() {
            return Some(end);
        }
        let opponents = |p: Player| cfg.turn_order.iter().copied().filter(move |&q| q != p);
        for &p in &cfg.turn_order {
            if cfg.player(p).wins.contains(&WinRule::NoPiecesLeft) && self.piece_count_of(p) == 0 {
                return Some(GameEnd {
                    winner: Some(p),
                    termination: Termination::NoPiecesLeft,
                });
            }
        }
        // Before any move, the player who moved last is the one before the
        // side to move: a start with a king already on the hill is decided.
        let n = cfg.turn_order.len();
        let previous = (n > 0).then(|| cfg.turn_order[(self.turn + n - 1) % n]);
        if let Some(mover) = self.last_mover().or(previous) {
            if let Some(end) = self.extinction_decided(mover) {
                return Some(end);
            }
            if cfg.limits.active
                && let Some(end) = self.limits_decided(mover)
            {
                return Some(end);
            }
            for w in &cfg.player(mover).wins {
                let win = |termination| {
                    Some(GameEnd {
                        winner: Some(mover),
                        termination,
                    })
                };
                match w {
                    WinRule::RoyalCapture
                        if self.last_capture().is_some_and(|(_, royal)| royal) =>
                    {
                        return win(Termination::RoyalCapture);
                    }
                    WinRule::AllRoyalsCaptured
                        if self
                            .last_capture()
                            .is_some_and(|(p, royal)| royal && self.royal_count(p.player) == 0) =>
                    {
                        return win(Termination::AllRoyalsCaptured);
                    }
                    WinRule::AllPiecesCaptured
                        if opponents(mover).any(|p| self.piece_count_of(p) == 0) =>
                    {
                        return win(Termination::AllPiecesCaptured);
                    }
                    WinRule::Checks(n) if self.checks[mover.number() as usize] >= *n => {
                        return win(Termination::Checks);
                    }
                    WinRule::Koth
                        if self.pieces.iter().any(|q| {
                            q.alive
                                && q.player == mover
                                && cfg.types.types[q.ty as usize].royal
                                && cfg.hill.contains(q.sq)
                        }) =>
                    {
                        return win(Termination::Koth);
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// How the game stands after the moves made: `None` while it goes on.
    ///
    /// # Errors
    /// [`MovegenError::Unsupported`] from the generator.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::{Board, Termination};
    /// let g = Game::parse("b 1,8,1,8 K6,6|k8,8|Q7,7", Dialect::Auto).unwrap();
    /// let mut b = Board::from_game(&g).unwrap();
    /// let end = b.game_end().unwrap().unwrap();
    /// assert_eq!((end.result().as_str(), end.termination), ("1-0", Termination::Checkmate));
    /// ```
    pub fn game_end(&mut self) -> Result<Option<GameEnd>, MovegenError> {
        let cfg = std::sync::Arc::clone(&self.cfg);
        let opponents = |p: Player| cfg.turn_order.iter().copied().filter(move |&q| q != p);
        if let Some(end) = self.decided() {
            return Ok(Some(end));
        }
        let us = self.side_to_move();
        if !self.has_legal_move()? {
            // Misère: the side to move wins by being checkmated.
            let mated_wins = cfg.player(us).wins.contains(&WinRule::Checkmated);
            // Check matters when an opponent wins by checkmate or the side
            // to move wins by being checkmated (`RuleSet::check_matters_for`).
            let checked = self.in_check() && cfg.player(us).protect;
            if checked && self.last_move_is_forbidden_drop_mate() {
                // A mate by a drop the rules forbid to mate: the mated side wins.
                return Ok(Some(GameEnd {
                    winner: Some(us),
                    termination: Termination::DropMate,
                }));
            }
            if checked {
                let winner = if mated_wins {
                    Some(us)
                } else if cfg.turn_order.len() == 2 {
                    opponents(us).next()
                } else {
                    self.last_mover()
                };
                return Ok(Some(GameEnd {
                    winner,
                    termination: Termination::Checkmate,
                }));
            }
            let winner = match cfg.stalemate {
                Outcome::Draw => None,
                Outcome::Win => Some(us),
                Outcome::Loss => opponents(us).next(),
            };
            return Ok(Some(GameEnd {
                winner,
                termination: Termination::Stalemate,
            }));
        }
        if cfg.limits.by_move_promotions && self.promotion_stalemate()? {
            return Ok(Some(GameEnd {
                winner: None,
                termination: Termination::OnlyPromotions,
            }));
        }
        if let Some(termination) = self.ended_by_count() {
            let winner = match termination {
                Termination::Repetition => {
                    let other = opponents(us).next().unwrap_or(us);
                    cfg.rules.draws.repetition_result.winner(us, other)
                }
                _ => None,
            };
            // A draw by the move rule or repetition goes to the material count.
            let winner = winner.or_else(|| {
                matches!(termination, Termination::MoveRule | Termination::Repetition)
                    .then(|| self.material_winner())
                    .flatten()
            });
            return Ok(Some(GameEnd {
                winner,
                termination,
            }));
        }
        if cfg.rules.draws.insufficient_material
            && icn_rules::insufficient_material(&cfg.rules, &self.to_position(None))
        {
            return Ok(Some(GameEnd {
                winner: None,
                termination: Termination::InsufficientMaterial,
            }));
        }
        Ok(None)
    }
}

impl Board {
    /// Keeps a count of every position's key from now on, so that
    /// [`Board::game_end`] decides repetition in constant time. Without it,
    /// repetition looks back over the moves since the last capture or pawn
    /// move, which costs that many steps per call.
    pub fn count_repetitions(&mut self) {
        if self.seen.is_none() {
            let mut seen = ahash::AHashMap::with_capacity(self.history.len());
            for &k in &self.history {
                *seen.entry(k).or_default() += 1;
            }
            self.seen = Some(seen);
        }
    }

    /// The end the counting rules declare now, if any: the move rule or a
    /// Makruk-family count (draws), then repetition (a draw unless
    /// [`icn_rules::Draws::repetition_result`] says otherwise). Cheap (no
    /// move generation), unlike [`Board::game_end`], which checks them after
    /// wins and mates and names the winner.
    pub fn ended_by_count(&self) -> Option<Termination> {
        let cfg = &self.cfg;
        if cfg.move_rule.is_some_and(|limit| self.halfmove >= limit) {
            return Some(Termination::MoveRule);
        }
        if self.count_ran_out() {
            return Some(Termination::Counting);
        }
        let n = cfg.repetition.filter(|&n| n > 0)?;
        (self.times_seen(self.key) + 1 >= n as usize).then_some(Termination::Repetition)
    }

    /// How many earlier positions had the key `key`.
    fn times_seen(&self, key: u64) -> usize {
        match &self.seen {
            Some(seen) => seen.get(&key).map_or(0, |&n| n as usize),
            None => {
                // No position before the last irreversible move can repeat.
                let back = usize::try_from(self.halfmove).unwrap_or(usize::MAX);
                let start = self.history.len().saturating_sub(back);
                self.history[start..].iter().filter(|&&k| k == key).count()
            }
        }
    }
}
