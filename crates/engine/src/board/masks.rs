//! The band representation's geometry: masks of a band's rows, boxes and columns, and the tables
//! that settling a digit-band looks up (row-to-box permutations, column claims, peers).

/// The 27 squares of a band.
pub(super) const BAND: u32 = 0x7ff_ffff;

/// Mask of row `r` (0..3) within a band.
pub(super) const fn row_mask(r: usize) -> u32 {
    0x1ff << (9 * r)
}

/// Mask of box `k` (0..3) within a band.
pub(super) const fn box_mask(k: usize) -> u32 {
    (0x7 << (3 * k)) * (1 | 1 << 9 | 1 << 18)
}

/// Mask of column `c` (0..9) within a band.
pub(super) const fn col_mask(c: usize) -> u32 {
    (1 << c) * (1 | 1 << 9 | 1 << 18)
}

/// For each 9-bit row, which of its three boxes hold a candidate (3 bits).
pub(super) static BOXES_OF_ROW: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] =
            ((x & 0x7 != 0) as u8) | ((x & 0x38 != 0) as u8) << 1 | ((x & 0x1c0 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// For a 3x3 occupancy (bit `3i + j`: row `i` may use box `j`), the cells lying on some permutation
/// of rows onto boxes that it allows; 0 when none does.
pub(super) const fn permutation_cells(occ: usize) -> u16 {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut allowed = 0;
    let mut p = 0;
    while p < 6 {
        let perm = PERMS[p];
        let cells = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
        if occ & cells == cells {
            allowed |= cells;
        }
        p += 1;
    }
    allowed as u16
}

/// [`permutation_cells`] for rows against boxes in a band (bit `3r + k`: row `r` has a candidate in
/// box `k`), spread to the band's squares.
pub(super) static PERMUTATION_MASK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let cells = permutation_cells(occ);
        let mut cell = 0;
        while cell < 9 {
            if cells >> cell & 1 == 1 {
                t[occ] |= row_mask(cell / 3) & box_mask(cell % 3);
            }
            cell += 1;
        }
        occ += 1;
    }
    t
};

/// For each position in a band, the other squares of its row, box and column within that band.
pub(super) static BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (row_mask(p / 9) | box_mask(p % 9 / 3) | col_mask(p % 9)) & !(1 << p);
        p += 1;
    }
    t
};

/// For each 9-bit set of columns a digit may use in one band, the squares of the other two bands it
/// leaves open: a box with a single column left claims that column for this band.
pub(super) static COLUMN_CLAIMS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0usize;
    while cols < 512 {
        let mut open = BAND;
        let mut k = 0;
        while k < 3 {
            let in_box = (cols >> (3 * k) & 7) as u32;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                open &= !col_mask(3 * k + in_box.trailing_zeros() as usize);
            }
            k += 1;
        }
        t[cols] = open;
        cols += 1;
    }
    t
};

/// The columns (9 bits) where band mask `m` has a square.
#[inline(always)]
pub(super) fn columns(m: u32) -> u32 {
    (m | m >> 9 | m >> 18) & 0x1ff
}

/// The rows of band mask `a` (no row empty) that hold a single square, as a mask of whole rows.
#[inline(always)]
pub(super) fn single_rows(a: u32) -> u32 {
    // Subtracting 1 from each 9-bit row borrows within the row only, as no row is empty: a row with
    // one square left has no bits in `a & (a - 1)`.
    let crowded = a & a.wrapping_sub(0x40201);
    // Per row, set its top bit when any bit of the row is set, without carrying into the next row.
    const LOW: u32 = 0xff * 0x40201;
    const TOP: u32 = 0x100 * 0x40201;
    let any = (((crowded & LOW) + LOW) | crowded) & TOP;
    ((TOP ^ any) >> 8) * 0x1ff
}

/// The index of digit index `d`'s mask in band `b`: band-major, so a band's nine masks are adjacent
/// and the passes over them (naked singles, taking a placed square from the other digits) vectorise.
pub(super) const fn at(d: usize, b: usize) -> usize {
    9 * b + d
}

/// For each digit-band, the same digit's other two digit-bands.
pub(super) static SAME_DIGIT: [[u8; 2]; 27] = {
    let mut t = [[0u8; 2]; 27];
    let mut k = 0;
    while k < 27 {
        let d = k % 9;
        t[k] = match k / 9 {
            0 => [at(d, 1) as u8, at(d, 2) as u8],
            1 => [at(d, 0) as u8, at(d, 2) as u8],
            _ => [at(d, 0) as u8, at(d, 1) as u8],
        };
        k += 1;
    }
    t
};

