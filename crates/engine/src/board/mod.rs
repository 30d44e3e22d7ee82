//! The solver's working state: for each digit and each band of three rows, a 27-bit mask of the squares
//! where that digit may still go (the representation of the JCZSolve family of solvers).
//!
//! Placed digits stay in their digit's mask, so in every band each digit must occupy exactly one square
//! per row and one per box: a 3x3 permutation of rows onto boxes. That single fact yields hidden singles
//! in rows and boxes and locked candidates (pointing and claiming) within a band from one table lookup
//! per digit and band. Naked singles come from counting candidates per square across the nine masks.
//! A `Board` is `Copy` and 124 bytes: search copies it onto the stack, with no heap allocation, and
//! at 128 bytes or less the compiler copies it inline rather than by a call to `memcpy` (the squares
//! with two candidates, which only the next guess reads, travel beside it in [`Propagation::Stuck`]).
//!
//! # Layout
//! - `masks`: the band's geometry and the settling tables;
//! - `singles`: naked singles and column hidden singles;
//! - `triads`: locked triads, at depth 0;
//! - `branch`: where to guess.

mod branch;
mod masks;
mod singles;
mod triads;

use super::grid::Grid;
use masks::{
    at, columns, single_rows, BAND, BAND_PEERS, BOXES_OF_ROW, COLUMN_CLAIMS, DIGIT_BITS,
    PERMUTATION_MASK, SAME_DIGIT,
};

/// The squares of `band` that hold a given, as a 27-bit mask, read eight squares at a time (a fold
/// over the 27 squares compiled to about 150 instructions a band, 2% of Serg's benchmark).
fn givens(band: &[u8; 27]) -> u32 {
    let eight = |at: usize| {
        let word = band[at..at + 8].try_into().expect("eight squares");
        nonzero_bytes(u64::from_le_bytes(word))
    };
    // The last word overlaps the one before: its top three bytes are squares 24 to 26.
    eight(0) | eight(8) << 8 | eight(16) << 16 | (eight(19) >> 5) << 24
}

/// Bit `i` set for each byte `i` of `word` that is not zero.
fn nonzero_bytes(word: u64) -> u32 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // A byte's top bit: set by its own, or by the carry out of its low seven bits.
    let tops = (((word & LOW) + LOW) | word) & !LOW;
    // Multiplying gathers the eight top bits (moved to bit 0 of each byte) into the top byte, in
    // order: byte `i`'s bit lands at 56 + i, and no two partial products overlap.
    ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Why propagation stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Propagation {
    /// Every square holds a digit.
    Solved,
    /// Nothing more follows; a guess is needed. With the squares that have two candidates, per band,
    /// as the last naked-single pass found them: where [`Board::branch_square`] looks first.
    Stuck([u32; 3]),
    /// A square has no candidate or a digit has no place.
    Contradiction,
}

/// A contradiction: the board has no solution.
struct Dead;

/// Candidate masks per digit and band (index [`at`]`(digit, band)`), with the squares still unplaced.
///
/// Placing is lazy: a placement only narrows its own digit-band to the square and its line and box
/// peers gone. Settling that digit-band later sees a row with one square left, and only then takes the
/// square from the other digits and the column from the other bands, so a placement costs one AND.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    cand: [u32; 27],
    unsolved: [u32; 3],
    /// Digit-bands changed since they were last settled (bit [`at`]`(digit, band)`).
    dirty: u32,
}

impl Board {
    /// Every digit possible everywhere, nothing settled yet.
    const OPEN: Board = Board {
        cand: [BAND; 27],
        unsolved: [BAND; 3],
        dirty: (1 << 27) - 1,
    };

