//! Sets of sums as bits (`0..640`), for the sums without distinctness: every sum an arrow, a little
//! killer or a sandwich's inside reaches is at most N * N = 625 (arrows and diagonals are at most N
//! cells), so ten words hold them. Narrower sets (`Sums<2>`, sums under 128) serve the lines
//! whose sums stay small, as every 9x9 line's do.

/// A set of sums `0..W * 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sums<const W: usize = WORDS>([u64; W]);

const WORDS: usize = 10;

impl<const W: usize> Default for Sums<W> {
    fn default() -> Self {
        Sums([0; W])
    }
}

impl<const W: usize> Sums<W> {
    /// One more than the largest sum held.
    pub(crate) const BITS: usize = W * 64;

    /// The set holding `sum` alone (empty past the largest sum held).
    pub(crate) fn only(sum: usize) -> Self {
        let mut set = Sums::default();
        set.insert(sum);
        set
    }

    /// The same sums in a set of `V` words (those past its largest are dropped).
    pub(crate) fn resized<const V: usize>(&self) -> Sums<V> {
        let mut out = Sums::<V>::default();
        let n = W.min(V);
        out.0[..n].copy_from_slice(&self.0[..n]);
        out
    }

    /// Adds `sum` (ignored past the largest sum held).
    pub(crate) fn insert(&mut self, sum: usize) {
        if sum < Self::BITS {
            self.0[sum / 64] |= 1 << (sum % 64);
        }
    }

    /// Whether `sum` is in the set.
    pub(crate) fn contains(&self, sum: usize) -> bool {
        sum < Self::BITS && self.0[sum / 64] & (1 << (sum % 64)) != 0
    }

    /// Whether the two sets share a sum.
    pub(crate) fn meets(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Adds every sum of `other`.
    pub(crate) fn union(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// Every sum plus `k` (those passing the largest held are dropped).
    pub(crate) fn up(&self, k: usize) -> Self {
        if W == 2 {
            // Two words shift as one 128-bit number, without the loop's branches.
            return self
                .as_u128()
                .checked_shl(k as u32)
                .map_or_else(Sums::default, Sums::of_u128);
        }
        let (words, bits) = (k / 64, k % 64);
        let mut out = Sums::default();
        for i in (words..W).rev() {
            let low = self.0[i - words];
            let carry = if bits > 0 && i > words {
                self.0[i - words - 1] >> (64 - bits)
            } else {
                0
            };
            out.0[i] = (low << bits) | carry;
        }
        out
    }

    /// Every sum minus `k` (those under zero are dropped).
    pub(crate) fn down(&self, k: usize) -> Self {
        if W == 2 {
            return self
                .as_u128()
                .checked_shr(k as u32)
                .map_or_else(Sums::default, Sums::of_u128);
        }
        let (words, bits) = (k / 64, k % 64);
        let mut out = Sums::default();
        for i in 0..W.saturating_sub(words) {
            let high = self.0[i + words];
            let carry = if bits > 0 && i + words + 1 < W {
                self.0[i + words + 1] << (64 - bits)
            } else {
                0
            };
            out.0[i] = (high >> bits) | carry;
        }
        out
    }

    /// A two-word set as one number (sum `s` is bit `s`).
    pub(crate) fn as_u128(&self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0[1]) << 64
    }

    /// The two-word set of `bits`.
    pub(crate) fn of_u128(bits: u128) -> Self {
        let mut out = Sums::default();
        out.0[0] = bits as u64;
        out.0[1] = (bits >> 64) as u64;
        out
    }

    /// Every sum of `values` (bit `v - 1` for `v`) added to one of this set's.
    pub(crate) fn plus_any(&self, values: u32) -> Self {
        let mut out = Sums::default();
        for v in bits(values) {
            out.union(&self.up(v));
        }
        out
    }

    /// Every sum of this set's less one of `values`.
    pub(crate) fn minus_any(&self, values: u32) -> Self {
        let mut out = Sums::default();
        for v in bits(values) {
            out.union(&self.down(v));
        }
        out
    }
}

/// The values (1-based) of a candidate mask.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as usize + 1;
            mask &= mask - 1;
            v
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifting_up_and_down_moves_every_sum_across_words() {
        let mut set = Sums::<10>::default();
        for s in [0, 5, 63, 64, 200] {
            set.insert(s);
        }
        let up = set.up(70);
        assert!([70, 75, 133, 134, 270].iter().all(|&s| up.contains(s)));
        assert_eq!(up.down(70), set);
        assert!(
            set.down(64).contains(0) && set.down(64).contains(136) && !set.down(64).contains(5)
        );
        assert_eq!(Sums::<10>::only(639).up(1), Sums::default());
        // Two words: up to 127, and what a wide set holds below that survives a resize both ways.
        let small: Sums<2> = set.resized();
        assert!(small.contains(64) && !small.contains(200) && small.up(64).contains(127));
        assert!(
            small.down(5).contains(0) && small.down(5).contains(59) && small.down(5).contains(58)
        );
        // 64 + 64 passes 127 and is dropped; the rest come back down.
        let mut back = Sums::<2>::default();
        [0, 5, 63].iter().for_each(|&s| back.insert(s));
        assert_eq!(small.up(64).down(64), back);
        assert!(Sums::<2>::only(127).up(1) == Sums::default());
        assert_eq!(small.resized::<10>().resized::<2>(), small);
    }
}
