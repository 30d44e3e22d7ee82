//! Singles: squares with one candidate left (naked singles) and digits with one square left in a
//! column (hidden singles the bands' own settling does not see).

use super::masks::{at, col_mask, digit_pairs, lanes};
use super::{Board, Dead};

/// The squares with two candidates or more, and with three or more, among a band's nine digit
/// masks: bit-sliced counters, two digits at a time in the lanes of [`digit_pairs`] (ANDs and ORs
/// keep each lane's bits in it), then the two lanes' counts added.
#[inline(always)]
fn counts(masks: &[u32; 9]) -> (u32, u32) {
    let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
    for m in digit_pairs(masks) {
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    let ((once, once_high), (twice, twice_high)) = (lanes(once), lanes(twice));
    let (thrice, thrice_high) = lanes(thrice);
    (
        twice | twice_high | (once & once_high),
        thrice | thrice_high | (twice & once_high) | (once & twice_high),
    )
}

impl Board {
    /// Places every square with one candidate left; whether any was. Writes each band's squares
    /// with two candidates to `pairs`.
    // Indexed by band: `pairs.iter_mut().enumerate()` compiled to 2M more instructions (0.8%) on
    // serg's file (callgrind, `sudoku solve -j 1`).
    #[allow(clippy::needless_range_loop)]
    pub(super) fn place_naked_singles(&mut self, pairs: &mut [u32; 3]) -> Result<bool, Dead> {
        let mut placed = false;
        for b in 0..3 {
            // A band with every square placed has no single and no pair left, and no empty square.
            if self.unsolved[b] == 0 {
                pairs[b] = 0;
                continue;
            }
            let (twice, thrice) = counts(self.band(b));
            pairs[b] = twice & !thrice;
            // Placed squares keep their digit, so an empty square is among these, and finds no digit.
            let mut singles = self.unsolved[b] & !twice;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken the digit from this square.
                let d = (0..9)
                    .find(|&d| self.cand[at(d, b)] >> p & 1 == 1)
                    .ok_or(Dead)?;
                self.narrow(d, 27 * b + p);
                // No other digit holds the square, so it is placed already: settling its digit-band
                // has no square to take from the other digits.
                self.unsolved[b] &= !(1 << p);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Places hidden singles in columns: a digit with one candidate left in a column, on a square not
    /// yet placed. Whether any was. Written as passes over the nine digits at once, band by band, which
    /// the compiler vectorises: the usual answer is "none".
    ///
    /// Only squares not yet placed are counted: once the bands are settled, a column holding a placed
    /// digit has no other candidate for it. A column with no candidate left for a digit is not looked
    /// for here: it costs more than the nodes it saves, and the band and naked-single checks find the
    /// contradiction a few placements later.
    pub(super) fn place_column_singles(&mut self) -> Result<bool, Dead> {
        // Per digit: the columns with an open square in some row so far, and in two or more rows.
        let (mut once, mut twice) = ([0u32; 9], [0u32; 9]);
        for (masks, unsolved) in self.cand.chunks_exact(9).zip(self.unsolved) {
            for d in 0..9 {
                let m = masks[d] & unsolved;
                let [r0, r1, r2] = [m & 0x1ff, m >> 9 & 0x1ff, m >> 18 & 0x1ff];
                twice[d] |= (once[d] & (r0 | r1)) | (r0 & r1) | ((once[d] | r0 | r1) & r2);
                once[d] |= r0 | r1 | r2;
            }
        }
        let mut any = 0;
        let mut singles = [0u32; 9];
        for d in 0..9 {
            singles[d] = once[d] & !twice[d];
            any |= singles[d];
        }
        if any == 0 {
            return Ok(false);
        }
        for (d, &found) in singles.iter().enumerate() {
            let mut found = found;
            while found != 0 {
                let c = found.trailing_zeros() as usize;
                found &= found - 1;
                // An earlier single of the digit, in the same row or box, may have taken the square.
                let (b, square) = (0..3)
                    .map(|b| (b, self.cand[at(d, b)] & col_mask(c)))
                    .find(|&(_, square)| square != 0)
                    .ok_or(Dead)?;
                self.narrow(d, 27 * b + square.trailing_zeros() as usize);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::masks::random::Bands;
    use super::*;

    #[test]
    fn counts_in_lanes_are_the_squares_with_two_and_three_candidates() {
        let mut random = Bands::new();
        for _ in 0..20_000 {
            let masks = random.band();
            let count = |p: usize| masks.iter().filter(|&&m| m >> p & 1 == 1).count();
            let at_least = |n: usize| (0..27).fold(0, |s, p| s | u32::from(count(p) >= n) << p);
            assert_eq!(counts(&masks), (at_least(2), at_least(3)), "{masks:x?}");
        }
    }

    #[test]
    fn a_square_with_no_candidate_left_is_a_contradiction_for_the_naked_single_pass() {
        let mut board = Board::OPEN;
        for d in 0..9 {
            board.remove(d, 0);
        }
        assert!(board.place_naked_singles(&mut [0; 3]).is_err());
    }

    #[test]
    fn a_placed_digit_is_not_a_column_single_of_its_own_column() {
        // 5 at E5 is the only 5 left in column 5, but it is placed already: nothing new to place.
        let mut board = Board::OPEN;
        board.place(4, 40);
        assert!(board.settle_bands().is_ok());
        assert!(matches!(board.place_column_singles(), Ok(false)));
    }

    #[test]
    fn a_digit_left_in_one_square_of_a_column_goes_there() {
        // Digit index 0 only at A1 in column 1: a column single places it although no row or box forces it.
        let mut board = Board::OPEN;
        for r in 1..9 {
            board.remove(0, r * 9);
        }
        assert!(board.settle_bands().is_ok());
        assert!(matches!(board.place_column_singles(), Ok(true)));
        assert!(board.settle_bands().is_ok());
        assert_eq!(board.digits_at(0), 1);
        assert!(!board.allows(0, 1));
    }
}