    /// The board with `grid`'s givens placed. Givens that clash are found by [`Board::propagate`].
    pub(crate) fn from_grid(grid: &Grid) -> Board {
        let values = grid.values();
        let mut board = Board::OPEN;
        for (b, band) in values.chunks_exact(27).enumerate() {
            let band: &[u8; 27] = band.try_into().expect("a band is 27 squares");
            let given = givens(band);
            // A given square is open only to its own digit, so it is placed already.
            for m in &mut board.cand[at(0, b)..at(9, b)] {
                *m &= !given;
            }
            board.unsolved[b] &= !given;
            let mut rest = given;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // As `narrow` without marking the digit-band: every one is marked already.
                let k = at(usize::from(band[p]) - 1, b);
                board.cand[k] = (board.cand[k] | 1 << p) & !BAND_PEERS[p];
            }
        }
        board
    }

    /// Puts digit index `d` at square `i`, which must still allow it: takes the digit from the square's
    /// peers in its band; [`Board::propagate`] does the rest.
    pub(crate) fn place(&mut self, d: usize, i: usize) {
        debug_assert!(self.allows(d, i));
        self.narrow(d, i);
    }

    /// Keeps square `i` in digit `d`'s band mask and drops its row, box and column peers there.
    #[inline(always)]
    fn narrow(&mut self, d: usize, i: usize) {
        let k = at(d, i / 27);
        self.cand[k] &= !BAND_PEERS[i % 27];
        self.dirty |= 1 << k;
    }

    /// Removes digit index `d` from square `i`'s candidates.
    pub(crate) fn remove(&mut self, d: usize, i: usize) {
        let k = at(d, i / 27);
        self.cand[k] &= !(1 << (i % 27));
        self.dirty |= 1 << k;
    }

    /// Whether digit index `d` is still possible at square `i`.
    pub(crate) fn allows(&self, d: usize, i: usize) -> bool {
        self.cand[at(d, i / 27)] >> (i % 27) & 1 == 1
    }

    /// Applies every deduction until none applies; with `triads`, locks triads too (see
    /// [`Board::lock_triads`], which costs more than it saves deep in a search).
    pub(crate) fn propagate(&mut self, triads: bool) -> Propagation {
        match self.settle(triads) {
            Ok(state) => state,
            Err(Dead) => Propagation::Contradiction,
        }
    }

    fn settle(&mut self, triads: bool) -> Result<Propagation, Dead> {
        let mut pairs = [0; 3];
        loop {
            self.settle_bands()?;
            if self.unsolved == [0; 3] {
                return Ok(Propagation::Solved);
            }
            if self.place_naked_singles(&mut pairs)? || self.place_column_singles()? {
                continue;
            }
            // Nothing changed since the naked-single pass, so its pairs are the board's.
            if !(triads && self.lock_triads()?) {
                return Ok(Propagation::Stuck(pairs));
            }
        }
    }

    /// Settles changed digit-bands until none changes.
    fn settle_bands(&mut self) -> Result<(), Dead> {
        let mut dirty = std::mem::take(&mut self.dirty);
        // In rounds: a digit-band changed again while it waits its turn in this round is settled once.
        while dirty != 0 {
            let mut round = std::mem::take(&mut dirty);
            while round != 0 {
                let k = round.trailing_zeros() as usize;
                round &= round - 1;
                dirty |= self.settle_band(k)? & !round;
            }
        }
        Ok(())
    }

    /// Digit-band `k`: keeps only squares on a row-to-box permutation; a box left with one column
    /// claims it from the other bands; a row left with one square places the digit there. Returns the
    /// other digit-bands this changed.
    #[inline(always)]
    fn settle_band(&mut self, k: usize) -> Result<u32, Dead> {
        let b = k / 9;
        let a = self.cand[k];
        // The masks keep the indices provably in range, so no bounds check is compiled.
        let occupancy = BOXES_OF_ROW[(a & 0x1ff) as usize] as usize
            | (BOXES_OF_ROW[(a >> 9 & 0x1ff) as usize] as usize) << 3
            | (BOXES_OF_ROW[(a >> 18 & 0x1ff) as usize] as usize) << 6;
        let kept = a & PERMUTATION_MASK[occupancy & 0x1ff];
        // Nearly always (88% of calls on Serg's benchmark) the permutations keep every square.
        // Going on with the mask as loaded, behind a well-predicted branch, lets the column claims'
        // lookup start without waiting for the permutation table's: that chain of dependent loads
        // was where settling spent its time. Whole files, CPU: serg 0.92-0.95x, magictour 0.95x.
        let a = if kept == a {
            a
        } else if kept == 0 {
            return Err(Dead);
        } else {
            self.cand[k] = kept;
            kept
        };
        let open = COLUMN_CLAIMS[columns(a) as usize];
        let [next, last] = SAME_DIGIT[k].map(usize::from);
        // Stored whether or not a column was claimed: a branch here depends on the puzzle and is
        // mispredicted often, where two stores of unchanged masks cost next to nothing.
        let (m, n) = (self.cand[next], self.cand[last]);
        self.cand[next] = m & open;
        self.cand[last] = n & open;
        let mut changed = u32::from(m & !open != 0) << next | u32::from(n & !open != 0) << last;
        let placed = a & single_rows(a) & self.unsolved[b];
        if placed != 0 {
            self.unsolved[b] &= !placed;
            // One bit per digit: cheaper than marking each digit-band as it is narrowed.
            let mut hit = 0u32;
            let masks = &mut self.cand[at(0, b)..at(9, b)];
            for (m, bit) in masks.iter_mut().zip(DIGIT_BITS) {
                hit |= if *m & placed != 0 { bit } else { 0 };
                *m &= !placed;
            }
            self.cand[k] = a;
            changed |= (hit << (9 * b)) & !(1 << k);
        }
        Ok(changed)
    }

    /// Band `b`'s nine digit masks.
    #[inline(always)]
    fn band(&self, b: usize) -> &[u32; 9] {
        let band: &[u32] = &self.cand[at(0, b)..at(9, b)];
        band.try_into().expect("a band has nine digit masks")
    }

    /// The candidate digit indices of square `i` as a 9-bit mask.
    pub(crate) fn digits_at(&self, i: usize) -> u16 {
        let (b, p) = (i / 27, i % 27);
        (0..9).fold(0, |m, d| m | (((self.cand[at(d, b)] >> p) & 1) as u16) << d)
    }

    /// The grid of a solved board, solved meaning each square holds one digit: the nine digit masks of
    /// a band are summed into four bit-planes of the digits' values (plane `j`: the squares whose
    /// digit has bit `j`), and each row's bits are spread to bytes by a multiplication. About 500
    /// instructions, a loop over the 27 digit-bands' rows twice that; this runs for every
    /// solution, two per puzzle that has several.
    pub(crate) fn to_grid(self) -> Grid {
        debug_assert_eq!(self.unsolved, [0; 3], "only a solved board is a grid");
        let mut values = [0u8; 81];
        for (band, m) in values.chunks_exact_mut(27).zip(self.cand.chunks_exact(9)) {
            // Digit index d is the value d + 1.
            let planes = [
                m[0] | m[2] | m[4] | m[6] | m[8],
                m[1] | m[2] | m[5] | m[6],
                m[3] | m[4] | m[5] | m[6],
                m[7] | m[8],
            ];
            for (r, row) in band.chunks_exact_mut(9).enumerate() {
                let (mut first, mut ninth) = (0u64, 0u8);
                for (j, &plane) in planes.iter().enumerate() {
                    let bits = plane >> (9 * r);
                    first |= spread_to_bytes(bits & 0xff) << j;
                    ninth |= ((bits >> 8 & 1) as u8) << j;
                }
                row[..8].copy_from_slice(&first.to_le_bytes());
                row[8] = ninth;
            }
        }
        Grid::from_cells(&values)
    }
}

