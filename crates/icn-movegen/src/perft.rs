//! Perft: the number of leaf nodes of the legal move tree, exactly.
//!
//! Two ways to count: [`PerftMode::Bulk`] counts the last ply's families
//! arithmetically (a ray of a million squares costs one subtraction);
//! [`PerftMode::MakeEveryLeaf`] makes and unmakes every leaf move (the
//! make/unmake benchmark). Both refuse with [`MovegenError::Infinite`] when a
//! move set on the way is infinite. On closed boards of at most 128 squares
//! with leaping and riding pieces (drops, gating, explosions, flags and the
//! other rules [`crate::small`] lists included) perft runs on its compact
//! board, which gives the same counts faster.
//!
//! A position whose game the variant's rules have already decided (royal
//! capture, N-th check, king on the hill, … : [`Board::decided`]) has no
//! moves to count, as Fairy-Stockfish counts; [`EndedGames::CountOn`] counts
//! the raw move tree instead, as the site's own perft does.

use crate::MovegenError;
use crate::board::Board;
use crate::moves::MoveFamily;
use crate::small::SmallBoard;

/// What perft does at a position whose game has ended by the variant's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EndedGames {
    /// Count no moves below it (Fairy-Stockfish's perft).
    #[default]
    Stop,
    /// Count its moves as if the game went on (the raw move tree; the site's
    /// perft).
    CountOn,
}

/// How the last ply is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PerftMode {
    /// Count the last ply's families without making them.
    #[default]
    Bulk,
    /// Make and unmake every leaf move.
    MakeEveryLeaf,
}

fn count(fams: &[MoveFamily]) -> Result<u64, MovegenError> {
    let mut n = 0u64;
    for f in fams {
        n += f.len().ok_or_else(|| infinite(f))?;
    }
    Ok(n)
}

fn infinite(f: &MoveFamily) -> MovegenError {
    match f {
        MoveFamily::Ray { from, step, .. } => MovegenError::Infinite(format!(
            "the piece on {from} moves without end along ({},{})",
            step.0, step.1
        )),
        MoveFamily::Single(m) => MovegenError::Infinite(format!("move {m}")),
    }
}

impl Board {
    /// Counts the leaves of the legal move tree `depth` plies deep.
    ///
    /// # Errors
    /// [`MovegenError::Infinite`] when some position on the way has infinitely
    /// many legal moves; [`MovegenError::Unsupported`] from the generator.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::{Board, PerftMode};
    /// let g = Game::parse("w 1,8,1,8 K5,1|k5,8|R1,1", Dialect::Auto).unwrap();
    /// let mut b = Board::from_game(&g).unwrap();
    /// assert_eq!(b.perft(1, PerftMode::Bulk).unwrap(), 5 + 10);
    /// let open = Game::parse("K5,1|k5,8|R1,1", Dialect::Auto).unwrap();
    /// assert!(Board::from_game(&open).unwrap().perft(1, PerftMode::Bulk).is_err());
    /// ```
    pub fn perft(&mut self, depth: u32, mode: PerftMode) -> Result<u64, MovegenError> {
        self.perft_with(depth, mode, EndedGames::Stop)
    }

    /// [`Board::perft`], choosing what happens at ended games.
    ///
    /// # Errors
    /// As [`Board::perft`].
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::{Board, EndedGames, PerftMode};
    /// // King of the hill: White's king steps onto the hill and wins there.
    /// let g = Game::parse("w (koth|koth) 1,8,1,8 K4,3|k1,8", Dialect::Auto).unwrap();
    /// let mut b = Board::from_game(&g).unwrap();
    /// let stop = b.perft_with(2, PerftMode::Bulk, EndedGames::Stop).unwrap();
    /// let raw = b.perft_with(2, PerftMode::Bulk, EndedGames::CountOn).unwrap();
    /// assert!(stop < raw);
    /// ```
    pub fn perft_with(
        &mut self,
        depth: u32,
        mode: PerftMode,
        ended: EndedGames,
    ) -> Result<u64, MovegenError> {
        let stop = ended == EndedGames::Stop && self.cfg.immediate_ends;
        if let Some(mut small) = SmallBoard::<u64>::new(self) {
            return Ok(small.perft(depth, mode, stop));
        }
        if let Some(mut small) = SmallBoard::<u128>::new(self) {
            return Ok(small.perft(depth, mode, stop));
        }
        let mut bufs: Vec<Vec<MoveFamily>> = (0..=depth).map(|_| Vec::new()).collect();
        self.perft_rec(depth, mode, stop, &mut bufs)
    }