/// The starting square of each row-box triad (three squares of a row within a box) of a band.
pub(super) const TRIADS: u32 = 0x124_9249;

/// Two 32-bit lanes of a `u64`: a constant times this is the constant in both.
pub(super) const LANES: u64 = 1 | 1 << 32;

/// A band's nine digit masks two to a `u64` (digit indices 0 and 1 in the first, 2 and 3 in the
/// next, and so on, the ninth alone), so that the passes that combine each digit's mask with
/// shifts, masks and ORs only (naked singles, the pair ranking) do two digits per instruction.
/// A digit's bits stay within its own 27-bit lane under those operations, as their comments show.
#[inline(always)]
pub(super) fn digit_pairs(masks: &[u32; 9]) -> [u64; 5] {
    let pair = |d: usize| u64::from(masks[d]) | u64::from(masks[d + 1]) << 32;
    [pair(0), pair(2), pair(4), pair(6), u64::from(masks[8])]
}

/// The low and high lanes of `x`.
#[inline(always)]
pub(super) fn lanes(x: u64) -> (u32, u32) {
    (x as u32, (x >> 32) as u32)
}

/// Bit `d` for digit index `d`.
pub(super) const DIGIT_BITS: [u32; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/// Random band masks for the tests that compare a pass with its straightforward version.
#[cfg(test)]
pub(super) mod random {
    use super::BAND;

    /// A xorshift generator: the same bands in every run, with no crate for it.
    pub(in super::super) struct Bands(u64);

    impl Bands {
        pub(in super::super) fn new() -> Bands {
            Bands(0x9e37_79b9_7f4a_7c15)
        }

        fn next(&mut self) -> u32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 16) as u32 & BAND
        }

        /// A band mask with about `1 / 2^k` of its squares, k from 0 to 3: boards from open to
        /// nearly placed.
        pub(in super::super) fn mask(&mut self) -> u32 {
            let k = self.next() % 4;
            (0..k).fold(self.next(), |m, _| m & self.next())
        }

        /// Nine digit masks.
        pub(in super::super) fn band(&mut self) -> [u32; 9] {
            std::array::from_fn(|_| self.mask())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_pairs_put_two_digits_in_each_u64_and_the_ninth_alone() {
        let masks: [u32; 9] = std::array::from_fn(|d| (d as u32 + 1) * 0x10_0001);
        let pairs = digit_pairs(&masks);
        for d in 0..9 {
            let (low, high) = lanes(pairs[d / 2]);
            assert_eq!(
                if d % 2 == 0 { low } else { high },
                masks[d],
                "digit index {d}"
            );
        }
        assert_eq!(lanes(pairs[4]).1, 0);
    }

    #[test]
    fn permutation_mask_keeps_only_squares_on_a_row_to_box_matching() {
        // Row 0 only in box 0 forces rows 1 and 2 out of box 0.
        let occupancy = 0b111_111_001;
        let allowed = PERMUTATION_MASK[occupancy];
        assert_eq!(allowed & row_mask(1) & box_mask(0), 0);
        assert_eq!(allowed & row_mask(0), row_mask(0) & box_mask(0));
        assert_eq!(
            PERMUTATION_MASK[0b001_001_001], 0,
            "three rows cannot share one box"
        );
        assert_eq!(PERMUTATION_MASK[0b111_111_111], BAND);
    }

    #[test]
    fn single_rows_are_the_rows_with_exactly_one_square() {
        assert_eq!(single_rows(1 | 1 << 9 | 1 << 18), BAND);
        assert_eq!(single_rows(0b11 | 1 << 17 | 0b101 << 18), row_mask(1));
        assert_eq!(
            single_rows(0x100 | 0x180 << 9 | 1 << 26),
            row_mask(0) | row_mask(2)
        );
    }

    #[test]
    fn a_box_with_one_column_left_claims_it_from_the_other_bands() {
        let claims = COLUMN_CLAIMS[0b111_111_010];
        assert_eq!(claims, BAND & !col_mask(1));
        assert_eq!(COLUMN_CLAIMS[0o777], BAND);
    }
}