/// Byte `i` of the result is bit `i` of the 8-bit `x`: the byte copied into all eight, bit `i` kept
/// in byte `i`, and any bit there carried into the byte's top bit by adding 0x7f.
#[inline(always)]
fn spread_to_bytes(x: u32) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let kept = (u64::from(x) * ONES) & 0x8040_2010_0804_0201;
    ((kept + 0x7f * ONES) >> 7) & ONES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_removes_the_digit_from_all_twenty_peers_once_propagated() {
        let mut board = Board::OPEN;
        board.place(4, 40); // 5 at E5
        assert!(matches!(board.propagate(true), Propagation::Stuck(_)));
        for i in 0..81 {
            let (r, c) = (i / 9, i % 9);
            let peer = i != 40 && (r == 4 || c == 4 || (r / 3 == 1 && c / 3 == 1));
            assert_eq!(board.allows(4, i), !peer, "square {i}");
        }
        assert_eq!(board.digits_at(40), 1 << 4);
    }

    #[test]
    fn a_board_is_small_enough_to_be_copied_inline() {
        // Past 128 bytes each guess's copy became a call to `memcpy` (1% of serg's instructions).
        assert!(std::mem::size_of::<Board>() <= 128);
    }

    #[test]
    fn spreading_bits_to_bytes_keeps_each_bit_in_its_own_byte() {
        for x in 0..256u32 {
            let bytes = spread_to_bytes(x).to_le_bytes();
            for (i, &b) in bytes.iter().enumerate() {
                assert_eq!(u32::from(b), x >> i & 1, "x = {x:#x}, byte {i}");
            }
        }
    }

    #[test]
    fn the_givens_of_a_band_are_the_squares_that_are_not_empty() {
        // Every byte value in every square, against the definition one square at a time.
        let mut rng = crate::rng::Rng::seeded(27);
        for _ in 0..20_000 {
            let mut band = [0u8; 27];
            for v in &mut band {
                // Half the squares empty, the rest any byte at all.
                *v = if rng.below(2) == 0 {
                    0
                } else {
                    rng.below(256) as u8
                };
            }
            let expected = (0..27).fold(0, |m, p| m | u32::from(band[p] != 0) << p);
            assert_eq!(givens(&band), expected, "{band:?}");
        }
        for value in 0..=255u8 {
            for p in 0..27 {
                let mut band = [0u8; 27];
                band[p] = value;
                assert_eq!(givens(&band), u32::from(value != 0) << p, "{value} at {p}");
            }
        }
    }

    #[test]
    fn a_solved_board_reads_back_as_the_grid_it_came_from() {
        let solution: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        let mut board = Board::from_grid(&solution);
        assert_eq!(board.propagate(false), Propagation::Solved);
        assert_eq!(board.to_grid(), solution);
    }

    #[test]
    fn givens_of_one_digit_in_one_column_are_a_contradiction() {
        let mut values = [0u8; 81];
        values[0] = 3;
        values[27] = 3;
        let mut board = Board::from_grid(&Grid::from_cells(&values));
        assert_eq!(board.propagate(true), Propagation::Contradiction);
    }
}
