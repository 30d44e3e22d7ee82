//! Where the search guesses: a square with two candidates ranked by how alone its digits stand in
//! their triads and columns, else the first square with the fewest candidates.

use super::masks::{at, digit_pairs, lanes, BAND, LANES, TRIADS};
use super::Board;

/// How many classes [`pair_ranks`] sorts squares into, best first.
const RANKS: usize = 6;

/// Sorts a band's squares for branching, from the band's nine digit masks and its open squares:
/// rank 0 holds squares where two digits are each the only candidate of that digit in the square's
/// row-box triad and in its column within the band; rank 1, one such digit and one alone in its
/// triad only; rank 2, one such digit; rank 3, two digits alone in their triads; rank 4, one;
/// rank 5, every square. A square may appear in several ranks; the best one counts.
///
/// Two digits at a time, one per 32-bit lane of a `u64` (see [`digit_pairs`]): about 540
/// instructions a guess went to this pass on serg, one at a time. Shifting right by one or two
/// brings the high lane's lowest bits into bits 30 and 31, which no triad start holds; by 9 or 18
/// into bits 14 to 31, which the row masks leave out. The multiplications spread a triad start or a
/// row's bit over at most 26 bits above it, inside its lane.
fn pair_ranks(masks: &[u32; 9], unsolved: u32) -> [u32; RANKS] {
    const STARTS: u64 = TRIADS as u64 * LANES;
    const ROW: u64 = 0x1ff * LANES;
    let open = u64::from(unsolved) * LANES;
    // Bit-sliced, per lane: the squares with one such digit so far, and with two.
    let (mut triad, mut triads) = (0u64, 0u64);
    let (mut both, mut boths) = (0u64, 0u64);
    for m in digit_pairs(masks) {
        let m = m & open;
        let (x, y, z) = (m & STARTS, m >> 1 & STARTS, m >> 2 & STARTS);
        // Triads with one square: the three starts are three bits apart, so `* 7` fills each.
        let lone_triad = m & (((x ^ y ^ z) & !(x & y & z)) * 7);
        let (r0, r1, r2) = (m & ROW, m >> 9 & ROW, m >> 18 & ROW);
        let lone_column = m & (((r0 ^ r1 ^ r2) & !(r0 & r1 & r2)) * 0x40201);
        let lone_both = lone_triad & lone_column;
        triads |= triad & lone_triad;
        triad |= lone_triad;
        boths |= both & lone_both;
        both |= lone_both;
    }
    // The two lanes' counts added: two in one lane, or one in each.
    let ((triad, triad_high), (triads, triads_high)) = (lanes(triad), lanes(triads));
    let ((both, both_high), (boths, boths_high)) = (lanes(both), lanes(boths));
    let triads = triads | triads_high | (triad & triad_high);
    let boths = boths | boths_high | (both & both_high);
    let (triad, both) = (triad | triad_high, both | both_high);
    [boths, both & triads, both, triads, triad, BAND]
}

