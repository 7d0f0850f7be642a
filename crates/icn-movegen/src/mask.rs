//! Cell masks of the compact board: one bit per cell of a closed board,
//! cells numbered row by row. [`Mask`] is implemented by `u64` (boards of at
//! most 64 squares) and `u128` (at most 128: 10×8, 9×9, 9×10, 10×10…), so the
//! bitboard tables and the compact board are written once for both widths.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::bitboard::BbTables;
use crate::config::Config;

/// A set of cells as an unsigned integer.
pub(crate) trait Mask:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The number of cells a mask holds.
    const CELLS: usize;
    const EMPTY: Self;
    const ALL: Self;

    /// The set of the one cell `c` (`c < CELLS`).
    fn cell(c: usize) -> Self;
    /// The cells below `n` (`n ≤ CELLS`).
    fn below(n: usize) -> Self;
    /// The cells below cell `c` (`c < CELLS`).
    fn below_cell(c: usize) -> Self;
    /// The lowest cell and every cell below it (every cell when empty).
    fn through_lowest(self) -> Self;
    /// The lowest cell (undefined on the empty set).
    fn lowest(self) -> usize;
    /// The highest cell (undefined on the empty set).
    fn highest(self) -> usize;
    fn count(self) -> u32;
    /// `self − rhs`, wrapping.
    fn minus(self, rhs: Self) -> Self;
    /// The lowest cell alone.
    fn lowest_bit(self) -> Self;
    /// The tables of `cfg` at this width, when the game has them.
    fn tables(cfg: &Config) -> Option<&BbTables<Self>>;

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    #[inline(always)]
    fn has(self, c: usize) -> bool {
        !(self & Self::cell(c)).is_empty()
    }

    /// All ones when `on`, else the empty set.
    #[inline(always)]
    fn all_if(on: bool) -> Self {
        if on { Self::ALL } else { Self::EMPTY }
    }
}

macro_rules! mask_impl {
    ($t:ty, $tables:ident) => {
        impl Mask for $t {
            const CELLS: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            const ALL: Self = !0;

            #[inline(always)]
            fn cell(c: usize) -> Self {
                1 << c
            }

            #[inline(always)]
            fn below(n: usize) -> Self {
                if n >= Self::CELLS { !0 } else { (1 << n) - 1 }
            }

            #[inline(always)]
            fn below_cell(c: usize) -> Self {
                (1 << c) - 1
            }

            #[inline(always)]
            fn through_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }

            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }

            #[inline(always)]
            fn highest(self) -> usize {
                Self::CELLS - 1 - self.leading_zeros() as usize
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn minus(self, rhs: Self) -> Self {
                self.wrapping_sub(rhs)
            }

            #[inline(always)]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }

            #[inline]
            fn tables(cfg: &Config) -> Option<&BbTables<Self>> {
                cfg.$tables()
            }
        }
    };
}

mask_impl!(u64, bb_narrow);
mask_impl!(u128, bb_wide);

/// Iterates the cells of a mask, lowest first.
#[inline(always)]
pub(crate) fn cells<M: Mask>(mut m: M) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (!m.is_empty()).then(|| {
            let c = m.lowest();
            m ^= m.lowest_bit();
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{Mask, cells};

    #[test]
    fn both_widths_agree_on_the_low_cells() {
        for c in [0usize, 5, 63] {
            assert_eq!(u64::cell(c) as u128, u128::cell(c));
            assert_eq!(u64::below(c) as u128, u128::below(c));
        }
        assert_eq!(u128::below(128), !0);
        assert_eq!(u64::below(64), !0);
        let m = u128::cell(3) | u128::cell(100);
        assert_eq!(m.lowest(), 3);
        assert_eq!(m.highest(), 100);
        assert_eq!(cells(m).collect::<Vec<_>>(), vec![3, 100]);
        assert_eq!(m.through_lowest(), u128::below(4));
        assert_eq!(u128::cell(127).through_lowest(), !0);
        assert_eq!(u128::below_cell(100), u128::below(100));
    }
}
