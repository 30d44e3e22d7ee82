//! Sets of sums as bits (`0..640`), for the sums without distinctness: every sum an arrow, a little
//! killer or a sandwich's inside reaches is at most N * N = 625 (arrows and diagonals are at most N
//! cells), so ten words hold them.

/// A set of sums `0..Sums::BITS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sums([u64; WORDS]);

const WORDS: usize = 10;

impl Sums {
    /// One more than the largest sum held.
    pub(crate) const BITS: usize = WORDS * 64;

    /// The set holding `sum` alone (empty past the largest sum held).
    pub(crate) fn only(sum: usize) -> Sums {
        let mut set = Sums::default();
        set.insert(sum);
        set
    }

    /// Adds `sum` (ignored past the largest sum held).
    pub(crate) fn insert(&mut self, sum: usize) {
        if sum < Sums::BITS {
            self.0[sum / 64] |= 1 << (sum % 64);
        }
    }

    /// Whether `sum` is in the set.
    pub(crate) fn contains(&self, sum: usize) -> bool {
        sum < Sums::BITS && self.0[sum / 64] & (1 << (sum % 64)) != 0
    }

    /// Whether the two sets share a sum.
    pub(crate) fn meets(&self, other: &Sums) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Adds every sum of `other`.
    pub(crate) fn union(&mut self, other: &Sums) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// Every sum plus `k` (those passing the largest held are dropped).
    pub(crate) fn up(&self, k: usize) -> Sums {
        let (words, bits) = (k / 64, k % 64);
        let mut out = Sums::default();
        for i in (words..WORDS).rev() {
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
    pub(crate) fn down(&self, k: usize) -> Sums {
        let (words, bits) = (k / 64, k % 64);
        let mut out = Sums::default();
        for i in 0..WORDS.saturating_sub(words) {
            let high = self.0[i + words];
            let carry = if bits > 0 && i + words + 1 < WORDS {
                self.0[i + words + 1] << (64 - bits)
            } else {
                0
            };
            out.0[i] = (high >> bits) | carry;
        }
        out
    }

    /// Every sum of `values` (bit `v - 1` for `v`) added to one of this set's.
    pub(crate) fn plus_any(&self, values: u32) -> Sums {
        let mut out = Sums::default();
        for v in bits(values) {
            out.union(&self.up(v));
        }
        out
    }

    /// Every sum of this set's less one of `values`.
    pub(crate) fn minus_any(&self, values: u32) -> Sums {
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
        let mut set = Sums::default();
        for s in [0, 5, 63, 64, 200] {
            set.insert(s);
        }
        let up = set.up(70);
        assert!([70, 75, 133, 134, 270].iter().all(|&s| up.contains(s)));
        assert_eq!(up.down(70), set);
        assert!(
            set.down(64).contains(0) && set.down(64).contains(136) && !set.down(64).contains(5)
        );
        assert_eq!(Sums::only(639).up(1), Sums::default());
    }
}