impl Board {
    /// The square to branch on and its candidate digit indices as a 9-bit mask: a square with two
    /// candidates when there is one (see [`Board::best_pair`]), else the first with the fewest.
    /// `pairs` holds each band's squares with two candidates, as [`Propagation::Stuck`] gives them.
    ///
    /// [`Propagation::Stuck`]: super::Propagation::Stuck
    pub(crate) fn branch_square(&self, pairs: &[u32; 3]) -> Option<(usize, u16)> {
        if let Some(i) = self.best_pair(pairs) {
            return Some((i, self.digits_at(i)));
        }
        let mut best: Option<(usize, u32)> = None;
        for b in 0..3 {
            // Bit-sliced counters: `count[j]` holds bit j of each square's candidate count.
            let mut count = [0u32; 4];
            for d in 0..9 {
                let mut carry = self.cand[at(d, b)];
                for c in count.iter_mut() {
                    let next = *c & carry;
                    *c ^= carry;
                    carry = next;
                }
            }
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let n = (0..4).fold(0, |n, j| n | (count[j] >> p & 1) << j);
                if best.is_none_or(|(_, m)| n < m) {
                    best = Some((27 * b + p as usize, n));
                }
            }
        }
        best.map(|(i, _)| (i, self.digits_at(i)))
    }

    /// The square with two candidates to branch on, by [`pair_ranks`] (first in square order among
    /// the best), or `None` when no square has two candidates.
    ///
    /// Measured, not derived: against the first square with two candidates, the search trees that
    /// prove uniqueness are 40% smaller on forum hardest, 36% on magictour, 39% on Norvig's top95,
    /// half on his hardest and a quarter on 17-clue puzzles.
    fn best_pair(&self, all: &[u32; 3]) -> Option<usize> {
        let (b, pairs) = match *all {
            [0, 0, 0] => return None,
            [p, 0, 0] => (0, p),
            [0, p, 0] => (1, p),
            [0, 0, p] => (2, p),
            _ => (3, 0),
        };
        // A lone pair is the answer whatever its rank: ranking it would change nothing.
        if b < 3 && pairs & (pairs - 1) == 0 {
            return Some(27 * b + pairs.trailing_zeros() as usize);
        }
        let ranks: [[u32; RANKS]; 3] = std::array::from_fn(|b| {
            if all[b] == 0 {
                return [0; RANKS];
            }
            pair_ranks(self.band(b), self.unsolved[b])
        });
        // The best rank any band's pair holds, then the first such pair.
        let ranks = &ranks;
        let (b, squares) = (0..RANKS)
            .flat_map(|rank| (0..3).map(move |b| (b, all[b] & ranks[b][rank])))
            .find(|&(_, squares)| squares != 0)?;
        Some(27 * b + squares.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::super::masks::random::Bands;
    use super::*;

    /// [`pair_ranks`] one digit at a time, as it was before the lanes: the reference.
    fn pair_ranks_one_by_one(masks: &[u32; 9], unsolved: u32) -> [u32; RANKS] {
        let (mut triad, mut triads) = (0u32, 0u32);
        let (mut both, mut boths) = (0u32, 0u32);
        for &mask in masks {
            let m = mask & unsolved;
            let (x, y, z) = (m & TRIADS, m >> 1 & TRIADS, m >> 2 & TRIADS);
            let lone_triad = m & (((x ^ y ^ z) & !(x & y & z)) * 7);
            let (r0, r1, r2) = (m & 0x1ff, m >> 9 & 0x1ff, m >> 18);
            let lone_column = m & (((r0 ^ r1 ^ r2) & !(r0 & r1 & r2)) * 0x40201);
            let lone_both = lone_triad & lone_column;
            triads |= triad & lone_triad;
            triad |= lone_triad;
            boths |= both & lone_both;
            both |= lone_both;
        }
        [boths, both & triads, both, triads, triad, BAND]
    }

    #[test]
    fn pair_ranks_in_lanes_are_the_ranks_one_digit_at_a_time() {
        let mut random = Bands::new();
        for _ in 0..20_000 {
            let (masks, unsolved) = (random.band(), random.mask() | random.mask());
            assert_eq!(
                pair_ranks(&masks, unsolved),
                pair_ranks_one_by_one(&masks, unsolved),
                "masks {masks:x?}, unsolved {unsolved:x}"
            );
        }
        // Every digit everywhere, and digits only in the lanes' top squares.
        for masks in [[BAND; 9], [1 << 26 | 1 << 24 | 1 << 17; 9]] {
            assert_eq!(
                pair_ranks(&masks, BAND),
                pair_ranks_one_by_one(&masks, BAND)
            );
        }
    }

    /// Band 0 with two squares of two candidates: A1 holds digits 2 and 3, which have other places
    /// in A1's triad and column; C3 holds 0 and 1, each alone in C3's triad and in column 3.
    fn band_with_two_pairs() -> [u32; 9] {
        let mut masks = [0u32; 9];
        masks[0] = 1 << 20 | 1 << 3;
        masks[1] = 1 << 20 | 1 << 12;
        masks[2] = 1 | 1 << 1 | 1 << 9;
        masks[3] = 1 | 1 << 2 | 1 << 18;
        masks
    }

    #[test]
    fn pair_ranks_put_a_square_whose_digits_stand_alone_in_triad_and_column_first() {
        let ranks = pair_ranks(&band_with_two_pairs(), BAND);
        assert_ne!(
            ranks[0] & 1 << 20,
            0,
            "C3: both digits alone in triad and column"
        );
        assert_eq!(
            ranks[..5].iter().fold(0, |m, r| m | r) & 1,
            0,
            "A1 ranks last"
        );
        assert_eq!(ranks[5], BAND);
    }

    #[test]
    fn the_search_branches_on_the_best_ranked_pair_not_the_first() {
        let mut board = Board::OPEN;
        board.cand[..9].copy_from_slice(&band_with_two_pairs());
        let pairs = [1 | 1 << 20, 0, 0];
        assert_eq!(board.best_pair(&pairs), Some(20));
        let pairs = [1, 0, 0];
        assert_eq!(
            board.best_pair(&pairs),
            Some(0),
            "a lone pair is taken whatever its rank"
        );
        let pairs = [0, 0, 1 << 5];
        assert_eq!(
            board.best_pair(&pairs),
            Some(59),
            "a lone pair in the last band"
        );
        let pairs = [1 << 5, 0, 1 << 5];
        assert_eq!(
            board.best_pair(&pairs),
            Some(5),
            "two pairs in the same place of two bands are ranked"
        );
        assert_eq!(board.best_pair(&[0; 3]), None);
    }
}
