//! Perft on a [`SmallBoard`]: the same counts as the generic perft, with
//! move lists kept per depth so the search allocates nothing once warm.

use super::{SmallBoard, SmallMove};
use crate::mask::Mask;
use crate::perft::PerftMode;

impl<M: Mask> SmallBoard<M> {
    /// The number of leaves `depth` plies deep.
    /// With `stop`, no moves are counted below a position whose game has
    /// ended by the variant's rules ([`SmallBoard::decided`]).
    pub fn perft(&mut self, depth: u32, mode: PerftMode, stop: bool) -> u64 {
        let mut bufs: Vec<Vec<SmallMove>> = (0..=depth).map(|_| Vec::new()).collect();
        let stop = stop && self.ends.on;
        self.perft_rec(depth, mode == PerftMode::Bulk, stop, &mut bufs)
    }

    fn perft_rec(
        &mut self,
        depth: u32,
        bulk: bool,
        stop: bool,
        bufs: &mut [Vec<SmallMove>],
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if stop && self.decided() {
            return 0;
        }
        if depth == 1 && bulk {
            return self.count();
        }
        let mut moves = std::mem::take(&mut bufs[depth as usize]);
        self.generate(&mut moves);
        let mut n = 0;
        if depth == 1 {
            for m in &moves {
                let u = self.make(m);
                n += 1;
                self.unmake(m, &u);
            }
        } else {
            for m in &moves {
                let u = self.make(m);
                n += self.perft_rec(depth - 1, bulk, stop, bufs);
                self.unmake(m, &u);
            }
        }
        bufs[depth as usize] = moves;
        n
    }
}