    /// Perft by the generic generator only (never the compact board), the
    /// raw move tree (tests compare the compact board with it).
    #[cfg(test)]
    pub(crate) fn perft_generic(
        &mut self,
        depth: u32,
        mode: PerftMode,
    ) -> Result<u64, MovegenError> {
        self.perft_generic_with(depth, mode, false)
    }

    /// [`Board::perft_generic`], stopping at ended games when `stop`.
    #[cfg(test)]
    pub(crate) fn perft_generic_with(
        &mut self,
        depth: u32,
        mode: PerftMode,
        stop: bool,
    ) -> Result<u64, MovegenError> {
        let stop = stop && self.cfg.immediate_ends;
        let mut bufs: Vec<Vec<MoveFamily>> = (0..=depth).map(|_| Vec::new()).collect();
        self.perft_rec(depth, mode, stop, &mut bufs)
    }

    /// Perft per root move: each legal move with its subtree count.
    ///
    /// # Errors
    /// As [`Board::perft`].
    pub fn perft_divide(
        &mut self,
        depth: u32,
        mode: PerftMode,
    ) -> Result<Vec<(crate::Move, u64)>, MovegenError> {
        self.perft_divide_with(depth, mode, EndedGames::Stop)
    }

    /// [`Board::perft_divide`], choosing what happens at ended games.
    ///
    /// # Errors
    /// As [`Board::perft`].
    pub fn perft_divide_with(
        &mut self,
        depth: u32,
        mode: PerftMode,
        ended: EndedGames,
    ) -> Result<Vec<(crate::Move, u64)>, MovegenError> {
        let mut out = Vec::new();
        if ended == EndedGames::Stop && self.decided().is_some() {
            return Ok(out);
        }
        let mut root = Vec::new();
        self.generate(&mut root)?;
        for f in &root {
            let moves = f.moves().ok_or_else(|| infinite(f))?;
            for m in moves {
                self.make(&m);
                let n = if depth <= 1 {
                    Ok(1)
                } else {
                    self.perft_with(depth - 1, mode, ended)
                };
                self.unmake();
                out.push((m, n?));
            }
        }
        Ok(out)
    }

    fn perft_rec(
        &mut self,
        depth: u32,
        mode: PerftMode,
        stop: bool,
        bufs: &mut [Vec<MoveFamily>],
    ) -> Result<u64, MovegenError> {
        if depth == 0 {
            return Ok(1);
        }
        if stop && self.decided().is_some() {
            return Ok(0);
        }
        let mut fams = std::mem::take(&mut bufs[depth as usize]);
        let res = self.generate(&mut fams).and_then(|()| {
            if depth == 1 && mode == PerftMode::Bulk {
                return count(&fams);
            }
            let mut n = 0u64;
            for f in &fams {
                let moves = f.moves().ok_or_else(|| infinite(f))?;
                for m in moves {
                    self.make(&m);
                    let r = if depth == 1 {
                        Ok(1)
                    } else {
                        self.perft_rec(depth - 1, mode, stop, bufs)
                    };
                    self.unmake();
                    n += r?;
                }
            }
            Ok(n)
        });
        bufs[depth as usize] = fams;
        res
    }
}
