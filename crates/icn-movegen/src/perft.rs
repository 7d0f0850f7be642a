//! Perft: the number of leaf nodes of the legal move tree, exactly.
//!
//! Two ways to count: [`PerftMode::Bulk`] counts the last ply's families
//! arithmetically (a ray of a million squares costs one subtraction);
//! [`PerftMode::MakeEveryLeaf`] makes and unmakes every leaf move (the
//! make/unmake benchmark). Both refuse with [`MovegenError::Infinite`] when a
//! move set on the way is infinite. On boards of at most 64 squares with
//! leaping and riding pieces perft runs on the compact board of
//! [`crate::small`], which gives the same counts faster.

use crate::MovegenError;
use crate::board::Board;
use crate::moves::MoveFamily;
use crate::small::SmallBoard;

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
        if let Some(mut small) = SmallBoard::new(self) {
            return Ok(small.perft(depth, mode));
        }
        self.perft_generic(depth, mode)
    }

    /// Perft by the generic generator only (never the compact board).
    pub(crate) fn perft_generic(
        &mut self,
        depth: u32,
        mode: PerftMode,
    ) -> Result<u64, MovegenError> {
        let mut bufs: Vec<Vec<MoveFamily>> = (0..=depth).map(|_| Vec::new()).collect();
        self.perft_rec(depth, mode, &mut bufs)
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
        let mut root = Vec::new();
        self.generate(&mut root)?;
        let mut out = Vec::new();
        for f in &root {
            let moves = f.moves().ok_or_else(|| infinite(f))?;
            for m in moves {
                self.make(&m);
                let n = if depth <= 1 {
                    Ok(1)
                } else {
                    self.perft(depth - 1, mode)
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
        bufs: &mut [Vec<MoveFamily>],
    ) -> Result<u64, MovegenError> {
        if depth == 0 {
            return Ok(1);
        }
        if depth == 1
            && mode == PerftMode::Bulk
            && let Some(n) = self.count_fast()
        {
            return n;
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
                        self.perft_rec(depth - 1, mode, bufs)
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
